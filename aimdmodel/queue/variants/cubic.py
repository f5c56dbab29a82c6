"""CUBIC: the window is a cubic function of the time since the last loss (RFC 9438).

Rule: ``W_cubic(t) = C (t - K)^3 + W_max``, ``K = cbrt((W_max -
cwnd_epoch)/C)``, ``C = 0.4``; per round cwnd moves to ``target =
min(max(W_cubic(t + SRTT), cwnd), 1.5 cwnd)`` (Sec. 4.2); Reno-friendly
``W_est += alpha_cubic acked/cwnd`` with ``alpha_cubic = 3(1 - beta)/(1 +
beta)``, 1 once ``W_est >= cwnd_prior``, and ``cwnd = W_est`` when
``W_cubic(t) < W_est`` (Sec. 4.3); on loss ``ssthresh = max(beta flight,
2)``, ``beta = 0.7``, with fast convergence ``W_max = cwnd (1 + beta)/2`` if
``cwnd < W_max`` (Sec. 4.6-4.7); after a timeout ``K = 0`` and ``W_max =
cwnd`` at the start of congestion avoidance (Sec. 4.8). SACK recovery.

The synchronous model's :class:`~aimdmodel.policies.CUBIC` steps the same
RFC 9438 rule once per RTT for every flow at once (numpy or exact arithmetic)
and differs in what a round is: its time is ``(t + 1) rtt`` with ``t`` whole
rounds and ``rtt`` a fixed parameter, ``cwnd`` jumps to the target and
``W_est`` grows by ``alpha`` per RTT; here the time is the flow's clock
(``t - epoch + SRTT``, the RTT varies with the queue), ``cwnd`` moves by
``(target - cwnd)/cwnd`` per ACKed packet and ``W_est`` by ``alpha
acked/cwnd`` (the per-ACK rules of Sec. 4.2-4.3 summed over the round), and
slow start and timeouts (Sec. 4.8) exist. Sharing the code would change
either model's numbers; they share the constants and the decrease.

Source: RFC 9438 Sec. 4.1-4.8; ns-3-dev src/internet/model/tcp-cubic.cc.

Left out: HyStart++ (standard slow start); the per-ACK growth is applied
once per round.

Examples
--------
>>> VARIANT.recovery, VARIANT.own_rule
('sack', True)
"""

from __future__ import annotations

import math

import numba

from .._fields import F_CWND, F_LASTRTT, F_SRTT, F_T0, I_HASRTT, P_CB, P_CC, P_CFC
from ._base import Variant, float_slots, int_slots

__all__ = ["VARIANT"]

F_WMAX, F_K, F_TEPOCH, F_WEST, F_CPRIOR, F_CALPHA = float_slots(6)
"""W_max, K, the epoch's start, the Reno-friendly W_est, cwnd_prior, alpha_cubic."""
I_EPOCH, I_AFTERTO = int_slots(2)
"""1 while an epoch runs (0: the next round of congestion avoidance starts one); 1 after
a timeout until that epoch starts (RFC 9438 Sec. 4.8)."""

VARIANT = Variant(
    "cubic", "sack", True,
    "RFC 9438: W_cubic(t) = C (t - K)^3 + W_max, K = cbrt((W_max - cwnd_epoch)/C), "
    "C = 0.4; per round cwnd moves to target = min(max(W_cubic(t + SRTT), cwnd), 1.5 cwnd) "
    "(Sec. 4.2); Reno-friendly W_est += alpha_cubic acked/cwnd with alpha_cubic = "
    "3(1 - beta)/(1 + beta), 1 once W_est >= cwnd_prior, and cwnd = W_est when W_cubic(t) "
    "< W_est (Sec. 4.3); on loss ssthresh = max(beta flight, 2), beta = 0.7, with fast "
    "convergence W_max = cwnd (1 + beta)/2 if cwnd < W_max (Sec. 4.6-4.7); after a timeout "
    "K = 0 and W_max = cwnd at the start of congestion avoidance (Sec. 4.8). SACK recovery.",
    "RFC 9438 Sec. 4.1-4.8; ns-3-dev src/internet/model/tcp-cubic.cc",
    "Standard slow start (no HyStart++); the per-ACK growth is applied once per round.",
)
"""CUBIC's entry of :data:`aimdmodel.queue.variants.VARIANTS`."""


@numba.njit(_nrt=False)
def round_increase(F, N, P, r, j, t, acked):  # pragma: no cover - compiled
    """RFC 9438 Sec. 4.2-4.5 and 4.8 for one round of congestion avoidance."""
    c, beta = P[P_CC], P[P_CB]
    cw = F[r, F_CWND, j]
    if N[r, I_EPOCH, j] == 0:
        F[r, F_TEPOCH, j] = F[r, F_T0, j]
        if N[r, I_AFTERTO, j] == 1:  # Sec. 4.8
            F[r, F_WMAX, j] = cw
        d = (F[r, F_WMAX, j] - cw) / c
        F[r, F_K, j] = math.copysign(abs(d) ** (1.0 / 3.0), d)
        F[r, F_WEST, j] = cw
        F[r, F_CALPHA, j] = 3.0 * (1.0 - beta) / (1.0 + beta)
        N[r, I_EPOCH, j] = 1
        N[r, I_AFTERTO, j] = 0
    k, wmax = F[r, F_K, j], F[r, F_WMAX, j]
    el = t - F[r, F_TEPOCH, j]
    rtt = F[r, F_SRTT, j] if N[r, I_HASRTT, j] == 1 else F[r, F_LASTRTT, j]
    target = min(max(c * (el + rtt - k) ** 3 + wmax, cw), 1.5 * cw)
    F[r, F_WEST, j] += F[r, F_CALPHA, j] * acked / cw
    if F[r, F_WEST, j] >= F[r, F_CPRIOR, j]:
        F[r, F_CALPHA, j] = 1.0
    if c * (el - k) ** 3 + wmax < F[r, F_WEST, j]:
        F[r, F_CWND, j] = F[r, F_WEST, j]
    else:
        F[r, F_CWND, j] = cw + (target - cw) / cw * acked


@numba.njit(_nrt=False)
def round_ssthresh(F, N, P, r, j, cw, flight):  # pragma: no cover - compiled
    """RFC 9438 Sec. 4.6-4.7: ``max(beta flight, 2)``, W_max with fast convergence."""
    beta = P[P_CB]
    F[r, F_CPRIOR, j] = cw
    fast = P[P_CFC] == 1.0 and cw < F[r, F_WMAX, j]
    F[r, F_WMAX, j] = cw * (1 + beta) / 2 if fast else cw
    ss = max(beta * flight, 2.0)
    N[r, I_EPOCH, j] = 0
    return ss, ss


@numba.njit(_nrt=False)
def round_timeout(F, N, P, r, j):  # pragma: no cover - compiled
    """End the epoch: the next one starts with ``W_max = cwnd`` (Sec. 4.8)."""
    N[r, I_EPOCH, j] = 0
    N[r, I_AFTERTO, j] = 1
