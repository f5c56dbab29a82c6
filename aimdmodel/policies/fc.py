"""AIMD-FC, AIMD-FC+ and their variants (Lahanas & Tsaoussidis 2003).

Source: M. Lahanas and V. Tsaoussidis, "Exploiting the efficiency and
fairness potential of AIMD-based congestion avoidance and control",
Computer Networks 43 (2003) 227-245: AIMD-FC (Sec. 3.2), AIMD-FC+ and
AIMD-FC+System (Sec. 4.2), the shifted AIMD-FC of Corollary 4.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from .._validate import check_param
from .base import AffineMap, Policy
from .linear import HALF, _nonnegative, _open_unit, _positive

__all__ = [
    "AIMDFC",
    "AIMDFCPlus",
    "AIMDFCPlusPrinted",
    "FCPlusState",
    "FCState",
    "PrintedFCPlusState",
    "ShiftedAIMDFC",
]


class FCState(NamedTuple):
    """State of AIMD-FC: decrease window ``w`` and additive increase ``k``."""

    w: Any
    k: Any


@dataclass(frozen=True, repr=False)
class AIMDFC(Policy):
    """AIMD with fast convergence (Lahanas & Tsaoussidis 2003, Sec. 3.2, pseudocode AIMD-FC).

    The congestion window is ``w + k``: ``w`` is the *decrease window* (the
    window right after the last decrease) and ``k`` the resources added by
    additive increase since then (the same for every flow, "common
    knowledge"). Increase: ``k <- k + a``. Decrease, line 6 of the
    pseudocode: ``w <- b w + k`` and ``k <- 0``: only the decrease window
    is multiplied by ``b``; the additive part is kept whole.

    The paper states (Eq. 13) that AIMD-FC "can only be applied if
    w >= 2 a"; the rule is applied as printed for every ``w``.

    Parameters
    ----------
    a : number
        Additive increase per RTT, ``a > 0`` (default 1).
    b : number
        Decrease factor of the decrease window, ``0 < b < 1`` (default 1/2).

    Examples
    --------
    >>> from fractions import Fraction
    >>> p = AIMDFC()
    >>> s = p.advance(p.init(Fraction(1)), 35)
    >>> p.window(s), p.window(p.decrease(s))
    (Fraction(36, 1), Fraction(71, 2))
    """

    a: Any = 1
    b: Any = HALF

    name: ClassVar[str] = "aimd-fc"
    display_name: ClassVar[str] = "AIMD-FC"

    def _validate(self) -> None:
        _positive("a", self.a)
        _open_unit("b", self.b)

    @property
    def affine_advance(self) -> bool:
        """True: the increase adds ``a`` to ``k``."""
        return True

    @property
    def affine_map(self) -> AffineMap:
        """``(w, k)``: increase ``k + a``; decrease ``w <- b w + k``, ``k <- 0``; window w + k."""
        return AffineMap(increment=(0, self.a), matrix=((self.b, 1), (0, 0)), offset=(0, 0),
                         window=(1, 1))

    def init(self, x: Any) -> FCState:
        return FCState(x, x * 0)

    def window(self, s: FCState) -> Any:
        return s.w + s.k

    def increase(self, s: FCState) -> FCState:
        return FCState(s.w, s.k + self.a)

    def decrease(self, s: FCState) -> FCState:
        return FCState(self.b * s.w + s.k, s.k * 0)

    def advance(self, s: FCState, n: Any) -> FCState:
        return FCState(s.w, s.k + n * self.a)


class FCPlusState(NamedTuple):
    """State of AIMD-FC+.

    Decrease window ``dw``, base window ``w``, additive increase ``k`` of
    this cycle and ``q`` of the previous one.
    """

    dw: Any
    w: Any
    k: Any
    q: Any


@dataclass(frozen=True, repr=False)
class AIMDFCPlus(Policy):
    """AIMD-FC+ (Lahanas & Tsaoussidis 2003, Sec. 4.2, pseudocode AIMD-FC+ and AIMD-FC+System).

    The congestion window is ``w + k``. Increase: ``k <- k + a``. Decrease
    (lines 6-8 of AIMD-FC+)::

        dw <- b dw + (w + k - dw)
        w  <- dw + f(q)          with f(q) = f * q
        q  <- k,  k <- 0

    where ``q`` is the additive increase of the previous cycle (the ``k``
    that AIMD-FC+ returned last time). Initially ``w = dw = x`` and
    ``k = q = 0`` (AIMD-FC+System lines 2-5).

    The printed AIMD-FC+System declares ``dw`` and ``k`` as *single* local
    variables shared by all flows (line 1) and threads them through the
    per-flow calls of line 9, so flow i would start from flow i-1's
    decrease window. That reading contradicts the paper's own correctness
    argument (Sec. 4.2.1, a ``dw`` per flow); this class keeps ``dw``, ``k``
    and ``q`` per flow.

    Parameters
    ----------
    a : number
        Additive increase per RTT, ``a > 0`` (default 1).
    b : number
        Decrease factor of ``dw``, ``0 < b < 1`` (default 1/2).
    f : number
        ``f(q) = f * q``; the paper requires ``0 <= f(q) <= q/2`` and uses
        ``f = 1/2`` (default). Values above 1/2 are accepted for exploration.

    Examples
    --------
    >>> from fractions import Fraction
    >>> p = AIMDFCPlus()
    >>> s = p.decrease(p.advance(p.init(Fraction(10)), 4))
    >>> [str(v) for v in (s.dw, s.w, s.k, s.q)]
    ['9', '9', '0', '4']
    """

    a: Any = 1
    b: Any = HALF
    f: Any = HALF

    name: ClassVar[str] = "aimd-fc-plus"
    display_name: ClassVar[str] = "AIMD-FC+"

    def _validate(self) -> None:
        _positive("a", self.a)
        _open_unit("b", self.b)
        _nonnegative("f", self.f)

    @property
    def affine_advance(self) -> bool:
        """True: the increase adds ``a`` to ``k``."""
        return True

    @property
    def affine_map(self) -> AffineMap:
        """``(dw, w, k, q)``: increase ``k + a``; decrease as in the class docstring.

        ``dw <- (b - 1) dw + w + k``, ``w <- (b - 1) dw + w + k + f q``,
        ``k <- 0``, ``q <- k``; window ``w + k``. The decrease computes
        ``b dw + (w + k - dw)``: the same number in exact arithmetic, the
        last bit may differ in float (see :mod:`aimdmodel.engines.ccycle`).
        """
        c = self.b - 1 if not isinstance(self.b, tuple) else tuple(v - 1 for v in self.b)
        return AffineMap(
            increment=(0, 0, self.a, 0),
            matrix=((c, 1, 1, 0), (c, 1, 1, self.f), (0, 0, 0, 0), (0, 0, 1, 0)),
            offset=(0, 0, 0, 0),
            window=(0, 1, 1, 0),
        )

    def init(self, x: Any) -> FCPlusState:
        zero = x * 0
        return FCPlusState(x, x, zero, zero)

    def window(self, s: FCPlusState) -> Any:
        return s.w + s.k

    def increase(self, s: FCPlusState) -> FCPlusState:
        return FCPlusState(s.dw, s.w, s.k + self.a, s.q)

    def decrease(self, s: FCPlusState) -> FCPlusState:
        dw = self.b * s.dw + (s.w + s.k - s.dw)
        w = dw + self.f * s.q
        return FCPlusState(dw, w, s.k * 0, s.k)

    def advance(self, s: FCPlusState, n: Any) -> FCPlusState:
        return FCPlusState(s.dw, s.w, s.k + n * self.a, s.q)




@dataclass(frozen=True, repr=False)
class ShiftedAIMDFC(AIMDFC):
    """AIMD-FC that adds ``q`` to every window after each decrease.

    Lahanas & Tsaoussidis 2003, Corollary 4: "after every multiplicative decrease phase all
    the windows of the flows ... can be adjusted upward by q resource units
    each". Decrease: ``w <- b w + k + q``, ``k <- 0``; increase as AIMD-FC.
    With ``q = 0`` this is :class:`AIMDFC`.

    Parameters
    ----------
    a, b : number
        As :class:`AIMDFC`.
    q : number
        The amount added after each decrease (``q >= 0``).

    Examples
    --------
    >>> from fractions import Fraction
    >>> p = ShiftedAIMDFC(q=2)
    >>> p.window(p.decrease(p.advance(p.init(Fraction(10)), 4)))
    Fraction(11, 1)
    """

    q: Any = 0

    name: ClassVar[str] = "aimd-fc-shifted"
    display_name: ClassVar[str] = "AIMD-FC (shifted)"

    def _validate(self) -> None:
        super()._validate()
        check_param("q", self.q, lambda v: v >= 0, "q >= 0")

    @property
    def affine_map(self) -> AffineMap:
        """As :class:`AIMDFC`, with ``q`` added to ``w`` at a decrease."""
        return AffineMap(increment=(0, self.a), matrix=((self.b, 1), (0, 0)),
                         offset=(self.q, 0), window=(1, 1))

    def decrease(self, s: FCState) -> FCState:
        """One RTT with feedback 0: ``w <- b w + k + q``, ``k <- 0``."""
        return FCState(self.b * s.w + s.k + self.q, s.k * 0)


class PrintedFCPlusState(NamedTuple):
    """State of the printed AIMD-FC+System.

    Per flow: base window ``w`` and additive increase ``k``; shared by all
    flows of a system (shape ``(..., 1)``): the decrease window ``dw`` and
    the ``k`` the last per-flow call returned, ``last_k``.
    """

    dw: Any
    w: Any
    k: Any
    last_k: Any


@dataclass(frozen=True, repr=False)
class AIMDFCPlusPrinted(AIMDFCPlus):
    """AIMD-FC+System exactly as printed: ``dw`` and ``k`` shared by all flows.

    The printed AIMD-FC+System (Lahanas & Tsaoussidis 2003, Sec. 4.2) declares ``dw`` and ``k``
    as single local variables (line 1), sets ``dw <- x_i`` for every flow in
    turn (lines 2-6, so ``x_m`` remains) and threads ``(w_i, dw, k)`` through
    the per-flow calls of line 9. At a congestion event the flows are
    therefore decreased one after the other with the *shared* ``dw``, each
    call receiving as ``q`` the ``k`` the previous call returned::

        for i = 1..m:   q <- last_k
                        dw <- b dw + (w_i + k_i - dw)
                        w_i <- dw + f q
                        last_k <- k_i ;  k_i <- 0

    :class:`AIMDFCPlus` is the charitable reading (a ``dw`` and a ``q`` per
    flow, as the paper's correctness argument Sec. 4.2.1 assumes). This
    printed reading couples the flows through ``dw``; it is stepped, and it
    is not meant for :func:`aimdmodel.symbolic.derive` (one flow reads the
    same as :class:`AIMDFCPlus`).

    Parameters
    ----------
    a, b, f : number
        As :class:`AIMDFCPlus`.

    Examples
    --------
    >>> from fractions import Fraction
    >>> import numpy as np
    >>> p = AIMDFCPlusPrinted()
    >>> x = np.array([Fraction(1), Fraction(30)], dtype=object)
    >>> s = p.decrease(p.advance(p.init(x), 35))
    >>> [str(v) for v in p.window(s)]
    ['21', '72']
    """

    name: ClassVar[str] = "aimd-fc-plus-printed"
    display_name: ClassVar[str] = "AIMD-FC+System (printed)"

    @property
    def affine_advance(self) -> bool:
        """True: the increase adds ``a`` to every ``k``."""
        return True

    @property
    def affine_map(self) -> None:
        """None: the decrease couples the flows through the shared ``dw``."""
        return None

    def init(self, x: Any) -> PrintedFCPlusState:
        zero = x * 0
        return PrintedFCPlusState(x[..., -1:], x, zero, zero[..., -1:])

    def window(self, s: PrintedFCPlusState) -> Any:
        return s.w + s.k

    def increase(self, s: PrintedFCPlusState) -> PrintedFCPlusState:
        return PrintedFCPlusState(s.dw, s.w, s.k + self.a, s.last_k)

    def advance(self, s: PrintedFCPlusState, n: Any) -> PrintedFCPlusState:
        return PrintedFCPlusState(s.dw, s.w, s.k + n * self.a, s.last_k)

    def decrease(self, s: PrintedFCPlusState) -> PrintedFCPlusState:
        dw, last_k = s.dw, s.last_k
        w = s.w.copy()
        for i in range(w.shape[-1]):
            q = last_k
            dw = self.b * dw + (s.w[..., i : i + 1] + s.k[..., i : i + 1] - dw)
            w[..., i : i + 1] = dw + self.f * q
            last_k = s.k[..., i : i + 1]
        return PrintedFCPlusState(dw, w, s.k * 0, last_k)
