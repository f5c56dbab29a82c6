"""Run the claims ledger and render it as Markdown or JSON.

``python -m paper_checks --write-readme`` regenerates
``paper_checks/README.md``; ``aimdmodel check`` is the command-line entry.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
from collections.abc import Sequence
from pathlib import Path

from aimdmodel._format import markdown_table
from papers.keys import PAPERS as KEYS

from .ledger import CAUSES, DISAGREE, VERDICTS, Claim

__all__ = ["PAPERS", "README", "causes", "decider", "readme_text", "run", "summary", "to_json",
           "to_markdown"]

PAPERS: dict[str, str] = {key: f"{paper.package}.claims" for key, paper in KEYS.items()}
"""Paper key -> module holding its ``checks()``: each paper's ``claims.py`` in its folder
(``papers/KEY/claims.py``), found through the table of keys (:data:`papers.keys.PAPERS`,
:attr:`papers.keys.Paper.package`), in its order; the one place the ledger finds its claims."""

README = Path(__file__).with_name("README.md")


def _module(key: str):
    try:
        name = PAPERS[key]
    except KeyError:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, got {key!r}") from None
    return importlib.import_module(name)


def run(papers: Sequence[str] | None = None) -> list[Claim]:
    """Run the checks of the given papers (default: all five, in PAPERS order)."""
    keys = list(PAPERS) if not papers else list(papers)
    claims: list[Claim] = []
    for key in keys:
        claims.extend(_module(key).checks())
    return claims


def summary(claims: Sequence[Claim]) -> dict[str, dict[str, int]]:
    """Count of claims per verdict per paper (every verdict present, zeros included)."""
    out: dict[str, dict[str, int]] = {}
    for c in claims:
        out.setdefault(c.paper, {v: 0 for v in VERDICTS})[c.verdict] += 1
    return out


def causes(claims: Sequence[Claim]) -> dict[str, dict[str, int]]:
    """Count of the not-reproduced claims per cause per paper (every cause, zeros included)."""
    out: dict[str, dict[str, int]] = {}
    for c in claims:
        row = out.setdefault(c.paper, {k: 0 for k in CAUSES})
        if c.cause in CAUSES:
            row[c.cause] += 1
    return out


CAUSE_WORDS = {
    "paper": "the paper's own analysis, data or text",
    "convention": "a convention or arithmetic the paper did not use",
    "typo": "a typo",
    "simulator": "a simulator result the packet-level run does not reproduce",
    "outside": "a part outside the models",
}
"""How the summary lines name the causes."""


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _summary_line(key: str, counts: dict[str, int], by_cause: dict[str, int] | None = None,
                  reading: int = 0) -> str:
    total = sum(counts.values())
    parts = ", ".join(f"{counts[v]} {v}" + (f" ({DISAGREE})" if v == "undecided" else "")
                      for v in VERDICTS)
    line = f"**Summary {key}:** {total} claims: {parts}."
    if by_cause is not None:
        why = "; ".join(f"{by_cause[c]} {CAUSE_WORDS[c]}" for c in CAUSES)
        line += (f" Not reproduced ({sum(by_cause.values())}) because of: {why}. "
                 f"{reading} of the {total} rest on the paper's own words (reading claims).")
    return line


def _line(key: str, claims: Sequence[Claim]) -> str:
    rows = [c for c in claims if c.paper == key]
    return _summary_line(key, summary(rows)[key], causes(rows)[key],
                         sum(c.basis == "reading" for c in rows))


def to_markdown(claims: Sequence[Claim]) -> str:
    """A table per paper and a summary line per paper."""
    keys = list(dict.fromkeys(c.paper for c in claims))
    lines: list[str] = []
    for key in keys:
        mod = _module(key)
        lines += [f"## {key}: {mod.TITLE}", "", _line(key, claims), ""]
        rows = []
        for c in claims:
            if c.paper == key:
                verdict = f"**{c.verdict}**" + (" (reading)" if c.basis == "reading" else "")
                row = [c.id, c.where, c.claim, c.claimed, c.computed, verdict, c.cause or "-",
                       c.evidence]
                rows.append([_cell(x) for x in row])
        lines += markdown_table(["id", "where", "claim", "claimed", "computed", "verdict",
                                 "why not", "evidence"], rows)
        lines.append("")
    lines.append("## Summary")
    lines.append("")
    for key in keys:
        lines.append("- " + _line(key, claims))
    if len(keys) > 1:
        lines.append("- " + _total(claims))
    lines += _undecided(claims)
    return "\n".join(lines).rstrip() + "\n"


def _total(claims: Sequence[Claim]) -> str:
    """The summary line over every paper (one row per claim, so it counts claims)."""
    counts = {v: sum(c.verdict == v for c in claims) for v in VERDICTS}
    by_cause = {k: sum(c.cause == k for c in claims) for k in CAUSES}
    return _summary_line("all papers", counts, by_cause,
                         sum(c.basis == "reading" for c in claims))


_ABBREVIATIONS = frozenset({"Sec", "Secs", "Fig", "Figs", "Eq", "Eqs", "Tab", "e.g", "i.e",
                            "al", "cf", "vs"})
"""Words whose period does not end a sentence (``Sec. 5.2``, ``e.g. Fig. 3``)."""
_SENTENCE_END = re.compile(r"(\S*)\. (?=[A-Z])")


def decider(c: Claim) -> str:
    """What would decide an ``undecided`` (or ``outside-model``) claim: the sentence of its
    evidence that starts with "What would decide it".

    The sentence ends at a period followed by a space and a capital letter, unless the
    period closes an abbreviation (``Sec. 5.2``, ``e.g. Fig. 3``); else at the end of the
    evidence.
    """
    text = " ".join(c.evidence.split())
    start = text.find("What would decide it")
    if start < 0:
        return ""
    for m in _SENTENCE_END.finditer(text, start):
        if m.group(1).rsplit("(", 1)[-1] not in _ABBREVIATIONS:
            return text[start: m.start() + len(m.group(1)) + 1]
    return text[start:]


def _undecided(claims: Sequence[Claim]) -> list[str]:
    rows = [c for c in claims if c.verdict == "undecided"]
    if not rows:
        return []
    out = ["", "## Undecided: what would decide them", "",
           f"{len(rows)} claims about a paper's simulator experiment on which the queue model "
           "(round mode) disagrees with the paper and no packet-level run at the paper's scale "
           "decides (no stored ns-3 run; the packet-level mode refuses the set-up or agrees "
           f"less with ns-3 on the claim's metric) ({DISAGREE}).", ""]
    out += [f"- {c.paper} `{c.id}`: {_cell(decider(c))}" for c in rows]
    return out


def to_json(claims: Sequence[Claim]) -> str:
    """A JSON list of the claim objects."""
    return json.dumps([c.as_dict() for c in claims], indent=1, ensure_ascii=False) + "\n"


HEADER = """# The claims ledger

Generated by `python -m paper_checks --write-readme` (below this header, the same
text as `aimdmodel check`); do not edit by hand: a test checks that
this file is current.

Every verdict is computed by a rule in `paper_checks/ledger.py` from the
evidence in its row: `reproduced` (agrees within the stated tolerance, or no
counterexample in the stated search), `refuted` (disagrees, or a counterexample
with no verified condition), `partly` (holds only under the stated, verified
condition, or only some parts hold), `outside-model` (needs a quantity that
neither the synchronous binary-feedback model nor the round-based queue model
has a variable for; the row says what would decide it), `undecided` (cause
`models disagree`, counted apart: a claim about a paper's simulator experiment
on which the queue model disagrees with the paper and no stored packet-level
run at the paper's scale decides; the row, and the list at the end, say what
would decide it). Exact means Fraction arithmetic, float means float64. A
claim about a simulator measurement (NS-2, NCTUns) is decided on the stored
packet-level (ns-3) runs at the paper's scale where they measure what it is
about (`paper_checks/ns3_reruns.jsonl`, rendered in
`paper_checks/NS3_RERUNS.md`; the row says what was measured: per flow or
until the last flow ends, mean or maximum); the queue model
(`aimdmodel.studies`, at a reduced scale stated in its row, with every
parameter the paper prints and the value chosen for each one it does not,
`papers/KEY/setups.py`) is the fast estimate shown beside them. Without a stored
ns-3 run, the row is computed in both modes of the queue model (round and
packet-level, `aimdmodel.queue.run(..., fidelity="packet")`), and the mode
that agrees better with ns-3 on the claim's metric, for flows with or
without SACK as the row's (the validation against ns-3's stored runs,
`paper_checks/modes.py`), decides: the packet-level mode's verdict as a
packet-level one; the round mode's only where it reproduces the paper. The
row names the mode, the numbers that chose it and both modes' values, or
why the packet-level mode refuses its set-up. A claim with a printed and a
charitable reading is one row, computed under both. The queue model's
full-scale runs are in `paper_checks/RERUNS.md`.

A `refuted` or `partly` row says why in the column "why not": `paper` (the
paper's own analysis, data or text is at fault), `convention` (it fails only
under a convention or arithmetic the paper did not use: whole packets with
exact equality where the paper argues in the fluid limit, the other
congestion comparison, a reading of its words; the row says under which one
it holds), `typo` (a misprint: a formula, number, label or pseudocode line
that contradicts the paper's own derivation or data elsewhere), `simulator`
(the paper's simulator result is not what the packet-level run at its scale,
a stored ns-3 run or the queue model's packet-level mode where it is the
chosen mode, gives under the stated set-up), `outside` (a part
needs what no model here has; the computed parts are in the row). A verdict
marked "(reading)" rests on the paper's own words: its evidence quotes the
passages, located in the paper's text by `papers.texts` (cited
`authors year, section: "..."`), and the rule reads what they say. Where the
verdict could depend on the congestion comparison (`sum >= W`, the papers'
convention, or `sum > W`), the row was computed under both and says so.

"""


def readme_text(claims: Sequence[Claim]) -> str:
    """The text of ``paper_checks/README.md`` for these claims."""
    return HEADER + to_markdown(claims)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m paper_checks [--write-readme]``."""
    parser = argparse.ArgumentParser(prog="python -m paper_checks")
    parser.add_argument(
        "--write-readme", action="store_true", help="regenerate paper_checks/README.md"
    )
    args = parser.parse_args(argv)
    claims = run()
    if args.write_readme:
        from aimdmodel._io import atomic_write_text

        atomic_write_text(README, readme_text(claims))
    else:
        print(to_markdown(claims), end="")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
