"""Figures (issue 6): the data twins are checked against the model, the
plot functions against their data twins (artists, not pixels)."""

from __future__ import annotations

from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np
import pytest

from aimdmodel import (
    AIAD,
    AIMD,
    AIMDFC,
    MIAD,
    MIMD,
    AIMDFCPlus,
    NewAIMD,
    plots,
    simulate,
)

plt.switch_backend("Agg")

F = Fraction
X0 = (10, 70)
W = 100


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _new_ax():
    return plt.subplots()[1]


# ------------------------------------------------------------------ phase plane
def test_phase_plane_segments_chain_and_alternate_for_aimd():
    d = plots.phase_plane_data(AIMD(), X0, W, cycles=6)
    assert d.kinds == ("increase", "decrease") * 6
    # each segment starts where the previous one ended, from x0 to the last window
    np.testing.assert_array_equal(d.segments[0, 0], X0)
    np.testing.assert_array_equal(d.segments[1:, 0], d.segments[:-1, 1])
    np.testing.assert_array_equal(d.segments[-1, 1], d.windows[-1])
    assert d.windows.shape == (len(d.feedback) + 1, 2)


def test_phase_plane_additive_increase_at_45_degrees_multiplicative_decrease_to_origin():
    b = F(1, 2)
    d = plots.phase_plane_data(AIMD(a=1, b=b), X0, W, cycles=6)
    for (p, q), kind in zip(d.segments, d.kinds, strict=True):
        if kind == "increase":
            dx, dy = q - p
            assert dx == dy > 0
        else:
            np.testing.assert_allclose(q, float(b) * p)


def test_phase_plane_mimd_moves_along_rays_through_the_origin():
    d = plots.phase_plane_data(MIMD(c=F(11, 10)), X0, W, cycles=4)
    for p, q in d.segments:
        assert p[0] * q[1] - p[1] * q[0] == pytest.approx(0, abs=1e-9)
    assert {*d.kinds} == {"increase", "decrease"}


def test_phase_plane_aimd_fc_decrease_points_at_k_k_on_the_fairness_line():
    """AIMD-FC keeps k whole: (d + k) -> (b d + k), a contraction toward (k, k)."""
    d = plots.phase_plane_data(AIMDFC(), X0, W, cycles=5)
    for j in range(1, len(d.kinds), 2):
        assert d.kinds[j] == "decrease"
        inc = d.segments[j - 1]
        k = inc[1, 0] - inc[0, 0]  # additive increase of this cycle (both flows)
        p, q = d.segments[j]
        np.testing.assert_allclose(q - k, 0.5 * (p - k), rtol=1e-12)


def test_phase_plane_reference_lines():
    d = plots.phase_plane_data(AIAD(a=1, d=8), X0, W, cycles=3)
    assert (d.fairness_line[:, 0] == d.fairness_line[:, 1]).all()
    assert (d.efficiency_line.sum(axis=1) == W).all()
    assert d.arithmetic == "exact"


def test_phase_plane_rejects_more_than_two_flows():
    with pytest.raises(ValueError, match="x0"):
        plots.phase_plane_data(AIMD(), (1, 2, 3), W)


def test_plot_phase_plane_draws_one_arrow_per_segment():
    ax = _new_ax()
    d = plots.phase_plane_data(AIMDFCPlus(), X0, W, cycles=4)
    artists = plots.plot_phase_plane(AIMDFCPlus(), X0, W, cycles=4, ax=ax)
    arrows = artists[3:]
    assert len(arrows) == len(d.segments)
    for arrow, (p, q) in zip(arrows, d.segments, strict=True):
        np.testing.assert_allclose(arrow.xy, q)
        np.testing.assert_allclose(arrow.xyann, p)
    assert ax.get_xlabel().endswith("(packets)")
    assert ax.get_ylabel().endswith("(packets)")
    assert ax.get_title() == "AIMD-FC+(a=1, b=1/2, f=1/2)"
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any("increase" in t for t in labels)
    assert any("decrease" in t for t in labels)


# ------------------------------------------------------------------ convergence
@pytest.mark.parametrize("b", [F(1, 2), F(7, 8)])
def test_convergence_difference_contracts_by_b_per_cycle(b):
    d = plots.convergence_data(AIMD(b=b), X0, W, cycles=12)
    ratios = d.difference[1:] / d.difference[:-1]
    np.testing.assert_allclose(ratios, float(b), rtol=1e-12)
    assert (np.diff(d.step) > 0).all()
    assert d.step[0] == 0
    assert ((d.jain >= 0.5) & (d.jain <= 1)).all()
    assert d.jain[-1] > d.jain[0]


def test_convergence_aiad_keeps_the_difference():
    d = plots.convergence_data(AIAD(a=1, d=8), X0, W, cycles=6)
    assert (d.difference == d.difference[0]).all()


def test_convergence_steps_are_the_cycle_starts():
    tr = simulate(AIMDFC(), list(X0), W, cycles=5, arithmetic="exact")
    d = plots.convergence_data(AIMDFC(), X0, W, cycles=5)
    assert d.step.tolist() == [0, *(int(c) + 1 for c in tr.congestion_steps)]


@pytest.mark.parametrize(("quantity", "against"), [("difference", "cycle"), ("jain", "step")])
def test_plot_convergence_lines_are_the_data(quantity, against):
    ax = _new_ax()
    pols = [AIMD(), AIMDFC(), AIAD(a=1, d=8)]
    lines = plots.plot_convergence(pols, X0, W, cycles=6, quantity=quantity,
                                   against=against, ax=ax)
    assert len(lines) == 3
    for line, pol in zip(lines, pols, strict=True):
        d = plots.convergence_data(pol, X0, W, cycles=6)
        x = d.cycle if against == "cycle" else d.step
        y = d.difference if quantity == "difference" else d.jain
        np.testing.assert_array_equal(line.get_xdata(), x)
        np.testing.assert_array_equal(line.get_ydata(), y)
    assert ax.get_yscale() == ("log" if quantity == "difference" else "linear")
    # black-and-white: no two lines share both line style and marker
    assert len({(str(ln.get_linestyle()), ln.get_marker()) for ln in lines}) == 3


@pytest.mark.parametrize(("kw", "name"), [({"quantity": "loss"}, "quantity"),
                                          ({"against": "time"}, "against")])
def test_plot_convergence_rejects_bad_options(kw, name):
    with pytest.raises(ValueError, match=name):
        plots.plot_convergence([AIMD()], **kw)


# ------------------------------------------------------------------ New-AIMD
def test_new_aimd_printed_grows_without_bound_charitable_sits_at_w():
    p = plots.new_aimd_data("printed", X0, W, steps=200)
    c = plots.new_aimd_data("charitable", X0, W, steps=200)
    late = slice(100, None)
    # printed: every step congested and the sum still grows by 2a = 2 per RTT
    assert p.congested_share == 1.0
    np.testing.assert_allclose(np.diff(p.totals[late]), 2.0)
    # charitable: every step congested, the sum no longer moves and stays >= W
    assert c.congested_share == 1.0
    assert (c.totals[late] >= W).all()
    np.testing.assert_allclose(np.diff(c.totals[late]), 0.0, atol=1e-9)
    assert p.policy == NewAIMD()
    assert c.policy == NewAIMD(reading="charitable")


def test_new_aimd_data_rejects_unknown_reading():
    with pytest.raises(ValueError, match="reading"):
        plots.new_aimd_data("literal")


def test_plot_new_aimd_marks_every_congestion_step():
    ax = _new_ax()
    artists = plots.plot_new_aimd("charitable", X0, W, steps=80, ax=ax)
    d = plots.new_aimd_data("charitable", X0, W, steps=80)
    marks = artists[-1]
    assert marks.get_xdata().tolist() == np.flatnonzero(d.feedback == 0).tolist()
    np.testing.assert_array_equal(artists[2].get_ydata(), d.totals)
    assert "packets" in ax.get_ylabel()
    assert "RTT" in ax.get_xlabel()


# ------------------------------------------------------------------ labels, windows
def test_policy_label_drops_zero_floor_only():
    assert plots.policy_label(MIAD(c=2, d=1, floor=1)) == "MIAD(c=2, d=1, floor=1)"
    assert plots.policy_label(AIMD(b=0.875)) == "AIMD(a=1, b=0.875)"


def test_plot_windows_draws_every_flow_the_sum_and_w():
    tr = simulate(AIMD(), [1, 30], W, steps=100)
    artists = plots.plot_windows(tr, ax=_new_ax())
    np.testing.assert_array_equal(artists[0].get_ydata(), tr.windows[:, 0])
    np.testing.assert_array_equal(artists[2].get_ydata(), tr.totals)
    assert artists[3].get_ydata()[0] == W


def test_styles_differ_in_black_and_white():
    keys = {(str(s["linestyle"]), s["marker"]) for s in plots.STYLES}
    assert len(keys) == len(plots.STYLES)


# ------------------------------------------------------------------ closed-form figures
@pytest.mark.parametrize("policy", [AIMD(), AIMDFC(), AIMDFCPlus()])
def test_sawtooth_bounds_come_from_derive_and_the_simulation_meets_them(policy):
    from aimdmodel.symbolic import derive

    cf = derive(policy)
    d = plots.sawtooth_data(policy, 90, cycles=30)
    assert d.min_window == pytest.approx(float(cf.min_window) * 90)
    assert d.mean_window == pytest.approx(float(cf.efficiency) * 90)
    assert d.max_window == 90
    # W = 90 puts the three fixed points on whole packets: the discrete run meets them
    assert d.simulated_min == pytest.approx(d.min_window, abs=0.05)
    assert d.simulated_mean == pytest.approx(d.mean_window, rel=0.01)
    assert d.window.max() <= 90 + 1  # one additive step past W at most


def test_plot_sawtooth_draws_the_data():
    ax = _new_ax()
    artists = plots.plot_sawtooth(AIMDFC(), 90, ax=ax)
    d = plots.sawtooth_data(AIMDFC(), 90)
    np.testing.assert_array_equal(artists[0].get_ydata(), d.window)
    assert [a.get_ydata()[0] for a in artists[1:]] == [90, d.min_window, d.mean_window]
    assert "$2 W/3$" in artists[2].get_label()


def test_sawtooth_rejects_a_policy_without_fixed_point():
    with pytest.raises(ValueError, match="no closed-form sawtooth"):
        plots.sawtooth_data(NewAIMD(), 100)


def test_efficiency_curve_is_the_derived_expression_and_points_sit_on_it():
    import sympy

    d = plots.efficiency_curve_data("aimd-fc", b_points=(0.3, 0.6), capacity=400, cycles=16)
    b = d.symbol
    assert sympy.simplify(d.expression - (3 - b) / (2 * (2 - b))) == 0
    expected = [(3 - x) / (2 * (2 - x)) for x in d.b]
    np.testing.assert_allclose(d.efficiency, expected, rtol=1e-12)
    on_curve = [(3 - x) / (2 * (2 - x)) for x in d.b_points]
    np.testing.assert_allclose(d.simulated, on_curve, atol=5e-3)


def test_plot_efficiency_curve_artists_are_the_data():
    ax = _new_ax()
    arts = plots.plot_efficiency_curve(["aimd"], b_points=(0.5, 0.8), capacity=200,
                                       cycles=8, ax=ax)
    d = plots.efficiency_curve_data("aimd", b_points=(0.5, 0.8), capacity=200, cycles=8)
    np.testing.assert_allclose(arts[0].get_ydata(), d.efficiency)
    np.testing.assert_allclose(arts[1].get_ydata(), d.simulated)
    assert arts[1].get_linestyle() == "None"
    assert "$(b + 1)/2$" in arts[0].get_label()


def test_efficiency_curve_rejects_a_family_that_is_not_a_name():
    with pytest.raises(TypeError, match="family"):
        plots.efficiency_curve_data(AIMD())


def test_response_curve_is_c_over_sqrt_p_and_points_approach_it():
    d = plots.response_data(AIMD(), capacities=(20, 80, 320))
    c = float(d.constant)
    assert c == pytest.approx((3 / 2) ** 0.5)
    np.testing.assert_allclose(d.throughput, c / np.sqrt(d.p), rtol=1e-12)
    rel = np.abs(d.throughput_points * np.sqrt(d.p_points) / c - 1)
    assert (np.diff(rel) < 0).all()
    assert (np.diff(d.p_points) < 0).all()  # a larger W, a longer cycle, a lower p


def test_plot_response_is_log_log():
    ax = _new_ax()
    arts = plots.plot_response([AIMD(), AIMDFC()], capacities=(40, 160), ax=ax)
    assert len(arts) == 4
    assert ax.get_xscale() == ax.get_yscale() == "log"


def test_mathtext_inline_fractions():
    import sympy

    b = sympy.Symbol("b", positive=True)
    assert plots.mathtext(sympy.Rational(5, 6)) == "5/6"
    assert plots.mathtext((2 * b - 5) / (3 * (b - 2))) == "(2 b - 5)/(3 b - 6)"
    assert plots.mathtext(sympy.Integer(2)) == "2"


def test_plot_windows_draws_a_cycle_record_at_its_knots():
    """record='cycles' keeps windows at the knots only: they are drawn at their steps."""
    full = simulate(AIMD(), [1, 30], 1000, cycles=6, arithmetic="exact")
    knots = simulate(AIMD(), [1, 30], 1000, cycles=6, arithmetic="exact", record="cycles")
    fig, ax = plt.subplots()
    try:
        artists = plots.plot_windows(knots, ax=ax)
        x, y = artists[0].get_data()
        times = knots.cycle_record.times
        assert np.array_equal(np.asarray(x), times)
        assert np.array_equal(np.asarray(y, dtype=float), full.windows[times, 0].astype(float))
    finally:
        plt.close(fig)
    none = simulate(AIMD(), [1, 30], 1000, cycles=6, record="none")
    with pytest.raises(ValueError, match="record='all'"):
        plots.plot_windows(none)
