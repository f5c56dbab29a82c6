# ruff: noqa: RUF059 - each handler unpacks the whole state tuple, the same line in each
"""The compiled discrete-event dumbbell of ``queue.run(..., fidelity="packet")``.

One call runs one replication: every packet is enqueued, served and
dropped one by one at the bottleneck, every ACK is processed by its sender
when it arrives, and every sender keeps a per-segment scoreboard (SACKed,
lost, retransmitted) as ns-3's ``TcpTxBuffer`` does. The rules and their
sources are described in :mod:`aimdmodel.queue.packet`; this module holds
the loop, the senders' loss recovery and the policies' ops; a variant's own
ops are in its module of :mod:`aimdmodel.queue.variants` (through
:mod:`._hooks`). All times are float seconds; sequence numbers count
segments from 0.

Events are found by a linear scan (per flow: the next ACK to arrive, its
retransmission timer, its start; the link's next departure; the next
sample): ACKs of one flow arrive in the order their packets left the
bottleneck, because the path behind the bottleneck adds a constant delay
per flow, so a FIFO per flow holds them.
"""

from __future__ import annotations

import math

import numba
import numpy as np

from .._numba_cache import install
from ._hooks import packet_acked, packet_increase, packet_ssthresh, packet_state, packet_timer
from ._mrg import u01  # ns-3's random streams: row 0 RED's, 1 + j source j's random loss
from ._packet_fields import (
    NVV,
    OP_ACKACC,
    OP_ACKSVC,
    OP_ASVC,
    OP_BUF,
    OP_CHECK,
    OP_DELAY,
    OP_DISC,
    OP_DUP,
    OP_DUR,
    OP_GENTLE,
    OP_GRAN,
    OP_INITRTO,
    OP_IW,
    OP_LDELAY,
    OP_MAXP,
    OP_MAXRTO,
    OP_MAXTH,
    OP_MINRTO,
    OP_MINTH,
    OP_MSS,
    OP_NFLOW,
    OP_PR,
    OP_PRR,
    OP_PTC,
    OP_RA0,
    OP_RATE,
    OP_REC,
    OP_RW0,
    OP_SYNACC,
    OP_SYNRTO,
    OP_SYNSVC,
    OP_WQ,
    RULE_LINUX_RENO,
    RULE_NEWRENO,
    RULE_OWN,
    ST_DISORDER,
    ST_LOSS,
    ST_OPEN,
    ST_RECOVERY,
    V_DUE,
    V_ECHOMS,
    V_FRAC,
    V_LASTACK,
    V_MINSRTT,
    V_PRRDEL,
    V_PRROUT,
    V_RCVTS,
    V_RFS,
    V_SAFEACK,
    V_TAHOECW,
)
from ._red import decide, estimate  # ns-3's RedQueueDisc, as the round mode
from .variants import VARIANTS
from .variants.newreno import packet_increase as newreno_increase
from .variants.newreno import packet_ssthresh as newreno_ssthresh

# -- flow parameters: FP[k, j] ---------------------------------------------------------------
FP_RTT, FP_START, FP_STOP, FP_SIZE, FP_RWND, FP_SACK, FP_RULE, FP_K, FP_TAHOE, FP_CBR, \
    FP_FWD, FP_LSVC, FP_LASVC, FP_LDLY, FP_LFRAC = range(15)
NFP = 15
# FP_LSVC, FP_LASVC, FP_LDLY, FP_LFRAC: a finite transfer's last segment, when it carries less
# than a full one (ns-3's BulkSend sends ``size`` bytes): its time on the bottleneck and on an
# access link, its delay from the bottleneck to the receiver, and the part of a full segment's
# payload it carries (all 0: the last segment is full)
# a column with FP_CBR > 0 is a CBR source (its packet interval, s) after the TCP flows
# FP_RULE: the congestion op, RULE_* of ._packet_fields

# -- a policy's rule as stack programs: PR[flow, program, step, (code, argument)] ----------------
# programs: init[i] at P_INIT + i, increase[i] at P_INC + i, decrease[i] at P_DEC + i, window
MAX_STATE = 8
P_INIT, P_INC, P_DEC, P_WIN = 0, MAX_STATE, 2 * MAX_STATE, 3 * MAX_STATE
NPROG = 3 * MAX_STATE + 1
MAX_STEPS = 64
(C_CONST, C_VAR, C_W, C_ADD, C_MUL, C_POW, C_MAX, C_MIN, C_FLOOR, C_CEIL,
 C_ABS) = range(11)

DISC_DROPTAIL, DISC_RED = 0, 1

# -- scoreboard flags ----------------------------------------------------------------------------
SACKED, LOST, RETX = 1, 2, 4
FIN_ACK = -2  # an ACK's SACK field: the receiver's FIN (an ACK with no block holds -1)
FIN_AGAIN = -3  # the same FIN sent again by the receiver's LAST_ACK timer
LAST_ACK_RETRIES = 6  # ns-3's TcpSocket DataRetries: the FINs LastAckTimeout sends again

# -- recorded series: rec[k, sample, flow] -------------------------------------------------------
R_CWND, R_SENT, R_DELIV, R_UNIQ, R_LOST, R_RTTSUM, R_ACC, R_QUEUED = range(8)
NR = 8
# per-flow totals: tot[k, flow]
T_TO, T_FR, T_RETX, T_FINISH = range(4)
NT = 4
# per-sample link series: link[k, sample]
L_QAREA, L_TIME = range(2)
NL = 2

RING = 1 << 14
"""Segments a flow may have outstanding (sent, not yet cumulatively ACKed)."""
MASK = RING - 1


# -- queue state: qi[QH/QL/QCOUNT], qd[QAVG/QIDLE/QTDEP] ---------------------------------------
QH, QL, QCOUNT, QIDLEF = range(4)
QAVG, QIDLE, QTDEP, QRFREE1, QRFREE2, QWAKE = range(6)
# QWAKE: when the device last took a packet from its queue to transmit it. ns-3 refills the
# device queue (one packet) in a ScheduleNow'd wake (NetDeviceQueue::PacketDequeued), after
# every event already due at that instant: a packet arriving at the same nanosecond finds the
# device queue empty and every waiting packet in the queue disc
# QRFREE1, QRFREE2: when the receiver's access link and the bottleneck, each in the direction of
# the ACKs, are free: ACKs and SYN-ACKs of every flow queue there (ns-3's FIFOs), one after
# the other in the order the receiver sends them
# QIDLEF, QIDLE: RedQueueDisc's m_idle and m_idleTime. ns-3 sets them when a dequeue finds the
# queue disc empty: when a packet starts its transmission with nothing behind it (it came to an
# empty bottleneck, or the device's one queued packet left the device queue and the queue disc
# had none to give); a dequeue that gets a packet and every enqueue clear the flag


install()  # before the first cache=True function: stamps cover the folder


@numba.njit(cache=True, inline="always", _nrt=False)
def _pipe(nxt, una, nsacked, nlost, nretx):  # pragma: no cover - compiled
    """RFC 6675's pipe as ns-3's ``TcpTxBuffer::BytesInFlight`` counts it (segments)."""
    return (nxt - una) - nsacked - nlost + nretx


@numba.njit(cache=True, inline="always", _nrt=False)
def _inflight(j, FP, flags, nxt, una, nsacked, nlost, nretx):  # pragma: no cover - compiled
    """Return ns-3's ``BytesInFlight`` in segments.

    :func:`_pipe`, with a transfer's short last segment counted by its bytes
    (ns-3's counters are in bytes) wherever pipe counts it.
    """
    p = _pipe(nxt, una, nsacked, nlost, nretx)
    last = FP[FP_SIZE, j] - 1.0
    if FP[FP_LFRAC, j] > 0.0 and una <= last < nxt:
        f = flags[j, int(last) & MASK]
        c = 1 - ((f & SACKED) != 0) - ((f & LOST) != 0) + ((f & RETX) != 0)
        p -= (1.0 - FP[FP_LFRAC, j]) * c
    return p


@numba.njit(cache=True, inline="always", _nrt=False)
def _cwnd_limited(S, FP, j):  # pragma: no cover - compiled
    """Set flow ``j``'s ns-3 ``m_isCwndLimited`` after it sent a segment.

    ns-3.44's SendDataPacket sets it, and nothing else: cwnd < BytesInFlight
    + one segment, the segment just sent counted. A flow that stops sending
    (its data all sent, or its window full) keeps the last value: Linux's
    rule, which its congestion ops read before they grow cwnd.
    """
    S[20][j] = 1 if S[0][j] < _inflight(j, FP, S[21], S[14][j], S[13][j], S[16][j], S[17][j],
                                         S[18][j]) + 1.0 else 0


@numba.njit(cache=True, inline="always", _nrt=False)
def _consistent(j, una, nxt, flags, nsacked, nlost, nretx, npend):  # pragma: no cover
    """Whether flow ``j``'s scoreboard counters match its flags (a check for the tests)."""
    a, b, c, d = 0, 0, 0, 0
    for s in range(una, nxt):
        f = flags[j, s & MASK]
        a += (f & SACKED) != 0
        b += (f & LOST) != 0
        c += (f & RETX) != 0
        d += f == LOST  # lost, neither retransmitted nor SACKed: pending
    return a == nsacked[j] and b == nlost[j] and c == nretx[j] and d == npend[j]


@numba.njit(cache=True, inline="always", _nrt=False)
def _short(j, s, FP):  # pragma: no cover - compiled
    """Whether flow ``j``'s segment ``s`` is its transfer's last and shorter than a full one."""
    return s == FP[FP_SIZE, j] - 1 and FP[FP_LSVC, j] > 0.0


@numba.njit(cache=True, inline="always", _nrt=False)
def _service(j, s, FP, OP):  # pragma: no cover - compiled
    """Return flow ``j``'s packet's time at the bottleneck.

    A data segment's (a transfer's short last one its own), the handshake's
    last ACK's (``s == -1``) or a SYN's (``s == -2``).
    """
    if s >= 0:
        return FP[FP_LSVC, j] if _short(j, s, FP) else 1.0 / OP[OP_RATE]
    return OP[OP_SYNSVC] if s == -2 else OP[OP_ACKSVC]


@numba.njit(cache=True, inline="always", _nrt=False)
def _enqueue(j, t, k, FP, OP, rng, rec, qf, qs, qt, qi, qd, s, ts):  # pragma: no cover
    """Put flow ``j``'s packet into the bottleneck at ``t``: random loss, RED, DropTail.

    ``ts``: when its sender sent it (the timestamp its receiver echoes). ``s < 0``:
    the handshake's last ACK (-1) or a SYN (-2): no payload, so random loss
    spares it and a drop of it is not a data packet's; it takes one place and
    its own transmission time. Returns whether the packet entered the queue.
    """
    if s >= 0 and OP[OP_PR] > 0.0 and u01(rng, 1 + min(j, int(OP[OP_NFLOW]))) < OP[OP_PR]:
        rec[R_LOST, k, j] += 1.0
        return False
    Q = qf.shape[0]
    ql = qi[QL]
    waiting = max(ql - 1, 0)
    # the queue disc's packets: the device queue holds one of the waiting, unless the device
    # took it at this instant and its wake (which refills it) has not run yet
    refilled = t > qd[QWAKE] + 0.5e-9
    qdisc = max(waiting - 1, 0) if refilled else waiting
    if OP[OP_DISC] == DISC_RED:
        # Floyd & Jacobson 1993 on the queue disc
        wq, lo, hi, maxp = OP[OP_WQ], OP[OP_MINTH], OP[OP_MAXTH], OP[OP_MAXP]
        top = 2.0 * hi if OP[OP_GENTLE] == 1.0 else hi
        # ns-3: uint32_t m, the packets the idle link could have sent (at MeanPktSize), counted
        # from the last dequeue that found the queue disc empty
        m = int(OP[OP_PTC] * (t - qd[QIDLE])) if qi[QIDLEF] == 1 else 0
        qi[QIDLEF] = 0
        avg = estimate(qd[QAVG], wq, m, qdisc)
        qd[QAVG] = avg
        drop, qi[QCOUNT] = decide(avg, qdisc, qi[QCOUNT], lo, hi, top, maxp, u01, rng, 0)
        if drop:
            if s >= 0:
                rec[R_LOST, k, j] += 1.0
            return False
    # the buffer: the queue disc's limit and the device queue's one packet
    if waiting >= (OP[OP_BUF] if refilled else OP[OP_BUF] - 1):
        if s >= 0:
            rec[R_LOST, k, j] += 1.0
        return False
    svc = 1.0 / OP[OP_RATE]
    wait = 0.0
    if ql == 0:
        qd[QTDEP] = t + _service(j, s, FP, OP)
        qi[QIDLEF], qd[QIDLE] = 1, t  # it goes to the link: the next dequeue finds none
        qd[QWAKE] = t
    else:
        wait = (qd[QTDEP] - t) + (ql - 1) * svc
    e = (qi[QH] + ql) % Q
    qf[e], qs[e], qt[e] = j, s, ts
    qi[QL] = ql + 1
    if s >= 0:
        rec[R_RTTSUM, k, j] += FP[FP_RTT, j] + wait
        rec[R_ACC, k, j] += 1.0
    return True


@numba.njit(cache=True, inline="always", _nrt=False)
def _on_access(j, s, t, tx, FP, ft, fsq, fi, fts, afree, order, nxa):  # pragma: no cover
    """Put flow ``j``'s packet ``s`` on its access link at ``t``.

    ``s``: a segment, -1 the handshake's last ACK, -2 a SYN. It leaves ``tx``
    after the link is free and reaches the bottleneck the link's delay later
    (an event of :func:`run`). ``fts``: when it was sent; ``order`` numbers the
    packets put on any access link (its last row counts them): of packets sent
    at one instant, ns-3 scheduled the arrival of the one sent first first.
    ``nxa[j]``: when the first packet on flow ``j``'s access link arrives (inf: none).
    """
    afree[j] = max(t, afree[j]) + tx
    e = fi[j, 1] & MASK
    ft[j, e] = afree[j] + FP[FP_FWD, j]
    fsq[j, e] = s
    fts[j, e] = t
    order[j, e] = order[-1, 0]
    order[-1, 0] += 1
    fi[j, 1] += 1
    if fi[j, 0] + 1 == fi[j, 1]:  # the link held none: this one arrives first
        nxa[j] = ft[j, e]


@numba.njit(cache=True, inline="always", _nrt=False)
def _send(j, s, retx, t, k, FP, OP, rng, rec, tot, flags, nxt, nretx, npend, deadline, rto,
          ft, fsq, fi, fts, afree, order, nxa):  # pragma: no cover - compiled
    """Flow ``j`` sends segment ``s`` (a retransmission or the next new one).

    The segment leaves on the sender's access link one transmission time after
    the previous one at the earliest, and reaches the bottleneck's queue that
    link's delay later (an event of :func:`run`).
    """
    e = s & MASK
    if retx:
        f = flags[j, e]
        if (f & RETX) == 0:
            nretx[j] += 1
            if f == LOST:
                npend[j] -= 1
        flags[j, e] = f | RETX
        tot[T_RETX, j] += 1.0
    else:
        flags[j, e] = 0
        nxt[j] = s + 1
    rec[R_SENT, k, j] += 1.0
    if deadline[j] == np.inf:
        deadline[j] = t + rto[j]
    tx = FP[FP_LASVC, j] if _short(j, s, FP) else OP[OP_ASVC]
    _on_access(j, s, t, tx, FP, ft, fsq, fi, fts, afree, order, nxa)


@numba.njit(cache=True, _nrt=False)
def _mark_lost(j, una, nxt, flags, nlost, npend, dupthresh):  # pragma: no cover - compiled
    """RFC 6675 IsLost (ns-3 ``IsLostRFC``): ``dupthresh`` SACKed segments above."""
    c = 0
    s = nxt - 1
    while s >= una:
        f = flags[j, s & MASK]
        if (f & SACKED) != 0:
            c += 1
        elif c >= dupthresh:
            if (f & LOST) != 0:
                break
            flags[j, s & MASK] = f | LOST
            nlost[j] += 1
            if (f & RETX) == 0:
                npend[j] += 1
        s -= 1


@numba.njit(cache=True, inline="always", _nrt=False)
def _mark_head(j, una, nxt, flags, nlost, npend, nsacked, nretx, reno):  # pragma: no cover
    """Mark the head lost (ns-3 ``MarkHeadAsLost``).

    The head is never SACKed (the receiver would have ACKed it): a "Reno SACK"
    guess that became the head is taken back first. Without SACK (``reno``)
    every call is ns-3's MarkHeadAsLost, which also clears the head's
    retransmitted flag (tcp-tx-buffer.cc), so the head is retransmitted again;
    with SACK ns-3 calls it only on a head not yet lost (EnterRecovery), which
    has not been retransmitted.
    """
    if una >= nxt:
        return
    f = flags[j, una & MASK]
    if (f & SACKED) != 0:
        f = f & ~SACKED
        nsacked[j] -= 1
        if f == LOST:
            npend[j] += 1
    if reno and (f & RETX) != 0:
        f = f & ~RETX
        nretx[j] -= 1
        if f == LOST:
            npend[j] += 1
    if (f & LOST) == 0:
        f = f | LOST
        nlost[j] += 1
        if f == LOST:
            npend[j] += 1
    flags[j, una & MASK] = f


@numba.njit(cache=True, inline="always", _nrt=False)
def _discard(j, f, nsacked, nlost, npend, nretx):  # pragma: no cover - compiled
    """Take a cumulatively ACKed segment out of the counts (ns-3 ``RemoveFromCounts``).

    ``f``: its flags.
    """
    if (f & SACKED) != 0:
        nsacked[j] -= 1
    if (f & LOST) != 0:
        nlost[j] -= 1
    if (f & RETX) != 0:
        nretx[j] -= 1
    if f == LOST:
        npend[j] -= 1


@numba.njit(cache=True, inline="always", _nrt=False)
def _sack_one(j, s, flags, nsacked, nlost, npend, nretx, real, hs):  # pragma: no cover
    """SACK segment ``s``, as ns-3.44's scoreboard does.

    A SACK block (``real``, ``TcpTxBuffer::Update``) clears the lost flag; a
    "Reno SACK" guess (``AddRenoSack``) does not. Neither clears the
    retransmitted flag: a SACKed retransmission stays counted in ns-3.44's
    ``m_retrans`` (so in the pipe) until the cumulative ACK discards it.
    ``hs[j]``: ns-3's ``m_highestSack`` (-1: none, ``m_sackSeen`` false). A
    guess sets it; a block sets it when it is unset or at most one segment
    above (``m_highestSack.second <= beginOfCurrentPacket + pktSize``: so a
    block just below the highest one moves it down a segment).
    """
    if not real or hs[j] < 0 or hs[j] <= s + 1:
        hs[j] = s
    f = flags[j, s & MASK]
    if f == LOST:
        npend[j] -= 1
    if real and (f & LOST) != 0:
        f = f & ~LOST
        nlost[j] -= 1
    flags[j, s & MASK] = f | SACKED
    nsacked[j] += 1


@numba.njit(cache=True, inline="always", _nrt=False)
def _reno_sack(j, una, nxt, flags, nsacked, nlost, npend, nretx, hs):  # pragma: no cover
    """Count one segment as left the network (ns-3 ``AddRenoSack``).

    Without SACK, a duplicate ACK 'SACKs' the first segment after the head that
    is not yet counted.
    """
    s = una + 1
    while s < nxt and (flags[j, s & MASK] & SACKED) != 0:
        s += 1
    if s < nxt:
        _sack_one(j, s, flags, nsacked, nlost, npend, nretx, False, hs)


@numba.njit(cache=True, _nrt=False)
def _eval(R, j, p, s, w):  # pragma: no cover - compiled
    """Run flow ``j``'s program ``p`` on the state ``s`` (and the window ``w``)."""
    PR, PL, stk = R[0], R[1], R[5]
    top = 0
    for i in range(PL[j, p]):
        code, arg = int(PR[j, p, i, 0]), PR[j, p, i, 1]
        if code == C_CONST:
            stk[top] = arg
            top += 1
        elif code == C_VAR:
            stk[top] = s[int(arg)]
            top += 1
        elif code == C_W:
            stk[top] = w
            top += 1
        elif code == C_FLOOR:
            stk[top - 1] = math.floor(stk[top - 1])
        elif code == C_CEIL:
            stk[top - 1] = math.ceil(stk[top - 1])
        elif code == C_ABS:
            stk[top - 1] = abs(stk[top - 1])
        else:
            top -= 1
            x, y = stk[top - 1], stk[top]
            if code == C_ADD:
                stk[top - 1] = x + y
            elif code == C_MUL:
                stk[top - 1] = x * y
            elif code == C_POW:
                stk[top - 1] = x ** y
            elif code == C_MAX:
                stk[top - 1] = max(x, y)
            else:
                stk[top - 1] = min(x, y)
    return stk[0]


@numba.njit(cache=True, _nrt=False)
def _apply(R, K, j, base, src, w, dst):  # pragma: no cover - compiled
    """``dst[j] = program base..base+K-1 of src`` (every new value from the old state)."""
    tmp = R[4]
    for i in range(K):
        tmp[i] = _eval(R, j, base + i, src, w)
    for i in range(K):
        dst[j, i] = tmp[i]


@numba.njit(cache=True, inline="always", _nrt=False)
def _safe(w):  # pragma: no cover - compiled
    """PolicyOps' Safe: a window that is not finite and >= 0 counts as 1."""
    return w if (w >= 0.0 and math.isfinite(w)) else 1.0


@numba.njit(cache=True, _nrt=False)
def _start_round(j, FP, R, w0, step, racked):  # pragma: no cover - compiled
    """PolicyOps' StartRound: the next state, the window at the start, the gain per ACK."""
    st, nx = R[2], R[3]
    _apply(R, int(FP[FP_K, j]), j, P_INC, st[j], 0.0, nx)
    w = _safe(_eval(R, j, P_WIN, st[j], 0.0))
    w0[j] = max(w, 1.0)
    step[j] = (_safe(_eval(R, j, P_WIN, nx[j], 0.0)) - w) / w0[j]
    racked[j] = 0.0


@numba.njit(cache=True, _nrt=False)
def _pkts_acked(j, count, FP, R, srtt, t, cwnd):  # pragma: no cover - compiled
    """Run the congestion op's PktsAcked, as ns-3 calls it (with the smoothed RTT)."""
    rule = FP[FP_RULE, j]
    if srtt[j] <= 0.0:
        return
    if rule >= RULE_OWN:
        packet_acked(rule - RULE_OWN, j, count, t, srtt, cwnd, R)


@numba.njit(cache=True, _nrt=False)
def _prr(j, delivered, isdup, sack, pipe, ssth, cwnd, R, OP):  # pragma: no cover - compiled
    """Run ns-3.44's TcpPrrRecovery::DoRecovery (RFC 6937): cwnd = pipe + what PRR lets out.

    In segments; the proportional part in bytes as ns-3 computes it (rounded
    up, its uint32 product wrapped).
    ``pipe`` is ns-3's ``tcb->m_bytesInFlight``: as ReceivedAck computed it
    after the ACK's SACK blocks and cumulative part, before ProcessAck's
    Reno-SACK guess or head marked lost; fresh only in EnterRecovery. As
    ns-3.44: a duplicate ACK counts one segment delivered,
    with SACK too, while prrDelivered is below RecoverFS; and its
    ``max(prrDelivered - prrOut, delivered)`` is taken on unsigned integers, so
    when prrOut exceeds prrDelivered the wrapped difference wins and, read
    back as an int, is that negative difference. A recovery entered with
    nothing in flight has RecoverFS 0: its first duplicate ACK delivers
    nothing, so PRR leaves cwnd as it was.
    """
    if isdup and R[V_PRRDEL][j] < R[V_RFS][j]:
        delivered += 1
    if delivered == 0:
        return
    R[V_PRRDEL][j] += delivered
    if pipe > ssth[j]:
        if R[V_RFS][j] > 0:
            # ns-3.44: ceil(m_prrDelivered * m_ssThresh * 1.0 / RecoverFS) - m_prrOut in
            # bytes, the product taken on uint32 first: it wraps at 2^32 (from about 65
            # segments delivered at a ssthresh of 45 kB on), and PRR then sends nothing
            mss = OP[OP_MSS]
            prod = (math.floor(R[V_PRRDEL][j] * mss + 0.5)
                    * math.floor(ssth[j] * mss + 0.5)) % 4294967296
            sndcnt = (math.ceil(prod / (R[V_RFS][j] * mss)) - R[V_PRROUT][j] * mss) / mss
        else:  # ns-3 divides by a RecoverFS of 0: inf (or NaN) cast to int, INT_MIN on x86
            sndcnt = -2.0 ** 31
    else:
        limit = R[V_PRRDEL][j] - R[V_PRROUT][j]
        if limit >= 0:
            limit = max(limit, delivered)
        if R[V_SAFEACK][j] == 1.0:
            limit += 1
        sndcnt = min(limit, ssth[j] - pipe)
    sndcnt = max(sndcnt, 0.0 if R[V_PRROUT][j] > 0 else 1.0)
    cwnd[j] = pipe + sndcnt


@numba.njit(cache=True, inline="always", _nrt=False)
def _setstate(j, new, state, FP, R, nxt):  # pragma: no cover - compiled
    """Enter a congestion state; the variant's CongestionStateSet (Vegas runs only in OPEN)."""
    state[j] = new
    rule = FP[FP_RULE, j]
    if rule >= RULE_OWN:
        packet_state(rule - RULE_OWN, j, new, R, nxt)


@numba.njit(cache=True, inline="always", _nrt=False)
def _increase(j, segs, FP, OP, cwnd, ssth, cnt, limited, R, synced, w0, step, racked,
              nxt, t):  # pragma: no cover - compiled
    """``IncreaseWindow``: the variant's, TcpLinuxReno's, TcpNewReno's, or a policy's rule.

    Called, as ns-3 calls it, also with no segment acknowledged (``segs == 0``,
    the ACK that ends a loss recovery at the recovery point): NewReno's and a
    policy's rules then do nothing, but Veno still measures its backlog, Vegas
    still closes its cycle, and TcpLinuxReno still pays out a full count.
    """
    rule = FP[FP_RULE, j]
    if rule >= RULE_OWN:  # the variant's own IncreaseWindow
        packet_increase(rule - RULE_OWN, j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt)
        return
    if rule == RULE_NEWRENO:
        newreno_increase(j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt)
        return
    if rule == RULE_LINUX_RENO:
        if cwnd[j] < ssth[j]:
            cwnd[j] = min(cwnd[j] + segs, ssth[j])
            return
        if limited[j] == 0:
            return
        w = max(math.floor(cwnd[j] + 1e-9), 1)
        if cnt[j] >= w:
            cnt[j] = 0
            cwnd[j] += 1.0
        cnt[j] += segs
        if cnt[j] >= w:
            d = cnt[j] // w
            cnt[j] -= d * w
            cwnd[j] += d
        return
    if segs <= 0:  # the policy's op: NewReno's slow start, then nothing to count
        return
    if cwnd[j] < ssth[j]:  # TcpNewReno's slow start: one segment per ACK
        cwnd[j] += 1.0
        segs -= 1
    if cwnd[j] < ssth[j] or segs == 0:
        return
    st, nx, K = R[2], R[3], int(FP[FP_K, j])
    if synced[j] == 0:
        _apply(R, K, j, P_INIT, st[j], cwnd[j], st)
        synced[j] = 1
        _start_round(j, FP, R, w0, step, racked)
    # PolicyOps in bytes, as the bridge's C++: cWnd whole bytes, the fraction carried in
    # m_frac, so that the window sends a segment only once it holds it whole
    mss = OP[OP_MSS]
    cw = math.floor(cwnd[j] * mss + 0.5) + R[V_FRAC][j] + step[j] * mss * segs
    racked[j] += segs
    if racked[j] >= w0[j]:
        for i in range(K):
            st[j, i] = nx[j, i]
        cw = max(_safe(_eval(R, j, P_WIN, st[j], 0.0)), 1.0) * mss
        _start_round(j, FP, R, w0, step, racked)
    whole = math.floor(cw)
    R[V_FRAC][j] = cw - whole
    cwnd[j] = whole / mss


@numba.njit(cache=True, inline="always", _nrt=False)
def _ssthresh(j, FP, OP, cwnd, ssth, R, synced, w0, step, racked,
              inflight):  # pragma: no cover - compiled
    """``GetSsThresh`` in segments of whole bytes, as ns-3's ``uint32_t`` holds it.

    Every ns-3 ``GetSsThresh`` returns bytes as an unsigned integer (a policy's
    ``w * segment``, Veno's ``4/5`` of the flight, Westwood+'s estimate, each cut
    to a whole byte); a window of 26.0002 segments would otherwise keep a flow
    in slow start one ACK longer than ns-3's 37648 bytes.
    """
    w = _ssthresh_rule(j, FP, OP, cwnd, ssth, R, synced, w0, step, racked, inflight)
    return math.floor(w * OP[OP_MSS] + 1e-6) / OP[OP_MSS]


@numba.njit(cache=True, inline="always", _nrt=False)
def _ssthresh_rule(j, FP, OP, cwnd, ssth, R, synced, w0, step, racked,
                   inflight):  # pragma: no cover - compiled
    """``GetSsThresh``: TcpLinuxReno's ``max(cwnd / 2, 2)``, the variant's, or the policy's."""
    rule = FP[FP_RULE, j]
    if rule == RULE_LINUX_RENO:
        return max(cwnd[j] / 2.0, 2.0)
    if rule >= RULE_OWN:  # the variant's own GetSsThresh
        return packet_ssthresh(rule - RULE_OWN, j, OP, cwnd, ssth, R, inflight)
    if rule == RULE_NEWRENO:
        return newreno_ssthresh(j, OP, cwnd, ssth, R, inflight)
    st, K = R[2], int(FP[FP_K, j])
    if synced[j] == 0 or cwnd[j] < ssth[j]:
        _apply(R, K, j, P_INIT, st[j], cwnd[j], st)
        synced[j] = 1
    _apply(R, K, j, P_DEC, st[j], 0.0, st)
    _start_round(j, FP, R, w0, step, racked)
    R[V_FRAC][j] = 0.0  # PolicyOps' m_frac
    return max(_safe(_eval(R, j, P_WIN, st[j], 0.0)), 2.0)


@numba.njit(cache=True, inline="always", _nrt=False)
def _consts(FP, OP):  # pragma: no cover - compiled
    """Return the run's constants: flows, service time, dupthresh, clock, min RTO, sizes, stops."""
    return (FP.shape[1], 1.0 / OP[OP_RATE], int(OP[OP_DUP]), OP[OP_GRAN], OP[OP_MINRTO],
            FP[FP_SIZE], FP[FP_STOP])


@numba.njit(cache=True, inline="always", _nrt=False)
def _back(qd, ready, acc, wire, rest):  # pragma: no cover - compiled
    """Return when an ACK the receiver sends at ``ready`` reaches its sender.

    It queues behind the ACKs sent before it on the receiver's access link
    (``acc`` to send it) and on the bottleneck (``wire``), then takes ``rest``
    (the bottleneck's delay, the sender's access link).
    """
    qd[QRFREE1] = max(ready, qd[QRFREE1]) + acc
    qd[QRFREE2] = max(qd[QRFREE1], qd[QRFREE2]) + wire
    return qd[QRFREE2] + rest


@numba.njit(cache=True, inline="always", _nrt=False)
def _sack_list_add(j, lst, cnt, head, tail):  # pragma: no cover - compiled
    """ns-3.44's ``TcpRxBuffer::UpdateSackList``: block ``[head, tail)`` (segments) goes first.

    The first block is merged with any block it touches (each merge restarts
    from the second block); at most 4 blocks are kept, the last one dropped
    (a dropped block is never reported again, even when a block next to it
    arrives).
    """
    c = cnt[j]
    for i in range(c, 0, -1):
        lst[j, i, 0], lst[j, i, 1] = lst[j, i - 1, 0], lst[j, i - 1, 1]
    lst[j, 0, 0], lst[j, 0, 1] = head, tail
    c += 1
    i = 1
    while i < c:
        b0, b1, c0, c1 = lst[j, 0, 0], lst[j, 0, 1], lst[j, i, 0], lst[j, i, 1]
        if b0 == c1 or b1 == c0:  # a left or a right merge
            for m in range(i, c - 1):
                lst[j, m, 0], lst[j, m, 1] = lst[j, m + 1, 0], lst[j, m + 1, 1]
            c -= 1
            lst[j, 0, 0], lst[j, 0, 1] = (c0, b1) if b0 == c1 else (b0, c1)
            i = 1
        else:
            i += 1
    cnt[j] = min(c, 4)


@numba.njit(cache=True, inline="always", _nrt=False)
def _sack_list_clear(j, lst, cnt, seq):  # pragma: no cover - compiled
    """ns-3.44's ``TcpRxBuffer::ClearSackList``: drop the blocks that end at or below ``seq``."""
    keep = 0
    for i in range(cnt[j]):
        if lst[j, i, 1] > seq:
            lst[j, keep, 0], lst[j, keep, 1] = lst[j, i, 0], lst[j, i, 1]
            keep += 1
    cnt[j] = keep


@numba.njit(cache=True, inline="always", _nrt=False)
def _depart(S, FP, OP, rec, tot, t, k):  # pragma: no cover - compiled
    """Serve the packet at the head of the bottleneck; its receiver answers at once."""
    Q = S[37].shape[0]
    rnxt, rbits, recent, at, aack, asack = S[28], S[29], S[30], S[31], S[32], S[33]
    aecho, atail, qf, qs, qt, qi, qd = S[34], S[36], S[37], S[38], S[39], S[40], S[41]
    n, svc, dupthresh, gran, minrto, sizes, stops = _consts(FP, OP)
    # ---- a packet leaves the bottleneck; its receiver answers at once
    h = qi[QH]
    j, s, ts = qf[h], qs[h], qt[h]
    qi[QH] = (h + 1) % Q
    qi[QL] -= 1
    if qi[QL] > 0:
        qd[QTDEP] = t + _service(qf[qi[QH]], qs[qi[QH]], FP, OP)
        qd[QWAKE] = t  # the device took its queued packet
    else:
        qd[QTDEP] = np.inf
    if qi[QL] == 1:  # the device's queued packet goes to the link; the queue disc has none
        qi[QIDLEF], qd[QIDLE] = 1, t
    elif qi[QL] > 1:  # the queue disc gives the device its next packet
        qi[QIDLEF] = 0
    if s < 0:  # the handshake's last ACK, a SYN (its SYN-ACK comes back), the last ACK
        if s == -2:
            S[59][j] = t + OP[OP_LDELAY] + OP[OP_SYNACC]  # when the SYN-ACK leaves
            S[27][j] = _back(qd, S[59][j], OP[OP_SYNACC],
                             OP[OP_SYNSVC], OP[OP_LDELAY] + OP[OP_SYNACC] + FP[FP_FWD, j])
        elif s == -3:  # the sender's last ACK: the receiver closes when it comes
            S[63][j] = t + OP[OP_LDELAY] + OP[OP_ACKACC]
        else:
            _receiver_sample(S, OP, j, t + OP[OP_LDELAY] + OP[OP_ACKACC])
        return
    rec[R_DELIV, k, j] += 1.0
    if FP[FP_CBR, j] > 0.0:  # a CBR (UDP) packet: no receiver state, no ACK
        rec[R_UNIQ, k, j] += 1.0
        return
    dly = FP[FP_LDLY, j] if _short(j, s, FP) else OP[OP_DELAY]  # to the receiver
    _receiver_sample(S, OP, j, t + dly)
    sk = -1
    done = False
    if s == rnxt[j]:
        recent[j] = ts
        rnxt[j] += 1
        while rbits[j, rnxt[j] & MASK] == 1:
            rbits[j, rnxt[j] & MASK] = 0
            rnxt[j] += 1
        # the segments the application receives when this one reaches the receiver: it and
        # those it was missing to (ns-3's PacketSink counts bytes in order, on arrival)
        ku = int((t + dly) / OP[OP_REC])
        done = 0 < sizes[j] <= rnxt[j] and s < sizes[j]  # the transfer's last byte arrives
        got = rnxt[j] - s  # segments, as ns-3's bytes over the segment size
        if done and FP[FP_LFRAC, j] > 0.0:
            got -= 1.0 - FP[FP_LFRAC, j]
        if ku < rec.shape[1]:
            rec[R_UNIQ, ku, j] += got
        if done and t + dly < OP[OP_DUR]:
            tot[T_FINISH, j] = t + dly
        if S[53][j] > 0:
            _sack_list_clear(j, S[52], S[53], rnxt[j])
    elif s > rnxt[j]:
        if rbits[j, s & MASK] == 0:
            rbits[j, s & MASK] = 1
            sk = s
            _sack_list_add(j, S[52], S[53], s, s + 1)
    e = atail[j] & MASK
    # ns-3's receiver sends the first blocks of its SACK list (3 at most, beside the
    # timestamps): the ACK is longer by each, and takes longer to return
    b = min(S[53][j], 3) if FP[FP_SACK, j] != 0.0 else 0
    at[j, e] = _back(qd, t + dly, OP[OP_RA0 + b], OP[OP_RW0 + b],
                     OP[OP_LDELAY] + OP[OP_RA0 + b] + FP[FP_FWD, j])
    aack[j, e] = rnxt[j]
    asack[j, e] = sk
    aecho[j, e] = recent[j]
    S[42][j, e] = math.floor((t + dly) / gran)  # the ACK's TSval (ms): the
    atail[j] += 1  # receiver's clock when the packet reaches it
    if S[35][j] + 1 == atail[j]:  # none was on its way: this one arrives first
        S[55][j] = at[j, e]
    if done:
        _close_receiver(S, FP, OP, j, e, t + dly, s == sizes[j] - 1)
    return


@numba.njit(cache=True, inline="always", _nrt=False)
def _close_receiver(S, FP, OP, j, e, t, fin):  # pragma: no cover - compiled
    """Flow ``j``'s receiver has everything at ``t``: PacketSink's socket closes.

    The socket is shut for sending, so ns-3's DoPeerClose closes it (CLOSE_WAIT,
    then LAST_ACK) and sends the receiver's FIN. ``fin``: the segment that
    completed the data carried the sender's FIN: ReceivedData acknowledged it
    (ACK ``e``) and the FIN follows as a packet of its own. Otherwise a hole
    was filled after the FIN came: ReceivedData calls DoPeerClose and returns,
    so ACK ``e`` becomes the FIN, the only answer.
    """
    # ns-3's LAST_ACK timer: lastRto = SRTT + max(granularity, 4 RTTVAR) from the
    # receiver's one RTT sample, the handshake's (RttMeanDeviation: SRTT m, RTTVAR m/2)
    m = S[60][j]
    S[62][j] = m + max(OP[OP_GRAN], 2.0 * m) if m > 0.0 else 1.0 + OP[OP_GRAN]
    S[61][j] = LAST_ACK_RETRIES
    # handled one link delay ahead of its time, as an ACK's return at its departure, so that
    # the reverse link takes its FIN in the order of the times they are sent
    S[58][j] = t + S[62][j] - OP[OP_DELAY]
    if not fin:
        S[33][j, e] = FIN_ACK
        return
    _send_fin(S, FP, OP, j, t, FIN_ACK)


@numba.njit(cache=True, inline="always", _nrt=False)
def _send_fin(S, FP, OP, j, t, mark):  # pragma: no cover - compiled
    """Flow ``j``'s receiver sends its FIN at ``t`` (no SACK block), marked ``mark``."""
    e = S[36][j] & MASK
    S[31][j, e] = _back(S[41], t, OP[OP_RA0], OP[OP_RW0],
                        OP[OP_LDELAY] + OP[OP_RA0] + FP[FP_FWD, j])
    S[32][j, e], S[33][j, e], S[34][j, e] = S[28][j], mark, S[30][j]
    S[42][j, e] = math.floor(t / OP[OP_GRAN])
    S[36][j] += 1
    if S[35][j] + 1 == S[36][j]:  # none was on its way: this one arrives first
        S[55][j] = S[31][j, e]


@numba.njit(cache=True, inline="always", _nrt=False)
def _receiver_sample(S, OP, j, t):  # pragma: no cover - compiled
    """Flow ``j``'s receiver's RTT sample, on the first packet from its sender at ``t``.

    ns-3 records the SYN-ACK in the receiver's RTT history; the next packet
    that acknowledges it (the handshake's last ACK, or data if that was lost)
    gives the receiver's one sample, from the echoed timestamp (whole ms).
    """
    if S[60][j] < 0.0 and S[59][j] > 0.0:
        g = OP[OP_GRAN]
        S[60][j] = (math.floor(t / g) - math.floor(S[59][j] / g)) * g


@numba.njit(cache=True, inline="always", _nrt=False)
def _last_ack_timeout(S, FP, OP, j, t):  # pragma: no cover - compiled
    """Flow ``j``'s receiver's LAST_ACK timer, handled at ``t`` for its time ``t + OP_DELAY``.

    ns-3's LastAckTimeout: unless the sender's last ACK has come, the
    receiver sends its FIN again (at most ``LAST_ACK_RETRIES`` times, then
    closes) and waits as long again. The sender, in TIME_WAIT, ignores it.
    """
    due = t + OP[OP_DELAY]
    qi, qd = S[40], S[41]
    head_done = (qi[QL] > 0 and S[37][qi[QH]] == j and S[38][qi[QH]] == -3
                 and qd[QTDEP] + OP[OP_LDELAY] + OP[OP_ACKACC] <= due)
    if S[63][j] <= due or head_done or S[61][j] == 0:
        S[58][j] = np.inf
        return
    S[61][j] -= 1
    _send_fin(S, FP, OP, j, due, FIN_AGAIN)
    S[58][j] = t + S[62][j]


@numba.njit(cache=True, inline="always", _nrt=False)
def _time_wait(S, FP, OP, j, t, sk):  # pragma: no cover - compiled
    """Answer the receiver's FIN, if flow ``j``'s ACK at ``t`` is one (``sk == FIN_ACK``).

    ns-3's ProcessWait processes its ACK (no data is left to send), goes to
    TIME_WAIT and answers with an ACK, a packet of its own on the access link
    and the bottleneck (as the handshake's last ACK).
    """
    if sk != FIN_ACK:
        return
    _on_access(j, -3, t, OP[OP_ACKACC], FP, S[43], S[44], S[45], S[46], S[47], S[50], S[54])


@numba.njit(cache=True, _nrt=False)
def _cbr_send(S, FP, OP, rng, rec, j, t, k):  # pragma: no cover - compiled
    """Send a CBR source's next packet (ns-3's OnOff UDP application, always on)."""
    nxt, tstart, qf, qs, qt, qi, qd = S[14], S[27], S[37], S[38], S[39], S[40], S[41]
    rec[R_SENT, k, j] += 1.0
    _enqueue(j, t, k, FP, OP, rng, rec, qf, qs, qt, qi, qd, nxt[j], t)
    nxt[j] += 1
    tstart[j] = t + FP[FP_CBR, j]
    if FP[FP_STOP, j] > 0.0 and tstart[j] >= FP[FP_STOP, j]:
        tstart[j] = np.inf


@numba.njit(cache=True, inline="always", _nrt=False)
def _start(S, FP, OP, j, t):  # pragma: no cover - compiled
    """Start flow ``j``: its SYN, or its data when the SYN-ACK is back; return whether it sends.

    The SYN and the handshake's last ACK cross the access link and the
    bottleneck as packets of their own (ns-3's sizes): SYNs of flows that
    start together queue one after the other, and the last ACK holds the
    bottleneck ahead of the first data segment. The SYN-ACK gives the first
    RTT sample (timestamps in whole granules).
    """
    cwnd, srtt, rttvar, rto, life, tstart = S[0], S[22], S[23], S[24], S[26], S[27]
    n, svc, dupthresh, gran, minrto, sizes, stops = _consts(FP, OP)
    afree, fi = S[47], S[45]
    if life[j] == 0:  # the SYN leaves; the SYN-ACK sets tstart (_depart)
        life[j] = 1
        tstart[j] = np.inf
        _on_access(j, -2, t, OP[OP_SYNACC], FP, S[43], S[44], fi, S[46], afree, S[50], S[54])
        S[49][j] = t
        return False
    sample = (math.floor(t / gran) - math.floor(S[49][j] / gran)) * gran
    srtt[j] = sample if sample > 0.0 else t - S[49][j]
    rttvar[j] = srtt[j] / 2.0
    S[3][V_MINSRTT][j] = srtt[j]
    rto[j] = max(minrto, srtt[j] + max(gran, 4.0 * rttvar[j]))
    life[j] = 2
    tstart[j] = np.inf
    cwnd[j] = OP[OP_IW]
    # the handshake's last ACK leaves just ahead of the data, on the same links
    _on_access(j, -1, t, OP[OP_ACKACC], FP, S[43], S[44], fi, S[46], afree, S[50], S[54])
    return True


@numba.njit(cache=True, inline="always", _nrt=False)
def _timeout(S, FP, OP, tot, j, t):  # pragma: no cover - compiled
    """Flow ``j``'s timer expires (ns-3 ``ReTxTimeout``); return whether it sends."""
    cwnd, ssth, R, w0, step, racked, synced = S[0], S[1], S[3], S[4], S[5], S[6], S[7]
    state, dup, recover, ractive, una, nxt = S[8], S[9], S[10], S[11], S[13], S[14]
    histfrom, nsacked, nlost, nretx, npend, flags = S[15], S[16], S[17], S[18], S[19], S[21]
    rto, deadline, life = S[24], S[25], S[26]
    n, svc, dupthresh, gran, minrto, sizes, stops = _consts(FP, OP)
    # ---- retransmission timeout (ns-3 TcpSocketBase::ReTxTimeout)
    deadline[j] = np.inf
    if life[j] != 2 or una[j] >= nxt[j]:
        return False
    tot[T_TO, j] += 1.0
    inflight = _inflight(j, FP, flags, nxt[j], una[j], nsacked[j], nlost[j], nretx[j])  # ns-3's
    # inFlightBeforeRto
    resetsack = FP[FP_SACK, j] == 0.0
    if resetsack:  # ResetRenoSack, SetSentListLost(true): no SACK seen
        S[51][j] = -1
    dup[j] = 0
    nsacked[j] = 0
    nlost[j] = 0
    for s in range(una[j], nxt[j]):
        f = flags[j, s & MASK]
        if resetsack or (f & SACKED) == 0:
            flags[j, s & MASK] = LOST
            nlost[j] += 1
        else:
            flags[j, s & MASK] = SACKED
            nsacked[j] += 1
    nretx[j] = 0
    npend[j] = nlost[j]
    recover[j] = nxt[j]
    ractive[j] = 1
    histfrom[j] = nxt[j]
    rto[j] = min(2.0 * rto[j], OP[OP_MAXRTO])
    # ns-3.44 ReTxTimeout: SetSentListLost clears every retransmitted flag before the test
    # ``congState != CA_LOSS || !IsHeadRetransmitted()``, which is then always true:
    # every timeout sets ssthresh from the flight before it
    ssth[j] = _ssthresh(j, FP, OP, cwnd, ssth, R, synced, w0, step, racked, inflight)
    _setstate(j, ST_LOSS, state, FP, R, nxt)
    cwnd[j] = 1.0
    # TcpLinuxReno's m_cWndCnt is left as it is (tcp-linux-reno.h/.cc: nothing but
    # CongestionAvoidance touches it; ReTxTimeout only sets cwnd to one segment)
    return True


@numba.njit(cache=True, inline="always", _nrt=False)
def _dupack(S, FP, OP, rng, rec, tot, j, t, k, ack, sack, isdup,
            delivered):  # pragma: no cover - compiled
    """Take a duplicate ACK (ns-3 ``DupAck``): limited transmit, Reno SACK, fast retransmit."""
    cwnd, ssth, R, w0, step, racked, synced, state = S[0], S[1], S[3], S[4], S[5], S[6], S[7], S[8]
    dup, recover, ractive, una, nxt, nsacked = S[9], S[10], S[11], S[13], S[14], S[16]
    nlost, nretx, npend, flags, rto, deadline = S[17], S[18], S[19], S[21], S[24], S[25]
    n, svc, dupthresh, gran, minrto, sizes, stops = _consts(FP, OP)
    if isdup and state[j] != ST_LOSS:
        if state[j] != ST_RECOVERY:
            dup[j] += 1
        if state[j] == ST_OPEN:
            _setstate(j, ST_DISORDER, state, FP, R, nxt)
        if state[j] == ST_RECOVERY:
            if not sack:
                _reno_sack(j, una[j], nxt[j], flags, nsacked, nlost, npend, nretx, S[51])
            if OP[OP_PRR] == 1.0:
                _prr(j, delivered, True, sack, S[48][j], ssth, cwnd, R, OP)
        elif state[j] == ST_DISORDER:
            # RFC 6675 step (2), ns-3 DupAck: TcpTxBuffer::IsLost(m_highRxAckMark), which
            # is the head's lost flag while a SACK - without SACK a "Reno SACK" guess
            # (m_highestSack) - lies above it. Without SACK the head is lost in OPEN or
            # DISORDER after DiscardUpTo moved a guess off it (MarkHeadAsLost): then the
            # first duplicate ACK starts a recovery
            headlost = (flags[j, una[j] & MASK] & LOST) != 0 and (sack or nsacked[j] > 0)
            if (dup[j] == dupthresh and (ack >= recover[j] or ractive[j] == 0)) \
                    or headlost:
                # EnterRecovery; classic recovery: cwnd = ssthresh
                if not sack:
                    _reno_sack(j, una[j], nxt[j], flags, nsacked, nlost, npend, nretx, S[51])
                _mark_head(j, una[j], nxt[j], flags, nlost, npend, nsacked, nretx, not sack)
                recover[j] = nxt[j]
                ractive[j] = 1
                _setstate(j, ST_RECOVERY, state, FP, R, nxt)
                inflight = _inflight(j, FP, flags, nxt[j], una[j], nsacked[j], nlost[j],
                                     nretx[j]) + (0 if sack else 1)
                ssth[j] = _ssthresh(j, FP, OP, cwnd, ssth, R, synced, w0, step, racked,
                                    inflight)
                cwnd[j] = ssth[j]
                if FP[FP_TAHOE, j] == 1.0:  # the bridge's TahoeRecovery: cwnd = 1 segment
                    cwnd[j] = 1.0
                    R[V_TAHOECW][j] = 1.0
                elif OP[OP_PRR] == 1.0:  # ns-3.44 TcpPrrRecovery::EnterRecovery:
                    R[V_PRROUT][j] = 0.0  # RecoverFS = the pipe (BytesInFlight, fresh)
                    R[V_PRRDEL][j] = 0.0
                    S[48][j] = inflight - (0 if sack else 1)
                    R[V_RFS][j] = S[48][j]  # may be 0: then a duplicate ACK adds nothing
                    _prr(j, delivered, True, sack, S[48][j], ssth, cwnd, R, OP)
                tot[T_FR, j] += 1.0
                _send(j, una[j], True, t, k, FP, OP, rng, rec, tot, flags, nxt, nretx,
                      npend, deadline, rto, S[43], S[44], S[45], S[46], S[47], S[50],
              S[54])
                _cwnd_limited(S, FP, j)
                R[V_PRROUT][j] += 1.0
            elif not sack:
                _reno_sack(j, una[j], nxt[j], flags, nsacked, nlost, npend, nretx, S[51])


@numba.njit(cache=True, inline="always", _nrt=False)
def _next_seg(j, FP, una, nxt, flags, npend, hs, rule3):  # pragma: no cover - compiled
    """Return the segment flow ``j`` sends next, or -1 (RFC 6675 NextSeg, rules 1-3).

    As ns-3.44's ``TcpTxBuffer::NextSeg``: (1) the first segment marked lost,
    neither retransmitted nor SACKed, below the highest SACKed one ``hs[j]``
    (its rule 1.b) if a SACK was seen (a "Reno SACK" guess included); else (2)
    the next new one if the flow has data left and the receiver's window (and
    the scoreboard's ring) allow it; else, with ``rule3`` (ns-3: SACK and fast
    recovery) and no data left to send, (3) the first segment rule 1 would
    take but for its loss; else -1. ns-3 has no rescue retransmission (rule 4).
    """
    first = -1  # rule 3's candidate
    size = FP[FP_SIZE, j]
    if npend[j] > 0 or (rule3 and 0 < size <= nxt[j]):  # (rule 3 only once no data is left)
        s = una[j]
        top = nxt[j] if hs[j] < 0 else min(nxt[j], hs[j])
        while s < top:
            g = flags[j, s & MASK]
            if (g & RETX) == 0 and (g & SACKED) == 0:
                if (g & LOST) != 0:
                    return s
                if first < 0:
                    first = s
            s += 1
    s = nxt[j]
    if size > 0 and s >= size:  # no data left: rule 3
        return first if rule3 else -1
    if s - una[j] >= FP[FP_RWND, j] or s - una[j] >= RING - 1:
        return -1
    return s


@numba.njit(cache=True, inline="always", _nrt=False)
def _partial_ack(S, FP, OP, rng, rec, tot, j, t, k, sack, segs, delivered,
                 rto_now):  # pragma: no cover - compiled
    """Take a partial ACK in recovery (RFC 6582; ns-3 ProcessAck).

    The recovery op's DoRecovery, the next hole retransmitted unless the head
    already was, the timer restarted the first time only.
    """
    cwnd, ssth, R, firstpartial, una, nxt, nsacked = S[0], S[1], S[3], S[12], S[13], S[14], S[16]
    nlost, nretx, npend, flags, srtt, rto = S[17], S[18], S[19], S[21], S[22], S[24]
    deadline = S[25]
    # a partial ACK (RFC 6582): retransmit unless the head already was
    if not sack:
        _mark_head(j, una[j], nxt[j], flags, nlost, npend, nsacked, nretx, not sack)
    if FP[FP_TAHOE, j] == 1.0 and segs >= 1:  # TahoeRecovery::DoRecovery: slow start
        cwnd[j] += 1.0 if cwnd[j] < ssth[j] else 1.0 / cwnd[j]
        R[V_TAHOECW][j] = cwnd[j]
    if OP[OP_PRR] == 1.0 and segs >= 1:
        _prr(j, delivered, False, sack, S[48][j], ssth, cwnd, R, OP)
    f = flags[j, una[j] & MASK]
    if una[j] < nxt[j] and not ((f & RETX) != 0 and (f & SACKED) == 0):
        # ns-3's DoRetransmit: NextSeg's first lost segment, else new data (its rule 2:
        # the head is not lost yet, so the partial ACK sends what is next), else the head
        s = _next_seg(j, FP, una, nxt, flags, npend, S[51], False)  # DoRetransmit's
        if s < 0:
            s = una[j]
        _send(j, s, s < nxt[j], t, k, FP, OP, rng, rec, tot, flags, nxt, nretx,
              npend, deadline, rto, S[43], S[44], S[45], S[46], S[47], S[50],
              S[54])
        _cwnd_limited(S, FP, j)
        R[V_PRROUT][j] += 1.0
    _pkts_acked(j, 1.0, FP, R, srtt, t, cwnd)
    if firstpartial[j] == 1:  # ns-3 restarts the timer on the first only
        rto[j] = rto_now
        deadline[j] = t + rto[j]
        firstpartial[j] = 0


@numba.njit(cache=True, inline="always", _nrt=False)
def _newack(S, FP, OP, rng, rec, tot, j, t, k, ack, old, sack, isdup, delivered,
            olddup):  # pragma: no cover - compiled
    """Take an ACK of new data (ns-3 ``ProcessAck``); return whether the flow sends."""
    cwnd, ssth, cnt, R, w0, step, racked, synced = S[0], S[1], S[2], S[3], S[4], S[5], S[6], S[7]
    state, dup, recover, ractive, firstpartial, una = S[8], S[9], S[10], S[11], S[12], S[13]
    nxt, limited, srtt, rttvar, rto, deadline = S[14], S[20], S[22], S[23], S[24], S[25]
    life = S[26]
    n, svc, dupthresh, gran, minrto, sizes, stops = _consts(FP, OP)
    segs = delivered
    if not isdup:
        dup[j] = 0
    rto_now = max(minrto, srtt[j] + max(gran, 4.0 * rttvar[j]))
    if ack < recover[j] and state[j] == ST_RECOVERY:
        _partial_ack(S, FP, OP, rng, rec, tot, j, t, k, sack, segs, delivered, rto_now)
    elif ack < recover[j] and state[j] == ST_LOSS:
        _pkts_acked(j, segs, FP, R, srtt, t, cwnd)
        _increase(j, segs, FP, OP, cwnd, ssth, cnt, limited, R, synced, w0, step,
                  racked, nxt, t)
        rto[j] = rto_now
        deadline[j] = t + rto[j]
    else:
        if state[j] == ST_OPEN:
            _pkts_acked(j, segs, FP, R, srtt, t, cwnd)
        elif state[j] == ST_DISORDER:
            if segs >= olddup:
                _pkts_acked(j, segs - olddup, FP, R, srtt, t, cwnd)
            if not isdup:
                _setstate(j, ST_OPEN, state, FP, R, nxt)
        elif state[j] == ST_RECOVERY:
            firstpartial[j] = 1
            segs = ack - old
            _pkts_acked(j, segs, FP, R, srtt, t, cwnd)
            _setstate(j, ST_OPEN, state, FP, R, nxt)
            dup[j] = 0
            cwnd[j] = R[V_TAHOECW][j] if FP[FP_TAHOE, j] == 1.0 else ssth[j]
        elif state[j] == ST_LOSS:
            firstpartial[j] = 1
            segs = ack - recover[j]
            _pkts_acked(j, segs, FP, R, srtt, t, cwnd)
            _setstate(j, ST_OPEN, state, FP, R, nxt)
        if ack >= recover[j]:
            ractive[j] = 0
        if state[j] == ST_OPEN:
            _increase(j, segs, FP, OP, cwnd, ssth, cnt, limited, R, synced, w0, step,
                      racked, nxt, t)
        rto[j] = rto_now
        deadline[j] = t + rto[j]
    if una[j] >= nxt[j]:
        deadline[j] = np.inf
    if sizes[j] > 0 and una[j] >= sizes[j]:  # (its completion: when the receiver had all)
        life[j] = 3
        deadline[j] = np.inf
        return False
    return True


@numba.njit(cache=True, inline="always", _nrt=False)
def _ack(S, FP, OP, rng, rec, tot, j, t, k):  # pragma: no cover - compiled
    """Flow ``j``'s next ACK arrives (ns-3 ``ReceivedAck``); return whether it sends."""
    cwnd, R, dup, una, nxt, histfrom, nsacked = S[0], S[3], S[9], S[13], S[14], S[15], S[16]
    nlost, nretx, npend, flags, srtt, rttvar, rto = S[17], S[18], S[19], S[21], S[22], S[23], S[24]
    deadline, life, aack, asack, aecho, ahead = S[25], S[26], S[32], S[33], S[34], S[35]
    n, svc, dupthresh, gran, minrto, sizes, stops = _consts(FP, OP)
    # ---- an ACK reaches its sender (ns-3 ReceivedAck, ProcessAck, DupAck)
    e = ahead[j] & MASK
    ack, sk, echo = aack[j, e], asack[j, e], aecho[j, e]
    R[V_RCVTS][j] = S[42][j, e]
    R[V_ECHOMS][j] = math.floor(echo / OP[OP_GRAN])
    ahead[j] += 1
    S[55][j] = S[31][j, ahead[j] & MASK] if ahead[j] < S[36][j] else np.inf
    _time_wait(S, FP, OP, j, t, sk)  # the receiver's FIN? (no SACK block: its ACK below)
    if life[j] != 2 or sk == FIN_AGAIN:  # a FIN sent again: TIME_WAIT does nothing
        return False
    if stops[j] > 0.0 and t >= stops[j]:
        life[j] = 3
        deadline[j] = np.inf
        return False
    old = una[j]
    if ack < old:
        return False
    sack = FP[FP_SACK, j] != 0.0
    delivered = 0
    updated = False
    if sack and sk >= ack and sk < nxt[j] and (flags[j, sk & MASK] & SACKED) == 0:
        _sack_one(j, sk, flags, nsacked, nlost, npend, nretx, True, S[51])
        delivered += 1
        updated = True
        _mark_lost(j, ack, nxt[j], flags, nlost, npend, dupthresh)
    # the RTT from the echoed timestamp (whole granules, as ns-3's TSval), only when the
    # ACK covers the front of ns-3's RTT history (tcp-socket-base.cc CalculateRttSample:
    # ``ackSeq >= front.seq + count``; the history holds new data sent since the last
    # timeout, ReTxTimeout clears it): a duplicate ACK gives no sample
    if ack > max(old, histfrom[j]):
        sample = (math.floor(t / gran) - math.floor(echo / gran)) * gran
        if sample > 0.0:
            rttvar[j] = 0.75 * rttvar[j] + 0.25 * abs(srtt[j] - sample)
            srtt[j] = 0.875 * srtt[j] + 0.125 * sample
            rto[j] = max(minrto, srtt[j] + max(gran, 4.0 * rttvar[j]))
            R[V_MINSRTT][j] = min(R[V_MINSRTT][j], srtt[j])  # tcb->m_minRtt
    R[V_SAFEACK][j] = 0.0
    for s in range(old, ack):
        f = flags[j, s & MASK]
        if (f & SACKED) != 0:
            if not sack:
                # a "Reno SACK" guess was never counted as delivered (tcp-tx-buffer.cc
                # AddRenoSack calls no rate callback, tcp-rate-ops.cc SkbDelivered counts
                # it when DiscardUpTo drops it): ns-3's segsAcked includes it
                delivered += 1
        else:
            delivered += 1
            if (f & RETX) != 0:
                R[V_SAFEACK][j] = 1.0  # m_isRetransDataAcked
        _discard(j, f, nsacked, nlost, npend, nretx)
        flags[j, s & MASK] = 0
    una[j] = ack
    if not sack and ack > old and ack < nxt[j] and (flags[j, ack & MASK] & SACKED) != 0:
        # ns-3's DiscardUpTo: a "Reno SACK" guess on the new head was wrong; the
        # guess moves to the next segment (never the head) and the head, unSACKed,
        # is marked lost
        _reno_sack(j, una[j], nxt[j], flags, nsacked, nlost, npend, nretx, S[51])
        _mark_head(j, una[j], nxt[j], flags, nlost, npend, nsacked, nretx, not sack)
    if ack > old and S[51][j] >= 0 and S[51][j] <= una[j]:  # DiscardUpTo: none above SND.UNA
        S[51][j] = -1
    # ns-3's m_bytesInFlight as ReceivedAck updates it "before processing the ACK": after
    # the SACK blocks and the cumulative part (DiscardUpTo), before ProcessAck's Reno-SACK
    # guess or head marked lost; PRR's DoRecovery reads it
    S[48][j] = _inflight(j, FP, flags, nxt[j], una[j], nsacked[j], nlost[j], nretx[j])
    isdup = updated if sack else (ack == old and ack < nxt[j])
    R[V_LASTACK][j] = ack
    olddup = dup[j]
    _dupack(S, FP, OP, rng, rec, tot, j, t, k, ack, sack, isdup, delivered)
    if ack > old:
        return _newack(S, FP, OP, rng, rec, tot, j, t, k, ack, old, sack, isdup, delivered,
                       olddup)
    if ack < nxt[j]:  # ns-3 ProcessAck: ack == SND.UNA below SND.MAX
        _pkts_acked(j, 1.0, FP, R, srtt, t, cwnd)
    return True


@numba.njit(cache=True, inline="always", _nrt=False)
def _send_pending(S, FP, OP, rng, rec, tot, j, t, k):  # pragma: no cover - compiled
    """Send what flow ``j``'s window allows; return 0, or the check's code."""
    cwnd, una, nxt, nsacked, nlost, nretx, npend = S[0], S[13], S[14], S[16], S[17], S[18], S[19]
    flags, rto, deadline, life = S[21], S[24], S[25], S[26]
    n, svc, dupthresh, gran, minrto, sizes, stops = _consts(FP, OP)
    # send what the window allows (ns-3 SendPendingData, RFC 6675 NextSeg 1-2)
    if life[j] != 2:
        return 0
    if stops[j] > 0.0 and t >= stops[j]:
        life[j] = 3
        deadline[j] = np.inf
        return 0
    sent = False
    while True:
        infl = _inflight(j, FP, flags, nxt[j], una[j], nsacked[j], nlost[j], nretx[j])
        if sent:  # ns-3's SendDataPacket sets m_isCwndLimited, the segment just sent counted
            S[20][j] = 1 if cwnd[j] < infl + 1.0 else 0
        room = cwnd[j] - infl
        # ns-3 sends into a window of less than a segment only the data left, if it fits:
        # a transfer's short last segment (new or again), when NextSeg gives it (below)
        if room < 1.0 - 1e-9 and not (FP[FP_LFRAC, j] > 0.0 and nxt[j] >= sizes[j] - 1
                                       and room > 1e-9 and room >= FP[FP_LFRAC, j] - 1e-9):
            break
        if S[8][j] == ST_OPEN and 0 < sizes[j] <= nxt[j]:
            # a finite transfer's FIN went with its last segment (ns-3: FIN_WAIT_1), and
            # ns-3's SendPendingData sends nothing in the open state then: a hole left
            # waits for the timer
            break
        # ns-3's SendPendingData enables NextSeg's rule 3 with SACK in fast recovery
        rule3 = FP[FP_SACK, j] != 0.0 and S[8][j] == ST_RECOVERY
        s = _next_seg(j, FP, una, nxt, flags, npend, S[51], rule3)
        if s < 0 or (room < 1.0 - 1e-9 and not _short(j, s, FP)):
            break
        retx = s < nxt[j]
        _send(j, s, retx, t, k, FP, OP, rng, rec, tot, flags, nxt, nretx, npend,
              deadline, rto, S[43], S[44], S[45], S[46], S[47], S[50],
              S[54])
        sent = True
        if S[8][j] == ST_RECOVERY:  # UpdateBytesSent: PRR's prrOut
            S[3][V_PRROUT][j] += 1.0
    if OP[OP_CHECK] == 1.0:
        if not _consistent(j, una[j], nxt[j], flags, nsacked, nlost, nretx, npend):
            return -1 - j
        if una[j] < nxt[j] and deadline[j] == np.inf:
            return -1 - n - j
    return 0


@numba.njit(cache=True, inline="always", _nrt=False)
def _sample(S, FP, rec, link, k, tt, last_t):  # pragma: no cover - compiled
    """Close sample ``k`` at ``tt``: the queue's area, each flow's cwnd and queued packets."""
    cwnd, life, qf, qi = S[0], S[26], S[37], S[40]
    stops = FP[FP_STOP]
    link[L_QAREA, k] += max(qi[QL] - 1, 0) * (tt - last_t)
    link[L_TIME, k] += tt - last_t
    for j in range(FP.shape[1]):
        if life[j] == 2 and not (stops[j] > 0.0 and tt >= stops[j]):
            rec[R_CWND, k, j] = cwnd[j]
    for p in range(1, qi[QL]):
        if S[38][(qi[QH] + p) % qf.shape[0]] >= 0:
            rec[R_QUEUED, k, qf[(qi[QH] + p) % qf.shape[0]]] += 1.0


@numba.njit(cache=True, inline="always", _nrt=False)
def _flow_key(S, FP, j):  # pragma: no cover - compiled
    """Return flow ``j``'s earliest event ``(time, kind)``.

    Kinds, of equal times the first in this order: 6 a packet reaching the
    bottleneck from its access link, 1 an ACK back at the sender, 2 its
    retransmission timer, 3 its start (the SYN, or the data when the
    SYN-ACK is back), 4 the variant's own timer, 5 a CBR source's next
    packet, 7 its receiver's LAST_ACK timer. The loop keeps it in
    ``S[56]``, ``S[57]`` for the flow each event changed (a handler changes
    the times of its own flow only), so that the next-event scan reads one
    array.
    """
    t, kind = S[54][j], 6
    if S[55][j] < t:
        t, kind = S[55][j], 1
    if S[25][j] < t:
        t, kind = S[25][j], 2
    if S[26][j] < 2 and S[27][j] < t:
        t, kind = S[27][j], 3
    if S[3][V_DUE][j] < t:
        t, kind = S[3][V_DUE][j], 4
    if FP[FP_CBR, j] > 0.0 and S[27][j] < t:
        t, kind = S[27][j], 5
    if S[58][j] < t:
        t, kind = S[58][j], 7
    return t, kind


@numba.njit(cache=True, inline="always", _nrt=False)
def _next_event(S, FP, OP, n):  # pragma: no cover - compiled
    """Return the next event ``(time, kind, flow)``, the earliest.

    Kinds: 0 a departure from the bottleneck, and each flow's earliest
    (:func:`_flow_key`). Where the earliest is a departure or
    an arrival at the queue and others of these two kinds fall within half a
    nanosecond of it (ns-3's clock), they are one instant, and ns-3's
    scheduler takes first the event scheduled first: an arrival when its
    packet was sent, a departure when the packet began its service (so an
    arrival usually precedes a departure at the same instant, and of two
    arrivals the one sent first). A retransmission timer due at the instant of
    one of these or of an ACK's arrival (scheduled when the ACK began its last
    hop) goes first where it was armed before that (as it is, an RTO before);
    of timers due at one instant, the one armed first. Other ties: the
    departure, then the lowest flow, its kinds in the order 6, 1, 2, 3, 4, 5, 7.
    """
    deadline, nxa, key = S[25], S[54], S[56]
    qd = S[41]
    t = qd[QTDEP]
    who = -1
    dmin = np.inf  # the earliest timer
    a1, a2 = np.inf, np.inf  # the two earliest arrivals at the queue
    for j in range(n):
        dmin = min(dmin, deadline[j])
        a = nxa[j]  # the first packet on its access link (inf: none)
        if a < a2:
            a1, a2 = min(a, a1), max(a, a1)
        if key[j] < t:
            t = key[j]
            who = j
    kind = 0 if who < 0 else S[57][who]
    return _ns3_order(S, FP, OP, n, t, kind, who, dmin, a1, a2)


@numba.njit(cache=True, inline="always", _nrt=False)
def _ns3_order(S, FP, OP, n, t, kind, who, dmin, a1, a2):  # pragma: no cover - compiled
    """Of the events at instant ``t``, return the one ns-3's scheduler runs first.

    ``(kind, who)``: the earliest found by :func:`_next_event`; ``dmin`` the
    earliest timer, ``a1``, ``a2`` the two earliest arrivals at the queue.
    """
    deadline, ft, fi, qd = S[25], S[43], S[45], S[41]
    end = t + 0.5e-9
    fts = S[46]
    if (kind == 0 or kind == 6) and (qd[QTDEP] <= end) + (a1 <= end) + (a2 <= end) < 2:
        # no other departure or arrival at this instant
        if dmin > end:
            return t, kind, who
        if kind == 0:
            first = qd[QTDEP] - _service(S[37][S[40][QH]], S[38][S[40][QH]], FP, OP)
        else:
            first = fts[who, fi[who, 0] & MASK]
    elif kind == 0 or kind == 6:  # one instant of ns-3's clock: the first scheduled first
        first = np.inf
        if qd[QTDEP] <= end:
            first = qd[QTDEP] - _service(S[37][S[40][QH]], S[38][S[40][QH]], FP, OP)
            kind, who = 0, -1
        order, rank = S[50], -1
        for j in range(n):
            if fi[j, 0] < fi[j, 1]:
                e = fi[j, 0] & MASK
                if ft[j, e] <= end and (fts[j, e] < first - 0.5e-9 or (
                        fts[j, e] < first + 0.5e-9 and kind == 6 and order[j, e] < rank)):
                    first = fts[j, e]
                    rank = order[j, e]
                    kind, who = 6, j
    elif kind == 1:  # ns-3 scheduled an ACK's arrival when it began its last hop
        first = t - OP[OP_ACKACC] - FP[FP_FWD, who]
    elif kind == 2:  # a timer when it was armed
        first = t - S[24][who]
    else:
        return t, kind, who
    # a retransmission timer due at the same instant was armed (an RTO before) earlier
    # than any of these was scheduled, and ns-3 runs it first; of two timers, the one
    # armed first
    rto = S[24]
    if dmin > end:
        return t, kind, who
    for j in range(n):
        if deadline[j] <= end and deadline[j] - rto[j] < first:
            first = deadline[j] - rto[j]
            kind, who = 2, j
    return t, kind, who


@numba.njit(cache=True, _nrt=False)
def run(FP, OP, rng, rec, tot, link, S):  # pragma: no cover - compiled
    """Run one replication to ``OP[OP_DUR]`` seconds; fill ``rec``, ``tot`` and ``link``.

    ``S``: the state :func:`allocate` returns (the flows' rules in it).

    Returns the number of samples written; with ``OP[OP_CHECK] == 1``, ``-1 - j``
    as soon as flow ``j``'s scoreboard counters disagree with its flags, ``-1 - n -
    j`` when it has data outstanding and no timer, or ``-1 - 2n - j`` when the
    earliest event kept for flow ``j`` is not its earliest (:func:`_flow_key`).
    """
    n = FP.shape[1]
    dur = OP[OP_DUR]
    every = OP[OP_REC]
    n_rec = rec.shape[1]
    qi, qd, fsq, fi = S[40], S[41], S[44], S[45]
    last_t = 0.0
    k = 0
    t_rec = every
    rec[R_CWND] = np.nan
    tot[T_FINISH] = np.nan
    for j in range(n):
        S[56][j], S[57][j] = _flow_key(S, FP, j)
    while True:
        t, kind, who = _next_event(S, FP, OP, n)
        if t_rec <= t or dur <= t:
            tt = min(t_rec, dur)
            _sample(S, FP, rec, link, k, tt, last_t)
            last_t = tt
            k += 1
            if tt >= dur or k >= n_rec:
                break
            t_rec += every
            continue
        link[L_QAREA, k] += max(qi[QL] - 1, 0) * (t - last_t)
        link[L_TIME, k] += t - last_t
        last_t = t
        if kind == 0:
            j = S[37][qi[QH]]  # the departing packet's flow (its ACK, its SYN-ACK)
            _depart(S, FP, OP, rec, tot, t, k)
        elif kind == 6:  # a sender's packet reaches the bottleneck
            j = who
            e = fi[j, 0] & MASK
            fi[j, 0] += 1
            S[54][j] = S[43][j, fi[j, 0] & MASK] if fi[j, 0] < fi[j, 1] else np.inf
            s = fsq[j, e]
            if not _enqueue(j, t, k, FP, OP, rng, rec, S[37], S[38], S[39], S[40], qd, s,
                            S[46][j, e]) and s == -2:
                S[26][j] = 0  # a lost SYN goes again when the connection timer expires
                S[27][j] = S[46][j, e] + OP[OP_SYNRTO]
        elif kind == 4:  # Westwood+'s bandwidth estimate, one RTT after it began counting
            j = who
            packet_timer(FP[FP_RULE, j] - RULE_OWN, j, S[3], OP)
        elif kind == 5:
            j = who
            _cbr_send(S, FP, OP, rng, rec, j, t, k)
        elif kind == 7:  # a receiver's LAST_ACK timer
            j = who
            _last_ack_timeout(S, FP, OP, j, t)
        else:
            j = who
            if kind == 3:
                go = _start(S, FP, OP, j, t)
            elif kind == 2:
                go = _timeout(S, FP, OP, tot, j, t)
            else:
                go = _ack(S, FP, OP, rng, rec, tot, j, t, k)
            if go:
                code = _send_pending(S, FP, OP, rng, rec, tot, j, t, k)
                if code < 0:
                    return code
        S[56][j], S[57][j] = _flow_key(S, FP, j)  # each handler changed flow j's only
        if OP[OP_CHECK] == 1.0:
            for i in range(n):
                if (S[56][i], S[57][i]) != _flow_key(S, FP, i):
                    return -1 - 2 * n - i
    return k


def allocate(FP, OP, PR, PL):
    """Return a run's state: every flow's sender, receiver and returning ACKs; the queue.

    Allocated here, in Python, so that the compiled functions allocate nothing
    and run without numba's reference counting (``_nrt=False``, as the round
    model's kernel). ``PR``, ``PL``: the flows' rules as stack programs.
    """
    n = FP.shape[1]
    cwnd = np.zeros(n)
    ssth = np.full(n, np.inf)
    cnt = np.zeros(n, np.int64)
    R = (PR, PL, np.zeros((n, MAX_STATE)), np.zeros((n, MAX_STATE)), np.zeros(MAX_STATE),
         np.zeros(MAX_STEPS),  # then the senders' state (V_* of ._packet_fields): last ACK,
         np.zeros(n), np.full(n, np.inf), np.zeros(n),  # tcb minRtt, Tahoe recovery's cwnd,
         np.zeros(n), np.zeros(n),  # the ACK's TSval and TSecr (ms); PRR's prrOut,
         np.zeros(n), np.zeros(n), np.ones(n),  # prrDelivered, RecoverFS; whether the ACK
         np.zeros(n), np.full(n, np.inf),  # covered a retransmission; the variant's timer;
         np.zeros(n),  # a policy's fraction of a byte of cwnd;
         *(np.zeros(n) for _ in range(NVV)))  # the variant's own (variants/NAME.py)
    for var in VARIANTS.values():
        own = FP[FP_RULE] == RULE_OWN + var.code
        for slot, x in var.packet_initial:
            R[slot][own] = x
    w0 = np.ones(n)
    step = np.zeros(n)
    racked = np.zeros(n)
    synced = np.zeros(n, np.int64)
    state = np.zeros(n, np.int64)
    dup = np.zeros(n, np.int64)
    recover = np.zeros(n, np.int64)
    ractive = np.zeros(n, np.int64)
    firstpartial = np.ones(n, np.int64)
    una = np.zeros(n, np.int64)
    nxt = np.zeros(n, np.int64)
    histfrom = np.zeros(n, np.int64)
    nsacked = np.zeros(n, np.int64)
    nlost = np.zeros(n, np.int64)
    nretx = np.zeros(n, np.int64)
    npend = np.zeros(n, np.int64)
    limited = np.ones(n, np.int64)
    flags = np.zeros((n, RING), np.int8)
    srtt = np.zeros(n)
    rttvar = np.zeros(n)
    rto = np.full(n, OP[OP_INITRTO])
    deadline = np.full(n, np.inf)
    life = np.where(FP[FP_CBR] > 0.0, 3, 0).astype(np.int64)  # 0 not started, 1 handshake,
    # 2 sending, 3 done (a CBR source is never a TCP sender; tstart: its next packet)
    tstart = FP[FP_START].copy()
    rnxt = np.zeros(n, np.int64)
    rbits = np.zeros((n, RING), np.int8)
    recent = np.zeros(n)
    at = np.zeros((n, RING))
    aack = np.zeros((n, RING), np.int64)
    asack = np.zeros((n, RING), np.int64)
    aecho = np.zeros((n, RING))
    ahead = np.zeros(n, np.int64)
    atail = np.zeros(n, np.int64)
    Q = int(OP[OP_BUF]) + 2
    qf = np.zeros(Q, np.int64)
    qs = np.zeros(Q, np.int64)
    qt = np.zeros(Q)
    qi = np.zeros(4, np.int64)
    qi[QCOUNT], qi[QIDLEF] = -1, 1  # ns-3's RED starts idle since time 0
    qd = np.zeros(6)
    qd[QTDEP], qd[QWAKE] = np.inf, -1.0
    return (cwnd, ssth, cnt, R, w0, step, racked, synced, state, dup, recover, ractive,
         firstpartial, una, nxt, histfrom, nsacked, nlost, nretx, npend, limited, flags, srtt,
         rttvar, rto, deadline, life, tstart, rnxt, rbits, recent, at, aack, asack, aecho,
         ahead, atail, qf, qs, qt, qi, qd, np.zeros((n, RING)),  # then the ACKs' TSval;
         np.zeros((n, RING)), np.zeros((n, RING), np.int64),  # packets on the access links:
         np.zeros((n, 2), np.int64), np.zeros((n, RING)),  # arrival, segment, head/tail,
         np.zeros(n),  # send time; when each access link is free;
         np.zeros(n),  # ns-3's tcb->m_bytesInFlight (the pipe as last computed);
         np.zeros(n),  # when the SYN left; the access links' packets in the order
         np.zeros((n + 1, RING), np.int64),  # they were put on, the count in [n, 0];
         np.full(n, -1, np.int64),  # the highest SACKed segment (m_highestSack; -1: none);
         np.zeros((n, 5, 2), np.int64), np.zeros(n, np.int64),  # the receivers' SACK lists;
         np.full(n, np.inf), np.full(n, np.inf),  # the first arrival on each access link, and
         np.full(n, np.inf), np.zeros(n, np.int64),  # the first ACK on each way back (inf:
         *_receivers(n))  # none); each flow's earliest event, its time and kind (_flow_key)


def _receivers(n: int) -> tuple:
    """Return the receivers' closing state, ``S[58]`` to ``S[63]``, for ``n`` flows.

    The LAST_ACK timer (handled one link delay ahead of its time; inf: none),
    when the SYN-ACK left, the RTT sample (-1: none), the FINs left to send
    again, the timer's interval, and when the sender's last ACK reaches the
    receiver (inf: not yet).
    """
    return (np.full(n, np.inf), np.zeros(n), np.full(n, -1.0), np.zeros(n, np.int64),
            np.zeros(n), np.full(n, np.inf))
