"""File output, written once for every command: a file is written whole or not at all.

:func:`check_output` looks at a target before any work is done and sorts it
into one of three kinds (:class:`OutputTarget`):

``"file"``
    A regular file, new or existing, also reached through a symbolic link
    (the link is followed and stays a link). It is written to a hidden
    temporary file in the same folder (``.NAME.XXXXXXXX.SUFFIX``) that is
    renamed over the target at the end. An existing file keeps its mode (and
    its owner and group where the user may set them); a new file gets
    ``0666 & ~umask``, as a shell redirection would give it.
``"device"``
    A FIFO or a character device (``/dev/null``, a terminal): written into,
    never replaced; text directly, other output once it is complete.
``"stdout"``
    ``-``: standard output, written the same way.

It refuses, before any work, a path that ends in ``/``, a folder, a block
device or socket, a file that cannot be written, a missing folder.

The temporary file is removed on every way out: an exception, ``SIGINT``
(``KeyboardInterrupt``), ``SIGTERM`` and ``SIGHUP`` (turned into
:class:`Terminated` while a temporary file exists, when the signal has its
default disposition and this is the main thread), a full disk, and a
file-size limit (``ulimit -f``: ``SIGXFSZ`` is ignored meanwhile, so the
write fails with ``EFBIG`` instead of killing the process). Only ``SIGKILL``
can leave it behind.

:func:`ensure_kernel_cache` lets numba's compiled kernels run when numba
cannot write its cache beside the package or in the user's cache folder.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import os
import shutil
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

__all__ = [
    "OutputTarget",
    "Terminated",
    "atomic_path",
    "atomic_savefig",
    "atomic_write_text",
    "check_output",
    "ensure_kernel_cache",
    "figure_format",
    "import_compiled",
    "refuse_planted_link",
]

class Terminated(SystemExit):
    """``SIGTERM`` or ``SIGHUP`` arrived while a temporary output file existed.

    Raised from the signal handler that :func:`atomic_path` installs, so
    that the temporary file is removed on the way out. A subclass of
    :class:`SystemExit` with the shell's code ``128 + signal number``: left
    uncaught, the interpreter exits quietly with that code.

    Examples
    --------
    >>> exc = Terminated(signal.SIGTERM)
    >>> exc.code, str(exc)
    (143, 'terminated by SIGTERM')
    """

    def __init__(self, signum: int) -> None:
        super().__init__(128 + int(signum))
        self.signum = int(signum)

    def __str__(self) -> str:
        return f"terminated by {signal.Signals(self.signum).name}"


@dataclasses.dataclass(frozen=True)
class OutputTarget:
    """Where an output goes, as :func:`check_output` found it.

    Attributes
    ----------
    given : str
        The path as given (``"-"`` for standard output).
    kind : {"file", "device", "stdout"}
        A regular file (new or existing), a FIFO or character device, or
        standard output.
    path : Path or None
        The path written to, symbolic links resolved; None for ``"stdout"``.

    Examples
    --------
    >>> check_output("-")
    OutputTarget(given='-', kind='stdout', path=None)
    """

    given: str
    kind: str
    path: Path | None = None


def check_output(path: str | os.PathLike) -> OutputTarget:
    """Check an output path before any work; say what kind of target it is.

    Parameters
    ----------
    path : str or path-like
        A file name, or ``"-"`` for standard output.

    Returns
    -------
    OutputTarget

    Raises
    ------
    OSError
        ``IsADirectoryError`` for a folder or a path ending in ``/``,
        ``FileNotFoundError`` when the folder does not exist,
        ``PermissionError`` when the file or its folder cannot be written,
        ``OSError`` for a block device, a socket or a symbolic-link loop.
        The error's ``filename`` is the path as given and its ``strerror``
        says why.
    ValueError
        For an empty path.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> check_output(d / "new.txt").kind, check_output("/dev/null").kind
    ('file', 'device')
    >>> try:
    ...     check_output(d)
    ... except IsADirectoryError as exc:
    ...     print(exc.strerror)
    it is a folder, not a file
    """
    given = os.fspath(path)
    if isinstance(given, bytes):
        given = os.fsdecode(given)
    if given == "":
        raise ValueError("the output path is empty: give a file name, or - for standard output")
    if given == "-":
        return OutputTarget(given, "stdout")
    if given.endswith(("/", os.sep)):
        raise IsADirectoryError(errno.EISDIR, "it ends in '/', a folder, not a file", given)
    refuse_planted_link(given)
    real = Path(os.path.realpath(given))
    try:
        st = os.stat(real)
    except FileNotFoundError:
        return _check_new(real, given)
    except OSError as exc:  # a loop of links, a component that is not a folder, ...
        raise OSError(exc.errno or errno.EINVAL, exc.strerror or str(exc), given) from None
    mode = st.st_mode
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "it is a folder, not a file", given)
    if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):
        kind = "device"
    elif stat.S_ISREG(mode):
        kind = "file"
        _check_folder(real.parent, given)
    else:
        raise OSError(errno.EINVAL, "it is a block device or a socket, not a file to write", given)
    if not os.access(real, os.W_OK):
        raise PermissionError(errno.EACCES, "permission denied (the file is not writable)", given)
    return OutputTarget(given, kind, real)


def refuse_planted_link(given: str) -> None:
    """Refuse a path through a link another user planted in a sticky world-writable folder.

    The kernel's ``fs.protected_symlinks`` rule, applied before the path is
    resolved in Python (which would bypass it): a symbolic link in a folder
    that is sticky and world-writable (``/tmp``) is followed only when the
    writing user owns the link, or the folder's owner does.

    Raises
    ------
    PermissionError
        Naming the link and its owner.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> (d / "link").symlink_to(d / "file")
    >>> refuse_planted_link(str(d / "link"))  # my own link: followed
    """
    cur = Path(os.path.abspath(given))
    parts = cur.parts
    cur = Path(parts[0])
    me = os.geteuid() if hasattr(os, "geteuid") else None
    for part in parts[1:]:
        nxt = cur / part
        try:
            st = os.lstat(nxt)
        except OSError:
            return  # does not exist (yet): nothing to follow
        if stat.S_ISLNK(st.st_mode):
            try:
                folder = os.stat(cur)
            except OSError:
                return
            sticky_public = folder.st_mode & stat.S_ISVTX and folder.st_mode & stat.S_IWOTH
            if sticky_public and me is not None and st.st_uid not in (me, folder.st_uid):
                raise PermissionError(
                    errno.EACCES, f"refusing to follow the symbolic link {str(nxt)!r}: it "
                    f"belongs to another user (uid {st.st_uid}) in a sticky, world-writable "
                    "folder (the kernel's protected_symlinks rule)", given)
            nxt = Path(os.path.realpath(nxt))
        cur = nxt


def _check_new(real: Path, given: str) -> OutputTarget:
    folder = real.parent
    if not folder.is_dir():
        raise FileNotFoundError(errno.ENOENT, "its folder does not exist", given)
    _check_folder(folder, given)
    return OutputTarget(given, "file", real)


def _check_folder(folder: Path, given: str) -> None:
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PermissionError(
            errno.EACCES, f"permission denied (cannot create a file in {str(folder)!r})", given
        )


# --------------------------------------------------------------------------
# signals: remove the temporary file on SIGTERM / SIGHUP, fail on EFBIG
# --------------------------------------------------------------------------
_TERMINATING = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)


def _raise_terminated(signum: int, frame: Any) -> None:
    raise Terminated(signum)


@contextlib.contextmanager
def _signals_for_cleanup() -> Iterator[None]:
    """Turn SIGTERM/SIGHUP into :class:`Terminated`, ignore SIGXFSZ; restore after.

    Only signals left at their default disposition are touched (a handler
    the program installed itself is respected), and only in the main thread
    (where Python runs signal handlers). The handlers are restored with the
    signals blocked, so a signal that arrives during the clean-up is handled
    afterwards by the restored disposition.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    saved: dict[int, Any] = {}
    for sig in _TERMINATING:
        if signal.getsignal(sig) == signal.SIG_DFL:
            saved[sig] = signal.signal(sig, _raise_terminated)
    xfsz = getattr(signal, "SIGXFSZ", None)
    if xfsz is not None and signal.getsignal(xfsz) == signal.SIG_DFL:
        saved[xfsz] = signal.signal(xfsz, signal.SIG_IGN)
    try:
        yield
    finally:
        with _blocked(saved):
            for sig, handler in saved.items():
                signal.signal(sig, handler)


@contextlib.contextmanager
def _blocked(signals: Any) -> Iterator[None]:
    sigs = set(signals)
    if not sigs or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, sigs)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _size_limit() -> int | None:
    """Return the soft file-size limit (``ulimit -f``) in bytes, or None."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not POSIX
        return None
    soft = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
    return None if soft == resource.RLIM_INFINITY else soft


def _write_error(exc: BaseException, tmp: Path, target: OutputTarget) -> OSError | None:
    """Return an OSError naming the target for a failed write, or None to re-raise ``exc``."""
    if not isinstance(exc, Exception):
        return None
    limit = _size_limit()
    try:
        size = tmp.stat().st_size
    except OSError:
        size = -1
    if limit is not None and size >= limit:
        return OSError(errno.EFBIG, f"file too large (the file-size limit, ulimit -f, is {limit} "
                       "bytes)", target.given)
    if isinstance(exc, OSError) and exc.errno is not None and exc.filename in (None, str(tmp)):
        return OSError(exc.errno, os.strerror(exc.errno), target.given)
    return None


# --------------------------------------------------------------------------
# the writer
# --------------------------------------------------------------------------
def _umask() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)  # pragma: no cover - systems without /proc
    os.umask(mask)  # pragma: no cover
    return mask  # pragma: no cover


def _take_over(tmp: Path, real: Path) -> None:
    """Give ``tmp`` the mode (and owner) of ``real`` if it exists, else the umask's."""
    try:
        st = os.stat(real)
    except FileNotFoundError:
        os.chmod(tmp, 0o666 & ~_umask())
        return
    if (st.st_uid, st.st_gid) != (os.getuid(), os.getgid()):
        with contextlib.suppress(OSError):  # only root may give a file away
            os.chown(tmp, st.st_uid, st.st_gid)
    os.chmod(tmp, stat.S_IMODE(st.st_mode))


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike, suffix: str = "") -> Iterator[Path]:
    """Yield a path to write to; on success the output appears at ``path`` whole.

    For a regular file the path yielded is a hidden temporary file in the
    target's folder, renamed over the target on success (see the module
    docstring for modes, links and signals). For a FIFO, a character device
    or ``"-"`` it is a temporary file in the system's temporary folder whose
    bytes are copied into the device, the FIFO or standard output on
    success (so writers that seek work too, and a reader gets all or
    nothing).

    On any exception the temporary file is removed and ``path`` is left as
    it was, so nothing already written is lost or half-written.

    Parameters
    ----------
    path : str or path-like
        The target (checked first with :func:`check_output`).
    suffix : str
        Suffix of the temporary file (default: the target's), for writers
        that choose a format by the name.

    Raises
    ------
    OSError
        The target cannot be written (from :func:`check_output`), or the
        write failed: the error names the target, and says so when the
        file-size limit was reached.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> with atomic_path(d / "out.txt") as tmp:
    ...     _ = tmp.write_text("done")
    >>> (d / "out.txt").read_text(), [p.name for p in d.iterdir()]
    ('done', ['out.txt'])
    """
    target = check_output(path)
    real = target.path if target.kind == "file" else None
    folder = tempfile.gettempdir() if real is None else real.parent
    name = Path(target.given).name if target.kind == "device" else real.name if real else "stdout"
    end = suffix or Path(name).suffix
    with _signals_for_cleanup():
        tmp: Path | None = None
        try:
            with _blocked(_TERMINATING):  # no signal between creating and knowing it
                fd, tmp_name = tempfile.mkstemp(prefix=f".{name}.", suffix=end, dir=folder)
                os.close(fd)
                tmp = Path(tmp_name)
            yield tmp
            if real is None:
                _copy_out(tmp, target)
                tmp.unlink()
            else:
                _take_over(tmp, real)
                os.replace(tmp, real)
        except BaseException as exc:
            if tmp is None:
                raise
            better = _write_error(exc, tmp, target)
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
            if better is not None:
                raise better from exc
            raise


def _copy_out(tmp: Path, target: OutputTarget) -> None:
    """Copy a finished temporary file into a device, a FIFO or standard output."""
    with open(tmp, "rb") as src:
        if target.kind == "device":
            with open(target.path, "wb") as out:  # type: ignore[arg-type]
                shutil.copyfileobj(src, out)
            return
        sys.stdout.flush()
        out = getattr(sys.stdout, "buffer", None)
        if out is None:  # a text-only stream (a test's capture)
            sys.stdout.write(src.read().decode("utf-8", "replace"))
        else:
            shutil.copyfileobj(src, out)
            out.flush()


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    r"""Write ``text`` to ``path`` atomically (UTF-8); ``"-"`` writes to standard output.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "a.md"
    >>> atomic_write_text(p, "# ledger\\n")
    >>> p.read_text()
    '# ledger\\n'
    """
    target = check_output(path)
    if target.kind == "stdout":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    if target.kind == "device":
        with open(target.path, "w", encoding="utf-8") as f:  # type: ignore[arg-type]
            f.write(text)
        return
    with atomic_path(path) as tmp, open(tmp, "w", encoding="utf-8") as f:
        f.write(text)


def atomic_savefig(fig: Any, path: str | os.PathLike, **kwargs: Any) -> None:
    """Save a matplotlib figure atomically; the format comes from the suffix.

    A FIFO or character device without a suffix, and ``"-"`` (standard
    output), get ``kwargs["format"]`` or matplotlib's default format
    (``rcParams["savefig.format"]``, PNG).

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
    target = check_output(path)
    fmt = figure_format(target, fig.canvas.get_supported_filetypes(), kwargs.pop("format", None))
    with atomic_path(path, suffix="." + fmt) as tmp:
        fig.savefig(tmp, format=fmt, **kwargs)


def figure_format(target: OutputTarget, supported: Any, fmt: str | None = None) -> str:
    """Choose the figure format for ``target``: ``fmt``, else its suffix.

    Examples
    --------
    >>> figure_format(check_output("/dev/null"), {"png": "", "pdf": ""})
    'png'
    >>> figure_format(check_output("a.xyz"), {"png": "", "pdf": ""})
    Traceback (most recent call last):
    ...
    ValueError: plot file must end in one of .pdf, .png, got 'a.xyz'
    """
    if fmt is None:
        fmt = "" if target.kind == "stdout" else Path(target.given).suffix.lstrip(".").lower()
        if not fmt and target.kind != "file":
            import matplotlib

            fmt = str(matplotlib.rcParams["savefig.format"])
    if fmt not in supported:
        raise ValueError(
            f"plot file must end in one of {', '.join('.' + k for k in sorted(supported))}, "
            f"got {target.given!r}"
        )
    return fmt


# --------------------------------------------------------------------------
# numba's cache
# --------------------------------------------------------------------------
_KERNELS = "aimdmodel.engines._compiled"


def import_compiled(module: str) -> Any:
    """Import a module of ``cache=True`` numba functions, moving the cache if need be.

    :func:`ensure_kernel_cache` for ``module``; a moved cache is said once,
    as a ``RuntimeWarning``. For the queue and fluid models, whose compiled
    functions are imported with the model.

    Examples
    --------
    >>> import_compiled("aimdmodel.fluid._kernel").__name__
    'aimdmodel.fluid._kernel'
    """
    import warnings

    moved = ensure_kernel_cache(module)
    if moved:
        warnings.warn(moved, RuntimeWarning, stacklevel=3)
    return sys.modules[module]


def ensure_kernel_cache(module: str = _KERNELS) -> str | None:
    """Make compiled kernels importable when numba cannot write its cache.

    numba compiles the kernels with ``cache=True`` and refuses to define
    them (``RuntimeError: cannot cache function ...``) when neither the
    package's ``__pycache__``, ``NUMBA_CACHE_DIR`` nor the user's cache
    folder is writable. This imports the kernels once; when numba refuses,
    it points numba's cache (and ``NUMBA_CACHE_DIR``, for worker processes)
    to a private folder under the temporary directory and imports them
    again.

    Parameters
    ----------
    module : str
        The module of compiled functions (default: the synchronous model's
        kernels; the queue and fluid models pass theirs).

    Returns
    -------
    str or None
        None when the kernels import as they are; else one line saying
        where the cache went (for the caller to show as a warning).

    Raises
    ------
    RuntimeError
        When the kernels cannot be imported even then.

    Examples
    --------
    >>> ensure_kernel_cache() is None  # a writable cache: nothing to do
    True
    """
    import importlib

    if module in sys.modules:
        return None
    try:
        importlib.import_module(module)
        return None
    except RuntimeError as exc:
        if "cannot cache function" not in str(exc):
            raise
    import numba.core.config

    folder = _private_cache_folder()
    numba.core.config.CACHE_DIR = folder
    os.environ["NUMBA_CACHE_DIR"] = folder
    sys.modules.pop(module, None)
    importlib.import_module(module)
    return (
        "numba cannot write its cache beside the package or in the user's cache folder "
        f"(read-only); the compiled kernels are cached in {folder} instead"
    )


def _private_cache_folder() -> str:
    """Return a folder only this user can write, reused across runs when it is safe."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    folder = os.path.join(tempfile.gettempdir(), f"aimdmodel-numba-cache-{uid}")
    with contextlib.suppress(FileExistsError):
        os.mkdir(folder, 0o700)
    try:
        st = os.lstat(folder)
        safe = (
            stat.S_ISDIR(st.st_mode)
            and st.st_uid == uid
            and stat.S_IMODE(st.st_mode) & 0o077 == 0
            and os.access(folder, os.W_OK | os.X_OK)
        )
    except OSError:
        safe = False
    return folder if safe else tempfile.mkdtemp(prefix="aimdmodel-numba-cache-")
