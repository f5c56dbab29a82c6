"""The symbols every closed form is written in, and exact conversion into sympy.

:data:`W` is the capacity; ``n_j`` (cycle length) and ``tau`` (time within a
cycle) are reserved by the derivation. Numeric parameters become exact sympy
Rationals (``0.7`` is ``7/10``); symbols stay symbols.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import sympy

from .._arith import is_number, is_symbolic, to_fraction
from ..policies import Policy

__all__ = ["RESERVED", "TAU", "N", "Undecided", "W", "simp", "sympified", "to_sympy"]

W = sympy.Symbol("W", positive=True)
"""The capacity symbol (packets per RTT) in which every closed form is written."""

TAU = sympy.Symbol("tau", nonnegative=True)
"""Time (RTTs) since the start of a cycle, the variable of the efficiency integral."""

N = sympy.Symbol("n_j", nonnegative=True)
"""RTTs of additive increase in cycle ``j`` (the cycle length), taken real."""

RESERVED = (W.name, N.name, TAU.name)
"""Symbol names a policy parameter may not use (the derivation's own)."""


class Undecided(Exception):
    """sympy could not solve or decide a step of the derivation.

    The message names the step and what sympy reported; :func:`derive`
    turns it into ``success=False`` and never lets it escape.

    Examples
    --------
    >>> str(Undecided("sympy could not integrate x"))
    'sympy could not integrate x'
    """


def to_sympy(value: Any) -> Any:
    """Return a number as an exact sympy Rational; symbols and the rest unchanged.

    Examples
    --------
    >>> to_sympy(0.7), to_sympy(W)
    (7/10, W)
    """
    if is_symbolic(value):
        return value
    if is_number(value):
        f = to_fraction(value)
        return sympy.Rational(f.numerator, f.denominator)
    return value


def sympified(policy: Policy) -> Policy:
    """Return a copy of ``policy`` whose numeric parameters are sympy Rationals.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> sympified(AIMD(b=0.7)).b
    7/10
    """
    changes = {k: to_sympy(v) for k, v in policy.params().items() if is_number(v)}
    return dataclasses.replace(policy, **changes) if changes else policy


def as_expr(value: Any) -> Any:
    """Turn a computed value (number, Fraction, sympy object) into a sympy expression.

    Strict: a string is refused (sympy would *evaluate* it as Python), so no
    text given by a user is ever evaluated.

    Examples
    --------
    >>> from fractions import Fraction
    >>> as_expr(Fraction(1, 2))
    1/2
    >>> as_expr("__import__('os')")
    Traceback (most recent call last):
    ...
    TypeError: expected a number or a sympy expression, got the string "__import__('os')"
    """
    if isinstance(value, (str, bytes)):
        raise TypeError(f"expected a number or a sympy expression, got the string {value!r}")
    try:
        return sympy.sympify(value, strict=True)
    except sympy.SympifyError:
        raise TypeError(f"expected a number or a sympy expression, got {value!r}") from None


def simp(expr: Any) -> Any:
    """Simplify an expression, keeping the shorter of ``factor`` and ``simplify``.

    Examples
    --------
    >>> simp(W**2 / 2 - W**2 / 8)
    3*W**2/8
    """
    expr = as_expr(expr)
    if expr.free_symbols:
        out = sympy.factor(sympy.simplify(expr))
        return out if sympy.count_ops(out) <= sympy.count_ops(expr) else sympy.simplify(expr)
    return sympy.nsimplify(expr) if expr.is_Float else expr
