"""Reddy et al.'s rerun in the queue model: AIMD and AIAD over 13 environments.

:data:`EXPERIMENT` runs the robustness grid of :mod:`papers.reddy_aiad.setups`
(the appendix's policies, the canonical pair, DRR) and renders it: the
appendix's tables in the appendix's layout, the model's D_a and C_a beside
the printed ones (:data:`papers.reddy_aiad.APPENDIX`), and every score of
the other runs; :data:`papers.experiments.EXPERIMENTS` gathers it with the
other papers'.

Examples
--------
>>> EXPERIMENT.setups, EXPERIMENT.order
(('reddy-aiad-grid',), 5)
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from aimdmodel import studies

from ..experiment_parts import Experiment, num, run_setup, table
from ..setups import SETUPS
from . import APPENDIX
from .setups import CANONICAL

__all__ = ["EXPERIMENT"]


def _run(scale: str, workers: int, progress: bool) -> dict[str, Any]:
    if scale == "full":
        chosen = {k: CANONICAL[k] for k in ("AIMD(1, 0.8)", "AIAD(1, 3)")}
        return {
            "appendix": run_setup("reddy-aiad-grid", scale, workers, progress),
            "canonical": run_setup("reddy-aiad-grid", scale, workers, progress,
                                   policies=dict(CANONICAL),
                                   settings=(("reno", "droptail"), ("sack", "droptail"))),
            "drr": run_setup("reddy-aiad-grid", scale, workers, progress, policies=chosen,
                             settings=(("reno", "drr"), ("sack", "drr"))),
        }
    pair = SETUPS["reddy-aiad-grid"].kwargs(scale)["policies"]
    canonical = run_setup("reddy-aiad-grid", scale, workers, progress,
                          policies=dict(CANONICAL), settings=(("reno", "droptail"),))
    rest = run_setup("reddy-aiad-grid", scale, workers, progress,
                     settings=(("sack", "droptail"), ("reno", "red"), ("sack", "red"),
                               ("reno", "drr")))
    appendix = studies.combine(canonical, rest, policies=list(pair))
    return {"appendix": _settings(appendix, slice(0, 4)), "canonical": canonical,
            "drr": _settings(appendix, slice(4, 5))}


def _settings(g: studies.RobustnessData, which: slice) -> studies.RobustnessData:
    """The grid restricted to some of its settings."""
    return dataclasses.replace(g, settings=g.settings[which],
                               **{m: getattr(g, m)[which] for m in studies.ROBUSTNESS_METRICS})


def _printed(setting: str, family: str, label: str) -> tuple[str, str]:
    a, b = label[5:-1].split(", ")
    key = (int(a), b if family == "AIMD" else int(b))
    return APPENDIX.get(setting, {}).get(family, {}).get(key, ("-", "-"))


def _render_appendix(g: studies.RobustnessData) -> str:
    """C_a and D_a of goodput per table, in the appendix's layout, beside the printed ones."""
    out = []
    fams = {f: [p for p in g.policies if p.startswith(f)] for f in ("AIMD", "AIAD")}
    for name in g.setting_names:
        sc = g.scores(name)
        rows = []
        for i in range(max(len(v) for v in fams.values())):
            row: list[str] = []
            for fam, labels in fams.items():
                if i >= len(labels):
                    row += ["", "", "", "", ""]
                    continue
                lab = labels[i]
                pd, pc = _printed(name, fam, lab)
                row += [lab[4:], num(sc.D[lab], ".2f"), num(sc.C[lab], ".2f"), pd, pc]
            rows.append(row)
        head = ["AIMD", "D_a", "C_a", "printed D_a", "printed C_a",
                "AIAD", "D_a", "C_a", "printed D_a", "printed C_a"]
        out.append(f"TCP {name.replace('+', ' + ')} (goodput; A = the {len(g.policies)} rows "
                   f"run):\n\n" + table(head, rows))
    return "\n\n".join(out)


def _render_scores(g: studies.RobustnessData) -> str:
    out = []
    for name in g.setting_names:
        s = g._setting(name)
        rows = []
        for metric in studies.ROBUSTNESS_METRICS:
            sc = g.scores(name, metric)
            vals = getattr(g, metric)[s]
            rows += [[metric, p, num(np.mean(vals[i]), ".3f"), num(sc.D[p], ".2f"),
                      num(sc.C[p], ".2f")]
                     for i, p in enumerate(g.policies)]
        out.append(f"{name} (mean over the {len(g.environments)} environments; for loss, "
                   "delay and fairness, where lower is better, d_a(e) = S_a(e) - S_min(e)):\n\n"
                   + table(["score", "policy", "mean", "D_a", "C_a"], rows))
    return "\n\n".join(out)


def _render(name: str, result: studies.RobustnessData) -> str:
    return _render_appendix(result) if name == "appendix" else _render_scores(result)


EXPERIMENT = Experiment(
    "reddy-aiad", "Reddy et al.: AIMD and AIAD over 13 environments", _run, ("reddy-aiad-grid",),
    _render, order=5)
"""The robustness grids, last in ``paper_checks/RERUNS.md``."""
