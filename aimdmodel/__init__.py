"""aimdmodel: the Chiu-Jain synchronous binary-feedback model of congestion control.

One policy definition (:mod:`aimdmodel.policies`), many arithmetics (float,
exact Fractions, whole packets, sympy), several engines
(:func:`simulate`), metrics (:mod:`aimdmodel.metrics`) and figures
(:mod:`aimdmodel.plots`).

Examples
--------
>>> from aimdmodel import AIMD, simulate, metrics
>>> tr = simulate(AIMD(), [1, 30], 100, steps=40, arithmetic="exact")
>>> [str(w) for w in tr.windows[36]]
['18', '65/2']
"""

from . import metrics
from .engine import simulate
from .explorer import explore
from .policies import (
    AIAD,
    AIMD,
    AIMDFC,
    CUBIC,
    GAIMD,
    IIAD,
    MIAD,
    MIMD,
    POLICIES,
    SIMD,
    SQRT,
    AIMDFCPlus,
    AIMDFCPlusPrinted,
    Binomial,
    FlowMix,
    HighSpeed,
    LinearControl,
    NewAIMD,
    Policy,
    ShiftedAIMDFC,
    WestwoodRule,
    make_policy,
)
from .sweeps import policy_grid, sweep
from .trajectory import Trajectory

__all__ = [
    "AIAD",
    "AIMD",
    "AIMDFC",
    "CUBIC",
    "GAIMD",
    "IIAD",
    "MIAD",
    "MIMD",
    "POLICIES",
    "SIMD",
    "SQRT",
    "AIMDFCPlus",
    "AIMDFCPlusPrinted",
    "Binomial",
    "FlowMix",
    "HighSpeed",
    "LinearControl",
    "NewAIMD",
    "Policy",
    "ShiftedAIMDFC",
    "Trajectory",
    "WestwoodRule",
    "explore",
    "make_policy",
    "metrics",
    "policy_grid",
    "simulate",
    "sweep",
]

__version__ = "0.1.0"
