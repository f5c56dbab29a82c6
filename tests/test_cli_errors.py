"""Every error of the command line: one line on stderr, the documented exit code.

In-process where possible (a table: arguments, exit code, a word the line
must contain); in a subprocess for pipes, signals, full disks, file-size
limits and a read-only numba cache.
"""

from __future__ import annotations

import errno
import importlib.metadata
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
import zlib
from pathlib import Path

import pytest

from aimdmodel._io import Terminated
from aimdmodel.cli import COMMAND_GROUP, main

# {tmp} is replaced by a fresh folder holding a file "old.txt"
TABLE = [
    # float range: the value is named, exact arithmetic has no limit
    (["simulate", "--capacity", "1e400"], 2, "capacity = 1e+400 is too large"),
    (["simulate", "--capacity", "1e-400"], 2, "capacity = 1e-400 is too small"),
    (["simulate", "--windows", "1,1e400"], 2, "--windows item 2 (flow 2)"),
    (["simulate", "--windows", "-1,5"], 2, "--windows item 1 is -1"),
    (["simulate", "--windows", "1,5", "--arrive", "3:200"], 2, "numbered 1 .. 2"),
    (["simulate", "--windows", "1,5,5", "--arrive", "3:200", "--depart", "3:100"], 2,
     "after flow 3's arrival (--arrive 3:200)"),
    (["simulate", "--param", "a=1e400"], 2, "a = 1e+400"),
    (["simulate", "--param", "b=1e-400"], 2, "b = 1e-400"),
    (["simulate", "--capacity", "1e99999999"], 2, "exponent"),
    (["headline", "--capacity", "1e400"], 2, "--capacity: 1e+400 is too large"),
    (["headline", "--capacity", "0"], 2, "must be > 0"),
    (["headline", "--windows", "1,1e400"], 2, "--windows: item 2"),
    (["headline", "--cycles", "x"], 2, "int >= 0"),
    # options in the wrong place are refused, not ignored
    (["--capacity", "5", "simulate"], 2, "--capacity is not an option of aimdmodel itself"),
    (["--format", "json"], 2, "options go after the command"),
    (["--cycles=5"], 2, "--cycles is not an option"),
    (["simulate", "--rows", "some"], 2, "invalid choice"),
    (["simulate", "--engine", "gpu"], 2, "invalid choice"),
    (["nonsense"], 2, "invalid choice"),
    (["simulate", "--steps", "3", "--capacity"], 2, "expected one argument"),
    # output paths: checked before any work
    (["simulate", "--plot", "{tmp}/"], 2, "ends in '/'"),
    (["simulate", "--plot", "{tmp}"], 2, "is a folder"),
    (["simulate", "--plot", "{tmp}/no/such/x.png"], 2, "folder does not exist"),
    (["simulate", "--plot", "{tmp}/x.xyz"], 2, "plot file must end in one of"),
    (["simulate", "--plot", "-"], 2, "standard output"),
    (["simulate", "--plot", "{tmp}/old.txt/x.png"], 2, "Not a directory"),
    (["check", "--out", "{tmp}/newdir/"], 2, "ends in '/'"),
    (["check", "--out", "{tmp}"], 2, "is a folder"),
    (["check", "--paper", "nope"], 2, "paper must be one of"),
    (["handout", "--out", "{tmp}/h.txt"], 2, "must end in one of .pdf, .png, .svg"),
    (["handout", "--out", "{tmp}/h.pdf", "--format", "png"], 2, "--format png"),
    (["handout", "--out", "{tmp}/h.pdf", "--topics", "intro"], 2, "late-joiner"),
    (["handout", "--out", "{tmp}/h.pdf/"], 2, "ends in '/'"),
    (["handout"], 2, "required"),
    # sweep
    (["sweep", "--metrics", "speed"], 2, "unknown metric"),
    (["sweep", "--windows", "1,2", "--windows", "1,2,3"], 2, "same number of flows"),
    (["sweep", "--jobs", "0"], 2, "int >= 1"),
    (["sweep", "--param", "b"], 2, "NAME=VALUE"),
    (["sweep", "--capacity", "1e400", "--jobs", "1"], 2, "capacity = 1e+400"),
    # errors raised by a command (plugins too)
    (["boom", "value"], 2, "bad value"),
    (["boom", "type"], 2, "bad type"),
    (["boom", "os"], 2, "/some/file: No such file or directory"),
    (["boom", "overflow"], 2, "numeric overflow"),
    (["boom", "zlib"], 2, "Error -3"),
    (["boom", "memory"], 2, "out of memory"),
    (["boom", "runtime"], 2, "did not converge"),
    (["boom", "bug"], 1, "internal error: AttributeError"),
    (["boom", "late"], 2, "failed after two lines"),
    (["boom", "interrupt"], 130, "interrupted"),
    (["boom", "term"], 143, "terminated by SIGTERM"),
]

ERRORS = {
    "value": ValueError("bad value"),
    "type": TypeError("bad type"),
    "os": FileNotFoundError(errno.ENOENT, "No such file or directory", "/some/file"),
    "overflow": OverflowError("int too large to convert to float"),
    "zlib": zlib.error("Error -3 while decompressing data"),
    "memory": MemoryError(),
    "runtime": RuntimeError("did not converge\nin 10 steps"),
    "bug": AttributeError("'NoneType' object has no attribute 'x'"),
    "interrupt": KeyboardInterrupt(),
    "term": Terminated(signal.SIGTERM),
}


def boom(args):
    if args.kind == "late":
        return late()
    raise ERRORS[args.kind]


def late():
    yield "line 1"
    yield "line 2"
    raise ValueError("failed after two lines")


def register_boom(subparsers):
    cmd = subparsers.add_parser("boom")
    cmd.add_argument("kind")
    cmd.set_defaults(func=boom)


@pytest.fixture
def with_boom(monkeypatch):
    real = importlib.metadata.entry_points

    def fake(**kw):
        ep = importlib.metadata.EntryPoint("boom", "tests.test_cli_errors:register_boom",
                                           COMMAND_GROUP)
        return [*real(**kw), ep]

    monkeypatch.setattr(importlib.metadata, "entry_points", fake)


@pytest.mark.parametrize(("argv", "code", "word"), TABLE, ids=lambda v: str(v)[:40])
def test_one_line_and_the_exit_code(tmp_path, capsys, with_boom, monkeypatch, argv, code, word):
    monkeypatch.delenv("AIMDMODEL_DEBUG", raising=False)
    (tmp_path / "old.txt").write_text("old")
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(argv) == code
    out, err = capsys.readouterr()
    assert err.count("\n") == 1, err
    assert err.startswith("aimdmodel: ")
    assert word in err
    assert out == ("line 1\nline 2\n" if argv[-1] == "late" else "")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.txt"]  # nothing written


def test_debug_shows_the_traceback(with_boom, monkeypatch):
    monkeypatch.setenv("AIMDMODEL_DEBUG", "1")
    with pytest.raises(AttributeError):
        main(["boom", "bug"])


# --- in a subprocess: pipes, full disks, limits, signals ------------------------------------
def aimdmodel(*argv, stdout=subprocess.PIPE, **kw):
    return subprocess.run([sys.executable, "-m", "aimdmodel", *argv], stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=120, check=False, **kw)


def one_line(stderr: str) -> str:
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    return lines[0]


def test_closed_pipe_is_quiet():
    with subprocess.Popen(
        [sys.executable, "-m", "aimdmodel", "simulate", "--steps", "100000", "--rows", "all"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    ) as proc:
        first = proc.stdout.readline()
        proc.stdout.close()  # what `| head -1` does
        err = proc.stderr.read()
        code = proc.wait(timeout=60)
    assert first.startswith("AIMD(")
    assert (code, err) == (141, "")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_full_disk_on_stdout_and_out():
    with open("/dev/full", "w") as full:
        proc = aimdmodel("simulate", "--steps", "20000", "--rows", "all", stdout=full)
    assert proc.returncode == 2
    assert one_line(proc.stderr) == (
        "aimdmodel: error: cannot write to standard output: No space left on device"
    )
    proc = aimdmodel("check", "--paper", "bazi2019", "--out", "/dev/full")
    assert proc.returncode == 2
    assert "No space left on device" in one_line(proc.stderr)


def _limit(size: int):
    def preexec() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return preexec


@pytest.mark.parametrize("name", ["plot.pdf", "plot.png"])
def test_file_size_limit_is_one_line_and_leaves_nothing(tmp_path, name):
    target = tmp_path / name
    target.write_bytes(b"old")
    proc = aimdmodel("simulate", "--steps", "3000", "--plot", str(target),
                     preexec_fn=_limit(20_000))
    assert proc.returncode == 2
    line = one_line(proc.stderr)
    assert f"{target}: file too large (the file-size limit" in line
    assert [p.name for p in tmp_path.iterdir()] == [name]
    assert target.read_bytes() == b"old"


def test_file_size_limit_on_stdout(tmp_path):
    with open(tmp_path / "out.txt", "w") as out:
        proc = aimdmodel("simulate", "--steps", "20000", "--rows", "all", stdout=out,
                         preexec_fn=_limit(20_000))
    assert proc.returncode == 2
    assert one_line(proc.stderr) == "aimdmodel: error: cannot write to standard output: " \
        "File too large"


def _started(script: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", textwrap.dedent(script)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    return proc


def test_ctrl_c_is_exit_130_and_one_line():
    proc = _started(
        """
        import sys
        import aimdmodel.cli

        real = aimdmodel.cli.simulate

        def simulate(*args, **kw):  # the run has started, inside main's error path
            print("ready", flush=True)
            return real(*args, **kw)

        aimdmodel.cli.simulate = simulate
        sys.exit(aimdmodel.cli.main(["simulate", "--steps", "2000000", "--capacity",
                                     "1000000000", "--arithmetic", "exact"]))
        """
    )
    with proc:
        proc.send_signal(signal.SIGINT)
        code = proc.wait(timeout=60)
        err = proc.stderr.read()
    assert code == 130
    assert one_line(err) == "aimdmodel: interrupted"


def test_sigterm_while_writing_a_plot_removes_the_temp_file(tmp_path):
    target = tmp_path / "saw.png"
    target.write_bytes(b"old")
    proc = _started(
        f"""
        import sys, time
        import matplotlib.figure
        from aimdmodel.cli import main

        def slow_savefig(self, fname, **kw):
            open(fname, "wb").write(b"half a png")
            print("ready", flush=True)
            time.sleep(60)

        matplotlib.figure.Figure.savefig = slow_savefig
        sys.exit(main(["simulate", "--steps", "50", "--plot", {str(target)!r}]))
        """
    )
    with proc:  # "ready" was printed inside savefig: the temporary file exists
        assert len(list(tmp_path.iterdir())) == 2
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=60)
        err = proc.stderr.read()
    assert code == 143
    assert one_line(err) == "aimdmodel: terminated by SIGTERM"
    assert [p.name for p in tmp_path.iterdir()] == ["saw.png"]
    assert target.read_bytes() == b"old"


# --- numba without a writable cache ---------------------------------------------------------
def _read_only_copy(tmp_path: Path) -> tuple[Path, list[str]]:
    """A copy of the package with no writable __pycache__, and how to run in it.

    Root ignores file modes, so as root the child runs without the
    capabilities that bypass them (util-linux ``setpriv``).
    """
    import aimdmodel

    base = tmp_path / "ro"
    shutil.copytree(Path(aimdmodel.__file__).parent, base / "aimdmodel",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (base / "home").mkdir()
    prefix: list[str] = []
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("root without setpriv cannot make a folder read-only")
        prefix = [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner"]
    for p in [base, *base.rglob("*")]:
        p.chmod(p.stat().st_mode & ~0o222)
    return base, prefix


def test_kernels_run_without_a_writable_cache(tmp_path):
    """Without a writable cache the compiled kernels still run, with one warning line.

    Both children run the step kernel (~2 s to compile from nothing). The
    cache's fallback is one mechanism for every compiled module; the sweep's
    batched loop would add ~30 s of compiling to every run of this test.
    """
    base, prefix = _read_only_copy(tmp_path)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "XDG_"))}
    env.update(HOME=str(base / "home"), PYTHONPATH=str(base), PYTHONDONTWRITEBYTECODE="1",
               TMPDIR=str(scratch))
    try:
        cli = subprocess.run(
            [*prefix, sys.executable, "-m", "aimdmodel", "simulate", "--engine", "kernel",
             "--steps", "40", "--format", "csv"],
            capture_output=True, text=True, env=env, cwd=base, timeout=300, check=False,
        )
        library = subprocess.run(
            [*prefix, sys.executable, "-c",
             "import aimdmodel, warnings\n"
             "print(aimdmodel.__file__)\n"
             "with warnings.catch_warnings(record=True) as w:\n"
             "    warnings.simplefilter('always')\n"
             "    rows = aimdmodel.sweep(aimdmodel.AIMD(), [1, 30], [100, 200], steps=40,\n"
             "                           engine='kernel')\n"
             "print([r['engine'] for r in rows], len(w), w[0].message)"],
            capture_output=True, text=True, env=env, cwd=base, timeout=300, check=False,
        )
    finally:
        for p in [base, *base.rglob("*")]:
            p.chmod(p.stat().st_mode | 0o200)
    assert cli.returncode == 0, cli.stderr
    line = one_line(cli.stderr)
    assert line.startswith("aimdmodel: warning: numba cannot write its cache")
    assert str(scratch) in line
    assert cli.stdout.splitlines()[2].startswith("35,0,36.0,65.0")
    assert library.returncode == 0, library.stderr
    first, result = library.stdout.splitlines()
    assert first.startswith(str(base))  # the read-only copy ran
    engines, _, warned = result.partition("] ")
    assert engines + "]" == "['kernel', 'kernel']"  # the compiled kernel ran, twice
    assert warned.startswith("1 numba cannot write its cache")


def test_a_run_too_long_to_print_or_step_is_refused_before_it_starts():
    """1e9 steps would print ~8e7 rows; 5e6 Python steps take minutes: both exit 2 at once."""
    start = time.monotonic()
    rows = aimdmodel("simulate", "--steps", "1000000000")
    step = aimdmodel("simulate", "--steps", "5000000", "--capacity", "1e7", "--max-rows", "10000")
    assert time.monotonic() - start < 30
    assert rows.returncode == 2
    assert "--max-rows 1,000,000" in one_line(rows.stderr)
    assert step.returncode == 2
    assert "--engine auto" in one_line(step.stderr)
    fast = aimdmodel("simulate", "--steps", "5000000", "--capacity", "1e7", "--engine", "auto")
    assert fast.returncode == 0, fast.stderr
