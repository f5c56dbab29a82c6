"""aimdmodel.sweep: a tidy table, the same whatever the executor."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aimdmodel import (
    AIMD,
    AIMDFC,
    MIMD,
    AIMDFCPlus,
    NewAIMD,
    metrics,
    policy_grid,
    simulate,
    sweep,
)
from aimdmodel.sweeps import METRICS

GRID = {
    "policies": [*policy_grid("aimd", a=[1, 2], b=[0.5, 0.75]), AIMDFC(), AIMDFCPlus(), MIMD()],
    "x0": [[1, 30], [5, 5], [0, 40]],
    "capacity": [100, 1000],
}


def run(executor, **kw):
    return sweep(GRID["policies"], GRID["x0"], GRID["capacity"], cycles=12,
                 executor=executor, **kw)


def test_rows_in_grid_order_and_equal_to_direct_runs():
    with ThreadPoolExecutor(2) as ex:
        rows = run(ex, chunksize=5)
    assert len(rows) == 7 * 3 * 2
    k = 0
    for p in GRID["policies"]:
        for x in GRID["x0"]:
            for c in GRID["capacity"]:
                row = rows[k]
                assert (row["policy"], row["x0"], row["capacity"]) == (repr(p), tuple(x), c)
                tr = simulate(p, x, c, cycles=12, engine=row["engine"], record="cycles")
                assert tr.engine == row["engine"]
                assert row["engine"] == ("kernel" if isinstance(p, MIMD) else "ccycle")
                assert row["efficiency"] == metrics.efficiency(tr)
                assert row["steps_to_fairness"] == metrics.steps_to_fairness(tr)
                assert row["n_steps"] == tr.n_steps
                full = simulate(p, x, c, cycles=12)  # the reference: every step kept
                assert row["efficiency"] == pytest.approx(metrics.efficiency(full), rel=1e-13)
                k += 1


def test_same_table_on_threads_and_processes():
    with ThreadPoolExecutor(1) as ex:
        serial = run(ex)
    default = run(None)  # local processes
    with ProcessPoolExecutor(2) as ex:
        procs = run(ex, chunksize=1)
    assert serial == default == procs


def test_same_table_on_a_dask_cluster():
    distributed = pytest.importorskip("distributed")
    with ThreadPoolExecutor(1) as ex:
        serial = run(ex, arithmetic="exact")
    cluster = distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    )
    try:
        with distributed.Client(cluster) as client:
            rows = run(client.get_executor(), arithmetic="exact", chunksize=7)
    finally:
        cluster.close()
    assert rows == serial
    assert any(isinstance(r["efficiency"], Fraction) for r in rows)


def test_progress_bar(capsys):
    with ThreadPoolExecutor(1) as ex:
        sweep(AIMD(), [1, 30], [100, 200], cycles=3, executor=ex, progress=True)
    assert "sweep" in capsys.readouterr().err
    with ThreadPoolExecutor(1) as ex:
        sweep(AIMD(), [1, 30], [100, 200], cycles=3, executor=ex, progress=False)
    assert capsys.readouterr().err == ""


def test_metric_that_cannot_be_computed_is_none():
    with ThreadPoolExecutor(1) as ex:
        (row,) = sweep(AIMD(), [1, 30], 100, cycles=1, executor=ex)
    assert row["efficiency"] is None  # one event: no whole cycle


def test_bad_input():
    with pytest.raises(TypeError, match="policies"):
        sweep("aimd", [1, 2], 10, cycles=1)
    with pytest.raises(ValueError, match="unknown metric"):
        sweep(AIMD(), [1, 2], 10, cycles=1, metrics=["speed"])
    with pytest.raises(ValueError, match="x0"):
        sweep(AIMD(), [[[1]]], 10, cycles=1)
    with pytest.raises(ValueError, match="give exactly one of"):
        sweep(AIMD(), [1, 2], 10)
    with pytest.raises(TypeError, match="executor"):
        sweep(AIMD(), [1, 2], 10, cycles=1, executor="dask")
    with pytest.raises(ValueError, match="chunksize"):
        sweep(AIMD(), [1, 2], 10, cycles=1, chunksize=0)


# --- the module, the function -----------------------------------------------------------
def test_module_and_function_have_their_own_names():
    import importlib

    import aimdmodel

    mod = importlib.import_module("aimdmodel.sweeps")
    assert mod.sweep is aimdmodel.sweep
    assert mod.policy_grid is aimdmodel.policy_grid
    assert callable(aimdmodel.sweep)


# --- every option checked before the first run; one run per run -------------------------
@pytest.fixture
def runs(monkeypatch):
    from aimdmodel import sweeps

    calls = []
    real = sweeps.simulate

    def counting(*args, **kw):
        calls.append(args)
        return real(*args, **kw)

    monkeypatch.setattr(sweeps, "simulate", counting)
    return calls


@pytest.mark.parametrize(
    ("kw", "exc", "word"),
    [
        ({"burn_in": -1}, ValueError, "burn_in"),
        ({"burn_in": 1.5}, TypeError, "burn_in"),
        ({"eps": -1}, ValueError, "eps"),
        ({"eps": "x"}, TypeError, "eps"),
        ({"eps": [1, 2]}, TypeError, "eps"),
        ({"eps": float("nan")}, ValueError, "eps"),
        ({"on_error": "ignore"}, ValueError, "on_error"),
        ({"engine": "gpu"}, ValueError, "engine"),
        ({"arithmetic": "decimal"}, ValueError, "arithmetic"),
        ({"congestion": "=="}, ValueError, "congestion"),
        ({"record": "some"}, ValueError, "record"),
        ({"record": "none", "arithmetic": "exact"}, ValueError, "record='none'"),
        ({"batch": 1}, TypeError, "batch"),
        ({"max_steps": -1}, ValueError, "max_steps"),
        ({"steps": 5}, ValueError, "exactly one of"),
        ({"progress": "yes"}, TypeError, "progress"),
        ({"capacity": [100, 0]}, ValueError, "capacity"),
        ({"x0": [[1, 30], [1, -1]]}, ValueError, "x0"),
    ],
)
def test_every_option_is_checked_before_any_run(runs, kw, exc, word):
    args = {"x0": [1, 30], "capacity": [100], **kw}
    x0, capacity = args.pop("x0"), args.pop("capacity")
    with ThreadPoolExecutor(1) as ex, pytest.raises(exc, match=word):
        sweep([AIMD(), AIMDFC()], x0, capacity, cycles=3, executor=ex, **args)
    assert runs == []


@pytest.mark.parametrize(
    ("pols", "x0", "capacity"),
    [
        ([AIMD(), AIMDFC(), AIMD(a=[1, 2, 3])], [[1, 30]], [100]),  # a per-flow length
        ([AIMD(), AIMD(a=Fraction(10) ** 400)], [[1, 30]], [100]),  # beyond float64
        ([AIMD(floor=5), AIMD()], [[5, 5], [1, 30]], [100]),  # a 2nd start, the 1st policy
        ([AIMD()], [[5, 5], [1, float("inf")]], [100]),
        ([AIMD()], [[1, 30]], [100, 200, float("nan")]),
        ([AIMD()], [[1, 30]], [100, [100, 50]]),  # a trace shorter than the run
    ],
)
def test_a_later_policy_start_or_capacity_is_checked_as_simulate_checks_it(
        runs, pols, x0, capacity):
    """The checks before the first run give the error a run with those inputs would give."""
    errors = (ValueError, TypeError, OverflowError)
    with ThreadPoolExecutor(1) as ex, pytest.raises(errors) as got:
        sweep(pols, x0, capacity, steps=5, executor=ex)
    assert runs == []
    refused = []
    for p, x, c in ((p, x, c) for p in pols for x in x0 for c in capacity):
        try:
            simulate(p, x, c, steps=5)
        except errors as exc:
            refused.append((type(exc), str(exc)))
    assert refused  # the first run that simulate refuses fails in the same way
    assert refused[0] == (type(got.value), str(got.value))


def test_one_simulation_per_run(runs):
    with ThreadPoolExecutor(1) as ex:
        rows = sweep([AIMD(), AIMDFC()], [[1, 30], [5, 5]], [100, 200], cycles=3, executor=ex,
                     batch=False)
    assert len(rows) == len(runs) == 8
    with ThreadPoolExecutor(1) as ex:
        batched = sweep([AIMD(), AIMDFC()], [[1, 30], [5, 5]], [100, 200], cycles=3,
                        executor=ex)
    assert len(runs) == 8  # no simulate call: the compiled batches ran them
    assert [r["engine"] for r in batched] == ["ccycle"] * 8


# --- undefined is None with a reason; an exception is never None -------------------------
def test_undefined_metrics_say_why():
    with ThreadPoolExecutor(1) as ex:
        short, fair, unfair = sweep(
            AIMD(), [[1, 30]], [100], cycles=1, executor=ex,
        ) + sweep(AIMD(), [[1, 30]], [100], cycles=12, executor=ex) + sweep(
            AIMD(b=0.99), [[1, 60]], [100], cycles=3, executor=ex, eps=0,
        )
    assert short["efficiency"] is short["overflow"] is short["smoothness"] is None
    assert short["notes"].startswith("efficiency, overflow, smoothness: the trajectory has 0 "
                                     "whole cycle(s)")
    assert short["final_jain"] is not None
    assert fair["notes"] == ""
    assert fair["efficiency"] is not None
    assert unfair["steps_to_fairness"] is unfair["cycles_to_fairness"] is None
    assert "steps_to_fairness, cycles_to_fairness: the windows are not within eps=0" in (
        unfair["notes"])


def test_an_exception_in_a_run_is_raised_by_default():
    # AIMD(floor=2) cannot start at window 1: a run fails, the options were fine
    pols = [AIMD(), AIMD(floor=2)]
    with ThreadPoolExecutor(1) as ex, pytest.raises(ValueError, match="floor") as info:
        sweep(pols, [[5, 5], [1, 30]], 100, cycles=3, executor=ex)
    notes = getattr(info.value, "__notes__", ["in the sweep's run of AIMD(a=1, b=1/2, floor=2)"])
    assert "floor=2" in notes[0]


def test_an_exception_in_a_run_is_recorded_on_request():
    pols = [AIMD(), AIMD(floor=2)]
    with ThreadPoolExecutor(1) as ex:
        rows = sweep(pols, [[5, 5], [1, 30]], 100, cycles=3, executor=ex, on_error="record")
    assert [r["error"] is None for r in rows] == [True, True, True, False]
    bad = rows[3]
    assert bad["error"].startswith("ValueError: x0 must hold windows >= the policy's floor")
    assert bad["efficiency"] is None
    assert bad["engine"] is None
    assert rows[2]["efficiency"] is not None


def test_on_error_record_keeps_going_past_a_runtime_error():
    with ThreadPoolExecutor(1) as ex:
        rows = sweep(AIMD(), [1, 30], [100, 10], cycles=3, max_steps=50, executor=ex,
                     on_error="record", engine="kernel")
        jumps = sweep([AIMD(), NewAIMD()], [1, 30], [10**4], cycles=30, max_steps=50,
                      executor=ex, on_error="record")
    assert rows[0]["error"].startswith("RuntimeError: no 3 congestion events within "
                                       "max_steps=50 steps")
    assert rows[1]["error"] is None
    # a jump engine's max_steps limits its work: 30 cycles are 60 jumps and decreases
    assert jumps[0]["error"].startswith("RuntimeError: no 30 congestion events within "
                                        "max_steps=50 jumps and single steps")
    assert jumps[0]["engine"] is None
    assert jumps[1]["error"] is None  # New-AIMD: soon a decrease at every step, no jump


# --- final_jain in whole packets, large windows --------------------------------------------
def test_final_jain_exact_for_large_integer_windows():
    w = [4_000_000_000, 4_000_000_002]
    with ThreadPoolExecutor(1) as ex:
        (row,) = sweep(AIMD(), w, 10**11, steps=0, arithmetic="integer", executor=ex,
                       metrics=["final_jain"])
    exact = Fraction(sum(w) ** 2, 2 * sum(v * v for v in w))
    assert row["final_jain"] == float(exact)
    assert 0.5 <= row["final_jain"] <= 1


# --- progress bar only on a terminal -----------------------------------------------------------
def test_progress_default_follows_the_terminal(monkeypatch):
    import io

    from aimdmodel.sweeps import _show_progress

    class Tty(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr("sys.stderr", io.StringIO())
    assert _show_progress(None) is False
    assert _show_progress(True) is True
    monkeypatch.setattr("sys.stderr", Tty())
    assert _show_progress(None) is True
    assert _show_progress(False) is False


# --- the compiled batches: the same table as the runs one by one -------------------------
BATCH_GRID = {
    "policies": [*policy_grid("aimd", a=[0.3, 1.0], b=[0.5, 0.7]), AIMDFC(a=0.7, b=0.6),
                 AIMDFCPlus(), NewAIMD(), NewAIMD(reading="charitable"), MIMD(),
                 AIMD(floor=1)],
    "x0": [[1.5, 30.25], [5, 5], [0, 40], [200, 300]],
    "capacity": [100, 1000.5, 7],
}


@pytest.mark.parametrize(
    "kw",
    [
        {"cycles": 12},
        {"steps": 700, "congestion": ">"},
        {"cycles": 1},
        {"cycles": 12, "burn_in": 3, "eps": 0},
        {"cycles": 9, "metrics": list(METRICS)},
        {"cycles": 30, "max_steps": 50, "on_error": "record"},
    ],
)
def test_batches_give_the_rows_of_the_runs_one_by_one(kw):
    """Every column, every note, every error, in grid order; engine="auto" batches too."""
    args = (BATCH_GRID["policies"], BATCH_GRID["x0"], BATCH_GRID["capacity"])
    kw = {"on_error": "record", **kw}
    with ThreadPoolExecutor(2) as ex:
        batched = sweep(*args, executor=ex, chunksize=7, engine="ccycle", **kw)
        one_by_one = sweep(*args, executor=ex, engine="ccycle", batch=False, **kw)
        auto = sweep(*args, executor=ex, **kw)
    assert len(batched) == len(one_by_one) == 10 * 4 * 3
    for a, b, c in zip(batched, one_by_one, auto, strict=True):
        assert list(a) == list(b)
        assert a == b
        if a["name"] != "mimd":  # auto batches the others; MIMD runs one by one
            assert c == a
    assert {r["engine"] for r in batched} <= {"ccycle", "step", None}


def test_record_none_suffices_for_the_batches():
    args = ([AIMD(), AIMDFC()], [[1, 30], [5, 5]], [100, 1e6])
    with ThreadPoolExecutor(1) as ex:
        none = sweep(*args, cycles=40, executor=ex, record="none")
        cycles = sweep(*args, cycles=40, executor=ex, batch=False, engine="ccycle")
    assert none == cycles
    assert all(r["efficiency"] is not None for r in none)


def test_a_sweep_over_large_capacities_does_not_die():
    """W up to 1e6, 40 cycles: more steps than max_steps, a few jumps each."""
    with ThreadPoolExecutor(1) as ex:
        rows = sweep(policy_grid("aimd", a=[1, 2]), [[1, 30], [0, 0]], [1e4, 1e5, 1e6],
                     cycles=40, executor=ex)
    assert max(r["n_steps"] for r in rows) > 10_000_000
    assert all(0.74 < r["efficiency"] < 0.76 for r in rows)


def test_progress_bar_per_chunk(monkeypatch):
    import tqdm

    updates = []

    class Bar:
        def __init__(self, total, **kw):
            self.total = total

        def update(self, n):
            updates.append(n)

        def close(self):
            pass

    monkeypatch.setattr(tqdm, "tqdm", Bar)
    with ThreadPoolExecutor(1) as ex:
        sweep([AIMD(), MIMD()], [[1, 30], [2, 2]], [100, 200, 300], cycles=3, executor=ex,
              progress=True, chunksize=4)
    assert sorted(updates) == [2, 2, 4, 4]  # per chunk: 6 batched runs, 6 one by one


@pytest.mark.parametrize("running", [True, False])
def test_the_garbage_collector_is_left_as_it_was(running):
    """The rows of a batch are built with the cyclic collector paused, then it is resumed
    only if it was running: a caller's ``gc.disable()`` is kept, a running one resumes."""
    import gc

    was = gc.isenabled()
    try:
        gc.enable() if running else gc.disable()
        with ThreadPoolExecutor(1) as ex:
            rows = sweep([AIMD(), AIMDFC()], [[1, 30], [5, 5]], [100, 1e4], cycles=12,
                         executor=ex, engine="ccycle")
        assert gc.isenabled() is running
        assert {r["engine"] for r in rows} == {"ccycle"}
    finally:
        gc.enable() if was else gc.disable()


@given(n=st.integers(1, 6), block=st.integers(1, 9), lo=st.integers(0, 60),
       size=st.integers(0, 60))
def test_columns_by_blocks_are_the_columns_row_by_row(n, block, lo, size):
    """``_blocks`` builds a column of repeated blocks: the value of every row is the one
    its index gives; ``_grid_index`` maps a family's systems to the grid's rows."""
    from aimdmodel.engines.batch import Family
    from aimdmodel.sweeps import _blocks, _grid_index

    values = [object() for _ in range(n)]
    hi = min(lo + size, n * block)
    lo = min(lo, hi)
    out = _blocks(values, lo, hi, block)
    assert all(a is b for a, b in zip(out, (values[(g // block) % n] for g in range(lo, hi)),
                                      strict=True))
    fam = Family(policies=[3 * k + 1 for k in range(n)], S0=None, par=None, W=None, ge=True,
                 prog=None)
    assert _grid_index(fam, lo, hi, block) == [
        fam.policies[g // block] * block + g % block for g in range(lo, hi)]
