"""The numbers the claims ledger reads off the papers' experiments rerun in the queue model.

Each function takes a result of :mod:`aimdmodel.studies` (run with a set-up of
:mod:`papers.setups`) and returns the plain numbers a claim compares: means
over the loads, environments or flow counts the paper's statement is about,
rankings, gains; each mean ``x`` comes with ``x_sem``, its standard error
over the replications (NaN with one replication). :func:`above` is the one
rule that compares two of them: a difference counts when it exceeds twice its
standard error (with one replication, any difference counts). The rules that
turn the comparisons into verdicts are in the claim modules
(:mod:`paper_checks`).

Examples
--------
>>> from aimdmodel.studies import cbr_load
>>> d = cbr_load(("reno", "vegas"), [2e6, 8e6], duration=20.0, warmup=5.0)
>>> sorted(cbr_summary(d))[:3]
['drop', 'drop_low', 'drop_sem']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from aimdmodel import studies

__all__ = ["Z", "above", "cbr_summary", "churn_gains", "congested_loads", "env_ranks",
           "grid_means", "pair_order", "random_loss_summary", "sweep_gains", "sweep_means"]

Z = 2.0
"""A difference counts when it is more than ``Z`` standard errors."""


def above(s: dict, key: str, a: str, b: str) -> bool:
    """Whether ``s[key][a]`` is above ``s[key][b]`` by more than ``Z`` standard errors.

    Examples
    --------
    >>> s = {"x": {"a": 1.0, "b": 0.9}, "x_sem": {"a": 0.1, "b": 0.1}}
    >>> above(s, "x", "a", "b"), above({"x": s["x"]}, "x", "a", "b")
    (False, True)
    """
    sems = s.get(f"{key}_sem", {})
    se = math.hypot(*(sems.get(k, math.nan) for k in (a, b)))
    return s[key][a] - s[key][b] > (Z * se if math.isfinite(se) else 0.0)


def _by(names: Sequence[str], values: Any) -> dict[str, float]:
    return {n: float(v) for n, v in zip(names, values, strict=True)}


def _mean_sem(m: np.ndarray, se: np.ndarray, mask: Any = None) -> tuple[Any, Any]:
    """Means over the last axis (NaN left out) and the standard error of each mean."""
    m = np.asarray(m, dtype=float)
    se = np.asarray(se, dtype=float)
    if mask is not None:
        m, se = m[..., mask], se[..., mask]
    k = np.isfinite(m).sum(axis=-1)
    with np.errstate(all="ignore"):
        mean = np.nansum(m, axis=-1) / k
        sem = np.sqrt(np.sum(np.where(np.isfinite(m), se**2, 0.0), axis=-1)) / k
    return mean, sem


def congested_loads(d: studies.CBRLoadData) -> np.ndarray:
    """The loads below the link rate at which some variant lost packets (all below the link
    rate when none did): where the network "begins to congest".

    Examples
    --------
    >>> from aimdmodel.studies import cbr_load
    >>> d = cbr_load(("reno",), [1e6, 9.5e6], rwnd=20, duration=20.0, warmup=5.0)
    >>> congested_loads(d).tolist()
    [9500000.0]
    """
    under = d.cbr_rates < d.link_rate
    hit = under & (np.nanmax(d.drop_rate, axis=0) > 0)
    return d.cbr_rates[hit if hit.any() else under]


def cbr_summary(d: studies.CBRLoadData, *, low: int = 3) -> dict[str, dict[str, float]]:
    """Per variant, over the congested loads (:func:`congested_loads`): mean latency (ms),
    mean drop rate (%), mean share of the leftover capacity, timeouts and fast retransmits
    (summed per run); and the largest drop rate (%) at the ``low`` lowest loads.

    Examples
    --------
    >>> from aimdmodel.studies import cbr_load
    >>> s = cbr_summary(cbr_load(("sack",), [1e6, 9e6, 11e6], duration=20.0, warmup=5.0))
    >>> s["timeouts"]["sack"] >= 0, 0 < s["leftover"]["sack"] <= 1.1
    (True, True)
    """
    on = np.isin(d.cbr_rates, congested_loads(d))
    left = d.link_rate - d.cbr_rates
    with np.errstate(all="ignore"):
        share_sem = d.sem.get("throughput", np.full(d.throughput.shape, np.nan)) / left
    out: dict[str, dict[str, float]] = {}
    for name, m, se, k in (("latency", d.latency, d.sem.get("latency"), 1e3),
                           ("drop", d.drop_rate, d.sem.get("drop_rate"), 100),
                           ("leftover", d.leftover_share(), share_sem, 1),
                           ("timeouts", d.timeouts, d.sem.get("timeouts"), 1)):
        se = np.full(m.shape, np.nan) if se is None else se
        mean, sem = _mean_sem(m * k, se * k, on)
        out[name], out[f"{name}_sem"] = _by(d.variants, mean), _by(d.variants, sem)
    out["timeouts"] = _by(d.variants, d.timeouts[:, on].sum(axis=1))
    out["timeouts_sem"] = {v: out["timeouts_sem"][v] * on.sum() for v in d.variants}
    out["fast_retransmits"] = _by(d.variants, d.fast_retransmits[:, on].sum(axis=1))
    out["drop_low"] = _by(d.variants, np.max(d.drop_rate[:, :low], axis=1) * 100)
    return out


def pair_order(g: studies.RobustnessData, a: str, b: str) -> dict[str, float]:
    """Per setting, ``D_a - D_b`` of goodput (negative: ``a`` ranks better).

    ``D_a - D_b = sum_e S_b(e) - S_a(e)`` does not depend on the other
    algorithms of the set A.

    Examples
    --------
    >>> from aimdmodel import AIAD, AIMD
    >>> g = studies.robustness_grid({"M": AIMD(b=0.8), "D": AIAD(d=3)}, environments=("CL",),
    ...                           duration=6.0, warmup=1.0, settings=(("reno", "droptail"),))
    >>> order = pair_order(g, "M", "D")
    >>> list(order), order["Reno+DropTail"] == g.scores(0).D["M"] - g.scores(0).D["D"]
    (['Reno+DropTail'], True)
    """
    return {name: float(g.scores(name).D[a] - g.scores(name).D[b]) for name in g.setting_names}


def grid_means(g: studies.RobustnessData, setting: str) -> dict[str, dict[str, float]]:
    """Per score, each policy's mean over the environments (with its ``_sem``) and its
    ``D_a`` in one setting.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> g = studies.robustness_grid({"A": AIMD()}, environments=("CL",), duration=6.0,
    ...                           warmup=1.0, settings=(("reno", "red"),))
    >>> sorted(grid_means(g, "Reno+RED"))[:2]
    ['D_delay', 'D_fairness']
    """
    s = g.setting_names.index(setting)
    out: dict[str, dict[str, float]] = {}
    for m in studies.ROBUSTNESS_METRICS:
        se = g.sem.get(m, np.full(getattr(g, m).shape, np.nan))[s]
        mean, sem = _mean_sem(getattr(g, m)[s], se)
        out[m], out[f"{m}_sem"] = _by(g.policies, mean), _by(g.policies, sem)
        out[f"D_{m}"] = {p: float(v) for p, v in g.scores(setting, m).D.items()}
    return out


def env_ranks(g: studies.RobustnessData, setting: str,
              environments: Sequence[str]) -> dict[str, dict[str, str]]:
    """The best and the worst policy by goodput in each of the given environments.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> g = studies.robustness_grid({"A": AIMD()}, environments=("CL", "SQH"), duration=6.0,
    ...                           warmup=1.0, settings=(("sack", "droptail"),))
    >>> env_ranks(g, "SACK+DropTail", ["SQH"])
    {'best': {'SQH': 'A'}, 'worst': {'SQH': 'A'}}
    """
    s = g.setting_names.index(setting)
    good = g.goodput[s]
    out: dict[str, dict[str, str]] = {"best": {}, "worst": {}}
    for e in environments:
        j = g.environments.index(e)
        out["best"][e] = g.policies[int(np.argmax(good[:, j]))]
        out["worst"][e] = g.policies[int(np.argmin(good[:, j]))]
    return out


def sweep_means(d: studies.FlowsSweepData) -> dict[str, dict[str, float]]:
    """Each policy's utilization (%), mean transfer time (s) and queueing delay (ms), averaged
    over the flow counts (with ``_sem``), and its utilization (%) at the fewest and at the
    most flows (with ``_sem``).

    Examples
    --------
    >>> from aimdmodel import AIMD, AIMDFC
    >>> d = studies.flows_sweep({"A": AIMD(), "F": AIMDFC()}, (2, 4), link_rate=5e6,
    ...                       duration=8.0)
    >>> m = sweep_means(d)
    >>> sorted(m)[:2], bool(0 < m["utilization"]["A"] <= 100)
    (['queueing_delay', 'queueing_delay_sem'], True)
    >>> sorted(sweep_gains(d, "A"))
    ['F', 'F_sem', 'jain F', 'jain F_sem']
    """
    out: dict[str, dict[str, float]] = {}
    for name, m, k in (("utilization", "utilization", 100), ("transfer_time", "transfer_time", 1),
                       ("queueing_delay", "queueing_delay", 1e3)):
        se = d.sem.get(m, np.full(getattr(d, m).shape, np.nan))
        mean, sem = _mean_sem(getattr(d, m) * k, se * k)
        out[name], out[f"{name}_sem"] = _by(d.policies, mean), _by(d.policies, sem)
    se = d.sem.get("utilization", np.full(d.utilization.shape, np.nan))
    for name, j in (("utilization_fewest", 0), ("utilization_most", -1)):
        out[name] = _by(d.policies, 100 * d.utilization[:, j])
        out[f"{name}_sem"] = _by(d.policies, 100 * se[:, j])
    return out


def sweep_gains(d: studies.FlowsSweepData, base: str) -> dict[str, dict[int, float]]:
    """Each policy's goodput gain over ``base`` in percentage points of the link per flow
    count (with ``_sem``), and its Jain's index minus ``base``'s (with ``_sem``).

    See :func:`sweep_means` for an example.
    """
    i = d.policies.index(base)
    k = 100 / d.setup["link_rate"]
    se = d.sem.get("goodput", np.full(d.goodput.shape, np.nan))
    sj = d.sem.get("jain", np.full(d.jain.shape, np.nan))
    out: dict[str, dict[int, float]] = {}
    for p_, p in enumerate(d.policies):
        if p_ == i:
            continue
        out[p] = {n: float(k * (d.goodput[p_, j] - d.goodput[i, j]))
                  for j, n in enumerate(d.flow_counts)}
        out[f"{p}_sem"] = {n: float(k * math.hypot(se[p_, j], se[i, j]))
                           for j, n in enumerate(d.flow_counts)}
        out[f"jain {p}"] = {n: float(d.jain[p_, j] - d.jain[i, j])
                            for j, n in enumerate(d.flow_counts)}
        out[f"jain {p}_sem"] = {n: float(math.hypot(sj[p_, j], sj[i, j]))
                                for j, n in enumerate(d.flow_counts)}
    return out


def churn_gains(c: studies.ChurnData, base: str) -> dict[str, list[float]]:
    """Each policy's goodput gain over ``base`` per period, in percentage points of the link
    (with ``_sem``).

    Examples
    --------
    >>> from aimdmodel import AIMD, AIMDFC
    >>> c = studies.churn({"A": AIMD(), "F": AIMDFC()}, groups=2, group_size=1, period=3.0,
    ...                 link_rate=5e6)
    >>> g = churn_gains(c, "A")
    >>> sorted(g), len(g["F"])
    (['F', 'F_sem'], 2)
    """
    i = c.policies.index(base)
    k = 100 / c.setup["link_rate"]
    se = c.sem.get("goodput", np.full(c.goodput.shape, np.nan))
    out: dict[str, list[float]] = {}
    for p_, p in enumerate(c.policies):
        if p_ != i:
            out[p] = [float(k * (c.goodput[p_, j] - c.goodput[i, j])) for j in range(c.t.size)]
            out[f"{p}_sem"] = [float(k * math.hypot(se[p_, j], se[i, j]))
                               for j in range(c.t.size)]
    return out


def random_loss_summary(d: studies.RandomLossData) -> dict[str, dict[float, float]]:
    """Per variant: goodput (Mb/s) and measured loss rate (%) at each random loss rate.

    Examples
    --------
    >>> d = studies.random_loss(("reno",), [0.01], duration=8.0, warmup=2.0)
    >>> sorted(random_loss_summary(d))
    ['loss reno', 'reno']
    """
    out: dict[str, dict[float, float]] = {}
    for k, v in enumerate(d.variants):
        out[v] = {float(p): float(g) / 1e6 for p, g in zip(d.loss_rates, d.goodput[k],
                                                            strict=True)}
        out[f"loss {v}"] = {float(p): 100 * float(x)
                            for p, x in zip(d.loss_rates, d.loss_rate[k], strict=True)}
    return out
