"""Bazi & Nassereddine 2019's rerun in the queue model: six TCP variants against a CBR load.

:data:`EXPERIMENT` runs the set-up of :mod:`papers.bazi2019.setups` with
ns-2's receiver window of 20 and without one, and renders each run as four
tables (throughput, latency, drop rate, timeouts; a row per CBR rate);
:data:`papers.experiments.EXPERIMENTS` gathers it with the other papers'.

Examples
--------
>>> EXPERIMENT.setups, EXPERIMENT.order
(('bazi2019-cbr',), 2)
"""

from __future__ import annotations

from typing import Any

from aimdmodel import studies

from ..experiment_parts import Experiment, by_column, run_setup

__all__ = ["EXPERIMENT"]


def _run(scale: str, workers: int, progress: bool) -> dict[str, Any]:
    return {"rwnd 20": run_setup("bazi2019-cbr", scale, workers, progress),
            "no rwnd": run_setup("bazi2019-cbr", scale, workers, progress, rwnd=None)}


def _render_cbr(d: studies.CBRLoadData) -> str:
    loads = [f"{r / 1e6:g}" for r in d.cbr_rates]
    parts = [by_column(f"{what}:", loads, d.variants, getattr(d, m), fmt, k, "CBR (Mb/s)")
             for what, m, fmt, k in (("Throughput (Mb/s)", "throughput", ".3f", 1e-6),
                                     ("Latency, mean RTT (ms)", "latency", ".1f", 1e3),
                                     ("Drop rate of the TCP flow (%)", "drop_rate", ".3f", 100),
                                     ("Retransmission timeouts per run", "timeouts", ".1f", 1))]
    return "\n\n".join(parts)


EXPERIMENT = Experiment(
    "bazi2019", "Bazi & Nassereddine 2019: six TCP variants against a CBR load", _run,
    ("bazi2019-cbr",), lambda name, result: _render_cbr(result), order=2)
"""The CBR-load runs, second in ``paper_checks/RERUNS.md``."""
