"""The papers' set-ups as ns-3 ran them, for the ledger to quote beside the papers' numbers.

The runs are too long for the ledger (one 100 Mbit/s run takes 0.5 to 5
minutes with ns-3's wheel), so they are made by ``python
benchmarks/ns3_reruns.py run ...`` (:mod:`papers.ns3_setups`: Lahanas &
Tsaoussidis 2003 Sec. 5.1 and Jasem et al. 2010's NCTUns dumbbell, the
papers' own policies run inside ns-3 as generated congestion ops), appended
to :data:`PATH` run by run, and rendered as ``paper_checks/NS3_RERUNS.md``.
A set-up's name starts with its paper's key (``"lahanas2003 Sec. 5.1
(stationary)"``). This module reads that file and
summarises it; a row about a paper's simulator experiment is decided on these
runs where they measure what it is about (one replication of a subset of the
flow counts), the queue model's numbers beside them as the fast estimate
(:func:`paper_checks.ledger.verdict_from_packet_level`). A missing file or
set-up is said, not guessed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from aimdmodel._format import markdown_table

__all__ = ["PATH", "TABLE", "by_flows", "means", "quote", "render", "runs"]

PATH = Path(__file__).resolve().parents[1] / "paper_checks" / "ns3_reruns.jsonl"
"""The JSON-lines file of ns-3 runs (one row per flow count and policy)."""

TABLE = PATH.with_name("NS3_RERUNS.md")
"""Its Markdown rendering (:func:`render`), checked against it by a test."""

SHORT = {
    "AIMD(a=1, b=1/2)": "AIMD",
    "AIMD-FC(a=1, b=1/2)": "AIMD-FC",
    "AIMD-FC+(a=1, b=1/2, f=1/2)": "AIMD-FC+",
    "New-AIMD(a=1, b=1/2, printed)": "New-AIMD printed",
    "New-AIMD(a=1, b=1/2, charitable)": "New-AIMD charitable",
}


def runs(setup: str, path: Path = PATH) -> list[dict[str, Any]]:
    """Return the ns-3 rows of one set-up (its name starts with ``setup``), file order.

    Examples
    --------
    >>> rows = runs("jasem2010")
    >>> {r["policy"] for r in rows} >= {"AIMD(a=1, b=1/2)"}
    True
    """
    if not path.exists():
        return []
    out = []
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                row = json.loads(line)
                if str(row.get("setup_name", "")).startswith(setup):
                    out.append(row)
    return out


def by_flows(setup: str, metric: str, *, where: dict[str, Any] | None = None
             ) -> dict[str, dict[int, float]]:
    """One metric of the ns-3 runs of a set-up: short policy name -> {flow count: value}.

    Examples
    --------
    >>> sorted(by_flows("jasem2010", "utilization")["AIMD"])
    [2, 8, 16, 32]
    >>> by_flows("no such set-up", "utilization")
    {}
    """
    out: dict[str, dict[int, float]] = {}
    for r in runs(setup):
        if all(r.get(k) == v for k, v in (where or {}).items()):
            name = SHORT.get(r["policy"], r["policy"])
            out.setdefault(name, {})[int(r["flows"])] = float(r[metric])
    return out


def means(setup: str, metric: str, *, where: dict[str, Any] | None = None) -> dict[str, float]:
    """The mean over the flow counts of one metric of the ns-3 runs, per short policy name
    (float; empty when there are no runs).

    Examples
    --------
    >>> m = means("jasem2010", "mean_transfer_s")
    >>> m["AIMD-FC+"] > m["New-AIMD printed"]
    True
    """
    return {p: sum(v.values()) / len(v) for p, v in by_flows(setup, metric, where=where).items()}


def quote(setup: str, metric: str, *, scale: float = 1.0, digits: int = 4,
          where: dict[str, Any] | None = None) -> str:
    """Say one metric of the ns-3 runs of a set-up, by flow count and policy.

    Parameters
    ----------
    setup : str
        The start of the set-up's name (``"jasem2010"``, ``"lahanas2003 Sec. 5.1"``).
    metric : str
        A column of the rows (``utilization``, ``mean_transfer_s``, ...).
    scale : float
        Multiplies the values (100 for percentages).
    digits : int
        Significant digits.
    where : dict, optional
        Keep only rows with these values (e.g. ``{"discipline": "droptail"}``).

    Returns
    -------
    str
        ``"2 flows: AIMD 90.31, ...; 8 flows: ..."``, with the set-up and
        the count of runs, or a sentence saying there are none.

    Examples
    --------
    >>> quote("jasem2010", "utilization", scale=100).startswith("ns-3 (")
    True
    >>> quote("no such set-up", "utilization")
    'ns-3: no runs of no such set-up in paper_checks/ns3_reruns.jsonl'
    """
    rows = [r for r in runs(setup) if all(r.get(k) == v for k, v in (where or {}).items())]
    if not rows:
        return f"ns-3: no runs of {setup} in paper_checks/{PATH.name}"
    by_n: dict[int, list[str]] = {}
    for r in rows:
        name = SHORT.get(r["policy"], r["policy"])
        by_n.setdefault(int(r["flows"]), []).append(f"{name} {scale * r[metric]:.{digits}g}")
    s = rows[0]["setup"]
    said = ", ".join(f"{k} {v:g}" if isinstance(v, float) else f"{k} {v}"
                     for k, v in s.items() if k != "replications" and v is not None)
    per_n = "; ".join(f"{n} flows: {', '.join(v)}" for n, v in sorted(by_n.items()))
    return (f"ns-3 ({rows[0]['setup_name']}; {said}; {len(rows)} runs of "
            f"{s.get('replications', 1)} replication(s)), {metric}: {per_n}")


def render(path: Path = PATH) -> str:
    """Return the Markdown of the ns-3 runs in ``path``, one table per set-up.

    Examples
    --------
    >>> render().startswith("# The papers' set-ups in ns-3")
    True
    """
    groups: dict[str, list[dict[str, Any]]] = {}
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                row = json.loads(line)
                groups.setdefault(row["setup_name"], []).append(row)
    out = ["# The papers' set-ups in ns-3", "",
           "Generated from `paper_checks/ns3_reruns.jsonl` by `python benchmarks/ns3_reruns.py "
           "table > paper_checks/NS3_RERUNS.md` (the runs: `python benchmarks/ns3_reruns.py run "
           "...`, papers.ns3_setups; the papers' policies run inside ns-3 as generated "
           "congestion ops). One replication per row; `seconds` is the wall time of the run; "
           "`timeouts` counts entries into ns-3's loss state (CA_LOSS), as the bridge counted "
           "when these runs were made: a second expiry of the timer in that state is not in "
           "it (aimdmodel's validation store counts every expiry). Do not edit by hand.", ""]
    for name, rows in groups.items():
        setup = ", ".join(f"{k} = {v:g}" if isinstance(v, float) else f"{k} = {v}"
                          for k, v in rows[0]["setup"].items())
        cols = [k for k in rows[0] if k not in ("setup_name", "setup", "wall")]
        out += [f"## {name}", "", f"Set-up: {setup}.", ""]
        out += markdown_table(cols, [[f"{r[c]:.4g}" if isinstance(r[c], float) else str(r[c])
                                      for c in cols] for r in rows])
        out.append("")
    return "\n".join(out)
