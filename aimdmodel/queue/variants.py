"""The TCP variants of the round-based queue model, each a documented rule with its source.

A variant is two things: how the sender *detects and repairs* losses (its
loss recovery) and, for the delay-based and the newer variants, its *own
window rule*. The loss-based variants (``tahoe``, ``reno``, ``newreno``,
``sack``, ``fack``) take their congestion-avoidance rule from
``Flow.policy`` (any policy of the synchronous model; AIMD(1, 1/2) when
None): one rule, several models. The others (``vegas``, ``westwood``,
``veno``, ``lp``, ``cubic``) have their own rule, and a ``Flow.policy``
given with them is refused.

How a policy maps to rounds (written once, in :mod:`aimdmodel.queue.model`):

* a round of congestion avoidance without loss, in which the flow sent a
  full window (it was cwnd-limited), is one ``increase`` (one RTT with
  feedback 1);
* a loss event (fast retransmit, or the first retransmission timeout of a
  series) is one ``decrease``; ``ssthresh = max(window(decreased), 2)`` and
  after the recovery ``cwnd = max(window(decreased), 1)``; Reno's second
  fast retransmit in the same window is a second ``decrease``;
* the policy state is frozen during loss recovery, the timeout and the
  slow start that follows it: slow start climbs back to ``ssthresh`` (the
  window of the decreased state) and congestion avoidance resumes from
  that state, so AIMD-FC's ``k`` and AIMD-FC+'s ``q`` survive a timeout;
* a loss *during slow start* (the first one of the connection, or one
  before slow start has climbed back to ``ssthresh``) first re-initializes
  the state from the current window (``init(cwnd)``) and then decreases it:
  AIMD-FC's ``k`` and AIMD-FC+'s ``q`` restart at 0 there;
* rules that need the synchronous model's bottleneck signal
  (``uses_signal``, e.g. :class:`~aimdmodel.policies.WestwoodRule`) and
  rules whose state is shared by the flows (the printed AIMD-FC+System) are
  refused: a queue gives each flow its own losses at its own time.

Each variant's rule, source and simplifications are in :data:`VARIANTS`.

Examples
--------
>>> sorted(VARIANTS)[:3]
['cubic', 'fack', 'lp']
>>> VARIANTS["newreno"].recovery, VARIANTS["vegas"].own_rule
('newreno', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

__all__ = ["RECOVERIES", "VARIANTS", "Variant", "get_variant"]

RECOVERIES = ("tahoe", "reno", "newreno", "sack")
"""The loss-recovery procedures of the model (FACK is SACK with its own trigger)."""


@dataclass(frozen=True)
class Variant:
    """One TCP variant of the queue model.

    Attributes
    ----------
    name : str
        The ``Flow.variant`` name.
    code : int
        Its number in the compiled kernel.
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

    Examples
    --------
    >>> VARIANTS["sack"].source.split(";")[0]
    'RFC 6675 Sec. 5 (loss recovery using SACK), Sec. 4 (IsLost, DupThresh = 3)'
    """

    name: str
    code: int
    recovery: str
    own_rule: bool
    rule: str
    source: str
    simplifications: str = ""


_LOSS = (
    "Detection: the losses of a round are detected by duplicate ACKs when at least "
    "DupThresh = 3 packets sent after the first lost one are delivered (the packets of the "
    "round after it, and those of the next round clocked out by the ACKs of the packets "
    "before it: dupacks = sent - lost in the round); otherwise by the retransmission timer."
)

_TABLE = (
    Variant(
        "tahoe", 0, "tahoe", False,
        "Fast retransmit without fast recovery: on 3 dupacks ssthresh = max(window of the "
        "policy's decrease, 2), cwnd = 1, slow start; the lost packets are retransmitted first "
        "in the following rounds. " + _LOSS,
        "RFC 5681 Sec. 3.1-3.2 (slow start, congestion avoidance, fast retransmit); "
        "Jacobson 1988 (Tahoe: fast retransmit, then slow start); Fall & Floyd 1996 Sec. 2",
        "Go-back-N retransmission of packets the receiver already holds is not modelled "
        "(no duplicates: throughput equals goodput).",
    ),
    Variant(
        "reno", 1, "reno", False,
        "RFC 5681 fast retransmit / fast recovery: on 3 dupacks one decrease, recovery lasts "
        "one round in which the retransmission and cwnd - 1 new packets are sent. Two losses "
        "in one window: a second fast retransmit (a second decrease) only if the new packets "
        "sent during the first recovery plus those allowed after the partial ACK give at least "
        "3 dupacks (n1 = ssthresh + dupacks - W, m = ssthresh - outstanding after the partial "
        "ACK), else a timeout; three or more losses in one window: a timeout. " + _LOSS,
        "RFC 5681 Sec. 3.2; Fall & Floyd 1996 Sec. 3-4 (Reno with two and three drops); "
        "ns-3-dev src/internet/model/tcp-congestion-ops.cc (TcpNewReno, TcpLinuxReno)",
        "The two-loss rule follows the partial-ACK arithmetic of RFC 5681 with the window "
        "inflation counted per dupack; later losses in the same window are not followed "
        "stage by stage (Fall & Floyd: Reno 'usually' times out).",
    ),
    Variant(
        "newreno", 2, "newreno", False,
        "RFC 6582: on 3 dupacks one decrease; every partial ACK retransmits the next hole, one "
        "hole per round, cwnd = ssthresh packets per round; recovery ends when all holes of the "
        "window are repaired. The retransmission timer is reset only on the first partial ACK "
        "(the 'Impatient' variant): a recovery still going after RTO times out. New data lost "
        "during recovery gives one more decrease when the recovery ends. " + _LOSS,
        "RFC 6582 Sec. 3.2 (steps 1-6), Sec. 4 (Impatient timer); "
        "ns-3-dev src/internet/model/tcp-congestion-ops.cc (TcpNewReno::GetSsThresh)",
        "A lost retransmission is detected by the timer only (as RFC 6582 says).",
    ),
    Variant(
        "sack", 3, "sack", False,
        "RFC 6675: on DupThresh = 3 SACKed packets above the first hole one decrease; during "
        "recovery the pipe lets min(holes, cwnd) retransmissions go first in every round, so "
        "all losses of a window are repaired in about one RTT. " + _LOSS,
        "RFC 6675 Sec. 5 (loss recovery using SACK), Sec. 4 (IsLost, DupThresh = 3); "
        "RFC 2018 (SACK option); Fall & Floyd 1996 Sec. 5",
        "The scoreboard is not kept packet by packet: holes are counted; a lost "
        "retransmission is detected by the timer only.",
    ),
    Variant(
        "fack", 4, "sack", False,
        "Forward acknowledgement (Mathis & Mahdavi 1996): SACK recovery, entered when 3 dupacks "
        "arrive or when the forward-most SACKed packet is more than 3 packets beyond the first "
        "hole (snd.fack - snd.una > 3 MSS), so a burst of losses followed by one delivered "
        "packet far enough ahead is repaired without a timeout.",
        "Mathis & Mahdavi, 'Forward acknowledgement: refining TCP congestion control', "
        "SIGCOMM 1996, Sec. 3 (the FACK trigger), Sec. 4 (recovery)",
        "FACK's awnd bookkeeping and 'rampdown' are not modelled: the window is halved once "
        "per window of losses, as in SACK.",
    ),
    Variant(
        "vegas", 5, "newreno", True,
        "Once per round: diff = cwnd (1 - BaseRTT/RTT) with RTT the round's smallest RTT and "
        "BaseRTT the smallest ever (Brakmo & Peterson: Diff = (Expected - Actual) BaseRTT); in "
        "congestion avoidance cwnd += 1 if diff < alpha, cwnd -= 1 if diff > beta (then "
        "ssthresh = max(min(ssthresh, cwnd - 1), 2)), else unchanged; ssthresh >= 3/4 cwnd "
        "after each adjustment; in slow start, diff > gamma sets cwnd = min(cwnd, target + 1) "
        "(target = cwnd BaseRTT/RTT) and ssthresh as above; with 2 RTT samples or fewer in a "
        "round it behaves as NewReno. On loss ssthresh = max(min(ssthresh, cwnd - 1), 2) and "
        "NewReno recovery. alpha, beta, gamma = 2, 4, 1 packets.",
        "Brakmo & Peterson, IEEE JSAC 13(8) 1995, Sec. 3.2 (congestion avoidance); "
        "ns-3-dev src/internet/model/tcp-vegas.cc (IncreaseWindow, GetSsThresh)",
        "diff is real-valued as in the paper (ns-3 truncates the target window to whole "
        "packets); Vegas' fine-grained timeout check on duplicate ACKs is not modelled.",
    ),
    Variant(
        "westwood", 6, "newreno", True,
        "Westwood+: once per RTT a bandwidth sample = packets ACKed in the round / the round's "
        "duration, filtered bwe = 0.9 bwe + 0.1 (sample + previous sample)/2; after 3 dupacks "
        "ssthresh = max(bwe RTTmin, 2) and cwnd = ssthresh if cwnd > ssthresh (seed 002's "
        "pseudocode); after a timeout ssthresh = max(bwe RTTmin, 2), cwnd = 1. Reno's increase "
        "(+1 per round) and NewReno recovery.",
        "Mascolo et al., 'Performance evaluation of Westwood+ TCP congestion control', "
        "Perf. Eval. 55 (2004); seed 002 Sec. II; ns-3-dev src/internet/model/tcp-westwood.cc "
        "(WESTWOODPLUS, TUSTIN filter, GetSsThresh)",
        "One bandwidth sample per round (ns-3 takes one per RTT too).",
    ),
    Variant(
        "veno", 7, "newreno", True,
        "Backlog N = cwnd (1 - BaseRTT/RTT) as in Vegas; beta = 3 packets. Congestion "
        "avoidance: +1 per round if N < beta, else +1 every other round. On 3 dupacks: "
        "ssthresh = max(4/5 flight, 2) if N < beta (loss taken as random), else "
        "max(flight/2, 2) (congestive); NewReno recovery.",
        "Fu & Liew, 'TCP Veno: TCP enhancement for transmission over wireless access networks', "
        "IEEE JSAC 21(2) 2003, Sec. III; ns-3-dev src/internet/model/tcp-veno.cc",
        "N is computed once per round with the round's smallest RTT.",
    ),
    Variant(
        "lp", 8, "newreno", True,
        "TCP-LP: one-way delay d = base/2 + queueing delay; smoothed sOWD (EWMA 7/8 per ACK), "
        "owd_min, owd_max; early congestion indication when sOWD > owd_min + delta (owd_max - "
        "owd_min), delta = 0.15: cwnd halves (cwnd = 1 if within the inference time 3 RTT of "
        "the previous reduction), owd_min = sOWD, owd_max = 2 sOWD; no increase within the "
        "inference time. Reno's increase and NewReno recovery otherwise.",
        "Kuzmanovic & Knightly, 'TCP-LP: a distributed algorithm for low priority data "
        "transfer', INFOCOM 2003, Sec. III; ns-3-dev src/internet/model/tcp-lp.cc",
        "Delays enter once per round (the round's smallest, largest and mean OWD); a round "
        "with an early congestion indication does not also increase.",
    ),
    Variant(
        "cubic", 9, "sack", True,
        "RFC 9438: W_cubic(t) = C (t - K)^3 + W_max, K = cbrt((W_max - cwnd_epoch)/C), "
        "C = 0.4; per round cwnd moves to target = min(max(W_cubic(t + SRTT), cwnd), 1.5 cwnd) "
        "(Sec. 4.2); Reno-friendly W_est += alpha_cubic acked/cwnd with alpha_cubic = "
        "3(1 - beta)/(1 + beta), 1 once W_est >= cwnd_prior, and cwnd = W_est when W_cubic(t) "
        "< W_est (Sec. 4.3); on loss ssthresh = max(beta flight, 2), beta = 0.7, with fast "
        "convergence W_max = cwnd (1 + beta)/2 if cwnd < W_max (Sec. 4.6-4.7); after a timeout "
        "K = 0 and W_max = cwnd at the start of congestion avoidance (Sec. 4.8). SACK recovery.",
        "RFC 9438 Sec. 4.1-4.8; ns-3-dev src/internet/model/tcp-cubic.cc",
        "Standard slow start (no HyStart++); the per-ACK growth is applied once per round.",
    ),
)

VARIANTS: Mapping[str, Variant] = MappingProxyType({v.name: v for v in _TABLE})
"""The variants by ``Flow.variant`` name."""


def get_variant(name: str) -> Variant:
    """Look a variant up by name.

    Raises
    ------
    ValueError
        If ``name`` is not one of :data:`VARIANTS`.

    Examples
    --------
    >>> get_variant("reno").recovery
    'reno'
    """
    if not isinstance(name, str) or name not in VARIANTS:
        raise ValueError(f"variant must be one of {', '.join(VARIANTS)}, got {name!r}")
    return VARIANTS[name]
