"""The papers' own words: the passages the claims ledger quotes, and a locator.

Each paper's folder holds, in ``text.py`` (:mod:`papers.lahanas2003.text`,
``papers.jasem2010.text``, ...; the folder is the paper's key with ``_`` for
``-``, :mod:`papers.keys`), the passages the ledger quotes, copied verbatim from the paper's text
(the sentences, formulas and tables it needs, not the whole papers), each
with the section heading it stands under; ``tests/test_texts.py`` checks
every passage and every section against the paper's text whenever that text
is available. A claim about what a paper *says* is a reading claim: its
evidence is a passage located here by :func:`locate` (or
:func:`locate_all`), and its verdict is computed from what the located
passages contain.

Locating compares text with runs of whitespace collapsed to one space
(the texts wrap lines and double spaces at random); a phrase that is not in
the passages raises ``LookupError``, so a quote can never be typed in by
hand. :func:`recording` collects every quote located while it is active
(the ledger's registry uses it to attach the quotes to their claim).

Examples
--------
>>> q = locate("lahanas2003", "efficiency is improved up to 14%")
>>> q.section
'1. Introduction'
>>> q.cite()
'Lahanas & Tsaoussidis 2003, 1. Introduction: "efficiency is improved up to 14%"'
>>> [x.section for x in locate_all("lahanas2003", "88.9%")]
['4.2.2. Efficiency of AIMD-FC+']
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from types import ModuleType

from .keys import PAPERS, paper_key

__all__ = ["Passage", "Quote", "fraction_parts", "locate", "locate_all", "module",
           "normalize", "passages", "read_cite", "recording"]

_RECORD: list[list[Quote]] = []


def normalize(text: str) -> str:
    """Collapse every run of whitespace to one space and strip the ends.

    Examples
    --------
    >>> normalize("  a\\n  b  c ")
    'a b c'
    """
    return re.sub(r"\s+", " ", text).strip()


@dataclass(frozen=True)
class Passage:
    """One verbatim passage of a paper.

    Attributes
    ----------
    paper : str
        The paper's key (``"lahanas2003"``).
    section : str
        The heading the passage stands under, as printed.
    text : str
        The passage, verbatim.
    index : int
        Its position among the paper's passages (paper order).

    Examples
    --------
    >>> passages("lahanas2003")[0].section
    '1. Introduction'
    """

    paper: str
    section: str
    text: str
    index: int


@dataclass(frozen=True)
class Quote:
    """A phrase located in a paper's passages.

    Attributes
    ----------
    paper : str
        The paper's key.
    section : str
        The heading of the passage it was found in.
    text : str
        The phrase as found (whitespace collapsed).
    passage : int
        Index of the passage.
    start : int
        Offset of the phrase in the normalized passage.

    Examples
    --------
    >>> q = locate("reddy-aiad", "AI \\\\leq 3")
    >>> q.section, q.text
    ('3.2 Choosing the Set A of Algorithms', 'AI \\\\leq 3')
    """

    paper: str
    section: str
    text: str
    passage: int
    start: int

    def cite(self) -> str:
        """The quote as the ledger prints it: ``authors year, section: "text"``.

        The paper is named by authors and year (:attr:`papers.keys.Paper.short`);
        :func:`read_cite` reads it back.

        Examples
        --------
        >>> locate("bazi2019", "24 different scenarios").cite()
        'Bazi & Nassereddine 2019, 3. PROPOSED WORK: "24 different scenarios"'
        """
        return f'{PAPERS[self.paper].short}, {self.section}: "{self.text}"'

    def sentence(self) -> str:
        """The whole passage the quote stands in (whitespace collapsed).

        Examples
        --------
        >>> locate("lahanas2003", "8% higher").sentence()
        'The efficiency of AIMD-FC is 8% higher than the efficiency of AIMD.'
        """
        return normalize(passages(self.paper)[self.passage].text)


def read_cite(cite: str) -> tuple[str, str, str]:
    """Read a quote's citation (:meth:`Quote.cite`) back: ``(key, section, text)``.

    Raises
    ------
    ValueError
        If ``cite`` does not start with a paper's authors and year.

    Examples
    --------
    >>> read_cite(locate("reddy-aiad", "AI \\\\leq 3").cite())
    ('reddy-aiad', '3.2 Choosing the Set A of Algorithms', 'AI \\\\leq 3')
    """
    for p in PAPERS.values():
        head = f"{p.short}, "
        if cite.startswith(head) and cite.endswith('"') and ': "' in cite:
            section, _, text = cite[len(head):-1].partition(': "')
            return p.key, section, text
    raise ValueError(f"cite must start with a paper's authors and year, got {cite!r}")


def module(paper: str) -> ModuleType:
    """The module of one paper's passages (``papers.<key>.text``, ``_`` for ``-``).

    Examples
    --------
    >>> module("mehta-dahiya").__name__
    'papers.mehta_dahiya.text'
    """
    name = f"{__package__}.{PAPERS[paper_key(paper)].module}.text"
    if name in sys.modules:
        return sys.modules[name]
    # importing the text imports the paper's package, whose own quotes are not the caller's
    active = _RECORD[:]
    _RECORD.clear()
    try:
        return importlib.import_module(name)
    finally:
        _RECORD[:] = active


@cache
def passages(paper: str) -> tuple[Passage, ...]:
    """The passages of one paper (by its key), in paper order.

    Examples
    --------
    >>> len(passages("bazi2019")) > 5
    True
    """
    key = paper_key(paper)
    mod = module(key)
    return tuple(Passage(key, sec, text, i) for i, (sec, text) in enumerate(mod.PASSAGES))


def _found(q: Quote) -> Quote:
    for rec in _RECORD:
        rec.append(q)
    return q


def locate_all(paper: str, phrase: str, *, section: str | None = None) -> list[Quote]:
    """Every occurrence of ``phrase`` in a paper's passages (optionally of one section).

    Returns an empty list when there is none (use :func:`locate` to require
    one).

    Examples
    --------
    >>> [q.section for q in locate_all("lahanas2003", "14%")]
    ['1. Introduction']
    """
    want = normalize(phrase)
    if not want:
        raise ValueError("phrase must not be empty")
    out = []
    for p in passages(paper):
        if section is not None and p.section != section:
            continue
        text = normalize(p.text)
        start = text.find(want)
        while start >= 0:
            out.append(_found(Quote(p.paper, p.section, want, p.index, start)))
            start = text.find(want, start + 1)
    return out


def locate(paper: str, phrase: str, *, section: str | None = None) -> Quote:
    """The first occurrence of ``phrase`` in a paper's passages.

    Parameters
    ----------
    paper : str
        The paper's key (:data:`papers.keys.PAPERS`).
    phrase : str
        Text to find (whitespace-insensitive).
    section : str, optional
        Only passages under this heading.

    Raises
    ------
    LookupError
        If the phrase is not there.

    Examples
    --------
    >>> locate("jasem2010", "(z >= W)").section
    'The new approach of algorithm (New-AIMD)'
    """
    found = locate_all(paper, phrase, section=section)
    if not found:
        where = f" under {section!r}" if section else ""
        raise LookupError(f"{phrase!r} is not in the passages of {paper}{where}")
    return found[0]


@contextmanager
def recording() -> Iterator[list[Quote]]:
    """Collect every quote located while the context is active.

    Examples
    --------
    >>> with recording() as quotes:
    ...     _ = locate("lahanas2003", "88.9% efficiency")
    >>> [q.section for q in quotes]
    ['4.2.2. Efficiency of AIMD-FC+']
    """
    rec: list[Quote] = []
    _RECORD.append(rec)
    try:
        yield rec
    finally:
        _RECORD.remove(rec)


def fraction_parts(latex: str) -> tuple[str, str, str]:
    r"""Split ``name = \frac{numerator}{denominator}`` as printed into its three parts.

    Braces inside the numerator and denominator are matched; the ``$$``
    delimiters are dropped.

    Examples
    --------
    >>> fraction_parts("$$x = \\frac{a_{1} - b}{c}$$")
    ('x', 'a_{1} - b', 'c')
    """
    text = latex.strip().strip("$").strip()
    name, _, rest = text.partition("=")
    start = rest.index("\\frac") + len("\\frac")
    parts = []
    i = start
    for _ in range(2):
        while rest[i] != "{":
            i += 1
        depth, j = 0, i
        while True:
            depth += {"{": 1, "}": -1}.get(rest[j], 0)
            if depth == 0:
                break
            j += 1
        parts.append(rest[i + 1 : j].strip())
        i = j + 1
    return name.strip(), parts[0], parts[1]
