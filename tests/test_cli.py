"""The command line: outputs, formats, and errors (exit 2, one line, no traceback)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from fractions import Fraction

import pytest

from aimdmodel.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_headline_lists_every_seed_policy_with_its_claim(capsys):
    code, out, err = run(capsys, "--capacity", "2000", "--cycles", "20")
    assert code == 0
    assert err == ""
    for name in ("AIMD(", "AIMDFC(", "AIMDFCPlus(", "reading='printed'", "reading='charitable'"):
        assert name in out
    assert "3/4" in out
    assert "8/9" in out
    assert "> 99%" in out


def test_headline_json_differences_are_simulated_minus_claimed(capsys):
    code, out, _ = run(capsys, "--capacity", "2000", "--cycles", "20", "--format", "json")
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
        "--format", "json",
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
        (["simulate", "--windows", "1,-2"], "x0 must hold windows >= 0"),
        (["simulate", "--windows", "1,x"], "windows must be a number"),
        (["simulate", "--capacity", "0"], "capacity must be finite and > 0"),
        (["simulate", "--steps", "-3"], "must be an int >= 0"),
        (["simulate", "--steps", "3", "--cycles", "2"], "not allowed with"),
        (["simulate", "--arithmetic", "decimal"], "invalid choice"),
        (["simulate", "--windows", "1.5,2", "--arithmetic", "integer"], "whole numbers"),
        (["--capacity", "-1"], "must be > 0"),
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
