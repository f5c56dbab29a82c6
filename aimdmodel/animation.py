"""Animations of a run for slides: the phase plane or the sawtooth, step by step.

:func:`animate` turns a :class:`~aimdmodel.Trajectory` into a matplotlib
``FuncAnimation`` that draws the run up to step ``k`` in frame ``k`` (a
frame every few steps for a long run), with the congestion events marked
as they happen. Two flows are shown in the Chiu-Jain phase plane (the
fairness and efficiency lines, the path of the window vector); any other
number of flows as windows against the step. :func:`save_animation` writes
it as a GIF (matplotlib's Pillow writer, nothing else needed), an MP4
(when ``ffmpeg`` is on the PATH) or a self-contained HTML page.

Nothing is simulated here: every frame shows rows of the trajectory.

Examples
--------
>>> frame_steps(60, 4).tolist()   # the last step drawn in each frame
[0, 20, 40, 60]
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import numpy as np

from ._io import atomic_path

__all__ = ["FORMATS", "VIEWS", "animate", "frame_steps", "save_animation"]

VIEWS = ("auto", "phase", "windows")
"""Accepted values of ``animate(..., view=...)``: ``"auto"`` is the phase
plane for two flows and the windows against the step otherwise."""

FORMATS = (".gif", ".mp4", ".html")
"""File suffixes :func:`save_animation` writes."""


def frame_steps(n_steps: int, max_frames: int) -> np.ndarray:
    """Return the last step drawn in each frame: at most ``max_frames``, ending at ``n_steps``.

    Parameters
    ----------
    n_steps : int
        Steps of the run (``T``); the last frame shows steps ``0 .. T``.
    max_frames : int
        Frames at most (at least 2).

    Returns
    -------
    ndarray of int64
        Increasing steps from 0 to ``n_steps``, evenly spaced.

    Raises
    ------
    ValueError
        If ``max_frames < 2`` or ``n_steps < 1``.

    Examples
    --------
    >>> frame_steps(10, 100).tolist()
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    >>> frame_steps(100, 5).tolist()
    [0, 25, 50, 75, 100]
    """
    if isinstance(max_frames, bool) or not isinstance(max_frames, (int, np.integer)):
        raise TypeError(f"max_frames must be an int, got {max_frames!r}")
    if max_frames < 2:
        raise ValueError(f"max_frames must be at least 2, got {max_frames}")
    if n_steps < 1:
        raise ValueError(f"the trajectory must have at least 1 step to animate, got {n_steps}")
    count = min(max_frames, n_steps + 1)
    return np.unique(np.round(np.linspace(0, n_steps, count)).astype(np.int64))


def _check(traj: Any, view: str) -> str:
    if not hasattr(traj, "windows") or not hasattr(traj, "feedback"):
        raise TypeError(f"expected a Trajectory (from aimdmodel.simulate), got "
                        f"{type(traj).__name__}")
    if traj.batched:
        raise ValueError("animate needs one system: pass traj.system(i) of a batched run")
    if traj.record != "all":
        raise ValueError(f"animate needs every step: run simulate with record='all', "
                         f"got record={traj.record!r}")
    if view not in VIEWS:
        raise ValueError(f"view must be one of {', '.join(VIEWS)}, got {view!r}")
    if view == "phase" and traj.n_flows != 2:
        raise ValueError(f"view='phase' needs 2 flows, the trajectory has {traj.n_flows}")
    if view == "auto":
        return "phase" if traj.n_flows == 2 else "windows"
    return view


def _phase_axes(ax: Any, w: np.ndarray, caps: np.ndarray, title: str) -> list:
    top = max(float(caps.max()), float(np.nanmax(w))) * 1.05
    fair = ax.plot([0, top], [0, top], color="0.4", linestyle=":", linewidth=1.2,
                   label="fairness line $x_1 = x_2$")[0]
    eff = ax.plot([caps[0], 0], [0, caps[0]], color="0.4", linestyle="-.", linewidth=1.2,
                  label=f"efficiency line $x_1 + x_2 = W$ ({caps[0]:g})")[0]
    ax.plot(*w[0], linestyle="none", marker="o", markerfacecolor="white", markeredgecolor="k",
            label=f"start ({w[0, 0]:g}, {w[0, 1]:g})")
    ax.set_xlim(0, top)
    ax.set_ylim(0, top)
    ax.set_aspect("equal")
    ax.set_xlabel("window of flow 1, $x_1$ (packets)")
    ax.set_ylabel("window of flow 2, $x_2$ (packets)")
    ax.set_title(title, fontsize=10)
    return [fair, eff]


def _windows_axes(ax: Any, t: np.ndarray, w: np.ndarray, caps: np.ndarray, title: str) -> None:
    ax.plot(t, caps, color="k", linestyle=":", linewidth=1.2, drawstyle="steps-post",
            label="capacity W")
    ax.set_xlim(0, max(int(t[-1]), 1))
    ax.set_ylim(0, max(float(caps.max()), float(np.nanmax(w.sum(axis=1)))) * 1.08)
    ax.set_xlabel("step (RTT)")
    ax.set_ylabel("congestion window (packets)")
    ax.set_title(title, fontsize=10)


def _status(ax: Any, traj: Any, **legend: Any) -> tuple[Any, np.ndarray]:
    ax.legend(**{"loc": "upper right", "fontsize": "x-small", **legend})
    title = ax.get_title()
    text = ax.set_title(title + "\n", fontsize=10)  # the second line counts steps and events
    text.head = title
    return text, np.flatnonzero(np.asarray(traj.feedback) == 0)


def _phase_frames(ax: Any, traj: Any, w: np.ndarray, steps: np.ndarray, title: str) -> Any:
    """Draw the still parts of the phase plane; return the function that draws frame k."""
    _phase_axes(ax, w, np.asarray(traj.capacities, dtype=np.float64), title)
    (path,) = ax.plot([], [], color="k", linewidth=1.2, marker=".", markersize=3,
                      label="path of $(x_1, x_2)$")
    (events,) = ax.plot([], [], linestyle="none", marker="x", color="#D55E00", markersize=7,
                        label="congestion event (feedback 0)")
    (now,) = ax.plot([], [], linestyle="none", marker="o", color="#0072B2", markersize=7,
                     label="windows now")
    status, congested = _status(ax, traj)

    def draw(k: int) -> list:
        end = int(steps[k])
        hit = congested[congested <= end]
        path.set_data(w[: end + 1, 0], w[: end + 1, 1])
        events.set_data(w[hit, 0], w[hit, 1])
        now.set_data(w[end : end + 1, 0], w[end : end + 1, 1])
        status.set_text(f"{status.head}\nstep {end} of {traj.n_steps}, {len(hit)} congestion "
                        "events")
        return [path, events, now, status]

    return draw


def _windows_frames(ax: Any, traj: Any, w: np.ndarray, steps: np.ndarray, title: str) -> Any:
    """Draw the still parts of the windows view; return the function that draws frame k."""
    t = np.asarray(traj.t)
    _windows_axes(ax, t, w, np.asarray(traj.capacities, dtype=np.float64), title)
    styles = ["-", "--", "-.", ":"]
    lines = [ax.plot([], [], linestyle=styles[i % 4], drawstyle="steps-post",
                     label=f"flow {i + 1}")[0] for i in range(w.shape[1])]
    (total,) = ax.plot([], [], color="0.3", linewidth=1.0, drawstyle="steps-post",
                       label="sum of windows")
    (events,) = ax.plot([], [], linestyle="none", marker="v", color="#D55E00",
                        label="congestion event (feedback 0)")
    status, congested = _status(ax, traj, loc="upper left", bbox_to_anchor=(1.01, 1.0))

    def draw(k: int) -> list:
        end = int(steps[k])
        hit = congested[congested <= end]
        for i, line in enumerate(lines):
            line.set_data(t[: end + 1], w[: end + 1, i])
        total.set_data(t[: end + 1], np.nansum(w[: end + 1], axis=1))
        events.set_data(t[hit], np.nansum(w[hit], axis=1))
        status.set_text(f"{status.head}\nstep {end} of {traj.n_steps}, {len(hit)} congestion "
                        "events")
        return [*lines, total, events, status]

    return draw


def animate(
    traj: Any,
    *,
    view: str = "auto",
    max_frames: int = 120,
    interval: int = 80,
    figsize: tuple[float, float] | None = None,
) -> Any:
    """Animate a run: the path in the phase plane, or the windows, step by step.

    Frame ``k`` draws the run up to step ``frame_steps(T, max_frames)[k]``;
    the congestion events so far are marked (red crosses in the phase
    plane, where the window vector was when the bottleneck said 0; red
    ticks on the sum of the windows against the step). The title counts
    the steps and the congestion events.

    Parameters
    ----------
    traj : Trajectory
        One system, ``record="all"`` (every step).
    view : {"auto", "phase", "windows"}
        ``"phase"`` (two flows only) or ``"windows"`` (the sawtooth of every
        flow and their sum); ``"auto"`` picks the phase plane for two flows.
    max_frames : int
        Frames at most (default 120): a longer run is shown every few steps.
    interval : int
        Milliseconds between frames (default 80).
    figsize : pair of float, optional
        Figure size in inches (default 5.2 x 5.2 for the phase plane, 8.5 x 4).

    Returns
    -------
    matplotlib.animation.FuncAnimation
        Save it with :func:`save_animation`; its figure is ``anim._fig``.

    Raises
    ------
    ValueError
        If the trajectory is batched or does not hold every step, or for an
        unknown ``view`` (or ``"phase"`` with other than 2 flows).
    TypeError
        If ``traj`` is not a Trajectory.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from aimdmodel import AIMD, simulate
    >>> anim = animate(simulate(AIMD(), [1, 5, 30], 100, steps=80), max_frames=3,
    ...                figsize=(3, 2))
    >>> type(anim).__name__, anim.frame_steps.tolist()
    ('FuncAnimation', [0, 40, 80])
    >>> html = anim.to_jshtml()  # draws every frame
    """
    import matplotlib.pyplot as plt
    from matplotlib.animation import FuncAnimation

    view = _check(traj, view)
    w = np.asarray(traj.windows, dtype=np.float64)
    w = np.where(np.asarray(traj.active, dtype=bool), w, np.nan)
    steps = frame_steps(traj.n_steps, max_frames)
    title = f"{traj.policy.label()}, congestion {traj.congestion}"
    phase = view == "phase"
    fig, ax = plt.subplots(figsize=figsize or ((5.2, 5.2) if phase else (8.5, 4)))
    draw = (_phase_frames if phase else _windows_frames)(ax, traj, w, steps, title)
    fig.tight_layout()
    anim = FuncAnimation(fig, draw, frames=len(steps), interval=interval, blit=False,
                         repeat=False, cache_frame_data=False)
    anim.frame_steps = steps
    return anim


def _writer(suffix: str, fps: int) -> Any:
    from matplotlib import animation

    if suffix == ".gif":
        return animation.PillowWriter(fps=fps)
    if shutil.which("ffmpeg") is None:
        raise ValueError("an .mp4 needs ffmpeg on the PATH, and there is none; "
                         "write a .gif or an .html instead (or install ffmpeg)")
    return animation.FFMpegWriter(fps=fps)


def save_animation(anim: Any, path: str | os.PathLike, *, fps: int = 12, dpi: int = 80) -> Path:
    """Write an animation to ``path`` atomically: ``.gif``, ``.mp4`` or ``.html``.

    A GIF needs nothing beyond Pillow (matplotlib's writer); an MP4 needs
    ``ffmpeg`` on the PATH (without it: a ValueError that says so); an HTML
    file is self-contained (the frames embedded as images, with play
    controls), to open in any browser.

    Parameters
    ----------
    anim : matplotlib.animation.Animation
        From :func:`animate`.
    path : str or path-like
        Where to write; the suffix chooses the format.
    fps : int
        Frames per second (default 12).
    dpi : int
        Resolution of the frames (default 80).

    Returns
    -------
    Path
        ``path``.

    Raises
    ------
    ValueError
        If the suffix is not one of :data:`FORMATS`, or for an MP4 without
        ffmpeg.

    Examples
    --------
    >>> import matplotlib, tempfile, pathlib
    >>> matplotlib.use("Agg")
    >>> from aimdmodel import AIMD, simulate
    >>> anim = animate(simulate(AIMD(), [10, 70], 100, steps=30), max_frames=3, figsize=(2, 2))
    >>> out = save_animation(anim, pathlib.Path(tempfile.mkdtemp()) / "pp.gif", dpi=40)
    >>> out.read_bytes()[:6]
    b'GIF89a'
    """
    import matplotlib.pyplot as plt

    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"path must end in one of {', '.join(FORMATS)}, got {str(path)!r}")
    if isinstance(fps, bool) or not isinstance(fps, int) or fps < 1:
        raise ValueError(f"fps must be a positive int, got {fps!r}")
    try:
        with atomic_path(path, suffix=suffix) as tmp:
            if suffix == ".html":
                Path(tmp).write_text(anim.to_jshtml(fps=fps, embed_frames=True),
                                     encoding="utf-8")
            else:
                anim.save(str(tmp), writer=_writer(suffix, fps), dpi=dpi)
    finally:
        plt.close(anim._fig)
    return path
