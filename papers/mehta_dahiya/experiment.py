"""Mehta & Dahiya's rerun in the queue model: Westwood and Veno under random loss, TCP-LP.

:data:`EXPERIMENT` runs the two set-ups of :mod:`papers.mehta_dahiya.setups`
and renders them (goodput and loss rate per loss probability; the
low-priority runs' goodputs, utilization and shares);
:data:`papers.experiments.EXPERIMENTS` gathers it with the other papers'.

Examples
--------
>>> EXPERIMENT.setups, EXPERIMENT.order
(('mehta-dahiya-random-loss', 'mehta-dahiya-low-priority'), 3)
"""

from __future__ import annotations

from typing import Any

from aimdmodel import studies

from ..experiment_parts import Experiment, by_column, num, run_setup, table

__all__ = ["EXPERIMENT"]


def _run(scale: str, workers: int, progress: bool) -> dict[str, Any]:
    return {"random loss": run_setup("mehta-dahiya-random-loss", scale, workers, progress),
            "low priority": run_setup("mehta-dahiya-low-priority", scale, workers, progress)}


def _render_loss(d: studies.RandomLossData) -> str:
    ps = [f"{100 * p:g}" for p in d.loss_rates]
    return "\n\n".join(by_column(f"{what}:", ps, d.variants, getattr(d, m), fmt, k, "p (%)")
                       for what, m, fmt, k in (("Goodput (Mb/s)", "goodput", ".3f", 1e-6),
                                               ("Loss rate (%)", "loss_rate", ".3f", 100)))


def _render_lp(d: studies.LowPriorityData) -> str:
    mb = 1e-6
    rows = [["best-effort alone", num(d.primary_alone.sum() * mb, ".3f"), "-",
             num(d.utilization["primary alone"], ".3f")],
            ["both classes", num(d.primary_shared.sum() * mb, ".3f"),
             num(d.low_shared.sum() * mb, ".3f"), num(d.utilization["shared"], ".3f")],
            ["low-priority alone", "-", num(d.low_alone.sum() * mb, ".3f"),
             num(d.utilization["low alone"], ".3f")]]
    head = ["run", f"{d.primary} (Mb/s)", f"{d.low} (Mb/s)", "utilization"]
    return (table(head, rows) + "\n\nBest-effort goodput with/without: "
            f"{num(d.primary_ratio, '.3f')}; "
            f"low-priority share of the excess: {num(d.excess_taken, '.3f')}; Jain's index "
            f"of the low-priority flows: {num(d.jain_low(True), '.4f')} (with), "
            f"{num(d.jain_low(False), '.4f')} (alone).")


def _render(name: str, result: Any) -> str:
    if isinstance(result, studies.RandomLossData):
        return _render_loss(result)
    return _render_lp(result)


EXPERIMENT = Experiment(
    "mehta-dahiya", "Mehta & Dahiya: the cited claims on Westwood, Veno, TCP-LP", _run,
    ("mehta-dahiya-random-loss", "mehta-dahiya-low-priority"), _render, order=3)
"""The random-loss and low-priority runs, third in ``paper_checks/RERUNS.md``."""
