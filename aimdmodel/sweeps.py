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

import collections
import contextlib
import functools
import gc
import itertools
import math
import os
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from . import metrics as _metrics
from ._arith import is_number
from ._io import _signals_for_cleanup, ensure_kernel_cache
from ._validate import check_choice, check_count, check_param
from .dynamics import Capacity
from .engine import check_policy_on, check_windows, prepare, simulate
from .engines import ENGINES
from .engines.batch import METRIC_COLUMNS, Family, plan_families, run_chunk
from .policies import Policy, make_policy
from .trajectory import Trajectory

__all__ = ["DEFAULT_METRICS", "METRICS", "ON_ERROR", "SweepResult", "policy_grid", "sweep"]


class SweepResult(list):
    """The rows of a sweep: a list of dicts, one per run in grid order, and a table of them.

    It is the list :func:`sweep` has always returned (indexing, ``len``,
    iteration and ``==`` with a list are a list's), with two ways to read it
    as a table whose swept parameters are columns of their own instead of a
    nested ``params`` dict.

    Examples
    --------
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from aimdmodel import AIMD, AIMDFCPlus
    >>> with ThreadPoolExecutor(1) as ex:
    ...     rows = sweep([AIMD(b=0.5), AIMD(b=0.75), AIMDFCPlus(f=0.25)], [1, 30], 100, cycles=8,
    ...                  executor=ex, metrics=["n_steps"])
    >>> isinstance(rows, list), rows[0]["params"]
    (True, {'a': 1, 'b': 0.5, 'floor': 0})
    >>> rows.parameters
    ['a', 'b', 'floor', 'f']
    >>> [(r["name"], r["b"], r["f"]) for r in rows.flat()]
    [('aimd', 0.5, None), ('aimd', 0.75, None), ('aimd-fc-plus', Fraction(1, 2), 0.25)]
    """

    __slots__ = ()

    @property
    def parameters(self) -> list[str]:
        """Return the policies' parameter names over all rows, in first-seen order."""
        names: dict[str, None] = {}
        for row in self:
            names.update(dict.fromkeys(row.get("params") or {}))
        return list(names)

    @property
    def parameter_columns(self) -> list[str]:
        """Return the column names :meth:`flat` gives the parameters (see there)."""
        return list(self._column_names().values())

    def _column_names(self) -> dict[str, str]:
        """Map each parameter to its column: its name, or ``param_NAME`` if a column has it."""
        taken = {k for row in self for k in row if k != "params"}
        return {p: f"param_{p}" if p in taken else p for p in self.parameters}

    def flat(self) -> list[dict[str, Any]]:
        """Return the rows with one key per parameter in place of ``params``.

        A parameter a row's policy does not have is None; a parameter whose
        name is already a column (``capacity``, a metric) is ``param_NAME``.

        Returns
        -------
        list of dict
            New dicts; the rows themselves are not changed.

        Examples
        --------
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from aimdmodel import AIMD
        >>> with ThreadPoolExecutor(1) as ex:
        ...     rows = sweep(AIMD(a=2), [1, 30], 100, cycles=8, executor=ex,
        ...                  metrics=["n_steps"])
        >>> list(rows.flat()[0])
        ['policy', 'name', 'a', 'b', 'floor', 'x0', 'capacity', 'arithmetic', 'engine', \
'n_steps', 'notes']
        """
        columns = self._column_names()
        out = []
        for row in self:
            params = row.get("params") or {}
            flat: dict[str, Any] = {}
            for key, value in row.items():
                if key == "params":
                    flat.update({col: params.get(p) for p, col in columns.items()})
                else:
                    flat[key] = value
            out.append(flat)
        return out

    def to_pandas(self) -> Any:
        """Return the rows as a ``pandas.DataFrame``: one column per parameter and metric.

        Needs pandas (the extra ``tables``). Values are the rows' own
        (exact runs keep their Fractions: ``.astype(float)`` makes numbers);
        a missing value is None.

        Returns
        -------
        pandas.DataFrame
            One row per run in grid order, columns as :meth:`flat`.

        Examples
        --------
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from aimdmodel import AIMD, policy_grid
        >>> with ThreadPoolExecutor(1) as ex:
        ...     rows = sweep(policy_grid("aimd", b=[0.5, 0.875]), [1, 30], [100, 1000],
        ...                  cycles=12, executor=ex)
        >>> df = rows.to_pandas()
        >>> df.groupby("b")["efficiency"].mean().round(2).to_dict()
        {0.5: 0.75, 0.875: 0.94}
        """
        from ._tables import optional_import

        pd = optional_import("pandas", "SweepResult.to_pandas")
        flat = self.flat()
        columns = list(flat[0]) if flat else []
        return pd.DataFrame(flat, columns=columns)


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
    return _columns(opts, _undefined(tr, opts), lambda key: METRICS[key](tr, opts))


def _columns(opts: dict, why: dict[str, str], value_of: Callable[[str], Any]
             ) -> tuple[dict[str, Any], str]:
    """Return the metric columns (``value_of(key)`` unless ``why`` has the key) and ``notes``."""
    row: dict[str, Any] = {}
    for key in opts["metrics"]:
        value = None if key in why else value_of(key)
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


MAX_ROWS = 10**7
"""Default largest number of runs of a sweep (its rows are kept in memory)."""


def check_grid_size(size: int, max_rows: int = MAX_ROWS) -> None:
    """Refuse a grid of more than ``max_rows`` runs before anything is built.

    Examples
    --------
    >>> check_grid_size(10**8)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the sweep has 100000000 runs, above max_rows=10000000 ...
    """
    max_rows = check_count("max_rows", max_rows, minimum=1, optional=False)
    if size > max_rows:
        raise ValueError(f"the sweep has {size} runs, above max_rows={max_rows} (each run is a "
                         "row kept in memory, ~1 KiB): split the grid or raise max_rows")


def _known_size(policies: Any, x0: Any, capacity: Any) -> int:
    """Return the grid's size from the lengths the arguments report (0: one is unknown)."""
    n = []
    for v, single in ((policies, isinstance(policies, Policy)),
                      (capacity, is_number(capacity) or isinstance(capacity, (str, bytes)))):
        if single:
            n.append(1)
        elif isinstance(v, (range, list, tuple, np.ndarray)):
            n.append(len(v))
        else:
            return 0
    rows = np.ndim(x0) == 2 if isinstance(x0, np.ndarray) else (
        isinstance(x0, (list, tuple)) and bool(x0) and isinstance(x0[0], (list, tuple)))
    return n[0] * n[1] * (len(x0) if rows else 1)


def _as_list(value: Any, what: str) -> list:
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{what} must be numbers, got {value!r}")
    if isinstance(value, Iterable):
        return list(value)
    return [value]


def _grid(policies: Any, x0: Any, capacity: Any, max_rows: int = MAX_ROWS
          ) -> tuple[list, list, list]:
    check_grid_size(_known_size(policies, x0, capacity), max_rows)  # before lists are made
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
    check_grid_size(len(pols) * len(starts) * len(caps), max_rows)
    return pols, starts, caps


def _check_options(opts: dict, progress: Any, chunksize: Any, executor: Any, batch: Any
                   ) -> None:
    """Check every option of :func:`sweep` that no single run checks."""
    if not isinstance(batch, bool):
        raise TypeError(f"batch must be True or False, got {batch!r}")
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
    if progress is not None and not isinstance(progress, bool):
        raise TypeError(f"progress must be True, False or None, got {progress!r}")
    if chunksize is not None:
        check_count("chunksize", chunksize, minimum=1)
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(f"executor must be a concurrent.futures.Executor, got {executor!r}")


def _check_runs(pols: list, starts: list, caps: list, opts: dict) -> None:
    """Check each policy, start and capacity once (with the first of the others), no run.

    The first run gets every check of :func:`prepare`; each further policy,
    start and capacity only the part of it that looks at that input (a
    policy against the first start, a start against the first policy), in
    the order ``prepare`` would meet them run by run.
    """
    kw = {k: opts[k] for k in ("steps", "cycles", "arithmetic", "congestion", "record",
                               "max_steps")}
    prepare(pols[0], list(starts[0]), caps[0], **kw)
    arithmetic, steps = opts["arithmetic"], check_count("steps", opts["steps"])
    raw = check_windows(list(starts[0]))
    for p in pols[1:]:
        check_policy_on(p, raw, arithmetic)
    for x in starts[1:]:
        check_policy_on(pols[0], check_windows(list(x)), arithmetic)
    for c in caps[1:]:
        Capacity.from_user(c, arithmetic=arithmetic, steps=steps)


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
    batch: bool = True,
    max_rows: int = MAX_ROWS,
) -> SweepResult:
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
        As :func:`aimdmodel.simulate` (default: the fastest engine, knots only).
    metrics : sequence of str
        Columns to compute, keys of :data:`METRICS`.
    burn_in, eps
        Cycles discarded by the long-run metrics (default half); fairness tolerance.
    on_error : {"raise", "record"}
        Stop at an exception, or record it in an ``error`` column.
    executor, progress, chunksize, batch, max_rows
        Default: processes (threads: batches free the GIL); tqdm on a tty after 1 s; ~4 per
        worker; compiled batches for ``"ccycle"`` runs; at most 10^7 runs (checked first).

    Returns
    -------
    SweepResult
        A list of dicts (``.to_pandas()``: a column per parameter), a row per run in
        grid order (policies outermost): ``policy``, ``name``, ``params``, ``x0``,
        ``capacity``, ``arithmetic``, ``engine``, a column per metric, ``notes`` (why
        a metric is None: too few whole cycles, never fair), ``error`` when recording.
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
    pols, starts, caps = _grid(policies, x0, capacity, max_rows)
    opts = {
        "steps": steps, "cycles": cycles, "arithmetic": arithmetic, "congestion": congestion,
        "engine": engine, "record": record, "max_steps": max_steps,
        "metrics": tuple(metrics), "burn_in": burn_in, "eps": eps, "on_error": on_error,
    }
    _check_options(opts, progress, chunksize, executor, batch)
    _check_runs(pols, starts, caps, opts)
    if engine in ("kernel", "auto", "ccycle") and (moved := ensure_kernel_cache()):
        warnings.warn(moved, RuntimeWarning, stacklevel=2)
    plan = _plan(pols, starts, caps, opts, batch)
    _check_record(plan, opts)
    delay = 0.0 if progress else 1.0  # asked for: at once; automatic: after a second
    return SweepResult(_dispatch(plan, opts, executor, chunksize, _show_progress(progress), delay))


# ------------------------------------------------------------------ the plan
@dataclass(eq=False)
class _Plan:
    """Which runs go to the compiled batches, which run one by one; what the rows share.

    Row ``i`` of the grid is policy ``i // (S C)``, start ``(i // C) % S``,
    capacity ``i % C``.
    """

    pols: list
    starts: list
    caps: list
    families: list = field(default_factory=list)
    per_run: list = field(default_factory=list)
    redo: set = field(default_factory=set)
    W: list = field(default_factory=list)

    @property
    def size(self) -> int:
        return len(self.pols) * len(self.starts) * len(self.caps)

    def task(self, i: int) -> tuple:
        SC, C = len(self.starts) * len(self.caps), len(self.caps)
        return (i, self.pols[i // SC], self.starts[(i // C) % len(self.starts)], self.caps[i % C])

    @functools.cached_property
    def shared(self) -> tuple[list, list, list]:
        """Each policy's repr, name and parameters, computed once for all its rows."""
        return ([repr(p) for p in self.pols], [p.name for p in self.pols],
                [p.params() for p in self.pols])


def _plan(pols: list, starts: list, caps: list, opts: dict, batch: bool) -> _Plan:
    """Send every run the compiled cycle engine can take to a family; the rest one by one."""
    plan = _Plan(pols, starts, caps)
    eps = opts["eps"]
    if not (batch and opts["engine"] in ("auto", "ccycle") and opts["arithmetic"] == "float"
            and all(is_number(c) for c in caps) and is_number(eps) and float(eps) == eps):
        plan.per_run = list(range(plan.size))
        return plan
    try:
        X = np.asarray(np.asarray(starts, dtype=object), dtype=np.float64)
    except (TypeError, ValueError, OverflowError):
        plan.per_run = list(range(plan.size))
        return plan
    plan.W = [Capacity.from_user(c, arithmetic="float").values[0] for c in caps]
    plan.families, rest = plan_families(pols, X, np.asarray(plan.W), opts["congestion"])
    SC = len(starts) * len(caps)
    plan.per_run = [i for k in rest for i in range(k * SC, (k + 1) * SC)]
    plan.redo = _below_floors(plan)
    return plan


def _below_floors(plan: _Plan) -> set[int]:
    """Rows of a family whose start is below the policy's floor: ``simulate`` refuses them."""
    C, SC = len(plan.caps), len(plan.starts) * len(plan.caps)
    redo: set[int] = set()
    for fam in plan.families:
        for k in fam.policies:
            m = len(plan.starts[0])
            floors = np.broadcast_to(np.asarray(plan.pols[k].window_floor, dtype=object), (m,))
            if all(f == 0 for f in floors):  # the starts were checked to be >= 0
                continue
            for s, x in enumerate(plan.starts):
                if any(v < f for v, f in zip(x, floors, strict=True)):
                    redo.update(range(k * SC + s * C, k * SC + (s + 1) * C))
    return redo


def _check_record(plan: _Plan, opts: dict) -> None:
    """``record="none"``: the runs made one by one keep no congestion events to measure."""
    if opts["record"] != "none" or not plan.per_run:
        return
    need = [k for k in opts["metrics"] if k in _NEED_EVENTS]
    if need:
        raise ValueError(
            f"record='none' keeps no congestion events, which {', '.join(need)} need; "
            "use record='cycles' or record='all' (or runs that the compiled cycle engine "
            "takes, whose metrics are computed as they run)"
        )


# ------------------------------------------------------------- the batches
_COLUMN = {name: k for k, name in enumerate(METRIC_COLUMNS)}


def _event_steps(C: int, transient: int) -> list[int]:
    """Congestion steps of a run with ``C`` whole cycles, the first ``transient`` decreases only.

    Enough for :func:`aimdmodel.metrics.cycles_after_burn_in` to give its message.
    """
    steps = [0] if C else []
    for j in range(1, C + 1):
        steps.append(steps[-1] + (1 if j <= transient else 2))
    return steps


def _batched_columns(frow: list, irow: list, opts: dict) -> tuple[dict[str, Any], str]:
    """Return the metric columns of one system of a batch (as :func:`_metric_columns`)."""
    T, E, transient, _, _, fair, fair_events, burn = irow
    C = max(E - 1, 0)
    why: dict[str, str] = {}
    long_run = [k for k in opts["metrics"] if k in _LONG_RUN]
    if long_run and burn >= C:
        try:
            _metrics.cycles_after_burn_in(_event_steps(C, transient), burn_in=opts["burn_in"])
        except ValueError as exc:
            why = dict.fromkeys(long_run, str(exc))

    def value_of(key: str) -> Any:
        if key in _COLUMN:
            return frow[_COLUMN[key]]
        if key in _FAIRNESS:
            return None if fair < 0 else (fair if key == "steps_to_fairness" else fair_events)
        return T if key == "n_steps" else E

    return _columns(opts, why, value_of)


_HEAD = ("policy", "name", "params", "x0", "capacity", "arithmetic", "engine")


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while a batch's rows are built.

    The rows make no reference cycles, but each ~700 new dicts start a
    collection pass over the young objects: about a fifth of the time of
    building 10^4 rows of 15 keys (~11 -> ~8.5 ms for the dicts alone). It is resumed
    at the end if it was running at the start (the collector is global: a
    thread that enables it meanwhile wins, one that disables it meanwhile
    is overridden -- for milliseconds, and only while rows are built).
    """
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


_INT_COLUMN = {"n_steps": 0, "n_events": 1, "steps_to_fairness": 5, "cycles_to_fairness": 6}


def _blocks(values: list, lo: int, hi: int, block: int) -> list:
    """Return ``values[(g // block) % len(values)]`` for ``g`` in ``lo .. hi-1``, by blocks.

    A grid's rows share their policy for ``S C`` rows and their start for
    ``C``: a column made of repeated lists (``[v] * n``) costs a few
    microseconds a block instead of a lookup a row.
    """
    out: list = []
    g = lo
    while g < hi:
        stop = min(hi, (g // block + 1) * block)
        out += [values[(g // block) % len(values)]] * (stop - g)
        g = stop
    return out


def _grid_index(fam: Family, lo: int, hi: int, SC: int) -> list[int]:
    """Return the grid rows of systems ``lo .. hi-1`` of a family (its blocks of ``SC``)."""
    out: list[int] = []
    g = lo
    while g < hi:
        j, r = divmod(g, SC)
        stop = min(hi, (j + 1) * SC)
        out += range(fam.policies[j] * SC + r, fam.policies[j] * SC + r + stop - g)
        g = stop
    return out


def _family_rows(plan: _Plan, fam: Family, lo: int, outf: np.ndarray, outi: np.ndarray,
                 opts: dict) -> tuple[list[tuple[int, dict]], list[int]]:
    """Return the rows of systems ``lo ..`` of a family and the rows that failed.

    Column by column (a list per column, the grid's columns from repeated
    blocks, :func:`_blocks`), then one dict per row, a copy of one dict of
    the keys updated with the row's values (a copy is made at its size; a
    dict built key by key grows twice on the way to 15 keys): a row whose
    metrics are all defined costs about a microsecond (10^4 rows of 15
    keys, ~17 -> ~13 ms on this 2-core machine, busy); the others go through
    :func:`_batched_columns`, which says why.
    """
    C, SC, n = len(plan.caps), len(plan.starts) * len(plan.caps), len(outf)
    index = _grid_index(fam, lo, lo + n, SC)
    failed = [index[r] for r in np.flatnonzero(outi[:, 4] != 0)]
    metrics = opts["metrics"]
    odd = outi[:, 4] != 0
    if any(m in _LONG_RUN for m in metrics):
        odd |= outi[:, 7] >= np.maximum(outi[:, 1] - 1, 0)  # no whole cycle kept
    if any(m in _FAIRNESS for m in metrics):
        odd |= outi[:, 5] < 0  # never fair
    columns = [_blocks([col[k] for k in fam.policies], lo, lo + n, SC) for col in plan.shared]
    columns += [_blocks(plan.starts, lo, lo + n, C),
                list(itertools.islice(itertools.cycle(plan.W), lo % C, lo % C + n)),
                ["float"] * n, ["ccycle"] * n]
    for m in metrics:
        columns.append(outf[:, _COLUMN[m]].tolist() if m in _COLUMN
                       else outi[:, _INT_COLUMN[m]].tolist())
    columns.append([""] * n)
    keys = (*_HEAD, *metrics, "notes")
    if opts["on_error"] == "record":
        columns.append([None] * n)
        keys = (*keys, "error")
    with _collector_paused():  # map, not a comprehension: no bytecode per row
        dicts = list(map(dict.copy, itertools.repeat(dict.fromkeys(keys), n)))
        collections.deque(map(dict.update, dicts, map(zip, itertools.repeat(keys),
                                                      zip(*columns, strict=True))), maxlen=0)
        out = list(zip(index, dicts, strict=True))
    drop = []
    for r in np.flatnonzero(odd).tolist():  # undefined metrics or a failure
        if outi[r, 4] != 0:
            drop.append(r)  # failed: run again one by one for its error
            continue
        row = out[r][1]  # something undefined: say why, as the per-run path does
        cols, row["notes"] = _batched_columns(outf[r].tolist(), outi[r].tolist(), opts)
        row.update(cols)
    for r in reversed(drop):
        del out[r]
    return out, failed


def _run_family(fam: Family, lo: int, hi: int, opts: dict) -> tuple[np.ndarray, np.ndarray]:
    """Run systems ``lo .. hi-1`` of a family (in a worker)."""
    burn_in = opts["burn_in"]
    return run_chunk(
        fam, lo, hi, steps=-1 if opts["steps"] is None else opts["steps"],
        cycles=opts["cycles"] or 0, max_work=opts["max_steps"],
        burn_in=-1 if burn_in is None else burn_in, eps=float(opts["eps"]),
    )


# ------------------------------------------------------------- dispatching
_TAPER = 128
"""The smallest piece of a tapered last batch (:func:`_jobs`)."""


def _jobs(plan: _Plan, indices: list[int], size: int) -> list[tuple]:
    """Chunks of work: ``("family", k, lo, hi)`` and ``("runs", tasks)``.

    When a batch is the last job, it is cut in halves down to :data:`_TAPER`
    systems: the calling thread builds a batch's rows while the next batch
    runs, and only the last one's rows are built after the compiled work
    ends (a sweep of 10^4 AIMD systems, one worker thread: ~2.5 -> ~0.3 ms
    of rows after the last batch).
    """
    jobs: list[tuple] = []
    for k, fam in enumerate(plan.families):
        jobs += [("family", k, lo, min(lo + size, fam.size)) for lo in range(0, fam.size, size)]
    if jobs and not indices:
        _, k, lo, hi = jobs.pop()
        while hi - lo >= 2 * _TAPER:
            jobs.append(("family", k, lo, lo + (hi - lo) // 2))
            lo += (hi - lo) // 2
        jobs.append(("family", k, lo, hi))
    jobs += [("runs", [plan.task(i) for i in indices[j : j + size]])
             for j in range(0, len(indices), size)]
    return jobs


def stop_workers(executor: Executor) -> None:
    """Terminate the worker processes of a process pool now (after Ctrl-C or SIGTERM).

    ``shutdown`` waits for the running tasks, which may take long; this ends
    them, so that an interrupted sweep leaves no process behind.

    Examples
    --------
    >>> from concurrent.futures import ProcessPoolExecutor
    >>> ex = ProcessPoolExecutor(1)
    >>> stop_workers(ex)
    """
    procs = list((getattr(executor, "_processes", None) or {}).values())
    for p in procs:  # SIGKILL: a worker holds nothing to clean, and may have inherited the
        with contextlib.suppress(Exception):  # parent's handler that turns SIGTERM into an
            p.kill()  # exception inside its task
    for p in procs:
        with contextlib.suppress(Exception):
            p.join(5)
    with contextlib.suppress(Exception):
        executor.shutdown(wait=False, cancel_futures=True)


def _check_picklable(pols: list) -> None:
    """Refuse a policy that worker processes cannot receive (it would never come back)."""
    import pickle

    for cls, pol in {type(p): p for p in pols}.items():
        try:
            pickle.loads(pickle.dumps(pol))
        except Exception as exc:
            raise TypeError(
                f"policy class {cls.__qualname__} cannot be sent to worker processes "
                f"({type(exc).__name__}: {exc}); define it at the top level of a module, or "
                "run the sweep with a thread pool (executor=ThreadPoolExecutor(1), --jobs 1)"
            ) from None


def _compile_here(plan: _Plan, jobs: list, opts: dict) -> None:
    """Run one system of each kind of job in this process before the workers start.

    What it compiles lands in numba's on-disk cache (and in the memory that
    forked workers inherit), so the workers load the kernels instead of each
    compiling them at once: the sweep example of ``aimdmodel sweep --help``,
    cold on 2 cores, took about 100 s with two workers compiling side by side.
    """
    seen: set[Any] = set()
    for job in jobs:
        kind = job[0] if job[0] == "runs" else ("family", job[1])
        if kind in seen:
            continue
        seen.add(kind)
        if job[0] == "family":
            _run_family(plan.families[job[1]], job[2], job[2] + 1, opts)
        else:
            _run_chunk(job[1][:1], opts)


def _dispatch(plan: _Plan, opts: dict, executor: Executor | None, chunksize: int | None,
              progress: bool, delay: float) -> list[dict[str, Any]]:
    """Send the batches and the runs to the executor in chunks; return the rows in grid order."""
    from tqdm import tqdm

    workers = os.cpu_count() or 1
    size = chunksize or max(1, math.ceil(plan.size / (4 * workers)))
    jobs = _jobs(plan, plan.per_run, size)
    own = executor is None
    if not isinstance(executor, ThreadPoolExecutor):
        _compile_here(plan, jobs, opts)
    ex = ProcessPoolExecutor(max_workers=min(workers, len(jobs))) if own else executor
    rows: list[dict[str, Any] | None] = [None] * plan.size
    bar = tqdm(total=plan.size, desc="sweep", unit="run", disable=not progress,
               delay=delay, leave=False, file=sys.stderr)
    if isinstance(ex, ProcessPoolExecutor):
        _check_picklable(plan.pols)
    try:
        with _signals_for_cleanup():  # SIGTERM/SIGHUP end the sweep as Ctrl-C does
            redo = _collect(ex, plan, jobs, opts, rows, bar)
            if redo:  # rows the batches could not give: one by one, with the batches' engine
                again = {**opts, "engine": "ccycle",
                         "record": "cycles" if opts["record"] == "none" else opts["record"]}
                _collect(ex, plan, _jobs(_Plan(plan.pols, plan.starts, plan.caps), redo, size),
                         again, rows, bar)
    except BaseException as exc:
        if not isinstance(exc, Exception) and isinstance(ex, ProcessPoolExecutor):
            stop_workers(ex)  # Ctrl-C, SIGTERM: no worker is left running
        raise
    finally:
        bar.close()
        if own:
            ex.shutdown(wait=True, cancel_futures=True)
    return rows  # type: ignore[return-value]


def _collect(ex: Executor, plan: _Plan, jobs: list, opts: dict, rows: list, bar: Any
             ) -> list[int]:
    """Run ``jobs``, fill ``rows``; return the rows to run one by one afterwards."""
    futures = {}
    for job in jobs:
        if job[0] == "family":
            fut = ex.submit(_run_family, plan.families[job[1]], job[2], job[3], opts)
        else:
            fut = ex.submit(_run_chunk, job[1], opts)
        futures[fut] = job
    redo = set(plan.redo)
    for fut in as_completed(futures):
        job = futures[fut]
        if job[0] == "family":
            done, failed = _family_rows(plan, plan.families[job[1]], job[2], *fut.result(), opts)
            redo.update(failed)
            done = [(i, row) for i, row in done if i not in plan.redo]
        else:
            done = fut.result()
        for i, row in done:
            rows[i] = row
        bar.update(job[3] - job[2] if job[0] == "family" else len(done))
    return sorted(redo)
