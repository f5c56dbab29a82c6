"""New-AIMD of Jasem, Zukarnain, Othman & Subramaniam (2010), in two readings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from .._validate import check_choice
from .base import AffineMap, Policy
from .linear import HALF, _open_unit, _positive

__all__ = ["NEW_AIMD_READINGS", "NewAIMD", "NewAIMDState"]


class NewAIMDState(NamedTuple):
    """State of New-AIMD.

    The initial-window part ``x`` and the accumulated additive increase
    ``t`` (never reset).
    """

    x: Any
    t: Any


NEW_AIMD_READINGS = ("printed", "charitable")


@dataclass(frozen=True, repr=False)
class NewAIMD(Policy):
    """New-AIMD of Jasem et al. (2010), in two readings.

    The printed pseudocode (``New-AIMD(x1, x2, W)``) keeps, per flow, the
    initial window ``x`` and one accumulated increase ``t``; the window is
    ``x + t``. Each pass of its loop does ``t <- t + 1`` and then, if the
    sum reached ``W``, ``x <- x/2``; ``t`` is never reset.

    ``reading="printed"`` (default) does exactly that: increase
    ``(x, t) -> (x, t + a)``; decrease ``(x, t) -> (b x, t + a)`` (the loop
    increments ``t`` before it tests congestion, so the accumulated increase
    grows at a congestion step too). Once the ``x`` have decayed the sum is
    at or above ``W`` at every step, every step is a congestion event, and
    the windows grow without bound.

    ``reading="charitable"`` follows the paper's own derivation (Eqs. 1-4:
    the j-th cycle adds ``2 k_j`` to the sum and the decrease only halves
    the ``x_i``), i.e. increase and decrease are exclusive in an RTT as in
    every other policy: decrease ``(x, t) -> (b x, t)``. The recurrences
    ``k2 = (W - 2 k1)/4`` and ``km = k2 / 2^(m-2)`` hold for it; once the
    ``x`` have decayed the windows stop moving, the sum stays at or just
    above ``W`` and every step is a congestion event (loss in every RTT),
    which is what its near-100% "efficiency" measures.

    The printed initialisation ``t <- 1`` makes the first tested window
    ``x + 1``; here ``t`` starts at 0 so that window 0 is ``x`` as for every
    policy (a shift of one step, nothing else).

    Parameters
    ----------
    a : number
        Increase of ``t`` per RTT, ``a > 0`` (default 1, as printed).
    b : number
        Factor applied to ``x`` at congestion, ``0 < b < 1`` (default 1/2,
        as printed).
    reading : {"printed", "charitable"}
        Which reading of the pseudocode to run.

    Examples
    --------
    >>> from fractions import Fraction
    >>> p = NewAIMD()
    >>> p.decrease(p.init(Fraction(8)))
    NewAIMDState(x=Fraction(4, 1), t=Fraction(1, 1))
    >>> NewAIMD(reading="charitable").decrease(p.init(Fraction(8)))
    NewAIMDState(x=Fraction(4, 1), t=Fraction(0, 1))
    """

    a: Any = 1
    b: Any = HALF
    reading: str = "printed"

    name: ClassVar[str] = "new-aimd"
    display_name: ClassVar[str] = "New-AIMD"

    def _validate(self) -> None:
        _positive("a", self.a)
        _open_unit("b", self.b)
        check_choice("reading", self.reading, NEW_AIMD_READINGS)

    @property
    def affine_advance(self) -> bool:
        """True: the increase adds ``a`` to ``t``."""
        return True

    @property
    def affine_map(self) -> AffineMap:
        """``(x, t)``: increase ``t + a``; decrease ``x <- b x``, ``t <- t + a`` or ``t``.

        ``t <- t + a`` in the printed reading, ``t`` in the charitable one;
        window ``x + t``.
        """
        grow = self.a if self.reading == "printed" else 0
        return AffineMap(increment=(0, self.a), matrix=((self.b, 0), (0, 1)),
                         offset=(0, grow), window=(1, 1))

    def init(self, x: Any) -> NewAIMDState:
        return NewAIMDState(x, x * 0)

    def window(self, s: NewAIMDState) -> Any:
        return s.x + s.t

    def increase(self, s: NewAIMDState) -> NewAIMDState:
        return NewAIMDState(s.x, s.t + self.a)

    def decrease(self, s: NewAIMDState) -> NewAIMDState:
        if self.reading == "printed":
            return NewAIMDState(self.b * s.x, s.t + self.a)
        return NewAIMDState(self.b * s.x, s.t)

    def advance(self, s: NewAIMDState, n: Any) -> NewAIMDState:
        return NewAIMDState(s.x, s.t + n * self.a)


