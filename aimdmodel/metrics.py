"""Metrics: pure functions of a :class:`~aimdmodel.trajectory.Trajectory`.

Long-run metrics (:func:`efficiency`, :func:`offered_load`,
:func:`overflow`, :func:`smoothness`) average over *whole cycles* after a
burn-in. A whole cycle (Lahanas & Tsaoussidis 2003, Sec. 2) starts right after a congestion
event and ends with the next one, both steps included in that order: cycle
``j`` spans the steps ``c[j-1] + 1 .. c[j]`` where ``c`` are the congestion
steps. The stretch before the first congestion event is not a whole cycle.
The default burn-in discards the first half of the whole cycles (rounded
down), so at least one cycle is always kept.

Each function takes the arithmetic of the trajectory: an exact trajectory
gives exact :class:`~fractions.Fraction` results, a float one floats.
For a batched trajectory each function returns one value per system.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ._arith import at_least, is_number
from .trajectory import Trajectory

__all__ = [
    "CycleStats",
    "congested_share",
    "cycle_stats",
    "cycles_after_burn_in",
    "cycles_to_fairness",
    "efficiency",
    "increase_counts",
    "jain_index",
    "loss_share",
    "offered_load",
    "overflow",
    "overshoot_by_flow",
    "responsiveness",
    "smoothness",
    "spread",
    "steps_to_fairness",
    "whole_cycles",
]


def _takes_trajectory(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Refuse, naming the function, a first argument that is not a Trajectory."""

    @functools.wraps(fn)
    def checked(traj: Any, *args: Any, **kwargs: Any) -> Any:
        if not isinstance(traj, Trajectory):
            raise TypeError(
                f"{fn.__name__} takes a Trajectory (the result of aimdmodel.simulate), got "
                f"{type(traj).__name__}"
            )
        return fn(traj, *args, **kwargs)

    return checked


def _check_eps(eps: Any) -> None:
    """Check the fairness tolerance: a finite real number >= 0."""
    if not is_number(eps):
        raise TypeError(f"eps must be a real number >= 0 (packets), got {eps!r}")
    if not (eps >= 0 and (not isinstance(eps, float) or math.isfinite(eps))):
        raise ValueError(f"eps must be a finite number >= 0 (packets), got {eps!r}")


def _per_system(traj: Trajectory, fn) -> Any:
    if traj.batched:
        values = [fn(traj.system(i)) for i in range(traj.n_systems)]
        return np.array(values, dtype=np.float64 if traj.arithmetic == "float" else object)
    return fn(traj)


@_takes_trajectory
def whole_cycles(traj: Trajectory, burn_in: int | None = None) -> list[tuple[int, int]]:
    """Return the whole cycles kept after the burn-in, as ``(first, last)`` steps.

    Parameters
    ----------
    traj : Trajectory
        An unbatched trajectory.
    burn_in : int, optional
        Number of whole cycles to discard first. Default: the start-up
        transient (the leading cycles without an increase step: a run that
        starts above capacity decreases at every step until it is below it),
        then half of the remaining cycles (rounded down).

    Returns
    -------
    list of (int, int)
        Inclusive step ranges; ``last`` is the congestion step closing the
        cycle.

    Raises
    ------
    ValueError
        If the trajectory holds no whole cycle after the burn-in (the
        message says when the run is still in its start-up transient).

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> tr = simulate(AIMD(), [1, 30], 100, cycles=3, arithmetic="exact")
    >>> whole_cycles(tr, burn_in=0)
    [(36, 61), (62, 87)]
    >>> over = simulate(AIMD(), [5000, 6000], 100, cycles=12)  # 7 halvings before any increase
    >>> whole_cycles(over)[0], len(whole_cycles(over))
    ((42, 67), 3)
    """
    if traj.batched:
        raise ValueError("whole_cycles takes an unbatched trajectory; use traj.system(i)")
    return cycles_after_burn_in(traj.congestion_steps, burn_in)


def cycles_after_burn_in(
    congestion_steps: Any, burn_in: int | None = None
) -> list[tuple[int, int]]:
    """Return the whole cycles between congestion steps, after the burn-in.

    :func:`whole_cycles` from the congestion steps alone (for a caller that
    has the events but no trajectory, such as a compiled sweep).

    Examples
    --------
    >>> cycles_after_burn_in([0, 1, 2, 10, 20, 30])   # two decreases only, then three cycles
    [(11, 20), (21, 30)]
    """
    c = [int(v) for v in congestion_steps]
    cycles = [(c[j - 1] + 1, c[j]) for j in range(1, len(c))]
    transient = next((j for j, (a, b) in enumerate(cycles) if b > a), len(cycles))
    if burn_in is None:
        burn_in = transient + (len(cycles) - transient) // 2
    if isinstance(burn_in, bool) or not isinstance(burn_in, (int, np.integer)) or burn_in < 0:
        raise ValueError(f"burn_in must be an int >= 0, got {burn_in!r}")
    kept = cycles[burn_in:]
    if not kept:
        still = (
            f" (the first {transient} are the start-up transient: decreases only)"
            if transient else ""
        )
        raise ValueError(
            f"the trajectory has {len(cycles)} whole cycle(s){still} and burn_in={burn_in}: "
            "no whole cycle is left to average over; run more cycles"
        )
    return kept


@_takes_trajectory
def increase_counts(traj: Trajectory) -> list[int]:
    """Count the steps with feedback 1 before each congestion event.

    ``k_1`` is the number of increases before the first congestion event;
    then, for each later event, the increases since the previous one (the
    papers' ``k_j`` when the increase is one packet per RTT).

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> increase_counts(simulate(AIMD(), [1, 30], 100, cycles=3, arithmetic="exact"))
    [35, 25, 25]
    """
    if traj.batched:
        raise ValueError("increase_counts takes an unbatched trajectory; use traj.system(i)")
    c = [int(v) for v in traj.congestion_steps]
    if not c:
        return []
    return [c[0]] + [c[j] - c[j - 1] - 1 for j in range(1, len(c))]


@_takes_trajectory
def congested_share(traj: Trajectory, last: int | None = None) -> float:
    """Share of the steps that were congestion events (of the ``last`` steps, or all).

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> congested_share(simulate(AIMD(), [1, 30], 100, steps=100))
    0.03
    """
    if traj.batched:
        raise ValueError("congested_share takes an unbatched trajectory; use traj.system(i)")
    T = traj.n_steps
    n = T if last is None else min(int(last), T)
    if n <= 0:
        raise ValueError(f"last must be >= 1 and the trajectory must have steps, got {last!r}")
    events = np.asarray(traj.congestion_steps)
    return float(np.count_nonzero(events >= T - n)) / n


@dataclass(frozen=True)
class CycleStats:
    """One whole cycle of a run (see :func:`cycle_stats`).

    Attributes
    ----------
    first, last : int
        Its steps, inclusive (``last`` is the congestion step closing it).
    length : int
        ``last - first + 1`` steps (RTTs).
    min_total, max_total : number
        Smallest and largest sum of the windows over the cycle.
    packets : number
        The sum of the windows' sums over its steps (packets offered in the
        cycle; with a total that never exceeds ``W`` before the congestion
        step, what the bottleneck carried plus the congestion step's
        overshoot).
    mean_total : number
        ``packets / length``.
    """

    first: int
    last: int
    length: int
    min_total: Any
    max_total: Any
    packets: Any
    mean_total: Any


@_takes_trajectory
def cycle_stats(traj: Trajectory, burn_in: int | None = None) -> list[CycleStats]:
    """Per whole cycle kept after the burn-in: its steps, length, extremes and packets.

    The one place where a run is split into cycles for read-outs (the
    long-run metrics average over the same :func:`whole_cycles`). Needs
    every step (``record="all"``), or a ``record="cycles"`` run of a policy
    with an affine advance (then the extremes are taken at the knots, where
    a monotone ramp has them, and the packets from the recorded sums).

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> c = cycle_stats(simulate(AIMD(), [1, 30], 100, cycles=3, arithmetic="exact"), burn_in=0)
    >>> [(s.length, str(s.min_total), str(s.max_total)) for s in c]
    [(26, '101/2', '201/2'), (26, '201/4', '401/4')]
    """
    if traj.batched:
        raise ValueError("cycle_stats takes an unbatched trajectory; use traj.system(i)")
    kept = whole_cycles(traj, burn_in)
    out = []
    for first, last in kept:
        if traj.cycle_record is None:
            seg = traj.totals[first : last + 1]
            lo, hi, packets = seg.min(), seg.max(), seg.sum()
        else:
            rec = traj.cycle_record
            if not rec.affine:
                raise ValueError(
                    "cycle_stats on a record='cycles' run needs a policy with an affine "
                    "advance; run with record='all'"
                )
            k0, k1 = _knot_index(traj, first), _knot_index(traj, last)
            knots = traj.totals[k0 : k1 + 1]
            lo, hi = knots.min(), knots.max()
            packets = rec.segment_sums[k0]
            for k in range(k0 + 1, k1 + 1):
                packets = packets + rec.segment_sums[k]
        length = last - first + 1
        out.append(CycleStats(first, last, length, lo, hi, packets, packets / length))
    return out


def _cycle_average(traj: Trajectory, burn_in: int | None, per_step, ramp=None) -> Any:
    def one(tr: Trajectory) -> Any:
        kept = whole_cycles(tr, burn_in)
        if tr.cycle_record is not None:
            return _knot_average(tr, kept, per_step, ramp)
        idx = np.concatenate([np.arange(a, b + 1) for a, b in kept])
        values = per_step(tr.totals[idx], tr.capacities[idx])
        return values.sum() / len(idx)

    return _per_system(traj, one)


def _knot_index(tr: Trajectory, t: int) -> int:
    """Index of step ``t`` in the recorded steps of a cycle-recorded trajectory."""
    times = tr.cycle_record.times
    k = int(np.searchsorted(times, t))
    if k >= len(times) or times[k] != t:  # pragma: no cover - knots cover every event
        raise ValueError(f"step {t} was not recorded")
    return k


def _row(tr: Trajectory, t: int) -> int:
    """Row of ``windows`` holding step ``t`` (for either kind of trajectory)."""
    return t if tr.cycle_record is None else _knot_index(tr, t)


def _total_at(tr: Trajectory, t: int) -> Any:
    """``sum(windows[t])`` for either kind of trajectory."""
    return tr.totals[_row(tr, t)]


def _knot_average(tr: Trajectory, kept: list[tuple[int, int]], per_step, ramp) -> Any:
    """Average over whole cycles of a cycle-recorded trajectory.

    The steps ``first .. last-1`` of a whole cycle all have feedback 1, so
    their totals are below the capacity: ``ramp(sum of those totals, W)`` is
    their contribution (taken from ``segment_sums``; the knots include every
    change of the capacity, so ``W`` is constant on each segment, and
    consecutive segments with the same ``W`` are summed first); the
    congestion step ``last`` is a knot and goes through ``per_step``.
    """
    sums = tr.cycle_record.segment_sums
    caps = tr.capacities
    acc: Any = 0
    n = 0
    for first, last in kept:
        k0, k1 = _knot_index(tr, first), _knot_index(tr, last)
        k = k0
        while k < k1:
            W, inc = caps[k], sums[k]
            k += 1
            while k < k1 and caps[k] == W:
                inc = inc + sums[k]
                k += 1
            acc = acc + ramp(inc, W)
        acc = acc + per_step(np.asarray([tr.totals[k1]]), caps[k1])[0]
        n += last - first + 1
    return acc / n


@_takes_trajectory
def efficiency(traj: Trajectory, *, burn_in: int | None = None) -> Any:
    """Long-run efficiency (utilization): mean of ``min(sum(w), W_t) / W_t`` over whole cycles.

    This is Lahanas & Tsaoussidis 2003's "average flows' throughput per step ... over the
    system theoretical throughput": what the bottleneck carries, capped at
    its capacity. Offered load above ``W`` is not counted (see
    :func:`overflow`).

    Parameters
    ----------
    traj : Trajectory
    burn_in : int, optional
        Whole cycles discarded first (default: half of them).

    Returns
    -------
    float or Fraction
        A float for the float arithmetic, a Fraction otherwise; an array
        with one value per system when batched.

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> tr = simulate(AIMD(), [0], 10_000, cycles=6)
    >>> round(float(efficiency(tr)), 3)
    0.75
    """
    return _cycle_average(traj, burn_in, lambda s, W: np.minimum(s, W) / W, lambda s, W: s / W)


@_takes_trajectory
def offered_load(traj: Trajectory, *, burn_in: int | None = None) -> Any:
    """Mean of ``sum(w) / W`` over whole cycles (may exceed 1).

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> tr = simulate(AIMD(), [0], 10_000, cycles=6)
    >>> round(float(offered_load(tr)), 3)
    0.75
    """
    return _cycle_average(traj, burn_in, lambda s, W: s / W, lambda s, W: s / W)


@_takes_trajectory
def overflow(traj: Trajectory, *, burn_in: int | None = None) -> Any:
    """Mean of ``max(sum(w) - W, 0) / W`` over whole cycles.

    The offered load the bottleneck cannot carry (lost), relative to ``W``.

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> tr = simulate(AIMD(), [0], 100, cycles=6, arithmetic="exact")
    >>> overflow(tr)
    Fraction(0, 1)
    """
    return _cycle_average(traj, burn_in, lambda s, W: np.maximum(s - W, 0) / W, lambda s, W: 0 * s)


@_takes_trajectory
def smoothness(traj: Trajectory, *, burn_in: int | None = None) -> Any:
    """Oscillation amplitude relative to ``W``.

    The mean drop of the windows' sum at the congestion events that close
    the kept whole cycles, over ``W``.

    Lahanas & Tsaoussidis 2003, Sec. 3.1: smoothness "is reflected by the magnitude of the
    oscillations during multiplicative decrease". Smaller is smoother:
    about 1/2 for AIMD(1, 1/2), 1/3 for AIMD-FC, 2/9 for AIMD-FC+.

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> tr = simulate(AIMD(), [0], 10_000, cycles=6)
    >>> round(float(smoothness(tr)), 3)
    0.5
    """

    def one(tr: Trajectory) -> Any:
        kept = whole_cycles(tr, burn_in)
        drops = [
            (_total_at(tr, b) - _total_at(tr, b + 1)) / tr.capacities[_row(tr, b)]
            for _, b in kept
        ]
        return sum(drops[1:], drops[0]) / len(drops)

    return _per_system(traj, one)


def _windows_of(x: Any, active: Any = None) -> tuple[np.ndarray, np.ndarray | None]:
    """Windows (flows on the last axis) and the active mask, from a Trajectory or arrays."""
    if isinstance(x, Trajectory):
        w = x.windows
        act = x.active if active is None else np.asarray(active, dtype=bool)
        if w.ndim == 3 and act.ndim == 2:
            act = act[:, None, :]
        return w, None if act.all() else act
    try:
        w = np.asarray(x)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"windows must be an array of numbers: {exc}") from None
    if w.ndim == 0 or w.shape[-1] == 0:
        raise ValueError(f"windows must hold at least one flow, got shape {w.shape}")
    if w.dtype.kind not in "iufO":
        raise TypeError(f"windows must be real numbers, got dtype {w.dtype}")
    if w.dtype.kind in "iu":
        w = w.astype(np.float64)  # no overflow in the squares (int8 windows, 4e9 int64)
    if w.dtype.kind == "f" and not np.isfinite(w).all():
        raise ValueError("windows must be finite (no NaN or inf)")
    if (w < 0).any():
        raise ValueError("windows must be >= 0")
    act = None if active is None else np.broadcast_to(np.asarray(active, dtype=bool), w.shape)
    return w, act


def jain_index(x: Any, active: Any = None) -> Any:
    """Jain's fairness index ``(sum w)^2 / (n sum w^2)`` over the active flows.

    Lahanas & Tsaoussidis 2003 use it as their Eq. 17.

    Parameters
    ----------
    x : Trajectory or array_like
        Windows with flows on the last axis (``>= 0``; integers are
        computed in float64, so no square overflows). A Trajectory brings its
        own active-flow mask.
    active : array_like of bool, optional
        Which flows count (``n`` is their number); default all (or the
        Trajectory's ``active``).

    Returns
    -------
    ndarray or scalar
        One value per window vector, in ``[1/n, 1]``; exactly 1 for equal
        windows (all-zero windows, and no active flow, count as equal).
        Exact (Fractions) for object arrays of Fractions.

    Raises
    ------
    ValueError
        Empty or negative windows.

    Examples
    --------
    >>> jain_index([1.0, 1.0]), jain_index([1.0, 0.0]), jain_index([1.0, 0.0], [True, False])
    (1.0, 0.5, 1.0)
    """
    w, act = _windows_of(x, active)
    if act is not None:
        w = np.where(act, w, 0)
        n = act.sum(axis=-1)
    else:
        n = w.shape[-1]
    s = w.sum(axis=-1)
    q = (w * w).sum(axis=-1)
    zero = np.asarray(q == 0, dtype=bool)
    safe = np.where(zero, 1, q)
    out = np.where(zero, 1, s * s / (np.maximum(n, 1) * safe))
    if w.dtype != object:
        out = out.astype(np.float64)
    return out.item() if out.ndim == 0 else out


def _extremes(w: np.ndarray, act: np.ndarray | None) -> tuple[Any, Any]:
    """Largest and smallest window of the active flows, per window vector (0, 0 if none)."""
    if act is None:
        return w.max(axis=-1), w.min(axis=-1)
    if w.dtype != object:
        hi = np.where(act, w, -np.inf).max(axis=-1)
        lo = np.where(act, w, np.inf).min(axis=-1)
        none = ~act.any(axis=-1)
        return np.where(none, 0.0, hi), np.where(none, 0.0, lo)
    hi = np.empty(w.shape[:-1], dtype=object)
    lo = np.empty(w.shape[:-1], dtype=object)
    for idx in np.ndindex(w.shape[:-1]):
        vals = [v for v, a in zip(w[idx], act[idx], strict=True) if a] or [0]
        hi[idx], lo[idx] = max(vals), min(vals)
    return hi, lo


def spread(x: Any, active: Any = None) -> Any:
    """Compute the spread ``(g_max - g_min) / g_avg`` of the active flows' windows (Reddy et al.).

    0 for equal windows (all-zero windows included).

    Examples
    --------
    >>> spread([1.0, 3.0]), spread([1.0, 3.0, 0.0], [True, True, False])
    (1.0, 1.0)
    """
    w, act = _windows_of(x, active)
    hi, lo = _extremes(w, act)
    if act is not None:
        avg = np.where(act, w, 0).sum(axis=-1) / np.maximum(act.sum(axis=-1), 1)
    else:
        avg = w.sum(axis=-1) / w.shape[-1]
    zero = np.asarray(avg == 0, dtype=bool)
    out = np.where(zero, 0, (hi - lo) / np.where(zero, 1, avg))
    if w.dtype != object:
        out = out.astype(np.float64)
    return out.item() if out.ndim == 0 else out


def _gap(w: np.ndarray, act: np.ndarray | None) -> Any:
    """``max(w) - min(w)`` over the active flows (per window vector)."""
    hi, lo = _extremes(w, act)
    return hi - lo


def _fair_from(tr: Trajectory, eps: Any, deviation=_gap) -> int | None:
    """First step from which ``deviation(windows, active) <= eps`` holds to the end."""
    if tr.cycle_record is not None:
        return _fair_from_knots(tr, eps, deviation)
    w, act = _windows_of(tr)
    ok = np.asarray(deviation(w, act) <= eps, dtype=bool)
    if not ok[-1]:
        return None
    bad = np.flatnonzero(~ok)
    return 0 if bad.size == 0 else int(bad[-1]) + 1


def _fair_from_knots(tr: Trajectory, eps: Any, deviation=_gap) -> int | None:
    """:func:`_fair_from` on a cycle-recorded trajectory.

    Between two knots the windows are affine in the step (``affine``
    record) and the active flows do not change (arrivals and departures are
    knots), so a deviation that is convex in the windows (``max(w) -
    min(w)``, a largest absolute difference) is convex there: if both ends
    are within ``eps`` so is every step between them, and the first good
    step after the last bad knot is found by bisection on the interpolated
    windows.
    """
    rec = tr.cycle_record
    if rec.events is None:
        raise ValueError("steps_to_fairness needs record='cycles' or record='all', not 'none'")
    w, act_all = _windows_of(tr)
    ok = np.asarray(deviation(w, act_all) <= eps, dtype=bool)
    if not ok[-1]:
        return None
    bad = np.flatnonzero(~ok)
    if bad.size == 0:
        return 0
    k = int(bad[-1])
    t0, t1 = int(rec.times[k]), int(rec.times[k + 1])
    if t1 - t0 == 1:
        return t1
    if not rec.affine:
        raise ValueError(
            "steps_to_fairness on a record='cycles' run needs a policy whose advance is "
            "affine in n; run with record='all'"
        )
    w0, w1, act = w[k], w[k + 1], tr.active[k]

    def good(t: int) -> bool:
        # the windows at step t on the ramp w0 -> w1 (affine in the step)
        wt = w0 + (w1 - w0) * (t - t0) / (t1 - t0) if tr.arithmetic == "float" else (
            w0 + (w1 - w0) * _frac(t - t0, t1 - t0)
        )
        return bool(deviation(wt, None if act.all() else act) <= eps)

    lo, hi = t0, t1  # good(hi), not good(lo)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if good(mid):
            hi = mid
        else:
            lo = mid
    return hi


def _frac(p: int, q: int) -> Any:
    from fractions import Fraction

    return Fraction(p, q)


@_takes_trajectory
def steps_to_fairness(traj: Trajectory, eps: Any = 1) -> Any:
    """First step from which every pair of windows stays within ``eps``.

    "Stays" means until the end of the trajectory; None if never.

    Parameters
    ----------
    traj : Trajectory
    eps : number
        Tolerance on ``max(w) - min(w)`` (default 1 packet). ``eps=0`` asks
        for exactly equal windows.

    Returns
    -------
    int or None (a list of them when batched)

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> tr = simulate(AIMD(), [1, 30], 100, cycles=8, arithmetic="exact")
    >>> steps_to_fairness(tr, eps=1)
    140
    """
    _check_eps(eps)
    if traj.batched:
        return [_fair_from(traj.system(i), eps) for i in range(traj.n_systems)]
    return _fair_from(traj, eps)


@_takes_trajectory
def cycles_to_fairness(traj: Trajectory, eps: Any = 1) -> Any:
    """Count the congestion events before fairness within ``eps`` holds.

    That is, before the step :func:`steps_to_fairness` returns (None if
    fairness within ``eps`` is never reached to the end).

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> tr = simulate(AIMD(), [1, 30], 100, cycles=8, arithmetic="exact")
    >>> cycles_to_fairness(tr, eps=1)
    5
    """
    _check_eps(eps)

    def one(tr: Trajectory) -> int | None:
        t = _fair_from(tr, eps)
        return None if t is None else int(np.count_nonzero(np.asarray(tr.congestion_steps) < t))

    if traj.batched:
        return [one(traj.system(i)) for i in range(traj.n_systems)]
    return one(traj)


@_takes_trajectory
def responsiveness(
    traj: Trajectory, after: int, *, eps: Any = 1, shares: Any = None
) -> int | None:
    """Count the steps after ``after`` until every active flow is within ``eps`` of its fair share.

    The fair share of active flow ``i`` at step ``t`` is
    ``shares[i] / sum(shares over the active flows) * total(t)`` (equal
    shares by default; pass e.g. the mean-window shares of
    :func:`aimdmodel.symbolic.matrix_model` for flows with their own
    parameters). Lahanas & Tsaoussidis 2003 (Sec. 3.3, 4.2) measure responsiveness as the
    steps needed to reach fairness again after the system changed: give as
    ``after`` the step of an arrival, a departure or a capacity change.

    Parameters
    ----------
    traj : Trajectory
        Unbatched, ``record="all"`` or ``"cycles"``.
    after : int
        The step from which to count (``0 <= after <= T``).
    eps : number
        Tolerance on ``|w_i - share_i * total|`` in packets (default 1).
    shares : array_like, optional
        Positive weights, one per flow.

    Returns
    -------
    int or None
        ``s - after`` for the first step ``s >= after`` from which the
        condition holds until the end of the run; None if it does not hold
        at the end.

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> tr = simulate(AIMD(), [40, 40, 0], 100, steps=400, arrivals={2: 100}, arithmetic="exact")
    >>> responsiveness(tr, 100, eps=1)
    83
    """
    if traj.batched:
        raise ValueError("responsiveness takes an unbatched trajectory; use traj.system(i)")
    T = traj.n_steps
    if isinstance(after, bool) or not isinstance(after, (int, np.integer)) or not 0 <= after <= T:
        raise ValueError(f"after must be a step in 0 .. {T}, got {after!r}")
    m = traj.n_flows
    weights = np.ones(m) if shares is None else np.asarray(shares, dtype=object)
    if weights.shape != (m,) or any(not (v > 0) for v in weights):
        raise ValueError(f"shares must hold {m} positive weights (one per flow), got {shares!r}")
    if traj.arithmetic == "float":
        weights = weights.astype(np.float64)

    def deviation(w: np.ndarray, act: np.ndarray | None) -> Any:
        on = np.ones(w.shape, dtype=bool) if act is None else np.broadcast_to(act, w.shape)
        sent = np.where(on, w, 0)
        wt = np.where(on, weights, 0)
        target = wt * (sent.sum(axis=-1) / wt.sum(axis=-1))[..., None]
        return _extremes(np.abs(sent - target), None)[0]

    _check_eps(eps)
    settled = _fair_from(traj, eps, deviation)
    if settled is None:
        return None
    return max(settled, after) - after


@_takes_trajectory
def overshoot_by_flow(traj: Trajectory, *, burn_in: int | None = None) -> np.ndarray:
    """Attribute the overshoot ``max(total - W_t, 0)`` of each congestion event to the flows.

    At the congestion events that close the kept whole cycles, the packets
    above the capacity are attributed to the flows in proportion to the
    windows they sent (what a drop-tail bottleneck would drop from a
    synchronized burst, on average). Returns the mean per event, one value
    per flow, in the run's arithmetic.

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> tr = simulate(AIMD(a=[1, 3]), [0, 0], 101, cycles=8, arithmetic="exact")
    >>> [str(v) for v in overshoot_by_flow(tr)]
    ['3/4', '9/4']
    """
    if traj.batched:
        raise ValueError("overshoot_by_flow takes an unbatched trajectory; use traj.system(i)")
    kept = whole_cycles(traj, burn_in)
    sent = traj.sent
    acc: Any = 0
    for _, last in kept:
        k = _row(traj, last)
        total, W = traj.totals[k], traj.capacities[k]
        over = at_least(total - W, 0 * total)  # the overshoot, not the congestion rule
        acc = acc + sent[k] * (over / total if total else 0 * total)
    return acc / len(kept)


@_takes_trajectory
def loss_share(traj: Trajectory, *, burn_in: int | None = None) -> np.ndarray:
    """Return each flow's share of the overshoot (see :func:`overshoot_by_flow`); sums to 1.

    All zeros when there was no overshoot (e.g. the sum hit ``W`` exactly).

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> tr = simulate(AIMD(a=[1, 3]), [0, 0], 101, cycles=8, arithmetic="exact")
    >>> [str(v) for v in loss_share(tr)]
    ['1/4', '3/4']
    """
    per = overshoot_by_flow(traj, burn_in=burn_in)
    total = per.sum()
    return per / total if total else per * 0
