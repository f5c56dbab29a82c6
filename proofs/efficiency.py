"""Efficiency of AIMD(a, b), AIMD-FC(b) and AIMD-FC+(b, f) in closed form.

Proves, for one flow on a bottleneck of capacity W in the fluid limit:

* AIMD(a, b):     efficiency (1 + b)/2, so 3/4 at b = 1/2 (Lahanas & Tsaoussidis 2003,
                  Sec. 3.1, [10]);
  with b = 1/beta this is Eq. 1's utilization (beta + 1)/(2 beta);
* AIMD-FC(a, b):  efficiency (3 - b)/(2 (2 - b)), so 5/6 at b = 1/2 (Eq. 7);
* AIMD-FC+(a, b, f) with f(q) = f q: efficiency 1 - (1 - b)/(2 (2 - b)(1 + f)),
  so 8/9 at b = f = 1/2 (Eq. 16).

Each value is computed twice: by aimdmodel.symbolic.derive, which runs the
policies' own code on sympy symbols (fixed point of the cycle map, mean window
over a cycle), and by the paper's own argument written out below (the minimum
window from the decrease rule, then a linear climb to W, so the mean is the
midpoint). The two must agree: simplify(lhs - rhs) == 0.
"""

from __future__ import annotations

import sympy
from _check import check
from sympy import Rational, solve, symbols

from aimdmodel import AIMD, AIMDFC, AIMDFCPlus
from aimdmodel.symbolic import W, derive
from papers.lahanas2003 import (
    EFFICIENCY_AIMD,
    EFFICIENCY_AIMD_FC,
    EFFICIENCY_AIMD_FC_PLUS,
    FCPLUS_MIN_WINDOW,
    eq1_utilization,
)

a, b, f, beta, y = symbols("a b f beta y", positive=True)
HALF = Rational(1, 2)


print("# Efficiency in closed form (fluid limit, one flow, capacity W)\n")

# AIMD: the window climbs from b W to W (it is halved, b = 1/2, at W).
aimd = derive(AIMD(a=a, b=b))
print(aimd.derivation)
paper_mean = (b * W + W) / 2 / W  # midpoint of the linear climb from b W to W
check("efficiency from the code vs the climb from b W to W", aimd.efficiency, paper_mean)
check("AIMD(1, 1/2): 3/4 (Lahanas & Tsaoussidis 2003, Sec. 3.1)", aimd.efficiency.subs(b, HALF),
      EFFICIENCY_AIMD)
eq1 = eq1_utilization()
check("Eq. 1: b = 1/beta gives (beta + 1)/(2 beta)", eq1.derived, (beta + 1) / (2 * beta))
print()

# AIMD-FC, Sec. 3.3.2: decrease window w = y W; the decrease releases (1 - b) y W, which
# additive increase takes again (k = (1 - b) y W), and w + k = W.
fc = derive(AIMDFC(a=a, b=b))
print(fc.derivation)
y_star = solve(sympy.Eq(y * W + (1 - b) * y * W, W), y)[0]
check("Sec. 3.3.2's decrease window y (2/3 at b = 1/2)", fc.min_window, y_star)
check("efficiency = midpoint of the climb from y W to W", fc.efficiency, (y_star + 1) / 2)
check("closed form", fc.efficiency, (3 - b) / (2 * (2 - b)))
check("AIMD-FC(1, 1/2): 5/6 (Eq. 7)", fc.efficiency.subs(b, HALF), EFFICIENCY_AIMD_FC)
print()

# AIMD-FC+, Sec. 4.2.2: dw has AIMD-FC's value W/(2 - b); phi = W - dw is the increase
# space above dw; at the fixed point the increase q satisfies q = phi - f(q) = phi - f q,
# and the minimum window is dw + f(q) = W - q.
fcp = derive(AIMDFCPlus(a=a, b=b, f=f))
print(fcp.derivation)
dw = W / (2 - b)
phi = W - dw
q = solve(sympy.Eq(y, phi - f * y), y)[0]
check("decrease window dw = W/(2 - b)", fcp.fixed_point["dw"], dw)
check("minimum window dw + f(q) over W", fcp.min_window, (dw + f * q) / W)
check("efficiency = midpoint of the climb from W - q to W", fcp.efficiency, 1 - q / (2 * W))
check("closed form", fcp.efficiency, 1 - (1 - b) / (2 * (2 - b) * (1 + f)))
at_paper = {b: HALF, f: HALF}
check("AIMD-FC+ at b = f = 1/2: minimum window 7/9", fcp.min_window.subs(at_paper),
      FCPLUS_MIN_WINDOW)
check("AIMD-FC+ at b = f = 1/2: 8/9 (Eq. 16, '88.9%')", fcp.efficiency.subs(at_paper),
      EFFICIENCY_AIMD_FC_PLUS)

# the seed values once more, from the numeric policies (exact Rationals)
for policy, value in ((AIMD(), EFFICIENCY_AIMD), (AIMDFC(), EFFICIENCY_AIMD_FC),
                      (AIMDFCPlus(), EFFICIENCY_AIMD_FC_PLUS)):
    check(f"{policy!r}", derive(policy).efficiency, value)
print("\nAll efficiency statements checked.")
