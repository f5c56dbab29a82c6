"""Fluid models of TCP and AQM: Misra-Gong-Towsley's ODEs, RED, Hollot et al.'s stability analysis.

The ODE side of the toolkit, from the same policy objects as the
synchronous model:

=======================  ====================================================
:mod:`.limit`            :func:`fluid_limit`: a policy's window equation, or
                         why it has none
:mod:`.aqm`              RED (MGT's filter and profile), DropTail overflow,
                         :class:`ConstantLoss`
:mod:`.equations`        the right-hand sides in plain arithmetic
:mod:`.solver`           :func:`simulate_fluid`: the delay-differential
                         equations integrated (numba, fixed step, history)
:mod:`.result`           :class:`FluidClass`, :class:`FluidResult`
:mod:`.run`              :func:`run_scenario`: a shared Scenario, one call
:mod:`.equilibrium`      :func:`operating_point` (sympy)
:mod:`.linear`           :func:`linearize`, the RED loop, margins
:mod:`.stability`        :func:`stability_map` over arrays of parameters
:mod:`.crosscheck`       :func:`compare_with_sawtooth`: fluid against the
                         synchronous model's response constant
:mod:`.plots`            trajectories, Bode, Nyquist, stability maps
=======================  ====================================================

Examples
--------
>>> from aimdmodel.fluid import RED, linearize, operating_point
>>> op = operating_point(60, 3750, 0.2, 175)
>>> op.window, op.loss
(185/12, 288/34225)
>>> linearize(op, red=RED(50, 550, 0.1, w_q=1e-4)).margins().stable
False
"""

from .aqm import (
    DROPTAIL,
    RED,
    ConstantLoss,
    overflow_probability,
    red_drop_probability,
    red_filter_rate,
    red_slope,
)
from .crosscheck import SawtoothComparison, compare_with_sawtooth
from .equilibrium import OperatingPoint, operating_point
from .limit import FluidLimit, fluid_limit
from .linear import HollotCondition, LinearModel, Margins, linearize, loop_margins
from .result import FluidClass, FluidResult
from .run import FLUID_VARIANTS, run_scenario
from .solver import simulate_fluid
from .stability import StabilityMap, stability_map

__all__ = [
    "DROPTAIL",
    "FLUID_VARIANTS",
    "RED",
    "ConstantLoss",
    "FluidClass",
    "FluidLimit",
    "FluidResult",
    "HollotCondition",
    "LinearModel",
    "Margins",
    "OperatingPoint",
    "SawtoothComparison",
    "StabilityMap",
    "compare_with_sawtooth",
    "fluid_limit",
    "linearize",
    "loop_margins",
    "operating_point",
    "overflow_probability",
    "red_drop_probability",
    "red_filter_rate",
    "red_slope",
    "run_scenario",
    "simulate_fluid",
    "stability_map",
]
