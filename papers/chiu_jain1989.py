"""Chiu & Jain 1989: the linear increase/decrease controls, as checkable statements.

D.-M. Chiu and R. Jain, "Analysis of the increase and decrease algorithms
for congestion avoidance in computer networks", Computer Networks and ISDN
Systems 17 (1989) 1-14, cited by every paper here (Lahanas & Tsaoussidis 2003, Sec. 2,
build on its model; Reddy et al. quote its conclusion). Each function checks one of
its statements on the engine in exact arithmetic (float for
:func:`linear_convergence`) and returns a
:class:`~aimdmodel.statements.StatementCheck`.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import numpy as np

from aimdmodel._arith import to_fraction
from aimdmodel.engine import simulate
from aimdmodel.metrics import jain_index
from aimdmodel.policies import AIAD, AIMD, MIAD, MIMD, LinearControl, Policy
from aimdmodel.statements import StatementCheck, congestion_events, gap

__all__ = [
    "CITATION",
    "YEAR",
    "aiad_differences",
    "aimd_contraction",
    "chiu_jain_conditions",
    "linear_convergence",
    "miad_divergence",
    "mimd_ratios",
]

HALF = Fraction(1, 2)

YEAR = 1989
"""The year of the paper (Computer Networks and ISDN Systems 17, 1989)."""

CITATION = ("D.-M. Chiu and R. Jain, 'Analysis of the increase and decrease algorithms for "
            "congestion avoidance in computer networks', Computer Networks and ISDN Systems 17 "
            "(1989) 1-14")
"""The full citation."""


def _linear_run(policy: Policy, x: Any, W: Any, steps: int) -> tuple[np.ndarray, np.ndarray]:
    """Windows and feedback of an exact run of ``steps`` steps."""
    tr = simulate(policy, x, W, steps=steps, arithmetic="exact")
    return tr.windows, np.asarray(tr.feedback)


def _differences_scaled(w: np.ndarray, fb: np.ndarray, bb: Fraction) -> bool:
    """Every decrease multiplies each ``w_i - w_0`` by b, every increase keeps it."""
    for t in range(len(fb)):
        d0, d1 = w[t] - w[t][0], w[t + 1] - w[t + 1][0]
        want = d0 * bb if fb[t] == 0 else d0
        if not all(p == q for p, q in zip(d1, want, strict=True)):
            return False
    return True


def _in_band(w: np.ndarray, fb: np.ndarray, W: Fraction, a: Fraction, b: Fraction) -> bool:
    """After the first congestion event reached from below W, totals lie in [b W, W + m a)."""
    tot = w.sum(axis=1)
    entry = [t for t in range(1, len(fb)) if fb[t] == 0 and fb[t - 1] == 1]
    if not entry:
        return True
    return all(b * W <= s < W + w.shape[1] * a for s in tot[entry[0] + 1:])


def aimd_contraction(
    x: Any, W: Any, *, a: Any = 1, b: Any = HALF, steps: int = 200
) -> StatementCheck:
    """Under AIMD(a, b) every difference shrinks by exactly b per congestion event.

    With ``a > 0``, ``0 < b < 1`` and windows ``>= 0``: each decrease
    multiplies every pairwise difference ``w_i - w_j`` by exactly b, each
    increase keeps it, so the gap after n congestion events is
    ``b**n`` times the initial gap (convergence to fairness). The total
    oscillates around W: after the first congestion event reached from a
    total below W, every total lies in ``[b W, W + m a)``. Checked step by
    step in exact arithmetic.

    Returns
    -------
    StatementCheck
        quantities: ``events`` (congestion events), ``final_gap``,
        ``predicted_gap`` (``b**events`` times the initial gap),
        ``band_ok``.

    Examples
    --------
    >>> aimd_contraction([1, 30], 100).holds
    True
    """
    w, fb = _linear_run(AIMD(a=a, b=b), x, W, steps)
    bb, aa, WW = to_fraction(b, "b"), to_fraction(a, "a"), to_fraction(W, "W")
    ok = _differences_scaled(w, fb, bb)
    band_ok = _in_band(w, fb, WW, aa, bb)
    events = int((fb == 0).sum())
    g0 = gap(w[0])
    return StatementCheck(
        "chiu_jain.aimd_contraction",
        bool(ok and band_ok),
        True,
        {"events": events, "final_gap": gap(w[-1]), "predicted_gap": g0 * bb**events,
         "band_ok": bool(band_ok)},
        f"{events} congestion events; gap {g0} -> {gap(w[-1])}",
        {"x": list(x), "W": W, "a": a, "b": b, "steps": steps},
        "exact",
    )


def aiad_differences(
    x: Any, W: Any, *, a: Any = 1, d: Any = 1, steps: int = 200
) -> StatementCheck:
    """AIAD keeps every difference between windows.

    Each increase adds a and each decrease subtracts d from every window,
    so ``w_i - w_j`` never changes (exact arithmetic) as long as no window
    is clamped at the floor 0; the statement is checked up to the first
    step that would clamp (``clamped_at``), and fairness is never reached
    from unequal windows before that.

    Examples
    --------
    >>> c = aiad_differences([1, 30], 100)
    >>> c.holds, c.quantities["clamped_at"]
    (True, None)
    """
    w, fb = _linear_run(AIAD(a=a, d=d), x, W, steps)
    dd = to_fraction(d, "d")
    ok, clamped = True, None
    for t in range(len(fb)):
        if fb[t] == 0 and any(v - dd < 0 for v in w[t]):
            clamped = t
            break
        d0, d1 = w[t] - w[t][0], w[t + 1] - w[t + 1][0]
        ok = ok and all(p == q for p, q in zip(d1, d0, strict=True))
    return StatementCheck(
        "chiu_jain.aiad_differences",
        bool(ok),
        True,
        {"clamped_at": clamped, "gap": gap(w[0]), "final_gap": gap(w[-1])},
        f"differences kept for {clamped if clamped is not None else steps} steps",
        {"x": list(x), "W": W, "a": a, "d": d, "steps": steps},
        "exact",
    )


def mimd_ratios(x: Any, W: Any, *, c: Any = 2, b: Any = HALF, steps: int = 100) -> StatementCheck:
    """MIMD keeps every ratio ``w_i / w_j`` (so Jain's index never changes).

    Both the increase (``w <- c w``) and the decrease (``w <- b w``)
    multiply all windows by the same factor; checked exactly as
    ``w_i(t) * w_j(0) == w_j(t) * w_i(0)`` at every step.

    Examples
    --------
    >>> mimd_ratios([1, 30], 100).holds
    True
    """
    w, _fb = _linear_run(MIMD(c=c, b=b), x, W, steps)
    m = range(w.shape[1])
    ok = all(w[t][i] * w[0][j] == w[t][j] * w[0][i]
             for t in range(w.shape[0]) for i in m for j in m)
    return StatementCheck(
        "chiu_jain.mimd_ratios",
        bool(ok),
        True,
        {"jain_first": jain_index(w[0]), "jain_last": jain_index(w[-1])},
        "ratios kept at every step" if ok else "a ratio changed",
        {"x": list(x), "W": W, "c": c, "b": b, "steps": steps},
        "exact",
    )


def _miad_walk(w: np.ndarray, fb: np.ndarray, cc: Fraction, dd: Fraction) -> tuple[bool, Any]:
    """Gap times c at each increase, kept at each decrease until the first clamp; then a
    starved flow stays at the floor. Returns (ok, first clamping step)."""
    ok, clamped = True, None
    for t in range(len(fb)):
        g0, g1 = gap(w[t]), gap(w[t + 1])
        if clamped is None and fb[t] == 0 and any(v - dd < 0 for v in w[t]):
            clamped = t
        if clamped is None:
            ok = ok and g1 == (g0 * cc if fb[t] == 1 else g0)
        else:
            ok = ok and all(v1 == 0 for v0, v1 in zip(w[t], w[t + 1], strict=True) if v0 == 0)
    return ok, clamped


def miad_divergence(x: Any, W: Any, *, c: Any = 2, d: Any = 1, steps: int = 60) -> StatementCheck:
    """MIAD moves away from fairness.

    The increase ``w <- c w`` multiplies every difference by ``c > 1``, the
    decrease ``w <- w - d`` keeps it. Read as, for unequal windows ``>= 0``
    (exact arithmetic): until the first decrease that clamps a window at
    the floor 0, the gap never shrinks and is multiplied by exactly c at
    each increase; a window at 0 stays at 0 (``c * 0 = 0``), so once a
    window is clamped that flow is starved forever; and the windows are
    never fair (the gap stays positive at every step). Equal windows stay
    equal (the fairness line is invariant, but not attracting).

    Returns
    -------
    StatementCheck
        quantities: ``gap``, ``final_gap``, ``clamped_at`` (first step
        whose decrease clamps, None if none), ``jain_first``, ``jain_last``.

    Examples
    --------
    >>> c = miad_divergence([1, 3], 100)
    >>> c.holds, c.quantities["clamped_at"], c.quantities["jain_last"]
    (True, 55, Fraction(1, 2))
    """
    w, fb = _linear_run(MIAD(c=c, d=d), x, W, steps)
    ok, clamped = _miad_walk(w, fb, to_fraction(c, "c"), to_fraction(d, "d"))
    g_first, g_last = gap(w[0]), gap(w[-1])
    ok = ok and (g_first == 0 or all(gap(v) > 0 for v in w))
    return StatementCheck(
        "chiu_jain.miad_divergence",
        bool(ok),
        True,
        {"gap": g_first, "final_gap": g_last, "clamped_at": clamped,
         "jain_first": jain_index(w[0]), "jain_last": jain_index(w[-1])},
        f"gap {g_first} -> {g_last}; first clamp at step {clamped}",
        {"x": list(x), "W": W, "c": c, "d": d, "steps": steps},
        "exact",
    )


def chiu_jain_conditions(a_i: Any, b_i: Any, a_d: Any, b_d: Any) -> bool:
    """Chiu & Jain's conditions for convergence to efficiency and fairness.

    A linear control (increase ``a_i + b_i w``, decrease ``a_d + b_d w``)
    converges to efficiency and fairness, with fairness never decreased by
    a step, exactly when the decrease is multiplicative and the increase has
    an additive part: ``a_d == 0``, ``0 <= b_d < 1``, ``a_i > 0`` and
    ``b_i >= 1``.

    Examples
    --------
    >>> chiu_jain_conditions(1, 1, 0, Fraction(1, 2))   # AIMD
    True
    >>> chiu_jain_conditions(1, 1, -1, 1)               # AIAD
    False
    """
    return bool(a_d == 0 and 0 <= b_d < 1 and a_i > 0 and b_i >= 1)


def _converged(control: LinearControl, x: Any, W: Any, cycles: int, max_steps: int
               ) -> tuple[np.ndarray, bool]:
    """Windows after the last decrease, and whether the total kept crossing W."""
    try:
        tr = simulate(control, x, W, cycles=cycles, arithmetic="float", engine="auto",
                      record="cycles", max_steps=max_steps)
    except RuntimeError:  # congestion stopped: the total never crosses W again
        tr = simulate(control, x, W, steps=max_steps, arithmetic="float", engine="auto",
                      record="none")
        return tr.windows[-1], False
    ev = [int(c) for c in tr.congestion_steps]
    late = ev[len(ev) // 2:]
    return congestion_events(tr)[-1][2], any(q - p > 1 for p, q in itertools.pairwise(late))


def linear_convergence(
    control: LinearControl, x: Any, W: Any, *, cycles: int = 2000, tol: float = 1e-2,
    max_steps: int = 2_000_000,
) -> StatementCheck:
    """A linear control converges to fairness and efficiency iff Chiu & Jain's conditions hold.

    Measured in float64 over ``cycles`` congestion events from unequal
    windows ``x`` (engine ``"auto"``): *efficiency*: the run reaches
    ``cycles`` congestion events within ``max_steps`` steps, and in its
    second half some congestion event is followed by an increase step;
    *fairness*: ``max(w) - min(w)`` right after the last decrease is at
    most ``tol`` times the initial gap. The statement holds at this input
    when "converged to both" equals :func:`chiu_jain_conditions`. A finite
    run decides "converges" only up to ``tol``; the windows are truncated
    at the floor 0, which Chiu & Jain's analysis excludes. Equal initial
    windows are outside the statement (``applicable=False``).

    Returns
    -------
    StatementCheck
        quantities: ``conditions``, ``fair``, ``efficient``, ``gap_ratio``
        (final gap over initial gap), ``jain`` (after the last decrease).

    Examples
    --------
    >>> linear_convergence(LinearControl(1, 1, 0, Fraction(1, 2)), [1, 30], 100).holds
    True
    >>> linear_convergence(LinearControl(1, 1, -1, 1), [1, 30], 100).holds   # AIAD
    True
    """
    if not isinstance(control, LinearControl):
        raise TypeError(f"control must be a LinearControl, got {control!r}")
    cond = chiu_jain_conditions(*control.coefficients)
    g0 = float(max(x) - min(x))
    after, efficient = _converged(control, x, W, cycles, max_steps)
    ratio = float(after.max() - after.min()) / g0 if g0 > 0 else 0.0
    fair = ratio <= tol
    applicable = g0 > 0
    return StatementCheck(
        "chiu_jain.linear_convergence",
        bool(((fair and efficient) == cond) if applicable else True),
        applicable,
        {"conditions": cond, "fair": fair, "efficient": efficient, "gap_ratio": ratio,
         "jain": float(jain_index(after))},
        f"conditions {cond}; fairness {fair} (gap ratio {ratio:.3g}), efficiency {efficient}",
        {"control": control, "x": list(x), "W": W, "cycles": cycles, "tol": tol},
        "float",
    )
