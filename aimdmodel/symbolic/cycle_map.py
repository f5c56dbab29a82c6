r"""The fluid-limit cycle map, built by running the policy's own code on symbols.

With ``s_j`` the state at the start of cycle ``j`` (right after a decrease)
and ``n_j`` the RTTs of additive increase in it, taken real (the fluid
limit),

.. math::

    s_{j+1} = \mathrm{decrease}(\mathrm{advance}(s_j, n_j)), \qquad
    m \cdot \mathrm{window}(\mathrm{advance}(s_j, n_j)) = W.

:func:`difference_ratio` runs two flows through the same cycles and returns
the factor by which their windows' difference is multiplied at a
congestion event.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy

from .policy_run import SymbolicRun
from .symbols import N, W, as_expr, simp

__all__ = ["CONTRACTION_CYCLES", "CycleMap", "build_cycle_map", "difference_ratio"]

CONTRACTION_CYCLES = 3
"""Cycles over which the two flows' difference ratio must be the same."""


@dataclass(frozen=True)
class CycleMap:
    """The cycle map of ``m`` equal flows and its congestion condition.

    Attributes
    ----------
    run : SymbolicRun
        How the policy's code was run (its ``policy`` and ``flows``).
    fields : tuple of str
        The state's field names.
    state_type : type
        The policy's state NamedTuple.
    state : tuple of sympy.Symbol
        ``<field>_j``, real (signs left free so that a negative ``n`` shows).
    n : sympy.Symbol
        ``n_j``, real.
    equations : dict
        Field name to its value at the start of cycle ``j + 1``.
    congestion : sympy.Eq
        ``m * window(advance(s_j, n_j)) = W``.

    Examples
    --------
    >>> from aimdmodel import AIMDFC
    >>> from aimdmodel.symbolic.policy_run import symbolic_run
    >>> cm = build_cycle_map(symbolic_run(AIMDFC(), 1))
    >>> cm.equations["w"], cm.congestion
    (k_j + n_j + w_j/2, Eq(k_j + n_j + w_j, W))
    """

    run: SymbolicRun
    fields: tuple[str, ...]
    state_type: type
    state: tuple
    n: Any
    equations: dict
    congestion: Any

    @property
    def flows(self) -> int:
        """Number ``m`` of equal flows."""
        return self.run.flows

    @property
    def unknowns(self) -> list:
        """The fixed point's unknowns: the state symbols and ``n_j``."""
        return [*self.state, self.n]

    def fixed_point_equations(self) -> list:
        """Return ``s_{j+1} - s_j`` per field and the congestion condition, each ``= 0``."""
        eqs = [self.equations[f] - x for f, x in zip(self.fields, self.state, strict=True)]
        return [*eqs, self.congestion.lhs - self.congestion.rhs]


def build_cycle_map(run: SymbolicRun) -> CycleMap:
    """Build the cycle map by running ``advance`` and ``decrease`` on symbols.

    The state fields and ``n`` are nonnegative while the policy's code runs
    (windows and counts are), so that a floor ``max(., floor)`` resolves
    where it can; the map is then written in real symbols.

    Raises
    ------
    TypeError
        If ``init`` does not return a NamedTuple state.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.symbolic.policy_run import symbolic_run
    >>> build_cycle_map(symbolic_run(AIMD(), 2)).congestion
    Eq(2*n_j + 2*w_j, W)
    """
    template = run.init(sympy.Symbol("x", nonnegative=True))
    if not hasattr(template, "_fields"):
        raise TypeError(
            f"policy.init must return a NamedTuple state, got {type(template).__name__}"
        )
    state_t = type(template)
    fields = tuple(state_t._fields)
    pos = [sympy.Symbol(f"{f}_j", nonnegative=True) for f in fields]
    advanced = run.advance(state_t(*pos), N)
    nxt = run.decrease(advanced)
    free = tuple(sympy.Symbol(f"{f}_j", real=True) for f in fields)
    n_free = sympy.Symbol("n_j", real=True)
    to_free = {**dict(zip(pos, free, strict=True)), N: n_free}
    equations = {f: as_expr(v).xreplace(to_free) for f, v in zip(fields, nxt, strict=True)}
    congestion = sympy.Eq(sympy.Integer(run.flows) * run.window(advanced).xreplace(to_free), W)
    return CycleMap(run=run, fields=fields, state_type=state_t, state=free, n=n_free,
                    equations=equations, congestion=congestion)


def _drop_floors(expr: Any) -> Any:
    """Replace ``Max(const, e)`` by ``e`` (a floor that is not reached)."""
    def strip(m: Any) -> Any:
        free = [a for a in m.args if a.free_symbols]
        return free[0] if len(free) == 1 else m

    return as_expr(expr).replace(lambda e: isinstance(e, sympy.Max), strip)


def difference_ratio(run: SymbolicRun) -> tuple[Any, tuple[str, ...]]:
    """Return the ratio of two flows' window differences across a congestion event.

    Two flows start from ``init(x1)`` and ``init(x2)`` and see the same
    number ``n_i`` of increases in cycle ``i`` (synchronous feedback). The
    ratio is returned when it is the same in the first
    :data:`CONTRACTION_CYCLES` cycles and free of ``x1``, ``x2``; it may
    depend on the cycle length ``n_j``. Otherwise None, and the notes say why.

    Returns
    -------
    ratio : sympy.Expr or None
    notes : tuple of str

    Examples
    --------
    >>> from aimdmodel import AIMD, MIMD
    >>> from aimdmodel.symbolic.policy_run import symbolic_run
    >>> difference_ratio(symbolic_run(AIMD(), 1))
    (1/2, ())
    >>> difference_ratio(symbolic_run(MIMD(), 1))[0]
    2**(n_j - 1)
    """
    x1, x2 = sympy.symbols("x1 x2", nonnegative=True)
    pair = run.pair(x1, x2)
    diff = run.pair_difference(pair)
    ns = [sympy.Symbol(f"n_{i}", nonnegative=True) for i in range(1, CONTRACTION_CYCLES + 1)]
    ratios = []
    for n_i in ns:
        pair = run.pair_cycle(pair, n_i)
        new = _drop_floors(run.pair_difference(pair))
        if diff == 0:
            return None, ("the flows' windows became equal: no contraction factor",)
        ratios.append(sympy.simplify((new / diff).xreplace({n_i: N})))
        if ratios[-1].free_symbols & {x1, x2}:  # depends on the windows: not a factor
            break
        diff = new
    if any(r.has(sympy.Max, sympy.Min) for r in ratios):
        return None, ("the floor makes the window difference non-linear: no contraction factor",)
    if all(sympy.simplify(r - ratios[0]) == 0 for r in ratios[1:]) and not (
        ratios[0].free_symbols & {x1, x2, *ns}
    ):
        return simp(ratios[0]), ()
    return None, (
        "the window difference does not shrink by a constant factor per cycle: "
        + ", ".join(str(r) for r in ratios),
    )
