"""The papers' simulator set-ups, as parameters of :mod:`aimdmodel.studies`: printed or chosen.

Every experiment of the papers that the queue model reruns is a
:class:`Setup`: the library function it calls and every keyword argument,
each a :class:`Parameter` that is either *printed* (with the phrase of the
paper that prints it, located in its text by :mod:`papers.texts` when the
set-up is described) or *chosen* (the paper prints nothing; the value and
why). Two scales: ``"full"`` (the script behind ``paper_checks/RERUNS.md``)
and ``"ledger"`` (a reduced run, cheap enough for every ledger run; what is
reduced is listed in the scale, with the reason).

A simulator default is chosen where the paper names its simulator and
prints no value (ns-2's ``tcl/lib/ns-default.tcl``: ``Agent/TCP
packetSize_ 1000``, ``window_ 20``, ``Queue limit_ 50``; RED's ``linterm_
10`` i.e. ``max_p`` 0.1 and ``q_weight_ 0.002``).

Examples
--------
>>> s = SETUPS["bazi2019-cbr"]
>>> s.function, s.kwargs("ledger")["rwnd"], len(s.kwargs("full")["cbr_rates"])
('cbr_load', 20, 23)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from aimdmodel import AIAD, AIMD, AIMDFC, MIAD, MIMD, AIMDFCPlus, NewAIMD
from aimdmodel.policies import Policy
from aimdmodel.studies import setting_name

from . import bazi2019, jasem2010, reddy_aiad, texts
from .keys import PAPERS

__all__ = ["SCALES", "SETUPS", "Parameter", "Setup", "get_setup"]

SCALES = ("ledger", "full")
"""The two scales of every set-up."""


@dataclass(frozen=True)
class Parameter:
    """One parameter of a set-up.

    Attributes
    ----------
    name : str
        The keyword of the library function (or a name of its own when
        ``kwarg`` is False: a part of the set-up the model leaves out or
        fixes).
    value : Any
    paper : str
        For a printed value: the key of the paper whose text prints it; ``""`` when chosen.
    note : str
        Printed: the phrase of the paper (located in its text); chosen: why.
    shown : str
        Printed: how the value appears in the phrase.
    kwarg : bool
        Whether ``name`` is passed to the library function.

    Examples
    --------
    >>> p = SETUPS["jasem2010-transfers"].parameters[3]
    >>> p.name, p.value, p.printed, p.shown in p.note
    ('buffer', 100, True, True)
    """

    name: str
    value: Any
    paper: str = ""
    note: str = ""
    shown: str = ""
    kwarg: bool = True

    @property
    def printed(self) -> bool:
        """Whether the paper prints the value."""
        return bool(self.paper)

    def describe(self) -> str:
        """The parameter in words; a printed one cites its phrase, located in the paper.

        Examples
        --------
        >>> SETUPS["bazi2019-cbr"].parameters[0].describe()[:60]
        'link_rate = 10 Mb/s, printed (Bazi & Nassereddine 2019, 3. P'
        """
        value = _fmt(self.name, self.value)
        if self.printed:
            return f"{self.name} = {value}, printed ({texts.locate(self.paper, self.note).cite()})"
        return f"{self.name} = {value}, chosen: {self.note}"


def _fmt(name: str, v: Any) -> str:
    if isinstance(v, dict) and all(isinstance(p, Policy) for p in v.values()):
        return ", ".join(v)
    if v is None:
        return "one bandwidth-delay product" if name == "buffer" else "None"
    if name == "size":
        return f"{v / 1e6:g} MB"
    if "rate" in name and isinstance(v, (int, float)) and v >= 1e5:
        return f"{v / 1e6:g} Mb/s"
    if name == "cbr_rates":
        return f"{v[0] / 1e6:g} to {v[-1] / 1e6:g} Mb/s in steps of {(v[1] - v[0]) / 1e6:g} " \
               f"({len(v)} loads)"
    if name == "settings":
        return ", ".join(setting_name(x) for x in v)
    if isinstance(v, (tuple, list)):
        return ", ".join(_fmt("", x) for x in v)
    return f"{v:g}" if isinstance(v, float) else str(v)


@dataclass(frozen=True)
class Setup:
    """An experiment of a paper as a call of :mod:`aimdmodel.studies`.

    Attributes
    ----------
    name : str
        ``"bazi2019-cbr"``, ...: the paper's key and what the experiment is.
    title : str
        What the paper ran.
    function : str
        The :mod:`aimdmodel.studies` function.
    parameters : tuple of Parameter
    scales : mapping
        ``scale -> (overrides, why)``: the values that differ at that scale.

    Examples
    --------
    >>> s = SETUPS["lahanas2003-churn"]
    >>> s.function, s.kwargs("full")["group_size"], s.kwargs("ledger")["replications"]
    ('churn', 30, 4)
    """

    name: str
    title: str
    function: str
    parameters: tuple[Parameter, ...]
    scales: Mapping[str, tuple[Mapping[str, Any], str]] = field(default_factory=dict)

    @property
    def paper(self) -> str:
        """The key of the paper (the start of :attr:`name`).

        Examples
        --------
        >>> SETUPS["mehta-dahiya-random-loss"].paper
        'mehta-dahiya'
        """
        return next(k for k in PAPERS if self.name.startswith(f"{k}-"))

    def kwargs(self, scale: str = "ledger", **overrides: Any) -> dict[str, Any]:
        """The keyword arguments of the library function at ``scale`` (then ``overrides``).

        Examples
        --------
        >>> SETUPS["lahanas2003-stationary"].kwargs("ledger")["flow_counts"]
        (2, 8, 32)
        """
        if scale not in SCALES:
            raise ValueError(f"scale must be one of {', '.join(SCALES)}, got {scale!r}")
        out = {p.name: p.value for p in self.parameters if p.kwarg}
        out.update(self.scales.get(scale, ({}, ""))[0])
        out.update(overrides)
        return out

    def describe(self, scale: str = "ledger") -> str:
        """Every parameter, printed (located) or chosen (why), and the scale's reductions.

        Examples
        --------
        >>> SETUPS["jasem2010-transfers"].describe("full").startswith("jasem2010:")
        True
        """
        parts = [p.describe() for p in self.parameters]
        over, why = self.scales.get(scale, ({}, ""))
        red = ", ".join(f"{k} = {_fmt(k, v)}" for k, v in over.items())
        tail = f"; {scale} scale: {red} ({why})" if over else f"; {scale} scale"
        return f"{self.paper}: {self.title}. " + "; ".join(parts) + tail


def _p(name: str, value: Any, note: str, *, paper: str = "", shown: str = "",
       kwarg: bool = True) -> Parameter:
    return Parameter(name, value, paper, note, shown, kwarg)


NS2 = "ns-2's default (ns-default.tcl), the paper names NS-2 and prints none"

# --------------------------------------------------------------------------
# Bazi & Nassereddine 2019: six variants against a CBR load
# --------------------------------------------------------------------------
_CBR = tuple(float((bazi2019.CBR_FROM + k * bazi2019.CBR_STEP) * 10**6)
             for k in range(int((bazi2019.CBR_TO - bazi2019.CBR_FROM) / bazi2019.CBR_STEP) + 1))
_BAZI_VARIANTS = ("tahoe", "reno", "newreno", "sack", "fack", "vegas")

BAZI2019_CBR = Setup(
    "bazi2019-cbr", "one flow of each of six TCP variants against a CBR load on a 10 Mb "
    "link (Bazi & Nassereddine 2019, Sec. 3)", "cbr_load",
    (
        _p("link_rate", float(bazi2019.LINK_MB) * 1e6, "links between adjacent nodes are 10 MB",
           paper="bazi2019", shown="10 MB"),
        _p("cbr_rates", _CBR, "the values of the CBR are varied from 1 to 12 with an increment "
           "of 0.5", paper="bazi2019", shown="from 1 to 12"),
        _p("variants", _BAZI_VARIANTS, "(Tahoe, Reno, New Reno, Vegas, Sack, Fack)",
           paper="bazi2019",
           shown="Tahoe, Reno, New Reno, Vegas, Sack, Fack"),
        _p("topology", "one bottleneck", "the 802.11s mesh (MAC, radio, routing) is outside the "
           "queue model; one wired bottleneck at the printed link rate", kwarg=False),
        _p("flows", 1, "one TCP flow per run: the paper applies 'one of the TCP variants' to the "
           "network", kwarg=False),
        _p("base_rtt", 0.1, "not printed; the library's default RTT"),
        _p("buffer", 50, "Queue limit_ 50 packets, " + NS2),
        _p("packet_size", 1000, "Agent/TCP packetSize_ 1000 bytes, " + NS2),
        _p("rwnd", 20, "Agent/TCP window_ 20 packets, " + NS2 + "; also run without a receiver "
           "window (rwnd None) as a check of how much the results depend on it"),
        _p("duration", 100.0, "not printed"),
        _p("warmup", 10.0, "not printed: slow start left out of the metrics"),
        _p("replications", 10, "not printed; independent runs averaged"),
    ),
    {"ledger": ({"duration": 40.0, "warmup": 10.0, "replications": 3, "tick": 0.02},
                "three replications of 40 s at a tick of RTT/5, to fit the ledger's time")},
)

# --------------------------------------------------------------------------
# Reddy, Sireesha & Kumar: AIMD and AIAD over 13 environments
# --------------------------------------------------------------------------


def _aimd(a: int, b: str) -> AIMD:
    return AIMD(a=a, b=Fraction(b))


APPENDIX_POLICIES: Mapping[str, Policy] = MappingProxyType(
    {f"AIMD({a}, {b})": _aimd(a, b) for a, b in reddy_aiad.APPENDIX["Reno+DropTail"]["AIMD"]}
    | {f"AIAD({a}, {d})": AIAD(a=a, d=d) for a, d in reddy_aiad.APPENDIX["Reno+DropTail"]["AIAD"]}
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
        _p("policies", dict(APPENDIX_POLICIES), "TCP Reno + DROPTAIL", paper="reddy-aiad",
           shown="TCP Reno + DROPTAIL"),
        _p("settings", (("reno", "droptail"), ("sack", "droptail"), ("reno", "red"),
                        ("sack", "red")), "TCP SACK + RED", paper="reddy-aiad", shown="SACK + RED"),
        _p("drr", "DRR", "When testing with the DRR setting, we use a DRR scheduler",
           paper="reddy-aiad",
           shown="DRR", kwarg=False),
        _p("buffer", "one bandwidth-delay product", "buffers sized to match the delay-bandwidth "
           "product of the network", paper="reddy-aiad", shown="delay-bandwidth product",
           kwarg=False),
        _p("rtt_spread", 0.1, "the RTTs are randomized 'slightly' (printed, no amount): spread "
           "evenly over +-10%"),
        _p("n_flows", 4, "n is not printed"),
        _p("per_flow_rate", 10e6, "C is not printed: n x 10 Mb/s, Table 2's largest per-flow "
           "bandwidth (B_t above it is clipped, as printed)"),
        _p("base_rtt", 0.1, "not printed; with 1000-byte packets the 1 Mb/s environments give "
           "windows of 12.5 packets, the paper's 'lowest window size ... about 12-15'"),
        _p("packet_size", 1000, "Agent/TCP packetSize_ 1000 bytes, " + NS2),
        _p("red", "thresholds 1/3 and 2/3 of the buffer, max_p 0.1, w_q 0.002", "not printed; "
           "ns-2's max_p and w_q, thresholds as Lahanas & Tsaoussidis 2003 set them", kwarg=False),
        _p("interval", None, "B_t of the random environments changes every 1 s (not printed); "
           "square waves every 5 s (printed)"),
        _p("cross", "Pareto shape 1.5, mean 30 kB, the test flows' mean RTT", "flow sizes and "
           "RTTs of the cross traffic are not printed (ParetoCross defaults)", kwarg=False),
        _p("duration", 100.0, "not printed"),
        _p("warmup", 10.0, "not printed"),
        _p("replications", 3, "not printed"),
    ),
    {"ledger": ({"n_flows": 2, "duration": 30.0, "warmup": 5.0, "replications": 1,
                 "policies": {k: APPENDIX_POLICIES[k] for k in LEDGER_POLICIES}},
                "2 test flows, one replication of 30 s, the appendix rows of Sec. 3.2's chosen "
                f"pair {' and '.join(LEDGER_POLICIES)} (D_a orders rows the same way whatever "
                "the set A, since D_a - D_b = sum_e S_b(e) - S_a(e)); MIMD and MIAD under "
                "Reno + DropTail only, DRR under Reno only")},
)

# --------------------------------------------------------------------------
# Lahanas & Tsaoussidis 2003 Sec. 5: AIMD, AIMD-FC, AIMD-FC+ in TCP-SACK
# --------------------------------------------------------------------------
FC_POLICIES: Mapping[str, Policy] = MappingProxyType(
    {"AIMD": AIMD(), "AIMD-FC": AIMDFC(), "AIMD-FC+": AIMDFCPlus()})
"""Lahanas & Tsaoussidis 2003's three algorithms with their printed parameters (a = 1,
b = 1/2, f(q) = q/2)."""

_SACK = _p("variant", "sack", "The TCP version of choice in our experiments was TCP-SACK",
           paper="lahanas2003", shown="TCP-SACK")
_BDP = _p("buffer", None, "the queue buffers were set equal to the Delay \\times Bandwidth "
          "product", paper="lahanas2003", shown="Delay \\times Bandwidth")
_LAHANAS_RTT = ("not printed; 0.1 s, and 0.02 s at full scale as a check: with a buffer of one "
            "BDP the AIMD cycle lasts BDP/N RTTs, so the RTT decides how many cycles 60 s hold")

LAHANAS2003_STATIONARY = Setup(
    "lahanas2003-stationary", "N long-lived TCP-SACK flows of AIMD, AIMD-FC, AIMD-FC+, "
    "DropTail buffer of one BDP, 60 s (Lahanas & Tsaoussidis 2003, Sec. 5.1, Figs. 6-8)",
    "flows_sweep",
    (
        _p("policies", dict(FC_POLICIES), "AIMD, AIMD-FC and AIMD-FC+ on a 100 Mbps link",
           paper="lahanas2003", shown="AIMD, AIMD-FC and AIMD-FC+"),
        _SACK, _BDP,
        _p("link_rate", 100e6, "on a 100 Mbps link and Droptail gateway", paper="lahanas2003",
           shown="100 Mbps"),
        _p("second link_rate", 1e9, "on a 1 Gbps link and Droptail gateway", paper="lahanas2003",
           shown="1 Gbps", kwarg=False),
        _p("duration", 60.0, "The task of the application is to send data for 60 s",
           paper="lahanas2003",
           shown="60 s"),
        _p("flow_counts", (2, 4, 8, 16, 32, 64), "the figures' axes are not in the text; the "
           "text names 2, 4, 8 flows as few"),
        _p("base_rtt", 0.1, _LAHANAS_RTT),
        _p("packet_size", 1000, "Agent/TCP packetSize_ 1000 bytes, " + NS2),
        _p("replications", 10, "the paper averages 30 experiments (average of 30 experiments "
           "with minimal statistical deviation); 10 here for time"),
    ),
    {"ledger": ({"flow_counts": (2, 8, 32), "replications": 2},
                "100 Mb/s and RTT 0.1 s only, 2, 8, 32 flows, two replications")},
)

LAHANAS2003_CHURN = Setup(
    "lahanas2003-churn", "groups of 30 TCP-SACK flows joining (leaving) every 15 s up to "
    "(from) 120 behind a RED gateway (Sec. 5.2-5.3, Figs. 11-14)", "churn",
    (
        _p("policies", dict(FC_POLICIES), "AIMD, AIMD-FC and AIMD-FC+ on a 100 Mbps link",
           paper="lahanas2003", shown="AIMD, AIMD-FC and AIMD-FC+"),
        _SACK, _BDP,
        _p("group_size", 30, "30 flows leave the system every 15 s", paper="lahanas2003",
           shown="30"),
        _p("period", 15.0, "30 flows leave the system every 15 s", paper="lahanas2003",
           shown="15 s"),
        _p("groups", 4, "up to a total of 120 nodes", paper="lahanas2003", shown="120"),
        _p("discipline", "red", "on a 100 Mbps link and a RED gateway", paper="lahanas2003",
           shown="RED gateway"),
        _p("link_rate", 100e6, "on a 100 Mbps link and a RED gateway", paper="lahanas2003",
           shown="100 Mbps"),
        _p("red", "thresholds 1/3 and 2/3 of the buffer", "The RED minimum drop threshold was "
           "set to $(1/3)$", paper="lahanas2003", shown="(1/3)", kwarg=False),
        _p("base_rtt", 0.1, _LAHANAS_RTT.split(";")[0]),
        _p("packet_size", 1000, "Agent/TCP packetSize_ 1000 bytes, " + NS2),
        _p("replications", 10, "the paper averages 30 experiments; 10 here for time"),
    ),
    {"ledger": ({"replications": 4}, "four replications")},
)

# --------------------------------------------------------------------------
# Jasem et al. 2010: New-AIMD against AIMD and AIMD-FC+, 100 MB transfers
# --------------------------------------------------------------------------
NEW_AIMD_POLICIES: Mapping[str, Policy] = MappingProxyType({
    "AIMD": AIMD(), "AIMD-FC+": AIMDFCPlus(), "New-AIMD printed": NewAIMD(),
    "New-AIMD charitable": NewAIMD(reading="charitable")})
"""Jasem et al. 2010's comparison: AIMD, AIMD-FC+ and both readings of New-AIMD's pseudocode."""
_MB = jasem2010.TRANSFER_MB * 10**6

JASEM2010_TRANSFERS = Setup(
    "jasem2010-transfers", "2 to 32 TCP-SACK flows each sending 100 MB through a 100 Mb/s "
    "DropTail bottleneck of 100 packets (Jasem et al. 2010, set-up and Figs. 8-11)",
    "flows_sweep",
    (
        _p("policies", dict(NEW_AIMD_POLICIES), "TCP-SACK as one variant of TCP versions with "
           "AIMD, AIMD-FC+ and New-AIMD", paper="jasem2010", shown="AIMD, AIMD-FC+ and New-AIMD"),
        _p("variant", "sack", "we used the TCP-SACK", paper="jasem2010", shown="TCP-SACK"),
        _p("link_rate", float(jasem2010.LINK_MBPS) * 1e6, "bottleneck link is (full-duplex) "
           "100Mbps", paper="jasem2010", shown="100Mbps"),
        _p("buffer", 100, "All DT queues have 100packet lengths", paper="jasem2010", shown="100"),
        _p("discipline", "droptail", "is the DropTail mechanism (DT)", paper="jasem2010",
           shown="DropTail"),
        _p("size", _MB, "is equal to 100 MB", paper="jasem2010", shown="100 MB"),
        _p("flow_counts", (2, 4, 8, 16, 32), "The number of flows in these experiments is (2, "
           "4, 8, 16 and 32)", paper="jasem2010", shown="(2, 4, 8, 16 and 32)"),
        _p("window", 100.0, "The time for the experiment is fixed at 100 s", paper="jasem2010",
           shown="100 s"),
        _p("duration", 2 * 32 * _MB * 8 / 100e6 + 10, "32 transfers of 100 MB need at least "
           "256 s at 100 Mb/s, more than the printed 100 s: the run goes on until all complete "
           "(twice the least time, plus 10 s); link metrics over the printed 100 s"),
        _p("base_rtt", 0.012, "not printed; 12 ms makes the 100-packet buffer one BDP at "
           "100 Mb/s with 1500-byte packets, the set-up of the work it compares with "
           "(Lahanas & Tsaoussidis 2003, Sec. 5)"),
        _p("packet_size", 1500, "not printed; NCTUns runs the Linux TCP stack over Ethernet"),
        _p("replications", 5, "the paper averages 20 experiments (The average is from 20 "
           "experiments); 5 here for time"),
    ),
    {"ledger": ({"size": _MB // 10, "flow_counts": (2, 8, 32), "window": 10.0,
                 "duration": 2 * 32 * _MB / 10 * 8 / 100e6 + 10, "replications": 3,
                 "tick": 0.003},
                "transfers of 10 MB (1/10) with the metrics' window scaled alike, 2, 8, 32 "
                "flows, three replications, a tick of RTT/4")},
)

# --------------------------------------------------------------------------
# Mehta & Dahiya's citations: random loss, a low-priority class
# --------------------------------------------------------------------------
_MEHTA_NET = (
    _p("link_rate", 10e6, "the cited claims name no network: a 10 Mb/s bottleneck"),
    _p("base_rtt", 0.1, "not printed (the library's default RTT)"),
    _p("buffer", None, "not printed (83 packets)"),
    _p("packet_size", 1500, "not printed"),
)
MEHTA_DAHIYA_LOSS = Setup(
    "mehta-dahiya-random-loss", "one flow of NewReno, Westwood+ and Veno under independent "
    "random loss p (the claims Mehta & Dahiya cite from [3]-[5])", "random_loss",
    (
        _p("variants", ("newreno", "westwood", "veno"), "NewReno is the reference: the model's "
           "Westwood+ and Veno use its loss recovery, so only the window rule differs"),
        _p("loss_rates", (0.0, 0.001, 0.003, 0.01, 0.03, 0.05, 0.1), "from no random loss "
           "(congestion losses only) to 10%, around the cited 'a few percent'"),
        *_MEHTA_NET,
        _p("duration", 200.0, "not printed"), _p("warmup", 20.0, "not printed"),
        _p("replications", 10, "not printed"),
    ),
    {"ledger": ({"duration": 60.0, "warmup": 10.0, "replications": 1},
                "one replication of 60 s")},
)
MEHTA_DAHIYA_LP = Setup(
    "mehta-dahiya-low-priority", "two NewReno flows with and without two TCP-LP flows beside "
    "them, and the TCP-LP flows alone (the claims Mehta & Dahiya cite from [2])", "low_priority",
    (
        _p("primary", "newreno", "the best-effort class"), _p("low", "lp", "TCP-LP"),
        _p("n_primary", 2, "two of each class"), _p("n_low", 2, "two of each class"),
        _p("primary_rwnd", 20, "a 20-packet receiver window holds the best-effort flows to "
           "about half the link, leaving excess bandwidth for TCP-LP to use"),
        *_MEHTA_NET,
        _p("duration", 200.0, "not printed"), _p("warmup", 20.0, "not printed"),
        _p("replications", 10, "not printed"),
    ),
    {"ledger": ({"duration": 60.0, "warmup": 10.0, "replications": 1},
                "one replication of 60 s")},
)

SETUPS: Mapping[str, Setup] = MappingProxyType({s.name: s for s in (
    JASEM2010_TRANSFERS, BAZI2019_CBR, MEHTA_DAHIYA_LOSS, MEHTA_DAHIYA_LP,
    LAHANAS2003_STATIONARY, LAHANAS2003_CHURN, REDDY_AIAD_GRID)})
"""Every set-up by name."""


def get_setup(name: str) -> Setup:
    """Look a set-up up by name.

    Examples
    --------
    >>> get_setup("mehta-dahiya-random-loss").function
    'random_loss'
    """
    if name not in SETUPS:
        raise ValueError(f"name must be one of {', '.join(SETUPS)}, got {name!r}")
    return SETUPS[name]
