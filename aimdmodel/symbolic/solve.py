"""The fixed point of the cycle map and what follows from it.

:func:`solve` finds the fixed point of a :class:`~.cycle_map.CycleMap`
(``Max`` / ``Min`` branch by branch), classifies it (a sawtooth with
``n* > 0``, a degenerate ``n* = 0``, only ``n* < 0``, none at all) and
computes the cycle length, the efficiency, the packets per cycle, the
response constant, the contraction and the eigenvalues of the map's
Jacobian.

Two kinds of "no answer" are kept apart. When the equations provably have
no admissible solution, the result is a success with a ``reason``. When
sympy cannot solve or decide a step (it raises NotImplementedError, cannot
take a limit, or leaves a relation undecided where only ``W`` is free), the
result has ``success=False`` and a ``message`` naming the step: it claims
nothing about the fixed point.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import sympy

from .cycle_map import CycleMap, difference_ratio
from .symbols import TAU, N, Undecided, W, as_expr, simp

__all__ = ["KINDS", "FixedPoints", "Solved", "fixed_points", "response_law", "solve"]

KINDS = ("sawtooth", "zero", "negative", "none", "undecided")
"""How a cycle map was classified: fixed point with ``n* > 0``, with ``n* = 0``,
only with ``n* < 0``, no fixed point, or sympy could not tell."""


@dataclass(frozen=True)
class FixedPoints:
    """The admissible fixed points of a cycle map, and what sympy could not settle.

    Attributes
    ----------
    solutions : tuple of dict
        Each maps the unknowns (state symbols, ``n_j``) to their values.
    notes : tuple of str
        Assumptions made (a max/min branch taken, a condition assumed).
    undecided : tuple of str
        Steps sympy could not solve or decide; when any, the set of fixed
        points is not settled.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.symbolic.cycle_map import build_cycle_map
    >>> from aimdmodel.symbolic.policy_run import symbolic_run
    >>> fixed_points(build_cycle_map(symbolic_run(AIMD(), 1))).undecided
    ()
    """

    solutions: tuple = ()
    notes: tuple = ()
    undecided: tuple = ()


@dataclass(frozen=True)
class Solved:
    """The classified fixed point and the closed forms computed from it.

    ``point`` and ``n_star`` hold the fixed point found even when it is not
    admissible (``n* < 0``), for the derivation's text; :attr:`fixed_point`
    and :attr:`cycle_length` only when it is.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.symbolic.cycle_map import build_cycle_map
    >>> from aimdmodel.symbolic.policy_run import symbolic_run
    >>> s = solve(build_cycle_map(symbolic_run(AIMD(), 1)))
    >>> s.kind, s.success, s.cycle_length, s.efficiency
    ('sawtooth', True, W/2, 3/4)
    """

    kind: str
    message: str
    point: dict | None = None
    n_star: Any = None
    min_window: Any = None
    efficiency: Any = None
    packets_per_cycle: Any = None
    response_constant: Any = None
    response_exponent: Any = None
    response_scale: Any = None
    integrand: Any = None
    map_eigenvalues: tuple | None = None
    ratio: Any = None
    contraction: Any = None
    reason: str | None = None
    notes: tuple[str, ...] = ()

    @property
    def success(self) -> bool:
        """False when sympy could not solve or decide a step."""
        return self.kind != "undecided"

    @property
    def fixed_point(self) -> dict | None:
        """The admissible fixed point (``n* >= 0``), or None."""
        return self.point if self.kind in ("sawtooth", "zero") else None

    @property
    def cycle_length(self) -> Any:
        """``n*`` of the admissible fixed point, or None."""
        return self.n_star if self.kind in ("sawtooth", "zero") else None


# --------------------------------------------------------------------------
# fixed points, branch by branch
# --------------------------------------------------------------------------
def _fluid_limit_sign(expr: Any) -> bool | None:
    """Return True/False when ``expr >= 0`` is decided (exactly or as W -> oo).

    Raises :class:`Undecided` when sympy cannot take the limit.
    """
    expr = sympy.simplify(expr)
    if expr.is_nonnegative:
        return True
    if expr.is_negative:
        return False
    if W in expr.free_symbols:
        try:
            lim = sympy.limit(expr, W, sympy.oo)
        except NotImplementedError as exc:
            raise Undecided(
                f"sympy could not decide whether {expr} >= 0: its limit as W -> oo failed "
                f"(NotImplementedError: {exc})"
            ) from exc
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
        {m for e in exprs for m in as_expr(e).atoms(sympy.Max, sympy.Min)},
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
        out.append(([as_expr(e).xreplace(repl) for e in exprs], conds))
    return out


def _admit(sol: dict, conds: list) -> tuple[bool, str | None]:
    """Decide whether ``sol`` is kept: its branch conditions hold (or are assumed).

    Returns whether it is kept and the note on the branch taken; raises
    :class:`Undecided` when a condition with numeric parameters is not decided.
    """
    verdicts = [_fluid_limit_sign(c.xreplace(sol)) for c in conds]
    if any(v is False for v in verdicts):
        return False, None
    for c, v in zip(conds, verdicts, strict=True):
        at = sympy.simplify(c.xreplace(sol)) if v is None else None
        if at is not None and not at.free_symbols - {W}:  # numeric parameters: sympy failed
            raise Undecided(f"sympy could not decide whether {at} >= 0 (exactly or as W -> oo)")
    if not conds:
        return True, None
    return True, (
        "branch of max/min taken where "
        + ", ".join(f"{sympy.simplify(c.xreplace(sol))} >= 0" for c in conds)
        + ("" if all(verdicts) else " (assumed)")
    )


def _isolated(sol: dict, unknowns: list) -> bool:
    return all(u in sol for u in unknowns) and not any(
        v.free_symbols & set(unknowns) for v in sol.values()
    )


def _branch_fixed_points(branch: list, conds: list, unknowns: list) -> FixedPoints:
    """Solve one branch; stop at the first step sympy cannot solve or decide."""
    try:
        sols = sympy.solve(branch, unknowns, dict=True)
    except NotImplementedError as exc:
        return FixedPoints(undecided=(
            "sympy could not solve the fixed-point equations "
            + "; ".join(f"{e} = 0" for e in branch) + f" (NotImplementedError: {exc})",
        ))
    kept, notes = [], []
    for sol in sols:
        if not _isolated(sol, unknowns):
            return FixedPoints(undecided=(
                f"the fixed points form a family, not isolated points: {sol}; derive "
                "solves for isolated fixed points only",
            ))
        if any(v.is_real is False for v in sol.values()):
            continue
        try:
            keep, note = _admit(sol, conds)
        except Undecided as exc:
            return FixedPoints(undecided=(
                f"{exc} (a max/min branch's condition at its fixed point {sol})",
            ))
        kept += [sol] if keep else []
        notes += [note] if note else []
    return FixedPoints(solutions=tuple(kept), notes=tuple(notes))


def fixed_points(cmap: CycleMap) -> FixedPoints:
    """Solve the cycle map's fixed point, ``Max`` / ``Min`` branch by branch.

    A branch is kept when its conditions hold at its fixed point (exactly,
    or as ``W -> oo``); a condition in the parameters that sympy cannot
    decide is assumed and noted. Complex solutions are dropped. The search
    stops at the first step sympy cannot solve or decide: the set of fixed
    points is then not settled, whatever the other branches give.
    """
    solutions: tuple = ()
    notes: tuple = ()
    for branch, conds in _branches(cmap.fixed_point_equations()):
        found = _branch_fixed_points(branch, conds, cmap.unknowns)
        if found.undecided:
            return FixedPoints(undecided=found.undecided)
        solutions += found.solutions
        notes += found.notes
    return FixedPoints(solutions=solutions, notes=notes)


# --------------------------------------------------------------------------
# classification and closed forms
# --------------------------------------------------------------------------
def _n_sign(sol: dict, n: Any) -> bool | None:
    v = sympy.simplify(sol[n])
    return True if v.is_positive else (False if v.is_nonpositive else None)


def _no_fixed_point(cmap: CycleMap) -> dict[str, Any]:
    reason = (
        "the cycle map has no fixed point: the equations "
        + "; ".join(f"{sympy.simplify(e)} = 0" for e in cmap.fixed_point_equations())
        + f" in {', '.join(str(u) for u in cmap.unknowns)} have no admissible solution"
    )
    return dict(kind="none", message="the cycle map has no fixed point (see reason)",
                reason=reason)


def _degenerate(cmap: CycleMap, sol: dict) -> dict[str, Any]:
    """Classify fixed points with ``n* <= 0``: a loss at every RTT, or no cycle that repeats."""
    n_star = sympy.simplify(sol[cmap.n])
    fp = {f: simp(sol[x]) for f, x in zip(cmap.fields, cmap.state, strict=True)}
    if n_star.is_zero:
        reason = (
            "the only fixed point of the cycle map has cycle length n* = 0: no RTT of "
            "additive increase between congestion events, i.e. a congestion event (loss) "
            "at every RTT with the windows' sum held at W ("
            + ", ".join(f"{f}* = {v}" for f, v in fp.items())
            + "); there is no sawtooth to average and no response constant"
        )
        window = cmap.run.window(cmap.state_type(*fp.values()))
        return dict(kind="zero", point=fp, n_star=n_star, reason=reason,
                    min_window=simp(cmap.flows * window / W),
                    message="the only fixed point has cycle length n* = 0 (see reason)")
    grows = [
        f for f, x in zip(cmap.fields, cmap.state, strict=True)
        if sympy.simplify(cmap.equations[f].xreplace({cmap.n: 0}) - x).is_positive
    ]
    mapping = ", ".join(f"{f} -> {cmap.equations[f]}" for f in cmap.fields)
    reason = (
        f"the cycle map {mapping} has its "
        f"only fixed point at n = {n_star} < 0: no cycle of n >= 0 increases repeats"
    )
    if grows:
        reason += (
            f"; even with n = 0, {', '.join(grows)} {'grows' if len(grows) == 1 else 'grow'} "
            "at every decrease, so the "
            "windows grow without bound (a congestion event at every RTT)"
        )
    return dict(kind="negative", point=fp, n_star=n_star, reason=reason,
                message=f"no fixed point with n >= 0; the only one has n* = {n_star} "
                        "(see reason)")


def _sawtooth(cmap: CycleMap, good: list) -> dict[str, Any]:
    """Compute the closed forms at a fixed point with ``n* > 0`` (or ``> 0`` where stated)."""
    notes = [f"{len(good)} fixed points; the first is used: {good}"] if len(good) > 1 else []
    sol = good[0]
    n_star = simp(sol[cmap.n])
    if _n_sign(sol, cmap.n) is None:
        notes.append(f"valid where the cycle length {n_star} > 0")
    fp = {f: simp(sol[x]) for f, x in zip(cmap.fields, cmap.state, strict=True)}
    s_star = cmap.state_type(*fp.values())
    m = sympy.Integer(cmap.flows)
    min_window = simp(m * cmap.run.window(s_star) / W)
    total = _large_w(m * cmap.run.window(cmap.run.advance(s_star, TAU)), notes)
    area = _large_w(sympy.integrate(total, (TAU, 0, n_star)), notes)
    if area.has(sympy.Integral):
        raise Undecided(f"sympy could not integrate the windows' sum {total} over a cycle")
    efficiency = simp(area / (n_star * W))
    packets = simp(area / m)
    response = simp(sympy.sqrt(packets) / n_star)
    exponent, scale, law_notes = response_law(packets, n_star)
    if W in response.free_symbols and exponent == sympy.Rational(1, 2) and scale is not None:
        notes.append(
            f"sqrt(N)/n* = {response} depends on W; its limit as W -> oo, {scale}, is the "
            "response constant (throughput C/sqrt(p) to leading order in W)"
        )
        response = scale
    elif W in response.free_symbols:
        law = "" if exponent is None else f" (it is ~ p^(-{exponent}) as W -> oo)"
        flat = W not in n_star.free_symbols
        notes.append(
            "the response constant depends on W: throughput is not C/sqrt(p) with a constant "
            "C" + law + ("; the cycle length does not scale with W, so the continuous-n fluid "
                         "limit is not the large-W limit of the discrete iteration" if flat else "")
        )
    eigenvalues, eigen_notes = _map_eigenvalues(cmap, sol)
    return dict(
        kind="sawtooth", point=fp, n_star=n_star, min_window=min_window,
        efficiency=efficiency, packets_per_cycle=packets, response_constant=response,
        response_exponent=exponent, response_scale=scale,
        integrand=total, map_eigenvalues=eigenvalues,
        notes=(*notes, *law_notes, *eigen_notes),
        message=f"fixed point found, cycle length n* = {n_star}",
    )


def _large_w(expr: Any, notes: list[str]) -> Any:
    """Resolve ``Abs(e)`` in ``expr`` by the sign of ``e`` for large ``W`` (noted).

    A fluid advance with a root (``sqrt(w^2 + 2 alpha tau)``) gives ``Abs``
    of the fixed point's windows, whose sign the real symbols leave open;
    windows are positive for ``W`` large enough.
    """
    expr = as_expr(expr)
    for a in sorted(expr.atoms(sympy.Abs), key=sympy.default_sort_key):
        sign = _fluid_limit_sign(a.args[0])
        if sign is None:
            continue
        expr = expr.xreplace({a: a.args[0] if sign else -a.args[0]})
        note = f"|{a.args[0]}| taken as {'+' if sign else '-'}({a.args[0]}), its sign for large W"
        if note not in notes:
            notes.append(note)
    return expr


def _leading(expr: Any) -> tuple[Any, Any]:
    """Return ``(c, q)`` with ``expr ~ c W^q`` as ``W -> oo`` (sympy's leading term)."""
    x = sympy.Symbol("x_lead", positive=True)
    term = as_expr(expr).subs(W, 1 / x).as_leading_term(x)
    c, q = term.as_coeff_exponent(x)
    if c.has(x) or c.is_zero:
        raise ValueError(f"no leading power of W in {expr}")
    return sympy.simplify(c), -q


def response_law(packets: Any, n_star: Any) -> tuple[Any, Any, tuple[str, ...]]:
    """Return ``(e, scale, notes)``: throughput ``N/n* ~ scale * p^(-e)`` as ``W -> oo``.

    One loss per cycle, ``p = 1/N``. With ``N ~ c_N W^q_N`` and
    ``n* ~ c_n W^q_n`` (leading terms as ``W -> oo``), the throughput is
    ``~ (c_N/c_n) W^(q_N - q_n)``, so ``e = (q_N - q_n)/q_N`` and
    ``scale = (c_N/c_n) / c_N^e``. None (with a note) when ``N`` does not
    grow with ``W`` or sympy finds no leading term.

    Examples
    --------
    >>> response_law(3 * W**2 / 8, W / 2)
    (1/2, sqrt(6)/2, ())
    """
    try:
        (c_n, q_n), (c_t, q_t) = _leading(packets), _leading(n_star)
    except (NotImplementedError, ValueError, TypeError) as exc:
        return None, None, (f"sympy found no leading term for the response law ({exc})",)
    if not (q_n.is_positive and q_t.is_number):
        return None, None, ()
    e = sympy.nsimplify((q_n - q_t) / q_n)
    scale = simp((c_n / c_t) / c_n**e)
    if not (scale.is_positive is not False and scale.is_finite is not False):
        return e, None, (f"the response law's scale (N/n*)/N^{e} -> {scale}",)
    return e, scale, ()


def _map_eigenvalues(cmap: CycleMap, sol: dict) -> tuple[tuple | None, tuple[str, ...]]:
    """Eigenvalues of the cycle map's Jacobian at the fixed point (None if not found)."""
    try:
        n_of_s = sympy.solve(cmap.congestion, cmap.n)
        if len(n_of_s) != 1:
            return None, ()
        mapped = sympy.Matrix([cmap.equations[f].xreplace({cmap.n: n_of_s[0]})
                               for f in cmap.fields])
        jac = mapped.jacobian(list(cmap.state)).xreplace(sol).applyfunc(sympy.simplify)
        values = []
        for v, mult in jac.eigenvals().items():
            values += [sympy.simplify(v)] * mult
    except (NotImplementedError, ValueError, TypeError) as exc:  # pragma: no cover - exotic
        return None, (f"sympy could not compute the eigenvalues of the map's Jacobian ({exc})",)
    return tuple(sorted(values, key=sympy.default_sort_key)), ()


def _contraction_at(ratio: Any, n_star: Any, settled: bool) -> tuple[Any, list[str]]:
    """Return the contraction: the difference ratio, at ``n*`` if it depends on ``n_j``."""
    if ratio is None or N not in ratio.free_symbols:
        return ratio, []
    if n_star is None:
        why = "there is no fixed point" if settled else "sympy did not settle the fixed point"
        return None, [f"the window difference ratio per cycle, {ratio}, depends on n_j "
                      f"and {why} to evaluate it at"]
    rho = simp(ratio.xreplace({N: n_star}))
    return rho, [f"the window difference ratio per cycle is {ratio}; "
                 f"at the fixed point n_j = {n_star} it is {rho}"]


def _classified(cmap: CycleMap, found: FixedPoints) -> dict[str, Any]:
    """Classify the fixed points found and compute what follows (fields of :class:`Solved`)."""
    if found.undecided:  # the set of fixed points is not settled: claim nothing
        return dict(kind="undecided", message="; ".join(found.undecided))
    if not found.solutions:
        return _no_fixed_point(cmap)
    good = [s for s in found.solutions if _n_sign(s, cmap.n) is not False]
    if not good:
        return _degenerate(cmap, found.solutions[0])
    return _sawtooth(cmap, good)


def solve(cmap: CycleMap) -> Solved:
    """Solve, classify and evaluate the cycle map; sympy's failures end up in ``message``.

    Examples
    --------
    >>> from aimdmodel import NewAIMD
    >>> from aimdmodel.symbolic.cycle_map import build_cycle_map
    >>> from aimdmodel.symbolic.policy_run import symbolic_run
    >>> s = solve(build_cycle_map(symbolic_run(NewAIMD(), 1)))
    >>> s.kind, s.success, s.fixed_point
    ('negative', True, None)
    """
    notes: tuple[str, ...] = tuple(
        note for note in (cmap.run.signal_note, cmap.run.increase_note) if note
    )
    ratio: Any = None
    try:
        found = fixed_points(cmap)
        ratio, ratio_notes = difference_ratio(cmap.run)
        notes += found.notes + ratio_notes
        fields = _classified(cmap, found)
    except Undecided as exc:
        fields = dict(kind="undecided", message=str(exc))
    except NotImplementedError as exc:
        fields = dict(
            kind="undecided",
            message=f"sympy raised NotImplementedError while solving the cycle map: {exc}",
        )
    n_star = fields.get("n_star") if fields["kind"] in ("sawtooth", "zero") else None
    rho, rho_notes = _contraction_at(ratio, n_star, fields["kind"] != "undecided")
    notes += (*fields.get("notes", ()), *rho_notes)
    values = {k: v for k, v in fields.items() if k != "notes"}
    return Solved(ratio=ratio, contraction=rho, notes=tuple(dict.fromkeys(notes)), **values)
