"""Drawing the results of :mod:`aimdmodel.studies`: drawing only.

Every function takes a result and ``ax=None`` (a new figure when None),
draws one series per variant or policy in :data:`aimdmodel.plots.STYLES`
(colour, line style and marker each, for black-and-white prints), and
returns the artists. Nothing is simulated here.

=========================  ===================================================
``plot_cbr_load``          a metric of each variant against the CBR load
``plot_robustness``        a score of each policy per environment
``plot_flows_sweep``       a metric of each policy against the number of flows
``plot_churn``             goodput or fairness per period, flows joining/leaving
``plot_random_loss``       goodput of each variant against the random loss rate
``plot_low_priority``      goodputs of the two classes in the three runs
=========================  ===================================================
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._validate import check_choice
from ..plots import STYLES

__all__ = [
    "plot_cbr_load",
    "plot_churn",
    "plot_flows_sweep",
    "plot_low_priority",
    "plot_random_loss",
    "plot_robustness",
]

_UNITS = {
    "throughput": ("throughput (Mb/s)", 1e-6),
    "goodput": ("goodput (Mb/s)", 1e-6),
    "latency": ("latency: mean RTT (ms)", 1e3),
    "queueing_delay": ("queueing delay (ms)", 1e3),
    "drop_rate": ("drop rate (%)", 100.0),
    "link_drop_rate": ("drop rate of all packets (%)", 100.0),
    "loss_rate": ("loss rate (%)", 100.0),
    "timeouts": ("timeouts per run", 1.0),
    "fast_retransmits": ("fast retransmits per run", 1.0),
    "utilization": ("utilization", 1.0),
    "jain": ("Jain's index", 1.0),
    "transfer_time": ("mean transfer time (s)", 1.0),
    "transfer_time_max": ("last transfer's time (s)", 1.0),
    "unfinished": ("unfinished transfers", 1.0),
}


def _check_metric(data: Any, metric: str, names: tuple[str, ...]) -> None:
    check_choice("metric", metric, names)
    if not hasattr(data, metric):
        raise TypeError(f"data has no {metric!r}: pass the result this plot draws")


def _axes(ax: Any) -> Any:
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(7, 4))
    return ax


def _series(ax: Any, x: Any, rows: Any, labels: Any, scale: float, sem: Any = None) -> list:
    """Draw one line a row; with ``sem``, a band of two standard errors around each mean.

    Lines closer than two standard errors (or 0.1% of the value) at every
    point are said to coincide, in a note on the axes.
    """
    out = []
    values = np.asarray(rows, dtype=float) * scale
    errs = None if sem is None else np.asarray(sem, dtype=float) * scale
    for i, (row, label) in enumerate(zip(values, labels, strict=True)):
        (line,) = ax.plot(x, row, label=label, **STYLES[i % len(STYLES)])
        if errs is not None and np.isfinite(errs[i]).any():
            ax.fill_between(x, row - 2 * errs[i], row + 2 * errs[i], color=line.get_color(),
                            alpha=0.15, linewidth=0)
        out.append(line)
    if len(values) > 1 and np.isfinite(values).all():
        spread = np.ptp(values, axis=0)
        tol = np.maximum(1e-3 * np.abs(values).max(axis=0),
                         0 if errs is None else 2 * np.nan_to_num(errs).max(axis=0))
        if (spread <= tol).all():
            ax.text(0.98, 0.04, "the lines coincide" + (" within the noise (bands: 2 "
                                                          "standard errors)" if errs is not None
                                                          else ""), ha="right",
                    transform=ax.transAxes, fontsize="small", color="0.3")
    ax.legend(loc="best", fontsize="small")
    return out


def _percent_of_link(ax: Any, data: Any, metric: str) -> None:
    """Add a right-hand axis in % of the link rate beside a rate in Mb/s (the tables' unit)."""
    rate = getattr(data, "setup", {}).get("link_rate")
    if metric in ("goodput", "throughput") and rate:
        ax.secondary_yaxis("right", functions=(lambda v: v * 1e8 / rate,
                                               lambda p: p * rate / 1e8)
                           ).set_ylabel("% of the link")


def plot_cbr_load(data: Any, ax: Any = None, *, metric: str = "throughput") -> list:
    """Draw one metric of each variant against the CBR load (as in Bazi & Nassereddine 2019).

    Parameters
    ----------
    data : CBRLoadData
    ax : matplotlib Axes, optional
    metric : str
        One of ``throughput``, ``latency``, ``queueing_delay``, ``drop_rate``,
        ``link_drop_rate``, ``timeouts``, ``fast_retransmits``.

    Returns
    -------
    list of Line2D, one per variant

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel.studies import cbr_load
    >>> d = cbr_load(("reno",), [2e6, 8e6], duration=10.0, warmup=2.0)
    >>> plot_cbr_load(d, Figure().subplots())[0].get_label()
    'reno'
    """
    _check_metric(data, metric, ("throughput", "latency", "queueing_delay", "drop_rate",
                                  "link_drop_rate", "timeouts", "fast_retransmits"))
    ax = _axes(ax)
    ylabel, scale = _UNITS[metric]
    out = _series(ax, data.cbr_rates / 1e6, getattr(data, metric), data.variants, scale)
    ax.set_xlabel("CBR load (Mb/s)")
    ax.set_ylabel(ylabel)
    ax.set_title(f"{ylabel} against the CBR load, {data.link_rate / 1e6:g} Mb/s link")
    return out


def plot_robustness(data: Any, ax: Any = None, *, setting: int = 0,
                    metric: str = "goodput") -> list:
    """Draw one score of each policy per environment (one setting).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.studies import robustness_grid
    >>> g = robustness_grid([AIMD()], environments=("CL", "SQH"), duration=10.0, warmup=2.0,
    ...                     settings=(("reno", "droptail"),))
    >>> plot_robustness(g, Figure().subplots())[0].get_label()
    'AIMD(a=1, b=1/2)'
    """
    _check_metric(data, metric, ("goodput", "loss", "delay", "fairness"))
    ax = _axes(ax)
    x = np.arange(len(data.environments))
    units = {"goodput": "goodput (share of the available bandwidth)", "loss": "loss (%)",
             "delay": "queueing delay (ms)", "fairness": "(g_max - g_min)/g_avg"}
    out = _series(ax, x, getattr(data, metric)[setting], data.policies, 1.0)
    ax.set_xticks(x, data.environments)
    ax.set_xlabel("environment")
    ax.set_ylabel(units[metric])
    ax.set_title(f"{units[metric]}, {data.setting_names[setting]}")
    return out


def plot_flows_sweep(data: Any, ax: Any = None, *, metric: str = "utilization") -> list:
    """Draw one metric of each policy against the number of flows.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.studies import flows_sweep
    >>> d = flows_sweep([AIMD()], (2, 4), link_rate=10e6, duration=10.0)
    >>> plot_flows_sweep(d, Figure().subplots(), metric="goodput")[0].get_label()
    'AIMD(a=1, b=1/2)'
    """
    _check_metric(data, metric, ("goodput", "utilization", "jain", "queueing_delay",
                                  "loss_rate", "transfer_time", "transfer_time_max",
                                  "unfinished", "timeouts"))
    ax = _axes(ax)
    ylabel, scale = _UNITS[metric]
    out = _series(ax, data.flow_counts, getattr(data, metric), data.policies, scale,
                  (getattr(data, "sem", None) or {}).get(metric))
    _percent_of_link(ax, data, metric)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("number of flows")
    ax.set_ylabel(ylabel)
    ax.set_title(f"{ylabel} against the number of flows")
    return out


def plot_churn(data: Any, ax: Any = None, *, metric: str = "goodput") -> list:
    """Draw goodput, utilization or Jain's index per period (as in Lahanas & Tsaoussidis 2003).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.studies import churn
    >>> c = churn([AIMD()], groups=2, group_size=1, period=4.0, link_rate=5e6)
    >>> len(plot_churn(c, Figure().subplots(), metric="jain"))
    1
    """
    _check_metric(data, metric, ("goodput", "utilization", "jain"))
    ax = _axes(ax)
    ylabel, scale = _UNITS[metric]
    out = _series(ax, data.t, getattr(data, metric), data.policies, scale,
                  (getattr(data, "sem", None) or {}).get(metric))
    _percent_of_link(ax, data, metric)
    moving = "joining" if data.mode == "join" else "leaving"
    ax.set_xlabel(f"start of the period (s); flows {moving}")
    ax.set_ylabel(ylabel)
    ax.set_title(f"{ylabel} per period, active flows {', '.join(map(str, data.active))}")
    return out


def plot_random_loss(data: Any, ax: Any = None) -> list:
    """Draw each variant's goodput against the random loss rate (log scale).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel.studies import random_loss
    >>> d = random_loss(("reno",), [0.001, 0.01], duration=10.0, warmup=2.0)
    >>> plot_random_loss(d, Figure().subplots())[0].get_label()
    'reno'
    """
    ax = _axes(ax)
    out = _series(ax, data.loss_rates * 100, data.goodput, data.variants, 1e-6)
    if (data.loss_rates > 0).all():
        ax.set_xscale("log")
    ax.set_xlabel("random loss rate p (%)")
    ax.set_ylabel("goodput (Mb/s)")
    ax.set_title(f"goodput under random loss, {data.link_rate / 1e6:g} Mb/s link")
    return out


def plot_low_priority(data: Any, ax: Any = None) -> list:
    """Draw the two classes' total goodputs in the three runs as bars.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aimdmodel.studies import low_priority
    >>> d = low_priority(n_primary=1, n_low=1, duration=10.0, warmup=2.0)
    >>> [b.get_label() for b in plot_low_priority(d, Figure().subplots())]
    ['newreno', 'lp']
    """
    ax = _axes(ax)
    x = np.arange(3)
    best = [data.primary_alone.sum(), data.primary_shared.sum(), 0.0]
    lows = [0.0, data.low_shared.sum(), data.low_alone.sum()]
    b1 = ax.bar(x - 0.2, np.array(best) / 1e6, width=0.4, label=data.primary,
                color=STYLES[0]["color"])
    b2 = ax.bar(x + 0.2, np.array(lows) / 1e6, width=0.4, label=data.low,
                color=STYLES[1]["color"], hatch="//")
    ax.set_xticks(x, ["best-effort alone", "both classes", "low-priority alone"])
    ax.set_ylabel("goodput (Mb/s)")
    ax.set_title("best-effort and low-priority flows")
    ax.legend(loc="best", fontsize="small")
    return [b1, b2]
