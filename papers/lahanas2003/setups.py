"""Lahanas & Tsaoussidis 2003's simulator set-ups: AIMD, AIMD-FC, AIMD-FC+ in TCP-SACK.

Sec. 5's two experiments as calls of :mod:`aimdmodel.studies` (N long-lived
flows, :data:`LAHANAS2003_STATIONARY`; groups of flows joining and leaving
behind a RED gateway, :data:`LAHANAS2003_CHURN`), every parameter printed
(located in the paper's text) or chosen (why). :data:`papers.setups.SETUPS`
gathers them with the other papers' set-ups.

Examples
--------
>>> LAHANAS2003_CHURN.function, LAHANAS2003_CHURN.kwargs("full")["group_size"]
('churn', 30)
>>> list(FC_POLICIES), LAHANAS2003_STATIONARY.kwargs("ledger")["flow_counts"]
(['AIMD', 'AIMD-FC', 'AIMD-FC+'], (2, 8, 32))
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from aimdmodel import AIMD, AIMDFC, AIMDFCPlus
from aimdmodel.policies import Policy

from ..experiment_setup import NS2, Setup, param

__all__ = ["FC_POLICIES", "LAHANAS2003_CHURN", "LAHANAS2003_STATIONARY", "SETUPS"]

FC_POLICIES: Mapping[str, Policy] = MappingProxyType(
    {"AIMD": AIMD(), "AIMD-FC": AIMDFC(), "AIMD-FC+": AIMDFCPlus()})
"""Lahanas & Tsaoussidis 2003's three algorithms with their printed parameters (a = 1,
b = 1/2, f(q) = q/2)."""

_SACK = param("variant", "sack", "The TCP version of choice in our experiments was TCP-SACK",
              paper="lahanas2003", shown="TCP-SACK")
_BDP = param("buffer", None, "the queue buffers were set equal to the Delay \\times Bandwidth "
             "product", paper="lahanas2003", shown="Delay \\times Bandwidth")
_LAHANAS_RTT = ("not printed; 0.1 s, and 0.02 s at full scale as a check: with a buffer of one "
            "BDP the AIMD cycle lasts BDP/N RTTs, so the RTT decides how many cycles 60 s hold")

LAHANAS2003_STATIONARY = Setup(
    "lahanas2003-stationary", "N long-lived TCP-SACK flows of AIMD, AIMD-FC, AIMD-FC+, "
    "DropTail buffer of one BDP, 60 s (Lahanas & Tsaoussidis 2003, Sec. 5.1, Figs. 6-8)",
    "flows_sweep",
    (
        param("policies", dict(FC_POLICIES), "AIMD, AIMD-FC and AIMD-FC+ on a 100 Mbps link",
              paper="lahanas2003", shown="AIMD, AIMD-FC and AIMD-FC+"),
        _SACK, _BDP,
        param("link_rate", 100e6, "on a 100 Mbps link and Droptail gateway", paper="lahanas2003",
              shown="100 Mbps"),
        param("second link_rate", 1e9, "on a 1 Gbps link and Droptail gateway", paper="lahanas2003",
              shown="1 Gbps", kwarg=False),
        param("duration", 60.0, "The task of the application is to send data for 60 s",
              paper="lahanas2003",
              shown="60 s"),
        param("flow_counts", (2, 4, 8, 16, 32, 64), "the figures' axes are not in the text; the "
              "text names 2, 4, 8 flows as few"),
        param("base_rtt", 0.1, _LAHANAS_RTT),
        param("packet_size", 1000, "Agent/TCP packetSize_ 1000 bytes, " + NS2),
        param("replications", 10, "the paper averages 30 experiments (average of 30 experiments "
              "with minimal statistical deviation); 10 here for time"),
    ),
    {"ledger": ({"flow_counts": (2, 8, 32), "replications": 2},
                "100 Mb/s and RTT 0.1 s only, 2, 8, 32 flows, two replications")},
)

LAHANAS2003_CHURN = Setup(
    "lahanas2003-churn", "groups of 30 TCP-SACK flows joining (leaving) every 15 s up to "
    "(from) 120 behind a RED gateway (Sec. 5.2-5.3, Figs. 11-14)", "churn",
    (
        param("policies", dict(FC_POLICIES), "AIMD, AIMD-FC and AIMD-FC+ on a 100 Mbps link",
              paper="lahanas2003", shown="AIMD, AIMD-FC and AIMD-FC+"),
        _SACK, _BDP,
        param("group_size", 30, "30 flows leave the system every 15 s", paper="lahanas2003",
              shown="30"),
        param("period", 15.0, "30 flows leave the system every 15 s", paper="lahanas2003",
              shown="15 s"),
        param("groups", 4, "up to a total of 120 nodes", paper="lahanas2003", shown="120"),
        param("discipline", "red", "on a 100 Mbps link and a RED gateway", paper="lahanas2003",
              shown="RED gateway"),
        param("link_rate", 100e6, "on a 100 Mbps link and a RED gateway", paper="lahanas2003",
              shown="100 Mbps"),
        param("red", "thresholds 1/3 and 2/3 of the buffer", "The RED minimum drop threshold was "
              "set to $(1/3)$", paper="lahanas2003", shown="(1/3)", kwarg=False),
        param("base_rtt", 0.1, _LAHANAS_RTT.split(";")[0]),
        param("packet_size", 1000, "Agent/TCP packetSize_ 1000 bytes, " + NS2),
        param("replications", 10, "the paper averages 30 experiments; 10 here for time"),
    ),
    {"ledger": ({"replications": 4}, "four replications")},
)

SETUPS: tuple[Setup, ...] = (LAHANAS2003_STATIONARY, LAHANAS2003_CHURN,)
"""The paper's set-ups, in the order :data:`papers.setups.SETUPS` lists them."""
