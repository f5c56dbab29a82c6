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
from .trajectory import Trajectory

__all__ = ["CONGESTION_TESTS", "simulate"]

CONGESTION_TESTS = (">=", ">")
"""Accepted values of ``congestion``: congestion when ``sum >= W`` or ``sum > W``."""

DEFAULT_MAX_STEPS = 10_000_000


def _check_x0(x0: Any) -> np.ndarray:
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
            raise ValueError("x0 must be a vector (m,) or a matrix (B, m): its rows differ in length")
        if not is_number(v):
            raise TypeError(f"x0 must hold real numbers, got {v!r}")
        if not math.isfinite(float(v)):
            raise ValueError(f"x0 must hold finite windows, got {v!r}")
        if v < 0:
            raise ValueError(f"x0 must hold windows >= 0, got {v}")
    return arr


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
    if is_number(floor) and any(v < floor for v in raw.ravel()):
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
    whole = arithmetic == "integer"
    ge = congestion == ">="

    window = pol.window(state)
    history = [window]
    feedback: list[np.ndarray] = []
    events = np.zeros(x.shape[0], dtype=np.int64)
    t = 0
    while True:
        if steps is not None:
            if t >= steps:
                break
        elif (events >= cycles).all():
            break
        elif t >= max_steps:
            raise RuntimeError(
                f"no {cycles} congestion events within max_steps={max_steps} steps "
                f"(fewest so far: {int(events.min())}); raise max_steps or use steps="
            )
        total = window.sum(axis=-1)
        congested = np.asarray(total >= W if ge else total > W, dtype=bool)
        if congested.all():
            state = pol.decrease(state)
        elif not congested.any():
            state = pol.increase(state)
        else:
            up, down = pol.increase(state), pol.decrease(state)
            mask = congested[:, None]
            state = type(state)(*(np.where(mask, d, u) for u, d in zip(up, down)))
        if whole:
            state = type(state)(*(floor_whole(c) for c in state))
        events += congested
        feedback.append(~congested)
        window = pol.window(state)
        history.append(window)
        t += 1

    windows = np.stack(history)
    fb = (
        np.stack(feedback).astype(np.int8)
        if feedback
        else np.zeros((0, x.shape[0]), dtype=np.int8)
    )
    if whole:
        windows = _as_int64(windows)
    if single:
        windows = windows[:, 0, :]
        fb = fb[:, 0]
        state = type(state)(*(c[0] for c in state))
    return Trajectory(
        windows=windows,
        feedback=fb,
        policy=policy,
        capacity=W,
        arithmetic=arithmetic,
        congestion=congestion,
        final_state=state,
    )


def _as_int64(a: np.ndarray) -> np.ndarray:
    """Whole-packet windows as int64 when they fit, else keep Python ints."""
    if a.size == 0 or max(abs(int(v)) for v in a.ravel()) < 2**62:
        return a.astype(np.int64)
    return a
