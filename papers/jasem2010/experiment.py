"""Jasem et al. 2010's rerun in the queue model: the 100 MB transfers, as tables.

:data:`EXPERIMENT` runs the set-up of :mod:`papers.jasem2010.setups` and
renders it (one table per quantity, a row per flow count);
:data:`papers.experiments.EXPERIMENTS` gathers it with the other papers'.

Examples
--------
>>> EXPERIMENT.setups, EXPERIMENT.order
(('jasem2010-transfers',), 1)
"""

from __future__ import annotations

from typing import Any

from ..experiment_parts import Experiment, render_sweep, run_setup

__all__ = ["EXPERIMENT"]


def _run(scale: str, workers: int, progress: bool) -> dict[str, Any]:
    return {"transfers": run_setup("jasem2010-transfers", scale, workers, progress)}


EXPERIMENT = Experiment(
    "jasem2010", "Jasem et al. 2010: New-AIMD, AIMD-FC+, AIMD transferring 100 MB", _run,
    ("jasem2010-transfers",), lambda name, result: render_sweep(result), order=1)
"""The transfers of New-AIMD, AIMD-FC+ and AIMD, first in ``paper_checks/RERUNS.md``."""
