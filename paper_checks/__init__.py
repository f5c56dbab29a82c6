"""The claims ledger: every checkable claim of the five papers (:data:`papers.keys.PAPERS`).

One module per paper (``lahanas2003``, ``jasem2010``, ``reddy_aiad``,
``bazi2019``, ``mehta_dahiya``), each with ``KEY``, ``TITLE`` and one small
function per claim, registered with :func:`paper_checks._build.claim` (its
``checks() -> list[Claim]`` runs them in order); :mod:`paper_checks.ledger`
holds the claim object, the verdict rules and the causes of a claim that is
not reproduced; :mod:`paper_checks.runner` runs and renders. The papers'
statements and numbers come from the package ``papers``, their own words
from :mod:`papers.texts` (a reading claim's evidence is passages located
there).
"""

from .ledger import VERDICTS, Claim
from .runner import PAPERS, run, summary, to_json, to_markdown

__all__ = ["PAPERS", "VERDICTS", "Claim", "run", "summary", "to_json", "to_markdown"]
