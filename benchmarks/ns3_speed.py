#!/usr/bin/env python
"""The queue model's speed against ns-3's on the same scenarios, measured side by side.

Usage: ``python benchmarks/ns3_speed.py [--scenarios N]`` (ns-3 installed:
``pip install -e '.[ns3]'``). For each of the first N scenarios of a set
taken from the validation catalogue (one flow, four flows, eight flows
behind RED, two RTTs, Vegas; 60 s of simulated time each), runs the queue
model (compiled before the clock starts, best of 3, before ns-3 is loaded)
and ns-3 once (its library loaded before the clock starts), and prints the wall times and their
ratio; then one JSON line. The goal: the queue model at least 1000 times
faster than ns-3 on every scenario.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from aimdmodel.ns3.validate import reference_set

NAMES = (
    "1 flow, SACK, DropTail 1 BDP",
    "4 flows, SACK, DropTail 1 BDP",
    "8 flows, SACK, RED 2 BDP",
    "2 flows, sack, RTT 40/80 ms, DropTail 1 BDP",
    "2 flows, vegas, DropTail 1 BDP",
    "16 flows, SACK, RED 1 BDP",
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenarios", type=int, default=len(NAMES),
                        help=f"how many of the {len(NAMES)} scenarios (default all)")
    args = parser.parse_args(argv)
    from aimdmodel.ns3 import dumbbell
    from aimdmodel.ns3._loader import load
    from aimdmodel.queue import run

    cases = {c.name: c for c in reference_set()}
    names = NAMES[: args.scenarios]
    # the queue model first, in a process without ns-3 (cppyy's libraries loaded beside
    # numba's code slowed it 2x here), compiled before the clock starts, best of 3
    run(cases[NAMES[0]].scenario)
    queue = {}
    for name in names:
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            run(cases[name].scenario)
            best = min(best, time.perf_counter() - t0)
        queue[name] = best
    t0 = time.perf_counter()
    load()
    print(f"ns-3 loaded in {time.perf_counter() - t0:.1f} s (not counted below)")
    out = {}
    print(f"{'scenario':<45} {'ns-3 s':>8} {'queue s':>9} {'ratio':>8}")
    for name in names:
        t0 = time.perf_counter()
        dumbbell.run(cases[name].scenario)
        ns3 = time.perf_counter() - t0
        best = queue[name]
        out[name] = {"ns3_s": ns3, "queue_s": best, "ratio": ns3 / best}
        print(f"{name:<45} {ns3:8.2f} {best:9.4f} {ns3 / best:8.0f}", flush=True)
    worst = min(r["ratio"] for r in out.values())
    print(f"slowest ratio: {worst:.0f} (goal >= 1000: {'met' if worst >= 1000 else 'MISSED'})")
    print(json.dumps({k: {f: round(v, 5) for f, v in r.items()} for k, r in out.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
