"""The synchronous binary-feedback engine (the step-by-step reference).

m flows share a bottleneck of capacity ``W`` packets per RTT. At every step
``t`` the system looks at the window vector ``w(t)``: if ``sum(w(t)) >= W``
(the papers' comparison; ``">"`` is an option) the feedback is 0 and every
flow applies its policy's ``decrease`` to its state, otherwise the feedback
is 1 and every flow applies ``increase``. The engine knows no particular
policy: it only calls the policy protocol of :mod:`aimdmodel.policies`.
"""

from __future__ import annotations

import math
import numbers
from typing import Any

import numpy as np

from ._arith import ARITHMETICS, as_arithmetic, floor_whole, is_number, to_float, to_fraction
from .policies import Policy
from .trajectory import RECORDS, CycleRecord, Trajectory

__all__ = ["CONGESTION_TESTS", "ENGINES", "simulate"]

ENGINES = ("step", "cycle", "kernel", "auto")
"""Accepted values of ``simulate(..., engine=...)``."""

CONGESTION_TESTS = (">=", ">")
"""Accepted values of ``congestion``: congestion when ``sum >= W`` or ``sum > W``."""

DEFAULT_MAX_STEPS = 10_000_000


def _check_x0(x0: Any) -> np.ndarray:
    fast = _numeric_x0(x0)
    if fast is not None:
        return fast
    try:
        arr = np.asarray(x0, dtype=object)
    except (TypeError, ValueError) as exc:  # ragged input
        raise ValueError(f"x0 must be a vector (m,) or a matrix (B, m) of windows: {exc}") from None
    if arr.ndim not in (1, 2) or arr.shape[-1] == 0 or (arr.ndim == 2 and arr.shape[0] == 0):
        raise ValueError(
            f"x0 must have shape (m,) or (B, m) with m >= 1 and B >= 1, got shape {arr.shape}"
        )
    for v in arr.ravel():
        if isinstance(v, (list, tuple, np.ndarray)):
            raise ValueError(
                "x0 must be a vector (m,) or a matrix (B, m): its rows differ in length"
            )
        if not is_number(v):
            raise TypeError(f"x0 must hold real numbers, got {v!r}")
        if not math.isfinite(float(v)):
            raise ValueError(f"x0 must hold finite windows, got {v!r}")
        if v < 0:
            raise ValueError(f"x0 must hold windows >= 0, got {v}")
    return arr


def _numeric_x0(x0: Any) -> np.ndarray | None:
    """Vectorised :func:`_check_x0` for windows that numpy holds as ints or floats.

    Returns None (use the element-by-element checks) for anything else.
    """
    if isinstance(x0, np.ndarray):
        arr = x0
    elif isinstance(x0, (list, tuple)) and x0 and isinstance(x0[0], (list, tuple, np.ndarray)):
        try:
            arr = np.asarray(x0)
        except (TypeError, ValueError, OverflowError):
            return None
    else:
        return None
    if arr.dtype.kind not in "iuf" or arr.ndim not in (1, 2) or arr.size == 0:
        return None
    if not np.isfinite(arr).all():
        bad = arr.ravel()[~np.isfinite(arr.ravel())][0]
        raise ValueError(f"x0 must hold finite windows, got {bad!r}")
    if (arr < 0).any():
        raise ValueError(f"x0 must hold windows >= 0, got {arr.ravel()[(arr < 0).ravel()][0]}")
    return arr


def _below_floor(raw: np.ndarray, floor: Any) -> bool:
    """Tell whether some window of ``raw`` is below the policy's floor (exactly)."""
    if raw.dtype != object and floor == 0:
        return bool((raw < 0).any())
    if raw.dtype != object:
        near = raw.ravel()[raw.ravel() <= float(floor) * (1 + 1e-12) + 1e-300]
        return any(v.item() < floor for v in near)
    return any(v < floor for v in raw.ravel())


def _check_count(name: str, value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int >= 0, got {value!r}")
    if value < 0:
        raise ValueError(f"{name} must be >= 0, got {value}")
    return int(value)


def simulate(
    policy: Policy,
    x0: Any,
    capacity: Any,
    *,
    steps: int | None = None,
    cycles: int | None = None,
    arithmetic: str = "float",
    congestion: str = ">=",
    max_steps: int = DEFAULT_MAX_STEPS,
    engine: str = "step",
    record: str = "all",
) -> Trajectory:
    """Iterate a policy under synchronous binary feedback.

    Parameters
    ----------
    policy : Policy
        The window-update rule (e.g. ``AIMD()``, ``AIMDFC()``).
    x0 : array_like
        Initial windows, shape ``(m,)`` for one system of ``m`` flows or
        ``(B, m)`` for ``B`` independent systems run together. Finite and
        ``>= 0`` (and ``>= policy.floor`` where the policy has a floor).
    capacity : number
        The capacity ``W`` (the papers' X_goal) in packets per RTT, ``> 0``.
    steps : int, optional
        Number of steps (RTTs) to run. Exactly one of ``steps`` and
        ``cycles`` must be given.
    cycles : int, optional
        Stop right after the ``cycles``-th congestion event (its decrease is
        applied, so the last window is the start of the next cycle). A
        batched run goes on until every system has had ``cycles`` events;
        systems that got there earlier keep running.
    arithmetic : {"float", "exact", "integer"}
        ``"float"``: float64. ``"exact"``: :class:`~fractions.Fraction`, no
        rounding anywhere (floats given as parameters or windows are read
        through their shortest decimal form: 0.7 is 7/10). ``"integer"``:
        whole packets: windows must be whole, and every state variable is
        floored after each step (with a whole additive increase only the
        decreases ever round).
    congestion : {">=", ">"}
        The comparison of ``sum(windows)`` with ``capacity`` that signals
        congestion (feedback 0). The papers use ``>=``.
    max_steps : int
        Safety limit for ``cycles=``: a run that has not had ``cycles``
        congestion events after ``max_steps`` steps raises ``RuntimeError``.
    engine : {"step", "cycle", "kernel", "auto"}
        ``"step"`` (default): the reference, one step at a time in Python.
        ``"cycle"``: the same loop, but an additive phase (no system
        congested, the policy's ``advance`` affine in ``n``) is jumped in
        closed form to the next congestion event (:mod:`aimdmodel.cycles`);
        policies that cannot jump are stepped. ``"kernel"``: a compiled
        numba loop for the float and integer arithmetics of policies that
        declare themselves linear controls (:mod:`aimdmodel.kernels`);
        anything else runs the step engine. ``"auto"``: ``"cycle"`` when the
        policy can jump and either the arithmetic is exact or the first
        additive phase is long (at least ``AUTO_JUMP_MIN`` = 1e5 flow-steps),
        else ``"kernel"`` when the policy is a linear control, else
        ``"cycle"`` or ``"step"``. The result says which ran
        (``Trajectory.engine``). All engines give the step engine's windows
        exactly in exact and integer arithmetic; in float the kernel is
        bit-for-bit and the cycle engine is bit-for-bit when the parameters
        and windows are dyadic (see :mod:`aimdmodel.cycles`).
    record : {"all", "cycles", "none"}
        ``"all"`` (default) keeps every window and feedback bit;
        ``"cycles"`` keeps the windows at step 0, at every congestion step,
        right after it and at the end, with what the metrics need
        (:class:`~aimdmodel.trajectory.CycleRecord`); ``"none"`` keeps the
        first and last windows only. A batched run keeps the knots of all its
        systems (at most every step, as ``"all"``): many systems with
        staggered congestion events save little; run them separately (as
        :func:`aimdmodel.sweep` does) or use ``"none"``.

    Returns
    -------
    Trajectory
        Windows of shape ``(T+1, m)`` or ``(T+1, B, m)`` and feedback of
        shape ``(T,)`` or ``(T, B)``.

    Raises
    ------
    ValueError
        Bad windows, capacity, counts, arithmetic or comparison (the message
        names the parameter and the allowed range).
    TypeError
        A parameter of the wrong type.

    Examples
    --------
    The pinned example of the core issue, in exact arithmetic:

    >>> from aimdmodel import AIMD, simulate
    >>> tr = simulate(AIMD(a=1, b=0.5), [1, 30], 100, steps=40, arithmetic="exact")
    >>> [str(w) for w in tr.windows[35]], int(tr.feedback[35])
    (['36', '65'], 0)
    >>> [str(w) for w in tr.windows[36]]
    ['18', '65/2']

    Jumping whole additive phases gives the same windows:

    >>> fast = simulate(AIMD(), [1, 30], 100, steps=40, arithmetic="exact", engine="cycle")
    >>> fast.engine, bool((fast.windows == tr.windows).all())
    ('cycle', True)
    """
    if not isinstance(policy, Policy):
        raise TypeError(f"policy must be an aimdmodel Policy, got {policy!r}")
    if arithmetic not in ARITHMETICS:
        raise ValueError(f"arithmetic must be one of {', '.join(ARITHMETICS)}, got {arithmetic!r}")
    if congestion not in CONGESTION_TESTS:
        raise ValueError(f"congestion must be one of '>=', '>', got {congestion!r}")
    steps = _check_count("steps", steps)
    cycles = _check_count("cycles", cycles)
    if (steps is None) == (cycles is None):
        raise ValueError("give exactly one of steps= and cycles=")
    max_steps = _check_count("max_steps", max_steps)
    if not is_number(capacity):
        raise TypeError(f"capacity must be a real number > 0, got {capacity!r}")
    if not (math.isfinite(float(capacity)) and capacity > 0):
        raise ValueError(f"capacity must be finite and > 0, got {capacity!r}")
    raw = _check_x0(x0)
    floor = policy.window_floor
    if is_number(floor) and _below_floor(raw, floor):
        raise ValueError(f"x0 must hold windows >= the policy's floor {floor}")

    if arithmetic == "float":
        pol = policy.converted(to_float)
        W: Any = float(capacity)
    else:
        pol = policy.converted(to_fraction)
        W = to_fraction(capacity, "capacity")
    single = raw.ndim == 1
    x = as_arithmetic(raw, arithmetic)
    if single:
        x = x[None, :]
    state = pol.init(x)

    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    if record not in RECORDS:
        raise ValueError(f"record must be one of {', '.join(RECORDS)}, got {record!r}")

    jumper = None
    used = "step"
    if engine in ("cycle", "auto"):
        from .cycles import Jumper

        jumper = Jumper.for_policy(pol, arithmetic=arithmetic, congestion=congestion)
        if (
            engine == "auto"
            and jumper is not None
            and arithmetic != "exact"
            and _short_phases(pol, jumper, state, W, congestion == ">=")
        ):
            from .kernels import kernel_spec

            if kernel_spec(pol) is not None:
                jumper = None  # the compiled loop is faster on short additive phases
        if jumper is not None:
            used = "cycle"
    if engine == "kernel" or (engine == "auto" and jumper is None):
        from .kernels import run_kernel

        out = run_kernel(
            pol, x, W, arithmetic=arithmetic, congestion=congestion, steps=steps,
            cycles=cycles, max_steps=max_steps, record=record,
        )
        if out is not None:
            windows, fb, state, rec = out
            return _finish(
                policy, W, arithmetic, congestion, record, single, windows, fb, state, rec,
                "kernel",
            )

    whole = arithmetic == "integer"
    ge = congestion == ">="
    B = x.shape[0]

    window = pol.window(state)
    keep_all = record == "all"
    history = [window[None]] if keep_all else []
    feedback: list[np.ndarray] = []
    recorder = None if keep_all else _Recorder(record, window, B)
    events = np.zeros(B, dtype=np.int64)
    t = 0
    while True:
        if steps is not None:
            if t >= steps:
                break
            limit = steps - t
        elif (events >= cycles).all():
            break
        elif t >= max_steps:
            raise RuntimeError(
                f"no {cycles} congestion events within max_steps={max_steps} steps "
                f"(fewest so far: {int(events.min())}); raise max_steps or use steps="
            )
        else:
            limit = max_steps - t
        total = window.sum(axis=-1)
        congested = np.asarray(total >= W if ge else total > W, dtype=bool)
        if jumper is not None and limit > 1 and not congested.any():
            n = jumper.steps(state, total, W, limit)
            if n > 1:
                # n increases in closed form: no system is congested before step t + n
                if keep_all:
                    history.append(jumper.ramp_windows(state, n))
                    feedback.append(np.ones((n, B), dtype=bool))
                else:
                    recorder.jump(jumper.ramp_sum(state, total, n))
                state = jumper.jump(state, n)
                window = pol.window(state)
                t += n
                continue
        if congested.all():
            state = pol.decrease(state)
        elif not congested.any():
            state = pol.increase(state)
        else:
            up, down = pol.increase(state), pol.decrease(state)
            mask = congested[:, None]
            state = type(state)(*(np.where(mask, d, u) for u, d in zip(up, down, strict=True)))
        if whole:
            state = type(state)(*(floor_whole(c) for c in state))
        events += congested
        new_window = pol.window(state)
        if keep_all:
            feedback.append(~congested[None])
            history.append(new_window[None])
        else:
            recorder.step(t, window, total, congested, new_window)
        window = new_window
        t += 1

    if keep_all:
        windows = np.concatenate(history)
        fb = (
            np.concatenate(feedback).astype(np.int8)
            if feedback
            else np.zeros((0, B), dtype=np.int8)
        )
        rec = None
    else:
        if jumper is not None:
            affine = jumper.affine
        else:
            from .cycles import is_affine

            affine = is_affine(pol)
        windows, fb, rec = recorder.finish(t, window, affine)
    return _finish(
        policy, W, arithmetic, congestion, record, single, windows, fb, state, rec, used
    )


AUTO_JUMP_MIN = 100_000
"""``engine="auto"`` jumps when the first additive phase has at least this
many flow-steps (steps x flows); below it a whole cycle is cheaper to step
in compiled code than to jump in Python (about 100 us per cycle)."""


def _short_phases(pol: Policy, jumper: Any, state: tuple, W: Any, ge: bool) -> bool:
    """Tell whether the first additive phase is shorter than :data:`AUTO_JUMP_MIN`."""
    total = pol.window(state).sum(axis=-1)
    congested = np.asarray(total >= W if ge else total > W, dtype=bool)
    if congested.any():
        state = pol.decrease(state)
        total = pol.window(state).sum(axis=-1)
        if np.asarray(total >= W if ge else total > W, dtype=bool).any():
            return True
    n = jumper.steps(state, total, W, 2**62)
    return n * pol.window(state).shape[-1] < AUTO_JUMP_MIN


def _finish(
    policy: Policy,
    W: Any,
    arithmetic: str,
    congestion: str,
    record: str,
    single: bool,
    windows: np.ndarray,
    fb: np.ndarray,
    state: tuple,
    rec: CycleRecord | None,
    used: str,
) -> Trajectory:
    """Shape the raw arrays of an engine into a :class:`Trajectory`."""
    if arithmetic == "integer":
        windows = _as_int64(windows)
    if single:
        windows = windows[:, 0, :]
        fb = fb[:, 0]
        state = type(state)(*(c[0] for c in state))
        if rec is not None:
            rec = CycleRecord(
                times=rec.times,
                segment_sums=rec.segment_sums[:, 0],
                events=None if rec.events is None else rec.events[0],
                affine=rec.affine,
            )
    return Trajectory(
        windows=windows,
        feedback=fb,
        policy=policy,
        capacity=W,
        arithmetic=arithmetic,
        congestion=congestion,
        final_state=state,
        record=record,
        cycle_record=rec,
        engine=used,
    )


class _Recorder:
    """Keeps the knots of a ``record="cycles"`` / ``"none"`` run (see CycleRecord).

    ``acc`` is the sum of the totals of the steps since the last knot.
    """

    def __init__(self, record: str, window: np.ndarray, B: int) -> None:
        self.cycles = record == "cycles"
        self.times = [0]
        self.windows = [window]
        self.sums: list[np.ndarray] = []
        self.acc: Any = None
        self.events: list[list[int]] = [[] for _ in range(B)]

    def _add(self, value: np.ndarray) -> None:
        self.acc = value if self.acc is None else self.acc + value

    def _close(self, t: int, window: np.ndarray) -> None:
        self.sums.append(self.acc)
        self.acc = None
        self.times.append(t)
        self.windows.append(window)

    def jump(self, ramp_sum: np.ndarray) -> None:
        self._add(ramp_sum)

    def step(
        self, t: int, window: np.ndarray, total: np.ndarray, congested: np.ndarray,
        new_window: np.ndarray,
    ) -> None:
        if not (self.cycles and congested.any()):
            self._add(total)
            return
        if self.times[-1] != t:
            self._close(t, window)
        self._add(total)
        self._close(t + 1, new_window)
        for i in np.flatnonzero(congested):
            self.events[i].append(t)

    def finish(self, t: int, window: np.ndarray, affine: bool):
        if self.times[-1] != t:
            self._close(t, window)
        B = window.shape[0]
        if self.sums:
            sums = np.stack(self.sums)
        else:
            sums = np.zeros((0, B), dtype=window.dtype)
        events = (
            tuple(np.asarray(e, dtype=np.int64) for e in self.events) if self.cycles else None
        )
        rec = CycleRecord(
            times=np.asarray(self.times, dtype=np.int64),
            segment_sums=sums,
            events=events,
            affine=affine,
        )
        fb = np.zeros((0, B), dtype=np.int8)
        return np.stack(self.windows), fb, rec


def _as_int64(a: np.ndarray) -> np.ndarray:
    """Whole-packet windows as int64 when they fit, else keep Python ints."""
    if a.size == 0 or max(abs(int(v)) for v in a.ravel()) < 2**62:
        return a.astype(np.int64)
    return a
