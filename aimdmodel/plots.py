"""Figures for teaching the Chiu-Jain model: drawing only.

Every ``plot_*`` function takes the data to draw (a result object of
:mod:`aimdmodel.experiments`, or a :class:`~aimdmodel.Trajectory`) and
``ax=None`` (a new figure when None), draws on the axes and returns its
artists. Nothing is simulated or derived here: the numbers come from
:mod:`aimdmodel.experiments`, whose results also draw themselves through
``.plot(ax=None, **kwargs)``, as :meth:`aimdmodel.Trajectory.plot` does.
The functions that draw one series per result (``plot_convergence``,
``plot_efficiency_curve``, ``plot_response``) also take a sequence of
results and draw them on one axes, each in its own style.

The figures are meant for slides printed in black and white: every series
has its own line style and marker besides its colour, axes carry units,
and each figure has a legend and a title.

=========================  ===================================================
``plot_windows``           windows of every flow against the step (sawtooth)
``plot_phase_plane``       Chiu-Jain phase plane of two flows (Lahanas & Tsaoussidis 2003, Fig. 2)
``plot_sawtooth``          one flow with the closed-form bounds (Figs. 3, 4)
``plot_convergence``       Jain's index or window difference per cycle
``plot_efficiency_curve``  efficiency against the decrease factor ``b``
``plot_response``          throughput against the loss rate ``p``
``plot_response_functions``  published response functions and simulated policies
``plot_new_aimd``          New-AIMD, printed or charitable reading, against W
``mathtext``               a sympy expression as mathtext, fractions inline
=========================  ===================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ._validate import check_choice

__all__ = [
    "STYLES",
    "mathtext",
    "phase_plane_legend_handles",
    "plot_convergence",
    "plot_efficiency_curve",
    "plot_new_aimd",
    "plot_phase_plane",
    "plot_response",
    "plot_response_functions",
    "plot_sawtooth",
    "plot_windows",
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


def _need(data: Any, kind: str, maker: str, *fields: str) -> None:
    """Refuse, naming what was expected, data that is not ``kind`` (or a sequence of them)."""
    where = maker if kind == "Trajectory" else f"experiments.{maker}"
    for item in _series(data):
        if not all(hasattr(item, f) for f in fields):
            raise TypeError(
                f"expected a {kind} (from aimdmodel.{where}), got {type(item).__name__}"
            )


def _series(data: Any) -> list:
    """One result, or a sequence of them, as a list."""
    return list(data) if isinstance(data, (list, tuple)) else [data]


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

    Raises
    ------
    ValueError
        If the trajectory kept too few windows to draw (``record="none"``).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel import AIMD, simulate
    >>> tr = simulate(AIMD(), [1, 30], 100, steps=150)
    >>> [a.get_label() for a in plot_windows(tr, Figure().subplots())]
    ['flow 1', 'flow 2', 'sum of windows', 'capacity W = 100']
    """
    _need(traj, "Trajectory", "simulate", "windows", "batched")
    if traj.batched:
        n = traj.n_systems
        if isinstance(system, bool) or not isinstance(system, (int, np.integer)):
            raise TypeError(f"system must be an int, got {system!r}")
        if not 0 <= system < n:
            raise ValueError(f"system must be in 0 .. {n - 1} (the trajectory holds {n} "
                             f"systems), got {system}")
    tr = traj.system(system) if traj.batched else traj
    ax = _axes(ax)
    steps, draw = _time_axis(tr)
    w = np.asarray(tr.windows, dtype=np.float64)
    active = np.asarray(tr.active, dtype=bool)
    styles = ["-", "--", "-.", ":"]
    artists: list = []
    for i in range(w.shape[1]):
        shown = np.where(active[:, i], w[:, i], np.nan)  # a gap while a flow is inactive
        (line,) = ax.plot(steps, shown, linestyle=styles[i % len(styles)], drawstyle=draw,
                          label=f"flow {i + 1}")
        artists.append(line)
    if total and w.shape[1] > 1:
        (line,) = ax.plot(steps, np.asarray(tr.totals, dtype=np.float64), color="0.3",
                          linewidth=1.0, drawstyle=draw, label="sum of windows")
        artists.append(line)
    caps = np.asarray(tr.capacities, dtype=np.float64)
    if np.all(caps == caps[0]):
        artists.append(ax.axhline(caps[0], color="k", linestyle=":", linewidth=1.2,
                                  label=f"capacity W = {caps[0]:g}"))
    else:
        (line,) = ax.plot(steps, caps, color="k", linestyle=":", linewidth=1.2,
                          drawstyle="steps-post", label="capacity W(t)")
        artists.append(line)
    ax.set_xlabel("step (RTT)")
    ax.set_ylabel("congestion window (packets)")
    ax.set_title(f"{tr.policy.label()}, {tr.arithmetic} arithmetic, congestion {tr.congestion}")
    ax.legend(loc="best", fontsize="small")
    return artists


def _time_axis(tr: Any) -> tuple[np.ndarray, str]:
    """Return the steps of the recorded rows and how to draw between them."""
    record = getattr(tr, "cycle_record", None)
    if record is None:
        return np.asarray(tr.t), "steps-post"
    if record.affine and record.events is not None:
        # windows kept at the knots only; between knots they are affine in t
        return np.asarray(record.times), "default"
    raise ValueError(
        "plot_windows needs every window: run simulate with record='all' "
        "(or record='cycles' for a policy whose additive phase is affine)"
    )


# --------------------------------------------------------------------------
# the phase plane of two flows (Lahanas & Tsaoussidis 2003, Fig. 2, after Chiu & Jain 1989)
# --------------------------------------------------------------------------
def _phase_arrow(ax: Any, start: np.ndarray, end: np.ndarray, increase: bool) -> Any:
    """One segment of the path: solid black for an increase, dashed grey for a decrease."""
    return ax.annotate(
        "",
        xy=tuple(end),
        xytext=tuple(start),
        arrowprops={
            "arrowstyle": "-|>",
            "color": "k" if increase else "0.45",
            "linestyle": "-" if increase else (0, (4, 2)),
            "linewidth": 1.3 if increase else 1.1,
            "shrinkA": 0,
            "shrinkB": 0,
            "mutation_scale": 10,
        },
    )


def phase_plane_legend_handles(artists: Sequence[Any]) -> list:
    """Return the legend entries of a phase plane drawn by :func:`plot_phase_plane`.

    The two reference lines and the start marker, then one entry for the
    increase arrows and one for the decrease arrows (arrows have no legend
    entry of their own). For a legend shared by several panels
    (``fig.legend(handles=...)``).

    Parameters
    ----------
    artists : sequence of matplotlib artists
        What :func:`plot_phase_plane` returned.

    Returns
    -------
    list of matplotlib artists

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.experiments import phase_plane
    >>> arts = plot_phase_plane(phase_plane(AIMD(), cycles=2), Figure().subplots(), legend=False)
    >>> [h.get_label() for h in phase_plane_legend_handles(arts)][3:]
    ['increase (feedback 1)', 'decrease (feedback 0)']
    """
    from matplotlib.lines import Line2D

    extra = [a for a in artists[3:] if isinstance(a, Line2D)]  # the Perron ray and point
    return [
        *artists[:3],
        Line2D([], [], color="k", linestyle="-", marker=">", label="increase (feedback 1)"),
        Line2D([], [], color="0.45", linestyle=(0, (4, 2)), marker=">",
               label="decrease (feedback 0)"),
        *extra,
    ]


def plot_phase_plane(data: Any, ax: Any = None, *, legend: bool = True) -> list:
    """Draw the Chiu-Jain phase plane of two flows (Lahanas & Tsaoussidis 2003, Fig. 2).

    The fairness line ``x1 = x2``, the efficiency line ``x1 + x2 = W``, the
    start point, and the path as arrows: solid black arrows for increase
    phases (along 45 degrees for an additive increase), dashed grey arrows
    for decreases (toward the origin for a multiplicative decrease).

    Parameters
    ----------
    data : PhasePlaneData
        From :func:`aimdmodel.experiments.phase_plane`.
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
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.experiments import phase_plane
    >>> d = phase_plane(AIMD(), cycles=3)
    >>> len(plot_phase_plane(d, Figure().subplots())) == 3 + len(d.segments)
    True
    """
    _need(data, "PhasePlaneData", "phase_plane", "segments")
    ax = _axes(ax, figsize=(5, 5))
    (fair,) = ax.plot(*data.fairness_line.T, color="0.4", linestyle=":", linewidth=1.2,
                      label="fairness line $x_1 = x_2$")
    (eff,) = ax.plot(*data.efficiency_line.T, color="0.4", linestyle="-.", linewidth=1.2,
                     label=f"efficiency line $x_1 + x_2 = W$ ({data.capacity:g})")
    x1, x2 = data.windows[0]
    (start,) = ax.plot(x1, x2, linestyle="none", marker="o", markersize=6,
                       markerfacecolor="white", markeredgecolor="k",
                       label=f"start ({x1:g}, {x2:g})")
    artists: list = [fair, eff, start]
    for (p, q), kind in zip(data.segments, data.kinds, strict=True):
        artists.append(_phase_arrow(ax, p, q, kind == "increase"))
    top = data.fairness_line[1, 0]
    perron = getattr(data, "perron_point", None)
    if perron is not None:
        (ray,) = ax.plot([0, perron[0] * top / perron.sum() * 2], [0, perron[1] * top /
                         perron.sum() * 2], color="0.2", linestyle=(0, (5, 2, 1, 2)),
                         linewidth=1.0, label="Perron ray (peaks converge here)")
        (star,) = ax.plot(*perron, linestyle="none", marker="*", markersize=11, color="k",
                          label=f"Perron point ({perron[0]:.1f}, {perron[1]:.1f})")
        artists += [ray, star]
    ax.set_xlim(0, top)
    ax.set_ylim(0, top)
    ax.set_aspect("equal")
    ax.set_xlabel("window of flow 1, $x_1$ (packets)")
    ax.set_ylabel("window of flow 2, $x_2$ (packets)")
    ax.set_title(data.policy.label())
    if legend:
        ax.legend(handles=phase_plane_legend_handles(artists), loc="upper right",
                  fontsize="x-small")
    return artists


# --------------------------------------------------------------------------
# convergence to fairness, per cycle
# --------------------------------------------------------------------------
def plot_convergence(
    data: Any,
    ax: Any = None,
    *,
    quantity: str = "difference",
    against: str = "cycle",
) -> list:
    """Draw convergence to fairness of one or several runs on one axes.

    Parameters
    ----------
    data : ConvergenceData or sequence of ConvergenceData
        From :func:`aimdmodel.experiments.convergence`, one line each.
    ax : matplotlib Axes, optional
    quantity : {"difference", "jain"}
        ``"difference"``: ``max(w) - min(w)`` on a log scale (a contraction
        by a factor ``b`` per cycle is a straight line); ``"jain"``: Jain's
        index.
    against : {"cycle", "step"}
        Horizontal axis: the congestion events, or the steps (RTTs).

    Returns
    -------
    list of matplotlib artists
        One line per result.

    Raises
    ------
    ValueError
        If ``quantity`` or ``against`` is not one of its choices.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel import AIMD, AIAD
    >>> from aimdmodel.experiments import convergence
    >>> runs = [convergence(p, cycles=5) for p in (AIMD(), AIAD())]
    >>> lines = plot_convergence(runs, Figure().subplots(), quantity="jain")
    >>> [line.get_label() for line in lines]
    ['AIMD(a=1, b=1/2)', 'AIAD(a=1, d=1)']
    """
    _need(data, "ConvergenceData", "convergence", "difference")
    check_choice("quantity", quantity, ("difference", "jain"))
    check_choice("against", against, ("cycle", "step"))
    from matplotlib.ticker import MaxNLocator

    ax = _axes(ax)
    lines = []
    for i, d in enumerate(_series(data)):
        x = d.cycle if against == "cycle" else d.step
        y = d.difference if quantity == "difference" else d.jain
        keep = y > 0 if quantity == "difference" else np.ones(len(y), dtype=bool)
        style = STYLES[i % len(STYLES)]
        (line,) = ax.plot(x[keep], y[keep], markersize=4, label=d.policy.label(), **style)
        lines.append(line)
    if quantity == "difference":
        ax.set_yscale("log")
        ax.set_ylabel("window difference max(w) - min(w) (packets)")
    else:
        ax.set_ylabel("Jain's fairness index (1 = fair)")
    ax.set_xlabel("congestion events (cycles)" if against == "cycle" else "step (RTT)")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    what = "window difference" if quantity == "difference" else "Jain's index"
    ax.set_title(f"{what} at each cycle start")
    ax.grid(True, which="major", color="0.9")
    ax.legend(loc="best", fontsize="x-small")
    return lines


# --------------------------------------------------------------------------
# New-AIMD: the printed pseudocode against its charitable reading (Jasem et al. 2010)
# --------------------------------------------------------------------------
def plot_new_aimd(data: Any, ax: Any = None) -> list:
    """Draw New-AIMD's windows, their sum and ``W``, with the congestion steps marked.

    Parameters
    ----------
    data : NewAIMDData
        From :func:`aimdmodel.experiments.new_aimd`.
    ax : matplotlib Axes, optional

    Returns
    -------
    list of matplotlib artists
        The two flows' lines, the sum's line, the capacity line and the
        markers of the congestion steps.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel.experiments import new_aimd
    >>> [a.get_label() for a in plot_new_aimd(new_aimd(steps=40), Figure().subplots())][:3]
    ['flow 1', 'flow 2', 'sum of windows']
    """
    _need(data, "NewAIMDData", "new_aimd", "totals")
    ax = _axes(ax)
    t = np.arange(len(data.totals))
    artists = []
    for i in range(data.windows.shape[1]):
        style = STYLES[i + 1]
        (line,) = ax.plot(t, data.windows[:, i], drawstyle="steps-post", color=style["color"],
                          linestyle=style["linestyle"], label=f"flow {i + 1}")
        artists.append(line)
    (tot,) = ax.plot(t, data.totals, drawstyle="steps-post", color="k", linewidth=1.6,
                     label="sum of windows")
    artists.append(tot)
    artists.append(ax.axhline(data.capacity, color="0.3", linestyle=":", linewidth=1.4,
                              label=f"capacity W = {data.capacity:g}"))
    cong = np.flatnonzero(data.feedback == 0)
    (marks,) = ax.plot(cong, np.full(len(cong), 0.04), linestyle="none", marker="|",
                       color="k", markersize=8, transform=ax.get_xaxis_transform(),
                       label="congestion step (feedback 0)")
    artists.append(marks)
    ax.set_xlabel("step (RTT)")
    ax.set_ylabel("congestion window (packets)")
    start = ", ".join(f"{v:g}" for v in data.windows[0])
    ax.set_title(f"{data.policy.label()}, x0 = ({start})")
    ax.set_ylim(bottom=0, top=max(float(data.totals.max()), data.capacity) * 1.3)
    ax.legend(loc="upper left", fontsize="x-small", ncol=2)
    return artists


# --------------------------------------------------------------------------
# closed forms as mathtext
# --------------------------------------------------------------------------
def mathtext(expr: Any) -> str:
    r"""LaTeX of a sympy expression with fractions written inline (``a/b``).

    Matplotlib's mathtext sets ``\frac`` in a small font that is hard to
    read in a legend or a caption line; ``a/b`` reads at the size of the
    text around it. Numerator and denominator are parenthesised when they
    are sums or products.

    Parameters
    ----------
    expr : sympy expression or number
        A sympy object, or a Python or numpy number (int, Fraction, float).
        Strings are refused: parsing one would evaluate it as Python code.

    Returns
    -------
    str
        Mathtext source without the enclosing ``$``.

    Raises
    ------
    TypeError
        If ``expr`` is a string, or anything else that is not a sympy
        expression or a number.

    Examples
    --------
    >>> import sympy
    >>> b, W = sympy.symbols("b W", positive=True)
    >>> mathtext(2 * W / 3), mathtext(sympy.sqrt(6) / 2), mathtext((b + 1) / 2)
    ('2 W/3', '\\sqrt{6}/2', '(b + 1)/2')
    >>> mathtext(3 * (1 - b) / (b + 1))
    '(3 - 3 b)/(b + 1)'
    >>> mathtext("1/2")
    Traceback (most recent call last):
    ...
    TypeError: expr must be a sympy expression or a number, not a str ('1/2')
    """
    import sympy

    if isinstance(expr, (str, bytes)):
        raise TypeError(
            f"expr must be a sympy expression or a number, not a {type(expr).__name__} "
            f"({expr!r})"
        )
    try:
        expr = sympy.sympify(expr, strict=True)
    except sympy.SympifyError:
        raise TypeError(
            f"expr must be a sympy expression or a number, got {expr!r}"
        ) from None
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


# --------------------------------------------------------------------------
# the sawtooth of one flow with its closed-form bounds (Lahanas & Tsaoussidis 2003, Figs. 3, 4)
# --------------------------------------------------------------------------
def plot_sawtooth(data: Any, ax: Any = None, *, legend: bool = True) -> list:
    """Draw one flow's window with the closed-form bounds (Lahanas & Tsaoussidis 2003, Figs. 3, 4).

    The minimum window and the mean window are the closed forms of
    :func:`aimdmodel.symbolic.derive` that the data carries, typeset in the
    legend; the maximum is the capacity ``W``.

    Parameters
    ----------
    data : SawtoothData
        From :func:`aimdmodel.experiments.sawtooth`.
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
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.experiments import sawtooth
    >>> arts = plot_sawtooth(sawtooth(AIMD(), 90), Figure().subplots())
    >>> [round(a.get_ydata()[0], 3) for a in arts[1:]]
    [90.0, 45.0, 67.5]
    """
    _need(data, "SawtoothData", "sawtooth", "closed_form")
    ax = _axes(ax)
    (line,) = ax.plot(data.steps, data.window, drawstyle="steps-post", color="k",
                      linewidth=1.3, label="window (simulated)")
    top = ax.axhline(data.max_window, color="0.2", linestyle=":", linewidth=1.3,
                     label=f"capacity $W = {data.capacity:g}$")
    low = ax.axhline(data.min_window, color="#0072B2", linestyle="--", linewidth=1.3,
                     label=f"min window ${mathtext(data.min_window_formula)}$ = "
                           f"{data.min_window:g}")
    mean = ax.axhline(data.mean_window, color="#D55E00", linestyle="-.", linewidth=1.3,
                      label=f"mean ${mathtext(data.mean_window_formula)}$ = "
                            f"{data.mean_window:g}")
    ax.set_ylim(0, data.capacity * 1.12)
    ax.set_xlabel("step (RTT)")
    ax.set_ylabel("congestion window (packets)")
    ax.set_title(f"{data.policy.label()}, one flow")
    if legend:
        ax.legend(loc="lower right", fontsize="x-small")
    return [line, top, low, mean]


# --------------------------------------------------------------------------
# efficiency against the decrease factor b
# --------------------------------------------------------------------------
def plot_efficiency_curve(data: Any, ax: Any = None) -> list:
    """Draw efficiency against ``b``: the sympy curve with simulated points on it.

    Parameters
    ----------
    data : EfficiencyCurveData or sequence of EfficiencyCurveData
        From :func:`aimdmodel.experiments.efficiency_curve`, one family each.
    ax : matplotlib Axes, optional

    Returns
    -------
    list of matplotlib artists
        For each family its curve, then its simulated points.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel.experiments import efficiency_curve
    >>> d = efficiency_curve("aimd", b_points=(0.5,), capacity=100, cycles=4)
    >>> [a.get_label() for a in plot_efficiency_curve([d], Figure().subplots())]
    ['AIMD: $(b + 1)/2$', 'AIMD simulated (W = 100)']
    """
    _need(data, "EfficiencyCurveData", "efficiency_curve", "b_points")
    ax = _axes(ax)
    artists = []
    for i, d in enumerate(_series(data)):
        style = STYLES[i % len(STYLES)]
        (curve,) = ax.plot(d.b, d.efficiency, color=style["color"], linestyle=style["linestyle"],
                           linewidth=1.5, label=f"{d.name}: ${mathtext(d.expression)}$")
        (pts,) = ax.plot(d.b_points, d.simulated, linestyle="none", marker=style["marker"],
                         color=style["color"], markerfacecolor="white", markersize=7,
                         label=f"{d.name} simulated (W = {d.capacity:g})")
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
def plot_response(data: Any, ax: Any = None) -> list:
    r"""Draw throughput against loss rate on log-log axes: ``C/sqrt(p)`` and simulations.

    Parameters
    ----------
    data : ResponseData or sequence of ResponseData
        From :func:`aimdmodel.experiments.response`, one policy each.
    ax : matplotlib Axes, optional

    Returns
    -------
    list of matplotlib artists
        For each policy its curve, then its simulated points.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.experiments import response
    >>> arts = plot_response([response(AIMD(), (50, 100))], Figure().subplots())
    >>> print(arts[0].get_label())
    AIMD(a=1, b=1/2): $C = \sqrt{6}/2$
    """
    _need(data, "ResponseData", "response", "throughput_points")
    ax = _axes(ax)
    artists = []
    for i, d in enumerate(_series(data)):
        style = STYLES[i % len(STYLES)]
        label = d.policy.label()
        (curve,) = ax.plot(d.p, d.throughput, color=style["color"],
                           linestyle=style["linestyle"], linewidth=1.4,
                           label=f"{label}: $C = {mathtext(d.constant)}$")
        (pts,) = ax.plot(d.p_points, d.throughput_points, linestyle="none",
                         marker=style["marker"], color=style["color"],
                         markerfacecolor="white", markersize=6, label=f"{label}, simulated")
        artists += [curve, pts]
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("loss rate $p$ (losses per packet sent)")
    ax.set_ylabel("throughput (packets per RTT = MSS/RTT)")
    ax.set_title("Response functions: throughput $= C/\\sqrt{p}$")
    ax.grid(True, which="both", color="0.92")
    ax.legend(loc="upper right", fontsize="x-small")
    return artists


# --------------------------------------------------------------------------
# several runs through one change (a late flow, a new capacity)
# --------------------------------------------------------------------------
def plot_dynamic_runs(data: Any, axes: Any = None, *, change_label: str = "change") -> list:
    """Draw each run of a :class:`~aimdmodel.experiments.DynamicRunsData` in its own panel.

    Parameters
    ----------
    data : DynamicRunsData
        From :func:`aimdmodel.experiments.late_joiner` or
        :func:`~aimdmodel.experiments.capacity_change`.
    axes : sequence of matplotlib Axes, optional
        One per run (a new figure with one row per policy when None).
    change_label : str
        The legend text of the vertical line at the change.

    Returns
    -------
    list
        Per panel, the list of artists :func:`plot_windows` returned.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.experiments import late_joiner
    >>> d = late_joiner([AIMD()], steps=200, join=80)
    >>> len(plot_dynamic_runs(d, Figure().subplots(1, 2)))
    2
    """
    _need(data, "DynamicRunsData", "late_joiner or capacity_change", "runs")
    n = len(data.runs)
    if axes is None:
        import matplotlib.pyplot as plt

        cols = 2 if n % 2 == 0 else 1
        _, axes = plt.subplots(n // cols, cols, figsize=(6 * cols, 2.8 * n // cols),
                               squeeze=False)
    axes = list(np.asarray(axes, dtype=object).ravel())
    if len(axes) != n:
        raise ValueError(f"axes must hold {n} Axes (one per run), got {len(axes)}")
    out = []
    for ax, tr, label in zip(axes, data.runs, data.labels, strict=True):
        arts = plot_windows(tr, ax)
        arts.append(ax.axvline(data.change, color="0.5", linewidth=0.8, label=change_label))
        ax.set_title(label, fontsize="small")
        ax.legend(loc="upper left", fontsize="x-small", ncol=2)
        out.append(arts)
    return out


_EXTRA_STYLES: tuple[dict[str, Any], ...] = (
    {"color": "#E69F00", "linestyle": "-", "marker": "P"},
    {"color": "#56B4E9", "linestyle": (0, (3, 1, 1, 1)), "marker": "X"},
)
"""Two more Okabe-Ito colours for figures with more than six series."""

_POINT_MARKERS = ("o", "D", "s", "x", "*", "^", "v")


def plot_response_functions(data: Any, ax: Any = None) -> list:
    """Draw published response functions (lines) and simulated policies (markers), log-log.

    Parameters
    ----------
    data : ResponseFunctionsData
        From :func:`aimdmodel.experiments.response_functions`.
    ax : matplotlib Axes, optional

    Returns
    -------
    list of matplotlib artists
        One line per curve, then one marker series per policy (drawn in the
        colour of the curve it should follow).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel.experiments import response_functions
    >>> d = response_functions(capacities=(50,), cycles=4)
    >>> arts = plot_response_functions(d, Figure().subplots())
    >>> arts[0].get_label()
    'Mathis et al. 1997, C = sqrt(3/2)'
    """
    _need(data, "ResponseFunctionsData", "response_functions", "curves")
    ax = _axes(ax, figsize=(8, 5.5))
    styles = (*STYLES, *_EXTRA_STYLES)
    artists, colour = [], {}
    for i, (label, y) in enumerate(data.curves.items()):
        style = styles[i % len(styles)]
        colour[label] = style["color"]
        (line,) = ax.plot(data.p, y, color=style["color"], linestyle=style["linestyle"],
                          linewidth=1.4, label=label)
        artists.append(line)
    for j, (label, (p, y)) in enumerate(data.points.items()):
        (pts,) = ax.plot(p, y, linestyle="none", marker=_POINT_MARKERS[j % len(_POINT_MARKERS)],
                         color=colour.get(data.matches.get(label), "0.3"),
                         markerfacecolor="white", markersize=6, label=f"{label}, simulated")
        artists.append(pts)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("loss event rate $p$ (losses per packet)")
    ax.set_ylabel(f"throughput ({data.unit}, RTT = {1000 * data.rtt:g} ms)")
    ax.set_title("Response functions: lines published, markers simulated (one flow alone)")
    ax.grid(True, which="both", color="0.92")
    ax.legend(loc="lower left", fontsize="x-small", ncol=2)
    return artists
