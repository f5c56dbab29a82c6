"""The house rules, checked on the source so that a regression fails CI.

- no module of aimdmodel, papers or paper_checks takes part in an import
  circle (module-level and function-level imports alike), and importing
  every module in any order works;
- the library imports nothing from papers/ or paper_checks/; papers/ and paper_checks/
  meet only at the claim modules (``papers/KEY/claims.py`` import the ledger's machinery,
  which finds them through the table of keys);
- the congestion comparison (a sum of windows against the capacity) is
  written in exactly one function, :func:`aimdmodel.feedback.exceeds`;
- no function of aimdmodel/, papers/ or paper_checks/ is over 80 lines;
- every module with ``cache=True`` numba functions installs the package's
  cache stamp (:mod:`aimdmodel._numba_cache`) before the first of them;
- the library holds nothing paper-specific: no set-up, data or name of a
  paper, and not our old numbering of the papers (a docstring citing a policy's source
  by authors and year is right); nothing a user reads numbers the papers either, and
  the README's table of the papers is :data:`papers.keys.PAPERS`.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys

import pytest

from tests.test_papers import ROOT, _circles, _graph, _library_imports_of_papers, _modules

PACKAGES = ("aimdmodel", "papers", "paper_checks")
MAX_LINES = 80
TOTALS = {"total", "tot", "totals", "ta", "td", "tc"}
CAPACITIES = {"W", "capacity", "cap", "thr", "W_t"}


def _sources():
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def test_no_import_circles():
    assert _circles(_graph()) == []


def test_the_library_imports_nothing_from_the_papers():
    assert _library_imports_of_papers(_graph()) == {}


def test_the_ledger_and_the_papers_meet_only_at_the_claims():
    """Each paper's claims live in its folder (``papers/KEY/claims.py``) and import the ledger's
    machinery (:mod:`paper_checks._build`, :mod:`paper_checks.ledger`); no other module of
    papers/ imports from paper_checks/, and paper_checks/ imports no claim module by name: it
    finds them through the table of keys (:data:`paper_checks.runner.PAPERS`, built from
    :data:`papers.keys.PAPERS`). With the claims beside the paper's text and set-ups, the two
    packages meet at one kind of module and the arrows between them go one way, so a claim
    module can never be half of a circle with the machinery that runs it."""
    graph = _graph()
    claims = {m for m in graph if re.fullmatch(r"papers\.\w+\.claims", m)}
    into_ledger = {m for m, deps in graph.items() if m.split(".")[0] == "papers"
                   and any(d.split(".")[0] == "paper_checks" for d in deps)}
    named = {m: sorted(deps & claims) for m, deps in graph.items()
             if m.split(".")[0] == "paper_checks" and deps & claims}
    assert into_ledger <= claims
    assert named == {}
    from paper_checks.runner import PAPERS

    assert set(PAPERS.values()) == claims


@pytest.mark.parametrize("order", ["sorted", "reversed"])
def test_every_module_imports_in_any_order(order):
    names = sorted(_modules())
    names = [n for n in names if not n.endswith("__main__")]
    if order == "reversed":
        names.reverse()
    code = f"import importlib\nfor n in {names!r}:\n    importlib.import_module(n)\n"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]


def _side(node: ast.AST) -> str | None:
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) \
            == "sum":
        return "total"
    return None


def test_the_congestion_rule_is_written_once():
    places = []
    for path, tree in _sources():
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if not isinstance(node, ast.Compare):
                    continue
                if not any(isinstance(o, (ast.Gt, ast.GtE, ast.Lt, ast.LtE)) for o in node.ops):
                    continue
                sides = {_side(x) for x in (node.left, *node.comparators)}
                if sides & TOTALS and sides & CAPACITIES:
                    places.append(f"{path.relative_to(ROOT)}:{fn.name}")
    assert sorted(set(places)) == ["aimdmodel/feedback.py:exceeds"]


def test_no_function_is_over_80_lines():
    long = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > MAX_LINES:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({n})")
    assert long == []


def test_no_evaluation_of_user_strings():
    """sympify/parse_expr/eval/exec only on code constants or through the strict helper.

    Every ``sympify`` call in the library passes ``strict=True`` (sympy refuses strings then), and
    ``eval``, ``exec`` and ``parse_expr`` are not called at all.
    """
    offenders = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            if name in {"eval", "exec", "parse_expr", "literal_eval"}:
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}")
            if name == "sympify" and not any(
                k.arg == "strict" and getattr(k.value, "value", False) is True
                for k in node.keywords
            ):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} sympify (not strict)")
    assert offenders == []


def test_no_script_folder_shadows_the_standard_library():
    """A script run from benchmarks/ or proofs/ has its folder first on sys.path:
    a file named like a standard module (queue.py) breaks multiprocessing there."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    clashes = [p.relative_to(root).as_posix()
               for folder in ("benchmarks", "proofs", "paper_checks", "papers")
               for p in (root / folder).glob("*.py")
               if p.stem in sys.stdlib_module_names]
    assert clashes == []


def _caches(node: ast.AST) -> bool:
    """A ``numba.njit(...)`` call asking for ``cache=True`` (or a dict with ``"cache": True``)."""
    if isinstance(node, ast.keyword) and node.arg == "cache":
        return isinstance(node.value, ast.Constant) and node.value.value is True
    if isinstance(node, ast.Dict):
        return any(isinstance(k, ast.Constant) and k.value == "cache"
                   and isinstance(v, ast.Constant) and v.value is True
                   for k, v in zip(node.keys, node.values, strict=True))
    return False


def test_every_cached_compiled_module_installs_the_package_stamp_first():
    """aimdmodel._numba_cache: a module with ``cache=True`` functions calls ``install()`` at
    module level before the first of them (else the same cache would be stamped two ways
    by two processes, and recompiled by each in turn)."""
    missing = []
    for path, tree in _sources():
        first_cache = min((n.lineno for n in ast.walk(tree) if _caches(n)), default=None)
        if first_cache is None or path.name == "_numba_cache.py":
            continue
        calls = [n.lineno for n in tree.body if isinstance(n, ast.Expr)
                 and isinstance(n.value, ast.Call) and getattr(n.value.func, "id", "") == "install"]
        if not calls or min(calls) > first_cache:
            missing.append(str(path.relative_to(ROOT)))
    assert missing == []
    assert len([p for p, t in _sources() if any(_caches(n) for n in ast.walk(t))]) >= 5


def test_ci_runs_ruff_and_the_tree_is_clean():
    """``.ci/run`` runs ``ruff check .`` with the ruff pinned in the test
    extra, and the tree passes it (skipped where ruff is not installed)."""
    import importlib.util

    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert any(line.rstrip().endswith("ruff check .") and not line.lstrip().startswith("#")
               for line in ci.splitlines())
    assert any(line.strip().startswith("ruff>=") for line in
               (ROOT / "setup.cfg").read_text(encoding="utf-8").splitlines())
    if importlib.util.find_spec("ruff") is None:
        pytest.skip("ruff is not installed (pip install -e '.[test]')")
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout[-3000:]


def test_the_slow_list_names_existing_test_files():
    """tests/slow_tests.txt (the ``slow`` marker, tests/conftest.py) names files that exist."""
    from tests.conftest import slow_test_ids

    ids = slow_test_ids()
    assert ids
    paths = {i.split(" uses ")[0].split("::")[0] for i in ids}
    missing = sorted(p for p in paths if not (ROOT / p).is_file())
    assert missing == []


# --- nothing paper-specific in the library ------------------------------------
OLD_NUMBER = re.compile(r"\bseeds?[ _-]?0\d\d\b", re.IGNORECASE)
"""Our old numbering of the papers: ``seed 003``, ``seed003``, ``seed_003``, ``seeds 000``."""

PAPER_FILE = re.compile(r"paper_checks/|papers/|\b\d{3}_[0-9a-f]{16}\.txt\b")
"""A path into the papers' or the ledger's files, or the file name of a paper's text."""


def _library_files():
    return sorted(p for p in (ROOT / "aimdmodel").rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


def test_the_library_holds_no_old_paper_numbers():
    """No file of aimdmodel/ (code, docstrings, data, templates) numbers the papers."""
    found = {}
    for path in _library_files():
        if path.suffix not in (".py", ".html", ".txt", ".md", ".json", ".jsonl"):
            continue
        n = len(OLD_NUMBER.findall(path.read_text(encoding="utf-8")))
        rel = path.relative_to(ROOT).as_posix()
        if n:
            found[rel] = n
    assert found == {}, "cite the paper by authors and year (papers.keys.PAPERS)"
    assert not [p for p in _library_files() if "seed" in p.relative_to(ROOT).as_posix()]


def _names(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.name
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name):
                        yield n.id
        elif isinstance(node, ast.arg):
            yield node.arg


def test_the_library_holds_no_paper_specific_set_ups_or_data():
    """No name in aimdmodel/ (module, function, class, constant, argument) is a paper's key
    or old name, no library code reads a file of the papers or the ledger, and the
    paper-specific set-ups live in papers/: a set-up of a paper is a function of
    papers/ (papers.setups, papers.ns3_setups), not of the library."""
    from papers.keys import PAPERS

    marks = {m for p in PAPERS.values() for m in (p.module, p.old_name)}
    named, reads = [], []
    for path in (ROOT / "aimdmodel").rglob("*.py"):
        rel = path.relative_to(ROOT).as_posix()
        if any(m in path.stem.lower() for m in marks):
            named.append(rel)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        named += [f"{rel}: {n}" for n in _names(tree) if any(m in n.lower() for m in marks)]
        docs = _docstrings(tree)
        reads += [f"{rel}:{node.lineno}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and id(node) not in docs and PAPER_FILE.search(node.value)]
    assert named == []
    assert reads == []
    import papers.ns3_setups
    import papers.setups

    assert {"lahanas2003_stationary", "jasem2010_nctuns"} <= set(papers.ns3_setups.__all__)
    assert all(s.paper in PAPERS for s in papers.setups.SETUPS.values())


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions."""
    out = set()
    for owner in ast.walk(tree):
        body = getattr(owner, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant):
            out.add(id(body[0].value))
    return out


def test_nothing_a_user_reads_numbers_the_papers():
    """The README, the ledger's Markdown, the runs' tables, the handout's and the CLI's
    sources, papers/, paper_checks/, benchmarks/, proofs/ and notebooks/ name the papers by
    key or by authors and year; the old numbers are kept once, in papers/keys.py."""
    roots = ["README.md", "VALIDATION.md", "aimdmodel", "papers", "paper_checks", "benchmarks",
             "proofs", "notebooks", "docs"]
    found = []
    for name in roots:
        top = ROOT / name
        paths = [top] if top.is_file() else sorted(top.rglob("*")) if top.is_dir() else []
        for path in paths:
            rel = path.relative_to(ROOT).as_posix()
            if not path.is_file() or path.suffix not in (".py", ".md", ".ipynb", ".html",
                                                         ".txt", ".jsonl", ".json") \
                    or rel == "papers/keys.py":
                continue
            if OLD_NUMBER.search(path.read_text(encoding="utf-8")):
                found.append(rel)
    assert found == []
    keys = (ROOT / "papers" / "keys.py").read_text(encoding="utf-8")
    assert len(OLD_NUMBER.findall(keys)) == 5  # once per paper


def test_the_readme_table_of_the_papers_is_papers_keys():
    from papers.keys import PAPERS

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("| key | paper |")
    rows = text[start:].split("\n\n")[0].splitlines()[2:]
    assert rows == [f"| `{k}` | {p.citation} |" for k, p in PAPERS.items()]
