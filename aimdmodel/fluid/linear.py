r"""Small-signal analysis: the linearized TCP/queue plant, the loop with RED, its margins.

:func:`linearize` differentiates the model's own equations
(:func:`~aimdmodel.fluid.equations.window_rate`,
:func:`~aimdmodel.fluid.equations.queue_rate`) with sympy at an
:class:`~aimdmodel.fluid.OperatingPoint`, the delay of every delayed
argument held at :math:`R_0`. For AIMD(1, 1/2) this gives Hollot et al.'s
linearization (INFOCOM 2001, Sec. III)

.. math::

    \delta\dot W &= -\frac{N}{R_0^2 C}\bigl(\delta W(t) + \delta W(t-R_0)\bigr)
        - \frac{1}{R_0^2 C}\bigl(\delta q(t) - \delta q(t-R_0)\bigr)
        - \frac{R_0 C^2}{2N^2}\,\delta p(t-R_0), \\
    \delta\dot q &= \frac{N}{R_0}\,\delta W - \frac{1}{R_0}\,\delta q,

every coefficient a field of :class:`LinearModel` (``partials``). Their
block diagram takes :math:`\delta W(t-R_0) \approx \delta W(t)` and drops
the :math:`\delta q(t) - \delta q(t-R_0)` term (both exact at zero
frequency; the sum of the two queue coefficients is checked to vanish),
which leaves

.. math::

    P_{tcp}(s) = \frac{R_0 C^2/(2N^2)}{s + 2N/(R_0^2 C)}, \qquad
    P_{queue}(s) = \frac{N/R_0}{s + 1/R_0}, \qquad
    C_{red}(s) = \frac{L_{red}\,K}{s + K},

and the loop :math:`L(s) = C_{red}(s) P_{tcp}(s) P_{queue}(s) e^{-sR_0}`
with :math:`K = -C\ln(1-w_q)` and :math:`L_{red}` the slope of RED's
profile at :math:`q_0` (:func:`~aimdmodel.fluid.red_slope`). For
AIMD(a, b) the same steps give the pole :math:`2aN/(R_0^2 C)` and the gain
:math:`(1-b) W_0^2 / R_0 = a/(p_0 R_0)`.

Stability is read from the frequency response (numpy, no control
library): all three poles are real and negative, so the open loop is
stable, the gain :math:`|L(j\omega)|` falls and the phase
:math:`-\omega R_0 - \arctan(\omega/K) - \arctan(\omega/p_{tcp}) -
\arctan(\omega/p_q)` falls monotonically; the Nyquist curve first crosses
the negative real axis at the phase crossover :math:`\omega_{pc}` (phase
:math:`-\pi`) with the largest modulus of all its crossings, so the closed
loop is stable if and only if the gain margin :math:`1/|L(j\omega_{pc})|`
exceeds 1 (:meth:`LinearModel.encirclements` counts the encirclements of
-1 independently). Both crossovers are found by bisection on these
monotone functions. Hollot et al.'s sufficient condition (Proposition 1),
:math:`L_{red}(R_0 C)^3/(2N)^2 \le \sqrt{\omega_g^2/K^2 + 1}` with
:math:`\omega_g = 0.1 \min(2N/(R_0^2 C), 1/R_0)`, is
:meth:`LinearModel.hollot_condition`, here at one operating point
(``N^- = N``, ``R^+ = R_0``), its left side the loop's gain at zero
frequency.

Examples
--------
>>> from aimdmodel.fluid import RED, operating_point
>>> lin = linearize(operating_point(60, 3750, 0.2, 175), red=RED(50, 550, 0.1, w_q=1e-4))
>>> lin.tcp_pole, lin.tcp_gain, lin.queue_gain, lin.queue_pole
(720/1369, 23125/48, 9000/37, 150/37)
>>> m = lin.margins()
>>> m.stable, round(m.gain_margin, 3), lin.encirclements()
(False, 0.969, 2)
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy

from .aqm import RED, red_segments
from .equations import exact, queue_rate, rtt, window_rate
from .equilibrium import OperatingPoint, _limit, _needed

__all__ = ["HollotCondition", "LinearModel", "Margins", "linearize", "loop_margins"]

_SYM = sympy.symbols("W W_d q q_d p_d", real=True)


@dataclass(frozen=True)
class Margins:
    """Gain and phase margins of a loop (numbers or arrays of one shape).

    Attributes
    ----------
    gain_margin : float
        ``1 / |L(j w_pc)|`` (stable when > 1).
    phase_margin : float
        ``180 + arg L(j w_gc)`` in degrees (inf when ``|L| < 1`` everywhere).
    phase_crossover, gain_crossover : float
        ``w_pc`` and ``w_gc`` in rad/s (``w_gc`` nan when ``|L(0)| <= 1``).
    dc_gain : float
        ``L(0)``.
    stable : bool
        The closed loop is stable (``gain_margin > 1``).

    Examples
    --------
    >>> m = loop_margins(2.0, 10.0, 1.0, 1.0, 0.1)
    >>> m.stable, round(m.gain_margin, 3)
    (True, 5.676)
    """

    gain_margin: Any
    phase_margin: Any
    phase_crossover: Any
    gain_crossover: Any
    dc_gain: Any
    stable: Any

    def __str__(self) -> str:
        """Return the margins with their units (arrays: as the dataclass shows them).

        Examples
        --------
        >>> print(loop_margins(2.0, 10.0, 1.0, 1.0, 0.1))
        gain margin 5.676 (15.08 dB), phase margin 78.9 deg, phase crossover 3.136 rad/s,
        gain crossover 0.9951 rad/s, DC gain 2, stable
        """
        if np.ndim(self.gain_margin) != 0:
            return repr(self)
        gc = (f"{self.gain_crossover:.4g} rad/s" if np.isfinite(self.gain_crossover)
              else "- (|L| < 1 at every frequency)")
        return (f"gain margin {self.gain_margin:.4g} ({self.gain_margin_db:.4g} dB), phase "
                f"margin {self.phase_margin:.4g} deg, phase crossover "
                f"{self.phase_crossover:.4g} rad/s, gain crossover {gc}, DC gain "
                f"{self.dc_gain:.4g}, {'stable' if self.stable else 'unstable'}")

    @property
    def gain_margin_db(self) -> Any:
        """The gain margin in decibels, ``20 log10(gain_margin)``."""
        return 20 * np.log10(self.gain_margin)


@dataclass(frozen=True)
class HollotCondition:
    """Hollot et al.'s sufficient stability condition (Proposition 1) at one point.

    ``lhs = L_red (R0 C)^3 / (2N)^2`` (the loop's gain at zero frequency),
    ``rhs = sqrt(w_g^2 / K^2 + 1)`` with ``w_g = 0.1 min(p_tcp, p_queue)``;
    ``holds`` when ``lhs <= rhs``.

    Examples
    --------
    >>> HollotCondition(lhs=0.5, rhs=1.0, omega_g=0.05, holds=True).holds
    True
    """

    lhs: float
    rhs: float
    omega_g: float
    holds: bool


def _phase(w: Any, k_red: Any, p1: Any, p2: Any, delay: Any) -> Any:
    red = np.where(np.isinf(k_red), 0.0, np.arctan(w / np.where(np.isinf(k_red), 1.0, k_red)))
    return -w * delay - red - np.arctan(w / p1) - np.arctan(w / p2)


def _modulus(w: Any, dc: Any, k_red: Any, p1: Any, p2: Any) -> Any:
    red = np.where(np.isinf(k_red), 1.0, np.hypot(1.0, w / np.where(np.isinf(k_red), 1.0,
                                                                    k_red)))
    return dc / (red * np.hypot(1.0, w / p1) * np.hypot(1.0, w / p2))


def _bisect(f: Any, lo: Any, hi: Any, iters: int = 200) -> Any:
    """Root of a decreasing ``f`` between ``lo`` (f > 0) and ``hi`` (f < 0), vectorized."""
    lo, hi = np.array(lo, dtype=float), np.array(hi, dtype=float)
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        pos = f(mid) > 0
        lo, hi = np.where(pos, mid, lo), np.where(pos, hi, mid)
    return 0.5 * (lo + hi)


def loop_margins(dc_gain: Any, k_red: Any, p_tcp: Any, p_queue: Any, delay: Any) -> Margins:
    r"""Margins of :math:`L(s) = \frac{L(0)\,e^{-s\tau}}{(1+s/K)(1+s/p_{tcp})(1+s/p_q)}`.

    Vectorized: every argument may be an array (they broadcast); ``k_red``
    may be ``inf`` (no filter). All poles must be positive (a stable open
    loop).

    Examples
    --------
    >>> m = loop_margins(8.0, np.inf, 1.0, 1.0, 0.5)
    >>> bool(m.stable)
    False
    """
    dc, k, p1, p2, tau = np.broadcast_arrays(*(np.asarray(v, dtype=float) for v in
                                               (dc_gain, k_red, p_tcp, p_queue, delay)))
    w_pc = _bisect(lambda w: _phase(w, k, p1, p2, tau) + np.pi, np.zeros_like(tau), np.pi / tau)
    gm = 1.0 / _modulus(w_pc, dc, k, p1, p2)
    kk = np.where(np.isinf(k), 1.0, k)
    top = np.where(np.isinf(k), np.sqrt(dc * p1 * p2), np.cbrt(dc * kk * p1 * p2))
    hi = 2.0 * np.maximum(top, 1e-12) + 1.0
    w_gc = _bisect(lambda w: _modulus(w, dc, k, p1, p2) - 1.0, np.zeros_like(tau), hi)
    crosses = dc > 1.0
    w_gc = np.where(crosses, w_gc, np.nan)
    pm = np.where(crosses, 180.0 + np.degrees(_phase(np.nan_to_num(w_gc), k, p1, p2, tau)),
                  np.inf)
    out = [x.item() if x.ndim == 0 else x for x in (gm, pm, w_pc, w_gc, dc, gm > 1.0)]
    return Margins(*out[:5], stable=out[5])


_N, _C, _TP, _Q0 = sympy.symbols("N C T_p q_0", positive=True)


@functools.lru_cache(maxsize=64)
def plant_formulas(limit: Any) -> dict[str, Any]:
    """Return the linearization's coefficients as formulas in ``N, C, T_p, q_0``.

    Differentiates :func:`~aimdmodel.fluid.equations.window_rate` and
    :func:`~aimdmodel.fluid.equations.queue_rate` with sympy at the
    operating point solved from the same equations; cached per fluid limit.
    Keys: ``rtt``, ``window``, ``loss``, the partial derivatives
    ``dW_d<window|window_delayed|queue|queue_delayed|loss_delayed>``,
    ``dq_dwindow``, ``dq_dqueue`` and Hollot's ``tcp_pole``, ``tcp_gain``,
    ``queue_gain``, ``queue_pole``.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> plant_formulas(_limit(AIMD()))["tcp_pole"]
    2*C*N/(C*T_p + q_0)**2
    """
    r0, w0, p0 = _needed(limit, _N, _C, _TP, _Q0)
    w, w_d, q, q_d, p_d = _SYM
    f = window_rate(limit, w, rtt(q, _C, _TP), w_d, p_d, rtt(q_d, _C, _TP))
    g = queue_rate(_N, w, rtt(q, _C, _TP), _C)
    at = {w: w0, w_d: w0, q: _Q0, q_d: _Q0, p_d: p0}
    names = ("window", "window_delayed", "queue", "queue_delayed", "loss_delayed")
    out = {f"dW_d{k}": sympy.simplify(sympy.diff(f, v).subs(at))
           for k, v in zip(names, _SYM, strict=True)}
    out.update(dq_dwindow=sympy.simplify(sympy.diff(g, w).subs(at)),
               dq_dqueue=sympy.simplify(sympy.diff(g, q).subs(at)))
    out.update(rtt=r0, window=w0, loss=p0,
               tcp_pole=sympy.simplify(-(out["dW_dwindow"] + out["dW_dwindow_delayed"])),
               tcp_gain=sympy.simplify(-out["dW_dloss_delayed"]),
               queue_gain=out["dq_dwindow"], queue_pole=sympy.simplify(-out["dq_dqueue"]),
               queue_terms=sympy.simplify(out["dW_dqueue"] + out["dW_dqueue_delayed"]))
    return out


@dataclass(frozen=True)
class LinearModel:
    """The linearized fluid model at an operating point, and its loop with RED.

    Every coefficient is an exact sympy value (``K`` involves a logarithm);
    the frequency response and the margins are computed in floats.

    Attributes
    ----------
    point : OperatingPoint
    partials : dict
        The coefficients of the linearization before Hollot's
        simplification (module docstring): ``dW_dwindow``,
        ``dW_dwindow_delayed``, ``dW_dqueue``, ``dW_dqueue_delayed``,
        ``dW_dloss_delayed``, ``dq_dwindow``, ``dq_dqueue``.
    tcp_pole, tcp_gain : sympy.Expr
        ``2N/(R0^2 C)`` and ``R0 C^2/(2N^2)`` for AIMD(1, 1/2).
    queue_gain, queue_pole : sympy.Expr
        ``N/R0`` and ``1/R0``.
    delay : sympy.Expr
        ``R0``.
    red : RED or None
    red_gain, red_pole : sympy.Expr or None
        ``L_red`` (slope of the profile at ``q0``) and ``K = -C ln(1 - w_q)``.

    Examples
    --------
    >>> from aimdmodel.fluid import operating_point
    >>> lin = linearize(operating_point(10, 1000, 0.1, 50))
    >>> lin.tcp_pole, lin.tcp_gain, lin.delay
    (8/9, 750, 3/20)
    """

    point: OperatingPoint
    partials: dict
    tcp_pole: Any
    tcp_gain: Any
    queue_gain: Any
    queue_pole: Any
    delay: Any
    red: RED | None = None
    red_gain: Any = None
    red_pole: Any = None

    def _need_red(self) -> None:
        if self.red is None:
            raise ValueError("no RED: the loop needs linearize(point, red=RED(...))")
        if self.point.region == "red-jump":
            raise ValueError("the operating point sits on the jump of RED's profile: no "
                             "small-signal gain")
        if self.point.region == "buffer":
            raise ValueError("the operating point sits at the full buffer (DropTail "
                             "overflow): no small-signal gain")

    @property
    def dc_gain(self) -> float:
        """``L(0) = L_red * tcp_gain * queue_gain / (tcp_pole * queue_pole)``.

        ``L_red (R0 C)^3 / (2N)^2`` for AIMD(1, 1/2).
        """
        self._need_red()
        return float(self.red_gain * self.tcp_gain * self.queue_gain
                     / (self.tcp_pole * self.queue_pole))

    def _floats(self) -> tuple[float, float, float, float, float]:
        self._need_red()
        k = float(self.red_pole) if self.red_pole != sympy.oo else math.inf
        return (self.dc_gain, k, float(self.tcp_pole), float(self.queue_pole),
                float(self.delay))

    def loop(self, omega: Any) -> np.ndarray:
        """Return ``L(j omega)`` (complex array) for ``omega`` in rad/s.

        Examples
        --------
        >>> from aimdmodel.fluid import RED, operating_point
        >>> lin = linearize(operating_point(60, 3750, 0.2, 175), red=RED(50, 550, 0.1))
        >>> bool(abs(lin.loop(0.0) - lin.dc_gain) < 1e-12)
        True
        """
        dc, k, p1, p2, tau = self._floats()
        s = 1j * np.asarray(omega, dtype=float)
        red = 1.0 if math.isinf(k) else 1.0 + s / k
        return dc * np.exp(-s * tau) / (red * (1.0 + s / p1) * (1.0 + s / p2))

    def margins(self) -> Margins:
        """Return the gain and phase margins (see :func:`loop_margins`).

        Examples
        --------
        >>> from aimdmodel.fluid import RED, operating_point
        >>> op = operating_point(20, 3750, 0.2, aqm=RED(50, 550, 0.1, w_q=1e-4))
        >>> linearize(op).margins().stable
        False
        """
        return loop_margins(*self._floats())

    def encirclements(self, n: int = 200_000) -> int:
        """Count the clockwise encirclements of -1 by ``L(j w)``, w from -oo to oo.

        An independent check of :meth:`margins`: the winding number of
        ``1 + L(j w)`` around 0 on a dense grid (``n`` points per half,
        log-spaced far beyond the crossovers). 0 means a stable closed loop.
        """
        _, k, p1, p2, tau = self._floats()
        top = max(1e3 / tau, 1e3 * max(p1, p2), 1e3 * (k if math.isfinite(k) else 0.0))
        w = np.concatenate([[0.0], np.geomspace(1e-6 * min(p1, p2), top, n)])
        z = 1.0 + self.loop(w)
        turn = np.unwrap(np.angle(z))
        return round(-2 * (turn[-1] - turn[0]) / (2 * np.pi))

    def hollot_condition(self) -> HollotCondition:
        """Return Hollot et al.'s Proposition 1 at this operating point.

        Examples
        --------
        >>> from aimdmodel.fluid import RED, operating_point
        >>> lin = linearize(operating_point(60, 3750, 0.2, 175), red=RED(50, 550, 0.1))
        >>> round(lin.hollot_condition().lhs, 4)
        10.9924
        """
        dc, k, p1, p2, _ = self._floats()
        wg = 0.1 * min(p1, p2)
        rhs = math.sqrt((wg / k) ** 2 + 1.0) if math.isfinite(k) else 1.0
        return HollotCondition(lhs=dc, rhs=rhs, omega_g=wg, holds=dc <= rhs)

    def plot_bode(self, ax: Any = None) -> list:
        """Draw the Bode diagram (two axes: pass a pair or None); see plots."""
        from .plots import plot_bode

        return plot_bode(self, ax)

    def plot_nyquist(self, ax: Any = None) -> list:
        """Draw the Nyquist diagram with -1 and the unit circle; see plots."""
        from .plots import plot_nyquist

        return plot_nyquist(self, ax)


def linearize(point: OperatingPoint, red: RED | None = None) -> LinearModel:
    """Linearize the fluid model at ``point`` (module docstring), with RED's loop if given.

    Parameters
    ----------
    point : OperatingPoint
        From :func:`~aimdmodel.fluid.operating_point`.
    red : RED, optional
        Closes the loop; defaults to ``point.aqm`` when that is a RED.

    Returns
    -------
    LinearModel

    Examples
    --------
    >>> from aimdmodel.fluid import operating_point
    >>> lin = linearize(operating_point(100, 10000, 0.05, 0))
    >>> lin.tcp_pole, lin.tcp_gain, lin.partials["dW_dqueue"] + lin.partials["dW_dqueue_delayed"]
    (8, 250, 0)
    """
    if not isinstance(point, OperatingPoint):
        raise TypeError(f"point must be an OperatingPoint, got {point!r}")
    if red is None and isinstance(point.aqm, RED):
        red = point.aqm
    if red is not None and not isinstance(red, RED):
        raise TypeError(f"red must be an aimdmodel.scenario.RED or None, got {red!r}")
    forms = plant_formulas(_limit(point.policy))
    at = {_N: point.n_flows, _C: point.capacity, _TP: point.prop_delay, _Q0: point.queue}
    val = {k: sympy.simplify(v.subs(at)) for k, v in forms.items()}
    if val["queue_terms"] != 0:  # pragma: no cover - a property of the equations
        raise AssertionError(f"the queue terms do not cancel at zero frequency: "
                             f"{val['queue_terms']}")
    red_gain = red_pole = None
    if red is not None:
        red_gain = _exact_slope(red, point.queue)
        red_pole = (sympy.oo if red.w_q >= 1
                    else -point.capacity * sympy.log(1 - exact(red.w_q)))
    partials = {k: val[k] for k in forms if k.startswith(("dW_", "dq_"))}
    return LinearModel(point=point, partials=partials, tcp_pole=val["tcp_pole"],
                       tcp_gain=val["tcp_gain"], queue_gain=val["queue_gain"],
                       queue_pole=val["queue_pole"], delay=val["rtt"], red=red,
                       red_gain=red_gain, red_pole=red_pole)


def _exact_slope(red: RED, q0: Any) -> Any:
    """RED's slope (exact) on the piece that holds ``q0`` (right derivative at a kink)."""
    slope = sympy.Integer(0)
    for seg in red_segments(red):
        if exact(seg.lo) <= q0:
            slope = exact(seg.slope)
    return slope
