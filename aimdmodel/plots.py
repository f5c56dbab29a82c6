"""Figures for teaching the Chiu-Jain model.

Every ``plot_*`` function takes ``ax=None`` (a new figure when None), draws
on it and returns its artists. Every figure has a pure *data twin*
(``phase_plane_data``, ``sawtooth_data``, ``convergence_data``,
``efficiency_curve_data``, ``response_data``, ``new_aimd_data``) that
returns the numbers the figure shows as frozen dataclasses of numpy arrays,
so that tests and notebooks check data, not pixels.

The figures are meant for slides printed in black and white: every series
has its own line style and marker besides its colour, axes carry units,
and each figure has a legend and a title.

=========================  ===================================================
``plot_windows``           windows of every flow against the step (sawtooth)
``plot_phase_plane``       Chiu-Jain phase plane of two flows (seed 003 Fig. 2)
``plot_sawtooth``          one flow with the closed-form bounds (Figs. 3, 4)
``plot_convergence``       Jain's index or window difference per cycle
``plot_efficiency_curve``  efficiency against the decrease factor ``b``
``plot_response``          throughput against the loss rate ``p``
``plot_new_aimd``          New-AIMD, printed or charitable reading, against W
=========================  ===================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from .engine import simulate
from .metrics import efficiency as efficiency_metric
from .metrics import jain_index, whole_cycles
from .policies import NewAIMD, Policy, make_policy

__all__ = [
    "STYLES",
    "ConvergenceData",
    "EfficiencyCurveData",
    "NewAIMDData",
    "PhasePlaneData",
    "ResponseData",
    "SawtoothData",
    "convergence_data",
    "efficiency_curve_data",
    "mathtext",
    "new_aimd_data",
    "phase_plane_data",
    "plot_convergence",
    "plot_efficiency_curve",
    "plot_new_aimd",
    "plot_phase_plane",
    "plot_response",
    "plot_sawtooth",
    "plot_windows",
    "policy_label",
    "response_data",
    "sawtooth_data",
]

STYLES: tuple[dict[str, Any], ...] = (
    {"color": "#000000", "linestyle": "-", "marker": "o"},
    {"color": "#0072B2", "linestyle": "--", "marker": "s"},
    {"color": "#D55E00", "linestyle": "-.", "marker": "^"},
    {"color": "#009E73", "linestyle": ":", "marker": "D"},
    {"color": "#CC79A7", "linestyle": (0, (5, 1, 1, 1, 1, 1)), "marker": "v"},
    {"color": "#7f7f7f", "linestyle": (0, (1, 3)), "marker": "x"},
)
"""Series styles: colour (Okabe-Ito, safe for colour blindness) *and* a
distinct line style and marker each, so that a black-and-white print
still tells the series apart."""


def _axes(ax: Any, figsize: tuple[float, float] = (7, 4)) -> Any:
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=figsize)
    return ax


def _fmt_number(v: Any) -> str:
    if isinstance(v, Fraction):
        return str(v)
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return f"{v:g}" if isinstance(v, float) else str(v)


def policy_label(policy: Policy) -> str:
    """Return a short label of a policy for legends and titles.

    Like ``repr`` without parameters that do not matter to the reader (a
    ``floor`` of 0) and with the class name the papers use.

    Examples
    --------
    >>> from aimdmodel import AIMD, AIMDFCPlus, NewAIMD
    >>> policy_label(AIMD())
    'AIMD(a=1, b=1/2)'
    >>> policy_label(AIMDFCPlus())
    'AIMD-FC+(a=1, b=1/2, f=1/2)'
    >>> policy_label(NewAIMD(reading="charitable"))
    'New-AIMD(a=1, b=1/2, charitable)'
    """
    names = {"AIMDFC": "AIMD-FC", "AIMDFCPlus": "AIMD-FC+", "NewAIMD": "New-AIMD"}
    cls = type(policy).__name__
    parts = []
    for k, v in policy.params().items():
        if k == "floor" and v == 0:
            continue
        parts.append(str(v) if k == "reading" else f"{k}={_fmt_number(v)}")
    return f"{names.get(cls, cls)}({', '.join(parts)})"


def _as_float(a: Any) -> np.ndarray:
    return np.asarray(np.asarray(a, dtype=object).astype(np.float64), dtype=np.float64)


# --------------------------------------------------------------------------
# the window sawtooth of every flow (core)
# --------------------------------------------------------------------------
def plot_windows(traj: Any, ax: Any = None, *, system: int = 0, total: bool = True) -> list:
    """Draw each flow's window against the step (the sawtooth), their sum and ``W``.

    Parameters
    ----------
    traj : Trajectory
        The run to draw.
    ax : matplotlib Axes, optional
        Where to draw (a new figure when None).
    system : int
        Which system of a batched trajectory to draw.
    total : bool
        Also draw the sum of the windows (default True).

    Returns
    -------
    list of matplotlib artists
        The flows' lines, then the sum's line, then the capacity line.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from aimdmodel import AIMD, simulate
    >>> tr = simulate(AIMD(), [1, 30], 100, steps=150)
    >>> [a.get_label() for a in plot_windows(tr)]
    ['flow 1', 'flow 2', 'sum of windows', 'capacity W = 100']
    """
    tr = traj.system(system) if traj.batched else traj
    ax = _axes(ax)
    w = np.asarray(tr.windows, dtype=np.float64)
    record = getattr(tr, "cycle_record", None)
    if record is None:
        steps, draw = np.arange(w.shape[0]), "steps-post"
    elif record.affine and record.events is not None:
        # windows kept at the knots only; between knots they are affine in t
        steps, draw = np.asarray(record.times), "default"
    else:
        raise ValueError(
            "plot_windows needs every window: run simulate with record='all' "
            "(or record='cycles' for a policy whose additive phase is affine)"
        )
    styles = ["-", "--", "-.", ":"]
    artists: list = []
    for i in range(w.shape[1]):
        (line,) = ax.plot(
            steps,
            w[:, i],
            linestyle=styles[i % len(styles)],
            drawstyle=draw,
            label=f"flow {i + 1}",
        )
        artists.append(line)
    if total and w.shape[1] > 1:
        (line,) = ax.plot(
            steps, w.sum(axis=1), color="0.3", linewidth=1.0, drawstyle=draw,
            label="sum of windows",
        )
        artists.append(line)
    cap = float(tr.capacity)
    artists.append(
        ax.axhline(cap, color="k", linestyle=":", linewidth=1.2, label=f"capacity W = {cap:g}")
    )
    ax.set_xlabel("step (RTT)")
    ax.set_ylabel("congestion window (packets)")
    ax.set_title(f"{policy_label(tr.policy)}, {tr.arithmetic} arithmetic")
    ax.legend(loc="best", fontsize="small")
    return artists


# --------------------------------------------------------------------------
# the phase plane of two flows (seed 003 Fig. 2, after Chiu & Jain 1989)
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
    arithmetic : str
        Arithmetic of the simulation the windows come from.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> d = phase_plane_data(AIMD(), (10, 70), 100, cycles=1)
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
    arithmetic: str

    @property
    def final_jain(self) -> float:
        """Jain's index of the last window vector."""
        return float(jain_index(self.windows[-1]))


def phase_plane_data(
    policy: Policy,
    x0: Sequence[Any] = (10, 70),
    capacity: Any = 100,
    *,
    cycles: int = 8,
    arithmetic: str = "exact",
) -> PhasePlaneData:
    """Simulate two flows and cut their path into increase and decrease runs.

    Parameters
    ----------
    policy : Policy
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

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> d = phase_plane_data(AIMD(), (10, 70), 100, cycles=2)
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
    segments, kinds = [], []
    start = 0
    for t in range(1, len(fb) + 1):
        if t == len(fb) or fb[t] != fb[start]:
            segments.append([w[start], w[t]])
            kinds.append("increase" if fb[start] == 1 else "decrease")
            start = t
    cap = float(capacity)
    top = max(cap, float(w.max())) * 1.05
    return PhasePlaneData(
        policy=policy,
        capacity=cap,
        windows=w,
        feedback=fb,
        segments=np.asarray(segments, dtype=np.float64).reshape(-1, 2, 2),
        kinds=tuple(kinds),
        fairness_line=np.array([[0.0, 0.0], [top, top]]),
        efficiency_line=np.array([[cap, 0.0], [0.0, cap]]),
        arithmetic=tr.arithmetic,
    )


def plot_phase_plane(
    policy: Policy,
    x0: Sequence[Any] = (10, 70),
    capacity: Any = 100,
    *,
    cycles: int = 8,
    arithmetic: str = "exact",
    ax: Any = None,
    legend: bool = True,
) -> list:
    """Draw the Chiu-Jain phase plane of two flows (seed 003 Fig. 2).

    The fairness line ``x1 = x2``, the efficiency line ``x1 + x2 = W``, the
    start point, and the path as arrows: solid black arrows for increase
    phases (along 45 degrees for an additive increase), dashed grey arrows
    for decreases (toward the origin for a multiplicative decrease).

    Parameters
    ----------
    policy, x0, capacity, cycles, arithmetic
        As :func:`phase_plane_data`.
    ax : matplotlib Axes, optional
    legend : bool
        Draw the legend (default True).

    Returns
    -------
    list of matplotlib artists
        The two reference lines, the start marker, then one arrow
        (an ``Annotation``) per segment of the data.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from aimdmodel import AIMD
    >>> artists = plot_phase_plane(AIMD(), cycles=3)
    >>> len(artists) == 3 + len(phase_plane_data(AIMD(), cycles=3).segments)
    True
    """
    from matplotlib.lines import Line2D

    d = phase_plane_data(policy, x0, capacity, cycles=cycles, arithmetic=arithmetic)
    ax = _axes(ax, figsize=(5, 5))
    (fair,) = ax.plot(*d.fairness_line.T, color="0.4", linestyle=":", linewidth=1.2,
                      label="fairness line $x_1 = x_2$")
    (eff,) = ax.plot(*d.efficiency_line.T, color="0.4", linestyle="-.", linewidth=1.2,
                     label=f"efficiency line $x_1 + x_2 = W$ ({d.capacity:g})")
    (start,) = ax.plot(*d.windows[0], linestyle="none", marker="o", markersize=6,
                       markerfacecolor="white", markeredgecolor="k",
                       label=f"start ({d.windows[0][0]:g}, {d.windows[0][1]:g})")
    artists: list = [fair, eff, start]
    for (p, q), kind in zip(d.segments, d.kinds, strict=True):
        up = kind == "increase"
        arrow = ax.annotate(
            "",
            xy=tuple(q),
            xytext=tuple(p),
            arrowprops={
                "arrowstyle": "-|>",
                "color": "k" if up else "0.45",
                "linestyle": "-" if up else (0, (4, 2)),
                "linewidth": 1.3 if up else 1.1,
                "shrinkA": 0,
                "shrinkB": 0,
                "mutation_scale": 10,
            },
        )
        artists.append(arrow)
    top = d.fairness_line[1, 0]
    ax.set_xlim(0, top)
    ax.set_ylim(0, top)
    ax.set_aspect("equal")
    ax.set_xlabel("window of flow 1, $x_1$ (packets)")
    ax.set_ylabel("window of flow 2, $x_2$ (packets)")
    ax.set_title(policy_label(policy))
    if legend:
        handles = [
            fair, eff, start,
            Line2D([], [], color="k", linestyle="-", marker=">", label="increase (feedback 1)"),
            Line2D([], [], color="0.45", linestyle=(0, (4, 2)), marker=">",
                   label="decrease (feedback 0)"),
        ]
        ax.legend(handles=handles, loc="upper right", fontsize="x-small")
    return artists


# --------------------------------------------------------------------------
# convergence to fairness, per cycle
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class ConvergenceData:
    """Fairness of a system at the start of every cycle.

    Attributes
    ----------
    policy : Policy
    cycle : ndarray of int
        0 for the initial windows, then ``j`` for the windows right after
        the ``j``-th congestion event (the start of cycle ``j + 1``).
    step : ndarray of int
        The step (RTT) at which those windows hold.
    jain : ndarray of float
        Jain's index of the windows there.
    difference : ndarray of float
        ``max(w) - min(w)`` there (packets).
    arithmetic : str
        Arithmetic of the simulation (the floats are converted from it).

    Examples
    --------
    >>> from aimdmodel import AIMDFC
    >>> d = convergence_data(AIMDFC(), (10, 70), 100, cycles=2)
    >>> d.step.tolist(), d.difference.tolist()
    ([0, 11, 32], [60.0, 30.0, 15.0])
    """

    policy: Policy
    cycle: np.ndarray
    step: np.ndarray
    jain: np.ndarray
    difference: np.ndarray
    arithmetic: str


def convergence_data(
    policy: Policy,
    x0: Sequence[Any] = (10, 70),
    capacity: Any = 100,
    *,
    cycles: int = 20,
    arithmetic: str = "exact",
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

    Returns
    -------
    ConvergenceData

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> d = convergence_data(AIMD(), (10, 70), 100, cycles=3)
    >>> d.cycle.tolist(), d.difference.tolist()
    ([0, 1, 2, 3], [60.0, 30.0, 15.0, 7.5])
    """
    tr = simulate(policy, list(x0), capacity, cycles=cycles, arithmetic=arithmetic)
    steps = np.concatenate([[0], np.asarray(tr.congestion_steps, dtype=np.int64) + 1])
    w = tr.windows[steps]
    diff = w.max(axis=-1) - w.min(axis=-1)
    return ConvergenceData(
        policy=policy,
        cycle=np.arange(len(steps)),
        step=steps,
        jain=_as_float(jain_index(w)),
        difference=_as_float(diff),
        arithmetic=tr.arithmetic,
    )


def plot_convergence(
    policies: Sequence[Policy],
    x0: Sequence[Any] = (10, 70),
    capacity: Any = 100,
    *,
    cycles: int = 20,
    quantity: str = "difference",
    against: str = "cycle",
    ax: Any = None,
) -> list:
    """Draw convergence to fairness of several policies on one axis.

    Parameters
    ----------
    policies : sequence of Policy
    x0, capacity, cycles
        As :func:`convergence_data` (the same for every policy).
    quantity : {"difference", "jain"}
        ``"difference"``: ``max(w) - min(w)`` on a log scale (a contraction
        by a factor ``b`` per cycle is a straight line); ``"jain"``: Jain's
        index.
    against : {"cycle", "step"}
        Horizontal axis: the congestion events, or the steps (RTTs).
    ax : matplotlib Axes, optional

    Returns
    -------
    list of matplotlib artists
        One line per policy.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from aimdmodel import AIMD, AIAD
    >>> lines = plot_convergence([AIMD(), AIAD()], cycles=5, quantity="jain")
    >>> [line.get_label() for line in lines]
    ['AIMD(a=1, b=1/2)', 'AIAD(a=1, d=1)']
    """
    if quantity not in ("difference", "jain"):
        raise ValueError(f"quantity must be 'difference' or 'jain', got {quantity!r}")
    if against not in ("cycle", "step"):
        raise ValueError(f"against must be 'cycle' or 'step', got {against!r}")
    ax = _axes(ax)
    lines = []
    for i, pol in enumerate(policies):
        d = convergence_data(pol, x0, capacity, cycles=cycles)
        x = d.cycle if against == "cycle" else d.step
        y = d.difference if quantity == "difference" else d.jain
        keep = y > 0 if quantity == "difference" else np.ones(len(y), dtype=bool)
        style = STYLES[i % len(STYLES)]
        (line,) = ax.plot(x[keep], y[keep], markersize=4, label=policy_label(pol), **style)
        lines.append(line)
    if quantity == "difference":
        ax.set_yscale("log")
        ax.set_ylabel("window difference max(w) - min(w) (packets)")
    else:
        ax.set_ylabel("Jain's fairness index (1 = fair)")
    ax.set_xlabel(
        "congestion events (cycles)" if against == "cycle" else "step (RTT)"
    )
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    what = "window difference" if quantity == "difference" else "Jain's index"
    ax.set_title(f"{what} at each cycle start")
    ax.grid(True, which="major", color="0.9")
    ax.legend(loc="best", fontsize="x-small")
    return lines


# --------------------------------------------------------------------------
# New-AIMD: the printed pseudocode against its charitable reading (seed 000)
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
        Share of the steps with feedback 0 over the last half of the run.
    arithmetic : str

    Examples
    --------
    >>> d = new_aimd_data("printed", steps=200)
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


def new_aimd_data(
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
    capacity : number
    steps : int
    arithmetic : str

    Returns
    -------
    NewAIMDData

    Examples
    --------
    >>> d = new_aimd_data("charitable", steps=200)
    >>> d.congested_share
    1.0
    """
    pol = NewAIMD(reading=reading)
    tr = simulate(pol, list(x0), capacity, steps=steps, arithmetic=arithmetic)
    fb = np.asarray(tr.feedback, dtype=np.int8)
    half = fb[len(fb) // 2:]
    return NewAIMDData(
        policy=pol,
        capacity=float(capacity),
        windows=_as_float(tr.windows),
        totals=_as_float(tr.totals),
        feedback=fb,
        congested_share=float(np.count_nonzero(half == 0) / max(len(half), 1)),
        arithmetic=tr.arithmetic,
    )


def plot_new_aimd(
    reading: str = "printed",
    x0: Sequence[Any] = (10, 70),
    capacity: Any = 100,
    *,
    steps: int = 120,
    ax: Any = None,
) -> list:
    """Draw New-AIMD's windows, their sum and ``W``, with the congestion steps marked.

    Parameters
    ----------
    reading, x0, capacity, steps
        As :func:`new_aimd_data`.
    ax : matplotlib Axes, optional

    Returns
    -------
    list of matplotlib artists
        The two flows' lines, the sum's line, the capacity line and the
        markers of the congestion steps.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> [a.get_label() for a in plot_new_aimd("printed", steps=40)][:3]
    ['flow 1', 'flow 2', 'sum of windows']
    """
    d = new_aimd_data(reading, x0, capacity, steps=steps)
    ax = _axes(ax)
    t = np.arange(len(d.totals))
    artists = []
    for i in range(d.windows.shape[1]):
        style = STYLES[i + 1]
        (line,) = ax.plot(t, d.windows[:, i], drawstyle="steps-post", color=style["color"],
                          linestyle=style["linestyle"], label=f"flow {i + 1}")
        artists.append(line)
    (tot,) = ax.plot(t, d.totals, drawstyle="steps-post", color="k", linewidth=1.6,
                     label="sum of windows")
    artists.append(tot)
    artists.append(ax.axhline(d.capacity, color="0.3", linestyle=":", linewidth=1.4,
                              label=f"capacity W = {d.capacity:g}"))
    cong = np.flatnonzero(d.feedback == 0)
    (marks,) = ax.plot(cong, np.full(len(cong), 0.04), linestyle="none", marker="|",
                       color="k", markersize=8, transform=ax.get_xaxis_transform(),
                       label="congestion step (feedback 0)")
    artists.append(marks)
    ax.set_xlabel("step (RTT)")
    ax.set_ylabel("congestion window (packets)")
    ax.set_title(f"{policy_label(d.policy)}, x0 = {tuple(float(v) for v in x0)}")
    ax.set_ylim(bottom=0, top=max(float(d.totals.max()), d.capacity) * 1.3)
    ax.legend(loc="upper left", fontsize="x-small", ncol=2)
    return artists


def _make(name_or_policy: Any, **params: Any) -> Policy:
    if isinstance(name_or_policy, str):
        return make_policy(name_or_policy, **params)
    raise TypeError(f"family must be a policy name such as 'aimd', got {name_or_policy!r}")


def _mean_cycle(tr: Any) -> tuple[float, float, float]:
    """Mean window, mean packets and mean steps per whole cycle (after burn-in)."""
    kept = whole_cycles(tr)
    idx = np.concatenate([np.arange(a, b + 1) for a, b in kept])
    totals = _as_float(tr.totals)
    packets = float(totals[idx].sum()) / len(kept)
    length = len(idx) / len(kept)
    return packets / length, packets, length


def mathtext(expr: Any) -> str:
    r"""LaTeX of a sympy expression with fractions written inline (``a/b``).

    Matplotlib's mathtext sets ``\frac`` in a small font that is hard to
    read in a legend or a caption line; ``a/b`` reads at the size of the
    text around it. Numerator and denominator are parenthesised when they
    are sums or products.

    Parameters
    ----------
    expr : sympy expression or number

    Returns
    -------
    str
        Mathtext source without the enclosing ``$``.

    Examples
    --------
    >>> import sympy
    >>> b, W = sympy.symbols("b W", positive=True)
    >>> mathtext(2 * W / 3), mathtext(sympy.sqrt(6) / 2), mathtext((b + 1) / 2)
    ('2 W/3', '\\sqrt{6}/2', '(b + 1)/2')
    >>> mathtext(3 * (1 - b) / (b + 1))
    '(3 - 3 b)/(b + 1)'
    """
    import sympy

    expr = sympy.sympify(expr)
    num, den = sympy.fraction(expr)
    if den == 1:
        num, den = sympy.fraction(sympy.together(expr))
    if den == 1:
        return sympy.latex(expr)
    n, d = sympy.latex(num), sympy.latex(den)
    if isinstance(num, sympy.Add):
        n = f"({n})"
    if not (den.is_Atom or isinstance(den, sympy.Pow)):
        d = f"({d})"
    return f"{n}/{d}"


def _latex(expr: Any) -> str:
    return mathtext(expr)


# --------------------------------------------------------------------------
# the sawtooth of one flow with its closed-form bounds (seed 003 Figs. 3, 4)
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
    min_window : float
        Closed-form minimum window, ``closed_form.min_window * W``.
    max_window : float
        The window at which a cycle ends in the fluid limit: ``W``.
    mean_window : float
        Closed-form mean window, ``closed_form.efficiency * W``.
    simulated_min : float
        Smallest window at a cycle start over the second half of the whole
        cycles of the simulation.
    simulated_mean : float
        Mean window over those cycles (packets per RTT).
    arithmetic : str
        Arithmetic of the simulation.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> d = sawtooth_data(AIMD(), 90)
    >>> d.closed_form.min_window, d.min_window, d.simulated_min
    (1/2, 45.0, 45.0)
    """

    policy: Policy
    capacity: float
    steps: np.ndarray
    window: np.ndarray
    closed_form: Any
    min_window: float
    max_window: float
    mean_window: float
    simulated_min: float
    simulated_mean: float
    arithmetic: str


def sawtooth_data(
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
    >>> d = sawtooth_data(AIMDFC(), 90)
    >>> d.min_window, d.max_window, round(d.mean_window, 6)
    (60.0, 90.0, 75.0)
    >>> round(d.simulated_min, 1), round(d.simulated_mean, 1)
    (60.0, 75.1)
    """
    from .symbolic import W as W_SYMBOL
    from .symbolic import derive

    cf = derive(policy)
    if cf.min_window is None or cf.efficiency is None:
        raise ValueError(f"{policy!r} has no closed-form sawtooth: {cf.reason}")
    cap = float(capacity)
    start = Fraction(capacity) / 2 if x0 is None else x0
    tr = simulate(policy, [start], capacity, cycles=cycles, arithmetic=arithmetic)
    kept = whole_cycles(tr)
    w = _as_float(tr.windows[:, 0])
    starts = [a for a, _ in kept]
    mean, _, _ = _mean_cycle(tr)

    def value(expr: Any) -> float:
        return float(expr.subs(W_SYMBOL, cap)) * cap

    return SawtoothData(
        policy=policy,
        capacity=cap,
        steps=np.arange(len(w)),
        window=w,
        closed_form=cf,
        min_window=value(cf.min_window),
        max_window=cap,
        mean_window=value(cf.efficiency),
        simulated_min=float(w[starts].min()),
        simulated_mean=mean,
        arithmetic=tr.arithmetic,
    )


def plot_sawtooth(
    policy: Policy,
    capacity: Any = 90,
    *,
    x0: Any = None,
    cycles: int = 12,
    ax: Any = None,
    legend: bool = True,
) -> list:
    """Draw one flow's window with the closed-form bounds (seed 003 Figs. 3, 4).

    The minimum window and the mean window are the closed forms of
    :func:`aimdmodel.symbolic.derive`, typeset in the legend; the maximum is
    the capacity ``W``.

    Parameters
    ----------
    policy, capacity, x0, cycles
        As :func:`sawtooth_data`.
    ax : matplotlib Axes, optional
    legend : bool
        Draw the legend (default True).

    Returns
    -------
    list of matplotlib artists
        The window's line, then the lines of ``W``, of the minimum window and
        of the mean window.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from aimdmodel import AIMD
    >>> [round(a.get_ydata()[0], 3) for a in plot_sawtooth(AIMD(), 90)[1:]]
    [90.0, 45.0, 67.5]
    """
    from .symbolic import W as W_SYMBOL

    d = sawtooth_data(policy, capacity, x0=x0, cycles=cycles)
    ax = _axes(ax)
    (line,) = ax.plot(d.steps, d.window, drawstyle="steps-post", color="k", linewidth=1.3,
                      label="window (simulated)")
    cf = d.closed_form
    top = ax.axhline(d.max_window, color="0.2", linestyle=":", linewidth=1.3,
                     label=f"capacity $W = {d.capacity:g}$")
    low = ax.axhline(d.min_window, color="#0072B2", linestyle="--", linewidth=1.3,
                     label=f"min window ${_latex(cf.min_window * W_SYMBOL)}$ = {d.min_window:g}")
    mean = ax.axhline(d.mean_window, color="#D55E00", linestyle="-.", linewidth=1.3,
                      label=f"mean ${_latex(cf.efficiency * W_SYMBOL)}$ = {d.mean_window:g}")
    ax.set_ylim(0, d.capacity * 1.12)
    ax.set_xlabel("step (RTT)")
    ax.set_ylabel("congestion window (packets)")
    ax.set_title(f"{policy_label(policy)}, one flow")
    if legend:
        ax.legend(loc="lower right", fontsize="x-small")
    return [line, top, low, mean]


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
    capacity : float
    arithmetic : str
        Arithmetic of the simulations.

    Examples
    --------
    >>> import sympy
    >>> d = efficiency_curve_data("aimd-fc", b_points=(0.5,), capacity=90, cycles=20)
    >>> d.expression.subs(d.symbol, sympy.Rational(1, 2)), round(float(d.simulated[0]), 4)
    (5/6, 0.8334)
    """

    family: str
    symbol: Any
    expression: Any
    b: np.ndarray
    efficiency: np.ndarray
    b_points: np.ndarray
    simulated: np.ndarray
    capacity: float
    arithmetic: str


def efficiency_curve_data(
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
        Points of the curve.

    Returns
    -------
    EfficiencyCurveData

    Examples
    --------
    >>> d = efficiency_curve_data("aimd", b_points=(0.5,), capacity=200, cycles=6)
    >>> d.expression
    (b + 1)/2
    >>> float(d.simulated[0])
    0.75
    """
    import sympy

    from .symbolic import derive

    b = sympy.Symbol("b", positive=True)
    expr = derive(_make(family, b=b)).efficiency
    if expr is None:
        raise ValueError(f"{family!r} has no closed-form efficiency")
    fn = sympy.lambdify(b, expr, "numpy")
    grid = np.linspace(0.02, 0.98, n)
    pts = np.asarray(b_points, dtype=np.float64)
    sim = []
    for bv in pts:
        tr = simulate(_make(family, b=float(bv)), [capacity / 2], capacity, cycles=cycles)
        sim.append(float(efficiency_metric(tr)))
    return EfficiencyCurveData(
        family=family,
        symbol=b,
        expression=expr,
        b=grid,
        efficiency=np.asarray(fn(grid), dtype=np.float64) * np.ones_like(grid),
        b_points=pts,
        simulated=np.asarray(sim),
        capacity=float(capacity),
        arithmetic="float",
    )


def plot_efficiency_curve(
    families: Sequence[str] = ("aimd", "aimd-fc", "aimd-fc-plus"),
    *,
    b_points: Sequence[float] = (0.2, 0.35, 0.5, 0.65, 0.8, 0.9),
    capacity: float = 400,
    cycles: int = 16,
    ax: Any = None,
) -> list:
    """Draw efficiency against ``b``: the sympy curve with simulated points on it.

    Parameters
    ----------
    families : sequence of str
        Policy names taking ``b=``.
    b_points, capacity, cycles
        As :func:`efficiency_curve_data`.
    ax : matplotlib Axes, optional

    Returns
    -------
    list of matplotlib artists
        For each family its curve, then its simulated points.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> arts = plot_efficiency_curve(["aimd"], b_points=(0.5,), capacity=100, cycles=4)
    >>> len(arts)
    2
    """
    names = {"aimd": "AIMD", "aimd-fc": "AIMD-FC", "aimd-fc-plus": "AIMD-FC+"}
    ax = _axes(ax)
    artists = []
    for i, fam in enumerate(families):
        d = efficiency_curve_data(fam, b_points=b_points, capacity=capacity, cycles=cycles)
        style = STYLES[i % len(STYLES)]
        name = names.get(fam, fam)
        (curve,) = ax.plot(d.b, d.efficiency, color=style["color"], linestyle=style["linestyle"],
                           linewidth=1.5, label=f"{name}: ${_latex(d.expression)}$")
        (pts,) = ax.plot(d.b_points, d.simulated, linestyle="none", marker=style["marker"],
                         color=style["color"], markerfacecolor="white", markersize=7,
                         label=f"{name} simulated (W = {d.capacity:g})")
        artists += [curve, pts]
    ax.set_xlim(0, 1)
    ax.set_xlabel("decrease factor $b$ (window kept at a congestion event)")
    ax.set_ylabel("efficiency (mean window / W)")
    ax.set_title("Efficiency against the decrease factor, one flow")
    ax.grid(True, color="0.9")
    ax.legend(loc="lower right", fontsize="x-small")
    return artists


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
    arithmetic : str

    Examples
    --------
    >>> from aimdmodel import AIMDFC
    >>> d = response_data(AIMDFC(), capacities=(90,))
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
    arithmetic: str


def response_data(
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
        Capacities ``W`` to simulate (each gives one point).
    cycles : int
        Congestion events per simulation (the second half is averaged).
    n : int
        Points of the curve.

    Returns
    -------
    ResponseData

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> d = response_data(AIMD(), capacities=(400,))
    >>> d.constant
    sqrt(6)/2
    >>> bool(abs(d.throughput_points[0] * d.p_points[0] ** 0.5 / float(d.constant) - 1) < 0.01)
    True
    """
    from .symbolic import derive

    c = derive(policy).response_constant
    if c is None:
        raise ValueError(f"{policy!r} has no response constant")
    pp, tp = [], []
    for cap in capacities:
        tr = simulate(policy, [cap / 2], cap, cycles=cycles)
        mean, packets, _ = _mean_cycle(tr)
        pp.append(1 / packets)
        tp.append(mean)
    p_pts = np.asarray(pp)
    lo, hi = p_pts.min() / 2, p_pts.max() * 2
    p = np.geomspace(lo, hi, n)
    return ResponseData(
        policy=policy,
        constant=c,
        p=p,
        throughput=float(c) / np.sqrt(p),
        capacities=np.asarray(capacities, dtype=np.float64),
        p_points=p_pts,
        throughput_points=np.asarray(tp),
        arithmetic="float",
    )


def plot_response(
    policies: Sequence[Policy],
    capacities: Sequence[float] = (25, 50, 100, 200, 400, 800),
    *,
    cycles: int = 16,
    ax: Any = None,
) -> list:
    r"""Draw throughput against loss rate on log-log axes: ``C/sqrt(p)`` and simulations.

    Parameters
    ----------
    policies : sequence of Policy
    capacities, cycles
        As :func:`response_data`.
    ax : matplotlib Axes, optional

    Returns
    -------
    list of matplotlib artists
        For each policy its curve, then its simulated points.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from aimdmodel import AIMD
    >>> arts = plot_response([AIMD()], capacities=(50, 100))
    >>> print(arts[0].get_label())
    AIMD(a=1, b=1/2): $C = \sqrt{6}/2$
    """
    ax = _axes(ax)
    artists = []
    for i, pol in enumerate(policies):
        d = response_data(pol, capacities, cycles=cycles)
        style = STYLES[i % len(STYLES)]
        (curve,) = ax.plot(d.p, d.throughput, color=style["color"],
                           linestyle=style["linestyle"], linewidth=1.4,
                           label=f"{policy_label(pol)}: $C = {_latex(d.constant)}$")
        (pts,) = ax.plot(d.p_points, d.throughput_points, linestyle="none",
                         marker=style["marker"], color=style["color"],
                         markerfacecolor="white", markersize=6,
                         label=f"{policy_label(pol)}, simulated")
        artists += [curve, pts]
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("loss rate $p$ (losses per packet sent)")
    ax.set_ylabel("throughput (packets per RTT = MSS/RTT)")
    ax.set_title("Response functions: throughput $= C/\\sqrt{p}$")
    ax.grid(True, which="both", color="0.92")
    ax.legend(loc="upper right", fontsize="x-small")
    return artists
