"""Metrics of a :class:`~aimdmodel.queue.QueueResult`: pure functions of its arrays.

Every function takes a result and a time window ``[start, stop)`` in
seconds (default: from ``scenario.warmup`` to the end); a sample counts
when it lies wholly inside the window (samples are ``interval`` long, so
the window is rounded inwards to whole samples). Results have a leading
replication axis: per-flow metrics have shape ``(R, n)``, link metrics
``(R,)``.

Units: throughput and goodput in bit/s (``8 * packet_size`` bits per
packet), delays in seconds, rates and ratios as fractions.

The formulas of the papers:

* Reddy, Sireesha & Kumar (key ``reddy-aiad``): goodput as "the fraction of available
  bandwidth used to transmit unique packets" (:func:`goodput_fraction`),
  fairness ``(g_max - g_min) / g_avg`` (:func:`spread`), and the
  robustness scores ``d_a(e) = S_max(e) - S_a(e)``, ``C_a = max_e d_a(e)``,
  ``D_a = sum_e d_a(e)`` (the text) or its mean (Table 1) (:func:`robustness`).

Examples
--------
>>> from aimdmodel.queue import run
>>> from aimdmodel.scenario import Flow, Link, Scenario
>>> res = run(Scenario(flows=(Flow(), Flow(base_rtt=0.2)), link=Link(rate=5e6, buffer=40),
...                    duration=60.0, warmup=20.0))
>>> thr = throughput(res)
>>> thr.shape, bool(thr[0, 0] > thr[0, 1])
((1, 2), True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from .. import metrics as _core
from ..scenario import HEADER_BYTES
from .result import QueueResult

__all__ = [
    "Robustness",
    "completion_time",
    "goodput",
    "goodput_fraction",
    "jain",
    "jain_index",
    "loss_rate",
    "mean_rtt",
    "queueing_delay",
    "robustness",
    "spread",
    "throughput",
    "transfer_time",
    "utilization",
    "window",
]


def window(res: QueueResult, start: float | None = None, stop: float | None = None) -> np.ndarray:
    """Return the mask of the samples wholly inside ``[start, stop)``.

    Parameters
    ----------
    res : QueueResult
    start, stop : float, optional
        Seconds; default ``scenario.warmup`` and the end of the run.

    Raises
    ------
    ValueError
        If the window holds no whole sample.

    Examples
    --------
    >>> import numpy as np
    >>> from aimdmodel.scenario import Flow, Scenario
    >>> r = QueueResult(scenario=Scenario(flows=(Flow(),), duration=4.0), t=[0, 1, 2, 3],
    ...                 interval=1.0, sent=np.ones((4, 1)), delivered=np.ones((4, 1)),
    ...                 lost=np.zeros((4, 1)), queue=np.zeros(4), capacity=np.ones(4))
    >>> window(r, 1.0, 3.0).tolist()
    [False, True, True, False]
    """
    if not isinstance(res, QueueResult):
        raise TypeError(f"res must be a QueueResult, got {res!r}")
    lo = res.scenario.warmup if start is None else float(start)
    hi = res.scenario.duration if stop is None else float(stop)
    eps = 1e-9 * max(1.0, res.scenario.duration)
    mask = (res.t >= lo - eps) & (res.t + res.durations <= hi + eps)
    if not mask.any():
        raise ValueError(f"the window [{lo}, {hi}) holds no whole sample of {res.interval} s; "
                         f"widen it (start, stop)")
    return mask


def _span(res: QueueResult, mask: np.ndarray) -> float:
    return float(res.durations[mask].sum())


def _bits(res: QueueResult) -> int:
    return 8 * res.scenario.packet_size


def throughput(res: QueueResult, start: float | None = None,
               stop: float | None = None) -> np.ndarray:
    """Return each flow's delivered bits per second (retransmissions included), ``(R, n)``.

    Examples
    --------
    >>> from aimdmodel.queue import run
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> res = run(Scenario(flows=(Flow(),), link=Link(rate=2e6, buffer=20), duration=30.0,
    ...                    warmup=10.0))
    >>> bool(1.8e6 < throughput(res)[0, 0] <= 2e6)
    True
    """
    m = window(res, start, stop)
    return res.delivered[:, m, :].sum(axis=1) * _bits(res) / _span(res, m)


def goodput(res: QueueResult, start: float | None = None,
            stop: float | None = None) -> np.ndarray:
    """Return each flow's bits per second of packets new to the receiver, ``(R, n)``.

    Examples
    --------
    >>> from aimdmodel.queue import run
    >>> from aimdmodel.scenario import Flow, Scenario
    >>> res = run(Scenario(flows=(Flow(),), duration=10.0))
    >>> bool((goodput(res) <= throughput(res) + 1e-9).all())
    True
    """
    m = window(res, start, stop)
    return res.goodput_packets[:, m, :].sum(axis=1) * _bits(res) / _span(res, m)


def _available(res: QueueResult, mask: np.ndarray) -> np.ndarray:
    """Packets the link could carry in the window, less the cross traffic it carried, (R,)."""
    full = float((res.capacity[mask] * res.durations[mask]).sum())
    cross = 0.0 if res.cross_delivered is None else res.cross_delivered[:, mask].sum(axis=1)
    return full - cross


def goodput_fraction(res: QueueResult, start: float | None = None,
                     stop: float | None = None) -> np.ndarray:
    """Return Reddy et al.'s goodput: the flows' share of the available bandwidth, ``(R,)``.

    "The fraction of available bandwidth used to transmit unique packets" (Reddy
    et al. Sec. 2): the flows' unique delivered packets over what the link could
    carry beside the cross traffic, in ``[0, 1]``.

    Examples
    --------
    >>> from aimdmodel.queue import run
    >>> from aimdmodel.scenario import CBR, Flow, Link, Scenario
    >>> sc = Scenario(flows=(Flow(),), link=Link(rate=4e6, buffer=40), cross=(CBR(2e6),),
    ...               duration=40.0, warmup=10.0)
    >>> round(float(goodput_fraction(run(sc))[0]), 2)  # the flow takes what the CBR leaves
    1.0
    """
    m = window(res, start, stop)
    return res.goodput_packets[:, m, :].sum(axis=(1, 2)) / _available(res, m)


def loss_rate(res: QueueResult, start: float | None = None, stop: float | None = None, *,
              total: bool = False) -> np.ndarray:
    """Return lost over sent packets per flow ``(R, n)``, or of all flows ``(R,)`` with ``total``.

    NaN for a flow that sent nothing in the window.

    Examples
    --------
    >>> from aimdmodel.queue import run
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> res = run(Scenario(flows=(Flow(),), link=Link(random_loss=0.01, buffer=1000),
    ...                    duration=60.0))
    >>> bool(0.005 < loss_rate(res)[0, 0] < 0.015)
    True
    """
    m = window(res, start, stop)
    axes = (1, 2) if total else 1
    sent = res.sent[:, m, :].sum(axis=axes)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(sent > 0, res.lost[:, m, :].sum(axis=axes) / sent, np.nan)


def queueing_delay(res: QueueResult, start: float | None = None, stop: float | None = None, *,
                   percentile: float | None = None) -> np.ndarray:
    """Return the mean (or a percentile of the) queueing delay ``queue / C`` in seconds, ``(R,)``.

    Time-weighted over the samples (each sample's mean queue over its mean
    capacity): the delay a packet arriving at a random time would wait. A
    percentile (0-100) is taken over the samples.

    Examples
    --------
    >>> from aimdmodel.queue import run
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> res = run(Scenario(flows=(Flow(),), link=Link(rate=2e6, buffer=20), duration=40.0,
    ...                    warmup=10.0))
    >>> d = queueing_delay(res)[0]
    >>> bool(0 < d < 20 * 12000 / 2e6), bool(queueing_delay(res, percentile=100)[0] >= d)
    (True, True)
    """
    m = window(res, start, stop)
    if percentile is not None and not 0 <= percentile <= 100:
        raise ValueError(f"percentile must be in [0, 100], got {percentile!r}")
    d = res.queue[:, m] / res.capacity[m]
    if percentile is None:
        w = res.durations[m]
        return (d * w).sum(axis=1) / w.sum()
    return np.percentile(d, percentile, axis=1)


def mean_rtt(res: QueueResult, start: float | None = None,
             stop: float | None = None) -> np.ndarray:
    """Return each flow's mean RTT (s) over its packets that entered the queue, ``(R, n)``.

    Examples
    --------
    >>> from aimdmodel.queue import run
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> res = run(Scenario(flows=(Flow(base_rtt=0.1),), link=Link(rate=2e6, buffer=20),
    ...                    duration=30.0))
    >>> bool(0.1 <= mean_rtt(res)[0, 0] < 0.1 + 20 * 12000 / 2e6)
    True
    """
    if res.rtt is None:
        raise ValueError("res.rtt is None: this result has no RTT series")
    m = window(res, start, stop)
    w = res.sent[:, m, :] - res.lost[:, m, :]
    rtt = np.where(w > 0, res.rtt[:, m, :], 0.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(w.sum(axis=1) > 0, (rtt * w).sum(axis=1) / w.sum(axis=1), np.nan)


def utilization(res: QueueResult, start: float | None = None, stop: float | None = None, *,
                include_cross: bool = True) -> np.ndarray:
    """Return the share of the link's capacity that carried packets, ``(R,)``.

    Examples
    --------
    >>> from aimdmodel.queue import run
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> res = run(Scenario(flows=(Flow(),), link=Link(rate=2e6, buffer=20), duration=30.0,
    ...                    warmup=10.0))
    >>> bool(0.9 < utilization(res)[0] <= 1.0)
    True
    """
    m = window(res, start, stop)
    carried = res.delivered[:, m, :].sum(axis=(1, 2))
    if include_cross and res.cross_delivered is not None:
        carried = carried + res.cross_delivered[:, m].sum(axis=1)
    return carried / float((res.capacity[m] * res.durations[m]).sum())


def _active(res: QueueResult, m: np.ndarray) -> np.ndarray:
    return res.sent[:, m, :].sum(axis=1) > 0


def jain_index(res: QueueResult, start: float | None = None,
               stop: float | None = None) -> np.ndarray:
    """Return Jain's index of the flows' goodputs (those that sent in the window), ``(R,)``.

    :func:`aimdmodel.metrics.jain_index` of the goodputs; the same name as
    the synchronous model's metric and the fluid result's property (the old
    name :func:`jain` stays).

    Examples
    --------
    >>> from aimdmodel.queue import run
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> res = run(Scenario(flows=(Flow(), Flow()), link=Link(rate=4e6, buffer=40),
    ...                    duration=120.0, warmup=20.0))
    >>> bool(0.9 < jain_index(res)[0] <= 1.0)
    True
    """
    m = window(res, start, stop)
    g = res.goodput_packets[:, m, :].sum(axis=1)
    return np.asarray(_core.jain_index(g, _active(res, m)), dtype=float).reshape(-1)


jain = jain_index
"""The old name of :func:`jain_index`."""


def spread(res: QueueResult, start: float | None = None, stop: float | None = None) -> np.ndarray:
    """Return Reddy et al.'s fairness metric ``(g_max - g_min) / g_avg`` of the goodputs, ``(R,)``.

    Examples
    --------
    >>> from aimdmodel.queue import run
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> res = run(Scenario(flows=(Flow(), Flow(base_rtt=0.3)), link=Link(rate=4e6, buffer=40),
    ...                    duration=60.0, warmup=20.0))
    >>> bool(spread(res)[0] > 0.2)
    True
    """
    m = window(res, start, stop)
    g = res.goodput_packets[:, m, :].sum(axis=1)
    return np.asarray(_core.spread(g, _active(res, m)), dtype=float).reshape(-1)


def completion_time(res: QueueResult) -> np.ndarray:
    """Return each finite transfer's duration (completion - start, s; NaN: unfinished), (R, n).

    Examples
    --------
    >>> from aimdmodel.queue import run
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> sc = Scenario(flows=(Flow(size=300_000, start=1.0),), link=Link(rate=10e6, buffer=80),
    ...               duration=10.0)
    >>> d = completion_time(run(sc))[0, 0]
    >>> bool(300_000 * 8 / 10e6 < d < 5.0)
    True
    """
    if res.completion is None:
        raise ValueError("res.completion is None: this result has no completion times")
    starts = np.array([fl.start for fl in res.scenario.flows])
    return res.completion - starts


def transfer_time(res: QueueResult, nbytes: float) -> np.ndarray:
    """Return the time (s) each flow took from its start to deliver ``nbytes`` new bytes, (R, n).

    Bytes of payload, as ``Flow.size`` counts them: each packet carries
    ``packet_size - 52`` (:data:`~aimdmodel.scenario.HEADER_BYTES`). Read
    from the recorded goodput series (linear within a sample); NaN if the
    flow never delivered that much.

    Examples
    --------
    >>> from aimdmodel.queue import run
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> res = run(Scenario(flows=(Flow(),), link=Link(rate=10e6, buffer=80), duration=10.0))
    >>> bool(1e6 * 8 / 10e6 < transfer_time(res, 1e6)[0, 0] < 5.0)
    True
    """
    if not np.isfinite(nbytes) or nbytes <= 0:
        raise ValueError(f"nbytes must be finite and > 0, got {nbytes!r}")
    need = nbytes / (res.scenario.packet_size - HEADER_BYTES)
    cum = np.cumsum(res.goodput_packets, axis=1)  # (R, T, n) at the end of each sample
    R, _, n = cum.shape
    out = np.full((R, n), np.nan)
    starts = np.array([fl.start for fl in res.scenario.flows])
    for r in range(R):
        for i in range(n):
            k = int(np.searchsorted(cum[r, :, i], need - 1e-9))
            if k >= cum.shape[1]:
                continue
            before = cum[r, k - 1, i] if k > 0 else 0.0
            frac = (need - before) / max(cum[r, k, i] - before, 1e-12)
            out[r, i] = res.t[k] + frac * res.durations[k] - starts[i]
    return out


@dataclass(frozen=True)
class Robustness:
    """Reddy et al.'s robustness scores of algorithms over environments (Sec. 3, Table 1).

    Attributes
    ----------
    d : dict
        ``d[a][e] = S_max(e) - S_a(e)`` (or ``S_a(e) - S_min(e)`` when lower is
        better): how far algorithm ``a`` is from the best in environment ``e``.
    C : dict
        ``C[a] = max_e d[a][e]``, the rank (worst case; the printed Table 1
        says ``max_a``, a typo for the text's ``max_e``).
    D : dict
        ``D[a] = sum_e d[a][e]``, as the text defines it.
    D_mean : dict
        ``D[a] / |E|``, as Table 1 prints it.

    Examples
    --------
    >>> rb = robustness({"AIMD": {"CL": 0.9, "SQH": 0.5}, "AIAD": {"CL": 0.8, "SQH": 0.7}})
    >>> rb.C, rb.D_mean
    ({'AIMD': 0.2, 'AIAD': 0.1}, {'AIMD': 0.1, 'AIAD': 0.05})
    """

    d: dict
    C: dict
    D: dict
    D_mean: dict


def robustness(scores: Mapping[str, Mapping[str, float]], *,
               better: str = "higher") -> Robustness:
    """Compute Reddy et al.'s ``d_a(e)``, ``C_a``, ``D_a`` (sum and mean) from scores ``S_a(e)``.

    Parameters
    ----------
    scores : mapping
        ``scores[a][e]``: the score of algorithm ``a`` in environment ``e``;
        every algorithm needs a (finite) score in the same environments.
    better : {"higher", "lower"}
        As printed, ``d_a(e) = S_max(e) - S_a(e)`` (goodput: higher is
        better). For loss and delay, which the paper scores the same way
        although lower is better there, ``"lower"`` uses ``S_a(e) - S_min(e)``
        (the reading that makes ``d`` a distance from the best).

    Examples
    --------
    >>> robustness({"a": {"e": 0.03}, "b": {"e": 0.01}}, better="lower").d
    {'a': {'e': 0.02}, 'b': {'e': 0.0}}
    """
    if better not in ("higher", "lower"):
        raise ValueError(f"better must be one of 'higher', 'lower', got {better!r}")
    algs = list(scores)
    if not algs:
        raise ValueError("scores must hold at least one algorithm")
    envs = list(scores[algs[0]])
    for a in algs:
        if set(scores[a]) != set(envs) or not envs:
            raise ValueError(f"scores[{a!r}] must score the environments {envs} (and no other)")
        for e in envs:
            if not np.isfinite(scores[a][e]):
                raise ValueError(f"scores[{a!r}][{e!r}] must be finite, got {scores[a][e]!r}")
    pick = max if better == "higher" else min
    best = {e: pick(scores[a][e] for a in algs) for e in envs}
    sign = 1.0 if better == "higher" else -1.0
    d = {a: {e: round(sign * (best[e] - scores[a][e]), 12) + 0.0 for e in envs} for a in algs}
    C = {a: max(d[a].values()) for a in algs}
    D = {a: round(sum(d[a].values()), 12) for a in algs}
    return Robustness(d=d, C=C, D=D, D_mean={a: round(D[a] / len(envs), 12) for a in algs})
