"""The claim registry: one small function per claim, registered with :func:`claim`.

A claim module (``papers/KEY/claims.py``) writes each claim of its paper as a
function that computes the evidence and returns ``(claimed, computed,
verdict, evidence)``, the verdict from a rule of :mod:`paper_checks.ledger`::

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
A simulator claim that no stored ns-3 run measures (``decide=``) and whose
metrics are declared (``metrics=``, ``variants=``) is computed in both modes
of the queue model: the function takes ``fidelity`` (``"round"``, then
``"packet"``), and the mode that agrees better with ns-3 on those metrics
(:func:`paper_checks.modes.mode_for`) decides; a set-up the packet-level mode
refuses (``ValueError``) leaves the round mode, and the evidence gives the
reason.

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

from . import modes
from .ledger import Claim, cause_of, verdict_from_packet_level

__all__ = ["ON_SHARED", "REGISTRY", "SHARED", "SHARED_RUNS", "ClaimSpec", "build", "claim",
           "is_refusal", "shared", "shared_run"]

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
    metrics: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()

    def _checked(self, out: Any) -> Result:
        if not (isinstance(out, tuple) and len(out) in (4, 5)):
            raise TypeError(
                f"claim {self.paper}/{self.id} must return (claimed, computed, verdict, "
                f"evidence[, cause]), got {out!r}"
            )
        return out

    def _packet(self) -> tuple[Result | None, str]:
        """The claim computed in the packet-level mode, or None and the reason it refuses."""
        try:
            return self._checked(self.compute(**self.case, fidelity="packet")), ""
        except ValueError as exc:
            if not is_refusal(exc):
                raise
            return None, " ".join(str(exc).split())

    def decided(self, out: Result) -> tuple[str, str, str, str | None]:
        """A simulator row without a stored ns-3 run: ``(computed, verdict, evidence,
        cause)`` by the mode that agrees better with ns-3 (the round mode without
        declared metrics, or where the packet-level mode refuses the set-up)."""
        _, computed, queue, evidence = out[:4]
        cause = out[4] if len(out) == 5 else self.cause
        alone = (f"No stored packet-level run at the paper's scale measures this: the queue "
                 f"model (round mode, verdict {queue}) is the only estimate, and it stands "
                 "only where it reproduces the paper (ledger.verdict_from_packet_level). "
                 f"What would decide it: {self.decide}.")
        if not self.metrics:
            return computed, verdict_from_packet_level(queue, None), f"{evidence} {alone}", cause
        pout, refused = self._packet()
        if pout is None:
            return (computed, verdict_from_packet_level(queue, None),
                    f"{evidence} Packet-level mode (aimdmodel.queue.run, fidelity='packet'): not "
                    f"run, it refuses this set-up: {refused}. {alone}", cause)
        choice = modes.mode_for(self.metrics, modes.uses_sack(self.variants))
        packet = pout[2]
        both = {"round": f"{computed} (verdict {queue})",
                "packet": f"{pout[1]} (verdict {packet})"}
        first = choice.fidelity
        second = "round" if first == "packet" else "packet"
        shown = (f"{first} mode (decides): {both[first]} || {second} mode (beside it): "
                 f"{both[second]}")
        chose = (f"Packet-level mode (aimdmodel.queue.run, fidelity='packet'): the same set-up "
                 f"and rule give verdict {packet}, round mode {queue}. The mode that decides is "
                 "the one that agrees better with ns-3 on the claim's metrics (paper_checks."
                 f"modes.mode_for, from the validation against ns-3's stored runs): "
                 f"{choice.describe()}; so the {first} mode.")
        if choice.mode == "packet":
            verdict = verdict_from_packet_level(queue, packet)
            return (shown, verdict,
                    f"{evidence} {chose} No stored ns-3 run at the paper's scale measures this: "
                    "the packet-level mode's verdict decides (ledger.verdict_from_packet_level)."
                    f" What would check it further: {self.decide}.",
                    pout[4] if len(pout) == 5 else self.cause)
        return shown, verdict_from_packet_level(queue, None), f"{evidence} {chose} {alone}", cause

    def run(self) -> Claim:
        """Compute the evidence and return the ledger's :class:`~paper_checks.ledger.Claim`."""
        with texts.recording() as located:
            out = self._checked(self.compute(**self.case))
            claimed, computed, verdict, evidence = out[:4]
            cause = out[4] if len(out) == 5 else self.cause
            if self.decide is not None:  # a simulator experiment with no stored ns-3 run
                computed, verdict, evidence, cause = self.decided(out)
        cause = cause_of(verdict, cause)
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


def is_refusal(exc: ValueError) -> bool:
    """Whether a ``ValueError`` is the packet-level mode refusing a set-up it leaves out
    (its messages name the mode or point to ``fidelity='round'``).

    Examples
    --------
    >>> is_refusal(ValueError("flows[0].variant 'reno' is not in the packet-level mode"))
    True
    >>> is_refusal(ValueError("scale must be one of ledger, full"))
    False
    """
    text = str(exc)
    return "packet-level" in text or "fidelity='round'" in text


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
    metrics: Sequence[str] = (),
    variants: Sequence[str] = (),
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
    metrics : sequence of str, optional
        With ``decide``: the validation goals the claim is about (keys of
        :data:`paper_checks.modes.METRICS`). The function then takes a
        keyword ``fidelity`` and is run in both modes of the queue model;
        the mode :func:`paper_checks.modes.mode_for` picks decides (the
        packet-level mode's verdict passed to
        :func:`~paper_checks.ledger.verdict_from_packet_level` as the
        packet-level one), and the evidence shows both and the numbers that
        chose. A set-up the packet-level mode refuses (a ``ValueError`` that
        :func:`is_refusal` recognizes) leaves the round mode, with the reason.
    variants : sequence of str, optional
        The TCP variants of the set-up's flows: whether they all use SACK
        (:func:`paper_checks.modes.uses_sack`) selects the validation's
        scenarios.
    """
    if metrics and decide is None:
        raise ValueError("metrics are for a claim with decide=")
    bad = [m for m in metrics if m not in modes.METRICS]
    if bad:
        raise ValueError(f"metrics must be among {', '.join(modes.METRICS)}, got {bad}")
    metrics, variants = tuple(metrics), tuple(variants)

    def register(fn: Callable[..., Result]) -> Callable[..., Result]:
        rows = REGISTRY.setdefault(paper, [])
        if cases is None:
            specs = [ClaimSpec(paper, id, where, text, fn, {}, cause, reading, decide, metrics,
                               variants)]
        else:
            specs = [ClaimSpec(paper, id.format(**c), where.format(**c), text.format(**c), fn,
                               dict(c), None if cause is None else cause.format(**c), reading,
                               decide, metrics, variants)
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
