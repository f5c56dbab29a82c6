"""HighSpeed TCP (RFC 3649): an AIMD whose increase a(w) and decrease b(w) grow with w.

Source: S. Floyd, "HighSpeed TCP for Large Congestion Windows", RFC 3649,
December 2003, Sec. 5 (the HighSpeed response function and its a(w), b(w)):

* parameters ``Low_Window = 38``, ``High_Window = 83000``,
  ``High_P = 10^-7``, ``High_Decrease = 0.1``; ``Low_P``, the loss rate at
  which Standard TCP's window is ``Low_Window``;
* for ``w <= Low_Window``: Standard TCP, ``a(w) = 1``, ``b(w) = 1/2``;
* above: ``b(w) = (High_Decrease - 0.5) (log w - log Low_Window) /
  (log High_Window - log Low_Window) + 0.5``;
  ``p(w)`` log-linear between ``(Low_Window, Low_P)`` and
  ``(High_Window, High_P)``;
  ``a(w) = w^2 p(w) 2 b(w) / (2 - b(w))``;
* per ACK in congestion avoidance ``cwnd += a(w)/cwnd`` (``a(w)`` per RTT);
  at a congestion event ``cwnd = (1 - b(w)) cwnd``.

The same formulas are those of ns-2's ``TcpAgent::increase_param`` /
``decrease_param`` (S. Floyd's reference implementation). RFC 3649 also
tabulates a(w), b(w) (Appendix B, a rounded table for implementations);
this module computes them from the formulas.

**Low_P, two readings.** The RFC pairs ``Low_Window = 38`` with a loss rate
of about ``10^-3`` (Standard TCP's ``1.2/sqrt(p)`` is 38 there) and quotes the
response function as ``w = 0.12 / p^0.835``, whose exponent needs
``Low_P = 10^-3`` exactly. ns-2 takes ``Low_P = 1.5 / Low_Window^2 = 0.00104``,
Standard TCP's own loss rate at 38, so that ``a(38) = 1`` and the rule is
continuous there (exponent -0.831). The default is ns-2's (continuity);
``low_p=Fraction(1, 1000)`` gives the RFC's quoted curve (``a(w)`` then jumps
from 1 to 0.963 at 38).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np

from .._arith import is_number
from .._validate import check_param
from .base import Policy
from .linear import WindowState

__all__ = ["HighSpeed"]


@dataclass(frozen=True, repr=False)
class HighSpeed(Policy):
    """HighSpeed TCP's congestion avoidance (RFC 3649 Sec. 5), one step per RTT.

    Increase: ``w <- w + a(w)``; decrease: ``w <- (1 - b(w)) w``; see
    :meth:`a` and :meth:`b`. At and below ``low_window`` this is exactly
    AIMD(1, 1/2); above, ``a(w)`` grows about like ``w^0.8`` and ``b(w)``
    falls to ``high_decrease`` at ``high_window``.

    **Declarations.** None: ``a(w)`` is not linear in ``w`` and has a
    breakpoint at ``low_window`` (38 packets), so HighSpeed declares no
    ``linear_coefficients`` and no affine ``advance``, and the engines step
    it. (On windows below 38, the rule is indistinguishable from AIMD(1, 1/2):
    a fast engine that *probed* a policy on small windows would have run it
    as AIMD.)

    **Arithmetic.** Above ``low_window`` the logarithms make ``a(w)`` and
    ``b(w)`` irrational: run HighSpeed with ``arithmetic="float"``. Exact
    arithmetic works while every window stays at or below ``low_window``,
    and raises ValueError beyond.

    Parameters
    ----------
    low_window, high_window : number
        ``Low_Window`` (default 38) and ``High_Window`` (default 83000), in
        packets, ``0 < low_window < high_window``.
    high_p : number
        ``High_P``, the loss rate at ``High_Window`` (default 10^-7),
        ``0 < high_p < 1.5 / low_window^2``.
    high_decrease : number
        ``High_Decrease``, ``b(High_Window)`` (default 1/10), ``0 < . < 1/2``.
    low_p : number, optional
        ``Low_P``; default ``1.5 / low_window^2`` (see above), else
        ``high_p < low_p < 1``.

    Examples
    --------
    >>> import numpy as np
    >>> p = HighSpeed()
    >>> a, b = p.a(np.array([38.0, 83000.0])), p.b(np.array([38.0, 83000.0]))
    >>> np.round(a, 2).tolist(), np.round(b, 3).tolist()
    ([1.0, 72.52], [0.5, 0.1])
    """

    low_window: Any = 38
    high_window: Any = 83000
    high_p: Any = Fraction(1, 10**7)
    high_decrease: Any = Fraction(1, 10)
    low_p: Any = None

    name: ClassVar[str] = "highspeed"
    display_name: ClassVar[str] = "HighSpeed"

    def _validate(self) -> None:
        check_param("low_window", self.low_window, lambda x: x > 0, "low_window > 0")
        check_param("high_window", self.high_window, lambda x: x > 0, "high_window > 0")
        check_param("high_decrease", self.high_decrease, lambda x: 0 < x < Fraction(1, 2),
                    "0 < high_decrease < 1/2")
        check_param("high_p", self.high_p, lambda x: 0 < x < 1, "0 < high_p < 1")
        if self.low_p is not None:
            check_param("low_p", self.low_p, lambda x: 0 < x < 1, "0 < low_p < 1")
        if all(is_number(v) for v in (self.low_window, self.high_window, self.high_p)):
            if not self.low_window < self.high_window:
                raise ValueError(
                    f"need low_window < high_window, got {self.low_window} and {self.high_window}"
                )
            if not self.high_p < self.loss_at_low_window:
                raise ValueError(
                    f"high_p must be below Low_P = {self.loss_at_low_window} (the response "
                    f"function falls with the window), got {self.high_p}"
                )

    @property
    def loss_at_low_window(self) -> Any:
        """``Low_P``: ``low_p`` if given, else ``1.5 / Low_Window^2`` (ns-2's reading).

        Examples
        --------
        >>> HighSpeed().loss_at_low_window, HighSpeed(low_p=Fraction(1, 1000)).loss_at_low_window
        (Fraction(3, 2888), Fraction(1, 1000))
        """
        if self.low_p is not None:
            return self.low_p
        return Fraction(3, 2) / Fraction(self.low_window) ** 2

    def _log_fraction(self, w: np.ndarray) -> np.ndarray:
        """``(log w - log Low_Window) / (log High_Window - log Low_Window)`` (floats)."""
        lo, hi = math.log(float(self.low_window)), math.log(float(self.high_window))
        return (np.log(w) - lo) / (hi - lo)

    def _params(self, w: Any) -> tuple[Any, Any]:
        """``(a(w), b(w))`` in the arithmetic of ``w``."""
        arr = np.asarray(w)
        if arr.dtype == object:
            above = np.asarray(arr > self.low_window, dtype=bool)
            if above.any():
                raise ValueError(
                    f"HighSpeed's a(w), b(w) are irrational above low_window = "
                    f"{self.low_window} (logarithms): run it with arithmetic='float'"
                )
            one = arr * 0 + 1
            out_a, out_b = one, one * Fraction(1, 2)
            return (out_a, out_b) if isinstance(w, np.ndarray) else (out_a.item(), out_b.item())
        wf = np.maximum(np.asarray(w, dtype=np.float64), float(self.low_window))
        x = self._log_fraction(wf)
        hd = float(self.high_decrease)
        b = (hd - 0.5) * x + 0.5
        lp = math.log(float(self.loss_at_low_window))
        p = np.exp(x * (math.log(float(self.high_p)) - lp) + lp)
        a = wf * wf * p * 2 * b / (2 - b)
        low = np.asarray(w, dtype=np.float64) <= float(self.low_window)
        a, b = np.where(low, 1.0, a), np.where(low, 0.5, b)
        return (a, b) if isinstance(w, np.ndarray) else (float(a), float(b))

    def a(self, w: Any) -> Any:
        """Return the increase per RTT ``a(w)`` (RFC 3649 Sec. 5).

        Examples
        --------
        >>> import numpy as np
        >>> round(float(HighSpeed().a(np.array([1000.0]))[0]), 3)
        8.034
        """
        return self._params(w)[0]

    def b(self, w: Any) -> Any:
        """Return the decrease fraction ``b(w)``: a loss leaves ``(1 - b(w)) w`` (Sec. 5).

        Examples
        --------
        >>> import numpy as np
        >>> round(float(HighSpeed().b(np.array([1000.0]))[0]), 4)
        0.3299
        """
        return self._params(w)[1]

    def init(self, x: Any) -> WindowState:
        return WindowState(x)

    def window(self, s: WindowState) -> Any:
        return s.w

    def increase(self, s: WindowState) -> WindowState:
        return WindowState(s.w + self.a(s.w))

    def decrease(self, s: WindowState) -> WindowState:
        return WindowState(s.w * (1 - self.b(s.w)))
