"""FACK: SACK recovery with the forward-acknowledgement trigger (Mathis & Mahdavi 1996).

Rule: SACK recovery, entered when 3 dupacks arrive or when the forward-most
SACKed packet is more than DupThresh packets beyond the first hole
(``snd.fack - snd.una > 3 MSS``): a burst of losses followed by one
delivered packet far enough ahead is repaired without a timeout
(``round_detect``). Congestion avoidance is ``Flow.policy``.

Source: Mathis & Mahdavi, SIGCOMM 1996, Sec. 3 (the FACK trigger), Sec. 4.

Left out: FACK's awnd bookkeeping and 'rampdown': the window is halved once
per window of losses, as in SACK.

Examples
--------
>>> VARIANT.recovery, VARIANT.own_rule
('sack', False)
"""

from __future__ import annotations

import numba

from .._fields import I_RLASTOK, P_DUP
from ._base import Variant

__all__ = ["VARIANT"]

VARIANT = Variant(
    "fack", "sack", False,
    "Forward acknowledgement (Mathis & Mahdavi 1996): SACK recovery, entered when 3 dupacks "
    "arrive or when the forward-most SACKed packet is more than 3 packets beyond the first "
    "hole (snd.fack - snd.una > 3 MSS), so a burst of losses followed by one delivered "
    "packet far enough ahead is repaired without a timeout.",
    "Mathis & Mahdavi, 'Forward acknowledgement: refining TCP congestion control', "
    "SIGCOMM 1996, Sec. 3 (the FACK trigger), Sec. 4 (recovery)",
    "FACK's awnd bookkeeping and 'rampdown' are not modelled: the window is halved once "
    "per window of losses, as in SACK.",
)
"""FACK's entry of :data:`aimdmodel.queue.variants.VARIANTS`."""


@numba.njit(inline="always", _nrt=False)
def round_detect(F, N, P, r, j, n, p1, dup):  # pragma: no cover - compiled
    """Apply the FACK trigger: the forward-most delivered packet is over DupThresh past the hole."""
    hi = n + p1 - 1 if p1 >= 1 else N[r, I_RLASTOK, j]
    return hi - p1 > P[P_DUP]
