"""Lahanas & Tsaoussidis 2003's rerun in the queue model: Sec. 5's flows, stationary and churning.

:data:`EXPERIMENT` runs the set-ups of :mod:`papers.lahanas2003.setups`
(the stationary flows, at full scale also at 1 Gb/s and with a 20 ms RTT;
flows joining and leaving) and renders them (a row per flow count; a row
per period of the churn); :data:`papers.experiments.EXPERIMENTS` gathers
it with the other papers'.

Examples
--------
>>> EXPERIMENT.setups, EXPERIMENT.order
(('lahanas2003-stationary', 'lahanas2003-churn'), 4)
"""

from __future__ import annotations

from typing import Any

from aimdmodel import studies

from ..experiment_parts import Experiment, by_column, render_sweep, run_setup

__all__ = ["EXPERIMENT"]


def _run(scale: str, workers: int, progress: bool) -> dict[str, Any]:
    out = {"stationary": run_setup("lahanas2003-stationary", scale, workers, progress)}
    if scale == "full":
        out["stationary 1 Gb/s"] = run_setup("lahanas2003-stationary", scale, workers,
                                             progress, link_rate=1e9)
        out["stationary RTT 20 ms"] = run_setup("lahanas2003-stationary", scale, workers,
                                                progress, base_rtt=0.02)
    for mode in ("join", "leave"):
        out[mode] = run_setup("lahanas2003-churn", scale, workers, progress, mode=mode)
    return out


def _render_churn(c: studies.ChurnData) -> str:
    idx = [f"{t:g}-{t + c.setup['period']:g} s ({n} flows)" for t, n in zip(c.t, c.active,
                                                                          strict=True)]
    g = by_column("Goodput (% of the link):", idx, c.policies, c.goodput, ".2f",
                  100 / c.setup["link_rate"], "period")
    j = by_column("Jain's index:", idx, c.policies, c.jain, ".4f", 1, "period")
    return f"{g}\n\n{j}"


def _render(name: str, result: Any) -> str:
    if isinstance(result, studies.ChurnData):
        return _render_churn(result)
    return render_sweep(result)


EXPERIMENT = Experiment(
    "lahanas2003", "Lahanas & Tsaoussidis 2003 Sec. 5: AIMD, AIMD-FC, AIMD-FC+ in TCP-SACK",
    _run, ("lahanas2003-stationary", "lahanas2003-churn"), _render, order=4)
"""The stationary and churning flows, fourth in ``paper_checks/RERUNS.md``."""
