#!/usr/bin/env python
"""Two flows with base RTTs 1:2: the queue model's goodput ratio against ns-3's.

Usage: ``python benchmarks/rtt_bias.py [--replications N]`` (ns-3 installed:
``pip install -e '.[ns3]'``; about 50 s of ns-3 per set-up with 3
replications, under a second for the queue model). Prints a table, then one
JSON line.

The set-ups are those of ``tests/test_queue.py``'s short-RTT bias test: two
flows, base RTTs 40 and 80 ms, a 10 Mbit/s bottleneck with DropTail buffers of
8 and 33 packets and RED (min_th 5, max_th 15, max_p 0.1, buffer 133), 300 s
with 50 s of warm-up. The literature's two limits for the goodput ratio
``g1 / g2`` are ``RTT2 / RTT1`` (independent random losses, Mathis et al.)
and ``(RTT2 / RTT1)^2`` (losses synchronized at a DropTail queue); the
exponent reported is ``log(g1 / g2) / log(RTT2 / RTT1)`` with the mean RTTs
measured (queueing included). The flows are NewReno in both models (ns-3 has
no Reno recovery: :data:`aimdmodel.ns3.NS3_VARIANTS`); the queue model's Reno
is shown too.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from aimdmodel.queue import metrics, run
from aimdmodel.scenario import RED, Flow, Link, Scenario

SETUPS = {
    "DropTail, 8 packets": ("droptail", 8, None),
    "DropTail, 33 packets": ("droptail", 33, None),
    "RED 5/15/0.1, 133 packets": ("red", 133, RED(5, 15, 0.1)),
}


def scenario(discipline: str, buffer: int, red: RED | None, variant: str) -> Scenario:
    """The two-flow set-up (base RTTs 40 and 80 ms, 10 Mbit/s, 300 s, warm-up 50 s)."""
    return Scenario(flows=(Flow(variant=variant, base_rtt=0.04),
                           Flow(variant=variant, base_rtt=0.08)),
                    link=Link(rate=10e6, buffer=buffer, discipline=discipline, red=red),
                    duration=300.0, warmup=50.0, seed=4)


def measure(res) -> dict:
    """Goodput ratio, measured RTT ratio, the exponent, utilization (means over replications)."""
    g, rtt = metrics.goodput(res), metrics.mean_rtt(res)
    share = float((g[:, 0] / g[:, 1]).mean())
    ratio = float((rtt[:, 1] / rtt[:, 0]).mean())
    return {"share": share, "rtt_ratio": ratio, "exponent": math.log(share) / math.log(ratio),
            "utilization": float(metrics.utilization(res).mean())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replications", type=int, default=3, help="runs per set-up (3)")
    args = parser.parse_args(argv)
    from aimdmodel import ns3

    out: dict = {}
    print(f"{'set-up':<27} {'model':<15} {'g1/g2':>6} {'RTT2/RTT1':>9} {'exponent':>8} "
          f"{'util.':>6} {'seconds':>7}")
    for name, (disc, buf, red) in SETUPS.items():
        for label, variant, runner in (("queue, Reno", "reno", run),
                                       ("queue, NewReno", "newreno", run),
                                       ("ns-3, NewReno", "newreno", ns3.run)):
            t0 = time.perf_counter()
            row = measure(runner(scenario(disc, buf, red, variant),
                                 replications=args.replications))
            row["seconds"] = time.perf_counter() - t0
            out[f"{name} | {label}"] = row
            print(f"{name:<27} {label:<15} {row['share']:6.2f} {row['rtt_ratio']:9.2f} "
                  f"{row['exponent']:8.2f} {row['utilization']:6.3f} {row['seconds']:7.1f}",
                  flush=True)
    print(json.dumps({k: {f: round(v, 4) for f, v in r.items()} for k, r in out.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
