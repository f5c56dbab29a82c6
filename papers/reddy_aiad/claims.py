"""Claims of Reddy, Sireesha & Kumar, "The general comparison between AIMD and
AIAD congestion control algorithms".

The paper's results are NS-2 runs (Reno/SACK, DropTail/RED, 13 bandwidth
variations): they are rerun in the queue model (:func:`aimdmodel.studies.robustness_grid`,
set-up ``reddy-aiad-grid`` of :mod:`papers.setups`, at the ledger's reduced
scale), the only estimate of the rankings (appendix tables, Sec. 4.1.1,
fairness by router): no packet-level run of the set-up is stored, so where
the queue model does not reproduce the paper the row is ``undecided``
(``decide=`` of :func:`paper_checks._build.claim`). What the synchronous model decides: the
Chiu-Jain statement it quotes (AIMD as the only fair and stable linear
choice), AIAD's fairness under synchronous feedback and under per-flow
feedback, the small multiplicative decrease that makes AIAD fair, and the
internal consistency of the paper's robustness scores d_a(e), C_a, D_a, its
fairness metric, its parameter bounds and its appendix tables (parsed from the
paper's own text by :mod:`papers.reddy_aiad`), and its Sec. 2 statements on
tracking a changing bandwidth, run on the environments 1-10 of Table 2
(:mod:`aimdmodel.environments`). Claims about what the paper says rest on
passages located by :mod:`papers.texts` (reading claims).
"""

from __future__ import annotations

import itertools
import math
import re
from decimal import Decimal
from fractions import Fraction

import numpy as np
import sympy as sp

from aimdmodel import AIAD, AIMD, MIAD, MIMD, LinearControl, metrics, simulate
from aimdmodel.environments import ENVIRONMENTS, capacity_trace
from aimdmodel.experiments import capacity_change
from aimdmodel.feedback import exceeds
from aimdmodel.queue import run as queue_run
from aimdmodel.scenario import Flow, Scenario
from aimdmodel.studies import environment_network
from paper_checks._build import build, claim, is_refusal, shared, shared_run
from paper_checks.ledger import (
    verdict_from_checks,
    verdict_from_counterexample,
    verdict_from_readings,
    verdict_over_readings,
)
from papers import experiments as X
from papers import queue_readings as Q
from papers import reddy_aiad as P
from papers import texts
from papers.reddy_aiad.setups import CANONICAL as SETUP_CANONICAL
from papers.setups import SETUPS

D_REDDY = ("ns-3 runs of the paper's NS-2 set-up (papers.setups, the set-ups of reddy"
           "-aiad: the bandwidth-variation environments with the AIMD and AIAD flows as "
           "congestion ops, Reno and SACK, DropTail, RED and DRR) at its scale, stored "
           "like the jasem2010 and lahanas2003 runs")
"""What would decide this paper's simulator rows that the queue model alone estimates."""

KEY = "reddy-aiad"
TITLE = "Reddy, Sireesha & Kumar, The general comparison between AIMD and AIAD"

W = 100.0
X0 = [1.0, 30.0]
CYCLES = 300
FAIR_SPREAD = 1e-3  # spread (g_max - g_min)/g_avg at the last congestion events
ROUND = Fraction(5, 1000)  # the tables print two decimals


def checks() -> list:
    """The claims of this paper, in ledger order."""
    return build(KEY)


def _q(*phrases: str) -> str:
    """The phrases located in Reddy et al., cited."""
    return "; ".join(texts.locate(KEY, ph).cite() for ph in phrases)


@shared
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


@shared_run
def _grid(fidelity: str = "round") -> dict:
    """The robustness grid at the ledger's scale (papers.setups "reddy-aiad-grid"): the chosen
    pair in every appendix setting and under DRR, the four canonical schemes under Reno +
    DropTail; in the queue model's mode ``fidelity``."""
    return X.run_experiment(KEY, "ledger", fidelity=fidelity)


def _grid_setup() -> str:
    return SETUPS["reddy-aiad-grid"].describe("ledger")


PAIR = ("AIMD(1, 0.8)", "AIAD(1, 3)")
GRID_RUN = ("Queue model (aimdmodel.studies.robustness_grid): n test flows of each control with "
            "Reno or SACK recovery through DropTail, RED or DRR, over the 13 environments of "
            "Table 2 (1-10 realized by CBR consuming C - B_a, 11-13 by Pareto/Poisson TCP "
            "cross traffic); ")


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
       "choice.", cause="paper")
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
        "additive component in the increase, not AIMD alone. The paper: "
        f"{_q('that AIMD was the only fair and stable choice')}. Rule: counterexample found; "
        "holds among the four canonical classes (AIMD, AIAD, MIMD, MIAD), verified above -> "
        "partly.",
    )


@claim(KEY, "aiad-unfair-synchronous", "Sec. 4.1.1; Sec. 6",
       "With FIFO drop-tail routers AIMD provides better fairness than AIAD, although AIMD is "
       "not perfectly fair; AIAD is not as fair.",
       cause="simulator", decide=D_REDDY,
       metrics=("goodput",), variants=("reno",))
def aiad_unfair_synchronous(fidelity="round"):
    tr_aiad = simulate(AIAD(a=1, d=3), [1, 30], 100, cycles=60, arithmetic="exact")
    diffs = {w[1] - w[0] for w in tr_aiad.windows}
    tr_aimd = simulate(AIMD(a=1, b=Fraction(4, 5)), [1, 30], 100, cycles=60, arithmetic="exact")
    aimd_end = tr_aimd.windows[-1][1] - tr_aimd.windows[-1][0]
    means = Q.grid_means(_grid(fidelity)["canonical"], "Reno+DropTail")
    fair = means["fairness"]
    checks = {
        "synchronous: AIAD keeps the gap": diffs == {Fraction(29)},
        "synchronous: AIMD closes it": abs(aimd_end) < 1,
        "queue: AIMD fairer than AIAD": Q.above(means, "fairness", PAIR[1], PAIR[0]),
        "queue: AIMD not perfectly fair": fair[PAIR[0]] > FAIR_SPREAD,
    }
    return (
        "AIMD fairer than AIAD but not perfectly fair; AIAD not as fair",
        f"synchronous: AIAD(1,3): w2 - w1 takes the values {sorted(str(d) for d in diffs)} "
        f"over {tr_aiad.n_steps} steps; AIMD(1,0.8): w2 - w1 = {float(aimd_end):.3g} after 60 "
        f"cycles. Queue model, Reno + DropTail: mean (g_max - g_min)/g_avg over the 13 "
        f"environments AIMD(1, 0.8) {fair[PAIR[0]]:.3f}, AIAD(1, 3) {fair[PAIR[1]]:.3f}; "
        + "; ".join(f"{k}: {v}" for k, v in checks.items()),
        verdict_from_checks(list(checks.values())),
        "Exact simulation of the paper's chosen AIAD(1,3) and AIMD(1,0.8), W = 100, windows 1 "
        "and 30, 60 congestion events, synchronous feedback: AIAD adds and subtracts the same "
        "amount from every flow, so the difference of the windows never changes; AIMD "
        "multiplies it by 0.8 at each event. In the queue model, with Reno recovery, DropTail, "
        "RTTs 10% apart, timeouts and environments that change, AIMD stays fairer than AIAD "
        f"but its spread is well above perfect fairness ({FAIR_SPREAD}, the synchronous "
        f"rows' threshold). " + GRID_RUN + f"set-up: {_grid_setup()}. The paper: "
        f"{_q('although AIMD is not perfectly fair', 'However, AIAD is not as fair')}. "
        "Rule: all four -> reproduced; some -> partly; none -> refuted.",
    )


@claim(KEY, "aiad-fair-non-droptail", "Sec. 1; Sec. 6",
       "AIAD can achieve fairness as long as routers are not FIFO drop-tail (RED, DRR).",
       cause="simulator", decide=D_REDDY,
       metrics=("goodput",), variants=("reno",))
def aiad_fair_non_droptail(fidelity="round"):
    # per-flow feedback (fair queueing emulation): each flow alone on capacity W/m
    tr_fq = simulate(AIAD(a=1, d=3), [[1.0], [30.0]], 50.0, cycles=40)
    last = tr_fq.windows[-20:, :, 0]
    gap = float(np.max(np.abs(last[:, 1] - last[:, 0])))
    band = 1 + 3
    g = _grid(fidelity)
    spread = {name: Q.grid_means(grid, name)["fairness"][PAIR[1]] for grid, name in
              ((g["appendix"], "Reno+DropTail"), (g["appendix"], "Reno+RED"),
               (g["drr"], "Reno+DRR"))}
    ref = Q.grid_means(g["appendix"], "Reno+DropTail")["fairness"][PAIR[0]]
    checks = {
        "synchronous, per-flow feedback: one band": gap <= band,
        "queue: AIAD under RED as fair as AIMD under DropTail": spread["Reno+RED"] <= ref,
        "queue: AIAD under DRR as fair as AIMD under DropTail": spread["Reno+DRR"] <= ref,
    }
    return (
        "AIAD fair under non-drop-tail routers",
        f"per-flow feedback: |w2 - w1| <= {gap:g} packets over the last 20 steps (band a + d = "
        f"{band}); queue model, AIAD(1, 3), mean (g_max - g_min)/g_avg over the 13 "
        "environments: " + ", ".join(f"{k} {v:.3f}" for k, v in spread.items())
        + f"; AIMD(1, 0.8) under Reno+DropTail, the paper's fair reference: {ref:.3f}; "
        + "; ".join(f"{k}: {v}" for k, v in checks.items()),
        verdict_from_checks(list(checks.values())),
        "Float simulation of AIAD(1,3) with per-flow feedback (each flow its own congestion "
        "signal at its fair share W/2 = 50, the idealised fair queueing that DRR "
        "approximates): the two windows end in the same band of width a + d. In the queue "
        "model RED drops early and at random in proportion to each flow's arrivals, and DRR "
        "serves each flow its share. The claim is that AIAD is fair there, not that it is "
        "fairer than under DropTail: 'fair' is measured against the paper's own reference, "
        "AIMD in the traditional setting (the scheme it calls fair), on the paper's metric. "
        + GRID_RUN + f"Reno recovery; set-up: {_grid_setup()}. The paper: "
        + _q("AIAD also provides reasonable fairness as long as routers do not employ")
        + ". Rule: all three -> reproduced; some -> partly; none -> refuted.",
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
        "aimd-only-fair-stable; goodput read as efficiency, tolerance 0.01. The paper: "
        f"{_q('Adding a small multiplicative component to the additive decrease of AIAD')}. "
        "Rule: both parts hold -> reproduced.",
    )


# --------------------------------------------------------------------------
# the robustness scores (reading claims on the paper's own tables and formulas)
# --------------------------------------------------------------------------
def _tables() -> str:
    """The four appendix tables, located (their titles cited)."""
    return "; ".join(texts.locate(KEY, t, section=t).cite() for t in P.SETTINGS.values())


@shared
def _bounds() -> dict:
    """Per appendix row: consistent with D_a a sum, a mean; the rows that tell them apart."""
    rows = list(_appendix_rows())
    sum_ok = [cc - ROUND <= d <= P.N_ENV * (cc + ROUND) for *_, d, cc in rows]
    mean_ok = [cc / P.N_ENV - ROUND <= d <= cc + ROUND for *_, d, cc in rows]
    deciding = [(s, m) for s, m in zip(sum_ok, mean_ok, strict=True) if s != m]
    return {"rows": rows, "sum_ok": sum_ok, "mean_ok": mean_ok, "deciding": deciding}


@claim(KEY, "Da-mean-table1", "Table 1 (notation)",
       "D_a = sum_{e in E} d_a(e) / |E|, the mean difference over the 13 environments.",
       cause="typo", reading=True)
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
        f"four appendix tables ({_tables()}), with +-0.005 for the printed rounding; a row "
        "consistent with both (D_a = C_a) does not tell them apart and is left out. Table 1 "
        f"prints the mean ({_q('metric for average performance')}), the text the sum "
        f"({_q('The other measure is the aggregate value')}), and the tables follow the text. "
        "Rule: every deciding row consistent -> reproduced; some -> partly; none -> refuted.",
    )


@claim(KEY, "Da-sum-text", "Sec. 3", "D_a = sum_{e in E} d_a(e), the aggregate of the differences.",
       cause="paper", reading=True)
def da_sum_text():
    b = _bounds()
    deciding = b["deciding"]
    return (
        f"D_a = sum of d_a(e), so C_a <= D_a <= {P.N_ENV} C_a",
        f"{sum(s for s, _ in deciding)} of the {len(deciding)} deciding rows (and "
        f"{sum(b['sum_ok'])} of all {len(b['rows'])}) are consistent with a sum",
        verdict_from_checks([s for s, _ in deciding]),
        f"Same bounds as Da-mean-table1, on the same tables ({_tables()}). The text's sum "
        f"({_q('The other measure is the aggregate value')}) fits the appendix numbers. Rule: "
        "every row consistent -> reproduced.",
    )


_MAX_INDEX = re.compile(r"\\max_(\{?[a-z][^}\s]*\}?)")


@claim(KEY, "Ca-definition", "Table 1 vs Sec. 3",
       "C_a = max_a {d_a(e)} (Table 1), the rank of algorithm a (worst-case performance).",
       cause="typo", reading=True)
def ca_definition():
    table = texts.locate(KEY, "$C_a$\t$\\max_a \\{d_a(e)\\}$")
    text = texts.locate(KEY, "$C_a = \\max_{e \\in E} \\{d_a(e)\\}$")
    over = {name: _MAX_INDEX.search(q.text).group(1).strip("{}").split()[0]
            for name, q in (("Table 1", table), ("Sec. 3", text))}
    # C_a ranks algorithm a: a must stay free, so the max must run over the environments e
    ranks = {name: idx == "e" for name, idx in over.items()}
    return (
        "one rank per algorithm",
        f"Table 1 maximises over {over['Table 1']!r}, Sec. 3 over {over['Sec. 3']!r}",
        verdict_from_readings(ranks["Table 1"], ranks["Sec. 3"]),
        f"Read from the two located formulas: {table.cite()}; {text.cite()}. A rank of "
        "algorithm a must leave a free, so its max must run over the environments e: Table "
        "1's max over a gives one value per environment and cannot rank algorithms; the "
        "text's max over e (what the tables use) can. Rule: Table 1's index holds -> "
        "reproduced; only the text's -> partly.",
    )


@claim(KEY, "fairness-metric-scoring", "Sec. 3; Sec. 4 (fairness metric)",
       "The fairness metric (g_max - g_min)/g_avg is scored like goodput: d_a(e) = S_max(e) - "
       "S_a(e), lower D_a and C_a better.", cause="paper")
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
        "The paper: " + _q("The fairness metric is defined as", "S_{\\max}(e) - S_a(e)") + ". "
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


# --------------------------------------------------------------------------
# the parameter choice, the marks, the conclusions against the paper's own tables
# --------------------------------------------------------------------------
_NUM = r"(\d+(?:\.\d+)?)"


@claim(KEY, "parameter-bounds", "Sec. 3.2",
       "With increments and decrements of at most 10% of the window, and lowest windows of "
       "about 12-15 (increase) and 25-20 (decrease), the permissible values are AI <= 3, "
       "AD <= 3.", cause="paper", reading=True)
def parameter_bounds():
    share = texts.locate(KEY, "should the window undergo an increment greater than about 10%")
    inc = texts.locate(KEY, "the lowest window size to ever undergo an increment is about 12-15")
    dec = texts.locate(KEY, "the lowest window size to ever undergo a decrement is about 25-20")
    bound = texts.locate(KEY, "$AI \\leq 3$ ,  $AD \\leq 3$")
    pct = Fraction(re.search(_NUM + "%", share.text).group(1)) / 100
    lo_inc, hi_inc = (Fraction(v) for v in re.search(_NUM + "-" + _NUM, inc.text).groups())
    lo_dec, hi_dec = sorted(Fraction(v) for v in re.search(_NUM + "-" + _NUM, dec.text).groups())
    ai, ad = (Fraction(v) for v in re.findall(r"\\leq (\d+)", bound.text))
    return (
        f"AI <= {ai}, AD <= {ad}",
        f"AI <= {float(pct)} x {lo_inc}..{hi_inc} = {float(pct * lo_inc)}..{float(pct * hi_inc)}"
        f"; AD <= {float(pct)} x {lo_dec}..{hi_dec} = {float(pct * lo_dec)}..{float(pct * hi_dec)}",
        verdict_from_checks([pct * hi_inc >= ai, pct * hi_dec >= ad]),
        "Exact arithmetic on the numbers read from the located sentences: "
        + "; ".join(q.cite() for q in (share, inc, dec, bound))
        + ". 10% of the smallest window that increases is at most 1.5, of the smallest that "
        "decreases at most 2.5: AI <= 3 and AD <= 3 do not follow, and the appendix grids with "
        "a = 2, 3 (and AIAD decrements 2, 3) break the paper's own 10% rule. Rule: each bound "
        "follows -> reproduced; none -> refuted.",
    )


def _aggregates(fam: str) -> dict:
    """Per parameter pair of one family, over the four tables: sum of D_a, max of C_a."""
    pairs = P.APPENDIX["Reno+DropTail"][fam]
    return {p: (sum(Fraction(P.APPENDIX[s][fam][p][0]) for s in P.SETTINGS),
                max(Fraction(P.APPENDIX[s][fam][p][1]) for s in P.SETTINGS)) for p in pairs}


@claim(KEY, "parameter-choice", "Sec. 3.2",
       "Based on the appendix results the candidates chosen are AIMD(1,0.8) and AIAD(1,3).",
       cause="paper", reading=True)
def parameter_choice():
    q = texts.locate(KEY, "we choose the following candidate linear control schemes for "
                            "comparison: AIMD(1,0.8), AIAD (1,3)")
    m = re.search(r"AIMD ?\((\d+), ?([\d.]+)\), ?AIAD ?\((\d+), ?(\d+)\)", q.text)
    chosen = {"AIMD": (int(m[1]), m[2]), "AIAD": (int(m[3]), int(m[4]))}
    best, text = [], []
    for fam, pick in chosen.items():
        agg = _aggregates(fam)
        by_d = min(v[0] for v in agg.values())
        by_c = min(v[1] for v in agg.values())
        d, c = agg[pick]
        best.append(d == by_d or c == by_c)
        text.append(f"{fam}{_p(pick)}: sum of D_a {float(d):.2f} (best {float(by_d):.2f}), "
                    f"max of C_a {float(c):.2f} (best {float(by_c):.2f})")
    return (
        "the chosen pairs are the best of their families",
        "; ".join(text),
        verdict_from_checks(best),
        f"The choice, read from {q.cite()}, against the four appendix tables ({_tables()}): "
        "for every (a, b) of a family, D_a summed over the four settings (aggregate) and C_a "
        "maximised over them (worst case, the paper's priority: "
        f"{_q('more concerned with its worst-case performance')}). AIMD(1,0.8) has the "
        "smallest worst case; AIAD(1,3) the smallest aggregate. Each choice is the best under "
        "one of the paper's two scores, though not under the same one. Rule: each chosen pair "
        "best under at least one score -> reproduced.",
    )


def _mark_check(setting: str, fam: str, table: dict) -> tuple[bool, str | None]:
    """Whether the marked row has the best D_a and C_a of its table (and why not)."""
    dv = {p: Decimal(x[0]) for p, x in table.items()}
    cv = {p: Decimal(x[1]) for p, x in table.items()}
    best_d, best_c = min(dv.values()), min(cv.values())
    m = P.MARKED_BY_TABLE[setting][fam]
    if dv[m] == best_d and cv[m] == best_c:
        return True, None
    both = [p for p in table if dv[p] == best_d and cv[p] == best_c]
    where_best = f" at {_p(both[0])}" if both else ""
    return False, (f"{setting} {fam}: marked {_p(m)} has (D, C) = ({dv[m]}, {cv[m]}), "
                   f"best ({best_d}, {best_c}){where_best}")


@claim(KEY, "appendix-marks", "Sec. 4.1.1; appendix tables",
       "The algorithms with the best goodput (best values of both C_a and D_a) are marked "
       "(underlined/bold) in the tables.", cause="paper", reading=True)
def appendix_marks():
    results = [_mark_check(s, f, t) for s, fams in P.APPENDIX.items() for f, t in fams.items()]
    mark_ok = [ok for ok, _ in results]
    details = [why for _, why in results if why is not None]
    marked = sorted({f"{fam}{_p(p)}" for fams in P.MARKED_BY_TABLE.values()
                     for fam, p in fams.items()})
    return (
        "the marked rows are the best of their tables",
        f"marked in the tables: {', '.join(marked)}; marked entry best in {sum(mark_ok)} of "
        f"{len(mark_ok)} tables; " + "; ".join(str(x) for x in details[:4]),
        verdict_from_checks(mark_ok),
        "The marks (bold or underlined entries) and the values are read from the located "
        f"tables ({_tables()}); minimum of D_a and of C_a per table and family (exact "
        "decimals) compared with the marked row. The text chooses AIAD(1,3) while every "
        "table marks AIAD(1,1). The paper: "
        f"{_q('we mark the algorithms with the best goodput')}. Rule: every mark on a best "
        "row -> reproduced.",
    )


def _family_best(setting: str) -> dict:
    return {fam: (min(Fraction(v[0]) for v in rows.values()),
                  min(Fraction(v[1]) for v in rows.values()))
            for fam, rows in P.APPENDIX[setting].items()}


def _rep(setting: str) -> dict:
    """(D_a, C_a) of the paper's chosen representatives, AIMD(1, 0.8) and AIAD(1, 3)."""
    t = P.APPENDIX[setting]
    return {"AIMD": tuple(Fraction(v) for v in t["AIMD"][(1, "0.8")]),
            "AIAD": tuple(Fraction(v) for v in t["AIAD"][(1, 3)])}


def _conclusions(pick) -> dict:
    """The three conclusions on the tables, each family's row chosen by ``pick``; 'among the
    best' = AIAD's D_a at most the mean D_a of every row of the table."""
    best = {s: pick(s) for s in P.SETTINGS}
    mean = {s: sum(Fraction(v[0]) for f in P.APPENDIX[s].values() for v in f.values())
            / sum(len(f) for f in P.APPENDIX[s].values()) for s in P.SETTINGS}
    reno = best["Reno+DropTail"]
    return best, {
        "AIMD unambiguous for Reno+DropTail": reno["AIMD"][0] < reno["AIAD"][0]
        and reno["AIMD"][1] < reno["AIAD"][1],
        "AIMD not best in the modern settings": all(
            best[s]["AIAD"][0] < best[s]["AIMD"][0] for s in P.SETTINGS if s != "Reno+DropTail"),
        "AIAD among the best (D_a at most the table's mean)": all(
            best[s]["AIAD"][0] <= mean[s] for s in P.SETTINGS),
    }


@claim(KEY, "conclusions-vs-tables", "Abstract; Sec. 1; Sec. 6",
       "AIMD is the unambiguous choice for Reno with FIFO drop-tail and fails to give the best "
       "goodput in the modern settings (SACK, RED), where AIAD is a reasonable alternative; "
       "AIAD is always among the best.", cause="paper", reading=True)
def conclusions_vs_tables():
    rep, parts = _conclusions(_rep)
    best, parts_best = _conclusions(_family_best)

    def said(b: dict) -> str:
        return "; ".join(f"{s} ({float(v['AIMD'][0]):.2f}, {float(v['AIMD'][1]):.2f}) / "
                         f"({float(v['AIAD'][0]):.2f}, {float(v['AIAD'][1]):.2f})"
                         for s, v in b.items())

    return (
        "the three conclusions follow from the tables",
        "(D_a, C_a) of AIMD(1, 0.8) / AIAD(1, 3), the chosen pair: " + said(rep) + "; "
        + "; ".join(f"{k}: {v}" for k, v in parts.items()) + "; each family's best row: "
        + said(best) + "; " + "; ".join(f"{k}: {v}" for k, v in parts_best.items()),
        verdict_over_readings(verdict_from_checks(list(parts.values())),
                              verdict_from_checks(list(parts_best.values()))),
        f"The appendix tables ({_tables()}) hold D_a and C_a of goodput (lower is better; "
        "exact Fractions of the printed numbers). The paper states neither which row of a "
        "family stands for it nor what 'among the best' means, so both are computed: its "
        "chosen pair (parameter-choice), and each family's best row; 'among the best' as no "
        "worse than the table's mean D_a (the table's own average, no factor chosen here). "
        "The paper: "
        + _q("AIMD is an unambiguous Choice", "We observe that AIAD is always among the best")
        + ". Rule: per reading, all three -> reproduced, some -> partly, none -> refuted; the "
        "same verdict under both stands, else the chosen pair's decides as the printed "
        "reading.",
    )


@claim(KEY, "sack-identical-goodput", "Sec. 5",
       "Under SACK-style loss recovery all algorithms except MIAD provide identical goodput "
       "performance.", cause="paper", reading=True)
def sack_identical_goodput():
    pair = {s: _rep(s) for s in ("SACK+DropTail", "SACK+RED")}
    spreads = {}
    for s in pair:
        ds = [Fraction(v[0]) for fam in P.APPENDIX[s].values() for v in fam.values()]
        spreads[s] = (min(ds), max(ds))
    identical = [abs(p["AIMD"][0] - p["AIAD"][0]) <= 2 * ROUND for p in pair.values()]
    return (
        "identical goodput (equal D_a) for AIMD and AIAD under SACK",
        "; ".join(f"{s}: D_a of AIMD(1, 0.8) {float(p['AIMD'][0]):.2f}, AIAD(1, 3) "
                  f"{float(p['AIAD'][0]):.2f}" for s, p in pair.items())
        + "; over every row of the table: " + "; ".join(
            f"{s} from {float(lo):.2f} to {float(hi):.2f}" for s, (lo, hi) in spreads.items()),
        verdict_from_checks(identical),
        f"The SACK tables ({_tables()}), exact Fractions of the printed numbers: D_a sums the "
        "goodput shortfalls over the 13 environments, so identical goodput gives equal D_a "
        "within the printed rounding (two half-units of 0.01). Compared: the paper's chosen "
        "representatives AIMD(1, 0.8) and AIAD(1, 3) (parameter-choice); the spread over all "
        "the table's rows is shown, not judged. The paper: "
        f"{_q('all algorithms except MIAD provide identical goodput performance')}. Rule: "
        "equal within rounding in both SACK tables -> reproduced; in one -> partly; in none "
        "-> refuted.",
    )


# --------------------------------------------------------------------------
# the DRR count, the set of algorithms, the text of Figs. 1-2
# --------------------------------------------------------------------------
@claim(KEY, "drr-cbr-count", "Sec. 3.3",
       "To achieve an available bandwidth B_a with DRR we need n(C - B_a) = B_a CBR flows.",
       cause="typo")
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
        "a count; reading its '=' as '/' gives the derived count. The paper: "
        + _q("we need  $n(C - B_a) = B_a$  CBR flows")
        + ". Rule: printed fails, the '/' reading holds -> partly.",
    )


_FAMILIES = ("AIMD", "AIAD", "MIMD", "MIAD")


def _named(text: str) -> list[str]:
    return [f for f in _FAMILIES if re.search(rf"\b{f}\b", text)]


@claim(KEY, "four-algorithms", "Sec. 3, 3.2, 6",
       "We tested the four basic linear congestion control algorithms.", cause="paper",
       reading=True)
def four_algorithms():
    four = texts.locate(KEY, "We tested the four basic linear congestion control algorithms")
    sets = [texts.locate(KEY, "two linear congestion control protocols {AIMD, AIAD}"),
            texts.locate(KEY, "a consists of AIMD, AIAD"),
            texts.locate(KEY, "For  $LC \\in \\{\\text{AIMD}, \\text{AIAD}\\}$")]
    shown = [texts.locate(KEY, "Bad cases for AIAD (Figure (a) and MIMD (Figure (b)))"),
             texts.locate(KEY, "When the bandwidth decreases, AIAD and MIAD lose too many "
                                 "packets")]
    words = {"two": 2, "three": 3, "four": 4}
    claimed = words[re.search(r"the (\w+) basic", four.text).group(1)]
    counts = [len(_named(q.text)) for q in sets]
    tables = {fam for s in P.APPENDIX.values() for fam in s}
    tested = {f for q in [*sets, *shown] for f in _named(q.text)}
    return (
        str(claimed),
        f"{len(tested)} families named in the results ({', '.join(sorted(tested))}); "
        f"{counts} in the located definitions of the compared set; the appendix tables hold "
        f"{len(tables)} ({', '.join(sorted(tables))})",
        verdict_from_checks([len(tested) == claimed,
                             all(c == claimed for c in [*counts, len(tables)])]),
        "Counted the algorithm names in the paper's results (the figures of Sec. 2 and the "
        "conclusion: " + "; ".join(q.cite() for q in shown) + "), in each located definition "
        "of the compared set (" + "; ".join(q.cite() for q in sets)
        + f") and in the appendix tables ({_tables()}). Against: {four.cite()}. The four "
        "were tested (Sec. 2 shows MIMD, the conclusion reports MIAD), but the set the study "
        "compares and tabulates is two. Rule: tested and compared both four -> reproduced; "
        "one -> partly; none -> refuted.",
    )


@claim(KEY, "figs-1-2-text", "Sec. 2, Figs. 1-2",
       "Fig. 1(a): AIMD best; Fig. 1(b): AIAD best; Fig. 2(a): bad case for AIAD; Fig. 2(b): "
       "bad case for MIMD; AIMD worst in Figs. 1(b), 1(c), 1(d).", cause="paper", reading=True)
def figs_1_2_text():
    fig = P.FIG_GOODPUTS
    tables = {panel: texts.locate(KEY, f"<b>{a:g}</b>\t<b>{b:g}</b>")
              for panel, (a, b) in fig.items()}
    caption2 = texts.locate(KEY, "Figure 2: Bad cases for AIAD (Figure (a) and MIMD "
                                   "(Figure (b))).")
    worst = texts.locate(KEY, "AIMD exhibits the worst performance in the experiments "
                                "presented in Figures 1(b), 1(c) and 1(d).")
    two = texts.locate(KEY, "Figure 1 shows two patterns of bandwidth variations.")
    panels = {"two": 2}[re.search(r"shows (\w+) patterns", two.text).group(1)]
    cited = re.findall(r"1\(([a-z])\)", worst.text)
    panel_b = re.search(r"and (\w+) \(Figure \(b\)\)", caption2.text).group(1)
    parts = {
        "1(a) AIMD best": fig["1(a)"][0] > fig["1(a)"][1],
        "1(b) AIAD best": fig["1(b)"][1] > fig["1(b)"][0],
        "2(a) bad for AIAD": fig["2(a)"][1] < fig["2(a)"][0],
        "2(b) has a value of the family its caption names": panel_b in _named(
            tables["2(b)"].sentence()),
        "1(b) AIMD worst": fig["1(b)"][0] < fig["1(b)"][1],
        "Figs. 1(c), 1(d) exist": all(ord(p) - ord("a") < panels for p in cited),
    }
    return (
        "goodputs " + ", ".join(f"{a:g}/{b:g}" for a, b in fig.values()) + " (AIMD/AIAD)",
        f"{sum(parts.values())} of {len(parts)} statements supported: "
        + "; ".join(f"{k}: {v}" for k, v in parts.items()),
        verdict_from_checks(list(parts.values())),
        "Read from the located passages: the goodput tables printed under the figures ("
        + "; ".join(f"{p} {q.cite()}" for p, q in tables.items())
        + f"), the captions and text ({caption2.cite()}; {two.cite()}; {worst.cite()}). Fig. "
        "2(b)'s table names only AIMD and AIAD, and Fig. 1 has two panels, so 1(c) and 1(d) "
        "do not exist. Rule: all supported -> reproduced; some -> partly.",
    )


# --------------------------------------------------------------------------
# Sec. 2: tracking a changing bandwidth, on environments 1-10
# --------------------------------------------------------------------------
ENVS = ("CL", "CH", "SQL", "SQH", "RWL", "RWH", "RDL", "RDH", "RWA", "RWM")
TRACKERS = {"AIMD(1,0.8)": AIMD(a=1, b=Fraction(4, 5)), "AIAD(1,3)": AIAD(a=1, d=3),
            "MIMD(1.1,0.8)": MIMD(c=Fraction(11, 10), b=Fraction(4, 5)),
            "MIAD(1.1,3)": MIAD(c=Fraction(11, 10), d=3)}


@shared
def _tracking() -> dict:
    """Goodput proxy of one flow of each control on environments 1-10 (float, 1500 steps of
    0.1 s, 1000-byte packets, seed 1): (sum of min(w, W_t) - sum of max(w - W_t, 0)) over
    the sum of W_t (a lost packet costs one delivered packet to retransmit)."""
    out = {}
    for env in ENVS:
        cap = capacity_trace(env, steps=1500, rtt=0.1, packet_size=1000, seed=1)
        row = {}
        for name, pol in TRACKERS.items():
            tr = simulate(pol, [1.0], list(cap), steps=1499, engine="auto")
            sent, w = np.asarray(tr.totals[:-1], dtype=float), cap[:-1]
            row[name] = float((np.minimum(sent, w) - np.maximum(sent - w, 0)).sum() / w.sum())
        out[env] = row
    return out


def _tracking_parts(best: dict, worst: dict, top: dict, pair: tuple, names: tuple,
                    four: bool = True) -> dict:
    """Sec. 2's statements on one model's best/worst per environment (``four``: also 'each of
    the four best somewhere and worst somewhere')."""
    parts = {
        "A = {AIMD, AIAD}: each best somewhere": {best_of(top[e], pair) for e in ENVS}
        == set(pair),
        "AI better on the slow random walk (RWL)": max(top["RWL"][n] for n in pair)
        > max(top["RWL"][n] for n in names if n not in pair),
        "MI better on the abrupt square wave 1 -> 10 Mbps (SQH)": max(
            top["SQH"][n] for n in names if n not in pair) > max(top["SQH"][n] for n in pair),
        "no scheme best everywhere": len(set(best.values())) > 1,
    }
    if four:
        parts["each of the four best somewhere and worst somewhere"] = (
            set(best.values()) == set(worst.values()) == set(names))
    return parts


@claim(KEY, "tracking-environments", "Sec. 2",
       "Each algorithm is the best in some scenarios and the worst in others; an additive "
       "increase does better when the bandwidth changes slowly, a multiplicative one when it "
       "rises in large abrupt steps; no canonical scheme dominates.",
       cause="simulator", decide=D_REDDY,
       metrics=("goodput",), variants=("reno",))
def tracking_environments(fidelity="round"):
    g = _tracking()
    best = {e: max(r, key=r.get) for e, r in g.items()}
    worst = {e: min(r, key=r.get) for e, r in g.items()}
    sync = _tracking_parts(best, worst, g, ("AIMD(1,0.8)", "AIAD(1,3)"), tuple(TRACKERS),
                           four=False)
    grid = _grid(fidelity)["canonical"]
    ranks = Q.env_ranks(grid, "Reno+DropTail", ENVS)
    top = {e: {p: grid.values("Reno+DropTail")[p][e] for p in grid.policies} for e in ENVS}
    queue = _tracking_parts(ranks["best"], ranks["worst"], top, PAIR, grid.policies)
    parts = {f"synchronous: {k}": v for k, v in sync.items()} | {
        f"queue: {k}": v for k, v in queue.items()}
    return (
        "each best and worst somewhere; AI for slow, MI for abrupt increases",
        "synchronous: " + "; ".join(f"{e}: best {best[e]}, worst {worst[e]}" for e in ENVS)
        + ". Queue model, Reno + DropTail: " + "; ".join(
            f"{e}: best {ranks['best'][e]}, worst {ranks['worst'][e]}" for e in ENVS)
        + f" (goodput RWL {top['RWL'][PAIR[0]]:.3f}, SQH {top['SQH'][PAIR[0]]:.3f} for "
        f"{PAIR[0]}). " + "; ".join(f"{k}: {v}" for k, v in parts.items()),
        verdict_from_checks(list(parts.values())),
        "Float runs (engine auto) of one flow of the paper's AIMD(1,0.8) and AIAD(1,3) and of "
        "MIMD(1.1, 0.8), MIAD(1.1, 3) (increase 10% and decrease 0.8 at the edges of the "
        "paper's permissible MI > 0.1, MD < 0.9) on the capacity traces of environments 1-10 "
        "(aimdmodel.environments.capacity_trace, RTT 0.1 s, 1000-byte packets, seed 1, 150 "
        "s); goodput = the delivered share of W_t minus the overshoot (each lost packet is "
        "sent again): without timeouts, one of the four is never best there and one never "
        "worst, so 'each best and worst somewhere' is left to the queue model: the same four "
        "controls with Reno recovery and timeouts, goodput = unique packets over the "
        "available bandwidth. " + GRID_RUN
        + f"set-up: {_grid_setup()}. The paper: "
        + _q("For each of the algorithms we can find scenarios in which it performs the best",
             "an additive increase will likely outperform")
        + ". Rule: all parts -> reproduced; some -> partly; none -> refuted.",
    )


def best_of(row: dict, names: tuple) -> str:
    return max(names, key=row.get)


# --------------------------------------------------------------------------
# the NS-2 results
# --------------------------------------------------------------------------
def _pair_printed(setting: str) -> tuple[Fraction, Fraction]:
    rows = P.APPENDIX[setting]
    return (Fraction(rows["AIMD"][P.CHOSEN_TEXT["AIMD"]][0]),
            Fraction(rows["AIAD"][P.CHOSEN_TEXT["AIAD"]][0]))


@claim(KEY, "appendix-ns2", "Appendix tables; Sec. 4",
       "The C_a and D_a values of AIMD(a,b) and AIAD(a,b) under Reno/SACK and DropTail/RED, "
       "and the rankings drawn from them (AIMD best under Reno + drop-tail, AIAD among the "
       "best otherwise).",
       cause="simulator", decide=D_REDDY,
       metrics=("goodput",), variants=("reno", "sack"))
def appendix_ns2(fidelity="round"):
    g = _grid(fidelity)["appendix"]
    order = Q.pair_order(g, *PAIR)
    printed = {s: _pair_printed(s) for s in P.SETTINGS}
    checks = {f"{s}: the same of the pair ranks first": abs(a - b) <= 2 * ROUND
              or (order[s] < 0) == (a < b) for s, (a, b) in printed.items()}
    checks["AIMD first under Reno + DropTail"] = order["Reno+DropTail"] < 0
    checks["AIAD first in the other three"] = all(order[s] > 0 for s in P.SETTINGS
                                                  if s != "Reno+DropTail")
    scores = {s: g.scores(s) for s in P.SETTINGS}
    return (
        f"{len(_bounds()['rows'])} (D_a, C_a) pairs; the chosen pair AIMD(1, 0.8) / AIAD(1, "
        "3) D_a: " + "; ".join(f"{s} {float(a):.2f} / {float(b):.2f}"
                               for s, (a, b) in printed.items()),
        "queue model, (D_a, C_a) of AIMD(1, 0.8) / AIAD(1, 3): " + "; ".join(
            f"{s} ({sc.D[PAIR[0]]:.2f}, {sc.C[PAIR[0]]:.2f}) / ({sc.D[PAIR[1]]:.2f}, "
            f"{sc.C[PAIR[1]]:.2f})" for s, sc in scores.items())
        + "; " + "; ".join(f"{k}: {v}" for k, v in checks.items()),
        verdict_from_checks(list(checks.values())),
        GRID_RUN + "goodput = unique packets over the bandwidth the cross traffic leaves; "
        "D_a, C_a as Sec. 3 defines them (aimdmodel.queue.metrics.robustness) with A = the "
        "chosen pair (D_a - D_b = sum_e S_b(e) - S_a(e) does not depend on the other rows of "
        "A, so the pair's order is the appendix's). The absolute values depend on what the "
        "paper does not print (n, C, RTTs, cross-traffic sizes); the model decides the "
        "order; printed values within the rounding of each other (two decimals, +-0.005 "
        "each) are a tie, which either order matches. All 18 rows and the four tables at "
        "full scale: paper_checks/RERUNS.md. Set-up: "
        f"{_grid_setup()}. The tables: {_tables()}. Rule: all six -> reproduced; some -> "
        "partly; none -> refuted.",
    )


@claim(KEY, "reno-results", "Sec. 4.1.1",
       "With Reno: AIMD suffers the fewest losses, MIAD the most; AIMD and AIAD have the "
       "highest delay values.",
       cause="simulator", decide=D_REDDY,
       metrics=("loss_rate", "queueing_delay"), variants=("reno",))
def reno_results(fidelity="round"):
    m = Q.grid_means(_grid(fidelity)["canonical"], "Reno+DropTail")
    loss, delay = m["D_loss"], m["D_delay"]
    top2 = sorted(delay, key=delay.get)[-2:]
    checks = {
        "AIMD the fewest losses": min(loss, key=loss.get) == PAIR[0],
        "MIAD the most": max(loss, key=loss.get) == "MIAD(1.1, 3)",
        "AIMD and AIAD the highest delays": set(top2) == set(PAIR),
    }
    return (
        "AIMD fewest losses, MIAD most; AIMD and AIAD the highest delays",
        "queue model, Reno + DropTail, D_a of loss: " + ", ".join(
            f"{k} {v:.2f}" for k, v in loss.items()) + "; D_a of delay: " + ", ".join(
            f"{k} {v:.1f}" for k, v in delay.items()) + "; mean loss (%): " + ", ".join(
            f"{k} {v:.3f}" for k, v in m["loss"].items()) + "; mean queueing delay (ms): "
        + ", ".join(f"{k} {v:.1f}" for k, v in m["delay"].items()) + "; "
        + "; ".join(f"{k}: {v}" for k, v in checks.items()),
        verdict_from_checks(list(checks.values())),
        GRID_RUN + "the chosen AIMD(1, 0.8), AIAD(1, 3) and MIMD(1.1, 0.8), MIAD(1.1, 3) "
        "(the paper prints no MIMD or MIAD parameters: a 10% increase and the decreases of "
        "the pair), Reno recovery, DropTail; loss and delay are ranked by D_a with d_a(e) = "
        "S_a(e) - S_min(e) (lower is better, as the paper's 'we only present D_a'). Set-up: "
        f"{_grid_setup()}. The paper: {_q('In addition, AIMD suffers the fewest losses')}. "
        "Rule: all three -> reproduced; some -> partly; none -> refuted.",
    )


@claim(KEY, "random-walks", "Sec. 3.1, Table 2 (RWL, RWH, RWA, RWM)",
       "The random-walk environments vary the available bandwidth around their B_0 "
       "(1 or 10 Mbps) for the test flows to track.", cause="paper")
def random_walks():
    envs = {name: ENVIRONMENTS[name] for name in ("RWL", "RWH", "RWA", "RWM")}
    mu = sp.nsimplify(envs["RWM"].mu)
    drift = sp.log(mu) - 1  # E[log(mu U)], U uniform on (0, 1): log(mu) + E[log U]
    m, d = sp.symbols("m Delta", positive=True)
    rwa_mean = sp.solve(sp.Eq(m, (m + d) / 2), m)[0]  # E[B'] = (B + Delta)/2 at stationarity
    below = {n: math.floor(Fraction(e.b0) / Fraction(e.delta)) + 1 if e.delta else None
             for n, e in envs.items() if n in ("RWL", "RWH")}  # draws of -Delta to below 0
    traces = {n: capacity_trace(n, steps=2000, rtt=1.0, interval=1.0, seed=1,
                                packet_size=125000, min_capacity=1e-9)
              for n in ("RWA", "RWM")}  # Mbps per step
    ok = {"RWL stays positive": below["RWL"] is None,
          "RWH stays positive": below["RWH"] is None,
          "RWA varies around B_0": abs(float(np.mean(traces["RWA"][1000:])) - 1) < 0.5,
          "RWM varies around B_0": bool(drift >= 0)}
    return (
        "bandwidth varying around B_0",
        f"RWM: E[log(B_t+1/B_t)] = {drift} = {float(drift):.3f} < 0, so B_t -> 0 almost "
        f"surely (its trace's last value {float(traces['RWM'][-1]):.3g} Mbps); RWA: "
        f"stationary mean m = (m + Delta)/2 gives m = {rwa_mean} = 0.25 Mbps with Delta = "
        f"{envs['RWA'].delta / 1e6:g} Mbps (the trace's mean over its second half "
        f"{float(np.mean(traces['RWA'][1000:])):.3f} Mbps); RWL, RWH: below 0 after "
        + ", ".join(f"{n} {k} draws down" for n, k in below.items()) + "; "
        + "; ".join(f"{k}: {v}" for k, v in ok.items()),
        verdict_from_checks(list(ok.values())),
        "aimdmodel.environments.ENVIRONMENTS (Table 2's parameters as printed): sympy for "
        "RWM's drift (exact) and RWA's stationary mean (exact); exact Fractions for the "
        "number of draws of -Delta that take RWL/RWH from B_0 below 0 (the paper gives no "
        "floor); float traces (aimdmodel.environments.capacity_trace, 2000 draws, seed 1, "
        "in Mbps) for the levels reached. RWM collapses to zero and RWA settles at a quarter "
        "of its B_0, so two of the four walks do not vary the bandwidth around B_0, and "
        "RWL/RWH need a floor the paper does not give. Rule: all four -> reproduced; some "
        "-> partly; none -> refuted.",
    )


@claim(KEY, "drr-share", "Sec. 3.3",
       "With n test flows under DRR a single CBR source is limited to at most 1/n+1 th of the "
       "available bandwidth.", cause="typo")
def drr_share():
    n = sp.Symbol("n", positive=True, integer=True)
    derived = 1 / (n + 1)  # DRR: n + 1 backlogged flows, one share each
    q = _q("a single CBR source would be limited to at most  $1/n+1$ th of the available "
           "bandwidth at any instant of time when DRR is used")
    printed = 1 / n + 1  # as printed, '1/n+1'
    charitable = 1 / (n + 1)
    return (
        "1/n + 1",
        f"DRR's share of one of n + 1 backlogged flows: {derived}; the printed 1/n + 1 = "
        f"{sp.together(printed)} (above 1 for every n); read as 1/(n + 1): equal",
        verdict_from_readings(sp.simplify(printed - derived) == 0,
                              sp.simplify(charitable - derived) == 0),
        "sympy: deficit round robin serves each backlogged flow the same share, so one CBR "
        "source among n TCP test flows gets at most 1/(n + 1) of the link, and the test "
        "flows at least n/(n + 1): the available bandwidth cannot be varied with one source. "
        f"The paper: {q}. Rule: the printed 1/n + 1 equal -> reproduced; only 1/(n + 1) -> "
        "partly (a missing bracket).",
    )


@claim(KEY, "mi-md-bounds", "Sec. 3.2",
       "The 10% rules give MI > 0:1 and MD < 0:9; AIMD(1, 0.1) is an example of the single "
       "algorithm that best summarizes its family.", cause="typo", reading=True)
def mi_md_bounds():
    inc = texts.locate(KEY, "should the window undergo an increment greater than about 10%")
    dec = texts.locate(KEY, "the decrement in the window should never be more than 10%")
    bounds = texts.locate(KEY, "$MI > 0:1$  and  $MD < 0:9$")
    example = texts.locate(KEY, "the single algorithm in each case (for example, AIMD (1, "
                                  "0.1)) would best summarize")
    pct = [Fraction(re.search(_NUM + "%", q.text).group(1)) / 100 for q in (inc, dec)]
    pairs = re.findall(r"(\d+):(\d+)", bounds.text)
    printed = [Fraction(int(a), int(b)) for a, b in pairs]  # a ratio
    decimal = [Fraction(f"{a}.{b}") for a, b in pairs]
    rule = [pct[0], 1 - pct[1]]  # more than 10% up is multiplicative; less than 90% left
    a, b = re.search(r"AIMD \((\d+), " + _NUM + r"\)", example.text).groups()
    grid = {(x, Fraction(y)) for x, y in P.APPENDIX["Reno+DropTail"]["AIMD"]}
    in_grid = (int(a), Fraction(b)) in grid
    return (
        "MI > 0:1, MD < 0:9; AIMD(1, 0.1)",
        f"the 10% rules give MI > {rule[0]}, MD < {rule[1]}; printed '0:1', '0:9' as ratios: "
        f"{', '.join(str(v) for v in printed)}; as decimals: {', '.join(str(v) for v in decimal)}"
        f"; AIMD({a}, {b}) among the {len(grid)} AIMD rows of the appendix: {in_grid}",
        verdict_from_checks([printed == rule, decimal == rule, in_grid]),
        "Exact Fractions of the numbers in the located sentences: "
        + "; ".join(q.cite() for q in (inc, dec, bounds, example))
        + ". An increase of more than 10% of the window is multiplicative, a decrease that "
        "keeps more than 90% of it is not: MI > 1/10 and MD < 9/10. Printed with colons the "
        "bounds read as ratios (0:1 = 0, 0:9 = 0) and say nothing; read as decimal points "
        "they are the rule's. The example AIMD(1, 0.1), a cut to a tenth, is not one of the "
        "AIMD variants the paper tests (b = 0.5, 0.65, 0.8) nor its choice AIMD(1, 0.8). "
        "Rule: printed bounds, decimal bounds, example tested: all -> reproduced; some -> "
        "partly; none -> refuted.",
    )


SIMILAR = 0.1
"""'Roughly similar' goodput: within 10% of each other."""


@claim(KEY, "similar-goodput-reno", "Sec. 4.1.1",
       "With Reno loss recovery, AIMD and AIAD deliver roughly similar goodput in all the test "
       "environments.", cause="simulator", decide=D_REDDY,
       metrics=("goodput",), variants=("reno",))
def similar_goodput_reno(fidelity="round"):
    g = _grid(fidelity)["appendix"]
    s = g.setting_names.index("Reno+DropTail")
    aimd, aiad = (g.goodput[s][g.policies.index(p)] for p in PAIR)
    close = {e: abs(a - b) <= SIMILAR * max(a, b) for e, a, b in zip(g.environments, aimd, aiad,
                                                                       strict=True)}
    return (
        "roughly similar goodput in every environment",
        "queue model, Reno + DropTail, goodput over the available bandwidth of AIMD(1, 0.8) / "
        "AIAD(1, 3): " + ", ".join(f"{e} {a:.2f}/{b:.2f}" for e, a, b in
                                   zip(g.environments, aimd, aiad, strict=True))
        + f"; within {SIMILAR:.0%} in {sum(close.values())} of {len(close)} environments",
        verdict_from_checks([all(close.values())]),
        GRID_RUN + f"'Roughly similar' = within {SIMILAR:.0%} of each other (float). Set-up: "
        f"{_grid_setup()}. The paper: "
        f"{_q('AIMD and AIAD deliver roughly similar goodput in all the test environments')}. "
        "Rule: in every environment -> reproduced; else refuted.",
    )


@claim(KEY, "sack-goodput-higher", "Sec. 4.1.2",
       "The absolute goodputs with TCP SACK are significantly higher than with TCP Reno.",
       cause="simulator", decide=D_REDDY,
       metrics=("goodput",), variants=("reno", "sack"))
def sack_goodput_higher(fidelity="round"):
    g = _grid(fidelity)["appendix"]
    reno, sack = (Q.grid_means(g, s) for s in ("Reno+DropTail", "SACK+DropTail"))
    both = {"goodput": {**{f"{p} SACK": v for p, v in sack["goodput"].items()},
                        **{f"{p} Reno": v for p, v in reno["goodput"].items()}},
            "goodput_sem": {**{f"{p} SACK": v for p, v in sack["goodput_sem"].items()},
                            **{f"{p} Reno": v for p, v in reno["goodput_sem"].items()}}}
    higher = {p: Q.above(both, "goodput", f"{p} SACK", f"{p} Reno") for p in PAIR}
    return (
        "SACK's goodput above Reno's",
        "queue model, DropTail, mean goodput over the available bandwidth over the 13 "
        "environments, SACK / Reno: " + ", ".join(
            f"{p} {sack['goodput'][p]:.3f} / {reno['goodput'][p]:.3f}" for p in PAIR)
        + "; higher: " + ", ".join(f"{p} {v}" for p, v in higher.items()),
        verdict_from_checks(list(higher.values())),
        GRID_RUN + f"'Significantly' = by more than {Q.Z:g} standard errors of the "
        "replications' means (float). Set-up: " + _grid_setup() + ". The paper: "
        + _q("of the goodputs are significantly higher than with TCP Reno")
        + ". Rule: higher for both of the pair -> reproduced; one -> partly; none -> refuted.",
    )


@shared
def _responses() -> dict:
    """One flow of each canonical scheme with the pair's parameters (exact, sum >= W), the
    capacity halving (100 -> 50) or doubling (50 -> 100) at step 300 of 600: the steps until
    the window is first below the new capacity, and until the first congestion event."""
    pols = [AIMD(a=1, b=Fraction(4, 5)), AIAD(a=1, d=3), MIMD(c=Fraction(11, 10),
            b=Fraction(4, 5)), MIAD(c=Fraction(11, 10), d=3)]
    out = {}
    for kind, cap in (("drop", (100, 50)), ("rise", (50, 100))):
        d = capacity_change(pols, x0=(10,), capacity=cap, change=300, steps=600,
                            conventions=(">=",), arithmetic="exact")
        for lab, tr in zip(d.labels, d.runs, strict=True):
            after = range(300, len(tr.totals))
            if kind == "drop":
                # below the new capacity: no congestion under sum >= W (the rule, once)
                t = next((s - 300 for s in after if not exceeds(tr.totals[s], cap[1], True)),
                         None)
            else:
                t = next((int(c) - 300 for c in tr.congestion_steps if c >= 300), None)
            out.setdefault(lab.split("(")[0], {})[kind] = t
    return out


@claim(KEY, "mimd-responsive", "Sec. 5 (citing [8])",
       "In a fair network MIMD is more responsive to congestion notifications than the other "
       "schemes, including AIMD.", cause="paper")
def mimd_responsive():
    r = _responses()
    others = [k for k in r if k != "MIMD"]
    faster_drop = all(r["MIMD"]["drop"] < r[k]["drop"] for k in others)
    faster_rise = all(r["MIMD"]["rise"] <= r[k]["rise"] for k in others if k != "MIAD")
    q = _q("MIMD is more responsive to congestion notifications than the other schemes")
    return (
        "MIMD reacts fastest",
        "steps after the capacity halves until the window is below it: "
        + ", ".join(f"{k} {v['drop']}" for k, v in r.items())
        + "; after it doubles until the first congestion event: "
        + ", ".join(f"{k} {v['rise']}" for k, v in r.items())
        + f"; MIMD faster than every other after a drop: {faster_drop}; no slower than the "
        f"additive ones after a rise: {faster_rise}",
        verdict_from_checks([faster_drop, faster_rise]),
        "Exact simulations (aimdmodel.experiments.capacity_change, sum >= W) of one flow per "
        "scheme (a fair network gives each flow its own signal, so one flow at its share is "
        "the case), with the paper's chosen parameters: AIMD(1, 0.8), AIAD(1, 3), MIMD(1.1, "
        "0.8), MIAD(1.1, 3). A congestion notification is answered by the decrease, whose "
        "factor MIMD shares with AIMD (0.8): after a drop the two differ only by where each "
        "stands in its cycle (one step here); MIMD's clear advantage is in claiming a rise "
        "(the additive schemes need about 50 steps, the multiplicative ones under 10). "
        "The paper: " + q + ". Rule: faster after a "
        "drop and after a rise -> reproduced; one -> partly; none -> refuted.",
    )


DROPS = ("SQL", "SQH")
"""The environments whose bandwidth drops in large steps (square waves)."""


@claim(KEY, "additive-decrease-losses", "Sec. 2 (Figs. 1-2)",
       "When the bandwidth decreases, AIAD and MIAD lose too many packets (more than AIMD "
       "and MIMD).", cause="simulator", decide=D_REDDY,
       metrics=("loss_rate",), variants=("reno",))
def additive_decrease_losses(fidelity="round"):
    c = _grid(fidelity)["canonical"]
    loss = {p: {e: float(c.loss[0][i][c.environments.index(e)]) for e in DROPS}
            for i, p in enumerate(c.policies)}
    additive = [p for p in c.policies if p.startswith(("AIAD", "MIAD"))]
    multiplicative = [p for p in c.policies if p not in additive]
    more = {e: min(loss[p][e] for p in additive) > max(loss[p][e] for p in multiplicative)
            for e in DROPS}
    return (
        "AIAD and MIAD lose the most when the bandwidth drops",
        "queue model, Reno + DropTail, loss rate (%) in the square-wave environments: "
        + "; ".join(f"{p} " + ", ".join(f"{e} {v:.2f}" for e, v in d.items())
                    for p, d in loss.items())
        + "; both additive decreases above both multiplicative ones: "
        + ", ".join(f"{e} {v}" for e, v in more.items()),
        verdict_from_checks(list(more.values())),
        GRID_RUN + "the four canonical schemes with the chosen parameters (run with Reno "
        "recovery only; the paper's sentence goes on about SACK's timeouts, which the row "
        "sack-timeouts counts); the environments "
        f"{', '.join(DROPS)} drop the bandwidth in steps every 5 s (float). Set-up: "
        f"{_grid_setup()}. The paper: "
        f"{_q('When the bandwidth decreases, AIAD and MIAD lose too many packets')}. Rule: in "
        "both environments -> reproduced; one -> partly; none -> refuted.",
    )


TIMEOUT_REPLICATIONS = 3


@shared_run
def _sack_timeouts(fidelity: str = "round") -> dict:
    """Retransmission timeouts of the four canonical schemes with SACK recovery (and, beside
    them, Reno) in the square-wave environments, at the grid's ledger scale, in the queue
    model's mode ``fidelity`` (the packet-level mode leaves Reno out: ``reno`` is then
    ``{}``, and ``"reno refused"`` says why).

    Returns
    -------
    dict
        ``{env: {recovery: {scheme: per-replication timeouts of all test flows (ndarray)}}}``.
    """
    kw = SETUPS["reddy-aiad-grid"].kwargs("ledger")
    n, rtt, spread = kw["n_flows"], kw["base_rtt"], kw["rtt_spread"]
    rtts = [rtt] if n == 1 else [rtt * (1 + spread * (2 * i / (n - 1) - 1)) for i in range(n)]
    out: dict = {}
    for env in DROPS:
        num = ENVIRONMENTS[env].number
        link, cross = environment_network(env, discipline="droptail", seed=num, n_flows=n,
                                          per_flow_rate=kw["per_flow_rate"], rtt=rtt,
                                          packet_size=kw["packet_size"],
                                          duration=kw["duration"])
        for rec in ("sack", "reno"):
            for name, pol in SETUP_CANONICAL.items():
                flows = tuple(Flow(variant=rec, policy=pol, base_rtt=r) for r in rtts)
                sc = Scenario(flows=flows, link=link, cross=cross, duration=kw["duration"],
                              warmup=kw["warmup"], packet_size=kw["packet_size"], seed=num)
                row = out.setdefault(env, {}).setdefault(rec, {})
                try:
                    res = queue_run(sc, replications=TIMEOUT_REPLICATIONS, fidelity=fidelity)
                except ValueError as exc:
                    if rec == "sack" or not is_refusal(exc):
                        raise
                    out["reno refused"] = " ".join(str(exc).split())
                    continue
                row[name] = res.timeouts.sum(axis=1)
    return out


def _mean_sem(v: np.ndarray) -> tuple[float, float]:
    return float(np.mean(v)), float(np.std(v, ddof=1) / math.sqrt(len(v)))


@claim(KEY, "sack-timeouts", "Sec. 2 (Figs. 1-2)",
       "When the bandwidth decreases, AIAD and MIAD flows lose so many packets that TCP SACK "
       "is no longer able to avoid retransmission timeouts (AIMD's SACK flows avoid more of "
       "them).", cause="simulator", decide=D_REDDY,
       metrics=("timeouts",), variants=("sack",))
def sack_timeouts(fidelity="round"):
    t = _sack_timeouts(fidelity)
    aimd, additive = "AIMD(1, 0.8)", ("AIAD(1, 3)", "MIAD(1.1, 3)")
    checks = {}
    for env in DROPS:
        s = {name: _mean_sem(v) for name, v in t[env]["sack"].items()}
        summary = {"timeouts": {k: m for k, (m, _) in s.items()},
                   "timeouts_sem": {k: e for k, (_, e) in s.items()}}
        for name in additive:
            checks[f"{env} {name}: timeouts, more than AIMD's"] = (
                s[name][0] > 0 and Q.above(summary, "timeouts", name, aimd))
    return (
        "SACK cannot avoid timeouts for AIAD and MIAD when the bandwidth drops",
        f"queue model ({fidelity} mode), SACK + DropTail, retransmission timeouts of the 2 test "
        "flows per run "
        f"(mean of {TIMEOUT_REPLICATIONS} replications): "
        + "; ".join(f"{env} " + ", ".join(f"{k} {float(np.mean(v)):.1f}"
                                           for k, v in t[env]["sack"].items())
                    for env in DROPS)
        + (f" (Reno, beside them: not run, {t['reno refused']})" if "reno refused" in t else
           " (Reno, beside them: "
           + "; ".join(f"{env} " + ", ".join(f"{k} {float(np.mean(v)):.1f}"
                                             for k, v in t[env]["reno"].items())
                       for env in DROPS) + ")")
        + "; " + "; ".join(f"{k} {v}" for k, v in checks.items()),
        verdict_from_checks(list(checks.values())),
        "Queue model (aimdmodel.queue.run, the environments' links and CBR load from "
        "aimdmodel.studies.environment_network): the two test flows of each canonical scheme "
        "with the chosen parameters (papers.reddy_aiad.setups.CANONICAL) with SACK recovery "
        f"through DropTail, in the environments {', '.join(DROPS)} (the bandwidth drops in steps "
        f"every 5 s), {TIMEOUT_REPLICATIONS} replications; timeouts counted over each whole run "
        "(float), so those of the high periods count too. 'More than AIMD's' = by more than "
        f"{Q.Z:g} standard errors of the replications' means (papers.queue_readings.above). "
        f"Network: the grid's ledger scale ({_grid_setup()}). The paper: "
        f"{_q('TCP SACK is no longer able to avoid retransmission timeouts')}. Rule: AIAD and "
        "MIAD time out, more than AIMD, in both environments -> reproduced; some -> partly; "
        "none -> refuted.",
    )
