"""The reference engine: one step at a time, in the policy's own Python code.

At every step the bottleneck (:class:`aimdmodel.feedback.SynchronousFeedback`)
says, per system, whether the sum of the windows is congested; every flow
of a congested system applies its policy's ``decrease``, every flow of the
others ``increase``. Whole-packet arithmetic floors every state variable
after every step. The cycle engine (:mod:`.cycle`) runs this same loop and
jumps whole additive phases.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._arith import floor_whole
from ..trajectory import CycleRecord
from .base import Engine, Raw, Run, no_events_error, register
from .guards import Watch

__all__ = ["StepEngine", "step_loop"]


def _call(run: Run, method: str, state: tuple, *extra: Any) -> tuple:
    """``pol.<method>(state)``, checked: it must return a state of the same kind."""
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):  # checked after
        out = getattr(run.pol, method)(state, *extra)
    if not isinstance(out, tuple) or len(out) != len(state):
        raise TypeError(
            f"{run.pol!r}.{method} must return a state like init's ({type(state).__name__} of "
            f"{len(state)} arrays), got {type(out).__name__}"
        )
    return out


def _apply(run: Run, state: tuple, congested: np.ndarray, total: Any, t: int) -> tuple:
    """One step of every system: decrease where congested, increase elsewhere."""
    pol = run.pol
    extra = (run.feedback.signal(total, t),) if pol.uses_signal else ()
    if congested.all():
        state = _call(run, "decrease", state, *extra)
    elif not congested.any():
        state = _call(run, "increase", state, *extra)
    else:
        up = _call(run, "increase", state, *extra)
        down = _call(run, "decrease", state, *extra)
        mask = congested[:, None]
        state = type(state)(*(np.where(mask, d, u) for u, d in zip(up, down, strict=True)))
    if run.arithmetic == "integer":
        state = type(state)(*(floor_whole(c) for c in state))
    return state


STEP_CAP = 2**62
"""The largest step a jump may reach in a ``cycles=`` run (its work is what is limited)."""


def _limit(run: Run, t: int, events: np.ndarray, work: int | None = None) -> int | None:
    """Count the steps the loop may still run from ``t`` (None: stop now).

    ``work`` (the loop's iterations so far) is given by the jump engines:
    their ``cycles=`` runs are limited to ``max_steps`` iterations (jumps
    and single steps), not steps.
    """
    if run.steps is not None:
        return run.steps - t if t < run.steps else None
    if (events >= run.cycles).all():
        return None
    if work is not None:
        if work >= run.max_steps:
            raise no_events_error(run.cycles, run.max_steps, events.min(), jumps=True)
        return STEP_CAP - t
    if t >= run.max_steps:
        raise no_events_error(run.cycles, run.max_steps, events.min())
    return run.max_steps - t


def step_loop(run: Run, jumper: Any = None, *, affine: bool = False) -> Raw:
    """Run the step loop, optionally jumping additive phases with ``jumper``.

    Parameters
    ----------
    run : Run
    jumper : Jumper, optional
        From :mod:`.cycle`; None steps every RTT. A jump never crosses a
        congestion event, a change of the capacity or an arrival/departure.
    affine : bool
        Whether the policy's verified ``advance`` is affine (recorded in the
        :class:`~aimdmodel.trajectory.CycleRecord`).
    """
    pol = run.pol
    watch = Watch(run, run.progress)
    state = pol.init(run.x)
    if not isinstance(state, tuple):
        raise TypeError(f"{pol!r}.init must return a state tuple, got {type(state).__name__}")
    window = pol.window(state)
    watch.windows(window, 0, "init")
    B = run.systems
    keep_all = run.record == "all"
    history = [window[None]] if keep_all else []
    feedback: list[np.ndarray] = []
    recorder = None if keep_all else _Recorder(run.record, window, B)
    events = np.zeros(B, dtype=np.int64)
    t = 0
    try:
        state, window, t = _loop(run, jumper, watch, state, window, history, feedback, recorder,
                                 events)
    finally:
        watch.close()
    if keep_all:
        windows = np.concatenate(history)
        fbk = (
            np.concatenate(feedback).astype(np.int8)
            if feedback
            else np.zeros((0, B), dtype=np.int8)
        )
        return Raw(windows, fbk, state, None, "step")
    windows, fbk, rec = recorder.finish(t, window, affine)
    return Raw(windows, fbk, state, rec, "step")


def _loop(run, jumper, watch, state, window, history, feedback, recorder, events):
    """Run the steps of :func:`step_loop`; return the final state, window and step."""
    pol, B = run.pol, run.systems
    keep_all = recorder is None
    t = 0
    work = 0 if jumper is not None else None
    while (limit := _limit(run, t, events, work)) is not None:
        if work is not None:
            work += 1
        total = run.sent(window, t).sum(axis=-1)
        congested = run.feedback.congested(total, t)
        nxt = run.next_event(t)
        if nxt is not None:
            limit = min(limit, nxt - t)
        if jumper is not None and limit > 1 and not congested.any():
            n = jumper.steps(state, total, limit, t)
            if n > 1:  # n increases in closed form: nothing happens before t + n
                if keep_all:
                    watch.kept_rows(n)  # refused before the rows are built
                    history.append(jumper.ramp_windows(state, n, t))
                    feedback.append(np.ones((n, B), dtype=bool))
                else:
                    recorder.jump(jumper.ramp_sum(state, total, n, t))
                state = jumper.jump(state, n, t)
                t += n
                window = pol.window(state)
                watch.windows(window, t, "advance")
                if not keep_all and t == nxt:
                    recorder.mark(t, window)
                watch.tick(t, int(events.min()))
                continue
        state = run.keep_inactive(state, _apply(run, state, congested, total, t), t)
        events += congested
        t += 1
        new_window = pol.window(state)
        watch.windows(new_window, t, "decrease" if congested.any() else "increase")
        if congested.any():
            watch.size(new_window, t)
        if keep_all:
            feedback.append(~congested[None])
            history.append(new_window[None])
            if t % 4096 == 0:
                watch.kept_rows(4096)
        else:
            recorder.step(t - 1, window, total, congested, new_window)
            if t == nxt:
                recorder.mark(t, new_window)
        if t % 4096 == 0:
            watch.tick(t, int(events.min()))
        window = new_window
    return state, window, t


@register
class StepEngine(Engine):
    """The reference: every step in the policy's own code (any policy, any arithmetic).

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> simulate(AIMD(), [1, 30], 100, steps=5, engine="step").engine
    'step'
    """

    name = "step"
    summary = "the reference, one step at a time in Python"

    def run(self, run: Run) -> Raw:
        """Step every RTT."""
        from .declarations import affine

        rec_affine = run.record != "all" and run.once(
            "affine", lambda: affine(run.policy, flows=run.flows))
        return step_loop(run, None, affine=rec_affine)


class _Recorder:
    """Keeps the knots of a ``record="cycles"`` / ``"none"`` run (see CycleRecord).

    ``acc`` is the sum of the totals of the steps since the last knot.
    """

    def __init__(self, record: str, window: np.ndarray, B: int) -> None:
        self.cycles = record == "cycles"
        self.times = [0]
        self.windows = [window]
        self.sums: list[np.ndarray] = []
        self.acc: Any = None
        self.events: list[list[int]] = [[] for _ in range(B)]

    def _add(self, value: np.ndarray) -> None:
        self.acc = value if self.acc is None else self.acc + value

    def _close(self, t: int, window: np.ndarray) -> None:
        self.sums.append(self.acc)
        self.acc = None
        self.times.append(t)
        self.windows.append(window)

    def jump(self, ramp_sum: np.ndarray) -> None:
        self._add(ramp_sum)

    def mark(self, t: int, window: np.ndarray) -> None:
        """Close a knot at step ``t`` (a change of capacity or of the active flows)."""
        if self.cycles and self.times[-1] != t:
            self._close(t, window)

    def step(
        self, t: int, window: np.ndarray, total: np.ndarray, congested: np.ndarray,
        new_window: np.ndarray,
    ) -> None:
        if not (self.cycles and congested.any()):
            self._add(total)
            return
        if self.times[-1] != t:
            self._close(t, window)
        self._add(total)
        self._close(t + 1, new_window)
        for i in np.flatnonzero(congested):
            self.events[i].append(t)

    def finish(self, t: int, window: np.ndarray, affine: bool):
        if self.times[-1] != t:
            self._close(t, window)
        B = window.shape[0]
        sums = np.stack(self.sums) if self.sums else np.zeros((0, B), dtype=window.dtype)
        events = (
            tuple(np.asarray(e, dtype=np.int64) for e in self.events) if self.cycles else None
        )
        rec = CycleRecord(
            times=np.asarray(self.times, dtype=np.int64),
            segment_sums=sums,
            events=events,
            affine=affine,
        )
        return np.stack(self.windows), np.zeros((0, B), dtype=np.int8), rec
