"""The papers' commands of ``aimdmodel``: ``headline`` and ``handout``.

Registered through the entry-point group ``aimdmodel.commands`` (see
:mod:`aimdmodel.cli`); the library's command line knows no paper.
``aimdmodel`` with no command runs ``headline``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from aimdmodel import metrics
from aimdmodel._format import TABLE_DIGITS, fmt_significant
from aimdmodel.cli import (
    CLIError,
    add_digits_option,
    add_policy_options,
    count,
    float_list,
    format_table,
    output_file,
    policies_from_args,
    positive_float,
)
from aimdmodel.engine import simulate

from .claims import HEADLINE

__all__ = ["handout", "headline", "headline_rows", "register"]


def headline_rows(
    capacity: float = 10_000, x0: Sequence[float] = (1, 30), cycles: int = 40
) -> list[dict[str, Any]]:
    """Simulate every paper's policy and set its efficiency beside the paper's figure.

    Float arithmetic; efficiency, offered load and the share of congested
    RTTs are averaged over the second half of the whole cycles
    (:mod:`aimdmodel.metrics`). The figures are :data:`papers.claims.HEADLINE`.

    Parameters
    ----------
    capacity : float
        ``W`` in packets per RTT (default 10 000).
    x0 : sequence of float
        Initial windows (default ``(1, 30)``, two flows).
    cycles : int
        Congestion events to simulate (default 40).

    Returns
    -------
    list of dict
        One row per policy: ``policy``, ``efficiency``, ``claimed``,
        ``difference`` (simulated minus claimed), ``offered_load``,
        ``congested_share``, ``source``.

    Examples
    --------
    >>> rows = headline_rows(capacity=1000, cycles=20)
    >>> [r["policy"] for r in rows][:3]
    ['AIMD(a=1, b=1/2, floor=0)', 'AIMDFC(a=1, b=1/2)', 'AIMDFCPlus(a=1, b=1/2, f=1/2)']
    """
    rows = []
    for claim in HEADLINE:
        tr = simulate(claim.policy, list(x0), capacity, cycles=cycles)
        eff = float(metrics.efficiency(tr))
        kept = metrics.whole_cycles(tr)
        n_steps = kept[-1][1] - kept[0][0] + 1
        rows.append(
            {
                "policy": repr(claim.policy),
                "efficiency": eff,
                "claimed": claim.text,
                "difference": eff - float(claim.claimed),
                "offered_load": float(metrics.offered_load(tr)),
                "congested_share": len(kept) / n_steps,
                "source": claim.source,
            }
        )
    return rows


def headline(args: argparse.Namespace) -> str:
    """Return the headline table (``aimdmodel headline``), as text or JSON.

    Examples
    --------
    >>> args = argparse.Namespace(capacity=1000.0, windows=[1.0, 30.0], cycles=10,
    ...                           format="table", digits=3)
    >>> headline(args).splitlines()[0]
    'Long-run efficiency, mean of min(sum, W)/W over the second half of 10 cycles;'
    >>> headline(args).splitlines()[6].split()[:4]  # 3 significant digits
    ['AIMDFC(a=1,', 'b=1/2)', '0.835', '5/6']
    """
    rows = headline_rows(capacity=args.capacity, x0=args.windows, cycles=args.cycles)
    if args.format == "json":
        return json.dumps(rows, indent=2)
    digits = getattr(args, "digits", TABLE_DIGITS)

    def num(v: float, sign: bool = False) -> str:
        return ("+" if sign and v >= 0 else "") + fmt_significant(v, digits)

    body = format_table(
        [
            "policy", "simulated", "claimed", "difference", "offered load",
            "congested RTTs", "source",
        ],
        [
            [
                r["policy"],
                num(r["efficiency"]),
                r["claimed"],
                num(r["difference"], sign=True),
                num(r["offered_load"]),
                num(100 * r["congested_share"]) + "%",
                r["source"],
            ]
            for r in rows
        ],
    )
    return (
        f"Long-run efficiency, mean of min(sum, W)/W over the second half of {args.cycles} "
        f"cycles;\nW = {args.capacity:g} packets/RTT, windows from "
        f"{', '.join(f'{v:g}' for v in args.windows)}, float64 arithmetic.\n\n{body}\n\n"
        "An efficiency near 1 with every RTT congested (and offered load above 1) is a\n"
        "system that no longer backs off, not an efficient one; see `aimdmodel simulate "
        "--policy new-aimd`."
    )


def handout(args: argparse.Namespace) -> str:
    """Write the teaching handout (``aimdmodel handout --out FILE``); list its pages.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from unittest import mock
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "h.pdf"
    >>> with mock.patch("aimdmodel.handout.build_handout", return_value=[]):
    ...     print(handout(argparse.Namespace(out=str(out))))  # doctest: +ELLIPSIS
    wrote .../h.pdf (0 pages)
    """
    from aimdmodel.handout import build_handout, page_files

    out, topics = _handout_path(args), getattr(args, "topics", None)
    policies = _handout_policies(args, topics)
    pages = build_handout(out, topics, quotes=HEADLINE,  # the papers' figures beside ours
                          capacity=getattr(args, "capacity", None) or 100,
                          policies=policies or None)
    files = page_files(out, topics)
    if out.lower().endswith(".pdf"):  # one file; PNG and SVG write one a page
        lines = [f"wrote {out} ({len(pages)} page{'s' if len(pages) != 1 else ''})"]
        return "\n".join(lines + [f"{i:2d}. {p.title}" for i, p in enumerate(pages, start=1)])
    lines = [f"wrote {len(files)} file{'s' if len(files) != 1 else ''}, one a page:"]
    lines += [f"{i:2d}. {p.title}: {f}"
              for i, (p, f) in enumerate(zip(pages, files, strict=True), start=1)]
    return "\n".join(lines)


def _handout_policies(args: argparse.Namespace, topics: Sequence[str] | None) -> list[Any]:
    """The policies of ``--policy``/``--param``, checked before any page is computed."""
    from aimdmodel.handout import MAX_POLICIES, POLICY_TOPICS

    if not hasattr(args, "policy"):  # called without the parser (a doctest, a plugin)
        return []
    policies = policies_from_args(args)
    if len(policies) > MAX_POLICIES:
        raise CLIError(f"--policy is given {len(policies)} times; the handout takes at most "
                       f"{MAX_POLICIES} (the panels of its phase plane, the rows of its late "
                       "joiner)")
    if policies and topics is not None and not set(topics) & set(POLICY_TOPICS):
        raise CLIError(f"--policy changes the pages {' and '.join(POLICY_TOPICS)}, and "
                       f"--topics names neither; add one of them to --topics")
    return policies


def _handout_path(args: argparse.Namespace) -> str:
    """``--out`` with ``--format``: the suffix is the format; a path without one gets it."""
    import os

    from aimdmodel.handout import FORMATS

    fmt = getattr(args, "format", None)
    suffix = os.path.splitext(args.out)[1].lstrip(".").lower()
    if fmt is None or suffix == fmt:
        return args.out
    if suffix in FORMATS:
        raise ValueError(f"--out {args.out} is a .{suffix} file but --format {fmt}; give "
                         f"one of them, or both the same")
    return f"{args.out}.{fmt}"


def _handout_capacity(text: str) -> int:
    from aimdmodel.handout import MAX_CAPACITY, MIN_CAPACITY

    try:
        value = int(text)
    except ValueError:
        value = -1
    if not MIN_CAPACITY <= value <= MAX_CAPACITY:
        raise argparse.ArgumentTypeError(
            f"must be a whole number in {MIN_CAPACITY} .. {MAX_CAPACITY}, got {text!r}")
    return value


def _topics(text: str) -> list[str]:
    from aimdmodel.handout import TOPICS

    names = [t.strip() for t in text.split(",") if t.strip()]
    bad = [t for t in names if t not in TOPICS]
    if bad or not names:
        raise argparse.ArgumentTypeError(
            f"unknown topic {bad[0] if bad else text!r}; choose from {', '.join(TOPICS)}")
    return names


def register(subparsers: Any) -> None:
    """Add ``headline`` and ``handout`` to the ``aimdmodel`` command line.

    The entry point of this package in the group ``aimdmodel.commands``.

    Examples
    --------
    >>> from aimdmodel.cli import build_parser
    >>> build_parser().parse_args(["headline", "--cycles", "8"]).cycles
    8
    """
    head = subparsers.add_parser(
        "headline", help="each paper's policy: simulated efficiency beside the paper's figure",
        description="Simulate the policies of Lahanas & Tsaoussidis 2003 (AIMD, AIMD-FC, "
                    "AIMD-FC+) and Jasem et al. 2010 (New-AIMD, as printed and charitably "
                    "read), float arithmetic, and print each long-run efficiency beside the "
                    "figure its paper claims. What aimdmodel alone prints.",
    )
    head.add_argument("--capacity", type=positive_float, default=10_000.0,
                      help="capacity W in packets/RTT (default 10000)")
    head.add_argument("--windows", type=float_list, default=[1.0, 30.0],
                      help="initial windows, comma separated (default 1,30)")
    head.add_argument("--cycles", type=count, default=40,
                      help="congestion events to simulate (default 40)")
    head.add_argument("--format", choices=["table", "json"], default="table",
                      help="table (default) or json (every digit)")
    add_digits_option(head)
    head.set_defaults(func=headline)

    from aimdmodel.handout import FORMATS, MAX_POLICIES, POLICY_TOPICS, TOPICS

    hand = subparsers.add_parser(
        "handout", help="write the teaching handout (a PDF, or PNG/SVG pages for slides)",
        description="Write the teaching handout: a multi-page PDF, or one PNG or SVG file "
                    "a page (for slides), whose every number is computed when it is built. "
                    "About a minute on 2 cores for every page.",
        epilog="topics, in the handout's order: " + ", ".join(TOPICS) + "\n\nexamples:\n"
               "  aimdmodel handout --out handout.pdf\n"
               "  aimdmodel handout --out slides --format png --topics phase-plane,late-joiner "
               "--capacity 200\n"
               "  aimdmodel handout --out mine.pdf --topics title,phase-plane --policy aimd "
               "--policy aimd-fc --param b=7/8",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    hand.add_argument("--out", required=True, metavar="FILE",
                      type=output_file(stdout=False),
                      help="where to write (atomically: whole or not at all): FILE.pdf, or "
                           "FILE.png / FILE.svg for FILE-01-title.png, FILE-02-... one a page")
    hand.add_argument("--format", choices=FORMATS, default=None,
                      help="pdf, png or svg (default: the suffix of --out; a FILE without "
                           "one gets it)")
    hand.add_argument("--topics", type=_topics, metavar="TOPIC[,TOPIC]",
                      help="only these pages, comma separated (default all; listed below)")
    hand.add_argument("--capacity", type=_handout_capacity, default=100, metavar="W",
                      help="W in packets/RTT of the pages that share one capacity (phase plane, "
                           "convergence, New-AIMD, own parameters, late joiner): 100 .. 10000 "
                           "(default 100)")
    add_policy_options(
        hand, repeatable=True,
        policy_help=f"draw these policies on the pages {' and '.join(POLICY_TOPICS)} (one "
                    f"panel, one row each) in place of theirs; 1 .. {MAX_POLICIES}, "
                    "repeatable, NAMEs as for simulate (default: each page its own)",
        param_help="a parameter of every --policy, e.g. b=7/8 or b=0.875 (repeatable)")
    hand.set_defaults(func=handout)
