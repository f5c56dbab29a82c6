"""aimdmodel.sweep: a tidy table, the same whatever the executor (issue 7)."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction

import pytest

from aimdmodel import AIMD, AIMDFC, MIMD, AIMDFCPlus, metrics, policy_grid, simulate, sweep

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
                tr = simulate(p, x, c, cycles=12, engine="auto", record="cycles")
                assert row["engine"] == tr.engine
                assert row["efficiency"] == metrics.efficiency(tr)
                assert row["steps_to_fairness"] == metrics.steps_to_fairness(tr)
                assert row["n_steps"] == tr.n_steps
                full = simulate(p, x, c, cycles=12)  # the reference: every step kept
                assert row["efficiency"] == pytest.approx(metrics.efficiency(full), rel=1e-14)
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
