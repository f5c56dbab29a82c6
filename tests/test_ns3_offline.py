"""The ns-3 bridge without ns-3: what it refuses, the rules it generates, the tables it writes.

Nothing here loads ns-3 (these tests run with and without the extra);
tests/test_ns3.py runs ns-3.
"""

from __future__ import annotations

import argparse
import dataclasses
import subprocess
import sys
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from aimdmodel.ns3 import (
    EXTRA_HINT,
    NS3_VARIANTS,
    Ns3Options,
    Ns3Unavailable,
    _loader,
    check_scenario,
    commands,
    rules,
)
from aimdmodel.ns3.goals import Difference
from aimdmodel.ns3.report import fmt_difference, fmt_value, markdown, plot_validation
from aimdmodel.ns3.validate import Case, Validation, reference_set
from aimdmodel.policies import (
    AIAD,
    AIMD,
    AIMDFC,
    MIAD,
    MIMD,
    AIMDFCPlus,
    AIMDFCPlusPrinted,
    LinearControl,
    NewAIMD,
    Policy,
    WestwoodRule,
)
from aimdmodel.queue import VARIANTS
from aimdmodel.scenario import CBR, Flow, Link, ParetoCross, Scenario

SEED_POLICIES = [AIMD(), AIMD(a=2, b=0.8), AIAD(), MIMD(), MIAD(), AIMDFC(), AIMDFCPlus(),
                 NewAIMD(), NewAIMD(reading="charitable"),
                 LinearControl(a_i=1, b_i=1.1, a_d=-1, b_d=0.7, floor=1)]


def _sc(*flows: Flow, **link: Any) -> Scenario:
    return Scenario(flows=flows or (Flow(),), link=Link(**{"buffer": 20, **link}), duration=5.0)


# -- variants -------------------------------------------------------------------------------
def test_every_variant_of_the_scenario_has_an_ns3_form():
    assert set(NS3_VARIANTS) == set(VARIANTS)


def test_only_reno_and_fack_are_approximations():
    assert sorted(v.name for v in NS3_VARIANTS.values() if not v.exact) == ["fack", "reno"]


def test_the_variants_own_rules_are_ns3_types_and_the_loss_based_take_the_policy():
    for name, v in NS3_VARIANTS.items():
        assert (v.congestion_ops is None) == (not VARIANTS[name].own_rule)


def test_sack_follows_the_queue_models_recovery():
    for name, v in NS3_VARIANTS.items():
        assert v.sack == (VARIANTS[name].recovery == "sack")


# -- options --------------------------------------------------------------------------------
@pytest.mark.parametrize(("field", "value", "error"), [
    ("delayed_ack", 0, ValueError), ("initial_window", 1.5, TypeError),
    ("recovery", "reno", ValueError), ("reno_ops", "cubic", ValueError),
    ("rule", "c++", ValueError), ("access_rate", -1.0, ValueError),
    ("approximate", 1, TypeError), ("min_rto", float("nan"), ValueError),
])
def test_options_refuse_bad_values(field, value, error):
    with pytest.raises(error, match=field):
        Ns3Options(**{field: value})


def test_options_replace_refuses_unknown_names():
    with pytest.raises(ValueError, match="unknown ns-3 option 'tick'"):
        Ns3Options().replace(tick=0.1)


def test_the_defaults_that_change_a_comparison_are_set():
    o = Ns3Options()
    assert (o.delayed_ack, o.initial_window, o.recovery, o.min_rto) == (1, 3, "classic", 1.0)
    assert o.socket_buffer >= 16 * 2**20


# -- what ns-3 cannot express -----------------------------------------------------------------
@pytest.mark.parametrize(("scenario", "match"), [
    (Scenario(flows=(Flow(),), cross=(ParetoCross(),), duration=5.0), "ParetoCross"),
    (_sc(discipline="drr"), "drr"),
    (_sc(buffer=1), "buffer must be >= 2"),
    (_sc(Flow(variant="fack")), "'fack' cannot be expressed"),
    (_sc(Flow(variant="reno")), "'reno' cannot be expressed"),
    (_sc(Flow(variant="vegas", policy=AIMD())), "must be None for variant 'vegas'"),
    (_sc(Flow(variant="bbr")), "variant must be one of"),
    (_sc(Flow(base_rtt=0.01), delay=0.01), "base_rtt"),
    (_sc(Flow(policy=WestwoodRule())), "bottleneck signal"),
    (_sc(Flow(policy=AIMDFCPlusPrinted())), "shared by the flows"),
    (_sc(Flow(policy=AIMD(a=[1, 2], b=[0.5, 0.5]))), "per-flow parameters"),
    (_sc(Flow(policy=AIMD(b=sympy.Symbol("b")))), "symbolic parameters"),
    (Scenario(flows=(Flow(),), packet_size=52, duration=5.0), "no payload"),
])
def test_what_ns3_cannot_express_is_a_value_error_naming_it(scenario, match):
    with pytest.raises(ValueError, match=match):
        check_scenario(scenario, Ns3Options())


def test_approximations_run_when_allowed():
    plans = check_scenario(_sc(Flow(variant="fack"), Flow(variant="reno")),
                           Ns3Options(approximate=True))
    assert [p.sack for p in plans] == [True, False]


def test_a_loss_based_flow_without_policy_runs_the_chosen_reno_op():
    (plan,) = check_scenario(_sc(Flow(variant="sack")), Ns3Options(reno_ops="newreno"))
    assert plan.congestion_ops == "ns3::TcpNewReno"


# -- rules: the policy's own code, traced ----------------------------------------------------
@pytest.mark.parametrize("policy", SEED_POLICIES, ids=lambda p: p.label())
def test_every_papers_policy_becomes_cxx(policy):
    rule = rules.generate(policy)
    assert len(rule.fields) == len(policy.init(Fraction(3)))
    assert rule.class_name in rule.code


def _evaluate(expr: str, state: list[float], w: float) -> float:
    """Evaluate a generated C++ expression with sympy (the printer's inverse on our subset)."""
    names = {f"s{i}": sympy.Float(v) for i, v in enumerate(state)}
    names.update(w=sympy.Float(w), fmax=sympy.Max)
    return float(sympy.parse_expr(expr.replace("1.0/", "1/").replace(".0)", ")"),
                                  local_dict=names))


@pytest.mark.parametrize("policy", SEED_POLICIES, ids=lambda p: p.label())
@settings(max_examples=15)
@given(w=st.floats(0.5, 500.0), steps=st.lists(st.booleans(), max_size=6))
def test_generated_expressions_compute_what_the_policy_computes(policy, w, steps):
    rule = rules.generate(policy)
    pol = policy.converted(float)
    s = pol.init(w)
    state = [_evaluate(e, [], w) for e in rule.init]
    assert state == pytest.approx([float(v) for v in s])
    for up in steps:
        s = pol.increase(s) if up else pol.decrease(s)
        exprs = rule.increase if up else rule.decrease
        state = [_evaluate(e, state, w) for e in exprs]
        assert state == pytest.approx([float(v) for v in s], rel=1e-9, abs=1e-9)
    assert _evaluate(rule.window, state, w) == pytest.approx(float(pol.window(s)), rel=1e-9)


class _Branchy(NamedTuple):
    w: Any


@dataclasses.dataclass(frozen=True, repr=False)
class BranchOnWindow(Policy):
    """Halves above 10, else subtracts 1 (a branch on the state's value)."""

    name: ClassVar[str] = "branchy"

    def init(self, x):
        return _Branchy(x)

    def window(self, s):
        return s.w

    def increase(self, s):
        return _Branchy(s.w + 1)

    def decrease(self, s):
        return _Branchy(s.w / 2 if s.w > 10 else s.w - 1)


def test_a_branch_on_the_state_cannot_be_traced_and_says_to_use_the_python_rule():
    with pytest.raises(ValueError, match="rule='python'"):
        rules.generate(BranchOnWindow())


def test_verify_catches_a_traced_rule_that_disagrees_with_the_policy():
    policy = AIMDFC()
    _, syms, (init, inc, dec, win) = rules._trace(policy)
    wrong = (dec[0] + 1, dec[1])
    with pytest.raises(ValueError, match=r"AIMD-FC\(a=1, b=1/2\)\.decrease"):
        rules.verify(policy, (syms, init, inc, wrong, win))


# -- without ns-3 -----------------------------------------------------------------------------
def test_importing_the_bridge_loads_neither_ns3_nor_cppyy():
    code = ("import sys, aimdmodel.ns3, aimdmodel.ns3.validate, aimdmodel.ns3.commands\n"
            "assert 'cppyy' not in sys.modules and 'ns' not in sys.modules, sys.modules.keys()")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr


def test_without_ns3_a_run_names_the_extra(monkeypatch):
    monkeypatch.setattr(_loader.importlib.util, "find_spec", lambda name: None)
    assert not _loader.available()
    with pytest.raises(Ns3Unavailable, match=r"pip install -e '\.\[ns3\]'"):
        _loader._prefix()
    from aimdmodel.ns3 import dumbbell

    monkeypatch.setattr(dumbbell, "load", _loader._prefix)
    with pytest.raises(ImportError, match="optional extra ns3"):
        dumbbell.run(_sc())


def test_without_ns3_the_command_stops_with_exit_2_naming_the_extra(monkeypatch, capsys):
    monkeypatch.setattr(_loader.importlib.util, "find_spec", lambda name: None)
    monkeypatch.setattr(commands, "available", _loader.available)
    assert commands.main(["validate", "--against", "ns3", "--quick"]) == 2
    err = capsys.readouterr().err
    assert EXTRA_HINT in err
    assert len(err.strip().splitlines()) == 1


def test_without_ns3_the_stored_runs_still_validate_a_family(monkeypatch, capsys, tmp_path):
    """Every run of the family is stored: no ns-3 needed, the tables come out."""
    monkeypatch.setattr(commands, "available", lambda: False)
    out = tmp_path / "v.md"
    assert commands.main(["validate", "--against", "ns3", "--group", "late joiner",
                          "--models", "queue", "--out", str(out)]) == 0
    text = out.read_text()
    assert "## Flow by flow" in text
    assert text.count("| late joiner, 2 flows") >= 3
    # a store without the family's runs needs ns-3: one line, exit 2
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert commands.main(["validate", "--against", "ns3", "--group", "lp", "--store",
                          str(empty)]) == 2
    assert EXTRA_HINT in capsys.readouterr().err


def test_an_unknown_family_names_the_families(capsys):
    assert commands.main(["validate", "--against", "ns3", "--group", "nope"]) == 2
    err = capsys.readouterr().err
    assert "--group must be one of" in err
    assert "rtt mix" in err
    assert len(err.strip().splitlines()) == 1


def test_the_command_checks_its_output_paths_before_any_work(tmp_path):
    with pytest.raises(argparse.ArgumentTypeError, match="a folder"):
        commands._output(str(tmp_path))
    with pytest.raises(argparse.ArgumentTypeError, match="does not exist"):
        commands._output(str(tmp_path / "no" / "such.md"))
    with pytest.raises(argparse.ArgumentTypeError, match="among queue, packet, fluid"):
        commands._models("queue,ode")


# -- goals, report, reference set, set-ups ------------------------------------------------------
def test_differences_follow_the_goals():
    assert Difference.of("throughput", ns3=10.0, model=11.1).met is True  # reported only
    assert Difference.of("utilization", ns3=1.0, model=0.96).met is True
    assert Difference.of("utilization", ns3=1.0, model=0.94).met is False
    assert Difference.of("loss_rate", ns3=0.01, model=0.0149).met is True
    assert Difference.of("loss_rate", ns3=0.0, model=0.0).met is True
    assert Difference.of("loss_rate", ns3=0.0, model=0.01).value == float("inf")
    assert Difference.of("queueing_delay", ns3=0.05, model=0.036).met is False
    assert Difference.of("queueing_delay", ns3=0.05, model=0.039).met is True
    # one packet time apart is the same queue, whatever the ratio
    assert Difference.of("queueing_delay", ns3=1e-4, model=0.0, floor=1.2e-3).met is True
    assert Difference.of("queueing_delay", ns3=1e-4, model=0.0).met is False


def test_flow_goals_take_every_flow_or_the_share_ratio():
    from aimdmodel.ns3.goals import FlowComparison

    # every flow within 15%
    assert FlowComparison.of([5e6, 5e6], [5.5e6, 4.5e6], ns3_timeouts=0,
                             model_timeouts=0).goodput_met
    # flows off by 40% but the share ratio (6/4 against 1.4/1) within x1.5
    c = FlowComparison.of([6e6, 4e6], [8.4e6, 6e6], ns3_timeouts=0, model_timeouts=0)
    assert not all(d.met for d in c.goodput)
    assert c.share.met
    assert c.goodput_met
    # one flow: the share ratio is no way out
    assert not FlowComparison.of([8e6], [6e6], ns3_timeouts=0, model_timeouts=0).goodput_met
    # a split the model does not see: 5.7 against 1.9
    assert not FlowComparison.of([8.5e6, 1.5e6], [6.5e6, 3.4e6], ns3_timeouts=4,
                                 model_timeouts=0).goodput_met
    # the timeout goal applies only above 5 in ns-3
    assert FlowComparison.of([1.0], [1.0], ns3_timeouts=5, model_timeouts=50).timeouts is None
    t = FlowComparison.of([1.0], [1.0], ns3_timeouts=10, model_timeouts=4).timeouts
    assert t is not None
    assert not t.met


def test_the_reference_set_covers_what_the_flow_by_flow_validation_needs():
    cases = reference_set()
    assert len(cases) >= 40
    names = " ".join(c.name for c in cases)
    for part in ("1 flow", "4 flows", "DropTail", "RED", "0.1 BDP", "1 BDP", "2 BDP",
                 "random loss", "CBR", "late joiner", "phase-averaged", "lp + newreno",
                 "vegas + newreno", "16 flows", "HighSpeed", *VARIANTS):
        assert part in names
    ratios = set()
    for c in cases:
        rtts = [f.base_rtt for f in c.scenario.flows]
        ratios.add(round(max(rtts) / min(rtts)))
        assert c.replications >= 3
    assert {2, 6, 8} <= ratios
    vegas = [c for c in cases if c.name.startswith("1 flow, vegas")]
    bdps = {c.scenario.link.buffer / (c.scenario.link.rate * c.scenario.flows[0].base_rtt / 12000)
            for c in vegas}
    assert min(bdps) <= 0.55
    assert max(bdps) >= 1.9
    assert all(c.scenario.seed == 1 for c in cases)
    assert len(reference_set(quick=True)) < len(cases)
    assert len({c.name for c in cases}) == len(cases)


def _fake_validation() -> Validation:
    from aimdmodel.ns3.validate import Outcome

    case = Case("tiny", _sc(), "one flow", replications=1)
    flows = {"goodput": [1.9e6], "throughput": [1.9e6], "loss_rate": [0.002], "timeouts": [1.0],
             "fast_retransmits": [5.0]}
    values = {"throughput": 1.9e6, "utilization": 0.95, "loss_rate": 0.002,
              "queueing_delay": 0.03, "packet_time": 0.006, "timeouts": 1.0,
              "fast_retransmits": 5.0, "duplicates": 0.01, "flows": flows, "runs": 1}
    res = {"ns3": Outcome(values, "", 1.0),
           "queue": Outcome({**values, "utilization": 0.85,
                             "flows": {**flows, "goodput": [2.3e6]}}, "", 0.5),
           "fluid": Outcome(None, "not in this tree", 0.0)}
    return Validation((case,), (res,), ("queue", "fluid"), Ns3Options())


def test_the_summary_counts_met_goals():
    s = _fake_validation().summary()
    assert s["queue"]["utilization"] == (0, 1)
    assert s["queue"]["goodput"] == (0, 1)
    assert s["queue"]["loss_rate"] == (1, 1)
    assert s["queue"]["timeouts"] == (0, 0)  # ns-3 had 1: the goal does not apply
    assert s["fluid"]["utilization"] == (0, 0)


def test_the_markdown_has_the_summary_the_rows_and_the_reasons(monkeypatch):
    text = markdown(_fake_validation(), command="aimdmodel validate --against ns3",
                    version="3.44.test")
    assert "| queue | 0/1 met (0%) | 0/1 met (0%) | 1/1 met (100%) | 1/1 met (100%) | - |" in text
    assert "-10.5% MISS" in text
    assert "| tiny | 1.90 / 2.30 |" in text
    assert "| tiny | fluid | not in this tree |" in text
    assert "issue" not in text.lower()


def test_the_figure_draws_a_point_per_model_and_metric():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(4, 1)
    artists = plot_validation(_fake_validation(), axes)
    assert len(artists) == 8
    plt.close(fig)


def test_values_and_differences_are_formatted_in_their_units():
    assert fmt_value("throughput", 2.5e6) == "2.5 Mbit/s"
    assert fmt_value("loss_rate", None) == "-"
    assert fmt_difference(Difference.of("queueing_delay", ns3=0.1, model=0.05)) == "-50.0% MISS"


def test_the_papers_ns3_set_ups_are_what_the_papers_print():
    from papers.ns3_setups import jasem2010_scenario, lahanas2003_scenario

    sc = lahanas2003_scenario(AIMD(), 8, "red")
    assert sc.link.rate == 100e6
    assert sc.link.red.min_th == pytest.approx(sc.link.buffer / 3, abs=0.5)
    assert {f.variant for f in sc.flows} == {"sack"}
    sc0 = jasem2010_scenario(NewAIMD(), 32)
    assert (sc0.link.rate, sc0.link.buffer, sc0.flows[0].size) == (100e6, 100, 100_000_000)
    assert sc0.duration > 32 * 8.0


def test_cbr_is_expressed():
    plans = check_scenario(Scenario(flows=(Flow(),), cross=(CBR(1e6),), duration=5.0),
                           Ns3Options())
    assert len(plans) == 1
    assert np.isfinite(plans[0].sack)
