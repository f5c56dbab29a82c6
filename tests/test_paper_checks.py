"""The claims ledger (paper_checks): structure, rules, README currency, CLI.

The whole ledger runs once (module-scoped fixture); Markdown, JSON and the
README text are all rendered from that one run.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from aimdmodel.cli import main
from paper_checks import _build, runner
from paper_checks.ledger import (
    MODEL_QUANTITIES,
    VERDICTS,
    Claim,
    verdict_from_checks,
    verdict_from_counterexample,
    verdict_from_readings,
    verdict_from_tolerance,
    verdict_outside_model,
    verdict_with_caveat,
)

FIELDS = ["paper", "id", "where", "claim", "claimed", "computed", "verdict", "evidence"]

# The claims the issue lists, by paper (ids as the ledger names them).
REQUIRED = {
    "lahanas2003": [
        "efficiency-AIMD",
        "efficiency-AIMD-FC",
        "efficiency-AIMD-FC+",
        "eq1",
        "response-constant-AIMD",
        "response-constant-AIMD-FC",
        "fc-8-percent",
        "improved-14-percent",
        "smoothness-33",
        "cycles-1-lg-x2",
        "steps-W-log-W",
        "theorem1",
        "theorem2",
        "lemma3",
        "corollary4",
        "responsiveness-W6",
        "eq13",
        "fig3-caption",
        "fig4-caption",
        "fcplus-shared-variables",
        "gaimd-order",
        "simd-order",
        "sqrt-iiad-order",
    ],
    "jasem2010": [
        "pseudocode-printed",
        "pseudocode-charitable",
        "recurrences-printed",
        "recurrences-charitable",
        "cycle-rtts-printed",
        "cycle-rtts-charitable",
        "efficiency-99-printed",
        "efficiency-99-charitable",
        "gain-11-percent",
        "utilization-94",
        "delay-12-percent",
        "eqs5-6",
        "eqs1-4-printed",
        "eqs1-4-charitable",
    ],
    "reddy-aiad": [
        "aimd-only-fair-stable",
        "aiad-unfair-synchronous",
        "aiad-fair-non-droptail",
        "Da-mean-table1",
        "Da-sum-text",
        "Ca-definition",
        "fairness-metric-scoring",
        "appendix-ns2",
    ],
    "bazi2019": [
        "throughput-formula",
        "latency-formula",
        "delivery-ratio-formula",
        "scenario-count",
        "loss-vs-delay-based",
    ],
    "mehta-dahiya": [
        *(f"table{n}-arithmetic" for n in range(1, 7)),
        "throughput-vs-time",
        "westwood-units",
        "westwood-intro",
    ],
}


@pytest.fixture(scope="module")
def claims() -> list[Claim]:
    return runner.run()


@pytest.fixture(scope="module")
def markdown(claims) -> str:
    return runner.to_markdown(claims)


@pytest.fixture(scope="module")
def as_json(claims) -> list[dict]:
    return json.loads(runner.to_json(claims))


# --- the ledger as a whole -----------------------------------------------------
def test_every_paper_and_required_claim_present(claims):
    by_paper: dict[str, set[str]] = {}
    for c in claims:
        by_paper.setdefault(c.paper, set()).add(c.id)
    assert list(by_paper) == list(runner.PAPERS)
    for paper, ids in REQUIRED.items():
        missing = [i for i in ids if i not in by_paper[paper]]
        assert not missing, f"{paper}: {missing}"


def test_ids_unique_and_fields_filled(claims):
    seen = set()
    for c in claims:
        assert (c.paper, c.id) not in seen
        seen.add((c.paper, c.id))
        assert c.verdict in VERDICTS
        for name in FIELDS:
            assert getattr(c, name).strip()


def test_json_is_a_list_of_claims_with_exact_fields(as_json, claims):
    assert isinstance(as_json, list)
    assert len(as_json) == len(claims)
    for obj in as_json:
        assert list(obj) == FIELDS
    assert [o["id"] for o in as_json] == [c.id for c in claims]


def test_markdown_has_a_table_and_summary_per_paper(markdown, claims):
    counts = runner.summary(claims)
    for key, cnt in counts.items():
        assert f"## {key}:" in markdown
        line = runner._summary_line(key, cnt)
        assert markdown.count(line) == 2  # under the heading and in the final summary
        assert sum(cnt.values()) == sum(c.paper == key for c in claims)
    rows = [ln for ln in markdown.splitlines() if ln.startswith("| ") and "**" in ln]
    assert len(rows) == len(claims)


def test_readme_is_current(claims):
    text = runner.readme_text(claims)
    assert runner.README.read_text(encoding="utf-8") == text, (
        "paper_checks/README.md is stale: run `python -m paper_checks --write-readme`"
    )


def test_outside_model_rows_say_what_would_decide(claims):
    for c in claims:
        if c.verdict == "outside-model":
            assert "has no variable for" in c.evidence
            assert "would decide" in c.evidence


def test_no_verdict_typed_by_hand():
    pattern = re.compile(r"verdict\s*[=:]\s*[\"'](reproduced|refuted|partly|outside-model)[\"']")
    folder = Path(runner.__file__).parent
    for path in folder.glob("*.py"):
        assert not pattern.search(path.read_text(encoding="utf-8")), path


# --- findings the ledger must keep reporting (computed, not typed) ----------------
def _get(claims, paper, cid):
    return next(c for c in claims if c.paper == paper and c.id == cid)


def test_key_findings(claims):
    assert _get(claims, "bazi2019", "scenario-count").computed == "23"
    t1 = _get(claims, "lahanas2003", "theorem1")
    assert t1.verdict == "partly"
    assert "x = (1, 2), W = 4" in t1.computed
    t2 = _get(claims, "lahanas2003", "theorem2")
    assert t2.verdict == "partly"
    assert "x = (1, 3), W = 5" in t2.computed
    assert _get(claims, "jasem2010", "recurrences-printed").verdict == "partly"
    assert _get(claims, "jasem2010", "recurrences-charitable").verdict == "partly"
    assert _get(claims, "jasem2010", "cycle-rtts-printed").verdict == "partly"
    assert _get(claims, "jasem2010", "cycle-rtts-charitable").verdict == "reproduced"
    assert _get(claims, "jasem2010", "avoids-congestion").verdict == "refuted"
    assert _get(claims, "reddy-aiad", "Da-sum-text").verdict == "reproduced"
    assert _get(claims, "mehta-dahiya", "table6-arithmetic").verdict == "partly"
    assert "negative window" in _get(claims, "lahanas2003", "fcplus-shared-variables").computed


# --- the rules -------------------------------------------------------------------
def test_verdict_rules():
    assert verdict_from_tolerance(0.75, 0.75, 0) == "reproduced"
    assert verdict_from_tolerance(0.76, 0.75, 0.005) == "refuted"
    with pytest.raises(ValueError, match="tol"):
        verdict_from_tolerance(1, 1, -1)
    assert verdict_from_counterexample(False) == "reproduced"
    assert verdict_from_counterexample(True) == "refuted"
    assert verdict_from_counterexample(True, holds_under=True) == "partly"
    assert verdict_from_checks([True, True]) == "reproduced"
    assert verdict_from_checks([True, False]) == "partly"
    assert verdict_from_checks([False]) == "refuted"
    with pytest.raises(ValueError, match="empty"):
        verdict_from_checks([])
    assert verdict_from_readings(True, False) == "reproduced"
    assert verdict_from_readings(False, True) == "partly"
    assert verdict_from_readings(False, False) == "refuted"
    assert verdict_with_caveat(True, False) == "reproduced"
    assert verdict_with_caveat(True, True) == "partly"
    assert verdict_with_caveat(False, True) == "refuted"


def test_outside_model_rule_refuses_decidable_claims():
    verdict, missing = verdict_outside_model(["efficiency", "queueing delay"])
    assert verdict == "outside-model"
    assert missing == ["queueing delay"]
    with pytest.raises(ValueError, match="check the claim"):
        verdict_outside_model(sorted(MODEL_QUANTITIES)[:2])


def test_claim_validates_its_fields():
    args = ["p", "i", "w", "c", "1", "2"]
    with pytest.raises(ValueError, match="verdict"):
        Claim(*args, "maybe", "e")
    with pytest.raises(TypeError, match="evidence"):
        Claim(*args, "refuted", "")


# --- the registry -------------------------------------------------------------------
@pytest.fixture
def scratch_paper(monkeypatch):
    """A paper key of its own in the registry, removed afterwards."""
    monkeypatch.setattr(_build, "REGISTRY", {})
    return "scratch"


def test_registry_rows_in_order_with_cases(scratch_paper):
    @_build.claim(scratch_paper, "one", "Sec. 1", "One is {not} a template here.")
    def one():
        return "1", "1", verdict_from_tolerance(1, 1, 0), "counted"

    @_build.claim(scratch_paper, "two-{k}", "Eq. {k}", "Case {k}.", cases=[{"k": 2}, {"k": 3}])
    def two(k):
        return str(k), str(k + 1), verdict_from_tolerance(k + 1, k, 0), f"k = {k}"

    rows = _build.build(scratch_paper)
    assert [(c.id, c.where, c.claim, c.verdict) for c in rows] == [
        ("one", "Sec. 1", "One is {not} a template here.", "reproduced"),
        ("two-2", "Eq. 2", "Case 2.", "refuted"),
        ("two-3", "Eq. 3", "Case 3.", "refuted"),
    ]
    assert rows[2].evidence == "k = 3"


def test_registry_refuses_duplicates_and_bad_returns(scratch_paper):
    @_build.claim(scratch_paper, "a", "w", "t")
    def a():
        return "claimed", "computed", "partly"  # evidence missing

    with pytest.raises(ValueError, match="duplicate claim id 'a'"):
        _build.claim(scratch_paper, "a", "w", "t")(a)
    with pytest.raises(TypeError, match="must return \\(claimed, computed, verdict, evidence\\)"):
        _build.build(scratch_paper)
    with pytest.raises(ValueError, match="no claims registered for paper 'nope'"):
        _build.build("nope")


def test_every_claim_function_is_short():
    """One small function per claim: no function of paper_checks/, papers/ or
    aimdmodel/statements.py over 80 lines (docstring included)."""
    import ast

    root = Path(runner.__file__).parent.parent
    paths = [*(root / "paper_checks").glob("*.py"), *(root / "papers").glob("*.py"),
             root / "aimdmodel" / "statements.py"]
    long = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > 80:
                    long.append(f"{path.name}:{node.name} ({n} lines)")
    assert long == []


# --- the command line -------------------------------------------------------------
def test_cli_check_json_out(tmp_path, capsys):
    out = tmp_path / "ledger.json"
    assert main(["check", "--paper", "bazi2019", "--format", "json", "--out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert {d["paper"] for d in data} == {"bazi2019"}
    assert all(list(d) == FIELDS for d in data)
    assert "wrote" in capsys.readouterr().out


def test_cli_check_markdown_stdout(capsys):
    assert main(["check", "--paper", "mehta-dahiya"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("## mehta-dahiya:")
    assert "**Summary mehta-dahiya:**" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["check", "--paper", "nope"], "paper must be one of"),
        (["check", "--format", "xml"], "invalid choice"),
        (["check", "--paper", "bazi2019", "--out", "/nonexistent-dir/x.md"], "does not exist"),
    ],
)
def test_cli_check_errors_are_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert message in err


def test_cli_check_out_is_atomic(tmp_path, monkeypatch, capsys):
    out = tmp_path / "ledger.md"
    out.write_text("previous", encoding="utf-8")

    def boom(papers=None):
        raise RuntimeError("ledger failed half-way")

    monkeypatch.setattr(runner, "run", boom)
    assert main(["check", "--out", str(out)]) == 2
    assert out.read_text(encoding="utf-8") == "previous"
    assert [p.name for p in tmp_path.iterdir()] == ["ledger.md"]
    assert "half-way" in capsys.readouterr().err


def test_cli_check_help_names_every_paper(capsys):
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for key in runner.PAPERS:
        assert key in text
