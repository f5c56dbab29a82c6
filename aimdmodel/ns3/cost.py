"""The measured cost of the two ways a policy runs inside ns-3 (:mod:`aimdmodel.ns3.rules`).

:func:`rule_cost` times (1) one call of a rule's methods from C++ (a loop
of ``init``, ``increase``, ``window``, ``decrease``, ``window`` timed
with ``std::chrono``), for the generated C++ rule and for the Python rule
(cppyy cross-inheritance), and (2) the same ns-3 scenario with each, and
checks that both runs are the same run (equal packet counts).
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass

import numpy as np

from ..policies import AIMD, Policy
from ..scenario import Flow, Link, Scenario
from .options import Ns3Options

__all__ = ["RuleCost", "rule_cost"]


@dataclass(frozen=True)
class RuleCost:
    """What running a policy's rule inside ns-3 costs, both ways.

    Attributes
    ----------
    policy : Policy
    per_call : dict
        Seconds per rule-method call from C++: ``generated``, ``python``.
    run_seconds : dict
        Wall-clock seconds of the ns-3 run: ``generated``, ``python``.
    python_calls : int
        Calls into Python during the Python rule's run (a round of
        congestion avoidance costs four, a loss event five).
    same_run : bool
        Whether both runs delivered, lost and sent the same packets.
    scenario : Scenario
        The scenario that was run.
    """

    policy: Policy
    per_call: dict
    run_seconds: dict
    python_calls: int
    same_run: bool
    scenario: Scenario

    def summary(self) -> str:
        """One line: the per-call costs, their ratio and the runs' wall-clock times."""
        g, p = self.per_call["generated"], self.per_call["python"]
        rg, rp = self.run_seconds["generated"], self.run_seconds["python"]
        return (f"{self.policy.label()}: per call {g * 1e9:.0f} ns (generated C++) vs "
                f"{p * 1e9:.0f} ns (Python rule), x{p / g:.0f}; ns-3 run {rg:.2f} s vs "
                f"{rp:.2f} s ({self.python_calls} calls into Python); same run: "
                f"{self.same_run}")


def _default_scenario(policy: Policy) -> Scenario:
    flows = tuple(Flow(variant="sack", policy=policy, base_rtt=0.06) for _ in range(4))
    return Scenario(flows=flows, link=Link(rate=10e6, delay=0.01, buffer=50), duration=30.0)


def rule_cost(policy: Policy | None = None, *, calls: int = 200_000,
              scenario: Scenario | None = None) -> RuleCost:
    """Measure both ways of running ``policy`` (default AIMD(1, 1/2)) inside ns-3.

    Parameters
    ----------
    policy : Policy, optional
    calls : int
        Loop iterations of the per-call timing (5 method calls each).
    scenario : Scenario, optional
        The ns-3 run to time (default: 4 SACK flows with the policy, 10
        Mbit/s, 50-packet DropTail buffer, 30 s); its flows' policies are
        replaced by ``policy``.

    Examples
    --------
    >>> cost = rule_cost(calls=1000)  # doctest: +SKIP
    >>> cost.same_run  # doctest: +SKIP
    True
    """
    from ._loader import load
    from .dumbbell import run as ns3_run
    from .rules import instantiate

    policy = AIMD() if policy is None else policy
    sc = scenario or _default_scenario(policy)
    sc = dataclasses.replace(sc, flows=tuple(dataclasses.replace(f, policy=policy)
                                             for f in sc.flows))
    gbl = load()
    per_call, run_seconds, results = {}, {}, {}
    for mode in ("generated", "python"):
        rule, _ = instantiate(policy, mode)
        gbl.aimdns3.TimeRule(rule, 1000)  # warm up (the first Python call is slower)
        per_call[mode] = float(gbl.aimdns3.TimeRule(rule, int(calls if mode == "generated"
                                                             else max(calls // 20, 100))))
        t0 = time.perf_counter()
        results[mode] = ns3_run(sc, options=Ns3Options(rule=mode))
        run_seconds[mode] = time.perf_counter() - t0
    a, b = results["generated"], results["python"]
    same = all(np.array_equal(getattr(a, k), getattr(b, k))
               for k in ("sent", "delivered", "lost"))
    flows = results["python"].options["flows"]
    n_calls = sum(f["python_calls"] for f in flows)
    return RuleCost(policy, per_call, run_seconds, n_calls, same, sc)
