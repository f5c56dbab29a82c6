"""The queue and fluid models against ns-3, flow by flow: a reference set, differences, goals.

:func:`reference_set` is a catalogue of dumbbell scenarios (one and several
flows, DropTail and RED, buffers of 0.1 to 2 bandwidth-delay products,
RTT mixes with ratios 2 to 8, Vegas alone and against loss-based flows,
many flows behind RED, a late joiner, TCP-LP against NewReno, variants
under random loss, every variant, the papers' own policies), each run 3
times. :func:`validate` takes ns-3's runs from a :class:`~.campaign.Store`
(``aimdmodel validate --against ns3 --store FILE`` makes and extends it,
resumably, on any executor), runs the queue model (:func:`aimdmodel.queue.run`)
and the fluid model (:func:`aimdmodel.fluid.run_scenario`, where it
expresses the scenario), and compares them with ns-3 by the goals of
:mod:`aimdmodel.ns3.goals`: the whole bottleneck (utilization, loss rate,
mean queueing delay, throughput) and flow by flow (each flow's goodput and
the share ratio, Jain's index, per-flow loss, fast retransmits and
timeouts).

Each metric is computed per run over ``[warmup, duration)``
(:func:`~.campaign.summarize`, the same function for every model) and
averaged over the runs; a model that cannot express a scenario has no
values and says why.

Examples
--------
>>> cases = reference_set()
>>> len(cases) >= 40, cases[0].name, cases[0].replications
(True, '1 flow, SACK, DropTail 1 BDP', 3)
>>> rel = Difference.of("utilization", ns3=1.0, model=0.97)
>>> round(rel.value, 3), rel.met
(-0.03, True)
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..policies import AIMD, AIMDFC, AIMDFCPlus, HighSpeed, NewAIMD
from ..scenario import CBR, RED, Flow, Link, Scenario, bdp_packets
from .campaign import Store, summarize, tasks_for
from .goals import GOALS, METRICS, MODELS, Difference, FlowComparison
from .options import Ns3Options

__all__ = ["GOALS", "METRICS", "MODELS", "Case", "Difference", "Validation", "combine",
           "reference_set", "validate"]


@dataclass(frozen=True)
class Case:
    """One scenario of the reference set, with what it exercises.

    Attributes
    ----------
    name : str
    scenario : Scenario
    what : str
        What the case exercises (one line).
    ns3 : dict
        :class:`Ns3Options` overrides for this case.
    replications : int
        Runs (ns-3 run numbers ``seed .. seed + replications - 1``; the
        queue model's replications), averaged.
    group : str
        The family of the catalogue the case belongs to.

    Examples
    --------
    >>> c = Case("one", Scenario(flows=(Flow(),)), "one flow")
    >>> c.replications, c.group
    (3, 'core')
    """

    name: str
    scenario: Scenario
    what: str
    ns3: dict = field(default_factory=dict)
    replications: int = 3
    group: str = "core"
    phases: bool = False

    def runs(self) -> list:
        """Return ``(scenario, ns-3 run number)`` of each replication.

        With ``phases``, replication ``k`` of ``K`` delays every flow but the
        first by ``((k j) mod K) / K`` of one packet's service time (flow
        ``j``): at a DropTail queue with deterministic timing, which flow's
        packets take a slot freed by a departure depends on the base RTTs
        modulo that time (Floyd & Jacobson 1992, "On traffic phase effects
        in packet-switched gateways"), and a shift of half a service time can
        hand the larger share to the other flow; the runs average over it.

        Examples
        --------
        >>> sc = Scenario(flows=(Flow(base_rtt=0.04), Flow(base_rtt=0.08)), seed=1)
        >>> [round(s.flows[1].base_rtt * 1e3, 2) for s, _ in Case("p", sc, "", phases=True).runs()]
        [80.0, 80.4, 80.8]
        """
        first = int(self.scenario.seed if self.scenario.seed is not None else 1)
        if not self.phases:
            return [(self.scenario, first + r) for r in range(self.replications)]
        sc = self.scenario
        service = 8.0 * sc.packet_size / float(np.min(np.atleast_1d(sc.link.rate)))
        K = self.replications
        out = []
        for k in range(K):
            flows = tuple(f if j == 0 else dataclasses.replace(
                f, base_rtt=f.base_rtt + ((k * j) % K) / K * service)
                for j, f in enumerate(sc.flows))
            out.append((dataclasses.replace(sc, flows=flows), first + k))
        return out


def _case(name: str, what: str, flows: Sequence[Flow], *, buffer_bdp: float = 1.0,
          buffer: int | None = None, discipline: str = "droptail", red: RED | None = None,
          loss: float = 0.0, cross: tuple = (), duration: float = 60.0, warmup: float = 20.0,
          rate: float = 10e6, replications: int = 3, group: str = "core", phases: bool = False,
          **ns3: Any) -> Case:
    rtt = min(f.base_rtt for f in flows)
    buf = buffer if buffer is not None else max(2, round(buffer_bdp * bdp_packets(rate, rtt)))
    link = Link(rate=rate, delay=0.01, buffer=buf, discipline=discipline, red=red,
                random_loss=loss)
    sc = Scenario(flows=tuple(flows), link=link, duration=duration, warmup=warmup,
                  cross=cross, seed=1)
    return Case(name, sc, what, dict(ns3), replications, group, phases)


def _flows(n: int, variant: str = "sack", rtt: float = 0.06, policy: Any = None) -> list:
    return [Flow(variant=variant, base_rtt=rtt, policy=policy) for _ in range(n)]


_RED = RED(min_th=10, max_th=30, max_p=0.1, w_q=0.002)


def _core_cases() -> list:
    red = _RED
    g = "core"
    return [
        _case("1 flow, SACK, DropTail 1 BDP", "one long flow, buffer = BDP (50 packets)",
              _flows(1), group=g),
        _case("1 flow, SACK, DropTail 0.1 BDP", "small buffer: utilization below 1",
              _flows(1), buffer_bdp=0.1, group=g),
        _case("1 flow, SACK, DropTail 2 BDP", "large buffer: a standing queue",
              _flows(1), buffer_bdp=2.0, group=g),
        _case("4 flows, SACK, DropTail 0.1 BDP", "several flows, small buffer",
              _flows(4), buffer_bdp=0.1, group=g),
        _case("4 flows, SACK, DropTail 1 BDP", "several flows, buffer = BDP", _flows(4), group=g),
        _case("4 flows, SACK, DropTail 2 BDP", "several flows, large buffer",
              _flows(4), buffer_bdp=2.0, group=g),
        _case("4 flows, SACK, RED 2 BDP", "RED (min 10, max 30, max_p 0.1, w_q 0.002)",
              _flows(4), buffer_bdp=2.0, discipline="red", red=red, group=g),
        _case("8 flows, SACK, RED 2 BDP", "RED with more flows",
              _flows(8), buffer_bdp=2.0, discipline="red", red=red, group=g),
        _case("1 flow, SACK, random loss 1%", "Mathis/PFTK regime, buffer 2 BDP",
              _flows(1), buffer_bdp=2.0, loss=0.01, group=g),
        _case("1 flow, SACK, random loss 0.1%", "random loss and congestion",
              _flows(1), buffer_bdp=2.0, loss=0.001, group=g),
        _case("4 flows + CBR 3 Mbit/s, DropTail 1 BDP", "CBR load on the bottleneck",
              _flows(4), cross=(CBR(3e6),), group=g),
    ]


def _variant_cases() -> list:
    out = []
    for v in ("tahoe", "reno", "newreno", "sack", "fack", "vegas", "westwood", "veno", "lp",
              "cubic"):
        extra = {"approximate": True} if v in ("reno", "fack") else {}
        out.append(_case(f"2 flows, {v}, DropTail 1 BDP", f"variant {v}", _flows(2, v),
                         group="variants", **extra))
    out.append(_case("2 flows, newreno, DropTail 1 BDP, ns-3 PRR recovery",
                     "ns-3's default recovery (RFC 6937) instead of the classic one",
                     _flows(2, "newreno"), recovery="prr", group="variants"))
    out.append(_case("2 flows, sack, DropTail 1 BDP, ns-3 TcpNewReno",
                     "ns-3's TcpNewReno: ssthresh = max(flight/2, 2) instead of cwnd/2",
                     _flows(2, "sack"), reno_ops="newreno", group="variants"))
    out.append(_case("4 flows, newreno, DropTail 1 BDP", "NewReno without SACK, 4 flows",
                     _flows(4, "newreno"), group="variants"))
    out.append(_case("8 flows, newreno, DropTail 0.5 BDP", "NewReno without SACK, 8 flows",
                     _flows(8, "newreno"), buffer_bdp=0.5, group="variants"))
    return out


def _rtt_cases() -> list:
    g = "rtt mix"
    out = []
    for variant, disc in (("newreno", "droptail"), ("newreno", "red"), ("sack", "droptail"),
                          ("sack", "red")):
        for r1, r2 in ((0.04, 0.08), (0.025, 0.15)):
            red = RED(min_th=5, max_th=15, max_p=0.1) if disc == "red" else None
            out.append(_case(
                f"2 flows, {variant}, RTT {r1 * 1e3:.0f}/{r2 * 1e3:.0f} ms, "
                f"{'RED' if red else 'DropTail'} 1 BDP",
                f"RTT ratio {r2 / r1:.0f}", [Flow(variant=variant, base_rtt=r1),
                                            Flow(variant=variant, base_rtt=r2)],
                discipline=disc, red=red, group=g))
    for variant in ("newreno", "sack"):
        for r1, r2 in ((0.04, 0.08), (0.025, 0.15)):
            out.append(_case(
                f"2 flows, {variant}, RTT {r1 * 1e3:.0f}/{r2 * 1e3:.0f} ms, DropTail 1 BDP, "
                "phase-averaged", f"RTT ratio {r2 / r1:.0f}, the long RTT shifted by 0, 1/3 and "
                "2/3 of a packet time in the three runs",
                [Flow(variant=variant, base_rtt=r1), Flow(variant=variant, base_rtt=r2)],
                phases=True, group=g))
    out.append(_case("2 flows, sack, RTT 25/200 ms, DropTail 1 BDP", "RTT ratio 8",
                     [Flow(variant="sack", base_rtt=0.025), Flow(variant="sack", base_rtt=0.2)],
                     group=g))
    out.append(_case("2 flows, newreno, RTT 40/80 ms, DropTail 8 packets",
                     "RTT ratio 2, a small buffer",
                     [Flow(variant="newreno", base_rtt=0.04),
                      Flow(variant="newreno", base_rtt=0.08)], buffer=8, group=g))
    out.append(_case("3 flows, sack, RTT 25/50/100 ms, DropTail 1 BDP", "three RTTs",
                     [Flow(variant="sack", base_rtt=r) for r in (0.025, 0.05, 0.1)], group=g))
    out.append(_case("4 flows, sack, RTT 25/50/100/200 ms, RED 1 BDP", "four RTTs behind RED",
                     [Flow(variant="sack", base_rtt=r) for r in (0.025, 0.05, 0.1, 0.2)],
                     discipline="red", red=RED(min_th=5, max_th=15, max_p=0.1), group=g))
    return out


def _vegas_cases() -> list:
    g = "vegas"
    out = [_case(f"1 flow, vegas, RTT {rtt * 1e3:.0f} ms, DropTail {b:g} BDP",
                 "Vegas alone: no loss, a few packets queued", _flows(1, "vegas", rtt),
                 buffer_bdp=b, group=g)
           for rtt, b in ((0.04, 0.5), (0.04, 1.0), (0.04, 2.0), (0.1, 0.6), (0.1, 0.8))]
    for b in (0.5, 1.0, 2.0):
        out.append(_case(f"vegas + newreno, DropTail {b:g} BDP", "Vegas against a loss-based flow",
                         [Flow(variant="vegas", base_rtt=0.06),
                          Flow(variant="newreno", base_rtt=0.06)], buffer_bdp=b, group=g))
    return out


def _other_cases() -> list:
    out = [
        _case("16 flows, SACK, RED 1 BDP", "many flows behind RED", _flows(16),
              discipline="red", red=_RED, group="many flows"),
        _case("32 flows, newreno, RED 2 BDP", "many NewReno flows behind RED",
              _flows(32, "newreno"), buffer_bdp=2.0, discipline="red", red=_RED,
              group="many flows"),
        _case("late joiner, 2 flows, SACK, DropTail 1 BDP",
              "the second flow starts at 20 s; fairness over [40 s, 90 s)",
              [Flow(variant="sack", base_rtt=0.06), Flow(variant="sack", base_rtt=0.06,
                                                         start=20.0)],
              duration=90.0, warmup=40.0, group="late joiner"),
        _case("late joiner, 2 flows, SACK, RED 1 BDP",
              "the second flow starts at 20 s, behind RED; fairness over [40 s, 90 s)",
              [Flow(variant="sack", base_rtt=0.06), Flow(variant="sack", base_rtt=0.06,
                                                         start=20.0)],
              discipline="red", red=_RED, duration=90.0, warmup=40.0, group="late joiner"),
        _case("lp + newreno, DropTail 1 BDP", "TCP-LP yields to a NewReno flow",
              [Flow(variant="lp", base_rtt=0.06), Flow(variant="newreno", base_rtt=0.06)],
              group="lp"),
        _case("lp + newreno, DropTail 2 BDP", "TCP-LP yields to a NewReno flow, large buffer",
              [Flow(variant="lp", base_rtt=0.06), Flow(variant="newreno", base_rtt=0.06)],
              buffer_bdp=2.0, group="lp"),
    ]
    for v in ("westwood", "veno", "cubic"):
        out.append(_case(f"1 flow, {v}, random loss 1%", f"{v} under random loss",
                         _flows(1, v), buffer_bdp=2.0, loss=0.01, group="random loss"))
    out.append(_case("1 flow, sack + HighSpeed, random loss 0.1%", "HighSpeed under random loss",
                     _flows(1, "sack", policy=HighSpeed()), buffer_bdp=2.0, loss=0.001,
                     group="random loss", rule="python"))
    return out


def _policy_cases() -> list:
    g = "papers' policies"
    out = [_case(f"4 flows, SACK + {pol.label()}, DropTail 1 BDP",
                 "a paper's policy in every model (ns-3: generated C++ op)",
                 _flows(4, policy=pol), group=g)
           for pol in (AIMDFC(), AIMDFCPlus())]
    for pol in (NewAIMD(), NewAIMD(reading="charitable"), AIMD(a=1, b=0.875)):
        out.append(_case(f"4 flows, SACK + {pol.label()}, DropTail 1 BDP",
                         "a paper's policy in every model", _flows(4, policy=pol), group=g))
    return out


def reference_set(*, quick: bool = False) -> tuple[Case, ...]:
    """Return the reference scenarios (``quick``: six of them, 30 s, one run each).

    Every scenario: a 10 Mbit/s bottleneck with 10 ms delay, 1500-byte
    packets, base RTT 60 ms (BDP 50 packets) unless said otherwise, seed 1,
    60 s with a 20 s warm-up, 3 runs. The families (``Case.group``): core,
    variants, rtt mix, vegas, many flows, late joiner, lp, random loss,
    papers' policies.

    Examples
    --------
    >>> groups = {c.group for c in reference_set()}
    >>> sorted(groups)[:3]
    ['core', 'late joiner', 'lp']
    """
    if quick:
        cases = _core_cases()
        keep = (0, 3, 6, 8, 10)
        out = []
        for c in (*[cases[i] for i in keep], _vegas_cases()[1]):
            out.append(Case(c.name, _short(c.scenario), c.what, c.ns3, 1, c.group, c.phases))
        return tuple(out)
    return (*_core_cases(), *_variant_cases(), *_rtt_cases(), *_vegas_cases(),
            *_other_cases(), *_policy_cases())


def _short(sc: Scenario) -> Scenario:
    import dataclasses

    return dataclasses.replace(sc, duration=30.0, warmup=10.0)


def combine(summaries: Sequence[dict]) -> dict:
    """Average per-run summaries (:func:`~.campaign.summarize`) key by key, flows included.

    A value that is None in any run stays None.

    Examples
    --------
    >>> combine([{"a": 1.0, "flows": {"g": [1.0, 3.0]}}, {"a": 3.0, "flows": {"g": [3.0, 5.0]}}])
    {'a': 2.0, 'flows': {'g': [2.0, 4.0]}, 'runs': 2}
    """
    if not summaries:
        raise ValueError("summaries must hold at least one run")

    def mean(vals: list) -> Any:
        if any(v is None for v in vals):
            return None
        if isinstance(vals[0], list):
            return [mean([v[i] for v in vals]) for i in range(len(vals[0]))]
        return float(np.mean(vals))

    out: dict = {}
    for k, v in summaries[0].items():
        if k == "runs":
            continue
        if isinstance(v, dict):
            out[k] = {kk: mean([s[k][kk] for s in summaries]) for kk in v}
        else:
            out[k] = mean([s[k] for s in summaries])
    out["runs"] = len(summaries)
    return out


def _queue_values(case: Case, fidelity: str = "round", **options: Any) -> dict:
    from ..queue import run as queue_run

    if not case.phases:
        res = queue_run(case.scenario, replications=case.replications, fidelity=fidelity,
                        **options)
        return combine([summarize(res, r) for r in range(res.n_replications)])
    return combine([summarize(queue_run(sc, fidelity=fidelity, **options))
                    for sc, _ in case.runs()])


_PACKET_OPTIONS = ("recovery", "reno_ops")
"""ns-3 settings a case may change that the packet-level mode runs too (same names)."""


def _values(model: str, case: Case, round_options: Mapping[str, Any] | None = None) -> dict:
    if model == "fluid":
        return _fluid_values(case)
    other = sorted(set(case.ns3) - set(_PACKET_OPTIONS))
    if model == "packet" and other:
        settings = ", ".join(f"{k}={case.ns3[k]!r}" for k in other)
        raise ValueError(f"the case sets ns-3's {settings}, which the packet-level mode does "
                         "not run")
    if model == "packet":
        return _queue_values(case, "packet", **case.ns3)
    return _queue_values(case, "round", **(round_options or {}))


def _fluid_values(case: Case) -> dict:
    fluid = _fluid_module()
    sc = case.scenario
    res = fluid.run_scenario(sc)
    bits = 8.0 * sc.packet_size
    cap = float(np.mean(np.atleast_1d(sc.link.rate))) / bits
    flows = [float(x) * bits for x in np.atleast_1d(res.per_flow_throughput)]
    return {"throughput": float(np.sum(res.throughput) * bits),
            "utilization": float(res.utilization),
            "loss_rate": float(res.loss_rate), "queueing_delay": float(res.mean_queue / cap),
            "packet_time": 1.0 / cap, "timeouts": None, "fast_retransmits": None,
            "duplicates": 0.0, "runs": 1,
            "flows": {"goodput": flows, "throughput": flows, "loss_rate": None, "timeouts": None,
                      "fast_retransmits": None}}


def _fluid_module() -> Any:
    try:
        from .. import fluid
    except ImportError as exc:
        raise ImportError("the fluid model (aimdmodel.fluid) is not in this tree") from exc
    return fluid


@dataclass(frozen=True)
class Outcome:
    """One model's result on one case: its averaged values, or why it has none.

    Examples
    --------
    >>> Outcome(None, "not expressed", 0.0).values is None
    True
    """

    values: dict | None
    reason: str
    seconds: float


@dataclass(frozen=True)
class Validation:
    """The reference set's results: values, differences and verdicts per case and model.

    Attributes
    ----------
    cases : tuple of Case
    results : tuple of dict
        Per case: ``{model: Outcome}`` with ``"ns3"`` among the models.
    models : tuple of str
        The compared models (among :data:`MODELS`).
    options : Ns3Options

    Examples
    --------
    >>> v = Validation((), (), ("queue",), Ns3Options())
    >>> v.summary()["queue"]["utilization"]
    (0, 0)
    """

    cases: tuple
    results: tuple
    models: tuple
    options: Ns3Options

    def _each(self, model: str, compare: Callable[[dict, dict], Any]) -> list:
        """Per case, ``compare(ns-3's values, the model's)``, or None where one has none."""
        return [None if res["ns3"].values is None or res[model].values is None
                else compare(res["ns3"].values, res[model].values) for res in self.results]

    def differences(self, model: str) -> list:
        """Per case, the :class:`Difference` of each scalar metric (None: no value)."""
        def scalar(ref: dict, mine: dict) -> dict:
            floor = ref.get("packet_time") or 0.0
            return {m: Difference.of(m, ns3=ref[m], model=mine[m],
                                     floor=floor if m == "queueing_delay" else 0.0)
                    for m in METRICS}

        return self._each(model, scalar)

    def flows(self, model: str) -> list:
        """Per case, the :class:`FlowComparison` of a model with ns-3 (None: no value)."""
        return self._each(model, lambda ref, mine: FlowComparison.of(
            ref["flows"]["goodput"], mine["flows"]["goodput"], ns3_timeouts=ref["timeouts"],
            model_timeouts=mine["timeouts"]))

    def summary(self) -> dict:
        """Per model and goal: ``(met, compared)`` (timeouts: only where the goal applies)."""
        out = {}
        for model in self.models:
            diffs = [d for d in self.differences(model) if d is not None]
            flows = [f for f in self.flows(model) if f is not None]
            row = {m: (sum(d[m].met for d in diffs), len(diffs)) for m in METRICS}
            row["goodput"] = (sum(f.goodput_met for f in flows), len(flows))
            tos = [f.timeouts for f in flows if f.timeouts is not None]
            row["timeouts"] = (sum(t.met for t in tos), len(tos))
            out[model] = row
        return out

    def table(self, **kwargs: Any) -> str:
        """Return the Markdown tables (see :func:`aimdmodel.ns3.report.markdown`)."""
        from .report import markdown

        return markdown(self, **kwargs)

    def plot(self, ax: Any = None) -> list:
        """Draw the differences (see :func:`aimdmodel.ns3.report.plot_validation`)."""
        from .report import plot_validation

        return plot_validation(self, ax)


def _ns3_outcome(case: Case, options: Ns3Options, store: Store | None, *,
                 version: str | None) -> Outcome:
    """ns-3's values of a case: from the store, or run now (and stored when there is one)."""
    from .campaign import run_task

    if version is None:
        from ._loader import version as _version

        version = _version()
    tasks = tasks_for([case], options, version=version)
    t0 = time.perf_counter()
    recs = []
    for t in tasks:
        stored = [r for r in store.records(t.key) if r.get("run") == t.options.run] if store \
            else []
        if stored:
            recs.append(stored[-1])
            continue
        rec = run_task(t)
        if store is not None:
            store.add(rec)
        recs.append(rec)
    seconds = sum(r["seconds"] for r in recs) if recs else time.perf_counter() - t0
    return Outcome(combine([r["summary"] for r in recs]), "", seconds)


def validate(cases: Sequence[Case] | None = None, *, models: Sequence[str] = MODELS,
             options: Ns3Options | None = None, store: Store | None = None,
             version: str | None = None,
             progress: Callable[[str], None] | None = None,
             round_options: Mapping[str, Any] | None = None) -> Validation:
    """Compare the models with ns-3 on every case; return the :class:`Validation`.

    Parameters
    ----------
    cases : sequence of Case, optional
        Default: :func:`reference_set`.
    models : sequence of str
        Among :data:`MODELS`: ``"queue"`` (the round-based mode),
        ``"packet"`` (the packet-level mode), ``"fluid"``.
    options : Ns3Options, optional
        ns-3's settings (each case may override some).
    store : Store, optional
        ns-3's stored runs: a run found there is not run again; a run not
        found is run now (ns-3 needed) and added. None: run everything.
    version : str, optional
        The ns-3 version the stored runs must have (default: the installed
        one; give it to read a store without ns-3 installed).
    progress : callable, optional
        Called with one line per case.
    round_options : mapping, optional
        :class:`~aimdmodel.queue.QueueOptions` fields for the round mode
        (``{"ticks_per_rtt": 5}``: its agreement on a coarser time base);
        default none, the model's defaults.

    Examples
    --------
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> case = Case("tiny", Scenario(flows=(Flow(variant="sack"),), link=Link(rate=2e6,
    ...             buffer=20), duration=10.0, warmup=4.0), "one flow", replications=1)
    >>> v = validate([case], models=("queue",))  # doctest: +SKIP
    >>> v.summary()["queue"]["utilization"]  # doctest: +SKIP
    (1, 1)
    """
    cases = tuple(reference_set() if cases is None else cases)
    options = options or Ns3Options()
    if round_options:  # checked here: a wrong option is the caller's error, not a case's
        from ..queue import QueueOptions

        QueueOptions().replace(**round_options)
    for m in models:
        if m not in MODELS:
            raise ValueError(f"models must be among {', '.join(map(repr, MODELS))}, got {m!r}")
    results = []
    for k, case in enumerate(cases):
        if progress is not None:
            progress(f"[{k + 1}/{len(cases)}] {case.name}")
        out = {"ns3": _ns3_outcome(case, options, store, version=version)}
        for model in models:
            t0 = time.perf_counter()
            try:
                values = _values(model, case, round_options)
            except (ValueError, ImportError) as exc:
                out[model] = Outcome(None, " ".join(str(exc).split()), 0.0)
                continue
            out[model] = Outcome(values, "", time.perf_counter() - t0)
        results.append(out)
    return Validation(cases, tuple(results), tuple(models), options)


def timeouts_known(values: dict) -> bool:
    """Whether a model's values count timeouts (the fluid model does not).

    Examples
    --------
    >>> timeouts_known({"timeouts": None}), timeouts_known({"timeouts": 3.0})
    (False, True)
    """
    return values.get("timeouts") is not None and not math.isnan(values["timeouts"])
