"""The round-based bottleneck model: queue, delay, loss recovery and the TCP variants.

:func:`run` runs a :class:`~aimdmodel.scenario.Scenario` (the description
shared with the fluid model and ns-3) and returns a :class:`QueueResult`;
:mod:`aimdmodel.queue.metrics` computes throughput, goodput, loss, delay,
utilization, fairness and Reddy et al.'s robustness scores from it;
:data:`VARIANTS` documents each TCP variant with its source.

=======================  ====================================================
:mod:`.model`            :func:`run`, the time base and what the model omits
:mod:`.variants`         the TCP variants, one module each: rules, sources
:mod:`.options`          :class:`QueueOptions`, the model's options
:mod:`.sources`          Pareto cross traffic, Reddy et al.'s environments 11-13
:mod:`.result`           :class:`QueueResult`, plain arrays
:mod:`.metrics`          metrics of a result
:mod:`.plots`            drawing a result
=======================  ====================================================

Examples
--------
>>> from aimdmodel.queue import run
>>> from aimdmodel.scenario import Flow, Link, Scenario
>>> res = run(Scenario(flows=(Flow(variant="vegas"),), link=Link(rate=1e6), duration=10.0))
>>> res.model, res.n_flows
('queue', 1)
"""

from . import metrics
from .model import estimate, run
from .options import PACINGS, QueueOptions
from .result import FLOW_SERIES, QueueResult
from .sources import environment_cross
from .variants import RECOVERIES, VARIANTS, Variant, get_variant

__all__ = [
    "FLOW_SERIES",
    "PACINGS",
    "RECOVERIES",
    "VARIANTS",
    "QueueOptions",
    "QueueResult",
    "Variant",
    "environment_cross",
    "estimate",
    "get_variant",
    "metrics",
    "run",
]
