"""Claims of Bazi & Nassereddine, "Comparative study of TCP congestion control
algorithms", IJATCSE 8(6) 2019.

The paper is an NS-2 study without published traces. What can be computed: each metric formula
of Sec. 3 against its own name (on a small hand-made packet trace whose true
values are known), the count of its CBR scenarios, the internal consistency
of its lists and sentences (read from the passages located by
:mod:`papers.texts`), and the places where it describes a window rule the
model can run (AIMD; Tahoe's and Reno's reaction to a loss, run as
:class:`papers.bazi2019.LossResponse`). Its NS-2 results (Figs. 1-5) are
rerun in the queue model (:func:`aimdmodel.studies.cbr_load`, set-up
``bazi2019-cbr`` of :mod:`papers.setups`, at the ledger's reduced scale), the
only estimate of the rankings the text draws from its figures: no packet-level
run of the set-up is stored, so where the queue model does not reproduce the
paper the row is ``undecided``. The premise of its future-work sentence (Reno is an
aggressive algorithm, beside which Vegas gets less than a fair share) is decided on the stored
ns-3 runs of the validation's Vegas-against-NewReno cases
(:func:`aimdmodel.ns3.validate.reference_set`), the queue model beside them.
"""

from __future__ import annotations

import ast
import dataclasses
import operator
import re
from fractions import Fraction
from functools import partial

import sympy as sp

from aimdmodel import AIMD, simulate
from aimdmodel._format import fmt_number
from aimdmodel.metrics import jain_index
from aimdmodel.ns3.campaign import STORE, Store, summarize
from aimdmodel.ns3.validate import reference_set
from aimdmodel.queue import run as queue_run
from aimdmodel.response import mathis
from aimdmodel.symbolic import derive
from paper_checks._build import build, claim, shared, shared_run
from paper_checks.ledger import (
    verdict_from_checks,
    verdict_from_counterexample,
    verdict_from_packet_level,
    verdict_from_readings,
    verdict_from_tolerance,
)
from papers import bazi2019 as P
from papers import experiments as X
from papers import queue_readings as Q
from papers import texts
from papers.setups import SETUPS

D_BAZI = ("ns-3 runs of the paper's NS-2 set-up (papers.setups, the set-up of bazi2019: "
          "one TCP flow of each variant against a CBR load of 1 to 12 Mb on 10 Mb links) "
          "at its scale, stored like the jasem2010 and lahanas2003 runs")
"""What would decide this paper's simulator rows that the queue model alone estimates."""

KEY = "bazi2019"
TITLE = (
    "Bazi & Nassereddine 2019, Comparative study of TCP congestion control algorithms"
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


def _loc(phrase: str) -> texts.Quote:
    return texts.locate(KEY, phrase)


@shared
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
# Sec. 3: the three metric formulas, read from the text and evaluated on a toy trace
# --------------------------------------------------------------------------
def _trace_values() -> dict[str, Fraction]:
    """The toy trace's value of every name the Sec. 3 formulas use (spaces removed)."""
    t = _truth()
    acked = [p for p in TRACE if p[3] is not None]
    return {
        "TotalBitsReceivedByReceiverNode": t["received"] * BITS_PER_PACKET,
        "FirstPacketSentTime": t["first_sent"],
        "LastPacketReceivedTime": t["last_recv"],
        "\\sum(AckTime-SentTime)": sum((p[3] - p[1] for p in acked), Fraction(0)),
        "TotalPacketNumber": t["sent"],
        "TotalSentPacketsNumber": t["sent"],
        "TotalReceivedPacketsNumber": t["received"],
    }


def _evaluate(expr: str) -> Fraction:
    """Evaluate one side of a printed formula on the toy trace, exactly."""
    code = expr.replace(" ", "")
    for name, value in sorted(_trace_values().items(), key=lambda kv: -len(kv[0])):
        code = code.replace(name, f"F({value.numerator},{value.denominator})")
    if not re.fullmatch(r"[F\d()+\-*/,]+", code):
        raise ValueError(f"cannot evaluate {expr!r} on the toy trace")
    return _arithmetic(ast.parse(code, mode="eval").body)


_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
        ast.Div: operator.truediv}


def _arithmetic(node: ast.AST) -> Fraction:
    """Evaluate ``+ - * /`` of ``F(p,q)`` and integers, exactly (no eval of any text)."""
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_arithmetic(node.left), _arithmetic(node.right))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_arithmetic(node.operand)
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return Fraction(node.value)
    if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "F"
            and len(node.args) == 2):
        return Fraction(_arithmetic(node.args[0]), _arithmetic(node.args[1]))
    raise ValueError(f"not plain arithmetic: {ast.dump(node)}")


def _formula(phrase: str) -> tuple[texts.Quote, Fraction]:
    q = _loc(phrase)
    _name, num, den = texts.fraction_parts(q.sentence())
    return q, _evaluate(num) / _evaluate(den)


TOY = ("a 4-packet toy trace (sent at 0, 1, 2, 3 ms, one-way delay 3 ms, packet 3 lost, 8000 "
       "bit packets)")


@claim(KEY, "throughput-formula", "Sec. 3, throughput equation",
       "Throughput = TotalBitsReceivedByReceiverNode / "
       "(FirstPacketSentTime - LastPacketReceivedTime).", cause="typo", reading=True)
def throughput_formula():
    t = _truth()
    q, printed = _formula("Throughput = \\frac{TotalBits")
    reversed_ = t["received"] * BITS_PER_PACKET / (t["last_recv"] - t["first_sent"])
    return (
        "a throughput (bits per unit time, > 0)",
        f"{fmt(printed)} bit/ms on the toy trace (true {fmt(t['throughput'])} bit/ms)",
        verdict_from_counterexample(
            printed != t["throughput"], holds_under=reversed_ == t["throughput"]
        ),
        f"The formula as located ({q.cite()}), evaluated exactly (Fractions) on {TOY}: the "
        "denominator is first-sent minus last-received = 0 - 6 = -6 ms, so the 'throughput' "
        "is negative for every trace in which a packet arrives after the first is sent. With "
        f"the subtraction reversed (6 - 0 = 6 ms) it gives {fmt(reversed_)} bit/ms, the true "
        "value. Rule: counterexample found; holds under the reversed order.",
    )


@claim(KEY, "latency-formula", "Sec. 3, latency equation",
       "Latency = sum(AckTime - SentTime) / TotalPacketNumber.", cause="paper", reading=True)
def latency_formula():
    t = _truth()
    q, printed = _formula("Latency = \\frac")
    acked = [p for p in TRACE if p[3] is not None]
    mean_rtt_acked = sum((p[3] - p[1] for p in acked), Fraction(0)) / len(acked)
    return (
        "the latency (one-way time a packet takes to reach the receiver)",
        f"{fmt(printed)} ms on the toy trace (one-way latency {fmt(t['one_way_latency'])} ms, "
        f"RTT {fmt(t['rtt'])} ms)",
        verdict_from_counterexample(
            printed != t["one_way_latency"],
            holds_under=(mean_rtt_acked == t["rtt"]
                         and printed * len(TRACE) / len(acked) == t["rtt"]),
        ),
        f"The formula as located ({q.cite()}), evaluated exactly on {TOY}: AckTime - SentTime "
        "is a round-trip time (6 ms), not the one-way latency (3 ms); and dividing by the "
        "total packet number counts the lost packet (no ack time) in the denominator: "
        f"{fmt(printed)} ms instead of the mean RTT {fmt(mean_rtt_acked)} ms of the "
        "acknowledged packets. The formula is the mean RTT only when no packet is lost. Rule: "
        "counterexample found; holds under 'no loss and latency read as RTT'.",
    )


@claim(KEY, "delivery-ratio-formula", "Sec. 3, PacketDeliveryRatio equation",
       "PacketDeliveryRatio = (TotalSentPacketsNumber - TotalReceivedPacketsNumber) * 1 / "
       "TotalSentPacketsNumber.", cause="typo", reading=True)
def delivery_ratio_formula():
    t = _truth()
    q, printed = _formula("PacketDeliveryRatio = \\frac")
    drop = _loc("The metrics in question are: Throughput, latency and Packet drop rate.")
    return (
        "the packet delivery ratio (received / sent)",
        f"{fmt(printed)} on the toy trace (delivery ratio {fmt(t['delivery_ratio'])}, "
        f"loss ratio {fmt(t['loss_ratio'])})",
        verdict_from_counterexample(
            printed != t["delivery_ratio"], holds_under=printed == t["loss_ratio"]
        ),
        f"The formula as located ({q.cite()}), evaluated exactly on {TOY} (4 sent, 3 "
        "received): (4 - 3)/4 = 1/4 is the loss ratio, the complement of the delivery ratio "
        f"3/4. It is the metric the paper lists ({drop.cite()}) and plots in Figs. 4-5, so "
        "the formula is right for that metric and wrongly named. Rule: counterexample found; "
        "holds when read as the packet drop rate.",
    )


# --------------------------------------------------------------------------
# Sec. 3: the scenarios; the lists and sentences
# --------------------------------------------------------------------------
@claim(KEY, "scenario-count", "Abstract; Sec. 3",
       "Each variant undergoes 24 scenarios: CBR from 1 to 12 Mb in increments of 0.5.",
       cause="paper", reading=True)
def scenario_count():
    q = _loc("each variant undergoes 24 different scenarios")
    grid = _loc("the values of the CBR are varied from 1 to 12 with an increment of 0.5")
    link = _loc("links between adjacent nodes are 10 MB")
    n = int(re.search(r"undergoes (\d+) different", q.text).group(1))
    lo, hi, step = (Fraction(v) for v in
                    re.search(r"from (\d+) to (\d+) with an increment of ([\d.]+)", grid.text)
                    .groups())
    rate = Fraction(re.search(r"are (\d+) MB", link.text).group(1))
    values = []
    v = lo
    while v <= hi:
        values.append(v)
        v += step
    over = [x for x in values if x >= rate]
    return (
        str(n),
        f"{len(values)}",
        verdict_from_tolerance(len(values), n, 0),
        f"Counted the grid read from the text ({grid.cite()}) exactly: ({hi} - {lo})/{step} + "
        f"1 = {len(values)} values, against {q.cite()}. {n} values would need a range of "
        f"{float((n - 1) * step)} Mb (e.g. 0.5 to 12, or 1 to 12.5). Also {len(over)} of the "
        f"{len(values)} CBR rates ({', '.join(str(float(x)) for x in over)}) are at or above "
        f"the link rate ({link.cite()}) on their own. Rule: tolerance 0 on the count.",
    )


_VARIANT = {"tahoe": "Tahoe", "reno": "Reno", "newreno": "NewReno", "vegas": "Vegas",
            "sack": "SACK", "fack": "FACK"}


def _variants(text: str) -> set[str]:
    """The TCP variants a located list names (New Reno spelled either way)."""
    words = re.findall(r"new reno|[a-z]+", text.lower())
    return {_VARIANT[w.replace(" ", "")] for w in words if w.replace(" ", "") in _VARIANT}


@claim(KEY, "variant-lists", "Abstract; Sec. 4 (Fig. 2); Sec. 5",
       "Six variants (Tahoe, Reno, New Reno, Vegas, Sack, Fack) are compared; Tahoe, Reno, New "
       "Reno and Sack are loss-based (abstract).", cause="paper", reading=True)
def variant_lists():
    studied = _loc("(Tahoe, Reno, New Reno, Vegas, Sack, Fack)")
    averaged = _loc("we have plotted the throughput averages for the five flavors")
    loss_abs = _loc("TCP Tahoe, Reno, New Reno and Sack are loss-based")
    loss_con = _loc("those which are loss-based (Tahoe, Reno, New Reno and Fack)")
    listed = _loc("among others: TCP Tahoe, TCP Reno, TCP New Reno, TCP Vegas and TCP Fack")
    n_avg = {"five": 5, "six": 6}[re.search(r"for the (\w+) flavors", averaged.text).group(1)]
    six = _variants(studied.text)
    parts = [len(six) == n_avg, _variants(loss_abs.text) == _variants(loss_con.text),
             _variants(listed.text) == six]
    return (
        f"{len(six)} variants; loss-based = {sorted(_variants(loss_abs.text))}",
        f"{len(six)} variants studied vs {n_avg} averaged; loss-based sets differ by "
        f"{sorted(_variants(loss_abs.text) ^ _variants(loss_con.text))}; the conclusion's list "
        f"misses {sorted(six - _variants(listed.text))}",
        verdict_from_checks(parts),
        "Set comparison of the located lists: "
        + "; ".join(q.cite() for q in (studied, averaged, loss_abs, loss_con, listed))
        + ". Rule: all lists consistent -> reproduced; none -> refuted.",
    )


@claim(KEY, "fig2-min-max", "Sec. 4, text of Figs. 1-2",
       "In the averages of Fig. 2, 'TCP Vegas has a minimum value while TCP Vegas has the "
       "maximum'.", cause="typo", reading=True)
def fig2_min_max():
    q = _loc("TCP Vegas has a minimum value while TCP Vegas has the maximum")
    differs = _loc("they even have almost identical values except for TCP Vegas")
    lo, hi = re.search(r"TCP (\w+) has a minimum value while TCP (\w+) has the maximum",
                       q.text).groups()
    odd_one = re.search(r"except for TCP (\w+)", differs.text).group(1)
    return (
        f"{lo} the minimum and {hi} the maximum average throughput",
        f"minimum and maximum both named {lo}" if lo == hi else f"minimum {lo}, maximum {hi}",
        verdict_from_counterexample(lo == hi and odd_one == lo),
        f"Read from the located sentence ({q.cite()}): one variant holding both the minimum "
        "and the maximum of the averages makes them all equal, while the same paragraph "
        f"sets that variant apart ({differs.cite()}). One of the two names is a misprint; the "
        "figure is not in the text, so which one cannot be recovered. Rule: a contradiction "
        "is a counterexample; no condition makes it hold.",
    )


# --------------------------------------------------------------------------
# Sec. 2: window rules the model can run
# --------------------------------------------------------------------------
@shared
def _loss_responses() -> dict:
    """papers.bazi2019.LossResponse in its four combinations: two flows (1, 30), W = 100,
    exact, 40 congestion events; the gap |w2 - w1| at every congestion event."""
    out = {}
    for ss in ("cwnd", "half"):
        for restart in ("one", "half"):
            tr = simulate(P.LossResponse(ssthresh=ss, restart=restart), [Fraction(1),
                          Fraction(30)], 100, cycles=40, arithmetic="exact")
            out[(ss, restart)] = [abs(tr.windows[int(c)][1] - tr.windows[int(c)][0])
                                  for c in tr.congestion_steps]
    return out


def _gaps(g: list) -> str:
    return f"gap at the events {', '.join(fmt(v) for v in g[:4])}, ..., {fmt(g[-1])}"


@claim(KEY, "tahoe-ssthresh", "Sec. 2, TCP Tahoe",
       "On loss Tahoe sets ssthresh to the value of cwnd and resets cwnd to 1 MSS.",
       cause="paper")
def tahoe_ssthresh():
    g = _loss_responses()
    described, rfc = g[("cwnd", "one")], g[("half", "one")]
    q = _loc("so here we set ssthresh to the value of cwnd and we reset cwnd to 1 MSS")
    return (
        "ssthresh = cwnd, then cwnd = 1 and slow start",
        f"as described: {_gaps(described)}; with RFC 5681's ssthresh = cwnd/2: {_gaps(rfc)}",
        verdict_from_counterexample(described[-1] >= described[0] / 2),
        "Exact runs of papers.bazi2019.LossResponse (two flows from 1 and 30, W = 100, 40 "
        "congestion events): after a loss each window restarts at 1 and slow-starts "
        "(doubling, capped at ssthresh), then grows by 1 per RTT. As described "
        f"({q.cite()}) the rule does back off, but every flow climbs straight back to its own "
        "window at the loss, so the gap between the flows never shrinks: no convergence to "
        "fairness. With RFC 5681's ssthresh = FlightSize/2 (the paper's ref. [8]) the gap "
        "halves at every event, as for AIMD. Rule: a gap that does not shrink is a "
        "counterexample to the described rule as a congestion control; no condition -> "
        "refuted.",
    )


@claim(KEY, "tahoe-dupacks", "Sec. 2, TCP Tahoe",
       "Tahoe follows congestion avoidance with a fast retransmit upon receipt of a "
       "duplicated acknowledgment.", cause="paper", reading=True)
def tahoe_dupacks():
    q = _loc("Thereafter, Congestion Avoidance is followed by a Fast Retransmit upon receipt "
             "of a duplicated acknowledgment.")
    words = {"a": 1, "one": 1, "two": 2, "three": 3, "3": 3}
    said = words[re.search(r"upon receipt of (\w+) duplicated", q.text).group(1)]
    others = [texts.locate("lahanas2003", "in the presence of three duplicate acknowledgments"),
              texts.locate("mehta-dahiya", "If receiving 3 DUPACKS")]
    usual = {words[re.search(r"(three|3) dup", o.text, re.I).group(1).lower()] for o in others}
    return (
        f"{said} duplicate ACK",
        f"{said} in the paper; {sorted(usual)} in the other papers' descriptions",
        verdict_from_checks([usual == {said}]),
        f"Read from the located sentence ({q.cite()}) against the threshold the other papers "
        f"state ({'; '.join(o.cite() for o in others)}), which is RFC 5681's (the paper's "
        "ref. [8]: fast retransmit on the third duplicate ACK, so that reordering is not "
        "taken for a loss). Rule: the same count -> reproduced, else refuted.",
    )


@claim(KEY, "reno-ssthresh-order", "Sec. 2, TCP Reno; Sec. 4",
       "On duplicate ACKs Reno divides cwnd by two and sets ssthresh to the value of cwnd "
       "('cwnd = cwnd / 2 and ssthresh = cwnd').", cause="convention")
def reno_ssthresh_order():
    g = _loss_responses()
    seq, sim = g[("half", "half")], g[("cwnd", "half")]
    q = [_loc("we divide the congestion window by a half and we set the constant of threshold"),
         _loc("it is because cwnd = cwnd / 2 and ssthresh = cwnd")]
    return (
        "ssthresh = the halved cwnd (RFC 5681)",
        f"in the printed order (ssthresh = the halved cwnd): {_gaps(seq)}; with ssthresh = "
        f"the cwnd before halving: {_gaps(sim)}",
        verdict_from_readings(seq[-1] < 1, sim[-1] < 1),
        "Exact runs of papers.bazi2019.LossResponse(restart='half'), two flows from 1 and 30, "
        "W = 100, 40 events. Read in the printed order, the assignments give ssthresh = "
        "cwnd/2 and Reno is AIMD(1, 1/2) (RFC 5681): the gap halves at every event. Read as "
        "simultaneous (ssthresh = the window before halving), slow start would climb back to "
        "the old window and nothing would converge. The paper: "
        + "; ".join(x.cite() for x in q) + ". Rule: the printed order converges -> reproduced.",
    )


HIGH_SPEED = {"10 Mb/s": 10**7, "10 Gb/s": 10**10}
"""Link rates (bit/s) compared, with an RTT of 100 ms and 1500-byte packets (the numbers of
RFC 3649's example of a high-speed link)."""
RTT_HS, PACKET_HS, P_FIXED = Fraction(1, 10), 1500, 1e-6


@claim(KEY, "aimd-high-speed", "Sec. 2, AIMD",
       "AIMD is not suitable for high-speed networks since it does not allow the use of all of "
       "the bandwidth.", cause="paper")
def aimd_high_speed():
    c = derive(AIMD()).response_constant  # sqrt(3/2), exact
    rows = {}
    for name, rate in HIGH_SPEED.items():
        W = Fraction(rate) * RTT_HS / (8 * PACKET_HS)  # packets per RTT filling the link
        p_need = sp.nsimplify(c**2) / sp.Rational(W) ** 2  # Mathis: W = C/sqrt(p), exact
        recovery = W / 2 * RTT_HS  # W/2 RTTs to regain the halved window, exact seconds
        used = min(1.0, float(mathis(P_FIXED, float(RTT_HS), 8 * PACKET_HS, C=float(c))) / rate)
        rows[name] = (W, p_need, recovery, used)
    (_, lo_p, _, lo_u), (_, hi_p, hi_t, hi_u) = rows.values()
    checks = [hi_p < lo_p, hi_t >= 3600, hi_u < 1 <= lo_u]
    q = _loc("it is not suitable for high-speed networks since it does not allow the use of all")
    return (
        "AIMD cannot use all of a high-speed link",
        "; ".join(f"{n}: W = {W} packets per RTT, loss rate needed p = 3/2 / W^2 = {p} = "
                  f"{float(p):.3g}, recovery after a loss W/2 RTTs = {t} s = {float(t) / 60:.1f} "
                  f"min, share of the link at p = {P_FIXED:g}: {u:.4f}"
                  for n, (W, p, t, u) in rows.items()),
        verdict_from_checks(checks),
        "The claim is about AIMD's response function, not its efficiency (the bufferless "
        "synchronous model has 3/4 at every W by construction, so it cannot speak to speed). "
        "symbolic.derive(AIMD(1, 1/2)).response_constant C = sqrt(3/2) (exact); the window "
        "that fills the link W = rate x RTT / (8 x 1500 B) (exact Fractions) with an RTT of "
        "100 ms; the loss rate at which AIMD's throughput (MSS/RTT) C/sqrt(p) fills it, p = "
        "C^2/W^2 (exact, sympy); the time to regain the halved window, W/2 RTTs (exact); and "
        f"the share of each link that aimdmodel.response.mathis gives at one loss rate, p = "
        f"{P_FIXED:g} with the segment in bits (float). At 10 Gb/s AIMD needs fewer than "
        "one loss in four billion packets and over an hour to recover from one; at any "
        "loss rate above that it uses "
        f"part of the link, while the same loss rate fills a 10 Mb/s link. The paper: "
        f"{q.cite()}. Rule: the loss rate needed falls with the speed, the recovery at 10 Gb/s "
        "takes an hour or more, and a loss rate that fills the slow link leaves the fast one "
        "partly unused: all -> reproduced; some -> partly; none -> refuted.",
    )


@claim(KEY, "reliability-vs-loss", "Abstract; Sec. 5",
       "Vegas, losing fewer packets, is recommended for networks that require reliable data "
       "transfer without loss or corruption.", cause="paper", reading=True)
def reliability_vs_loss():
    rec = [_loc("it's recommended for applications that require reliable packet transfer"),
           _loc("it is recommended for networks that require reliable data transfer without "
                "loss or corruption")]
    tcp = [_loc("is a reliable transport protocol for the transport layer"),
           _loc("It has the power to transmit lost packets and in the right order")]
    every, variant_specific = bool(tcp), bool(rec)  # located (texts.locate raises if not)
    return (
        "reliability is a property of one variant (Vegas)",
        f"the paper calls TCP itself reliable and retransmitting: {every}; it recommends one "
        f"variant for reliable transfer: {variant_specific}",
        verdict_from_checks([not (every and variant_specific)]),
        "Read from the located passages: every variant compared is TCP, which the paper "
        f"itself calls reliable, retransmitting what is lost ({'; '.join(q.cite() for q in tcp)}). "
        "A lower loss rate costs fewer retransmissions (and less delay), not more "
        f"reliability: {'; '.join(q.cite() for q in rec)} confuses the two. Rule: the "
        "recommendation and the paper's own account of TCP contradict -> refuted.",
    )


# --------------------------------------------------------------------------
# what the queue model will decide
# --------------------------------------------------------------------------
@shared_run
def _cbr(fidelity: str = "round") -> dict:
    """The CBR experiment at the ledger's scale (papers.setups "bazi2019-cbr"): with ns-2's
    default receiver window (20 packets) and without a window limit, in the queue model's
    mode ``fidelity``."""
    return X.run_experiment(KEY, "ledger", fidelity=fidelity)


def _summaries(fidelity: str = "round") -> tuple[dict, dict, str]:
    runs = _cbr(fidelity)
    loads = ", ".join(f"{v / 1e6:g}" for v in Q.congested_loads(runs["rwnd 20"]))
    return Q.cbr_summary(runs["rwnd 20"]), Q.cbr_summary(runs["no rwnd"]), loads


VARIANTS = ("tahoe", "reno", "newreno", "sack", "fack", "vegas")
LOSS_BASED = VARIANTS[:5]


def _ms(d: dict, names=VARIANTS) -> str:
    return ", ".join(f"{v} {d[v]:.4g}" for v in names)


def _run_text(loads: str) -> str:
    return ("Queue model (aimdmodel.studies.cbr_load), one TCP flow per run against a CBR load; "
            "means over the congested loads (below the link rate, where some variant lost "
            f"packets: {loads} Mb/s with ns-2's window, every load below 10 Mb/s without); a "
            f"difference counts when it exceeds {Q.Z:g} standard errors of the replications' "
            "mean (papers.queue_readings.above); ")


def _verdicts(checks: dict, other: dict) -> str:
    return ("; ".join(f"{k}: {v}" for k, v in checks.items()) + " (without a window limit: "
            + ", ".join(str(v) for v in other.values()) + ")")


def _setup_text() -> str:
    return SETUPS["bazi2019-cbr"].describe("ledger")


def _newreno_checks(s: dict) -> dict:
    return {"NewReno keeps more of the capacity the CBR leaves than Reno":
            Q.above(s, "leftover", "newreno", "reno"),
            "NewReno has fewer timeouts than Reno": Q.above(s, "timeouts", "reno", "newreno")}


@claim(KEY, "newreno-mechanism", "Sec. 2, TCP New Reno",
       "New Reno stays in fast recovery until all segments outstanding at the loss are "
       "acknowledged (then cwnd = ssthresh), resending a lost segment on each partial ACK; so "
       "it reduces throughput less than Reno under multiple losses.",
       cause="simulator", decide=D_BAZI, metrics=("goodput", "timeouts"),
       variants=VARIANTS)
def newreno_mechanism(fidelity="round"):
    s, t, loads = _summaries(fidelity)
    checks = _newreno_checks(s)
    q = _loc("For this, they modified the phase of Fast Recovery")
    return (
        "lighter reduction than Reno with multiple losses",
        f"share of the leftover capacity: NewReno {s['leftover']['newreno']:.4f}, Reno "
        f"{s['leftover']['reno']:.4f}; timeouts: NewReno {s['timeouts']['newreno']:g}, Reno "
        f"{s['timeouts']['reno']:g} (without a window limit: {t['leftover']['newreno']:.4f} "
        f"vs {t['leftover']['reno']:.4f}; {t['timeouts']['newreno']:g} vs "
        f"{t['timeouts']['reno']:g}); " + _verdicts(checks, _newreno_checks(t)),
        verdict_from_checks(list(checks.values())),
        _run_text(loads) + "share = throughput / (link - CBR); the variants' rules are "
        "aimdmodel.queue.VARIANTS (NewReno: RFC 6582, one hole repaired per RTT, one halving "
        "per window; Reno: a second loss in a window often ends in a timeout). Verdict from "
        f"the stated set-up: {_setup_text()}. The paper: {q.cite()}. Rule: both checks -> "
        "reproduced; one -> partly; none -> refuted.",
    )


@claim(KEY, "no-loss-at-low-load", "Sec. 4 (Figs. 4-5)",
       "At the beginning (low CBR load) there is no packet loss, the network being still "
       "lightly loaded.",
       cause="paper", decide=D_BAZI, metrics=("loss_rate",),
       variants=VARIANTS)
def no_loss_at_low_load(fidelity="round"):
    s, t, _ = _summaries(fidelity)
    capped, free = s["drop_low"], t["drop_low"]
    lossy = [v for v in LOSS_BASED if free[v] > 0]
    q = _loc("at the beginning there is no packet loss since the network is still lightened")
    return (
        "zero drops at low CBR load",
        f"largest drop rate (%) at the 3 lowest loads (1 to 2 Mb/s): with ns-2's 20-packet "
        f"window {_ms(capped)}; without a window limit {_ms(free)}",
        verdict_from_counterexample(bool(lossy), holds_under=all(v == 0 for v in capped.values())),
        "Queue model (aimdmodel.studies.cbr_load), one TCP flow per run against a CBR load. "
        "With ns-2's default receiver window (20 packets, below the pipe's 125) no variant "
        "loses a packet at low load, as the paper says; without a window limit the "
        f"loss-based variants {', '.join(lossy) or 'none'} lose packets at every load, "
        "however light: a loss-based TCP probes until its own packets overflow the buffer, "
        "so what keeps the start loss-free is the receiver window the paper does not print, "
        f"not a light network (its stated reason). Set-up: {_setup_text()}. The paper: "
        f"{q.cite()}. Rule: a counterexample (losses at light load), with the statement "
        "holding under the stated window -> partly.",
    )


def _vegas_checks(s: dict) -> dict:
    others = [v for v in VARIANTS if v != "vegas"]
    return {"Vegas has the fewest losses": all(Q.above(s, "drop", v, "vegas") for v in others),
            "Vegas has the largest latency":
            all(Q.above(s, "latency", "vegas", v) for v in others)}


@claim(KEY, "loss-vs-delay-based", "Abstract; Sec. 4 (Figs. 3-5); Sec. 5",
       "Tahoe, Reno, New Reno (and Sack or Fack) are loss-based and favour loss to guarantee "
       "short latency; Vegas is delay-based, has the largest latency and the fewest losses, "
       "and is recommended where loss is not tolerated.",
       cause="simulator", decide=D_BAZI, metrics=("loss_rate", "queueing_delay"),
       variants=VARIANTS)
def loss_vs_delay_based(fidelity="round"):
    s, t, loads = _summaries(fidelity)
    checks = _vegas_checks(s)
    q = _loc("it has great values of latency compared to the others")
    return (
        "Vegas: the largest latency and the fewest losses",
        f"mean drop rate (%): {_ms(s['drop'])}; mean latency (RTT, ms): {_ms(s['latency'])}; "
        + _verdicts(checks, _vegas_checks(t)),
        verdict_from_checks(list(checks.values())),
        _run_text(loads) + "latency = the flow's mean RTT (what the paper's sum(AckTime - "
        "SentTime) measures). Vegas keeps its own queue short (alpha..beta packets), so the "
        "model gives it no more latency than the loss-based variants. Without a window limit "
        "the model's Vegas overshoots in slow start (the round's smallest RTT hides the "
        "queue it builds) and then keeps the buffer full, since a loss lowers its ssthresh "
        "by one packet (ns-3's rule): mean drop rate "
        f"{t['drop']['vegas']:.3g}%, latency {t['latency']['vegas']:.4g} ms (a limit of the "
        f"model's Vegas, reported, not used). Verdict from the stated set-up: {_setup_text()}. "
        f"The paper: {q.cite()}. Rule: both -> reproduced; one -> partly; none -> refuted.",
    )


def _trend_checks(s: dict) -> dict:
    return {
        "NewReno keeps the largest share": all(Q.above(s, "leftover", "newreno", v)
                                               for v in VARIANTS if v != "newreno"),
        "Reno and FACK keep less than NewReno and SACK": all(
            Q.above(s, "leftover", w, v) for v in ("reno", "fack") for w in ("newreno", "sack")),
        "Vegas loses the fewest packets": _vegas_checks(s)["Vegas has the fewest losses"],
    }


@claim(KEY, "throughput-trends", "Sec. 4 (Figs. 1-2, 4-5)",
       "New Reno reduces throughput less than the others under congestion; Reno and Fack drop "
       "sharply; Vegas has the lowest average packet loss.",
       cause="simulator", decide=D_BAZI, metrics=("goodput", "loss_rate"),
       variants=VARIANTS)
def throughput_trends(fidelity="round"):
    s, t, loads = _summaries(fidelity)
    checks = _trend_checks(s)
    return (
        "NewReno reduces least; Reno and FACK sharply; Vegas fewest losses",
        f"share of the capacity the CBR leaves: {_ms(s['leftover'])} (without a window "
        f"limit: {_ms(t['leftover'])}); mean drop rate (%): {_ms(s['drop'])}; "
        + _verdicts(checks, _trend_checks(t)),
        verdict_from_checks(list(checks.values())),
        _run_text(loads) + "share = throughput / (link - CBR). FACK runs SACK's recovery "
        "with its own trigger (aimdmodel.queue.VARIANTS), so it cannot drop more sharply "
        "than SACK unless a burst of losses hides the third duplicate ACK. Verdict from the "
        f"stated set-up: {_setup_text()}. The paper: "
        + _loc("TCP New Reno adopts a lighter reduction than the other variants").cite()
        + ". Rule: all three -> reproduced; some -> partly; none -> refuted.",
    )


@claim(KEY, "rto-name", "Sec. 2, TCP Tahoe",
       "Tahoe waits for duplicate acknowledgments or the expiration of the Round Trip Time "
       "(RTO).", cause="typo", reading=True)
def rto_name():
    q = _loc("or else the expiration of the Round Trip Time (RTO)")
    words, acronym = re.search(r"the ([A-Z][\w ]+?) \((\w+)\)", q.text).groups()
    initials = "".join(w[0] for w in words.split())
    return (
        f"{acronym} = {words}",
        f"the initials of '{words}' are {initials}; the acronym printed is {acronym}",
        verdict_from_checks([initials == acronym]),
        f"Read from the located passage ({q.cite()}): the expansion and the acronym taken "
        "from it, and the expansion's initials computed. What expires is the retransmission "
        "timer (RTO, RFC 6298), set from the round-trip time; the round-trip time itself "
        "does not expire. Rule: the initials are the acronym -> reproduced; else refuted.",
    )


@claim(KEY, "scope-mesh", "Title keywords; Sec. 1; Sec. 3",
       "The study is about congestion control in IEEE 802.11s wireless mesh networks.",
       cause="paper", reading=True)
def scope_mesh():
    keys = _loc("**Key words:** mesh, congestion control, TCP, IEEE 802.11s")
    intro = _loc("WMNs 802.11s [1,2,3,4,5,6] are the evolution of the IEEE 802.11 Wireless "
                 "Local Area Network")
    setup = _loc("we used a mesh topology whose links between adjacent nodes are 10 MB")
    rate = re.search(r"links between adjacent nodes are (\d+)", setup.text).group(1)
    per_link = rate is not None
    return (
        "802.11s wireless mesh networks",
        f"the set-up gives every link between adjacent nodes its own rate ({rate}): "
        f"{per_link}",
        verdict_from_checks([not per_link]),
        f"Read from the located passages: the subject ({keys.cite()}; {intro.cite()}) and "
        f"the experiment ({setup.cite()}). An 802.11s mesh shares one radio channel among "
        "neighbours (contention, a MAC, no per-link rate); the experiment is a topology of "
        "point-to-point links with a rate each, which is how ns-2 builds a wired network, "
        "and no wireless channel, MAC or mesh routing is set up. The results speak for a "
        "wired network only. Rule: links with a rate of their own (wired) -> refuted; a "
        "shared wireless channel -> reproduced.",
    )


_RATE_UNIT = re.compile(r"(?:/s|ps)$")
"""A unit of rate ends in '/s' or 'ps' (Mb/s, MB/s, Mbps); 'MB' alone is a size."""
BITS_PER_BYTE = 8


@claim(KEY, "units-mb", "Sec. 3 (set-up)",
       "The links between adjacent nodes are 10 MB and the CBR load rises from 1 to 12 in "
       "increments of 0.5 MB.", cause="typo", reading=True)
def units_mb():
    link = _loc("links between adjacent nodes are 10 MB")
    grid = _loc("from 1 to 12 with an increment of 0.5 MB")
    rate, unit = re.search(r"are (\d+) (\S+)", link.text).groups()
    lo, hi, step, step_unit = re.search(r"from (\d+) to (\d+) with an increment of ([\d.]+) "
                                        r"(\S+)", grid.text).groups()
    units = {unit, step_unit}
    is_rate = {u: bool(_RATE_UNIT.search(u)) for u in sorted(units)}
    rate, lo, hi = Fraction(rate), Fraction(lo), Fraction(hi)
    # both numbers carry the one unit: the CBR load over the link rate is the same whether
    # it is read as megabits (ns-2 writes a link's bandwidth '10Mb') or megabytes per second
    loads = (lo / rate, hi / rate)
    crosses = loads[0] < 1 < loads[1]
    return (
        f"{rate} {unit} links, {step} {step_unit} steps",
        "units printed: " + ", ".join(f"{u} a rate {v}" for u, v in is_rate.items())
        + f"; read as Mb/s: a {rate} Mb/s link, CBR {lo} to {hi} Mb/s (read as MB/s: "
        f"{rate * BITS_PER_BYTE} and {lo * BITS_PER_BYTE} to {hi * BITS_PER_BYTE} Mb/s); "
        f"loads {float(loads[0]):g} to {float(loads[1]):g} of the link under either; from "
        f"below to above the link rate: {crosses}",
        verdict_from_readings(all(is_rate.values()), crosses),
        f"Read from the located passages ({link.cite()}; {grid.cite()}): the units taken from "
        "them and tested for a rate (a unit of rate ends in '/s' or 'ps'). 'MB' is megabytes, "
        "an amount of data: a link's capacity and a CBR source's rate are rates, so the "
        "printed unit is a slip (bytes for bits, and no 'per second'); ns-2 writes a link's "
        "bandwidth as '10Mb', megabits per second, the reading papers.setups takes (a 10 Mb/s "
        "link). Both numbers carry the one unit, so the load relative to the link (computed "
        "exactly) is the same under either reading; the absolute rates differ by 8 bits a "
        "byte (window sizes, the bandwidth-delay product). Rule: the printed units are rates "
        "-> reproduced; else, read as Mb/s, the loads go from below to above the link rate "
        "(the paper's account: no loss at first, congestion later) -> partly; neither -> "
        "refuted.",
    )


FAIR_JAIN = 0.9
"""Two flows share fairly when Jain's index of their goodputs is at least this (within about
a 1.6 : 1 split)."""
VEGAS_CASES = "vegas + newreno"


@shared_run
def _vegas_vs_reno() -> dict:
    """Vegas against a loss-based flow on one bottleneck: the stored ns-3 runs of the
    validation's reference set (``aimdmodel.ns3.validate.reference_set``, the cases
    'vegas + newreno, DropTail b BDP') and the queue model on the same scenarios, with the
    loss-based flow as NewReno (ns-3's) and as Reno (the paper's word).

    Returns
    -------
    dict
        ``{case: {"buffer": packets, "ns3": [(vegas, other) goodput per run],
        "newreno": [...], "reno": [...]}}`` in bit/s (queue model: 3 replications).
    """
    records = Store(STORE).records()
    out: dict = {}
    for case in reference_set():
        if not case.name.startswith(VEGAS_CASES):
            continue
        sc = case.scenario
        row = {"buffer": sc.link.buffer,
               "ns3": [tuple(r["summary"]["flows"]["goodput"]) for r in records
                       if r["case"] == case.name]}
        for other in ("newreno", "reno"):
            flows = (sc.flows[0], dataclasses.replace(sc.flows[1], variant=other))
            res = queue_run(dataclasses.replace(sc, flows=flows),
                            replications=case.replications)
            row[other] = [tuple(summarize(res, i)["flows"]["goodput"])
                          for i in range(case.replications)]
        out[case.name] = row
    return out


def _jain(pairs: list) -> float:
    """Jain's index of the mean goodputs over the runs (two flows)."""
    return float(jain_index([sum(p[k] for p in pairs) / len(pairs) for k in range(2)]))


@claim(KEY, "reno-aggressive", "Abstract (future work); Sec. 5",
       "TCP Reno is an aggressive algorithm: sharing bandwidth fairly with it is left to a "
       "future algorithm (the studied delay-based Vegas does not).",
       cause="paper")
def reno_aggressive():
    q = _loc("which has the power to share bandwidth fairly with aggressive algorithms such as "
             "TCP Reno")
    vegas = _loc("others that are delay-based such as Vegas")
    d = _vegas_vs_reno()
    jain = {case: {m: _jain(r[m]) for m in ("ns3", "newreno", "reno")} for case, r in d.items()}
    unfair = {m: {case: j[m] < FAIR_JAIN for case, j in jain.items()}
              for m in ("ns3", "newreno", "reno")}
    packet = verdict_from_checks(list(unfair["ns3"].values()))
    queue = verdict_from_checks([*unfair["newreno"].values(), *unfair["reno"].values()])

    def share(pairs: list) -> str:
        v, o = (sum(p[k] for p in pairs) / len(pairs) / 1e6 for k in range(2))
        return f"{v:.2f} / {o:.2f}"

    return (
        "Reno takes more than its share: fairness is a problem beside it",
        "goodput (Mb/s) Vegas / loss-based flow and Jain's index, by buffer: " + "; ".join(
            f"{r['buffer']} packets: ns-3 (NewReno) {share(r['ns3'])}, Jain "
            f"{jain[c]['ns3']:.3f}; queue model vs NewReno {share(r['newreno'])}, Jain "
            f"{jain[c]['newreno']:.3f}, vs Reno {share(r['reno'])}, Jain {jain[c]['reno']:.3f}"
            for c, r in d.items())
        + f"; unfair (Jain below {FAIR_JAIN:g}) in ns-3: "
        + ", ".join(str(v) for v in unfair["ns3"].values())
        + f" (ns-3 verdict {packet}; queue model {queue}); distinct ns-3 runs per buffer: "
        + ", ".join(str(len(set(r["ns3"]))) for r in d.values()) + " of "
        + ", ".join(str(len(r["ns3"])) for r in d.values()),
        verdict_from_packet_level(queue, packet),
        "Stored ns-3 runs (aimdmodel/ns3/data/ns3_runs.jsonl, the validation's reference set: "
        "one ns3::TcpVegas flow against one ns3::TcpLinuxReno flow with classic recovery, "
        "both RTT 60 ms, through a 10 Mb/s DropTail bottleneck of 0.5, 1 and 2 bandwidth-"
        "delay products, 60 s with 20 s of warm-up, goodput per flow after the warm-up, "
        "aimdmodel.ns3.campaign.summarize), decided there as a packet-level run decides "
        "(ledger.verdict_from_packet_level); the queue model (aimdmodel.queue.run, the same "
        "scenarios, the loss-based flow as NewReno and as Reno, 3 replications, float) is "
        "shown beside them. Fair = Jain's index of the two flows' mean goodputs at least "
        f"{FAIR_JAIN:g}. The paper sets sharing bandwidth fairly with Reno as the goal of "
        f"future work ({q.cite()}), after telling the loss-based variants from the "
        f"delay-based one ({vegas.cite()}); it never runs two variants against each other, and "
        "it does not say that Vegas shares the bandwidth fairly with Reno (a reading "
        "of the abstract that this row does not test): the row tests the premise, that "
        "Reno is aggressive and Vegas "
        "beside it gets less than a fair share. The loss-based flow fills "
        "the buffer until it overflows; Vegas, holding 2 to 4 packets queued, reads the "
        "queueing delay as congestion and backs off. Rule: unfair in every buffer -> "
        "reproduced; in some -> partly; in none -> refuted.",
    )
