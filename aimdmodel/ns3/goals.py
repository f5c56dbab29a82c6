"""The goals a model is held to against ns-3, and how one metric is compared.

Two kinds of goal (:data:`GOALS`): scalar metrics of the whole bottleneck
(utilization, loss rate, mean queueing delay, summed throughput) and
flow-by-flow ones (each flow's goodput or the share ratio between flows,
timeouts). A relative difference is ``(model - ns3) / ns3``; a rate or a
count is compared by its ratio ``model / ns3``.

============================  ==========================================  ==============
metric                        definition (every model, per run)           goal
============================  ==========================================  ==============
throughput                    TCP flows' delivered bit/s, summed          info only
utilization                   carried / capacity (cross included)         5 %
loss rate                     lost / sent, all packets                    x 1.5
mean queueing delay           time-average queue / capacity               25 % (or less
                                                                          than 1 packet
                                                                          time apart)
goodput (per flow)            each flow's bit/s new to its receiver       every flow
                                                                          within 15 %, or
                                                                          the share ratio
                                                                          within x 1.5
timeouts                      retransmission timeouts, summed over flows  x 2 where ns-3
                                                                          has more than 5
============================  ==========================================  ==============

The share ratio is the largest flow goodput over the smallest (1 for one
flow, where only the per-flow bound applies). The queueing-delay floor is
one packet's service time ``1/C``: a packet-level queue cannot be read
finer than that, so two delays closer than it are the same queue.

Examples
--------
>>> Difference.of("queueing_delay", ns3=0.04, model=0.05).met
False
>>> Difference.of("queueing_delay", ns3=7.6e-5, model=0.0, floor=1.2e-3).met
True
>>> share_ratio([6e6, 2e6])
3.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

MODELS = ("queue", "packet", "fluid")
"""The models ``validate`` compares with ns-3: the queue model's round-based mode
(``queue``), its packet-level mode (``packet``), the fluid model (``fluid``)."""

__all__ = ["FLOW_METRICS", "GOALS", "METRICS", "MODELS", "Difference", "FlowComparison",
           "jain_index", "share_ratio"]

METRICS = ("throughput", "utilization", "loss_rate", "queueing_delay")
"""The scalar metrics (see the module docstring)."""

FLOW_METRICS = ("goodput", "timeouts")
"""The flow-by-flow goals (see :class:`FlowComparison`)."""

GOALS = {"throughput": ("relative", math.inf), "utilization": ("relative", 0.05),
         "loss_rate": ("factor", 1.5), "queueing_delay": ("relative", 0.25),
         "goodput": ("relative", 0.15), "share_ratio": ("factor", 1.5),
         "timeouts": ("factor", 2.0)}
"""Each metric's comparison and bound (``inf``: reported, never missed)."""

TIMEOUTS_COUNTED_ABOVE = 5.0
"""The timeout goal applies where ns-3 has more than this many per run."""

_ZERO_LOSS = 1e-5


@dataclass(frozen=True)
class Difference:
    """One metric of one model against ns-3.

    Attributes
    ----------
    metric : str
        A key of :data:`GOALS`.
    ns3, model : float
        The two values.
    value : float
        The relative difference, or the ratio ``model / ns3`` for a
        ``"factor"`` goal.
    met : bool
        Within the goal.

    Examples
    --------
    >>> d = Difference.of("loss_rate", ns3=0.01, model=0.02)
    >>> d.value, d.met
    (2.0, False)
    """

    metric: str
    ns3: float
    model: float
    value: float
    met: bool

    @classmethod
    def of(cls, metric: str, *, ns3: float, model: float, floor: float = 0.0) -> Difference:
        """Compare ``model`` with ``ns3`` by the metric's rule (:data:`GOALS`).

        ``floor``: two values at most this far apart meet the goal whatever
        their ratio (the queueing delay's one packet time).
        """
        kind, bound = GOALS[metric]
        if kind == "factor":
            if ns3 < _ZERO_LOSS and model < _ZERO_LOSS:
                return cls(metric, ns3, model, 1.0, True)
            ratio = model / ns3 if ns3 > 0 else math.inf
            met = 0 < ratio < math.inf and max(ratio, 1 / ratio) <= bound
            return cls(metric, ns3, model, ratio, bool(met or abs(model - ns3) <= floor))
        rel = (model - ns3) / ns3 if ns3 != 0 else (0.0 if model == 0 else math.inf)
        return cls(metric, ns3, model, rel, bool(abs(rel) <= bound or abs(model - ns3) <= floor))


def share_ratio(goodputs: Sequence[float]) -> float:
    """Return the largest goodput over the smallest (inf when one flow got nothing).

    Examples
    --------
    >>> share_ratio([5.0, 5.0]), share_ratio([1.0, 0.0])
    (1.0, inf)
    """
    g = [float(x) for x in goodputs]
    lo, hi = min(g), max(g)
    if hi <= 0:
        return 1.0
    return math.inf if lo <= 0 else hi / lo


def jain_index(goodputs: Sequence[float]) -> float:
    """Return Jain's fairness index ``(sum x)^2 / (n sum x^2)`` (1 when all are zero).

    Examples
    --------
    >>> jain_index([1.0, 1.0]), round(jain_index([3.0, 1.0]), 3)
    (1.0, 0.8)
    """
    g = [float(x) for x in goodputs]
    sq = sum(x * x for x in g)
    return 1.0 if sq == 0 else sum(g) ** 2 / (len(g) * sq)


@dataclass(frozen=True)
class FlowComparison:
    """One scenario's flows in a model against ns-3.

    Attributes
    ----------
    goodput : tuple of Difference
        Per flow (mean over the runs).
    share : Difference
        The share ratios (:func:`share_ratio`), compared as a factor.
    jain : tuple of float
        Jain's index in ns-3 and in the model (reported, not a goal).
    timeouts : Difference or None
        Timeouts summed over the flows, per run; None where ns-3 has no
        more than :data:`TIMEOUTS_COUNTED_ABOVE` (the goal does not apply)
        or the model does not count them.

    Examples
    --------
    >>> c = FlowComparison.of([7e6, 3e6], [5e6, 5e6], ns3_timeouts=1, model_timeouts=0)
    >>> c.goodput_met, round(c.share.value, 3), c.timeouts is None
    (False, 0.429, True)
    """

    goodput: tuple
    share: Difference
    jain: tuple
    timeouts: Difference | None

    @property
    def goodput_met(self) -> bool:
        """Every flow within its bound, or (two flows or more) the share ratio within its."""
        if all(d.met for d in self.goodput):
            return True
        return len(self.goodput) > 1 and self.share.met

    @classmethod
    def of(cls, ns3: Sequence[float], model: Sequence[float], *, ns3_timeouts: float | None,
           model_timeouts: float | None) -> FlowComparison:
        """Compare per-flow goodputs and the timeout counts (see the class)."""
        if len(ns3) != len(model):
            raise ValueError(f"ns3 and model must have one goodput per flow, got {len(ns3)} and "
                             f"{len(model)}")
        good = tuple(Difference.of("goodput", ns3=a, model=b)
                     for a, b in zip(ns3, model, strict=True))
        share = Difference.of("share_ratio", ns3=share_ratio(ns3), model=share_ratio(model))
        to = None
        if (ns3_timeouts is not None and model_timeouts is not None
                and ns3_timeouts > TIMEOUTS_COUNTED_ABOVE):
            to = Difference.of("timeouts", ns3=ns3_timeouts, model=model_timeouts)
        return cls(good, share, (jain_index(ns3), jain_index(model)), to)
