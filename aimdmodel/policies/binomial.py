"""Binomial congestion controls: IIAD, SQRT and the general family.

Source: D. Bansal and H. Balakrishnan, "Binomial congestion control
algorithms", Proc. IEEE INFOCOM 2001, pp. 631-640, Sec. 2 (the rules)::

    I: w_{t+R}      <- w_t + alpha / w_t^k ;   alpha > 0
    D: w_{t+dt}     <- w_t - beta * w_t^l  ;   0 < beta < 1

per RTT ``R`` without loss (I) and at a loss (D). ``k = 0, l = 1`` is AIMD,
``k = 0, l = 0`` AIAD, ``k = -1, l = 1`` MIMD, ``k = -1, l = 0`` MIAD; the
paper's two new instances are IIAD (inverse increase, additive decrease:
``k = 1, l = 0``) and SQRT (``k = l = 1/2``). The paper shows that a
binomial control's throughput is proportional to ``1 / p^(1/(k+l+1))`` and
that it is TCP-compatible (``1/sqrt(p)``) when ``k + l = 1``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from .._arith import at_least, is_number, is_symbolic
from .._validate import check_param
from ._numeric import power
from .base import Policy
from .linear import HALF, WindowState, _positive

__all__ = ["IIAD", "SQRT", "Binomial"]


def _finite(name: str, v: Any) -> None:
    check_param(name, v, lambda x: True, f"{name} a finite real number")


def _scalar_value(v: Any) -> Any:
    """Return a per-flow tuple of equal elements as that element; anything else unchanged."""
    if isinstance(v, (tuple, np.ndarray)) and len(v) > 0 and all(x == v[0] for x in v):
        return v[0]
    return v


def _is(v: Any, c: Any) -> bool:
    """Tell whether the (scalar or per-flow) parameter ``v`` equals ``c`` everywhere."""
    v = _scalar_value(v)
    return is_number(v) and v == c


class _BinomialRule(Policy):
    """The rules shared by :class:`Binomial`, :class:`IIAD` and :class:`SQRT`.

    Subclasses provide ``k``, ``l``, ``alpha``, ``beta`` and ``floor``.
    """

    k: Any
    l: Any  # noqa: E741 - the paper's name
    alpha: Any
    beta: Any
    floor: Any

    def _validate(self) -> None:
        _finite("k", self.k)
        _finite("l", self.l)
        _positive("alpha", self.alpha)
        check_param("beta", self.beta, lambda x: 0 < x <= 1, "0 < beta <= 1")
        check_param("floor", self.floor, lambda x: x >= 0, "floor >= 0")
        k = _scalar_value(self.k)
        if not (is_number(k) and k <= 0):
            check_param("floor", self.floor, lambda x: x > 0,
                        "floor > 0 when k > 0 (alpha / w**k is undefined at w = 0)")

    # -- declarations -------------------------------------------------------
    @property
    def linear_coefficients(self) -> tuple[Any, Any, Any, Any] | None:
        """The coefficients where the rule is linear; None otherwise.

        ``(alpha, 1, 0, 1 - beta)`` for ``k = 0, l = 1`` (AIMD) and
        ``(alpha, 1, -beta, 1)`` for ``k = 0, l = 0`` (AIAD).
        """
        if not _is(self.k, 0) or isinstance(self.beta, tuple):
            return None
        if _is(self.l, 1):
            return (self.alpha, 1, 0, 1 - self.beta)
        if _is(self.l, 0):
            return (self.alpha, 1, -self.beta, 1)
        return None

    @property
    def affine_advance(self) -> bool:
        """True for ``k = 0`` with a whole ``l`` (the increase adds ``alpha`` per RTT).

        A fractional ``l`` is left undeclared: the engines verify a
        declaration in exact arithmetic, where ``beta w**l`` is irrational.
        """
        l = _scalar_value(self.l)  # noqa: E741
        return _is(self.k, 0) and is_number(l) and l == int(l)

    @property
    def has_closed_form(self) -> bool:
        """True for ``k = 0`` only: ``w + alpha/w^k`` iterated has no closed form otherwise."""
        return _is(self.k, 0)

    # -- the rules ------------------------------------------------------------
    def init(self, x: Any) -> WindowState:
        k = _scalar_value(self.k)
        flat = np.asarray(x, dtype=object).ravel()
        if not (is_number(k) and k <= 0) and all(is_number(v) for v in flat):
            if any(v <= 0 for v in flat):
                raise ValueError(
                    f"x0 must be > 0 for a binomial control with k = {k} > 0: its increase "
                    f"alpha / w**k is undefined at w = 0 (got {x!r})"
                )
        return WindowState(x)

    def window(self, s: WindowState) -> Any:
        return s.w

    def increase(self, s: WindowState) -> WindowState:
        """Apply one RTT without loss: ``w <- w + alpha / w**k`` (rule I)."""
        return WindowState(s.w + self.alpha / power(s.w, self.k))

    def decrease(self, s: WindowState) -> WindowState:
        """Apply a loss: ``w <- max(w - beta * w**l, floor)`` (rule D, with the window floor)."""
        return WindowState(at_least(s.w - self.beta * power(s.w, self.l), self.floor))

    def advance(self, s: WindowState, n: Any) -> WindowState:
        """``n`` increases: ``w + n alpha`` in closed form for ``k = 0``, else a loop."""
        if _is(self.k, 0):
            return WindowState(s.w + n * self.alpha)
        return super().advance(s, n)

    # -- the fluid limit -----------------------------------------------------
    def drift(self, s: WindowState) -> WindowState:
        """``dw/dt = alpha / w**k`` (per RTT): the fluid limit of rule I."""
        return WindowState(self.alpha / power(s.w, self.k))

    def fluid_advance(self, s: WindowState, tau: Any) -> WindowState:
        """Window after ``tau`` RTTs of ``dw/dt = alpha / w**k``, in closed form.

        ``w(tau)^(k+1) = w^(k+1) + (k + 1) alpha tau`` for ``k != -1``;
        ``w(tau) = w exp(alpha tau)`` for ``k = -1``.
        """
        k = self.k
        if _is(k, -1):
            if is_symbolic(tau) or is_symbolic(s.w) or is_symbolic(self.alpha):
                import sympy

                return WindowState(s.w * sympy.exp(self.alpha * tau))
            return WindowState(s.w * np.exp(self.alpha * tau))
        grown = power(s.w, k + 1) + (k + 1) * self.alpha * tau
        return WindowState(power(grown, 1 / (k + 1) if _float_like(k) else _inverse(k + 1)))


def _float_like(v: Any) -> bool:
    return isinstance(v, (float, np.floating)) or (
        isinstance(v, np.ndarray) and v.dtype != object
    )


def _inverse(v: Any) -> Any:
    """``1 / v`` kept exact (a Fraction for an int, a sympy Rational for sympy)."""
    from fractions import Fraction

    if isinstance(v, int):
        return Fraction(1, v)
    if isinstance(v, tuple):
        return tuple(_inverse(x) for x in v)
    return 1 / v


@dataclass(frozen=True, repr=False)
class Binomial(_BinomialRule):
    """Bansal & Balakrishnan's binomial control ``(k, l, alpha, beta)``.

    Increase (one RTT without loss): ``w <- w + alpha / w**k``; decrease (a
    loss): ``w <- max(w - beta * w**l, floor)`` (INFOCOM 2001, Sec. 2, rules
    I and D). Throughput ``~ 1 / p^(1/(k+l+1))``; TCP-compatible for
    ``k + l = 1``.

    **Exactness.** The rules run in every arithmetic. With integer ``k`` and
    ``l`` they stay exact in Fractions; a fractional exponent is exact only
    where the root is rational (``16 ** (1/2) = 4``), and raises ValueError
    where it is not (exact arithmetic cannot hold ``sqrt(2)``): run such a
    control with ``arithmetic="float"``. Exact is not cheap either: for
    ``k > 0`` the Fractions' digits about double every RTT
    (``w + 1/w = (w^2 + 1)/w``), so exact runs of IIAD are for a few dozen
    steps; measure long runs in float (or in the fluid limit).

    **Zero windows.** For ``k > 0`` the increase ``alpha / w**k`` is
    undefined at ``w = 0``: the initial windows must be ``> 0`` (``init``
    says so) and the window floor must be ``> 0``, so that no decrease
    reaches 0 (default ``floor = 1`` packet, TCP's smallest window).

    **Declarations.** ``k = 0, l = 1`` is AIMD and ``k = 0, l = 0`` AIAD:
    only those declare ``linear_coefficients``; ``k = 0`` with a whole ``l``
    declares an affine ``advance`` (additive increase; a fractional ``l``
    would fail the engines' exact verification). Otherwise the rule runs on
    the step engine. The fluid limit ``dw/dt = alpha / w**k`` is declared
    (:meth:`drift`, :meth:`fluid_advance`), so
    :func:`aimdmodel.symbolic.derive` builds its fluid cycle map.

    Parameters
    ----------
    k, l : number
        Exponents of the increase and the decrease (finite reals).
    alpha : number
        Increase coefficient, ``alpha > 0`` (default 1).
    beta : number
        Decrease coefficient, ``0 < beta <= 1`` (default 1/2; the paper
        asks ``beta < 1``; ``beta = 1`` is Lahanas & Tsaoussidis 2003's SQRT reading).
    floor : number
        No decrease takes a window below ``floor`` (default 1; must be ``> 0``
        when ``k > 0``).

    Examples
    --------
    >>> from fractions import Fraction
    >>> p = Binomial(k=1, l=0, alpha=1, beta=1)
    >>> s = p.init(Fraction(16))
    >>> p.window(p.increase(s)), p.window(p.decrease(s))
    (Fraction(257, 16), Fraction(15, 1))
    >>> Binomial(k=0, l=1, alpha=1, beta=Fraction(1, 2)).linear_coefficients
    (1, 1, 0, Fraction(1, 2))
    """

    k: Any = 1
    l: Any = 0  # noqa: E741 - the paper's name
    alpha: Any = 1
    beta: Any = HALF
    floor: Any = 1

    name: ClassVar[str] = "binomial"


@dataclass(frozen=True, repr=False)
class IIAD(_BinomialRule):
    """Inverse increase, additive decrease: the binomial control ``k = 1, l = 0``.

    ``w <- w + alpha / w`` per RTT without loss, ``w <- max(w - beta, floor)``
    at a loss (Bansal & Balakrishnan 2001, Sec. 2). Exact in Fractions.

    Parameters
    ----------
    alpha, beta, floor : number
        As :class:`Binomial` (defaults 1, 1/2, 1).

    Examples
    --------
    >>> from fractions import Fraction
    >>> p = IIAD()
    >>> p.window(p.increase(p.init(Fraction(16)))) - 16
    Fraction(1, 16)
    """

    alpha: Any = 1
    beta: Any = HALF
    floor: Any = 1

    k: ClassVar[int] = 1
    l: ClassVar[int] = 0  # noqa: E741 - the paper's name
    name: ClassVar[str] = "iiad"


@dataclass(frozen=True, repr=False)
class SQRT(_BinomialRule):
    """The binomial control ``k = l = 1/2``: ``w + alpha/sqrt(w)``, ``w - beta sqrt(w)``.

    Bansal & Balakrishnan 2001, Sec. 2. The square root is exact in
    Fractions only at perfect squares; elsewhere exact arithmetic raises
    ValueError: run SQRT with ``arithmetic="float"``.

    Parameters
    ----------
    alpha, beta, floor : number
        As :class:`Binomial` (defaults 1, 1/2, 1).

    Examples
    --------
    >>> from fractions import Fraction
    >>> p = SQRT()
    >>> p.window(p.increase(p.init(Fraction(16)))) - 16
    Fraction(1, 4)
    """

    alpha: Any = 1
    beta: Any = HALF
    floor: Any = 1

    k: ClassVar[Any] = HALF
    l: ClassVar[Any] = HALF  # noqa: E741 - the paper's name
    name: ClassVar[str] = "sqrt"
