"""Text forms of numbers, written once for the CLI, labels, tables and the ledger."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

__all__ = ["fmt_number"]


def fmt_number(v: Any, style: str = "full", digits: int = 4) -> str:
    """Format one number.

    Parameters
    ----------
    v : number
        A Fraction, int, float (numpy scalars included), bool, or anything
        else (shown with ``str``).
    style : {"full", "short", "ledger"}
        ``"full"``: nothing lost (Fractions as ``p/q``, floats by ``repr``)
        for machine-readable output. ``"short"``: for legends and titles
        (``1/2``, ``0.7``, ``100``). ``"ledger"``: fixed ``digits`` decimals,
        a small Fraction also as ``p/q (decimal)``.
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
    """
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
