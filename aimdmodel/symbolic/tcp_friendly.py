"""The additive increase that makes a policy TCP-friendly, by either published criterion.

Two criteria are published for AIMD(a, b) against TCP's AIMD(1, 1/2), and
they differ:

``"periodic"`` (S. Floyd, M. Handley, J. Padhye, "A comparison of
equation-based and AIMD congestion control", 2000)
    the same throughput at the same loss rate under periodic loss without
    timeouts: equal response constants ``C`` (throughput ``C/sqrt(p)``).
    For AIMD: ``a = 3 (1 - b)/(1 + b)``, ``1/5`` at ``b = 7/8``.
``"yang-lam"`` (Y. R. Yang and S. S. Lam, "General AIMD congestion
control", ICNP 2000)
    the same window at a loss at the same loss rate (``W sqrt(p)`` equal),
    which equalizes the timeout term of their throughput formula (its
    probability of a timeout is ``min(1, 3/W)``). For AIMD:
    ``a = 4 (1 - b^2)/3``, ``0.3125`` at ``b = 7/8`` (their recommended pair
    is ``(0.31, 7/8)``).

Both are computed here from :func:`~.closed_form.derive` on the policy's
own code (one flow, one loss per cycle, ``p = 1/N``): the response constant
``sqrt(N)/n*`` for the first, ``W/sqrt(N)`` (the window at a loss times
``sqrt(p)``) for the second, each to leading order in ``W``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import sympy

from .._validate import check_choice
from ..policies import AIMD, Policy
from .closed_form import ClosedForm, derive
from .symbols import W, simp, to_sympy

__all__ = ["TCP_FRIENDLY_CRITERIA", "tcp_friendly_increase"]

TCP_FRIENDLY_CRITERIA = {
    "periodic": "Floyd, Handley & Padhye 2000: equal throughput at equal p, periodic loss "
                "(equal C in C/sqrt(p))",
    "yang-lam": "Yang & Lam 2000: equal window at loss at equal p (equal timeout term)",
}
"""The criteria :func:`tcp_friendly_increase` knows, by name."""


def _measure(cf: ClosedForm, criterion: str, name: str) -> Any:
    """Return the quantity the criterion equalizes, from a derivation (leading order in W)."""
    if cf.response_constant is None or cf.packets_per_cycle is None:
        raise ValueError(
            f"{name} {cf.policy!r} has no response constant (a fixed point with n > 0): "
            f"{cf.reason or cf.message}"
        )
    if criterion == "periodic":
        return cf.response_constant
    ratio = sympy.simplify(W / sympy.sqrt(cf.packets_per_cycle))  # window at loss * sqrt(p)
    if W in ratio.free_symbols:
        ratio = sympy.limit(ratio, W, sympy.oo)
    if ratio.is_finite is False or ratio.is_zero or ratio.has(sympy.Limit, W):
        raise ValueError(
            f"{name} {cf.policy!r}: the window at loss times sqrt(p) has no finite limit "
            f"({ratio}); the yang-lam criterion needs throughput ~ 1/sqrt(p)"
        )
    return ratio


def tcp_friendly_increase(
    b: Any,
    *,
    policy: type | Callable[..., Policy] = AIMD,
    reference: Policy | None = None,
    criterion: str = "periodic",
) -> Any:
    """Solve for the additive increase ``a`` that makes ``policy(a=a, b=b)`` TCP-friendly.

    Parameters
    ----------
    b : number or sympy symbol
        Decrease parameter passed as ``b=``.
    policy : type or callable
        A policy class taking ``a=`` and ``b=`` (default :class:`AIMD`), or
        any callable ``(a=..., b=...) -> Policy`` (e.g.
        ``lambda a, b: SIMD(alpha=a, beta=b)``).
    reference : Policy, optional
        The policy to be friendly to (default TCP, ``AIMD(a=1, b=1/2)``).
    criterion : {"periodic", "yang-lam"}
        Which published criterion (:data:`TCP_FRIENDLY_CRITERIA`):
        equal throughput at equal loss rate under periodic loss (Floyd,
        Handley & Padhye 2000; the default), or equal window at loss (Yang
        & Lam 2000).

    Returns
    -------
    sympy.Expr
        The positive ``a``.

    Raises
    ------
    ValueError
        If either policy has no response constant, the criterion is
        unknown, or the equation has not exactly one positive solution.

    Examples
    --------
    >>> tcp_friendly_increase(sympy.Rational(7, 8))
    1/5
    >>> tcp_friendly_increase(sympy.Rational(7, 8), criterion="yang-lam")
    5/16
    >>> b = sympy.Symbol("b", positive=True)
    >>> sympy.factor(tcp_friendly_increase(b))
    -3*(b - 1)/(b + 1)
    >>> sympy.factor(tcp_friendly_increase(b, criterion="yang-lam"))
    -4*(b - 1)*(b + 1)/3
    """
    check_choice("criterion", criterion, tuple(TCP_FRIENDLY_CRITERIA))
    a = sympy.Symbol("a", positive=True)
    ref = derive(reference if reference is not None else AIMD(a=1, b=sympy.Rational(1, 2)))
    mine = derive(policy(a=a, b=to_sympy(b)))
    target = _measure(ref, criterion, "reference")
    value = _measure(mine, criterion, "policy")
    sols = sympy.solve(value**2 - target**2, a)
    if len(sols) != 1:
        raise ValueError(f"expected one positive increase a, got {sols}")
    return simp(sols[0])
