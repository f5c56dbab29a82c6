"""TCP NewReno: fast recovery that repairs one hole per partial ACK.

Rule: on 3 dupacks one decrease; every partial ACK retransmits the next
hole, one hole per round, ``cwnd = ssthresh`` packets per round; recovery
ends when all holes of the window are repaired. The retransmission timer is
reset only on the first partial ACK (the 'Impatient' variant). New data lost
during recovery gives one more decrease when the recovery ends. This is the
sender's ``newreno`` recovery (:mod:`aimdmodel.queue._sender`), which the
delay-based variants use too. Congestion avoidance is ``Flow.policy``
(AIMD(1, 1/2) when None).

Source: RFC 6582 Sec. 3.2 (steps 1-6), Sec. 4; ns-3-dev
src/internet/model/tcp-congestion-ops.cc (TcpNewReno::GetSsThresh).

Left out: a lost retransmission is detected by the timer only (as RFC 6582 says).

Packet-level mode: ns-3's ``TcpNewReno`` ops (``packet_increase``: one
segment per ACK in slow start, ``MSS^2/cwnd`` whole bytes per ACK after;
``packet_ssthresh``: ``max(flight / 2, 2)``) are what a variant with its own rule runs where it
leaves a packet hook out, and what ``reno_ops="newreno"`` gives the
loss-based variants; the recovery is the kernel's (:mod:`aimdmodel.queue._packet`).

Examples
--------
>>> VARIANT.recovery
'newreno'
"""

from __future__ import annotations

import math

import numba

from .._packet_fields import OP_MSS
from ._base import Variant
from ._text import LOSS

__all__ = ["VARIANT"]

VARIANT = Variant(
    "newreno", "newreno", False,
    "RFC 6582: on 3 dupacks one decrease; every partial ACK retransmits the next hole, one "
    "hole per round, cwnd = ssthresh packets per round; recovery ends when all holes of the "
    "window are repaired. The retransmission timer is reset only on the first partial ACK "
    "(the 'Impatient' variant): a recovery still going after RTO times out. New data lost "
    "during recovery gives one more decrease when the recovery ends. " + LOSS,
    "RFC 6582 Sec. 3.2 (steps 1-6), Sec. 4 (Impatient timer); "
    "ns-3-dev src/internet/model/tcp-congestion-ops.cc (TcpNewReno::GetSsThresh)",
    "A lost retransmission is detected by the timer only (as RFC 6582 says).",
)
"""NewReno's entry of :data:`aimdmodel.queue.variants.VARIANTS`."""


# -- the packet-level mode: ns-3's TcpNewReno, the op a variant leaves a packet hook to ------------
@numba.njit(inline="always", _nrt=False)
def packet_increase(j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt):  # pragma: no cover
    """TcpNewReno's IncreaseWindow: one segment per ACK in slow start, else about 1/cwnd."""
    if segs <= 0:
        return
    if cwnd[j] < ssth[j]:
        cwnd[j] += 1.0
        segs -= 1
    if cwnd[j] >= ssth[j] and segs > 0:
        congestion_avoidance(j, OP, cwnd)


@numba.njit(inline="always", _nrt=False)
def congestion_avoidance(j, OP, cwnd):  # pragma: no cover - compiled
    """TcpNewReno::CongestionAvoidance as ns-3.44 computes it on a window of whole bytes.

    ``max(1, MSS^2 / cwnd)`` bytes per ACK, truncated to a whole byte
    (``static_cast<uint32_t>``): about ``1/cwnd`` segments, less the
    fraction of a byte, which slows the growth of large windows (a window of
    300 segments grows by 4 bytes per ACK, not 4.8).
    """
    mss = OP[OP_MSS]
    cwnd[j] += math.floor(max(1.0, mss / cwnd[j]) + 1e-9) / mss


@numba.njit(inline="always", _nrt=False)
def packet_ssthresh(j, OP, cwnd, ssth, R, inflight):  # pragma: no cover - compiled
    """TcpNewReno's GetSsThresh: ``max(flight / 2, 2)``."""
    return max(inflight / 2.0, 2.0)
