"""Run a :class:`~aimdmodel.scenario.Scenario` in ns-3: the dumbbell, packet by packet.

**Topology.** One sender node per flow (so each flow has its own
congestion op), a left and a right router joined by the bottleneck, one
receiver node (a sink per flow on its own port), one node for the CBR
sources. Every link but the bottleneck runs at ``Ns3Options.access_rate``.
Flow ``i``'s sender link has the delay that makes its smallest RTT
``Flow.base_rtt``: ``base_rtt/2 - Link.delay`` less half the transmission
times of a data packet and an ACK along the path; the receiver and CBR
links have none.

**Queues.** The bottleneck's device queue holds 1 packet and its root
queue disc holds ``Link.buffer - 1`` (FifoQueueDisc for DropTail,
RedQueueDisc for RED with ``Wait`` off, i.e. Floyd & Jacobson's
``p_b / (1 - count p_b)``, ``Gentle`` as ``RED.gentle``, ``LInterm =
1/max_p``, ``QW = w_q``, ``MeanPktSize`` = the packet size, no ECN), so
at most ``Link.buffer`` packets wait; every other device has a FIFO of
100000 packets (ns-3 would install FqCoDel). The recorded queue is the
queue disc's plus the device queue's packets, time-averaged exactly.

**Traffic.** Each flow is a bulk sender whose socket is created with the
flow's congestion op, recovery op and SACK option (:mod:`.variants`),
starts at ``Flow.start`` (SYN), sends ``Flow.size`` bytes or without end,
and at ``Flow.stop`` resets its connection (no queued data is sent after
the stop). ``Flow.rwnd`` sets the receiver's buffer (``RcvBufSize``) to
``rwnd`` segments. CBR sources are OnOff/UDP applications always on with
``packet_size``-byte IP packets at ``CBR.rate`` bit/s (OnOff's ``DataRate``
counts the UDP payload: ``floor(rate (packet_size - 28) / packet_size)``),
the first one interval after the start. ``Link.random_loss`` drops data packets
(TCP segments with payload, UDP) independently on arrival at the left
router, before the queue. A rate trace changes the bottleneck's rate
every ``rate_interval`` seconds (RED keeps the first rate for its idle
estimate).

**What is recorded** (C++ trace sinks, :mod:`._bridge`): per flow and
sample, data packets sent (the sender's device), delivered (left the
bottleneck), lost (dropped by the queue disc, the device queue or random
loss), goodput (bytes the sink received / segment size), cwnd (the
``CongestionWindow`` trace, NaN before the start and after the stop or
the end of a transfer), the flow's packets queued at the end of the
sample, and the mean RTT of the packets that entered the queue in the
sample (``base_rtt`` + their wait); per flow over the run, timeouts
(every expiry of the retransmission timer once data flow, seen as the
``RTO`` trace doubling; entries into ``CA_LOSS`` would miss a second
expiry in that state, which changes no state), fast retransmits (entries
into ``CA_RECOVERY``), retransmitted packets (sequence numbers sent again) and
the completion time of a finite transfer. The congestion op, recovery op
and SACK of every live socket are read back and recorded.

**What the bridge leaves out.** Pareto cross traffic (``ParetoCross``)
and DRR are refused (ns-3 has no plain DRR queue disc); a buffer below 2
packets is refused; ``reno`` and ``fack`` are refused unless
``Ns3Options(approximate=True)`` (:mod:`.variants`).

Examples
--------
>>> from aimdmodel.scenario import Flow, Link, Scenario
>>> sc = Scenario(flows=(Flow(variant="fack"),), link=Link(buffer=20), duration=5.0)
>>> check_scenario(sc, Ns3Options())  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: flows[0].variant 'fack' cannot be expressed in ns-3: not in ns-3: FACK's ...
>>> len(check_scenario(sc, Ns3Options(approximate=True)))
1
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._validate import check_count
from ..queue.options import access_rate
from ..queue.result import QueueResult
from ..scenario import CBR, HEADER_BYTES, ParetoCross, Scenario
from ._loader import load, version
from .options import RECOVERY_OPS, Ns3Options
from .rules import check_policy, instantiate
from .variants import RENO_OPS, ns3_variant

__all__ = ["Ns3Traces", "check_scenario", "run", "trace"]

_IP_TCP_TS = HEADER_BYTES   # IPv4 20 + TCP 20 + timestamp option 12 bytes
_PPP = 2          # the point-to-point header on the wire
_UDP_IP = 28      # IPv4 20 + UDP 8 bytes


@dataclass(frozen=True)
class _FlowPlan:
    """What flow ``i`` runs in ns-3."""

    congestion_ops: str      # TypeId the socket is created with
    recovery: str
    sack: bool
    policy: Any              # a Policy run by PolicyOps, or None
    expected: str            # the congestion op's TypeId the live socket must show
    note: str


def _flow_plan(flow: Any, i: int, opts: Ns3Options) -> _FlowPlan:
    try:
        var = ns3_variant(flow.variant)
    except ValueError:
        raise ValueError(f"flows[{i}].variant must be one of the ns-3 variants "
                         f"({', '.join(_variant_names())}), got {flow.variant!r}") from None
    if not var.exact and not opts.approximate:
        raise ValueError(f"flows[{i}].variant {var.name!r} cannot be expressed in ns-3: "
                         f"{var.how} (Ns3Options(approximate=True) runs the approximation)")
    recovery = var.recovery or RECOVERY_OPS[opts.recovery]
    if var.congestion_ops is not None:
        if flow.policy is not None:
            raise ValueError(f"flows[{i}].policy must be None for variant {var.name!r}: it has "
                             "its own window rule (give a policy to tahoe, reno, newreno, "
                             "sack or fack)")
        return _FlowPlan(var.congestion_ops, recovery, var.sack, None, var.congestion_ops,
                         var.how)
    if flow.policy is None:
        ops = RENO_OPS[opts.reno_ops]
        return _FlowPlan(ops, recovery, var.sack, None, ops, var.how)
    check_policy(flow.policy, f"flows[{i}].policy")
    return _FlowPlan("ns3::TcpNewReno", recovery, var.sack, flow.policy, "aimdns3::PolicyOps",
                     var.how)


def _variant_names() -> list:
    from .variants import NS3_VARIANTS

    return list(NS3_VARIANTS)


def _access_rate(scenario: Scenario, opts: Ns3Options) -> float:
    if opts.access_rate is not None:
        return float(opts.access_rate)
    return access_rate(scenario)  # the packet-level mode's default, the same links


def _wire(scenario: Scenario, opts: Ns3Options, rate: float) -> float:
    """Bit/s on the wire that carry ``rate / (8 packet_size)`` IP packets per second."""
    p = scenario.packet_size
    return rate * (p + _PPP) / p if opts.compensate_ppp else rate


def _access_delays(scenario: Scenario, opts: Ns3Options) -> list:
    """One-way delay of each sender's link (the smallest RTT is ``base_rtt``)."""
    link, p = scenario.link, scenario.packet_size
    acc = _access_rate(scenario, opts)
    first = _wire(scenario, opts, link.rate_at(0.0))
    ser = 0.0
    if opts.compensate_serialization:
        ser = 8.0 * (p + _PPP + _IP_TCP_TS + _PPP) * (2.0 / acc + 1.0 / first)
    out = []
    for i, fl in enumerate(scenario.flows):
        d = fl.base_rtt / 2.0 - link.delay - ser / 2.0
        if d < 0:
            raise ValueError(f"flows[{i}].base_rtt ({fl.base_rtt} s) is shorter than ns-3's "
                             f"path needs: 2 x link.delay + transmission times = "
                             f"{2 * link.delay + ser:.6g} s")
        out.append(d)
    return out


def check_scenario(scenario: Scenario, opts: Ns3Options) -> list:
    """Refuse what ns-3 cannot express (ValueError naming it); return each flow's plan.

    Raises
    ------
    ValueError
        Pareto cross traffic, DRR, a buffer below 2 packets, a packet too
        small for the TCP/IP headers, a variant ns-3 lacks (without
        ``approximate``), a policy a congestion op cannot run, a base RTT
        below the path's propagation and transmission times.
    """
    if not isinstance(scenario, Scenario):
        raise TypeError(f"scenario must be an aimdmodel.scenario.Scenario, got {scenario!r}")
    for i, c in enumerate(scenario.cross):
        if isinstance(c, ParetoCross):
            raise ValueError(f"cross[{i}] is a ParetoCross: Pareto-length TCP cross flows are "
                             "not expressed in ns-3 by this bridge (CBR cross traffic is)")
    link = scenario.link
    if link.discipline == "drr":
        raise ValueError("link.discipline 'drr' cannot be expressed in ns-3: it has no plain "
                         "DRR queue disc (FqCoDel is DRR with CoDel in each queue)")
    if link.buffer < 2:
        raise ValueError(f"link.buffer must be >= 2 packets in ns-3 (1 in the device queue, "
                         f">= 1 in the queue disc), got {link.buffer}")
    seg = opts.segment_size or scenario.packet_size - _IP_TCP_TS
    if seg < 1 or scenario.packet_size - _UDP_IP < 1:
        raise ValueError(f"packet_size {scenario.packet_size} leaves no payload after the "
                         f"{_IP_TCP_TS} bytes of IP, TCP and timestamp headers")
    _check_values(scenario, opts, seg)
    plans = [_flow_plan(fl, i, opts) for i, fl in enumerate(scenario.flows)]
    _access_delays(scenario, opts)
    return plans


MAX_SAMPLES = 10**6
"""Most samples a run records per flow (``duration / record_interval``)."""

_UINT32 = 2**32 - 1
_MAX_SECONDS = 9.2e9  # ns-3's Time: int64 nanoseconds


def _check_rates_and_times(scenario: Scenario, opts: Ns3Options) -> None:
    """ns-3 keeps rates in whole bit/s (uint64) and times in int64 nanoseconds."""
    link = scenario.link
    rates = [("link.rate", r) for r in np.atleast_1d(link.rate)] + [
        (f"cross[{k}].rate", c.rate) for k, c in enumerate(scenario.cross) if isinstance(c, CBR)]
    if opts.access_rate is not None:
        rates.append(("access_rate", opts.access_rate))
    for name, r in rates:
        if float(r) < 1000.0:
            raise ValueError(f"{name} must be >= 1000 bit/s in ns-3 (its rates are whole bit/s "
                             f"and a packet must leave in finite time), got {r}")
    times = [("link.delay", link.delay)] + [
        (f"flows[{i}].base_rtt", fl.base_rtt) for i, fl in enumerate(scenario.flows)] + [
        (f"cross[{k}].{a}", getattr(c, a)) for k, c in enumerate(scenario.cross)
        if isinstance(c, CBR) for a in ("start", "stop") if getattr(c, a) is not None]
    if np.ndim(link.rate) > 0:
        times.append(("link.rate_interval x len(rate)", link.rate_interval * len(link.rate)))
    for name, v in times:
        if v > _MAX_SECONDS:
            raise ValueError(f"{name} must be <= {_MAX_SECONDS:g} s in ns-3 (int64 "
                             f"nanoseconds), got {v}")


def _check_values(scenario: Scenario, opts: Ns3Options, seg: int) -> None:
    """Check every value the C++ takes against what ns-3 accepts, before any C++ runs."""
    if seg > scenario.packet_size - _IP_TCP_TS or seg > 65535:
        raise ValueError(f"segment_size must be <= packet_size - {_IP_TCP_TS} = "
                         f"{scenario.packet_size - _IP_TCP_TS} bytes (a segment must fit one "
                         f"packet of the scenario), got {seg}")
    for name in ("delayed_ack", "initial_window", "socket_buffer"):
        if getattr(opts, name) > _UINT32:
            raise ValueError(f"{name} must be <= {_UINT32} (an ns-3 uint32 attribute), got "
                             f"{getattr(opts, name)}")
    for name, v in (("duration", scenario.duration), ("min_rto", opts.min_rto)):
        if v > _MAX_SECONDS:
            raise ValueError(f"{name} must be <= {_MAX_SECONDS:g} s (ns-3's time is int64 "
                             f"nanoseconds), got {v}")
    _check_rates_and_times(scenario, opts)
    times = [
        (f"flows[{i}].{k}", getattr(fl, k)) for i, fl in enumerate(scenario.flows)
        for k in ("start", "stop") if getattr(fl, k) is not None]
    for name, v in times:
        if v > _MAX_SECONDS:
            raise ValueError(f"{name} must be <= {_MAX_SECONDS:g} s in ns-3, got {v}")
    _, samples = _interval(scenario, opts)
    if samples > MAX_SAMPLES:
        raise ValueError(f"record_interval must be >= duration / {MAX_SAMPLES} = "
                         f"{scenario.duration / MAX_SAMPLES:.3g} s (at most {MAX_SAMPLES} "
                         f"samples per run), got {opts.record_interval}")
    for i, fl in enumerate(scenario.flows):
        if fl.rwnd is not None and fl.rwnd * seg > 2**30:
            raise ValueError(f"flows[{i}].rwnd must be <= {2**30 // seg} packets (TCP's "
                             f"largest window, 2**30 bytes, of {seg}-byte segments), got "
                             f"{fl.rwnd}")
    if opts.access_rate is not None and opts.access_rate > 1e15:
        raise ValueError(f"access_rate must be <= 1e15 bit/s, got {opts.access_rate}")


@dataclass(frozen=True, eq=False)
class Ns3Traces:
    """An ns-3 run with its raw trace events (one replication).

    Attributes
    ----------
    result : QueueResult
        The sampled run (``model="ns3"``).
    cwnd_t, cwnd_flow, cwnd : ndarray
        Every change of a flow's congestion window (segments): time,
        flow index, value.
    queue_t, queue : ndarray
        Every change of the bottleneck's queue (queue disc + device queue,
        packets): time (the value holds from it on), value.
    drop_t, drop_flow, drop_seq : ndarray
        Every lost data packet: time, source (``n_flows`` = cross traffic),
        and a TCP segment's sequence number (bytes) where the queue disc
        dropped it (-1 for the other drops).
    state_t, state_flow, state : ndarray
        Every change of a flow's congestion state (ns-3 ``CongState``: 0 open,
        1 disorder, 2 CWR, 3 recovery, 4 loss): time, flow index, new state.
    ack_t, ack_flow, ack : ndarray
        Every advance of a flow's highest cumulative ACK (ns-3
        ``HighestRxAck``, SND.UNA): time, flow index, sequence number (bytes).
    tx_t, tx_flow, tx_seq : ndarray
        Every data segment a sender sends, new or again (ns-3 ``Tx``): time
        it leaves the socket, flow index, its first byte's sequence number.
    """

    result: QueueResult
    cwnd_t: np.ndarray
    cwnd_flow: np.ndarray
    cwnd: np.ndarray
    queue_t: np.ndarray
    queue: np.ndarray
    drop_t: np.ndarray
    drop_flow: np.ndarray
    drop_seq: np.ndarray
    state_t: np.ndarray
    state_flow: np.ndarray
    state: np.ndarray
    ack_t: np.ndarray
    ack_flow: np.ndarray
    ack: np.ndarray
    tx_t: np.ndarray
    tx_flow: np.ndarray
    tx_seq: np.ndarray

    def plot(self, ax: Any = None) -> list:
        """Draw each flow's cwnd (every change) and the queue; return the artists."""
        if ax is None:
            import matplotlib.pyplot as plt

            _, ax = plt.subplots(figsize=(7, 4))
        artists = []
        for i, fl in enumerate(self.result.scenario.flows):
            m = self.cwnd_flow == i
            (line,) = ax.step(self.cwnd_t[m], self.cwnd[m], where="post",
                              label=f"flow {i} ({fl.variant}) cwnd")
            artists.append(line)
        (line,) = ax.step(self.queue_t, self.queue, where="post", color="#7f7f7f",
                          linestyle=":", label="queue")
        artists.append(line)
        ax.set_xlabel("time (s)")
        ax.set_ylabel("packets")
        ax.set_title("ns-3: congestion windows and the bottleneck queue")
        ax.legend(loc="upper right", fontsize="small")
        return artists


def _interval(scenario: Scenario, opts: Ns3Options) -> tuple[float, int]:
    iv = opts.record_interval or max(scenario.duration / 1000.0, 1e-3)
    iv = min(iv, scenario.duration)
    return iv, max(1, math.ceil(scenario.duration / iv - 1e-9))


def _netcfg(gbl: Any, scenario: Scenario, opts: Ns3Options, run_no: int,
            traces: bool) -> Any:
    link = scenario.link
    c = gbl.aimdns3.NetCfg()
    c.rate = _wire(scenario, opts, link.rate_at(0.0))
    c.delay = float(link.delay)
    c.accessRate = _access_rate(scenario, opts)
    c.disc = link.discipline
    c.qdiscLimit = int(link.buffer) - 1
    if link.discipline == "red":
        red = link.red or _default_red()
        c.minTh, c.maxTh, c.maxP, c.wQ = (float(red.min_th), float(red.max_th),
                                          float(red.max_p), float(red.w_q))
        c.gentle = bool(red.gentle)
    c.randomLoss = float(link.random_loss)
    if np.ndim(link.rate) > 0:
        for r in link.rate:
            c.rateTrace.push_back(_wire(scenario, opts, r))
        c.rateInterval = float(link.rate_interval)
    c.packetSize = scenario.packet_size
    c.segSize = opts.segment_size or scenario.packet_size - _IP_TCP_TS
    c.delAck, c.initialCwnd = opts.delayed_ack, opts.initial_window
    c.sockBuf, c.minRto = opts.socket_buffer, float(opts.min_rto)
    c.cubicHyStart, c.run, c.traces = opts.cubic_hystart, int(run_no), traces
    c.interval, c.samples = _interval(scenario, opts)
    c.duration = float(scenario.duration)
    return c


def _default_red() -> Any:
    from ..scenario import RED

    return RED()


def _flowcfgs(gbl: Any, scenario: Scenario, opts: Ns3Options, plans: list) -> tuple:
    """Return the C++ flow configurations and the rules (kept alive while ns-3 runs)."""
    A = gbl.aimdns3
    delays = _access_delays(scenario, opts)
    cfgs, rules, modes = gbl.std.vector[A.FlowCfg](), [], []
    seg = opts.segment_size or scenario.packet_size - _IP_TCP_TS
    for i, (fl, plan) in enumerate(zip(scenario.flows, plans, strict=True)):
        f = A.FlowCfg()
        f.start, f.stop = float(fl.start), float(fl.stop) if fl.stop is not None else -1.0
        f.accessDelay, f.baseRtt = delays[i], float(fl.base_rtt)
        f.sendShift = delays[i] + 8.0 * (scenario.packet_size + _PPP) / _access_rate(scenario, opts)
        f.size = int(fl.size or 0)
        f.cc, f.rec, f.sack = plan.congestion_ops, plan.recovery, plan.sack
        f.rwndBytes = int(fl.rwnd * seg) if fl.rwnd else 0
        if plan.policy is not None:
            rule, mode = instantiate(plan.policy, opts.rule)
            f.rule, f.ruleName = rule, plan.policy.label()
            rules.append(rule)
            modes.append(mode)
        else:
            modes.append(None)
        cfgs.push_back(f)
    cbrs = gbl.std.vector[A.CbrCfg]()
    for c in scenario.cross:
        if isinstance(c, CBR):
            b = A.CbrCfg()
            b.rate, b.start = c.rate, c.start
            b.stop = c.stop if c.stop is not None else -1.0
            cbrs.push_back(b)
    return cfgs, cbrs, rules, modes


def _array(v: Any, shape: tuple | None = None) -> np.ndarray:
    a = np.fromiter(v, dtype=np.float64, count=len(v))
    return a if shape is None else a.reshape(shape)


def _fill_rtt(rtt: np.ndarray, sent: np.ndarray) -> np.ndarray:
    """Carry a flow's last RTT into samples where it sent but none of its packets was queued.

    (All of them were lost, or the losses of a sample are counted at the
    queue after the sends at the sender.)
    """
    out = rtt.copy()
    for j in range(out.shape[1]):
        last = np.nan
        for s in range(out.shape[0]):
            if np.isnan(out[s, j]):
                if sent[s, j] > 0:
                    out[s, j] = last
            else:
                last = out[s, j]
    return out


def _check_rules(scenario: Scenario, g: Any, rules: list, plans: list) -> None:
    """Raise what a policy did wrong inside ns-3 (a Python error, a bad window)."""
    k = 0
    for i, plan in enumerate(plans):
        if plan.policy is None:
            continue
        rule = rules[k]
        k += 1
        err = getattr(rule, "error", None)
        if err is not None:
            method, exc = err
            raise ValueError(f"flows[{i}].policy {plan.policy.label()}.{method} raised "
                             f"{type(exc).__name__}: {exc} inside ns-3")
        if g.ruleBad[i] > 0:
            raise ValueError(f"flows[{i}].policy {plan.policy.label()} returned the window "
                             f"{g.ruleBadValue[i]!r} inside ns-3; windows must be finite and "
                             ">= 0")


def _live(g: Any, plans: list, modes: list, rules: list) -> list:
    """Return the ops each live socket ran, checked against the plan."""
    out = []
    calls = iter([getattr(r, "calls", 0) for r in rules])
    for i, plan in enumerate(plans):
        cc, rec, name = str(g.ccTypes[i]), str(g.recNames[i]), str(g.ccNames[i])
        label = plan.policy.label() if plan.policy is not None else name
        if (cc, rec, name, g.sackLive[i]) != (plan.expected, plan.recovery, label,
                                               int(plan.sack)):
            raise RuntimeError(f"flows[{i}] ran {cc} ({name})/{rec}/SACK={g.sackLive[i]}, not "
                               f"{plan.expected} ({label})/{plan.recovery}/SACK="
                               f"{int(plan.sack)} (a bug of the bridge)")
        out.append({"congestion_ops": cc, "name": name, "recovery_ops": rec,
                    "sack": bool(g.sackLive[i]),
                    "rule": modes[i], "rule_increases": int(g.ruleInc[i]),
                    "rule_decreases": int(g.ruleDec[i]),
                    "python_calls": next(calls) if plan.policy is not None else 0,
                    "note": plan.note})
    return out


def _one(scenario: Scenario, opts: Ns3Options, plans: list, run_no: int,
         traces: bool) -> tuple[dict, list, dict]:
    """One ns-3 run: the per-sample arrays, the live flows, the raw traces."""
    gbl = load()
    t0 = time.perf_counter()
    cfg = _netcfg(gbl, scenario, opts, run_no, traces)
    flows, cbrs, rules, modes = _flowcfgs(gbl, scenario, opts, plans)
    t1 = time.perf_counter()
    try:
        bad = str(gbl.aimdns3.Run(cfg, flows, cbrs))
    except BaseException as exc:  # a run that did not end: ns-3 is cleaned for the next one
        gbl.aimdns3.Cleanup()
        if not isinstance(exc, Exception):
            raise  # Ctrl-C and the like go on, ns-3 clean
        raise ValueError(f"the ns-3 run failed ({type(exc).__name__}: {exc}); ns-3 was "
                         "cleaned up, the next run starts afresh") from exc
    if bad:
        raise ValueError(bad)
    seconds = {"setup": t1 - t0, "run": time.perf_counter() - t1}
    g = gbl.aimdns3.g
    _check_rules(scenario, g, rules, plans)
    n, T = scenario.n_flows, int(cfg.samples)
    shape = (T, n + 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        cnt = _array(g.oRttCnt, shape)
        rtt = np.where(cnt > 0, _array(g.oRttSum, shape) / np.maximum(cnt, 1), np.nan)
    arrays = {name: _array(getattr(g, attr), shape) for name, attr in (
        ("sent", "oSent"), ("delivered", "oDeliv"), ("lost", "oLost"), ("unique", "oUniq"),
        ("cwnd", "oCwnd"), ("queued", "oQueued"))}
    arrays.update(rtt=_fill_rtt(rtt, arrays["sent"]), queue=_array(g.oQueue),
                  completion=_array(g.completion)[:n], timeouts=_array(g.timeouts)[:n],
                  fast=_array(g.fastRetx)[:n], retx=_array(g.retx)[:n], seconds=seconds)
    raw = {}
    if traces:
        raw = {k: _array(getattr(g, a)) for k, a in (
            ("cwnd_t", "trCwndT"), ("cwnd_flow", "trCwndF"), ("cwnd", "trCwndV"),
            ("queue_t", "trQT"), ("queue", "trQV"), ("drop_t", "trDropT"),
            ("drop_flow", "trDropF"), ("drop_seq", "trDropS"),
            ("state_t", "trStT"), ("state_flow", "trStF"),
            ("state", "trStV"), ("ack_t", "trAckT"), ("ack_flow", "trAckF"), ("ack", "trAckV"),
            ("tx_t", "trTxT"), ("tx_flow", "trTxF"), ("tx_seq", "trTxS"))}
    return arrays, _live(g, plans, modes, rules), raw


def _capacity(scenario: Scenario, t: np.ndarray, interval: float) -> np.ndarray:
    """Mean capacity (IP packets/s) over each sample."""
    link, bits = scenario.link, 8.0 * scenario.packet_size
    if np.ndim(link.rate) == 0:
        return np.full(t.size, float(link.rate) / bits)
    out = np.empty(t.size)
    for s, t0 in enumerate(t):
        t1 = min(t0 + interval, scenario.duration)
        edges = [t0, *[k * link.rate_interval for k in range(
            int(t0 // link.rate_interval) + 1, math.ceil(t1 / link.rate_interval))], t1]
        out[s] = sum(link.rate_at(a) * (b - a)
                     for a, b in itertools.pairwise(edges)) / (t1 - t0)
    return out / bits


def _run_number(scenario: Scenario, opts: Ns3Options, replications: int = 1) -> int:
    from ..queue._mrg import first_run  # the packet-level mode numbers its runs the same way

    return first_run(scenario.seed, replications, opts.run)


def _execute(scenario: Scenario, opts: Ns3Options, replications: int,
             traces: bool) -> tuple[QueueResult, dict]:
    plans = check_scenario(scenario, opts)
    first = _run_number(scenario, opts, replications)
    runs = [_one(scenario, opts, plans, first + r, traces) for r in range(replications)]
    n = scenario.n_flows
    interval, T = _interval(scenario, opts)
    t = np.arange(T) * interval
    stack = {k: np.stack([a[k] for a, _, _ in runs]) for k in runs[0][0] if k != "seconds"}
    cross = bool(scenario.cross)
    res = QueueResult(
        scenario=scenario, t=t, interval=interval,
        sent=stack["sent"][..., :n], delivered=stack["delivered"][..., :n],
        lost=stack["lost"][..., :n], unique=stack["unique"][..., :n],
        cwnd=stack["cwnd"][..., :n], rtt=stack["rtt"][..., :n],
        queued=stack["queued"][..., :n], queue=stack["queue"],
        capacity=_capacity(scenario, t, interval),
        cross_sent=stack["sent"][..., n] if cross else None,
        cross_delivered=stack["delivered"][..., n] if cross else None,
        cross_lost=stack["lost"][..., n] if cross else None,
        completion=stack["completion"], timeouts=stack["timeouts"],
        fast_retransmits=stack["fast"], retransmitted=stack["retx"],
        model="ns3", options=_record(scenario, opts, runs, first),
    )
    return res, runs[0][2]


def _record(scenario: Scenario, opts: Ns3Options, runs: list, first: int) -> dict:
    """Return the options of the run for the record: what was set, and what ran."""
    link = scenario.link
    out = dataclasses.asdict(opts)
    out.update(
        ns3_version=version(), run=[first + r for r in range(len(runs))],
        segment_size=opts.segment_size or scenario.packet_size - _IP_TCP_TS,
        access_rate=_access_rate(scenario, opts),
        access_delays=_access_delays(scenario, opts),
        bottleneck_wire_rate=_wire(scenario, opts, link.rate_at(0.0)),
        queue_disc=("ns3::RedQueueDisc" if link.discipline == "red" else "ns3::FifoQueueDisc"),
        queue_disc_limit=link.buffer - 1, device_queue=1,
        other_queue_discs="ns3::FifoQueueDisc 100000p", sack_default_receiver=True,
        timestamps=True, window_scaling=True, limited_transmit=True,
        flows=runs[0][1], seconds=[a["seconds"] for a, _, _ in runs],
    )
    return out


def run(scenario: Scenario, *, options: Ns3Options | None = None, replications: int = 1,
        **overrides: Any) -> QueueResult:
    """Run a scenario in ns-3 and return a :class:`~aimdmodel.queue.QueueResult`.

    The result has ``model="ns3"``; :mod:`aimdmodel.queue.metrics` applies
    to it unchanged. Loads ns-3 on first use (seconds).

    Parameters
    ----------
    scenario : Scenario
    options : Ns3Options, optional
    replications : int
        Independent runs (RNG run numbers ``run, run + 1, ...``).
    **overrides
        Fields of :class:`Ns3Options` to change.

    Raises
    ------
    Ns3Unavailable
        ns-3 is not installed (the message names the extra).
    ValueError
        What ns-3 cannot express (:func:`check_scenario`), or a policy that
        failed inside ns-3.

    Examples
    --------
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> sc = Scenario(flows=(Flow(variant="sack"),), link=Link(rate=2e6, buffer=20),
    ...               duration=10.0, warmup=2.0)
    >>> res = run(sc)  # doctest: +SKIP
    >>> res.model, res.options["flows"][0]["congestion_ops"]  # doctest: +SKIP
    ('ns3', 'TcpLinuxReno')
    """
    opts = _options(options, overrides)
    replications = check_count("replications", replications, minimum=1, optional=False)
    return _execute(scenario, opts, replications, traces=False)[0]


def _options(options: Ns3Options | None, overrides: dict) -> Ns3Options:
    opts = options or Ns3Options()
    if not isinstance(opts, Ns3Options):
        raise TypeError(f"options must be an Ns3Options, got {options!r}")
    return opts.replace(**overrides) if overrides else opts


def trace(scenario: Scenario, *, options: Ns3Options | None = None,
          **overrides: Any) -> Ns3Traces:
    """Run a scenario in ns-3 once and keep every trace event (cwnd, queue, drops).

    Examples
    --------
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> sc = Scenario(flows=(Flow(),), link=Link(rate=2e6, buffer=20), duration=5.0)
    >>> tr = trace(sc)  # doctest: +SKIP
    >>> bool((tr.queue <= 20).all())  # doctest: +SKIP
    True
    """
    res, raw = _execute(scenario, _options(options, overrides), 1, traces=True)
    ints = ("cwnd_flow", "drop_flow", "state_flow", "state", "ack_flow", "tx_flow")
    return Ns3Traces(result=res, **{k: v.astype(int) if k in ints else v
                                    for k, v in raw.items()})
