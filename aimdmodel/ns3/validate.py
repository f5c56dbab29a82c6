"""The queue and fluid models against ns-3: a reference set, per-metric differences, a verdict.

:func:`reference_set` is the set of scenarios (one and several flows,
DropTail and RED, buffers of 0.1, 1 and 2 bandwidth-delay products, random
loss, CBR load, every variant, the seeds' policies); :func:`validate` runs
each in ns-3 (:func:`aimdmodel.ns3.run`), the round-based queue model
(:func:`aimdmodel.queue.run`) and the fluid model
(:func:`aimdmodel.fluid.run_scenario`, where the tree has it and the model
expresses the scenario) and compares four metrics over ``[warmup,
duration)`` with the validation goals:

===============================  =================================  ======
metric                           definition (all models)            goal
===============================  =================================  ======
throughput                       TCP flows' delivered bit/s, summed  10 %
utilization                      carried / capacity (cross included) 10 %
loss rate                        lost / sent, all packets            x 1.5
mean queueing delay              time-average queue / capacity       20 %
===============================  =================================  ======

A relative difference is ``(model - ns3) / ns3``; the loss rates are
compared by their ratio ``model / ns3`` (met when within a factor 1.5 either
way; both below 1e-5 counts as equal). A model that cannot express a
scenario has no row value and says why. The diagnostics beside the
numbers (timeouts, fast retransmits, duplicate deliveries) say where a
model misses.

Examples
--------
>>> cases = reference_set(quick=True)
>>> len(cases) >= 5, cases[0].name
(True, '1 flow, SACK, DropTail 1 BDP')
>>> rel = Difference.of("throughput", ns3=10.0, model=9.5)
>>> rel.value, rel.met
(-0.05, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..policies import AIMDFC, AIMDFCPlus
from ..scenario import CBR, RED, Flow, Link, Scenario
from .goals import GOALS, METRICS, Difference
from .options import Ns3Options

__all__ = ["GOALS", "METRICS", "Case", "Difference", "Validation", "reference_set", "validate"]

@dataclass(frozen=True)
class Case:
    """One scenario of the reference set, with what it exercises."""

    name: str
    scenario: Scenario
    what: str
    ns3: dict = field(default_factory=dict)  # Ns3Options overrides for this case
    replications: int = 1                    # runs averaged (ns-3 and the queue model)


def _bdp(rate: float, rtt: float, packet: int = 1500) -> float:
    return rate * rtt / (8 * packet)


def _case(name: str, what: str, flows: Sequence[Flow], *, buffer_bdp: float = 1.0,
          discipline: str = "droptail", red: RED | None = None, loss: float = 0.0,
          cross: tuple = (), duration: float = 60.0, warmup: float = 20.0,
          rate: float = 10e6, replications: int = 1, **ns3: Any) -> Case:
    rtt = min(f.base_rtt for f in flows)
    buf = max(2, round(buffer_bdp * _bdp(rate, rtt)))
    link = Link(rate=rate, delay=0.01, buffer=buf, discipline=discipline, red=red,
                random_loss=loss)
    sc = Scenario(flows=tuple(flows), link=link, duration=duration, warmup=warmup,
                  cross=cross, seed=1)
    return Case(name, sc, what, dict(ns3), replications)


def _flows(n: int, variant: str = "sack", rtt: float = 0.06, policy: Any = None) -> list:
    return [Flow(variant=variant, base_rtt=rtt, policy=policy) for _ in range(n)]


def _core_cases(d: float, w: float) -> list:
    red = RED(min_th=10, max_th=30, max_p=0.1, w_q=0.002)
    return [
        _case("1 flow, SACK, DropTail 1 BDP", "one long flow, buffer = BDP (50 packets)",
              _flows(1), duration=d, warmup=w),
        _case("1 flow, SACK, DropTail 0.1 BDP", "small buffer: utilization below 1",
              _flows(1), buffer_bdp=0.1, duration=d, warmup=w),
        _case("1 flow, SACK, DropTail 2 BDP", "large buffer: a standing queue",
              _flows(1), buffer_bdp=2.0, duration=d, warmup=w),
        _case("4 flows, SACK, DropTail 0.1 BDP", "several flows, small buffer",
              _flows(4), buffer_bdp=0.1, duration=d, warmup=w),
        _case("4 flows, SACK, DropTail 1 BDP", "several flows, buffer = BDP",
              _flows(4), duration=d, warmup=w),
        _case("4 flows, SACK, DropTail 2 BDP", "several flows, large buffer",
              _flows(4), buffer_bdp=2.0, duration=d, warmup=w),
        _case("4 flows, SACK, RED 2 BDP", "RED (min 10, max 30, max_p 0.1, w_q 0.002)",
              _flows(4), buffer_bdp=2.0, discipline="red", red=red, duration=d, warmup=w),
        _case("8 flows, SACK, RED 2 BDP", "RED with more flows",
              _flows(8), buffer_bdp=2.0, discipline="red", red=red, duration=d, warmup=w),
        _case("2 flows, RTT 40/80 ms, DropTail 1 BDP", "RTT unfairness",
              [Flow(variant="sack", base_rtt=0.04), Flow(variant="sack", base_rtt=0.08)],
              duration=d, warmup=w),
        _case("1 flow, SACK, random loss 1%", "Mathis/PFTK regime, buffer 2 BDP (3 runs)",
              _flows(1), buffer_bdp=2.0, loss=0.01, duration=d, warmup=w, replications=3),
        _case("1 flow, SACK, random loss 0.1%", "random loss and congestion (3 runs)",
              _flows(1), buffer_bdp=2.0, loss=0.001, duration=d, warmup=w, replications=3),
        _case("4 flows + CBR 3 Mbit/s, DropTail 1 BDP", "CBR load on the bottleneck",
              _flows(4), cross=(CBR(3e6),), duration=d, warmup=w),
    ]


def _variant_cases(d: float, w: float) -> list:
    out = []
    for v in ("tahoe", "reno", "newreno", "sack", "fack", "vegas", "westwood", "veno", "lp",
              "cubic"):
        extra = {"approximate": True} if v in ("reno", "fack") else {}
        out.append(_case(f"2 flows, {v}, DropTail 1 BDP", f"variant {v}", _flows(2, v),
                         duration=d, warmup=w, **extra))
    out.append(_case("2 flows, newreno, DropTail 1 BDP, ns-3 PRR recovery",
                     "ns-3's default recovery (RFC 6937) instead of the classic one",
                     _flows(2, "newreno"), duration=d, warmup=w, recovery="prr"))
    out.append(_case("2 flows, sack, DropTail 1 BDP, ns-3 TcpNewReno",
                     "ns-3's TcpNewReno: ssthresh = max(flight/2, 2) instead of cwnd/2",
                     _flows(2, "sack"), duration=d, warmup=w, reno_ops="newreno"))
    for pol in (AIMDFC(), AIMDFCPlus()):
        out.append(_case(f"4 flows, SACK + {pol.label()}, DropTail 1 BDP",
                         "a seed's policy in every model (ns-3: generated C++ op)",
                         _flows(4, policy=pol), duration=d, warmup=w))
    return out


def reference_set(*, quick: bool = False) -> tuple[Case, ...]:
    """Return the reference scenarios (``quick``: six of them, 30 s each).

    Every scenario: a 10 Mbit/s bottleneck with 10 ms delay, 1500-byte
    packets, base RTT 60 ms (BDP 50 packets) unless said otherwise, seed 1;
    the full set runs 60 s with a 20 s warm-up.
    """
    if quick:
        cases = _core_cases(30.0, 10.0)
        keep = (0, 3, 6, 9, 11)
        return (*[cases[i] for i in keep],
                _case("2 flows, vegas, DropTail 1 BDP", "variant vegas", _flows(2, "vegas"),
                      duration=30.0, warmup=10.0))
    return (*_core_cases(60.0, 20.0), *_variant_cases(60.0, 20.0))


def _queue_values(res: Any) -> tuple[dict, dict]:
    from ..queue import metrics as qm

    lost = res.lost.sum(axis=2) + (0 if res.cross_lost is None else res.cross_lost)
    sent = res.sent.sum(axis=2) + (0 if res.cross_sent is None else res.cross_sent)
    m = qm.window(res)
    values = {  # means over the replications
        "throughput": float(qm.throughput(res).sum(axis=1).mean()),
        "utilization": float(qm.utilization(res).mean()),
        "loss_rate": float((lost[:, m].sum(axis=1) / np.maximum(sent[:, m].sum(axis=1), 1))
                           .mean()),
        "queueing_delay": float(qm.queueing_delay(res).mean()),
    }
    good = float(qm.goodput(res).sum(axis=1).mean())
    runs = res.n_replications
    diag = {"timeouts": (float(np.nansum(res.timeouts)) / runs
                         if res.timeouts is not None else None),
            "fast_retransmits": (float(np.nansum(res.fast_retransmits)) / runs
                                 if res.fast_retransmits is not None else None),
            "duplicates": 1 - good / values["throughput"] if values["throughput"] else 0.0}
    return values, diag


def _fluid_values(res: Any, scenario: Scenario) -> dict:
    bits = 8.0 * scenario.packet_size
    cap = float(np.mean(np.atleast_1d(scenario.link.rate))) / bits
    return {"throughput": float(np.sum(res.throughput) * bits),
            "utilization": float(res.utilization), "loss_rate": float(res.loss_rate),
            "queueing_delay": float(res.mean_queue / cap)}


def _run_models(case: Case, models: Sequence[str], options: Ns3Options) -> dict:
    """Each model's metric values (or the reason it has none) and diagnostics."""
    from ..queue import run as queue_run
    from .dumbbell import run as ns3_run

    out: dict = {}
    t0 = time.perf_counter()
    res = ns3_run(case.scenario, options=options.replace(**case.ns3),
                  replications=case.replications)
    out["ns3"] = (*_queue_values(res), time.perf_counter() - t0)
    for model in models:
        t0 = time.perf_counter()
        try:
            if model == "queue":
                values, diag = _queue_values(queue_run(case.scenario,
                                                       replications=case.replications))
            else:
                fluid = _fluid_module()
                values, diag = _fluid_values(fluid.run_scenario(case.scenario),
                                             case.scenario), {}
        except (ValueError, ImportError) as exc:
            out[model] = (None, {"reason": " ".join(str(exc).split())}, 0.0)
            continue
        out[model] = (values, diag, time.perf_counter() - t0)
    return out


def _fluid_module() -> Any:
    try:
        from .. import fluid
    except ImportError as exc:
        raise ImportError("the fluid model (aimdmodel.fluid) is not in this tree") from exc
    return fluid


@dataclass(frozen=True)
class Validation:
    """The reference set's results: values, differences and verdicts per case and model.

    Attributes
    ----------
    cases : tuple of Case
    results : tuple of dict
        Per case: ``{model: (values or None, diagnostics, seconds)}`` with
        ``"ns3"`` among the models.
    models : tuple of str
        The compared models (``"queue"``, ``"fluid"``).
    options : Ns3Options
    """

    cases: tuple
    results: tuple
    models: tuple
    options: Ns3Options

    def differences(self, model: str) -> list:
        """Per case, the :class:`Difference` of each metric (None: no value)."""
        out = []
        for res in self.results:
            ref, mine = res["ns3"][0], res[model][0]
            out.append(None if mine is None else
                       {m: Difference.of(m, ns3=ref[m], model=mine[m]) for m in METRICS})
        return out

    def summary(self) -> dict:
        """Per model and metric: ``(met, compared)``."""
        out = {}
        for model in self.models:
            diffs = [d for d in self.differences(model) if d is not None]
            out[model] = {m: (sum(d[m].met for d in diffs), len(diffs)) for m in METRICS}
        return out

    def table(self, **kwargs: Any) -> str:
        """Return the Markdown tables (see :func:`aimdmodel.ns3.report.markdown`)."""
        from .report import markdown

        return markdown(self, **kwargs)

    def plot(self, ax: Any = None) -> list:
        """Draw the differences (see :func:`aimdmodel.ns3.report.plot_validation`)."""
        from .report import plot_validation

        return plot_validation(self, ax)


def validate(cases: Sequence[Case] | None = None, *, models: Sequence[str] = ("queue", "fluid"),
             options: Ns3Options | None = None,
             progress: Callable[[str], None] | None = None) -> Validation:
    """Run every case in ns-3 and in the models; return the :class:`Validation`.

    Examples
    --------
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> case = Case("tiny", Scenario(flows=(Flow(variant="sack"),), link=Link(rate=2e6,
    ...             buffer=20), duration=10.0, warmup=4.0), "one flow")
    >>> v = validate([case], models=("queue",))  # doctest: +SKIP
    >>> v.summary()["queue"]["utilization"]  # doctest: +SKIP
    (1, 1)
    """
    cases = tuple(reference_set() if cases is None else cases)
    options = options or Ns3Options()
    for m in models:
        if m not in ("queue", "fluid"):
            raise ValueError(f"models must be among 'queue', 'fluid', got {m!r}")
    results = []
    for k, case in enumerate(cases):
        if progress is not None:
            progress(f"[{k + 1}/{len(cases)}] {case.name}")
        results.append(_run_models(case, models, options))
    return Validation(cases, tuple(results), tuple(models), options)
