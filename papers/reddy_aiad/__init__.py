"""Reddy, Sireesha & Kumar: the numbers the paper prints, quoted.

"The general comparison between AIMD and AIAD congestion control
algorithms": the appendix tables of (D_a, C_a) for AIMD(a, b) and AIAD(a, b)
under Reno/SACK and DropTail/RED, the rows it marks and chooses, the number
of environments (Table 2), the window ranges of its 10% rule (Sec. 3.2) and
the goodputs printed under Figs. 1-2. The appendix tables and their marks are
parsed from the paper's own text (:mod:`papers.texts`); the other numbers
are quoted, and ``tests/test_texts.py`` locates each of them in the text. The
claims (:mod:`papers.reddy_aiad.claims`, run by the ledger :mod:`paper_checks`)
check them.

Examples
--------
>>> APPENDIX["Reno+DropTail"]["AIMD"][(1, "0.5")], N_ENV
(('0.19', '0.06'), 13)
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from .. import texts

__all__ = [
    "ALGORITHMS",
    "APPENDIX",
    "CHOSEN_TEXT",
    "CLAIMED_ALGORITHMS",
    "DECREASE_WINDOWS",
    "FIG_GOODPUTS",
    "INCREASE_WINDOWS",
    "MARKED",
    "MARKED_BY_TABLE",
    "N_ENV",
    "PARAMETER_BOUND",
    "SETTINGS",
    "STEP_SHARE",
    "appendix_from_text",
]

SETTINGS = {"Reno+DropTail": "TCP Reno + DROPTAIL", "SACK+DropTail": "TCP SACK + DROPTAIL",
            "Reno+RED": "TCP Reno + RED", "SACK+RED": "TCP SACK + RED"}
"""The four appendix tables: setting -> the table's title as printed."""

_ROW = re.compile(r"(<[bu]>)?\((\d+), ([\d.]+)\)(?:</[bu]>)?\s+([\d.]+)\s+([\d.]+)")


def _b(family: str, text: str) -> Any:
    """The decrease parameter as the tables print it: AIMD's factor as a string ("0.5"),
    AIAD's decrement as an int."""
    return text if family == "AIMD" else int(text)


def appendix_from_text() -> tuple[dict, dict]:
    """Parse the four appendix tables from the located passages of Reddy et al..

    Each table row holds an AIMD entry and an AIAD entry, ``(a, b)  D_a  C_a``;
    an entry in bold or underlined (``<b>``, ``<u>``) is marked as best.

    Returns
    -------
    (tables, marked)
        ``tables[setting][family][(a, b)] = (D_a, C_a)`` as printed (strings);
        ``marked[setting][family]`` the marked ``(a, b)``.

    Examples
    --------
    >>> tables, marked = appendix_from_text()
    >>> tables["SACK+RED"]["AIMD"][(3, "0.8")], marked["Reno+DropTail"]["AIAD"]
    (('0.01', '0.01'), (1, 1))
    """
    tables: dict = {}
    marked: dict = {}
    for setting, title in SETTINGS.items():
        text = texts.locate("reddy-aiad", title, section=title).sentence()
        fams: dict = {"AIMD": {}, "AIAD": {}}
        marks: dict = {}
        for i, m in enumerate(_ROW.finditer(text)):
            fam = ("AIMD", "AIAD")[i % 2]
            key = (int(m.group(2)), _b(fam, m.group(3)))
            fams[fam][key] = (m.group(4), m.group(5))
            if m.group(1):
                marks[fam] = key
        tables[setting], marked[setting] = fams, marks
    return tables, marked


APPENDIX, MARKED_BY_TABLE = appendix_from_text()
"""The appendix tables parsed from the text (:func:`appendix_from_text`): setting -> family ->
(a, b) -> (D_a, C_a) as printed, and setting -> family -> the marked (a, b)."""
MARKED = {fam: MARKED_BY_TABLE["Reno+DropTail"][fam] for fam in ("AIMD", "AIAD")}
"""The rows marked (bold/underlined) as best in the first table (the same in every table)."""
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
