"""Checks that the round-based queue model is right: known results it must reproduce.

Each test states the result it checks and where it comes from; the numbers
are computed by the model in the test, and the formulas they are compared
with are written here from their sources (not taken from aimdmodel.response,
which is written in parallel).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from aimdmodel.queue import metrics, run
from aimdmodel.scenario import RED, Flow, Link, Scenario

PACKET_BITS = 8 * 1500


def mathis(p: float, rtt: float) -> float:
    """Mathis, Semke, Mahdavi & Ott 1997, Eq. (3): BW = (MSS/RTT) C/sqrt(p), C = sqrt(3/2).

    In packets per second (MSS = one packet); C = sqrt(3/2) = 1.22 for
    periodic loss and one ACK per packet.
    """
    return math.sqrt(1.5) / (rtt * math.sqrt(p))


def pftk(p: float, rtt: float, t0: float, b: int = 1) -> float:
    """Padhye, Firoiu, Towsley & Kurose 1998, Eq. (33) (the 'approximate model'), packets/s.

    B(p) = 1 / (RTT sqrt(2bp/3) + T0 min(1, 3 sqrt(3bp/8)) p (1 + 32 p^2)),
    without the receiver-window cap (no rwnd in the scenario).
    """
    return 1.0 / (rtt * math.sqrt(2 * b * p / 3)
                  + t0 * min(1.0, 3 * math.sqrt(3 * b * p / 8)) * p * (1 + 32 * p * p))


def _lossy(variant: str, p: float, rtt: float = 0.1) -> Scenario:
    """One flow, random loss p, a link and buffer no window reaches (no congestion loss)."""
    window = 1.5 / math.sqrt(p)
    duration = max(150.0, 250 * rtt / (p * window))  # about 250 loss events
    return Scenario(flows=(Flow(variant=variant, base_rtt=rtt),),
                    link=Link(rate=1e9, buffer=100_000, random_loss=p),
                    duration=duration, warmup=20.0, seed=1)


def _pkts_per_s(res) -> np.ndarray:
    return metrics.throughput(res)[:, 0] / PACKET_BITS


@pytest.mark.parametrize("variant", ["reno", "newreno"])
@pytest.mark.parametrize("p", [1e-4, 1e-3, 1e-2])
def test_one_flow_with_random_loss_follows_mathis(variant, p):
    """Throughput within 15% of 1.22/(RTT sqrt(p)) for p in [1e-4, 1e-2]."""
    res = run(_lossy(variant, p), replications=2)
    thr = _pkts_per_s(res).mean()
    assert abs(thr / mathis(p, 0.1) - 1) < 0.15
    assert metrics.loss_rate(res).mean() == pytest.approx(p, rel=0.2)  # the loss is p


@pytest.mark.parametrize("variant", ["reno", "newreno"])
def test_where_timeouts_matter_pftk_is_closer_than_mathis(variant):
    """At p = 0.05 timeouts take a large share: the model is nearer PFTK (T0 = min RTO 1 s)."""
    p = 0.05
    res = run(_lossy(variant, p), replications=2)
    thr = _pkts_per_s(res).mean()
    assert res.timeouts.sum() > 0
    assert abs(thr - pftk(p, 0.1, t0=1.0)) < abs(thr - mathis(p, 0.1))
    assert thr < 0.8 * mathis(p, 0.1)


def _one_flow(variant: str, buffer: int) -> Scenario:
    return Scenario(flows=(Flow(variant=variant, base_rtt=0.1),),
                    link=Link(rate=10e6, buffer=buffer), duration=200.0, warmup=40.0, seed=2)


@pytest.mark.parametrize("variant", ["newreno", "sack"])
def test_a_tiny_buffer_gives_three_quarters_and_one_bdp_gives_full_utilization(variant):
    """The sawtooth between W/2 and W = BDP uses 3/4 of the link; a BDP of buffer fills it.

    The synchronous model's AIMD(1, 1/2) efficiency 3/4 (Lahanas & Tsaoussidis
    2003, Eq. 1) reappears with a buffer of 2 packets; with a buffer of one BDP
    the window never falls below the BDP (Villamizar & Song 1994). Not 0
    packets: the ACK clock sends a window at the bottleneck's rate and the
    increase's extra packet beside one of them, which needs a place (with no
    buffer at all every window above one tick's service loses its tail).
    """
    bdp = round(10e6 * 0.1 / PACKET_BITS)  # 83 packets
    empty = metrics.utilization(run(_one_flow(variant, 2)))[0]
    full = metrics.utilization(run(_one_flow(variant, bdp)))[0]
    assert 0.65 < empty < 0.80
    assert full > 0.99
    assert full - empty > 0.2


@pytest.mark.parametrize(("rtt", "buffer"), [(0.1, 83), (0.1, 50), (0.04, 33), (0.04, 17)])
def test_vegas_alone_keeps_alpha_to_beta_packets_queued_and_loses_nothing(rtt, buffer):
    """Brakmo & Peterson: diff = cwnd (1 - BaseRTT/RTT), kept in [alpha, beta] = [2, 4].

    Alone on the link, diff is the flow's own queue, and Vegas' slow-start
    exit (diff > gamma, read on the smoothed RTT as ns-3 does) stops the
    window before the buffer overflows: nothing lost with a buffer of one
    BDP (33 packets at 40 ms, 83 at 100 ms) and nothing after slow start
    with about half of one (17 and 50 packets: the last slow-start round,
    two packets per ACK, overflows 17 by a few packets), no timeout; ns-3's
    Vegas loses nothing on these set-ups (the validation's Vegas cases).
    """
    sc = Scenario(flows=(Flow(variant="vegas", base_rtt=rtt),),
                  link=Link(rate=10e6, buffer=buffer), duration=60.0, warmup=20.0, seed=3)
    res = run(sc, record_interval=0.1)
    m = metrics.window(res)
    q = res.queue[0, m]
    assert res.lost[:, m].sum() == 0
    assert res.lost.sum() == 0 or buffer < rtt * 10e6 / PACKET_BITS
    assert np.nansum(res.timeouts) == 0
    assert 1.0 <= q.mean() <= 4.0
    lo, hi = np.percentile(q, [5, 95])
    assert lo >= 1.0
    assert hi <= 5.5
    assert metrics.utilization(res)[0] > 0.99


def _two_rtts(discipline: str, buffer: int, red: RED | None = None) -> Scenario:
    return Scenario(flows=(Flow(variant="reno", base_rtt=0.04),
                           Flow(variant="reno", base_rtt=0.08)),
                    link=Link(rate=10e6, buffer=buffer, discipline=discipline, red=red),
                    duration=300.0, warmup=50.0, seed=4)


@pytest.mark.parametrize(("discipline", "buffer", "red"), [
    ("droptail", 8, None), ("droptail", 33, None), ("red", 133, RED(5, 15, 0.1)),
])
def test_two_reno_flows_with_rtts_one_to_two_share_between_the_textbook_limits(discipline,
                                                                               buffer, red):
    """Short-RTT bias: goodput ratio between RTT2/RTT1 (random, independent losses, Mathis)
    and (RTT2/RTT1)^2 (losses synchronized at a DropTail queue), with the RTTs measured.

    What the model gives: DropTail about (RTT2/RTT1)^1.15 (8 and 33 packets),
    RED about (RTT2/RTT1)^1.0-1.1; the synchronized limit is not reached. The
    test bounds the ratio by the two limits.

    ns-3 is more unequal at these fixed RTTs (``python benchmarks/rtt_bias.py``:
    exponents 1.78, 3.96 and 2.03), but at a DropTail queue ns-3's split is
    set by the phase of the RTTs against the packet time (Floyd & Jacobson
    1992): moving the long RTT by half a packet time hands the larger share
    to the long flow (VALIDATION.md; tests/test_validation_store.py). Averaged
    over phases ns-3's exponent is 1.1-1.7 at RTTs 40/80 ms.
    """
    res = run(_two_rtts(discipline, buffer, red), replications=3)
    g = metrics.goodput(res)
    rtt = metrics.mean_rtt(res)
    share = (g[:, 0] / g[:, 1]).mean()
    rr = (rtt[:, 1] / rtt[:, 0]).mean()
    assert 0.95 * rr < share < rr ** 2
    assert metrics.utilization(res).min() > 0.6


def test_drr_shares_equally_whatever_the_rtts():
    """Fair queueing (Demers, Keshav & Shenker 1989; DRR, Shreedhar & Varghese 1995)."""
    res = run(_two_rtts("drr", 66), replications=2)
    assert metrics.jain(res).min() > 0.99


def test_conservation_and_fifo_bound_on_a_congested_run():
    """Sent = delivered + lost + queued for every flow at the end of every sample (FIFO)."""
    sc = Scenario(flows=(Flow(variant="tahoe"), Flow(variant="sack", base_rtt=0.05),
                         Flow(variant="vegas", base_rtt=0.2)),
                  link=Link(rate=4e6, buffer=25, random_loss=0.001), duration=40.0, seed=5)
    res = run(sc, record_interval=0.01)
    flow = np.cumsum(res.sent - res.delivered - res.lost, axis=1)
    assert np.array_equal(flow, res.queued)
    assert (res.queued >= 0).all()
    assert (res.queued.sum(axis=2) <= 25).all()
