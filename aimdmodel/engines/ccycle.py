"""The compiled cycle engine (``engine="ccycle"``): the cycle engine's jumps in numba.

The Python cycle engine (:mod:`.cycle`) jumps whole additive phases but
pays about 100 us of Python per congestion event. This engine runs the
same loop compiled, at well under a microsecond per event, for the
policies whose whole state update is a verified affine map
(:func:`.declarations.affine_map_spec`): a policy that declares
``affine_map`` (AIMD-FC, AIMD-FC+, the shifted AIMD-FC, New-AIMD in both
readings, or a user policy of that shape -- no engine change needed), and
the linear controls with an additive increase (AIMD, AIAD, a
:class:`~aimdmodel.policies.FlowMix` of them, per-flow parameters).

What it runs, and what ``Trajectory.engine`` says
-------------------------------------------------
* float arithmetic, a constant capacity, every flow active throughout, a
  policy with a verified affine map: compiled, ``"ccycle"``;
* anything else (exact and integer arithmetic, capacity traces and
  functions, arrivals and departures, other policies): the Python cycle
  engine, which says ``"cycle"`` (or ``"step"`` when it cannot jump
  either).

Each system of a batch runs on its own (its own jumps), so a batched run
gives exactly the results of its systems run one by one.

Agreement with the Python cycle engine
--------------------------------------
Per system, the loop is the Python cycle engine's: the same number of
increases per jump (the closed form of
:func:`aimdmodel.feedback.steps_to_exceed`, checked with
:func:`aimdmodel.feedback.exceeds` on the totals after ``n - 1`` and ``n``
increases), the same ``advance`` (``s + n d``), the same pairwise totals
and ramp sums. It is **bit for bit** the Python cycle engine run on that
system alone (and so the step engine wherever that one is, e.g. dyadic
parameters and windows) when the policy's own ``decrease`` does the map's
operations in the map's order: AIMD, AIAD, linear controls with an
additive increase, AIMD-FC, the shifted AIMD-FC and New-AIMD. AIMD-FC+
computes ``b dw + (w + k - dw)`` where the map has ``(b - 1) dw + w + k``:
equal in exact arithmetic, a last-bit difference per decrease in float;
its windows stay within ``1e-12`` relative of the Python engines' and its
congestion steps are the same unless a total lands within rounding of
``W`` (tested). A batched Python cycle run jumps all its systems to the
earliest event of any of them, so with non-dyadic parameters its float
windows can differ from this engine's in the last bits (the same
tolerance).

Recording: ``record="none"`` is one pass; ``"cycles"`` and ``"all"`` are
three (the end step, the congestion steps, then the knots); a ``cycles=``
run of several systems first finds the step at which the last of them has
its ``cycles``-th event (every system runs to that step, as in the other
engines).

``max_steps`` bounds the *work* of a ``cycles=`` run, as for the Python
cycle engine: the jumps and single steps of each system.

Examples
--------
>>> from aimdmodel import AIMD, simulate
>>> fast = simulate(AIMD(), [1, 30], 10**6, cycles=40, engine="ccycle")
>>> ref = simulate(AIMD(), [1, 30], 10**6, cycles=40, engine="cycle")
>>> fast.engine, fast.n_steps == ref.n_steps, bool((fast.windows == ref.windows).all())
('ccycle', True, True)
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from .._validate import fmt_value
from ..trajectory import CycleRecord
from .base import Engine, Raw, Run, load_compiled, no_events_error, register
from .declarations import AffineSpec, affine_map_spec
from .guards import estimate_bytes, memory_error

__all__ = ["CompiledCycleEngine", "float_params", "initial_states", "run_ccycle", "run_spec"]


def float_params(pol: Any, spec: AffineSpec, flows: int) -> np.ndarray:
    """Pack the map of the float policy ``pol`` into the kernels' array ``(1, flows, L)``.

    Per flow, with ``n`` state variables: the increments ``d`` (``n``), the
    decrease matrix ``M`` (``n x n``, row ``k`` gives the new ``s_k``), the
    offsets ``c`` (``n``), the floors (``n``, ``-inf``: none), the window
    weights ``e`` (``n``) and the fast path ``(k, has_base)`` (2, see
    :func:`_fast_path`): ``L = 4 n + n^2 + 2``. The numbers come from the
    float-converted policy's own declaration (its float parameters,
    computed as it computes them); ``spec`` (exact, verified) gives the
    shape.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> float_params(AIMD(b=0.7).converted(float), affine_map_spec(AIMD()), 1).tolist()
    [[[1.0, 0.7, 0.0, 0.0, 1.0, 0.0, 0.0]]]
    """
    n = spec.increment.shape[1]

    def per_flow(v: Any) -> np.ndarray:
        return np.broadcast_to(np.asarray(v, dtype=np.float64), (flows,))

    if spec.from_window:  # one variable, the window, weight 1: fast path (0, 0) if it grows
        a_i, _, a_d, b_d = pol.linear_coefficients
        out = np.empty((1, flows, 7))
        for j, v in enumerate((a_i, b_d, a_d, pol.window_floor, 1.0)):
            out[0, :, j] = np.asarray(v, dtype=np.float64)  # a number or one per flow
        out[0, :, 5] = np.where(out[0, :, 0] != 0.0, 0.0, -1.0)
        out[0, :, 6] = out[0, :, 5]
        return out
    amap = pol.affine_map
    D = np.stack([per_flow(v) for v in amap.increment], axis=1)
    M = np.stack([np.stack([per_flow(v) for v in row], axis=1) for row in amap.matrix], axis=1)
    C = np.stack([per_flow(v) for v in amap.offset], axis=1)
    E = np.stack([per_flow(v) for v in amap.window], axis=1)
    floors = amap.floor if amap.floor is not None else (None,) * n
    LO = np.stack([per_flow(-np.inf if f is None else f) for f in floors], axis=1)
    parts = [D, M.reshape(flows, n * n), C, LO, E, _fast_path(D, E).astype(np.float64)]
    return np.ascontiguousarray(np.concatenate(parts, axis=1), dtype=np.float64)[None]


def _fast_path(D: np.ndarray, E: np.ndarray) -> np.ndarray:
    """Per flow ``(k, has_base)``: the one state variable an increase moves, or -1.

    Only when it is the last one in the window, with weight 1: the window
    is then ``base + s_k``.
    """
    n = D.shape[1]
    moving, weighted = D != 0, E != 0
    k = moving.argmax(axis=1)
    last = n - 1 - weighted[:, ::-1].argmax(axis=1)
    ok = (moving.sum(axis=1) == 1) & (np.take_along_axis(E, k[:, None], 1)[:, 0] == 1) & (
        last == k)
    out = np.full((D.shape[0], 2), -1, dtype=np.int64)
    out[ok, 0] = k[ok]
    out[ok, 1] = weighted.sum(axis=1)[ok] > 1
    return out


def run_spec(run: Run) -> AffineSpec | None:
    """Return the verified affine map of ``run``'s policy, once per run (None: none).

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.engine import prepare
    >>> run_spec(prepare(AIMD(), [1, 30], 100, steps=5)).from_window
    True
    """
    return run.once("affine_map", lambda: affine_map_spec(run.policy, flows=run.flows))


def _cached_params(run: Run, spec: AffineSpec) -> np.ndarray:
    """:func:`float_params` of ``run``'s policy, computed once per policy and number of flows."""

    def compute() -> np.ndarray:
        try:
            return _params_cache(run.policy, run.flows)
        except TypeError:  # unhashable (per-flow parameters in arrays)
            return float_params(run.pol, spec, run.flows)

    return run.once("params", compute)


@functools.lru_cache(maxsize=4096)
def _params_cache(policy: Any, flows: int) -> np.ndarray:
    from .._arith import to_float

    return float_params(policy.converted(to_float), affine_map_spec(policy, flows=flows), flows)


def initial_states(pol: Any, spec: AffineSpec, x: np.ndarray) -> tuple[np.ndarray, Any]:
    """Return the state variables of windows ``x`` (..., m) as an array (..., m, n), and the state.

    Examples
    --------
    >>> from aimdmodel import AIMDFC
    >>> from aimdmodel.engines.declarations import affine_map_spec
    >>> S, s = initial_states(AIMDFC().converted(float), affine_map_spec(AIMDFC()),
    ...                       np.array([[1.0, 30.0]]))
    >>> S.shape, type(s).__name__
    ((1, 2, 2), 'FCState')
    """
    state = pol.init(x)
    if spec.from_window:
        return np.ascontiguousarray(x, dtype=np.float64)[..., None], state
    fields = [np.broadcast_to(np.asarray(v, dtype=np.float64), x.shape) for v in state]
    return np.ascontiguousarray(np.stack(fields, axis=-1)), state


def _state_of(pol: Any, spec: AffineSpec, kind: Any, final: np.ndarray) -> tuple:
    if spec.from_window:
        return pol.init(final[..., 0].copy())
    return type(kind)(*(final[..., k].copy() for k in range(final.shape[-1])))


_UNUSED_INT = np.zeros(1, dtype=np.int64)
_UNUSED_OUT = np.zeros((1, 1, 1))
_NO_SUMS = np.zeros((0, 1))


class _Call:
    """One run's arguments for :func:`._ccycle.run_systems`, and its passes."""

    def __init__(self, run: Run, spec: AffineSpec) -> None:
        from ._compiled import sum_program

        self.run = run
        self.pol = run.pol
        self.spec = spec
        self.S0, self.kind = initial_states(run.pol, spec, run.x)
        self.par = _cached_params(run, spec)
        self.W = float(run.feedback.capacity)
        self.prog = sum_program(run.flows)

    def go(self, steps: int, cycles: int, mode: int, knots: Any = None, sums_rows: int = 0,
           ev_off: Any = None, ev_len: int = 1) -> tuple:
        """Run one pass; raise the run's error if a system failed."""
        from ._ccycle import run_systems

        B, m, _ = self.S0.shape
        # what a mode does not touch is a shared placeholder (MODE_NONE reads the knots'
        # first entry only and writes none of them)
        knots = _UNUSED_INT if knots is None else knots
        out = np.zeros((len(knots), B, m)) if mode == 2 else _UNUSED_OUT
        sums = np.zeros((sums_rows, B)) if sums_rows else _NO_SUMS
        ev = np.zeros(max(ev_len, 1), dtype=np.int64) if mode == 1 else _UNUSED_INT
        ev_off = _UNUSED_INT if ev_off is None else ev_off
        res = np.zeros((B, 7), dtype=np.int64)
        resf = np.zeros((B, 2))
        final = np.empty_like(self.S0)
        run_systems(self.S0, self.par, self.W, self.run.feedback.ge, self.prog, steps, cycles,
                    self.run.max_steps, mode, knots, out, sums, ev, ev_off, res, resf, final)
        self._raise(res, resf)
        return res, resf, final, out, sums, ev

    def _raise(self, res: np.ndarray, resf: np.ndarray) -> None:
        from ._ccycle import METHODS, STATUS_BAD_WINDOW, STATUS_NO_EVENTS

        if not (res[0, 3] if res.shape[0] == 1 else res[:, 3].any()):
            return
        failed = np.flatnonzero(res[:, 3] != 0)
        bad = failed[res[failed, 3] == STATUS_BAD_WINDOW]
        if bad.size:
            b = int(bad[np.argmin(res[bad, 4])])
            t, flow, v = int(res[b, 4]), int(res[b, 5]), float(resf[b, 1])
            system = f" of system {b}" if self.run.systems > 1 else ""
            kind = "a negative window" if v == v and v < 0 else "a window that is not finite"
            raise ValueError(f"{self.pol!r}.{METHODS[int(res[b, 6])]} gave flow {flow}{system} "
                             f"{kind} {fmt_value(v)} at step {t}")
        if (res[failed, 3] == STATUS_NO_EVENTS).any():
            raise no_events_error(self.run.cycles, self.run.max_steps, res[:, 1].min(),
                                  jumps=True)


def _end_step(call: _Call) -> tuple[int, Any]:
    """Return the run's last step (and the pass that found it, for a ``cycles=`` run)."""
    run = call.run
    if run.steps is not None:
        return run.steps, None
    first = call.go(-1, run.cycles, 0)
    return int(first[0][:, 0].max()), first


def _events(call: _Call, T: int, first: Any) -> tuple[np.ndarray, ...]:
    """Return the congestion steps of every system up to step ``T`` (two passes)."""
    B = call.run.systems
    counts = first[0][:, 1] if first is not None and B == 1 else call.go(T, 0, 0)[0][:, 1]
    off = np.zeros(B, dtype=np.int64)
    off[1:] = np.cumsum(counts)[:-1]
    ev = call.go(T, 0, 1, ev_off=off, ev_len=int(counts.sum()))[5]
    return tuple(ev[off[b] : off[b] + counts[b]].copy() for b in range(B))


def _knots(events: tuple[np.ndarray, ...], T: int) -> np.ndarray:
    """Step 0, every congestion step and the next, and ``T``: sorted, once each, up to ``T``.

    Examples
    --------
    >>> _knots((np.array([3, 4, 9]), np.array([9])), 10).tolist()
    [0, 3, 4, 5, 9, 10]
    """
    parts = [np.array([0, T], dtype=np.int64)]
    for e in events:
        parts += [e, e + 1]
    knots = np.concatenate(parts)
    knots.sort(kind="stable" if len(events) > 1 else "quicksort")
    keep = np.ones(len(knots), dtype=bool)
    keep[1:] = knots[1:] != knots[:-1]
    knots = knots[keep]
    return knots[knots <= T]


def run_ccycle(run: Run) -> Raw | None:
    """Run the compiled cycle engine, or return None when it does not apply to ``run``.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.engine import prepare
    >>> raw = run_ccycle(prepare(AIMD(), [1, 30], 100, steps=40, record="cycles"))
    >>> raw.cycle_record.times.tolist(), raw.windows[2].tolist()
    ([0, 35, 36, 40], [[18.0, 32.5]])
    >>> run_ccycle(prepare(AIMD(), [1, 30], 100, steps=40, arithmetic="exact")) is None
    True
    """
    if run.arithmetic != "float" or not run.static:
        return None
    spec = run_spec(run)
    if spec is None:
        return None
    load_compiled()
    call = _Call(run, spec)
    B = run.systems
    T, first = _end_step(call)
    w0 = run.pol.window(call.kind)
    if run.record == "none":
        _, resf, final = first[:3] if first is not None and B == 1 else call.go(T, 0, 0)[:3]
        state = _state_of(run.pol, spec, call.kind, final)
        windows = np.empty((2 if T > 0 else 1, *w0.shape))  # [w0, the last windows]
        windows[0] = w0
        if T > 0:
            windows[1] = run.pol.window(state)
        times = np.array([0, T] if T > 0 else [0], dtype=np.int64)
        rec = CycleRecord(times, resf[None, :, 0] if T > 0 else np.zeros((0, B)), None, True)
        return Raw(windows, np.zeros((0, B), dtype=np.int8), state, rec, "ccycle")
    return _recorded(run, call, spec, T, first, w0)


def _recorded(run: Run, call: _Call, spec: AffineSpec, T: int, first: Any,
              w0: np.ndarray) -> Raw:
    """``record="cycles"`` (the knots) or ``"all"`` (every step)."""
    B = run.systems
    every = run.record == "all"
    if every:
        needed = estimate_bytes(T + 1, B, run.flows, "float")
        if needed > run.limits.memory:
            raise memory_error(needed, run.limits.memory, f"this run ({T} steps, record='all')")
    events = _events(call, T, first)
    if every:
        knots = np.arange(T + 1, dtype=np.int64)
    else:
        knots = _knots(events, T)
    _, _, final, out, sums, _ = call.go(T, 0, 2, knots=knots,
                                        sums_rows=0 if every else len(knots) - 1)
    state = _state_of(run.pol, spec, call.kind, final)
    out[0] = w0
    if every:
        fb = np.ones((T, B), dtype=np.int8)
        for b, e in enumerate(events):
            fb[e, b] = 0
        return Raw(out, fb, state, None, "ccycle")
    rec = CycleRecord(times=knots, segment_sums=sums, events=events, affine=True)
    return Raw(out, np.zeros((0, B), dtype=np.int8), state, rec, "ccycle")


@register
class CompiledCycleEngine(Engine):
    """The cycle engine compiled (numba): float runs of policies with a verified affine map.

    Examples
    --------
    >>> from aimdmodel import AIMD, AIMDFC, MIMD, simulate
    >>> [simulate(p, [1, 30], 100, steps=50, engine="ccycle").engine
    ...  for p in (AIMD(), AIMDFC(), MIMD())]
    ['ccycle', 'ccycle', 'step']
    >>> simulate(AIMD(), [1, 30], 100, steps=50, engine="ccycle", arithmetic="exact").engine
    'cycle'
    """

    name = "ccycle"
    summary = "the cycle engine compiled (numba), float, policies with an affine map"

    def run(self, run: Run) -> Raw:
        """Run compiled, or with the Python cycle engine when the compiled one does not apply."""
        raw = run_ccycle(run)
        if raw is None:
            from .cycle import CycleEngine

            return CycleEngine().run(run)
        return raw
