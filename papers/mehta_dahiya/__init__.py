"""Mehta & Dahiya: the numbers the paper prints, quoted.

"Measuring performance of delay based congestion control algorithms (Low
Priority, Westwood and Veno)": the simulation time of the set-up table and
Tables 1-6 (per routing protocol and node count, for TCP-LP, Westwood and
Veno: E2E delay, sent, received, packet delivery ratio, throughput, packet
loss), parsed from the paper's own text (:mod:`papers.texts`; decimals as
strings, as printed). Its claims (:mod:`papers.mehta_dahiya.claims`, run by the
ledger :mod:`paper_checks`) recompute them.

Examples
--------
>>> TABLES[1][0], TABLES[1][1][0][:4]
('AODV, 10 nodes', ('AODV_LP', '0.6696807', 5900, 5530))
"""

from __future__ import annotations

import re

from .. import texts

__all__ = ["DSSS_MAX_RATE", "DSSS_PLCP_S", "HEADERS", "NS2_80211_RATE", "NS2_TCP_BYTES",
           "SIM_TIME", "TABLES", "tables_from_text"]

SIM_TIME = 100
"""The set-up table's "Simulation Time 100" (seconds)."""

# What the paper does not give, quoted from the simulator and the standard it names
NS2_TCP_BYTES = 1000
"""ns-2's default TCP segment (``Agent/TCP set packetSize_ 1000`` in ns-default.tcl)."""
NS2_80211_RATE = 1_000_000
"""ns-2.35's default 802.11 data rate in bit/s (``Mac/802_11 set dataRate_ 1Mb``)."""
DSSS_MAX_RATE = 11_000_000
"""The fastest 802.11b (DSSS/CCK) data rate, bit/s."""
DSSS_PLCP_S = 192e-6
"""802.11b long PLCP preamble and header (144 + 48 bits at 1 Mb/s), seconds, sent before
every frame."""

HEADERS = ("AODV(10 nodes)", "AODV(30 nodes)", "DSDV (10 nodes)", "Table 4DSDV(30 nodes)",
           "DSR(10 nodes)", "DSR(30 nodes)")
"""The first line of Tables 1-6 as printed (Table 4's runs into its caption)."""

_ROW = re.compile(r"^(\S+)\s+([\d.]+)\s+(\d+)\s+(\d+)\s+([\d.]+)%\s+([\d.]+)\s+(\d+)\s*$")


def tables_from_text() -> dict[int, tuple[str, tuple]]:
    """Parse Tables 1-6 from the located passages of Mehta & Dahiya.

    Returns
    -------
    dict
        Table number -> (set-up, rows); a row is (agent, delay (ms), sent,
        received, PDR (%), throughput (KBPS), loss) with the decimals as
        printed (strings) and the counts as ints.

    Examples
    --------
    >>> tables_from_text()[1][1][0][:4]
    ('AODV_LP', '0.6696807', 5900, 5530)
    """
    out = {}
    for n, head in enumerate(HEADERS, start=1):
        text = texts.passages("mehta-dahiya")[texts.locate("mehta-dahiya", head).passage].text
        proto, nodes = re.search(r"(AODV|DSDV|DSR) ?\((\d+) nodes\)", head).groups()
        rows = []
        for line in text.splitlines():
            m = _ROW.match(line.strip())
            if m:
                agent, delay, sent, recv, pdr, thr, loss = m.groups()
                rows.append((agent, delay, int(sent), int(recv), pdr, thr, int(loss)))
        out[n] = (f"{proto}, {nodes} nodes", tuple(rows))
    return out


TABLES: dict[int, tuple[str, tuple[tuple[str, str, int, int, str, str, int], ...]]] = (
    tables_from_text()
)
"""Tables 1-6 parsed from the text (:func:`tables_from_text`): number -> (set-up, rows); a row
is (agent, delay (ms), sent, received, PDR (%), throughput (KBPS), loss)."""
