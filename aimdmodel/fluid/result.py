"""The result of a fluid run: recorded time series and the run's metrics."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._validate import check_count, check_positive_number, check_real
from ..policies import AIMD
from .limit import fluid_limit

__all__ = ["FluidClass", "FluidResult"]


@dataclass(frozen=True)
class FluidClass:
    """A class of ``n_flows`` identical TCP flows sharing one propagation delay.

    Parameters
    ----------
    n_flows : int
        Number ``N_i >= 1`` of flows in the class.
    prop_delay : float
        Round-trip propagation delay ``Tp_i`` in seconds (``> 0``); the
        round-trip time is ``R_i(t) = q(t)/C(t) + Tp_i``.
    policy : Policy
        The flows' window rule (see :func:`aimdmodel.fluid.fluid_limit`).
    w0 : float
        Window (packets) of each flow when the class starts (default 1).
    start, stop : float
        When the class sends (seconds; ``stop=None``: to the end).

    Examples
    --------
    >>> FluidClass(60, 0.2).policy
    AIMD(a=1, b=1/2, floor=0)
    """

    n_flows: int
    prop_delay: float
    policy: Any = None
    w0: float = 1.0
    start: float = 0.0
    stop: float | None = None

    def __post_init__(self) -> None:
        check_count("n_flows", self.n_flows, minimum=1, optional=False)
        check_positive_number("prop_delay", self.prop_delay)
        if self.policy is None:
            object.__setattr__(self, "policy", AIMD())
        fluid_limit(self.policy)  # refuses a policy without a fluid limit, saying why
        check_real("w0", self.w0, low=0, high=1e9)
        check_real("start", self.start, low=0)
        if self.stop is not None:
            check_positive_number("stop", self.stop)
            if self.stop <= self.start:
                raise ValueError(f"stop must be > start, got start={self.start}, "
                                 f"stop={self.stop}")


@dataclass(frozen=True)
class FluidResult:
    """Time series and metrics of a fluid run (:func:`aimdmodel.fluid.simulate_fluid`).

    Units: seconds, packets, packets per second.

    Attributes
    ----------
    t : ndarray, shape (n,)
        Recorded times (every ``record_every``-th step).
    window : ndarray, shape (n, m)
        Window ``W_i(t)`` of one flow of each class (the mean-field window).
    rtt : ndarray, shape (n, m)
        Round-trip time ``R_i(t) = q/C + Tp_i`` of each class.
    queue, average_queue, loss : ndarray, shape (n,)
        Queue ``q(t)``, RED's average ``x(t)`` (equal to ``q`` when the AQM
        is not RED, or RED with ``w_q = 1``) and the total drop probability
        ``p(t)`` (AQM, buffer overflow and random loss together).
    classes : tuple of FluidClass
    capacity : float or ndarray
        Packets per second (a trace: one value per ``capacity_interval``).
    buffer : float
        Packets.
    aqm : str, RED or ConstantLoss
    dt, duration, warmup : float
        Step, simulated time and the time before the metrics start.
    record_every : int
    flow_class : tuple of int or None
        For a run of a Scenario: the class of each of its flows.
    packet_size : int or None
        For a run of a Scenario: bytes per packet (for bit/s).
    scenario : Scenario or None
        For a run of a Scenario: the scenario.
    integrals : dict
        Time integrals from ``warmup`` to ``duration`` (trapezoid on every
        step, not only the recorded ones): ``capacity``, ``departures``,
        ``arrivals``, ``drops``, ``queue`` and per class ``delivered`` (its
        share of the departures), ``window``, ``rtt`` (arrays).

    Examples
    --------
    >>> from aimdmodel.fluid import FluidClass, simulate_fluid
    >>> res = simulate_fluid(FluidClass(10, 0.1), 1000.0, buffer=100, duration=20.0)
    >>> res.window.shape[1], 0.9 < res.utilization <= 1.0
    (1, True)
    """

    t: np.ndarray
    window: np.ndarray
    rtt: np.ndarray
    queue: np.ndarray
    average_queue: np.ndarray
    loss: np.ndarray
    classes: tuple
    capacity: Any
    buffer: float
    aqm: Any
    dt: float
    duration: float
    warmup: float
    record_every: int
    integrals: dict
    flow_class: tuple[int, ...] | None = None
    packet_size: int | None = None
    scenario: Any = None

    def with_flows(self, flow_class: tuple[int, ...], packet_size: int, *,
                   scenario: Any = None) -> FluidResult:
        """Return a copy that knows the class of each scenario flow and the packet size.

        ``scenario``, when given, is the Scenario the classes come from.

        Examples
        --------
        >>> from aimdmodel.fluid import FluidClass, simulate_fluid
        >>> res = simulate_fluid(FluidClass(2, 0.1), 100.0, buffer=10, duration=1.0)
        >>> res.with_flows((0, 0), 1500).per_flow_throughput.shape
        (2,)
        """
        return dataclasses.replace(self, flow_class=tuple(flow_class), packet_size=packet_size,
                                   scenario=scenario)

    @property
    def per_flow_throughput(self) -> np.ndarray:
        """Throughput of each scenario flow (packets/s; needs ``flow_class``)."""
        if self.flow_class is None:
            raise ValueError("this result does not come from a Scenario: use flow_throughput "
                             "(one value per class)")
        return self.flow_throughput[list(self.flow_class)]

    @property
    def _span(self) -> float:
        return self.duration - self.warmup

    @property
    def n_flows(self) -> np.ndarray:
        """Number of flows of each class."""
        return np.array([c.n_flows for c in self.classes])

    @property
    def rate(self) -> np.ndarray:
        """Sending rate ``N_i W_i / R_i`` of each class (packets/s), shape (n, m)."""
        return self.n_flows * self.window / self.rtt

    @property
    def throughput(self) -> np.ndarray:
        """Mean delivered rate of each class over the metrics' window (packets/s).

        A class's share of the link's departures (its sending rate over the
        total arrival rate): MGT's queue receives the sending rate, so the
        departures, not ``sending rate x (1 - p)``, are what gets through.
        """
        return self.integrals["delivered"] / self._span

    @property
    def flow_throughput(self) -> np.ndarray:
        """Mean delivered rate of one flow of each class (packets/s)."""
        return self.throughput / self.n_flows

    @property
    def utilization(self) -> float:
        """Departures over capacity, integrated over the metrics' window."""
        return float(self.integrals["departures"] / self.integrals["capacity"])

    @property
    def mean_queue(self) -> float:
        """Time-average queue (packets)."""
        return float(self.integrals["queue"] / self._span)

    @property
    def loss_rate(self) -> float:
        """Dropped over arriving fluid (packets/packets)."""
        arr = self.integrals["arrivals"]
        return float(self.integrals["drops"] / arr) if arr > 0 else 0.0

    @property
    def jain_index(self) -> float:
        """Jain's index of the flows' mean throughputs (every flow of a class counted).

        :func:`aimdmodel.metrics.jain_index`, the same name as the synchronous
        and queue models' metric.

        Examples
        --------
        >>> from aimdmodel.fluid import FluidClass, simulate_fluid
        >>> res = simulate_fluid((FluidClass(2, 0.1), FluidClass(2, 0.1)), 100.0, buffer=10,
        ...                      duration=5.0)
        >>> res.jain_index
        1.0
        """
        from ..metrics import jain_index

        return float(jain_index(np.repeat(self.flow_throughput, self.n_flows)))

    @property
    def mean_window(self) -> np.ndarray:
        """Time-average window of one flow of each class (packets)."""
        return self.integrals["window"] / self._span

    @property
    def mean_rtt(self) -> np.ndarray:
        """Time-average round-trip time of each class (seconds)."""
        return self.integrals["rtt"] / self._span

    def metrics(self) -> dict[str, Any]:
        """Return the metrics as a plain dict (JSON-ready: lists and floats).

        Rates in packets/s; with ``packet_size`` also ``throughput_bps`` per
        scenario flow.

        Examples
        --------
        >>> from aimdmodel.fluid import FluidClass, simulate_fluid
        >>> res = simulate_fluid(FluidClass(10, 0.1), 1000.0, buffer=100, duration=5.0)
        >>> sorted(res.metrics())[:3]
        ['flow_throughput', 'loss_rate', 'mean_queue']
        """
        out = {
            "throughput": self.throughput.tolist(),
            "flow_throughput": self.flow_throughput.tolist(),
            "utilization": self.utilization,
            "mean_queue": self.mean_queue,
            "loss_rate": self.loss_rate,
            "mean_window": self.mean_window.tolist(),
            "mean_rtt": self.mean_rtt.tolist(),
        }
        if self.flow_class is not None and self.packet_size is not None:
            out["throughput_bps"] = (self.per_flow_throughput * 8 * self.packet_size).tolist()
        return out

    def to_xarray(self) -> Any:
        """Return the time series as an ``xarray.Dataset`` with named dimensions.

        Needs xarray (the extra ``tables``). Dimensions ``time`` (seconds)
        and ``class`` (a class is ``n_flows`` identical flows; the window is
        one flow's); for a run of a Scenario also ``flow``, the scenario's
        flows, with the class of each.

        Returns
        -------
        xarray.Dataset
            ``window``, ``rtt``, ``rate`` ``(time, class)``; ``queue``,
            ``average_queue``, ``loss`` ``(time,)``; ``flow_class``
            ``(flow,)`` for a scenario's run; ``capacity`` (packets/s, a
            variable of its own dimension when it is a trace). Each with
            ``units``; attributes: the buffer, the AQM, the step, duration
            and warm-up, and the scenario (its repr) when there is one.

        Examples
        --------
        >>> from aimdmodel.fluid import FluidClass, simulate_fluid
        >>> res = simulate_fluid((FluidClass(10, 0.1), FluidClass(5, 0.2)), 1000.0,
        ...                      buffer=100, duration=5.0)
        >>> ds = res.to_xarray()
        >>> ds.window.dims, ds.n_flows.values.tolist(), ds.queue.attrs["units"]
        (('time', 'class'), [10, 5], 'packets')
        >>> bool((ds.window.values == res.window).all())
        True
        """
        from .._tables import optional_import

        xr = optional_import("xarray", "FluidResult.to_xarray")
        per_class = {"window": ("packets", "window of one flow of the class"),
                     "rtt": ("s", "round-trip time q/C + Tp"),
                     "rate": ("packets/s", "sending rate of the class N W / R")}
        link = {"queue": ("packets", "queue q(t)"),
                "average_queue": ("packets", "RED's average queue x(t)"),
                "loss": ("1", "drop probability p(t)")}
        data: dict[str, Any] = {k: (("time", "class"), getattr(self, k), {"units": u,
                                                                          "long_name": d})
                                for k, (u, d) in per_class.items()}
        data.update({k: (("time",), getattr(self, k), {"units": u, "long_name": d})
                     for k, (u, d) in link.items()})
        attrs: dict[str, Any] = {
            "model": "fluid", "buffer": self.buffer, "buffer_units": "packets",
            "aqm": repr(self.aqm), "dt": self.dt, "duration": self.duration,
            "warmup": self.warmup, "time_units": "s", "record_every": self.record_every}
        if np.ndim(self.capacity) == 0:
            attrs["capacity"], attrs["capacity_units"] = float(self.capacity), "packets/s"
        else:
            data["capacity"] = (("capacity_sample",), np.asarray(self.capacity, dtype=float),
                                {"units": "packets/s", "long_name": "capacity trace"})
        if self.flow_class is not None:
            data["flow_class"] = (("flow",), np.asarray(self.flow_class),
                                  {"long_name": "class of each scenario flow"})
            data["flow"] = np.arange(len(self.flow_class))
        if self.packet_size is not None:
            attrs["packet_size"], attrs["packet_size_units"] = self.packet_size, "bytes"
        if self.scenario is not None:
            attrs["scenario"] = repr(self.scenario)
        coords = {"time": ("time", self.t, {"units": "s"}),
                  "class": np.arange(len(self.classes)),
                  "n_flows": ("class", self.n_flows, {"long_name": "flows in the class"}),
                  "prop_delay": ("class", np.array([c.prop_delay for c in self.classes]),
                                 {"units": "s"})}
        return xr.Dataset(data, coords=coords, attrs=attrs)

    def plot(self, ax: Any = None, *, what: str = "queue") -> list:
        """Draw the queue (``what="queue"``) or the windows (``"window"``); see plots.

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from aimdmodel.fluid import FluidClass, simulate_fluid
        >>> res = simulate_fluid(FluidClass(10, 0.1), 1000.0, buffer=100, duration=5.0)
        >>> len(res.plot(what="window")) >= 1
        True
        """
        from .plots import plot_trajectory

        return plot_trajectory(self, ax, what=what)
