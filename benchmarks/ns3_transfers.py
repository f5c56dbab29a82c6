#!/usr/bin/env python
"""Whether the packet-level mode follows ns-3 packet for packet on random finite transfers.

Usage: ``python benchmarks/ns3_transfers.py [--scenarios N] [--seed S]``
(ns-3 installed: ``pip install -e '.[ns3]'``). Draws N dumbbells (default
40) from a seeded generator: 1 to 3 flows of the variants the packet-level
mode runs, each a transfer of 5 to 400 kB (sizes that are rarely whole
segments) starting in the first 0.5 s, base RTTs of 40, 60 or 100 ms, a 2 or
10 Mb/s bottleneck with a buffer of 5, 8 or 20 packets, every third behind
RED and every fourth with 1% random loss; 8 s each. Runs each in ns-3 and in
the packet-level mode, samples of 1 ms, and compares every flow's drops,
sends and goodput per millisecond and its completion time (to 2 ns). Prints
one line per scenario (which of the four agree, and the completion
differences), the number that agree in all four, and one JSON line. About
10 s for 40 scenarios. The catalogue's comparison (no finite transfers):
``benchmarks/ns3_drops.py``.
"""

from __future__ import annotations

import argparse
import json
import sys

import numpy as np

VARIANTS = ("sack", "newreno", "tahoe", "vegas", "veno", "westwood", "lp", "cubic")
CHECKS = ("drops", "sends", "goodput", "completion")


def scenarios(n: int, seed: int) -> list:
    """Return ``n`` random finite-transfer dumbbells drawn with ``seed``.

    Examples
    --------
    >>> [s.n_flows for s in scenarios(3, 7)]
    [3, 1, 3]
    """
    from aimdmodel.scenario import Flow, Link, Scenario

    rng = np.random.default_rng(seed)
    out = []
    for case in range(n):
        flows = tuple(Flow(variant=str(rng.choice(VARIANTS)),
                           base_rtt=float(rng.choice([0.04, 0.06, 0.1])),
                           size=int(rng.integers(5_000, 400_000)),
                           start=float(rng.uniform(0, 0.5)))
                      for _ in range(int(rng.integers(1, 4))))
        link = Link(rate=float(rng.choice([2e6, 10e6])), delay=0.01,
                    buffer=int(rng.choice([5, 8, 20])),
                    discipline="red" if case % 3 == 2 else "droptail",
                    random_loss=0.01 if case % 4 == 3 else 0.0)
        out.append(Scenario(flows=flows, link=link, duration=8.0, warmup=0.0, seed=case))
    return out


def compare(scenario) -> dict:
    """Run ns-3 and the packet-level mode; return which measures agree, and the differences."""
    from aimdmodel.ns3.dumbbell import run as ns3_run
    from aimdmodel.queue import run

    ns3 = ns3_run(scenario, record_interval=0.001)
    mode = run(scenario, fidelity="packet", record_interval=0.001)
    a, b = np.nan_to_num(mode.completion, nan=-1.0), np.nan_to_num(ns3.completion, nan=-1.0)
    return {"drops": bool(np.array_equal(mode.lost, ns3.lost)),
            "sends": bool(np.array_equal(mode.sent, ns3.sent)),
            "goodput": bool(np.allclose(mode.unique, ns3.unique, rtol=0.0, atol=1e-9)),
            "completion": bool(np.allclose(a, b, rtol=0.0, atol=2e-9)),
            "completion_diff_s": [float(x) for x in (mode.completion - ns3.completion)[0]]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenarios", type=int, default=40, help="how many (default 40)")
    parser.add_argument("--seed", type=int, default=7, help="the generator's seed (default 7)")
    args = parser.parse_args(argv)
    if args.scenarios < 1:
        parser.error(f"--scenarios must be >= 1, got {args.scenarios}")
    if args.seed < 0:
        parser.error(f"--seed must be >= 0, got {args.seed}")
    rows = []
    for k, sc in enumerate(scenarios(args.scenarios, args.seed)):
        got = compare(sc)
        rows.append(got)
        names = ", ".join(f.variant for f in sc.flows)
        marks = " ".join(f"{c}={'yes' if got[c] else 'NO'}" for c in CHECKS)
        diffs = ", ".join(f"{d * 1e3:+.3f}" for d in got["completion_diff_s"])
        print(f"{k:3d} {names:<28} {sc.link.rate / 1e6:g} Mb/s {sc.link.discipline:<8} "
              f"loss {sc.link.random_loss:g}: {marks} (completion - ns-3's, ms: {diffs})",
              flush=True)
    agree = sum(all(r[c] for c in CHECKS) for r in rows)
    print(f"all four agree on {agree} of {len(rows)} scenarios; each: "
          + ", ".join(f"{c} {sum(r[c] for r in rows)}" for c in CHECKS))
    print(json.dumps({"seed": args.seed, "scenarios": len(rows), "agree": agree,
                      **{c: sum(r[c] for r in rows) for c in CHECKS}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
