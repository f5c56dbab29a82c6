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

Examples
--------
>>> VARIANT.recovery
'newreno'
"""

from __future__ import annotations

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
