"""The studies of the queue model (aimdmodel.studies): set-ups, results, plots.

Short runs (seconds of simulated time): the tests check what each experiment
builds and the properties its numbers must have, not the papers' verdicts
(the ledger's rows do that, tests/test_paper_checks.py).
"""

from __future__ import annotations

import math

import matplotlib
import numpy as np
import pytest

from aimdmodel import AIAD, AIMD, AIMDFC, AIMDFCPlus, studies
from aimdmodel.scenario import CBR, RED, Flow, Scenario
from aimdmodel.studies import plots
from aimdmodel.studies._runs import Task, collect, run_tasks, stats

matplotlib.use("Agg")


# --- running and averaging ------------------------------------------------------------
def _sent(res):
    return {"sent": res.sent.sum(axis=(1, 2))}


def test_stats_and_collect():
    m, se = stats([[1.0, 2.0], [3.0, 2.0], [5.0, np.nan]])
    assert m.tolist() == [3.0, 2.0]
    assert se[0] == pytest.approx(2 / math.sqrt(3))
    assert se[1] == 0.0
    m, se = stats([[4.0]])
    assert m.tolist() == [4.0]
    assert math.isnan(se[0])
    out = {("a", 0): {"x": [1.0, 3.0]}, ("a", 1): {"x": [2.0, 4.0]}}
    m, se = collect(out, [("a", 0), ("a", 1)], (1, 2), "x")
    assert m.shape == (1, 2)
    assert m.tolist() == [[2.0, 3.0]]


def test_run_tasks_same_answer_in_processes():
    tasks = [Task(k, Scenario(flows=(Flow(),), duration=4.0, seed=k), _sent, 2)
             for k in range(3)]
    one = run_tasks(tasks)
    two = run_tasks(tasks, workers=2)
    assert list(two) == [0, 1, 2]
    for k in one:
        assert one[k]["sent"].tolist() == two[k]["sent"].tolist()
    with pytest.raises(ValueError, match="unique"):
        run_tasks([tasks[0], tasks[0]])


# --- Bazi & Nassereddine 2019: CBR load -------------------------------------------------------
@pytest.fixture(scope="module")
def cbr():
    return studies.cbr_load(("reno", "vegas"), [2e6, 9.5e6, 11e6], duration=20.0, warmup=5.0,
                          replications=2)


def test_cbr_load_shapes_and_physics(cbr):
    assert cbr.throughput.shape == (2, 3)
    assert cbr.sem["throughput"].shape == (2, 3)
    assert np.isfinite(cbr.sem["drop_rate"]).all()
    # a CBR above the link rate starves the TCP flow, which then loses what it sends
    assert (cbr.throughput[:, 2] == 0).all()
    assert np.allclose(cbr.drop_rate[:, 2], 1.0)
    assert np.isnan(cbr.leftover_share()[:, 2]).all()
    # below it the flow takes roughly what the CBR leaves, and waits longer at high load
    # (Reno; the model's Vegas overshoots in slow start without a receiver window: the ledger)
    assert cbr.leftover_share()[0, 0] > 0.8
    assert cbr.latency[0, 1] > cbr.latency[0, 0]
    assert (cbr.latency >= 0.1 - 1e-9)[:, :2].all()


def test_cbr_load_receiver_window_caps_the_flow():
    d = studies.cbr_load(("newreno",), [1e6], rwnd=10, duration=20.0, warmup=5.0)
    cap = 10 * 8 * 1000 / 0.1  # 10 packets of 1000 bytes per RTT of 0.1 s
    assert d.throughput[0, 0] == pytest.approx(cap, rel=0.02)
    assert d.drop_rate[0, 0] == 0
    assert d.setup["rwnd"] == 10


def test_cbr_load_refuses_bad_input():
    with pytest.raises(ValueError, match="variant"):
        studies.cbr_load(("cubicle",), [1e6])
    with pytest.raises(ValueError, match="link_rate"):
        studies.cbr_load(("reno",), [1e6], link_rate=-1.0)
    with pytest.raises(ValueError, match="rate"):
        studies.cbr_load(("reno",), [-1e6])


# --- Reddy et al.: environments and the robustness grid -------------------------------------------
def test_environment_network_realizes_the_available_bandwidth():
    link, cross = studies.environment_network("SQH", n_flows=2, duration=20.0)
    assert link.rate == 20e6
    assert link.buffer == round(20e6 * 0.1 / 8000)
    assert [(c.rate, c.start, c.stop) for c in cross] == [(18e6, 5.0, 10.0), (18e6, 15.0, 20.0)]
    link, cross = studies.environment_network("SQH", n_flows=2, duration=10.0, discipline="red")
    assert link.red == RED(min_th=link.buffer / 3, max_th=2 * link.buffer / 3)
    # DRR: k = n (C - B_a) / B_a sources, each at most its fair share C / (n + k)
    link, cross = studies.environment_network("RDL", n_flows=2, duration=3.0, discipline="drr",
                                            seed=4)
    for t0 in {c.start for c in cross}:
        group = [c for c in cross if c.start == t0]
        k, total = len(group), sum(c.rate for c in group)
        assert all(c.rate <= link.rate / (2 + k) * (1 + 1e-9) for c in group)
        assert 0 < total < link.rate
    same = studies.environment_network("RDL", n_flows=2, duration=3.0, discipline="drr", seed=4)
    assert same[1] == cross  # the same seed, the same environment
    _, cross = studies.environment_network("RSQ", n_flows=3)
    assert cross[0].mean_interarrival == (0.03, 0.01)
    _, cross = studies.environment_network("CH", n_flows=1)
    assert cross == ()  # 10 Mb/s per flow is the link itself


def test_environment_network_refuses_bad_input():
    with pytest.raises(ValueError, match="discipline"):
        studies.environment_network("CL", n_flows=2, discipline="fifo")
    with pytest.raises(ValueError, match="n_flows"):
        studies.environment_network("CL", n_flows=0)
    with pytest.raises(ValueError, match="name must be one of"):
        studies.environment_network("XX", n_flows=1)


@pytest.fixture(scope="module")
def grid():
    return studies.robustness_grid({"AIMD": AIMD(b=0.8), "AIAD": AIAD(d=3)},
                                 environments=("CL", "SQH", "RCL"),
                                 settings=(("reno", "droptail"), ("sack", "red")),
                                 duration=12.0, warmup=2.0, replications=2)


def test_robustness_grid_scores(grid):
    assert grid.goodput.shape == (2, 2, 3) == grid.sem["loss"].shape
    assert grid.setting_names == ("Reno+DropTail", "SACK+RED")
    assert ((grid.goodput > 0) & (grid.goodput < 1.05)).all()
    sc = grid.scores("SACK+RED")
    vals = grid.values(1)
    for e in grid.environments:
        best = max(vals[p][e] for p in grid.policies)
        for p in grid.policies:
            assert sc.d[p][e] == pytest.approx(best - vals[p][e], abs=1e-9)
    assert min(sc.C.values()) >= 0
    loss = grid.scores(0, "loss")
    assert min(min(d.values()) for d in loss.d.values()) == 0
    with pytest.raises(ValueError, match="setting must be one of"):
        grid.scores("Reno+DRR")


def test_combine_keeps_settings_in_order(grid):
    other = studies.robustness_grid({"AIMD": AIMD(b=0.8)}, environments=("CL", "SQH", "RCL"),
                                  settings=(("reno", "drr"),), duration=12.0, warmup=2.0)
    both = studies.combine(grid, other, policies=["AIMD"])
    assert both.setting_names == ("Reno+DropTail", "SACK+RED", "Reno+DRR")
    assert both.goodput[:2].tolist() == grid.goodput[:, :1].tolist()
    assert np.isnan(both.sem["goodput"][2]).all()  # one replication: no standard error
    with pytest.raises(ValueError, match="same environments"):
        studies.combine(grid, other)  # other has no AIAD


def test_robustness_grid_refuses_a_variant_with_its_own_rule():
    with pytest.raises(ValueError, match="own window rule"):
        studies.robustness_grid([AIMD()], settings=(("vegas", "droptail"),), duration=5.0)


# --- flow counts, transfers, churn (jasem2010, lahanas2003) -------------------------------
def test_flows_sweep_transfers_and_window():
    d = studies.flows_sweep([AIMD(), AIMDFCPlus()], (2, 4), link_rate=10e6, size=1_000_000,
                          duration=20.0, window=1.0, replications=2)
    assert d.unfinished.tolist() == [[0.0, 0.0], [0.0, 0.0]]
    least = 1_000_000 * 8 / 10e6  # one transfer alone
    assert (d.transfer_time >= least).all()
    assert (d.transfer_time_max >= d.transfer_time).all()
    assert (d.transfer_time_max[:, 1] >= 4 * least).all()  # four share the link
    assert (d.utilization <= 1.0 + 1e-9).all()
    short = studies.flows_sweep([AIMD()], (4,), link_rate=10e6, size=5_000_000, duration=3.0)
    assert short.unfinished[0, 0] == 4.0
    assert np.isnan(short.transfer_time_max[0, 0])


def test_churn_join_and_leave():
    pols = {"AIMD": AIMD(), "AIMD-FC": AIMDFC()}
    c = studies.churn(pols, mode="leave", groups=3, group_size=2, period=4.0, link_rate=10e6)
    assert c.active.tolist() == [6, 4, 2]
    assert c.t.tolist() == [0.0, 4.0, 8.0]
    assert c.goodput.shape == (2, 3)
    assert ((c.utilization > 0.5) & (c.utilization <= 1.0 + 1e-9)).all()
    j = studies.churn(pols, mode="join", groups=2, group_size=2, period=4.0, link_rate=10e6)
    assert j.active.tolist() == [2, 4]
    with pytest.raises(ValueError, match="mode"):
        studies.churn(pols, mode="stay")


# --- Mehta & Dahiya's citations -----------------------------------------------------------------
def test_random_loss_and_low_priority():
    d = studies.random_loss(("newreno", "westwood"), [0.0, 0.01, 0.05], duration=20.0,
                          warmup=5.0)
    assert (np.diff(d.goodput, axis=1) < 0).all()  # more random loss, less goodput
    assert d.loss_rate[0, 2] == pytest.approx(0.05, rel=0.3)
    lp = studies.low_priority(n_primary=1, n_low=2, primary_rwnd=20, duration=20.0, warmup=5.0)
    assert lp.primary_alone.shape == (1,)
    assert lp.low_shared.shape == (2,)
    assert 0 < lp.jain_low() <= 1
    assert 0 < lp.primary_ratio <= 1.05
    assert lp.utilization["shared"] >= lp.utilization["primary alone"] - 0.05


# --- plots ----------------------------------------------------------------------------------
def test_plots_draw_one_series_each(cbr, grid):
    from matplotlib.figure import Figure

    lines = plots.plot_cbr_load(cbr, Figure().subplots(), metric="latency")
    assert [ln.get_label() for ln in lines] == ["reno", "vegas"]
    assert lines[0].get_xdata().tolist() == [2.0, 9.5, 11.0]
    lines = grid.plot(Figure().subplots(), setting="SACK+RED", metric="fairness")
    assert [ln.get_label() for ln in lines] == ["AIMD", "AIAD"]
    with pytest.raises(ValueError, match="metric"):
        plots.plot_cbr_load(cbr, metric="goodness")
    with pytest.raises(TypeError, match="has no"):
        plots.plot_flows_sweep(cbr, metric="jain")


def test_results_are_frozen(cbr):
    with pytest.raises(AttributeError):
        cbr.variants = ("x",)


def test_cbr_sources_run_in_the_model():
    # the experiments build Scenarios the model runs as given (a CBR stops when told)
    sc = Scenario(flows=(Flow(),), cross=(CBR(rate=5e6, start=1.0, stop=2.0),), duration=3.0)
    res = studies.Task(0, sc, _sent)()
    assert res["sent"].shape == (1,)


def test_each_replication_is_measured_until_its_own_last_transfer():
    """A replication that finishes early is not charged the idle time of a slower one."""
    import numpy as np

    from aimdmodel import NewAIMD
    from aimdmodel.queue import metrics as qm
    from aimdmodel.queue import run
    from aimdmodel.scenario import Flow, Link, Scenario
    from aimdmodel.studies.dumbbell import _measure_sweep

    sc = Scenario(flows=tuple(Flow(variant="sack", policy=NewAIMD(), base_rtt=0.012,
                                   size=5_000_000) for _ in range(2)),
                  link=Link(rate=10e6, buffer=20), duration=60.0, seed=3)
    res = run(sc, replications=3)
    ends = np.max(res.completion, axis=1)
    assert len(set(ends.round(6))) > 1  # the replications end at different times
    got = _measure_sweep(res)["utilization"]
    for r, end in enumerate(ends):
        assert got[r] == pytest.approx(qm.utilization(res, stop=float(end))[r])


def test_a_studys_tick_is_the_round_modes_only():
    """A study's tick (a ledger scale sets one) is the round mode's time step: a task run
    packet by packet leaves it out (the packet-level mode has no time step and refuses it
    given directly) and returns what the packet-level mode returns without it."""
    from aimdmodel.queue import QueueOptions
    from aimdmodel.queue import run as queue_run
    from aimdmodel.scenario import Link

    sc = Scenario(flows=(Flow(variant="sack"),), link=Link(rate=2e6, buffer=20), duration=4.0)
    opts = QueueOptions(tick=0.02)
    got = Task("k", sc, lambda r: {"sent": r.sent}, 1, opts, "packet")()
    np.testing.assert_array_equal(got["sent"], queue_run(sc, fidelity="packet").sent)
    rounds = Task("k", sc, lambda r: {"tick": r.options["tick"]}, 1, opts, "round")()
    assert rounds["tick"] == 0.02
    with pytest.raises(ValueError, match=r"tick=0\.02"):
        queue_run(sc, options=opts, fidelity="packet")
