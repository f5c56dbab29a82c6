"""Every engine path gives the step engine's trajectories.

The step engine (``engine="step"``) is the reference; the cycle engine, the
numba kernels and the ``record="cycles"`` / ``"none"`` recordings are
checked against it, exactly where the arithmetic allows it. No timing here:
speed is measured by ``benchmarks/run.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from aimdmodel import (
    AIAD,
    AIMD,
    AIMDFC,
    MIAD,
    MIMD,
    AIMDFCPlus,
    LinearControl,
    NewAIMD,
    metrics,
    simulate,
)
from aimdmodel.engine import prepare
from aimdmodel.engines._compiled import pairwise_total
from aimdmodel.engines.cycle import Jumper
from aimdmodel.engines.declarations import DeclarationError, linear_spec
from aimdmodel.engines.declarations import affine as is_affine
from aimdmodel.policies import WindowState

F = Fraction

POLICIES = [
    AIMD(),
    AIMD(a=2, b=F(3, 4)),
    AIAD(a=2, d=3),
    AIMDFC(),
    AIMDFCPlus(),
    NewAIMD(),
    NewAIMD(reading="charitable"),
    MIMD(c=F(3, 2)),
    MIAD(),
    LinearControl(a_i=1, b_i=1, a_d=-1, b_d=F(3, 4), floor=1),
]
IDS = [repr(p) for p in POLICIES]
X0 = [[1, 30], [5, 5], [1, 17]]


def assert_same(a, b, *, state: bool = True) -> None:
    """Same windows, feedback, congestion steps and final state, bit for bit."""
    assert a.windows.shape == b.windows.shape
    assert a.windows.dtype == b.windows.dtype
    assert (a.windows == b.windows).all()
    assert a.feedback.shape == b.feedback.shape
    assert (a.feedback == b.feedback).all()
    if state:
        for ca, cb in zip(a.final_state, b.final_state, strict=True):
            assert (np.asarray(ca) == np.asarray(cb)).all()


# ------------------------------------------------------------ cycle engine
@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("arithmetic", ["exact", "integer", "float"])
@pytest.mark.parametrize("congestion", [">=", ">"])
def test_cycle_engine_equals_step_engine(policy, arithmetic, congestion):
    """Exact and integer: identical; float: identical for these dyadic runs."""
    kw = {"arithmetic": arithmetic, "congestion": congestion}
    ref = simulate(policy, X0, 100, steps=260, **kw)
    fast = simulate(policy, X0, 100, steps=260, engine="cycle", **kw)
    assert_same(ref, fast)
    assert fast.engine == ("cycle" if is_affine(policy, flows=2) else "step")
    ref = simulate(policy, X0[0], 64, cycles=6, **kw)
    fast = simulate(policy, X0[0], 64, cycles=6, engine="cycle", **kw)
    assert_same(ref, fast)


def test_cycle_engine_jumps_non_integral_increase_only_when_whole():
    """Integer arithmetic floors every step: a = 3/2 increases by 1 per step."""
    pol = AIMD(a=F(3, 2))
    ref = simulate(pol, [1, 30], 100, cycles=4, arithmetic="integer")
    fast = simulate(pol, [1, 30], 100, cycles=4, arithmetic="integer", engine="cycle")
    assert_same(ref, fast)
    assert (np.diff(ref.windows[:30, 0]) == 1).all()  # floor(w + 3/2) = w + 1


@settings(max_examples=40, deadline=None)
@given(
    x=st.lists(st.integers(0, 60), min_size=1, max_size=4),
    W=st.integers(1, 200),
    a=st.fractions(F(1, 4), 3, max_denominator=8),
    b=st.fractions(F(1, 8), F(7, 8), max_denominator=8),
    ge=st.booleans(),
)
@example(x=[0], W=1, a=F(1), b=F(1, 2), ge=True)
@example(x=[100, 100], W=1, a=F(1), b=F(1, 2), ge=False)
def test_cycle_engine_property_exact(x, W, a, b, ge):
    for pol in (AIMD(a=a, b=b), AIMDFCPlus(a=a, b=b)):
        kw = {"arithmetic": "exact", "congestion": ">=" if ge else ">"}
        ref = simulate(pol, x, W, cycles=4, **kw)
        fast = simulate(pol, x, W, cycles=4, engine="cycle", **kw)
        assert_same(ref, fast)


@settings(max_examples=40, deadline=None)
@given(
    x=st.lists(st.integers(0, 200), min_size=1, max_size=4),
    W=st.integers(1, 2000),
    a8=st.integers(1, 24),
    b8=st.integers(1, 7),
    ge=st.booleans(),
)
def test_cycle_engine_property_float_dyadic(x, W, a8, b8, ge):
    """a and b multiples of 1/8, whole windows: float jumps are bit-for-bit."""
    for pol in (AIMD(a=a8 / 8, b=b8 / 8), AIMDFC(a=a8 / 8, b=b8 / 8)):
        kw = {"congestion": ">=" if ge else ">"}
        ref = simulate(pol, x, float(W), cycles=5, **kw)
        fast = simulate(pol, x, float(W), cycles=5, engine="cycle", **kw)
        assert_same(ref, fast)


def test_cycle_engine_float_non_dyadic_differs_only_by_rounding():
    """a = 0.1: w + a + ... + a (step) vs w + n a (jump) differ in the last bits.

    They agree to ~1e-12 relative until their congestion steps part, and they
    part only at a tie: a step whose *exact* total is W, where the float
    rounding of either engine decides (here seed 0 hits such a tie).
    """
    pol = AIMD(a=0.1, b=0.7)
    x = [[1.3, 30.1, 7.7], [2.0, 2.5, 0.3]]
    ref = simulate(pol, x, 1000.0, cycles=20)
    fast = simulate(pol, x, 1000.0, cycles=20, engine="cycle")
    exact = simulate(pol, x, 1000, cycles=20, arithmetic="exact")
    assert fast.engine == "cycle"
    parted = 0
    for i in range(2):
        a, b = ref.congestion_steps[i], fast.congestion_steps[i]
        k = min(len(a), len(b))
        diff = np.flatnonzero(a[:k] != b[:k])
        end = int(min(a[diff[0]], b[diff[0]])) if diff.size else k
        end = min(end, ref.n_steps, fast.n_steps)
        np.testing.assert_allclose(
            fast.system(i).windows[: end + 1], ref.system(i).windows[: end + 1], rtol=1e-12
        )
        if diff.size:
            parted += 1
            t = int(min(a[diff[0]], b[diff[0]]))
            assert exact.system(i).totals[t] == 1000  # an exact tie with W
    assert parted == 1


def test_cycle_engine_max_steps_error_matches():
    pol = AIMD(a=F(1, 2))  # integer arithmetic: floor(w + 1/2) = w never grows
    for engine in ("step", "cycle"):
        with pytest.raises(RuntimeError, match="max_steps=50"):
            simulate(pol, [1, 2], 100, cycles=1, arithmetic="integer", max_steps=50, engine=engine)
    for engine in ("step", "kernel"):
        with pytest.raises(RuntimeError, match="max_steps=50 steps"):
            simulate(AIMD(), [1, 2], 1000, cycles=1, max_steps=50, engine=engine)
    # a jump engine's max_steps limits its work (jumps and single steps), not its steps
    for engine in ("cycle", "ccycle"):
        tr = simulate(AIMD(), [1, 2], 1000, cycles=1, max_steps=50, engine=engine)
        assert tr.n_steps == 500
        with pytest.raises(RuntimeError, match="max_steps=50 jumps and single steps"):
            simulate(AIMD(), [1, 2], 1000, cycles=30, max_steps=50, engine=engine)


def test_affine_declarations_are_verified():
    assert [is_affine(p, flows=2) for p in POLICIES] == [
        True, True, True, True, True, True, True, False, False, True
    ]
    assert Jumper.for_run(prepare(MIMD(), [1, 2], 10, steps=1)) is None


def test_a_false_affine_declaration_is_an_error():
    @dataclass(frozen=True, repr=False)
    class Doubling(MIMD):
        """Declares an affine advance although it multiplies."""

        name: ClassVar[str] = "doubling"

        @property
        def affine_advance(self) -> bool:
            return True

    with pytest.raises(DeclarationError, match="declares affine_advance"):
        simulate(Doubling(), [1, 30], 100, steps=10, engine="cycle")


@dataclass(frozen=True, repr=False)
class CountingAIMD(AIMD):
    """AIMD with the optional ``steps_to`` protocol method (a user policy)."""

    name: ClassVar[str] = "counting-aimd"

    def steps_to(self, s: Any, capacity: Any, congestion: str) -> np.ndarray:
        total = s.w.sum(axis=-1)
        gap = (capacity - total) / (self.a * s.w.shape[-1])
        return np.array([int(np.ceil(float(g))) for g in np.atleast_1d(gap)])


def test_steps_to_protocol_is_used_and_checked():
    pol = CountingAIMD()
    ref = simulate(pol, [1, 30], 100, steps=300, arithmetic="exact")
    fast = simulate(pol, [1, 30], 100, steps=300, arithmetic="exact", engine="cycle")
    assert fast.engine == "cycle"
    assert_same(ref, fast)


@dataclass(frozen=True, repr=False)
class WrongSteps(AIMD):
    """A ``steps_to`` that is off by 5: the engine's check must correct it."""

    name: ClassVar[str] = "wrong-steps"

    def steps_to(self, s: Any, capacity: Any, congestion: str) -> np.ndarray:
        total = s.w.sum(axis=-1)
        gap = (capacity - total) / (self.a * s.w.shape[-1])
        return np.array([int(np.ceil(float(g))) + 5 for g in np.atleast_1d(gap)])


def test_wrong_steps_to_is_corrected():
    ref = simulate(WrongSteps(), [1, 30], 100, steps=300, arithmetic="exact")
    fast = simulate(WrongSteps(), [1, 30], 100, steps=300, arithmetic="exact", engine="cycle")
    assert_same(ref, fast)


# ------------------------------------------------------------- kernels
KERNEL_POLICIES = [
    AIMD(),
    AIMD(a=0.1, b=0.7),
    AIAD(a=2, d=3),
    MIMD(c=1.3, b=0.9),
    MIAD(),
    LinearControl(a_i=1.3, b_i=1.1, a_d=-1, b_d=F(3, 4), floor=2),
]


@pytest.mark.parametrize("policy", KERNEL_POLICIES, ids=[repr(p) for p in KERNEL_POLICIES])
@pytest.mark.parametrize("arithmetic", ["float", "integer"])
@pytest.mark.parametrize("m", [1, 9, 150])
def test_kernel_equals_step_engine(policy, arithmetic, m):
    """Bit for bit, non-dyadic parameters and m > 128 (numpy's pairwise tree) included."""
    rng = np.random.default_rng(m)
    x = rng.integers(2, 40, size=(3, m)).astype(float)
    W = 37.3 * m
    for congestion in (">=", ">"):
        kw = {"arithmetic": arithmetic, "congestion": congestion}
        ref = simulate(policy, x, W, steps=120, **kw)
        fast = simulate(policy, x, W, steps=120, engine="kernel", **kw)
        assert fast.engine == "kernel"
        assert_same(ref, fast)
        if arithmetic == "integer" and F(policy.coefficients[0]).denominator != 1:
            continue  # floor(w + 1/10) = w: no congestion event ever
        ref = simulate(policy, x[0], W, cycles=4, **kw)
        fast = simulate(policy, x[0], W, cycles=4, engine="kernel", **kw)
        assert_same(ref, fast)


@pytest.mark.parametrize("shape", [(1, 9), (2, 9), (3, 16), (5, 100), (3, 150), (4, 3)])
def test_kernel_record_none_equals_step_engine(shape):
    """record='none' runs two systems at a time when 8 <= m <= 128: same bits."""
    rng = np.random.default_rng(shape[1])
    x = rng.uniform(0, 40, size=shape)
    pol = AIMD(a=0.3, b=0.7)
    W = 31.7 * shape[1]
    ref = simulate(pol, x, W, steps=150, record="none")
    fast = simulate(pol, x, W, steps=150, record="none", engine="kernel")
    assert fast.engine == "kernel"
    assert_same(ref, fast)
    assert (ref.cycle_record.segment_sums == fast.cycle_record.segment_sums).all()


@pytest.mark.parametrize("m", [2, 3, 8, 16, 17])
def test_register_lanes_equal_step_engine(m):
    """Static runs of up to 16 flows keep the windows in registers (run_lanes): same bits."""
    rng = np.random.default_rng(m)
    x = rng.integers(0, 40, size=(4, m)).astype(float)
    per_flow = AIMD(a=list(np.round(rng.uniform(0.1, 2, m), 2)), b=list(np.round(
        rng.uniform(0.3, 0.9, m), 2)))
    for pol, arithmetic in ((per_flow, "float"), (AIAD(a=2, d=3), "integer"),
                            (AIMD(a=0.3, b=0.7), "float")):
        for record in ("none", "cycles"):
            kw = {"arithmetic": arithmetic, "record": record}
            ref = simulate(pol, x, 23.7 * m, steps=400, **kw)
            fast = simulate(pol, x, 23.7 * m, steps=400, engine="kernel", **kw)
            assert_same(ref, fast)
            assert (ref.cycle_record.segment_sums == fast.cycle_record.segment_sums).all()


def test_register_lanes_on_one_thread_and_all():
    import numba

    x = np.random.default_rng(3).uniform(0, 50, size=(64, 4))
    runs = []
    default = numba.get_num_threads()
    for threads in (1, default):
        numba.set_num_threads(threads)
        try:
            runs.append(simulate(AIMD(a=0.3, b=0.7), x, 150.0, steps=3000, engine="kernel",
                                 record="none"))
        finally:
            numba.set_num_threads(default)
    assert_same(runs[0], runs[1])


@settings(max_examples=30, deadline=None)
@given(
    x=st.lists(st.floats(0, 50, allow_subnormal=False), min_size=3, max_size=36),
    B=st.integers(1, 3),
    W=st.floats(1, 400),
    a=st.floats(0.01, 5),
    b=st.floats(0.05, 0.95),
    ge=st.booleans(),
    record=st.sampled_from(["all", "cycles", "none"]),
)
def test_kernel_property_float(x, B, W, a, b, ge, record):
    """Random float runs, any parameters: the kernel gives the step engine's bits."""
    m = max(1, len(x) // B)
    xs = np.asarray(x[: m * B]).reshape(B, m)
    kw = {"congestion": ">=" if ge else ">", "record": record}
    pol = AIMD(a=a, b=b)
    ref = simulate(pol, xs, W, cycles=3, **kw)
    fast = simulate(pol, xs, W, cycles=3, engine="kernel", **kw)
    assert_same(ref, fast)
    if record != "all":
        assert (ref.cycle_record.times == fast.cycle_record.times).all()
        assert (ref.cycle_record.segment_sums == fast.cycle_record.segment_sums).all()


def test_kernel_integer_overflow_guard_falls_back():
    """Windows that could overflow int64 are stepped in Python ints instead."""
    W = 2**61
    tr = simulate(AIMD(), [1, 2**60], W, steps=5, arithmetic="integer", engine="kernel")
    assert tr.engine == "step"
    ok = simulate(AIMD(), [1, 2**40], 2**41, steps=5, arithmetic="integer", engine="kernel")
    assert ok.engine == "kernel"
    assert_same(ok, simulate(AIMD(), [1, 2**40], 2**41, steps=5, arithmetic="integer"))


def test_linear_declarations_are_verified():
    @dataclass(frozen=True, repr=False)
    class Liar(AIMD):
        """Declares AIMD's coefficients but decreases to a third."""

        name: ClassVar[str] = "liar"

        def decrease(self, s: WindowState) -> WindowState:
            return WindowState(s.w / 3)

        @property
        def linear_coefficients(self):  # declared again: a lie the engines must catch
            return AIMD.linear_coefficients.fget(self)

    with pytest.raises(DeclarationError, match="declares linear_coefficients"):
        linear_spec(Liar(), flows=2)
    with pytest.raises(DeclarationError, match="its decrease"):
        simulate(Liar(), [1, 30], 100, steps=60, engine="kernel")
    assert linear_spec(AIMDFC()) is None
    assert linear_spec(NewAIMD()) is None
    assert tuple(linear_spec(AIMD(a=2))) == (2, 1, 0, F(1, 2), 0)


def test_a_subclass_that_overrides_a_method_inherits_no_declaration():
    @dataclass(frozen=True)
    class CapAbove(AIMD):
        """AIMD whose increase adds 10a more above 2000 packets (beyond the probes' windows)."""

        def increase(self, s: WindowState) -> WindowState:
            return WindowState(s.w + self.a + 10 * self.a * (s.w > 2000))

    pol = CapAbove()
    assert pol.linear_coefficients is None
    assert not pol.affine_advance
    assert pol.affine_map is None
    assert not pol.has_closed_form
    assert linear_spec(pol) is None
    step = simulate(pol, [1, 30], 10000, steps=3000, engine="step").windows[-1]
    assert step.max() > 3000  # the override ran: AIMD alone stays near 3000
    for engine in ("kernel", "cycle", "ccycle", "auto"):
        got = simulate(pol, [1, 30], 10000, steps=3000, engine=engine).windows[-1]
        np.testing.assert_array_equal(got, step)


def test_a_policy_that_keeps_state_between_calls_is_refused():
    @dataclass(frozen=True)
    class Counting(AIMD):
        calls: ClassVar[list] = []

        def increase(self, s: WindowState) -> WindowState:
            self.calls.append(1)
            return WindowState(s.w + self.a * (len(self.calls) % 2))

    with pytest.raises(ValueError, match="must not keep state between calls"):
        simulate(Counting(), [1, 30], 100, steps=30, record="all")


def test_kernel_falls_back_for_exact_arithmetic():
    tr = simulate(MIMD(), [1, 3], 100, steps=30, arithmetic="exact", engine="kernel")
    assert tr.engine == "step"


@pytest.mark.parametrize("m", [1, 7, 8, 9, 128, 129, 300, 1031])
def test_pairwise_total_is_numpys(m):
    rng = np.random.default_rng(m)
    x = rng.standard_normal(m) * 10.0 ** rng.integers(-6, 6, m)
    assert pairwise_total(x) == float(np.sum(x))


def test_auto_engine_choice():
    def used(policy, x, W, steps=50, **kw):
        return simulate(policy, x, W, steps=steps, engine="auto", **kw).engine

    assert used(AIMD(), [0] * 10, 10**6) == "kernel"  # 500 flow-steps: no estimate needed
    # long phases: jumps; short ones: compiled steps (the cost model, auto.py)
    assert used(AIMD(), [0] * 10, 10**6, steps=10**6, record="none") == "ccycle"
    assert used(AIMD(), [1, 30], 50, steps=10**6, record="none") == "kernel"
    assert used(AIMD(), [0] * 10, 10**6, steps=10**6, record="cycles") == "ccycle"
    assert used(AIMD(), [1, 30], 100, arithmetic="exact") == "cycle"
    assert used(AIMDFC(), [1, 30], 100) == "ccycle"  # no kernel for AIMD-FC
    assert used(AIMDFC(), [1, 30], 100, arithmetic="exact") == "cycle"
    assert used(MIMD(), [1, 30], 100) == "kernel"
    assert used(MIMD(), [1, 30], 100, arithmetic="exact") == "step"
    tr = simulate(AIMD(), [1, 30], 10**6, cycles=40, engine="auto", record="cycles")
    assert tr.engine == "ccycle"
    assert tr.n_steps > 10**7


@settings(max_examples=60, deadline=None)
@given(
    m=st.integers(1, 12),
    systems=st.sampled_from([None, 3, 40]),
    W=st.floats(1.0, 1e7),
    a=st.floats(0.01, 50.0),
    b=st.floats(0.05, 0.95),
    long=st.booleans(),
    record=st.sampled_from(["none", "cycles"]),
)
def test_auto_shortcut_is_the_cost_models_choice(m, systems, W, a, b, long, record):
    """When both compiled engines apply, ``choose`` prices only them: the same choice as
    pricing every engine (the Python engines never come out cheaper there)."""
    from aimdmodel.engines.auto import _applies, _compiled_both, choose, costs, estimate

    shape = (m,) if systems is None else (systems, m)
    x = np.random.default_rng(m).uniform(0, W / (2 * m), shape)
    kw = {"steps": 10**6} if long else {"cycles": 30}
    run = prepare(AIMD(a=a, b=b), x, W, record=record, **kw)
    assert _compiled_both(run)
    if run.steps is not None and run.steps * run.flows * run.systems <= 4096:
        return
    priced = costs(run, estimate(run), _applies(run))
    assert choose(run) == min(priced, key=priced.get)


def test_auto_estimates_the_run():
    from aimdmodel.engines.auto import estimate

    for W in (50, 1000, 10**5):
        for pol in (AIMD(), AIAD(a=2, d=3)):
            est = estimate(prepare(pol, [1, 30], W, cycles=40))
            ref = simulate(pol, [1, 30], W, cycles=40, engine="ccycle", record="cycles")
            assert est.steps == pytest.approx(ref.n_steps, rel=0.2)
    est = estimate(prepare(AIMDFC(), [1, 30], 1000, cycles=4))  # the compiled probe
    assert est.steps == simulate(AIMDFC(), [1, 30], 1000, cycles=4, record="cycles").n_steps


# ------------------------------------------------------------- recording
ALL_METRICS = (
    metrics.efficiency,
    metrics.offered_load,
    metrics.overflow,
    metrics.smoothness,
    metrics.steps_to_fairness,
    metrics.cycles_to_fairness,
)


@pytest.mark.parametrize("policy", [AIMD(), AIMDFCPlus(), NewAIMD(reading="charitable"), MIMD()])
@pytest.mark.parametrize("engine", ["step", "cycle", "kernel"])
def test_record_cycles_metrics_equal_record_all_exact(policy, engine):
    """Exact arithmetic: the metrics of a cycle record are the same Fractions."""
    full = simulate(policy, [1, 30], 100, cycles=12, arithmetic="exact")
    rec = simulate(policy, [1, 30], 100, cycles=12, arithmetic="exact", engine=engine,
                   record="cycles")
    assert rec.record == "cycles"
    assert rec.n_steps == full.n_steps
    assert (rec.congestion_steps == full.congestion_steps).all()
    idx = rec.cycle_record.times
    assert (rec.windows == full.windows[idx]).all()
    for fn in ALL_METRICS:
        if not rec.cycle_record.affine and fn is metrics.steps_to_fairness:
            continue  # may need windows inside a non-affine ramp: checked below
        assert fn(rec) == fn(full), fn.__name__
    assert (metrics.jain_index(rec) == metrics.jain_index(full)[idx]).all()


@pytest.mark.parametrize("engine", ["step", "cycle", "kernel"])
@pytest.mark.parametrize("arithmetic", ["float", "integer"])
def test_record_cycles_batched(engine, arithmetic):
    x = [[1, 30, 4], [5, 5, 5], [0, 17, 2]]
    full = simulate(AIMD(), x, 300, cycles=9, arithmetic=arithmetic)
    rec = simulate(AIMD(), x, 300, cycles=9, arithmetic=arithmetic, engine=engine,
                   record="cycles")
    idx = rec.cycle_record.times
    assert (rec.windows == full.windows[idx]).all()
    for i in range(3):
        assert (rec.system(i).congestion_steps == full.system(i).congestion_steps).all()
    for fn in (metrics.efficiency, metrics.offered_load, metrics.overflow, metrics.smoothness):
        np.testing.assert_allclose(
            np.asarray(fn(rec), dtype=float), np.asarray(fn(full), dtype=float), rtol=1e-13
        )
    assert metrics.steps_to_fairness(rec, eps=2) == metrics.steps_to_fairness(full, eps=2)
    assert metrics.cycles_to_fairness(rec, eps=2) == metrics.cycles_to_fairness(full, eps=2)


@pytest.mark.parametrize("engine", ["step", "cycle", "kernel"])
def test_record_none_keeps_ends_only(engine):
    full = simulate(AIMD(), [1, 30], 100, steps=500)
    tr = simulate(AIMD(), [1, 30], 100, steps=500, engine=engine, record="none")
    assert tr.windows.shape == (2, 2)
    assert tr.n_steps == 500
    assert (tr.windows[-1] == full.windows[-1]).all()
    assert tr.cycle_record.segment_sums[0] == pytest.approx(full.totals[:-1].sum(), rel=1e-13)
    with pytest.raises(ValueError, match="record='none'"):
        tr.congestion_steps  # noqa: B018
    with pytest.raises(ValueError, match="record='none'"):
        metrics.efficiency(tr)


def test_record_cycles_same_knots_every_engine():
    runs = [
        simulate(AIMD(a=0.5, b=0.75), [[1, 30], [2, 2]], 200.0, steps=700, engine=e,
                 record="cycles")
        for e in ("step", "cycle", "kernel")
    ]
    for tr in runs[1:]:
        assert (tr.cycle_record.times == runs[0].cycle_record.times).all()
        assert (tr.windows == runs[0].windows).all()
        np.testing.assert_allclose(
            tr.cycle_record.segment_sums, runs[0].cycle_record.segment_sums, rtol=1e-14
        )
    # the kernel accumulates the float sums in the step engine's order
    assert (runs[2].cycle_record.segment_sums == runs[0].cycle_record.segment_sums).all()


def test_long_run_with_record_cycles_is_small():
    tr = simulate(AIMD(), [0] * 10, 10**6, steps=10**7, engine="cycle", record="cycles")
    assert tr.n_steps == 10**7
    assert tr.windows.shape[0] < 1000
    assert 0.74 < metrics.efficiency(tr) < 0.76


def test_bad_options():
    with pytest.raises(ValueError, match="engine must be one of"):
        simulate(AIMD(), [1, 2], 10, steps=3, engine="fast")
    with pytest.raises(ValueError, match="record must be one of"):
        simulate(AIMD(), [1, 2], 10, steps=3, record="some")
