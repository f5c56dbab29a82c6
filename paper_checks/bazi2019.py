"""Claims of Bazi & Nassereddine, "Comparative study of TCP congestion control
algorithms", IJATCSE 8(6) 2019 (seed 001).

The paper is an NS-2 study without published traces, so most of its results
are outside the synchronous model. What can be computed: each metric formula
of Sec. 3 against its own name (on a small hand-made packet trace whose true
values are known), the count of its CBR scenarios, the internal consistency
of its lists and sentences, and the two places where it describes a window
rule the model can run (AIMD, Tahoe's reaction to loss). Its numbers and
lists come from :mod:`papers.bazi2019`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, partial

from aimdmodel import AIMD, LinearControl, metrics, simulate
from aimdmodel._format import fmt_number
from papers import bazi2019 as P

from ._build import build, claim
from .ledger import (
    verdict_from_checks,
    verdict_from_counterexample,
    verdict_from_tolerance,
    verdict_outside_model,
)

KEY = "bazi2019"
TITLE = (
    "Bazi & Nassereddine 2019, Comparative study of TCP congestion control algorithms (seed 001)"
)

# A toy trace with known truth: 4 packets, one-way delay 3 ms each way (RTT 6 ms),
# packet 3 lost (never received, never acknowledged). Times in ms.
TRACE = (
    # (packet, sent, received or None, ack or None)
    (1, Fraction(0), Fraction(3), Fraction(6)),
    (2, Fraction(1), Fraction(4), Fraction(7)),
    (3, Fraction(2), None, None),
    (4, Fraction(3), Fraction(6), Fraction(9)),
)
ONE_WAY = Fraction(3)
BITS_PER_PACKET = 8000


def checks() -> list:
    """The claims of this paper, in ledger order."""
    return build(KEY)


fmt = partial(fmt_number, style="ledger")  # numbers as the ledger shows them


@cache
def _truth() -> dict[str, Fraction]:
    """The true values of the toy trace."""
    sent = len(TRACE)
    got = [p for p in TRACE if p[2] is not None]
    first_sent = min(p[1] for p in TRACE)
    last_recv = max(p[2] for p in got)
    return {
        "sent": Fraction(sent),
        "received": Fraction(len(got)),
        "throughput": Fraction(len(got) * BITS_PER_PACKET) / (last_recv - first_sent),
        "delivery_ratio": Fraction(len(got), sent),
        "loss_ratio": Fraction(sent - len(got), sent),
        "one_way_latency": ONE_WAY,
        "rtt": 2 * ONE_WAY,
        "first_sent": first_sent,
        "last_recv": last_recv,
    }


# --------------------------------------------------------------------------
# Sec. 3: the three metric formulas, each against its own name
# --------------------------------------------------------------------------
@claim(KEY, "throughput-formula", "Sec. 3, throughput equation",
       "Throughput = TotalBitsReceivedByReceiverNode / "
       "(FirstPacketSentTime - LastPacketReceivedTime).")
def throughput_formula():
    t = _truth()
    printed = t["received"] * BITS_PER_PACKET / (t["first_sent"] - t["last_recv"])
    reversed_ = t["received"] * BITS_PER_PACKET / (t["last_recv"] - t["first_sent"])
    return (
        "a throughput (bits per unit time, > 0)",
        f"{fmt(printed)} bit/ms on the toy trace (true {fmt(t['throughput'])} bit/ms)",
        # a counterexample is a trace where the printed formula differs from the true
        # throughput; it holds under the reversed subtraction if that gives the truth
        verdict_from_counterexample(
            printed != t["throughput"], holds_under=reversed_ == t["throughput"]
        ),
        "Exact (Fraction) evaluation on a 4-packet toy trace (sent at 0,1,2,3 ms, one-way delay "
        "3 ms, packet 3 lost, 8000 bit packets): the printed denominator is first-sent minus "
        "last-received = 0 - 6 = -6 ms, so the 'throughput' is negative for every trace in which "
        "a packet is received after the first is sent. With the subtraction reversed "
        f"(6 - 0 = 6 ms) it gives {fmt(reversed_)} bit/ms, the true value. Rule: "
        "counterexample found; holds under the reversed order.",
    )


@claim(KEY, "latency-formula", "Sec. 3, latency equation",
       "Latency = sum(AckTime - SentTime) / TotalPacketNumber.")
def latency_formula():
    t = _truth()
    acked = [p for p in TRACE if p[3] is not None]
    printed = sum((p[3] - p[1] for p in acked), Fraction(0)) / len(TRACE)
    mean_rtt_acked = sum((p[3] - p[1] for p in acked), Fraction(0)) / len(acked)
    no_loss = Fraction(2) * ONE_WAY  # the formula on a loss-free trace = RTT
    return (
        "the latency (one-way time a packet takes to reach the receiver)",
        f"{fmt(printed)} ms on the toy trace (one-way latency {fmt(t['one_way_latency'])} ms, "
        f"RTT {fmt(t['rtt'])} ms)",
        # counterexample = the printed formula differs from the one-way latency; the stated
        # condition (no loss, latency read as RTT) is verified on the loss-free trace
        verdict_from_counterexample(
            printed != t["one_way_latency"],
            holds_under=no_loss == t["rtt"] and mean_rtt_acked == t["rtt"],
        ),
        "Exact evaluation on the toy trace: AckTime - SentTime is a round-trip time (6 ms), not "
        "the one-way latency (3 ms); and dividing by the total packet number counts the lost "
        f"packet (no ack time) in the denominator: 18/4 = {fmt(printed)} ms instead of the "
        f"mean RTT {fmt(mean_rtt_acked)} ms of the acknowledged packets. The formula is the mean "
        "RTT only when no packet is lost. Rule: counterexample found; holds under 'no loss and "
        "latency read as RTT'.",
    )


@claim(KEY, "delivery-ratio-formula", "Sec. 3, PacketDeliveryRatio equation",
       "PacketDeliveryRatio = (TotalSentPacketsNumber - TotalReceivedPacketsNumber) * 1 / "
       "TotalSentPacketsNumber.")
def delivery_ratio_formula():
    t = _truth()
    printed = (t["sent"] - t["received"]) * 1 / t["sent"]
    return (
        "the packet delivery ratio (received / sent)",
        f"{fmt(printed)} on the toy trace (delivery ratio {fmt(t['delivery_ratio'])}, "
        f"loss ratio {fmt(t['loss_ratio'])})",
        verdict_from_counterexample(
            printed != t["delivery_ratio"], holds_under=printed == t["loss_ratio"]
        ),
        "Exact evaluation on the toy trace (4 sent, 3 received): (4 - 3)/4 = 1/4 is the loss "
        "ratio, the complement of the delivery ratio 3/4. It is the 'drop rate' the paper plots "
        "in Figs. 4-5, so the formula is right for that metric and wrongly named. Rule: "
        "counterexample found; holds when read as the packet drop rate.",
    )


# --------------------------------------------------------------------------
# Sec. 3: the scenarios; the lists and sentences
# --------------------------------------------------------------------------
@claim(KEY, "scenario-count", "Abstract; Sec. 3",
       f"Each variant undergoes {P.SCENARIOS} scenarios: CBR from {P.CBR_FROM} to {P.CBR_TO} Mb "
       f"in increments of {float(P.CBR_STEP)}.")
def scenario_count():
    values = []
    v = P.CBR_FROM
    while v <= P.CBR_TO:
        values.append(v)
        v += P.CBR_STEP
    over = [x for x in values if x >= P.LINK_MB]
    return (
        str(P.SCENARIOS),
        f"{len(values)}",
        verdict_from_tolerance(len(values), P.SCENARIOS, 0),
        f"Counted the grid 1, 1.5, ..., 12 exactly: (12 - 1)/0.5 + 1 = {len(values)} values. "
        "24 values would need a range of 11.5 Mb (e.g. 0.5 to 12, or 1 to 12.5). Also "
        f"{len(over)} of the {len(values)} CBR rates ({', '.join(str(float(x)) for x in over)}) "
        f"are at or above the {P.LINK_MB} Mb link rate on their own, so in those scenarios the "
        "CBR load alone saturates a link. Rule: tolerance 0 on the count.",
    )


@claim(KEY, "variant-lists", "Abstract; Sec. 4 (Fig. 2); Sec. 5",
       "Six variants (Tahoe, Reno, New Reno, Vegas, Sack, Fack) are compared; Tahoe, Reno, New "
       "Reno and Sack are loss-based (abstract).")
def variant_lists():
    studied, averaged = P.VARIANTS, P.AVERAGED_COUNT
    loss_abstract, loss_conclusion = P.LOSS_BASED_ABSTRACT, P.LOSS_BASED_CONCLUSION
    parts = [len(studied) == averaged, loss_abstract == loss_conclusion]
    return (
        f"{len(studied)} variants; loss-based = {{Tahoe, Reno, NewReno, SACK}}",
        f"{len(studied)} variants studied vs {averaged} averaged; loss-based sets differ by "
        f"{sorted(loss_abstract ^ loss_conclusion)}",
        verdict_from_checks(parts),
        "Set comparison of the lists as printed: the abstract names six variants, Fig. 2's text "
        "averages 'the five flavors'; the abstract's loss-based set contains SACK, the "
        "conclusion's contains FACK instead (and its list of variants omits SACK). Rule: all "
        "lists consistent -> reproduced; none -> refuted.",
    )


@claim(KEY, "fig2-min-max", "Sec. 4, text of Figs. 1-2",
       "In the averages of Fig. 2, 'TCP Vegas has a minimum value while TCP Vegas has the "
       "maximum'.")
def fig2_min_max():
    min_holder, max_holder = P.FIG2_MIN_MAX
    differs = True  # the same paragraph: "almost identical values except for TCP Vegas"
    return (
        f"{min_holder} both minimum and maximum average throughput",
        "self-contradictory unless all averages are equal, which the same paragraph denies",
        verdict_from_counterexample(min_holder == max_holder and differs),
        "Logic on the sentence: if one variant holds both the minimum and the maximum of the "
        "averages, all averages are equal; the paragraph states that Vegas differs from the "
        "others. The figure is not in the text, so which variant is meant cannot be recovered. "
        "Rule: a contradiction is a counterexample; no condition makes it hold.",
    )


# --------------------------------------------------------------------------
# window rules the model can run
# --------------------------------------------------------------------------
@claim(KEY, "tahoe-ssthresh", "Sec. 2, TCP Tahoe",
       "On loss Tahoe sets ssthresh to the value of cwnd and resets cwnd to 1 MSS.")
def tahoe_ssthresh():
    # Tahoe as described: on loss ssthresh <- cwnd, cwnd <- 1, slow start back to ssthresh:
    # the window the additive phase resumes from is ssthresh = cwnd, an effective
    # multiplicative decrease factor ssthresh/cwnd = 1 (no backoff). RFC 5681 (the paper's
    # ref. [8]) sets ssthresh = FlightSize/2, factor 1/2 (AIMD).
    b_described, b_rfc = Fraction(1), Fraction(1, 2)
    try:
        LinearControl(a_i=1, b_i=1, a_d=0, b_d=b_described)
        rejected = False
    except ValueError:
        rejected = True
    tr = simulate(AIMD(a=1, b=b_rfc), [1, 30], 100, cycles=12, arithmetic="exact")
    fair_rfc = metrics.steps_to_fairness(tr, eps=1) is not None
    return (
        "ssthresh = cwnd (effective decrease factor 1)",
        f"decrease factor {b_described}: not a decrease (LinearControl rejects it: {rejected}); "
        f"with RFC 5681's cwnd/2 the model converges to fairness: {fair_rfc}",
        verdict_from_counterexample(rejected, holds_under=b_described < 1),
        "In the synchronous model the congestion-avoidance phase resumes from ssthresh after "
        "slow start, so the described rule backs off by ssthresh/cwnd = 1: no decrease, and the "
        "windows' sum never falls back below W (aimdmodel.LinearControl(a_d=0, b_d=1) raises "
        "ValueError 'the decrease must decrease'). RFC 5681 (the paper's ref. [8]) sets "
        "ssthresh = FlightSize/2, i.e. AIMD(1, 1/2), which the model runs (exact, W = 100, "
        "windows 1 and 30, 12 cycles) to fairness within 1 packet. Rule: counterexample (no "
        "backoff) found; the described rule holds under no condition.",
    )


@claim(KEY, "aimd-high-speed", "Sec. 2, AIMD",
       "AIMD is not suitable for high-speed networks since it does not allow the use of all of "
       "the bandwidth.")
def aimd_high_speed():
    effs = {}
    for W in (100, 10_000, 1_000_000):
        tr = simulate(AIMD(), [0.0], W, cycles=6, engine="cycle")
        effs[W] = float(metrics.efficiency(tr))
    below_one = all(e < 0.99 for e in effs.values())
    drops_with_speed = effs[1_000_000] < effs[100] - 0.01
    return (
        "AIMD leaves bandwidth unused, and more so at high speed",
        ", ".join(f"W={W}: {e:.4f}" for W, e in effs.items()),
        verdict_from_checks([below_one, drops_with_speed]),
        "Float simulation (cycle engine) of one AIMD(1, 1/2) flow from window 0, 6 cycles, "
        "efficiency = mean min(sum, W)/W over the second half of the whole cycles, for W = "
        "1e2, 1e4, 1e6 packets per RTT. AIMD does leave a quarter of the bandwidth unused "
        "(efficiency 3/4), but the "
        "same quarter at every W: the efficiency does not depend on the speed. What grows with "
        "W is the cycle length (W/2 RTTs to regain the halved window). Rule: both parts hold "
        "-> reproduced; one -> partly.",
    )


# --------------------------------------------------------------------------
# the qualitative conclusions
# --------------------------------------------------------------------------
@claim(KEY, "loss-vs-delay-based", "Abstract; Sec. 4 (Figs. 3-5); Sec. 5",
       "Tahoe, Reno, New Reno (and Sack or Fack) are loss-based and favour loss to guarantee "
       "short latency; Vegas is delay-based, has the largest latency and the fewest losses, "
       "and is recommended where loss is not tolerated.")
def loss_vs_delay_based():
    verdict, missing = verdict_outside_model(
        ["queueing delay", "NS-2 measurement", "loss recovery (fast retransmit, timeouts)",
         "delay-based window rule (Vegas)"]
    )
    return (
        "qualitative ranking from NS-2 (figures not in the text)",
        "not computable in the model",
        verdict,
        f"The model has no variable for: {', '.join(missing)}. Its windows change only on a "
        "binary loss signal, so every policy in it is loss-based by construction and no latency "
        "exists. What would decide it: the paper's NS-2 scripts and traces (not published), or "
        "a round-based model with a FIFO queue (RTT = base RTT + queue/capacity) in which Vegas' "
        "rule (keep alpha..beta packets queued) and Reno's AIMD can run side by side. Note: "
        "Vegas is designed to keep the queue short, so 'Vegas has great values of latency' runs "
        "against its design and would need that check most.",
    )


@claim(KEY, "throughput-trends", "Sec. 4 (Figs. 1-2, 4-5)",
       "New Reno reduces throughput less than the others under congestion; Reno and Fack drop "
       "sharply; Vegas has the lowest average packet loss.")
def throughput_trends():
    verdict, missing = verdict_outside_model(
        ["NS-2 measurement", "loss recovery (fast retransmit, timeouts)"]
    )
    return (
        "qualitative, from figures not in the text",
        "not computable in the model",
        verdict,
        f"The model has no variable for: {', '.join(missing)}; New Reno, Reno, SACK and FACK "
        "differ only in loss recovery, which the synchronous model abstracts into one decrease "
        "per congestion event. What would decide it: the NS-2 traces, or a packet-level model "
        "with multiple losses per window.",
    )
