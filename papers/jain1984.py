"""Jain's fairness index (Jain, Chiu & Hawe 1984; Lahanas & Tsaoussidis 2003, Eq. 17), checkable.

R. Jain, D.-M. Chiu and W. Hawe, "A quantitative measure of fairness and
discrimination for resource allocation in shared computer systems", DEC
TR-301 (1984): ``F(g) = (sum g_i)^2 / (n sum g_i^2)``, which Lahanas & Tsaoussidis 2003 use
as their Eq. 17 and Reddy et al. set beside their own spread metric.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from aimdmodel._arith import to_fraction
from aimdmodel.engine import simulate
from aimdmodel.metrics import jain_index
from aimdmodel.policies import AIMD
from aimdmodel.statements import StatementCheck

__all__ = ["jain_across_congestion", "jain_bounds"]

HALF = Fraction(1, 2)


def jain_bounds(x: Any) -> StatementCheck:
    """Jain's index lies in ``[1/m, 1]`` and is 1 exactly for equal windows.

    Computed exactly (Fractions) from windows ``>= 0`` (all-zero windows
    count as equal).

    Examples
    --------
    >>> jain_bounds([1, 1, 1]).holds, jain_bounds([0, 5]).quantities["index"]
    (True, Fraction(1, 2))
    """
    w = np.array([to_fraction(v, "x") for v in x], dtype=object)
    j = jain_index(w)
    m = len(w)
    equal = all(v == w[0] for v in w)
    ok = Fraction(1, m) <= j <= 1 and ((j == 1) == equal)
    return StatementCheck(
        "jain.bounds", bool(ok), True, {"index": j, "m": m, "equal": equal},
        f"J = {j} for m = {m}", {"x": list(x)}, "exact",
    )


def jain_across_congestion(
    x: Any, W: Any, *, a: Any = 1, b: Any = HALF, steps: int = 200
) -> StatementCheck:
    """Jain's index never decreases under AIMD: unchanged by a decrease, raised by an increase.

    A decrease multiplies every window by b (the index is scale-invariant:
    unchanged exactly); an increase adds a > 0 to every window (the index
    rises, strictly unless the windows are equal). So across every
    congestion event, and from the start of a cycle to the start of the
    next, the index does not decrease. Exact arithmetic.

    Examples
    --------
    >>> jain_across_congestion([1, 30], 100).holds
    True
    """
    tr = simulate(AIMD(a=a, b=b), x, W, steps=steps, arithmetic="exact")
    j = jain_index(tr)
    fb = np.asarray(tr.feedback)
    ok = True
    for t in range(len(fb)):
        if fb[t] == 0:
            ok = ok and j[t + 1] == j[t]
        else:
            equal = all(v == tr.windows[t][0] for v in tr.windows[t])
            ok = ok and (j[t + 1] == j[t] == 1 if equal else j[t + 1] > j[t])
    return StatementCheck(
        "jain.aimd_monotone", bool(ok), True,
        {"first": j[0], "last": j[-1], "events": int((fb == 0).sum())},
        f"Jain {float(j[0]):.6f} -> {float(j[-1]):.6f}",
        {"x": list(x), "W": W, "a": a, "b": b, "steps": steps}, "exact",
    )
