"""Text of a derivation: the Markdown + LaTeX steps and the plain summary table.

Pure functions of the cycle map and the solved fixed point; nothing here
computes a result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import sympy

from .symbols import N

if TYPE_CHECKING:  # pragma: no cover
    from .cycle_map import CycleMap
    from .solve import Solved

__all__ = ["RESULT_FIELDS", "derivation_text", "summary_text"]

RESULT_FIELDS = (
    "min_window",
    "efficiency",
    "cycle_length",
    "packets_per_cycle",
    "response_constant",
    "response_exponent",
    "response_scale",
    "contraction",
)
"""The closed forms a :class:`~.closed_form.ClosedForm` reports, in table order."""


def _star(name: str) -> str:
    return sympy.latex(sympy.Symbol(name + "^*"))


def _map_lines(cmap: CycleMap) -> list[str]:
    """Return the heading, the cycle map and the congestion condition."""
    rows = [
        f"{sympy.latex(sympy.Symbol(f + '_{j+1}'))} &= {sympy.latex(cmap.equations[f])}"
        for f in cmap.fields
    ]
    title = f"## Fluid-limit cycle map of {cmap.run.policy!r}"
    return [
        title + (f", {cmap.flows} equal flows" if cmap.flows > 1 else ""),
        "",
        f"State fields: {', '.join(f'`{f}`' for f in cmap.fields)}. Start of cycle $j$ (right "
        "after a decrease): $s_j$; $n_j$ RTTs of increase (`advance`), then one `decrease`:",
        "",
        "$$\\begin{aligned}\n" + " \\\\\n".join(rows) + "\n\\end{aligned}$$",
        "",
        "The increase phase ends when the windows' sum reaches the capacity:",
        "",
        f"$${sympy.latex(cmap.congestion)}$$",
        "",
    ]


def _fixed_point_lines(solved: Solved) -> list[str]:
    """Return the fixed point and, for a sawtooth, the closed forms computed from it."""
    if solved.point is None:
        return []
    point = solved.point
    n_star = sympy.latex(solved.n_star)
    if solved.kind != "sawtooth":
        return [
            "Fixed point: " + ", ".join(f"${_star(f)} = {sympy.latex(v)}$"
                                        for f, v in point.items())
            + f", $n^* = {n_star}$.",
            "",
        ]
    lines = [
        "Fixed point $s_{j+1} = s_j = s^*$:",
        "",
        "$$" + ",\\quad ".join(f"{_star(f)} = {sympy.latex(v)}" for f, v in point.items())
        + f",\\quad n^* = {n_star}$$",
        "",
        f"Minimum window (start of a cycle) over $W$: ${sympy.latex(solved.min_window)}$; "
        f"cycle length ${n_star}$ RTTs.",
        "",
        "Efficiency, the mean window over a cycle over $W$:",
        "",
        f"$$\\frac{{1}}{{n^* W}}\\int_0^{{n^*}} {sympy.latex(solved.integrand)}\\,d\\tau "
        f"= {sympy.latex(solved.efficiency)}$$",
        "",
        f"Packets per cycle (one flow) $N = {sympy.latex(solved.packets_per_cycle)}$; one loss "
        "per cycle, $p = 1/N$; throughput $N/n^* = C/\\sqrt{p}$ with",
        "",
        f"$$C = \\frac{{\\sqrt{{N}}}}{{n^*}} = {sympy.latex(solved.response_constant)}$$",
        "",
    ]
    if solved.response_exponent is not None:
        scale = "" if solved.response_scale is None else sympy.latex(solved.response_scale)
        lines += [
            "To leading order as $W \\to \\infty$ (leading terms of $N$ and $n^*$): "
            f"throughput $N/n^* \\sim {scale}\\, p^{{-{sympy.latex(solved.response_exponent)}}}$ "
            "packets per RTT.",
            "",
        ]
    if solved.map_eigenvalues is not None:
        lines += [
            "Jacobian of the cycle map at the fixed point ($n_j$ eliminated through the "
            "congestion condition), eigenvalues: "
            + ", ".join(f"${sympy.latex(v)}$" for v in solved.map_eigenvalues) + ".",
            "",
        ]
    return lines


def _contraction_lines(solved: Solved) -> list[str]:
    ratio = solved.ratio
    if ratio is None:
        return []
    if N not in ratio.free_symbols:
        return [
            "Two flows started from `init(x1)`, `init(x2)` see the same $n_j$ each "
            "cycle; at every congestion event their window difference is multiplied by",
            "",
            f"$$\\rho = {sympy.latex(ratio)}.$$",
            "",
        ]
    lines = [
        "Two flows started from `init(x1)`, `init(x2)` see the same $n_j$ each cycle; "
        "at every congestion event their window difference is multiplied by "
        f"${sympy.latex(ratio)}$, which depends on $n_j$.",
        "",
    ]
    if solved.contraction is not None:
        lines += [f"At the fixed point: $\\rho = {sympy.latex(solved.contraction)}$.", ""]
    return lines


def derivation_text(cmap: CycleMap, solved: Solved) -> str:
    """Return the derivation's steps as Markdown with LaTeX.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.symbolic.cycle_map import build_cycle_map
    >>> from aimdmodel.symbolic.policy_run import symbolic_run
    >>> from aimdmodel.symbolic.solve import solve
    >>> cm = build_cycle_map(symbolic_run(AIMD(), 1))
    >>> derivation_text(cm, solve(cm)).splitlines()[0]
    '## Fluid-limit cycle map of AIMD(a=1, b=1/2, floor=0)'
    """
    text = _map_lines(cmap) + _fixed_point_lines(solved) + _contraction_lines(solved)
    if solved.reason:
        text += [f"**No closed form:** {solved.reason}", ""]
    if not solved.success:
        text += [f"**Not solved:** {solved.message}", ""]
    if solved.notes:
        text += ["Notes:", "", *(f"- {n}" for n in solved.notes), ""]
    return "\n".join(text)


def _text(value: Any) -> str:
    return "-" if value is None else str(value)


def summary_text(cf: Any) -> str:
    """Return a plain-text table of a :class:`~.closed_form.ClosedForm`.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.symbolic import derive
    >>> print(summary_text(derive(AIMD())).splitlines()[3])
    efficiency         3/4
    """
    rows = [("policy", repr(cf.policy)), ("flows", str(cf.flows))]
    rows += [(k, _text(getattr(cf, k))) for k in RESULT_FIELDS]
    if cf.map_eigenvalues is not None:
        rows.append(("map_eigenvalues", ", ".join(str(v) for v in cf.map_eigenvalues)))
    done = ("finished (every step decided)" if cf.success else
            "not finished: sympy could not decide a step (see message)")
    rows += [("derivation", done), ("message", cf.message)]
    if cf.reason:
        rows.append(("reason", cf.reason))
    rows += [("note", note) for note in cf.notes]
    width = max(len(k) for k, _ in rows) + 2
    return "\n".join(f"{k.ljust(width)}{v}" for k, v in rows)
