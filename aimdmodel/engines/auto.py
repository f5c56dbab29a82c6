"""The ``auto`` engine: the engine a measured cost model says is fastest for the run.

Every engine that applies to the run is priced, in seconds, by
:func:`costs`, and the cheapest runs:

=========  ==================================================================
``kernel`` ``B T (k0 + k1 m)`` -- compiled steps (``T`` steps, ``B`` systems)
``ccycle`` ``B E (c0 + c1 m sqrt(n))`` -- compiled jumps (``E`` events per
           system, ``n`` state variables per flow)
``cycle``  ``I (p0 + p1 B m)`` -- Python jumps (``I`` loop iterations: a jump
           and a decrease per event of any system)
``step``   ``T (s0 + s1 B m)`` -- Python steps
=========  ==================================================================

plus a fixed cost per engine and, for the recording, a factor and a fixed
cost (``"cycles"`` costs the compiled engines several passes and the
knots' record built in Python; ``"all"`` writes every window). The
constants (:data:`COSTS`) were measured with
``python benchmarks/run.py --calibrate`` on the 2-core development machine
(the ratios between engines matter, not the machine); the benchmark checks
the choice on a table of cases (``auto_vs_best``).

``T`` and ``E`` are estimated from the run itself: a ``steps=`` run has
``T`` steps; the length ``L`` of a phase between congestion events is
estimated for at most 8 of the systems -- in closed form for a linear
control with an additive increase (the increases to the first event, the
decrease there, the increases back to ``W``: exact for the sum of an AIMD
or AIAD system), by the compiled cycle engine's first four events for
another affine map, by the Python cycle engine's first jump otherwise.
Then ``E = T / L`` (a ``steps=`` run) or ``T = T_1 + (cycles - 1) L`` (a
``cycles=`` run). Only the choice between the kernels and the compiled
cycle engine (a linear control with an additive increase in float or
integer arithmetic) and between the Python cycle and step engines needs
it: a policy that only the compiled cycle engine compiles runs there, and
a short ``steps=`` run (at most 4096 flow-steps) runs on the first compiled
engine that applies, without an estimate.

Examples
--------
>>> from aimdmodel import AIMD, MIMD, simulate
>>> simulate(AIMD(), [1, 30], 10**6, steps=10**5, engine="auto", record="none").engine
'ccycle'
>>> simulate(AIMD(), [1, 30], 50, steps=10**5, engine="auto", record="none").engine
'kernel'
>>> simulate(AIMD(), [1, 30], 10**6, steps=10**5, engine="auto").engine  # every window kept
'kernel'
>>> simulate(AIMD(), [1, 30], 100, steps=50, engine="auto", arithmetic="exact").engine
'cycle'
>>> simulate(MIMD(), [1, 30], 100, steps=50, engine="auto").engine
'kernel'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .base import Engine, Raw, Run, load_compiled, register
from .ccycle import _cached_params, run_spec
from .cycle import Jumper
from .declarations import linear_spec
from .kernel import run_kernel
from .step import StepEngine, step_loop

__all__ = ["COSTS", "AutoEngine", "Estimate", "choose", "costs", "estimate"]

COSTS = {
    "kernel": (7.5e-5, 7.5e-10, 5e-10),
    "ccycle": (4.5e-5, 2.5e-8, 5e-9),
    "cycle": (2e-4, 5e-5, 1e-6),
    "cycle-exact": (2e-4, 8e-5, 1.5e-5),
    "step": (1e-4, 2.5e-5, 5e-7),
    "step-exact": (1e-4, 4e-5, 6e-6),
}
"""Per engine ``(fixed, per unit, per unit and flow)``, seconds: units are steps x
systems (``kernel``), events x systems (``ccycle``), loop iterations (``cycle``)
or steps (``step``); the per-flow term of the Python engines counts ``B m``.
Measured with ``python benchmarks/run.py --calibrate`` (2 cores, shared; the compiled
engines re-measured after the compiled cycle engine's loops got faster: kernel 1.7-2.7 /
5.4-5.9 ns per step at m = 2 / 10, ccycle 34-72 / 72-76 ns per event, fixed ~75 / ~45 us
with ``simulate``'s own)."""

RECORDING = {"kernel": {"none": 1.0, "cycles": 4.0, "all": 1.0},
             "ccycle": {"none": 1.0, "cycles": 5.0, "all": 3.0}}
"""Factors of the compiled engines' per-unit costs for each recording (passes)."""

RECORD_FIXED = {"kernel": {"cycles": 1e-4}, "ccycle": {"cycles": 4.5e-5}}
"""Fixed seconds a recording adds to a compiled engine (``"cycles"``: the knots and the
record built in Python; AIMD, m = 2 and 10, 40 to 4000 cycles at W = 50 m / 2 and 1000 m / 2)."""

KNOT = 1.8e-7
"""Seconds per congestion event and system that the kernels' ``record="cycles"`` adds
(the knots are found in Python from the feedback)."""

ALL = {"kernel": 3.5e-8, "ccycle": 1e-7, "cycle": 9e-8, "step": 0.0}
"""Seconds per step and system that ``record="all"`` adds (every window is written;
the jump engines evaluate each one of a jump)."""

WRITE = 2e-9
"""Seconds per window written by ``record="all"`` (any engine)."""


@dataclass(frozen=True)
class Estimate:
    """What a run will cost to run: its steps, and the events of its systems.

    Attributes
    ----------
    steps : float
        The steps ``T`` of the run (of its slowest system).
    events : float
        The congestion events of all its systems together.
    phase : float
        The mean length ``L`` of an additive phase (steps per event).
    """

    steps: float
    events: float
    phase: float


_PROBED = 8
"""At most this many systems (evenly spaced) are probed; the others are assumed alike."""


def _probe(run: Run) -> tuple[list, list] | None:
    """Estimate the first congestion step and the phase after it, per probed system.

    For a linear control with an additive increase (the only policies both
    compiled engines run) in closed form: the increases ``(W - T0) / D``
    until the first event, the decrease there, the increases from there to
    ``W`` again (exact for the sum of an AIMD or AIAD system from its first
    event on). Other policies: the compiled cycle engine, in float, for the
    first four events.
    """
    spec = run_spec(run)
    if spec is None or not run.static:
        return None
    P = _cached_params(run, spec)[0]  # (m, L), the float map of every flow
    x = run.x
    if run.systems > _PROBED:
        x = x[np.linspace(0, run.systems - 1, _PROBED).astype(np.int64)]
    if x.dtype != np.float64:
        x = np.asarray(x, dtype=np.float64)
    if not spec.from_window:
        return _probe_compiled(run, spec, x)
    return _probe_linear(P[:, :4].T.tolist(), x.tolist(), float(run.feedback.capacity))


def _probe_linear(coefficients: list, rows: list, W: float) -> tuple | None:
    """:func:`_probe` for a linear control, in Python floats (a few systems, no numpy)."""
    a_i, b_d, a_d, fl = coefficients
    slope = sum(a_i)
    first, phase = [], []
    for x in rows:
        gap = (W - sum(x)) / slope
        if not -1e300 < gap < 1e300:
            return None
        n = max(math.ceil(gap), 0)
        after = sum([max(b * (w + n * a) + c, f) for w, a, b, c, f in
                     zip(x, a_i, b_d, a_d, fl, strict=True)])
        back = (W - after) / slope
        if not -1e300 < back < 1e300:
            return None
        first.append(n + 1.0)
        phase.append(max(math.ceil(back), 0) + 1.0)
    return first, phase


def _probe_compiled(run: Run, spec: Any, x: np.ndarray) -> tuple[list, list] | None:
    """:func:`_probe` by the compiled cycle engine, for the first four events."""
    load_compiled()  # before the compiled modules are imported (a read-only cache moves)
    from .._arith import to_float
    from ._ccycle import MODE_EVENTS, run_systems
    from ._compiled import sum_program
    from .ccycle import _cached_params, initial_states

    pol = run.pol if run.arithmetic == "float" else run.policy.converted(to_float)
    S0, _ = initial_states(pol, spec, x)
    B = len(x)
    res, resf = np.zeros((B, 7), dtype=np.int64), np.zeros((B, 2))
    ev = np.zeros(4 * B, dtype=np.int64)
    run_systems(S0, _cached_params(run, spec), float(run.feedback.capacity), run.feedback.ge,
                sum_program(run.flows), -1, 4, 1000, MODE_EVENTS, ev[:1],
                np.zeros((1, 1, 1)), np.zeros((0, B)), ev, np.arange(B) * 4, res, resf,
                np.empty_like(S0))
    if (res[:, 3] != 0).any() or (res[:, 1] < 4).any():
        return None
    ev = ev.reshape(B, 4).astype(np.float64)
    return (ev[:, 0] + 1).tolist(), np.maximum((ev[:, 3] - ev[:, 0]) / 3, 1.0).tolist()


def estimate(run: Run) -> Estimate:
    """Estimate the steps and events of ``run`` (see the module docstring).

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.engine import prepare
    >>> e = estimate(prepare(AIMD(), [0, 0], 1000, cycles=40))
    >>> e.steps, e.events, e.phase
    (10290.0, 40.0, 251.0)
    """
    probe = _probe(run)  # (in Python floats: a few systems, numpy's calls would cost more)
    if probe is not None:
        first, phase = probe
    else:
        first = [float(_first_phase(run))]
        phase = [max(first[0], 1.0)]
    if run.steps is not None:
        steps = float(run.steps)
    else:
        later = max(run.cycles - 1, 0)
        steps = max(f + later * p for f, p in zip(first, phase, strict=True))
    if run.steps is None and run.systems == 1:
        events = float(run.cycles)
    else:  # every system runs to the last step
        events = sum(steps / p for p in phase) / len(phase) * run.systems
    return Estimate(steps, events, sum(phase) / len(phase))


def _first_phase(run: Run) -> int:
    """Return the first additive phase of system 0 (Python jumps; 1: it cannot jump)."""
    jumper = Jumper.for_run(run)
    if jumper is None:
        return 1
    pol, fb = run.pol, run.feedback
    state = pol.init(run.x)
    total = run.sent(pol.window(state), 0).sum(axis=-1)
    if fb.congested(total, 0).any() or pol.uses_signal:
        return 1
    nxt = run.next_event(0)
    return jumper.steps(state, total, 2**62 if nxt is None else max(nxt, 1), 0)


def _applies(run: Run) -> list[str]:
    """List the engines that run ``run`` themselves (no fall-back)."""
    return run.once("applies", lambda: _engines_for(run))


def _engines_for(run: Run) -> list[str]:
    names = ["step"]
    if Jumper.for_run(run) is not None:
        names.append("cycle")
    if _ccycle_applies(run):
        names.append("ccycle")
    if _kernel_applies(run):
        names.append("kernel")
    return names


def _ccycle_applies(run: Run) -> bool:
    return run.arithmetic == "float" and run.static and run_spec(run) is not None


def _kernel_applies(run: Run) -> bool:
    return run.arithmetic in ("float", "integer") and run.feedback.schedule.fn is None and (
        run.once("linear", lambda: linear_spec(run.policy, flows=run.flows)) is not None)


def _compiled_both(run: Run) -> bool:
    """Tell whether only the two compiled engines need pricing for ``run``.

    True when both run it and it keeps no window by window record: then
    :func:`costs` prices the Python cycle engine above ``ccycle`` and the
    step engine above the kernel whatever the estimate (fixed costs, and per
    event or step: ``min(2E, T) (p0 + p1 B m) >= E r (c0 + c1 m sqrt(n))``
    for ``E <= B T``, ``m >= 1`` and ``n < 200`` state variables; ``s1 B m >=
    r (k0 + k1 m) B + KNOT B`` for a step). With ``record="all"`` their
    per-window terms differ and every engine is priced.
    """
    return run.record != "all" and _ccycle_applies(run) and _kernel_applies(run)


def costs(run: Run, est: Estimate, names: list[str] | None = None) -> dict[str, float]:
    """Price, in seconds, every engine that applies to ``run``.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.engine import prepare
    >>> run = prepare(AIMD(), [0, 0], 10**6, cycles=40, record="cycles")
    >>> c = costs(run, estimate(run))
    >>> sorted(c, key=c.get)
    ['ccycle', 'cycle', 'kernel', 'step']
    """
    B, m, exact = run.systems, run.flows, run.arithmetic != "float"
    out = {}
    for name in _applies(run) if names is None else names:
        if name == "kernel":
            fixed, unit, per_flow = COSTS["kernel"]
            passes = RECORDING["kernel"][run.record] + (run.cycles is not None)
            out[name] = (fixed + RECORD_FIXED["kernel"].get(run.record, 0.0)
                         + B * est.steps * passes * (unit + per_flow * m))
            if run.record == "cycles":
                out[name] += KNOT * est.events
        elif name == "ccycle":
            fixed, unit, per_flow = COSTS["ccycle"]
            n = run_spec(run).increment.shape[1]
            units = est.events * RECORDING["ccycle"][run.record]
            out[name] = (fixed + RECORD_FIXED["ccycle"].get(run.record, 0.0)
                         + units * (unit + per_flow * m * math.sqrt(n)))
        elif name == "cycle":
            fixed, unit, per_flow = COSTS["cycle-exact" if exact else "cycle"]
            iterations = min(2 * est.events, est.steps)
            out[name] = fixed + iterations * (unit + per_flow * B * m)
        else:
            fixed, unit, per_flow = COSTS["step-exact" if exact else "step"]
            out[name] = fixed + est.steps * (unit + per_flow * B * m)
        if run.record == "all":
            out[name] += B * est.steps * (WRITE * m + ALL[name])
    return out


def choose(run: Run) -> str:
    """Return the engine the cost model picks for ``run`` (the cheapest that applies).

    Examples
    --------
    >>> from aimdmodel import AIMDFC
    >>> from aimdmodel.engine import prepare
    >>> choose(prepare(AIMDFC(), [1, 30], 100, steps=50))
    'ccycle'
    """
    if _compiled_both(run):  # the Python engines cost more in every term: not priced
        names = ["ccycle", "kernel"]
    else:
        names = _applies(run)
    if len(names) == 1:
        return names[0]
    if "ccycle" in names and "kernel" not in names:
        return "ccycle"  # a Python engine costs 100 times more per event or step
    if run.steps is not None and run.steps * run.flows * run.systems <= 4096:
        # a short run: any compiled engine takes microseconds, no probe
        for name in ("kernel", "ccycle", "cycle"):
            if name in names:
                return name
    c = costs(run, estimate(run), names)
    return min(c, key=c.get)


@register
class AutoEngine(Engine):
    """Choose an engine for the problem by the cost model of :func:`costs`.

    The result says which ran (``Trajectory.engine``).

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> simulate(AIMD(), [1, 30], 100, steps=50, engine="auto").engine
    'kernel'
    >>> simulate(AIMD(), [1, 30], 100, steps=50, engine="auto", arithmetic="exact").engine
    'cycle'
    """

    name = "auto"
    summary = "chooses an engine by a measured cost model"

    def run(self, run: Run) -> Raw:
        """Run on the engine chosen for ``run``."""
        name = choose(run)
        if name == "kernel":
            raw = run_kernel(run)
            if raw is not None:
                return raw
            name = "ccycle" if "ccycle" in _applies(run) else "cycle"
        if name == "ccycle":
            from .ccycle import run_ccycle

            raw = run_ccycle(run)
            if raw is not None:
                return raw
        jumper = Jumper.for_run(run)
        if name != "step" and jumper is not None:
            raw = step_loop(run, jumper, affine=jumper.affine)
            return Raw(raw.windows, raw.feedback, raw.state, raw.cycle_record, "cycle")
        return StepEngine().run(run)
