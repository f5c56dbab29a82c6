"""What every TCP variant module of the queue model is made of: its metadata and its slots.

A variant module (``aimdmodel/queue/variants/<name>.py``) holds, in this order: a
docstring (the rule, its source, what the model leaves out), its state slots
(:func:`float_slots`, :func:`int_slots`), its ``VARIANT = Variant(...)`` and the
compiled rules it adds to the round mode, as functions named after the hooks of
:data:`HOOKS` (``round_*`` for the round mode, ``packet_*`` for the
packet-level mode). A hook a variant does not define is its
:attr:`Hook.default` module's (Reno's rules in the round mode, TcpNewReno's
in the packet-level mode) when that module defines it, else the hook's
fallback.

Examples
--------
>>> float_slots(2) == range(F_VAR, F_VAR + 2)
True
>>> sorted(HOOKS)[:3]
['packet_acked', 'packet_increase', 'packet_ssthresh']
"""

from __future__ import annotations

from dataclasses import dataclass

from .._fields import F_VAR, I_VAR, NFV, NIV
from .._packet_fields import NVV, V_VAR

__all__ = ["HOOKS", "RECOVERIES", "Hook", "Variant", "float_slots", "int_slots", "packet_slots"]

RECOVERIES = ("tahoe", "reno", "newreno", "sack")
"""The loss-recovery procedures of the model (FACK is SACK with its own trigger)."""


@dataclass(frozen=True)
class Variant:
    """One TCP variant of the queue model.

    Attributes
    ----------
    name : str
        The ``Flow.variant`` name.
    recovery : str
        Loss recovery, one of :data:`RECOVERIES`.
    own_rule : bool
        True when the variant has its own window rule (``Flow.policy`` must
        then be None).
    rule : str
        The rule as the model runs it.
    source : str
        Where the rule is stated (RFC section, paper, ns-3-dev file).
    simplifications : str
        What the model leaves out of the source.
    initial : tuple of (int, float)
        The variant's float state slots that start at a value other than 0.
    packet_initial : tuple of (int, float)
        The same for its packet-level state (:func:`packet_slots`).
    code : int
        Its number in the compiled kernel: its place in the registry
        (:data:`aimdmodel.queue.variants.VARIANTS`), which sets it.

    Examples
    --------
    >>> v = Variant("mine", "newreno", True, "cwnd += 1 per round", "RFC 5681 Sec. 3.1")
    >>> v.code, v.initial
    (-1, ())
    """

    name: str
    recovery: str
    own_rule: bool
    rule: str
    source: str
    simplifications: str = ""
    initial: tuple[tuple[int, float], ...] = ()
    packet_initial: tuple[tuple[int, float], ...] = ()
    code: int = -1


def float_slots(n: int) -> range:
    """Return the indices of a variant's ``n`` float state slots in ``F[r, :, j]``.

    Every variant's slots start at the same place: a flow runs one variant.

    Raises
    ------
    ValueError
        If ``n`` is more than the slots reserved for a variant (``_fields.NFV``).

    Examples
    --------
    >>> len(float_slots(3))
    3
    """
    if not 0 <= n <= NFV:
        raise ValueError(f"a variant has at most {NFV} float slots (_fields.NFV), asked {n}")
    return range(F_VAR, F_VAR + n)


def int_slots(n: int) -> range:
    """Return the indices of a variant's ``n`` integer state slots in ``I[r, :, j]``.

    Raises
    ------
    ValueError
        If ``n`` is more than the slots reserved for a variant (``_fields.NIV``).

    Examples
    --------
    >>> int_slots(1) == range(I_VAR, I_VAR + 1)
    True
    """
    if not 0 <= n <= NIV:
        raise ValueError(f"a variant has at most {NIV} integer slots (_fields.NIV), asked {n}")
    return range(I_VAR, I_VAR + n)


def packet_slots(n: int, after: int = 0) -> range:
    """Return the indices in the packet kernel's state tuple ``R`` of a variant's ``n`` arrays.

    ``after``: how many of the shared slots it leaves to another variant whose
    state it reads too (TCP Veno after Vegas' 5).

    Raises
    ------
    ValueError
        If the slots reach past those reserved for a variant (``_packet_fields.NVV``).

    Examples
    --------
    >>> packet_slots(2, after=5) == range(V_VAR + 5, V_VAR + 7)
    True
    """
    if not (0 <= after and 0 <= n and after + n <= NVV):
        raise ValueError(f"a variant has at most {NVV} packet slots (_packet_fields.NVV), "
                         f"asked {n} after {after}")
    return range(V_VAR + after, V_VAR + after + n)


@dataclass(frozen=True)
class Hook:
    """One point where the round mode's sender asks the flow's variant.

    Attributes
    ----------
    args : str
        The arguments of the variant's function (after the dispatch's ``v``).
    fallback : str
        The statement run for a variant that defines neither the hook nor
        inherits Reno's ("" for none).
    doc : str
        When the sender calls it and what it returns (one line).
    inline : bool
        Compile the dispatch inline (numba ``inline="always"``).
    default : str
        The variant module whose function runs for a variant that leaves the
        hook out ("" for none): Reno's rules in the round mode, TcpNewReno's
        in the packet-level mode.

    Examples
    --------
    >>> HOOKS["round_grow"].fallback
    'return False'
    """

    args: str
    fallback: str
    doc: str
    inline: bool = False
    default: str = "reno"


HOOKS = {
    # the round mode (aimdmodel.queue._sender): each called at one place, compiled inline
    "round_acks": Hook(
        "F, r, j, rtt, acc", "",
        "Take the tick's ``acc`` ACKs of round-trip time ``rtt`` (per-ACK measurements).",
        inline=True),
    "round_start": Hook(
        "F, N, P, r, j", "", "Reset the per-round measurements: a round starts.", inline=True),
    "round_observe": Hook(
        "F, N, P, r, j, acc", "",
        "Take the per-round measurements of a round that ACKed ``acc`` > 0 packets.",
        inline=True),
    "round_grow": Hook(
        "F, N, P, r, j, t, acked", "return False",
        "Apply the variant's own rule after a round without loss; True if it settled cwnd.",
        inline=True),
    "round_increase": Hook(
        "F, N, P, r, j, t, acked", "",
        "Increase cwnd after a cwnd-limited round of congestion avoidance (no policy).",
        inline=True),
    "round_ssthresh": Hook(
        "F, N, P, r, j, cw, flight", "",
        "Return ``(ssthresh, cwnd after the recovery)`` at a loss event (no policy).",
        inline=True),
    "round_timeout": Hook(
        "F, N, P, r, j", "", "Update the variant's state: the retransmission timer fired.",
        inline=True),
    "round_detect": Hook(
        "F, N, P, r, j, n, p1, dup", "return False",
        "Tell whether losses followed by 1 to DupThresh - 1 dupacks are detected all the same.",
        inline=True),
    # the packet-level mode (aimdmodel.queue._packet): ns-3's congestion ops, per ACK;
    # compiled once each (their callers are inlined at several places)
    "packet_acked": Hook(
        "j, count, t, srtt, cwnd, R", "",
        "Run the op's PktsAcked for ``count`` segments, with the smoothed RTT.",
        default=""),
    "packet_increase": Hook(
        "j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt", "",
        "Run the op's IncreaseWindow for ``segs`` > 0 newly ACKed segments.",
        default="newreno"),
    "packet_ssthresh": Hook(
        "j, OP, cwnd, ssth, R, inflight", "",
        "Return the op's GetSsThresh (a loss: fast retransmit or timeout).",
        default="newreno"),
    "packet_state": Hook(
        "j, new, R, nxt", "", "Run the op's CongestionStateSet: state ``new`` begins.",
        default=""),
    "packet_timer": Hook(
        "j, R, OP", "", "Run the op's timer: its due time came (Westwood+'s bandwidth estimate).",
        default=""),
}
"""The hooks of the round mode, by the name a variant module gives its function."""
