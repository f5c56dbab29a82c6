r"""The operating point of the fluid model, solved with sympy from its own equations.

At an equilibrium of :mod:`aimdmodel.fluid.solver`'s equations
(:math:`\dot W = 0`, :math:`\dot q = 0`, all delayed values equal to the
current ones) for ``N`` identical flows:

.. math::

    R_0 = q_0/C + T_p, \qquad W_0 = R_0 C / N, \qquad
    p_0:\ \frac{a_i}{R_0} + (a_d - (1-b_d) W_0)\frac{W_0 p_0}{R_0} = 0,

so :math:`(1-b) W_0^2 p_0 = a` for AIMD(a, b) and :math:`W_0^2 p_0 = 2` for
AIMD(1, 1/2) (Hollot et al., INFOCOM 2001, Sec. III). Nothing here is typed
in: the two equations are :func:`~aimdmodel.fluid.equations.queue_rate`
and :func:`~aimdmodel.fluid.equations.window_rate` solved by sympy, and the
queue ``q_0`` is either given (Hollot's way of choosing an operating point)
or set by the queue management:

* RED: the average queue where RED's profile gives the ``p_0`` the flows
  need, :math:`p_{RED}(q_0) = p_0(q_0)` (one crossing: the profile rises,
  the need falls with ``q_0``), solved exactly piece by piece of the profile
  (a polynomial root, exact as a sympy algebraic number). When the crossing
  falls on the jump of the non-gentle profile at ``max_th`` the point sits
  on the jump (no small-signal gain); when it lies beyond the buffer the
  point is at the full buffer (DropTail overflow).
* DropTail: the full buffer, ``q_0 = B``.
* a constant ``p``: :math:`W_0` from the window balance alone (the round
  trip cancels), then the queue from :math:`N W_0 / R_0 = C`; when
  :math:`N W_0 / T_p < C` the link is not full: ``q_0 = 0`` and the
  utilization is :math:`N W_0 / (T_p C)`.

Parameters are exact sympy numbers (``0.2`` is ``1/5``) or sympy symbols
(then the results are formulas; RED's crossing needs numbers).

Examples
--------
>>> op = operating_point(60, 3750, 0.2, 175)
>>> op.rtt, op.window, op.loss
(37/150, 185/12, 288/34225)
>>> op.window**2 * op.loss
2
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import sympy

from .._arith import is_number, is_symbolic
from .._validate import check_positive_number
from ..policies import Policy
from .aqm import DROPTAIL, RED, ConstantLoss, check_aqm, red_segments
from .equations import exact, queue_rate, rtt, window_rate
from .limit import RENO, FluidLimit, fluid_limit

__all__ = ["OperatingPoint", "operating_point"]

_W, _P, _Q = sympy.symbols("W p q", positive=True)


@dataclass(frozen=True)
class OperatingPoint:
    """An equilibrium of the fluid model for ``N`` identical flows (exact sympy values).

    Attributes
    ----------
    n_flows, capacity, prop_delay : sympy.Expr
        ``N``, ``C`` (packets/s), ``Tp`` (s).
    queue, rtt, window, loss : sympy.Expr
        ``q_0`` (packets), ``R_0`` (s), ``W_0`` (packets), ``p_0``.
    utilization : sympy.Expr
        ``N W_0 / (R_0 C)`` (1 unless a constant ``p`` leaves the link idle).
    policy : Policy
    limit : FluidLimit
    aqm : None, "droptail", RED or ConstantLoss
    region : str
        How ``q_0`` was found: ``"given"``, ``"red"`` (a sloped piece of the
        profile), ``"red-jump"``, ``"buffer"``, ``"constant-p"``,
        ``"constant-p-idle"``.
    notes : tuple of str

    Examples
    --------
    >>> op = operating_point(10, 1000, 0.1, 50)
    >>> op.floats()["window"], op.floats()["loss"]
    (15.0, 0.008888888888888889)
    """

    n_flows: Any
    capacity: Any
    prop_delay: Any
    queue: Any
    rtt: Any
    window: Any
    loss: Any
    utilization: Any
    policy: Policy
    limit: FluidLimit
    aqm: Any = None
    region: str = "given"
    notes: tuple[str, ...] = field(default=())

    def __str__(self) -> str:
        """Return the values with their units (the exact forms are the fields).

        Examples
        --------
        >>> print(operating_point(10, 1000, 0.1, 50))
        N = 10 flows, C = 1000 packets/s, Tp = 0.1 s: queue 50 packets, RTT 0.15 s,
        window 15 packets, loss rate 0.008889, utilization 1 (queue given)
        """
        v = self.floats()
        return (f"N = {self.n_flows} flows, C = {float(self.capacity):g} packets/s, Tp = "
                f"{float(self.prop_delay):g} s: queue {v['queue']:.4g} packets, RTT "
                f"{v['rtt']:.4g} s, window {v['window']:.4g} packets, loss rate "
                f"{v['loss']:.4g}, utilization {v['utilization']:.4g} (queue {self.region})")

    def floats(self) -> dict[str, float]:
        """Return ``queue``, ``rtt``, ``window``, ``loss``, ``utilization`` as floats.

        Examples
        --------
        >>> operating_point(100, 10000, 0.05, 0).floats()["rtt"]
        0.05
        """
        names = ("queue", "rtt", "window", "loss", "utilization")
        return {k: float(getattr(self, k)) for k in names}


def _limit(policy: Policy) -> FluidLimit:
    lim = fluid_limit(policy)
    return FluidLimit(policy=lim.policy, increase=exact(lim.increase),
                      jump_constant=exact(lim.jump_constant),
                      jump_factor=exact(lim.jump_factor), floor=exact(lim.floor))


def _needed(lim: FluidLimit, n: Any, c: Any, tp: Any, q: Any) -> tuple[Any, Any, Any]:
    """``R_0``, ``W_0`` and the ``p_0`` the flows need at queue ``q`` (sympy solves)."""
    r0 = rtt(q, c, tp)
    (w0,) = sympy.solve(queue_rate(n, _W, r0, c), _W)
    (p0,) = sympy.solve(window_rate(lim, w0, r0, w0, _P, r0), _P)
    return r0, sympy.simplify(w0), sympy.simplify(p0)


def _check_inputs(n_flows: Any, capacity: Any, prop_delay: Any, queue: Any) -> None:
    for name, v in (("n_flows", n_flows), ("capacity", capacity), ("prop_delay", prop_delay)):
        if not is_symbolic(v):
            check_positive_number(name, v)
    if queue is not None and not is_symbolic(queue):
        if not is_number(queue):
            raise TypeError(f"queue must be a real number >= 0 (packets), got {queue!r}")
        if not queue >= 0:
            raise ValueError(f"queue must be >= 0 (packets), got {queue!r}")


def operating_point(n_flows: Any, capacity: Any, prop_delay: Any, queue: Any = None, *,
                    policy: Policy = RENO, aqm: Any = None,
                    buffer: Any = None) -> OperatingPoint:
    """Solve the equilibrium of ``n_flows`` identical flows at one bottleneck.

    Parameters
    ----------
    n_flows, capacity, prop_delay : number or sympy symbol
        ``N > 0``, ``C > 0`` (packets/s), ``Tp > 0`` (s).
    queue : number, sympy symbol or None
        ``q_0`` (packets); None: set by ``aqm``.
    policy : Policy
        The flows' rule (:func:`~aimdmodel.fluid.fluid_limit`).
    aqm : None, "droptail", RED or ConstantLoss
        Needed when ``queue`` is None (kept for :func:`linearize` otherwise).
    buffer : number or None
        Packets; needed by DropTail, optional for RED.

    Returns
    -------
    OperatingPoint

    Raises
    ------
    ValueError
        Non-positive ``N``, ``C``, ``Tp``; a negative queue; no equilibrium
        with ``0 < p_0 <= 1`` (the message says what was needed).

    Examples
    --------
    >>> from aimdmodel.fluid import RED
    >>> op = operating_point(60, 3750, 0.2, aqm=RED(min_th=50, max_th=550, max_p=0.1))
    >>> round(float(op.queue), 2), op.region
    (99.85, 'red')
    """
    _check_inputs(n_flows, capacity, prop_delay, queue)
    lim = _limit(policy)
    n, c, tp = exact(n_flows), exact(capacity), exact(prop_delay)
    aqm = None if aqm is None else check_aqm(aqm)
    common = {"n_flows": n, "capacity": c, "prop_delay": tp, "policy": policy, "limit": lim,
              "aqm": aqm}
    if queue is not None:
        return _at_queue(common, exact(queue), "given")
    if aqm is None:
        raise ValueError("give the queue q0 or an aqm ('droptail', RED, ConstantLoss) that sets it")
    if isinstance(aqm, ConstantLoss):
        return _constant_p(common, exact(aqm.p), buffer)
    if aqm == DROPTAIL:
        if buffer is None:
            raise ValueError("buffer (packets) is needed for a DropTail operating point")
        check_positive_number("buffer", buffer)
        return _at_queue(common, exact(buffer), "buffer")
    return _red(common, aqm, buffer)


def _at_queue(common: dict, q0: Any, region: str, notes: tuple = ()) -> OperatingPoint:
    lim = common["limit"]
    r0, w0, p0 = _needed(lim, common["n_flows"], common["capacity"], common["prop_delay"], q0)
    if is_number(p0) or p0.is_number:
        if not 0 < p0 <= 1:
            raise ValueError(f"no operating point at queue {q0}: the window balance needs "
                             f"p0 = {float(p0):.6g}, outside (0, 1]")
        _check_floor(lim, w0)
    return OperatingPoint(queue=q0, rtt=r0, window=w0, loss=p0, utilization=sympy.Integer(1),
                          region=region, notes=notes, **common)


def _check_floor(lim: FluidLimit, w0: Any) -> None:
    if lim.jump_constant + lim.jump_factor * w0 < lim.floor:
        raise ValueError(f"the window floor {lim.floor} binds at W0 = {w0}: the operating "
                         "point of the linear window equation does not apply")


def _constant_p(common: dict, p: Any, buffer: Any) -> OperatingPoint:
    if p == 0:
        raise ValueError("a constant p = 0 has no operating point (the windows grow without "
                         "bound); give p > 0")
    lim, n, c, tp = (common[k] for k in ("limit", "n_flows", "capacity", "prop_delay"))
    sols = [s for s in sympy.solve(window_rate(lim, _W, 1, _W, p, 1), _W) if s.is_positive]
    if len(sols) != 1:
        raise ValueError(f"the window balance at p = {p} has no unique positive window "
                         f"({sols})")
    w0 = sols[0]
    if n * w0 / tp <= c:  # the link is not full: no queue
        return OperatingPoint(queue=sympy.Integer(0), rtt=tp, window=w0, loss=p,
                              utilization=n * w0 / (tp * c), region="constant-p-idle", **common)
    r0 = n * w0 / c
    q0 = c * (r0 - tp)
    if buffer is not None and q0 > exact(buffer):
        return _at_queue(common, exact(buffer), "buffer",
                         (f"at p = {p} the flows would need a queue of {float(q0):.4g} "
                          "packets: the buffer overflows and adds DropTail loss",))
    return OperatingPoint(queue=q0, rtt=r0, window=w0, loss=p, utilization=sympy.Integer(1),
                          region="constant-p", **common)


def _red(common: dict, red: RED, buffer: Any) -> OperatingPoint:
    if not all(is_number(common[k]) or common[k].is_number
               for k in ("n_flows", "capacity", "prop_delay")):
        raise TypeError("a RED operating point needs numeric n_flows, capacity, prop_delay "
                        "(give queue= for formulas)")
    lim, n, c, tp = (common[k] for k in ("limit", "n_flows", "capacity", "prop_delay"))
    _, _, need = _needed(lim, n, c, tp, _Q)
    top = exact(buffer) if buffer is not None else None
    for seg in red_segments(red):
        lo, hi = exact(seg.lo), None if seg.hi is None else exact(seg.hi)
        if top is not None and lo > top:
            break
        if seg.slope == 0 and seg.p_lo == 0:
            continue
        gap = sympy.together(exact(seg.p_lo) + exact(seg.slope) * (_Q - lo) - need)
        for root in sympy.Poly(sympy.numer(gap), _Q).real_roots():
            if lo <= root and (hi is None or root < hi) and (top is None or root <= top):
                return _at_queue(common, root, "red")
        if hi is not None and need.subs(_Q, hi) > exact(seg.p_lo) + exact(seg.slope) * (hi - lo):
            nxt = _next_p(red, hi)
            if need.subs(_Q, hi) <= nxt and (top is None or hi <= top):
                return _at_queue(common, hi, "red-jump",
                                 ("the equilibrium sits on the jump of RED's profile at max_th: "
                                  "no small-signal gain",))
    if top is None:
        raise ValueError("RED gives no operating point with p0 <= 1; give a buffer")
    return _at_queue(common, top, "buffer", ("RED's crossing lies beyond the buffer: the "
                                             "queue sits at the full buffer",))


def _next_p(red: RED, x: Any) -> Any:
    """Return the profile's value just right of ``x`` (the top of a jump)."""
    for seg in red_segments(red):
        if exact(seg.lo) == x:
            return exact(seg.p_lo)
    return sympy.Integer(1)
