"""Parameter sweeps: a grid of runs on any executor, a tidy table of metrics.

:func:`sweep` runs :func:`aimdmodel.simulate` for every combination of
policy, starting windows and capacity and returns one row (a dict) per run,
in grid order. The runs go to a :class:`concurrent.futures.Executor`: by
default local processes; a ``ThreadPoolExecutor``, or a dask cluster's
``client.get_executor()``, run the same code unchanged. Every run is
deterministic and the rows are put back in grid order, so the table is the
same whatever the executor.

Every option is checked before the first run; a run is run once. A metric
that is undefined for a run (too few whole cycles to average over, fairness
not reached by the end) is None and the row's ``notes`` says why; an
exception in a run is raised (``on_error="raise"``, the default) or kept in
the row's ``error`` column (``on_error="record"``), never turned into None.

Examples
--------
>>> from aimdmodel import AIMD, AIMDFC, policy_grid, sweep
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(2) as ex:
...     rows = sweep([AIMD(), AIMDFC()], [1, 30], [100, 1000], cycles=8, executor=ex)
>>> [(r["name"], r["capacity"], round(r["efficiency"], 2)) for r in rows]
[('aimd', 100.0, 0.75), ('aimd', 1000.0, 0.75), ('aimd-fc', 100.0, 0.84), ('aimd-fc', 1000.0, 0.83)]
"""

from __future__ import annotations

import itertools
import math
import os
import sys
import warnings
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from fractions import Fraction
from typing import Any

import numpy as np

from . import metrics as _metrics
from ._io import ensure_kernel_cache
from ._validate import check_choice, check_count, check_param
from .engine import prepare, simulate
from .engines import ENGINES
from .policies import Policy, make_policy
from .trajectory import Trajectory

__all__ = ["DEFAULT_METRICS", "METRICS", "ON_ERROR", "policy_grid", "sweep"]


def _final_jain(tr: Trajectory, opts: dict) -> Any:
    w = np.asarray(tr.windows[-1])
    if tr.arithmetic != "integer":
        return _metrics.jain_index(w)
    # whole packets: the squares of int64 windows overflow past about 3e9, so
    # compute exactly (Fractions of Python ints) and round once
    exact = np.empty(w.shape, dtype=object)
    exact[:] = [Fraction(int(v)) for v in w.ravel()]
    return float(_metrics.jain_index(exact))


METRICS: dict[str, Callable[[Trajectory, dict], Any]] = {
    "efficiency": lambda tr, o: _metrics.efficiency(tr, burn_in=o["burn_in"]),
    "offered_load": lambda tr, o: _metrics.offered_load(tr, burn_in=o["burn_in"]),
    "overflow": lambda tr, o: _metrics.overflow(tr, burn_in=o["burn_in"]),
    "smoothness": lambda tr, o: _metrics.smoothness(tr, burn_in=o["burn_in"]),
    "steps_to_fairness": lambda tr, o: _metrics.steps_to_fairness(tr, eps=o["eps"]),
    "cycles_to_fairness": lambda tr, o: _metrics.cycles_to_fairness(tr, eps=o["eps"]),
    "final_jain": _final_jain,
    "n_steps": lambda tr, o: tr.n_steps,
    "n_events": lambda tr, o: len(tr.congestion_steps),
}
"""Metrics a sweep can report, by column name (each takes a Trajectory and the options)."""

DEFAULT_METRICS = (
    "efficiency",
    "overflow",
    "smoothness",
    "steps_to_fairness",
    "cycles_to_fairness",
    "final_jain",
    "n_steps",
)
"""The columns of a sweep when ``metrics`` is not given."""

ON_ERROR = ("raise", "record")
"""Accepted values of ``sweep(..., on_error=...)``."""

_LONG_RUN = ("efficiency", "offered_load", "overflow", "smoothness")
_FAIRNESS = ("steps_to_fairness", "cycles_to_fairness")
_NEED_EVENTS = (*_LONG_RUN, *_FAIRNESS, "n_events")


def policy_grid(name: str, **grid: Iterable[Any]) -> list[Policy]:
    """Policies of one registry name over the product of parameter values.

    Parameters
    ----------
    name : str
        A name of :data:`aimdmodel.POLICIES` (``"aimd"``, ``"aimd-fc"``, ...).
    **grid
        For each parameter, the values to take.

    Returns
    -------
    list of Policy
        In the order of :func:`itertools.product` over the parameters as
        given.

    Examples
    --------
    >>> policy_grid("aimd", a=[1, 2], b=[0.5])
    [AIMD(a=1, b=0.5, floor=0), AIMD(a=2, b=0.5, floor=0)]
    """
    keys = list(grid)
    values = [list(grid[k]) for k in keys]
    return [make_policy(name, **dict(zip(keys, combo, strict=True)))
            for combo in itertools.product(*values)]


def _undefined(tr: Trajectory, opts: dict) -> dict[str, str]:
    """Why a long-run metric has nothing to average over, for each such metric asked."""
    asked = [k for k in opts["metrics"] if k in _LONG_RUN]
    if not asked:
        return {}
    try:
        _metrics.whole_cycles(tr, burn_in=opts["burn_in"])
    except ValueError as exc:  # the options were checked: this is "no whole cycle left"
        return dict.fromkeys(asked, str(exc))
    return {}


def _metric_columns(tr: Trajectory, opts: dict) -> tuple[dict[str, Any], str]:
    """Return the metric columns of one run and its ``notes``."""
    why = _undefined(tr, opts)
    row: dict[str, Any] = {}
    for key in opts["metrics"]:
        value = None if key in why else METRICS[key](tr, opts)
        if isinstance(value, np.generic):
            value = value.item()
        if value is None and key in _FAIRNESS:
            why[key] = (
                f"the windows are not within eps={opts['eps']} of each other "
                "from some step to the end of the run"
            )
        row[key] = value
    by_reason: dict[str, list[str]] = {}
    for key, reason in why.items():
        by_reason.setdefault(reason, []).append(key)
    notes = "; ".join(f"{', '.join(keys)}: {reason}" for reason, keys in by_reason.items())
    return row, notes


def _run_one(policy: Policy, x0: tuple, capacity: Any, opts: dict) -> dict[str, Any]:
    row: dict[str, Any] = {
        "policy": repr(policy),
        "name": policy.name,
        "params": policy.params(),
        "x0": tuple(x0),
        "capacity": capacity,
        "arithmetic": opts["arithmetic"],
        "engine": None,
    }
    error = None
    try:
        tr = simulate(
            policy, list(x0), capacity, steps=opts["steps"], cycles=opts["cycles"],
            arithmetic=opts["arithmetic"], congestion=opts["congestion"],
            engine=opts["engine"], record=opts["record"], max_steps=opts["max_steps"],
        )
        row["capacity"], row["engine"] = tr.capacity, tr.engine
        values, notes = _metric_columns(tr, opts)
    except Exception as exc:
        if opts["on_error"] == "raise":
            if hasattr(exc, "add_note"):  # Python 3.11+
                exc.add_note(f"in the sweep's run of {policy!r}, x0={tuple(x0)}, "
                             f"capacity={capacity!r}")
            raise
        values, notes = dict.fromkeys(opts["metrics"]), ""
        error = f"{type(exc).__name__}: {' '.join(str(exc).split())}"
    row.update(values)
    row["notes"] = notes
    if opts["on_error"] == "record":
        row["error"] = error
    return row


def _run_chunk(tasks: list[tuple[int, Policy, tuple, Any]], opts: dict) -> list[tuple[int, dict]]:
    return [(i, _run_one(p, x, c, opts)) for i, p, x, c in tasks]


def _as_list(value: Any, what: str) -> list:
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{what} must be numbers, got {value!r}")
    if isinstance(value, Iterable):
        return list(value)
    return [value]


def _grid(policies: Any, x0: Any, capacity: Any) -> tuple[list, list, list]:
    pols = [policies] if isinstance(policies, Policy) else list(policies)
    if not pols or not all(isinstance(p, Policy) for p in pols):
        raise TypeError("policies must be a Policy or a non-empty iterable of Policy")
    arr = np.asarray(x0, dtype=object)
    if arr.ndim == 1:
        starts = [tuple(arr.tolist())]
    elif arr.ndim == 2:
        starts = [tuple(row) for row in arr.tolist()]
    else:
        raise ValueError(f"x0 must have shape (m,) or (k, m), got shape {arr.shape}")
    caps = _as_list(capacity, "capacity")
    if not caps:
        raise ValueError("capacity must hold at least one value")
    return pols, starts, caps


def _check_options(opts: dict, progress: Any, chunksize: Any, executor: Any) -> None:
    """Check every option of :func:`sweep` that no single run checks."""
    unknown = [k for k in opts["metrics"] if k not in METRICS]
    if unknown:
        raise ValueError(f"unknown metric {unknown[0]!r}; choose from {', '.join(METRICS)}")
    check_choice("on_error", opts["on_error"], ON_ERROR)
    check_choice("engine", opts["engine"], tuple(ENGINES))
    check_count("burn_in", opts["burn_in"])
    eps = opts["eps"]
    if isinstance(eps, (list, tuple, np.ndarray)):
        raise TypeError(f"eps must be one real number >= 0, got {eps!r}")
    check_param("eps", eps, lambda v: v >= 0, "eps >= 0")
    if opts["record"] == "none":
        need = [k for k in opts["metrics"] if k in _NEED_EVENTS]
        if need:
            raise ValueError(
                f"record='none' keeps no congestion events, which {', '.join(need)} need; "
                "use record='cycles' or record='all'"
            )
    if progress is not None and not isinstance(progress, bool):
        raise TypeError(f"progress must be True, False or None, got {progress!r}")
    if chunksize is not None:
        check_count("chunksize", chunksize, minimum=1)
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(f"executor must be a concurrent.futures.Executor, got {executor!r}")


def _check_runs(pols: list, starts: list, caps: list, opts: dict) -> None:
    """Check each policy, start and capacity once (with the first of the others), no run."""
    kw = {k: opts[k] for k in ("steps", "cycles", "arithmetic", "congestion", "record",
                               "max_steps")}
    for p in pols:
        prepare(p, list(starts[0]), caps[0], **kw)
    for x in starts[1:]:
        prepare(pols[0], list(x), caps[0], **kw)
    for c in caps[1:]:
        prepare(pols[0], list(starts[0]), c, **kw)


def _show_progress(progress: bool | None) -> bool:
    if progress is not None:
        return progress
    isatty = getattr(sys.stderr, "isatty", None)
    return bool(isatty and isatty())


def sweep(
    policies: Policy | Iterable[Policy],
    x0: Any,
    capacity: Any,
    *,
    steps: int | None = None,
    cycles: int | None = None,
    arithmetic: str = "float",
    congestion: str = ">=",
    engine: str = "auto",
    record: str = "cycles",
    max_steps: int = 10_000_000,
    metrics: Sequence[str] = DEFAULT_METRICS,
    burn_in: int | None = None,
    eps: Any = 1,
    on_error: str = "raise",
    executor: Executor | None = None,
    progress: bool | None = None,
    chunksize: int | None = None,
) -> list[dict[str, Any]]:
    """Run every (policy, starting windows, capacity) and tabulate metrics.

    Parameters
    ----------
    policies : Policy or iterable of Policy
        The rules to run (see :func:`policy_grid` for parameter grids).
    x0 : array_like
        One vector of starting windows ``(m,)`` or several ``(k, m)``.
    capacity : number or iterable of numbers
        One capacity ``W`` or several.
    steps, cycles, arithmetic, congestion, engine, record, max_steps
        As :func:`aimdmodel.simulate` (defaults: the fastest engine, knots
        only). With ``record="none"`` only ``final_jain`` and ``n_steps``.
    metrics : sequence of str
        Columns to compute, keys of :data:`METRICS`.
    burn_in, eps
        Cycles discarded by the long-run metrics (default half); fairness tolerance.
    on_error : {"raise", "record"}
        Stop at an exception, or record it in an ``error`` column.
    executor, progress, chunksize
        Default: local processes; a tqdm bar on a terminal after 1 s; ~4 tasks/worker.

    Returns
    -------
    list of dict
        One row per run in grid order (policies outermost): ``policy``,
        ``name``, ``params``, ``x0``, ``capacity``, ``arithmetic``,
        ``engine``, one column per metric, ``notes`` (why a metric is None:
        too few whole cycles, never fair) and, when recording, ``error``.
        Bad options raise ``ValueError``/``TypeError`` before the first run.

    Examples
    --------
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from aimdmodel import AIMD, metrics, simulate
    >>> with ThreadPoolExecutor(1) as ex:
    ...     rows = sweep(AIMD(), [[0, 0], [1, 30]], 100, cycles=6, executor=ex,
    ...                  arithmetic="exact", metrics=["efficiency"])
    >>> [(r["x0"], str(r["efficiency"])) for r in rows]
    [((0, 0), '3/4'), ((1, 30), '7495/9984')]
    >>> tr = simulate(AIMD(), [1, 30], 100, cycles=6, arithmetic="exact")
    >>> rows[1]["efficiency"] == metrics.efficiency(tr)  # each row is what a direct run gives
    True
    """
    pols, starts, caps = _grid(policies, x0, capacity)
    opts = {
        "steps": steps, "cycles": cycles, "arithmetic": arithmetic, "congestion": congestion,
        "engine": engine, "record": record, "max_steps": max_steps,
        "metrics": tuple(metrics), "burn_in": burn_in, "eps": eps, "on_error": on_error,
    }
    _check_options(opts, progress, chunksize, executor)
    _check_runs(pols, starts, caps, opts)
    if engine in ("kernel", "auto"):
        moved = ensure_kernel_cache()
        if moved:
            warnings.warn(moved, RuntimeWarning, stacklevel=2)
    tasks = [(i, p, x, c) for i, (p, x, c) in enumerate(itertools.product(pols, starts, caps))]
    delay = 0.0 if progress else 1.0  # asked for: at once; automatic: after a second
    return _dispatch(tasks, opts, executor, chunksize, _show_progress(progress), delay)


def _dispatch(tasks: list, opts: dict, executor: Executor | None, chunksize: int | None,
              progress: bool, delay: float) -> list[dict[str, Any]]:
    """Send the runs to the executor in chunks; return the rows in grid order."""
    from tqdm import tqdm

    workers = os.cpu_count() or 1
    size = chunksize or max(1, math.ceil(len(tasks) / (4 * workers)))
    chunks = [tasks[k : k + size] for k in range(0, len(tasks), size)]
    own = executor is None
    ex = ProcessPoolExecutor(max_workers=min(workers, len(chunks))) if own else executor
    rows: list[dict[str, Any] | None] = [None] * len(tasks)
    bar = tqdm(total=len(tasks), desc="sweep", unit="run", disable=not progress,
               delay=delay, leave=False, file=sys.stderr)
    try:
        futures = [ex.submit(_run_chunk, chunk, opts) for chunk in chunks]
        for fut in as_completed(futures):
            done = fut.result()
            for i, row in done:
                rows[i] = row
            bar.update(len(done))
    finally:
        bar.close()
        if own:
            ex.shutdown(wait=True, cancel_futures=True)
    return rows  # type: ignore[return-value]
