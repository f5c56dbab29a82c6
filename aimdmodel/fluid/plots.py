"""Figures of the fluid model: drawing only (the numbers come from the result objects).

=======================  =====================================================
``plot_trajectory``      queue (with RED's average and thresholds) or windows
                         against time, from a :class:`FluidResult`
``plot_bode``            gain and phase of the RED loop, margins marked
``plot_nyquist``         the loop in the complex plane, -1 and the unit circle
``plot_stability_map``   the gain margin over two parameters, boundary drawn
=======================  =====================================================

Every function takes ``ax=None`` (a new figure when None), draws, and
returns its artists; series differ in line style as well as colour
(:data:`aimdmodel.plots.STYLES`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._validate import check_choice
from ..plots import STYLES
from .aqm import RED

__all__ = ["plot_bode", "plot_nyquist", "plot_stability_map", "plot_trajectory"]


def _axes(ax: Any, n: int = 1, figsize: tuple[float, float] = (7, 4)) -> Any:
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(n, 1, figsize=figsize, sharex=n > 1)
    return ax


def _line(style: dict[str, Any]) -> dict[str, Any]:
    return {"color": style["color"], "linestyle": style["linestyle"]}


def plot_trajectory(res: Any, ax: Any = None, *, what: str = "queue") -> list:
    """Draw a fluid run's queue or windows against time.

    Parameters
    ----------
    res : FluidResult
    ax : matplotlib Axes, optional
    what : {"queue", "window"}
        ``"queue"``: the queue, RED's average and its thresholds, the
        buffer; ``"window"``: one flow's window of each class.

    Returns
    -------
    list of Artist

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from aimdmodel.fluid import FluidClass, simulate_fluid
    >>> res = simulate_fluid(FluidClass(10, 0.1), 1000.0, buffer=50, duration=5.0)
    >>> [a.get_label() for a in plot_trajectory(res)][:1]
    ['queue q(t)']
    """
    check_choice("what", what, ("queue", "window"))
    ax = _axes(ax)
    arts: list = []
    if what == "queue":
        arts += ax.plot(res.t, res.queue, label="queue q(t)", **_line(STYLES[0]))
        if isinstance(res.aqm, RED):
            arts += ax.plot(res.t, res.average_queue, label="RED average x(t)",
                            **_line(STYLES[1]))
            for v, name, ls in ((res.aqm.min_th, "min_th", ":"), (res.aqm.max_th, "max_th", "-.")):
                arts.append(ax.axhline(v, color="0.5", linestyle=ls, label=name))
        arts.append(ax.axhline(res.buffer, color="0.3", linestyle="--", label="buffer"))
        ax.set_ylabel("packets")
        ax.set_title(f"Fluid model: queue, {_population(res)}\n{_aqm_name(res.aqm)}",
                     fontsize="medium")
    else:
        for i, c in enumerate(res.classes):
            st = STYLES[i % len(STYLES)]
            arts += ax.plot(res.t, res.window[:, i], **_line(st),
                            label=f"W(t), {c.n_flows} x {c.policy.label()}, Tp={c.prop_delay:g} s")
        ax.set_ylabel("window (packets)")
        ax.set_title("Fluid model: window of one flow per class")
    ax.set_xlabel("time (s)")
    ax.legend(loc="center right", fontsize="small")
    return arts


def _population(res: Any) -> str:
    parts = [f"{c.n_flows} flows, Tp={c.prop_delay:g} s" for c in res.classes]
    return "; ".join(parts) + f"; C={float(np.min(res.capacity)):g} packets/s"


def _aqm_name(aqm: Any) -> str:
    if isinstance(aqm, RED):
        return (f"RED min_th={aqm.min_th:g}, max_th={aqm.max_th:g}, max_p={aqm.max_p:g}, "
                f"w_q={aqm.w_q:g}")
    return "DropTail" if isinstance(aqm, str) else f"constant p={aqm.p:g}"


def plot_bode(lin: Any, ax: Any = None, *, omega: Any = None) -> list:
    """Draw the Bode diagram of a LinearModel's loop, crossovers and margins marked.

    Parameters
    ----------
    lin : LinearModel
    ax : pair of Axes, optional
        Gain above, phase below.
    omega : array_like, optional
        Frequencies (rad/s); default: three decades either side of the
        crossovers.

    Returns
    -------
    list of Artist

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from aimdmodel.fluid import RED, linearize, operating_point
    >>> lin = linearize(operating_point(60, 3750, 0.2, 175), red=RED(50, 550, 0.1))
    >>> len(plot_bode(lin)) > 2
    True
    """
    m = lin.margins()
    ax_g, ax_p = _axes(ax, 2, (7, 5.5))
    if omega is None:
        omega = np.geomspace(m.phase_crossover / 1e3, m.phase_crossover * 30, 2000)
    resp = lin.loop(omega)
    arts = ax_g.loglog(omega, np.abs(resp), label="|L(jw)|", **_line(STYLES[0]))
    arts.append(ax_g.axhline(1.0, color="0.5", linestyle=":", label="|L| = 1"))
    arts.append(ax_g.axvline(m.phase_crossover, color=STYLES[2]["color"], linestyle="-.",
                             label=f"phase crossover {m.phase_crossover:.3g} rad/s"))
    phase = np.degrees(np.unwrap(np.angle(resp)))
    arts += ax_p.semilogx(omega, phase, label="arg L(jw)", **_line(STYLES[1]))
    arts.append(ax_p.axhline(-180.0, color="0.5", linestyle=":", label="-180 deg"))
    arts.append(ax_p.axvline(m.phase_crossover, color=STYLES[2]["color"], linestyle="-."))
    ax_g.set_ylabel("gain |L(jw)|")
    ax_p.set_ylabel("phase (degrees)")
    ax_p.set_xlabel("frequency w (rad/s)")
    verdict = "stable" if m.stable else "unstable"
    ax_g.set_title(f"RED loop, N={float(lin.point.n_flows):g}: gain margin "
                   f"{float(m.gain_margin):.3g}, phase margin {float(m.phase_margin):.3g} deg "
                   f"({verdict})", fontsize="medium")
    ax_g.legend(fontsize="small")
    ax_p.legend(fontsize="small")
    return arts


def plot_nyquist(lin: Any, ax: Any = None, *, omega: Any = None) -> list:
    """Draw the Nyquist diagram of a LinearModel's loop with -1 and the unit circle.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from aimdmodel.fluid import RED, linearize, operating_point
    >>> lin = linearize(operating_point(60, 3750, 0.2, 175), red=RED(50, 550, 0.1))
    >>> len(plot_nyquist(lin))
    4
    """
    m = lin.margins()
    ax = _axes(ax, 1, (5.5, 5))
    if omega is None:
        omega = np.geomspace(m.phase_crossover / 1e3, m.phase_crossover * 30, 4000)
    z = lin.loop(omega)
    arts = ax.plot(z.real, z.imag, label="L(jw), w > 0", **_line(STYLES[0]))
    arts += ax.plot(z.real, -z.imag, label="L(jw), w < 0", **_line(STYLES[1]))
    t = np.linspace(0, 2 * np.pi, 400)
    arts += ax.plot(np.cos(t), np.sin(t), color="0.6", linestyle=":", label="unit circle")
    arts += ax.plot([-1.0], [0.0], "x", color=STYLES[2]["color"], markersize=10,
                    label="-1")
    lim = max(2.0, 1.2 / float(m.gain_margin))
    ax.set_xlim(-lim, lim)
    ax.set_ylim(-lim, lim)
    ax.set_aspect("equal")
    ax.set_xlabel("Re L(jw)")
    ax.set_ylabel("Im L(jw)")
    ax.set_title(f"Nyquist: -1 is {'not ' if m.stable else ''}encircled "
                 f"(gain margin {float(m.gain_margin):.3g})", fontsize="medium")
    ax.legend(fontsize="small", loc="lower left")
    return arts


_UNITS = {"n_flows": "number of flows N", "capacity": "capacity C (packets/s)",
          "prop_delay": "propagation delay Tp (s)"}


def plot_stability_map(sm: Any, ax: Any = None, *, x: str = "n_flows",
                       y: str = "prop_delay") -> list:
    """Draw the gain margin of a 2-d StabilityMap, with the boundary (margin 1).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import numpy as np
    >>> from aimdmodel.fluid import RED, stability_map
    >>> n, tp = np.meshgrid(np.arange(10, 200, 10), np.linspace(0.05, 0.3, 12))
    >>> sm = stability_map(n, 3750.0, tp, red=RED(50, 550, 0.1, w_q=1e-4))
    >>> len(plot_stability_map(sm)) >= 2
    True
    """
    for name, v in (("x", x), ("y", y)):
        check_choice(name, v, tuple(_UNITS))
    xs, ys = getattr(sm, x), getattr(sm, y)
    if xs.ndim != 2:
        raise ValueError("plot_stability_map needs a 2-d map (e.g. from np.meshgrid)")
    from matplotlib.patches import Patch

    ax = _axes(ax, 1, (6.5, 4.5))
    ax.set_facecolor("0.8")
    gm_db = 20 * np.log10(np.asarray(sm.margins.gain_margin, dtype=float))
    mesh = ax.pcolormesh(xs, ys, gm_db, cmap="RdBu", vmin=-20, vmax=20, shading="auto")
    bar = ax.figure.colorbar(mesh, ax=ax)
    bar.set_label("gain margin (dB); < 0: unstable")
    cs = ax.contour(xs, ys, gm_db, levels=[0.0], colors="k", linestyles="--")
    ax.set_xlabel(_UNITS[x])
    ax.set_ylabel(_UNITS[y])
    ax.legend(handles=[Patch(facecolor="0.8", label="no linear operating point (on RED's "
                                                   "jump or beyond the buffer)"),
                       _proxy_line("k", "--", "stability boundary (margin 1)")],
              fontsize="small", loc="lower right")
    r = sm.red
    ax.set_title(f"Stability of TCP/RED, linearized loop\nRED min_th={r.min_th:g}, "
                 f"max_th={r.max_th:g}, max_p={r.max_p:g}, w_q={r.w_q:g}", fontsize="medium")
    return [mesh, cs]


def _proxy_line(color: str, style: str, label: str) -> Any:
    """Return a legend proxy line (no data)."""
    from matplotlib.lines import Line2D

    return Line2D([], [], color=color, linestyle=style, label=label)
