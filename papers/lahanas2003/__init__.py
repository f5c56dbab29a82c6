"""Lahanas & Tsaoussidis 2003: its numbers and its statements, checkable.

M. Lahanas and V. Tsaoussidis, "Exploiting the efficiency and fairness
potential of AIMD-based congestion avoidance and control", Computer
Networks 43 (2003) 227-245.

The numbers the paper prints are module constants (quoted, not computed);
its statements are functions returning a
:class:`~aimdmodel.statements.StatementCheck` (see
:mod:`aimdmodel.statements` for the readings of "converges to fairness":
exact and float arithmetic with a tolerance of one packet, whole packets
with exact equality, Definition 1 literally, footnotes 5-6).

Parameters shared by the two-flow statements
--------------------------------------------
x1, x2 : number
    Initial windows (``>= 0``); the paper's hypotheses (Sec. 2.1 and
    Theorem 2) are ``0 < x1 < x2`` and ``x1 + x2 < W``.
W : number
    Capacity (``> 0``).
a, b : number
    The AIMD / AIMD-FC parameters (the paper: 1 and 1/2).
arithmetic : {"exact", "float", "integer"}
eps : number, optional
    Fairness tolerance; default :func:`~aimdmodel.statements.default_eps`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple

import numpy as np
import sympy

from aimdmodel._arith import is_number, is_symbolic, to_fraction
from aimdmodel._validate import check_choice, check_param
from aimdmodel.policies import AIMD, AIMDFC, AIMDFCPlus, Policy, ShiftedAIMDFC
from aimdmodel.policies.fc import FCPlusState
from aimdmodel.statements import (
    ARITHMETICS,
    Convergence,
    StatementCheck,
    congestion_events,
    convergence,
    plain_number,
    statement_run,
    tolerance,
)
from aimdmodel.symbolic import derive

__all__ = [
    "EFFICIENCY_AIMD",
    "EFFICIENCY_AIMD_FC",
    "EFFICIENCY_AIMD_FC_PLUS",
    "FCPLUS_DECREASE_WINDOW",
    "FCPLUS_F_OF_Q",
    "FCPLUS_MIN_WINDOW",
    "FC_GAIN_PERCENT",
    "FIG3_CAPTION",
    "FIG4_CAPTION",
    "GAIMD_DECREASE",
    "GAIMD_LOG_BASE",
    "IMPROVED_PERCENT",
    "RESPONSE_C1",
    "RESPONSE_C2",
    "RESPONSIVENESS_GAIN",
    "SIMD_DECREASE",
    "SIMD_LOG_BASE",
    "SMOOTHNESS_FC_GAIN",
    "SMOOTHNESS_MIN_WINDOW",
    "SMOOTHNESS_PERCENT",
    "SQRT_DECREASE_AT_W",
    "SQRT_IIAD_ORDER",
    "Eq1Check",
    "FCPlusCurrentK",
    "OneCycleScheme",
    "OneCycleState",
    "caption_cycle",
    "corollary4",
    "cycle_count_bound",
    "eq1_utilization",
    "eq3_printed",
    "eq5_printed",
    "eq13",
    "lemma3",
    "theorem1",
    "theorem2",
    "unrolled_window",
]

HALF = Fraction(1, 2)

# --------------------------------------------------------------------------
# the paper's numbers (quoted)
# --------------------------------------------------------------------------
EFFICIENCY_AIMD = Fraction(3, 4)
"""AIMD's efficiency, Sec. 3.1: throughput (MSS/RTT)(3/4)W, "75%" (Eq. 1 at beta = 2)."""
EFFICIENCY_AIMD_FC = Fraction(5, 6)
"""AIMD-FC's efficiency, Eq. 7."""
EFFICIENCY_AIMD_FC_PLUS = Fraction(8, 9)
"""AIMD-FC+'s efficiency, Eq. 16 ("88.9%")."""
RESPONSE_C1 = sympy.sqrt(sympy.Rational(3, 2))
"""AIMD's response constant C1 = sqrt(3/2), Eq. 2."""
RESPONSE_C2 = sympy.sqrt(sympy.Rational(5, 2))
"""AIMD-FC's response constant C2 = sqrt(5/2), Eq. 8."""
FC_GAIN_PERCENT = 8
"""Sec. 3.3.2: "the efficiency of AIMD-FC is 8% higher than ... AIMD"."""
IMPROVED_PERCENT = 14
"""Sec. 1 and 4: "efficiency is improved up to 14%" (AIMD-FC+ over AIMD)."""
SMOOTHNESS_MIN_WINDOW = Fraction(2, 3)
"""Sec. 3.3.3: AIMD-FC's window oscillates in [2/3 W, W]."""
SMOOTHNESS_PERCENT = 33
"""Sec. 3.3.3: "the relative smoothness ... is increased by 33%"."""
SMOOTHNESS_FC_GAIN = Fraction(1, 6)
"""Sec. 3.3.4: smoothness of AIMD-FC improves by W/6 (2/3 W - 1/2 W), in units of W."""
FCPLUS_DECREASE_WINDOW = Fraction(2, 3)
"""Sec. 4.2.2: AIMD-FC+'s decrease window dw = 2/3 W, in units of W."""
FCPLUS_F_OF_Q = Fraction(1, 9)
"""Sec. 4.2.2: f(q) = W/9 at the fixed point, in units of W."""
FCPLUS_MIN_WINDOW = Fraction(7, 9)
"""Sec. 4.2.2: dw + f(q) = 7/9 W, in units of W."""
FIG3_CAPTION = (Fraction(2, 3), Fraction(1, 3))
"""Fig. 3's caption, (lowest window, rise) in units of W: (2/3 W)(1/3 W) + 1/2 (1/3 W)^2."""
FIG4_CAPTION = (Fraction(7, 9), Fraction(2, 9))
"""Fig. 4's caption, (lowest window, rise) in units of W: (7/9 B)(2/9 B) + 1/2 (2/9 B)^2."""
RESPONSIVENESS_GAIN = Fraction(1, 6)
"""Sec. 3.3.4: the responsiveness gain of AIMD-FC is W/6 steps per cycle, in units of W."""
GAIMD_DECREASE = Fraction(7, 8)
"""Sec. 3.1: GAIMD with beta = 8/7, i.e. b_D = 7/8."""
GAIMD_LOG_BASE = 1.14
"""Sec. 3.1: GAIMD converges in O(W log_1.14 W) steps (the printed base)."""
SIMD_DECREASE = Fraction(15, 16)
"""Sec. 3.1: SIMD with b_D = 15/16."""
SIMD_LOG_BASE = 1.06
"""Sec. 3.1: SIMD converges in O(W log_1.06 W) steps (the printed base)."""
SQRT_DECREASE_AT_W = "1/(1 - sqrt(1/W))"
"""Sec. 3.1: "the SQRT system with beta = 1/(1 - sqrt(1/W))" (beta = 1/b_D): at w = W the
window is multiplied by b_D = 1 - 1/sqrt(W), i.e. w - sqrt(w): Bansal & Balakrishnan's SQRT
decrease w - beta' sqrt(w) with beta' = 1."""
SQRT_IIAD_ORDER = 2
"""Sec. 3.1: SQRT and IIAD converge in O(W^2) steps (the exponent of W)."""


def caption_cycle(low: Any, rise: Any) -> tuple[Any, Any]:
    """Packets and length of a cycle as Figs. 3-4 count them: rectangle plus triangle.

    A cycle that climbs linearly from ``low W`` by ``rise W`` delivers
    ``low rise W^2 + (rise W)^2 / 2`` packets in ``rise W`` RTTs.

    Returns
    -------
    (packets, length)
        In units of ``W^2`` and ``W``.

    Examples
    --------
    >>> caption_cycle(*FIG3_CAPTION)
    (Fraction(5, 18), Fraction(1, 3))
    """
    return low * rise + rise**2 / 2, rise


# --------------------------------------------------------------------------
# Eq. 1
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class Eq1Check:
    """Lahanas & Tsaoussidis 2003, Eq. 1 beside the derived AIMD efficiency.

    Attributes
    ----------
    beta : sympy.Expr
        The paper's ``beta`` (decrease factor ``b_D = 1/beta``).
    derived : sympy.Expr
        :func:`aimdmodel.symbolic.derive` ``(AIMD(b=1/beta)).efficiency``.
    formula : sympy.Expr
        ``(beta + 1) / (2 beta)`` as printed.
    difference : sympy.Expr
        ``simplify(derived - formula)`` (0 when they agree).

    Examples
    --------
    >>> eq1_utilization().difference
    0
    """

    beta: Any
    derived: Any
    formula: Any
    difference: Any


def eq1_utilization(beta: Any = None) -> Eq1Check:
    """Derive AIMD's efficiency for ``b = 1/beta`` and compare with Eq. 1.

    Parameters
    ----------
    beta : number or sympy symbol, optional
        ``beta > 1``; a positive symbol ``beta`` when omitted.

    Returns
    -------
    Eq1Check

    Examples
    --------
    >>> r = eq1_utilization(2)
    >>> r.derived, r.formula
    (3/4, 3/4)
    """
    if beta is None:
        beta = sympy.Symbol("beta", positive=True)
    if not is_symbolic(beta):
        if not is_number(beta):
            raise TypeError(f"beta must be a real number > 1 or a sympy symbol, got {beta!r}")
        f = to_fraction(beta, "beta")
        beta = sympy.Rational(f.numerator, f.denominator)
        if not beta > 1:
            raise ValueError(f"beta must be > 1 (b_D = 1/beta in (0, 1)), got {beta}")
    derived = derive(AIMD(b=1 / beta)).efficiency
    formula = (beta + 1) / (2 * beta)
    return Eq1Check(beta=beta, derived=derived, formula=formula,
                    difference=sympy.simplify(derived - formula))


# --------------------------------------------------------------------------
# Eqs. 3-6: the unrolled series of Theorem 1's proof
# --------------------------------------------------------------------------
def unrolled_window(policy: Policy, x: Any, ks: Any) -> Any:
    """The window after ``len(ks)`` cycles of the policy's own code, from ``init(x)``.

    Cycle j advances by ``ks[j]`` increases and decreases once; run on
    sympy symbols this is the series Theorem 1's proof writes out.

    Examples
    --------
    >>> x, k1, k2 = sympy.symbols("x k1 k2", positive=True)
    >>> unrolled_window(AIMDFC(), x, (k1, k2))
    k1/2 + k2 + x/4
    """
    s = policy.init(x)
    for k in ks:
        s = policy.decrease(policy.advance(s, k))
    return sympy.expand(policy.window(s))


def _check_series(ks: Any) -> int:
    n = len(ks)
    if n < 3:
        raise ValueError(f"ks must hold n >= 3 increase counts (the printed terms), got {n}")
    return n


def eq3_printed(x: Any, ks: Any) -> Any:
    """Eqs. 3-4 as printed: AIMD-FC's ``psi = x/2^n + k1/2^(n-1) + ... + k(n-1)/2^2 + kn``.

    The general term ``k_j / 2^(n-j)`` up to ``k(n-2)/2^2``, then the printed
    ``k(n-1)/2^2`` and ``kn`` (n >= 3).

    Examples
    --------
    >>> x, k1, k2, k3 = sympy.symbols("x k1 k2 k3", positive=True)
    >>> eq3_printed(x, (k1, k2, k3))
    k1/4 + k2/4 + k3 + x/8
    """
    n = _check_series(ks)
    head = sum(ks[j] / 2 ** (n - 1 - j) for j in range(n - 2))
    return x / 2**n + head + ks[n - 2] / 4 + ks[n - 1]


def eq5_printed(x: Any, ks: Any) -> Any:
    """Eqs. 5-6 as printed: AIMD's ``phi = x/2^n + k1/2^n + ... + k(n-1)/2^2 + kn/2`` (n >= 3).

    Examples
    --------
    >>> x, k1, k2, k3 = sympy.symbols("x k1 k2 k3", positive=True)
    >>> eq5_printed(x, (k1, k2, k3))
    k1/8 + k2/4 + k3/2 + x/8
    """
    n = _check_series(ks)
    return x / 2**n + sum(ks[j] / 2 ** (n - j) for j in range(n - 1)) + ks[n - 1] / 2


# --------------------------------------------------------------------------
# shared checks of the two-flow statements
# --------------------------------------------------------------------------
def _pair(x1: Any, x2: Any, W: Any) -> None:
    for name, v in (("x1", x1), ("x2", x2)):
        check_param(name, v, lambda t: t >= 0, f"{name} >= 0")
    check_param("W", W, lambda t: t > 0, "W > 0")


def _paper_hypotheses(x1: Any, x2: Any, W: Any) -> bool:
    """Sec. 2.1 and Theorem 2: ``0 < x1 < x2`` and ``x1 + x2 < W``."""
    return 0 < x1 < x2 and x1 + x2 < W


def _both(x1, x2, W, a, b, arithmetic, eps, eps_fc=None) -> tuple[Convergence, Convergence]:
    """Convergence of AIMD(a, b) and AIMD-FC(a, b) from (x1, x2)."""
    ca = convergence(AIMD(a=a, b=b), [x1, x2], W, arithmetic=arithmetic, eps=eps)
    cf = convergence(AIMDFC(a=a, b=b), [x1, x2], W, arithmetic=arithmetic,
                     eps=eps if eps_fc is None else eps_fc)
    return ca, cf


def _log_bound_ok(n: int, m: Any, beta: Fraction) -> bool:
    """Exactly decide ``n <= 1 + log_beta(m)``, i.e. ``beta**(n-1) <= m``."""
    if m <= 0:
        return n <= 0
    if isinstance(m, float):
        return float(beta ** (n - 1)) <= m
    return beta ** (n - 1) <= Fraction(m)


def _lt_power(m: Any, base: Fraction, e: int) -> bool:
    """Exactly decide ``m < base**e`` (``e`` an int, possibly negative)."""
    return Fraction(m) < base**e if not isinstance(m, float) else m < float(base**e)


def _paper_n(m: Any, beta: Fraction) -> float:
    """The paper's ``1 + log_beta max(x1, x2)`` as a float, for display."""
    return 1 + math.log(m, float(beta)) if m > 0 else 0.0


# --------------------------------------------------------------------------
# Sec. 2.1, Theorems 1 and 2
# --------------------------------------------------------------------------
def cycle_count_bound(
    x1: Any, x2: Any, W: Any, *, a: Any = 1, b: Any = HALF, arithmetic: str = "exact",
    eps: Any = None,
) -> StatementCheck:
    """Sec. 2.1: two AIMD flows converge within ``1 + lg max(x1, x2)`` cycles.

    "Two flows running the AIMD algorithm will converge to fairness after
    1 + lg x2 cycles"; in general, with ``b_D = 1/beta``, "in
    log_beta(max(x1, x2)) + 1 cycles". Read as: the cycles n AIMD(a, b)
    needs (:func:`~aimdmodel.statements.convergence`) satisfy
    ``beta**(n-1) <= max(x1, x2)`` (exactly). Hypotheses: the paper's (either
    order accepted); equal windows need 0 cycles. Parameters: see the module
    docstring.

    In exact arithmetic with ``eps = 1`` this always holds: the gap after n
    decreases is ``|x2 - x1| b**n``. In integer arithmetic with ``eps = 0``
    it fails: the gap can stay at one packet forever.

    Returns
    -------
    StatementCheck
        quantities: ``cycles`` (None if never), ``bound`` (a float, for
        display), ``periodic``, ``gaps``.

    Examples
    --------
    >>> cycle_count_bound(1, 30, 100).holds
    True
    >>> c = cycle_count_bound(1, 2, 6, arithmetic="integer")
    >>> c.holds, c.quantities["cycles"], c.quantities["periodic"]
    (False, None, True)
    """
    _pair(x1, x2, W)
    e = tolerance(eps, arithmetic)
    beta = 1 / to_fraction(b, "b")
    c = convergence(AIMD(a=a, b=b), [x1, x2], W, arithmetic=arithmetic, eps=e)
    m = max(x1, x2)
    applicable = _paper_hypotheses(min(x1, x2), m, W) or x1 == x2
    holds = c.cycles is not None and _log_bound_ok(c.cycles, m, beta)
    bound = _paper_n(m, beta)
    return StatementCheck(
        "lahanas2003.cycle_count",
        bool(holds) or not applicable,
        applicable,
        {"cycles": c.cycles, "bound": bound, "periodic": c.periodic, "gaps": c.gaps},
        f"AIMD needs {c.cycles} cycles (eps={e}, {arithmetic}); "
        f"bound 1 + log_{beta} {m} = {bound:.4g}",
        {"x1": x1, "x2": x2, "W": W, "a": a, "b": b, "eps": e},
        arithmetic,
    )


def theorem1(
    x1: Any, x2: Any, W: Any, *, a: Any = 1, b: Any = HALF, arithmetic: str = "exact",
    eps: Any = None, eps_fc: Any = None,
) -> StatementCheck:
    """Theorem 1: if AIMD converges in n cycles, AIMD-FC converges in n cycles.

    "If AIMD-System((x1, x2), 2, n) converges to fairness, then
    AIMD-FC-System((x1, x2), 2, n) converges to fairness." Read as: AIMD-FC
    needs at most the n cycles AIMD needs. Hypotheses: ``x1, x2 >= 0``;
    vacuously true when AIMD does not converge. ``eps_fc`` is the tolerance
    of AIMD-FC's convergence (default ``eps``); the rest: see the module
    docstring.

    In exact arithmetic both gaps after n decreases equal ``|x2-x1| b**n``,
    so it holds with equality. In integer arithmetic the floors fall
    differently and it can fail; it holds there with ``eps=0, eps_fc=1``.

    Returns
    -------
    StatementCheck
        quantities: ``cycles_aimd``, ``cycles_fc`` (None if never),
        ``periodic_aimd``, ``periodic_fc``.

    Examples
    --------
    >>> theorem1(1, 30, 100).holds
    True
    >>> c = theorem1(1, 2, 4, arithmetic="integer")
    >>> c.holds, c.quantities["cycles_aimd"], c.quantities["cycles_fc"]
    (False, 1, None)
    """
    _pair(x1, x2, W)
    e = tolerance(eps, arithmetic)
    e_fc = e if eps_fc is None else tolerance(eps_fc, arithmetic)
    ca, cf = _both(x1, x2, W, a, b, arithmetic, e, e_fc)
    applicable = ca.cycles is not None
    holds = (not applicable) or (cf.cycles is not None and cf.cycles <= ca.cycles)
    return StatementCheck(
        "lahanas2003.theorem1",
        bool(holds),
        applicable,
        {"cycles_aimd": ca.cycles, "cycles_fc": cf.cycles,
         "periodic_aimd": ca.periodic, "periodic_fc": cf.periodic},
        f"AIMD converges in {ca.cycles} cycles, AIMD-FC in {cf.cycles} "
        f"(eps={e}, eps_fc={e_fc}, {arithmetic})",
        {"x1": x1, "x2": x2, "W": W, "a": a, "b": b, "eps": e, "eps_fc": e_fc},
        arithmetic,
    )


def _theorem2_test(ca: Convergence, cf: Convergence, m: Any, beta: Fraction,
                   n_reading: str) -> tuple[Any, bool]:
    """The n of the reading and whether ``s < p - (n - 1)``."""
    p, s = ca.increase_steps, cf.increase_steps
    if p is None or s is None:
        n = _paper_n(m, beta) if n_reading == "paper" else ca.cycles
        return n, False
    if n_reading == "paper":  # s < p - lg m  <=>  m < beta**(p - s)
        return _paper_n(m, beta), _lt_power(m, beta, p - s)
    return ca.cycles, s < p - (ca.cycles - 1)


def theorem2(
    x1: Any, x2: Any, W: Any, *, a: Any = 1, b: Any = HALF, arithmetic: str = "exact",
    eps: Any = None, n_reading: str = "paper",
) -> StatementCheck:
    """Theorem 2: AIMD-FC needs strictly fewer than ``p - (n - 1)`` steps.

    As printed: with n the cycles and p the additive increase steps
    AIMD-System((x1, x2), 2, n) needs to converge, "AIMD-FC-System converges
    in strictly less than p - (n - 1) steps", and "the system needs
    n = 1 + lg(max(x1, x2)) cycles" (end of the proof). Read as
    ``s < p - (n - 1)`` with s AIMD-FC's additive increase steps and

    - ``n_reading="paper"``: ``n = 1 + log_beta max(x1, x2)`` (real,
      ``beta = 1/b``), compared exactly as ``max(x1, x2) < beta**(p - s)``;
    - ``n_reading="measured"``: n = the cycles AIMD actually needs.

    Hypotheses: the paper's, and AIMD converges in ``n > 0`` cycles. The
    other parameters: see the module docstring.

    Returns
    -------
    StatementCheck
        quantities: ``p``, ``s``, ``n`` (float for the paper's reading),
        ``cycles_aimd``, ``cycles_fc``, ``gain`` = p - s.

    Examples
    --------
    >>> c = theorem2(1, 30, 100)
    >>> c.holds, c.quantities["p"], c.quantities["s"]
    (True, 135, 97)
    >>> theorem2(1, 3, 5).holds    # AIMD fair after 1 cycle: p = s = 1
    False
    """
    _pair(x1, x2, W)
    check_choice("n_reading", n_reading, ("paper", "measured"))
    e = tolerance(eps, arithmetic)
    ca, cf = _both(x1, x2, W, a, b, arithmetic, e)
    applicable = _paper_hypotheses(x1, x2, W) and ca.cycles is not None and ca.cycles > 0
    p, s = ca.increase_steps, cf.increase_steps
    n_val, ok = _theorem2_test(ca, cf, max(x1, x2), 1 / to_fraction(b, "b"), n_reading)
    return StatementCheck(
        "lahanas2003.theorem2",
        bool(ok) if applicable else True,
        applicable,
        {"p": p, "s": s, "n": n_val, "cycles_aimd": ca.cycles, "cycles_fc": cf.cycles,
         "gain": None if p is None or s is None else p - s},
        f"AIMD: p={p} increase steps in {ca.cycles} cycles; AIMD-FC: s={s} in "
        f"{cf.cycles}; need s < p - (n - 1) with n={n_val}"
        f" ({n_reading}, eps={e}, {arithmetic})",
        {"x1": x1, "x2": x2, "W": W, "a": a, "b": b, "eps": e, "n_reading": n_reading},
        arithmetic,
    )


# --------------------------------------------------------------------------
# Sec. 4.1: Lemma 3, Corollary 4
# --------------------------------------------------------------------------
def _lemma3_after(fc, x1, x2, W, q, n_prime, n, arithmetic, e) -> tuple[list, Any, bool]:
    """phi after n' cycles, the cycles AIMD-FC needs from phi + q, and whether q fits."""
    tr = statement_run(fc, [x1, x2], W, cycles=n_prime, arithmetic=arithmetic)
    phi = [plain_number(v) for v in tr.windows[-1]]
    fits = Fraction(q).denominator == 1 and q >= 0 and Fraction(q) < Fraction(max(phi)) / 2
    if not fits:
        return phi, None, False
    after = convergence(fc, [v + q for v in phi], W, arithmetic=arithmetic, eps=e).cycles
    return phi, after, True


def lemma3(
    x1: Any, x2: Any, W: Any, q: Any, n_prime: int, *, a: Any = 1, b: Any = HALF,
    arithmetic: str = "exact", eps: Any = None,
) -> StatementCheck:
    """Lemma 3: adding ``q < phi2/2`` after n' cycles keeps the cycle count.

    As printed: with n the cycles AIMD-FC-System((x1, x2), 2, n) needs,
    ``1 <= n' <= n``, ``(phi1, phi2)`` the output of n' cycles of AIMD-FC
    and q an integer with ``q < phi2/2``, "AIMD-FC-System((phi1 + q,
    phi2 + q), 2, n - n') converges". Read as: AIMD-FC from
    ``(phi1 + q, phi2 + q)`` is fair within ``n - n'`` cycles. Hypotheses:
    ``0 < x1 < x2``, AIMD-FC converges from (x1, x2), ``1 <= n' <= n``,
    ``q`` whole with ``0 <= q < max(phi1, phi2)/2``.

    In exact arithmetic adding the same q to both windows does not change
    their gap, so the count is kept for every ``q >= 0`` (the bound on q is
    not needed for it).

    Returns
    -------
    StatementCheck
        quantities: ``n``, ``phi``, ``cycles_after`` (cycles needed from
        ``phi + q``; None when not applicable), ``allowed`` (``n - n'``).

    Examples
    --------
    >>> c = lemma3(1, 30, 100, q=5, n_prime=2)
    >>> c.holds, c.quantities["n"], c.quantities["cycles_after"]
    (True, 5, 3)
    """
    _pair(x1, x2, W)
    e = tolerance(eps, arithmetic)
    fc = AIMDFC(a=a, b=b)
    n = convergence(fc, [x1, x2], W, arithmetic=arithmetic, eps=e).cycles
    whole = isinstance(n_prime, int) and not isinstance(n_prime, bool)
    applicable = 0 < x1 < x2 and n is not None and whole and 1 <= n_prime <= n
    phi, after = None, None
    if applicable:
        phi, after, applicable = _lemma3_after(fc, x1, x2, W, q, n_prime, n, arithmetic, e)
    holds = not applicable or (after is not None and after <= n - n_prime)
    return StatementCheck(
        "lahanas2003.lemma3",
        bool(holds),
        bool(applicable),
        {"n": n, "phi": phi, "cycles_after": after,
         "allowed": None if n is None else n - n_prime},
        f"AIMD-FC needs n={n}; from phi+q={phi}+{q} after n'={n_prime}: {after} cycles "
        f"(allowed n-n'; eps={e}, {arithmetic})",
        {"x1": x1, "x2": x2, "W": W, "q": q, "n_prime": n_prime, "a": a, "b": b, "eps": e},
        arithmetic,
    )


def _min_half_window(sh: ShiftedAIMDFC, x1, x2, W, q, cs: Convergence, arithmetic) -> Any:
    """The smallest ``max_i w_i / 2`` over the shifted run's decrease windows (before q)."""
    # the decreases the hypothesis is checked on: up to convergence, or the
    # cycles the run went through when it did not converge
    n_check = cs.cycles if cs.cycles is not None else max(len(cs.steps_per_cycle), 1)
    if not n_check:
        return None
    tr = statement_run(sh, [x1, x2], W, cycles=n_check, arithmetic=arithmetic)
    afters = [max(after) - q for _, _, after in congestion_events(tr)]
    if arithmetic == "integer":
        return Fraction(min(afters), 2)
    return plain_number(min(afters) / 2)


def corollary4(
    x1: Any, x2: Any, W: Any, q: Any, *, a: Any = 1, b: Any = HALF, arithmetic: str = "exact",
    eps: Any = None,
) -> StatementCheck:
    """Corollary 4: adding ``q`` after every decrease keeps the cycle count.

    As printed: "After every multiplicative decrease phase all the windows
    ... can be adjusted upward by q resource units each. If q is less than
    half the maximum decrease window, the number of cycles required for
    AIMD-FC to converge will not be affected." Read as: the cycles
    :class:`~aimdmodel.policies.ShiftedAIMDFC` needs equal the cycles
    AIMD-FC needs. Hypotheses: ``q`` whole, ``q >= 0``, AIMD-FC converges,
    and at every decrease until the shifted system is fair,
    ``q < max_i w_i / 2`` with ``w`` the decrease window before q is added
    (checked on the run itself).

    In exact arithmetic the gap is untouched by q and the corollary holds
    for every ``q >= 0``.

    Returns
    -------
    StatementCheck
        quantities: ``cycles_fc``, ``cycles_shifted``, ``min_half_window``.

    Examples
    --------
    >>> c = corollary4(1, 30, 100, q=3)
    >>> c.holds, c.quantities["cycles_fc"], c.quantities["cycles_shifted"]
    (True, 5, 5)
    """
    _pair(x1, x2, W)
    e = tolerance(eps, arithmetic)
    cf = convergence(AIMDFC(a=a, b=b), [x1, x2], W, arithmetic=arithmetic, eps=e)
    sh = ShiftedAIMDFC(a=a, b=b, q=q)
    cs = convergence(sh, [x1, x2], W, arithmetic=arithmetic, eps=e)
    half = _min_half_window(sh, x1, x2, W, q, cs, arithmetic)
    whole = Fraction(q).denominator == 1 and q >= 0
    applicable = bool(whole and cf.cycles is not None and (half is None or q < half))
    return StatementCheck(
        "lahanas2003.corollary4",
        bool((not applicable) or cs.cycles == cf.cycles),
        applicable,
        {"cycles_fc": cf.cycles, "cycles_shifted": cs.cycles, "min_half_window": half},
        f"AIMD-FC needs {cf.cycles} cycles, with q={q} added after each decrease "
        f"{cs.cycles} (eps={e}, {arithmetic})",
        {"x1": x1, "x2": x2, "W": W, "q": q, "a": a, "b": b, "eps": e},
        arithmetic,
    )


# --------------------------------------------------------------------------
# Sec. 3.3.5: Eq. 13
# --------------------------------------------------------------------------
def _released_enough(dw: Any, rel: Any, aa: Fraction, bb: Fraction, arithmetic: str) -> bool:
    """Whether "released >= a" agrees with "w >= a/(1-b)" at one decrease."""
    thr = aa / (1 - bb)
    if arithmetic == "integer":  # floor(w/2): released = ceil(w/2)
        expect = dw >= thr or Fraction(math.ceil(Fraction(dw) * (1 - bb))) >= aa
    else:
        expect = dw >= thr
    if arithmetic == "float":
        return (rel >= float(aa)) == expect
    return (Fraction(rel) >= aa) == expect


def eq13(
    x: Any, W: Any, *, a: Any = 1, b: Any = HALF, cycles: int = 12, arithmetic: str = "exact"
) -> StatementCheck:
    """Eq. 13: AIMD-FC "can only be applied if w >= 2 a_I".

    Sec. 3.3.5, one flow: with decrease window w and k additive increases
    the decrease is ``w <- w/2 + k a`` (Eq. 12), releasing ``w/2``. Read as:
    a decrease of AIMD-FC(a, 1/2) gives back at least one increase step
    (released ``>= a``) exactly when ``w >= 2a``; for general b the threshold
    is ``a / (1 - b)``. Checked at every decrease of a one-flow AIMD-FC run
    from window ``x >= 0`` (the first decrease window) for ``cycles``
    decreases. What happens below the bound is reported: ``below`` counts
    the decreases with ``w < a/(1-b)``.

    Returns
    -------
    StatementCheck
        quantities: ``decrease_windows``, ``released`` (window before minus
        window after), ``below``, ``threshold``, ``final_w``.

    Examples
    --------
    >>> c = eq13(1, 10)
    >>> c.holds, c.quantities["below"], str(c.quantities["threshold"])
    (True, 1, '2')
    """
    check_param("x", x, lambda t: t >= 0, "x >= 0")
    check_param("W", W, lambda t: t > 0, "W > 0")
    check_choice("arithmetic", arithmetic, ARITHMETICS)
    tr = statement_run(AIMDFC(a=a, b=b), [x], W, cycles=cycles, arithmetic=arithmetic)
    bb, aa = to_fraction(b, "b"), to_fraction(a, "a")
    thr = aa / (1 - bb)
    dws, released, ok = [], [], True
    dw = x  # the decrease window is the window right after the last decrease
    for _, wb, wa in congestion_events(tr):
        dws.append(plain_number(dw))
        released.append(plain_number(wb[0] - wa[0]))
        ok = ok and _released_enough(dw, released[-1], aa, bb, arithmetic)
        dw = wa[0]
    below = sum(1 for v in dws if v < thr)
    return StatementCheck(
        "lahanas2003.eq13",
        bool(ok),
        True,
        {"decrease_windows": dws, "released": released, "below": int(below),
         "threshold": thr, "final_w": dws[-1] if dws else None},
        f"{len(dws)} decreases, {below} with w below {thr} (released < a there)",
        {"x": x, "W": W, "a": a, "b": b, "cycles": cycles},
        arithmetic,
    )


# --------------------------------------------------------------------------
# Sec. 4.2 and Sec. 6: two rules the paper discusses but does not adopt
# --------------------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class FCPlusCurrentK(AIMDFCPlus):
    """AIMD-FC+ adding ``f(k^j)``, this cycle's increase, instead of the previous cycle's.

    Sec. 4.2: "Adding resources from k^j into w^{j+1} does not preserve the
    congestion avoidance property of the algorithm": when flows leave, the
    remaining flows' k^j exceeds half their decrease window, and adding it
    back can put the sum of the windows above ``W`` right after the
    decrease. This is the rejected choice: decrease
    ``dw <- b dw + (w + k - dw)``, ``w <- dw + f k`` (AIMD-FC+ adds
    ``f q`` with ``q`` the previous cycle's ``k``).

    Examples
    --------
    >>> from fractions import Fraction
    >>> p = FCPlusCurrentK()
    >>> s = p.decrease(p.advance(p.init(Fraction(10)), 4))
    >>> [str(v) for v in (s.dw, s.w, s.k, s.q)]
    ['9', '11', '0', '4']
    """

    name: ClassVar[str] = "aimd-fc-plus-current-k"
    display_name: ClassVar[str] = "AIMD-FC+ (f of this cycle's k)"

    def decrease(self, s: FCPlusState) -> FCPlusState:
        dw = self.b * s.dw + (s.w + s.k - s.dw)
        return FCPlusState(dw, dw + self.f * s.k, s.k * 0, s.k)


class OneCycleState(NamedTuple):
    """State of :class:`OneCycleScheme`.

    Base window ``w``, increase ``k`` since the last congestion event, and the
    number ``n`` of congestion events seen (0, 1, 2 and more).

    Examples
    --------
    >>> OneCycleScheme().init(5)
    OneCycleState(w=5, k=0, n=0)
    """

    w: Any
    k: Any
    n: Any


@dataclass(frozen=True, repr=False)
class OneCycleScheme(Policy):
    """The one-cycle fairness scheme of Sec. 6, as the paper describes it.

    "All sources could adjust their windows to k_1, reaching fairness in a
    single cycle. Furthermore, the sources could maintain their additive
    behavior until the next cycle ... all flows have windows w = k_1 + k_2
    ... without a need for continuous adjustments." Read as: the window is
    ``w + k``; at the first congestion event ``w <- k`` (the window becomes
    ``k_1``, the increase every flow received alike, and the initial window
    is dropped); at the second, ``w <- w + k`` (``k_1 + k_2``); in both
    ``k <- 0``. From then on the windows stay as they are
    (no increase, no decrease). A flow that arrives later starts its own
    count from its initial window.

    Parameters
    ----------
    a : number
        Additive increase per RTT, ``a > 0`` (default 1).

    Examples
    --------
    >>> from fractions import Fraction
    >>> p = OneCycleScheme()
    >>> s = p.decrease(p.advance(p.init(Fraction(10)), 4))
    >>> p.window(s), p.window(p.decrease(p.advance(s, 3)))
    (Fraction(4, 1), Fraction(7, 1))
    """

    a: Any = 1

    name: ClassVar[str] = "one-cycle-scheme"
    display_name: ClassVar[str] = "one-cycle scheme (Sec. 6)"

    def init(self, x: Any) -> OneCycleState:
        return OneCycleState(x, x * 0, x * 0)

    def window(self, s: OneCycleState) -> Any:
        return s.w + s.k

    def increase(self, s: OneCycleState) -> OneCycleState:
        growing = np.asarray(s.n < 2)
        return OneCycleState(s.w, np.where(growing, s.k + self.a, s.k)[()], s.n)

    def decrease(self, s: OneCycleState) -> OneCycleState:
        n = np.asarray(s.n)
        w = np.where(n == 0, s.k, np.where(n == 1, s.w + s.k, s.w))[()]
        k = np.where(n < 2, s.k * 0, s.k)[()]
        return OneCycleState(w, k, np.where(n < 2, s.n + 1, s.n)[()])
