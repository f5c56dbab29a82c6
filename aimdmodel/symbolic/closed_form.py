"""The :class:`ClosedForm` result and :func:`derive`, which makes it.

``derive`` checks its inputs, builds the cycle map from the policy's code
(:mod:`.cycle_map`), solves it (:mod:`.solve`) and writes the derivation
(:mod:`.render`); each step is a function of the previous one's value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy

from .._validate import check_count
from ..policies import Policy
from .cycle_map import build_cycle_map
from .policy_run import symbolic_run
from .render import RESULT_FIELDS, derivation_text, summary_text
from .solve import solve
from .symbols import RESERVED, Undecided, sympified

__all__ = ["ClosedForm", "derive"]


@dataclass(frozen=True)
class ClosedForm:
    """The fluid-limit closed forms of a policy, returned by :func:`derive`.

    Every value is an exact sympy expression (a Rational for numeric
    parameters; in the parameters' symbols and :data:`~.symbols.W`
    otherwise). Three outcomes are told apart, as scipy's ``success`` /
    ``message`` do:

    * a fixed point with cycle length ``n* > 0``: ``success`` True, every
      field set, ``reason`` None;
    * provably no fixed point with ``n* > 0`` (none at all, only ``n* < 0``,
      or only ``n* = 0``): ``success`` True, ``reason`` says why, and the
      fields that need a sawtooth are None;
    * sympy could not solve or decide a step: ``success`` False,
      ``message`` names the step, and nothing is claimed about the fixed
      point (its fields are None).

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
        packets per RTT equals ``C / sqrt(p)``. When that ratio depends on
        ``W`` but tends to a constant as ``W -> oo`` (a fluid binomial
        control with ``k + l = 1``: throughput ``~ 1/sqrt(p)`` to leading
        order), the constant is that limit, and a note says so.
    contraction : sympy.Expr or None
        Factor by which the difference between two flows' windows shrinks
        at every congestion event (None when it is not a constant factor).
    response_exponent : sympy.Expr or None
        ``e`` with throughput ``~ p^(-e)`` as ``W -> oo`` (one loss per
        cycle, ``p = 1/N``): the order in ``W`` of the throughput ``N / n*``
        over the order of ``N``. 1/2 for AIMD-like rules;
        ``1/(k + l + 1)`` for a binomial control.
    response_scale : sympy.Expr or None
        ``lim (N / n*) / N^e`` as ``W -> oo``: throughput
        ``~ response_scale * p^(-e)`` packets per RTT to leading order
        (equal to ``response_constant`` when ``e = 1/2``).
    map_eigenvalues : tuple or None
        Eigenvalues (with multiplicity) of the Jacobian of the cycle map
        ``s_j -> s_{j+1}`` at the fixed point, ``n_j`` eliminated through the
        congestion condition: the largest modulus is the rate per cycle at
        which one system approaches the fixed point (below 1: it does).
    reason : str or None
        Why there is no (or only a degenerate) fixed point; None otherwise.
    success : bool
        False when sympy could not solve or decide a step of the derivation.
    message : str
        What was found, or which step sympy could not do.
    notes : tuple of str
        Assumptions made on the way (e.g. a floor that is not binding).
    derivation : str
        The steps as Markdown with LaTeX.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> cf = derive(AIMD())
    >>> cf.min_window, cf.efficiency, cf.contraction
    (1/2, 3/4, 1/2)
    >>> cf.success, cf.message
    (True, 'fixed point found, cycle length n* = W/2')
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
    response_exponent: Any
    response_scale: Any
    contraction: Any
    map_eigenvalues: tuple | None
    reason: str | None
    success: bool
    message: str
    notes: tuple[str, ...]
    derivation: str

    def as_dict(self) -> dict[str, Any]:
        """Return the results as a JSON-ready dict (expressions as strings).

        Examples
        --------
        >>> from aimdmodel import AIMD
        >>> d = derive(AIMD()).as_dict()
        >>> d["efficiency"], d["success"]
        ('3/4', True)
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
            **{k: s(getattr(self, k)) for k in _DICT_ORDER},
            "map_eigenvalues": None
            if self.map_eigenvalues is None
            else [str(v) for v in self.map_eigenvalues],
            "reason": self.reason,
            "success": self.success,
            "message": self.message,
            "notes": list(self.notes),
            "latex": {
                k: None if getattr(self, k) is None else sympy.latex(getattr(self, k))
                for k in RESULT_FIELDS
            },
        }

    def summary(self) -> str:
        """Return a plain-text table of the results.

        Examples
        --------
        >>> from aimdmodel import AIMD
        >>> print(derive(AIMD()).summary().splitlines()[3])
        efficiency         3/4
        """
        return summary_text(self)


_DICT_ORDER = ("cycle_length", "min_window", "efficiency", "packets_per_cycle",
               "response_constant", "response_exponent", "response_scale", "contraction")


def _own_methods_run(policy: Policy) -> None:
    """Run the policy's own methods on a probe state before anything is derived from it.

    A method that raises, recurses forever, or gives no number fails here,
    named; a closed-form ``advance(s, 1)`` must be the policy's own
    ``increase(s)`` (a declaration the derivation would otherwise trust).
    """
    if policy.uses_signal or any(getattr(v, "free_symbols", None)
                                 for v in policy.params().values()):
        return  # symbolic parameters, a signal: the derivation runs the methods itself
    import numpy as np

    from .._arith import to_float

    pol = policy.converted(to_float)
    done = ["init"]

    def window_of(state: Any) -> None:
        w = np.asarray(pol.window(state))
        if w.dtype.kind not in "iuf":
            raise TypeError(f"its window is {w!r}, not a number")

    try:
        s = pol.init(np.array([29 / 3]))
        done.append("increase")
        up = pol.increase(s)
        window_of(up)
        done.append("decrease")
        window_of(pol.decrease(up))
        if policy.has_closed_form:
            done.append("advance")
            if not all(np.allclose(np.asarray(a, dtype=float), np.asarray(b, dtype=float),
                                   rtol=1e-12, atol=0)
                       for a, b in zip(pol.advance(s, 1), up, strict=True)):
                raise ValueError("advance(s, 1) is not its own increase(s)")
    except (Exception, RecursionError) as exc:
        step = done[-1]
        raise ValueError(f"policy: derive runs {policy.label()}'s own methods, and its {step} "
                         f"failed on a probe state ({type(exc).__name__}: {exc})") from None


def _checked(policy: Any, flows: Any) -> tuple[Policy, int]:
    """Check ``derive``'s arguments; return the policy with exact parameters and ``flows``."""
    if not isinstance(policy, Policy):
        raise TypeError(f"policy must be an aimdmodel Policy, got {policy!r}")
    m = check_count("flows", flows, minimum=1, optional=False)
    if not (policy.has_closed_form or policy.has_fluid_limit):
        raise TypeError(
            f"policy: derive needs a closed-form advance(s, n) accepting a symbolic n, or a "
            f"declared fluid limit (fluid_advance or drift); {type(policy).__name__} only "
            "loops increase()"
        )
    _own_methods_run(policy)
    pol = sympified(policy)
    for name, value in pol.params().items():
        clash = {str(x) for x in getattr(value, "free_symbols", ())} & set(RESERVED)
        if clash:
            raise ValueError(
                f"parameter {name} uses the symbol {sorted(clash)[0]!r}, which derive reserves "
                f"(W: capacity, n_j: cycle length, tau: time); name it differently"
            )
    assert m is not None
    return pol, m


def derive(policy: Policy, *, flows: int = 1) -> ClosedForm:
    """Derive the fluid-limit closed forms of a policy from its own code.

    Parameters
    ----------
    policy : Policy
        Any policy with a closed-form ``advance(s, n)`` that accepts a
        symbolic ``n`` (:attr:`Policy.has_closed_form`), or with a declared
        fluid limit (``fluid_advance`` or ``drift``, :mod:`.drift`), which is
        then used in place of ``advance`` (the fluid cycle map, ``n_j`` the
        real time between losses); parameters may be numbers (made exact) or
        sympy symbols.
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
        and response constant are None. When sympy cannot solve or decide
        a step, ``success`` is False and ``message`` says which.

    Raises
    ------
    TypeError
        If ``policy`` is not a Policy or has no closed-form ``advance``, or
        ``flows`` is not an int.
    ValueError
        If ``flows < 1``; if a parameter uses one of the symbols ``W``,
        ``n_j``, ``tau`` that the derivation reserves; if the policy's code
        does not run on sympy symbols (``policy``: it must decide a
        comparison it cannot decide on symbols); or if ``m`` equal flows do
        not stay equal under its decrease (``flows``: a state shared by the
        flows, as the printed AIMD-FC+System's).

    Notes
    -----
    State fields and ``n`` are taken as nonnegative while the map is built
    (windows and increase counts are), so a policy's floor ``max(., floor)``
    resolves where it can; remaining ``Max`` / ``Min`` are solved branch by
    branch and a branch is kept when its condition holds at its fixed point
    (exactly, or as ``W -> oo``). The fixed point itself is solved with the
    signs left free, so a negative ``n`` shows up as what it is. A rule that
    uses the bottleneck's signal (``uses_signal``) receives, at the
    decrease, the signal of a fluid congestion event: capacity ``W``,
    windows' sum ``W``.

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
    >>> from aimdmodel.policies import Binomial
    >>> cf = derive(Binomial(k=1, l=1, alpha=1, beta=sympy.Rational(1, 2)))
    >>> cf.cycle_length, cf.response_exponent      # throughput ~ p^(-1/(k+l+1))
    (3*W**2/8, 1/3)
    """
    pol, flows = _checked(policy, flows)
    try:
        cmap = build_cycle_map(symbolic_run(pol, flows))
    except Undecided as exc:  # a declared drift sympy cannot integrate
        return _not_built(pol, flows, str(exc))
    return _closed_form(pol, flows, cmap, solve(cmap))


def _closed_form(policy: Policy, flows: int, cmap: Any, solved: Any) -> ClosedForm:
    """Return the :class:`ClosedForm` of a built and solved cycle map."""
    return ClosedForm(
        policy=policy, flows=flows, cycle_map=cmap.equations, congestion=cmap.congestion,
        fixed_point=solved.fixed_point, cycle_length=solved.cycle_length,
        min_window=solved.min_window, efficiency=solved.efficiency,
        packets_per_cycle=solved.packets_per_cycle,
        response_constant=solved.response_constant,
        response_exponent=solved.response_exponent, response_scale=solved.response_scale,
        contraction=solved.contraction,
        map_eigenvalues=solved.map_eigenvalues, reason=solved.reason,
        success=solved.success, message=solved.message, notes=solved.notes,
        derivation=derivation_text(cmap, solved),
    )


def _not_built(policy: Policy, flows: int, message: str) -> ClosedForm:
    """Return the result when the cycle map could not be built (sympy could not integrate)."""
    empty = dict.fromkeys(
        ("fixed_point", "cycle_length", "min_window", "efficiency", "packets_per_cycle",
         "response_constant", "response_exponent", "response_scale", "contraction",
         "map_eigenvalues", "reason")
    )
    return ClosedForm(policy=policy, flows=flows, cycle_map={}, congestion=None, **empty,
                      success=False, message=message, notes=(),
                      derivation=f"**Not solved:** {message}\n")
