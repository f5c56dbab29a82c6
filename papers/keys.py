"""The five papers by one key each: the one table of keys, citations and old names.

Every module, command, file and output names a paper by its author-year key
(``lahanas2003``; its folder ``papers/lahanas2003/``, with ``_`` for ``-``, holds its text,
set-ups and claims: :attr:`Paper.package`) and cites it by authors, year and short title
(:attr:`Paper.label`). The project's old numbering of the papers (the
``seed`` names, :attr:`Paper.old_name`) is kept here once, for history: it is
accepted as an alias on the command line and never printed.

Examples
--------
>>> list(PAPERS)
['lahanas2003', 'jasem2010', 'reddy-aiad', 'bazi2019', 'mehta-dahiya']
>>> paper_key("Lahanas2003"), paper_key("reddy_aiad")
('lahanas2003', 'reddy-aiad')
>>> PAPERS["lahanas2003"].label
'Lahanas & Tsaoussidis 2003 (AIMD-FC, AIMD-FC+)'
"""

from __future__ import annotations

import dataclasses
import importlib.util

__all__ = ["PAPERS", "Paper", "paper_key", "part_module"]


@dataclasses.dataclass(frozen=True)
class Paper:
    """A paper: its key, how it is cited, its title and full citation.

    Attributes
    ----------
    key : str
        The key every command accepts and prints (``lahanas2003``).
    old_name : str
        The project's old name of the paper, accepted as an alias, never printed.
    short : str
        Authors and year (``Lahanas & Tsaoussidis 2003``): how a quote is cited.
    topic : str
        A short title (``AIMD-FC, AIMD-FC+``).
    title : str
        The title, as printed.
    citation : str
        The full citation.

    Examples
    --------
    >>> PAPERS["jasem2010"].short, PAPERS["mehta-dahiya"].module
    ('Jasem et al. 2010', 'mehta_dahiya')
    """

    key: str
    old_name: str
    short: str
    topic: str
    title: str
    citation: str

    @property
    def label(self) -> str:
        """Authors, year and short title: ``Lahanas & Tsaoussidis 2003 (AIMD-FC, AIMD-FC+)``."""
        return f"{self.short} ({self.topic})"

    @property
    def module(self) -> str:
        """The name of the paper's modules and files: the key with ``_`` for ``-``."""
        return self.key.replace("-", "_")

    @property
    def package(self) -> str:
        """The paper's folder as a package: ``papers.`` and :attr:`module`.

        Its ``text.py`` holds the verbatim passages, ``setups.py`` (when the paper has a
        simulator experiment) the set-ups, ``claims.py`` the claims the ledger checks.

        Examples
        --------
        >>> PAPERS["reddy-aiad"].package
        'papers.reddy_aiad'
        """
        return f"papers.{self.module}"


PAPERS: dict[str, Paper] = {
    p.key: p
    for p in (
        Paper("lahanas2003", "seed003", "Lahanas & Tsaoussidis 2003",
              "AIMD-FC, AIMD-FC+",
              "Exploiting the efficiency and fairness potential of AIMD-based congestion "
              "avoidance and control",
              "A. Lahanas and V. Tsaoussidis, \"Exploiting the efficiency and fairness "
              "potential of AIMD-based congestion avoidance and control\", Computer Networks "
              "43 (2003) 227-245"),
        Paper("jasem2010", "seed000", "Jasem et al. 2010",
              "New-AIMD",
              "On the delay and link utilization with the New-AIMD congestion avoidance and "
              "control algorithm",
              "H. N. Jasem, Z. A. Zukarnain, M. Othman and S. Subramaniam, \"On the delay and "
              "link utilization with the New-AIMD congestion avoidance and control "
              "algorithm\" (2010)"),
        Paper("reddy-aiad", "seed004", "Reddy, Sireesha & Kumar",
              "AIMD and AIAD",
              "The general comparison between AIMD and AIAD congestion control algorithms",
              "Reddy, Sireesha and Kumar, \"The general comparison between AIMD and AIAD "
              "congestion control algorithms\" (year not printed)"),
        Paper("bazi2019", "seed001", "Bazi & Nassereddine 2019",
              "TCP variants in NS-2",
              "Comparative study of TCP congestion control algorithms",
              "K. Bazi and B. Nassereddine, \"Comparative study of TCP congestion control "
              "algorithms\", IJATCSE 8(6) (2019)"),
        Paper("mehta-dahiya", "seed002", "Mehta & Dahiya",
              "TCP-LP, Westwood, Veno over MANET routing",
              "Measuring performance of delay based congestion control algorithms (Low "
              "Priority, Westwood and Veno)",
              "Mehta and Dahiya, \"Measuring performance of delay based congestion control "
              "algorithms (Low Priority, Westwood and Veno)\" (year not printed)"),
    )
}
"""Key -> :class:`Paper`, in the ledger's order."""


def paper_key(text: str) -> str:
    """Return the key of the paper ``text`` names: its key (``_`` or ``-``) or old name, any case.

    Raises
    ------
    ValueError
        Naming the keys that exist.

    Examples
    --------
    >>> paper_key("Mehta_Dahiya")
    'mehta-dahiya'
    >>> paper_key("chiu1989")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: paper must be one of lahanas2003, jasem2010, ..., got 'chiu1989'
    """
    wanted = "".join(str(text).lower().split()).replace("_", "-")
    for p in PAPERS.values():
        if wanted in (p.key, p.old_name, p.old_name[4:]):
            return p.key
    raise ValueError(f"paper must be one of {', '.join(PAPERS)}, got {text!r}")


def part_module(key: str, part: str) -> str | None:
    """The dotted name of paper ``key``'s module ``part`` in its folder, or None if it has none.

    Examples
    --------
    >>> part_module("bazi2019", "setups")
    'papers.bazi2019.setups'
    >>> part_module("bazi2019", "figures") is None
    True
    """
    name = f"{PAPERS[key].package}.{part}"
    return name if importlib.util.find_spec(name) is not None else None
