"""Operations the plain arithmetic of the policies lacks: powers, roots, choices.

The policies run on float64 arrays, Fractions (scalars and object arrays),
whole packets and sympy expressions. ``+ - * /`` work on all of them; a
non-integer power does not: ``Fraction ** Fraction`` silently returns a
float, and a comparison of sympy expressions has no truth value. These
helpers do the right thing in every arithmetic:

* :func:`power` ``x ** e``: floats through numpy, sympy through sympy, and
  Fractions *exactly*, or a ValueError when the result is irrational (exact
  arithmetic cannot hold it; run the policy with ``arithmetic="float"``);
* :func:`select`, :func:`minimum`, :func:`maximum`: element-wise choices
  for scalars and arrays (a sympy comparison that cannot be decided raises
  a TypeError naming it).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from .._arith import is_symbolic

__all__ = ["exact_root", "maximum", "minimum", "power", "select"]


def _integer_root(n: int, k: int) -> int | None:
    """Return the integer ``r >= 0`` with ``r**k == n`` (``n >= 0``), or None."""
    if n < 2:
        return n
    r = math.isqrt(n) if k == 2 else round(n ** (1.0 / k))
    for c in (r - 1, r, r + 1):  # float rounding of huge n
        if c >= 0 and c**k == n:
            return c
    if k != 2:  # exact integer search for numbers beyond float precision
        lo, hi = 0, 1 << (n.bit_length() // k + 1)
        while lo < hi:
            mid = (lo + hi) // 2
            if mid**k < n:
                lo = mid + 1
            else:
                hi = mid
        return lo if lo**k == n else None
    return None


def exact_root(x: Fraction, k: int) -> Fraction | None:
    """Return the rational ``k``-th root of ``x >= 0``, or None when it is irrational.

    An odd root of a negative number is taken as the real root.

    Examples
    --------
    >>> exact_root(Fraction(9, 4), 2), exact_root(Fraction(2), 2)
    (Fraction(3, 2), None)
    >>> exact_root(Fraction(-27, 8), 3)
    Fraction(-3, 2)
    """
    x = Fraction(x)
    if x < 0:
        if k % 2 == 0:
            return None
        r = exact_root(-x, k)
        return None if r is None else -r
    p, q = _integer_root(x.numerator, k), _integer_root(x.denominator, k)
    return None if p is None or q is None else Fraction(p, q)


def _rational(e: Any) -> Fraction | None:
    """``e`` as a Fraction when it is a rational number (int, Fraction, sympy Rational)."""
    if isinstance(e, (bool, np.bool_)):
        return None
    if isinstance(e, (int, np.integer, Fraction)):
        return Fraction(e)
    if type(e).__module__.startswith("sympy") and getattr(e, "is_Rational", False):
        return Fraction(int(e.p), int(e.q))
    return None


def _power_one(x: Any, e: Any, name: str) -> Any:
    """``x ** e`` for one number or sympy expression (see :func:`power`)."""
    if is_symbolic(x) or is_symbolic(e):
        import sympy

        return sympy.Pow(sympy.sympify(x, strict=True), sympy.sympify(e, strict=True))
    if isinstance(x, (float, np.floating)) or isinstance(e, (float, np.floating)):
        return float(x) ** float(e) if x >= 0 or float(e).is_integer() else math.nan
    fe = _rational(e)
    if fe is None:  # pragma: no cover - every real exponent is float or rational here
        return x**e
    if fe.denominator == 1:
        return x ** int(fe)
    root = exact_root(Fraction(x), fe.denominator)
    if root is None:
        raise ValueError(
            f"{name} ** {fe} is irrational at {name} = {x}: exact arithmetic cannot hold it; "
            "run this policy with arithmetic='float'"
        )
    return root ** fe.numerator


def power(x: Any, e: Any, name: str = "w") -> Any:
    """Return ``x ** e`` in the arithmetic of ``x``, exactly where it can be exact.

    Parameters
    ----------
    x : number, array or sympy expression
        The base (a window: float64 array, object array of Fractions or
        ints, a Fraction, a sympy expression).
    e : number, array or sympy expression
        The exponent; an array is applied element-wise (per-flow exponents).
    name : str
        The base's name, for the error message.

    Returns
    -------
    The power in the same arithmetic: float64 for floats, a Fraction for an
    exact base and a rational exponent whose result is rational, a sympy
    ``Pow`` for symbols.

    Raises
    ------
    ValueError
        If ``x`` is exact (a Fraction or an int) and ``x ** e`` is
        irrational (``Fraction(2) ** Fraction(1, 2)``): exact arithmetic
        cannot hold it, and a silent float would break the arithmetic's
        promise. Run the policy with ``arithmetic="float"``.

    Examples
    --------
    >>> power(Fraction(16), Fraction(1, 2)), power(Fraction(16), 1)
    (Fraction(4, 1), Fraction(16, 1))
    >>> power(np.array([16.0, 2.0]), 0.5).tolist()
    [4.0, 1.4142135623730951]
    >>> power(Fraction(2), Fraction(1, 2))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: w ** 1/2 is irrational at w = 2: exact arithmetic cannot hold it; run ...
    """
    if isinstance(x, np.ndarray) and x.dtype != object and not isinstance(e, np.ndarray):
        if not is_symbolic(e):
            return np.power(x, float(e))
    if isinstance(x, np.ndarray) or isinstance(e, np.ndarray):
        xs, es = np.broadcast_arrays(np.asarray(x, dtype=object), np.asarray(e, dtype=object))
        out = np.empty(xs.shape, dtype=object)
        for idx in np.ndindex(xs.shape):
            out[idx] = _power_one(xs[idx], es[idx], name)
        if isinstance(x, np.ndarray) and x.dtype != object:
            return out.astype(np.float64)
        return out
    return _power_one(x, e, name)


def _truth(cond: Any, what: str) -> Any:
    """``cond`` as a bool (scalar) or a bool array; a sympy relation must be decided."""
    if isinstance(cond, np.ndarray):
        try:
            return np.asarray(cond, dtype=bool)
        except TypeError as exc:
            raise TypeError(f"{what} cannot be decided on symbols: {cond}") from exc
    try:
        return bool(cond)
    except TypeError as exc:
        raise TypeError(f"{what} cannot be decided on symbols: {cond}") from exc


def select(cond: Any, a: Any, b: Any, what: str = "a comparison") -> Any:
    """Return ``a`` where ``cond`` holds and ``b`` elsewhere, element by element.

    Examples
    --------
    >>> select(np.array([True, False]), np.array([1.0, 2.0]), 0.0).tolist()
    [1.0, 0.0]
    >>> select(Fraction(1) < 2, "yes", "no")
    'yes'
    """
    c = _truth(cond, what)
    if isinstance(c, np.ndarray) or isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return np.where(c, a, b)
    return a if c else b


def minimum(a: Any, b: Any) -> Any:
    """Element-wise ``min(a, b)`` in every arithmetic.

    Examples
    --------
    >>> minimum(np.array([1.0, 5.0]), 3.0).tolist(), minimum(Fraction(1, 2), 1)
    ([1.0, 3.0], Fraction(1, 2))
    """
    return select(a <= b, a, b, "min")


def maximum(a: Any, b: Any) -> Any:
    """Element-wise ``max(a, b)`` in every arithmetic.

    Examples
    --------
    >>> maximum(np.array([1.0, 5.0]), 3.0).tolist(), maximum(Fraction(1, 2), 1)
    ([3.0, 5.0], 1)
    """
    return select(a >= b, a, b, "max")
