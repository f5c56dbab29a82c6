"""ns-3 as the referee: a Scenario, and the policies' own rules, run packet by packet.

ns-3 (3.44, GPL-2) is the optional extra ``ns3`` (``pip install -e
'.[ns3]'``); importing this package does not load it, the first run does
(seconds: ns-3's headers and the bridge's C++ are compiled by cppyy).
Without it, a run raises :class:`Ns3Unavailable` naming the extra.

=======================  ====================================================
:mod:`.dumbbell`         :func:`run` (a :class:`~aimdmodel.queue.QueueResult`,
                         ``model="ns3"``), :func:`trace`, the topology
:mod:`.options`          :class:`Ns3Options`: ns-3's defaults, set explicitly
:mod:`.variants`         :data:`NS3_VARIANTS`: ns-3 type or run-time op
:mod:`.rules`            a policy as ns-3 congestion control (generated C++
                         or the Python rule)
:mod:`.cost`             the measured cost of the two ways
:mod:`.validate`         the queue and fluid models against ns-3
:mod:`.goals`            the validation goals, one metric compared
:mod:`.report`           the validation's Markdown and figure
:mod:`.commands`         ``aimdmodel validate --against ns3``
=======================  ====================================================

Examples
--------
>>> from aimdmodel.ns3 import NS3_VARIANTS, Ns3Options
>>> NS3_VARIANTS["westwood"].congestion_ops, Ns3Options().initial_window
('ns3::TcpWestwoodPlus', 3)
"""

from ._loader import EXTRA_HINT, Ns3Unavailable, available, version
from .dumbbell import Ns3Traces, check_scenario, run, trace
from .options import Ns3Options
from .rules import CxxRule, generate
from .variants import NS3_VARIANTS, Ns3Variant

__all__ = [
    "EXTRA_HINT",
    "NS3_VARIANTS",
    "CxxRule",
    "Ns3Options",
    "Ns3Traces",
    "Ns3Unavailable",
    "Ns3Variant",
    "available",
    "check_scenario",
    "generate",
    "run",
    "trace",
    "version",
]
