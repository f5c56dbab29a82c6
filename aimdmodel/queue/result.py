"""The result of a queue-model run (or of any model that runs a Scenario): plain arrays.

:class:`QueueResult` holds time series per flow and of the bottleneck,
sampled every ``interval`` seconds, for ``R`` independent replications. It
is built from plain arrays, so another model (the ns-3 bridge, a fluid
model) returns the same object and the same metrics apply
(:mod:`aimdmodel.queue.metrics`). Counts (``sent``, ``delivered``,
``lost``, ...) are packets *during* a sample; ``cwnd``, ``queued`` are the
values at its end; ``rtt`` and ``queue`` are means over the sample.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..scenario import Scenario

__all__ = ["FLOW_SERIES", "QueueResult"]

FLOW_SERIES = ("cwnd", "sent", "delivered", "unique", "lost", "rtt", "queued")
"""The per-flow series, each of shape ``(R, T, n)``."""

_LINK_SERIES = ("queue", "cross_sent", "cross_delivered", "cross_lost")
_PER_FLOW = ("completion", "timeouts", "fast_retransmits", "retransmitted")
_OPTIONAL = {"unique", "queued", "rtt", "cwnd", "cross_sent", "cross_delivered", "cross_lost",
             "timeouts", "fast_retransmits", "retransmitted", "completion"}


_UNITS = {
    "cwnd": ("packets", "congestion window at the end of the sample"),
    "sent": ("packets", "sent during the sample (retransmissions included)"),
    "delivered": ("packets", "left the bottleneck towards the receiver during the sample"),
    "unique": ("packets", "delivered and new to the receiver during the sample"),
    "lost": ("packets", "lost during the sample"),
    "rtt": ("s", "mean RTT of the packets that entered the queue during the sample"),
    "queued": ("packets", "the flow's packets in the queue at the end of the sample"),
    "queue": ("packets", "mean queue length over the sample"),
    "capacity": ("packets/s", "mean link capacity over the sample"),
    "cross_sent": ("packets", "cross traffic sent during the sample"),
    "cross_delivered": ("packets", "cross traffic delivered during the sample"),
    "cross_lost": ("packets", "cross traffic lost during the sample"),
    "completion": ("s", "time the finite transfer completed (NaN: it did not)"),
    "timeouts": ("1", "retransmission timeouts over the run"),
    "fast_retransmits": ("1", "fast retransmits over the run"),
    "retransmitted": ("packets", "retransmitted over the run"),
}
"""Units and a description of each array of a :class:`QueueResult` (for ``to_xarray``)."""


def _frozen(a: Any, name: str, shape: tuple) -> np.ndarray:
    arr = np.array(a, dtype=np.float64)
    if arr.ndim == len(shape) - 1:
        arr = arr[None]
    if arr.shape[1:] != shape[1:] or arr.ndim != len(shape):
        raise ValueError(f"{name} must have shape (R, {', '.join(map(str, shape[1:]))}) "
                         f"(or without the replication axis), got {np.shape(a)}")
    arr.setflags(write=False)
    return arr


@dataclass(frozen=True, eq=False, repr=False)
class QueueResult:
    """Time series of a scenario run: per flow, of the bottleneck, per replication.

    Attributes
    ----------
    scenario : Scenario
        What was run.
    t : ndarray, shape (T,)
        Start of each sample, seconds (``t[s] = s * interval``).
    interval : float
        Seconds per sample (the last one may be cut at ``scenario.duration``).
    sent, delivered, lost : ndarray, shape (R, T, n)
        Packets a flow sent (retransmissions included), that left the
        bottleneck towards the receiver, that were lost (at the queue or to
        random loss), during each sample.
    unique : ndarray or None
        Delivered packets new to the receiver (goodput); None: equal to
        ``delivered`` (the queue model sends no duplicates).
    cwnd : ndarray or None
        Congestion window (packets) at the end of each sample; NaN while the
        flow is not sending.
    rtt : ndarray or None
        Mean RTT (s) of the flow's packets that entered the queue during the
        sample; NaN when none did.
    queued : ndarray or None
        The flow's packets in the queue at the end of each sample.
    queue : ndarray, shape (R, T)
        Mean queue length (packets) over each sample.
    capacity : ndarray, shape (T,)
        Mean link capacity (packets/s) over each sample.
    cross_sent, cross_delivered, cross_lost : ndarray or None, shape (R, T)
        The same counts for the cross traffic (all sources together).
    completion : ndarray or None, shape (R, n)
        Time (s) a finite transfer completed; NaN if it did not.
    timeouts, fast_retransmits, retransmitted : ndarray or None, shape (R, n)
        Retransmission timeouts, fast retransmits (loss events detected by
        duplicate ACKs) and retransmitted packets over the run.
    model : str
        Which model produced it (``"queue"``, ``"ns3"``, ...).
    options : Mapping
        The model's options, for the record.

    Examples
    --------
    >>> import numpy as np
    >>> from aimdmodel.scenario import Flow, Scenario
    >>> sc = Scenario(flows=(Flow(),), duration=2.0)
    >>> res = QueueResult(scenario=sc, t=[0.0, 1.0], interval=1.0,
    ...                   sent=[[10], [12]], delivered=[[9], [12]], lost=[[1], [0]],
    ...                   queue=[3.0, 4.0], capacity=[100.0, 100.0])
    >>> res.sent.shape, res.n_replications
    ((1, 2, 1), 1)
    """

    scenario: Scenario
    t: Any
    interval: float
    sent: Any
    delivered: Any
    lost: Any
    queue: Any
    capacity: Any
    unique: Any = None
    cwnd: Any = None
    rtt: Any = None
    queued: Any = None
    cross_sent: Any = None
    cross_delivered: Any = None
    cross_lost: Any = None
    completion: Any = None
    timeouts: Any = None
    fast_retransmits: Any = None
    retransmitted: Any = None
    model: str = "queue"
    options: Mapping = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.scenario, Scenario):
            raise TypeError(f"scenario must be a Scenario, got {self.scenario!r}")
        t = np.array(self.t, dtype=np.float64)
        if t.ndim != 1 or t.size == 0 or (np.diff(t) <= 0).any():
            raise ValueError("t must be a non-empty increasing 1-d sequence of times")
        t.setflags(write=False)
        object.__setattr__(self, "t", t)
        if not (isinstance(self.interval, (int, float)) and self.interval > 0):
            raise ValueError(f"interval must be a number > 0, got {self.interval!r}")
        R = np.shape(self.sent)[0] if np.ndim(self.sent) == 3 else 1
        T, n = t.size, self.scenario.n_flows
        shapes = {name: (R, T, n) for name in FLOW_SERIES}
        shapes.update({name: (R, T) for name in _LINK_SERIES})
        shapes.update({name: (R, n) for name in _PER_FLOW})
        for name, shape in shapes.items():
            value = getattr(self, name)
            if value is None:
                if name not in _OPTIONAL:
                    raise ValueError(f"{name} is required")
                continue
            object.__setattr__(self, name, _frozen(value, name, shape))
        cap = np.array(self.capacity, dtype=np.float64)
        if cap.shape != (T,) or not (np.isfinite(cap) & (cap > 0)).all():
            raise ValueError(f"capacity must hold {T} finite values > 0 (packets/s)")
        cap.setflags(write=False)
        object.__setattr__(self, "capacity", cap)
        object.__setattr__(self, "options", dict(self.options))

    @property
    def n_flows(self) -> int:
        """Number of flows reported one by one (the scenario's flows)."""
        return self.scenario.n_flows

    @property
    def n_replications(self) -> int:
        """Number of replications ``R``."""
        return self.sent.shape[0]

    @property
    def durations(self) -> np.ndarray:
        """Seconds covered by each sample (the last one cut at the scenario's duration)."""
        return np.minimum(self.t + self.interval, self.scenario.duration) - self.t

    @property
    def goodput_packets(self) -> np.ndarray:
        """Packets new to the receiver per sample: ``unique``, or ``delivered`` when None."""
        return self.delivered if self.unique is None else self.unique

    def replication(self, i: int) -> QueueResult:
        """Return replication ``i`` alone (``R = 1``).

        Examples
        --------
        >>> from aimdmodel.queue import run
        >>> from aimdmodel.scenario import Flow, Scenario
        >>> res = run(Scenario(flows=(Flow(),), duration=2.0), replications=2)
        >>> res.replication(1).n_replications
        1
        """
        if not 0 <= i < self.n_replications:
            raise ValueError(f"i must be in 0..{self.n_replications - 1}, got {i}")
        changes = {}
        for fl in dataclasses.fields(self):
            v = getattr(self, fl.name)
            if isinstance(v, np.ndarray) and fl.name not in ("t", "capacity"):
                changes[fl.name] = v[i : i + 1]
        return dataclasses.replace(self, **changes)

    def to_xarray(self) -> Any:
        """Return the series as an ``xarray.Dataset`` with named dimensions.

        Needs xarray (the extra ``tables``). Dimensions ``replication``,
        ``time`` (the start of each sample, seconds) and ``flow``; an array
        that is None here is left out.

        Returns
        -------
        xarray.Dataset
            One variable per array (per flow ``(replication, time, flow)``,
            of the bottleneck ``(replication, time)``, ``capacity`` ``(time,)``,
            per run ``(replication, flow)``), each with ``units`` and a
            ``long_name``. Attributes: the model, the sample interval, the
            scenario (its repr) and the model's options (their repr).

        Examples
        --------
        >>> from aimdmodel.queue import run
        >>> from aimdmodel.scenario import Flow, Scenario
        >>> res = run(Scenario(flows=(Flow(), Flow()), duration=2.0), replications=2)
        >>> ds = res.to_xarray()
        >>> ds.cwnd.dims, ds.queue.dims, ds.rtt.attrs["units"]
        (('replication', 'time', 'flow'), ('replication', 'time'), 's')
        >>> float(ds.sent.sum()) == float(res.sent.sum()), ds.attrs["scenario"][:9]
        (True, 'Scenario(')
        """
        from .._tables import optional_import

        xr = optional_import("xarray", "QueueResult.to_xarray")
        axes = {name: ("replication", "time", "flow") for name in FLOW_SERIES}
        axes.update({name: ("replication", "time") for name in _LINK_SERIES})
        axes.update({name: ("replication", "flow") for name in _PER_FLOW})
        axes["capacity"] = ("time",)
        data = {}
        for name, dims in axes.items():
            value = getattr(self, name)
            if value is not None:
                units, what = _UNITS[name]
                data[name] = (dims, value, {"units": units, "long_name": what})
        coords = {"replication": np.arange(self.n_replications),
                  "time": ("time", self.t, {"units": "s", "long_name": "start of the sample"}),
                  "flow": np.arange(self.n_flows)}
        attrs = {"model": self.model, "interval": self.interval, "interval_units": "s",
                 "scenario": repr(self.scenario), "options": repr(dict(self.options))}
        return xr.Dataset(data, coords=coords, attrs=attrs)

    def plot(self, ax: Any = None, **kwargs: Any) -> list:
        """Draw the flows' windows and the queue (see :func:`aimdmodel.queue.plots.plot_run`).

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from aimdmodel.queue import run
        >>> from aimdmodel.scenario import Flow, Scenario
        >>> artists = run(Scenario(flows=(Flow(),), duration=2.0)).plot()
        >>> len(artists)
        2
        """
        from .plots import plot_run

        return plot_run(self, ax, **kwargs)

    def __repr__(self) -> str:
        return (f"QueueResult(model={self.model!r}, flows={self.n_flows}, "
                f"replications={self.n_replications}, samples={self.t.size}, "
                f"interval={self.interval:g})")
