"""SIMD: square increase, multiplicative decrease (Jin, Guo, Matta & Bestavros 2001).

Source: S. Jin, L. Guo, I. Matta and A. Bestavros, "TCP-friendly SIMD
congestion control and its convergence behavior", Proc. ICNP 2001
(BU-CS-TR-2001-006). Abstract: "It uses multiplicative decrease but the
increase in window size is in proportion to the square of the time elapsed
since the detection of the last loss event." SIMD keeps history: the window
``w0`` right after the last decrease. Its increase, in the binomial
notation of Bansal & Balakrishnan that the paper extends, reads

    I: w_{t+R} <- w_t + alpha * sqrt((w_t - w0) / w0)
    D: w       <- (1 - beta) * w ,   w0 <- w   (after the decrease)

whose fluid solution is ``w(t) = w0 + alpha^2 t^2 / (4 w0)``: the increase
in window size is proportional to the square of the time ``t`` (in RTTs)
since the last loss, and the ``1/w0`` makes the cycle length linear in the
window, hence the ``1/sqrt(p)`` (TCP-friendly) response.

Note on the source: the paper's text could not be consulted where this
module was written; the rule above is the reading of the paper's abstract
and of its binomial notation, and :class:`SIMD` documents both readings.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple

import numpy as np

from .._arith import is_number
from .._validate import check_choice, check_param
from ._numeric import power
from .base import Policy
from .linear import _positive

__all__ = ["SIMD", "SIMD_READINGS", "SIMDState"]

SIMD_READINGS = ("time", "rule")
"""``time``: the window as a function of the RTTs since the last loss (default);
``rule``: the per-RTT rule in the window, ``w + alpha sqrt((w - w0)/w0)``."""


class SIMDState(NamedTuple):
    """State of SIMD.

    The window ``w``, the window ``w0`` right after the last decrease (the
    history SIMD keeps) and ``t``, the RTTs of increase since then.
    """

    w: Any
    w0: Any
    t: Any


@dataclass(frozen=True, repr=False)
class SIMD(Policy):
    """Square increase, multiplicative decrease (Jin et al., ICNP 2001).

    State: the window ``w``, the window ``w0`` right after the last decrease
    and the RTTs ``t`` since then (``init(x)`` starts an epoch at ``x``:
    ``w0 = x``, ``t = 0``). Decrease at a loss: ``w <- (1 - beta) w``,
    ``w0 <- w``, ``t <- 0``. Increase, by ``reading``:

    * ``"time"`` (default): the window as a function of the time since the
      last loss, ``w = w0 + alpha**2 t**2 / (4 w0)``, sampled once per RTT
      (the fluid solution of the per-RTT rule below, and the paper's "increase
      in proportion to the square of the time elapsed since the last loss").
      One increase adds ``alpha**2 (2t + 1) / (4 w0)``. Only rational
      operations: exact in Fractions (whose digits about double every cycle,
      ``w0 + c t^2 / w0``: exact runs are for a few dozen cycles; float for
      long ones). ``advance`` is this closed form, and
      :meth:`steps_to` gives the cycle engine the first congested step (the
      quadratic's root), so SIMD jumps whole cycles.
    * ``"rule"``: the per-RTT rule in the window,
      ``w <- w + alpha sqrt((w - w0)/w0)``. Taken literally it never leaves
      ``w = w0`` (the increment is 0 there): a window right after a decrease
      stays put until the next loss. Kept to show why the time reading is
      the one that runs. Float arithmetic (a square root).

    Parameters
    ----------
    alpha : number
        Increase coefficient, ``alpha > 0`` (default 1).
    beta : number
        Decrease: the window is multiplied by ``1 - beta``, ``0 < beta < 1``
        (default 1/16, Lahanas & Tsaoussidis 2003, Sec. 3.1's ``b_D = 15/16``).
    reading : {"time", "rule"}
        See above.

    Examples
    --------
    >>> from fractions import Fraction
    >>> p = SIMD(alpha=2)
    >>> s = p.advance(p.init(Fraction(16)), 4)
    >>> s.w, s.t        # 16 + 2**2 * 4**2 / (4 * 16)
    (Fraction(17, 1), Fraction(4, 1))
    >>> d = p.decrease(s)
    >>> d.w, d.w0, d.t
    (Fraction(255, 16), Fraction(255, 16), Fraction(0, 1))
    """

    alpha: Any = 1
    beta: Any = Fraction(1, 16)
    reading: str = "time"

    name: ClassVar[str] = "simd"

    def _validate(self) -> None:
        _positive("alpha", self.alpha)
        check_param("beta", self.beta, lambda x: 0 < x < 1, "0 < beta < 1")
        check_choice("reading", self.reading, SIMD_READINGS)

    @property
    def affine_advance(self) -> bool:
        """False: the window grows with the square of the time since the last loss."""
        return False

    @property
    def has_closed_form(self) -> bool:
        """True for the time reading (``advance`` is ``w0 + alpha^2 (t + n)^2 / (4 w0)``)."""
        return self.reading == "time"

    def init(self, x: Any) -> SIMDState:
        flat = np.asarray(x, dtype=object).ravel()
        if all(is_number(v) for v in flat) and any(v <= 0 for v in flat):
            raise ValueError(
                f"x0 must be > 0 for SIMD: its increase divides by the window w0 after the "
                f"last decrease (got {x!r})"
            )
        return SIMDState(x, x, x * 0)

    def window(self, s: SIMDState) -> Any:
        return s.w

    def _at(self, s: SIMDState, t: Any) -> Any:
        """Window ``t`` RTTs into the epoch of ``s``: ``w0 + alpha^2 t^2 / (4 w0)``."""
        return s.w0 + self.alpha * self.alpha * t * t / (4 * s.w0)

    def increase(self, s: SIMDState) -> SIMDState:
        if self.reading == "rule":
            step = self.alpha * power((s.w - s.w0) / s.w0, Fraction(1, 2), "(w - w0)/w0")
            return SIMDState(s.w + step, s.w0, s.t + 1)
        return SIMDState(self._at(s, s.t + 1), s.w0, s.t + 1)

    def advance(self, s: SIMDState, n: Any) -> SIMDState:
        if self.reading == "rule":
            return super().advance(s, n)
        return SIMDState(self._at(s, s.t + n), s.w0, s.t + n)

    def decrease(self, s: SIMDState) -> SIMDState:
        w = (1 - self.beta) * s.w
        return SIMDState(w, w, s.t * 0)

    def steps_to(self, s: SIMDState, capacity: Any, congestion: str) -> np.ndarray:
        """Count the increases until the first congested step, per system (cycle engine).

        The total after ``n`` increases is ``A n^2 + B n + T0`` with
        ``A = sum c_i``, ``B = 2 sum c_i t_i``, ``c_i = alpha^2 / (4 w0_i)``;
        the first ``n`` at which it signals congestion is the ceiling of the
        positive root of ``A n^2 + B n + T0 - W`` (a float estimate the engine
        verifies, and corrects, in the run's own arithmetic and congestion
        convention). The rule reading returns 1 (step).

        Examples
        --------
        >>> p = SIMD(alpha=2)
        >>> s = p.init(np.array([[16.0, 16.0]]))
        >>> p.steps_to(s, 34.0, ">=").tolist()   # 2 (16 + n^2/16) >= 34 at n = 4
        [4]
        """
        w0 = np.asarray(s.w0, dtype=np.float64)
        shape = w0.shape[:-1] if w0.ndim > 1 else (1,)
        if self.reading == "rule":
            return np.ones(shape, dtype=np.int64)
        c = float(self.alpha) ** 2 / (4 * w0)
        t = np.asarray(s.t, dtype=np.float64)
        a = np.atleast_1d(c.sum(axis=-1))
        b = np.atleast_1d(2 * (c * t).sum(axis=-1))
        t0 = np.atleast_1d(np.asarray(s.w, dtype=np.float64).sum(axis=-1))
        gap = float(capacity) - t0
        root = (-b + np.sqrt(b * b + 4 * a * np.maximum(gap, 0))) / (2 * a)
        # the root itself is the first congested step under ">=" when it is whole; the
        # engine checks the estimate against the convention in the run's arithmetic
        return np.maximum(np.ceil(root).astype(np.int64), 1)
