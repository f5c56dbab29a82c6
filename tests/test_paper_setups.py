"""The papers' set-ups (papers.setups), their runs and tables (papers.experiments), the
``aimdmodel experiment`` plugin (papers.experiment_commands) and the readings the ledger
takes from them (papers.queue_readings)."""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import re
from pathlib import Path

import pytest

from aimdmodel import cli, studies
from papers import experiment_commands, experiments, queue_readings, setups, texts
from papers.keys import PAPERS
from papers.reddy_aiad import experiment as reddy_experiment
from papers.reddy_aiad import setups as reddy_setups


# --- set-ups ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(setups.SETUPS))
def test_printed_parameters_are_located_in_the_paper(name):
    s = setups.SETUPS[name]
    printed = [p for p in s.parameters if p.printed]
    assert name.startswith(f"{s.paper}-")
    assert s.paper in PAPERS
    # Mehta & Dahiya's set-ups rerun claims it cites, with no set-up printed
    assert printed or s.paper == "mehta-dahiya", "a paper's own experiment prints something"
    for p in printed:
        q = texts.locate(p.paper, p.note)
        assert p.shown in q.text, (p.name, p.shown)
    for p in s.parameters:
        if not p.printed:
            assert p.note, f"{name}: {p.name} is chosen without a reason"


@pytest.mark.parametrize("name", list(setups.SETUPS))
@pytest.mark.parametrize("scale", setups.SCALES)
def test_kwargs_fit_the_library_function(name, scale):
    s = setups.SETUPS[name]
    fn = getattr(studies, s.function)
    inspect.signature(fn).bind(**s.kwargs(scale))  # raises TypeError on a stray keyword
    text = s.describe(scale)
    assert text.startswith(f"{s.paper}:")
    assert f"printed ({PAPERS[s.paper].short}, " in text or s.paper == "mehta-dahiya"
    assert "chosen:" in text
    assert f"{scale} scale" in text


def test_scales_reduce_what_they_say():
    s = setups.SETUPS["reddy-aiad-grid"]
    full, ledger = s.kwargs("full"), s.kwargs("ledger")
    assert len(full["policies"]) == 18
    assert list(ledger["policies"]) == list(reddy_setups.LEDGER_POLICIES)
    assert ledger["duration"] < full["duration"]
    assert setups.SETUPS["bazi2019-cbr"].kwargs("full")["cbr_rates"][0] == 1e6
    assert len(setups.SETUPS["bazi2019-cbr"].kwargs("full")["cbr_rates"]) == 23
    with pytest.raises(ValueError, match="scale"):
        s.kwargs("huge")
    with pytest.raises(ValueError, match="name must be one of"):
        setups.get_setup("lahanas2003")


def test_each_paper_s_set_ups_live_in_its_folder():
    """The registry is the folders' set-ups, found through the table of keys: each set-up in
    the folder of the paper its name starts with, none elsewhere."""
    found = {}
    for key, paper in PAPERS.items():
        name = setups.setups_module(key)
        assert name in (None, f"{paper.package}.setups")
        for s in importlib.import_module(name).SETUPS if name else ():
            assert s.paper == key
            found[s.name] = s
    assert found == dict(setups.SETUPS)
    assert len(found) == 7


# --- runs and tables -----------------------------------------------------------------------
def test_each_paper_s_rerun_lives_in_its_folder():
    """The reruns' registry is the folders' experiments, found through the table of keys,
    one for each paper with set-ups, running only that paper's set-ups, in the order of the
    sections of paper_checks/RERUNS.md (each experiment's own ``order``)."""
    found = {}
    for key, paper in PAPERS.items():
        name = experiments.experiment_module(key)
        assert name in (None, f"{paper.package}.experiment")
        assert (name is None) == (setups.setups_module(key) is None)
        if name:
            e = importlib.import_module(name).EXPERIMENT
            assert e.paper == key
            assert {setups.SETUPS[s].paper for s in e.setups} == {key}
            found[key] = e
    assert dict(experiments.EXPERIMENTS) == found
    assert list(experiments.EXPERIMENTS) == ["jasem2010", "bazi2019", "mehta-dahiya",
                                             "lahanas2003", "reddy-aiad"]
    reruns = (Path(__file__).resolve().parent.parent / "paper_checks" / "RERUNS.md")
    sections = re.findall(r"^## ([\w-]+):", reruns.read_text(encoding="utf-8"), re.M)
    assert sections == list(experiments.EXPERIMENTS)


@pytest.fixture(scope="module")
def mehta_dahiya():
    return experiments.run_experiment("mehta-dahiya")


def test_render_lists_the_setups_and_tables(mehta_dahiya):
    text = experiments.render("mehta-dahiya", mehta_dahiya)
    assert text.count("Set-up: mehta-dahiya:") == 2
    assert "### mehta-dahiya, random loss (1 replication)" in text
    assert "| p (%) | newreno | westwood | veno |" in text
    assert "Best-effort goodput with/without" in text
    with pytest.raises(ValueError, match="name must be one of"):
        experiments.run_experiment("chiu1989")


def test_appendix_table_in_the_papers_layout():
    g = studies.robustness_grid({k: reddy_setups.APPENDIX_POLICIES[k]
                                for k in reddy_setups.LEDGER_POLICIES},
                              environments=("CL", "SQH"), settings=(("reno", "droptail"),),
                              duration=8.0, warmup=2.0)
    text = reddy_experiment._render_appendix(g)
    assert text.startswith("TCP Reno + DropTail")
    assert "| (1, 0.8) |" in text
    assert "| 0.07 | 0.03 |" in text  # the printed (D_a, C_a) of AIMD(1, 0.8), beside the model's


# --- the plugin ----------------------------------------------------------------------------
def _parser():
    p = cli._Parser(prog="aimdmodel")
    experiment_commands.register(p.add_subparsers(dest="command"))
    return p


def test_plugin_parses_and_refuses():
    args = _parser().parse_args(["experiment", "bazi2019", "--scale", "full", "--workers", "2"])
    assert (args.name, args.scale, args.workers) == ("bazi2019", "full", 2)
    assert _parser().parse_args(["experiment", "seed001", "--jobs", "2"]).name == "bazi2019"
    with pytest.raises(cli.CLIError, match="one of lahanas2003, jasem2010"):
        _parser().parse_args(["experiment", "chiu1989"])
    with pytest.raises(cli.CLIError, match=">= 1"):
        _parser().parse_args(["experiment", "all", "--workers", "0"])


def test_plugin_writes_json_and_a_figure(tmp_path, mehta_dahiya, monkeypatch):
    monkeypatch.setattr(experiment_commands, "run_experiment", lambda *a, **k: mehta_dahiya)
    out, fig = tmp_path / "s.json", tmp_path / "s.png"
    args = argparse.Namespace(name="mehta-dahiya", scale="ledger", workers=1, progress=False,
                              format="json", out=str(out), plot=str(fig))
    assert experiment_commands.experiment(args).startswith("wrote mehta-dahiya")
    data = json.loads(out.read_text())
    assert data["mehta-dahiya"]["random loss"]["variants"] == ["newreno", "westwood", "veno"]
    assert fig.stat().st_size > 0


def test_plugin_through_main(monkeypatch, capsys, mehta_dahiya):
    load = cli._load_plugins

    def with_ours(sub):
        load(sub)
        if "experiment" not in sub.choices:
            experiment_commands.register(sub)

    monkeypatch.setattr(cli, "_load_plugins", with_ours)
    monkeypatch.setattr(experiment_commands, "run_experiment", lambda *a, **k: mehta_dahiya)
    assert cli.main(["experiment", "mehta-dahiya"]) == 0
    assert capsys.readouterr().out.startswith("## mehta-dahiya:")
    assert cli.main(["experiment", "seed002"]) == 0  # the old alias, never printed
    assert "seed002" not in capsys.readouterr().out
    assert cli.main(["experiment", "mehta-dahiya", "--scale", "big"]) == 2


# --- readings --------------------------------------------------------------------------------
def test_above_needs_more_than_the_noise():
    s = {"x": {"a": 1.0, "b": 0.5}, "x_sem": {"a": 0.1, "b": 0.2}}
    assert queue_readings.above(s, "x", "a", "b")  # 0.5 > 2 * 0.224
    s["x_sem"]["b"] = 0.3
    assert not queue_readings.above(s, "x", "a", "b")  # 0.5 < 2 * 0.316
    assert not queue_readings.above(s, "x", "b", "a")


def test_cbr_summary_reads_the_congested_loads():
    d = studies.cbr_load(("reno", "newreno"), [1e6, 9.5e6, 11e6], rwnd=20, duration=20.0,
                       warmup=5.0, replications=2)
    assert queue_readings.congested_loads(d).tolist() == [9.5e6]
    s = queue_readings.cbr_summary(d, low=1)
    assert s["drop_low"] == {"reno": 0.0, "newreno": 0.0}
    assert s["latency"]["reno"] == pytest.approx(1e3 * d.latency[0, 1])
    assert s["leftover_sem"]["reno"] >= 0
