"""One policy per flow: a mixed population of rules behind one bottleneck."""

from __future__ import annotations

import collections
import functools
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from .base import Policy

__all__ = ["FlowMix"]


@functools.cache
def _state_type(names: tuple[str, ...]) -> type:
    return collections.namedtuple("MixState", names)


@dataclass(frozen=True, repr=False)
class FlowMix(Policy):
    """Flows that run different rules: flow ``i`` runs ``policies[i]``.

    ``simulate([AIMD(), AIAD(), AIMDFC()], x0, W, ...)`` builds one. Equal
    policies are grouped, and each group runs its policy's own code on its
    flows; the state is the groups' states side by side (a named tuple of
    arrays with fields ``g<j>_<field>``), the window vector puts every
    flow's window back in its place. The declarations follow from the
    members': linear (per-flow coefficient vectors for the kernels) when
    every member is linear, an affine advance when every member's is, and
    the bottleneck's signal is passed to the members that use it.

    Parameters
    ----------
    policies : sequence of Policy
        One policy per flow; members with per-flow parameters are refused
        (give each flow its own member instead).

    Examples
    --------
    >>> from fractions import Fraction
    >>> import numpy as np
    >>> from aimdmodel import AIAD, AIMD
    >>> mix = FlowMix([AIMD(), AIAD(d=3), AIMD()])
    >>> s = mix.init(np.array([[Fraction(10), Fraction(10), Fraction(4)]], dtype=object))
    >>> [str(w) for w in mix.window(mix.decrease(s))[0]]
    ['5', '7', '2']
    >>> mix.label()
    'Mix(AIMD(a=1, b=1/2), AIAD(a=1, d=3), AIMD(a=1, b=1/2))'
    """

    policies: Any = ()

    name: ClassVar[str] = "mix"
    display_name: ClassVar[str] = "Mix"

    def _validate(self) -> None:
        if not self.policies:
            raise ValueError("policies must hold one Policy per flow (at least one)")
        for i, p in enumerate(self.policies):
            if not isinstance(p, Policy) or isinstance(p, FlowMix):
                raise TypeError(
                    f"policies[{i}] (flow {i}) must be a Policy (not a FlowMix), got {p!r}"
                )
            if p.per_flow:
                raise ValueError(
                    f"policies[{i}] (flow {i}) has per-flow parameters "
                    f"{', '.join(p.per_flow)}: in a FlowMix give each flow its own policy"
                )

    # -- the groups -----------------------------------------------------------
    @functools.cached_property
    def _groups(self) -> list[tuple[Policy, np.ndarray]]:
        order: dict[Policy, list[int]] = {}
        for i, p in enumerate(self.policies):
            order.setdefault(p, []).append(i)
        return [(p, np.asarray(idx, dtype=np.intp)) for p, idx in order.items()]

    @functools.cached_property
    def _state_types(self) -> list[type]:
        return [type(p.init(np.zeros(1))) for p, _ in self._groups]

    def _split(self, s: tuple) -> list[tuple]:
        out, k = [], 0
        for kind in self._state_types:
            n = len(kind._fields)
            out.append(kind(*s[k : k + n]))
            k += n
        return out

    def _join(self, parts: list[tuple]) -> tuple:
        names = tuple(
            f"g{j}_{f}" for j, part in enumerate(parts) for f in part._fields
        )
        return _state_type(names)(*(c for part in parts for c in part))

    # -- the protocol -------------------------------------------------------------
    def init(self, x: Any) -> tuple:
        return self._join([p.init(x[..., idx]) for p, idx in self._groups])

    def window(self, s: tuple) -> Any:
        parts = [p.window(sub) for (p, _), sub in zip(self._groups, self._split(s), strict=True)]
        shape = (*np.broadcast_shapes(*(np.shape(w)[:-1] for w in parts)), len(self.policies))
        out = np.empty(shape, dtype=np.result_type(*parts))
        for (_, idx), w in zip(self._groups, parts, strict=True):
            out[..., idx] = w
        return out

    def _each(self, method: str, s: tuple, *args: Any) -> tuple:
        parts = []
        for (p, _), sub in zip(self._groups, self._split(s), strict=True):
            extra = args if (method != "advance" and p.uses_signal) else ()
            parts.append(getattr(p, method)(sub, *(args if method == "advance" else extra)))
        return self._join(parts)

    def increase(self, s: tuple, signal: Any = None) -> tuple:
        return self._each("increase", s, signal)

    def decrease(self, s: tuple, signal: Any = None) -> tuple:
        return self._each("decrease", s, signal)

    def advance(self, s: tuple, n: Any) -> tuple:
        return self._each("advance", s, n)

    def where(self, active: np.ndarray, new: tuple, old: tuple) -> tuple:
        """Select ``new``/``old`` per flow, each group by its own policy."""
        parts = [
            p.where(active[idx], n, o)
            for (p, idx), n, o in zip(self._groups, self._split(new), self._split(old), strict=True)
        ]
        return self._join(parts)

    # -- declarations and parameters -----------------------------------------------
    @property
    def uses_signal(self) -> bool:  # type: ignore[override]
        """True when some member uses the bottleneck's signal."""
        return any(p.uses_signal for p in self.policies)

    @property
    def linear_coefficients(self) -> tuple | None:
        """Per-flow ``(a_i, b_i, a_d, b_d)`` arrays when every member is linear."""
        coefs = [p.linear_coefficients for p in self.policies]
        if any(c is None for c in coefs):
            return None
        return tuple(tuple(c[k] for c in coefs) for k in range(4))

    @property
    def affine_advance(self) -> bool:
        """True when every member's advance is affine."""
        return all(p.affine_advance for p in self.policies)

    @property
    def has_closed_form(self) -> bool:
        """True when every member has a closed-form advance."""
        return all(p.has_closed_form for p in self.policies)

    @property
    def window_floor(self) -> Any:
        """The members' floors, one per flow."""
        return tuple(p.window_floor for p in self.policies)

    @property
    def per_flow(self) -> dict[str, int]:
        """``{'policies': m}``: a mix has one policy per flow."""
        return {"policies": len(self.policies)}

    def converted(self, convert) -> FlowMix:
        """Return a copy whose members' parameters went through ``convert``."""
        return FlowMix(tuple(p.converted(convert) for p in self.policies))

    def label(self) -> str:
        """Return the members' labels, in flow order."""
        return f"Mix({', '.join(p.label() for p in self.policies)})"

    def __repr__(self) -> str:
        return f"FlowMix([{', '.join(repr(p) for p in self.policies)}])"
