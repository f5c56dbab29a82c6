"""TCP-LP: low priority, yielding at the first sign of queueing (Kuzmanovic & Knightly 2003).

Rule: one-way delay ``d = base/2 + queueing delay``; smoothed sOWD (EWMA 7/8
per ACK), ``owd_min``, ``owd_max``; an early congestion indication when
``sOWD > owd_min + delta (owd_max - owd_min)``, ``delta = 0.15``: cwnd
halves (``cwnd = 1`` if within the inference time, 3 RTT, of the previous
reduction), ``owd_min = sOWD``, ``owd_max = 2 sOWD``; no increase within the
inference time. Reno's increase and NewReno recovery otherwise (ssthresh:
Reno's ``max(flight/2, 2)``).

Source: Kuzmanovic & Knightly, INFOCOM 2003, Sec. III; ns-3-dev
src/internet/model/tcp-lp.cc (RttSample, PktsAcked).

Left out: delays enter once per round (the round's smallest, largest and mean
OWD); a round with an early congestion indication does not also increase.

Packet-level mode: ns-3's TcpLp per ACK (``packet_*``): the one-way delay
from the ACK's timestamps in ms (the receiver's clock half the path after
the bottleneck), early congestion halves cwnd, or sets it to 1 within 3 echo
ages of the last cut, and then no increase; TcpNewReno's ssthresh.

Examples
--------
>>> VARIANT.recovery, VARIANT.own_rule
('newreno', True)
"""

from __future__ import annotations

import math

import numba
import numpy as np

from .._fields import F_CWND, F_DMAX, F_DMIN, F_DSUM, F_LASTRTT, P_LPD, P_LPINF, S_BASE
from .._packet_fields import LP_VALID_OWD, LP_WITHIN_INF, LP_WITHIN_THR, U32, V_ECHOMS, V_RCVTS
from ._base import Variant, float_slots, packet_slots
from .newreno import packet_increase as newreno_increase

__all__ = ["VARIANT"]

F_SOWD, F_OWDMIN, F_OWDMAX, F_OWDRSV, F_LASTDROP = float_slots(5)
"""Smoothed one-way delay, its minimum and maximum, ns-3's reserve for the maximum, and
the time of the last early reduction."""
V_OWDMIN, V_OWDMAX, V_OWDRSV, V_SOWD, V_LPFLAG, V_INFER, V_LASTDROP = packet_slots(7)
"""Packet-level mode: ns-3 TcpLp's m_owdMin, m_owdMax, m_owdMaxRsv, m_sOwd (x 8), m_flag,
m_inference, m_lastDrop (0: none)."""

VARIANT = Variant(
    "lp", "newreno", True,
    "TCP-LP: one-way delay d = base/2 + queueing delay; smoothed sOWD (EWMA 7/8 per ACK), "
    "owd_min, owd_max; early congestion indication when sOWD > owd_min + delta (owd_max - "
    "owd_min), delta = 0.15: cwnd halves (cwnd = 1 if within the inference time 3 RTT of "
    "the previous reduction), owd_min = sOWD, owd_max = 2 sOWD; no increase within the "
    "inference time. Reno's increase and NewReno recovery otherwise.",
    "Kuzmanovic & Knightly, 'TCP-LP: a distributed algorithm for low priority data "
    "transfer', INFOCOM 2003, Sec. III; ns-3-dev src/internet/model/tcp-lp.cc",
    "Delays enter once per round (the round's smallest, largest and mean OWD); a round "
    "with an early congestion indication does not also increase.",
    initial=((F_OWDMIN, np.inf),),
    packet_initial=((V_OWDMIN, float(U32)),),
)
"""TCP-LP's entry of :data:`aimdmodel.queue.variants.VARIANTS`."""


@numba.njit(_nrt=False)
def round_observe(F, N, P, r, j, acc):  # pragma: no cover - compiled
    """ns-3 TcpLp::RttSample with the round's smallest, largest and mean one-way delays."""
    half = F[r, S_BASE, j] / 2
    lo, hi = half + F[r, F_DMIN, j], half + F[r, F_DMAX, j]
    mean = half + F[r, F_DSUM, j] / acc
    F[r, F_OWDMIN, j] = min(F[r, F_OWDMIN, j], lo)
    if hi > F[r, F_OWDMAX, j]:
        rsv = F[r, F_OWDRSV, j]
        if hi > rsv:
            F[r, F_OWDMAX, j] = hi if rsv == 0.0 else rsv
            F[r, F_OWDRSV, j] = hi
        else:
            F[r, F_OWDMAX, j] = hi
    s = F[r, F_SOWD, j]
    F[r, F_SOWD, j] = mean if s == 0.0 else mean + (s - mean) * 0.875 ** acc


@numba.njit(_nrt=False)
def round_grow(F, N, P, r, j, t, acked):  # pragma: no cover - compiled
    """ns-3 TcpLp::PktsAcked's early congestion indication; True if no growth now."""
    inference = P[P_LPINF] * F[r, F_LASTRTT, j]
    last = F[r, F_LASTDROP, j]
    within_inf = last > 0.0 and t - last < inference
    lo, hi = F[r, F_OWDMIN, j], F[r, F_OWDMAX, j]
    s = F[r, F_SOWD, j]
    if s <= lo + P[P_LPD] * (hi - lo):
        return within_inf
    F[r, F_OWDMIN, j] = s
    F[r, F_OWDMAX, j] = 2.0 * s
    F[r, F_OWDRSV, j] = 2.0 * s
    F[r, F_CWND, j] = 1.0 if within_inf else max(F[r, F_CWND, j] / 2.0, 1.0)
    F[r, F_LASTDROP, j] = t
    return True


# -- the packet-level mode: ns-3's TcpLp, per ACK -----------------------------------------------
@numba.njit(_nrt=False)
def packet_acked(j, count, t, srtt, cwnd, R):  # pragma: no cover - compiled
    """TcpLp::PktsAcked (Kuzmanovic & Knightly 2003 as ns-3 writes it, in whole ms).

    The one-way delay is the ACK's TSval minus the TSecr it echoes; its
    smoothed value against 15% of the [min, max] range infers early
    congestion, which halves cwnd, or sets it to 1 within the inference time
    (3 x the echoed segment's age) of the last such cut.
    """
    echo = R[V_ECHOMS][j]
    owd = abs(R[V_RCVTS][j] - echo)
    flag = int(R[V_LPFLAG][j])
    flag = flag | LP_VALID_OWD if owd > 0 else flag & ~LP_VALID_OWD
    if flag & LP_VALID_OWD:  # RttSample
        if owd < R[V_OWDMIN][j]:
            R[V_OWDMIN][j] = owd
        if owd > R[V_OWDMAX][j]:
            if owd > R[V_OWDRSV][j]:
                R[V_OWDMAX][j] = owd if R[V_OWDRSV][j] == 0 else R[V_OWDRSV][j]
                R[V_OWDRSV][j] = owd
            else:
                R[V_OWDMAX][j] = owd
        s = int(R[V_SOWD][j])
        if s != 0:
            s = (s + int(owd) - (s >> 3)) & U32
        else:
            s = (int(owd) << 3) & U32
        R[V_SOWD][j] = s
    now_ms = math.floor(t * 1000.0)
    if now_ms > echo:
        R[V_INFER][j] = 3.0 * (t - echo / 1000.0)
    if R[V_LASTDROP][j] != 0.0 and t - R[V_LASTDROP][j] < R[V_INFER][j]:
        flag |= LP_WITHIN_INF
    else:
        flag &= ~LP_WITHIN_INF
    lo, hi, s = int(R[V_OWDMIN][j]), int(R[V_OWDMAX][j]), int(R[V_SOWD][j])
    thr = (lo + (15 * ((hi - lo) & U32) & U32) // 100) & U32  # uint32 arithmetic, as ns-3's
    if (s >> 3) <= thr:
        flag |= LP_WITHIN_THR
    else:
        flag &= ~LP_WITHIN_THR
    R[V_LPFLAG][j] = flag
    if flag & LP_WITHIN_THR:
        return
    R[V_OWDMIN][j] = s >> 3
    R[V_OWDMAX][j] = s >> 2
    R[V_OWDRSV][j] = s >> 2
    if flag & LP_WITHIN_INF:
        cwnd[j] = 1.0
    else:
        cwnd[j] = max(cwnd[j] / 2.0, 1.0)
    R[V_LASTDROP][j] = t


@numba.njit(inline="always", _nrt=False)
def packet_increase(j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt):  # pragma: no cover
    """TcpLp: NewReno's increase, none within the inference time after a cut."""
    if cwnd[j] < ssth[j] or not (int(R[V_LPFLAG][j]) & LP_WITHIN_INF):
        newreno_increase(j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt)
