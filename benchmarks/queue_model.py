#!/usr/bin/env python
"""Benchmark of the round-based queue model: prints a table, then one JSON line.

Usage: ``python benchmarks/queue_model.py [--quick | --full]``.

Every ratio is measured in this run against a baseline measured in this run
(nothing is typed in); CPU time (``time.process_time``) is used, as the
machine may be shared:

* ``flow_rounds_per_s``: 1000 NewReno/AIMD(1, 1/2) flows on one DropTail
  bottleneck (1 Mbps each, 8 packets of buffer each, RTT 0.1 s), 2000
  rounds (500 with --quick), the default tick RTT/10; and with RTT/4.
  ``hours_1000x1e5`` extrapolates the goal, 1000 flows x 1e5
  rounds, from that rate (the goal is "seconds").
* ``ceiling_fraction``: that rate in flow-ticks/s over a compiled loop that
  touches every flow once per tick (one add per flow-tick, the same array
  shape): how far the model is from doing nothing per flow-tick.
* ``vs_synchronous``: seconds per flow-round of the queue model over seconds
  per flow-step of the synchronous model's kernel engine (same flows, same
  rule): the price of the queue, the variants and the time base.
* ``callback_over_linear``: AIMD-FC (run by its own Python code between calls
  of the compiled loop) over AIMD (a declared linear rule, run inside it),
  100 flows; per flow-round.
* ``replication_scaling``: seconds per replication with 8 replications over
  with 1 (below 1: batching pays).
* ``compile_seconds`` / ``load_seconds``: first run in a fresh interpreter
  with an empty numba cache, and with the cache filled.

``--full`` measures the goal instead of extrapolating it: it runs 1000
flows x 1e5 rounds once at the default tick (RTT/10; one sample every
2000 rounds, so the series stay small) and prints its CPU and wall time
(``full_cpu_seconds``, ``full_wall_seconds``) and nothing else.
"""

from __future__ import annotations

import os
import sys

# this file is named queue.py: run as a script, its folder comes first on sys.path and
# would hide the standard library's queue module (imported by concurrent.futures)
if sys.path and os.path.abspath(sys.path[0]) == os.path.dirname(os.path.abspath(__file__)):
    del sys.path[0]

import argparse
import json
import subprocess
import tempfile
import time

import numba
import numpy as np

from aimdmodel import AIMD, AIMDFC, simulate
from aimdmodel.queue import run
from aimdmodel.scenario import Flow, Link, Scenario

ROWS: list[tuple[str, str, str]] = []
RTT = 0.1


def row(name: str, value: str, note: str = "") -> None:
    ROWS.append((name, value, note))


def cpu(fn, repeat: int = 1) -> tuple[float, object]:
    """Best CPU time of ``repeat`` calls, and the last result."""
    best, out = float("inf"), None
    for _ in range(repeat):
        t0 = time.process_time()
        out = fn()
        best = min(best, time.process_time() - t0)
    return best, out


def many(n: int, rounds: int, policy=None) -> Scenario:
    flows = tuple(Flow(variant="newreno", policy=policy, base_rtt=RTT) for _ in range(n))
    return Scenario(flows=flows, link=Link(rate=n * 1e6, buffer=8 * n), duration=rounds * RTT)


@numba.njit(cache=True)
def _touch(w: np.ndarray, ticks: int) -> float:  # pragma: no cover - compiled
    for _ in range(ticks):
        for j in range(w.size):
            w[j] += 1.0
    return w[0]


def big(quick: bool) -> dict:
    n, rounds = 1000, 500 if quick else 2000
    run(many(2, 5))  # load the compiled loop outside the timed region
    out = {}
    for per_rtt in (10, 4):
        t, res = cpu(lambda k=per_rtt: run(many(n, rounds), tick=RTT / k,
                                          record_interval=rounds * RTT / 50))
        rate = n * rounds / t
        row(f"{n} flows x {rounds} rounds, tick RTT/{per_rtt}", f"{rate:.3g} flow-rounds/s",
            f"{t:.2f} s CPU; {res.fast_retransmits.sum():.0f} fast retransmits")
        out[f"flow_rounds_per_s_tick{per_rtt}"] = rate
    rate = out["flow_rounds_per_s_tick10"]
    ticks = rounds * 10
    w = np.zeros(n)
    _touch(w, 1)
    t_ceil, _ = cpu(lambda: _touch(w, ticks), 3)
    ceiling = n * ticks / t_ceil
    row("ceiling: one add per flow-tick (compiled)", f"{ceiling:.3g} flow-ticks/s", "")
    hours = 1000 * 1e5 / rate / 3600
    row("extrapolated: 1000 flows x 1e5 rounds (tick RTT/10)", f"{hours * 3600:.0f} s",
        "the goal is seconds")
    out.update({"flow_rounds_per_s": rate, "ceiling_fraction": rate * 10 / ceiling,
                "hours_1000x1e5": hours})
    return out


def synchronous(quick: bool, rate: float) -> dict:
    n, steps = 1000, 2000 if quick else 10000
    x = np.random.default_rng(1).uniform(1, 10, n)
    simulate(AIMD(), x[:2], 40.0, steps=2, engine="kernel")
    t, _ = cpu(lambda: simulate(AIMD(), x, 8.0 * n, steps=steps, engine="kernel",
                                record="none"), 3)
    sync = n * steps / t
    row("synchronous kernel, 1000 AIMD flows", f"{sync:.3g} flow-steps/s", f"{steps} steps")
    return {"vs_synchronous": sync / rate}


def callbacks(quick: bool) -> dict:
    n, rounds = 100, 300 if quick else 1500
    t_lin, _ = cpu(lambda: run(many(n, rounds, AIMD())), 2)
    t_cb, _ = cpu(lambda: run(many(n, rounds, AIMDFC())), 2)
    row(f"{n} flows AIMD (declared linear, in the loop)",
        f"{n * rounds / t_lin:.3g} flow-rounds/s")
    row(f"{n} flows AIMD-FC (its own code, between calls)",
        f"{n * rounds / t_cb:.3g} flow-rounds/s")
    return {"callback_over_linear": t_cb / t_lin}


def replications(quick: bool) -> dict:
    n, rounds = 10, 500 if quick else 2000
    t1, _ = cpu(lambda: run(many(n, rounds), replications=1), 2)
    t8, _ = cpu(lambda: run(many(n, rounds), replications=8), 1)
    row("10 flows, 8 replications / 1 replication", f"{t8 / 8 / t1:.3g} per replication")
    return {"replication_scaling": t8 / 8 / t1}


def compile_times() -> dict:
    code = ("import time; t0 = time.perf_counter()\n"
            "from aimdmodel.queue import run\nfrom aimdmodel.scenario import Flow, Scenario\n"
            "run(Scenario(flows=(Flow(),), duration=2.0))\nprint(time.perf_counter() - t0)")
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        first = float(subprocess.run([sys.executable, "-c", code], env=env, check=True,
                                     capture_output=True, text=True).stdout)
        again = float(subprocess.run([sys.executable, "-c", code], env=env, check=True,
                                     capture_output=True, text=True).stdout)
    row("first run, empty numba cache (wall)", f"{first:.1f} s", "compiles the loop")
    row("first run, cache filled (wall)", f"{again:.2f} s", "")
    return {"compile_seconds": first, "load_seconds": again}


def full() -> dict:
    """Run the goal once: 1000 flows x 1e5 rounds at the default tick; CPU and wall time."""
    n, rounds = 1000, 100_000
    run(many(2, 5))  # load the compiled loop outside the timed region
    c0, w0 = time.process_time(), time.perf_counter()
    res = run(many(n, rounds), record_interval=rounds * RTT / 50)
    cpu_s, wall = time.process_time() - c0, time.perf_counter() - w0
    row(f"{n} flows x {rounds:.0e} rounds, tick RTT/10 (run once)", f"{cpu_s:.1f} s CPU",
        f"{wall:.1f} s wall; {n * rounds / cpu_s:.3g} flow-rounds/s; "
        f"{res.fast_retransmits.sum():.0f} fast retransmits")
    return {"full_cpu_seconds": cpu_s, "full_wall_seconds": wall,
            "flow_rounds_per_s_full": n * rounds / cpu_s}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_true", help="smaller runs")
    mode.add_argument("--full", action="store_true",
                      help="only run 1000 flows x 1e5 rounds once (the goal, measured)")
    args = parser.parse_args(argv)
    if args.full:
        t0 = time.perf_counter()
        result = full()
        result["wall_seconds"] = time.perf_counter() - t0
        result["full"] = True
        name, value, note = ROWS[0]
        print(f"{name}  {value}  {note}")
        print(f"goal: 1000 flows x 1e5 rounds in seconds: {result['full_cpu_seconds']:.0f} s "
              f"CPU measured: {'met' if result['full_cpu_seconds'] < 60 else 'NOT met'}")
        print(json.dumps({k: (float(f"{v:.6g}") if isinstance(v, float) else v)
                          for k, v in result.items()}))
        return 0
    t0 = time.perf_counter()
    result: dict = {}
    result.update(big(args.quick))
    result.update(synchronous(args.quick, result["flow_rounds_per_s"]))
    result.update(callbacks(args.quick))
    result.update(replications(args.quick))
    result.update(compile_times())
    result["wall_seconds"] = time.perf_counter() - t0
    result["quick"] = args.quick
    w1 = max(len(r[0]) for r in ROWS)
    w2 = max(len(r[1]) for r in ROWS)
    print(f"{'measurement':<{w1}}  {'value':>{w2}}  note")
    print("-" * (w1 + w2 + 40))
    for name, value, note in ROWS:
        print(f"{name:<{w1}}  {value:>{w2}}  {note}")
    goal = result["hours_1000x1e5"] * 3600
    print(f"goal: 1000 flows x 1e5 rounds in seconds: {goal:.0f} s extrapolated: "
          f"{'met' if goal < 60 else 'NOT met'}")
    print(json.dumps({k: (float(f"{v:.6g}") if isinstance(v, float) else v)
                      for k, v in result.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
