"""The sender of the queue model, compiled (numba): what a flow does at the end of a round.

One call of :func:`round_end` per flow and round. It reads what the
bottleneck did to the round's packets (sent, lost, their positions, their
queueing delays), updates the RTT estimator (RFC 6298), the variant's
measurements, and then applies one of: growth (slow start or congestion
avoidance), a loss event (fast retransmit or timeout), a round of loss
recovery, or the end of a timeout; finally it plans the next round. The
constants of :mod:`._fields` name the state.

The sender holds what the variants share: the RTT estimator, slow start,
the policy's windows and the four loss recoveries of
:data:`~aimdmodel.queue.variants.RECOVERIES` (chosen by
:func:`~aimdmodel.queue._hooks.recovery`). A variant's own rules are in its
module of :mod:`aimdmodel.queue.variants`, which documents them with their
sources; the sender asks them at the hooks of :mod:`._hooks` (the per-round
measurements, the growth, the increase, the ssthresh of a loss, the
timeout, the FACK trigger).

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
    C_AD,
    C_AI,
    C_BD,
    C_BI,
    C_FL,
    F_CARRY,
    F_CWAFTER,
    F_CWND,
    F_DEADLINE,
    F_DEP0,
    F_DEP1,
    F_DMAX,
    F_DMIN,
    F_DSUM,
    F_FINISH,
    F_GROWF,
    F_LASTRTT,
    F_PREVW,
    F_PWIN,
    F_RESUME,
    F_RLEN,
    F_RMIN,
    F_RTO,
    F_RTTMIN,
    F_RTTVAR,
    F_RWIN,
    F_SPAN,
    F_SRTT,
    F_SSTH,
    F_T0,
    F_TDET,
    F_TLOSS1,
    F_XCUM,
    I_BACKOFF,
    I_CWLIM,
    I_DEFER,
    I_DELIV,
    I_DL,
    I_DN,
    I_DTWICE,
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
    I_XEMIT,
    L_DONE,
    M_OPEN,
    M_REC,
    M_WAIT,
    P_DT,
    P_DUP,
    P_LINEAR,
    P_MAXRTO,
    P_MINRTO,
    R_RENO,
    R_SACK,
    R_TAHOE,
    S_BASE,
    S_POL,
    S_RWND,
    S_SIZE,
    S_VAR,
    W_INC,
)
from ._hooks import (
    recovery,
    round_detect,
    round_grow,
    round_increase,
    round_observe,
    round_ssthresh,
    round_start,
    round_timeout,
)
from ._slow_start import slow_start

__all__ = ["candidate", "queue_delay", "round_end", "start_round"]

_INF = np.inf


@numba.njit(inline="always", _nrt=False)
def candidate(F, N, P, r, j, which):  # pragma: no cover - compiled
    """Return the policy window after step ``which`` (1 increase, 2 decrease, 3 two decreases)."""
    if P[P_LINEAR] == 0.0:
        return F[r, W_INC + which - 1, j]
    w = F[r, F_PWIN, j]
    a_i, b_i, a_d, b_d, fl = (F[r, C_AI, j], F[r, C_BI, j], F[r, C_AD, j], F[r, C_BD, j],
                              F[r, C_FL, j])
    if which == 1:
        return a_i + b_i * w
    w = max(a_d + b_d * w, fl)
    if which == 3:
        w = max(a_d + b_d * w, fl)
    return w


@numba.njit(inline="always", _nrt=False)
def _take(F, N, P, r, j, which):  # pragma: no cover - compiled
    """Take policy step ``which``; return the new policy window."""
    w = candidate(F, N, P, r, j, which)
    F[r, F_PWIN, j] = w
    N[r, I_TAKEN, j] = which
    return w


@numba.njit(inline="always", _nrt=False)
def queue_delay(F, N, P, r, j, qdelay):  # pragma: no cover - compiled
    """Return the RTT a round starting now would have: base + the current queueing delay."""
    return F[r, S_BASE, j] + qdelay


# --------------------------------------------------------------------------- measurements
@numba.njit(inline="always", _nrt=False)
def _rtt_sample(F, N, P, r, j):  # pragma: no cover - compiled
    """RFC 6298 Sec. 2-3 with one sample per round; Karn: none from rounds with retransmissions."""
    acc = N[r, I_RACC, j]
    if acc <= 0:
        return
    base = F[r, S_BASE, j]
    rmin = base + F[r, F_DMIN, j]
    F[r, F_RMIN, j] = rmin
    F[r, F_RTTMIN, j] = min(F[r, F_RTTMIN, j], rmin)
    sample = base + F[r, F_DSUM, j] / acc
    F[r, F_LASTRTT, j] = sample
    if N[r, I_RRETX, j] > 0:
        return
    if N[r, I_HASRTT, j] == 0:
        F[r, F_SRTT, j] = sample
        F[r, F_RTTVAR, j] = sample / 2
        N[r, I_HASRTT, j] = 1
    else:
        F[r, F_RTTVAR, j] = 0.75 * F[r, F_RTTVAR, j] + 0.25 * abs(F[r, F_SRTT, j] - sample)
        F[r, F_SRTT, j] = 0.875 * F[r, F_SRTT, j] + 0.125 * sample
    rto = F[r, F_SRTT, j] + max(P[P_DT], 4.0 * F[r, F_RTTVAR, j])
    F[r, F_RTO, j] = min(max(rto, P[P_MINRTO]), P[P_MAXRTO])
    N[r, I_BACKOFF, j] = 0


@numba.njit(inline="always", _nrt=False)
def _observe(F, N, P, r, j):  # pragma: no cover - compiled
    """Take the round's RTT sample, then the variant's once-per-round measurements."""
    _rtt_sample(F, N, P, r, j)
    acc = N[r, I_RACC, j]
    if acc <= 0:
        return
    round_observe(F[r, S_VAR, j], F, N, P, r, j, acc)


# --------------------------------------------------------------------------- decreases
@numba.njit(_nrt=False)
def _reduce(F, N, P, r, j, flight, twice):  # pragma: no cover - compiled
    """Set ssthresh and the window after recovery for a loss event; return the latter."""
    cw = F[r, F_CWND, j]
    if F[r, S_POL, j] == 1.0:
        w = _take(F, N, P, r, j, 3 if twice else 2)
        ss, after = max(w, 2.0), max(w, 1.0)
    else:
        ss, after = round_ssthresh(F[r, S_VAR, j], F, N, P, r, j, cw, flight)
    F[r, F_SSTH, j] = ss
    F[r, F_CWAFTER, j] = after
    return after


@numba.njit(_nrt=False)
def _timeout(F, N, P, r, j, t):  # pragma: no cover - compiled
    """Retransmission timeout (RFC 6298 Sec. 5, RFC 5681 Sec. 3.1): wait, back off, cwnd = 1."""
    N[r, I_HOLES, j] += N[r, I_RLOST, j] + N[r, I_PHOLES, j]
    N[r, I_PHOLES, j] = 0
    if N[r, I_BACKOFF, j] == 0:  # RFC 5681: ssthresh held after a repeated timeout
        _reduce(F, N, P, r, j, float(N[r, I_RSENT, j]), False)
    rto = F[r, F_RTO, j]
    F[r, F_RESUME, j] = max(F[r, F_T0, j] + rto, t)
    F[r, F_RTO, j] = min(2.0 * rto, P[P_MAXRTO])
    N[r, I_BACKOFF, j] += 1
    N[r, I_NTO, j] += 1
    N[r, I_MODE, j] = M_WAIT
    F[r, F_CWND, j] = 1.0
    N[r, I_SYNCED, j] = 0
    round_timeout(F[r, S_VAR, j], F, N, P, r, j)


@numba.njit(_nrt=False)
def _enter_recovery(F, N, P, r, j, t, holes, twice, flight):  # pragma: no cover - compiled
    """Fast retransmit: one (or Reno's two) decrease(s), then recovery (or Tahoe's slow start)."""
    after = _reduce(F, N, P, r, j, flight, twice)
    N[r, I_HOLES, j] += holes
    N[r, I_NFR, j] += 1
    if recovery(F[r, S_VAR, j]) == R_TAHOE:
        F[r, F_CWND, j] = 1.0
        N[r, I_SYNCED, j] = 0
        return
    N[r, I_MODE, j] = M_REC
    F[r, F_CWND, j] = after
    F[r, F_DEADLINE, j] = t + F[r, F_LASTRTT, j] + F[r, F_RTO, j]


@numba.njit(_nrt=False)
def _reno_second(F, N, P, r, j):  # pragma: no cover - compiled
    """Tell whether Reno's second fast retransmit (two losses in a window) gets 3 dupacks."""
    n = N[r, I_RSENT, j]
    dup = n - 2
    ss = max(candidate(F, N, P, r, j, 2), 2.0) if F[r, S_POL, j] == 1.0 else max(n / 2, 2.0)
    n1 = max(0.0, ss + dup - n)  # new packets sent during the first recovery
    gap = N[r, I_RP2, j] - N[r, I_RP1, j]
    outstanding = n + n1 - gap  # from the second hole to the highest sent
    m = max(0.0, ss - outstanding)
    return n1 + m >= P[P_DUP]


@numba.njit(_nrt=False)
def _detects(F, N, P, r, j):  # pragma: no cover - compiled
    """Tell whether the round's losses are seen by duplicate ACKs; and Reno's double decrease."""
    v = F[r, S_VAR, j]
    n, lost, p1 = N[r, I_RSENT, j], N[r, I_RLOST, j], N[r, I_RP1, j]
    dup = n - lost
    detect = dup >= P[P_DUP]
    if not detect and dup >= 1:
        detect = round_detect(v, F, N, P, r, j, n, p1, dup)
    twice = False
    if recovery(v) == R_RENO and detect and lost >= 2:
        detect = lost == 2 and _reno_second(F, N, P, r, j)
        twice = detect
    return detect, twice


@numba.njit(_nrt=False)
def _sync_linear(F, N, P, r, j):  # pragma: no cover - compiled
    """Re-initialize a linear rule from cwnd at a loss in slow start (its init(w) is w)."""
    if F[r, S_POL, j] == 1.0 and F[r, F_CWND, j] < F[r, F_SSTH, j] and \
            N[r, I_SYNCED, j] == 0:
        F[r, F_PWIN, j] = F[r, F_CWND, j]


@numba.njit(_nrt=False)
def _loss_event(F, N, P, r, j, t):  # pragma: no cover - compiled
    """Losses in a round outside recovery: a timeout if no dupacks show them, else deferred.

    Three duplicate ACKs arrive about one RTT after the first lost packet was
    sent, i.e. while the next round is under way: the fast retransmit is
    scheduled for that time (``F_TDET``) and the round's summary kept.
    """
    detect, twice = _detects(F, N, P, r, j)
    if not detect:
        _sync_linear(F, N, P, r, j)
        _timeout(F, N, P, r, j, t)
        return
    N[r, I_DEFER, j] = 1
    N[r, I_DN, j] = N[r, I_RSENT, j]
    N[r, I_DL, j] = N[r, I_RLOST, j]
    N[r, I_DTWICE, j] = twice
    F[r, F_TDET, j] = F[r, F_TLOSS1, j] + F[r, F_RLEN, j]


@numba.njit(_nrt=False)
def _detected(F, N, P, r, j, t):  # pragma: no cover - compiled
    """Fast-retransmit as deferred; the partial round's losses join the same episode."""
    N[r, I_DEFER, j] = 0
    sent = N[r, I_RSENT, j]
    N[r, I_HOLES, j] += N[r, I_RLOST, j] + max(
        0, N[r, I_LEFT, j] + N[r, I_RRETX, j] - max(sent, N[r, I_LEFT, j]))
    _sync_linear(F, N, P, r, j)
    _enter_recovery(F, N, P, r, j, t, N[r, I_DL, j], N[r, I_DTWICE, j] == 1,
                    float(N[r, I_DN, j]))


# --------------------------------------------------------------------------- growth
@numba.njit(inline="always", _nrt=False)
def _grow(F, N, P, r, j, t):  # pragma: no cover - compiled
    """Grow after a round without loss: the variant's own rule, slow start or an increase."""
    v = F[r, S_VAR, j]
    acked = float(N[r, I_RACC, j])
    if round_grow(v, F, N, P, r, j, t, acked):
        return
    if N[r, I_CWLIM, j] == 0:  # not cwnd-limited (receiver window, no data): no growth
        return
    if F[r, F_CWND, j] < F[r, F_SSTH, j]:
        slow_start(F, N, P, r, j, acked)
    elif F[r, S_POL, j] == 1.0:
        F[r, F_CWND, j] = max(_take(F, N, P, r, j, 1), 1.0)
    else:
        round_increase(v, F, N, P, r, j, t, acked)


# --------------------------------------------------------------------------- recovery
@numba.njit(_nrt=False)
def _recovery_round(F, N, P, r, j, t):  # pragma: no cover - compiled
    """End a round of loss recovery: holes repaired, or a timeout (lost retransmission, timer)."""
    lost_retx = N[r, I_RLRETX, j]
    lost_tail = N[r, I_RLTAIL, j]  # the previous window's tail: repaired in this episode
    lost_new = N[r, I_RLOST, j] - lost_retx - lost_tail
    v = F[r, S_VAR, j]
    newreno = recovery(v) != R_SACK
    late = newreno and N[r, I_HOLES, j] > 0 and t > F[r, F_DEADLINE, j]
    if lost_retx > 0 or late:
        _timeout(F, N, P, r, j, t)
        return
    N[r, I_PHOLES, j] += lost_new
    N[r, I_HOLES, j] += lost_tail
    if N[r, I_HOLES, j] > 0:
        return
    N[r, I_MODE, j] = M_OPEN
    F[r, F_CWND, j] = F[r, F_CWAFTER, j]
    pending = N[r, I_PHOLES, j]
    if pending > 0:  # new data lost during recovery: the next window's loss event
        N[r, I_PHOLES, j] = 0
        _enter_recovery(F, N, P, r, j, t, pending, False, float(N[r, I_RSENT, j]))


@numba.njit(inline="always", _nrt=False)
def _resume(F, N, P, r, j):  # pragma: no cover - compiled
    """Resume after the retransmission timer fired: slow start from cwnd = 1, holes first."""
    N[r, I_MODE, j] = M_OPEN
    F[r, F_CWND, j] = 1.0
    F[r, F_SPAN, j] = 0.0  # one packet: the ACK clock starts again


# --------------------------------------------------------------------------- rounds
@numba.njit(_nrt=False)
def start_round(F, N, P, r, j, t0, qdelay, left):  # pragma: no cover - compiled
    """Plan a round starting at ``t0``: its length, its window, its retransmissions.

    ``left`` packets of the previous round that were due in the tick of its
    end go out first, at once, so that pacing stays continuous across the
    boundary. Positions in the round: ``[0, left)`` that tail of the
    previous window, ``[left, left + retx)`` retransmissions, then new data.
    """
    F[r, F_T0, j] = t0
    F[r, F_RLEN, j] = queue_delay(F, N, P, r, j, qdelay)
    # the ACK clock: this round's packets go out as the previous round's ACKs come
    # back, over the span in which its packets left the bottleneck, never over more
    # than the round. A train only spreads (queues space it out): it starts as a burst
    # (the initial window, the one packet after a timeout) and in slow start goes out
    # at two packets per ACK, twice the bottleneck's rate.
    dep0, dep1 = F[r, F_DEP0, j], F[r, F_DEP1, j]
    span = max(F[r, F_SPAN, j], dep1 - dep0) if dep1 > dep0 else F[r, F_SPAN, j]
    F[r, F_SPAN, j] = min(span, F[r, F_RLEN, j])
    F[r, F_DEP0, j], F[r, F_DEP1, j] = _INF, -_INF
    round_start(F[r, S_VAR, j], F, N, P, r, j)
    for fld in (I_RSENT, I_RLOST, I_RLRETX, I_RACC, I_RRETX, I_LEFT, I_RLTAIL):
        N[r, fld, j] = 0
    N[r, I_RP1, j], N[r, I_RP2, j], N[r, I_RLASTOK, j] = -1, -1, -1
    F[r, F_DSUM, j], F[r, F_DMIN, j], F[r, F_DMAX, j] = 0.0, _INF, 0.0
    F[r, F_RWIN, j] = 0.0
    mode = N[r, I_MODE, j]
    if mode == M_WAIT:
        F[r, F_PREVW, j] = 0.0
        return
    x = F[r, F_CWND, j] + F[r, F_CARRY, j]
    w = max(math.floor(x), 1.0)
    F[r, F_CARRY, j] = max(x - w, 0.0)
    cwlim = 1
    rwnd = F[r, S_RWND, j]
    if rwnd > 0 and w > rwnd:
        w, cwlim = rwnd, 0
        F[r, F_CARRY, j] = 0.0
    holes = N[r, I_HOLES, j]
    size = F[r, S_SIZE, j]
    avail = holes + (size - N[r, I_NEXTNEW, j] if size > 0 else _INF)
    if w > avail:
        w, cwlim = avail, 0
    v = F[r, S_VAR, j]
    one_per_round = mode == M_REC and recovery(v) != R_SACK
    retx = min(holes, 1 if one_per_round else int(w))
    N[r, I_HOLES, j] = holes - retx
    N[r, I_RRETX, j] = retx
    N[r, I_NRETX, j] += retx
    N[r, I_CWLIM, j] = cwlim
    left = int(min(left, avail - w))
    N[r, I_LEFT, j] = left
    F[r, F_RWIN, j] = w + left
    # the packets a window increase adds ride on top of the ACK clock (see _network)
    F[r, F_GROWF, j] = max(0.0, w - F[r, F_PREVW, j]) / w if w > 0 else 0.0
    F[r, F_PREVW, j] = w
    F[r, F_XCUM, j] = 0.0
    N[r, I_XEMIT, j] = 0


@numba.njit(inline="always", _nrt=False)
def _finished(F, N, P, r, j, t):  # pragma: no cover - compiled
    """Tell whether a finite transfer is complete: every packet delivered (at a round end)."""
    size = F[r, S_SIZE, j]
    if size > 0 and N[r, I_DELIV, j] >= size:
        F[r, F_FINISH, j] = t
        N[r, I_LIFE, j] = L_DONE
        return True
    return False


@numba.njit(inline="always", _nrt=False)
def round_ends(F, N, P, r, j, t):  # pragma: no cover - compiled
    """Tell whether flow ``j`` must act in the tick ``[t, t + dt)``.

    Its round ends, a deferred fast retransmit is due, or its timeout is over.
    """
    if N[r, I_MODE, j] == M_WAIT:
        return t >= F[r, F_RESUME, j]
    soon = t + P[P_DT]
    if N[r, I_DEFER, j] == 1 and F[r, F_TDET, j] < soon:
        return True
    return F[r, F_T0, j] + F[r, F_RLEN, j] < soon


@numba.njit(_nrt=False)
def round_end(F, N, P, r, j, t, qdelay):  # pragma: no cover - compiled
    """Finish flow ``j``'s round if it ends in this tick; plan the next one.

    The decision uses the packets sent before this tick; the round's packets
    still due before its end (at most one tick's worth) are sent at the
    start of the next round, which counts them. A deferred fast retransmit
    cuts the round short at the time of the third duplicate ACK.
    """
    if not round_ends(F, N, P, r, j, t):
        return
    if N[r, I_MODE, j] == M_WAIT:
        _resume(F, N, P, r, j)
        start_round(F, N, P, r, j, t, qdelay, 0)
        return
    end = F[r, F_T0, j] + F[r, F_RLEN, j]
    if N[r, I_DEFER, j] == 1:
        _detected(F, N, P, r, j, t)
        start_round(F, N, P, r, j, max(min(F[r, F_TDET, j], end), F[r, F_T0, j]), qdelay, 0)
        return
    sent, left = N[r, I_RSENT, j], N[r, I_LEFT, j]
    unsent = int(F[r, F_RWIN, j]) - sent
    unsent_retx = max(0, left + N[r, I_RRETX, j] - max(sent, left))
    N[r, I_HOLES, j] += unsent_retx
    N[r, I_NRETX, j] -= unsent_retx
    if sent > 0:
        _observe(F, N, P, r, j)
        if N[r, I_MODE, j] == M_REC:
            _recovery_round(F, N, P, r, j, t)
        elif N[r, I_RLOST, j] > 0:
            _loss_event(F, N, P, r, j, t)
        else:
            _grow(F, N, P, r, j, t)
    if _finished(F, N, P, r, j, t):
        return
    start_round(F, N, P, r, j, end, qdelay, max(0, unsent - unsent_retx))
