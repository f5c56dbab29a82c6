"""Claims of Reddy, Sireesha & Kumar, "The general comparison between AIMD and
AIAD congestion control algorithms" (seed 004).

The paper's results are NS-2 runs (Reno/SACK, DropTail/RED, 13 bandwidth
variations), outside the synchronous model. What the model decides: the
Chiu-Jain statement it quotes (AIMD as the only fair and stable linear
choice), AIAD's fairness under synchronous feedback and under per-flow
feedback, the small multiplicative decrease that makes AIAD fair, and the
internal consistency of the paper's robustness scores d_a(e), C_a, D_a, its
fairness metric, its parameter bounds and its appendix tables.
"""

from __future__ import annotations

import itertools
from decimal import Decimal
from fractions import Fraction

import numpy as np
import sympy as sp

from aimdmodel import AIAD, AIMD, MIAD, MIMD, LinearControl, metrics, simulate

from ._build import Collector
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


def _judge(policy, x0=X0, capacity=W, cycles=CYCLES):
    """Float run; fair = spread of the windows at the last 40 congestion events
    below FAIR_SPREAD; stable = the sum stays in (0, 2W] over the last 200 steps
    and the long-run efficiency is positive."""
    tr = simulate(policy, x0, capacity, cycles=cycles)
    ev = tr.congestion_steps[-40:]
    spread = float(np.max(metrics.spread(tr.windows[ev])))
    tail = tr.windows[-200:].sum(axis=-1)
    eff = float(metrics.efficiency(tr))
    stable = bool(tail.max() <= 2 * capacity and eff > 0)
    return spread <= FAIR_SPREAD, stable, spread, eff, float(tail.max())


# Appendix tables as printed: (a, b) -> (D_a, C_a), for AIMD and AIAD, per setting.
APPENDIX: dict[str, dict[str, dict[tuple, tuple[str, str]]]] = {
    "Reno+DropTail": {
        "AIMD": {
            (1, "0.5"): ("0.19", "0.06"),
            (1, "0.65"): ("0.06", "0.02"),
            (1, "0.8"): ("0.07", "0.03"),
            (2, "0.5"): ("0.83", "0.20"),
            (2, "0.65"): ("0.56", "0.15"),
            (2, "0.8"): ("0.56", "0.22"),
            (3, "0.5"): ("1.87", "0.31"),
            (3, "0.65"): ("1.49", "0.29"),
            (3, "0.8"): ("1.28", "0.26"),
        },
        "AIAD": {
            (1, 1): ("0.10", "0.03"),
            (1, 2): ("0.05", "0.02"),
            (1, 3): ("0.06", "0.03"),
            (2, 1): ("0.56", "0.19"),
            (2, 2): ("0.62", "0.21"),
            (2, 3): ("0.59", "0.22"),
            (3, 1): ("1.11", "0.25"),
            (3, 2): ("1.15", "0.25"),
            (3, 3): ("1.17", "0.27"),
        },
    },
    "SACK+DropTail": {
        "AIMD": {
            (1, "0.5"): ("0.26", "0.12"),
            (1, "0.65"): ("0.16", "0.11"),
            (1, "0.8"): ("0.25", "0.13"),
            (2, "0.5"): ("0.11", "0.04"),
            (2, "0.65"): ("0.16", "0.04"),
            (2, "0.8"): ("0.10", "0.03"),
            (3, "0.5"): ("0.13", "0.02"),
            (3, "0.65"): ("0.07", "0.01"),
            (3, "0.8"): ("0.03", "0.01"),
        },
        "AIAD": {
            (1, 1): ("0.50", "0.11"),
            (1, 2): ("0.47", "0.11"),
            (1, 3): ("0.52", "0.12"),
            (2, 1): ("0.41", "0.11"),
            (2, 2): ("0.44", "0.11"),
            (2, 3): ("0.39", "0.11"),
            (3, 1): ("0.31", "0.11"),
            (3, 2): ("0.15", "0.11"),
            (3, 3): ("0.35", "0.11"),
        },
    },
    "Reno+RED": {
        "AIMD": {
            (1, "0.5"): ("0.60", "0.15"),
            (1, "0.65"): ("0.59", "0.15"),
            (1, "0.8"): ("0.38", "0.12"),
            (2, "0.5"): ("0.50", "0.09"),
            (2, "0.65"): ("0.26", "0.06"),
            (2, "0.8"): ("0.29", "0.07"),
            (3, "0.5"): ("0.47", "0.06"),
            (3, "0.65"): ("0.31", "0.04"),
            (3, "0.8"): ("0.27", "0.06"),
        },
        "AIAD": {
            (1, 1): ("0.32", "0.06"),
            (1, 2): ("0.29", "0.08"),
            (1, 3): ("0.14", "0.08"),
            (2, 1): ("0.39", "0.09"),
            (2, 2): ("0.41", "0.08"),
            (2, 3): ("0.31", "0.10"),
            (3, 1): ("0.76", "0.12"),
            (3, 2): ("0.58", "0.11"),
            (3, 3): ("0.45", "0.08"),
        },
    },
    "SACK+RED": {
        "AIMD": {
            (1, "0.5"): ("0.68", "0.16"),
            (1, "0.65"): ("0.47", "0.14"),
            (1, "0.8"): ("0.32", "0.11"),
            (2, "0.5"): ("0.42", "0.09"),
            (2, "0.65"): ("0.30", "0.08"),
            (2, "0.8"): ("0.06", "0.03"),
            (3, "0.5"): ("0.36", "0.07"),
            (3, "0.65"): ("0.26", "0.07"),
            (3, "0.8"): ("0.01", "0.01"),
        },
        "AIAD": {
            (1, 1): ("0.36", "0.11"),
            (1, 2): ("0.28", "0.11"),
            (1, 3): ("0.30", "0.10"),
            (2, 1): ("0.31", "0.09"),
            (2, 2): ("0.20", "0.05"),
            (2, 3): ("0.06", "0.02"),
            (3, 1): ("0.49", "0.11"),
            (3, 2): ("0.29", "0.09"),
            (3, 3): ("0.10", "0.04"),
        },
    },
}
MARKED = {"AIMD": (1, "0.8"), "AIAD": (1, 1)}  # bold/underlined in every appendix table
CHOSEN_TEXT = {"AIMD": (1, "0.8"), "AIAD": (1, 3)}  # Sec. 3.2: "AIMD(1,0.8), AIAD (1,3)"
N_ENV = 13  # Table 2 rows
ROUND = Fraction(5, 1000)  # the tables print two decimals


def _p(params: tuple) -> str:
    return "(" + ", ".join(str(x) for x in params) + ")"


def _appendix_rows():
    for setting, fams in APPENDIX.items():
        for fam, rows in fams.items():
            for params, (d, cc) in rows.items():
                yield setting, fam, params, Fraction(d), Fraction(cc)


def checks() -> list:
    c = Collector(KEY)

    # --- Chiu-Jain, as quoted: AIMD the only fair and stable linear choice -----------
    canonical = {
        "AIMD(1, 1/2)": AIMD(),
        "AIAD(1, 1)": AIAD(),
        "MIMD(11/10, 1/2)": MIMD(c=Fraction(11, 10)),
        "MIAD(11/10, 1)": MIAD(c=Fraction(11, 10)),
    }
    canon = {name: _judge(p) for name, p in canonical.items()}
    only_aimd = [name for name, (fair, stable, *_) in canon.items() if fair and stable] == [
        "AIMD(1, 1/2)"
    ]
    grid = [
        LinearControl(a_i=1, b_i=bi, a_d=0, b_d=Fraction(1, 2))
        for bi in (Fraction(9, 8), Fraction(5, 4), Fraction(3, 2), Fraction(2))
    ]
    grid += [
        LinearControl(a_i=1, b_i=1, a_d=-1, b_d=bd) for bd in (Fraction(9, 10), Fraction(99, 100))
    ]
    found = None
    for p in grid:
        fair, stable, spread, eff, top = _judge(p)
        if fair and stable:
            found = (p, spread, eff, top)
            break
    canon_text = "; ".join(
        f"{n}: fair={f}, stable={s}, spread={sp_:.3g}, efficiency={e:.3f}"
        for n, (f, s, sp_, e, _t) in canon.items()
    )
    c.add(
        "aimd-only-fair-stable",
        "Sec. 1 (quoting Chiu & Jain [3])",
        "In the synchronous model with static bandwidth AIMD is the only fair and stable linear "
        "choice.",
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

    # --- AIAD's fairness -------------------------------------------------------------
    tr_aiad = simulate(AIAD(a=1, d=3), [1, 30], 100, cycles=60, arithmetic="exact")
    diffs = {tr_aiad.windows[t][1] - tr_aiad.windows[t][0] for t in range(len(tr_aiad.windows))}
    tr_aimd = simulate(AIMD(a=1, b=Fraction(4, 5)), [1, 30], 100, cycles=60, arithmetic="exact")
    aimd_end = tr_aimd.windows[-1][1] - tr_aimd.windows[-1][0]
    c.add(
        "aiad-unfair-synchronous",
        "Sec. 4.1.1; Sec. 6",
        "With FIFO drop-tail routers (synchronous loss), AIMD provides better fairness than "
        "AIAD; AIAD is not as fair.",
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
    # per-flow feedback (fair queueing emulation): each flow alone on capacity W/m
    tr_fq = simulate(AIAD(a=1, d=3), [[1.0], [30.0]], 50.0, cycles=40)
    last = tr_fq.windows[-20:, :, 0]
    gap = float(np.max(np.abs(last[:, 1] - last[:, 0])))
    band = 1 + 3
    routers = {"DRR": gap <= band, "RED": None}  # None: RED has no variable in the model
    c.add(
        "aiad-fair-non-droptail",
        "Sec. 1; Sec. 6",
        "AIAD can achieve fairness as long as routers are not FIFO drop-tail (RED, DRR).",
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
    small_md = LinearControl(a_i=1, b_i=1, a_d=-3, b_d=Fraction(99, 100))
    f_md, s_md, spread_md, eff_md, _ = _judge(small_md, cycles=1500)
    _, _, spread_ad, eff_ad, _ = _judge(AIAD(a=1, d=3), cycles=1500)
    c.add(
        "aiad-small-md",
        "Sec. 6",
        "Adding a small multiplicative component to the additive decrease of AIAD ensures "
        "fairness even with FIFO drop-tail, without compromising goodput.",
        "fair, and goodput as AIAD's",
        f"w <- 0.99 w - 3: spread {spread_md:.2g}, efficiency {eff_md:.4f}; AIAD(1,3): spread "
        f"{spread_ad:.3g}, efficiency {eff_ad:.4f}",
        verdict_from_checks([f_md and s_md, eff_md >= eff_ad - 0.01]),
        f"Float simulation, synchronous feedback, W = {W:g}, windows {X0}, 1500 congestion "
        "events: LinearControl(a_i=1, b_i=1, a_d=-3, b_d=0.99) against AIAD(1,3). Fair as in "
        "aimd-only-fair-stable; goodput read as efficiency, tolerance 0.01. Rule: both parts "
        "hold -> reproduced.",
    )

    # --- the robustness scores -------------------------------------------------------
    rows = list(_appendix_rows())
    sum_ok = [cc - ROUND <= d <= N_ENV * (cc + ROUND) for *_, d, cc in rows]
    mean_ok = [cc / N_ENV - ROUND <= d <= cc + ROUND for *_, d, cc in rows]
    deciding = [(s_, m_) for s_, m_ in zip(sum_ok, mean_ok, strict=True) if s_ != m_]
    mean_bad = [
        f"{s} {f}{_p(p)}: D={float(d)} > C={float(cc)}"
        for (s, f, p, d, cc), ok in zip(rows, mean_ok, strict=True)
        if not ok
    ]
    c.add(
        "Da-mean-table1",
        "Table 1 (notation)",
        "D_a = sum_{e in E} d_a(e) / |E|, the mean difference over the 13 environments.",
        "D_a = mean of d_a(e), so C_a/13 <= D_a <= C_a",
        f"{sum(m_ for _, m_ in deciding)} of the {len(deciding)} rows that tell the two "
        f"definitions apart are consistent with a mean ({len(rows) - len(deciding)} of "
        f"{len(rows)} fit both); e.g. " + "; ".join(mean_bad[:3]),
        verdict_from_checks([m_ for _, m_ in deciding]),
        "Since d_a(e) >= 0 and C_a = max_e d_a(e), a mean over |E| = 13 environments must lie "
        "in [C_a/13, C_a] and a sum in [C_a, 13 C_a]. Checked on all 72 (D_a, C_a) pairs of the "
        "four appendix tables, with +-0.005 for the printed rounding; a row consistent with both "
        "(D_a = C_a) does not tell them apart and is left out. Rule: every deciding row "
        "consistent -> reproduced; some -> partly; none -> refuted.",
    )
    c.add(
        "Da-sum-text",
        "Sec. 3",
        "D_a = sum_{e in E} d_a(e), the aggregate of the differences.",
        "D_a = sum of d_a(e), so C_a <= D_a <= 13 C_a",
        f"{sum(s_ for s_, _ in deciding)} of the {len(deciding)} deciding rows (and "
        f"{sum(sum_ok)} of all {len(rows)}) are consistent with a sum",
        verdict_from_checks([s_ for s_, _ in deciding]),
        "Same bounds as Da-mean-table1. The text's sum fits the appendix numbers; Table 1's "
        "mean does not, so the two definitions of D_a disagree and the tables use the sum. "
        "Rule: every row consistent -> reproduced.",
    )
    # C_a as printed in Table 1: max over a of d_a(e); evaluate on a score matrix.
    scores = np.array([[90, 50], [70, 80], [60, 60]])  # algorithms x environments (in %)
    d = scores.max(axis=0) - scores
    text_ca = d.max(axis=1)  # Sec. 3: max over environments, one value per algorithm
    table_ca = d.max(axis=0)  # Table 1: max over algorithms, one value per environment
    c.add(
        "Ca-definition",
        "Table 1 vs Sec. 3",
        "C_a = max_a {d_a(e)} (Table 1), the rank of algorithm a (worst-case performance).",
        "one rank per algorithm",
        f"Table 1's formula gives {table_ca.tolist()} (one value per environment); Sec. 3's "
        f"max_e gives {text_ca.tolist()} (one per algorithm)",
        verdict_from_readings(table_ca.shape == text_ca.shape, text_ca.shape[0] == scores.shape[0]),
        "Evaluated both printed formulas on a 3-algorithm x 2-environment score matrix: Table "
        "1's max over a is indexed by the environment and cannot rank algorithms; the text's "
        "max over e (Sec. 3) can. Rule: printed form fails, the text's form holds -> partly.",
    )
    # d_a(e) = S_max(e) - S_a(e) applied to the fairness metric (lower is fairer)
    f_aimd = _judge(AIMD(a=1, b=Fraction(4, 5)))[2]
    f_aiad = _judge(AIAD(a=1, d=3))[2]
    s_fair = {"AIMD(1,0.8)": f_aimd, "AIAD(1,3)": f_aiad}
    smax = max(s_fair.values())
    d_fair = {k: smax - v for k, v in s_fair.items()}
    ranked_best = min(d_fair, key=d_fair.get)
    fairest = min(s_fair, key=s_fair.get)
    d_neg = {k: max(-x for x in s_fair.values()) + v for k, v in s_fair.items()}
    c.add(
        "fairness-metric-scoring",
        "Sec. 3; Sec. 4 (fairness metric)",
        "The fairness metric (g_max - g_min)/g_avg is scored like goodput: d_a(e) = S_max(e) - "
        "S_a(e), lower D_a and C_a better.",
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

    # --- the fairness metric itself ----------------------------------------------------
    def _f(v):
        return [Fraction(x) for x in v]

    eq0 = metrics.spread(np.array(_f([5, 5, 5]), dtype=object)) == 0
    scale_inv = metrics.spread(np.array(_f([1, 2, 4]), dtype=object)) == metrics.spread(
        np.array(_f([2, 4, 8]), dtype=object)
    )
    top = metrics.spread(np.array(_f([3, 0, 0]), dtype=object))
    pair = None
    seen: dict = {}
    for hi in range(1, 6):
        for v in itertools.product(range(hi + 1), repeat=3):
            if max(v) != hi or list(v) != sorted(v):
                continue
            arr = np.array(_f(v), dtype=object)
            key = metrics.spread(arr)
            j = metrics.jain_index(arr)
            if key in seen and seen[key][1] != j:
                pair = (seen[key][0], v, key, seen[key][1], j)
                break
            seen.setdefault(key, (v, j))
        if pair:
            break
    c.add(
        "fairness-metric",
        "Sec. 4 (metrics)",
        "Fairness is measured by (g_max - g_min)/g_avg of the test flows' goodputs.",
        "a fairness measure (0 for equal goodputs)",
        f"0 for equal goodputs: {eq0}; scale-invariant: {scale_inv}; one flow of three taking "
        f"all: {top} (not bounded by 1 like goodput); same value, different Jain index: "
        + (
            f"{pair[0]} and {pair[1]} both {pair[2]}, Jain {pair[3]} vs {pair[4]}"
            if pair
            else "none"
        ),
        verdict_from_checks([eq0, scale_inv]),
        "Exact (Fraction) evaluation with aimdmodel.metrics.spread and jain_index; the pair is "
        "the first found over sorted integer allocations of 3 flows by largest entry. The metric "
        "is a consistent unfairness measure (0 iff equal, unit-free) but runs the other way from "
        "goodput (lower is better, up to m) and ignores the middle flows, so it does not order "
        "allocations as Jain's index does. Rule: both defining properties -> reproduced.",
    )

    # --- parameter bounds from the 10% rule --------------------------------------------
    lo_inc, hi_inc = Fraction(12), Fraction(15)
    lo_dec, hi_dec = Fraction(20), Fraction(25)
    ai_bound = Fraction(1, 10) * hi_inc
    ad_bound = Fraction(1, 10) * hi_dec
    c.add(
        "parameter-bounds",
        "Sec. 3.2",
        "With increments and decrements of at most 10% of the window, and lowest windows of "
        "about 12-15 (increase) and 25-20 (decrease), the permissible values are AI <= 3, "
        "AD <= 3.",
        "AI <= 3, AD <= 3",
        f"AI <= 0.1 x 12..15 = {float(Fraction(1, 10) * lo_inc)}..{float(ai_bound)}; "
        f"AD <= 0.1 x 20..25 = {float(Fraction(1, 10) * lo_dec)}..{float(ad_bound)}",
        verdict_from_checks([ai_bound >= 3, ad_bound >= 3]),
        "Exact arithmetic on the paper's own numbers: 10% of the smallest window that increases "
        "(12-15) is 1.2-1.5, 10% of the smallest that decreases (20-25) is 2-2.5. AI <= 3 and "
        "AD <= 3 do not follow; the appendix grids with a = 2, 3 (and AIAD decrease 3) break "
        "the paper's own 10% rule. Rule: each bound follows -> reproduced; none -> refuted.",
    )
    # --- marked best entries ----------------------------------------------------------
    mark_ok = []
    details = []
    for setting, fams in APPENDIX.items():
        for fam, table in fams.items():
            dv = {p: Decimal(x[0]) for p, x in table.items()}
            cv = {p: Decimal(x[1]) for p, x in table.items()}
            best_d, best_c = min(dv.values()), min(cv.values())
            m = MARKED[fam]
            ok = dv[m] == best_d and cv[m] == best_c
            mark_ok.append(ok)
            if not ok:
                both = [p for p in table if dv[p] == best_d and cv[p] == best_c]
                where_best = f" at {_p(both[0])}" if both else ""
                details.append(
                    f"{setting} {fam}: marked {_p(m)} has (D, C) = ({dv[m]}, {cv[m]}), "
                    f"best ({best_d}, {best_c}){where_best}"
                )
    c.add(
        "appendix-marks",
        "Sec. 4.1.1; appendix tables",
        "The algorithms with the best goodput (best values of both C_a and D_a) are marked "
        "(underlined/bold) in the tables.",
        "marked = AIMD(1,0.8) and AIAD(1,1) in every table",
        f"marked entry best in {sum(mark_ok)} of {len(mark_ok)} tables; "
        + "; ".join(str(x) for x in details[:4]),
        verdict_from_checks(mark_ok),
        "Minimum of D_a and of C_a per table and family (exact decimals) compared with the "
        "marked row. The text (Sec. 3.2) also chooses AIAD(1,3), while every table marks "
        f"AIAD(1,1): chosen {CHOSEN_TEXT['AIAD']} vs marked {MARKED['AIAD']}. Rule: every mark "
        "on a best row -> reproduced.",
    )
    # --- DRR cross-traffic count ---------------------------------------------------------
    n, k, C, Ba = sp.symbols("n k C B_a", positive=True)
    derived = sp.solve(sp.Eq(n * C / (n + k), Ba), k)[0]
    printed_lhs = n * (C - Ba)  # "n(C - B_a) = B_a CBR flows"
    charitable = n * (C - Ba) / Ba  # '=' read as '/'
    c.add(
        "drr-cbr-count",
        "Sec. 3.3",
        "To achieve an available bandwidth B_a with DRR we need n(C - B_a) = B_a CBR flows.",
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
    # --- the number of algorithms ---------------------------------------------------------
    A = ("AIMD", "AIAD")
    c.add(
        "four-algorithms",
        "Sec. 3, 3.2, 6",
        "We tested the four basic linear congestion control algorithms.",
        "4",
        f"{len(A)} (A = {{AIMD, AIAD}} in Sec. 3 and 3.2; the appendix holds only these two)",
        verdict_from_tolerance(len(A), 4, 0),
        "Counted the set A as the paper defines it and the families in its appendix tables. "
        "Text about MIMD and MIAD (Sec. 2, 4.1.1) refers to results that are not shown. Rule: "
        "tolerance 0 on the count.",
    )
    # --- the goodput numbers of Figs. 1-2 against the text --------------------------------
    fig = {"1(a)": (0.97, 0.93), "1(b)": (0.52, 0.96), "2(a)": (0.67, 0.65), "2(b)": (0.96, 0.96)}
    parts = [
        fig["1(a)"][0] > fig["1(a)"][1],  # 1(a): AIMD performs the best
        fig["1(b)"][1] > fig["1(b)"][0],  # 1(b): AIAD performs the best
        fig["2(a)"][1] < fig["2(a)"][0],  # 2(a): bad case for AIAD
        "MIMD" in ("AIMD", "AIAD"),  # 2(b): bad case for MIMD, but only AIMD/AIAD printed
        {"1(c)", "1(d)"} <= set(fig),  # "AIMD worst in Figures 1(b), 1(c) and 1(d)"
    ]
    c.add(
        "figs-1-2-text",
        "Sec. 2, Figs. 1-2",
        "Fig. 1(a): AIMD best; Fig. 1(b): AIAD best; Fig. 2(a): bad case for AIAD; Fig. 2(b): "
        "bad case for MIMD; AIMD worst in Figs. 1(b), 1(c), 1(d).",
        "goodputs 0.97/0.93, 0.52/0.96, 0.67/0.65, 0.96/0.96 (AIMD/AIAD)",
        f"{sum(parts)} of {len(parts)} statements supported by the printed numbers",
        verdict_from_checks(parts),
        "Compared the goodput pairs printed under the figures with the sentences: 1(a), 1(b) "
        "and 2(a) agree; Fig. 2(b) prints no MIMD value (AIMD = AIAD = 0.96), and Figs. 1(c), "
        "1(d) do not exist. Rule: all supported -> reproduced; some -> partly.",
    )
    # --- the NS-2 results -------------------------------------------------------------------
    verdict, missing = verdict_outside_model(
        [
            "NS-2 measurement",
            "loss recovery (Reno, SACK)",
            "queue discipline (DropTail, RED, DRR)",
            "time-varying available bandwidth",
            "goodput of unique packets",
        ]
    )
    c.add(
        "appendix-ns2",
        "Appendix tables; Sec. 4",
        "The C_a and D_a values of AIMD(a,b) and AIAD(a,b) under Reno/SACK and DropTail/RED, "
        "and the rankings drawn from them (AIMD best under Reno + drop-tail, AIAD among the "
        "best otherwise).",
        "72 (D_a, C_a) pairs",
        "not computable in the model",
        verdict,
        f"The model has no variable for: {', '.join(missing)}. The synchronous model has one "
        "fixed capacity and one loss signal per congestion event; these numbers come from NS-2 "
        "runs over 13 bandwidth variations. What would decide them: the round-based model (a "
        "queue, a loss-recovery cost per loss, a capacity that follows the Table 2 patterns) "
        "run over the same parameter grids, or the NS-2 scripts (not published).",
    )
    verdict, missing = verdict_outside_model(["NS-2 measurement", "queueing delay", "loss rate"])
    c.add(
        "reno-results",
        "Sec. 4.1.1",
        "With Reno: AIMD suffers the fewest losses, MIAD the most; AIMD and AIAD have the "
        "highest delay values.",
        "qualitative (figure not in the text)",
        "not computable in the model",
        verdict,
        f"The model has no variable for: {', '.join(missing)}. What would decide it: a model "
        "with a queue (delay) and packet-level losses, or the NS-2 runs.",
    )
    return c.claims
