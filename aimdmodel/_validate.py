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
    "check_flag",
    "check_param",
    "check_positive_number",
    "check_real",
    "check_whole",
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


def _interval(low: float, high: float, low_open: bool, high_open: bool) -> str:
    parts = [] if low == -math.inf else [f"{'>' if low_open else '>='} {low:g}"]
    if high != math.inf:
        parts.append(f"{'<' if high_open else '<='} {high:g}")
    return ", ".join(parts)


def check_real(name: str, value: Any, *, low: float = -math.inf, high: float = math.inf,
               low_open: bool = False, high_open: bool = False, optional: bool = False,
               allow_inf: bool = False) -> float | None:
    """Check a real number of a description (a Scenario's, a model's) and return it as a float.

    Refused with a ``TypeError``: bool, text, dates and durations (``datetime64``,
    ``timedelta64``), complex numbers, anything that is not a real number.
    Refused with a ``ValueError``: NaN, infinity (unless ``allow_inf``), a
    number too large for float64, a value outside the range.

    Parameters
    ----------
    name : str
        The parameter's name, used in the message.
    value : real number or None
    low, high : float
        The allowed range.
    low_open, high_open : bool
        Whether the bounds themselves are excluded.
    optional : bool
        Whether None is allowed (returned unchanged).
    allow_inf : bool
        Whether ``+inf`` is allowed (for a time that means "never").

    Returns
    -------
    float or None

    Raises
    ------
    TypeError
        If the value is not a real number.
    ValueError
        If it is not finite or outside the range.

    Examples
    --------
    >>> check_real("delay", 0.02, low=0)
    0.02
    >>> check_real("rate", "1e6", low=0, low_open=True)
    Traceback (most recent call last):
    ...
    TypeError: rate must be a real number > 0, got '1e6'
    """
    if value is None and optional:
        return None
    rng = _interval(low, high, low_open, high_open)
    allowed = f" {rng}" if rng else ""  # " > 0, <= 1" or nothing
    finite = f"finite and {rng}" if rng else "finite"
    if isinstance(value, (bool, np.bool_, str, bytes, np.datetime64, np.timedelta64)) or (
        not isinstance(value, numbers.Real)
    ):
        raise TypeError(f"{name} must be a real number{allowed}, got {value!r}")
    try:
        v = float(value)
    except OverflowError:
        raise ValueError(f"{name} must be {finite} (a float64), got "
                         f"{fmt_value(value)}") from None
    if math.isnan(v) or (math.isinf(v) and not (allow_inf and v > 0)):
        raise ValueError(f"{name} must be {finite}, got {fmt_value(value)}")
    if (v < low or (low_open and v == low)) or (v > high or (high_open and v == high)):
        raise ValueError(f"{name} must be {finite}, got {fmt_value(value)}")
    return v


def check_whole(name: str, value: Any, *, minimum: int = 0, maximum: int | None = None,
                optional: bool = False, unit: str = "") -> int | None:
    """Check a whole number of any integer type and return it as a Python ``int``.

    A numpy integer of any width is converted before any arithmetic (so that
    an ``int8`` or ``uint8`` never wraps); bool, floats (even ``2.0``) and
    text are refused.

    Examples
    --------
    >>> check_whole("packet_size", np.int8(100), minimum=1)
    100
    >>> check_whole("buffer", 10**12, maximum=2**31 - 1, unit="packets")
    Traceback (most recent call last):
    ...
    ValueError: buffer must be an int >= 0, <= 2147483647 (packets), got 1000000000000
    """
    if value is None and optional:
        return None
    allowed = f">= {minimum}" + ("" if maximum is None else f", <= {maximum}")
    what = f"an int {allowed}" + (f" ({unit})" if unit else "")
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be {what}, got {value!r}")
    v = int(value)
    if v < minimum or (maximum is not None and v > maximum):
        raise ValueError(f"{name} must be {what}, got {fmt_value(v)}")
    return v


def check_flag(name: str, value: Any) -> bool:
    """Check a yes/no option: a ``bool`` (or numpy bool), never a string such as ``'no'``.

    Examples
    --------
    >>> check_flag("gentle", np.bool_(True))
    True
    >>> check_flag("gentle", "no")
    Traceback (most recent call last):
    ...
    TypeError: gentle must be True or False, got 'no'
    """
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {value!r}")
    return bool(value)
