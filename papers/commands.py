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
from aimdmodel.cli import count, float_list, format_table, output_file, positive_float
from aimdmodel.engine import simulate

from .claims import HEADLINE

__all__ = ["handout", "headline", "headline_rows", "register"]


def headline_rows(
    capacity: float = 10_000, x0: Sequence[float] = (1, 30), cycles: int = 40
) -> list[dict[str, Any]]:
    """Simulate every seed policy and set its efficiency beside the paper's.

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
    ...                           format="table")
    >>> headline(args).splitlines()[0]
    'Long-run efficiency, mean of min(sum, W)/W over the second half of 10 cycles;'
    """
    rows = headline_rows(capacity=args.capacity, x0=args.windows, cycles=args.cycles)
    if args.format == "json":
        return json.dumps(rows, indent=2)
    body = format_table(
        [
            "policy", "simulated", "claimed", "difference", "offered load",
            "congested RTTs", "source",
        ],
        [
            [
                r["policy"],
                f"{r['efficiency']:.4f}",
                r["claimed"],
                f"{r['difference']:+.4f}",
                f"{r['offered_load']:.4f}",
                f"{100 * r['congested_share']:.2f}%",
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
    """Write the teaching handout (``aimdmodel handout --out FILE.pdf``); list its pages.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from unittest import mock
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "h.pdf"
    >>> with mock.patch("aimdmodel.handout.build_handout", return_value=[]):
    ...     print(handout(argparse.Namespace(out=str(out))))  # doctest: +ELLIPSIS
    wrote .../h.pdf (0 pages)
    """
    from aimdmodel.handout import build_handout

    pages = build_handout(args.out, quotes=HEADLINE)  # the papers' figures, quoted beside ours
    lines = [f"wrote {args.out} ({len(pages)} pages)"]
    lines += [f"{i:2d}. {p.title}" for i, p in enumerate(pages, start=1)]
    return "\n".join(lines)


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
        "headline", help="each seed policy's simulated efficiency beside its paper's figure",
        description="Simulate each seed policy (float arithmetic) and print its long-run "
                    "efficiency beside the figure its paper claims. What aimdmodel alone "
                    "prints.",
    )
    head.add_argument("--capacity", type=positive_float, default=10_000.0,
                      help="capacity W in packets/RTT (default 10000)")
    head.add_argument("--windows", type=float_list, default=[1.0, 30.0],
                      help="initial windows, comma separated (default 1,30)")
    head.add_argument("--cycles", type=count, default=40,
                      help="congestion events to simulate (default 40)")
    head.add_argument("--format", choices=["table", "json"], default="table",
                      help="table (default) or json")
    head.set_defaults(func=headline)

    hand = subparsers.add_parser(
        "handout", help="write the teaching handout (a multi-page PDF)",
        description="Write the teaching handout, a multi-page PDF whose every number is "
                    "computed when it is built.",
    )
    hand.add_argument("--out", required=True, metavar="FILE.pdf",
                      type=output_file(suffix=".pdf", stdout=False),
                      help="where to write the PDF (atomically: whole or not at all)")
    hand.set_defaults(func=handout)
