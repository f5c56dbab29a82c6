"""TCP Veno: Vegas' backlog estimate tells random losses from congestive ones (Fu & Liew 2003).

Rule: backlog ``N = cwnd (1 - BaseRTT/RTT)`` as in Vegas (its per-ACK
smoothed RTT and :func:`~aimdmodel.queue.variants.vegas.backlog`, with the
current smoothed RTT: ns-3's Veno resets its minimum per ACK); ``beta = 3``
packets. Congestion avoidance: ``+1`` per round if ``N < beta``, else ``+1``
every other round. On 3 dupacks ``ssthresh = max(4/5 flight, 2)`` if ``N <
beta`` (loss taken as random), else ``max(flight/2, 2)`` (congestive);
NewReno recovery.

Source: Fu & Liew, IEEE JSAC 21(2) 2003, Sec. III; ns-3-dev
src/internet/model/tcp-veno.cc.

Left out: N is computed once per round, not per ACK.

Packet-level mode: ns-3's TcpVeno per ACK (``packet_*``): Vegas'
PktsAcked, the backlog at every IncreaseWindow; ns-3 resets its RTT count
at every ACK, so its increase is NewReno's.

Examples
--------
>>> VARIANT.recovery, VARIANT.own_rule
('newreno', True)
"""

from __future__ import annotations

import math

import numba
import numpy as np

from .._fields import F_CWND, P_VENOB
from .._packet_fields import OP_VENOB, ST_OPEN
from ._base import Variant, int_slots, packet_slots
from .newreno import congestion_avoidance as newreno_ca
from .newreno import packet_increase as newreno_increase
from .vegas import F_DIFF, F_VSRTT, V_BASERTT, V_CNTRTT, V_DOING, V_MINRTT, backlog
from .vegas import VARIANT as VEGAS

# Vegas' per-ACK smoothed RTT and its minima, reset per round: Veno's hooks too
from .vegas import packet_acked as packet_acked
from .vegas import round_acks as round_acks
from .vegas import round_start as round_start

__all__ = ["VARIANT"]

(I_VENOINC,) = int_slots(1)
"""1 in the rounds of the 'every other round' increase that add a packet."""
V_DIFF, V_INC = packet_slots(2, after=5)
"""Packet-level mode: the backlog (after Vegas' 5 arrays, which Veno reads too) and m_inc."""

VARIANT = Variant(
    "veno", "newreno", True,
    "Backlog N = cwnd (1 - BaseRTT/RTT) as in Vegas; beta = 3 packets. Congestion "
    "avoidance: +1 per round if N < beta, else +1 every other round. On 3 dupacks: "
    "ssthresh = max(4/5 flight, 2) if N < beta (loss taken as random), else "
    "max(flight/2, 2) (congestive); NewReno recovery.",
    "Fu & Liew, 'TCP Veno: TCP enhancement for transmission over wireless access networks', "
    "IEEE JSAC 21(2) 2003, Sec. III; ns-3-dev src/internet/model/tcp-veno.cc",
    "N is computed once per round, with the per-ACK smoothed RTT at the round's end.",
    initial=VEGAS.initial,
    packet_initial=(*VEGAS.packet_initial, (V_INC, 1.0)),  # ns-3's m_inc starts true
)
"""Veno's entry of :data:`aimdmodel.queue.variants.VARIANTS`."""


@numba.njit(inline="always", _nrt=False)
def round_observe(F, N, P, r, j, acc):  # pragma: no cover - compiled
    """Take the round's backlog, from the current smoothed RTT."""
    backlog(F, r, j, F[r, F_VSRTT, j])


@numba.njit(inline="always", _nrt=False)
def round_increase(F, N, P, r, j, t, acked):  # pragma: no cover - compiled
    """``+1`` per round below beta, every other round at or above it."""
    if F[r, F_DIFF, j] >= P[P_VENOB]:
        N[r, I_VENOINC, j] = 1 - N[r, I_VENOINC, j]
        F[r, F_CWND, j] += N[r, I_VENOINC, j]
    else:
        F[r, F_CWND, j] += 1.0


@numba.njit(inline="always", _nrt=False)
def round_ssthresh(F, N, P, r, j, cw, flight):  # pragma: no cover - compiled
    """Random loss (backlog below beta): ``4/5 flight``; congestive: ``flight / 2``."""
    ss = max((0.8 if F[r, F_DIFF, j] < P[P_VENOB] else 0.5) * flight, 2.0)
    return ss, ss


# -- the packet-level mode: ns-3's TcpVeno, per ACK ---------------------------------------------
@numba.njit(_nrt=False)
def packet_increase(j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt):  # pragma: no cover
    """Run TcpVeno::IncreaseWindow: the backlog estimate, then NewReno's rule.

    Above beta Veno would increase every other RTT; ns-3 resets its RTT count
    at every call in which it does Veno, so in the open state it rarely has
    the 3 samples it needs and behaves as NewReno. Where it does not (in loss
    recovery after a timeout) it returns before that reset: the count and the
    round's minimum RTT run on, and the first call in the open state then
    takes the every-other-RTT branch (its ``m_inc``).
    """
    seg = math.floor(cwnd[j] + 1e-9)
    target = math.floor(seg * (R[V_BASERTT][j] / R[V_MINRTT][j]))
    R[V_DIFF][j] = seg - target
    if R[V_DOING][j] == 0.0:  # ns-3 returns here, before the reset below
        newreno_increase(j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt)
        return
    if R[V_CNTRTT][j] <= 2:
        newreno_increase(j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt)
    elif cwnd[j] < ssth[j]:
        if segs >= 1:
            cwnd[j] += 1.0
    elif R[V_DIFF][j] < OP[OP_VENOB]:
        if segs > 0:  # TcpNewReno::CongestionAvoidance does nothing for no segment
            newreno_ca(j, OP, cwnd)
    elif R[V_INC][j] == 1.0:  # m_inc
        if segs > 0:
            newreno_ca(j, OP, cwnd)
        R[V_INC][j] = 0.0
    else:
        R[V_INC][j] = 1.0
    R[V_CNTRTT][j] = 0.0
    R[V_MINRTT][j] = np.inf


@numba.njit(inline="always", _nrt=False)
def packet_ssthresh(j, OP, cwnd, ssth, R, inflight):  # pragma: no cover - compiled
    """TcpVeno::GetSsThresh: 4/5 of the flight below beta, else NewReno's half."""
    if R[V_DIFF][j] < OP[OP_VENOB]:
        return max(inflight * 4.0 / 5.0, 2.0)
    return max(inflight / 2.0, 2.0)


@numba.njit(inline="always", _nrt=False)
def packet_state(j, new, R, nxt):  # pragma: no cover - compiled
    """CongestionStateSet: Veno measures in OPEN only (EnableVeno)."""
    if new == ST_OPEN:
        R[V_DOING][j] = 1.0
        R[V_MINRTT][j] = np.inf
    else:
        R[V_DOING][j] = 0.0
