"""Cycles for two flows' window difference to fall to ``eps``, from the derived contraction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy

from .._arith import to_fraction
from ..policies import Policy
from .closed_form import derive

__all__ = ["FairnessCycles", "fairness_cycles"]


@dataclass(frozen=True)
class FairnessCycles:
    """Cycles for two flows' window difference to fall to ``eps``.

    Attributes
    ----------
    cycles : int
        Smallest ``j >= 0`` with ``|x1 - x2| * rho**j <= eps`` (exact
        arithmetic), ``rho`` the derived contraction per congestion event.
    formula : sympy.Expr
        ``log(|x1 - x2| / eps) / log(1/rho)``, whose ceiling (when
        positive) is ``cycles``.
    paper : sympy.Expr
        Lahanas & Tsaoussidis 2003's estimate ``1 + log_beta(max(x1, x2))`` with
        ``beta = 1/rho`` (``1 + lg max(x1, x2)`` for ``rho = 1/2``).
    contraction : sympy.Expr
        ``rho``.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> fairness_cycles(AIMD(), 1, 30).cycles
    5
    """

    cycles: int
    formula: Any
    paper: Any
    contraction: Any


def _exact(name: str, value: Any) -> Any:
    f = to_fraction(value, name)
    return sympy.Rational(f.numerator, f.denominator)


def _contraction(policy: Policy) -> Any:
    """Return the derived contraction of ``policy``, checked to be a number in (0, 1)."""
    cf = derive(policy)
    rho = cf.contraction
    if rho is None:
        why = "" if cf.success else f" (sympy: {cf.message})"
        raise ValueError(
            f"{policy!r}: the window difference does not contract by a constant factor{why}"
        )
    if rho.free_symbols:
        raise TypeError(f"the contraction {rho} is symbolic; give the policy numeric parameters")
    if not 0 < rho < 1:
        raise ValueError(
            f"{policy!r}: contraction {rho} is not in (0, 1); the windows do not converge"
        )
    return rho


def fairness_cycles(policy: Policy, x1: Any, x2: Any, eps: Any = 1) -> FairnessCycles:
    """Count the congestion events until two windows are within ``eps``.

    The difference of two flows' windows is unchanged by additive increase
    and multiplied by the derived ``contraction`` at every congestion event,
    so after ``j`` events it is ``|x1 - x2| rho**j``; this is compared with
    Lahanas & Tsaoussidis 2003's ``1 + lg max(x1, x2)`` (Sec. 2.1, Theorem 1's proof).
    ``<= eps`` is the criterion of :func:`aimdmodel.metrics.cycles_to_fairness`.

    Parameters
    ----------
    policy : Policy
        A policy whose :func:`~.closed_form.derive` gives a numeric
        contraction in (0, 1).
    x1, x2 : number
        Initial windows (``>= 0``).
    eps : number
        Tolerance on the difference, ``> 0`` (default 1 packet).

    Returns
    -------
    FairnessCycles

    Raises
    ------
    ValueError
        If the windows or ``eps`` are out of range, or the policy's window
        difference does not contract by a constant factor in (0, 1).
    TypeError
        If the contraction is symbolic (pass numeric parameters).

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> r = fairness_cycles(AIMD(), 1, 30)
    >>> r.cycles, round(float(r.paper), 3)
    (5, 5.907)
    """
    xs = [_exact("x1", x1), _exact("x2", x2)]
    for name, v, x in (("x1", x1, xs[0]), ("x2", x2, xs[1])):
        if x < 0:
            raise ValueError(f"{name} must be >= 0, got {v}")
    eps_r = _exact("eps", eps)
    if eps_r <= 0:
        raise ValueError(f"eps must be > 0, got {eps}")
    rho = _contraction(policy)
    d = abs(xs[0] - xs[1])
    j = 0
    while d > eps_r:
        d *= rho
        j += 1
    formula = sympy.log(abs(xs[0] - xs[1]) / eps_r) / sympy.log(1 / rho) if xs[0] != xs[1] else 0
    paper = 1 + sympy.log(max(xs)) / sympy.log(1 / rho) if max(xs) > 0 else sympy.Integer(1)
    return FairnessCycles(cycles=j, formula=formula, paper=paper, contraction=rho)
