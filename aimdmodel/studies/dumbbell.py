"""Many flows of one rule on a dumbbell: a sweep of the flow count, flows joining or leaving.

The set-ups of Lahanas & Tsaoussidis 2003, Sec. 5 (TCP-SACK with AIMD,
AIMD-FC, AIMD-FC+, a buffer of one bandwidth-delay product, 2 to 120 flows,
groups of 30 flows joining or leaving every 15 s) and of Jasem et al. 2010 (Jasem et
al.: a 100 Mb/s dumbbell, DropTail of 100 packets, 2 to 32 flows each
sending 100 MB) are two uses of the same experiments:

* :func:`flows_sweep`: ``N`` identical flows of each policy for each ``N``
  (long-lived, or each transferring ``size`` bytes), with the link's
  goodput, utilization, Jain's index, queueing delay, loss and the
  transfers' completion times;
* :func:`churn`: groups of flows that join (or leave) one after another,
  with goodput and Jain's index per period.

All flows start together (the model's start jitter apart) and have the same
base RTT; the parameters the papers do not print are keyword arguments
(:mod:`papers.setups` passes the values chosen and says why). The queue
model's own omissions are listed in :mod:`aimdmodel.queue.model`; the
access links, the reverse path and its ACKs are not modelled.

Examples
--------
>>> from aimdmodel import AIMD, AIMDFC
>>> d = flows_sweep([AIMD(), AIMDFC()], (2, 4), link_rate=10e6, duration=20.0)
>>> d.utilization.shape, bool((d.utilization > 0.8).all())
((2, 2), True)
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import numpy as np

from .._validate import check_choice, check_count, check_positive_number
from ..policies import Policy
from ..queue import QueueOptions, QueueResult, get_variant
from ..queue import metrics as qm
from ..scenario import DISCIPLINES, RED, Flow, Link, Scenario, bdp_packets
from ._runs import Task, collect, run_tasks
from .robustness import _labels

__all__ = ["SWEEP_METRICS", "ChurnData", "FlowsSweepData", "churn", "flows_sweep"]

SWEEP_METRICS = ("goodput", "utilization", "jain", "queueing_delay", "loss_rate",
                 "transfer_time", "transfer_time_max", "unfinished", "timeouts")
"""The per-(policy, flow count) arrays of :class:`FlowsSweepData`."""


def _link(link_rate: float, base_rtt: float, buffer: int | None, discipline: str,
          red: RED | None, packet_size: int) -> Link:
    check_choice("discipline", discipline, DISCIPLINES)
    buf = round(bdp_packets(link_rate, base_rtt, packet_size)) if buffer is None else buffer
    if discipline == "red" and red is None:
        red = RED(min_th=buf / 3, max_th=2 * buf / 3)
    return Link(rate=link_rate, buffer=buf, discipline=discipline,
                red=red if discipline == "red" else None)


@dataclass(frozen=True)
class FlowsSweepData:
    """Link and transfer metrics of ``N`` flows of each policy, for each ``N``.

    Attributes
    ----------
    policies : tuple of str
        The policies' labels, one row each.
    flow_counts : tuple of int
        The numbers of flows, one column each.
    goodput : ndarray, shape (P, N)
        All flows' unique packets per second, in bit/s.
    utilization : ndarray, shape (P, N)
        The share of the link's capacity that carried packets.
    jain : ndarray, shape (P, N)
        Jain's index of the flows' goodputs.
    queueing_delay : ndarray, shape (P, N)
        Time-mean queueing delay at the bottleneck, seconds.
    loss_rate : ndarray, shape (P, N)
        All flows' lost over sent packets.
    transfer_time, transfer_time_max : ndarray, shape (P, N)
        Mean and largest time from start to completion of the transfers (s;
        NaN without ``size``).
    unfinished : ndarray, shape (P, N)
        Transfers not complete at the end (per replication).
    timeouts : ndarray, shape (P, N)
        Retransmission timeouts of all flows (per replication).
    replications : int
    setup : dict
    sem : dict
        The standard error of each metric's mean over the replications (NaN
        with one replication), by metric name.

    Notes
    -----
    The link metrics (goodput, utilization, Jain's index, delay, loss) cover
    the run from the warm-up to ``window`` seconds, or to the completion of
    the last transfer if that comes sooner (the link idles afterwards).

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> d = flows_sweep([AIMD()], (2,), link_rate=10e6, size=2_000_000, duration=20.0)
    >>> bool(1.6 < d.transfer_time_max[0, 0] < 20), float(d.unfinished[0, 0])
    (True, 0.0)
    """

    policies: tuple[str, ...]
    flow_counts: tuple[int, ...]
    goodput: np.ndarray
    utilization: np.ndarray
    jain: np.ndarray
    queueing_delay: np.ndarray
    loss_rate: np.ndarray
    transfer_time: np.ndarray
    transfer_time_max: np.ndarray
    unfinished: np.ndarray
    timeouts: np.ndarray
    replications: int = 1
    setup: Mapping[str, Any] = field(default_factory=dict)
    sem: Mapping[str, np.ndarray] = field(default_factory=dict)

    def plot(self, ax: Any = None, *, metric: str = "utilization") -> list:
        """Draw one metric against the number of flows (:func:`.plots.plot_flows_sweep`).

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> from aimdmodel import AIMD
        >>> d = flows_sweep([AIMD()], (2, 3), link_rate=10e6, duration=10.0)
        >>> len(d.plot(Figure().subplots(), metric="jain"))
        1
        """
        from .plots import plot_flows_sweep

        return plot_flows_sweep(self, ax, metric=metric)


def _metrics_end(res: QueueResult, window: float | None, r: int) -> float | None:
    """Return the end of replication ``r``'s link-metric window (None: the end of the run).

    ``window``, or the completion of that replication's last transfer if that
    comes sooner (the link idles afterwards; another replication's later
    completion must not add idle time to this one).
    """
    ends = [] if window is None else [float(window)]
    sizes = [fl.size for fl in res.scenario.flows]
    done = np.asarray(res.completion)[r]
    if all(s is not None for s in sizes) and not np.isnan(done).any():
        ends.append(float(np.max(done)))
    if not ends:
        return None
    return min(max(min(ends), res.scenario.warmup + res.interval), res.scenario.duration)


def _per_replication(metric: Any, res: QueueResult, stops: list, **kw: Any) -> np.ndarray:
    """``metric(res, stop=...)`` of each replication over its own window, shape (R,)."""
    if len(set(stops)) == 1:
        return np.asarray(metric(res, stop=stops[0], **kw))
    return np.array([np.asarray(metric(res, stop=stop, **kw))[r] for r, stop in enumerate(stops)])


def _measure_sweep(res: QueueResult, window: float | None = None) -> dict[str, np.ndarray]:
    """Each metric per replication, shape (R,)."""
    stops = [_metrics_end(res, window, r) for r in range(res.n_replications)]
    times = qm.completion_time(res)
    none = np.full(res.n_replications, math.nan)
    sized = res.scenario.flows[0].size is not None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a replication with none finished
        mean_time = np.nanmean(times, axis=1) if sized else none
    return {
        "goodput": _per_replication(qm.goodput, res, stops).sum(axis=-1),
        "utilization": _per_replication(qm.utilization, res, stops),
        "jain": _per_replication(qm.jain, res, stops),
        "queueing_delay": _per_replication(qm.queueing_delay, res, stops),
        "loss_rate": _per_replication(qm.loss_rate, res, stops, total=True),
        "transfer_time": mean_time,
        "transfer_time_max": np.max(times, axis=1) if sized else none,
        "unfinished": np.isnan(res.completion).sum(axis=1).astype(float) if sized else none,
        "timeouts": res.timeouts.sum(axis=1).astype(float),
    }


def flows_sweep(policies: Mapping[str, Policy] | Sequence[Policy], flow_counts: Sequence[int],
                *, variant: str = "sack", link_rate: float = 100e6, base_rtt: float = 0.1,
                buffer: int | None = None, discipline: str = "droptail", red: RED | None = None,
                size: int | None = None, duration: float = 60.0, warmup: float = 0.0,
                window: float | None = None, packet_size: int = 1000,
                replications: int = 1, seed: int = 0, tick: float | None = None, workers: int = 1,
                progress: bool = False, fidelity: str = "round") -> FlowsSweepData:
    """Run ``N`` flows of each policy through one bottleneck, for each ``N``.

    Parameters
    ----------
    policies : mapping of label to Policy, or sequence of Policy
        The congestion-avoidance rules (run by ``variant``'s loss recovery).
    flow_counts : sequence of int
        Numbers of flows.
    variant : str
        Loss recovery of every flow (default ``"sack"``).
    link_rate, base_rtt : float
        Bottleneck rate (bit/s) and every flow's base RTT (s).
    buffer : int, optional
        Packets (default: one bandwidth-delay product).
    discipline : {"droptail", "red", "drr"}
    red : RED, optional
        Default: thresholds at a third and two thirds of the buffer.
    size : int, optional
        Bytes each flow transfers (None: long-lived flows).
    duration, warmup : float
        Seconds simulated and discarded by the metrics; with ``size``,
        ``duration`` must leave time for the transfers (an unfinished one is
        counted in ``unfinished``).
    window : float, optional
        The link metrics end at ``window`` seconds (or when the last
        transfer completes, if sooner; default: the end of the run).
    packet_size : int
    replications : int
    seed : int
    tick : float, optional
    workers : int
    progress : bool
    fidelity : {"round", "packet"}
        As in :func:`aimdmodel.studies.cbr.cbr_load`.

    Returns
    -------
    FlowsSweepData

    Examples
    --------
    >>> from aimdmodel import AIMDFCPlus
    >>> d = flows_sweep({"FC+": AIMDFCPlus()}, (3,), link_rate=10e6, duration=15.0)
    >>> d.policies, d.flow_counts
    (('FC+',), (3,))
    """
    pols = _labels(policies)
    counts = tuple(check_count("flow_counts", int(n), minimum=1, optional=False)
                   for n in flow_counts)
    for name, v in (("link_rate", link_rate), ("base_rtt", base_rtt), ("duration", duration)):
        check_positive_number(name, v)
    variant = get_variant(variant).name
    link = _link(link_rate, base_rtt, buffer, discipline, red, packet_size)
    opts = QueueOptions(tick=tick)
    tasks = []
    for p, pol in enumerate(pols.values()):
        for n in counts:
            flows = tuple(Flow(variant=variant, policy=pol, base_rtt=base_rtt, size=size)
                          for _ in range(n))
            sc = Scenario(flows=flows, link=link, duration=duration, warmup=warmup,
                          packet_size=packet_size, seed=seed)
            tasks.append(Task((p, n), sc, partial(_measure_sweep, window=window), replications,
                              opts, fidelity))
    out = run_tasks(tasks, workers=workers, progress=progress, desc="flows")
    keys = [(p, n) for p in range(len(pols)) for n in counts]
    got = {m: collect(out, keys, (len(pols), len(counts)), m) for m in SWEEP_METRICS}
    setup = {"variant": variant, "link_rate": float(link_rate), "base_rtt": base_rtt,
             "buffer": link.buffer, "discipline": discipline, "size": size,
             "duration": duration, "warmup": warmup, "window": window,
             "packet_size": packet_size, "seed": seed, "tick": tick}
    return FlowsSweepData(tuple(pols), counts, replications=replications, setup=setup,
                          sem={m: v[1] for m, v in got.items()},
                          **{m: v[0] for m, v in got.items()})


@dataclass(frozen=True)
class ChurnData:
    """Goodput and fairness per period while groups of flows join or leave.

    Attributes
    ----------
    policies : tuple of str
    mode : {"join", "leave"}
    t : ndarray, shape (K,)
        Start of each period, seconds.
    active : ndarray of int, shape (K,)
        Flows sending during each period.
    goodput : ndarray, shape (P, K)
        All flows' unique bits per second in each period.
    utilization : ndarray, shape (P, K)
    jain : ndarray, shape (P, K)
        Jain's index of the goodputs of the flows active in the period.
    replications : int
    setup : dict
    sem : dict
        Standard errors of the means over the replications, by metric name.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> c = churn([AIMD()], mode="leave", groups=2, group_size=2, period=5.0, link_rate=10e6)
    >>> c.active.tolist(), c.goodput.shape
    ([4, 2], (1, 2))
    """

    policies: tuple[str, ...]
    mode: str
    t: np.ndarray
    active: np.ndarray
    goodput: np.ndarray
    utilization: np.ndarray
    jain: np.ndarray
    replications: int = 1
    setup: Mapping[str, Any] = field(default_factory=dict)
    sem: Mapping[str, np.ndarray] = field(default_factory=dict)

    def plot(self, ax: Any = None, *, metric: str = "goodput") -> list:
        """Draw one metric per period (:func:`aimdmodel.studies.plots.plot_churn`).

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> from aimdmodel import AIMD
        >>> c = churn([AIMD()], groups=2, group_size=1, period=4.0, link_rate=5e6)
        >>> len(c.plot(Figure().subplots()))
        1
        """
        from .plots import plot_churn

        return plot_churn(self, ax, metric=metric)


def _measure_churn(res: QueueResult, period: float, k: int) -> dict[str, np.ndarray]:
    """Each metric per replication and period, shape (R, k)."""
    out: dict[str, list] = {"goodput": [], "utilization": [], "jain": []}
    for i in range(k):
        lo, hi = i * period, (i + 1) * period
        out["goodput"].append(qm.goodput(res, lo, hi).sum(axis=1))
        out["utilization"].append(qm.utilization(res, lo, hi))
        out["jain"].append(qm.jain(res, lo, hi))
    return {m: np.stack(v, axis=1) for m, v in out.items()}


def _churn_flows(mode: str, groups: int, size: int, period: float, **flow: Any) -> tuple:
    flows = []
    for g in range(groups):
        if mode == "join":
            times = {"start": g * period}
        else:
            times = {"stop": (g + 1) * period} if g < groups - 1 else {}
        flows += [Flow(**flow, **times) for _ in range(size)]
    return tuple(flows)


def churn(policies: Mapping[str, Policy] | Sequence[Policy], *, mode: str = "join",
          groups: int = 4, group_size: int = 30, period: float = 15.0, variant: str = "sack",
          link_rate: float = 100e6, base_rtt: float = 0.1, buffer: int | None = None,
          discipline: str = "red", red: RED | None = None, packet_size: int = 1000,
          replications: int = 1, seed: int = 0, tick: float | None = None,
          workers: int = 1, progress: bool = False, fidelity: str = "round") -> ChurnData:
    """Run groups of flows that join (or leave) one every ``period`` seconds.

    ``mode="join"``: group ``g`` starts at ``g period``; ``mode="leave"``: all
    start at 0 and group ``g`` stops at ``(g + 1) period`` (the last one stays).
    The run lasts ``groups period`` seconds.

    Parameters
    ----------
    policies : mapping of label to Policy, or sequence of Policy
    mode : {"join", "leave"}
    groups, group_size : int
        Number of groups and flows per group.
    period : float
        Seconds between two groups joining (leaving).
    variant, link_rate, base_rtt, buffer, discipline, red, packet_size
        As in :func:`flows_sweep` (default discipline ``"red"``, Lahanas & Tsaoussidis 2003's
        Figs. 11-14).
    replications, seed, tick, workers, progress
        As in :func:`flows_sweep`.
    fidelity : {"round", "packet"}
        As in :func:`aimdmodel.studies.cbr.cbr_load`.

    Returns
    -------
    ChurnData

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> c = churn([AIMD()], groups=2, group_size=2, period=5.0, link_rate=10e6)
    >>> c.active.tolist(), c.utilization.shape, bool(0.0 < c.utilization[0, 1] <= 1.0)
    ([2, 4], (1, 2), True)
    """
    pols = _labels(policies)
    check_choice("mode", mode, ("join", "leave"))
    groups = check_count("groups", groups, minimum=1, optional=False)
    group_size = check_count("group_size", group_size, minimum=1, optional=False)
    check_positive_number("period", period)
    variant = get_variant(variant).name
    link = _link(link_rate, base_rtt, buffer, discipline, red, packet_size)
    opts = QueueOptions(tick=tick)
    tasks = []
    for p, pol in enumerate(pols.values()):
        flows = _churn_flows(mode, groups, group_size, period, variant=variant, policy=pol,
                             base_rtt=base_rtt)
        sc = Scenario(flows=flows, link=link, duration=groups * period,
                      packet_size=packet_size, seed=seed)
        tasks.append(Task(p, sc, partial(_measure_churn, period=period, k=groups),
                          replications, opts, fidelity))
    out = run_tasks(tasks, workers=workers, progress=progress, desc="churn")
    k = np.arange(groups)
    active = (k + 1) * group_size if mode == "join" else (groups - k) * group_size
    got = {m: collect(out, list(range(len(pols))), (len(pols),), m)
           for m in ("goodput", "utilization", "jain")}
    setup = {"variant": variant, "link_rate": float(link_rate), "base_rtt": base_rtt,
             "buffer": link.buffer, "discipline": discipline, "group_size": group_size,
             "period": period, "packet_size": packet_size, "seed": seed, "tick": tick}
    return ChurnData(tuple(pols), mode, k * float(period), active, replications=replications,
                     setup=setup, sem={m: v[1] for m, v in got.items()},
                     **{m: v[0] for m, v in got.items()})
