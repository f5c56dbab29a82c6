#!/usr/bin/env python
"""The queue model's speed against ns-3's on the same scenarios, measured side by side.

Usage: ``python benchmarks/ns3_speed.py [--scenarios N]`` (ns-3 installed:
``pip install -e '.[ns3]'``). For each of the first N scenarios of a set
taken from the validation catalogue (one flow, four flows, eight flows
behind RED, two RTTs, Vegas; 60 s of simulated time each), runs the queue
model in both modes (rounds, and packet by packet where the packet-level
mode runs the scenario; compiled before the clock starts, best of
``--repeat`` runs, before ns-3 is loaded) and ns-3 (its library loaded
before the clock starts, best of ``--ns3-repeat`` runs: the same estimate
of each side's own time, the least disturbed run), and prints the wall
times and their ratios; then one JSON line. The goals:
the round mode at least 1000 times faster than ns-3 on every scenario, the
packet-level mode at least 100 times.
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
    parser.add_argument("--repeat", type=int, default=10,
                        help="runs of each mode per scenario, the best counted (default 10)")
    parser.add_argument("--ns3-repeat", type=int, default=3,
                        help="ns-3 runs per scenario, the best counted (default 3)")
    args = parser.parse_args(argv)
    for name in ("repeat", "ns3_repeat"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be >= 1")
    from aimdmodel.ns3 import dumbbell
    from aimdmodel.ns3._loader import load
    from aimdmodel.queue import run

    cases = {c.name: c for c in reference_set()}
    names = NAMES[: args.scenarios]
    # the queue model first, in a process without ns-3 (cppyy's libraries loaded beside
    # numba's code slowed it 2x here), compiled before the clock starts, the best run
    run(cases[NAMES[0]].scenario)
    run(cases[NAMES[0]].scenario, fidelity="packet")
    queue, packet = {}, {}
    for name in names:
        for fidelity, times in (("round", queue), ("packet", packet)):
            best = float("inf")
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                try:
                    run(cases[name].scenario, fidelity=fidelity)
                except ValueError:  # a scenario the packet-level mode leaves out
                    break
                best = min(best, time.perf_counter() - t0)
            times[name] = best
    t0 = time.perf_counter()
    load()
    print(f"ns-3 loaded in {time.perf_counter() - t0:.1f} s (not counted below)")
    out = {}
    print(f"{'scenario':<45} {'ns-3 s':>8} {'round s':>9} {'ratio':>8} {'packet s':>9} "
          f"{'ratio':>8}")
    for name in names:
        ns3 = float("inf")
        for _ in range(args.ns3_repeat):
            t0 = time.perf_counter()
            dumbbell.run(cases[name].scenario)
            ns3 = min(ns3, time.perf_counter() - t0)
        best, pk = queue[name], packet[name]
        out[name] = {"ns3_s": ns3, "queue_s": best, "ratio": ns3 / best,
                     "packet_s": pk, "packet_ratio": ns3 / pk}
        pk_text = f"{pk:9.4f} {ns3 / pk:8.0f}" if pk < float("inf") else f"{'-':>9} {'-':>8}"
        print(f"{name:<45} {ns3:8.2f} {best:9.4f} {ns3 / best:8.0f} {pk_text}", flush=True)
    worst = min(r["ratio"] for r in out.values())
    print(f"slowest ratio, rounds: {worst:.0f} (goal >= 1000: "
          f"{'met' if worst >= 1000 else 'MISSED'})")
    ran = [r["packet_ratio"] for r in out.values() if r["packet_s"] < float("inf")]
    if ran:
        print(f"slowest ratio, packet by packet: {min(ran):.0f} over {len(ran)} scenarios (goal "
              f">= 100: {'met' if min(ran) >= 100 else 'MISSED'})")
    out = {k: {f: v for f, v in r.items() if v < float("inf")} for k, r in out.items()}
    print(json.dumps({k: {f: round(v, 5) for f, v in r.items()} for k, r in out.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
