"""TCP-LP: low priority, yielding at the first sign of queueing (Kuzmanovic & Knightly 2003).

Rule: one-way delay ``d = base/2 + queueing delay``; smoothed sOWD (EWMA 7/8
per ACK), ``owd_min``, ``owd_max``; an early congestion indication when
``sOWD > owd_min + delta (owd_max - owd_min)``, ``delta = 0.15``: cwnd
halves (``cwnd = 1`` if within the inference time, 3 RTT, of the previous
reduction), ``owd_min = sOWD``, ``owd_max = 2 sOWD``; no increase within the
inference time. Reno's increase and NewReno recovery otherwise (ssthresh:
Reno's ``max(flight/2, 2)``).

Source: Kuzmanovic & Knightly, INFOCOM 2003, Sec. III; ns-3-dev
src/internet/model/tcp-lp.cc (RttSample, PktsAcked).

Left out: delays enter once per round (the round's smallest, largest and mean
OWD); a round with an early congestion indication does not also increase.

Examples
--------
>>> VARIANT.recovery, VARIANT.own_rule
('newreno', True)
"""

from __future__ import annotations

import numba
import numpy as np

from .._fields import F_CWND, F_DMAX, F_DMIN, F_DSUM, F_LASTRTT, P_LPD, P_LPINF, S_BASE
from ._base import Variant, float_slots

__all__ = ["VARIANT"]

F_SOWD, F_OWDMIN, F_OWDMAX, F_OWDRSV, F_LASTDROP = float_slots(5)
"""Smoothed one-way delay, its minimum and maximum, ns-3's reserve for the maximum, and
the time of the last early reduction."""

VARIANT = Variant(
    "lp", "newreno", True,
    "TCP-LP: one-way delay d = base/2 + queueing delay; smoothed sOWD (EWMA 7/8 per ACK), "
    "owd_min, owd_max; early congestion indication when sOWD > owd_min + delta (owd_max - "
    "owd_min), delta = 0.15: cwnd halves (cwnd = 1 if within the inference time 3 RTT of "
    "the previous reduction), owd_min = sOWD, owd_max = 2 sOWD; no increase within the "
    "inference time. Reno's increase and NewReno recovery otherwise.",
    "Kuzmanovic & Knightly, 'TCP-LP: a distributed algorithm for low priority data "
    "transfer', INFOCOM 2003, Sec. III; ns-3-dev src/internet/model/tcp-lp.cc",
    "Delays enter once per round (the round's smallest, largest and mean OWD); a round "
    "with an early congestion indication does not also increase.",
    initial=((F_OWDMIN, np.inf),),
)
"""TCP-LP's entry of :data:`aimdmodel.queue.variants.VARIANTS`."""


@numba.njit(_nrt=False)
def round_observe(F, N, P, r, j, acc):  # pragma: no cover - compiled
    """ns-3 TcpLp::RttSample with the round's smallest, largest and mean one-way delays."""
    half = F[r, S_BASE, j] / 2
    lo, hi = half + F[r, F_DMIN, j], half + F[r, F_DMAX, j]
    mean = half + F[r, F_DSUM, j] / acc
    F[r, F_OWDMIN, j] = min(F[r, F_OWDMIN, j], lo)
    if hi > F[r, F_OWDMAX, j]:
        rsv = F[r, F_OWDRSV, j]
        if hi > rsv:
            F[r, F_OWDMAX, j] = hi if rsv == 0.0 else rsv
            F[r, F_OWDRSV, j] = hi
        else:
            F[r, F_OWDMAX, j] = hi
    s = F[r, F_SOWD, j]
    F[r, F_SOWD, j] = mean if s == 0.0 else mean + (s - mean) * 0.875 ** acc


@numba.njit(_nrt=False)
def round_grow(F, N, P, r, j, t, acked):  # pragma: no cover - compiled
    """ns-3 TcpLp::PktsAcked's early congestion indication; True if no growth now."""
    inference = P[P_LPINF] * F[r, F_LASTRTT, j]
    last = F[r, F_LASTDROP, j]
    within_inf = last > 0.0 and t - last < inference
    lo, hi = F[r, F_OWDMIN, j], F[r, F_OWDMAX, j]
    s = F[r, F_SOWD, j]
    if s <= lo + P[P_LPD] * (hi - lo):
        return within_inf
    F[r, F_OWDMIN, j] = s
    F[r, F_OWDMAX, j] = 2.0 * s
    F[r, F_OWDRSV, j] = 2.0 * s
    F[r, F_CWND, j] = 1.0 if within_inf else max(F[r, F_CWND, j] / 2.0, 1.0)
    F[r, F_LASTDROP, j] = t
    return True
