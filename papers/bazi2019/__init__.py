"""Bazi & Nassereddine 2019: the numbers and lists the paper prints, quoted.

"Comparative study of TCP congestion control algorithms", IJATCSE 8(6)
2019: the CBR scenarios of Sec. 3 (24 scenarios, CBR from 1 to 12 Mb in
steps of 0.5, 10 Mb links), the variants it studies and how its abstract,
Fig. 2's text and its conclusion list them; :class:`LossResponse`, the
reaction to a loss that Sec. 2 describes for Tahoe and Reno, as a rule of the
synchronous model; and :func:`sec3_metrics`, Sec. 3's throughput, latency and
"packet delivery ratio" of a queue-model run, as printed and as corrected.
Its claims (:mod:`papers.bazi2019.claims`, run by the ledger
:mod:`paper_checks`) check them.

Examples
--------
>>> SCENARIOS, CBR_FROM, CBR_TO, CBR_STEP
(24, Fraction(1, 1), Fraction(12, 1), Fraction(1, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

import numpy as np

from aimdmodel._validate import check_choice
from aimdmodel.policies import Policy

if TYPE_CHECKING:
    from aimdmodel.queue.result import QueueResult

__all__ = [
    "AVERAGED_COUNT",
    "CBR_FROM",
    "CBR_STEP",
    "CBR_TO",
    "FIG2_MIN_MAX",
    "LINK_MB",
    "LOSS_BASED_ABSTRACT",
    "LOSS_BASED_CONCLUSION",
    "SCENARIOS",
    "VARIANTS",
    "LossResponse",
    "LossResponseState",
    "Sec3Metrics",
    "sec3_metrics",
]

SCENARIOS = 24
"""Abstract and Sec. 3: "each variant undergoes 24 different scenarios"."""
CBR_FROM, CBR_TO, CBR_STEP = Fraction(1), Fraction(12), Fraction(1, 2)
"""Sec. 3: "the values of the CBR are varied from 1 to 12 with an increment of 0.5 MB"."""
LINK_MB = Fraction(10)
"""Sec. 3: "links between adjacent nodes are 10 MB"."""
VARIANTS = frozenset({"Tahoe", "Reno", "NewReno", "Vegas", "SACK", "FACK"})
"""The abstract's six variants."""
AVERAGED_COUNT = 5
"""Fig. 2's text: "we have plotted the throughput averages for the five flavors"."""
LOSS_BASED_ABSTRACT = frozenset({"Tahoe", "Reno", "NewReno", "SACK"})
"""The abstract's loss-based variants."""
LOSS_BASED_CONCLUSION = frozenset({"Tahoe", "Reno", "NewReno", "FACK"})
"""The conclusion's loss-based variants."""
FIG2_MIN_MAX = ("Vegas", "Vegas")
"""Fig. 2's text: "TCP Vegas has a minimum value while TCP Vegas has the maximum"."""


class LossResponseState(NamedTuple):
    """State of :class:`LossResponse`: the window ``w`` and the slow-start threshold ``ss``.

    Examples
    --------
    >>> LossResponse().init(8)
    LossResponseState(w=8, ss=8)
    """

    w: Any
    ss: Any


@dataclass(frozen=True, repr=False)
class LossResponse(Policy):
    """A TCP's reaction to a loss as Sec. 2 describes it, in the synchronous model.

    On congestion the threshold is set (``ssthresh="cwnd"``: to the window
    at the loss, as the paper writes for Tahoe; ``"half"``: to half of it,
    RFC 5681's FlightSize/2) and the window restarts (``restart="one"``: at
    1 MSS, Tahoe; ``"half"``: at half the window, Reno's exit from fast
    recovery). Without a loss the window doubles while below the threshold
    (slow start, capped at the threshold) and grows by ``a`` above it
    (congestion avoidance). Each flow starts in congestion avoidance
    (threshold = its initial window).

    Parameters
    ----------
    ssthresh : {"cwnd", "half"}
    restart : {"one", "half"}
    a : number
        Additive increase per RTT (default 1).

    Examples
    --------
    >>> from fractions import Fraction
    >>> p = LossResponse()
    >>> s = p.decrease(p.init(Fraction(40)))
    >>> [str(v) for v in (s.w, s.ss)]
    ['1', '40']
    >>> [str(p.window(s := p.increase(s))) for _ in range(7)]
    ['2', '4', '8', '16', '32', '40', '41']
    """

    ssthresh: str = "cwnd"
    restart: str = "one"
    a: Any = 1

    name: ClassVar[str] = "loss-response"
    display_name: ClassVar[str] = "loss response (Sec. 2)"

    def _validate(self) -> None:
        check_choice("ssthresh", self.ssthresh, ("cwnd", "half"))
        check_choice("restart", self.restart, ("one", "half"))

    def init(self, x: Any) -> LossResponseState:
        return LossResponseState(x, x)

    def window(self, s: LossResponseState) -> Any:
        return s.w

    def increase(self, s: LossResponseState) -> LossResponseState:
        slow = np.asarray(s.w < s.ss)
        doubled = np.where(np.asarray(2 * s.w > s.ss), s.ss, 2 * s.w)
        return LossResponseState(np.where(slow, doubled, s.w + self.a)[()], s.ss)

    def decrease(self, s: LossResponseState) -> LossResponseState:
        ss = s.w if self.ssthresh == "cwnd" else s.w / 2
        w = s.w * 0 + 1 if self.restart == "one" else s.w / 2
        return LossResponseState(w, ss)


@dataclass(frozen=True)
class Sec3Metrics:
    """Sec. 3's three metrics of one queue-model run, as printed and as corrected (per flow,
    ``(R, n)``).

    Attributes
    ----------
    throughput_printed : ndarray
        ``TotalBitsReceived / (FirstPacketSentTime - LastPacketReceivedTime)``
        (bit/s), negative as printed.
    throughput : ndarray
        The corrected denominator ``LastPacketReceivedTime - FirstPacketSentTime``.
    latency_printed : ndarray
        ``sum(AckTime - SentTime) / TotalPacketNumber`` (s): the RTTs of the
        acknowledged packets over *all* packets sent.
    latency : ndarray
        The mean RTT of the acknowledged packets (the printed formula when no
        packet is lost); the one-way latency is about half of it.
    delivery_ratio_printed : ndarray
        ``(Sent - Received) / Sent``: the loss ratio, under the name PDR.
    delivery_ratio : ndarray
        ``Received / Sent``.

    Examples
    --------
    >>> from aimdmodel.queue import run
    >>> from aimdmodel.scenario import Flow, Scenario
    >>> m = sec3_metrics(run(Scenario(flows=(Flow(),), duration=10.0)))
    >>> bool(m.throughput_printed[0, 0] < 0 < m.throughput[0, 0])
    True
    """

    throughput_printed: np.ndarray
    throughput: np.ndarray
    latency_printed: np.ndarray
    latency: np.ndarray
    delivery_ratio_printed: np.ndarray
    delivery_ratio: np.ndarray


def sec3_metrics(res: QueueResult, start: float | None = None,
                 stop: float | None = None) -> Sec3Metrics:
    """Compute the paper's formulas (Sec. 3) per flow, as printed and corrected.

    The first packet's send time and the last packet's reception time are
    read at sample resolution (the start of the first sample with a packet
    sent, the end of the last with a packet delivered). The corrected forms
    follow the ledger (``papers/bazi2019/claims.py``: the throughput's
    denominator is reversed, the latency formula is the mean RTT only
    without loss, the "delivery ratio" is the loss ratio).

    Examples
    --------
    >>> from aimdmodel.queue import run
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> res = run(Scenario(flows=(Flow(),), link=Link(random_loss=0.02, buffer=500),
    ...                    duration=20.0))
    >>> m = sec3_metrics(res)
    >>> bool(abs(m.delivery_ratio_printed[0, 0] + m.delivery_ratio[0, 0] - 1) < 1e-12)
    True
    """
    from aimdmodel.queue.metrics import window

    m = window(res, start, stop)
    sent, got = res.sent[:, m, :], res.delivered[:, m, :]
    t, dur = res.t[m], res.durations[m]
    first = np.where(sent.any(axis=1), t[np.argmax(sent > 0, axis=1)], np.nan)
    last_k = sent.shape[1] - 1 - np.argmax(got[:, ::-1, :] > 0, axis=1)
    last = np.where(got.any(axis=1), t[last_k] + dur[last_k], np.nan)
    bits = got.sum(axis=1) * 8 * res.scenario.packet_size
    acc = sent - res.lost[:, m, :]
    rtt_sum = np.nansum(np.where(acc > 0, res.rtt[:, m, :], 0.0) * acc, axis=1) \
        if res.rtt is not None else np.full(bits.shape, np.nan)
    n_sent, n_acc = sent.sum(axis=1), acc.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return Sec3Metrics(
            throughput_printed=bits / (first - last), throughput=bits / (last - first),
            latency_printed=rtt_sum / n_sent, latency=rtt_sum / n_acc,
            delivery_ratio_printed=(n_sent - got.sum(axis=1)) / n_sent,
            delivery_ratio=got.sum(axis=1) / n_sent,
        )
