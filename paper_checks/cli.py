"""``aimdmodel check``: the claims ledger on the command line (an entry-point plugin).

Registered through the entry-point group ``aimdmodel.commands`` (see
:mod:`aimdmodel.cli`). By default a summary that fits the terminal (one
line a claim: id, verdict, cause, the claim); the full evidence with
``--format markdown`` or ``json``, or for one claim with ``--claim ID``.
"""

from __future__ import annotations

import argparse
import shutil
import textwrap
from collections.abc import Sequence
from typing import Any

from aimdmodel._io import atomic_write_text, check_output
from aimdmodel._progress import bar
from aimdmodel.cli import output_file
from papers.keys import PAPERS as CITATIONS
from papers.keys import paper_key

from . import runner
from .ledger import CAUSES, VERDICTS, Claim

__all__ = ["check", "register", "run_claims", "summary_table"]


def _paper(text: str) -> str:
    try:
        key = paper_key(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if key not in runner.PAPERS:  # pragma: no cover - the two registries agree (a test)
        raise argparse.ArgumentTypeError(f"the ledger has no paper {key!r}")
    return key


def run_claims(keys: Sequence[str] | None = None) -> list[Claim]:
    """Run the ledger of ``keys`` (default all five), with a progress bar on a terminal.

    Examples
    --------
    >>> [c.paper for c in run_claims(["bazi2019"])][:1]
    ['bazi2019']
    """
    keys = list(runner.PAPERS) if not keys else list(keys)
    claims: list[Claim] = []
    with bar(total=len(keys), desc="check", unit="paper") as progress:
        for key in keys:
            progress.set_postfix_str(CITATIONS[key].short)
            claims.extend(runner.run([key]))
            progress.update()
    return claims


def _fit(text: str, width: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: max(0, width - 3)].rstrip() + "..."


def summary_table(claims: Sequence[Claim], width: int = 100) -> str:
    """One line a claim (id, verdict, cause, the claim) under a heading a paper.

    Lines are cut to ``width`` characters; the totals of each paper follow
    its heading.

    Examples
    --------
    >>> from paper_checks.ledger import VERDICTS, Claim
    >>> c = Claim(paper="bazi2019", id="x1", where="Sec. 1", claim="a long claim " * 20,
    ...           claimed="1", computed="1", verdict=VERDICTS[0], evidence="e")
    >>> lines = summary_table([c], width=60).splitlines()
    >>> max(len(line) for line in lines) <= 60
    True
    """
    lines: list[str] = []
    keys = list(dict.fromkeys(c.paper for c in claims))
    for key in keys:
        rows = [c for c in claims if c.paper == key]
        counts = {v: sum(c.verdict == v for c in rows) for v in VERDICTS}
        cite = CITATIONS[key]
        lines.append(_fit(f"{key}: {cite.short}, {cite.title}", width))
        lines.append(_fit(f"  {len(rows)} claims: " + ", ".join(
            f"{n} {v}" for v, n in counts.items() if n), width))
        idw = max(len(c.id) for c in rows)
        vw = max(len(c.verdict) + (4 if c.basis == "reading" else 0) for c in rows)
        cw = max([len(c.cause or "-") for c in rows])
        for c in rows:
            verdict = c.verdict + (" (r)" if c.basis == "reading" else "")
            head = f"  {c.id:<{idw}}  {verdict:<{vw}}  {c.cause or '-':<{cw}}  "
            lines.append(head + _fit(c.claim, width - len(head)))
        lines.append("")
    lines.append(_fit("(r): the verdict reads the paper's own words. causes: " + "; ".join(
        f"{k}: {v}" for k, v in runner.CAUSE_WORDS.items() if k in CAUSES), 10**6))
    lines.append("Evidence: --format markdown|json (all), --claim ID (one).")
    return "\n".join(textwrap.fill(x, width, subsequent_indent="  ", break_on_hyphens=False)
                     if len(x) > width else x for x in lines)


def _one_claim(claims: Sequence[Claim], wanted: str) -> str:
    paper, _, cid = wanted.rpartition(":")
    paper = paper_key(paper) if paper else ""
    hits = [c for c in claims if c.id == cid and (not paper or c.paper == paper)]
    if not hits:
        ids = ", ".join(c.id for c in claims)
        raise ValueError(f"--claim {wanted}: no such claim; the claims are {ids}")
    if len(hits) > 1:
        raise ValueError(f"--claim {wanted}: in several papers; write PAPER:ID "
                         f"({', '.join(f'{c.paper}:{c.id}' for c in hits)})")
    c = hits[0]
    cite = CITATIONS[c.paper]
    fields = [("paper", f"{c.paper}: {cite.citation}"), ("where", c.where), ("claim", c.claim),
              ("claimed", c.claimed), ("computed", c.computed),
              ("verdict", c.verdict + (" (reading)" if c.basis == "reading" else "")),
              ("cause", (c.cause and f"{c.cause}: {runner.CAUSE_WORDS[c.cause]}") or "-"),
              ("evidence", c.evidence)]
    width = min(100, shutil.get_terminal_size().columns)
    return "\n".join(textwrap.fill(" ".join(str(v).split()), width, initial_indent=f"{k:<9} ",
                                   subsequent_indent=" " * 10) for k, v in fields)


def check(args: argparse.Namespace) -> str:
    """Run the ledger; return a summary, the full ledger, or write it to ``args.out``.

    Examples
    --------
    >>> args = argparse.Namespace(paper="bazi2019", format="markdown", out=None, claim=None)
    >>> check(args).splitlines()[0][:12]
    '## bazi2019:'
    """
    paper = args.paper
    if args.claim and ":" in args.claim and not paper:  # PAPER:ID runs that paper only
        try:
            paper = paper_key(args.claim.rpartition(":")[0])
        except ValueError as exc:
            raise ValueError(f"--claim {args.claim}: {exc}") from None
    claims = run_claims([paper] if paper else None)
    if args.claim:
        return _one_claim(claims, args.claim)
    to_file = bool(args.out) and check_output(args.out).kind != "stdout"
    fmt = args.format or ("markdown" if to_file else "table")
    if fmt == "table":
        text = summary_table(claims, shutil.get_terminal_size().columns - 1)
    else:
        text = runner.to_json(claims) if fmt == "json" else runner.to_markdown(claims)
    if not to_file:
        return text.rstrip("\n")
    atomic_write_text(args.out, text if text.endswith("\n") else text + "\n")
    counts = runner.summary(claims)
    parts = "; ".join(
        f"{key}: " + ", ".join(f"{n} {v}" for v, n in cnt.items()) for key, cnt in counts.items()
    )
    return f"wrote {len(claims)} claims to {args.out} ({parts})"


def register(subparsers: Any) -> None:
    """Add ``check`` to the ``aimdmodel`` command line.

    Examples
    --------
    >>> from aimdmodel.cli import build_parser
    >>> build_parser().parse_args(["check", "--paper", "jasem2010"]).paper
    'jasem2010'
    """
    keys = "; ".join(f"{k}: {p.short}" for k, p in CITATIONS.items())
    chk = subparsers.add_parser(
        "check", help="run the claims ledger of the five papers",
        description="Run the claims ledger: every checkable claim of the five papers, with "
                    "its computed evidence and verdict. Prints one line a claim (verdict, "
                    "cause, the claim) to fit the terminal; the evidence with --format "
                    "markdown or json, or --claim ID. About 30-60 s on 2 cores.",
        epilog="papers: " + keys + "\n\nexamples:\n  aimdmodel check --paper lahanas2003\n"
               "  aimdmodel check --claim lahanas2003:efficiency-AIMD\n"
               "  aimdmodel check --paper jasem2010 --format json --out ledger.json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    chk.add_argument("--paper", metavar="KEY", type=_paper,
                     help=f"one paper only: {', '.join(CITATIONS)} (default: all five)")
    chk.add_argument("--claim", metavar="[PAPER:]ID",
                     help="print the whole row of one claim (its evidence included)")
    chk.add_argument("--format", choices=["table", "markdown", "json"], default=None,
                     help="table (default on the terminal): one line a claim; markdown "
                          "(default with --out) or json: every row with its evidence")
    chk.add_argument("--out", metavar="FILE", type=output_file(),
                     help="write to FILE (atomically) instead of stdout; - is stdout")
    chk.set_defaults(func=check)
