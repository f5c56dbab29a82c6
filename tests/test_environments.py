"""aimdmodel.environments: Reddy et al.'s bandwidth environments as capacity traces."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from aimdmodel.environments import (
    DEFAULT_INTERVAL,
    DEFAULT_LINK_RATE,
    ENVIRONMENTS,
    KINDS,
    capacity_trace,
    get_environment,
    packets_per_rtt,
    seconds_to_steps,
    square_wave,
)

RANDOM = ("RWL", "RWH", "RDL", "RDH", "RWA", "RWM")
DETERMINISTIC = ("CL", "CH", "SQL", "SQH")
CROSS = ("RCL", "RCH", "RSQ")
MBPS = 1e6


def pk(bps, rtt, packet_size=1500):
    """Bit/s -> packets per RTT, written out independently of the library."""
    return bps * rtt / (8 * packet_size)


# ---------------------------------------------------------------- the registry


def test_registry_is_table_2_in_order():
    envs = list(ENVIRONMENTS.values())
    assert [e.number for e in envs] == list(range(1, 14))
    assert list(ENVIRONMENTS) == [e.short for e in envs]
    assert [e.short for e in envs] == ["CL", "CH", "SQL", "SQH", "RWL", "RWH", "RDL", "RDH",
                                       "RWA", "RWM", "RCL", "RCH", "RSQ"]
    assert len({e.name for e in envs}) == 13
    assert all(e.kind in KINDS for e in envs)
    assert [e.kind for e in envs].count("cross traffic") == 3
    assert all("Table 2 line" in e.source for e in envs)
    with pytest.raises(dataclasses.FrozenInstanceError):
        envs[0].b0 = 2.0
    with pytest.raises(TypeError):
        ENVIRONMENTS["XX"] = envs[0]


def test_registry_parameters_as_printed():
    e = ENVIRONMENTS
    assert (e["CL"].b0, e["CH"].b0) == (1 * MBPS, 10 * MBPS)
    assert e["SQL"].levels == (10 * MBPS, 5 * MBPS)  # "10Mbps→5Mbps→10Mbps"
    assert e["SQH"].levels == (10 * MBPS, 1 * MBPS)
    assert e["SQL"].interval == e["SQH"].interval == e["RSQ"].interval == 5.0
    for short, b0 in (("RWL", 1), ("RWH", 10)):
        assert e[short].b0 == b0 * MBPS
        assert e[short].delta == 0.5 * e[short].b0  # Delta = 0.5 B_0
    assert (e["RDL"].b0, e["RDH"].b0) == (1 * MBPS, 10 * MBPS)
    assert e["RWA"].delta == 0.25 * e["RWA"].b0 == 0.25 * MBPS  # both printed forms agree
    assert e["RWM"].mu == pytest.approx(5 / 3)
    assert e["RCL"].mean_interarrival == (0.03,)
    assert e["RCH"].mean_interarrival == (0.01,)
    assert e["RSQ"].mean_interarrival == (0.03, 0.01)
    for short in ("RWL", "RWH", "RDL", "RDH", "RWA", "RWM"):
        assert e[short].interval is None  # the paper does not say how often B_t changes


@pytest.mark.parametrize(
    ("name", "short"),
    [("SQH", "SQH"), ("sqh", "SQH"), ("sq-high", "SQH"), ("SQ-HIGH", "SQH"), (4, "SQH"),
     (np.int64(4), "SQH"), ("4", "SQH"), (" rw-multiplicative ", "RWM"), (13, "RSQ")],
)
def test_lookup_by_short_long_or_number(name, short):
    assert get_environment(name).short == short


@pytest.mark.parametrize("name", ["XX", "", 0, 14, "cons low", "rw"])
def test_unknown_name_lists_the_valid_ones(name):
    with pytest.raises(ValueError, match=r"name must be one of 1 CL \(cons-low\).*13 RSQ"):
        get_environment(name)
    with pytest.raises(ValueError, match="name must be one of"):
        capacity_trace(name, steps=3, rtt=0.1)


@pytest.mark.parametrize("name", [None, 2.0, True, ["CL"]])
def test_name_of_wrong_type(name):
    with pytest.raises(TypeError, match="name must be"):
        get_environment(name)


# ---------------------------------------------------------------- units and time


def test_unit_conversion_by_hand():
    # 10 Mbps * 0.1 s = 1e6 bit per RTT; a 1500-byte packet is 8 * 1500 = 12000 bit;
    # 1e6 / 12000 = 83.333... packets per RTT.
    assert packets_per_rtt(10e6, rtt=0.1) == pytest.approx(83.333333333333, rel=1e-12)
    # 1 Mbps * 0.2 s = 2e5 bit; 1000-byte packets are 8000 bit: 25 packets per RTT exactly.
    assert packets_per_rtt(1e6, rtt=0.2, packet_size=1000) == pytest.approx(25.0, rel=1e-15)
    w = capacity_trace("CH", steps=5, rtt=0.1)
    np.testing.assert_allclose(w, 83.333333333333, rtol=1e-12)
    w = capacity_trace("CL", steps=5, rtt=0.2, packet_size=1000)
    np.testing.assert_allclose(w, 25.0, rtol=1e-15)


@pytest.mark.parametrize(
    ("seconds", "rtt", "expected"),
    [(5, 0.1, 50), (5, 0.3, 17), (1, 0.3, 3), (0.15, 0.1, 2), (0.25, 0.1, 3), (0.14, 0.1, 1),
     (0.01, 0.1, 1), (1, 1, 1), (5, 0.2, 25)],
)
def test_seconds_to_steps(seconds, rtt, expected):
    # nearest whole number of RTTs, halves up, at least one
    assert seconds_to_steps(seconds, rtt=rtt) == expected


# ---------------------------------------------------------------- deterministic environments


@pytest.mark.parametrize(("name", "bps"), [("CL", 1 * MBPS), ("CH", 10 * MBPS)])
def test_constant_environments_are_constant(name, bps):
    w = capacity_trace(name, steps=200, rtt=0.1, seed=7)
    assert w.dtype == np.float64
    assert w.shape == (200,)
    assert np.all(w == w[0])
    assert w[0] == pytest.approx(pk(bps, 0.1))
    np.testing.assert_array_equal(w, capacity_trace(name, steps=200, rtt=0.1, seed=8))


@pytest.mark.parametrize(("name", "low"), [("SQL", 5 * MBPS), ("SQH", 1 * MBPS)])
@pytest.mark.parametrize("rtt", [0.1, 0.3, 0.04])
def test_square_waves_switch_every_5_s(name, low, rtt):
    hold = round(5 / rtt)  # 50, 17 (16.67 rounded), 125 steps
    w = capacity_trace(name, steps=5 * hold + 3, rtt=rtt)
    switches = np.flatnonzero(np.diff(w)) + 1
    np.testing.assert_array_equal(switches, hold * np.arange(1, 6))
    hi, lo = pk(10 * MBPS, rtt), pk(low, rtt)
    for k in range(6):  # starts high, as Table 2 prints "10Mbps→5Mbps→10Mbps"
        block = w[k * hold:(k + 1) * hold]
        assert block == pytest.approx(hi if k % 2 == 0 else lo)


def test_square_wave_interval_overrides_the_printed_5_s():
    w = capacity_trace("SQH", steps=9, rtt=0.5, interval=1.0)  # 2 steps per level
    np.testing.assert_allclose(w / pk(MBPS, 0.5), [10, 10, 1, 1, 10, 10, 1, 1, 10])


def test_square_wave_helper():
    np.testing.assert_array_equal(square_wave(7, 100, 50, 2), [100, 100, 50, 50, 100, 100, 50])
    np.testing.assert_array_equal(square_wave(5, 100, 50, 3, start_high=False),
                                  [50, 50, 50, 100, 100])
    w = square_wave(10, 8.5, 4.25, 1)
    assert w.dtype == np.float64
    np.testing.assert_array_equal(w[::2], 8.5)
    np.testing.assert_array_equal(w[1::2], 4.25)
    np.testing.assert_array_equal(square_wave(4, 3, 3, 1), [3, 3, 3, 3])


# ---------------------------------------------------------------- clipping and floor


def test_clipped_at_the_link_rate():
    c = 5 * MBPS
    np.testing.assert_allclose(capacity_trace("CH", steps=4, rtt=0.1, link_rate=c), pk(c, 0.1))
    w = capacity_trace("SQH", steps=100, rtt=0.1, link_rate=c)  # levels 10 -> 5, 1 unchanged
    assert set(np.round(w / pk(MBPS, 0.1), 9)) == {5.0, 1.0}
    # SQL's two levels are 10 and 5 Mbps: both become 5, the wave is flat
    assert np.all(capacity_trace("SQL", steps=120, rtt=0.1, link_rate=c) == pk(c, 0.1))
    for name in RANDOM:
        c = 1.2 * MBPS
        w = capacity_trace(name, steps=2000, rtt=0.1, interval=0.1, link_rate=c, seed=3)
        assert w.max() <= pk(c, 0.1) * (1 + 1e-12)
    # the walk's state is set to C: RWH starts at B_0 = 10 Mbps = default C, and RWL with
    # C = 1.2 Mbps reaches C and stays at it for a while (clipped draws pile up there)
    w = capacity_trace("RWH", steps=50, rtt=0.1, interval=0.1, seed=0)
    assert w[0] == pk(DEFAULT_LINK_RATE, 0.1)
    w = capacity_trace("RWL", steps=2000, rtt=0.1, interval=0.1, link_rate=1.2 * MBPS, seed=3)
    at_cap = np.isclose(w, pk(1.2 * MBPS, 0.1), rtol=1e-12)
    assert at_cap.sum() > 10


def test_floor_is_min_capacity():
    # CL at rtt = 0.01 s: 1e6 * 0.01 / 12000 = 0.833 packets per RTT, below the default floor 1
    np.testing.assert_array_equal(capacity_trace("CL", steps=3, rtt=0.01), 1.0)
    np.testing.assert_allclose(capacity_trace("CL", steps=3, rtt=0.01, min_capacity=0.5),
                               pk(MBPS, 0.01))
    # RDL at rtt 0.1: B_0 = 8.33 packets, so about 12% of the draws fall below 1 packet
    w = capacity_trace("RDL", steps=400, rtt=0.1, interval=0.1, seed=11)
    assert w.min() == 1.0
    assert (w == 1.0).sum() > 10


def test_min_capacity_above_the_link_rate_is_refused():
    # 10 Mbps * 1 ms / 12000 bit = 0.833 packets per RTT < the default floor of 1
    with pytest.raises(ValueError, match=r"min_capacity must be <= .*0\.833333"):
        capacity_trace("CH", steps=3, rtt=0.001)


# ---------------------------------------------------------------- cross traffic


@pytest.mark.parametrize("name", [*CROSS, 11, "real-sq"])
def test_cross_traffic_environments_need_the_queue_model(name):
    with pytest.raises(ValueError, match=r"cross traffic.*queue model"):
        capacity_trace(name, steps=10, rtt=0.1, seed=0)


# ---------------------------------------------------------------- reproducibility


@pytest.mark.parametrize("name", RANDOM)
def test_same_seed_same_trace_other_seed_other_trace(name):
    kw = {"steps": 300, "rtt": 0.1, "interval": 0.2, "min_capacity": 1e-6}
    a = capacity_trace(name, seed=42, **kw)
    np.testing.assert_array_equal(a, capacity_trace(name, seed=42, **kw))
    assert not np.array_equal(a, capacity_trace(name, seed=43, **kw))
    # a shorter trace is a prefix of a longer one with the same seed
    np.testing.assert_array_equal(capacity_trace(name, seed=42, **{**kw, "steps": 77}), a[:77])
    # seed=None runs (not reproducible) and gives a trace of the same shape and bounds
    b = capacity_trace(name, seed=None, **kw)
    assert b.shape == (300,)
    assert b.min() >= 1e-6


@pytest.mark.parametrize("name", RANDOM)
def test_random_values_change_only_every_interval(name):
    # interval 1 s (the default) at rtt 0.1 s: blocks of 10 equal steps
    w = capacity_trace(name, steps=95, rtt=0.1, seed=5, min_capacity=1e-6)
    assert DEFAULT_INTERVAL == 1.0
    blocks = w[:90].reshape(9, 10)
    assert np.all(blocks == blocks[:, :1])
    assert np.all(w[90:] == w[90])
    assert len(np.unique(blocks[:, 0])) > 5  # and they do change from block to block


@pytest.mark.parametrize("name", ["RWL", "RWH", "RWA", "RWM"])
def test_walks_start_at_b0(name):
    w = capacity_trace(name, steps=20, rtt=0.1, seed=9)
    assert np.all(w[:10] == pk(ENVIRONMENTS[name].b0, 0.1))


# ---------------------------------------------------------------- bounds (hypothesis)

SETUPS = st.fixed_dictionaries({
    "rtt": st.sampled_from([0.01, 0.05, 0.1, 0.2, 0.5]),
    "packet_size": st.sampled_from([500, 1000, 1500]),
    "interval": st.sampled_from([None, 0.01, 0.3, 2.0]),
    "seed": st.integers(0, 2**32 - 1),
    "link_rate": st.sampled_from([2 * MBPS, 10 * MBPS, 100 * MBPS]),
    "min_capacity": st.sampled_from([1e-9, 0.5]),
})
FEW = settings(max_examples=25)


def trace(name, s, steps=150):
    return capacity_trace(name, steps=steps, **s), pk(1.0, s["rtt"], s["packet_size"])


def changes(w):
    """The successive distinct draws: the first value of each block."""
    return w[np.r_[0, np.flatnonzero(np.diff(w)) + 1]]


@FEW
@given(st.sampled_from(["RWL", "RWH"]), SETUPS)
@example("RWH", {"rtt": 0.01, "packet_size": 1500, "interval": None, "seed": 0,
                 "link_rate": 2 * MBPS, "min_capacity": 0.5})
def test_symmetric_walk_steps_bounded_by_delta(name, s):
    w, per_bps = trace(name, s)
    env = ENVIRONMENTS[name]
    delta = env.delta * per_bps  # Delta in packets per RTT
    # |B_{t+1} - B_t| <= Delta before clipping; clipping at 0, C and the floor are
    # 1-Lipschitz, so the bound holds for the trace too
    assert np.all(np.abs(np.diff(w)) <= delta * (1 + 1e-12))
    assert w.min() >= s["min_capacity"]
    assert w.max() <= s["link_rate"] * per_bps * (1 + 1e-12)


@FEW
@given(st.sampled_from(["RDL", "RDH"]), SETUPS)
def test_random_values_within_floor_and_b0(name, s):
    w, per_bps = trace(name, s)
    top = min(ENVIRONMENTS[name].b0, s["link_rate"]) * per_bps
    assert np.all(w >= s["min_capacity"])
    assert np.all(w <= max(top, s["min_capacity"]) * (1 + 1e-12))


@FEW
@given(SETUPS)
def test_additive_walk_within_its_interval(s):
    w, per_bps = trace("RWA", s)
    delta, cap = ENVIRONMENTS["RWA"].delta * per_bps, s["link_rate"] * per_bps
    # B_{t+1} in [0, B_t + Delta], clipped at C; the floor only raises values, so
    # W_{t+1} <= max(floor, W_t + Delta) = W_t + Delta given the observed W_t >= floor
    prev, nxt = w[:-1], w[1:]
    assert np.all(nxt >= s["min_capacity"])
    assert np.all(nxt <= np.minimum(prev + delta, cap) * (1 + 1e-12))


@FEW
@given(SETUPS)
def test_multiplicative_walk_within_its_interval(s):
    w, _ = trace("RWM", s)
    prev, nxt = w[:-1], w[1:]
    assert np.all(nxt >= s["min_capacity"])
    assert np.all(nxt <= 5 / 3 * prev * (1 + 1e-12))  # B_{t+1} in [0, mu B_t], mu = 5/3


# ---------------------------------------------------------------- the distributions


def test_draws_are_uniform_on_the_printed_intervals():
    # With a negligible floor and a far link rate, the trace is the printed process; a draw
    # uniform on [lo, hi] has (B - lo) / (hi - lo) uniform on [0, 1]: mean 1/2, variance 1/12.
    kw = {"steps": 20000, "rtt": 0.1, "interval": 0.1, "min_capacity": 1e-300,
          "link_rate": 1e12, "seed": 2024}
    p = pk(1.0, 0.1)
    rd = capacity_trace("RDH", **kw) / (10 * MBPS * p)
    rwa = capacity_trace("RWA", **kw)
    rwa_u = rwa[1:] / (rwa[:-1] + 0.25 * MBPS * p)
    rwm = capacity_trace("RWM", **{**kw, "steps": 600})
    rwm_u = rwm[1:] / (5 / 3 * rwm[:-1])
    rwl = capacity_trace("RWL", **{**kw, "steps": 400})
    rwl_u = np.diff(rwl) / (0.5 * MBPS * p)  # (B_{t+1} - B_t) / Delta uniform in [-1, 1]
    rwl_u = rwl_u[(rwl[:-1] > 0.5 * MBPS * p) & (rwl[1:] > 0)]  # drop clipped draws
    for u, n in ((rd, 20000), (rwa_u, 19999), (rwm_u, 599)):
        assert abs(u.mean() - 0.5) < 5 / math.sqrt(12 * n)
        assert abs(u.var() - 1 / 12) < 0.02
        assert 0 <= u.min()
        assert u.max() <= 1
    assert abs(rwl_u.mean()) < 5 / math.sqrt(3 * len(rwl_u))
    assert len(rwl_u) > 100
    # RWA's stationary mean solves m = (m + Delta) / 2, i.e. m = Delta = 0.25 Mbps
    assert rwa[1000:].mean() / p == pytest.approx(0.25 * MBPS, rel=0.03)


def test_multiplicative_walk_drifts_to_the_floor():
    # E[log(B_{t+1} / B_t)] = log(5/3) + E[log U] = 0.51 - 1 < 0: B_t -> 0 almost surely,
    # so after 200 draws from 8.33 packets the trace sits at the floor of 1 packet
    w = capacity_trace("RWM", steps=200, rtt=0.1, interval=0.1, seed=0)
    assert np.all(w[-50:] == 1.0)


# ---------------------------------------------------------------- bad input

GOOD = {"steps": 10, "rtt": 0.1}


@pytest.mark.parametrize(
    ("kw", "param"),
    [({"steps": 0}, "steps"), ({"steps": -3}, "steps"), ({"rtt": 0}, "rtt"),
     ({"rtt": -0.1}, "rtt"), ({"rtt": math.nan}, "rtt"), ({"rtt": math.inf}, "rtt"),
     ({"packet_size": 0}, "packet_size"), ({"packet_size": math.nan}, "packet_size"),
     ({"link_rate": 0}, "link_rate"), ({"link_rate": -1e6}, "link_rate"),
     ({"link_rate": math.nan}, "link_rate"), ({"interval": 0}, "interval"),
     ({"interval": math.nan}, "interval"), ({"interval": -1}, "interval"),
     ({"min_capacity": 0}, "min_capacity"), ({"min_capacity": math.nan}, "min_capacity"),
     ({"seed": -1}, "seed")],
)
@pytest.mark.parametrize("name", ["CL", "SQH", "RWA"])
def test_bad_numbers_name_the_parameter(name, kw, param):
    with pytest.raises(ValueError, match=rf"^{param} must be"):
        capacity_trace(name, **{**GOOD, **kw})


@pytest.mark.parametrize(
    ("kw", "param"),
    [({"steps": 2.5}, "steps"), ({"steps": True}, "steps"), ({"rtt": "0.1"}, "rtt"),
     ({"packet_size": None}, "packet_size"), ({"link_rate": "10M"}, "link_rate"),
     ({"seed": 1.5}, "seed"), ({"interval": "1s"}, "interval")],
)
def test_bad_types_name_the_parameter(kw, param):
    with pytest.raises(TypeError, match=rf"^{param} must be"):
        capacity_trace("RWL", **{**GOOD, **kw})


@pytest.mark.parametrize(
    ("args", "kwargs", "exc", "param"),
    [((0, 2, 1, 1), {}, ValueError, "steps"), ((5, 0, 1, 1), {}, ValueError, "high"),
     ((5, 2, -1, 1), {}, ValueError, "low"), ((5, 2, 1, 0), {}, ValueError, "hold"),
     ((5, 2, 1, 1.5), {}, TypeError, "hold"), ((5, math.nan, 1, 1), {}, ValueError, "high")],
)
def test_square_wave_bad_input(args, kwargs, exc, param):
    with pytest.raises(exc, match=rf"^{param} must be"):
        square_wave(*args, **kwargs)


@pytest.mark.parametrize(
    ("fn", "kwargs", "param"),
    [(seconds_to_steps, {"seconds": 0, "rtt": 0.1}, "seconds"),
     (seconds_to_steps, {"seconds": 1, "rtt": math.nan}, "rtt"),
     (packets_per_rtt, {"bits_per_second": 1e6, "rtt": 0}, "rtt"),
     (packets_per_rtt, {"bits_per_second": 1e6, "rtt": 0.1, "packet_size": -1}, "packet_size")],
)
def test_helpers_bad_input(fn, kwargs, param):
    with pytest.raises(ValueError, match=rf"^{param} must be"):
        fn(**kwargs)
