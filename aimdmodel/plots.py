"""Figures. Every function takes ``ax=None``, draws on it and returns its artists."""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["plot_windows"]


def _axes(ax: Any) -> Any:
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(7, 4))
    return ax


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
    steps = np.arange(w.shape[0])
    styles = ["-", "--", "-.", ":"]
    artists: list = []
    for i in range(w.shape[1]):
        (line,) = ax.plot(
            steps,
            w[:, i],
            linestyle=styles[i % len(styles)],
            drawstyle="steps-post",
            label=f"flow {i + 1}",
        )
        artists.append(line)
    if total and w.shape[1] > 1:
        (line,) = ax.plot(
            steps, w.sum(axis=1), color="0.3", linewidth=1.0, drawstyle="steps-post",
            label="sum of windows",
        )
        artists.append(line)
    cap = float(tr.capacity)
    artists.append(
        ax.axhline(cap, color="k", linestyle=":", linewidth=1.2, label=f"capacity W = {cap:g}")
    )
    ax.set_xlabel("step (RTT)")
    ax.set_ylabel("congestion window (packets)")
    ax.set_title(f"{tr.policy!r}, {tr.arithmetic} arithmetic")
    ax.legend(loc="best", fontsize="small")
    return artists
