"""Claims of Reddy, Sireesha & Kumar, "The general comparison between AIMD and
AIAD congestion control algorithms" (seed 004).

The paper's results are NS-2 runs (Reno/SACK, DropTail/RED, 13 bandwidth
variations), outside the synchronous model. What the model decides: the
Chiu-Jain statement it quotes (AIMD as the only fair and stable linear
choice), AIAD's fairness under synchronous feedback and under per-flow
feedback, the small multiplicative decrease that makes AIAD fair, and the
internal consistency of the paper's robustness scores d_a(e), C_a, D_a, its
fairness metric, its parameter bounds and its appendix tables (quoted in
:mod:`papers.reddy_aiad`).
"""

from __future__ import annotations

import itertools
from decimal import Decimal
from fractions import Fraction
from functools import cache

import numpy as np
import sympy as sp

from aimdmodel import AIAD, AIMD, MIAD, MIMD, LinearControl, metrics, simulate
from papers import reddy_aiad as P

from ._build import build, claim
from .ledger import (
    verdict_from_checks,
    verdict_from_counterexample,
    verdict_from_readings,
    verdict_from_tolerance,
    verdict_outside_model,
)

KEY = "reddy-aiad"
TITLE = "Reddy, Sireesha & Kumar, The general comparison between AIMD and AIAD (seed 004)"

W = 100.0
X0 = [1.0, 30.0]
CYCLES = 300
FAIR_SPREAD = 1e-3  # spread (g_max - g_min)/g_avg at the last congestion events
ROUND = Fraction(5, 1000)  # the tables print two decimals


def checks() -> list:
    """The claims of this paper, in ledger order."""
    return build(KEY)


@cache
def _judge(policy, cycles=CYCLES):
    """Float run from X0 at W; fair = spread of the windows at the last 40 congestion events
    below FAIR_SPREAD; stable = the sum stays in (0, 2W] over the last 200 steps and the
    long-run efficiency is positive."""
    tr = simulate(policy, X0, W, cycles=cycles)
    ev = tr.congestion_steps[-40:]
    spread = float(np.max(metrics.spread(tr.windows[ev])))
    tail = tr.windows[-200:].sum(axis=-1)
    eff = float(metrics.efficiency(tr))
    stable = bool(tail.max() <= 2 * W and eff > 0)
    return spread <= FAIR_SPREAD, stable, spread, eff, float(tail.max())


def _p(params: tuple) -> str:
    return "(" + ", ".join(str(x) for x in params) + ")"


def _appendix_rows():
    for setting, fams in P.APPENDIX.items():
        for fam, rows in fams.items():
            for params, (d, cc) in rows.items():
                yield setting, fam, params, Fraction(d), Fraction(cc)


# --------------------------------------------------------------------------
# Chiu-Jain as quoted, AIAD's fairness
# --------------------------------------------------------------------------
CANONICAL = {
    "AIMD(1, 1/2)": AIMD(),
    "AIAD(1, 1)": AIAD(),
    "MIMD(11/10, 1/2)": MIMD(c=Fraction(11, 10)),
    "MIAD(11/10, 1)": MIAD(c=Fraction(11, 10)),
}
SEARCH = [
    LinearControl(a_i=1, b_i=bi, a_d=0, b_d=Fraction(1, 2))
    for bi in (Fraction(9, 8), Fraction(5, 4), Fraction(3, 2), Fraction(2))
] + [LinearControl(a_i=1, b_i=1, a_d=-1, b_d=bd) for bd in (Fraction(9, 10), Fraction(99, 100))]


@claim(KEY, "aimd-only-fair-stable", "Sec. 1 (quoting Chiu & Jain [3])",
       "In the synchronous model with static bandwidth AIMD is the only fair and stable linear "
       "choice.")
def aimd_only_fair_stable():
    canon = {name: _judge(p) for name, p in CANONICAL.items()}
    only_aimd = [n for n, (fair, stable, *_) in canon.items() if fair and stable] == [
        "AIMD(1, 1/2)"
    ]
    found = next(((p, *_judge(p)[2:]) for p in SEARCH if all(_judge(p)[:2])), None)
    canon_text = "; ".join(
        f"{n}: fair={f}, stable={s}, spread={sp_:.3g}, efficiency={e:.3f}"
        for n, (f, s, sp_, e, _t) in canon.items()
    )
    return (
        "only AIMD is fair and stable",
        (
            f"counterexample {found[0]!r}: spread {found[1]:.2g}, efficiency {found[2]:.3f}, "
            f"max sum {found[3]:.1f}"
            if found
            else "no non-AIMD linear control fair and stable"
        )
        + f". Canonical classes: {canon_text}",
        verdict_from_counterexample(found is not None, holds_under=only_aimd),
        f"Float simulation, W = {W:g}, windows {X0}, {CYCLES} congestion events. Fair: spread "
        f"(g_max - g_min)/g_avg of the windows at the last 40 congestion events <= "
        f"{FAIR_SPREAD}; stable: the sum stays in (0, 2W] over the last 200 steps. Search over "
        "LinearControl(a_i=1, b_i in 9/8, 5/4, 3/2, 2, a_d=0, b_d=1/2), then AIAD with a "
        "multiplicative decrease (a_d=-1, b_d in 9/10, 99/100), in that order; the first fair "
        "and stable one is reported. An additive increase with a multiplicative component, "
        "and AIAD with a multiplicative decrease (the paper's own Sec. 6 proposal), are fair "
        "and stable too: Chiu and Jain's condition is a multiplicative decrease with an "
        "additive component in the increase, not AIMD alone. Rule: counterexample found; "
        "holds among the four canonical classes (AIMD, AIAD, MIMD, MIAD), verified above -> "
        "partly.",
    )


@claim(KEY, "aiad-unfair-synchronous", "Sec. 4.1.1; Sec. 6",
       "With FIFO drop-tail routers (synchronous loss), AIMD provides better fairness than "
       "AIAD; AIAD is not as fair.")
def aiad_unfair_synchronous():
    tr_aiad = simulate(AIAD(a=1, d=3), [1, 30], 100, cycles=60, arithmetic="exact")
    diffs = {w[1] - w[0] for w in tr_aiad.windows}
    tr_aimd = simulate(AIMD(a=1, b=Fraction(4, 5)), [1, 30], 100, cycles=60, arithmetic="exact")
    aimd_end = tr_aimd.windows[-1][1] - tr_aimd.windows[-1][0]
    return (
        "AIAD does not converge to fairness; AIMD does",
        f"AIAD(1,3): w2 - w1 takes the values {sorted(str(d) for d in diffs)} over "
        f"{tr_aiad.n_steps} steps; AIMD(1,0.8): w2 - w1 = {float(aimd_end):.3g} after 60 cycles",
        verdict_from_checks([diffs == {Fraction(29)}, abs(aimd_end) < 1]),
        "Exact simulation of the paper's chosen AIAD(1,3) and AIMD(1,0.8), W = 100, windows 1 "
        "and 30, 60 congestion events. Under synchronous feedback AIAD adds and subtracts the "
        "same amount from every flow, so the difference of the windows never changes (here 29 "
        "at every step, no window reaches the floor); AIMD multiplies it by 0.8 at each event. "
        "Rule: both parts hold -> reproduced.",
    )


@claim(KEY, "aiad-fair-non-droptail", "Sec. 1; Sec. 6",
       "AIAD can achieve fairness as long as routers are not FIFO drop-tail (RED, DRR).")
def aiad_fair_non_droptail():
    # per-flow feedback (fair queueing emulation): each flow alone on capacity W/m
    tr_fq = simulate(AIAD(a=1, d=3), [[1.0], [30.0]], 50.0, cycles=40)
    last = tr_fq.windows[-20:, :, 0]
    gap = float(np.max(np.abs(last[:, 1] - last[:, 0])))
    band = 1 + 3
    routers = {"DRR": gap <= band, "RED": None}  # None: RED has no variable in the model
    return (
        "AIAD fair under non-drop-tail routers",
        f"per-flow feedback: |w2 - w1| <= {gap:g} packets over the last 20 steps (band a + d = "
        f"{band})",
        verdict_from_readings(all(v is True for v in routers.values()), routers["DRR"] is True),
        "Float simulation of AIAD(1,3) with per-flow feedback (each flow its own congestion "
        "signal at its fair share W/2 = 50, the idealised fair queueing that DRR approximates): "
        "the two windows end in the same band of width a + d. RED (random drops in proportion "
        "to the rate) has no variable in the model, so only the fair-queueing half of the "
        "statement can be decided. Rule: printed (any non-drop-tail router) not decidable as a "
        "whole; the DRR/fair-queueing reading holds -> partly.",
    )


@claim(KEY, "aiad-small-md", "Sec. 6",
       "Adding a small multiplicative component to the additive decrease of AIAD ensures "
       "fairness even with FIFO drop-tail, without compromising goodput.")
def aiad_small_md():
    small_md = LinearControl(a_i=1, b_i=1, a_d=-3, b_d=Fraction(99, 100))
    f_md, s_md, spread_md, eff_md, _ = _judge(small_md, cycles=1500)
    _, _, spread_ad, eff_ad, _ = _judge(AIAD(a=1, d=3), cycles=1500)
    return (
        "fair, and goodput as AIAD's",
        f"w <- 0.99 w - 3: spread {spread_md:.2g}, efficiency {eff_md:.4f}; AIAD(1,3): spread "
        f"{spread_ad:.3g}, efficiency {eff_ad:.4f}",
        verdict_from_checks([f_md and s_md, eff_md >= eff_ad - 0.01]),
        f"Float simulation, synchronous feedback, W = {W:g}, windows {X0}, 1500 congestion "
        "events: LinearControl(a_i=1, b_i=1, a_d=-3, b_d=0.99) against AIAD(1,3). Fair as in "
        "aimd-only-fair-stable; goodput read as efficiency, tolerance 0.01. Rule: both parts "
        "hold -> reproduced.",
    )


# --------------------------------------------------------------------------
# the robustness scores
# --------------------------------------------------------------------------
@cache
def _bounds() -> dict:
    """Per appendix row: consistent with D_a a sum, a mean; the rows that tell them apart."""
    rows = list(_appendix_rows())
    sum_ok = [cc - ROUND <= d <= P.N_ENV * (cc + ROUND) for *_, d, cc in rows]
    mean_ok = [cc / P.N_ENV - ROUND <= d <= cc + ROUND for *_, d, cc in rows]
    deciding = [(s, m) for s, m in zip(sum_ok, mean_ok, strict=True) if s != m]
    return {"rows": rows, "sum_ok": sum_ok, "mean_ok": mean_ok, "deciding": deciding}


@claim(KEY, "Da-mean-table1", "Table 1 (notation)",
       "D_a = sum_{e in E} d_a(e) / |E|, the mean difference over the 13 environments.")
def da_mean_table1():
    b = _bounds()
    rows, deciding = b["rows"], b["deciding"]
    mean_bad = [
        f"{s} {f}{_p(p)}: D={float(d)} > C={float(cc)}"
        for (s, f, p, d, cc), ok in zip(rows, b["mean_ok"], strict=True)
        if not ok
    ]
    return (
        f"D_a = mean of d_a(e), so C_a/{P.N_ENV} <= D_a <= C_a",
        f"{sum(m for _, m in deciding)} of the {len(deciding)} rows that tell the two "
        f"definitions apart are consistent with a mean ({len(rows) - len(deciding)} of "
        f"{len(rows)} fit both); e.g. " + "; ".join(mean_bad[:3]),
        verdict_from_checks([m for _, m in deciding]),
        "Since d_a(e) >= 0 and C_a = max_e d_a(e), a mean over |E| = 13 environments must lie "
        "in [C_a/13, C_a] and a sum in [C_a, 13 C_a]. Checked on all 72 (D_a, C_a) pairs of the "
        "four appendix tables, with +-0.005 for the printed rounding; a row consistent with both "
        "(D_a = C_a) does not tell them apart and is left out. Rule: every deciding row "
        "consistent -> reproduced; some -> partly; none -> refuted.",
    )


@claim(KEY, "Da-sum-text", "Sec. 3", "D_a = sum_{e in E} d_a(e), the aggregate of the differences.")
def da_sum_text():
    b = _bounds()
    deciding = b["deciding"]
    return (
        f"D_a = sum of d_a(e), so C_a <= D_a <= {P.N_ENV} C_a",
        f"{sum(s for s, _ in deciding)} of the {len(deciding)} deciding rows (and "
        f"{sum(b['sum_ok'])} of all {len(b['rows'])}) are consistent with a sum",
        verdict_from_checks([s for s, _ in deciding]),
        "Same bounds as Da-mean-table1. The text's sum fits the appendix numbers; Table 1's "
        "mean does not, so the two definitions of D_a disagree and the tables use the sum. "
        "Rule: every row consistent -> reproduced.",
    )


@claim(KEY, "Ca-definition", "Table 1 vs Sec. 3",
       "C_a = max_a {d_a(e)} (Table 1), the rank of algorithm a (worst-case performance).")
def ca_definition():
    # C_a as printed in Table 1: max over a of d_a(e); evaluated on a score matrix
    scores = np.array([[90, 50], [70, 80], [60, 60]])  # algorithms x environments (in %)
    d = scores.max(axis=0) - scores
    text_ca = d.max(axis=1)  # Sec. 3: max over environments, one value per algorithm
    table_ca = d.max(axis=0)  # Table 1: max over algorithms, one value per environment
    return (
        "one rank per algorithm",
        f"Table 1's formula gives {table_ca.tolist()} (one value per environment); Sec. 3's "
        f"max_e gives {text_ca.tolist()} (one per algorithm)",
        verdict_from_readings(table_ca.shape == text_ca.shape, text_ca.shape[0] == scores.shape[0]),
        "Evaluated both printed formulas on a 3-algorithm x 2-environment score matrix: Table "
        "1's max over a is indexed by the environment and cannot rank algorithms; the text's "
        "max over e (Sec. 3) can. Rule: printed form fails, the text's form holds -> partly.",
    )


@claim(KEY, "fairness-metric-scoring", "Sec. 3; Sec. 4 (fairness metric)",
       "The fairness metric (g_max - g_min)/g_avg is scored like goodput: d_a(e) = S_max(e) - "
       "S_a(e), lower D_a and C_a better.")
def fairness_metric_scoring():
    # d_a(e) = S_max(e) - S_a(e) applied to the fairness metric (lower is fairer)
    s_fair = {"AIMD(1,0.8)": _judge(AIMD(a=1, b=Fraction(4, 5)))[2],
              "AIAD(1,3)": _judge(AIAD(a=1, d=3))[2]}
    smax = max(s_fair.values())
    d_fair = {k: smax - v for k, v in s_fair.items()}
    ranked_best = min(d_fair, key=d_fair.get)
    fairest = min(s_fair, key=s_fair.get)
    d_neg = {k: max(-x for x in s_fair.values()) + v for k, v in s_fair.items()}
    return (
        "the fairer algorithm gets the lower d_a",
        f"spreads {', '.join(f'{k}: {v:.3g}' for k, v in s_fair.items())}; d_a: "
        f"{', '.join(f'{k}: {v:.3g}' for k, v in d_fair.items())} -> ranked best: {ranked_best}, "
        f"fairest: {fairest}",
        verdict_from_readings(ranked_best == fairest, min(d_neg, key=d_neg.get) == fairest),
        "The metric is 0 for equal goodputs and grows with unfairness (up to m when one flow "
        "takes all), so its maximum over algorithms is the least fair score. Float simulation "
        f"(W = {W:g}, windows {X0}, {CYCLES} events) of the paper's two chosen controls in the "
        "synchronous model: the scores as printed rank the unfair AIAD best. With the score "
        "negated for lower-is-better metrics (fairness, loss, delay) the ranking is right. "
        "Rule: printed fails, negated holds -> partly.",
    )


# --------------------------------------------------------------------------
# the fairness metric, the parameter bounds, the marks, the DRR count, the text
# --------------------------------------------------------------------------
def _fa(v) -> np.ndarray:
    return np.array([Fraction(x) for x in v], dtype=object)


def _spread_vs_jain():
    """The first pair of sorted integer allocations of 3 flows (by largest entry) with the
    same spread and different Jain indices."""
    seen: dict = {}
    for hi in range(1, 6):
        for v in itertools.product(range(hi + 1), repeat=3):
            if max(v) != hi or list(v) != sorted(v):
                continue
            arr = _fa(v)
            key, j = metrics.spread(arr), metrics.jain_index(arr)
            if key in seen and seen[key][1] != j:
                return seen[key][0], v, key, seen[key][1], j
            seen.setdefault(key, (v, j))
    return None


@claim(KEY, "fairness-metric", "Sec. 4 (metrics)",
       "Fairness is measured by (g_max - g_min)/g_avg of the test flows' goodputs.")
def fairness_metric():
    eq0 = metrics.spread(_fa([5, 5, 5])) == 0
    scale_inv = metrics.spread(_fa([1, 2, 4])) == metrics.spread(_fa([2, 4, 8]))
    top = metrics.spread(_fa([3, 0, 0]))
    pair = _spread_vs_jain()
    return (
        "a fairness measure (0 for equal goodputs)",
        f"0 for equal goodputs: {eq0}; scale-invariant: {scale_inv}; one flow of three taking "
        f"all: {top} (not bounded by 1 like goodput); same value, different Jain index: "
        + (f"{pair[0]} and {pair[1]} both {pair[2]}, Jain {pair[3]} vs {pair[4]}"
           if pair else "none"),
        verdict_from_checks([eq0, scale_inv]),
        "Exact (Fraction) evaluation with aimdmodel.metrics.spread and jain_index; the pair is "
        "the first found over sorted integer allocations of 3 flows by largest entry. The metric "
        "is a consistent unfairness measure (0 iff equal, unit-free) but runs the other way from "
        "goodput (lower is better, up to m) and ignores the middle flows, so it does not order "
        "allocations as Jain's index does. Rule: both defining properties -> reproduced.",
    )


@claim(KEY, "parameter-bounds", "Sec. 3.2",
       "With increments and decrements of at most 10% of the window, and lowest windows of "
       "about 12-15 (increase) and 25-20 (decrease), the permissible values are AI <= 3, "
       "AD <= 3.")
def parameter_bounds():
    (lo_inc, hi_inc), (lo_dec, hi_dec) = P.INCREASE_WINDOWS, P.DECREASE_WINDOWS
    share, bound = P.STEP_SHARE, P.PARAMETER_BOUND
    return (
        f"AI <= {bound}, AD <= {bound}",
        f"AI <= {float(share)} x {lo_inc}..{hi_inc} = {float(share * lo_inc)}.."
        f"{float(share * hi_inc)}; AD <= {float(share)} x {lo_dec}..{hi_dec} = "
        f"{float(share * lo_dec)}..{float(share * hi_dec)}",
        verdict_from_checks([share * hi_inc >= bound, share * hi_dec >= bound]),
        "Exact arithmetic on the paper's own numbers: 10% of the smallest window that increases "
        "(12-15) is 1.2-1.5, 10% of the smallest that decreases (20-25) is 2-2.5. AI <= 3 and "
        "AD <= 3 do not follow; the appendix grids with a = 2, 3 (and AIAD decrease 3) break "
        "the paper's own 10% rule. Rule: each bound follows -> reproduced; none -> refuted.",
    )


def _mark_check(setting: str, fam: str, table: dict) -> tuple[bool, str | None]:
    """Whether the marked row has the best D_a and C_a of its table (and why not)."""
    dv = {p: Decimal(x[0]) for p, x in table.items()}
    cv = {p: Decimal(x[1]) for p, x in table.items()}
    best_d, best_c = min(dv.values()), min(cv.values())
    m = P.MARKED[fam]
    if dv[m] == best_d and cv[m] == best_c:
        return True, None
    both = [p for p in table if dv[p] == best_d and cv[p] == best_c]
    where_best = f" at {_p(both[0])}" if both else ""
    return False, (f"{setting} {fam}: marked {_p(m)} has (D, C) = ({dv[m]}, {cv[m]}), "
                   f"best ({best_d}, {best_c}){where_best}")


@claim(KEY, "appendix-marks", "Sec. 4.1.1; appendix tables",
       "The algorithms with the best goodput (best values of both C_a and D_a) are marked "
       "(underlined/bold) in the tables.")
def appendix_marks():
    results = [_mark_check(s, f, t) for s, fams in P.APPENDIX.items() for f, t in fams.items()]
    mark_ok = [ok for ok, _ in results]
    details = [why for _, why in results if why is not None]
    return (
        f"marked = AIMD{_p(P.MARKED['AIMD']).replace(' ', '')} and "
        f"AIAD{_p(P.MARKED['AIAD']).replace(' ', '')} in every table",
        f"marked entry best in {sum(mark_ok)} of {len(mark_ok)} tables; "
        + "; ".join(str(x) for x in details[:4]),
        verdict_from_checks(mark_ok),
        "Minimum of D_a and of C_a per table and family (exact decimals) compared with the "
        "marked row. The text (Sec. 3.2) also chooses AIAD(1,3), while every table marks "
        f"AIAD(1,1): chosen {P.CHOSEN_TEXT['AIAD']} vs marked {P.MARKED['AIAD']}. Rule: every "
        "mark on a best row -> reproduced.",
    )


@claim(KEY, "drr-cbr-count", "Sec. 3.3",
       "To achieve an available bandwidth B_a with DRR we need n(C - B_a) = B_a CBR flows.")
def drr_cbr_count():
    n, k, C, Ba = sp.symbols("n k C B_a", positive=True)
    derived = sp.solve(sp.Eq(n * C / (n + k), Ba), k)[0]
    printed_lhs = n * (C - Ba)  # "n(C - B_a) = B_a CBR flows"
    charitable = n * (C - Ba) / Ba  # '=' read as '/'
    return (
        "n(C - B_a) = B_a",
        f"solving n C / (n + k) = B_a for k gives k = {sp.simplify(derived)}",
        verdict_from_readings(
            sp.simplify(printed_lhs - derived) == 0, sp.simplify(charitable - derived) == 0
        ),
        "sympy: with DRR each of the n test flows and k CBR flows gets C/(n + k), so the test "
        "flows get n C/(n + k) = B_a; solved for k. The printed expression is an equation, not "
        "a count; reading its '=' as '/' gives the derived count. Rule: printed fails, the "
        "'/' reading holds -> partly.",
    )


@claim(KEY, "four-algorithms", "Sec. 3, 3.2, 6",
       "We tested the four basic linear congestion control algorithms.")
def four_algorithms():
    A = P.ALGORITHMS
    return (
        str(P.CLAIMED_ALGORITHMS),
        f"{len(A)} (A = {{{', '.join(A)}}} in Sec. 3 and 3.2; the appendix holds only these two)",
        verdict_from_tolerance(len(A), P.CLAIMED_ALGORITHMS, 0),
        "Counted the set A as the paper defines it and the families in its appendix tables. "
        "Text about MIMD and MIAD (Sec. 2, 4.1.1) refers to results that are not shown. Rule: "
        "tolerance 0 on the count.",
    )


@claim(KEY, "figs-1-2-text", "Sec. 2, Figs. 1-2",
       "Fig. 1(a): AIMD best; Fig. 1(b): AIAD best; Fig. 2(a): bad case for AIAD; Fig. 2(b): "
       "bad case for MIMD; AIMD worst in Figs. 1(b), 1(c), 1(d).")
def figs_1_2_text():
    fig = P.FIG_GOODPUTS
    parts = [
        fig["1(a)"][0] > fig["1(a)"][1],  # 1(a): AIMD performs the best
        fig["1(b)"][1] > fig["1(b)"][0],  # 1(b): AIAD performs the best
        fig["2(a)"][1] < fig["2(a)"][0],  # 2(a): bad case for AIAD
        "MIMD" in P.ALGORITHMS,  # 2(b): bad case for MIMD, but only AIMD/AIAD printed
        {"1(c)", "1(d)"} <= set(fig),  # "AIMD worst in Figures 1(b), 1(c) and 1(d)"
    ]
    return (
        "goodputs " + ", ".join(f"{a:g}/{b:g}" for a, b in fig.values()) + " (AIMD/AIAD)",
        f"{sum(parts)} of {len(parts)} statements supported by the printed numbers",
        verdict_from_checks(parts),
        "Compared the goodput pairs printed under the figures with the sentences: 1(a), 1(b) "
        "and 2(a) agree; Fig. 2(b) prints no MIMD value (AIMD = AIAD = 0.96), and Figs. 1(c), "
        "1(d) do not exist. Rule: all supported -> reproduced; some -> partly.",
    )


# --------------------------------------------------------------------------
# the NS-2 results
# --------------------------------------------------------------------------
@claim(KEY, "appendix-ns2", "Appendix tables; Sec. 4",
       "The C_a and D_a values of AIMD(a,b) and AIAD(a,b) under Reno/SACK and DropTail/RED, "
       "and the rankings drawn from them (AIMD best under Reno + drop-tail, AIAD among the "
       "best otherwise).")
def appendix_ns2():
    verdict, missing = verdict_outside_model(
        ["NS-2 measurement", "loss recovery (Reno, SACK)", "queue discipline (DropTail, RED, DRR)",
         "time-varying available bandwidth", "goodput of unique packets"]
    )
    return (
        f"{len(_bounds()['rows'])} (D_a, C_a) pairs",
        "not computable in the model",
        verdict,
        f"The model has no variable for: {', '.join(missing)}. The synchronous model has one "
        "fixed capacity and one loss signal per congestion event; these numbers come from NS-2 "
        "runs over 13 bandwidth variations. What would decide them: the round-based model (a "
        "queue, a loss-recovery cost per loss, a capacity that follows the Table 2 patterns) "
        "run over the same parameter grids, or the NS-2 scripts (not published).",
    )


@claim(KEY, "reno-results", "Sec. 4.1.1",
       "With Reno: AIMD suffers the fewest losses, MIAD the most; AIMD and AIAD have the "
       "highest delay values.")
def reno_results():
    verdict, missing = verdict_outside_model(["NS-2 measurement", "queueing delay", "loss rate"])
    return (
        "qualitative (figure not in the text)",
        "not computable in the model",
        verdict,
        f"The model has no variable for: {', '.join(missing)}. What would decide it: a model "
        "with a queue (delay) and packet-level losses, or the NS-2 runs.",
    )
