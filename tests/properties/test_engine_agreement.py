"""The engines agree, and the model's metamorphic relations hold.

Not statements of a paper but of the model every paper uses (Lahanas & Tsaoussidis 2003
Sec. 2, Chiu & Jain): the same rule gives the same windows however it is
iterated, and the synchronous model commutes with scaling and relabelling.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np
import sympy
from hypothesis import example, given
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
    simulate,
)
from tests.strategies import (
    decrease_factors,
    fc_plus_params,
    increases,
    policies,
    systems,
    window_vectors,
)

F = Fraction

#: float64 may differ from exact arithmetic by at most this much, relative to
#: max(W, windows), while the feedback sequences agree (T <= 200 steps, each
#: rounding at most 2**-53 relative: 200 * 4 * 2**-53 ~ 1e-13, with margin)
FLOAT_TOL = 1e-9


def _exact_equal(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and all(p == q for p, q in zip(a.ravel(), b.ravel(), strict=True))


# ---------------------------------------------------------------- engines
@given(policies(), st.lists(window_vectors(min_flows=2, max_flows=2, max_value=60), min_size=2,
                            max_size=4), st.integers(1, 120))
@example(AIMD(), [[1, 30], [30, 1], [5, 5]], 100)
def test_batched_equals_single_runs(policy, xs, W):
    """A batched run (B, m) gives exactly the windows and feedback of B single runs (exact)."""
    batch = simulate(policy, xs, W, steps=60, arithmetic="exact")
    for i, x in enumerate(xs):
        one = simulate(policy, x, W, steps=60, arithmetic="exact")
        assert _exact_equal(batch.windows[:, i, :], one.windows)
        assert np.array_equal(batch.feedback[:, i], one.feedback)


@given(policies(), systems(max_capacity=150))
@example(AIMD(), ([1, 30], 100))
@example(AIMDFC(), ([0], 1))
def test_cycle_engine_equals_step_engine_exact(policy, xw):
    """engine="cycle" (additive phases jumped) gives the step engine's windows exactly."""
    x, W = xw
    step = simulate(policy, x, W, steps=150, arithmetic="exact")
    jump = simulate(policy, x, W, steps=150, arithmetic="exact", engine="cycle")
    assert _exact_equal(step.windows, jump.windows)
    assert np.array_equal(step.feedback, jump.feedback)


@given(
    st.sampled_from(("aimd", "fc", "fc+")),
    increases(),
    decrease_factors(),
    systems(max_capacity=150),
)
@example("aimd", F(1), F(7, 10), ([1, 30], 100))
@example("fc", F(1), F(1, 2), ([10, 40], 50))  # totals hit W exactly
def test_float_within_tolerance_of_exact(kind, a, b, name_xw):
    """float64 stays within FLOAT_TOL * max(W, windows) of exact arithmetic while the
    feedback agrees, and the feedback agrees whenever no exact total comes within
    1e-6 W of W (a tie at W is the only way rounding can flip a congestion bit)."""
    x, W = name_xw
    policy = {"aimd": AIMD(a=a, b=b), "fc": AIMDFC(a=a, b=b),
              "fc+": AIMDFCPlus(a=a, b=b)}[kind]
    ex = simulate(policy, x, W, steps=200, arithmetic="exact")
    fl = simulate(policy, x, W, steps=200, arithmetic="float")
    near = min(abs(float(t - W)) for t in ex.totals[:-1]) <= 1e-6 * W
    if not near:
        assert np.array_equal(ex.feedback, fl.feedback)
    if np.array_equal(ex.feedback, fl.feedback):
        scale = max(float(W), float(np.max(fl.windows)), 1.0)
        err = np.max(np.abs(ex.windows.astype(float) - fl.windows))
        assert err <= FLOAT_TOL * scale, err


@given(
    st.sampled_from(("aimd", "aiad", "fc", "fc+", "new")),
    decrease_factors(),
    systems(max_capacity=150),
)
@example("aimd", F(1, 2), ([1, 30], 100))
@example("fc+", F(1, 2), ([0, 1], 1))
def test_integer_arithmetic_keeps_whole_packets(kind, b, xw):
    """arithmetic="integer" never leaves whole packets: every window and every state
    variable is an integer at every step, and no window goes below 0."""
    x, W = xw
    policy = {"aimd": AIMD(a=1, b=b), "aiad": AIAD(a=1, d=2), "fc": AIMDFC(a=1, b=b),
              "fc+": AIMDFCPlus(a=1, b=b), "new": NewAIMD(a=1, b=b)}[kind]
    tr = simulate(policy, x, W, steps=150, arithmetic="integer")
    assert tr.windows.dtype.kind == "i"
    assert (tr.windows >= 0).all()
    for comp in tr.final_state:
        assert all(isinstance(v, int) for v in np.ravel(comp))


@given(policies(), window_vectors(min_flows=1, max_flows=3, max_value=50, whole=False),
       st.integers(0, 40))
@example(AIMD(), [F(1)], 35)
@example(MIMD(c=F(9, 8)), [F(3)], 7)
@example(LinearControl(a_i=F(1), b_i=F(5, 4), a_d=F(0), b_d=F(1, 2)), [F(0), F(2)], 5)
def test_closed_form_advance_equals_repeated_increases(policy, x, n):
    """advance(s, n) equals n increases exactly (Fractions), and its symbolic form
    (n a sympy symbol) evaluated at n gives the same state."""
    w = np.array(x, dtype=object)
    s0 = policy.init(w)
    loop = s0
    for _ in range(n):
        loop = policy.increase(loop)
    fast = policy.advance(s0, n)
    for u, v in zip(loop, fast, strict=True):
        assert all(p == q for p, q in zip(np.ravel(u), np.ravel(v), strict=True))
    if policy.has_closed_form:
        # sympy parameters and windows (a Fraction base raised to a sympy symbol
        # is sympified through float, so the symbolic run uses sympy Rationals)
        rational = policy.converted(lambda v: sympy.Rational(v.numerator, v.denominator))
        k = sympy.Symbol("n", integer=True, nonnegative=True)
        sym = rational.advance(
            rational.init(np.array([sympy.Rational(v.numerator, v.denominator) for v in x],
                                   dtype=object)),
            k,
        )
        for u, v in zip(loop, sym, strict=True):
            for p, q in zip(np.ravel(u), np.ravel(v), strict=True):
                val = sympy.sympify(q).subs(k, n)
                assert sympy.simplify(sympy.Rational(p.numerator, p.denominator) - val) == 0


# ---------------------------------------------------------------- metamorphic
def _scaled(policy, lam: Fraction):
    """The same policy with its additive parameters multiplied by lam."""
    additive = {"a", "d", "a_i", "a_d", "floor"}
    changes = {k: v * lam for k, v in policy.params().items() if k in additive}
    return dataclasses.replace(policy, **changes)


@given(
    st.one_of(
        policies(),
        fc_plus_params(),
        st.sampled_from((MIAD(c=F(2), d=F(1)), AIAD(a=F(1), d=F(3)))),
    ),
    systems(max_capacity=120),
    st.sampled_from((F(2), F(1, 3), F(5, 2), F(1000))),
)
@example(AIMD(), ([1, 30], 100), F(2))
@example(AIMDFC(), ([7], 10), F(1, 3))  # one flow
@example(AIMD(), ([5, 5], 10), F(5, 2))  # equal windows at the capacity
@example(NewAIMD(), ([0, 1], 1), F(1000))  # the smallest capacity
def test_scaling_windows_capacity_and_a_scales_the_trajectory(policy, xw, lam):
    """Scaling the windows, the capacity and the additive parameters (a, d, a_i,
    a_d, floor) by lam scales every window by lam and keeps the feedback (exact)."""
    x, W = xw
    base = simulate(policy, x, W, steps=120, arithmetic="exact")
    big = simulate(_scaled(policy, lam), [lam * v for v in x], lam * W, steps=120,
                   arithmetic="exact")
    assert np.array_equal(base.feedback, big.feedback)
    assert _exact_equal(big.windows, base.windows * lam)


@st.composite
def _permuted(draw):
    x = draw(window_vectors(min_flows=2, max_flows=5, max_value=60))
    return x, draw(st.permutations(range(len(x))))


@given(policies(), _permuted(), st.integers(1, 150))
@example(AIMD(), ([1, 30, 5], [2, 0, 1]), 100)
@example(AIMDFCPlus(), ([0, 60], [1, 0]), 60)  # a window at the capacity
def test_permuting_flows_permutes_windows(policy, x_perm, W):
    """Relabelling the flows relabels the windows: run(x[perm]) == run(x)[:, perm] (exact)."""
    x, perm = x_perm
    base = simulate(policy, x, W, steps=100, arithmetic="exact")
    other = simulate(policy, [x[i] for i in perm], W, steps=100, arithmetic="exact")
    assert np.array_equal(base.feedback, other.feedback)
    assert _exact_equal(other.windows, base.windows[:, perm])
