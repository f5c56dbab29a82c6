"""Chiu & Jain (1989), the linear controls, and Jain's index (Lahanas & Tsaoussidis 2003, Eq. 17).

Lahanas & Tsaoussidis 2003, Sec. 2 builds on Chiu & Jain's model; these are the properties of
the linear controls it cites, checked in exact arithmetic on the engine.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import example, given
from hypothesis import strategies as st

from aimdmodel import LinearControl, metrics, simulate
from aimdmodel.statements import find_counterexample
from papers.chiu_jain1989 import (
    aiad_differences,
    aimd_contraction,
    chiu_jain_conditions,
    linear_convergence,
    miad_divergence,
    mimd_ratios,
)
from papers.jain1984 import jain_across_congestion, jain_bounds
from tests.strategies import (
    decrease_factors,
    increases,
    linear_controls,
    systems,
    window_vectors,
)

F = Fraction


# ---------------------------------------------------------------- AIMD, AIAD, MIMD, MIAD
@given(systems(), increases(), decrease_factors())
@example(([5], 10), F(1), F(1, 2))  # one flow
@example(([7, 7, 7], 30), F(1), F(1, 2))  # equal windows
@example(([0, 100], 100), F(1), F(1, 2))  # a window at the capacity
@example(([0, 1], 1), F(1, 2), F(7, 10))  # the smallest capacity
def test_aimd_difference_shrinks_by_exactly_b(xw, a, b):
    """Chiu & Jain (Lahanas & Tsaoussidis 2003, Sec. 2, Fig. 2): under AIMD(a, b) every
    difference of
    two windows is multiplied by exactly b at each congestion event and kept by
    each increase; after the first congestion event reached from below W the
    total stays in [bW, W + m a). Exact arithmetic."""
    x, W = xw
    c = aimd_contraction(x, W, a=a, b=b, steps=120)
    assert c.holds, c.explanation
    assert c.quantities["final_gap"] == c.quantities["predicted_gap"]


@given(systems(min_flows=2), increases(), st.sampled_from((F(1), F(1, 2), F(3))))
@example(([30, 50], 100), F(1), F(1))
@example(([0, 100], 100), F(1), F(1))  # clamps at the floor at once
def test_aiad_keeps_differences(xw, a, d):
    """Chiu & Jain: AIAD keeps every difference (until a window is clamped at 0). Exact."""
    x, W = xw
    c = aiad_differences(x, W, a=a, d=d, steps=120)
    assert c.holds, c.explanation
    if c.quantities["clamped_at"] is None:
        assert c.quantities["final_gap"] == c.quantities["gap"]


@given(
    window_vectors(min_flows=1, max_flows=4, max_value=50).filter(lambda v: min(v) > 0),
    st.integers(1, 200),
    st.sampled_from((F(2), F(9, 8), F(3, 2))),
    decrease_factors(),
)
@example([3], 10, F(2), F(1, 2))
@example([4, 4], 10, F(2), F(1, 2))
@example([1, 50], 50, F(2), F(1, 2))
def test_mimd_keeps_ratios(x, W, c, b):
    """Chiu & Jain: MIMD keeps every ratio, so Jain's index never moves. Exact."""
    r = mimd_ratios(x, W, c=c, b=b, steps=60)
    assert r.holds, r.explanation
    assert r.quantities["jain_first"] == r.quantities["jain_last"]


@given(
    st.lists(st.integers(1, 50), min_size=2, max_size=4),
    st.integers(4, 200),
    st.sampled_from((F(2), F(9, 8))),
)
@example([1, 3], 100, F(2))
@example([5, 5], 20, F(2))  # equal windows stay equal
@example([1, 2], 4, F(2))
def test_miad_diverges_from_fairness(x, W, c):
    """Chiu & Jain: MIAD moves away from fairness (differences multiplied by c at
    each increase, kept at each decrease, a clamped flow starves). Exact."""
    r = miad_divergence(x, W, c=c, d=1, steps=60)
    assert r.holds, r.explanation
    if len(set(x)) > 1:
        assert r.quantities["final_gap"] > 0
        assert r.quantities["jain_last"] < 1
    else:
        assert r.quantities["final_gap"] == 0


# ---------------------------------------------------------------- LinearControl
@given(
    linear_controls(conditions=True), st.integers(1, 40), st.integers(41, 80), st.integers(80, 120)
)
@example(LinearControl(F(1), F(1), F(0), F(1, 2)), 1, 60, 100)  # AIMD
@example(LinearControl(F(1), F(5, 4), F(0), F(7, 8)), 1, 60, 100)
def test_linear_control_converges_under_chiu_jain_conditions(control, x1, x2, W):
    """Chiu & Jain's proposition: a_d = 0, 0 <= b_d < 1, a_i > 0, b_i >= 1 gives
    convergence to efficiency (the total keeps crossing W) and fairness (here:
    the gap shrinks below 1/100 of the initial gap within 2000 congestion
    events). Float64."""
    c = linear_convergence(control, [x1, x2], W)
    assert c.quantities["conditions"]
    assert c.holds, c.explanation


@given(
    linear_controls(conditions=False), st.integers(1, 40), st.integers(41, 80), st.integers(80, 120)
)
@example(LinearControl(F(1), F(1), F(-1), F(1)), 1, 60, 100)  # AIAD
@example(LinearControl(F(0), F(5, 4), F(0), F(1, 2)), 1, 60, 100)  # MIMD
@example(LinearControl(F(1), F(1), F(-1), F(1, 2)), 1, 60, 100)  # the counterexample class
def test_linear_control_violating_conditions(control, x1, x2, W):
    """Chiu & Jain: violating the conditions loses convergence to fairness.

    Holds when the decrease is purely multiplicative (a_d = 0: then a_i = 0 and
    Jain's index is constant) or purely additive (b_d = 1: differences kept
    or, with b_i > 1, amplified). Finding: with a mixed decrease
    (a_d < 0 < 1 - b_d) and b_i = 1 the differences shrink by b_d per
    congestion event and the control converges to fairness anyway; Chiu &
    Jain's necessity is about fairness never decreasing at a step (which
    a_d < 0 breaks, checked below) and about truncation, not about eventual
    convergence. So "converges exactly when the conditions hold" fails there.
    """
    _a_i, b_i, a_d, b_d = control.coefficients
    c = linear_convergence(control, [x1, x2], W)
    assert not c.quantities["conditions"]
    if a_d == 0 or b_d == 1:
        assert c.holds, c.explanation
    if a_d < 0 and b_d < 1 and b_i == 1:
        assert c.quantities["fair"]  # the finding: converges although the conditions fail
        assert not c.holds


def test_linear_convergence_iff_minimal_counterexample():
    """Finding: the minimal control (in the order a_i, b_i, then a_d descending, then
    b_d) at which "converges to fairness and efficiency iff Chiu-Jain's conditions"
    fails, from x = (1, 60), W = 100: LinearControl(1, 1, -1/2, 0) -- the
    decrease w <- max(-1/2, 0) = 0 resets every window to 0, which is fair."""
    grid = [
        {"control": LinearControl(a_i, b_i, a_d, b_d), "x": [1, 60], "W": 100}
        for a_i in (F(1, 2), F(1))
        for b_i in (F(1), F(5, 4))
        for a_d in (F(0), F(-1, 2), F(-1))
        for b_d in (F(0), F(1, 2), F(7, 8), F(1))
        if not (a_d == 0 and b_d == 1)
    ]
    c = find_counterexample(linear_convergence, grid)
    assert c is not None
    assert c.inputs["control"].coefficients == (F(1, 2), 1, F(-1, 2), 0)
    assert not c.quantities["conditions"]
    assert c.quantities["fair"]
    # and the mixed decrease with b_d > 0 (no reset to 0) converges too
    r = linear_convergence(LinearControl(F(1), F(1), F(-1), F(1, 2)), [1, 60], 100)
    assert not r.holds
    assert r.quantities["fair"]


@given(
    st.lists(st.integers(1, 60), min_size=2, max_size=4).filter(lambda v: len(set(v)) > 1),
    st.sampled_from((F(-1, 2), F(-1))),
    st.sampled_from((F(1, 4), F(1, 2), F(7, 8), F(1))),
)
@example([1, 60], F(-1), F(1, 2))
def test_additive_decrease_lowers_jain_index(x, a_d, b_d):
    """Chiu & Jain's necessity argument: with a_d < 0 a decrease step (no truncation)
    strictly lowers Jain's index of unequal positive windows. Exact."""
    control = LinearControl(F(1), F(1), a_d, b_d)
    w = np.array([F(v) for v in x], dtype=object)
    after = control.window(control.decrease(control.init(w)))
    if min(after) > 0:
        assert metrics.jain_index(after) < metrics.jain_index(w)


def test_chiu_jain_conditions_named_controls():
    """The conditions accept AIMD and reject AIAD, MIMD and MIAD."""
    assert chiu_jain_conditions(1, 1, 0, F(1, 2))
    assert not chiu_jain_conditions(1, 1, -1, 1)
    assert not chiu_jain_conditions(0, 2, 0, F(1, 2))
    assert not chiu_jain_conditions(0, 2, -1, 1)


# ---------------------------------------------------------------- Jain's index
@given(window_vectors(min_flows=1, max_flows=6, max_value=1000, whole=False))
@example([F(5)])  # one flow
@example([F(3)] * 4)  # equal windows
@example([F(0), F(0)])  # all zero
@example([F(0), F(0), F(7)])  # the minimum 1/m
def test_jain_index_bounds(x):
    """Lahanas & Tsaoussidis 2003, Eq. 17: Jain's index lies in [1/m, 1] and is 1 exactly for
    equal windows. Exact."""
    c = jain_bounds(x)
    assert c.holds, c.explanation


@given(systems(), increases(), decrease_factors())
@example(([1, 30], 100), F(1), F(1, 2))
@example(([9], 10), F(1), F(1, 2))  # one flow
@example(([50, 50], 100), F(1), F(1, 2))  # equal windows, at the capacity
@example(([0, 1], 1), F(1), F(1, 2))  # the smallest capacity
def test_jain_index_never_decreases_under_aimd(xw, a, b):
    """Jain's index under AIMD: unchanged by a congestion event, raised by each
    increase (strictly unless equal), so non-decreasing across congestion events. Exact."""
    x, W = xw
    c = jain_across_congestion(x, W, a=a, b=b, steps=120)
    assert c.holds, c.explanation


def test_jain_index_of_engine_float_run_in_range():
    """Float runs: Jain's index of every window vector stays in [1/m, 1]."""
    tr = simulate(LinearControl(F(1), F(5, 4), F(0), F(1, 2)), [1, 2, 90], 100, steps=300)
    j = metrics.jain_index(tr)
    assert (j >= 1 / 3 - 1e-12).all()
    assert (j <= 1 + 1e-12).all()
