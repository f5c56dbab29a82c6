"""Run every proofs/ script: each checks its derivation with sympy and must finish.

The scripts check through proofs/_check.py (``check``, ``require``), which
raise :class:`ProofError` explicitly, so a proof fails under ``python -O``
as well; no script may use a bare ``assert``.
"""

from __future__ import annotations

import ast
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

PROOFS_DIR = Path(__file__).resolve().parent.parent / "proofs"
SCRIPTS = sorted(p for p in PROOFS_DIR.glob("*.py") if not p.name.startswith("_"))


@pytest.fixture
def proofs_on_path(monkeypatch):
    """As ``python proofs/x.py`` has it: proofs/ on the path (for ``from _check import``)."""
    monkeypatch.syspath_prepend(str(PROOFS_DIR))


def test_every_derivation_of_the_issue_has_a_script():
    names = {p.stem for p in SCRIPTS}
    assert {"efficiency", "response_constants", "contraction", "new_aimd",
            "aimd_fc_plus"} <= names
    readme = (PROOFS_DIR / "README.md").read_text(encoding="utf-8")
    assert all(f"{name}.py" in readme for name in names)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_proof_script_passes(script, capsys, proofs_on_path):
    # run as __main__ in this interpreter (warnings are errors here too); any failed
    # check of the script raises
    runpy.run_path(str(script), run_name="__main__")
    out = capsys.readouterr().out
    assert "(checked)" in out
    assert out.rstrip().endswith("checked.")


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_proof_script_has_no_bare_assert(script):
    tree = ast.parse(script.read_text(encoding="utf-8"))
    lines = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assert)]
    assert lines == [], f"{script.name}: assert on lines {lines} (gone under python -O)"
    text = script.read_text(encoding="utf-8")
    assert "from _check import" in text


def test_check_and_require_raise(proofs_on_path):
    from _check import ProofError, check, require

    with pytest.raises(ProofError, match="one half"):
        check("one half", 1, 2)
    with pytest.raises(ProofError, match="not true: it rains"):
        require(False, "it rains")
    require(True, "fine")


def test_a_failing_proof_fails_under_python_O(tmp_path):
    script = tmp_path / "wrong.py"
    script.write_text(
        f"import sys\nsys.path.insert(0, {str(PROOFS_DIR)!r})\n"
        "from _check import check\ncheck('2 = 3', 2, 3)\nprint('reached the end')\n",
        encoding="utf-8",
    )
    run = subprocess.run([sys.executable, "-O", str(script)], capture_output=True, text=True,
                         timeout=120, check=False)
    assert run.returncode != 0
    assert "ProofError: 2 = 3" in run.stderr
    assert "reached the end" not in run.stdout
