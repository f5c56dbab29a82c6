"""Running a policy's own methods on sympy expressions.

:func:`derive` asks the policy, never a table: it calls ``init``,
``advance``, ``decrease`` and ``window`` on sympy symbols. A
:class:`SymbolicRun` is how it calls them:

* a policy whose state is per flow (every policy whose ``init`` returns one
  value per flow in every field) runs on one flow's state as sympy scalars;
* a policy whose state has fields *shared* by the flows (the printed
  AIMD-FC+System keeps one ``dw`` for the whole system and indexes the flow
  axis) runs as the engines run it, on object arrays with the flows on the
  last axis; the state is read back from flow 0, and ``m`` equal flows must
  stay equal under the decrease (else the cycle map of ``m`` equal flows does
  not describe the system, and :func:`derive` says so);
* a rule that declares ``uses_signal`` (the Westwood rule) receives, at the
  decrease, the bottleneck's signal at the fluid congestion event: capacity
  ``W`` and windows' sum ``W`` (the congestion condition of the cycle map);
* a rule that declares a fluid limit (``fluid_advance`` or ``drift``, e.g. the
  binomial controls) increases by it (:mod:`.drift`): the cycle map is then
  the fluid one, ``n_j`` the real time (RTTs) between congestion events.

Every error the policy's code raises on symbols becomes a ValueError naming
``policy`` and what failed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy

from ..feedback import Signal
from ..policies import Policy
from .drift import Advance, fluid_advance_of
from .symbols import W, as_expr

__all__ = ["FLUID_SIGNAL", "SymbolicRun", "symbolic_run"]

FLUID_SIGNAL = Signal(capacity=W, total=W, step=0)
"""The signal at a fluid congestion event: the windows' sum has reached ``W`` exactly."""

_CODE_ERRORS = (
    TypeError, ValueError, IndexError, AttributeError, ArithmeticError, NotImplementedError,
)


def _call(policy: Policy, method: str, *args: Any) -> Any:
    """Call ``policy.<method>(*args)``; an error becomes a ValueError naming ``policy``."""
    fn: Callable[..., Any] = getattr(policy, method)
    try:
        return fn(*args)
    except _CODE_ERRORS as exc:
        raise ValueError(
            f"policy: {type(policy).__name__}.{method} does not run on sympy symbols "
            f"({type(exc).__name__}: {exc}), so derive cannot build its cycle map from its code"
        ) from exc


def _objects(values: list) -> np.ndarray:
    out = np.empty(len(values), dtype=object)
    out[:] = values
    return out


def _shared_fields(policy: Policy) -> tuple[str, ...] | None:
    """Fields of the state that hold one value for all flows (None: all per flow).

    Found by running ``init`` on two flows: a field whose shape is not the
    flows' is shared. A policy whose ``init`` does not run on arrays is
    taken as per flow (its scalar run then speaks for itself).
    """
    x = _objects(list(sympy.symbols("x1 x2", nonnegative=True)))
    try:
        state = policy.init(x)
    except _CODE_ERRORS:
        return None
    fields = getattr(state, "_fields", ())
    shared = tuple(f for f, v in zip(fields, state, strict=True) if np.shape(v) != (2,))
    return shared or None


@dataclass(frozen=True)
class SymbolicRun:
    """A policy's methods applied to one flow's state of sympy expressions.

    Attributes
    ----------
    policy : Policy
        The policy (parameters as sympy numbers or symbols).
    flows : int
        Number ``m`` of equal flows the state stands for.
    shared : tuple of str or None
        Fields shared by all flows; None when the state is per flow (the
        methods then run on scalars).
    fluid : callable or None
        The declared fluid increase ``(state, tau) -> state`` (from
        :func:`.drift.fluid_advance_of`), used in place of ``advance``; None
        when the policy declares none.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> run = symbolic_run(AIMD(), 1)
    >>> run.window(run.decrease(run.advance(run.init(W), 2)))
    W/2 + 1
    """

    policy: Policy
    flows: int
    shared: tuple[str, ...] | None
    fluid: Advance | None = None

    @property
    def increase_note(self) -> str | None:
        """Say that the increase is the declared fluid limit (None when it is ``advance``).

        Examples
        --------
        >>> from aimdmodel.policies import IIAD
        >>> symbolic_run(IIAD(), 1).increase_note.split(":")[0]
        'fluid limit'
        """
        if self.fluid is None:
            return None
        return (
            "fluid limit: the increase is the policy's declared fluid advance (dw/dt between "
            "losses), so n_j is the real time in RTTs between congestion events; the discrete "
            "rule differs by O(1) per cycle"
        )

    def _advance(self, s: Any, n: Any) -> Any:
        if self.fluid is None:
            return _call(self.policy, "advance", s, n)
        try:
            return self.fluid(s, n)
        except (TypeError, ValueError, ArithmeticError, AttributeError) as exc:
            raise ValueError(
                f"policy: the fluid advance of {type(self.policy).__name__} does not run on "
                f"sympy symbols ({type(exc).__name__}: {exc})"
            ) from exc

    @property
    def signal_note(self) -> str | None:
        """Say what signal the decrease received (None for a rule without one).

        Examples
        --------
        >>> from aimdmodel.policies import WestwoodRule
        >>> symbolic_run(WestwoodRule(), 1).signal_note.split(":")[0]
        'the decrease received the bottleneck signal of a fluid congestion event'
        """
        if not self.policy.uses_signal:
            return None
        return (
            "the decrease received the bottleneck signal of a fluid congestion event: "
            "capacity W and windows' sum W (the discrete iteration overshoots W by less than "
            "one increase per flow, a difference of O(1/W))"
        )

    # -- one flow's state ----------------------------------------------------
    def init(self, x: Any) -> tuple:
        """Return ``init(x)`` as one flow's state."""
        if self.shared is None:
            return _call(self.policy, "init", x)
        return self._unwrap(_call(self.policy, "init", _objects([x] * self.flows)), "init")

    def advance(self, s: tuple, n: Any) -> tuple:
        """Return ``advance(s, n)`` as one flow's state."""
        if self.shared is None:
            return self._advance(s, n)
        return self._unwrap(self._advance(self._wrap(s), n), "advance")

    def decrease(self, s: tuple) -> tuple:
        """Return ``decrease(s)`` (with the fluid signal if the rule uses one)."""
        extra = (FLUID_SIGNAL,) if self.policy.uses_signal else ()
        if self.shared is None:
            return _call(self.policy, "decrease", s, *extra)
        return self._unwrap(_call(self.policy, "decrease", self._wrap(s), *extra), "decrease")

    def window(self, s: tuple) -> Any:
        """Return one flow's window in state ``s``."""
        if self.shared is None:
            return as_expr(_call(self.policy, "window", s))
        w = _call(self.policy, "window", self._wrap(s))
        return as_expr(np.asarray(w, dtype=object).ravel()[0])

    # -- two flows that see the same feedback ------------------------------
    def pair(self, x1: Any, x2: Any) -> Any:
        """Return the state of two flows started from windows ``x1`` and ``x2``."""
        if self.shared is None:
            return (_call(self.policy, "init", x1), _call(self.policy, "init", x2))
        return _call(self.policy, "init", _objects([x1, x2]))

    def pair_cycle(self, pair: Any, n: Any) -> Any:
        """Return the two flows' state after ``n`` increases and one decrease."""
        if self.shared is None:
            return tuple(self.decrease(self.advance(s, n)) for s in pair)
        extra = (FLUID_SIGNAL,) if self.policy.uses_signal else ()
        return _call(self.policy, "decrease", self._advance(pair, n), *extra)

    def pair_difference(self, pair: Any) -> Any:
        """Return the first flow's window minus the second's."""
        if self.shared is None:
            return as_expr(self.window(pair[0]) - self.window(pair[1]))
        w = np.asarray(_call(self.policy, "window", pair), dtype=object).ravel()
        return as_expr(w[0] - w[1])

    # -- arrays for a state with shared fields -----------------------------
    def _wrap(self, s: tuple) -> tuple:
        assert self.shared is not None
        return type(s)(*(
            _objects([v] if f in self.shared else [v] * self.flows)
            for f, v in zip(s._fields, s, strict=True)
        ))

    def _unwrap(self, s: tuple, method: str) -> tuple:
        out = []
        for f, v in zip(s._fields, s, strict=True):
            values = list(np.asarray(v, dtype=object).ravel())
            if any(u != values[0] and sympy.simplify(u - values[0]) != 0 for u in values[1:]):
                raise ValueError(
                    f"flows: {type(self.policy).__name__}.{method} treats {self.flows} equal "
                    f"flows differently ({f} becomes {', '.join(map(str, values))}): its state "
                    f"shares {', '.join(self.shared or ())} among the flows, so the cycle map "
                    "of m equal flows does not describe it; derive it with flows=1"
                )
            out.append(values[0])
        return type(s)(*out)


def symbolic_run(policy: Policy, flows: int) -> SymbolicRun:
    """Return how ``policy``'s code runs on sympy expressions for ``flows`` equal flows.

    Raises
    ------
    Undecided
        The policy declares a drift that sympy cannot integrate.

    Examples
    --------
    >>> from aimdmodel.policies import AIMDFCPlus, AIMDFCPlusPrinted
    >>> symbolic_run(AIMDFCPlus(), 1).shared is None
    True
    >>> symbolic_run(AIMDFCPlusPrinted(), 1).shared
    ('dw', 'last_k')
    """
    return SymbolicRun(policy=policy, flows=flows, shared=_shared_fields(policy),
                       fluid=fluid_advance_of(policy))
