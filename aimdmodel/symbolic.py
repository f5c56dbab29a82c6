r"""Closed forms derived with sympy from the policies' own code.

:func:`derive` runs a policy's ``init`` / ``advance`` / ``decrease`` /
``window`` on sympy symbols and builds the *fluid-limit cycle map* of one
flow (or ``m`` equal flows) on a bottleneck of capacity ``W``:

.. math::

    s_{j+1} = \mathrm{decrease}(\mathrm{advance}(s_j, n_j)), \qquad
    m \cdot \mathrm{window}(\mathrm{advance}(s_j, n_j)) = W,

where ``s_j`` is the state at the start of cycle ``j`` (right after a
decrease) and ``n_j`` the number of RTTs of additive increase, taken as a
real number (the fluid limit: the single congestion step of a cycle and
the rounding of ``n_j`` to whole RTTs are ignored, which is exact as
``W -> oo`` for policies whose cycle length grows with ``W``). The fixed
point of that map, solved with sympy, gives the minimum window, the cycle
length, the efficiency (mean window over a cycle over ``W``), the packets
per cycle ``N`` and from it the response constant ``C`` of
throughput ``= (MSS/RTT) C / sqrt(p)`` with ``p = 1/N`` (one loss per
cycle), and the contraction of the difference between two flows' windows
per congestion event. Nothing is looked up by policy class: a policy
defined outside the library gets its closed forms the same way.

Numeric parameters become exact sympy Rationals (``0.7`` is ``7/10``);
sympy symbols stay symbols, so ``derive(AIMD(a=a, b=b))`` gives formulas in
``a`` and ``b``. All results are exact sympy expressions in the capacity
symbol :data:`W`.

The module also holds :func:`fairness_cycles` (cycles for the difference
of two windows to fall to ``eps``, beside seed 003's ``1 + lg max(x1, x2)``),
:func:`tcp_friendly_increase` (the increase ``a`` that gives a policy TCP's
response constant) and :func:`eq1_utilization` (seed 003 Eq. 1,
``(beta + 1) / (2 beta)``, against the derived AIMD efficiency).
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from typing import Any

import sympy

from ._arith import is_number, is_symbolic, to_fraction
from .policies import AIMD, Policy

__all__ = [
    "ClosedForm",
    "Eq1Check",
    "FairnessCycles",
    "W",
    "derive",
    "eq1_utilization",
    "fairness_cycles",
    "tcp_friendly_increase",
]

W = sympy.Symbol("W", positive=True)
"""The capacity symbol (packets per RTT) in which every closed form is written."""

_TAU = sympy.Symbol("tau", nonnegative=True)
_N = sympy.Symbol("n_j", nonnegative=True)
_CONTRACTION_CYCLES = 3


@dataclass(frozen=True)
class ClosedForm:
    """The fluid-limit closed forms of a policy, returned by :func:`derive`.

    Every value is an exact sympy expression (a Rational for numeric
    parameters; in the parameters' symbols and :data:`W` otherwise).
    When the cycle map has no admissible fixed point, ``reason`` says why
    and the fields that depend on the fixed point are None.

    Attributes
    ----------
    policy : Policy
        The policy with its parameters as sympy numbers or symbols.
    flows : int
        Number ``m`` of equal flows sharing the capacity ``W``.
    cycle_map : dict
        State field name to its value at the start of cycle ``j + 1`` in
        terms of the state ``<field>_j`` and the increase length ``n_j``.
    congestion : sympy.Eq
        The condition ``m * window(advance(s_j, n_j)) = W`` fixing ``n_j``.
    fixed_point : dict or None
        State field name to its value at the fixed point (start of a cycle),
        or None when the map has no fixed point with ``n >= 0``.
    cycle_length : sympy.Expr or None
        RTTs of additive increase per cycle at the fixed point (in terms of
        ``W``); the discrete iteration adds one congestion RTT per cycle.
    min_window : sympy.Expr or None
        Sum of the windows at the start of a cycle (right after the
        decrease) over ``W``.
    efficiency : sympy.Expr or None
        Mean of the windows' sum over a cycle, over ``W``.
    packets_per_cycle : sympy.Expr or None
        Packets ``N`` one flow sends in a cycle (in terms of ``W``); with one
        loss per cycle the loss rate is ``p = 1/N``.
    response_constant : sympy.Expr or None
        ``C = sqrt(N) / cycle_length``: throughput ``N / cycle_length``
        packets per RTT equals ``C / sqrt(p)``.
    contraction : sympy.Expr or None
        Factor by which the difference between two flows' windows shrinks
        at every congestion event (None when it is not a constant factor).
    map_eigenvalues : tuple or None
        Eigenvalues (with multiplicity) of the Jacobian of the cycle map
        ``s_j -> s_{j+1}`` at the fixed point, ``n_j`` eliminated through the
        congestion condition: the largest modulus is the rate per cycle at
        which one system approaches the fixed point (below 1: it does).
    reason : str or None
        Why there is no (or only a degenerate) fixed point; None otherwise.
    notes : tuple of str
        Assumptions made on the way (e.g. a floor that is not binding).
    derivation : str
        The steps as Markdown with LaTeX.

    Examples
    --------
    >>> cf = derive(AIMD())
    >>> cf.min_window, cf.efficiency, cf.contraction
    (1/2, 3/4, 1/2)
    """

    policy: Policy
    flows: int
    cycle_map: dict
    congestion: Any
    fixed_point: dict | None
    cycle_length: Any
    min_window: Any
    efficiency: Any
    packets_per_cycle: Any
    response_constant: Any
    contraction: Any
    map_eigenvalues: tuple | None
    reason: str | None
    notes: tuple[str, ...]
    derivation: str

    def as_dict(self) -> dict[str, Any]:
        """Return the results as a JSON-ready dict (expressions as strings).

        Examples
        --------
        >>> derive(AIMD()).as_dict()["efficiency"]
        '3/4'
        """

        def s(v: Any) -> Any:
            return None if v is None else str(v)

        return {
            "policy": repr(self.policy),
            "flows": self.flows,
            "cycle_map": {k: str(v) for k, v in self.cycle_map.items()},
            "congestion": str(self.congestion),
            "fixed_point": None
            if self.fixed_point is None
            else {k: str(v) for k, v in self.fixed_point.items()},
            "cycle_length": s(self.cycle_length),
            "min_window": s(self.min_window),
            "efficiency": s(self.efficiency),
            "packets_per_cycle": s(self.packets_per_cycle),
            "response_constant": s(self.response_constant),
            "contraction": s(self.contraction),
            "map_eigenvalues": None
            if self.map_eigenvalues is None
            else [str(v) for v in self.map_eigenvalues],
            "reason": self.reason,
            "notes": list(self.notes),
            "latex": {
                k: None if getattr(self, k) is None else sympy.latex(getattr(self, k))
                for k in _RESULT_FIELDS
            },
        }

    def summary(self) -> str:
        """Return a plain-text table of the results.

        Examples
        --------
        >>> print(derive(AIMD()).summary().splitlines()[3])
        efficiency         3/4
        """
        rows = [("policy", repr(self.policy)), ("flows", str(self.flows))]
        rows += [(k, "-" if getattr(self, k) is None else str(getattr(self, k)))
                 for k in _RESULT_FIELDS]
        if self.map_eigenvalues is not None:
            rows.append(("map_eigenvalues", ", ".join(str(v) for v in self.map_eigenvalues)))
        if self.reason:
            rows.append(("reason", self.reason))
        for note in self.notes:
            rows.append(("note", note))
        width = max(len(k) for k, _ in rows) + 2
        return "\n".join(f"{k.ljust(width)}{v}" for k, v in rows)


_RESULT_FIELDS = (
    "min_window",
    "efficiency",
    "cycle_length",
    "packets_per_cycle",
    "response_constant",
    "contraction",
)


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------
def _to_sympy(value: Any) -> Any:
    if is_symbolic(value):
        return value
    if is_number(value):
        f = to_fraction(value)
        return sympy.Rational(f.numerator, f.denominator)
    return value


def _sympified(policy: Policy) -> Policy:
    changes = {k: _to_sympy(v) for k, v in policy.params().items() if is_number(v)}
    return dataclasses.replace(policy, **changes) if changes else policy


def _state_type(policy: Policy) -> type:
    template = policy.init(sympy.Symbol("x", nonnegative=True))
    if not hasattr(template, "_fields"):
        raise TypeError(
            f"policy.init must return a NamedTuple state, got {type(template).__name__}"
        )
    return type(template)


def _simp(expr: Any) -> Any:
    expr = sympy.sympify(expr)
    if expr.free_symbols:
        out = sympy.factor(sympy.simplify(expr))
        return out if sympy.count_ops(out) <= sympy.count_ops(expr) else sympy.simplify(expr)
    return sympy.nsimplify(expr) if expr.is_Float else expr


def _fluid_limit_sign(expr: Any) -> bool | None:
    """Return True/False when ``expr >= 0`` is decided (exactly or as W -> oo)."""
    expr = sympy.simplify(expr)
    if expr.is_nonnegative:
        return True
    if expr.is_negative:
        return False
    if W in expr.free_symbols:
        lim = sympy.limit(expr, W, sympy.oo)
        if lim.is_extended_nonnegative:
            return True
        if lim.is_extended_negative:
            return False
    return None


def _branches(exprs: list) -> list[tuple[list, list]]:
    """Enumerate the branches of the Max/Min in ``exprs``.

    Returns (substituted expressions, conditions ``c >= 0``) per branch.
    """
    atoms = sorted(
        {m for e in exprs for m in sympy.sympify(e).atoms(sympy.Max, sympy.Min)},
        key=sympy.default_sort_key,
    )
    if not atoms:
        return [(list(exprs), [])]
    out = []
    for choice in itertools.product(*(range(len(m.args)) for m in atoms)):
        repl, conds = {}, []
        for m, i in zip(atoms, choice, strict=True):
            chosen = m.args[i]
            repl[m] = chosen
            for j, other in enumerate(m.args):
                if j != i:
                    conds.append(chosen - other if isinstance(m, sympy.Max) else other - chosen)
        out.append(([sympy.sympify(e).xreplace(repl) for e in exprs], conds))
    return out


def _drop_floors(expr: Any) -> Any:
    """Replace ``Max(const, e)`` by ``e`` (a floor that is not reached)."""
    def strip(m: Any) -> Any:
        free = [a for a in m.args if a.free_symbols]
        return free[0] if len(free) == 1 else m

    return sympy.sympify(expr).replace(lambda e: isinstance(e, sympy.Max), strip)


def _latex_map(cycle_map: dict, fields: tuple) -> str:
    lines = [
        f"{sympy.latex(sympy.Symbol(f + '_{j+1}'))} &= {sympy.latex(cycle_map[f])}"
        for f in fields
    ]
    return "$$\\begin{aligned}\n" + " \\\\\n".join(lines) + "\n\\end{aligned}$$"


# --------------------------------------------------------------------------
# derive
# --------------------------------------------------------------------------
def derive(policy: Policy, *, flows: int = 1) -> ClosedForm:
    """Derive the fluid-limit closed forms of a policy from its own code.

    Parameters
    ----------
    policy : Policy
        Any policy with a closed-form ``advance(s, n)`` that accepts a
        symbolic ``n`` (:attr:`Policy.has_closed_form`); parameters may be
        numbers (made exact) or sympy symbols.
    flows : int
        Number ``m >= 1`` of equal flows sharing the capacity (default 1).

    Returns
    -------
    ClosedForm
        When the cycle map has no fixed point with ``n >= 0`` (New-AIMD as
        printed: its decrease adds ``a`` to ``t``, so ``t`` grows by
        ``(n + 1) a`` per cycle and the only fixed point is at ``n = -1``),
        or only one with ``n = 0`` (New-AIMD's charitable reading: a
        congestion event at every RTT), ``fixed_point`` / ``cycle_length``
        say so, ``reason`` says why, and the efficiency, packets per cycle
        and response constant are None.

    Raises
    ------
    TypeError
        If ``policy`` is not a Policy or has no closed-form ``advance``.
    ValueError
        If ``flows`` is not an int >= 1, or a parameter uses one of the
        symbols ``W``, ``n_j``, ``tau`` that the derivation reserves.

    Notes
    -----
    State fields and ``n`` are taken as nonnegative while the map is built
    (windows and increase counts are), so a policy's floor ``max(., floor)``
    resolves where it can; remaining ``Max`` / ``Min`` are solved branch by
    branch and a branch is kept when its condition holds at its fixed point
    (exactly, or as ``W -> oo``). The fixed point itself is solved with the
    signs left free, so a negative ``n`` shows up as what it is.

    Examples
    --------
    >>> import sympy
    >>> from aimdmodel import AIMD, AIMDFC, AIMDFCPlus
    >>> derive(AIMDFC()).efficiency, derive(AIMDFCPlus()).min_window
    (5/6, 7/9)
    >>> a, b = sympy.symbols("a b", positive=True)
    >>> sympy.factor(derive(AIMD(a=a, b=b)).efficiency)
    (b + 1)/2
    >>> derive(AIMD()).response_constant
    sqrt(6)/2
    """
    if not isinstance(policy, Policy):
        raise TypeError(f"policy must be an aimdmodel Policy, got {policy!r}")
    if isinstance(flows, bool) or not isinstance(flows, int) or flows < 1:
        raise ValueError(f"flows must be an int >= 1, got {flows!r}")
    if not policy.has_closed_form:
        raise TypeError(
            f"derive needs a closed-form advance(s, n) accepting a symbolic n; "
            f"{type(policy).__name__} only loops increase()"
        )
    pol = _sympified(policy)
    reserved = {W.name, _TAU.name, _N.name}
    for name, value in pol.params().items():
        clash = {str(x) for x in getattr(value, "free_symbols", ())} & reserved
        if clash:
            raise ValueError(
                f"parameter {name} uses the symbol {sorted(clash)[0]!r}, which derive reserves "
                f"(W: capacity, n_j: cycle length, tau: time); name it differently"
            )
    m = sympy.Integer(flows)
    state_t = _state_type(pol)
    fields = tuple(state_t._fields)
    notes: list[str] = []

    # the cycle map, built on nonnegative symbols (windows, counts)
    pos = [sympy.Symbol(f"{f}_j", nonnegative=True) for f in fields]
    n_pos = _N
    s_j = state_t(*pos)
    advanced = pol.advance(s_j, n_pos)
    nxt = pol.decrease(advanced)
    win_adv = sympy.sympify(pol.window(advanced))
    # solve with the signs free, so that a negative n can show up
    free = [sympy.Symbol(f"{f}_j", real=True) for f in fields]
    n_free = sympy.Symbol("n_j", real=True)
    to_free = dict(zip(pos, free, strict=True))
    to_free[n_pos] = n_free
    cycle_map = {f: sympy.sympify(v).xreplace(to_free) for f, v in zip(fields, nxt, strict=True)}
    congestion = sympy.Eq(m * win_adv.xreplace(to_free), W)
    eqs = [cycle_map[f] - x for f, x in zip(fields, free, strict=True)]
    eqs.append(congestion.lhs - congestion.rhs)
    unknowns = [*free, n_free]

    solutions = []
    for branch, conds in _branches(eqs):
        try:
            sols = sympy.solve(branch, unknowns, dict=True)
        except NotImplementedError:
            sols = []
        for sol in sols:
            if any(u not in sol for u in unknowns) or any(
                v.free_symbols & set(unknowns) for v in sol.values()
            ):
                notes.append(f"a family of fixed points was left aside: {sol}")
                continue
            if any(v.is_real is False for v in sol.values()):
                continue
            verdicts = [_fluid_limit_sign(c.xreplace(sol)) for c in conds]
            if any(v is False for v in verdicts):
                continue
            if conds:
                notes.append(
                    "branch of max/min taken where "
                    + ", ".join(f"{sympy.simplify(c.xreplace(sol))} >= 0" for c in conds)
                    + ("" if all(verdicts) else " (assumed)")
                )
            solutions.append(sol)

    map_text = _latex_map(cycle_map, fields)
    lines = [
        f"## Fluid-limit cycle map of {pol!r}" + (f", {flows} equal flows" if flows > 1 else ""),
        "",
        f"State fields: {', '.join(f'`{f}`' for f in fields)}. Start of cycle $j$ (right after "
        "a decrease): $s_j$; $n_j$ RTTs of increase (`advance`), then one `decrease`:",
        "",
        map_text,
        "",
        "The increase phase ends when the windows' sum reaches the capacity:",
        "",
        f"$${sympy.latex(congestion)}$$",
        "",
    ]

    ratio = _contraction(pol, notes)

    def result(**kw: Any) -> ClosedForm:
        text = list(lines)
        rho = ratio
        if ratio is not None and _N in ratio.free_symbols:
            n_star = kw.get("cycle_length")
            text += [
                "Two flows started from `init(x1)`, `init(x2)` see the same $n_j$ each cycle; "
                "at every congestion event their window difference is multiplied by "
                f"${sympy.latex(ratio)}$, which depends on $n_j$.",
                "",
            ]
            if n_star is None:
                rho = None
                notes.append(f"the window difference ratio per cycle, {ratio}, depends on n_j "
                             "and there is no fixed point to evaluate it at")
            else:
                rho = _simp(ratio.xreplace({_N: n_star}))
                notes.append(f"the window difference ratio per cycle is {ratio}; "
                             f"at the fixed point n_j = {n_star} it is {rho}")
                text += [f"At the fixed point: $\\rho = {sympy.latex(rho)}$.", ""]
        elif ratio is not None:
            text += [
                "Two flows started from `init(x1)`, `init(x2)` see the same $n_j$ each "
                "cycle; at every congestion event their window difference is multiplied by",
                "",
                f"$$\\rho = {sympy.latex(ratio)}.$$",
                "",
            ]
        base = dict(
            policy=pol, flows=flows, cycle_map=cycle_map, congestion=congestion,
            fixed_point=None, cycle_length=None, min_window=None, efficiency=None,
            packets_per_cycle=None, response_constant=None, contraction=rho,
            map_eigenvalues=None, reason=None,
        )
        base.update(kw)
        if base["reason"]:
            text += [f"**No closed form:** {base['reason']}", ""]
        if notes:
            text += ["Notes:", "", *(f"- {n}" for n in dict.fromkeys(notes)), ""]
        return ClosedForm(derivation="\n".join(text), notes=tuple(dict.fromkeys(notes)), **base)

    if not solutions:
        reason = (
            "the cycle map has no fixed point: the equations "
            + "; ".join(f"{sympy.simplify(e)} = 0" for e in eqs)
            + f" in {', '.join(str(u) for u in unknowns)} have no admissible solution"
        )
        return result(reason=reason)

    def n_sign(sol: dict) -> bool | None:
        v = sympy.simplify(sol[n_free])
        return True if v.is_positive else (False if v.is_nonpositive else None)

    good = [s for s in solutions if n_sign(s) is not False]
    if not good:
        sol = solutions[0]
        n_star = sympy.simplify(sol[n_free])
        fp = {f: _simp(sol[x]) for f, x in zip(fields, free, strict=True)}
        lines += [
            "Fixed point: " + ", ".join(f"${sympy.latex(sympy.Symbol(f + '^*'))} = "
                                        f"{sympy.latex(v)}$" for f, v in fp.items())
            + f", $n^* = {sympy.latex(n_star)}$.",
            "",
        ]
        grows = [
            f for f, x in zip(fields, free, strict=True)
            if sympy.simplify(cycle_map[f].xreplace({n_free: 0}) - x).is_positive
        ]
        if n_star.is_zero:
            reason = (
                "the only fixed point of the cycle map has cycle length n* = 0: no RTT of "
                "additive increase between congestion events, i.e. a congestion event (loss) "
                "at every RTT with the windows' sum held at W ("
                + ", ".join(f"{f}* = {v}" for f, v in fp.items())
                + "); there is no sawtooth to average and no response constant"
            )
            return result(fixed_point=fp, cycle_length=n_star,
                          min_window=_simp(m * pol.window(state_t(*fp.values())) / W),
                          reason=reason)
        reason = (
            f"the cycle map {', '.join(f'{f} -> {cycle_map[f]}' for f in fields)} has its "
            f"only fixed point at n = {n_star} < 0: no cycle of n >= 0 increases repeats"
        )
        if grows:
            reason += (
                f"; even with n = 0, {', '.join(grows)} {'grows' if len(grows) == 1 else 'grow'} "
                "at every decrease, so the "
                "windows grow without bound (a congestion event at every RTT)"
            )
        return result(reason=reason)
    if len(good) > 1:
        notes.append(f"{len(good)} fixed points; the first is used: {good}")
    sol = good[0]
    n_star = _simp(sol[n_free])
    if n_sign(sol) is None:
        notes.append(f"valid where the cycle length {n_star} > 0")
    fp = {f: _simp(sol[x]) for f, x in zip(fields, free, strict=True)}
    s_star = state_t(*fp.values())
    min_window = _simp(m * pol.window(s_star) / W)
    total = m * sympy.sympify(pol.window(pol.advance(s_star, _TAU)))
    area = sympy.integrate(total, (_TAU, 0, n_star))
    efficiency = _simp(area / (n_star * W))
    packets = _simp(area / m)
    response = _simp(sympy.sqrt(packets) / n_star)
    if W in response.free_symbols:
        notes.append(
            "the response constant depends on W: the cycle length does not scale with W, "
            "so throughput is not C/sqrt(p) with a constant C (and the continuous-n "
            "fluid limit is not the large-W limit of the discrete iteration)"
        )

    lines += [
        "Fixed point $s_{j+1} = s_j = s^*$:",
        "",
        "$$" + ",\\quad ".join(f"{sympy.latex(sympy.Symbol(f + '^*'))} = {sympy.latex(v)}"
                               for f, v in fp.items())
        + f",\\quad n^* = {sympy.latex(n_star)}$$",
        "",
        f"Minimum window (start of a cycle) over $W$: ${sympy.latex(min_window)}$; "
        f"cycle length ${sympy.latex(n_star)}$ RTTs.",
        "",
        "Efficiency, the mean window over a cycle over $W$:",
        "",
        f"$$\\frac{{1}}{{n^* W}}\\int_0^{{n^*}} {sympy.latex(total)}\\,d\\tau "
        f"= {sympy.latex(efficiency)}$$",
        "",
        f"Packets per cycle (one flow) $N = {sympy.latex(packets)}$; one loss per cycle, "
        "$p = 1/N$; throughput $N/n^* = C/\\sqrt{p}$ with",
        "",
        f"$$C = \\frac{{\\sqrt{{N}}}}{{n^*}} = {sympy.latex(response)}$$",
        "",
    ]
    eigen = _map_eigenvalues(cycle_map, fields, free, n_free, congestion, sol)
    if eigen is not None:
        lines += [
            "Jacobian of the cycle map at the fixed point ($n_j$ eliminated through the "
            "congestion condition), eigenvalues: "
            + ", ".join(f"${sympy.latex(v)}$" for v in eigen) + ".",
            "",
        ]
    return result(
        fixed_point=fp, cycle_length=n_star, min_window=min_window, efficiency=efficiency,
        packets_per_cycle=packets, response_constant=response, map_eigenvalues=eigen,
    )


def _map_eigenvalues(
    cycle_map: dict, fields: tuple, free: list, n_free: Any, congestion: Any, sol: dict
) -> tuple | None:
    """Eigenvalues of the cycle map's Jacobian at the fixed point (None if not found)."""
    try:
        n_of_s = sympy.solve(congestion, n_free)
        if len(n_of_s) != 1:
            return None
        mapped = sympy.Matrix([cycle_map[f].xreplace({n_free: n_of_s[0]}) for f in fields])
        jac = mapped.jacobian(free).xreplace(sol).applyfunc(sympy.simplify)
        values = []
        for v, mult in jac.eigenvals().items():
            values += [sympy.simplify(v)] * mult
    except (NotImplementedError, ValueError, TypeError):  # pragma: no cover - exotic maps
        return None
    return tuple(sorted(values, key=sympy.default_sort_key))


def _contraction(pol: Policy, notes: list[str]) -> Any:
    """Ratio of two flows' window differences across a congestion event.

    Two flows start from ``init(x1)`` and ``init(x2)`` and see the same
    number ``n_i`` of increases in cycle ``i`` (synchronous feedback). The
    ratio is returned when it is the same in the first cycles and free of
    ``x1``, ``x2``; it may depend on the cycle length ``n_j``.
    """
    x1, x2 = sympy.symbols("x1 x2", nonnegative=True)
    s1, s2 = pol.init(x1), pol.init(x2)
    diff = sympy.sympify(pol.window(s1) - pol.window(s2))
    ns = [sympy.Symbol(f"n_{i}", nonnegative=True) for i in range(1, _CONTRACTION_CYCLES + 1)]
    ratios = []
    for n_i in ns:
        s1 = pol.decrease(pol.advance(s1, n_i))
        s2 = pol.decrease(pol.advance(s2, n_i))
        new = _drop_floors(sympy.sympify(pol.window(s1) - pol.window(s2)))
        if diff == 0:
            notes.append("the flows' windows became equal: no contraction factor")
            return None
        ratios.append(sympy.simplify((new / diff).xreplace({n_i: _N})))
        diff = new
    if any(r.has(sympy.Max, sympy.Min) for r in ratios):
        notes.append("the floor makes the window difference non-linear: no contraction factor")
        return None
    if all(sympy.simplify(r - ratios[0]) == 0 for r in ratios[1:]) and not (
        ratios[0].free_symbols & {x1, x2, *ns}
    ):
        return _simp(ratios[0])
    notes.append(
        "the window difference does not shrink by a constant factor per cycle: "
        + ", ".join(str(r) for r in ratios)
    )
    return None


# --------------------------------------------------------------------------
# fairness cycles, TCP-friendly increase, Eq. 1
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class FairnessCycles:
    """Cycles for two flows' window difference to fall to ``eps``.

    Attributes
    ----------
    cycles : int
        Smallest ``j >= 0`` with ``|x1 - x2| * rho**j <= eps`` (exact
        arithmetic), ``rho`` the derived contraction per congestion event.
    formula : sympy.Expr
        ``log(|x1 - x2| / eps) / log(1/rho)``, whose ceiling (when
        positive) is ``cycles``.
    paper : sympy.Expr
        Seed 003's estimate ``1 + log_beta(max(x1, x2))`` with
        ``beta = 1/rho`` (``1 + lg max(x1, x2)`` for ``rho = 1/2``).
    contraction : sympy.Expr
        ``rho``.

    Examples
    --------
    >>> fairness_cycles(AIMD(), 1, 30).cycles
    5
    """

    cycles: int
    formula: Any
    paper: Any
    contraction: Any


def fairness_cycles(policy: Policy, x1: Any, x2: Any, eps: Any = 1) -> FairnessCycles:
    """Count the congestion events until two windows are within ``eps``.

    The difference of two flows' windows is unchanged by additive increase
    and multiplied by the derived ``contraction`` at every congestion event,
    so after ``j`` events it is ``|x1 - x2| rho**j``; this is compared with
    seed 003's ``1 + lg max(x1, x2)`` (Sec. 2.1, Theorem 1's proof).
    ``<= eps`` is the criterion of :func:`aimdmodel.metrics.cycles_to_fairness`.

    Parameters
    ----------
    policy : Policy
        A policy whose :func:`derive` gives a numeric contraction in (0, 1).
    x1, x2 : number
        Initial windows (``>= 0``).
    eps : number
        Tolerance on the difference, ``> 0`` (default 1 packet).

    Returns
    -------
    FairnessCycles

    Raises
    ------
    ValueError
        If the windows or ``eps`` are out of range, or the policy's window
        difference does not contract by a constant factor in (0, 1).
    TypeError
        If the contraction is symbolic (pass numeric parameters).

    Examples
    --------
    >>> r = fairness_cycles(AIMD(), 1, 30)
    >>> r.cycles, round(float(r.paper), 3)
    (5, 5.907)
    """
    xs = []
    for name, v in (("x1", x1), ("x2", x2)):
        f = to_fraction(v, name)
        if f < 0:
            raise ValueError(f"{name} must be >= 0, got {v}")
        xs.append(sympy.Rational(f.numerator, f.denominator))
    e = to_fraction(eps, "eps")
    if e <= 0:
        raise ValueError(f"eps must be > 0, got {eps}")
    eps_r = sympy.Rational(e.numerator, e.denominator)
    rho = derive(policy).contraction
    if rho is None:
        raise ValueError(
            f"{policy!r}: the window difference does not contract by a constant factor"
        )
    if rho.free_symbols:
        raise TypeError(f"the contraction {rho} is symbolic; give the policy numeric parameters")
    if not 0 < rho < 1:
        raise ValueError(
            f"{policy!r}: contraction {rho} is not in (0, 1); the windows do not converge"
        )
    d = abs(xs[0] - xs[1])
    j = 0
    while d > eps_r:
        d *= rho
        j += 1
    formula = sympy.log(abs(xs[0] - xs[1]) / eps_r) / sympy.log(1 / rho) if xs[0] != xs[1] else 0
    paper = 1 + sympy.log(max(xs)) / sympy.log(1 / rho) if max(xs) > 0 else sympy.Integer(1)
    return FairnessCycles(cycles=j, formula=formula, paper=paper, contraction=rho)


def tcp_friendly_increase(b: Any, *, policy: type = AIMD, reference: Policy | None = None) -> Any:
    """Solve ``C(a, b) = C_reference`` for the additive increase ``a``.

    Both response constants come from :func:`derive`: the one of
    ``policy(a=a, b=b)`` with ``a`` a positive symbol, and the one of
    ``reference`` (TCP, ``AIMD(a=1, b=1/2)``, by default).

    Parameters
    ----------
    b : number or sympy symbol
        Decrease factor.
    policy : type
        A policy class taking ``a=`` and ``b=`` (default :class:`AIMD`).
    reference : Policy, optional
        The policy to be friendly to (default ``AIMD(a=1, b=1/2)``).

    Returns
    -------
    sympy.Expr
        The positive ``a``.

    Examples
    --------
    >>> tcp_friendly_increase(sympy.Rational(7, 8))
    1/5
    >>> b = sympy.Symbol("b", positive=True)
    >>> sympy.factor(tcp_friendly_increase(b))
    -3*(b - 1)/(b + 1)
    """
    a = sympy.Symbol("a", positive=True)
    ref = derive(reference if reference is not None else AIMD(a=1, b=sympy.Rational(1, 2)))
    mine = derive(policy(a=a, b=_to_sympy(b)))
    if mine.response_constant is None or ref.response_constant is None:
        raise ValueError("both policies need a response constant (a fixed point with n > 0)")
    sols = sympy.solve(mine.response_constant**2 - ref.response_constant**2, a)
    if len(sols) != 1:
        raise ValueError(f"expected one positive increase a, got {sols}")
    return _simp(sols[0])


@dataclass(frozen=True)
class Eq1Check:
    """Seed 003 Eq. 1 beside the derived AIMD efficiency.

    Attributes
    ----------
    beta : sympy.Expr
        The paper's ``beta`` (decrease factor ``b_D = 1/beta``).
    derived : sympy.Expr
        :func:`derive` ``(AIMD(b=1/beta)).efficiency``.
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
    beta = _to_sympy(beta)
    if is_number(beta) and not beta > 1:
        raise ValueError(f"beta must be > 1 (b_D = 1/beta in (0, 1)), got {beta}")
    derived = derive(AIMD(b=1 / beta)).efficiency
    formula = (beta + 1) / (2 * beta)
    return Eq1Check(beta=beta, derived=derived, formula=formula,
                    difference=sympy.simplify(derived - formula))
