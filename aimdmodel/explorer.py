"""An explorer for the notebook: sliders and menus over a run, redrawn as they move.

:func:`explore` returns an :class:`Explorer`, an ``ipywidgets`` box with a
menu of policies (:data:`aimdmodel.classroom.TEACHING_POLICIES`), a slider
per parameter, the number of flows, the capacity ``W``, the starting
windows, the congestion convention, the arithmetic and the number of steps.
Every change runs :func:`aimdmodel.simulate` again and redraws three
panels: the Chiu-Jain phase plane (two flows; the windows against the step
otherwise), the sum of the windows (the sawtooth) with the closed-form
minimum and mean from :func:`aimdmodel.symbolic.derive`, and Jain's
fairness index against the step. The figure is a matplotlib ``Figure``
rendered to a PNG shown in an ``ipywidgets.Image``, so the explorer works
in JupyterLab and in a headless kernel alike; setting a control's
``value`` in code redraws it as a slider does.

Examples
--------
>>> ex = explore("AIMD", capacity=100, windows=(10, 70), steps=120)
>>> ex.controls["b"].value = 0.7
>>> ex.trajectory.policy.label()
'AIMD(a=1, b=7/10)'
"""

from __future__ import annotations

import io
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from . import metrics
from .classroom import (
    PARAMETER_RANGES,
    TEACHING_POLICIES,
    bounds,
    parameters_of,
    teaching_policy,
)
from .engine import simulate
from .plots import mathtext

__all__ = ["MAX_FLOWS", "Explorer", "default_windows", "draw_run", "explore", "update_run"]

MAX_FLOWS = 8
"""Flows the explorer's slider offers at most."""


def default_windows(flows: int, capacity: float) -> list[float]:
    """Return unequal starting windows for ``flows`` flows: from 5% to 60% of ``W``, whole.

    Parameters
    ----------
    flows : int
        Number of flows (at least 1).
    capacity : float
        ``W`` (packets per RTT).

    Returns
    -------
    list of float

    Examples
    --------
    >>> default_windows(2, 100), default_windows(3, 100)
    ([5.0, 60.0], [5.0, 32.0, 60.0])
    """
    if flows == 1:
        return [float(round(capacity * 0.1))]
    return [float(round(v)) for v in np.linspace(0.05 * capacity, 0.6 * capacity, flows)]


def _parse_windows(text: str, flows: int) -> list[float]:
    try:
        values = [float(v) for v in str(text).replace(";", ",").split(",") if v.strip()]
    except ValueError:
        raise ValueError(f"windows must be numbers separated by commas, got {text!r}") \
            from None
    if len(values) != flows:
        raise ValueError(f"windows must hold {flows} values (one per flow), got {len(values)}")
    return values


def draw_run(fig: Any, tr: Any, closed: dict[str, Any]) -> dict[str, Any]:
    """Draw a run on ``fig``: phase plane (or windows), the sawtooth of the sum, Jain's index.

    The panels are laid out for the run's number of flows; a run of the
    same number of flows is then drawn on the same artists by
    :func:`update_run` (much faster than drawing anew).

    Parameters
    ----------
    fig : matplotlib Figure
        Cleared and drawn on.
    tr : Trajectory
        The run (``record="all"``).
    closed : dict
        :func:`aimdmodel.classroom.bounds` of the run's policy.

    Returns
    -------
    dict
        The artists by role: ``"main"`` (the path in the phase plane, or
        one line per flow), ``"events"``, ``"sum"``, ``"min"``, ``"mean"``
        (hidden without a closed form), ``"jain"``, and the axes.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel import AIMD, simulate
    >>> from aimdmodel.classroom import bounds
    >>> tr = simulate(AIMD(), [10, 70], 100, steps=50)
    >>> arts = draw_run(Figure(), tr, bounds("AIMD", {"a": 1, "b": 0.5}, flows=2, capacity=100))
    >>> arts["main"][0].get_label(), arts["min"].get_ydata()[0]
    ('path of $(x_1, x_2)$', 50.0)
    """
    fig.clear()
    fig.subplots_adjust(left=0.07, right=0.98, bottom=0.1, top=0.9, wspace=0.22, hspace=0.45)
    grid = fig.add_gridspec(2, 2, width_ratios=(1.0, 1.25))
    main, saw, jain = (fig.add_subplot(grid[:, 0]), fig.add_subplot(grid[0, 1]),
                       fig.add_subplot(grid[1, 1]))
    out: dict[str, Any] = {"axes": (main, saw, jain), "flows": tr.n_flows}
    out.update(_phase(main) if tr.n_flows == 2 else _flows(main, tr.n_flows))
    (out["sum"],) = saw.plot([], [], color="k", drawstyle="steps-post", linewidth=1.1,
                             label="sum of the windows (simulated)")
    out["cap"] = saw.axhline(0, color="0.3", linestyle=":", label="capacity W")
    out["min"] = saw.axhline(0, color="#0072B2", linestyle="--", label="min")
    out["mean"] = saw.axhline(0, color="#D55E00", linestyle="-.", label="mean")
    out["note"] = saw.text(0.02, 0.88, "", transform=saw.transAxes, fontsize=7,
                           color="#D55E00")
    saw.set_ylabel("packets")
    saw.set_title("sawtooth of the sum, closed-form bounds", fontsize=9)
    (out["jain"],) = jain.plot([], [], color="#009E73", label="Jain's index")
    jain.set_ylim(0, 1.05)
    jain.set_xlabel("step (RTT)")
    jain.set_ylabel("Jain's index")
    jain.set_title("fairness: 1 = equal windows", fontsize=9)
    out["title"] = fig.suptitle("", fontsize=10)
    update_run(out, tr, closed)
    return out


def update_run(artists: dict[str, Any], tr: Any, closed: dict[str, Any]) -> None:
    """Draw another run of the same number of flows on the artists of :func:`draw_run`.

    Parameters
    ----------
    artists : dict
        What :func:`draw_run` returned.
    tr : Trajectory
        The run, with ``artists["flows"]`` flows.
    closed : dict
        :func:`aimdmodel.classroom.bounds` of the run's policy.

    Raises
    ------
    ValueError
        If the run has another number of flows than the artists were made for.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel import AIMD, simulate
    >>> from aimdmodel.classroom import bounds
    >>> arts = draw_run(Figure(), simulate(AIMD(), [10, 70], 100, steps=50),
    ...                 bounds("AIMD", {"a": 1, "b": 0.5}, flows=2, capacity=100))
    >>> update_run(arts, simulate(AIMD(b=0.8), [10, 70], 100, steps=50),
    ...            bounds("AIMD", {"a": 1, "b": 0.8}, flows=2, capacity=100))
    >>> round(float(arts["min"].get_ydata()[0]), 6)
    80.0
    """
    if tr.n_flows != artists["flows"]:
        raise ValueError(f"tr must have {artists['flows']} flows (the artists' layout), "
                         f"got {tr.n_flows}")
    _, saw, jain = artists["axes"]
    w = np.asarray(tr.windows, dtype=np.float64)
    cap = float(np.asarray(tr.capacities, dtype=np.float64)[0])
    t = np.asarray(tr.t)
    hit = np.flatnonzero(np.asarray(tr.feedback) == 0)
    if tr.n_flows == 2:
        _update_phase(artists, w, cap, hit)
    else:
        _update_flows(artists, t, w, cap, hit)
    total = np.asarray(tr.totals, dtype=np.float64)
    artists["sum"].set_data(t, total)
    artists["cap"].set_ydata([cap, cap])
    artists["cap"].set_label(f"capacity $W = {cap:g}$")
    for key in ("min", "mean"):
        line, value = artists[key], closed.get(key)
        line.set_visible(value is not None)
        if value is not None:
            line.set_ydata([value, value])
            line.set_label(f"{key} (closed form) ${mathtext(closed[key + '_formula'])}$")
    no_mean = closed.get("mean") is None and closed.get("reason")
    artists["note"].set_text("no sawtooth to average: see derive's reason" if no_mean else "")
    saw.set_xlim(0, max(int(t[-1]), 1))
    saw.set_ylim(0, _top(cap, float(total.max())) * 1.12)
    artists["legend"] = saw.legend(
        handles=[a for a in (artists["sum"], artists["cap"], artists["min"], artists["mean"])
                 if a.get_visible()], loc="lower right", fontsize=7)
    artists["jain"].set_data(t, metrics.jain_index(w).astype(np.float64))
    jain.set_xlim(0, max(int(t[-1]), 1))
    artists["title"].set_text(f"{tr.policy.label()}, {tr.arithmetic} arithmetic, "
                              f"congestion {tr.congestion}")


def _top(cap: float, highest: float) -> float:
    """Return an axis top of at least ``highest``: ``W``, else ``W`` times 2, 4, ...

    Steps of the top keep the axes still while a slider moves, so only the
    data is redrawn.
    """
    if highest <= cap * 1.06:
        return cap
    return cap * 2.0 ** np.ceil(np.log2(highest / cap))


def _moving(artists: dict[str, Any]) -> list:
    """Return the artists a new run of the same layout changes (drawn over a background)."""
    keys = ("fair", "eff", "events", "start", "wline", "sum", "cap", "min", "mean", "note",
            "jain", "title")
    return [*artists["main"], *(artists[k] for k in keys if k in artists)]


def _background_key(artists: dict[str, Any]) -> tuple:
    """Return what the kept background shows: the layout, the axes' limits, the legend."""
    labels = tuple(t.get_text() for t in artists["legend"].get_texts())
    return (artists["flows"], labels,
            *(ax.get_xlim() + ax.get_ylim() for ax in artists["axes"]))


def _phase(ax: Any) -> dict[str, Any]:
    out = {
        "fair": ax.plot([], [], color="0.4", linestyle=":", label="fairness $x_1 = x_2$")[0],
        "eff": ax.plot([], [], color="0.4", linestyle="-.", label="efficiency $x_1+x_2=W$")[0],
        "main": [ax.plot([], [], color="k", linewidth=1.0, marker=".", markersize=2,
                         label="path of $(x_1, x_2)$")[0]],
        "events": ax.plot([], [], linestyle="none", marker="x", color="#D55E00",
                          label="congestion event")[0],
        "start": ax.plot([], [], linestyle="none", marker="o", markerfacecolor="white",
                         markeredgecolor="k", label="start")[0],
    }
    ax.set_aspect("equal")
    ax.set_xlabel("window of flow 1, $x_1$ (packets)")
    ax.set_ylabel("window of flow 2, $x_2$ (packets)")
    ax.set_title("phase plane", fontsize=9)
    ax.legend(loc="upper right", fontsize=7)
    return out


def _update_phase(artists: dict[str, Any], w: np.ndarray, cap: float, hit: np.ndarray) -> None:
    top = _top(cap, float(w.max())) * 1.05
    artists["fair"].set_data([0, top], [0, top])
    artists["eff"].set_data([cap, 0], [0, cap])
    artists["main"][0].set_data(w[:, 0], w[:, 1])
    artists["events"].set_data(w[hit, 0], w[hit, 1])
    artists["start"].set_data(w[:1, 0], w[:1, 1])
    ax = artists["axes"][0]
    ax.set_xlim(0, top)
    ax.set_ylim(0, top)


def _flows(ax: Any, m: int) -> dict[str, Any]:
    styles = ["-", "--", "-.", ":"]
    out = {
        "main": [ax.plot([], [], linestyle=styles[i % 4], drawstyle="steps-post",
                         label=f"flow {i + 1}")[0] for i in range(m)],
        "events": ax.plot([], [], linestyle="none", marker="v", color="#D55E00",
                          label="congestion event")[0],
        "wline": ax.axhline(0, color="0.3", linestyle=":", label="capacity W"),
    }
    ax.set_xlabel("step (RTT)")
    ax.set_ylabel("congestion window (packets)")
    ax.set_title("windows against the step", fontsize=9)
    ax.legend(loc="upper right", fontsize=7)
    return out


def _update_flows(artists: dict[str, Any], t: np.ndarray, w: np.ndarray, cap: float,
                  hit: np.ndarray) -> None:
    for i, line in enumerate(artists["main"]):
        line.set_data(t, w[:, i])
    artists["events"].set_data(t[hit], w[hit].max(axis=1))
    artists["wline"].set_ydata([cap, cap])
    ax = artists["axes"][0]
    ax.set_xlim(0, max(int(t[-1]), 1))
    ax.set_ylim(0, _top(cap, float(w.max())) * 1.08)


class _Controls:
    """Make the widgets of the explorer (a dict by name)."""

    @staticmethod
    def make(label: str, params: dict, flows: int, capacity: float, windows: Sequence,
             steps: int, congestion: str, arithmetic: str) -> dict[str, Any]:
        import ipywidgets as w

        style = {"description_width": "90px"}
        c: dict[str, Any] = {
            "policy": w.Dropdown(options=list(TEACHING_POLICIES), value=label,
                                 description="policy", style=style),
        }
        for name, (lo, hi, step) in PARAMETER_RANGES.items():
            c[name] = w.FloatSlider(value=params.get(name, lo), min=lo, max=hi, step=step,
                                    description=name, style=style, continuous_update=False)
        c["flows"] = w.IntSlider(value=flows, min=1, max=MAX_FLOWS, description="flows m",
                                 style=style, continuous_update=False)
        c["capacity"] = w.FloatSlider(value=capacity, min=10, max=1000, step=10,
                                      description="capacity W", style=style,
                                      continuous_update=False)
        c["windows"] = w.Text(value=", ".join(f"{v:g}" for v in windows),
                              description="start windows", style=style, continuous_update=False)
        c["steps"] = w.IntSlider(value=steps, min=10, max=1000, step=10, description="steps",
                                 style=style, continuous_update=False)
        c["congestion"] = w.ToggleButtons(options=[">=", ">"], value=congestion,
                                          description="congestion", style=style)
        c["arithmetic"] = w.Dropdown(options=["float", "exact", "integer"], value=arithmetic,
                                     description="arithmetic", style=style)
        return c


class Explorer:
    """The explorer: controls, the figure they redraw, and the last run.

    Made by :func:`explore`; show it in a notebook as the last expression
    of a cell (or ``display(ex.widget)``).

    Attributes
    ----------
    widget : ipywidgets.Box
        The controls beside the image of the figure.
    controls : dict
        The control widgets by name: ``"policy"``, one slider per
        parameter of :data:`aimdmodel.classroom.PARAMETER_RANGES`
        (only the policy's own are shown), ``"flows"``, ``"capacity"``,
        ``"windows"`` (text, comma separated), ``"steps"``,
        ``"congestion"``, ``"arithmetic"``.
    figure : matplotlib Figure
        The figure last drawn.
    artists : dict
        What :func:`draw_run` returned for it.
    trajectory : Trajectory
        The run last drawn.
    closed_form : dict
        :func:`aimdmodel.classroom.bounds` of the run last drawn.
    message : str
        Why the last change was not drawn (bad input), or "".
    redraw_ms : float
        Milliseconds the last redraw took (simulation, drawing, PNG).

    Examples
    --------
    >>> ex = explore("AIMD-FC", windows=(20, 60), steps=60)
    >>> ex.controls["windows"].value = "1, 2, 3"
    >>> ex.message
    'windows must hold 2 values (one per flow), got 3'
    """

    def __init__(self, controls: dict[str, Any]) -> None:
        import ipywidgets as w
        from matplotlib.figure import Figure

        self.controls = controls
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        self.figure = Figure(figsize=(10, 5.2), dpi=72)
        self.canvas = FigureCanvasAgg(self.figure)
        self._background: tuple = (None, None)
        self.image = w.Image(format="png")
        self.status = w.HTML()
        self.message = ""
        self.trajectory: Any = None
        self.artists: dict[str, Any] = {}
        self.closed_form: dict[str, Any] = {}
        self.redraw_ms = float("nan")
        self._busy = False
        box = w.VBox(list(controls.values()), layout=w.Layout(width="330px"))
        self.widget = w.HBox([box, w.VBox([self.image, self.status])])
        for name, control in controls.items():
            control.observe(lambda change, name=name: self._changed(name), names="value")
        self._show_parameters()
        self.redraw()

    def _ipython_display_(self) -> None:  # pragma: no cover - display in a notebook
        from IPython.display import display

        display(self.widget)

    def _show_parameters(self) -> None:
        own = parameters_of(self.controls["policy"].value)
        for name in PARAMETER_RANGES:
            self.controls[name].layout.display = None if name in own else "none"

    def _changed(self, name: str) -> None:
        if self._busy:
            return
        if name == "policy":
            self._show_parameters()
        if name in ("flows", "capacity"):
            self._busy = True  # one redraw for the new default windows
            c = self.controls
            c["windows"].value = ", ".join(
                f"{v:g}" for v in default_windows(c["flows"].value, c["capacity"].value))
            self._busy = False
        self.redraw()

    def _render(self) -> bytes:
        """Draw the figure to PNG bytes, redrawing only what moved when the axes stayed.

        Text is the slow part of a matplotlib drawing (the tick labels,
        titles and legends of three panels take ~150 ms here), so the still
        parts are drawn once and kept as a background while the axes'
        limits stay; a change then draws only the moving artists over it.
        """
        from PIL import Image

        moving, key = _moving(self.artists), _background_key(self.artists)
        canvas = self.canvas
        if key != self._background[0]:
            for a in moving:
                a.set_animated(True)
            canvas.draw()
            self._background = (key, canvas.copy_from_bbox(self.figure.bbox))
            for a in moving:
                a.set_animated(False)
        else:
            canvas.restore_region(self._background[1])
        renderer = canvas.get_renderer()
        for a in moving:
            a.draw(renderer)
        image = Image.frombuffer("RGBA", canvas.get_width_height(),
                                 canvas.buffer_rgba()).convert("RGB")
        buffer = io.BytesIO()
        image.save(buffer, format="png", compress_level=1)
        return buffer.getvalue()

    def set(self, **values: Any) -> None:
        """Set several controls at once and redraw once (as a slider move redraws).

        Parameters
        ----------
        **values
            Control name -> value (see :attr:`controls`); with ``flows`` or
            ``capacity`` and no ``windows``, the windows are reset to
            :func:`default_windows`.

        Raises
        ------
        ValueError
            An unknown control name, or a value its widget does not accept.

        Examples
        --------
        >>> ex = explore("AIMD", windows=(10, 70), steps=40)
        >>> ex.set(policy="AIMD-FC", flows=3, b=0.75)
        >>> ex.trajectory.policy.label(), ex.controls["windows"].value
        ('AIMD-FC(a=1, b=3/4)', '5, 32, 60')
        """
        unknown = sorted(set(values) - set(self.controls))
        if unknown:
            raise ValueError(f"no control {unknown[0]!r}; the controls are "
                             f"{', '.join(self.controls)}")
        c = self.controls
        self._busy = True
        try:
            for name, value in values.items():
                c[name].value = value
            if "windows" not in values and {"flows", "capacity"} & set(values):
                c["windows"].value = ", ".join(
                    f"{v:g}" for v in default_windows(c["flows"].value, c["capacity"].value))
        except Exception as exc:
            raise ValueError(f"{name}: {exc}") from None
        finally:
            self._busy = False
        self._show_parameters()
        self.redraw()

    def values(self) -> dict[str, Any]:
        """Return the run the controls describe: policy, windows, capacity and options.

        Returns
        -------
        dict
            Keyword arguments of :func:`aimdmodel.simulate` (``policy``,
            ``x0``, ``capacity``, ``steps``, ``congestion``,
            ``arithmetic``) and ``label``, ``params``.

        Raises
        ------
        ValueError
            When the windows or a parameter are not accepted.

        Examples
        --------
        >>> ex = explore("AIMD", windows=(10, 70), steps=30)
        >>> ex.values()["x0"], ex.values()["policy"].label()
        ([10.0, 70.0], 'AIMD(a=1, b=1/2)')
        """
        c = self.controls
        label = c["policy"].value
        params = {k: round(float(c[k].value), 6) for k in parameters_of(label)}
        return {
            "label": label, "params": params, "policy": teaching_policy(label, **params),
            "x0": _parse_windows(c["windows"].value, c["flows"].value),
            "capacity": float(c["capacity"].value), "steps": int(c["steps"].value),
            "congestion": c["congestion"].value, "arithmetic": c["arithmetic"].value,
        }

    def redraw(self) -> None:
        """Run the system the controls describe and redraw the figure.

        Bad input (windows, parameters) leaves the figure as it was and
        says why in :attr:`message` and under the figure.

        Examples
        --------
        >>> ex = explore("AIMD", windows=(10, 70), steps=40)
        >>> ex.redraw()
        >>> ex.redraw_ms > 0
        True
        """
        start = time.perf_counter()
        try:
            v = self.values()
            tr = simulate(v["policy"], v["x0"], v["capacity"], steps=v["steps"],
                          congestion=v["congestion"], arithmetic=v["arithmetic"])
        except (ValueError, TypeError) as exc:
            self.message = " ".join(str(exc).split())
            self.status.value = f"<span style='color:#D55E00'>{self.message}</span>"
            return
        closed = bounds(v["label"], v["params"], flows=tr.n_flows, capacity=v["capacity"])
        if self.artists.get("flows") == tr.n_flows:
            update_run(self.artists, tr, closed)
        else:
            self.artists = draw_run(self.figure, tr, closed)
        self.image.value = self._render()
        self.trajectory, self.closed_form, self.message = tr, closed, ""
        self.redraw_ms = (time.perf_counter() - start) * 1e3
        self.status.value = _status_text(tr, closed, self.redraw_ms)


def _status_text(tr: Any, closed: dict[str, Any], ms: float) -> str:
    jain = float(metrics.jain_index(np.asarray(tr.windows[-1], dtype=np.float64)))
    eff = (f"closed forms: sum of the windows from {closed['min']:.4g} (min) to W, mean "
           f"{closed['mean']:.4g} packets, efficiency {closed['efficiency']:.4g}"
           if closed.get("efficiency") is not None and closed.get("min") is not None
           else f"no closed-form efficiency: {closed.get('reason') or 'none derived'}")
    return (f"{len(tr.congestion_steps)} congestion events; Jain's index at the last step "
            f"{jain:.4f}; {eff}. <small>(redrawn in {ms:.0f} ms)</small>")


def explore(
    policy: str = "AIMD",
    *,
    flows: int | None = None,
    capacity: float = 100,
    windows: Sequence[float] | None = None,
    steps: int = 300,
    congestion: str = ">=",
    arithmetic: str = "float",
    **params: float,
) -> Explorer:
    """Open the explorer: sliders and menus over a synchronous run, redrawn on each change.

    Parameters
    ----------
    policy : str
        A key of :data:`aimdmodel.classroom.TEACHING_POLICIES` (default "AIMD").
    flows : int, optional
        Number of flows, 1 .. :data:`MAX_FLOWS` (default: the number of
        ``windows``, else 2).
    capacity : float
        ``W`` in packets per RTT, 10 .. 1000 (default 100).
    windows : sequence of float, optional
        Starting windows, one per flow (default :func:`default_windows`).
    steps : int
        Steps (RTTs) to run, 10 .. 1000 (default 300).
    congestion : {">=", ">"}
        The congestion convention.
    arithmetic : {"float", "exact", "integer"}
        The arithmetic of the run.
    **params : float
        Starting values of the policy's parameters (see
        :func:`aimdmodel.classroom.parameters_of`).

    Returns
    -------
    Explorer
        Displays itself as a notebook's last expression.

    Raises
    ------
    ValueError
        A value outside its control's range, naming it.

    Examples
    --------
    >>> ex = explore("AIMD", flows=3, steps=100)
    >>> ex.controls["windows"].value, len(ex.artists["main"])
    ('5, 32, 60', 3)
    """
    defaults = parameters_of(policy)
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise ValueError(f"{policy} has no parameter {unknown[0]!r}; its parameters are "
                         f"{', '.join(defaults)}")
    for name, value in params.items():
        lo, hi, _ = PARAMETER_RANGES[name]
        if not lo <= value <= hi:
            raise ValueError(f"{name} must be in [{lo:g}, {hi:g}] in the explorer, got {value}")
    m = flows if flows is not None else (len(windows) if windows is not None else 2)
    _check_range("flows", m, 1, MAX_FLOWS)
    _check_range("capacity", capacity, 10, 1000)
    _check_range("steps", steps, 10, 1000)
    start = list(windows) if windows is not None else default_windows(m, capacity)
    if len(start) != m:
        raise ValueError(f"windows must hold {m} values (one per flow), got {len(start)}")
    if congestion not in (">=", ">"):
        raise ValueError(f"congestion must be '>=' or '>', got {congestion!r}")
    if arithmetic not in ("float", "exact", "integer"):
        raise ValueError(f"arithmetic must be float, exact or integer, got {arithmetic!r}")
    controls = _Controls.make(policy, {**defaults, **params}, m, capacity, start, steps,
                              congestion, arithmetic)
    return Explorer(controls)


def _check_range(name: str, value: Any, lo: float, hi: float) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name} must be a number, got {value!r}")
    if not lo <= value <= hi:
        raise ValueError(f"{name} must be in [{lo:g}, {hi:g}] in the explorer, got {value}")
