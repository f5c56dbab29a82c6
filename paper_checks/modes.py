"""Which mode of the queue model decides a simulator row: the one that agrees with ns-3.

A ledger row about a paper's packet-level simulator experiment that no stored
ns-3 run measures is computed in both modes of the queue model
(:func:`aimdmodel.queue.run`'s ``fidelity``: ``"round"``, the round-based
mode, and ``"packet"``, the packet-level mode). Which one decides is not
chosen by hand: :func:`mode_for` reads the validation of both modes against
ns-3's stored runs (:func:`aimdmodel.ns3.validate.validate` on the reference
set, as ``VALIDATION.md``) and, for the row's metrics and whether its flows
use SACK, picks the mode with the higher share of met goals on the matching
scenarios (:func:`choose`); each row says which mode decided it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["METRICS", "MODES", "Choice", "choose", "counts", "mode_for", "uses_sack",
           "validation"]

MODES = ("queue", "packet")
"""The validation's names of the two modes: ``queue`` the round-based mode, ``packet`` the
packet-level mode."""

METRICS: dict[str, str] = {
    "goodput": "per-flow goodput (share)",
    "loss_rate": "loss rate",
    "utilization": "utilization",
    "timeouts": "timeouts",
    "queueing_delay": "queueing delay",
}
"""The validation's goals a row's claim can be about, and how the evidence names them."""

_FIDELITY = {"queue": "round", "packet": "packet"}


def uses_sack(variants: Sequence[str]) -> bool:
    """Whether every flow of these variants uses SACK, as ns-3 runs them
    (:data:`aimdmodel.ns3.variants.NS3_VARIANTS`).

    Examples
    --------
    >>> uses_sack(["sack", "cubic"]), uses_sack(["newreno", "westwood"]), uses_sack(["fack"])
    (True, False, True)
    """
    from aimdmodel.ns3.variants import NS3_VARIANTS

    return all(NS3_VARIANTS[v].sack for v in variants)


@functools.cache
def validation():
    """Both modes validated against ns-3's stored runs (cached; a few seconds).

    Returns
    -------
    aimdmodel.ns3.validate.Validation
        The reference set with the models ``queue`` and ``packet``, ns-3's side read from
        the store (:data:`aimdmodel.ns3.campaign.STORE`) at the version most of its runs
        have.
    """
    from aimdmodel.ns3.campaign import STORE, Store
    from aimdmodel.ns3.validate import reference_set, validate

    store = Store(STORE)
    versions = [r["ns3"] for r in store.records()]
    version = max(set(versions), key=versions.count)
    return validate(reference_set(), models=MODES, store=store, version=version)


@functools.cache
def counts(metric: str, sack: bool) -> dict[str, tuple[int, int]]:
    """``{mode: (met, compared)}`` of one goal on the reference set's scenarios whose flows
    match ``sack`` (every flow with SACK in ns-3, or at least one without) and that both
    modes run (so that both shares are over the same scenarios)."""
    from aimdmodel.ns3.variants import NS3_VARIANTS

    if metric not in METRICS:
        raise ValueError(f"metric must be one of {', '.join(METRICS)}, got {metric!r}")
    v = validation()
    keep = [k for k, (case, res) in enumerate(zip(v.cases, v.results, strict=True))
            if all(res[m].values is not None for m in MODES)
            and all(NS3_VARIANTS[f.variant].sack for f in case.scenario.flows
                    if f.variant in NS3_VARIANTS) == sack]
    sub = type(v)(tuple(v.cases[k] for k in keep), tuple(v.results[k] for k in keep),
                  v.models, v.options)
    summary = sub.summary()
    return {m: summary[m][metric] for m in MODES}


def choose(by_mode: Mapping[str, tuple[int, int]]) -> str:
    """The mode with the higher share of met goals; ``queue`` (the round mode, the ledger's
    rule before) on a tie or where the packet-level mode has nothing compared.

    Examples
    --------
    >>> choose({"queue": (17, 25), "packet": (18, 25)})
    'packet'
    >>> choose({"queue": (6, 6), "packet": (6, 6)}), choose({"queue": (1, 2), "packet": (0, 0)})
    ('queue', 'queue')
    """
    (qm, qn), (pm, pn) = by_mode["queue"], by_mode["packet"]
    if pn == 0:
        return "queue"
    if qn == 0:
        return "packet"
    return "packet" if pm * qn > qm * pn else "queue"


@dataclass(frozen=True)
class Choice:
    """The mode that decides a row, and the validation numbers that chose it.

    Attributes
    ----------
    mode : str
        ``"queue"`` (the round mode) or ``"packet"``.
    sack : bool
        Whether the row's flows all use SACK.
    by_metric : tuple of (metric, {mode: (met, compared)}, chosen mode)
    """

    mode: str
    sack: bool
    by_metric: tuple

    @property
    def fidelity(self) -> str:
        """The mode as :func:`aimdmodel.queue.run`'s ``fidelity``."""
        return _FIDELITY[self.mode]

    def describe(self) -> str:
        """The numbers, as the evidence says them."""
        flows = "flows all with SACK" if self.sack else "a flow without SACK"
        parts = [f"{METRICS[m]}, scenarios with {flows} that both modes run: packet-level "
                 f"{c['packet'][0]}/{c['packet'][1]} met, round {c['queue'][0]}/{c['queue'][1]}"
                 f" -> {_FIDELITY[pick]}" for m, c, pick in self.by_metric]
        return "; ".join(parts)


def mode_for(metrics: Sequence[str], sack: bool) -> Choice:
    """The mode that agrees better with ns-3 on every metric of a row.

    Parameters
    ----------
    metrics : sequence of str
        Keys of :data:`METRICS` the row's claim is about.
    sack : bool
        Whether the row's flows all use SACK (:func:`uses_sack`).

    Returns
    -------
    Choice
        ``packet`` where :func:`choose` picks the packet-level mode for every one of the
        metrics; otherwise ``queue`` (the round mode).
    """
    if not metrics:
        raise ValueError("a row needs at least one metric")
    rows = tuple((m, counts(m, sack), choose(counts(m, sack))) for m in metrics)
    mode = "packet" if all(pick == "packet" for *_, pick in rows) else "queue"
    return Choice(mode, sack, rows)
