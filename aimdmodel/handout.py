r"""A teaching handout: a multi-page PDF of the model's main results.

:func:`build_handout` writes a title page that states the model in one
paragraph, then one page per topic, each with a figure drawn by
:mod:`aimdmodel.plots` from a result of :mod:`aimdmodel.experiments` and a
caption that states the result. Every number and closed form in a caption
is computed when the handout is built: closed forms by
:func:`aimdmodel.symbolic.derive` (typeset with matplotlib's mathtext from
``sympy.latex``), measured values by the experiments, the arithmetic named
beside each.

What the papers claim is not part of the library: a caller passes the
papers' quoted figures as ``quotes`` (objects with the fields of
``papers.claims.QuotedFigure``: ``policy``, ``claimed``, ``text``,
``source``, ``at_least``), and the pages then set each beside the derived or
simulated value. Without quotes the pages show derived against simulated
values only.

:func:`handout_pages` returns the pages (title, caption, drawing function)
without drawing, so the captions can be checked on their own.

Examples
--------
>>> list(TOPICS)  # doctest: +NORMALIZE_WHITESPACE
['title', 'phase-plane', 'sawtooth', 'convergence', 'efficiency', 'response', 'new-aimd',
 'heterogeneous', 'late-joiner']
"""

from __future__ import annotations

import contextvars
import functools
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from . import __version__, experiments, plots
from ._format import fmt_number
from ._io import atomic_path, check_output
from .policies import AIAD, AIMD, AIMDFC, MIAD, MIMD, AIMDFCPlus, NewAIMD, Policy
from .symbolic import W as W_SYMBOL
from .symbolic import derive, fairness_cycles, tcp_friendly_increase

__all__ = ["FORMATS", "MAX_CAPACITY", "MAX_POLICIES", "MIN_CAPACITY", "PAGE_SIZE",
           "POLICY_TOPICS", "TOPICS", "Page", "build_handout", "handout_pages", "page_files",
           "wrap_caption"]

PAGE_SIZE = (11.69, 8.27)
"""Page size in inches (A4 landscape, the shape of a slide)."""

_X0 = (10, 70)
_CAPACITY: contextvars.ContextVar[int] = contextvars.ContextVar("capacity", default=100)
"""``W`` of the pages that share one capacity (``build_handout(capacity=...)``)."""


_POLICIES: contextvars.ContextVar[tuple[Policy, ...]] = contextvars.ContextVar(
    "policies", default=())
"""The policies chosen for the pages of :data:`POLICY_TOPICS` (``build_handout(policies=...)``);
empty: each page's own."""


def _w() -> int:
    return _CAPACITY.get()

_TITLE = "aimdmodel: the Chiu-Jain model of congestion control"
"""The title page's title (and the PDF's)."""
_CAPTION_WIDTH = 118  # characters per caption line at 11 pt across the page
_QUOTE_FIELDS = ("policy", "claimed", "text", "source", "at_least")


@dataclass(frozen=True)
class Page:
    """One page of the handout.

    Attributes
    ----------
    title : str
        The page's heading.
    caption : str
        The result in words, with closed forms as mathtext (``$...$``);
        every number in it was computed.
    draw : callable
        ``draw(fig)`` adds the page's axes to a matplotlib Figure.
    values : dict
        The computed numbers the caption states, by name (for checks).
    layout : {"below", "side"}
        Caption below the figure, or in a column on its right (for square
        panels such as the phase plane).

    Examples
    --------
    >>> page = handout_pages(["title"])[0]
    >>> page.layout, page.values["aimd_efficiency"]
    ('below', 3/4)
    """

    title: str
    caption: str
    draw: Callable[[Any], None]
    values: dict
    layout: str = "below"


def wrap_caption(text: str, width: int = _CAPTION_WIDTH) -> str:
    r"""Wrap text at spaces, never inside a ``$...$`` mathtext span.

    Mathtext renders ``$...$`` as one unit, so a formula must not be cut
    across lines; its source is counted at half its length, about what it
    takes once typeset. Blank lines separate paragraphs; a line starting
    with a bullet ``"- "`` starts a new line.

    Examples
    --------
    >>> print(wrap_caption("one two $\\frac{a}{b} + c$ three", width=12))
    one two
    $\frac{a}{b} + c$
    three
    """
    out = []
    for para in text.split("\n\n"):
        para_lines = []
        for chunk in para.split("\n- "):
            bullet = bool(para_lines)
            tokens: list[str] = []
            in_math = False
            for word in chunk.split():
                if in_math:
                    tokens[-1] += " " + word
                else:
                    tokens.append(word)
                if word.count("$") % 2 == 1:
                    in_math = not in_math
            lines, line, size = [], "\u2022" if bullet else "", 1 if bullet else 0
            for tok in tokens:
                n = len(tok) // 2 if "$" in tok else len(tok)
                if line and size + 1 + n > width:
                    lines.append(line)
                    line, size = ("   " + tok, 3 + n) if bullet else (tok, n)
                else:
                    line, size = (f"{line} {tok}", size + 1 + n) if line else (tok, n)
            if line:
                lines.append(line)
            para_lines.append("\n".join(lines))
        out.append("\n".join(para_lines))
    return "\n\n".join(out)


_tex = plots.mathtext


@functools.cache
def _derive(policy: Policy) -> Any:
    return derive(policy)


def _short(p: Policy) -> str:
    """Name a policy, with only the parameters that differ from the defaults."""
    default = type(p)().params()
    changed = [f"{k}={fmt_number(v, 'short')}" for k, v in p.params().items()
               if v != default[k]]
    name = type(p).display_name or type(p).__name__
    return f"{name}({', '.join(changed)})" if changed else name


def _check_quotes(quotes: Any) -> tuple:
    """Check that every quote has the fields of ``papers.claims.QuotedFigure``."""
    if isinstance(quotes, (str, bytes)) or not isinstance(quotes, (Sequence, set, frozenset)):
        raise TypeError(
            "quotes must be a sequence of quoted figures (with fields "
            f"{', '.join(_QUOTE_FIELDS)}), got {quotes!r}"
        )
    for i, q in enumerate(quotes):
        missing = [f for f in _QUOTE_FIELDS if not hasattr(q, f)]
        if missing:
            raise TypeError(
                f"quotes[{i}] must have the fields {', '.join(_QUOTE_FIELDS)} "
                f"(as papers.claims.QuotedFigure); it lacks {', '.join(missing)}: {q!r}"
            )
    return tuple(quotes)


def _against(quote: Any, value: Any) -> str:
    """How a quoted figure compares with a computed value, in words."""
    if quote.at_least:
        return "met by" if value >= quote.claimed else "above"
    return "equal to" if value == quote.claimed else "unlike"


# --------------------------------------------------------------------------
# the pages
# --------------------------------------------------------------------------
def _title_page(quotes: tuple) -> Page:
    aimd = _derive(AIMD())
    claims = sorted({f" and claims an efficiency {q.text} ({q.source})"
                     for q in quotes if isinstance(q.policy, NewAIMD)})
    text = (
        "The model (Chiu & Jain 1989; Lahanas & Tsaoussidis 2003, Sec. 2). $m$ flows share one "
        "bottleneck that carries $W$ packets per round-trip time (RTT). Time runs in steps of "
        "one RTT. At every step the network compares the sum of the congestion windows with "
        "$W$: if $w_1 + \\dots + w_m \\geq W$ it answers 0 (congestion) and every flow applies its "
        "decrease rule; otherwise it answers 1 and every flow applies its increase rule. No flow "
        "knows $W$, the number of flows or the other windows. TCP's rule is AIMD(1,\u00a01/2): "
        "add one packet per RTT, halve the window at a congestion event; a single flow then "
        f"oscillates between ${_tex(aimd.min_window * W_SYMBOL)}$ and $W$ and uses a share "
        f"${_tex(aimd.efficiency)}$ of the link. AIMD-FC and AIMD-FC+ (Lahanas & Tsaoussidis) "
        "halve only part of the window; New-AIMD (Jasem et al. 2010) halves only each flow's "
        f"initial window{''.join(claims[:1])}."
        "\n\n"
        "Every number and closed form on the following pages is computed when this handout is "
        "built: closed forms are derived with sympy from the same policy code that is simulated "
        "(the fixed point of the cycle map in the fluid limit), measured values come from the "
        "synchronous binary-feedback engine; each caption names the arithmetic used (exact "
        "fractions or float64)."
        "\n\n"
        "To see it move: aimdmodel lab --out lab.html writes a page that opens in any browser "
        "(sliders over runs of the same engine); in a notebook: aimdmodel.explore()."
    )

    def draw(fig: Any) -> None:
        fig.text(0.5, 0.82, "aimdmodel", ha="center", fontsize=34, weight="bold")
        fig.text(0.5, 0.74, "The Chiu-Jain synchronous binary-feedback model of congestion "
                 "control", ha="center", fontsize=17)
        fig.text(0.5, 0.69, "AIMD, AIAD, MIMD, MIAD, AIMD-FC, AIMD-FC+ and New-AIMD: "
                 "a handout in figures", ha="center", fontsize=13, style="italic")
        fig.text(0.08, 0.63, wrap_caption(text, 108), ha="left", va="top", fontsize=12,
                 linespacing=1.45)
        fig.text(0.5, 0.04, f"generated by aimdmodel {__version__}", ha="center",
                 fontsize=9, color="0.35")

    return Page(_TITLE, text, draw,
                {"aimd_efficiency": aimd.efficiency, "aimd_min_window": aimd.min_window})


def _zoom(ax: Any, windows: Any) -> str:
    """Zoom a phase-plane panel onto the square around its trajectory; return the title's note.

    The panel stays square (the lines keep their 45-degree slopes) and
    within windows >= 0.
    """
    w = np.asarray(windows, dtype=float)
    lo, hi = w.min(axis=0), w.max(axis=0)
    side = max(1.3 * float(max(hi - lo)), _w() / 5)
    start = np.maximum((lo + hi) / 2 - side / 2, 0)
    ax.set_xlim(start[0], start[0] + side)
    ax.set_ylim(start[1], start[1] + side)
    return " (zoomed)"


def _chosen_phase_page(pols: Sequence[Policy]) -> Page:
    """Draw the phase plane of the policies chosen for this handout (float64, any policy)."""
    cycles = 8
    data = [experiments.phase_plane(p, _X0, _w(), cycles=cycles, arithmetic="float")
            for p in pols]
    j0 = data[0].initial_jain
    caption = (
        f"Two flows start at {_X0} with $W = {_w()}$ packets/RTT and run {cycles} congestion "
        "events (float64) under the policies chosen for this handout: "
        + ", ".join(_short(p) for p in pols)
        + ". Solid arrows: increase phases; dashed: decreases. A panel whose path keeps "
        "within a quarter of $W$ is zoomed onto the square around it."
        "\n\n"
        "An additive increase moves parallel to the fairness line $x_1 = x_2$, a multiplicative "
        "one along a ray through the origin; a multiplicative decrease moves toward the origin "
        "(toward fairness), an additive one parallel to $x_1 = x_2$. The path ends near the "
        "point where the fairness line meets the efficiency line $x_1 + x_2 = W$ only if the "
        "rule converges to fairness."
        "\n\n"
        f"Jain's index $J = (\\Sigma w)^2 / (m\\, \\Sigma w^2)$ is {j0:.3f} at the start; after "
        f"{cycles} events:"
        + "".join(f"\n- {_short(d.policy)}: {d.final_jain:.3f}" for d in data)
    )

    def draw(fig: Any) -> None:
        axes = fig.subplots(1, len(data), squeeze=False).ravel()
        for i, (ax, d) in enumerate(zip(axes, data, strict=True)):
            artists = d.plot(ax, legend=False)
            span = float(np.max(d.windows.max(axis=0) - d.windows.min(axis=0)))
            zoomed = _zoom(ax, d.windows) if span < _w() / 4 else ""
            ax.set_title(_short(d.policy) + zoomed, fontsize=10)
            ax.tick_params(labelsize=8)
            ax.set_xlabel("$x_1$ (packets)", fontsize=9)
            ax.set_ylabel("$x_2$ (packets)" if i == 0 else "", fontsize=9)
            if i == 0:
                handles = plots.phase_plane_legend_handles(artists)
        fig.legend(handles=handles, loc="lower center", ncol=3, fontsize=9,
                   bbox_to_anchor=(0.36, 0.0), frameon=False)

    return Page("The phase plane of two flows", caption, draw,
                {"jain": [(_short(d.policy), d.final_jain) for d in data], "jain_start": j0,
                 "policies": tuple(pols)}, layout="side")


def _phase_page(quotes: tuple) -> Page:
    if _POLICIES.get():
        return _chosen_phase_page(_POLICIES.get())
    pols: list[Policy] = [AIMD(), AIAD(a=1, d=8), MIMD(c=Fraction(11, 10)),
                          MIAD(c=Fraction(11, 10), d=8), AIMDFC(), AIMDFCPlus()]
    cycles = 8
    data = [experiments.phase_plane(p, _X0, _w(), cycles=cycles) for p in pols]
    jain = {_short(d.policy): d.final_jain for d in data}
    rho = {_short(p): _derive(p).contraction for p in (AIMD(), AIMDFC(), AIMDFCPlus())}
    j0 = data[0].initial_jain
    caption = (
        f"Two flows start at {_X0} with $W = {_w()}$ packets/RTT and run {cycles} congestion "
        "events (exact arithmetic). Solid arrows: increase phases; dashed: decreases. AIAD, "
        "MIMD and MIAD move little: their panels (zoomed) show the square around the path."
        "\n\n"
        "An additive increase moves parallel to the fairness line $x_1 = x_2$; a multiplicative "
        "decrease moves toward the origin, so across one cycle the difference $x_2 - x_1$ is "
        "multiplied by the decrease factor. Derived contraction per congestion event: "
        + ", ".join(f"{k} ${_tex(v)}$" for k, v in rho.items())
        + ". AIAD moves along one line parallel to $x_1 = x_2$ (difference unchanged), MIMD "
        "along one ray through the origin (ratio unchanged), MIAD away from fairness."
        "\n\n"
        f"Jain's index $J = (\\Sigma w)^2 / (m\\, \\Sigma w^2)$ is {j0:.3f} at the start; after "
        f"{cycles} events:"
        + "".join(f"\n- {k}: {v:.3f}" for k, v in jain.items())
    )

    def draw(fig: Any) -> None:
        axes = fig.subplots(2, 3)
        for i, (ax, d) in enumerate(zip(axes.ravel(), data, strict=True)):
            artists = d.plot(ax, legend=False)
            zoomed = _zoom(ax, d.windows) if i in (1, 2, 3) else ""  # AIAD, MIMD, MIAD
            ax.set_title(d.policy.label() + zoomed, fontsize=10)
            ax.tick_params(labelsize=8)
            ax.set_xlabel("$x_1$ (packets)", fontsize=9)
            ax.set_ylabel("$x_2$ (packets)", fontsize=9)
            if i == 0:
                handles = plots.phase_plane_legend_handles(artists)
        fig.legend(handles=handles, loc="lower center", ncol=3, fontsize=9,
                   bbox_to_anchor=(0.36, 0.0), frameon=False)

    return Page("The phase plane of two flows", caption, draw,
                {"jain": jain, "contraction": rho, "jain_start": j0}, layout="side")


def _sawtooth_page(quotes: tuple) -> Page:
    pols = [AIMD(), AIMDFC(), AIMDFCPlus()]
    claims = [q for q in quotes if q.policy in pols]
    cap, cycles = 90, 20
    data = [experiments.sawtooth(p, cap, cycles=cycles) for p in pols]
    lines = [
        f"\n- {_short(d.policy)}: minimum window ${_tex(d.min_window_formula)}$, efficiency "
        f"${_tex(d.closed_form.efficiency)}$, cycle ${_tex(d.closed_form.cycle_length)}$ RTTs. "
        f"Simulated: minimum {d.simulated_min:.2f}, mean {d.simulated_mean:.2f} packets"
        for d in data
    ]
    quoted = ""
    if claims:
        quoted = "\n\nAs printed in the papers: " + "; ".join(
            f"{_short(q.policy)} {q.text} ({q.source}), "
            f"{_against(q, _derive(q.policy).efficiency)} the derived value" for q in claims
        ) + "."
    caption = (
        f"One flow alone on a link of $W = {cap}$ packets/RTT, starting at $W/2$, exact "
        f"arithmetic (simulated values: second half of {cycles} cycles). The horizontal lines "
        "are closed forms derived by sympy from each policy's own code (fixed point of its "
        "cycle map, fluid limit), not typed in:"
        + "".join(lines)
        + quoted
        + ("\n\n" if not claims else " ")
        + "Keeping the additive part whole at a decrease raises the floor of the sawtooth, so "
        "the mean moves toward $W$."
    )

    def draw(fig: Any) -> None:
        axes = fig.subplots(1, 3, sharey=True)
        for ax, d in zip(axes, data, strict=True):
            d.plot(ax)
            ax.set_title(d.policy.label(), fontsize=11)
            ax.legend(loc="lower right", fontsize=9)
            if ax is not axes[0]:
                ax.set_ylabel("")

    values = {_short(d.policy): d for d in data}
    return Page("The sawtooth and its closed-form bounds", caption, draw, values)


def _convergence_page(quotes: tuple) -> Page:
    pols: list[Policy] = [AIMD(), AIMD(b=Fraction(7, 8)), AIMDFC(), AIMDFCPlus(),
                          AIAD(a=1, d=8), MIMD(c=Fraction(11, 10))]
    cycles = 20
    data = {_short(p): experiments.convergence(p, _X0, _w(), cycles=cycles) for p in pols}
    fc = {_short(p): fairness_cycles(p, *_X0) for p in pols[:4]}
    still = {k: (d.difference[0], d.difference[-1]) for k, d in list(data.items())[4:]}
    steps = {k: data[k].steps_to_fairness for k in ("AIMD", "AIMD-FC", "AIMD-FC+")}
    formula = float(fc["AIMD"].formula)
    caption = (
        f"Same start {_X0}, $W = {_w()}$, {cycles} congestion events, exact arithmetic. Left: "
        "Jain's index at each cycle start. Middle: the window difference $\\max w - \\min w$ "
        "(log scale), a straight line when it shrinks by a constant factor $\\rho$ per cycle. "
        "Right: the same against RTTs."
        "\n\n"
        "Congestion events until the difference is within 1 packet (derived $\\rho$, exact "
        "count):"
        + ",".join(f" {k} {v.cycles} ($\\rho = {_tex(v.contraction)}$)" for k, v in fc.items())
        + "; each count is the ceiling of $\\log(|x_1 - x_2| / \\epsilon) / \\log(1/\\rho)$ "
        f"with $\\epsilon = 1$: {formula:.2f} for $\\rho = {_tex(fc['AIMD'].contraction)}$. "
        "RTTs until within 1 packet for good: "
        + ", ".join(f"{k} {v}" for k, v in steps.items())
        + ": the same number of cycles, fewer RTTs per cycle (Lahanas & Tsaoussidis 2003, "
        "Theorem 2). "
        + ", ".join(f"{k}: difference {a:g} at the start, {b:.4g} after {cycles} events"
                    for k, (a, b) in still.items())
        + "."
    )

    def draw(fig: Any) -> None:
        from matplotlib.ticker import MaxNLocator

        runs = list(data.values())
        fig.subplots_adjust(top=0.80)  # room for the legend of all three panels
        axes = fig.subplots(1, 3)
        plots.plot_convergence(runs, axes[0], quantity="jain")
        plots.plot_convergence(runs, axes[1])
        plots.plot_convergence(runs, axes[2], against="step")
        axes[2].set_title("window difference against RTTs")
        axes[2].xaxis.set_major_locator(MaxNLocator(5))
        handles, labels = axes[0].get_legend_handles_labels()
        for ax in axes:
            ax.get_legend().remove()
        fig.legend(handles, labels, loc="upper center", ncol=3, fontsize=9,
                   bbox_to_anchor=(0.5, 0.935), frameon=False)

    return Page("Convergence to fairness", caption, draw,
                {"cycles": {k: v.cycles for k, v in fc.items()}, "steps": steps,
                 "formula": formula, "unchanged": still})


def _efficiency_page(quotes: tuple) -> Page:
    import sympy

    data = [experiments.efficiency_curve(f) for f in ("aimd", "aimd-fc", "aimd-fc-plus")]
    gaps = {d.name: float(np.max(np.abs(d.simulated - d.derived_at_points))) for d in data}
    beta = sympy.Symbol("beta", positive=True)
    in_beta = sympy.factor(derive(AIMD(b=1 / beta)).efficiency)
    first = data[0]
    caption = (
        "Efficiency (mean window over $W$, one flow) against the decrease factor $b$, with "
        "$a = 1$ and, for AIMD-FC+, $f(q) = q/2$. Curves: closed forms derived by sympy with "
        "$b$ a symbol:"
        + "".join(f"\n- {d.name}: ${_tex(d.expression)}$; largest gap of the simulated "
                  f"points to the curve {gaps[d.name]:.4f}" for d in data)
        + f"\n\nMarkers: simulated at $b$ = {', '.join(f'{b:g}' for b in first.b_points)}, "
        f"$W = {first.capacity:g}$, float64, second half of {first.cycles} cycles (the gaps "
        "come from the one congestion RTT per cycle and whole-RTT increases, both of order "
        "$1/W$). Written with $b = 1/\\beta$, AIMD's derived efficiency is "
        f"${_tex(in_beta)}$. A gentler decrease (larger $b$) is more efficient and slower to "
        "become fair (previous page)."
    )

    def draw(fig: Any) -> None:
        ax = fig.subplots(1, 1)
        plots.plot_efficiency_curve(data, ax)
        ax.set_title("")
        ax.legend(loc="lower right", fontsize=10)

    return Page("Efficiency against the decrease factor", caption, draw,
                {"gaps": gaps, "aimd_in_beta": in_beta, "beta": beta,
                 "expressions": {d.family: d.expression for d in data}})


def _tcp_friendly(b_friendly: Fraction) -> tuple[Any, Any, AIMD]:
    """``a(b)`` of a TCP-friendly AIMD, its value at ``b_friendly`` and that policy."""
    import sympy

    b = sympy.Symbol("b", positive=True)
    a_of_b = tcp_friendly_increase(b)
    a = sympy.Rational(a_of_b.subs(b, sympy.Rational(b_friendly)))
    return a_of_b, a, AIMD(a=Fraction(int(a.p), int(a.q)), b=b_friendly)


def _response_page(quotes: tuple) -> Page:
    b_friendly = Fraction(7, 8)
    a_of_b, a_friendly, friendly = _tcp_friendly(b_friendly)
    data = [experiments.response(p) for p in (AIMD(), AIMDFC(), AIMDFCPlus(), friendly)]
    gap = {_short(d.policy): np.abs(d.throughput_points * np.sqrt(d.p_points)
                                    / float(d.constant) - 1) for d in data}
    caps = data[0].capacities
    caption = (
        "Throughput of one flow against its loss rate, log-log. With one loss per cycle "
        "(periodic loss) $p = 1/N$, $N$ the packets sent in a cycle, and the throughput is "
        "$N / n^* = C/\\sqrt{p}$ packets per RTT (times MSS/RTT for bytes per second). "
        "Derived constants:"
        + "".join(f"\n- {_short(d.policy)}: $C = {_tex(d.constant)}$ = {float(d.constant):.4f}; "
                  f"simulated points off the line by {gap[_short(d.policy)][0]:.1%} at "
                  f"$W = {caps[0]:g}$, {gap[_short(d.policy)][-1]:.2%} at $W = {caps[-1]:g}$"
                  for d in data)
        + "\n\nTCP-friendly AIMD: solving $C(a, b) = C(1, 1/2)$ for $a$ gives "
        f"$a = {_tex(a_of_b)}$, so $b = {b_friendly}$ needs $a = {a_friendly}$ and its line lies "
        "on TCP's. Markers: simulated at $W$ = " + ", ".join(f"{c:g}" for c in caps)
        + f" packets/RTT, float64, second half of {data[0].cycles} cycles."
    )

    def draw(fig: Any) -> None:
        ax = fig.subplots(1, 1)
        plots.plot_response(data, ax)
        ax.set_title("")
        ax.legend(loc="lower left", fontsize=9, ncol=2)

    return Page("Response functions: throughput against loss rate", caption, draw,
                {"constants": {_short(d.policy): d.constant for d in data},
                 "tcp_friendly": a_of_b, "a_friendly": a_friendly,
                 "gaps": {k: v.tolist() for k, v in gap.items()}})


def _new_aimd_claim(quotes: tuple, eff: float, share: float, fc_share: float) -> str:
    """Describe the charitable reading's long-run efficiency, and the paper's figure if quoted."""
    measured = (f"{eff:.4f} at $W = 1000$ (float64) with a loss in {share:.0%} of its RTTs, "
                f"against {fc_share:.1%} of RTTs for AIMD-FC+")
    claims = [q for q in quotes if q.policy == NewAIMD(reading="charitable")]
    if not claims:
        return f"The charitable reading reaches an efficiency of {measured}."
    q = claims[0]
    verdict = "met" if _against(q, eff) in ("met by", "equal to") else "not met"
    return (f"The claimed efficiency {q.text} ({q.source}) is {verdict} by the charitable "
            f"reading: simulated {measured}.")


def _new_aimd_page(quotes: tuple) -> Page:
    steps, readings = 400, ("printed", "charitable")
    d = {r: experiments.new_aimd(r, _X0, _w(), steps=steps) for r in readings}
    shown = {r: experiments.new_aimd(r, _X0, _w(), steps=120) for r in readings}
    growth = {r: float(np.mean(np.diff(v.totals[len(v.totals) // 2:]))) for r, v in d.items()}
    charitable = experiments.long_run(NewAIMD(reading="charitable"), _X0, 1000, steps=3000)
    fc_share = experiments.long_run(AIMDFCPlus(), _X0, 1000, cycles=30).congested_share
    cf = {r: _derive(NewAIMD(reading=r)) for r in readings}
    caption = (
        "New-AIMD (Jasem et al. 2010) keeps each flow's initial window $x_i$ and one shared "
        "increase $t$; "
        "a congestion event halves only the $x_i$. Left: the pseudocode as printed ($t$ grows "
        "at every pass of its loop, congestion or not). Right: the charitable reading of the "
        "paper's own equations (an RTT either increases or decreases). "
        f"$W = {_w()}$, start {_X0}, exact arithmetic; ticks at the bottom mark congestion RTTs."
        "\n\n"
        "Over the second half of a run of "
        f"{steps} RTTs: printed, {d['printed'].congested_share:.0%} of the RTTs congested and "
        f"the sum of the windows growing by {growth['printed']:.2f} packets per RTT; "
        f"charitable, {d['charitable'].congested_share:.0%} congested and the sum growing by "
        f"{growth['charitable']:.2f}, ending at {d['charitable'].totals[-1]:g} packets. "
        + _new_aimd_claim(quotes, charitable.efficiency, charitable.congested_share, fc_share)
        + f" Derived with sympy: printed, {cf['printed'].reason.split(':')[0]}; charitable, the "
        f"only fixed point has $n^* = {_tex(cf['charitable'].cycle_length)}$ RTTs of increase "
        "per cycle."
    )

    def draw(fig: Any) -> None:
        axes = fig.subplots(1, 2)
        for ax, r in zip(axes, readings, strict=True):
            shown[r].plot(ax)
            ax.set_title(f"New-AIMD(1, 1/2), {r} reading", fontsize=11)
            ax.legend(loc="upper left", fontsize=9, ncol=2)

    return Page("New-AIMD: the printed pseudocode and its charitable reading", caption, draw,
                {"congested_share": {r: v.congested_share for r, v in d.items()},
                 "growth": growth, "efficiency_charitable": charitable.efficiency,
                 "fcplus_share": fc_share})


def _heterogeneous_page(quotes: tuple) -> Page:
    from .symbolic import matrix_model

    pair = [AIMD(), AIMD(a=Fraction(1, 5), b=Fraction(7, 8))]
    data = experiments.phase_plane(pair, _X0, _w(), cycles=40)
    mm = matrix_model(pair)
    peak, mean = mm.numeric()["peak_shares"], mm.numeric()["mean_shares"]
    caption = (
        f"An AIMD(1, 1/2) flow and an AIMD(1/5, 7/8) flow share $W = {_w()}$ packets/RTT from "
        f"{_X0} (exact arithmetic, 40 congestion events). They do not meet on the fairness "
        "line: their peaks converge to the Perron vector of the matrix model "
        "$A = \\mathrm{diag}(\\beta) + \\alpha(1 - \\beta)^T / \\Sigma\\alpha$ "
        "(Shorten, Wirth & Leith 2006), "
        f"peak shares {peak[0]:.3f} / {peak[1]:.3f} "
        "($x_i \\propto \\alpha_i / (1 - \\beta_i)$), at the rate of its second eigenvalue "
        f"$\\lambda_2 = {_tex(mm.lambda2)}$ per cycle."
        "\n\n"
        f"The mean windows $(1 + \\beta_i) x_i / 2$ are equal ({mean[0]:.3f} / {mean[1]:.3f}): "
        "$\\alpha = 3(1 - \\beta)/(1 + \\beta)$ is the TCP-friendly increase for periodic "
        "losses (Floyd, Handley & Padhye), so the two flows get the same throughput although "
        "their windows differ at every loss."
        f"\n\nJain's index of the last windows: {data.final_jain:.3f}."
    )

    def draw(fig: Any) -> None:
        ax = fig.subplots()
        data.plot(ax)
        legend = ax.get_legend()
        if legend is not None:  # readable projected: the legend's text at 9 pt
            for text in legend.get_texts():
                text.set_fontsize(9)

    return Page("Flows with their own parameters: the Perron point", caption, draw,
                {"peak_shares": tuple(peak), "mean_shares": tuple(mean),
                 "lambda2": float(mm.lambda2)}, layout="side")


def _late_joiner_page(quotes: tuple) -> Page:
    chosen = _POLICIES.get()
    data = experiments.late_joiner(chosen, capacity=_w(), steps=600, join=200)
    n = len(data.labels) // 2  # one row a policy, one column a convention
    names = ([_short(tr.policy) for tr in data.runs[::2]] if chosen else
             [lab.split(", congestion")[0] for lab in data.labels[::2]])
    short = [f"New-AIMD\n({tr.policy.reading})" if isinstance(tr.policy, NewAIMD)
             else _short(tr.policy) for tr in data.runs[::2]]
    rows = "".join(
        f"\n- {names[k]}: newcomer's share {data.last_flow_share[2 * k]:.2f} / "
        f"{data.last_flow_share[2 * k + 1]:.2f}, offered load "
        f"{data.offered_over_capacity[2 * k]:.2f} / {data.offered_over_capacity[2 * k + 1]:.2f} W, "
        f"congested {100 * data.congested_share[2 * k]:.0f}% / "
        f"{100 * data.congested_share[2 * k + 1]:.0f}%"
        for k in range(n)
    )
    caption = (
        f"Two flows run from step 0; a third joins at step {data.change} with a window of 10 "
        f"($W = {_w()}$, float64, 600 RTTs); the panels show the windows in packets. Over the "
        "last quarter of the run, congestion at $\\Sigma w \\geq W$ / at $\\Sigma w > W$:"
        + rows
        + ("\n\nA rule fair to the newcomer gives it a third of the windows (share 0.33); "
           "the policies are those chosen for this handout." if chosen else
           "\n\nAIMD gives the newcomer its third within a few cycles under either "
           "convention. New-AIMD never resets its accumulated increase: read as printed its "
           "windows grow without bound; read charitably the two old flows keep the whole "
           "capacity and the newcomer's window decays to 0 (starved).")
    )

    def draw(fig: Any) -> None:
        fig.subplots_adjust(top=0.80, left=0.11, hspace=0.22)  # room for titles, legend
        axes = fig.subplots(n, 2, sharex=True, squeeze=False)
        data.plot(axes)
        for (r, c), ax in np.ndenumerate(axes):
            ax.get_legend().remove()
            ax.set_title("")
            ax.tick_params(labelsize=8)
            ax.set_xlabel("step (RTT)" if r == n - 1 else "", fontsize=9)
            ax.set_ylabel(short[r] if c == 0 else "", fontsize=10)
        for c, rule in enumerate(("$\\Sigma w \\geq W$", "$\\Sigma w > W$")):
            axes[0, c].set_title(f"congestion when {rule}", fontsize=11, weight="bold")
        handles, labels = axes[0, 0].get_legend_handles_labels()
        fig.legend(handles, labels, loc="upper center", ncol=len(labels), fontsize=9,
                   bbox_to_anchor=(0.54, 0.925), frameon=False)

    named = ", ".join(_short(p) for p in chosen) if chosen else "AIMD and New-AIMD"
    title = (f"A flow that joins late: {named if len(named) <= 40 else 'the chosen policies'}"
             ", both conventions")
    return Page(title, caption, draw,
                {"last_flow_share": dict(zip(data.labels, data.last_flow_share, strict=True))})


TOPICS: dict[str, Callable[[tuple], Page]] = {
    "title": _title_page,
    "phase-plane": _phase_page,
    "sawtooth": _sawtooth_page,
    "convergence": _convergence_page,
    "efficiency": _efficiency_page,
    "response": _response_page,
    "new-aimd": _new_aimd_page,
    "heterogeneous": _heterogeneous_page,
    "late-joiner": _late_joiner_page,
}
"""The pages of the handout in order, by topic name: ``TOPICS[name](quotes)``
computes the page."""


def _check_topics(topics: Sequence[str] | None) -> list[str]:
    if topics is None:
        return list(TOPICS)
    if isinstance(topics, str):
        raise TypeError(f"topics must be a sequence of topic names such as [{topics!r}], "
                        f"not a str")
    topics = list(topics)
    if not topics:
        raise ValueError(f"topics must name at least one of {', '.join(TOPICS)}; got none")
    unknown = [t for t in topics if t not in TOPICS]
    if unknown:
        raise ValueError(f"topics must be among {', '.join(TOPICS)}; got {unknown[0]!r}")
    return topics


def _check_capacity(capacity: Any) -> int:
    if isinstance(capacity, bool) or not isinstance(capacity, (int, np.integer)):
        raise TypeError(f"capacity must be a whole number of packets per RTT, got {capacity!r}")
    if not MIN_CAPACITY <= capacity <= MAX_CAPACITY:
        raise ValueError(f"capacity must be in {MIN_CAPACITY} .. {MAX_CAPACITY} packets per RTT "
                         f"(the flows start at {_X0}; exact arithmetic), got {capacity}")
    return int(capacity)


MIN_CAPACITY, MAX_CAPACITY = 100, 10_000
"""The capacities ``W`` the handout's pages are drawn for (``capacity=``)."""

POLICY_TOPICS = ("phase-plane", "late-joiner")
"""The pages drawn for the policies chosen with ``policies=`` (the others are about
particular policies: their captions derive those policies' closed forms)."""

MAX_POLICIES = 3
"""Policies a handout takes at most (the panels of the phase plane in one row, the rows of
the late-joiner page)."""


def _check_policies(policies: Sequence[Policy] | None) -> tuple[Policy, ...]:
    if policies is None:
        return ()
    if isinstance(policies, Policy) or not isinstance(policies, Sequence):
        raise TypeError(f"policies must be a sequence of Policy objects such as [AIMD()], "
                        f"got {policies!r}")
    bad = [p for p in policies if not isinstance(p, Policy)]
    if bad:
        raise TypeError(f"policies must be Policy objects (aimdmodel.make_policy builds one "
                        f"from its name), got {bad[0]!r}")
    if not 1 <= len(policies) <= MAX_POLICIES:
        raise ValueError(f"policies must hold 1 .. {MAX_POLICIES} policies (the panels of the "
                         f"phase plane, the rows of the late joiner), got {len(policies)}")
    return tuple(policies)


def handout_pages(topics: Sequence[str] | None = None, *, quotes: Sequence[Any] = (),
                  capacity: int = 100, policies: Sequence[Policy] | None = None) -> list[Page]:
    """Compute the pages of the handout (captions and values), without drawing.

    Parameters
    ----------
    topics : sequence of str, optional
        Names from :data:`TOPICS` to compute (at least one), in the
        handout's order; all of them by default: the title page, then the
        phase plane, the sawtooth, convergence, efficiency against ``b``,
        response functions, New-AIMD.
    quotes : sequence, optional
        Figures quoted from the papers, each with the fields of
        ``papers.claims.QuotedFigure`` (``policy``, ``claimed``, ``text``,
        ``source``, ``at_least``); the pages set each beside the value
        derived or simulated for its policy. None by default: the pages then
        say nothing about the papers' figures.

    capacity : int
        ``W`` (packets per RTT, 100 .. 10000) of the pages that share one
        capacity: phase plane, convergence, New-AIMD, flows with their own
        parameters, the late joiner (default 100). The sawtooth, efficiency
        and response pages keep the capacities their captions name.
    policies : sequence of Policy, optional
        1 .. :data:`MAX_POLICIES` policies to draw on the pages of
        :data:`POLICY_TOPICS` (the phase plane, one panel each, in float64;
        the late joiner, one row each) in place of those pages' own; the
        other pages keep theirs. None (default): every page its own.

    Returns
    -------
    list of Page

    Raises
    ------
    ValueError
        If a topic name is unknown or ``topics`` is empty, or ``policies``
        holds none or more than :data:`MAX_POLICIES`.
    TypeError
        If ``topics`` is a str, a quote lacks a field, or ``policies`` holds
        something other than Policy objects.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> (page,) = handout_pages(["phase-plane"], policies=[AIMD(b=Fraction(7, 8))])
    >>> [(name, round(j, 3)) for name, j in page.values["jain"]]
    [('AIMD(b=7/8)', 0.949)]
    >>> pages = handout_pages(["title", "new-aimd"])
    >>> [p.title for p in pages]
    ['aimdmodel: the Chiu-Jain model of congestion control', \
'New-AIMD: the printed pseudocode and its charitable reading']
    >>> pages[1].values["congested_share"]
    {'printed': 1.0, 'charitable': 1.0}
    """
    topics = _check_topics(topics)
    quotes = _check_quotes(quotes)
    token = _CAPACITY.set(_check_capacity(capacity))
    chosen_policies = _POLICIES.set(_check_policies(policies))
    from ._progress import bar

    try:
        chosen = [make for name, make in TOPICS.items() if name in topics]
        return [make(quotes) for make in bar(chosen, desc="computing the pages", unit="page")]
    finally:
        _POLICIES.reset(chosen_policies)
        _CAPACITY.reset(token)


def _render(page: Page, number: int, total: int) -> Any:
    from matplotlib.figure import Figure

    fig = Figure(figsize=PAGE_SIZE)
    if page.title == _TITLE:  # the title page draws itself whole, wherever it stands
        page.draw(fig)
        return fig
    fig.suptitle(page.title, fontsize=18, weight="bold", y=0.965)
    size, spacing = 11, 1.5
    if page.layout == "side":
        fig.subplots_adjust(left=0.05, right=0.66, top=0.88, bottom=0.12, wspace=0.32,
                            hspace=0.32)
        page.draw(fig)
        text = wrap_caption(page.caption, 40)
        fig.text(0.685, 0.88, text, ha="left", va="top", fontsize=size, linespacing=spacing)
    else:
        text = wrap_caption(page.caption)
        # the caption's height on the page decides where the figure may end
        lines = text.count("\n") + 1
        height = lines * size * spacing / 72 / PAGE_SIZE[1]
        top_of_caption = 0.05 + height
        fig.subplots_adjust(left=0.07, right=0.97, top=0.88, bottom=top_of_caption + 0.085,
                            wspace=0.25, hspace=0.35)
        page.draw(fig)
        fig.text(0.07, top_of_caption, text, ha="left", va="top", fontsize=size,
                 linespacing=spacing)
    fig.text(0.97, 0.02, f"{number} / {total}", ha="right", fontsize=9, color="0.35")
    return fig


FORMATS = ("pdf", "png", "svg")
"""What :func:`build_handout` writes: one PDF, or one PNG or SVG file per page."""


def page_files(path: str | os.PathLike, topics: Sequence[str] | None = None) -> list[str]:
    """Return the files :func:`build_handout` writes for ``path`` (one a page for PNG, SVG).

    A PDF is one file; ``handout.png`` becomes ``handout-01-title.png``,
    ``handout-02-phase-plane.png``, ... (the page number and its topic).

    Examples
    --------
    >>> page_files("h.svg", ["title", "late-joiner"])
    ['h-01-title.svg', 'h-02-late-joiner.svg']
    >>> page_files("h.pdf")
    ['h.pdf']
    """
    fmt = _format_of(path)
    if fmt == "pdf":
        return [str(path)]
    root, ext = os.path.splitext(str(path))
    names = _check_topics(topics)
    return [f"{root}-{i:02d}-{name}{ext}" for i, name in enumerate(
        (t for t in TOPICS if t in names), start=1)]


def _format_of(path: str | os.PathLike) -> str:
    fmt = os.path.splitext(str(path))[1].lstrip(".").lower()
    if fmt not in FORMATS:
        raise ValueError(f"path must end in one of {', '.join('.' + f for f in FORMATS)} "
                         f"(the handout's format), got {str(path)!r}")
    return fmt


def build_handout(
    path: str | os.PathLike,
    topics: Sequence[str] | None = None,
    *,
    quotes: Sequence[Any] = (),
    capacity: int = 100,
    policies: Sequence[Policy] | None = None,
    dpi: float = 150,
) -> list[Page]:
    """Write the handout to ``path``: a multi-page PDF, or one PNG or SVG a page, atomically.

    Parameters
    ----------
    path : str or path-like
        Where to write; its suffix (``.pdf``, ``.png``, ``.svg``) is the
        format. A PDF holds every page; PNG and SVG write one file a page,
        named by :func:`page_files` (for slides). Each file appears whole or
        not at all (:func:`aimdmodel._io.atomic_path`).
    topics : sequence of str, optional
        Pages to include, at least one (see :func:`handout_pages`); all by
        default.
    quotes : sequence, optional
        The papers' quoted figures to set beside the computed values (see
        :func:`handout_pages`); none by default.
    capacity : int
        ``W`` of the pages that share one capacity (see
        :func:`handout_pages`; default 100).
    policies : sequence of Policy, optional
        The policies of the pages of :data:`POLICY_TOPICS` (see
        :func:`handout_pages`); each page's own by default.
    dpi : float
        Resolution of PNG pages (default 150).

    Returns
    -------
    list of Page
        The pages written, in order.

    Raises
    ------
    ValueError
        If ``path`` does not end in ``.pdf``, ``.png`` or ``.svg``, or as
        :func:`handout_pages` (nothing is written then).
    OSError
        If ``path`` is a folder, its folder does not exist or cannot be
        written (:func:`aimdmodel._io.check_output`): checked before any
        page is computed.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "title.pdf"
    >>> len(build_handout(out, topics=["title"])), out.read_bytes()[:5]
    (1, b'%PDF-')
    """
    fmt = _format_of(path)
    files = page_files(path, topics)
    for f in files:
        check_output(f)  # a folder, a missing folder, no permission: refused before any work
    pages = handout_pages(topics, quotes=quotes, capacity=capacity, policies=policies)
    from ._progress import bar

    if fmt != "pdf":
        for i, (page, f) in enumerate(zip(bar(pages, desc="drawing the pages", unit="page"),
                                          files, strict=True), start=1):
            with atomic_path(f, suffix="." + fmt) as tmp:
                _render(page, i, len(pages)).savefig(tmp, format=fmt, dpi=dpi)
        return pages
    from matplotlib.backends.backend_pdf import PdfPages

    with atomic_path(path, suffix=".pdf") as tmp, PdfPages(tmp, metadata={
        "Title": _TITLE,
        "Subject": "Teaching handout",
        "Creator": f"aimdmodel {__version__}",
    }) as pdf:
        for i, page in enumerate(bar(pages, desc="drawing the pages", unit="page"), start=1):
            pdf.savefig(_render(page, i, len(pages)))
    return pages
