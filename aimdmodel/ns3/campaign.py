"""Campaigns of ns-3 runs: one run a task, on any executor, stored as it ends, resumable.

A packet-level reference set takes tens of minutes to hours (one 60 s
run of a 10 Mbit/s dumbbell takes 3 to 30 s of ns-3; a paper's 100 MB
transfers minutes). :func:`run_campaign` cuts the work into single runs
(one scenario, one ns-3 run number), sends them to a
:class:`concurrent.futures.Executor` (by default local worker processes,
each loading ns-3 once; a dask cluster's ``client.get_executor()`` runs the
same code), and appends each finished run's summary to a JSON-lines
:class:`Store` at once. A campaign that is interrupted (Ctrl-C, a machine
that goes away, one run that fails) is resumed by calling it again: the
runs already stored are not run again.

A stored run is identified by :func:`fingerprint`: the scenario (its
``repr``, which holds every field), the ns-3 options and the ns-3 version.
Change any of them and the old runs no longer count (:meth:`Store.stale`
says which cases need new runs).

What is stored per run is its summary (:func:`summarize`): the scalar
metrics over ``[warmup, duration)`` and the per-flow ones, not the time
series; enough to validate a model flow by flow and to decide a claim.

Examples
--------
>>> from aimdmodel.scenario import Flow, Link, Scenario
>>> sc = Scenario(flows=(Flow(),), link=Link(rate=2e6, buffer=20), duration=10.0)
>>> key = fingerprint(sc, Ns3Options(), version="3.44")
>>> len(key), key == fingerprint(sc, Ns3Options(), version="3.44")
(16, True)
>>> key == fingerprint(sc, Ns3Options(min_rto=0.2), version="3.44")
False
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import numpy as np

from ..scenario import Scenario
from .options import Ns3Options

__all__ = ["STORE", "Store", "Task", "fingerprint", "run_campaign", "run_task", "summarize"]

FORMAT = 2
"""The stored record's format (bumped when a summary changes meaning; 2: ``timeouts``
counts every expiry of ns-3's retransmission timer, 1 counted entries into its loss
state)."""

STORE = Path(__file__).resolve().parent / "data" / "ns3_runs.jsonl"
"""The runs shipped with aimdmodel: the reference set's, made by ``aimdmodel validate``."""


def fingerprint(scenario: Scenario, options: Ns3Options, *, version: str) -> str:
    """Return the 16-hex-digit key of a scenario run under ``options`` in ns-3 ``version``.

    Examples
    --------
    >>> from aimdmodel.scenario import Flow, Scenario
    >>> a = fingerprint(Scenario(flows=(Flow(),)), Ns3Options(), version="3.44")
    >>> b = fingerprint(Scenario(flows=(Flow(base_rtt=0.2),)), Ns3Options(), version="3.44")
    >>> a != b
    True
    """
    opts = dataclasses.asdict(options)
    opts.pop("run", None)  # the run number is the record's, not the case's
    text = json.dumps([FORMAT, repr(scenario), opts, str(version)], sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _f(x: Any) -> float | None:
    x = float(x)
    return None if math.isnan(x) else x


def summarize(res: Any, replication: int = 0) -> dict:
    """Return one replication's metrics over ``[warmup, duration)`` as plain numbers.

    Works on any :class:`~aimdmodel.queue.QueueResult` (ns-3's, the queue
    model's). Keys: ``throughput`` (bit/s, TCP flows summed),
    ``utilization``, ``loss_rate`` (all packets, cross traffic included),
    ``queueing_delay`` (s), ``packet_time`` (s, one packet at the mean
    capacity), ``timeouts`` and ``fast_retransmits`` (summed over the
    flows, the whole run; None where the model does not count them),
    ``duplicates`` (1 - goodput / throughput), and ``flows``: per flow
    ``goodput`` (bit/s), ``throughput``, ``loss_rate``, ``timeouts``,
    ``fast_retransmits``.

    Examples
    --------
    >>> from aimdmodel.queue import run
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> res = run(Scenario(flows=(Flow(), Flow(base_rtt=0.2)), link=Link(rate=2e6, buffer=20),
    ...                    duration=20.0, warmup=5.0))
    >>> s = summarize(res)
    >>> len(s["flows"]["goodput"]), 0.9 < s["utilization"] <= 1.0
    (2, True)
    """
    from ..queue import metrics as qm

    r = replication
    m = qm.window(res)
    lost = res.lost.sum(axis=2) + (0 if res.cross_lost is None else res.cross_lost)
    sent = res.sent.sum(axis=2) + (0 if res.cross_sent is None else res.cross_sent)
    tput = qm.throughput(res)[r]
    good = qm.goodput(res)[r]
    loss = qm.loss_rate(res)[r]
    total = float(tput.sum())
    cap = float(np.mean(res.capacity[m])) if np.any(m) else float(np.mean(res.capacity))

    def per_flow(a: Any) -> list | None:
        return None if a is None else [_f(x) for x in np.asarray(a)[r]]

    to, fr = per_flow(res.timeouts), per_flow(res.fast_retransmits)
    return {
        "throughput": total,
        "utilization": float(qm.utilization(res)[r]),
        "loss_rate": float(lost[r, m].sum() / max(sent[r, m].sum(), 1)),
        "queueing_delay": float(qm.queueing_delay(res)[r]),
        "packet_time": 1.0 / cap if cap > 0 else None,
        "timeouts": None if to is None else float(np.nansum(np.asarray(to, dtype=float))),
        "fast_retransmits": None if fr is None else float(np.nansum(np.asarray(fr, dtype=float))),
        "duplicates": 1 - float(good.sum()) / total if total else 0.0,
        "flows": {"goodput": [float(x) for x in good], "throughput": [float(x) for x in tput],
                  "loss_rate": [_f(x) for x in loss], "timeouts": to, "fast_retransmits": fr},
    }


@dataclasses.dataclass(frozen=True)
class Task:
    """One ns-3 run of a campaign: a case's scenario under options, one run number.

    Attributes
    ----------
    name : str
        The case's name (for progress and the record).
    scenario : Scenario
    options : Ns3Options
        With ``run`` set: the ns-3 run number of this replication.
    key : str
        :func:`fingerprint` of the scenario and options.

    Examples
    --------
    >>> from aimdmodel.scenario import Flow, Scenario
    >>> t = Task("one", Scenario(flows=(Flow(),)), Ns3Options(run=2), "0" * 16)
    >>> t.options.run
    2
    """

    name: str
    scenario: Scenario
    options: Ns3Options
    key: str


def run_task(task: Task) -> dict:
    """Run one task in ns-3 (in this process) and return its record (module level: picklable).

    Examples
    --------
    >>> from aimdmodel.scenario import Flow, Scenario
    >>> rec = run_task(Task("one", Scenario(flows=(Flow(),), duration=5.0),
    ...                     Ns3Options(run=1), "0" * 16))  # doctest: +SKIP
    >>> rec["summary"]["utilization"] > 0.5  # doctest: +SKIP
    True
    """
    from ._loader import version
    from .dumbbell import run

    t0 = time.perf_counter()
    res = run(task.scenario, options=task.options)
    return {"format": FORMAT, "key": task.key, "case": task.name, "run": task.options.run,
            "ns3": version(), "seconds": time.perf_counter() - t0,
            "options": res.options if isinstance(res.options, dict) else None,
            "summary": summarize(res)}


class Store:
    """A JSON-lines file of run records, appended one whole line at a time.

    Parameters
    ----------
    path : str or Path
        The file (created when the first record is added).

    Examples
    --------
    >>> import tempfile, os
    >>> s = Store(os.path.join(tempfile.mkdtemp(), "runs.jsonl"))
    >>> s.add({"key": "k", "run": 1, "summary": {}})
    >>> s.add({"key": "k", "run": 2, "summary": {}})
    >>> [r["run"] for r in s.records("k")], s.runs("k")
    ([1, 2], {1, 2})
    """

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self._rows: list | None = None

    def _load(self) -> list:
        if self._rows is None:
            rows = []
            if self.path.exists():
                with self.path.open(encoding="utf-8") as fh:
                    for n, line in enumerate(fh, 1):
                        if not line.strip():
                            continue
                        try:
                            rows.append(json.loads(line))
                        except json.JSONDecodeError:  # a line cut by a crash: not a record
                            print(f"aimdmodel: {self.path}:{n}: an incomplete record, ignored",
                                  file=sys.stderr)
            self._rows = rows
        return self._rows

    def records(self, key: str | None = None) -> list:
        """Return the records (of one key), in the order they were added."""
        rows = self._load()
        return list(rows) if key is None else [r for r in rows if r.get("key") == key]

    def runs(self, key: str) -> set:
        """Return the run numbers stored for ``key``."""
        return {r.get("run") for r in self.records(key)}

    def add(self, record: dict) -> None:
        """Append one record as one line, flushed to disk before returning."""
        line = json.dumps(record, sort_keys=True, allow_nan=False) + "\n"
        rows = self._load()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write(line)
            fh.flush()
            os.fsync(fh.fileno())
        rows.append(record)

    def stale(self, tasks: Iterable[Task]) -> list:
        """Return the tasks whose run is not stored (what a campaign would still run)."""
        return [t for t in tasks if t.options.run not in self.runs(t.key)]


def tasks_for(cases: Sequence[Any], options: Ns3Options, *, version: str) -> list:
    """Return the :class:`Task` of every replication of every case.

    A case has ``name``, ``ns3`` (option overrides) and ``runs()``: the
    scenario and ns-3 run number of each replication (run number
    ``scenario.seed + r``, as :func:`aimdmodel.ns3.run` does with
    ``replications``).

    Examples
    --------
    >>> from aimdmodel.ns3.validate import reference_set
    >>> ts = tasks_for(reference_set()[:1], Ns3Options(), version="3.44")
    >>> [t.options.run for t in ts]
    [1, 2, 3]
    """
    out = []
    for case in cases:
        opts = options.replace(**case.ns3)
        for sc, run_no in case.runs():
            key = fingerprint(sc, opts, version=version)
            out.append(Task(case.name, sc, opts.replace(run=run_no), key))
    return out


def run_campaign(tasks: Sequence[Task], store: Store, *, executor: Executor | None = None,
                 workers: int = 1, progress: Callable[[str], None] | None = None) -> dict:
    """Run the tasks not yet in ``store``; store each record as it ends; return counts.

    Parameters
    ----------
    tasks : sequence of Task
        From :func:`tasks_for`.
    store : Store
        Where finished runs go (and which runs are skipped).
    executor : concurrent.futures.Executor, optional
        Where runs go; None: ``workers`` local processes (each loads ns-3
        once and keeps it), shut down at the end.
    workers : int
        Processes of the default executor (ignored with ``executor``).
    progress : callable, optional
        Called with one line per finished (or failed) run.

    Returns
    -------
    dict
        ``{"stored": n, "skipped": n, "failed": [(task name, run, message)]}``:
        a failed run is reported, not stored; the others go on.

    Examples
    --------
    >>> import tempfile, os
    >>> s = Store(os.path.join(tempfile.mkdtemp(), "runs.jsonl"))
    >>> run_campaign([], s)
    {'stored': 0, 'skipped': 0, 'failed': []}
    """
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(f"executor must be a concurrent.futures.Executor, got {executor!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be an int >= 1, got {workers!r}")
    todo = store.stale(tasks)
    out: dict = {"stored": 0, "skipped": len(tasks) - len(todo), "failed": []}
    if not todo:
        return out
    own = executor is None
    ex = ProcessPoolExecutor(max_workers=min(workers, len(todo))) if own else executor
    try:
        futures: dict[Future, Task] = {ex.submit(run_task, t): t for t in todo}
        done = 0
        for fut in as_completed(futures):
            t = futures[fut]
            done += 1
            try:
                rec = fut.result()
            except Exception as exc:  # one bad run must not end the campaign
                msg = " ".join(str(exc).split()) or type(exc).__name__
                out["failed"].append((t.name, t.options.run, msg))
                if progress:
                    progress(f"[{done}/{len(todo)}] {t.name}, run {t.options.run}: FAILED {msg}")
                continue
            store.add(rec)
            out["stored"] += 1
            if progress:
                progress(f"[{done}/{len(todo)}] {t.name}, run {t.options.run}: "
                         f"{rec['seconds']:.1f} s")
    finally:
        if own:
            ex.shutdown(wait=False, cancel_futures=True)
    return out
