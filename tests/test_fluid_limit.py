"""Which policies have a fluid limit, what it is, and why the others are refused."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction as F

import pytest
import sympy

from aimdmodel import AIAD, AIMD, AIMDFC, MIAD, MIMD, AIMDFCPlus, LinearControl, NewAIMD
from aimdmodel.engines.declarations import DeclarationError
from aimdmodel.fluid import fluid_limit
from aimdmodel.fluid.equations import window_rate
from aimdmodel.policies import FlowMix, WestwoodRule
from aimdmodel.policies.linear import WindowState


@pytest.mark.parametrize(
    ("policy", "want"),
    [
        (AIMD(), (1, 0, F(1, 2), 0)),
        (AIMD(a=2, b=F(7, 8)), (2, 0, F(7, 8), 0)),
        (AIAD(a=1, d=3), (1, -3, 1, 0)),
        (LinearControl(a_i=F(1, 2), b_i=1, a_d=-1, b_d=F(3, 4)), (F(1, 2), -1, F(3, 4), 0)),
    ],
)
def test_additive_increase_controls_have_the_mgt_form(policy, want):
    lim = fluid_limit(policy)
    assert (lim.increase, lim.jump_constant, lim.jump_factor, lim.floor) == want
    # a/R + (a_d - (1 - b_d) W) W_d p_d / R_d, evaluated exactly
    w, r, wd, pd, rd = F(10), F(1, 10), F(12), F(1, 50), F(1, 8)
    a_i, a_d, b_d, _ = want
    assert window_rate(lim, w, r, wd, pd, rd) == a_i / r + (a_d - (1 - b_d) * w) * wd * pd / rd


def test_aimd_one_half_is_mgt_equation():
    w, wd, r, rd, p = sympy.symbols("W W_d R R_d p", positive=True)
    got = window_rate(fluid_limit(AIMD()), w, r, wd, p, rd)
    assert sympy.simplify(got - (1 / r - w * wd / (2 * rd) * p)) == 0


def test_symbolic_parameters_are_taken_as_declared():
    a, b = sympy.symbols("a b", positive=True)
    lim = fluid_limit(AIMD(a=a, b=b))
    w, lam = sympy.symbols("W lambda", positive=True)
    assert sympy.simplify(lim.window_rate(w, 1, lam) - (a - (1 - b) * w * lam)) == 0


@pytest.mark.parametrize(
    ("policy", "word"),
    [
        (MIMD(), "multiplicative"),
        (MIAD(), "multiplicative"),
        (LinearControl(a_i=1, b_i=F(11, 10)), "multiplicative"),
        (AIMDFC(), "(w, k) is not the window alone"),
        (AIMDFCPlus(), "not the window alone"),
        (NewAIMD(), "(x, t) is not the window alone"),
        (NewAIMD(reading="charitable"), "not the window alone"),
        (WestwoodRule(), "signal"),
        (FlowMix([AIMD(), AIAD()]), "per-flow"),
        (AIMD(a=[1, 2]), "per-flow"),
    ],
)
def test_policies_without_a_fluid_limit_are_refused_with_the_reason(policy, word):
    with pytest.raises(ValueError, match="no fluid limit") as err:
        fluid_limit(policy)
    assert word in str(err.value)


def test_not_a_policy():
    with pytest.raises(TypeError, match="policy"):
        fluid_limit("aimd")


@dataclass(frozen=True, repr=False)
class _Liar(AIMD):
    """Declares AIMD's coefficients but decreases to a third."""

    def decrease(self, s: WindowState) -> WindowState:
        return WindowState(s.w / 3)

    @property
    def linear_coefficients(self):  # declared again (a subclass inherits no declaration)
        return AIMD.linear_coefficients.fget(self)


def test_a_declaration_that_the_policy_contradicts_is_an_error():
    with pytest.raises(DeclarationError, match="declares linear_coefficients"):
        fluid_limit(_Liar())
