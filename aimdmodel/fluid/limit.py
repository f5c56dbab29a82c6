r"""The fluid limit of a policy: MGT's window equation generalized from its declared coefficients.

Misra, Gong & Towsley (SIGCOMM 2000, Sec. 3) model one TCP flow's window as
a jump process: it grows by one packet per round trip and is halved at
every loss indication, the indications arriving as a Poisson process of
rate :math:`\lambda(t) = W(t-R)\,p(t-R)/R(t-R)` (the flow's sending rate
one round trip ago times the drop probability it met). Taking expectations
and replacing :math:`E[W(t)\,W(t-R)]` by :math:`E[W(t)]\,E[W(t-R)]` (the
mean-field step) gives the ODE of Hollot et al. (INFOCOM 2001, Sec. II,
Eq. (1))

.. math::

    \dot W(t) = \frac{1}{R(t)} - \frac{W(t)}{2}\,
                \frac{W(t-R(t))}{R(t-R(t))}\,p(t-R(t)).

Here the two halves of that equation come from the policy: a linear
control declares ``(a_i, b_i, a_d, b_d)`` (verified on its own methods by
:func:`aimdmodel.engines.declarations.linear_spec`), its increase adds
``a_i`` per round trip (``b_i = 1``) and a loss indication moves the window
by the jump ``max(a_d + b_d W, floor) - W``. The window equation is

.. math::

    \dot W(t) = \frac{a_i}{R(t)} + \bigl(a_d - (1 - b_d)\,W(t)\bigr)\,\lambda(t),

so AIMD(a, b) gives :math:`a/R - (1-b)\,W\,W(t-R)\,p(t-R)/R(t-R)` and
AIMD(1, 1/2) gives MGT's equation; AIAD(a, d) gives
:math:`a/R - d\,\lambda(t)`. Nothing is looked up by class name.

Which policies have no fluid limit here, and why (they are refused with a
``ValueError`` that says so):

* **multiplicative increase** (``b_i != 1``: MIMD, MIAD, a general linear
  control): the fluid limit is not determined by the per-round-trip rule.
  Spread over the ACKs of a round trip (``(b_i - 1)`` per ACK) the increase
  is :math:`(b_i - 1) W / R`; as the flow whose round-trip map is
  ``w -> b_i w`` it is :math:`\ln(b_i) W / R`. The two differ (a doubling
  per RTT becomes a factor e per RTT under the first) and agree only as
  ``b_i -> 1``; an additive increase gives ``a_i / R`` under both. The
  toolkit does not pick one silently.
* **rules whose state is not the window alone** (AIMD-FC, AIMD-FC+,
  New-AIMD): no ``linear_coefficients``. AIMD-FC's decrease ``w <- b w + k``
  keeps the additive part ``k`` "common knowledge" of all flows since the
  last *synchronized* congestion event; with MGT's independent Poisson loss
  indications there is no common last event, so the rule has no meaning
  in this model. New-AIMD as printed increments ``t`` at a congestion step
  too, so once its ``x`` have decayed its window never decreases (no
  equilibrium at any loss rate, see :func:`aimdmodel.symbolic.derive`);
  its charitable reading is stuck at the capacity with a loss every RTT,
  which a fluid model of averages cannot express.
* **rules that read the bottleneck's signal** (the Westwood rule) and
  mixtures (:class:`~aimdmodel.policies.FlowMix`): give each class of
  flows its own policy instead.
* per-flow parameters: a fluid class is ``N`` *identical* flows; give each
  class its own policy.

Examples
--------
>>> from aimdmodel import AIMD
>>> lim = fluid_limit(AIMD())
>>> lim.increase, lim.jump_constant, lim.jump_factor
(Fraction(1, 1), Fraction(0, 1), Fraction(1, 2))
>>> lim.window_rate(10.0, 0.1, 2.0)   # 1/0.1 - 10/2 * 2
0.0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .._arith import is_number, to_fraction
from ..engines.declarations import linear_spec
from ..policies import AIMD, Policy

__all__ = ["RENO", "FluidLimit", "fluid_limit"]

RENO: Policy = AIMD()
"""AIMD(1, 1/2), TCP Reno's congestion avoidance: the default window rule."""


@dataclass(frozen=True)
class FluidLimit:
    """The window equation of one flow in the fluid limit (see the module docstring).

    Attributes
    ----------
    policy : Policy
        The policy it was derived from.
    increase : number
        ``a_i``: packets added per round trip (the additive increase).
    jump_constant, jump_factor : number
        ``a_d`` and ``b_d``: a loss indication takes the window ``w`` to
        ``max(a_d + b_d w, floor)``.
    floor : number
        The policy's window floor.

    Examples
    --------
    >>> from aimdmodel import AIAD
    >>> lim = fluid_limit(AIAD(d=2))
    >>> str(lim.jump(10))
    '-2'
    """

    policy: Policy
    increase: Any
    jump_constant: Any
    jump_factor: Any
    floor: Any

    def jump(self, w: Any) -> Any:
        """Return the window change at one loss indication, ``a_d - (1 - b_d) w``.

        The floor is left out (plain arithmetic, so that sympy can
        differentiate it); the solver applies it, and
        :func:`~aimdmodel.fluid.operating_point` checks that it does not
        bind at the operating point.

        Examples
        --------
        >>> float(fluid_limit(AIMD()).jump(8.0))
        -4.0
        """
        return self.jump_constant - (1 - self.jump_factor) * w

    def window_rate(self, w: Any, rtt: Any, loss_rate: Any) -> Any:
        r"""Return :math:`\dot W = a_i / R + (a_d - (1 - b_d) W)\,\lambda`.

        Parameters
        ----------
        w : number or sympy expression
            The window :math:`W(t)` (packets).
        rtt : number or sympy expression
            The round-trip time :math:`R(t)` (seconds).
        loss_rate : number or sympy expression
            The rate of loss indications
            :math:`\lambda(t) = W(t-R)\,p(t-R)/R(t-R)` (per second).

        Examples
        --------
        >>> import sympy
        >>> W, R, lam = sympy.symbols("W R lambda", positive=True)
        >>> fluid_limit(AIMD()).window_rate(W, R, lam)
        -W*lambda/2 + 1/R
        """
        return self.increase / rtt + self.jump(w) * loss_rate

    def as_floats(self) -> tuple[float, float, float, float]:
        """Return ``(a_i, a_d, b_d, floor)`` as floats (for the compiled solver).

        Examples
        --------
        >>> fluid_limit(AIMD(a=2)).as_floats()
        (2.0, 0.0, 0.5, 0.0)
        """
        return tuple(float(v) for v in  # type: ignore[return-value]
                     (self.increase, self.jump_constant, self.jump_factor, self.floor))


def _refuse(policy: Policy, why: str) -> ValueError:
    return ValueError(f"policy {policy.label()} has no fluid limit in this model: {why} "
                      "(see aimdmodel.fluid.limit for which policies have one)")


def _why_not_linear(policy: Policy) -> str:
    """Say why a policy without ``linear_coefficients`` has no window equation here."""
    if policy.uses_signal:
        return ("it reads the bottleneck's signal (capacity and total of a step), which a "
                "class of fluid flows does not receive")
    try:
        fields = tuple(policy.init(1.0)._fields)
    except (TypeError, ValueError, AttributeError, IndexError):  # e.g. a mixture
        fields = ()
    if len(fields) > 1:
        return (f"its state ({', '.join(fields)}) is not the window alone, so MGT's "
                "one-variable window equation does not describe it")
    return "it declares no linear_coefficients (an increase a_i + b_i w, decrease a_d + b_d w)"


def fluid_limit(policy: Policy = RENO) -> FluidLimit:
    """Return the fluid limit of ``policy``, or refuse it with the reason.

    Parameters
    ----------
    policy : Policy
        A linear control with additive increase (AIMD, AIAD, a
        :class:`~aimdmodel.LinearControl` with ``b_i = 1``), parameters
        numeric (verified on the policy's own methods) or sympy symbols
        (taken as declared).

    Returns
    -------
    FluidLimit

    Raises
    ------
    TypeError
        If ``policy`` is not a Policy.
    ValueError
        If the policy has no fluid limit here (the message says why).

    Examples
    --------
    >>> from aimdmodel import MIMD
    >>> fluid_limit(MIMD())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: policy MIMD(c=2, b=1/2) has no fluid limit in this model: ...
    """
    if not isinstance(policy, Policy):
        raise TypeError(f"policy must be an aimdmodel Policy, got {policy!r}")
    if policy.per_flow:
        raise _refuse(policy, "per-flow parameters (a fluid class is N identical flows; "
                              "give each class its own policy)")
    coef = policy.linear_coefficients
    if coef is None:
        raise _refuse(policy, _why_not_linear(policy))
    if all(is_number(v) for v in (*coef, policy.window_floor)):
        a_i, b_i, a_d, b_d, floor = (v[0] for v in linear_spec(policy, flows=1))
    else:  # symbolic parameters: taken as declared
        a_i, b_i, a_d, b_d = coef
        floor = policy.window_floor
        if is_number(floor):
            floor = to_fraction(floor)
    if not (b_i == 1):
        raise _refuse(policy, f"its increase is multiplicative (b_i = {b_i}): spread over the "
                              "ACKs it is (b_i - 1) W/R, as a flow of the round-trip map it is "
                              "ln(b_i) W/R, and the two disagree")
    return FluidLimit(policy=policy, increase=a_i, jump_constant=a_d, jump_factor=b_d,
                      floor=floor)
