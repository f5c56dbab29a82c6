"""Bazi & Nassereddine 2019 (seed 001): the numbers and lists the paper prints, quoted.

"Comparative study of TCP congestion control algorithms", IJATCSE 8(6)
2019: the CBR scenarios of Sec. 3 (24 scenarios, CBR from 1 to 12 Mb in
steps of 0.5, 10 Mb links), the variants it studies and how its abstract,
Fig. 2's text and its conclusion list them; and :class:`LossResponse`, the
reaction to a loss that Sec. 2 describes for Tahoe and Reno, as a rule of the
synchronous model. The claims ledger (:mod:`paper_checks.bazi2019`) checks
them.

Examples
--------
>>> SCENARIOS, CBR_FROM, CBR_TO, CBR_STEP
(24, Fraction(1, 1), Fraction(12, 1), Fraction(1, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple

import numpy as np

from aimdmodel._validate import check_choice
from aimdmodel.policies import Policy

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
