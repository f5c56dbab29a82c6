"""Argument checks shared by the whole package, each written once.

Every public function of aimdmodel validates its arguments with these
helpers, so that a wrong input gets the same kind of message everywhere: the
parameter's name, what is allowed, and what was given (for a per-flow
parameter, also the flow's index).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ._arith import is_number, is_symbolic
from ._format import fmt_number

__all__ = [
    "check_choice",
    "check_count",
    "check_param",
    "check_positive_number",
    "check_real",
    "fmt_value",
]


def fmt_value(v: Any) -> str:
    """Return a value as a message shows it: Fractions as ``p/q``, the rest by ``repr``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> fmt_value(Fraction(1, 2)), fmt_value(0.5), fmt_value("x"), fmt_value(Fraction(1, 10**400))
    ('1/2', '0.5', "'x'", '1e-400')
    """
    return fmt_number(v, "message")


def check_count(name: str, value: Any, *, minimum: int = 0, optional: bool = True) -> int | None:
    """Check a whole-number argument (a count of steps, cycles, flows, ...).

    Parameters
    ----------
    name : str
        The parameter's name, used in the message.
    value : int or None
        The value given; ``bool`` is refused, numpy integers are accepted.
    minimum : int
        Smallest allowed value (default 0).
    optional : bool
        Whether None is allowed (it is then returned unchanged).

    Returns
    -------
    int or None

    Raises
    ------
    TypeError
        If the value is not a whole number.
    ValueError
        If it is below ``minimum``.

    Examples
    --------
    >>> check_count("steps", 40)
    40
    >>> check_count("steps", -1)
    Traceback (most recent call last):
    ...
    ValueError: steps must be an int >= 0, got -1
    """
    if value is None and optional:
        return None
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int >= {minimum}, got {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be an int >= {minimum}, got {value}")
    return int(value)


def check_choice(name: str, value: Any, choices: Sequence[str]) -> str:
    """Check that ``value`` is one of ``choices`` (strings).

    Examples
    --------
    >>> check_choice("arithmetic", "exact", ("float", "exact"))
    'exact'
    >>> check_choice("arithmetic", "fast", ("float", "exact"))
    Traceback (most recent call last):
    ...
    ValueError: arithmetic must be one of 'float', 'exact', got 'fast'
    """
    if not isinstance(value, str) or value not in choices:
        allowed = ", ".join(repr(c) for c in choices)
        raise ValueError(f"{name} must be one of {allowed}, got {value!r}")
    return value


def check_param(name: str, value: Any, ok: Callable[[Any], bool], allowed: str) -> None:
    """Check a policy parameter: a real number satisfying ``ok``, or a sympy symbol.

    A sequence (list, tuple or 1-d array) is a per-flow parameter: every
    element is checked and the message names the flow index.

    Parameters
    ----------
    name : str
        The parameter's name.
    value : number, sequence of numbers or sympy expression
        What was given. Symbolic values are taken as given (the symbolic
        analysis states its assumptions itself).
    ok : callable
        Predicate on one number, evaluated exactly (no conversion to float).
    allowed : str
        The allowed range, as the message states it (e.g. ``"0 < b < 1"``).

    Raises
    ------
    TypeError
        If a value is not a real number.
    ValueError
        If a value is not finite or not allowed.

    Examples
    --------
    >>> from fractions import Fraction
    >>> check_param("b", Fraction(1, 2), lambda x: 0 < x < 1, "0 < b < 1")
    >>> check_param("b", [0.5, 1.5], lambda x: 0 < x < 1, "0 < b < 1")
    Traceback (most recent call last):
    ...
    ValueError: b[1] (flow 1) must satisfy 0 < b < 1, got 1.5
    """
    if is_symbolic(value):
        return
    if isinstance(value, (list, tuple, np.ndarray)):
        flat = np.asarray(value, dtype=object)
        if flat.ndim != 1 or flat.size == 0:
            raise ValueError(
                f"{name} must be a number or a non-empty 1-d sequence (one value per flow), "
                f"got shape {flat.shape}"
            )
        for i, v in enumerate(flat):
            _check_one(f"{name}[{i}] (flow {i})", v, ok, allowed)
        return
    _check_one(name, value, ok, allowed)


def _check_one(label: str, value: Any, ok: Callable[[Any], bool], allowed: str) -> None:
    if is_symbolic(value):
        return
    if not is_number(value):
        raise TypeError(f"{label} must be a real number ({allowed}), got {value!r}")
    if isinstance(value, (float, np.floating)) and not math.isfinite(value):
        raise ValueError(f"{label} must be finite ({allowed}), got {fmt_value(value)}")
    if not ok(value):
        raise ValueError(f"{label} must satisfy {allowed}, got {fmt_value(value)}")


def check_positive_number(name: str, value: Any) -> None:
    """Check a finite real number ``> 0`` (exactly: no conversion to float).

    Examples
    --------
    >>> check_positive_number("capacity", 10**400)
    >>> check_positive_number("capacity", 0)
    Traceback (most recent call last):
    ...
    ValueError: capacity must be finite and > 0, got 0
    """
    if not is_number(value):
        raise TypeError(f"{name} must be a real number > 0, got {value!r}")
    if isinstance(value, (float, np.floating)) and not math.isfinite(value):
        raise ValueError(f"{name} must be finite and > 0, got {fmt_value(value)}")
    if not value > 0:
        raise ValueError(f"{name} must be finite and > 0, got {fmt_value(value)}")


def check_real(
    name: str,
    value: Any,
    *,
    low: float = -math.inf,
    high: float = math.inf,
    low_closed: bool = False,
    high_closed: bool = True,
    optional: bool = False,
    integer: bool = False,
) -> float | None:
    """Check a finite real number in a range (a model's option, a scenario's field).

    The one check behind the scenario's, the queue and fluid models' and
    the ns-3 bridge's numeric fields: a real number (``bool`` refused; with
    ``integer``, a whole number), finite, above ``low`` and below ``high``.

    Parameters
    ----------
    name : str
        The parameter's name, used in the message.
    value : real number or None
        What was given.
    low, high : float
        The bounds (default: none).
    low_closed, high_closed : bool
        Whether ``value == low`` (default no) and ``value == high`` (default
        yes) are allowed.
    optional : bool
        Whether None is allowed (it is then returned).
    integer : bool
        Whether only whole numbers are allowed.

    Returns
    -------
    float or None
        ``float(value)``.

    Raises
    ------
    TypeError
        If the value is not a real (whole) number.
    ValueError
        If it is not finite or out of range; the message states the range.

    Examples
    --------
    >>> check_real("delay", 0, low=0, low_closed=True)
    0.0
    >>> check_real("max_p", 1.5, low=0, high=1)
    Traceback (most recent call last):
    ...
    ValueError: max_p must be finite and > 0, <= 1, got 1.5
    """
    if value is None and optional:
        return None
    kind = numbers.Integral if integer else numbers.Real
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, kind):
        raise TypeError(f"{name} must be {'an int' if integer else 'a real number'}, "
                        f"got {value!r}")
    v = float(value)
    ok = (math.isfinite(v) and (value >= low if low_closed else value > low)
          and (value <= high if high_closed else value < high))
    if not ok:
        parts = [f"{'>=' if low_closed else '>'} {low:g}"] if low > -math.inf else []
        parts += [f"{'<=' if high_closed else '<'} {high:g}"] if high < math.inf else []
        rng = ", ".join(parts)
        raise ValueError(f"{name} must be finite{' and ' + rng if rng else ''}, got {value!r}")
    return v
