#!/usr/bin/env python
"""Benchmark of the aimdmodel engines: prints a table, then one JSON line.

Usage: ``python benchmarks/run.py [--quick]``.

Every ratio is measured in this run against a baseline measured in this run
(nothing is typed in). Higher is better:

* ``jump_speedup``: cycle engine over the (Python, reference) step engine,
  AIMD(1, 1/2), m = 10, W = 1e6, 1e6 RTTs (1e5 with --quick), float; the
  final windows must be identical.
* ``exact_jump_speedup``: the same in exact arithmetic, m = 2, W = 1e6, 2000
  congestion events. The step engine would need about 5e8 Fraction steps
  (hours), so its time is *extrapolated*: its time per step is measured on
  S steps at the start and S steps at the end of the run (where the
  Fractions are largest; the end segment crosses the last congestion event
  and must land on the cycle engine's final windows exactly); the mean of
  the two per-step times is used (the cost grows with the denominators,
  i.e. along the run).
* ``batched_vs_textbook``: the compiled float step engine at
  (B, m) = (1000, 100), 200 RTTs, per flow-step, over the textbook loop (a
  plain Python transcription of Lahanas & Tsaoussidis 2003's AIMD-System pseudocode, Sec. 2.1).
* ``bandwidth_fraction``: that run's flow-steps/s over the ceiling measured
  as ``w += 1`` on a float64 array of the same shape (one flow-step = one
  such update).
* ``single_vs_textbook``: the compiled step engine on one system, m = 2,
  1e5 RTTs, float, over the textbook loop (the Python reference step engine
  is reported too, in the table and as ``python_step_vs_textbook``).

* ``compiled_cycle_vs_kernel``: the compiled cycle engine (``"ccycle"``)
  over the step kernel on the ``jump_speedup`` case (one system, m = 10,
  W = 1e6, 1e6 RTTs), ``simulate`` calls; final windows identical.
  ``compiled_cycle_vs_kernel_engines``: the same, the engines alone on the
  prepared run (``simulate``'s argument checks and the Trajectory, the same
  ~150 us for both, left out).
* ``event_cost_us``: the compiled cycle engine's time per congestion event
  per system (AIMD, m = 10, 100 systems; also m = 2 and AIMD-FC+).
* ``sweep_speedup``: a 10^4-point AIMD(a, b) x W x x0 grid (25 policies, 20
  capacities from 1e2 to 1e5, 20 starts of two flows), 40 cycles each, one
  process (one worker thread of a ``ThreadPoolExecutor``; the compiled batches
  release the GIL, so the calling thread builds the rows of finished chunks
  meanwhile), the default metrics: the batched sweep over the sweep as it was
  before batched sweeps (commit :data:`FILED`, its package taken from git
  into a temporary folder and run in a subprocess with its own numba cache,
  filled by an earlier subprocess, same executor) on the grid's 25 policies
  x 20 capacities x the first 2 starts (1 with --quick), scaled to the
  grid; its rows are compared with
  the batched ones (identical, and the largest relative difference).
  ``sweep_vs_emulated_legacy``: the same against today's code run one by
  one with the engine the sweep chose before batching (the Python cycle
  engine when the first additive phase had at least 1e5 flow-steps, else
  the step kernel), timed on every 49th point (205 runs) and scaled; the
  rows of those points must equal the batched rows run one by one with
  ``"ccycle"``. ``sweep_runs_per_s`` is the batched rate;
  ``sweep_vs_per_run_now`` the ratio over today's per-run path
  (``batch=False``, the new ``auto``). ``sweep_speedup_threads``: the same
  sweep in the same process with two worker threads (the batches release
  the GIL) over the filed sweep with its one; reported beside the goal,
  not in its place. The batched sweep is the best of 5 calls;
  ``sweep_speedup_median`` is the same ratio with their median, and the row
  shows the median and slowest call (on a noisy machine the best of 5 and
  the one run of the filed sweep may fall in different phases).
* ``auto_vs_best``: over a table of cases (short and long runs, small and
  large W, float, exact and integer, batches, recordings), the largest
  ratio of ``engine="auto"``'s time (its estimate included) over the
  fastest engine's.
* ``register_ceiling_fraction``: the step kernel on (B, m) = (2000, 4),
  2e4 RTTs, ``record="none"``, over the register-resident loop that does
  the same step (Chiu-Jain's linear control, the four windows in named
  locals, ``prange`` over the systems); also over the minimal AIMD loop
  (``w += 1`` / ``w *= 0.5`` in locals), and on one thread.
* ``sweep_peak_mib``: the peak memory of a ``record="none"`` sweep of 10^5
  points (tracemalloc), and extrapolated to 10^6 points (linear in the
  points); ``--memory-million`` measures the peak resident memory (VmHWM)
  of a 10^6-point sweep in a fresh interpreter.

Plus ``import_seconds`` (``import aimdmodel`` in a fresh interpreter),
``kernel_load_seconds`` (loading the cached kernels in a fresh interpreter),
``kernel_compile_seconds`` (compiling them with an empty cache), the peak
memory of a 1e7-RTT ``record="cycles"`` run, and the float differences of
the cycle engine for non-dyadic parameters.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from fractions import Fraction
from functools import partial

import numpy as np

from aimdmodel import AIMD, simulate
from aimdmodel.engines.kernel import warmup

ROWS: list[tuple[str, str, str]] = []


def row(name: str, value: str, note: str = "") -> None:
    ROWS.append((name, value, note))


def textbook_aimd_system(x: list[float], W: float, rtts: int, a: float = 1.0, b: float = 0.5):
    """Lahanas & Tsaoussidis 2003, Sec. 2.1, AIMD(w) and AIMD-System((x_1..x_m), m, n), for
    ``rtts`` RTTs.

    AIMD-System lines 1-3: w_i <- x_i; AIMD line 1: k <- 0; while the feedback
    is 1 (the sum of the windows w + k is below W): process(w + k) (nothing
    here) and k <- k + a_I (lines 2-5); at feedback 0: w <- b_D (w + k)
    (line 6) and the next call of AIMD starts with k <- 0. The flows of the
    system step together, one RTT at a time.
    """
    m = len(x)
    w = [float(v) for v in x]
    k = [0.0] * m
    for _ in range(rtts):
        total = 0.0
        for i in range(m):
            total += w[i] + k[i]
        if total < W:
            for i in range(m):
                k[i] = k[i] + a
        else:
            for i in range(m):
                w[i] = b * (w[i] + k[i])
                k[i] = 0.0
    return [w[i] + k[i] for i in range(m)]


def timed(fn, repeat: int) -> tuple[list[float], object]:
    """Every call's time (seconds, in call order) of ``repeat`` calls, and the last result."""
    out = None
    times = []
    for _ in range(repeat):
        out = None  # the last result is freed before the clock starts, not inside the timing
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return times, out


def best(fn, repeat: int) -> tuple[float, object]:
    times, out = timed(fn, repeat)
    return min(times), out


def fresh(code: str, env: dict | None = None) -> float:
    """Wall time of ``code`` in a fresh interpreter (as measured inside it)."""
    prog = f"import time; t0 = time.perf_counter()\n{code}\nprint(time.perf_counter() - t0)"
    out = subprocess.run(
        [sys.executable, "-c", prog], capture_output=True, text=True, check=True,
        env={**os.environ, **(env or {})},
    )
    return float(out.stdout.strip().splitlines()[-1])


def overheads(quick: bool) -> dict:
    imp = min(fresh("import aimdmodel") for _ in range(2 if quick else 3))
    load = fresh("from aimdmodel.engines.kernel import warmup; warmup()")
    with tempfile.TemporaryDirectory() as tmp:
        compile_s = fresh(
            "from aimdmodel.engines.kernel import warmup; warmup()", {"NUMBA_CACHE_DIR": tmp}
        )
    row("import aimdmodel (fresh interpreter)", f"{imp:.3f} s", "numba is imported lazily")
    row("kernels: load from cache (fresh)", f"{load:.3f} s", "import numba + cached kernels")
    row("kernels: compile, empty cache (fresh)", f"{compile_s:.3f} s", "once per machine")
    return {"import_seconds": imp, "kernel_load_seconds": load,
            "kernel_compile_seconds": compile_s}


def jump(quick: bool) -> dict:
    rtts = 10**5 if quick else 10**6
    x = [float(i) for i in range(10)]
    W = 1e6
    t_step, ref = best(lambda: simulate(AIMD(), x, W, steps=rtts, record="none"), 1)
    t_cyc, fast = best(
        lambda: simulate(AIMD(), x, W, steps=rtts, engine="cycle", record="none"), 5
    )
    t_ker, ker = best(
        lambda: simulate(AIMD(), x, W, steps=rtts, engine="kernel", record="none"), 3
    )
    t_cc, cc = best(
        lambda: simulate(AIMD(), x, W, steps=rtts, engine="ccycle", record="none"), 20
    )
    same = bool(np.array_equal(ref.windows[-1], fast.windows[-1]))
    same_k = bool(np.array_equal(ref.windows[-1], ker.windows[-1]))
    same_c = bool(np.array_equal(ref.windows[-1], cc.windows[-1]))
    # the engines alone, on the same prepared run (simulate's checks and Trajectory left out)
    from aimdmodel.engine import prepare
    from aimdmodel.engines import ENGINES

    run = prepare(AIMD(), x, W, steps=rtts, record="none")
    e_ker, e_cc = float("inf"), float("inf")
    for _ in range(5):  # alternated, best of each
        e_ker = min(e_ker, best(lambda: ENGINES["kernel"]().run(run), 1)[0])
        e_cc = min(e_cc, best(lambda: ENGINES["ccycle"]().run(run), 20)[0])
    n_ev = len(simulate(AIMD(), x, W, steps=rtts, engine="cycle", record="cycles")
               .congestion_steps)
    row(f"float AIMD m=10 W=1e6 {rtts:.0e} RTTs: step engine (Python)", f"{t_step:.3f} s",
        f"{rtts / t_step:.3g} steps/s")
    row("  same: cycle engine", f"{t_cyc * 1e3:.3f} ms",
        f"{n_ev} congestion events; final windows identical: {same}")
    row("  same: step kernel (numba)", f"{t_ker * 1e3:.3f} ms",
        f"final windows identical: {same_k}; cycle over kernel x{t_ker / t_cyc:.3g}")
    row("  same: compiled cycle engine (ccycle)", f"{t_cc * 1e3:.3f} ms",
        f"final windows identical: {same_c}; over the kernel x{t_ker / t_cc:.3g}, over the "
        f"Python cycle engine x{t_cyc / t_cc:.3g}")
    row("  engines alone on the prepared run: kernel / ccycle",
        f"{e_ker * 1e3:.3f} / {e_cc * 1e3:.3f} ms", f"x{e_ker / e_cc:.3g} (simulate's checks "
        f"and the Trajectory, ~{(t_cc - e_cc) * 1e6:.0f} us a call, left out)")
    if not (same and same_k and same_c):
        raise SystemExit("jump benchmark: final windows differ")
    return {"jump_speedup": t_step / t_cyc, "jump_identical": same,
            "compiled_cycle_vs_kernel": t_ker / t_cc,
            "compiled_cycle_vs_kernel_engines": e_ker / e_cc}


def exact_jump(quick: bool) -> dict:
    W, events = 10**6, 2000
    S = 4000 if quick else 20000
    x0 = [1, 30]
    t_cyc, fast = best(
        lambda: simulate(AIMD(), x0, W, cycles=events, arithmetic="exact", engine="cycle",
                         record="cycles", max_steps=10**12), 1 if quick else 3,
    )
    T = fast.n_steps
    t_first, _ = best(lambda: simulate(AIMD(), x0, W, steps=S, arithmetic="exact",
                                       record="none"), 1)
    # the state S steps before the end (cycle engine), then the step engine to the end
    start = simulate(AIMD(), x0, W, steps=T - S, arithmetic="exact", engine="cycle",
                     record="none").windows[-1]
    t_last, tail = best(lambda: simulate(AIMD(), list(start), W, steps=S, arithmetic="exact",
                                         record="cycles"), 1)
    same = bool((tail.windows[-1] == fast.windows[-1]).all())
    crossed = len(tail.congestion_steps)
    per_step = (t_first + t_last) / (2 * S)
    t_step = per_step * T
    bits = max(Fraction(v).denominator.bit_length() for v in fast.windows[-1])
    row(f"exact AIMD m=2 W=1e6 {events} events: cycle engine", f"{t_cyc:.3f} s",
        f"{T} steps; final denominators {bits} bits")
    row("  step engine (Python, Fractions), first steps", f"{t_first / S * 1e6:.1f} us/step",
        f"measured on {S} steps")
    row("  step engine, last steps (crossing the last event)",
        f"{t_last / S * 1e6:.1f} us/step",
        f"{crossed} event(s) crossed; final windows identical: {same}")
    row("  step engine, extrapolated to the whole run", f"{t_step:.0f} s",
        f"{T} steps x mean us/step")
    if not same or crossed < 1:
        raise SystemExit("exact jump benchmark: the step engine does not land on the cycle engine")
    return {"exact_jump_speedup": t_step / t_cyc, "exact_identical": same}


def batched(quick: bool) -> dict:
    B, m, rtts = 1000, 100, 200
    rng = np.random.default_rng(7)
    x = rng.integers(1, 50, size=(B, m)).astype(np.float64)
    W = 40.0 * m
    simulate(AIMD(), x[:2], W, steps=2, engine="kernel")  # kernels loaded, outside timing
    w = x.copy()
    reps = 200

    def ceiling() -> None:
        for _ in range(reps):
            w.__iadd__(1.0)

    # the kernel run and the ceiling alternate, so that both see the same load
    # of this shared machine; the best of each is kept
    t_ker, t_ceil = float("inf"), float("inf")
    for _ in range(15):
        t, tr = best(lambda: simulate(AIMD(), x, W, steps=rtts, engine="kernel",
                                      record="none"), 1)
        t_ker = min(t_ker, t)
        t_ceil = min(t_ceil, best(ceiling, 1)[0])
    flow_steps = B * m * rtts
    rate = flow_steps / t_ker
    nb = 10 if quick else 40
    t_tb, finals = best(
        lambda: [textbook_aimd_system(list(x[i]), W, rtts) for i in range(nb)], 1 if quick else 2
    )
    tb_rate = nb * m * rtts / t_tb
    same = all(np.array_equal(np.array(finals[i]), tr.windows[-1, i]) for i in range(nb))
    ceil_rate = B * m * reps / t_ceil
    events = int(simulate(AIMD(), x[:5], W, steps=rtts, engine="kernel",
                          record="cycles").system(0).congestion_steps.size)
    row("textbook loop (Lahanas & Tsaoussidis 2003's AIMD-System, pure Python)",
        f"{tb_rate:.3g} flow-steps/s",
        f"{nb} systems of m={m}, {rtts} RTTs")
    row("batched step kernel (B, m) = (1000, 100), 200 RTTs", f"{rate:.3g} flow-steps/s",
        f"{t_ker * 1e3:.2f} ms; ~{events} events/system; final windows = textbook: {same}")
    row("ceiling: w += 1 on float64 (1000, 100)", f"{ceil_rate:.3g} updates/s",
        f"{reps} in-place numpy adds")
    t_rec, _ = best(lambda: simulate(AIMD(), x, W, steps=rtts, engine="kernel",
                                     record="cycles"), 2)
    row("  same batch, record='cycles' (two passes)", f"{flow_steps / t_rec:.3g} flow-steps/s",
        f"{t_rec * 1e3:.1f} ms")
    if not same:
        raise SystemExit("batched benchmark: kernel and textbook disagree")
    return {"batched_vs_textbook": rate / tb_rate, "bandwidth_fraction": rate / ceil_rate,
            "textbook_flow_steps_per_s": tb_rate}


def single(quick: bool) -> dict:
    rtts = 10**5
    x, W = [1.0, 30.0], 1000.0
    t_tb, final_tb = best(lambda: textbook_aimd_system(x, W, rtts), 3)
    t_ker, tr = best(lambda: simulate(AIMD(), x, W, steps=rtts, engine="kernel",
                                      record="none"), 5)
    n_py = 10**4 if quick else 10**5
    t_py, _ = best(lambda: simulate(AIMD(), x, W, steps=n_py, record="none"), 1)
    t_py *= rtts / n_py
    t_cyc, _ = best(lambda: simulate(AIMD(), x, W, steps=rtts, engine="cycle",
                                     record="none"), 3)
    same = bool(np.array_equal(np.array(final_tb), tr.windows[-1]))
    row("single system m=2, 1e5 RTTs: textbook loop", f"{t_tb * 1e3:.1f} ms",
        f"{2 * rtts / t_tb:.3g} flow-steps/s")
    row("  step kernel (numba)", f"{t_ker * 1e3:.2f} ms", f"final windows = textbook: {same}")
    row("  step engine (Python reference)", f"{t_py * 1e3:.0f} ms",
        f"measured on {n_py} RTTs, scaled")
    row("  cycle engine", f"{t_cyc * 1e3:.2f} ms", "")
    if not same:
        raise SystemExit("single benchmark: kernel and textbook disagree")
    return {"single_vs_textbook": t_tb / t_ker, "python_step_vs_textbook": t_tb / t_py,
            "cycle_single_vs_textbook": t_tb / t_cyc}


def memory(quick: bool) -> dict:
    out = {}
    for engine in ("cycle", "kernel"):
        tracemalloc.start()
        t0 = time.perf_counter()
        tr = simulate(AIMD(), [float(i) for i in range(10)], 1e6, steps=10**7, engine=engine,
                      record="cycles")
        dt = time.perf_counter() - t0
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        row(f"1e7 RTTs, m=10, W=1e6, record='cycles', {engine} engine",
            f"{peak / 2**20:.2f} MiB peak", f"{dt:.2f} s, {tr.windows.shape[0]} knots kept")
        out[f"peak_mib_record_cycles_{engine}"] = peak / 2**20
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    row("process max RSS so far", f"{rss:.0f} MiB", "whole benchmark, Python + numpy + numba")
    out["max_rss_mib"] = rss
    return out


def non_dyadic(quick: bool) -> dict:
    """Float differences of the cycle engine for a = 0.1, b = 0.7 (not dyadic)."""
    pol = AIMD(a=0.1, b=0.7)
    rng = np.random.default_rng(3)
    x = list(np.round(rng.uniform(0, 100, 10), 1))
    W = 10_000.0
    events = 10 if quick else 30
    ref = simulate(pol, x, W, cycles=events)
    fast = simulate(pol, x, W, cycles=events, engine="cycle")
    exact = simulate(pol, x, W, cycles=events, arithmetic="exact", engine="cycle",
                     record="cycles")
    cs_r, cs_f, cs_e = ref.congestion_steps, fast.congestion_steps, exact.congestion_steps
    k = min(len(cs_r), len(cs_f))
    moved = int(np.count_nonzero(cs_r[:k] != cs_f[:k]))
    diff = np.flatnonzero(cs_r[:k] != cs_f[:k])
    end = int(min(cs_r[diff[0]], cs_f[diff[0]])) if diff.size else min(ref.n_steps, fast.n_steps)
    a, b = ref.windows[: end + 1], fast.windows[: end + 1]
    rel = float(np.max(np.abs(a - b) / np.maximum(np.abs(a), 1e-300)))
    # both against the exact values at the exact run's knots (before any divergence)
    t_ok = exact.cycle_record.times[exact.cycle_record.times <= end]
    ex = np.array([[float(v) for v in r] for r in exact.windows[: len(t_ok)]])
    err_r = float(np.max(np.abs(ref.windows[t_ok] - ex) / ex.clip(1e-300)))
    err_f = float(np.max(np.abs(fast.windows[t_ok] - ex) / ex.clip(1e-300)))
    off_r = int(np.count_nonzero(cs_r[: len(cs_e)] != cs_e[: len(cs_r)]))
    off_f = int(np.count_nonzero(cs_f[: len(cs_e)] != cs_e[: len(cs_f)]))
    row(f"non-dyadic float AIMD(0.1, 0.7), m=10, W=1e4, {events} events, {end} steps compared",
        f"{rel:.2e} max rel", "cycle vs step engine, windows (before any event moves)")
    row("  max rel error vs exact at the knots", f"step {err_r:.1e} / cycle {err_f:.1e}",
        "float step engine accumulates w + a + a ...; the jump rounds once")
    row("  congestion events at a different step", f"{moved} of {k}",
        f"vs exact: step engine {off_r}, cycle engine {off_f}")
    return {"nondyadic_max_rel_diff": rel, "nondyadic_events_moved": moved,
            "nondyadic_step_err_vs_exact": err_r, "nondyadic_cycle_err_vs_exact": err_f}


def heterogeneous(quick: bool) -> dict:
    """A heterogeneous 3-flow AIMD run against the homogeneous one, cycle engine."""
    rtts = 10**6 if quick else 10**7
    x, W = [1.0, 30.0, 5.0], 1e4
    hom = AIMD()
    het = AIMD(a=[1.0, 0.2, 2.0], b=[0.5, 0.875, 0.75])
    simulate(het, x, W, steps=1000, engine="cycle", record="cycles")  # declarations cached
    t_hom, tr_hom = best(lambda: simulate(hom, x, W, steps=rtts, engine="cycle",
                                          record="cycles"), 3)
    t_het, tr_het = best(lambda: simulate(het, x, W, steps=rtts, engine="cycle",
                                          record="cycles"), 3)
    ratio = t_het / t_hom
    row(f"3-flow AIMD, W=1e4, {rtts:.0e} RTTs, cycle engine: homogeneous", f"{t_hom:.3f} s",
        f"{len(tr_hom.congestion_steps)} events")
    row("  heterogeneous a=(1, 0.2, 2), b=(1/2, 7/8, 3/4)", f"{t_het:.3f} s",
        f"{len(tr_het.congestion_steps)} events; time ratio x{ratio:.2f} (goal <= 2)")
    per_event = (t_het / len(tr_het.congestion_steps), t_hom / len(tr_hom.congestion_steps))
    return {"heterogeneous_time_ratio": ratio,
            "heterogeneous_per_event_ratio": per_event[0] / per_event[1]}


def event_cost(quick: bool) -> dict:
    """The compiled cycle engine's time per congestion event and system."""
    from aimdmodel import AIMDFCPlus

    out = {}
    rng = np.random.default_rng(11)
    steps = 2 * 10**4 if quick else 10**5
    for name, pol, m in (("aimd_m10", AIMD(), 10), ("aimd_m2", AIMD(), 2),
                         ("fcplus_m10", AIMDFCPlus(), 10)):
        x = rng.uniform(0, 50, size=(100, m))
        W = 100.0 * m
        simulate(pol, x[:2], W, steps=10, engine="ccycle", record="none")
        t, _ = best(partial(simulate, pol, x, W, steps=steps, engine="ccycle", record="none"), 3)
        events = sum(len(e) for e in simulate(pol, x, W, steps=steps, engine="ccycle",
                                              record="cycles").congestion_steps)
        us = t / events * 1e6
        row(f"compiled cycle engine, {pol.label()} m={m}, 100 systems, W={W:g}",
            f"{us:.3f} us/event", f"{events} events in {t * 1e3:.1f} ms")
        out[f"event_cost_us_{name}"] = us
    out["event_cost_us"] = max(out["event_cost_us_aimd_m10"], out["event_cost_us_aimd_m2"])
    return out


def _legacy_engine(policy, x, W) -> str:
    """The engine the sweep's ``auto`` chose before batching, for AIMD below capacity.

    The Python cycle engine when the first additive phase has at least 1e5
    flow-steps (n m, n = ceil((W - sum x) / (m a))), else the step kernel.
    """
    m = len(x)
    n = int(np.ceil((W - sum(x)) / (m * policy.a)))
    return "cycle" if n * m >= 100_000 else "kernel"


def sweep_grid() -> tuple[list, np.ndarray, list]:
    """The 10^4-point grid of ``sweep_speedup``: 25 policies x 20 starts x 20 capacities."""
    from aimdmodel import policy_grid

    pols = policy_grid("aimd", a=[0.5, 1.0, 1.5, 2.0, 3.0], b=[0.5, 0.6, 0.7, 0.8, 0.9])
    x0 = np.random.default_rng(2).uniform(0, 50, size=(20, 2)).round(2)
    caps = [float(c) for c in np.logspace(2, 5, 20).round(1)]
    return pols, x0, caps


FILED = "9e9422e"
"""main before batched sweeps (before 6573c2b)."""

_FILED_CODE = """
import json, sys, time
from concurrent.futures import ThreadPoolExecutor
import numpy as np
from aimdmodel import policy_grid, sweep
pols = policy_grid("aimd", a=[0.5, 1.0, 1.5, 2.0, 3.0], b=[0.5, 0.6, 0.7, 0.8, 0.9])
x0 = np.random.default_rng(2).uniform(0, 50, size=(20, 2)).round(2)[:int(sys.argv[1])]
caps = [float(c) for c in np.logspace(2, 5, 20).round(1)]
with ThreadPoolExecutor(1) as ex:
    sweep(pols[:1], x0[:1], caps[:2], cycles=40, executor=ex)  # its kernels loaded
    if sys.argv[2:] == ["fill"]:  # an earlier process: compile every kernel the sweep uses
        sweep(pols, x0, caps, cycles=40, executor=ex)
        sys.exit()
    t0 = time.perf_counter()
    rows = sweep(pols, x0, caps, cycles=40, executor=ex)
    t = time.perf_counter() - t0
print(json.dumps({"seconds": t, "runs": len(rows),
                  "rows": [[r[k] for k in ("efficiency", "overflow", "smoothness",
                                           "final_jain")] for r in rows]}))
"""


def filed_sweep(starts: int) -> dict | None:
    """Run the ``sweep`` of commit :data:`FILED` on part of the grid, in a subprocess.

    The baseline is "the per-run path of today's sweep (kept as the
    baseline, measured in the same run)": that code, taken from git (its
    package only, into a temporary folder, with its own numba cache), runs
    the grid's 25 policies x 20 capacities x the first ``starts`` starts,
    one process, one worker thread, its default metrics. None without git.
    Its kernels are compiled by an earlier process that runs the same part
    once: the timed one loads them from the cache, as ours are (numba's
    code made after an in-process compilation can run much slower, see
    :func:`compiled_here`).
    """
    with tempfile.TemporaryDirectory() as tmp:
        try:
            root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
            tar = subprocess.run(["git", "archive", FILED, "aimdmodel"], capture_output=True,
                                 check=True, cwd=root)
        except (OSError, subprocess.CalledProcessError):
            return None
        subprocess.run(["tar", "-x", "-C", tmp], input=tar.stdout, check=True)
        env = {**os.environ, "PYTHONPATH": tmp, "NUMBA_CACHE_DIR": os.path.join(tmp, "nc")}
        for fill in (True, False):  # the timed process loads what the first one compiled
            out = subprocess.run(
                [sys.executable, "-c", _FILED_CODE, str(starts), *(["fill"] if fill else [])],
                capture_output=True, text=True, check=True, cwd=tmp, env=env,
            )
        return json.loads(out.stdout.strip().splitlines()[-1])


def sweeps(quick: bool) -> dict:
    """``sweep_speedup``: the batched sweep against the per-run path of before."""
    from concurrent.futures import ThreadPoolExecutor

    from aimdmodel import sweep
    from aimdmodel.sweeps import DEFAULT_METRICS, _run_one

    pols, x0, caps = sweep_grid()
    n = len(pols) * len(x0) * len(caps)
    with ThreadPoolExecutor(1) as ex:
        sweep(pols[:2], x0[:2], caps[:2], cycles=40, executor=ex)  # kernels loaded
        calls, rows = timed(lambda: sweep(pols, x0, caps, cycles=40, executor=ex), 5)
    t_batch, t_median = min(calls), float(np.median(calls))
    threads = min(2, os.cpu_count() or 1)  # the batches release the GIL: threads share them
    with ThreadPoolExecutor(threads) as ex:
        t_threads, rows2 = best(lambda: sweep(pols, x0, caps, cycles=40, executor=ex), 5)
    every = 49 if not quick else 199  # prime to the 20 capacities and 20 starts: all are met
    sample = list(range(0, n, every))
    opts = {"steps": None, "cycles": 40, "arithmetic": "float", "congestion": ">=",
            "record": "cycles", "max_steps": 10_000_000, "metrics": DEFAULT_METRICS,
            "burn_in": None, "eps": 1, "on_error": "raise"}
    SC, C = len(x0) * len(caps), len(caps)
    points = [(pols[i // SC], tuple(x0[(i // C) % len(x0)].tolist()), caps[i % C])
              for i in sample]
    for eng in ("kernel", "cycle", "ccycle", "auto"):  # loaded (or compiled) before timing
        _run_one(*points[0], {**opts, "engine": eng})
    t0 = time.perf_counter()
    for p, x, c in points:
        _run_one(p, x, c, {**opts, "engine": _legacy_engine(p, x, c)})
    t_old = (time.perf_counter() - t0) / len(points) * n
    t0 = time.perf_counter()
    now = [_run_one(p, x, c, {**opts, "engine": "auto"}) for p, x, c in points]
    t_now = (time.perf_counter() - t0) / len(points) * n
    same = all(_run_one(p, x, c, {**opts, "engine": "ccycle"}) == rows[i]
               for (p, x, c), i in zip(points, sample, strict=True))
    k = 1 if quick else 2  # starts of the filed sweep's part of the grid
    filed = filed_sweep(k)
    row(f"sweep {n} points (AIMD(a, b) x W x x0), 40 cycles: batched", f"{t_batch:.3f} s",
        f"{n / t_batch:.3g} runs/s, one thread, best of 5 (median {t_median * 1e3:.1f} ms, "
        f"slowest {max(calls) * 1e3:.1f} ms); rows = runs one by one (ccycle): {same}")
    row(f"  the same, {threads} worker threads (one process)", f"{t_threads:.3f} s",
        f"{n / t_threads:.3g} runs/s; rows the same: {rows2 == rows}")
    out = {"sweep_runs_per_s": n / t_batch, "sweep_vs_emulated_legacy": t_old / t_batch,
           "sweep_vs_per_run_now": t_now / t_batch}
    if filed is not None:
        t_filed = filed["seconds"] / filed["runs"] * n
        part = [rows[p * len(x0) * len(caps) + s * len(caps) + c] for p in range(len(pols))
                for s in range(k) for c in range(len(caps))]
        keys = ("efficiency", "overflow", "smoothness", "final_jain")
        new = np.array([[r[key] for key in keys] for r in part], dtype=float)
        old = np.array(filed["rows"], dtype=float)
        equal = int((new == old).all(axis=1).sum())
        rel = float(np.nanmax(np.abs(new - old) / np.maximum(np.abs(old), 1e-300)))
        row(f"  the sweep as filed ({FILED}, from git), {filed['runs']} runs", f"{t_filed:.1f} s",
            f"scaled to {n}; x{t_filed / t_batch:.0f}; its 4 metrics: {equal} of "
            f"{filed['runs']} rows identical, largest relative difference {rel:.1e} (its "
            "engine summed step by step where the batches sum a jump in closed form)")
        out.update(sweep_speedup=t_filed / t_batch, sweep_speedup_median=t_filed / t_median,
                   sweep_filed_rows_identical=equal,
                   sweep_filed_max_rel_diff=rel, sweep_speedup_threads=t_filed / t_threads,
                   sweep_threads=threads)
    row("  per-run path before batching, emulated with today's engines", f"{t_old:.1f} s",
        f"{len(points)} runs timed, scaled; x{t_old / t_batch:.0f}")
    row("  per-run path now (batch=False, auto)", f"{t_now:.2f} s",
        f"x{t_now / t_batch:.1f}; engines {sorted({r['engine'] for r in now})}")
    if not same:
        raise SystemExit("sweep benchmark: batched rows differ from the runs one by one")
    return out


def auto_cases() -> list[tuple]:
    """The table of ``auto_vs_best``: (name, policy, x0, W, options)."""
    from aimdmodel import AIMDFC, MIMD, NewAIMD

    batch = np.random.default_rng(0).uniform(0, 100, (100, 4))
    return [
        ("short float run", AIMD(), [1.0, 30.0], 100.0, {"steps": 50}),
        ("1e6 RTTs, W=100", AIMD(), [1.0, 30.0], 100.0, {"steps": 10**6, "record": "none"}),
        ("1e6 RTTs, W=1e6, m=10", AIMD(), [float(i) for i in range(10)], 1e6,
         {"steps": 10**6, "record": "none"}),
        ("40 cycles, W=1e5", AIMD(), [1.0, 30.0], 1e5, {"cycles": 40, "record": "cycles"}),
        ("400 cycles, W=50", AIMD(), [1.0, 30.0], 50.0, {"cycles": 400, "record": "cycles"}),
        ("exact, 200 RTTs", AIMD(), [1, 30], 100, {"steps": 200, "arithmetic": "exact"}),
        ("exact, 20 cycles, W=1e4", AIMD(), [1, 30], 10**4,
         {"cycles": 20, "arithmetic": "exact", "record": "cycles"}),
        ("AIMD-FC, 40 cycles, W=1e4", AIMDFC(), [1.0, 30.0], 1e4,
         {"cycles": 40, "record": "cycles"}),
        ("MIMD, 1e5 RTTs", MIMD(c=1.01), [1.0, 30.0], 1e3, {"steps": 10**5, "record": "none"}),
        ("100 x 4 systems, 1e4 RTTs", AIMD(), batch, 1e3, {"steps": 10**4, "record": "none"}),
        ("integer, 1e5 RTTs", AIMD(), [1, 30], 10**4,
         {"steps": 10**5, "arithmetic": "integer", "record": "none"}),
        ("New-AIMD, 1e4 RTTs", NewAIMD(), [1.0, 30.0], 100.0,
         {"steps": 10**4, "record": "cycles"}),
        ("every window, 2e4 RTTs", AIMD(), [1.0, 30.0], 1e3, {"steps": 2 * 10**4}),
    ]


def auto(quick: bool) -> dict:
    """``auto_vs_best``: auto's time over the fastest engine's on each case."""
    from aimdmodel.engine import prepare
    from aimdmodel.engines.auto import costs, estimate

    worst = 0.0
    for name, pol, x, W, kw in auto_cases():
        run = prepare(pol, x, W, **kw)
        priced = costs(run, estimate(run))
        engines = [e for e, price in priced.items()  # not one far off the best (the Python
                   if price < 1.0 or price < 30 * min(priced.values())]  # step engine)
        times = dict.fromkeys([*engines, "auto"], float("inf"))
        slow = max(priced[e] for e in engines)
        order = list(times)
        # alternated (the same load), the order rotating, each engine called `calls` times in a
        # row and its best kept: a call right after a long kernel run pays ~0.1-0.2 ms (its
        # caches refilled), and auto came right after the kernel in every rotation
        calls = 3 if slow < 1 else 1
        for rep in range(5 if slow < 0.05 else 2):
            for eng in order[rep % len(order):] + order[:rep % len(order)]:
                times[eng] = min(times[eng],
                                 best(partial(simulate, pol, x, W, engine=eng, **kw), calls)[0])
        t_auto = times.pop("auto")
        tr = simulate(pol, x, W, engine="auto", **kw)
        fastest = min(times, key=times.get)
        ratio = t_auto / times[fastest]
        worst = max(worst, ratio)
        row(f"auto: {name}", f"x{ratio:.2f}", f"auto {tr.engine} {t_auto * 1e3:.2f} ms; best "
            f"{fastest} {times[fastest] * 1e3:.2f} ms; " + ", ".join(
                f"{e} {t * 1e3:.2f}" for e, t in times.items() if e != fastest))
    return {"auto_vs_best": worst}


def ceilings(quick: bool) -> dict:
    """``register_ceiling_fraction``: the step kernel over the register-resident loop."""
    import numba

    @numba.njit(parallel=True)
    def linear(w0, steps, W, C, out):  # the kernel's step, 4 windows in named locals
        ci0, ci1, _, cd0, cd1, _, fl = C
        for b in numba.prange(w0.shape[0]):
            a0, a1, a2, a3 = w0[b, 0], w0[b, 1], w0[b, 2], w0[b, 3]
            for _ in range(steps):
                if a0 + a1 + a2 + a3 >= W:
                    a0, a1 = max(cd0 + cd1 * a0, fl), max(cd0 + cd1 * a1, fl)
                    a2, a3 = max(cd0 + cd1 * a2, fl), max(cd0 + cd1 * a3, fl)
                else:
                    a0, a1, a2, a3 = ci0 + ci1 * a0, ci0 + ci1 * a1, ci0 + ci1 * a2, ci0 + ci1 * a3
            out[b, 0], out[b, 1], out[b, 2], out[b, 3] = a0, a1, a2, a3

    @numba.njit(parallel=True)
    def minimal(w0, steps, W, out):  # AIMD(1, 1/2) in the fewest operations
        for b in numba.prange(w0.shape[0]):
            a0, a1, a2, a3 = w0[b, 0], w0[b, 1], w0[b, 2], w0[b, 3]
            for _ in range(steps):
                if a0 + a1 + a2 + a3 >= W:
                    a0 *= 0.5
                    a1 *= 0.5
                    a2 *= 0.5
                    a3 *= 0.5
                else:
                    a0 += 1.0
                    a1 += 1.0
                    a2 += 1.0
                    a3 += 1.0
            out[b, 0], out[b, 1], out[b, 2], out[b, 3] = a0, a1, a2, a3

    B, m, steps = 2000, 4, 5000 if quick else 20000
    x = np.random.default_rng(1).uniform(0, 100, (B, m)).round()
    W, C, out = 1000.0, (1.0, 1.0, 1.0, 0.0, 0.5, 1.0, 0.0), np.empty((B, m))
    result = {}
    default = numba.get_num_threads()
    for threads in (default, 1):
        numba.set_num_threads(threads)
        try:
            linear(x, 2, W, C, out)
            minimal(x, 2, W, out)
            simulate(AIMD(), x[:2], W, steps=2, engine="kernel", record="none")
            tk = tl = tm = float("inf")
            for _ in range(7):  # alternated, best of each
                tk = min(tk, best(lambda: simulate(AIMD(), x, W, steps=steps, engine="kernel",
                                                   record="none"), 1)[0])
                tl = min(tl, best(lambda: linear(x, steps, W, C, out), 1)[0])
                tm = min(tm, best(lambda: minimal(x, steps, W, out), 1)[0])
        finally:
            numba.set_num_threads(default)
        fs = B * m * steps
        label = f"{threads} thread(s)"
        row(f"step kernel (2000, 4), {steps} RTTs, {label}", f"{fs / tk:.3g} flow-steps/s",
            f"register loop, same step {fs / tl:.3g}; minimal AIMD loop {fs / tm:.3g}")
        suffix = "" if threads == default else "_one_thread"
        result[f"register_ceiling_fraction{suffix}"] = tl / tk
        result[f"register_minimal_fraction{suffix}"] = tm / tk
        result[f"kernel_flow_steps_per_s{suffix}"] = fs / tk
    return result


def sweep_memory(quick: bool, million: bool) -> dict:
    """Peak memory of a ``record="none"`` sweep (tracemalloc), extrapolated to 10^6 points."""
    from concurrent.futures import ThreadPoolExecutor

    from aimdmodel import policy_grid, sweep

    pols = policy_grid("aimd", a=np.linspace(0.5, 3, 10), b=np.linspace(0.5, 0.9, 10))
    x0 = np.random.default_rng(4).uniform(0, 50, size=(20, 2)).round(2)
    caps = [float(c) for c in np.logspace(2, 5, 10 if quick else 50)]
    n = len(pols) * len(x0) * len(caps)
    with ThreadPoolExecutor(1) as ex:
        sweep(pols[:1], x0[:1], caps[:1], cycles=40, executor=ex, record="none")
        tracemalloc.start()
        t0 = time.perf_counter()
        rows = sweep(pols, x0, caps, cycles=40, executor=ex, record="none")
        dt = time.perf_counter() - t0
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    per_row = peak / n
    row(f"sweep of {n} points, record='none': peak (tracemalloc)", f"{peak / 2**20:.0f} MiB",
        f"{dt:.1f} s (traced); {per_row:.0f} bytes per row; 10^6 points: "
        f"{per_row * 1e6 / 2**30:.2f} GiB extrapolated")
    del rows
    out = {"sweep_peak_mib": peak / 2**20, "sweep_million_gib_extrapolated": per_row * 1e6 / 2**30}
    if million:
        code = (
            "import numpy as np\nfrom concurrent.futures import ThreadPoolExecutor\n"
            "from aimdmodel import policy_grid, sweep\n"
            "def hwm():  # the peak resident memory of this process, KiB (reset by exec)\n"
            "    for line in open('/proc/self/status'):\n"
            "        if line.startswith('VmHWM'):\n"
            "            return int(line.split()[1])\n"
            "pols = policy_grid('aimd', a=np.linspace(0.5, 3, 10), b=np.linspace(0.5, 0.9, 10))\n"
            "x0 = np.random.default_rng(4).uniform(0, 50, size=(100, 2)).round(2)\n"
            "caps = [float(c) for c in np.logspace(2, 5, 100)]\n"
            "with ThreadPoolExecutor(1) as ex:\n"
            "    sweep(pols[:1], x0[:1], caps[:1], cycles=40, executor=ex, record='none')\n"
            "    base = hwm()\n"
            "    rows = sweep(pols, x0, caps, cycles=40, executor=ex, record='none')\n"
            "print(len(rows), base, hwm())\n"
        )
        t0 = time.perf_counter()
        res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True)
        count, base, peak_kib = (int(v) for v in res.stdout.split())
        row(f"sweep of {count} points, record='none': max RSS (subprocess)",
            f"{peak_kib / 2**20:.2f} GiB", f"{time.perf_counter() - t0:.0f} s; before the "
            f"sweep {base / 2**20:.2f} GiB (Python, numpy, numba)")
        out["sweep_million_max_rss_gib"] = peak_kib / 2**20
    return out


def compiled_here() -> int:
    """Count the signatures the synchronous model's compiled modules compiled in this process.

    numba's code made in a process after it compiled something ran the step
    kernel 13-15x slower here (AIMD, m = 10, 1e6 RTTs: 75 ms instead of 5.5
    ms; the same machine code, loaded from the cache in a fresh process, is
    fast), so the benchmark wants every function loaded from the cache.
    """
    import numba

    from aimdmodel.engines import _ccycle, _compiled

    return sum(sum(obj.stats.cache_misses.values()) for mod in (_compiled, _ccycle)
               for obj in vars(mod).values()
               if isinstance(obj, numba.core.registry.CPUDispatcher) and obj._cache is not None
               and hasattr(obj._cache, "_impl"))


def calibrate() -> None:
    """Print the per-unit costs of the engines (the constants of aimdmodel.engines.auto)."""
    x2, x10 = [1.0, 30.0], [float(i) for i in range(10)]
    for m, x in ((2, x2), (10, x10)):
        for eng, W, steps, unit in (("kernel", 1e9, 10**6, "step"), ("ccycle", 1e3, 10**6, "event"),
                                    ("cycle", 1e3, 10**5, "event")):
            t0, _ = best(partial(simulate, AIMD(), x, W, steps=10, engine=eng, record="none"), 20)
            t1, _ = best(partial(simulate, AIMD(), x, W, steps=steps, engine=eng, record="none"), 3)
            units = steps if unit == "step" else len(simulate(
                AIMD(), x, W, steps=steps, engine="ccycle", record="cycles").congestion_steps)
            print(f"{eng:7s} m={m:2d}: fixed {t0 * 1e6:7.1f} us, {(t1 - t0) / units * 1e9:9.1f} "
                  f"ns per {unit}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs")
    parser.add_argument("--calibrate", action="store_true",
                        help="print the engines' per-unit costs (auto's cost model) and stop")
    parser.add_argument("--memory-million", action="store_true",
                        help="also measure a 10^6-point sweep's memory (a subprocess)")
    args = parser.parse_args(argv)
    if args.calibrate:
        warmup()
        calibrate()
        return 0
    t0 = time.perf_counter()
    result: dict = {}
    result.update(overheads(args.quick))
    row("in-process kernel warmup (cached)", f"{warmup():.3f} s", "outside every timed region")
    compiled = compiled_here()
    row("  numba functions compiled in this process", f"{compiled}",
        "0 expected: the fresh interpreters above filled the cache" if compiled == 0 else
        "code compiled (or loaded) after an in-process compilation ran the step kernel up to "
        "14x slower on this machine: rerun for numbers of cached code")
    for part in (jump, exact_jump, batched, single, memory, non_dyadic, heterogeneous,
                 event_cost, sweeps, auto, ceilings):
        result.update(part(args.quick))
    result.update(sweep_memory(args.quick, args.memory_million))
    total = time.perf_counter() - t0
    row("benchmark wall time", f"{total:.1f} s", "--quick" if args.quick else "full")
    result["wall_seconds"] = total
    result["quick"] = args.quick
    w1 = max(len(r[0]) for r in ROWS)
    w2 = max(len(r[1]) for r in ROWS)
    print(f"{'measurement':<{w1}}  {'value':>{w2}}  note")
    print("-" * (w1 + w2 + 40))
    for name, value, note in ROWS:
        print(f"{name:<{w1}}  {value:>{w2}}  {note}")
    keys = ("jump_speedup", "exact_jump_speedup", "batched_vs_textbook", "bandwidth_fraction",
            "single_vs_textbook", "sweep_speedup", "sweep_runs_per_s",
            "compiled_cycle_vs_kernel", "event_cost_us", "auto_vs_best",
            "register_ceiling_fraction")
    goals = {"jump_speedup": 1000, "exact_jump_speedup": 100, "batched_vs_textbook": 100,
             "bandwidth_fraction": 0.25, "single_vs_textbook": 1, "sweep_speedup": 1000,
             "compiled_cycle_vs_kernel": 100}
    at_most = {"heterogeneous_time_ratio": 2, "event_cost_us": 1, "auto_vs_best": 1.5,
               "sweep_million_gib_extrapolated": 1}
    print("goals: " + ", ".join(
        [f"{k} {result[k]:.3g} >= {g}: {'met' if result[k] >= g else 'NOT met'}"
         for k, g in goals.items()]
        + [f"{k} {result[k]:.3g} <= {g}: {'met' if result[k] <= g else 'NOT met'}"
           for k, g in at_most.items()]))
    ordered = {k: result[k] for k in keys}
    ordered.update({k: v for k, v in result.items() if k not in keys})
    print(json.dumps({k: (float(f"{v:.6g}") if isinstance(v, float) else v)
                      for k, v in ordered.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
