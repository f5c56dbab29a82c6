"""The round-based bottleneck model: :func:`run` a :class:`~aimdmodel.scenario.Scenario`.

A model at the level of Padhye et al. (1998) and of teaching texts: every
TCP flow works in *rounds* of one RTT; in a round it sends its window, the
bottleneck queues, serves or drops the packets, and at the end of the round
the flow learns what happened to them and applies its variant's rule
(:mod:`aimdmodel.queue.variants`). What the model does, in order:

**Time base.** A fixed tick ``dt`` (default: the smallest base RTT / 10,
``ticks_per_rtt`` to change the 10; at most the smallest base RTT). Every
flow keeps its own rounds: a round starting at ``t0`` lasts ``R = base_rtt +
d(t0)``, ``d`` the queueing delay at its start, and is closed in the tick
that contains ``t0 + R``; the next round starts at exactly ``t0 + R`` (no
drift to the tick grid), so flows
with different base RTTs run rounds of different lengths side by side.
The ACK clock (Jacobson 1988): a round's ``w`` packets go out as the
previous round's ACKs come back, i.e. paced at ``t0 + i S / w`` over the
span ``S`` in which the previous round's packets left the bottleneck
(never longer than the round; a train only spreads). A flow therefore
starts as a burst (the initial window, the one packet after a timeout),
sends slow-start rounds at twice the bottleneck's rate (two packets per
ACK: the queue builds inside each slow-start round, as at packet level),
and paces over the whole round once its packets queue behind others'.
A tick sends the packets due before its end; the packets of a round still
due in the tick of its end go out at the start of the next round and are
counted there (a tick at a round boundary carries both rounds' share, no
more). ``pacing="burst"`` sends each round's window in its first tick
instead.

**Link and queue.** Capacity ``C(t) = Link.rate(t) / (8 packet_size)``
packets/s (a trace holds its last value), served ``C dt`` whole packets per
tick (the fraction carries; an idle link loses its unused slots). A FIFO of
``B = Link.buffer`` packets (DropTail, RED) or a queue per source (DRR). A
packet's queueing delay is ``q/C`` at its arrival (DRR: its own queue over
its fair share ``C / backlogged``), its RTT ``base_rtt`` plus that.

* DropTail: the arrivals that do not fit are dropped; they are taken first
  among the packets that window increases added (with ACK clocking the
  packets that match departures find room: Floyd & Jacobson 1992's phase
  effects), then at random.
* RED (Floyd & Jacobson 1993, Sec. 4 and Fig. 2): per arriving packet
  ``avg <- (1 - w_q) avg + w_q q``, ``p_b = max_p (avg - min_th) / (max_th -
  min_th)``, ``p_a = p_b / (1 - count p_b)`` (count-based uniformization, as
  the paper and ns-3 with ``Wait = false``), forced drop above ``max_th``;
  ``gentle`` (Floyd 2000): ``p_b`` rises from ``max_p`` to 1 between
  ``max_th`` and ``2 max_th``; ``avg`` decays by ``(1 - w_q)^m`` for the
  whole packet times ``m`` the link idled. The instantaneous ``q`` a
  packet sees interpolates the tick's service. The rest is ns-3's
  RedQueueDisc (:mod:`aimdmodel.queue._red`, the same rule as the
  packet-level mode): nothing is dropped while at most one packet waits
  (``nQueued > 1``), the first packet after the average crosses
  ``min_th`` is not tested and starts the count at 1, a forced drop leaves
  the count. ns-3's ``Wait`` variant and ECN marking are not modelled; a
  full buffer drops as DropTail does.
* DRR (Shreedhar & Varghese 1995) with a one-packet quantum: each tick's
  service is shared round-robin by the backlogged queues; when the shared
  buffer overflows, a packet is dropped from the longest queue (ns-2's
  DRR), charged to that flow's current round.
* RIO (Reddy et al.'s cross-traffic set-up) is out of scope: its second RED
  curve exists to give marked cross-traffic priority, which the model gives
  nobody.

Random (non-congestion) loss ``Link.random_loss`` drops each packet
independently before the queue. Cross traffic: CBR sources and
Pareto-length TCP flows with Poisson arrivals (:mod:`.sources`).

**Senders.** cwnd, ssthresh, slow start (RFC 5681: ``cwnd += acked``; IW
3), congestion avoidance by the variant's rule or by ``Flow.policy`` (see
:mod:`aimdmodel.queue.variants` for how a policy maps to rounds), a window
that grows only when the flow is cwnd-limited, the receiver window
``Flow.rwnd``, finite transfers ``Flow.size`` (bytes of payload,
:meth:`~aimdmodel.scenario.Scenario.transfer_packets` packets, the last
one full-sized, where ns-3's carries the rest only; complete when every
packet is delivered, at a round end). Loss detection: the losses of a round are
seen by duplicate ACKs when ``sent - lost >= 3`` (FACK: also when the
forward-most delivered packet is more than 3 beyond the first hole); the
fast retransmit then happens one RTT after the first lost packet was sent
(the time of the third duplicate ACK), during the next round, which it cuts
short (its losses join the same recovery). Otherwise the retransmission
timer (RFC 6298: one RTT sample per round, Karn's rule, SRTT, RTTVAR,
``RTO = SRTT + max(dt, 4 RTTVAR)`` within [min_rto 1 s, max_rto 60 s],
doubled at each expiry) fires ``RTO`` after the round began.

Vegas and Veno read the RTT as ns-3 hands it to them: the smoothed RTT
updated per ACK (gain 1/8), Vegas the smallest of a round, Veno the
current one, with ns-3's whole-segment arithmetic for ``diff``.

**What the model leaves out** (besides what each variant lists): delayed
ACKs (one ACK per packet); ACK loss and the reverse path; the transmission
time of a packet (the pipe holds ``C * base_rtt`` packets); reordering;
spurious timeouts and go-back-N duplicates (every delivered packet is new
to the receiver: throughput equals goodput); the per-ACK timing of window
growth (a round's growth is applied at its end, the added packets paced
over the next round); timing inside a tick (which packet of a full
DropTail queue's tick is dropped does not depend on the RTTs' phase
against the packet time, as it does in a deterministic packet-level
simulator: Floyd & Jacobson 1992); within a tick, a source's lost packets
are its last ones; cwnd is a real number and a round sends ``floor(cwnd + carry)``
packets, the fraction carried to the next round.

Examples
--------
>>> from aimdmodel.scenario import Flow, Link, Scenario
>>> sc = Scenario(flows=(Flow(variant="newreno", base_rtt=0.1),),
...               link=Link(rate=2e6, buffer=17), duration=30.0, warmup=10.0)
>>> res = run(sc)
>>> from aimdmodel.queue import metrics
>>> u = metrics.utilization(res)[0]
>>> bool(0.9 < u <= 1.0)
True
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._arith import to_float
from .._io import import_compiled
from .._validate import check_choice, check_count, check_real
from ..engines.declarations import linear_spec
from ..policies import AIMD, FlowMix, Policy
from ..scenario import CBR, RED, ParetoCross, Scenario
from . import _fields as f
from .options import ROUND_ONLY, QueueOptions
from .result import QueueResult
from .sources import pareto_arrivals
from .variants import VARIANTS, get_variant

_run_ticks = import_compiled("aimdmodel.queue._network").run  # numba: cache moved if need be

__all__ = ["FIDELITIES", "MAX_WORK", "Estimate", "estimate", "run"]

FIDELITIES = ("round", "packet")
"""The queue model's modes: rounds of one RTT (fast), or packet by packet."""

_SPARSE = 1.0
"""A tick visits only the sources due when there are more than this many per packet served.

Speed only: the results are the same bit for bit at any value (0: always,
``inf``: never; :mod:`aimdmodel.queue._network`). Measured on the scenarios
of ``benchmarks/ns3_speed.py``: 4 flows for 5 packets a tick run faster
visiting every source, 8 as fast either way, 16 faster visiting the due ones.
"""


_DEFAULT_OPTIONS = QueueOptions()
"""The options of a run given none (immutable: shared; made once, as its checks cost)."""

_DEFAULT_RULE = AIMD()
"""The rule of a flow without a policy whose variant has none of its own (immutable: shared)."""

_DEFAULT_RED = RED()
"""RED's parameters of a link that gives none (immutable: shared; its checks cost)."""

_OPTION_NAMES = tuple(fl.name for fl in dataclasses.fields(QueueOptions))
"""The fields of :class:`QueueOptions`, in order (read once)."""


def _flow_policies(flows: Any) -> list:
    """Return every flow's rule (:func:`_flow_policy`), a rule given to many flows checked once."""
    seen: set = set()
    return [_flow_policy(fl, i, seen) for i, fl in enumerate(flows)]


def _flow_policy(flow: Any, i: int, seen: set | None = None) -> Policy | None:
    """Return flow ``i``'s congestion-avoidance rule (None for a variant with its own rule).

    ``seen``: the ids of the rules already checked (by :func:`_check_policy`).
    """
    try:
        var = get_variant(flow.variant)
    except ValueError:
        raise ValueError(f"flows[{i}].variant must be one of {', '.join(VARIANTS)}, "
                         f"got {flow.variant!r}") from None
    if var.own_rule:
        if flow.policy is not None:
            raise ValueError(f"flows[{i}].policy must be None for variant {var.name!r}: it has "
                             f"its own window rule (give a policy to tahoe, reno, newreno, sack "
                             f"or fack)")
        return None
    policy = _DEFAULT_RULE if flow.policy is None else flow.policy
    if seen is None or id(policy) not in seen:
        _check_policy(policy, i)
        if seen is not None:
            seen.add(id(policy))
    return policy


def _check_policy(policy: Policy, i: int) -> None:
    """Refuse rules the queue model cannot run per flow (with the reason)."""
    if policy.uses_signal:
        raise ValueError(f"flows[{i}].policy {policy.label()} uses the synchronous model's "
                         f"bottleneck signal; in the queue model use variant='westwood'")
    if policy.per_flow:
        raise ValueError(f"flows[{i}].policy has per-flow parameters "
                         f"{', '.join(policy.per_flow)}: give each Flow its own policy")
    probe = policy.converted(to_float).init(np.array([3.0, 5.0]))
    if any(np.shape(v)[-1:] != (2,) for v in probe):
        raise ValueError(f"flows[{i}].policy {policy.label()} keeps state shared by the flows "
                         f"(the printed AIMD-FC+System); the queue model runs one rule per "
                         f"flow: use its charitable reading")


@dataclass(frozen=True)
class _Plan:
    """The sources of every replication (static part) and what the driver needs."""

    S: np.ndarray        # (R, NS, N)
    policies: list       # per source (None: no policy), shared by the replications
    n_test: int
    seeds: np.ndarray    # (R,) uint64 seeds of the kernel's random streams
    dt: float
    n_ticks: int
    every: int


def _tick(scenario: Scenario, opts: QueueOptions) -> float:
    rtts = [fl.base_rtt for fl in scenario.flows]
    if opts.cross_rtt is not None and any(isinstance(c, ParetoCross) for c in scenario.cross):
        rtts.append(opts.cross_rtt)
    if opts.tick is None:
        return min(rtts) / (10.0 if opts.ticks_per_rtt is None else float(opts.ticks_per_rtt))
    if opts.tick > min(rtts):
        raise ValueError(f"tick must be at most the smallest base RTT ({min(rtts)} s): a flow "
                         f"ends at most one round per tick; got {opts.tick}")
    return float(opts.tick)


def _test_rows(scenario: Scenario, opts: QueueOptions, pols: list) -> np.ndarray:
    """Return the static rows of the scenario's flows, ``pols`` their rules."""
    rows = []
    for i, (fl, pol) in enumerate(zip(scenario.flows, pols, strict=True)):
        size = scenario.transfer_packets(i) or 0.0
        rows.append([fl.base_rtt, fl.start, fl.stop or 0.0, size, fl.rwnd or 0.0, 0.0,
                     f.KIND_TCP, get_variant(fl.variant).code, pol is not None])
    return np.asarray(rows, dtype=float).reshape(-1, f.NS)


def _cross_rows(scenario: Scenario, opts: QueueOptions, rng: np.random.Generator) -> np.ndarray:
    rows = []
    rtt = opts.cross_rtt or float(np.mean([fl.base_rtt for fl in scenario.flows]))
    code = get_variant(opts.cross_variant).code
    for c in scenario.cross:
        if isinstance(c, ParetoCross):
            starts, sizes = pareto_arrivals(c, duration=scenario.duration, rng=rng,
                                            packet_size=scenario.packet_size)
            rows += [[rtt, s, 0.0, n, 0.0, 0.0, f.KIND_TCP, code, 1.0]
                     for s, n in zip(starts, sizes, strict=True)]
    for c in scenario.cross:
        if isinstance(c, CBR):
            rows.append([1.0, c.start, c.stop or 0.0, 0.0, 0.0,
                         c.rate / (8 * scenario.packet_size), f.KIND_CBR, -1.0, 0.0])
    return np.asarray(rows, dtype=float).reshape(-1, f.NS)


def _plan(scenario: Scenario, opts: QueueOptions, replications: int, pols: list) -> _Plan:
    test = _test_rows(scenario, opts, pols)
    pols = list(pols)
    seq = np.random.SeedSequence(scenario.seed)
    children = seq.spawn(replications)
    cross = [_cross_rows(scenario, opts, np.random.default_rng(ch)) for ch in children]
    n = test.shape[0] + max(c.shape[0] for c in cross)
    S = np.zeros((replications, f.NS, n))
    S[:, f.S_START, :] = np.inf  # padding: never starts
    S[:, f.S_BASE, :] = 1.0
    for r, c in enumerate(cross):
        rows = np.vstack([test, c])
        S[r, :, : rows.shape[0]] = rows.T
    pols += [_DEFAULT_RULE] * (n - len(pols))  # cross TCP flows (and placeholders)
    dt = _tick(scenario, opts)
    n_ticks = max(1, math.ceil(scenario.duration / dt - 1e-9))
    rec = opts.record_interval if opts.record_interval is not None else scenario.duration / 1000
    every = max(1, round(rec / dt))
    seeds = np.array([ch.generate_state(1, np.uint64)[0] for ch in children], dtype=np.uint64)
    return _Plan(S, pols, test.shape[0], seeds, dt, n_ticks, every)


def _params(scenario: Scenario, opts: QueueOptions, plan: _Plan, linear: bool) -> np.ndarray:
    link = scenario.link
    red = link.red or _DEFAULT_RED
    P = np.zeros(f.NP)
    P[f.P_DT], P[f.P_BUF] = plan.dt, link.buffer
    P[f.P_DISC] = {"droptail": f.D_DROPTAIL, "red": f.D_RED, "drr": f.D_DRR}[link.discipline]
    P[f.P_MINTH], P[f.P_MAXTH], P[f.P_MAXP], P[f.P_WQ] = red.min_th, red.max_th, red.max_p, red.w_q
    P[f.P_GENTLE], P[f.P_PR], P[f.P_IW] = red.gentle, link.random_loss, opts.initial_window
    P[f.P_MINRTO], P[f.P_MAXRTO], P[f.P_INITRTO] = opts.min_rto, opts.max_rto, opts.initial_rto
    P[f.P_DUP], P[f.P_VA], P[f.P_VB], P[f.P_VG] = (opts.dupthresh, opts.vegas_alpha,
                                                   opts.vegas_beta, opts.vegas_gamma)
    P[f.P_VENOB], P[f.P_LPD], P[f.P_LPINF] = opts.veno_beta, opts.lp_delta, opts.lp_inference
    P[f.P_CC], P[f.P_CB], P[f.P_CFC] = opts.cubic_c, opts.cubic_beta, opts.cubic_fast_convergence
    P[f.P_WWA], P[f.P_BURST] = opts.westwood_alpha, opts.pacing == "burst"
    P[f.P_RATEDT] = link.rate_interval or np.inf
    P[f.P_RECEVERY], P[f.P_NTEST], P[f.P_LINEAR] = plan.every, plan.n_test, linear
    P[f.P_NTICKS] = plan.n_ticks
    P[f.P_SPARSE] = _SPARSE
    return P


def _linear(plan: _Plan) -> np.ndarray | None:
    """Per-source verified ``(a_i, b_i, a_d, b_d, floor)`` when every rule is linear, else None."""
    R, n = plan.S.shape[0], plan.S.shape[2]
    rows = np.zeros((n, 5))
    specs: dict = {}  # id of a rule -> its coefficients (one look-up for a rule many flows share)
    for j, pol in enumerate(plan.policies):
        if pol is None:
            continue
        row = specs.get(id(pol))
        if row is None:
            spec = linear_spec(pol, flows=1)
            if spec is None:
                return None
            row = specs[id(pol)] = [float(c[0]) for c in spec]
        rows[j] = row
    return np.broadcast_to(rows.T, (R, 5, n)).copy()


def _arrays(scenario: Scenario, opts: QueueOptions, plan: _Plan, coef: np.ndarray | None,
            n_rec: int) -> f.Arrays:
    S = plan.S
    R, _, n = S.shape
    F = np.zeros((R, f.NF, n))
    F[:, : f.NS] = S
    if coef is not None:
        F[:, f.C_AI : f.C_FL + 1] = coef
    F[:, f.F_CWND] = opts.initial_window
    F[:, f.F_PWIN] = opts.initial_window
    F[:, f.F_SSTH] = np.inf
    F[:, f.F_RTO] = opts.initial_rto
    F[:, f.F_RTTMIN] = np.inf
    F[:, f.F_DEP0] = np.inf
    F[:, f.F_DEP1] = -np.inf
    tcp = S[:, f.S_KIND, :] == f.KIND_TCP
    codes = set(np.unique(S[:, f.S_VAR, :][tcp]).tolist())
    for var in VARIANTS.values():  # the variant's own state, where it does not start at 0
        if not var.initial or var.code not in codes:
            continue
        mine = tcp & (S[:, f.S_VAR, :] == var.code)
        for slot, x in var.initial:
            F[:, slot, :][mine] = x
    F[:, f.F_FINISH] = np.nan
    I = np.zeros((R, f.NI, n), dtype=np.int64)  # noqa: E741 - the kernel's name
    order = np.argsort(S[:, f.S_START, :], axis=1, kind="stable").astype(np.int64)
    link = scenario.link
    rate = np.atleast_1d(np.asarray(link.rate, dtype=float)) / (8 * scenario.packet_size)
    slots = int(link.buffer + math.ceil(rate.max() * plan.dt) + 8)
    rec = np.zeros((R, f.NREC, n_rec, plan.n_test))
    rec[:, f.REC_CWND] = np.nan
    G = np.zeros((R, f.NG))
    GI = np.zeros((R, f.NGI), dtype=np.int64)
    GI[:, f.GI_COUNT] = -1
    return f.Arrays(
        F=F, I=I, G=G, GI=GI, P=_params(scenario, opts, plan, coef is not None), rate=rate,
        ring_s=np.zeros((R, slots), dtype=np.int64), ring_c=np.zeros((R, slots), dtype=np.int64),
        act=np.zeros((R, n), dtype=np.int64), order=order, rng=plan.seeds.copy(),
        rec=rec, agg=np.zeros((R, f.NAGG, n_rec)), busy=np.zeros((R, n), dtype=np.int64),
    )


class _Rules:
    """The flows' policies, run by their own code between calls of the compiled loop.

    One :class:`~aimdmodel.policies.FlowMix` holds every source of every
    replication (flat index ``r * N + j``); before each call the candidate
    windows (after one increase, one decrease, two decreases) go to the
    kernel; after it, the steps the kernel took (``I_TAKEN``) and the
    re-initializations it asked for (``I_REINIT``) move the state.
    """

    def __init__(self, plan: _Plan, initial: float) -> None:
        R, n = plan.S.shape[0], plan.S.shape[2]
        members = [p if p is not None else AIMD() for p in plan.policies] * R
        self.mix = FlowMix(tuple(members)).converted(to_float)
        self.uses = (plan.S[:, f.S_POL, :] == 1.0).reshape(-1)
        self.state = self.mix.init(np.full(R * n, float(initial)))
        self.shape = (R, n)
        self.n_test = plan.n_test

    def _window(self, s: tuple) -> np.ndarray:
        w = np.asarray(self.mix.window(s), dtype=float)
        bad = self.uses & ~(np.isfinite(w) & (w >= 0))
        if bad.any():
            k = int(np.flatnonzero(bad)[0]) % self.shape[1]
            who = f"flows[{k}].policy" if k < self.n_test else "the cross flows' policy"
            raise ValueError(f"{who} returned the window {float(w[bad][0])!r}; windows must be "
                             f"finite and >= 0")
        return w.reshape(self.shape)

    def push(self, A: f.Arrays) -> None:
        """Write the current policy windows and the candidates of the next step."""
        inc = self.mix.increase(self.state)
        dec = self.mix.decrease(self.state)
        A.F[:, f.F_PWIN, :] = self._window(self.state)
        A.F[:, f.W_INC, :] = self._window(inc)
        A.F[:, f.W_DEC, :] = self._window(dec)
        A.F[:, f.W_DEC2, :] = self._window(self.mix.decrease(dec))
        self._next = (inc, dec)

    def pull(self, A: f.Arrays) -> None:
        """Move the state as the kernel did; re-initialize where it asked."""
        taken = A.I[:, f.I_TAKEN, :].reshape(-1)
        inc, dec = self._next
        for which, new in ((1, inc), (2, dec), (3, None)):
            mask = taken == which
            if mask.any():
                new = self.mix.decrease(dec) if new is None else new
                self.state = self.mix.where(mask, new, self.state)
        A.I[:, f.I_TAKEN, :] = 0
        again = A.I[:, f.I_REINIT, :].reshape(-1) == 1
        if again.any():
            fresh = self.mix.init(A.F[:, f.F_REINITW, :].reshape(-1).copy())
            self.state = self.mix.where(again, fresh, self.state)
            A.I[:, f.I_SYNCED, :][A.I[:, f.I_REINIT, :] == 1] = 1
            A.I[:, f.I_REINIT, :] = 0


MAX_WORK = 1e9
"""Default largest work of a run (ticks x sources x replications): a few minutes."""

_WORK_PER_SECOND = 5e6
"""Tick-sources per second, measured on a 2-core machine (to say how long a run takes)."""


@dataclass(frozen=True)
class Estimate:
    """What a queue-model run will take, computed before any work (:func:`estimate`).

    Attributes
    ----------
    ticks : float
        Ticks per replication (``duration / tick``).
    sources : float
        Sources per replication (flows, CBR sources, expected Pareto arrivals).
    work : float
        ``(ticks * sources + 3 packets) * replications``, ``packets`` the most the
        link and the CBR sources can move in the duration.
    memory : float
        Bytes of the arrays the run allocates (records, state, the queue's ring).
    seconds : float
        A rough duration on a 2-core machine.

    Examples
    --------
    >>> from aimdmodel.scenario import Flow, Scenario
    >>> e = estimate(Scenario(flows=(Flow(base_rtt=0.1),), duration=10.0))
    >>> e.ticks, e.sources, e.work > 1000
    (1000.0, 1.0, True)
    """

    ticks: float
    sources: float
    work: float
    memory: float
    seconds: float


def estimate(scenario: Scenario, *, options: QueueOptions | None = None,
             replications: int = 1) -> Estimate:
    """Estimate the work and memory of :func:`run` without running it (instant).

    Examples
    --------
    >>> from aimdmodel.scenario import Flow, Scenario
    >>> estimate(Scenario(flows=(Flow(base_rtt=1e-7),), duration=60.0)).ticks > 1e9
    True
    """
    opts = options or _DEFAULT_OPTIONS
    dt = _tick(scenario, opts)
    ticks = max(1.0, scenario.duration / dt)
    pareto = sum(scenario.duration / min(np.atleast_1d(c.mean_interarrival))
                 for c in scenario.cross if isinstance(c, ParetoCross))
    sources = float(scenario.n_flows + sum(isinstance(c, CBR) for c in scenario.cross) + pareto)
    rec = opts.record_interval if opts.record_interval is not None else scenario.duration / 1000
    n_rec = ticks / max(1.0, rec / dt)
    rate = float(np.max(np.atleast_1d(scenario.link.rate))) / (8 * scenario.packet_size)
    slots = scenario.link.buffer + rate * dt + 8
    cbr = sum(c.rate for c in scenario.cross if isinstance(c, CBR)) / (8 * scenario.packet_size)
    packets = 3.0 * scenario.duration * (rate + cbr)  # a packet served or dropped: ~3 units
    per_rep = (8.0 * (f.NREC * n_rec * scenario.n_flows + f.NAGG * n_rec)
               + 8.0 * (f.NF + f.NS + f.NI + 3) * sources + 16.0 * slots)
    work = (ticks * sources + packets) * replications
    return Estimate(ticks, sources, work, per_rep * replications, work / _WORK_PER_SECOND)


def _refuse_beyond(est: Estimate, max_work: float, max_memory: float) -> None:
    """Refuse a run beyond the limits, naming the way out."""
    if est.work > max_work:
        raise ValueError(
            f"the run needs about {est.work:.3g} units of work ({est.ticks:.3g} ticks of the "
            f"duration / tick x {est.sources:.3g} sources, plus the packets of the link and the "
            f"CBR sources, x replications; roughly {est.seconds:.3g} s), above max_work="
            f"{max_work:.3g}: shorten the duration, use a larger tick (or base_rtt), lower "
            "rates, fewer replications, or raise max_work")
    if est.memory > max_memory:
        raise MemoryError(
            f"the run would allocate about {est.memory / 2**20:.4g} MiB (records, state, the "
            f"buffer's ring), above max_memory={max_memory / 2**20:.4g} MiB: use a larger "
            "record_interval, a smaller buffer, fewer replications, or raise max_memory")


def _loop(A: f.Arrays, plan: _Plan, rules: _Rules | None, bar: Any = None) -> None:
    """Call the compiled loop until every replication reaches the end.

    With a progress ``bar``, the loop runs in chunks of ticks (the state is
    all in ``A``, so the result is the same).
    """
    R = plan.S.shape[0]
    kpos = np.zeros(R, dtype=np.int64)
    why = np.zeros(R, dtype=np.int64)
    chunk = plan.n_ticks if bar is None else max(1, plan.n_ticks // 200)
    while True:
        if rules is not None:
            rules.push(A)
        end = min(plan.n_ticks, int(kpos.min()) + chunk)
        _run_ticks(A, kpos, end, why)
        if rules is not None:
            rules.pull(A)
        if bar is not None:
            bar.n = int(kpos.min())
            bar.refresh()
        if (kpos >= plan.n_ticks).all():
            return


def _progress(est: Estimate, n_ticks: int, progress: bool | None) -> Any:
    """Return a tqdm bar on stderr for a long run (on a terminal, or when asked), or None."""
    import sys

    show = progress if progress is not None else (est.seconds > 5 and sys.stderr.isatty())
    if not show:
        return None
    from tqdm import tqdm

    return tqdm(total=n_ticks, desc="queue model", unit="tick", file=sys.stderr, leave=False)


def _checked(scenario: Any, options: Any, replications: Any, max_work: Any, max_memory: Any,
             fidelity: Any, overrides: dict) -> tuple:
    """Check :func:`run`'s arguments; return the options, replications, work, memory, rules.

    The rules: each flow's (:func:`_flow_policies`).
    """
    if not isinstance(scenario, Scenario):
        raise TypeError(f"scenario must be an aimdmodel.scenario.Scenario, got {scenario!r}")
    replications = check_count("replications", replications, minimum=1, optional=False)
    opts = options or _DEFAULT_OPTIONS
    if not isinstance(opts, QueueOptions):
        raise TypeError(f"options must be a QueueOptions, got {options!r}")
    opts = opts.replace(**overrides) if overrides else opts
    max_work = check_real("max_work", max_work, low=0.0, low_open=True, allow_inf=True)
    if max_memory is None:
        from ..engines.guards import Limits

        max_memory = Limits().memory
    max_memory = check_real("max_memory", max_memory, low=0.0, low_open=True, allow_inf=True)
    check_choice("fidelity", fidelity, FIDELITIES)
    if fidelity == "round" and (opts.recovery, opts.reno_ops) != ("classic", "linux-reno"):
        raise ValueError(f"recovery={opts.recovery!r}, reno_ops={opts.reno_ops!r}: the round "
                         "mode runs classic recovery and TcpLinuxReno's cut only; use "
                         "fidelity='packet'")
    timing = [f"{name}={getattr(opts, name)!r}" for name in ROUND_ONLY
              if getattr(opts, name) != getattr(_DEFAULT_OPTIONS, name)]
    if fidelity == "packet" and timing:
        raise ValueError(f"{', '.join(timing)}: the packet-level mode has no time step or "
                         "pacing rule (each packet leaves when its ACK clock sends it); use "
                         "fidelity='round'")
    if fidelity == "round" and opts.access_rate is not None:
        raise ValueError(f"access_rate={opts.access_rate!r}: the round mode has no access "
                         "links (their transmission time and delay); use fidelity='packet'")
    pols = _flow_policies(scenario.flows)  # a wrong variant or policy named before any estimate
    return opts, replications, max_work, max_memory, pols


def run(scenario: Scenario, *, options: QueueOptions | None = None, replications: int = 1,
        max_work: float = MAX_WORK, max_memory: float | None = None,
        progress: bool | None = None, fidelity: str = "round",
        **overrides: Any) -> QueueResult:
    """Run a scenario in the round-based queue model (or packet by packet).

    Parameters
    ----------
    scenario : Scenario
        Flows (variant, policy, base RTT, start, stop, size, rwnd), link,
        cross traffic, duration, seed, warmup.
    options : QueueOptions, optional
        Model options (tick, pacing, RTO bounds, variant constants, ...).
    replications : int
        Independent runs of the scenario, each with its own random streams
        (spawned from ``scenario.seed``), run together (default 1).
    max_work : float
        Largest ``ticks x sources x replications`` a run may take (default
        1e9, a few minutes; :func:`estimate` computes it before any work).
    max_memory : float, optional
        Largest bytes the run may allocate (default: the synchronous
        model's limit, 2 GiB or ``AIMDMODEL_MAX_MEMORY``).
    progress : bool, optional
        Show a progress bar on stderr: always, never, or (None) for a run
        estimated above 5 s when stderr is a terminal.
    fidelity : {"round", "packet"}
        ``"round"`` (default): the round-based model described above, the
        fast one; ``"packet"``: the compiled packet-level dumbbell of
        :mod:`aimdmodel.queue.packet` (per-packet queue, per-ACK senders after
        ns-3's rules; it refuses, with the reason, what it leaves out).
    **overrides
        Fields of :class:`QueueOptions` to change (``tick=0.005``, ...).

    Returns
    -------
    QueueResult

    Raises
    ------
    ValueError
        An unknown variant or option, a policy given to a variant with its
        own rule, a rule the model cannot run per flow, a run whose
        estimated work is above ``max_work``, an option the chosen mode does
        not run (the round mode's ``tick``, ``ticks_per_rtt`` and ``pacing``
        in the packet-level mode; ``access_rate``, ``recovery="prr"`` and
        ``reno_ops="newreno"`` in the round mode).
    MemoryError
        A run whose estimated memory is above ``max_memory``.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.scenario import Flow, Link, Scenario
    >>> sc = Scenario(flows=(Flow(variant="sack", policy=AIMD(b=0.8)),), duration=5.0)
    >>> res = run(sc, replications=2, tick=0.01)
    >>> res.cwnd.shape[0], res.n_flows
    (2, 1)
    """
    opts, replications, max_work, max_memory, pols = _checked(scenario, options, replications,
                                                              max_work, max_memory, fidelity,
                                                              overrides)
    if fidelity == "packet":
        from .packet import run_packet

        return run_packet(scenario, opts, replications)
    est = estimate(scenario, options=opts, replications=replications)
    _refuse_beyond(est, max_work, max_memory)
    plan = _plan(scenario, opts, replications, pols)
    coef = _linear(plan)
    n_rec = math.ceil(plan.n_ticks / plan.every)
    A = _arrays(scenario, opts, plan, coef, n_rec)
    rules = None if coef is not None or not any(p is not None for p in plan.policies) \
        else _Rules(plan, opts.initial_window)
    bar = _progress(est, plan.n_ticks, progress)
    try:
        _loop(A, plan, rules, bar)
    finally:
        if bar is not None:
            bar.close()
    return _result(scenario, opts, plan, A)


def _as_dict(opts: QueueOptions) -> dict:
    """Return the options' fields by name (``dataclasses.asdict`` without its deep copies).

    Parameters
    ----------
    opts : QueueOptions
        Options whose fields are all numbers, strings or None (nothing to copy).

    Returns
    -------
    dict
        The same dict as ``dataclasses.asdict(opts)``.
    """
    return {name: getattr(opts, name) for name in _OPTION_NAMES}


def _result(scenario: Scenario, opts: QueueOptions, plan: _Plan, A: f.Arrays) -> QueueResult:
    """Turn the compiled loop's arrays into a :class:`QueueResult`."""
    n = plan.n_test
    rec = A.rec.transpose(1, 0, 2, 3)  # (series, R, T, n)
    agg = A.agg.transpose(1, 0, 2)
    ticks = np.maximum(agg[f.AGG_TICKS], 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        rtt = np.where(rec[f.REC_ACC] > 0, rec[f.REC_RTTSUM] / rec[f.REC_ACC], np.nan)
    T = rec.shape[2]
    interval = plan.every * plan.dt
    return QueueResult(
        scenario=scenario, t=np.arange(T) * interval, interval=interval,
        sent=rec[f.REC_SENT], delivered=rec[f.REC_DELIV], lost=rec[f.REC_LOST],
        queue=agg[f.AGG_QUEUE] / ticks, capacity=(agg[f.AGG_CAP] / ticks)[0],
        cwnd=rec[f.REC_CWND], rtt=rtt, queued=rec[f.REC_QUEUED],
        cross_sent=agg[f.AGG_XSENT], cross_delivered=agg[f.AGG_XDELIV],
        cross_lost=agg[f.AGG_XLOST],
        completion=A.F[:, f.F_FINISH, :n], timeouts=A.I[:, f.I_NTO, :n],
        fast_retransmits=A.I[:, f.I_NFR, :n], retransmitted=A.I[:, f.I_NRETX, :n],
        model="queue",
        options={**_as_dict(opts), "tick": plan.dt, "replications": A.F.shape[0]},
    )

