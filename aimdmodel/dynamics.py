"""What changes during a run: the capacity ``W(t)`` and the set of active flows.

:class:`Capacity` is the bottleneck's capacity as a function of the step:
a constant, a trace (one value per step, kept as a piecewise-constant
schedule so that the cycle engine jumps from change to change), or a
callable of the step (evaluated lazily; the fast engines step it).
:class:`Membership` says which flows are active at each step: a flow
arrives at its arrival step with its initial window and leaves at its
departure step; an inactive flow sends nothing, is not counted by the
feedback, and its state does not move.

Both are built and checked by :func:`aimdmodel.simulate` from its
``capacity``, ``arrivals`` and ``departures`` arguments.

Examples
--------
>>> cap = Capacity.from_user([100, 100, 50, 50], arithmetic="exact")
>>> cap.at(2), cap.next_change(0), cap.next_change(2)
(Fraction(50, 1), 2, 4)
>>> mem = Membership.from_user(3, arrivals={2: 10}, departures={0: 20})
>>> mem.active(0).tolist(), mem.active(15).tolist(), mem.active(20).tolist()
([True, True, False], [True, True, True], [False, True, True])
"""

from __future__ import annotations

import inspect
import math
import numbers
from bisect import bisect_right
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from ._arith import is_number, to_float, to_fraction
from ._validate import check_count, fmt_value

__all__ = ["NEVER", "Capacity", "Membership"]

NEVER = 2**62
"""The departure step of a flow that never leaves."""


def _convert(value: Any, arithmetic: str, label: str) -> Any:
    """One capacity value, checked (finite, > 0) and put into the arithmetic."""
    if not is_number(value):
        raise TypeError(f"{label} must be a real number > 0, got {value!r}")
    if isinstance(value, (float, np.floating)) and not math.isfinite(value):
        raise ValueError(f"{label} must be finite and > 0, got {fmt_value(value)}")
    if not value > 0:
        raise ValueError(f"{label} must be finite and > 0, got {fmt_value(value)}")
    if arithmetic == "float":
        try:
            out = to_float(value, label)
        except OverflowError:
            out = math.inf  # refused just below, with the way out
        if not math.isfinite(out) or out <= 0:
            raise ValueError(
                f"{label} = {fmt_value(value)} is not a positive finite float64 "
                "(it overflows or underflows); use arithmetic='exact'"
            )
        return out
    return to_fraction(value, label)


def _check_one_argument(fn: Callable[..., Any]) -> None:
    """Refuse a capacity function that cannot be called with the step alone."""
    try:
        inspect.signature(fn).bind(0)
    except TypeError:
        raise TypeError(
            f"capacity must be a function of the step t (called as capacity(t)), got "
            f"{fn!r}, whose signature is {inspect.signature(fn)}"
        ) from None
    except ValueError:  # no signature to inspect (some builtins): called as it is
        pass


class Capacity:
    """The capacity ``W(t)`` of the bottleneck, in packets per RTT.

    Build it with :meth:`from_user`. A trace is stored as its change points
    (``breaks``, ``values``): ``W(t) = values[j]`` for
    ``breaks[j] <= t < breaks[j + 1]``; it defines ``W`` for the steps
    ``0 .. length - 1`` only (a run that needs a later step is an error).

    Attributes
    ----------
    breaks : list of int
        Steps at which the capacity takes a new value (``breaks[0] == 0``).
    values : list
        The capacity from each break on, in the run's arithmetic.
    length : int or None
        Steps covered by a trace; None for a constant or a callable.
    fn : callable or None
        The user's function of the step, for a callable capacity.

    Examples
    --------
    >>> Capacity.from_user(100, arithmetic="float").constant
    True
    >>> c = Capacity.from_user(lambda t: 100 if t < 10 else 50, arithmetic="float")
    >>> c.at(12), c.next_change(12)
    (50.0, 13)
    """

    def __init__(
        self,
        breaks: list[int],
        values: list[Any],
        *,
        length: int | None = None,
        fn: Callable[[int], Any] | None = None,
        arithmetic: str = "float",
    ) -> None:
        self.breaks = breaks
        self.values = values
        self.length = length
        self.fn = fn
        self.arithmetic = arithmetic

    @classmethod
    def from_user(cls, capacity: Any, *, arithmetic: str, steps: int | None = None) -> Capacity:
        """Check a ``capacity`` argument of :func:`aimdmodel.simulate` and build the schedule.

        Parameters
        ----------
        capacity : number, sequence of numbers, or callable
            A constant ``W``; one value per step (list, tuple, 1-d array);
            or a function of the step returning ``W(t)``.
        arithmetic : {"float", "exact", "integer"}
        steps : int, optional
            The run's length when known: a trace must cover steps
            ``0 .. steps - 1``.

        Raises
        ------
        ValueError
            A value that is not finite or not > 0 (naming the step), an empty
            trace, a trace shorter than ``steps``.
        TypeError
            Not a number, sequence or callable.
        """
        if callable(capacity) and not is_number(capacity):
            _check_one_argument(capacity)
            return cls([0], [], fn=capacity, arithmetic=arithmetic)
        if isinstance(capacity, (str, bytes)):
            raise TypeError(
                "capacity must be a number, a sequence with one value per step or a callable "
                f"of the step, got {capacity!r} (for a named environment use "
                "aimdmodel.environments.capacity_trace)"
            )
        if isinstance(capacity, (list, tuple, np.ndarray)) or hasattr(capacity, "__iter__"):
            return cls._from_trace(list(capacity), arithmetic, steps)
        return cls([0], [_convert(capacity, arithmetic, "capacity")], arithmetic=arithmetic)

    @classmethod
    def _from_trace(cls, trace: list, arithmetic: str, steps: int | None) -> Capacity:
        if not trace:
            raise ValueError("capacity trace must hold at least one value (one per step)")
        if steps is not None and len(trace) < steps:
            raise ValueError(
                f"capacity trace has {len(trace)} values but the run has {steps} steps: "
                "give one value per step"
            )
        breaks: list[int] = []
        values: list[Any] = []
        for t, v in enumerate(trace):
            w = _convert(v, arithmetic, f"capacity[{t}] (step {t})")
            if not values or w != values[-1]:
                breaks.append(t)
                values.append(w)
        return cls(breaks, values, length=len(trace), arithmetic=arithmetic)

    @property
    def constant(self) -> bool:
        """True for a capacity that never changes."""
        return self.fn is None and len(self.values) == 1 and self.length is None

    @property
    def first(self) -> Any:
        """``W(0)``."""
        return self.at(0)

    def at(self, t: int) -> Any:
        """Return ``W(t)``; a ValueError past the end of a trace."""
        if self.fn is not None:
            return _convert(self.fn(t), self.arithmetic, f"capacity({t}) (step {t})")
        if self.length is not None and t >= self.length:
            raise ValueError(
                f"capacity trace has {self.length} values but the run reached step {t}: "
                "give a longer trace or fewer steps"
            )
        return self.values[bisect_right(self.breaks, t) - 1]

    def next_change(self, t: int) -> int | None:
        """Return the first step after ``t`` at which ``W`` may change (None: never).

        For a trace the end of the trace counts as a change (the engines stop
        there); for a callable every step may change.
        """
        if self.fn is not None:
            return t + 1
        j = bisect_right(self.breaks, t)
        if j < len(self.breaks):
            return self.breaks[j]
        if self.length is not None and t < self.length:
            return self.length
        return None

    def over(self, times: np.ndarray) -> np.ndarray:
        """``W`` at each of the steps ``times`` (the last value past a trace's end).

        Examples
        --------
        >>> Capacity.from_user([4, 4, 2], arithmetic="float").over(np.arange(5)).tolist()
        [4.0, 4.0, 2.0, 2.0, 2.0]
        """
        dtype = np.float64 if self.arithmetic == "float" else object
        if self.fn is None and self.length is None and len(self.values) == 1:
            out = np.empty(len(times), dtype=dtype)  # a constant
            out[:] = self.values[0]
            return out
        times = np.asarray(times, dtype=np.int64)
        if self.fn is not None:
            out = np.empty(len(times), dtype=dtype)
            out[:] = [self.at(int(t)) for t in times]
            return out
        if self.length is not None:
            times = np.minimum(times, self.length - 1)
        values = np.empty(len(self.values), dtype=dtype)
        values[:] = self.values
        return values[np.searchsorted(np.asarray(self.breaks), times, side="right") - 1]

    def __repr__(self) -> str:
        if self.fn is not None:
            return f"Capacity(fn={self.fn!r})"
        if self.constant:
            return f"Capacity({self.values[0]})"
        return f"Capacity(trace of {self.length} steps, {len(self.values)} values)"


class Membership:
    """Which flows are active at which step (arrivals and departures).

    Flow ``i`` is active at the steps ``arrive[i] <= t < depart[i]``.

    Parameters
    ----------
    arrive, depart : ndarray of int64, shape (m,)
        Each flow's first active step and first inactive one.
    static : bool
        The caller knows that every flow is active throughout (no changes to
        look for; :meth:`from_user` without arrivals or departures).

    Examples
    --------
    >>> Membership.from_user(2).static
    True
    >>> Membership.from_user(2, arrivals={1: 5}).next_change(0)
    5
    """

    def __init__(self, arrive: np.ndarray, depart: np.ndarray, *, static: bool = False) -> None:
        self.arrive = arrive
        self.depart = depart
        self._changes = [] if static else sorted({int(v) for v in arrive if v > 0} | {
            int(v) for v in depart if v < NEVER
        })

    @classmethod
    def from_user(
        cls,
        flows: int,
        arrivals: Mapping[int, int] | None = None,
        departures: Mapping[int, int] | None = None,
    ) -> Membership:
        """Check ``arrivals``/``departures`` ({flow index: step}) for ``flows`` flows.

        Raises
        ------
        ValueError
            A flow index outside ``0 .. flows - 1``, a negative step, a
            departure at or before the flow's arrival.
        TypeError
            Not a mapping of ints to ints.
        """
        arrive = np.zeros(flows, dtype=np.int64)
        depart = np.full(flows, NEVER, dtype=np.int64)
        if arrivals is None and departures is None:
            return cls(arrive, depart, static=True)
        pairs = (("arrivals", arrivals, arrive), ("departures", departures, depart))
        for name, given, out in pairs:
            if given is None:
                continue
            if not isinstance(given, Mapping):
                raise TypeError(f"{name} must be a dict {{flow index: step}}, got {given!r}")
            for flow, step in given.items():
                if isinstance(flow, bool) or not isinstance(flow, numbers.Integral) or not (
                    0 <= flow < flows
                ):
                    raise ValueError(
                        f"{name} names flow {flow!r}; flows are numbered 0 .. {flows - 1}"
                    )
                out[int(flow)] = check_count(f"{name}[{flow}]", step, optional=False)
        late = np.flatnonzero(depart <= arrive)
        if late.size:
            i = int(late[0])
            raise ValueError(
                f"departures[{i}] = {int(depart[i])} must come after flow {i}'s arrival at step "
                f"{int(arrive[i])}"
            )
        return cls(arrive, depart)

    @property
    def static(self) -> bool:
        """True when every flow is active from step 0 to the end."""
        return not self._changes

    def active(self, t: int) -> np.ndarray:
        """Bool array ``(m,)``: the flows active at step ``t``."""
        return (self.arrive <= t) & (t < self.depart)

    def next_change(self, t: int) -> int | None:
        """Return the first step after ``t`` at which a flow arrives or leaves (None: never)."""
        j = bisect_right(self._changes, t)
        return self._changes[j] if j < len(self._changes) else None

    def over(self, times: np.ndarray) -> np.ndarray:
        """Bool array ``(len(times), m)``: the active flows at each of the steps ``times``."""
        if not self._changes:
            return np.ones((len(times), len(self.arrive)), dtype=bool)
        t = np.asarray(times, dtype=np.int64)[:, None]
        return (self.arrive[None, :] <= t) & (t < self.depart[None, :])
