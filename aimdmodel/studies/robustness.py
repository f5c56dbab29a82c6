"""Linear controls over Reddy et al.'s thirteen environments, under loss recoveries and disciplines.

Reddy et al. (Sec. 3) score each congestion control ``a`` in
each environment ``e`` (goodput, loss, delay, fairness of ``n`` test flows)
and ranks them by ``C_a = max_e d_a(e)`` and ``D_a = sum_e d_a(e)``
(:func:`aimdmodel.queue.metrics.robustness`). :func:`robustness_grid`
runs the grid (policies x (recovery, discipline) settings x environments)
in the queue model; :func:`environment_network` builds the bottleneck and
the cross traffic of one environment.

How the environments are realized (the paper's Fig. 3):

* 1-10 (per-flow available bandwidth ``B_t``, :mod:`aimdmodel.environments`,
  one value per ``interval``): the link keeps its rate ``C = n
  per_flow_rate`` and CBR consumes ``C - B_a``, ``B_a = n B_t``. With
  DropTail and RED one CBR source at a time does it (the paper's "single
  rate controlled CBR source"); with DRR, which would hold one source to
  ``1/(n + 1)`` of the link, ``k = ceil(n (C - B_a) / B_a)`` sources of rate
  ``(C - B_a)/k`` each (the paper's count, Sec. 3.3), none above its fair
  share ``C/(n + k)``;
* 11-13 (RCL, RCH, RSQ): the link keeps ``C`` and Pareto-length TCP-SACK
  flows arrive as a Poisson process (:func:`aimdmodel.queue.environment_cross`),
  sharing the bottleneck's discipline with the test flows (the paper's
  DRR/RIO arrangement that holds them to their fair share is left out; see
  :mod:`aimdmodel.queue.sources`).

The test flows' base RTTs are spread evenly over ``rtt (1 +- rtt_spread)``
("we randomize the round-trip times slightly"). Every policy sees the same
environment (the same trace and cross-traffic draws: common random numbers).

Examples
--------
>>> from aimdmodel import AIAD, AIMD
>>> g = robustness_grid({"AIMD": AIMD(b=0.8), "AIAD": AIAD(d=3)}, environments=("CL", "SQH"),
...                     settings=(("reno", "droptail"),), duration=20.0, warmup=5.0)
>>> g.goodput.shape, sorted(g.scores(0).C)
((1, 2, 2), ['AIAD', 'AIMD'])
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._validate import check_choice, check_count, check_positive_number
from ..environments import DEFAULT_INTERVAL, ENVIRONMENTS, capacity_trace, get_environment
from ..policies import Policy
from ..queue import QueueOptions, QueueResult, environment_cross, get_variant
from ..queue import metrics as qm
from ..scenario import CBR, DISCIPLINES, RED, Flow, Link, Scenario, bdp_packets
from ._runs import Task, collect, run_tasks

__all__ = [
    "DEFAULT_SETTINGS",
    "ROBUSTNESS_METRICS",
    "RobustnessData",
    "combine",
    "environment_network",
    "robustness_grid",
    "setting_name",
]

DEFAULT_SETTINGS = (("reno", "droptail"), ("sack", "droptail"), ("reno", "red"), ("sack", "red"))
"""Reddy et al.'s appendix settings: (loss recovery, discipline)."""

ROBUSTNESS_METRICS = {"goodput": "higher", "loss": "lower", "delay": "lower",
                      "fairness": "lower"}
"""The scores of :class:`RobustnessData` and which way is better."""

_NAMES = {"reno": "Reno", "sack": "SACK", "newreno": "NewReno", "tahoe": "Tahoe",
          "fack": "FACK", "droptail": "DropTail", "red": "RED", "drr": "DRR"}


def setting_name(setting: tuple[str, str]) -> str:
    """Return a setting's name as Reddy et al.'s tables print it.

    Examples
    --------
    >>> setting_name(("sack", "red"))
    'SACK+RED'
    """
    rec, disc = setting
    return f"{_NAMES.get(rec, rec)}+{_NAMES.get(disc, disc)}"


def _labels(policies: Mapping[str, Policy] | Sequence[Policy]) -> dict[str, Policy]:
    items = dict(policies) if isinstance(policies, Mapping) else {p.label(): p for p in policies}
    if not items:
        raise ValueError("policies must hold at least one policy")
    for k, p in items.items():
        if not isinstance(p, Policy):
            raise TypeError(f"policies[{k!r}] must be a Policy, got {p!r}")
    return items


@dataclass(frozen=True)
class RobustnessData:
    """Scores of every (setting, policy, environment) and Reddy et al.'s ranks from them.

    Attributes
    ----------
    policies : tuple of str
        The policies' labels.
    settings : tuple of (str, str)
        (loss recovery, discipline) pairs.
    environments : tuple of str
        Short names (``"CL"`` ... ``"RSQ"``).
    goodput : ndarray, shape (S, P, E)
        Reddy et al.'s goodput: the test flows' unique packets over the bandwidth
        the cross traffic leaves (:func:`aimdmodel.queue.metrics.goodput_fraction`).
    loss : ndarray, shape (S, P, E)
        The test flows' loss rate in percent.
    delay : ndarray, shape (S, P, E)
        The bottleneck's mean queueing delay in milliseconds.
    fairness : ndarray, shape (S, P, E)
        ``(g_max - g_min) / g_avg`` of the test flows' goodputs.
    replications : int
    setup : dict
    sem : dict
        The standard error of each score's mean over the replications (NaN
        with one replication), by score name.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> g = robustness_grid([AIMD()], environments=("CH",), duration=10.0, warmup=2.0,
    ...                     settings=(("sack", "red"),))
    >>> g.setting_names, g.policies
    (('SACK+RED',), ('AIMD(a=1, b=1/2)',))
    """

    policies: tuple[str, ...]
    settings: tuple[tuple[str, str], ...]
    environments: tuple[str, ...]
    goodput: np.ndarray
    loss: np.ndarray
    delay: np.ndarray
    fairness: np.ndarray
    replications: int = 1
    setup: Mapping[str, Any] = field(default_factory=dict)
    sem: Mapping[str, np.ndarray] = field(default_factory=dict)

    @property
    def setting_names(self) -> tuple[str, ...]:
        """The settings as the paper names them (``"Reno+DropTail"``, ...)."""
        return tuple(setting_name(s) for s in self.settings)

    def _setting(self, setting: int | str) -> int:
        if isinstance(setting, str):
            if setting not in self.setting_names:
                raise ValueError(f"setting must be one of {', '.join(self.setting_names)}, "
                                 f"got {setting!r}")
            return self.setting_names.index(setting)
        return int(setting)

    def values(self, setting: int | str, metric: str = "goodput") -> dict[str, dict[str, float]]:
        """Return ``{policy: {environment: score}}`` of one setting.

        Examples
        --------
        >>> from aimdmodel import AIMD
        >>> g = robustness_grid({"A": AIMD()}, environments=("CL",), duration=6.0, warmup=1.0,
        ...                     settings=(("reno", "droptail"),))
        >>> list(g.values(0, "loss")["A"])
        ['CL']
        """
        check_choice("metric", metric, tuple(ROBUSTNESS_METRICS))
        s, arr = self._setting(setting), getattr(self, metric)
        return {p: {e: float(arr[s, i, j]) for j, e in enumerate(self.environments)}
                for i, p in enumerate(self.policies)}

    def scores(self, setting: int | str, metric: str = "goodput",
               policies: Sequence[str] | None = None) -> qm.Robustness:
        """Reddy et al.'s ``d_a(e)``, ``C_a``, ``D_a`` of one setting (over ``policies``: set A).

        Examples
        --------
        >>> from aimdmodel import AIAD, AIMD
        >>> g = robustness_grid([AIMD(), AIAD()], environments=("CL",), duration=10.0,
        ...                     warmup=2.0, settings=(("reno", "droptail"),))
        >>> min(g.scores("Reno+DropTail").C.values())
        0.0
        """
        vals = self.values(setting, metric)
        if policies is not None:
            vals = {p: vals[p] for p in policies}
        return qm.robustness(vals, better=ROBUSTNESS_METRICS[metric])

    def plot(self, ax: Any = None, *, setting: int | str = 0, metric: str = "goodput") -> list:
        """Draw one score per environment (:func:`aimdmodel.studies.plots.plot_robustness`).

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> from aimdmodel import AIMD
        >>> g = robustness_grid([AIMD()], environments=("CL", "CH"), duration=10.0,
        ...                     warmup=2.0, settings=(("reno", "droptail"),))
        >>> len(g.plot(Figure().subplots()))
        1
        """
        from .plots import plot_robustness

        return plot_robustness(self, ax, setting=self._setting(setting), metric=metric)


def _segments(values: np.ndarray, interval: float, duration: float) -> list[tuple]:
    """Merge equal consecutive values: ``(value, start, stop)`` runs within the duration."""
    runs: list[tuple] = []
    for k, v in enumerate(values):
        t0 = k * interval
        if t0 >= duration:
            break
        t1 = min((k + 1) * interval, duration)
        if runs and runs[-1][0] == v and runs[-1][2] == t0:
            runs[-1] = (v, runs[-1][1], t1)
        else:
            runs.append((float(v), t0, t1))
    return runs


def _per_flow_bandwidth(env: Any, *, per_flow_rate: float, rtt: float, packet_size: int,
                        duration: float, interval: float, seed: int) -> np.ndarray:
    """``B_t`` (bit/s per flow), one value per ``interval``, floored at one packet per RTT."""
    steps = max(1, math.ceil(duration / interval - 1e-9))
    w = capacity_trace(env.short, steps=steps, rtt=interval, packet_size=packet_size,
                       link_rate=per_flow_rate, interval=interval,
                       min_capacity=interval / rtt, seed=seed)
    return w * 8 * packet_size / interval


def environment_network(env: str | int, *, n_flows: int, discipline: str = "droptail",
                        per_flow_rate: float = 10e6, rtt: float = 0.1, packet_size: int = 1000,
                        duration: float = 100.0, buffer: int | None = None,
                        red: RED | None = None, interval: float | None = None,
                        seed: int = 0) -> tuple[Link, tuple]:
    """Return the bottleneck and the cross traffic of one of Reddy et al.'s environments.

    Parameters
    ----------
    env : str or int
        The environment (``"CL"``, ``"rw-low"``, ``13``, ...).
    n_flows : int
        Number of test flows ``n``: the link's rate is ``C = n per_flow_rate``.
    discipline : {"droptail", "red", "drr"}
    per_flow_rate : float
        Per-flow link share in bit/s; ``B_t`` is clipped at it (default 10 Mb/s,
        Table 2's largest bandwidth).
    rtt : float
        The test flows' nominal base RTT: the buffer's BDP and the floor of
        ``B_t`` (one packet per RTT).
    packet_size : int
    duration : float
    buffer : int, optional
        Packets (default: one bandwidth-delay product ``C rtt``).
    red : RED, optional
        RED's parameters (default: thresholds at a third and two thirds of
        the buffer, ns-2's ``max_p`` 0.1 and ``w_q`` 0.002).
    interval : float, optional
        Seconds between changes of ``B_t`` (default: 5 s for the square
        waves, as printed; 1 s for the random ones, not printed).
    seed : int
        Seed of the environment's random draws.

    Returns
    -------
    (Link, tuple of CBR or ParetoCross)

    Examples
    --------
    >>> link, cross = environment_network("SQH", n_flows=2, duration=20.0)
    >>> link.rate, [(c.rate, c.start, c.stop) for c in cross]
    (20000000.0, [(18000000.0, 5.0, 10.0), (18000000.0, 15.0, 20.0)])
    >>> link, cross = environment_network("SQH", n_flows=2, duration=10.0, discipline="drr")
    >>> len(cross), cross[0].rate, (cross[0].start, cross[0].stop)  # k = 2 (20 - 2)/2 = 18
    (18, 1000000.0, (5.0, 10.0))
    """
    e = get_environment(env)
    n_flows = check_count("n_flows", n_flows, minimum=1, optional=False)
    check_choice("discipline", discipline, DISCIPLINES)
    for name, v in (("per_flow_rate", per_flow_rate), ("rtt", rtt), ("duration", duration)):
        check_positive_number(name, v)
    C = n_flows * float(per_flow_rate)
    buf = round(bdp_packets(C, rtt, packet_size)) if buffer is None else buffer
    red = red if red is not None else RED(min_th=buf / 3, max_th=2 * buf / 3)
    red = red if discipline == "red" else None
    if e.kind == "cross traffic":
        link = Link(rate=C, buffer=buf, discipline=discipline, red=red)
        return link, (environment_cross(e.short),)
    interval = interval or e.interval or DEFAULT_INTERVAL
    b = _per_flow_bandwidth(e, per_flow_rate=per_flow_rate, rtt=rtt, packet_size=packet_size,
                            duration=duration, interval=interval, seed=seed)
    cross = []
    for r, t0, t1 in _segments(C - n_flows * b, interval, duration):
        if r <= 0:
            continue
        k = math.ceil(n_flows * r / (C - r) - 1e-9) if discipline == "drr" else 1
        cross += [CBR(rate=r / k, start=t0, stop=t1)] * k
    return Link(rate=C, buffer=buf, discipline=discipline, red=red), tuple(cross)


def _measure(res: QueueResult) -> dict[str, np.ndarray]:
    """Each score per replication, shape (R,)."""
    return {
        "goodput": qm.goodput_fraction(res),
        "loss": 100 * qm.loss_rate(res, total=True),
        "delay": 1000 * qm.queueing_delay(res),
        "fairness": qm.spread(res),
    }


def _rtts(n: int, rtt: float, spread: float) -> list[float]:
    if n == 1:
        return [rtt]
    return [rtt * (1 + spread * (2 * i / (n - 1) - 1)) for i in range(n)]


def _check_settings(settings: Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    out = []
    for rec, disc in settings:
        var = get_variant(rec)
        if var.own_rule:
            raise ValueError(f"settings: the recovery {rec!r} has its own window rule; use a "
                             "loss-based variant (tahoe, reno, newreno, sack, fack)")
        out.append((var.name, check_choice("discipline", disc, DISCIPLINES)))
    if not out:
        raise ValueError("settings must hold at least one (recovery, discipline) pair")
    return tuple(out)


def robustness_grid(policies: Mapping[str, Policy] | Sequence[Policy], *,
                    settings: Sequence[tuple[str, str]] = DEFAULT_SETTINGS,
                    environments: Sequence[str | int] = tuple(ENVIRONMENTS),
                    n_flows: int = 2, per_flow_rate: float = 10e6, base_rtt: float = 0.1,
                    rtt_spread: float = 0.1, packet_size: int = 1000,
                    buffer: int | None = None, red: RED | None = None,
                    duration: float = 100.0, warmup: float = 10.0,
                    interval: float | None = None, replications: int = 1, seed: int = 0,
                    tick: float | None = None, workers: int = 1,
                    progress: bool = False, fidelity: str = "round") -> RobustnessData:
    """Run ``n`` test flows of every policy in every setting and environment.

    Parameters
    ----------
    policies : mapping of label to Policy, or sequence of Policy
        The congestion-avoidance rules compared (a sequence is labelled by
        :meth:`~aimdmodel.policies.Policy.label`).
    settings : sequence of (str, str)
        (loss recovery, discipline) pairs: the test flows' variant
        (``"reno"``, ``"sack"``, ...) and the bottleneck's discipline.
    environments : sequence
        Reddy et al.'s environments (default all thirteen).
    n_flows, per_flow_rate, base_rtt, packet_size, buffer, red, interval
        The network (:func:`environment_network`; ``base_rtt`` is its
        ``rtt``).
    rtt_spread : float
        The test flows' base RTTs are spread evenly over
        ``base_rtt (1 +- rtt_spread)``.
    duration, warmup : float
        Seconds simulated and discarded by the metrics.
    replications : int
        Independent runs of each cell, averaged.
    seed : int
        Base seed; environment number ``k`` uses ``seed + k`` for its trace
        and its runs.
    tick, workers, progress, fidelity
        The model's time step (default: the smallest base RTT / 10), the
        processes, a progress bar, the mode (as :func:`aimdmodel.studies.cbr.cbr_load`).

    Returns
    -------
    RobustnessData

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> g = robustness_grid([AIMD(b=0.8)], environments=("CH", "RCL"), duration=10.0,
    ...                     warmup=2.0, settings=(("sack", "drr"),))
    >>> bool(np.all((g.goodput > 0.5) & (g.goodput < 1.02)))
    True
    """
    pols = _labels(policies)
    sets = _check_settings(settings)
    envs = tuple(get_environment(e).short for e in environments)
    rtts = _rtts(check_count("n_flows", n_flows, minimum=1, optional=False), base_rtt,
                 rtt_spread)
    net = {"n_flows": n_flows, "per_flow_rate": per_flow_rate, "rtt": base_rtt,
           "packet_size": packet_size, "duration": duration, "buffer": buffer, "red": red,
           "interval": interval}
    tasks, link = [], None
    for e in envs:
        num = ENVIRONMENTS[e].number
        for s, (rec, disc) in enumerate(sets):
            link, cross = environment_network(e, discipline=disc, seed=seed + num, **net)
            for p, pol in enumerate(pols.values()):
                flows = tuple(Flow(variant=rec, policy=pol, base_rtt=r) for r in rtts)
                sc = Scenario(flows=flows, link=link, cross=cross, duration=duration,
                              warmup=warmup, packet_size=packet_size, seed=seed + num)
                tasks.append(Task((s, p, e), sc, _measure, replications, QueueOptions(tick=tick),
                                  fidelity))
    out = run_tasks(tasks, workers=workers, progress=progress, desc="robustness")
    keys = [(s, p, e) for s in range(len(sets)) for p in range(len(pols)) for e in envs]
    got = {m: collect(out, keys, (len(sets), len(pols), len(envs)), m)
           for m in ROBUSTNESS_METRICS}
    setup = {"n_flows": n_flows, "per_flow_rate": per_flow_rate, "base_rtts": rtts,
             "packet_size": packet_size, "buffer": link.buffer, "duration": duration,
             "warmup": warmup, "interval": interval, "seed": seed, "tick": tick}
    return RobustnessData(tuple(pols), sets, envs, replications=replications, setup=setup,
                          sem={m: v[1] for m, v in got.items()},
                          **{m: v[0] for m, v in got.items()})


def combine(*grids: RobustnessData, policies: Sequence[str] | None = None) -> RobustnessData:
    """Put grids run in different settings together (one policy set, the same environments).

    Parameters
    ----------
    *grids : RobustnessData
        Grids over the same environments; a setting found in several is
        taken from the first.
    policies : sequence of str, optional
        The policies to keep (default: those of the first grid); every grid
        must hold them.

    Examples
    --------
    >>> from aimdmodel import AIAD, AIMD
    >>> a = robustness_grid([AIMD(), AIAD()], environments=("CL",), duration=6.0, warmup=1.0,
    ...                     settings=(("reno", "droptail"),))
    >>> b = robustness_grid([AIMD()], environments=("CL",), duration=6.0, warmup=1.0,
    ...                     settings=(("sack", "red"),))
    >>> combine(a, b, policies=["AIMD(a=1, b=1/2)"]).setting_names
    ('Reno+DropTail', 'SACK+RED')
    """
    if not grids:
        raise ValueError("combine needs at least one grid")
    keep = list(policies or grids[0].policies)
    envs = grids[0].environments
    rows: dict[tuple[str, str], dict[str, np.ndarray]] = {}
    nan = np.full((len(keep), len(envs)), np.nan)
    for g in grids:
        if g.environments != envs or not set(keep) <= set(g.policies):
            raise ValueError("grids must cover the same environments and hold the policies "
                             f"{keep}")
        idx = [g.policies.index(p) for p in keep]
        for s, setting in enumerate(g.settings):
            rows.setdefault(setting, {**{m: getattr(g, m)[s][idx] for m in ROBUSTNESS_METRICS},
                                      **{f"sem {m}": g.sem[m][s][idx] if m in g.sem else nan
                                         for m in ROBUSTNESS_METRICS}})
    arrays = {m: np.stack([r[m] for r in rows.values()]) for m in ROBUSTNESS_METRICS}
    sem = {m: np.stack([r[f"sem {m}"] for r in rows.values()]) for m in ROBUSTNESS_METRICS}
    return RobustnessData(tuple(keep), tuple(rows), envs,
                          replications=min(g.replications for g in grids),
                          setup=dict(grids[0].setup), sem=sem, **arrays)
