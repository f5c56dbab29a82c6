"""Running many queue-model scenarios and keeping only their metrics.

An experiment of :mod:`aimdmodel.studies` is a list of :class:`Task`: a key,
a :class:`~aimdmodel.scenario.Scenario`, how many replications, the model's
options and a *measure*, a module-level function that turns the run's
:class:`~aimdmodel.queue.QueueResult` into a dict of small arrays (so that
a worker process sends back numbers, not time series). :func:`run_tasks`
runs them in order, or on ``workers`` processes, with an optional progress
bar; the results come back by key, the same whatever the number of workers
(every run is deterministic given its scenario's seed).
"""

from __future__ import annotations

import math
import os
import warnings
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._io import ensure_kernel_cache
from .._validate import check_count
from ..queue import QueueOptions, QueueResult, run
from ..queue.options import ROUND_ONLY
from ..scenario import Scenario

_DEFAULTS = QueueOptions()
"""The options' defaults (the round mode's time base a packet-level run leaves out)."""

__all__ = ["Task", "collect", "mean", "run_tasks", "stats"]

Measure = Callable[[QueueResult], dict[str, Any]]


@dataclass(frozen=True)
class Task:
    """One scenario to run and what to keep of it.

    Attributes
    ----------
    key : hashable
        Where the result goes in :func:`run_tasks`' answer.
    scenario : Scenario
    measure : callable
        ``measure(result) -> dict`` of arrays (module level: it may travel
        to a worker process).
    replications : int
    options : QueueOptions
        The model's options; the round mode's time base (``tick``,
        ``ticks_per_rtt``, ``pacing``) is not passed to the packet-level
        mode, which has none (a study's ``tick`` is the round mode's).
    fidelity : {"round", "packet"}
        The queue model's mode (:func:`aimdmodel.queue.run`'s ``fidelity``;
        the packet-level mode raises ``ValueError``, with the reason, on a
        scenario it leaves out).

    Examples
    --------
    >>> from aimdmodel.scenario import Flow, Scenario
    >>> t = Task("k", Scenario(flows=(Flow(),), duration=2.0), lambda r: {"n": r.n_flows})
    >>> t()
    {'n': 1}
    """

    key: Hashable
    scenario: Scenario
    measure: Measure
    replications: int = 1
    options: QueueOptions = field(default_factory=QueueOptions)
    fidelity: str = "round"

    def __call__(self) -> dict[str, Any]:
        """Run the scenario and return its measures."""
        opts = self.options
        if self.fidelity == "packet":  # the round mode's time base left out, as it refuses
            opts = opts.replace(**{n: getattr(_DEFAULTS, n) for n in ROUND_ONLY})
        res = run(self.scenario, options=opts, replications=self.replications,
                  fidelity=self.fidelity)
        return self.measure(res)


def _run_chunk(tasks: Sequence[Task]) -> list[tuple[Hashable, dict[str, Any]]]:
    ensure_kernel_cache()
    return [(t.key, t()) for t in tasks]


def _bar(total: int, progress: bool, desc: str) -> Any:
    from .._progress import bar

    return bar(total=total, desc=desc, unit="run", show=progress)


def run_tasks(tasks: Sequence[Task], *, workers: int = 1, progress: bool = False,
              desc: str = "runs") -> dict[Hashable, dict[str, Any]]:
    """Run every task; return ``{key: measures}``.

    Parameters
    ----------
    tasks : sequence of Task
        Keys must be unique.
    workers : int
        Processes to use (1: in this process, in order).
    progress : bool
        Show a progress bar on standard error.
    desc : str
        The progress bar's label.

    Examples
    --------
    >>> from aimdmodel.scenario import Flow, Scenario
    >>> t = Task("one", Scenario(flows=(Flow(),), duration=2.0),
    ...          lambda res: {"sent": res.sent.sum()})
    >>> float(run_tasks([t])["one"]["sent"]) > 0
    True
    """
    workers = check_count("workers", workers, minimum=1, optional=False)
    keys = [t.key for t in tasks]
    if len(set(keys)) != len(keys):
        raise ValueError("tasks must have unique keys")
    out: dict[Hashable, dict[str, Any]] = {}
    bar = _bar(len(tasks), progress, desc)
    try:
        if workers == 1 or len(tasks) <= 1:
            for t in tasks:
                out[t.key] = t()
                bar.update(1)
            return {k: out[k] for k in keys}
        from ..warmup import compile_all

        compile_all(["queue"])  # here, once, before the workers would each compile it
        size = max(1, math.ceil(len(tasks) / (4 * workers)))
        chunks = [tasks[k : k + size] for k in range(0, len(tasks), size)]
        with ProcessPoolExecutor(max_workers=min(workers, os.cpu_count() or 1,
                                                 len(chunks))) as ex:
            for fut in as_completed([ex.submit(_run_chunk, c) for c in chunks]):
                done = fut.result()
                out.update(done)
                bar.update(len(done))
    finally:
        bar.close()
    return {k: out[k] for k in keys}


def mean(values: Any) -> float:
    """Return the mean over replications, ignoring NaN (NaN when every value is NaN).

    Examples
    --------
    >>> mean([1.0, float("nan"), 3.0])
    2.0
    """
    a = np.asarray(values, dtype=float)
    return float(np.nanmean(a)) if np.isfinite(a).any() else math.nan


def stats(values: Any) -> tuple[np.ndarray, np.ndarray]:
    """Return the mean over the first axis (the replications) and its standard error.

    NaN values are left out; the standard error ``s / sqrt(k)`` (``s`` with
    ``k - 1`` degrees of freedom) is NaN with fewer than two values.

    Examples
    --------
    >>> m, se = stats([[1.0, 2.0], [3.0, float("nan")]])
    >>> m.tolist(), [round(float(x), 3) for x in se]
    ([2.0, 2.0], [1.0, nan])
    """
    a = np.asarray(values, dtype=float)
    k = np.isfinite(a).sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        m = np.where(k > 0, np.nanmean(a, axis=0), np.nan)
        sd = np.where(k > 1, np.nanstd(a, axis=0, ddof=1), np.nan)
        return m, sd / np.sqrt(np.maximum(k, 1))


def collect(out: dict, keys: list, shape: tuple, metric: str) -> tuple[np.ndarray, np.ndarray]:
    """Stack one metric's per-replication values over task keys: (mean, sem).

    ``keys`` lists the keys of ``out`` in C order of ``shape``; the result
    has that shape, followed by the shape of one value without its
    replication axis.

    Examples
    --------
    >>> out = {("a", 0): {"x": [1.0, 3.0]}, ("a", 1): {"x": [2.0, 2.0]}}
    >>> m, se = collect(out, [("a", 0), ("a", 1)], (1, 2), "x")
    >>> m.tolist(), se.tolist()
    ([[2.0, 2.0]], [[1.0, 0.0]])
    """
    flat = [stats(out[k][metric]) for k in keys]
    shape = tuple(shape) + np.shape(flat[0][0])
    return (np.array([f[0] for f in flat]).reshape(shape),
            np.array([f[1] for f in flat]).reshape(shape))
