"""The delay-differential solver: order by step halving, two independent references, limits."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy.integrate import solve_ivp

from aimdmodel import AIMD, MIMD
from aimdmodel.fluid import (
    RED,
    ConstantLoss,
    FluidClass,
    _kernel,
    fluid_limit,
    operating_point,
    red_drop_probability,
    simulate_fluid,
)
from aimdmodel.fluid.equations import queue_rate, rtt, window_rate

RED_STABLE = RED(50, 550, 0.1, w_q=1e-4)


def _smooth_run(dt: float):
    """A run that stays in the smooth part of the model (checked by the test)."""
    op = operating_point(70, 3750, 0.2, aqm=RED_STABLE)
    return simulate_fluid(FluidClass(70, 0.2, w0=1.05 * float(op.window)), 3750.0, buffer=800,
                          aqm=RED_STABLE, duration=10.0, dt=dt, queue0=float(op.queue),
                          record_every=round(0.02 / dt))


def test_step_halving_shows_second_order():
    runs = [_smooth_run(0.02 / 2**k) for k in range(5)]
    for r in runs:  # inside the buffer and on the linear piece of RED's profile
        assert r.queue.min() > 0
        assert r.queue.max() < 800
        assert 50 < r.average_queue.min()
        assert r.average_queue.max() < 550
    ys = [np.concatenate([r.window[:, 0], r.queue, r.average_queue]) for r in runs]
    diffs = np.array([np.abs(a - b).max() for a, b in itertools.pairwise(ys)])
    order = np.log2(diffs[:-1] / diffs[1:])
    assert np.all((order > 1.9) & (order < 2.1)), order


def _delay_free_rhs(lim, n, c, tp, red):
    k = -c * np.log1p(-red.w_q)

    def rhs(_t, y):
        w, q, x = y
        r = rtt(q, c, tp)
        p = float(red_drop_probability(x, red))
        return [window_rate(lim, w, r, w, p, r), queue_rate(n, w, r, c), k * (q - x)]

    return rhs


def test_delay_free_limit_matches_solve_ivp():
    n, c, tp = 70, 3750.0, 0.2
    lim = fluid_limit(AIMD())
    op = operating_point(n, c, tp, aqm=RED_STABLE)
    y0 = [1.2 * float(op.window), float(op.queue), float(op.queue)]
    ref = solve_ivp(_delay_free_rhs(lim, n, c, tp, RED_STABLE), (0, 5.0), y0, rtol=1e-11,
                    atol=1e-11, dense_output=True, method="DOP853")
    errs = []
    for dt in (2e-3, 1e-3):
        res = simulate_fluid(FluidClass(n, tp, w0=y0[0]), c, buffer=800, aqm=RED_STABLE,
                             duration=5.0, dt=dt, queue0=y0[1], delayed_feedback=False)
        assert res.queue.min() > 0
        assert res.average_queue.min() > 50
        want = ref.sol(res.t)
        got = np.vstack([res.window[:, 0], res.queue, res.average_queue])
        errs.append(np.abs(got - want).max() / np.abs(want).max())
    assert errs[1] < 1e-6
    assert 3.5 < errs[0] / errs[1] < 4.5  # second order against an independent solver


def _method_of_steps(a, b, p, tau, w0, t_end):
    """W' = a/tau - (1 - b) W(t) W(t - tau) p / tau, history W = w0: solve_ivp per delay."""
    pieces, start = [], 0.0
    while start < t_end - 1e-12:
        prev = pieces[-1] if pieces else None

        def hist(t, prev=prev):
            return w0 if prev is None else prev.sol(t)[0]

        def rhs(t, y, hist=hist):
            return [a / tau - (1 - b) * y[0] * hist(t - tau) * p / tau]

        y0 = [w0] if prev is None else [prev.sol(start)[0]]
        end = min(start + tau, t_end)
        pieces.append(solve_ivp(rhs, (start, end), y0, rtol=1e-11, atol=1e-11,
                                dense_output=True, method="DOP853"))
        start = end
    return lambda t: np.array([pieces[min(int(ti / tau), len(pieces) - 1)].sol(ti)[0]
                               for ti in np.atleast_1d(t)])


def test_constant_delay_matches_the_method_of_steps():
    # a constant p and a link far above the flow's rate: R = Tp, a DDE with a constant delay
    p, tau, w0 = 0.02, 0.1, 2.0
    ref = _method_of_steps(1.0, 0.5, p, tau, w0, 3.0)
    res = simulate_fluid(FluidClass(1, tau, w0=w0), 1e6, buffer=1, aqm=ConstantLoss(p),
                         duration=3.0, dt=1e-4, record_every=50)
    assert res.queue.max() == 0
    want = ref(res.t)
    assert np.abs(res.window[:, 0] - want).max() / want.max() < 1e-6


def test_red_profile_in_the_kernel_is_the_library_profile():
    x = np.linspace(0, 400, 4001)
    for red in (RED(50, 150, 0.1), RED(50, 150, 0.1, gentle=True)):
        link = np.zeros(10)
        link[3:8] = red.min_th, red.max_th, red.max_p, red.w_q, float(red.gentle)
        kern = np.array([_kernel._red_p(link, v) for v in x])
        np.testing.assert_allclose(kern, red_drop_probability(x, red), rtol=0, atol=1e-15)


def test_droptail_conserves_fluid_and_keeps_the_queue_in_the_buffer():
    res = simulate_fluid([FluidClass(10, 0.1), FluidClass(5, 0.3)], 1000.0, buffer=40,
                         duration=60.0, dt=1e-3, warmup=10.0)
    assert res.queue.min() >= 0
    assert res.queue.max() <= 40
    assert 0 < res.utilization <= 1
    assert res.loss_rate > 0
    it = res.integrals
    dq = res.queue[-1] - res.queue[np.searchsorted(res.t, res.warmup)]
    # arrivals - drops - departures = change of the queue (to the trapezoid's error)
    assert it["arrivals"] - it["drops"] - it["departures"] == pytest.approx(dq, abs=0.5)
    assert res.throughput.sum() == pytest.approx(it["departures"] / 50.0, rel=1e-9)


def test_mean_field_windows_are_equal_so_throughput_goes_as_one_over_rtt():
    res = simulate_fluid([FluidClass(10, 0.05), FluidClass(10, 0.15)], 2000.0, buffer=500,
                         aqm=RED(20, 300, 0.1, w_q=1e-3), duration=200.0, warmup=100.0)
    w1, w2 = res.mean_window
    assert w1 == pytest.approx(w2, rel=0.01)
    r1, r2 = res.mean_rtt
    assert res.flow_throughput[0] / res.flow_throughput[1] == pytest.approx(r2 / r1, rel=0.01)


def test_recording_every_kth_step_keeps_the_metrics():
    kw = {"buffer": 800, "aqm": RED_STABLE, "duration": 100.0, "warmup": 50.0}
    full = simulate_fluid(FluidClass(60, 0.2), 3750.0, **kw)
    thin = simulate_fluid(FluidClass(60, 0.2), 3750.0, record_every=1000, **kw)
    assert thin.t.shape == (101,)
    assert full.t.shape == (100_001,)
    np.testing.assert_array_equal(thin.queue, full.queue[::1000])
    assert thin.metrics() == full.metrics()


def test_a_class_that_starts_later_sends_nothing_before():
    res = simulate_fluid([FluidClass(5, 0.1), FluidClass(5, 0.1, start=20.0, stop=40.0)],
                         1000.0, buffer=100, duration=60.0, record_every=10)
    late = res.rate[:, 1]
    before, during, after = res.t < 20, (res.t > 20) & (res.t < 40), res.t >= 40
    assert np.all(late[before] == res.n_flows[1] * 1.0 / res.rtt[before, 1])  # w0, held
    assert late[during].max() > 0
    assert np.all(res.window[after, 1] == res.window[after][0, 1])


def test_random_loss_alone_acts_as_a_constant_p():
    p = 0.005
    res = simulate_fluid(FluidClass(1, 0.1), 1e5, buffer=10, random_loss=p, duration=200.0,
                         warmup=150.0, record_every=100)
    assert res.mean_window[0] == pytest.approx(np.sqrt(2 / p), rel=1e-4)
    assert res.loss_rate == pytest.approx(p, rel=1e-9)


@pytest.mark.parametrize(
    ("kw", "exc", "word"),
    [
        ({"dt": 0.2}, ValueError, "dt must be <= the smallest propagation delay"),
        ({"dt": 0}, ValueError, "dt"),
        ({"capacity": 0}, ValueError, "capacity"),
        ({"capacity": [100, -1], "capacity_interval": 1.0}, ValueError, "capacity"),
        ({"buffer": -1}, ValueError, "buffer"),
        ({"buffer": float("inf")}, ValueError, "buffer"),
        ({"duration": -5}, ValueError, "duration"),
        ({"warmup": 20.0}, ValueError, "warmup"),
        ({"record_every": 0}, ValueError, "record_every"),
        ({"record_every": 1, "duration": 1e5}, ValueError, "record_every must be >="),
        ({"queue0": 200}, ValueError, "queue0"),
        ({"random_loss": 1.0}, ValueError, "random_loss"),
        ({"aqm": "codel"}, ValueError, "aqm"),
        ({"classes": []}, TypeError, "classes"),
    ],
)
def test_bad_input_names_the_parameter(kw, exc, word):
    args = {"classes": FluidClass(10, 0.1), "capacity": 1000.0, "buffer": 100,
            "duration": 10.0} | kw
    with pytest.raises(exc, match=word):
        simulate_fluid(args.pop("classes"), args.pop("capacity"), **args)


@pytest.mark.parametrize(
    ("kw", "word"),
    [({"n_flows": 0}, "n_flows"), ({"prop_delay": 0.0}, "prop_delay"),
     ({"prop_delay": -1.0}, "prop_delay"), ({"w0": -1.0}, "w0"),
     ({"stop": 0.0, "start": 1.0}, "stop"), ({"policy": MIMD()}, "no fluid limit")],
)
def test_bad_classes(kw, word):
    args = {"n_flows": 10, "prop_delay": 0.1} | kw
    with pytest.raises(ValueError, match=word):
        FluidClass(**args)
