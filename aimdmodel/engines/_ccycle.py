"""The compiled loops (numba) of the compiled cycle engine, each rule written once.

A system's state is an ``(m, n)`` array: ``n`` state variables per flow,
updated by the policy's verified :class:`~aimdmodel.policies.base.AffineMap`,
packed per flow in ``P[p, i]`` (:func:`.ccycle.float_params`; ``p``, the
parameter set, lets one call run systems of different parameters):

* :func:`_windows` -- the windows after ``j`` increases: the policy's
  ``window(advance(s, j))``, field by field in the policy's order;
* :func:`_decrease` -- ``s <- max(M s + c, floor)``, summed in field order;
* :func:`_jump_length` -- the increases to the first congested step: the
  closed form :func:`aimdmodel.feedback.steps_to_exceed`, then checked with
  :func:`aimdmodel.feedback.exceeds` on the totals after ``n - 1`` and ``n``
  increases exactly as :class:`aimdmodel.engines.cycle.Jumper` does;
* :func:`_ramp_piece` -- the sum of the totals over part of a jump
  (``T0 n + D n (n - 1) / 2`` for a whole jump, the Python engine's
  expression).

When every flow has one state variable, its window, which every increase
moves (the AIMD family, AIAD, linear controls with additive increase),
these helpers take short forms with the same operations in the same order
(``one``, :func:`_one_variable`, decided once per call): no loop over the
state variables, no float-to-int read of the fast path per flow, and a
jump's trial totals summed without storing the windows (:func:`_sum_after`).
AIMD, 2 flows, 40 cycles, a sweep's 10^4 systems: ~41 -> ~16 ms.

The totals are numpy's pairwise sum (:func:`._compiled._total`). Every
loop below is built from these; the loops differ only in what they keep:
:func:`run_systems` (a ``simulate`` run: nothing, the congestion steps, or
the windows at given knots with the sums between them) and
:func:`sweep_metrics` (the metrics of :mod:`aimdmodel.metrics`, computed on
the fly, operation for operation, so a sweep keeps no trajectory). No
``fastmath``.

The loops over the systems and every function they call that is not
inlined are compiled without numba's reference counting (``_nrt=False``,
numba's private option; they allocate nothing: the two entry points
allocate the scratch arrays and call them). With it, numba put an atomic
increment and decrement around every array argument of every call, inlined
or not: about 45% of a sweep's time (AIMD, 2 flows, 40 cycles: 146 -> 81
ns per congestion event).

Tried and left out: :func:`_sweep_loop` stepping two systems in turn, one
event each (to overlap one system's chain of dependent operations with the
other's). It gave the same bits and was slower: 24.1 against 19.9 ms for a
sweep's 10^4 systems (minimum of 30, AMD EPYC, 2.45 GHz): the loop
appears bound by the instructions it executes, not by their latency. Two
worker threads do run the compiled chunks side by side (10^4 systems in two
halves: 11.1-11.5 against 20.4 ms in one thread); the benchmark's sweep
gains little from them (25.0 against 25.4 ms at best, 28.8 against 25.9 ms
median of 25) because the thread building the rows (~13 ms) and the
sweep's checks (~2 ms) share the two vCPUs and the GIL with them.
"""

from __future__ import annotations

import numba
import numpy as np

from .._numba_cache import install
from ..feedback import exceeds, steps_to_exceed
from ._compiled import _total

install()  # before the first cache=True function: stamps cover the folder

__all__ = [
    "CAP",
    "MODE_EVENTS",
    "MODE_KNOTS",
    "MODE_NONE",
    "STATUS_BAD_WINDOW",
    "STATUS_NO_EVENTS",
    "run_systems",
    "sweep_metrics",
]

MODE_NONE, MODE_EVENTS, MODE_KNOTS = 0, 1, 2
STATUS_OK, STATUS_BAD_WINDOW, STATUS_NO_EVENTS = 0, 1, 2
METHODS = ("init", "increase", "advance", "decrease")
CAP = 2**62
"""The largest step a jump may reach (``cycles=`` runs are limited by their work)."""

_exceeds = numba.njit(inline="always", error_model="numpy")(exceeds)
_steps_to_exceed = numba.njit(inline="always", error_model="numpy")(steps_to_exceed)


@numba.njit(inline="always", error_model="numpy")
def _one_window(S, P, p, i, j):  # pragma: no cover - compiled
    # one state variable: flow i's window after j increases, s + j d
    v = S[i, 0]
    if j != 0:
        v = v + j * P[p, i, 0]
    return v


@numba.njit(inline="always", error_model="numpy")
def _windows(S, P, p, base, one, j, win):  # pragma: no cover - compiled
    # the windows of every flow after j increases, the policy's window(advance(s, j)):
    # sum_k e_k (s_k + j d_k) in field order; fast when one state variable grows and is
    # the last one in the window (then base + (s_k + j d_k), base fixed during a jump).
    # One call for all the flows: a helper called per flow would pay reference counts.
    # one: every flow has one state variable, the window (see _one_variable).
    if one:
        for i in range(S.shape[0]):
            win[i] = _one_window(S, P, p, i, j)
        return
    n = S.shape[1]
    o = 4 * n + n * n
    for i in range(S.shape[0]):
        ks = int(P[p, i, o])
        if ks >= 0:
            v = S[i, ks]
            if j != 0:
                v = v + j * P[p, i, ks]
            win[i] = base[i] + v if P[p, i, o + 1] != 0.0 else v
            continue
        acc = 0.0
        first = True
        for k in range(n):
            e = P[p, i, 3 * n + n * n + k]
            if e != 0.0:
                v = S[i, k]
                d = P[p, i, k]
                if j != 0 and d != 0.0:
                    v = v + j * d
                if e != 1.0:
                    v = e * v
                acc = v if first else acc + v
                first = False
        win[i] = acc


@numba.njit(inline="always", error_model="numpy")
def _one_variable(P, n):  # pragma: no cover - compiled
    # every flow of every parameter set has one state variable, which is its window and
    # grows (fast path (0, no base)): the helpers' short forms, the same operations
    if n != 1:
        return False
    for p in range(P.shape[0]):
        for i in range(P.shape[1]):
            if P[p, i, 5] != 0.0:
                return False
    return True


@numba.njit(inline="always", error_model="numpy")
def _bases(S, P, p, base, one):  # pragma: no cover - compiled
    # per flow: the sum of the weighted state variables before the growing one
    if one:
        return
    n = S.shape[1]
    o = 4 * n + n * n
    for i in range(S.shape[0]):
        ks = int(P[p, i, o])
        if ks > 0 and P[p, i, o + 1] != 0.0:
            acc = 0.0
            first = True
            for k in range(ks):
                e = P[p, i, 3 * n + n * n + k]
                if e != 0.0:
                    v = S[i, k] if e == 1.0 else e * S[i, k]
                    acc = v if first else acc + v
                    first = False
            base[i] = acc


@numba.njit(inline="always", error_model="numpy")
def _total_after(S, P, p, base, one, j, win, prog, stack):  # pragma: no cover - compiled
    # the windows after j increases (into win) and their pairwise sum: below 8 flows
    # numpy adds in order (written here, no call), from 8 its blocks (_compiled._total)
    _windows(S, P, p, base, one, j, win)
    if win.shape[0] < 8:
        s = win[0]
        for i in range(1, win.shape[0]):
            s += win[i]
        return s
    return _total(win, prog, stack)


@numba.njit(inline="always", error_model="numpy")
def _sum_after(S, P, p, base, j, win, prog, stack):  # pragma: no cover - compiled
    # one state variable: the total after j increases without storing the windows (below 8
    # flows the additions of _total_after, in its order), else _total_after's (into win)
    if win.shape[0] < 8:
        s = _one_window(S, P, p, 0, j)
        for i in range(1, S.shape[0]):
            s += _one_window(S, P, p, i, j)
        return s
    return _total_after(S, P, p, base, True, j, win, prog, stack)


@numba.njit(inline="always", error_model="numpy")
def _decrease(S, P, p, tmp, base, one):  # pragma: no cover - compiled
    # s_k <- max(sum_j M_kj s_j + c_k, floor_k), the sum in field order from 0.0: a zero
    # coefficient adds 0.0 and a unit one multiplies by 1.0, both exact, so this gives the
    # bits of the sum of the nonzero terms alone (without a branch per term)
    m, n = S.shape
    if one:  # the same sum for n = 1: M, c, floor at 1, 2, 3
        for i in range(m):
            S[i, 0] = max((0.0 + P[p, i, 1] * S[i, 0]) + P[p, i, 2], P[p, i, 3])
        return
    for i in range(m):
        for k in range(n):
            tmp[k] = S[i, k]
        for k in range(n):
            acc = 0.0
            for j in range(n):
                acc = acc + P[p, i, n + k * n + j] * tmp[j]
            S[i, k] = max(acc + P[p, i, n + n * n + k], P[p, i, 2 * n + n * n + k])
    _bases(S, P, p, base, one)


@numba.njit(inline="always", error_model="numpy")
def _advance(S, P, p, steps, one):  # pragma: no cover - compiled
    # n increases: s_k + n d_k (only the growing variable on the fast path)
    if one:
        for i in range(S.shape[0]):
            S[i, 0] = S[i, 0] + steps * P[p, i, 0]
        return
    n = S.shape[1]
    o = 4 * n + n * n
    for i in range(S.shape[0]):
        ks = int(P[p, i, o])
        if ks >= 0:
            S[i, ks] = S[i, ks] + steps * P[p, i, ks]
            continue
        for k in range(n):
            d = P[p, i, k]
            if d != 0.0:
                S[i, k] = S[i, k] + steps * d


@numba.njit(inline="always", error_model="numpy")
def _jump_length(S, P, p, base, one, T0, W, ge, limit, win, prog, stack):  # pragma: no cover
    # (n, slope, total after n, valid): the increases to the first congested step (at most
    # limit), as Jumper.steps/_verify: the closed form, then checked on the totals after
    # n - 1 and n increases and moved one step at a time; when valid, win holds the
    # windows after the n increases. One place computes a total (inlined once); with one
    # state variable (short and cheap to inline) the usual case first, straight: the
    # closed form checked once, the same totals (and the loop below only when it moves);
    # the windows are stored after n increases only (_sum_after).
    if one:
        slope = _sum_after(S, P, p, base, 1, win, prog, stack) - T0
        n = _steps_to_exceed(T0, slope, W, ge, limit)
        late = n > 1 and _exceeds(_sum_after(S, P, p, base, n - 1, win, prog, stack), W, ge)
        T = _total_after(S, P, p, base, one, n, win, prog, stack)
        if not (late or ((not _exceeds(T, W, ge)) and n < limit)):
            return n, slope, T, True
    n, slope, late, moves, j, stage = 1, 0.0, False, 0, 1, 0
    while True:
        T = _total_after(S, P, p, base, one, j, win, prog, stack)
        if stage == 0:  # the slope, then the closed form
            slope = T - T0
            n = _steps_to_exceed(T0, slope, W, ge, limit)
        elif stage == 1:  # the total after n - 1 increases
            late = _exceeds(T, W, ge)
        else:  # the total after n increases
            early = (not _exceeds(T, W, ge)) and n < limit
            if not (late or early):
                return n, slope, T, True
            moves += 1
            if moves >= 64:
                return 1, slope, 0.0, False  # totals not monotone in n: step
            n += (1 if early else 0) - (1 if late else 0)
            late = False
        if stage == 1 or n == 1:
            stage, j = 2, n
        else:
            stage, j = 1, n - 1


@numba.njit(inline="always", error_model="numpy")
def _half(i):  # pragma: no cover - compiled
    # i (i - 1) / 2 correctly rounded (as Python's int arithmetic) for i < 2**53
    if i % 2 == 0:
        return float(i // 2) * float(i - 1)
    return float(i) * float((i - 1) // 2)


@numba.njit(inline="always", error_model="numpy")
def _ramp_piece(T0, slope, i0, i1):  # pragma: no cover - compiled
    # sum of the totals T0 + i slope over i0 <= i < i1 (Jumper.ramp_sum when i0 = 0)
    return T0 * float(i1 - i0) + slope * (_half(i1) - _half(i0))


@numba.njit(inline="always", error_model="numpy")
def _bad_flow(win, T):  # pragma: no cover - compiled
    # the first flow whose window is negative or not finite, else -1; T is the total of
    # win: when the smallest window is >= 0 and T < inf, every window is finite (a NaN or
    # an infinity makes the total NaN or infinite), so the search below runs only when one
    # may be bad. One branch instead of a loop that may stop: AIMD sweep ~24 -> ~19 ms.
    lo = win[0]
    for i in range(1, win.shape[0]):
        lo = min(lo, win[i])
    if lo >= 0.0 and T < np.inf:
        return -1
    for i in range(win.shape[0]):
        w = win[i]
        if not (w >= 0.0 and w < np.inf):
            return i
    return -1


@numba.njit(error_model="numpy", _nrt=False)
def _close(b, S, P, p, base, one, j, acc, kk, out, sums):  # pragma: no cover - compiled
    # close knot kk: the sum of its segment, the windows j increases from S
    if sums.shape[0] > 0:
        sums[kk - 1, b] = acc
    _windows(S, P, p, base, one, j, out[kk, b])
    return kk + 1


@numba.njit(error_model="numpy", _nrt=False)
def _ramp_knots(b, S, P, p, base, one, t, n, T0, slope, acc, kk, knots, out,
                sums):  # pragma: no cover - compiled
    # a jump of n steps from t: close every knot in (t, t + n], accumulate the rest
    i0 = 0
    while kk < knots.shape[0] and knots[kk] <= t + n:
        j = knots[kk] - t
        kk = _close(b, S, P, p, base, one, j, acc + _ramp_piece(T0, slope, i0, j), kk, out, sums)
        acc = 0.0
        i0 = j
    if i0 < n:
        acc = acc + _ramp_piece(T0, slope, i0, n)
    return acc, kk


@numba.njit(inline="always", error_model="numpy")
def _limit(t, steps):  # pragma: no cover - compiled
    return steps - t if steps >= 0 else CAP - t


@numba.njit(inline="always", error_model="numpy")
def _jump(S, P, p, base, one, t, steps, T0, W, ge, win, prog, stack):  # pragma: no cover
    # the jump from a state that is not congested: (n, slope, total after it, valid)
    limit = _limit(t, steps)
    if limit > 1:
        return _jump_length(S, P, p, base, one, T0, W, ge, limit, win, prog, stack)
    return 1, 0.0, 0.0, False


@numba.njit(error_model="numpy", _nrt=False)
def _one(b, S, P, p, W, ge, prog, stack, win, tmp, base, one, steps, cycles, max_work, mode,
         knots, out, sums, ev, ev_off, res, resf):  # pragma: no cover - compiled
    # one system of run_systems; res[b] = (T, events, work, status, bad step, bad flow,
    # method); resf[b] = (sum of the totals, bad window)
    t, e, work, method, kk, acc, status = b - b, 0, 0, 0, 1, 0.0, STATUS_OK
    _bases(S, P, p, base, one)
    if mode == MODE_KNOTS:
        kk = _close(b, S, P, p, base, one, t, acc, t, out, sums[:0])
    T0, known = 0.0, False
    while True:
        if not known:  # the one place of this loop that sums the windows (inlined once)
            T0 = _total_after(S, P, p, base, one, 0, win, prog, stack)
        known = False
        bad = _bad_flow(win, T0)
        if bad >= 0:
            status = STATUS_BAD_WINDOW
            res[b, 4], res[b, 5], resf[b, 1] = t, bad, win[bad]
            break
        if (steps >= 0 and t >= steps) or (steps < 0 and e >= cycles):
            break
        if work >= max_work:
            status = STATUS_NO_EVENTS
            break
        work += 1
        if _exceeds(T0, W, ge):
            if mode == MODE_EVENTS:
                ev[ev_off[b] + e] = t
            acc = acc + T0
            _decrease(S, P, p, tmp, base, one)
            e, t, method = e + 1, t + 1, 3
            if mode == MODE_KNOTS and kk < knots.shape[0] and knots[kk] == t:
                kk = _close(b, S, P, p, base, one, t - t, acc, kk, out, sums)
                acc = 0.0
            continue
        n, slope, Tn, known = _jump(S, P, p, base, one, t, steps, T0, W, ge, win, prog, stack)
        if mode == MODE_KNOTS:
            acc, kk = _ramp_knots(b, S, P, p, base, one, t, n, T0, slope, acc, kk, knots, out,
                                  sums)
        else:
            acc = acc + _ramp_piece(T0, slope, 0, n)
        _advance(S, P, p, n, one)
        T0, t, method = Tn, t + n, (2 if n > 1 else 1)
    res[b, 0], res[b, 1], res[b, 2], res[b, 3], res[b, 6] = t, e, work, status, method
    resf[b, 0] = acc


@numba.njit(cache=True, error_model="numpy")
def run_systems(S0, P, W, ge, prog, steps, cycles, max_work, mode, knots, out, sums, ev,
                ev_off, res, resf, final):  # pragma: no cover - compiled
    """Run every system of ``S0`` (B, m, n) with the parameter set 0 of ``P``.

    ``steps >= 0``: run that many steps; else stop at the ``cycles``-th
    congestion event. ``max_work`` bounds the jumps and single steps of a
    system. ``mode``: MODE_NONE keeps the sum of all totals
    (``resf[b, 0]``); MODE_EVENTS writes the congestion steps of system
    ``b`` to ``ev[ev_off[b]:]``; MODE_KNOTS writes the windows at the steps
    ``knots`` to ``out`` (K, B, m) and the sums of the totals between
    consecutive knots to ``sums`` (K-1, B) (none when ``sums`` has no
    rows). ``res``/``resf`` receive the end step, the events, the work,
    the status (a window not finite or negative: its step, flow, the method
    that gave it and its value), ``final`` the last state.
    """
    _, m, n = S0.shape
    _systems_loop(S0, P, W, ge, prog, steps, cycles, max_work, mode, knots, out, sums, ev,
                  ev_off, res, resf, final, np.empty((m, n)), np.empty(n), np.empty(m),
                  np.zeros(m), np.empty(64), _one_variable(P, n))


@numba.njit(error_model="numpy", _nrt=False)
def _systems_loop(S0, P, W, ge, prog, steps, cycles, max_work, mode, knots, out, sums, ev,
                  ev_off, res, resf, final, S, tmp, win, base, stack,
                  one):  # pragma: no cover - compiled
    # run_systems' loop over the systems, on the scratch arrays it allocated
    B, m, n = S0.shape
    for b in range(B):
        for i in range(m):
            for k in range(n):
                S[i, k] = S0[b, i, k]
        _one(b, S, P, b - b, W, ge, prog, stack, win, tmp, base, one, steps, cycles, max_work, mode,
             knots, out, sums, ev, ev_off, res, resf)
        for i in range(m):
            for k in range(n):
                final[b, i, k] = S[i, k]


# ----------------------------------------------------------------- sweeps
@numba.njit(inline="always", error_model="numpy")
def _gap(win):  # pragma: no cover - compiled
    hi = win[0]
    lo = win[0]
    for i in range(1, win.shape[0]):
        hi = max(hi, win[i])
        lo = min(lo, win[i])
    return hi - lo


@numba.njit(error_model="numpy", _nrt=False)
def _fair_step(t0, t1, w0, w1, eps, scratch):  # pragma: no cover - compiled
    # metrics._fair_from_knots: bisection on the windows interpolated between knots
    if t1 - t0 == 1:
        return t1
    lo, hi = t0, t1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        for i in range(w0.shape[0]):
            scratch[i] = w0[i] + (w1[i] - w0[i]) * float(mid - t0) / float(t1 - t0)
        if _gap(scratch) <= eps:
            hi = mid
        else:
            lo = mid
    return hi


@numba.njit(inline="always", error_model="numpy")
def _knot(t, win, ev_upto, eps, Q, wbad, wnext):  # pragma: no cover - compiled
    # metrics._fair_from_knots, online: the last knot whose windows are more than
    # eps apart, the knot after it, and the congestion steps up to it
    ok = _gap(win) <= eps
    if not ok:
        Q[6], Q[7], Q[8], Q[11] = 1, 1, t, ev_upto
        for i in range(win.shape[0]):
            wbad[i] = win[i]
    elif Q[7] == 1:
        Q[7], Q[9] = 0, t
        for i in range(win.shape[0]):
            wnext[i] = win[i]
    Q[10] = 1 if ok else 0


@numba.njit(inline="always", error_model="numpy")
def _cycle_closes(t, Tc, W, C, burn_in, A, Q):  # pragma: no cover - compiled
    # the congestion step t closes whole cycle Q[0] - 1 (metrics.whole_cycles); if it is
    # kept, add it as metrics._knot_average does: its segment, then its congestion step
    if Q[0] > 0:
        idx = Q[0] - 1
        L = t - Q[1]  # last - first + 1, first = previous congestion step + 1
        if L > 1 and Q[2] < 0:
            Q[2] = idx  # the first cycle with an increase ends the start-up transient
        if burn_in >= 0:
            kept = idx >= burn_in
        else:
            kept = Q[2] >= 0 and idx >= Q[2] + (C - Q[2]) // 2
        if kept:
            if L > 1:
                A[0] = A[0] + A[4] / W
                A[1] = A[1] + A[4] / W
                A[2] = A[2] + 0.0 * A[4]
            A[0] = A[0] + min(Tc, W) / W
            A[1] = A[1] + Tc / W
            A[2] = A[2] + max(Tc - W, 0.0) / W
            Q[3] += L
            Q[5] = 1
            A[5] = Tc
    Q[1] = t


@numba.njit(error_model="numpy", _nrt=False)
def _metrics_one(S, P, p, W, ge, prog, stack, win, tmp, base, one, steps, cycles, max_work, C,
                 burn_in, eps, A, Q, wbad, wnext):  # pragma: no cover - compiled
    # one system of sweep_metrics: the loop of _one, keeping the metrics' sums
    t = steps - steps  # not a literal 0: the calls below are compiled once, for int64
    work, status, knot = t, STATUS_OK, True
    _bases(S, P, p, base, one)
    T0, known = 0.0, False
    while True:
        if not known:  # the one place of this loop that sums the windows (inlined once)
            T0 = _total_after(S, P, p, base, one, 0, win, prog, stack)
        known = False
        if _bad_flow(win, T0) >= 0:
            status = STATUS_BAD_WINDOW
            break
        done = (steps >= 0 and t >= steps) or (steps < 0 and Q[0] >= cycles)
        cong = _exceeds(T0, W, ge)
        if Q[5] == 1:  # the drop at the congestion step just kept (metrics.smoothness)
            d = (A[5] - T0) / W
            A[3] = d if Q[4] == 0 else A[3] + d
            Q[4] += 1
            Q[5] = 0
        if knot or cong or done:
            _knot(t, win, Q[0] + (1 if cong and not done else 0), eps, Q, wbad, wnext)
        if done:
            break
        if work >= max_work:
            status = STATUS_NO_EVENTS
            break
        work += 1
        if cong:
            _cycle_closes(t, T0, W, C, burn_in, A, Q)
            A[4] = 0.0
            _decrease(S, P, p, tmp, base, one)
            Q[0] += 1
            t += 1
            knot = True
            continue
        n, slope, Tn, known = _jump(S, P, p, base, one, t, steps, T0, W, ge, win, prog, stack)
        A[4] = A[4] + _ramp_piece(T0, slope, 0, n)
        _advance(S, P, p, n, one)
        T0, t, knot = Tn, t + n, False
    return t, status, T0


@numba.njit(error_model="numpy", _nrt=False)
def _finish_metrics(r, t, status, T0, win, sq, prog, stack, C, burn_in, eps, A, Q, wbad,
                    wnext, outf, outi):  # pragma: no cover - compiled
    # outf[r] = efficiency, offered load, overflow, smoothness, final Jain index;
    # outi[r] = T, events, transient, kept steps, status, steps and cycles to fairness, burn-in
    m = win.shape[0]
    for i in range(m):
        sq[i] = win[i] * win[i]
    q = _total(sq, prog, stack)
    if Q[3] > 0:  # else no whole cycle kept: undefined (numba raises on a division by 0)
        outf[r, 0] = A[0] / float(Q[3])
        outf[r, 1] = A[1] / float(Q[3])
        outf[r, 2] = A[2] / float(Q[3])
    if Q[4] > 0:
        outf[r, 3] = A[3] / float(Q[4])
    outf[r, 4] = 1.0 if q == 0.0 else T0 * T0 / (float(m) * q)
    trans = Q[2] if Q[2] >= 0 else C
    fair, fair_events = -1, -1
    if Q[10] == 1:
        if Q[6] == 0:
            fair, fair_events = 0, 0
        else:
            fair = _fair_step(Q[8], Q[9], wbad, wnext, eps, sq)
            fair_events = Q[11]
    outi[r, 0], outi[r, 1], outi[r, 2], outi[r, 3], outi[r, 4] = t, Q[0], trans, Q[3], status
    outi[r, 5], outi[r, 6] = fair, fair_events
    outi[r, 7] = burn_in if burn_in >= 0 else trans + (C - trans) // 2


N_FLOAT_COLUMNS, N_INT_COLUMNS = 5, 8
"""The columns of :func:`sweep_metrics`' two outputs (see :func:`_finish_metrics`)."""


@numba.njit(cache=True, error_model="numpy", nogil=True)
def sweep_metrics(S0, P, Wv, ge, prog, steps, cycles, max_work, burn_in, eps, lo,
                  hi):  # pragma: no cover - compiled
    """Run the systems ``lo .. hi-1`` of a sweep grid; return their metrics ``(outf, outi)``.

    System ``g`` has the parameter set ``p = g // (S C)``, the initial state
    ``S0[p, (g // C) % S]`` and the capacity ``Wv[g % C]`` (``S0`` has shape
    (P, S, m, n), ``Wv`` (C,)): the grid order of :func:`aimdmodel.sweep`.
    Each system runs alone (``steps`` steps, or to its ``cycles``-th
    congestion event; a ``steps=`` run is run twice, first to count its
    events for the default burn-in). The metrics are those of
    :mod:`aimdmodel.metrics` on a ``record="cycles"`` run of the compiled
    cycle engine, with the same operations in the same order; a metric left
    undefined is NaN. It releases the GIL: a sweep's thread builds the rows
    of finished chunks meanwhile.

    It allocates its outputs itself, after the GIL is released: the worker
    that calls it then holds the GIL without a break from the end of one
    chunk to the start of the next. ``np.full`` in the caller released it
    (numpy fills arrays of more than a few hundred elements without it), the
    thread building rows took it for the ~2 ms of a chunk's rows, and the
    worker waited that long before its next chunk: the benchmark's sweep
    (10^4 systems, one worker thread) 28.2 -> 25.6 ms at best, 31.5 -> 27.0 ms
    median of 15 (AMD EPYC, 2 vCPUs).
    """
    _, _, m, n = S0.shape
    outf = np.full((hi - lo, N_FLOAT_COLUMNS), np.nan)
    outi = np.zeros((hi - lo, N_INT_COLUMNS), dtype=np.int64)
    _sweep_loop(S0, P, Wv, ge, prog, steps, cycles, max_work, burn_in, eps, lo, hi, outf, outi,
                np.empty((m, n)), np.empty(n), np.empty(m), np.empty(m), np.zeros(m),
                np.empty(m), np.empty(m), np.empty(64), np.zeros(6),
                np.zeros(12, dtype=np.int64), np.zeros((1, 7), dtype=np.int64),
                np.zeros((1, 2)), np.zeros(1, dtype=np.int64), np.zeros((1, 1, 1)),
                np.zeros((0, 1)), _one_variable(P, n))
    return outf, outi


@numba.njit(inline="always", error_model="numpy")
def _load(S, S0, p, s):  # pragma: no cover - compiled
    # S <- S0[p, s] element by element (a slice assignment may copy: NRT)
    for i in range(S.shape[0]):
        for k in range(S.shape[1]):
            S[i, k] = S0[p, s, i, k]


@numba.njit(error_model="numpy", _nrt=False)
def _sweep_loop(S0, P, Wv, ge, prog, steps, cycles, max_work, burn_in, eps, lo, hi, outf, outi,
                S, tmp, win, sq, base, wbad, wnext, stack, A, Q, res, resf, knots, out,
                no_sums, one):  # pragma: no cover - compiled
    # sweep_metrics' loop over the systems, on the scratch arrays it allocated
    nS, nC = S0.shape[1], Wv.shape[0]
    for g in range(lo, hi):
        p, s, W, r = g // (nS * nC), (g // nC) % nS, Wv[g % nC], g - lo
        C = cycles - 1
        if steps >= 0:  # count the events first: the default burn-in needs their number
            _load(S, S0, p, s)
            zero = p - p  # not literals: _one is compiled once, for run_systems and this
            _one(zero, S, P, p, W, ge, prog, stack, win, tmp, base, one, steps, zero, max_work,
                 zero + MODE_NONE, knots, out, no_sums, knots, knots, res, resf)
            C = max(res[0, 1] - 1, 0)
            if res[0, 3] != STATUS_OK:
                outi[r, 4] = res[0, 3]
                continue
        _load(S, S0, p, s)
        A[:] = 0.0
        Q[:] = 0
        Q[2] = -1
        t, status, T0 = _metrics_one(S, P, p, W, ge, prog, stack, win, tmp, base, one, steps,
                                     cycles, max_work, C, burn_in, eps, A, Q, wbad, wnext)
        _finish_metrics(r, t, status, T0, win, sq, prog, stack, C, burn_in, eps, A, Q, wbad,
                        wnext, outf, outi)
