"""Experiments: the computations behind the figures, as result objects.

Each function here runs the model (:func:`aimdmodel.simulate`), derives
closed forms (:func:`aimdmodel.symbolic.derive`) and reads metrics
(:mod:`aimdmodel.metrics`), and returns a frozen dataclass with named,
documented fields: the numbers a figure shows, as float arrays ready to
draw, with the arithmetic of the run named. Every result has a
``.plot(ax=None, **kwargs)`` method that hands the result to
:mod:`aimdmodel.plots`, which only draws (python-control's
``response.plot()`` style, as :meth:`aimdmodel.Trajectory.plot`). Tests and
notebooks check the data, not pixels.

====================  ============================  ============================================
function              result                        figure
====================  ============================  ============================================
``phase_plane``       :class:`PhasePlaneData`       two flows in the (x1, x2) plane
``convergence``       :class:`ConvergenceData`      Jain's index and window difference per cycle
``sawtooth``          :class:`SawtoothData`         one flow with its closed-form bounds
``efficiency_curve``  :class:`EfficiencyCurveData`  efficiency against ``b``
``response``          :class:`ResponseData`         throughput against the loss rate ``p``
``response_functions``  :class:`ResponseFunctionsData`  published response functions and policies
``new_aimd``          :class:`NewAIMDData`          New-AIMD, printed or charitable reading
``long_run``          :class:`LongRunData`          the windows; long-run averages per cycle
====================  ============================  ============================================

Several results of one kind go on one axes through the plot function, which
takes a sequence: ``plots.plot_convergence([convergence(p) for p in pols])``.

Examples
--------
>>> from aimdmodel import AIMD
>>> from aimdmodel.experiments import convergence
>>> d = convergence(AIMD(), (10, 70), 100, cycles=3)
>>> d.difference.tolist(), d.arithmetic
([60.0, 30.0, 15.0, 7.5], 'exact')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from . import metrics, plots
from . import response as rf
from ._validate import check_choice, check_count, check_positive_number
from .engine import simulate
from .policies import (
    AIMD,
    CUBIC,
    IIAD,
    POLICIES,
    SQRT,
    HighSpeed,
    NewAIMD,
    Policy,
    make_policy,
)
from .symbolic import W as W_SYMBOL
from .symbolic import derive
from .trajectory import Trajectory

AIMD_DEFAULT = AIMD()
"""The reference rule the dynamic experiments compare with, AIMD(1, 1/2)."""

__all__ = [
    "ConvergenceData",
    "EfficiencyCurveData",
    "LongRunData",
    "NewAIMDData",
    "PhasePlaneData",
    "ResponseData",
    "ResponseFunctionsData",
    "SawtoothData",
    "convergence",
    "efficiency_curve",
    "long_run",
    "new_aimd",
    "phase_plane",
    "response",
    "response_functions",
    "sawtooth",
]


def _as_float(a: Any) -> np.ndarray:
    """Convert windows of any arithmetic (Fractions, ints, floats) to float64."""
    return np.asarray(np.asarray(a, dtype=object).astype(np.float64), dtype=np.float64)


# --------------------------------------------------------------------------
# the phase plane of two flows (Lahanas & Tsaoussidis 2003, Fig. 2, after Chiu & Jain 1989)
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class PhasePlaneData:
    """The path of two flows in the (x1, x2) plane.

    Attributes
    ----------
    policy : Policy
    capacity : float
        ``W`` in packets per RTT.
    windows : ndarray, shape (T+1, 2)
        Both windows at every step (packets), as floats.
    feedback : ndarray of int8, shape (T,)
        1 = increase step, 0 = decrease step.
    segments : ndarray, shape (n, 2, 2)
        ``segments[j] = [start, end]``: one run of consecutive steps with
        the same feedback, from the window vector where the run starts to
        the one where it ends (an increase phase, or one or more decreases).
    kinds : tuple of str
        ``"increase"`` or ``"decrease"`` for each segment.
    fairness_line : ndarray, shape (2, 2)
        Two points of ``x1 = x2``.
    efficiency_line : ndarray, shape (2, 2)
        The two ends of ``x1 + x2 = W`` on the axes.
    initial_jain : float
        Jain's index of the initial windows.
    final_jain : float
        Jain's index of the last window vector.
    arithmetic : str
        Arithmetic of the simulation the windows come from.
    perron_point : ndarray of shape (2,) or None
        For two AIMD flows with their own parameters: where the peaks
        converge, ``W`` times the Perron vector of the matrix model
        (:func:`aimdmodel.symbolic.matrix_model`); None for equal flows or
        other rules.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> d = phase_plane(AIMD(), (10, 70), 100, cycles=1)
    >>> d.segments.shape, d.kinds, round(d.final_jain, 3)
    ((2, 2, 2), ('increase', 'decrease'), 0.735)
    """

    policy: Policy
    capacity: float
    windows: np.ndarray
    feedback: np.ndarray
    segments: np.ndarray
    kinds: tuple[str, ...]
    fairness_line: np.ndarray
    efficiency_line: np.ndarray
    initial_jain: float
    final_jain: float
    arithmetic: str
    perron_point: np.ndarray | None = None

    def plot(self, ax: Any = None, **kwargs: Any) -> list:
        """Draw the phase plane with :func:`aimdmodel.plots.plot_phase_plane`.

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> from aimdmodel import AIMD
        >>> d = phase_plane(AIMD(), cycles=2)
        >>> len(d.plot(Figure().subplots())) == 3 + len(d.segments)
        True
        """
        return plots.plot_phase_plane(self, ax=ax, **kwargs)


def _segments(w: np.ndarray, fb: np.ndarray) -> tuple[list, list[str]]:
    """Cut a path into runs of equal feedback: ``[start, end]`` window pairs and kinds."""
    segments, kinds = [], []
    start = 0
    for t in range(1, len(fb) + 1):
        if t == len(fb) or fb[t] != fb[start]:
            segments.append([w[start], w[t]])
            kinds.append("increase" if fb[start] == 1 else "decrease")
            start = t
    return segments, kinds


def phase_plane(
    policy: Policy | Sequence[Policy],
    x0: Sequence[Any] = (10, 70),
    capacity: Any = 100,
    *,
    cycles: int = 8,
    arithmetic: str = "exact",
) -> PhasePlaneData:
    """Simulate two flows and cut their path into increase and decrease runs.

    Parameters
    ----------
    policy : Policy or pair of Policy
        One rule for both flows, a rule with per-flow parameters, or one
        rule per flow (e.g. ``[AIMD(), AIMD(a=1/5, b=7/8)]``).
    x0 : pair of numbers
        Initial windows of the two flows (packets).
    capacity : number
        ``W`` in packets per RTT.
    cycles : int
        Congestion events to simulate (default 8).
    arithmetic : {"exact", "float", "integer"}
        Arithmetic of the simulation (default exact Fractions); the returned
        arrays are floats for drawing.

    Returns
    -------
    PhasePlaneData

    Raises
    ------
    ValueError
        If ``x0`` does not hold exactly two windows (and as :func:`simulate`).

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> d = phase_plane(AIMD(), (10, 70), 100, cycles=2)
    >>> d.kinds
    ('increase', 'decrease', 'increase', 'decrease')
    >>> d.segments[0].tolist(), d.segments[1].tolist()
    ([[10.0, 70.0], [20.0, 80.0]], [[20.0, 80.0], [10.0, 40.0]])
    """
    x0 = list(x0)
    if len(x0) != 2:
        raise ValueError(f"x0 must hold the windows of exactly 2 flows, got {len(x0)}")
    tr = simulate(policy, x0, capacity, cycles=cycles, arithmetic=arithmetic)
    w = _as_float(tr.windows)
    fb = np.asarray(tr.feedback, dtype=np.int8)
    segments, kinds = _segments(w, fb)
    cap = float(capacity)
    top = max(cap, float(w.max())) * 1.05
    return PhasePlaneData(
        policy=tr.policy,
        capacity=cap,
        windows=w,
        feedback=fb,
        segments=np.asarray(segments, dtype=np.float64).reshape(-1, 2, 2),
        kinds=tuple(kinds),
        fairness_line=np.array([[0.0, 0.0], [top, top]]),
        efficiency_line=np.array([[cap, 0.0], [0.0, cap]]),
        initial_jain=float(metrics.jain_index(w[0])),
        final_jain=float(metrics.jain_index(w[-1])),
        arithmetic=tr.arithmetic,
        perron_point=_perron_point(tr.policy, cap),
    )


def _perron_point(policy: Policy, capacity: float) -> np.ndarray | None:
    """``W`` times the Perron vector of two unequal AIMD flows (None otherwise)."""
    from .symbolic import matrix_model

    try:
        mm = matrix_model(policy, flows=2)
    except (ValueError, TypeError):  # not two AIMD flows: no matrix model
        return None
    shares = mm.numeric()["peak_shares"]
    return None if np.allclose(shares, 0.5) else capacity * shares


# --------------------------------------------------------------------------
# convergence to fairness, per cycle
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class ConvergenceData:
    """Fairness of a system at the start of every cycle.

    Attributes
    ----------
    policy : Policy
    capacity : float
        ``W`` in packets per RTT.
    cycle : ndarray of int
        0 for the initial windows, then ``j`` for the windows right after
        the ``j``-th congestion event (the start of cycle ``j + 1``).
    step : ndarray of int
        The step (RTT) at which those windows hold.
    jain : ndarray of float
        Jain's index of the windows there.
    difference : ndarray of float
        ``max(w) - min(w)`` there (packets).
    eps : number
        The tolerance of the two read-outs below (packets).
    steps_to_fairness : int or None
        :func:`aimdmodel.metrics.steps_to_fairness` of the run: the first
        step from which every pair of windows stays within ``eps`` (None if
        not within the run).
    cycles_to_fairness : int or None
        :func:`aimdmodel.metrics.cycles_to_fairness`: the congestion events
        before that step.
    arithmetic : str
        Arithmetic of the simulation (the floats are converted from it).

    Examples
    --------
    >>> from aimdmodel import AIMDFC
    >>> d = convergence(AIMDFC(), (10, 70), 100, cycles=2)
    >>> d.step.tolist(), d.difference.tolist()
    ([0, 11, 32], [60.0, 30.0, 15.0])
    """

    policy: Policy
    capacity: float
    cycle: np.ndarray
    step: np.ndarray
    jain: np.ndarray
    difference: np.ndarray
    eps: Any
    steps_to_fairness: int | None
    cycles_to_fairness: int | None
    arithmetic: str

    def plot(self, ax: Any = None, **kwargs: Any) -> list:
        """Draw the convergence with :func:`aimdmodel.plots.plot_convergence`.

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> from aimdmodel import AIMD
        >>> [line.get_label() for line in convergence(AIMD(), cycles=4).plot(Figure().subplots())]
        ['AIMD(a=1, b=1/2)']
        """
        return plots.plot_convergence(self, ax=ax, **kwargs)


def convergence(
    policy: Policy,
    x0: Sequence[Any] = (10, 70),
    capacity: Any = 100,
    *,
    cycles: int = 20,
    arithmetic: str = "exact",
    eps: Any = 1,
) -> ConvergenceData:
    """Jain's index and the window difference at the start of every cycle.

    Parameters
    ----------
    policy : Policy
    x0 : sequence of numbers
        Initial windows (two or more flows).
    capacity : number
        ``W`` in packets per RTT.
    cycles : int
        Congestion events to simulate (default 20).
    arithmetic : {"exact", "float", "integer"}
        Arithmetic of the simulation (default exact, so that a difference
        that halves every cycle is not lost to rounding).
    eps : number
        Tolerance of ``steps_to_fairness`` and ``cycles_to_fairness``
        (default 1 packet).

    Returns
    -------
    ConvergenceData

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> d = convergence(AIMD(), (10, 70), 100, cycles=8)
    >>> d.cycle.tolist()[:4], d.difference.tolist()[:4]
    ([0, 1, 2, 3], [60.0, 30.0, 15.0, 7.5])
    >>> d.cycles_to_fairness, d.steps_to_fairness
    (6, 141)
    """
    tr = simulate(policy, list(x0), capacity, cycles=cycles, arithmetic=arithmetic)
    steps = np.concatenate([[0], np.asarray(tr.congestion_steps, dtype=np.int64) + 1])
    w = tr.windows[steps]
    diff = w.max(axis=-1) - w.min(axis=-1)
    return ConvergenceData(
        policy=policy,
        capacity=float(capacity),
        cycle=np.arange(len(steps)),
        step=steps,
        jain=_as_float(metrics.jain_index(w)),
        difference=_as_float(diff),
        eps=eps,
        steps_to_fairness=metrics.steps_to_fairness(tr, eps=eps),
        cycles_to_fairness=metrics.cycles_to_fairness(tr, eps=eps),
        arithmetic=tr.arithmetic,
    )


# --------------------------------------------------------------------------
# the sawtooth of one flow with its closed-form bounds (Lahanas & Tsaoussidis 2003, Figs. 3, 4)
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class SawtoothData:
    """One flow's window against the step, beside its closed-form bounds.

    The bounds come from :func:`aimdmodel.symbolic.derive` (the fluid-limit
    fixed point of the policy's own cycle map), never typed in.

    Attributes
    ----------
    policy : Policy
    capacity : float
        ``W`` (packets per RTT).
    steps : ndarray of int, shape (T+1,)
    window : ndarray of float, shape (T+1,)
        The window (packets) at every step.
    closed_form : ClosedForm
        What :func:`~aimdmodel.symbolic.derive` returned.
    min_window_formula : sympy.Expr
        The minimum window in packets as an expression of the symbol ``W``
        (``closed_form.min_window * W``), for labels.
    mean_window_formula : sympy.Expr
        The mean window in packets in ``W`` (``closed_form.efficiency * W``).
    min_window : float
        Closed-form minimum window at this capacity.
    max_window : float
        The window at which a cycle ends in the fluid limit: ``W``.
    mean_window : float
        Closed-form mean window at this capacity.
    simulated_min : float
        Smallest window at a cycle start over the second half of the whole
        cycles of the simulation.
    simulated_mean : float
        Mean window over those cycles (packets per RTT).
    cycles : int
        Congestion events simulated.
    arithmetic : str
        Arithmetic of the simulation.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> d = sawtooth(AIMD(), 90)
    >>> d.closed_form.min_window, d.min_window_formula, d.min_window, d.simulated_min
    (1/2, W/2, 45.0, 45.0)
    """

    policy: Policy
    capacity: float
    steps: np.ndarray
    window: np.ndarray
    closed_form: Any
    min_window_formula: Any
    mean_window_formula: Any
    min_window: float
    max_window: float
    mean_window: float
    simulated_min: float
    simulated_mean: float
    cycles: int
    arithmetic: str

    def plot(self, ax: Any = None, **kwargs: Any) -> list:
        """Draw the sawtooth with :func:`aimdmodel.plots.plot_sawtooth`.

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> from aimdmodel import AIMD
        >>> [a.get_label() for a in sawtooth(AIMD(), 90).plot(Figure().subplots())][2]
        'min window $W/2$ = 45'
        """
        return plots.plot_sawtooth(self, ax=ax, **kwargs)


def sawtooth(
    policy: Policy,
    capacity: Any = 90,
    *,
    x0: Any = None,
    cycles: int = 12,
    arithmetic: str = "exact",
) -> SawtoothData:
    """Simulate one flow and derive its bounds with :func:`aimdmodel.symbolic.derive`.

    Parameters
    ----------
    policy : Policy
        A policy with a closed-form ``advance`` (AIMD, AIMD-FC, AIMD-FC+, ...).
    capacity : number
        ``W`` (default 90, a multiple of 2, 3 and 9 so that the fixed points
        of AIMD, AIMD-FC and AIMD-FC+ fall on whole packets).
    x0 : number, optional
        Initial window (default ``W / 2``).
    cycles : int
        Congestion events to simulate (default 12).
    arithmetic : str
        Arithmetic of the simulation (default exact).

    Returns
    -------
    SawtoothData

    Raises
    ------
    ValueError
        If the policy has no fixed point to draw (``derive`` gives a reason).

    Examples
    --------
    >>> from aimdmodel import AIMDFC
    >>> d = sawtooth(AIMDFC(), 90)
    >>> d.min_window, d.max_window, round(d.mean_window, 6)
    (60.0, 90.0, 75.0)
    >>> round(d.simulated_min, 1), round(d.simulated_mean, 1)
    (60.0, 75.1)
    """
    cf = derive(policy)
    if cf.min_window is None or cf.efficiency is None:
        raise ValueError(f"{policy!r} has no closed-form sawtooth: {cf.reason}")
    cap = float(capacity)
    start = Fraction(capacity) / 2 if x0 is None else x0
    tr = simulate(policy, [start], capacity, cycles=cycles, arithmetic=arithmetic)
    stats = metrics.cycle_stats(tr)
    w = _as_float(tr.windows[:, 0])
    packets = sum(s.packets for s in stats)
    length = sum(s.length for s in stats)

    def at_capacity(expr: Any) -> float:
        return float(expr.subs(W_SYMBOL, cap))

    low, mean = cf.min_window * W_SYMBOL, cf.efficiency * W_SYMBOL
    return SawtoothData(
        policy=policy,
        capacity=cap,
        steps=np.arange(len(w)),
        window=w,
        closed_form=cf,
        min_window_formula=low,
        mean_window_formula=mean,
        min_window=at_capacity(low),
        max_window=cap,
        mean_window=at_capacity(mean),
        simulated_min=float(min(w[s.first] for s in stats)),
        simulated_mean=float(packets / length),
        cycles=cycles,
        arithmetic=tr.arithmetic,
    )


# --------------------------------------------------------------------------
# efficiency against the decrease factor b
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class EfficiencyCurveData:
    """Closed-form efficiency of a policy family against ``b``, with simulated points.

    Attributes
    ----------
    family : str
        Registry name (``"aimd"``, ``"aimd-fc"``, ``"aimd-fc-plus"``).
    name : str
        The name the papers use (``"AIMD-FC+"``), for legends.
    symbol : sympy.Symbol
        The decrease factor ``b``.
    expression : sympy.Expr
        ``derive(make_policy(family, b=b)).efficiency``.
    b : ndarray
        Grid of ``b`` in (0, 1) for the curve.
    efficiency : ndarray
        The expression on that grid.
    b_points : ndarray
        Where the model was simulated.
    simulated : ndarray
        :func:`aimdmodel.metrics.efficiency` of one flow at those ``b``.
    derived_at_points : ndarray
        The expression at those ``b`` (what ``simulated`` is compared with).
    capacity : float
    cycles : int
        Congestion events per simulation (the second half is averaged).
    arithmetic : str
        Arithmetic of the simulations.

    Examples
    --------
    >>> import sympy
    >>> d = efficiency_curve("aimd-fc", b_points=(0.5,), capacity=90, cycles=20)
    >>> d.expression.subs(d.symbol, sympy.Rational(1, 2)), round(float(d.simulated[0]), 4)
    (5/6, 0.8334)
    """

    family: str
    name: str
    symbol: Any
    expression: Any
    b: np.ndarray
    efficiency: np.ndarray
    b_points: np.ndarray
    simulated: np.ndarray
    derived_at_points: np.ndarray
    capacity: float
    cycles: int
    arithmetic: str

    def plot(self, ax: Any = None, **kwargs: Any) -> list:
        """Draw the curve with :func:`aimdmodel.plots.plot_efficiency_curve`.

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> d = efficiency_curve("aimd", b_points=(0.5,), capacity=100, cycles=4)
        >>> len(d.plot(Figure().subplots()))
        2
        """
        return plots.plot_efficiency_curve(self, ax=ax, **kwargs)


def efficiency_curve(
    family: str = "aimd",
    *,
    b_points: Sequence[float] = (0.2, 0.35, 0.5, 0.65, 0.8, 0.9),
    capacity: float = 400,
    cycles: int = 16,
    n: int = 101,
) -> EfficiencyCurveData:
    """Derive the efficiency as a function of ``b`` and simulate it at some ``b``.

    Parameters
    ----------
    family : str
        A policy name taking ``b=`` (``"aimd"``, ``"aimd-fc"``, ``"aimd-fc-plus"``).
    b_points : sequence of float
        Decrease factors to simulate, each in (0, 1).
    capacity : float
        ``W`` of the simulations (default 400: large enough that the one
        congestion RTT per cycle barely shows).
    cycles : int
        Congestion events per simulation (the second half is averaged).
    n : int
        Points of the curve, ``>= 2``.

    Returns
    -------
    EfficiencyCurveData

    Raises
    ------
    TypeError
        If ``family`` is not a policy name.
    ValueError
        If the family has no closed-form efficiency, or ``n < 2``.

    Examples
    --------
    >>> d = efficiency_curve("aimd", b_points=(0.5,), capacity=200, cycles=6)
    >>> d.expression, d.name
    ((b + 1)/2, 'AIMD')
    >>> float(d.simulated[0])
    0.75
    """
    import sympy

    if not isinstance(family, str):
        raise TypeError(f"family must be a policy name such as 'aimd', got {family!r}")
    check_choice("family", family, sorted(POLICIES))
    n = check_count("n", n, minimum=2, optional=False)
    b = sympy.Symbol("b", positive=True)
    symbolic = make_policy(family, b=b)
    expr = derive(symbolic).efficiency
    if expr is None:
        raise ValueError(f"{family!r} has no closed-form efficiency")
    fn = sympy.lambdify(b, expr, "numpy")
    grid = np.linspace(0.02, 0.98, n)
    pts = np.asarray(b_points, dtype=np.float64)
    sim = []
    for bv in pts:
        tr = simulate(make_policy(family, b=float(bv)), [capacity / 2], capacity, cycles=cycles)
        sim.append(float(metrics.efficiency(tr)))
    return EfficiencyCurveData(
        family=family,
        name=type(symbolic).display_name or type(symbolic).__name__,
        symbol=b,
        expression=expr,
        b=grid,
        efficiency=np.asarray(fn(grid), dtype=np.float64) * np.ones_like(grid),
        b_points=pts,
        simulated=np.asarray(sim),
        derived_at_points=np.asarray([float(expr.subs(b, v)) for v in pts], dtype=np.float64),
        capacity=float(capacity),
        cycles=cycles,
        arithmetic="float",
    )


# --------------------------------------------------------------------------
# response functions: throughput against the loss rate p
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class ResponseData:
    """Throughput against the loss rate: ``C / sqrt(p)`` and simulated points.

    Attributes
    ----------
    policy : Policy
    constant : sympy.Expr
        ``derive(policy).response_constant``.
    p : ndarray
        Loss rates of the curve.
    throughput : ndarray
        ``C / sqrt(p)`` in packets per RTT (multiply by MSS/RTT for bytes/s).
    capacities : ndarray
        ``W`` of each simulated point.
    p_points : ndarray
        Simulated loss rate: one loss per cycle, ``p = 1 / (packets per cycle)``.
    throughput_points : ndarray
        Simulated mean window (packets per RTT) over whole cycles.
    cycles : int
        Congestion events per simulation (the second half is averaged).
    arithmetic : str

    Examples
    --------
    >>> from aimdmodel import AIMDFC
    >>> d = response(AIMDFC(), capacities=(90,))
    >>> d.constant, round(float(d.throughput_points[0] * d.p_points[0] ** 0.5), 3)
    (sqrt(10)/2, 1.556)
    """

    policy: Policy
    constant: Any
    p: np.ndarray
    throughput: np.ndarray
    capacities: np.ndarray
    p_points: np.ndarray
    throughput_points: np.ndarray
    cycles: int
    arithmetic: str

    def plot(self, ax: Any = None, **kwargs: Any) -> list:
        r"""Draw the response function with :func:`aimdmodel.plots.plot_response`.

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> from aimdmodel import AIMD
        >>> print(response(AIMD(), (50, 100)).plot(Figure().subplots())[0].get_label())
        AIMD(a=1, b=1/2): $C = \sqrt{6}/2$
        """
        return plots.plot_response(self, ax=ax, **kwargs)


def response(
    policy: Policy,
    capacities: Sequence[float] = (25, 50, 100, 200, 400, 800),
    *,
    cycles: int = 16,
    n: int = 50,
) -> ResponseData:
    """Derive ``C`` and simulate one flow at several capacities.

    A flow alone on a link of capacity ``W`` loses one packet per cycle
    (periodic loss, the papers' setting), so its loss rate is one over the
    packets it sends in a cycle and its throughput the mean window.

    Parameters
    ----------
    policy : Policy
    capacities : sequence of float
        Capacities ``W`` to simulate (each gives one point; at least one).
    cycles : int
        Congestion events per simulation (the second half is averaged).
    n : int
        Points of the curve, ``>= 2``.

    Returns
    -------
    ResponseData

    Raises
    ------
    ValueError
        If the policy has no response constant, ``capacities`` is empty or
        ``n < 2``.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> d = response(AIMD(), capacities=(400,))
    >>> d.constant
    sqrt(6)/2
    >>> bool(abs(d.throughput_points[0] * d.p_points[0] ** 0.5 / float(d.constant) - 1) < 0.01)
    True
    """
    n = check_count("n", n, minimum=2, optional=False)
    if len(capacities) == 0:
        raise ValueError("capacities must hold at least one capacity W > 0, got none")
    c = derive(policy).response_constant
    if c is None:
        raise ValueError(f"{policy!r} has no response constant")
    pp, tp = [], []
    for cap in capacities:
        stats = metrics.cycle_stats(simulate(policy, [cap / 2], cap, cycles=cycles))
        packets = sum(s.packets for s in stats)
        pp.append(len(stats) / float(packets))
        tp.append(float(packets) / sum(s.length for s in stats))
    p_pts = np.asarray(pp)
    p = np.geomspace(p_pts.min() / 2, p_pts.max() * 2, n)
    return ResponseData(
        policy=policy,
        constant=c,
        p=p,
        throughput=float(c) / np.sqrt(p),
        capacities=np.asarray(capacities, dtype=np.float64),
        p_points=p_pts,
        throughput_points=np.asarray(tp),
        cycles=cycles,
        arithmetic="float",
    )


# --------------------------------------------------------------------------
# the published response functions, with policies of the synchronous model
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class ResponseFunctionsData:
    """Throughput against the loss rate: published formulas and simulated policies.

    Attributes
    ----------
    p : ndarray
        Loss (event) rates of the curves.
    rtt : float
        Round-trip time in seconds of every curve and point.
    curves : dict of str to ndarray
        A published response function (label with its source) to its
        throughput at ``p``, in packets per second (:mod:`aimdmodel.response`).
    points : dict of str to (ndarray, ndarray)
        A policy's label to ``(p, throughput)`` of runs of one flow alone on a
        link of capacity ``W`` (periodic loss: ``p`` is one over the packets
        of a cycle, the throughput the mean window over ``rtt``), packets per
        second, float64, the second half of the cycles.
    matches : dict of str to str
        A policy's label to the label of the curve it should follow.
    capacities : ndarray
        The capacities ``W`` of the runs (packets per RTT).
    unit : str
        ``"packets/s"``.

    Examples
    --------
    >>> d = response_functions(capacities=(50, 100), cycles=6)
    >>> sorted(d.points)[:2], d.unit
    (['AIMD(a=1, b=1/2)', 'CUBIC(rtt=0.1 s)'], 'packets/s')
    """

    p: np.ndarray
    rtt: float
    curves: dict
    points: dict
    matches: dict
    capacities: np.ndarray
    unit: str = "packets/s"

    def plot(self, ax: Any = None, **kwargs: Any) -> list:
        """Draw with :func:`aimdmodel.plots.plot_response_functions`.

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> d = response_functions(capacities=(50,), cycles=4)
        >>> len(d.plot(Figure().subplots())) == len(d.curves) + len(d.points)
        True
        """
        return plots.plot_response_functions(self, ax=ax, **kwargs)


def _periodic_point(policy: Policy, capacity: float, cycles: int) -> tuple[float, float]:
    """``(p, packets per RTT)`` of one flow alone at ``capacity`` (second half of the cycles).

    The flow starts one packet below the capacity, so that even a rule with a
    slow increase (IIAD: ``W^2`` RTTs from ``W/2``) is in its cycle at once.
    """
    tr = simulate(policy, [max(capacity - 1, capacity / 2)], capacity, cycles=cycles)
    stats = metrics.cycle_stats(tr)
    packets = sum(float(s.packets) for s in stats)
    return len(stats) / packets, packets / sum(s.length for s in stats)


def _published_curves(p: np.ndarray, rtt: float) -> dict:
    return {
        "Mathis et al. 1997, C = sqrt(3/2)": rf.mathis(p, rtt),
        "PFTK 1998, T0 = 1 s": rf.pftk(p, rtt, 1.0),
        "TFRC, RFC 5348 (t_RTO = 4 RTT)": rf.tfrc(1.0, rtt, p),
        "binomial k + l = 1 (IIAD, SQRT), alpha/beta = 2": rf.binomial(p, rtt, 1, 0),
        "binomial k = l = 1, alpha/beta = 2": rf.binomial(p, rtt, 1, 1),
        "CUBIC, RFC 9438 Sec. 5.1": rf.cubic(p, rtt),
        "HighSpeed, RFC 3649 Sec. 5": rf.highspeed(p, rtt),
    }


def response_functions(
    *,
    rtt: float = 0.1,
    p: Sequence[float] | None = None,
    capacities: Sequence[float] = (25, 50, 100, 200, 400, 800, 1600),
    cycles: int = 12,
) -> ResponseFunctionsData:
    """Evaluate the published response functions and simulate policies against them.

    Curves (:mod:`aimdmodel.response`, ``rtt`` seconds, packets per second):
    Mathis, PFTK (``T0 = 1 s``), TFRC (RFC 5348), the binomial laws of
    ``k + l = 1`` (IIAD, SQRT) and ``k = l = 1`` (constants from :func:`aimdmodel.symbolic.derive`),
    CUBIC (RFC 9438, with its Reno-friendly window), HighSpeed (RFC 3649).
    Points: AIMD(1, 1/2), IIAD and SQRT (``alpha = 1, beta = 1/2``),
    CUBIC (one step = ``rtt``; without fast convergence, as the RFC's
    average-window formula assumes: alone on a link, the loss window
    equals the last one, which with rounding to whole RTTs can fall just
    below it and trigger fast convergence) and HighSpeed, each alone on
    links of the given capacities (periodic loss), float64.

    Parameters
    ----------
    rtt : float
        Seconds, ``> 0`` (default 0.1).
    p : sequence of float, optional
        Loss rates of the curves (default 60 points from 1e-7 to 0.2).
    capacities : sequence of float
        ``W`` of the simulated points, each ``> 0``.
    cycles : int
        Congestion events per run (the second half is averaged), ``>= 2``.

    Returns
    -------
    ResponseFunctionsData

    Examples
    --------
    >>> d = response_functions(capacities=(400,), cycles=8)
    >>> pts = d.points["AIMD(a=1, b=1/2)"]
    >>> bool(abs(pts[1][0] / float(rf.mathis(pts[0][0], d.rtt)) - 1) < 0.02)
    True
    """
    check_positive_number("rtt", rtt)
    cycles = check_count("cycles", cycles, minimum=2, optional=False)
    for c in capacities:
        check_positive_number("capacities", c)
    grid = np.geomspace(1e-7, 0.2, 60) if p is None else np.asarray(p, dtype=np.float64)
    curves = _published_curves(grid, float(rtt))
    policies = {
        "AIMD(a=1, b=1/2)": (AIMD(), "Mathis et al. 1997, C = sqrt(3/2)"),
        "IIAD(alpha=1, beta=1/2)": (IIAD(), "binomial k + l = 1 (IIAD, SQRT), alpha/beta = 2"),
        "SQRT(alpha=1, beta=1/2)": (SQRT(), "binomial k + l = 1 (IIAD, SQRT), alpha/beta = 2"),
        f"CUBIC(rtt={float(rtt):g} s)": (CUBIC(rtt=rtt, fast_convergence=False),
                                         "CUBIC, RFC 9438 Sec. 5.1"),
        "HighSpeed": (HighSpeed(), "HighSpeed, RFC 3649 Sec. 5"),
    }
    points, matches = {}, {}
    for label, (pol, curve) in policies.items():
        pts = np.array([_periodic_point(pol, float(c), cycles) for c in capacities])
        points[label] = (pts[:, 0], pts[:, 1] / float(rtt))
        matches[label] = curve
    return ResponseFunctionsData(grid, float(rtt), curves, points, matches,
                                 np.asarray(capacities, dtype=np.float64))


# --------------------------------------------------------------------------
# New-AIMD: the printed pseudocode against its charitable reading (Jasem et al. 2010)
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class NewAIMDData:
    """A New-AIMD run of two flows.

    Attributes
    ----------
    policy : NewAIMD
    capacity : float
    windows : ndarray, shape (T+1, 2)
        Windows (packets) at every step.
    totals : ndarray, shape (T+1,)
        Their sum.
    feedback : ndarray of int8, shape (T,)
    congested_share : float
        Share of the steps with feedback 0 over the last half of the run
        (:func:`aimdmodel.metrics.congested_share`).
    arithmetic : str

    Examples
    --------
    >>> d = new_aimd("printed", steps=200)
    >>> d.congested_share, float(d.totals[-1] - d.totals[-2])
    (1.0, 2.0)
    """

    policy: NewAIMD
    capacity: float
    windows: np.ndarray
    totals: np.ndarray
    feedback: np.ndarray
    congested_share: float
    arithmetic: str

    def plot(self, ax: Any = None, **kwargs: Any) -> list:
        """Draw the run with :func:`aimdmodel.plots.plot_new_aimd`.

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> [a.get_label() for a in new_aimd(steps=40).plot(Figure().subplots())][:3]
        ['flow 1', 'flow 2', 'sum of windows']
        """
        return plots.plot_new_aimd(self, ax=ax, **kwargs)


def new_aimd(
    reading: str = "printed",
    x0: Sequence[Any] = (10, 70),
    capacity: Any = 100,
    *,
    steps: int = 120,
    arithmetic: str = "exact",
) -> NewAIMDData:
    """Run New-AIMD(1, 1/2) in one reading of its pseudocode.

    Parameters
    ----------
    reading : {"printed", "charitable"}
        See :class:`aimdmodel.policies.NewAIMD`.
    x0 : pair of numbers
        Initial windows (packets).
    capacity : number
        ``W`` in packets per RTT.
    steps : int
        Steps (RTTs) to simulate, ``>= 1``.
    arithmetic : str
        Arithmetic of the simulation (default exact).

    Returns
    -------
    NewAIMDData

    Examples
    --------
    >>> d = new_aimd("charitable", steps=200)
    >>> d.congested_share
    1.0
    """
    steps = check_count("steps", steps, minimum=1, optional=False)
    pol = NewAIMD(reading=reading)
    tr = simulate(pol, list(x0), capacity, steps=steps, arithmetic=arithmetic)
    return NewAIMDData(
        policy=pol,
        capacity=float(capacity),
        windows=_as_float(tr.windows),
        totals=_as_float(tr.totals),
        feedback=np.asarray(tr.feedback, dtype=np.int8),
        congested_share=metrics.congested_share(tr, last=steps - steps // 2),
        arithmetic=tr.arithmetic,
    )


# --------------------------------------------------------------------------
# long-run averages over whole cycles
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class LongRunData:
    """Long-run read-outs of one run, over its whole cycles after the burn-in.

    Attributes
    ----------
    policy : Policy
    capacity : float
    efficiency : float
        :func:`aimdmodel.metrics.efficiency` (mean carried load over ``W``).
    offered_load : float
        :func:`aimdmodel.metrics.offered_load` (mean sum of windows over ``W``).
    overflow : float
        :func:`aimdmodel.metrics.overflow` (mean excess over ``W``, per ``W``).
    congested_share : float
        Share of the RTTs of those cycles that were congestion events (one
        per cycle): ``1 / mean_cycle_length``.
    mean_cycle_length : float
        Mean RTTs per cycle.
    cycles_kept : int
        Whole cycles averaged over (:func:`aimdmodel.metrics.cycle_stats`).
    arithmetic : str
    trajectory : Trajectory
        The run itself.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> d = long_run(AIMD(), (10, 70), 100, cycles=10)
    >>> d.efficiency, round(d.congested_share, 4), d.cycles_kept
    (0.75, 0.0385, 5)
    """

    policy: Policy
    capacity: float
    efficiency: float
    offered_load: float
    overflow: float
    congested_share: float
    mean_cycle_length: float
    cycles_kept: int
    arithmetic: str
    trajectory: Trajectory

    def plot(self, ax: Any = None, **kwargs: Any) -> list:
        """Draw the run's windows with :func:`aimdmodel.plots.plot_windows`.

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> from aimdmodel import AIMD
        >>> len(long_run(AIMD(), (10, 70), 100, cycles=4).plot(Figure().subplots()))
        4
        """
        return plots.plot_windows(self.trajectory, ax=ax, **kwargs)


def long_run(
    policy: Policy,
    x0: Sequence[Any] = (10, 70),
    capacity: Any = 100,
    *,
    cycles: int | None = None,
    steps: int | None = None,
    arithmetic: str = "float",
    burn_in: int | None = None,
) -> LongRunData:
    """Run a policy and average over its whole cycles: efficiency, load, congestion.

    Parameters
    ----------
    policy : Policy
    x0 : sequence of numbers
        Initial windows (packets).
    capacity : number
        ``W`` in packets per RTT.
    cycles, steps : int, optional
        Length of the run: exactly one of them (as :func:`aimdmodel.simulate`).
    arithmetic : str
        Arithmetic of the simulation (default float).
    burn_in : int, optional
        Whole cycles to discard first (default half of them).

    Returns
    -------
    LongRunData

    Raises
    ------
    ValueError
        If the run holds no whole cycle after the burn-in (and as
        :func:`aimdmodel.simulate`).

    Examples
    --------
    >>> from aimdmodel import NewAIMD
    >>> d = long_run(NewAIMD(reading="charitable"), (10, 70), 100, steps=400)
    >>> d.congested_share, d.mean_cycle_length
    (1.0, 1.0)
    """
    tr = simulate(policy, list(x0), capacity, cycles=cycles, steps=steps, arithmetic=arithmetic)
    stats = metrics.cycle_stats(tr, burn_in)
    length = sum(s.length for s in stats)
    return LongRunData(
        policy=policy,
        capacity=float(capacity),
        efficiency=float(metrics.efficiency(tr, burn_in=burn_in)),
        offered_load=float(metrics.offered_load(tr, burn_in=burn_in)),
        overflow=float(metrics.overflow(tr, burn_in=burn_in)),
        congested_share=len(stats) / length,
        mean_cycle_length=length / len(stats),
        cycles_kept=len(stats),
        arithmetic=tr.arithmetic,
        trajectory=tr,
    )


# --------------------------------------------------------------------------
# a flow that joins late; a capacity that changes
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class DynamicRunsData:
    """Several rules and conventions through the same change (a late flow, a new ``W``).

    Attributes
    ----------
    runs : tuple of Trajectory
        One run per (policy, convention), in the order of ``labels``.
    labels : tuple of str
        ``"<policy label>, congestion <convention>"``.
    change : int
        The step of the change (the late flow's arrival or the capacity's
        change).
    last_flow_share : tuple of float
        The last flow's share of the sum of the windows, averaged over the
        last quarter of the run (the late flow gets ``1/m`` when it is
        treated fairly).
    offered_over_capacity : tuple of float
        The mean of ``sum(w) / W_t`` over the last quarter of the run
        (above 1: the rule keeps offering more than the link carries).
    congested_share : tuple of float
        Share of the last quarter's steps that were congestion events.
    responsiveness : tuple of int or None
        :func:`aimdmodel.metrics.responsiveness` after the change with
        ``eps`` = 5% of the final capacity (None: never fair again).
    """

    runs: tuple
    labels: tuple[str, ...]
    change: int
    last_flow_share: tuple[float, ...]
    offered_over_capacity: tuple[float, ...]
    congested_share: tuple[float, ...]
    responsiveness: tuple

    def plot(self, axes: Any = None, **kwargs: Any) -> list:
        """Draw one panel per run with :func:`aimdmodel.plots.plot_dynamic_runs`.

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> from aimdmodel import AIMD
        >>> d = late_joiner([AIMD()], steps=200, join=80)
        >>> len(d.plot(Figure().subplots(1, 2)))
        2
        """
        return plots.plot_dynamic_runs(self, axes, **kwargs)


def _dynamic_runs(policies: Sequence[Policy], runs: list, change: int) -> DynamicRunsData:
    quarter = [max(1, tr.n_steps // 4) for tr in runs]
    shares, offered, busy, resp = [], [], [], []
    for tr, q in zip(runs, quarter, strict=True):
        tail = slice(tr.n_steps + 1 - q, tr.n_steps + 1)
        tot = _as_float(tr.totals[tail])
        last = _as_float(tr.sent[tail, -1])
        shares.append(float(np.mean(last / np.where(tot > 0, tot, 1))))
        offered.append(float(np.mean(tot / _as_float(tr.capacities[tail]))))
        busy.append(metrics.congested_share(tr, q))
        eps = 0.05 * float(tr.capacities[-1])
        resp.append(metrics.responsiveness(tr, change, eps=eps))
    labels = tuple(f"{tr.policy.label()}, congestion {tr.congestion}" for tr in runs)
    return DynamicRunsData(tuple(runs), labels, change, tuple(shares), tuple(offered),
                           tuple(busy), tuple(resp))


def late_joiner(
    policies: Sequence[Policy] = (),
    x0: Sequence[Any] = (10, 70, 10),
    capacity: Any = 100,
    *,
    join: int = 200,
    steps: int = 600,
    conventions: Sequence[str] = (">=", ">"),
    arithmetic: str = "float",
) -> DynamicRunsData:
    """Run each rule under each convention with the last flow joining at step ``join``.

    The others start at step 0 from ``x0``; the last flow arrives with its
    window ``x0[-1]``. A fair rule gives it ``1/m`` of the windows again; a
    rule that never backs off once saturated (charitable New-AIMD) starves it.

    Parameters
    ----------
    policies : sequence of Policy
        Default: AIMD(1, 1/2) and New-AIMD, printed and charitable.
    x0 : sequence of numbers
        Initial windows; the last one is the late flow's.
    capacity : number
        ``W`` in packets per RTT.
    join, steps : int
        The arrival step and the length of the run.
    conventions : sequence of {">=", ">"}
    arithmetic : {"float", "exact", "integer"}

    Returns
    -------
    DynamicRunsData

    Examples
    --------
    >>> from aimdmodel import AIMD, NewAIMD
    >>> d = late_joiner([AIMD(), NewAIMD(reading="charitable")], conventions=(">=",))
    >>> [round(s, 2) for s in d.last_flow_share]
    [0.33, 0.0]
    """
    pols = list(policies) or [AIMD_DEFAULT, NewAIMD(), NewAIMD(reading="charitable")]
    check_count("join", join, minimum=1, optional=False)
    check_count("steps", steps, minimum=join + 1, optional=False)
    m = len(list(x0))
    runs = [
        simulate(p, list(x0), capacity, steps=steps, arithmetic=arithmetic, congestion=c,
                 arrivals={m - 1: join})
        for p in pols for c in conventions
    ]
    return _dynamic_runs(pols, runs, join)


def capacity_change(
    policies: Sequence[Policy] = (),
    x0: Sequence[Any] = (10, 70),
    capacity: tuple[Any, Any] = (100, 50),
    *,
    change: int = 300,
    steps: int = 600,
    conventions: Sequence[str] = (">=", ">"),
    arithmetic: str = "float",
) -> DynamicRunsData:
    """Run each rule under each convention with ``W`` changing at step ``change``.

    Parameters
    ----------
    policies : sequence of Policy
        Default: AIMD(1, 1/2) and New-AIMD, printed and charitable.
    x0 : sequence of numbers
        Initial windows.
    capacity : pair of numbers
        ``W`` before and from the change on (default: it halves).
    change, steps : int
        The step of the change and the length of the run.
    conventions : sequence of {">=", ">"}
    arithmetic : {"float", "exact", "integer"}

    Returns
    -------
    DynamicRunsData

    Examples
    --------
    >>> from aimdmodel import AIMD, NewAIMD
    >>> d = capacity_change([AIMD(), NewAIMD(reading="charitable")], conventions=(">=",))
    >>> [round(v, 2) for v in d.offered_over_capacity]
    [0.78, 2.0]
    """
    pols = list(policies) or [AIMD_DEFAULT, NewAIMD(), NewAIMD(reading="charitable")]
    check_count("change", change, minimum=1, optional=False)
    check_count("steps", steps, minimum=change + 1, optional=False)
    before, after = capacity
    trace = [before] * change + [after] * (steps - change)
    runs = [
        simulate(p, list(x0), trace, steps=steps, arithmetic=arithmetic, congestion=c)
        for p in pols for c in conventions
    ]
    return _dynamic_runs(pols, runs, change)
