#!/usr/bin/env python
"""Benchmark of the fluid model: prints a table, then one JSON line.

Usage: ``python benchmarks/fluid.py [--quick]``.

Every ratio is measured in this run against a baseline measured in this run
(nothing is typed in). Higher is better:

* ``mgt_red_speedup``: 100 s of simulated time of MGT + RED (60 flows,
  C = 3750 packets/s, Tp = 0.2 s, 1 ms steps, 1e5 steps, one record per
  100 steps) with :func:`aimdmodel.fluid.simulate_fluid` (compiled), over
  two baselines: the library's own kernel interpreted by Python
  (``NUMBA_DISABLE_JIT=1`` in a fresh interpreter, 10 s of simulated time,
  times 10: ``jit_speedup``), and the textbook script, a plain Python
  transcription of the same delayed equations with Euler steps and a
  history list (what a one-off script does; *less* work per step than the
  library's second-order scheme, which also keeps the metrics:
  ``mgt_red_speedup``). The goal is "well under a second".
* ``stability_map_speedup``: 1000 random parameter sets ``(N, C, Tp)`` of
  a RED loop, :func:`aimdmodel.fluid.stability_map` on the arrays at once,
  over the same function called once per set; both give the same margins
  (checked). ``exact_per_point_seconds``: the sympy route
  (``linearize(operating_point(...)).margins()``) per point, measured on
  a few points (the whole batch that way would take about 1000 times it).
* ``long_run_peak_mib``: peak traced memory of 10^4 s (1e7 steps) with one
  record per 10^4 steps: memory does not grow with the horizon.

The first call of the compiled solver in a process loads it from numba's
cache (or compiles it: reported separately, ``first_call_seconds``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
import tracemalloc

import numpy as np

from aimdmodel.fluid import (
    RED,
    FluidClass,
    linearize,
    operating_point,
    simulate_fluid,
    stability_map,
)

ROWS: list[tuple[str, str, str]] = []
RED_BENCH = RED(min_th=50, max_th=550, max_p=0.1, w_q=1e-4)


def row(name: str, value: str, note: str = "") -> None:
    ROWS.append((name, value, note))


def best(fn, repeat: int):
    out, times = None, []
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return min(times), out


def textbook_mgt_red(n, c, tp, red, dt, steps):
    """MGT + RED as a one-off script: Euler steps, a Python list as history, one class."""
    w, q, x = 1.0, 0.0, 0.0
    k = -c * math.log(1.0 - red.w_q)
    hist = []  # W p / R at every step
    for s in range(steps):
        r = q / c + tp
        if x < red.min_th:
            p = 0.0
        elif x < red.max_th:
            p = red.max_p * (x - red.min_th) / (red.max_th - red.min_th)
        else:
            p = 1.0
        hist.append(w * p / r)
        j = s - int(r / dt)
        g = hist[j] if j >= 0 else hist[0]
        dw = 1.0 / r - w / 2.0 * g
        dq = n * w / r - c
        if (q <= 0 and dq < 0) or (q >= 800 and dq > 0):
            dq = 0.0
        w = max(w + dt * dw, 0.0)
        q = min(max(q + dt * dq, 0.0), 800.0)
        x = x + dt * k * (q - x)
    return w, q


def mgt_red(quick: bool) -> dict:
    n, c, tp, dt, dur = 60, 3750.0, 0.2, 1e-3, 100.0
    steps = round(dur / dt)
    kw = {"buffer": 800, "aqm": RED_BENCH, "duration": dur, "dt": dt, "record_every": 100}
    t_first, _ = best(lambda: simulate_fluid(FluidClass(n, tp), c, **kw), 1)
    t_lib, res = best(lambda: simulate_fluid(FluidClass(n, tp), c, **kw), 5)
    t_txt, (w_txt, q_txt) = best(lambda: textbook_mgt_red(n, c, tp, RED_BENCH, dt, steps),
                                 1 if quick else 2)
    row("MGT+RED, 60 flows, 100 s at 1 ms: simulate_fluid", f"{t_lib * 1e3:.1f} ms",
        f"{steps / t_lib:.3g} steps/s, second order; goal: well under 1 s")
    row("  first call in this process (cache load or compile)", f"{t_first:.2f} s", "")
    row("  textbook script (Python, Euler)", f"{t_txt:.2f} s",
        f"final W {w_txt:.3f} vs {res.window[-1, 0]:.3f}, q {q_txt:.1f} vs {res.queue[-1]:.1f}")
    row("  speedup over the textbook script", f"{t_txt / t_lib:.1f}x", "")
    t_py = 10 * interpreted(10.0)
    row("  the same kernel interpreted (NUMBA_DISABLE_JIT=1), x10", f"{t_py:.1f} s",
        "10 s simulated in a fresh interpreter")
    row("  speedup of the compiled kernel", f"{t_py / t_lib:.0f}x", "")
    return {"mgt_red_seconds": t_lib, "mgt_red_textbook_seconds": t_txt,
            "mgt_red_speedup": t_txt / t_lib, "jit_speedup": t_py / t_lib,
            "first_call_seconds": t_first}


def interpreted(duration: float) -> float:
    """Seconds of the same run with numba's JIT disabled, timed inside a fresh interpreter."""
    code = (
        "import time\nfrom aimdmodel.fluid import RED, FluidClass, simulate_fluid\n"
        "red = RED(min_th=50, max_th=550, max_p=0.1, w_q=1e-4)\n"
        "t0 = time.perf_counter()\n"
        f"simulate_fluid(FluidClass(60, 0.2), 3750.0, buffer=800, aqm=red, duration={duration},"
        " dt=1e-3, record_every=100)\n"
        "print(time.perf_counter() - t0)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "NUMBA_DISABLE_JIT": "1"})
    return float(out.stdout.strip().splitlines()[-1])


def batch(quick: bool) -> dict:
    rng = np.random.default_rng(15)
    n = rng.integers(5, 300, 1000).astype(float)
    c = rng.uniform(1000, 12000, 1000)
    tp = rng.uniform(0.02, 0.4, 1000)
    stability_map(n[:2], c[:2], tp[:2], red=RED_BENCH)  # lambdify the formulas once
    t_vec, sm = best(lambda: stability_map(n, c, tp, red=RED_BENCH, buffer=2000), 5)
    loop_n = 200 if quick else 1000

    def one_by_one():
        return [float(stability_map(n[i], c[i], tp[i], red=RED_BENCH, buffer=2000)
                      .margins.gain_margin) for i in range(loop_n)]

    t_loop, gms = best(one_by_one, 1)
    t_loop *= 1000 / loop_n
    same = np.allclose(gms, sm.margins.gain_margin[:loop_n], rtol=1e-12, equal_nan=True)
    k = 3 if quick else 5
    pick = np.flatnonzero(sm.region == "red")[:k]
    t0 = time.perf_counter()
    for i in pick:
        linearize(operating_point(n[i], c[i], tp[i], aqm=RED_BENCH, buffer=2000)).margins()
    t_exact = (time.perf_counter() - t0) / k
    row("stability map, 1000 (N, C, Tp) sets: vectorized", f"{t_vec * 1e3:.1f} ms",
        f"{np.mean(sm.stable):.0%} stable, {np.mean(sm.region == 'red'):.0%} with a RED "
        "operating point")
    row("  one call per set" + (" (extrapolated from 200)" if quick else ""),
        f"{t_loop:.2f} s", f"same margins: {same}")
    row("  speedup of the batch", f"{t_loop / t_vec:.0f}x", "")
    row("  exact sympy route, per point", f"{t_exact:.2f} s",
        f"about {1000 * t_exact / 60:.0f} min for the batch")
    return {"stability_map_seconds": t_vec, "stability_map_loop_seconds": t_loop,
            "stability_map_speedup": t_loop / t_vec, "exact_per_point_seconds": t_exact,
            "same_margins": bool(same)}


def long_run(quick: bool) -> dict:
    dur = 1e3 if quick else 1e4
    tracemalloc.start()
    t0 = time.perf_counter()
    res = simulate_fluid(FluidClass(60, 0.2), 3750.0, buffer=800, aqm=RED_BENCH,
                         duration=dur, dt=1e-3, record_every=10_000)
    sec = time.perf_counter() - t0
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    row(f"{dur:.0e} s at 1 ms, one record per 1e4 steps", f"{sec:.2f} s",
        f"peak traced memory {peak:.2f} MiB, {res.t.size} records")
    return {"long_run_seconds": sec, "long_run_peak_mib": peak}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller baselines")
    quick = ap.parse_args().quick
    out = {**mgt_red(quick), **batch(quick), **long_run(quick)}
    width = max(len(r[0]) for r in ROWS)
    for name, value, note in ROWS:
        print(f"{name.ljust(width)}  {value:>10}  {note}")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
