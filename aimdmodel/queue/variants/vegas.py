"""TCP Vegas: the window follows the backlog the flow keeps in the queue (Brakmo & Peterson 1995).

Rule, once per round: ``diff = cwnd (1 - BaseRTT/RTT)`` with RTT the round's
smallest RTT and BaseRTT the smallest ever; in congestion avoidance
``cwnd += 1`` if ``diff < alpha``, ``cwnd -= 1`` if ``diff > beta`` (then
``ssthresh = max(min(ssthresh, cwnd - 1), 2)``), else unchanged;
``ssthresh >= 3/4 cwnd`` after each adjustment; in slow start ``diff >
gamma`` sets ``cwnd = min(cwnd, target + 1)`` (``target = cwnd BaseRTT/RTT``)
and ssthresh as above; with 2 RTT samples or fewer in a round it behaves as
NewReno. On loss ``ssthresh = max(min(ssthresh, cwnd - 1), 2)``; NewReno
recovery. ``alpha, beta, gamma = 2, 4, 1`` packets (``QueueOptions``).

The RTTs are ns-3's: Vegas reads the smoothed RTT per ACK (TcpSocketBase
hands ``m_srtt`` to ``PktsAcked``), so RTT and BaseRTT are minima of the
per-ACK smoothed RTT (:func:`round_acks`, which TCP Veno shares).

Source: Brakmo & Peterson, IEEE JSAC 13(8) 1995, Sec. 3.2; ns-3-dev
src/internet/model/tcp-vegas.cc (IncreaseWindow, GetSsThresh).

Left out: Vegas' fine-grained timeout check on duplicate ACKs; diff is taken
once per round.

Packet-level mode: ns-3's TcpVegas per ACK (``packet_*``): PktsAcked feeds
the round's minimum and the base RTT from the smoothed RTT; once per cycle
(the ACK passes the sequence sent when it began), in OPEN only and with more
than 2 samples, the same adjustment in whole segments; outside OPEN or with
few samples, TcpNewReno's rule. Its state: ``R[V_MINRTT, V_BASERTT,
V_CNTRTT, V_BEGSND, V_DOING]`` (:func:`~aimdmodel.queue.variants._base.packet_slots`).

Examples
--------
>>> VARIANT.recovery, VARIANT.own_rule
('newreno', True)
"""

from __future__ import annotations

import math

import numba
import numpy as np

from .._fields import F_CWND, F_SSTH, I_CWLIM, I_RACC, P_VA, P_VB, P_VG
from .._packet_fields import OP_VA, OP_VB, OP_VG, ST_OPEN, V_LASTACK
from .._slow_start import slow_start
from ._base import Variant, float_slots, packet_slots
from .newreno import packet_increase as newreno_increase

__all__ = ["VARIANT"]

F_DIFF, F_VSRTT, F_VMIN, F_VBASE = float_slots(4)
"""The backlog estimate ``diff`` (packets), the per-ACK smoothed RTT, its minimum over the
round and over the connection (BaseRTT)."""
V_MINRTT, V_BASERTT, V_CNTRTT, V_BEGSND, V_DOING = packet_slots(5)
"""Packet-level mode: ns-3's m_minRtt, m_baseRtt, m_cntRtt, m_begSndNxt, m_doingVegasNow."""

VARIANT = Variant(
    "vegas", "newreno", True,
    "Once per round: diff = cwnd (1 - BaseRTT/RTT) with RTT the round's smallest RTT and "
    "BaseRTT the smallest ever (Brakmo & Peterson: Diff = (Expected - Actual) BaseRTT); in "
    "congestion avoidance cwnd += 1 if diff < alpha, cwnd -= 1 if diff > beta (then "
    "ssthresh = max(min(ssthresh, cwnd - 1), 2)), else unchanged; ssthresh >= 3/4 cwnd "
    "after each adjustment; in slow start, diff > gamma sets cwnd = min(cwnd, target + 1) "
    "(target = cwnd BaseRTT/RTT) and ssthresh as above; with 2 RTT samples or fewer in a "
    "round it behaves as NewReno. On loss ssthresh = max(min(ssthresh, cwnd - 1), 2) and "
    "NewReno recovery. alpha, beta, gamma = 2, 4, 1 packets.",
    "Brakmo & Peterson, IEEE JSAC 13(8) 1995, Sec. 3.2 (congestion avoidance); "
    "ns-3-dev src/internet/model/tcp-vegas.cc (IncreaseWindow, GetSsThresh)",
    "diff is real-valued as in the paper (ns-3 truncates the target window to whole "
    "packets); Vegas' fine-grained timeout check on duplicate ACKs is not modelled.",
    initial=((F_VMIN, np.inf), (F_VBASE, np.inf)),
    packet_initial=((V_MINRTT, np.inf), (V_BASERTT, np.inf), (V_DOING, 1.0)),
)
"""Vegas' entry of :data:`aimdmodel.queue.variants.VARIANTS`."""


@numba.njit(inline="always", _nrt=False)
def round_acks(F, r, j, rtt, acc):  # pragma: no cover - compiled
    """Update the smoothed RTT for ``acc`` ACKs of RTT ``rtt`` (gain 1/8), and its minima.

    ns-3 hands Vegas and Veno ``m_srtt`` (TcpSocketBase calls ``PktsAcked(tcb,
    n, m_tcb->m_srtt)``), not the raw sample: their ``minRtt`` and ``baseRtt``
    are minima of the per-ACK smoothed RTT. Between the first and the last of
    the tick's ACKs it moves monotonically, so its minimum is at one end.
    """
    s = F[r, F_VSRTT, j]
    if s == 0.0:
        first = rtt
        last = rtt
    else:
        first = rtt + (s - rtt) * 0.875
        last = rtt + (s - rtt) * 0.875 ** acc
    F[r, F_VSRTT, j] = last
    lo = min(first, last)
    F[r, F_VMIN, j] = min(F[r, F_VMIN, j], lo)
    F[r, F_VBASE, j] = min(F[r, F_VBASE, j], lo)


@numba.njit(inline="always", _nrt=False)
def round_start(F, N, P, r, j):  # pragma: no cover - compiled
    """Measure the round's smallest RTT afresh: a round starts."""
    F[r, F_VMIN, j] = np.inf


@numba.njit(inline="always", _nrt=False)
def backlog(F, r, j, now):  # pragma: no cover - compiled
    """``diff`` from the RTT ``now``, in ns-3's integer arithmetic on whole segments."""
    seg = math.floor(F[r, F_CWND, j])
    F[r, F_DIFF, j] = seg - math.floor(seg * F[r, F_VBASE, j] / now)


@numba.njit(inline="always", _nrt=False)
def round_observe(F, N, P, r, j, acc):  # pragma: no cover - compiled
    """Take the round's backlog, from its smallest smoothed RTT."""
    backlog(F, r, j, F[r, F_VMIN, j])


@numba.njit(_nrt=False)
def _adjust(F, N, P, r, j, slow):  # pragma: no cover - compiled
    """Brakmo & Peterson's once-per-RTT adjustment as ns-3 TcpVegas::IncreaseWindow does it."""
    cw, diff = F[r, F_CWND, j], F[r, F_DIFF, j]
    if slow:
        if diff > P[P_VG]:
            seg = math.floor(cw)
            target = math.floor(seg * F[r, F_VBASE, j] / F[r, F_VMIN, j])
            F[r, F_CWND, j] = min(float(seg), target + 1.0)
            F[r, F_SSTH, j] = max(min(F[r, F_SSTH, j], F[r, F_CWND, j] - 1.0), 2.0)
        else:
            slow_start(F, N, P, r, j, float(N[r, I_RACC, j]))
    elif diff > P[P_VB]:
        F[r, F_CWND, j] = max(cw - 1.0, 1.0)
        F[r, F_SSTH, j] = max(min(F[r, F_SSTH, j], F[r, F_CWND, j] - 1.0), 2.0)
    elif diff < P[P_VA]:
        F[r, F_CWND, j] = cw + 1.0
    F[r, F_SSTH, j] = max(F[r, F_SSTH, j], 0.75 * F[r, F_CWND, j])


@numba.njit(inline="always", _nrt=False)
def round_grow(F, N, P, r, j, t, acked):  # pragma: no cover - compiled
    """With more than 2 RTT samples in a cwnd-limited round, Vegas' adjustment decides."""
    if N[r, I_CWLIM, j] == 0 or N[r, I_RACC, j] <= 2:
        return False
    _adjust(F, N, P, r, j, F[r, F_CWND, j] < F[r, F_SSTH, j])
    return True


@numba.njit(inline="always", _nrt=False)
def round_ssthresh(F, N, P, r, j, cw, flight):  # pragma: no cover - compiled
    """ns-3 TcpVegas::GetSsThresh: ``max(min(ssthresh, cwnd - 1), 2)``, cwnd after = it."""
    ss = max(min(F[r, F_SSTH, j], cw - 1.0), 2.0)
    return ss, ss


# -- the packet-level mode: ns-3's TcpVegas (SACK off), per ACK ---------------------------------
@numba.njit(_nrt=False)
def packet_increase(j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt):  # pragma: no cover
    """ns-3's TcpVegas::IncreaseWindow (Brakmo & Peterson 1995 as ns-3 writes it)."""
    vmin, vbase, vcnt, vbeg, vdoing, lastack = (R[V_MINRTT], R[V_BASERTT], R[V_CNTRTT],
                                                 R[V_BEGSND], R[V_DOING], R[V_LASTACK])
    if vdoing[j] == 0.0:
        newreno_increase(j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt)
        return
    if lastack[j] >= vbeg[j]:  # a Vegas cycle has finished: adjust once per RTT
        vbeg[j] = nxt[j]
        if vcnt[j] <= 2:
            newreno_increase(j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt)
        else:
            seg = math.floor(cwnd[j] + 1e-9)
            target = math.floor(seg * (vbase[j] / vmin[j]))
            diff = seg - target
            if diff > OP[OP_VG] and cwnd[j] < ssth[j]:
                cwnd[j] = min(seg, target + 1)
                ssth[j] = max(min(ssth[j], cwnd[j] - 1.0), 2.0)
            elif cwnd[j] < ssth[j]:
                if segs >= 1:
                    cwnd[j] += 1.0
            elif diff > OP[OP_VB]:
                cwnd[j] = seg - 1
                ssth[j] = max(min(ssth[j], cwnd[j] - 1.0), 2.0)
            elif diff < OP[OP_VA]:
                cwnd[j] = seg + 1
            ssth[j] = max(ssth[j], 3.0 * cwnd[j] / 4.0)
        vcnt[j] = 0.0
        vmin[j] = np.inf
    elif cwnd[j] < ssth[j] and segs >= 1:
        cwnd[j] += 1.0


@numba.njit(inline="always", _nrt=False)
def packet_acked(j, count, t, srtt, cwnd, R):  # pragma: no cover - compiled
    """TcpVegas::PktsAcked: the smoothed RTT feeds the round's minimum and the base RTT."""
    R[V_MINRTT][j] = min(R[V_MINRTT][j], srtt[j])
    R[V_BASERTT][j] = min(R[V_BASERTT][j], srtt[j])
    R[V_CNTRTT][j] += 1.0


@numba.njit(inline="always", _nrt=False)
def packet_ssthresh(j, OP, cwnd, ssth, R, inflight):  # pragma: no cover - compiled
    """TcpVegas::GetSsThresh: ``max(min(ssthresh, cwnd - 1), 2)``."""
    return max(min(ssth[j], cwnd[j] - 1.0), 2.0)


@numba.njit(inline="always", _nrt=False)
def packet_state(j, new, R, nxt):  # pragma: no cover - compiled
    """CongestionStateSet: Vegas runs in OPEN only (EnableVegas: a new cycle)."""
    if new == ST_OPEN:
        R[V_DOING][j] = 1.0
        R[V_MINRTT][j] = np.inf
        R[V_BEGSND][j] = nxt[j]
        R[V_CNTRTT][j] = 0.0
    else:
        R[V_DOING][j] = 0.0
