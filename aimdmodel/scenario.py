"""A plain description of a dumbbell experiment: the queue model, the fluid model and ns-3 share it.

A :class:`Scenario` says *what* is simulated, never *how*: flows (each with
its TCP variant, its congestion-avoidance rule, its base RTT, when it
starts and stops, how much it sends), one bottleneck :class:`Link` (rate
or a rate trace, propagation delay, buffer, queue discipline, random
loss), cross traffic, the duration and the seed. The round-based queue
model (:mod:`aimdmodel.queue`), the fluid ODEs (:mod:`aimdmodel.fluid`)
and the ns-3 bridge (:mod:`aimdmodel.ns3`) each take a Scenario and return
their results, so a comparison is one call per model.

Units are SI throughout: seconds, bits per second, bytes for packet sizes
and transfer sizes, packets for buffers and windows.

Examples
--------
>>> sc = Scenario(
...     flows=(Flow(variant="newreno", base_rtt=0.04), Flow(variant="newreno", base_rtt=0.08)),
...     link=Link(rate=10e6, buffer=50),
...     duration=60.0,
... )
>>> sc.n_flows, round(sc.bdp_packets(0), 2)
(2, 33.33)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ._validate import check_choice, check_flag, check_real, check_whole
from .policies import Policy

__all__ = [
    "CBR",
    "DISCIPLINES",
    "MAX_BUFFER",
    "MAX_PACKET_SIZE",
    "MAX_RATE",
    "RED",
    "Flow",
    "Link",
    "ParetoCross",
    "Scenario",
    "bdp_packets",
]

DISCIPLINES = ("droptail", "red", "drr")
"""Queue disciplines a :class:`Link` may name."""


MAX_RATE = 1e15
"""Largest rate a Scenario accepts, in bit/s (1 Pbit/s): beyond it the models' packet counts
per step would leave the range of their integers."""

MAX_BUFFER = 2**31 - 1
"""Largest buffer a Link accepts, in packets (ns-3 and the queue model keep it in 32 bits)."""

MAX_PACKET_SIZE = 65535
"""Largest packet a Scenario accepts, in bytes (the largest IPv4 datagram)."""

HEADER_BYTES = 52
"""Bytes of headers in each packet of a TCP flow: IPv4 20, TCP 20, its timestamp option 12.

A packet of ``packet_size`` bytes carries ``packet_size - HEADER_BYTES``
bytes of payload, as ns-3's segments do (:meth:`Scenario.transfer_packets`).
"""

MIN_RATE_INTERVAL = 1e-6
"""Shortest time per value of a rate trace, in seconds."""

MAX_SEED = 2**63 - 1
"""Largest seed a Scenario accepts."""


def _positive(name: str, value: Any, *, allow_zero: bool = False, optional: bool = False,
              high: float = math.inf) -> float | None:
    """Return a real number checked > 0 (or >= 0) as a float (the one layer: _validate)."""
    return check_real(name, value, low=0.0, low_open=not allow_zero, high=high,
                      optional=optional)


def _times(owner: Any, label: str = "") -> None:
    """Check ``start`` (finite, >= 0) and ``stop`` (None, inf meaning never, or after start)."""
    start = check_real(f"{label}start", owner.start, low=0.0)
    stop = check_real(f"{label}stop", owner.stop, low=0.0, low_open=True, optional=True,
                      allow_inf=True)
    if stop is not None and stop <= start:
        raise ValueError(f"{label}stop must be after start, got start={owner.start}, "
                         f"stop={owner.stop}")
    object.__setattr__(owner, "start", start)
    object.__setattr__(owner, "stop", None if stop == math.inf else stop)


def _sequence(name: str, value: Any, of: str) -> tuple:
    """Return a list or tuple (not text, not a single object) as a tuple."""
    sized = hasattr(value, "__iter__") and hasattr(value, "__len__")
    if isinstance(value, (str, bytes, dict)) or not (isinstance(value, (list, tuple)) or sized):
        raise TypeError(f"{name} must be a tuple of {of}, got {value!r}")
    return tuple(value)


def _rate_trace(name: str, value: Any) -> tuple:
    """Return a non-empty 1-d trace of rates (bit/s), each in (0, MAX_RATE], as a tuple."""
    if isinstance(value, np.ndarray) and value.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold real numbers (bit/s), got an array of {value.dtype}")
    arr = value if isinstance(value, np.ndarray) else np.asarray(value, dtype=object)
    if arr.ndim != 1 or arr.size == 0:
        raise ValueError(f"{name} trace must be a non-empty 1-d sequence of bit/s")
    return tuple(_positive(f"{name}[{k}]", v, high=MAX_RATE) for k, v in enumerate(arr))


def _set(owner: Any, name: str, value: Any) -> None:
    """Store a checked (converted) value in a frozen dataclass, keeping ints that were ints."""
    old = getattr(owner, name)
    if isinstance(value, float) and type(old) is int and value == old:
        return  # RED(min_th=5) keeps its printed form
    object.__setattr__(owner, name, value)


@dataclass(frozen=True)
class RED:
    """Random Early Detection (Floyd & Jacobson 1993) parameters.

    Parameters
    ----------
    min_th, max_th : float
        Thresholds on the average queue, in packets (``0 <= min_th < max_th``).
    max_p : float
        Drop probability at ``max_th`` (``0 < max_p <= 1``).
    w_q : float
        Weight of the EWMA average of the queue (``0 < w_q <= 1``; the
        paper's 0.002 per packet arrival).
    gentle : bool
        Between ``max_th`` and ``2 max_th`` the probability rises linearly
        from ``max_p`` to 1 instead of jumping to 1.

    Examples
    --------
    >>> RED(min_th=5, max_th=15).max_p
    0.1
    """

    min_th: float = 5.0
    max_th: float = 15.0
    max_p: float = 0.1
    w_q: float = 0.002
    gentle: bool = False

    def __post_init__(self) -> None:
        _set(self, "min_th", _positive("min_th", self.min_th, allow_zero=True))
        _set(self, "max_th", _positive("max_th", self.max_th))
        if not self.min_th < self.max_th:
            raise ValueError(f"min_th must be < max_th, got {self.min_th} >= {self.max_th}")
        _set(self, "max_p", check_real("max_p", self.max_p, low=0.0, high=1.0, low_open=True))
        _set(self, "w_q", check_real("w_q", self.w_q, low=0.0, high=1.0, low_open=True))
        _set(self, "gentle", check_flag("gentle", self.gentle))


@dataclass(frozen=True)
class Link:
    """The bottleneck link of a dumbbell.

    Parameters
    ----------
    rate : float or array_like
        Capacity in bit/s: a constant, or one value per ``rate_interval``
        seconds (a trace, e.g. from :mod:`aimdmodel.environments` converted
        back to bit/s), held after the trace ends.
    delay : float
        One-way propagation delay of the bottleneck, in seconds (default 0;
        the flows' ``base_rtt`` includes it).
    buffer : int
        Buffer size in packets (``>= 0``).
    discipline : {"droptail", "red", "drr"}
        Queue discipline.
    red : RED, optional
        RED parameters (``discipline="red"``; defaults when None).
    random_loss : float
        Probability that a packet is lost independently of congestion
        (wireless-style), ``0 <= p < 1``.
    rate_interval : float, optional
        Seconds per value of a rate trace.

    Examples
    --------
    >>> Link(rate=10e6, buffer=50).discipline
    'droptail'
    """

    rate: Any = 10e6
    delay: float = 0.0
    buffer: int = 100
    discipline: str = "droptail"
    red: RED | None = None
    random_loss: float = 0.0
    rate_interval: float | None = None

    def __post_init__(self) -> None:
        if np.ndim(self.rate) == 0:
            _set(self, "rate", _positive("rate", self.rate, high=MAX_RATE))
            if self.rate_interval is not None:
                raise ValueError(f"rate_interval is for a rate trace; rate is the constant "
                                 f"{self.rate!r}, got rate_interval={self.rate_interval!r}")
        else:
            object.__setattr__(self, "rate", _rate_trace("rate", self.rate))
            if self.rate_interval is None:
                raise ValueError("rate_interval (seconds per value) is needed with a rate trace")
            object.__setattr__(self, "rate_interval", check_real(
                "rate_interval", self.rate_interval, low=MIN_RATE_INTERVAL))
        _set(self, "delay", _positive("delay", self.delay, allow_zero=True))
        object.__setattr__(self, "buffer", check_whole("buffer", self.buffer, maximum=MAX_BUFFER,
                                                       unit="packets"))
        check_choice("discipline", self.discipline, DISCIPLINES)
        if self.red is not None and not isinstance(self.red, RED):
            raise TypeError(f"red must be a RED instance, got {self.red!r}")
        if self.red is not None and self.discipline != "red":
            raise ValueError(f"red (RED parameters) is only used with discipline='red', got "
                             f"discipline={self.discipline!r}")
        _set(self, "random_loss", check_real("random_loss", self.random_loss, low=0.0, high=1.0,
                                             high_open=True))

    def rate_at(self, t: float) -> float:
        """Return the capacity in bit/s at time ``t`` (seconds)."""
        if np.ndim(self.rate) == 0:
            return float(self.rate)
        k = t // self.rate_interval
        return self.rate[max(int(min(k, len(self.rate) - 1)), 0)]


@dataclass(frozen=True)
class Flow:
    """One TCP flow of the dumbbell.

    Parameters
    ----------
    variant : str
        The TCP variant: its loss detection and recovery, and for the
        delay-based ones their window rule (``"tahoe"``, ``"reno"``,
        ``"newreno"``, ``"sack"``, ``"fack"``, ``"vegas"``, ``"westwood"``,
        ``"veno"``, ``"lp"``, ``"cubic"``; each model says which it
        implements).
    policy : Policy, optional
        The congestion-avoidance rule of a loss-based variant (any policy
        of the synchronous model: AIMD(a, b), AIAD, AIMD-FC, New-AIMD, ...);
        None means the variant's own (AIMD(1, 1/2) for Reno-style ones).
    base_rtt : float
        Round-trip propagation delay in seconds, bottleneck included.
    start, stop : float
        When the flow starts and stops sending (seconds; ``stop=None``:
        at the end).
    size : int, optional
        Bytes of payload to transfer (None: always has data): packets of
        ``packet_size - 52`` payload bytes each (:data:`HEADER_BYTES`,
        :meth:`Scenario.transfer_packets`), as ns-3's BulkSend sends them.
    rwnd : int, optional
        The receiver's advertised window in packets (``>= 1``; None: no
        limit): the flow never has more than ``rwnd`` packets outstanding.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> Flow(variant="sack", policy=AIMD(b=0.8), base_rtt=0.1).variant
    'sack'
    """

    variant: str = "newreno"
    policy: Policy | None = None
    base_rtt: float = 0.1
    start: float = 0.0
    stop: float | None = None
    size: int | None = None
    rwnd: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.variant, str) or not self.variant:
            raise TypeError(f"variant must be a variant name such as 'newreno', got "
                            f"{self.variant!r}")
        if self.policy is not None and not isinstance(self.policy, Policy):
            raise TypeError(f"policy must be an aimdmodel Policy or None, got {self.policy!r}")
        _set(self, "base_rtt", _positive("base_rtt", self.base_rtt))
        _times(self)
        object.__setattr__(self, "size", check_whole("size", self.size, minimum=1,
                                                     maximum=2**53, optional=True, unit="bytes"))
        object.__setattr__(self, "rwnd", check_whole("rwnd", self.rwnd, minimum=1,
                                                     maximum=MAX_BUFFER, optional=True,
                                                     unit="packets"))


@dataclass(frozen=True)
class CBR:
    """Constant-bit-rate (UDP) cross traffic through the bottleneck.

    Examples
    --------
    >>> CBR(rate=2e6).rate
    2000000.0
    """

    rate: float
    start: float = 0.0
    stop: float | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "rate", _positive("rate", self.rate, high=MAX_RATE))
        _times(self)


@dataclass(frozen=True)
class ParetoCross:
    """Pareto-length flows with Poisson arrivals (Reddy et al.'s environments 11-13).

    Parameters
    ----------
    mean_interarrival : float or tuple of float
        Mean time between arrivals in seconds; a pair ``(a, b)`` alternates
        between the two every ``period`` seconds (RSQ: 0.03 and 0.01 s).
    mean_size : float
        Mean flow length in bytes (not printed by Reddy et al.; a documented
        default), headers included: a flow of ``s`` bytes is ``ceil(s /
        packet_size)`` packets (unlike ``Flow.size``, bytes of payload).
    shape : float
        Pareto shape (``> 1``).
    period : float
        Seconds per half period of an alternating mean.

    Examples
    --------
    >>> ParetoCross(mean_interarrival=0.03).shape
    1.5
    """

    mean_interarrival: Any = 0.03
    mean_size: float = 30_000.0
    shape: float = 1.5
    period: float = 5.0

    def __post_init__(self) -> None:
        mean = self.mean_interarrival
        if isinstance(mean, (list, tuple, np.ndarray)):
            if len(mean) != 2 or np.ndim(mean) != 1:
                raise ValueError("mean_interarrival must be a number or a pair of numbers "
                                 f"(seconds), got {mean!r}")
            object.__setattr__(self, "mean_interarrival", tuple(
                _positive(f"mean_interarrival[{k}]", v) for k, v in enumerate(mean)))
        else:
            _set(self, "mean_interarrival", _positive("mean_interarrival", mean))
        _set(self, "mean_size", _positive("mean_size", self.mean_size, high=1e15))
        _set(self, "shape", check_real("shape", self.shape, low=1.0, low_open=True))
        _set(self, "period", _positive("period", self.period))


@dataclass(frozen=True)
class Scenario:
    """A dumbbell experiment: flows, a bottleneck, cross traffic, a duration, a seed.

    Parameters
    ----------
    flows : tuple of Flow
        The TCP flows (at least one).
    link : Link
        The bottleneck.
    duration : float
        Simulated seconds.
    cross : tuple of CBR or ParetoCross
        Cross traffic.
    packet_size : int
        Bytes per packet (default 1500).
    seed : int or None
        Seed of every random choice (random loss, RED, cross traffic, start
        jitter); the same seed gives the same run.
    warmup : float
        Seconds discarded by the metrics (default 0).

    Examples
    --------
    >>> Scenario(flows=(Flow(),), link=Link(), duration=10.0).packet_size
    1500
    """

    flows: tuple = ()
    link: Link = field(default_factory=Link)
    duration: float = 60.0
    cross: tuple = ()
    packet_size: int = 1500
    seed: int | None = 0
    warmup: float = 0.0

    def __post_init__(self) -> None:
        flows = _sequence("flows", self.flows, "Flow")
        if not flows:
            raise ValueError("flows must hold at least one Flow")
        for i, f in enumerate(flows):
            if not isinstance(f, Flow):
                raise TypeError(f"flows[{i}] must be a Flow, got {f!r}")
        object.__setattr__(self, "flows", flows)
        if not isinstance(self.link, Link):
            raise TypeError(f"link must be a Link, got {self.link!r}")
        _set(self, "duration", _positive("duration", self.duration))
        cross = _sequence("cross", self.cross, "CBR or ParetoCross")
        for i, c in enumerate(cross):
            if not isinstance(c, (CBR, ParetoCross)):
                raise TypeError(f"cross[{i}] must be a CBR or a ParetoCross, got {c!r}")
        object.__setattr__(self, "cross", cross)
        object.__setattr__(self, "packet_size", check_whole(
            "packet_size", self.packet_size, minimum=1, maximum=MAX_PACKET_SIZE, unit="bytes"))
        object.__setattr__(self, "seed", check_whole("seed", self.seed, maximum=MAX_SEED,
                                                     optional=True))
        _set(self, "warmup", _positive("warmup", self.warmup, allow_zero=True))
        if self.warmup >= self.duration:
            raise ValueError(f"warmup must be shorter than duration, got {self.warmup}")
        sized = [i for i, fl in enumerate(flows) if fl.size is not None]
        if sized and self.packet_size <= HEADER_BYTES:
            raise ValueError(f"packet_size must be > {HEADER_BYTES} bytes (IP, TCP and timestamp "
                             f"headers) for flows[{sized[0]}].size to be carried, got "
                             f"{self.packet_size}")

    @property
    def n_flows(self) -> int:
        """Number of TCP flows."""
        return len(self.flows)

    def transfer_packets(self, i: int) -> int | None:
        """Return the packets of flow ``i``'s finite transfer (None: it always has data).

        ``ceil(size / (packet_size - HEADER_BYTES))``: each packet carries
        ``packet_size - 52`` bytes of payload (ns-3's last segment carries
        only the rest; the models send whole packets).

        Examples
        --------
        >>> Scenario(flows=(Flow(size=1_000_000),), packet_size=1500).transfer_packets(0)
        691
        """
        size = self.flows[self._flow_index(i)].size
        return None if size is None else math.ceil(size / (self.packet_size - HEADER_BYTES))

    def _flow_index(self, i: Any) -> int:
        """Return ``i`` checked as the index of one of the flows (ValueError/TypeError)."""
        return check_whole("i", i, maximum=len(self.flows) - 1, unit="an index into flows")

    def bdp_packets(self, i: int = 0, t: float = 0.0) -> float:
        """Return the bandwidth-delay product of flow ``i`` at time ``t``, in packets.

        The link's rate at ``t`` times the flow's base RTT (:func:`bdp_packets`).

        Examples
        --------
        >>> Scenario(flows=(Flow(base_rtt=0.1),), link=Link(rate=12e6)).bdp_packets()
        100.0
        """
        return bdp_packets(self.link.rate_at(t), self.flows[self._flow_index(i)].base_rtt,
                           self.packet_size)


def bdp_packets(rate: Any, rtt: Any, packet_size: Any = 1500) -> Any:
    """Return the bandwidth-delay product ``rate * rtt / (8 * packet_size)``, in packets.

    The one place of the formula: :meth:`Scenario.bdp_packets`, the
    buffers "of one bandwidth-delay product" of the experiments, and
    :func:`aimdmodel.environments.packets_per_rtt` use it. Plain
    arithmetic (no check; arrays broadcast): the callers check their inputs.

    Parameters
    ----------
    rate : float or array
        Bits per second.
    rtt : float or array
        Seconds.
    packet_size : float
        Bytes per packet (default 1500).

    Returns
    -------
    float or array
        Packets (not rounded).

    Examples
    --------
    >>> bdp_packets(10e6, 0.1)   # 1e6 bit in flight / 12000 bit per packet
    83.33333333333333
    """
    return rate * rtt / (8 * packet_size)
