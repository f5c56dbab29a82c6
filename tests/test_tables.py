"""Results as tables: sweeps to pandas, result objects to xarray."""

from __future__ import annotations

import pickle
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import numpy as np
import pytest

from aimdmodel import AIMD, AIMDFCPlus, policy_grid, simulate, sweep
from aimdmodel.fluid import FluidClass, simulate_fluid
from aimdmodel.queue.result import QueueResult
from aimdmodel.scenario import Flow, Scenario
from aimdmodel.sweeps import SweepResult

pd = pytest.importorskip("pandas")
xr = pytest.importorskip("xarray")


@pytest.fixture(scope="module")
def rows():
    with ThreadPoolExecutor(1) as ex:
        return sweep([*policy_grid("aimd", b=[0.5, 0.75]), AIMDFCPlus(f=0.25)],
                     [[1, 30], [5, 5]], [100, 1000], cycles=6, executor=ex)


def test_sweep_rows_are_still_the_list_of_dicts(rows):
    assert isinstance(rows, SweepResult)
    assert isinstance(rows, list)
    assert len(rows) == 3 * 2 * 2
    assert rows == list(rows)
    assert rows[0]["params"] == {"a": 1, "b": 0.5, "floor": 0}
    assert pickle.loads(pickle.dumps(rows)) == rows
    assert rows[1:3] == list(rows)[1:3]


def test_to_pandas_has_a_column_per_parameter_and_metric(rows):
    df = rows.to_pandas()
    assert len(df) == len(rows)
    assert "params" not in df.columns
    assert list(df.columns[:6]) == ["policy", "name", "a", "b", "floor", "f"]
    for r, (_, d) in zip(rows, df.iterrows(), strict=True):
        for k, v in r["params"].items():
            assert d[k] == v
        for k in ("efficiency", "final_jain", "n_steps", "capacity", "x0", "notes"):
            assert d[k] == r[k]
    # a parameter the row's policy does not have is missing, not 0
    assert df.loc[df.name == "aimd", "f"].isna().all()
    assert df.loc[df.name == "aimd-fc-plus", "floor"].isna().all()
    assert df.loc[df.name == "aimd-fc-plus", "f"].tolist() == [0.25] * 4


def test_a_parameter_named_like_a_column_gets_a_prefix():
    rows = SweepResult([{"policy": "P()", "params": {"capacity": 3, "a": 1}, "capacity": 100.0}])
    assert rows.parameter_columns == ["param_capacity", "a"]
    assert rows.flat() == [{"policy": "P()", "param_capacity": 3, "a": 1, "capacity": 100.0}]
    assert rows[0]["params"] == {"capacity": 3, "a": 1}  # the rows are not changed
    assert list(SweepResult().to_pandas().columns) == []


def test_without_the_extra_the_error_names_it(monkeypatch, rows):
    monkeypatch.setitem(sys.modules, "pandas", None)
    monkeypatch.setitem(sys.modules, "xarray", None)
    with pytest.raises(ImportError, match=r"to_pandas needs pandas.*'aimdmodel\[tables\]'"):
        rows.to_pandas()
    with pytest.raises(ImportError, match=r"Trajectory.to_xarray needs xarray.*\[tables\]"):
        simulate(AIMD(), [1, 30], 100, steps=5).to_xarray()


def test_importing_the_library_imports_no_table_library():
    code = ("import sys, aimdmodel, aimdmodel.queue, aimdmodel.fluid, aimdmodel.cli\n"
            "print(sorted({'pandas', 'xarray'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.strip() == "[]"


def test_trajectory_to_xarray_batched_and_knots():
    tr = simulate(AIMD(), [[1, 30], [5, 5], [0, 7]], 100, steps=60)
    ds = tr.to_xarray()
    assert ds.windows.dims == ("time", "system", "flow")
    assert ds.sizes == {"time": 61, "system": 3, "flow": 2}
    np.testing.assert_array_equal(ds.windows.values, tr.windows)
    np.testing.assert_array_equal(ds.total.values, tr.totals)
    np.testing.assert_array_equal(ds.feedback.values[:-1], tr.feedback)
    assert np.isnan(ds.feedback.values[-1]).all()
    cyc = simulate(AIMD(), [1, 30], 100, steps=200, record="cycles")
    knots = cyc.to_xarray()
    assert "feedback" not in knots
    assert knots.attrs["record"] == "cycles"
    assert knots.time.values.tolist() == cyc.cycle_record.times.tolist()
    exact = simulate(AIMD(b=Fraction(1, 3)), [1, 30], 100, steps=40, arithmetic="exact")
    assert exact.to_xarray().windows.dtype == np.float64
    assert exact.to_xarray().windows.values[-1].tolist() == [float(w) for w in exact.windows[-1]]


def test_queue_result_to_xarray_keeps_every_array_with_its_units():
    sc = Scenario(flows=(Flow(), Flow(base_rtt=0.2)), duration=2.0)
    rng = np.random.default_rng(1)
    res = QueueResult(scenario=sc, t=[0.0, 1.0], interval=1.0,
                      sent=rng.integers(0, 9, (3, 2, 2)), delivered=rng.integers(0, 9, (3, 2, 2)),
                      lost=rng.integers(0, 9, (3, 2, 2)), queue=rng.random((3, 2)),
                      capacity=[100.0, 50.0], rtt=rng.random((3, 2, 2)),
                      timeouts=[[1, 0], [0, 0], [2, 1]], model="test", options={"k": 1})
    ds = res.to_xarray()
    assert ds.sizes == {"replication": 3, "time": 2, "flow": 2}
    for name in ("sent", "delivered", "lost", "rtt"):
        assert ds[name].dims == ("replication", "time", "flow")
        np.testing.assert_array_equal(ds[name].values, getattr(res, name))
    assert ds.queue.dims == ("replication", "time")
    assert ds.capacity.dims == ("time",)
    assert ds.timeouts.dims == ("replication", "flow")
    assert "cwnd" not in ds
    assert "unique" not in ds
    assert ds.rtt.attrs["units"] == "s"
    assert ds.capacity.attrs["units"] == "packets/s"
    assert ds.time.values.tolist() == [0.0, 1.0]
    assert ds.attrs["scenario"] == repr(sc)
    assert ds.attrs["model"] == "test"
    assert ds.isel(replication=1).sent.values.tolist() == res.replication(1).sent[0].tolist()


def test_fluid_result_to_xarray():
    res = simulate_fluid((FluidClass(10, 0.1), FluidClass(5, 0.2)), 1000.0, buffer=100,
                         duration=2.0)
    ds = res.to_xarray()
    assert ds.window.dims == ("time", "class")
    assert ds.queue.dims == ("time",)
    np.testing.assert_array_equal(ds.window.values, res.window)
    np.testing.assert_array_equal(ds.rate.values, res.rate)
    np.testing.assert_array_equal(ds.time.values, res.t)
    assert ds.n_flows.values.tolist() == [10, 5]
    assert ds.attrs["capacity"] == 1000.0
    assert "scenario" not in ds.attrs
    flows = res.with_flows((0, 1, 0), 1500, scenario="a scenario").to_xarray()
    assert flows.flow_class.values.tolist() == [0, 1, 0]
    assert flows.attrs["scenario"] == "'a scenario'"
