r"""The fluid model's equations in plain arithmetic, written once for sympy and for checks.

The solver (:mod:`aimdmodel.fluid._kernel`, compiled) implements the same
right-hand sides; ``tests/test_fluid_equations.py`` checks that they agree.

Examples
--------
>>> rtt(175, 3750, 0.2)
0.24666666666666667
>>> queue_rate(60, 925 / 60, rtt(175, 3750, 0.2), 3750)
0.0
"""

from __future__ import annotations

from typing import Any

import sympy

from .._arith import is_number, to_fraction
from .limit import FluidLimit

__all__ = ["exact", "loss_indication_rate", "queue_rate", "rtt", "window_rate"]


def exact(value: Any) -> Any:
    """Return a number as an exact sympy Rational (``0.2`` is ``1/5``); symbols pass.

    Examples
    --------
    >>> exact(0.2), exact(3750)
    (1/5, 3750)
    """
    if is_number(value):
        f = to_fraction(value)
        return sympy.Rational(f.numerator, f.denominator)
    return value


def rtt(queue: Any, capacity: Any, prop_delay: Any) -> Any:
    """Return the round-trip time ``R = q / C + Tp`` (Hollot et al. 2001, Sec. II).

    Examples
    --------
    >>> rtt(0, 1000, 0.1)
    0.1
    """
    return queue / capacity + prop_delay


def queue_rate(n_flows: Any, window: Any, round_trip: Any, capacity: Any) -> Any:
    """Return ``dq/dt = N W / R - C`` inside the buffer (MGT 2000; Hollot et al. Eq. (1)).

    Examples
    --------
    >>> queue_rate(10, 15, 0.15, 1000)
    0.0
    """
    return n_flows * window / round_trip - capacity


def loss_indication_rate(window: Any, loss: Any, round_trip: Any) -> Any:
    """Return ``lambda = W p / R``: loss indications per second of one flow.

    Evaluated one round trip earlier, it drives the window equation.

    Examples
    --------
    >>> loss_indication_rate(10, 0.02, 0.1)
    2.0
    """
    return window * loss / round_trip


def window_rate(limit: FluidLimit, window: Any, round_trip: Any, window_d: Any, loss_d: Any,
                round_trip_d: Any) -> Any:
    r"""Return :math:`\dot W` from the current and the delayed (``_d``) values.

    :math:`a_i/R + (a_d - (1-b_d) W)\,W_d\,p_d/R_d` (see
    :mod:`aimdmodel.fluid.limit`).

    Examples
    --------
    >>> from aimdmodel.fluid import fluid_limit
    >>> window_rate(fluid_limit(), 10.0, 0.1, 10.0, 0.02, 0.1)
    0.0
    """
    return limit.window_rate(window, round_trip,
                             loss_indication_rate(window_d, loss_d, round_trip_d))
