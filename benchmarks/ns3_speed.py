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

With ``--ticks-per-rtt K1,K2,...`` (default ``5,2,1``; the model's default
is 10 ticks per smallest base RTT) it also times the round mode on those
coarser time bases, and counts, over the whole validation catalogue
(ns-3's stored runs), on how many scenarios the round mode then meets each
goal of ``aimdmodel validate``: the price of the speed in agreement with
ns-3. ``--ticks-per-rtt ''`` skips both.
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
    parser.add_argument("--ticks-per-rtt", default="5,2,1",
                        help="coarser time bases (ticks per smallest base RTT, >= 1, < 10) on "
                             "which the round mode is also timed and validated; '' for none "
                             "(default 5,2,1)")
    args = parser.parse_args(argv)
    for name in ("repeat", "ns3_repeat"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be >= 1")
    try:
        coarser = [float(x) for x in args.ticks_per_rtt.split(",") if x.strip()]
    except ValueError:
        coarser = [0.0]
    if any(not 1.0 <= k < 10.0 for k in coarser):
        parser.error(f"--ticks-per-rtt must be numbers >= 1 and < 10 separated by commas, got "
                     f"{args.ticks_per_rtt!r}")
    from aimdmodel.ns3 import dumbbell
    from aimdmodel.ns3._loader import load
    from aimdmodel.queue import run

    cases = {c.name: c for c in reference_set()}
    names = NAMES[: args.scenarios]
    # the queue model first, in a process without ns-3 (cppyy's libraries loaded beside
    # numba's code slowed it 2x here), compiled before the clock starts, the best run
    run(cases[NAMES[0]].scenario)
    run(cases[NAMES[0]].scenario, fidelity="packet")

    def best_of(scenario: object, **kw: object) -> float:
        best = float("inf")
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            try:
                run(scenario, **kw)
            except ValueError:  # a scenario the packet-level mode leaves out
                break
            best = min(best, time.perf_counter() - t0)
        return best

    queue, packet, coarse = {}, {}, {}
    for name in names:
        sc = cases[name].scenario
        queue[name] = best_of(sc)
        packet[name] = best_of(sc, fidelity="packet")
        coarse[name] = [queue[name]] + [best_of(sc, ticks_per_rtt=k) for k in coarser]
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
    out = {k: {f: round(v, 5) for f, v in r.items() if v < float("inf")}
           for k, r in out.items()}
    if coarser:
        out["ticks_per_rtt"] = _time_bases(out, coarse, [10.0, *coarser])
    print(json.dumps(out))
    return 0


def _time_bases(out: dict, coarse: dict, bases: list[float]) -> dict:
    """Print the round mode's ratio to ns-3 and its agreement with ns-3 on each time base."""
    from aimdmodel.ns3._loader import version
    from aimdmodel.ns3.campaign import STORE, Store
    from aimdmodel.ns3.validate import validate

    print("\nthe round mode on coarser time bases (its results change): ratio to ns-3")
    heads = "".join(f"{format(k, 'g') + '/RTT':>9}" for k in bases)
    print(f"{'scenario':<45}{heads}")
    for name, times in coarse.items():
        print(f"{name:<45}" + "".join(f"{out[name]['ns3_s'] / t:9.0f}" for t in times))
    store, ver = Store(STORE), version()
    agreement = {}
    for k in bases:
        summary = validate(models=("queue",), store=store, version=ver,
                           round_options={"ticks_per_rtt": k}).summary()["queue"]
        agreement[k] = summary
    goals = [g for g in next(iter(agreement.values())) if g != "throughput"]
    print("\nscenarios of the validation catalogue on which the round mode meets each goal")
    print(f"{'goal':<16}" + heads)
    for g in goals:
        cells = [f"{agreement[k][g][0]}/{agreement[k][g][1]}" for k in bases]
        print(f"{g:<16}" + "".join(f"{c:>9}" for c in cells))
    return {format(k, "g"): {"ratio": {n: round(out[n]["ns3_s"] / coarse[n][j], 1)
                                       for n in coarse},
                             "met": {g: list(agreement[k][g]) for g in goals}}
            for j, k in enumerate(bases)}


if __name__ == "__main__":
    sys.exit(main())
