"""Where the ledger's evidence comes from: an instrumented run of the claims ledger.

A claim's evidence must show a value computed in the run (by the library, by a
paper's helper, by sympy) or quote a passage located in the paper's text.
:func:`instrumented_run` runs every registered claim with the claim modules'
entry points into ``aimdmodel``, ``papers`` and ``sympy`` wrapped, so that
every value such a call returns (and every value a shared set-up of
:func:`paper_checks._build.shared` hands out, cached or not) is recorded for
the claim that asked for it. :func:`shows_computed` then looks for one of those
values in the claim's ``computed`` and ``evidence`` text. A claim built from
typed literals records nothing (or nothing it shows) and fails.
:func:`typed_comparisons` reads a claim function's code for checks decided by
typing: a value compared with itself, and keywords typed into the check and
looked for in the paper's text.

Nothing here changes what the claims compute: the wrappers return what they
wrap.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import importlib
import inspect
import re
import textwrap
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

import numpy as np
import sympy

from paper_checks import _build, runner
from papers import texts

TRACED = ("aimdmodel", "papers", "sympy")
"""Packages whose functions count as computation when a claim module calls them."""

TRIVIAL = {0, 1, -1}
"""Numbers too common to count as evidence of a computation."""


class Recorder:
    """Collects the values returned to the claim that is running."""

    def __init__(self) -> None:
        self.current: list[Any] | None = None

    def add(self, value: Any) -> None:
        if self.current is not None:
            self.current.append(value)


def _wrap(fn: Callable[..., Any], rec: Recorder) -> Callable[..., Any]:
    @functools.wraps(fn)
    def traced(*args: Any, **kwargs: Any) -> Any:
        value = fn(*args, **kwargs)
        rec.add(value)
        return value

    return traced


class _ModuleProxy:
    """A module whose functions are traced (classes, constants pass through)."""

    def __init__(self, module: types.ModuleType, rec: Recorder) -> None:
        self._module, self._rec = module, rec

    def __getattr__(self, name: str) -> Any:
        return _instrument(getattr(self._module, name), self._rec)


def _traced_package(name: str) -> bool:
    """Whether a function of module ``name`` counts as computation: a module of TRACED, but not
    a claim module itself (``papers/KEY/claims.py``: its helpers are the claim's own code)."""
    return name.split(".")[0] in TRACED and name not in runner.PAPERS.values()


def _instrument(obj: Any, rec: Recorder) -> Any:
    if isinstance(obj, types.ModuleType):
        return _ModuleProxy(obj, rec) if _traced_package(obj.__name__) else obj
    if inspect.isclass(obj):
        return obj
    if inspect.isfunction(obj) or inspect.isbuiltin(obj):
        return _wrap(obj, rec) if _traced_package(getattr(obj, "__module__", "") or "") else obj
    return obj


@contextmanager
def _instrumented(rec: Recorder) -> Iterator[None]:
    patched = []
    for name in dict.fromkeys(runner.PAPERS.values()):
        mod = importlib.import_module(name)
        for attr, obj in list(vars(mod).items()):
            new = _instrument(obj, rec)
            if new is not obj:
                setattr(mod, attr, new)
                patched.append((mod, attr, obj))
    _build.ON_SHARED.append(rec.add)
    for fn in _build.SHARED:
        fn.cache_clear()
    try:
        yield
    finally:
        for mod, attr, obj in reversed(patched):
            setattr(mod, attr, obj)
        _build.ON_SHARED.remove(rec.add)


def instrumented_run(papers: list[str] | None = None) -> list[tuple[Any, list[Any]]]:
    """Run the ledger claim by claim under instrumentation: (claim, recorded values) pairs."""
    rec = Recorder()
    keys = list(papers or runner.PAPERS)
    for key in keys:
        importlib.import_module(runner.PAPERS[key])
    out = []
    with _instrumented(rec):
        for key in keys:
            for spec in _build.REGISTRY[key]:
                rec.current = []
                claim = spec.run()
                out.append((claim, rec.current))
                rec.current = None
    return out


# --------------------------------------------------------------------------
# what a recorded value looks like in the text
# --------------------------------------------------------------------------
def _collect(v: Any, out: list[Any], depth: int = 0) -> None:
    if len(out) > 20_000 or depth > 5 or v is None or isinstance(v, bool):
        return
    if isinstance(v, (int, float, Fraction, Decimal, np.integer, np.floating, str)):
        out.append(v)
    elif isinstance(v, sympy.Basic):
        out.append(v if v.is_number else str(v))
    elif isinstance(v, np.ndarray):
        flat = v.ravel()
        for x in [*flat[:200], *flat[-200:]]:
            _collect(x, out, depth + 1)
    elif isinstance(v, dict):
        for x in list(v.values())[:500]:
            _collect(x, out, depth + 1)
    elif isinstance(v, (list, tuple, set, frozenset)):
        items = list(v)
        for x in [*items[:300], *items[-100:]]:
            _collect(x, out, depth + 1)
    elif dataclasses.is_dataclass(v) and not isinstance(v, type):
        for f in dataclasses.fields(v):
            _collect(getattr(v, f.name), out, depth + 1)


_TOKEN = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?(?:/\d+)?)(%?)")


def _tokens(text: str) -> list[tuple[str, bool]]:
    return [(m.group(1), bool(m.group(2))) for m in _TOKEN.finditer(text)]


def _matches(value: Any, token: str, percent: bool) -> bool:
    try:
        if isinstance(value, sympy.Basic):
            value = Fraction(str(value)) if value.is_Rational else float(value)
        if "/" in token:
            return Fraction(token) == Fraction(value) if not isinstance(value, float) else \
                abs(float(Fraction(token)) - value) <= 1e-9 * max(1.0, abs(value))
        t = Decimal(token)
    except (InvalidOperation, ValueError, TypeError, ZeroDivisionError, OverflowError):
        return False
    v = float(value) * (100 if percent else 1)
    exp = t.as_tuple().exponent
    if "e" in token.lower():  # significant digits of the mantissa
        digits = len(token.lower().split("e")[0].replace("-", "").replace(".", "")) - 1
        return abs(v - float(t)) <= 0.5 * 10 ** -digits * abs(float(t)) * (1 + 1e-9)
    tol = 0.5 * 10 ** exp if isinstance(exp, int) and exp < 0 else 1e-9 * max(1.0, abs(v))
    return abs(v - float(t)) <= tol * (1 + 1e-9) + 1e-12


def shows_computed(text: str, recorded: list[Any]) -> Any:
    """The first recorded value the text shows (None when it shows none)."""
    values: list[Any] = []
    for r in recorded:
        _collect(r, values)
    flat = texts.normalize(text)
    toks = _tokens(flat)
    for v in values:
        if isinstance(v, str):
            if len(v) >= 6 and texts.normalize(v) in flat:
                return v
            continue
        try:
            if float(v) in TRIVIAL:
                continue
        except (TypeError, ValueError, OverflowError):
            continue
        for tok, pct in toks:
            if _matches(v, tok, pct):
                return v
    return None


# --------------------------------------------------------------------------
# what a claim function's code compares
# --------------------------------------------------------------------------
PAPER_TEXT = (".text", ".sentence(", "fraction_parts(")
"""Expressions that read the paper's text (a located quote's phrase or sentence)."""

RULES_WITH_TWO_VALUES = ("verdict_from_tolerance", "above")
"""Rule calls whose first two value arguments are compared (a value against a claim)."""


def _assignments(fn_node: ast.AST, *, unpacked: bool = True) -> dict[str, ast.AST]:
    """Local names assigned once in the function, to their expression (with ``unpacked``,
    also each name of a tuple target, to the whole expression it unpacks)."""
    seen: dict[str, list[ast.AST]] = {}
    for n in ast.walk(fn_node):
        if isinstance(n, ast.Assign) and len(n.targets) == 1:
            target = n.targets[0]
            many = isinstance(target, ast.Tuple)
            for t in (target.elts if many and unpacked else [target]):
                if isinstance(t, ast.Name):
                    seen.setdefault(t.id, []).append(n.value)
    return {k: v[0] for k, v in seen.items() if len(v) == 1}


def _assigned(fn_node: ast.AST) -> dict[str, str]:
    """Local names assigned once in the function (not by unpacking), to their source."""
    return {k: ast.unparse(v) for k, v in _assignments(fn_node, unpacked=False).items()}


def _same(a: ast.AST, b: ast.AST, names: dict[str, str]) -> bool:
    """Whether two expressions are the same, a local name standing for what it was assigned."""
    def src(x: ast.AST) -> str:
        text = ast.unparse(x)
        for _ in range(10):  # a name for a name: follow the chain
            if not (text.isidentifier() and text in names):
                break
            text = names[text]
        return text
    return ast.dump(a) == ast.dump(b) or src(a) == src(b)


def _reads_paper(expr: ast.AST, nodes: dict[str, ast.AST]) -> bool:
    text = ast.unparse(expr)
    for n in ast.walk(expr):
        if isinstance(n, ast.Name) and n.id in nodes:
            text += " " + ast.unparse(nodes[n.id])
    return any(k in text for k in PAPER_TEXT)


def _literal_strings(node: ast.AST, nodes: dict[str, ast.AST] | None = None) -> bool:
    """Whether an expression is typed strings: a literal collection (tuples, lists, sets,
    dicts of string constants), or an item of a local name assigned one."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Name) and nodes and node.id in nodes:
        node = nodes[node.id]
    if not isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)):
        return False
    kinds = (ast.Tuple, ast.List, ast.Set, ast.Dict, ast.Constant, ast.expr_context)
    parts = list(ast.walk(node))
    return all(isinstance(x, kinds) for x in parts) and any(
        isinstance(x, ast.Constant) for x in parts) and all(
        isinstance(x.value, str) for x in parts if isinstance(x, ast.Constant))


def typed_comparisons(fn: Callable[..., Any]) -> list[str]:
    """What in a claim function's code decides a check by what was typed, not computed.

    Two kinds: a comparison of a value with itself (the same expression on both sides of
    ``==``, ``<`` ..., or as both values of :func:`~paper_checks.ledger.verdict_from_tolerance`
    or ``above``; a local name counts as the expression it was assigned), and keywords typed
    into the check (a string literal, or a name running over a literal tuple of strings,
    tested with ``in`` against the paper's text: a located quote's ``.text`` or
    ``.sentence()``, or ``fraction_parts``). The strings a check looks for in the paper must
    come from the paper or from a computation.
    """
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError):
        return []
    names, nodes = _assigned(tree), _assignments(tree)
    loops = {n.target.id for n in ast.walk(tree) if isinstance(n, ast.comprehension)
             and isinstance(n.target, ast.Name) and _literal_strings(n.iter, nodes)}
    found = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Compare):
            for left, op, right in zip([n.left, *n.comparators], n.ops, n.comparators,
                                       strict=False):
                if isinstance(op, (ast.In, ast.NotIn)):
                    typed = (isinstance(left, ast.Constant) and isinstance(left.value, str)) or (
                        isinstance(left, ast.Name) and left.id in loops)
                    if typed and _reads_paper(right, nodes):
                        found.append(f"keyword typed into a check: {ast.unparse(n)}")
                elif _same(left, right, names):
                    found.append(f"a value compared with itself: {ast.unparse(n)}")
        elif isinstance(n, ast.Call):
            name = n.func.attr if isinstance(n.func, ast.Attribute) else getattr(n.func, "id", "")
            args = n.args[1:3] if name == "above" else n.args[:2]
            if name in RULES_WITH_TWO_VALUES and len(args) == 2 and _same(*args, names):
                found.append(f"a value compared with itself: {ast.unparse(n)}")
    return found
