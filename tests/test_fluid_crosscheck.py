"""Cross-checks: the sawtooth at a constant p, the stable/unstable RED pair, a Scenario, figures."""

from __future__ import annotations

import math
from fractions import Fraction as F

import matplotlib
import numpy as np
import pytest

from aimdmodel import AIAD, AIMD
from aimdmodel.fluid import (
    RED,
    FluidClass,
    compare_with_sawtooth,
    linearize,
    operating_point,
    run_scenario,
    simulate_fluid,
    stability_map,
)
from aimdmodel.fluid.plots import (
    plot_bode,
    plot_nyquist,
    plot_stability_map,
    plot_trajectory,
)
from aimdmodel.scenario import CBR, Flow, Link, ParetoCross, Scenario

matplotlib.use("Agg")


@pytest.mark.parametrize("b", [F(1, 2), F(7, 10), F(7, 8)])
@pytest.mark.parametrize("p", [1e-2, 1e-3])
def test_constant_p_fluid_window_against_the_sawtooth(b, p):
    cmp = compare_with_sawtooth(AIMD(b=b), p)
    # the integrated delay-differential equation lands on the exact fixed point
    assert cmp.solver_error < 1e-8
    # W0^2 = peak * mean of the sawtooth, decided exactly by sympy, and seen numerically
    assert cmp.identity_holds
    assert cmp.ratio_to_geometric_mean == pytest.approx(1, abs=1e-8)
    # so the fluid window exceeds the sawtooth's mean C/sqrt(p) by sqrt(2/(1+b)):
    # 15.5 % at b = 1/2, 8.5 % at 7/10, 3.3 % at 7/8 (response constant from derive)
    assert cmp.ratio_to_mean == pytest.approx(math.sqrt(2 / (1 + float(b))), rel=1e-8)
    assert float(cmp.sawtooth_mean) == pytest.approx(float(cmp.response_constant) / math.sqrt(p))


def test_constant_p_additive_decrease_matches_the_sawtooth_mean():
    cmp = compare_with_sawtooth(AIAD(d=2), 1e-2)
    assert cmp.identity_holds
    assert cmp.ratio_to_mean == pytest.approx(1, abs=1e-5)


def _amplitude(res, lo, hi):
    sel = (res.t >= lo) & (res.t < hi)
    return np.ptp(res.queue[sel])


def test_the_predicted_unstable_oscillation_appears_and_the_stable_one_decays():
    red, cap, tp = RED(50, 550, 0.1, w_q=1e-4), 3750.0, 0.2
    n = np.arange(5, 201)
    sm = stability_map(n, cap, tp, red=red)
    gm = sm.margins.gain_margin
    n_unstable = int(n[gm <= 0.8].max())   # the analysis picks the pair
    n_stable = int(n[gm >= 1.25].min())
    runs = {}
    for k in (n_unstable, n_stable):
        runs[k] = simulate_fluid(FluidClass(k, tp), cap, buffer=800, aqm=red, duration=150.0,
                                 record_every=10)
    early, late = _amplitude(runs[n_unstable], 50, 100), _amplitude(runs[n_unstable], 100, 150)
    assert late > 50
    assert late > 0.9 * early  # a limit cycle: the amplitude does not decay
    s_early, s_late = _amplitude(runs[n_stable], 50, 100), _amplitude(runs[n_stable], 100, 150)
    assert s_late < 0.05 * s_early
    # the limit cycle's period is near 2 pi / (phase crossover) of the linear loop
    res = runs[n_unstable]
    sel = res.t >= 100
    x = res.queue[sel] - res.queue[sel].mean()
    ups = res.t[sel][1:][(x[:-1] < 0) & (x[1:] >= 0)]
    w_pc = float(sm.margins.phase_crossover[n == n_unstable][0])
    assert np.diff(ups).mean() == pytest.approx(2 * np.pi / w_pc, rel=0.05)


def test_a_scenario_runs_in_one_call():
    red = RED(min_th=20, max_th=120, max_p=0.1, w_q=0.002)
    flows = tuple(Flow(base_rtt=0.1) for _ in range(8)) + tuple(
        Flow(variant="sack", base_rtt=0.2) for _ in range(4))
    sc = Scenario(flows=flows, link=Link(rate=12e6, buffer=200, discipline="red", red=red),
                  cross=(CBR(rate=1e6, start=10.0),), duration=60.0, warmup=30.0)
    res = run_scenario(sc)
    assert [c.n_flows for c in res.classes] == [8, 4]
    assert res.flow_class == (0,) * 8 + (1,) * 4
    assert res.utilization == pytest.approx(1, abs=1e-6)
    assert 20 < res.mean_queue < 120
    tcp = res.per_flow_throughput.sum()
    assert tcp == pytest.approx(12e6 / 12000 - 1e6 / 12000, rel=1e-3)  # the CBR takes its part
    m = res.metrics()
    assert len(m["throughput_bps"]) == 12
    assert m["throughput_bps"][0] > m["throughput_bps"][-1]  # shorter RTT, more throughput


@pytest.mark.parametrize(
    ("sc", "word"),
    [
        (Scenario(flows=(Flow(variant="vegas"),)), "vegas"),
        (Scenario(flows=(Flow(variant="tahoe"),)), "tahoe"),
        (Scenario(flows=(Flow(size=10**6),)), "size"),
        (Scenario(flows=(Flow(),), link=Link(discipline="drr")), "drr"),
        (Scenario(flows=(Flow(),), cross=(ParetoCross(),)), "CBR"),
    ],
)
def test_what_the_fluid_model_cannot_express_is_refused(sc, word):
    with pytest.raises(ValueError, match=word):
        run_scenario(sc)


def test_figures_draw_the_data_with_labels():
    red = RED(50, 550, 0.1, w_q=1e-4)
    res = simulate_fluid(FluidClass(40, 0.2), 3750.0, buffer=800, aqm=red, duration=20.0,
                         record_every=10)
    arts = plot_trajectory(res)
    np.testing.assert_array_equal(arts[0].get_ydata(), res.queue)
    assert "RED average x(t)" in [a.get_label() for a in arts]
    assert arts[0].axes.get_xlabel() == "time (s)"
    win = plot_trajectory(res, what="window")
    np.testing.assert_array_equal(win[0].get_ydata(), res.window[:, 0])
    lin = linearize(operating_point(40, 3750, 0.2, aqm=red))
    bode = plot_bode(lin)
    np.testing.assert_allclose(bode[0].get_ydata(), np.abs(lin.loop(bode[0].get_xdata())))
    assert "unstable" in bode[0].axes.get_title()
    nyq = plot_nyquist(lin)
    assert "encircled" in nyq[0].axes.get_title()
    n, tp = np.meshgrid(np.arange(10, 200, 10), np.linspace(0.05, 0.3, 6))
    mesh, _ = plot_stability_map(stability_map(n, 3750.0, tp, red=red))
    assert mesh.axes.get_xlabel() == "number of flows N"
    with pytest.raises(ValueError, match="what"):
        plot_trajectory(res, what="rate")
