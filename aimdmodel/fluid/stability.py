"""Stability maps: the RED loop's operating point and margins over many parameter sets at once.

:func:`stability_map` evaluates, with numpy over arrays of ``(N, C, Tp)``,
the same formulas that :func:`~aimdmodel.fluid.linearize` substitutes one
point at a time: the operating point and the plant coefficients come from
:func:`~aimdmodel.fluid.linear.plant_formulas` (sympy, lambdified once per
policy), RED's crossing :math:`p_{RED}(q_0) = p_0(q_0)` is found by
bisection (the profile rises, the need falls with ``q_0``), and the margins
by :func:`~aimdmodel.fluid.loop_margins`. ``tests/test_fluid_linear.py``
checks the map against the exact per-point analysis.

Examples
--------
>>> import numpy as np
>>> from aimdmodel.fluid import RED
>>> sm = stability_map(np.array([20, 60, 100]), 3750.0, 0.2, red=RED(50, 550, 0.1, w_q=1e-4))
>>> sm.stable.tolist()
[False, True, True]
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy

from .._validate import check_positive_number
from ..policies import Policy
from .aqm import RED, red_drop_probability, red_filter_rate, red_slope
from .equilibrium import _limit
from .limit import RENO
from .linear import _C, _N, _Q0, _TP, Margins, loop_margins, plant_formulas

__all__ = ["StabilityMap", "stability_map"]

_KEYS = ("loss", "window", "rtt", "tcp_pole", "tcp_gain", "queue_gain", "queue_pole")


@dataclass(frozen=True)
class StabilityMap:
    """Operating points and loop margins over arrays of parameters (all of one shape).

    Attributes
    ----------
    n_flows, capacity, prop_delay : ndarray
        The parameters, broadcast to one shape.
    queue, rtt, window, loss : ndarray
        The operating point (nan where there is none).
    margins : Margins
        Of arrays; ``margins.stable`` is False where the point sits on the
        jump of RED's profile or has no operating point.
    hollot : ndarray of bool
        Hollot et al.'s sufficient condition (Proposition 1) holds.
    region : ndarray of str
        ``"red"``, ``"red-jump"``, ``"buffer"`` or ``"none"``.
    red : RED
    policy : Policy

    Examples
    --------
    >>> sm = stability_map(60, 3750.0, 0.2, red=RED(50, 550, 0.1, w_q=1e-4))
    >>> sm.region.tolist(), round(float(sm.queue), 2)
    ('red', 99.85)
    """

    n_flows: np.ndarray
    capacity: np.ndarray
    prop_delay: np.ndarray
    queue: np.ndarray
    rtt: np.ndarray
    window: np.ndarray
    loss: np.ndarray
    margins: Margins
    hollot: np.ndarray
    region: np.ndarray
    red: RED
    policy: Policy

    @property
    def stable(self) -> np.ndarray:
        """Where the linearized closed loop is stable."""
        return self.margins.stable

    def plot(self, ax: Any = None, *, x: str = "n_flows", y: str = "prop_delay") -> list:
        """Draw the gain margin over two of the parameters (a 2-d map); see plots."""
        from .plots import plot_stability_map

        return plot_stability_map(self, ax, x=x, y=y)


@functools.lru_cache(maxsize=32)
def _numeric(limit: Any) -> dict[str, Any]:
    forms = plant_formulas(limit)
    free = set().union(*(sympy.sympify(forms[k], strict=True).free_symbols for k in _KEYS))
    if free - {_N, _C, _TP, _Q0}:
        raise TypeError("stability_map needs a policy with numeric parameters")
    return {k: sympy.lambdify((_N, _C, _TP, _Q0), forms[k], "numpy") for k in _KEYS}


def _crossing(f: dict, n: Any, c: Any, tp: Any, red: RED, top: Any) -> tuple[Any, Any]:
    """Bisect ``p_red(q) - p_need(q)`` (increasing in q) on ``[0, top]``."""
    def gap(q: Any) -> Any:
        return red_drop_probability(q, red) - f["loss"](n, c, tp, q)

    lo, hi = np.zeros_like(n), np.broadcast_to(top, n.shape).astype(float)
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        up = gap(mid) >= 0
        lo, hi = np.where(up, lo, mid), np.where(up, mid, hi)
    q0 = hi
    g_top = gap(np.broadcast_to(top, n.shape).astype(float))
    on_jump = np.abs(gap(q0)) > 1e-9 * np.maximum(f["loss"](n, c, tp, q0), 1e-300)
    region = np.where(g_top < 0, "buffer", np.where(on_jump, "red-jump", "red"))
    return q0, region


def stability_map(n_flows: Any, capacity: Any, prop_delay: Any, *, red: RED,
                  policy: Policy = RENO, buffer: float | None = None) -> StabilityMap:
    """Evaluate the RED loop's operating point and margins over arrays of ``(N, C, Tp)``.

    Parameters
    ----------
    n_flows, capacity, prop_delay : array_like
        ``N``, ``C`` (packets/s), ``Tp`` (s), all ``> 0``; broadcast together.
    red : RED
    policy : Policy
        With numeric parameters.
    buffer : float, optional
        Packets; a crossing beyond it puts the point at the full buffer
        (region ``"buffer"``, margins nan). Without it the search stops at
        ``4 max_th``.

    Returns
    -------
    StabilityMap

    Examples
    --------
    >>> sm = stability_map([10, 100], 3750.0, [0.1, 0.3], red=RED(50, 550, 0.1, w_q=1e-4))
    >>> sm.margins.gain_margin.shape
    (2,)
    """
    if not isinstance(red, RED):
        raise TypeError(f"red must be an aimdmodel.scenario.RED, got {red!r}")
    n, c, tp = (np.asarray(v, dtype=float) for v in (n_flows, capacity, prop_delay))
    n, c, tp = np.broadcast_arrays(n, c, tp)
    for name, arr in (("n_flows", n), ("capacity", c), ("prop_delay", tp)):
        if not np.all(np.isfinite(arr) & (arr > 0)):
            raise ValueError(f"{name} must be finite and > 0 everywhere")
    if buffer is not None:
        check_positive_number("buffer", buffer)
    f = _numeric(_limit(policy))
    top = float(buffer) if buffer is not None else 4.0 * red.max_th
    q0, region = _crossing(f, n, c, tp, red, top)
    val = {k: np.asarray(f[k](n, c, tp, q0), dtype=float) * np.ones_like(n) for k in _KEYS}
    dc = red_slope(q0, red) * val["tcp_gain"] * val["queue_gain"] / (
        val["tcp_pole"] * val["queue_pole"])
    k_red = red_filter_rate(red, c)
    good = region == "red"
    m = loop_margins(np.where(good, dc, np.nan), k_red, val["tcp_pole"], val["queue_pole"],
                     val["rtt"])
    keys = ("gain_margin", "phase_margin", "phase_crossover", "gain_crossover", "dc_gain")
    m = Margins(*(np.asarray(getattr(m, k)) for k in keys), stable=np.asarray(m.stable) & good)
    wg = 0.1 * np.minimum(val["tcp_pole"], val["queue_pole"])
    hollot = good & (dc <= np.sqrt((wg / k_red) ** 2 + 1.0))
    return StabilityMap(n_flows=n, capacity=c, prop_delay=tp, queue=q0, rtt=val["rtt"],
                        window=val["window"], loss=val["loss"], margins=m, hollot=hollot,
                        region=region, red=red, policy=policy)
