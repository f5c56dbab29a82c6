"""Experiments (the computations behind the figures): their result objects are
checked against the model (closed forms, metrics), their ``.plot`` against
the plot functions they hand off to."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np
import pytest
import sympy

from aimdmodel import (
    AIAD,
    AIMD,
    AIMDFC,
    MIMD,
    AIMDFCPlus,
    NewAIMD,
    experiments,
    metrics,
    plots,
    simulate,
)
from aimdmodel.symbolic import W as W_SYMBOL
from aimdmodel.symbolic import derive

plt.switch_backend("Agg")

F = Fraction
X0 = (10, 70)
W = 100


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


# ------------------------------------------------------------------ phase plane
def test_phase_plane_segments_chain_and_alternate_for_aimd():
    d = experiments.phase_plane(AIMD(), X0, W, cycles=6)
    assert d.kinds == ("increase", "decrease") * 6
    # each segment starts where the previous one ended, from x0 to the last window
    np.testing.assert_array_equal(d.segments[0, 0], X0)
    np.testing.assert_array_equal(d.segments[1:, 0], d.segments[:-1, 1])
    np.testing.assert_array_equal(d.segments[-1, 1], d.windows[-1])
    assert d.windows.shape == (len(d.feedback) + 1, 2)


def test_phase_plane_additive_increase_at_45_degrees_multiplicative_decrease_to_origin():
    b = F(1, 2)
    d = experiments.phase_plane(AIMD(a=1, b=b), X0, W, cycles=6)
    for (p, q), kind in zip(d.segments, d.kinds, strict=True):
        if kind == "increase":
            dx, dy = q - p
            assert dx == dy > 0
        else:
            np.testing.assert_allclose(q, float(b) * p)


def test_phase_plane_mimd_moves_along_rays_through_the_origin():
    d = experiments.phase_plane(MIMD(c=F(11, 10)), X0, W, cycles=4)
    for p, q in d.segments:
        assert p[0] * q[1] - p[1] * q[0] == pytest.approx(0, abs=1e-9)
    assert {*d.kinds} == {"increase", "decrease"}


def test_phase_plane_aimd_fc_decrease_points_at_k_k_on_the_fairness_line():
    """AIMD-FC keeps k whole: (d + k) -> (b d + k), a contraction toward (k, k)."""
    d = experiments.phase_plane(AIMDFC(), X0, W, cycles=5)
    for j in range(1, len(d.kinds), 2):
        assert d.kinds[j] == "decrease"
        inc = d.segments[j - 1]
        k = inc[1, 0] - inc[0, 0]  # additive increase of this cycle (both flows)
        p, q = d.segments[j]
        np.testing.assert_allclose(q - k, 0.5 * (p - k), rtol=1e-12)


def test_phase_plane_reference_lines_and_jain():
    d = experiments.phase_plane(AIAD(a=1, d=8), X0, W, cycles=3)
    assert (d.fairness_line[:, 0] == d.fairness_line[:, 1]).all()
    assert (d.efficiency_line.sum(axis=1) == W).all()
    assert d.arithmetic == "exact"
    assert d.initial_jain == pytest.approx(metrics.jain_index(np.array(X0, dtype=float)))
    assert d.final_jain == pytest.approx(metrics.jain_index(d.windows[-1]))


def test_phase_plane_rejects_more_than_two_flows():
    with pytest.raises(ValueError, match="x0"):
        experiments.phase_plane(AIMD(), (1, 2, 3), W)


# ------------------------------------------------------------------ convergence
@pytest.mark.parametrize("b", [F(1, 2), F(7, 8)])
def test_convergence_difference_contracts_by_b_per_cycle(b):
    d = experiments.convergence(AIMD(b=b), X0, W, cycles=12)
    ratios = d.difference[1:] / d.difference[:-1]
    np.testing.assert_allclose(ratios, float(b), rtol=1e-12)
    assert (np.diff(d.step) > 0).all()
    assert d.step[0] == 0
    assert ((d.jain >= 0.5) & (d.jain <= 1)).all()
    assert d.jain[-1] > d.jain[0]


def test_convergence_aiad_keeps_the_difference_and_never_gets_fair():
    d = experiments.convergence(AIAD(a=1, d=8), X0, W, cycles=6)
    assert (d.difference == d.difference[0]).all()
    assert d.steps_to_fairness is None
    assert d.cycles_to_fairness is None


def test_convergence_steps_are_the_cycle_starts_and_fairness_the_metrics():
    tr = simulate(AIMDFC(), list(X0), W, cycles=12, arithmetic="exact")
    d = experiments.convergence(AIMDFC(), X0, W, cycles=12)
    assert d.step.tolist() == [0, *(int(c) + 1 for c in tr.congestion_steps)]
    assert d.steps_to_fairness == metrics.steps_to_fairness(tr, eps=1)
    assert d.cycles_to_fairness == metrics.cycles_to_fairness(tr, eps=1)
    # fair within eps from the step after the cycles_to_fairness-th event on
    assert d.difference[d.cycles_to_fairness] <= 1 < d.difference[d.cycles_to_fairness - 1]


# ------------------------------------------------------------------ New-AIMD
def test_new_aimd_printed_grows_without_bound_charitable_sits_at_w():
    p = experiments.new_aimd("printed", X0, W, steps=200)
    c = experiments.new_aimd("charitable", X0, W, steps=200)
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


def test_new_aimd_congested_share_counts_the_last_half():
    d = experiments.new_aimd("charitable", X0, W, steps=21)
    half = d.feedback[len(d.feedback) // 2:]
    assert d.congested_share == np.count_nonzero(half == 0) / len(half)


@pytest.mark.parametrize(("kw", "exc", "name"), [({"reading": "literal"}, ValueError, "reading"),
                                                 ({"steps": 0}, ValueError, "steps"),
                                                 ({"steps": 2.5}, TypeError, "steps")])
def test_new_aimd_rejects_bad_arguments(kw, exc, name):
    with pytest.raises(exc, match=name):
        experiments.new_aimd(**kw)


# ------------------------------------------------------------------ closed-form experiments
@pytest.mark.parametrize("policy", [AIMD(), AIMDFC(), AIMDFCPlus()])
def test_sawtooth_bounds_come_from_derive_and_the_simulation_meets_them(policy):
    cf = derive(policy)
    d = experiments.sawtooth(policy, 90, cycles=30)
    assert d.min_window == pytest.approx(float(cf.min_window) * 90)
    assert d.mean_window == pytest.approx(float(cf.efficiency) * 90)
    assert d.max_window == 90
    assert d.min_window_formula == cf.min_window * W_SYMBOL
    assert d.mean_window_formula == cf.efficiency * W_SYMBOL
    # W = 90 puts the three fixed points on whole packets: the discrete run meets them
    assert d.simulated_min == pytest.approx(d.min_window, abs=0.05)
    assert d.simulated_mean == pytest.approx(d.mean_window, rel=0.01)
    assert d.window.max() <= 90 + 1  # one additive step past W at most


def test_sawtooth_simulated_values_are_the_cycle_stats():
    d = experiments.sawtooth(AIMDFC(), 90, cycles=10)
    tr = simulate(AIMDFC(), [F(45)], 90, cycles=10, arithmetic="exact")
    stats = metrics.cycle_stats(tr)
    assert d.simulated_min == min(float(s.min_total) for s in stats)
    assert d.simulated_mean == pytest.approx(
        float(sum(s.packets for s in stats) / sum(s.length for s in stats)), rel=1e-15)


def test_sawtooth_rejects_a_policy_without_fixed_point():
    with pytest.raises(ValueError, match="no closed-form sawtooth"):
        experiments.sawtooth(NewAIMD(), 100)


def test_efficiency_curve_is_the_derived_expression_and_points_sit_on_it():
    d = experiments.efficiency_curve("aimd-fc", b_points=(0.3, 0.6), capacity=400, cycles=16)
    b = d.symbol
    assert sympy.simplify(d.expression - (3 - b) / (2 * (2 - b))) == 0
    expected = [(3 - x) / (2 * (2 - x)) for x in d.b]
    np.testing.assert_allclose(d.efficiency, expected, rtol=1e-12)
    on_curve = [(3 - x) / (2 * (2 - x)) for x in d.b_points]
    np.testing.assert_allclose(d.derived_at_points, on_curve, rtol=1e-12)
    np.testing.assert_allclose(d.simulated, on_curve, atol=5e-3)
    assert (d.name, d.cycles, d.capacity) == ("AIMD-FC", 16, 400.0)


@pytest.mark.parametrize(("args", "kw", "exc", "name"), [
    ((AIMD(),), {}, TypeError, "family"),
    (("aimd",), {"n": 1}, ValueError, "n"),
    (("new-aimd",), {}, ValueError, "efficiency"),
])
def test_efficiency_curve_rejects_bad_arguments(args, kw, exc, name):
    with pytest.raises(exc, match=name):
        experiments.efficiency_curve(*args, **kw)


def test_response_curve_is_c_over_sqrt_p_and_points_approach_it():
    d = experiments.response(AIMD(), capacities=(20, 80, 320))
    c = float(d.constant)
    assert c == pytest.approx((3 / 2) ** 0.5)
    np.testing.assert_allclose(d.throughput, c / np.sqrt(d.p), rtol=1e-12)
    rel = np.abs(d.throughput_points * np.sqrt(d.p_points) / c - 1)
    assert (np.diff(rel) < 0).all()
    assert (np.diff(d.p_points) < 0).all()  # a larger W, a longer cycle, a lower p


def test_response_points_are_one_loss_per_cycle_of_the_metrics():
    d = experiments.response(AIMDFC(), capacities=(60,), cycles=12)
    stats = metrics.cycle_stats(simulate(AIMDFC(), [30], 60, cycles=12))
    packets = sum(s.packets for s in stats)
    assert d.p_points[0] == pytest.approx(len(stats) / packets, rel=1e-14)
    assert d.throughput_points[0] == pytest.approx(packets / sum(s.length for s in stats),
                                                   rel=1e-14)


@pytest.mark.parametrize(("args", "kw", "name"), [((AIMD(), ()), {}, "capacities"),
                                                  ((NewAIMD(),), {}, "response constant"),
                                                  ((AIMD(),), {"n": 0}, "n")])
def test_response_rejects_bad_arguments(args, kw, name):
    with pytest.raises(ValueError, match=name):
        experiments.response(*args, **kw)


# ------------------------------------------------------------------ long run
def test_long_run_is_the_metrics_over_whole_cycles():
    d = experiments.long_run(AIMDFCPlus(), X0, 1000, cycles=30)
    tr = simulate(AIMDFCPlus(), list(X0), 1000, cycles=30)
    kept = metrics.whole_cycles(tr)
    assert d.efficiency == float(metrics.efficiency(tr))
    assert d.offered_load == float(metrics.offered_load(tr))
    assert d.overflow == float(metrics.overflow(tr))
    assert d.cycles_kept == len(kept) == 15
    assert d.congested_share == len(kept) / (kept[-1][1] - kept[0][0] + 1)
    assert d.congested_share * d.mean_cycle_length == pytest.approx(1)
    assert d.trajectory.n_steps == tr.n_steps


def test_long_run_of_charitable_new_aimd_congests_every_rtt():
    d = experiments.long_run(NewAIMD(reading="charitable"), X0, 1000, steps=3000)
    assert d.congested_share == 1.0
    assert d.efficiency > 0.99


def test_long_run_needs_a_whole_cycle():
    with pytest.raises(ValueError, match="whole cycle"):
        experiments.long_run(AIMD(), X0, W, steps=5)


# ------------------------------------------------------------------ result objects
RESULTS = {
    "phase_plane": (lambda: experiments.phase_plane(AIMD(), cycles=2), plots.plot_phase_plane),
    "convergence": (lambda: experiments.convergence(AIMD(), cycles=3), plots.plot_convergence),
    "sawtooth": (lambda: experiments.sawtooth(AIMD(), 40, cycles=4), plots.plot_sawtooth),
    "efficiency_curve": (lambda: experiments.efficiency_curve("aimd", b_points=(0.5,),
                                                              capacity=60, cycles=4),
                         plots.plot_efficiency_curve),
    "response": (lambda: experiments.response(AIMD(), (40,), cycles=4), plots.plot_response),
    "new_aimd": (lambda: experiments.new_aimd(steps=30), plots.plot_new_aimd),
    "long_run": (lambda: experiments.long_run(AIMD(), X0, W, cycles=4), None),
}


@pytest.mark.parametrize("name", list(RESULTS))
def test_result_is_frozen_and_plot_hands_off_to_plots(name):
    make, plot = RESULTS[name]
    d = make()
    field = dataclasses.fields(d)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(d, field, None)
    _, (ax1, ax2) = plt.subplots(1, 2)
    mine = d.plot(ax1)
    theirs = plot(d, ax2) if plot is not None else plots.plot_windows(d.trajectory, ax2)
    assert [a.get_label() for a in mine] == [a.get_label() for a in theirs]
    assert ax1.get_title() == ax2.get_title()
    assert ax1.get_xlabel() == ax2.get_xlabel() != ""
    assert ax1.get_ylabel() == ax2.get_ylabel() != ""


def test_plot_without_axes_makes_a_figure():
    artists = experiments.new_aimd(steps=20).plot()
    assert artists[0].axes.figure is not None


# ----------------------------------------------------------- dynamic experiments
def test_late_joiner_aimd_shares_new_aimd_charitable_starves():
    from aimdmodel import AIMD, NewAIMD
    from aimdmodel.experiments import late_joiner

    d = late_joiner([AIMD(), NewAIMD(reading="charitable")], conventions=(">=", ">"))
    share = dict(zip(d.labels, d.last_flow_share, strict=True))
    assert abs(share["AIMD(a=1, b=1/2), congestion >="] - 1 / 3) < 0.02
    assert abs(share["AIMD(a=1, b=1/2), congestion >"] - 1 / 3) < 0.02
    assert share["New-AIMD(a=1, b=1/2, charitable), congestion >="] < 1e-6
    assert share["New-AIMD(a=1, b=1/2, charitable), congestion >"] < 1e-6
    assert d.responsiveness[0] is not None
    assert d.responsiveness[2] is None


def test_capacity_change_new_aimd_keeps_offering_twice_the_new_capacity():
    from aimdmodel import AIMD, NewAIMD
    from aimdmodel.experiments import capacity_change

    d = capacity_change([AIMD(), NewAIMD(reading="charitable")], conventions=(">=",))
    aimd, charitable = d.offered_over_capacity
    assert abs(aimd - 0.75) < 0.05  # AIMD's sawtooth at the new W
    assert charitable >= 2.0  # the old W's windows, against half the capacity


def test_heterogeneous_phase_plane_peaks_go_to_the_perron_point():
    from fractions import Fraction

    from aimdmodel import AIMD
    from aimdmodel.experiments import phase_plane

    d = phase_plane([AIMD(), AIMD(a=Fraction(1, 5), b=Fraction(7, 8))], (10, 70), 100,
                    cycles=60)
    peaks = d.windows[:-1][d.feedback == 0]
    assert np.allclose(peaks[-1] / peaks[-1].sum(), d.perron_point / 100, atol=0.01)
    assert phase_plane([AIMD(), AIMD()], (10, 70), 100, cycles=2).perron_point is None
