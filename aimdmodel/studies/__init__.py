"""Studies: generic families of queue-model experiments, each the shape of a simulator set-up.

Each function runs a family of :class:`~aimdmodel.scenario.Scenario` in the
round-based queue model (:mod:`aimdmodel.queue`) and returns a frozen result
with the numbers a figure or a table shows, and a ``.plot(ax=None)`` that
hands it to :mod:`aimdmodel.studies.plots`, which only draws. The functions
know no paper: every number a paper prints, and every value chosen where it
prints none, is passed in by the caller (:mod:`papers.setups` for the papers'
set-ups; the papers named below are where each family comes from).

=======================  ============================  =====================================
function                 result                        set-up
=======================  ============================  =====================================
``cbr_load``             :class:`CBRLoadData`          TCP variants against a CBR load
                                                       (Bazi & Nassereddine 2019)
``robustness_grid``      :class:`RobustnessData`       linear controls x recoveries x
                                                       disciplines x 13 environments
                                                       (Reddy et al.)
``flows_sweep``          :class:`FlowsSweepData`       N flows of a rule, long-lived or
                                                       transfers (Jasem et al. 2010,
                                                       Lahanas & Tsaoussidis 2003)
``churn``                :class:`ChurnData`            groups of flows joining or leaving
                                                       (Lahanas & Tsaoussidis 2003)
``random_loss``          :class:`RandomLossData`       one flow under random loss p
                                                       (Mehta & Dahiya's citations)
``low_priority``         :class:`LowPriorityData`      best-effort and low-priority flows
                                                       (Mehta & Dahiya's citations)
=======================  ============================  =====================================

Many runs go through :func:`run_tasks` (in order, or on worker processes,
with a progress bar); every run is deterministic given its seed.

Examples
--------
>>> from aimdmodel.studies import cbr_load
>>> d = cbr_load(("sack",), [3e6], duration=10.0, warmup=2.0)
>>> d.variants, d.cbr_rates.tolist()
(('sack',), [3000000.0])
"""

from ._runs import Task, run_tasks
from .cbr import CBRLoadData, cbr_load
from .dumbbell import ChurnData, FlowsSweepData, churn, flows_sweep
from .robustness import (
    DEFAULT_SETTINGS,
    ROBUSTNESS_METRICS,
    RobustnessData,
    combine,
    environment_network,
    robustness_grid,
    setting_name,
)
from .wireless import LowPriorityData, RandomLossData, low_priority, random_loss

__all__ = [
    "DEFAULT_SETTINGS",
    "ROBUSTNESS_METRICS",
    "CBRLoadData",
    "ChurnData",
    "FlowsSweepData",
    "LowPriorityData",
    "RandomLossData",
    "RobustnessData",
    "Task",
    "cbr_load",
    "churn",
    "combine",
    "environment_network",
    "flows_sweep",
    "low_priority",
    "random_loss",
    "robustness_grid",
    "run_tasks",
    "setting_name",
]
