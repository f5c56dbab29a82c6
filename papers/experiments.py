"""The papers' experiments rerun in the queue model: runs and Markdown tables.

:func:`run_experiment` runs one paper's set-ups (:mod:`papers.setups`) through
:mod:`aimdmodel.studies` at a scale (``"ledger"``: reduced, what the claims
ledger uses; ``"full"``: what ``paper_checks/RERUNS.md`` shows) and returns
the result objects by name; :func:`render` turns them into Markdown tables
(Reddy et al.'s in the appendix's layout, beside the printed values);
:func:`report` does both for several papers, with the time each took.
``aimdmodel experiment NAME`` (:mod:`papers.experiment_commands`) is the
command line.

Examples
--------
>>> sorted(EXPERIMENTS)
['bazi2019', 'jasem2010', 'lahanas2003', 'mehta-dahiya', 'reddy-aiad']
"""

from __future__ import annotations

import contextvars
import dataclasses
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from aimdmodel import studies
from aimdmodel._format import fmt_significant, markdown_table

from . import reddy_aiad
from .reddy_aiad.setups import CANONICAL
from .setups import SETUPS

__all__ = ["EXPERIMENTS", "render", "report", "run_experiment"]


_FIDELITY: contextvars.ContextVar[str] = contextvars.ContextVar("fidelity", default="round")
"""The queue model's mode the experiments run in (``run_experiment(fidelity=...)``)."""


def _run(setup: str, scale: str, workers: int, progress: bool, **overrides: Any) -> Any:
    s = SETUPS[setup]
    fn = getattr(studies, s.function)
    kw = s.kwargs(scale, **overrides)
    fidelity = _FIDELITY.get()
    if s.function == "low_priority":
        return fn(**kw, fidelity=fidelity)
    return fn(**kw, workers=workers, progress=progress, fidelity=fidelity)


def _bazi2019(scale: str, workers: int, progress: bool) -> dict[str, Any]:
    return {"rwnd 20": _run("bazi2019-cbr", scale, workers, progress),
            "no rwnd": _run("bazi2019-cbr", scale, workers, progress, rwnd=None)}


def _reddy_aiad(scale: str, workers: int, progress: bool) -> dict[str, Any]:
    if scale == "full":
        chosen = {k: CANONICAL[k] for k in ("AIMD(1, 0.8)", "AIAD(1, 3)")}
        return {
            "appendix": _run("reddy-aiad-grid", scale, workers, progress),
            "canonical": _run("reddy-aiad-grid", scale, workers, progress,
                              policies=dict(CANONICAL),
                              settings=(("reno", "droptail"), ("sack", "droptail"))),
            "drr": _run("reddy-aiad-grid", scale, workers, progress, policies=chosen,
                        settings=(("reno", "drr"), ("sack", "drr"))),
        }
    pair = SETUPS["reddy-aiad-grid"].kwargs(scale)["policies"]
    canonical = _run("reddy-aiad-grid", scale, workers, progress, policies=dict(CANONICAL),
                     settings=(("reno", "droptail"),))
    rest = _run("reddy-aiad-grid", scale, workers, progress,
                settings=(("sack", "droptail"), ("reno", "red"), ("sack", "red"), ("reno", "drr")))
    appendix = studies.combine(canonical, rest, policies=list(pair))
    return {"appendix": _settings(appendix, slice(0, 4)), "canonical": canonical,
            "drr": _settings(appendix, slice(4, 5))}


def _settings(g: studies.RobustnessData, which: slice) -> studies.RobustnessData:
    """The grid restricted to some of its settings."""
    return dataclasses.replace(g, settings=g.settings[which],
                               **{m: getattr(g, m)[which] for m in studies.ROBUSTNESS_METRICS})


def _lahanas2003(scale: str, workers: int, progress: bool) -> dict[str, Any]:
    out = {"stationary": _run("lahanas2003-stationary", scale, workers, progress)}
    if scale == "full":
        out["stationary 1 Gb/s"] = _run("lahanas2003-stationary", scale, workers, progress,
                                        link_rate=1e9)
        out["stationary RTT 20 ms"] = _run("lahanas2003-stationary", scale, workers, progress,
                                           base_rtt=0.02)
    for mode in ("join", "leave"):
        out[mode] = _run("lahanas2003-churn", scale, workers, progress, mode=mode)
    return out


def _jasem2010(scale: str, workers: int, progress: bool) -> dict[str, Any]:
    return {"transfers": _run("jasem2010-transfers", scale, workers, progress)}


def _mehta_dahiya(scale: str, workers: int, progress: bool) -> dict[str, Any]:
    return {"random loss": _run("mehta-dahiya-random-loss", scale, workers, progress),
            "low priority": _run("mehta-dahiya-low-priority", scale, workers, progress)}


EXPERIMENTS: Mapping[str, tuple[str, Callable[..., dict[str, Any]], tuple[str, ...]]] = {
    "jasem2010": ("Jasem et al. 2010: New-AIMD, AIMD-FC+, AIMD transferring 100 MB", _jasem2010,
                ("jasem2010-transfers",)),
    "bazi2019": ("Bazi & Nassereddine 2019: six TCP variants against a CBR load", _bazi2019,
                ("bazi2019-cbr",)),
    "mehta-dahiya": ("Mehta & Dahiya: the cited claims on Westwood, Veno, TCP-LP", _mehta_dahiya,
                ("mehta-dahiya-random-loss", "mehta-dahiya-low-priority")),
    "lahanas2003": ("Lahanas & Tsaoussidis 2003 Sec. 5: AIMD, AIMD-FC, AIMD-FC+ in TCP-SACK",
                _lahanas2003, ("lahanas2003-stationary", "lahanas2003-churn")),
    "reddy-aiad": ("Reddy et al.: AIMD and AIAD over 13 environments", _reddy_aiad,
                ("reddy-aiad-grid",)),
}
"""Paper's key -> (title, runner, the set-ups it uses)."""


def run_experiment(name: str, scale: str = "ledger", *, workers: int = 1,
                   progress: bool = False, fidelity: str = "round") -> dict[str, Any]:
    """Run one paper's experiments (``name``: its key); return the results by name.

    ``fidelity`` is the queue model's mode (:func:`aimdmodel.queue.run`):
    ``"packet"`` raises ``ValueError``, with the reason, at the first set-up
    the packet-level mode leaves out.

    Examples
    --------
    >>> r = run_experiment("mehta-dahiya")
    >>> sorted(r), r["random loss"].variants
    (['low priority', 'random loss'], ('newreno', 'westwood', 'veno'))
    """
    if name not in EXPERIMENTS:
        raise ValueError(f"name must be one of {', '.join(EXPERIMENTS)}, got {name!r}")
    token = _FIDELITY.set(fidelity)
    try:
        return EXPERIMENTS[name][1](scale, workers, progress)
    finally:
        _FIDELITY.reset(token)


# --------------------------------------------------------------------------
# Markdown
# --------------------------------------------------------------------------
_DIGITS: contextvars.ContextVar[int | None] = contextvars.ContextVar("digits", default=None)
"""Significant digits of the tables' numbers (``render(digits=...)``); None: each quantity's
own decimals."""


def _num(v: float, fmt: str) -> str:
    """A number of a table: ``fmt`` (the quantity's decimals), or ``--digits`` when given."""
    digits = _DIGITS.get()
    return format(v, fmt) if digits is None else fmt_significant(float(v), digits)


def _cell(v: Any, fmt: str) -> str:
    if isinstance(v, str):
        return v
    return "-" if v is None or not np.isfinite(v) else _num(v, fmt)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    return "\n".join(markdown_table(header, rows))


def _by_column(title: str, index: Sequence[str], columns: Sequence[str], arr: Any, fmt: str,
               scale: float = 1.0, first: str = "") -> str:
    """A table with one row per ``index`` and one column per ``columns`` (arr is (C, I))."""
    a = np.asarray(arr, dtype=float) * scale
    rows = [[str(ix)] + [_cell(a[c, i], fmt) for c in range(len(columns))]
            for i, ix in enumerate(index)]
    return f"{title}\n\n" + _table([first, *columns], rows)


def _render_cbr(d: studies.CBRLoadData) -> str:
    loads = [f"{r / 1e6:g}" for r in d.cbr_rates]
    parts = [_by_column(f"{what}:", loads, d.variants, getattr(d, m), fmt, k, "CBR (Mb/s)")
             for what, m, fmt, k in (("Throughput (Mb/s)", "throughput", ".3f", 1e-6),
                                     ("Latency, mean RTT (ms)", "latency", ".1f", 1e3),
                                     ("Drop rate of the TCP flow (%)", "drop_rate", ".3f", 100),
                                     ("Retransmission timeouts per run", "timeouts", ".1f", 1))]
    return "\n\n".join(parts)


def _printed(setting: str, family: str, label: str) -> tuple[str, str]:
    a, b = label[5:-1].split(", ")
    key = (int(a), b if family == "AIMD" else int(b))
    return reddy_aiad.APPENDIX.get(setting, {}).get(family, {}).get(key, ("-", "-"))


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
                row += [lab[4:], _num(sc.D[lab], ".2f"), _num(sc.C[lab], ".2f"), pd, pc]
            rows.append(row)
        head = ["AIMD", "D_a", "C_a", "printed D_a", "printed C_a",
                "AIAD", "D_a", "C_a", "printed D_a", "printed C_a"]
        out.append(f"TCP {name.replace('+', ' + ')} (goodput; A = the {len(g.policies)} rows "
                   f"run):\n\n" + _table(head, rows))
    return "\n\n".join(out)


def _render_scores(g: studies.RobustnessData) -> str:
    out = []
    for name in g.setting_names:
        s = g._setting(name)
        rows = []
        for metric in studies.ROBUSTNESS_METRICS:
            sc = g.scores(name, metric)
            vals = getattr(g, metric)[s]
            rows += [[metric, p, _num(np.mean(vals[i]), ".3f"), _num(sc.D[p], ".2f"),
                      _num(sc.C[p], ".2f")]
                     for i, p in enumerate(g.policies)]
        out.append(f"{name} (mean over the {len(g.environments)} environments; for loss, "
                   "delay and fairness, where lower is better, d_a(e) = S_a(e) - S_min(e)):\n\n"
                   + _table(["score", "policy", "mean", "D_a", "C_a"], rows))
    return "\n\n".join(out)


_SWEEP = (("Goodput (% of the link)", "goodput", ".2f", None),
          ("Utilization (%)", "utilization", ".2f", 100),
          ("Jain's index", "jain", ".4f", 1),
          ("Queueing delay (ms)", "queueing_delay", ".2f", 1e3),
          ("Loss rate (%)", "loss_rate", ".3f", 100),
          ("Mean transfer time (s)", "transfer_time", ".2f", 1),
          ("Last transfer's time (s)", "transfer_time_max", ".2f", 1),
          ("Timeouts per run", "timeouts", ".1f", 1))


def _render_sweep(d: studies.FlowsSweepData) -> str:
    parts = []
    for what, m, fmt, k in _SWEEP:
        arr = getattr(d, m)
        if np.isnan(arr).all():
            continue
        k = 100 / d.setup["link_rate"] if k is None else k
        parts.append(_by_column(f"{what}:", d.flow_counts, d.policies, arr, fmt, k, "flows"))
    return "\n\n".join(parts)


def _render_churn(c: studies.ChurnData) -> str:
    idx = [f"{t:g}-{t + c.setup['period']:g} s ({n} flows)" for t, n in zip(c.t, c.active,
                                                                          strict=True)]
    g = _by_column("Goodput (% of the link):", idx, c.policies, c.goodput, ".2f",
                   100 / c.setup["link_rate"], "period")
    j = _by_column("Jain's index:", idx, c.policies, c.jain, ".4f", 1, "period")
    return f"{g}\n\n{j}"


def _render_loss(d: studies.RandomLossData) -> str:
    ps = [f"{100 * p:g}" for p in d.loss_rates]
    return "\n\n".join(_by_column(f"{what}:", ps, d.variants, getattr(d, m), fmt, k, "p (%)")
                       for what, m, fmt, k in (("Goodput (Mb/s)", "goodput", ".3f", 1e-6),
                                               ("Loss rate (%)", "loss_rate", ".3f", 100)))


def _render_lp(d: studies.LowPriorityData) -> str:
    mb = 1e-6
    rows = [["best-effort alone", _num(d.primary_alone.sum() * mb, ".3f"), "-",
             _num(d.utilization["primary alone"], ".3f")],
            ["both classes", _num(d.primary_shared.sum() * mb, ".3f"),
             _num(d.low_shared.sum() * mb, ".3f"), _num(d.utilization["shared"], ".3f")],
            ["low-priority alone", "-", _num(d.low_alone.sum() * mb, ".3f"),
             _num(d.utilization["low alone"], ".3f")]]
    head = ["run", f"{d.primary} (Mb/s)", f"{d.low} (Mb/s)", "utilization"]
    return (_table(head, rows) + "\n\nBest-effort goodput with/without: "
            f"{_num(d.primary_ratio, '.3f')}; "
            f"low-priority share of the excess: {_num(d.excess_taken, '.3f')}; Jain's index "
            f"of the low-priority flows: {_num(d.jain_low(True), '.4f')} (with), "
            f"{_num(d.jain_low(False), '.4f')} (alone).")


def render(name: str, results: Mapping[str, Any], scale: str = "ledger", *,
           digits: int | None = None) -> str:
    """Markdown: the set-ups (printed and chosen parameters) and a table per result.

    ``digits``: significant digits of every number in the tables
    (:func:`aimdmodel._format.fmt_significant`, as ``--digits`` of every
    table the command line prints); None (default): each quantity's own
    decimals (goodput 2, Jain's index 4, loss rate 3, ...).

    Examples
    --------
    >>> results = run_experiment("mehta-dahiya")
    >>> text = render("mehta-dahiya", results)
    >>> text.splitlines()[0]
    '## mehta-dahiya: Mehta & Dahiya: the cited claims on Westwood, Veno, TCP-LP'
    >>> [line for line in text.splitlines() if line.startswith("| both")]
    ['| both classes | 4.325 | 4.951 | 0.928 |']
    >>> [line for line in render("mehta-dahiya", results, digits=2).splitlines()
    ...  if line.startswith("| both")]
    ['| both classes | 4.3 | 5 | 0.93 |']
    """
    token = _DIGITS.set(digits)
    try:
        return _render(name, results, scale)
    finally:
        _DIGITS.reset(token)


def _render(name: str, results: Mapping[str, Any], scale: str) -> str:
    title, _, setups = EXPERIMENTS[name]
    parts = [f"## {name}: {title}", *(f"Set-up: {SETUPS[s].describe(scale)}." for s in setups)]
    for key, res in results.items():
        if isinstance(res, studies.CBRLoadData):
            body = _render_cbr(res)
        elif isinstance(res, studies.RobustnessData):
            body = _render_appendix(res) if key == "appendix" else _render_scores(res)
        elif isinstance(res, studies.FlowsSweepData):
            body = _render_sweep(res)
        elif isinstance(res, studies.ChurnData):
            body = _render_churn(res)
        elif isinstance(res, studies.RandomLossData):
            body = _render_loss(res)
        else:
            body = _render_lp(res)
        parts.append(f"### {name}, {key} ({res.replications} replication"
                     f"{'s' if res.replications > 1 else ''})\n\n{body}")
    return "\n\n".join(parts) + "\n"


def report(names: Sequence[str] | None = None, scale: str = "ledger", *, workers: int = 1,
           progress: bool = False, digits: int | None = None, fidelity: str = "round") -> str:
    """Run and render several papers' experiments (default all), each with its wall time.

    ``digits`` as for :func:`render`; ``fidelity`` as for :func:`run_experiment`.

    Examples
    --------
    >>> report(["mehta-dahiya"]).splitlines()[0]
    "# The papers' experiments rerun in the queue model (ledger scale)"
    """
    names = list(names or EXPERIMENTS)
    parts, times = [], []
    for n in names:
        t0 = time.perf_counter()
        res = run_experiment(n, scale, workers=workers, progress=progress, fidelity=fidelity)
        times.append((n, time.perf_counter() - t0))
        parts.append(render(n, res, scale, digits=digits))
    total = sum(t for _, t in times)
    timing = ", ".join(f"{n} {t:.0f} s" for n, t in times)
    how = ("`python benchmarks/reruns.py` (the same as `aimdmodel experiment all --scale full "
           "--out paper_checks/RERUNS.md`)" if scale == "full" else
           f"`aimdmodel experiment all --scale {scale}`")
    mode = "" if fidelity == "round" else ", packet by packet"
    head = (f"# The papers' experiments rerun in the queue model ({scale} scale{mode})\n\n"
            f"Generated by {how} with {workers} worker{'s' if workers > 1 else ''}; wall "
            f"time {total:.0f} s ({timing}). Every "
            "parameter is listed under its experiment: printed by the paper (with the phrase, "
            "located in its text) or chosen (with the reason). Model: aimdmodel.queue (its "
            + ("simplifications are in aimdmodel/queue/model.py).\n" if fidelity == "round" else
               "packet-level mode; what it leaves out is in aimdmodel/queue/packet.py).\n"))
    return head + "\n" + "\n".join(parts)
