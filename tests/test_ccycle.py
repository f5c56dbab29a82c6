"""The compiled cycle engine: the Python cycle engine's results, compiled.

Reference: the Python cycle engine run on each system alone (and through it
the step engine where that one is bit for bit). Bit for bit wherever the
policy's own decrease does the operations of its affine map in the map's
order; AIMD-FC+ within a documented tolerance. No timing here.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from aimdmodel import (
    AIAD,
    AIMD,
    AIMDFC,
    MIMD,
    AIMDFCPlus,
    LinearControl,
    NewAIMD,
    metrics,
    simulate,
)
from aimdmodel.engines.declarations import DeclarationError, affine_map_spec
from aimdmodel.policies import AIMDFCPlusPrinted, FlowMix, ShiftedAIMDFC, WestwoodRule
from aimdmodel.policies.base import AffineMap

F = Fraction

#: bit for bit with the Python cycle engine (the decrease does the map's operations)
EXACT_ORDER = [
    AIMD(),
    AIMD(a=0.1, b=0.7),
    AIMD(a=[1, 0.3], b=[0.5, 0.9]),
    AIAD(a=2, d=3),
    AIAD(a=0.7, d=2.3, floor=1.25),
    LinearControl(a_i=1.3, b_i=1, a_d=-1, b_d=0.75, floor=1.5),
    AIMDFC(),
    AIMDFC(a=0.3, b=0.7),
    ShiftedAIMDFC(a=0.6, b=0.8, q=1.7),
    NewAIMD(),
    NewAIMD(a=0.3, b=0.6, reading="charitable"),
    FlowMix((AIMD(a=0.5), AIAD(a=0.2, d=3))),
    AIMDFCPlus(),  # dyadic: every operation exact
]
IDS = [repr(p) for p in EXACT_ORDER]


def assert_same(a, b) -> None:
    """Same windows, feedback, knots, sums, events and final state, bit for bit."""
    assert a.windows.shape == b.windows.shape
    assert (a.windows == b.windows).all()
    assert (a.feedback == b.feedback).all()
    ra, rb = a.cycle_record, b.cycle_record
    assert (ra is None) == (rb is None)
    if ra is not None:
        assert (ra.times == rb.times).all()
        assert (ra.segment_sums == rb.segment_sums).all()
        if ra.events is not None:
            assert all((u == v).all() for u, v in zip(ra.events, rb.events, strict=True))
    for u, v in zip(a.final_state, b.final_state, strict=True):
        assert (np.asarray(u) == np.asarray(v)).all()


@pytest.mark.parametrize("policy", EXACT_ORDER, ids=IDS)
@pytest.mark.parametrize("record", ["all", "cycles", "none"])
def test_equals_python_cycle_engine(policy, record):
    for congestion in (">=", ">"):
        for kw in ({"steps": 400}, {"cycles": 9}):
            common = {"record": record, "congestion": congestion, **kw}
            ref = simulate(policy, [1.5, 30.25], 100.7, engine="cycle", **common)
            fast = simulate(policy, [1.5, 30.25], 100.7, engine="ccycle", **common)
            assert fast.engine == "ccycle"
            assert_same(ref, fast)


@pytest.mark.parametrize("record", ["all", "cycles", "none"])
def test_batched_is_each_system_alone(record):
    """Each system jumps on its own: a batch gives its systems' single runs exactly."""
    rng = np.random.default_rng(5)
    x = rng.uniform(0, 60, size=(4, 3))
    for pol in (AIMD(a=0.3, b=0.7), AIMDFC(a=0.7, b=0.6), NewAIMD(reading="charitable")):
        batch = simulate(pol, x, 150.3, steps=500, engine="ccycle", record=record)
        for i in range(4):
            one = simulate(pol, x[i], 150.3, steps=500, engine="ccycle", record=record)
            ref = simulate(pol, x[i], 150.3, steps=500, engine="cycle", record=record)
            assert_same(one, ref)
            if record == "cycles":  # the batch's knots are the union: compare at one's knots
                at = np.searchsorted(batch.t, one.t)
                assert (batch.windows[at, i] == one.windows).all()
                assert (batch.system(i).congestion_steps == one.congestion_steps).all()
            else:
                assert (batch.windows[:, i] == one.windows).all()
            assert (batch.final_state[0][i] == one.final_state[0]).all()


def test_batched_cycles_run_ends_with_the_last_system():
    x = [[1, 30], [0, 0], [40, 2]]
    ref = simulate(AIMD(), x, 200, cycles=7, engine="cycle", record="cycles")
    fast = simulate(AIMD(), x, 200, cycles=7, engine="ccycle", record="cycles")
    assert_same(ref, fast)  # dyadic: the lock-step Python engine gives the same bits
    assert fast.n_steps == ref.n_steps
    assert min(len(c) for c in fast.congestion_steps) == 7


def test_equals_step_engine_where_it_is_exact():
    x = [[1, 30, 7], [5, 5, 0]]
    for pol in (AIMD(a=2, b=0.75), AIMDFC(a=0.5), AIMDFCPlus(), NewAIMD(), AIAD(a=3, d=4)):
        ref = simulate(pol, x, 2**12, steps=3000)
        fast = simulate(pol, x, 2**12, steps=3000, engine="ccycle")
        assert (ref.windows == fast.windows).all()
        assert (ref.feedback == fast.feedback).all()


def test_fc_plus_within_rounding():
    """AIMD-FC+'s decrease computes b dw + (w + k - dw), the map (b-1) dw + w + k."""
    pol = AIMDFCPlus(a=0.3, b=0.7, f=0.4)
    x = [1.3, 30.1, 7.7]
    ref = simulate(pol, x, 1000.0, cycles=40, engine="cycle", record="cycles")
    fast = simulate(pol, x, 1000.0, cycles=40, engine="ccycle", record="cycles")
    assert (ref.congestion_steps == fast.congestion_steps).all()
    np.testing.assert_allclose(fast.windows, ref.windows, rtol=1e-12)
    np.testing.assert_allclose(fast.cycle_record.segment_sums, ref.cycle_record.segment_sums,
                               rtol=1e-12)
    assert metrics.efficiency(fast) == pytest.approx(metrics.efficiency(ref), rel=1e-12)


@settings(max_examples=40, deadline=None)
@given(
    x=st.lists(st.floats(0, 80, allow_subnormal=False), min_size=1, max_size=5),
    W=st.floats(1, 500),
    a=st.floats(0.01, 5),
    b=st.floats(0.05, 0.95),
    ge=st.booleans(),
    kind=st.sampled_from(["aimd", "fc", "new", "aiad"]),
)
@example(x=[0.0], W=1.0, a=1.0, b=0.5, ge=True, kind="aimd")
@example(x=[100.0, 100.0], W=1.0, a=1.0, b=0.5, ge=False, kind="fc")
def test_property_equals_python_cycle_engine(x, W, a, b, ge, kind):
    pol = {"aimd": AIMD(a=a, b=b), "fc": AIMDFC(a=a, b=b), "new": NewAIMD(a=a, b=b),
           "aiad": AIAD(a=a, d=b * 10)}[kind]
    kw = {"congestion": ">=" if ge else ">", "record": "cycles", "cycles": 6}
    assert_same(simulate(pol, x, W, engine="cycle", **kw),
                simulate(pol, x, W, engine="ccycle", **kw))


def test_falls_back_and_says_so():
    def used(policy, **kw):
        return simulate(policy, [1, 30], 100, steps=60, engine="ccycle", **kw).engine

    assert used(AIMD()) == "ccycle"
    assert used(AIMD(), arithmetic="exact") == "cycle"
    assert used(AIMD(), arithmetic="integer") == "cycle"
    assert used(AIMD(), arrivals={1: 5}) == "cycle"
    assert simulate(AIMD(), [1, 30], [100] * 60, steps=60, engine="ccycle").engine == "cycle"
    printed = simulate(AIMDFCPlusPrinted(), [1, 30], 100, steps=40, engine="ccycle")
    assert printed.engine == "cycle"  # shared dw: no per-flow map
    assert used(MIMD()) == "step"
    assert used(WestwoodRule()) == "cycle"  # uses the signal: the Python engine
    fallback = simulate(AIMD(), [1, 30], 100, steps=60, engine="ccycle", arrivals={1: 5})
    assert_same(fallback, simulate(AIMD(), [1, 30], 100, steps=60, engine="cycle",
                                   arrivals={1: 5}))


def test_declared_maps_are_verified():
    assert affine_map_spec(AIMDFCPlusPrinted(), flows=2) is None
    assert affine_map_spec(MIMD(), flows=2) is None
    spec = affine_map_spec(AIMDFCPlus(f=F(1, 3)), flows=2)
    assert spec.matrix[0, 1].tolist() == [F(-1, 2), 1, 1, F(1, 3)]

    @dataclass(frozen=True, repr=False)
    class Forgot(AIMDFC):
        """Changes the decrease but inherits AIMD-FC's declared map."""

        name: ClassVar[str] = "forgot"

        def decrease(self, s):
            return type(s)(self.b * s.w + s.k + 1, s.k * 0)

        @property
        def affine_map(self):  # declared again (a subclass inherits no declaration)
            return AIMDFC.affine_map.fget(self)

    with pytest.raises(DeclarationError, match="decrease"):
        simulate(Forgot(), [1, 30], 100, steps=50, engine="ccycle")

    @dataclass(frozen=True, repr=False)
    class Shaped(AIMDFC):
        """A user policy of the same shape: compiled without any engine change."""

        name: ClassVar[str] = "shaped"

        def decrease(self, s):
            return type(s)(self.b * s.w + s.k + 2, s.k * 0)

        @property
        def affine_map(self):
            return AffineMap(increment=(0, self.a), matrix=((self.b, 1), (0, 0)),
                             offset=(2, 0), window=(1, 1))

    ref = simulate(Shaped(a=0.4), [1, 30], 100, steps=300, engine="cycle")
    fast = simulate(Shaped(a=0.4), [1, 30], 100, steps=300, engine="ccycle")
    assert fast.engine == "ccycle"
    assert_same(ref, fast)


def test_max_steps_limits_the_work_of_jump_engines():
    for engine in ("cycle", "ccycle", "auto"):
        tr = simulate(AIMD(), [1, 30], 1e6, cycles=40, engine=engine, record="cycles")
        assert len(tr.congestion_steps) == 40
        assert tr.n_steps > 10_000_000  # more steps than the default max_steps
    for engine in ("cycle", "ccycle"):
        with pytest.raises(RuntimeError, match="max_steps=50 jumps and single steps"):
            simulate(AIMD(), [1, 30], 1000, cycles=100, max_steps=50, engine=engine)


def test_a_window_that_overflows_is_the_same_error():
    msgs = []
    for engine in ("cycle", "ccycle"):
        with pytest.raises(ValueError, match="not finite") as info:
            simulate(AIMD(a=1e308), [1e308, 0.0], 1.7e308, steps=5, engine=engine)
        msgs.append(str(info.value))
    assert msgs[0] == msgs[1]


def test_record_all_memory_is_refused_before_the_work():
    from aimdmodel.engines.guards import Limits

    with pytest.raises(MemoryError, match="record='all'"):
        simulate(AIMD(), [1, 30], 1e6, cycles=10, engine="ccycle", record="all",
                 limits=Limits(memory=10**6))


@settings(max_examples=25, deadline=None)
@given(
    x=st.lists(st.floats(0, 80, allow_subnormal=False), min_size=1, max_size=9),
    W=st.floats(1, 1e5),
    a=st.floats(0.01, 5),
    b=st.floats(0.05, 0.95),
    floor=st.sampled_from([0.0, 1.0, 2.5]),
    ge=st.booleans(),
)
def test_one_variable_short_forms_give_the_general_forms_bits(x, W, a, b, floor, ge):
    """Policies with one state variable run the loops' short forms: the same operations.

    The general forms are forced by marking no flow as the fast path (the
    parameter set's column ``4 n + n^2``); both sweeps must give the same
    metrics and counts bit for bit.
    """
    from dataclasses import replace

    from aimdmodel.engines.batch import plan_families, run_chunk

    pols = [AIMD(a=a, b=b, floor=floor), AIAD(a=a, d=b * 3, floor=floor)]
    fams, rest = plan_families(pols, np.array([x]), np.array([W, W / 3 + 1]),
                               ">=" if ge else ">")
    assert rest == []
    assert len(fams) == 1
    assert fams[0].S0.shape[-1] == 1
    par = fams[0].par.copy()
    par[:, :, 5] = -1.0  # no fast path: _one_variable is False
    general = replace(fams[0], par=par)
    for steps, cycles in ((-1, 12), (300, 0)):
        kw = {"steps": steps, "cycles": cycles, "max_work": 10**6, "burn_in": -1, "eps": 1.0}
        f1, i1 = run_chunk(fams[0], 0, fams[0].size, **kw)
        f2, i2 = run_chunk(general, 0, general.size, **kw)
        assert np.array_equal(f1, f2, equal_nan=True)
        assert (i1 == i2).all()


@pytest.mark.parametrize("flows", [7, 8, 12])
def test_pairwise_totals_from_eight_flows(flows):
    """From 8 flows numpy sums in blocks; the short forms must keep its order there too."""
    x = np.random.default_rng(flows).uniform(2, 40, flows).round(3)
    for pol in (AIMD(a=0.3, b=0.7), AIAD(a=0.7, d=2.3, floor=1.25)):
        kw = {"record": "cycles", "cycles": 25}
        assert_same(simulate(pol, x, 1000.3, engine="cycle", **kw),
                    simulate(pol, x, 1000.3, engine="ccycle", **kw))


def test_sweep_metrics_columns_are_the_batches_columns():
    """``sweep_metrics`` allocates its outputs: their widths are the columns run_chunk names."""
    from aimdmodel.engines._ccycle import N_FLOAT_COLUMNS
    from aimdmodel.engines.batch import METRIC_COLUMNS, plan_families, run_chunk

    (fam,), _ = plan_families([AIMD()], np.array([[1.0, 30.0], [5.0, 5.0]]),
                              np.array([100.0, 7.0]), ">=")
    outf, outi = run_chunk(fam, 1, 4, steps=-1, cycles=6, max_work=10**6, burn_in=-1, eps=1.0)
    assert N_FLOAT_COLUMNS == len(METRIC_COLUMNS)
    assert outf.shape == (3, len(METRIC_COLUMNS))
    assert outi.shape == (3, 8)
    assert outf.dtype == np.float64
    assert outi.dtype == np.int64
    assert (outi[:, 1] == 6).all()  # every system reached its 6 events
    assert np.isfinite(outf).all()
    short, _ = run_chunk(fam, 0, 4, steps=-1, cycles=1, max_work=10**6, burn_in=-1, eps=1.0)
    assert np.isnan(short[:, :4]).all()  # no whole cycle: the long-run metrics are undefined
