"""The seed papers' own words: the passages the claims ledger quotes, and a locator.

One module per seed (:mod:`papers.texts.seed000` ... ``seed004``) holds the
passages the ledger quotes, copied verbatim from the seed texts (the
sentences, formulas and tables it needs, not the whole papers), each with
the section heading it stands under; ``tests/test_texts.py`` checks every
passage and every section against the seed text whenever that text is
available. A claim about what a paper *says* is a reading claim: its
evidence is a passage located here by :func:`locate` (or
:func:`locate_all`), and its verdict is computed from what the located
passages contain.

Locating compares text with runs of whitespace collapsed to one space
(the seeds wrap lines and double spaces at random); a phrase that is not in
the passages raises ``LookupError``, so a quote can never be typed in by
hand. :func:`recording` collects every quote located while it is active
(the ledger's registry uses it to attach the quotes to their claim).

Examples
--------
>>> q = locate("003", "efficiency is improved up to 14%")
>>> q.section
'1. Introduction'
>>> q.cite()
'seed 003, 1. Introduction: "efficiency is improved up to 14%"'
>>> [x.section for x in locate_all("003", "88.9%")]
['4.2.2. Efficiency of AIMD-FC+']
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from types import ModuleType

__all__ = ["SEEDS", "Passage", "Quote", "fraction_parts", "locate", "locate_all", "module",
           "normalize", "passages", "recording"]

SEEDS: dict[str, str] = {
    "000": "Jasem, Zukarnain, Othman & Subramaniam 2010 (New-AIMD)",
    "001": "Bazi & Nassereddine 2019 (TCP variants in NS-2)",
    "002": "Mehta & Dahiya (TCP-LP, Westwood, Veno over MANET routing)",
    "003": "Lahanas & Tsaoussidis 2003 (AIMD-FC, AIMD-FC+)",
    "004": "Reddy, Sireesha & Kumar (AIMD and AIAD)",
}
"""Seed number -> the paper (the modules are ``papers.texts.seed<number>``)."""

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
    """One verbatim passage of a seed paper.

    Attributes
    ----------
    seed : str
        The seed number (``"003"``).
    section : str
        The heading the passage stands under, as printed.
    text : str
        The passage, verbatim.
    index : int
        Its position among the seed's passages (paper order).

    Examples
    --------
    >>> passages("003")[0].section
    '1. Introduction'
    """

    seed: str
    section: str
    text: str
    index: int


@dataclass(frozen=True)
class Quote:
    """A phrase located in a seed's passages.

    Attributes
    ----------
    seed : str
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
    >>> q = locate("004", "AI \\\\leq 3")
    >>> q.section, q.text
    ('3.2 Choosing the Set A of Algorithms', 'AI \\\\leq 3')
    """

    seed: str
    section: str
    text: str
    passage: int
    start: int

    def cite(self) -> str:
        """The quote as the ledger prints it: ``seed N, section: "text"``.

        Examples
        --------
        >>> locate("001", "24 different scenarios").cite()
        'seed 001, 3. PROPOSED WORK: "24 different scenarios"'
        """
        return f'seed {self.seed}, {self.section}: "{self.text}"'

    def sentence(self) -> str:
        """The whole passage the quote stands in (whitespace collapsed).

        Examples
        --------
        >>> locate("003", "8% higher").sentence()
        'The efficiency of AIMD-FC is 8% higher than the efficiency of AIMD.'
        """
        return normalize(passages(self.seed)[self.passage].text)


def module(seed: str) -> ModuleType:
    """The module of one seed's passages (``papers.texts.seed<seed>``).

    Examples
    --------
    >>> module("002").SOURCE
    '002_0226e8f62ac2b1c1.txt'
    """
    if seed not in SEEDS:
        raise ValueError(f"seed must be one of {', '.join(SEEDS)}, got {seed!r}")
    return importlib.import_module(f"{__name__}.seed{seed}")


@cache
def passages(seed: str) -> tuple[Passage, ...]:
    """The passages of one seed, in paper order.

    Examples
    --------
    >>> len(passages("001")) > 5
    True
    """
    mod = module(seed)
    return tuple(Passage(seed, sec, text, i) for i, (sec, text) in enumerate(mod.PASSAGES))


def _found(q: Quote) -> Quote:
    for rec in _RECORD:
        rec.append(q)
    return q


def locate_all(seed: str, phrase: str, *, section: str | None = None) -> list[Quote]:
    """Every occurrence of ``phrase`` in a seed's passages (optionally of one section).

    Returns an empty list when there is none (use :func:`locate` to require
    one).

    Examples
    --------
    >>> [q.section for q in locate_all("003", "14%")]
    ['1. Introduction']
    """
    want = normalize(phrase)
    if not want:
        raise ValueError("phrase must not be empty")
    out = []
    for p in passages(seed):
        if section is not None and p.section != section:
            continue
        text = normalize(p.text)
        start = text.find(want)
        while start >= 0:
            out.append(_found(Quote(seed, p.section, want, p.index, start)))
            start = text.find(want, start + 1)
    return out


def locate(seed: str, phrase: str, *, section: str | None = None) -> Quote:
    """The first occurrence of ``phrase`` in a seed's passages.

    Parameters
    ----------
    seed : str
        ``"000"`` .. ``"004"``.
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
    >>> locate("000", "(z >= W)").section
    'The new approach of algorithm (New-AIMD)'
    """
    found = locate_all(seed, phrase, section=section)
    if not found:
        where = f" under {section!r}" if section else ""
        raise LookupError(f"{phrase!r} is not in the passages of seed {seed}{where}")
    return found[0]


@contextmanager
def recording() -> Iterator[list[Quote]]:
    """Collect every quote located while the context is active.

    Examples
    --------
    >>> with recording() as quotes:
    ...     _ = locate("003", "88.9% efficiency")
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
