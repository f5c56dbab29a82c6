"""aimdmodel.analysis: Chiu & Jain's conditions and closed forms; measured orders of the
steps to fairness (fluid limit against the synchronous model)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from aimdmodel import AIAD, AIMD, MIAD, MIMD, LinearControl
from aimdmodel.analysis import (
    MODELS,
    chiu_jain_conditions,
    fairness_scaling,
    one_step_fairness,
    time_to_goal,
)
from aimdmodel.policies import CUBIC, GAIMD, IIAD, SQRT, Binomial

F = Fraction


def test_chiu_jain_conditions_of_the_named_controls():
    """Chiu & Jain 1989: a_D = 0, 0 <= b_D < 1, a_I > 0, b_I >= 1."""
    assert chiu_jain_conditions(AIMD())
    assert chiu_jain_conditions(GAIMD())
    assert chiu_jain_conditions(Binomial(k=0, l=1, floor=0))
    assert chiu_jain_conditions(LinearControl(1, F(5, 4), 0, F(7, 8)))
    aiad = chiu_jain_conditions(AIAD())
    assert not aiad
    assert aiad.increase_additive
    assert not aiad.decrease_multiplicative
    assert chiu_jain_conditions(MIMD()).reasons == ("increase: a_i = 0 is not > 0",)
    assert len(chiu_jain_conditions(MIAD()).reasons) == 3  # a_d, b_d and a_i
    odd = chiu_jain_conditions((1, F(1, 2), 2, F(3, 2)))  # accepted by LinearControl too
    assert odd.reasons == ("decrease: a_d = 2 is not 0", "decrease: b_d = 3/2 is not in [0, 1)",
                           "increase: b_i = 1/2 is not >= 1")
    with pytest.raises(ValueError, match="declares no linear_coefficients"):
        chiu_jain_conditions(IIAD())
    with pytest.raises(TypeError, match="scalar numbers"):
        chiu_jain_conditions(AIMD(a=[1, 2]))
    with pytest.raises(TypeError, match="control must be"):
        chiu_jain_conditions("aimd")


def test_one_step_fairness_examples_and_errors():
    assert one_step_fairness([F(1), F(3)], 1, 1) == F(9, 10)  # F(2, 4) = 36 / (2 * 20)
    assert one_step_fairness([F(2), F(2)], 5, 3) == 1
    assert one_step_fairness([1.0, 3.0], 2.0, 2.0) == pytest.approx(0.9)
    with pytest.raises(ValueError, match="not all 0"):
        one_step_fairness([0, 0], 1, 1)
    with pytest.raises(ValueError, match="b_i must be finite and > 0"):
        one_step_fairness([1, 2], 1, 0)


def test_time_to_goal_examples_and_errors():
    g = time_to_goal(F(10), F(100), 1, 1, flows=2)
    assert (g.t_e, g.steps, g.overshoot, g.bound) == (45, 45, 0, 2)
    g = time_to_goal(10, 100, 0, 2)
    assert (g.steps, g.overshoot) == (4, 60)
    assert g.t_e == pytest.approx(np.log2(10))
    assert time_to_goal(50, 50, 1, 1).steps == 0
    with pytest.raises(ValueError, match="goal must be >= total"):
        time_to_goal(10, 5, 1, 1)
    with pytest.raises(ValueError, match="need b_i >= 1"):
        time_to_goal(10, 20, 0, 1)
    with pytest.raises(ValueError, match="flows must be an int >= 1"):
        time_to_goal(10, 20, 1, 1, flows=0)


def test_fairness_scaling_fluid_agrees_with_the_discrete_model():
    """SQRT at W = 100, 200: the fluid limit's steps to 1-packet fairness within 1% of the
    synchronous model's (float)."""
    fluid = fairness_scaling(SQRT(beta=1), (100, 200), model="fluid")
    discrete = fairness_scaling(SQRT(beta=1), (100, 200))
    np.testing.assert_allclose(fluid.steps, discrete.steps, rtol=0.01)
    assert fluid.model == "fluid"
    assert discrete.arithmetic == "float"


def test_fairness_scaling_orders():
    """AIMD: O(W log W) (contraction b per cycle, cycles of ~W/(2m) RTTs); IIAD's steps over
    W^2 grow (the finding of the ledger row sqrt-iiad-order)."""
    caps = (100, 200, 400, 800, 1600)
    aimd = fairness_scaling(AIMD(), caps, arithmetic="exact")
    r = aimd.ratio(1, 1)
    assert r.max() / r.min() < 1.1
    assert 1 < aimd.fitted_order() < 1.3
    iiad = fairness_scaling(IIAD(beta=1), caps, model="fluid")
    assert np.all(np.diff(iiad.ratio(2)) > 0)
    assert np.all(iiad.local_orders() > 2)


def test_fairness_scaling_bad_input():
    assert MODELS == ("discrete", "fluid")
    with pytest.raises(ValueError, match="model must be one of"):
        fairness_scaling(AIMD(), (100,), model="ode")
    with pytest.raises(ValueError, match="declared fluid limit"):
        fairness_scaling(CUBIC(), (100,), model="fluid")
    with pytest.raises(ValueError, match="start must be two fractions"):
        fairness_scaling(AIMD(), (100,), start=(F(1, 2), F(2, 3)))
    with pytest.raises(ValueError, match="capacities must be finite and > 0"):
        fairness_scaling(AIMD(), (100, -1))
    aiad = fairness_scaling(AIAD(), (50,), max_cycles=64)  # never fair: NaN, not a hang
    assert np.isnan(aiad.steps[0])
