"""Verify what a policy declares before a fast engine relies on it.

A policy declares (see :class:`aimdmodel.policies.Policy`):

* ``linear_coefficients``: the compiled kernels run exactly Chiu and Jain's
  linear control with these coefficients;
* ``affine_advance``: the cycle engine jumps ``advance(s, n)`` in closed
  form, and ``record="cycles"`` interpolates windows between knots.

The engines never *guess* a policy's kind from probes: a policy that does
not declare a property is run by the reference step engine. A declaration
is *checked* here, in exact arithmetic on probe states with as many flows
as the run has, against the policy's own ``init``/``window``/``increase``/
``decrease``/``advance``. A declaration that the policy's own methods
contradict is a bug of the policy: :class:`DeclarationError` says what
disagreed, and an exception raised by the policy's methods reaches the
caller unchanged. Neither is turned into a silent fall-back.

Examples
--------
>>> from aimdmodel import AIMD, AIMDFC, MIMD
>>> [str(c[0]) for c in linear_spec(AIMD(a=2), flows=2)]
['2', '1', '0', '1/2', '0']
>>> linear_spec(AIMDFC(), flows=2) is None
True
>>> affine(AIMDFC(), flows=2), affine(MIMD(), flows=2)
(True, False)
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

import numpy as np

from .._arith import is_number, to_fraction
from ..policies import Policy

__all__ = ["DeclarationError", "affine", "linear_spec"]

_PROBE_N = (0, 1, 2, 3, 7)


class DeclarationError(ValueError):
    """A policy's declaration is contradicted by its own methods."""


def _probe_x(flows: int, extra: Any = None) -> np.ndarray:
    """Exact probe windows, shape ``(2, flows)``: distinct, non-dyadic values."""
    base = [Fraction(7, 3), Fraction(11, 5), Fraction(29, 7), Fraction(1000), Fraction(0)]
    rows = []
    for r in range(2):
        rows.append([base[(i + r) % len(base)] + i + r for i in range(flows)])
    x = np.empty((2, flows), dtype=object)
    x[:] = rows
    if extra is not None:
        x[1, 0] = extra
    return x


def _cache_key(policy: Policy, flows: int) -> Any:
    try:
        hash(policy)
    except TypeError:  # per-flow parameters held in arrays
        return None
    return (policy, flows)


def linear_spec(policy: Policy, *, flows: int = 1) -> tuple | None:
    """Return the verified ``(a_i, b_i, a_d, b_d, floor)`` of a declared linear control.

    Parameters
    ----------
    policy : Policy
        Parameters may be in any arithmetic; they are read as Fractions.
    flows : int
        Number of flows of the run (per-flow parameters broadcast over them).

    Returns
    -------
    tuple of 5 object arrays ``(flows,)`` of Fraction, or None
        ``a_i, b_i, a_d, b_d, floor`` for each flow (a scalar coefficient is
        repeated); None when the policy declares no ``linear_coefficients``
        or some of them are symbolic.

    Raises
    ------
    DeclarationError
        If ``increase``/``decrease`` disagree with the declared coefficients
        on the probe windows, or the state is not the window alone.
    """
    key = _cache_key(policy, flows)
    if key is not None:
        return _linear_cached(*key)
    return _linear(policy, flows)


@functools.lru_cache(maxsize=512)
def _linear_cached(policy: Policy, flows: int) -> tuple | None:
    return _linear(policy, flows)


def _per_flow(value: Any, flows: int) -> np.ndarray | None:
    """Return a coefficient as an object array ``(flows,)`` of Fractions (None if symbolic)."""
    items = np.broadcast_to(np.asarray(value, dtype=object), (flows,))
    if not all(is_number(v) for v in items):
        return None
    out = np.empty(flows, dtype=object)
    out[:] = [to_fraction(v, "coefficient") for v in items]
    return out


def _linear(policy: Policy, flows: int) -> tuple | None:
    coef = policy.linear_coefficients
    if coef is None:
        return None
    if len(coef) != 4:
        raise DeclarationError(
            f"{policy!r} declares linear_coefficients {coef!r}: need (a_i, b_i, a_d, b_d)"
        )
    arrays = [_per_flow(v, flows) for v in (*coef, policy.window_floor)]
    if any(a is None for a in arrays):
        return None
    a_i, b_i, a_d, b_d, fl = arrays
    pol = policy.converted(to_fraction)
    x = _probe_x(flows)
    x[1] = np.maximum(x[1], fl)  # a probe at the floor, never below it
    x[1, 0] = fl[0]
    s = pol.init(x)
    if not _window_alone(pol, s, x):
        raise DeclarationError(
            f"{policy!r} declares linear_coefficients, but its state is not the window alone"
        )
    up = np.asarray(pol.window(pol.increase(s)), dtype=object)
    down = np.asarray(pol.window(pol.decrease(s)), dtype=object)
    for (r, i), w in np.ndenumerate(x):
        want_u = a_i[i] + b_i[i] * w
        want_d = max(a_d[i] + b_d[i] * w, fl[i])
        if up[r, i] != want_u or down[r, i] != want_d:
            raise DeclarationError(
                f"{policy!r} declares linear_coefficients {tuple(str(v) for v in coef)}, "
                f"but at w = {w} (flow {i}) its increase gives {up[r, i]} (declared {want_u}) "
                f"and its decrease {down[r, i]} (declared {want_d})"
            )
    return tuple(arrays)


def _window_alone(pol: Policy, s: tuple, x: np.ndarray) -> bool:
    """Tell whether the state is the window alone: ``window(init(x)) == x`` and back."""
    if (np.asarray(pol.window(s), dtype=object) != x).any():
        return False
    s1 = pol.increase(s)
    again = pol.init(np.asarray(pol.window(s1), dtype=object))
    return len(again) == len(s1) and all(
        np.shape(a) == np.shape(b) and (np.asarray(a, dtype=object) == b).all()
        for a, b in zip(again, s1, strict=True)
    )


def affine(policy: Policy, *, flows: int = 1) -> bool:
    """Whether ``policy`` declares an affine ``advance`` (verified).

    Parameters
    ----------
    policy : Policy
    flows : int
        Number of flows of the run.

    Returns
    -------
    bool
        False when the policy does not declare ``affine_advance``.

    Raises
    ------
    DeclarationError
        If the policy declares it but some state variable of
        ``advance(s, n)`` is not affine in ``n`` on the probe states, or
        ``advance(s, n)`` differs from ``n`` increases.
    """
    if not policy.affine_advance:
        return False
    key = _cache_key(policy, flows)
    if key is not None:
        return _affine_cached(*key)
    return _affine(policy, flows)


@functools.lru_cache(maxsize=512)
def _affine_cached(policy: Policy, flows: int) -> bool:
    return _affine(policy, flows)


def _affine(policy: Policy, flows: int) -> bool:
    pol = policy.converted(to_fraction)
    s0 = pol.init(_probe_x(flows))
    s1 = pol.advance(pol.decrease(pol.advance(s0, 3)), 2) if not pol.uses_signal else s0
    for s in (s0, s1):
        base, one = pol.advance(s, 0), pol.advance(s, 1)
        stepped = s
        for n in range(max(_PROBE_N) + 1):
            sn = pol.advance(s, n)
            for name, c0, c1, cn, cs in zip(s._fields, base, one, sn, stepped, strict=True):
                line = np.asarray(cn - c0 - n * (c1 - c0), dtype=object)
                same = np.asarray(cn - cs, dtype=object)
                if any(v != 0 for v in line.ravel()) or any(v != 0 for v in same.ravel()):
                    raise DeclarationError(
                        f"{policy!r} declares affine_advance, but its state variable {name!r} "
                        f"after advance(s, {n}) is not affine in n or differs from {n} "
                        "increases"
                    )
            stepped = pol.increase(stepped)
    return True
