"""The efficiency figures the papers claim, quoted (not computed)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from aimdmodel.policies import AIMD, AIMDFC, AIMDFCPlus, NewAIMD, Policy

from .jasem2010 import EFFICIENCY_CLAIMED
from .lahanas2003 import EFFICIENCY_AIMD, EFFICIENCY_AIMD_FC, EFFICIENCY_AIMD_FC_PLUS

__all__ = ["HEADLINE", "QuotedFigure"]


@dataclass(frozen=True)
class QuotedFigure:
    """An efficiency figure as a paper states it (quoted, not computed).

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
    (Fraction(3, 4), 'Lahanas & Tsaoussidis 2003, Sec. 3.1, Eq. 1')
    """

    policy: Policy
    claimed: Fraction
    text: str
    source: str
    at_least: bool = False


HEADLINE: tuple[QuotedFigure, ...] = (
    QuotedFigure(AIMD(), EFFICIENCY_AIMD, f"{EFFICIENCY_AIMD} ({float(EFFICIENCY_AIMD):.0%})",
                 "Lahanas & Tsaoussidis 2003, Sec. 3.1, Eq. 1"),
    QuotedFigure(AIMDFC(), EFFICIENCY_AIMD_FC, f"{EFFICIENCY_AIMD_FC}",
                 "Lahanas & Tsaoussidis 2003, Eq. 7"),
    QuotedFigure(AIMDFCPlus(), EFFICIENCY_AIMD_FC_PLUS,
                 f"{EFFICIENCY_AIMD_FC_PLUS} ({float(EFFICIENCY_AIMD_FC_PLUS):.1%})",
                 "Lahanas & Tsaoussidis 2003, Eq. 16"),
    QuotedFigure(NewAIMD(), EFFICIENCY_CLAIMED, f"> {float(EFFICIENCY_CLAIMED):.0%}",
                 "Jasem et al. 2010, after the recurrences", True),
    QuotedFigure(NewAIMD(reading="charitable"), EFFICIENCY_CLAIMED,
                 f"> {float(EFFICIENCY_CLAIMED):.0%}", "Jasem et al. 2010, after the recurrences",
                 True),
)
"""The papers' policies of the headline table with the efficiency their paper claims."""
