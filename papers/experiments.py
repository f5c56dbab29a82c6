"""The papers' experiments rerun in the queue model: runs and Markdown tables.

Each paper with a simulator set-up describes its rerun in its folder,
``papers/KEY/experiment.py`` (an :class:`~papers.experiment_parts.Experiment`
named ``EXPERIMENT``: its runs of the paper's set-ups, :mod:`papers.setups`,
and its tables); this module finds them through the table of keys
(:data:`papers.keys.PAPERS`, :attr:`~papers.keys.Paper.package`) and holds
the one registry, :data:`EXPERIMENTS`, in the order of the sections of
``paper_checks/RERUNS.md`` (each experiment's ``order``): a paper without a
simulator set-up has no ``experiment.py``, and a new paper's is found
without an edit here.

:func:`run_experiment` runs one paper's set-ups through
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
>>> list(EXPERIMENTS)
['jasem2010', 'bazi2019', 'mehta-dahiya', 'lahanas2003', 'reddy-aiad']
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from .experiment_parts import DIGITS, FIDELITY, Experiment
from .keys import PAPERS, part_module
from .setups import SETUPS

__all__ = ["EXPERIMENTS", "Experiment", "experiment_module", "render", "report",
           "run_experiment"]


def experiment_module(key: str) -> str | None:
    """The dotted name of the module holding paper ``key``'s rerun, or None if it has none.

    Examples
    --------
    >>> experiment_module("bazi2019")
    'papers.bazi2019.experiment'
    """
    return part_module(key, 'experiment')


def _gather() -> Mapping[str, Experiment]:
    found: list[Experiment] = []
    for key in PAPERS:
        name = experiment_module(key)
        if name is None:
            continue
        e = importlib.import_module(name).EXPERIMENT
        if e.paper != key or not all(SETUPS[s].paper == key for s in e.setups):
            raise ValueError(f"{name}: its experiment or one of its set-ups is not {key}'s")
        found.append(e)
    orders = [e.order for e in found]
    if len(set(orders)) != len(orders):
        raise ValueError(f"two papers' experiments share an order: {sorted(orders)}")
    return MappingProxyType({e.paper: e for e in sorted(found, key=lambda e: e.order)})


EXPERIMENTS: Mapping[str, Experiment] = _gather()
"""Paper's key -> its :class:`~papers.experiment_parts.Experiment` (title, runner, the set-ups
it uses, renderer, order), in the order of ``paper_checks/RERUNS.md``."""


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
    token = FIDELITY.set(fidelity)
    try:
        return EXPERIMENTS[name].run(scale, workers, progress)
    finally:
        FIDELITY.reset(token)


# --------------------------------------------------------------------------
# Markdown
# --------------------------------------------------------------------------
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
    token = DIGITS.set(digits)
    try:
        return _render(name, results, scale)
    finally:
        DIGITS.reset(token)


def _render(name: str, results: Mapping[str, Any], scale: str) -> str:
    e = EXPERIMENTS[name]
    parts = [f"## {name}: {e.title}", *(f"Set-up: {SETUPS[s].describe(scale)}." for s in e.setups)]
    for key, res in results.items():
        parts.append(f"### {name}, {key} ({res.replications} replication"
                     f"{'s' if res.replications > 1 else ''})\n\n{e.render(key, res)}")
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
