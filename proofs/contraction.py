"""Contraction per cycle: Theorem 1's unrolled series (Lahanas & Tsaoussidis 2003, Eqs. 3-6).

Proves:

1. Running the policies' own code (init, advance by k_j increases, decrease)
   for n cycles from initial windows x_i, with the same k_j for every flow,
   the window after the n-th decrease is
     AIMD-FC:  psi_i = x_i/2^n + sum_j k_j / 2^(n-j)        (Eqs. 3-4)
     AIMD:     phi_i = x_i/2^n + sum_j k_j / 2^(n-j+1)      (Eqs. 5-6)
   checked for n = 1..8, and against the series as printed
   (papers.lahanas2003.eq3_printed, eq5_printed, n >= 3, where the printed
   terms are distinct). Eqs. 5-6 hold as printed. Eqs. 3-4 print the k_(n-1) term as
   k_(n-1)/2^2; the code gives k_(n-1)/2 (the printed first term k_1/2^(n-1)
   and the pattern k_j/2^(n-j) agree with the code; the k_(n-1)/2^2 term is a
   typo carried over from Eq. 5).
2. The terms after the x_i are the same for both flows, so
   psi_1 - psi_2 = phi_1 - phi_2 = (x_1 - x_2)/2^n: both algorithms shrink the
   difference by b = 1/2 per cycle (b^n for a general b; rsolve of the
   difference recurrence d_(j+1) = b d_j), and derive() finds contraction b
   for AIMD, AIMD-FC and AIMD-FC+. This is what Theorem 1 needs.
3. Cycles to fairness: the difference falls to eps after
   ceil(log_(1/b)(|x_1 - x_2| / eps)) cycles; the paper's 1 + lg max(x_1, x_2)
   is an estimate in terms of max(x_1, x_2), not |x_1 - x_2|, and can be far off.
"""

from __future__ import annotations

import sympy
from _check import check, require
from sympy import Function, Rational, rsolve, simplify, symbols

from aimdmodel import AIMD, AIMDFC, AIMDFCPlus
from aimdmodel.symbolic import derive, fairness_cycles
from papers.lahanas2003 import eq3_printed, eq5_printed, unrolled_window

b = symbols("b", positive=True)
x1, x2 = symbols("x1 x2", nonnegative=True)
HALF = Rational(1, 2)
N_MAX = 8


print("# Theorem 1: the unrolled series of AIMD and AIMD-FC (Eqs. 3-6)\n")
typo_seen = []
for n in range(1, N_MAX + 1):
    ks = symbols(f"k1:{n + 1}", nonnegative=True)
    psi = unrolled_window(AIMDFC(a=1, b=HALF), x1, ks)
    phi = unrolled_window(AIMD(a=1, b=HALF), x1, ks)
    # the general terms
    check(f"n={n}: AIMD-FC psi_1 = x_1/2^n + sum k_j/2^(n-j)", psi,
          x1 / 2**n + sum(k / 2 ** (n - j) for j, k in enumerate(ks, start=1)))
    check(f"n={n}: AIMD phi_1 = x_1/2^n + sum k_j/2^(n-j+1)", phi,
          x1 / 2**n + sum(k / 2 ** (n - j + 1) for j, k in enumerate(ks, start=1)))
    if n >= 3:  # the terms as printed (papers.lahanas2003.eq3_printed / eq5_printed)
        check(f"n={n}: Eqs. 5-6 as printed (AIMD)", phi, eq5_printed(x1, ks))
        typo = simplify(psi - eq3_printed(x1, ks))
        if typo != 0:
            typo_seen.append((n, typo))
    # Theorem 1's point: the k-terms are the same for both flows
    check(f"n={n}: psi_1 - psi_2 = phi_1 - phi_2 = (x_1 - x_2)/2^n",
          psi - unrolled_window(AIMDFC(a=1, b=HALF), x2, ks), (x1 - x2) / 2**n)
    check(f"n={n}: phi_1 - phi_2 = (x_1 - x_2)/2^n",
          phi - unrolled_window(AIMD(a=1, b=HALF), x2, ks), (x1 - x2) / 2**n)
require(typo_seen, "Eqs. 3-4 as printed differ from the code for some n")
require(all(simplify(d - symbols(f"k{n - 1}", nonnegative=True) / 4) == 0 for n, d in typo_seen),
        "the only difference is k_(n-1)/4: the code's k_(n-1)/2 against the printed /2^2")
print(f"\nFinding: Eqs. 3-4 print k_(n-1)/2^2; the code gives coefficient 1/2 for n = "
      f"{typo_seen[0][0]}..{typo_seen[-1][0]} (Eqs. 5-6 hold as printed).\n")

print("## The difference recurrence, general b\n")
d = Function("d")
j = symbols("j", integer=True, nonnegative=True)
for cls in (AIMD, AIMDFC, AIMDFCPlus):
    rho = derive(cls(b=b)).contraction
    check(f"{cls.__name__}(b): contraction per congestion event", rho, b)
    sol = rsolve(d(j + 1) - rho * d(j), d(j), {d(0): x1 - x2})
    check(f"{cls.__name__}(b): rsolve d_(j+1) = rho d_j, d_0 = x_1 - x_2", sol,
          (x1 - x2) * b**j)
# AIMD-FC with a constant increase k per cycle: w_(j+1) = w_j/2 + k
w = Function("w")
k = symbols("k", positive=True)
sol = rsolve(w(j + 1) - w(j) / 2 - k, w(j), {w(0): x1})
check("AIMD-FC, constant k: rsolve w_(j+1) = w_j/2 + k", sol, 2 * k + (x1 - 2 * k) / 2**j)
print()

print("## Cycles to fairness: exact count vs the paper's 1 + lg max(x_1, x_2)\n")
rows = []
far_off = []
for xa, xb, eps in ((1, 30, 1), (1, 30, Rational(1, 100)), (29, 30, 1), (1000, 1001, 1),
                    (1, 1000, 1)):
    r = fairness_cycles(AIMD(), xa, xb, eps)
    exact = 0 if abs(xa - xb) <= eps else int(sympy.ceiling(sympy.log(abs(xa - xb) / eps, 2)))
    require(r.cycles == exact, f"({xa}, {xb}, eps={eps}): {r.cycles} cycles = {exact}")
    check(f"({xa}, {xb}) paper estimate", r.paper, 1 + sympy.log(max(xa, xb), 2))
    rows.append(f"| {xa} | {xb} | {eps} | {r.cycles} | {float(r.paper):.2f} |")
    if abs(float(r.paper) - r.cycles) > 5:
        far_off.append((xa, xb, eps))
print("\n| x_1 | x_2 | eps | cycles (exact) | 1 + lg max |")
print("| --- | --- | --- | --- | --- |")
print("\n".join(rows))
require(far_off, "the estimate is far from the count for some windows")
print(f"\nThe paper's estimate is off by more than 5 cycles for {far_off}: it counts the"
      " halvings of max(x_1, x_2), while fairness needs those of |x_1 - x_2| / eps.")
print("\nAll contraction statements checked.")
