r"""The fluid model against the synchronous model's sawtooth, at the same loss rate.

Both models give a flow's window at a loss rate ``p`` (losses per packet
sent), but they are different objects:

* the **sawtooth** of the synchronous model (:func:`aimdmodel.symbolic.derive`,
  one flow, capacity ``W``): the window climbs to the peak ``W`` and is
  decreased there, once per cycle, so ``p = 1 / N(W)`` with ``N`` the
  packets per cycle; its mean window (packets per RTT) is
  ``efficiency * W = C / sqrt(p)`` with ``C = derive(policy).response_constant``;
* the **fluid fixed point** (MGT's mean-field window) at a constant ``p``:
  the increase per RTT balances the decreases at the rate
  ``W0 p`` per RTT, each of size ``-jump(W0)``.

The two loss balances differ in one place: the sawtooth decreases at its
*peak*, the mean-field model at its mean. Per RTT, ``a_i`` is removed by
``W_mean p`` losses in both, so

.. math::

    -\mathrm{jump}(W_0)\,W_0 = -\mathrm{jump}(W_{peak})\,W_{mean},

which for AIMD(a, b) reads :math:`W_0^2 = W_{peak} W_{mean}`: the fluid
window is the *geometric mean* of the sawtooth's peak and mean, larger than
the mean by :math:`\sqrt{2/(1+b)}` (15.5 % for ``b = 1/2``, 3.3 % for
``b = 7/8``); for AIAD (a decrease that does not depend on the window) the
two means coincide. :func:`compare_with_sawtooth` computes every side of
this: the fluid window by integrating the delay-differential equation
(not from the fixed-point formula), the sawtooth from ``derive``, and
checks the identity exactly with sympy.

Examples
--------
>>> from aimdmodel import AIMD
>>> cmp = compare_with_sawtooth(AIMD(), 0.01)
>>> round(cmp.ratio_to_mean, 4), round(cmp.ratio_to_geometric_mean, 4), cmp.identity_holds
(1.1547, 1.0, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import sympy

from ..policies import Policy
from ..symbolic import W, derive
from .aqm import ConstantLoss
from .equations import exact
from .equilibrium import operating_point
from .limit import RENO, fluid_limit
from .result import FluidClass
from .solver import simulate_fluid

__all__ = ["SawtoothComparison", "compare_with_sawtooth"]


@dataclass(frozen=True)
class SawtoothComparison:
    """The fluid window and the sawtooth's windows at one loss rate.

    Attributes
    ----------
    policy : Policy
    p : float
        Loss rate (losses per packet).
    rtt : float
        Round-trip time of the fluid run (s; no queue builds).
    fluid_window : float
        Mean window of the integrated fluid model after its transient.
    fluid_fixed_point : sympy.Expr
        The exact equilibrium window ``W0`` (:func:`operating_point`).
    sawtooth_peak, sawtooth_mean : sympy.Expr
        The synchronous model's peak ``W`` with ``N(W) = 1/p`` and its mean
        ``efficiency * W`` (exact, from ``derive``).
    response_constant : sympy.Expr or None
        ``derive(policy).response_constant`` (None when it depends on ``W``).
    identity_holds : bool
        ``jump(W0) W0 == jump(peak) mean``, decided exactly.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> cmp = compare_with_sawtooth(AIMD(b=7 / 8), 0.001)
    >>> round(cmp.ratio_to_mean, 4)
    1.0328
    """

    policy: Policy
    p: float
    rtt: float
    fluid_window: float
    fluid_fixed_point: Any
    sawtooth_peak: Any
    sawtooth_mean: Any
    response_constant: Any
    identity_holds: bool

    @property
    def ratio_to_mean(self) -> float:
        """Fluid window over the sawtooth's mean window (the response constants' ratio)."""
        return self.fluid_window / float(self.sawtooth_mean)

    @property
    def ratio_to_geometric_mean(self) -> float:
        """Fluid window over ``sqrt(peak * mean)`` of the sawtooth."""
        return self.fluid_window / math.sqrt(float(self.sawtooth_peak * self.sawtooth_mean))

    @property
    def solver_error(self) -> float:
        """Relative difference of the integrated window from the exact fixed point."""
        w0 = float(self.fluid_fixed_point)
        return abs(self.fluid_window - w0) / w0


def _sawtooth(policy: Policy, p: Any) -> tuple[Any, Any, Any]:
    cf = derive(policy)
    if cf.packets_per_cycle is None or cf.efficiency is None:
        raise ValueError(f"the synchronous model gives {policy.label()} no cycle: {cf.reason}")
    peaks = [s for s in sympy.solve(sympy.Eq(cf.packets_per_cycle, 1 / p), W) if s.is_positive]
    if len(peaks) != 1:
        raise ValueError(f"N(W) = 1/p has no unique positive solution for {policy.label()}")
    peak = peaks[0]
    const = cf.response_constant
    const = None if const is None or const.free_symbols else const
    return peak, sympy.simplify(cf.efficiency.subs(W, peak) * peak), const


def compare_with_sawtooth(policy: Policy = RENO, p: float = 0.01, *, rtt: float = 0.1,
                          settle: float = 40.0) -> SawtoothComparison:
    """Integrate the fluid model at a constant ``p`` and compare with the sawtooth.

    Parameters
    ----------
    policy : Policy
        A policy with a fluid limit and a cycle in the synchronous model.
    p : float
        Loss rate, ``0 < p < 1``.
    rtt : float
        Round-trip time (s): the capacity is set far above the flow's rate,
        so no queue builds and ``R = rtt``.
    settle : float
        Length of the run in time constants ``R / ((2 (1 - b_d) W0 - a_d) p)``
        of the linearized window equation (``W0 R / (2a)`` for AIMD(a, b));
        the mean is taken over the last half.

    Returns
    -------
    SawtoothComparison

    Examples
    --------
    >>> from aimdmodel import AIAD
    >>> round(compare_with_sawtooth(AIAD(), 0.01).ratio_to_mean, 4)
    1.0
    """
    if not 0 < p < 1:
        raise ValueError(f"p must be in (0, 1), got {p!r}")
    lim = fluid_limit(policy)
    w0 = operating_point(1, 1, rtt, policy=policy, aqm=ConstantLoss(p)).window
    peak, mean, const = _sawtooth(policy, exact(p))
    tau = rtt / (float(2 * (1 - lim.jump_factor) * w0 - lim.jump_constant) * p)
    dt = rtt / 100
    run = simulate_fluid(FluidClass(1, rtt, policy, w0=float(w0) / 2), 1e3 * float(w0) / rtt,
                         buffer=1.0, aqm=ConstantLoss(p), duration=settle * tau + rtt,
                         warmup=settle * tau / 2, dt=dt, record_every=1000)
    same = sympy.simplify(lim.jump(exact(w0)) * w0 - lim.jump(peak) * mean) == 0
    return SawtoothComparison(policy=policy, p=float(p), rtt=float(rtt),
                              fluid_window=float(run.mean_window[0]), fluid_fixed_point=w0,
                              sawtooth_peak=peak, sawtooth_mean=mean, response_constant=const,
                              identity_holds=bool(same))
