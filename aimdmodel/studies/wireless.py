"""Random (non-congestion) loss and a low-priority class: the claims Mehta & Dahiya cite.

Mehta & Dahiya measure TCP-LP, Westwood and Veno in MANETs
(outside every model here: 802.11, routing, mobility) and cites three
claims about them that a bottleneck with random loss and two classes of
flows can decide:

* :func:`random_loss`: one flow of each variant through a bottleneck whose
  packets are lost independently with probability ``p`` (wireless-style,
  before the queue), for a grid of ``p``: goodput and utilization (Westwood
  under sporadic loss; Veno's decrease on random losses);
* :func:`low_priority`: ``n`` best-effort flows alone, the same with ``m``
  low-priority flows (TCP-LP) beside them, and the ``m`` alone: the
  best-effort flows' goodput with and without the others, the share the
  low-priority flows take, and their fairness among themselves.

Examples
--------
>>> d = random_loss(("newreno", "westwood"), [0.0, 0.01], duration=30.0, warmup=5.0)
>>> d.goodput.shape, bool(d.goodput[1, 1] > d.goodput[0, 1])
((2, 2), True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._validate import check_count, check_positive_number
from ..metrics import jain_index
from ..queue import QueueOptions, QueueResult, get_variant
from ..queue import metrics as qm
from ..scenario import Flow, Link, Scenario, bdp_packets
from ._runs import Task, collect, run_tasks, stats

__all__ = ["LowPriorityData", "RandomLossData", "low_priority", "random_loss"]


@dataclass(frozen=True)
class RandomLossData:
    """Each variant's goodput against the random loss rate.

    Attributes
    ----------
    variants : tuple of str
    loss_rates : ndarray, shape (L,)
        The random loss probabilities ``p``.
    link_rate : float
        bit/s.
    goodput : ndarray, shape (V, L)
        The flow's unique bits per second after the warm-up.
    utilization : ndarray, shape (V, L)
    loss_rate : ndarray, shape (V, L)
        Its measured loss rate (random and congestion losses).
    timeouts : ndarray, shape (V, L)
    replications : int
    setup : dict
    sem : dict
        Standard errors of the means over the replications, by metric name.

    Examples
    --------
    >>> d = random_loss(("reno",), [0.001], duration=20.0, warmup=5.0)
    >>> d.loss_rates.tolist(), d.setup["buffer"]
    ([0.001], 83)
    """

    variants: tuple[str, ...]
    loss_rates: np.ndarray
    link_rate: float
    goodput: np.ndarray
    utilization: np.ndarray
    loss_rate: np.ndarray
    timeouts: np.ndarray
    replications: int = 1
    setup: Mapping[str, Any] = field(default_factory=dict)
    sem: Mapping[str, np.ndarray] = field(default_factory=dict)

    def plot(self, ax: Any = None) -> list:
        """Draw goodput against ``p`` (:func:`aimdmodel.studies.plots.plot_random_loss`).

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> d = random_loss(("reno", "veno"), [0.001, 0.01], duration=10.0, warmup=2.0)
        >>> len(d.plot(Figure().subplots()))
        2
        """
        from .plots import plot_random_loss

        return plot_random_loss(self, ax)


def _measure_loss(res: QueueResult) -> dict[str, np.ndarray]:
    """Each metric per replication, shape (R,)."""
    return {"goodput": qm.goodput(res)[:, 0], "utilization": qm.utilization(res),
            "loss_rate": qm.loss_rate(res)[:, 0], "timeouts": res.timeouts[:, 0]}


def random_loss(variants: Sequence[str], loss_rates: Sequence[float], *,
                link_rate: float = 10e6, base_rtt: float = 0.1, buffer: int | None = None,
                packet_size: int = 1500, duration: float = 100.0, warmup: float = 10.0,
                replications: int = 1, seed: int = 0, tick: float | None = None,
                workers: int = 1, progress: bool = False,
                fidelity: str = "round") -> RandomLossData:
    """Run one flow of each variant through a DropTail bottleneck with random loss ``p``.

    Parameters
    ----------
    variants : sequence of str
        Queue-model variants.
    loss_rates : sequence of float
        Random loss probabilities, each in ``[0, 1)``.
    link_rate, base_rtt : float
        bit/s and s.
    buffer : int, optional
        DropTail buffer in packets (default: one bandwidth-delay product).
    packet_size : int
    duration, warmup : float
    replications, seed, tick, workers, progress, fidelity
        As in :func:`aimdmodel.studies.cbr.cbr_load`.

    Returns
    -------
    RandomLossData

    Examples
    --------
    >>> d = random_loss(("reno",), [0.0, 0.05], duration=30.0, warmup=5.0)
    >>> bool(d.goodput[0, 1] < 0.5 * d.goodput[0, 0])
    True
    """
    variants = tuple(get_variant(v).name for v in variants)
    ps = np.asarray([float(p) for p in loss_rates], dtype=float)
    for name, v in (("link_rate", link_rate), ("base_rtt", base_rtt), ("duration", duration)):
        check_positive_number(name, v)
    buf = round(bdp_packets(link_rate, base_rtt, packet_size)) if buffer is None else buffer
    opts = QueueOptions(tick=tick)
    tasks = []
    for v in variants:
        for j, p in enumerate(ps):
            sc = Scenario(flows=(Flow(variant=v, base_rtt=base_rtt),),
                          link=Link(rate=link_rate, buffer=buf, random_loss=p),
                          duration=duration, warmup=warmup, packet_size=packet_size, seed=seed)
            tasks.append(Task((v, j), sc, _measure_loss, replications, opts, fidelity))
    out = run_tasks(tasks, workers=workers, progress=progress, desc="random loss")
    keys = [(v, j) for v in variants for j in range(ps.size)]
    got = {m: collect(out, keys, (len(variants), ps.size), m)
           for m in ("goodput", "utilization", "loss_rate", "timeouts")}
    setup = {"link_rate": float(link_rate), "base_rtt": base_rtt, "buffer": buf,
             "packet_size": packet_size, "duration": duration, "warmup": warmup, "seed": seed,
             "tick": tick}
    return RandomLossData(variants, ps, float(link_rate), replications=replications,
                          setup=setup, sem={m: v[1] for m, v in got.items()},
                          **{m: v[0] for m, v in got.items()})


@dataclass(frozen=True)
class LowPriorityData:
    """Best-effort flows with and without low-priority flows beside them.

    Attributes
    ----------
    primary, low : str
        The two classes' variants.
    primary_alone, primary_shared : ndarray, shape (n,)
        Each best-effort flow's goodput (bit/s) alone and with the
        low-priority flows.
    low_shared, low_alone : ndarray, shape (m,)
        Each low-priority flow's goodput with the best-effort flows and alone.
    utilization : dict
        The link's utilization in the three runs (``"primary alone"``,
        ``"shared"``, ``"low alone"``).
    link_rate : float
    replications : int
    setup : dict

    Examples
    --------
    >>> d = low_priority(n_primary=1, n_low=1, duration=20.0, warmup=5.0)
    >>> sorted(d.utilization)
    ['low alone', 'primary alone', 'shared']
    """

    primary: str
    low: str
    primary_alone: np.ndarray
    primary_shared: np.ndarray
    low_shared: np.ndarray
    low_alone: np.ndarray
    utilization: Mapping[str, float]
    link_rate: float
    replications: int = 1
    setup: Mapping[str, Any] = field(default_factory=dict)

    @property
    def primary_ratio(self) -> float:
        """The best-effort flows' goodput with the low-priority ones over alone.

        Examples
        --------
        >>> d = low_priority(n_primary=1, n_low=1, primary_rwnd=10, duration=10.0, warmup=2.0)
        >>> 0.8 < d.primary_ratio <= 1.05, 0 <= d.excess_taken <= 1.05, d.jain_low() == 1.0
        (True, True, True)
        """
        return float(self.primary_shared.sum() / self.primary_alone.sum())

    @property
    def excess_taken(self) -> float:
        """The low-priority goodput over the bandwidth the best-effort flows leave alone.

        See :attr:`primary_ratio` for an example.
        """
        return float(self.low_shared.sum() / (self.link_rate - self.primary_alone.sum()))

    def jain_low(self, shared: bool = True) -> float:
        """Return Jain's index of the low-priority flows' goodputs (with the others, or alone).

        See :attr:`primary_ratio` for an example.
        """
        g = self.low_shared if shared else self.low_alone
        return float(jain_index(g))

    def plot(self, ax: Any = None) -> list:
        """Draw the three runs' goodputs (:func:`aimdmodel.studies.plots.plot_low_priority`).

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> d = low_priority(n_primary=1, n_low=1, duration=10.0, warmup=2.0)
        >>> len(d.plot(Figure().subplots()))
        2
        """
        from .plots import plot_low_priority

        return plot_low_priority(self, ax)


def _measure_flows(res: QueueResult) -> dict[str, Any]:
    return {"goodput": qm.goodput(res), "utilization": qm.utilization(res)}


def low_priority(*, primary: str = "newreno", low: str = "lp", n_primary: int = 2,
                 n_low: int = 2, primary_rwnd: int | None = None, link_rate: float = 10e6,
                 base_rtt: float = 0.1, buffer: int | None = None, packet_size: int = 1500,
                 duration: float = 100.0, warmup: float = 10.0, replications: int = 1,
                 seed: int = 0, tick: float | None = None,
                 fidelity: str = "round") -> LowPriorityData:
    """Run best-effort flows alone, with low-priority flows, and the low-priority ones alone.

    Parameters
    ----------
    primary, low : str
        Variants of the best-effort and the low-priority flows.
    n_primary, n_low : int
        Numbers of flows of each class.
    primary_rwnd : int, optional
        The best-effort flows' receiver window (packets): a cap that leaves
        excess bandwidth for the low-priority class (None: no cap).
    link_rate, base_rtt, buffer, packet_size, duration, warmup
        As in :func:`random_loss` (no random loss).
    replications, seed, tick, fidelity
        As in :func:`random_loss`.

    Returns
    -------
    LowPriorityData

    Examples
    --------
    >>> d = low_priority(n_primary=1, n_low=2, primary_rwnd=20, duration=30.0, warmup=5.0)
    >>> bool(d.primary_ratio > 0.8), d.low_shared.shape
    (True, (2,))
    """
    primary, low = get_variant(primary).name, get_variant(low).name
    n_primary = check_count("n_primary", n_primary, minimum=1, optional=False)
    n_low = check_count("n_low", n_low, minimum=1, optional=False)
    buf = round(bdp_packets(link_rate, base_rtt, packet_size)) if buffer is None else buffer
    link = Link(rate=link_rate, buffer=buf)
    best = tuple(Flow(variant=primary, base_rtt=base_rtt, rwnd=primary_rwnd)
                 for _ in range(n_primary))
    lows = tuple(Flow(variant=low, base_rtt=base_rtt) for _ in range(n_low))
    runs = {"primary alone": best, "shared": best + lows, "low alone": lows}
    opts = QueueOptions(tick=tick)
    tasks = [Task(k, Scenario(flows=f, link=link, duration=duration, warmup=warmup,
                              packet_size=packet_size, seed=seed), _measure_flows,
                  replications, opts, fidelity) for k, f in runs.items()]
    out = run_tasks(tasks)
    out = {k: {m: stats(v)[0] for m, v in o.items()} for k, o in out.items()}
    setup = {"primary_rwnd": primary_rwnd, "link_rate": float(link_rate), "base_rtt": base_rtt,
             "buffer": buf, "packet_size": packet_size, "duration": duration,
             "warmup": warmup, "seed": seed, "tick": tick}
    shared = out["shared"]["goodput"]
    return LowPriorityData(
        primary, low, out["primary alone"]["goodput"], shared[:n_primary], shared[n_primary:],
        out["low alone"]["goodput"], {k: float(out[k]["utilization"]) for k in runs},
        float(link_rate), replications=replications, setup=setup)
