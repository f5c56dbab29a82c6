"""Verify what a policy declares before a fast engine relies on it.

A policy declares (see :class:`aimdmodel.policies.Policy`):

* ``linear_coefficients``: the compiled kernels run exactly Chiu and Jain's
  linear control with these coefficients;
* ``affine_advance``: the cycle engine jumps ``advance(s, n)`` in closed
  form, and ``record="cycles"`` interpolates windows between knots;
* ``affine_map``: the compiled cycle engine runs the whole state update as
  an affine map (:class:`aimdmodel.policies.base.AffineMap`); a linear
  control with an additive increase (``b_i = 1``) is one, with the window
  as its only state variable (:func:`affine_map_spec`).

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
from typing import Any, NamedTuple

import numpy as np

from .._arith import is_number, to_fraction
from ..policies import Policy

__all__ = ["AffineSpec", "DeclarationError", "affine", "affine_map_spec", "linear_spec"]

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


class AffineSpec(NamedTuple):
    """A verified affine map of a run's policy, one row per flow (exact Fractions).

    Attributes
    ----------
    increment, offset, window : object ndarray, shape (flows, n)
        ``d``, ``c`` and the window weights ``e`` of each flow.
    matrix : object ndarray, shape (flows, n, n)
        The decrease matrix ``M`` of each flow.
    floor : object ndarray, shape (flows, n)
        The lower bound of each state variable after a decrease; None where
        there is none.
    from_window : bool
        True when the state is the window alone (a linear control): the
        state is rebuilt with ``init(window)``; else the state variables are
        the fields of the policy's state, in order.
    """

    increment: np.ndarray
    matrix: np.ndarray
    offset: np.ndarray
    window: np.ndarray
    floor: np.ndarray
    from_window: bool


def affine_map_spec(policy: Policy, *, flows: int = 1) -> AffineSpec | None:
    """Return the verified affine map of ``policy`` for ``flows`` flows, or None.

    The policy's own declaration (``affine_map``) when it has one; else a
    declared linear control whose increase is additive for every flow
    (``b_i = 1``: AIMD, AIAD, a mix of them), with the window as its state.
    None for the other policies, for rules that use the bottleneck's signal
    and for symbolic parameters.

    Raises
    ------
    DeclarationError
        If the policy's ``init``/``window``/``increase``/``decrease``/
        ``advance`` disagree with the declared map on the probe states.

    Examples
    --------
    >>> from aimdmodel import AIMD, AIMDFC, MIMD
    >>> spec = affine_map_spec(AIMDFC(), flows=2)
    >>> spec.matrix[0].tolist(), spec.from_window
    ([[Fraction(1, 2), Fraction(1, 1)], [Fraction(0, 1), Fraction(0, 1)]], False)
    >>> affine_map_spec(AIMD(), flows=1).matrix.tolist(), affine_map_spec(MIMD()) is None
    ([[[Fraction(1, 2)]]], True)
    """
    if policy.uses_signal:
        return None
    key = _cache_key(policy, flows)
    if key is not None:
        return _map_cached(*key)
    return _map(policy, flows)


@functools.lru_cache(maxsize=4096)
def _map_cached(policy: Policy, flows: int) -> AffineSpec | None:
    return _map(policy, flows)


def _map(policy: Policy, flows: int) -> AffineSpec | None:
    if policy.affine_map is None:
        return _linear_map(policy, flows)
    declared = policy.converted(to_fraction).affine_map  # entries computed exactly
    n = len(declared.increment)
    rows = [declared.increment, declared.offset, declared.window]
    if any(len(r) != n for r in rows) or len(declared.matrix) != n or any(
        len(r) != n for r in declared.matrix
    ) or (declared.floor is not None and len(declared.floor) != n):
        raise DeclarationError(f"{policy!r} declares an affine_map whose parts are not all of "
                               f"its {n} state variables: {declared!r}")
    parts = [_columns(r, flows) for r in rows]
    matrix = [_columns(r, flows) for r in declared.matrix]
    floors = [None] * n if declared.floor is None else list(declared.floor)
    floor = np.empty((flows, n), dtype=object)
    for k, f in enumerate(floors):
        col = None if f is None else _per_flow(f, flows)
        if f is not None and col is None:
            return None
        floor[:, k] = [None] * flows if col is None else col
    if any(p is None for p in parts) or any(r is None for r in matrix):
        return None
    M = np.stack(matrix, axis=1)  # (flows, n, n): M[i, k, j]
    spec = AffineSpec(parts[0], M, parts[1], parts[2], floor, False)
    _verify_map(policy, spec, flows)
    return spec


def _columns(values: Any, flows: int) -> np.ndarray | None:
    """Per-field entries (each a number or per-flow) as an object array (flows, n)."""
    cols = [_per_flow(v, flows) for v in values]
    if any(c is None for c in cols):
        return None
    return np.stack(cols, axis=1)


def _linear_map(policy: Policy, flows: int) -> AffineSpec | None:
    spec = linear_spec(policy, flows=flows)
    if spec is None or any(v != 1 for v in spec[1]):
        return None
    a_i, _, a_d, b_d, fl = spec

    def col(v: np.ndarray) -> np.ndarray:
        return v.reshape(flows, 1)

    one = np.empty((flows, 1), dtype=object)
    one[:] = Fraction(1)
    return AffineSpec(col(a_i), b_d.reshape(flows, 1, 1), col(a_d), one, col(fl), True)


def _probe_states(pol: Policy, flows: int) -> list[tuple]:
    """Reachable exact states: the start, after a decrease, mid-phase, at the floor."""
    s0 = pol.init(_probe_x(flows))
    s1 = pol.decrease(pol.advance(s0, 3))
    s2 = pol.advance(s1, 2)
    zero = np.empty((2, flows), dtype=object)
    zero[:] = Fraction(0)
    z = pol.init(zero)
    return [s0, s1, s2, pol.decrease(s2), z, pol.decrease(z)]


def _verify_map(policy: Policy, spec: AffineSpec, flows: int) -> None:
    """Check the declared map against the policy's own methods on the probe states."""
    pol = policy.converted(to_fraction)
    d, M, c, e, lo, _ = spec
    n = d.shape[1]

    def fail(what: str, got: Any, want: Any) -> DeclarationError:
        return DeclarationError(
            f"{policy!r} declares affine_map {policy.affine_map!r}, but its {what} gives "
            f"{got} where the map gives {want}"
        )

    for s in _probe_states(pol, flows):
        if len(s) != n or any(np.shape(v) != (2, flows) for v in s):
            raise DeclarationError(
                f"{policy!r} declares an affine_map of {n} state variables, but its state "
                f"{type(s).__name__} does not hold {n} variables of one value per flow"
            )
        S = np.stack([np.asarray(v, dtype=object) for v in s], axis=-1)  # (2, flows, n)
        want_w = (S * e).sum(axis=-1)
        got_w = np.asarray(pol.window(s), dtype=object)
        if (got_w != want_w).any():
            raise fail("window", got_w.tolist(), want_w.tolist())
        for k in (1, 2, 7):
            got = pol.advance(s, k) if k != 1 else pol.increase(s)
            want = S + k * d
            for j, v in enumerate(got):
                if (np.asarray(v, dtype=object) != want[..., j]).any():
                    what = "increase" if k == 1 else f"advance(s, {k})"
                    raise fail(f"{what} (state variable {s._fields[j]!r})", v, want[..., j])
        want = np.einsum("ikj,rij->rik", M, S) + c
        want = np.where(lo == None, want, np.maximum(want, np.where(lo == None, 0, lo)))  # noqa: E711
        for j, v in enumerate(pol.decrease(s)):
            if (np.asarray(v, dtype=object) != want[..., j]).any():
                raise fail(f"decrease (state variable {s._fields[j]!r})", v, want[..., j])
