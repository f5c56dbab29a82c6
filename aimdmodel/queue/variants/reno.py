"""TCP Reno: fast retransmit and fast recovery, and the rules other variants inherit.

Rule: on 3 dupacks one decrease; recovery lasts one round in which the
retransmission and ``cwnd - 1`` new packets are sent. Two losses in one
window give a second fast retransmit (a second decrease) only if the new
packets sent during the first recovery plus those allowed after the partial
ACK give at least 3 dupacks, else a timeout; three or more losses: a
timeout. This recovery is the sender's ``reno`` recovery
(:mod:`aimdmodel.queue._sender`). Congestion avoidance is ``Flow.policy``
(AIMD(1, 1/2) when None).

The two compiled rules here are RFC 5681's and are what a variant with its
own window rule runs when its module leaves the hook out: the increase
``cwnd += 1`` per round of congestion avoidance (``round_increase``) and
``ssthresh = max(FlightSize / 2, 2)`` (``round_ssthresh``, ns-3's
``TcpNewReno::GetSsThresh``). A flow with a policy takes both from the policy.

Source: RFC 5681 Sec. 3.2; Fall & Floyd 1996 Sec. 3-4; ns-3-dev
src/internet/model/tcp-congestion-ops.cc (TcpNewReno, TcpLinuxReno).

Left out: later losses in the same window are not followed stage by stage
(Fall & Floyd: Reno 'usually' times out).

Examples
--------
>>> VARIANT.recovery
'reno'
"""

from __future__ import annotations

import numba

from .._fields import F_CWND
from ._base import Variant
from ._text import LOSS

__all__ = ["VARIANT"]

VARIANT = Variant(
    "reno", "reno", False,
    "RFC 5681 fast retransmit / fast recovery: on 3 dupacks one decrease, recovery lasts "
    "one round in which the retransmission and cwnd - 1 new packets are sent. Two losses "
    "in one window: a second fast retransmit (a second decrease) only if the new packets "
    "sent during the first recovery plus those allowed after the partial ACK give at least "
    "3 dupacks (n1 = ssthresh + dupacks - W, m = ssthresh - outstanding after the partial "
    "ACK), else a timeout; three or more losses in one window: a timeout. " + LOSS,
    "RFC 5681 Sec. 3.2; Fall & Floyd 1996 Sec. 3-4 (Reno with two and three drops); "
    "ns-3-dev src/internet/model/tcp-congestion-ops.cc (TcpNewReno, TcpLinuxReno)",
    "The two-loss rule follows the partial-ACK arithmetic of RFC 5681 with the window "
    "inflation counted per dupack; later losses in the same window are not followed "
    "stage by stage (Fall & Floyd: Reno 'usually' times out).",
)
"""Reno's entry of :data:`aimdmodel.queue.variants.VARIANTS`."""


@numba.njit(inline="always", _nrt=False)
def round_increase(F, N, P, r, j, t, acked):  # pragma: no cover - compiled
    """RFC 5681 Sec. 3.1 congestion avoidance: ``cwnd += 1`` per round."""
    F[r, F_CWND, j] += 1.0


@numba.njit(inline="always", _nrt=False)
def round_ssthresh(F, N, P, r, j, cw, flight):  # pragma: no cover - compiled
    """RFC 5681 Eq. (4), ns-3's TcpNewReno::GetSsThresh: ``max(flight / 2, 2)``."""
    ss = max(flight / 2, 2.0)
    return ss, ss
