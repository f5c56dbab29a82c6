"""Text forms of numbers and tables, written once for the CLI, messages, labels and reports."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

__all__ = ["TABLE_DIGITS", "fmt_number", "fmt_significant", "markdown_table",
           "significant_float"]

TABLE_DIGITS = 6
"""Significant digits of the floats in the command line's tables (their ``--digits``)."""


def fmt_number(v: Any, style: str = "full", digits: int = 4) -> str:
    """Format one number.

    Parameters
    ----------
    v : number
        A Fraction, int, float (numpy scalars included), bool, or anything
        else (shown with ``str``).
    style : {"full", "short", "ledger", "message"}
        ``"full"``: nothing lost (Fractions as ``p/q``, floats by ``repr``)
        for machine-readable output. ``"short"``: for legends and titles
        (``1/2``, ``0.7``, ``100``). ``"ledger"``: fixed ``digits`` decimals,
        a small Fraction also as ``p/q (decimal)``. ``"message"``: as an
        error message shows a value given (Fractions as ``p/q``, a huge exact
        number by its size, anything else by ``repr``).
    digits : int
        Decimals of the ``"ledger"`` style.

    Returns
    -------
    str

    Examples
    --------
    >>> fmt_number(Fraction(65, 2)), fmt_number(0.1), fmt_number(100.0, "short")
    ('65/2', '0.1', '100')
    >>> fmt_number(Fraction(3, 4), "ledger"), fmt_number(0.83351, "ledger")
    ('3/4 (0.7500)', '0.8335')
    >>> fmt_number(Fraction(1, 10**400), "message"), fmt_number("x", "message")
    ('1e-400', "'x'")
    """
    if style == "message":
        return _message_form(v)
    if isinstance(v, np.generic):
        v = v.item()
    if isinstance(v, bool):
        return str(v)
    if isinstance(v, Fraction):
        if style == "ledger" and v.denominator != 1:
            if v.denominator < 1000:
                return f"{v} ({float(v):.{digits}f})"
            return f"{float(v):.{digits}f}"
        return str(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if style == "ledger":
            return f"{v:.{digits}f}"
        if style == "short":
            if math.isfinite(v) and v.is_integer() and abs(v) < 1e15:
                return str(int(v))
            return f"{v:g}"
        return repr(v)
    return str(v)


def fmt_significant(v: Any, digits: int = TABLE_DIGITS) -> str:
    """Format one number of a printed table to ``digits`` significant digits.

    The one rule of every table the command line prints (``--digits``): a
    float shows ``digits`` significant digits, a float of ``digits`` or
    more whole digits shows its whole part (never ``1.23457e+06`` for a
    window of 1234567.0); an exact fraction stays ``p/q`` with its decimal
    beside it when its denominator is small, else its decimal; ints and
    bools as they are.

    Parameters
    ----------
    v : number
        A float, Fraction, int or bool (numpy scalars included); anything
        else is shown with ``str``.
    digits : int
        Significant digits (``>= 1``; default :data:`TABLE_DIGITS`).

    Returns
    -------
    str

    Examples
    --------
    >>> fmt_significant(0.1 + 0.2), fmt_significant(2 / 3, 3), fmt_significant(1234567.0)
    ('0.3', '0.667', '1234567')
    >>> fmt_significant(Fraction(3, 4)), fmt_significant(Fraction(65, 2), 2)
    ('3/4 (0.75)', '65/2 (32)')
    >>> fmt_significant(0.000833333333), fmt_significant(float("inf")), fmt_significant(7)
    ('0.000833333', 'inf', '7')
    """
    if digits < 1:
        raise ValueError(f"digits must be >= 1, got {digits}")
    if isinstance(v, np.generic):
        v = v.item()
    if isinstance(v, (bool, int)):
        return str(v)
    if isinstance(v, Fraction):
        if v.denominator == 1:
            return str(v)
        decimal = fmt_significant(float(v), digits)
        return f"{v} ({decimal})" if v.denominator < 1000 else decimal
    if isinstance(v, float):
        return significant_float(v, digits)
    return str(v)


def significant_float(v: float, digits: int) -> str:
    """Format a float as :func:`fmt_significant` does, without its type dispatch (for speed).

    Examples
    --------
    >>> significant_float(123.456789, 4), significant_float(12345.6, 4)
    ('123.5', '12346')
    """
    if 10.0**digits <= abs(v) < 1e15:
        return f"{v:.0f}"
    return f"{v:.{digits}g}"


def _message_form(v: Any) -> str:
    if isinstance(v, (Fraction, int)) and not isinstance(v, bool) and len(str(v)) > 40:
        from decimal import Decimal, localcontext

        with localcontext() as ctx:  # a huge exact number, shown by its size
            ctx.prec = 6
            f = Fraction(v)
            return f"{Decimal(f.numerator) / Decimal(f.denominator):.4g}".replace("E", "e")
    if isinstance(v, Fraction):
        return str(v)
    if isinstance(v, np.generic):
        return repr(v.item())
    return repr(v)


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    """Return the lines of a Markdown table: the header, the rule, a line per row.

    Parameters
    ----------
    header : sequence of str
        The column titles.
    rows : iterable of sequences of str
        The cells, already formatted (see :func:`fmt_number`).

    Returns
    -------
    list of str
        One line each, without newlines.

    Examples
    --------
    >>> for line in markdown_table(["policy", "efficiency"], [["aimd", "0.75"]]):
    ...     print(line)
    | policy | efficiency |
    | --- | --- |
    | aimd | 0.75 |
    """
    return ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header),
            *("| " + " | ".join(row) + " |" for row in rows)]
