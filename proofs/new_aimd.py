"""New-AIMD (Jasem et al. 2010): its recurrences, what they imply, and what ">99%" measures.

Proves, running the NewAIMD class (the printed pseudocode, and the charitable
reading) on sympy symbols for two flows with initial windows x_1, x_2 and
capacity W, with k_m the RTTs of increase in cycle m and the paper's
congestion condition "sum of the windows = W" (its Eqs. 1-4):

1. Charitable reading (the decrease only halves the x_i, as the paper's
   Eqs. 1-4 assume): k_2 = (W - 2 k_1)/4 and k_m = k_2 / 2^(m-2) hold exactly
   (checked for m <= 10, and rsolve of the recurrence k_(m+1) = k_m / 2 that
   the code gives).
2. Printed reading (the loop increments t before it tests congestion, so a
   congestion RTT also adds 1 to t): k_2 = (W - 2 k_1)/4 - 1 and
   k_(m+1) = k_m/2 - 1/2, i.e. k_m = (k_2 + 1)/2^(m-2) - 1, which turns
   negative: from then on there is no increase RTT, every RTT is a congestion
   event and the sum grows by 2 per RTT without bound.
3. What the recurrences imply for the windows (charitable): sum_m k_m = W/2,
   so both windows tend to W/2 (x_i -> 0), the sum to W, and the cycle length
   k_m -> 0: a congestion event at every RTT.
4. The paper's packet count (1 + k_m)(W - k_m) per cycle is the code's count;
   the efficiency of M cycles, sum (1 + k_m)(W - k_m) / (W sum (1 + k_m)),
   tends to 1 as M -> oo: the ">99%" is the efficiency of a system whose
   cycles have shrunk to zero increase RTTs (windows' sum held at W, a loss at
   every RTT), not of a sawtooth. The iteration agrees (exact arithmetic).
"""

from __future__ import annotations

from fractions import Fraction

import sympy
from _check import check, require
from sympy import Rational, Sum, limit, oo, rsolve, simplify, symbols

from aimdmodel import NewAIMD, metrics, simulate
from aimdmodel.symbolic import derive
from papers.jasem2010 import EFFICIENCY_CLAIMED, GAIN_OVER_FCPLUS
from papers.lahanas2003 import EFFICIENCY_AIMD_FC_PLUS

W = symbols("W", positive=True)
x1, x2 = symbols("x1 x2", nonnegative=True)
M_MAX = 10


def cycles(policy, m_max):
    """Increase lengths k_1..k_m from the code: sum of windows reaches W exactly."""
    s1, s2 = policy.init(x1), policy.init(x2)
    ks, starts = [], []
    for m in range(1, m_max + 1):
        k = symbols(f"k_{m}")
        starts.append(sympy.expand(policy.window(s1) + policy.window(s2)))
        a1, a2 = policy.advance(s1, k), policy.advance(s2, k)
        (value,) = sympy.solve(policy.window(a1) + policy.window(a2) - W, k)
        ks.append(sympy.expand(value))
        s1 = policy.decrease(policy.advance(s1, value))
        s2 = policy.decrease(policy.advance(s2, value))
    return ks, starts, (s1, s2)


print("# New-AIMD: the recurrences from the code\n")
k1 = (W - x1 - x2) / 2  # Eq. (1): x_1 + x_2 + 2 k_1 = W

print("## Charitable reading (decrease (x, t) -> (x/2, t))\n")
char = NewAIMD(reading="charitable")
ks, starts, (s1, s2) = cycles(char, M_MAX)
check("k_1 from Eq. (1)", ks[0], k1)
check("k_2 = (W - 2 k_1)/4 (the paper)", ks[1], (W - 2 * k1) / 4)
for m in range(3, M_MAX + 1):
    check(f"k_{m} = k_2 / 2^{m - 2} (the paper)", ks[m - 1], ks[1] / 2 ** (m - 2))
km = sympy.Function("k")
m = symbols("m", integer=True, positive=True)
for i in range(1, M_MAX - 1):
    require(simplify(ks[i + 1] - ks[i] / 2) == 0, f"the code's recurrence k_{i + 2} = k_{i + 1}/2")
sol = rsolve(km(m + 1) - km(m) / 2, km(m), {km(2): ks[1]})
check("rsolve k_(m+1) = k_m/2 from k_2", sol, ks[1] / 2 ** (m - 2))
for i in range(M_MAX):
    check(f"cycle {i + 1} starts at sum W - 2 k_{i + 1}", starts[i] if i else starts[0],
          W - 2 * ks[i])
total_t = ks[0] + Sum(ks[1] / 2 ** (m - 2), (m, 2, oo)).doit()
check("sum of all k_m = W/2: each window tends to W/2 (x_i -> 0)", total_t, W / 2)
check("the x part after M_MAX cycles", s1.x, x1 / 2**M_MAX)
print()

print("## Printed reading (decrease (x, t) -> (x/2, t + 1): t grows at congestion too)\n")
printed = NewAIMD()
pks, _, _ = cycles(printed, M_MAX)
check("k_1 from Eq. (1)", pks[0], k1)
check("k_2 = (W - 2 k_1)/4 - 1 (one RTT less than the paper's)", pks[1], (W - 2 * k1) / 4 - 1)
for i in range(1, M_MAX - 1):
    require(simplify(pks[i + 1] - (pks[i] / 2 - Rational(1, 2))) == 0,
            f"the printed code's recurrence k_{i + 2} = k_{i + 1}/2 - 1/2")
sol = rsolve(km(m + 1) - km(m) / 2 + Rational(1, 2), km(m), {km(2): pks[1]})
check("rsolve k_(m+1) = k_m/2 - 1/2: k_m = (k_2 + 1)/2^(m-2) - 1", sol,
      (pks[1] + 1) / 2 ** (m - 2) - 1)
require(limit(sol, m, oo) == -1, "k_m -> -1: no cycle has an increase RTT any more")
cf = derive(printed)
require(cf.fixed_point is None, "derive finds no fixed point for the printed reading")
print(f"- derive: {cf.reason}")
tr = simulate(printed, [1, 30], 100, steps=200, arithmetic="exact")
steps_up = [tr.totals[t + 1] - tr.totals[t] for t in range(100, 200)]
require(not tr.feedback[100:].any(), "every RTT from 100 to 200 is congested")
require(all(0 < d <= 2 for d in steps_up), "the sum grows by at most 2 per RTT")
require(2 - steps_up[-1] < Rational(1, 10**20), "the growth per RTT tends to 2")
print("- iteration (exact, W = 100, x = (1, 30)): every RTT from 100 to 200 is congested and"
      f" the sum grows at each (by 2 minus the halved x part), to {float(tr.totals[200]):.6f}"
      " at RTT 200"
      " (checked)")
print()

print("## What '>99%' is the efficiency of (charitable reading)\n")
j = symbols("j", integer=True, nonnegative=True)
kk = symbols("k", nonnegative=True)
packets = Sum(W - 2 * kk + 2 * j, (j, 0, kk)).doit()  # the k + 1 RTTs of a cycle
check("packets of a cycle from the code's sums = (1 + k_m)(W - k_m) (the paper)", packets,
      (1 + kk) * (W - kk))
Mc = symbols("M", integer=True, positive=True)
k2 = symbols("k2", positive=True)
kseq = k2 / 2 ** (m - 2)
num = (1 + ks[0]) * (W - ks[0]) + Sum((1 + kseq) * (W - kseq), (m, 2, Mc)).doit()
den = W * ((1 + ks[0]) + Sum(1 + kseq, (m, 2, Mc)).doit())
eff_limit = limit(simplify(num / den), Mc, oo)
check("efficiency of M cycles -> 1 as M -> oo", eff_limit, 1)
point = {W: 100, x1: 1, x2: 30}
k_first = Fraction(str(ks[0].subs(point)))
k_second = Fraction(str(ks[1].subs(point)))
n_rtt = n_pkt = Fraction(0)
first = None
for i in range(1, 100_000):
    k = k_first if i == 1 else k_second / 2 ** (i - 2)
    n_rtt += 1 + k
    n_pkt += (1 + k) * (100 - k)
    if n_pkt / (100 * n_rtt) > EFFICIENCY_CLAIMED:
        first = (i, k, n_rtt)
        break
require(first is not None, "the running efficiency passes 99%")
print(f"- W = 100, x = (1, 30): k_1 = {k_first}, k_2 = {k_second}; the running efficiency of"
      f" the paper's formula passes {float(EFFICIENCY_CLAIMED):.0%} only after cycle {first[0]}"
      f" ({float(first[2]):.0f} RTTs),"
      f" when the cycles have long been shorter than one RTT of increase"
      f" (k = {k_second} / 2^{first[0] - 2})")
require(first[1] < 1, "by then a cycle has less than one RTT of increase")
tr = simulate(char, [1, 30], 100, steps=400, arithmetic="exact")
eff = metrics.efficiency(tr)
congested = sum(1 for v in tr.feedback[200:] if v == 0) / len(tr.feedback[200:])
require(eff > EFFICIENCY_CLAIMED, "the iteration's efficiency is above 99%")
require(congested == 1, "every RTT from 200 to 400 is congested")
print(f"- iteration (exact, W = 100, x = (1, 30), 400 RTTs): efficiency {float(eff):.4f} "
      f"with {100 * congested:.0f}% of RTTs 200..400 congested (checked)")
ratio = EFFICIENCY_CLAIMED / EFFICIENCY_AIMD_FC_PLUS
print(f"- '{float(GAIN_OVER_FCPLUS):.0%} higher than AIMD-FC+': "
      f"{float(EFFICIENCY_CLAIMED):.0%} / ({EFFICIENCY_AIMD_FC_PLUS}) = {ratio} = "
      f"{float(ratio):.4f} (relative)")
require(abs(ratio - (1 + GAIN_OVER_FCPLUS)) < Rational(1, 100),
        "99% / (8/9) is 11% more, to one point")
print("\nAll New-AIMD statements checked.")
