"""Jasem et al. 2010's simulator set-up: New-AIMD against AIMD and AIMD-FC+, 100 MB transfers.

The NCTUns dumbbell of the set-up and Figs. 8-11 as a call of
:func:`aimdmodel.studies.flows_sweep`, every parameter printed (located in
the paper's text) or chosen (why); the numbers it prints are the package's
(:mod:`papers.jasem2010`). :data:`papers.setups.SETUPS` gathers it with the
other papers' set-ups.

Examples
--------
>>> JASEM2010_TRANSFERS.function, JASEM2010_TRANSFERS.kwargs("full")["flow_counts"]
('flows_sweep', (2, 4, 8, 16, 32))
>>> list(NEW_AIMD_POLICIES)[2:]
['New-AIMD printed', 'New-AIMD charitable']
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from aimdmodel import AIMD, AIMDFCPlus, NewAIMD
from aimdmodel.policies import Policy

from ..experiment_setup import Setup, param
from . import LINK_MBPS, TRANSFER_MB

__all__ = ["JASEM2010_TRANSFERS", "NEW_AIMD_POLICIES", "SETUPS"]

NEW_AIMD_POLICIES: Mapping[str, Policy] = MappingProxyType({
    "AIMD": AIMD(), "AIMD-FC+": AIMDFCPlus(), "New-AIMD printed": NewAIMD(),
    "New-AIMD charitable": NewAIMD(reading="charitable")})
"""Jasem et al. 2010's comparison: AIMD, AIMD-FC+ and both readings of New-AIMD's pseudocode."""
_MB = TRANSFER_MB * 10**6

JASEM2010_TRANSFERS = Setup(
    "jasem2010-transfers", "2 to 32 TCP-SACK flows each sending 100 MB through a 100 Mb/s "
    "DropTail bottleneck of 100 packets (Jasem et al. 2010, set-up and Figs. 8-11)",
    "flows_sweep",
    (
        param("policies", dict(NEW_AIMD_POLICIES), "TCP-SACK as one variant of TCP versions with "
              "AIMD, AIMD-FC+ and New-AIMD", paper="jasem2010",
              shown="AIMD, AIMD-FC+ and New-AIMD"),
        param("variant", "sack", "we used the TCP-SACK", paper="jasem2010", shown="TCP-SACK"),
        param("link_rate", float(LINK_MBPS) * 1e6, "bottleneck link is (full-duplex) "
              "100Mbps", paper="jasem2010", shown="100Mbps"),
        param("buffer", 100, "All DT queues have 100packet lengths", paper="jasem2010",
              shown="100"),
        param("discipline", "droptail", "is the DropTail mechanism (DT)", paper="jasem2010",
              shown="DropTail"),
        param("size", _MB, "is equal to 100 MB", paper="jasem2010", shown="100 MB"),
        param("flow_counts", (2, 4, 8, 16, 32), "The number of flows in these experiments is (2, "
              "4, 8, 16 and 32)", paper="jasem2010", shown="(2, 4, 8, 16 and 32)"),
        param("window", 100.0, "The time for the experiment is fixed at 100 s", paper="jasem2010",
              shown="100 s"),
        param("duration", 2 * 32 * _MB * 8 / 100e6 + 10, "32 transfers of 100 MB need at least "
              "256 s at 100 Mb/s, more than the printed 100 s: the run goes on until all complete "
              "(twice the least time, plus 10 s); link metrics over the printed 100 s"),
        param("base_rtt", 0.012, "not printed; 12 ms makes the 100-packet buffer one BDP at "
              "100 Mb/s with 1500-byte packets, the set-up of the work it compares with "
              "(Lahanas & Tsaoussidis 2003, Sec. 5)"),
        param("packet_size", 1500, "not printed; NCTUns runs the Linux TCP stack over Ethernet"),
        param("replications", 5, "the paper averages 20 experiments (The average is from 20 "
              "experiments); 5 here for time"),
    ),
    {"ledger": ({"size": _MB // 10, "flow_counts": (2, 8, 32), "window": 10.0,
                 "duration": 2 * 32 * _MB / 10 * 8 / 100e6 + 10, "replications": 3,
                 "tick": 0.003},
                "transfers of 10 MB (1/10) with the metrics' window scaled alike, 2, 8, 32 "
                "flows, three replications, a tick of RTT/4")},
)

SETUPS: tuple[Setup, ...] = (JASEM2010_TRANSFERS,)
"""The paper's set-ups, in the order :data:`papers.setups.SETUPS` lists them."""
