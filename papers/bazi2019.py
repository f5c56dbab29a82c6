"""Bazi & Nassereddine 2019 (seed 001): the numbers and lists the paper prints, quoted.

"Comparative study of TCP congestion control algorithms", IJATCSE 8(6)
2019: the CBR scenarios of Sec. 3 (24 scenarios, CBR from 1 to 12 Mb in
steps of 0.5, 10 Mb links), the variants it studies and how its abstract,
Fig. 2's text and its conclusion list them. The claims ledger
(:mod:`paper_checks.bazi2019`) checks them; this module computes nothing.

Examples
--------
>>> SCENARIOS, CBR_FROM, CBR_TO, CBR_STEP
(24, Fraction(1, 1), Fraction(12, 1), Fraction(1, 2))
"""

from __future__ import annotations

from fractions import Fraction

__all__ = [
    "AVERAGED_COUNT",
    "CBR_FROM",
    "CBR_STEP",
    "CBR_TO",
    "FIG2_MIN_MAX",
    "LINK_MB",
    "LOSS_BASED_ABSTRACT",
    "LOSS_BASED_CONCLUSION",
    "SCENARIOS",
    "VARIANTS",
]

SCENARIOS = 24
"""Abstract and Sec. 3: "each variant undergoes 24 different scenarios"."""
CBR_FROM, CBR_TO, CBR_STEP = Fraction(1), Fraction(12), Fraction(1, 2)
"""Sec. 3: "the values of the CBR are varied from 1 to 12 with an increment of 0.5 MB"."""
LINK_MB = Fraction(10)
"""Sec. 3: "links between adjacent nodes are 10 MB"."""
VARIANTS = frozenset({"Tahoe", "Reno", "NewReno", "Vegas", "SACK", "FACK"})
"""The abstract's six variants."""
AVERAGED_COUNT = 5
"""Fig. 2's text: "we have plotted the throughput averages for the five flavors"."""
LOSS_BASED_ABSTRACT = frozenset({"Tahoe", "Reno", "NewReno", "SACK"})
"""The abstract's loss-based variants."""
LOSS_BASED_CONCLUSION = frozenset({"Tahoe", "Reno", "NewReno", "FACK"})
"""The conclusion's loss-based variants."""
FIG2_MIN_MAX = ("Vegas", "Vegas")
"""Fig. 2's text: "TCP Vegas has a minimum value while TCP Vegas has the maximum"."""
