"""Two papers' own simulation set-ups, re-run in ns-3 with their own algorithms.

* :func:`lahanas2003_stationary` and :func:`lahanas2003_leaving`: Lahanas &
  Tsaoussidis 2003 Sec. 5, NS-2: TCP-SACK with AIMD, AIMD-FC and
  AIMD-FC+, "all links have the same bandwidth" (100 Mbit/s), DropTail and
  RED, "the queue buffers were set equal to the Delay x Bandwidth product",
  RED thresholds 1/3 and 2/3 of the buffer, the rest ns-2's defaults
  (max_p 0.1, w_q 0.002, gentle); FTP sources for 60 s; goodput is "the
  number of packets that arrive at the receivers" and fairness Jain's index
  of the flows' goodputs (Eq. 17). Sec. 5.1: a fixed number of flows; Sec.
  5.3 (Figs. 13-14, RED): flows leave, 30 every 15 s, from 120.
* :func:`jasem2010_nctuns`: Jasem et al. 2010, NCTUns: a dumbbell
  whose links are all 100 Mbit/s, DropTail queues of 100 packets, TCP-SACK
  with AIMD, AIMD-FC+ and New-AIMD, 2, 4, 8, 16 and 32 flows starting
  together, each transferring 100 MB; the time to transfer and the
  bottleneck's utilization (Figs. 8, 10, 11).

Neither paper prints the propagation delays: the base RTT is a parameter
(lahanas2003: 40 ms, a BDP of 333 packets, so that the fair share of a few
flows is "relatively high" -- 167 packets for 2 flows, 10 for 32 -- while
a 60 s run at 100 Mbit/s stays within minutes: ns-3's SACK scoreboard
costs time per ACK in proportion to the window; jasem2010: 20 ms), said in
every result. The papers average 30 and 20 runs; these functions run
``replications`` (default 1). Lahanas & Tsaoussidis 2003's RED in the access
links is left out (the access links carry no queue when all rates are
equal), and ns-3's RED runs with ``Wait`` off (Floyd & Jacobson's
count-based drop; ns-2's default has it on).

``python benchmarks/ns3_reruns.py run ...`` calls these functions and stores
the rows (:mod:`papers.ns3_reruns` reads them).

Examples
--------
>>> from aimdmodel import AIMD
>>> sc = lahanas2003_scenario(AIMD(), 4, "red")
>>> sc.link.buffer, round(sc.link.red.min_th), sc.n_flows
(333, 111, 4)
>>> jasem2010_scenario(AIMD(), 2).flows[0].size
100000000
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from aimdmodel._format import markdown_table
from aimdmodel.ns3.options import Ns3Options
from aimdmodel.policies import AIMD, AIMDFC, AIMDFCPlus, NewAIMD, Policy
from aimdmodel.scenario import RED, Flow, Link, Scenario, bdp_packets

__all__ = ["JASEM2010_POLICIES", "LAHANAS2003_POLICIES", "SetupRuns", "jasem2010_nctuns",
           "jasem2010_scenario", "lahanas2003_leaving", "lahanas2003_scenario",
           "lahanas2003_stationary"]

LAHANAS2003_POLICIES = (AIMD(), AIMDFC(), AIMDFCPlus())
"""AIMD, AIMD-FC and AIMD-FC+ as Lahanas & Tsaoussidis 2003 run them."""
JASEM2010_POLICIES = (AIMD(), AIMDFCPlus(), NewAIMD(reading="printed"),
                      NewAIMD(reading="charitable"))
"""AIMD, AIMD-FC+ and both readings of New-AIMD (Jasem et al. 2010)."""


@dataclass(frozen=True)
class SetupRuns:
    """Rows of a paper's set-up run in ns-3, one per (set-up, policy, flows).

    Attributes
    ----------
    name : str
        The set-up, starting with the paper's key (``"lahanas2003 Sec. 5.1 (stationary)"``).
    rows : tuple of dict
        Each with ``setup``, ``policy``, ``flows`` and the set-up's metrics.
    setup : dict
        The parameters that were chosen (and those the paper does not print).
    """

    name: str
    rows: tuple
    setup: dict

    def table(self, columns: Sequence[str] | None = None) -> str:
        """Return the rows as a Markdown table (numbers to 4 significant digits)."""
        cols = list(columns or [k for k in self.rows[0] if k != "result"])
        return "\n".join(markdown_table(cols, [
            [f"{r[c]:.4g}" if isinstance(r[c], float) else str(r[c]) for c in cols]
            for r in self.rows]))


def lahanas2003_scenario(policy: Policy, n: int, discipline: str = "droptail", *,
                     rate: float = 100e6, base_rtt: float = 0.04, duration: float = 60.0,
                     stops: Sequence[float | None] | None = None) -> Scenario:
    """Lahanas & Tsaoussidis 2003 Sec. 5's dumbbell with ``n`` TCP-SACK flows of ``policy``."""
    bdp = round(bdp_packets(rate, base_rtt, 1500))
    red = RED(min_th=bdp / 3, max_th=2 * bdp / 3, max_p=0.1, w_q=0.002, gentle=True)
    stops = stops or [None] * n
    flows = tuple(Flow(variant="sack", policy=policy, base_rtt=base_rtt, stop=s) for s in stops)
    link = Link(rate=rate, delay=base_rtt / 4, buffer=bdp, discipline=discipline,
                red=red if discipline == "red" else None)
    return Scenario(flows=flows, link=link, duration=duration, seed=1)


def _goodput_rows(res: Any, spans: Sequence[tuple[float, float]]) -> list:
    """Packets the receivers got and Jain's index of the flows' goodputs, per time span."""
    from aimdmodel.queue import metrics as qm

    out = []
    for t0, t1 in spans:
        m = qm.window(res, t0, t1)
        packets = float(res.goodput_packets[:, m, :].sum(axis=(1, 2)).mean())
        out.append({"from": t0, "to": t1, "goodput_packets": packets,
                    "utilization": float(qm.utilization(res, t0, t1).mean()),
                    "jain": float(np.nanmean(qm.jain(res, t0, t1)))})
    return out


def _run(sc: Scenario, options: Ns3Options | None, replications: int) -> tuple[Any, float]:
    from aimdmodel.ns3.dumbbell import run

    t0 = time.perf_counter()
    return run(sc, options=options, replications=replications), time.perf_counter() - t0


def lahanas2003_stationary(*, policies: Sequence[Policy] = LAHANAS2003_POLICIES,
                           flows: Sequence[int] = (2, 4, 8, 16, 32),
                           disciplines: Sequence[str] = ("droptail", "red"),
                           options: Ns3Options | None = None, replications: int = 1,
                           progress: Callable[[str], None] | None = None,
                           **setup: Any) -> SetupRuns:
    """Lahanas & Tsaoussidis 2003 Sec. 5.1 in ns-3: goodput (packets in 60 s) and fairness.

    ``setup``: :func:`lahanas2003_scenario`'s keywords (rate, base_rtt,
    duration). The options default to all links at the bottleneck's rate.

    Examples
    --------
    >>> runs = lahanas2003_stationary(flows=(2,), duration=5.0)  # doctest: +SKIP
    >>> runs.rows[0]["policy"]  # doctest: +SKIP
    'AIMD(a=1, b=1/2)'
    """
    rows = []
    for disc in disciplines:
        for n in flows:
            for pol in policies:
                sc = lahanas2003_scenario(pol, n, disc, **setup)
                opts = (options or Ns3Options()).replace(access_rate=float(sc.link.rate))
                if progress is not None:
                    progress(f"lahanas2003 Sec. 5.1: {disc}, {n} flows, {pol.label()}")
                res, secs = _run(sc, opts, replications)
                (whole,) = _goodput_rows(res, [(0.0, sc.duration)])
                rows.append({"discipline": disc, "flows": n, "policy": pol.label(),
                             "goodput_packets": whole["goodput_packets"],
                             "utilization": whole["utilization"], "jain": whole["jain"],
                             "loss_rate": float(np.nanmean(_loss(res))),
                             "timeouts": float(np.nansum(res.timeouts) / replications),
                             "seconds": secs, "result": res})
    return SetupRuns("lahanas2003 Sec. 5.1 (stationary)", tuple(rows),
                     _setup(lahanas2003_scenario, setup, replications))


def _loss(res: Any) -> np.ndarray:
    from aimdmodel.queue import metrics as qm

    return qm.loss_rate(res, 0.0, res.scenario.duration, total=True)


def _setup(fn: Callable, setup: dict, replications: int) -> dict:
    import inspect

    defaults = {k: p.default for k, p in inspect.signature(fn).parameters.items()
                if p.kind is p.KEYWORD_ONLY and k != "stops"}
    return {**defaults, **setup, "replications": replications}


def lahanas2003_leaving(*, policies: Sequence[Policy] = LAHANAS2003_POLICIES,
                        start_flows: int = 120, leave: int = 30, every: float = 15.0,
                        discipline: str = "red", options: Ns3Options | None = None,
                        replications: int = 1,
                        progress: Callable[[str], None] | None = None,
                        **setup: Any) -> SetupRuns:
    """Lahanas & Tsaoussidis 2003 Sec. 5.3 in ns-3: ``leave`` flows stop every ``every`` seconds.

    One row per policy and 15-second interval: goodput packets in the
    interval and Jain's index of the flows still sending.
    """
    rows = []
    for pol in policies:
        stops = [every * (1 + k // leave) if every * (1 + k // leave) < setup.get(
            "duration", 60.0) else None for k in range(start_flows)]
        sc = lahanas2003_scenario(pol, start_flows, discipline, stops=stops, **setup)
        opts = (options or Ns3Options()).replace(access_rate=float(sc.link.rate))
        if progress is not None:
            progress(f"lahanas2003 Sec. 5.3: {start_flows} flows, {leave} leave every {every} s, "
                     f"{pol.label()}")
        res, secs = _run(sc, opts, replications)
        spans = [(t, min(t + every, sc.duration)) for t in np.arange(0.0, sc.duration, every)]
        for span in _goodput_rows(res, spans):
            rows.append({"policy": pol.label(), "from": span["from"], "to": span["to"],
                         "goodput_packets": span["goodput_packets"],
                         "utilization": span["utilization"], "jain": span["jain"],
                         "seconds": secs, "result": res})
    return SetupRuns("lahanas2003 Sec. 5.3 (flows leave)", tuple(rows),
                     {**_setup(lahanas2003_scenario, setup, replications),
                      "discipline": discipline, "start_flows": start_flows, "leave": leave,
                      "every": every})


def jasem2010_scenario(policy: Policy, n: int, *, rate: float = 100e6, base_rtt: float = 0.02,
                       buffer: int = 100, size: int = 100_000_000,
                       duration: float | None = None) -> Scenario:
    """Jasem et al. 2010's NCTUns dumbbell: ``n`` TCP-SACK flows of ``policy``, ``size`` bytes each.

    ``duration`` defaults to twice the time the link needs for all the
    transfers, plus 10 s (a flow not done by then is reported unfinished).
    """
    if duration is None:
        duration = 2.0 * n * size * 8 / rate + 10.0
    flows = tuple(Flow(variant="sack", policy=policy, base_rtt=base_rtt, size=size)
                  for _ in range(n))
    link = Link(rate=rate, delay=base_rtt / 4, buffer=buffer)
    return Scenario(flows=flows, link=link, duration=duration, seed=1)


def jasem2010_nctuns(*, policies: Sequence[Policy] = JASEM2010_POLICIES,
                     flows: Sequence[int] = (2, 4, 8, 16, 32), options: Ns3Options | None = None,
                     replications: int = 1, progress: Callable[[str], None] | None = None,
                     **setup: Any) -> SetupRuns:
    """Jasem et al. 2010's NCTUns set-up in ns-3: transfer times of 100 MB and utilization.

    Per (flows, policy): the mean and the largest transfer time (s), the
    transfers not done within the run, the bottleneck's utilization while
    the transfers ran (from 0 to the last completion), the loss rate.
    """
    from aimdmodel.queue import metrics as qm

    rows = []
    for n in flows:
        for pol in policies:
            sc = jasem2010_scenario(pol, n, **setup)
            opts = (options or Ns3Options()).replace(access_rate=float(sc.link.rate))
            if progress is not None:
                progress(f"jasem2010 NCTUns: {n} flows, {pol.label()}")
            res, secs = _run(sc, opts, replications)
            times = qm.completion_time(res)
            done = np.isfinite(times)
            end = float(np.nanmax(res.completion)) if done.any() else sc.duration
            end = max(min(end, sc.duration), res.interval)
            rows.append({"flows": n, "policy": pol.label(),
                         "mean_transfer_s": float(np.nanmean(times)) if done.any() else np.nan,
                         "max_transfer_s": float(np.nanmax(times)) if done.any() else np.nan,
                         "unfinished": int((~done).sum()),
                         "utilization": float(qm.utilization(res, 0.0, end).mean()),
                         "loss_rate": float(np.nanmean(qm.loss_rate(res, 0.0, end, total=True))),
                         "timeouts": float(np.nansum(res.timeouts) / replications),
                         "seconds": secs, "result": res})
    return SetupRuns("jasem2010 NCTUns (100 MB transfers)", tuple(rows),
                     _setup(jasem2010_scenario, setup, replications))
