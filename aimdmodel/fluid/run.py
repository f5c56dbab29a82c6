"""Run a :class:`~aimdmodel.scenario.Scenario` in the fluid model: the comparison is one call.

:func:`run_scenario` translates the shared description into
:func:`~aimdmodel.fluid.simulate_fluid`'s terms and says what it cannot
express:

* flows with the same policy, base RTT, start and stop form one class
  (``N_i`` flows); the window rule is the flow's policy, or AIMD(1, 1/2)
  for a Reno-style variant without one;
* the variants ``reno``, ``newreno``, ``sack`` and ``fack`` all run the same
  equation (loss recovery, slow start and timeouts are not modelled);
  ``tahoe`` (slow start after every loss), the delay-based variants
  (``vegas``, ``westwood``, ``veno``, ``lp``) and ``cubic`` are refused;
* the link rate (bit/s, or a trace) becomes packets per second
  (``rate / (8 packet_size)``), the buffer stays in packets, the
  discipline is ``droptail`` or ``red`` (``drr`` is refused: per-flow
  queues are not modelled), random loss is added to the drop
  probability;
* CBR cross traffic is a constant arrival rate; Pareto cross traffic is
  refused; finite transfers (``Flow.size``) are refused (use ``stop``);
* the model is deterministic: the seed is not used;
* every class starts with a window of ``w0`` packets in congestion
  avoidance (no slow start): use ``Scenario.warmup`` to leave the
  start-up out of the metrics.

Examples
--------
>>> from aimdmodel.scenario import RED, Flow, Link, Scenario
>>> sc = Scenario(flows=tuple(Flow(base_rtt=0.1) for _ in range(10)),
...               link=Link(rate=12e6, buffer=200, discipline="red",
...                         red=RED(min_th=20, max_th=120, max_p=0.1, w_q=0.002)),
...               duration=40.0, warmup=20.0)
>>> res = run_scenario(sc)
>>> len(res.classes), res.classes[0].n_flows, round(res.utilization, 3)
(1, 10, 1.0)
"""

from __future__ import annotations

from typing import Any

from .._validate import check_positive_number
from ..policies import AIMD
from ..scenario import CBR, RED, Scenario
from .result import FluidClass, FluidResult
from .solver import MAX_WORK, simulate_fluid

__all__ = ["FLUID_VARIANTS", "run_scenario"]

FLUID_VARIANTS = ("reno", "newreno", "sack", "fack")
"""The variants the fluid model runs (all with the same window equation)."""


def _classes(sc: Scenario, w0: float) -> tuple[tuple[FluidClass, ...], tuple[int, ...]]:
    keys: dict[tuple, list[int]] = {}
    for j, f in enumerate(sc.flows):
        if f.variant not in FLUID_VARIANTS:
            raise ValueError(f"flows[{j}].variant {f.variant!r} is not in the fluid model "
                             f"(it runs {', '.join(FLUID_VARIANTS)}: the loss-based window "
                             "equation, without slow start or recovery details)")
        if f.size is not None:
            raise ValueError(f"flows[{j}].size: finite transfers are not in the fluid model "
                             "(give the flow a stop time instead)")
        key = (f.policy if f.policy is not None else AIMD(), f.base_rtt, f.start, f.stop)
        keys.setdefault(key, []).append(j)
    classes, flow_class = [], [0] * sc.n_flows
    for i, (key, members) in enumerate(keys.items()):
        policy, base_rtt, start, stop = key
        classes.append(FluidClass(len(members), base_rtt, policy, w0=w0, start=start,
                                  stop=stop))
        for j in members:
            flow_class[j] = i
    return tuple(classes), tuple(flow_class)


def _link(sc: Scenario) -> dict[str, Any]:
    link, pkt_bits = sc.link, 8.0 * sc.packet_size
    if link.discipline == "drr":
        raise ValueError("link.discipline 'drr' is not in the fluid model (one FIFO queue); "
                         "use 'droptail' or 'red'")
    out: dict[str, Any] = {"buffer": float(link.buffer), "random_loss": link.random_loss}
    if isinstance(link.rate, tuple):
        out["capacity"] = [r / pkt_bits for r in link.rate]
        out["capacity_interval"] = link.rate_interval
    else:
        out["capacity"] = float(link.rate) / pkt_bits
    out["aqm"] = (link.red or RED()) if link.discipline == "red" else "droptail"
    cbr = []
    for k, c in enumerate(sc.cross):
        if not isinstance(c, CBR):
            raise ValueError(f"cross[{k}]: only CBR cross traffic is in the fluid model, got "
                             f"{type(c).__name__}")
        cbr.append((c.rate / pkt_bits, c.start, c.stop))
    out["cbr"] = tuple(cbr)
    return out


def run_scenario(scenario: Scenario, *, dt: float | None = None, record_every: int | None = None,
                 w0: float = 1.0, max_work: float = MAX_WORK) -> FluidResult:
    """Run ``scenario`` in the fluid model (module docstring: what is translated, what refused).

    Parameters
    ----------
    scenario : Scenario
    dt : float, optional
        Step (s); default ``min(1 ms, min(base_rtt) / 10)``.
    record_every : int, optional
        Keep every k-th step; default: at most about 20000 records.
    w0 : float
        Initial window of every flow (packets).
    max_work : float
        Largest ``steps x classes`` of the run, checked before any work
        (:func:`~aimdmodel.fluid.simulate_fluid`).

    Returns
    -------
    FluidResult
        With ``flow_class`` (the class of each scenario flow), ``packet_size``
        and ``scenario`` set: :attr:`FluidResult.per_flow_throughput` gives
        each flow's throughput.

    Examples
    --------
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> sc = Scenario(flows=(Flow(variant="vegas"),), link=Link(), duration=1.0)
    >>> run_scenario(sc)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: flows[0].variant 'vegas' is not in the fluid model ...
    """
    if not isinstance(scenario, Scenario):
        raise TypeError(f"scenario must be an aimdmodel.scenario.Scenario, got {scenario!r}")
    classes, flow_class = _classes(scenario, w0)
    link = _link(scenario)
    if dt is None:
        dt = min(1e-3, min(c.prop_delay for c in classes) / 10)
    check_positive_number("dt", dt)
    if record_every is None:
        record_every = max(1, min(2**62, round(scenario.duration / dt) // 20000))
    res = simulate_fluid(classes, duration=scenario.duration, warmup=scenario.warmup, dt=dt,
                         record_every=record_every, max_work=max_work, **link)
    return res.with_flows(flow_class, scenario.packet_size, scenario=scenario)
