"""Chiu and Jain's linear controls: AIMD, AIAD, MIMD, MIAD and the general one.

Increase (feedback 1) ``w <- a_i + b_i w``; decrease (feedback 0)
``w <- max(a_d + b_d w, floor)``. Source: D.-M. Chiu and R. Jain, "Analysis
of the increase and decrease algorithms for congestion avoidance in computer
networks", Computer Networks and ISDN Systems 17 (1989) 1-14; AIMD as Lahanas &
Tsaoussidis 2003 (Sec. 2.1) write it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple

import numpy as np

from .._arith import at_least, is_symbolic
from .._validate import check_param
from .base import Policy

__all__ = ["AIAD", "AIMD", "MIAD", "MIMD", "LinearControl", "WindowState"]

HALF = Fraction(1, 2)


def _positive(name: str, v: Any) -> None:
    check_param(name, v, lambda x: x > 0, f"{name} > 0")


def _nonnegative(name: str, v: Any) -> None:
    check_param(name, v, lambda x: x >= 0, f"{name} >= 0")


def _open_unit(name: str, v: Any) -> None:
    check_param(name, v, lambda x: 0 < x < 1, f"0 < {name} < 1")


def _above_one(name: str, v: Any) -> None:
    check_param(name, v, lambda x: x > 1, f"{name} > 1")


class WindowState(NamedTuple):
    """State of a linear control: the congestion window ``w`` of each flow."""

    w: Any


class _Linear(Policy):
    """Shared code of the linear controls.

    Increase ``a_i + b_i w``, decrease ``max(a_d + b_d w, floor)``.
    """

    @property
    def coefficients(self) -> tuple[Any, Any, Any, Any]:  # pragma: no cover
        """``(a_i, b_i, a_d, b_d)`` of Chiu and Jain's linear control."""
        raise NotImplementedError

    @property
    def linear_coefficients(self) -> tuple[Any, Any, Any, Any]:
        """``(a_i, b_i, a_d, b_d)``: a linear control declares itself one."""
        return self.coefficients

    @property
    def affine_advance(self) -> bool:
        """True when the increase is additive (``b_i == 1`` for every flow): AIMD, AIAD."""
        return _everywhere(self.coefficients[1], 1)

    def init(self, x: Any) -> WindowState:
        return WindowState(x)

    def window(self, s: WindowState) -> Any:
        return s.w

    def increase(self, s: WindowState) -> WindowState:
        a_i, b_i, _, _ = self.coefficients
        if _everywhere(b_i, 1):
            return WindowState(s.w + a_i)
        return WindowState(a_i + b_i * s.w)

    def decrease(self, s: WindowState) -> WindowState:
        _, _, a_d, b_d = self.coefficients
        w = s.w * b_d if _everywhere(a_d, 0) else a_d + b_d * s.w
        return WindowState(at_least(w, self.window_floor))

    def advance(self, s: WindowState, n: Any) -> WindowState:
        a_i, b_i, _, _ = self.coefficients
        if _everywhere(b_i, 1):
            return WindowState(s.w + n * a_i)
        if isinstance(b_i, np.ndarray):
            return WindowState(_geometric_advance(s.w, a_i, b_i, n))
        if isinstance(b_i, Fraction) and is_symbolic(n):
            # Fraction ** Symbol would fall back to a float base; keep it exact
            import sympy

            b_i = sympy.Rational(b_i.numerator, b_i.denominator)
        g = b_i**n
        if _everywhere(a_i, 0):
            return WindowState(g * s.w)
        num, den = g - 1, b_i - 1
        ratio = Fraction(num, den) if isinstance(num, int) and isinstance(den, int) else num / den
        return WindowState(g * s.w + a_i * ratio)


def _neg(v: Any) -> Any:
    """Negate a number, an array, or a per-flow tuple (element by element)."""
    return tuple(-x for x in v) if isinstance(v, tuple) else -v


def _everywhere(v: Any, c: Any) -> bool:
    """Tell whether ``v`` equals ``c`` (every element of an array; False if symbolic)."""
    if isinstance(v, np.ndarray):
        return bool(np.all(v == c))
    if is_symbolic(v):
        return False
    return bool(v == c)


def _geometric_advance(w: Any, a_i: Any, b_i: np.ndarray, n: Any) -> Any:
    """``n`` increases ``w <- a_i + b_i w`` with per-flow ``b_i`` (some may be 1)."""
    one = b_i == 1
    g = b_i**n
    den = np.where(one, b_i, b_i - 1)  # any nonzero value where b_i == 1 (not used there)
    ratio = np.where(one, n * (b_i * 0 + 1), (g - 1) / den)
    return g * w + a_i * ratio


@dataclass(frozen=True, repr=False)
class LinearControl(_Linear):
    """Chiu and Jain's general linear control.

    Increase (feedback 1): ``w <- a_i + b_i * w``; decrease (feedback 0):
    ``w <- max(a_d + b_d * w, floor)``. Chiu & Jain (1989) study every real
    choice of the four coefficients, including those that fail to converge
    (an increase that shrinks, a decrease that grows, ``b_i < 1``,
    ``a_d > 0``, ...); so does this class: any finite real coefficients are
    accepted (every step then maps finite windows to finite windows). Whether
    a control meets Chiu & Jain's conditions for convergence to efficiency
    and fairness is a question for :func:`aimdmodel.analysis.chiu_jain_conditions`,
    not an input check.

    Parameters
    ----------
    a_i, b_i : number
        Additive and multiplicative coefficients of the increase (finite reals).
    a_d, b_d : number
        Additive and multiplicative coefficients of the decrease (finite reals).
    floor : number
        No decrease takes a window below ``floor`` (default 0, ``floor >= 0``):
        a window that would fall below it is set to ``floor``. The increase is
        not clamped (an increase with ``a_i < 0`` may take a window below 0,
        as Chiu & Jain's equations do).

    Examples
    --------
    >>> from fractions import Fraction
    >>> p = LinearControl(a_i=1, b_i=1, a_d=0, b_d=Fraction(1, 2))
    >>> p.window(p.decrease(p.increase(p.init(Fraction(9)))))
    Fraction(5, 1)
    >>> q = LinearControl(a_i=1, b_i=Fraction(1, 2), a_d=1, b_d=2)   # diverges; accepted
    >>> q.window(q.decrease(q.init(Fraction(3))))
    Fraction(7, 1)
    """

    a_i: Any = 1
    b_i: Any = 1
    a_d: Any = 0
    b_d: Any = HALF
    floor: Any = 0

    name: ClassVar[str] = "linear"

    def _validate(self) -> None:
        for name in ("a_i", "b_i", "a_d", "b_d"):
            check_param(name, getattr(self, name), lambda x: True, f"{name} a finite real number")
        _nonnegative("floor", self.floor)

    @property
    def coefficients(self) -> tuple[Any, Any, Any, Any]:
        """``(a_i, b_i, a_d, b_d)``.

        Examples
        --------
        >>> LinearControl().coefficients
        (1, 1, 0, Fraction(1, 2))
        """
        return (self.a_i, self.b_i, self.a_d, self.b_d)


@dataclass(frozen=True, repr=False)
class AIMD(_Linear):
    """Additive increase, multiplicative decrease: ``w <- w + a`` / ``w <- b w``.

    The standard TCP congestion avoidance, ``AIMD(a=1, b=1/2)``
    (Lahanas & Tsaoussidis 2003, Sec. 2.1, ``w <- b_D (w + k)``).

    Parameters
    ----------
    a : number
        Additive increase per RTT, ``a > 0`` (default 1 packet).
    b : number
        Multiplicative decrease factor, ``0 < b < 1`` (default 1/2).
    floor : number
        No decrease takes a window below ``floor`` (default 0, never reached
        by ``b * w`` for ``w >= 0``): a window that would fall below it is
        set to ``floor``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> p = AIMD()
    >>> s = p.advance(p.init(Fraction(1)), 35)
    >>> p.window(s), p.window(p.decrease(s))
    (Fraction(36, 1), Fraction(18, 1))
    """

    a: Any = 1
    b: Any = HALF
    floor: Any = 0

    name: ClassVar[str] = "aimd"

    def _validate(self) -> None:
        _positive("a", self.a)
        _open_unit("b", self.b)
        _nonnegative("floor", self.floor)

    @property
    def coefficients(self) -> tuple[Any, Any, Any, Any]:
        """``(a, 1, 0, b)`` as a linear control.

        Examples
        --------
        >>> AIMD().coefficients
        (1, 1, 0, Fraction(1, 2))
        """
        return (self.a, 1, 0, self.b)


@dataclass(frozen=True, repr=False)
class AIAD(_Linear):
    """Additive increase, additive decrease: ``w <- w + a`` / ``w <- max(w - d, floor)``.

    Parameters
    ----------
    a : number
        Additive increase per RTT, ``a > 0`` (default 1).
    d : number
        Additive decrease, ``d > 0`` (default 1).
    floor : number
        A window that a decrease would take below ``floor`` (default 0) is
        set to ``floor``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> p = AIAD()
    >>> p.window(p.decrease(p.init(Fraction(1, 2))))
    0
    """

    a: Any = 1
    d: Any = 1
    floor: Any = 0

    name: ClassVar[str] = "aiad"

    def _validate(self) -> None:
        _positive("a", self.a)
        _positive("d", self.d)
        _nonnegative("floor", self.floor)

    @property
    def coefficients(self) -> tuple[Any, Any, Any, Any]:
        """``(a, 1, -d, 1)`` as a linear control.

        Examples
        --------
        >>> AIAD().coefficients
        (1, 1, -1, 1)
        """
        return (self.a, 1, _neg(self.d), 1)


@dataclass(frozen=True, repr=False)
class MIMD(_Linear):
    """Multiplicative increase, multiplicative decrease: ``w <- c w`` / ``w <- b w``.

    Parameters
    ----------
    c : number
        Multiplicative increase, ``c > 1`` (default 2, a doubling per RTT).
    b : number
        Multiplicative decrease, ``0 < b < 1`` (default 1/2).
    floor : number
        A window that a decrease would take below ``floor`` (default 0) is
        set to ``floor``. A window of 0 stays 0 under MIMD.

    Examples
    --------
    >>> from fractions import Fraction
    >>> p = MIMD()
    >>> p.window(p.advance(p.init(Fraction(3)), 4))
    Fraction(48, 1)
    """

    c: Any = 2
    b: Any = HALF
    floor: Any = 0

    name: ClassVar[str] = "mimd"

    def _validate(self) -> None:
        _above_one("c", self.c)
        _open_unit("b", self.b)
        _nonnegative("floor", self.floor)

    @property
    def coefficients(self) -> tuple[Any, Any, Any, Any]:
        """``(0, c, 0, b)`` as a linear control.

        Examples
        --------
        >>> MIMD().coefficients
        (0, 2, 0, Fraction(1, 2))
        """
        return (0, self.c, 0, self.b)


@dataclass(frozen=True, repr=False)
class MIAD(_Linear):
    """Multiplicative increase, additive decrease: ``w <- c w`` / ``w <- max(w - d, floor)``.

    Parameters
    ----------
    c : number
        Multiplicative increase, ``c > 1`` (default 2).
    d : number
        Additive decrease, ``d > 0`` (default 1).
    floor : number
        A window that a decrease would take below ``floor`` (default 0) is
        set to ``floor``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> p = MIAD()
    >>> p.window(p.decrease(p.increase(p.init(Fraction(5)))))
    Fraction(9, 1)
    """

    c: Any = 2
    d: Any = 1
    floor: Any = 0

    name: ClassVar[str] = "miad"

    def _validate(self) -> None:
        _above_one("c", self.c)
        _positive("d", self.d)
        _nonnegative("floor", self.floor)

    @property
    def coefficients(self) -> tuple[Any, Any, Any, Any]:
        """``(0, c, -d, 1)`` as a linear control.

        Examples
        --------
        >>> MIAD().coefficients
        (0, 2, -1, 1)
        """
        return (0, self.c, _neg(self.d), 1)


