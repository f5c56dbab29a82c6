"""Window-update rules of the Chiu-Jain synchronous binary-feedback model.

A policy is a small frozen dataclass holding its parameters, with methods
written in plain arithmetic so that the very same code runs on floats and
numpy arrays, on :class:`fractions.Fraction`, on whole numbers and on sympy
expressions:

=================  ===========================================================
``init(x)``        per-flow state (a NamedTuple) from the initial windows ``x``
``window(s)``      the congestion window of each flow in state ``s``
``increase(s)``    one RTT with feedback 1 (bandwidth available)
``decrease(s)``    one RTT with feedback 0 (the windows' sum reached capacity)
``advance(s, n)``  ``n`` increases in closed form (``n`` may be symbolic)
=================  ===========================================================

In one RTT a flow applies either its increase or its decrease, never both.
The engines (:mod:`aimdmodel.engine`) and the symbolic derivations
(:mod:`aimdmodel.symbolic`) only ever call these methods.

Sources: Chiu & Jain (1989) for the linear controls; Lahanas & Tsaoussidis,
Computer Networks 43 (2003) 227-245 (seed 003) for AIMD, AIMD-FC and
AIMD-FC+; Jasem et al. (2010) (seed 000) for New-AIMD.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple

from ._arith import at_least, is_number, is_symbolic

__all__ = [
    "AIAD",
    "AIMD",
    "AIMDFC",
    "MIAD",
    "MIMD",
    "POLICIES",
    "AIMDFCPlus",
    "LinearControl",
    "NewAIMD",
    "Policy",
    "make_policy",
]

HALF = Fraction(1, 2)


# --------------------------------------------------------------------------
# parameter validation (numbers are checked; sympy symbols are taken as given)
# --------------------------------------------------------------------------
def _check(name: str, value: Any, ok, allowed: str) -> None:
    """Raise unless ``value`` is a number satisfying ``ok`` (or is symbolic)."""
    if is_symbolic(value):
        return
    if not is_number(value):
        raise TypeError(f"{name} must be a real number ({allowed}), got {value!r}")
    if not math.isfinite(float(value)) or not ok(value):
        raise ValueError(f"{name} must satisfy {allowed}, got {_fmt(value)}")


def _positive(name: str, v: Any) -> None:
    _check(name, v, lambda x: x > 0, f"{name} > 0")


def _nonnegative(name: str, v: Any) -> None:
    _check(name, v, lambda x: x >= 0, f"{name} >= 0")


def _open_unit(name: str, v: Any) -> None:
    _check(name, v, lambda x: 0 < x < 1, f"0 < {name} < 1")


def _above_one(name: str, v: Any) -> None:
    _check(name, v, lambda x: x > 1, f"{name} > 1")


def _fmt(v: Any) -> str:
    return str(v) if isinstance(v, Fraction) else repr(v)


class Policy:
    """Base class of all window-update rules (see the module docstring).

    Subclasses are frozen dataclasses. They must define ``init``, ``window``,
    ``increase`` and ``decrease``; ``advance`` defaults to looping
    ``increase`` and should be overridden by a closed form where one exists
    (:attr:`has_closed_form` tells which).

    Examples
    --------
    >>> p = AIMD()
    >>> s = p.init(10)
    >>> p.window(p.decrease(p.increase(s)))
    Fraction(11, 2)
    """

    name: ClassVar[str] = "policy"

    def init(self, x: Any) -> tuple:  # pragma: no cover - abstract
        """Per-flow state from the initial windows ``x``."""
        raise NotImplementedError

    def window(self, s: tuple) -> Any:  # pragma: no cover - abstract
        """Return the congestion window of each flow in state ``s``."""
        raise NotImplementedError

    def increase(self, s: tuple) -> tuple:  # pragma: no cover - abstract
        """One RTT with feedback 1."""
        raise NotImplementedError

    def decrease(self, s: tuple) -> tuple:  # pragma: no cover - abstract
        """One RTT with feedback 0."""
        raise NotImplementedError

    def advance(self, s: tuple, n: Any) -> tuple:
        """Apply ``n`` increases; the default loops :meth:`increase`.

        ``n`` must be a whole number here; subclasses with a closed form
        accept a symbolic ``n`` too.
        """
        if not isinstance(n, int) or n < 0:
            raise TypeError(
                f"{type(self).__name__} has no closed-form advance; n must be an int >= 0"
            )
        for _ in range(n):
            s = self.increase(s)
        return s

    @property
    def has_closed_form(self) -> bool:
        """True when :meth:`advance` is a closed form (not the default loop)."""
        return type(self).advance is not Policy.advance

    @property
    def window_floor(self) -> Any:
        """The smallest window a decrease may leave (0 unless the policy has ``floor``)."""
        return getattr(self, "floor", 0)

    def params(self) -> dict[str, Any]:
        """Return the parameters as a dict (field name to value).

        Examples
        --------
        >>> AIMD(a=2).params()
        {'a': 2, 'b': Fraction(1, 2), 'floor': 0}
        """
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def converted(self, convert) -> Policy:
        """Return a copy whose numeric parameters went through ``convert``.

        The engines use it to put the parameters into their arithmetic
        (``float``, or ``Fraction`` for the exact and integer arithmetics).

        Examples
        --------
        >>> AIMD().converted(float)
        AIMD(a=1.0, b=0.5, floor=0.0)
        """
        changes = {k: convert(v) for k, v in self.params().items() if is_number(v)}
        return dataclasses.replace(self, **changes)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={_fmt(v)}" for k, v in self.params().items())
        return f"{type(self).__name__}({inner})"


# --------------------------------------------------------------------------
# the linear controls of Chiu & Jain
# --------------------------------------------------------------------------
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

    def init(self, x: Any) -> WindowState:
        return WindowState(x)

    def window(self, s: WindowState) -> Any:
        return s.w

    def increase(self, s: WindowState) -> WindowState:
        a_i, b_i, _, _ = self.coefficients
        if b_i == 1:
            return WindowState(s.w + a_i)
        return WindowState(a_i + b_i * s.w)

    def decrease(self, s: WindowState) -> WindowState:
        _, _, a_d, b_d = self.coefficients
        w = s.w * b_d if a_d == 0 else a_d + b_d * s.w
        return WindowState(at_least(w, self.window_floor))

    def advance(self, s: WindowState, n: Any) -> WindowState:
        a_i, b_i, _, _ = self.coefficients
        if b_i == 1:
            return WindowState(s.w + n * a_i)
        if isinstance(b_i, Fraction) and is_symbolic(n):
            # Fraction ** Symbol would fall back to a float base; keep it exact
            import sympy

            b_i = sympy.Rational(b_i.numerator, b_i.denominator)
        g = b_i**n
        if a_i == 0:
            return WindowState(g * s.w)
        num, den = g - 1, b_i - 1
        ratio = Fraction(num, den) if isinstance(num, int) and isinstance(den, int) else num / den
        return WindowState(g * s.w + a_i * ratio)


@dataclass(frozen=True, repr=False)
class LinearControl(_Linear):
    """Chiu and Jain's general linear control.

    Increase (feedback 1): ``w <- a_i + b_i * w``; decrease (feedback 0):
    ``w <- max(a_d + b_d * w, floor)``. The parameters must make the
    increase an increase and the decrease a decrease (Chiu & Jain 1989):
    ``a_i >= 0``, ``b_i >= 1`` and not both trivial; ``a_d <= 0``,
    ``0 <= b_d <= 1`` and not both trivial. Whether the control converges to
    fairness and efficiency is a property to test, not an input check.

    Parameters
    ----------
    a_i, b_i : number
        Additive and multiplicative coefficients of the increase.
    a_d, b_d : number
        Additive and multiplicative coefficients of the decrease.
    floor : number
        No decrease takes a window below ``floor`` (default 0): a window
        that would fall below it is set to ``floor``.

    Examples
    --------
    >>> p = LinearControl(a_i=1, b_i=1, a_d=0, b_d=Fraction(1, 2))
    >>> p.window(p.decrease(p.increase(p.init(Fraction(9)))))
    Fraction(5, 1)
    """

    a_i: Any = 1
    b_i: Any = 1
    a_d: Any = 0
    b_d: Any = HALF
    floor: Any = 0

    name: ClassVar[str] = "linear"

    def __post_init__(self) -> None:
        _nonnegative("a_i", self.a_i)
        _check("b_i", self.b_i, lambda x: x >= 1, "b_i >= 1")
        _check("a_d", self.a_d, lambda x: x <= 0, "a_d <= 0")
        _check("b_d", self.b_d, lambda x: 0 <= x <= 1, "0 <= b_d <= 1")
        _nonnegative("floor", self.floor)
        if all(is_number(v) for v in (self.a_i, self.b_i)) and self.a_i == 0 and self.b_i == 1:
            raise ValueError("the increase must increase: need a_i > 0 or b_i > 1")
        if all(is_number(v) for v in (self.a_d, self.b_d)) and self.a_d == 0 and self.b_d == 1:
            raise ValueError("the decrease must decrease: need a_d < 0 or b_d < 1")

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
    (seed 003 Sec. 2.1, ``w <- b_D (w + k)``).

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
    >>> p = AIMD()
    >>> s = p.advance(p.init(Fraction(1)), 35)
    >>> p.window(s), p.window(p.decrease(s))
    (Fraction(36, 1), Fraction(18, 1))
    """

    a: Any = 1
    b: Any = HALF
    floor: Any = 0

    name: ClassVar[str] = "aimd"

    def __post_init__(self) -> None:
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
    >>> p = AIAD()
    >>> p.window(p.decrease(p.init(Fraction(1, 2))))
    0
    """

    a: Any = 1
    d: Any = 1
    floor: Any = 0

    name: ClassVar[str] = "aiad"

    def __post_init__(self) -> None:
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
        return (self.a, 1, -self.d, 1)


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
    >>> p = MIMD()
    >>> p.window(p.advance(p.init(Fraction(3)), 4))
    Fraction(48, 1)
    """

    c: Any = 2
    b: Any = HALF
    floor: Any = 0

    name: ClassVar[str] = "mimd"

    def __post_init__(self) -> None:
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
    >>> p = MIAD()
    >>> p.window(p.decrease(p.increase(p.init(Fraction(5)))))
    Fraction(9, 1)
    """

    c: Any = 2
    d: Any = 1
    floor: Any = 0

    name: ClassVar[str] = "miad"

    def __post_init__(self) -> None:
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
        return (0, self.c, -self.d, 1)


# --------------------------------------------------------------------------
# AIMD-FC and AIMD-FC+ (Lahanas & Tsaoussidis 2003)
# --------------------------------------------------------------------------
class FCState(NamedTuple):
    """State of AIMD-FC: decrease window ``w`` and additive increase ``k``."""

    w: Any
    k: Any


@dataclass(frozen=True, repr=False)
class AIMDFC(Policy):
    """AIMD with fast convergence (seed 003 Sec. 3.2, pseudocode AIMD-FC).

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
    >>> p = AIMDFC()
    >>> s = p.advance(p.init(Fraction(1)), 35)
    >>> p.window(s), p.window(p.decrease(s))
    (Fraction(36, 1), Fraction(71, 2))
    """

    a: Any = 1
    b: Any = HALF

    name: ClassVar[str] = "aimd-fc"

    def __post_init__(self) -> None:
        _positive("a", self.a)
        _open_unit("b", self.b)

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
    """AIMD-FC+ (seed 003 Sec. 4.2, pseudocode AIMD-FC+ and AIMD-FC+System).

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
    >>> p = AIMDFCPlus()
    >>> s = p.decrease(p.advance(p.init(Fraction(10)), 4))
    >>> [str(v) for v in (s.dw, s.w, s.k, s.q)]
    ['9', '9', '0', '4']
    """

    a: Any = 1
    b: Any = HALF
    f: Any = HALF

    name: ClassVar[str] = "aimd-fc-plus"

    def __post_init__(self) -> None:
        _positive("a", self.a)
        _open_unit("b", self.b)
        _nonnegative("f", self.f)

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


# --------------------------------------------------------------------------
# New-AIMD (Jasem, Zukarnain, Othman & Subramaniam 2010)
# --------------------------------------------------------------------------
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
    """New-AIMD of Jasem et al. (2010, seed 000), in two readings.

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

    def __post_init__(self) -> None:
        _positive("a", self.a)
        _open_unit("b", self.b)
        if self.reading not in NEW_AIMD_READINGS:
            raise ValueError(
                f"reading must be one of {', '.join(NEW_AIMD_READINGS)}, got {self.reading!r}"
            )

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


# --------------------------------------------------------------------------
# registry
# --------------------------------------------------------------------------
POLICIES: dict[str, type[Policy]] = {
    cls.name: cls
    for cls in (AIMD, AIAD, MIMD, MIAD, LinearControl, AIMDFC, AIMDFCPlus, NewAIMD)
}
"""Policy classes by their command-line name (``aimd``, ``aimd-fc``, ...)."""


def make_policy(name: str, **params: Any) -> Policy:
    """Build a policy from its registry name and parameters.

    Parameters
    ----------
    name : str
        One of :data:`POLICIES` (``aimd``, ``aiad``, ``mimd``, ``miad``,
        ``linear``, ``aimd-fc``, ``aimd-fc-plus``, ``new-aimd``).
    **params
        Parameters of that policy; unknown names raise ``ValueError``.

    Returns
    -------
    Policy

    Examples
    --------
    >>> make_policy("aimd", b=Fraction(7, 8))
    AIMD(a=1, b=7/8, floor=0)
    """
    try:
        cls = POLICIES[name]
    except KeyError:
        raise ValueError(
            f"policy must be one of {', '.join(sorted(POLICIES))}, got {name!r}"
        ) from None
    known = [f.name for f in dataclasses.fields(cls)]
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise ValueError(
            f"unknown parameter {unknown[0]!r} for policy {name!r}; "
            f"it takes {', '.join(known)}"
        )
    return cls(**params)
