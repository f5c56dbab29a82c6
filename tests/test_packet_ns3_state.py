"""The packet-level mode's copies of ns-3 state that are not TCP's rules: random streams, the
receiver's SACK list, the device queue's refill (the live comparisons with ns-3 are in
test_ns3.py)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from aimdmodel.queue import run
from aimdmodel.queue._mrg import stream_state, u01
from aimdmodel.queue._packet import _sack_list_add, _sack_list_clear
from aimdmodel.scenario import RED, Flow, Link, Scenario


@pytest.mark.parametrize(("kw", "name"), [({"stream": -1, "run": 1}, "stream"),
                                          ({"stream": 2**63, "run": 1}, "stream"),
                                          ({"stream": 1, "run": -1}, "run"),
                                          ({"stream": 1, "run": 1, "seed": 0}, "seed")])
def test_a_stream_out_of_range_is_refused_with_its_name(kw, name):
    with pytest.raises(ValueError, match=name):
        stream_state(**kw)


def test_streams_and_runs_are_distinct_and_uniform():
    rows = np.stack([stream_state(50, 1), stream_state(51, 1), stream_state(50, 2)])
    draws = np.array([[u01(rows, i) for i in range(3)] for _ in range(20_000)])
    assert ((draws >= 0.0) & (draws < 1.0)).all()
    assert np.abs(draws.mean(axis=0) - 0.5).max() < 0.01
    assert abs(np.corrcoef(draws.T)[0, 1]) < 0.03
    assert not np.array_equal(draws[:, 0], draws[:, 2])


LOSSY = Scenario(flows=(Flow(variant="sack"), Flow(variant="newreno")),
                 link=Link(rate=5e6, buffer=30, discipline="red",
                           red=RED(min_th=5, max_th=15), random_loss=0.01),
                 duration=4.0, seed=7, warmup=0.0)


def test_replication_r_is_the_ns3_run_seed_plus_r():
    """As the bridge: replication r of a scenario with seed s draws ns-3's run s + r."""
    both = run(LOSSY, fidelity="packet", replications=2)
    second = run(dataclasses.replace(LOSSY, seed=8), fidelity="packet")
    assert np.array_equal(both.lost[1], second.lost[0])
    assert not np.array_equal(both.lost[0], both.lost[1])


def _blocks(arrivals):
    lst, cnt = np.zeros((1, 5, 2), np.int64), np.zeros(1, np.int64)
    for s in arrivals:
        _sack_list_add(0, lst, cnt, s, s + 1)
    return [tuple(b) for b in lst[0, :cnt[0]]]


def test_the_sack_list_puts_the_newest_block_first_and_merges_it():
    assert _blocks([5, 9, 6]) == [(5, 7), (9, 10)]
    assert _blocks([5, 7, 6]) == [(5, 8)]  # a segment that bridges two blocks merges both


def test_the_sack_list_keeps_four_blocks_and_forgets_the_oldest():
    """ns-3.44: the fifth block pushes the oldest out, and it is not reported again."""
    assert _blocks([2, 4, 6, 8, 10]) == [(10, 11), (8, 9), (6, 7), (4, 5)]
    assert _blocks([2, 4, 6, 8, 10, 3]) == [(3, 5), (10, 11), (8, 9), (6, 7)]


def test_the_sack_list_drops_blocks_below_the_cumulative_ack():
    lst, cnt = np.zeros((1, 5, 2), np.int64), np.zeros(1, np.int64)
    for s in (4, 8):
        _sack_list_add(0, lst, cnt, s, s + 1)
    _sack_list_clear(0, lst, cnt, 6)
    assert [tuple(b) for b in lst[0, :cnt[0]]] == [(8, 9)]


@pytest.mark.parametrize("buffer", [3, 4, 6])
def test_syns_arriving_together_fill_the_buffer_but_not_the_device_queue(buffer):
    """Eight flows start together: their SYNs reach the bottleneck in one nanosecond. The
    first goes to the wire; the device queue (one packet) is refilled only by a wake that
    ns-3 schedules after every event of that instant (NetDeviceQueue::PacketDequeued), so the
    others meet the queue disc alone and its limit, buffer - 1: ``buffer`` SYNs pass, not
    ``buffer + 1``, and the other flows wait for their SYN's timeout (3 s). ns-3.44 gives
    exactly these first ``buffer`` flows (checked live at buffers 3, 4 and 6)."""
    sc = Scenario(flows=tuple(Flow(variant="sack", base_rtt=0.04) for _ in range(8)),
                  link=Link(rate=10e6, delay=0.01, buffer=buffer), duration=1.5, warmup=0.0)
    res = run(sc, fidelity="packet")
    started = res.sent[0].sum(axis=0) > 0
    assert started.tolist() == [True] * buffer + [False] * (8 - buffer)
