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
The paper's numbers come from :mod:`papers.jasem2010`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import sympy as sp

from aimdmodel import AIMD, AIMDFCPlus, NewAIMD, metrics, simulate
from aimdmodel.statements import find_counterexample, two_flow_grid
from aimdmodel.symbolic import derive
from papers import jasem2010 as P

from ._build import build, claim
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
BY_READING = [{"reading": r} for r in READINGS]

# An instance where the windows' sum meets W exactly at each of the first congestion
# events (x1 + x2 = 32 = 2^5, W - 32 even): the paper's equalities then hold.
EXACT_X, EXACT_W = (12, 20), 100


def checks() -> list:
    """The claims of this paper, in ledger order."""
    return build(KEY)


# --------------------------------------------------------------------------
# shared set-up (computed once)
# --------------------------------------------------------------------------
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


@cache
def _new_aimd_sums(reading: str):
    return _sums_at_congestion(NewAIMD(reading=reading), 4)


@cache
def _fcp():
    """AIMD-FC+'s derived efficiency (8/9)."""
    return derive(AIMDFCPlus()).efficiency


@cache
def _exact_run(reading: str):
    """Exact run on EXACT_X, EXACT_W (the sum meets W at every event), 5 cycles."""
    return simulate(NewAIMD(reading=reading), list(EXACT_X), EXACT_W, cycles=5,
                    arithmetic="exact")


@cache
def _exact_recurrences(reading: str):
    return P.new_aimd_recurrences(*EXACT_X, EXACT_W, m=5, reading=reading)


@cache
def _run40(reading: str):
    """Exact run from windows 1 and 30, W = 100, 40 congestion events."""
    return simulate(NewAIMD(reading=reading), [1, 30], 100, cycles=40, arithmetic="exact")


@cache
def _float_run(reading: str) -> dict:
    """Float run, W = 100, windows 1 and 30, 300 congestion events."""
    tr = simulate(NewAIMD(reading=reading), [1.0, 30.0], 100.0, cycles=300)
    return {"efficiency": float(metrics.efficiency(tr)),
            "load": float(metrics.offered_load(tr)),
            "share": metrics.congested_share(tr, 100)}


def _eff(reading: str) -> float:
    return _float_run(reading)["efficiency"]


# --------------------------------------------------------------------------
# Eqs. 1-4, the recurrences, the cycle length
# --------------------------------------------------------------------------
@claim(KEY, "eqs1-4-{reading}", "Eqs. 1-4",
       "At the m-th congestion event the two windows sum to x1/2^(m-1) + x2/2^(m-1) + "
       "2k1 + ... + 2km.", cases=BY_READING)
def eqs1_4(reading):
    (x1, x2), ks, sums = _new_aimd_sums(reading)
    printed = [(x1 + x2) / 2**m + 2 * sum(ks[: m + 1]) for m in range(4)]
    diffs = [sp.simplify(s - p) for s, p in zip(sums, printed, strict=True)]
    # alternative count: k_j = growth of t in cycle j (increase steps, plus the
    # congestion step's increment in the printed reading)
    shift = 1 if reading == "printed" else 0
    to_growth = {ks[j]: ks[j] - shift for j in range(1, 4)}
    alt = [sp.simplify(s.subs(to_growth) - p) for s, p in zip(sums, printed, strict=True)]
    return (
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


@claim(KEY, "aimd-comparison-lines", "Eqs. 2-4 ('But in the AIMD it is ...')",
       "For AIMD the sum at the m-th congestion event is x/2^(m-1) + k1 + ... + k(m-1) + 2km.")
def aimd_comparison_lines():
    (x1, x2), ks, aimd_sums = _sums_at_congestion(AIMD(), 4)
    printed = [(x1 + x2) / 2**m + sum(ks[:m]) + 2 * ks[m] for m in range(4)]
    adiffs = [sp.simplify(s - p) for s, p in zip(aimd_sums, printed, strict=True)]
    first_bad = next((m + 1 for m, d in enumerate(adiffs) if d != 0), None)
    return (
        "x/4 + k1 + k2 + 2k3 at m = 3",
        f"AIMD(1, 1/2) minus printed: {', '.join(str(d) for d in adiffs)} (m = 1..4); first "
        f"wrong at m = {first_bad}: AIMD has {aimd_sums[2]}",
        verdict_from_checks([d == 0 for d in adiffs]),
        "sympy: AIMD(1, 1/2) on symbols (its own code). AIMD halves the whole window, so k_j "
        "enters the m-th sum as k_j/2^(m-1-j), not k_j: the printed lines hold for m = 1, 2 "
        "only. Rule: all equal -> reproduced; some -> partly.",
    )


def _fluid_recurrences(reading: str) -> tuple:
    """The printed equalities 'sum at the m-th event = W' (m = 1..4), solved for x1 and
    k2..k4 (k_j = growth of t in cycle j): k2, and whether the recurrences hold."""
    (x1, _x2), ks, sums = _new_aimd_sums(reading)
    W = sp.Symbol("W", positive=True)
    gs = sp.symbols("g1:5", positive=True)
    shift = 1 if reading == "printed" else 0
    to_g = {ks[0]: gs[0], **{ks[j]: gs[j] - shift for j in range(1, 4)}}
    sums_g = [sp.expand(s.subs(to_g)) for s in sums]
    sol = sp.solve([sp.Eq(s, W) for s in sums_g], [x1, *gs[1:]], dict=True)[0]
    k2 = sp.simplify(sol[gs[1]])
    ok = [
        sp.simplify(k2 - (W - 2 * gs[0]) / 4) == 0,
        sp.simplify(sol[gs[2]] - k2 / 2) == 0,
        sp.simplify(sol[gs[3]] - k2 / 4) == 0,
    ]
    return k2, all(ok)


def _recurrences(reading):
    k2, fluid_ok = _fluid_recurrences(reading)
    hit = find_counterexample(P.new_aimd_recurrences, two_flow_grid(16), reading=reading)
    exact = _exact_recurrences(reading)
    steps = metrics.increase_counts(_exact_run(reading))
    hit_text = (
        f"minimal counterexample x = ({hit.inputs['x1']}, {hit.inputs['x2']}), W = "
        f"{hit.inputs['W']}: k = {[str(v) for v in hit.quantities['k']]} vs predicted "
        f"{[str(v) for v in hit.quantities['predicted']]}"
        if hit is not None
        else "no counterexample"
    )
    return (
        "k2 = (W - 2k1)/4, km = k2/2^(m-2)",
        f"{reading}: fluid solution k2 = {str(k2).replace('g', 'k')}; {hit_text}; on x = "
        f"{EXACT_X}, W = {EXACT_W}: k = {[str(v) for v in exact.quantities['k']]} "
        f"(increase steps per cycle {steps[:5]})",
        verdict_from_counterexample(hit is not None, holds_under=fluid_ok and exact.holds),
        "k_j = growth of the accumulated increase t during cycle j (for the printed reading "
        "this includes the increment of the congestion step; with k_j = increase steps only, "
        "the printed reading is off by one every cycle). (1) sympy: the printed equalities "
        "'sum at the m-th event = W' (m = 1..4) from the policy's own code, solved for x1 and "
        f"k2..k4: the recurrences hold in the fluid limit: {fluid_ok}. (2) "
        "aimdmodel.statements.find_counterexample(papers.jasem2010.new_aimd_recurrences) over "
        "every 0 < x1 < x2, x1 + x2 < W <= 16 (order W, x2, x1), exact arithmetic, 4 cycles: "
        "windows move in whole steps "
        "and overshoot W, so a predicted k such as 1/2 cannot occur. (3) Condition checked: "
        f"the sum meets W exactly at each event (x = {EXACT_X}, W = {EXACT_W}, m = 5): "
        f"{exact.holds}. Rule: counterexample found; holds under exact equality at every "
        "event if (1) and (3) hold -> partly, else refuted.",
    )


def _cycle_rtts(reading):
    rtts = [s + 1 for s in metrics.increase_counts(_exact_run(reading))]
    k = _exact_recurrences(reading).quantities["k"]
    ok = [r == g + 1 for r, g in zip(rtts, k, strict=False)]
    return (
        "k_j + 1 RTTs",
        f"{reading}: RTTs per cycle {rtts} vs k_j + 1 = {[str(g + 1) for g in k[: len(rtts)]]}",
        verdict_from_checks(ok),
        f"Exact simulation on x = {EXACT_X}, W = {EXACT_W} (the sum meets W at every "
        "event), 5 cycles; k_j as in the recurrences (growth of t per cycle). In the printed "
        "pseudocode t also grows at the congestion step, so the k_j that make Eqs. 1-4 and "
        "the recurrences hold count that step, and a cycle after the first lasts k_j RTTs: "
        "the printed pseudocode cannot satisfy both statements. Rule: every cycle -> "
        "reproduced; some -> partly.",
    )


# the recurrences and the cycle length, reading by reading (the ledger's order)
for _reading in READINGS:
    claim(KEY, f"recurrences-{_reading}", "After Eq. 4; pseudocode",
          "k2 = (W - 2k1)/4 and km = k2/2^(m-2) (m >= 3).",
          cases=[{"reading": _reading}])(_recurrences)
    claim(KEY, f"cycle-rtts-{_reading}", "Eqs. 1-4 ('the m-th cycle includes k_m + 1 RTTs')",
          "The j-th cycle lasts k_j + 1 RTTs (k_j additive increase steps and one decrease).",
          cases=[{"reading": _reading}])(_cycle_rtts)


# --------------------------------------------------------------------------
# the efficiency claims
# --------------------------------------------------------------------------
@claim(KEY, "efficiency-99-{reading}", "After the recurrences",
       f"The efficiency of New-AIMD is more than {float(P.EFFICIENCY_CLAIMED):.0%}.",
       cases=BY_READING)
def efficiency_99(reading):
    run = _float_run(reading)
    eff, share = run["efficiency"], run["share"]
    printed_note = (", and as printed the windows grow without bound (offered load far above 1)"
                    if reading == "printed" else "")
    return (
        f"> {float(P.EFFICIENCY_CLAIMED)}",
        f"{reading}: efficiency {eff:.4f}, offered load {run['load']:.2f}, congested share of "
        f"the last 100 RTTs {share:.2f}",
        verdict_with_caveat(eff > float(P.EFFICIENCY_CLAIMED), share == 1.0),
        "Float simulation, W = 100, windows 1 and 30, 300 congestion events; efficiency = "
        "mean min(sum, W)/W over the second half of the whole cycles. The number is reached "
        "only because the windows' sum never falls below W: every RTT is a congestion "
        f"event (a loss in every RTT){printed_note}. symbolic.derive: "
        f"{derive(NewAIMD(reading=reading)).reason} Rule: holds, and the caveat (every RTT "
        "congested) verified -> partly.",
    )


@claim(KEY, "gain-11-percent", "After the recurrences; Discussion",
       f"The efficiency of New-AIMD is {float(P.GAIN_OVER_FCPLUS):.0%} higher than that of "
       "AIMD-FC+.")
def gain_11_percent():
    fcp, claimed, gain = _fcp(), float(P.EFFICIENCY_CLAIMED), float(P.GAIN_OVER_FCPLUS)
    gain_model = _eff("charitable") / float(fcp) - 1
    gain_paper = claimed / float(fcp) - 1
    return (
        f"{gain:.0%}",
        f"model: {gain_model:.2%} (efficiency {_eff('charitable'):.4f} / {fcp}); from the "
        f"paper's own {claimed:.0%} and {fcp}: {gain_paper:.2%}; as percentage points: "
        f"{float(100 * P.EFFICIENCY_CLAIMED) - 100 * float(fcp):.1f}",
        verdict_from_readings(abs(gain_model - gain) <= 0.005, abs(gain_paper - gain) <= 0.005),
        "Relative gain = efficiency(New-AIMD)/efficiency(AIMD-FC+) - 1, AIMD-FC+'s 8/9 from "
        "symbolic.derive, New-AIMD's from the simulation above (charitable; the printed "
        "reading gives the same). The paper's '11%' is the relative gain of 99% over 88.9%; "
        "the model's New-AIMD sits at 100%. Rule: model within 0.5 point of "
        "11% -> reproduced; only the paper's own arithmetic -> partly.",
    )


@claim(KEY, "aimd-fc-plus-88.9", "Sec. 'The AIMD system model' (quoting seed 003)",
       f"Lahanas developed the efficiency of AIMD to {float(P.FCPLUS_QUOTED):.1%} with AIMD-FC+.")
def aimd_fc_plus_889():
    fcp = _fcp()
    return (
        f"{float(P.FCPLUS_QUOTED):.1%}",
        f"{fcp} = {float(fcp):.4%}",
        verdict_from_tolerance(float(fcp), float(P.FCPLUS_QUOTED), 0.0005),
        "symbolic.derive(AIMDFCPlus(a=1, b=1/2, f=1/2)).efficiency, exact fluid limit. Rule: "
        "tolerance 0.0005 (the printed rounding).",
    )


@claim(KEY, "better-than-fcplus", "Introduction",
       "New-AIMD obtains greater efficiency and fairness than AIMD-FC+.")
def better_than_fcplus():
    fcp = _fcp()
    tr_fcp = simulate(AIMDFCPlus(), [1, 30], 100, cycles=40, arithmetic="exact")
    fcp_steps = metrics.steps_to_fairness(tr_fcp, eps=1)
    parts, shares, text = [], [], []
    for reading in READINGS:
        tr = _run40(reading)
        st = metrics.steps_to_fairness(tr, eps=1)
        parts += [_eff(reading) > float(fcp), st is not None and st < fcp_steps]
        shares.append(metrics.congested_share(tr, 20))
        text.append(f"{reading}: efficiency {_eff(reading):.4f}, {st} steps to fairness")
    return (
        "higher efficiency, faster fairness",
        "; ".join(text) + f"; AIMD-FC+: efficiency {fcp}, {fcp_steps} steps to fairness "
        f"(x = (1, 30), W = 100); congested share of the last 20 RTTs {shares}",
        verdict_with_caveat(all(parts), all(s == 1.0 for s in shares)),
        "Efficiencies as in efficiency-99 and symbolic.derive; exact simulations for the steps "
        "until the windows stay within 1 packet. Both readings halve the gap at each congestion "
        "event like AIMD-FC+, but their cycles shrink to one RTT, so they get there in fewer "
        "RTTs; both numbers come with a loss in every RTT. Rule: both better, with the caveat "
        "verified -> partly.",
    )


# --------------------------------------------------------------------------
# packets per cycle, the conclusion, the NCTUns results, Eqs. 5-6, the pseudocode
# --------------------------------------------------------------------------
def _cycle_packets(reading: str) -> list[tuple[int, object, object]]:
    """(cycle, delivered, (1 + k)(W - k)) for every cycle of the exact run, the first one
    (from step 0) included: delivered = sum of the windows' sum over its k + 1 steps."""
    tr = _exact_run(reading)
    cs = [int(v) for v in tr.congestion_steps]
    starts = [0] + [c + 1 for c in cs[:-1]]
    ks = metrics.increase_counts(tr)
    return [(j + 1, sum(tr.totals[a : b + 1]), (1 + ks[j]) * (EXACT_W - ks[j]))
            for j, (a, b) in enumerate(zip(starts, cs, strict=True))]


@claim(KEY, "packets-per-cycle", "Total number of packets in different cycles",
       "The m-th cycle produces (1 + k_m)(W - k_m) packets; the first is also written "
       "(k1 + 1)(x1 + x2 + 2k1).")
def packets_per_cycle():
    k1s, Ws, x12 = sp.symbols("k1 W x12", positive=True)
    first = (k1s + 1) * (x12 + 2 * k1s)
    second = (1 + k1s) * (Ws - k1s)
    gap = sp.factor(first.subs(x12, Ws - 2 * k1s) - second)
    ok, detail = [], []
    for reading in READINGS:
        for j, delivered, formula in _cycle_packets(reading):
            ok.append(delivered == formula)
            if delivered != formula:
                detail.append(f"{reading} cycle {j}: {delivered} vs {formula}")
    return (
        "(1 + k_m)(W - k_m)",
        f"first form minus second = {gap} (with x1 + x2 + 2k1 = W); simulation: "
        f"{sum(ok)} of {len(ok)} cycles match" + (f" ({'; '.join(detail)})" if detail else ""),
        verdict_from_checks([gap == 0, *ok]),
        f"sympy for the two printed forms of cycle 1; exact simulation of both readings on x = "
        f"{EXACT_X}, W = {EXACT_W} (the sum meets W exactly), packets of a cycle = sum of the "
        "windows' sum over its k_m + 1 steps. The first printed form counts every step at the "
        "peak W and overcounts by k1(k1 + 1); the second is right where the sum meets W "
        "exactly. Rule: all checks -> reproduced; some -> partly.",
    )


@claim(KEY, "avoids-congestion", "Conclusion",
       "New-AIMD reduces the average queue length and avoids the network congestion.")
def avoids_congestion():
    shares = {r: metrics.congested_share(_run40(r), 20) for r in READINGS}
    return (
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


@claim(KEY, "utilization-94", "Discussion; Conclusion; Figs. 9, 11",
       f"More than {float(P.UTILIZATION):.0%} bottleneck utilization, "
       f"{float(P.GAIN_OVER_FCPLUS):.0%} higher than AIMD-FC+.")
def utilization_94():
    verdict, missing = verdict_outside_model(
        ["NCTUns measurement", "link utilization with ACK traffic on full-duplex links",
         "TCP-SACK loss recovery", "DropTail queue (100 packets)"]
    )
    util, gain = float(P.UTILIZATION), float(P.GAIN_OVER_FCPLUS)
    return (
        f"> {util:.0%}; +{gain:.0%}",
        f"model: utilization (efficiency) {_eff('charitable'):.4f} for New-AIMD, "
        f"{float(_fcp()):.4f} for AIMD-FC+; {util:.0%}/{1 + gain} would put AIMD-FC+ at "
        f"{util / (1 + gain):.1%}",
        verdict,
        f"The model has no variable for: {', '.join(missing)}. It can say: the model's "
        "utilization of New-AIMD is 100% (with a loss every RTT) and of AIMD-FC+ 8/9. What "
        "would decide the measured 94%: the NCTUns set-up (100 Mbps dumbbell, DropTail 100 "
        "packets, 2-32 flows, 100 MB transfers), or a round-based model with that queue.",
    )


@claim(KEY, "delay-12-percent", "Discussion; Conclusion; Figs. 7, 8, 10",
       f"The time to transmit {P.TRANSFER_MB} MB (end-to-end delay) is about "
       f"{float(P.DELAY_REDUCTION):.0%} less than with AIMD-FC+.")
def delay_12_percent():
    verdict, missing = verdict_outside_model(
        ["queueing delay", "NCTUns measurement", f"transfer time of {P.TRANSFER_MB} MB"]
    )
    ratio = float(_fcp()) / _eff("charitable")
    return (
        f"about {float(P.DELAY_REDUCTION):.0%} less",
        f"model: if throughput = efficiency x B, transfer time ratio New-AIMD/AIMD-FC+ = "
        f"{ratio:.4f} ({1 - ratio:.1%} less)",
        verdict,
        f"The model has no variable for: {', '.join(missing)}; it has no queue, so no queueing "
        "delay. It can only say that New-AIMD's 100% against AIMD-FC+'s 8/9 would shorten a "
        "transfer by the fraction above if every packet sent were delivered, which New-AIMD's "
        "loss in every RTT denies. What would decide it: a model with a queue and losses "
        "(goodput), or the NCTUns runs.",
    )


@claim(KEY, "eqs5-6", "Eqs. 5-6",
       "r = f/Delta is the transfer throughput and pu = r/B the bandwidth utilization.")
def eqs5_6():
    tr = simulate(AIMD(), [1, 30], 100, cycles=12, arithmetic="exact")
    idx = [t for a, b in metrics.whole_cycles(tr) for t in range(a, b + 1)]
    f = sum(min(tr.totals[t], tr.capacity) for t in idx)  # packets delivered
    r = f / len(idx)  # Eq. 5: Delta = the RTTs
    pu = r / tr.capacity  # Eq. 6 with B = W packets per RTT
    same = pu == metrics.efficiency(tr)
    bits_per_mb, bits_per_mbit = 8 * 10**6, 10**6
    units_ok = Fraction(bits_per_mb, bits_per_mbit) == 1  # f in MB over B in Mbps
    t_min = Fraction(P.TRANSFER_MB * bits_per_mb, P.LINK_MBPS * bits_per_mbit)
    return (
        "pu = utilization",
        f"model: pu = {float(pu):.6f} = efficiency {float(metrics.efficiency(tr)):.6f} "
        f"(exact, equal: {same}); units as used: f in MB, B in Mbps -> pu needs a factor 8 "
        f"({P.TRANSFER_MB} MB at {P.LINK_MBPS} Mbps takes >= {t_min} s)",
        verdict_from_checks([same, units_ok]),
        "Exact simulation of AIMD(1, 1/2), W = 100, windows 1 and 30, 12 cycles: f = packets "
        "delivered (sum of min(sum, W)) over the kept whole cycles, Delta = their RTTs, B = W: "
        "Eq. 6 equals aimdmodel's efficiency exactly. The paper's units (f = 100 MB bytes, B "
        "= 100 Mbps bits) make r/B off by a factor 8 unless converted; the 'maximum load "
        "12000 KB per time' is also unit-less. Rule: all parts -> reproduced; the unit part "
        "fails -> partly.",
    )


@claim(KEY, "pseudocode-{reading}", "New-AIMD pseudocode; 'Theorem'",
       "New-AIMD(x1, x2, W) converges: at the m-th cycle all flows share a fair allocation "
       "of the network resources (equilibrium).", cases=BY_READING)
def pseudocode(reading):
    tr = simulate(NewAIMD(reading=reading), [1, 30], 100, cycles=60, arithmetic="exact")
    gap_end = abs(tr.windows[-1][1] - tr.windows[-1][0])
    peak = max(tr.totals[-10:])
    share = metrics.congested_share(tr, 20)
    return (
        "fair and at equilibrium",
        f"{reading}: |w2 - w1| = {float(gap_end):.3g} after 60 events; windows' sum over the "
        f"last 10 RTTs up to {float(peak):.4g} (W = 100); congested share of the last 20 "
        f"RTTs {share:.0%}",
        verdict_with_caveat(gap_end < 1 and peak <= 2 * tr.capacity, share == 1.0),
        "Exact simulation, W = 100, windows 1 and 30, 60 congestion events. Fair: the "
        "difference of the windows halves at every event in both readings. Equilibrium: the "
        "sum stays within 2W. As printed, t grows at every RTT once every RTT is congested, "
        "so the windows grow without bound; the charitable reading holds the sum at W. "
        "Rule: fair and bounded, with the caveat 'every one of the last 20 RTTs congested' "
        "-> partly; not both -> refuted.",
    )
