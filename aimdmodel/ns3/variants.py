"""How each TCP variant of a :class:`~aimdmodel.scenario.Flow` runs in ns-3.44.

A variant is a congestion op (``TcpCongestionOps``), a loss recovery
(``TcpRecoveryOps``) and the SACK option of ``TcpSocketBase``. ns-3's loss
detection and repair is one machine for every variant: RFC 6675 with SACK,
its "Reno SACK" emulation of NewReno (RFC 6582) without; the recovery op
only sets the window at the start, during and at the end of recovery, and
recovery always lasts until the recovery point. So:

* ``newreno``, ``sack`` and the variants with their own rule map onto
  ns-3's own types; ``tahoe`` needs a run-time recovery op
  (``aimdns3::TahoeRecovery``: cwnd = 1 segment on three duplicate ACKs,
  slow start while ns-3 repairs the holes, the slow-start window kept when
  recovery ends; no go-back-N, as in the queue model);
* ``reno`` cannot be had: Reno leaves recovery on the first partial ACK
  and times out on three losses in a window; ns-3 stays in recovery until
  the recovery point (NewReno). Refused unless approximations are allowed,
  then run as NewReno (noted in the result's options);
* ``fack`` cannot be had: FACK enters recovery when the forward-most SACKed
  byte is more than 3 segments beyond the first hole; that test lives in
  ``TcpSocketBase::DupAck`` and ``TcpTxBuffer::IsLost``, which are not
  virtual and which neither a congestion op nor a recovery op reaches.
  Refused unless approximations are allowed, then run as SACK (RFC 6675's
  IsLost: 3 SACKed segments above the hole).

A loss-based variant (``tahoe``, ``reno``, ``newreno``, ``sack``, ``fack``)
takes its window rule from ``Flow.policy`` (a run-time congestion op
generated from the policy, :mod:`aimdmodel.ns3.rules`); with no policy it
runs ns-3's ``TcpLinuxReno`` (cwnd halved, ``max(cwnd/2, 2)``, as the
queue model's AIMD(1, 1/2) on cwnd) or, with ``Ns3Options(reno_ops=
"newreno")``, ``TcpNewReno`` (``max(bytes in flight/2, 2)``, below cwnd/2
for small windows).

Examples
--------
>>> NS3_VARIANTS["vegas"].congestion_ops, NS3_VARIANTS["cubic"].sack
('ns3::TcpVegas', True)
>>> NS3_VARIANTS["fack"].exact
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

__all__ = ["NS3_VARIANTS", "RENO_OPS", "Ns3Variant", "ns3_variant"]

RENO_OPS = MappingProxyType({"linux-reno": "ns3::TcpLinuxReno", "newreno": "ns3::TcpNewReno"})
"""ns-3's op for a loss-based variant without a policy, by ``Ns3Options.reno_ops``."""


@dataclass(frozen=True)
class Ns3Variant:
    """One variant as ns-3 runs it.

    Attributes
    ----------
    name : str
        The ``Flow.variant`` name.
    congestion_ops : str or None
        ns-3 TypeId of the congestion op; None for a loss-based variant
        (``Flow.policy``, or :data:`RENO_OPS` without one).
    recovery : str or None
        TypeId of the recovery op; None: ``Ns3Options.recovery``.
    sack : bool
        The SACK option.
    exact : bool
        False when ns-3 cannot express the variant and runs an
        approximation (refused unless ``Ns3Options(approximate=True)``).
    how : str
        Type or run-time op, and what differs from the variant.

    Examples
    --------
    >>> NS3_VARIANTS["tahoe"].recovery
    'aimdns3::TahoeRecovery'
    """

    name: str
    congestion_ops: str | None
    recovery: str | None
    sack: bool
    exact: bool
    how: str


_TABLE = (
    Ns3Variant("tahoe", None, "aimdns3::TahoeRecovery", False, True,
               "run-time recovery op aimdns3::TahoeRecovery (cwnd = 1 segment at 3 dupacks, "
               "slow start during the repair, kept after it) with the flow's rule; ns-3 "
               "repairs one hole per partial ACK (no go-back-N, as in the queue model)"),
    Ns3Variant("reno", None, None, False, False,
               "not in ns-3: recovery always lasts to the recovery point (NewReno); "
               "approximated by NewReno recovery (SACK off)"),
    Ns3Variant("newreno", None, None, False, True,
               "SACK off: ns-3's RFC 6582 emulation (Reno SACK), classic recovery"),
    Ns3Variant("sack", None, None, True, True,
               "SACK on: RFC 6675 recovery (SetPipe, IsLost), classic recovery"),
    Ns3Variant("fack", None, None, True, False,
               "not in ns-3: FACK's trigger (forward-most SACK > 3 segments past the hole) "
               "sits in TcpSocketBase::DupAck / TcpTxBuffer::IsLost, not virtual, out of "
               "reach of congestion and recovery ops; approximated by SACK (RFC 6675)"),
    Ns3Variant("vegas", "ns3::TcpVegas", None, False, True,
               "ns3::TcpVegas (alpha 2, beta 4, gamma 1), SACK off"),
    Ns3Variant("westwood", "ns3::TcpWestwoodPlus", None, False, True,
               "ns3::TcpWestwoodPlus (Tustin filter), SACK off"),
    Ns3Variant("veno", "ns3::TcpVeno", None, False, True, "ns3::TcpVeno (beta 3), SACK off"),
    Ns3Variant("lp", "ns3::TcpLp", None, False, True, "ns3::TcpLp, SACK off"),
    Ns3Variant("cubic", "ns3::TcpCubic", None, True, True,
               "ns3::TcpCubic (C 0.4, beta 0.7, fast convergence, TCP-friendly; HyStart off "
               "unless Ns3Options(cubic_hystart=True)), SACK on"),
)

NS3_VARIANTS: Mapping[str, Ns3Variant] = MappingProxyType({v.name: v for v in _TABLE})
"""The variants by ``Flow.variant`` name."""


def ns3_variant(name: str) -> Ns3Variant:
    """Look a variant up by name.

    Raises
    ------
    ValueError
        If ``name`` is not one of :data:`NS3_VARIANTS`.

    Examples
    --------
    >>> ns3_variant("sack").sack
    True
    """
    if not isinstance(name, str) or name not in NS3_VARIANTS:
        raise ValueError(f"variant must be one of {', '.join(NS3_VARIANTS)}, got {name!r}")
    return NS3_VARIANTS[name]
