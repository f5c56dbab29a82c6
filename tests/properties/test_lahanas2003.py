"""Lahanas & Tsaoussidis 2003, Sec. 2-4, against the iteration.

Every statement is the function of :mod:`papers.lahanas2003` that the claims
ledger calls too. Readings of "converges to fairness" (module docstring of
``aimdmodel.statements``): exact and float arithmetic with a tolerance of one
packet, integer arithmetic (whole packets) with exact equality (Definition 1).

A counterexample is a finding: the paper's statement is kept as printed,
its minimal counterexample (by W, then x2, then x1, then the extra
parameter) is recomputed by ``find_counterexample`` and pinned, a test shows
the statement fails there, and a property checks the condition under which
it holds.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import event, example, given
from hypothesis import strategies as st

from aimdmodel import AIMD, AIMDFC
from aimdmodel.statements import convergence, find_counterexample, two_flow_grid, with_parameter
from papers.lahanas2003 import corollary4, cycle_count_bound, eq13, lemma3, theorem1, theorem2
from tests.strategies import increases, lemma3_inputs, two_flows

F = Fraction
ARITH = st.sampled_from(("exact", "float"))

# ---------------------------------------------------------------- the cycle count
@given(two_flows(max_capacity=400), ARITH)
@example((1, 2, 4), "exact")  # the smallest capacity the hypotheses allow
@example((1, 30, 100), "exact")  # the paper's running example
@example((1, 398, 400), "exact")  # x1 + x2 at W - 1, the widest gap
@example((1, 2, 6), "float")
@example((5, 5, 20), "exact")  # equal windows: 0 cycles (outside the hypotheses)
@example((0, 10, 10), "exact")  # a window at the capacity (outside the hypotheses)
@example((0, 1, 1), "float")  # the smallest capacity (outside the hypotheses)
def test_cycle_count_within_1_plus_lg_max_exact_and_float(xw, arithmetic):
    """Sec. 2.1: two AIMD flows converge within 1 + lg max(x1, x2) cycles.

    Exact (Fractions) and float64, fairness = windows within one packet. The
    bound also holds outside the paper's hypotheses (checked on the measured
    count for the pinned edge cases).
    """
    c = cycle_count_bound(*xw, arithmetic=arithmetic)
    assert c.holds, c.explanation
    n, m = c.quantities["cycles"], max(xw[:2])
    assert n is not None
    assert n == 0 or 2 ** (n - 1) <= m


@given(two_flows(max_capacity=400))
@example((1, 6, 8))  # the minimal counterexample with a half-packet tolerance
@example((1, 2, 4))
def test_cycle_count_half_packet_tolerance(xw):
    """Sec. 2.1 with fairness = windows within half a packet (exact).

    The paper's remark that x_i / 2**n is at most 1/2 at n = 1 + lg x2 holds for
    real n; the count of cycles is whole, and 1 + lg max(x1, x2) can fail:
    minimal x = (1, 6), W = 8: 4 cycles > 3.58. Condition under which it holds:
    the bound rounded up, n <= 1 + ceil(lg max(x1, x2)).
    """
    c = cycle_count_bound(*xw, eps=F(1, 2))
    if not c.holds:
        event("half-packet tolerance: 1 + lg max exceeded")
    n, m = c.quantities["cycles"], max(xw[:2])
    assert n is not None
    assert n <= 1 or 2 ** (n - 2) < m  # n - 1 <= ceil(lg m)


def test_cycle_count_half_packet_minimal_counterexample():
    """Finding (Sec. 2.1, exact, half-packet tolerance): x = (1, 6), W = 8."""
    c = find_counterexample(cycle_count_bound, two_flow_grid(8), eps=F(1, 2))
    assert (c.inputs["x1"], c.inputs["x2"], c.inputs["W"]) == (1, 6, 8)
    assert c.quantities["cycles"] == 4
    assert not c.holds


@given(two_flows(max_capacity=200))
@example((1, 30, 100))
def test_cycle_count_float_equals_exact(xw):
    """Sec. 2.1 in float64: the same cycle count as in exact arithmetic.

    AIMD(1, 1/2) from whole windows only produces dyadic windows, which float64
    holds exactly for these sizes, so the counts agree exactly.
    """
    ce = convergence(AIMD(), list(xw[:2]), xw[2], arithmetic="exact")
    cf = convergence(AIMD(), list(xw[:2]), xw[2], arithmetic="float")
    assert (ce.cycles, ce.increase_steps) == (cf.cycles, cf.increase_steps)


@given(two_flows(max_capacity=200))
@example((1, 2, 6))  # the minimal counterexample of Definition 1 (see below)
@example((1, 2, 4))
def test_cycle_count_integer(xw):
    """Sec. 2.1 in whole packets (footnote 6: "windows take only integer values").

    Definition 1 (exact equality) can fail: the gap can stay at one packet
    forever, or reach 0 only after more cycles (x = (1, 12), W = 24: 5 > 4.58
    cycles). Condition under which it holds: a tolerance of one packet (the
    floored gap after n decreases is at most ceil(d / 2**n)).
    """
    strict = cycle_count_bound(*xw, arithmetic="integer")
    if not strict.holds:
        periodic = strict.quantities["periodic"]
        event(f"integer, Definition 1: cycle count fails (never fair: {periodic})")
    assert cycle_count_bound(*xw, arithmetic="integer", eps=1).holds


def test_cycle_count_integer_minimal_counterexample():
    """Finding (Sec. 2.1, integer windows, Definition 1): minimal counterexample.

    x = (1, 2), W = 6: AIMD alternates (1, 2) -> (3, 4) -> (1, 2) forever,
    never equal, while the paper promises 1 + lg 2 = 2 cycles.
    """
    c = find_counterexample(cycle_count_bound, two_flow_grid(6), arithmetic="integer")
    assert c is not None
    assert (c.inputs["x1"], c.inputs["x2"], c.inputs["W"]) == (1, 2, 6)
    assert not c.holds
    assert c.applicable
    assert c.quantities["cycles"] is None
    assert c.quantities["periodic"]
    assert cycle_count_bound(1, 2, 6, arithmetic="integer", eps=1).holds


# ---------------------------------------------------------------- Theorem 1
@given(two_flows(max_capacity=400), ARITH, st.sampled_from((None, F(1, 2), F(1, 8))))
@example((1, 2, 4), "exact", None)
@example((1, 30, 100), "exact", None)
@example((1, 398, 400), "exact", F(1, 2))
@example((5, 5, 20), "exact", None)  # equal windows
@example((0, 10, 10), "exact", F(1, 2))  # a window at the capacity
@example((0, 1, 1), "float", F(1, 8))  # the smallest capacity
def test_theorem1_exact(xw, arithmetic, eps):
    """Theorem 1: AIMD-FC converges in no more cycles than AIMD.

    Exact and float: both gaps after n decreases are |x2 - x1| / 2**n, so the
    counts are equal, for every tolerance.
    """
    c = theorem1(*xw, arithmetic=arithmetic, eps=eps)
    assert c.holds, c.explanation
    assert c.quantities["cycles_aimd"] == c.quantities["cycles_fc"]


@given(two_flows(max_capacity=200))
@example((1, 2, 4))  # minimal counterexample (Definition 1)
@example((1, 4, 6))  # minimal counterexample with a one-packet tolerance
def test_theorem1_integer(xw):
    """Theorem 1 in whole packets.

    Fails with exact equality and with a one-packet tolerance. Condition
    under which it holds: AIMD exactly fair after n cycles implies AIMD-FC
    within one packet after n cycles (floor(d/2**n) = 0 implies
    ceil(d/2**n) <= 1).
    """
    if not theorem1(*xw, arithmetic="integer").holds:
        event("integer, Definition 1: Theorem 1 fails")
    c = theorem1(*xw, arithmetic="integer", eps=0, eps_fc=1)
    assert c.holds, c.explanation


def test_theorem1_integer_minimal_counterexamples():
    """Finding (Theorem 1, integer windows).

    Definition 1: x = (1, 2), W = 4: AIMD gives (1, 1) after one cycle;
    AIMD-FC alternates (1, 2) -> (2, 3) -> (1, 2) forever. With a one-packet
    tolerance for both: x = (1, 4), W = 6: AIMD within one packet after 1
    cycle, AIMD-FC after 2.
    """
    c = find_counterexample(theorem1, two_flow_grid(10), arithmetic="integer")
    assert (c.inputs["x1"], c.inputs["x2"], c.inputs["W"]) == (1, 2, 4)
    assert not c.holds
    assert c.applicable
    assert c.quantities["cycles_aimd"] == 1
    assert c.quantities["cycles_fc"] is None
    assert c.quantities["periodic_fc"]
    c1 = find_counterexample(theorem1, two_flow_grid(10), arithmetic="integer", eps=1)
    assert (c1.inputs["x1"], c1.inputs["x2"], c1.inputs["W"]) == (1, 4, 6)
    assert (c1.quantities["cycles_aimd"], c1.quantities["cycles_fc"]) == (1, 2)


# ---------------------------------------------------------------- Theorem 2
def _theorem2_condition(c) -> bool:
    """Where Theorem 2 held on every input we searched: AIMD needs at least
    2 cycles and W >= 4 max(x1, x2)."""
    i = c.inputs
    return c.quantities["cycles_aimd"] >= 2 and i["W"] >= 4 * max(i["x1"], i["x2"])


@given(two_flows(max_capacity=600), ARITH)
@example((1, 3, 5), "exact")  # the minimal counterexample
@example((1, 4, 6), "exact")  # minimal counterexample with n = 2 cycles
@example((1, 2, 8), "exact")  # (1, 2) is already within one packet: n = 0, not applicable
@example((1, 30, 100), "exact")
@example((3, 20, 80), "exact")
def test_theorem2_as_printed(xw, arithmetic):
    """Theorem 2: AIMD-FC needs strictly fewer than p - (n - 1) steps,
    n = 1 + lg max(x1, x2) (as printed), p = AIMD's additive increase steps.

    Fails when AIMD converges in one cycle (the first cycles are identical,
    so s = p) and for capacities close to x1 + x2. Condition under which it
    held on every input searched (W <= 80 exhaustively, here up to 600):
    AIMD needs at least 2 cycles and W >= 4 max(x1, x2).
    """
    c = theorem2(*xw, arithmetic=arithmetic)
    if not c.applicable:
        return
    if not c.holds:
        event("Theorem 2 (paper's n) fails")
    if _theorem2_condition(c):
        assert c.holds, c.explanation
    # the measured count of cycles is never larger than the paper's n here
    assert c.quantities["cycles_aimd"] <= c.quantities["n"] + 1e-12


def test_theorem2_minimal_counterexamples():
    """Finding (Theorem 2, exact arithmetic, one-packet fairness).

    Minimal: x = (1, 3), W = 5: AIMD fair after 1 cycle with p = 1 step,
    AIMD-FC also 1 step, and 1 < 1 - (n - 1) is false. With AIMD needing 2
    cycles: x = (1, 4), W = 6: p = 3, s = 2, n - 1 = lg 4 = 2, 2 < 1 false.
    The measured-n reading fails at the same inputs.
    """
    c = find_counterexample(theorem2, two_flow_grid(8))
    assert (c.inputs["x1"], c.inputs["x2"], c.inputs["W"]) == (1, 3, 5)
    assert (c.quantities["p"], c.quantities["s"], c.quantities["cycles_aimd"]) == (1, 1, 1)
    assert not c.holds
    assert c.applicable
    two = find_counterexample(
        theorem2, (p for p in two_flow_grid(8)
                   if convergence(AIMD(), [p["x1"], p["x2"]], p["W"]).cycles >= 2)
    )
    assert (two.inputs["x1"], two.inputs["x2"], two.inputs["W"]) == (1, 4, 6)
    assert (two.quantities["p"], two.quantities["s"]) == (3, 2)
    assert not theorem2(1, 4, 6, n_reading="measured").holds


def test_theorem2_condition_exhaustive_small():
    """The condition of test_theorem2_as_printed holds on every input with W <= 28."""
    for p in two_flow_grid(28):
        c = theorem2(**p)
        if c.applicable and _theorem2_condition(c):
            assert c.holds, c.explanation


# ---------------------------------------------------------------- Lemma 3, Corollary 4
@given(lemma3_inputs(), ARITH)
@example((1, 30, 100, 2, 5), "exact")  # the paper's running example
@example((1, 3, 6, 1, 1), "exact")  # the smallest capacity with n >= 1: q at its largest
@example((1, 30, 100, 5, 0), "float")  # n' = n: nothing left, q = 0
@example((2, 9, 12, 3, 2), "exact")  # n' = n, q at its largest
def test_lemma3_exact(inp, arithmetic):
    """Lemma 3: AIMD-FC from (phi1 + q, phi2 + q) converges in n - n' cycles.

    Inputs built from the lemma's hypotheses (all applicable). Exact and
    float: adding the same q to both windows leaves their gap, so the count
    is exactly n - n'.
    """
    x1, x2, W, n_prime, q = inp
    c = lemma3(x1, x2, W, q=q, n_prime=n_prime, arithmetic=arithmetic)
    assert c.applicable, c.explanation
    assert c.holds, c.explanation
    assert c.quantities["cycles_after"] == c.quantities["allowed"]


@given(lemma3_inputs(beyond=True), ARITH)
@example((1, 30, 100, 1, 200), "exact")  # q far beyond phi2/2 = 25
@example((1, 3, 6, 1, 2), "exact")  # the smallest q beyond the bound
def test_lemma3_count_kept_beyond_the_bound(inp, arithmetic):
    """Lemma 3 without its bound on q: for q >= max(phi)/2 (outside the
    hypotheses, so lemma3 reports not applicable) AIMD-FC from phi + q still needs
    exactly n - n' cycles (exact and float): the bound is not needed for the count."""
    x1, x2, W, n_prime, q = inp
    c = lemma3(x1, x2, W, q=q, n_prime=n_prime, arithmetic=arithmetic)
    assert not c.applicable
    phi, n = c.quantities["phi"], c.quantities["n"]
    after = convergence(AIMDFC(), [v + q for v in phi], W, arithmetic=arithmetic)
    assert after.cycles == n - n_prime, (phi, q, after)


@given(two_flows(max_capacity=200), st.integers(0, 300), ARITH)
@example((1, 3, 8), 1, "exact")
@example((1, 30, 100), 3, "exact")
@example((1, 30, 100), 300, "exact")
def test_corollary4_exact(xw, q, arithmetic):
    """Corollary 4: q added after every decrease leaves AIMD-FC's cycle count.

    Exact and float: the gap is untouched by q, so the count is equal for
    every q >= 0 (the bound q < half the maximum decrease window is not
    needed for the count).
    """
    c = corollary4(*xw, q=q, arithmetic=arithmetic)
    assert c.quantities["cycles_fc"] == c.quantities["cycles_shifted"], c.explanation
    assert c.holds


def test_lemma3_corollary4_integer_minimal_counterexamples():
    """Finding (Lemma 3 and Corollary 4 in whole packets).

    Lemma 3, Definition 1: x = (1, 2), W = 6, n' = 1, q = 1: AIMD-FC needs
    n = 2 cycles, phi = (2, 3), q = 1 < 3/2; from (3, 4) it needs 3 > n - n'.
    Corollary 4, Definition 1: x = (1, 3), W = 8, q = 1: AIMD-FC needs 2
    cycles, with q = 1 added after every decrease it never converges. With a
    one-packet tolerance: x = (1, 6), W = 8, q = 1 (3 cycles become 2) and
    Lemma 3 at x = (1, 6), W = 10, n' = 1, q = 1. Condition under which both
    hold: exact (or float) arithmetic, test_lemma3_exact / test_corollary4_exact.
    """
    lemma_points = with_parameter(
        with_parameter(two_flow_grid(10), "n_prime", lambda p: range(1, 4)),
        "q", lambda p: range(p["W"]),
    )
    c = find_counterexample(lemma3, lemma_points, arithmetic="integer")
    assert (c.inputs["x1"], c.inputs["x2"], c.inputs["W"], c.inputs["n_prime"],
            c.inputs["q"]) == (1, 2, 6, 1, 1)
    assert c.quantities["phi"] == [2, 3]
    assert c.quantities["cycles_after"] == 3
    assert not c.holds
    assert c.applicable

    cor_points = with_parameter(two_flow_grid(10), "q", lambda p: range(p["W"]))
    c = find_counterexample(corollary4, cor_points, arithmetic="integer")
    assert (c.inputs["x1"], c.inputs["x2"], c.inputs["W"], c.inputs["q"]) == (1, 3, 8, 1)
    assert c.quantities["cycles_fc"] == 2
    assert c.quantities["cycles_shifted"] is None
    assert not c.holds
    assert c.applicable

    cor_points = with_parameter(two_flow_grid(10), "q", lambda p: range(p["W"]))
    c = find_counterexample(corollary4, cor_points, arithmetic="integer", eps=1)
    assert (c.inputs["x1"], c.inputs["x2"], c.inputs["W"], c.inputs["q"]) == (1, 6, 8, 1)
    assert (c.quantities["cycles_fc"], c.quantities["cycles_shifted"]) == (3, 2)
    assert not lemma3(1, 6, 10, q=1, n_prime=1, arithmetic="integer", eps=1).holds


# ---------------------------------------------------------------- Eq. 13
@given(
    st.integers(0, 400).map(lambda v: F(v, 4)),
    st.integers(1, 400).map(lambda v: F(v, 4)),
    increases(),
    st.sampled_from(("exact", "float")),
)
@example(F(0), F(2), F(1), "exact")  # W = 2a: below the bound for good
@example(F(2), F(4), F(1), "exact")  # w exactly 2a
@example(F(5), F(5), F(1), "exact")  # the window at the capacity
@example(F(1, 4), F(1, 4), F(1), "exact")  # the smallest capacity
def test_eq13_release_at_least_a_iff_w_at_least_2a(x, W, a, arithmetic):
    """Eq. 12-13: an AIMD-FC decrease releases w/2, at least one increase
    step a exactly when the decrease window w >= 2a, at every decrease of a
    one-flow run.

    What happens below the bound (one flow, x <= W): with W >= 4a only the
    first decrease can have w < 2a (afterwards w >= 2a for good; also for
    x > W); with 3a <= W < 4a from the fourth decrease on w >= 2a; with
    W <= 2a every decrease window from the third on lies in [W - a, 2a)
    (an invariant interval): AIMD-FC stays in the regime Eq. 13 excludes.
    """
    c = eq13(x, W, a=a, cycles=16, arithmetic=arithmetic)
    assert c.holds, c.explanation
    dws = c.quantities["decrease_windows"]
    if W >= 4 * a:
        assert all(w >= 2 * a for w in dws[1:]), dws
    if W >= 3 * a and x <= W:
        assert all(w >= 2 * a for w in dws[3:]), dws
    if W <= 2 * a and x <= W:
        assert all(W - a <= w < 2 * a for w in dws[2:]), dws


def test_eq13_integer_whole_packets():
    """Eq. 13 in whole packets: the floored release ceil(w/2) >= a iff w >= 2a - 1."""
    for W in range(1, 30):
        for x in range(0, W + 1):
            assert eq13(x, W, cycles=10, arithmetic="integer").holds

