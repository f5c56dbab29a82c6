"""The claims ledger (paper_checks): structure, rules, provenance, README currency, CLI.

The whole ledger runs once (module-scoped fixture), instrumented by
tests/provenance.py so that the values each claim received from the library,
the papers' helpers and sympy are recorded; Markdown, JSON and the README text
are all rendered from that one run, and the provenance test reads its records.
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from aimdmodel.cli import main
from paper_checks import _build, modes, runner
from paper_checks.ledger import (
    CAUSES,
    MODEL_QUANTITIES,
    QUEUE_MODEL_QUANTITIES,
    VERDICTS,
    Claim,
    cause_of,
    verdict_from_checks,
    verdict_from_counterexample,
    verdict_from_packet_level,
    verdict_from_readings,
    verdict_from_tolerance,
    verdict_outside_model,
    verdict_over_readings,
    verdict_under_conventions,
    verdict_with_caveat,
    verdict_with_outside_parts,
)
from papers import texts
from tests import provenance

FIELDS = ["paper", "id", "where", "claim", "claimed", "computed", "verdict", "evidence", "cause",
          "basis", "quotes"]

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
        "q-bound-necessary",
        "q-from-previous-cycle",
        "fq-responsiveness",
        "smoothness-responsiveness",
        "tcp-friendly-later",
        "one-cycle-scheme",
        "tcp-friendly-fc",
        "stationary-goodput",
    ],
    "jasem2010": [
        "pseudocode",
        "recurrences",
        "cycle-rtts",
        "efficiency-99",
        "gain-11-percent",
        "utilization-94",
        "delay-12-percent",
        "delay-vs-aimd",
        "experiment-100s",
        "chiu-jain-year",
        "collisions",
        "eqs5-6",
        "eqs1-4",
        "avoids-congestion",
        "fair-late-joiner",
        "utilization-falls-with-flows",
        "less-queue-waiting",
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
        "parameter-choice",
        "conclusions-vs-tables",
        "sack-identical-goodput",
        "tracking-environments",
    ],
    "bazi2019": [
        "throughput-formula",
        "latency-formula",
        "delivery-ratio-formula",
        "scenario-count",
        "loss-vs-delay-based",
        "tahoe-ssthresh",
        "tahoe-dupacks",
        "reno-ssthresh-order",
        "reliability-vs-loss",
        "newreno-mechanism",
        "no-loss-at-low-load",
    ],
    "mehta-dahiya": [
        *(f"table{n}-arithmetic" for n in range(1, 7)),
        "throughput-vs-time",
        "westwood-units",
        "westwood-intro",
        "westwood-model",
        "westwood-delay-based",
        "delay-plausibility",
        "bytes-plausibility",
        "pdr-cbr-vs-ftp",
        "westwood-random-loss",
        "veno-backlog-rule",
        "tcp-lp-claims",
        "manet-delay",
        "manet-throughput",
        "manet-pdr",
        "manet-conclusion",
    ],
}

# Rows another helper is redoing (the newer policies): left as they are here.
PENDING: set[tuple[str, str]] = set()  # every claim is checked (the SIMD and SQRT/IIAD rows landed)


@pytest.fixture(scope="module")
def traced() -> list[tuple[Claim, list]]:
    return provenance.instrumented_run()


@pytest.fixture(scope="module")
def claims(traced) -> list[Claim]:
    return [c for c, _ in traced]


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
        for name in FIELDS[:8]:
            assert getattr(c, name).strip()
        assert (c.cause in CAUSES) == (c.verdict in ("refuted", "partly"))


def test_json_is_a_list_of_claims_with_exact_fields(as_json, claims):
    assert isinstance(as_json, list)
    assert len(as_json) == len(claims)
    for obj in as_json:
        assert list(obj) == FIELDS
    assert [o["id"] for o in as_json] == [c.id for c in claims]


def test_markdown_has_a_table_and_summary_per_paper(markdown, claims):
    counts = runner.summary(claims)
    by_cause = runner.causes(claims)
    for key, cnt in counts.items():
        assert f"## {key}:" in markdown
        line = runner._line(key, claims)
        assert markdown.count(line) == 2  # under the heading and in the final summary
        assert sum(cnt.values()) == sum(c.paper == key for c in claims)
        # the summary splits the not-reproduced claims by cause, and the split adds up
        assert sum(by_cause[key].values()) == cnt["refuted"] + cnt["partly"]
        for cause in CAUSES:
            assert f"{by_cause[key][cause]} {runner.CAUSE_WORDS[cause]}" in line
    rows = [ln for ln in markdown.splitlines() if ln.startswith("| ") and "**" in ln]
    assert len(rows) == len(claims)


def test_readme_is_current(claims):
    text = runner.readme_text(claims)
    assert runner.README.read_text(encoding="utf-8") == text, (
        "paper_checks/README.md is stale: run `python -m paper_checks --write-readme`"
    )


def test_undecided_rows_say_what_would_decide_and_are_listed(claims, markdown):
    rows = [c for c in claims if c.verdict == "undecided"]
    assert rows, "no undecided row: the packet-level rule would be untested"
    for c in rows:
        assert c.cause == "models disagree"
        assert runner.decider(c).startswith("What would decide it"), f"{c.paper}/{c.id}"
        # the whole of it: `decide=` puts it last in the evidence (none cut at "Sec.")
        assert " ".join(c.evidence.split()).endswith(runner.decider(c)), f"{c.paper}/{c.id}"
        assert f"{c.paper} `{c.id}`: {runner.decider(c)}" in markdown
        assert "queue model" in c.evidence.lower()
    assert sum(runner.summary(claims)[c.paper]["undecided"] for c in rows[:1]) >= 1


def test_outside_model_rows_say_what_would_decide(claims):
    for c in claims:
        if c.verdict == "outside-model":
            assert "has no variable for" in c.evidence
            assert "would decide" in c.evidence
            assert c.quotes or (c.paper, c.id) in PENDING, f"{c.paper}/{c.id} quotes nothing"


def test_no_verdict_typed_by_hand():
    pattern = re.compile(
        r"verdict\s*[=:]\s*[\"'](reproduced|refuted|partly|outside-model|undecided)[\"']")
    folder = Path(runner.__file__).parent
    for path in folder.glob("*.py"):
        assert not pattern.search(path.read_text(encoding="utf-8")), path


# --- provenance: computed in the run, or located in the paper ---------------------------
def test_every_claim_shows_a_computed_value_or_a_located_quote(traced):
    """A computed claim shows at least one value that the library, a paper's helper or
    sympy returned to it in this run; a reading claim shows passages located in the paper's
    text, each of which locates again to the same section. Every registered claim is
    checked, and both kinds occur."""
    registered = sum(len(v) for v in _build.REGISTRY.values())
    assert len(traced) == registered > 100
    kinds = {"computed": 0, "reading": 0}
    missing = []
    for c, recorded in traced:
        kinds[c.basis] += 1
        if c.basis == "reading":
            assert c.quotes, f"{c.paper}/{c.id}"
            for cite in c.quotes:
                paper, section, text = texts.read_cite(cite)
                assert texts.locate(paper, text, section=section).text == text
                assert text in texts.normalize(c.evidence), f"{c.paper}/{c.id}: {cite}"
        elif (c.paper, c.id) not in PENDING and c.verdict != "outside-model":
            if provenance.shows_computed(f"{c.computed} {c.evidence}", recorded) is None:
                missing.append(f"{c.paper}/{c.id}")
    assert missing == []
    assert kinds["computed"] > 50
    assert kinds["reading"] > 20


@pytest.fixture
def scratch_paper(monkeypatch):
    """A paper key of its own in the registry, removed afterwards (the claim modules are
    imported first, so that they register in the real registry)."""
    for name in runner.PAPERS.values():
        importlib.import_module(name)
    monkeypatch.setattr(_build, "REGISTRY", {})
    return "scratch"


def test_provenance_check_catches_typed_evidence(scratch_paper, monkeypatch):
    """The check fails a claim whose numbers are typed, even one that calls the library."""
    import papers.jasem2010.claims as host

    @_build.claim(scratch_paper, "typed", "w", "t", cause="paper")
    def typed():
        return "24", "23", verdict_from_tolerance(23, 24, 0), "counted 23 values by hand"

    @_build.claim(scratch_paper, "runs-but-types", "w", "t", cause="paper")
    def runs_but_types():
        host.simulate(host.AIMD(), [1.0, 30.0], 100.0, cycles=3)
        return "0.75", "0.7312", verdict_from_tolerance(0.7312, 0.75, 0.01), "simulated 0.7312"

    @_build.claim(scratch_paper, "computed", "w", "t", cause="paper")
    def computed():
        tr = host.simulate(host.AIMD(), [1.0, 30.0], 100.0, cycles=3)
        eff = float(host.metrics.efficiency(tr))
        return "0.75", f"{eff:.4f}", verdict_from_tolerance(eff, 0.75, 0.1), "simulated"

    monkeypatch.setitem(runner.PAPERS, scratch_paper, "papers.jasem2010.claims")
    rows = provenance.instrumented_run([scratch_paper])
    found = {c.id: provenance.shows_computed(f"{c.computed} {c.evidence}", rec)
             for c, rec in rows}
    assert found["typed"] is None
    assert found["runs-but-types"] is None
    assert found["computed"] is not None


def test_no_claim_compares_a_value_with_itself_or_looks_for_typed_keywords():
    """No claim function decides a check by what was typed: a value compared with itself, or
    a keyword typed into the check and looked for in the paper's text."""
    for name in runner.PAPERS.values():
        importlib.import_module(name)
    found = {f"{s.paper}/{s.id}": provenance.typed_comparisons(s.compute)
             for key in runner.PAPERS for s in _build.REGISTRY[key]}
    assert {k: v for k, v in found.items() if v} == {}


def test_provenance_check_catches_self_comparison_and_typed_keywords(scratch_paper):
    """The check fails a claim that compares a value with itself (directly, through a name,
    or as both values of a rule) and one that looks for typed keywords in the paper."""
    import papers.jasem2010.claims as host

    @_build.claim(scratch_paper, "itself", "w", "t", cause="paper")
    def itself():
        tr = host.simulate(host.AIMD(), [1.0, 30.0], 100.0, cycles=3)
        eff = float(host.metrics.efficiency(tr))
        same = eff
        return "x", f"{eff}", verdict_from_checks([eff == same]), "simulated"

    @_build.claim(scratch_paper, "rule-itself", "w", "t", cause="paper")
    def rule_itself():
        eff = float(host.metrics.efficiency(host.simulate(host.AIMD(), [1.0], 10.0, cycles=2)))
        return "x", f"{eff}", verdict_from_tolerance(eff, eff, 0), "simulated"

    @_build.claim(scratch_paper, "keyword", "w", "t", reading=True)
    def keyword():
        q = texts.locate("bazi2019", "24 different scenarios")
        return "24", "24", verdict_from_checks(["24" in q.text]), f"read {q.cite()}"

    @_build.claim(scratch_paper, "keywords", "w", "t", reading=True)
    def keywords():
        q = texts.locate("bazi2019", "24 different scenarios")
        want = {"n": ("24", "scenarios")}
        ok = all(w in q.sentence() for w in want["n"])
        return "24", "24", verdict_from_checks([ok]), f"read {q.cite()}"

    @_build.claim(scratch_paper, "computed", "w", "t", cause="paper")
    def computed():
        tr = host.simulate(host.AIMD(), [1.0, 30.0], 100.0, cycles=3)
        eff = float(host.metrics.efficiency(tr))
        return "0.75", f"{eff:.4f}", verdict_from_tolerance(eff, 0.75, 0.1), "simulated"

    found = {s.id: provenance.typed_comparisons(s.compute) for s in _build.REGISTRY[scratch_paper]}
    assert found["itself"] == ["a value compared with itself: eff == same"]
    assert found["rule-itself"] == ["a value compared with itself: "
                                    "verdict_from_tolerance(eff, eff, 0)"]
    assert found["keyword"] == ["keyword typed into a check: '24' in q.text"]
    assert found["keywords"] == ["keyword typed into a check: w in q.sentence()"]
    assert found["computed"] == []


def test_reading_claim_must_show_what_it_located(scratch_paper):
    @_build.claim(scratch_paper, "hides", "w", "t", reading=True)
    def hides():
        q = texts.locate("bazi2019", "24 different scenarios")
        return "24", q.text[:2], verdict_from_tolerance(24, 24, 0), "read the abstract"

    @_build.claim(scratch_paper, "reads-nothing", "w", "t", reading=True)
    def reads_nothing():
        return "24", "24", verdict_from_tolerance(24, 24, 0), "read it somewhere"

    @_build.claim(scratch_paper, "shows", "w", "t", reading=True)
    def shows():
        q = texts.locate("bazi2019", "24 different scenarios")
        return "24", "24", verdict_from_tolerance(24, 24, 0), f"read {q.cite()}"

    specs = {s.id: s for s in _build.REGISTRY[scratch_paper]}
    with pytest.raises(ValueError, match="must show the passages"):
        specs["hides"].run()
    with pytest.raises(ValueError, match="must show the passages"):
        specs["reads-nothing"].run()
    row = specs["shows"].run()
    assert row.basis == "reading"
    assert row.quotes == ('Bazi & Nassereddine 2019, 3. PROPOSED WORK: "24 different scenarios"',)


# --- conventions --------------------------------------------------------------------------
@pytest.mark.slow
def test_rows_whose_verdict_depends_on_the_convention_say_so(claims, monkeypatch):
    """Rerun the ledger with every simulation under sum > W: any row whose verdict changes
    must have computed both comparisons and say so in its evidence."""
    import aimdmodel.engine as engine

    prepare = engine.prepare

    def strict(*args, **kwargs):
        kwargs["congestion"] = ">"
        return prepare(*args, **kwargs)

    for fn in _build.SHARED:
        fn.cache_clear()
    monkeypatch.setattr(engine, "prepare", strict)
    try:  # the verdict each claim function returns (its cause is not asked for here)
        other = {(s.paper, s.id): s.compute(**s.case)[2] if s.decide is None else
                 s.decided(s.compute(**s.case))[1]
                 for key in runner.PAPERS for s in _build.REGISTRY[key]}
    finally:
        for fn in _build.SHARED:
            fn.cache_clear()
    changed = [c for c in claims if other[(c.paper, c.id)] != c.verdict]
    assert changed, "no verdict depends on the comparison: the check would be vacuous"
    for c in changed:
        assert "sum >= W" in c.evidence, f"{c.paper}/{c.id}"
        assert "sum > W" in c.evidence, f"{c.paper}/{c.id}"


# --- findings the ledger must keep reporting (computed, not typed) ----------------
def _get(claims, paper, cid):
    return next(c for c in claims if c.paper == paper and c.id == cid)


def test_key_findings(claims):
    from fractions import Fraction

    from aimdmodel import simulate
    from aimdmodel.policies import AIMDFCPlusPrinted

    assert _get(claims, "bazi2019", "scenario-count").computed == "23"
    t1 = _get(claims, "lahanas2003", "theorem1")
    assert (t1.verdict, t1.cause) == ("partly", "convention")
    assert "x = (1, 2), W = 4" in t1.computed
    t2 = _get(claims, "lahanas2003", "theorem2")
    assert (t2.verdict, t2.cause) == ("partly", "paper")
    assert "x = (1, 3), W = 5" in t2.computed
    for cid in ("fc-8-percent", "improved-14-percent", "theorem1-equal-terms"):
        assert _get(claims, "lahanas2003", cid).verdict == "reproduced", cid
    assert _get(claims, "lahanas2003", "improved-14-percent").where.startswith("Sec. 1")
    assert _get(claims, "lahanas2003", "eqs3-6").cause == "typo"
    assert _get(claims, "jasem2010", "recurrences").verdict == "partly"
    for cid in ("cycle-rtts", "efficiency-99", "pseudocode", "eqs1-4"):  # one row per claim
        row = _get(claims, "jasem2010", cid)  # the charitable reading holds, the printed not
        assert (row.verdict, row.cause) == ("partly", "typo"), cid
        assert "printed" in row.computed, cid
        assert "charitable" in row.computed, cid
    assert not any(c.id.endswith(("-printed", "-charitable")) for c in claims)
    # decided on the packet-level runs, each saying what it measured
    delay = _get(claims, "jasem2010", "delay-12-percent")
    assert (delay.verdict, delay.cause) == ("partly", "convention")
    assert "per flow (mean)" in delay.computed
    assert "until the last flow ends" in delay.computed
    assert "queue verdict refuted" in delay.computed
    ns2 = _get(claims, "lahanas2003", "ns2-experiments")
    assert "AIMD-FC fairer: True" in ns2.computed
    assert "ns-3 verdict partly" in ns2.computed
    assert _get(claims, "jasem2010", "less-queue-waiting").verdict == "refuted"
    assert _get(claims, "jasem2010", "eqs5-6").verdict == "partly"
    for cid in ("avoids-congestion", "fair-late-joiner"):
        assert _get(claims, "jasem2010", cid).verdict == "refuted", cid
    assert _get(claims, "reddy-aiad", "Da-sum-text").verdict == "reproduced"
    for cid in ("aiad-unfair-synchronous", "aiad-fair-non-droptail"):
        row = _get(claims, "reddy-aiad", cid)  # decided in the queue model now
        assert "queue model" in row.computed.lower(), cid
        assert row.cause != "outside", cid
    assert _get(claims, "mehta-dahiya", "table6-arithmetic").verdict == "partly"
    assert _get(claims, "mehta-dahiya", "text-pdr-10").verdict == "partly"
    ww = _get(claims, "mehta-dahiya", "westwood-model")
    assert "35.6, 64.4" in ww.computed
    assert "sum > W" in ww.evidence
    # the printed AIMD-FC+System drives a window negative; the row shows the run's windows
    with pytest.raises(ValueError, match="a negative window") as err:
        simulate(AIMDFCPlusPrinted(), [Fraction(1), Fraction(30)], 100, cycles=40,
                 arithmetic="exact")
    row = _get(claims, "lahanas2003", "fcplus-shared-variables")
    assert str(err.value) in row.computed
    assert row.cause == "typo"


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
    assert verdict_with_outside_parts([True, True], ["mobility", "efficiency"]) == (
        "partly", ["mobility"])
    assert verdict_with_outside_parts([False], ["mobility"])[0] == "refuted"
    with pytest.raises(ValueError, match="check the claim"):
        verdict_with_outside_parts([True], ["efficiency"])
    assert verdict_under_conventions({">=": "partly", ">": "refuted"}, ">=") == "partly"
    assert verdict_under_conventions({">=": "partly", ">": "refuted"}, ">") == "refuted"
    with pytest.raises(ValueError, match="'>=' and '>'"):
        verdict_under_conventions({">=": "partly"}, ">=")
    # one row for a printed and a charitable reading
    assert verdict_over_readings("partly", "partly") == "partly"
    assert verdict_over_readings("refuted", "reproduced") == "partly"
    assert verdict_over_readings("reproduced", "refuted") == "reproduced"
    assert verdict_over_readings("partly", "refuted") == "refuted"
    with pytest.raises(ValueError, match="not verdicts"):
        verdict_over_readings("fine", "partly")
    # a simulator experiment: the packet-level run decides; the queue model alone never refutes
    assert verdict_from_packet_level("refuted", "reproduced") == "reproduced"
    assert verdict_from_packet_level("reproduced", "refuted") == "refuted"
    assert verdict_from_packet_level("reproduced", None) == "reproduced"
    for queue in ("refuted", "partly"):
        assert verdict_from_packet_level(queue, None) == "undecided"
    with pytest.raises(ValueError, match="not a verdict"):
        verdict_from_packet_level("refuted", "maybe")


def test_cause_rule():
    assert cause_of("undecided", None) == cause_of("undecided", "simulator") == "models disagree"
    with pytest.raises(ValueError, match="does not fit"):
        Claim("p", "i", "w", "c", "1", "2", "undecided", "e", cause="")
    assert cause_of("reproduced", "paper") == ""
    assert cause_of("outside-model", None) == ""
    assert cause_of("partly", "typo") == "typo"
    with pytest.raises(ValueError, match="needs a cause"):
        cause_of("refuted", None)
    with pytest.raises(ValueError, match="needs a cause"):
        cause_of("partly", "bad luck")


def test_outside_model_rule_refuses_decidable_claims():
    verdict, missing = verdict_outside_model(["efficiency", "queueing delay",
                                              "802.11 MAC and radio"])
    assert verdict == "outside-model"
    assert missing == ["802.11 MAC and radio"]
    with pytest.raises(ValueError, match="check the claim"):
        verdict_outside_model(sorted(MODEL_QUANTITIES)[:2])
    with pytest.raises(ValueError, match="check the claim"):  # the queue model decides those
        verdict_outside_model(["efficiency", *sorted(QUEUE_MODEL_QUANTITIES)[:3]])


def test_claim_validates_its_fields():
    args = ["p", "i", "w", "c", "1", "2"]
    with pytest.raises(ValueError, match="verdict"):
        Claim(*args, "maybe", "e")
    with pytest.raises(TypeError, match="evidence"):
        Claim(*args, "refuted", "", "paper")
    with pytest.raises(ValueError, match="needs a cause"):
        Claim(*args, "refuted", "e")
    with pytest.raises(ValueError, match="does not fit"):
        Claim(*args, "reproduced", "e", "paper")
    with pytest.raises(ValueError, match="basis"):
        Claim(*args, "reproduced", "e", "", "guess")
    with pytest.raises(ValueError, match="located quote"):
        Claim(*args, "reproduced", "e", "", "reading")
    assert Claim(*args, "partly", "e", "typo").as_dict()["quotes"] == []


# --- the registry -------------------------------------------------------------------
def test_registry_rows_in_order_with_cases(scratch_paper):
    @_build.claim(scratch_paper, "one", "Sec. 1", "One is {not} a template here.")
    def one():
        return "1", "1", verdict_from_tolerance(1, 1, 0), "counted"

    @_build.claim(scratch_paper, "two-{k}", "Eq. {k}", "Case {k}.", cases=[{"k": 2}, {"k": 3}],
                  cause="paper")
    def two(k):
        return str(k), str(k + 1), verdict_from_tolerance(k + 1, k, 0), f"k = {k}"

    rows = _build.build(scratch_paper)
    assert [(c.id, c.where, c.claim, c.verdict) for c in rows] == [
        ("one", "Sec. 1", "One is {not} a template here.", "reproduced"),
        ("two-2", "Eq. 2", "Case 2.", "refuted"),
        ("two-3", "Eq. 3", "Case 3.", "refuted"),
    ]
    assert rows[2].evidence == "k = 3"
    assert [c.cause for c in rows] == ["", "paper", "paper"]


def test_registry_causes_from_the_decorator_or_the_function(scratch_paper):
    @_build.claim(scratch_paper, "c-{k}", "w", "t", cases=[{"k": 1, "why": "typo"}],
                  cause="{why}")
    def by_case(k, why):
        return "1", "2", verdict_from_tolerance(2, 1, 0), "counted"

    @_build.claim(scratch_paper, "five", "w", "t", cause="paper")
    def five():
        return "1", "2", verdict_from_tolerance(2, 1, 0), "counted", "convention"

    @_build.claim(scratch_paper, "none", "w", "t")
    def none():
        return "1", "2", verdict_from_tolerance(2, 1, 0), "counted"

    specs = {s.id: s for s in _build.REGISTRY[scratch_paper]}
    assert specs["c-1"].run().cause == "typo"
    assert specs["five"].run().cause == "convention"
    with pytest.raises(ValueError, match="needs a cause"):
        specs["none"].run()


def test_registry_queue_only_rows_are_undecided_unless_reproduced(scratch_paper):
    """A simulator row with no packet-level run (``decide=``): the queue model's refutation
    becomes ``undecided`` with what would decide it; its reproduction stands."""
    @_build.claim(scratch_paper, "off", "w", "t", cause="simulator", decide="an ns-3 run")
    def off():
        return "1", "2", verdict_from_tolerance(2, 1, 0), "queue model: 2"

    @_build.claim(scratch_paper, "on", "w", "t", decide="an ns-3 run")
    def on():
        return "1", "1", verdict_from_tolerance(1, 1, 0), "queue model: 1"

    specs = {s.id: s for s in _build.REGISTRY[scratch_paper]}
    row = specs["off"].run()
    assert (row.verdict, row.cause) == ("undecided", "models disagree")
    assert runner.decider(row) == "What would decide it: an ns-3 run."
    # an abbreviation's period does not end the sentence; the next sentence is left out
    for decide in ("runs of Sec. 5.2's set-up, e.g. Fig. 3 (cf. Eq. 6)", "runs as in Secs. 5 "
                   "and 6"):
        text = f"queue model: 2. What would decide it: {decide}. Then more."
        long = Claim(scratch_paper, "x", "w", "t", "1", "2", "undecided", text,
                     "models disagree")
        assert runner.decider(long) == f"What would decide it: {decide}."
    assert "verdict refuted" in row.evidence
    assert specs["on"].run().verdict == "reproduced"


def _counts(queue, packet):
    return {"queue": queue, "packet": packet}


def test_the_mode_choice_follows_the_validation_numbers(monkeypatch):
    """The mode with the higher share of met goals decides (the round mode on a tie, or where
    the packet-level mode compared nothing); a row needs every one of its metrics to choose
    the packet-level mode; the numbers come from the validation against ns-3's stored runs."""
    assert modes.choose(_counts((15, 28), (21, 28))) == "packet"
    assert modes.choose(_counts((21, 28), (15, 28))) == "queue"
    assert modes.choose(_counts((6, 6), (6, 6))) == "queue"
    assert modes.choose(_counts((1, 4), (0, 0))) == "queue"
    assert modes.choose(_counts((0, 0), (1, 4))) == "packet"
    assert modes.choose(_counts((3, 4), (5, 7))) == "queue"  # 0.75 > 0.714
    fake = {("goodput", False): _counts((15, 28), (21, 28)),
            ("timeouts", True): _counts((6, 6), (6, 6)),
            ("loss_rate", True): _counts((23, 31), (31, 31))}
    monkeypatch.setattr(modes, "counts", lambda m, s: fake[(m, s)])
    picked = modes.mode_for(["goodput"], False)
    assert (picked.mode, picked.fidelity) == ("packet", "packet")
    assert "packet-level 21/28 met, round 15/28 -> packet" in picked.describe()
    assert modes.mode_for(["timeouts"], True).mode == "queue"
    assert modes.mode_for(["loss_rate", "timeouts"], True).mode == "queue"
    assert modes.uses_sack(["sack", "cubic"])
    assert not modes.uses_sack(["sack", "newreno"])
    with pytest.raises(ValueError, match="at least one metric"):
        modes.mode_for([], True)


def test_the_mode_counts_are_the_validation_summary_of_the_matching_scenarios():
    """:func:`modes.counts` is the validation's own summary over the scenarios with (or
    without) SACK that both modes run."""
    v = modes.validation()
    for sack in (True, False):
        got = modes.counts("goodput", sack)
        idx = [k for k, (c, r) in enumerate(zip(v.cases, v.results, strict=True))
               if r["queue"].values is not None and r["packet"].values is not None
               and modes.uses_sack([f.variant for f in c.scenario.flows]) == sack]
        assert got["queue"][1] == got["packet"][1] == len(idx) > 0
        flows = v.flows("packet")
        assert got["packet"][0] == sum(flows[k].goodput_met for k in idx)
    with pytest.raises(ValueError, match="metric must be one of"):
        modes.counts("jitter", True)


def test_registry_rows_in_both_modes_follow_the_chosen_mode(scratch_paper, monkeypatch):
    """A row with declared metrics is computed in both modes: the packet-level verdict decides
    where that mode is chosen, the round rule stands where the round mode is; a set-up the
    packet-level mode refuses falls back to the round mode with the refusal's reason."""
    fake = {("goodput", False): _counts((15, 28), (21, 28)),
            ("timeouts", True): _counts((6, 6), (6, 6))}
    monkeypatch.setattr(modes, "counts", lambda m, s: fake[(m, s)])
    reason = "flows[0].variant 'reno' is not in the packet-level mode; use fidelity='round'"

    def make(cid, metric, variants, packet_value):
        @_build.claim(scratch_paper, cid, "w", "t", cause="simulator", decide="an ns-3 run",
                      metrics=(metric,), variants=variants)
        def fn(fidelity="round"):
            value = 1 if fidelity == "round" else packet_value
            if value is None:
                raise ValueError(reason)
            return "1", f"{fidelity}: {value}", verdict_from_tolerance(value, 1, 0), "run"

    make("packet-chosen", "goodput", ("newreno", "veno"), 2)
    make("round-chosen", "timeouts", ("sack",), 2)
    make("refused", "goodput", ("reno",), None)
    specs = {s.id: s for s in _build.REGISTRY[scratch_paper]}
    row = specs["packet-chosen"].run()
    assert (row.verdict, row.cause) == ("refuted", "simulator")
    assert row.computed.startswith("packet mode (decides): packet: 2 (verdict refuted)")
    assert "round mode (beside it): round: 1 (verdict reproduced)" in row.computed
    assert "packet-level 21/28 met, round 15/28 -> packet" in row.evidence
    row = specs["round-chosen"].run()
    assert row.verdict == "reproduced"
    assert row.computed.startswith("round mode (decides): round: 1")
    assert "packet-level 6/6 met, round 6/6 -> round; so the round mode" in row.evidence
    row = specs["refused"].run()
    assert row.verdict == "reproduced"
    assert f"it refuses this set-up: {reason}" in row.evidence
    assert row.computed == "round: 1"
    with pytest.raises(ValueError, match="metrics are for a claim with decide"):
        _build.claim(scratch_paper, "x", "w", "t", metrics=("goodput",))
    with pytest.raises(ValueError, match="metrics must be among"):
        _build.claim(scratch_paper, "y", "w", "t", decide="d", metrics=("jitter",))

    @_build.claim(scratch_paper, "bug", "w", "t", decide="d", metrics=("goodput",),
                  variants=("newreno",))
    def bug(fidelity="round"):
        if fidelity == "packet":
            raise ValueError("scale must be one of ledger, full")
        return "1", "1", verdict_from_tolerance(1, 1, 0), "run"

    with pytest.raises(ValueError, match="scale must be"):  # not a refusal: not swallowed
        _build.REGISTRY[scratch_paper][-1].run()


def test_rows_without_a_stored_ns3_run_name_the_mode_that_decided(claims):
    """Every simulator row decided without a stored ns-3 run says which mode decided and why,
    or why the packet-level mode could not run its set-up; a packet-decided row's verdict is
    the packet-level mode's."""
    rows = [c for c in claims if "No stored" in c.evidence and "ns-3" in c.evidence
            and ("fidelity='packet'" in c.evidence)]
    assert len(rows) >= 15
    decided = [c for c in rows if "the packet-level mode's verdict decides" in c.evidence]
    assert decided, "no row is decided by the packet-level mode: the choice would be untested"
    for c in rows:
        if "refuses this set-up" in c.evidence:
            assert "(round mode, verdict" in c.evidence, f"{c.paper}/{c.id}"
            continue
        assert "so the packet mode" in c.evidence or "so the round mode" in c.evidence
        assert " met, round " in c.evidence, f"{c.paper}/{c.id}"
        first = c.computed.split(" mode (decides)")[0]
        assert ("so the packet mode" in c.evidence) == (first == "packet"), f"{c.paper}/{c.id}"
        if first == "packet":
            packet = re.search(r"\(verdict (\S+)\) \|\|", c.computed).group(1)
            assert c.verdict == packet, f"{c.paper}/{c.id}"


def test_registry_refuses_duplicates_and_bad_returns(scratch_paper):
    @_build.claim(scratch_paper, "a", "w", "t")
    def a():
        return "claimed", "computed", "partly"  # evidence missing

    with pytest.raises(ValueError, match="duplicate claim id 'a'"):
        _build.claim(scratch_paper, "a", "w", "t")(a)
    with pytest.raises(TypeError, match="must return \\(claimed, computed, verdict, evidence"):
        _build.build(scratch_paper)
    with pytest.raises(ValueError, match="no claims registered for paper 'nope'"):
        _build.build("nope")


def test_every_claim_function_is_short():
    """One small function per claim: no function of paper_checks/, papers/ or
    aimdmodel/statements.py over 80 lines (docstring included)."""
    import ast

    root = Path(runner.__file__).parent.parent
    paths = [*(root / "paper_checks").glob("*.py"), *(root / "papers").rglob("*.py"),
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
    assert main(["check", "--paper", "mehta-dahiya", "--format", "markdown"]) == 0
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


def test_the_ns3_reruns_table_is_current_and_quoted():
    """paper_checks/NS3_RERUNS.md is the rendering of the committed runs; the rows quote them."""
    from papers import ns3_reruns

    assert ns3_reruns.TABLE.read_text(encoding="utf-8") == ns3_reruns.render() + "\n", (
        "paper_checks/NS3_RERUNS.md is stale: python benchmarks/ns3_reruns.py table > "
        "paper_checks/NS3_RERUNS.md"
    )
    rows = ns3_reruns.runs("jasem2010")
    assert rows
    first = rows[0]
    said = ns3_reruns.quote("jasem2010", "utilization", scale=100)
    assert f"{100 * first['utilization']:.4g}" in said
