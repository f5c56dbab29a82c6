"""AIMD-FC+ (Lahanas & Tsaoussidis 2003, Sec. 4.2): fixed point 7/9 W, Fig. 4's packets per cycle.

Proves, for one flow in the fluid limit, from the AIMDFCPlus class (the
printed pseudocode, f(q) = f q with q the increase of the previous cycle):

1. The fixed point of the cycle map: dw = 2/3 W (Sec. 4.2.2: "the decrease
   window has the same value as in AIMD-FC"), increase q = 2/9 W,
   f(q) = 1/9 W = phi/3 with phi = W - dw = W/3, and the minimum window
   dw + f(q) = 7/9 W.
2. The paper's recurrence q^(j+1) = phi - f(q^(j-1)) (the q of two cycles
   back, as the printed pseudocode passes k along) has the limit 2/3 phi
   (rsolve; the roots +-i sqrt(f) have modulus 1/sqrt(2) < 1), and derive's
   cycle-map eigenvalues (b - 1 and +-i sqrt(f)) say the same.
3. Fig. 4's caption: (7/9 B)(2/9 B) + 1/2 (2/9 B)^2 = 16/81 B^2 packets per
   cycle and "2/9 W round trip times": with B read as W (packets per RTT, as
   W = B/MSS in Sec. 2.1) both are what the code gives; the mean window
   (16/81 W^2)/(2/9 W) = 8/9 W is Eq. 16. The caption's arithmetic checks out;
   it mixes the symbols B (bandwidth) and W (packets).
"""

from __future__ import annotations

import sympy
from _check import check, require
from sympy import I, Rational, rsolve, simplify, sqrt, symbols

from aimdmodel import AIMDFC, AIMDFCPlus
from aimdmodel.symbolic import W, derive
from papers.lahanas2003 import (
    EFFICIENCY_AIMD_FC_PLUS,
    FCPLUS_DECREASE_WINDOW,
    FCPLUS_F_OF_Q,
    FCPLUS_MIN_WINDOW,
    FIG4_CAPTION,
    caption_cycle,
)

f = symbols("f", positive=True)
HALF = Rational(1, 2)
LOW, RISE = (sympy.Rational(v.numerator, v.denominator) for v in FIG4_CAPTION)


print("# AIMD-FC+: fixed point and Fig. 4\n")
cf = derive(AIMDFCPlus())
print(cf.derivation)
fp = cf.fixed_point
phi = W - fp["dw"]
check("dw = 2/3 W", fp["dw"], FCPLUS_DECREASE_WINDOW * W)
check("dw equals AIMD-FC's decrease window", fp["dw"], derive(AIMDFC()).min_window * W)
check("increase per cycle q = 2/9 W (Fig. 4's rise)", fp["q"], RISE * W)
check("f(q) = q/2 = 1/9 W", fp["q"] / 2, FCPLUS_F_OF_Q * W)
check("f(q) = phi/3", fp["q"] / 2, phi / 3)
check("minimum window dw + f(q) = 7/9 W", fp["w"], FCPLUS_MIN_WINDOW * W)
check("min_window", cf.min_window, FCPLUS_MIN_WINDOW)
print()

print("## The paper's recurrence q^(j+1) = phi - f(q^(j-1))\n")
q = sympy.Function("q")
j = symbols("j", integer=True, nonnegative=True)
q0, q1 = symbols("q0 q1")
sol = rsolve(q(j + 2) - (phi - HALF * q(j)), q(j), {q(0): q0, q(1): q1})
print(f"$$q^{{j}} = {sympy.latex(simplify(sol))}$$\n")
check("the solution satisfies the recurrence", sol.subs(j, j + 2) - (phi - HALF * sol), 0)
check("started at 2/3 phi it stays there (the fixed point)",
      sol.subs({q0: 2 * phi / 3, q1: 2 * phi / 3}), 2 * phi / 3)
roots = sympy.roots(sympy.Poly(symbols("r") ** 2 + HALF, symbols("r")))
require(set(roots) == {I * sqrt(HALF), -I * sqrt(HALF)}, "the roots of r^2 + 1/2 are +-i/sqrt(2)")
require(all(abs(r) < 1 for r in roots), "the roots lie inside the unit circle")
for jj in (40, 80):  # the transient dies out: q -> 2/3 phi from any start
    require(abs(sol.subs({j: jj, q0: 0, q1: W}).subs(W, 1) - RISE) < Rational(1, 10**5),
            f"q^{jj} from (0, W) is within 1e-5 W of 2/9 W")
print("- roots +-i/sqrt(2), modulus 1/sqrt(2) < 1: q^j -> 2/3 phi = 2/9 W (checked)")
eig = derive(AIMDFCPlus(f=f)).map_eigenvalues
check("derive: the cycle map has eigenvalues +-i sqrt(f) (modulus^2 = f)",
      sympy.Mul(*[v for v in eig if sympy.im(v) != 0]), f)
print()

print("## Fig. 4's caption\n")
B = W  # the caption's B, read as the capacity in packets per RTT
caption_packets = (LOW * B) * (RISE * B) + HALF * (RISE * B) ** 2
check("(7/9 B)(2/9 B) + 1/2 (2/9 B)^2 = 16/81 B^2", caption_packets, Rational(16, 81) * B**2)
check("= papers.lahanas2003.caption_cycle", caption_packets, caption_cycle(LOW, RISE)[0] * B**2)
check("= the code's packets per cycle", cf.packets_per_cycle, caption_packets)
check("'takes 2/9 W round trip times'", cf.cycle_length, RISE * W)
check("mean window N / cycle length = 8/9 W (Eq. 16)", cf.packets_per_cycle / cf.cycle_length,
      EFFICIENCY_AIMD_FC_PLUS * W)
check("efficiency", cf.efficiency, EFFICIENCY_AIMD_FC_PLUS)
check("response constant sqrt(N)/(2/9 W) = 2 (not given in the paper)", cf.response_constant, 2)
print("\nAll AIMD-FC+ statements checked.")
