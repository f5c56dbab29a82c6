"""Atomic file output: a file is either written whole or left as it was."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

__all__ = ["atomic_path", "atomic_savefig", "atomic_write_text"]


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike, suffix: str = "") -> Iterator[Path]:
    """Yield a temporary path beside ``path``; move it onto ``path`` on success.

    On any exception the temporary file is removed and ``path`` is left
    untouched, so nothing already written is lost or half-written.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> with atomic_path(d / "out.txt") as tmp:
    ...     _ = tmp.write_text("done")
    >>> (d / "out.txt").read_text()
    'done'
    """
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    if not directory.is_dir():
        raise FileNotFoundError(f"the folder of {str(target)!r} does not exist")
    fd, tmp = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=suffix or target.suffix, dir=directory
    )
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        os.replace(tmp_path, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp_path.unlink()
        raise


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    r"""Write ``text`` to ``path`` atomically (UTF-8).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "a.md"
    >>> atomic_write_text(p, "# ledger\\n")
    >>> p.read_text()
    '# ledger\\n'
    """
    with atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8")


def atomic_savefig(fig: Any, path: str | os.PathLike, **kwargs: Any) -> None:
    """Save a matplotlib figure atomically; the format comes from the suffix.

    Raises
    ------
    ValueError
        If matplotlib does not know the file's suffix (checked before
        anything is written).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt, tempfile, pathlib
    >>> fig, ax = plt.subplots()
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "f.png"
    >>> atomic_savefig(fig, p)
    >>> p.stat().st_size > 0
    True
    """
    fmt = Path(path).suffix.lstrip(".").lower()
    supported = fig.canvas.get_supported_filetypes()
    if fmt not in supported:
        raise ValueError(
            f"plot file must end in one of {', '.join('.' + k for k in sorted(supported))}, "
            f"got {str(path)!r}"
        )
    with atomic_path(path) as tmp:
        fig.savefig(tmp, format=fmt, **kwargs)


def write_atomically(path: str | os.PathLike, writer: Callable[[Path], Any]) -> None:
    """Call ``writer(tmp_path)`` and move the result onto ``path`` atomically."""
    with atomic_path(path) as tmp:
        writer(tmp)
