"""The claim object and the verdict rules of the ledger.

Every verdict of the ledger is the return value of one of the rule functions
below, applied to computed evidence. No module of ``paper_checks`` writes a
verdict by hand: a claim module computes the evidence (a simulation, a closed
form, a counterexample search, table arithmetic) and passes it through the
rule written next to the claim.

Why a claim is not reproduced (``refuted`` or ``partly``) is said by its
``cause``, one of :data:`CAUSES`: the paper itself (its analysis, data or
text), a convention or arithmetic the paper did not use, a typo, a simulator
result that the queue model (run with the set-up the row states) does not
reproduce, or a part that needs what no model here has. The rule
:func:`cause_of` keeps a cause only where the verdict needs one.

A claim rests on computation (``basis="computed"``: simulation, closed form,
search, arithmetic on the paper's numbers) or on the paper's own words
(``basis="reading"``: its evidence quotes passages located in the paper's text by
:mod:`papers.texts`, and the rule reads what they say).

The five verdicts:

``reproduced``
    the computation agrees with the paper (within the stated tolerance, or no
    counterexample was found in the stated search).
``refuted``
    the computation disagrees, or a counterexample was found and no condition
    under which the statement holds was verified.
``partly``
    the statement holds only under a stated condition (and that condition was
    verified by computation), or only some of its parts hold.
``outside-model``
    the claim is about a quantity that neither the synchronous binary-feedback
    model nor the round-based queue model has a variable for (checked against
    :data:`MODEL_QUANTITIES` and :data:`QUEUE_MODEL_QUANTITIES`); the evidence
    says what would decide it.
``undecided``
    a claim about a paper's packet-level simulator experiment on which the
    queue model disagrees with the paper and no packet-level run of the
    toolkit at the paper's scale decides (cause :data:`DISAGREE`, counted
    apart); the evidence says what would decide it.

A claim about a simulator measurement (NS-2, NCTUns) is decided by
:func:`verdict_from_packet_level`: on the stored packet-level (ns-3) runs at
the paper's scale where they measure what the claim is about
(:mod:`papers.ns3_reruns`); the queue model's verdict, under the set-up the
row states (:mod:`papers.setups`), is the fast estimate shown beside it, and
stands alone only where it agrees with the paper. Where no stored ns-3 run
measures the claim, the row is computed in both modes of the queue model
(round and packet-level), and the packet-level mode's verdict decides where
that mode agrees better with ns-3 on the claim's metric, for flows with or
without SACK as the row's (:mod:`paper_checks.modes`, from the validation
against ns-3's stored runs); the evidence names the mode, the numbers that
chose it, and both modes' values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

__all__ = [
    "BASES",
    "CAUSES",
    "DISAGREE",
    "MODEL_QUANTITIES",
    "QUEUE_MODEL_QUANTITIES",
    "VERDICTS",
    "Claim",
    "cause_of",
    "verdict_from_checks",
    "verdict_from_counterexample",
    "verdict_from_packet_level",
    "verdict_from_readings",
    "verdict_from_tolerance",
    "verdict_outside_model",
    "verdict_over_readings",
    "verdict_under_conventions",
    "verdict_with_caveat",
    "verdict_with_outside_parts",
]

REPRODUCED, REFUTED, PARTLY, OUTSIDE, UNDECIDED = (
    "reproduced", "refuted", "partly", "outside-model", "undecided")
VERDICTS: tuple[str, ...] = (REPRODUCED, REFUTED, PARTLY, OUTSIDE, UNDECIDED)
"""The five verdicts, in the order the summaries count them."""

DISAGREE = "models disagree"
"""The one cause of an ``undecided`` claim (counted apart from :data:`CAUSES`): the paper's
packet-level simulator and the toolkit's queue model disagree, and no packet-level run of the
toolkit at the paper's scale measures what the claim is about; the row says what would decide
it."""

CAUSES: dict[str, str] = {
    "paper": "the paper's own analysis, data or text is at fault",
    "convention": "a convention or arithmetic the paper did not use (whole packets, a "
                  "congestion comparison, a reading of its words)",
    "typo": "a misprint: a formula, number, label or line that contradicts the paper's own "
            "derivation or data elsewhere",
    "simulator": "a simulator measurement of the paper that the toolkit's packet-level run at "
                 "the paper's scale (a stored ns-3 run, or else the queue model's packet-level "
                 "mode where it agrees better with ns-3 on the claim's metric), with the set-up "
                 "the row states, does not reproduce (a parameter the paper does not print may "
                 "be the reason; the row says which were chosen)",
    "outside": "a part of the claim needs what no model here has (the row says what)",
}
"""Why a claim is not reproduced, in the order the summaries count them."""

BASES = ("computed", "reading")
"""What a verdict rests on: computation, or passages of the paper located in its text."""

MODEL_QUANTITIES: frozenset[str] = frozenset(
    {
        "congestion window",
        "capacity W",
        "binary feedback",
        "step (RTT) count",
        "cycle",
        "efficiency",
        "offered load",
        "overflow",
        "smoothness",
        "Jain index",
        "spread",
        "steps to fairness",
        "cycles to fairness",
        "packets per cycle",
        "linear control",
        "per-flow feedback",
    }
)
"""What the synchronous binary-feedback model (aimdmodel) has a variable for.

A claim that needs anything else (a queue, a delay, a loss-recovery scheme) is
outside the synchronous model and goes to the queue model
(:data:`QUEUE_MODEL_QUANTITIES`); :func:`verdict_outside_model` checks the
claim's declared needs against both sets.
"""

QUEUE_MODEL_QUANTITIES: frozenset[str] = frozenset(
    {
        "queue length",
        "queueing delay",
        "round-trip time",
        "loss rate",
        "goodput",
        "link utilization",
        "transfer time",
        "loss recovery (Tahoe, Reno, NewReno, SACK, FACK)",
        "retransmission timeouts",
        "slow start",
        "delay-based window rule (Vegas)",
        "CBR cross traffic",
        "Pareto cross traffic",
        "queue discipline (DropTail, RED, DRR)",
        "random (non-congestion) packet loss",
        "one-way delay",
        "two traffic classes (TCP and TCP-LP)",
        "time-varying available bandwidth",
        "unequal round-trip times",
        "flows joining and leaving",
    }
)
"""What the round-based queue model (:mod:`aimdmodel.queue`, the experiments of
:mod:`aimdmodel.studies`) has a variable for, besides the synchronous model's.

It has no 802.11 MAC or radio, no routing, no mobility, no reverse path
(ACKs) and no packet-level simulator's measurement: a claim that needs one
of those (or a rule no policy implements) stays outside the models.
"""


@dataclass(frozen=True)
class Claim:
    """One claim of one paper, with the computation that tests it.

    Attributes
    ----------
    paper : str
        The paper key (``lahanas2003``, ``jasem2010``, ...).
    id : str
        Short identifier, unique within the paper.
    where : str
        Section / equation / table / figure of the paper.
    claim : str
        What the paper says, in a sentence, with its number.
    claimed : str
        The paper's value.
    computed : str
        The toolkit's value.
    verdict : str
        One of :data:`VERDICTS`, returned by a rule function.
    evidence : str
        How ``computed`` was obtained (simulation, closed form, search, table
        arithmetic, parameters, arithmetic used) and the rule applied.
    cause : str
        For ``refuted`` and ``partly``: why (a key of :data:`CAUSES`); for
        ``undecided``: :data:`DISAGREE`; empty otherwise.
    basis : str
        ``"computed"`` or ``"reading"`` (:data:`BASES`).
    quotes : tuple of str
        The passages of the paper the claim located (``authors year, section:
        "text"``, :meth:`papers.texts.Quote.cite`); a reading claim has at least one, and
        shows each in its evidence.
    """

    paper: str
    id: str
    where: str
    claim: str
    claimed: str
    computed: str
    verdict: str
    evidence: str
    cause: str = ""
    basis: str = "computed"
    quotes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {', '.join(VERDICTS)}, got {self.verdict!r}")
        for name in ("paper", "id", "where", "claim", "claimed", "computed", "evidence"):
            if not isinstance(getattr(self, name), str) or not getattr(self, name):
                raise TypeError(f"{name} must be a non-empty str")
        if cause_of(self.verdict, self.cause or None) != self.cause:
            raise ValueError(f"cause {self.cause!r} does not fit verdict {self.verdict!r}")
        if self.basis not in BASES:
            raise ValueError(f"basis must be one of {', '.join(BASES)}, got {self.basis!r}")
        object.__setattr__(self, "quotes", tuple(self.quotes))
        if self.basis == "reading" and not self.quotes:
            raise ValueError("a reading claim needs at least one located quote")

    def as_dict(self) -> dict[str, Any]:
        """The claim as a JSON-ready dict (the field names above; quotes as a list)."""
        d = asdict(self)
        d["quotes"] = list(self.quotes)
        return d


# --------------------------------------------------------------------------
# the rules
# --------------------------------------------------------------------------
def cause_of(verdict: str, cause: str | None) -> str:
    """The cause a claim keeps: ``cause`` for ``refuted``/``partly``, :data:`DISAGREE` for
    ``undecided`` (whatever is given), ``""`` otherwise.

    Raises ``ValueError`` when a ``refuted`` or ``partly`` verdict comes
    without a cause of :data:`CAUSES`: a claim that is not reproduced must say
    why.
    """
    if verdict == UNDECIDED:
        return DISAGREE
    if verdict not in (REFUTED, PARTLY):
        return ""
    if cause not in CAUSES:
        raise ValueError(
            f"a {verdict} claim needs a cause, one of {', '.join(CAUSES)}; got {cause!r}"
        )
    return cause


def verdict_from_tolerance(computed: float, claimed: float, tol: float) -> str:
    """``reproduced`` if ``|computed - claimed| <= tol``, else ``refuted``."""
    if tol < 0:
        raise ValueError(f"tol must be >= 0, got {tol}")
    return REPRODUCED if abs(float(computed) - float(claimed)) <= tol else REFUTED


def verdict_from_counterexample(found: bool, *, holds_under: bool | None = None) -> str:
    """A universal statement checked by a search.

    No counterexample found: ``reproduced``. A counterexample found and a
    stated condition under which the statement holds verified by computation
    (``holds_under=True``): ``partly``. Otherwise ``refuted``.
    """
    if not found:
        return REPRODUCED
    return PARTLY if holds_under else REFUTED


def verdict_from_checks(checks: Sequence[bool]) -> str:
    """Several computed checks of one claim (rows of a table, parts of a
    statement): all pass ``reproduced``, none ``refuted``, some ``partly``."""
    if not checks:
        raise ValueError("checks must not be empty")
    n = sum(bool(c) for c in checks)
    if n == len(checks):
        return REPRODUCED
    return REFUTED if n == 0 else PARTLY


def verdict_from_readings(printed_ok: bool, alternative_ok: bool) -> str:
    """A claim with a printed reading and one alternative (charitable) reading.

    Printed reading holds: ``reproduced``. Only the alternative holds:
    ``partly`` (the evidence names the alternative). Neither: ``refuted``.
    """
    if printed_ok:
        return REPRODUCED
    return PARTLY if alternative_ok else REFUTED


def verdict_over_readings(printed: str, charitable: str) -> str:
    """One row for a claim whose text has a printed and a charitable reading.

    ``printed`` and ``charitable`` are the verdicts a rule gave under each
    reading. Where they agree, the reading does not matter and that verdict
    stands; otherwise :func:`verdict_from_readings` decides on which of them
    is reproduced (the printed one: ``reproduced``; only the charitable one:
    ``partly``; neither: ``refuted``).
    """
    bad = [v for v in (printed, charitable) if v not in VERDICTS]
    if bad:
        raise ValueError(f"not verdicts: {bad}")
    if printed == charitable:
        return printed
    return verdict_from_readings(printed == REPRODUCED, charitable == REPRODUCED)


def verdict_from_packet_level(queue: str, packet: str | None) -> str:
    """A claim about a paper's packet-level simulator experiment (NS-2, NCTUns).

    ``packet`` is the verdict a rule gave on the toolkit's packet-level (ns-3)
    runs at the paper's scale; where no stored run measures what the claim is
    about, the verdict of the queue model's packet-level mode at the ledger's
    scale where that mode agrees better with ns-3 on the claim's metric than
    the round mode (:func:`paper_checks.modes.mode_for`, the row says which
    mode and why); else ``None``. ``queue`` is the verdict the same rule gave
    in the queue model's round mode, the fast estimate. A packet-level
    verdict decides. Without one, the round mode's verdict stands where it
    reproduces the paper; where it does not, the paper's simulator and the
    queue model disagree and nothing here decides: ``undecided`` (never
    ``refuted``).

    Examples
    --------
    >>> verdict_from_packet_level("partly", None), verdict_from_packet_level("partly", "refuted")
    ('undecided', 'refuted')
    """
    for v in (queue, packet):
        if v is not None and v not in VERDICTS:
            raise ValueError(f"not a verdict: {v!r}")
    if packet is not None:
        return packet
    return REPRODUCED if queue == REPRODUCED else UNDECIDED


def verdict_with_caveat(holds: bool, caveat: bool) -> str:
    """A number that is reproduced but only through a degenerate regime.

    ``holds`` and no caveat: ``reproduced``; ``holds`` with the caveat
    verified (e.g. congestion in every RTT): ``partly``; not ``holds``:
    ``refuted``.
    """
    if not holds:
        return REFUTED
    return PARTLY if caveat else REPRODUCED


def verdict_outside_model(needs: Iterable[str]) -> tuple[str, list[str]]:
    """``outside-model`` when the claim needs a quantity that both models lack.

    Parameters
    ----------
    needs : iterable of str
        The quantities the claim is about.

    Returns
    -------
    (verdict, missing)
        The verdict and the sorted list of quantities in neither
        :data:`MODEL_QUANTITIES` nor :data:`QUEUE_MODEL_QUANTITIES`.

    Raises
    ------
    ValueError
        If every quantity is in one of the models: such a claim must be
        checked, not set aside.
    """
    needs = list(needs)
    known = MODEL_QUANTITIES | QUEUE_MODEL_QUANTITIES
    missing = sorted(q for q in needs if q not in known)
    if not missing:
        raise ValueError(f"every quantity of {needs} is in a model: check the claim instead")
    return OUTSIDE, missing


def verdict_with_outside_parts(
    checks: Sequence[bool], needs: Iterable[str]
) -> tuple[str, list[str]]:
    """A claim of which some parts are computed and others need what the model lacks.

    The computed parts go through :func:`verdict_from_checks`; since the
    other parts cannot be decided, a claim whose computed parts all hold is
    ``partly`` (never ``reproduced``), and one whose computed parts all fail
    is ``refuted``. ``needs`` must name at least one quantity outside
    :data:`MODEL_QUANTITIES` and :data:`QUEUE_MODEL_QUANTITIES` (as
    :func:`verdict_outside_model`).

    Returns
    -------
    (verdict, missing)
    """
    _, missing = verdict_outside_model(needs)
    computed = verdict_from_checks(checks)
    return (REFUTED if computed == REFUTED else PARTLY), missing


def verdict_under_conventions(by_convention: Mapping[str, str], paper: str) -> str:
    """A claim computed under both congestion comparisons (``">="`` and ``">"``).

    ``by_convention`` maps each comparison to the verdict a rule gave under
    it; the paper's own comparison (``paper``, located in its text by the
    claim) decides, and the row reports the other one.
    """
    if set(by_convention) != {">=", ">"}:
        raise ValueError(f"by_convention must give a verdict for '>=' and '>', got "
                         f"{sorted(by_convention)}")
    bad = [v for v in by_convention.values() if v not in VERDICTS]
    if bad:
        raise ValueError(f"not verdicts: {bad}")
    return by_convention[paper]
