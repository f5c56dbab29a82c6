"""The five papers by one key each, with their citations.

Every command names a paper by its key (``lahanas2003``); the project's old
numbering (``seed003``) is accepted as an alias and never printed.

Examples
--------
>>> list(PAPERS)
['lahanas2003', 'jasem2010', 'reddy-aiad', 'bazi2019', 'mehta-dahiya']
>>> paper_key("seed003"), paper_key("Lahanas2003")
('lahanas2003', 'lahanas2003')
"""

from __future__ import annotations

import dataclasses

__all__ = ["PAPERS", "Paper", "key_of_seed", "paper_key"]


@dataclasses.dataclass(frozen=True)
class Paper:
    """A paper: its key, a short name, its title and full citation.

    Attributes
    ----------
    key : str
        The key every command accepts (``lahanas2003``).
    seed : str
        The old alias (``seed003``), accepted, never printed.
    short : str
        Authors and year (``Lahanas & Tsaoussidis 2003``).
    title : str
        The title, as printed.
    citation : str
        The full citation.

    Examples
    --------
    >>> PAPERS["jasem2010"].short
    'Jasem et al. 2010'
    """

    key: str
    seed: str
    short: str
    title: str
    citation: str


PAPERS: dict[str, Paper] = {
    p.key: p
    for p in (
        Paper("lahanas2003", "seed003", "Lahanas & Tsaoussidis 2003",
              "Exploiting the efficiency and fairness potential of AIMD-based congestion "
              "avoidance and control",
              "A. Lahanas and V. Tsaoussidis, \"Exploiting the efficiency and fairness "
              "potential of AIMD-based congestion avoidance and control\", Computer Networks "
              "43 (2003) 227-245"),
        Paper("jasem2010", "seed000", "Jasem et al. 2010",
              "On the delay and link utilization with the New-AIMD congestion avoidance and "
              "control algorithm",
              "H. N. Jasem, Z. A. Zukarnain, M. Othman and S. Subramaniam, \"On the delay and "
              "link utilization with the New-AIMD congestion avoidance and control "
              "algorithm\" (2010)"),
        Paper("reddy-aiad", "seed004", "Reddy, Sireesha & Kumar",
              "The general comparison between AIMD and AIAD congestion control algorithms",
              "Reddy, Sireesha and Kumar, \"The general comparison between AIMD and AIAD "
              "congestion control algorithms\" (year not printed)"),
        Paper("bazi2019", "seed001", "Bazi & Nassereddine 2019",
              "Comparative study of TCP congestion control algorithms",
              "K. Bazi and B. Nassereddine, \"Comparative study of TCP congestion control "
              "algorithms\", IJATCSE 8(6) (2019)"),
        Paper("mehta-dahiya", "seed002", "Mehta & Dahiya",
              "Measuring performance of delay based congestion control algorithms (Low "
              "Priority, Westwood and Veno)",
              "Mehta and Dahiya, \"Measuring performance of delay based congestion control "
              "algorithms (Low Priority, Westwood and Veno)\" (year not printed)"),
    )
}
"""Key -> :class:`Paper`, in the ledger's order."""


def paper_key(text: str) -> str:
    """Return the key of the paper ``text`` names: its key or old alias, any case.

    Raises
    ------
    ValueError
        Naming the keys that exist.

    Examples
    --------
    >>> paper_key("seed 000")
    'jasem2010'
    >>> paper_key("chiu1989")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: paper must be one of lahanas2003, jasem2010, ..., got 'chiu1989'
    """
    wanted = "".join(str(text).lower().split()).replace("_", "-")
    for p in PAPERS.values():
        if wanted in (p.key, p.seed, p.seed[4:]):
            return p.key
    raise ValueError(f"paper must be one of {', '.join(PAPERS)}, got {text!r}")


def key_of_seed(seed: str) -> str:
    """Return the key of an old ``seedNNN`` name (the experiments' internal names).

    Examples
    --------
    >>> key_of_seed("seed004")
    'reddy-aiad'
    """
    return paper_key(seed)
