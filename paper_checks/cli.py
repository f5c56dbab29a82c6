"""``aimdmodel check``: the claims ledger on the command line (an entry-point plugin).

Registered through the entry-point group ``aimdmodel.commands`` (see
:mod:`aimdmodel.cli`).
"""

from __future__ import annotations

import argparse
from typing import Any

from aimdmodel._io import atomic_write_text, check_output
from aimdmodel.cli import output_file

from . import runner

__all__ = ["check", "register"]


def _paper(text: str) -> str:
    if text not in runner.PAPERS:
        raise argparse.ArgumentTypeError(
            f"paper must be one of {', '.join(runner.PAPERS)}, got {text!r}"
        )
    return text


def check(args: argparse.Namespace) -> str:
    """Run the ledger; return it, or write it to ``args.out`` and return a summary.

    Examples
    --------
    >>> args = argparse.Namespace(paper="bazi2019", format="markdown", out=None)
    >>> check(args).splitlines()[0][:12]
    '## bazi2019:'
    """
    claims = runner.run([args.paper] if args.paper else None)
    text = runner.to_json(claims) if args.format == "json" else runner.to_markdown(claims)
    if not args.out or check_output(args.out).kind == "stdout":
        return text.rstrip("\n")
    atomic_write_text(args.out, text)
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
    chk = subparsers.add_parser(
        "check", help="run the claims ledger of the seed papers",
        description="Run the claims ledger: every checkable claim of the five seed papers, "
                    "with its computed evidence and verdict.",
    )
    chk.add_argument("--paper", metavar="KEY", type=_paper,
                     help=f"one paper only: {', '.join(runner.PAPERS)} (default: all five)")
    chk.add_argument("--format", choices=["markdown", "json"], default="markdown")
    chk.add_argument("--out", metavar="FILE", type=output_file(),
                     help="write to FILE (atomically) instead of stdout; - is stdout")
    chk.set_defaults(func=check)
