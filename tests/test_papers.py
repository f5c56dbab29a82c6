"""The papers package: its place in the import graph, its numbers, its helpers.

- the library (aimdmodel) imports nothing from papers/ or paper_checks/, and
  no module of aimdmodel, papers or paper_checks takes part in an import
  circle (module-level and function-level imports alike);
- every public function and class of papers/ and aimdmodel/statements.py has
  a docstring with an Examples section (run by ``--doctest-modules``);
- the helpers that the ledger and the proofs share (Eq. 1, the Eq. 3-6
  series, the captions of Figs. 3-4) give what the paper prints.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from sympy import Rational

from aimdmodel import AIMD, AIMDFC
from papers import (
    bazi2019,
    chiu_jain1989,
    claims,
    experiment_parts,
    experiment_setup,
    experiments,
    jain1984,
    jasem2010,
    lahanas2003,
    mehta_dahiya,
    reddy_aiad,
    setups,
    texts,
)
from papers.keys import PAPERS

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("aimdmodel", "papers", "paper_checks")
PAPER_MODULES = (lahanas2003, jasem2010, chiu_jain1989, jain1984, bazi2019, mehta_dahiya,
                 reddy_aiad, claims, texts, experiment_setup, setups, experiment_parts,
                 experiments,
                 *(importlib.import_module(n) for n in filter(None, map(
                     setups.setups_module, PAPERS))),
                 *(importlib.import_module(n) for n in filter(None, map(
                     experiments.experiment_module, PAPERS))))


# ---------------------------------------------------------------- the import graph
def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")}


def _imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Modules of ``known`` that ``name`` imports anywhere in its body (function-level
    imports included)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        # a module's own ancestor packages are imported before it anyway: not an edge
        out.update(t for t in targets if t in known and not (name + ".").startswith(t + "."))
    return out


def _graph() -> dict[str, set[str]]:
    known = _modules()
    return {name: _imports(name, path, known) for name, path in known.items()}


def _library_imports_of_papers(graph: dict[str, set[str]]) -> dict[str, list[str]]:
    bad = {m: sorted(d for d in deps if d.split(".")[0] in ("papers", "paper_checks"))
           for m, deps in graph.items() if m.split(".")[0] == "aimdmodel"}
    return {m: d for m, d in bad.items() if d}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every circle a depth-first walk meets (each reported once, as a path)."""
    circles: list[list[str]] = []
    done: set[str] = set()

    def visit(node: str, stack: list[str], on_stack: set[str]) -> None:
        on_stack.add(node)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt in on_stack:
                circles.append([*stack[stack.index(nxt):], nxt])
            elif nxt not in done:
                visit(nxt, stack, on_stack)
        stack.pop()
        on_stack.discard(node)
        done.add(node)

    for start in sorted(graph):
        if start not in done:
            visit(start, [], set())
    return circles


def _mine(module: str) -> bool:
    return module.split(".")[0] in ("papers", "paper_checks") or module == "aimdmodel.statements"


def test_statements_and_papers_import_graph():
    """aimdmodel.statements imports nothing from the papers; no circle goes through
    papers/, paper_checks/ or aimdmodel.statements."""
    graph = _graph()
    assert "aimdmodel.statements" not in _library_imports_of_papers(graph)
    assert [c for c in _circles(graph) if any(_mine(m) for m in c)] == []


# ---------------------------------------------------------------- docstrings
def _public(module):
    names = getattr(module, "__all__", [])
    return [(n, getattr(module, n)) for n in names
            if inspect.isfunction(getattr(module, n)) or inspect.isclass(getattr(module, n))]


@pytest.mark.parametrize("module", [*PAPER_MODULES, importlib.import_module(
    "aimdmodel.statements")], ids=lambda m: m.__name__)
def test_public_names_have_examples(module):
    for name, obj in _public(module):
        doc = inspect.getdoc(obj) or ""
        assert "Examples\n--------" in doc, f"{module.__name__}.{name} has no Examples section"
    assert inspect.getdoc(module), module.__name__


# ------------------------------------------------------- Lahanas & Tsaoussidis 2003's helpers
def test_eq1_utilization():
    beta = sympy.Symbol("beta", positive=True)
    r = lahanas2003.eq1_utilization()
    assert r.difference == 0
    assert sympy.simplify(r.formula - (beta + 1) / (2 * beta)) == 0
    assert sympy.simplify(r.derived - (beta + 1) / (2 * beta)) == 0
    r = lahanas2003.eq1_utilization(Rational(8, 7))  # GAIMD's beta = 8/7
    assert r.derived == Rational(15, 16)
    assert r.difference == 0
    assert lahanas2003.eq1_utilization(2).derived == lahanas2003.EFFICIENCY_AIMD
    with pytest.raises(ValueError, match="beta must be > 1"):
        lahanas2003.eq1_utilization(1)
    with pytest.raises(TypeError, match="beta must be a real number"):
        lahanas2003.eq1_utilization("2")


@pytest.mark.parametrize("n", [3, 4, 7])
def test_printed_series_against_the_code(n):
    """Eqs. 5-6 as printed are AIMD's code; Eqs. 3-4 as printed differ from AIMD-FC's code
    by exactly k_(n-1)/4 (the printed k_(n-1)/2^2 where the code has k_(n-1)/2)."""
    x = sympy.Symbol("x", positive=True)
    ks = sympy.symbols(f"k1:{n + 1}", positive=True)
    aimd = lahanas2003.unrolled_window(AIMD(), x, ks)
    fc = lahanas2003.unrolled_window(AIMDFC(), x, ks)
    assert sympy.simplify(aimd - lahanas2003.eq5_printed(x, ks)) == 0
    assert sympy.simplify(fc - lahanas2003.eq3_printed(x, ks) - ks[-2] / 4) == 0


def test_printed_series_needs_three_terms():
    x, k1, k2 = sympy.symbols("x k1 k2")
    with pytest.raises(ValueError, match="ks must hold n >= 3"):
        lahanas2003.eq3_printed(x, (k1, k2))


def test_captions_give_the_efficiencies():
    """The mean window of a caption's cycle (packets over length) is the paper's efficiency."""
    for caption, eff in ((lahanas2003.FIG3_CAPTION, lahanas2003.EFFICIENCY_AIMD_FC),
                         (lahanas2003.FIG4_CAPTION, lahanas2003.EFFICIENCY_AIMD_FC_PLUS)):
        packets, length = lahanas2003.caption_cycle(*caption)
        assert packets / length == eff


def test_headline_figures_are_the_papers_constants():
    assert [q.claimed for q in claims.HEADLINE] == [
        lahanas2003.EFFICIENCY_AIMD, lahanas2003.EFFICIENCY_AIMD_FC,
        lahanas2003.EFFICIENCY_AIMD_FC_PLUS, jasem2010.EFFICIENCY_CLAIMED,
        jasem2010.EFFICIENCY_CLAIMED,
    ]
    assert all(isinstance(q.claimed, Fraction) for q in claims.HEADLINE)


def test_quoted_tables_have_their_printed_shape():
    assert sorted(mehta_dahiya.TABLES) == [1, 2, 3, 4, 5, 6]
    assert all(len(rows) == 3 for _, rows in mehta_dahiya.TABLES.values())
    pairs = [r for fams in reddy_aiad.APPENDIX.values() for t in fams.values() for r in t]
    assert len(pairs) == 72
    assert bazi2019.VARIANTS >= bazi2019.LOSS_BASED_ABSTRACT


# ---------------------------------------------------------------- Bazi & Nassereddine 2019
def test_bazi2019_sec3_formulas_printed_and_corrected():
    """Sec. 3's throughput has its denominator reversed, its latency counts lost packets in
    the denominator, and its "delivery ratio" is the loss ratio."""
    from aimdmodel.queue import metrics, run
    from aimdmodel.scenario import Flow, Link, Scenario

    sc = Scenario(flows=(Flow(),), link=Link(rate=5e6, buffer=30, random_loss=0.01), duration=30.0)
    res = run(sc)
    m = bazi2019.sec3_metrics(res)
    thr = m.throughput[0, 0]
    assert m.throughput_printed[0, 0] == pytest.approx(-thr)
    assert thr == pytest.approx(metrics.throughput(res, 0.0)[0, 0], rel=0.05)
    assert m.latency_printed[0, 0] < m.latency[0, 0]  # lost packets counted in the denominator
    assert m.delivery_ratio_printed[0, 0] == pytest.approx(1 - m.delivery_ratio[0, 0])
