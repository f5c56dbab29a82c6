"""Claims of Jasem, Zukarnain, Othman & Subramaniam, "On the delay and link
utilization with the New-AIMD congestion avoidance and control algorithm"
(2010, seed 000).

New-AIMD is run in both readings of :class:`aimdmodel.NewAIMD`: ``printed``
(the pseudocode as printed: the accumulated increase ``t`` also grows at a
congestion step) and ``charitable`` (increase and decrease exclusive in an
RTT, as the paper's own Eqs. 1-4 assume). The paper's Eqs. 1-4 and the
recurrences are checked symbolically with the policies' own code run on sympy
symbols, and by exact (Fraction) simulation; the efficiency claims with
:func:`aimdmodel.symbolic.derive` and simulation. The NCTUns results are
outside the model; the rows say what the model can and cannot say about them.
"""

from __future__ import annotations

from fractions import Fraction

import sympy as sp

from aimdmodel import AIMD, AIMDFCPlus, NewAIMD, metrics, simulate
from aimdmodel import theorems as T
from aimdmodel.symbolic import derive

from ._build import Collector
from ._common import congested_share, increase_counts
from .ledger import (
    verdict_from_checks,
    verdict_from_counterexample,
    verdict_from_readings,
    verdict_from_tolerance,
    verdict_outside_model,
    verdict_with_caveat,
)

KEY = "jasem2010"
TITLE = (
    "Jasem, Zukarnain, Othman & Subramaniam 2010, On the delay and link utilization with "
    "the New-AIMD algorithm (seed 000)"
)
READINGS = ("printed", "charitable")

# An instance where the windows' sum meets W exactly at each of the first congestion
# events (x1 + x2 = 32 = 2^5, W - 32 even): the paper's equalities then hold.
EXACT_X, EXACT_W = (12, 20), 100


def _sums_at_congestion(policy, n_cycles: int):
    """Sum of the two windows at the end of each of the first cycles, with the
    increase counts k_1..k_m as sympy symbols (the policy's own code)."""
    x1, x2 = sp.symbols("x1 x2", positive=True)
    ks = sp.symbols(f"k1:{n_cycles + 1}", positive=True)
    s1, s2 = policy.init(x1), policy.init(x2)
    sums = []
    for k in ks:
        s1, s2 = policy.advance(s1, k), policy.advance(s2, k)
        sums.append(sp.expand(policy.window(s1) + policy.window(s2)))
        s1, s2 = policy.decrease(s1), policy.decrease(s2)
    return (x1, x2), ks, sums


def checks() -> list:
    c = Collector(KEY)

    # --- Eqs. 1-4: the windows' sum at the m-th congestion event -----------------
    for reading in READINGS:
        (x1, x2), ks, sums = _sums_at_congestion(NewAIMD(reading=reading), 4)
        printed = [(x1 + x2) / 2**m + 2 * sum(ks[: m + 1]) for m in range(4)]
        diffs = [sp.simplify(s - p) for s, p in zip(sums, printed, strict=True)]
        # alternative count: k_j = growth of t in cycle j (increase steps, plus the
        # congestion step's increment in the printed reading)
        shift = 1 if reading == "printed" else 0
        to_growth = {ks[j]: ks[j] - shift for j in range(1, 4)}
        alt = [sp.simplify(s.subs(to_growth) - p) for s, p in zip(sums, printed, strict=True)]
        c.add(
            f"eqs1-4-{reading}",
            "Eqs. 1-4",
            "At the m-th congestion event the two windows sum to x1/2^(m-1) + x2/2^(m-1) + "
            "2k1 + ... + 2km.",
            "x/2^(m-1) + 2(k1 + ... + km)",
            f"{reading} reading, k_j = increase steps: computed minus printed = "
            f"{', '.join(str(d) for d in diffs)} (m = 1..4); k_j = growth of t per cycle: "
            f"{', '.join(str(d) for d in alt)}",
            verdict_from_readings(all(d == 0 for d in diffs), all(d == 0 for d in alt)),
            f"sympy: NewAIMD(reading='{reading}') run on symbols x1, x2, k1..k4 (its own "
            "init/advance/decrease code), sum of the windows at the end of each cycle, minus "
            "the printed Eq. m. The printed pseudocode increments t also at the congestion "
            "step, which adds 2 per past congestion event unless k_j counts that step (see "
            "cycle-rtts). Rule: equal with k_j = increase steps -> reproduced; only with k_j = "
            "growth of t -> partly; neither -> refuted.",
        )
    (x1, x2), ks, aimd_sums = _sums_at_congestion(AIMD(), 4)
    printed_aimd = [
        x1 + x2 + 2 * ks[0],
        (x1 + x2) / 2 + ks[0] + 2 * ks[1],
        (x1 + x2) / 4 + ks[0] + ks[1] + 2 * ks[2],
        (x1 + x2) / 8 + ks[0] + ks[1] + ks[2] + 2 * ks[3],
    ]
    adiffs = [sp.simplify(s - p) for s, p in zip(aimd_sums, printed_aimd, strict=True)]
    first_bad = next((m + 1 for m, d in enumerate(adiffs) if d != 0), None)
    c.add(
        "aimd-comparison-lines",
        "Eqs. 2-4 ('But in the AIMD it is ...')",
        "For AIMD the sum at the m-th congestion event is x/2^(m-1) + k1 + ... + k(m-1) + 2km.",
        "x/4 + k1 + k2 + 2k3 at m = 3",
        f"AIMD(1, 1/2) minus printed: {', '.join(str(d) for d in adiffs)} (m = 1..4); first "
        f"wrong at m = {first_bad}: AIMD has {aimd_sums[2]}",
        verdict_from_checks([d == 0 for d in adiffs]),
        "sympy: AIMD(1, 1/2) on symbols (its own code). AIMD halves the whole window, so k_j "
        "enters the m-th sum as k_j/2^(m-1-j), not k_j: the printed lines hold for m = 1, 2 "
        "only. Rule: all equal -> reproduced; some -> partly.",
    )

    # --- the recurrences ----------------------------------------------------------
    # k_j of Eqs. 1-4 read as the growth of t in cycle j (theorems.new_aimd_recurrences):
    # for the printed reading that is the increase steps plus the decrease step's
    # increment, for the charitable reading the increase steps.
    W = sp.Symbol("W", positive=True)
    for reading in READINGS:
        (x1, x2), ks, sums = _sums_at_congestion(NewAIMD(reading=reading), 4)
        gs = sp.symbols("g1:5", positive=True)
        shift = 1 if reading == "printed" else 0
        to_g = {ks[0]: gs[0], **{ks[j]: gs[j] - shift for j in range(1, 4)}}
        sums_g = [sp.expand(s.subs(to_g)) for s in sums]
        sol = sp.solve([sp.Eq(s, W) for s in sums_g], [x1, *gs[1:]], dict=True)[0]
        k2 = sp.simplify(sol[gs[1]])
        fluid_ok = [
            sp.simplify(k2 - (W - 2 * gs[0]) / 4) == 0,
            sp.simplify(sol[gs[2]] - k2 / 2) == 0,
            sp.simplify(sol[gs[3]] - k2 / 4) == 0,
        ]
        hit = T.find_counterexample(T.new_aimd_recurrences, T.two_flow_grid(16), reading=reading)
        exact = T.new_aimd_recurrences(*EXACT_X, EXACT_W, m=5, reading=reading)
        steps = increase_counts(
            simulate(NewAIMD(reading=reading), list(EXACT_X), EXACT_W, cycles=5, arithmetic="exact")
        )
        hit_text = (
            f"minimal counterexample x = ({hit.inputs['x1']}, {hit.inputs['x2']}), W = "
            f"{hit.inputs['W']}: k = {[str(v) for v in hit.quantities['k']]} vs predicted "
            f"{[str(v) for v in hit.quantities['predicted']]}"
            if hit is not None
            else "no counterexample"
        )
        c.add(
            f"recurrences-{reading}",
            "After Eq. 4; pseudocode",
            "k2 = (W - 2k1)/4 and km = k2/2^(m-2) (m >= 3).",
            "k2 = (W - 2k1)/4, km = k2/2^(m-2)",
            f"{reading}: fluid solution k2 = {str(k2).replace('g', 'k')}; {hit_text}; on x = "
            f"{EXACT_X}, W = {EXACT_W}: k = {[str(v) for v in exact.quantities['k']]} "
            f"(increase steps per cycle {steps[:5]})",
            verdict_from_counterexample(hit is not None, holds_under=all(fluid_ok) and exact.holds),
            "k_j = growth of the accumulated increase t during cycle j (for the printed reading "
            "this includes the increment of the congestion step; with k_j = increase steps only, "
            "the printed reading is off by one every cycle). (1) sympy: the printed equalities "
            "'sum at the m-th event = W' (m = 1..4) from the policy's own code, solved for x1 and "
            f"k2..k4: the recurrences hold in the fluid limit: {all(fluid_ok)}. (2) "
            "theorems.find_counterexample(new_aimd_recurrences) over every 0 < x1 < x2, x1 + x2 "
            "< W <= 16 (order W, x2, x1), exact arithmetic, 4 cycles: windows move in whole steps "
            "and overshoot W, so a predicted k such as 1/2 cannot occur. (3) Condition checked: "
            f"the sum meets W exactly at each event (x = {EXACT_X}, W = {EXACT_W}, m = 5): "
            f"{exact.holds}. Rule: counterexample found; holds under exact equality at every "
            "event if (1) and (3) hold -> partly, else refuted.",
        )
        # "the m-th cycle includes k_m + 1 RTTs", with k_m as in Eqs. 1-4 and the recurrences
        tr = simulate(
            NewAIMD(reading=reading), list(EXACT_X), EXACT_W, cycles=5, arithmetic="exact"
        )
        rtts = [s_ + 1 for s_ in increase_counts(tr)]
        ok = [r == g + 1 for r, g in zip(rtts, exact.quantities["k"], strict=False)]
        c.add(
            f"cycle-rtts-{reading}",
            "Eqs. 1-4 ('the m-th cycle includes k_m + 1 RTTs')",
            "The j-th cycle lasts k_j + 1 RTTs (k_j additive increase steps and one decrease).",
            "k_j + 1 RTTs",
            f"{reading}: RTTs per cycle {rtts} vs k_j + 1 = "
            f"{[str(g + 1) for g in exact.quantities['k'][: len(rtts)]]}",
            verdict_from_checks(ok),
            f"Exact simulation on x = {EXACT_X}, W = {EXACT_W} (the sum meets W at every "
            "event), 5 cycles; k_j as in the recurrences (growth of t per cycle). In the printed "
            "pseudocode t also grows at the congestion step, so the k_j that make Eqs. 1-4 and "
            "the recurrences hold count that step, and a cycle after the first lasts k_j RTTs: "
            "the printed pseudocode cannot satisfy both statements. Rule: every cycle -> "
            "reproduced; some -> partly.",
        )

    # --- the efficiency claim ------------------------------------------------------
    fcp = derive(AIMDFCPlus()).efficiency
    effs = {}
    for reading in READINGS:
        pol = NewAIMD(reading=reading)
        tr = simulate(pol, [1.0, 30.0], 100.0, cycles=300)
        eff = float(metrics.efficiency(tr))
        load = float(metrics.offered_load(tr))
        share = congested_share(tr, 100)
        effs[reading] = eff
        cf = derive(pol)
        c.add(
            f"efficiency-99-{reading}",
            "After the recurrences",
            "The efficiency of New-AIMD is more than 99%.",
            "> 0.99",
            f"{reading}: efficiency {eff:.4f}, offered load {load:.2f}, congested share of the "
            f"last 100 RTTs {share:.2f}",
            verdict_with_caveat(eff > 0.99, share == 1.0),
            "Float simulation, W = 100, windows 1 and 30, 300 congestion events; efficiency = "
            "mean min(sum, W)/W over the second half of the whole cycles. The number is reached "
            "only because the windows' sum never falls below W: every RTT is a congestion "
            "event (a loss in every RTT)"
            + (
                ", and as printed the windows grow without bound (offered load far above 1)"
                if reading == "printed"
                else ""
            )
            + f". symbolic.derive: {cf.reason} Rule: holds, and the caveat (every RTT "
            "congested) verified -> partly.",
        )
    gain_model = effs["charitable"] / float(fcp) - 1
    gain_paper = 0.99 / float(fcp) - 1
    c.add(
        "gain-11-percent",
        "After the recurrences; Discussion",
        "The efficiency of New-AIMD is 11% higher than that of AIMD-FC+.",
        "11%",
        f"model: {gain_model:.2%} (efficiency {effs['charitable']:.4f} / {fcp}); from the "
        f"paper's own 99% and 8/9: {gain_paper:.2%}; as percentage points: "
        f"{99 - 100 * float(fcp):.1f}",
        verdict_from_readings(abs(gain_model - 0.11) <= 0.005, abs(gain_paper - 0.11) <= 0.005),
        "Relative gain = efficiency(New-AIMD)/efficiency(AIMD-FC+) - 1, AIMD-FC+'s 8/9 from "
        "symbolic.derive, New-AIMD's from the simulation above (charitable; the printed "
        "reading gives the same). The paper's '11%' is the relative gain of 99% over 88.9%; "
        "the model's New-AIMD sits at 100%. Rule: model within 0.5 point of "
        "11% -> reproduced; only the paper's own arithmetic -> partly.",
    )
    c.add(
        "aimd-fc-plus-88.9",
        "Sec. 'The AIMD system model' (quoting seed 003)",
        "Lahanas developed the efficiency of AIMD to 88.9% with AIMD-FC+.",
        "88.9%",
        f"{fcp} = {float(fcp):.4%}",
        verdict_from_tolerance(float(fcp), 0.889, 0.0005),
        "symbolic.derive(AIMDFCPlus(a=1, b=1/2, f=1/2)).efficiency, exact fluid limit. Rule: "
        "tolerance 0.0005 (the printed rounding).",
    )

    # --- greater efficiency and fairness than AIMD-FC+ (Introduction) -----------------
    tr_fcp = simulate(AIMDFCPlus(), [1, 30], 100, cycles=40, arithmetic="exact")
    fcp_steps = metrics.steps_to_fairness(tr_fcp, eps=1)
    parts, shares_, text = [], [], []
    for reading in READINGS:
        tr = simulate(NewAIMD(reading=reading), [1, 30], 100, cycles=40, arithmetic="exact")
        st = metrics.steps_to_fairness(tr, eps=1)
        parts += [effs[reading] > float(fcp), st is not None and st < fcp_steps]
        shares_.append(congested_share(tr, 20))
        text.append(f"{reading}: efficiency {effs[reading]:.4f}, {st} steps to fairness")
    c.add(
        "better-than-fcplus",
        "Introduction",
        "New-AIMD obtains greater efficiency and fairness than AIMD-FC+.",
        "higher efficiency, faster fairness",
        "; ".join(text) + f"; AIMD-FC+: efficiency {fcp}, {fcp_steps} steps to fairness "
        f"(x = (1, 30), W = 100); congested share of the last 20 RTTs {shares_}",
        verdict_with_caveat(all(parts), all(s_ == 1.0 for s_ in shares_)),
        "Efficiencies as in efficiency-99 and symbolic.derive; exact simulations for the steps "
        "until the windows stay within 1 packet. Both readings halve the gap at each congestion "
        "event like AIMD-FC+, but their cycles shrink to one RTT, so they get there in fewer "
        "RTTs; both numbers come with a loss in every RTT. Rule: both better, with the caveat "
        "verified -> partly.",
    )

    # --- packets per cycle ---------------------------------------------------------
    k1s, Ws, x12 = sp.symbols("k1 W x12", positive=True)
    first = (k1s + 1) * (x12 + 2 * k1s)
    second = (1 + k1s) * (Ws - k1s)
    gap = sp.factor(first.subs(x12, Ws - 2 * k1s) - second)
    per_reading = []
    detail = []
    for reading in READINGS:
        tr = simulate(
            NewAIMD(reading=reading), list(EXACT_X), EXACT_W, cycles=5, arithmetic="exact"
        )
        cs = [int(v) for v in tr.congestion_steps]
        starts = [0] + [x + 1 for x in cs[:-1]]
        ks_ = increase_counts(tr)
        for j, (a, b) in enumerate(zip(starts, cs, strict=True)):
            delivered = sum(tr.totals[a : b + 1])
            formula = (1 + ks_[j]) * (EXACT_W - ks_[j])
            per_reading.append(delivered == formula)
            if delivered != formula:
                detail.append(f"{reading} cycle {j + 1}: {delivered} vs {formula}")
    c.add(
        "packets-per-cycle",
        "Total number of packets in different cycles",
        "The m-th cycle produces (1 + k_m)(W - k_m) packets; the first is also written "
        "(k1 + 1)(x1 + x2 + 2k1).",
        "(1 + k_m)(W - k_m)",
        f"first form minus second = {gap} (with x1 + x2 + 2k1 = W); simulation: "
        f"{sum(per_reading)} of {len(per_reading)} cycles match"
        + (f" ({'; '.join(detail)})" if detail else ""),
        verdict_from_checks([gap == 0, *per_reading]),
        f"sympy for the two printed forms of cycle 1; exact simulation of both readings on x = "
        f"{EXACT_X}, W = {EXACT_W} (the sum meets W exactly), packets of a cycle = sum of the "
        "windows' sum over its k_m + 1 steps. The first printed form counts every step at the "
        "peak W and overcounts by k1(k1 + 1); the second is right where the sum meets W "
        "exactly. Rule: all checks -> reproduced; some -> partly.",
    )

    # --- the model's view of the paper's own conclusion --------------------------------
    shares = {}
    for reading in READINGS:
        tr = simulate(NewAIMD(reading=reading), [1, 30], 100, cycles=40, arithmetic="exact")
        shares[reading] = congested_share(tr, 20)
    c.add(
        "avoids-congestion",
        "Conclusion",
        "New-AIMD reduces the average queue length and avoids the network congestion.",
        "no persistent congestion",
        ", ".join(f"{r}: {s:.0%} of the last 20 RTTs congested" for r, s in shares.items()),
        verdict_from_counterexample(
            any(s == 1.0 for s in shares.values()),
            holds_under=any(s < 1.0 for s in shares.values()),
        ),
        "Exact simulation of both readings, W = 100, windows 1 and 30, 40 congestion events. "
        "In the model New-AIMD never leaves congestion once the initial windows have decayed: "
        "the charitable reading holds the sum at W with a loss in every RTT, the printed one "
        "grows without bound. (The paper's statement comes from NCTUns; in the model the "
        "algorithm as specified does the opposite.) Rule: persistent congestion is a "
        "counterexample; holds under neither reading -> refuted.",
    )

    # --- NCTUns results --------------------------------------------------------------
    verdict, missing = verdict_outside_model(
        [
            "NCTUns measurement",
            "link utilization with ACK traffic on full-duplex links",
            "TCP-SACK loss recovery",
            "DropTail queue (100 packets)",
        ]
    )
    c.add(
        "utilization-94",
        "Discussion; Conclusion; Figs. 9, 11",
        "More than 94% bottleneck utilization, 11% higher than AIMD-FC+.",
        "> 94%; +11%",
        f"model: utilization (efficiency) {effs['charitable']:.4f} for New-AIMD, "
        f"{float(fcp):.4f} for AIMD-FC+; 94%/1.11 would put AIMD-FC+ at {0.94 / 1.11:.1%}",
        verdict,
        f"The model has no variable for: {', '.join(missing)}. It can say: the model's "
        "utilization of New-AIMD is 100% (with a loss every RTT) and of AIMD-FC+ 8/9. What "
        "would decide the measured 94%: the NCTUns set-up (100 Mbps dumbbell, DropTail 100 "
        "packets, 2-32 flows, 100 MB transfers), or a round-based model with that queue.",
    )
    verdict, missing = verdict_outside_model(
        ["queueing delay", "NCTUns measurement", "transfer time of 100 MB"]
    )
    c.add(
        "delay-12-percent",
        "Discussion; Conclusion; Figs. 7, 8, 10",
        "The time to transmit 100 MB (end-to-end delay) is about 12% less than with AIMD-FC+.",
        "about 12% less",
        f"model: if throughput = efficiency x B, transfer time ratio New-AIMD/AIMD-FC+ = "
        f"{float(fcp) / effs['charitable']:.4f} ({1 - float(fcp) / effs['charitable']:.1%} less)",
        verdict,
        f"The model has no variable for: {', '.join(missing)}; it has no queue, so no queueing "
        "delay. It can only say that New-AIMD's 100% against AIMD-FC+'s 8/9 would shorten a "
        "transfer by the fraction above if every packet sent were delivered, which New-AIMD's "
        "loss in every RTT "
        "denies. What would decide it: a model with a queue and losses (goodput), or the "
        "NCTUns runs.",
    )

    # --- Eqs. 5-6 ---------------------------------------------------------------------
    tr = simulate(AIMD(), [1, 30], 100, cycles=12, arithmetic="exact")
    kept = metrics.whole_cycles(tr)
    idx = [t for a, b in kept for t in range(a, b + 1)]
    f = sum(min(tr.totals[t], tr.capacity) for t in idx)  # packets delivered
    delta = len(idx)  # RTTs
    r = f / delta  # Eq. 5
    pu = r / tr.capacity  # Eq. 6 with B = W packets per RTT
    same = pu == metrics.efficiency(tr)
    bits_per_mb, bits_per_mbit, bits_per_s = 8 * 10**6, 10**6, 100 * 10**6
    units_ok = Fraction(bits_per_mb, bits_per_mbit) == 1  # f in MB over B in Mbps
    t_min = Fraction(100 * bits_per_mb, bits_per_s)
    c.add(
        "eqs5-6",
        "Eqs. 5-6",
        "r = f/Delta is the transfer throughput and pu = r/B the bandwidth utilization.",
        "pu = utilization",
        f"model: pu = {float(pu):.6f} = efficiency {float(metrics.efficiency(tr)):.6f} "
        f"(exact, equal: {same}); units as used: f in "
        f"MB, B in Mbps -> pu needs a factor 8 (100 MB at 100 Mbps takes >= {t_min} s)",
        verdict_from_checks([same, units_ok]),
        "Exact simulation of AIMD(1, 1/2), W = 100, windows 1 and 30, 12 cycles: f = packets "
        "delivered (sum of min(sum, W)) over the kept whole cycles, Delta = their RTTs, B = W: "
        "Eq. 6 equals aimdmodel's efficiency exactly. The paper's units (f = 100 MB bytes, B "
        "= 100 Mbps bits) make r/B off by a factor 8 unless converted; the 'maximum load "
        "12000 KB per time' is also unit-less. Rule: all parts -> reproduced; the unit part "
        "fails -> partly.",
    )

    # --- the pseudocode's long-run behaviour, per reading -----------------------------
    for reading in READINGS:
        tr = simulate(NewAIMD(reading=reading), [1, 30], 100, cycles=60, arithmetic="exact")
        gap_end = abs(tr.windows[-1][1] - tr.windows[-1][0])
        peak = max(tr.totals[-10:])
        bounded = peak <= 2 * tr.capacity
        c.add(
            f"pseudocode-{reading}",
            "New-AIMD pseudocode; 'Theorem'",
            "New-AIMD(x1, x2, W) converges: at the m-th cycle all flows share a fair allocation "
            "of the network resources (equilibrium).",
            "fair and at equilibrium",
            f"{reading}: |w2 - w1| = {float(gap_end):.3g} after 60 events; windows' sum over the "
            f"last 10 RTTs up to {float(peak):.4g} (W = 100); congested share of the last 20 "
            f"RTTs {congested_share(tr, 20):.0%}",
            verdict_with_caveat(gap_end < 1 and bounded, congested_share(tr, 20) == 1.0),
            "Exact simulation, W = 100, windows 1 and 30, 60 congestion events. Fair: the "
            "difference of the windows halves at every event in both readings. Equilibrium: the "
            "sum stays within 2W. As printed, t grows at every RTT once every RTT is congested, "
            "so the windows grow without bound; the charitable reading holds the sum at W. "
            "Rule: fair and bounded, with the caveat 'every one of the last 20 RTTs congested' "
            "-> partly; not both -> refuted.",
        )
    return c.claims
