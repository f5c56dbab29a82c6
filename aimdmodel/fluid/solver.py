r"""The fluid model of a bottleneck shared by classes of TCP flows, integrated in time.

The model (Misra, Gong & Towsley, SIGCOMM 2000, Sec. 3-4; Hollot, Misra,
Towsley & Gong, INFOCOM 2001, Sec. II, Eq. (1)), for classes
:math:`i = 1..m` of :math:`N_i` flows with propagation delay
:math:`T_{p,i}`:

.. math::

    \dot W_i &= \frac{a_i}{R_i(t)} + \bigl(a_d - (1-b_d) W_i(t)\bigr)
                \frac{W_i(t-R_i)\,p(t-R_i)}{R_i(t-R_i)}, \qquad
    R_i(t) = \frac{q(t)}{C(t)} + T_{p,i}, \\
    \dot q &= \sum_i N_i \frac{W_i(t)}{R_i(t)} + u(t) - C(t),
    \qquad 0 \le q \le B,

with the window rule of :mod:`aimdmodel.fluid.limit` (MGT's for
AIMD(1, 1/2)), the drop probability :math:`p` of :mod:`aimdmodel.fluid.aqm`
and constant-rate cross traffic :math:`u(t)`; the delay in each delayed
argument is :math:`R_i(t)`, as Hollot et al. write it.

What the model leaves out (each is a simplification of MGT's, or one made
here):

* it is a mean-field model: :math:`W_i` is the expected window, and
  :math:`E[W(t) W(t-R)]` was replaced by :math:`E[W(t)] E[W(t-R)]`;
  loss indications are a Poisson process (independent drops), so the
  synchronization of DropTail losses is not represented;
* no slow start and no timeouts (MGT's timeout term is dropped, as Hollot
  et al. do); every loss indication is one window reduction (NewReno/SACK
  recovery, where several drops in one window count once, is not
  distinguished; the variants of a :class:`~aimdmodel.scenario.Flow` all
  run the same equation);
* the queue receives the sending rate, not the rate after the drops
  (MGT's approximation for small ``p``); at a full buffer the excess is
  dropped (DropTail overflow), on top of any AQM;
* no receiver window, no delayed ACKs, fluid (fractional) windows, one
  bottleneck, the reverse path uncongested.

The integrator (compiled with numba; :mod:`aimdmodel.fluid._kernel`) is a
fixed-step second-order scheme with a history buffer: Heun's method for
:math:`W` and :math:`q`, the loss term linearly implicit, RED's average
integrated exactly over each step, and the delayed loss-indication rate
read from the history at :math:`t - R_i(t)` by linear interpolation (the
delay is evaluated at every stage, so its dependence on the state is
handled). The step must not exceed the smallest propagation delay, so
that every delayed time lies in the known past. Its order, 2, is measured
by step halving in ``tests/test_fluid_solver.py`` where the solution is
smooth; an event inside a step (the queue reaching 0 or the buffer, RED's
average crossing a threshold, DropTail's overflow switching on) is not
located, so across such events the error is first order in ``dt``.
Against scipy's ``solve_ivp`` on the delay-free limit
(``delayed_feedback=False``) and a method-of-steps solution of the
constant-delay case, the same tests agree to 1e-6.

Examples
--------
>>> from aimdmodel.scenario import RED
>>> res = simulate_fluid([FluidClass(60, 0.2)], 3750.0, buffer=800,
...                      aqm=RED(min_th=50, max_th=550, max_p=0.1, w_q=1e-4),
...                      duration=30.0, warmup=20.0)
>>> bool(res.utilization > 0.99), bool(50 < res.mean_queue < 550)
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from .._io import import_compiled
from .._validate import check_flag, check_positive_number, check_real, check_whole
from .aqm import DROPTAIL, RED, ConstantLoss, check_aqm
from .limit import fluid_limit
from .result import FluidClass, FluidResult

_kernel = import_compiled("aimdmodel.fluid._kernel")  # numba: cache moved if need be

__all__ = ["FluidClass", "FluidResult", "simulate_fluid"]

MAX_BYTES = 2**30
"""Largest memory (bytes) a run may allocate for its records or its history."""

MAX_WORK = 2e8
"""Default largest ``steps x classes`` of a run (about three minutes on a 2-core machine)."""


def _classes(classes: Any) -> tuple[FluidClass, ...]:
    out = (classes,) if isinstance(classes, FluidClass) else tuple(classes)
    if not out or not all(isinstance(c, FluidClass) for c in out):
        raise TypeError("classes must be a FluidClass or a non-empty sequence of FluidClass")
    return out


def _class_table(classes: tuple[FluidClass, ...]) -> np.ndarray:
    rows = []
    for c in classes:
        a_i, a_d, b_d, floor = fluid_limit(c.policy).as_floats()
        stop = np.inf if c.stop is None else float(c.stop)
        rows.append([c.n_flows, c.prop_delay, a_i, a_d, b_d, floor, c.start, stop, c.w0])
    return np.array(rows, dtype=np.float64)


def _link_table(aqm: Any, buffer: float, random_loss: float, delayed: bool) -> np.ndarray:
    link = np.zeros(10)
    link[0], link[8], link[9] = buffer, random_loss, 1.0 if delayed else 0.0
    link[6] = 1.0  # no filtering unless RED says otherwise
    if isinstance(aqm, ConstantLoss):
        link[1], link[2] = _kernel.MODE_CONSTANT, aqm.p
    elif isinstance(aqm, RED):
        link[1] = _kernel.MODE_RED
        link[3:8] = aqm.min_th, aqm.max_th, aqm.max_p, aqm.w_q, float(aqm.gentle)
    else:
        link[1] = _kernel.MODE_DROPTAIL
    return link


def _capacity(capacity: Any, interval: float | None) -> tuple[np.ndarray, float]:
    if np.ndim(capacity) == 0:
        check_positive_number("capacity", capacity)
        return np.array([float(capacity)]), np.inf
    trace = np.asarray(capacity, dtype=np.float64)
    if trace.ndim != 1 or trace.size == 0 or not np.all(np.isfinite(trace) & (trace > 0)):
        raise ValueError("capacity must be a number > 0 or a 1-d trace of finite values > 0 "
                         "(packets/s)")
    check_positive_number("capacity_interval", interval)
    return trace, float(interval)


def _cbr_table(cbr: Sequence) -> np.ndarray:
    if isinstance(cbr, (str, bytes)) or not isinstance(cbr, (list, tuple)):
        raise TypeError(f"cbr must be a sequence of (rate, start, stop) tuples, got {cbr!r}")
    rows = []
    for k, item in enumerate(cbr):
        if not isinstance(item, (list, tuple)) or len(item) != 3:
            raise TypeError(f"cbr[{k}] must be a (rate, start, stop) tuple, got {item!r}")
        rate = check_real(f"cbr[{k}] rate", item[0], low=0.0, low_open=True)
        start = check_real(f"cbr[{k}] start", item[1], low=0.0)
        stop = check_real(f"cbr[{k}] stop", item[2], low=0.0, optional=True, allow_inf=True)
        stop = math.inf if stop is None else stop
        if stop <= start:
            raise ValueError(f"cbr[{k}] stop must be after its start, got start={start}, "
                             f"stop={stop}")
        rows.append([rate, start, stop])
    return np.array(rows, dtype=np.float64).reshape(-1, 3)


def _grid(duration: float, dt: float, classes: tuple, warmup: float,
          max_work: float) -> tuple[int, int]:
    duration = check_real("duration", duration, low=0.0, low_open=True)
    dt = check_real("dt", dt, low=0.0, low_open=True)
    tp_min = min(c.prop_delay for c in classes)
    if dt > tp_min:
        raise ValueError(f"dt must be <= the smallest propagation delay min(prop_delay) = "
                         f"{tp_min} s (every delayed time t - R(t) must lie before the step), "
                         f"got {dt}")
    check_real("warmup", warmup, low=0.0, high=duration, high_open=True)
    steps = duration / dt
    if steps * len(classes) > max_work:
        raise ValueError(f"the run needs {steps:.3g} steps (duration / dt) x {len(classes)} "
                         f"classes, above max_work={max_work:.3g} (roughly {steps / 1.2e6:.3g} "
                         "s per class): use a larger dt, a shorter duration, or raise max_work")
    n_steps = max(1, round(steps))
    return n_steps, min(round(warmup / dt), n_steps - 1)


def _buffers(n_steps: int, every: int, m: int, r_max: float, dt: float) -> tuple:
    n_rec = n_steps // every + 1
    if n_rec * (2 * m + 4) * 8 > MAX_BYTES:
        need = math.ceil(n_steps * (2 * m + 4) * 8 / MAX_BYTES)
        raise ValueError(f"record_every must be >= {need} for {n_steps} steps and {m} classes "
                         f"(the records would exceed {MAX_BYTES >> 20} MiB), got {every}")
    size = math.ceil(r_max / dt) + 4
    if size * m * 8 > MAX_BYTES:
        raise ValueError(f"buffer too large for dt: the history of the largest round-trip time "
                         f"{r_max:.4g} s would take {size} steps per class; use a larger dt or "
                         "a smaller buffer")
    return (np.zeros((m, size)), np.empty(n_rec), np.empty((n_rec, m)), np.empty((n_rec, m)),
            np.empty((n_rec, 3)), np.zeros(_kernel.N_METRICS + 3 * m))


def simulate_fluid(classes: Any, capacity: Any, *, buffer: float, duration: float,
                   aqm: Any = DROPTAIL, dt: float = 1e-3, record_every: int = 1,
                   warmup: float = 0.0, queue0: float = 0.0, random_loss: float = 0.0,
                   cbr: Sequence = (), capacity_interval: float | None = None,
                   delayed_feedback: bool = True, max_work: float = MAX_WORK) -> FluidResult:
    """Integrate the fluid model (module docstring) of classes of flows at one bottleneck.

    Parameters
    ----------
    classes : FluidClass or sequence of FluidClass
    capacity : float or array_like
        Packets per second; a trace holds one value per ``capacity_interval`` s.
    buffer : float
        Buffer ``B`` in packets (finite: it bounds the RTT, hence the history kept).
    duration, dt : float
        Simulated seconds and step (``dt <= min(prop_delay)``, else ValueError).
    aqm : "droptail", RED or ConstantLoss
    record_every : int
        Keep every k-th step (memory grows with ``duration / (dt k)`` only).
    warmup : float
        Seconds left out of the metrics.
    queue0 : float
        Initial queue (and RED average), ``0 <= queue0 <= buffer``.
    random_loss : float
        Drop probability independent of the queue, ``0 <= p < 1``.
    cbr : sequence of (rate, start, stop)
        Constant-rate cross traffic (packets/s; ``stop=None``: to the end).
    delayed_feedback : bool
        False reads the loss indications without the round-trip delay (the
        delay-free limit, for checks against ODE solvers).
    max_work : float
        Largest ``steps x classes`` (``duration / dt`` steps) a run may take
        (default 2e8, a few minutes), checked before any work.

    Returns
    -------
    FluidResult

    Examples
    --------
    >>> res = simulate_fluid(FluidClass(10, 0.1), 1000.0, buffer=50, duration=60.0,
    ...                      warmup=30.0, record_every=100)
    >>> res.t.shape, bool(res.loss_rate > 0), bool(res.queue.max() <= 50)
    ((601,), True, True)
    """
    cls_list = _classes(classes)
    aqm = check_aqm(aqm)
    buffer = check_real("buffer", buffer, low=0.0)
    queue0 = check_real("queue0", queue0, low=0.0, high=buffer)
    random_loss = check_real("random_loss", random_loss, low=0.0, high=1.0, high_open=True)
    every = check_whole("record_every", record_every, minimum=1, maximum=2**62)
    delayed = check_flag("delayed_feedback", delayed_feedback)
    max_work = check_real("max_work", max_work, low=0.0, low_open=True, allow_inf=True)
    cbr_rows = _cbr_table(cbr)
    cap, cap_dt = _capacity(capacity, capacity_interval)
    n_steps, warm = _grid(duration, dt, cls_list, warmup, max_work)
    m = len(cls_list)
    r_max = buffer / cap.min() + max(c.prop_delay for c in cls_list)
    hist, rec_t, rec_w, rec_r, rec_qxp, acc = _buffers(n_steps, every, m, r_max, dt)
    nrec = _kernel.run(_class_table(cls_list), _link_table(aqm, buffer, random_loss,
                       delayed), cap, cap_dt, cbr_rows, queue0, float(dt),
                       n_steps, every, warm, hist, rec_t, rec_w, rec_r, rec_qxp, acc)
    k = _kernel.N_METRICS
    names = ("capacity", "departures", "arrivals", "drops", "queue")
    integrals: dict[str, Any] = {n: float(acc[j]) for j, n in enumerate(names)}
    integrals.update(delivered=acc[k:k + m].copy(), window=acc[k + m:k + 2 * m].copy(),
                     rtt=acc[k + 2 * m:].copy())
    return FluidResult(
        t=rec_t[:nrec], window=rec_w[:nrec], rtt=rec_r[:nrec], queue=rec_qxp[:nrec, 0],
        average_queue=rec_qxp[:nrec, 1], loss=rec_qxp[:nrec, 2], classes=cls_list,
        capacity=float(cap[0]) if cap.size == 1 else cap, buffer=buffer, aqm=aqm, dt=float(dt),
        duration=n_steps * float(dt), warmup=warm * float(dt), record_every=every,
        integrals=integrals,
    )
