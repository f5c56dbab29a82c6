r"""What the bottleneck tells the fluid flows: RED, DropTail, or a constant loss probability.

Three queue managements, each giving the drop (or mark) probability
:math:`p(t)` that the loss-indication rate
:math:`\lambda = W(t-R)\,p(t-R)/R(t-R)` of :mod:`aimdmodel.fluid.limit` uses:

* **RED** (:class:`aimdmodel.scenario.RED`), as Misra, Gong & Towsley
  (SIGCOMM 2000, Sec. 4) and Hollot et al. (INFOCOM 2001, Sec. III) model
  it: the average queue :math:`x` is a low-pass filter of the queue,

  .. math:: \dot x(t) = K\,(q(t) - x(t)), \qquad K = -\ln(1 - w_q)/\delta,

  with the sampling interval :math:`\delta = 1/C` (one sample per packet
  time at the link rate: MGT's continuous form of the per-packet EWMA
  ``x <- (1 - w_q) x + w_q q``), and :math:`p = p(x)` the drop profile
  (:func:`red_drop_probability`): 0 below ``min_th``, rising linearly to
  ``max_p`` at ``max_th``, then 1 (Floyd & Jacobson 1993); with
  ``gentle`` it rises linearly from ``max_p`` to 1 between ``max_th`` and
  ``2 max_th`` (Floyd's gentle RED) and is 1 beyond. Left out: RED's
  count-based spreading of drops (``p_a = p_b / (1 - count p_b)``), the
  idle-time correction of the average, byte mode.
* **DropTail**: no drop while the queue is below the buffer ``B``; at
  ``q = B`` the arriving fluid in excess of the capacity is dropped, so the
  drop probability is the overflowing fraction
  :func:`overflow_probability` :math:`(1 - C/y)^+` of the arrival rate
  :math:`y` (fluid conservation: the queue stays at ``B`` and ``y - C`` per
  second is lost). The same overflow applies on top of RED and of a
  constant ``p`` when their queue reaches the buffer.
* **a constant p** (:class:`ConstantLoss`, open loop): ``p(t) = p``
  whatever the queue, e.g. to compare with a response function.

Examples
--------
>>> from aimdmodel.scenario import RED
>>> red = RED(min_th=50, max_th=150, max_p=0.1)
>>> red_drop_probability([0, 100, 150, 200], red).tolist()
[0.0, 0.05, 1.0, 1.0]
>>> red_drop_probability([200], RED(50, 150, 0.1, gentle=True)).round(4).tolist()
[0.4]
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from .._arith import to_fraction
from ..scenario import RED

__all__ = [
    "DROPTAIL",
    "RED",
    "ConstantLoss",
    "RedSegment",
    "check_aqm",
    "overflow_probability",
    "red_drop_probability",
    "red_filter_rate",
    "red_segments",
    "red_slope",
]

DROPTAIL = "droptail"
"""The name that selects DropTail as the queue management."""


@dataclass(frozen=True)
class ConstantLoss:
    """A drop probability that does not depend on the queue (open loop).

    Parameters
    ----------
    p : float
        Probability that a packet is dropped, ``0 <= p <= 1``.

    Examples
    --------
    >>> ConstantLoss(0.01).p
    0.01
    >>> ConstantLoss(1.5)
    Traceback (most recent call last):
    ...
    ValueError: p must be in [0, 1], got 1.5
    """

    p: float

    def __post_init__(self) -> None:
        if isinstance(self.p, bool) or not isinstance(self.p, numbers.Real):
            raise TypeError(f"p must be a real number in [0, 1], got {self.p!r}")
        if not (math.isfinite(self.p) and 0 <= self.p <= 1):
            raise ValueError(f"p must be in [0, 1], got {self.p!r}")


@dataclass(frozen=True)
class RedSegment:
    """One linear piece of RED's drop profile: ``p(x) = p_lo + slope (x - lo)`` on ``[lo, hi)``.

    Values are exact Fractions; ``hi`` is None for the last piece.

    Examples
    --------
    >>> red_segments(RED(5, 15, 0.1))[1]
    RedSegment(lo=Fraction(5, 1), hi=Fraction(15, 1), p_lo=Fraction(0, 1), slope=Fraction(1, 100))
    """

    lo: Fraction
    hi: Fraction | None
    p_lo: Fraction
    slope: Fraction


def red_segments(red: RED) -> tuple[RedSegment, ...]:
    """Return RED's drop profile as exact linear pieces, the one definition of it.

    Parameters
    ----------
    red : RED
        ``min_th``, ``max_th``, ``max_p`` and ``gentle`` are used.

    Returns
    -------
    tuple of RedSegment
        ``[0, min_th)``: 0; ``[min_th, max_th)``: 0 to ``max_p``; then
        ``[max_th, oo)``: 1, or with ``gentle`` ``[max_th, 2 max_th)``:
        ``max_p`` to 1 and ``[2 max_th, oo)``: 1.

    Examples
    --------
    >>> [str(s.slope) for s in red_segments(RED(5, 15, 0.1, gentle=True))]
    ['0', '1/100', '3/50', '0']
    """
    if not isinstance(red, RED):
        raise TypeError(f"red must be an aimdmodel.scenario.RED, got {red!r}")
    lo, hi, pmax = (to_fraction(v, n) for v, n in
                    ((red.min_th, "min_th"), (red.max_th, "max_th"), (red.max_p, "max_p")))
    zero, one = Fraction(0), Fraction(1)
    pieces = [RedSegment(zero, lo, zero, zero), RedSegment(lo, hi, zero, pmax / (hi - lo))]
    if red.gentle:
        pieces += [RedSegment(hi, 2 * hi, pmax, (one - pmax) / hi),
                   RedSegment(2 * hi, None, one, zero)]
    else:
        pieces.append(RedSegment(hi, None, one, zero))
    return tuple(pieces)


def _piece(x: np.ndarray, red: RED) -> tuple[np.ndarray, tuple[RedSegment, ...]]:
    segs = red_segments(red)
    edges = np.array([float(s.lo) for s in segs[1:]])
    return np.searchsorted(edges, x, side="right"), segs


def red_drop_probability(x: Any, red: RED) -> np.ndarray:
    """Return RED's drop probability at the average queue ``x`` (packets).

    Examples
    --------
    >>> red_drop_probability(10.0, RED(5, 15, 0.1)).item()
    0.05
    """
    x = np.asarray(x, dtype=np.float64)
    k, segs = _piece(x, red)
    p_lo = np.array([float(s.p_lo) for s in segs])[k]
    lo = np.array([float(s.lo) for s in segs])[k]
    slope = np.array([float(s.slope) for s in segs])[k]
    return np.minimum(p_lo + slope * (x - lo), 1.0)


def red_slope(x: Any, red: RED) -> np.ndarray:
    """Return the slope ``dp/dx`` of the drop profile at ``x`` (right derivative at a kink).

    In the linear region this is Hollot et al.'s
    ``L_red = max_p / (max_th - min_th)``; with ``gentle`` it is
    ``(1 - max_p) / max_th`` between ``max_th`` and ``2 max_th``.

    Examples
    --------
    >>> red_slope([4.0, 10.0], RED(5, 15, 0.1)).tolist()
    [0.0, 0.01]
    """
    x = np.asarray(x, dtype=np.float64)
    k, segs = _piece(x, red)
    return np.array([float(s.slope) for s in segs])[k]


def red_filter_rate(red: RED, capacity: Any) -> Any:
    """Return the break frequency ``K = -C ln(1 - w_q)`` of RED's average (rad/s).

    MGT's continuous EWMA with one sample per packet time ``delta = 1/C``
    (``capacity`` in packets per second); infinite for ``w_q = 1`` (no
    averaging). Works on arrays.

    Examples
    --------
    >>> round(red_filter_rate(RED(w_q=0.002), 3750.0), 4)
    7.5075
    """
    c = np.asarray(capacity, dtype=float)
    k = np.full_like(c, np.inf) if red.w_q >= 1 else -c * math.log1p(-red.w_q)
    return float(k) if k.ndim == 0 else k


def overflow_probability(arrival: Any, capacity: Any) -> np.ndarray:
    """Return the fraction ``(1 - C/y)^+`` of the arrival rate ``y`` that a full buffer drops.

    Examples
    --------
    >>> overflow_probability([50.0, 200.0], 100.0).tolist()
    [0.0, 0.5]
    """
    y = np.asarray(arrival, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(y > capacity, 1.0 - capacity / np.where(y > 0, y, 1.0), 0.0)


def check_aqm(aqm: Any) -> Any:
    """Check a queue management: ``"droptail"``, a RED, or a ConstantLoss.

    Examples
    --------
    >>> check_aqm("droptail")
    'droptail'
    >>> check_aqm("codel")
    Traceback (most recent call last):
    ...
    ValueError: aqm must be 'droptail', an aimdmodel.scenario.RED or a ConstantLoss, got 'codel'
    """
    if aqm == DROPTAIL or isinstance(aqm, (RED, ConstantLoss)):
        return aqm
    raise ValueError(
        f"aqm must be 'droptail', an aimdmodel.scenario.RED or a ConstantLoss, got {aqm!r}"
    )
