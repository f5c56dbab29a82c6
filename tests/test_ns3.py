"""The ns-3 bridge with ns-3 (skipped without the optional extra ``ns3``).

A few small scenarios (2-4 Mbit/s, 10-15 simulated seconds) run once per
module and are checked for properties: the result is the queue model's
object and its metrics apply; packets are conserved; the queue never holds
more than the buffer; the live sockets run the ops that were asked for
(ns-3 types, the run-time Tahoe recovery op, the policies' generated ops);
the generated and the Python rule give the same run; traces agree with the
samples; flows stop and transfers complete; runs are reproducible; a
policy that fails inside ns-3 is an error naming it.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, NamedTuple

import numpy as np
import pytest

pytest.importorskip("ns3")
pytest.importorskip("cppyy")

from aimdmodel.ns3 import Ns3Options, run, trace
from aimdmodel.ns3.validate import Case, validate
from aimdmodel.policies import AIMD, AIMDFCPlus, Policy
from aimdmodel.queue import QueueResult, metrics
from aimdmodel.scenario import CBR, RED, Flow, Link, Scenario

BUFFER = 20
MIXED = Scenario(
    flows=(Flow(variant="sack", base_rtt=0.03),
           Flow(variant="vegas", base_rtt=0.05),
           Flow(variant="tahoe", base_rtt=0.04, policy=AIMDFCPlus(), stop=9.0),
           Flow(variant="newreno", base_rtt=0.04, size=300_000, start=1.0)),
    link=Link(rate=4e6, delay=0.005, buffer=BUFFER),
    cross=(CBR(0.5e6, start=2.0),), duration=12.0, warmup=4.0, seed=3)


@pytest.fixture(scope="module")
def mixed():
    return trace(MIXED, record_interval=0.1)


@pytest.fixture(scope="module")
def res(mixed):
    return mixed.result


def test_the_result_is_the_queue_models_object_and_its_metrics_apply(res):
    assert isinstance(res, QueueResult)
    assert res.model == "ns3"
    assert res.sent.shape == (1, 120, 4)
    assert np.isfinite(metrics.throughput(res)).all()
    assert np.isfinite(metrics.mean_rtt(res)[0, :2]).all()
    assert 0.9 < metrics.utilization(res)[0] <= 1.0 + 1e-9


def test_packets_are_conserved(res):
    in_network = np.cumsum(res.sent - res.delivered - res.lost, axis=1)
    assert (in_network >= 0).all()
    cwnd_max = np.nanmax(res.cwnd, axis=1)
    assert (in_network <= cwnd_max[:, None, :] + BUFFER + 2).all()


def test_the_queue_never_holds_more_than_the_buffer(res, mixed):
    assert res.queue.max() <= BUFFER
    assert mixed.queue.max() <= BUFFER
    assert res.queued.sum(axis=2).max() <= BUFFER


def test_the_live_sockets_run_what_was_asked(res):
    f = res.options["flows"]
    assert (f[0]["congestion_ops"], f[0]["sack"]) == ("ns3::TcpLinuxReno", True)
    assert (f[1]["congestion_ops"], f[1]["sack"]) == ("ns3::TcpVegas", False)
    assert f[2]["recovery_ops"] == "aimdns3::TahoeRecovery"
    assert (f[2]["congestion_ops"], f[2]["name"]) == ("aimdns3::PolicyOps",
                                                       "AIMD-FC+(a=1, b=1/2, f=1/2)")
    assert f[2]["rule"] == "generated"
    assert f[2]["rule_increases"] > 0
    assert f[2]["rule_decreases"] > 0
    assert res.options["queue_disc_limit"] == BUFFER - 1


def test_a_stopped_flow_sends_nothing_and_has_no_window(res):
    after = res.t >= 9.2
    assert res.sent[0, after, 2].sum() == 0
    assert np.isnan(res.cwnd[0, after, 2]).all()
    assert np.isnan(res.cwnd[0, res.t < 0.9, 3]).all()


def test_a_finite_transfer_completes_and_delivers_its_bytes(res):
    seg = res.options["segment_size"]
    assert 1.0 < res.completion[0, 3] < MIXED.duration
    assert res.unique[0, :, 3].sum() * seg == pytest.approx(300_000, abs=seg)
    assert metrics.completion_time(res)[0, 3] == pytest.approx(res.completion[0, 3] - 1.0)


def test_the_cbr_sends_its_rate(res):
    """CBR(rate) is IP packets of packet_size at rate bit/s (OnOff's DataRate is set to the
    UDP payload's share of it): in 10 s, rate * 10 / (8 packet_size) packets, give or take
    the one that falls at an edge (OnOff sends the first one interval after its start)."""
    per_second = MIXED.cross[0].rate / (8 * MIXED.packet_size)
    assert abs(res.cross_sent[0].sum() - per_second * 10.0) <= 1.0


def test_the_traces_agree_with_the_samples(res, mixed):
    ends = res.t + res.interval
    for i in (0, 1):
        m = mixed.cwnd_flow == i
        idx = np.searchsorted(mixed.cwnd_t[m], ends[:-1], side="right") - 1
        ok = idx >= 0
        assert np.allclose(mixed.cwnd[m][idx[ok]], res.cwnd[0, :-1, i][ok])
    assert len(mixed.drop_t) == res.lost.sum() + res.cross_lost.sum()
    tcp = (mixed.drop_flow < MIXED.n_flows) & (mixed.drop_seq >= 0)
    assert tcp.any()  # the queue disc's drops of TCP segments carry their sequence number
    assert (mixed.drop_seq[mixed.drop_flow == MIXED.n_flows] == -1).all()  # CBR: none


def test_the_queue_trace_holds_each_value_from_its_time_as_the_samples_average_it(res, mixed):
    # the trace's value at queue_t[i] holds until queue_t[i + 1] (a step "post"): its
    # average over each sample is the sample's mean queue, which ns-3's area gives
    t, q = mixed.queue_t, mixed.queue
    assert t[0] > 0.0  # the first change: the first packet, from empty
    assert q[0] == 1
    assert (np.diff(t) >= 0).all()
    assert (q >= 0).all()
    edges = np.append(res.t, res.t[-1] + res.interval)
    area = np.concatenate([[0.0], np.cumsum(q[:-1] * np.diff(t))])  # the area up to t[i]

    def area_at(x):
        i = np.searchsorted(t, x, side="right") - 1
        return np.where(i >= 0, area[np.maximum(i, 0)] + q[np.maximum(i, 0)]
                        * (x - t[np.maximum(i, 0)]), 0.0)

    mean = np.diff(area_at(edges)) / np.diff(edges)
    assert np.allclose(mean, res.queue[0], rtol=1e-9, atol=1e-9)


def test_the_state_and_ack_traces_agree_with_the_counts(res, mixed):
    """Each entry into recovery is a fast retransmit, each entry into loss a timeout (a
    timeout in loss enters nothing: timeouts can be more), and SND.UNA only grows (the
    traces stop with a flow: at its stop, or when its receiver holds all of a finite
    transfer)."""
    for i in range(MIXED.n_flows):
        st = mixed.state[mixed.state_flow == i]
        assert (st == 3).sum() == res.fast_retransmits[0, i]
        assert (st == 4).sum() <= res.timeouts[0, i]
        acks = mixed.ack[mixed.ack_flow == i]
        assert acks.size > 0
        assert (np.diff(acks) > 0).all()
    assert np.all(np.isin(mixed.state, [0, 1, 2, 3, 4]))


def test_the_send_trace_agrees_with_the_counts(res, mixed):
    """Every data segment a flow sends is in the send trace: as many as the samples count
    (its traces stop with the flow), each a whole segment's sequence number from the
    first (1), and every segment the queue disc dropped was sent before it was dropped."""
    seg = res.options["segment_size"]
    for i in range(MIXED.n_flows):
        m = mixed.tx_flow == i
        tx, seq = mixed.tx_t[m], mixed.tx_seq[m]
        assert tx.size == res.sent[0, :, i].sum()
        assert seq.min() == 1
        assert ((seq - 1) % seg == 0).all()
        assert (np.diff(tx) >= 0).all()
        d = (mixed.drop_flow == i) & (mixed.drop_seq >= 0)
        for t, q in zip(mixed.drop_t[d], mixed.drop_seq[d], strict=True):
            assert tx[seq == q].min() <= t


def test_every_expiry_of_the_timer_is_a_timeout_also_in_loss():
    """A NewReno flow beside Vegas in half a BDP of buffer times out again while in loss
    (at 5.6 s, ns-3.44): its window falls to one segment three times, it enters the loss
    state twice, and the count holds all three."""
    sc = Scenario(flows=(Flow(variant="vegas", base_rtt=0.06), Flow(variant="newreno",
                                                                    base_rtt=0.06)),
                  link=Link(rate=10e6, delay=0.01, buffer=25), duration=6.0, warmup=0.0)
    tr = trace(sc)
    cw = tr.cwnd[tr.cwnd_flow == 1]
    to_one = int(((cw[1:] == 1.0) & (cw[:-1] > 1.0)).sum())
    entries = int((tr.state[tr.state_flow == 1] == 4).sum())
    assert to_one > entries
    assert tr.result.timeouts[0, 1] == to_one


@pytest.mark.parametrize(("name", "seconds"), [
    ("1 flow, SACK, DropTail 1 BDP", 20.0),
    ("4 flows, SACK, DropTail 1 BDP", 20.0),
    ("4 flows, SACK + New-AIMD(a=1, b=1/2, charitable), DropTail 1 BDP", 40.0),
    ("2 flows, newreno, RTT 40/80 ms, DropTail 8 packets", 20.0),
    ("2 flows, newreno, DropTail 1 BDP, ns-3 PRR recovery", 20.0),
    ("2 flows, veno, DropTail 1 BDP", 25.0),  # past 18.8 s, where Veno's reset mattered
    ("8 flows, newreno, DropTail 0.5 BDP", 20.0),
    ("4 flows + CBR 3 Mbit/s, DropTail 1 BDP", 20.0),
    ("1 flow, SACK, random loss 1%", 20.0),
    ("1 flow, westwood, random loss 1%", 20.0),
    ("1 flow, veno, random loss 1%", 20.0),
    ("4 flows, SACK, RED 2 BDP", 20.0),
    ("2 flows, sack, RTT 40/80 ms, RED 1 BDP", 20.0),
    ("2 flows, newreno, RTT 25/150 ms, RED 1 BDP", 20.0),
    ("8 flows, SACK, RED 2 BDP", 20.0),
    ("32 flows, newreno, RED 2 BDP", 10.0)])
def test_the_packet_level_mode_drops_what_ns3_drops(name, seconds):
    """Packet by packet, as ns-3.44: every drop at the same millisecond and of the same
    flow, with SACK (one flow, four that start together, four with a policy as their
    congestion op, for 40 s) and without (NewReno through slow starts, timeouts and the
    go-back-N after them; PRR recovery; Veno; eight flows at half a BDP; CBR cross traffic,
    as ns-3's OnOff source sends it through its own access link), since the mode
    has ns-3's handshake (SYNs that queue), its access links and PPP headers to the
    nanosecond, the order of its scheduler at one instant, SACK blocks that lengthen an
    ACK, and ns-3.44's arithmetic (whole bytes, PRR's uint32 product). With random drops
    too: random loss (SACK, Westwood+, Veno) and RED's drops (two, four, eight and 32 flows),
    as the mode draws ns-3's random numbers (its MRG32k3a streams, the bridge's stream
    numbers, the scenario's seed as ns-3's run; one number per packet RED tests, also when
    the count makes the drop certain), runs RedQueueDisc's arithmetic, queues ACKs behind
    each other on their way back, and refills the device queue after the instant of a
    departure (packets arriving in that nanosecond meet the queue disc alone)."""
    from aimdmodel.ns3.validate import reference_set
    from aimdmodel.queue import QueueOptions
    from aimdmodel.queue import run as qrun

    case = next(c for c in reference_set() if c.name == name)
    sc = dataclasses.replace(case.scenario, duration=seconds, warmup=0.0)
    tr = trace(sc, **case.ns3)
    same = {k: v for k, v in case.ns3.items() if k in ("recovery", "reno_ops")}
    res = qrun(sc, fidelity="packet", options=QueueOptions(record_interval=0.001, **same))
    bins = np.arange(res.t.size + 1) * 0.001
    for i in range(sc.n_flows):
        ns3 = np.histogram(tr.drop_t[tr.drop_flow == i], bins)[0]
        assert ns3.sum() > 0
        assert np.array_equal(res.lost[0, :, i], ns3)


@pytest.mark.parametrize("sizes", [(289_600, 1_448_000), (289_000, 1_447_001)])
def test_finite_transfers_complete_when_ns3s_do(sizes):
    """A SACK transfer of 200 segments and a NewReno one of 1000 that joins at 0.5 s, through
    a 30-packet DropTail buffer: the SACK flow's recovery at the end of its data resends by
    NextSeg's rule 3; the NewReno flow, its FIN sent with its last segment (FIN_WAIT_1),
    sends nothing in the open state, so its last hole waits for the timer (1 s). Full last
    segments (289,600 = 200 x 1448 bytes of payload), and short ones (648 and 449 bytes),
    which ns-3 sends into a window of less than a segment and which are shorter on every
    link. Each receiver has its last byte at the nanosecond ns-3's sink has it, and every
    millisecond's drops, sends and bytes received are ns-3's."""
    from aimdmodel.queue import run as qrun

    sc = Scenario(flows=(Flow(variant="sack", base_rtt=0.04, size=sizes[0]),
                         Flow(variant="newreno", base_rtt=0.06, size=sizes[1], start=0.5)),
                  link=Link(rate=10e6, delay=0.01, buffer=30), duration=6.0, warmup=0.0)
    ns3 = run(sc, record_interval=0.001)
    mode = qrun(sc, fidelity="packet", record_interval=0.001)
    assert np.array_equal(mode.lost, ns3.lost)
    assert np.array_equal(mode.sent, ns3.sent)
    assert np.allclose(mode.unique, ns3.unique, rtol=0.0, atol=1e-9)
    assert ns3.timeouts[0, 1] >= 1
    assert np.allclose(mode.completion, ns3.completion, rtol=0.0, atol=2e-9)


def _at_2mbps(flows: tuple, buffer: int, duration: float, seed: int = 0) -> Scenario:
    """A 2 Mb/s dumbbell of ``(variant, base_rtt, size, start)`` flows (size None: no end)."""
    return Scenario(flows=tuple(Flow(variant=v, base_rtt=r, size=n, start=t)
                                for v, r, n, t in flows),
                    link=Link(rate=2e6, delay=0.01, buffer=buffer), duration=duration,
                    warmup=0.0, seed=seed)


_TRANSFER_ENDS = {
    # flow 0's last hole is filled after its FIN came: the receiver's FIN is its only answer
    "fin-after-hole": _at_2mbps((("sack", 0.04, 60_000, 0.0), ("newreno", 0.1, None, 0.1),
                                 ("sack", 0.06, 200_000, 0.3)), buffer=10, duration=4.0),
    # three transfers ending while others run, through a 5-packet buffer
    "three-transfers": _at_2mbps((("cubic", 0.04, 347_520, 0.3965),
                                  ("westwood", 0.1, 208_512, 0.3629),
                                  ("newreno", 0.04, 82_536, 0.1816)),
                                 buffer=5, duration=8.0, seed=18),
    # CUBIC's last data sent in slow start: ns-3 keeps growing cwnd on the ACKs that follow
    # (its m_isCwndLimited is set only when a segment is sent), which its loss then cuts
    "cwnd-limited-kept": _at_2mbps((("cubic", 0.1, 173_982, 0.386),
                                    ("veno", 0.06, 54_740, 0.1733),
                                    ("sack", 0.1, 34_041, 0.2472)),
                                   buffer=20, duration=4.0, seed=33),
    # veno's last ACK waits behind its own spurious retransmissions (RED, 20 packets): its
    # receiver's LAST_ACK timer (3 x its 34 ms handshake sample) sends its FIN again, which
    # delays westwood's ACK on the way back
    "last-ack-timer": Scenario(flows=(Flow(variant="westwood", base_rtt=0.1, size=226_041,
                                           start=0.3915),
                                      Flow(variant="newreno", base_rtt=0.06, size=381_446,
                                           start=0.0313),
                                      Flow(variant="veno", base_rtt=0.04, size=224_252,
                                           start=0.4073)),
                               link=Link(rate=2e6, delay=0.01, buffer=20, discipline="red"),
                               duration=8.0, warmup=0.0, seed=29),
    # after a timeout, Tahoe resends the short last segment into a window of less than a
    # segment (the data left fit)
    "short-last-again": _at_2mbps((("tahoe", 0.1, 210_287, 0.2773),), buffer=8,
                                  duration=6.0, seed=37),
}


@pytest.mark.parametrize("name", sorted(_TRANSFER_ENDS))
def test_a_transfers_end_is_ns3s_packet_for_packet(name):
    """When a transfer's receiver has everything, PacketSink's socket (shut for sending)
    closes: its FIN goes back after the ACK of the segment that carried the sender's FIN,
    or alone when a hole was filled after that FIN came; the sender answers from
    TIME_WAIT with an ACK through the bottleneck, and the receiver's LAST_ACK timer sends
    its FIN again if that ACK is late. These small packets delay other flows' ACKs,
    handshakes and data. A sender whose data are all sent keeps the cwnd-limited flag of
    its last segment, so its window still grows; a short last segment goes again into a
    window of less than a segment. Every millisecond's sends and drops, and every
    completion, are ns-3's."""
    from aimdmodel.queue import run as qrun

    sc = _TRANSFER_ENDS[name]
    ns3 = run(sc, record_interval=0.001)
    mode = qrun(sc, fidelity="packet", record_interval=0.001)
    assert np.array_equal(mode.lost, ns3.lost)
    assert np.array_equal(mode.sent, ns3.sent)
    done = np.isfinite(ns3.completion)
    assert done.sum() >= min(2, sc.n_flows)
    assert np.array_equal(np.isfinite(mode.completion), done)
    assert np.allclose(mode.completion[done], ns3.completion[done], rtol=0.0, atol=2e-9)


def test_a_variant_with_its_own_rule_keeps_a_small_queue():
    sc = Scenario(flows=(Flow(variant="vegas", base_rtt=0.04),), link=Link(rate=2e6, buffer=50),
                  duration=15.0, warmup=5.0)
    r = run(sc)
    assert metrics.loss_rate(r)[0, 0] == 0
    assert 1 <= r.queue[0, r.t >= 5].mean() <= 4  # Vegas: alpha..beta = 2..4 packets


TWO = Scenario(flows=(Flow(variant="sack", policy=AIMDFCPlus(), base_rtt=0.04),
                      Flow(variant="sack", policy=AIMDFCPlus(), base_rtt=0.06)),
               link=Link(rate=3e6, delay=0.005, buffer=15), duration=10.0, seed=5)


def test_the_generated_and_the_python_rule_give_the_same_run():
    gen = run(TWO)
    py = run(TWO, rule="python")
    assert py.options["flows"][0]["rule"] == "python"
    assert py.options["flows"][0]["python_calls"] > 0
    for k in ("sent", "delivered", "lost"):
        assert np.array_equal(getattr(gen, k), getattr(py, k))


def test_runs_are_reproducible_and_the_run_number_matters():
    sc = Scenario(flows=(Flow(variant="sack", base_rtt=0.04),),
                  link=Link(rate=2e6, buffer=40, random_loss=0.02), duration=8.0, seed=7)
    a, b = run(sc), run(sc)
    c = run(sc, run=8)
    assert np.array_equal(a.lost, b.lost)
    assert not np.array_equal(a.lost, c.lost)
    assert a.options["run"] == [7]
    two = run(sc, replications=2)
    assert two.n_replications == 2
    assert np.array_equal(two.lost[1], c.lost[0])


def test_red_and_a_rate_trace_run():
    sc = Scenario(flows=(Flow(variant="sack", base_rtt=0.04), Flow(variant="sack")),
                  link=Link(rate=[2e6, 4e6], rate_interval=5.0, buffer=40, discipline="red",
                            red=RED(min_th=5, max_th=15)), duration=10.0)
    r = run(sc, record_interval=0.5)
    assert r.options["queue_disc"] == "ns3::RedQueueDisc"
    assert r.capacity[0] * 2 == pytest.approx(r.capacity[-1])
    thr = r.delivered[0].sum(axis=1)
    assert thr[r.t >= 6].mean() > 1.5 * thr[(r.t >= 2) & (r.t < 5)].mean()


class _W(NamedTuple):
    w: Any


@dataclasses.dataclass(frozen=True, repr=False)
class Plunge(Policy):
    """A rule whose decrease makes the window negative."""

    name: ClassVar[str] = "plunge"

    def init(self, x):
        return _W(x)

    def window(self, s):
        return s.w

    def increase(self, s):
        return _W(s.w + 1)

    def decrease(self, s):
        return _W(s.w - 1000)


@dataclasses.dataclass(frozen=True, repr=False)
class Broken(Plunge):
    """A rule whose decrease raises."""

    name: ClassVar[str] = "broken"

    def decrease(self, s):
        raise ZeroDivisionError("no decrease")


SMALL = Scenario(flows=(Flow(variant="sack", base_rtt=0.04),), link=Link(rate=2e6, buffer=10),
                 duration=6.0)


def test_a_negative_window_inside_ns3_is_an_error_naming_the_policy():
    sc = dataclasses.replace(SMALL, flows=(Flow(variant="sack", policy=Plunge()),))
    with pytest.raises(ValueError, match=r"flows\[0\]\.policy Plunge\(\) returned the window"):
        run(sc)


def test_a_python_rule_that_raises_is_an_error_naming_the_method():
    sc = dataclasses.replace(SMALL, flows=(Flow(variant="sack", policy=Broken()),))
    with pytest.raises(ValueError, match=r"Broken\(\)\.decrease raised ZeroDivisionError"):
        run(sc, options=Ns3Options(rule="python"))


def test_the_validation_compares_a_case_with_the_queue_model():
    case = Case("tiny", dataclasses.replace(SMALL, duration=8.0, warmup=3.0), "one flow",
                replications=1)
    v = validate([case], models=("queue",))
    assert v.summary()["queue"]["utilization"][1] == 1
    ns3, queue = v.results[0]["ns3"].values, v.results[0]["queue"].values
    assert ns3["utilization"] > 0.8
    assert len(ns3["flows"]["goodput"]) == len(queue["flows"]["goodput"]) == SMALL.n_flows
    comp = v.flows("queue")[0]
    assert [d.ns3 for d in comp.goodput] == ns3["flows"]["goodput"]
    assert "| tiny |" in v.table(command="test", version="test")


class _Interrupted(BaseException):
    """Raised by a rule's method inside ns-3: it crosses C++ (an ``Exception`` would not)."""


@dataclasses.dataclass(frozen=True)
class _WindowText(AIMD):
    """A rule whose window is a string."""

    def window(self, s):
        return "abc"


@dataclasses.dataclass(frozen=True)
class _WindowInterrupts(AIMD):
    """A rule whose window raises a BaseException (as Ctrl-C would) inside ns-3."""

    def window(self, s):
        raise _Interrupted("stop")


def test_a_failed_run_leaves_ns3_clean_for_the_next_one():
    link = Link(rate=2e6, buffer=20)
    one = Scenario(flows=(Flow(policy=_WindowText()),), link=link, duration=2.0)
    with pytest.raises(ValueError, match=r"flows\[0\]\.policy .*window"):
        run(one, rule="python")
    with pytest.raises(ValueError, match="cannot be traced"):
        run(one, rule="generated")
    two = Scenario(flows=(Flow(policy=_WindowInterrupts()),), link=link, duration=2.0)
    with pytest.raises(_Interrupted):
        run(two, rule="python")
    good = run(Scenario(flows=(Flow(),), link=link, duration=2.0))  # no address collision
    assert good.delivered.sum() > 0


def test_values_are_checked_in_python_before_any_cxx():
    sc = Scenario(flows=(Flow(),), link=Link(rate=2e6, buffer=20), duration=2.0)
    for kw, word in (({"record_interval": 1e-9}, "record_interval"),
                     ({"segment_size": 10**6}, "segment_size"),
                     ({"segment_size": 1449}, "segment_size"), ({"run": -1}, "run"),
                     ({"socket_buffer": 2**40}, "socket_buffer"),
                     ({"approximate": "no"}, "approximate")):
        with pytest.raises((ValueError, TypeError), match=word):
            run(sc, **kw)


def test_no_part_of_a_policys_repr_reaches_the_cxx():
    from aimdmodel.ns3.rules import generate

    @dataclasses.dataclass(frozen=True)
    class Sneaky(AIMD):
        def __repr__(self):
            return "x\n} int injected() { return 1; } //"

    assert "injected" not in generate(Sneaky()).code


@pytest.mark.parametrize("run_number", [1, 2, 987654321])
@pytest.mark.parametrize("stream", [50, 100, 117])
def test_the_queue_models_random_streams_are_ns3s(run_number, stream):
    """aimdmodel.queue._mrg draws what ns-3.44's UniformRandomVariable on a stream draws."""
    from aimdmodel.ns3._loader import load
    from aimdmodel.queue._mrg import NS3_SEED, stream_state, u01

    ns3 = load().ns3
    ns3.RngSeedManager.SetSeed(NS3_SEED)
    ns3.RngSeedManager.SetRun(run_number)
    uv = ns3.CreateObject[ns3.UniformRandomVariable]()
    uv.SetStream(stream)
    theirs = [uv.GetValue() for _ in range(2000)]
    S = stream_state(stream, run_number).reshape(1, 6)
    assert [u01(S, 0) for _ in range(2000)] == theirs
