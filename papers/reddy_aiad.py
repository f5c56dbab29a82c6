"""Reddy, Sireesha & Kumar (seed 004): the numbers the paper prints, quoted.

"The general comparison between AIMD and AIAD congestion control
algorithms": the appendix tables of (D_a, C_a) for AIMD(a, b) and AIAD(a, b)
under Reno/SACK and DropTail/RED, the rows it marks and chooses, the number
of environments (Table 2), the window ranges of its 10% rule (Sec. 3.2) and
the goodputs printed under Figs. 1-2. The claims ledger
(:mod:`paper_checks.reddy_aiad`) checks them; this module computes nothing.

Examples
--------
>>> APPENDIX["Reno+DropTail"]["AIMD"][(1, "0.5")], N_ENV
(('0.19', '0.06'), 13)
"""

from __future__ import annotations

from fractions import Fraction

__all__ = [
    "ALGORITHMS",
    "APPENDIX",
    "CHOSEN_TEXT",
    "CLAIMED_ALGORITHMS",
    "DECREASE_WINDOWS",
    "FIG_GOODPUTS",
    "INCREASE_WINDOWS",
    "MARKED",
    "N_ENV",
    "PARAMETER_BOUND",
    "STEP_SHARE",
]

APPENDIX: dict[str, dict[str, dict[tuple, tuple[str, str]]]] = {
    "Reno+DropTail": {
        "AIMD": {
            (1, "0.5"): ("0.19", "0.06"),
            (1, "0.65"): ("0.06", "0.02"),
            (1, "0.8"): ("0.07", "0.03"),
            (2, "0.5"): ("0.83", "0.20"),
            (2, "0.65"): ("0.56", "0.15"),
            (2, "0.8"): ("0.56", "0.22"),
            (3, "0.5"): ("1.87", "0.31"),
            (3, "0.65"): ("1.49", "0.29"),
            (3, "0.8"): ("1.28", "0.26"),
        },
        "AIAD": {
            (1, 1): ("0.10", "0.03"),
            (1, 2): ("0.05", "0.02"),
            (1, 3): ("0.06", "0.03"),
            (2, 1): ("0.56", "0.19"),
            (2, 2): ("0.62", "0.21"),
            (2, 3): ("0.59", "0.22"),
            (3, 1): ("1.11", "0.25"),
            (3, 2): ("1.15", "0.25"),
            (3, 3): ("1.17", "0.27"),
        },
    },
    "SACK+DropTail": {
        "AIMD": {
            (1, "0.5"): ("0.26", "0.12"),
            (1, "0.65"): ("0.16", "0.11"),
            (1, "0.8"): ("0.25", "0.13"),
            (2, "0.5"): ("0.11", "0.04"),
            (2, "0.65"): ("0.16", "0.04"),
            (2, "0.8"): ("0.10", "0.03"),
            (3, "0.5"): ("0.13", "0.02"),
            (3, "0.65"): ("0.07", "0.01"),
            (3, "0.8"): ("0.03", "0.01"),
        },
        "AIAD": {
            (1, 1): ("0.50", "0.11"),
            (1, 2): ("0.47", "0.11"),
            (1, 3): ("0.52", "0.12"),
            (2, 1): ("0.41", "0.11"),
            (2, 2): ("0.44", "0.11"),
            (2, 3): ("0.39", "0.11"),
            (3, 1): ("0.31", "0.11"),
            (3, 2): ("0.15", "0.11"),
            (3, 3): ("0.35", "0.11"),
        },
    },
    "Reno+RED": {
        "AIMD": {
            (1, "0.5"): ("0.60", "0.15"),
            (1, "0.65"): ("0.59", "0.15"),
            (1, "0.8"): ("0.38", "0.12"),
            (2, "0.5"): ("0.50", "0.09"),
            (2, "0.65"): ("0.26", "0.06"),
            (2, "0.8"): ("0.29", "0.07"),
            (3, "0.5"): ("0.47", "0.06"),
            (3, "0.65"): ("0.31", "0.04"),
            (3, "0.8"): ("0.27", "0.06"),
        },
        "AIAD": {
            (1, 1): ("0.32", "0.06"),
            (1, 2): ("0.29", "0.08"),
            (1, 3): ("0.14", "0.08"),
            (2, 1): ("0.39", "0.09"),
            (2, 2): ("0.41", "0.08"),
            (2, 3): ("0.31", "0.10"),
            (3, 1): ("0.76", "0.12"),
            (3, 2): ("0.58", "0.11"),
            (3, 3): ("0.45", "0.08"),
        },
    },
    "SACK+RED": {
        "AIMD": {
            (1, "0.5"): ("0.68", "0.16"),
            (1, "0.65"): ("0.47", "0.14"),
            (1, "0.8"): ("0.32", "0.11"),
            (2, "0.5"): ("0.42", "0.09"),
            (2, "0.65"): ("0.30", "0.08"),
            (2, "0.8"): ("0.06", "0.03"),
            (3, "0.5"): ("0.36", "0.07"),
            (3, "0.65"): ("0.26", "0.07"),
            (3, "0.8"): ("0.01", "0.01"),
        },
        "AIAD": {
            (1, 1): ("0.36", "0.11"),
            (1, 2): ("0.28", "0.11"),
            (1, 3): ("0.30", "0.10"),
            (2, 1): ("0.31", "0.09"),
            (2, 2): ("0.20", "0.05"),
            (2, 3): ("0.06", "0.02"),
            (3, 1): ("0.49", "0.11"),
            (3, 2): ("0.29", "0.09"),
            (3, 3): ("0.10", "0.04"),
        },
    },
}
"""The appendix tables as printed: setting -> family -> (a, b) -> (D_a, C_a)."""
MARKED = {"AIMD": (1, "0.8"), "AIAD": (1, 1)}
"""The rows marked (bold/underlined) as best in every appendix table."""
CHOSEN_TEXT = {"AIMD": (1, "0.8"), "AIAD": (1, 3)}
"""Sec. 3.2's choice: "AIMD(1,0.8), AIAD (1,3)"."""
N_ENV = 13
"""Table 2: the 13 bandwidth-variation environments."""
INCREASE_WINDOWS = (Fraction(12), Fraction(15))
"""Sec. 3.2: the lowest windows that increase, "about 12-15"."""
DECREASE_WINDOWS = (Fraction(20), Fraction(25))
"""Sec. 3.2: the lowest windows that decrease, "25-20"."""
STEP_SHARE = Fraction(1, 10)
"""Sec. 3.2: increments and decrements of at most 10% of the window."""
PARAMETER_BOUND = 3
"""Sec. 3.2: "the permissible values are AI <= 3, AD <= 3"."""
CLAIMED_ALGORITHMS = 4
"""Sec. 3, 3.2, 6: "the four basic linear congestion control algorithms"."""
ALGORITHMS = ("AIMD", "AIAD")
"""The set A as Sec. 3 and 3.2 define it (and the families of the appendix)."""
FIG_GOODPUTS = {"1(a)": (0.97, 0.93), "1(b)": (0.52, 0.96), "2(a)": (0.67, 0.65),
                "2(b)": (0.96, 0.96)}
"""The (AIMD, AIAD) goodputs printed under Figs. 1-2."""
