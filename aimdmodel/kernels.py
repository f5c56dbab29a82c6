"""Compiled step kernels (numba) for linear controls over ``(B, m)`` batches.

A numba kernel cannot call the Python policy methods, so it runs one family
of rules: Chiu and Jain's linear control, increase ``w <- a_i + b_i w``,
decrease ``w <- max(a_d + b_d w, floor)``. The kernel is an *accelerator*:
:func:`kernel_spec` decides, without knowing any policy class, whether a
policy is such a control:

* the policy exposes ``coefficients = (a_i, b_i, a_d, b_d)`` (numbers) and
  ``window_floor``;
* its state is the window alone (``init(x)`` is a 1-tuple and ``window`` of
  it is ``x``);
* in exact arithmetic, on probe windows, ``increase`` and ``decrease`` give
  exactly ``a_i + b_i w`` and ``max(a_d + b_d w, floor)``.

Anything else (AIMD-FC, AIMD-FC+, New-AIMD, a user rule) runs the Python
step engine. ``simulate(..., engine="kernel")`` says which ran in
``Trajectory.engine``.

Arithmetic and agreement with the step engine
---------------------------------------------
* float: every operation is the step engine's (one multiply and one add per
  window update, ``max`` for the floor), and the sum of the windows is
  numpy's pairwise summation re-implemented operation by operation
  (:func:`pairwise_sum`), so the windows, the feedback and the congestion
  steps are **bit-for-bit** those of the step engine. The kernels are
  compiled **without** ``fastmath``: reassociating the sum or contracting
  ``a + b w`` into a fused multiply-add would change the last bit and,
  when a total lands next to ``W``, the step of a congestion event.
* integer: windows are int64, the coefficients exact fractions
  ``p / q``; each update is ``floor((p_0 + p_1 w) / q)`` in integer
  arithmetic, exactly the step engine's floor after every step. A run whose
  windows could overflow int64 runs the Python step engine instead.
* exact (Fractions): not compiled; the step or cycle engine runs.

Recording: ``record="all"`` and ``"none"`` are one pass; ``"cycles"`` is
two (the first keeps the feedback, ``T x B`` bytes, to find the knots).

Kernels are compiled on first use with ``cache=True`` (the compiled code is
kept next to this module, so later processes load it instead of compiling);
:func:`warmup` compiles them ahead of a timed region.

Examples
--------
>>> from aimdmodel import AIMD, AIMDFC, simulate
>>> kernel_spec(AIMD()) is not None, kernel_spec(AIMDFC()) is None
(True, True)
>>> tr = simulate(AIMD(), [[1, 30], [5, 5]], 100, steps=50, engine="kernel")
>>> ref = simulate(AIMD(), [[1, 30], [5, 5]], 100, steps=50)
>>> tr.engine, bool((tr.windows == ref.windows).all())
('kernel', True)
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numba
import numpy as np

from ._arith import to_fraction
from .policies import Policy
from .trajectory import CycleRecord

__all__ = ["KernelSpec", "kernel_spec", "pairwise_sum", "run_kernel", "warmup"]

_MODE_NONE, _MODE_ALL, _MODE_FEEDBACK, _MODE_KNOTS = 0, 1, 2, 3
_INT_LIMIT = 2**62


class KernelSpec(tuple):
    """``(a_i, b_i, a_d, b_d, floor)`` of a linear control, as Fractions."""

    __slots__ = ()


def kernel_spec(policy: Policy) -> KernelSpec | None:
    """Return the linear-control coefficients of ``policy``, or None.

    The check is generic (see the module docstring): the coefficients the
    policy declares are *verified* against its own ``init``, ``window``,
    ``increase`` and ``decrease`` in exact arithmetic on probe windows.

    Parameters
    ----------
    policy : Policy

    Returns
    -------
    KernelSpec or None
        ``(a_i, b_i, a_d, b_d, floor)`` as Fractions.

    Examples
    --------
    >>> from aimdmodel import AIAD, MIMD, NewAIMD
    >>> [str(v) for v in kernel_spec(AIAD(a=2, d=3))]
    ['2', '1', '-3', '1', '0']
    >>> kernel_spec(MIMD()) is not None, kernel_spec(NewAIMD()) is None
    (True, True)
    """
    try:
        coef = policy.coefficients
        floor = policy.window_floor
        values = [to_fraction(v, "coefficient") for v in (*coef, floor)]
        if len(values) != 5:
            return None
        a_i, b_i, a_d, b_d, fl = values
        pol = policy.converted(to_fraction)
        x = np.empty(6, dtype=object)
        x[:] = [Fraction(0), Fraction(1, 3), Fraction(5, 2), Fraction(7), Fraction(1000), fl]
        s = pol.init(x)
        if len(s) != 1 or any(v != u for v, u in zip(pol.window(s), x, strict=True)):
            return None
        up = pol.window(pol.increase(s))
        down = pol.window(pol.decrease(s))
        for w, u, d in zip(x, up, down, strict=True):
            if u != a_i + b_i * w or d != max(a_d + b_d * w, fl):
                return None
    except (AttributeError, TypeError, ValueError, NotImplementedError, ArithmeticError):
        return None
    return KernelSpec(values)


# ---------------------------------------------------------------------------
# the compiled loops
# ---------------------------------------------------------------------------
@numba.njit(cache=True)
def _block(a, lo, n):  # pragma: no cover - compiled
    # numpy's pairwise summation of float64 for n <= 128 (loops_utils.h.src)
    if n < 8:
        res = 0.0
        for i in range(n):
            res += a[lo + i]
        return res
    r0 = a[lo]
    r1 = a[lo + 1]
    r2 = a[lo + 2]
    r3 = a[lo + 3]
    r4 = a[lo + 4]
    r5 = a[lo + 5]
    r6 = a[lo + 6]
    r7 = a[lo + 7]
    i = 8
    stop = n - (n % 8)
    while i < stop:
        r0 += a[lo + i]
        r1 += a[lo + i + 1]
        r2 += a[lo + i + 2]
        r3 += a[lo + i + 3]
        r4 += a[lo + i + 4]
        r5 += a[lo + i + 5]
        r6 += a[lo + i + 6]
        r7 += a[lo + i + 7]
        i += 8
    res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    while i < n:
        res += a[lo + i]
        i += 1
    return res


@numba.njit(cache=True)
def _tree_sum(a, prog, stack):  # pragma: no cover - compiled
    # evaluate a postfix program of blocks (lo, n) and additions (-1, 0)
    if prog.shape[0] == 1:
        return _block(a, prog[0, 0], prog[0, 1])
    sp = 0
    for p in range(prog.shape[0]):
        lo = prog[p, 0]
        if lo >= 0:
            stack[sp] = _block(a, lo, prog[p, 1])
            sp += 1
        else:
            stack[sp - 2] = stack[sp - 2] + stack[sp - 1]
            sp -= 1
    return stack[0]


def _sum_program(m: int) -> np.ndarray:
    """Return numpy's pairwise split of ``m`` terms as a postfix program.

    numba code loaded from its cache may crash on recursion, so the
    recursion of numpy's pairwise sum is unrolled here, once per ``m``.
    """
    prog: list[tuple[int, int]] = []

    def split(lo: int, n: int) -> None:
        if n <= 128:
            prog.append((lo, n))
            return
        n2 = n // 2
        n2 -= n2 % 8
        split(lo, n2)
        split(lo + n2, n - n2)
        prog.append((-1, 0))

    split(0, m)
    return np.asarray(prog, dtype=np.int64)


@numba.njit(cache=True)
def _pairwise_row(a, prog):  # pragma: no cover - compiled
    return _tree_sum(a, prog, np.empty(64))


def pairwise_sum(a: np.ndarray) -> float:
    """Sum a float64 vector in numpy's pairwise order (compiled).

    Examples
    --------
    >>> x = np.random.default_rng(1).standard_normal(300)
    >>> pairwise_sum(x) == float(x.sum())
    True
    """
    a = np.ascontiguousarray(a, dtype=np.float64)
    return float(_pairwise_row(a, _sum_program(a.shape[0])))


@numba.njit(cache=True)
def _float_steps(  # pragma: no cover - compiled
    w0, W, ge, a_i, b_i, a_d, b_d, fl, prog, steps, mode, knots, out, fb, sums
):
    B, m = w0.shape
    stack = np.empty(64)
    short = prog.shape[0] == 1
    final = np.empty((B, m))
    events = np.zeros(B, dtype=np.int64)
    row = np.empty(m)
    for b in range(B):
        for i in range(m):
            row[i] = w0[b, i]
        k = 0
        acc = 0.0
        for t in range(steps):
            tot = _block(row, 0, m) if short else _tree_sum(row, prog, stack)
            cong = tot >= W if ge else tot > W
            if cong:
                for i in range(m):
                    row[i] = max(a_d + b_d * row[i], fl)
                events[b] += 1
            else:
                for i in range(m):
                    row[i] = a_i + b_i * row[i]
            if mode == 1:
                fb[t, b] = 0 if cong else 1
                for i in range(m):
                    out[t + 1, b, i] = row[i]
            elif mode == 2:
                fb[t, b] = 0 if cong else 1
            elif mode == 3:
                acc += tot
                if t + 1 == knots[k + 1]:
                    sums[k, b] = acc
                    acc = 0.0
                    k += 1
                    for i in range(m):
                        out[k, b, i] = row[i]
            else:
                acc += tot
        if mode == 0 and steps > 0:
            sums[0, b] = acc
        for i in range(m):
            final[b, i] = row[i]
    return final, events


@numba.njit(cache=True)
def _float_pairs(w0, W, ge, a_i, b_i, a_d, b_d, fl, steps, final, events, sums):  # pragma: no cover
    # record="none" for 8 <= m <= 128: two systems at a time, so that the two
    # sums' dependency chains overlap (the same operations per system as
    # _float_steps, so the same bits)
    B, m = w0.shape
    A = np.empty(m)
    C = np.empty(m)
    stop = m - (m % 8)
    for b in range(0, B - 1, 2):
        for i in range(m):
            A[i] = w0[b, i]
            C[i] = w0[b + 1, i]
        acc_a = 0.0
        acc_c = 0.0
        for _ in range(steps):
            r0, r1, r2, r3 = A[0], A[1], A[2], A[3]
            r4, r5, r6, r7 = A[4], A[5], A[6], A[7]
            s0, s1, s2, s3 = C[0], C[1], C[2], C[3]
            s4, s5, s6, s7 = C[4], C[5], C[6], C[7]
            for j in range(8, stop, 8):
                r0 += A[j]
                r1 += A[j + 1]
                r2 += A[j + 2]
                r3 += A[j + 3]
                r4 += A[j + 4]
                r5 += A[j + 5]
                r6 += A[j + 6]
                r7 += A[j + 7]
                s0 += C[j]
                s1 += C[j + 1]
                s2 += C[j + 2]
                s3 += C[j + 3]
                s4 += C[j + 4]
                s5 += C[j + 5]
                s6 += C[j + 6]
                s7 += C[j + 7]
            ta = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
            tc = ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
            for i in range(stop, m):
                ta += A[i]
                tc += C[i]
            acc_a += ta
            acc_c += tc
            if (ta >= W) if ge else (ta > W):
                for i in range(m):
                    A[i] = max(a_d + b_d * A[i], fl)
                events[b] += 1
            else:
                for i in range(m):
                    A[i] = a_i + b_i * A[i]
            if (tc >= W) if ge else (tc > W):
                for i in range(m):
                    C[i] = max(a_d + b_d * C[i], fl)
                events[b + 1] += 1
            else:
                for i in range(m):
                    C[i] = a_i + b_i * C[i]
        for i in range(m):
            final[b, i] = A[i]
            final[b + 1, i] = C[i]
        if steps > 0:
            sums[0, b] = acc_a
            sums[0, b + 1] = acc_c


@numba.njit(cache=True)
def _float_until(w0, W, ge, a_i, b_i, a_d, b_d, fl, prog, cycles, max_steps):  # pragma: no cover
    # per system: the step after its cycles-th congestion event (-1 if not within max_steps)
    B, m = w0.shape
    stack = np.empty(64)
    short = prog.shape[0] == 1
    stop = np.full(B, -1, dtype=np.int64)
    events = np.zeros(B, dtype=np.int64)
    row = np.empty(m)
    for b in range(B):
        for i in range(m):
            row[i] = w0[b, i]
        for t in range(max_steps):
            tot = _block(row, 0, m) if short else _tree_sum(row, prog, stack)
            cong = tot >= W if ge else tot > W
            if cong:
                for i in range(m):
                    row[i] = max(a_d + b_d * row[i], fl)
                events[b] += 1
                if events[b] >= cycles:
                    stop[b] = t + 1
                    break
            else:
                for i in range(m):
                    row[i] = a_i + b_i * row[i]
    return stop, events


@numba.njit(cache=True)
def _int_steps(  # pragma: no cover - compiled
    w0, thr, c0, c1, q_i, d0, d1, q_d, fl, steps, mode, knots, out, fb, sums
):
    B, m = w0.shape
    final = np.empty((B, m), dtype=np.int64)
    events = np.zeros(B, dtype=np.int64)
    row = np.empty(m, dtype=np.int64)
    for b in range(B):
        for i in range(m):
            row[i] = w0[b, i]
        k = 0
        acc = 0
        for t in range(steps):
            tot = 0
            for i in range(m):
                tot += row[i]
            cong = tot >= thr
            if cong:
                for i in range(m):
                    row[i] = max((d0 + d1 * row[i]) // q_d, fl)
                events[b] += 1
            else:
                for i in range(m):
                    row[i] = (c0 + c1 * row[i]) // q_i
            if mode == 1:
                fb[t, b] = 0 if cong else 1
                for i in range(m):
                    out[t + 1, b, i] = row[i]
            elif mode == 2:
                fb[t, b] = 0 if cong else 1
            elif mode == 3:
                acc += tot
                if t + 1 == knots[k + 1]:
                    sums[k, b] = acc
                    acc = 0
                    k += 1
                    for i in range(m):
                        out[k, b, i] = row[i]
            else:
                acc += tot
        if mode == 0 and steps > 0:
            sums[0, b] = acc
        for i in range(m):
            final[b, i] = row[i]
    return final, events


@numba.njit(cache=True)
def _int_until(w0, thr, c0, c1, q_i, d0, d1, q_d, fl, cycles, max_steps):  # pragma: no cover
    B, m = w0.shape
    stop = np.full(B, -1, dtype=np.int64)
    events = np.zeros(B, dtype=np.int64)
    row = np.empty(m, dtype=np.int64)
    for b in range(B):
        for i in range(m):
            row[i] = w0[b, i]
        for t in range(max_steps):
            tot = 0
            for i in range(m):
                tot += row[i]
            if tot >= thr:
                for i in range(m):
                    row[i] = max((d0 + d1 * row[i]) // q_d, fl)
                events[b] += 1
                if events[b] >= cycles:
                    stop[b] = t + 1
                    break
            else:
                for i in range(m):
                    row[i] = (c0 + c1 * row[i]) // q_i
    return stop, events


# ---------------------------------------------------------------------------
# the Python side
# ---------------------------------------------------------------------------
def _float_args(spec: KernelSpec, W: Any, congestion: str) -> tuple:
    a_i, b_i, a_d, b_d, fl = (float(v) for v in spec)
    return (float(W), congestion == ">=", a_i, b_i, a_d, b_d, fl)


def _int_args(spec: KernelSpec, W: Fraction, congestion: str) -> tuple:
    a_i, b_i, a_d, b_d, fl = spec
    q_i = a_i.denominator * b_i.denominator // math.gcd(a_i.denominator, b_i.denominator)
    q_d = a_d.denominator * b_d.denominator // math.gcd(a_d.denominator, b_d.denominator)
    c0, c1 = int(a_i * q_i), int(b_i * q_i)
    d0, d1 = int(a_d * q_d), int(b_d * q_d)
    thr = math.ceil(W) if congestion == ">=" else math.floor(W) + 1
    return (thr, c0, c1, q_i, d0, d1, q_d, math.floor(fl))


def _int_safe(args: tuple, x: np.ndarray, W: Fraction, steps: int) -> bool:
    """Tell whether no int64 intermediate of the run can overflow."""
    _, c0, c1, q_i, d0, d1, _, fl = args
    m = x.shape[-1]
    xmax = max(int(v) for v in x.ravel())
    # an increase only happens below capacity, a decrease never raises a window
    wmax = max(xmax, abs(fl), (abs(c0) + abs(c1) * (math.ceil(W) + 1)) // q_i + 1)
    big = max(abs(c0) + abs(c1) * wmax, abs(d0) + abs(d1) * wmax, m * wmax * max(steps, 1))
    return big < _INT_LIMIT


def run_kernel(
    pol: Policy,
    x: np.ndarray,
    W: Any,
    *,
    arithmetic: str,
    congestion: str,
    steps: int | None,
    cycles: int | None,
    max_steps: int,
    record: str,
) -> tuple | None:
    """Run the compiled step engine, or return None when it does not apply.

    ``x`` holds the initial windows ``(B, m)`` in the run's arithmetic and
    ``pol`` the policy with converted parameters (as in the step engine).
    Returns ``(windows, feedback, final_state, cycle_record)`` shaped like
    the step engine's batched output.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> out = run_kernel(AIMD().converted(float), np.array([[1.0, 30.0]]), 100.0,
    ...                  arithmetic="float", congestion=">=", steps=40, cycles=None,
    ...                  max_steps=10**6, record="all")
    >>> out[0][36].tolist()
    [[18.0, 32.5]]
    """
    if arithmetic not in ("float", "integer"):
        return None
    spec = kernel_spec(pol)
    if spec is None:
        return None
    B, m = x.shape
    if arithmetic == "float":
        w0 = np.ascontiguousarray(x, dtype=np.float64)
        args = (*_float_args(spec, W, congestion), _sum_program(m))
        run, until, dtype = _float_steps, _float_steps_until, np.float64
    else:
        args = _int_args(spec, W, congestion)
        if not _int_safe(args, x, W, steps if steps is not None else max_steps):
            return None
        w0 = np.asarray(x, dtype=np.int64)
        run, until, dtype = _int_steps, _int_steps_until, np.int64

    if steps is None:
        if cycles == 0:
            steps = 0
        else:
            stop, ev = until(w0, *args, cycles, max_steps)
            if (stop < 0).any():
                raise RuntimeError(
                    f"no {cycles} congestion events within max_steps={max_steps} steps "
                    f"(fewest so far: {int(ev.min())}); raise max_steps or use steps="
                )
            steps = int(stop.max())

    dummy_knots = np.zeros(1, dtype=np.int64)
    dummy_out = np.zeros((1, 1, 1), dtype=dtype)
    dummy_fb = np.zeros((1, 1), dtype=np.int8)
    dummy_sums = np.zeros((1, 1), dtype=dtype)
    rec = None
    if record == "all":
        out = np.empty((steps + 1, B, m), dtype=dtype)
        out[0] = w0
        fb = np.empty((steps, B), dtype=np.int8)
        final, _ = run(w0, *args, steps, _MODE_ALL, dummy_knots, out, fb, dummy_sums)
        windows = out
    elif record == "none":
        sums = np.zeros((1 if steps > 0 else 0, B), dtype=dtype)
        if arithmetic == "float" and 8 <= m <= 128 and B >= 2:
            final = np.empty((B, m))
            events = np.zeros(B, dtype=np.int64)
            _float_pairs(w0, *args[:-1], steps, final, events, sums if steps > 0 else dummy_sums)
            if B % 2:  # the last system alone
                last = np.zeros((1, 1))
                final[-1:], _ = run(np.ascontiguousarray(w0[-1:]), *args, steps, _MODE_NONE,
                                    dummy_knots, dummy_out, dummy_fb, last)
                if steps > 0:
                    sums[0, -1] = last[0, 0]
        else:
            final, _ = run(w0, *args, steps, _MODE_NONE, dummy_knots, dummy_out, dummy_fb,
                           sums if steps > 0 else dummy_sums)
        windows = np.stack([w0, final]) if steps > 0 else w0[None]
        times = np.array([0, steps] if steps > 0 else [0], dtype=np.int64)
        fb = np.zeros((0, B), dtype=np.int8)
        rec = CycleRecord(times=times, segment_sums=_sums_out(sums, arithmetic), events=None)
    else:  # cycles: one pass for the feedback, one for the knots
        fbk = np.empty((steps, B), dtype=np.int8)
        run(w0, *args, steps, _MODE_FEEDBACK, dummy_knots, dummy_out, fbk, dummy_sums)
        congested = np.flatnonzero((fbk == 0).any(axis=1))
        times = np.unique(np.concatenate([[0, steps], congested, congested + 1]))
        out = np.empty((len(times), B, m), dtype=dtype)
        out[0] = w0
        sums = np.zeros((len(times) - 1, B), dtype=dtype)
        final, _ = run(w0, *args, steps, _MODE_KNOTS, times, out, dummy_fb, sums)
        events = tuple(np.flatnonzero(fbk[:, b] == 0) for b in range(B))
        from .cycles import is_affine

        rec = CycleRecord(
            times=times,
            segment_sums=_sums_out(sums, arithmetic),
            events=events,
            affine=is_affine(pol),
        )
        windows = out
        fb = np.zeros((0, B), dtype=np.int8)
    if arithmetic == "integer":
        final = _objects(final)
    state = type(pol.init(x[:1]))(final)
    return windows, fb, state, rec


def _objects(a: np.ndarray) -> np.ndarray:
    """int64 array to an object array of Python ints (what the step engine holds)."""
    return a.astype(object)


def _sums_out(sums: np.ndarray, arithmetic: str) -> np.ndarray:
    return _objects(sums) if arithmetic == "integer" else sums


_float_steps_until = _float_until
_int_steps_until = _int_until


def warmup() -> float:
    """Compile (or load from the cache) every kernel; return the seconds it took.

    Examples
    --------
    >>> warmup() >= 0
    True
    """
    import time

    t0 = time.perf_counter()
    w = np.array([[1.0, 2.0]])
    k = np.array([0, 1, 2], dtype=np.int64)
    out = np.zeros((3, 1, 2))
    fb = np.zeros((2, 1), dtype=np.int8)
    sums = np.zeros((2, 1))
    args = (10.0, True, 1.0, 1.0, 0.0, 0.5, 0.0)
    prog = _sum_program(2)
    _float_steps(w, *args, prog, 2, _MODE_ALL, k, out, fb, sums)
    _float_until(w, *args, prog, 1, 100)
    w8 = np.ones((2, 8))
    _float_pairs(w8, *args, 2, np.empty((2, 8)), np.zeros(2, dtype=np.int64), np.zeros((1, 2)))
    wi = np.array([[1, 2]], dtype=np.int64)
    iargs = (10, 1, 1, 1, 0, 1, 2, 0)
    _int_steps(wi, *iargs, 2, _MODE_ALL, k, out.astype(np.int64), fb, sums.astype(np.int64))
    _int_until(wi, *iargs, 1, 100)
    _pairwise_row(np.zeros(3), prog)
    return time.perf_counter() - t0
