"""What a new user sees first: compile notes, progress, the check summary, papers by key.

(The slow end-to-end version, every command on a terminal from a cold cache,
is tests/test_first_hour.py.)
"""

from __future__ import annotations

import io
import types
from concurrent.futures import ProcessPoolExecutor

import pytest

from aimdmodel import AIMD, sweep
from aimdmodel._progress import _ACTIVE, COMPILE_GROUPS, compile_notes, group_of
from aimdmodel.cli import main
from paper_checks import cli as check_cli
from paper_checks import runner
from papers.keys import PAPERS, paper_key


# --- the compile note ----------------------------------------------------------------------
def _event(module: str, name: str, start: bool) -> types.SimpleNamespace:
    func = types.SimpleNamespace(__module__=module, __name__=name)
    return types.SimpleNamespace(is_start=start, is_end=not start,
                                 data={"dispatcher": types.SimpleNamespace(py_func=func)})


def _compile(module: str, name: str, nested: tuple[str, str] | None = None) -> None:
    listener = _ACTIVE[-1]
    listener.notify(_event(module, name, True))
    if nested:
        listener.notify(_event(*nested, True))
        listener.notify(_event(*nested, False))
    listener.notify(_event(module, name, False))


def test_a_compilation_is_said_once_per_group_on_a_terminal(monkeypatch):
    monkeypatch.setenv("AIMDMODEL_PROGRESS", "1")
    err = io.StringIO()
    with compile_notes(err) as times:
        _compile("aimdmodel.queue._network", "run", nested=("aimdmodel.queue._sender", "x"))
        _compile("aimdmodel.queue._network", "run")
        _compile("aimdmodel.engines._ccycle", "sweep_metrics",
                 nested=("aimdmodel.engines._ccycle", "run_systems"))
    notes = [line for line in err.getvalue().splitlines() if line.startswith("aimdmodel:")]
    queue, swp = COMPILE_GROUPS["queue"], COMPILE_GROUPS["sweep"]
    assert len(notes) == 2  # one per group; the nested compilation is the outer one's
    assert queue.what in notes[0]
    assert f"about {queue.seconds:.0f} s" in notes[0]
    assert swp.what in notes[1]
    assert "once per install" in notes[1]
    assert set(times) == {"queue", "sweep"}


def test_no_note_when_piped_and_an_inner_block_speaks_alone(monkeypatch):
    monkeypatch.setenv("AIMDMODEL_PROGRESS", "0")
    err = io.StringIO()
    with compile_notes(err):
        _compile("aimdmodel.fluid._kernel", "run")
    assert err.getvalue() == ""
    monkeypatch.setenv("AIMDMODEL_PROGRESS", "1")
    outer, inner = io.StringIO(), io.StringIO()
    with compile_notes(outer), compile_notes(inner, hint=False):
        _compile("aimdmodel.fluid._kernel", "run")
    assert outer.getvalue() == "" or "compiling" not in outer.getvalue().splitlines()[0]
    assert inner.getvalue().startswith("aimdmodel: compiling the fluid model")
    assert "aimdmodel compile" not in inner.getvalue()


def test_every_compiled_module_has_a_group():
    import aimdmodel.engines._ccycle as cc
    import aimdmodel.engines._compiled as comp

    for mod in (cc, comp):
        for name, obj in vars(mod).items():
            cache = type(getattr(obj, "_cache", None)).__name__
            if hasattr(obj, "py_func") and cache not in ("NoneType", "NullCache"):
                assert group_of(mod.__name__, name).seconds > 0, name


def test_a_process_sweep_compiles_in_the_parent_first():
    from aimdmodel.engines._ccycle import sweep_metrics

    with ProcessPoolExecutor(1) as ex:
        rows = sweep(AIMD(), [1, 30], [100, 200], cycles=6, executor=ex, progress=False)
    assert len(rows) == 2
    assert sweep_metrics.signatures  # compiled (or loaded) here, before the worker ran


# --- check: the summary, one claim, the keys --------------------------------------------------
@pytest.fixture(scope="module")
def bazi():
    return runner.run(["bazi2019"])


@pytest.fixture
def cached(monkeypatch, bazi):
    monkeypatch.setattr(check_cli.runner, "run",
                        lambda keys=None: [c for c in bazi if not keys or c.paper in keys])
    return bazi


def test_check_prints_one_line_a_claim_within_the_terminal(cached, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "72")
    assert main(["check", "--paper", "bazi2019"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert max(map(len, lines)) <= 72
    for c in cached:  # each claim on its own line, with its verdict
        (line,) = [x for x in lines if x.split()[:1] == [c.id]]
        assert c.verdict in line
    assert PAPERS["bazi2019"].short in lines[0]
    assert "--claim ID" in out


def test_check_claim_prints_its_evidence_and_an_unknown_one_is_refused(cached, capsys):
    c = cached[0]
    assert main(["check", "--claim", f"bazi2019:{c.id}"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert " ".join(c.evidence.split())[:60] in out
    assert PAPERS["bazi2019"].citation in out
    assert main(["check", "--claim", "no-such-claim"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert c.id in err


def test_the_old_alias_is_accepted_and_never_printed(cached, capsys):
    assert main(["check", "--paper", "seed001"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("bazi2019:")
    assert "seed" not in out.lower().replace("seeds", "")


def test_every_ledger_paper_has_a_key_and_unknown_keys_list_them(capsys):
    assert list(PAPERS) == list(runner.PAPERS)
    assert all(paper_key(p.old_name) == paper_key(p.module) == k for k, p in PAPERS.items())
    assert main(["check", "--paper", "chiu1989"]) == 2
    err = capsys.readouterr().err
    assert all(k in err for k in PAPERS)


def test_sweep_on_error_record_keeps_a_refused_parameter_value_as_rows(capsys):
    assert main(["sweep", "--param", "b=1/2,3/2", "--capacity", "100,200", "--jobs", "1",
                 "--cycles", "6", "--on-error", "record", "--format", "json"]) == 0
    import json

    rows = json.loads(capsys.readouterr().out)
    assert [r["error"] is None for r in rows] == [True, True, False, False]
    assert all("0 < b < 1" in r["error"] for r in rows[2:])
    assert [r["capacity"] for r in rows] == [100.0, 200.0, 100.0, 200.0]
    assert main(["sweep", "--param", "b=1/2,3/2", "--jobs", "1"]) == 2  # raise: refused


def test_an_empty_model_queue_is_said_not_a_minus_100_percent():
    from aimdmodel.ns3.goals import Difference
    from aimdmodel.ns3.report import fmt_difference

    text = fmt_difference(Difference.of("queueing_delay", ns3=7.59e-5, model=0.0))
    assert text.startswith("no queue in the model")
    assert "%" in fmt_difference(Difference.of("queueing_delay", ns3=8.9e-3, model=7.2e-3))


def test_experiment_plots_say_when_lines_coincide_and_draw_the_replications_spread():
    from matplotlib.figure import Figure

    from aimdmodel.studies.plots import _series

    def notes(ax):
        return [t.get_text() for t in ax.texts if "coincide" in t.get_text()]

    same, apart = Figure().subplots(), Figure().subplots()
    rows = [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0005]]
    _series(same, [1, 2, 4], rows, ["a", "b"], 1.0, sem=[[0.1] * 3, [0.1] * 3])
    _series(apart, [1, 2, 4], [[1.0, 2.0, 3.0], [1.5, 2.5, 3.5]], ["a", "b"], 1.0,
            sem=[[0.1] * 3, [0.1] * 3])
    assert notes(same)
    assert not notes(apart)
    assert len(same.collections) == 2  # one band a line
