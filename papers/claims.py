"""The efficiency figures the seed papers claim, quoted (not computed)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from aimdmodel.policies import AIMD, AIMDFC, AIMDFCPlus, NewAIMD, Policy

__all__ = ["HEADLINE", "QuotedFigure"]


@dataclass(frozen=True)
class QuotedFigure:
    """An efficiency figure as a seed paper states it (quoted, not computed).

    Attributes
    ----------
    policy : Policy
    claimed : Fraction
        The figure as printed (a lower bound when ``at_least``).
    text : str
        The figure as the paper words it.
    source : str
        Where the paper says it.
    at_least : bool
        True for a claim of the form "more than ...".

    Examples
    --------
    >>> HEADLINE[0].claimed, HEADLINE[0].source
    (Fraction(3, 4), 'seed 003 Sec. 3.1, Eq. 1')
    """

    policy: Policy
    claimed: Fraction
    text: str
    source: str
    at_least: bool = False


HEADLINE: tuple[QuotedFigure, ...] = (
    QuotedFigure(AIMD(), Fraction(3, 4), "3/4 (75%)", "seed 003 Sec. 3.1, Eq. 1"),
    QuotedFigure(AIMDFC(), Fraction(5, 6), "5/6", "seed 003 Eq. 7"),
    QuotedFigure(AIMDFCPlus(), Fraction(8, 9), "8/9 (88.9%)", "seed 003 Eq. 16"),
    QuotedFigure(NewAIMD(), Fraction(99, 100), "> 99%", "seed 000, after the recurrences", True),
    QuotedFigure(
        NewAIMD(reading="charitable"),
        Fraction(99, 100),
        "> 99%",
        "seed 000, after the recurrences",
        True,
    ),
)
"""The seed policies of the headline table with the efficiency their paper claims."""
