"""Parameter sweeps: a grid of runs on any executor, a tidy table of metrics.

:func:`sweep` runs :func:`aimdmodel.simulate` for every combination of
policy, starting windows and capacity and returns one row (a dict) per run,
in grid order. The runs go to a :class:`concurrent.futures.Executor`: by
default local processes; a ``ThreadPoolExecutor``, or a dask cluster's
``client.get_executor()``, run the same code unchanged. Every run is
deterministic and the rows are put back in grid order, so the table is the
same whatever the executor.

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
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from typing import Any

import numpy as np

from . import metrics as _metrics
from .engine import simulate
from .policies import Policy, make_policy

__all__ = ["METRICS", "policy_grid", "sweep"]


def _final_jain(tr: Any) -> Any:
    w = tr.windows[-1]
    return _metrics.jain_index(w)


METRICS: dict[str, Callable[..., Any]] = {
    "efficiency": lambda tr, o: _metrics.efficiency(tr, burn_in=o["burn_in"]),
    "offered_load": lambda tr, o: _metrics.offered_load(tr, burn_in=o["burn_in"]),
    "overflow": lambda tr, o: _metrics.overflow(tr, burn_in=o["burn_in"]),
    "smoothness": lambda tr, o: _metrics.smoothness(tr, burn_in=o["burn_in"]),
    "steps_to_fairness": lambda tr, o: _metrics.steps_to_fairness(tr, eps=o["eps"]),
    "cycles_to_fairness": lambda tr, o: _metrics.cycles_to_fairness(tr, eps=o["eps"]),
    "final_jain": lambda tr, o: _final_jain(tr),
    "n_steps": lambda tr, o: tr.n_steps,
    "n_events": lambda tr, o: len(tr.congestion_steps),
}
"""Metrics a sweep can report, by column name (each takes a Trajectory)."""

DEFAULT_METRICS = (
    "efficiency",
    "overflow",
    "smoothness",
    "steps_to_fairness",
    "cycles_to_fairness",
    "final_jain",
    "n_steps",
)


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


def _run_one(policy: Policy, x0: tuple, capacity: Any, opts: dict) -> dict[str, Any]:
    tr = simulate(
        policy,
        list(x0),
        capacity,
        steps=opts["steps"],
        cycles=opts["cycles"],
        arithmetic=opts["arithmetic"],
        congestion=opts["congestion"],
        engine=opts["engine"],
        record=opts["record"],
        max_steps=opts["max_steps"],
    )
    row: dict[str, Any] = {
        "policy": repr(policy),
        "name": policy.name,
        "params": policy.params(),
        "x0": tuple(x0),
        "capacity": tr.capacity,
        "arithmetic": opts["arithmetic"],
        "engine": tr.engine,
    }
    for key in opts["metrics"]:
        try:
            value = METRICS[key](tr, opts)
        except ValueError:  # e.g. not enough whole cycles for a long-run metric
            value = None
        if isinstance(value, np.generic):
            value = value.item()
        row[key] = value
    return row


def _run_chunk(tasks: list[tuple[int, Policy, tuple, Any]], opts: dict) -> list[tuple[int, dict]]:
    return [(i, _run_one(p, x, c, opts)) for i, p, x, c in tasks]


def _as_list(value: Any, what: str) -> list:
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{what} must be numbers, got {value!r}")
    if isinstance(value, Iterable):
        return list(value)
    return [value]


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
        As :func:`aimdmodel.simulate` (defaults: the fastest engine that
        applies, windows kept at the cycle boundaries only).
    metrics : sequence of str
        Columns to compute, keys of :data:`METRICS`. A metric that cannot be
        computed for a run (too few whole cycles, fairness never reached)
        is None.
    burn_in : int, optional
        Whole cycles discarded by the long-run metrics (default: half).
    eps : number
        Tolerance of the fairness metrics (default 1 packet).
    executor : concurrent.futures.Executor, optional
        Where the runs go; default a ``ProcessPoolExecutor`` over the local
        cores, created and shut down here. An executor given is left open.
    progress : bool, optional
        Show a tqdm progress bar: True always, False never, None (default)
        only when the sweep takes longer than a second.
    chunksize : int, optional
        Runs per task sent to the executor (default: about four tasks per
        worker).

    Returns
    -------
    list of dict
        One row per run in grid order (policies outermost, capacities
        innermost) with ``policy`` (repr), ``name``, ``params``, ``x0``,
        ``capacity``, ``arithmetic``, ``engine`` and one column per metric.

    Raises
    ------
    ValueError, TypeError
        Bad options (checked before anything runs) or an unknown metric.

    Examples
    --------
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from aimdmodel import AIMD
    >>> with ThreadPoolExecutor(1) as ex:
    ...     rows = sweep(AIMD(), [[0, 0], [1, 30]], 100, cycles=6, executor=ex,
    ...                  arithmetic="exact", metrics=["efficiency"])
    >>> [(r["x0"], str(r["efficiency"])) for r in rows]
    [((0, 0), '3/4'), ((1, 30), '7495/9984')]

    Each row is what a direct run gives:

    >>> from aimdmodel import metrics, simulate
    >>> tr = simulate(AIMD(), [1, 30], 100, cycles=6, arithmetic="exact")
    >>> rows[1]["efficiency"] == metrics.efficiency(tr)
    True
    """
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
    unknown = [k for k in metrics if k not in METRICS]
    if unknown:
        raise ValueError(f"unknown metric {unknown[0]!r}; choose from {', '.join(METRICS)}")
    if progress is not None and not isinstance(progress, bool):
        raise TypeError(f"progress must be True, False or None, got {progress!r}")
    if chunksize is not None and (not isinstance(chunksize, int) or chunksize < 1):
        raise ValueError(f"chunksize must be an int >= 1, got {chunksize!r}")
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(f"executor must be a concurrent.futures.Executor, got {executor!r}")
    opts = {
        "steps": steps, "cycles": cycles, "arithmetic": arithmetic, "congestion": congestion,
        "engine": engine, "record": record, "max_steps": max_steps,
        "metrics": tuple(metrics), "burn_in": burn_in, "eps": eps,
    }
    tasks = [
        (i, p, x, c)
        for i, (p, x, c) in enumerate(itertools.product(pols, starts, caps))
    ]
    # check the options once, here, with the first run (fails fast, no workers)
    _run_one(tasks[0][1], tasks[0][2], tasks[0][3], {**opts, "metrics": ()})

    workers = os.cpu_count() or 1
    size = chunksize or max(1, math.ceil(len(tasks) / (4 * workers)))
    chunks = [tasks[k : k + size] for k in range(0, len(tasks), size)]
    own = executor is None
    ex = ProcessPoolExecutor(max_workers=min(workers, len(chunks))) if own else executor
    rows: list[dict[str, Any] | None] = [None] * len(tasks)
    from tqdm import tqdm

    bar = tqdm(
        total=len(tasks), desc="sweep", unit="run", disable=progress is False,
        delay=0 if progress else 1.0, leave=False,
    )
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
