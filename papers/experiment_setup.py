"""A paper's experiment as a call of :mod:`aimdmodel.studies`: :class:`Setup`, :class:`Parameter`.

A set-up names the library function it calls and every keyword argument,
each a :class:`Parameter` that is either *printed* (with the phrase of the
paper that prints it, located in its text by :mod:`papers.texts` when the
set-up is described) or *chosen* (the paper prints nothing; the value and
why). Two scales: ``"full"`` (the script behind ``paper_checks/RERUNS.md``)
and ``"ledger"`` (a reduced run, cheap enough for every ledger run; what is
reduced is listed in the scale, with the reason). Each paper's set-ups are
in its folder (``papers/KEY/setups.py``, built with :func:`param`);
:data:`papers.setups.SETUPS` gathers them.

A simulator default is chosen where the paper names its simulator and
prints no value (:data:`NS2`: ns-2's ``tcl/lib/ns-default.tcl``: ``Agent/TCP
packetSize_ 1000``, ``window_ 20``, ``Queue limit_ 50``; RED's ``linterm_
10`` i.e. ``max_p`` 0.1 and ``q_weight_ 0.002``).

Examples
--------
>>> s = Setup("lahanas2003-demo", "one flow", "flows_sweep",
...           (param("link_rate", 100e6, "on a 100 Mbps link", paper="lahanas2003",
...                  shown="100 Mbps"), param("replications", 10, "not printed")),
...           {"ledger": ({"replications": 2}, "two replications")})
>>> s.paper, s.kwargs("ledger")
('lahanas2003', {'link_rate': 100000000.0, 'replications': 2})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from aimdmodel.policies import Policy
from aimdmodel.studies import setting_name

from . import texts
from .keys import PAPERS

__all__ = ["NS2", "SCALES", "Parameter", "Setup", "param"]

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
    >>> from papers.setups import SETUPS
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
        >>> from papers.setups import SETUPS
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
    >>> from papers.setups import SETUPS
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
        >>> from papers.setups import SETUPS
        >>> SETUPS["mehta-dahiya-random-loss"].paper
        'mehta-dahiya'
        """
        return next(k for k in PAPERS if self.name.startswith(f"{k}-"))

    def kwargs(self, scale: str = "ledger", **overrides: Any) -> dict[str, Any]:
        """The keyword arguments of the library function at ``scale`` (then ``overrides``).

        Examples
        --------
        >>> from papers.setups import SETUPS
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
        >>> from papers.setups import SETUPS
        >>> SETUPS["jasem2010-transfers"].describe("full").startswith("jasem2010:")
        True
        """
        parts = [p.describe() for p in self.parameters]
        over, why = self.scales.get(scale, ({}, ""))
        red = ", ".join(f"{k} = {_fmt(k, v)}" for k, v in over.items())
        tail = f"; {scale} scale: {red} ({why})" if over else f"; {scale} scale"
        return f"{self.paper}: {self.title}. " + "; ".join(parts) + tail


def param(name: str, value: Any, note: str, *, paper: str = "", shown: str = "",
          kwarg: bool = True) -> Parameter:
    """A :class:`Parameter`, its note first: printed when ``paper`` is given, chosen otherwise.

    Examples
    --------
    >>> param("buffer", 50, "Queue limit_ 50 packets, " + NS2).printed
    False
    >>> param("link_rate", 100e6, "on a 100 Mbps link", paper="lahanas2003",
    ...       shown="100 Mbps").describe()[:48]
    'link_rate = 100 Mb/s, printed (Lahanas & Tsaouss'
    """
    return Parameter(name, value, paper, note, shown, kwarg)


NS2 = "ns-2's default (ns-default.tcl), the paper names NS-2 and prints none"
"""Why a value is ns-2's default: the paper names NS-2 and prints none."""
