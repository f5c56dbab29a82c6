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

__all__ = ["MODE_CONSTANT", "MODE_DROPTAIL", "MODE_RED", "N_METRICS", "run"]

MODE_CONSTANT, MODE_RED, MODE_DROPTAIL = 0, 1, 2
N_METRICS = 5  # C, departures, arrivals, drops, q; then per class: sent (1 - p), W, R
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
def _drop(link, x, q, y, c):  # pragma: no cover - compiled
    """Total drop probability: the AQM's, a full buffer's overflow, random loss."""
    mode = int(link[1])
    p = link[2] if mode == MODE_CONSTANT else (_red_p(link, x) if mode == MODE_RED else 0.0)
    over = 1.0 - c / y if (q >= link[0] and y > c) else 0.0
    return 1.0 - (1.0 - p) * (1.0 - over) * (1.0 - link[8])


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

    ``out`` rows: R, A, kappa, c. Returns (arrival rate y, dq/dt).
    """
    y = u
    for i in range(cls.shape[0]):
        r = q / c + cls[i, 1]
        out[0, i] = r
        if cls[i, 6] <= t < cls[i, 7]:
            y += cls[i, 0] * w[i] / r
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
def _step(cls, link, hist, h, n, cap, cap_dt, cbr, w, qx, s1, s2, wp):  # pragma: no cover
    """One Heun step from t = n h; updates ``w`` and ``qx = [q, x]`` in place."""
    t = n * h
    q, x = qx[0], qx[1]
    c0, u0 = _capacity(cap, cap_dt, t), _cbr(cbr, t)
    kf = -c0 * math.log1p(-link[6]) if link[6] < 1 else np.inf
    _, dq1 = _rates(cls, link, hist, h, n, t, c0, u0, w, q, x, s1)
    for i in range(w.shape[0]):
        wp[i] = (w[i] + h * (s1[1, i] + s1[3, i])) / (1.0 + h * s1[2, i])
    qp = min(max(q + h * dq1, 0.0), link[0])
    xp = _filter(x, q, qp, kf, h)
    t1 = t + h
    _, dq2 = _rates(cls, link, hist, h, n, t1, _capacity(cap, cap_dt, t1), _cbr(cbr, t1),
                    wp, qp, xp, s2)
    for i in range(w.shape[0]):
        num = w[i] * (1.0 - 0.5 * h * s1[2, i]) + 0.5 * h * (s1[1, i] + s1[3, i] + s2[1, i]
                                                            + s2[3, i])
        w[i] = max(num / (1.0 + 0.5 * h * s2[2, i]), 0.0)
    q1 = min(max(q + 0.5 * h * (dq1 + dq2), 0.0), link[0])
    qx[1] = _filter(x, q, q1, kf, h)
    qx[0] = q1


@numba.njit(**_NJIT)
def _observe(cls, link, cap, cap_dt, cbr, t, w, qx, obs):  # pragma: no cover - compiled
    """Fill ``obs`` with the metrics' integrands at time t; return p (total drop probability).

    ``obs``: C, departures, arrivals, drops, q, then per class its share of the
    departures (its sending rate over the total arrival rate), W, R.
    """
    n = cls.shape[0]
    c = _capacity(cap, cap_dt, t)
    q = qx[0]
    y = _cbr(cbr, t)
    for i in range(n):
        r = q / c + cls[i, 1]
        obs[N_METRICS + 2 * n + i] = r
        obs[N_METRICS + n + i] = w[i]
        sent = cls[i, 0] * w[i] / r if cls[i, 6] <= t < cls[i, 7] else 0.0
        obs[N_METRICS + i] = sent
        y += sent
    p = _drop(link, qx[1], q, y, c)
    dep = c if q > 0.0 else min(y * (1.0 - p), c)
    for i in range(n):  # a class's share of what the link serves
        obs[N_METRICS + i] *= dep / y if y > 0.0 else 0.0
    obs[0] = c
    obs[1] = dep
    obs[2] = y
    obs[3] = p * y
    obs[4] = q
    return p


@numba.njit(**_NJIT)
def _remember(cls, hist, n, t, w, obs, p):  # pragma: no cover - compiled
    """Store g = W p / R of every class for step n (0 for an inactive class)."""
    m = cls.shape[0]
    for i in range(m):
        active = cls[i, 6] <= t < cls[i, 7]
        hist[i, n % hist.shape[1]] = w[i] * p / obs[N_METRICS + 2 * m + i] if active else 0.0


@numba.njit(**_NJIT)
def run(cls, link, cap, cap_dt, cbr, q0, h, n_steps, every, warm,
        hist, rec_t, rec_w, rec_r, rec_qxp, acc):  # pragma: no cover - compiled
    """Integrate ``n_steps`` steps; record every ``every``-th; integrate metrics from ``warm``.

    ``acc`` (N_METRICS + 3 m): time integrals (trapezoid) of the ``obs``
    quantities from step ``warm`` on. Returns the number of records.
    """
    m = cls.shape[0]
    w = np.empty(m)
    started = np.zeros(m, dtype=np.bool_)
    qx = np.array([q0, q0])
    s1, s2, wp = np.empty((4, m)), np.empty((4, m)), np.empty(m)
    obs, prev = np.empty(N_METRICS + 3 * m), np.empty(N_METRICS + 3 * m)
    for i in range(m):
        w[i] = cls[i, 8]
    nrec = 0
    for n in range(n_steps + 1):
        t = n * h
        for i in range(m):  # a class that starts now enters with its initial window
            if not started[i] and cls[i, 6] <= t:
                started[i] = True
                w[i] = cls[i, 8]
        p = _observe(cls, link, cap, cap_dt, cbr, t, w, qx, obs)
        _remember(cls, hist, n, t, w, obs, p)
        if n > warm:
            for j in range(obs.shape[0]):
                acc[j] += 0.5 * h * (obs[j] + prev[j])
        prev[:] = obs
        if n % every == 0 and nrec < rec_t.shape[0]:
            rec_t[nrec] = t
            rec_w[nrec] = w
            rec_r[nrec] = obs[N_METRICS + 2 * m:]
            rec_qxp[nrec, 0], rec_qxp[nrec, 1], rec_qxp[nrec, 2] = qx[0], qx[1], p
            nrec += 1
        if n < n_steps:
            _step(cls, link, hist, h, n, cap, cap_dt, cbr, w, qx, s1, s2, wp)
    return nrec
