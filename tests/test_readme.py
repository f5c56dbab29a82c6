"""README.md stays true: its Python examples run, its command lines parse, its two commands lead.

The Python blocks are doctests; every ``aimdmodel ...`` line of a plain code
block is parsed by the real parser (no command is run: they can take minutes
or need ns-3), and ``.ci/run`` calls the README's test command.
"""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import pytest

from aimdmodel.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def _blocks(text: str) -> list[tuple[str, str]]:
    return re.findall(r"```(\w*)\n(.*?)```", text, flags=re.S)


def test_the_readme_examples_run():
    failures, tried = doctest.testfile(str(README), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert tried >= 10
    assert failures == 0


def _command_lines() -> list[str]:
    lines = []
    for lang, body in _blocks(README.read_text(encoding="utf-8"))[1:]:
        if lang:
            continue
        for line in body.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("aimdmodel "):
                lines.append(line)
    return lines


def test_the_readme_names_command_lines():
    assert len(_command_lines()) >= 10


@pytest.mark.parametrize("line", _command_lines())
def test_a_readme_command_line_parses(line):
    args = build_parser().parse_args(shlex.split(line)[1:])
    assert args.command == shlex.split(line)[1]


def test_the_first_block_holds_the_two_commands_and_ci_runs_the_second():
    first = _blocks(README.read_text(encoding="utf-8"))[0][1].strip().splitlines()
    assert len(first) == 2
    assert first[0].endswith("aimdmodel")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert first[1] in ci
