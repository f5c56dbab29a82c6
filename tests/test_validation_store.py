"""The queue model flow by flow against ns-3's stored runs; the campaign that makes them.

The stored runs (``aimdmodel/ns3/data/ns3_runs.jsonl``) are ns-3's side of
the reference set; these tests check that they are current (every case's
runs are there, under the fingerprint of today's scenario and options),
that one of them comes out the same when ns-3 runs it again now, and hold
the queue model to ns-3 at the set-ups where it used to fail (Vegas with a
buffer of a BDP or less, RTT mixes flow by flow, a late joiner).
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from aimdmodel.ns3 import _loader, campaign
from aimdmodel.ns3.campaign import STORE, Store, Task, run_campaign, tasks_for
from aimdmodel.ns3.options import Ns3Options
from aimdmodel.ns3.validate import Case, reference_set, validate
from aimdmodel.scenario import Flow, Link, Scenario

STORED = Store(STORE)


def _version() -> str:
    versions = [r["ns3"] for r in STORED.records()]
    return max(set(versions), key=versions.count)


def _validate(*names: str, models: tuple = ("queue",)):
    cases = [c for c in reference_set() if c.name in names]
    assert len(cases) == len(names)
    return validate(cases, models=models, store=STORED, version=_version())


def test_the_stored_runs_cover_the_reference_set_as_it_is_now():
    """A changed scenario, option or ns-3 version changes the fingerprint: regenerate
    with ``aimdmodel validate --against ns3 --runs-only``."""
    tasks = tasks_for(reference_set(), Ns3Options(), version=_version())
    missing = STORED.stale(tasks)
    assert missing == [], f"{len(missing)} ns-3 runs missing, e.g. {missing[0].name}"
    if _loader.available():
        assert _loader.version() == _version()
    for rec in STORED.records():
        assert rec["format"] == campaign.FORMAT
        assert set(rec["summary"]["flows"]) >= {"goodput", "loss_rate", "timeouts"}
        assert rec["options"]["ns3_version"] == rec["ns3"]


@pytest.mark.skipif(not _loader.available(), reason="ns-3 (the optional extra ns3) is not "
                    "installed")
def test_a_stored_run_comes_out_the_same_when_ns3_runs_it_now():
    case = next(c for c in reference_set() if c.name == "1 flow, SACK, DropTail 0.1 BDP")
    task = tasks_for([case], Ns3Options(), version=_loader.version())[0]
    stored = [r for r in STORED.records(task.key) if r["run"] == task.options.run][-1]
    assert campaign.run_task(task)["summary"] == stored["summary"]


def test_vegas_loses_nothing_and_keeps_a_few_packets_where_ns3_loses_nothing():
    names = [c.name for c in reference_set() if c.name.startswith("1 flow, vegas")]
    v = _validate(*names)
    for case, res in zip(v.cases, v.results, strict=True):
        ns3, queue = res["ns3"].values, res["queue"].values
        assert ns3["loss_rate"] == 0, case.name
        assert queue["loss_rate"] == 0, case.name
        assert queue["timeouts"] == 0, case.name
        packets = queue["queueing_delay"] / queue["packet_time"]
        assert packets <= 4.0, case.name


def test_the_packet_level_mode_holds_vegas_where_ns3_holds_it():
    """ns-3's Vegas alone keeps its window below the BDP (its base RTT comes from the
    handshake, which skips a data packet's transmission time): no loss, no queue, the same
    goodput within 10%."""
    names = [c.name for c in reference_set() if c.name.startswith("1 flow, vegas")]
    v = _validate(*names, models=("packet",))
    for case, res in zip(v.cases, v.results, strict=True):
        ns3, pk = res["ns3"].values, res["packet"].values
        assert ns3["loss_rate"] == pk["loss_rate"] == 0, case.name
        assert pk["timeouts"] == 0, case.name
        assert pk["queueing_delay"] <= 4 * pk["packet_time"], case.name
        assert pk["flows"]["goodput"][0] == pytest.approx(ns3["flows"]["goodput"][0],
                                                          rel=0.10), case.name


@pytest.mark.parametrize("name", [
    "2 flows, sack, RTT 40/80 ms, DropTail 1 BDP, phase-averaged",
    "2 flows, sack, RTT 25/150 ms, DropTail 1 BDP, phase-averaged",
    "2 flows, sack, RTT 40/80 ms, RED 1 BDP",
    "2 flows, sack, RTT 25/150 ms, RED 1 BDP",
    "3 flows, sack, RTT 25/50/100 ms, DropTail 1 BDP",
    "late joiner, 2 flows, SACK, DropTail 1 BDP",
])
def test_the_queue_model_shares_as_ns3_flow_by_flow(name):
    """Each flow within 15% of ns-3's goodput, or the share ratio within x1.5."""
    v = _validate(name)
    comp = v.flows("queue")[0]
    assert comp.goodput_met, (comp.share, comp.goodput)


def _dt_red():
    v = _validate("2 flows, sack, RTT 40/80 ms, DropTail 1 BDP, phase-averaged",
                  "2 flows, sack, RTT 40/80 ms, RED 1 BDP")
    comps = dict(zip((c.name for c in v.cases), v.flows("queue"), strict=True))
    return (comps["2 flows, sack, RTT 40/80 ms, DropTail 1 BDP, phase-averaged"],
            comps["2 flows, sack, RTT 40/80 ms, RED 1 BDP"])


def test_red_is_less_unequal_than_droptail_in_ns3():
    dt, red = _dt_red()
    assert dt.share.ns3 > red.share.ns3


@pytest.mark.xfail(strict=True, reason="a known miss (VALIDATION.md has the numbers): the "
                   "model's DropTail share ratio at RTTs 40/80 ms is below ns-3's phase average "
                   "and below the model's own RED share ratio; each is within x1.5 of ns-3, "
                   "their order is not")
def test_red_is_less_unequal_than_droptail_in_the_model():
    dt, red = _dt_red()
    assert dt.share.model > red.share.model


def _red_and_droptail(variant: str, dropt: str) -> tuple:
    dt_name = f"2 flows, {variant}, RTT 40/80 ms, DropTail 1 BDP{dropt}"
    red_name = f"2 flows, {variant}, RTT 40/80 ms, RED 1 BDP"
    v = _validate(dt_name, red_name, models=("packet",))
    comps = dict(zip((c.name for c in v.cases), v.flows("packet"), strict=True))
    return comps[dt_name].share, comps[red_name].share


@pytest.mark.parametrize("variant", ["newreno", "sack"])
@pytest.mark.parametrize("dropt", ["", ", phase-averaged"])
def test_red_is_less_unequal_than_droptail_in_the_packet_level_mode(variant, dropt):
    """Two flows of 40 and 80 ms (NewReno, SACK): RED shares more evenly than DropTail (at a
    fixed RTT and averaged over the phase), in ns-3 and in the packet-level mode."""
    dt, red = _red_and_droptail(variant, dropt)
    assert dt.ns3 > red.ns3
    assert dt.model > red.model


@pytest.mark.parametrize(("short", "long"), [(0.04, 0.08), (0.025, 0.15)])
def test_the_packet_level_mode_has_ns3s_rtt_exponent_for_two_sack_flows(short, long):
    """The goodput-ratio exponent log(g1/g2) / log(RTT2/RTT1) of two SACK flows behind
    DropTail, each RTT phase-averaged, within 25% of ns-3's."""
    import math

    name = (f"2 flows, sack, RTT {short * 1e3:.0f}/{long * 1e3:.0f} ms, DropTail 1 BDP, "
            "phase-averaged")
    v = _validate(name, models=("packet",))
    res = v.results[0]
    exps = [math.log(g[0] / g[1]) / math.log(long / short)
            for g in (res["ns3"].values["flows"]["goodput"],
                      res["packet"].values["flows"]["goodput"])]
    assert abs(exps[1] - exps[0]) <= 0.25 * abs(exps[0]), exps


def test_at_a_fixed_rtt_droptail_hands_the_share_by_phase_in_ns3():
    """ns-3's deterministic DropTail queue: the fixed-RTT run gives the short flow most of the
    link, the run with the long RTT shifted by half a packet time less (Floyd & Jacobson 1992
    phase effects); the phase-averaged case lies between."""
    case = next(c for c in reference_set()
                if c.name == "2 flows, sack, RTT 40/80 ms, DropTail 1 BDP, phase-averaged")
    runs = []
    for sc, run_no in case.runs():
        key = campaign.fingerprint(sc, Ns3Options(), version=_version())
        runs.append([r for r in STORED.records(key) if r["run"] == run_no][-1]["summary"])
    shares = [s["flows"]["goodput"][0] / s["flows"]["goodput"][1] for s in runs]
    assert max(shares) > 3 * min(shares)


# -- the campaign ---------------------------------------------------------------------------
def _fake_task(name: str, run: int) -> Task:
    sc = Scenario(flows=(Flow(),), link=Link(rate=2e6, buffer=20), duration=5.0, seed=1)
    return Task(name, sc, Ns3Options(run=run), campaign.fingerprint(sc, Ns3Options(),
                                                                     version="test"))


def test_a_campaign_stores_each_run_skips_stored_ones_and_survives_a_failure(tmp_path,
                                                                            monkeypatch):
    calls = []

    def fake(task):
        calls.append(task.options.run)
        if task.options.run == 2:
            raise RuntimeError("ns-3 said no")
        return {"key": task.key, "run": task.options.run, "seconds": 0.0, "summary": {}}

    monkeypatch.setattr(campaign, "run_task", fake)
    store = Store(tmp_path / "runs.jsonl")
    tasks = [_fake_task("a", r) for r in (1, 2, 3)]
    with ThreadPoolExecutor(2) as ex:
        out = run_campaign(tasks, store, executor=ex)
    assert out["stored"] == 2
    assert out["skipped"] == 0
    assert out["failed"] == [("a", 2, "ns-3 said no")]
    assert sorted(r["run"] for r in Store(store.path).records()) == [1, 3]
    calls.clear()
    with ThreadPoolExecutor(1) as ex:
        out = run_campaign(tasks, Store(store.path), executor=ex)
    assert calls == [2]  # resumed: only the missing run
    assert out["skipped"] == 2


def test_a_line_cut_by_a_crash_is_not_a_record(tmp_path, capsys):
    path = tmp_path / "runs.jsonl"
    path.write_text(json.dumps({"key": "k", "run": 1}) + "\n" + '{"key": "k", "ru')
    assert [r["run"] for r in Store(path).records()] == [1]
    assert "incomplete record" in capsys.readouterr().err


def test_the_campaign_refuses_what_is_not_an_executor(tmp_path):
    with pytest.raises(TypeError, match="executor"):
        run_campaign([_fake_task("a", 1)], Store(tmp_path / "r.jsonl"), executor=object())
    with pytest.raises(ValueError, match="workers"):
        run_campaign([_fake_task("a", 1)], Store(tmp_path / "r.jsonl"), workers=0)


def test_phase_runs_shift_only_the_later_flows_by_less_than_a_packet_time():
    sc = Scenario(flows=(Flow(base_rtt=0.04), Flow(base_rtt=0.08), Flow(base_rtt=0.1)),
                  link=Link(rate=10e6), seed=5)
    runs = Case("p", sc, "", phases=True, replications=4).runs()
    assert [n for _, n in runs] == [5, 6, 7, 8]
    service = 8 * sc.packet_size / 10e6
    shifts = np.array([[f.base_rtt - g.base_rtt for f, g in zip(s.flows, sc.flows, strict=True)]
                       for s, _ in runs])
    assert (shifts[:, 0] == 0).all()
    assert (shifts >= 0).all()
    assert (shifts < service).all()
    assert len({round(x, 12) for x in shifts[:, 1]}) == 4


def test_validation_md_is_what_the_stored_runs_and_the_models_give_now():
    """VALIDATION.md is regenerated by its own first line's command; a model change that moves
    a number without regenerating it fails here."""
    from pathlib import Path

    from aimdmodel.ns3.report import markdown

    path = Path(__file__).resolve().parents[1] / "VALIDATION.md"
    text = path.read_text()
    command = text.splitlines()[2].split("`")[1]
    v = validate(reference_set(), store=STORED, version=_version())
    assert markdown(v, command=command, version=_version()) == text


def _losses_per_episode(res, gap: float = 0.5) -> list:
    """Losses of each congestion episode after slow start (losses less than ``gap`` s apart)."""
    lost, t = res.lost[0, :, 0], res.t
    episodes: list = []
    for i in np.flatnonzero((lost > 0) & (t > 2.0)):
        if episodes and t[i] - episodes[-1][0] < gap:
            episodes[-1] = (t[i], episodes[-1][1] + lost[i])
        else:
            episodes.append((t[i], lost[i]))
    return [int(n) for _, n in episodes]


def test_one_flow_at_droptail_loses_one_packet_an_episode_in_ns3_and_more_in_the_rounds():
    # what VALIDATION.md gives as the likely cause of the round mode's loss-rate misses for
    # one flow (the packet mode drops what ns-3 drops there, packet for packet); the fluid
    # model has no episodes of whole packets: its misses there are "not identified"
    from aimdmodel.ns3.report import likely_cause
    from aimdmodel.queue import run

    case = next(c for c in reference_set() if c.name == "1 flow, SACK, DropTail 1 BDP")
    ns3 = _losses_per_episode(run(case.scenario, fidelity="packet", record_interval=0.006))
    rounds = _losses_per_episode(run(case.scenario, record_interval=0.006))
    assert len(ns3) >= 10
    assert set(ns3) == {1}
    assert np.mean(rounds) >= 1.5
    assert "pipe counts the lost segment" in likely_cause(case, "loss_rate", "queue")
    assert likely_cause(case, "loss_rate", "fluid") == "not identified"


def test_the_fluid_model_is_not_given_the_round_models_causes():
    from aimdmodel.ns3.report import likely_cause

    cases = reference_set()
    red = next(c for c in cases if c.scenario.link.discipline == "red")
    lossy = next(c for c in cases if c.scenario.link.random_loss > 0)
    assert "per tick" in likely_cause(red, "queueing_delay", "queue")
    assert likely_cause(red, "queueing_delay", "fluid") == "not identified"
    assert "a round per repair" in likely_cause(lossy, "utilization", "queue")
    assert likely_cause(lossy, "utilization", "fluid") == "not identified"


def test_round_options_reach_the_round_mode_and_are_checked_first():
    """validate(round_options=...) runs the round mode with those options (a coarser time
    base changes its values; the packet-level mode's are untouched), and a wrong option is
    refused before any case runs, not recorded as every case's refusal."""
    from aimdmodel.ns3 import validate as V

    case = Case("tiny", Scenario(flows=(Flow(variant="sack"), Flow(variant="sack")),
                                 link=Link(rate=2e6, buffer=20), duration=10.0, warmup=2.0),
                "two flows", replications=1)
    fine, coarse = V._values("queue", case), V._values("queue", case, {"ticks_per_rtt": 1})
    assert fine["loss_rate"] != coarse["loss_rate"]
    assert V._values("packet", case, {"ticks_per_rtt": 1}) == V._values("packet", case)
    for bad, word in (({"speed": 2}, "speed"), ({"ticks_per_rtt": 0.5}, "ticks_per_rtt")):
        with pytest.raises(ValueError, match=word):
            validate([case], models=("queue",), store=None, round_options=bad)
