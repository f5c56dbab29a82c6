"""A policy's rule as sympy expressions, traced from its own code and verified exactly.

A policy is plain arithmetic, so running its ``init``, ``increase``,
``decrease`` and ``window`` on sympy symbols gives its rule as expressions;
:func:`verify` checks them against the methods in Fractions on probe states.
The ns-3 bridge prints them as C++ (:mod:`aimdmodel.ns3.rules`), the queue
model's packet-level mode compiles them to its own stack programs
(:mod:`aimdmodel.queue.packet`): one trace, one rule, in every place it runs.

Examples
--------
>>> from aimdmodel import AIMD
>>> fields, syms, (init, inc, dec, win) = trace(AIMD(b=0.875))
>>> fields, inc, win
(('w',), WindowState(w=s0 + 1), s0)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import sympy

from .._arith import to_fraction
from .base import Policy

__all__ = ["W", "expr", "trace", "verify"]

W = sympy.Symbol("w", real=True)
"""The window symbol ``init`` is traced on."""


def trace(policy: Policy) -> tuple:
    """Run the policy's methods on symbols: ``(fields, symbols, (init, inc, dec, window))``.

    Examples
    --------
    >>> from aimdmodel import NewAIMD
    >>> trace(NewAIMD())[2][2]
    NewAIMDState(x=s0/2, t=s1 + 1)
    """
    pol = policy.converted(to_fraction)
    s0 = pol.init(W)
    syms = sympy.symbols(f"s0:{len(s0)}", real=True)
    state = type(s0)(*syms)
    exprs = (s0, pol.increase(state), pol.decrease(state), pol.window(state))
    return s0._fields, syms, exprs


def expr(value: Any) -> Any:
    """Return a traced value as a sympy expression (policies give Fractions and ints).

    Examples
    --------
    >>> expr(0.5)
    1/2
    """
    if isinstance(value, sympy.Basic):
        return value
    f = Fraction(value)
    return sympy.Rational(f.numerator, f.denominator)


def _as_fraction(value: Any) -> Fraction:
    v = expr(value)
    if not isinstance(v, sympy.Rational):
        raise ValueError(f"a traced value did not evaluate to a number: {v}")
    return Fraction(int(v.p), int(v.q))


def _at(e: Any, sub: dict) -> Fraction:
    return _as_fraction(expr(e).subs(sub))


def verify(policy: Policy, traced: tuple) -> None:
    """Check traced expressions against the policy's own methods, exactly, on probe states.

    ``traced`` is ``(symbols, init, inc, dec, window)`` as :func:`trace` gives them.

    The probes: ``init`` of non-dyadic windows, then after increases and
    decreases (so every state variable is nonzero somewhere).

    Raises
    ------
    ValueError
        Naming the method, the state and both values, if they differ.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> fields, syms, exprs = trace(AIMD())
    >>> verify(AIMD(), (syms, *exprs))
    """
    syms, init, inc, dec, win = traced
    pol = policy.converted(to_fraction)
    for x in (Fraction(7, 3), Fraction(29, 7), Fraction(1000)):
        s = pol.init(x)
        states = [s, pol.increase(s), pol.decrease(pol.increase(pol.increase(s)))]
        states.append(pol.decrease(pol.increase(states[-1])))
        got = [_at(e, {W: expr(x)}) for e in init]
        _same(policy, "init", x, got, [_as_fraction(v) for v in s])
        for st in states:
            sub = {sym: expr(v) for sym, v in zip(syms, st, strict=True)}
            for name, exprs, new in (("increase", inc, pol.increase(st)),
                                     ("decrease", dec, pol.decrease(st))):
                got = [_at(e, sub) for e in exprs]
                _same(policy, name, st, got, [_as_fraction(v) for v in new])
            _same(policy, "window", st, [_at(win, sub)], [_as_fraction(pol.window(st))])


def _same(policy: Policy, method: str, at: Any, got: list, want: list) -> None:
    if got != want:
        raise ValueError(f"the rule traced from {policy.label()}.{method} gives "
                         f"{[str(v) for v in got]} at {at}, its own method "
                         f"{[str(v) for v in want]}")
