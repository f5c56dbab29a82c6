"""Unit tests of the statements framework (aimdmodel.statements) and the papers' statements:
input checks, result types, the search order."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from aimdmodel import AIMD, AIMDFC, simulate
from aimdmodel.policies import ShiftedAIMDFC
from aimdmodel.statements import (
    StatementCheck,
    convergence,
    default_eps,
    find_counterexample,
    two_flow_grid,
    with_parameter,
)
from papers.jasem2010 import new_aimd_recurrences
from papers.lahanas2003 import corollary4, cycle_count_bound, lemma3, theorem1, theorem2

F = Fraction


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: theorem1(1, 2, 10, arithmetic="decimal"), "arithmetic must be one of"),
        (lambda: theorem1(1, 2, 10, eps=-1), "eps >= 0"),
        (lambda: theorem1(-1, 2, 10), "x1 >= 0"),
        (lambda: cycle_count_bound(1, 2, 0), "W > 0"),
        (lambda: theorem2(1, 2, 10, n_reading="both"), "n_reading must be"),
        (lambda: new_aimd_recurrences(1, 2, 10, m=1), "m must be an int >= 2"),
        (lambda: convergence(AIMD(), [1, 2], 10, max_cycles=0), "max_cycles must be"),
        (lambda: list(two_flow_grid(5, hypotheses="some")), "hypotheses must be"),
        (lambda: ShiftedAIMDFC(q=-1), "q >= 0"),
    ],
)
def test_bad_input_names_the_parameter(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_statement_check_is_frozen_and_truthy():
    c = theorem1(1, 30, 100)
    assert isinstance(c, StatementCheck)
    assert bool(c) is c.holds
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.holds = False  # type: ignore[misc]


def test_convergence_gaps_are_exact_powers_of_b():
    """AIMD and AIMD-FC: the gap after n decreases is |x2 - x1| / 2**n exactly."""
    for policy in (AIMD(), AIMDFC()):
        c = convergence(policy, [3, 40], 100, eps=F(1, 64))
        assert c.gaps == tuple(F(37, 2**n) for n in range(len(c.gaps)))
        assert c.cycles == len(c.gaps) - 1


def test_convergence_counts_match_the_trajectory():
    c = convergence(AIMD(), [1, 30], 100)
    tr = simulate(AIMD(), [1, 30], 100, cycles=c.cycles, arithmetic="exact")
    assert c.rtts == tr.n_steps
    assert c.increase_steps == int(tr.feedback.sum())
    assert sum(c.steps_per_cycle) == c.increase_steps


def test_convergence_is_deterministic_and_engine_independent():
    a = convergence(AIMDFC(), [2, 37], 90, engine="step")
    b = convergence(AIMDFC(), [2, 37], 90, engine="cycle")
    assert a == b


def test_shifted_fc_with_q_zero_is_fc():
    x, W = [3, 20], 50
    a = simulate(AIMDFC(), x, W, steps=80, arithmetic="exact")
    b = simulate(ShiftedAIMDFC(q=0), x, W, steps=80, arithmetic="exact")
    assert (a.windows == b.windows).all()


def test_default_eps():
    assert default_eps("float") == 1
    assert default_eps("integer") == 0


def test_two_flow_grid_order_and_hypotheses():
    pts = list(two_flow_grid(9))
    keys = [(p["W"], p["x2"], p["x1"]) for p in pts]
    assert keys == sorted(keys)
    assert all(0 < p["x1"] < p["x2"] and p["x1"] + p["x2"] < p["W"] for p in pts)
    every = list(two_flow_grid(3, hypotheses="all"))
    assert {"x1": 0, "x2": 3, "W": 3} in every


def test_find_counterexample_returns_the_first_failure_in_order():
    def fake(x1, x2, W, q=0):
        ok = not (x2 - x1 >= 2 and q >= 1)
        return StatementCheck("fake", ok, True, {}, "", {"x1": x1, "x2": x2, "W": W, "q": q})

    pts = with_parameter(two_flow_grid(12), "q", lambda p: range(3))
    c = find_counterexample(fake, pts)
    assert (c.inputs["W"], c.inputs["x2"], c.inputs["x1"], c.inputs["q"]) == (5, 3, 1, 1)
    assert find_counterexample(fake, two_flow_grid(12)) is None


def test_vacuous_inputs_are_not_applicable():
    """Outside a statement's hypotheses: holds (vacuously) and applicable is False."""
    c = theorem2(5, 5, 20)  # x1 == x2
    assert c.holds
    assert not c.applicable
    c = lemma3(1, 30, 100, q=F(1, 2), n_prime=1)  # q not whole
    assert not c.applicable
    c = corollary4(1, 30, 100, q=10**6)  # q beyond half the decrease window
    assert not c.applicable
