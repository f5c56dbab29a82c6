"""Drawing a queue-model result: windows of the flows and the queue, drawing only.

The functions take a :class:`~aimdmodel.queue.QueueResult` (or anything
with its fields) and ``ax=None``, draw, and return their artists, as
:mod:`aimdmodel.plots` does; :meth:`QueueResult.plot` hands off to
:func:`plot_run`.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from aimdmodel.queue import run
>>> from aimdmodel.scenario import Flow, Scenario
>>> len(plot_run(run(Scenario(flows=(Flow(), Flow()), duration=5.0))))
3
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..plots import STYLES

__all__ = ["plot_run"]


def _axes(ax: Any) -> Any:
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(7, 4))
    return ax


def plot_run(res: Any, ax: Any = None, *, replication: int = 0, queue: bool = True) -> list:
    """Draw each flow's congestion window against time, and the queue length.

    Parameters
    ----------
    res : QueueResult
        The run to draw.
    ax : matplotlib Axes, optional
        Where to draw (a new figure when None).
    replication : int
        Which replication to draw.
    queue : bool
        Also draw the mean queue (packets) of each sample (default True).

    Returns
    -------
    list of matplotlib artists
        One line per flow, then the queue's line.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from aimdmodel.queue import run
    >>> from aimdmodel.scenario import Flow, Scenario
    >>> lines = plot_run(run(Scenario(flows=(Flow(),), duration=5.0)), queue=False)
    >>> lines[0].get_label()
    'flow 0 (newreno)'
    """
    if not 0 <= replication < res.n_replications:
        raise ValueError(f"replication must be in 0..{res.n_replications - 1}, got {replication}")
    ax = _axes(ax)
    t = np.asarray(res.t) + res.interval
    artists = []
    cwnd = res.cwnd if res.cwnd is not None else np.full(res.sent.shape, np.nan)
    for i, fl in enumerate(res.scenario.flows):
        style = dict(STYLES[i % len(STYLES)], marker=None)
        (line,) = ax.plot(t, cwnd[replication, :, i], label=f"flow {i} ({fl.variant})", **style)
        artists.append(line)
    if queue:
        (line,) = ax.plot(t, res.queue[replication], color="#7f7f7f", linestyle=":",
                          label="queue")
        artists.append(line)
    ax.set_xlabel("time (s)")
    ax.set_ylabel("packets")
    ax.set_title(f"{res.model} model: windows and queue (replication {replication})")
    ax.legend(loc="upper right", fontsize="small")
    return artists
