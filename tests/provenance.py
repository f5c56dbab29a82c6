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

Nothing here changes what the claims compute: the wrappers return what they
wrap.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import inspect
import re
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
    return name.split(".")[0] in TRACED


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
