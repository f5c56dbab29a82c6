"""The bottleneck's rule, written once: when is a step congested.

In the synchronous binary-feedback model (Chiu & Jain 1989; Lahanas & Tsaoussidis 2003
Sec. 2) every flow receives the same bit at every step ``t``: 0 (congestion,
every flow applies its decrease) when the sum of the windows reaches the
capacity ``W``, 1 (every flow applies its increase) otherwise. The papers
compare with ``>=`` (a sum exactly at ``W`` is congestion); ``">"`` is the
other convention, and some results depend on it (a rule that settles with
the sum exactly at ``W`` is "congested every RTT" under ``>=`` and quiet
under ``>``), so every result says which one produced it.

Every engine asks this module, and only this module, whether a step is
congested: :func:`exceeds` is the one comparison (compiled into the
kernels as it is), :meth:`SynchronousFeedback.first_congested` its closed
form for totals that grow linearly (what the cycle engine jumps), and
:func:`whole_capacity` its equivalent for whole-packet totals.

Examples
--------
>>> fb = SynchronousFeedback(100)
>>> fb.congested(np.array([99, 100, 101]))
array([False,  True,  True])
>>> SynchronousFeedback(100, ">").congested(np.array([99, 100, 101]))
array([False, False,  True])
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ._validate import check_choice

__all__ = [
    "CONVENTIONS",
    "Signal",
    "SynchronousFeedback",
    "exceeds",
    "steps_to_exceed",
    "whole_capacity",
]

CONVENTIONS = (">=", ">")
"""The accepted comparisons: congestion when ``sum >= W`` (the papers) or ``sum > W``."""


def exceeds(total: Any, capacity: Any, ge: bool) -> Any:
    """Apply the congestion rule: ``total >= capacity`` if ``ge``, else ``total > capacity``.

    Plain Python, so that it runs on numbers, numpy arrays, Fractions and
    inside the numba kernels (which compile this very function).

    Examples
    --------
    >>> exceeds(100, 100, True), exceeds(100, 100, False)
    (True, False)
    """
    return total >= capacity if ge else total > capacity


def steps_to_exceed(total: float, slope: float, capacity: float, ge: bool, limit: int) -> int:
    """Estimate, for one system, the increases ``n`` until ``total + n slope`` is congested.

    The float closed form of :meth:`SynchronousFeedback.first_congested`
    for one system, in plain arithmetic so that the compiled cycle engine
    (:mod:`aimdmodel.engines._ccycle`) compiles it as it is: ``ceil((W -
    T0) / D)`` under ``>=``, ``floor((W - T0) / D) + 1`` under ``>``; ``limit``
    where ``slope <= 0`` or the estimate is not finite or not below
    ``limit``; at least 1. The caller verifies the estimate with
    :func:`exceeds`.

    Examples
    --------
    >>> steps_to_exceed(31.0, 2.0, 100.0, True, 10**6), steps_to_exceed(31.0, 2.0, 101.0, False, 99)
    (35, 36)
    >>> steps_to_exceed(31.0, 0.0, 100.0, True, 50)
    50
    """
    n = limit
    if slope > 0:
        q = (capacity - total) / slope
        est = np.ceil(q) if ge else np.floor(q) + 1.0
        if -1.0e300 < est < limit:  # also False for nan and infinities
            n = int(est)
    return max(min(n, limit), 1)


def whole_capacity(capacity: Fraction, ge: bool) -> int:
    """Return the whole ``C`` with ``exceeds(T, C, ge) == exceeds(T, capacity, ge)`` for int ``T``.

    ``T >= W`` iff ``T >= ceil(W)``; ``T > W`` iff ``T > floor(W)``. The
    integer kernels compare whole-packet totals with it.

    Examples
    --------
    >>> whole_capacity(Fraction(201, 2), True), whole_capacity(Fraction(201, 2), False)
    (101, 100)
    """
    return math.ceil(capacity) if ge else math.floor(capacity)


@dataclass(frozen=True)
class Signal:
    """What the bottleneck tells a rule that asks for more than the bit.

    Rules with ``uses_signal = True`` (e.g. the Westwood rule, which sets the
    window from the delivered rate) receive it as the second argument of
    ``increase`` and ``decrease``.

    Attributes
    ----------
    capacity : array
        The capacity ``W`` of each system at this step, shape ``(B, 1)``.
    total : array
        The sum of the windows of each system at this step, shape ``(B, 1)``.
    step : int
        The step ``t``.

    Examples
    --------
    >>> Signal(np.array([[100.0]]), np.array([[120.0]]), 7).step
    7
    """

    capacity: Any
    total: Any
    step: int


class SynchronousFeedback:
    """The synchronous binary feedback of a bottleneck of capacity ``W(t)``.

    Parameters
    ----------
    capacity : number or Capacity
        ``W`` in packets per RTT, in the run's arithmetic, or a
        :class:`~aimdmodel.dynamics.Capacity` schedule (capacity that changes
        with the step).
    congestion : {">=", ">"}
        The comparison that signals congestion (default ``">="``, as the
        papers).

    Examples
    --------
    >>> fb = SynchronousFeedback(Fraction(100), ">=")
    >>> fb.first_congested(np.array([Fraction(31)]), np.array([Fraction(2)]), 10**6)
    array([35])
    """

    def __init__(self, capacity: Any, congestion: str = ">=") -> None:
        from .dynamics import Capacity

        if not isinstance(capacity, Capacity):
            capacity = Capacity([0], [capacity])
        self.schedule = capacity
        self.congestion = check_choice("congestion", congestion, CONVENTIONS)
        self.ge = congestion == ">="

    @property
    def capacity(self) -> Any:
        """The constant ``W``, or the :class:`~aimdmodel.dynamics.Capacity` schedule."""
        return self.schedule.values[0] if self.schedule.constant else self.schedule

    def __repr__(self) -> str:
        return f"SynchronousFeedback(capacity={self.capacity}, congestion={self.congestion!r})"

    def capacity_at(self, t: int) -> Any:
        """Return ``W(t)``."""
        return self.schedule.values[0] if self.schedule.constant else self.schedule.at(t)

    def congested(self, total: Any, t: int = 0) -> np.ndarray:
        """Per system: is step ``t`` congested? (a bool array shaped like ``total``)."""
        return np.asarray(exceeds(total, self.capacity_at(t), self.ge), dtype=bool)

    def signal(self, total: Any, t: int) -> Signal:
        """Return the :class:`Signal` of step ``t`` with per-system ``total`` of shape ``(B,)``."""
        tot = np.asarray(total)[:, None]
        cap = np.empty_like(tot)
        cap[...] = self.capacity_at(t)
        return Signal(cap, tot, t)

    def first_congested(
        self, total: np.ndarray, slope: np.ndarray, limit: int, t: int = 0
    ) -> np.ndarray:
        """Count the steps ``n >= 1`` until the first congested total ``total + n * slope``.

        The closed form of :func:`exceeds` for totals that grow linearly
        under the capacity ``W(t)`` (the caller bounds ``limit`` by the next
        change of the capacity): ``ceil((W - T0) / D)`` under ``>=``,
        ``floor((W - T0) / D) + 1`` under ``>``, capped at ``limit`` (also
        where ``slope <= 0``). Exact for Fractions; for floats an estimate
        that the caller verifies.

        Parameters
        ----------
        total, slope : ndarray, shape (B,)
            ``T0`` and ``D`` per system (no system congested at ``T0``).
        limit : int
            The largest number of steps to return.
        t : int
            The step of ``T0``.

        Returns
        -------
        ndarray of int64, shape (B,)
        """
        B = len(total)
        n = np.full(B, limit, dtype=np.int64)
        W = self.capacity_at(t)
        if total.dtype != object:
            with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
                q = (W - total) / slope
            est = np.ceil(q) if self.ge else np.floor(q) + 1
            ok = (slope > 0) & np.isfinite(est)
            n[ok] = np.minimum(est[ok], limit).astype(np.int64)
            return n
        for b in range(B):
            if slope[b] > 0:
                q = Fraction(W - total[b]) / Fraction(slope[b])
                est = math.ceil(q) if self.ge else math.floor(q) + 1
                n[b] = min(est, limit)
        return n
