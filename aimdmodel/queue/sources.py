"""The traffic sources of a run: the scenario's flows, Pareto cross flows, CBR sources.

The queue model runs every packet source through the bottleneck the same
way; this module lists them, one table per replication:

* the scenario's TCP flows, in their order (the ones the result reports
  flow by flow);
* Reddy et al.'s realistic cross traffic (:class:`~aimdmodel.scenario.ParetoCross`):
  flows arriving as a Poisson process of mean inter-arrival ``m`` (or
  alternating between two means every ``period`` seconds: RSQ), each a TCP
  flow of a Pareto number of bytes (shape ``alpha``, mean ``mean_size``;
  ``x_m = mean (alpha - 1)/alpha``), running ``QueueOptions.cross_variant``
  (Reddy et al. Sec. 3.3: TCP-SACK with AIMD) with AIMD(1, 1/2) and the base
  RTT ``QueueOptions.cross_rtt`` (not printed; default the mean base RTT of
  the scenario's flows). Each replication draws its own arrivals;
* CBR (UDP) sources at a constant rate between their start and stop.

What is left out of Reddy et al.'s set-up (Fig. 3b): the place-holder flows,
the DRR router before the bottleneck and the RIO priority that keeps the
cross traffic at its fair share: here the cross flows share the
bottleneck's discipline with the test flows as ordinary flows. RIO is out
of scope: its two RED curves exist to give the marked (cross) packets
priority, a role the model gives nobody.

Examples
--------
>>> import numpy as np
>>> from aimdmodel.scenario import ParetoCross
>>> starts, sizes = pareto_arrivals(ParetoCross(mean_interarrival=0.03), duration=60.0,
...                                 rng=np.random.default_rng(1), packet_size=1500)
>>> 1700 < starts.size < 2300, bool(sizes.min() >= 1)
(True, True)
"""

from __future__ import annotations

import math

import numpy as np

from ..environments import get_environment
from ..scenario import ParetoCross

__all__ = ["MAX_CROSS_FLOWS", "environment_cross", "pareto_arrivals"]

MAX_CROSS_FLOWS = 200_000
"""Refuse cross traffic that would create more flows than this in one replication."""


def _mean_at(cross: ParetoCross, t: float) -> float:
    means = np.atleast_1d(np.asarray(cross.mean_interarrival, dtype=float))
    if means.size == 1:
        return float(means[0])
    return float(means[int(t // cross.period) % means.size])


def pareto_arrivals(
    cross: ParetoCross, *, duration: float, rng: np.random.Generator, packet_size: int
) -> tuple[np.ndarray, np.ndarray]:
    """Draw the arrival times and sizes (whole packets) of one replication's cross flows.

    An alternating mean changes the rate of the Poisson process at every
    ``period`` boundary; an exponential gap that crosses a boundary is
    redrawn from the boundary with the new mean (the process is memoryless).

    Parameters
    ----------
    cross : ParetoCross
        The cross traffic.
    duration : float
        Seconds to cover.
    rng : numpy.random.Generator
        The replication's generator.
    packet_size : int
        Bytes per packet; a flow of ``s`` bytes is ``ceil(s / packet_size)``
        packets.

    Returns
    -------
    starts, sizes : ndarray
        Arrival times (s, increasing) and sizes (packets, int64).

    Raises
    ------
    ValueError
        If more than :data:`MAX_CROSS_FLOWS` flows would arrive.

    Examples
    --------
    >>> rsq = ParetoCross(mean_interarrival=(0.03, 0.01), period=5.0)
    >>> s, _ = pareto_arrivals(rsq, duration=20.0, rng=np.random.default_rng(0), packet_size=1500)
    >>> n_low = ((s < 5) | ((s >= 10) & (s < 15))).sum()
    >>> bool(n_low < (s.size - n_low))  # fewer arrivals in the 0.03 s halves
    True
    """
    times = []
    t = 0.0
    while True:
        m = _mean_at(cross, t)
        gap = rng.exponential(m)
        edge = (math.floor(t / cross.period) + 1) * cross.period
        multi = np.atleast_1d(cross.mean_interarrival).size > 1
        if multi and t + gap >= edge:
            t = edge
            continue
        t += gap
        if t >= duration:
            break
        times.append(t)
        if len(times) > MAX_CROSS_FLOWS:
            raise ValueError(
                f"cross: mean_interarrival={cross.mean_interarrival!r} over duration="
                f"{duration} gives more than {MAX_CROSS_FLOWS} cross flows; shorten the run"
            )
    alpha = cross.shape
    xm = cross.mean_size * (alpha - 1) / alpha
    u = rng.random(len(times))
    nbytes = xm / (1.0 - u) ** (1.0 / alpha)
    sizes = np.maximum(np.ceil(nbytes / packet_size), 1).astype(np.int64)
    return np.asarray(times, dtype=float), sizes


def environment_cross(name: str | int, **params: float) -> ParetoCross:
    """Return Reddy et al.'s cross-traffic environment 11-13 (RCL, RCH, RSQ) as a ParetoCross.

    The mean inter-arrival times and RSQ's 5 s period are the printed ones
    (:data:`aimdmodel.environments.ENVIRONMENTS`); the flow sizes (mean,
    Pareto shape) are not printed: :class:`~aimdmodel.scenario.ParetoCross`'s
    defaults, or ``params``.

    Raises
    ------
    ValueError
        For an environment that is not cross traffic (1-10 are capacity
        patterns: :func:`aimdmodel.environments.capacity_trace`).

    Examples
    --------
    >>> environment_cross("RSQ").mean_interarrival, environment_cross(12).mean_interarrival
    ((0.03, 0.01), 0.01)
    """
    env = get_environment(name)
    if env.kind != "cross traffic":
        raise ValueError(f"name must be a cross-traffic environment (11 RCL, 12 RCH, 13 RSQ), "
                         f"got {env.number} {env.short} ({env.kind})")
    means = env.mean_interarrival
    mean = means[0] if len(means) == 1 else tuple(means)
    extra = {"period": env.interval} if env.interval is not None else {}
    return ParetoCross(mean_interarrival=mean, **{**extra, **params})
