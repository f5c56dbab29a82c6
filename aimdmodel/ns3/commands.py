"""The ``aimdmodel validate`` command: the queue and fluid models against ns-3.

Registered through the entry-point group ``aimdmodel.commands`` (see
:mod:`aimdmodel.cli`) as ``ns3 = aimdmodel.ns3.commands:register``::

    aimdmodel validate --against ns3 [--quick] [--out VALIDATION.md] [--figure FILE.png]

prints (or writes, atomically) the Markdown tables of
:func:`aimdmodel.ns3.validate.validate` on the reference set
(:func:`~aimdmodel.ns3.validate.reference_set`) and draws the figure.
Without ns-3 it stops before any work with one line naming the extra
(exit 2). ``python -m aimdmodel.ns3.commands validate ...`` runs the same
command without the entry point.

Examples
--------
>>> import argparse
>>> parser = argparse.ArgumentParser(prog="aimdmodel")
>>> register(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["validate", "--against", "ns3", "--quick"])
>>> args.quick, args.models
(True, ['queue', 'fluid'])
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

from .._io import atomic_savefig, atomic_write_text
from ._loader import EXTRA_HINT, Ns3Unavailable, available

__all__ = ["main", "register", "validate_command"]

COMMAND = "aimdmodel validate --against ns3"


def _output(text: str) -> str:
    """Check an output path before any work (an argparse type): a file in a folder that exists."""
    if text == "-":
        return text
    path = os.path.abspath(text)
    folder = os.path.dirname(path)
    if text.endswith(os.sep) or os.path.isdir(path):
        raise argparse.ArgumentTypeError(f"{text}: a folder, not a file")
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(f"{text}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"{text}: not writable")
    return text


def _models(text: str) -> list:
    names = [t.strip() for t in text.split(",") if t.strip()]
    bad = [n for n in names if n not in ("queue", "fluid")]
    if not names or bad:
        raise argparse.ArgumentTypeError(f"models must be among queue, fluid (comma separated), "
                                         f"got {text!r}")
    return names


def register(subparsers: Any) -> None:
    """Add ``validate`` to the ``aimdmodel`` command line (the plugin's entry point)."""
    p = subparsers.add_parser(
        "validate", help="the queue and fluid models against ns-3 (a Markdown table)",
        description="Run the reference set of scenarios in ns-3, the queue model and the fluid "
                    "model and print the per-metric differences (throughput and utilization "
                    "within 10%, loss rate within a factor 1.5, queueing delay within 20% "
                    f"of ns-3). Needs the optional extra ns3: {EXTRA_HINT}. The full set "
                    "takes about 10 minutes on 2 cores; --quick about 2.",
    )
    p.add_argument("--against", choices=["ns3"], required=True,
                   help="the referee (ns3: ns-3.44, the optional extra)")
    p.add_argument("--quick", action="store_true",
                   help="six scenarios of 30 s instead of the full set")
    p.add_argument("--models", type=_models, default=["queue", "fluid"],
                   help="models to compare, comma separated (default queue,fluid)")
    p.add_argument("--out", type=_output, default="-", metavar="FILE.md",
                   help="write the Markdown there (atomically) instead of printing it")
    p.add_argument("--figure", type=_output, default=None, metavar="FILE.png",
                   help="also draw the differences to this image (pdf, png, svg)")
    p.set_defaults(func=validate_command)


def validate_command(args: argparse.Namespace) -> str:
    """Run ``validate`` and return the Markdown (or where it was written)."""
    if not available():
        raise Ns3Unavailable(f"aimdmodel validate --against ns3 needs ns-3, the optional extra "
                             f"ns3: {EXTRA_HINT}")
    from .._progress import bar, enabled
    from .report import markdown, plot_validation
    from .validate import reference_set, validate

    t0 = time.perf_counter()
    cases = reference_set(quick=args.quick)
    if not enabled():  # piped: one line a scenario, as a log
        v = validate(cases, models=tuple(args.models),
                     progress=lambda s: print(s, file=sys.stderr, flush=True))
    else:  # a terminal: a bar redrawn every second, the scenario running beside it
        with bar(total=len(cases), desc="validate", unit="scenario") as shown:
            def progress(text: str) -> None:
                shown.n = int(text[1:].split("/")[0]) - 1
                shown.set_postfix_str(text.split("] ", 1)[-1])

            v = validate(cases, models=tuple(args.models), progress=progress)
    command = COMMAND + (" --quick" if args.quick else "")
    if args.out != "-":
        command += f" --out {args.out}"
    if args.figure:
        command += f" --figure {args.figure}"
    text = markdown(v, command=command, seconds=time.perf_counter() - t0)
    if args.figure:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, axes = plt.subplots(4, 1, figsize=(10, 11), sharex=True)
        plot_validation(v, axes)
        fig.tight_layout()
        atomic_savefig(fig, args.figure)
        plt.close(fig)
    if args.out == "-":
        return text
    atomic_write_text(args.out, text)
    summary = "; ".join(f"{model}: " + ", ".join(f"{m} {a}/{b}" for m, (a, b) in c.items())
                        for model, c in v.summary().items())
    return f"wrote {args.out} ({len(v.cases)} scenarios; met: {summary})"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command without the ``aimdmodel`` entry point; return the exit code.

    Errors are one line on stderr with exit code 2.
    """
    parser = argparse.ArgumentParser(prog="python -m aimdmodel.ns3.commands")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    try:
        print(args.func(args))
    except (ValueError, TypeError, RuntimeError, OSError) as exc:
        print(f"aimdmodel: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
