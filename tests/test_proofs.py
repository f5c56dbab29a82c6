"""Run every proofs/ script: each asserts its derivation with sympy and must finish."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

PROOFS_DIR = Path(__file__).resolve().parent.parent / "proofs"
SCRIPTS = sorted(PROOFS_DIR.glob("*.py"))


def test_every_derivation_of_the_issue_has_a_script():
    names = {p.stem for p in SCRIPTS}
    assert {"efficiency", "response_constants", "contraction", "new_aimd",
            "aimd_fc_plus"} <= names
    readme = (PROOFS_DIR / "README.md").read_text(encoding="utf-8")
    assert all(f"{name}.py" in readme for name in names)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_proof_script_passes(script, capsys):
    # run as __main__ in this interpreter (warnings are errors here too); any failed
    # assertion of the script raises
    runpy.run_path(str(script), run_name="__main__")
    out = capsys.readouterr().out
    assert "(checked)" in out
    assert out.rstrip().endswith("checked.")
