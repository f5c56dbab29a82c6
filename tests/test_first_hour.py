"""A new user's first hour: no command is silent on a terminal for more than 10 s.

Every ``aimdmodel ...`` line of the README and every example of a command's
``--help`` runs in a subprocess on a pseudo-terminal (so that progress
bars show, as they would to a user), from an empty numba cache
(``NUMBA_CACHE_DIR`` points at a new folder for each command: every
compilation happens), and then once more with the cache it filled. The
test fails when a command prints nothing for :data:`SILENCE` seconds, from
its start, between two outputs, or before it exits.

Slow (tens of minutes on 2 cores: every command compiles what it uses), so
it is skipped unless ``AIMDMODEL_COLD_TEST=1``; the timings go to the file
named by ``AIMDMODEL_COLD_TIMES`` (JSON lines) when it is set.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import shlex
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

import pytest

from aimdmodel.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
SILENCE = 10.0
"""Seconds a command may go without printing anything."""

cold_test = pytest.mark.skipif(os.environ.get("AIMDMODEL_COLD_TEST") != "1",
                               reason="slow: set AIMDMODEL_COLD_TEST=1 to run")


def _readme_lines() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = []
    for lang, body in re.findall(r"```(\w*)\n(.*?)```", text, flags=re.S):
        if lang:
            continue
        for line in body.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("aimdmodel ") or line.endswith("&& aimdmodel"):
                lines.append(line.split("&& ")[-1])
    return lines


def _help_lines() -> list[str]:
    parser = build_parser()
    lines = []
    for cmd in parser.commands.values():  # type: ignore[attr-defined]
        for line in (cmd.epilog or "").splitlines():
            if line.startswith("  aimdmodel "):
                lines.append(line.strip())
    return lines


def _needs_ns3(line: str) -> bool:
    if "--against ns3" not in line:
        return False
    import importlib.util

    return importlib.util.find_spec("ns") is None


COMMANDS = list(dict.fromkeys(_readme_lines() + _help_lines()))


def run_on_terminal(line: str, cache: str, cwd: str, timeout: float = 1800.0) -> dict:
    """Run one command line on a pseudo-terminal; return its timing and longest silence."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
    env = {**os.environ, "NUMBA_CACHE_DIR": cache, "COLUMNS": "100", "LINES": "40"}
    env.pop("AIMDMODEL_PROGRESS", None)
    argv = [sys.executable, "-m", "aimdmodel", *shlex.split(line)[1:]]
    t0 = last = time.monotonic()
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env,
                            close_fds=True)
    os.close(slave)
    longest, out = 0.0, bytearray()
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 0.5)
            now = time.monotonic()
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the terminal closed: the command ended
                    break
                if not chunk:
                    break
                out += chunk
                longest, last = max(longest, now - last), now
            if now - t0 > timeout:
                proc.kill()
                break
    finally:
        code = proc.wait()
        os.close(master)
    end = time.monotonic()
    longest = max(longest, end - last)
    return {"line": line, "code": code, "seconds": round(end - t0, 1),
            "silent": round(longest, 1), "tail": out[-300:].decode("utf-8", "replace")}


@cold_test
@pytest.mark.slow
@pytest.mark.parametrize("line", [c for c in COMMANDS if not _needs_ns3(c)
                                  and re.search(os.environ.get("AIMDMODEL_COLD_ONLY", ""), c)])
def test_no_command_is_silent_on_a_terminal(line, tmp_path):
    cache = tempfile.mkdtemp(prefix="numba-cold-", dir=tmp_path)
    cold = run_on_terminal(line, cache, str(tmp_path))
    warm = run_on_terminal(line, cache, str(tmp_path))
    if path := os.environ.get("AIMDMODEL_COLD_TIMES"):
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps({"line": line, "cold": cold["seconds"], "cold_silent":
                                cold["silent"], "warm": warm["seconds"],
                                "warm_silent": warm["silent"]}) + "\n")
    assert cold["code"] == 0, cold["tail"]
    assert warm["code"] == 0, warm["tail"]
    assert cold["silent"] <= SILENCE, cold
    assert warm["silent"] <= SILENCE, warm


def test_the_commands_come_from_the_readme_and_the_help():
    assert len(_readme_lines()) >= 10
    assert any(line.startswith("aimdmodel sweep") for line in _help_lines())
