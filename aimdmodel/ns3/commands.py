"""The ``aimdmodel validate`` command: the queue model (both modes) and the fluid model vs ns-3.

Registered through the entry-point group ``aimdmodel.commands`` (see
:mod:`aimdmodel.cli`) as ``ns3 = aimdmodel.ns3.commands:register``::

    aimdmodel validate --against ns3 [--quick] [--out VALIDATION.md] [--figure FILE.png]

prints (or writes, atomically) the Markdown tables of
:func:`aimdmodel.ns3.validate.validate` on the reference set
(:func:`~aimdmodel.ns3.validate.reference_set`) and draws the figure.
ns-3's side comes from a store of runs (:mod:`aimdmodel.ns3.campaign`;
``--store``, default the runs shipped with aimdmodel): what is stored is
not run again, what is missing is run first (``--workers N`` processes or
a dask scheduler, ``--scheduler``) and stored run by run. Without ns-3 and
with runs missing it stops before any work with one line naming the extra
(exit 2). ``python -m aimdmodel.ns3.commands validate ...`` runs the same
command without the entry point.

Examples
--------
>>> import argparse
>>> parser = argparse.ArgumentParser(prog="aimdmodel")
>>> register(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["validate", "--against", "ns3", "--quick"])
>>> args.quick, args.models
(True, ['queue', 'packet', 'fluid'])
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from typing import Any

from .._io import atomic_savefig, atomic_write_text
from ._loader import EXTRA_HINT, Ns3Unavailable, available
from .goals import MODELS

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
    bad = [n for n in names if n not in MODELS]
    if not names or bad:
        raise argparse.ArgumentTypeError(f"models must be among {', '.join(MODELS)} (comma "
                                         f"separated), got {text!r}")
    return names


def register(subparsers: Any) -> None:
    """Add ``validate`` to the ``aimdmodel`` command line (the plugin's entry point)."""
    from .validate import reference_set

    p = subparsers.add_parser(
        "validate", help="the queue model (rounds, packets) and the fluid model against ns-3, "
                         "flow by flow (Markdown)",
        description="Compare the queue model (by rounds and packet by packet) and the fluid "
                    "model with ns-3 on the reference set "
                    f"({len(reference_set())} scenarios, 3 runs each): per-flow goodput and "
                    "share ratio, utilization, loss rate, queueing delay, timeouts. ns-3's "
                    "runs are read from a store "
                    "(the one shipped with aimdmodel by default); runs not stored are made "
                    "first, each stored as it ends, so an interrupted campaign resumes. "
                    f"Making runs needs the optional extra ns3: {EXTRA_HINT}; the shipped "
                    "store took about 20 minutes with 2 workers on 2 cores.",
    )
    p.add_argument("--against", choices=["ns3"], required=True,
                   help="the referee (ns3: ns-3.44, the optional extra)")
    p.add_argument("--quick", action="store_true",
                   help="six scenarios of 30 s instead of the full set")
    p.add_argument("--models", type=_models, default=list(MODELS),
                   help="models to compare, comma separated: queue (rounds), packet (the "
                        "packet-level mode), fluid (default all three)")
    p.add_argument("--out", type=_output, default="-", metavar="FILE.md",
                   help="write the Markdown there (atomically) instead of printing it")
    p.add_argument("--figure", type=_output, default=None, metavar="FILE.png",
                   help="also draw the differences to this image (pdf, png, svg)")
    p.add_argument("--store", default=None, metavar="RUNS.jsonl",
                   help="ns-3's runs, one JSON line each: read, and extended with the runs "
                        "missing (default: the runs shipped with aimdmodel; with --quick, "
                        "none: everything runs)")
    p.add_argument("--workers", type=_workers, default=1, metavar="N",
                   help="ns-3 runs side by side in N local processes (default 1)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="send the ns-3 runs to a dask.distributed scheduler instead")
    p.add_argument("--runs-only", action="store_true",
                   help="make the missing ns-3 runs and stop (no models, no tables)")
    p.add_argument("--group", default=None, metavar="NAME",
                   help="only the scenarios of one family of the catalogue (core, variants, "
                        "rtt mix, vegas, many flows, late joiner, lp, random loss, papers' "
                        "policies)")
    p.set_defaults(func=validate_command)


def _workers(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1 or n > 256:
        raise argparse.ArgumentTypeError(f"--workers must be a whole number from 1 to 256, "
                                         f"got {text!r}")
    return n


def _executor(args: argparse.Namespace) -> Any:
    if args.scheduler is None:
        return None
    try:
        from distributed import Client
    except ImportError as exc:
        raise ValueError("--scheduler needs dask.distributed: pip install 'aimdmodel[dask]'"
                         ) from exc
    return Client(args.scheduler).get_executor()


def _stored_version(store: Any) -> str | None:
    versions = [r.get("ns3") for r in store.records()]
    return max(set(versions), key=versions.count) if versions else None


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _cases(args: argparse.Namespace) -> tuple:
    from .validate import reference_set

    cases = reference_set(quick=args.quick)
    if args.group is None:
        return cases
    groups = sorted({c.group for c in cases})
    kept = tuple(c for c in cases if c.group == args.group)
    if not kept:
        raise ValueError(f"--group must be one of {', '.join(groups)}, got {args.group!r}")
    return kept


def _store_and_version(args: argparse.Namespace, scratch: str) -> tuple:
    """Return the store of ns-3 runs and the version the runs must have.

    ``--quick`` without ``--store`` keeps its runs in a scratch store (a file
    in the folder ``scratch``), so that they too run in worker processes: the
    command stays responsive (a bar on a terminal) and a crash inside ns-3
    ends a worker, not the command.
    """
    from .campaign import STORE, Store

    if args.store:
        store = Store(args.store)
    else:
        store = Store(os.path.join(scratch, "runs.jsonl")) if args.quick else Store(STORE)
    if available():
        from ._loader import version

        return store, version()
    return store, _stored_version(store)


def _make_runs(args: argparse.Namespace, cases: tuple, store: Any, version: str | None) -> None:
    """Make the ns-3 runs the store lacks (refused without ns-3), each stored as it ends."""
    from .._progress import bar, enabled
    from .campaign import run_campaign, tasks_for
    from .options import Ns3Options

    tasks = tasks_for(cases, Ns3Options(), version=version) if version else []
    missing = store.stale(tasks)
    if not available() and (version is None or missing):
        raise Ns3Unavailable(f"aimdmodel validate --against ns3 needs ns-3 for "
                             f"{len(missing) or 'the'} runs not stored, the optional extra "
                             f"ns3: {EXTRA_HINT}")
    if not missing:
        return
    _say(f"{len(missing)} ns-3 runs to make ({len(tasks) - len(missing)} stored); each is "
         f"stored as it ends, so an interrupted campaign resumes")
    kw = {"executor": _executor(args), "workers": args.workers}
    if enabled():  # a terminal: a bar redrawn every second while the workers run
        with bar(total=len(missing), desc="ns-3 runs", unit="run") as shown:
            def step(text: str) -> None:
                shown.update(1)
                shown.set_postfix_str(text.split("] ", 1)[-1][:60])

            out = run_campaign(missing, store, progress=step, **kw)
    else:
        out = run_campaign(missing, store, progress=_say, **kw)
    if out["failed"]:
        _say(f"{len(out['failed'])} runs failed: " + "; ".join(
            f"{n} run {r}: {m}" for n, r, m in out["failed"][:5]))


def _figure(v: Any, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from .report import plot_validation

    fig, axes = plt.subplots(4, 1, figsize=(14, 13), sharex=True)
    plot_validation(v, axes)
    fig.tight_layout()
    atomic_savefig(fig, path)
    plt.close(fig)


def _validate_with_progress(cases: tuple, args: argparse.Namespace, store: Any,
                            version: str | None) -> Any:
    """Run the comparison: a line a scenario when piped, a bar on a terminal."""
    from .._progress import bar, enabled
    from .options import Ns3Options
    from .validate import validate

    kw = {"models": tuple(args.models), "options": Ns3Options(), "store": store,
          "version": version}
    if not enabled():  # piped: one line a scenario, as a log
        return validate(cases, progress=_say, **kw)
    with bar(total=len(cases), desc="validate", unit="scenario") as shown:
        def progress(text: str) -> None:
            shown.n = int(text[1:].split("/")[0]) - 1
            shown.set_postfix_str(text.split("] ", 1)[-1])

        return validate(cases, progress=progress, **kw)


def validate_command(args: argparse.Namespace) -> str:
    """Run ``validate`` and return the Markdown (or where it was written)."""
    from .campaign import tasks_for
    from .options import Ns3Options
    from .report import markdown

    cases = _cases(args)
    with tempfile.TemporaryDirectory(prefix="aimdmodel-validate-") as scratch:
        store, version = _store_and_version(args, scratch)
        _make_runs(args, cases, store, version)
        if args.runs_only:
            left = len(store.stale(tasks_for(cases, Ns3Options(), version=version)))
            return f"ns-3 runs stored in {store.path}; {left} missing"
        v = _validate_with_progress(cases, args, store, version)
    command = COMMAND + (" --quick" if args.quick else "")
    for flag, value, default in (("--group", args.group, None), ("--store", args.store, None),
                                 ("--models", ",".join(args.models), ",".join(MODELS)),
                                 ("--out", args.out, "-"), ("--figure", args.figure, None)):
        if value != default:
            command += f" {flag} {value}" if " " not in str(value) else f" {flag} '{value}'"
    text = markdown(v, command=command, version=version)
    if args.figure:
        _figure(v, args.figure)
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
