"""Tests of aimdmodel.symbolic's outcomes and of how it runs a policy's code.

Three outcomes are told apart: a fixed point (success, no reason), provably
no admissible fixed point (success, a reason), and "sympy could not solve or
decide a step" (success False, a message naming the step). Bad input is a
ValueError/TypeError naming the parameter. Rules whose state is shared by the
flows (the printed AIMD-FC+System) run on one-flow arrays; rules that use the
bottleneck's signal (Westwood) receive the signal of a fluid congestion event.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pytest
import sympy
from sympy import Rational, simplify

import aimdmodel.symbolic as symbolic
import aimdmodel.symbolic.solve as solve_module
from aimdmodel import AIMD, AIMDFC, AIMDFCPlus, NewAIMD, Policy, metrics, simulate
from aimdmodel.cli import main
from aimdmodel.feedback import Signal
from aimdmodel.policies import AIMDFCPlusPrinted, LinearControl, WestwoodRule, WindowState
from aimdmodel.symbolic import (
    ClosedForm,
    FairnessCycles,
    W,
    derive,
    fairness_cycles,
    tcp_friendly_increase,
)

# Chiu and Jain's linear control with a multiplicative-and-additive increase:
# w <- 1 + 11/10 w, w <- w/2. Its fluid fixed point needs the sign of
# 5 - 5 (11/10)^n at a transcendental n, which sympy cannot take the limit of.
UNDECIDABLE = LinearControl(a_i=1, b_i=Rational(11, 10), a_d=0, b_d=Rational(1, 2))


def same(lhs: Any, rhs: Any) -> bool:
    return simplify(sympy.sympify(lhs) - sympy.sympify(rhs)) == 0


# --------------------------------------------------------------------------
# public names and package boundaries
# --------------------------------------------------------------------------
def test_public_names_keep_their_import_path():
    assert symbolic.derive is derive
    assert {"ClosedForm", "FairnessCycles", "W", "derive", "fairness_cycles",
            "tcp_friendly_increase"} <= set(symbolic.__all__)
    assert W.is_positive
    assert isinstance(fairness_cycles(AIMD(), 1, 30), FairnessCycles)
    assert not hasattr(symbolic, "eq1_utilization")  # lahanas2003's Eq. 1 lives in papers/
    assert not hasattr(symbolic, "Eq1Check")


def test_symbolic_imports_nothing_from_the_papers():
    folder = Path(symbolic.__file__).parent
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            assert not any(n.split(".")[0] in ("papers", "paper_checks") for n in names), path


# --------------------------------------------------------------------------
# solved, and provably not solvable
# --------------------------------------------------------------------------
@pytest.mark.parametrize("policy", [AIMD(), AIMDFC(), AIMDFCPlus()], ids=repr)
def test_a_fixed_point_is_a_success(policy):
    cf = derive(policy)
    assert cf.success is True
    assert cf.reason is None
    assert str(cf.cycle_length) in cf.message
    d = json.loads(json.dumps(cf.as_dict()))
    assert d["success"] is True
    assert d["message"] == cf.message
    assert "derivation         finished (every step decided)" in cf.summary()


def test_no_fixed_point_is_a_success_with_the_computed_reason():
    cf = derive(NewAIMD())
    assert cf.success is True
    assert cf.fixed_point is None
    assert "n = -1" in cf.reason
    assert "n >= 0" in cf.message
    assert "**No closed form:**" in cf.derivation
    assert "**Not solved:**" not in cf.derivation


# --------------------------------------------------------------------------
# sympy could not: success False, the step named, nothing claimed
# --------------------------------------------------------------------------
def test_a_limit_sympy_cannot_take_is_reported_not_raised():
    cf = derive(UNDECIDABLE)  # used to raise NotImplementedError from sympy.limit
    assert isinstance(cf, ClosedForm)
    assert cf.success is False
    assert "could not decide" in cf.message
    assert "W -> oo" in cf.message
    assert "NotImplementedError" in cf.message
    assert cf.reason is None  # no claim that there is no fixed point
    assert cf.fixed_point is None
    assert cf.cycle_length is None
    assert cf.efficiency is None
    assert cf.contraction is None  # the ratio (11/10)^n / 2 needs the fixed point's n
    assert "**Not solved:**" in cf.derivation
    assert not any("there is no fixed point" in n for n in cf.notes)
    assert "derivation         not finished" in cf.summary()
    assert json.loads(json.dumps(cf.as_dict()))["success"] is False


def test_the_undecided_map_does_have_a_sawtooth():
    # why "no fixed point" would have been wrong: the iteration repeats a cycle
    # of about log 2 / log(11/10) + 1 = 8.3 RTTs
    tr = simulate(UNDECIDABLE, [0.0], 10**6, cycles=30, engine="cycle", record="cycles")
    lengths = np.diff(np.asarray(tr.congestion_steps))[5:]
    assert set(lengths.tolist()) <= {8, 9}
    assert abs(lengths.mean() - (np.log(2) / np.log(1.1) + 1)) < 0.2
    with pytest.raises(ValueError, match="sympy"):
        fairness_cycles(UNDECIDABLE, 1, 30)


def _raise_not_implemented(*args: Any, **kwargs: Any) -> Any:
    raise NotImplementedError("pretend sympy cannot")


def test_an_equation_sympy_cannot_solve_is_not_no_fixed_point(monkeypatch):
    monkeypatch.setattr(solve_module.sympy, "solve", _raise_not_implemented)
    cf = derive(AIMD())
    assert cf.success is False
    assert "could not solve the fixed-point equations" in cf.message
    assert "pretend sympy cannot" in cf.message
    assert cf.reason is None
    assert cf.fixed_point is None
    assert cf.contraction == Rational(1, 2)  # does not need the fixed point


def test_an_undecided_relation_fails_with_numbers_and_is_assumed_with_symbols(monkeypatch):
    monkeypatch.setattr(solve_module, "_fluid_limit_sign", lambda expr: None)
    cf = derive(AIMD(floor=2))  # the floor's Max gives branch conditions, in W only
    assert cf.success is False
    assert "could not decide whether" in cf.message
    g = sympy.Symbol("g", positive=True)
    cf = derive(AIMD(floor=g))  # a condition in a parameter is a stated assumption
    assert cf.success is True
    assert any("(assumed)" in n for n in cf.notes)


def test_an_integral_sympy_cannot_do_is_reported(monkeypatch):
    monkeypatch.setattr(solve_module.sympy, "integrate",
                        lambda *args, **kw: sympy.Integral(*args, **kw))
    cf = derive(AIMDFC())
    assert cf.success is False
    assert "could not integrate" in cf.message
    assert cf.efficiency is None


def test_any_not_implemented_error_becomes_a_message(monkeypatch):
    monkeypatch.setattr(solve_module, "difference_ratio", _raise_not_implemented)
    cf = derive(AIMD())
    assert cf.success is False
    assert "NotImplementedError" in cf.message


# --------------------------------------------------------------------------
# bad input names the parameter
# --------------------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class Comparing(Policy):
    """Halve the window only above 10: a comparison sympy cannot decide on symbols."""

    name: ClassVar[str] = "comparing"

    def init(self, x: Any) -> WindowState:
        return WindowState(x)

    def window(self, s: WindowState) -> Any:
        return s.w

    def increase(self, s: WindowState) -> WindowState:
        return WindowState(s.w + 1)

    def decrease(self, s: WindowState) -> WindowState:
        return WindowState(s.w / 2 if s.w > 10 else s.w)

    def advance(self, s: WindowState, n: Any) -> WindowState:
        return WindowState(s.w + n)


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "needle"),
    [
        ((AIMD(),), {"flows": 0}, ValueError, "flows must be an int >= 1, got 0"),
        ((AIMD(),), {"flows": 1.5}, TypeError, "flows must be an int >= 1"),
        ((AIMD(),), {"flows": True}, TypeError, "flows must be an int >= 1"),
        ((AIMD,), {}, TypeError, "policy must be an aimdmodel Policy"),
        ((Comparing(),), {}, ValueError, "policy: Comparing.decrease does not run on sympy"),
    ],
)
def test_bad_input_names_the_parameter(args, kwargs, error, needle):
    with pytest.raises(error, match=re.escape(needle)):
        derive(*args, **kwargs)


# --------------------------------------------------------------------------
# the printed AIMD-FC+System: state shared by the flows, run on arrays
# --------------------------------------------------------------------------
def test_printed_fc_plus_for_one_flow_is_fc_plus():
    printed, plus = derive(AIMDFCPlusPrinted()), derive(AIMDFCPlus())
    assert printed.success is True
    for key in ("min_window", "efficiency", "cycle_length", "packets_per_cycle",
                "response_constant"):
        assert same(getattr(printed, key), getattr(plus, key)), key
    assert printed.map_eigenvalues == plus.map_eigenvalues
    # one flow: the shared dw is the flow's dw, last_k the q of AIMD-FC+
    renamed = {"last_k": "q"}
    assert {renamed.get(k, k): v for k, v in printed.fixed_point.items()} == plus.fixed_point
    # the iteration of the printed rule agrees (O(1/W))
    tr = simulate(AIMDFCPlusPrinted(), [0.0], 10_000, cycles=40)
    assert abs(float(metrics.efficiency(tr)) - float(printed.efficiency)) < 10 / 10_000


def test_printed_fc_plus_two_flows_do_not_contract_by_a_constant_factor():
    cf = derive(AIMDFCPlusPrinted())
    assert cf.contraction is None
    assert any("does not shrink by a constant factor" in n for n in cf.notes)
    tr = simulate(AIMDFCPlusPrinted(), [1, 30], 100, cycles=2, arithmetic="exact")
    ratios = {
        (tr.windows[c + 1][0] - tr.windows[c + 1][1]) / (tr.windows[c][0] - tr.windows[c][1])
        for c in tr.congestion_steps
    }
    assert len(ratios) > 1
    assert Fraction(51, 29) in ratios  # the first event, (6 x1 - 7 x2) / (4 (x1 - x2))


def test_printed_fc_plus_equal_flows_are_refused():
    with pytest.raises(ValueError, match=r"flows: AIMDFCPlusPrinted\.decrease treats 2 equal"):
        derive(AIMDFCPlusPrinted(), flows=2)


# --------------------------------------------------------------------------
# rules that use the bottleneck's signal
# --------------------------------------------------------------------------
def test_westwood_holds_the_sum_at_w_with_a_loss_every_rtt():
    cf = derive(WestwoodRule())
    assert cf.success is True
    assert cf.cycle_length == 0
    assert cf.fixed_point == {"w": W}
    assert cf.min_window == 1
    assert cf.efficiency is None
    assert cf.contraction == 1
    assert "every RTT" in cf.reason
    assert any("fluid congestion event" in n for n in cf.notes)
    assert same(derive(WestwoodRule(), flows=2).fixed_point["w"], W / 2)
    # the exact iteration: after the first congestion event the sum is W and every
    # RTT is congested; the windows (and their difference) stay where they are
    tr = simulate(WestwoodRule(), [1, 30], 100, steps=120, arithmetic="exact")
    first = int(tr.congestion_steps[0])
    assert not tr.feedback[first:].any()
    assert all(t == 100 for t in tr.totals[first + 1:])
    assert (tr.windows[first + 1:] == tr.windows[first + 1]).all()


@dataclass(frozen=True, repr=False)
class ShareAIMD(Policy):
    """A rule defined here that uses the signal: ``w <- b w W / total`` at congestion.

    At a fluid congestion event the total is W, so its cycle map is AIMD's.
    """

    b: Any = Fraction(1, 2)

    name: ClassVar[str] = "share-aimd"
    uses_signal: ClassVar[bool] = True

    def init(self, x: Any) -> WindowState:
        return WindowState(x)

    def window(self, s: WindowState) -> Any:
        return s.w

    def increase(self, s: WindowState, signal: Signal | None = None) -> WindowState:
        return WindowState(s.w + 1)

    def decrease(self, s: WindowState, signal: Signal | None = None) -> WindowState:
        assert signal is not None
        return WindowState(self.b * s.w * signal.capacity / signal.total)

    def advance(self, s: WindowState, n: Any) -> WindowState:
        return WindowState(s.w + n)


def test_a_signal_rule_defined_here_gets_the_fluid_signal():
    cf, aimd = derive(ShareAIMD()), derive(AIMD())
    for key in ("min_window", "efficiency", "cycle_length", "response_constant",
                "contraction"):
        assert same(getattr(cf, key), getattr(aimd, key)), key
    b = sympy.Symbol("b", positive=True)
    assert same(derive(ShareAIMD(b=b)).efficiency, (1 + b) / 2)


def test_cli_derives_westwood_and_the_printed_rule(capsys):
    assert main(["derive", "westwood", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["success"] is True
    assert out["cycle_length"] == "0"
    assert main(["derive", "aimd-fc-plus-printed", "--format", "json"]) == 0
    assert sympy.sympify(json.loads(capsys.readouterr().out)["efficiency"]) == Rational(8, 9)


def test_tcp_friendly_increase_names_what_is_missing():
    with pytest.raises(ValueError, match=r"reference .*no response constant"):
        tcp_friendly_increase(Rational(7, 8), reference=NewAIMD())
