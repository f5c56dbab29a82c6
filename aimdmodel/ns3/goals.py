"""The validation goals and how one metric of a model is compared with ns-3.

Examples
--------
>>> Difference.of("queueing_delay", ns3=0.04, model=0.05).met
False
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["GOALS", "METRICS", "Difference"]

METRICS = ("throughput", "utilization", "loss_rate", "queueing_delay")
"""The compared metrics (see the module docstring)."""

GOALS = {"throughput": ("relative", 0.10), "utilization": ("relative", 0.10),
         "loss_rate": ("factor", 1.5), "queueing_delay": ("relative", 0.20)}
"""Each metric's comparison and bound."""

_ZERO_LOSS = 1e-5


@dataclass(frozen=True)
class Difference:
    """One metric of one model against ns-3.

    Examples
    --------
    >>> d = Difference.of("loss_rate", ns3=0.01, model=0.02)
    >>> d.value, d.met
    (2.0, False)
    """

    metric: str
    ns3: float
    model: float
    value: float          # relative difference, or the ratio model/ns3 for the loss rate
    met: bool

    @classmethod
    def of(cls, metric: str, *, ns3: float, model: float) -> Difference:
        """Compare ``model`` with ``ns3`` by the metric's rule (:data:`GOALS`)."""
        kind, bound = GOALS[metric]
        if kind == "factor":
            if ns3 < _ZERO_LOSS and model < _ZERO_LOSS:
                return cls(metric, ns3, model, 1.0, True)
            ratio = model / ns3 if ns3 > 0 else math.inf
            met = 0 < ratio < math.inf and max(ratio, 1 / ratio) <= bound
            return cls(metric, ns3, model, ratio, bool(met))
        rel = (model - ns3) / ns3 if ns3 != 0 else (0.0 if model == 0 else math.inf)
        return cls(metric, ns3, model, rel, bool(abs(rel) <= bound))
