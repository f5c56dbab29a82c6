"""The claims ledger: every checkable claim of the five papers (:data:`papers.keys.PAPERS`).

This package is the machinery only; the claims live with their paper, in one
module per paper in its folder (``papers/lahanas2003/claims.py``, ...,
``papers/KEY/claims.py`` with ``_`` for ``-``), each with ``KEY``, ``TITLE``
and one small function per claim, registered with
:func:`paper_checks._build.claim` (its ``checks() -> list[Claim]`` runs them
in order). :data:`paper_checks.runner.PAPERS` finds those modules through the
table of keys, in one place; :mod:`paper_checks.ledger` holds the claim
object, the verdict rules and the causes of a claim that is not reproduced;
:mod:`paper_checks.runner` runs and renders. The papers' statements and
numbers come from the package ``papers``, their own words from
:mod:`papers.texts` (a reading claim's evidence is passages located there).
The imports go one way: a claim module imports the machinery
(:mod:`paper_checks._build`, :mod:`paper_checks.ledger`), and the machinery
imports a claim module only by the name the table of keys gives
(``importlib``), so no circle runs through the two packages.
"""

from .ledger import VERDICTS, Claim
from .runner import PAPERS, run, summary, to_json, to_markdown

__all__ = ["PAPERS", "VERDICTS", "Claim", "run", "summary", "to_json", "to_markdown"]
