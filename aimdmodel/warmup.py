"""Compile every numba kernel of the package ahead of use (``aimdmodel compile``).

numba compiles a function the first time it runs and keeps the machine
code in its on-disk cache (beside the package, or in ``NUMBA_CACHE_DIR``;
:mod:`aimdmodel._numba_cache`). :func:`compile_all` runs each group of
compiled functions once on a tiny input, so that later runs, and worker
processes on a cluster that share the cache folder, load instead of
compile. What is already cached only loads (about a second a group).

Examples
--------
>>> list(PARTS)
['synchronous', 'queue', 'packet', 'fluid']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

__all__ = ["PARTS", "compile_all"]


def _synchronous() -> None:
    from .engines.kernel import warmup

    warmup()


def _queue() -> None:
    from .queue import run
    from .scenario import Flow, Link, Scenario

    run(Scenario(flows=(Flow(variant="sack", base_rtt=0.04),),
                 link=Link(rate=1e6, buffer=20), duration=1.0))


def _packet() -> None:
    from .queue import run
    from .scenario import Flow, Link, Scenario

    run(Scenario(flows=(Flow(variant="sack", base_rtt=0.04),),
                 link=Link(rate=1e6, buffer=20), duration=1.0), fidelity="packet")


def _fluid() -> None:
    from .fluid.run import run_scenario
    from .scenario import Flow, Link, Scenario

    run_scenario(Scenario(flows=(Flow(variant="reno", base_rtt=0.04),),
                          link=Link(rate=1e6, buffer=20), duration=1.0))


PARTS: dict[str, tuple[str, Callable[[], None]]] = {
    "synchronous": ("the synchronous model: step kernel, compiled cycle engine, sweep loop",
                    _synchronous),
    "queue": ("the queue model", _queue),
    "packet": ("the queue model's packet-level mode", _packet),
    "fluid": ("the fluid model's solver", _fluid),
}
"""The parts :func:`compile_all` warms: name -> (what, the tiny run)."""


def compile_all(parts: Iterable[str] | None = None) -> dict[str, float]:
    """Compile (or load from the cache) the kernels of ``parts``; return seconds per part.

    Parameters
    ----------
    parts : iterable of str, optional
        Names of :data:`PARTS` (default: all).

    Returns
    -------
    dict
        Part name -> wall-clock seconds it took (compiling or loading).

    Raises
    ------
    ValueError
        If a name is not one of :data:`PARTS`.

    Examples
    --------
    >>> compile_all(["nothing"])
    Traceback (most recent call last):
    ...
    ValueError: parts: unknown part 'nothing'; choose from synchronous, queue, packet, fluid
    """
    names = list(PARTS) if parts is None else list(parts)
    for name in names:
        if name not in PARTS:
            raise ValueError(f"parts: unknown part {name!r}; choose from {', '.join(PARTS)}")
    seconds = {}
    for name in names:
        t0 = time.perf_counter()
        PARTS[name][1]()
        seconds[name] = time.perf_counter() - t0
    return seconds
