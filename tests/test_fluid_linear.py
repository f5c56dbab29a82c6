"""Operating points, the linearized plant, the RED loop's margins and the stability map.

The expected numbers below are computed by hand from Hollot et al.'s
formulas (INFOCOM 2001, Sec. III): R0 = q0/C + Tp, W0 = R0 C / N,
W0^2 p0 = 2 (AIMD(1, 1/2)), plant pole 2N/(R0^2 C), plant gain
R0 C^2/(2 N^2), queue gain N/R0, queue pole 1/R0; for AIMD(a, b):
(1 - b) W0^2 p0 = a, pole 2(1 - b) W0 p0 / R0 = 2aN/(R0^2 C), gain
(1 - b) W0^2 / R0; for AIAD(a, d): d W0 p0 = a, pole d p0 / R0, gain
d W0 / R0. The library derives them with sympy from its own equations.
"""

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest
import sympy

from aimdmodel import AIAD, AIMD
from aimdmodel.fluid import (
    RED,
    ConstantLoss,
    linearize,
    loop_margins,
    operating_point,
    stability_map,
)

# (N, C, Tp, q0, policy) -> R0, W0, p0, tcp pole, tcp gain, queue gain, queue pole
HAND = [
    # Hollot et al.'s example network: R0 = 175/3750 + 0.2 = 7/150 + 30/150 = 37/150;
    # W0 = (37/150)(3750)/60 = 925/60 = 185/12; p0 = 2/W0^2 = 2*144/34225 = 288/34225;
    # 2N/(R0^2 C) = 120 / ((1369/22500) 3750) = 720/1369;
    # R0 C^2/(2N^2) = (37/150)(14062500)/7200 = 3468750/7200 = 23125/48;
    # N/R0 = 60*150/37 = 9000/37; 1/R0 = 150/37.
    ((60, 3750, 0.2, 175, AIMD()),
     (F(37, 150), F(185, 12), F(288, 34225), F(720, 1369), F(23125, 48), F(9000, 37),
      F(150, 37))),
    # R0 = 50/1000 + 0.1 = 3/20; W0 = 0.15*1000/10 = 15; p0 = 2/225;
    # 2N/(R0^2 C) = 20/(0.0225*1000) = 8/9; R0 C^2/(2N^2) = 0.15e6/200 = 750;
    # N/R0 = 200/3; 1/R0 = 20/3.
    ((10, 1000, 0.1, 50, AIMD()),
     (F(3, 20), F(15), F(2, 225), F(8, 9), F(750), F(200, 3), F(20, 3))),
    # empty queue: R0 = Tp = 1/20; W0 = 0.05*10000/100 = 5; p0 = 2/25;
    # 2N/(R0^2 C) = 200/(0.0025*10000) = 8; R0 C^2/(2N^2) = 0.05e8/2e4 = 250;
    # N/R0 = 2000; 1/R0 = 20.
    ((100, 10000, 0.05, 0, AIMD()),
     (F(1, 20), F(5), F(2, 25), F(8), F(250), F(2000), F(20))),
    # AIMD(1, 7/8): R0 = 40/2000 + 0.08 = 1/10; W0 = 0.1*2000/20 = 10;
    # p0 = 1/((1/8) 100) = 2/25; pole 2 (1/8) 10 (2/25) / (1/10) = 2 = 2*1*20/(0.01*2000);
    # gain (1/8) 100 / (1/10) = 125; N/R0 = 200; 1/R0 = 10.
    ((20, 2000, 0.08, 40, AIMD(b=F(7, 8))),
     (F(1, 10), F(10), F(2, 25), F(2), F(125), F(200), F(10))),
    # AIAD(1, 2): R0 = 3/20, W0 = 15, p0 = a/(d W0) = 1/30; pole d p0/R0 = 2 (1/30)(20/3) = 4/9;
    # gain d W0/R0 = 2*15*20/3 = 200; N/R0 = 200/3; 1/R0 = 20/3.
    ((10, 1000, 0.1, 50, AIAD(d=2)),
     (F(3, 20), F(15), F(1, 30), F(4, 9), F(200), F(200, 3), F(20, 3))),
]


def _rational(v):
    return sympy.Rational(v.numerator, v.denominator)


@pytest.mark.parametrize(("args", "want"), HAND)
def test_operating_point_and_gains_against_hand_computed_values(args, want):
    n, c, tp, q0, policy = args
    op = operating_point(n, c, tp, q0, policy=policy)
    lin = linearize(op)
    got = (op.rtt, op.window, op.loss, lin.tcp_pole, lin.tcp_gain, lin.queue_gain,
           lin.queue_pole)
    assert got == tuple(_rational(v) for v in want)
    assert lin.delay == op.rtt
    # Hollot's linearization before the simplification: the two delta-W coefficients
    # are equal for AIMD and the queue terms cancel at zero frequency
    assert lin.partials["dW_dqueue"] + lin.partials["dW_dqueue_delayed"] == 0
    assert lin.partials["dq_dwindow"] == lin.queue_gain


def test_hollot_form_of_the_aimd_partials():
    op = operating_point(60, 3750, 0.2, 175)
    lin = linearize(op)
    n, c, r0 = op.n_flows, op.capacity, op.rtt
    assert lin.partials["dW_dwindow"] == lin.partials["dW_dwindow_delayed"] == -n / (r0**2 * c)
    assert lin.partials["dW_dqueue"] == -1 / (r0**2 * c)
    assert lin.partials["dW_dloss_delayed"] == -r0 * c**2 / (2 * n**2)


def test_symbolic_operating_point_gives_the_published_formulas():
    n, c, tp, q = sympy.symbols("N C T_p q", positive=True)
    a, b = sympy.symbols("a b", positive=True)
    op = operating_point(n, c, tp, q)
    assert sympy.simplify(op.window - (q / c + tp) * c / n) == 0
    assert sympy.simplify(op.window**2 * op.loss - 2) == 0
    gen = operating_point(n, c, tp, q, policy=AIMD(a=a, b=b))
    assert sympy.simplify((1 - b) * gen.window**2 * gen.loss - a) == 0
    lin = linearize(op)
    r0 = q / c + tp
    assert sympy.simplify(lin.tcp_pole - 2 * n / (r0**2 * c)) == 0
    assert sympy.simplify(lin.tcp_gain - r0 * c**2 / (2 * n**2)) == 0


def test_red_operating_point_is_where_the_profile_meets_the_need():
    red = RED(50, 550, 0.1, w_q=1e-4)
    op = operating_point(60, 3750, 0.2, aqm=red)
    q0 = float(op.queue)
    assert op.region == "red"
    assert 50 < q0 < 550
    assert float(op.loss) == pytest.approx(0.1 * (q0 - 50) / 500, rel=1e-12)
    assert float(op.window) ** 2 * float(op.loss) == pytest.approx(2, rel=1e-12)
    # DropTail: the full buffer; a constant p: the window from the balance alone
    dt = operating_point(60, 3750, 0.2, aqm="droptail", buffer=300)
    assert dt.queue == 300
    assert dt.region == "buffer"
    cp = operating_point(10, 1000, 0.1, aqm=ConstantLoss(0.01))
    assert cp.window**2 * cp.loss == 2
    assert cp.region == "constant-p"
    idle = operating_point(1, 1000, 0.1, aqm=ConstantLoss(0.01))
    assert idle.region == "constant-p-idle"
    assert idle.queue == 0
    assert float(idle.utilization) == pytest.approx(float(idle.window) / 100)


def test_red_jump_and_buffer_regions():
    # few flows, a steep profile ending low: the need at max_th lies inside the jump
    jump = operating_point(5, 3750, 0.2, aqm=RED(5, 10, 1e-5))
    assert jump.region == "red-jump"
    assert jump.queue == 10
    with pytest.raises(ValueError, match="jump"):
        linearize(jump).margins()
    full = operating_point(200, 3750, 0.2, aqm=RED(50, 550, 0.001, gentle=True), buffer=100)
    assert full.region == "buffer"
    assert full.queue == 100


def test_margins_agree_with_the_nyquist_count_and_a_dense_grid():
    rng = np.random.default_rng(7)
    for _ in range(6):
        dc, k, p1, p2, tau = rng.uniform([0.5, 0.1, 0.1, 0.5, 0.05], [30, 20, 5, 20, 0.5])
        m = loop_margins(dc, k, p1, p2, tau)
        w = np.geomspace(1e-4, 1e3, 400_000)
        s = 1j * w
        resp = dc * np.exp(-s * tau) / ((1 + s / k) * (1 + s / p1) * (1 + s / p2))
        phase = np.unwrap(np.angle(resp))
        i = np.argmax(phase < -np.pi)
        assert m.phase_crossover == pytest.approx(w[i], rel=1e-3)
        assert m.gain_margin == pytest.approx(1 / abs(resp[i]), rel=1e-3)
        if dc > 1:
            j = np.argmax(np.abs(resp) < 1)
            assert m.gain_crossover == pytest.approx(w[j], rel=1e-3)
            assert m.phase_margin == pytest.approx(180 + np.degrees(phase[j]), abs=0.05)
        else:
            assert np.isnan(m.gain_crossover)
            assert m.phase_margin == np.inf


@pytest.mark.parametrize("n", [20, 45, 60, 120])
def test_stability_map_matches_the_exact_analysis(n):
    red = RED(50, 550, 0.1, w_q=1e-4)
    lin = linearize(operating_point(n, 3750, 0.2, aqm=red))
    m = lin.margins()
    sm = stability_map(n, 3750, 0.2, red=red)
    assert float(sm.queue) == pytest.approx(float(lin.point.queue), rel=1e-9)
    assert float(sm.margins.gain_margin) == pytest.approx(m.gain_margin, rel=1e-9)
    assert float(sm.margins.phase_margin) == pytest.approx(m.phase_margin, rel=1e-9)
    assert bool(sm.stable) == m.stable == (lin.encirclements() == 0)
    hc = lin.hollot_condition()
    assert bool(sm.hollot) == hc.holds
    # the condition's left side is L(0) = L_red (R0 C)^3 / (2N)^2 (AIMD(1, 1/2))
    r0c = float(lin.point.rtt * lin.point.capacity)
    assert hc.lhs == pytest.approx(0.1 / 500 * r0c**3 / (2 * n) ** 2, rel=1e-12)


def test_fewer_flows_destabilize_red():
    # Hollot et al.: the loop gain L_red (R0 C)^3 / (2N)^2 grows as N falls
    sm = stability_map(np.arange(5, 201), 3750.0, 0.2, red=RED(50, 550, 0.1, w_q=1e-4))
    gm = sm.margins.gain_margin
    assert np.all(np.diff(gm) > 0)
    assert not sm.stable[0]
    assert sm.stable[-1]


def test_hollot_condition_is_sufficient():
    n, tp = np.meshgrid(np.arange(5, 300, 5), np.linspace(0.02, 0.4, 20))
    for red in (RED(50, 550, 0.1, w_q=1e-4), RED(20, 500, 0.002, w_q=1e-5)):
        sm = stability_map(n, 3750.0, tp, red=red, buffer=2000)
        assert np.all(sm.stable[sm.hollot])


@pytest.mark.parametrize(
    ("args", "kw", "word"),
    [
        ((0, 3750, 0.2, 175), {}, "n_flows"),
        ((60, -1, 0.2, 175), {}, "capacity"),
        ((60, 3750, 0, 175), {}, "prop_delay"),
        ((60, 3750, 0.2, -5), {}, "queue"),
        ((1000, 100, 0.01, 0), {}, "outside"),
        ((60, 3750, 0.2), {}, "aqm"),
        ((60, 3750, 0.2), {"aqm": "droptail"}, "buffer"),
        ((60, 3750, 0.2), {"aqm": ConstantLoss(0.0)}, "p > 0"),
        ((60, 3750, 0.2), {"aqm": "codel"}, "aqm"),
    ],
)
def test_bad_input_names_the_parameter(args, kw, word):
    with pytest.raises(ValueError, match=word):
        operating_point(*args, **kw)


@pytest.mark.parametrize(
    ("kw", "word"),
    [({"min_th": 10, "max_th": 10}, "min_th"), ({"max_p": 0}, "max_p"),
     ({"max_p": 1.5}, "max_p"), ({"w_q": 0}, "w_q")],
)
def test_bad_red_parameters(kw, word):
    with pytest.raises(ValueError, match=word):
        RED(**kw)


def test_stability_map_bad_input():
    red = RED()
    with pytest.raises(ValueError, match="n_flows"):
        stability_map([10, 0], 3750.0, 0.2, red=red)
    with pytest.raises(ValueError, match="prop_delay"):
        stability_map(10, 3750.0, -0.2, red=red)
    with pytest.raises(TypeError, match="red"):
        stability_map(10, 3750.0, 0.2, red="red")
