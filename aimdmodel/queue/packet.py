"""The packet-level mode of the queue model: ``queue.run(scenario, fidelity="packet")``.

A compiled discrete-event dumbbell, for the questions the round model
answers wrongly (who of the flows loses which packet; DropTail's phase
effects; several losses in a window and the timeouts they end in). Every
packet is enqueued, served and dropped one by one; every ACK is processed
when it reaches its sender; each sender keeps a per-segment scoreboard. The
rules follow ns-3.44's ``TcpSocketBase``, ``TcpTxBuffer`` and
``TcpPrrRecovery`` (``src/internet/model/`` at the tag ns-3.44, the wheel
the bridge loads; later ns-3 changed PRR's RecoverFS and its duplicate-ACK
count, and the SACKed retransmissions' count), i.e. the same machine the ns-3 bridge
(:mod:`aimdmodel.ns3`) runs with its defaults (:class:`~aimdmodel.ns3.
options.Ns3Options`: an ACK per packet, IW 3, classic recovery, min RTO 1 s,
TcpLinuxReno when a flow has no policy):

**Path.** As the ns-3 bridge's dumbbell with its defaults, to the
nanosecond: a sender's packets leave on its access link
(``QueueOptions.access_rate``, by default 100 times the bottleneck's rate, at
least 1 Gbit/s) one transmission time apart and reach the bottleneck that
link's delay later (the bridge's: what ``base_rtt`` leaves after a data
packet's and an ACK's transmission times); there random loss
``Link.random_loss`` first, then RED or DropTail; ``Link.buffer`` packets
wait, one more is in service. Every packet carries a 2-byte PPP header, the
bottleneck's rate counts it and is whole bit/s, and each transmission time
and delay is whole nanoseconds, as ns-3's ``DataRate`` and ``Time`` hold
them; at one instant (within half a nanosecond) the events go in the order
ns-3's scheduler takes them, the one scheduled first first: a departure when
its service began, an arrival when its packet was sent (packets sent at one
instant in the order sent), an ACK's arrival when it began its last hop, a
retransmission timer when it was armed (so a timer due with an ACK fires
before it).
The SYN (56 bytes) crosses the access link and the bottleneck as a packet of
its own (SYNs of flows that start together queue one after the other; a SYN
lost there goes again after ns-3's 3 s connection timeout), its SYN-ACK
returns as an ACK does, and the handshake's last ACK enters the bottleneck
ahead of the first data segment. The
receiver answers a packet when it reaches it; the ACK (52 bytes, more with
each SACK block it carries: 8 bytes per block beside the timestamps, whose
options ns-3 pads once; the first 3 of the receiver's SACK list, kept as
ns-3.44's ``TcpRxBuffer`` keeps it: newest first, merged, at most 4, the
oldest forgotten) returns through the
three links, so an empty path gives a data packet RTT = ``base_rtt``; on the
receiver's access link and the bottleneck it queues behind the ACKs and
SYN-ACKs of every flow sent before it (ns-3's FIFOs there; SYN-ACKs of flows
that start together queue one after the other). The bottleneck's buffer is
ns-3's queue disc (``buffer - 1`` packets) and its device queue (one): when
the device takes its queued packet to send it, ns-3 refills its queue in a
wake scheduled after every event of that nanosecond
(``NetDeviceQueue::PacketDequeued``), so packets arriving in it meet the
queue disc alone (RED counts them all; DropTail's limit is the queue
disc's). RED
runs on the queue disc (the waiting packets but the one in ns-3's device
queue), per arriving packet, as ns-3's ``RedQueueDisc`` (Floyd & Jacobson
1993, count-uniformized, gentle, the idle decay over a whole number of packet
times, the ``nQueued > 1`` guard; the first packet after the average crosses
min_th is not tested and starts the count at 1, a forced drop leaves the
count: one rule for both modes, :mod:`aimdmodel.queue._red`), with ns-3's
idle flag (set when a dequeue finds the queue disc empty, so an idle period
is counted from the start of the last transmission) and its arithmetic.

Its random numbers are ns-3's (:mod:`aimdmodel.queue._mrg`): the MRG32k3a
streams that the bridge's dumbbell gives RED (stream 50) and each access
link's random loss (stream ``100 + i``; the CBR sources share one), with
ns-3's seed 1 and the scenario's seed as the run number of the first
replication (replication ``r``: run ``seed + r``), as
:func:`aimdmodel.ns3.run` numbers its runs. Where the two follow the same
packets, they draw the same numbers and drop the same packets (RED draws a
number for every packet it tests between its thresholds, also when its
count makes the drop certain, as ns-3's ``DropEarly`` does): on the
validation catalogue, every scenario with random loss or RED drops what
ns-3 drops, per flow and millisecond, for its whole 60 s; where the runs
part (a packet handled a nanosecond apart), RED's average differs from then
on, and so does every later draw.

CBR cross traffic (``scenario.cross``) sends ``packet_size`` packets at
``rate`` (IP) bits per second from one interval after its start to its
stop, through its own access link, the same random loss and queue (ns-3's
OnOff UDP source, always on, as the bridge sets it: :func:`_cbr_times`).

**Receiver.** Cumulative ACKs; an out-of-order segment is SACKed in the ACK
it triggers (no ACK is lost, so one block per ACK tells the sender all);
the timestamp echoed is that of the last in-order segment (RFC 7323's
TS.Recent), so duplicate ACKs carry old timestamps, as in ns-3. Data
delivered twice (go-back-N after a timeout) counts in ``delivered`` and not
in ``unique``, which counts a segment when the receiver hands it to the
application, in order (an out-of-order segment when the hole below it is
filled), as ns-3's PacketSink receives it, in the sample in which it
reaches the receiver (``delivered`` counts it as it leaves the bottleneck).
A finite transfer (``Flow.size`` bytes) is ``size`` bytes of payload, as
ns-3's BulkSend sends them: ``ceil(size / (packet_size - 52))`` segments,
the last one carrying the rest only. That one is shorter on every link, is
counted by its bytes in flight and in goodput, and goes into a window of
less than a segment when the window holds it (ns-3's SendPendingData sends
when the data left fit). It completes when the
receiver has the last of them (``completion``), as ns-3's sink counts it.
Its FIN goes with its last segment's first transmission (ns-3's
``m_closeOnEmpty``): from then on (FIN_WAIT_1) ns-3 sends nothing in the
open state, so a hole left after a recovery waits for the timer; so does
the mode. When the receiver has everything, PacketSink's socket (shut for
sending) closes: its FIN goes back after the ACK of the segment that carried
the sender's FIN, or alone (acknowledging everything) when a hole was filled
after that FIN came; the sender answers from TIME_WAIT with an ACK through
the bottleneck. These packets take their time on the links like the
handshake's. The receiver's LAST_ACK timer is ns-3's: unless the sender's
last ACK has come, it sends its FIN again ``3 m`` after its close (``m`` its
one RTT sample, the handshake's, in whole ms: small packets, so less than
``base_rtt``), and every ``3 m`` after, up to 6 times; a queue that grew
since the handshake delays that ACK past it. A short last segment goes into
a window of less than a segment whenever NextSeg gives it, new or again.
Not followed: ns-3's FIN retransmission timer (``min_rto`` at least), which
the LAST_ACK timer and the last ACK pre-empt unless that ACK takes longer.

**Sender** (per ACK, in ns-3's order): SACK scoreboard and RFC 6675's
IsLost (3 SACKed segments above); without SACK, ns-3's "Reno SACK" (each
duplicate ACK counts one segment as left the network, ``AddRenoSack``); an
RTT sample per ACK from the echoed timestamp in whole milliseconds while new
data is outstanding, RFC 6298's estimator, ``RTO = max(min_rto, SRTT +
max(1 ms, 4 RTTVAR))``; duplicate ACKs: DISORDER, recovery at the third
(or when the head IsLost) unless after a timeout the ACK is below the
recovery point (ns-3's ``m_recoverActive``); classic recovery (cwnd =
ssthresh until the recovery point, sending by pipe < cwnd), the head
retransmitted at once; a partial ACK retransmits the next hole (RFC 6582;
where no segment is marked lost yet, ns-3's NextSeg sends new data instead)
and restarts the timer only the first time (ns-3's "impatient" timer); the
timeout: ssthresh cut (unless the head was already retransmitted in LOSS),
cwnd 1, every unSACKed segment marked lost (without SACK every segment:
go-back-N, and duplicates at the receiver), the timer doubled (at most
``max_rto``), duplicate ACKs ignored until the recovery point; slow start
and congestion avoidance by TcpLinuxReno (``cwnd = min(cwnd + acked,
ssthresh)``; +1 segment per cwnd ACKed segments, only when cwnd-limited;
ssthresh ``max(cwnd / 2, 2)``) or, with ``Flow.policy``, by the rule as the
ns-3 bridge's ``PolicyOps`` runs it (one segment per ACK in slow start; the
round's gain spread over its ACKs, in bytes: cwnd holds whole bytes, the
fraction is carried; ``ssthresh = max(window(decrease(s)), 2)``): the
policy's methods are traced in sympy and verified exactly, as for ns-3's
generated C++ (:mod:`aimdmodel.policies.trace`), and run as small
stack programs (:func:`compile_rule`). ``vegas`` is ns-3's TcpVegas (SACK
off): per ACK the smoothed RTT feeds the round's minimum and the flow's
base RTT; once per round (the ACK passes the sequence sent when the round
began) and only in OPEN, with more than 2 samples, ``diff = cwnd -
floor(cwnd base / min)`` in whole segments: in slow start ``diff > gamma``
sets cwnd to ``min(cwnd, target + 1)`` and leaves slow start, otherwise
cwnd +/- 1 by ``alpha``/``beta``; ``ssthresh >= 3/4 cwnd``; a loss sets
``ssthresh = max(min(ssthresh, cwnd - 1), 2)``; outside OPEN, TcpNewReno's
rule. The other variants are ns-3's ops as the bridge runs them
(:data:`aimdmodel.ns3.variants.NS3_VARIANTS`), each with ns-3's PktsAcked
calls (the smoothed RTT, at the places ``ProcessAck`` makes them): ``veno``
TcpVeno (the backlog from the smoothed RTT; a loss below beta cuts the
flight to 4/5, else to 1/2; ns-3 resets its RTT count at every ACK, so its
increase is NewReno's), ``westwood`` TcpWestwoodPlus (ACKed segments over
one RTT, Tustin's filter; ``ssthresh = bandwidth x min RTT``), ``lp`` TcpLp
(the one-way delay from the ACK's timestamps in ms, the receiver's clock
half the path after the bottleneck; early congestion halves cwnd, or sets it
to 1 within 3 echo ages of the last cut; no increase then), ``cubic``
TcpCubic with HyStart off (whole-segment targets, the TCP-friendly window,
fast convergence), ``tahoe`` the bridge's TahoeRecovery (cwnd 1 at three
duplicate ACKs, slow start during the repair). Each variant's ops are its
``packet_*`` functions in its module of :mod:`aimdmodel.queue.variants`. A
flow starts with ns-3's handshake (see Path; it gives the first RTT
sample) and sends ``initial_window`` segments. Every retransmission timeout
sets ssthresh from the flight before it (ns-3.44 clears the retransmitted
flags before it tests the head's). ssthresh is whole bytes, as ns-3's
``uint32``; ``IncreaseWindow`` runs also on an ACK that acknowledges no
segment (Veno measures then); PRR computes its share in bytes with ns-3.44's
``uint32`` product, which wraps at 2^32.

**What it leaves out** (refused, with the reason, rather than run
approximately): ``reno`` and ``fack`` (ns-3 has neither); policies whose
methods branch on the state's value (they cannot be traced; the round mode
runs them); Pareto cross traffic; DRR; a rate that changes. Also left
out: delayed ACKs, ACK loss (the ACKs' queues never overflow), RFC
6675's rescue retransmission (NextSeg rule 3),
segments of less than a full size, and ns-3's integer clock (times are
floats whose parts are whole nanoseconds; events other than departures and
arrivals at one instant go by flow).

Examples
--------
>>> from aimdmodel.scenario import Flow, Link, Scenario
>>> from aimdmodel.queue import run
>>> sc = Scenario(flows=(Flow(variant="sack", base_rtt=0.04),
...                      Flow(variant="sack", base_rtt=0.08)),
...               link=Link(rate=10e6, buffer=33), duration=20.0, warmup=5.0)
>>> res = run(sc, fidelity="packet")
>>> res.model
'packet'
>>> from aimdmodel.queue import metrics
>>> bool(metrics.utilization(res)[0] > 0.9)
True
"""

from __future__ import annotations

import dataclasses
import functools
import math

import numpy as np
import sympy

from .._io import import_compiled
from ..policies import Policy
from ..policies.trace import W, expr, trace, verify
from ..scenario import CBR, HEADER_BYTES, Scenario
from . import _mrg
from . import _packet_fields as _pf
from .options import QueueOptions, access_rate
from .result import QueueResult
from .variants import VARIANTS

__all__ = ["PACKET_VARIANTS", "Program", "check_packet", "compile_rule", "run_packet"]

_k = import_compiled("aimdmodel.queue._packet")

PACKET_VARIANTS = {"tahoe": False, "newreno": False, "sack": True, "vegas": False,
                   "veno": False, "westwood": False, "lp": False, "cubic": True}
"""The variants the packet-level mode runs, and whether each uses SACK (as ns-3 runs them:
:data:`aimdmodel.ns3.variants.NS3_VARIANTS`)."""


def check_packet(scenario: Scenario, opts: QueueOptions | None = None) -> list:
    """Refuse what the packet-level mode leaves out; return each flow's compiled rule or None.

    Parameters
    ----------
    scenario : Scenario
    opts : QueueOptions, optional

    Returns
    -------
    list
        Per flow, its policy's :class:`Program` (:func:`compile_rule`), or
        None for TcpLinuxReno (no policy).

    Raises
    ------
    ValueError
        Naming what the mode cannot run and why.

    Examples
    --------
    >>> from aimdmodel.scenario import Flow, Scenario
    >>> check_packet(Scenario(flows=(Flow(variant="sack"),)))
    [None]
    >>> check_packet(Scenario(flows=(Flow(variant="fack"),)))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: flows[0].variant 'fack' is not in the packet-level mode ...
    """
    link = scenario.link
    if link.discipline not in ("droptail", "red"):
        raise ValueError(f"link.discipline {link.discipline!r} is not in the packet-level mode "
                         "(it runs droptail and red); use fidelity='round'")
    if np.ndim(link.rate) != 0:
        raise ValueError("link.rate must be one number in the packet-level mode (a rate that "
                         "changes is left out); use fidelity='round'")
    if scenario.packet_size <= HEADER_BYTES:
        raise ValueError(f"packet_size must be > {HEADER_BYTES} bytes in the packet-level mode "
                         f"(a segment carries packet_size - {HEADER_BYTES} bytes after the IP, "
                         f"TCP and timestamp headers), got {scenario.packet_size}; use "
                         "fidelity='round'")
    if any(not isinstance(c, CBR) for c in scenario.cross):
        raise ValueError("scenario.cross may hold CBR sources only in the packet-level mode "
                         "(Pareto cross traffic is left out); use fidelity='round'")
    rules = []
    for i, fl in enumerate(scenario.flows):
        if fl.variant not in PACKET_VARIANTS:
            raise ValueError(f"flows[{i}].variant {fl.variant!r} is not in the packet-level "
                             f"mode (it runs {', '.join(PACKET_VARIANTS)}); use "
                             "fidelity='round'")
        if fl.policy is None:
            rules.append(None)
            continue
        try:
            rules.append(compile_rule(fl.policy))
        except ValueError as exc:
            raise ValueError(f"flows[{i}].policy: {exc}; use fidelity='round'") from None
    return rules


@dataclasses.dataclass(frozen=True)
class Program:
    """A policy's rule as the packet-level kernel runs it: stack programs per expression.

    Attributes
    ----------
    policy : Policy
    size : int
        State variables (at most 8).
    programs : tuple of tuple
        ``init`` of each variable, ``increase`` of each, ``decrease`` of
        each (each block padded to 8), then ``window``; a program is a tuple
        of ``(code, argument)`` pairs (codes ``C_*`` of the kernel).

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> prog = compile_rule(AIMD(b=0.875))
    >>> prog.size, prog.programs[8]     # increase: s0 + 1
    (1, ((0, 1.0), (1, 0.0), (3, 0.0)))
    """

    policy: Policy
    size: int
    programs: tuple


_OPS = {sympy.Add: _k.C_ADD, sympy.Mul: _k.C_MUL, sympy.Max: _k.C_MAX, sympy.Min: _k.C_MIN}
_UNARY = {sympy.floor: _k.C_FLOOR, sympy.ceiling: _k.C_CEIL, sympy.Abs: _k.C_ABS}


def _emit(e: sympy.Basic, syms: dict, out: list) -> None:
    if e.is_Number:
        if not e.is_finite:
            raise ValueError(f"the traced rule holds {e}")
        out.append((_k.C_CONST, float(e)))
    elif e in syms:
        out.append(syms[e])
    elif e.func in _OPS:
        first, *rest = e.args
        _emit(first, syms, out)
        for a in rest:
            _emit(a, syms, out)
            out.append((_OPS[e.func], 0.0))
    elif e.func is sympy.Pow:
        _emit(e.args[0], syms, out)
        _emit(e.args[1], syms, out)
        out.append((_k.C_POW, 0.0))
    elif e.func in _UNARY:
        _emit(e.args[0], syms, out)
        out.append((_UNARY[e.func], 0.0))
    else:
        raise ValueError(f"the traced rule holds {e.func.__name__}, which the packet-level "
                         "kernel does not run")


def _program(value: object, syms: dict) -> tuple:
    out: list = []
    _emit(expr(value), syms, out)
    if len(out) > _k.MAX_STEPS:
        raise ValueError(f"a traced expression needs {len(out)} steps, above {_k.MAX_STEPS}")
    return tuple(out)


def compile_rule(policy: Policy) -> Program:
    """Trace a policy's methods in sympy, verify them, and compile them for the kernel.

    The same trace the ns-3 bridge prints as C++ (:mod:`aimdmodel.policies.
    trace`): one rule, run the same way (``PolicyOps``) in both.

    Raises
    ------
    ValueError
        A rule with more than 8 state variables, one whose methods cannot be
        traced on symbols (a branch on the state's value), or whose trace
        holds a function the kernel does not run.

    Examples
    --------
    >>> from aimdmodel import AIMDFC
    >>> compile_rule(AIMDFC()).size
    2
    """
    try:
        return _compiled(policy)
    except TypeError:  # an unhashable policy: compile it each time
        return _compiled.__wrapped__(policy)


@functools.lru_cache(maxsize=256)
def _compiled(policy: Policy) -> Program:
    try:
        fields, symbols, (init, inc, dec, win) = trace(policy)
    except (TypeError, ValueError, AttributeError, ZeroDivisionError) as exc:
        raise ValueError(f"{policy.label()} cannot be traced on symbols ({exc}); the "
                         "packet-level mode runs rules that are plain arithmetic") from None
    if len(fields) > _k.MAX_STATE:
        raise ValueError(f"{policy.label()} has {len(fields)} state variables; the "
                         f"packet-level mode keeps at most {_k.MAX_STATE}")
    verify(policy, (symbols, init, inc, dec, win))
    syms = {sym: (_k.C_VAR, float(i)) for i, sym in enumerate(symbols)}
    syms[W] = (_k.C_W, 0.0)
    pad = [()] * (_k.MAX_STATE - len(fields))
    progs = [*(_program(e, syms) for e in init), *pad,
             *(_program(e, syms) for e in inc), *pad,
             *(_program(e, syms) for e in dec), *pad, _program(win, syms)]
    return Program(policy, len(fields), tuple(progs))


def _parameters(scenario: Scenario, rules: list,
                opts: QueueOptions | None = None) -> np.ndarray:
    opts = opts or QueueOptions()
    cbr = [c for c in scenario.cross if isinstance(c, CBR)]
    FP = np.zeros((_k.NFP, scenario.n_flows + len(cbr)))
    for i, c in enumerate(cbr):  # the CBR sources' columns follow the flows'
        col = scenario.n_flows + i
        FP[_k.FP_START, col], FP[_k.FP_STOP, col], FP[_k.FP_CBR, col] = _cbr_times(
            scenario, c, opts)
    for j, (fl, rule) in enumerate(zip(scenario.flows, rules, strict=True)):
        FP[_k.FP_RTT, j] = fl.base_rtt
        FP[_k.FP_START, j] = fl.start
        FP[_k.FP_STOP, j] = fl.stop or 0.0
        # ns-3's BulkSend sends ``size`` bytes of payload: segments of packet_size - 52 bytes
        FP[_k.FP_SIZE, j] = scenario.transfer_packets(j) or 0
        FP[_k.FP_RWND, j] = np.inf if fl.rwnd is None else fl.rwnd
        FP[_k.FP_SACK, j] = PACKET_VARIANTS[fl.variant]
        var = VARIANTS[fl.variant]  # a variant with its own rule: its ops (variants/NAME.py)
        reno = _pf.RULE_NEWRENO if opts.reno_ops == "newreno" else _pf.RULE_LINUX_RENO
        FP[_k.FP_RULE, j] = (_pf.RULE_OWN + var.code if var.own_rule
                             else reno if rule is None else _pf.RULE_POLICY)
        FP[_k.FP_K, j] = 0 if rule is None else rule.size
        FP[_k.FP_TAHOE, j] = fl.variant == "tahoe"
        FP[_k.FP_FWD, j] = _forward_delay(scenario, fl.base_rtt, opts)
        seg = scenario.packet_size - HEADER_BYTES
        rest = int(fl.size or 0) % seg
        if rest:  # ns-3's last segment carries the rest only: it is shorter on every link
            wire, acc = _path(scenario, opts)
            last = rest + HEADER_BYTES + _PPP
            FP[_k.FP_LSVC, j], FP[_k.FP_LASVC, j] = _tx(last, wire), _tx(last, acc)
            FP[_k.FP_LDLY, j] = _ns(scenario.link.delay) + _tx(last, acc)
            FP[_k.FP_LFRAC, j] = rest / seg
    return FP


_PPP, _ACK, _SYN = 2, 52, 56  # bytes: the point-to-point header; an ACK's and a SYN's IP size
_UDP_IP = 28  # bytes of a UDP datagram's IPv4 and UDP headers


def _cbr_times(scenario: Scenario, c: CBR, opts: QueueOptions) -> tuple:
    """Return a CBR source's first and last arrival at the bottleneck and its interval.

    As the ns-3 bridge runs it: an OnOff application sending a ``packet_size -
    28`` byte UDP payload at ``floor(rate (packet_size - 28) / packet_size)``
    bit/s (so that its IP packets make ``rate``), the first one interval after
    its start (whole nanoseconds, as ns-3's ``Time``), through its node's
    access link (no delay, its transmission time) to the bottleneck.
    """
    p = scenario.packet_size
    bps = max(1, math.floor(c.rate * (p - _UDP_IP) / p))  # (ns-3's DataRate: >= 1 bit/s)
    interval = _ns(8.0 * (p - _UDP_IP) / bps)
    hop = _tx(p + _PPP, access_rate(scenario, opts))
    stop = _ns(c.stop) + hop if c.stop else 0.0
    return _ns(c.start) + interval + hop, stop, interval


def _ns(seconds: float) -> float:
    """Round a time to a whole nanosecond, as ns-3 holds it (``Time``); in seconds."""
    return round(seconds * 1e9) / 1e9


def _path(scenario: Scenario, opts: QueueOptions) -> tuple:
    """Return ``(wire, acc)``: the bottleneck's and the access links' bit/s, as ns-3 has them.

    The bottleneck's counts the PPP header and is held in whole bit/s
    (``DataRate``), as the ns-3 bridge's dumbbell sets it with its defaults.
    """
    p = scenario.packet_size
    return float(math.floor(float(scenario.link.rate) * (p + _PPP) / p)), \
        float(access_rate(scenario, opts))


def _tx(size: int, bps: float) -> float:
    """ns-3's ``DataRate::CalculateBytesTxTime``: ``size`` bytes at ``bps``, whole ns."""
    return _ns(8.0 * size / bps)


def _forward_delay(scenario: Scenario, base_rtt: float, opts: QueueOptions) -> float:
    """Seconds of a sender's access link's delay, as the ns-3 bridge sets it.

    ``base_rtt`` less a data packet's and an ACK's transmission times (each
    with a 2-byte PPP header) on the access links and the bottleneck, halved,
    less the bottleneck's delay (``Ns3Options.compensate_serialization``),
    in whole ns; 0 when ``base_rtt`` is shorter (ns-3 refuses such a flow).
    """
    p = scenario.packet_size
    wire = float(scenario.link.rate) * (p + _PPP) / p  # the bridge's arithmetic
    acc = access_rate(scenario, opts)
    ser = 8.0 * (p + _PPP + _ACK + _PPP) * (2.0 / acc + 1.0 / wire)
    return _ns(max(base_rtt / 2.0 - scenario.link.delay - ser / 2.0, 0.0))


def _programs(rules: list, columns: int) -> tuple:
    """Stack the flows' programs for the kernel: ``(PR, PL)`` (one row per column)."""
    PR = np.zeros((columns, _k.NPROG, _k.MAX_STEPS, 2))
    PL = np.zeros((columns, _k.NPROG), dtype=np.int64)
    for j, rule in enumerate(rules):
        if rule is None:
            continue
        for p, prog in enumerate(rule.programs):
            if prog:
                PR[j, p, : len(prog)] = prog
                PL[j, p] = len(prog)
    return PR, PL


def _options(scenario: Scenario, opts: QueueOptions, every: float) -> np.ndarray:
    from ..scenario import RED

    link = scenario.link
    red = link.red or RED()
    OP = np.zeros(_pf.NOP)
    wire, acc = _path(scenario, opts)
    OP[_pf.OP_RATE] = 1.0 / _tx(scenario.packet_size + _PPP, wire)  # packets/s, ns-3's
    OP[_pf.OP_PTC] = wire / (8.0 * scenario.packet_size)  # RED's m_ptc: its LinkBandwidth
    OP[_pf.OP_NFLOW] = scenario.n_flows
    OP[_pf.OP_BUF] = link.buffer
    OP[_pf.OP_DISC] = _k.DISC_RED if link.discipline == "red" else _k.DISC_DROPTAIL
    OP[_pf.OP_MINTH], OP[_pf.OP_MAXTH], OP[_pf.OP_MAXP] = red.min_th, red.max_th, red.max_p
    OP[_pf.OP_WQ], OP[_pf.OP_GENTLE], OP[_pf.OP_PR] = red.w_q, red.gentle, link.random_loss
    OP[_pf.OP_IW], OP[_pf.OP_DUP] = opts.initial_window, opts.dupthresh
    OP[_pf.OP_MINRTO], OP[_pf.OP_MAXRTO] = opts.min_rto, opts.max_rto
    OP[_pf.OP_INITRTO] = opts.initial_rto
    OP[_pf.OP_DUR], OP[_pf.OP_REC], OP[_pf.OP_GRAN] = scenario.duration, every, 1e-3
    OP[_pf.OP_VA], OP[_pf.OP_VB], OP[_pf.OP_VG] = (opts.vegas_alpha, opts.vegas_beta,
                                                opts.vegas_gamma)
    OP[_pf.OP_VENOB], OP[_pf.OP_WWA] = opts.veno_beta, opts.westwood_alpha
    OP[_pf.OP_CC], OP[_pf.OP_CB] = opts.cubic_c, opts.cubic_beta
    OP[_pf.OP_CFC] = opts.cubic_fast_convergence
    OP[_pf.OP_PRR] = opts.recovery == "prr"
    OP[_pf.OP_ASVC] = _tx(scenario.packet_size + _PPP, acc)
    OP[_pf.OP_DELAY] = _ns(link.delay) + _tx(scenario.packet_size + _PPP, acc)  # to receiver
    OP[_pf.OP_MSS] = scenario.packet_size - _ACK  # ns-3's segment: IP, TCP, timestamps off
    OP[_pf.OP_ACKSVC] = _tx(_ACK + _PPP, wire)  # the handshake's last ACK
    OP[_pf.OP_ACKACC] = _tx(_ACK + _PPP, acc)
    OP[_pf.OP_SYNSVC] = _tx(_SYN + _PPP, wire)  # a SYN
    OP[_pf.OP_SYNACC] = _tx(_SYN + _PPP, acc)
    OP[_pf.OP_SYNRTO] = 3.0  # ns-3's TcpSocket ConnTimeout: a lost SYN goes again after it
    OP[_pf.OP_LDELAY] = _ns(link.delay)
    for b in range(4):  # the ACK's transmission on an access link and on the bottleneck
        OP[_pf.OP_RA0 + b] = _tx(_ACK + _PPP + 8 * b, acc)
        OP[_pf.OP_RW0 + b] = _tx(_ACK + _PPP + 8 * b, wire)
    return OP


def _streams(scenario: Scenario, run: int) -> np.ndarray:
    """Return the random streams of one run, as the bridge's dumbbell gives them in ns-3.

    Row 0: RED's (stream 50); row ``1 + i``: flow ``i``'s random loss (stream
    ``100 + i``), row ``1 + n``: the CBR sources' (one node, one stream).
    Only the rows the run draws from are computed.
    """
    link = scenario.link
    n = scenario.n_flows
    S = np.zeros((2 + n if link.random_loss > 0 else 1, 6))
    if link.discipline == "red":
        S[0] = _mrg.stream_state(_mrg.RED_STREAM, run)
    if link.random_loss > 0:
        for i in range(n + 1):
            S[1 + i] = _mrg.stream_state(_mrg.LOSS_STREAM + i, run)
    return S


def run_packet(scenario: Scenario, opts: QueueOptions, replications: int = 1) -> QueueResult:
    """Run a scenario packet by packet (see the module's docstring); return a QueueResult.

    Called by :func:`aimdmodel.queue.run` with ``fidelity="packet"``; each
    replication has its own random stream (random loss, RED), spawned from
    ``scenario.seed``.

    Examples
    --------
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> sc = Scenario(flows=(Flow(variant="newreno"),), link=Link(rate=2e6, buffer=10),
    ...               duration=5.0)
    >>> res = run_packet(sc, QueueOptions(), replications=2)
    >>> res.n_replications, float(res.timeouts.sum()) >= 0
    (2, True)
    """
    rules = check_packet(scenario, opts)
    FP = _parameters(scenario, rules, opts)
    every = opts.record_interval if opts.record_interval is not None \
        else scenario.duration / 1000
    OP = _options(scenario, opts, every)
    cols = FP.shape[1]  # the flows, then the CBR sources
    PR, PL = _programs(rules, cols)
    n_rec = max(1, math.ceil(scenario.duration / every - 1e-9))
    n = scenario.n_flows
    first = _mrg.first_run(scenario.seed, replications)  # as aimdmodel.ns3 numbers runs
    recs, tots, links = [], [], []
    for r in range(replications):
        rng = _streams(scenario, first + r)
        rec = np.zeros((_k.NR, n_rec, cols))
        tot = np.zeros((_k.NT, cols))
        link = np.zeros((_k.NL, n_rec))
        _k.run(FP, OP, rng, rec, tot, link, _k.allocate(FP, OP, PR, PL))
        recs.append(rec)
        tots.append(tot)
        links.append(link)
    both = np.stack(recs, axis=1)  # (series, R, T, flows + CBR sources)
    rec, cross = both[..., :n], both[..., n:].sum(axis=-1)
    tot = np.stack(tots, axis=1)[..., :n]   # (k, R, n)
    lk = np.stack(links, axis=1)   # (k, R, T)
    with np.errstate(invalid="ignore", divide="ignore"):
        rtt = np.where(rec[_k.R_ACC] > 0, rec[_k.R_RTTSUM] / rec[_k.R_ACC], np.nan)
        queue = np.where(lk[_k.L_TIME] > 0, lk[_k.L_QAREA] / lk[_k.L_TIME], 0.0)
    cap = np.full(n_rec, OP[_pf.OP_RATE])
    return QueueResult(
        scenario=scenario, t=np.arange(n_rec) * every, interval=every,
        sent=rec[_k.R_SENT], delivered=rec[_k.R_DELIV], unique=rec[_k.R_UNIQ],
        lost=rec[_k.R_LOST], queue=queue, capacity=cap, cwnd=rec[_k.R_CWND], rtt=rtt,
        queued=rec[_k.R_QUEUED], completion=tot[_k.T_FINISH], timeouts=tot[_k.T_TO],
        fast_retransmits=tot[_k.T_FR], retransmitted=tot[_k.T_RETX], model="packet",
        cross_sent=cross[_k.R_SENT], cross_delivered=cross[_k.R_DELIV],
        cross_lost=cross[_k.R_LOST],
        options={**dataclasses.asdict(opts), "fidelity": "packet",
                 "replications": replications, "record_interval": every},
    )

