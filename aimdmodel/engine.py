"""``simulate``: one entry point for every engine and arithmetic of the synchronous model.

m flows share a bottleneck of capacity ``W`` packets per RTT. At every step
``t`` the bottleneck (:mod:`aimdmodel.feedback`) compares the sum of the
windows with ``W``: congested (feedback 0), every flow applies its
policy's ``decrease``; otherwise (feedback 1) its ``increase``.
:func:`simulate` checks its arguments (:func:`prepare`), hands the problem
to an engine of the registry :data:`aimdmodel.engines.ENGINES` and shapes
the engine's arrays into a :class:`~aimdmodel.trajectory.Trajectory`.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from ._arith import ARITHMETICS, as_arithmetic, is_number, is_symbolic, to_float, to_fraction
from ._validate import check_choice, check_count, fmt_value
from .dynamics import Capacity, Membership
from .engines import ENGINES, Raw, Run
from .engines.guards import Limits, estimate_bytes, memory_error
from .feedback import CONVENTIONS, SynchronousFeedback
from .policies import FlowMix, Policy
from .trajectory import RECORDS, Trajectory

__all__ = ["CONGESTION_TESTS", "ENGINES", "check_policy_on", "check_windows", "prepare", "simulate"]

CONGESTION_TESTS = CONVENTIONS
"""Accepted values of ``congestion``: congestion when ``sum >= W`` or ``sum > W``."""

DEFAULT_MAX_STEPS = 10_000_000
_DEFAULT_LIMITS = Limits()  # immutable; its defaults are read when the module is imported


def _finite(v: Any) -> bool:
    """Tell whether a window is finite, exactly (no float conversion of an int or Fraction)."""
    if isinstance(v, (float, np.floating)):
        return bool(np.isfinite(v))
    return True


def check_windows(x0: Any) -> np.ndarray:
    """Check starting windows as :func:`simulate` does; return them as an array.

    The part of :func:`prepare` that looks at ``x0`` alone (shape, numbers,
    finite, ``>= 0``); :func:`check_policy_on` checks them against a policy.

    Parameters
    ----------
    x0 : array_like
        Windows ``(m,)`` or ``(B, m)``: a sequence, an array or any iterable.

    Returns
    -------
    ndarray
        The windows as given: an int or float array when they came as one,
        ``float64`` for plain floats, else ``object`` (Python ints, Fractions
        and mixed numbers kept exact).

    Raises
    ------
    ValueError
        A shape other than ``(m,)`` or ``(B, m)``, a window that is not finite or
        is negative.
    TypeError
        A window that is not a real number.

    Examples
    --------
    >>> check_windows([1.0, 30.5])
    array([ 1. , 30.5])
    >>> check_windows([1, -2])
    Traceback (most recent call last):
        ...
    ValueError: x0 must hold windows >= 0, got -2
    """
    if not isinstance(x0, (list, tuple, np.ndarray)) and hasattr(x0, "__iter__") and not (
        isinstance(x0, (str, bytes))
    ):
        x0 = list(x0)  # a generator or any other iterable of windows
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
        if not _finite(v):
            raise ValueError(f"x0 must hold finite windows, got {v!r}")
        if v < 0:
            raise ValueError(f"x0 must hold windows >= 0, got {v}")
    return arr


def _numeric_x0(x0: Any) -> np.ndarray | None:
    """Vectorised :func:`check_windows` for windows that numpy holds as ints or floats.

    Returns None (use the element-by-element checks) for anything else.
    """
    if isinstance(x0, np.ndarray):
        arr = x0
    elif isinstance(x0, (list, tuple)) and x0 and all(type(v) is float for v in x0):
        arr = np.array(x0, dtype=np.float64)  # plain floats: what numpy holds them as
        if all(0.0 <= v < math.inf for v in x0):  # finite, >= 0 (and not nan): checked
            return arr
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
    """Tell whether some window of ``raw`` is below the policy's floor (exactly).

    The windows were checked to be ``>= 0``: a floor ``<= 0`` leaves none below.
    """
    if is_number(floor) and floor <= 0:
        return False
    floors = np.broadcast_to(np.asarray(floor, dtype=object), raw.shape[-1:])
    for i, fl in enumerate(floors):
        col = raw[..., i].ravel()
        if raw.dtype != object and fl == 0:
            if (col < 0).any():
                return True
            continue
        if any((v.item() if isinstance(v, np.generic) else v) < fl for v in col):
            return True
    return False


_PLAIN = (float, int, Fraction)


def _check_numbers(policy: Policy, pol: Policy, raw: np.ndarray, arithmetic: str) -> None:
    """No symbols outside ``derive``; in float arithmetic no parameter or window lost to range."""
    params = policy.params()
    if arithmetic == "float" and raw.dtype != object and all(
            type(v) in _PLAIN for v in params.values()):
        for name, value in params.items():  # plain numbers: the checks below, made short
            got = getattr(pol, name)
            if value != 0 and not (type(got) is float and 0 < abs(got) < math.inf):
                raise ValueError(
                    f"{name} = {fmt_value(value)} is not a finite nonzero float64 (it overflows "
                    "or underflows); use arithmetic='exact'"
                )
        return
    for name, value in params.items():
        items = value if isinstance(value, tuple) else (value,)
        if any(is_symbolic(v) for v in items):
            raise TypeError(
                f"policy parameter {name} is a sympy expression ({value}); simulate runs "
                "numbers: give a number, or use aimdmodel.symbolic.derive for closed forms"
            )
    if arithmetic != "float":
        return
    for name, value in policy.params().items():
        got = np.atleast_1d(np.asarray(getattr(pol, name), dtype=object))
        for given, conv in zip(np.atleast_1d(np.asarray(value, dtype=object)), got, strict=True):
            if is_number(given) and given != 0 and not (0 < abs(conv) < math.inf):
                raise ValueError(
                    f"{name} = {fmt_value(given)} is not a finite nonzero float64 (it overflows "
                    "or underflows); use arithmetic='exact'"
                )
    if raw.dtype == object:
        for v in raw.ravel():
            if v != 0 and not (0 < abs(float(v)) < math.inf if _fits(v) else False):
                raise ValueError(
                    f"x0 holds the window {fmt_value(v)}, which float64 cannot hold; use "
                    "arithmetic='exact'"
                )


def _fits(v: Any) -> bool:
    try:
        float(v)
    except OverflowError:
        return False
    return True


def _check_per_flow(policy: Policy, m: int) -> None:
    """Every per-flow parameter must have one value per flow."""
    for name, n in policy.per_flow.items():
        if n != m:
            raise ValueError(
                f"{name} has {n} values (one per flow) but x0 has {m} flow(s); "
                f"give {m} values or one"
            )


def check_policy_on(policy: Policy, raw: np.ndarray, arithmetic: str) -> Policy:
    """Check a policy against checked windows; return it in the run's arithmetic.

    The part of :func:`prepare` that looks at the policy: one value per flow
    for a per-flow parameter, no window below the policy's floor, no symbol,
    and (float) no parameter or window that float64 cannot hold.

    Parameters
    ----------
    policy : Policy
    raw : ndarray
        Windows from :func:`check_windows`, shape ``(m,)`` or ``(B, m)``.
    arithmetic : {"float", "exact", "integer"}
        An arithmetic already checked.

    Returns
    -------
    Policy
        The policy with its parameters converted (``float`` or ``Fraction``).

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> check_policy_on(AIMD(a=[1, 2]), check_windows([1, 30]), "float")
    AIMD(a=[1.0, 2.0], b=0.5, floor=0.0)
    >>> check_policy_on(AIMD(a=[1, 2]), check_windows([1, 30, 5]), "float")
    Traceback (most recent call last):
        ...
    ValueError: a has 2 values (one per flow) but x0 has 3 flow(s); give 3 values or one
    """
    _check_per_flow(policy, raw.shape[-1])
    floor = policy.window_floor
    if (is_number(floor) or isinstance(floor, tuple)) and _below_floor(raw, floor):
        raise ValueError(f"x0 must hold windows >= the policy's floor {floor}")
    pol = policy.converted(to_float if arithmetic == "float" else to_fraction)
    _check_numbers(policy, pol, raw, arithmetic)
    return pol


def prepare(
    policy: Policy,
    x0: Any,
    capacity: Any,
    *,
    steps: int | None = None,
    cycles: int | None = None,
    arithmetic: str = "float",
    congestion: str = ">=",
    max_steps: int = DEFAULT_MAX_STEPS,
    record: str = "all",
    arrivals: dict[int, int] | None = None,
    departures: dict[int, int] | None = None,
    limits: Limits | None = None,
    progress: bool | None = None,
) -> Run:
    """Check the arguments of :func:`simulate`; build the engines' :class:`~.engines.Run`.

    Parameters and errors are those of :func:`simulate`.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> run = prepare(AIMD(), [1, 30], 100, steps=10, arithmetic="exact")
    >>> run.x.shape, run.feedback
    ((1, 2), SynchronousFeedback(capacity=100, congestion='>='))
    """
    if isinstance(policy, (list, tuple)):
        policy = FlowMix(tuple(policy))
    if not isinstance(policy, Policy):
        raise TypeError(
            f"policy must be an aimdmodel Policy or a sequence of them (one per flow), "
            f"got {policy!r}"
        )
    check_choice("arithmetic", arithmetic, ARITHMETICS)
    check_choice("congestion", congestion, CONVENTIONS)
    check_choice("record", record, RECORDS)
    steps = check_count("steps", steps)
    cycles = check_count("cycles", cycles)
    if (steps is None) == (cycles is None):
        raise ValueError("give exactly one of steps= and cycles=")
    max_steps = check_count("max_steps", max_steps, optional=False)
    schedule = Capacity.from_user(capacity, arithmetic=arithmetic, steps=steps)
    raw = check_windows(x0)
    membership = (None if arrivals is None and departures is None
                  else Membership.from_user(raw.shape[-1], arrivals, departures))
    pol = check_policy_on(policy, raw, arithmetic)
    x = as_arithmetic(raw, arithmetic)
    single = x.ndim == 1
    if single:
        x = x[None, :]
    return Run(
        policy=policy,
        pol=pol,
        x=x,
        feedback=SynchronousFeedback(schedule, congestion),
        arithmetic=arithmetic,
        steps=steps,
        cycles=cycles,
        max_steps=max_steps,
        record=record,
        single=single,
        membership=None if membership is None or membership.static else membership,
        limits=_check_memory(limits, steps, x, arithmetic, record),
        progress=progress,
    )


def _check_memory(
    limits: Limits | None, steps: int | None, x: np.ndarray, arithmetic: str, record: str
) -> Limits:
    """Refuse, before any work, a ``record="all"`` run that cannot fit in ``limits.memory``."""
    if limits is None:
        limits = _DEFAULT_LIMITS
    elif not isinstance(limits, Limits):
        raise TypeError(f"limits must be an aimdmodel Limits, got {limits!r}")
    if record == "all" and steps is not None:
        needed = estimate_bytes(steps + 1, x.shape[0], x.shape[1], arithmetic)
        if needed > limits.memory:
            raise memory_error(needed, limits.memory, f"simulate(steps={steps}, record='all')")
    return limits


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
    arrivals: dict[int, int] | None = None,
    departures: dict[int, int] | None = None,
    limits: Limits | None = None,
    progress: bool | None = None,
) -> Trajectory:
    """Iterate a policy under synchronous binary feedback.

    Parameters
    ----------
    policy : Policy or sequence of Policy
        The rule (``AIMD()``), or one rule per flow (``[AIMD(), AIAD()]``,
        run as a :class:`~aimdmodel.policies.FlowMix`). A numeric parameter
        may hold one value per flow (``AIMD(a=[1, 0.2])``).
    x0 : array_like
        Initial windows ``(m,)``, or ``(B, m)`` for ``B`` systems; finite, ``>= 0``.
    capacity : number, sequence or callable
        ``W`` in packets per RTT, ``> 0``: a constant; one value per step (a
        trace, e.g. :mod:`aimdmodel.environments`); or a function of the
        step. A run that needs a step past the end of a trace raises.
    steps, cycles : int
        Exactly one: RTTs to run, or stop after the ``cycles``-th congestion event.
    arithmetic : {"float", "exact", "integer"}
        float64; :class:`~fractions.Fraction` without rounding (floats read
        through their shortest decimal: 0.7 is 7/10); or whole packets
        (every state variable floored after each step).
    congestion : {">=", ">"}
        Congestion when the windows' sum is ``>= W`` (the papers) or ``> W``.
    max_steps : int
        Limit of a ``cycles=`` run: steps, or jumps and steps (jump engines).
    engine : {"step", "cycle", "ccycle", "kernel", "auto"}
        :data:`aimdmodel.engines.ENGINES`: the reference, jumps of additive
        phases (in Python, compiled), compiled linear controls, the fastest
        by a cost model; ``Trajectory.engine`` says which ran. Exact and
        integer runs are identical on all (:mod:`aimdmodel.engines`).
    record : {"all", "cycles", "none"}
        Keep every step; the knots (step 0, each congestion step and the
        next, each change of capacity or flows, the end) with what the
        metrics need (:class:`~aimdmodel.trajectory.CycleRecord`); or the
        first and last windows only.
    arrivals, departures : dict, optional
        ``{flow index: step}``: flow ``i`` is active at the steps
        ``arrivals[i] <= t < departures[i]``; it arrives with ``x0[i]``. An
        inactive flow sends nothing, is not counted, and its state rests.
    limits, progress
        :class:`~.engines.guards.Limits` (memory, exact number size); a progress bar.

    Returns
    -------
    Trajectory
        Windows ``(T+1, m)`` or ``(T+1, B, m)``, feedback ``(T,)`` or
        ``(T, B)``; ``t``, ``capacities``, ``active`` for each row. A bad
        argument raises ``ValueError``/``TypeError`` naming it and its range.

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> tr = simulate(AIMD(a=1, b=0.5), [1, 30], 100, steps=40, arithmetic="exact")
    >>> [str(w) for w in tr.windows[35]], int(tr.feedback[35]), [str(w) for w in tr.windows[36]]
    (['36', '65'], 0, ['18', '65/2'])
    """
    check_choice("engine", engine, tuple(ENGINES))
    run = prepare(
        policy, x0, capacity, steps=steps, cycles=cycles, arithmetic=arithmetic,
        congestion=congestion, max_steps=max_steps, record=record, arrivals=arrivals,
        departures=departures, limits=limits, progress=progress,
    )
    return _finish(run, _run_watched(engine, run))


def _run_watched(engine: str, run: Run) -> Raw:
    """Run an engine; refuse a policy that kept state between its calls."""
    before = _kept_state(run.pol), _kept_state(run.policy)
    raw = ENGINES[engine]().run(run)
    _refuse_kept_state(run, before)
    return raw


def _kept_state(pol: Policy) -> tuple:
    """Return what a policy could keep between calls: its attributes, its class's containers."""
    if type(pol).__module__.startswith("aimdmodel."):  # the library's own (lazy caches)
        members = getattr(pol, "policies", ())  # a FlowMix: its members may be the user's
        inner = [_kept_state(m) for m in members if isinstance(m, Policy)]
        return {"members": repr(inner)}, {}
    own = {k: repr(v) for k, v in vars(pol).items() if k != "_hash_"}
    shared = {k: repr(v) for k, v in vars(type(pol)).items()
              if isinstance(v, (list, dict, set, bytearray, np.ndarray))}
    return own, shared


def _refuse_kept_state(run: Run, before: tuple) -> None:
    """Refuse a policy whose methods changed its attributes (its results depend on the engine)."""
    for pol, was in zip((run.pol, run.policy), before, strict=True):
        now = _kept_state(pol)
        if now != was:
            changed = sorted({k for a, b in zip(now, was, strict=True) for k in a.keys() | b.keys()
                              if a.get(k) != b.get(k)})
            raise ValueError(
                f"policy {run.policy.label()} changed {', '.join(changed)} while it ran: a policy "
                "must not keep state between calls (its methods are called as often as the "
                "engine and record need, so the windows would depend on them); keep it in the "
                "state tuple that init returns")


def _finish(run: Run, raw: Raw) -> Trajectory:
    """Shape an engine's batched arrays into a :class:`Trajectory`."""
    windows, fb, state, rec = raw.windows, raw.feedback, raw.state, raw.cycle_record
    if run.arithmetic == "integer":
        windows = _as_int64(windows)
    if run.single:
        windows = windows[:, 0, :]
        fb = fb[:, 0]
        state = type(state)(*(c[0] for c in state))
        if rec is not None:
            rec = rec.system(0)
    times = np.arange(windows.shape[0], dtype=np.int64) if rec is None else rec.times
    # every flow active throughout unless the run says otherwise (Membership.over, static)
    active = (np.ones((len(times), run.flows), dtype=bool) if run.membership is None
              else run.membership.over(times))
    return Trajectory(
        windows=windows,
        feedback=fb,
        policy=run.policy,
        capacity=run.feedback.capacity,
        arithmetic=run.arithmetic,
        congestion=run.feedback.congestion,
        final_state=state,
        record=run.record,
        cycle_record=rec,
        engine=raw.engine,
        t=times,
        capacities=run.feedback.schedule.over(times),
        active=active,
    )


def _as_int64(a: np.ndarray) -> np.ndarray:
    """Whole-packet windows as int64 when they fit, else keep Python ints."""
    if a.size == 0 or max(abs(int(v)) for v in a.ravel()) < 2**62:
        return a.astype(np.int64)
    return a
