"""Checking statements about the model: results, convergence to fairness, searches.

This module states nothing itself. It is the framework the papers'
statements (the package ``papers``, outside the library) are written in:
a statement is a deterministic function of its inputs that runs the
project's engine (:func:`aimdmodel.simulate`) and returns a
:class:`StatementCheck`: whether the statement holds at that input,
whether the input satisfies the statement's own hypotheses, the quantities
compared and a one-line explanation. :func:`find_counterexample` walks a
grid of inputs (:func:`two_flow_grid`, :func:`with_parameter`) in an
explicit order and returns the first failure: the minimal counterexample in
that order, without hypothesis.

Readings of "converges to fairness"
-----------------------------------
A statement about convergence to fairness looks at the windows right after
each multiplicative decrease (the tuple Lahanas & Tsaoussidis 2003's ``AIMD-System`` returns).
For AIMD and AIMD-FC in exact arithmetic the difference of two windows
after n decreases is exactly ``|x1 - x2| * b**n``, never 0 unless
``x1 == x2``, so :func:`convergence` takes a tolerance ``eps`` on
``max(w) - min(w)`` and an arithmetic:

- ``"exact"`` (Fractions, no rounding), default ``eps = 1`` packet;
- ``"float"`` (float64), default ``eps = 1`` packet;
- ``"integer"`` (whole packets, every state variable floored after each
  step), default ``eps = 0``: exact equality.

"Converges in n cycles" means: n is the smallest number of congestion events
after which the windows are within ``eps`` (n = 0 when they start so). For
AIMD, AIMD-FC and AIMD-FC with a constant added after each decrease the
difference never grows (it is multiplied by ``b`` at a decrease, or floored
to within one packet of that, and kept by an increase), so the windows stay
fair from then on. In integer arithmetic a repeated post-decrease state
proves that fairness is never reached (the iteration is periodic).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from ._arith import to_fraction
from ._validate import check_choice, check_count, check_param
from .engine import simulate
from .policies import AIAD, AIMD, AIMDFC, MIAD, MIMD, LinearControl, Policy
from .trajectory import Trajectory

__all__ = [
    "ARITHMETICS",
    "Convergence",
    "StatementCheck",
    "congestion_events",
    "convergence",
    "default_eps",
    "find_counterexample",
    "gap",
    "plain_number",
    "statement_run",
    "tolerance",
    "two_flow_grid",
    "with_parameter",
]

ARITHMETICS: tuple[str, ...] = ("exact", "float", "integer")
"""The arithmetics a statement is checked in (see the module docstring)."""


# --------------------------------------------------------------------------
# result type
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class StatementCheck:
    """The verdict of one statement at one input.

    Attributes
    ----------
    statement : str
        Which statement (e.g. ``"lahanas2003.theorem1"``).
    holds : bool
        True when the statement is true at this input. An input that does
        not satisfy the statement's hypotheses makes the implication
        vacuously true (``holds=True``, ``applicable=False``).
    applicable : bool
        True when the input satisfies the statement's own hypotheses.
    quantities : dict
        The quantities compared (counts, windows, bounds), in the run's
        arithmetic.
    explanation : str
        One line: what was compared and how it came out.
    inputs : dict
        The inputs, as given.
    arithmetic : str
        ``"exact"``, ``"float"`` or ``"integer"``.

    Examples
    --------
    >>> c = StatementCheck("toy.positive", False, True, {"x": -1}, "x = -1 is not > 0")
    >>> bool(c), c.applicable, c.arithmetic
    (False, True, 'exact')
    """

    statement: str
    holds: bool
    applicable: bool
    quantities: dict = field(default_factory=dict)
    explanation: str = ""
    inputs: dict = field(default_factory=dict)
    arithmetic: str = "exact"

    def __bool__(self) -> bool:
        return bool(self.holds)


# --------------------------------------------------------------------------
# small public helpers of the statements
# --------------------------------------------------------------------------
def default_eps(arithmetic: str) -> Fraction:
    """Return the default fairness tolerance of an arithmetic (see the module docstring).

    Parameters
    ----------
    arithmetic : {"exact", "float", "integer"}

    Returns
    -------
    Fraction
        1 packet for ``"exact"`` and ``"float"``, 0 (exact equality) for
        ``"integer"``.

    Examples
    --------
    >>> default_eps("exact"), default_eps("integer")
    (Fraction(1, 1), Fraction(0, 1))
    """
    check_choice("arithmetic", arithmetic, ARITHMETICS)
    return Fraction(0) if arithmetic == "integer" else Fraction(1)


def tolerance(eps: Any, arithmetic: str) -> Fraction:
    """Return the fairness tolerance to use: ``eps`` checked (``>= 0``), or the default.

    Parameters
    ----------
    eps : number or None
        The tolerance asked for; None for :func:`default_eps`.
    arithmetic : {"exact", "float", "integer"}

    Returns
    -------
    Fraction

    Examples
    --------
    >>> tolerance(None, "integer"), tolerance(0.5, "exact")
    (Fraction(0, 1), Fraction(1, 2))
    """
    check_choice("arithmetic", arithmetic, ARITHMETICS)
    if eps is None:
        return default_eps(arithmetic)
    check_param("eps", eps, lambda v: v >= 0, "eps >= 0")
    return to_fraction(eps, "eps")


def plain_number(v: Any) -> Any:
    """Return a plain Python number for reports (numpy scalars unwrapped).

    Examples
    --------
    >>> plain_number(np.float64(0.5)), plain_number(Fraction(1, 2))
    (0.5, Fraction(1, 2))
    """
    if isinstance(v, np.generic):
        return v.item()
    return v


def gap(w: Any) -> Any:
    """Return ``max(w) - min(w)`` as a plain number.

    Examples
    --------
    >>> gap([Fraction(1, 2), 3, 2])
    Fraction(5, 2)
    """
    w = list(w)
    return plain_number(max(w) - min(w))


def statement_run(
    policy: Policy,
    x: Any,
    capacity: Any,
    *,
    arithmetic: str,
    engine: str | None = None,
    cycles: int | None = None,
    steps: int | None = None,
) -> Trajectory:
    """Run :func:`aimdmodel.simulate` the way the statements do.

    The engine defaults to ``"cycle"`` (whole additive phases jumped,
    identical windows) in exact and integer arithmetic and to the reference
    ``"step"`` in float; the cycle engine records the congestion events
    (``record="cycles"``), the step engine every step.

    Examples
    --------
    >>> tr = statement_run(AIMD(), [1, 30], 100, arithmetic="exact", cycles=2)
    >>> tr.engine, [str(v) for v in tr.windows[-1]]
    ('cycle', ['43/2', '115/4'])
    """
    eng = engine if engine is not None else ("step" if arithmetic == "float" else "cycle")
    return simulate(
        policy, x, capacity, cycles=cycles, steps=steps, arithmetic=arithmetic, engine=eng,
        record="all" if eng == "step" else "cycles",
    )


def congestion_events(tr: Trajectory) -> list[tuple[int, Any, Any]]:
    """Return ``(t, windows before, windows after)`` for every congestion step ``t``.

    Works on a run recorded at every step and on one recorded at its
    congestion events (``record="cycles"``).

    Examples
    --------
    >>> tr = simulate(AIMD(), [1, 30], 100, cycles=1, arithmetic="exact")
    >>> [(t, [str(v) for v in a]) for t, _, a in congestion_events(tr)]
    [(35, ['18', '65/2'])]
    """
    cong = [int(c) for c in tr.congestion_steps]
    if tr.cycle_record is None:
        return [(c, tr.windows[c], tr.windows[c + 1]) for c in cong]
    index = {int(t): k for k, t in enumerate(tr.cycle_record.times)}
    return [(c, tr.windows[index[c]], tr.windows[index[c + 1]]) for c in cong]


# --------------------------------------------------------------------------
# convergence to fairness
# --------------------------------------------------------------------------
# the state right after a decrease is the window vector for these policies
_RESTARTABLE = (AIMD, AIMDFC, AIAD, MIMD, MIAD, LinearControl)


@dataclass(frozen=True)
class Convergence:
    """How a system converged to fairness (see :func:`convergence`).

    Attributes
    ----------
    cycles : int or None
        Congestion events until the windows right after a decrease are
        within ``eps`` (0 when the initial windows are); None when that
        does not happen (``periodic``) or not within ``max_cycles``.
    increase_steps : int or None
        Steps with feedback 1 before that congestion event (the paper's p).
    rtts : int or None
        All steps up to and including that congestion event.
    gaps : tuple
        ``max(w) - min(w)`` of the initial windows and of the windows right
        after each decrease that was run.
    steps_per_cycle : tuple of int
        Increase steps of each cycle that was run (the paper's k_j when
        ``a = 1``).
    periodic : bool
        True when (integer arithmetic) a post-decrease window vector
        repeated before fairness: fairness is never reached.
    eps : Fraction
        The tolerance used.
    arithmetic : str

    Examples
    --------
    >>> c = convergence(AIMD(), [1, 30], 100)
    >>> c.cycles, c.increase_steps, [str(g) for g in c.gaps[:3]]
    (5, 135, ['29', '29/2', '29/4'])
    """

    cycles: int | None
    increase_steps: int | None
    rtts: int | None
    gaps: tuple
    steps_per_cycle: tuple
    periodic: bool
    eps: Fraction
    arithmetic: str


def _cycles(
    policy: Policy, x: Any, capacity: Any, arithmetic: str, engine: str | None, max_cycles: int
) -> Iterator[tuple[int, Any]]:
    """Yield ``(increase steps, windows after the decrease)`` of each congestion event.

    Runs in chunks of 8, 16, ... events: a restartable policy continues from
    the last windows, any other policy is rerun from the start.
    """
    restartable = isinstance(policy, _RESTARTABLE)
    w, done, chunk = list(x), 0, 8
    while done < max_cycles:
        n = min(chunk, max_cycles - done)
        start, skip = (w, 0) if restartable else (list(x), done)
        tr = statement_run(
            policy, start, capacity, arithmetic=arithmetic, engine=engine, cycles=skip + n
        )
        prev = -1
        for j, (c, _, after) in enumerate(congestion_events(tr)):
            if j >= skip:
                yield c - prev - 1, after
            prev = c
        done += n
        w = list(tr.windows[-1])
        chunk *= 2


def convergence(
    policy: Policy,
    x: Any,
    capacity: Any,
    *,
    arithmetic: str = "exact",
    eps: Any = None,
    max_cycles: int = 64,
    engine: str | None = None,
) -> Convergence:
    """Cycles and steps a system needs to converge to fairness.

    Runs :func:`aimdmodel.simulate` (congestion when ``sum >= W``) and looks
    at the windows right after each decrease, with tolerance ``eps`` on
    ``max(w) - min(w)``.

    Parameters
    ----------
    policy : Policy
        Any policy; the detection of periodic integer runs needs one whose
        state after a decrease is its window vector (AIMD, AIMD-FC, the
        linear controls, :class:`~aimdmodel.policies.ShiftedAIMDFC`).
    x : array_like
        Initial windows ``(m,)``.
    capacity : number
        ``W``.
    arithmetic : {"exact", "float", "integer"}
    eps : number, optional
        Tolerance; default :func:`default_eps` of the arithmetic.
    max_cycles : int
        Give up (``cycles=None``) after this many congestion events.
    engine : str, optional
        Passed to :func:`aimdmodel.simulate`; default as
        :func:`statement_run`.

    Returns
    -------
    Convergence

    Examples
    --------
    In whole packets, AIMD(1, 1/2) from (1, 2) with W = 6 cycles between
    (1, 2) and (3, 4) forever:

    >>> c = convergence(AIMD(), [1, 2], 6, arithmetic="integer")
    >>> c.cycles, c.periodic
    (None, True)
    """
    e = tolerance(eps, arithmetic)
    check_count("max_cycles", max_cycles, minimum=1, optional=False)
    watch = isinstance(policy, _RESTARTABLE) and arithmetic == "integer"
    gaps: list[Any] = [gap(x)]
    per_cycle: list[int] = []
    if gaps[0] <= e:
        return Convergence(0, 0, 0, tuple(gaps), (), False, e, arithmetic)
    seen: set = set()
    for inc, after in _cycles(policy, x, capacity, arithmetic, engine, max_cycles):
        per_cycle.append(inc)
        gaps.append(gap(after))
        if gaps[-1] <= e:
            n, p = len(per_cycle), sum(per_cycle)
            return Convergence(n, p, p + n, tuple(gaps), tuple(per_cycle), False, e, arithmetic)
        key = tuple(int(v) for v in after) if watch else None
        if key in seen:
            return Convergence(None, None, None, tuple(gaps), tuple(per_cycle), True, e,
                               arithmetic)
        if watch:
            seen.add(key)
    return Convergence(None, None, None, tuple(gaps), tuple(per_cycle), False, e, arithmetic)


# --------------------------------------------------------------------------
# deterministic search
# --------------------------------------------------------------------------
def two_flow_grid(
    w_max: int, *, w_min: int = 1, hypotheses: str = "paper"
) -> Iterator[dict[str, int]]:
    """Whole-packet inputs ``(x1, x2, W)`` in the order of the minimal counterexample.

    Ordered by W, then x2, then x1 (all ascending). With
    ``hypotheses="paper"``: ``0 < x1 < x2`` and ``x1 + x2 < W`` (the
    two-flow hypotheses of Lahanas & Tsaoussidis 2003, Sec. 2.1); with ``"all"``:
    ``0 <= x1 <= x2 <= W``.

    Examples
    --------
    >>> list(two_flow_grid(4))
    [{'x1': 1, 'x2': 2, 'W': 4}]
    """
    check_choice("hypotheses", hypotheses, ("paper", "all"))
    for W in range(max(1, w_min), w_max + 1):
        for x2 in range(0, W + 1):
            for x1 in range(0, x2 + 1):
                if hypotheses == "paper" and not (0 < x1 < x2 and x1 + x2 < W):
                    continue
                yield {"x1": x1, "x2": x2, "W": W}


def with_parameter(
    points: Iterable[dict], name: str, values: Callable[[dict], Iterable[Any]]
) -> Iterator[dict]:
    """Extend each point with ``name`` taking ``values(point)`` (ascending), keeping the order.

    Examples
    --------
    >>> list(with_parameter([{"W": 4}], "q", lambda p: range(2)))
    [{'W': 4, 'q': 0}, {'W': 4, 'q': 1}]
    """
    for p in points:
        for v in values(p):
            yield {**p, name: v}


def find_counterexample(
    statement: Callable[..., StatementCheck], points: Iterable[dict], /, **fixed: Any
) -> StatementCheck | None:
    """Return the first input of ``points`` at which ``statement`` fails, or None.

    With :func:`two_flow_grid` (and :func:`with_parameter`) the points
    come in the documented order (W, then x2, then x1, then the extra
    parameter), so the result is the minimal counterexample in that order.

    Parameters
    ----------
    statement : callable
        A statement function returning a :class:`StatementCheck`.
    points : iterable of dict
        Keyword arguments for ``statement``.
    **fixed
        Further keyword arguments passed at every point (e.g.
        ``arithmetic="integer"``).

    Returns
    -------
    StatementCheck or None

    Examples
    --------
    "Two AIMD flows reach fair windows" (a toy statement), searched in whole
    packets (exact equality) and in exact arithmetic (within one packet):

    >>> def fair(x1, x2, W, arithmetic="exact"):
    ...     c = convergence(AIMD(), [x1, x2], W, arithmetic=arithmetic)
    ...     return StatementCheck("toy", c.cycles is not None, True, {"periodic": c.periodic},
    ...                           inputs={"x1": x1, "x2": x2, "W": W})
    >>> c = find_counterexample(fair, two_flow_grid(10), arithmetic="integer")
    >>> c.inputs, c.quantities
    ({'x1': 1, 'x2': 2, 'W': 6}, {'periodic': True})
    >>> find_counterexample(fair, two_flow_grid(10)) is None
    True
    """
    for p in points:
        r = statement(**p, **fixed)
        if not r.holds:
            return r
    return None
