"""RED's per-packet rule (aimdmodel.queue._red), the one both queue-model modes run.

The rule is ns-3.44's RedQueueDisc (red-queue-disc.cc DoEnqueue/DropEarly); the
properties below are Floyd & Jacobson 1993's count-uniformization and ns-3's
departures from ns-1 (the first packet after the average crosses min_th is
not tested, a forced drop leaves the count).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aimdmodel.queue._random import uniform
from aimdmodel.queue._red import decide, estimate

LO, HI, MAXP = 10.0, 30.0, 0.1


def _gaps(avg: float, n: int, seed: int = 3) -> list[int]:
    """Packets from one drop to the next at a fixed average (the first crossing excluded)."""
    rng = np.array([seed], dtype=np.uint64)
    count, gaps, since = -1, [], 0
    for _ in range(n):
        drop, count = decide(avg, 5, count, LO, HI, HI, MAXP, uniform, rng, 0)
        since += 1
        if drop:
            gaps.append(since)
            since = 0
    return gaps[1:]


def _gap_law(pb: float) -> np.ndarray:
    """P(gap = i), i = 1, 2, ...: survival after i packets is (1 - (i + 1) p_b) / (1 - p_b)."""
    surv = [1.0]
    while surv[-1] > 0.0:
        i = len(surv)
        surv.append(max(0.0, (1.0 - (i + 1) * pb) / (1.0 - pb)))
    return -np.diff(np.array(surv))


@pytest.mark.parametrize("avg", [14.0, 20.0, 28.0])
def test_drops_are_spread_uniformly_as_floyd_and_jacobson_uniformize_them(avg):
    """p_a = p_b / (1 - count p_b): the gap between drops is uniform on 1 .. 1/p_b - 1 (the
    last gap takes what is left when 1/p_b is not whole), never 1/p_b or more."""
    pb = MAXP * (avg - LO) / (HI - LO)
    law = _gap_law(pb)
    gaps = np.array(_gaps(avg, 200_000))
    assert gaps.max() <= math.ceil(1.0 / pb) - 1 == law.size
    assert np.allclose(law[:-1], pb / (1.0 - pb))  # uniform
    mean = float(np.sum(np.arange(1, law.size + 1) * law))
    assert abs(gaps.mean() - mean) < 0.03 * mean
    emp = np.array([np.mean(gaps <= i) for i in range(1, law.size + 1)])
    assert np.max(np.abs(emp - np.cumsum(law))) < 0.03  # Kolmogorov-Smirnov distance


def test_the_first_packet_above_min_th_is_not_tested_and_draws_nothing():
    rng = np.array([9], dtype=np.uint64)
    drop, count = decide(HI - 0.5, 5, -1, LO, HI, HI, MAXP, uniform, rng, 0)
    assert (drop, count, int(rng[0])) == (False, 1, 9)


@given(count=st.integers(0, 10_000), avg=st.floats(LO, HI, exclude_max=True))
@settings(max_examples=200, deadline=None)
def test_every_packet_tested_between_the_thresholds_draws_one_number(count, avg):
    """ns-3's DropEarly draws before it compares, also when count p_b >= 1 drops the packet
    anyway: the stream moves on by one number per tested packet (ns-3's next draws are the
    packet-level mode's only if it draws as many)."""
    rng = np.array([9], dtype=np.uint64)
    twin = rng.copy()
    uniform(twin, 0)  # one draw further
    drop, _ = decide(avg, 5, count, LO, HI, HI, MAXP, uniform, rng, 0)
    assert rng[0] == twin[0]
    pb = MAXP * (avg - LO) / (HI - LO)
    if (count + 1) * pb >= 1.0 + 1e-9:
        assert drop


@given(count=st.integers(-1, 500), avg=st.floats(HI, 1e6), q=st.integers(2, 10_000))
@settings(max_examples=200, deadline=None)
def test_a_forced_drop_leaves_the_count(count, avg, q):
    """Above max_th (not gentle) every packet is dropped; ns-3 keeps counting (-1 stays)."""
    rng = np.array([1], dtype=np.uint64)
    drop, new = decide(avg, q, count, LO, HI, HI, MAXP, uniform, rng, 0)
    assert drop
    assert new == (count + 1 if count >= 0 else -1)
    assert int(rng[0]) == 1


@given(avg=st.floats(0.0, 1e6), count=st.integers(-1, 500), q=st.integers(0, 1))
@settings(max_examples=200, deadline=None)
def test_nothing_is_dropped_while_at_most_one_packet_waits(avg, count, q):
    rng = np.array([1], dtype=np.uint64)
    assert decide(avg, q, count, LO, HI, HI, MAXP, uniform, rng, 0) == (False, -1)


def test_gentle_red_drops_early_between_max_th_and_twice_it():
    """Gentle: above max_th, p_b rises from max_p to 1 at 2 max_th; forced drops only beyond."""
    gaps = []
    rng = np.array([5], dtype=np.uint64)
    count, since = 0, 0
    for _ in range(50_000):
        drop, count = decide(45.0, 5, count, LO, HI, 2 * HI, MAXP, uniform, rng, 0)
        since += 1
        if drop:
            gaps.append(since)
            since = 0
    pb = MAXP + (1 - MAXP) * (45.0 - HI) / HI  # 0.55: every gap is 1 packet
    assert pb * 2 > 1.0
    assert set(gaps) == {1}
    assert decide(2 * HI, 5, 3, LO, HI, 2 * HI, MAXP, uniform, rng, 0) == (True, 4)


@given(avg=st.floats(0.0, 100.0), wq=st.floats(1e-4, 0.5), m=st.integers(0, 10_000),
       q=st.integers(0, 1000))
@settings(max_examples=200, deadline=None)
def test_the_average_decays_over_the_idle_packet_times(avg, wq, m, q):
    """ns-3's Estimator: as if m packets had found the queue empty before this one."""
    stepped = avg
    for _ in range(min(m, 50)):
        stepped = estimate(stepped, wq, 0, 0.0)
    if m <= 50:
        assert estimate(avg, wq, m, q) == pytest.approx(estimate(stepped, wq, 0, q), rel=1e-9,
                                                        abs=1e-12)
    assert estimate(avg, wq, 0, q) == avg * (1.0 - wq) + wq * q
    assert estimate(avg, wq, m, 0.0) <= avg
