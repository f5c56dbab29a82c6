"""The compiled loops (numba) of the kernel engine, each rule written once.

Three small inlined functions hold all the arithmetic of a step and every
loop below is built from them, so the loops differ only in what they
record:

* :func:`_exceeds` -- the congestion rule, :func:`aimdmodel.feedback.exceeds`
  compiled as it is;
* :func:`_affine` -- one linear update ``c0 + c1 w``, floored after a
  division by ``q`` for whole packets (chosen by the window's type when
  the loop is compiled);
* :func:`_step` -- one step of one system: the feedback from the total
  (numpy's pairwise order) and the increase or decrease of every window
  with its flow's coefficients (:func:`_step_active`: of the active flows).

The same source runs on float64 windows (one
multiply and one add per update, the step engine's operations) and on
int64 windows (``(c0 + c1 w) // q``: the step engine's floor after every
step). No ``fastmath``: reassociating the sum or contracting ``c0 + c1 w``
into a fused multiply-add would change the last bit and, when a total
lands next to ``W``, the step of a congestion event.
"""

from __future__ import annotations

import os
import threading

import numba
import numpy as np
from numba import types
from numba.cpython.unsafe.tuple import tuple_setitem
from numba.extending import overload

from .._numba_cache import install
from ..feedback import exceeds

install()  # before the first cache=True function: stamps cover the folder

__all__ = [
    "MODE_ALL",
    "MODE_FEEDBACK",
    "MODE_KNOTS",
    "MODE_NONE",
    "lanes_for",
    "pairwise_total",
    "run_lanes",
    "run_lanes_serial",
    "run_pairs",
    "run_systems",
    "sum_program",
]

MODE_NONE, MODE_ALL, MODE_FEEDBACK, MODE_KNOTS = 0, 1, 2, 3

if not {"NUMBA_THREADING_LAYER", "NUMBA_THREADING_LAYER_PRIORITY"} & set(os.environ):
    # run_lanes spreads systems over threads; GNU OpenMP (numba's second choice) makes a
    # process that used it unable to fork (a ProcessPoolExecutor then dies), so prefer
    # the layers that allow it (the user's choice, by numba's variables, is kept)
    numba.config.THREADING_LAYER_PRIORITY = ["tbb", "workqueue", "omp"]

PARALLEL_LOCK = threading.Lock()
"""Held around every call of a parallel loop: numba's workqueue threading layer runs
one at a time (two Python threads calling it at once would abort the process)."""

_exceeds = numba.njit(inline="always")(exceeds)


def _affine(w, c0, c1, q):  # pragma: no cover - replaced by the overload below
    """One linear update: ``c0 + c1 w`` (floats), ``(c0 + c1 w) // q`` (whole packets)."""
    raise NotImplementedError


@overload(_affine, inline="always")
def _affine_typed(w, c0, c1, q):  # pragma: no cover - compiled
    # chosen at compile time from the window's type, so the float loop stays
    # a plain multiply-add that the compiler can vectorise
    if isinstance(w, types.Integer):
        return lambda w, c0, c1, q: (c0 + c1 * w) // q
    return lambda w, c0, c1, q: c0 + c1 * w


@numba.njit(inline="always")
def _block(a, lo, n):  # pragma: no cover - compiled
    # numpy's pairwise summation for n <= 128 (loops_utils.h.src); for n < 8
    # numpy starts from 0.0: 0.0 + a[lo] == a[lo] for every window >= 0
    if n < 8:
        res = a[lo]
        for i in range(1, n):
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


@numba.njit(inline="always")
def _tree(a, prog, stack):  # pragma: no cover - compiled
    # a postfix program of blocks (lo, n) and additions (-1, 0): numpy's tree
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


def _total(a, prog, stack):  # pragma: no cover - replaced by the overload below
    """Sum the windows in numpy's pairwise order."""
    raise NotImplementedError


@overload(_total)
def _total_typed(a, prog, stack):  # pragma: no cover - compiled
    # prog is None for m <= 128 (one block): decided when the loop is
    # compiled, so the common case is a straight sum the compiler can keep
    # in registers
    if isinstance(prog, types.NoneType):
        return lambda a, prog, stack: _block(a, 0, a.shape[0])
    return lambda a, prog, stack: _tree(a, prog, stack)


def _c(C, k, i):  # pragma: no cover - replaced by the overload below
    """Coefficient ``k`` of flow ``i``: ``C[k]`` (the same for all flows) or ``C[k, i]``."""
    raise NotImplementedError


@overload(_c, inline="always")
def _c_typed(C, k, i):  # pragma: no cover - compiled
    # a tuple of 7 scalars when every flow has the same coefficients (kept in
    # registers), a (7, m) array of per-flow coefficients otherwise
    if isinstance(C, types.BaseTuple):
        return lambda C, k, i: C[k]
    return lambda C, k, i: C[k, i]


@numba.njit(inline="always")
def _step(row, tot, W, ge, C):  # pragma: no cover - compiled
    # C: ci0, ci1, qi, cd0, cd1, qd, floor (a tuple, or a (7, m) array per flow)
    cong = _exceeds(tot, W, ge)
    if cong:
        for i in range(row.shape[0]):
            row[i] = max(_affine(row[i], _c(C, 3, i), _c(C, 4, i), _c(C, 5, i)), _c(C, 6, i))
    else:
        for i in range(row.shape[0]):
            row[i] = _affine(row[i], _c(C, 0, i), _c(C, 1, i), _c(C, 2, i))
    return cong


@numba.njit(inline="always")
def _step_active(row, tot, W, ge, C, act):  # pragma: no cover - compiled
    # as _step, for the active flows only (an inactive flow's state does not move)
    cong = _exceeds(tot, W, ge)
    for i in range(row.shape[0]):
        if act[i] != 0:
            if cong:
                row[i] = max(_affine(row[i], _c(C, 3, i), _c(C, 4, i), _c(C, 5, i)),
                             _c(C, 6, i))
            else:
                row[i] = _affine(row[i], _c(C, 0, i), _c(C, 1, i), _c(C, 2, i))
    return cong


@numba.njit(inline="always")
def _at(dyn, t, act):  # pragma: no cover - compiled
    # the capacity at step t and the active flows (written into act)
    arrive, depart, breaks, values = dyn[0], dyn[1], dyn[2], dyn[3]
    j = np.searchsorted(breaks, t, side="right") - 1
    for i in range(act.shape[0]):
        act[i] = 1 if arrive[i] <= t and t < depart[i] else 0
    return values[j]


def sum_program(m: int) -> np.ndarray | None:
    """Return numpy's pairwise split of ``m`` terms as a postfix program (None: one block).

    numba code loaded from its cache may crash on recursion, so the
    recursion of numpy's pairwise sum is unrolled here, once per ``m``.

    Examples
    --------
    >>> sum_program(3) is None, sum_program(300).shape
    (True, (7, 2))
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
    return None if len(prog) == 1 else np.asarray(prog, dtype=np.int64)


@numba.njit(cache=True)
def run_systems(  # pragma: no cover - compiled
    w0, C, W, ge, dyn, prog, steps, cycles, mode, knots, out, fb, sums, final, events,
    stop,
):
    """Run every system of ``w0`` for ``steps`` steps (or until ``cycles`` events).

    ``C`` holds the coefficients (a tuple of 7 when every flow has the same,
    else a (7, m) array); ``W`` the capacity and
    ``ge`` the convention. ``dyn`` is None for a static run, else
    ``(arrive, depart, breaks, values, changes, end)``: the flows' arrival
    and departure steps, the capacity's change points and values, the
    sorted steps at which anything changes, and the end of a capacity trace
    (a run that reaches it stops there and returns that step).
    ``mode``: MODE_ALL writes every window to ``out`` and the
    feedback to ``fb``; MODE_FEEDBACK the feedback only; MODE_KNOTS the
    windows at the steps ``knots`` and the sums of the totals between them;
    MODE_NONE the sum of all totals. With ``cycles > 0`` a system stops
    after its ``cycles``-th congestion event and ``stop[b]`` is the step
    after it. Returns -1, or the step past the end of the capacity trace
    that the run reached.
    """
    B, m = w0.shape
    stack = np.empty(64, dtype=w0.dtype)
    row = np.empty(m, dtype=w0.dtype)
    sent = np.empty(m, dtype=w0.dtype)
    act = np.ones(m, dtype=w0.dtype)
    for b in range(B):
        for i in range(m):
            row[i] = w0[b, i]
        k = 0
        e = 0
        acc = row[0] - row[0]
        n_events = 0  # a local, not events[b]: a store to an array may alias the row
        if dyn is not None:
            W = _at(dyn, 0, act)
        for t in range(steps):
            if dyn is None:
                tot = _total(row, prog, stack)
                cong = _step(row, tot, W, ge, C)
            else:
                if t >= dyn[5]:
                    return t  # past the end of the capacity trace
                changes = dyn[4]
                while e < changes.shape[0] and changes[e] <= t:
                    W = _at(dyn, t, act)
                    e += 1
                for i in range(m):
                    sent[i] = row[i] * act[i]
                tot = _total(sent, prog, stack)
                cong = _step_active(row, tot, W, ge, C, act)
            if cong:
                n_events += 1
            if mode == MODE_ALL:
                fb[t, b] = 0 if cong else 1
                for i in range(m):
                    out[t + 1, b, i] = row[i]
            elif mode == MODE_FEEDBACK:
                fb[t, b] = 0 if cong else 1
            elif mode == MODE_KNOTS:
                acc += tot
                if t + 1 == knots[k + 1]:
                    sums[k, b] = acc
                    acc = row[0] - row[0]
                    k += 1
                    for i in range(m):
                        out[k, b, i] = row[i]
            else:
                acc += tot
            if cycles > 0 and cong and n_events >= cycles:
                stop[b] = t + 1
                break
        events[b] = n_events
        if mode == MODE_NONE and steps > 0:
            sums[0, b] = acc
        for i in range(row.shape[0]):
            final[b, i] = row[i]
    return -1


# ------------------------------------------------------------- lanes
def lanes_for(m: int, whole: bool) -> tuple | None:
    """Return the register lanes of ``m`` flows: a tuple of ``L >= m`` zeros (None: none).

    ``L`` is the next of 2, 4, 8, 16 (None above 16 flows): the loops of
    :func:`run_lanes` keep a system's windows in a tuple of that length,
    which the compiler keeps in registers.

    Examples
    --------
    >>> lanes_for(3, False), lanes_for(20, False)
    ((0.0, 0.0, 0.0, 0.0), None)
    """
    if m > 16:
        return None
    L = 2  # not 1: numba's parallel analysis fails on a tuple of one
    while L < m:
        L *= 2
    return (0,) * L if whole else (0.0,) * L


def _lanes_total(w, m):  # pragma: no cover - replaced by the overload below
    """Sum the first ``m`` lanes in numpy's pairwise order (the others hold 0)."""
    raise NotImplementedError


@numba.njit(inline="always")
def _lanes_in_order(w):  # pragma: no cover - compiled
    # below 8 terms numpy adds in order; the padding lanes add 0
    s = w[0]
    for i in range(1, len(w)):
        s += w[i]
    return s


@overload(_lanes_total, inline="always")
def _lanes_total_typed(w, m):  # pragma: no cover - compiled
    # chosen by the number of lanes when the loop is compiled: below 8 lanes the sum
    # is in order; with 8 or 16, from 8 flows on, numpy's 8 accumulators and their
    # tree (each accumulator takes flow j and, for 16 flows, flow 8 + j), then the
    # remaining flows in order
    if w.count < 8:
        return lambda w, m: _lanes_in_order(w)

    def tree(w, m):
        if m < 8:
            return _lanes_in_order(w)
        r = w
        if len(w) == 16 and m == 16:
            for j in range(8):
                r = tuple_setitem(r, j, w[j] + w[8 + j])
        s = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        if m < 16:
            for i in range(8, len(w)):
                if i < m:
                    s += w[i]
        return s

    return tree


@numba.njit(inline="always")
def _lanes_coefficients(C, m, lanes):  # pragma: no cover - compiled
    # one tuple per coefficient, a lane each: flow i's for i < m; for the padding lanes
    # the identity (increase 0 + 1 w, decrease max(0 + 1 w, 0)), so that they stay 0
    # without a test per lane and step
    one = lanes[0] + 1
    K = (lanes, lanes, lanes, lanes, lanes, lanes, lanes)
    ident = (lanes[0], one, one, lanes[0], one, one, lanes[0])
    for k in range(7):
        t = lanes
        for i in range(len(lanes)):
            t = tuple_setitem(t, i, _c(C, k, i) if i < m else ident[k])
        K = tuple_setitem(K, k, t)
    return K


@numba.njit(inline="always")
def _lanes_step(w, tot, W, ge, K):  # pragma: no cover - compiled
    # _step on the lanes: the same operations for every flow (and the padding lanes)
    cong = _exceeds(tot, W, ge)
    if cong:
        for i in range(len(w)):
            w = tuple_setitem(w, i, max(_affine(w[i], K[3][i], K[4][i], K[5][i]), K[6][i]))
    else:
        for i in range(len(w)):
            w = tuple_setitem(w, i, _affine(w[i], K[0][i], K[1][i], K[2][i]))
    return w, cong


@numba.njit
def _lanes_one(  # pragma: no cover - compiled
    b, w0, C, W, ge, lanes, steps, cycles, mode, knots, out, fb, sums, final, events, stop,
):
    # system b of run_lanes: run_systems's loop, the windows in the tuple w
    m = w0.shape[1]
    K = _lanes_coefficients(C, m, lanes)
    w = lanes
    for i in range(m):
        w = tuple_setitem(w, i, w0[b, i])
    k = 0
    acc = w0[b, 0] - w0[b, 0]
    n_events = 0
    for t in range(steps):
        tot = _lanes_total(w, m)
        w, cong = _lanes_step(w, tot, W, ge, K)
        if cong:
            n_events += 1
        if mode == MODE_ALL:
            fb[t, b] = 0 if cong else 1
            for i in range(m):
                out[t + 1, b, i] = w[i]
        elif mode == MODE_FEEDBACK:
            fb[t, b] = 0 if cong else 1
        elif mode == MODE_KNOTS:
            acc += tot
            if t + 1 == knots[k + 1]:
                sums[k, b] = acc
                acc = w0[b, 0] - w0[b, 0]
                k += 1
                for i in range(m):
                    out[k, b, i] = w[i]
        else:
            acc += tot
        if cycles > 0 and cong and n_events >= cycles:
            stop[b] = t + 1
            break
    events[b] = n_events
    if mode == MODE_NONE and steps > 0:
        sums[0, b] = acc
    for i in range(m):
        final[b, i] = w[i]


@numba.njit(cache=True)
def run_lanes_serial(  # pragma: no cover - compiled
    w0, C, W, ge, lanes, steps, cycles, mode, knots, out, fb, sums, final, events, stop,
):
    """:func:`run_lanes` on the calling thread (a few systems: no threads to start)."""
    for b in range(w0.shape[0]):
        _lanes_one(b, w0, C, W, ge, lanes, steps, cycles, mode, knots, out, fb, sums, final,
                   events, stop)


@numba.njit(cache=True, parallel=True)
def run_lanes(  # pragma: no cover - compiled
    w0, C, W, ge, lanes, steps, cycles, mode, knots, out, fb, sums, final, events, stop,
):
    """:func:`run_systems` for a static run of at most 16 flows, the windows in registers.

    Each system's windows live in a tuple shaped like ``lanes`` (see
    :func:`lanes_for`) for the whole run, its steps looped inside, the
    systems spread over the threads (``prange``); the operations and the
    order of the sums are :func:`run_systems`'s, so the results are its bits.
    """
    for b in numba.prange(w0.shape[0]):
        _lanes_one(b, w0, C, W, ge, lanes, steps, cycles, mode, knots, out, fb, sums, final,
                   events, stop)


@numba.njit(cache=True)
def run_pairs(w0, C, W, ge, prog, steps, final, events, sums):  # pragma: no cover - compiled
    """MODE_NONE for a static float run, two systems at a time (an even number of them).

    The two systems' steps are independent, so their dependency chains
    overlap; each system gets exactly the operations of :func:`run_systems`.
    """
    B, m = w0.shape
    stack_a = np.empty(64)
    stack_d = np.empty(64)
    A = np.empty(m)
    D = np.empty(m)
    for b in range(0, B - 1, 2):
        for i in range(m):
            A[i] = w0[b, i]
            D[i] = w0[b + 1, i]
        acc_a = 0.0
        acc_d = 0.0
        n_a = 0
        n_d = 0
        for _ in range(steps):
            ta = _total(A, prog, stack_a)
            td = _total(D, prog, stack_d)
            acc_a += ta
            acc_d += td
            n_a += _step(A, ta, W, ge, C)
            n_d += _step(D, td, W, ge, C)
        events[b] = n_a
        events[b + 1] = n_d
        for i in range(m):
            final[b, i] = A[i]
            final[b + 1, i] = D[i]
        if steps > 0:
            sums[0, b] = acc_a
            sums[0, b + 1] = acc_d


@numba.njit(cache=True)
def _pairwise_row(a, prog):  # pragma: no cover - compiled
    return _total(a, prog, np.empty(64))


def pairwise_total(a: np.ndarray) -> float:
    """Sum a float64 vector in numpy's pairwise order (compiled).

    Examples
    --------
    >>> x = np.random.default_rng(1).standard_normal(300)
    >>> pairwise_total(x) == float(x.sum())
    True
    """
    a = np.ascontiguousarray(a, dtype=np.float64)
    return float(_pairwise_row(a, sum_program(a.shape[0])))
