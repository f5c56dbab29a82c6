"""``aimdmodel experiment NAME``: the papers' set-ups rerun in the queue model (a plugin).

Registered through the entry-point group ``aimdmodel.commands`` (see
:mod:`aimdmodel.cli`), as ``experiment = papers.experiment_commands:register``.
``NAME`` is a paper's key (``lahanas2003``, ``jasem2010``, ``reddy-aiad``,
``bazi2019``, ``mehta-dahiya``; :mod:`papers.keys`) or ``all``; ``--scale ledger`` (the
default: reduced, seconds) or ``full`` (the runs behind
``paper_checks/RERUNS.md``: ``aimdmodel experiment all --scale full --workers 2
--out paper_checks/RERUNS.md``). The output is Markdown (the set-up, printed and
chosen parameters, and the tables) or JSON (the result objects' fields);
``--plot FILE`` draws each result's main figure.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
from typing import Any

import numpy as np

from aimdmodel._io import atomic_savefig, atomic_write_text, check_output
from aimdmodel._progress import enabled
from aimdmodel.cli import add_digits_option, output_file

from .experiments import EXPERIMENTS, render, report, run_experiment
from .keys import PAPERS, paper_key
from .setups import SCALES

__all__ = ["experiment", "register", "to_json"]


def _workers(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be an int >= 1, got {text!r}")
    return value


def _name(text: str) -> str:
    """A paper's key (or its old name) or ``all``; return the key."""
    if text.strip().lower() == "all":
        return "all"
    try:
        return paper_key(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a paper's key, one of {', '.join(PAPERS)}, or all; got {text!r}") from None


def _plain(v: Any) -> Any:
    if isinstance(v, np.ndarray):
        return [_plain(x) for x in v.tolist()]
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (float, np.floating)):
        return None if not math.isfinite(float(v)) else float(v)
    if isinstance(v, (np.integer,)):
        return int(v)
    return v if isinstance(v, (int, str, bool)) or v is None else str(v)


def to_json(results: dict[str, dict[str, Any]]) -> str:
    """The results (experiment -> name -> result object) as JSON; NaN becomes null.

    Examples
    --------
    >>> text = to_json({"mehta-dahiya": run_experiment("mehta-dahiya")})
    >>> sorted(json.loads(text)["mehta-dahiya"]["random loss"])[:3]
    ['goodput', 'link_rate', 'loss_rate']
    """
    out = {name: {key: {f.name: _plain(getattr(res, f.name))
                                     for f in dataclasses.fields(res)}
                               for key, res in runs.items()} for name, runs in results.items()}
    return json.dumps(out, indent=1)


def _plot(results: dict[str, dict[str, Any]], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = [(f"{PAPERS[n].short}: {k}", r) for n, runs in results.items()
              for k, r in runs.items()]
    cols = min(2, len(panels))
    rows = math.ceil(len(panels) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(7 * cols, 4 * rows), squeeze=False)
    try:
        for ax, (title, res) in zip(axes.ravel(), panels, strict=False):
            res.plot(ax)
            ax.set_title(f"{title}\n{ax.get_title()}", fontsize="small")
        for ax in axes.ravel()[len(panels):]:
            ax.set_visible(False)
        fig.tight_layout()
        atomic_savefig(fig, path, dpi=110)
    finally:
        plt.close(fig)


def experiment(args: argparse.Namespace) -> str:
    """Run the experiments; return Markdown or JSON, or write it to ``args.out``.

    A set-up the packet-level mode leaves out is refused with the library's
    reason, in the command line's words (``--fidelity round``).

    Examples
    --------
    >>> args = argparse.Namespace(name="mehta-dahiya", scale="ledger", workers=1, progress=False,
    ...                           format="markdown", out=None, plot=None)
    >>> experiment(args).splitlines()[0]
    '## mehta-dahiya: Mehta & Dahiya: the cited claims on Westwood, Veno, TCP-LP'
    """
    try:
        return _experiment(args)
    except ValueError as exc:
        raise ValueError(str(exc).replace("use fidelity='round'", "use --fidelity round")) \
            from None


def _experiment(args: argparse.Namespace) -> str:
    key = None if args.name == "all" else args.name
    names = list(EXPERIMENTS) if key is None else [key]
    progress = enabled() if args.progress is None else args.progress
    digits = getattr(args, "digits", None)
    fidelity = getattr(args, "fidelity", "round")
    run = {"workers": args.workers, "progress": progress, "fidelity": fidelity}
    if args.format == "markdown" and not args.plot:
        text = (report(names, args.scale, digits=digits, **run) if key is None else
                render(key, run_experiment(key, args.scale, **run), args.scale, digits=digits))
        if key is not None and fidelity == "packet":
            text = ("Queue model: packet by packet (aimdmodel/queue/packet.py).\n\n" + text)
    else:
        results = {n: run_experiment(n, args.scale, **run) for n in names}
        text = to_json(results) if args.format == "json" else "\n".join(
            render(n, r, args.scale, digits=digits) for n, r in results.items())
        if args.plot:
            _plot(results, args.plot)
    if not args.out or check_output(args.out).kind == "stdout":
        return text.rstrip("\n")
    atomic_write_text(args.out, text if text.endswith("\n") else text + "\n")
    return f"wrote {', '.join(names)} ({args.scale} scale) to {args.out}"


def register(subparsers: Any) -> None:
    """Add ``experiment`` to the ``aimdmodel`` command line.

    Examples
    --------
    >>> p = argparse.ArgumentParser(prog="aimdmodel")
    >>> register(p.add_subparsers(dest="command"))
    >>> p.parse_args(["experiment", "reddy-aiad", "--scale", "full"]).scale
    'full'
    >>> p.parse_args(["experiment", "Reddy_AIAD"]).name
    'reddy-aiad'
    """
    exp = subparsers.add_parser(
        "experiment", help="rerun a paper's simulator set-up in the queue model",
        description="Rerun the simulator experiments of a paper (or all five) in the "
                    "round-based queue model, with every parameter the paper prints and every "
                    "value chosen where it prints none, and print the tables.",
    )
    exp.add_argument("name", type=_name, metavar="PAPER",
                     help="whose experiments, by the paper's key: " + "; ".join(
                         f"{p.key}: {EXPERIMENTS[p.key].title}" for p in PAPERS.values())
                     + "; all: every one")
    exp.add_argument("--scale", choices=SCALES, default="ledger",
                     help="ledger (default: reduced, what the claims ledger runs) or full (the "
                          "runs behind paper_checks/RERUNS.md, minutes)")
    exp.add_argument("--jobs", "--workers", dest="workers", type=_workers, default=1,
                     help="processes to run on (default 1; --workers is the same)")
    exp.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                     help="progress bars on stderr (default: when stderr is a terminal)")
    exp.add_argument("--fidelity", choices=["round", "packet"], default="round",
                     help="the queue model's mode: round (default, rounds of one RTT, fast) or "
                          "packet (packet by packet, after ns-3's TCP; refuses, with the reason, "
                          "a set-up it leaves out)")
    exp.add_argument("--format", choices=["markdown", "json"], default="markdown",
                     help="markdown (default): the set-ups and a table a result; json: every "
                          "value, every digit")
    add_digits_option(exp, default=None,
                      help="significant digits of every number in the tables (default: each "
                           "quantity's own decimals, e.g. goodput 2, Jain's index 4)")
    exp.add_argument("--out", metavar="FILE", type=output_file(),
                     help="write to FILE (atomically) instead of stdout; - is stdout")
    exp.add_argument("--plot", metavar="FILE", type=output_file(figure=True, stdout=False),
                     help="also draw each result's main figure to FILE (.png, .pdf, ...)")
    exp.set_defaults(func=experiment)
