"""Cycle jumping: whole additive phases in closed form.

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
step engine's loop and, whenever no system is congested, jumps ``n``
steps at once (to the first step at which some system is congested), so a
whole cycle costs O(m) instead of O(m x cycle length). It knows no
particular policy:

* a policy may define ``steps_to(s, capacity, congestion)`` returning, per
  system, the number of increases until its first congestion event (an int
  array; a value ``<= 1`` means "step"); this optional protocol method
  overrides the generic closed form;
* otherwise, the policy is taken as affine when ``advance`` is a closed form
  (``has_closed_form``) and, in exact arithmetic on two probe states, every
  state variable after ``advance(s, n)`` for ``n = 0, 1, 2, 3, 7`` is affine
  in ``n``; MIMD, MIAD and general linear controls with ``b_i > 1`` are
  not, and are stepped.

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
>>> from aimdmodel import AIMD, MIMD, simulate
>>> Jumper.for_policy(AIMD(), arithmetic="exact") is not None
True
>>> Jumper.for_policy(MIMD(), arithmetic="exact") is None
True
>>> fast = simulate(AIMD(), [0, 10], 10**4, cycles=3, engine="cycle")
>>> ref = simulate(AIMD(), [0, 10], 10**4, cycles=3, engine="step")
>>> fast.n_steps == ref.n_steps, bool((fast.windows == ref.windows).all())
(True, True)
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction
from typing import Any

import numpy as np

from ._arith import floor_whole, to_fraction
from .policies import Policy

__all__ = ["Jumper", "is_affine"]

_PROBE_N = (0, 1, 2, 3, 7)


def _probe_states(pol: Policy) -> list[tuple]:
    """Two exact probe states: a fresh one and one after a decrease and increases."""
    x = np.empty(3, dtype=object)
    x[:] = [Fraction(7, 3), Fraction(11, 5), Fraction(29, 7)]
    s0 = pol.init(x)
    s1 = pol.advance(pol.decrease(pol.advance(s0, 3)), 2)
    return [s0, s1]


def is_affine(policy: Policy) -> bool:
    """Tell whether ``policy.advance(s, n)`` is affine in ``n`` (probed exactly).

    Parameters
    ----------
    policy : Policy
        Any policy; its numeric parameters are read as Fractions.

    Returns
    -------
    bool
        False when the policy has no closed-form ``advance`` or when some
        state variable of ``advance(s, n)`` is not affine in ``n`` on the
        probe states.

    Examples
    --------
    >>> from aimdmodel import AIMD, AIMDFCPlus, MIAD
    >>> is_affine(AIMD()), is_affine(AIMDFCPlus()), is_affine(MIAD())
    (True, True, False)
    """
    try:
        return _is_affine_cached(policy)
    except TypeError:  # unhashable parameters
        return _is_affine(policy)


@functools.lru_cache(maxsize=1024)
def _is_affine_cached(policy: Policy) -> bool:
    return _is_affine(policy)


def _is_affine(policy: Policy) -> bool:
    if not policy.has_closed_form:
        return False
    try:
        pol = policy.converted(to_fraction)
        for s in _probe_states(pol):
            base = pol.advance(s, 0)
            one = pol.advance(s, 1)
            for n in _PROBE_N:
                sn = pol.advance(s, n)
                for c0, c1, cn in zip(base, one, sn, strict=True):
                    diff = np.asarray(cn - c0 - n * (c1 - c0), dtype=object)
                    if any(v != 0 for v in diff.ravel()):
                        return False
    except (TypeError, ValueError, ArithmeticError):
        return False
    return True


class Jumper:
    """Closed-form jumps of one policy in one arithmetic (used by the engine).

    Build it with :meth:`for_policy`, which returns None when the policy
    cannot jump (then the engine steps).

    Examples
    --------
    >>> from fractions import Fraction
    >>> from aimdmodel import AIMD
    >>> from aimdmodel._arith import as_arithmetic
    >>> pol = AIMD().converted(to_fraction)
    >>> j = Jumper.for_policy(pol, arithmetic="exact")
    >>> s = pol.init(as_arithmetic(np.array([[1, 30]]), "exact"))
    >>> j.steps(s, pol.window(s).sum(axis=-1), Fraction(100), 10**9)
    35
    """

    def __init__(self, pol: Policy, arithmetic: str, congestion: str, affine: bool) -> None:
        self.pol = pol
        self.arithmetic = arithmetic
        self.ge = congestion == ">="
        self.affine = affine
        self.custom = getattr(pol, "steps_to", None)

    @classmethod
    def for_policy(
        cls, pol: Policy, *, arithmetic: str = "float", congestion: str = ">="
    ) -> Jumper | None:
        """Build a Jumper for ``pol`` (parameters in the run's arithmetic), or None.

        Examples
        --------
        >>> from aimdmodel import AIAD
        >>> Jumper.for_policy(AIAD()).affine
        True
        """
        custom = callable(getattr(pol, "steps_to", None))
        affine = is_affine(pol)
        if not (custom or affine):
            return None
        return cls(pol, arithmetic, congestion, affine)

    # -- the number of steps -------------------------------------------------
    def _congested(self, total: Any, W: Any) -> np.ndarray:
        return np.asarray(total >= W if self.ge else total > W, dtype=bool)

    def _total_after(self, state: tuple, n: np.ndarray) -> np.ndarray:
        """Totals after ``n[b]`` increases of system ``b`` (n an int array (B,))."""
        col = n[:, None] if self.arithmetic == "float" else n.astype(object)[:, None]
        return self.pol.window(self.pol.advance(state, col)).sum(axis=-1)

    def steps(self, state: tuple, total: np.ndarray, W: Any, limit: int) -> int:
        """Increases until the first congestion event of any system, at most ``limit``.

        No system may be congested in ``state``. Returns 1 (step) when no
        valid jump is known.
        """
        pol = self.pol
        if self.arithmetic == "integer" and not self._whole_increments(state):
            return 1
        if self.custom is not None:
            n = np.asarray(self.custom(state, W, ">=" if self.ge else ">"), dtype=np.int64)
        elif self.affine:
            slope = pol.window(pol.advance(state, 1)).sum(axis=-1) - total
            n = self._closed_form(total, slope, W, limit)
        else:  # pragma: no cover - for_policy returns None then
            return 1
        n = np.minimum(np.maximum(n, 1), limit)
        n = self._verify(state, n, W, limit)
        return int(n.min())

    def _closed_form(self, total: np.ndarray, slope: np.ndarray, W: Any, limit: int) -> np.ndarray:
        B = len(total)
        n = np.full(B, limit, dtype=np.int64)
        if self.arithmetic == "float":
            with np.errstate(divide="ignore", invalid="ignore"):
                q = (W - total) / slope
            grow = slope > 0
            est = np.ceil(q) if self.ge else np.floor(q) + 1
            ok = grow & np.isfinite(est)
            n[ok] = np.minimum(est[ok], limit).astype(np.int64)
            return n
        for b in range(B):
            d = slope[b]
            if d > 0:
                q = Fraction(W - total[b]) / Fraction(d)
                est = math.ceil(q) if self.ge else math.floor(q) + 1
                n[b] = min(est, limit)
        return n

    def _verify(self, state: tuple, n: np.ndarray, W: Any, limit: int) -> np.ndarray:
        """Move each ``n[b]`` until it is the first congested step (or ``limit``)."""
        for _ in range(64):
            at = self._congested(self._total_after(state, n), W)
            before = self._congested(self._total_after(state, n - 1), W) & (n > 1)
            late = before  # congested one step earlier: move back
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
    def jump(self, state: tuple, n: int) -> tuple:
        """Return the state after ``n`` increases (closed form)."""
        out = self.pol.advance(state, n)
        if self.arithmetic == "integer":
            out = type(out)(*(floor_whole(np.asarray(c, dtype=object)) for c in out))
        return out

    def ramp_windows(self, state: tuple, n: int) -> np.ndarray:
        """Windows after ``1 .. n`` increases, shape ``(n, B, m)``."""
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
        return ramp

    def ramp_sum(self, state: tuple, total: np.ndarray, n: int) -> np.ndarray:
        """Sum of the totals of the ``n`` steps ``0 .. n-1`` of a jump, per system.

        Affine policies: ``n T0 + D n (n-1)/2``; others (a custom
        ``steps_to``): summed step by step from ``advance``.
        """
        if self.affine:
            slope = self.pol.window(self.pol.advance(state, 1)).sum(axis=-1) - total
            if self.arithmetic == "float":
                return total * n + slope * (n * (n - 1) / 2)
            return total * n + slope * (n * (n - 1) // 2)
        acc = total
        for k in range(1, n):  # pragma: no cover - custom steps_to only
            acc = acc + self.pol.window(self.pol.advance(state, k)).sum(axis=-1)
        return acc
