"""CUBIC: the window is a cubic function of the time since the last loss (RFC 9438).

Rule: ``W_cubic(t) = C (t - K)^3 + W_max``, ``K = cbrt((W_max -
cwnd_epoch)/C)``, ``C = 0.4``; per round cwnd moves to ``target =
min(max(W_cubic(t + SRTT), cwnd), 1.5 cwnd)`` (Sec. 4.2); Reno-friendly
``W_est += alpha_cubic acked/cwnd`` with ``alpha_cubic = 3(1 - beta)/(1 +
beta)``, 1 once ``W_est >= cwnd_prior``, and ``cwnd = W_est`` when
``W_cubic(t) < W_est`` (Sec. 4.3); on loss ``ssthresh = max(beta flight,
2)``, ``beta = 0.7``, with fast convergence ``W_max = cwnd (1 + beta)/2`` if
``cwnd < W_max`` (Sec. 4.6-4.7); after a timeout ``K = 0`` and ``W_max =
cwnd`` at the start of congestion avoidance (Sec. 4.8). SACK recovery.

The synchronous model's :class:`~aimdmodel.policies.CUBIC` steps the same
RFC 9438 rule once per RTT for every flow at once (numpy or exact arithmetic)
and differs in what a round is: its time is ``(t + 1) rtt`` with ``t`` whole
rounds and ``rtt`` a fixed parameter, ``cwnd`` jumps to the target and
``W_est`` grows by ``alpha`` per RTT; here the time is the flow's clock
(``t - epoch + SRTT``, the RTT varies with the queue), ``cwnd`` moves by
``(target - cwnd)/cwnd`` per ACKed packet and ``W_est`` by ``alpha
acked/cwnd`` (the per-ACK rules of Sec. 4.2-4.3 summed over the round), and
slow start and timeouts (Sec. 4.8) exist. Sharing the code would change
either model's numbers; they share the constants and the decrease.

Source: RFC 9438 Sec. 4.1-4.8; ns-3-dev src/internet/model/tcp-cubic.cc.

Left out: HyStart++ (standard slow start); the per-ACK growth is applied
once per round.

Packet-level mode: ns-3's TcpCubic with HyStart off (``packet_*``):
whole-segment targets, the TCP-friendly window of RFC 8312, fast
convergence, the epoch reset when the LOSS state begins.

Examples
--------
>>> VARIANT.recovery, VARIANT.own_rule
('sack', True)
"""

from __future__ import annotations

import math

import numba
import numpy as np

from .._fields import F_CWND, F_LASTRTT, F_SRTT, F_T0, I_HASRTT, P_CB, P_CC, P_CFC
from .._packet_fields import CUBIC_CNT_CLAMP, CUBIC_DELTA, OP_CB, OP_CC, OP_CFC, ST_LOSS
from ._base import Variant, float_slots, int_slots, packet_slots

__all__ = ["VARIANT"]

F_WMAX, F_K, F_TEPOCH, F_WEST, F_CPRIOR, F_CALPHA = float_slots(6)
"""W_max, K, the epoch's start, the Reno-friendly W_est, cwnd_prior, alpha_cubic."""
I_EPOCH, I_AFTERTO = int_slots(2)
"""1 while an epoch runs (0: the next round of congestion avoidance starts one); 1 after
a timeout until that epoch starts (RFC 9438 Sec. 4.8)."""
V_EPOCH, V_ACKCNT, V_TCPCWND, V_LASTMAX, V_BICK, V_ORIGIN, V_DELAYMIN = packet_slots(7)
"""Packet-level mode: ns-3 TcpCubic's m_epochStart (NaN: none), m_ackCnt, m_tcpCwnd,
m_lastMaxCwnd, m_bicK, m_bicOriginPoint, the least delay (NaN: not set)."""

VARIANT = Variant(
    "cubic", "sack", True,
    "RFC 9438: W_cubic(t) = C (t - K)^3 + W_max, K = cbrt((W_max - cwnd_epoch)/C), "
    "C = 0.4; per round cwnd moves to target = min(max(W_cubic(t + SRTT), cwnd), 1.5 cwnd) "
    "(Sec. 4.2); Reno-friendly W_est += alpha_cubic acked/cwnd with alpha_cubic = "
    "3(1 - beta)/(1 + beta), 1 once W_est >= cwnd_prior, and cwnd = W_est when W_cubic(t) "
    "< W_est (Sec. 4.3); on loss ssthresh = max(beta flight, 2), beta = 0.7, with fast "
    "convergence W_max = cwnd (1 + beta)/2 if cwnd < W_max (Sec. 4.6-4.7); after a timeout "
    "K = 0 and W_max = cwnd at the start of congestion avoidance (Sec. 4.8). SACK recovery.",
    "RFC 9438 Sec. 4.1-4.8; ns-3-dev src/internet/model/tcp-cubic.cc",
    "Standard slow start (no HyStart++); the per-ACK growth is applied once per round.",
    packet_initial=((V_EPOCH, np.nan), (V_DELAYMIN, np.nan)),
)
"""CUBIC's entry of :data:`aimdmodel.queue.variants.VARIANTS`."""


@numba.njit(_nrt=False)
def round_increase(F, N, P, r, j, t, acked):  # pragma: no cover - compiled
    """RFC 9438 Sec. 4.2-4.5 and 4.8 for one round of congestion avoidance."""
    c, beta = P[P_CC], P[P_CB]
    cw = F[r, F_CWND, j]
    if N[r, I_EPOCH, j] == 0:
        F[r, F_TEPOCH, j] = F[r, F_T0, j]
        if N[r, I_AFTERTO, j] == 1:  # Sec. 4.8
            F[r, F_WMAX, j] = cw
        d = (F[r, F_WMAX, j] - cw) / c
        F[r, F_K, j] = math.copysign(abs(d) ** (1.0 / 3.0), d)
        F[r, F_WEST, j] = cw
        F[r, F_CALPHA, j] = 3.0 * (1.0 - beta) / (1.0 + beta)
        N[r, I_EPOCH, j] = 1
        N[r, I_AFTERTO, j] = 0
    k, wmax = F[r, F_K, j], F[r, F_WMAX, j]
    el = t - F[r, F_TEPOCH, j]
    rtt = F[r, F_SRTT, j] if N[r, I_HASRTT, j] == 1 else F[r, F_LASTRTT, j]
    target = min(max(c * (el + rtt - k) ** 3 + wmax, cw), 1.5 * cw)
    F[r, F_WEST, j] += F[r, F_CALPHA, j] * acked / cw
    if F[r, F_WEST, j] >= F[r, F_CPRIOR, j]:
        F[r, F_CALPHA, j] = 1.0
    if c * (el - k) ** 3 + wmax < F[r, F_WEST, j]:
        F[r, F_CWND, j] = F[r, F_WEST, j]
    else:
        F[r, F_CWND, j] = cw + (target - cw) / cw * acked


@numba.njit(inline="always", _nrt=False)
def round_ssthresh(F, N, P, r, j, cw, flight):  # pragma: no cover - compiled
    """RFC 9438 Sec. 4.6-4.7: ``max(beta flight, 2)``, W_max with fast convergence."""
    beta = P[P_CB]
    F[r, F_CPRIOR, j] = cw
    fast = P[P_CFC] == 1.0 and cw < F[r, F_WMAX, j]
    F[r, F_WMAX, j] = cw * (1 + beta) / 2 if fast else cw
    ss = max(beta * flight, 2.0)
    N[r, I_EPOCH, j] = 0
    return ss, ss


@numba.njit(inline="always", _nrt=False)
def round_timeout(F, N, P, r, j):  # pragma: no cover - compiled
    """End the epoch: the next one starts with ``W_max = cwnd`` (Sec. 4.8)."""
    N[r, I_EPOCH, j] = 0
    N[r, I_AFTERTO, j] = 1


# -- the packet-level mode: ns-3's TcpCubic (HyStart off), per ACK ------------------------------
@numba.njit(inline="always", _nrt=False)
def packet_acked(j, count, t, srtt, cwnd, R):  # pragma: no cover - compiled
    """TcpCubic::PktsAcked: the least delay, not right after recovery."""
    if not np.isnan(R[V_EPOCH][j]) and t - R[V_EPOCH][j] < CUBIC_DELTA:
        return
    if np.isnan(R[V_DELAYMIN][j]) or R[V_DELAYMIN][j] > srtt[j]:
        R[V_DELAYMIN][j] = srtt[j]


@numba.njit(_nrt=False)
def _update(j, segs, t, OP, cwnd, R):  # pragma: no cover - compiled
    """TcpCubic::Update: ACKs per segment of increase toward the cubic and TCP targets."""
    seg = math.floor(cwnd[j] + 1e-9)
    R[V_ACKCNT][j] += segs
    c = OP[OP_CC]
    if np.isnan(R[V_EPOCH][j]):
        R[V_EPOCH][j] = t
        R[V_ACKCNT][j] = segs
        R[V_TCPCWND][j] = seg
        if R[V_LASTMAX][j] <= seg:
            R[V_BICK][j] = 0.0
            R[V_ORIGIN][j] = seg
        else:
            R[V_BICK][j] = ((R[V_LASTMAX][j] - seg) / c) ** (1.0 / 3.0)
            R[V_ORIGIN][j] = R[V_LASTMAX][j]
    dmin = 0.0 if np.isnan(R[V_DELAYMIN][j]) else R[V_DELAYMIN][j]
    tt = t + dmin - R[V_EPOCH][j]
    offs = abs(tt - R[V_BICK][j])
    delta = math.floor(c * offs ** 3)
    target = R[V_ORIGIN][j] - delta if tt < R[V_BICK][j] else R[V_ORIGIN][j] + delta
    cnt = seg // (target - seg) if target > seg else 100 * seg
    if R[V_LASTMAX][j] == 0 and cnt > CUBIC_CNT_CLAMP:
        cnt = CUBIC_CNT_CLAMP
    beta = OP[OP_CB]
    scale = math.floor(8 * (1024 + beta * 1024) / 3 / (1024 - beta * 1024))
    d = (int(seg) * scale) >> 3
    while d > 0 and R[V_ACKCNT][j] > d:  # the TCP-friendly window (RFC 8312 Sec. 4.2)
        R[V_ACKCNT][j] -= d
        R[V_TCPCWND][j] += 1
    if R[V_TCPCWND][j] > seg:
        cnt = min(cnt, seg // (R[V_TCPCWND][j] - seg))
    return max(cnt, 2)


@numba.njit(_nrt=False)
def packet_increase(j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt):  # pragma: no cover
    """TcpCubic::IncreaseWindow (HyStart off, as the ns-3 bridge runs it)."""
    if limited[j] == 0:
        return
    if cwnd[j] < ssth[j]:
        cwnd[j] += segs
        segs = 0
    if cwnd[j] >= ssth[j] and segs > 0:
        cnt[j] += segs
        c = _update(j, segs, t, OP, cwnd, R)
        if cnt[j] >= c:
            cwnd[j] += 1.0
            cnt[j] -= c


@numba.njit(inline="always", _nrt=False)
def packet_ssthresh(j, OP, cwnd, ssth, R, inflight):  # pragma: no cover - compiled
    """TcpCubic::GetSsThresh: W_max with fast convergence, ``max(beta cwnd, 2)``."""
    seg = math.floor(cwnd[j] + 1e-9)
    if seg < R[V_LASTMAX][j] and OP[OP_CFC] == 1.0:
        R[V_LASTMAX][j] = math.floor(seg * (1.0 + OP[OP_CB]) / 2.0)
    else:
        R[V_LASTMAX][j] = seg
    R[V_EPOCH][j] = np.nan
    return max(math.floor(seg * OP[OP_CB]), 2.0)


@numba.njit(inline="always", _nrt=False)
def packet_state(j, new, R, nxt):  # pragma: no cover - compiled
    """CongestionStateSet: entering LOSS resets the epoch (CubicReset)."""
    if new == ST_LOSS:
        R[V_ORIGIN][j] = 0.0
        R[V_BICK][j] = 0.0
        R[V_ACKCNT][j] = 0.0
        R[V_TCPCWND][j] = 0.0
        R[V_DELAYMIN][j] = np.nan
