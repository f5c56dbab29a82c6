"""Claims of Mehta & Dahiya, "Measuring performance of delay based congestion
control algorithms (Low Priority, Westwood and Veno)" (seed 002).

Tables 1-6 print, for each routing protocol and TCP variant, raw columns
(E2E delay, total sent, total received) and derived ones (packet delivery
ratio, throughput, packet loss). Every derived column is recomputed here from
the raw ones with exact arithmetic, and every row that does not add up is
reported with its arithmetic. The text's comparisons (Secs. VII-X) are checked
against the tables' own numbers; the Westwood rule is checked for units and
run in the synchronous model.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from statistics import median

from ._build import Collector
from .ledger import (
    verdict_from_checks,
    verdict_from_counterexample,
    verdict_with_caveat,
)

KEY = "mehta-dahiya"
TITLE = (
    "Mehta & Dahiya, Measuring performance of delay based congestion control algorithms (seed 002)"
)

SIM_TIME = 100  # "Simulation Time 100" (seconds) in the set-up table

# Tables 1-6 as printed: agent, delay (ms), sent, received, PDR (%), throughput (KBPS), loss.
TABLES: dict[int, tuple[str, tuple[tuple[str, str, int, int, str, str, int], ...]]] = {
    1: (
        "AODV, 10 nodes",
        (
            ("AODV_LP", "0.6696807", 5900, 5530, "93.73", "2.765", 370),
            ("AODV_Westwood", "0.73246466", 5522, 5153, "93.32", "2.5765", 369),
            ("AODV_Veno", "0.67340289", 6027, 5747, "95.35", "2.8735", 280),
        ),
    ),
    2: (
        "AODV, 30 nodes",
        (
            ("AODV_LP", "0.738094369", 6448, 5462, "84.71", "2.731", 986),
            ("AODV_Westwood", "0.738094369", 6448, 5462, "84.71", "2.731", 986),
            ("AODV_Veno", "0.691729593", 6887, 5846, "84.88", "2.923", 1041),
        ),
    ),
    3: (
        "DSDV, 10 nodes",
        (
            ("DSDV_LP", "0.54496624", 7282, 7008, "96.24", "3.504", 274),
            ("DSDV_Westwood", "0.58626886", 6855, 6523, "95.16", "3.2615", 332),
            ("DSDV_Veno", "0.55396938", 7065, 6856, "97.04", "3.428", 209),
        ),
    ),
    4: (
        "DSDV, 30 nodes",
        (
            ("DSDV_LP", "0.590474748", 6681, 5745, "85.99", "3.1025", 936),
            ("DSDV_Westwood", "0.590474748", 7201, 6205, "86.17", "3.1025", 996),
            ("DSDV_Veno", "0.57794391", 7081, 6131, "86.58", "3.0655", 950),
        ),
    ),
    5: (
        "DSR, 10 nodes",
        (
            ("DSR_LP", "0.68567734", 6184, 5863, "94.81", "2.9315", 321),
            ("DSR_Westwood", "0.69408085", 6104, 5764, "94.43", "2.882", 340),
            ("DSRVeno", "0.74882196", 5986, 5658, "94.52", "2.829", 328),
        ),
    ),
    6: (
        "DSR, 30 nodes",
        (
            ("DSR_LP", "0.690075019", 7201, 6205, "84.71", "2.8725", 996),
            ("DSR_Westwood", "0.690075019", 6681, 5745, "85.99", "2.8725", 936),
            ("DSRVeno", "0.712571351", 6412, 5577, "86.98", "2.7885", 835),
        ),
    ),
}
PDR_TOL = Fraction(1, 100)  # printed to 0.01 percentage point (rounded or truncated)
THR_TOL = Fraction(5, 10_000)  # printed to 4 decimals at most


def _q(text: str) -> Fraction:
    return Fraction(Decimal(text))


def _rows():
    for n, (label, rows) in TABLES.items():
        for agent, delay, sent, recv, pdr, thr, loss in rows:
            yield n, label, agent, _q(delay), sent, recv, _q(pdr), _q(thr), loss


def _protocol(agent: str) -> str:
    return (
        agent[:4] if agent.startswith("DSDV") else agent[:3] if agent.startswith("DSR") else "AODV"
    )


def _variant(agent: str) -> str:
    for v in ("LP", "Westwood", "Veno"):
        if agent.endswith(v):
            return v
    raise ValueError(agent)


def checks() -> list:
    c = Collector(KEY)
    rows = list(_rows())
    # The throughput scale the tables use, fitted (median over all 18 rows) rather than
    # assumed: printed throughput / received packets.
    ratios = [r[7] / r[5] for r in rows]
    scale = Fraction(median(ratios))

    # --- Tables 1-6: recompute every derived column --------------------------------
    for n, (label, _) in TABLES.items():
        bad: list[str] = []
        ok: list[bool] = []
        for tn, _lab, agent, _delay, sent, recv, pdr, thr, loss in rows:
            if tn != n:
                continue
            pdr_c = Fraction(100 * recv, sent)
            loss_c = sent - recv
            thr_c = recv * scale
            row_ok = True
            if abs(pdr_c - pdr) > PDR_TOL:
                bad.append(
                    f"{agent}: PDR {recv}/{sent} = {float(pdr_c):.3f}% vs printed {float(pdr)}%"
                )
                row_ok = False
            if loss_c != loss:
                bad.append(f"{agent}: loss {sent} - {recv} = {loss_c} vs printed {loss}")
                row_ok = False
            if abs(thr_c - thr) > THR_TOL:
                bad.append(
                    f"{agent}: throughput {recv} x {scale} = {float(thr_c):.4f} vs printed "
                    f"{float(thr)} (= {float(thr / scale):.0f} x {scale}, the received count of "
                    "another row)"
                )
                row_ok = False
            ok.append(row_ok)
        c.add(
            f"table{n}-arithmetic",
            f"Table {n} ({label})",
            f"Table {n}'s derived columns (packet delivery ratio, throughput, packet loss) follow "
            "from its sent and received columns.",
            "PDR = received/sent, loss = sent - received, throughput = received/time",
            ("all 3 rows add up" if not bad else "; ".join(bad)),
            verdict_from_checks(ok),
            "Exact (Fraction) arithmetic on the printed columns: PDR = 100 received/sent "
            f"(tolerance {float(PDR_TOL)} percentage point for the printed rounding), loss = "
            f"sent - received (exact), throughput = received x {scale} (the tables' own scale: "
            "the median over all 18 rows of printed throughput / received; tolerance "
            f"{float(THR_TOL)}). Rule: every row adds up -> reproduced; some -> partly; none "
            "-> refuted.",
        )

    # --- throughput formula against the stated simulation time ---------------------
    kbps_bits = [Fraction(r[5] * 8, SIM_TIME * 1000) for r in rows]
    matches = [abs(k - r[7]) <= THR_TOL for k, r in zip(kbps_bits, rows, strict=True)]
    n_scaled = sum(abs(r[5] * scale - r[7]) <= THR_TOL for r in rows)
    implied_kbit = Fraction(8, 1000) / scale
    implied_kbyte = Fraction(1, 1000) / scale
    c.add(
        "throughput-vs-time",
        "Sec. IV throughput formula; set-up table; Tables 1-6",
        "Throughput = sum(ReceivedPackets) / TotalSimulationTime, with a simulation time of 100 "
        "(s), printed in KBPS.",
        "e.g. AODV_LP: 2.765 KBPS from 5530 received",
        f"5530 bytes over 100 s = {float(Fraction(5530 * 8, 100_000)):.4f} kbit/s "
        f"({float(Fraction(5530, 100_000)):.4f} kB/s); rows matching: "
        f"{sum(matches)} of {len(rows)}",
        verdict_from_checks(matches),
        f"Exact arithmetic: received bytes x 8 / ({SIM_TIME} s x 1000) for every row. The printed "
        f"throughputs are received x {scale} in {n_scaled} of {len(rows)} rows, i.e. the "
        "simulation time they "
        f"imply is {float(implied_kbit):g} s if KBPS means kbit/s, or {float(implied_kbyte):g} s "
        "if it means kB/s, not the stated 100 s. Rule: every row matches the stated formula "
        "-> reproduced; none -> refuted.",
    )

    # --- duplicated rows ------------------------------------------------------------
    seen: dict[tuple, str] = {}
    dups: list[str] = []
    for tn, _lab, agent, delay, sent, recv, *_ in rows:
        for key, what in (((sent, recv), "sent/received"), ((delay,), "delay")):
            tag = (what, *key)
            if tag in seen:
                dups.append(f"T{tn} {agent} = {seen[tag]} ({what})")
            else:
                seen[tag] = f"T{tn} {agent}"
    c.add(
        "duplicate-rows",
        "Tables 2, 4, 6",
        "Each row of Tables 1-6 is a separate measurement (routing protocol x TCP variant x "
        "node count).",
        "18 distinct measurements",
        f"{len(dups)} repeated value sets: " + "; ".join(dups),
        verdict_from_counterexample(bool(dups)),
        "Searched all 18 rows for identical (sent, received) pairs and identical delays (exact "
        "decimal comparison). Table 2's LP and Westwood rows are identical in every column; "
        "Table 6's LP and Westwood rows repeat Table 4's Westwood and LP sent/received counts "
        "(swapped), and Tables 4 and 6 give LP and Westwood the same delay to 9 digits. "
        "Independent measurements of different protocols do not coincide to 4-9 digits; these "
        "look copied. Rule: a repeat is a counterexample; no condition makes it hold.",
    )

    # --- the text's comparisons against the tables ------------------------------------
    def col(idx: int, tables: tuple[int, ...]) -> dict[tuple[str, str], Fraction]:
        return {(_protocol(r[2]), _variant(r[2])): r[idx] for r in rows if r[0] in tables}

    delay10, delay30 = col(3, (1, 3, 5)), col(3, (2, 4, 6))
    thr10, thr30 = col(7, (1, 3, 5)), col(7, (2, 4, 6))
    pdr10, pdr30 = col(6, (1, 3, 5)), col(6, (2, 4, 6))
    protos, variants = ("AODV", "DSDV", "DSR"), ("LP", "Westwood", "Veno")

    def best(d, v, lowest):
        pick = min if lowest else max
        return pick(protos, key=lambda p: d[(p, v)])

    dsdv_delay = [best(d, v, True) == "DSDV" for d in (delay10, delay30) for v in variants]
    c.add(
        "text-delay-dsdv",
        "Sec. VII",
        "Every variant (LP, Westwood, Veno) has its minimum average delay with DSDV, for 10 "
        "and for 30 nodes.",
        "DSDV lowest delay in 6 of 6 cases",
        f"DSDV lowest in {sum(dsdv_delay)} of 6",
        verdict_from_checks(dsdv_delay),
        "Compared the printed E2E delays of AODV, DSDV and DSR per variant in Tables 1/3/5 "
        "(10 nodes) and 2/4/6 (30 nodes). Rule: all cases hold -> reproduced.",
    )
    lp_max = best(thr10, "LP", False)
    c.add(
        "text-lp-throughput-aodv",
        "Sec. VIII",
        "TCP LP has its maximum average throughput with AODV among the three routing protocols "
        "(10 nodes).",
        "AODV",
        f"{lp_max} (AODV {float(thr10[('AODV', 'LP')])}, DSDV {float(thr10[('DSDV', 'LP')])}, "
        f"DSR {float(thr10[('DSR', 'LP')])} KBPS)",
        verdict_from_checks([lp_max == "AODV"]),
        "Compared the printed LP throughputs of Tables 1, 3, 5. Rule: the named protocol is the "
        "maximum -> reproduced, else refuted.",
    )
    worst = min(thr10, key=thr10.get)
    c.add(
        "text-aodv-westwood-worst",
        "Sec. VIII",
        "AODV with Westwood has the worst throughput (10 nodes).",
        "AODV/Westwood",
        f"{worst[0]}/{worst[1]} ({float(thr10[worst])} KBPS)",
        verdict_from_checks([worst == ("AODV", "Westwood")]),
        "Minimum of the nine printed throughputs of Tables 1, 3, 5. Rule: the named pair is the "
        "minimum -> reproduced, else refuted.",
    )
    dsdv_growth = [thr30[("DSDV", v)] > thr10[("DSDV", v)] for v in variants]
    c.add(
        "text-dsdv-growth",
        "Sec. VIII",
        "On increasing the nodes from 10 to 30, DSDV shows exceptional growth in throughput.",
        "DSDV throughput rises from 10 to 30 nodes",
        ", ".join(
            f"{v}: {float(thr10[('DSDV', v)])} -> {float(thr30[('DSDV', v)])}" for v in variants
        ),
        verdict_from_checks(dsdv_growth),
        "Printed DSDV throughputs, Table 3 (10 nodes) against Table 4 (30 nodes). Rule: a rise "
        "for every variant -> reproduced; for none -> refuted.",
    )
    dsdv_pdr = [best(pdr10, v, False) == "DSDV" for v in variants]
    aodv_ww = min(pdr10, key=pdr10.get) == ("AODV", "Westwood")
    c.add(
        "text-pdr-10",
        "Sec. IX",
        "With 10 nodes DSDV has high PDR with every variant, and AODV is worst, especially with "
        "Westwood.",
        "DSDV highest per variant; AODV/Westwood lowest",
        f"DSDV highest for {sum(dsdv_pdr)} of 3 variants; AODV/Westwood lowest: {aodv_ww}",
        verdict_from_checks([*dsdv_pdr, aodv_ww]),
        "Printed PDRs of Tables 1, 3, 5. Rule: all parts hold -> reproduced.",
    )
    recomputed30 = {
        (_protocol(r[2]), _variant(r[2])): Fraction(100 * r[5], r[4])
        for r in rows
        if r[0] in (2, 4, 6)
    }
    dsr_rise = [pdr30[("DSR", v)] > pdr10[("DSR", v)] for v in variants]
    dsr_rise_re = [recomputed30[("DSR", v)] > pdr10[("DSR", v)] for v in variants]
    c.add(
        "text-dsr-pdr-rise",
        "Sec. IX",
        "On increasing the nodes from 10 to 30, the packet delivery ratio increased with DSR.",
        "DSR PDR rises",
        ", ".join(
            f"{v}: {float(pdr10[('DSR', v)])} -> {float(pdr30[('DSR', v)])}%" for v in variants
        )
        + f" (recomputed 30-node LP: {float(recomputed30[('DSR', 'LP')]):.2f}%)",
        verdict_from_checks(dsr_rise + dsr_rise_re),
        "Printed DSR PDRs, Table 5 against Table 6, and Table 6 recomputed from its own "
        "sent/received columns. Rule: a rise everywhere -> reproduced; nowhere -> refuted.",
    )
    concl = []
    detail = []
    for v in variants:
        for name, d, lowest in (
            ("delay", delay30, True),
            ("throughput", thr30, False),
            ("PDR", recomputed30, False),
        ):
            okv = best(d, v, lowest) == "DSDV"
            concl.append(okv)
            if not okv:
                detail.append(f"{v} {name}: best is {best(d, v, lowest)}")
    printed_pdr_best = sum(best(pdr30, v, False) == "DSDV" for v in variants)
    c.add(
        "conclusion-dsdv",
        "Sec. X",
        "DSDV with any agent (LP, Westwood, Veno) gives the best results of the three routing "
        "protocols, with high scalability (30 nodes).",
        "DSDV best on delay, throughput and PDR for each variant at 30 nodes",
        f"DSDV best in {sum(concl)} of {len(concl)} (variant, metric) cases"
        + (f"; exceptions: {'; '.join(detail)}" if detail else "")
        + f" (with the printed PDRs: DSDV highest for {printed_pdr_best} of 3 variants)",
        verdict_from_checks(concl),
        "Tables 2, 4, 6 (30 nodes): lowest delay, highest throughput, highest PDR (recomputed "
        "from sent/received) per variant. Rule: all cases -> reproduced; some -> partly.",
    )

    # --- the Westwood rule -----------------------------------------------------------
    # Dimensions as exponent vectors over (bit, second, segment).
    def dim(bit=0, s=0, seg=0):
        return (bit, s, seg)

    def mul(*ds):
        return tuple(sum(x) for x in zip(*ds, strict=True))

    def inv(d):
        return tuple(-x for x in d)

    BWE, RTT, SEG_SIZE = dim(bit=1, s=-1), dim(s=1), dim(bit=1, seg=-1)
    WINDOW_SEGMENTS = dim(seg=1)
    ssthresh = mul(BWE, RTT, inv(SEG_SIZE))
    intro = mul(BWE, RTT)
    c.add(
        "westwood-units",
        "Sec. II pseudocode",
        "After 3 DUPACKs: ssthresh = (BWE * RTTmin) / seg_size, with seg_size the segment length "
        "in bits; cwnd = ssthresh if cwnd > ssthresh.",
        "a window in segments",
        f"dimension of BWE*RTTmin/seg_size: bit^{ssthresh[0]} s^{ssthresh[1]} "
        f"segment^{ssthresh[2]}",
        verdict_from_checks([ssthresh == WINDOW_SEGMENTS]),
        "Dimensional analysis over (bit, second, segment): BWE in bit/s (a rate), RTTmin in s, "
        "seg_size in bit/segment gives segments, the unit of cwnd. Rule: dimensions equal -> "
        "reproduced.",
    )
    intro_bits = intro == dim(bit=1)
    c.add(
        "westwood-intro",
        "Sec. I",
        "The congestion window is set precisely to BWE * RTT after a packet loss.",
        "cwnd = BWE * RTT",
        f"dimension bit^{intro[0]} s^{intro[1]} segment^{intro[2]} (a window in bits), with RTT "
        "in place of RTTmin, and set only when cwnd > ssthresh",
        verdict_from_counterexample(intro != WINDOW_SEGMENTS, holds_under=intro_bits),
        "Same dimensional analysis: BWE * RTT is an amount of data (bits), not segments, so it "
        "equals the pseudocode's window only after dividing by seg_size; the pseudocode also "
        "uses RTTmin, not RTT, and lowers cwnd only when it exceeds ssthresh ('precisely' does "
        "not hold when cwnd <= ssthresh). Rule: mismatch found; holds if cwnd is counted in "
        "bits.",
    )
    # The rule in the synchronous, bufferless model: RTT = RTTmin; at a congestion event the
    # bottleneck delivers W per RTT, shared in proportion to the windows, so BWE_i * RTTmin =
    # w_i * W / sum(w). Exact iteration of AIMD increase + this decrease, two flows.
    W = Fraction(100)
    w = [Fraction(1), Fraction(30)]
    congested = []
    post_sums = []
    for _ in range(400):
        s = sum(w)
        if s >= W:
            w = [min(x, x * W / s) for x in w]
            post_sums.append(sum(w))
            congested.append(True)
        else:
            w = [x + 1 for x in w]
            congested.append(False)
    no_overshrink = all(p == W for p in post_sums)
    every_rtt = all(congested[-50:])
    c.add(
        "westwood-model",
        "Sec. I-III (Westwood avoids over-shrinking cwnd)",
        "Setting cwnd from the bandwidth estimate after a loss avoids the blind halving of Reno "
        "(no over-shrinking of cwnd).",
        "post-loss window = the flow's share of the capacity",
        f"post-loss sum of windows = W in {sum(p == W for p in post_sums)} of {len(post_sums)} "
        f"events; congestion in each of the last 50 RTTs: {every_rtt}",
        verdict_with_caveat(no_overshrink, every_rtt),
        "Exact iteration of the synchronous model without a buffer (RTT = RTTmin), W = 100, "
        "windows 1 and 30, 400 RTTs: +1 per flow per RTT while sum < W; at congestion each "
        "flow's BWE*RTTmin is its share w_i W / sum(w) of the delivered W, and cwnd drops to it. "
        "The windows never shrink below the capacity share (no over-shrinking), but then the "
        "sum sits at W and every RTT is a congestion event: without a queue the rule never "
        "backs off. It needs RTT > RTTmin (a queue) to drain anything. Rule: holds, with the "
        "caveat verified -> partly.",
    )
    c.add(
        "formula-names",
        "Sec. IV",
        "PDR = sum received / sum sent; average E2E delay = sum(received time - sent time) / "
        "sum received; throughput = sum received / total simulation time.",
        "each formula measures what its name says",
        "all three consistent with their names on a toy trace",
        verdict_from_checks(_formula_names_ok()),
        "Exact evaluation on a 4-packet toy trace (one-way delay 3 ms, one loss, 10 ms run): "
        "PDR 3/4, mean delay 3 ms, throughput 3 packets / 10 ms. Rule: all three equal the "
        "true values -> reproduced.",
    )
    return c.claims


def _formula_names_ok() -> list[bool]:
    sent = [(0, 3), (1, 4), (2, None), (3, 6)]  # (sent time, received time or None)
    got = [(s, r) for s, r in sent if r is not None]
    pdr = Fraction(len(got), len(sent))
    delay = Fraction(sum(r - s for s, r in got), len(got))
    thr = Fraction(len(got), 10)
    return [pdr == Fraction(3, 4), delay == 3, thr == Fraction(3, 10)]
