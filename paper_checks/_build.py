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
function of the claim module decorated with :func:`shared` (a cache that
also hands every value it returns to the hooks in :data:`ON_SHARED`, so that
a check of the ledger's provenance sees the values a claim takes from it).

A claim that is not reproduced says why: ``cause`` (a key of
:data:`paper_checks.ledger.CAUSES`) is given to :func:`claim`, or returned as
a fifth element by the claim function when it depends on the computation.
A reading claim (``reading=True``) rests on passages of the paper located by
:mod:`papers.texts` while it runs; every quote located during a claim's run
is attached to it, and a reading claim must show each of its quotes in its
evidence.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from papers import texts

from .ledger import Claim, cause_of, verdict_from_packet_level

__all__ = ["ON_SHARED", "REGISTRY", "SHARED", "SHARED_RUNS", "ClaimSpec", "build", "claim",
           "shared", "shared_run"]

Result = tuple[str, ...]
"""What a claim function returns: ``(claimed, computed, verdict, evidence[, cause])``."""

SHARED: list[Callable[..., Any]] = []
"""Every :func:`shared` set-up (each has ``cache_clear``)."""

ON_SHARED: list[Callable[[Any], None]] = []
"""Hooks called with every value a :func:`shared` set-up returns (cached or not)."""


SHARED_RUNS: list[Callable[..., Any]] = []
"""Every :func:`shared_run` set-up (each has ``cache_clear``)."""


def _cached(fn: Callable[..., Any], registry: list[Callable[..., Any]]) -> Callable[..., Any]:
    cached = functools.cache(fn)

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        value = cached(*args, **kwargs)
        for hook in ON_SHARED:
            hook(value)
        return value

    wrapper.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    registry.append(wrapper)
    return wrapper


def shared(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Cache a set-up shared by several claims (as ``functools.cache``).

    Every value it returns, computed or from the cache, also goes to the hooks
    in :data:`ON_SHARED` (none in a normal run).
    """
    return _cached(fn, SHARED)


def shared_run(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Cache a queue-model experiment shared by several claims, as :func:`shared` does.

    Kept apart (:data:`SHARED_RUNS`) because nothing of the synchronous model
    enters it (no congestion comparison): a check that reruns the ledger
    under another comparison, and clears :data:`SHARED` for it, reuses these
    runs instead of repeating the slowest part of the ledger.
    """
    return _cached(fn, SHARED_RUNS)


def _shown(quote: texts.Quote, evidence: str) -> bool:
    return quote.text in texts.normalize(evidence)


@dataclass(frozen=True)
class ClaimSpec:
    """One registered row: where it stands, what the paper says, how it is computed."""

    paper: str
    id: str
    where: str
    text: str
    compute: Callable[..., Result]
    case: Mapping[str, Any]
    cause: str | None = None
    reading: bool = False
    decide: str | None = None

    def run(self) -> Claim:
        """Compute the evidence and return the ledger's :class:`~paper_checks.ledger.Claim`."""
        with texts.recording() as located:
            out = self.compute(**self.case)
        if not (isinstance(out, tuple) and len(out) in (4, 5)):
            raise TypeError(
                f"claim {self.paper}/{self.id} must return (claimed, computed, verdict, "
                f"evidence[, cause]), got {out!r}"
            )
        claimed, computed, verdict, evidence = out[:4]
        if self.decide is not None:  # a simulator experiment with no stored packet-level run
            queue, verdict = verdict, verdict_from_packet_level(verdict, None)
            evidence = (f"{evidence} No stored packet-level run at the paper's scale measures "
                        f"this: the queue model (verdict {queue}) is the only estimate, and it "
                        "stands only where it reproduces the paper "
                        f"(ledger.verdict_from_packet_level). What would decide it: "
                        f"{self.decide}.")
        cause = cause_of(verdict, out[4] if len(out) == 5 else self.cause)
        quotes = list(dict.fromkeys(located))
        if self.reading:
            hidden = [q.cite() for q in quotes if not _shown(q, evidence)]
            if not quotes or hidden:
                raise ValueError(f"reading claim {self.paper}/{self.id} must show the passages "
                                 f"it located in its evidence; not shown: {hidden or 'none'}")
        return Claim(self.paper, self.id, self.where, self.text, claimed, computed,
                     verdict, evidence, cause, "reading" if self.reading else "computed",
                     tuple(q.cite() for q in quotes))


REGISTRY: dict[str, list[ClaimSpec]] = {}
"""Paper key -> its registered claims, in ledger order."""


def claim(
    paper: str,
    id: str,
    where: str,
    text: str,
    *,
    cases: Sequence[Mapping[str, Any]] | None = None,
    cause: str | None = None,
    reading: bool = False,
    decide: str | None = None,
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
    cause : str, optional
        Why the claim is not reproduced when it is not (a key of
        :data:`~paper_checks.ledger.CAUSES`, or a ``{}`` template filled from
        the case); a fifth element returned by the function overrides it.
    reading : bool
        True for a claim about the paper's own words (its verdict computed
        from passages located by :mod:`papers.texts`).
    decide : str, optional
        For a claim about a paper's packet-level simulator experiment that
        the function decides in the queue model only (no stored packet-level
        run at the paper's scale): what would decide it. The function's
        verdict is then the queue model's, passed through
        :func:`~paper_checks.ledger.verdict_from_packet_level` without a
        packet-level verdict (``undecided`` unless it reproduces the paper),
        and the evidence says so.
    """

    def register(fn: Callable[..., Result]) -> Callable[..., Result]:
        rows = REGISTRY.setdefault(paper, [])
        if cases is None:
            specs = [ClaimSpec(paper, id, where, text, fn, {}, cause, reading, decide)]
        else:
            specs = [ClaimSpec(paper, id.format(**c), where.format(**c), text.format(**c), fn,
                               dict(c), None if cause is None else cause.format(**c), reading,
                               decide)
                     for c in cases]
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
