"""Binomial controls (Bansal & Balakrishnan 2001) converge to fairness iff k + l > 0
(k, l >= 0), in the synchronous model; and the closed forms of Chiu & Jain (1989).

For k, l >= 0 the increase alpha / w^k gives the smaller window at least as much as the
larger one, and the decrease beta w^l takes at least as much from the larger: with k + l > 0
one of them is strictly in favour of the smaller window, and the gap shrinks; with k = l = 0
(AIAD) both are the same for every window and the gap is kept exactly.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from aimdmodel import metrics, simulate
from aimdmodel.analysis import one_step_fairness, time_to_goal
from aimdmodel.policies import Binomial

F = Fraction
EXPONENTS = (F(0), F(1, 4), F(1, 2), F(3, 4), F(1))
STEPS = 4000
BUDGET = max(10, settings().max_examples // 3)  # each example runs STEPS float steps


def _gaps(k, l, alpha, beta, W):  # noqa: E741
    """The two windows' gap at the start and at the last congestion event of a float run."""
    tr = simulate(Binomial(k=k, l=l, alpha=alpha, beta=beta), [W / 4, W / 2], W, steps=STEPS)
    events = tr.congestion_steps
    w = tr.windows
    return abs(w[0, 1] - w[0, 0]), abs(w[events[-1] + 1, 1] - w[events[-1] + 1, 0]), len(events)


@settings(max_examples=BUDGET)
@given(
    st.sampled_from(EXPONENTS),
    st.sampled_from(EXPONENTS),
    st.sampled_from((F(1, 2), F(1), F(2))),
    st.sampled_from((F(1, 4), F(1, 2), F(3, 4))),
    st.integers(16, 40).map(float),
)
@example(F(0), F(0), F(1), F(1, 2), 40.0)  # AIAD: the gap is kept
@example(F(1), F(0), F(1), F(1, 2), 40.0)  # IIAD
@example(F(1, 2), F(1, 2), F(1), F(1, 2), 40.0)  # SQRT
@example(F(0), F(1), F(1), F(1, 2), 16.0)  # AIMD
@example(F(0), F(1, 4), F(2), F(1, 4), 40.0)  # the slowest: l small, beta small
@example(F(1, 4), F(0), F(1, 2), F(1, 4), 40.0)
def test_binomial_converges_to_fairness_iff_k_plus_l_positive(k, l, alpha, beta, W):  # noqa: E741
    """k + l > 0: the gap at the last congestion event is at most half the initial one within
    4000 RTTs (two flows from W/4 and W/2); k = l = 0: it is exactly the initial gap
    (dyadic parameters and windows: the float arithmetic is exact here)."""
    start, end, events = _gaps(k, l, alpha, beta, W)
    assert events > 10
    if k + l > 0:
        assert end <= start / 2
    else:
        assert end == start


@given(
    st.lists(st.fractions(min_value=0, max_value=100, max_denominator=50), min_size=1,
             max_size=5).filter(lambda v: any(x != 0 for x in v)),
    st.fractions(min_value=0, max_value=5, max_denominator=10),
    st.fractions(min_value=F(1, 10), max_value=3, max_denominator=10),
)
@example([F(1), F(3)], F(1), F(1))
@example([F(5)], F(1), F(2))  # one flow: always fair
@example([F(0), F(7)], F(0), F(2))  # MIMD-like: c = 0 keeps the index
def test_one_step_fairness_is_jains_index_after_the_step(x, a_i, b_i):
    """Chiu & Jain: F(a + b x) = F + (1 - F)(1 - sum x^2 / sum (x + c)^2), c = a/b; exact,
    and never below F for a_i >= 0."""
    after = [a_i + b_i * v for v in x]
    direct = metrics.jain_index(np.array(after, dtype=object))
    closed = one_step_fairness(x, a_i, b_i)
    assert closed == direct
    assert closed >= metrics.jain_index(np.array(x, dtype=object))


@given(
    st.fractions(min_value=0, max_value=50, max_denominator=10),
    st.fractions(min_value=0, max_value=200, max_denominator=10),
    st.fractions(min_value=0, max_value=3, max_denominator=10),
    st.sampled_from((F(1), F(9, 8), F(3, 2), F(2))),
    st.integers(1, 4),
)
@example(F(10), F(100), F(1), F(1), 2)
@example(F(0), F(100), F(0), F(2), 1)  # from 0 with no additive part: never; filtered below
def test_time_to_goal_matches_the_iteration(x0, extra, a_i, b_i, n):
    """Chiu & Jain's t_e: the first whole step at or above the goal, found by iterating the
    total X <- n a_i + b_i X exactly; the overshoot there is at most n a_i + (b_i - 1) goal."""
    goal = x0 + extra
    if a_i == 0 and (b_i == 1 or x0 == 0):
        return  # the total never moves
    g = time_to_goal(x0, goal, a_i, b_i, flows=n)
    total, steps = x0, 0
    while total < goal:
        total, steps = n * a_i + b_i * total, steps + 1
    assert g.steps == steps
    assert g.overshoot == total - goal
    assert 0 <= g.overshoot <= g.bound
    assert abs(float(g.t_e) - steps) < 1 or steps == 0
