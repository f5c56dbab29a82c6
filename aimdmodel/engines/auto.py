"""The ``auto`` engine: picks the cycle engine, the kernels or the step engine."""

from __future__ import annotations

from .base import Engine, Raw, Run, register
from .cycle import Jumper
from .kernel import run_kernel
from .step import StepEngine, step_loop

__all__ = ["AUTO_JUMP_MIN", "AutoEngine"]

AUTO_JUMP_MIN = 100_000
"""``engine="auto"`` jumps when the first additive phase has at least this
many flow-steps (steps x flows); below it a whole cycle is cheaper to step
in compiled code than to jump in Python (about 100 us per cycle)."""


def _short_phases(run: Run, jumper: Jumper) -> bool:
    """Tell whether the first additive phase is shorter than :data:`AUTO_JUMP_MIN`."""
    pol, fb = run.pol, run.feedback
    state = pol.init(run.x)
    total = run.sent(pol.window(state), 0).sum(axis=-1)
    if fb.congested(total, 0).any():
        if pol.uses_signal:
            return True
        state = pol.decrease(state)
        total = run.sent(pol.window(state), 0).sum(axis=-1)
        if fb.congested(total, 0).any():
            return True
    nxt = run.next_event(0)
    n = jumper.steps(state, total, 2**62 if nxt is None else max(nxt, 1), 0)
    return n * run.flows < AUTO_JUMP_MIN


@register
class AutoEngine(Engine):
    """Choose an engine for the problem.

    ``"cycle"`` when the policy can jump and either the arithmetic is exact
    or the first additive phase is long (at least :data:`AUTO_JUMP_MIN`
    flow-steps); else the compiled kernels when the policy is a declared
    linear control; else ``"cycle"`` or ``"step"``. The result says which
    ran (``Trajectory.engine``).

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> simulate(AIMD(), [1, 30], 100, steps=50, engine="auto").engine
    'kernel'
    >>> simulate(AIMD(), [1, 30], 100, steps=50, engine="auto", arithmetic="exact").engine
    'cycle'
    """

    name = "auto"
    summary = "chooses cycle, kernel or step"

    def run(self, run: Run) -> Raw:
        """Run on the engine chosen for ``run``."""
        jumper = Jumper.for_run(run)
        if jumper is not None and (run.arithmetic == "exact" or not _short_phases(run, jumper)):
            return self._cycle(run, jumper)
        raw = run_kernel(run)
        if raw is not None:
            return raw
        if jumper is not None:
            return self._cycle(run, jumper)
        return StepEngine().run(run)

    @staticmethod
    def _cycle(run: Run, jumper: Jumper) -> Raw:
        raw = step_loop(run, jumper, affine=jumper.affine)
        return Raw(raw.windows, raw.feedback, raw.state, raw.cycle_record, "cycle")
