"""The queue model's interface: policies as rules, seeds, result objects, metrics, bad input."""

from __future__ import annotations

import importlib
import inspect
import math
from dataclasses import dataclass
from typing import Any, ClassVar

import matplotlib
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from aimdmodel import AIAD, AIMD, AIMDFC, MIAD, MIMD, AIMDFCPlus, NewAIMD
from aimdmodel.policies import AIMDFCPlusPrinted, Policy, WestwoodRule, WindowState
from aimdmodel.queue import VARIANTS, QueueOptions, QueueResult, metrics, run
from aimdmodel.scenario import CBR, RED, Flow, Link, ParetoCross, Scenario

matplotlib.use("Agg")

LOSS_BASED = [v.name for v in VARIANTS.values() if not v.own_rule]


@dataclass(frozen=True, repr=False)
class PlainAIMD(Policy):
    """AIMD written without its declaration: the driver must run it through its own code."""

    a: Any = 1
    b: Any = 0.5
    name: ClassVar[str] = "plain-aimd"

    def init(self, x):
        return WindowState(x)

    def window(self, s):
        return s.w

    def increase(self, s):
        return WindowState(s.w + self.a)

    def decrease(self, s):
        return WindowState(s.w * self.b)


def _scenario(*flows: Flow, **link: Any) -> Scenario:
    return Scenario(flows=flows, link=Link(**{"rate": 5e6, "buffer": 30, **link}),
                    duration=30.0, seed=7)


# ----------------------------------------------------------------- one rule, several models
@pytest.mark.parametrize("variant", LOSS_BASED)
def test_a_declared_linear_rule_and_the_same_rule_run_by_its_code_agree_exactly(variant):
    sc = _scenario(Flow(variant=variant, policy=AIMD(b=0.5)),
                   Flow(variant=variant, policy=AIMD(b=0.5), base_rtt=0.05), random_loss=0.002)
    fast = run(sc)
    slow = run(Scenario(flows=tuple(Flow(variant=variant, policy=PlainAIMD(), base_rtt=f.base_rtt)
                                    for f in sc.flows), link=sc.link, duration=30.0, seed=7))
    for name in ("cwnd", "sent", "delivered", "lost", "queue"):
        assert np.array_equal(getattr(fast, name), getattr(slow, name), equal_nan=True), name


@pytest.mark.parametrize("policy", [AIMD(b=0.8), AIAD(a=1, d=3), MIMD(), MIAD(), AIMDFC(),
                                    AIMDFCPlus(), NewAIMD(), NewAIMD(reading="charitable")],
                         ids=lambda p: p.label())
def test_every_policy_runs_as_the_congestion_avoidance_rule(policy):
    sc = _scenario(Flow(variant="sack", policy=policy), Flow(variant="newreno", policy=policy,
                                                             start=3.0))
    res = run(sc)
    assert res.fast_retransmits.sum() > 0  # the rule met the queue
    assert metrics.utilization(res)[0] > 0.3
    assert np.nanmin(res.cwnd) >= 1.0


def test_aimd_decrease_factor_shows_in_the_window_after_a_fast_retransmit():
    """AIMD(1, 0.8) under SACK: after a loss event cwnd = 0.8 x the window before it."""
    res = run(_scenario(Flow(variant="sack", policy=AIMD(b=0.8))), record_interval=0.01)
    w = res.cwnd[0, :, 0]
    drops = np.flatnonzero((np.diff(w) < -0.5) & (w[1:] > 1))  # not the timeouts (cwnd 1)
    ratios = w[drops + 1] / w[drops]
    assert ratios.size > 3
    assert np.allclose(ratios[1:], 0.8, atol=0.03)  # the first one ends slow start


def test_mixed_rules_and_variants_share_one_bottleneck():
    sc = _scenario(Flow(variant="reno", policy=AIMDFC()), Flow(variant="vegas"),
                   Flow(variant="cubic"), Flow(variant="westwood"), Flow(variant="lp"),
                   Flow(variant="veno"), Flow(variant="fack", policy=AIAD(d=2)))
    res = run(sc)
    assert metrics.utilization(res)[0] > 0.9
    assert (metrics.throughput(res) > 0).all()


# ----------------------------------------------------------------- randomness
def test_same_seed_same_run_other_seed_other_run():
    sc = _scenario(Flow(), Flow(base_rtt=0.2), random_loss=0.01)
    a, b = run(sc), run(sc)
    other = run(Scenario(flows=sc.flows, link=sc.link, duration=30.0, seed=8))
    assert np.array_equal(a.delivered, b.delivered)
    assert np.array_equal(a.cwnd, b.cwnd, equal_nan=True)
    assert not np.array_equal(a.lost, other.lost)


def test_replications_are_independent_and_reproducible():
    sc = _scenario(Flow(), random_loss=0.01)
    both = run(sc, replications=2)
    assert not np.array_equal(both.lost[0], both.lost[1])
    assert np.array_equal(run(sc, replications=2).lost, both.lost)


def test_a_run_without_randomness_ignores_the_seed():
    sc = _scenario(Flow(variant="newreno"))
    other = Scenario(flows=sc.flows, link=sc.link, duration=30.0, seed=99)
    assert np.array_equal(run(sc).delivered, run(other).delivered)


# ----------------------------------------------------------------- conservation, a property
@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    discipline=st.sampled_from(["droptail", "red", "drr"]),
    buffer=st.integers(0, 60),
    loss=st.sampled_from([0.0, 0.001, 0.02]),
    cbr=st.sampled_from([None, 1e6, 4e6]),
    rtt=st.floats(0.02, 0.3),
    pacing=st.sampled_from(["ack-clocked", "burst"]),
)
def test_every_packet_is_delivered_lost_or_queued(variant, discipline, buffer, loss, cbr, rtt,
                                                  pacing):
    sc = Scenario(flows=(Flow(variant=variant, base_rtt=rtt), Flow(base_rtt=0.1, start=1.0)),
                  link=Link(rate=4e6, buffer=buffer, discipline=discipline, random_loss=loss,
                            red=RED(2, 6) if discipline == "red" else None),
                  cross=() if cbr is None else (CBR(cbr, start=2.0),), duration=8.0, seed=1)
    res = run(sc, record_interval=0.02, pacing=pacing)
    assert np.array_equal(np.cumsum(res.sent - res.delivered - res.lost, axis=1), res.queued)
    assert (res.queued >= 0).all()
    assert (res.queue <= buffer + 1e-9).all()
    served = res.delivered.sum(axis=2) + res.cross_delivered
    assert (served.sum(axis=1) <= (res.capacity * res.durations).sum() + 1).all()


# ----------------------------------------------------------------- workloads
def test_finite_transfers_complete_and_the_transfer_time_matches():
    sc = Scenario(flows=(Flow(size=500_000), Flow(size=500_000, start=2.0, base_rtt=0.05)),
                  link=Link(rate=10e6, buffer=60), duration=20.0)
    res = run(sc)
    done = metrics.completion_time(res)
    assert np.isfinite(done).all()
    assert (done > 500_000 * 8 / 10e6).all()
    # bytes of payload: ceil(500000 / (1500 - 52)) packets, as the packet mode and ns-3 count
    assert res.delivered.sum(axis=1)[0].tolist() == [346.0, 346.0]
    assert [sc.transfer_packets(i) for i in range(2)] == [346, 346]
    near = metrics.transfer_time(res, 500_000)
    assert np.allclose(near, done, atol=0.3)


def test_a_finite_transfer_is_the_same_packets_in_both_modes():
    # Flow.size is bytes of payload in every mode (it was packet_size bytes a packet in the
    # round mode and packet_size - 52 in the packet mode); the packet mode counts goodput as
    # ns-3's sink does, bytes over the segment size (its last segment carries the rest only)
    sc = Scenario(flows=(Flow(variant="sack", size=1_000_000),), link=Link(rate=10e6, buffer=200),
                  duration=10.0)
    need = sc.transfer_packets(0)
    assert need == math.ceil(1_000_000 / 1448)
    for fidelity, got in (("round", need), ("packet", 1_000_000 / 1448)):
        res = run(sc, fidelity=fidelity)
        assert np.isfinite(metrics.completion_time(res)).all()
        assert res.sent.sum() - res.lost.sum() == need, fidelity
        assert res.goodput_packets.sum() == pytest.approx(got, abs=1e-9), fidelity


def test_a_packet_too_small_for_its_headers_is_refused():
    with pytest.raises(ValueError, match=r"packet_size must be > 52 bytes .* flows\[1\]\.size"):
        Scenario(flows=(Flow(), Flow(size=10_000)), packet_size=52)
    sc = Scenario(flows=(Flow(variant="sack"),), packet_size=52, duration=1.0)
    with pytest.raises(ValueError, match=r"packet_size must be > 52 bytes in the packet-level"):
        run(sc, fidelity="packet")
    assert run(sc).delivered.sum() > 0  # the round mode counts packets, not payload


def test_a_flow_index_out_of_range_is_named():
    sc = Scenario(flows=(Flow(size=10_000), Flow()))
    assert [sc.transfer_packets(i) for i in (0, 1)] == [7, None]
    for bad, error in ((2, ValueError), (-1, ValueError), (0.5, TypeError)):
        with pytest.raises(error, match=r"i must be an int >= 0, <= 1 \(an index into flows\)"):
            sc.transfer_packets(bad)
        with pytest.raises(error, match=r"i must be an int >= 0, <= 1"):
            sc.bdp_packets(bad)


def test_a_receiver_window_caps_the_flow():
    res = run(_scenario(Flow(rwnd=5, base_rtt=0.1)))
    assert np.nanmax(res.cwnd) <= 6  # growth stops once the flow is not cwnd-limited
    assert metrics.throughput(res, 5.0)[0, 0] == pytest.approx(5 / 0.1 * 12000, rel=0.02)


def test_cbr_cross_traffic_takes_its_rate_and_the_flows_the_rest():
    sc = Scenario(flows=(Flow(variant="sack"),), link=Link(rate=10e6, buffer=80),
                  cross=(CBR(4e6),), duration=60.0, warmup=20.0)
    res = run(sc)
    m = metrics.window(res)
    cross = res.cross_delivered[0, m].sum() * 12000 / res.durations[m].sum()
    assert cross == pytest.approx(4e6, rel=0.05)
    assert metrics.goodput_fraction(res)[0] > 0.9


def test_pareto_cross_traffic_arrives_and_responds():
    sc = Scenario(flows=(Flow(variant="sack"),), link=Link(rate=10e6, buffer=80),
                  cross=(ParetoCross(mean_interarrival=0.03),), duration=30.0, warmup=10.0)
    res = run(sc)
    assert res.cross_delivered.sum() > 1000
    assert metrics.utilization(res)[0] > 0.8


def test_a_capacity_trace_is_followed():
    sc = Scenario(flows=(Flow(variant="newreno"),),
                  link=Link(rate=[10e6, 2e6], rate_interval=20.0, buffer=50), duration=40.0)
    res = run(sc)
    assert res.capacity[0] == pytest.approx(10e6 / 12000)
    assert res.capacity[-1] == pytest.approx(2e6 / 12000)
    assert metrics.utilization(res, 25.0, 40.0)[0] > 0.9


def test_westwood_loses_less_to_random_loss_than_reno():
    """Mehta & Dahiya / Mascolo et al.: the bandwidth estimate keeps Westwood+'s window up under
    random (wireless) loss, where Reno halves blindly."""
    def thr(variant):
        sc = Scenario(flows=(Flow(variant=variant, base_rtt=0.1),),
                      link=Link(rate=10e6, buffer=80, random_loss=0.005), duration=120.0,
                      warmup=20.0, seed=2)
        return metrics.throughput(run(sc, replications=2)).mean()

    assert thr("westwood") > 1.2 * thr("reno")


# ----------------------------------------------------------------- result object and metrics
def _plain_result() -> QueueResult:
    sc = Scenario(flows=(Flow(), Flow()), duration=3.0, warmup=1.0)
    sent = np.array([[10, 5], [12, 6], [12, 6]], dtype=float)
    return QueueResult(scenario=sc, t=[0.0, 1.0, 2.0], interval=1.0, sent=sent,
                       delivered=sent - 1, lost=np.ones_like(sent), queue=[1.0, 2.0, 3.0],
                       capacity=[100.0, 100.0, 100.0], rtt=np.full((3, 2), 0.1))


def test_a_result_from_plain_arrays_gets_the_same_metrics():
    res = _plain_result()
    assert res.n_replications == 1
    assert res.sent.shape == (1, 3, 2)
    assert metrics.throughput(res)[0].tolist() == [22 * 12000 / 2, 10 * 12000 / 2]
    assert metrics.loss_rate(res)[0].tolist() == [2 / 24, 2 / 12]
    assert metrics.queueing_delay(res)[0] == pytest.approx(2.5 / 100)
    assert metrics.utilization(res)[0] == pytest.approx(32 / 200)
    with pytest.raises(ValueError, match="read-only"):
        res.sent[0, 0, 0] = 1


@pytest.mark.parametrize(("change", "match"), [
    ({"sent": np.ones((3, 3))}, "sent must have shape"),
    ({"t": [0.0, 2.0, 1.0]}, "t must be"),
    ({"capacity": [1.0, 0.0, 1.0]}, "capacity must hold"),
    ({"delivered": None}, "delivered is required"),
])
def test_a_result_with_wrong_arrays_is_refused(change, match):
    res = _plain_result()
    fields = {k: getattr(res, k) for k in ("scenario", "t", "interval", "sent", "delivered",
                                           "lost", "queue", "capacity")}
    fields.update(change)
    with pytest.raises(ValueError, match=match):
        QueueResult(**fields)


def test_plot_draws_a_line_per_flow_and_the_queue():
    res = run(_scenario(Flow(), Flow()), replications=2)
    artists = res.plot(replication=1)
    assert [a.get_label() for a in artists] == ["flow 0 (newreno)", "flow 1 (newreno)", "queue"]
    assert np.allclose(artists[2].get_ydata(), res.queue[1])


def test_robustness_scores_as_reddy_aiad_defines_them():
    s = {"AIMD": {"CL": 0.95, "SQH": 0.52, "RDL": 0.7}, "AIAD": {"CL": 0.9, "SQH": 0.96,
                                                                  "RDL": 0.7}}
    rb = metrics.robustness(s)
    assert rb.d["AIMD"] == {"CL": 0.0, "SQH": pytest.approx(0.44), "RDL": 0.0}
    assert rb.C == {"AIMD": pytest.approx(0.44), "AIAD": pytest.approx(0.05)}
    assert rb.D_mean["AIAD"] == pytest.approx(0.05 / 3)
    with pytest.raises(ValueError, match="scores\\['AIAD'\\] must score"):
        metrics.robustness({"AIMD": {"CL": 1.0}, "AIAD": {"SQH": 1.0}})


# ----------------------------------------------------------------- bad input
@pytest.mark.parametrize(("make", "match"), [
    (lambda: Link(rate=-1.0), "rate must be finite and > 0"),
    (lambda: CBR(rate=-2e6), "rate must be finite and > 0"),
    (lambda: Link(buffer=-1), "buffer must be an int >= 0"),
    (lambda: RED(min_th=20, max_th=10), "min_th must be < max_th"),
    (lambda: Link(discipline="rio"), "discipline must be one of"),
    (lambda: Link(rate=[1e6, float("nan")], rate_interval=1.0), "rate\\[1\\] must be finite"),
    (lambda: Link(random_loss=1.0), "random_loss must be finite and >= 0, < 1"),
    (lambda: Flow(rwnd=0), "rwnd must be an int >= 1"),
    (lambda: CBR(rate=1e6, start=5.0, stop=2.0), "stop must be after start"),
    (lambda: ParetoCross(mean_interarrival=(0.01, 0.02, 0.03)), "mean_interarrival must be"),
    (lambda: QueueOptions(min_rto=0), "min_rto must be finite and > 0"),
    (lambda: QueueOptions(pacing="smooth"), "pacing must be one of"),
])
def test_bad_descriptions_are_refused_naming_the_parameter(make, match):
    with pytest.raises(ValueError, match=match):
        make()


@pytest.mark.parametrize(("flow", "match"), [
    (Flow(variant="bbr"), "flows\\[0\\].variant must be one of"),
    (Flow(variant="vegas", policy=AIMD()), "flows\\[0\\].policy must be None for variant"),
    (Flow(policy=WestwoodRule()), "bottleneck signal"),
    (Flow(policy=AIMDFCPlusPrinted()), "shared by the flows"),
    (Flow(policy=AIMD(a=[1, 2])), "per-flow parameters"),
])
def test_flows_the_model_cannot_run_are_refused(flow, match):
    with pytest.raises(ValueError, match=match):
        run(_scenario(flow))


def test_bad_run_arguments_are_refused():
    sc = _scenario(Flow())
    with pytest.raises(ValueError, match="unknown queue-model option 'tik'"):
        run(sc, tik=0.01)
    with pytest.raises(ValueError, match="replications must be an int >= 1"):
        run(sc, replications=0)
    with pytest.raises(TypeError, match="scenario must be"):
        run("scenario")
    with pytest.raises(ValueError, match="tick must be at most"):
        run(sc, tick=0.5)


def test_a_policy_returning_nan_is_refused():
    @dataclass(frozen=True, repr=False)
    class Broken(PlainAIMD):
        def decrease(self, s):
            return WindowState(s.w * np.nan)

    with pytest.raises(ValueError, match=r"flows\[0\]\.policy returned the window nan"):
        run(_scenario(Flow(policy=Broken())))


def test_metric_windows_outside_the_run_are_refused():
    res = run(_scenario(Flow()))
    with pytest.raises(ValueError, match="holds no whole sample"):
        metrics.throughput(res, 40.0, 50.0)
    with pytest.raises(ValueError, match="percentile must be in"):
        metrics.queueing_delay(res, percentile=101)
    with pytest.raises(ValueError, match="nbytes must be finite and > 0"):
        metrics.transfer_time(res, -1)


# ----------------------------------------------------------------- documentation
def test_every_variant_has_a_rule_a_source_and_a_recovery():
    from aimdmodel.queue.variants import RECOVERIES

    for v in VARIANTS.values():
        assert v.recovery in RECOVERIES
        assert len(v.rule) > 80, v.name
        assert len(v.source) > 20, v.name
    assert [v.code for v in VARIANTS.values()] == list(range(len(VARIANTS)))


def test_the_hooks_file_is_written_from_the_registry():
    """aimdmodel/queue/_hooks.py is what ``python -m aimdmodel.queue.variants`` writes."""
    from aimdmodel.queue.variants import HOOKS_FILE, hooks_source, main

    assert HOOKS_FILE.read_text(encoding="utf-8") == hooks_source(), \
        "run: python -m aimdmodel.queue.variants"
    assert main(["--check"]) == 0


def test_every_variant_is_one_module_of_the_registry():
    """A module per variant: its docstring names the source and what is left out, its
    functions are hooks of the round mode, its state fits the slots a variant has."""
    from aimdmodel.queue import _fields as f
    from aimdmodel.queue import _packet_fields as pf
    from aimdmodel.queue.variants import MODULES
    from aimdmodel.queue.variants._base import HOOKS

    assert [m.VARIANT.name for m in MODULES] == list(VARIANTS)
    for m in MODULES:
        assert m.__name__.rsplit(".", 1)[1] == m.VARIANT.name
        doc = m.__doc__ or ""
        for part in ("Source:", "Left out:", "Examples"):
            assert part in doc, (m.__name__, part)
        rules = [n for n, x in vars(m).items()
                 if n.startswith(("round_", "packet_")) and hasattr(x, "py_func")]  # compiled
        assert set(rules) <= set(HOOKS), (m.__name__, rules)
        for slot, _ in m.VARIANT.initial:
            assert f.F_VAR <= slot < f.F_VAR + f.NFV
        for slot, _ in m.VARIANT.packet_initial:
            assert pf.V_VAR <= slot < pf.V_VAR + pf.NVV
    from aimdmodel.queue.variants._base import float_slots

    with pytest.raises(ValueError, match="at most"):
        float_slots(f.NFV + 1)


@pytest.mark.parametrize("name", ["aimdmodel.queue", "aimdmodel.queue.model",
                                  "aimdmodel.queue.metrics", "aimdmodel.queue.result",
                                  "aimdmodel.queue.variants", "aimdmodel.queue.options",
                                  "aimdmodel.queue.sources", "aimdmodel.queue.plots"])
def test_public_names_have_examples(name):
    module = importlib.import_module(name)
    assert inspect.getdoc(module)
    for attr in module.__all__:
        obj = getattr(module, attr)
        if inspect.isfunction(obj) or inspect.isclass(obj):
            assert "Examples\n--------" in (inspect.getdoc(obj) or ""), f"{name}.{attr}"


@pytest.mark.parametrize("name", ["sack-red", "vegas-lossy", "cubic-trace", "newreno-burst",
                                  "sack-aimdfc", "mixed-cbr", "pareto-red", "sizes-rwnd",
                                  "start-stop-many", "big-lossy-burst"])
def test_ticks_visiting_only_the_sources_due_change_no_result(name, monkeypatch):
    """With many sources a tick visits only those due to send or act (and those whose
    packets leave); forced on at every tick, or off, every array is the same bit for bit
    (tests/queue_fingerprint.py's scenarios: CBR and Pareto sources, random loss, a
    capacity trace, starts and stops, finite sizes, policies run in Python, bursts)."""
    from aimdmodel.queue import model
    from tests import queue_fingerprint as fp

    sc, kw = fp.scenarios()[name]
    digests = []
    for ratio in (0.0, float("inf")):
        monkeypatch.setattr(model, "_SPARSE", ratio)
        digests.append(fp.digest(run(sc, **kw)))
    assert digests[0] == digests[1]


def test_ticks_per_rtt_is_the_smallest_base_rtt_over_that_many_ticks():
    """ticks_per_rtt=k runs exactly as tick = (smallest base RTT) / k (every array equal,
    bit for bit); the result records both; the default is 10 ticks per smallest RTT."""
    from tests import queue_fingerprint as fp

    sc = Scenario(flows=(Flow(variant="sack", base_rtt=0.05), Flow(variant="newreno",
                  base_rtt=0.12)), link=Link(rate=5e6, buffer=30), duration=8.0)
    for k in (1, 2.5, 10):
        by_count = run(sc, ticks_per_rtt=k)
        assert fp.digest(by_count) == fp.digest(run(sc, tick=0.05 / k))
        assert by_count.options["tick"] == 0.05 / k
        assert by_count.options["ticks_per_rtt"] == k
    assert run(sc).options["tick"] == 0.05 / 10


def test_queue_results_are_bit_for_bit_as_recorded():
    """86 scenarios (every variant, discipline, cross traffic, policy kind...): every array
    of every result hashes as recorded in tests/queue_fingerprint.json (the ledger's,
    RERUNS.md's and VALIDATION.md's numbers come from these bits). A change meant to alter
    results re-records it: ``python tests/queue_fingerprint.py --record``."""
    from tests import queue_fingerprint as fp

    if fp.recorded_versions() != fp.versions():
        pytest.skip(f"hashes recorded with {fp.recorded_versions()}, running {fp.versions()}")
    bad, got, _ = fp.compare()
    assert len(got) >= 80
    assert bad == []
