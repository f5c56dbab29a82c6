"""The engines of the synchronous model, in a registry: name -> class.

=========  ===============================================================
``step``   :class:`.step.StepEngine`, the reference: every step in Python
``cycle``  :class:`.cycle.CycleEngine`: jumps additive phases in closed form
``ccycle`` :class:`.ccycle.CompiledCycleEngine`: the same jumps compiled (numba)
``kernel`` :class:`.kernel.KernelEngine`: numba-compiled linear controls
``auto``   :class:`.auto.AutoEngine`: picks one by a cost model
=========  ===============================================================

Every engine takes a checked :class:`.base.Run` and returns a
:class:`.base.Raw`; :func:`aimdmodel.simulate` builds the one and shapes
the other into a :class:`~aimdmodel.trajectory.Trajectory`. A new engine is
a subclass of :class:`.base.Engine` decorated with :func:`.base.register`
in a module imported here.

Examples
--------
>>> sorted(ENGINES)
['auto', 'ccycle', 'cycle', 'kernel', 'step']
"""

from __future__ import annotations

from . import auto, ccycle, cycle, kernel, step  # noqa: F401  (each registers its engine)
from .base import ENGINES, Engine, Raw, Run, register

__all__ = ["ENGINES", "Engine", "Raw", "Run", "register"]
