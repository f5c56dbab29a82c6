"""GAIMD: general AIMD with a TCP-friendly pair (Yang & Lam 2000).

Source: Y. R. Yang and S. S. Lam, "General AIMD congestion control", Proc.
ICNP 2000. GAIMD(alpha, beta) adds ``alpha`` packets per RTT and multiplies
the window by ``beta`` at a loss (``0 < beta < 1``); the paper derives its
throughput with timeouts and the TCP-friendly relation
``alpha = 4 (1 - beta**2) / 3`` (equal window at loss, hence equal timeout
term, as TCP's AIMD(1, 1/2)), and recommends ``beta = 7/8``,
``alpha = 0.31``. The periodic-loss relation ``alpha = 3 (1 - beta)/(1 + beta)``
(``1/5`` at ``7/8``) is Floyd, Handley & Padhye's (2000);
:func:`aimdmodel.symbolic.tcp_friendly_increase` computes both by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from .linear import AIMD

__all__ = ["GAIMD"]


@dataclass(frozen=True, repr=False)
class GAIMD(AIMD):
    """Yang & Lam's GAIMD: AIMD(a, b) with their recommended pair as defaults.

    Increase ``w <- w + a`` per RTT, decrease ``w <- b w`` (Yang & Lam's
    ``alpha = a``, ``beta = b``). The defaults are the paper's pair
    ``a = 0.31``, ``b = 7/8``, close to its TCP-friendly relation
    ``a = 4 (1 - b**2)/3 = 0.3125`` at ``7/8``. Everything else is
    :class:`~aimdmodel.policies.AIMD` (a linear control: every engine runs it).

    Parameters
    ----------
    a : number
        Additive increase per RTT (default 31/100).
    b : number
        Decrease factor, ``0 < b < 1`` (default 7/8).
    floor : number
        As :class:`~aimdmodel.policies.AIMD`.

    Examples
    --------
    >>> GAIMD().label()
    'GAIMD(a=31/100, b=7/8)'
    >>> GAIMD().linear_coefficients
    (Fraction(31, 100), 1, 0, Fraction(7, 8))
    """

    a: Any = Fraction(31, 100)
    b: Any = Fraction(7, 8)
    floor: Any = 0

    name: ClassVar[str] = "gaimd"
    display_name: ClassVar[str] = "GAIMD"
