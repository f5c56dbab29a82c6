"""TCP SACK: loss recovery with selective acknowledgements.

Rule: on DupThresh = 3 SACKed packets above the first hole one decrease;
during recovery the pipe lets ``min(holes, cwnd)`` retransmissions go first
in every round, so all losses of a window are repaired in about one RTT.
This is the sender's ``sack`` recovery (:mod:`aimdmodel.queue._sender`).
Congestion avoidance is ``Flow.policy`` (AIMD(1, 1/2) when None).

Source: RFC 6675 Sec. 5, Sec. 4; RFC 2018; Fall & Floyd 1996 Sec. 5.

Left out: the scoreboard is not kept packet by packet (holes are counted);
a lost retransmission is detected by the timer only.

Examples
--------
>>> VARIANT.source.split(";")[0]
'RFC 6675 Sec. 5 (loss recovery using SACK), Sec. 4 (IsLost, DupThresh = 3)'
"""

from __future__ import annotations

from ._base import Variant
from ._text import LOSS

__all__ = ["VARIANT"]

VARIANT = Variant(
    "sack", "sack", False,
    "RFC 6675: on DupThresh = 3 SACKed packets above the first hole one decrease; during "
    "recovery the pipe lets min(holes, cwnd) retransmissions go first in every round, so "
    "all losses of a window are repaired in about one RTT. " + LOSS,
    "RFC 6675 Sec. 5 (loss recovery using SACK), Sec. 4 (IsLost, DupThresh = 3); "
    "RFC 2018 (SACK option); Fall & Floyd 1996 Sec. 5",
    "The scoreboard is not kept packet by packet: holes are counted; a lost "
    "retransmission is detected by the timer only.",
)
"""SACK's entry of :data:`aimdmodel.queue.variants.VARIANTS`."""
