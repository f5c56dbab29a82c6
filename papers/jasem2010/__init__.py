"""Jasem, Zukarnain, Othman & Subramaniam 2010: New-AIMD's numbers and statements.

"On the delay and link utilization with the New-AIMD congestion avoidance
and control algorithm" (2010). The numbers the paper prints are module
constants (quoted, not computed); its recurrences and the lead's reading of
its pseudocode are functions returning a
:class:`~aimdmodel.statements.StatementCheck`. New-AIMD runs in both
readings of :class:`aimdmodel.NewAIMD` (``printed`` and ``charitable``).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from aimdmodel._arith import to_fraction
from aimdmodel._validate import check_choice, check_count, check_param
from aimdmodel.engine import simulate
from aimdmodel.policies import NewAIMD
from aimdmodel.statements import (
    ARITHMETICS,
    StatementCheck,
    congestion_events,
    plain_number,
    statement_run,
)

__all__ = [
    "DELAY_REDUCTION",
    "EFFICIENCY_CLAIMED",
    "FCPLUS_QUOTED",
    "GAIN_OVER_FCPLUS",
    "LINK_MBPS",
    "TRANSFER_MB",
    "UTILIZATION",
    "new_aimd_recurrences",
    "new_aimd_saturation",
]

HALF = Fraction(1, 2)

EFFICIENCY_CLAIMED = Fraction(99, 100)
"""After the recurrences: "The efficiency of New-AIMD is more than 99%"."""
GAIN_OVER_FCPLUS = Fraction(11, 100)
"""After the recurrences and in the Discussion: "11% higher than ... AIMD-FC+"."""
FCPLUS_QUOTED = Fraction(889, 1000)
"""Sec. 'The AIMD system model': Lahanas "developed the efficiency ... to 88.9%"."""
UTILIZATION = Fraction(94, 100)
"""Discussion and Conclusion: "more than 94% utilization for the bottleneck link"."""
DELAY_REDUCTION = Fraction(12, 100)
"""Discussion and Conclusion: transfer time (end-to-end delay) "around 12% less"."""
TRANSFER_MB = 100
"""The NCTUns set-up: 100 MB transferred per flow."""
LINK_MBPS = 100
"""The NCTUns set-up: a 100 Mbps bottleneck."""


def _fluid_terms(x1, x2, W, m, reading, a, b, arithmetic) -> tuple[list, list, list]:
    """Totals S_j at the first m congestion events, T_j = (S_j - X_j)/2 and X_j."""
    tr = statement_run(NewAIMD(a=a, b=b, reading=reading), [x1, x2], W, cycles=m,
                       arithmetic=arithmetic)
    if arithmetic == "float":
        xs, bb = [float(x1), float(x2)], float(b)
    else:
        xs, bb = [to_fraction(x1, "x1"), to_fraction(x2, "x2")], to_fraction(b, "b")
    S, T, X = [], [], []
    for _, before, _ in congestion_events(tr)[:m]:
        S.append(plain_number(sum(before)))
        X.append(xs[0] + xs[1])
        T.append(plain_number((S[-1] - X[-1]) / 2))
        xs = [bb * v for v in xs]
        if arithmetic == "integer":
            xs = [Fraction(math.floor(v)) for v in xs]
    return S, T, X


def _identity(k: list, S: list, X0: Any, m: int, b: Any, arithmetic: str) -> bool | None:
    """``k1 = (S_1 - X)/2`` and ``k_j = X/2**j + (S_j - S_{j-1})/2`` (None where undefined)."""
    if arithmetic == "float":
        return k[0] == (S[0] - X0) / 2 and all(
            k[j] == X0 / 2 ** (j + 1) + (S[j] - S[j - 1]) / 2 for j in range(1, m)
        )
    if Fraction(b) != HALF or arithmetic != "exact":
        return None
    return k[0] == Fraction(S[0] - X0, 1) / 2 and all(
        Fraction(k[j]) == Fraction(X0) / 2 ** (j + 1) + Fraction(S[j] - S[j - 1]) / 2
        for j in range(1, m)
    )


def new_aimd_recurrences(
    x1: Any, x2: Any, W: Any, *, m: int = 4, reading: str = "printed", a: Any = 1,
    b: Any = HALF, arithmetic: str = "exact",
) -> StatementCheck:
    """The recurrences ``k2 = (W - 2 k1)/4`` and ``km = k2 / 2**(m-2)``.

    The paper's Eqs. 1-4 write the total before the j-th decrease as
    ``x1/2**(j-1) + x2/2**(j-1) + 2 k1 + ... + 2 kj`` and derive
    ``k2 = (W - 2 k1)/4`` and ``km = k2 / 2**(m-2)`` (m >= 3). Read as:
    ``k_j`` is the additive increase each flow accumulated during cycle j
    (with the printed reading this includes the increment of the decrease
    step), measured on :class:`~aimdmodel.NewAIMD` from windows ``x1, x2``
    (the paper assumes ``x1 < x2``, ``x1 + x2 < W``) for ``m >= 2``
    cycles, and both recurrences must hold exactly for j = 2..m.

    The derivation assumes every congestion event hits W exactly. What
    always holds (an identity of the iteration, checked too) is, with
    ``S_j`` the total at the j-th congestion event and ``X = x1 + x2``,
    ``k1 = (S_1 - X)/2`` and ``k_j = X/2**j + (S_j - S_{j-1})/2``.

    Returns
    -------
    StatementCheck
        quantities: ``k`` (measured), ``predicted``, ``S``, ``identity``
        (None where not decided), ``all_at_W`` (every ``S_j == W``).

    Examples
    --------
    >>> c = new_aimd_recurrences(8, 8, 32, m=3)
    >>> c.holds, [str(k) for k in c.quantities["k"]], c.quantities["all_at_W"]
    (True, ['8', '4', '2'], True)
    >>> new_aimd_recurrences(1, 2, 5, m=3).holds
    False
    """
    for name, v in (("x1", x1), ("x2", x2)):
        check_param(name, v, lambda t: t >= 0, f"{name} >= 0")
    check_param("W", W, lambda t: t > 0, "W > 0")
    check_count("m", m, minimum=2, optional=False)
    check_choice("arithmetic", arithmetic, ARITHMETICS)
    S, T, X = _fluid_terms(x1, x2, W, m, reading, a, b, arithmetic)
    k = [T[0]] + [T[j] - T[j - 1] for j in range(1, m)]
    pred = [k[0], (W - 2 * k[0]) / (4 if arithmetic == "float" else Fraction(4))]
    pred += [pred[1] / 2 ** (j - 2) for j in range(3, m + 1)]
    return StatementCheck(
        "jasem2010.new_aimd_recurrences",
        all(k[j] == pred[j] for j in range(1, m)),
        True,
        {"k": k, "predicted": pred, "S": S, "identity": _identity(k, S, X[0], m, b, arithmetic),
         "all_at_W": all(s == W for s in S)},
        f"k = {[str(v) for v in k]}, recurrences predict {[str(v) for v in pred]} "
        f"({reading}, {arithmetic})",
        {"x1": x1, "x2": x2, "W": W, "m": m, "reading": reading, "a": a, "b": b},
        arithmetic,
    )


def _onset(fb: np.ndarray, steps: int) -> int | None:
    """First step from which every step is congested (None if none within the run)."""
    ones = np.flatnonzero(fb == 1)
    onset = 0 if ones.size == 0 else int(ones[-1]) + 1
    return None if onset >= steps else onset


def _saturation_bound(pol: NewAIMD, xs: list, W: Any, fb: np.ndarray, steps: int,
                      arithmetic: str) -> int | None:
    """The sufficient onset of :func:`new_aimd_saturation`, replayed on the policy state."""
    exact = arithmetic != "float"
    conv = to_fraction if exact else float
    x0 = np.array([conv(v) for v in xs], dtype=object if exact else float)
    s = pol.converted(conv).init(x0)
    aa, bb, m = to_fraction(pol.a, "a"), to_fraction(pol.b, "b"), len(xs)
    for t in range(steps):
        if pol.reading == "printed":
            if fb[t] == 0 and sum(s.x) * (1 - bb) <= m * aa:
                return t
        elif m * s.t[0] >= W:
            return t
        s = pol.decrease(s) if fb[t] == 0 else pol.increase(s)
        if arithmetic == "integer":
            s = type(s)(*(np.array([math.floor(v) for v in c], dtype=object) for c in s))
    return None


def new_aimd_saturation(
    x: Any, W: Any, *, reading: str = "printed", a: Any = 1, b: Any = HALF,
    steps: int | None = None, arithmetic: str = "exact",
) -> StatementCheck:
    """The lead's reading of New-AIMD: congested at every step once ``x`` decayed.

    New-AIMD never resets its accumulated increase ``t``. Read as: there is
    an onset step after which every step of the run (``steps`` steps,
    default ``4 * ceil(W / (m a)) + 64``, from the m windows ``x``) is a
    congestion event, and the onset is no later than

    - printed reading: the first congestion event at which the sum of the
      initial-window parts satisfies ``sum(x) (1 - b) <= m a`` (a decrease
      then releases at most what the same step adds);
    - charitable reading: the first step at which ``m t >= W`` (the
      accumulated increases alone reach W).

    Returns
    -------
    StatementCheck
        quantities: ``onset`` (first step from which every step is
        congested, None if none), ``bound`` (the step given above),
        ``steps``.

    Examples
    --------
    >>> c = new_aimd_saturation([1, 30], 100)
    >>> c.holds, c.quantities["onset"] <= c.quantities["bound"]
    (True, True)
    """
    check_choice("arithmetic", arithmetic, ARITHMETICS)
    check_param("W", W, lambda t: t > 0, "W > 0")
    xs = list(x)
    if steps is None:
        share = Fraction(to_fraction(W, "W")) / (len(xs) * to_fraction(a, "a"))
        steps = 4 * math.ceil(share) + 64
    pol = NewAIMD(a=a, b=b, reading=reading)
    fb = np.asarray(simulate(pol, xs, W, steps=steps, arithmetic=arithmetic).feedback)
    onset = _onset(fb, steps)
    bound = _saturation_bound(pol, xs, W, fb, steps, arithmetic)
    return StatementCheck(
        "jasem2010.new_aimd_saturation",
        onset is not None and bound is not None and onset <= bound,
        True,
        {"onset": onset, "bound": bound, "steps": steps},
        f"every step congested from step {onset} (sufficient condition met at {bound}; "
        f"{reading}, {arithmetic})",
        {"x": xs, "W": W, "reading": reading, "a": a, "b": b, "steps": steps},
        arithmetic,
    )
