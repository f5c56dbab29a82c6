"""Words shared by the variants' descriptions (the loss detection of every variant).

Examples
--------
>>> LOSS.split(":")[0]
'Detection'
"""

from __future__ import annotations

__all__ = ["LOSS"]

LOSS = (
    "Detection: the losses of a round are detected by duplicate ACKs when at least "
    "DupThresh = 3 packets sent after the first lost one are delivered (the packets of the "
    "round after it, and those of the next round clocked out by the ACKs of the packets "
    "before it: dupacks = sent - lost in the round); otherwise by the retransmission timer."
)
"""How every variant detects the losses of a round (DupThresh = 3, or the timer)."""
