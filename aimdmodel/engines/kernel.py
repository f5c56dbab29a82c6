"""The kernel engine: compiled (numba) stepping of linear controls over ``(B, m)`` batches.

A numba loop cannot call the Python policy methods, so it runs one family
of rules: Chiu and Jain's linear control, increase ``w <- a_i + b_i w``,
decrease ``w <- max(a_d + b_d w, floor)``, for the policies that *declare*
``linear_coefficients`` (verified on their own methods by
:func:`.declarations.linear_spec`). Anything else (AIMD-FC, AIMD-FC+,
New-AIMD, per-flow coefficient arrays, a user rule) runs the reference step
engine, and ``Trajectory.engine`` says so.

Arithmetic and agreement with the step engine
---------------------------------------------
* float: every operation is the step engine's (one multiply and one add per
  window update, ``max`` for the floor), and the sum of the windows is
  numpy's pairwise summation re-implemented operation by operation, so the
  windows, the feedback and the congestion steps are **bit-for-bit** those
  of the step engine (:mod:`._compiled`).
* integer: windows are int64, the coefficients exact fractions ``p / q``;
  each update is ``floor((p_0 + p_1 w) / q)`` in integer arithmetic, exactly
  the step engine's floor after every step; the capacity is the whole
  number that the congestion rule gives for whole totals
  (:func:`aimdmodel.feedback.whole_capacity`). A run whose windows could
  overflow int64 runs the Python step engine instead.
* exact (Fractions): not compiled; the step engine runs.

Recording: ``record="all"`` and ``"none"`` are one pass; ``"cycles"`` is
two (the first keeps the feedback, ``T x B`` bytes, to find the knots).

Kernels are compiled on first use with ``cache=True`` (the compiled code is
kept next to the module, so later processes load it instead of compiling);
:func:`warmup` compiles them ahead of a timed region.

Examples
--------
>>> from aimdmodel import AIMD, simulate
>>> tr = simulate(AIMD(), [[1, 30], [5, 5]], 100, steps=50, engine="kernel")
>>> ref = simulate(AIMD(), [[1, 30], [5, 5]], 100, steps=50)
>>> tr.engine, bool((tr.windows == ref.windows).all())
('kernel', True)
"""

from __future__ import annotations

import math
import time
from fractions import Fraction
from typing import Any

import numpy as np

from ..dynamics import NEVER
from ..feedback import whole_capacity
from ..trajectory import CycleRecord
from .base import Engine, Raw, Run, load_compiled, no_events_error, register
from .declarations import affine, linear_spec

__all__ = ["KernelEngine", "warmup"]

_INT_LIMIT = 2**62

_PARALLEL_MIN = 2_000_000
"""System-steps below which the register loops run on the calling thread (starting the
threads costs tens of microseconds); one system always runs there."""


def _coef_matrix(spec: tuple, whole: bool) -> np.ndarray:
    """Put the per-flow coefficients in the kernels' form: (7, m) float64 or int64.

    Rows ``ci0, ci1, qi, cd0, cd1, qd, floor``: the increase is
    ``(ci0 + ci1 w) / qi``, the decrease ``max((cd0 + cd1 w) / qd, floor)``;
    for floats ``q = 1`` (the step engine's operations), for whole packets
    ``q`` is the common denominator and ``/`` a floor division.
    """
    a_i, b_i, a_d, b_d, fl = spec
    m = len(a_i)
    if not whole:
        C = np.empty((7, m), dtype=np.float64)
        C[0], C[1], C[2] = [float(v) for v in a_i], [float(v) for v in b_i], 1.0
        C[3], C[4], C[5] = [float(v) for v in a_d], [float(v) for v in b_d], 1.0
        C[6] = [float(v) for v in fl]
        return C
    C = np.empty((7, m), dtype=object)
    for i in range(m):
        q_i = math.lcm(a_i[i].denominator, b_i[i].denominator)
        q_d = math.lcm(a_d[i].denominator, b_d[i].denominator)
        C[:, i] = (
            int(a_i[i] * q_i), int(b_i[i] * q_i), q_i,
            int(a_d[i] * q_d), int(b_d[i] * q_d), q_d, math.floor(fl[i]),
        )
    return C


def _capacity(run: Run, whole: bool, value: Any) -> Any:
    """One capacity value as the kernels compare with it."""
    if whole:
        return whole_capacity(Fraction(value), run.feedback.ge)
    return float(value)


def _dynamics(run: Run, whole: bool) -> tuple | None:
    """``(arrive, depart, breaks, values, changes, end)`` of a dynamic run, or None."""
    if run.static:
        return None
    sched = run.feedback.schedule
    dtype = np.int64 if whole else np.float64
    m = run.flows
    mem = run.membership
    arrive = mem.arrive if mem is not None else np.zeros(m, dtype=np.int64)
    depart = mem.depart if mem is not None else np.full(m, NEVER, dtype=np.int64)
    breaks = np.asarray(sched.breaks, dtype=np.int64)
    values = np.asarray([_capacity(run, whole, v) for v in sched.values], dtype=dtype)
    changes = sorted({0, *sched.breaks, *(int(v) for v in arrive), *(
        int(v) for v in depart if v < NEVER)})
    end = sched.length if sched.length is not None else NEVER
    return (arrive, depart, breaks, values, np.asarray(changes, dtype=np.int64), end)


def _int_safe(C: np.ndarray, W: int, x: np.ndarray, steps: int) -> bool:
    """Tell whether no int64 intermediate of the run can overflow."""
    m = x.shape[-1]
    xmax = max(int(v) for v in x.ravel())
    big = 0
    for i in range(m):
        c0, c1, q_i, d0, d1, _, fl = (int(v) for v in C[:, i])
        # an increase only happens below capacity, a decrease never raises a window
        wmax = max(xmax, abs(fl), (abs(c0) + abs(c1) * (abs(W) + 1)) // q_i + 1)
        big = max(big, abs(c0) + abs(c1) * wmax, abs(d0) + abs(d1) * wmax)
        big = max(big, m * wmax * max(steps, 1))
    return big < _INT_LIMIT


def _call(w0, K, prog, steps, cycles, mode, knots, out, fb, sums, final, events, stop) -> None:
    """Run the compiled loops; a run past its capacity trace is an error.

    :func:`._compiled.run_lanes` for a static run of at most 16 flows (the
    windows in registers), else :func:`._compiled.run_systems`.
    """
    from ._compiled import PARALLEL_LOCK, lanes_for, run_lanes, run_lanes_serial, run_systems

    C, W, ge, dyn = K
    lanes = lanes_for(w0.shape[1], w0.dtype == np.int64) if dyn is None else None
    if lanes is not None:
        args = (w0, C, W, ge, lanes, steps, cycles, mode, knots, out, fb, sums, final, events,
                stop)
        if w0.shape[0] < 2 or w0.shape[0] * max(steps, 1) < _PARALLEL_MIN:
            # one system, or little work: no threads (a prange over one system wakes them
            # for nothing, and a call right after pays for them: ~0.1 ms on 2 cores)
            run_lanes_serial(*args)
            return
        with PARALLEL_LOCK:
            run_lanes(*args)
        return
    past = run_systems(w0, C, W, ge, dyn, prog, steps, cycles, mode, knots, out, fb, sums,
                       final, events, stop)
    if past >= 0:
        raise ValueError(
            f"capacity trace has {past} values but the run reached step {past}: "
            "give a longer trace or fewer steps"
        )


def _steps_needed(w0, K, prog, cycles: int, max_steps: int) -> int:
    """Count the steps until every system has had ``cycles`` events (a recording-free pass)."""
    from ._compiled import MODE_NONE

    B, m = w0.shape
    stop = np.full(B, -1, dtype=np.int64)
    events = np.zeros(B, dtype=np.int64)
    scratch = np.empty((B, m), dtype=w0.dtype)
    sums = np.zeros((1, B), dtype=w0.dtype)
    _call(w0, K, prog, max_steps, cycles, MODE_NONE, _NO_KNOTS, _no_out(w0), _NO_FB, sums,
          scratch, events, stop)
    if (stop < 0).any():
        raise no_events_error(cycles, max_steps, events.min())
    return int(stop.max())


_NO_KNOTS = np.zeros(1, dtype=np.int64)
_NO_FB = np.zeros((1, 1), dtype=np.int8)


def _no_out(w0: np.ndarray) -> np.ndarray:
    return np.zeros((1, 1, 1), dtype=w0.dtype)


def _record_all(w0, K, prog, steps):
    from ._compiled import MODE_ALL

    B, m = w0.shape
    out = np.empty((steps + 1, B, m), dtype=w0.dtype)
    out[0] = w0
    fb = np.empty((steps, B), dtype=np.int8)
    final = np.empty((B, m), dtype=w0.dtype)
    _call(w0, K, prog, steps, 0, MODE_ALL, _NO_KNOTS, out, fb, np.zeros((1, 1), dtype=w0.dtype),
          final, np.zeros(B, dtype=np.int64), np.zeros(B, dtype=np.int64))
    return out, fb, final, None


def _record_none(w0, K, prog, steps):
    from ._compiled import MODE_NONE, run_pairs

    B, m = w0.shape
    sums = np.zeros((1, B), dtype=w0.dtype)
    final = np.empty((B, m), dtype=w0.dtype)
    events = np.zeros(B, dtype=np.int64)
    paired = 0
    C, W, ge, dyn = K
    if dyn is None and w0.dtype == np.float64 and 16 < m <= 128 and B >= 2:
        paired = B - B % 2
        run_pairs(w0[:paired], C, W, ge, prog, steps, final, events, sums)
    if paired < B:
        rest = np.ascontiguousarray(w0[paired:])
        part_final = np.empty(rest.shape, dtype=w0.dtype)
        part_sums = np.zeros((1, len(rest)), dtype=w0.dtype)
        _call(rest, K, prog, steps, 0, MODE_NONE, _NO_KNOTS, _no_out(w0), _NO_FB, part_sums,
              part_final, events[paired:].copy(), np.zeros(len(rest), dtype=np.int64))
        final[paired:] = part_final
        sums[:, paired:] = part_sums
    windows = np.stack([w0, final]) if steps > 0 else w0[None]
    times = np.array([0, steps] if steps > 0 else [0], dtype=np.int64)
    rec = CycleRecord(times=times, segment_sums=sums[: 1 if steps > 0 else 0], events=None)
    return windows, np.zeros((0, B), dtype=np.int8), final, rec


def _record_cycles(w0, K, prog, steps, is_affine, changes):
    from ._compiled import MODE_FEEDBACK, MODE_KNOTS

    B, m = w0.shape
    zeros = np.zeros(B, dtype=np.int64)
    final = np.empty((B, m), dtype=w0.dtype)
    fbk = np.empty((steps, B), dtype=np.int8)
    _call(w0, K, prog, steps, 0, MODE_FEEDBACK, _NO_KNOTS, _no_out(w0), fbk,
          np.zeros((1, 1), dtype=w0.dtype), final, zeros.copy(), zeros.copy())
    congested = np.flatnonzero((fbk == 0).any(axis=1))
    times = np.unique(np.concatenate([[0, steps], congested, congested + 1, changes]))
    times = times[times <= steps]
    out = np.empty((len(times), B, m), dtype=w0.dtype)
    out[0] = w0
    sums = np.zeros((len(times) - 1, B), dtype=w0.dtype)
    _call(w0, K, prog, steps, 0, MODE_KNOTS, times, out, _NO_FB, sums, final, zeros.copy(),
          zeros.copy())
    events = tuple(np.flatnonzero(fbk[:, b] == 0) for b in range(B))
    rec = CycleRecord(times=times, segment_sums=sums, events=events, affine=is_affine)
    return out, np.zeros((0, B), dtype=np.int8), final, rec


def _setup(run: Run, spec: tuple) -> tuple | None:
    """``(w0, K)`` for the compiled loops, or None when they cannot run ``run``."""
    sched = run.feedback.schedule
    if sched.fn is not None:  # a callable capacity: evaluated step by step in Python
        return None
    whole = run.arithmetic == "integer"
    C = _coef_matrix(spec, whole)
    dyn = _dynamics(run, whole)
    W = _capacity(run, whole, sched.values[0])
    if whole:
        wmax = max(abs(int(v)) for v in (*dyn[3], W)) if dyn is not None else abs(W)
        if not _int_safe(C, wmax, run.x, run.steps if run.steps is not None else run.max_steps):
            return None
        C = _compact(C.astype(np.int64))
        w0 = np.asarray(run.x, dtype=np.int64)
        return w0, (C, np.int64(W), run.feedback.ge, dyn)
    w0 = np.ascontiguousarray(run.x, dtype=np.float64)
    return w0, (_compact(C), W, run.feedback.ge, dyn)


def _compact(C: np.ndarray) -> np.ndarray | tuple:
    """Pass the coefficients as a tuple of 7 scalars when every flow has the same ones."""
    if (C == C[:, :1]).all():
        return tuple(C[:, 0].tolist()) if C.dtype != np.int64 else tuple(
            np.int64(v) for v in C[:, 0]
        )
    return C


def _check_finite(run: Run, windows: np.ndarray, final: np.ndarray, rec: Any) -> None:
    """Refuse a float run whose windows overflowed, naming the first step and flow."""
    if windows.dtype != np.float64 or (np.isfinite(windows).all() and np.isfinite(final).all()):
        return
    rows = np.argwhere(~np.isfinite(windows))
    if rows.size:
        k, b, i = (int(v) for v in rows[0])
        t = k if rec is None else int(rec.times[k])
        where = f"at step {t}"
    else:
        b, i = (int(v) for v in np.argwhere(~np.isfinite(final))[0])
        where = "by the end of the run"
    system = f" of system {b}" if windows.shape[1] > 1 else ""
    raise ValueError(
        f"{run.pol!r}: the window of flow {i}{system} overflowed float64 {where}; use "
        "arithmetic='exact' or smaller parameters"
    )


def run_kernel(run: Run) -> Raw | None:
    """Run the compiled loops, or return None when they do not apply to ``run``.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.engine import prepare
    >>> raw = run_kernel(prepare(AIMD(), [1, 30], 100, steps=40))
    >>> raw.windows[36].tolist()
    [[18.0, 32.5]]
    """
    if run.arithmetic not in ("float", "integer"):
        return None
    spec = run.once("linear", lambda: linear_spec(run.policy, flows=run.flows))
    if spec is None:
        return None
    setup = _setup(run, spec)
    if setup is None:
        return None
    load_compiled()
    from ._compiled import sum_program

    w0, K = setup
    prog = sum_program(run.flows)
    steps = run.steps
    if steps is None:
        steps = 0 if run.cycles == 0 else _steps_needed(
            w0, K, prog, run.cycles, run.max_steps
        )
    if run.record == "all":
        windows, fb, final, rec = _record_all(w0, K, prog, steps)
    elif run.record == "none":
        windows, fb, final, rec = _record_none(w0, K, prog, steps)
    else:
        is_affine = run.once("affine", lambda: affine(run.policy, flows=run.flows))
        changes = np.asarray(K[3][4] if K[3] is not None else [], dtype=np.int64)
        windows, fb, final, rec = _record_cycles(w0, K, prog, steps, is_affine, changes)
    _check_finite(run, windows, final, rec)
    if run.arithmetic == "integer":
        final = final.astype(object)
        if rec is not None:
            rec = CycleRecord(rec.times, rec.segment_sums.astype(object), rec.events, rec.affine)
    state = run.pol.init(final)  # the state is the window alone (verified by linear_spec)
    return Raw(windows, fb, state, rec, "kernel")


@register
class KernelEngine(Engine):
    """Compiled stepping of declared linear controls (float and integer arithmetic).

    Examples
    --------
    >>> from aimdmodel import AIMD, AIMDFC, simulate
    >>> simulate(AIMD(), [1, 30], 100, steps=50, engine="kernel").engine
    'kernel'
    >>> simulate(AIMDFC(), [1, 30], 100, steps=50, engine="kernel").engine
    'step'
    """

    name = "kernel"
    summary = "numba-compiled stepping of linear controls"

    def run(self, run: Run) -> Raw:
        """Run compiled, or step when the kernels do not apply."""
        raw = run_kernel(run)
        if raw is None:
            from .step import StepEngine

            return StepEngine().run(run)
        return raw


def warmup() -> float:
    """Compile (or load from the cache) the kernels; return the seconds it took.

    The step kernels (record all, cycles, none; float for 2 and 8 flows,
    whole packets for 2), the compiled cycle engine and its sweep loop.

    Examples
    --------
    >>> warmup() >= 0
    True
    """
    from ..feedback import SynchronousFeedback
    from ..policies import AIMD

    t0 = time.perf_counter()
    pol = AIMD()
    for arithmetic, x in (("float", [[1, 2]]), ("integer", [[1, 2]]), ("float", [[1] * 8] * 2)):
        conv = pol.converted(float if arithmetic == "float" else Fraction)
        xs = np.asarray(x, dtype=np.float64 if arithmetic == "float" else object)
        if arithmetic == "integer":
            xs = np.asarray([[int(v) for v in row] for row in x], dtype=object)
        W = 10.0 if arithmetic == "float" else Fraction(10)
        for record in ("all", "cycles", "none"):
            run_kernel(Run(pol, conv, xs, SynchronousFeedback(W), arithmetic, None, 1, 1000,
                           record))
    from ._compiled import pairwise_total
    from .batch import plan_families, run_chunk
    from .ccycle import run_ccycle

    pairwise_total(np.zeros(3))
    for record in ("cycles", "none"):
        run_ccycle(Run(pol, pol.converted(float), np.array([[1.0, 2.0]]),
                       SynchronousFeedback(10.0), "float", None, 3, 1000, record))
    (family,), _ = plan_families([pol], np.array([[1.0, 2.0]]), np.array([10.0]), ">=")
    run_chunk(family, 0, 1, steps=-1, cycles=3, max_work=1000, burn_in=-1, eps=1.0)
    return time.perf_counter() - t0
