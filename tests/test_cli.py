"""The command line: outputs, formats, and errors (exit 2, one line, no traceback)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

from aimdmodel.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_headline_lists_every_papers_policy_with_its_claim(capsys):
    code, out, err = run(capsys, "headline", "--capacity", "2000", "--cycles", "20")
    assert code == 0
    assert err == ""
    for name in ("AIMD(", "AIMDFC(", "AIMDFCPlus(", "reading='printed'", "reading='charitable'"):
        assert name in out
    assert "3/4" in out
    assert "8/9" in out
    assert "> 99%" in out


def test_headline_json_differences_are_simulated_minus_claimed(capsys):
    code, out, _ = run(capsys, "headline", "--capacity", "2000", "--cycles", "20",
                       "--format", "json")
    rows = json.loads(out)
    assert code == 0
    assert len(rows) == 5
    aimd = rows[0]
    assert aimd["difference"] == pytest.approx(aimd["efficiency"] - 0.75)
    new_aimd = rows[3]
    assert new_aimd["congested_share"] == 1.0  # every RTT congested
    assert new_aimd["offered_load"] > 1.0


def test_simulate_table_pinned_example(capsys):
    code, out, _ = run(
        capsys, "simulate", "--policy", "aimd", "--windows", "1,30", "--capacity", "100",
        "--steps", "40", "--arithmetic", "exact",
    )
    assert code == 0
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line[:1].isdigit()}
    assert rows["35"][1:] == ["0", "36", "65", "101"]
    assert rows["36"][2:4] == ["18", "65/2"]


def test_simulate_json_keeps_exact_values(capsys):
    code, out, _ = run(
        capsys, "simulate", "--windows", "1,30", "--steps", "37", "--arithmetic", "exact",
        "--format", "json", "--rows", "all",
    )
    data = json.loads(out)
    assert code == 0
    assert data["windows"][36] == [18, "65/2"]
    assert data["feedback"][35] == 0
    assert data["congestion_steps"] == [35]
    assert Fraction(data["windows"][36][1]) == Fraction(65, 2)


def test_simulate_csv_and_params(capsys):
    code, out, _ = run(
        capsys, "simulate", "--policy", "new-aimd", "--param", "reading=charitable",
        "--param", "a=1/2", "--windows", "4,8", "--capacity", "20", "--cycles", "3",
        "--format", "csv", "--arithmetic", "exact",
    )
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0
    assert rows[0] == ["step", "feedback", "w1", "w2", "sum"]
    assert [r[1] for r in rows[1:-1]].count("0") == 3


def test_simulate_plot_writes_a_png(tmp_path, capsys):
    target = tmp_path / "saw.png"
    code, _, _ = run(capsys, "simulate", "--steps", "150", "--plot", str(target))
    assert code == 0
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in tmp_path.iterdir()] == ["saw.png"]  # no temporary left


def test_bad_plot_suffix_writes_nothing_and_keeps_old_file(tmp_path, capsys):
    target = tmp_path / "saw.xyz"
    code, _, err = run(capsys, "simulate", "--steps", "5", "--plot", str(target))
    assert code == 2
    assert "plot file must end in one of" in err
    assert list(tmp_path.iterdir()) == []
    keep = tmp_path / "keep.png"
    keep.write_bytes(b"old")
    code, _, err = run(capsys, "simulate", "--param", "b=3", "--plot", str(keep))
    assert code == 2
    assert keep.read_bytes() == b"old"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["simulate", "--param", "b=1.5"], "0 < b < 1"),
        (["simulate", "--param", "a=0"], "a > 0"),
        (["simulate", "--param", "beta=2"], "unknown parameter 'beta'"),
        (["simulate", "--param", "b"], "NAME=VALUE"),
        (["simulate", "--policy", "tcp"], "invalid choice"),
        (["simulate", "--windows", "1,-2"], "--windows item 2 is -2; a window must be >= 0"),
        (["simulate", "--windows", "1,x"], "--windows: item 2 must be a number"),
        (["simulate", "--capacity", "0"], "capacity must be finite and > 0"),
        (["simulate", "--steps", "-3"], "must be an int >= 0"),
        (["simulate", "--steps", "3", "--cycles", "2"], "not allowed with"),
        (["simulate", "--arithmetic", "decimal"], "invalid choice"),
        (["simulate", "--windows", "1.5,2", "--arithmetic", "integer"], "whole numbers"),
        (["headline", "--capacity", "-1"], "must be > 0"),
        (["nonsense"], "invalid choice"),
    ],
)
def test_errors_exit_2_with_one_line(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("aimdmodel: error: ")
    assert needle in err


def test_console_script_error_has_no_traceback():
    proc = subprocess.run(
        [sys.executable, "-m", "aimdmodel", "simulate", "--param", "b=2"],
        capture_output=True, text=True, check=False,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines() == ["aimdmodel: error: b must satisfy 0 < b < 1, got 2"]


@pytest.mark.parametrize("engine", ["cycle", "kernel", "auto"])
def test_simulate_engines_print_the_same_table(capsys, engine):
    argv = ["simulate", "--windows", "1,30", "--capacity", "1000", "--cycles", "4"]
    argv += ["--format", "csv"]
    _, reference, _ = run(capsys, *argv, "--arithmetic", "integer")
    code, out, _ = run(capsys, *argv, "--arithmetic", "integer", "--engine", engine)
    assert code == 0
    assert out == reference


# --- the headline is a plugin command; aimdmodel alone runs it ---------------------------
def fast_rows(capacity=10_000, x0=(1, 30), cycles=40):
    return [{"policy": "P()", "efficiency": 0.75, "claimed": "3/4", "difference": 0.0,
             "offered_load": 0.75, "congested_share": 0.01, "source": f"W={capacity:g}"}]


def test_no_command_runs_the_headline(capsys, monkeypatch):
    from papers import commands

    monkeypatch.setattr(commands, "headline_rows", fast_rows)
    alone = run(capsys)
    explicit = run(capsys, "headline")
    assert alone == explicit
    assert alone[0] == 0
    assert "W=10000" in alone[1]


def test_top_level_options_are_refused_not_ignored(capsys):
    code, out, err = run(capsys, "--capacity", "5", "simulate")
    assert (code, out) == (2, "")
    assert "--capacity is not an option of aimdmodel itself" in err
    assert "aimdmodel COMMAND --capacity" in err


def test_version(capsys):
    from aimdmodel import __version__

    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == f"aimdmodel {__version__}\n"


def test_the_library_imports_nothing_from_the_papers():
    import ast
    from pathlib import Path

    import aimdmodel

    for path in Path(aimdmodel.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                mods = [node.module or ""]
            else:
                continue
            for mod in mods:
                assert mod.split(".")[0] not in ("papers", "paper_checks"), (path, mod)


# --- --help is generated from the registries ---------------------------------------------
@pytest.mark.parametrize("command", ["simulate", "derive", "sweep"])
def test_help_lists_every_policy_with_parameters_and_an_example(capsys, command):
    import dataclasses

    from aimdmodel.policies import POLICIES

    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = capsys.readouterr().out
    lines = text.splitlines()
    for name, cls in POLICIES.items():
        (line,) = [ln for ln in lines if ln.split()[:1] == [name]]
        for field in dataclasses.fields(cls):
            assert f"{field.name}=" in line
    assert "examples:" in text
    assert f"aimdmodel {command} " in text.split("examples:")[1]


def test_simulate_help_says_what_each_rows_and_format_prints(capsys):
    from aimdmodel.engines import ENGINES

    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "cycles (default): the windows at step 0, at every congestion step" in text
    assert "all: every step" in text
    for name, engine in ENGINES.items():
        assert f"{name}: {engine.summary}" in text


# --- --rows: the cycle boundaries by default, every step on demand -----------------------
def csv_rows(capsys, *argv):
    code, out, err = run(capsys, "simulate", "--format", "csv", *argv)
    assert (code, err) == (0, "")
    return list(csv.reader(io.StringIO(out)))


@pytest.mark.parametrize(
    ("policy", "arithmetic", "engine"),
    [
        ("aimd", "exact", "step"),
        ("aimd", "float", "cycle"),
        ("aimd", "integer", "kernel"),
        ("aimd-fc-plus", "exact", "auto"),
        ("new-aimd", "float", "step"),
        ("mimd", "float", "kernel"),
        ("westwood", "exact", "cycle"),
    ],
)
def test_rows_cycles_are_the_knots_of_rows_all(capsys, policy, arithmetic, engine):
    argv = ["--policy", policy, "--arithmetic", arithmetic, "--engine", engine,
            "--capacity", "100", "--windows", "1,30", "--cycles", "6"]
    knots = csv_rows(capsys, *argv)
    every = csv_rows(capsys, *argv, "--rows", "all")
    assert knots[0] == every[0]
    by_step = {row[0]: row for row in every[1:]}
    steps = [int(row[0]) for row in knots[1:]]
    assert steps[0] == 0
    assert steps[-1] == int(every[-1][0])
    for row in knots[1:]:
        assert row == by_step[row[0]]
    congested = {row[0] for row in every[1:] if row[1] == "0"}
    after = {str(int(s) + 1) for s in congested}
    assert congested | after <= {row[0] for row in knots[1:]}
    assert len(knots) < len(every) or policy in ("mimd", "westwood")


def test_plot_does_not_change_the_rows(tmp_path, capsys):
    argv = ["--policy", "aimd-fc", "--cycles", "5", "--arithmetic", "exact"]
    assert csv_rows(capsys, *argv) == csv_rows(capsys, *argv, "--plot", str(tmp_path / "p.png"))


@pytest.mark.parametrize("arithmetic", ["float", "exact", "integer"])
@pytest.mark.parametrize("rows", ["cycles", "all"])
def test_json_is_valid_and_complete(capsys, arithmetic, rows):
    code, out, _ = run(capsys, "simulate", "--format", "json", "--arithmetic", arithmetic,
                       "--cycles", "4", "--rows", rows)
    data = json.loads(out)
    assert code == 0
    assert data["rows"] == rows
    n = len(data["windows"])
    assert len(data["feedback"]) == n - 1
    if rows == "cycles":
        assert len(data["steps"]) == n
        assert [data["steps"].index(s) for s in data["congestion_steps"]] == [
            i for i, f in enumerate(data["feedback"]) if f == 0
        ]
    else:
        assert "steps" not in data
        assert data["congestion_steps"] == [i for i, f in enumerate(data["feedback"]) if f == 0]


def test_formatter_is_fmt_number():
    from aimdmodel._format import fmt_number
    from aimdmodel.cli import _formatter

    rng = np.random.default_rng(0)
    floats = np.concatenate([rng.normal(size=200) * 10.0 ** rng.integers(-300, 300, 200),
                             [0.0, -0.0, 1.0, 0.1, 1e16, 2.5e-324]])
    ints = rng.integers(-(2**62), 2**62, 200)
    for arr in (floats, ints):
        fmt = _formatter(arr.dtype)
        assert [fmt(v) for v in arr.tolist()] == [fmt_number(v) for v in arr]


def test_exact_values_of_any_size(capsys):
    # Python caps int <-> str at 4300 digits; the command line lifts the cap while it prints
    code, out, _ = run(capsys, "simulate", "--arithmetic", "exact", "--capacity", "1e5000",
                       "--steps", "1", "--format", "json")
    if hasattr(sys, "set_int_max_str_digits"):
        old = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        try:
            data = json.loads(out)
        finally:
            sys.set_int_max_str_digits(old)
    else:  # pragma: no cover
        data = json.loads(out)
    assert code == 0
    assert data["capacity"] == 10**5000
    assert data["windows"] == [[1, 30], [2, 31]]


def test_simulate_kernel_engine_for_a_large_run_streams_the_knots(capsys):
    code, out, _ = run(capsys, "simulate", "--capacity", "1e6", "--cycles", "20", "--engine",
                       "cycle", "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert len(data["windows"]) == 2 * 20 + 1
    assert data["steps"][-1] == data["congestion_steps"][-1] + 1 == 5_250_005


# --- plugins --------------------------------------------------------------------------------
def register_demo(subparsers):
    demo = subparsers.add_parser("demo", help="a plugin command")
    demo.add_argument("--lines", type=int, default=3)
    demo.set_defaults(func=lambda args: (f"line {i}" for i in range(args.lines)))


def register_broken(subparsers):
    raise ImportError("no module named 'missing'")


@pytest.fixture
def plugins(monkeypatch):
    import importlib.metadata

    from aimdmodel.cli import COMMAND_GROUP

    def install(*specs, keep=True):
        real = importlib.metadata.entry_points

        def fake(**kw):
            eps = list(real(**kw)) if keep else []
            return eps + [importlib.metadata.EntryPoint(n, v, COMMAND_GROUP) for n, v in specs]

        monkeypatch.setattr(importlib.metadata, "entry_points", fake)

    return install


def test_a_plugin_command_streams_its_lines(capsys, plugins):
    plugins(("demo", "tests.test_cli:register_demo"))
    assert run(capsys, "demo", "--lines", "2") == (0, "line 0\nline 1\n", "")


def test_a_broken_plugin_is_one_warning_and_the_rest_works(capsys, plugins):
    plugins(("broken", "tests.test_cli:register_broken"))
    code, out, err = run(capsys, "simulate", "--steps", "1", "--format", "csv")
    assert code == 0
    assert out.startswith("step,feedback")
    assert err.count("\n") == 1
    assert "warning: the command plugin broken" in err
    assert "no module named 'missing'" in err


def test_without_a_headline_plugin_aimdmodel_prints_the_usage(capsys, plugins):
    plugins(keep=False)
    code, out, err = run(capsys)
    assert (code, err) == (0, "")
    assert out.startswith("usage: aimdmodel")
    commands = [ln.split()[0] for ln in out.splitlines() if ln.startswith("    ")]
    assert "simulate" in commands
    assert "headline" not in commands


# --- the sweep command ----------------------------------------------------------------------
def test_sweep_command_rows_are_the_library_sweep(capsys):
    from concurrent.futures import ThreadPoolExecutor

    from aimdmodel import policy_grid, sweep

    code, out, err = run(capsys, "sweep", "--policy", "aimd", "--param", "b=1/2,3/4",
                         "--windows", "1,30", "--windows", "5,5", "--capacity", "100,1000",
                         "--cycles", "10", "--arithmetic", "exact", "--format", "json",
                         "--jobs", "1")
    assert (code, err) == (0, "")
    got = json.loads(out)
    with ThreadPoolExecutor(1) as ex:
        want = sweep(policy_grid("aimd", b=[Fraction(1, 2), Fraction(3, 4)]),
                     [[1, 30], [5, 5]], [100, 1000], cycles=10, arithmetic="exact",
                     executor=ex)
    assert len(got) == len(want) == 8
    for g, w in zip(got, want, strict=True):
        assert g["policy"] == w["policy"]
        assert Fraction(str(g["efficiency"])) == w["efficiency"]
        assert g["steps_to_fairness"] == w["steps_to_fairness"]


def test_sweep_command_table_and_csv(capsys):
    argv = ["sweep", "--policy", "aimd", "--policy", "aimd-fc", "--cycles", "1", "--jobs", "1",
            "--metrics", "efficiency,n_steps"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert out.splitlines()[0].split() == ["policy", "x0", "capacity", "engine", "efficiency",
                                           "n_steps", "notes"]
    code, out, _ = run(capsys, *argv, "--format", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0
    assert len(rows) == 3
    assert rows[0][:6] == ["policy", "a", "b", "floor", "x0", "capacity"]  # a column a parameter
    assert rows[1][1:4] == ["1", "1/2", "0"]
    assert rows[2][1:4] == ["1", "1/2", ""]
    assert rows[1][rows[0].index("efficiency")] == ""  # one congestion event: no whole cycle
    assert "no whole cycle" in rows[1][-1]


# ------------------------------------------------------- scenarios on the command line
def _csv_rows(capsys, argv):
    assert main(argv) == 0
    return list(csv.reader(io.StringIO(capsys.readouterr().out)))


def test_per_flow_params_equal_the_api(capsys):
    from aimdmodel import AIMD, simulate

    rows = _csv_rows(capsys, ["simulate", "--param", "a=1,1/5", "--param", "b=1/2,7/8",
                              "--capacity", "100", "--steps", "200", "--rows", "all",
                              "--format", "csv", "--arithmetic", "exact"])
    tr = simulate(AIMD(a=[1, Fraction(1, 5)], b=[Fraction(1, 2), Fraction(7, 8)]), [1, 30], 100,
                  steps=200, arithmetic="exact")
    assert [Fraction(r[3]) for r in rows[1:]] == list(tr.windows[:, 1])


def test_arrivals_departures_and_capacity_trace_file(tmp_path, capsys):
    trace = tmp_path / "w.csv"
    trace.write_text("W\n" + "\n".join(["100"] * 30 + ["50"] * 30) + "\n")
    rows = _csv_rows(capsys, ["simulate", "--windows", "10,70,10", "--arrive", "3:20",
                              "--depart", "1:40", "--capacity-trace", str(trace), "--steps", "60",
                              "--rows", "all", "--format", "csv", "--congestion", ">"])
    assert rows[0] == ["step", "feedback", "w1", "w2", "w3", "sum", "W"]
    assert rows[1 + 19][4] == "-"
    assert rows[1 + 20][4] == "10.0"
    assert rows[1 + 40][2] == "-"  # w1 left at step 40
    assert rows[1 + 29][6] == "100.0"
    assert rows[1 + 30][6] == "50.0"


def test_environment_is_reproducible_from_its_seed(capsys):
    argv = ["simulate", "--environment", "RWL", "--seed", "3", "--steps", "300", "--format",
            "csv", "--rows", "all"]
    first = _csv_rows(capsys, argv)
    assert first == _csv_rows(capsys, argv)
    assert len({r[-1] for r in first[1:]}) > 1  # the capacity moves


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["simulate", "--param", "a=1,2,3"], "a has 3 values"),
        (["simulate", "--arrive", "0:5"], "FLOW >= 1"),
        (["simulate", "--arrive", "x"], "FLOW:STEP"),
        (["simulate", "--environment", "RCL"], "cross traffic"),
        (["simulate", "--environment", "nope"], "got 'nope'"),
        (["simulate", "--capacity", "5", "--environment", "SQL"], "give one of"),
        (["simulate", "--environment", "SQL", "--cycles", "3"], "needs --steps"),
        (["simulate", "--capacity-trace", "/nonexistent/w.csv"], "w.csv"),
    ],
)
def test_scenario_errors_exit_2_with_one_line(capsys, argv, needle):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err
    assert needle in err


def test_derive_symbols_take_their_parameters_domain(capsys):
    from aimdmodel.cli import parameter_symbol
    from aimdmodel.policies import AIMD, LinearControl

    assert parameter_symbol(AIMD, "b", "b").is_positive
    assert parameter_symbol(AIMD, "floor", "f").is_nonnegative
    assert parameter_symbol(LinearControl, "a_d", "d").is_positive is None  # any real, now
    for clash in ("E", "I", "pi", "oo", "S", "N", "W"):
        assert main(["derive", "aimd", "--param", f"b={clash}"]) == 2
        assert "sympy constant" in capsys.readouterr().err


# ------------------------------------------------ --digits: one rule for every table of floats
_TABLE_COMMANDS = {  # the commands that print a table of floats, with a quick run of each
    "simulate": ["simulate", "--policy", "aimd", "--param", "b=0.7", "--cycles", "6"],
    "sweep": ["sweep", "--policy", "aimd", "--param", "b=0.7,0.9", "--cycles", "10", "--jobs",
              "1"],
    "headline": ["headline", "--capacity", "1000", "--cycles", "10"],
    "experiment": ["experiment", "mehta-dahiya", "--no-progress"],
}


def _column(table, name):
    """The cells of one column of an aligned table (cut where the ruler of dashes is)."""
    import re as _re

    lines = table.splitlines()
    ruler = next(i for i, line in enumerate(lines) if line.startswith("---"))
    spans = [m.span() for m in _re.finditer(r"-+", lines[ruler])]
    k = [lines[ruler - 1][a:b].strip() for a, b in spans].index(name)
    a, b = spans[k]
    return [line[a:b].strip() for line in lines[ruler + 1:] if line.strip()]


def _significant(cell):
    """Significant digits a decimal cell shows (None: not a float cell)."""
    import re as _re

    m = _re.fullmatch(r"[+-]?(\d+)\.(\d+)(e[+-]\d+)?%?", cell)
    if not m:
        return None
    return len((m.group(1) + m.group(2)).lstrip("0"))


@pytest.mark.parametrize("command", sorted(_TABLE_COMMANDS))
def test_every_table_command_has_digits_with_one_rule(command):
    from aimdmodel._format import TABLE_DIGITS
    from aimdmodel.cli import build_parser

    parser = build_parser()
    argv = _TABLE_COMMANDS[command]
    assert parser.parse_args([*argv, "--digits", "3"]).digits == 3
    default = parser.parse_args(argv).digits
    assert default in (TABLE_DIGITS, None)  # None: the command's own (simulate's csv, ...)
    assert "--digits N" in parser.commands[command].format_help()


@pytest.mark.parametrize("command", sorted(_TABLE_COMMANDS))
@pytest.mark.parametrize("bad", ["0", "-1", "x", "2.5"])
def test_a_bad_digits_is_one_line_and_exit_2(capsys, command, bad):
    code, out, err = run(capsys, *_TABLE_COMMANDS[command], "--digits", bad)
    assert code == 2
    assert out == ""
    assert err.startswith("aimdmodel: error:")
    assert err.count("\n") == 1
    assert "--digits" in err


@pytest.mark.parametrize("command", ["simulate", "sweep", "headline"])
def test_tables_print_at_most_the_digits_asked_and_the_default_is_readable(capsys, command):
    from aimdmodel._format import TABLE_DIGITS

    for digits, argv in ((TABLE_DIGITS, []), (3, ["--digits", "3"])):
        code, out, _ = run(capsys, *_TABLE_COMMANDS[command], *argv)
        assert code == 0
        counts = [n for line in out.splitlines() for cell in line.split()
                  if (n := _significant(cell)) is not None]
        assert counts, out  # the table has float cells
        assert max(counts) <= digits, out
        assert max(counts) == digits or command == "simulate", out


def test_simulate_digits_rounds_the_float_windows_and_csv_keeps_every_digit(capsys):
    from aimdmodel import AIMD, simulate
    from aimdmodel._format import fmt_significant

    argv = ["simulate", "--param", "b=0.7", "--windows", "1.1,30", "--steps", "20", "--rows",
            "all"]
    tr = simulate(AIMD(b=0.7), [1.1, 30.0], 100, steps=20)
    _, out, _ = run(capsys, *argv, "--digits", "4")
    rows = [line.split() for line in out.splitlines() if line[:1].isdigit()]
    assert [r[-3] for r in rows] == [fmt_significant(float(w), 4) for w in tr.windows[:, 0]]
    _, out, _ = run(capsys, *argv, "--format", "csv")
    cells = [r[2] for r in csv.reader(io.StringIO(out))][1:]
    assert [float(c) for c in cells] == tr.windows[:, 0].tolist()  # every digit


def test_sweep_and_headline_cells_are_the_json_values_to_the_digits(capsys):
    from aimdmodel._format import fmt_significant

    argv = _TABLE_COMMANDS["sweep"]
    _, out, _ = run(capsys, *argv, "--format", "json")
    rows = json.loads(out)
    _, out, _ = run(capsys, *argv, "--digits", "4")
    assert _column(out, "efficiency") == [fmt_significant(r["efficiency"], 4) for r in rows]
    _, out, _ = run(capsys, *_TABLE_COMMANDS["headline"], "--format", "json")
    rows = json.loads(out)
    _, out, _ = run(capsys, *_TABLE_COMMANDS["headline"], "--digits", "4")
    assert f" {fmt_significant(rows[1]['efficiency'], 4)} " in out
    assert f" +{fmt_significant(rows[1]['difference'], 4)} " in out


def test_experiment_digits_sets_every_number_of_its_tables(capsys):
    code, out, _ = run(capsys, *_TABLE_COMMANDS["experiment"], "--digits", "2")
    assert code == 0
    table = [c.strip() for line in out.splitlines() if line.startswith("| both")
             for c in line.strip("|").split("|")]
    assert table == ["both classes", "4.3", "5", "0.93"]
    code, own, _ = run(capsys, *_TABLE_COMMANDS["experiment"])
    assert "| both classes | 4.325 | 4.951 | 0.928 |" in own  # each quantity's own decimals


def test_simulate_capacity_column_follows_digits_and_the_title_reads_as_typed(capsys):
    argv = ["simulate", "--environment", "SQH", "--seed", "3", "--rtt", "0.1", "--steps", "60",
            "--engine", "cycle"]
    _, out, _ = run(capsys, *argv)
    caps = _column(out, "W")
    assert "83.3333" in caps  # 250/3 to 6 digits, not 83.33333333333333
    assert all((_significant(c) or 0) <= 6 for c in caps)
    _, out, _ = run(capsys, *argv, "--digits", "3")
    assert "83.3" in _column(out, "W")
    _, out, _ = run(capsys, "simulate", "--capacity", "1000", "--cycles", "1")
    assert out.startswith("AIMD(a=1, b=1/2, floor=0), W = 1000, float arithmetic, ")
    assert ", 1 congestion event\n" in out
