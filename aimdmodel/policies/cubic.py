"""CUBIC (RFC 9438) as a window rule per RTT of the synchronous model.

Source: L. Xu, S. Ha, I. Rhee, V. Goel, L. Eggert (Ed.), "CUBIC for Fast and
Long-Distance Networks", RFC 9438, August 2023:

* Sec. 4.1: ``beta_cubic = 0.7``, ``C = 0.4`` (segments/s^3),
  ``alpha_cubic = 3 (1 - beta_cubic) / (1 + beta_cubic)``;
* Sec. 4.2: ``W_cubic(t) = C (t - K)^3 + W_max`` (Eq. 1),
  ``K = cubic_root((W_max - cwnd_epoch) / C)`` (Eq. 2), ``t`` the time in
  seconds since the start of the congestion avoidance stage (``t_epoch``);
  the target ``W_cubic(t + RTT)`` clamped to ``[cwnd, 1.5 cwnd]`` (Eq. 3),
  cwnd growing by ``(target - cwnd)/cwnd`` per ACK;
* Sec. 4.3: the Reno-friendly region: ``W_est`` starts at ``cwnd_epoch``
  and grows by ``alpha_cubic * segments_acked / cwnd`` (Eq. 4), with
  ``alpha_cubic`` set to 1 once ``W_est >= cwnd_prior``; when
  ``W_cubic(t) < W_est``, cwnd is set to ``W_est``;
* Sec. 4.6: at a congestion event ``cwnd_prior = cwnd``,
  ``cwnd = max(cwnd beta_cubic, 2)`` (a loss; ``flight_size = cwnd`` here);
* Sec. 4.7: fast convergence: ``W_max = cwnd (1 + beta_cubic)/2`` if
  ``cwnd < W_max``, else ``W_max = cwnd``.

**Time and steps.** One step of the synchronous model is one RTT of
``rtt`` seconds. The state counts the RTTs ``t`` since the start of the
epoch (the RTT after the last decrease), so the RFC's ``t`` is ``t * rtt``
seconds; ``K`` is in seconds. One RTT delivers ``cwnd`` ACKs, so per RTT:
the cubic window becomes the target ``W_cubic(t + RTT)`` (clamped), the
Reno estimate grows by ``alpha`` (``cwnd`` ACKs of ``alpha / cwnd`` each),
and the Reno-friendly check compares them at the end of the RTT.

What the model leaves out: slow start, fast recovery's details (one
decrease per congestion RTT), HyStart++, the application limit, and spurious
congestion events.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple

import numpy as np

from .._validate import check_param
from ._numeric import maximum, minimum, power, select
from .base import Policy

__all__ = ["CUBIC", "CubicState"]


class CubicState(NamedTuple):
    """State of CUBIC (RFC 9438 Sec. 4.1's variables, per flow).

    ``w`` (cwnd), ``w_max`` (W_max), ``w_epoch`` (cwnd_epoch), ``w_est``
    (W_est), ``w_prior`` (cwnd_prior), all in segments; ``t``: RTTs since
    the start of the current congestion avoidance stage.
    """

    w: Any
    w_max: Any
    w_epoch: Any
    w_est: Any
    w_prior: Any
    t: Any


def _cube_root(x: Any) -> Any:
    """Return the real cube root: ``np.cbrt`` for floats, exact (or ValueError) for Fractions."""
    if isinstance(x, (float, np.floating)) or (
        isinstance(x, np.ndarray) and x.dtype != object
    ):
        return np.cbrt(x)
    return power(x, Fraction(1, 3), "(W_max - cwnd_epoch)/C")


@dataclass(frozen=True, repr=False)
class CUBIC(Policy):
    """CUBIC congestion avoidance (RFC 9438), one step per RTT.

    Increase (one RTT without congestion), with ``t`` the RTTs since the
    epoch started and ``K = cbrt((W_max - cwnd_epoch)/C)``::

        target  = min(max(W_cubic((t + 1) rtt), cwnd), 1.5 cwnd)
        W_est  += alpha        (alpha = alpha_cubic, or 1 once W_est >= cwnd_prior)
        cwnd    = W_est   if reno_friendly and W_cubic((t + 1) rtt) < W_est
                  target  otherwise

    Decrease (a congestion event): ``cwnd_prior = cwnd``; fast convergence
    sets ``W_max``; ``cwnd = max(beta cwnd, min_window)``; a new epoch
    starts (``cwnd_epoch = W_est = cwnd``, ``t = 0``). ``init(x)`` starts an
    epoch at ``x`` with no earlier congestion event: ``W_max = cwnd_prior =
    x``, so ``K = 0`` (convex growth from ``x``).

    Arithmetic: the cube root of ``K`` is irrational in general, so CUBIC
    runs in ``arithmetic="float"``; exact arithmetic raises ValueError at
    the first irrational ``K``. It declares nothing to the fast engines
    (its increase is neither linear nor affine): the step engine runs it.

    Parameters
    ----------
    C : number
        The cubic's scaling constant in segments/s^3 (default 0.4, Sec. 4.1).
    beta : number
        ``beta_cubic``, the multiplicative decrease factor, ``0 < beta < 1``
        (default 0.7, Sec. 4.1).
    rtt : number
        Seconds per step (one RTT), ``rtt > 0`` (default 0.1 s).
    fast_convergence : bool
        Apply Sec. 4.7 (default True, the RFC's SHOULD).
    reno_friendly : bool
        Apply the Reno-friendly region of Sec. 4.3 (default True).
    min_window : number
        ``cwnd`` after a loss is at least this (default 2 segments, Sec. 4.6).

    Examples
    --------
    >>> import numpy as np
    >>> p = CUBIC()
    >>> s = p.decrease(p.init(np.array([100.0])))
    >>> float(s.w[0]), float(s.w_max[0]), round(float(p.K(s)[0]), 4)   # K = cbrt(30/0.4)
    (70.0, 100.0, 4.2172)
    >>> float(p.window(p.increase(s))[0]) > 70
    True
    """

    C: Any = Fraction(2, 5)
    beta: Any = Fraction(7, 10)
    rtt: Any = Fraction(1, 10)
    fast_convergence: bool = True
    reno_friendly: bool = True
    min_window: Any = 2

    name: ClassVar[str] = "cubic"
    display_name: ClassVar[str] = "CUBIC"

    def _validate(self) -> None:
        check_param("C", self.C, lambda x: x > 0, "C > 0")
        check_param("beta", self.beta, lambda x: 0 < x < 1, "0 < beta < 1")
        check_param("rtt", self.rtt, lambda x: x > 0, "rtt > 0 (seconds)")
        check_param("min_window", self.min_window, lambda x: x >= 0, "min_window >= 0")
        for name in ("fast_convergence", "reno_friendly"):
            if not isinstance(getattr(self, name), (bool, np.bool_)):
                raise TypeError(f"{name} must be a bool, got {getattr(self, name)!r}")

    @property
    def alpha_cubic(self) -> Any:
        """``3 (1 - beta) / (1 + beta)`` (RFC 9438 Sec. 4.3): 9/17 at ``beta = 0.7``.

        Examples
        --------
        >>> CUBIC().alpha_cubic
        Fraction(9, 17)
        """
        return 3 * (1 - self.beta) / (1 + self.beta)

    def K(self, s: CubicState) -> Any:
        """``K = cbrt((W_max - cwnd_epoch) / C)`` in seconds (RFC 9438 Eq. 2)."""
        return _cube_root((s.w_max - s.w_epoch) / self.C)

    def w_cubic(self, s: CubicState, seconds: Any) -> Any:
        """``W_cubic(t) = C (t - K)^3 + W_max`` at ``t = seconds`` into the epoch (Eq. 1)."""
        d = seconds - self.K(s)
        return self.C * d * d * d + s.w_max

    def init(self, x: Any) -> CubicState:
        return CubicState(x, x, x, x, x, x * 0)

    def window(self, s: CubicState) -> Any:
        return s.w

    def increase(self, s: CubicState) -> CubicState:
        cubic = self.w_cubic(s, (s.t + 1) * self.rtt)
        target = minimum(maximum(cubic, s.w), s.w + s.w / 2)  # clamp to [cwnd, 1.5 cwnd]
        alpha = select(s.w_est >= s.w_prior, s.w_est * 0 + 1, s.w_est * 0 + self.alpha_cubic)
        w_est = s.w_est + alpha
        w = select(cubic < w_est, w_est, target) if self.reno_friendly else target
        return CubicState(w, s.w_max, s.w_epoch, w_est, s.w_prior, s.t + 1)

    def decrease(self, s: CubicState) -> CubicState:
        if self.fast_convergence:
            w_max = select(s.w < s.w_max, s.w * (1 + self.beta) / 2, s.w)
        else:
            w_max = s.w
        w = maximum(s.w * self.beta, s.w * 0 + self.min_window)
        return CubicState(w, w_max, w, w, s.w, s.t * 0)
