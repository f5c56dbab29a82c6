"""Tests of aimdmodel.symbolic: closed forms derived from the policies' code.

Expected formulas are the papers' statements (Lahanas & Tsaoussidis 2003, Eqs. 1, 2, 7, 8, 16,
Sec. 3.3.2, 4.2.2, Fig. 3 and 4 captions) or hand derivations written here,
never copied from derive's output. Every closed form is also compared with
the long-run average of the iteration, and the gap must shrink as W grows.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple

import numpy as np
import pytest
import sympy
from sympy import Rational, simplify, sqrt

from aimdmodel import AIMD, AIMDFC, MIMD, AIMDFCPlus, NewAIMD, Policy, metrics, simulate
from aimdmodel.cli import main
from aimdmodel.symbolic import (
    ClosedForm,
    W,
    derive,
    fairness_cycles,
    tcp_friendly_increase,
)

a, b, f = sympy.symbols("a b f", positive=True)
HALF = Fraction(1, 2)


def same(lhs: Any, rhs: Any) -> bool:
    return simplify(sympy.sympify(lhs) - sympy.sympify(rhs)) == 0


# --------------------------------------------------------------------------
# a policy that is not in the library: AIMD-FC with half the increase kept
# --------------------------------------------------------------------------
class KeepHalfState(NamedTuple):
    w: Any
    k: Any


@dataclass(frozen=True, repr=False)
class KeepHalf(Policy):
    """Decrease ``w <- b w + k/2``: between AIMD (keeps ``b k``) and AIMD-FC (keeps ``k``).

    Hand derivation of the fixed point (one flow, capacity W): the window
    ``w + n a`` reaches W, so ``n a = W - w``; the decrease returns to ``w``:
    ``w = b w + (W - w)/2``, so ``w = W/(3 - 2b)``. The window climbs
    linearly from ``w`` to ``W``: efficiency ``(1 + 1/(3 - 2b))/2 = (2 - b)/(3 - 2b)``;
    ``N = n (w + W)/2`` and ``C^2 = N/n^2 = a (W + w)/(2 (W - w)) = a (2 - b)/(2 (1 - b))``.
    The difference of two flows' ``w`` is multiplied by ``b`` (``k`` is common).
    """

    a: Any = 1
    b: Any = HALF

    name: ClassVar[str] = "keep-half"

    def init(self, x: Any) -> KeepHalfState:
        return KeepHalfState(x, x * 0)

    def window(self, s: KeepHalfState) -> Any:
        return s.w + s.k

    def increase(self, s: KeepHalfState) -> KeepHalfState:
        return KeepHalfState(s.w, s.k + self.a)

    def decrease(self, s: KeepHalfState) -> KeepHalfState:
        return KeepHalfState(self.b * s.w + s.k / 2, s.k * 0)

    def advance(self, s: KeepHalfState, n: Any) -> KeepHalfState:
        return KeepHalfState(s.w, s.k + n * self.a)


@dataclass(frozen=True, repr=False)
class LoopOnly(Policy):
    """A policy without a closed-form advance (the default loop)."""

    name: ClassVar[str] = "loop-only"

    def init(self, x: Any) -> KeepHalfState:
        return KeepHalfState(x, x * 0)

    def window(self, s: KeepHalfState) -> Any:
        return s.w + s.k

    def increase(self, s: KeepHalfState) -> KeepHalfState:
        return KeepHalfState(s.w, s.k + 1)

    def decrease(self, s: KeepHalfState) -> KeepHalfState:
        return KeepHalfState(s.w / 2, s.k * 0)


# --------------------------------------------------------------------------
# the papers' statements at the seed parameters
# --------------------------------------------------------------------------
# Fig. 3 caption (AIMD-FC): each cycle delivers (2/3 W)(1/3 W) + 1/2 (1/3 W)^2 packets
# and takes W/3 RTTs; Fig. 4 caption (AIMD-FC+): (7/9 W)(2/9 W) + 1/2 (2/9 W)^2 packets
# in 2/9 W RTTs; for AIMD (Mathis et al.): (1/2 W)(1/2 W) + 1/2 (1/2 W)^2 in W/2 RTTs.
def caption_constant(low: Any, rise: Any) -> Any:
    packets = low * rise + Rational(1, 2) * rise**2  # per W^2
    return sqrt(packets) / rise


PAPER = {
    "aimd": dict(policy=AIMD(), min_window=Rational(1, 2), efficiency=Rational(3, 4),
                 cycle=W / 2, C=sqrt(Rational(3, 2)), contraction=Rational(1, 2),
                 caption=(Rational(1, 2), Rational(1, 2))),
    "aimd-fc": dict(policy=AIMDFC(), min_window=Rational(2, 3), efficiency=Rational(5, 6),
                    cycle=W / 3, C=sqrt(Rational(5, 2)), contraction=Rational(1, 2),
                    caption=(Rational(2, 3), Rational(1, 3))),
    "aimd-fc-plus": dict(policy=AIMDFCPlus(), min_window=Rational(7, 9),
                         efficiency=Rational(8, 9), cycle=2 * W / 9, C=None, contraction=None,
                         caption=(Rational(7, 9), Rational(2, 9))),
}


@pytest.mark.parametrize("name", sorted(PAPER))
def test_papers_values_match_the_derivation(name):
    p = PAPER[name]
    cf = derive(p["policy"])
    assert cf.reason is None
    assert same(cf.min_window, p["min_window"])
    assert same(cf.efficiency, p["efficiency"])
    assert same(cf.cycle_length, p["cycle"])
    low, rise = p["caption"]
    assert same(cf.packets_per_cycle, (low * rise + Rational(1, 2) * rise**2) * W**2)
    assert same(cf.response_constant, caption_constant(low, rise))
    if p["C"] is not None:  # Eqs. 2 and 8
        assert same(cf.response_constant, p["C"])
    if p["contraction"] is not None:
        assert same(cf.contraction, p["contraction"])
    # the mean window is the packets per cycle over the cycle length
    assert same(cf.efficiency * W, cf.packets_per_cycle / cf.cycle_length)


def test_aimd_fc_plus_response_constant_from_fig4_caption():
    # the paper gives no C for AIMD-FC+; its Fig. 4 caption implies sqrt(16/81)/(2/9) = 2
    cf = derive(AIMDFCPlus())
    assert same(cf.response_constant, 2)
    assert same(cf.fixed_point["dw"], 2 * W / 3)  # "dw = 2/3 W", Sec. 4.2.2
    assert same(cf.fixed_point["q"] / 2, W / 9)  # "f(q) = 1/3 phi = 1/9 W"


def test_symbolic_aimd():
    cf = derive(AIMD(a=a, b=b))
    assert same(cf.efficiency, (1 + b) / 2)
    assert same(cf.response_constant**2, a * (1 + b) / (2 * (1 - b)))
    assert same(cf.min_window, b)
    assert same(cf.cycle_length, (1 - b) * W / a)
    assert same(cf.contraction, b)


def test_symbolic_aimdfc():
    cf = derive(AIMDFC(b=b))
    # Sec. 3.3.2 with b_D = b: w + k = W and k = (1 - b) w, so w = W/(2 - b)
    assert same(cf.min_window, 1 / (2 - b))
    assert same(cf.efficiency, (3 - b) / (2 * (2 - b)))
    assert same(cf.contraction, b)
    cf_a = derive(AIMDFC(a=a, b=b))
    assert same(cf_a.response_constant**2, a * (3 - b) / (2 * (1 - b)))


def test_symbolic_aimd_fc_plus():
    # Sec. 4.2.2 with b and f(q) = f q: dw = W/(2 - b), phi = W - dw, q = phi - f q
    dw = W / (2 - b)
    q = (W - dw) / (1 + f)
    cf = derive(AIMDFCPlus(b=b, f=f))
    assert same(cf.min_window, (W - q) / W)
    assert same(cf.efficiency, 1 - q / (2 * W))
    assert same(cf.contraction, b)
    at_paper = {b: Rational(1, 2), f: Rational(1, 2)}
    assert same(cf.min_window.subs(at_paper), Rational(7, 9))
    assert same(cf.efficiency.subs(at_paper), Rational(8, 9))


def test_cycle_map_eigenvalues_symbolic():
    # hand Jacobians, n = W - w - k eliminated (a = 1 would not change them):
    # AIMD: w' = b W, no dependence on w -> 0.
    # AIMD-FC (w, k): w' = b w + (W - w - k), k' = 0 -> [[b - 1, -1], [0, 0]].
    # AIMD-FC+ (dw, w, k, q): dw' = b dw + W - dw, w' = dw' + f q, k' = 0, q' = W - w - k.
    assert derive(AIMD(a=a, b=b)).map_eigenvalues == (0,)
    assert {simplify(v) for v in derive(AIMDFC(a=a, b=b)).map_eigenvalues} == {0, b - 1}
    jac = sympy.Matrix([[b - 1, 0, 0, 0], [b - 1, 0, 0, f], [0, 0, 0, 0], [0, -1, -1, 0]])
    expected = sorted(jac.eigenvals(multiple=True), key=sympy.default_sort_key)
    got = sorted(derive(AIMDFCPlus(a=a, b=b, f=f)).map_eigenvalues, key=sympy.default_sort_key)
    assert len(got) == 4
    assert all(same(x, y) for x, y in zip(got, expected, strict=True))


def increase_lengths(policy: Policy, capacity: float, cycles: int) -> np.ndarray:
    tr = simulate(policy, [0.0], capacity, cycles=cycles, engine="cycle", record="cycles")
    return np.diff(np.asarray(tr.congestion_steps)) - 1.0  # RTTs of increase per cycle


def test_cycle_map_eigenvalues_match_the_iteration():
    # AIMD-FC: the deviation of the cycle length from n* is multiplied by b - 1 each cycle
    cf = derive(AIMDFC())
    lam = [v for v in cf.map_eigenvalues if v != 0]
    dev = increase_lengths(AIMDFC(), 1e6, 10) - float(cf.cycle_length.subs(W, 1e6))
    assert np.allclose(dev[1:6] / dev[:5], float(lam[0]), rtol=1e-3)
    # AIMD-FC+: the dominant pair lambda, conj(lambda) makes it turn by a quarter per cycle:
    # deviations two cycles apart are multiplied by lambda^2 (|lambda|^2 = f)
    cf = derive(AIMDFCPlus())
    lam = max(cf.map_eigenvalues, key=lambda v: (abs(complex(v)), sympy.im(v)))
    dev = increase_lengths(AIMDFCPlus(), 1e6, 24) - float(cf.cycle_length.subs(W, 1e6))
    assert np.allclose(dev[16:20] / dev[14:18], float(sympy.re(lam**2)), rtol=0.05)


# --------------------------------------------------------------------------
# derivation from code: a policy defined here
# --------------------------------------------------------------------------
def test_policy_defined_in_the_test():
    cf = derive(KeepHalf(a=a, b=b))
    assert same(cf.min_window, 1 / (3 - 2 * b))
    assert same(cf.efficiency, (2 - b) / (3 - 2 * b))
    assert same(cf.response_constant**2, a * (2 - b) / (2 * (1 - b)))
    assert same(cf.contraction, b)
    assert set(cf.fixed_point) == {"w", "k"}


def test_derive_rejects_bad_input():
    with pytest.raises(TypeError, match="closed-form advance"):
        derive(LoopOnly())
    with pytest.raises(TypeError, match="Policy"):
        derive("aimd")
    with pytest.raises(ValueError, match="flows"):
        derive(AIMD(), flows=0)
    with pytest.raises(ValueError, match="reserves"):
        derive(AIMD(a=sympy.Symbol("W", positive=True)))


def test_closed_form_is_frozen_and_exact():
    cf = derive(AIMD(b=0.7))  # a float parameter is read as 7/10
    assert isinstance(cf, ClosedForm)
    assert cf.efficiency == Rational(17, 20)
    with pytest.raises(dataclasses.FrozenInstanceError):
        cf.efficiency = 1
    assert "\\int" in cf.derivation
    assert "aligned" in cf.derivation


# --------------------------------------------------------------------------
# closed forms against the long-run average of the iteration
# --------------------------------------------------------------------------
SIM_POLICIES = {
    "aimd": AIMD(),
    "aimd-7/8": AIMD(a=Fraction(1, 5), b=Fraction(7, 8)),
    "aimd-fc": AIMDFC(),
    "aimd-fc-plus": AIMDFCPlus(),
    "keep-half-1/4": KeepHalf(b=Fraction(1, 4)),
}
CAPACITIES = (100, 1000, 10_000)
CYCLES = 40


def simulated(policy: Policy, capacity: float, flows: int = 1) -> dict[str, float]:
    """Long-run values of a float run from zero windows (second half of the cycles)."""
    tr = simulate(policy, [0.0] * flows, capacity, cycles=CYCLES, engine="cycle")
    kept = metrics.whole_cycles(tr)
    steps = np.array([last - first + 1 for first, last in kept], dtype=float)
    packets = np.array([tr.totals[first:last + 1].sum() / flows for first, last in kept])
    starts = np.array([tr.totals[last + 1] for _, last in kept]) / capacity
    return {
        "efficiency": float(metrics.efficiency(tr)),
        "min_window": float(starts.mean()),
        "one_minus_smoothness": 1 - float(metrics.smoothness(tr)),
        "cycle_length": float(steps.mean()),
        "packets_per_cycle": float(packets.mean()),
        "response_constant": float(np.sqrt(packets.mean()) / steps.mean()),
    }


@pytest.fixture(scope="module")
def runs():
    return {(name, cap): simulated(p, cap) for name, p in SIM_POLICIES.items()
            for cap in CAPACITIES}


@pytest.mark.parametrize("name", sorted(SIM_POLICIES))
def test_closed_forms_match_the_iteration_as_w_grows(name, runs):
    cf = derive(SIM_POLICIES[name])
    gaps = {k: [] for k in ("efficiency", "min_window", "one_minus_smoothness",
                            "cycle_length", "packets_per_cycle", "response_constant")}
    for cap in CAPACITIES:
        sim = runs[(name, cap)]
        at = {W: cap}
        gaps["efficiency"].append(abs(sim["efficiency"] - float(cf.efficiency)))
        gaps["min_window"].append(abs(sim["min_window"] - float(cf.min_window)))
        gaps["one_minus_smoothness"].append(
            abs(sim["one_minus_smoothness"] - float(cf.min_window)))
        for key in ("cycle_length", "packets_per_cycle", "response_constant"):
            exact = float(getattr(cf, key).subs(at))
            gaps[key].append(abs(sim[key] / exact - 1))
    for key, g in gaps.items():
        # the discrete iteration differs from the fluid limit by O(1/W) ...
        assert all(gap <= 10 / cap for gap, cap in zip(g, CAPACITIES, strict=True)), (key, g)
        # ... and the gap shrinks as W grows (up to 1e-7, far below 1/W)
        assert all(later <= earlier + 1e-7 for earlier, later in itertools.pairwise(g)), (key, g)


def test_equal_flows_share_the_capacity():
    cf = derive(AIMD(), flows=2)
    assert same(cf.cycle_length, W / 4)  # each flow climbs from W/4 to W/2
    assert same(cf.efficiency, Rational(3, 4))
    sim = simulated(AIMD(), 4000, flows=2)
    assert abs(sim["cycle_length"] / float(cf.cycle_length.subs(W, 4000)) - 1) < 1e-2
    assert abs(sim["efficiency"] - 0.75) < 1e-3


@pytest.mark.parametrize(
    "policy",
    [AIMD(), AIMDFC(), AIMDFCPlus(), KeepHalf(b=Fraction(1, 4)), AIMD(b=Fraction(7, 8)),
     NewAIMD(), NewAIMD(reading="charitable")],
    ids=repr,
)
def test_contraction_is_the_exact_ratio_at_every_congestion_event(policy):
    tr = simulate(policy, [1, 30], 100, cycles=6, arithmetic="exact")
    ratios = set()
    for c in tr.congestion_steps:
        before, after = tr.windows[c], tr.windows[c + 1]
        if before[0] != before[1]:
            ratios.add((after[0] - after[1]) / (before[0] - before[1]))
    rho = derive(policy).contraction
    assert ratios == {Fraction(int(rho.p), int(rho.q))}


# --------------------------------------------------------------------------
# New-AIMD: the printed cycle map has no fixed point; the charitable one has n* = 0
# --------------------------------------------------------------------------
def test_new_aimd_printed_has_no_fixed_point():
    cf = derive(NewAIMD())
    assert cf.fixed_point is None
    assert cf.cycle_length is None
    assert cf.efficiency is None
    assert "n = -1" in cf.reason
    assert "grows" in cf.reason
    n = sympy.Symbol("n_j", real=True)
    t = sympy.Symbol("t_j", real=True)
    assert same(cf.cycle_map["t"], t + n + 1)  # the decrease adds a to t
    # the iteration agrees: once x has decayed every RTT is congested and the sum grows by 2a
    tr = simulate(NewAIMD(), [1, 30], 100, steps=300)
    tail = slice(200, None)
    assert not tr.feedback[tail].any()
    assert np.allclose(np.diff(tr.totals[200:]), 2.0)


def test_new_aimd_charitable_has_cycle_length_zero():
    cf = derive(NewAIMD(reading="charitable"), flows=2)
    assert cf.cycle_length == 0
    assert cf.fixed_point["x"] == 0
    assert same(cf.fixed_point["t"], W / 2)
    assert same(cf.min_window, 1)
    assert cf.efficiency is None
    assert cf.response_constant is None
    assert "every RTT" in cf.reason
    tr = simulate(NewAIMD(reading="charitable"), [1, 30], 100, steps=300)
    assert not tr.feedback[200:].any()  # a congestion event at every RTT
    assert (np.diff(tr.totals[200:]) <= 0).all()
    assert (tr.totals[200:] >= 100).all()


# --------------------------------------------------------------------------
# fairness cycles, TCP-friendly increase
# --------------------------------------------------------------------------
@pytest.mark.parametrize("policy", [AIMD(), AIMDFC(), AIMDFCPlus()], ids=repr)
@pytest.mark.parametrize("eps", [1, Fraction(1, 4)])
def test_fairness_cycles_match_the_iteration(policy, eps):
    r = fairness_cycles(policy, 1, 30, eps)
    tr = simulate(policy, [1, 30], 100, cycles=r.cycles + 2, arithmetic="exact")
    assert metrics.cycles_to_fairness(tr, eps) == r.cycles
    assert same(r.paper, 1 + sympy.log(30, 2))  # Lahanas & Tsaoussidis 2003: 1 + lg max(x1, x2)
    assert r.cycles == int(sympy.ceiling(r.formula))


def test_fairness_cycles_errors():
    with pytest.raises(ValueError, match="eps"):
        fairness_cycles(AIMD(), 1, 30, eps=0)
    with pytest.raises(ValueError, match="x1"):
        fairness_cycles(AIMD(), -1, 30)
    with pytest.raises(TypeError, match="symbolic"):
        fairness_cycles(AIMD(b=b), 1, 30)
    with pytest.raises(ValueError, match="not in"):
        fairness_cycles(MIMD(), 1, 30)
    assert fairness_cycles(AIMD(), 5, 5).cycles == 0


def test_tcp_friendly_increase(runs):
    # AIMD(a, b): C^2 = a (1 + b)/(2 (1 - b)) = 3/2 gives a = 3 (1 - b)/(1 + b)
    assert same(tcp_friendly_increase(b), 3 * (1 - b) / (1 + b))
    assert tcp_friendly_increase(Rational(7, 8)) == Rational(1, 5)
    # AIMD-FC(a, b): C^2 = a (3 - b)/(2 (1 - b)) = 3/2 gives a = 3 (1 - b)/(3 - b)
    assert same(tcp_friendly_increase(b, policy=AIMDFC), 3 * (1 - b) / (3 - b))
    # the iteration agrees: AIMD(1/5, 7/8) has TCP's sqrt(3/2) within 1% at W = 10^4
    sim = runs[("aimd-7/8", 10_000)]  # AIMD(a=1/5, b=7/8)
    assert abs(sim["response_constant"] / np.sqrt(1.5) - 1) < 1e-2


# --------------------------------------------------------------------------
# the derive subcommand
# --------------------------------------------------------------------------
def test_cli_derive_json(capsys):
    assert main(["derive", "aimd-fc-plus", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert sympy.sympify(out["efficiency"]) == Rational(8, 9)
    assert sympy.sympify(out["min_window"]) == Rational(7, 9)
    assert out["reason"] is None


def test_cli_derive_symbolic_parameter(capsys):
    assert main(["derive", "aimd", "--param", "b=b", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert same(sympy.sympify(out["efficiency"], locals={"b": b}), (1 + b) / 2)


def test_cli_derive_text_latex_and_new_aimd(capsys):
    assert main(["derive", "aimd-fc", "--param", "b=0.5"]) == 0
    assert "5/6" in capsys.readouterr().out
    assert main(["derive", "aimd", "--format", "latex"]) == 0
    assert "\\begin{aligned}" in capsys.readouterr().out
    assert main(["derive", "new-aimd", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["fixed_point"] is None
    assert "n = -1" in out["reason"]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["derive", "aimd", "--param", "b=1+x"], "--param b"),
        (["derive", "aimd", "--param", "b=2"], "0 < b < 1"),
        (["derive", "nope"], "invalid choice"),
        (["derive", "aimd", "--flows", "0"], "flows"),
    ],
)
def test_cli_derive_errors(capsys, argv, needle):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err
    assert len(err.strip().splitlines()) == 1
