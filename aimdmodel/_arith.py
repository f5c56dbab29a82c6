"""Arithmetic back-ends shared by the policies and the engines.

The policies of :mod:`aimdmodel.policies` are written in plain arithmetic
(``+ - * /``), so that one definition runs on ``float`` and numpy arrays,
on :class:`fractions.Fraction`, on whole numbers and on sympy expressions.
This module holds the few helpers that cannot be plain arithmetic: the
conversion of parameters and windows into an arithmetic, a lower clamp that
works on all of them, and the rounding of the integer arithmetic.
"""

from __future__ import annotations

import math
import numbers
import sys
from fractions import Fraction
from typing import Any

import numpy as np

ARITHMETICS = ("float", "exact", "integer")
"""Names accepted by ``simulate(..., arithmetic=...)``."""


def is_symbolic(value: Any) -> bool:
    """Return True when ``value`` is a sympy object that is not a plain number.

    Examples
    --------
    >>> is_symbolic(0.5)
    False
    >>> import sympy
    >>> is_symbolic(sympy.Symbol("b"))
    True
    """
    t = type(value)
    if t is float or t is int or t is Fraction:
        return False
    return t.__module__.startswith("sympy") and not isinstance(value, numbers.Real)


def is_number(value: Any) -> bool:
    """Return True for a real number (not a bool, not a string, not symbolic).

    Examples
    --------
    >>> is_number(Fraction(1, 2)), is_number("1/2"), is_number(True)
    (True, False, False)
    """
    t = type(value)
    if t is float or t is int or t is Fraction:  # the common cases, without the ABC check
        return True
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))


def to_fraction(value: Any, name: str = "value") -> Fraction:
    """Convert a real number to an exact :class:`~fractions.Fraction`.

    Floats are converted through their shortest decimal representation, so
    ``0.7`` becomes ``7/10`` (what was typed), not the binary neighbour of 0.7.
    Pass a ``Fraction`` or a string such as ``"7/10"`` to be explicit.

    Parameters
    ----------
    value : int, float, Fraction, str or sympy number
        The value to convert.
    name : str
        Name used in the error message.

    Returns
    -------
    Fraction

    Raises
    ------
    ValueError
        If the value is not finite or is not a number.

    Examples
    --------
    >>> to_fraction(0.7)
    Fraction(7, 10)
    >>> to_fraction("65/2")
    Fraction(65, 2)
    """
    if isinstance(value, Fraction):
        return value
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be a real number, got {value!r}")
    if isinstance(value, (int, np.integer)):
        return Fraction(int(value))
    if isinstance(value, (float, np.floating)):
        if not math.isfinite(value):
            raise ValueError(f"{name} must be finite, got {value!r}")
        return Fraction(repr(float(value)))
    if isinstance(value, str):
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"{name} must be a number such as 0.5 or 1/2, got {value!r}") from None
    if isinstance(value, numbers.Rational):  # sympy Rational and friends
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, numbers.Real):
        return to_fraction(float(value), name)
    raise TypeError(f"{name} must be a real number, got {value!r}")


def to_float(value: Any, name: str = "value") -> float:
    """Convert a real number to ``float`` (used by the float arithmetic).

    Raises
    ------
    TypeError
        If the value is not a real number.
    OverflowError
        If it is beyond the float range (an int or Fraction above 1.8e308),
        naming it.

    Examples
    --------
    >>> to_float(Fraction(1, 2))
    0.5
    """
    if not is_number(value):
        if isinstance(value, str):
            return to_float(to_fraction(value, name), name)
        raise TypeError(f"{name} must be a real number, got {value!r}")
    try:
        return float(value)
    except OverflowError:  # an int or Fraction beyond 1.8e308: say which value
        raise OverflowError(
            f"{name} is too large for float64 (at most {sys.float_info.max:.4g}); "
            "use arithmetic='exact'"
        ) from None


def at_least(x: Any, lo: Any) -> Any:
    """Clamp ``x`` from below at ``lo``, for every arithmetic.

    Works on floats, Fractions, numpy arrays (float or object) and sympy
    expressions (where the comparison cannot be decided, a ``Max`` is
    returned).

    Examples
    --------
    >>> at_least(-1, 0), at_least(Fraction(3, 2), 0)
    (0, Fraction(3, 2))
    >>> at_least(np.array([-1.0, 2.0]), 0.0)
    array([0., 2.])
    """
    if isinstance(x, np.ndarray):
        if x.dtype == object or (isinstance(lo, np.ndarray) and lo.dtype == object):
            below = np.asarray(x < lo, dtype=bool)
            if not below.any():
                return x
            return np.where(below, lo, x)
        return np.maximum(x, lo)
    try:
        return lo if x < lo else x
    except TypeError:  # an undecidable sympy relation
        import sympy

        return sympy.Max(x, lo)


_floor_object = np.frompyfunc(math.floor, 1, 1)


def floor_whole(x: np.ndarray) -> np.ndarray:
    """Floor every element of an object array to a Python ``int``.

    Examples
    --------
    >>> floor_whole(np.array([Fraction(65, 2), Fraction(18)], dtype=object))
    array([32, 18], dtype=object)
    """
    return _floor_object(x)


def as_arithmetic(x: np.ndarray, arithmetic: str, name: str = "x0") -> np.ndarray:
    """Convert an array of numbers into the representation of ``arithmetic``.

    ``"float"`` gives float64; ``"exact"`` an object array of Fractions;
    ``"integer"`` an object array of Python ints (the values must be whole).

    Examples
    --------
    >>> as_arithmetic(np.array([1, 30]), "exact")
    array([Fraction(1, 1), Fraction(30, 1)], dtype=object)
    """
    if arithmetic == "float":
        return np.asarray(x, dtype=np.float64)
    flat = [to_fraction(v, name) for v in np.asarray(x, dtype=object).ravel()]
    if arithmetic == "integer":
        if any(v.denominator != 1 for v in flat):
            raise ValueError(
                f"{name} must hold whole numbers of packets for arithmetic='integer'"
            )
        flat = [int(v) for v in flat]
    out = np.empty(len(flat), dtype=object)
    out[:] = flat
    return out.reshape(np.shape(x))
