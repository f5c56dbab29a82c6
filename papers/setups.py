"""The papers' simulator set-ups, gathered from their folders: :data:`SETUPS`.

Every experiment of the papers that the queue model reruns is a
:class:`~papers.experiment_setup.Setup` (:mod:`papers.experiment_setup`: the
library function it calls and every parameter, printed or chosen, at two
scales). Each paper's set-ups live in its folder, ``papers/KEY/setups.py``
(a tuple ``SETUPS`` in that module); this module finds them through the
table of keys (:data:`papers.keys.PAPERS`, :attr:`~papers.keys.Paper.package`)
and holds the one registry, by name: a paper without a simulator set-up has
no ``setups.py``, and a new paper's set-ups are found without an edit here.

Examples
--------
>>> s = SETUPS["bazi2019-cbr"]
>>> s.function, s.kwargs("ledger")["rwnd"], len(s.kwargs("full")["cbr_rates"])
('cbr_load', 20, 23)
>>> sorted({s.paper for s in SETUPS.values()})
['bazi2019', 'jasem2010', 'lahanas2003', 'mehta-dahiya', 'reddy-aiad']
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import MappingProxyType

from .experiment_setup import SCALES, Parameter, Setup
from .keys import PAPERS, part_module

__all__ = ["SCALES", "SETUPS", "Parameter", "Setup", "get_setup", "setups_module"]


def setups_module(key: str) -> str | None:
    """The dotted name of the module holding paper ``key``'s set-ups, or None if it has none.

    Examples
    --------
    >>> setups_module("jasem2010")
    'papers.jasem2010.setups'
    """
    return part_module(key, 'setups')


def _gather() -> Mapping[str, Setup]:
    out: dict[str, Setup] = {}
    for key in PAPERS:
        name = setups_module(key)
        for s in importlib.import_module(name).SETUPS if name else ():
            if s.paper != key or s.name in out:
                raise ValueError(f"{name}: set-up {s.name!r} is not {key}'s or is named twice")
            out[s.name] = s
    return MappingProxyType(out)


SETUPS: Mapping[str, Setup] = _gather()
"""Every set-up by name, paper by paper in the order of :data:`papers.keys.PAPERS`."""


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
