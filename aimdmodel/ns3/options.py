"""The options of the ns-3 bridge: ns-3's defaults that change a comparison, set explicitly."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .._validate import check_choice, check_flag, check_real, check_whole
from .variants import RENO_OPS

__all__ = ["RECOVERY_OPS", "RULE_MODES", "Ns3Options"]

RECOVERY_OPS = {"classic": "ns3::TcpClassicRecovery", "prr": "ns3::TcpPrrRecovery"}
"""ns-3's recovery ops by ``Ns3Options.recovery``."""

RULE_MODES = ("generated", "python", "auto")
"""How a ``Flow.policy`` runs inside ns-3 (see :mod:`aimdmodel.ns3.rules`)."""


def _number(owner: Any, name: str, *, low: float = 0.0, optional: bool = False,
            integer: bool = False, high: int = 2**32 - 1) -> None:
    value = getattr(owner, name)
    if integer:
        v = check_whole(name, value, minimum=int(low) + 1, maximum=high, optional=optional)
    else:
        v = check_real(name, value, low=low, low_open=True, optional=optional)
    if v is not None and type(value) is not type(v):
        object.__setattr__(owner, name, v)  # numpy scalars converted before any C++


@dataclass(frozen=True)
class Ns3Options:
    """What a :class:`~aimdmodel.scenario.Scenario` leaves to the ns-3 bridge.

    Every ns-3 default that silently changes a comparison is set here
    explicitly, and the result's ``options`` record the values used.

    Parameters
    ----------
    segment_size : int, optional
        TCP payload bytes (``TcpSocket::SegmentSize``, ns-3 default 536);
        default ``packet_size - 52`` (20 IP + 20 TCP + 12 timestamp bytes),
        so a data packet is ``packet_size`` bytes of IP.
    delayed_ack : int
        ``TcpSocket::DelAckCount`` (ns-3: 2); default 1, an ACK per packet
        as the models assume.
    initial_window : int
        ``TcpSocket::InitialCwnd`` in segments (ns-3: 10); default 3, the
        queue model's (RFC 5681 for 1095 < SMSS <= 2190).
    socket_buffer : int
        ``SndBufSize`` and ``RcvBufSize`` bytes (ns-3: 131072, which would
        cap the window); default 16 MiB.
    min_rto : float
        ``TcpSocketBase::MinRto`` seconds (ns-3 and RFC 6298: 1).
    recovery : {"classic", "prr"}
        ``TcpL4Protocol::RecoveryType`` (ns-3: PRR, RFC 6937); default
        classic (cwnd = ssthresh for the whole recovery, RFC 6675/6582).
    reno_ops : {"linux-reno", "newreno"}
        The congestion op of a loss-based variant without a policy:
        ``TcpLinuxReno`` (default: ssthresh = max(cwnd/2, 2), the queue
        model's AIMD(1, 1/2)) or ``TcpNewReno`` (max(bytes in flight/2, 2)).
    rule : {"generated", "python", "auto"}
        How a ``Flow.policy`` runs: C++ generated from the policy's code
        (default), the policy's Python methods called from C++ (cppyy
        cross-inheritance), or generated when possible, else Python.
    access_rate : float, optional
        Bit/s of every link but the bottleneck (default: 100 times the
        bottleneck's highest rate, at least 1 Gbit/s).
    record_interval : float, optional
        Seconds per recorded sample (default: duration / 1000, at least
        1 ms).
    cubic_hystart : bool
        ``TcpCubic::HyStart`` (ns-3: on); default off, as the queue model.
    approximate : bool
        Run variants ns-3 cannot express (``reno``, ``fack``) as their
        nearest ns-3 form instead of refusing them.
    compensate_ppp : bool
        Raise the bottleneck's wire rate by ``(packet_size + 2) /
        packet_size`` so that it carries ``rate / (8 packet_size)`` IP
        packets per second, the models' capacity (the PPP header is 2
        bytes; default True).
    compensate_serialization : bool
        Shorten each sender's access delay by half the transmission times
        of a data packet and an ACK along the path, so that the smallest RTT
        ns-3 can measure is ``Flow.base_rtt`` (default True).
    run : int, optional
        ns-3's RNG run number (``RngSeedManager::SetRun``; the seed is 1);
        default ``Scenario.seed`` (a random one when the seed is None).

    Examples
    --------
    >>> Ns3Options().delayed_ack, Ns3Options().recovery
    (1, 'classic')
    >>> Ns3Options(recovery="fast")
    Traceback (most recent call last):
    ...
    ValueError: recovery must be one of 'classic', 'prr', got 'fast'
    """

    segment_size: int | None = None
    delayed_ack: int = 1
    initial_window: int = 3
    socket_buffer: int = 16 * 1024 * 1024
    min_rto: float = 1.0
    recovery: str = "classic"
    reno_ops: str = "linux-reno"
    rule: str = "generated"
    access_rate: float | None = None
    record_interval: float | None = None
    cubic_hystart: bool = False
    approximate: bool = False
    compensate_ppp: bool = True
    compensate_serialization: bool = True
    run: int | None = None

    def __post_init__(self) -> None:
        _number(self, "segment_size", optional=True, integer=True, high=65535)
        for name in ("delayed_ack", "initial_window", "socket_buffer"):
            _number(self, name, integer=True)
        _number(self, "min_rto")
        check_choice("recovery", self.recovery, tuple(RECOVERY_OPS))
        check_choice("reno_ops", self.reno_ops, tuple(RENO_OPS))
        check_choice("rule", self.rule, RULE_MODES)
        _number(self, "access_rate", optional=True)
        _number(self, "record_interval", optional=True)
        _number(self, "run", low=-1, integer=True, optional=True, high=2**63 - 1)
        for name in ("cubic_hystart", "approximate", "compensate_ppp",
                     "compensate_serialization"):
            object.__setattr__(self, name, check_flag(name, getattr(self, name)))

    def replace(self, **changes: Any) -> Ns3Options:
        """Return a copy with some options changed (unknown names raise ``ValueError``).

        Examples
        --------
        >>> Ns3Options().replace(min_rto=0.2).min_rto
        0.2
        """
        known = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise ValueError(f"unknown ns-3 option {unknown[0]!r}; the options are "
                             f"{', '.join(sorted(known))}")
        return dataclasses.replace(self, **changes)
