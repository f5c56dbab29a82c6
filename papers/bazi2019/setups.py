"""Bazi & Nassereddine 2019's simulator set-up: six TCP variants against a CBR load.

The CBR experiment of Sec. 3 as a call of :func:`aimdmodel.studies.cbr_load`,
every parameter printed (located in the paper's text) or chosen (why); the
numbers it prints are the package's (:mod:`papers.bazi2019`).
:data:`papers.setups.SETUPS` gathers it with the other papers' set-ups.

Examples
--------
>>> BAZI2019_CBR.function, BAZI2019_CBR.kwargs("ledger")["rwnd"]
('cbr_load', 20)
>>> len(BAZI2019_CBR.kwargs("full")["cbr_rates"])
23
"""

from __future__ import annotations

from ..experiment_setup import NS2, Setup, param
from . import CBR_FROM, CBR_STEP, CBR_TO, LINK_MB

__all__ = ["BAZI2019_CBR", "SETUPS"]

_CBR = tuple(float((CBR_FROM + k * CBR_STEP) * 10**6)
             for k in range(int((CBR_TO - CBR_FROM) / CBR_STEP) + 1))
_BAZI_VARIANTS = ("tahoe", "reno", "newreno", "sack", "fack", "vegas")

BAZI2019_CBR = Setup(
    "bazi2019-cbr", "one flow of each of six TCP variants against a CBR load on a 10 Mb "
    "link (Bazi & Nassereddine 2019, Sec. 3)", "cbr_load",
    (
        param("link_rate", float(LINK_MB) * 1e6, "links between adjacent nodes are 10 MB",
              paper="bazi2019", shown="10 MB"),
        param("cbr_rates", _CBR, "the values of the CBR are varied from 1 to 12 with an increment "
              "of 0.5", paper="bazi2019", shown="from 1 to 12"),
        param("variants", _BAZI_VARIANTS, "(Tahoe, Reno, New Reno, Vegas, Sack, Fack)",
              paper="bazi2019",
              shown="Tahoe, Reno, New Reno, Vegas, Sack, Fack"),
        param("topology", "one bottleneck", "the 802.11s mesh (MAC, radio, routing) is outside the "
              "queue model; one wired bottleneck at the printed link rate", kwarg=False),
        param("flows", 1, "one TCP flow per run: the paper applies 'one of the TCP variants' to "
              "the network", kwarg=False),
        param("base_rtt", 0.1, "not printed; the library's default RTT"),
        param("buffer", 50, "Queue limit_ 50 packets, " + NS2),
        param("packet_size", 1000, "Agent/TCP packetSize_ 1000 bytes, " + NS2),
        param("rwnd", 20, "Agent/TCP window_ 20 packets, " + NS2 + "; also run without a receiver "
              "window (rwnd None) as a check of how much the results depend on it"),
        param("duration", 100.0, "not printed"),
        param("warmup", 10.0, "not printed: slow start left out of the metrics"),
        param("replications", 10, "not printed; independent runs averaged"),
    ),
    {"ledger": ({"duration": 40.0, "warmup": 10.0, "replications": 3, "tick": 0.02},
                "three replications of 40 s at a tick of RTT/5, to fit the ledger's time")},
)

SETUPS: tuple[Setup, ...] = (BAZI2019_CBR,)
"""The paper's set-ups, in the order :data:`papers.setups.SETUPS` lists them."""
