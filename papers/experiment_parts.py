"""What a paper's rerun is made of: :class:`Experiment`, :func:`run_setup` and the tables' parts.

Each paper with a simulator set-up describes its rerun in its folder,
``papers/KEY/experiment.py``: one :class:`Experiment` named ``EXPERIMENT``
(its title, the function that runs its set-ups, the set-ups it uses, the
function that renders each result as Markdown, and its place in
``paper_checks/RERUNS.md``). :data:`papers.experiments.EXPERIMENTS` gathers
them through the table of keys. The run function calls :func:`run_setup`
for each set-up; the render function builds its tables from :func:`num`,
:func:`cell`, :func:`table`, :func:`by_column` and :func:`render_sweep`
(the tables of a flow-count sweep, which two papers run).

:func:`papers.experiments.run_experiment` sets the queue model's mode
(:data:`FIDELITY`) and :func:`papers.experiments.render` the tables' digits
(:data:`DIGITS`) for the calls it makes.

Examples
--------
>>> d = run_setup("mehta-dahiya-random-loss", "ledger", 1, False)
>>> type(d).__name__, d.variants
('RandomLossData', ('newreno', 'westwood', 'veno'))
>>> loss = [f"{100 * p:g}" for p in d.loss_rates]
>>> print(by_column("Goodput (Mb/s):", loss[:3], d.variants, d.goodput, ".3f", 1e-6, "p (%)"))
Goodput (Mb/s):
<BLANKLINE>
| p (%) | newreno | westwood | veno |
| --- | --- | --- | --- |
| 0 | 9.992 | 9.995 | 9.997 |
| 0.1 | 4.595 | 9.873 | 6.522 |
| 0.3 | 2.277 | 9.377 | 3.886 |
"""

from __future__ import annotations

import contextvars
import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from aimdmodel import studies
from aimdmodel._format import fmt_significant, markdown_table

from .setups import SETUPS

__all__ = ["DIGITS", "FIDELITY", "Experiment", "by_column", "cell", "num", "render_sweep",
           "run_setup", "table"]


FIDELITY: contextvars.ContextVar[str] = contextvars.ContextVar("fidelity", default="round")
"""The queue model's mode the set-ups run in (``run_experiment(fidelity=...)``)."""

DIGITS: contextvars.ContextVar[int | None] = contextvars.ContextVar("digits", default=None)
"""Significant digits of the tables' numbers (``render(digits=...)``); None: each quantity's
own decimals."""


@dataclasses.dataclass(frozen=True)
class Experiment:
    """A paper's rerun in the queue model: what runs, what it is called, how it is shown.

    Attributes
    ----------
    paper : str
        The paper's key (:data:`papers.keys.PAPERS`).
    title : str
        The heading of its section, after the key.
    run : callable
        ``run(scale, workers, progress)``: the results by name (a dict, in the order the
        section shows them), each from :func:`run_setup`.
    setups : tuple of str
        The set-ups it runs (:data:`papers.setups.SETUPS`), described at the top of its
        section.
    render : callable
        ``render(name, result)``: the Markdown tables of one result.
    order : int
        Its place among the papers in ``aimdmodel experiment all`` and
        ``paper_checks/RERUNS.md`` (ascending; each paper's its own). The sections keep
        the order they were first written in, which is not the table of keys'.

    Examples
    --------
    >>> e = Experiment("jasem2010", "transfers", lambda scale, workers, progress: {},
    ...                ("jasem2010-transfers",), lambda name, result: "", order=1)
    >>> e.paper, e.setups, e.run("ledger", 1, False)
    ('jasem2010', ('jasem2010-transfers',), {})
    """

    paper: str
    title: str
    run: Callable[[str, int, bool], dict[str, Any]]
    setups: tuple[str, ...]
    render: Callable[[str, Any], str]
    order: int


def run_setup(setup: str, scale: str, workers: int, progress: bool, **overrides: Any) -> Any:
    """Run one set-up (:data:`papers.setups.SETUPS`) at ``scale``, keywords overridden.

    The queue model's mode is :data:`FIDELITY`'s (``"round"`` unless
    :func:`papers.experiments.run_experiment` sets it).

    Examples
    --------
    >>> d = run_setup("bazi2019-cbr", "ledger", 1, False, rwnd=None)
    >>> type(d).__name__, d.variants[0]
    ('CBRLoadData', 'tahoe')
    """
    s = SETUPS[setup]
    fn = getattr(studies, s.function)
    kw = s.kwargs(scale, **overrides)
    fidelity = FIDELITY.get()
    if s.function == "low_priority":
        return fn(**kw, fidelity=fidelity)
    return fn(**kw, workers=workers, progress=progress, fidelity=fidelity)


def num(v: float, fmt: str) -> str:
    """A number of a table: ``fmt`` (the quantity's decimals), or :data:`DIGITS` when set.

    Examples
    --------
    >>> num(0.92791, ".3f")
    '0.928'
    """
    digits = DIGITS.get()
    return format(v, fmt) if digits is None else fmt_significant(float(v), digits)


def cell(v: Any, fmt: str) -> str:
    """A table's cell: text as it is, a missing or non-finite number as ``-``, else :func:`num`.

    Examples
    --------
    >>> cell(1.5, ".2f"), cell(float("nan"), ".2f"), cell(None, ".2f"), cell("x", ".2f")
    ('1.50', '-', '-', 'x')
    """
    if isinstance(v, str):
        return v
    return "-" if v is None or not np.isfinite(v) else num(v, fmt)


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table.

    Examples
    --------
    >>> print(table(["a", "b"], [["1", "2"]]))
    | a | b |
    | --- | --- |
    | 1 | 2 |
    """
    return "\n".join(markdown_table(header, rows))


def by_column(title: str, index: Sequence[str], columns: Sequence[str], arr: Any, fmt: str,
              scale: float = 1.0, first: str = "") -> str:
    """A titled table with one row per ``index`` and one column per ``columns`` (arr is (C, I)).

    Each value is multiplied by ``scale`` and written with ``fmt``; ``first`` heads the
    index's column.

    Examples
    --------
    >>> print(by_column("Loss (%):", ["1", "2"], ["reno"], [[0.01, 0.02]], ".1f", 100, "flows"))
    Loss (%):
    <BLANKLINE>
    | flows | reno |
    | --- | --- |
    | 1 | 1.0 |
    | 2 | 2.0 |
    """
    a = np.asarray(arr, dtype=float) * scale
    rows = [[str(ix)] + [cell(a[c, i], fmt) for c in range(len(columns))]
            for i, ix in enumerate(index)]
    return f"{title}\n\n" + table([first, *columns], rows)


_SWEEP = (("Goodput (% of the link)", "goodput", ".2f", None),
          ("Utilization (%)", "utilization", ".2f", 100),
          ("Jain's index", "jain", ".4f", 1),
          ("Queueing delay (ms)", "queueing_delay", ".2f", 1e3),
          ("Loss rate (%)", "loss_rate", ".3f", 100),
          ("Mean transfer time (s)", "transfer_time", ".2f", 1),
          ("Last transfer's time (s)", "transfer_time_max", ".2f", 1),
          ("Timeouts per run", "timeouts", ".1f", 1))


def render_sweep(d: studies.FlowsSweepData) -> str:
    """The tables of a flow-count sweep: one per quantity it measured, a row per flow count.

    Examples
    --------
    >>> d = run_setup("lahanas2003-stationary", "ledger", 1, False)
    >>> [line for line in render_sweep(d).splitlines() if line.endswith(":")][:2]
    ['Goodput (% of the link):', 'Utilization (%):']
    """
    parts = []
    for what, m, fmt, k in _SWEEP:
        arr = getattr(d, m)
        if np.isnan(arr).all():
            continue
        k = 100 / d.setup["link_rate"] if k is None else k
        parts.append(by_column(f"{what}:", d.flow_counts, d.policies, arr, fmt, k, "flows"))
    return "\n\n".join(parts)
