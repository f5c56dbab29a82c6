"""The cycle engine: whole additive phases in closed form.

Between two congestion events every flow applies ``increase`` again and
again, so ``n`` steps are the policy's closed form ``advance(s, n)``. When
that closed form is *affine* in ``n`` (additive increase: AIMD, AIAD,
AIMD-FC, AIMD-FC+, New-AIMD, any user policy of that kind), the sum of the
windows after ``n`` increases is ``T0 + n D`` and the number of steps to the
next congestion event has a closed form:

* congestion ``">="``: the smallest ``n >= 1`` with ``T0 + n D >= W`` is
  ``ceil((W - T0) / D)``;
* congestion ``">"``: the smallest ``n >= 1`` with ``T0 + n D > W`` is
  ``floor((W - T0) / D) + 1``.

The engine (:func:`aimdmodel.simulate` with ``engine="cycle"``) runs the
step engine's loop (:func:`.step.step_loop`) and, whenever no system is congested, jumps ``n``
steps at once (to the first step at which some system is congested), so a
whole cycle costs O(m) instead of O(m x cycle length). It knows no
particular policy:

* a policy may define ``steps_to(s, capacity, congestion)`` returning, per
  system, the number of increases until its first congestion event (an int
  array; a value ``<= 1`` means "step"); this optional protocol method
  overrides the generic closed form;
* otherwise the policy must *declare* ``affine_advance`` (additive
  increase: AIMD, AIAD, AIMD-FC, AIMD-FC+, New-AIMD); the declaration is
  verified on the policy's own methods (:mod:`.declarations`) and the
  number of steps comes from the bottleneck's closed form
  (:meth:`aimdmodel.feedback.SynchronousFeedback.first_congested`). MIMD,
  MIAD and general linear controls with ``b_i > 1`` declare no affine
  advance and are stepped.

Whatever gives ``n``, it is *checked* before the jump in the run's own
arithmetic: the total after ``n`` increases must signal congestion and the
total after ``n - 1`` must not (``n`` is corrected by one step at a time
otherwise), so a jump never crosses a congestion event.

Agreement with the step engine
------------------------------
* ``arithmetic="exact"``: identical (Fractions, no rounding anywhere).
* ``arithmetic="integer"``: identical. The step engine floors every state
  variable after every step; a jump is only taken when the state and its
  per-step increment are whole (floors are then no-ops); otherwise the run
  is stepped.
* ``arithmetic="float"``: the step engine computes ``w + a + a + ... + a``
  with one rounding per step, the jump ``w + n a`` with one rounding. They
  are bit-for-bit equal whenever these sums are exact, i.e. when ``a`` and
  the windows are dyadic rationals with few enough bits (e.g. ``a = 1``,
  ``b = 1/2``, whole initial windows and ``W`` up to ``2**20`` for a few
  dozen cycles). Otherwise the windows differ in the last bits (relative
  differences of order ``n * 2**-53``; measured in ``benchmarks/run.py``)
  and, rarely, a congestion event can move by one step when a total lands
  within rounding of ``W``.

Examples
--------
>>> from aimdmodel import AIMD, simulate
>>> fast = simulate(AIMD(), [0, 10], 10**4, cycles=3, engine="cycle")
>>> ref = simulate(AIMD(), [0, 10], 10**4, cycles=3, engine="step")
>>> fast.n_steps == ref.n_steps, bool((fast.windows == ref.windows).all())
(True, True)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from .._arith import floor_whole
from .base import Engine, Raw, Run, register
from .declarations import affine
from .step import step_loop

__all__ = ["CycleEngine", "Jumper"]


class Jumper:
    """Closed-form jumps of one run's policy (used by the step loop).

    Build it with :meth:`for_run`, which returns None when the policy
    cannot jump (it declares no affine advance and has no ``steps_to``).

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.engine import prepare
    >>> run = prepare(AIMD(), [1, 30], 100, steps=40, arithmetic="exact")
    >>> j = Jumper.for_run(run)
    >>> s = run.pol.init(run.x)
    >>> j.steps(s, run.pol.window(s).sum(axis=-1), 10**9, 0)
    35
    """

    def __init__(self, run: Run, affine: bool) -> None:
        self.run = run
        self.pol = run.pol
        self.feedback = run.feedback
        self.arithmetic = run.arithmetic
        self.affine = affine
        self.custom = getattr(run.pol, "steps_to", None)

    @classmethod
    def for_run(cls, run: Run) -> Jumper | None:
        """Build a Jumper for ``run``, or return None when its policy cannot jump."""
        custom = callable(getattr(run.pol, "steps_to", None))
        is_affine = run.once("affine", lambda: affine(run.policy, flows=run.flows))
        if not (custom or is_affine):
            return None
        return cls(run, is_affine)

    # -- the number of steps -------------------------------------------------
    def _total_after(self, state: tuple, n: Any, t: int) -> np.ndarray:
        """Totals sent after ``n`` increases (an int, or an int array (B,) per system)."""
        if isinstance(n, np.ndarray):
            n = n[:, None] if self.arithmetic == "float" else n.astype(object)[:, None]
        return self.run.sent(self.pol.window(self.pol.advance(state, n)), t).sum(axis=-1)

    def steps(self, state: tuple, total: np.ndarray, limit: int, t: int) -> int:
        """Increases from step ``t`` until the first congestion event, at most ``limit``.

        No system may be congested in ``state``; ``limit`` must not reach past
        the next change of the capacity or of the active flows. Returns 1
        (step) when no valid jump is known.
        """
        with np.errstate(over="ignore", invalid="ignore"):  # the windows are checked after
            return self._steps(state, total, limit, t)

    def _steps(self, state: tuple, total: np.ndarray, limit: int, t: int) -> int:
        if self.arithmetic == "integer" and not self._whole_increments(state):
            return 1
        if self.custom is not None:
            n = np.asarray(
                self.custom(state, self.feedback.capacity_at(t), self.feedback.congestion),
                dtype=np.int64,
            )
        else:
            slope = self._total_after(state, 1, t) - total
            n = self.feedback.first_congested(total, slope, limit, t)
        n = np.minimum(np.maximum(n, 1), limit)
        n = self._verify(state, n, limit, t)
        return int(n.min())

    def _verify(self, state: tuple, n: np.ndarray, limit: int, t: int) -> np.ndarray:
        """Move each ``n[b]`` until it is the first congested step (or ``limit``)."""
        def congested(total: np.ndarray) -> np.ndarray:
            return self.feedback.congested(total, t)

        for _ in range(64):
            at = congested(self._total_after(state, n, t))
            late = congested(self._total_after(state, n - 1, t)) & (n > 1)
            early = ~at & (n < limit)  # not congested yet: move on
            if not (late.any() or early.any()):
                return n
            n = n - late + early
        # a policy whose totals are not monotone in n: no jump
        return np.ones_like(n)  # pragma: no cover

    def _whole_increments(self, state: tuple) -> bool:
        one = self.pol.advance(state, 1)
        for c0, c1 in zip(state, one, strict=True):
            for v in np.asarray(c1 - c0, dtype=object).ravel():
                if Fraction(v).denominator != 1:
                    return False
            for v in np.asarray(c0, dtype=object).ravel():
                if Fraction(v).denominator != 1:
                    return False
        return True

    # -- the jump ----------------------------------------------------------
    def jump(self, state: tuple, n: int, t: int) -> tuple:
        """Return the state after ``n`` increases from step ``t`` (closed form)."""
        with np.errstate(over="ignore", invalid="ignore"):  # the windows are checked after
            out = self.pol.advance(state, n)
        if self.arithmetic == "integer":
            out = type(out)(*(floor_whole(np.asarray(c, dtype=object)) for c in out))
        return self.run.keep_inactive(state, out, t)

    def ramp_windows(self, state: tuple, n: int, t: int) -> np.ndarray:
        """Windows after ``1 .. n`` increases from step ``t``, shape ``(n, B, m)``."""
        j = np.arange(1, n + 1)
        if self.arithmetic != "float":
            j = j.astype(object)
        ramp = self.pol.window(self.pol.advance(state, j[:, None, None]))
        B, m = self.pol.window(state).shape
        if np.shape(ramp) != (n, B, m):  # pragma: no cover - a policy that does not broadcast
            ramp = np.stack(
                [self.pol.window(self.pol.advance(state, k)) for k in range(1, n + 1)]
            )
        if self.arithmetic == "integer":
            ramp = floor_whole(np.asarray(ramp, dtype=object))
        if self.run.membership is not None:  # an inactive flow's window does not move
            ramp = np.where(self.run.membership.active(t), ramp, self.pol.window(state))
        return ramp

    def ramp_sum(self, state: tuple, total: np.ndarray, n: int, t: int) -> np.ndarray:
        """Sum of the totals of the ``n`` steps ``t .. t+n-1`` of a jump, per system.

        Affine policies: ``n T0 + D n (n-1)/2``; others (a custom
        ``steps_to``): summed step by step from ``advance``.
        """
        if self.affine:
            with np.errstate(over="ignore", invalid="ignore"):  # the windows are checked after
                slope = self._total_after(state, 1, t) - total
            if self.arithmetic == "float":
                return total * n + slope * (n * (n - 1) / 2)
            return total * n + slope * (n * (n - 1) // 2)
        acc = total
        for k in range(1, n):  # pragma: no cover - custom steps_to only
            acc = acc + self._total_after(state, k, t)
        return acc


@register
class CycleEngine(Engine):
    """Jumps whole additive phases in closed form; steps what cannot jump.

    Examples
    --------
    >>> from aimdmodel import AIMD, MIMD, simulate
    >>> simulate(AIMD(), [1, 30], 100, steps=50, engine="cycle").engine
    'cycle'
    >>> simulate(MIMD(), [1, 30], 100, steps=50, engine="cycle").engine
    'step'
    """

    name = "cycle"
    summary = "jumps additive phases in closed form"

    def run(self, run: Run) -> Raw:
        """Run with jumps, or step when the policy cannot jump."""
        jumper = Jumper.for_run(run)
        if jumper is None:
            from .step import StepEngine

            return StepEngine().run(run)
        raw = step_loop(run, jumper, affine=jumper.affine)
        return Raw(raw.windows, raw.feedback, raw.state, raw.cycle_record, "cycle")
