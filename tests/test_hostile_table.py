"""The hostile table: wrong inputs to the API and the CLI, and what must come.

Each row is an input and either the exception it must raise (a documented
type, and a word its message must contain: the parameter's name or what is
allowed) or the value it must return; command-line rows give the exit code
and a word of the one line on stderr. Rows marked ``origin="issue"`` are the
cases of the issue's "What was found". ``python -m tests.test_hostile_table``
prints the count of rows by verdict (:mod:`tests.hostile`).
"""

from __future__ import annotations

import dataclasses
import math
import os
import tempfile
import typing
from fractions import Fraction as F

import numpy as np
import pytest

from aimdmodel import (
    AIAD,
    AIMD,
    AIMDFC,
    MIAD,
    MIMD,
    AIMDFCPlus,
    LinearControl,
    NewAIMD,
    metrics,
    simulate,
)
from aimdmodel.engines.guards import Limits
from aimdmodel.policies import (
    CUBIC,
    GAIMD,
    IIAD,
    SIMD,
    SQRT,
    AIMDFCPlusPrinted,
    Binomial,
    FlowMix,
    HighSpeed,
    ShiftedAIMDFC,
    WestwoodRule,
    WindowState,
    make_policy,
)
from tests.hostile import Case, cli, err, report, val, verdict

V, T, OV, M = ValueError, TypeError, OverflowError, MemoryError


def sim(*args, **kw):
    """simulate with small defaults: the last windows as a list."""
    kw.setdefault("steps", 5)
    return simulate(*args, **kw).windows[-1].tolist()


def _sympy_symbol(name="b"):
    import sympy

    return sympy.Symbol(name)


@dataclasses.dataclass(frozen=True)
class _NaN(AIMD):
    """A user policy whose decrease gives NaN."""

    def decrease(self, s):
        return WindowState(s.w * math.nan)


@dataclasses.dataclass(frozen=True)
class _Negative(AIMD):
    """A user policy whose decrease gives negative windows."""

    def decrease(self, s):
        return WindowState(s.w - 1000)


@dataclasses.dataclass(frozen=True)
class _ReturnsNone(AIMD):
    """A user policy whose increase forgets to return."""

    def increase(self, s):
        return None


@dataclasses.dataclass(frozen=True)
class _Strings(AIMD):
    """A user policy whose increase gives text."""

    def increase(self, s):
        return WindowState(np.full(s.w.shape, "w"))


def _gen():
    return (w for w in [1, 30])


# --------------------------------------------------------------------------
# simulate / prepare
# --------------------------------------------------------------------------
SIMULATE = [
    # x0
    val("x0-generator", lambda: sim(AIMD(), _gen(), 100, steps=3), [4.0, 33.0], origin="issue"),
    val("x0-range", lambda: sim(AIMD(), range(1, 3), 100, steps=1), [2.0, 3.0]),
    val("x0-int8-array", lambda: sim(AIMD(), np.array([1, 30], np.int8), 100), [6.0, 35.0]),
    val("x0-float16", lambda: sim(AIMD(), np.array([1, 30], np.float16), 100), [6.0, 35.0]),
    val("x0-fraction-float", lambda: sim(AIMD(), [F(1, 4), 1], 100, steps=1), [1.25, 2.0]),
    val("x0-huge-exact", lambda: sim(AIMD(), [10**400, 1], 10**401, steps=3,
                                     arithmetic="exact")[0] == 10**400 + 3, True, origin="issue"),
    err("x0-empty", lambda: sim(AIMD(), [], 100), V, "x0"),
    err("x0-ragged", lambda: sim(AIMD(), [[1, 2], [3]], 100), V, "x0"),
    err("x0-nan", lambda: sim(AIMD(), [math.nan, 1], 100), V, "finite"),
    err("x0-inf", lambda: sim(AIMD(), [1, math.inf], 100), V, "finite"),
    err("x0-negative", lambda: sim(AIMD(), [-1, 1], 100), V, ">= 0"),
    err("x0-string", lambda: sim(AIMD(), "12", 100), (T, V), "x0"),
    err("x0-text-item", lambda: sim(AIMD(), [1, "a"], 100), T, "x0"),
    err("x0-none-item", lambda: sim(AIMD(), [1, None], 100), T, "x0"),
    err("x0-complex", lambda: sim(AIMD(), [1 + 2j, 1], 100), T, "x0"),
    err("x0-none", lambda: sim(AIMD(), None, 100), (T, V), "x0"),
    err("x0-scalar", lambda: sim(AIMD(), 5, 100), V, "x0"),
    err("x0-3d", lambda: sim(AIMD(), np.ones((2, 2, 2)), 100), V, "x0"),
    err("x0-no-systems", lambda: sim(AIMD(), np.zeros((0, 2)), 100), V, "x0"),
    err("x0-symbol", lambda: sim(AIMD(), [_sympy_symbol("x"), 1], 100), T, "x0"),
    err("x0-1e400-float", lambda: sim(AIMD(), [10**400, 1], 100), V, "float64"),
    err("x0-below-floor", lambda: sim(AIMD(floor=5), [1, 30], 100), V, "floor"),
    # capacity: numbers
    err("W-zero", lambda: sim(AIMD(), [1, 2], 0), V, "capacity"),
    err("W-negative", lambda: sim(AIMD(), [1, 2], -5), V, "capacity"),
    err("W-nan", lambda: sim(AIMD(), [1, 2], math.nan), V, "capacity"),
    err("W-inf", lambda: sim(AIMD(), [1, 2], math.inf), V, "capacity"),
    err("W-text", lambda: sim(AIMD(), [1, 2], "100"), T, "capacity"),
    err("W-none", lambda: sim(AIMD(), [1, 2], None), T, "capacity"),
    err("W-bool", lambda: sim(AIMD(), [1, 2], True), T, "capacity"),
    err("W-symbol", lambda: sim(AIMD(), [1, 2], _sympy_symbol("W")), T, "capacity"),
    err("W-1e-400-float", lambda: sim(AIMD(), [1, 2], F(1, 10**400)), V, "capacity",
        origin="issue"),
    err("W-1e400-float", lambda: sim(AIMD(), [1, 2], 10**400), V, "capacity"),
    err("W-trace-1e400-float", lambda: sim(AIMD(), [1, 2], [100] + [10**400] * 5), V,
        "capacity[1]"),
    val("W-1e400-exact", lambda: sim(AIMD(), [1, 2], 10**400, arithmetic="exact"),
        [6, 7]),
    val("W-numpy-float32", lambda: sim(AIMD(), [1, 30], np.float32(100)), [6.0, 35.0]),
    # capacity: traces and callables
    err("trace-empty", lambda: sim(AIMD(), [1, 2], []), V, "capacity"),
    err("trace-short", lambda: sim(AIMD(), [1, 2], [100, 100]), V, "step"),
    err("trace-negative", lambda: sim(AIMD(), [1, 2], [100, -1, 100, 100, 100, 100]), V,
        "capacity"),
    err("trace-nan", lambda: sim(AIMD(), [1, 2], [100, math.nan] + [100] * 5), V, "capacity"),
    err("trace-2d", lambda: sim(AIMD(), [1, 2], np.full((6, 2), 100.0)), (T, V), "capacity"),
    err("trace-text", lambda: sim(AIMD(), [1, 2], ["100"] * 6), T, "capacity"),
    err("callable-negative", lambda: sim(AIMD(), [1, 2], lambda t: 100 - 50 * t), V,
        "capacity"),
    err("callable-nan", lambda: sim(AIMD(), [1, 2], lambda t: math.nan), V, "capacity"),
    err("callable-text", lambda: sim(AIMD(), [1, 2], lambda t: "x"), T, "capacity"),
    err("callable-none", lambda: sim(AIMD(), [1, 2], lambda t: None), T, "capacity"),
    err("callable-no-arg", lambda: sim(AIMD(), [1, 2], lambda: 100), T, "capacity"),
    err("callable-two-args", lambda: sim(AIMD(), [1, 2], lambda t, u: 100), T, "capacity(t)"),
    val("callable-default-arg", lambda: sim(AIMD(), [1, 30], lambda t, u=0: 100), [6.0, 35.0]),
    # steps, cycles, limits
    err("steps-negative", lambda: sim(AIMD(), [1, 2], 100, steps=-1), V, "steps"),
    err("steps-float", lambda: sim(AIMD(), [1, 2], 100, steps=1.5), T, "steps"),
    err("steps-bool", lambda: sim(AIMD(), [1, 2], 100, steps=True), T, "steps"),
    err("steps-text", lambda: sim(AIMD(), [1, 2], 100, steps="10"), T, "steps"),
    val("steps-numpy", lambda: sim(AIMD(), [1, 30], 100, steps=np.int64(5)), [6.0, 35.0]),
    err("steps-and-cycles", lambda: sim(AIMD(), [1, 2], 100, steps=5, cycles=5), V,
        "exactly one"),
    err("neither", lambda: sim(AIMD(), [1, 2], 100, steps=None), V, "exactly one"),
    err("cycles-negative", lambda: sim(AIMD(), [1, 2], 100, steps=None, cycles=-1), V, "cycles"),
    err("steps-1e12-record-all", lambda: sim(AIMD(), [1, 2], 100, steps=10**12), M,
        "record='cycles'"),
    err("cycles-past-max-steps", lambda: sim(AIMD(), [1, 2], 100, steps=None, cycles=3,
                                             max_steps=5), RuntimeError, "max_steps"),
    err("max-steps-negative", lambda: sim(AIMD(), [1, 2], 100, max_steps=-1), V, "max_steps"),
    err("limits-text", lambda: sim(AIMD(), [1, 2], 100, limits="big"), T, "limits"),
    err("limits-memory-zero", lambda: Limits(memory=0), V, "memory"),
    err("limits-bits-small", lambda: Limits(bits=10), V, "bits"),
    err("limits-memory-float", lambda: Limits(memory=1.5), T, "memory"),
    err("exact-bits-limit", lambda: sim(MIMD(c=F(3, 2), b=F(1, 2)), [1, 3], 100, steps=400,
                                        arithmetic="exact", limits=Limits(bits=64)), OV, "bits"),
    val("exact-mimd-20000", lambda: simulate(MIMD(c=F(3, 2), b=F(1, 2)), [1, 3], 100,
                                             steps=20000, arithmetic="exact",
                                             record="none").windows.shape, (2, 2),
        origin="issue", limit=60.0),  # ~9 s on a quiet 2-core machine, 20+ s under load
    # arithmetic, congestion, engine, record
    err("arithmetic-unknown", lambda: sim(AIMD(), [1, 2], 100, arithmetic="double"), V,
        "arithmetic"),
    err("arithmetic-none", lambda: sim(AIMD(), [1, 2], 100, arithmetic=None), (V, T),
        "arithmetic"),
    err("congestion-unknown", lambda: sim(AIMD(), [1, 2], 100, congestion="=>"), V,
        "congestion"),
    err("engine-unknown", lambda: sim(AIMD(), [1, 2], 100, engine="gpu"), V, "engine"),
    err("record-unknown", lambda: sim(AIMD(), [1, 2], 100, record="some"), V, "record"),
    val("kernel-nonlinear-falls-back", lambda: simulate(AIMDFC(), [1, 30], 100, steps=5,
                                                        engine="kernel").engine, "step"),
    # arrivals and departures
    err("arrive-unknown-flow", lambda: sim(AIMD(), [1, 2], 100, arrivals={5: 3}), V, "flow"),
    err("arrive-negative", lambda: sim(AIMD(), [1, 2], 100, arrivals={0: -1}), V, "arriv"),
    err("arrive-float", lambda: sim(AIMD(), [1, 2], 100, arrivals={0: 1.5}), T, "arriv"),
    err("arrive-list", lambda: sim(AIMD(), [1, 2], 100, arrivals=[(0, 1)]), T, "arrivals"),
    err("arrive-text-key", lambda: sim(AIMD(), [1, 2], 100, arrivals={"a": 1}), (T, V), "arriv"),
    err("depart-before-arrive", lambda: sim(AIMD(), [1, 2], 100, arrivals={0: 4},
                                            departures={0: 2}), V, "depart"),
    # the policy argument
    err("policy-name", lambda: sim("aimd", [1, 2], 100), T, "policy"),
    err("policy-class", lambda: sim(AIMD, [1, 2], 100), T, "policy"),
    err("policy-empty-list", lambda: sim([], [1, 2], 100), (V, T), "polic"),
    err("policy-list-short", lambda: sim([AIMD(), AIAD()], [1, 2, 3], 100), V, "flow"),
    err("per-flow-length", lambda: sim(AIMD(a=[1, 2, 3]), [1, 2], 100), V, "a has 3 values"),
    err("symbol-parameter", lambda: sim(AIMD(b=_sympy_symbol()), [1, 30], 100), T, "sympy",
        origin="issue"),
    err("mimd-overflow", lambda: sim(MIMD(c=1e300), [1, 1], 1e308, steps=6), V, "not finite",
        origin="issue"),
    err("param-underflow", lambda: sim(AIMD(a=F(1, 10**400)), [1, 2], 100), V, "a ="),
    err("user-nan", lambda: sim(_NaN(), [1, 30], 100, steps=60), V, "not finite",
        origin="issue"),
    err("user-negative", lambda: sim(_Negative(), [1, 30], 100, steps=60), V, "negative",
        origin="issue"),
    err("user-none", lambda: sim(_ReturnsNone(), [1, 30], 100), T, "increase"),
    err("user-strings", lambda: sim(_Strings(), [1, 30], 100), T, "increase"),
    err("user-nan-exact", lambda: sim(_NaN(), [1, 30], 100, steps=60, arithmetic="exact"), T,
        "decrease"),
]


# --------------------------------------------------------------------------
# every built-in policy's parameters
# --------------------------------------------------------------------------
POLICY_PARAMS = [
    err("aimd-a-negative", lambda: AIMD(a=-1), V, "a"),
    err("aimd-a-nan", lambda: AIMD(a=math.nan), V, "a"),
    err("aimd-a-inf", lambda: AIMD(a=math.inf), V, "a"),
    err("aimd-b-zero", lambda: AIMD(b=0), V, "b"),
    err("aimd-b-one", lambda: AIMD(b=1), V, "b"),
    err("aimd-a-text", lambda: AIMD(a="1"), T, "a"),
    err("aimd-a-none", lambda: AIMD(a=None), T, "a"),
    err("aimd-a-bool", lambda: AIMD(a=True), T, "a"),
    err("aimd-a-complex", lambda: AIMD(a=1j), T, "a"),
    err("aimd-floor-negative", lambda: AIMD(floor=-1), V, "floor"),
    err("aiad-d-negative", lambda: AIAD(d=-1), V, "d"),
    err("mimd-c-one", lambda: MIMD(c=1), V, "c"),
    err("mimd-c-half", lambda: MIMD(c=0.5), V, "c"),
    err("mimd-b-two", lambda: MIMD(b=2), V, "b"),
    err("miad-c-zero", lambda: MIAD(c=0), V, "c"),
    err("miad-d-nan", lambda: MIAD(d=math.nan), V, "d"),
    err("linear-b_d-nan", lambda: LinearControl(b_d=math.nan), V, "b_d"),
    err("linear-b_i-text", lambda: LinearControl(b_i="x"), T, "b_i"),
    err("aimdfc-b-two", lambda: AIMDFC(b=2), V, "b"),
    val("fcplus-f-zero-allowed", lambda: AIMDFCPlus(f=0).f, 0),
    err("fcplus-f-negative", lambda: AIMDFCPlus(f=-1), V, "f"),
    err("fcplus-printed-f-negative", lambda: AIMDFCPlusPrinted(f=-1), V, "f"),
    err("shifted-q-negative", lambda: ShiftedAIMDFC(q=-1), V, "q"),
    err("new-aimd-reading", lambda: NewAIMD(reading="generous"), V, "reading"),
    err("new-aimd-reading-int", lambda: NewAIMD(reading=1), (T, V), "reading"),
    err("new-aimd-b-one", lambda: NewAIMD(b=1), V, "b"),
    err("westwood-a-negative", lambda: WestwoodRule(a=-1), V, "a"),
    err("gaimd-b-one", lambda: GAIMD(b=1), V, "b"),
    err("gaimd-a-zero", lambda: GAIMD(a=0), V, "a"),
    err("binomial-beta-zero", lambda: Binomial(beta=0), V, "beta"),
    err("binomial-beta-two", lambda: Binomial(beta=2), V, "beta"),
    err("binomial-alpha-nan", lambda: Binomial(alpha=math.nan), V, "alpha"),
    err("binomial-k-text", lambda: Binomial(k="1"), T, "k"),
    err("iiad-alpha-negative", lambda: IIAD(alpha=-1), V, "alpha"),
    err("sqrt-beta-two", lambda: SQRT(beta=2), V, "beta"),
    err("simd-reading", lambda: SIMD(reading="space"), V, "reading"),
    err("simd-beta-one", lambda: SIMD(beta=1), V, "beta"),
    err("cubic-C-zero", lambda: CUBIC(C=0), V, "C"),
    err("cubic-beta-one", lambda: CUBIC(beta=1), V, "beta"),
    err("cubic-rtt-zero", lambda: CUBIC(rtt=0), V, "rtt"),
    err("cubic-fast-convergence-text", lambda: CUBIC(fast_convergence="yes"), T,
        "fast_convergence"),
    err("cubic-min-window-negative", lambda: CUBIC(min_window=-1), V, "min_window"),
    err("highspeed-low-window-zero", lambda: HighSpeed(low_window=0), V, "low_window"),
    err("highspeed-windows-swapped", lambda: HighSpeed(low_window=100, high_window=50), V,
        "high_window"),
    err("highspeed-high-p-zero", lambda: HighSpeed(high_p=0), V, "high_p"),
    err("highspeed-decrease-one", lambda: HighSpeed(high_decrease=1), V, "high_decrease"),
    # per-flow sequences
    err("per-flow-nan", lambda: AIMD(a=[1, math.nan]), V, "a"),
    err("per-flow-b-bad", lambda: AIMD(b=[0.5, 1.5]), V, "b"),
    err("per-flow-nested", lambda: AIMD(a=[[1, 2]]), V, "a"),
    err("per-flow-empty", lambda: AIMD(a=[]), V, "a"),
    err("per-flow-text", lambda: AIMD(a=[1, "x"]), T, "a"),
    val("per-flow-numpy", lambda: AIMD(a=np.array([1, 2])).per_flow, {"a": 2}),
    # FlowMix and the registry
    err("flowmix-empty", lambda: FlowMix(()), V, "polic"),
    err("flowmix-text", lambda: FlowMix((AIMD(), "aimd")), T, "polic"),
    err("make-policy-unknown", lambda: make_policy("tahoe"), V, "tahoe"),
    err("make-policy-bad-param", lambda: make_policy("aimd", zz=1), (T, V), "zz"),
]


# --------------------------------------------------------------------------
# metrics
# --------------------------------------------------------------------------
def _tr(**kw):
    kw.setdefault("cycles", 12)
    return simulate(AIMD(), [1, 30], 100, **kw)


METRICS = [
    val("jain-int8", lambda: metrics.jain_index(np.array([100, 50], np.int8)), 0.9,
        origin="issue"),
    val("jain-uint8", lambda: metrics.jain_index(np.array([200, 50], np.uint8)),
        lambda v: abs(v - 250**2 / (2 * (200**2 + 50**2))) < 1e-12, origin="issue"),
    val("jain-int64-4e9", lambda: metrics.jain_index(np.array([4 * 10**9, 3 * 10**9])),
        lambda v: abs(v - 0.98) < 1e-12, origin="issue"),
    err("jain-empty", lambda: metrics.jain_index([]), V, "flow", origin="issue"),
    err("jain-negative", lambda: metrics.jain_index([-3, 1]), V, ">= 0", origin="issue"),
    err("jain-nan", lambda: metrics.jain_index([math.nan, 1]), V, "finite"),
    err("jain-text", lambda: metrics.jain_index(["a", "b"]), T, "windows"),
    err("jain-ragged", lambda: metrics.jain_index([[1, 2], [3]]), V, "windows"),
    val("jain-exact", lambda: metrics.jain_index([F(1), F(3)]), F(4, 5)),
    err("spread-empty", lambda: metrics.spread([]), V, "flow"),
    err("efficiency-none", lambda: metrics.efficiency(None), T, "Trajectory"),
    err("efficiency-burn-in-negative", lambda: metrics.efficiency(_tr(), burn_in=-1), V,
        "burn_in"),
    err("efficiency-burn-in-float", lambda: metrics.efficiency(_tr(), burn_in=1.5), (T, V),
        "burn_in"),
    err("efficiency-no-cycle", lambda: metrics.efficiency(_tr(cycles=None, steps=3)), V,
        "cycle"),
    err("efficiency-transient-only", lambda: metrics.efficiency(
        simulate(AIMD(), [5000, 6000], 100, cycles=6)), V, "transient", origin="issue"),
    err("steps-to-fairness-eps", lambda: metrics.steps_to_fairness(_tr(), eps=-1), V, "eps"),
    err("cycles-to-fairness-eps-text", lambda: metrics.cycles_to_fairness(_tr(), eps="1"), T,
        "eps"),
    err("responsiveness-after", lambda: metrics.responsiveness(_tr(), after=-1), V, "after"),
    err("cycle-stats-burn-in", lambda: metrics.cycle_stats(_tr(), burn_in=10**6), V, "burn_in"),
]


# --------------------------------------------------------------------------
# derive, matrix model, TCP-friendliness, response functions, analysis
# --------------------------------------------------------------------------
def _symbolic():
    from aimdmodel import symbolic

    return symbolic


def _response():
    from aimdmodel import response

    return response


def _analysis():
    from aimdmodel import analysis

    return analysis


SYMBOLIC = [
    err("derive-name", lambda: _symbolic().derive("aimd"), T, "polic"),
    err("derive-flows-zero", lambda: _symbolic().derive(AIMD(), flows=0), V, "flows"),
    err("derive-flows-float", lambda: _symbolic().derive(AIMD(), flows=1.5), T, "flows"),
    val("derive-flows-int64", lambda: _symbolic().derive(AIMD(), flows=np.int64(2)).efficiency,
        F(3, 4), origin="issue"),
    err("matrix-empty", lambda: _symbolic().matrix_model([]), V, "polic"),
    err("matrix-not-aimd", lambda: _symbolic().matrix_model([AIMD(), MIMD()]), V, "AIMD"),
    err("matrix-flows-zero", lambda: _symbolic().matrix_model(AIMD(), flows=0), V, "flows"),
    err("matrix-text", lambda: _symbolic().matrix_model("aimd"), T, "polic"),
    err("tcp-friendly-b-zero", lambda: _symbolic().tcp_friendly_increase(0), V, "b"),
    err("tcp-friendly-b-above-one", lambda: _symbolic().tcp_friendly_increase(1.5), V, "b"),
    err("tcp-friendly-criterion", lambda: _symbolic().tcp_friendly_increase(
        F(1, 2), criterion="loose"), V, "criterion"),
    err("tcp-friendly-b-text", lambda: _symbolic().tcp_friendly_increase("1/2"), T, "b"),
    err("fairness-cycles-negative", lambda: _symbolic().fairness_cycles(AIMD(), -1, 2), V, "x1"),
]

RESPONSE = [
    err("mathis-p-zero", lambda: _response().mathis(0, 0.1), V, "p"),
    err("mathis-p-above-one", lambda: _response().mathis(1.5, 0.1), V, "p"),
    err("mathis-p-nan", lambda: _response().mathis(math.nan, 0.1), V, "p"),
    err("mathis-rtt-zero", lambda: _response().mathis(0.01, 0), V, "rtt"),
    err("mathis-rtt-text", lambda: _response().mathis(0.01, "0.1"), T, "rtt"),
    err("mathis-mss-negative", lambda: _response().mathis(0.01, 0.1, -1), V, "mss"),
    err("mathis-p-vector", lambda: _response().mathis([0.01, 2.0], 0.1), V, "p"),
    err("pftk-t0-negative", lambda: _response().pftk(0.01, 0.1, -1), V, "t0"),
    err("pftk-wmax-zero", lambda: _response().pftk(0.01, 0.1, 1, wmax=0), V, "wmax"),
    err("tfrc-s-zero", lambda: _response().tfrc(0, 0.1, 0.01), V, "s"),
    err("binomial-k-negative", lambda: _response().binomial(0.01, 0.1, -2, 1), V, "k"),
    err("response-cubic-C-zero", lambda: _response().cubic(0.01, 0.1, C=0), V, "C"),
    err("highspeed-p-two", lambda: _response().highspeed(2, 0.1), V, "p"),
    err("highspeed-p-symbol", lambda: _response().highspeed(_sympy_symbol("p"), 0.1), (T, V),
        "p"),
]

ANALYSIS = [
    err("chiu-jain-text", lambda: _analysis().chiu_jain_conditions("aimd"), T, "control"),
    err("one-step-empty", lambda: _analysis().one_step_fairness([], 1, 1), V, "x"),
    err("one-step-negative", lambda: _analysis().one_step_fairness([-1, 2], 1, 1), V, "x"),
    err("time-to-goal-negative", lambda: _analysis().time_to_goal(-1, 10, 1, 1), V, "total"),
    err("time-to-goal-flows", lambda: _analysis().time_to_goal(1, 10, 1, 1, flows=0), V,
        "flows"),
    err("fairness-scaling-empty", lambda: _analysis().fairness_scaling(AIMD(), []), V,
        "capacities"),
    err("fairness-scaling-model", lambda: _analysis().fairness_scaling(AIMD(), [100],
                                                                       model="quantum"), V,
        "model"),
]


# --------------------------------------------------------------------------
# environments, Scenario and friends, queue model, fluid model
# --------------------------------------------------------------------------
def _env():
    from aimdmodel import environments

    return environments


def _sc():
    from aimdmodel import scenario

    return scenario


def _fluid():
    from aimdmodel import fluid

    return fluid


def _queue():
    from aimdmodel import queue

    return queue


ENVIRONMENTS = [
    err("env-unknown", lambda: _env().capacity_trace("XX", steps=10, rtt=0.1), V, "XX"),
    err("env-number-11", lambda: _env().capacity_trace(11, steps=10, rtt=0.1), V, "11"),
    err("env-steps-negative", lambda: _env().capacity_trace("CL", steps=-1, rtt=0.1), V,
        "steps"),
    err("env-rtt-zero", lambda: _env().capacity_trace("CL", steps=10, rtt=0), V, "rtt"),
    err("env-rtt-nan", lambda: _env().capacity_trace("CL", steps=10, rtt=math.nan), V, "rtt"),
    err("env-packet-size-zero", lambda: _env().capacity_trace("CL", steps=10, rtt=0.1,
                                                              packet_size=0), V, "packet_size"),
    err("env-link-rate-negative", lambda: _env().capacity_trace("CL", steps=10, rtt=0.1,
                                                                link_rate=-1), V, "link_rate"),
    err("env-seed-text", lambda: _env().capacity_trace("RWL", steps=10, rtt=0.1, seed="x"),
        T, "seed"),
    err("env-steps-huge", lambda: _env().capacity_trace("CL", steps=10**13, rtt=0.1), M,
        "steps="),
    err("square-wave-hold", lambda: _env().square_wave(10, 2, 1, 0), V, "hold"),
    err("packets-per-rtt-negative", lambda: _env().packets_per_rtt(-1, rtt=0.1), V,
        "bits_per_second"),
    err("seconds-to-steps-negative", lambda: _env().seconds_to_steps(-1, rtt=0.1), V,
        "seconds"),
]

SCENARIO = [
    err("link-rate-zero", lambda: _sc().Link(rate=0), V, "rate"),
    err("link-rate-text", lambda: _sc().Link(rate="fast"), T, "rate"),
    err("link-buffer-negative", lambda: _sc().Link(buffer=-1), V, "buffer"),
    err("link-buffer-float", lambda: _sc().Link(buffer=1.5), T, "buffer"),
    err("link-discipline", lambda: _sc().Link(discipline="fq"), V, "discipline"),
    err("link-random-loss", lambda: _sc().Link(random_loss=1.5), V, "random_loss"),
    err("red-thresholds", lambda: _sc().RED(min_th=10, max_th=5), V, "max_th"),
    err("red-max-p", lambda: _sc().RED(max_p=2), V, "max_p"),
    err("red-w-q", lambda: _sc().RED(w_q=0), V, "w_q"),
    err("cbr-rate", lambda: _sc().CBR(rate=-1), V, "rate"),
    err("cbr-stop-before-start", lambda: _sc().CBR(rate=1, start=5, stop=1), V, "stop"),
    err("pareto-shape-one", lambda: _sc().ParetoCross(shape=1), V, "shape"),
    err("pareto-size-zero", lambda: _sc().ParetoCross(mean_size=0), V, "mean_size"),
    err("flow-variant", lambda: _queue().run(_sc().Scenario(flows=(_sc().Flow(variant="tahoe2"),),
                                                        duration=1.0)), V, "tahoe2"),
    err("flow-variant-empty", lambda: _sc().Flow(variant=""), T, "variant"),
    err("flow-rtt-zero", lambda: _sc().Flow(base_rtt=0), V, "base_rtt"),
    err("flow-start-negative", lambda: _sc().Flow(start=-1), V, "start"),
    err("flow-size-zero", lambda: _sc().Flow(size=0), V, "size"),
    err("flow-policy-text", lambda: _sc().Flow(policy="aimd"), T, "policy"),
    err("scenario-duration", lambda: _sc().Scenario(flows=(_sc().Flow(),), duration=0), V,
        "duration"),
    err("scenario-flows-text", lambda: _sc().Scenario(flows=("newreno",)), T, "flows[0]"),
    err("scenario-flows-number", lambda: _sc().Scenario(flows=3), T, "flows"),
    err("scenario-packet-size", lambda: _sc().Scenario(flows=(_sc().Flow(),), packet_size=0),
        V, "packet_size"),
    err("scenario-warmup", lambda: _sc().Scenario(flows=(_sc().Flow(),), duration=5,
                                                  warmup=10), V, "warmup"),
    err("scenario-cross-text", lambda: _sc().Scenario(flows=(_sc().Flow(),), cross=("x",)), T,
        "cross"),
]


def _tiny():
    sc = _sc()
    return sc.Scenario(flows=(sc.Flow(),), duration=1.0)


QUEUE = [
    err("queue-not-scenario", lambda: _queue().run("scenario"), T, "scenario"),
    err("queue-replications", lambda: _queue().run(_tiny(), replications=0), V, "replications"),
    err("queue-options-text", lambda: _queue().run(_tiny(), options="fast"), T, "options"),
    err("queue-unknown-override", lambda: _queue().run(_tiny(), speed=2), (T, V), "speed"),
    err("queue-tick-negative", lambda: _queue().QueueOptions(tick=-1), V, "tick"),
    err("queue-pacing", lambda: _queue().QueueOptions(pacing="fast"), V, "pacing"),
    err("queue-ticks-per-rtt-below-1", lambda: _queue().QueueOptions(ticks_per_rtt=0.5), V,
        "ticks_per_rtt"),
    err("queue-tick-and-ticks-per-rtt", lambda: _queue().QueueOptions(tick=0.01,
        ticks_per_rtt=5), V, "ticks_per_rtt"),
    err("queue-packet-mode-tick", lambda: _queue().run(_tiny(), fidelity="packet", tick=0.01),
        V, "tick"),
    err("queue-no-flows", lambda: _queue().run(_sc().Scenario(flows=(), duration=1.0)), V,
        "flow"),
]

FLUID = [
    err("fluid-no-classes", lambda: _fluid().simulate_fluid([], 1000.0, buffer=50,
                                                            duration=1.0), (T, V), "classes"),
    err("fluid-class-flows-zero", lambda: _fluid().FluidClass(0, 0.1), V, "n_flows"),
    err("fluid-class-delay-negative", lambda: _fluid().FluidClass(1, -0.1), V, "prop_delay"),
    err("fluid-capacity-zero", lambda: _fluid().simulate_fluid(
        _fluid().FluidClass(1, 0.1), 0, buffer=50, duration=1.0), V, "capacity"),
    err("fluid-buffer-negative", lambda: _fluid().simulate_fluid(
        _fluid().FluidClass(1, 0.1), 1000.0, buffer=-1, duration=1.0), V, "buffer"),
    err("fluid-buffer-inf", lambda: _fluid().simulate_fluid(
        _fluid().FluidClass(1, 0.1), 1000.0, buffer=math.inf, duration=1.0), V, "buffer"),
    err("fluid-duration-zero", lambda: _fluid().simulate_fluid(
        _fluid().FluidClass(1, 0.1), 1000.0, buffer=50, duration=0), V, "duration"),
    err("fluid-dt-zero", lambda: _fluid().simulate_fluid(
        _fluid().FluidClass(1, 0.1), 1000.0, buffer=50, duration=1.0, dt=0), V, "dt"),
    err("fluid-dt-above-delay", lambda: _fluid().simulate_fluid(
        _fluid().FluidClass(1, 0.1), 1000.0, buffer=50, duration=1.0, dt=0.5), V, "dt"),
    err("fluid-aqm", lambda: _fluid().simulate_fluid(
        _fluid().FluidClass(1, 0.1), 1000.0, buffer=50, duration=1.0, aqm="codel"), V, "aqm"),
    err("fluid-too-many-steps", lambda: _fluid().simulate_fluid(
        _fluid().FluidClass(1, 0.1), 1000.0, buffer=50, duration=1e9, dt=1e-3), (M, V),
        "steps"),
    err("fluid-constant-loss", lambda: _fluid().ConstantLoss(2), V, "p"),
    err("operating-point-flows", lambda: _fluid().operating_point(0, 100, 0.1, aqm="droptail",
                                                                  buffer=10), V, "n_flows"),
    err("operating-point-nan", lambda: _fluid().operating_point(1, math.nan, 0.1,
                                                                aqm="droptail", buffer=10), V,
        "capacity"),
    err("operating-point-no-aqm", lambda: _fluid().operating_point(10, 1000, 0.1), V, "aqm"),
    err("run-scenario-dt", lambda: _fluid().run_scenario(_tiny(), dt=0), V, "dt"),
    err("run-scenario-text", lambda: _fluid().run_scenario("scenario"), T, "scenario"),
]


# --------------------------------------------------------------------------
# experiments, sweep, handout, plots
# --------------------------------------------------------------------------
def _exp():
    from aimdmodel import experiments

    return experiments


def _sweep(*args, **kw):
    from aimdmodel.sweeps import sweep

    kw.setdefault("cycles", 5)
    kw.setdefault("executor", None)
    return sweep(*args, **kw)


def _handout(*args, **kw):
    from aimdmodel.handout import build_handout

    return build_handout(*args, **kw)


_SCRATCH = tempfile.mkdtemp(prefix="hostile-")


def _slow_handout_to_folder():
    """build_handout into a folder: refused before any page is computed (it must be quick)."""
    import time

    start = time.perf_counter()
    try:
        _handout(_SCRATCH + "/no/such/folder/h.pdf")
    except OSError as exc:
        return type(exc).__name__, time.perf_counter() - start < 2
    return "written", None


def _folder(name: str) -> str:
    path = os.path.join(_SCRATCH, name)
    os.makedirs(path, exist_ok=True)
    return path


def _plots():
    from aimdmodel import plots

    return plots


def _sweep_executor():
    from concurrent.futures import ThreadPoolExecutor

    return ThreadPoolExecutor(1)


EXPERIMENTS = [
    val("convergence-one-flow", lambda: _exp().convergence(AIMD(), x0=(1,)).steps_to_fairness, 0),
    err("convergence-cycles-negative", lambda: _exp().convergence(AIMD(), cycles=-1), V,
        "cycles"),
    err("long-run-no-length", lambda: _exp().long_run(AIMD(), cycles=3, steps=3), V,
        "exactly one"),
    err("efficiency-curve-family", lambda: _exp().efficiency_curve("tcp"), V, "family"),
    err("efficiency-curve-b", lambda: _exp().efficiency_curve(b_points=(0.5, 1.5)), V,
        "1.5"),
    err("response-no-capacities", lambda: _exp().response(AIMD(), capacities=()), V,
        "capacities"),
    err("phase-plane-three-flows", lambda: _exp().phase_plane(AIMD(), x0=(1, 2, 3)), V, "x0"),
    err("sawtooth-capacity-zero", lambda: _exp().sawtooth(AIMD(), capacity=0), V, "capacity"),
    err("experiment-new-aimd-reading", lambda: _exp().new_aimd(reading="generous"), V, "reading"),
    err("response-functions-rtt", lambda: _exp().response_functions(rtt=0), V, "rtt"),
    # sweep
    err("sweep-burn-in", lambda: _sweep(AIMD(), [1, 30], 100, burn_in=-1), V, "burn_in",
        origin="issue"),
    err("sweep-metric-callable", lambda: _sweep(AIMD(), [1, 30], 100,
                                                metrics=[lambda tr: 1 / 0]), V, "metric",
        origin="issue"),
    err("sweep-metric-unknown", lambda: _sweep(AIMD(), [1, 30], 100, metrics=["speed"]), V,
        "speed"),
    err("sweep-on-error", lambda: _sweep(AIMD(), [1, 30], 100, on_error="ignore"), V,
        "on_error"),
    err("sweep-executor-text", lambda: _sweep(AIMD(), [1, 30], 100, executor="dask"), T,
        "executor"),
    err("sweep-no-policies", lambda: _sweep([], [1, 30], 100), (T, V), "polic"),
    err("sweep-capacity-zero", lambda: _sweep(AIMD(), [1, 30], [100, 0]), V, "capacity"),
    err("sweep-eps-negative", lambda: _sweep(AIMD(), [1, 30], 100, eps=-1), V, "eps"),
    val("sweep-integer-large-W-jain", lambda: _sweep(
        AIMD(), [4 * 10**9, 3 * 10**9], 10**10, cycles=None, steps=3, arithmetic="integer",
        metrics=["final_jain"])[0]["final_jain"], lambda v: 0.97 < v <= 1, origin="issue"),
    err("policy-grid-unknown", lambda: __import__("aimdmodel").policy_grid("tahoe"), V,
        "tahoe"),
    err("policy-grid-bad-value", lambda: __import__("aimdmodel").policy_grid("aimd", b=[2]), V,
        "b"),
    # handout and plots
    err("handout-no-topics", lambda: _handout(_SCRATCH + "/h.pdf", topics=[]), V, "topics",
        origin="issue"),
    err("handout-unknown-topic", lambda: _handout(_SCRATCH + "/h.pdf", topics=["magic"]), V,
        "magic"),
    err("handout-topics-string", lambda: _handout(_SCRATCH + "/h.pdf", topics="title"), (T, V),
        "topics"),
    err("handout-not-pdf", lambda: _handout(_SCRATCH + "/h.txt", topics=["title"]), V, ".pdf"),
    err("handout-folder", lambda: _handout(_folder("x.pdf"), topics=["title"]), OSError,
        "folder"),
    val("handout-missing-folder-before-work", _slow_handout_to_folder,
        ("FileNotFoundError", True)),
    err("mathtext-string", lambda: _plots().mathtext("__import__('os').getcwd() or 1"), T,
        "str", origin="issue"),
    err("plot-windows-text", lambda: _plots().plot_windows("trajectory"), T, "Trajectory"),
    err("plot-phase-plane-text", lambda: _plots().plot_phase_plane(None), T, "PhasePlaneData"),
    err("plot-convergence-list", lambda: _plots().plot_convergence([1, 2]), T,
        "ConvergenceData"),
    err("plot-sawtooth-text", lambda: _plots().plot_sawtooth("x"), T, "SawtoothData"),
    err("plot-efficiency-text", lambda: _plots().plot_efficiency_curve({}), T,
        "EfficiencyCurveData"),
    err("plot-response-text", lambda: _plots().plot_response(3), T, "ResponseData"),
    err("plot-new-aimd-text", lambda: _plots().plot_new_aimd("x"), T, "NewAIMDData"),
    err("plot-response-functions-text", lambda: _plots().plot_response_functions("x"), T,
        "ResponseFunctionsData"),
    err("plot-windows-system", lambda: _plots().plot_windows(
        simulate(AIMD(), np.ones((2, 2)), 100, steps=3), system=5), V, "system"),
]


# --------------------------------------------------------------------------
# the command line
# --------------------------------------------------------------------------
def _trace_file(text: str) -> str:
    fd, path = tempfile.mkstemp(suffix=".csv", dir=_SCRATCH)
    with os.fdopen(fd, "w") as f:
        f.write(text)
    return path


S = ["simulate"]
CLI = [
    cli("version", ["--version"], 0, "aimdmodel 0."),
    cli("simulate-help-examples", ["simulate", "--help"], 0, "examples:"),
    cli("simulate-help-params", ["simulate", "--help"], 0, "a=1 b=1/2 floor=0"),
    cli("empty-command", [""], 2, "invalid choice"),
    cli("option-before-command", ["--capacity", "5", "simulate"], 2, "after the command",
        origin="issue"),
    cli("headline-options-first", ["--windows", "5000,6000", "--capacity", "100", "--cycles",
                                   "6"], 2, "not an option", origin="issue"),
    cli("capacity-1e400", [*S, "--capacity", "1e400"], 2, "too large", origin="issue"),
    cli("capacity-1e-400", [*S, "--capacity", "1e-400"], 2, "too small", origin="issue"),
    cli("windows-nan", [*S, "--windows", "1,nan"], 2, "item 2"),
    cli("windows-empty", [*S, "--windows", ""], 2, "windows"),
    cli("windows-negative", [*S, "--windows", "1,-1"], 2, ">= 0"),
    cli("windows-double-comma", [*S, "--windows", "1,,2"], 2, "item 2"),
    cli("capacity-zero", [*S, "--capacity", "0"], 2, "capacity"),
    cli("capacity-negative", [*S, "--capacity", "-1"], 2, "capacity"),
    cli("capacity-inf", [*S, "--capacity", "inf"], 2, "capacity"),
    cli("capacity-division-by-zero", [*S, "--capacity", "1/0"], 2, "capacity"),
    cli("steps-negative", [*S, "--steps", "-1"], 2, "int >= 0"),
    cli("steps-float", [*S, "--steps", "1e3"], 2, "int >= 0"),
    cli("steps-and-cycles", [*S, "--steps", "5", "--cycles", "5"], 2, "not allowed with"),
    cli("policy-unknown", [*S, "--policy", "tahoe"], 2, "invalid choice"),
    cli("param-b-two", [*S, "--param", "b=2"], 2, "b"),
    cli("param-no-value", [*S, "--param", "b"], 2, "NAME=VALUE"),
    cli("param-unknown", [*S, "--param", "zz=1"], 2, "zz"),
    cli("param-per-flow-length", [*S, "--param", "a=1,2,3"], 2, "a has 3 values"),
    cli("param-reading", [*S, "--policy", "new-aimd", "--param", "reading=generous"], 2,
        "reading"),
    cli("param-text", [*S, "--param", "b=half"], 2, "b"),
    cli("arithmetic-unknown", [*S, "--arithmetic", "double"], 2, "invalid choice"),
    cli("congestion-unknown", [*S, "--congestion", "<"], 2, "invalid choice"),
    cli("trace-missing", [*S, "--capacity-trace", _SCRATCH + "/none.csv"], 2,
        "No such file"),
    cli("trace-folder", [*S, "--capacity-trace", _SCRATCH], 2, "directory"),
    cli("trace-empty", [*S, "--capacity-trace", _trace_file("# nothing\n")], 2, "no value"),
    cli("trace-bad-line", [*S, "--capacity-trace", _trace_file("W\n100\nfast\n")], 2,
        "line 3"),
    cli("trace-short", [*S, "--capacity-trace", _trace_file("100\n100\n"), "--steps", "10"],
        2, "step"),
    cli("trace-negative", [*S, "--capacity-trace", _trace_file("100\n-5\n" * 10), "--steps",
                           "10"], 2, "capacity"),
    cli("trace-and-capacity", [*S, "--capacity", "5", "--capacity-trace",
                               _trace_file("100\n")], 2, "give one of"),
    cli("environment-cycles", [*S, "--environment", "SQH", "--cycles", "5"], 2,
        "needs --steps"),
    cli("environment-unknown", [*S, "--environment", "XX", "--steps", "10"], 2, "XX"),
    cli("environment-rtt-zero", [*S, "--environment", "CL", "--steps", "10", "--rtt", "0"], 2,
        "must be > 0"),
    cli("seed-negative", [*S, "--seed", "-1"], 2, "int >= 0"),
    cli("arrive-zero", [*S, "--arrive", "0:5"], 2, "FLOW >= 1"),
    cli("arrive-unknown-flow", [*S, "--arrive", "3:5"], 2, "flow"),
    cli("arrive-text", [*S, "--arrive", "x"], 2, "FLOW:STEP"),
    cli("depart-negative", [*S, "--depart", "1:-1"], 2, "STEP >= 0"),
    cli("mimd-overflow", [*S, "--policy", "mimd", "--param", "c=1e300", "--capacity", "1e308",
                          "--steps", "6", "--format", "json"], 2, "not finite", origin="issue"),
    cli("steps-1e11-rows-all", [*S, "--steps", "100000000000", "--rows", "all"], 2, "--max-rows"),
    cli("exact-huge-window", [*S, "--windows", "1e400,1", "--capacity", "1e401",
                              "--arithmetic", "exact", "--steps", "3"], 0, "1" + "0" * 400),
    cli("exact-mimd-20000", [*S, "--policy", "mimd", "--param", "c=3/2", "--param", "b=2/3",
                             "--arithmetic", "exact", "--steps", "20000", "--format", "csv"],
        0, "20000,", origin="issue"),
    cli("kernel-nonlinear", [*S, "--engine", "kernel", "--policy", "aimd-fc", "--steps", "5"],
        0, "AIMDFC"),
    cli("one-window-two-params", [*S, "--windows", "1", "--param", "a=1,2"], 2, "a has 2"),
    cli("rtt-nan", [*S, "--rtt", "nan"], 2, "rtt"),
    cli("plot-unknown-suffix", [*S, "--plot", _SCRATCH + "/x.docx"], 2, "plot file"),
    # derive
    cli("derive-unknown", ["derive", "tahoe"], 2, "invalid choice"),
    cli("derive-b-two", ["derive", "aimd", "--param", "b=2"], 2, "b"),
    cli("derive-pi", ["derive", "aimd", "--param", "b=pi"], 2, "sympy constant"),
    cli("derive-E", ["derive", "aimd", "--param", "b=E"], 2, "sympy constant"),
    cli("derive-W", ["derive", "aimd", "--param", "b=W"], 2, "derive's symbols"),
    cli("derive-expression", ["derive", "aimd", "--param", "b=1+1"], 2, "symbol name"),
    cli("derive-code", ["derive", "aimd", "--param", "b=__import__('os').getcwd()"], 2,
        "symbol name", origin="issue"),
    cli("derive-flows-zero", ["derive", "aimd", "--flows", "0"], 2, "flows"),
    cli("derive-flows-text", ["derive", "aimd", "--flows", "x"], 2, "int >= 0"),
    cli("derive-format", ["derive", "aimd", "--format", "pdf"], 2, "invalid choice"),
    cli("derive-param-unknown", ["derive", "aimd", "--param", "zz=1"], 2, "zz"),
    cli("derive-a_d-sign", ["derive", "linear", "--param", "a_d=d", "--format", "json"], 0,
        "d", origin="issue"),
    # sweep
    cli("sweep-policy-unknown", ["sweep", "--policy", "tahoe"], 2, "invalid choice"),
    cli("sweep-param-bad", ["sweep", "--param", "b=0.5,2", "--jobs", "1"], 2, "b"),
    cli("sweep-capacity-zero", ["sweep", "--capacity", "0", "--jobs", "1"], 2, "capacity"),
    cli("sweep-capacity-negative", ["sweep", "--capacity", "100,-1", "--jobs", "1"], 2,
        "capacity"),
    cli("sweep-burn-in-negative", ["sweep", "--burn-in", "-1"], 2, "int >= 0"),
    cli("sweep-eps-negative", ["sweep", "--eps", "-1", "--jobs", "1"], 2, "eps"),
    cli("sweep-steps-and-cycles", ["sweep", "--steps", "5", "--cycles", "5"], 2,
        "not allowed with"),
    cli("sweep-on-error", ["sweep", "--on-error", "ignore"], 2, "invalid choice"),
    cli("sweep-format", ["sweep", "--format", "xml"], 2, "invalid choice"),
    cli("sweep-windows-nan", ["sweep", "--windows", "1,nan"], 2, "item 2"),
    cli("sweep-metrics-empty", ["sweep", "--metrics", ""], 2, "unknown metric"),
    cli("sweep-integer-jain", ["sweep", "--windows", "4000000000,3000000000", "--capacity",
                               "1e10", "--steps", "3", "--arithmetic", "integer", "--metrics",
                               "final_jain", "--jobs", "1", "--format", "csv"], 0, "0.98",
        origin="issue"),
    # plugins: headline, check, handout
    cli("headline-format", ["headline", "--format", "xml"], 2, "invalid choice"),
    cli("headline-windows-empty", ["headline", "--windows", ""], 2, "windows"),
    cli("headline-capacity-nan", ["headline", "--capacity", "nan"], 2, "capacity"),
    cli("headline-one-cycle", ["headline", "--cycles", "1", "--capacity", "100"], 2, "cycle"),
    cli("headline-transient", ["headline", "--windows", "5000,6000", "--capacity", "100",
                               "--cycles", "6"], 2, "transient", origin="issue"),
    cli("check-format", ["check", "--format", "xml"], 2, "invalid choice"),
    cli("check-paper-empty", ["check", "--paper", ""], 2, "paper must be one of"),
    cli("handout-empty-path", ["handout", "--out", ""], 2, "empty"),
    cli("handout-missing-folder", ["handout", "--out", _SCRATCH + "/no/h.pdf"], 2,
        "folder does not exist"),
    cli("handout-existing-folder", ["handout", "--out", _SCRATCH], 2, "folder",
        origin="issue"),
    cli("handout-trailing-slash", ["handout", "--out", _SCRATCH + "/new/"], 2, "ends in '/'",
        origin="issue"),
]


# --------------------------------------------------------------------------
# the Scenario front door, the queue and fluid models, the ns-3 bridge,
# declarations, response functions, sweeps, the CLI under odd files, security
# --------------------------------------------------------------------------
def _flow(**kw):
    return _sc().Flow(**kw)


def _scenario(**kw):
    kw.setdefault("flows", (_flow(),))
    kw.setdefault("duration", 1.0)
    return _sc().Scenario(**kw)


def _qopt(**kw):
    return _queue().QueueOptions(**kw)


def _nsopt(**kw):
    from aimdmodel.ns3 import Ns3Options

    return Ns3Options(**kw)


def _trace_link(v):
    return _sc().Link(rate=[1e6, 2e6], rate_interval=v)


def _red_with(**kw):
    return _sc().RED(**kw)


# Each real-number field of the description, with how to give it a value.
_REAL_FIELDS = {
    "link.rate": ("rate", lambda v: _sc().Link(rate=v)),
    "link.delay": ("delay", lambda v: _sc().Link(delay=v)),
    "link.random_loss": ("random_loss", lambda v: _sc().Link(random_loss=v)),
    "link.rate_interval": ("rate_interval", _trace_link),
    "red.min_th": ("min_th", lambda v: _red_with(min_th=v, max_th=1e9)),
    "red.max_th": ("max_th", lambda v: _red_with(max_th=v)),
    "red.max_p": ("max_p", lambda v: _red_with(max_p=v)),
    "red.w_q": ("w_q", lambda v: _red_with(w_q=v)),
    "flow.base_rtt": ("base_rtt", lambda v: _flow(base_rtt=v)),
    "flow.start": ("start", lambda v: _flow(start=v)),
    "flow.stop": ("stop", lambda v: _flow(stop=v)),
    "cbr.rate": ("rate", lambda v: _sc().CBR(rate=v)),
    "cbr.start": ("start", lambda v: _sc().CBR(rate=1e6, start=v)),
    "cbr.stop": ("stop", lambda v: _sc().CBR(rate=1e6, stop=v)),
    "pareto.mean": ("mean_interarrival", lambda v: _sc().ParetoCross(mean_interarrival=v)),
    "pareto.size": ("mean_size", lambda v: _sc().ParetoCross(mean_size=v)),
    "pareto.shape": ("shape", lambda v: _sc().ParetoCross(shape=v)),
    "pareto.period": ("period", lambda v: _sc().ParetoCross(period=v)),
    "scenario.duration": ("duration", lambda v: _scenario(duration=v)),
    "scenario.warmup": ("warmup", lambda v: _scenario(duration=1e9, warmup=v)),
    "qopt.tick": ("tick", lambda v: _qopt(tick=v)),
    "qopt.ticks_per_rtt": ("ticks_per_rtt", lambda v: _qopt(ticks_per_rtt=v)),
    "qopt.record_interval": ("record_interval", lambda v: _qopt(record_interval=v)),
    "qopt.min_rto": ("min_rto", lambda v: _qopt(min_rto=v, max_rto=1e300)),
    "qopt.lp_delta": ("lp_delta", lambda v: _qopt(lp_delta=v)),
    "qopt.cross_rtt": ("cross_rtt", lambda v: _qopt(cross_rtt=v)),
    "ns3.min_rto": ("min_rto", lambda v: _nsopt(min_rto=v)),
    "ns3.record_interval": ("record_interval", lambda v: _nsopt(record_interval=v)),
}

# Values no real-number field takes: (id, value, expected type).
_NOT_REAL = [
    ("text", "1", T),
    ("bool", True, T),
    ("date", np.datetime64("2020-01-01"), T),
    ("duration", np.timedelta64(1, "s"), T),
    ("complex", 1 + 1j, T),
    ("nan", math.nan, V),
    ("minus-inf", -math.inf, V),
    ("huge-int", 10**400, V),
    ("negative", -1.0, V),
]

SCENARIO_FIELDS = [
    err(f"{field}-{vid}", (lambda make=make, v=v: make(v)), typ, word)
    for field, (word, make) in _REAL_FIELDS.items()
    for vid, v, typ in _NOT_REAL
]

# Each whole-number field, with how to give it a value.
_WHOLE_FIELDS = {
    "link.buffer": ("buffer", lambda v: _sc().Link(buffer=v)),
    "scenario.packet_size": ("packet_size", lambda v: _scenario(packet_size=v)),
    "scenario.seed": ("seed", lambda v: _scenario(seed=v)),
    "flow.size": ("size", lambda v: _flow(size=v)),
    "flow.rwnd": ("rwnd", lambda v: _flow(rwnd=v)),
    "qopt.initial_window": ("initial_window", lambda v: _qopt(initial_window=v)),
    "qopt.dupthresh": ("dupthresh", lambda v: _qopt(dupthresh=v)),
    "ns3.segment_size": ("segment_size", lambda v: _nsopt(segment_size=v)),
    "ns3.socket_buffer": ("socket_buffer", lambda v: _nsopt(socket_buffer=v)),
    "ns3.run": ("run", lambda v: _nsopt(run=v)),
}

_NOT_WHOLE = [
    ("float", 1.5, T),
    ("text", "5", T),
    ("bool", True, T),
    ("negative", -1, V),
    ("huge", 10**400, V),
]

SCENARIO_WHOLE = [
    err(f"{field}-{vid}", (lambda make=make, v=v: make(v)), typ, word)
    for field, (word, make) in _WHOLE_FIELDS.items()
    for vid, v, typ in _NOT_WHOLE
]


def _bdp(packet_size):
    return _scenario(flows=(_flow(base_rtt=0.1),), link=_sc().Link(rate=1e7),
                     packet_size=packet_size).bdp_packets(0)


def _planted_link():
    """Root writes DIR/report.md, where user nobody made report.md a link to a root file."""
    import pwd

    from aimdmodel._io import check_output

    folder = tempfile.mkdtemp(prefix="hostile-sticky-")
    os.chmod(folder, 0o1777)
    secret = os.path.join(_SCRATCH, "root-only.txt")
    with open(secret, "w") as fh:
        fh.write("root only\n")
    link = os.path.join(folder, "report.md")
    os.symlink(secret, link)
    nobody = pwd.getpwnam("nobody").pw_uid
    os.lchown(link, nobody, nobody)
    return check_output(link)


SCENARIO_ISSUE = [
    err("link-rate-text-trace", lambda: _sc().Link(rate=["1e6", "2e6"], rate_interval=1.0), T,
        "rate[0]", origin="issue"),
    err("link-rate-bool-trace", lambda: _sc().Link(rate=[True, True], rate_interval=1.0), T,
        "rate[0]", origin="issue"),
    err("link-rate-datetime-trace", lambda: _sc().Link(
        rate=np.array(["2020-01-01", "2020-01-02"], dtype="datetime64[D]"), rate_interval=1.0),
        T, "rate", origin="issue"),
    err("link-rate-interval-with-constant", lambda: _sc().Link(rate=1e6, rate_interval=-5), V,
        "rate_interval", origin="issue"),
    err("link-rate-interval-denormal", lambda: _trace_link(5e-324), V, "rate_interval",
        origin="issue"),
    err("link-trace-without-interval", lambda: _sc().Link(rate=[1e6, 2e6]), V, "rate_interval"),
    err("link-trace-empty", lambda: _sc().Link(rate=[], rate_interval=1.0), V, "rate"),
    err("link-trace-2d", lambda: _sc().Link(rate=[[1e6]], rate_interval=1.0), V, "rate"),
    err("link-rate-above-1pbit", lambda: _sc().Link(rate=1e16), V, "rate"),
    err("link-red-with-droptail", lambda: _sc().Link(discipline="droptail", red=_sc().RED()), V,
        "red", origin="issue"),
    err("link-discipline-list", lambda: _sc().Link(discipline=["red"]), V, "discipline"),
    err("red-gentle-text", lambda: _sc().RED(gentle="no"), T, "gentle", origin="issue"),
    err("red-gentle-number", lambda: _sc().RED(gentle=1), T, "gentle"),
    err("qopt-fast-convergence-text", lambda: _qopt(cubic_fast_convergence="no"), T,
        "cubic_fast_convergence", origin="issue"),
    err("qopt-cross-variant-list", lambda: _qopt(cross_variant=["sack"]), V, "cross_variant",
        origin="issue"),
    err("qopt-initial-window-1e15", lambda: _qopt(initial_window=10**15), V, "initial_window",
        origin="issue"),
    err("qopt-initial-window-1e30", lambda: _qopt(initial_window=10**30), V, "initial_window",
        origin="issue"),
    err("cbr-rate-1e300", lambda: _sc().CBR(rate=1e300), V, "rate", origin="issue"),
    val("packet-size-int8", lambda: _bdp(np.int8(100)), 1250.0, origin="issue"),
    val("packet-size-uint8", lambda: _bdp(np.uint8(200)), 625.0, origin="issue"),
    val("packet-size-int8-is-int", lambda: type(_scenario(packet_size=np.int16(1000))
                                                .packet_size), int),
    err("packet-size-above-ip", lambda: _scenario(packet_size=70000), V, "packet_size"),
    err("seed-text", lambda: _scenario(seed="abc"), T, "seed", origin="issue"),
    err("seed-float", lambda: _scenario(seed=1.5), T, "seed", origin="issue"),
    err("seed-negative-int", lambda: _scenario(seed=-1), V, "seed", origin="issue"),
    val("seed-numpy-int", lambda: _scenario(seed=np.int64(7)).seed, 7),
    err("cross-none", lambda: _scenario(cross=None), T, "cross", origin="issue"),
    err("cross-single-cbr", lambda: _scenario(cross=_sc().CBR(rate=1e6)), T, "cross",
        origin="issue"),
    err("cross-dict", lambda: _scenario(cross={"a": 1}), T, "cross"),
    err("flows-none", lambda: _scenario(flows=None), T, "flows"),
    err("flows-single-flow", lambda: _scenario(flows=_flow()), T, "flows"),
    err("flow-size-10-400", lambda: _flow(size=10**400), V, "size", origin="issue"),
    err("flow-rwnd-10-400", lambda: _flow(rwnd=10**400), V, "rwnd", origin="issue"),
    err("link-buffer-1e12", lambda: _sc().Link(buffer=10**12), V, "buffer", origin="issue"),
    err("link-buffer-1e30", lambda: _sc().Link(buffer=10**30), V, "buffer", origin="issue"),
    val("flow-stop-inf-is-never", lambda: _flow(stop=math.inf).stop, None),
    val("cbr-stop-inf-is-never", lambda: _sc().CBR(rate=1e6, stop=math.inf).stop, None),
    err("flow-stop-before-start", lambda: _flow(start=5.0, stop=1.0), V, "stop"),
    err("pareto-mean-three", lambda: _sc().ParetoCross(mean_interarrival=(0.1, 0.2, 0.3)), V,
        "mean_interarrival"),
    err("pareto-mean-pair-text", lambda: _sc().ParetoCross(mean_interarrival=(0.1, "x")), T,
        "mean_interarrival[1]"),
    err("flow-variant-number", lambda: _flow(variant=3), T, "variant"),
]


def _run(sc=None, **kw):
    return _queue().run(sc if sc is not None else _scenario(), **kw)


QUEUE_ISSUE = [
    err("queue-base-rtt-1e-300", lambda: _run(_scenario(flows=(_flow(base_rtt=1e-300),),
                                                        duration=60.0)), V, "max_work",
        origin="issue", limit=5),
    err("queue-tick-1e-300", lambda: _run(tick=1e-300), V, "max_work", origin="issue", limit=5),
    err("queue-base-rtt-1e-7", lambda: _run(_scenario(flows=(_flow(base_rtt=1e-7),),
                                                      duration=60.0)), V, "max_work",
        origin="issue", limit=5),
    err("queue-duration-1e9", lambda: _run(_scenario(duration=1e9)), V, "max_work",
        origin="issue", limit=5),
    err("queue-replications-1e9", lambda: _run(replications=10**9), V, "max_work",
        origin="issue", limit=5),
    err("queue-initial-window-1e15", lambda: _run(initial_window=10**15), V, "initial_window",
        origin="issue", limit=5),
    err("queue-cbr-1pbit", lambda: _run(_scenario(cross=(_sc().CBR(rate=1e15),),
                                                  duration=10.0)), V, "max_work", limit=5),
    err("queue-buffer-2e9", lambda: _run(_scenario(link=_sc().Link(buffer=2**31 - 1))),
        M, "max_memory", limit=5),
    err("queue-max-work-text", lambda: _run(max_work="1e9"), T, "max_work"),
    err("queue-max-work-zero", lambda: _run(max_work=0), V, "max_work"),
    val("queue-max-work-allows", lambda: _run(max_work=math.inf).n_flows, 1),
    val("queue-estimate-instant", lambda: _queue().estimate(
        _scenario(flows=(_flow(base_rtt=1e-300),), duration=60.0)).ticks > 1e300, True),
    err("queue-record-interval-text", lambda: _run(record_interval="0.1"), T,
        "record_interval"),
]

_C = None


def _fc(**kw):
    return _fluid().FluidClass(10, 0.1, **kw)


def _sf(**kw):
    kw.setdefault("buffer", 50)
    kw.setdefault("duration", 2.0)
    return _fluid().simulate_fluid(kw.pop("classes", _fc()), 1000.0, **kw)


FLUID_ISSUE = [
    err("fluid-cbr-stop-before-start", lambda: _sf(cbr=[(100, 3.0, 1.0)]), V, "stop",
        origin="issue"),
    err("fluid-cbr-start-nan", lambda: _sf(cbr=[(100, math.nan, None)]), V, "start",
        origin="issue"),
    err("fluid-cbr-start-negative", lambda: _sf(cbr=[(100, -5.0, None)]), V, "start",
        origin="issue"),
    err("fluid-delayed-feedback-text", lambda: _sf(delayed_feedback="no"), T,
        "delayed_feedback", origin="issue"),
    err("fluid-w0-1e308", lambda: _sf(classes=_fc(w0=1e308)), V, "w0", origin="issue"),
    err("fluid-record-every-1e30", lambda: _sf(record_every=10**30), V, "record_every",
        origin="issue"),
    err("fluid-duration-1e7", lambda: _sf(duration=1e7, dt=1e-3), V, "max_work",
        origin="issue", limit=5),
    val("fluid-cbr-stop-inf", lambda: 0 < _sf(cbr=[(100, 1.0, math.inf)]).utilization <= 1,
        True),
    err("fluid-cbr-not-triple", lambda: _sf(cbr=[(100, 1.0)]), T, "cbr[0]"),
    err("fluid-cbr-text-rate", lambda: _sf(cbr=[("100", 1.0, None)]), T, "rate"),
    err("fluid-cbr-single", lambda: _sf(cbr=(100, 1.0, None)), T, "cbr[0]"),
    err("fluid-run-scenario-rtt-1e-300", lambda: _fluid().run_scenario(
        _scenario(flows=(_flow(base_rtt=1e-300),), duration=60.0)), V, "max_work", limit=5),
    err("fluid-max-work-text", lambda: _sf(max_work="x"), T, "max_work"),
]


def _ns3_run(sc=None, **kw):
    from aimdmodel import ns3

    return ns3.run(sc if sc is not None else _scenario(), **kw)


NS3_ISSUE = [  # refused in Python before ns-3 is loaded (instant even without ns-3)
    err("ns3-seed-negative", lambda: _scenario(seed=-1), V, "seed", origin="issue"),
    err("ns3-buffer-2-33", lambda: _sc().Link(buffer=2**33), V, "buffer", origin="issue"),
    err("ns3-record-interval-1e-9", lambda: _ns3_run(record_interval=1e-9), V,
        "record_interval", origin="issue"),
    err("ns3-seed-text", lambda: _scenario(seed="5"), T, "seed", origin="issue"),
    err("ns3-seed-float", lambda: _scenario(seed=1.9), T, "seed", origin="issue"),
    err("ns3-segment-1e6", lambda: _ns3_run(segment_size=10**6), V, "segment_size",
        origin="issue"),
    err("ns3-segment-above-packet", lambda: _ns3_run(segment_size=1449), V, "segment_size"),
    err("ns3-rwnd-huge", lambda: _ns3_run(_scenario(flows=(_flow(rwnd=2**31 - 1),))), V,
        "rwnd"),
    err("ns3-flag-text", lambda: _nsopt(approximate="no"), T, "approximate"),
    err("ns3-run-huge", lambda: _nsopt(run=2**64), V, "run"),
    err("ns3-duration-huge", lambda: _ns3_run(_scenario(duration=1e10)), V, "duration"),
    err("ns3-link-rate-tiny", lambda: _ns3_run(_scenario(link=_sc().Link(rate=1e-300))), V,
        "link.rate"),
    err("ns3-link-delay-huge", lambda: _ns3_run(_scenario(link=_sc().Link(delay=1e12))), V,
        "link.delay"),
    err("ns3-cbr-rate-tiny", lambda: _ns3_run(_scenario(cross=(_sc().CBR(rate=10.0),))), V,
        "cross[0].rate"),
    err("ns3-access-rate-tiny", lambda: _ns3_run(access_rate=1e-3), V, "access_rate"),
]


@dataclasses.dataclass(frozen=True)
class _CapAbove(AIMD):
    """Adds 10a more per RTT above 2000 packets (beyond the declarations' probes)."""

    def increase(self, s):
        return WindowState(s.w + self.a + 10 * self.a * (s.w > 2000))


@dataclasses.dataclass(frozen=True)
class _IncKeyError(AIMD):
    def increase(self, s):
        raise KeyError("x")


@dataclasses.dataclass(frozen=True)
class _IncText(AIMD):
    def increase(self, s):
        return "more"


@dataclasses.dataclass(frozen=True)
class _Counting(AIMD):
    """Keeps a count between calls (in a list of its class)."""

    calls: typing.ClassVar[list] = []

    def increase(self, s):
        self.calls.append(1)
        return WindowState(s.w + self.a * (len(self.calls) % 2))


@dataclasses.dataclass(frozen=True)
class _DeclaredKeyError(AIMD):
    """Raises in increase, but declares AIMD's closed forms again (derive must not trust them)."""

    advance = AIMD.advance

    def increase(self, s):
        raise KeyError("x")


@dataclasses.dataclass(frozen=True)
class _DeclaredNaN(AIMD):
    """An increase to NaN, with AIMD's closed-form advance declared again."""

    advance = AIMD.advance

    def increase(self, s):
        return WindowState(s.w * math.nan)


def _cap_above(engine):
    return simulate(_CapAbove(), [1, 30], 10000, steps=3000, engine=engine).windows[-1].tolist()


def _derive(policy):
    from aimdmodel.symbolic import derive

    return derive(policy)


def _local_class_sweep():
    from concurrent.futures import ProcessPoolExecutor

    from aimdmodel.sweeps import sweep

    @dataclasses.dataclass(frozen=True)
    class Local(AIMD):
        pass

    with ProcessPoolExecutor(1) as ex:
        return sweep(Local(), [1, 30], 100, cycles=5, executor=ex)


def _response():
    from aimdmodel import response

    return response


POLICY_ISSUE = [
    *[val(f"cap-above-{e}", (lambda e=e: _cap_above(e) == _cap_above("step")), True,
          origin="issue") for e in ("kernel", "cycle", "ccycle", "auto")],
    val("cap-above-no-declaration", lambda: _CapAbove().linear_coefficients, None,
        origin="issue"),
    err("derive-cap-above", lambda: _derive(_CapAbove()), T, "closed-form", origin="issue"),
    err("derive-increase-keyerror", lambda: _derive(_IncKeyError()), T, "closed-form",
        origin="issue"),
    err("derive-increase-text", lambda: _derive(_IncText()), T, "closed-form", origin="issue"),
    err("derive-declared-increase-keyerror", lambda: _derive(_DeclaredKeyError()), V,
        "increase", origin="issue"),
    err("derive-declared-increase-nan", lambda: _derive(_DeclaredNaN()), V, "advance",
        origin="issue"),
    err("stateful-policy", lambda: sim(_Counting(), [1, 30], 100, steps=20), V, "state",
        origin="issue"),
    err("response-mathis-rtt-denormal", lambda: _response().mathis(0.01, 5e-324), V,
        "float64", origin="issue"),
    err("response-tfrc-extremes", lambda: _response().tfrc(1e308, 1e-300, 1e-300), V,
        "float64", origin="issue"),
    err("response-mathis-b-huge", lambda: _response().mathis(0.01, 0.1, b=1e308), V,
        "float64", origin="issue"),
    err("response-mathis-timedelta", lambda: _response().mathis(np.timedelta64(1, "s"), 0.1),
        T, "p", origin="issue"),
    err("sweep-grid-1e8", lambda: _sweep(AIMD(), [1, 30], range(1, 10**8 + 1)), V,
        "max_rows", origin="issue", limit=5),
    err("sweep-unpicklable-class", _local_class_sweep, T, "worker processes", origin="issue",
        limit=10),
]


def _closed_stdout(argv):
    """``aimdmodel ARGV >&-``: the interpreter starts with ``sys.stdout`` None."""
    import contextlib
    import io

    from aimdmodel.cli import main
    from tests.hostile import CliResult

    errs = io.StringIO()
    with contextlib.redirect_stdout(None), contextlib.redirect_stderr(errs):
        code = main(list(argv))
    return CliResult(code, "", errs.getvalue())


def _binary_file():
    path = os.path.join(_SCRATCH, "trace.bin")
    with open(path, "wb") as fh:
        fh.write(bytes([0xE5, 0x00, 0xFF]) * 100)
    return path


_A = ",".join(str(k) for k in range(1, 10001))

CLI_ISSUE = [
    cli("trace-dev-zero", [*S, "--capacity-trace", "/dev/zero"], 2, "not a capacity trace",
        origin="issue"),
    cli("trace-binary", [*S, "--capacity-trace", _binary_file()], 2, "not a text trace",
        origin="issue"),
    Case("cli-closed-stdout", lambda: _closed_stdout(["simulate", "--steps", "2"]),
         raises=2, word="standard output", origin="issue"),  # the issue's: check --out - >&-
    cli("param-repeated", [*S, "--param", "b=0.5", "--param", "b=0.6"], 2, "twice",
        origin="issue"),
    cli("param-repeated-same", [*S, "--param", "b=0.5", "--param", "b=1/2", "--format", "csv"],
        0, "step"),
    cli("arrive-repeated", [*S, "--windows", "1,2,3", "--arrive", "3:5", "--arrive", "3:7"], 2,
        "twice", origin="issue"),
    cli("depart-repeated", [*S, "--depart", "1:5", "--depart", "1:3"], 2, "twice",
        origin="issue"),
    cli("arrive-huge-step", [*S, "--arrive", "2:99999999999999999999"], 2, "STEP",
        origin="issue"),
    cli("out-and-plot-one-file", ["experiment", "mehta-dahiya", "--out", _SCRATCH + "/r.png",
                                  "--plot", _SCRATCH + "/r.png"], 2, "same file",
        origin="issue"),
    cli("validate-out-and-figure-one-file", ["validate", "--against", "ns3", "--out",
                                             _SCRATCH + "/v.png", "--figure",
                                             _SCRATCH + "/v.png"], 2, "same file"),
    cli("validate-models-unknown", ["validate", "--against", "ns3", "--models", "ode"], 2,
        "ode"),
    cli("sweep-grid-1e8", ["sweep", "--param", f"a={_A}", "--param", f"b={_A}"], 2,
        "max_rows", origin="issue", limit=10),
]

SECURITY = [
    err("planted-link", _planted_link, PermissionError, "protected_symlinks", origin="issue"),
] if hasattr(os, "geteuid") and os.geteuid() == 0 else []

ROUND_TWO: list[Case] = (SCENARIO_FIELDS + SCENARIO_WHOLE + SCENARIO_ISSUE + QUEUE_ISSUE
                         + FLUID_ISSUE + NS3_ISSUE + POLICY_ISSUE + CLI_ISSUE + SECURITY)
"""The cases of the Scenario front door (its examples; each field of it x a hostile value)."""

TABLE: list[Case] = (SIMULATE + POLICY_PARAMS + METRICS + SYMBOLIC + RESPONSE + ANALYSIS
                     + ENVIRONMENTS + SCENARIO + QUEUE + FLUID + EXPERIMENTS + CLI + ROUND_TWO)


def test_the_table_is_big_enough_and_named_once():
    ids = [c.id for c in TABLE]
    assert len(ids) >= 150
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("case", TABLE, ids=lambda c: c.id)
def test_hostile_case(case):
    outcome, line = verdict(case)
    assert outcome == "handled", line


if __name__ == "__main__":  # python -m tests.test_hostile_table [--round-two] [--isolated]
    import sys

    report(ROUND_TWO if "--round-two" in sys.argv else TABLE, isolated="--isolated" in sys.argv)
