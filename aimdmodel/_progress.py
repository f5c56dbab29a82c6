"""Long work says so on standard error: a note when numba compiles, progress bars.

Two things keep the command line from going silent for minutes:

- :func:`compile_notes` listens to numba's ``numba:compile`` events (fired
  only when a compiled function is *not* found in the on-disk cache). The
  first time a group of this package's compiled functions compiles in a
  process, and standard error is a terminal (:func:`enabled`), one line
  goes to standard error: what compiles, that it happens once per install,
  and how long it took on the machine it was measured on
  (:data:`COMPILE_GROUPS`); then a bar counts the seconds until the
  compilation ends. Piped or redirected, nothing is said (a script's
  standard error stays clean), unless ``AIMDMODEL_PROGRESS=1``.
- :func:`bar` is tqdm on standard error, shown only when standard error is a
  terminal (:func:`enabled`): quiet when piped or redirected.

``AIMDMODEL_PROGRESS=0`` turns the notes and bars off and ``=1`` on,
whatever standard error is.

Examples
--------
>>> sorted(COMPILE_GROUPS)
['ccycle', 'fluid', 'kernel', 'queue', 'sweep']
>>> COMPILE_GROUPS["queue"].what
"the queue model's kernels"
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import os
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

__all__ = ["COMPILE_GROUPS", "CompileGroup", "bar", "compile_notes", "enabled", "group_of",
           "hook"]


@dataclasses.dataclass(frozen=True)
class CompileGroup:
    """Compiled functions that compile together the first time one of them runs.

    Attributes
    ----------
    key : str
        The group's name (``aimdmodel compile --only KEY``).
    what : str
        What compiles, for the note (``"the queue model's kernels"``).
    seconds : float
        Measured: the CPU seconds of a fresh process that compiles the group
        from an empty cache (import included), on a 2-core AMD EPYC at 2.45
        GHz: the wall-clock time on an idle machine; longer on a busy one
        (``python benchmarks/compile_times.py`` measures them again).
    modules : tuple of str
        The modules whose compiled functions belong to the group.
    functions : tuple of str
        Top-level function names that pick this group inside those modules
        (empty: any function of the modules).

    Examples
    --------
    >>> g = COMPILE_GROUPS["kernel"]
    >>> g.modules
    ('aimdmodel.engines._compiled',)
    """

    key: str
    what: str
    seconds: float
    modules: tuple[str, ...]
    functions: tuple[str, ...] = ()


COMPILE_GROUPS: dict[str, CompileGroup] = {
    g.key: g
    for g in (
        CompileGroup("kernel", "the step kernel", 2, ("aimdmodel.engines._compiled",)),
        CompileGroup("ccycle", "the compiled cycle engine", 13, ("aimdmodel.engines._ccycle",),
                     ("run_systems",)),
        CompileGroup("sweep", "the batched sweep loop", 26, ("aimdmodel.engines._ccycle",),
                     ("sweep_metrics",)),
        CompileGroup("queue", "the queue model's kernels", 15,
                     ("aimdmodel.queue._network", "aimdmodel.queue._random",
                      "aimdmodel.queue._sender", "aimdmodel.queue._fields")),
        CompileGroup("fluid", "the fluid model's solver", 7, ("aimdmodel.fluid._kernel",)),
    )
}
"""The package's compiled groups with their measured cold compile times (CPU seconds,
``benchmarks/compile_times.py`` on 2026-11-27)."""


def enabled(stream: TextIO | None = None) -> bool:
    """Return whether progress is shown on ``stream`` (default standard error).

    ``AIMDMODEL_PROGRESS=1`` or ``0`` decides; otherwise whether the stream
    is a terminal.

    Examples
    --------
    >>> import io
    >>> enabled(io.StringIO()) in (True, False)
    True
    """
    forced = os.environ.get("AIMDMODEL_PROGRESS", "").strip()
    if forced in ("0", "1"):
        return forced == "1"
    stream = sys.stderr if stream is None else stream
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (OSError, ValueError):
        return False


def bar(iterable: Iterable[Any] | None = None, *, desc: str, total: float | None = None,
        unit: str = "it", show: bool | None = None, **kwargs: Any) -> Any:
    """Return a tqdm bar on standard error, redrawn every second, shown when :func:`enabled`.

    The line is redrawn every second (the elapsed time moves), so an item
    that takes long still shows that work goes on.

    Parameters
    ----------
    iterable : iterable, optional
        What to iterate over (as for ``tqdm``).
    desc : str
        The bar's label.
    total : float, optional
        The number of items (default ``len(iterable)`` when it has one).
    unit : str
        The unit of the count.
    show : bool, optional
        Show it or not, whatever :func:`enabled` says.
    **kwargs
        Passed to ``tqdm`` (``leave`` defaults to False: the bar goes away).

    Examples
    --------
    >>> import io, contextlib
    >>> err = io.StringIO()
    >>> with contextlib.redirect_stderr(err):
    ...     done = [x for x in bar(range(3), desc="pages")]
    >>> done, err.getvalue()  # not a terminal: quiet
    ([0, 1, 2], '')
    """
    kwargs.setdefault("leave", False)
    return _ticking_class()(iterable, desc=desc, total=total, unit=unit, file=sys.stderr,
                            disable=not (enabled() if show is None else show),
                            ncols=_columns(), **kwargs)


def _columns() -> int:
    """Return the width of standard error's terminal; 80 when it says 0 or nothing."""
    try:
        cols = os.get_terminal_size(sys.stderr.fileno()).columns
    except (OSError, ValueError, AttributeError):
        cols = 0
    return cols if cols > 0 else 80


@functools.cache
def _ticking_class() -> type:
    """Return a tqdm class whose bars are redrawn every second."""
    from tqdm import tqdm

    class Ticking(tqdm):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._ticks = threading.Event()
            if not self.disable:
                threading.Thread(target=self._tick, daemon=True).start()

        def _tick(self) -> None:
            while not self._ticks.wait(1.0):
                with contextlib.suppress(Exception):
                    self.refresh()

        def close(self) -> None:
            ticks = getattr(self, "_ticks", None)
            if ticks is not None:
                ticks.set()
            super().close()

    return Ticking


def group_of(module: str, function: str) -> CompileGroup | None:
    """Return the compile group of a compiled function, or None outside this package.

    Examples
    --------
    >>> group_of("aimdmodel.engines._ccycle", "sweep_metrics").key
    'sweep'
    >>> group_of("numpy", "sum") is None
    True
    """
    for g in COMPILE_GROUPS.values():
        if module in g.modules and (not g.functions or function in g.functions):
            return g
    if module.startswith("aimdmodel."):
        return CompileGroup(module, f"compiled functions of {module}", 0, (module,))
    return None


class _Ticker:
    """Count the seconds of one compilation on a bar (a terminal only)."""

    def __init__(self, group: CompileGroup) -> None:
        self._stop = threading.Event()
        self._bar = bar(desc=f"compiling {group.what}", total=group.seconds or None,
                        unit="s", bar_format="{desc}: {n:.0f} s of about {total:.0f} s "
                        "{bar}" if group.seconds else "{desc}: {n:.0f} s")
        self._t0 = time.perf_counter()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.5):
            elapsed = time.perf_counter() - self._t0
            total = self._bar.total
            self._bar.n = min(elapsed, total) if total else elapsed
            self._bar.refresh()

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self._bar.close()


_ACTIVE: list[_Listener] = []
"""The listeners of the open :func:`compile_notes` blocks; the innermost one speaks."""


class _Listener:
    """numba's ``numba:compile`` listener: one note per group and process, a ticker."""

    def __init__(self, stream: TextIO | None, hint: bool) -> None:
        self.stream = stream
        self.hint = hint
        self.pid = os.getpid()
        self.depth = 0
        self.said: set[str] = set()
        self.ticker: _Ticker | None = None
        self.times: dict[str, float] = {}
        self._t0 = 0.0
        self._group: CompileGroup | None = None

    def notify(self, event: Any) -> None:
        if os.getpid() != self.pid:  # a forked worker: the parent speaks
            return
        if event.is_start:
            self.depth += 1
            if self.depth == 1:
                self._start(event)
        elif event.is_end:
            self.depth -= 1
            if self.depth == 0:
                self._end()

    def _start(self, event: Any) -> None:
        func = getattr(event.data.get("dispatcher"), "py_func", None)
        group = group_of(getattr(func, "__module__", "") or "", getattr(func, "__name__", ""))
        self._group, self._t0 = group, time.perf_counter()
        stream = sys.stderr if self.stream is None else self.stream
        if group is None or group.key in self.said or not enabled(stream):
            return
        self.said.add(group.key)
        about = f", about {group.seconds:.0f} s" if group.seconds else ""
        with contextlib.suppress(OSError, ValueError):
            hint = "; `aimdmodel compile` does it ahead" if self.hint else ""
            stream.write(f"aimdmodel: compiling {group.what} (numba), once per install{about}"
                         f"{hint}\n")
            stream.flush()
        self.ticker = _Ticker(group)

    def _end(self) -> None:
        if self._group is not None:
            key = self._group.key
            self.times[key] = self.times.get(key, 0.0) + time.perf_counter() - self._t0
        if self.ticker is not None:
            self.ticker.close()
            self.ticker = None


_HOOKED: list[Any] = []
"""The one numba listener of this process, once :func:`hook` registered it."""


def hook() -> None:
    """Register the one ``numba:compile`` listener of the process (numba imported; once).

    Called by :func:`aimdmodel._numba_cache.install` (every compiled module
    calls it before its first compiled function) and by :func:`compile_notes`
    when numba is already imported: a command that never touches numba does
    not import it for its notes. The listener hands each event to the
    innermost open :func:`compile_notes` block.

    Examples
    --------
    >>> hook(); hook()  # idempotent
    >>> len(_HOOKED)
    1
    """
    if _HOOKED:
        return
    from numba.core import event

    class Adapter(event.Listener):
        def on_start(self, ev: Any) -> None:
            if _ACTIVE:
                _ACTIVE[-1].notify(ev)

        def on_end(self, ev: Any) -> None:
            if _ACTIVE:
                _ACTIVE[-1].notify(ev)

    adapter = Adapter()
    event.register("numba:compile", adapter)
    _HOOKED.append(adapter)


@contextlib.contextmanager
def compile_notes(stream: TextIO | None = None, *, hint: bool = True
                  ) -> Iterator[dict[str, float]]:
    """Say on ``stream`` (standard error) when this package's numba functions compile.

    Only when ``stream`` is a terminal or ``AIMDMODEL_PROGRESS=1``
    (:func:`enabled`). The innermost of nested blocks speaks.

    With ``hint``, the note names ``aimdmodel compile``. Yields a dict that
    is filled with the seconds each group spent compiling in the block
    (empty when everything came from the cache).

    Examples
    --------
    >>> import io
    >>> err = io.StringIO()
    >>> with compile_notes(err) as times:
    ...     pass
    >>> times, err.getvalue()
    ({}, '')
    """
    listener = _Listener(stream, hint)
    if "numba" in sys.modules:
        hook()
    _ACTIVE.append(listener)
    try:
        yield listener.times
    finally:
        _ACTIVE.remove(listener)
        if listener.ticker is not None:
            listener.ticker.close()
