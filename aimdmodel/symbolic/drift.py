r"""The fluid increase of a policy that declares it: closed form, or integrated drift.

A policy whose ``advance`` has no closed form (the binomial controls'
``w + alpha / w**k`` iterated) may declare its *fluid limit*
(:meth:`aimdmodel.policies.Policy.fluid_advance` or
:meth:`~aimdmodel.policies.Policy.drift`). :func:`fluid_advance_of` returns
the function ``(state, tau) -> state`` that :func:`~.closed_form.derive`
then uses in place of ``advance``:

* the policy's own ``fluid_advance`` when it gives one;
* otherwise its ``drift`` integrated by sympy, field by field: for a field
  ``x`` whose drift ``g(x)`` depends on ``x`` alone (an autonomous,
  separable equation ``dx/dt = g(x)``), the time to go from ``x0`` to ``x``
  is ``T(x) = integral_{x0}^{x} du / g(u)``, and ``x(tau)`` is the solution of
  ``T(x) = tau``; a field with drift 0 stays constant.

A drift that couples the fields, an integral sympy cannot do, or an
equation ``T(x) = tau`` without exactly one positive solution raises
:class:`~.symbols.Undecided`: ``derive`` then reports ``success=False``.

Examples
--------
>>> import sympy
>>> from aimdmodel.policies import IIAD
>>> step = fluid_advance_of(IIAD())
>>> w, tau = sympy.symbols("w tau", positive=True)
>>> step(IIAD().init(w), tau).w
sqrt(2*tau + w**2)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import sympy

from ..policies import Policy
from .symbols import Undecided, as_expr

__all__ = ["fluid_advance_of", "integrate_drift"]

Advance = Callable[[tuple, Any], tuple]


def _field_solution(g: Any, x: Any, field: str) -> Any:
    """Solve ``dx/dt = g(x)``, ``x(0) = x0``: return ``x(tau)`` in ``x0`` and ``tau``."""
    x0, xe, tau, u = sympy.symbols("x0 x_e tau_f u", positive=True)
    rate = as_expr(g).xreplace({x: u})
    try:
        elapsed = sympy.integrate(1 / rate, (u, x0, xe))
    except (NotImplementedError, ValueError) as exc:  # pragma: no cover - sympy internals
        raise Undecided(f"sympy could not integrate 1/({rate}) for the drift of {field}") from exc
    if elapsed.has(sympy.Integral):
        raise Undecided(f"sympy could not integrate 1/({rate}) for the drift of {field}")
    try:
        sols = sympy.solve(sympy.Eq(elapsed, tau), xe)
    except NotImplementedError as exc:
        raise Undecided(
            f"sympy could not solve {elapsed} = tau for {field} (the drift's time to reach it)"
        ) from exc
    sols = [s for s in sols if s.is_real is not False and s.is_negative is not True]
    if len(sols) != 1:
        raise Undecided(
            f"the drift of {field}, {g}, gives {len(sols)} candidate solutions of "
            f"{elapsed} = tau: {sols}"
        )
    return sympy.Lambda((x0, tau), sols[0])


def integrate_drift(policy: Policy, state_type: type) -> Advance:
    """Integrate ``policy.drift`` field by field into a fluid ``advance(s, tau)``.

    Parameters
    ----------
    policy : Policy
        Its ``drift(s)`` returns the state's time derivative (per RTT).
    state_type : type
        The policy's state NamedTuple.

    Raises
    ------
    Undecided
        A drift that couples the fields, or that sympy cannot integrate and
        invert.

    Examples
    --------
    >>> from aimdmodel.policies import SQRT, WindowState
    >>> import sympy
    >>> w, tau = sympy.symbols("w tau", positive=True)
    >>> integrate_drift(SQRT(), WindowState)(WindowState(w), tau).w
    (3*tau/2 + w**(3/2))**(2/3)
    """
    fields = state_type._fields
    syms = [sympy.Symbol(f"{f}_d", positive=True) for f in fields]
    rates = policy.drift(state_type(*syms))
    solutions: list[Any] = []
    for f, x, g in zip(fields, syms, rates, strict=True):
        g = as_expr(g)
        if g == 0:
            solutions.append(None)
            continue
        others = g.free_symbols & (set(syms) - {x})
        if others:
            raise Undecided(
                f"the drift of {f}, {g}, depends on the other state variables "
                f"{sorted(map(str, others))}: derive integrates separable drifts only"
            )
        solutions.append(_field_solution(g, x, f))

    def advance(s: tuple, tau: Any) -> tuple:
        return state_type(*(
            v if sol is None else sol(v, tau) for v, sol in zip(s, solutions, strict=True)
        ))

    return advance


def fluid_advance_of(policy: Policy) -> Advance | None:
    """Return the policy's fluid ``advance(s, tau)``, or None when it declares none.

    Its own :meth:`~aimdmodel.policies.Policy.fluid_advance` if that returns
    a state, else its integrated :meth:`~aimdmodel.policies.Policy.drift`.

    Raises
    ------
    Undecided
        The declared drift cannot be integrated (see :func:`integrate_drift`).
    """
    if not policy.has_fluid_limit:
        return None
    template = policy.init(sympy.Symbol("x", positive=True))
    if policy.fluid_advance(template, sympy.Symbol("tau", positive=True)) is not None:
        return policy.fluid_advance
    if policy.drift(template) is None:
        return None
    return integrate_drift(policy, type(template))
