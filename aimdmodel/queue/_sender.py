"""The sender of the queue model, compiled (numba): what a flow does at the end of a round.

One call of :func:`round_end` per flow and round. It reads what the
bottleneck did to the round's packets (sent, lost, their positions, their
queueing delays), updates the RTT estimator (RFC 6298), the variant's
measurements, and then applies one of: growth (slow start or congestion
avoidance), a loss event (fast retransmit or timeout), a round of loss
recovery, or the end of a timeout; finally it plans the next round. The
rules are those of :mod:`aimdmodel.queue.variants`, which documents them
with their sources; the constants of :mod:`._fields` name the state.

A flow whose congestion-avoidance rule is a :class:`~aimdmodel.Policy`
does not run the policy here: it takes one of the candidate windows the
driver computed with the policy's own ``increase``/``decrease`` (or, for a
declared linear control, the verified coefficients) and records which one
it took (``I_TAKEN``), so the driver can move the policy state the same way.
"""

from __future__ import annotations

import math

import numba
import numpy as np

from ._fields import (
    F_BWE,
    F_BWS,
    F_CALPHA,
    F_CARRY,
    F_CPRIOR,
    F_CWAFTER,
    F_CWND,
    F_DEADLINE,
    F_DIFF,
    F_DMAX,
    F_DMIN,
    F_DSUM,
    F_FINISH,
    F_GROWF,
    F_K,
    F_LASTDROP,
    F_LASTRTT,
    F_OWDMAX,
    F_OWDMIN,
    F_OWDRSV,
    F_PREVW,
    F_PWIN,
    F_RESUME,
    F_RLEN,
    F_RMIN,
    F_RTO,
    F_RTTMIN,
    F_RTTVAR,
    F_RWIN,
    F_SOWD,
    F_SRTT,
    F_SSTH,
    F_T0,
    F_TDET,
    F_TEPOCH,
    F_TLOSS1,
    F_WEST,
    F_WMAX,
    F_XCUM,
    I_AFTERTO,
    I_BACKOFF,
    I_CWLIM,
    I_DEFER,
    I_DELIV,
    I_DL,
    I_DN,
    I_DTWICE,
    I_EPOCH,
    I_HASRTT,
    I_HOLES,
    I_LEFT,
    I_LIFE,
    I_MODE,
    I_NEXTNEW,
    I_NFR,
    I_NRETX,
    I_NTO,
    I_PHOLES,
    I_RACC,
    I_RLASTOK,
    I_RLOST,
    I_RLRETX,
    I_RLTAIL,
    I_RP1,
    I_RP2,
    I_RRETX,
    I_RSENT,
    I_SYNCED,
    I_TAKEN,
    I_VENOINC,
    I_XEMIT,
    L_DONE,
    M_OPEN,
    M_REC,
    M_WAIT,
    P_CB,
    P_CC,
    P_CFC,
    P_DT,
    P_DUP,
    P_LINEAR,
    P_LPD,
    P_LPINF,
    P_MAXRTO,
    P_MINRTO,
    P_VA,
    P_VB,
    P_VENOB,
    P_VG,
    P_WWA,
    S_BASE,
    S_POL,
    S_RWND,
    S_SIZE,
    S_VAR,
    V_CUBIC,
    V_FACK,
    V_LP,
    V_RENO,
    V_SACK,
    V_TAHOE,
    V_VEGAS,
    V_VENO,
    V_WESTWOOD,
)

__all__ = ["candidate", "queue_delay", "round_end", "start_round"]

_INF = np.inf


@numba.njit(cache=True)
def candidate(A, r, j, which):  # pragma: no cover - compiled
    """Return the policy window after step ``which`` (1 increase, 2 decrease, 3 two decreases)."""
    if A.P[P_LINEAR] == 0.0:
        return A.PW[r, which - 1, j]
    w = A.F[r, F_PWIN, j]
    a_i, b_i, a_d, b_d, fl = (A.coef[r, 0, j], A.coef[r, 1, j], A.coef[r, 2, j],
                              A.coef[r, 3, j], A.coef[r, 4, j])
    if which == 1:
        return a_i + b_i * w
    w = max(a_d + b_d * w, fl)
    if which == 3:
        w = max(a_d + b_d * w, fl)
    return w


@numba.njit(cache=True)
def _take(A, r, j, which):  # pragma: no cover - compiled
    """Take policy step ``which``; return the new policy window."""
    w = candidate(A, r, j, which)
    A.F[r, F_PWIN, j] = w
    A.I[r, I_TAKEN, j] = which
    return w


@numba.njit(cache=True)
def queue_delay(A, r, j, qdelay):  # pragma: no cover - compiled
    """Return the RTT a round starting now would have: base + the current queueing delay."""
    return A.S[r, S_BASE, j] + qdelay


# --------------------------------------------------------------------------- measurements
@numba.njit(cache=True)
def _rtt_sample(A, r, j):  # pragma: no cover - compiled
    """RFC 6298 Sec. 2-3 with one sample per round; Karn: none from rounds with retransmissions."""
    acc = A.I[r, I_RACC, j]
    if acc <= 0:
        return
    base = A.S[r, S_BASE, j]
    rmin = base + A.F[r, F_DMIN, j]
    A.F[r, F_RMIN, j] = rmin
    A.F[r, F_RTTMIN, j] = min(A.F[r, F_RTTMIN, j], rmin)
    sample = base + A.F[r, F_DSUM, j] / acc
    A.F[r, F_LASTRTT, j] = sample
    if A.I[r, I_RRETX, j] > 0:
        return
    if A.I[r, I_HASRTT, j] == 0:
        A.F[r, F_SRTT, j] = sample
        A.F[r, F_RTTVAR, j] = sample / 2
        A.I[r, I_HASRTT, j] = 1
    else:
        A.F[r, F_RTTVAR, j] = 0.75 * A.F[r, F_RTTVAR, j] + 0.25 * abs(A.F[r, F_SRTT, j] - sample)
        A.F[r, F_SRTT, j] = 0.875 * A.F[r, F_SRTT, j] + 0.125 * sample
    rto = A.F[r, F_SRTT, j] + max(A.P[P_DT], 4.0 * A.F[r, F_RTTVAR, j])
    A.F[r, F_RTO, j] = min(max(rto, A.P[P_MINRTO]), A.P[P_MAXRTO])
    A.I[r, I_BACKOFF, j] = 0


@numba.njit(cache=True)
def _observe(A, r, j):  # pragma: no cover - compiled
    """Take the variant's once-per-round measurements (Vegas/Veno diff, Westwood+ BWE, LP)."""
    _rtt_sample(A, r, j)
    v = A.S[r, S_VAR, j]
    acc = A.I[r, I_RACC, j]
    if acc <= 0:
        return
    if v == V_VEGAS or v == V_VENO:
        n = A.I[r, I_RSENT, j]
        A.F[r, F_DIFF, j] = n * (1.0 - A.F[r, F_RTTMIN, j] / A.F[r, F_RMIN, j])
    elif v == V_WESTWOOD:
        sample = acc / A.F[r, F_RLEN, j]
        a = A.P[P_WWA]
        A.F[r, F_BWE, j] = a * A.F[r, F_BWE, j] + (1 - a) * (sample + A.F[r, F_BWS, j]) / 2
        A.F[r, F_BWS, j] = sample
    elif v == V_LP:
        _lp_observe(A, r, j, acc)


@numba.njit(cache=True)
def _lp_observe(A, r, j, acc):  # pragma: no cover - compiled
    """ns-3 TcpLp::RttSample with the round's smallest, largest and mean one-way delays."""
    half = A.S[r, S_BASE, j] / 2
    lo, hi = half + A.F[r, F_DMIN, j], half + A.F[r, F_DMAX, j]
    mean = half + A.F[r, F_DSUM, j] / acc
    A.F[r, F_OWDMIN, j] = min(A.F[r, F_OWDMIN, j], lo)
    if hi > A.F[r, F_OWDMAX, j]:
        rsv = A.F[r, F_OWDRSV, j]
        if hi > rsv:
            A.F[r, F_OWDMAX, j] = hi if rsv == 0.0 else rsv
            A.F[r, F_OWDRSV, j] = hi
        else:
            A.F[r, F_OWDMAX, j] = hi
    s = A.F[r, F_SOWD, j]
    A.F[r, F_SOWD, j] = mean if s == 0.0 else mean + (s - mean) * 0.875 ** acc


# --------------------------------------------------------------------------- decreases
@numba.njit(cache=True)
def _reduce(A, r, j, flight, twice):  # pragma: no cover - compiled
    """Set ssthresh and the window after recovery for a loss event; return the latter."""
    v = A.S[r, S_VAR, j]
    cw = A.F[r, F_CWND, j]
    if A.S[r, S_POL, j] == 1.0:
        w = _take(A, r, j, 3 if twice else 2)
        ss, after = max(w, 2.0), max(w, 1.0)
    elif v == V_VEGAS:
        ss = max(min(A.F[r, F_SSTH, j], cw - 1.0), 2.0)
        after = ss
    elif v == V_VENO:
        ss = max((0.8 if A.F[r, F_DIFF, j] < A.P[P_VENOB] else 0.5) * flight, 2.0)
        after = ss
    elif v == V_WESTWOOD:
        ss = max(A.F[r, F_BWE, j] * A.F[r, F_RTTMIN, j], 2.0)
        after = min(cw, ss)
    elif v == V_CUBIC:
        beta = A.P[P_CB]
        A.F[r, F_CPRIOR, j] = cw
        fast = A.P[P_CFC] == 1.0 and cw < A.F[r, F_WMAX, j]
        A.F[r, F_WMAX, j] = cw * (1 + beta) / 2 if fast else cw
        ss = max(beta * flight, 2.0)
        after = ss
        A.I[r, I_EPOCH, j] = 0
    else:  # NewReno's GetSsThresh (LP)
        ss = max(flight / 2, 2.0)
        after = ss
    A.F[r, F_SSTH, j] = ss
    A.F[r, F_CWAFTER, j] = after
    return after


@numba.njit(cache=True)
def _timeout(A, r, j, t):  # pragma: no cover - compiled
    """Retransmission timeout (RFC 6298 Sec. 5, RFC 5681 Sec. 3.1): wait, back off, cwnd = 1."""
    A.I[r, I_HOLES, j] += A.I[r, I_RLOST, j] + A.I[r, I_PHOLES, j]
    A.I[r, I_PHOLES, j] = 0
    if A.I[r, I_BACKOFF, j] == 0:  # RFC 5681: ssthresh held after a repeated timeout
        _reduce(A, r, j, float(A.I[r, I_RSENT, j]), False)
    rto = A.F[r, F_RTO, j]
    A.F[r, F_RESUME, j] = max(A.F[r, F_T0, j] + rto, t)
    A.F[r, F_RTO, j] = min(2.0 * rto, A.P[P_MAXRTO])
    A.I[r, I_BACKOFF, j] += 1
    A.I[r, I_NTO, j] += 1
    A.I[r, I_MODE, j] = M_WAIT
    A.F[r, F_CWND, j] = 1.0
    A.I[r, I_SYNCED, j] = 0
    A.I[r, I_AFTERTO, j] = 1
    A.I[r, I_EPOCH, j] = 0


@numba.njit(cache=True)
def _enter_recovery(A, r, j, t, holes, twice, flight):  # pragma: no cover - compiled
    """Fast retransmit: one (or Reno's two) decrease(s), then recovery (or Tahoe's slow start)."""
    after = _reduce(A, r, j, flight, twice)
    A.I[r, I_HOLES, j] += holes
    A.I[r, I_NFR, j] += 1
    if A.S[r, S_VAR, j] == V_TAHOE:
        A.F[r, F_CWND, j] = 1.0
        A.I[r, I_SYNCED, j] = 0
        return
    A.I[r, I_MODE, j] = M_REC
    A.F[r, F_CWND, j] = after
    A.F[r, F_DEADLINE, j] = t + A.F[r, F_LASTRTT, j] + A.F[r, F_RTO, j]


@numba.njit(cache=True)
def _reno_second(A, r, j):  # pragma: no cover - compiled
    """Tell whether Reno's second fast retransmit (two losses in a window) gets 3 dupacks."""
    n = A.I[r, I_RSENT, j]
    dup = n - 2
    ss = max(candidate(A, r, j, 2), 2.0) if A.S[r, S_POL, j] == 1.0 else max(n / 2, 2.0)
    n1 = max(0.0, ss + dup - n)  # new packets sent during the first recovery
    gap = A.I[r, I_RP2, j] - A.I[r, I_RP1, j]
    outstanding = n + n1 - gap  # from the second hole to the highest sent
    m = max(0.0, ss - outstanding)
    return n1 + m >= A.P[P_DUP]


@numba.njit(cache=True)
def _detects(A, r, j):  # pragma: no cover - compiled
    """Tell whether the round's losses are seen by duplicate ACKs; and Reno's double decrease."""
    v = A.S[r, S_VAR, j]
    n, lost, p1 = A.I[r, I_RSENT, j], A.I[r, I_RLOST, j], A.I[r, I_RP1, j]
    dup = n - lost
    detect = dup >= A.P[P_DUP]
    if v == V_FACK and not detect and dup >= 1:
        hi = n + p1 - 1 if p1 >= 1 else A.I[r, I_RLASTOK, j]
        detect = hi - p1 > A.P[P_DUP]
    twice = False
    if v == V_RENO and detect and lost >= 2:
        detect = lost == 2 and _reno_second(A, r, j)
        twice = detect
    return detect, twice


@numba.njit(cache=True)
def _sync_linear(A, r, j):  # pragma: no cover - compiled
    """Re-initialize a linear rule from cwnd at a loss in slow start (its init(w) is w)."""
    if A.S[r, S_POL, j] == 1.0 and A.F[r, F_CWND, j] < A.F[r, F_SSTH, j] and \
            A.I[r, I_SYNCED, j] == 0:
        A.F[r, F_PWIN, j] = A.F[r, F_CWND, j]


@numba.njit(cache=True)
def _loss_event(A, r, j, t):  # pragma: no cover - compiled
    """Losses in a round outside recovery: a timeout if no dupacks show them, else deferred.

    Three duplicate ACKs arrive about one RTT after the first lost packet was
    sent, i.e. while the next round is under way: the fast retransmit is
    scheduled for that time (``F_TDET``) and the round's summary kept.
    """
    detect, twice = _detects(A, r, j)
    if not detect:
        _sync_linear(A, r, j)
        _timeout(A, r, j, t)
        return
    A.I[r, I_DEFER, j] = 1
    A.I[r, I_DN, j] = A.I[r, I_RSENT, j]
    A.I[r, I_DL, j] = A.I[r, I_RLOST, j]
    A.I[r, I_DTWICE, j] = twice
    A.F[r, F_TDET, j] = A.F[r, F_TLOSS1, j] + A.F[r, F_RLEN, j]


@numba.njit(cache=True)
def _detected(A, r, j, t):  # pragma: no cover - compiled
    """Fast-retransmit as deferred; the partial round's losses join the same episode."""
    A.I[r, I_DEFER, j] = 0
    sent = A.I[r, I_RSENT, j]
    A.I[r, I_HOLES, j] += A.I[r, I_RLOST, j] + max(
        0, A.I[r, I_LEFT, j] + A.I[r, I_RRETX, j] - max(sent, A.I[r, I_LEFT, j]))
    _sync_linear(A, r, j)
    _enter_recovery(A, r, j, t, A.I[r, I_DL, j], A.I[r, I_DTWICE, j] == 1,
                    float(A.I[r, I_DN, j]))


# --------------------------------------------------------------------------- growth
@numba.njit(cache=True)
def _enter_ca(A, r, j):  # pragma: no cover - compiled
    """Slow start reached ssthresh: congestion avoidance resumes from the policy state."""
    A.F[r, F_CWND, j] = A.F[r, F_SSTH, j]
    A.I[r, I_SYNCED, j] = 1


@numba.njit(cache=True)
def _slow_start(A, r, j, acked):  # pragma: no cover - compiled
    """RFC 5681 Sec. 3.1: cwnd += SMSS per ACK, at most to ssthresh (then congestion avoidance)."""
    cw = A.F[r, F_CWND, j] + acked
    if cw >= A.F[r, F_SSTH, j]:
        _enter_ca(A, r, j)
    else:
        A.F[r, F_CWND, j] = cw


@numba.njit(cache=True)
def _vegas(A, r, j, slow):  # pragma: no cover - compiled
    """Brakmo & Peterson's once-per-RTT adjustment as ns-3 TcpVegas::IncreaseWindow does it."""
    cw, diff = A.F[r, F_CWND, j], A.F[r, F_DIFF, j]
    if slow:
        if diff > A.P[P_VG]:
            target = cw * A.F[r, F_RTTMIN, j] / A.F[r, F_RMIN, j]
            A.F[r, F_CWND, j] = min(cw, target + 1.0)
            A.F[r, F_SSTH, j] = max(min(A.F[r, F_SSTH, j], A.F[r, F_CWND, j] - 1.0), 2.0)
        else:
            _slow_start(A, r, j, float(A.I[r, I_RACC, j]))
    elif diff > A.P[P_VB]:
        A.F[r, F_CWND, j] = max(cw - 1.0, 1.0)
        A.F[r, F_SSTH, j] = max(min(A.F[r, F_SSTH, j], A.F[r, F_CWND, j] - 1.0), 2.0)
    elif diff < A.P[P_VA]:
        A.F[r, F_CWND, j] = cw + 1.0
    A.F[r, F_SSTH, j] = max(A.F[r, F_SSTH, j], 0.75 * A.F[r, F_CWND, j])


@numba.njit(cache=True)
def _cubic(A, r, j, t, acked):  # pragma: no cover - compiled
    """RFC 9438 Sec. 4.2-4.5 and 4.8 for one round of congestion avoidance."""
    c, beta = A.P[P_CC], A.P[P_CB]
    cw = A.F[r, F_CWND, j]
    if A.I[r, I_EPOCH, j] == 0:
        A.F[r, F_TEPOCH, j] = A.F[r, F_T0, j]
        if A.I[r, I_AFTERTO, j] == 1:  # Sec. 4.8
            A.F[r, F_WMAX, j] = cw
        d = (A.F[r, F_WMAX, j] - cw) / c
        A.F[r, F_K, j] = math.copysign(abs(d) ** (1.0 / 3.0), d)
        A.F[r, F_WEST, j] = cw
        A.F[r, F_CALPHA, j] = 3.0 * (1.0 - beta) / (1.0 + beta)
        A.I[r, I_EPOCH, j] = 1
        A.I[r, I_AFTERTO, j] = 0
    k, wmax = A.F[r, F_K, j], A.F[r, F_WMAX, j]
    el = t - A.F[r, F_TEPOCH, j]
    rtt = A.F[r, F_SRTT, j] if A.I[r, I_HASRTT, j] == 1 else A.F[r, F_LASTRTT, j]
    target = min(max(c * (el + rtt - k) ** 3 + wmax, cw), 1.5 * cw)
    A.F[r, F_WEST, j] += A.F[r, F_CALPHA, j] * acked / cw
    if A.F[r, F_WEST, j] >= A.F[r, F_CPRIOR, j]:
        A.F[r, F_CALPHA, j] = 1.0
    if c * (el - k) ** 3 + wmax < A.F[r, F_WEST, j]:
        A.F[r, F_CWND, j] = A.F[r, F_WEST, j]
    else:
        A.F[r, F_CWND, j] = cw + (target - cw) / cw * acked


@numba.njit(cache=True)
def _lp_indication(A, r, j, t):  # pragma: no cover - compiled
    """Apply ns-3 TcpLp::PktsAcked's early congestion indication; True if no growth now."""
    inference = A.P[P_LPINF] * A.F[r, F_LASTRTT, j]
    last = A.F[r, F_LASTDROP, j]
    within_inf = last > 0.0 and t - last < inference
    lo, hi = A.F[r, F_OWDMIN, j], A.F[r, F_OWDMAX, j]
    s = A.F[r, F_SOWD, j]
    if s <= lo + A.P[P_LPD] * (hi - lo):
        return within_inf
    A.F[r, F_OWDMIN, j] = s
    A.F[r, F_OWDMAX, j] = 2.0 * s
    A.F[r, F_OWDRSV, j] = 2.0 * s
    A.F[r, F_CWND, j] = 1.0 if within_inf else max(A.F[r, F_CWND, j] / 2.0, 1.0)
    A.F[r, F_LASTDROP, j] = t
    return True


@numba.njit(cache=True)
def _grow(A, r, j, t):  # pragma: no cover - compiled
    """Grow after a round without loss: slow start or the variant's congestion avoidance."""
    v = A.S[r, S_VAR, j]
    acked = float(A.I[r, I_RACC, j])
    if v == V_LP and _lp_indication(A, r, j, t):
        return
    if A.I[r, I_CWLIM, j] == 0:  # not cwnd-limited (receiver window, no data): no growth
        return
    slow = A.F[r, F_CWND, j] < A.F[r, F_SSTH, j]
    if v == V_VEGAS and A.I[r, I_RACC, j] > 2:
        _vegas(A, r, j, slow)
    elif slow:
        _slow_start(A, r, j, acked)
    elif A.S[r, S_POL, j] == 1.0:
        A.F[r, F_CWND, j] = max(_take(A, r, j, 1), 1.0)
    elif v == V_CUBIC:
        _cubic(A, r, j, t, acked)
    elif v == V_VENO and A.F[r, F_DIFF, j] >= A.P[P_VENOB]:
        A.I[r, I_VENOINC, j] = 1 - A.I[r, I_VENOINC, j]
        A.F[r, F_CWND, j] += A.I[r, I_VENOINC, j]
    else:  # Reno's +1 per RTT: Vegas with few samples, Westwood+, Veno, LP
        A.F[r, F_CWND, j] += 1.0


# --------------------------------------------------------------------------- recovery
@numba.njit(cache=True)
def _recovery_round(A, r, j, t):  # pragma: no cover - compiled
    """End a round of loss recovery: holes repaired, or a timeout (lost retransmission, timer)."""
    lost_retx = A.I[r, I_RLRETX, j]
    lost_tail = A.I[r, I_RLTAIL, j]  # the previous window's tail: repaired in this episode
    lost_new = A.I[r, I_RLOST, j] - lost_retx - lost_tail
    v = A.S[r, S_VAR, j]
    newreno = not (v == V_SACK or v == V_FACK or v == V_CUBIC)
    late = newreno and A.I[r, I_HOLES, j] > 0 and t > A.F[r, F_DEADLINE, j]
    if lost_retx > 0 or late:
        _timeout(A, r, j, t)
        return
    A.I[r, I_PHOLES, j] += lost_new
    A.I[r, I_HOLES, j] += lost_tail
    if A.I[r, I_HOLES, j] > 0:
        return
    A.I[r, I_MODE, j] = M_OPEN
    A.F[r, F_CWND, j] = A.F[r, F_CWAFTER, j]
    pending = A.I[r, I_PHOLES, j]
    if pending > 0:  # new data lost during recovery: the next window's loss event
        A.I[r, I_PHOLES, j] = 0
        _enter_recovery(A, r, j, t, pending, False, float(A.I[r, I_RSENT, j]))


@numba.njit(cache=True)
def _resume(A, r, j):  # pragma: no cover - compiled
    """Resume after the retransmission timer fired: slow start from cwnd = 1, holes first."""
    A.I[r, I_MODE, j] = M_OPEN
    A.F[r, F_CWND, j] = 1.0


# --------------------------------------------------------------------------- rounds
@numba.njit(cache=True)
def start_round(A, r, j, t0, qdelay, left):  # pragma: no cover - compiled
    """Plan a round starting at ``t0``: its length, its window, its retransmissions.

    ``left`` packets of the previous round that were due in the tick of its
    end go out first, at once, so that pacing stays continuous across the
    boundary. Positions in the round: ``[0, left)`` that tail of the
    previous window, ``[left, left + retx)`` retransmissions, then new data.
    """
    A.F[r, F_T0, j] = t0
    A.F[r, F_RLEN, j] = queue_delay(A, r, j, qdelay)
    for fld in (I_RSENT, I_RLOST, I_RLRETX, I_RACC, I_RRETX, I_LEFT, I_RLTAIL):
        A.I[r, fld, j] = 0
    A.I[r, I_RP1, j], A.I[r, I_RP2, j], A.I[r, I_RLASTOK, j] = -1, -1, -1
    A.F[r, F_DSUM, j], A.F[r, F_DMIN, j], A.F[r, F_DMAX, j] = 0.0, _INF, 0.0
    A.F[r, F_RWIN, j] = 0.0
    mode = A.I[r, I_MODE, j]
    if mode == M_WAIT:
        A.F[r, F_PREVW, j] = 0.0
        return
    x = A.F[r, F_CWND, j] + A.F[r, F_CARRY, j]
    w = max(math.floor(x), 1.0)
    A.F[r, F_CARRY, j] = max(x - w, 0.0)
    cwlim = 1
    rwnd = A.S[r, S_RWND, j]
    if rwnd > 0 and w > rwnd:
        w, cwlim = rwnd, 0
        A.F[r, F_CARRY, j] = 0.0
    holes = A.I[r, I_HOLES, j]
    size = A.S[r, S_SIZE, j]
    avail = holes + (size - A.I[r, I_NEXTNEW, j] if size > 0 else _INF)
    if w > avail:
        w, cwlim = avail, 0
    v = A.S[r, S_VAR, j]
    one_per_round = mode == M_REC and not (v == V_SACK or v == V_FACK or v == V_CUBIC)
    retx = min(holes, 1 if one_per_round else int(w))
    A.I[r, I_HOLES, j] = holes - retx
    A.I[r, I_RRETX, j] = retx
    A.I[r, I_NRETX, j] += retx
    A.I[r, I_CWLIM, j] = cwlim
    left = int(min(left, avail - w))
    A.I[r, I_LEFT, j] = left
    A.F[r, F_RWIN, j] = w + left
    # the packets a window increase adds ride on top of the ACK clock (see _network)
    A.F[r, F_GROWF, j] = max(0.0, w - A.F[r, F_PREVW, j]) / w if w > 0 else 0.0
    A.F[r, F_PREVW, j] = w
    A.F[r, F_XCUM, j] = 0.0
    A.I[r, I_XEMIT, j] = 0


@numba.njit(cache=True)
def _finished(A, r, j, t):  # pragma: no cover - compiled
    """Tell whether a finite transfer is complete: every packet delivered (at a round end)."""
    size = A.S[r, S_SIZE, j]
    if size > 0 and A.I[r, I_DELIV, j] >= size:
        A.F[r, F_FINISH, j] = t
        A.I[r, I_LIFE, j] = L_DONE
        return True
    return False


@numba.njit(cache=True, inline="always")
def round_ends(A, r, j, t):  # pragma: no cover - compiled
    """Tell whether flow ``j`` must act in the tick ``[t, t + dt)``.

    Its round ends, a deferred fast retransmit is due, or its timeout is over.
    """
    if A.I[r, I_MODE, j] == M_WAIT:
        return t >= A.F[r, F_RESUME, j]
    soon = t + A.P[P_DT]
    if A.I[r, I_DEFER, j] == 1 and A.F[r, F_TDET, j] < soon:
        return True
    return A.F[r, F_T0, j] + A.F[r, F_RLEN, j] < soon


@numba.njit(cache=True)
def round_end(A, r, j, t, qdelay):  # pragma: no cover - compiled
    """Finish flow ``j``'s round if it ends in this tick; plan the next one.

    The decision uses the packets sent before this tick; the round's packets
    still due before its end (at most one tick's worth) are sent at the
    start of the next round, which counts them. A deferred fast retransmit
    cuts the round short at the time of the third duplicate ACK.
    """
    if not round_ends(A, r, j, t):
        return
    if A.I[r, I_MODE, j] == M_WAIT:
        _resume(A, r, j)
        start_round(A, r, j, t, qdelay, 0)
        return
    end = A.F[r, F_T0, j] + A.F[r, F_RLEN, j]
    if A.I[r, I_DEFER, j] == 1:
        _detected(A, r, j, t)
        start_round(A, r, j, max(min(A.F[r, F_TDET, j], end), A.F[r, F_T0, j]), qdelay, 0)
        return
    sent, left = A.I[r, I_RSENT, j], A.I[r, I_LEFT, j]
    unsent = int(A.F[r, F_RWIN, j]) - sent
    unsent_retx = max(0, left + A.I[r, I_RRETX, j] - max(sent, left))
    A.I[r, I_HOLES, j] += unsent_retx
    A.I[r, I_NRETX, j] -= unsent_retx
    if sent > 0:
        _observe(A, r, j)
        if A.I[r, I_MODE, j] == M_REC:
            _recovery_round(A, r, j, t)
        elif A.I[r, I_RLOST, j] > 0:
            _loss_event(A, r, j, t)
        else:
            _grow(A, r, j, t)
    if _finished(A, r, j, t):
        return
    start_round(A, r, j, end, qdelay, max(0, unsent - unsent_retx))
