"""The synchronous model grows: flows of their own, capacity that changes, flows that come and go.

Every engine against the step engine (bit for bit in exact and integer
arithmetic, and for the kernels in float), the matrix model against the
iteration (Perron vector of the peaks, re-convergence at lambda_2), and the
errors of bad scenarios.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aimdmodel import AIAD, AIMD, AIMDFC, MIAD, NewAIMD, metrics, simulate
from aimdmodel.policies import AIMDFCPlus, FlowMix, WestwoodRule
from aimdmodel.symbolic import matrix_model
from tests.test_engines import assert_same

F = Fraction


def assert_same_record(a, b) -> None:
    assert_same(a, b)
    assert (a.t == b.t).all()
    assert (a.active == b.active).all()
    assert (a.capacities == b.capacities).all()
    if a.cycle_record is not None:
        assert (a.cycle_record.times == b.cycle_record.times).all()
        assert (a.cycle_record.segment_sums == b.cycle_record.segment_sums).all()


fractions = st.builds(F, st.integers(1, 12), st.integers(1, 12))
unit = st.builds(lambda p, q: F(p, p + q), st.integers(1, 9), st.integers(1, 9))


@st.composite
def scenarios(draw):
    """Three flows with their own AIMD parameters, a piecewise capacity, an arrival, a departure."""
    m = 3
    a = draw(st.lists(fractions, min_size=m, max_size=m))
    b = draw(st.lists(unit, min_size=m, max_size=m))
    x0 = draw(st.lists(st.integers(0, 40), min_size=m, max_size=m))
    steps = draw(st.integers(20, 160))
    levels = draw(st.lists(st.integers(20, 120), min_size=1, max_size=4))
    cut = sorted(draw(st.lists(st.integers(1, steps - 1), min_size=len(levels) - 1,
                               max_size=len(levels) - 1)))
    cap = np.empty(steps, dtype=np.int64)
    for lo, hi, lv in zip([0, *cut], [*cut, steps], levels, strict=True):
        cap[lo:hi] = lv
    arrive = draw(st.integers(0, steps - 2))
    depart = draw(st.integers(arrive + 1, steps + 5))
    return AIMD(a=a, b=b), x0, [int(v) for v in cap], steps, {2: arrive}, {0: depart}


@settings(max_examples=25, deadline=None)
@given(sc=scenarios(), record=st.sampled_from(["all", "cycles", "none"]),
       congestion=st.sampled_from([">=", ">"]))
def test_engines_agree_exactly_on_heterogeneous_dynamic_runs(sc, record, congestion):
    pol, x0, cap, steps, arrivals, departures = sc
    kw = {"arithmetic": "exact", "record": record, "congestion": congestion,
          "arrivals": arrivals, "departures": departures}
    ref = simulate(pol, x0, cap, steps=steps, **kw)
    for engine in ("cycle", "auto"):
        assert_same_record(ref, simulate(pol, x0, cap, steps=steps, engine=engine, **kw))


@settings(max_examples=25, deadline=None)
@given(sc=scenarios(), record=st.sampled_from(["all", "cycles", "none"]))
def test_kernel_is_bit_for_bit_on_heterogeneous_dynamic_float_runs(sc, record):
    pol, x0, cap, steps, arrivals, departures = sc
    pol = AIMD(a=[float(v) for v in pol.a], b=[float(v) for v in pol.b])  # non-dyadic floats
    kw = {"record": record, "arrivals": arrivals, "departures": departures}
    ref = simulate(pol, x0, cap, steps=steps, **kw)
    fast = simulate(pol, x0, cap, steps=steps, engine="kernel", **kw)
    assert fast.engine == "kernel"
    assert_same_record(ref, fast)


@pytest.mark.parametrize("arithmetic", ["exact", "integer", "float"])
def test_mixed_families_every_engine(arithmetic):
    mix = [AIMD(), AIAD(d=2), AIMDFC(), NewAIMD(reading="charitable")]
    cap = [90] * 50 + [45] * 100 + [70] * 150
    kw = {"arithmetic": arithmetic, "arrivals": {3: 30}, "departures": {1: 200}}
    ref = simulate(mix, [1, 30, 5, 8], cap, steps=300, **kw)
    assert isinstance(ref.policy, FlowMix)
    for engine in ("cycle", "auto"):
        fast = simulate(mix, [1, 30, 5, 8], cap, steps=300, engine=engine, **kw)
        if arithmetic == "float":
            assert np.allclose(fast.windows, ref.windows, rtol=1e-12)
            assert (fast.feedback == ref.feedback).all()
        else:
            assert_same_record(ref, fast)


def test_per_flow_parameters_equal_one_policy_per_flow():
    a, b = [1, F(1, 5), 2], [F(1, 2), F(7, 8), F(3, 4)]
    one = simulate(AIMD(a=a, b=b), [1, 30, 5], 100, cycles=20, arithmetic="exact")
    mix = simulate([AIMD(a=x, b=y) for x, y in zip(a, b, strict=True)], [1, 30, 5], 100,
                   cycles=20, arithmetic="exact")
    assert (one.windows == mix.windows).all()
    ker = simulate([AIMD(a=0.3, b=0.5), AIMD(a=1.7, b=0.8), AIAD(a=1, d=2)], [1, 30, 5], 100,
                   steps=300, engine="kernel")
    ref = simulate([AIMD(a=0.3, b=0.5), AIMD(a=1.7, b=0.8), AIAD(a=1, d=2)], [1, 30, 5], 100,
                   steps=300)
    assert ker.engine == "kernel"
    assert_same(ref, ker)


def test_an_inactive_flow_sends_nothing_and_keeps_its_window():
    tr = simulate(AIMD(), [10, 10, 7], 100, steps=60, arrivals={2: 20}, departures={0: 40},
                  arithmetic="exact")
    assert (tr.windows[:21, 2] == 7).all()  # waiting with its initial window
    assert tr.sent[19, 2] == 0
    assert tr.sent[20, 2] == 7
    assert (tr.windows[40:, 0] == tr.windows[40, 0]).all()  # frozen after it left
    assert (tr.totals == tr.sent.sum(axis=-1)).all()
    assert tr.active[19].tolist() == [True, True, False]
    assert tr.active[40].tolist() == [False, True, True]


def test_capacity_trace_callable_and_constant_agree():
    W = [100] * 40 + [50] * 60
    a = simulate(AIMD(), [1, 30], W, steps=100, arithmetic="exact")
    b = simulate(AIMD(), [1, 30], lambda t: 100 if t < 40 else 50, steps=100, arithmetic="exact")
    assert_same(a, b)
    assert a.capacities[39] == 100
    assert a.capacities[40] == 50
    head = simulate(AIMD(), [1, 30], 100, steps=40, arithmetic="exact")
    assert (head.windows == a.windows[:41]).all()


def test_utilization_uses_the_capacity_of_each_step():
    W = [200] * 2000 + [100] * 2000
    tr = simulate(AIMD(), [0], W, steps=4000, arithmetic="exact")
    # after the halving, the same sawtooth at half the scale: utilization 3/4 (+O(1/W))
    late = simulate(AIMD(), [0], 100, cycles=40, arithmetic="exact")
    assert abs(float(metrics.efficiency(tr)) - float(metrics.efficiency(late))) < 0.01
    rec = simulate(AIMD(), [0], W, steps=4000, arithmetic="exact", engine="cycle",
                   record="cycles")
    assert metrics.efficiency(rec) == metrics.efficiency(tr)


# ----------------------------------------------------------------- the matrix model
def _peaks(tr) -> np.ndarray:
    rows = [metrics._row(tr, int(t)) for t in tr.congestion_steps]
    return np.array([[float(v) for v in tr.windows[k]] for k in rows])


def test_long_run_peak_shares_are_the_perron_vector():
    """Mean peak windows -> alpha_i/(1 - beta_i), with an error bounded by O(1/N) (N: RTTs)."""
    a, b = [1, F(1, 5), 2], [F(1, 2), F(7, 8), F(3, 4)]
    pol = AIMD(a=a, b=b)
    x = np.array([float(v) for v in matrix_model(pol).peak_shares])
    W = 10**4
    errors = []
    for K in (20, 80, 320):
        tr = simulate(pol, [1, 30, 5], W, cycles=K, arithmetic="exact", engine="cycle",
                      record="cycles")
        peaks = _peaks(tr)
        shares = peaks.sum(axis=0) / peaks.sum()
        N = int(tr.congestion_steps[-1]) - int(tr.congestion_steps[0])
        # from sum_k (1 - b_i) w_i(k) = a_i N + w_i(first) - w_i(last) (exact identity)
        bound = 2 * sum(W / (1 - float(bi)) for bi in b) / (
            N * sum(float(ai) / (1 - float(bi)) for ai, bi in zip(a, b, strict=True))
        )
        errors.append(np.abs(shares - x).max())
        assert errors[-1] <= bound
    assert errors[0] > errors[1] > errors[2]


@pytest.mark.parametrize("engine", ["cycle", "kernel"])
def test_after_a_departure_the_flows_reconverge_at_lambda2(engine):
    pol = AIMD(a=[1, F(1, 5), 2], b=[F(1, 2), F(7, 8), F(3, 4)])
    W = 1e5
    first = simulate(pol, [100.0, 300.0, 50.0], W, cycles=40, engine=engine,
                     record="cycles", max_steps=10**9)
    leave = int(first.congestion_steps[-1]) + 3
    tr = simulate(pol, [100.0, 300.0, 50.0], W, cycles=60, departures={2: leave},
                  engine=engine, record="cycles", max_steps=10**9)
    mm = matrix_model(AIMD(a=[1, F(1, 5)], b=[F(1, 2), F(7, 8)]))
    x = mm.numeric()["peak_shares"]
    peaks = _peaks(tr)[np.asarray(tr.congestion_steps) > leave][:, :2]
    dev = np.abs(peaks / peaks.sum(axis=1, keepdims=True) - x).sum(axis=1)
    ratios = dev[1:12] / dev[:11]
    assert np.allclose(ratios, float(mm.lambda2), rtol=2e-3)


def test_matrix_model_of_equal_flows_and_of_tcp_friendly_pairs():
    mm = matrix_model(AIMD(), flows=4)
    assert mm.lambda2 == F(1, 2)
    assert all(v == F(1, 4) for v in mm.peak_shares)
    friendly = matrix_model([AIMD(), AIMD(a=F(1, 5), b=F(7, 8))])
    assert friendly.mean_shares == (F(1, 2), F(1, 2))
    with pytest.raises(ValueError, match="flow 1: the matrix model is for AIMD flows"):
        matrix_model([AIMD(), AIAD()])


# ----------------------------------------------------------------- conventions
def test_results_say_which_convention_produced_them():
    ge = simulate(WestwoodRule(), [1, 30], 100, steps=400, arithmetic="exact")
    gt = simulate(WestwoodRule(), [1, 30], 100, steps=400, arithmetic="exact", congestion=">")
    assert (ge.congestion, gt.congestion) == (">=", ">")
    # with >=, a sum exactly at W is a loss every RTT and the split freezes;
    # with >, the rule backs off every other RTT and the windows converge
    assert (ge.feedback[-50:] == 0).all()
    assert ge.windows[-1][0] != ge.windows[-1][1]
    assert metrics.spread(gt.windows[-1]) < metrics.spread(ge.windows[-1])


# ----------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"policy": lambda: AIMD(a=[1, 2, 3])}, ValueError, "a has 3 values .one per flow. but x0"),
        ({"policy": lambda: AIMD(b=[0.5, 1.5])}, ValueError, r"b\[1\] \(flow 1\) must satisfy"),
        ({"capacity": [100] * 5}, ValueError, "capacity trace has 5 values but the run has 10"),
        ({"capacity": [100, float("nan")] + [100] * 8}, ValueError, r"capacity\[1\] \(step 1\)"),
        ({"capacity": [100, -1] + [100] * 8}, ValueError, r"capacity\[1\] \(step 1\)"),
        ({"capacity": "SQL"}, TypeError, "environments.capacity_trace"),
        ({"arrivals": {0: 5}, "departures": {0: 5}}, ValueError, "departures.0. = 5 must come"),
        ({"arrivals": {7: 5}}, ValueError, "arrivals names flow 7"),
        ({"departures": {0: -1}}, ValueError, r"departures\[0\] must be an int >= 0"),
        ({"arrivals": [5]}, TypeError, "arrivals must be a dict"),
        ({"policy": lambda: [AIMD(), AIMD(a=[1, 2])]}, ValueError, "has per-flow parameters"),
    ],
)
def test_bad_scenarios(kwargs, error, match):
    args = {"policy": AIMD, "x0": [1, 30], "capacity": 100, "steps": 10}
    args.update(kwargs)
    with pytest.raises(error, match=match):
        simulate(args.pop("policy")(), args.pop("x0"), args.pop("capacity"), **args)


def test_a_cycles_run_that_outlives_its_capacity_trace_says_so():
    for engine in ("step", "cycle", "kernel"):
        with pytest.raises(ValueError, match="capacity trace has 30 values but the run reached"):
            simulate(AIMD(), [1, 30], [100] * 30, cycles=5, engine=engine)


def test_fcplus_per_flow_parameters_run_in_exact_arithmetic():
    pol = AIMDFCPlus(a=[1, 2], b=[F(1, 2), F(3, 4)], f=[F(1, 2), 0])
    ref = simulate(pol, [1, 30], 100, steps=300, arithmetic="exact")
    fast = simulate(pol, [1, 30], 100, steps=300, arithmetic="exact", engine="cycle")
    assert_same(ref, fast)
    assert fast.engine == "cycle"


def test_miad_per_flow_in_the_kernel():
    pol = MIAD(c=[1.5, 2.0], d=[1, 3])
    ref = simulate(pol, [1, 3], 100, steps=200)
    fast = simulate(pol, [1, 3], 100, steps=200, engine="kernel")
    assert fast.engine == "kernel"
    assert_same(ref, fast)


# ----------------------------------------------------------------- guards
@pytest.mark.parametrize("engine", ["step", "cycle", "kernel"])
def test_an_overflowing_window_is_an_error_naming_the_flow(engine):
    from aimdmodel import MIMD

    with pytest.raises(ValueError, match="flow 0") as err:
        simulate(MIMD(c=1e300), [1, 1], 1e308, steps=6, engine=engine)
    assert "step 2" in str(err.value)


def test_a_user_policy_that_returns_garbage_is_named():
    from dataclasses import dataclass
    from typing import ClassVar

    @dataclass(frozen=True, repr=False)
    class Broken(AIMD):
        name: ClassVar[str] = "broken"

        def decrease(self, s):
            return 0.5

    with pytest.raises(TypeError, match=r"Broken\(.*\)\.decrease must return a state"):
        simulate(Broken(), [1, 30], 100, steps=60)


def test_memory_and_number_size_limits():
    from aimdmodel.engines.guards import Limits

    with pytest.raises(MemoryError, match="record='cycles'"):
        simulate(AIMD(), [1, 30], 100, steps=10**9)
    with pytest.raises(OverflowError, match="bits"):
        simulate(AIMD(b=F(3, 7)), [1, 30], 100, steps=4000, arithmetic="exact",
                 limits=Limits(bits=64))


def test_simulate_refuses_symbols_and_floats_out_of_range():
    import sympy

    with pytest.raises(TypeError, match=r"aimdmodel\.symbolic\.derive"):
        simulate(AIMD(b=sympy.Symbol("b")), [1, 30], 100, steps=5)
    with pytest.raises(ValueError, match=r"a = 1e-400 is not a finite nonzero float64"):
        simulate(AIMD(a=F(1, 10**400)), [1, 30], 100, steps=5)
    with pytest.raises(OverflowError, match=r"^policy parameter a: value is too large for float"):
        simulate(AIMD(a=[1, 10**400]), [1, 30], 100, steps=5)
    exact = simulate(AIMD(), [10**400, 1], 10**401, steps=3, arithmetic="exact")
    assert exact.windows[-1][0] == 10**400 + 3
    gen = simulate(AIMD(), (w for w in (1, 30)), 100, steps=3)
    assert gen.windows.shape == (4, 2)
