"""TCP Westwood+: after a loss, the window the measured bandwidth allows (Mascolo et al. 2004).

Rule: once per round a bandwidth sample = packets ACKed in the round / the
round's duration, filtered ``bwe = a bwe + (1 - a) (sample + previous
sample)/2`` (``a = 0.9``, ``QueueOptions.westwood_alpha``: ns-3's Tustin
filter); after 3 dupacks ``ssthresh = max(bwe RTTmin, 2)`` and ``cwnd =
ssthresh`` if ``cwnd > ssthresh`` (the pseudocode of Mehta & Dahiya); after
a timeout the same ssthresh and ``cwnd = 1``. Reno's increase (+1 per round)
and NewReno recovery.

The synchronous model's :class:`~aimdmodel.policies.WestwoodRule` is the same
decrease without a queue: its ``bwe RTTmin`` is the share ``w W / sum(w)`` the
bottleneck gives a flow at a congestion event (the signal of a synchronous
round, no filter, RTT = RTTmin), computed for every flow at once in exact or
numpy arithmetic. Here each flow measures its own ACK rate over its own rounds
of varying RTT and filters it (compiled, per flow). The two share the rule
``ssthresh = bwe RTTmin``, not code: there is no common input to compute it from.

Source: Mascolo et al., Perf. Eval. 55 (2004); Mehta & Dahiya Sec. II;
ns-3-dev src/internet/model/tcp-westwood.cc (WESTWOODPLUS, TUSTIN, GetSsThresh).

Left out: one bandwidth sample per round (ns-3 takes one per RTT too).

Packet-level mode: ns-3's TcpWestwoodPlus (``packet_*``): PktsAcked counts
the ACKed segments and schedules the estimate one smoothed RTT on
(``R[V_DUE]``, an event of the kernel's loop: ``packet_timer``); ssthresh
``bandwidth x min RTT``; TcpNewReno's increase.

Examples
--------
>>> VARIANT.recovery, VARIANT.own_rule
('newreno', True)
"""

from __future__ import annotations

import numba
import numpy as np

from .._fields import F_RLEN, F_RTTMIN, P_WWA
from .._packet_fields import OP_WWA, V_DUE, V_MINSRTT
from ._base import Variant, float_slots, packet_slots

__all__ = ["VARIANT"]

F_BWE, F_BWS = float_slots(2)
"""The filtered bandwidth estimate and the previous sample (packets per second)."""
V_ACKED, V_COUNTING, V_BWRTT, V_BW, V_LASTBW, V_LASTSAMPLE = packet_slots(6)
"""Packet-level mode: ns-3's m_ackedSegments, m_IsCount, the RTT of the estimate, m_currentBW,
m_lastBW, m_lastSampleBW (its timer is the kernel's ``R[V_DUE]``)."""

VARIANT = Variant(
    "westwood", "newreno", True,
    "Westwood+: once per RTT a bandwidth sample = packets ACKed in the round / the round's "
    "duration, filtered bwe = 0.9 bwe + 0.1 (sample + previous sample)/2; after 3 dupacks "
    "ssthresh = max(bwe RTTmin, 2) and cwnd = ssthresh if cwnd > ssthresh (the pseudocode "
    "of Mehta & Dahiya); after a timeout ssthresh = max(bwe RTTmin, 2), cwnd = 1. Reno's "
    "increase (+1 per round) and NewReno recovery.",
    "Mascolo et al., 'Performance evaluation of Westwood+ TCP congestion control', "
    "Perf. Eval. 55 (2004); Mehta & Dahiya Sec. II; ns-3-dev "
    "src/internet/model/tcp-westwood.cc (WESTWOODPLUS, TUSTIN filter, GetSsThresh)",
    "One bandwidth sample per round (ns-3 takes one per RTT too).",
)
"""Westwood+'s entry of :data:`aimdmodel.queue.variants.VARIANTS`."""


@numba.njit(inline="always", _nrt=False)
def round_observe(F, N, P, r, j, acc):  # pragma: no cover - compiled
    """One bandwidth sample per round, Tustin-filtered."""
    sample = acc / F[r, F_RLEN, j]
    a = P[P_WWA]
    F[r, F_BWE, j] = a * F[r, F_BWE, j] + (1 - a) * (sample + F[r, F_BWS, j]) / 2
    F[r, F_BWS, j] = sample


@numba.njit(inline="always", _nrt=False)
def round_ssthresh(F, N, P, r, j, cw, flight):  # pragma: no cover - compiled
    """``ssthresh = max(bwe RTTmin, 2)``; cwnd after the recovery ``min(cwnd, ssthresh)``."""
    ss = max(F[r, F_BWE, j] * F[r, F_RTTMIN, j], 2.0)
    return ss, min(cw, ss)


# -- the packet-level mode: ns-3's TcpWestwoodPlus, per ACK -------------------------------------
@numba.njit(inline="always", _nrt=False)
def packet_acked(j, count, t, srtt, cwnd, R):  # pragma: no cover - compiled
    """TcpWestwoodPlus::PktsAcked: count, and estimate one RTT on."""
    R[V_ACKED][j] += count
    if R[V_COUNTING][j] == 0.0:
        R[V_COUNTING][j] = 1.0
        R[V_DUE][j] = t + srtt[j]
        R[V_BWRTT][j] = srtt[j]


@numba.njit(_nrt=False)
def packet_timer(j, R, OP):  # pragma: no cover - compiled
    """TcpWestwoodPlus::EstimateBW: the ACKed rate over the RTT, Tustin's filter."""
    sample = R[V_ACKED][j] / R[V_BWRTT][j]
    a = OP[OP_WWA]
    cur = R[V_LASTBW][j] * a + (sample + R[V_LASTSAMPLE][j]) * 0.5 * (1.0 - a)
    R[V_LASTSAMPLE][j] = sample
    R[V_LASTBW][j] = cur
    R[V_BW][j] = cur
    R[V_COUNTING][j] = 0.0
    R[V_ACKED][j] = 0.0
    R[V_DUE][j] = np.inf


@numba.njit(inline="always", _nrt=False)
def packet_ssthresh(j, OP, cwnd, ssth, R, inflight):  # pragma: no cover - compiled
    """TcpWestwoodPlus::GetSsThresh: bandwidth x the minimum RTT."""
    return max(R[V_BW][j] * R[V_MINSRTT][j], 2.0)
