r"""Chiu and Jain's closed forms for linear controls, and measured orders of convergence.

Source: D.-M. Chiu and R. Jain, "Analysis of the increase and decrease
algorithms for congestion avoidance in computer networks", Computer Networks
and ISDN Systems 17 (1989) 1-14. A linear control increases a window by
``w <- a_I + b_I w`` (feedback 1) and decreases it by ``w <- a_D + b_D w``
(feedback 0).

* :func:`chiu_jain_conditions`: their conditions for convergence to
  efficiency and fairness (with fairness never lowered by a step):
  ``a_D = 0``, ``0 <= b_D < 1`` (multiplicative decrease) and ``a_I > 0``,
  ``b_I >= 1`` (an increase with an additive part).
* :func:`one_step_fairness`: Jain's index after one increase step,
  ``F(a_I + b_I x) = F(x) + (1 - F(x)) (1 - sum x_i^2 / sum (x_i + c)^2)``,
  ``c = a_I / b_I`` (the index is scale-free, so ``a_I + b_I x`` is as fair
  as ``x + c``): an increase with ``c > 0`` raises the index of unequal
  windows.
* :func:`time_to_goal`: the steps ``t_e`` for the total of ``n`` windows
  under increase, ``X(t) = b_I^t X(0) + n a_I (b_I^t - 1)/(b_I - 1)``, to
  reach a goal ``X_goal`` (responsiveness), and the overshoot
  ``X(ceil(t_e)) - X_goal`` of the first step at or above it (the amplitude
  of the oscillation that follows: smoothness).

Beyond the linear controls, :func:`fairness_scaling` *measures* how the
steps to ``eps``-fairness of two flows grow with the capacity ``W``, for any
policy: in the synchronous model itself (``model="discrete"``) or in the
fluid limit the policy declares (``model="fluid"``: ``n`` real, whole cycles
in closed form, for rules such as IIAD whose discrete runs take ``W^2``
steps). The orders it reports are fitted, not assumed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from . import metrics
from ._arith import is_number, to_fraction
from ._validate import check_choice, check_count, check_positive_number
from .engine import simulate
from .policies import Policy

__all__ = [
    "MODELS",
    "ChiuJainConditions",
    "FairnessScaling",
    "GoalTime",
    "chiu_jain_conditions",
    "fairness_scaling",
    "one_step_fairness",
    "time_to_goal",
]


# --------------------------------------------------------------------------
# Chiu & Jain's conditions
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class ChiuJainConditions:
    """Whether a linear control meets Chiu & Jain's conditions, and why not.

    Attributes
    ----------
    coefficients : tuple
        ``(a_i, b_i, a_d, b_d)``.
    decrease_multiplicative : bool
        ``a_d == 0`` and ``0 <= b_d < 1``.
    increase_additive : bool
        ``a_i > 0`` and ``b_i >= 1``.
    holds : bool
        Both: the control converges to efficiency and fairness, and no step
        lowers Jain's index.
    reasons : tuple of str
        The conditions that fail (empty when ``holds``).
    """

    coefficients: tuple
    decrease_multiplicative: bool
    increase_additive: bool
    holds: bool
    reasons: tuple[str, ...]

    def __bool__(self) -> bool:
        return self.holds


def _coefficients(control: Any) -> tuple:
    if isinstance(control, Policy):
        coef = control.linear_coefficients
        if coef is None:
            raise ValueError(
                f"control: {control!r} declares no linear_coefficients; Chiu & Jain's "
                "conditions are about linear controls"
            )
        return tuple(coef)
    if isinstance(control, (tuple, list)) and len(control) == 4:
        return tuple(control)
    raise TypeError(
        f"control must be a Policy with linear_coefficients or (a_i, b_i, a_d, b_d), "
        f"got {control!r}"
    )


def chiu_jain_conditions(control: Any) -> ChiuJainConditions:
    """Tell whether a linear control meets Chiu & Jain's conditions for convergence.

    Parameters
    ----------
    control : Policy or tuple
        A policy that declares ``linear_coefficients`` (AIMD, AIAD, MIMD,
        MIAD, :class:`~aimdmodel.LinearControl`, GAIMD, a binomial control
        with ``k = 0``), or ``(a_i, b_i, a_d, b_d)``; scalar coefficients.

    Returns
    -------
    ChiuJainConditions
        True in a boolean context when the conditions hold.

    Raises
    ------
    TypeError, ValueError
        A control that is not linear, or per-flow coefficients.

    Examples
    --------
    >>> from aimdmodel import AIMD, MIMD
    >>> bool(chiu_jain_conditions(AIMD())), chiu_jain_conditions(MIMD()).reasons
    (True, ('increase: a_i = 0 is not > 0',))
    """
    coef = _coefficients(control)
    if not all(is_number(v) for v in coef):
        raise TypeError(f"control: the coefficients must be scalar numbers, got {coef!r}")
    a_i, b_i, a_d, b_d = coef
    reasons = []
    if a_d != 0:
        reasons.append(f"decrease: a_d = {a_d} is not 0")
    if not 0 <= b_d < 1:
        reasons.append(f"decrease: b_d = {b_d} is not in [0, 1)")
    if not a_i > 0:
        reasons.append(f"increase: a_i = {a_i} is not > 0")
    if not b_i >= 1:
        reasons.append(f"increase: b_i = {b_i} is not >= 1")
    dec = not any(r.startswith("decrease") for r in reasons)
    inc = not any(r.startswith("increase") for r in reasons)
    return ChiuJainConditions(coef, dec, inc, dec and inc, tuple(reasons))


# --------------------------------------------------------------------------
# one-step fairness, time to the goal, overshoot
# --------------------------------------------------------------------------
def one_step_fairness(x: Sequence[Any], a_i: Any, b_i: Any) -> Any:
    """Return Jain's index after one increase ``a_i + b_i x``, by Chiu & Jain's closed form.

    ``F' = F + (1 - F)(1 - sum x^2 / sum (x + c)^2)`` with ``c = a_i / b_i``
    and ``F`` the index of ``x`` (Chiu & Jain 1989, the proof that additive
    increase improves fairness). Exact for Fractions.

    Parameters
    ----------
    x : sequence of numbers
        The windows, not all zero.
    a_i, b_i : number
        The increase, ``b_i > 0``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> one_step_fairness([Fraction(1), Fraction(3)], 1, 1)   # F(2, 4) = 36/40
    Fraction(9, 10)
    """
    xs = list(x)
    if not xs or not all(is_number(v) for v in xs) or not any(v != 0 for v in xs):
        raise ValueError(f"x must be a non-empty sequence of numbers, not all 0, got {x!r}")
    if not all(v >= 0 and (not isinstance(v, float) or math.isfinite(v)) for v in xs):
        raise ValueError(f"x must hold finite windows >= 0, got {x!r}")
    if not is_number(a_i):
        raise TypeError(f"a_i must be a real number, got {a_i!r}")
    check_positive_number("b_i", b_i)
    c = Fraction(a_i) / Fraction(b_i) if all(
        isinstance(v, (int, Fraction)) for v in (*xs, a_i, b_i)
    ) else a_i / b_i
    held = np.empty(len(xs), dtype=object)  # Python arithmetic: exact for ints and Fractions
    held[:] = xs
    f = metrics.jain_index(held)
    return f + (1 - f) * (1 - sum(v * v for v in xs) / sum((v + c) ** 2 for v in xs))


@dataclass(frozen=True)
class GoalTime:
    """Steps for the total under increase to reach a goal (Chiu & Jain's ``t_e``).

    Attributes
    ----------
    t_e : number
        The real solution of ``X(t) = X_goal``: exact (a Fraction) for an
        additive increase (``b_i = 1``), a float otherwise (a logarithm).
    steps : int
        ``ceil(t_e)``: the first whole step with ``X(t) >= X_goal``, found
        exactly.
    overshoot : number
        ``X(steps) - X_goal >= 0`` (exact for exact inputs).
    bound : number
        ``n a_i + (b_i - 1) X_goal``: the largest overshoot one increase step
        from below the goal can make.
    """

    t_e: Any
    steps: int
    overshoot: Any
    bound: Any


def time_to_goal(total: Any, goal: Any, a_i: Any, b_i: Any, *, flows: int = 1) -> GoalTime:
    """Count the increase steps until the total of ``flows`` windows reaches ``goal``.

    ``X(t) = b_i^t X(0) + n a_i (b_i^t - 1)/(b_i - 1)`` (``X(0) + n a_i t``
    for ``b_i = 1``); ``t_e = log_{b_i}((X_goal + n a_i/(b_i - 1)) /
    (X(0) + n a_i/(b_i - 1)))`` (Chiu & Jain 1989, responsiveness).

    Parameters
    ----------
    total : number
        ``X(0) >= 0``, the windows' sum now.
    goal : number
        ``X_goal >= X(0)``.
    a_i, b_i : number
        The increase, ``a_i >= 0``, ``b_i >= 1``, not both trivial.
    flows : int
        ``n >= 1``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> g = time_to_goal(Fraction(10), Fraction(100), 1, 1, flows=2)
    >>> g.t_e, g.steps, g.overshoot
    (Fraction(45, 1), 45, Fraction(0, 1))
    >>> g = time_to_goal(10, 100, 0, 2)
    >>> round(g.t_e, 4), g.steps, g.overshoot      # 10 * 2**4 = 160
    (3.3219, 4, Fraction(60, 1))
    """
    n = check_count("flows", flows, minimum=1, optional=False)
    for name, v in (("total", total), ("goal", goal), ("a_i", a_i)):
        if not is_number(v) or v < 0:
            raise ValueError(f"{name} must be a number >= 0, got {v!r}")
    if not is_number(b_i) or b_i < 1 or (a_i == 0 and b_i == 1):
        raise ValueError(f"need b_i >= 1 and not a_i = 0 with b_i = 1, got a_i={a_i}, b_i={b_i}")
    if goal < total:
        raise ValueError(f"goal must be >= total, got goal={goal}, total={total}")
    x0, xg, a, b = (to_fraction(v) for v in (total, goal, a_i, b_i))

    def level(t: int) -> Fraction:
        if b == 1:
            return x0 + n * a * t
        return b**t * x0 + n * a * (b**t - 1) / (b - 1)

    if b == 1:
        t_e: Any = (xg - x0) / (n * a)
        steps = math.ceil(t_e)
    else:
        shift = n * a / (b - 1)
        t_e = math.log(float((xg + shift) / (x0 + shift))) / math.log(float(b))
        steps = max(math.ceil(t_e), 0)
        while steps > 0 and level(steps - 1) >= xg:  # the float estimate, checked exactly
            steps -= 1
        while level(steps) < xg:
            steps += 1
    return GoalTime(t_e, steps, level(steps) - xg, n * a + (b - 1) * xg)


# --------------------------------------------------------------------------
# measured orders: steps to eps-fairness against the capacity
# --------------------------------------------------------------------------
MODELS = ("discrete", "fluid")
"""How :func:`fairness_scaling` runs a policy: the synchronous model, or its fluid limit."""


@dataclass(frozen=True)
class FairnessScaling:
    """Steps (RTTs) for two flows to come within ``eps`` of each other, against ``W``.

    Attributes
    ----------
    policy : Policy
    capacities : ndarray
        The capacities ``W`` (packets per RTT).
    steps : ndarray
        Steps to ``eps``-fairness at each ``W``: from the start until the
        windows stay within ``eps`` (discrete: :func:`aimdmodel.metrics.steps_to_fairness`;
        fluid: the end of the first cycle after which they are, each cycle
        counted as its increase time plus one congestion RTT).
    cycles : ndarray of int
        Congestion events before that.
    model : str
        ``"discrete"`` (the synchronous model) or ``"fluid"`` (the declared
        fluid limit, cycles in closed form).
    start : tuple
        The initial windows as fractions of ``W``.
    eps : float
        The tolerance in packets.
    arithmetic : str
        Of the runs (``"float"`` for the fluid model).
    """

    policy: Policy
    capacities: np.ndarray
    steps: np.ndarray
    cycles: np.ndarray
    model: str
    start: tuple
    eps: float
    arithmetic: str

    def fitted_order(self) -> float:
        """Return the least-squares slope of ``log(steps)`` against ``log(W)``.

        Examples
        --------
        >>> from aimdmodel import AIMD
        >>> d = fairness_scaling(AIMD(), (100, 200, 400, 800))
        >>> round(d.fitted_order(), 2)
        1.2
        """
        return float(np.polyfit(np.log(self.capacities), np.log(self.steps), 1)[0])

    def local_orders(self) -> np.ndarray:
        """Return the slopes of ``log(steps)`` between consecutive capacities."""
        return np.diff(np.log(self.steps)) / np.diff(np.log(self.capacities))

    def ratio(self, order: float, log_power: int = 0) -> np.ndarray:
        """Return ``steps / (W^order ln(W)^log_power)`` at each capacity.

        Bounded (flat or falling) over the range when the steps are
        ``O(W^order ln(W)^log_power)`` there; growing otherwise.
        """
        w = self.capacities
        return self.steps / (w**order * np.log(w) ** log_power)


def _fluid_time(pol: Policy, s: tuple, capacity: float, guess: float) -> float:
    """Return the real ``n >= 0`` with ``sum window(fluid_advance(s, n)) = capacity``.

    The windows' sum grows with ``n``. Newton steps on the declared drift
    from ``guess`` (the previous cycle's length), kept inside a bracket that
    grows by doubling until it holds the root; bisection when a step leaves it.
    """
    lo, hi, n = 0.0, math.inf, max(guess, 1e-9)
    for _ in range(200):
        state = pol.fluid_advance(s, n)
        g = float(np.sum(pol.window(state))) - capacity
        if abs(g) <= 1e-12 * capacity or hi - lo <= 1e-12 * n:
            return n
        lo, hi = (n, hi) if g < 0 else (lo, n)
        rate = pol.drift(state)
        slope = float(np.sum(pol.window(rate))) if rate is not None else 0.0
        step = n - g / slope if slope > 0 else math.nan
        if lo < step < hi:
            n = step
        else:
            n = 2 * n if math.isinf(hi) else (lo + hi) / 2
    return n  # pragma: no cover - 200 safeguarded steps always converge


def _fluid_run(policy: Policy, x: np.ndarray, capacity: float, eps: float,
               max_cycles: int) -> tuple[float | None, int]:
    """Cycle the fluid limit from ``x`` until the windows are within ``eps``."""
    pol = policy.converted(float)
    s = pol.init(x)
    steps, guess = 0.0, 1.0
    for cycle in range(max_cycles + 1):
        w = np.asarray(pol.window(s), dtype=np.float64)
        if w.max() - w.min() <= eps:
            return steps, cycle
        n = _fluid_time(pol, s, capacity, guess)
        s = pol.decrease(pol.fluid_advance(s, n))
        steps, guess = steps + n + 1, max(n, 1e-6)
    return None, max_cycles


def _discrete_run(policy: Policy, x: np.ndarray, capacity: float, eps: float,
                  arithmetic: str, max_cycles: int) -> tuple[Any, int]:
    """Run the synchronous model until ``eps``-fairness holds (cycles doubled as needed)."""
    record = "cycles" if policy.affine_advance else "all"
    cycles = 64
    while True:
        tr = simulate(policy, x, capacity, cycles=cycles, arithmetic=arithmetic,
                      engine="cycle", record=record)
        t = metrics.steps_to_fairness(tr, eps=eps)
        if t is not None and t < tr.n_steps:
            return t, int(metrics.cycles_to_fairness(tr, eps=eps))
        if cycles >= max_cycles:
            return None, cycles
        cycles = min(2 * cycles, max_cycles)


def fairness_scaling(
    policy: Policy,
    capacities: Sequence[Any],
    *,
    start: tuple[Any, Any] = (Fraction(1, 100), Fraction(3, 10)),
    eps: Any = 1,
    model: str = "discrete",
    arithmetic: str = "float",
    max_cycles: int = 1_000_000,
) -> FairnessScaling:
    """Measure the steps for two flows to reach ``eps``-fairness at several capacities.

    Parameters
    ----------
    policy : Policy
    capacities : sequence of number
        The capacities ``W > 0`` (at least two for an order).
    start : (number, number)
        The two initial windows as fractions of ``W`` (default 1/100 and
        3/10: Lahanas & Tsaoussidis 2003's ``x = (1, 30)`` at ``W = 100``), sum below 1.
    eps : number
        Tolerance in packets (default 1).
    model : {"discrete", "fluid"}
        The synchronous model (:func:`aimdmodel.simulate`, cycle engine) or
        the policy's declared fluid limit (whole cycles in closed form).
    arithmetic : str
        Of the discrete runs (default ``"float"``).
    max_cycles : int
        Give up after this many congestion events (the step count is then
        NaN).

    Returns
    -------
    FairnessScaling

    Examples
    --------
    >>> from aimdmodel.policies import IIAD
    >>> d = fairness_scaling(IIAD(), (100, 200, 400), model="fluid")
    >>> d.cycles.tolist(), d.ratio(2).round(2).tolist()   # steps / W^2 grows
    ([220, 578, 1433], [0.67, 0.84, 1.01])
    """
    check_choice("model", model, MODELS)
    for c in capacities:
        check_positive_number("capacities", c)
    caps = list(capacities)
    if not caps:
        raise ValueError("capacities must hold at least one capacity W > 0")
    f1, f2 = start
    if not (0 <= f1 and 0 <= f2 and f1 + f2 < 1):
        raise ValueError(f"start must be two fractions >= 0 of W with sum < 1, got {start!r}")
    if model == "fluid" and not policy.has_fluid_limit:
        raise ValueError(
            f"model='fluid' needs a policy with a declared fluid limit, got {policy!r}"
        )
    steps, cycles = [], []
    for cap in caps:
        x = np.array([float(f1 * cap), float(f2 * cap)])
        if model == "fluid":
            t, c = _fluid_run(policy, x, float(cap), float(eps), max_cycles)
        else:
            xs = x if arithmetic == "float" else [f1 * cap, f2 * cap]
            t, c = _discrete_run(policy, xs, cap, eps, arithmetic, max_cycles)
        steps.append(math.nan if t is None else float(t))
        cycles.append(c)
    return FairnessScaling(policy, np.asarray(caps, dtype=np.float64), np.asarray(steps),
                           np.asarray(cycles, dtype=np.int64), model, (f1, f2), float(eps),
                           "float" if model == "fluid" else arithmetic)
