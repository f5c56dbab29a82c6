"""TCP variants against a constant-bit-rate load (the set-up of Bazi & Nassereddine 2019).

One TCP flow of each variant shares a bottleneck with one CBR (UDP)
source whose rate goes through a grid of loads; for every (variant, load)
the run reports the flow's throughput, its latency (mean RTT, what the
paper's ``sum(AckTime - SentTime)`` measures), the queueing delay and the
drop rate. Everything the paper does not print is a keyword argument
(:mod:`papers.setups` passes the values chosen for Bazi & Nassereddine 2019 and says why).

What this leaves out of Bazi & Nassereddine 2019's set-up: the 802.11s mesh (its MAC,
radio and multi-hop routing) becomes one wired bottleneck of the printed
10 Mb/s; the queue model's own omissions are listed in
:mod:`aimdmodel.queue.model`.

Examples
--------
>>> d = cbr_load(("newreno", "vegas"), [2e6, 9e6], duration=20.0, warmup=5.0)
>>> d.throughput.shape, bool(d.throughput[0, 0] > d.throughput[0, 1])
((2, 2), True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._validate import check_count, check_positive_number
from ..queue import QueueOptions, QueueResult, get_variant
from ..queue import metrics as qm
from ..scenario import CBR, Flow, Link, Scenario
from ._runs import Task, collect, run_tasks

__all__ = ["CBRLoadData", "cbr_load"]

CBR_METRICS = ("throughput", "latency", "queueing_delay", "drop_rate", "link_drop_rate",
               "timeouts", "fast_retransmits")
"""The per-(variant, load) arrays of :class:`CBRLoadData`."""


@dataclass(frozen=True)
class CBRLoadData:
    """Each variant's throughput, latency and drop rate against the CBR load.

    Attributes
    ----------
    variants : tuple of str
        The TCP variants, one row each.
    cbr_rates : ndarray, shape (L,)
        The CBR loads, bit/s.
    link_rate : float
        The bottleneck's rate, bit/s.
    throughput : ndarray, shape (V, L)
        The TCP flow's delivered bits per second after the warm-up (mean of
        the replications).
    latency : ndarray, shape (V, L)
        Its mean RTT in seconds (base RTT plus queueing).
    queueing_delay : ndarray, shape (V, L)
        The bottleneck's time-mean queueing delay, seconds.
    drop_rate : ndarray, shape (V, L)
        The TCP flow's lost over sent packets.
    link_drop_rate : ndarray, shape (V, L)
        All packets lost at the bottleneck (TCP and CBR) over all sent.
    timeouts, fast_retransmits : ndarray, shape (V, L)
        Retransmission timeouts and fast retransmits of the TCP flow per run.
    replications : int
    setup : dict
        The parameters of the runs (for the record).
    sem : dict
        The standard error of each metric's mean over the replications (NaN
        with one replication), by metric name.

    Examples
    --------
    >>> d = cbr_load(("reno",), [5e6], duration=10.0, warmup=2.0)
    >>> d.throughput.shape, d.setup["buffer"]
    ((1, 1), 50)
    """

    variants: tuple[str, ...]
    cbr_rates: np.ndarray
    link_rate: float
    throughput: np.ndarray
    latency: np.ndarray
    queueing_delay: np.ndarray
    drop_rate: np.ndarray
    link_drop_rate: np.ndarray
    timeouts: np.ndarray
    fast_retransmits: np.ndarray
    replications: int = 1
    setup: Mapping[str, Any] = field(default_factory=dict)
    sem: Mapping[str, np.ndarray] = field(default_factory=dict)

    def leftover_share(self) -> np.ndarray:
        """Return the throughput over what the CBR leaves, ``link - cbr`` (NaN: nothing left).

        Examples
        --------
        >>> d = cbr_load(("sack",), [4e6], link_rate=10e6, duration=20.0, warmup=5.0)
        >>> bool(0.8 < d.leftover_share()[0, 0] <= 1.01)
        True
        """
        left = self.link_rate - self.cbr_rates
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(left > 0, self.throughput / np.where(left > 0, left, 1.0), np.nan)

    def plot(self, ax: Any = None, *, metric: str = "throughput") -> list:
        """Draw one metric against the load with :func:`aimdmodel.studies.plots.plot_cbr_load`.

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> d = cbr_load(("reno", "vegas"), [2e6, 6e6], duration=10.0, warmup=2.0)
        >>> len(d.plot(Figure().subplots(), metric="drop_rate"))
        2
        """
        from .plots import plot_cbr_load

        return plot_cbr_load(self, ax, metric=metric)


def _measure(res: QueueResult) -> dict[str, Any]:
    """Each metric per replication, shape (R,)."""
    sent = res.sent.sum(axis=(1, 2)) + res.cross_sent.sum(axis=1)
    lost = res.lost.sum(axis=(1, 2)) + res.cross_lost.sum(axis=1)
    return {
        "throughput": qm.throughput(res)[:, 0],
        "latency": qm.mean_rtt(res)[:, 0],
        "queueing_delay": qm.queueing_delay(res),
        "drop_rate": qm.loss_rate(res)[:, 0],
        "link_drop_rate": lost / np.maximum(sent, 1),
        "timeouts": res.timeouts[:, 0],
        "fast_retransmits": res.fast_retransmits[:, 0],
    }


def cbr_load(variants: Sequence[str], cbr_rates: Sequence[float], *, link_rate: float = 10e6,
             base_rtt: float = 0.1, buffer: int = 50, packet_size: int = 1000,
             rwnd: int | None = None, duration: float = 100.0, warmup: float = 10.0,
             replications: int = 1, seed: int = 0, tick: float | None = None,
             workers: int = 1, progress: bool = False,
             fidelity: str = "round") -> CBRLoadData:
    """Run one TCP flow of each variant against each CBR load on one bottleneck.

    Parameters
    ----------
    variants : sequence of str
        Queue-model variants (:data:`aimdmodel.queue.VARIANTS`).
    cbr_rates : sequence of float
        CBR loads in bit/s (``> 0``), running the whole time.
    link_rate : float
        Bottleneck rate, bit/s (default 10 Mb/s).
    base_rtt : float
        The TCP flow's round-trip propagation delay, s.
    buffer : int
        DropTail buffer, packets.
    packet_size : int
        Bytes per packet (TCP and CBR).
    rwnd : int, optional
        The receiver's window in packets (None: no limit).
    duration, warmup : float
        Seconds simulated, and discarded by the metrics.
    replications : int
        Independent runs per (variant, load), averaged.
    seed : int
        Seed of the runs (the same for every variant: common random numbers).
    tick : float, optional
        The round mode's time step (default: base RTT / 10; the packet-level
        mode has none).
    workers : int
        Processes to use.
    progress : bool
        Show a progress bar.
    fidelity : {"round", "packet"}
        The queue model's mode (:func:`aimdmodel.queue.run`); ``"packet"``
        raises ``ValueError`` on a set-up the packet-level mode leaves out.

    Returns
    -------
    CBRLoadData

    Examples
    --------
    >>> d = cbr_load(("tahoe",), [1e6, 11e6], duration=20.0, warmup=5.0)
    >>> bool(d.drop_rate[0, 1] > d.drop_rate[0, 0])  # the CBR alone overloads the link
    True
    """
    variants = tuple(get_variant(v).name for v in variants)
    rates = np.asarray([float(r) for r in cbr_rates], dtype=float)
    for name, v in (("link_rate", link_rate), ("base_rtt", base_rtt), ("duration", duration)):
        check_positive_number(name, v)
    replications = check_count("replications", replications, minimum=1, optional=False)
    opts = QueueOptions(tick=tick)
    link = Link(rate=link_rate, buffer=buffer)
    tasks = []
    for v in variants:
        for j, r in enumerate(rates):
            sc = Scenario(flows=(Flow(variant=v, base_rtt=base_rtt, rwnd=rwnd),), link=link,
                          cross=(CBR(rate=r),), duration=duration, warmup=warmup,
                          packet_size=packet_size, seed=seed)
            tasks.append(Task((v, j), sc, _measure, replications, opts, fidelity))
    out = run_tasks(tasks, workers=workers, progress=progress, desc="cbr load")
    keys = [(v, j) for v in variants for j in range(rates.size)]
    got = {m: collect(out, keys, (len(variants), rates.size), m) for m in CBR_METRICS}
    step = tick if tick is not None else base_rtt / 10
    setup = {"link_rate": float(link_rate), "base_rtt": base_rtt, "buffer": buffer,
             "packet_size": packet_size, "rwnd": rwnd, "duration": duration, "warmup": warmup,
             "seed": seed, "tick": None if fidelity == "packet" else step}
    return CBRLoadData(variants, rates, float(link_rate), replications=replications,
                       setup=setup, sem={m: v[1] for m, v in got.items()},
                       **{m: v[0] for m, v in got.items()})
