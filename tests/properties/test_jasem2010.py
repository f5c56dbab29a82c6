"""Jasem et al. 2010: New-AIMD, its recurrences and its saturation.

``NewAIMD(reading="printed")`` runs the printed pseudocode (the accumulated
increase t is never reset and also grows at a congestion step);
``reading="charitable"`` follows the paper's derivation (Eqs. 1-4). Exact
arithmetic throughout (the recurrences are statements about exact values).
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import event, example, given
from hypothesis import strategies as st

from aimdmodel.statements import find_counterexample, two_flow_grid
from papers.jasem2010 import new_aimd_recurrences, new_aimd_saturation
from tests.strategies import increases, systems, two_flows

F = Fraction
READINGS = st.sampled_from(("printed", "charitable"))


@given(two_flows(max_capacity=200), st.integers(2, 6), READINGS)
@example((1, 2, 4), 4, "printed")  # the smallest capacity
@example((1, 30, 100), 5, "printed")
@example((1, 30, 100), 5, "charitable")
def test_new_aimd_cycle_identity(xw, m, reading):
    """Jasem et al. 2010, Eqs. 1-4, the identity behind the recurrences: with S_j the total at
    the j-th congestion event and X = x1 + x2, k1 = (S_1 - X)/2 and
    k_j = X/2**j + (S_j - S_{j-1})/2 (both readings, exact)."""
    c = new_aimd_recurrences(*xw, m=m, reading=reading)
    assert c.quantities["identity"] is True, c.quantities


@given(two_flows(max_capacity=200), st.integers(2, 6), READINGS)
@example((1, 2, 4), 2, "printed")  # the minimal counterexample
@example((1, 2, 4), 3, "charitable")
@example((4, 12, 20), 3, "printed")  # X = 16 = 2**4, W - X even: every event hits W
@example((4, 5, 10), 3, "charitable")  # holds although X = 9 (the condition is sufficient only)
def test_new_aimd_recurrences_as_printed(xw, m, reading):
    """Jasem et al. 2010: k2 = (W - 2 k1)/4 and km = k2 / 2**(m-2) (as printed, exact values).

    Fails for most inputs: the derivation assumes every congestion event hits
    W exactly, while the iteration overshoots. Condition under which it holds
    (checked here on every input): every congestion event of the first m
    cycles has total exactly W.
    """
    c = new_aimd_recurrences(*xw, m=m, reading=reading)
    if not c.holds:
        event(f"recurrences fail ({reading})")
    if c.quantities["all_at_W"]:
        assert c.holds, c.explanation


@given(
    st.integers(2, 5),
    st.integers(1, 6),
    st.integers(1, 40),
    st.integers(0, 100),
    READINGS,
)
@example(2, 1, 1, 0, "printed")
@example(3, 2, 3, 1, "charitable")
def test_new_aimd_recurrences_hold_when_congestion_hits_W(m, c, k1, split, reading):
    """Jasem et al. 2010: the recurrences hold exactly when x1 + x2 = 2**m c and W - (x1 + x2)
    = 2 k1 is even and positive: then each of the first m congestion events has
    total exactly W (both readings, exact)."""
    X = 2**m * c
    x1 = split % (X // 2 + 1)
    x2 = X - x1
    W = X + 2 * k1
    r = new_aimd_recurrences(x1, x2, W, m=m, reading=reading)
    assert r.quantities["all_at_W"], r.quantities["S"]
    assert r.holds, r.explanation


def test_new_aimd_recurrences_minimal_counterexample():
    """Finding (Jasem et al. 2010, the recurrences as printed, exact arithmetic).

    Minimal: x = (1, 2), W = 4, m = 2: k1 = 1 step (total 3 -> 5 >= 4), then
    the printed loop is congested again after one step, so k2 = 1, while
    (W - 2 k1)/4 = 1/2. Same input for the charitable reading.
    """
    for reading in ("printed", "charitable"):
        c = find_counterexample(new_aimd_recurrences, two_flow_grid(8), m=2, reading=reading)
        assert (c.inputs["x1"], c.inputs["x2"], c.inputs["W"]) == (1, 2, 4)
        assert c.quantities["k"] == [1, 1]
        assert c.quantities["predicted"] == [1, F(1, 2)]
        assert not c.holds


@given(two_flows(max_capacity=200), st.integers(3, 10))
@example((1, 30, 100), 10)
def test_new_aimd_printed_cycles_never_shorter_than_one_step(xw, m):
    """Jasem et al. 2010, printed pseudocode: every cycle after the first adds at least a
    (the decrease step increments t too), so km = k2 / 2**(m-2) must fail as soon
    as k2 / 2**(m-2) < a (exact)."""
    c = new_aimd_recurrences(*xw, m=m, reading="printed")
    k = c.quantities["k"]
    assert all(v >= 1 for v in k[1:]), k
    if c.quantities["predicted"][-1] < 1:
        assert not c.holds


@given(systems(max_capacity=150), READINGS, increases())
@example(([1, 30], 100), "printed", F(1))
@example(([1, 30], 100), "charitable", F(1))
@example(([7], 10), "printed", F(1))  # one flow
@example(([5, 5], 10), "charitable", F(1))  # equal windows, at the capacity
@example(([0], 1), "printed", F(1))  # the smallest capacity
def test_new_aimd_congested_at_every_step_once_x_decayed(xw, reading, a):
    """Jasem et al. 2010 (New-AIMD never resets t): once the initial windows have decayed
    every step is a congestion event, from no later than: printed, the first
    congestion event with sum(x)/2 <= m a; charitable, the first step with
    m t >= W (exact)."""
    x, W = xw
    c = new_aimd_saturation(x, W, reading=reading, a=a)
    assert c.holds, c.explanation
