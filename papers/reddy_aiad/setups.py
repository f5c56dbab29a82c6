"""Reddy, Sireesha & Kumar's simulator set-up: the linear controls over 13 environments.

The robustness grid of Sec. 3.3 and the appendix as a call of
:func:`aimdmodel.studies.robustness_grid`, every parameter printed (located in
the paper's text) or chosen (why); the appendix's (a, b) pairs as policies
(:data:`APPENDIX_POLICIES`), Sec. 3.2's chosen pair and the two
multiplicative-increase schemes the text compares them with
(:data:`CANONICAL`). :data:`papers.setups.SETUPS` gathers it with the other
papers' set-ups.

Examples
--------
>>> REDDY_AIAD_GRID.function, list(REDDY_AIAD_GRID.kwargs("ledger")["policies"])
('robustness_grid', ['AIMD(1, 0.8)', 'AIAD(1, 3)'])
>>> len(APPENDIX_POLICIES), list(CANONICAL)[2:]
(18, ['MIMD(1.1, 0.8)', 'MIAD(1.1, 3)'])
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from aimdmodel import AIAD, AIMD, MIAD, MIMD
from aimdmodel.policies import Policy

from ..experiment_setup import NS2, Setup, param
from . import APPENDIX

__all__ = ["APPENDIX_POLICIES", "CANONICAL", "LEDGER_POLICIES", "REDDY_AIAD_GRID", "SETUPS"]

def _aimd(a: int, b: str) -> AIMD:
    return AIMD(a=a, b=Fraction(b))


APPENDIX_POLICIES: Mapping[str, Policy] = MappingProxyType(
    {f"AIMD({a}, {b})": _aimd(a, b) for a, b in APPENDIX["Reno+DropTail"]["AIMD"]}
    | {f"AIAD({a}, {d})": AIAD(a=a, d=d) for a, d in APPENDIX["Reno+DropTail"]["AIAD"]}
)
"""The 18 (a, b) pairs of the appendix tables, labelled as printed."""
CANONICAL: Mapping[str, Policy] = MappingProxyType({
    "AIMD(1, 0.8)": _aimd(1, "0.8"), "AIAD(1, 3)": AIAD(a=1, d=3),
    "MIMD(1.1, 0.8)": MIMD(c=Fraction(11, 10), b=Fraction(4, 5)),
    "MIAD(1.1, 3)": MIAD(c=Fraction(11, 10), d=3)})
"""Sec. 3.2's chosen pair and the two multiplicative-increase schemes the text compares them
with (MIMD, MIAD at the edges of the permissible MI > 0.1 and MD < 0.9: not printed)."""
LEDGER_POLICIES = ("AIMD(1, 0.8)", "AIAD(1, 3)")
"""The ledger's subset of the appendix rows: Sec. 3.2's chosen pair, the set A compared."""

REDDY_AIAD_GRID = Setup(
    "reddy-aiad-grid", "n test flows of each linear control under Reno/SACK recovery and "
    "DropTail/RED/DRR over the 13 environments of Table 2 (Reddy et al., Sec. 3.3, appendix)",
    "robustness_grid",
    (
        param("policies", dict(APPENDIX_POLICIES), "TCP Reno + DROPTAIL", paper="reddy-aiad",
              shown="TCP Reno + DROPTAIL"),
        param("settings", (("reno", "droptail"), ("sack", "droptail"), ("reno", "red"),
              ("sack", "red")), "TCP SACK + RED", paper="reddy-aiad", shown="SACK + RED"),
        param("drr", "DRR", "When testing with the DRR setting, we use a DRR scheduler",
              paper="reddy-aiad",
              shown="DRR", kwarg=False),
        param("buffer", "one bandwidth-delay product", "buffers sized to match the delay-bandwidth "
              "product of the network", paper="reddy-aiad", shown="delay-bandwidth product",
              kwarg=False),
        param("rtt_spread", 0.1, "the RTTs are randomized 'slightly' (printed, no amount): spread "
              "evenly over +-10%"),
        param("n_flows", 4, "n is not printed"),
        param("per_flow_rate", 10e6, "C is not printed: n x 10 Mb/s, Table 2's largest per-flow "
              "bandwidth (B_t above it is clipped, as printed)"),
        param("base_rtt", 0.1, "not printed; with 1000-byte packets the 1 Mb/s environments give "
              "windows of 12.5 packets, the paper's 'lowest window size ... about 12-15'"),
        param("packet_size", 1000, "Agent/TCP packetSize_ 1000 bytes, " + NS2),
        param("red", "thresholds 1/3 and 2/3 of the buffer, max_p 0.1, w_q 0.002", "not printed; "
              "ns-2's max_p and w_q, thresholds as Lahanas & Tsaoussidis 2003 set them",
              kwarg=False),
        param("interval", None, "B_t of the random environments changes every 1 s (not printed); "
              "square waves every 5 s (printed)"),
        param("cross", "Pareto shape 1.5, mean 30 kB, the test flows' mean RTT", "flow sizes and "
              "RTTs of the cross traffic are not printed (ParetoCross defaults)", kwarg=False),
        param("duration", 100.0, "not printed"),
        param("warmup", 10.0, "not printed"),
        param("replications", 3, "not printed"),
    ),
    {"ledger": ({"n_flows": 2, "duration": 30.0, "warmup": 5.0, "replications": 1,
                 "policies": {k: APPENDIX_POLICIES[k] for k in LEDGER_POLICIES}},
                "2 test flows, one replication of 30 s, the appendix rows of Sec. 3.2's chosen "
                f"pair {' and '.join(LEDGER_POLICIES)} (D_a orders rows the same way whatever "
                "the set A, since D_a - D_b = sum_e S_b(e) - S_a(e)); MIMD and MIAD under "
                "Reno + DropTail only, DRR under Reno only")},
)

SETUPS: tuple[Setup, ...] = (REDDY_AIAD_GRID,)
"""The paper's set-ups, in the order :data:`papers.setups.SETUPS` lists them."""
