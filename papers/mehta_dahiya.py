"""Mehta & Dahiya (seed 002): the numbers the paper prints, quoted.

"Measuring performance of delay based congestion control algorithms (Low
Priority, Westwood and Veno)": the simulation time of the set-up table and
Tables 1-6 (per routing protocol and node count, for TCP-LP, Westwood and
Veno: E2E delay, sent, received, packet delivery ratio, throughput, packet
loss), exactly as printed (decimals as strings). The claims ledger
(:mod:`paper_checks.mehta_dahiya`) recomputes them; this module computes
nothing.

Examples
--------
>>> TABLES[1][0], TABLES[1][1][0][:4]
('AODV, 10 nodes', ('AODV_LP', '0.6696807', 5900, 5530))
"""

from __future__ import annotations

__all__ = ["SIM_TIME", "TABLES"]

SIM_TIME = 100
"""The set-up table's "Simulation Time 100" (seconds)."""

TABLES: dict[int, tuple[str, tuple[tuple[str, str, int, int, str, str, int], ...]]] = {
    1: (
        "AODV, 10 nodes",
        (
            ("AODV_LP", "0.6696807", 5900, 5530, "93.73", "2.765", 370),
            ("AODV_Westwood", "0.73246466", 5522, 5153, "93.32", "2.5765", 369),
            ("AODV_Veno", "0.67340289", 6027, 5747, "95.35", "2.8735", 280),
        ),
    ),
    2: (
        "AODV, 30 nodes",
        (
            ("AODV_LP", "0.738094369", 6448, 5462, "84.71", "2.731", 986),
            ("AODV_Westwood", "0.738094369", 6448, 5462, "84.71", "2.731", 986),
            ("AODV_Veno", "0.691729593", 6887, 5846, "84.88", "2.923", 1041),
        ),
    ),
    3: (
        "DSDV, 10 nodes",
        (
            ("DSDV_LP", "0.54496624", 7282, 7008, "96.24", "3.504", 274),
            ("DSDV_Westwood", "0.58626886", 6855, 6523, "95.16", "3.2615", 332),
            ("DSDV_Veno", "0.55396938", 7065, 6856, "97.04", "3.428", 209),
        ),
    ),
    4: (
        "DSDV, 30 nodes",
        (
            ("DSDV_LP", "0.590474748", 6681, 5745, "85.99", "3.1025", 936),
            ("DSDV_Westwood", "0.590474748", 7201, 6205, "86.17", "3.1025", 996),
            ("DSDV_Veno", "0.57794391", 7081, 6131, "86.58", "3.0655", 950),
        ),
    ),
    5: (
        "DSR, 10 nodes",
        (
            ("DSR_LP", "0.68567734", 6184, 5863, "94.81", "2.9315", 321),
            ("DSR_Westwood", "0.69408085", 6104, 5764, "94.43", "2.882", 340),
            ("DSRVeno", "0.74882196", 5986, 5658, "94.52", "2.829", 328),
        ),
    ),
    6: (
        "DSR, 30 nodes",
        (
            ("DSR_LP", "0.690075019", 7201, 6205, "84.71", "2.8725", 996),
            ("DSR_Westwood", "0.690075019", 6681, 5745, "85.99", "2.8725", 936),
            ("DSRVeno", "0.712571351", 6412, 5577, "86.98", "2.7885", 835),
        ),
    ),
}
"""Tables 1-6 as printed: number -> (set-up, rows); a row is (agent, delay (ms), sent,
received, PDR (%), throughput (KBPS), loss)."""
