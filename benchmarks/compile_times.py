"""Time one cold compilation of each compiled group (aimdmodel._progress.COMPILE_GROUPS).

Each group runs in a fresh process with an empty numba cache (NUMBA_CACHE_DIR
in a new temporary folder), then once more with the cache it filled. The
CPU seconds (user + system of the child) are what the note on a terminal
quotes: on a loaded machine the wall-clock time grows, the CPU time much
less. Usage: python benchmarks/compile_times.py [GROUP ...]
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time

RUNS = {
    "kernel": "from aimdmodel import AIMD, simulate\n"
              "simulate(AIMD(), [1, 30], 100, steps=100, engine='kernel')",
    "ccycle": "from aimdmodel import AIMD, simulate\n"
              "simulate(AIMD(), [1, 30], 100, cycles=10, engine='ccycle')",
    "sweep": "from concurrent.futures import ThreadPoolExecutor\n"
             "from aimdmodel import AIMD, sweep\n"
             "with ThreadPoolExecutor(1) as ex:\n"
             "    sweep(AIMD(), [1, 30], 100, cycles=10, executor=ex, progress=False)",
    "queue": "from aimdmodel.warmup import compile_all\ncompile_all(['queue'])",
    "packet": "from aimdmodel.warmup import compile_all\ncompile_all(['packet'])",
    "fluid": "from aimdmodel.warmup import compile_all\ncompile_all(['fluid'])",
}


def _child(code: str, cache: str) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True,
                   env={**os.environ, "NUMBA_CACHE_DIR": cache})
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main(groups: list[str]) -> None:
    for g in groups or list(RUNS):
        with tempfile.TemporaryDirectory() as cache:
            cold = _child(RUNS[g], cache)
            warm = _child(RUNS[g], cache)
        print(json.dumps({"group": g, "cold_cpu": round(cold[0], 1),
                          "cold_wall": round(cold[1], 1), "warm_cpu": round(warm[0], 1),
                          "warm_wall": round(warm[1], 1),
                          "compile_cpu": round(cold[0] - warm[0], 1)}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
