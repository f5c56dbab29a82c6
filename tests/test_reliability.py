"""What the front door and the limits must not change (results of accepted runs)."""

from __future__ import annotations

import numpy as np
import pytest

from aimdmodel import NewAIMD, queue
from aimdmodel.scenario import CBR, Flow, Link, Scenario


@pytest.mark.parametrize("policy", [None, NewAIMD()], ids=["compiled-rule", "python-rule"])
def test_a_progress_bar_leaves_the_queue_models_result_unchanged(policy):
    sc = Scenario(flows=(Flow(policy=policy, base_rtt=0.05), Flow(base_rtt=0.1)),
                  link=Link(rate=5e6, buffer=30, discipline="red"),
                  cross=(CBR(rate=1e6, start=2.0),), duration=10.0, seed=3)
    quiet = queue.run(sc, replications=2, progress=False)
    shown = queue.run(sc, replications=2, progress=True)  # the loop runs in chunks
    for name in ("cwnd", "sent", "delivered", "lost", "queue", "rtt"):
        np.testing.assert_array_equal(getattr(quiet, name), getattr(shown, name))


def test_numpy_integers_give_the_same_scenario_as_ints():
    plain = Scenario(flows=(Flow(size=10**6, rwnd=40),), link=Link(buffer=50), packet_size=1000,
                     seed=5, duration=5.0)
    numpy = Scenario(flows=(Flow(size=np.int64(10**6), rwnd=np.uint16(40)),),
                     link=Link(buffer=np.int8(50)), packet_size=np.int16(1000), seed=np.uint8(5),
                     duration=np.float32(5.0))
    assert numpy == plain
    np.testing.assert_array_equal(queue.run(numpy).cwnd, queue.run(plain).cwnd)


def test_the_estimate_is_before_any_work_and_refusal_names_the_way_out():
    sc = Scenario(flows=(Flow(base_rtt=1e-7),), duration=60.0)
    est = queue.estimate(sc)
    assert est.ticks == pytest.approx(6e9)
    with pytest.raises(ValueError, match="raise max_work"):
        queue.run(sc)
