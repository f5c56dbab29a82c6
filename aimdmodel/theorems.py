"""The statements of the papers as pure, checkable functions.

Every statement of a paper that the project tests is written here once, as
a deterministic function of its inputs that runs the project's engine
(:func:`aimdmodel.simulate`) and returns a :class:`StatementCheck`: whether
the statement holds at that input, whether the input satisfies the
statement's own hypotheses, the quantities compared and a one-line
explanation. The property tests (``tests/properties/``) call these
functions under hypothesis; the claims ledger (``paper_checks/``) calls the
same functions over grids, and :func:`find_counterexample` returns the
minimal counterexample in an explicit order without hypothesis.

Readings of "converges to fairness"
-----------------------------------
Seed 003 Definition 1 asks the windows returned by ``AIMD-System`` (the
windows right after the n-th multiplicative decrease) to "become equal
exactly at the n-th cycle". For AIMD and AIMD-FC in exact arithmetic the
difference of two windows after n decreases is exactly
``|x1 - x2| * b**n``, never 0 unless ``x1 == x2``; the paper itself calls
the remainders ``x_i / 2**n`` "practically insignificant". So every
function here takes a tolerance ``eps`` on ``max(w) - min(w)`` of the
windows right after a decrease, and an arithmetic:

- ``"exact"`` (Fractions, no rounding), default ``eps = 1`` packet (seed 003
  footnote 5: "there is a minimum divisible unit");
- ``"float"`` (float64), default ``eps = 1`` packet;
- ``"integer"`` (whole packets, every state variable floored after each
  step, seed 003 footnotes 5-6: "the windows ... take only integer
  values"), default ``eps = 0``: Definition 1 literally, exact equality.

"Converges in n cycles" means: n is the smallest number of congestion events
after which the windows are within ``eps`` (n = 0 when they start so). For
AIMD, AIMD-FC and AIMD-FC with a constant added after each decrease the
difference never grows (it is multiplied by ``b`` at a decrease, or floored
to within one packet of that, and kept by an increase), so the windows stay
fair from then on. In integer arithmetic a repeated post-decrease state
proves that fairness is never reached (the iteration is periodic).

Sources: Chiu & Jain (1989) for the linear controls; Lahanas & Tsaoussidis,
Computer Networks 43 (2003) 227-245 (seed 003); Jasem et al. (2010)
(seed 000) for New-AIMD.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from ._arith import to_fraction
from ._validate import check_param as _check
from .engine import simulate
from .metrics import jain_index
from .policies import (
    AIAD,
    AIMD,
    AIMDFC,
    MIAD,
    MIMD,
    LinearControl,
    NewAIMD,
    Policy,
    ShiftedAIMDFC,
)


def _positive(name: str, v: Any) -> None:
    _check(name, v, lambda x: x > 0, f"{name} > 0")

__all__ = [
    "Convergence",
    "ShiftedAIMDFC",
    "StatementCheck",
    "aiad_differences",
    "aimd_contraction",
    "chiu_jain_conditions",
    "convergence",
    "corollary4",
    "cycle_count_bound",
    "default_eps",
    "eq13",
    "find_counterexample",
    "jain_across_congestion",
    "jain_bounds",
    "lemma3",
    "linear_convergence",
    "miad_divergence",
    "mimd_ratios",
    "new_aimd_recurrences",
    "new_aimd_saturation",
    "theorem1",
    "theorem2",
    "two_flow_grid",
    "with_parameter",
]

HALF = Fraction(1, 2)
_ARITHMETICS = ("exact", "float", "integer")


# --------------------------------------------------------------------------
# result type
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class StatementCheck:
    """The verdict of one statement at one input.

    Attributes
    ----------
    statement : str
        Which statement (e.g. ``"seed003.theorem1"``).
    holds : bool
        True when the statement is true at this input. An input that does
        not satisfy the statement's hypotheses makes the implication
        vacuously true (``holds=True``, ``applicable=False``).
    applicable : bool
        True when the input satisfies the statement's own hypotheses.
    quantities : dict
        The quantities compared (counts, windows, bounds), in the run's
        arithmetic.
    explanation : str
        One line: what was compared and how it came out.
    inputs : dict
        The inputs, as given.
    arithmetic : str
        ``"exact"``, ``"float"`` or ``"integer"``.

    Examples
    --------
    >>> c = theorem1(1, 30, 100)
    >>> c.holds, c.applicable, c.quantities["cycles_aimd"], c.quantities["cycles_fc"]
    (True, True, 5, 5)
    """

    statement: str
    holds: bool
    applicable: bool
    quantities: dict = field(default_factory=dict)
    explanation: str = ""
    inputs: dict = field(default_factory=dict)
    arithmetic: str = "exact"

    def __bool__(self) -> bool:
        return bool(self.holds)


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------
def _check_arithmetic(arithmetic: str) -> None:
    if arithmetic not in _ARITHMETICS:
        raise ValueError(
            f"arithmetic must be one of {', '.join(_ARITHMETICS)}, got {arithmetic!r}"
        )


def default_eps(arithmetic: str) -> Fraction:
    """Return the default fairness tolerance of an arithmetic (see the module docstring).

    Parameters
    ----------
    arithmetic : {"exact", "float", "integer"}

    Returns
    -------
    Fraction
        1 packet for ``"exact"`` and ``"float"``, 0 (exact equality,
        Definition 1) for ``"integer"``.

    Examples
    --------
    >>> default_eps("exact"), default_eps("integer")
    (Fraction(1, 1), Fraction(0, 1))
    """
    _check_arithmetic(arithmetic)
    return Fraction(0) if arithmetic == "integer" else Fraction(1)


def _eps(eps: Any, arithmetic: str) -> Any:
    _check_arithmetic(arithmetic)
    if eps is None:
        return default_eps(arithmetic)
    _check("eps", eps, lambda v: v >= 0, "eps >= 0")
    return to_fraction(eps, "eps")


def _num(v: Any) -> Any:
    """Return a plain Python number for reports (Fraction / int / float)."""
    if isinstance(v, np.generic):
        return v.item()
    return v


def _gap(w: Any) -> Any:
    w = list(w)
    return _num(max(w) - min(w))


def _lt_power(m: Any, base: Fraction, e: int) -> bool:
    """Exactly decide ``m < base**e`` (``e`` an int, possibly negative)."""
    return Fraction(m) < base**e if not isinstance(m, float) else m < float(base**e)


def _log_bound_ok(n: int, m: Any, beta: Fraction) -> bool:
    """Exactly decide ``n <= 1 + log_beta(m)``, i.e. ``beta**(n-1) <= m``."""
    if m <= 0:
        return n <= 0
    return beta ** (n - 1) <= Fraction(m) if not isinstance(m, float) else float(
        beta ** (n - 1)
    ) <= m


def _engine(engine: str | None, arithmetic: str) -> str:
    """Pick the engine: "cycle" (identical windows, additive phases jumped) unless float."""
    if engine is None:
        return "step" if arithmetic == "float" else "cycle"
    return engine


def _run(policy, x, W, *, arithmetic, engine=None, cycles=None, steps=None):
    eng = _engine(engine, arithmetic)
    return simulate(
        policy, x, W, cycles=cycles, steps=steps, arithmetic=arithmetic, engine=eng,
        record="all" if eng == "step" else "cycles",
    )


def _events(tr) -> list[tuple[int, Any, Any]]:
    """Return ``(t, windows[t], windows[t + 1])`` for every congestion step t (any record)."""
    cong = [int(c) for c in tr.congestion_steps]
    if tr.cycle_record is None:
        return [(c, tr.windows[c], tr.windows[c + 1]) for c in cong]
    index = {int(t): k for k, t in enumerate(tr.cycle_record.times)}
    return [(c, tr.windows[index[c]], tr.windows[index[c + 1]]) for c in cong]


# the state right after a decrease is the window vector for these policies
_RESTARTABLE = (AIMD, AIMDFC, AIAD, MIMD, MIAD, LinearControl)


@dataclass(frozen=True)
class Convergence:
    """How a system converged to fairness (see :func:`convergence`).

    Attributes
    ----------
    cycles : int or None
        Congestion events until the windows right after a decrease are
        within ``eps`` (0 when the initial windows are); None when that
        does not happen (``periodic``) or not within ``max_cycles``.
    increase_steps : int or None
        Steps with feedback 1 before that congestion event (the paper's p).
    rtts : int or None
        All steps up to and including that congestion event.
    gaps : tuple
        ``max(w) - min(w)`` of the initial windows and of the windows right
        after each decrease that was run.
    steps_per_cycle : tuple of int
        Increase steps of each cycle that was run (the paper's k_j when
        ``a = 1``).
    periodic : bool
        True when (integer arithmetic) a post-decrease window vector
        repeated before fairness: fairness is never reached.
    eps : Fraction
        The tolerance used.
    arithmetic : str

    Examples
    --------
    >>> c = convergence(AIMD(), [1, 30], 100)
    >>> c.cycles, c.increase_steps, [str(g) for g in c.gaps[:3]]
    (5, 135, ['29', '29/2', '29/4'])
    """

    cycles: int | None
    increase_steps: int | None
    rtts: int | None
    gaps: tuple
    steps_per_cycle: tuple
    periodic: bool
    eps: Fraction
    arithmetic: str


def convergence(
    policy: Policy,
    x: Any,
    capacity: Any,
    *,
    arithmetic: str = "exact",
    eps: Any = None,
    max_cycles: int = 64,
    engine: str | None = None,
) -> Convergence:
    """Cycles and steps a system needs to converge to fairness.

    Runs :func:`aimdmodel.simulate` (congestion when ``sum >= W``) and looks
    at the windows right after each decrease, the tuple ``AIMD-System``
    returns (seed 003 Sec. 2.1, Definition 1), with tolerance ``eps`` on
    ``max(w) - min(w)``.

    Parameters
    ----------
    policy : Policy
        Any policy; the detection of periodic integer runs needs one whose
        state after a decrease is its window vector (AIMD, AIMD-FC, the
        linear controls, :class:`ShiftedAIMDFC`).
    x : array_like
        Initial windows ``(m,)``.
    capacity : number
        ``W``.
    arithmetic : {"exact", "float", "integer"}
    eps : number, optional
        Tolerance; default :func:`default_eps` of the arithmetic.
    max_cycles : int
        Give up (``cycles=None``) after this many congestion events.
    engine : str, optional
        Passed to :func:`aimdmodel.simulate`; default ``"cycle"`` (whole
        additive phases jumped, identical windows) in exact and integer
        arithmetic and the reference ``"step"`` in float.

    Returns
    -------
    Convergence

    Examples
    --------
    In whole packets, AIMD(1, 1/2) from (1, 2) with W = 6 cycles between
    (1, 2) and (3, 4) forever:

    >>> c = convergence(AIMD(), [1, 2], 6, arithmetic="integer")
    >>> c.cycles, c.periodic
    (None, True)
    """
    e = _eps(eps, arithmetic)
    if isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1:
        raise ValueError(f"max_cycles must be an int >= 1, got {max_cycles!r}")
    restartable = isinstance(policy, _RESTARTABLE)
    gaps: list[Any] = [_gap(x)]
    per_cycle: list[int] = []
    if gaps[0] <= e:
        return Convergence(0, 0, 0, tuple(gaps), (), False, e, arithmetic)
    seen: set = set()
    w = list(x)
    done = 0
    inc_total = 0
    chunk = 8
    while True:
        n = min(chunk, max_cycles - done)
        if restartable:
            tr = _run(policy, w, capacity, arithmetic=arithmetic, engine=engine, cycles=n)
            offset = 0
        else:  # rerun from the start (the state is not the window vector)
            tr = _run(policy, list(x), capacity, arithmetic=arithmetic, engine=engine,
                      cycles=done + n)
            offset = done
        prev = -1
        for j, (c, _, after) in enumerate(_events(tr)):
            if j < offset:
                prev = c
                continue
            inc = c - prev - 1
            prev = c
            per_cycle.append(inc)
            inc_total += inc
            done += 1
            g = _gap(after)
            gaps.append(g)
            if g <= e:
                return Convergence(
                    done, inc_total, inc_total + done, tuple(gaps), tuple(per_cycle),
                    False, e, arithmetic,
                )
            if restartable and arithmetic == "integer":
                key = tuple(int(v) for v in after)
                if key in seen:
                    return Convergence(
                        None, None, None, tuple(gaps), tuple(per_cycle), True, e, arithmetic
                    )
                seen.add(key)
        if done >= max_cycles:
            return Convergence(
                None, None, None, tuple(gaps), tuple(per_cycle), False, e, arithmetic
            )
        if restartable:
            w = list(tr.windows[-1])
        chunk *= 2


def _pair(x1: Any, x2: Any, W: Any) -> None:
    for name, v in (("x1", x1), ("x2", x2)):
        _check(name, v, lambda t: t >= 0, f"{name} >= 0")
    _positive("W", W)


def _paper_hypotheses(x1: Any, x2: Any, W: Any) -> bool:
    """Seed 003 Sec. 2.1 and Theorem 2: ``0 < x1 < x2`` and ``x1 + x2 < W``."""
    return 0 < x1 < x2 and x1 + x2 < W


# --------------------------------------------------------------------------
# seed 003: the cycle count, Theorems 1 and 2, Lemma 3, Corollary 4, Eq. 13
# --------------------------------------------------------------------------
def cycle_count_bound(
    x1: Any,
    x2: Any,
    W: Any,
    *,
    a: Any = 1,
    b: Any = HALF,
    arithmetic: str = "exact",
    eps: Any = None,
) -> StatementCheck:
    """Seed 003 Sec. 2.1: two AIMD flows converge within ``1 + lg max(x1, x2)`` cycles.

    "Two flows running the AIMD algorithm will converge to fairness after
    1 + lg x2 cycles"; in general, with ``b_D = 1/beta``, "in
    log_beta(max(x1, x2)) + 1 cycles". Read as: the number n of congestion
    events AIMD(a, b) needs (see :func:`convergence`) satisfies
    ``n <= 1 + log_beta(max(x1, x2))``, compared exactly as
    ``beta**(n-1) <= max(x1, x2)``. Hypotheses (Sec. 2.1):
    ``0 < x1 < x2`` (either order accepted, the larger is "x2") and
    ``x1 + x2 < W``; equal windows need 0 cycles.

    In exact arithmetic with ``eps = 1`` this always holds: the gap after n
    decreases is ``|x2 - x1| b**n`` and the smallest n with
    ``|x2-x1| b**n <= 1`` is at most ``1 + floor(log_beta max)``. In integer
    arithmetic with ``eps = 0`` (Definition 1) it fails: the gap can stay at
    one packet forever (see :func:`convergence`).

    Parameters
    ----------
    x1, x2 : number
        Initial windows (``>= 0``).
    W : number
        Capacity (``> 0``).
    a, b : number
        AIMD parameters (the paper: 1 and 1/2).
    arithmetic : {"exact", "float", "integer"}
    eps : number, optional
        Fairness tolerance; default :func:`default_eps`.

    Returns
    -------
    StatementCheck
        quantities: ``cycles`` (measured, None if never), ``bound``
        (``1 + log_beta max`` as a float, for display), ``periodic``.

    Examples
    --------
    >>> cycle_count_bound(1, 30, 100).holds
    True
    >>> c = cycle_count_bound(1, 2, 6, arithmetic="integer")
    >>> c.holds, c.quantities["cycles"], c.quantities["periodic"]
    (False, None, True)
    """
    _pair(x1, x2, W)
    e = _eps(eps, arithmetic)
    beta = 1 / to_fraction(b, "b")
    c = convergence(AIMD(a=a, b=b), [x1, x2], W, arithmetic=arithmetic, eps=e)
    m = max(x1, x2)
    applicable = _paper_hypotheses(min(x1, x2), m, W) or x1 == x2
    holds = c.cycles is not None and _log_bound_ok(c.cycles, m, beta)
    bound = 1 + math.log(m, float(beta)) if m > 0 else 0.0
    if not applicable:
        holds = True
    return StatementCheck(
        "seed003.cycle_count",
        bool(holds),
        applicable,
        {"cycles": c.cycles, "bound": bound, "periodic": c.periodic, "gaps": c.gaps},
        f"AIMD needs {c.cycles} cycles (eps={e}, {arithmetic}); "
        f"bound 1 + log_{beta} {m} = {bound:.4g}",
        {"x1": x1, "x2": x2, "W": W, "a": a, "b": b, "eps": e},
        arithmetic,
    )


def theorem1(
    x1: Any,
    x2: Any,
    W: Any,
    *,
    a: Any = 1,
    b: Any = HALF,
    arithmetic: str = "exact",
    eps: Any = None,
    eps_fc: Any = None,
) -> StatementCheck:
    """Seed 003 Theorem 1: if AIMD converges in n cycles, AIMD-FC converges in n cycles.

    "If AIMD-System((x1, x2), 2, n) converges to fairness, then
    AIMD-FC-System((x1, x2), 2, n) converges to fairness." Read as: with n
    the cycles AIMD(a, b) needs (:func:`convergence`), AIMD-FC(a, b) needs
    at most n cycles ("in no more cycles than AIMD"). Hypotheses:
    ``x1, x2`` natural numbers (``>= 0``); vacuously true when AIMD does not
    converge.

    In exact arithmetic both gaps after n decreases equal ``|x2-x1| b**n``
    (AIMD-FC halves only the decrease window, whose gap is the window gap),
    so the theorem holds with equality for every ``eps``. In integer
    arithmetic the floors fall differently and it can fail; it holds there
    when AIMD-FC is only asked to come within one packet (``eps=0,
    eps_fc=1``): AIMD's gap after n floored decreases is at least
    ``floor(d / 2**n)`` and AIMD-FC's at most ``ceil(d / 2**n)``.

    Parameters
    ----------
    x1, x2, W, a, b, arithmetic, eps
        As :func:`cycle_count_bound`.
    eps_fc : number, optional
        Tolerance for AIMD-FC's convergence (default: ``eps``).

    Returns
    -------
    StatementCheck
        quantities: ``cycles_aimd``, ``cycles_fc`` (None if never) and
        whether each run was found periodic.

    Examples
    --------
    >>> theorem1(1, 30, 100).holds
    True
    >>> c = theorem1(1, 2, 4, arithmetic="integer")
    >>> c.holds, c.quantities["cycles_aimd"], c.quantities["cycles_fc"]
    (False, 1, None)
    """
    _pair(x1, x2, W)
    e = _eps(eps, arithmetic)
    e_fc = e if eps_fc is None else _eps(eps_fc, arithmetic)
    ca = convergence(AIMD(a=a, b=b), [x1, x2], W, arithmetic=arithmetic, eps=e)
    cf = convergence(AIMDFC(a=a, b=b), [x1, x2], W, arithmetic=arithmetic, eps=e_fc)
    applicable = ca.cycles is not None
    holds = (not applicable) or (cf.cycles is not None and cf.cycles <= ca.cycles)
    return StatementCheck(
        "seed003.theorem1",
        bool(holds),
        applicable,
        {
            "cycles_aimd": ca.cycles,
            "cycles_fc": cf.cycles,
            "periodic_aimd": ca.periodic,
            "periodic_fc": cf.periodic,
        },
        f"AIMD converges in {ca.cycles} cycles, AIMD-FC in {cf.cycles} "
        f"(eps={e}, eps_fc={e_fc}, {arithmetic})",
        {"x1": x1, "x2": x2, "W": W, "a": a, "b": b, "eps": e, "eps_fc": e_fc},
        arithmetic,
    )


def theorem2(
    x1: Any,
    x2: Any,
    W: Any,
    *,
    a: Any = 1,
    b: Any = HALF,
    arithmetic: str = "exact",
    eps: Any = None,
    n_reading: str = "paper",
) -> StatementCheck:
    """Seed 003 Theorem 2: AIMD-FC needs strictly fewer than ``p - (n - 1)`` steps.

    As printed: "let x1, x2 (0 < x1 < x2) ... n the number of cycles in
    which AIMD-System((x1, x2), 2, n) converges to fairness, and let
    p (p >= n) denote the number of additive increase steps needed by
    AIMD-System((x1, x2), 2, n) to converge to fairness. If AIMD-System
    converges to fairness in p steps, then AIMD-FC-System converges in
    strictly less than p - (n - 1) steps", with, at the end of the proof,
    "the system needs n = 1 + lg(max(x1, x2)) cycles".

    Read as: p = the additive increase steps AIMD(a, b) takes before the
    congestion event after which it is fair; s = the same count for
    AIMD-FC(a, b); the statement is ``s < p - (n - 1)`` with

    - ``n_reading="paper"``: ``n = 1 + log_beta max(x1, x2)`` (real, as the
      paper writes it; ``beta = 1/b``), compared exactly as
      ``max(x1, x2) < beta**(p - s)``;
    - ``n_reading="measured"``: n = the cycles AIMD actually needs.

    Counting RTTs instead (increase steps plus one decrease step per cycle)
    gives the same inequality when both need the same number of cycles.
    Hypotheses: ``0 < x1 < x2`` and ``x1 + x2 < W`` (the proof's), and
    AIMD converges in ``n > 0`` cycles (windows already within ``eps`` need
    no convergence: not applicable).

    Parameters
    ----------
    x1, x2, W, a, b, arithmetic, eps
        As :func:`cycle_count_bound`.
    n_reading : {"paper", "measured"}

    Returns
    -------
    StatementCheck
        quantities: ``p``, ``s`` (AIMD-FC's increase steps), ``n``
        (float for the paper's reading), ``cycles_aimd``, ``cycles_fc``,
        ``gain`` = p - s.

    Examples
    --------
    >>> c = theorem2(1, 30, 100)
    >>> c.holds, c.quantities["p"], c.quantities["s"]
    (True, 135, 97)
    >>> theorem2(1, 3, 5).holds    # AIMD fair after 1 cycle: p = s = 1
    False
    """
    _pair(x1, x2, W)
    if n_reading not in ("paper", "measured"):
        raise ValueError(f"n_reading must be 'paper' or 'measured', got {n_reading!r}")
    e = _eps(eps, arithmetic)
    beta = 1 / to_fraction(b, "b")
    ca = convergence(AIMD(a=a, b=b), [x1, x2], W, arithmetic=arithmetic, eps=e)
    cf = convergence(AIMDFC(a=a, b=b), [x1, x2], W, arithmetic=arithmetic, eps=e)
    applicable = 0 < x1 < x2 and x1 + x2 < W and ca.cycles is not None and ca.cycles > 0
    p, s = ca.increase_steps, cf.increase_steps
    m = max(x1, x2)
    if n_reading == "paper":
        n_val: Any = 1 + math.log(m, float(beta)) if m > 0 else 0.0
        ok = p is not None and s is not None and _lt_power(m, beta, p - s)
    else:
        n_val = ca.cycles
        ok = p is not None and s is not None and s < p - (ca.cycles - 1)
    holds = ok if applicable else True
    return StatementCheck(
        "seed003.theorem2",
        bool(holds),
        applicable,
        {
            "p": p,
            "s": s,
            "n": n_val,
            "cycles_aimd": ca.cycles,
            "cycles_fc": cf.cycles,
            "gain": None if p is None or s is None else p - s,
        },
        f"AIMD: p={p} increase steps in {ca.cycles} cycles; AIMD-FC: s={s} in "
        f"{cf.cycles}; need s < p - (n - 1) with n={n_val}"
        f" ({n_reading}, eps={e}, {arithmetic})",
        {"x1": x1, "x2": x2, "W": W, "a": a, "b": b, "eps": e, "n_reading": n_reading},
        arithmetic,
    )


def lemma3(
    x1: Any,
    x2: Any,
    W: Any,
    q: Any,
    n_prime: int,
    *,
    a: Any = 1,
    b: Any = HALF,
    arithmetic: str = "exact",
    eps: Any = None,
) -> StatementCheck:
    """Seed 003 Lemma 3: adding ``q < phi2/2`` after n' cycles keeps the cycle count.

    As printed: with n the cycles AIMD-FC-System((x1, x2), 2, n) needs,
    ``1 <= n' <= n``, ``(phi1, phi2)`` the output of n' cycles of AIMD-FC
    and q an integer with ``q < phi2/2``, "AIMD-FC-System((phi1 + q,
    phi2 + q), 2, n - n') converges". Read as: AIMD-FC from
    ``(phi1 + q, phi2 + q)`` is fair within ``n - n'`` cycles. Hypotheses:
    ``0 < x1 < x2``, AIMD-FC converges from (x1, x2), ``1 <= n' <= n``,
    ``q`` whole with ``q < max(phi1, phi2)/2`` (negative q is outside).

    In exact arithmetic adding the same q to both windows does not change
    their gap, so the lemma holds for every ``q >= 0`` (the bound on q is
    not needed for the cycle count).

    Returns
    -------
    StatementCheck
        quantities: ``n``, ``phi``, ``cycles_after`` (cycles needed from
        ``phi + q``), ``allowed`` (``n - n'``).

    Examples
    --------
    >>> c = lemma3(1, 30, 100, q=5, n_prime=2)
    >>> c.holds, c.quantities["n"], c.quantities["cycles_after"]
    (True, 5, 3)
    """
    _pair(x1, x2, W)
    e = _eps(eps, arithmetic)
    fc = AIMDFC(a=a, b=b)
    cn = convergence(fc, [x1, x2], W, arithmetic=arithmetic, eps=e)
    n = cn.cycles
    ok_n = isinstance(n_prime, int) and not isinstance(n_prime, bool)
    applicable = 0 < x1 < x2 and n is not None and ok_n and 1 <= n_prime <= n
    phi = None
    after = None
    holds = True
    if applicable:
        tr = _run(fc, [x1, x2], W, cycles=n_prime, arithmetic=arithmetic)
        phi = [_num(v) for v in tr.windows[-1]]
        applicable = (
            Fraction(q).denominator == 1 and q >= 0 and Fraction(q) < Fraction(max(phi)) / 2
        )
        if applicable:
            ca = convergence(
                fc, [v + q for v in phi], W, arithmetic=arithmetic, eps=e
            )
            after = ca.cycles
            holds = after is not None and after <= n - n_prime
    return StatementCheck(
        "seed003.lemma3",
        bool(holds),
        bool(applicable),
        {"n": n, "phi": phi, "cycles_after": after,
         "allowed": None if n is None else n - n_prime},
        f"AIMD-FC needs n={n}; from phi+q={phi}+{q} after n'={n_prime}: {after} cycles "
        f"(allowed n-n'; eps={e}, {arithmetic})",
        {"x1": x1, "x2": x2, "W": W, "q": q, "n_prime": n_prime, "a": a, "b": b, "eps": e},
        arithmetic,
    )


def corollary4(
    x1: Any,
    x2: Any,
    W: Any,
    q: Any,
    *,
    a: Any = 1,
    b: Any = HALF,
    arithmetic: str = "exact",
    eps: Any = None,
) -> StatementCheck:
    """Seed 003 Corollary 4: adding ``q`` after every decrease keeps the cycle count.

    As printed: "After every multiplicative decrease phase all the windows
    ... can be adjusted upward by q resource units each. If q is less than
    half the maximum decrease window, the number of cycles required for
    AIMD-FC to converge will not be affected." Read as: the cycles
    :class:`ShiftedAIMDFC` (q added after each decrease) needs equal the
    cycles AIMD-FC needs. Hypotheses: ``q`` whole, ``q >= 0``, and at every
    decrease until the shifted system is fair, ``q < max_i w_i / 2`` where
    ``w`` is the decrease window the AIMD-FC rule produced before q is
    added (checked on the run itself); AIMD-FC converges.

    In exact arithmetic the gap is untouched by q and the corollary holds
    for every ``q >= 0``.

    Returns
    -------
    StatementCheck
        quantities: ``cycles_fc``, ``cycles_shifted``, ``min_half_window``
        (the smallest ``max_i w_i / 2`` over the shifted run's decreases).

    Examples
    --------
    >>> c = corollary4(1, 30, 100, q=3)
    >>> c.holds, c.quantities["cycles_fc"], c.quantities["cycles_shifted"]
    (True, 5, 5)
    """
    _pair(x1, x2, W)
    e = _eps(eps, arithmetic)
    cf = convergence(AIMDFC(a=a, b=b), [x1, x2], W, arithmetic=arithmetic, eps=e)
    sh = ShiftedAIMDFC(a=a, b=b, q=q)
    cs = convergence(sh, [x1, x2], W, arithmetic=arithmetic, eps=e)
    half: Any = None
    whole = Fraction(q).denominator == 1 and q >= 0
    # the decreases the hypothesis is checked on: up to convergence, or the
    # cycles the run went through when it did not converge
    n_check = cs.cycles if cs.cycles is not None else max(len(cs.steps_per_cycle), 1)
    if n_check:
        tr = _run(sh, [x1, x2], W, cycles=n_check, arithmetic=arithmetic)
        afters = [max(after) - q for _, _, after in _events(tr)]
        half = _num(min(afters) / 2) if arithmetic != "integer" else Fraction(min(afters), 2)
    applicable = bool(whole and cf.cycles is not None and (half is None or q < half))
    holds = (not applicable) or cs.cycles == cf.cycles
    return StatementCheck(
        "seed003.corollary4",
        bool(holds),
        applicable,
        {"cycles_fc": cf.cycles, "cycles_shifted": cs.cycles, "min_half_window": half},
        f"AIMD-FC needs {cf.cycles} cycles, with q={q} added after each decrease "
        f"{cs.cycles} (eps={e}, {arithmetic})",
        {"x1": x1, "x2": x2, "W": W, "q": q, "a": a, "b": b, "eps": e},
        arithmetic,
    )


def eq13(
    x: Any,
    W: Any,
    *,
    a: Any = 1,
    b: Any = HALF,
    cycles: int = 12,
    arithmetic: str = "exact",
) -> StatementCheck:
    """Seed 003 Eq. 13: AIMD-FC "can only be applied if w >= 2 a_I".

    Sec. 3.3.5, one flow: with decrease window w and k additive increases
    the decrease is ``w <- w/2 + k a`` (Eq. 12), releasing ``w/2``. Read as:
    a decrease of AIMD-FC(a, 1/2) gives back at least one increase step
    (the window after the decrease plus ``a`` does not exceed the window
    that signalled congestion) exactly when ``w >= 2a``; for general b the
    threshold is ``a / (1 - b)``. Checked at every decrease of a one-flow
    AIMD-FC run from window ``x``: the statement holds when, at each
    decrease, "released >= a" and "w >= a/(1-b)" agree.

    What happens below the bound is reported, not hidden: ``below`` counts
    the decreases with ``w < a/(1-b)`` (the window right after such a
    decrease plus one increase exceeds the congested window), and
    ``final_w`` is the last decrease window.

    Parameters
    ----------
    x : number
        Initial window (the first decrease window), ``>= 0``.
    W : number
        Capacity.
    a, b : number
    cycles : int
        Decreases to run.
    arithmetic : {"exact", "float", "integer"}

    Returns
    -------
    StatementCheck
        quantities: ``decrease_windows`` (w before each decrease),
        ``released`` (window before minus window after), ``below``,
        ``threshold``.

    Examples
    --------
    >>> c = eq13(1, 10)
    >>> c.holds, c.quantities["below"], str(c.quantities["threshold"])
    (True, 1, '2')
    """
    _check("x", x, lambda t: t >= 0, "x >= 0")
    _positive("W", W)
    _check_arithmetic(arithmetic)
    pol = AIMDFC(a=a, b=b)
    tr = _run(pol, [x], W, cycles=cycles, arithmetic=arithmetic)
    bb, aa = to_fraction(b, "b"), to_fraction(a, "a")
    thr = aa / (1 - bb)
    events = _events(tr)
    dws, released = [], []
    prev_after = x
    ok = True
    below = 0
    for _, wb, wa in events:
        before, after = wb[0], wa[0]
        dw = prev_after  # the decrease window is the window right after the last decrease
        prev_after = after
        dws.append(_num(dw))
        rel = _num(before - after)
        released.append(rel)
        if arithmetic == "integer":  # floor(w/2): released = ceil(w/2)
            expect_ok = dw >= thr or Fraction(math.ceil(Fraction(dw) * (1 - bb))) >= aa
        else:
            expect_ok = dw >= thr
        below += dw < thr
        ok = ok and ((Fraction(rel) >= aa) == expect_ok if arithmetic != "float" else
                     (rel >= float(aa)) == expect_ok)
    return StatementCheck(
        "seed003.eq13",
        bool(ok),
        True,
        {"decrease_windows": dws, "released": released, "below": int(below),
         "threshold": thr, "final_w": dws[-1] if dws else None},
        f"{len(events)} decreases, {below} with w below {thr} (released < a there)",
        {"x": x, "W": W, "a": a, "b": b, "cycles": cycles},
        arithmetic,
    )


# --------------------------------------------------------------------------
# seed 000: New-AIMD
# --------------------------------------------------------------------------
def _new_aimd_run(x1, x2, W, m, reading, a, b, arithmetic):
    pol = NewAIMD(a=a, b=b, reading=reading)
    tr = _run(pol, [x1, x2], W, cycles=m, arithmetic=arithmetic)
    events = _events(tr)[:m]
    if arithmetic == "float":
        xs = [float(x1), float(x2)]
        bb: Any = float(b)
    else:
        xs = [to_fraction(x1, "x1"), to_fraction(x2, "x2")]
        bb = to_fraction(b, "b")
    S, T, X = [], [], []
    for _, before, _ in events:
        tot = _num(sum(before))
        xsum = xs[0] + xs[1]
        S.append(tot)
        X.append(xsum)
        T.append(_num((tot - xsum) / 2))
        xs = [bb * v for v in xs]
        if arithmetic == "integer":
            xs = [Fraction(math.floor(v)) for v in xs]
    return tr, S, T, X


def new_aimd_recurrences(
    x1: Any,
    x2: Any,
    W: Any,
    *,
    m: int = 4,
    reading: str = "printed",
    a: Any = 1,
    b: Any = HALF,
    arithmetic: str = "exact",
) -> StatementCheck:
    """Seed 000: the recurrences ``k2 = (W - 2 k1)/4`` and ``km = k2 / 2**(m-2)``.

    The paper's Eqs. 1-4 write the total before the j-th decrease as
    ``x1/2**(j-1) + x2/2**(j-1) + 2 k1 + ... + 2 kj`` and derive, from
    "from the 1st equation", ``k2 = (W - 2 k1)/4`` and
    ``km = k2 / 2**(m-2)`` (m >= 3). Read as: ``k_j`` is the additive
    increase each flow accumulated during cycle j (``t`` at the j-th
    congestion event minus ``t`` at the previous one; with the printed
    reading this includes the increment of the decrease step), measured on
    :class:`~aimdmodel.NewAIMD` (two flows), and both recurrences must hold
    exactly for j = 2..m.

    The derivation assumes every congestion event hits W exactly. What
    always holds (an identity of the iteration, checked too) is, with
    ``S_j`` the total at the j-th congestion event and ``X = x1 + x2``,
    ``k1 = (S_1 - X)/2`` and ``k_j = X/2**j + (S_j - S_{j-1})/2``; the
    recurrences follow from it when ``S_1 = ... = S_m = W``.

    Parameters
    ----------
    x1, x2 : number
        Initial windows; the paper assumes ``x1 < x2`` and ``x1 + x2 < W``.
    W : number
        Capacity.
    m : int
        Cycles to check (``>= 2``).
    reading : {"printed", "charitable"}
        See :class:`~aimdmodel.NewAIMD`.
    a, b : number
        The paper: 1 and 1/2.
    arithmetic : {"exact", "float", "integer"}

    Returns
    -------
    StatementCheck
        quantities: ``k`` (measured), ``predicted`` (from the recurrences),
        ``S`` (totals at the congestion events), ``identity`` (True when the
        identity above holds), ``all_at_W`` (every ``S_j == W``).

    Examples
    --------
    >>> c = new_aimd_recurrences(8, 8, 32, m=3)
    >>> c.holds, [str(k) for k in c.quantities["k"]], c.quantities["all_at_W"]
    (True, ['8', '4', '2'], True)
    >>> new_aimd_recurrences(1, 2, 5, m=3).holds
    False
    """
    _pair(x1, x2, W)
    if isinstance(m, bool) or not isinstance(m, int) or m < 2:
        raise ValueError(f"m must be an int >= 2, got {m!r}")
    _check_arithmetic(arithmetic)
    _tr, S, T, X = _new_aimd_run(x1, x2, W, m, reading, a, b, arithmetic)
    k = [T[0]] + [T[j] - T[j - 1] for j in range(1, m)]
    pred = [k[0], (W - 2 * k[0]) / (4 if arithmetic == "float" else Fraction(4))]
    for j in range(3, m + 1):
        pred.append(pred[1] / 2 ** (j - 2))
    holds = all(k[j] == pred[j] for j in range(1, m))
    X0 = X[0]
    if arithmetic == "float":
        ident = k[0] == (S[0] - X0) / 2 and all(
            k[j] == X0 / 2 ** (j + 1) + (S[j] - S[j - 1]) / 2 for j in range(1, m)
        )
    else:
        ident = k[0] == Fraction(S[0] - X0, 1) / 2 and all(
            Fraction(k[j]) == Fraction(X0) / 2 ** (j + 1) + Fraction(S[j] - S[j - 1]) / 2
            for j in range(1, m)
        ) if Fraction(b) == HALF and arithmetic == "exact" else None
    return StatementCheck(
        "seed000.new_aimd_recurrences",
        bool(holds),
        True,
        {"k": k, "predicted": pred, "S": S, "identity": ident,
         "all_at_W": all(s == W for s in S)},
        f"k = {[str(v) for v in k]}, recurrences predict {[str(v) for v in pred]} "
        f"({reading}, {arithmetic})",
        {"x1": x1, "x2": x2, "W": W, "m": m, "reading": reading, "a": a, "b": b},
        arithmetic,
    )


def new_aimd_saturation(
    x: Any,
    W: Any,
    *,
    reading: str = "printed",
    a: Any = 1,
    b: Any = HALF,
    steps: int | None = None,
    arithmetic: str = "exact",
) -> StatementCheck:
    """Seed 000 (the lead's reading of New-AIMD): congested at every step once ``x`` decayed.

    New-AIMD never resets its accumulated increase ``t``. Read as: there is
    an onset step after which every step of the run is a congestion event
    (feedback 0), and the onset is no later than

    - printed reading: the first congestion event at which the sum of the
      initial-window parts satisfies ``sum(x) (1 - b) <= m a`` (a decrease
      then releases at most what the same step adds);
    - charitable reading: the first step at which ``m t >= W`` (the
      accumulated increases alone reach W).

    Parameters
    ----------
    x : array_like
        Initial windows (m flows).
    W : number
    reading : {"printed", "charitable"}
    a, b : number
    steps : int, optional
        Steps to run; default ``4 * ceil(W / (m a)) + 64``.
    arithmetic : {"exact", "float", "integer"}

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
    _check_arithmetic(arithmetic)
    _positive("W", W)
    xs = list(x)
    mflows = len(xs)
    aa, bb = to_fraction(a, "a"), to_fraction(b, "b")
    if steps is None:
        steps = 4 * math.ceil(Fraction(to_fraction(W, "W")) / (mflows * aa)) + 64
    pol = NewAIMD(a=a, b=b, reading=reading)
    tr = simulate(pol, xs, W, steps=steps, arithmetic=arithmetic)
    fb = np.asarray(tr.feedback)
    ones = np.flatnonzero(fb == 1)
    onset = 0 if ones.size == 0 else int(ones[-1]) + 1
    if onset >= steps:
        onset_v: int | None = None
    else:
        onset_v = onset
    # the sufficient onset, replayed on the policy state
    s = pol.converted(to_fraction if arithmetic != "float" else float).init(
        np.array([to_fraction(v, "x") if arithmetic != "float" else float(v) for v in xs],
                 dtype=object if arithmetic != "float" else float)
    )
    bound = None
    for t in range(steps):
        if reading == "printed":
            if fb[t] == 0 and sum(s.x) * (1 - bb) <= mflows * aa:
                bound = t
                break
        elif mflows * s.t[0] >= W:
            bound = t
            break
        s = pol.decrease(s) if fb[t] == 0 else pol.increase(s)
        if arithmetic == "integer":
            s = type(s)(*(np.array([math.floor(v) for v in c], dtype=object) for c in s))
    holds = onset_v is not None and bound is not None and onset_v <= bound
    return StatementCheck(
        "seed000.new_aimd_saturation",
        bool(holds),
        True,
        {"onset": onset_v, "bound": bound, "steps": steps},
        f"every step congested from step {onset_v} (sufficient condition met at {bound}; "
        f"{reading}, {arithmetic})",
        {"x": xs, "W": W, "reading": reading, "a": a, "b": b, "steps": steps},
        arithmetic,
    )


# --------------------------------------------------------------------------
# Chiu & Jain (1989): the linear controls
# --------------------------------------------------------------------------
def _linear_run(policy, x, W, steps, arithmetic):
    tr = simulate(policy, x, W, steps=steps, arithmetic=arithmetic)
    return tr, tr.windows, np.asarray(tr.feedback)


def aimd_contraction(
    x: Any, W: Any, *, a: Any = 1, b: Any = HALF, steps: int = 200
) -> StatementCheck:
    """Chiu & Jain: under AIMD(a, b) every difference shrinks by exactly b per congestion event.

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
    pol = AIMD(a=a, b=b)
    _tr, w, fb = _linear_run(pol, x, W, steps, "exact")
    bb, aa, WW = to_fraction(b, "b"), to_fraction(a, "a"), to_fraction(W, "W")
    m = w.shape[1]
    ok = True
    for t in range(len(fb)):
        d0 = w[t] - w[t][0]
        d1 = w[t + 1] - w[t + 1][0]
        want = d0 * bb if fb[t] == 0 else d0
        ok = ok and all(p == q for p, q in zip(d1, want, strict=False))
    events = int((fb == 0).sum())
    tot = w.sum(axis=1)
    # the first congestion event reached from below W; from the step after it on,
    # every total lies in [b W, W + m a)
    entry = [t for t in range(1, len(fb)) if fb[t] == 0 and tot[t - 1] < WW]
    band_ok = True
    if entry:
        band_ok = all(bb * WW <= s < WW + m * aa for s in tot[entry[0] + 1:])
    g0 = _gap(w[0])
    return StatementCheck(
        "chiu_jain.aimd_contraction",
        bool(ok and band_ok),
        True,
        {"events": events, "final_gap": _gap(w[-1]), "predicted_gap": g0 * bb**events,
         "band_ok": bool(band_ok)},
        f"{events} congestion events; gap {g0} -> {_gap(w[-1])}",
        {"x": list(x), "W": W, "a": a, "b": b, "steps": steps},
        "exact",
    )


def aiad_differences(
    x: Any, W: Any, *, a: Any = 1, d: Any = 1, steps: int = 200
) -> StatementCheck:
    """Chiu & Jain: AIAD keeps every difference between windows.

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
    pol = AIAD(a=a, d=d)
    _tr, w, fb = _linear_run(pol, x, W, steps, "exact")
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
        {"clamped_at": clamped, "gap": _gap(w[0]), "final_gap": _gap(w[-1])},
        f"differences kept for {clamped if clamped is not None else steps} steps",
        {"x": list(x), "W": W, "a": a, "d": d, "steps": steps},
        "exact",
    )


def mimd_ratios(x: Any, W: Any, *, c: Any = 2, b: Any = HALF, steps: int = 100) -> StatementCheck:
    """Chiu & Jain: MIMD keeps every ratio ``w_i / w_j`` (so Jain's index never changes).

    Both the increase (``w <- c w``) and the decrease (``w <- b w``)
    multiply all windows by the same factor; checked exactly as
    ``w_i(t) * w_j(0) == w_j(t) * w_i(0)`` at every step.

    Examples
    --------
    >>> mimd_ratios([1, 30], 100).holds
    True
    """
    pol = MIMD(c=c, b=b)
    _tr, w, _fb = _linear_run(pol, x, W, steps, "exact")
    ok = all(
        w[t][i] * w[0][j] == w[t][j] * w[0][i]
        for t in range(w.shape[0])
        for i in range(w.shape[1])
        for j in range(w.shape[1])
    )
    return StatementCheck(
        "chiu_jain.mimd_ratios",
        bool(ok),
        True,
        {"jain_first": jain_index(w[0]), "jain_last": jain_index(w[-1])},
        "ratios kept at every step" if ok else "a ratio changed",
        {"x": list(x), "W": W, "c": c, "b": b, "steps": steps},
        "exact",
    )


def miad_divergence(x: Any, W: Any, *, c: Any = 2, d: Any = 1, steps: int = 60) -> StatementCheck:
    """Chiu & Jain: MIAD moves away from fairness.

    The increase ``w <- c w`` multiplies every difference by ``c > 1``, the
    decrease ``w <- w - d`` keeps it. Read as, for unequal windows ``>= 0``
    (exact arithmetic): until the first decrease that clamps a window at
    the floor 0, the gap never shrinks and is multiplied by exactly c at
    each increase; a window at 0 stays at 0 (``c * 0 = 0``), so once a
    window is clamped that flow is starved forever; and the windows are
    never fair (the gap stays positive at every step).
    Equal windows stay equal (the fairness line is invariant, but not
    attracting).

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
    pol = MIAD(c=c, d=d)
    _, w, fb = _linear_run(pol, x, W, steps, "exact")
    cc, dd = to_fraction(c, "c"), to_fraction(d, "d")
    ok, clamped = True, None
    for t in range(len(fb)):
        g0, g1 = _gap(w[t]), _gap(w[t + 1])
        if clamped is None and fb[t] == 0 and any(v - dd < 0 for v in w[t]):
            clamped = t
        if clamped is None:
            ok = ok and g1 == (g0 * cc if fb[t] == 1 else g0)
        else:  # a starved flow stays at the floor
            ok = ok and all(v1 == 0 for v0, v1 in zip(w[t], w[t + 1], strict=True) if v0 == 0)
    g_first, g_last = _gap(w[0]), _gap(w[-1])
    ok = ok and (g_first == 0 or all(_gap(v) > 0 for v in w))
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

    Chiu & Jain (1989): a linear control (increase ``a_i + b_i w``,
    decrease ``a_d + b_d w``) converges to efficiency and fairness, with
    fairness never decreased by a step, exactly when the decrease is
    multiplicative and the increase has an additive part:
    ``a_d == 0``, ``0 <= b_d < 1``, ``a_i > 0`` and ``b_i >= 1``.

    Examples
    --------
    >>> chiu_jain_conditions(1, 1, 0, Fraction(1, 2))   # AIMD
    True
    >>> chiu_jain_conditions(1, 1, -1, 1)               # AIAD
    False
    """
    return bool(a_d == 0 and 0 <= b_d < 1 and a_i > 0 and b_i >= 1)


def linear_convergence(
    control: LinearControl,
    x: Any,
    W: Any,
    *,
    cycles: int = 2000,
    tol: float = 1e-2,
    max_steps: int = 2_000_000,
) -> StatementCheck:
    """Chiu & Jain: a linear control converges to fairness and efficiency iff their conditions hold.

    Measured in float64 over ``cycles`` congestion events from unequal
    windows ``x`` (engine ``"auto"``: additive phases jumped, other linear
    controls on the compiled kernel; same windows as the step engine):

    - *efficiency*: the total keeps crossing W: the run reaches ``cycles``
      congestion events within ``max_steps`` steps, and in the second half
      of the run some congestion event is followed by an increase step;
    - *fairness*: ``max(w) - min(w)`` right after the last decrease is at
      most ``tol`` times the initial gap.

    The statement holds at this input when "converged to both" equals
    :func:`chiu_jain_conditions`. A finite run decides "converges" only up
    to ``tol`` (with ``a_i`` small against ``W`` and ``b_i b_d > 1`` the
    contraction is slow); the windows are truncated at the floor 0, which
    Chiu & Jain's analysis excludes. Equal initial windows are outside the
    statement (``applicable=False``).

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
    try:
        tr = simulate(control, x, W, cycles=cycles, arithmetic="float", engine="auto",
                      record="cycles", max_steps=max_steps)
        ev = [int(c) for c in tr.congestion_steps]
        after = _events(tr)[-1][2]
        late = ev[len(ev) // 2:]
        efficient = any(q - p > 1 for p, q in itertools.pairwise(late))
    except RuntimeError:  # congestion stopped: the total never crosses W again
        tr = simulate(control, x, W, steps=max_steps, arithmetic="float", engine="auto",
                      record="none")
        after = tr.windows[-1]
        efficient = False
    gap = float(after.max() - after.min())
    ratio = gap / g0 if g0 > 0 else 0.0
    fair = ratio <= tol
    jain = float(jain_index(after))
    applicable = g0 > 0
    holds = ((fair and efficient) == cond) if applicable else True
    return StatementCheck(
        "chiu_jain.linear_convergence",
        bool(holds),
        applicable,
        {"conditions": cond, "fair": fair, "efficient": efficient, "gap_ratio": ratio,
         "jain": jain},
        f"conditions {cond}; fairness {fair} (gap ratio {ratio:.3g}), efficiency {efficient}",
        {"control": control, "x": list(x), "W": W, "cycles": cycles, "tol": tol},
        "float",
    )


def jain_bounds(x: Any) -> StatementCheck:
    """Jain's index (seed 003 Eq. 17) lies in ``[1/m, 1]`` and is 1 exactly for equal windows.

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


# --------------------------------------------------------------------------
# deterministic search
# --------------------------------------------------------------------------
def two_flow_grid(
    w_max: int, *, w_min: int = 1, hypotheses: str = "paper"
) -> Iterator[dict[str, int]]:
    """Whole-packet inputs ``(x1, x2, W)`` in the order of the minimal counterexample.

    Ordered by W, then x2, then x1 (all ascending). With
    ``hypotheses="paper"``: ``0 < x1 < x2`` and ``x1 + x2 < W`` (seed 003
    Sec. 2.1 and Theorem 2); with ``"all"``: ``0 <= x1 <= x2 <= W``.

    Examples
    --------
    >>> list(two_flow_grid(4))
    [{'x1': 1, 'x2': 2, 'W': 4}]
    """
    if hypotheses not in ("paper", "all"):
        raise ValueError(f"hypotheses must be 'paper' or 'all', got {hypotheses!r}")
    for W in range(max(1, w_min), w_max + 1):
        for x2 in range(0, W + 1):
            for x1 in range(0, x2 + 1):
                if hypotheses == "paper" and not (0 < x1 < x2 and x1 + x2 < W):
                    continue
                yield {"x1": x1, "x2": x2, "W": W}


def with_parameter(
    points: Iterable[dict], name: str, values: Callable[[dict], Iterable[Any]]
) -> Iterator[dict]:
    """Extend each point with ``name`` taking ``values(point)`` (ascending), keeping the order.

    Examples
    --------
    >>> list(with_parameter([{"W": 4}], "q", lambda p: range(2)))
    [{'W': 4, 'q': 0}, {'W': 4, 'q': 1}]
    """
    for p in points:
        for v in values(p):
            yield {**p, name: v}


def find_counterexample(
    statement: Callable[..., StatementCheck], points: Iterable[dict], /, **fixed: Any
) -> StatementCheck | None:
    """Return the first input of ``points`` at which ``statement`` fails, or None.

    With :func:`two_flow_grid` (and :func:`with_parameter`) the points
    come in the documented order (W, then x2, then x1, then the extra
    parameter), so the result is the minimal counterexample in that order.

    Parameters
    ----------
    statement : callable
        One of the statement functions of this module.
    points : iterable of dict
        Keyword arguments for ``statement``.
    **fixed
        Further keyword arguments passed at every point (e.g.
        ``arithmetic="integer"``).

    Returns
    -------
    StatementCheck or None

    Examples
    --------
    >>> c = find_counterexample(theorem1, two_flow_grid(10), arithmetic="integer")
    >>> c.inputs["x1"], c.inputs["x2"], c.inputs["W"]
    (1, 2, 4)
    >>> find_counterexample(theorem1, two_flow_grid(10)) is None
    True
    """
    for p in points:
        r = statement(**p, **fixed)
        if not r.holds:
            return r
    return None
