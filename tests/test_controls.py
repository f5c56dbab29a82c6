"""The wider family of controls: binomial (IIAD, SQRT), SIMD, GAIMD, CUBIC,
HighSpeed, the general Chiu-Jain linear control; their declarations, arithmetic and rules.

Expected numbers are computed here from the formulas of the sources (cited at each test),
never copied from the library.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
import sympy

from aimdmodel import AIAD, AIMD, LinearControl, make_policy, metrics, simulate
from aimdmodel.engines.declarations import affine, linear_spec
from aimdmodel.policies import (
    CUBIC,
    GAIMD,
    IIAD,
    POLICIES,
    SIMD,
    SQRT,
    Binomial,
    HighSpeed,
)
from aimdmodel.policies._numeric import exact_root, power

F = Fraction


# ---------------------------------------------------------------- registry
def test_every_new_control_is_in_the_registry():
    for name in ("gaimd", "binomial", "iiad", "sqrt", "simd", "cubic", "highspeed"):
        assert name in POLICIES
        assert make_policy(name).name == name


# ---------------------------------------------------------------- binomial
def test_binomial_one_step_values_at_w16():
    """Bansal & Balakrishnan 2001, rule I at w = 16, alpha = 1: IIAD (k = 1) adds 1/16,
    SQRT (k = 1/2) adds 1/sqrt(16) = 1/4; exact."""
    w = F(16)
    iiad, sqrt_ = IIAD(alpha=1), SQRT(alpha=1)
    assert iiad.window(iiad.increase(iiad.init(w))) - w == F(1, 16)
    assert sqrt_.window(sqrt_.increase(sqrt_.init(w))) - w == F(1, 4)
    # rule D: IIAD subtracts beta, SQRT beta sqrt(w)
    assert iiad.window(iiad.decrease(iiad.init(w))) == w - F(1, 2)
    assert sqrt_.window(sqrt_.decrease(sqrt_.init(w))) == w - F(1, 2) * 4
    general = Binomial(k=2, l=F(1, 2), alpha=3, beta=F(1, 4))
    assert general.window(general.increase(general.init(w))) == w + F(3, 256)


def test_exact_arithmetic_is_exact_or_refuses():
    """Fraction ** Fraction would be a silent float: power() is exact or raises."""
    assert power(F(9, 4), F(1, 2)) == F(3, 2)
    assert power(F(27, 8), F(2, 3)) == F(9, 4)
    assert exact_root(F(-8), 3) == -2
    assert exact_root(F(2), 2) is None
    assert exact_root(F(10**40 + 1), 3) is None
    assert exact_root(F(7**60), 3) == 7**20
    p = SQRT()
    with pytest.raises(ValueError, match=r"irrational.*arithmetic='float'"):
        p.increase(p.init(F(2)))
    with pytest.raises(ValueError, match="irrational"):
        simulate(SQRT(), [2, 3], 50, steps=5, arithmetic="exact")
    tr = simulate(IIAD(), [2, 3], 20, steps=8, arithmetic="exact")  # integer k: exact
    assert all(isinstance(v, F) for v in tr.windows[-1])


def test_zero_windows_are_refused_where_the_increase_is_undefined():
    with pytest.raises(ValueError, match="x0 must be > 0"):
        IIAD(floor=F(1, 2)).init(np.array([0.0, 3.0]))
    with pytest.raises(ValueError, match="floor"):
        simulate(IIAD(), [0.0, 3.0], 20, steps=3)
    with pytest.raises(ValueError, match="floor > 0 when k > 0"):
        Binomial(k=1, l=0, floor=0)
    # k = 0 (AIMD-like) takes 0
    simulate(Binomial(k=0, l=1, floor=0), [0.0, 3.0], 20, steps=3)
    # the floor keeps every window > 0: IIAD with a decrease of 5 packets
    tr = simulate(IIAD(beta=1, floor=1), [1.0, 2.0], 4, steps=200)
    assert tr.windows.min() >= 1


@pytest.mark.parametrize(
    ("make", "match"),
    [
        (lambda: Binomial(alpha=0), "alpha > 0"),
        (lambda: Binomial(beta=0), "0 < beta <= 1"),
        (lambda: Binomial(beta=F(3, 2)), "0 < beta <= 1"),
        (lambda: Binomial(k=float("nan")), "k must be finite"),
        (lambda: SIMD(beta=1), "0 < beta < 1"),
        (lambda: SIMD(reading="square"), "reading must be one of"),
        (lambda: CUBIC(beta=1), "0 < beta < 1"),
        (lambda: CUBIC(rtt=0), "rtt > 0"),
        (lambda: CUBIC(C=-1), "C > 0"),
        (lambda: HighSpeed(high_decrease=F(1, 2)), "high_decrease < 1/2"),
        (lambda: HighSpeed(low_window=100, high_window=50), "low_window < high_window"),
        (lambda: HighSpeed(high_p=F(1, 100)), "high_p must be below Low_P"),
        (lambda: GAIMD(b=1), "0 < b < 1"),
    ],
)
def test_bad_parameters_name_the_parameter(make, match):
    with pytest.raises(ValueError, match=match):
        make()


def test_cubic_flags_must_be_bools():
    with pytest.raises(TypeError, match="fast_convergence must be a bool"):
        CUBIC(fast_convergence=1)


def test_binomial_k0_declares_what_is_true_and_runs_fast():
    """k = 0, l = 1 is AIMD and k = 0, l = 0 AIAD (Bansal & Balakrishnan Sec. 2): linear,
    verified by the engines; k = 0, l = 1/2 is additive increase only; k > 0 nothing."""
    aimd_like = Binomial(k=0, l=1, alpha=1, beta=F(1, 2), floor=0)
    spec = linear_spec(aimd_like, flows=2)
    assert [str(c[0]) for c in spec] == ["1", "1", "0", "1/2", "0"]
    assert linear_spec(Binomial(k=0, l=0, alpha=1, beta=F(1, 2), floor=0), flows=2) is not None
    assert Binomial(k=0, l=F(1, 2)).linear_coefficients is None
    assert affine(Binomial(k=0, l=2), flows=2)
    assert not Binomial(k=0, l=F(1, 2)).affine_advance  # verified in exact arithmetic: sqrt
    assert simulate(Binomial(k=0, l=F(1, 2)), [1.0, 30.0], 100, steps=50,
                    engine="cycle").engine == "step"
    for p in (IIAD(), SQRT(), Binomial(k=1, l=1)):
        assert p.linear_coefficients is None
        assert not p.affine_advance
    a = simulate(aimd_like, [1, 30], 100, cycles=6, arithmetic="exact", engine="cycle")
    b = simulate(AIMD(), [1, 30], 100, cycles=6, arithmetic="exact", engine="cycle")
    assert a.engine == "cycle"
    assert (a.windows == b.windows).all()
    c = simulate(Binomial(k=0, l=0, alpha=1, beta=1, floor=0), [1, 30], 100, steps=200,
                 arithmetic="exact", engine="kernel")
    d = simulate(AIAD(), [1, 30], 100, steps=200, arithmetic="exact")
    assert (c.windows == d.windows).all()


# ---------------------------------------------------------------- GAIMD
def test_gaimd_is_yang_lams_pair():
    """Yang & Lam (ICNP 2000) recommend beta = 7/8, alpha = 0.31."""
    g = GAIMD()
    assert (g.a, g.b) == (F(31, 100), F(7, 8))
    assert g.label() == "GAIMD(a=31/100, b=7/8)"
    assert g.linear_coefficients == (F(31, 100), 1, 0, F(7, 8))


# ---------------------------------------------------------------- SIMD
def test_simd_window_grows_with_the_square_of_the_time_since_the_loss():
    """Jin et al. 2001: the increase in window size is proportional to the square of the time
    since the last loss: w = w0 + alpha^2 t^2 / (4 w0); decrease (1 - beta) w; exact."""
    p = SIMD(alpha=3, beta=F(1, 8))
    s = p.init(F(20))
    for t in range(1, 8):
        s = p.increase(s)
        assert s.w == 20 + F(9 * t * t, 80)
        assert s.w - 20 == (s.w - 20) / t**2 * t**2  # quadratic in t
    assert p.advance(p.init(F(20)), 7) == s
    d = p.decrease(s)
    assert (d.w, d.w0, d.t) == (F(7, 8) * s.w, F(7, 8) * s.w, 0)
    with pytest.raises(ValueError, match="x0 must be > 0 for SIMD"):
        p.init(np.array([F(0), F(1)], dtype=object))


def test_simd_rule_reading_never_leaves_w0():
    """The per-RTT rule w + alpha sqrt((w - w0)/w0) read literally adds 0 at w = w0."""
    p = SIMD(reading="rule")
    s = p.init(np.array([10.0, 20.0]))
    for _ in range(5):
        s = p.increase(s)
    assert s.w.tolist() == [10.0, 20.0]
    assert not p.has_closed_form


@pytest.mark.parametrize(
    ("x0", "cap", "conv", "arithmetic", "steps"),
    [
        ([1, 30], 100, ">=", "exact", 60),  # exact: the digits grow about 2x per cycle
        ([3, 5, 40], 97, ">", "exact", 60),
        ([16, 16], 34, ">=", "float", 400),
        ([1, 30], 6400, ">", "float", 5000),
    ],
)
def test_simd_cycle_engine_jumps_and_agrees_with_the_step_engine(x0, cap, conv, arithmetic,
                                                                 steps):
    a = simulate(SIMD(alpha=2), x0, cap, steps=steps, arithmetic=arithmetic, engine="cycle",
                 congestion=conv)
    b = simulate(SIMD(alpha=2), x0, cap, steps=steps, arithmetic=arithmetic, engine="step",
                 congestion=conv)
    assert a.engine == "cycle"
    assert len(a.congestion_steps) >= 3
    assert (a.windows == b.windows).all()


# ---------------------------------------------------------------- CUBIC
def _w_cubic(t, c, k, w_max):
    return c * (t - k) ** 3 + w_max  # RFC 9438 Eq. 1


def test_cubic_follows_rfc9438_per_rtt():
    """RFC 9438: beta_cubic = 0.7, C = 0.4, alpha_cubic = 3(1 - 0.7)/(1 + 0.7) = 9/17;
    after a loss at 100: cwnd = 70, W_max = 100, K = cbrt((100 - 70)/0.4) (Eq. 2); one RTT
    later cwnd is the target W_cubic(RTT) clamped to [cwnd, 1.5 cwnd] (Eq. 3)."""
    p = CUBIC(rtt=0.1)
    assert p.alpha_cubic == F(9, 17)
    s = p.decrease(p.init(np.array([100.0])))
    k = (30 / 0.4) ** (1 / 3)
    assert float(p.K(s)[0]) == pytest.approx(k, rel=1e-12)
    w, w_est = 70.0, 70.0
    for t in range(1, 60):
        s = p.increase(s)
        target = min(max(_w_cubic(0.1 * t, 0.4, k, 100.0), w), 1.5 * w)
        w_est += 9 / 17 if w_est < 100 else 1.0
        w = w_est if _w_cubic(0.1 * t, 0.4, k, 100.0) < w_est else target
        assert float(s.w[0]) == pytest.approx(w, rel=1e-12)
    assert float(s.w[0]) > 100  # past W_max: the convex region


def test_cubic_reno_friendly_region_adds_alpha_cubic_then_one():
    """RFC 9438 Sec. 4.3: with a tiny RTT the cubic barely moves, so cwnd = W_est, which grows
    by alpha_cubic per RTT until it reaches cwnd_prior, then by 1."""
    p = CUBIC(rtt=0.001)
    s = p.decrease(p.init(np.array([20.0])))  # cwnd 14, cwnd_prior 20
    prev = float(s.w[0])
    steps = []
    for _ in range(20):
        s = p.increase(s)
        steps.append(float(s.w[0]) - prev)
        prev = float(s.w[0])
    n = math.ceil((20 - 14) / (9 / 17))  # RTTs to reach cwnd_prior at 9/17 per RTT
    assert steps[:n] == pytest.approx([9 / 17] * n)
    assert steps[n + 1:] == pytest.approx([1.0] * (len(steps) - n - 1))


def test_cubic_fast_convergence_and_the_floor_of_two():
    """Sec. 4.7: a loss below the last W_max sets W_max = cwnd (1 + beta)/2; Sec. 4.6:
    cwnd = max(beta cwnd, 2)."""
    p = CUBIC()
    s = p.decrease(p.init(np.array([100.0, 2.0])))
    s = s._replace(w=np.array([80.0, 2.0]))
    d = p.decrease(s)
    assert d.w_max.tolist() == pytest.approx([80 * 1.7 / 2, 2.0])
    assert d.w.tolist() == pytest.approx([56.0, 2.0])
    assert CUBIC(fast_convergence=False).decrease(s).w_max.tolist() == [80.0, 2.0]


def test_cubic_needs_float_and_declares_nothing():
    p = CUBIC()
    assert p.linear_coefficients is None
    assert not p.affine_advance
    assert not p.has_closed_form
    with pytest.raises(ValueError, match="irrational"):
        simulate(p, [10, 60], 50, steps=40, arithmetic="exact")
    tr = simulate(p, [10.0, 500.0], 1000, steps=3000, engine="cycle")
    assert tr.engine == "step"
    assert float(metrics.jain_index(tr)[-1]) > 0.999  # multiplicative decrease: fair


# ---------------------------------------------------------------- HighSpeed
def test_highspeed_a_and_b_from_rfc3649():
    """RFC 3649 Sec. 5: b(w) falls log-linearly from 0.5 at Low_Window = 38 to 0.1 at
    High_Window = 83000; p(w) log-linear from Low_P = 1.5/38^2 to High_P = 1e-7;
    a(w) = w^2 p(w) 2 b(w) / (2 - b(w))."""
    p = HighSpeed()
    w = np.array([38.0, math.sqrt(38 * 83000), 83000.0, 1000.0])
    x = (np.log(w) - math.log(38)) / (math.log(83000) - math.log(38))
    b = (0.1 - 0.5) * x + 0.5
    lp = 1.5 / 38**2
    pw = np.exp(x * (math.log(1e-7) - math.log(lp)) + math.log(lp))
    a = w * w * pw * 2 * b / (2 - b)
    np.testing.assert_allclose(p.b(w), b, rtol=1e-12)
    np.testing.assert_allclose(p.a(w), a, rtol=1e-12)
    assert p.b(w)[1] == pytest.approx(0.3)  # halfway in log w
    assert p.a(83000.0) == pytest.approx(83000**2 * 1e-7 * 0.2 / 1.9)
    assert (p.a(38.0), p.b(38.0)) == pytest.approx((1.0, 0.5))  # continuous at Low_Window
    assert (p.a(np.array([5.0, 38.0])).tolist(), p.b(20.0)) == ([1.0, 1.0], 0.5)


def test_highspeed_declares_nothing_and_is_aimd_below_low_window():
    """HighSpeed is AIMD(1, 1/2) up to 38 packets: what a fast engine probing small windows
    would have classed as linear. It declares nothing, so it is stepped and runs right."""
    p = HighSpeed()
    assert p.linear_coefficients is None
    assert not p.affine_advance
    small = simulate(p, [3.0], 30, steps=200, engine="cycle")
    assert small.engine == "step"
    np.testing.assert_array_equal(small.windows, simulate(AIMD(), [3.0], 30, steps=200).windows)
    big = simulate(p, [3.0], 1000, steps=600)
    assert not np.array_equal(big.windows, simulate(AIMD(), [3.0], 1000, steps=600).windows)
    exact = simulate(p, [3, 5], 30, steps=100, arithmetic="exact")  # below 38: exact
    assert all(isinstance(v, F) for v in exact.windows[-1])
    with pytest.raises(ValueError, match="arithmetic='float'"):
        simulate(p, [30, 40], 200, steps=50, arithmetic="exact")


# ---------------------------------------------------------------- LinearControl
def test_linear_control_accepts_every_finite_real_coefficient():
    """Chiu & Jain study all linear controls, including those that fail: accepted, run."""
    for coef in ((1, F(1, 2), 0, F(1, 2)), (1, 1, 2, F(1, 2)),
                 (0, 1, 0, 1), (2, F(3, 2), 1, 3)):
        p = LinearControl(*coef)
        tr = simulate(p, [1, 5], 20, steps=30, arithmetic="exact")
        assert np.isfinite(np.asarray(tr.windows, dtype=float)).all()
    # a control whose increase drives a window below 0 is accepted; running it stops at the
    # first negative window, with the step and the flow named (the windows are checked)
    failing = LinearControl(-1, 2, 0, F(-1, 2))
    with pytest.raises(ValueError, match=r"increase gave flow 0 a negative window -1 at step 5"):
        simulate(failing, [1, 5], 20, steps=30, arithmetic="exact")
    with pytest.raises(ValueError, match="b_d must be finite"):
        LinearControl(b_d=float("inf"))
    with pytest.raises(TypeError, match="a_i must be a real number"):
        LinearControl(a_i="1")


def test_symbolic_parameters_are_accepted():
    a = sympy.Symbol("a", positive=True)
    assert IIAD(alpha=a).alpha == a
    assert Binomial(k=sympy.Rational(1, 2), l=0, alpha=a).k == sympy.Rational(1, 2)
