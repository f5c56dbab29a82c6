#!/usr/bin/env python
"""The papers' experiments rerun at full scale: writes ``paper_checks/RERUNS.md``.

Usage: ``python benchmarks/reruns.py [--workers N] [--out FILE] [NAME ...]``
(``NAME`` a paper's key, :data:`papers.experiments.EXPERIMENTS`; default all). The same as
``aimdmodel experiment all --scale full --workers N --out paper_checks/RERUNS.md``
once the ``experiment`` plugin is installed (papers.experiment_commands).

Every parameter of every run is in the file: printed by the paper (with the
phrase, located in its text) or chosen (with the reason), and the scale
(replications, durations) of the full runs; the claims ledger runs the same
set-ups at the reduced ``ledger`` scale (each paper's papers/KEY/setups.py,
gathered in papers.setups). The file's header gives the wall time of each
paper's runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)  # not benchmarks/, whose queue.py would shadow the standard library's

from aimdmodel._io import atomic_write_text  # noqa: E402
from papers.experiments import EXPERIMENTS, report  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python benchmarks/reruns.py")
    parser.add_argument("names", nargs="*", help=f"some of {', '.join(EXPERIMENTS)} "
                                                  "(default all)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--out", default=str(ROOT / "paper_checks" / "RERUNS.md"),
                        help="where to write (default paper_checks/RERUNS.md)")
    parser.add_argument("--progress", action="store_true", help="show progress bars")
    args = parser.parse_args(argv)
    bad = [n for n in args.names if n not in EXPERIMENTS]
    if bad:
        parser.error(f"unknown experiment {bad[0]!r}; choose from {', '.join(EXPERIMENTS)}")
    t0 = time.perf_counter()
    text = report(args.names or None, "full", workers=args.workers, progress=args.progress)
    atomic_write_text(args.out, text)
    print(f"wrote {args.out} in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
