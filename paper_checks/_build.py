"""The claim registry: one small function per claim, registered with :func:`claim`.

A claim module writes each claim of its paper as a function that computes
the evidence and returns ``(claimed, computed, verdict, evidence)``, the
verdict from a rule of :mod:`paper_checks.ledger`::

    @claim(KEY, "eq1", "Sec. 2.2, Eq. 1", "With decrease factor ... (beta + 1)/(2 beta).")
    def eq1():
        ...
        return claimed, computed, verdict_from_checks(checks), evidence

A claim with several cases (one row each) gives ``cases``: a sequence of
dicts passed to the function as keyword arguments, and used to fill the
``{}`` fields of ``id``, ``where`` and ``text`` (``str.format``). The rows
of a paper come in the order the claims were registered, a claim's cases
in their order. Set-up shared by several claims is computed once, in a
cached function of the claim module (``functools.cache``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .ledger import Claim

__all__ = ["REGISTRY", "ClaimSpec", "build", "claim"]

Result = tuple[str, str, str, str]
"""What a claim function returns: ``(claimed, computed, verdict, evidence)``."""


@dataclass(frozen=True)
class ClaimSpec:
    """One registered row: where it stands, what the paper says, how it is computed."""

    paper: str
    id: str
    where: str
    text: str
    compute: Callable[..., Result]
    case: Mapping[str, Any]

    def run(self) -> Claim:
        """Compute the evidence and return the ledger's :class:`~paper_checks.ledger.Claim`."""
        out = self.compute(**self.case)
        if not (isinstance(out, tuple) and len(out) == 4):
            raise TypeError(
                f"claim {self.paper}/{self.id} must return (claimed, computed, verdict, "
                f"evidence), got {out!r}"
            )
        claimed, computed, verdict, evidence = out
        return Claim(self.paper, self.id, self.where, self.text, claimed, computed, verdict,
                     evidence)


REGISTRY: dict[str, list[ClaimSpec]] = {}
"""Paper key -> its registered claims, in ledger order."""


def claim(
    paper: str,
    id: str,
    where: str,
    text: str,
    *,
    cases: Sequence[Mapping[str, Any]] | None = None,
) -> Callable[[Callable[..., Result]], Callable[..., Result]]:
    """Register a claim function (a decorator; the function is returned unchanged).

    Parameters
    ----------
    paper : str
        The paper key (``KEY`` of the claim module).
    id, where, text : str
        The row's identifier (unique within the paper), where the paper says
        it, and what it says; with ``cases``, templates filled from each
        case (``str.format``), otherwise taken as they are.
    cases : sequence of dict, optional
        One row per case; the case is passed to the function as keyword
        arguments.
    """

    def register(fn: Callable[..., Result]) -> Callable[..., Result]:
        rows = REGISTRY.setdefault(paper, [])
        if cases is None:
            specs = [ClaimSpec(paper, id, where, text, fn, {})]
        else:
            specs = [ClaimSpec(paper, id.format(**c), where.format(**c), text.format(**c), fn,
                               dict(c)) for c in cases]
        for spec in specs:
            if any(r.id == spec.id for r in rows):
                raise ValueError(f"duplicate claim id {spec.id!r} in {paper}")
            rows.append(spec)
        return fn

    return register


def build(paper: str) -> list[Claim]:
    """Run every registered claim of ``paper``, in order.

    Raises
    ------
    ValueError
        If no claim is registered for ``paper`` (its module was not imported).
    """
    if paper not in REGISTRY:
        raise ValueError(f"no claims registered for paper {paper!r}")
    return [spec.run() for spec in REGISTRY[paper]]
