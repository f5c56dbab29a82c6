"""The Westwood rule (Mehta & Dahiya) in the synchronous model (bandwidth-estimate decrease)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from ..feedback import Signal
from .base import Policy
from .linear import WindowState, _positive

__all__ = ["WestwoodRule"]


def _at_most(x: Any, hi: Any) -> Any:
    """Elementwise ``min(x, hi)`` for every arithmetic (floats, Fractions, arrays)."""
    if isinstance(x, np.ndarray):
        if x.dtype == object:
            return np.where(np.asarray(x > hi, dtype=bool), hi, x)
        return np.minimum(x, hi)
    return hi if hi < x else x


@dataclass(frozen=True, repr=False)
class WestwoodRule(Policy):
    """TCP Westwood's decrease in the synchronous model, without a queue.

    Mehta & Dahiya (Sec. II pseudocode): after three duplicate
    ACKs ``ssthresh = BWE * RTTmin / seg_size`` and ``cwnd = ssthresh`` if
    ``cwnd > ssthresh``. In the synchronous model without a buffer the RTT
    is ``RTTmin`` and at a congestion event the bottleneck delivers ``W``
    per RTT shared in proportion to the windows, so a flow's bandwidth
    estimate times ``RTTmin`` is ``w_i W / sum(w)``:

    * increase: ``w <- w + a`` (Reno's congestion avoidance);
    * decrease: ``w <- min(w, w W / sum(w))``.

    The decrease needs the capacity and the total of the step, so the rule
    declares ``uses_signal`` and receives the bottleneck's
    :class:`~aimdmodel.feedback.Signal`. What the model leaves out: the
    queue (RTT > RTTmin), the filtering of the bandwidth estimate, slow
    start and loss recovery.

    Parameters
    ----------
    a : number
        Additive increase per RTT, ``a > 0`` (default 1).

    Examples
    --------
    >>> from fractions import Fraction
    >>> from aimdmodel import simulate
    >>> tr = simulate(WestwoodRule(), [1, 30], 100, steps=40, arithmetic="exact")
    >>> [str(w) for w in tr.windows[36]], str(tr.totals[36])
    (['3600/101', '6500/101'], '100')
    """

    a: Any = 1

    name: ClassVar[str] = "westwood"
    display_name: ClassVar[str] = "Westwood"
    uses_signal: ClassVar[bool] = True

    def _validate(self) -> None:
        _positive("a", self.a)

    @property
    def affine_advance(self) -> bool:
        """True: the increase adds ``a``."""
        return True

    def init(self, x: Any) -> WindowState:
        return WindowState(x)

    def window(self, s: WindowState) -> Any:
        return s.w

    def increase(self, s: WindowState, signal: Signal | None = None) -> WindowState:
        return WindowState(s.w + self.a)

    def advance(self, s: WindowState, n: Any) -> WindowState:
        return WindowState(s.w + n * self.a)

    def decrease(self, s: WindowState, signal: Signal | None = None) -> WindowState:
        if signal is None:
            raise TypeError("WestwoodRule.decrease needs the bottleneck's Signal (capacity, total)")
        share = s.w * signal.capacity / signal.total
        return WindowState(_at_most(s.w, share))
