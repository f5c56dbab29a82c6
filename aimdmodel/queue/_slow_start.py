"""Slow start of the round mode (RFC 5681 Sec. 3.1), compiled: the sender's and Vegas' own.

Examples
--------
>>> import numpy as np
>>> from aimdmodel.queue import _fields as f
>>> F, N = np.zeros((1, f.NF, 1)), np.zeros((1, f.NI, 1), dtype=np.int64)
>>> F[0, f.F_CWND, 0], F[0, f.F_SSTH, 0] = 2.0, 10.0
>>> slow_start(F, N, np.zeros(f.NP), 0, 0, 2.0)
>>> float(F[0, f.F_CWND, 0])
4.0
"""

from __future__ import annotations

import numba

from ._fields import F_CWND, F_SSTH, I_SYNCED

__all__ = ["enter_ca", "slow_start"]


@numba.njit(_nrt=False)
def enter_ca(F, N, P, r, j):  # pragma: no cover - compiled
    """Slow start reached ssthresh: congestion avoidance resumes from the policy state."""
    F[r, F_CWND, j] = F[r, F_SSTH, j]
    N[r, I_SYNCED, j] = 1


@numba.njit(_nrt=False)
def slow_start(F, N, P, r, j, acked):  # pragma: no cover - compiled
    """RFC 5681 Sec. 3.1: cwnd += SMSS per ACK, at most to ssthresh (then congestion avoidance)."""
    cw = F[r, F_CWND, j] + acked
    if cw >= F[r, F_SSTH, j]:
        enter_ca(F, N, P, r, j)
    else:
        F[r, F_CWND, j] = cw
