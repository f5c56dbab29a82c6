"""derive for non-linear increases: a declared fluid limit (fluid_advance or drift)
gives the cycle map, efficiency, packets per cycle and the response law of binomial controls;
both TCP-friendly criteria by name; the Perron shares of TCP-friendly pairs."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import pytest
import sympy
from sympy import Rational, sqrt

from aimdmodel import AIMD
from aimdmodel.policies import GAIMD, IIAD, SIMD, SQRT, Binomial, Policy, WindowState
from aimdmodel.symbolic import (
    TCP_FRIENDLY_CRITERIA,
    W,
    derive,
    matrix_model,
    tcp_friendly_increase,
)
from aimdmodel.symbolic.drift import fluid_advance_of, integrate_drift
from aimdmodel.symbolic.solve import response_law

F = Fraction
HALF = Rational(1, 2)


@pytest.fixture(scope="module")
def binomials():
    """derive of AIMD (k = 0, l = 1), IIAD, SQRT and k = l = 1, alpha = 1, beta = 1/2."""
    pols = {
        "aimd": Binomial(k=0, l=1, alpha=1, beta=HALF),
        "iiad": IIAD(alpha=1, beta=HALF),
        "sqrt": SQRT(alpha=1, beta=HALF),
        "k1l1": Binomial(k=1, l=1, alpha=1, beta=HALF),
    }
    return {name: derive(p) for name, p in pols.items()}


@pytest.mark.parametrize(("name", "k", "l"), [("aimd", 0, 1), ("iiad", 1, 0),
                                              ("sqrt", HALF, HALF), ("k1l1", 1, 1)])
def test_fluid_response_exponent_is_one_over_k_plus_l_plus_one(binomials, name, k, l):  # noqa: E741
    """Bansal & Balakrishnan 2001: throughput ~ 1/p^(1/(k+l+1)), here from derive's fluid
    cycle map (one loss per cycle, p = 1/N)."""
    cf = binomials[name]
    assert cf.success
    assert cf.response_exponent == sympy.Integer(1) / (k + l + 1)
    assert cf.response_scale.is_positive


def test_binomial_closed_forms(binomials):
    """The fluid cycle with dw/dt = alpha/w^k: w* = W - beta W^l,
    n* = (W^(k+1) - w*^(k+1)) / ((k+1) alpha), N = (W^(k+2) - w*^(k+2)) / ((k+2) alpha)."""
    cases = {"iiad": (1, 0), "k1l1": (1, 1), "sqrt": (HALF, HALF)}
    for name, (k, l) in cases.items():  # noqa: E741
        cf = binomials[name]
        w_star = W - HALF * W**l
        n_star = (W ** (k + 1) - w_star ** (k + 1)) / (k + 1)
        packets = (W ** (k + 2) - w_star ** (k + 2)) / (k + 2)
        assert sympy.simplify(cf.fixed_point["w"] - w_star) == 0
        for cap in (100, 2500, 10**6):  # sympy leaves (x^(3/2))^(5/3) unsimplified: compare
            at = {W: cap}
            assert float(cf.cycle_length.subs(at)) == pytest.approx(float(n_star.subs(at)))
            assert float(cf.packets_per_cycle.subs(at)) == pytest.approx(
                float(packets.subs(at)))
            assert float(cf.efficiency.subs(at)) == pytest.approx(
                float((packets / (n_star * W)).subs(at)))
    # k + l = 1: C/sqrt(p) to leading order, C^2 = alpha/beta for l < 1
    assert binomials["iiad"].response_constant == sqrt(2)
    assert binomials["sqrt"].response_constant == sqrt(2)
    assert binomials["aimd"].response_constant == sqrt(6) / 2  # AIMD's sqrt(3/2)
    assert any("leading order" in n for n in binomials["iiad"].notes)
    # k = l = 1: N = 7W^3/24, n* = 3W^2/8: throughput 7W/9 = (7/9)(24/(7p))^(1/3)
    s = binomials["k1l1"].response_scale
    assert sympy.simplify(s - Rational(7, 9) * (Rational(24, 7)) ** Rational(1, 3)) == 0
    assert W in binomials["k1l1"].response_constant.free_symbols


def test_fluid_limit_agrees_with_the_discrete_iteration():
    """The fluid IIAD cycle (n* = (4W - 1)/8 at beta = 1/2) against float runs at W = 2000."""
    from aimdmodel import metrics, simulate

    cf = derive(IIAD())
    tr = simulate(IIAD(), [1999.0], 2000, cycles=8)
    last = metrics.cycle_stats(tr)[-1]
    assert (last.length - 1) == pytest.approx(float(cf.cycle_length.subs(W, 2000)), abs=2)
    assert float(last.mean_total) / 2000 == pytest.approx(
        float(cf.efficiency.subs(W, 2000)), rel=1e-3)


def test_drift_only_policy_gives_the_same_closed_forms():
    """A policy that declares only its drift: derive integrates it (sympy)."""

    @dataclass(frozen=True, repr=False)
    class DriftIIAD(Policy):
        alpha: Any = 1
        beta: Any = HALF
        name: ClassVar[str] = "drift-iiad"

        def init(self, x):
            return WindowState(x)

        def window(self, s):
            return s.w

        def increase(self, s):
            return WindowState(s.w + self.alpha / s.w)

        def decrease(self, s):
            return WindowState(s.w - self.beta)

        def drift(self, s):
            return WindowState(self.alpha / s.w)

    p = DriftIIAD()
    assert p.has_fluid_limit
    assert not p.has_closed_form
    cf, ref = derive(p), derive(IIAD())
    assert cf.success
    for field in ("cycle_length", "efficiency", "packets_per_cycle", "response_constant",
                  "response_exponent"):
        assert sympy.simplify(getattr(cf, field) - getattr(ref, field)) == 0, field
    w, tau = sympy.symbols("w tau", positive=True)
    assert integrate_drift(p, WindowState)(WindowState(w), tau).w == sqrt(2 * tau + w**2)
    assert fluid_advance_of(AIMD()) is None


def test_a_drift_sympy_cannot_invert_is_success_false():
    @dataclass(frozen=True, repr=False)
    class Weird(Policy):
        def init(self, x):
            return WindowState(x)

        def window(self, s):
            return s.w

        def increase(self, s):
            return s

        def decrease(self, s):
            return WindowState(s.w / 2)

        def drift(self, s):
            return WindowState(1 / (s.w + sympy.exp(s.w)))  # t(w) = w^2/2 + e^w: no inverse

    cf = derive(Weird())
    assert cf.success is False
    assert "could not" in cf.message or "candidate" in cf.message
    assert cf.cycle_length is None


def test_derive_refuses_a_rule_without_closed_form_or_fluid_limit():
    from aimdmodel.policies import CUBIC, HighSpeed

    for p in (CUBIC(), HighSpeed(), SIMD(reading="rule")):
        with pytest.raises(TypeError, match="fluid limit"):
            derive(p)


def test_simd_and_gaimd_derive():
    """SIMD (time reading): w0* = (1 - beta) W, n* = 2 W sqrt(beta (1 - beta)) / alpha,
    efficiency 1 - 2 beta / 3; GAIMD (0.31, 7/8): cycle 25 W / 62, contraction 7/8."""
    b = Rational(1, 16)
    cf = derive(SIMD(alpha=1, beta=b))
    assert sympy.simplify(cf.cycle_length - 2 * W * sqrt(b * (1 - b))) == 0
    assert cf.efficiency == 1 - 2 * b / 3
    assert cf.response_exponent == HALF
    g = derive(GAIMD())
    assert g.cycle_length == Rational(25, 62) * W
    assert g.contraction == Rational(7, 8)


def test_response_law_from_leading_terms():
    a, b = sympy.symbols("a b", positive=True)
    cf = derive(AIMD(a=a, b=b))
    assert cf.response_exponent == HALF
    assert sympy.simplify(cf.response_scale**2 - a * (1 + b) / (2 * (1 - b))) == 0
    assert response_law(W + 0 * W, sympy.Integer(3))[0] == 1  # N ~ W, n* const: 1/p
    assert response_law(sympy.Integer(5), W) == (None, None, ())  # N does not grow


# ---------------------------------------------------------------- TCP-friendly
def test_both_tcp_friendly_criteria_by_name():
    """Floyd, Handley & Padhye (periodic loss): a = 3(1 - b)/(1 + b), 1/5 at 7/8;
    Yang & Lam (equal window at loss): a = 4(1 - b^2)/3, 0.3125 at 7/8."""
    b = sympy.Symbol("b", positive=True)
    assert set(TCP_FRIENDLY_CRITERIA) == {"periodic", "yang-lam"}
    assert sympy.simplify(tcp_friendly_increase(b) - 3 * (1 - b) / (1 + b)) == 0
    assert sympy.simplify(tcp_friendly_increase(b, criterion="yang-lam")
                          - 4 * (1 - b**2) / 3) == 0
    assert tcp_friendly_increase(Rational(7, 8)) == Rational(1, 5)
    assert tcp_friendly_increase(Rational(7, 8), criterion="yang-lam") == Rational(5, 16)
    with pytest.raises(ValueError, match="criterion must be one of"):
        tcp_friendly_increase(Rational(7, 8), criterion="fhp")


def test_tcp_friendly_increase_for_other_controls():
    """SIMD at beta = 1/16: C^2 = (1 - 2 beta/3) alpha / (2 sqrt(beta (1 - beta))) = 3/2;
    IIAD: C^2 = alpha / beta = 3/2."""
    b = Rational(1, 16)
    a_simd = tcp_friendly_increase(b, policy=lambda a, b: SIMD(alpha=a, beta=b))
    assert sympy.simplify(a_simd - 3 * sqrt(b * (1 - b)) / (1 - 2 * b / 3)) == 0
    a_iiad = tcp_friendly_increase(HALF, policy=lambda a, b: IIAD(alpha=a, beta=b))
    assert a_iiad == Rational(3, 4)


def test_perron_shares_equal_for_the_periodic_loss_pair():
    """Shorten, Wirth & Leith's matrix model: TCP and AIMD(a(b), b) with the periodic-loss
    a(b) share the link equally (long-run mean windows), for every b; Yang & Lam's pair does
    not (it was fitted to a model with timeouts)."""
    for bv in (Rational(1, 4), HALF, Rational(3, 4), Rational(7, 8), Rational(15, 16)):
        a = tcp_friendly_increase(bv)
        mm = matrix_model([AIMD(), AIMD(a=F(int(a.p), int(a.q)), b=F(int(bv.p), int(bv.q)))])
        assert mm.mean_shares == (HALF, HALF)
    yl = matrix_model([AIMD(), GAIMD()]).mean_shares
    assert yl[1] > HALF
