"""The ``aimdmodel`` command line.

``aimdmodel`` alone prints the headline table (simulated long-run efficiency
of each seed policy beside the figure its paper claims);
``aimdmodel simulate`` runs one system. Errors exit with code 2 and one line
on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from . import metrics
from ._arith import to_fraction
from ._io import atomic_savefig
from .engine import simulate
from .policies import AIMD, AIMDFC, POLICIES, AIMDFCPlus, NewAIMD, Policy, make_policy

__all__ = ["HEADLINE", "Claim", "headline_rows", "main"]


class CLIError(Exception):
    """A usage error: reported as one line on stderr with exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, no usage block
        raise CLIError(message)


@dataclass(frozen=True)
class Claim:
    """An efficiency figure as a seed paper states it (quoted, not computed).

    Attributes
    ----------
    policy : Policy
    claimed : Fraction
        The figure as printed (a lower bound when ``at_least``).
    text : str
        The figure as the paper words it.
    source : str
        Where the paper says it.
    at_least : bool
        True for a claim of the form "more than ...".
    """

    policy: Policy
    claimed: Fraction
    text: str
    source: str
    at_least: bool = False


HEADLINE: tuple[Claim, ...] = (
    Claim(AIMD(), Fraction(3, 4), "3/4 (75%)", "seed 003 Sec. 3.1, Eq. 1"),
    Claim(AIMDFC(), Fraction(5, 6), "5/6", "seed 003 Eq. 7"),
    Claim(AIMDFCPlus(), Fraction(8, 9), "8/9 (88.9%)", "seed 003 Eq. 16"),
    Claim(NewAIMD(), Fraction(99, 100), "> 99%", "seed 000, after the recurrences", True),
    Claim(
        NewAIMD(reading="charitable"),
        Fraction(99, 100),
        "> 99%",
        "seed 000, after the recurrences",
        True,
    ),
)
"""The seed policies of the headline table with the efficiency their paper claims."""


def headline_rows(
    capacity: float = 10_000, x0: Sequence[float] = (1, 30), cycles: int = 40
) -> list[dict[str, Any]]:
    """Simulate every seed policy and set its efficiency beside the paper's.

    Float arithmetic; efficiency, offered load and the share of congested
    RTTs are averaged over the second half of the whole cycles
    (:mod:`aimdmodel.metrics`).

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


def _table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    lines = [header, ["-" * w for w in widths], *rows]
    return "\n".join(
        "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in lines
    )


def _headline(args: argparse.Namespace) -> str:
    rows = headline_rows(capacity=args.capacity, x0=args.windows, cycles=args.cycles)
    if args.format == "json":
        return json.dumps(rows, indent=2)
    body = _table(
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


# --------------------------------------------------------------------------
# argument parsing helpers
# --------------------------------------------------------------------------
def _number_list(text: str) -> list[Fraction]:
    try:
        values = [to_fraction(v, "windows") for v in text.split(",")]
    except (ValueError, TypeError) as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return values


def _float_list(text: str) -> list[float]:
    return [float(v) for v in _number_list(text)]


def _positive_number(text: str) -> float:
    try:
        value = float(to_fraction(text, "capacity"))
    except (ValueError, TypeError) as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be > 0, got {text}")
    return value


def _exact_number(text: str) -> Fraction:
    try:
        return to_fraction(text, "capacity")
    except (ValueError, TypeError) as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an int >= 0, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be an int >= 0, got {text}")
    return value


def parse_params(items: Sequence[str]) -> dict[str, Any]:
    """Parse ``NAME=VALUE`` items into policy parameters.

    Numbers become exact Fractions (``0.5`` and ``1/2`` are both 1/2);
    anything else stays a string (e.g. ``reading=charitable``).

    Examples
    --------
    >>> parse_params(["b=0.5", "reading=charitable"])
    {'b': Fraction(1, 2), 'reading': 'charitable'}
    """
    params: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise ValueError(f"--param must look like NAME=VALUE, got {item!r}")
        try:
            params[name.strip()] = to_fraction(value.strip(), name)
        except (ValueError, TypeError):
            params[name.strip()] = value.strip()
    return params


def _fmt(v: Any) -> str:
    if isinstance(v, Fraction):
        return str(v)
    if isinstance(v, (float, np.floating)):
        return repr(float(v))
    return str(v)


def _json_value(v: Any) -> Any:
    if isinstance(v, Fraction):
        return str(v) if v.denominator != 1 else int(v)
    if isinstance(v, (np.floating, float)):
        return float(v)
    return int(v)


def _simulate(args: argparse.Namespace) -> str:
    policy = make_policy(args.policy, **parse_params(args.param))
    tr = simulate(
        policy,
        args.windows,
        args.capacity,
        steps=args.steps,
        cycles=args.cycles,
        arithmetic=args.arithmetic,
        congestion=args.congestion,
        engine=args.engine,
    )
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(8, 4.5))
        try:
            tr.plot(ax=ax)
            fig.tight_layout()
            atomic_savefig(fig, args.plot, dpi=120)
        finally:
            plt.close(fig)
    m = tr.n_flows
    header = ["step", "feedback", *(f"w{i + 1}" for i in range(m)), "sum"]
    rows = []
    for t in range(tr.n_steps + 1):
        fb = str(int(tr.feedback[t])) if t < tr.n_steps else ""
        rows.append([str(t), fb, *(_fmt(v) for v in tr.windows[t]), _fmt(tr.totals[t])])
    if args.format == "json":
        return json.dumps(
            {
                "policy": repr(policy),
                "capacity": _json_value(tr.capacity),
                "arithmetic": tr.arithmetic,
                "congestion": tr.congestion,
                "windows": [[_json_value(v) for v in row] for row in tr.windows],
                "feedback": [int(v) for v in tr.feedback],
                "congestion_steps": [int(v) for v in tr.congestion_steps],
            },
            indent=1,
        )
    if args.format == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
        return buf.getvalue().rstrip("\n")
    title = (
        f"{policy!r}, W = {_fmt(tr.capacity)}, {tr.arithmetic} arithmetic, "
        f"{tr.n_steps} steps, {len(tr.congestion_steps)} congestion events"
    )
    return title + "\n\n" + _table(header, rows)


def _derive(args: argparse.Namespace) -> str:
    import dataclasses

    import sympy

    from .symbolic import derive

    fields = {f.name: f for f in dataclasses.fields(POLICIES[args.name])}
    params: dict[str, Any] = {}
    for name, value in parse_params(args.param).items():
        if isinstance(value, str) and name in fields and not isinstance(fields[name].default, str):
            if not value.isidentifier():
                raise ValueError(
                    f"--param {name} must be a number (0.5, 1/2) or a symbol name (b), "
                    f"got {value!r}"
                )
            value = sympy.Symbol(value, positive=True)
        params[name] = value
    cf = derive(make_policy(args.name, **params), flows=args.flows)
    if args.format == "json":
        return json.dumps(cf.as_dict(), indent=2)
    if args.format == "latex":
        return cf.derivation.rstrip("\n")
    return cf.summary()


def _handout(args: argparse.Namespace) -> str:
    from .handout import build_handout  # draws on bare Figures: no pyplot, no backend switch

    pages = build_handout(args.out)
    lines = [f"wrote {args.out} ({len(pages)} pages)"]
    lines += [f"{i:2d}. {p.title}" for i, p in enumerate(pages, start=1)]
    return "\n".join(lines)


def _check(args: argparse.Namespace) -> str:
    try:
        from paper_checks.runner import run, summary, to_json, to_markdown
    except ImportError as exc:  # an install made before paper_checks existed
        raise RuntimeError(
            f"the paper_checks package is not importable ({exc}); reinstall aimdmodel"
        ) from None
    from ._io import atomic_write_text

    if args.out:
        folder = Path(args.out).parent
        if not folder.is_dir():  # fail before the ledger runs, not after
            raise FileNotFoundError(f"the folder of {args.out!r} does not exist")
    claims = run([args.paper] if args.paper else None)
    text = to_json(claims) if args.format == "json" else to_markdown(claims)
    if args.out:
        atomic_write_text(args.out, text)
        counts = summary(claims)
        parts = "; ".join(
            f"{key}: " + ", ".join(f"{n} {v}" for v, n in cnt.items())
            for key, cnt in counts.items()
        )
        return f"wrote {len(claims)} claims to {args.out} ({parts})"
    return text.rstrip("\n")


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser of the ``aimdmodel`` command.

    Examples
    --------
    >>> build_parser().parse_args(["simulate", "--policy", "aimd"]).capacity
    Fraction(100, 1)
    """
    parser = _Parser(
        prog="aimdmodel",
        description="The Chiu-Jain synchronous binary-feedback model of congestion control.",
    )
    parser.add_argument(
        "--capacity", type=_positive_number, default=10_000.0,
        help="headline table: capacity W in packets/RTT (default 10000)",
    )
    parser.add_argument(
        "--windows", type=_float_list, default=[1.0, 30.0],
        help="headline table: initial windows, comma separated (default 1,30)",
    )
    parser.add_argument("--cycles", type=_count, default=40,
                        help="headline table: congestion events to simulate (default 40)")
    parser.add_argument("--format", choices=["table", "json"], default="table",
                        help="headline table output format")
    parser.set_defaults(func=_headline)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    sim = sub.add_parser("simulate", help="run one system and print its windows")
    sim.add_argument("--policy", choices=sorted(POLICIES), default="aimd")
    sim.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                     help="policy parameter, e.g. b=0.5 or b=1/2 (repeatable)")
    sim.add_argument("--windows", type=_number_list, default=[Fraction(1), Fraction(30)],
                     help="initial windows, comma separated (default 1,30)")
    sim.add_argument("--capacity", type=_exact_number, default=Fraction(100),
                     help="capacity W in packets per RTT (default 100)")
    group = sim.add_mutually_exclusive_group()
    group.add_argument("--steps", type=_count, help="number of steps (default 100)")
    group.add_argument("--cycles", type=_count, help="stop after this many congestion events")
    sim.add_argument("--arithmetic", choices=["float", "exact", "integer"], default="float")
    sim.add_argument(
        "--engine", choices=["step", "cycle", "kernel", "auto"], default="step",
        help="step (the reference), cycle (jumps additive phases), kernel (numba), auto",
    )
    sim.add_argument("--congestion", choices=[">=", ">"], default=">=",
                     help="congestion when sum >= W (default, as the papers) or sum > W")
    sim.add_argument("--format", choices=["table", "json", "csv"], default="table")
    sim.add_argument(
        "--plot", metavar="FILE", help="also draw the windows to FILE (.png, .pdf, .svg)"
    )
    sim.set_defaults(func=_simulate)

    der = sub.add_parser("derive", help="closed forms derived with sympy from a policy's code")
    der.add_argument("name", choices=sorted(POLICIES), metavar="NAME",
                     help=f"policy: {', '.join(sorted(POLICIES))}")
    der.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                     help="policy parameter: a number (b=0.5, b=1/2) or a symbol (b=b)")
    der.add_argument("--flows", type=_count, default=1, help="number of equal flows (default 1)")
    der.add_argument("--format", choices=["text", "latex", "json"], default="text")
    der.set_defaults(func=_derive)

    hand = sub.add_parser("handout", help="write the teaching handout (a multi-page PDF)")
    hand.add_argument("--out", required=True, metavar="FILE.pdf",
                      help="where to write the PDF (written atomically)")
    hand.set_defaults(func=_handout)

    chk = sub.add_parser("check", help="run the claims ledger of the seed papers")
    chk.add_argument("--paper", metavar="KEY",
                     help="one paper only: lahanas2003, jasem2010, reddy-aiad, bazi2019 or "
                          "mehta-dahiya (default: all five)")
    chk.add_argument("--format", choices=["markdown", "json"], default="markdown")
    chk.add_argument("--out", metavar="FILE", help="write to FILE (atomically) instead of stdout")
    chk.set_defaults(func=_check)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (0, or 2 on an error).

    Examples
    --------
    >>> main(["simulate", "--steps", "2", "--format", "csv"])
    step,feedback,w1,w2,sum
    0,1,1.0,30.0,31.0
    1,1,2.0,31.0,33.0
    2,,3.0,32.0,35.0
    0
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command == "simulate" and args.steps is None and args.cycles is None:
            args.steps = 100
        text = args.func(args)
    except CLIError as exc:
        print(f"aimdmodel: error: {exc}", file=sys.stderr)
        return 2
    except (ValueError, TypeError, RuntimeError, OSError) as exc:
        message = " ".join(str(exc).split()) or type(exc).__name__
        print(f"aimdmodel: error: {message}", file=sys.stderr)
        return 2
    print(text)
    return 0


def console() -> None:  # pragma: no cover - the console-script entry point
    """Entry point of the ``aimdmodel`` console script."""
    sys.exit(main())
