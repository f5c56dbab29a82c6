"""TCP Tahoe: fast retransmit without fast recovery.

Rule: on 3 dupacks ``ssthresh = max(window of the policy's decrease, 2)``,
``cwnd = 1``, slow start; the lost packets are retransmitted first in the
following rounds. Congestion avoidance is ``Flow.policy`` (AIMD(1, 1/2) when
None). The recovery is the sender's ``tahoe`` recovery
(:mod:`aimdmodel.queue._sender`); Tahoe adds no rule of its own.

Source: RFC 5681 Sec. 3.1-3.2; Jacobson 1988; Fall & Floyd 1996 Sec. 2.

Left out: go-back-N retransmission of packets the receiver already holds
(no duplicates: throughput equals goodput).

Examples
--------
>>> VARIANT.recovery, VARIANT.own_rule
('tahoe', False)
"""

from __future__ import annotations

from ._base import Variant
from ._text import LOSS

__all__ = ["VARIANT"]

VARIANT = Variant(
    "tahoe", "tahoe", False,
    "Fast retransmit without fast recovery: on 3 dupacks ssthresh = max(window of the "
    "policy's decrease, 2), cwnd = 1, slow start; the lost packets are retransmitted first "
    "in the following rounds. " + LOSS,
    "RFC 5681 Sec. 3.1-3.2 (slow start, congestion avoidance, fast retransmit); "
    "Jacobson 1988 (Tahoe: fast retransmit, then slow start); Fall & Floyd 1996 Sec. 2",
    "Go-back-N retransmission of packets the receiver already holds is not modelled "
    "(no duplicates: throughput equals goodput).",
)
"""Tahoe's entry of :data:`aimdmodel.queue.variants.VARIANTS`."""
