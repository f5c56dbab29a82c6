"""The core engine, policies and metrics: each property by computation."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from aimdmodel import (
    AIAD,
    AIMD,
    AIMDFC,
    MIAD,
    MIMD,
    AIMDFCPlus,
    LinearControl,
    NewAIMD,
    make_policy,
    metrics,
    simulate,
)

F = Fraction


# ---------------------------------------------------------------- the model
def test_pinned_example_exact():
    """AIMD(1, 1/2) from [1, 30], W = 100."""
    tr = simulate(AIMD(a=1, b=F(1, 2)), [1, 30], 100, steps=40, arithmetic="exact")
    assert list(tr.windows[35]) == [36, 65]
    assert sum(tr.windows[35]) == 101
    assert tr.feedback[35] == 0
    assert (tr.feedback[:35] == 1).all()
    assert list(tr.windows[36]) == [18, F(65, 2)]
    assert all(isinstance(v, Fraction) for v in tr.windows.ravel())
    assert tr.arithmetic == "exact"


def test_feedback_is_computed_from_the_windows_of_the_same_step():
    tr = simulate(AIMDFCPlus(), [3, 40], 97, steps=300, arithmetic="exact")
    expected = (tr.windows.sum(axis=1) < 97).astype(np.int8)
    assert np.array_equal(tr.feedback, expected[:-1])


def test_strict_comparison_option():
    """With congestion='>' a sum exactly at W is not congestion."""
    ge = simulate(AIMD(), [10, 40], 100, steps=60, arithmetic="exact")
    gt = simulate(AIMD(), [10, 40], 100, steps=60, arithmetic="exact", congestion=">")
    assert sum(ge.windows[25]) == 100
    assert ge.feedback[25] == 0
    assert gt.feedback[25] == 1
    assert gt.feedback[26] == 0


def test_cycles_stops_right_after_the_nth_congestion_event():
    tr = simulate(AIMD(), [1, 30], 100, cycles=3, arithmetic="exact")
    assert len(tr.congestion_steps) == 3
    assert tr.congestion_steps[-1] == tr.n_steps - 1
    assert np.array_equal(tr.cycle_boundaries, tr.congestion_steps + 1)


def test_cycles_zero_gives_the_initial_windows_only():
    tr = simulate(AIMD(), [1, 30], 100, cycles=0)
    assert tr.windows.shape == (1, 2)
    assert tr.feedback.shape == (0,)


@pytest.mark.parametrize("policy", [AIMD(), AIMDFC(), AIMD(a=3, b=F(3, 4)), AIMDFC(a=2, b=F(7, 8))])
def test_difference_shrinks_by_b_at_each_congestion_event_exactly(policy):
    """|w1 - w2| right after the j-th congestion event is b^j |x1 - x2|."""
    x0 = [F(3), F(250)]
    tr = simulate(policy, x0, 1000, cycles=12, arithmetic="exact")
    d0 = x0[1] - x0[0]
    for j, c in enumerate(tr.congestion_steps, start=1):
        after = tr.windows[c + 1]
        assert after[1] - after[0] == policy.b**j * d0
        before = tr.windows[c]
        assert before[1] - before[0] == policy.b ** (j - 1) * d0  # the increase keeps it


@pytest.mark.parametrize(
    ("policy", "claimed"),
    [(AIMD(), F(3, 4)), (AIMDFC(), F(5, 6)), (AIMDFCPlus(), F(8, 9))],
)
def test_long_run_efficiency_matches_lahanas2003_for_large_w(policy, claimed):
    """Lahanas & Tsaoussidis 2003, Eqs. 1, 7, 16: 3/4, 5/6, 8/9 (float arithmetic, W = 10^4)."""
    tr = simulate(policy, [1, 30], 10_000, cycles=30)
    eff = metrics.efficiency(tr)
    assert isinstance(eff, float)
    assert abs(eff - claimed) < 0.002


def test_efficiency_error_shrinks_as_w_grows():
    errors = [
        abs(metrics.efficiency(simulate(AIMDFC(), [1, 2], W, cycles=30)) - 5 / 6)
        for W in (100, 1000, 10_000)
    ]
    assert errors[0] > errors[1] > errors[2]


def test_new_aimd_printed_never_leaves_congestion_and_grows_without_bound():
    """Jasem et al. 2010 as printed: once m*t >= W every step is congested, windows grow."""
    a, W, m = 1, 100, 2
    tr = simulate(NewAIMD(), [1, 30], W, steps=2000, arithmetic="exact")
    t_part = a * np.arange(tr.n_steps + 1)  # t grows by a at every step as printed
    decayed = np.flatnonzero(m * t_part[:-1] >= W)
    assert decayed.size > 0
    assert (tr.feedback[decayed] == 0).all()
    # and it never returns to feedback 1 after its last one
    last_one = np.flatnonzero(tr.feedback == 1).max()
    assert (tr.feedback[last_one + 1 :] == 0).all()
    totals = tr.windows.sum(axis=1)
    assert (np.diff(totals[decayed[0] :]) > 0).all()  # grows every step
    assert totals[-1] > 30 * W
    assert metrics.overflow(tr) > 10


def test_new_aimd_charitable_freezes_at_capacity_congested_every_step():
    tr = simulate(NewAIMD(reading="charitable"), [1, 30], 100, steps=400, arithmetic="exact")
    tail = tr.feedback[200:]
    assert (tail == 0).all()
    totals = tr.windows.sum(axis=1)[200:]
    assert all(100 <= s < 100 + 2 for s in totals)
    # the windows converge (x halves, t frozen): differences shrink to 0
    d = tr.windows[:, 1] - tr.windows[:, 0]
    assert d[-1] < F(1, 10**20)


def test_aiad_keeps_the_difference_forever():
    tr = simulate(AIAD(), [F(2), F(41)], 200, cycles=60, arithmetic="exact")
    d = tr.windows[:, 1] - tr.windows[:, 0]
    assert (d == 39).all()


def test_mimd_keeps_the_ratio():
    tr = simulate(MIMD(c=F(11, 10), b=F(1, 2)), [F(2), F(5)], 500, cycles=20, arithmetic="exact")
    r = tr.windows[:, 1] / tr.windows[:, 0]
    assert (r == F(5, 2)).all()


def test_miad_moves_away_from_fairness():
    tr = simulate(MIAD(c=F(11, 10), d=F(1)), [F(10), F(12)], 500, cycles=40, arithmetic="exact")
    d = tr.windows[:, 1] - tr.windows[:, 0]
    assert d[-1] > d[0]


def test_linear_control_reproduces_aimd_exactly():
    p = AIMD(a=F(3, 2), b=F(5, 8))
    a = simulate(p, [1, 7], 60, steps=300, arithmetic="exact")
    b = simulate(LinearControl(*p.coefficients), [1, 7], 60, steps=300, arithmetic="exact")
    assert np.array_equal(a.windows, b.windows)


def test_floor_holds_windows_at_the_floor():
    tr = simulate(AIAD(a=1, d=10, floor=2), [3, 5], 9, steps=50, arithmetic="exact")
    assert tr.windows.min() >= 2
    assert (tr.windows == 2).any()


# ----------------------------------------------------------------- engines
@pytest.mark.parametrize("arithmetic", ["float", "exact", "integer"])
@pytest.mark.parametrize("policy", [AIMD(), AIMDFC(), AIMDFCPlus(), NewAIMD(), AIAD(d=3)])
def test_batched_run_equals_the_single_runs(policy, arithmetic):
    x0 = [[1, 30], [7, 7], [0, 50], [40, 2]]
    batch = simulate(policy, x0, 100, cycles=5, arithmetic=arithmetic)
    assert batch.windows.shape[1:] == (4, 2)
    for i, x in enumerate(x0):
        one = simulate(policy, x, 100, cycles=5, arithmetic=arithmetic)
        T = one.n_steps
        assert np.array_equal(batch.windows[: T + 1, i], one.windows)
        assert np.array_equal(batch.feedback[:T, i], one.feedback)
        assert np.array_equal(batch.system(i).congestion_steps[:5], one.congestion_steps)


@pytest.mark.parametrize("policy", [AIMD(b=F(7, 10)), AIMDFC(), AIMDFCPlus(), NewAIMD()])
def test_integer_arithmetic_keeps_whole_packets(policy):
    tr = simulate(policy, [1, 30, 8], 101, steps=400, arithmetic="integer")
    assert tr.windows.dtype == np.int64
    assert all(float(v).is_integer() for c in tr.final_state for v in c)


def test_integer_arithmetic_floors_after_a_decrease():
    tr = simulate(AIMD(), [1, 30], 100, steps=40, arithmetic="integer")
    assert list(tr.windows[36]) == [18, 32]


def test_float_run_close_to_exact_run():
    f = simulate(AIMDFCPlus(), [1, 30], 1000, steps=3000)
    e = simulate(AIMDFCPlus(), [1, 30], 1000, steps=3000, arithmetic="exact")
    assert np.array_equal(f.feedback, e.feedback)
    assert np.max(np.abs(f.windows - e.windows.astype(float))) < 1e-9


def test_policies_run_on_sympy_symbols():
    import sympy

    a, b, w = sympy.symbols("a b w", positive=True)
    p = AIMD(a=a, b=b)
    s = p.decrease(p.advance(p.init(w), 3))
    assert sympy.simplify(p.window(s) - b * (w + 3 * a)) == 0
    fc = AIMDFC(a=a, b=b)
    s = fc.decrease(fc.advance(fc.init(w), 3))
    assert sympy.simplify(fc.window(s) - (b * w + 3 * a)) == 0


@pytest.mark.parametrize(
    "policy",
    [AIMD(), AIAD(), MIMD(), MIAD(), LinearControl(a_i=1, b_i=F(11, 10)), AIMDFC(), AIMDFCPlus()],
)
def test_closed_form_advance_equals_repeated_increases(policy):
    s = policy.init(np.array([F(3), F(8)], dtype=object))
    looped = s
    for _ in range(7):
        looped = policy.increase(looped)
    jumped = policy.advance(s, 7)
    for u, v in zip(looped, jumped, strict=False):
        assert np.array_equal(u, v)


# ---------------------------------------------------------------- metrics
def test_jain_index_and_spread():
    assert metrics.jain_index([F(2), F(2)]) == 1
    assert metrics.jain_index([F(1), F(0), F(0)]) == F(1, 3)
    assert metrics.spread([F(1), F(3)]) == 1
    assert metrics.jain_index([0.0, 0.0]) == 1.0
    tr = simulate(AIMD(), [1, 30], 100, steps=10)
    assert metrics.jain_index(tr).shape == (11,)


def test_smoothness_of_aimd_aimd_fc_and_aimd_fc_plus():
    """The drop at a congestion event over W: 1/2, 1/3 and 2/9 in the fluid limit."""
    got = [
        metrics.smoothness(simulate(p, [1, 30], 10_000, cycles=30))
        for p in (AIMD(), AIMDFC(), AIMDFCPlus())
    ]
    for g, fluid in zip(got, (1 / 2, 1 / 3, 2 / 9), strict=False):
        assert abs(g - fluid) < 0.002


def test_steps_and_cycles_to_fairness():
    tr = simulate(AIMD(), [1, 30], 100, cycles=10, arithmetic="exact")
    t = metrics.steps_to_fairness(tr, eps=1)
    c = metrics.cycles_to_fairness(tr, eps=1)
    d = tr.windows[:, 1] - tr.windows[:, 0]
    assert abs(d[t]) <= 1
    assert abs(d[t - 1]) > 1
    assert c == int((tr.congestion_steps < t).sum())
    assert F(29, 2**c) <= 1 < F(29, 2 ** (c - 1))
    assert metrics.steps_to_fairness(simulate(AIAD(), [1, 30], 100, steps=500), eps=1) is None


def test_efficiency_is_exact_on_exact_trajectories():
    tr = simulate(AIMD(), [0], 100, cycles=6, arithmetic="exact")
    assert isinstance(metrics.efficiency(tr), Fraction)


def test_metrics_need_whole_cycles():
    tr = simulate(AIMD(), [1, 30], 100, cycles=1)
    with pytest.raises(ValueError, match="whole cycle"):
        metrics.efficiency(tr)


def test_batched_metrics_one_value_per_system():
    tr = simulate(AIMD(), [[1, 30], [5, 5]], 1000, cycles=8)
    eff = metrics.efficiency(tr)
    assert eff.shape == (2,)
    assert eff.dtype == np.float64
    assert eff[0] == metrics.efficiency(tr.system(0))


# ---------------------------------------------------------------- errors
@pytest.mark.parametrize(
    ("make", "match"),
    [
        (lambda: AIMD(b=1), "0 < b < 1"),
        (lambda: AIMD(b=0), "0 < b < 1"),
        (lambda: AIMD(b=1.5), "0 < b < 1"),
        (lambda: AIMD(a=0), "a > 0"),
        (lambda: AIMD(a=-1), "a > 0"),
        (lambda: AIMDFC(b=2), "0 < b < 1"),
        (lambda: AIMDFCPlus(f=-1), "f >= 0"),
        (lambda: MIMD(c=1), "c > 1"),
        (lambda: AIAD(d=0), "d > 0"),
        (lambda: NewAIMD(reading="generous"), "reading must be one of"),
        (lambda: LinearControl(a_i=float("inf")), "a_i must be finite"),
        (lambda: LinearControl(floor=-1), "floor >= 0"),
        (lambda: AIMD(a=float("nan")), "a > 0"),
        (lambda: make_policy("tcp"), "policy must be one of"),
        (lambda: make_policy("aimd", beta=2), "unknown parameter 'beta'"),
    ],
)
def test_bad_policy_parameters_raise_value_error(make, match):
    with pytest.raises(ValueError, match=match):
        make()


def test_non_number_parameter_raises_type_error():
    with pytest.raises(TypeError, match="a must be a real number"):
        AIMD(a="one")


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"x0": [1, -3]}, "x0 must hold windows >= 0"),
        ({"x0": [1, float("inf")]}, "x0 must hold finite windows"),
        ({"x0": [1, float("nan")]}, "x0 must hold finite windows"),
        ({"x0": [[[1, 2]]]}, r"x0 must have shape \(m,\) or \(B, m\)"),
        ({"x0": []}, r"x0 must have shape"),
        ({"x0": [[1, 2], [3]]}, "x0 must"),
        ({"capacity": 0}, "capacity must be finite and > 0"),
        ({"capacity": -5}, "capacity must be finite and > 0"),
        ({"steps": -1}, "steps must be an int >= 0"),
        ({"steps": None}, "exactly one of steps= and cycles="),
        ({"cycles": 3}, "exactly one of steps= and cycles="),
        ({"arithmetic": "decimal"}, "arithmetic must be one of .float., .exact., .integer."),
        ({"congestion": "=="}, "congestion must be one of"),
        ({"x0": [1.5, 2], "arithmetic": "integer"}, "whole numbers"),
    ],
)
def test_bad_simulate_arguments_raise_value_error(kwargs, match):
    args = {"x0": [1, 30], "capacity": 100, "steps": 10}
    args.update(kwargs)
    x0, capacity = args.pop("x0"), args.pop("capacity")
    with pytest.raises(ValueError, match=match):
        simulate(AIMD(), x0, capacity, **args)


def test_window_below_the_floor_is_rejected():
    with pytest.raises(ValueError, match="floor"):
        simulate(AIAD(floor=2), [1, 5], 10, steps=3)


def test_cycles_that_never_come_raise_runtime_error():
    with pytest.raises(RuntimeError, match="max_steps"):
        simulate(MIMD(), [0, 0], 10, cycles=1, max_steps=100)


def test_wrong_types_raise_type_error():
    with pytest.raises(TypeError, match="policy must be"):
        simulate("aimd", [1, 2], 10, steps=1)
    with pytest.raises(TypeError, match="steps must be an int"):
        simulate(AIMD(), [1, 2], 10, steps=2.5)


def test_symbolic_advance_of_a_fraction_parameter_stays_exact():
    import sympy

    n = sympy.Symbol("n", integer=True, nonnegative=True)
    p = LinearControl(a_i=F(1, 2), b_i=F(9, 8))
    w = p.window(p.advance(p.init(sympy.Integer(3)), n))
    assert not w.atoms(sympy.Float)
    assert w.subs(n, 4) == p.window(p.advance(p.init(F(3)), 4))


@pytest.mark.parametrize("arithmetic", ["float", "exact", "integer"])
@pytest.mark.parametrize("x0", [[0.0, 3.0, 12.0], [0.7, 2.5], [1e300, 0.0]])
def test_float_list_x0_same_as_array(x0, arithmetic):
    """simulate's short path for a list of floats gives what an array of them gives."""
    import numpy as np

    from aimdmodel import AIMD, simulate

    def outcome(x):
        try:
            tr = simulate(AIMD(), x, 50, steps=30, arithmetic=arithmetic)
        except (ValueError, TypeError) as exc:
            return type(exc), str(exc)
        return tr.windows.dtype, tr.windows.tolist(), tr.feedback.tolist()

    assert outcome(list(x0)) == outcome(np.array(x0))


def test_static_schedules_short_paths():
    """A constant capacity and a static membership: the same arrays as the general path."""
    import numpy as np

    from aimdmodel.dynamics import Capacity, Membership

    t = np.array([0, 3, 7, 7, 100])
    for arith in ("float", "exact"):
        const = Capacity.from_user(40, arithmetic=arith)
        trace = Capacity.from_user([40] * 200, arithmetic=arith)
        assert const.over(t).tolist() == trace.over(t).tolist()
        assert const.over(t).dtype == trace.over(t).dtype
    static = Membership.from_user(3)
    assert static.static
    assert np.array_equal(static.over(t), np.ones((5, 3), dtype=bool))
    assert Membership.from_user(3, arrivals={0: 0}).static
    assert not Membership.from_user(3, departures={1: 5}).over(t)[2:, 1].any()


def test_a_policys_cached_hash_follows_its_values():
    """The hash is computed once per instance, and never travels to an object with other values."""
    import copy
    import pickle

    from aimdmodel import AIMD, NewAIMD
    from aimdmodel.policies import FlowMix

    p = AIMD(a=Fraction(1, 3), b=Fraction(2, 3))
    assert hash(p) == hash((p.a, p.b, p.floor))  # the dataclass hash
    assert hash(p) == hash(AIMD(a=Fraction(1, 3), b=Fraction(2, 3)))
    f = p.converted(float)  # other values (1/3 is not a float): its own hash
    assert hash(f) == hash(AIMD(a=1 / 3, b=2 / 3, floor=0.0))
    assert f == AIMD(a=1 / 3, b=2 / 3, floor=0.0)
    for q in (pickle.loads(pickle.dumps(p)), copy.copy(p), copy.deepcopy(p)):
        assert q == p
        assert hash(q) == hash(p)
    assert "_hash_" not in pickle.loads(pickle.dumps(p)).__dict__
    mix = FlowMix((AIMD(), NewAIMD(reading="charitable")))
    assert hash(mix) == hash(FlowMix((AIMD(), NewAIMD(reading="charitable"))))
    with pytest.raises(TypeError):  # per-flow arrays (a converted copy) stay unhashable
        hash(AIMD(a=[1, 2]).converted(float))


def test_a_user_policy_may_ask_for_its_own_hash():
    """unsafe_hash=True and a hand-written __hash__ work on policy subclasses."""
    from dataclasses import dataclass

    from aimdmodel import AIMD

    @dataclass(frozen=True, unsafe_hash=True)
    class Unsafe(AIMD):
        pass

    @dataclass(frozen=True)
    class Own(AIMD):
        def __hash__(self) -> int:
            return 7

    assert hash(Unsafe(a=2)) == hash(Unsafe(a=2))
    assert hash(Own()) == 7
