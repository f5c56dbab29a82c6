r"""The compiled (numba) integrator of the fluid model: one fixed step at a time.

The scheme (documented for users in :func:`aimdmodel.fluid.simulate_fluid`)
is second order:

* window and queue: Heun's predictor-corrector (explicit trapezoid); the
  loss term of the window equation, :math:`-(1-b_d)\,W(t)\,\lambda(t)`, is
  linear in :math:`W(t)` and is taken linearly implicit (implicit Euler in
  the predictor, the trapezoid in the corrector), so that a large loss
  rate (``p`` near 1 at a fast link) cannot make the step unstable;
* RED's average: integrated exactly for a queue linear over the step
  (exponential integrator), so ``w_q`` puts no bound on the step;
* the delayed feedback: the loss-indication rate
  :math:`g(t) = W(t)\,p(t)/R(t)` of every class is kept on the step grid in a
  ring buffer and read at :math:`t - R(t)` by linear interpolation
  (second-order accurate); the state-dependent delay is evaluated at each
  stage. With ``dt <= min(prop_delay) <= R`` every delayed time lies in the
  known past. Before ``t = 0`` the history is the initial state held
  constant.
* the queue is kept in ``[0, B]`` (the derivative is cut at the walls and
  the result clipped).

Array layouts: ``cls`` (classes x 9): N, Tp, a_i, a_d, b_d, floor, start,
stop, w0. ``link`` (10,): buffer, aqm mode (0 constant p, 1 RED,
2 DropTail), p, min_th, max_th, max_p, w_q, gentle, random loss, delayed
(1) or delay-free (0) feedback. ``cap``: capacity trace (packets/s), one
value per ``cap_dt`` seconds (held after the end). ``cbr`` (k x 3):
rate (packets/s), start, stop.
"""

from __future__ import annotations

import math

import numba
import numpy as np

from .._numba_cache import install

__all__ = ["MODE_CONSTANT", "MODE_DROPTAIL", "MODE_RED", "N_METRICS", "run"]

MODE_CONSTANT, MODE_RED, MODE_DROPTAIL = 0, 1, 2
N_METRICS = 5  # capacity, departures, arrivals, drops, queue; then per class: delivered, W, R
install()  # before the first cache=True function: every compiled module stamps the same way
_NJIT = {"cache": True, "nogil": True}


@numba.njit(inline="always", **_NJIT)
def _capacity(cap, cap_dt, t):  # pragma: no cover - compiled
    k = int(t / cap_dt) if cap_dt < np.inf else 0
    return cap[min(max(k, 0), cap.shape[0] - 1)]


@numba.njit(inline="always", **_NJIT)
def _cbr(cbr, t):  # pragma: no cover - compiled
    u = 0.0
    for j in range(cbr.shape[0]):
        if cbr[j, 1] <= t < cbr[j, 2]:
            u += cbr[j, 0]
    return u


@numba.njit(inline="always", **_NJIT)
def _red_p(link, x):  # pragma: no cover - compiled
    lo, hi, pmax = link[3], link[4], link[5]
    if x < lo:
        return 0.0
    if x < hi:
        return pmax * (x - lo) / (hi - lo)
    if link[7] > 0 and x < 2 * hi:
        return pmax + (1.0 - pmax) * (x - hi) / hi
    return 1.0


@numba.njit(**_NJIT)
def _aqm(link, x):  # pragma: no cover - compiled
    """Drop probability of the AQM and the random loss (not the buffer's overflow)."""
    mode = int(link[1])
    p = link[2] if mode == MODE_CONSTANT else (_red_p(link, x) if mode == MODE_RED else 0.0)
    return 1.0 - (1.0 - p) * (1.0 - link[8])


@numba.njit(**_NJIT)
def _drop(link, x, q, y, c):  # pragma: no cover - compiled
    """Total drop probability: the AQM's, a full buffer's overflow, random loss."""
    over = 1.0 - c / y if (q >= link[0] and y > c) else 0.0
    return 1.0 - (1.0 - _aqm(link, x)) * (1.0 - over)


@numba.njit(inline="always", **_NJIT)
def _lookup(hist, i, s, h, n_now):  # pragma: no cover - compiled
    u = s / h
    if u <= 0.0:
        return hist[i, 0]
    k = int(u)
    if k >= n_now:
        return hist[i, n_now % hist.shape[1]]
    fr = u - k
    size = hist.shape[1]
    return (1.0 - fr) * hist[i, k % size] + fr * hist[i, (k + 1) % size]


@numba.njit(**_NJIT)
def _rates(cls, link, hist, h, n_now, t, c, u, w, q, x, out):  # pragma: no cover - compiled
    """Right-hand side at one stage: per class A = a_i/R, kappa, c (dW = A + c - kappa W).

    ``out`` rows: R, A, kappa, c, sending rate N W / R. Returns (arrival
    rate y with the cross traffic, dq/dt cut at the walls of the buffer).
    """
    y = u
    for i in range(cls.shape[0]):
        r = q / c + cls[i, 1]
        out[0, i] = r
        out[4, i] = cls[i, 0] * w[i] / r if cls[i, 6] <= t < cls[i, 7] else 0.0
        y += out[4, i]
    p_now = _drop(link, x, q, y, c) if link[9] == 0 else 0.0
    for i in range(cls.shape[0]):
        r = out[0, i]
        if not (cls[i, 6] <= t < cls[i, 7]):
            out[1, i] = 0.0
            out[2, i] = 0.0
            out[3, i] = 0.0
            continue
        g = _lookup(hist, i, t - r, h, n_now) if link[9] > 0 else w[i] * p_now / r
        out[1, i] = cls[i, 2] / r
        if cls[i, 3] + cls[i, 4] * w[i] >= cls[i, 5]:
            out[2, i] = (1.0 - cls[i, 4]) * g
            out[3, i] = cls[i, 3] * g
        else:  # the floor binds: the jump is floor - W
            out[2, i] = g
            out[3, i] = cls[i, 5] * g
    dq = y - c
    if (q <= 0.0 and dq < 0.0) or (q >= link[0] and dq > 0.0):
        dq = 0.0
    return y, dq


@numba.njit(inline="always", **_NJIT)
def _filter(x, q0, q1, k, h):  # pragma: no cover - compiled
    """RED's average after one step, exact for a queue linear from q0 to q1."""
    if k == np.inf:
        return q1
    e = math.exp(-k * h)
    phi = -math.expm1(-k * h) / (k * h) if k * h > 0 else 1.0
    return e * x + (1.0 - e) * q0 + (q1 - q0) * (1.0 - phi)


@numba.njit(**_NJIT)
def _step(cls, link, hist, h, n, cap, cap_dt, cbr, w, qx, s, wp, inc):  # pragma: no cover
    """One Heun step from t = n h: updates ``w`` and ``qx = [q, x]``, fills ``inc``.

    ``s`` holds the two stages' rows (``s[0]``, ``s[1]``: see :func:`_rates`).
    """
    t, q, x = n * h, qx[0], qx[1]
    c1, c2 = _capacity(cap, cap_dt, t), _capacity(cap, cap_dt, t + h)
    kf = -c1 * math.log1p(-link[6]) if link[6] < 1 else np.inf
    y1, dq1 = _rates(cls, link, hist, h, n, t, c1, _cbr(cbr, t), w, q, x, s[0])
    for i in range(w.shape[0]):
        wp[i] = (w[i] + h * (s[0, 1, i] + s[0, 3, i])) / (1.0 + h * s[0, 2, i])
    qp = min(max(q + h * dq1, 0.0), link[0])
    xp = _filter(x, q, qp, kf, h)
    y2, dq2 = _rates(cls, link, hist, h, n, t + h, c2, _cbr(cbr, t + h), wp, qp, xp, s[1])
    for i in range(w.shape[0]):
        num = w[i] * (1.0 - 0.5 * h * s[0, 2, i]) + 0.5 * h * (
            s[0, 1, i] + s[0, 3, i] + s[1, 1, i] + s[1, 3, i])
        wp[i] = max(num / (1.0 + 0.5 * h * s[1, 2, i]), 0.0)
    q1 = min(max(q + 0.5 * h * (dq1 + dq2), 0.0), link[0])
    qx[1] = _filter(x, q, q1, kf, h)
    qx[0] = q1
    _account(cls, link, h, x, xp, q, qp, q1, c1, c2, y1, y2, s, w, wp, inc)
    w[:] = wp


@numba.njit(**_NJIT)
def _account(cls, link, h, x, xp, q, qp, q1, c1, c2, y1, y2, s, w, w1, inc):  # pragma: no cover
    """Fill ``inc`` with the step's integrals, consistent with the queue's update (see run)."""
    m = cls.shape[0]
    arrivals, capacity = 0.5 * h * (y1 + y2), 0.5 * h * (c1 + c2)
    free = arrivals - capacity  # what the queue would gain with the link always busy
    dq = q1 - q
    full = q >= link[0] or qp >= link[0] or q1 >= link[0]  # a stage met the full buffer
    overflow = free - dq if (free > dq and full) else 0.0
    departures = arrivals - dq - overflow
    inc[0], inc[1], inc[2] = capacity, departures, arrivals
    inc[3] = overflow + 0.5 * h * (_aqm(link, x) * y1 + _aqm(link, xp) * y2)
    inc[4] = 0.5 * h * (q + q1)
    for i in range(m):
        share = 0.5 * ((s[0, 4, i] / y1 if y1 > 0 else 0.0) + (s[1, 4, i] / y2 if y2 > 0
                                                                 else 0.0))
        inc[N_METRICS + i] = departures * share
        inc[N_METRICS + m + i] = 0.5 * h * (w[i] + w1[i])
        inc[N_METRICS + 2 * m + i] = 0.5 * h * (s[0, 0, i] + s[1, 0, i])


@numba.njit(**_NJIT)
def _observe(cls, link, cap, cap_dt, cbr, t, w, qx, r):  # pragma: no cover - compiled
    """Fill ``r`` with each class's RTT at time t; return p (total drop probability)."""
    c = _capacity(cap, cap_dt, t)
    y = _cbr(cbr, t)
    for i in range(cls.shape[0]):
        r[i] = qx[0] / c + cls[i, 1]
        if cls[i, 6] <= t < cls[i, 7]:
            y += cls[i, 0] * w[i] / r[i]
    return _drop(link, qx[1], qx[0], y, c)


@numba.njit(**_NJIT)
def _remember(cls, hist, n, t, w, r, p):  # pragma: no cover - compiled
    """Store g = W p / R of every class for step n (0 for an inactive class)."""
    for i in range(cls.shape[0]):
        active = cls[i, 6] <= t < cls[i, 7]
        hist[i, n % hist.shape[1]] = w[i] * p / r[i] if active else 0.0


@numba.njit(**_NJIT)
def run(cls, link, cap, cap_dt, cbr, q0, h, n_steps, every, warm,
        hist, rec_t, rec_w, rec_r, rec_qxp, acc):  # pragma: no cover - compiled
    """Integrate ``n_steps`` steps; record every ``every``-th; integrate metrics from ``warm``.

    ``acc`` (N_METRICS + 3 m) sums the steps' integrals from step ``warm``
    on: capacity, departures, arrivals, drops, queue, then per class its
    delivered share of the departures, its window and its RTT. The
    departures are what the queue's update implies (arrivals minus the
    queue's change minus the overflow of a full buffer), so DropTail
    conserves the fluid exactly; the drops are that overflow plus the
    AQM's and the random loss's ``p y`` (which MGT's queue does not
    remove: its input is the sending rate). Returns the number of records.
    """
    m = cls.shape[0]
    w, r = np.empty(m), np.empty(m)
    started = np.zeros(m, dtype=np.bool_)
    qx = np.array([q0, q0])
    s, wp, inc = np.empty((2, 5, m)), np.empty(m), np.empty(N_METRICS + 3 * m)
    for i in range(m):
        w[i] = cls[i, 8]
    nrec = 0
    for n in range(n_steps + 1):
        t = n * h
        for i in range(m):  # a class that starts now enters with its initial window
            if not started[i] and cls[i, 6] <= t:
                started[i] = True
                w[i] = cls[i, 8]
        p = _observe(cls, link, cap, cap_dt, cbr, t, w, qx, r)
        _remember(cls, hist, n, t, w, r, p)
        if n % every == 0 and nrec < rec_t.shape[0]:
            rec_t[nrec] = t
            rec_w[nrec] = w
            rec_r[nrec] = r
            rec_qxp[nrec, 0], rec_qxp[nrec, 1], rec_qxp[nrec, 2] = qx[0], qx[1], p
            nrec += 1
        if n < n_steps:
            _step(cls, link, hist, h, n, cap, cap_dt, cbr, w, qx, s, wp, inc)
            if n >= warm:
                acc += inc
    return nrec
