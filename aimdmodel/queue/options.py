"""The options of the round-based queue model (what a Scenario leaves to the model)."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

from .._validate import check_choice, check_flag, check_real, check_whole
from .variants import VARIANTS

__all__ = ["MAX_INITIAL_WINDOW", "PACINGS", "PACKET_RECOVERIES", "RENO_OPS", "ROUND_ONLY",
           "QueueOptions", "access_rate"]

PACKET_RECOVERIES = ("classic", "prr")
"""ns-3's recovery ops the packet-level mode runs (``TcpClassicRecovery``, ``TcpPrrRecovery``)."""

RENO_OPS = ("linux-reno", "newreno")
"""ns-3's op of a loss-based flow without a policy in the packet-level mode."""

PACINGS = ("ack-clocked", "burst")
"""How a flow's packets of a round reach the bottleneck."""

ROUND_ONLY = ("tick", "ticks_per_rtt", "pacing")
"""The round mode's time base: options the packet-level mode has no use for and refuses."""


MAX_INITIAL_WINDOW = 10**6
"""Largest initial window (packets) the queue model accepts."""


def _number(name: str, value: Any, *, low: float = 0.0, strict: bool = True,
            high: float = math.inf, optional: bool = False) -> None:
    check_real(name, value, low=low, low_open=strict, high=high, optional=optional)


@dataclass(frozen=True)
class QueueOptions:
    """Model options of :func:`aimdmodel.queue.run`, with their sources.

    Parameters
    ----------
    tick : float, optional
        The round mode's time step in seconds, at most the smallest base RTT
        (default: the smallest base RTT / ``ticks_per_rtt``).
    ticks_per_rtt : float, optional
        Ticks per smallest base RTT when ``tick`` is not given (default 10;
        at least 1: a flow ends at most one round per tick). Give ``tick`` or
        this, not both. A coarser time base runs faster and places packets
        less finely: ``python benchmarks/ns3_speed.py`` measures both.
    record_interval : float, optional
        Seconds per recorded sample (a whole number of ticks; default: the
        duration / 1000, at least one tick).
    pacing : {"ack-clocked", "burst"}
        ``"ack-clocked"`` (default): a round's packets leave evenly over the
        round, as ACK clocking spreads them once the pipe is full;
        ``"burst"``: the whole window in the first tick of the round
        (Padhye et al.'s back-to-back rounds).
    initial_window : int
        IW in packets (default 3: RFC 5681 Sec. 3.1 for 1095 < SMSS <= 2190).
    min_rto, max_rto, initial_rto : float
        RFC 6298 (2.4) minimum 1 s, (2.5) maximum at least 60 s, (2.1)
        initial 1 s.
    dupthresh : int
        Duplicate ACKs that trigger fast retransmit (RFC 5681: 3).
    vegas_alpha, vegas_beta, vegas_gamma : float
        Vegas thresholds in packets (ns-3 TcpVegas defaults 2, 4, 1).
    veno_beta : float
        Veno's backlog threshold in packets (Fu & Liew, ns-3: 3).
    lp_delta : float
        TCP-LP's threshold fraction of the OWD range (0.15).
    lp_inference : float
        TCP-LP's inference time in RTTs (3).
    cubic_c, cubic_beta : float
        RFC 9438's C = 0.4 and beta_cubic = 0.7.
    cubic_fast_convergence : bool
        RFC 9438 Sec. 4.7 (default on).
    westwood_alpha : float
        Westwood+'s filter gain (ns-3: 0.9).
    cross_rtt : float, optional
        Base RTT of the Pareto cross flows (not printed by Reddy et al.; default
        the mean base RTT of the scenario's flows).
    cross_variant : str
        Variant of the Pareto cross flows (TCP-SACK with AIMD, as Reddy et al.).
    recovery : {"classic", "prr"}
        The packet-level mode's recovery op: ns-3's ``TcpClassicRecovery``
        (cwnd = ssthresh for the whole recovery; default) or
        ``TcpPrrRecovery`` (RFC 6937). The round mode runs the first only.
    reno_ops : {"linux-reno", "newreno"}
        The packet-level mode's op for a loss-based flow without a policy:
        ns-3's ``TcpLinuxReno`` (ssthresh ``max(cwnd/2, 2)``; default) or
        ``TcpNewReno`` (``max(flight/2, 2)``, one segment per ACK in slow
        start, ``1/cwnd`` per ACK after). The round mode runs the first only.
    access_rate : float, optional
        Bit/s of each sender's link to the bottleneck in the packet-level
        mode (default, as the ns-3 bridge: 100 times the bottleneck's highest
        rate, at least 1 Gbit/s): a sender's packets leave one transmission
        time apart and reach the queue after that link's delay (the part of
        ``base_rtt`` before the queue). The round mode does not model it and
        refuses a value.

    Examples
    --------
    >>> QueueOptions(min_rto=0.2).min_rto
    0.2
    >>> QueueOptions(ticks_per_rtt=5).ticks_per_rtt
    5
    >>> QueueOptions(pacing="fast")
    Traceback (most recent call last):
    ...
    ValueError: pacing must be one of 'ack-clocked', 'burst', got 'fast'
    """

    tick: float | None = None
    ticks_per_rtt: float | None = None
    record_interval: float | None = None
    pacing: str = "ack-clocked"
    initial_window: int = 3
    min_rto: float = 1.0
    max_rto: float = 60.0
    initial_rto: float = 1.0
    dupthresh: int = 3
    vegas_alpha: float = 2.0
    vegas_beta: float = 4.0
    vegas_gamma: float = 1.0
    veno_beta: float = 3.0
    lp_delta: float = 0.15
    lp_inference: float = 3.0
    cubic_c: float = 0.4
    cubic_beta: float = 0.7
    cubic_fast_convergence: bool = True
    westwood_alpha: float = 0.9
    cross_rtt: float | None = None
    cross_variant: str = "sack"
    recovery: str = "classic"
    reno_ops: str = "linux-reno"
    access_rate: float | None = None

    def __post_init__(self) -> None:
        _number("tick", self.tick, optional=True)
        _number("ticks_per_rtt", self.ticks_per_rtt, low=1.0, strict=False, optional=True)
        if self.tick is not None and self.ticks_per_rtt is not None:
            raise ValueError(f"give tick or ticks_per_rtt, not both: got tick={self.tick!r}, "
                             f"ticks_per_rtt={self.ticks_per_rtt!r}")
        _number("record_interval", self.record_interval, optional=True)
        check_choice("pacing", self.pacing, PACINGS)
        check_choice("recovery", self.recovery, PACKET_RECOVERIES)
        check_choice("reno_ops", self.reno_ops, RENO_OPS)
        for name in ("initial_window", "dupthresh"):
            object.__setattr__(self, name, check_whole(name, getattr(self, name), minimum=1,
                                                       maximum=MAX_INITIAL_WINDOW,
                                                       unit="packets"))
        _number("min_rto", self.min_rto)
        _number("max_rto", self.max_rto)
        _number("initial_rto", self.initial_rto)
        if self.max_rto < self.min_rto:
            raise ValueError(f"max_rto must be >= min_rto, got {self.max_rto} < {self.min_rto}")
        _number("vegas_alpha", self.vegas_alpha, strict=False)
        _number("vegas_beta", self.vegas_beta, strict=False)
        if self.vegas_beta < self.vegas_alpha:
            raise ValueError(f"vegas_beta must be >= vegas_alpha, got {self.vegas_beta}")
        _number("vegas_gamma", self.vegas_gamma, strict=False)
        _number("veno_beta", self.veno_beta, strict=False)
        _number("lp_delta", self.lp_delta, high=1.0)
        _number("lp_inference", self.lp_inference, strict=False)
        _number("cubic_c", self.cubic_c)
        _number("cubic_beta", self.cubic_beta, high=1.0)
        if self.cubic_beta >= 1:
            raise ValueError(f"cubic_beta must be in (0, 1), got {self.cubic_beta}")
        _number("westwood_alpha", self.westwood_alpha, strict=False, high=1.0)
        _number("cross_rtt", self.cross_rtt, optional=True)
        _number("access_rate", self.access_rate, optional=True)
        check_flag("cubic_fast_convergence", self.cubic_fast_convergence)
        var = VARIANTS.get(self.cross_variant) if isinstance(self.cross_variant, str) else None
        if var is None or var.own_rule:
            loss_based = [v.name for v in VARIANTS.values() if not v.own_rule]
            raise ValueError(f"cross_variant must be one of {', '.join(loss_based)}, "
                             f"got {self.cross_variant!r}")

    def replace(self, **changes: Any) -> QueueOptions:
        """Return a copy with some options changed (unknown names raise ``ValueError``).

        Examples
        --------
        >>> QueueOptions().replace(min_rto=0.5).min_rto
        0.5
        """
        known = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise ValueError(f"unknown queue-model option {unknown[0]!r}; the options are "
                             f"{', '.join(sorted(known))}")
        return dataclasses.replace(self, **changes)


def access_rate(scenario: Any, options: QueueOptions | None = None) -> float:
    """Return the bit/s of the senders' links to the bottleneck (``options.access_rate``).

    Without a value: 100 times the bottleneck's highest rate, at least
    1 Gbit/s (the ns-3 bridge's links, which the packet-level mode follows).

    Examples
    --------
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> access_rate(Scenario(flows=(Flow(),), link=Link(rate=10e6)))
    1000000000.0
    >>> access_rate(Scenario(flows=(Flow(),), link=Link(rate=100e6)),
    ...             QueueOptions(access_rate=5e9))
    5000000000.0
    """
    if options is not None and options.access_rate is not None:
        return float(options.access_rate)
    import numpy as np

    return max(100.0 * float(np.max(np.atleast_1d(scenario.link.rate))), 1e9)
