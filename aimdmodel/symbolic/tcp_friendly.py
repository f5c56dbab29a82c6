"""The additive increase that gives a policy TCP's response constant."""

from __future__ import annotations

from typing import Any

import sympy

from ..policies import AIMD, Policy
from .closed_form import derive
from .symbols import simp, to_sympy

__all__ = ["tcp_friendly_increase"]


def tcp_friendly_increase(b: Any, *, policy: type = AIMD, reference: Policy | None = None) -> Any:
    """Solve ``C(a, b) = C_reference`` for the additive increase ``a``.

    Both response constants come from :func:`~.closed_form.derive`: the one
    of ``policy(a=a, b=b)`` with ``a`` a positive symbol, and the one of
    ``reference`` (TCP, ``AIMD(a=1, b=1/2)``, by default).

    Parameters
    ----------
    b : number or sympy symbol
        Decrease factor.
    policy : type
        A policy class taking ``a=`` and ``b=`` (default :class:`AIMD`).
    reference : Policy, optional
        The policy to be friendly to (default ``AIMD(a=1, b=1/2)``).

    Returns
    -------
    sympy.Expr
        The positive ``a``.

    Raises
    ------
    ValueError
        If either policy has no response constant (no fixed point with
        ``n > 0``, or sympy could not solve its cycle map), or the equation
        has not exactly one positive solution.

    Examples
    --------
    >>> tcp_friendly_increase(sympy.Rational(7, 8))
    1/5
    >>> b = sympy.Symbol("b", positive=True)
    >>> sympy.factor(tcp_friendly_increase(b))
    -3*(b - 1)/(b + 1)
    """
    a = sympy.Symbol("a", positive=True)
    ref = derive(reference if reference is not None else AIMD(a=1, b=sympy.Rational(1, 2)))
    mine = derive(policy(a=a, b=to_sympy(b)))
    for name, cf in (("policy", mine), ("reference", ref)):
        if cf.response_constant is None:
            raise ValueError(
                f"{name} {cf.policy!r} has no response constant (a fixed point with n > 0): "
                f"{cf.reason or cf.message}"
            )
    sols = sympy.solve(mine.response_constant**2 - ref.response_constant**2, a)
    if len(sols) != 1:
        raise ValueError(f"expected one positive increase a, got {sols}")
    return simp(sols[0])
