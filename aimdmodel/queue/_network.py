"""The bottleneck of the queue model and its time loop, compiled (numba).

One tick of length ``dt`` (:func:`run`, per replication):

1. sources whose start time has come are activated, stopped ones retired;
2. *check*: a flow whose congestion-avoidance rule is a Python policy and
   whose round ends now, but whose previous policy step has not yet been
   applied by the driver, stops the loop before the tick (the driver moves
   the policy state and calls again); so does a loss in slow start that
   needs the policy state re-initialized from the window;
3. every flow whose round ends now finishes it and plans the next
   (:func:`aimdmodel.queue._sender.round_end`);
4. every source sends its packets of the tick: a TCP flow the part of its
   round's window due by the end of the tick (``"ack-clocked"``: evenly over
   the round; ``"burst"``: all in the first tick), a CBR source its rate
   times ``dt``; each packet is lost independently with the link's random
   loss probability before it reaches the queue;
5. the discipline accepts or drops the tick's arrivals and the link serves
   ``C(t) dt`` packets (a fractional remainder carries to the next tick, an
   idle link's unused whole packets are lost): DropTail and RED share one
   FIFO, DRR keeps a queue per source;
6. the tick's losses, acceptances, delays and departures are attributed to
   the sources' rounds and recorded: an active flow's as its packets are
   accepted (nothing of it waits for the departures), a cross source's and
   a finished flow's after them; the last tick of each sample records every
   source's queue and window (the samples keep the last values).

Within a tick arrivals and service are simultaneous (a packet can arrive
and leave in the same tick), the packets of the tick arrive in a random
order (a dropped packet is any of them with equal probability), and a
source's lost packets of a tick are the last of its packets in that tick
(what the loss detection of the sender uses as their positions).

The steps of a tick are inlined into :func:`run` (``inline="always"``): a
call passes every array of the :data:`~._fields.Arrays` tuple field by
field, which cost more than the work of a tick with a few flows; only the
rarer paths (drops to choose, RED, DRR) and the sender's round end stay
calls.

Which sources a tick visits: with fewer sources than about the packets the
link serves in a tick, every active source in steps 3, 4 and 6, as above.
With more (FIFO disciplines; ``sparse``), most sources neither send nor act
in a given tick, and their tick is all zeros: each source keeps the first
tick in which it may send or act (``I_DUE``, computed from its round's
schedule, a thousandth of a tick early, :func:`_next_due`); a tick lists
the sources due (in the active list's order, which fixes the order of the
random draws and of the FIFO), runs steps 3 and 4 on them with the same
exact tests as above, and runs step 6 on them and on the cross sources and
finished flows whose packets left the queue (an active flow's delivered
packets are counted as they leave, in every mode: nothing else of its tick
changes when it neither sends nor acts). The last tick of each recorded
sample visits every source (the samples keep the last queue and window). The results are the
same bit for bit either way (``tests/queue_fingerprint.py`` passes with
either way forced).
"""

from __future__ import annotations

import math

import numba

from .._numba_cache import install
from ._fields import (
    AGG_CAP,
    AGG_QUEUE,
    AGG_TICKS,
    AGG_XDELIV,
    AGG_XLOST,
    AGG_XSENT,
    D_DRR,
    D_RED,
    F_CBRCUM,
    F_CWND,
    F_DEP0,
    F_DEP1,
    F_DMAX,
    F_DMIN,
    F_DSUM,
    F_GROWF,
    F_REINITW,
    F_RESUME,
    F_RLEN,
    F_RWIN,
    F_SPAN,
    F_SSTH,
    F_T0,
    F_TDELAY,
    F_TDET,
    F_TLOSS1,
    F_XCUM,
    G_AVG,
    G_CREDIT,
    G_IDLE,
    GI_COUNT,
    GI_HEAD,
    GI_NACT,
    GI_NB,
    GI_NEXT,
    GI_PTR,
    GI_Q,
    GI_SAMPLE,
    GI_SNEXT,
    GI_SPARSE,
    GI_TAIL,
    I_ACCTOT,
    I_ARR,
    I_BORN,
    I_CBREMIT,
    I_DEFER,
    I_DELIV,
    I_DUE,
    I_HOLES,
    I_LEFT,
    I_LIFE,
    I_LOST,
    I_MARK,
    I_MODE,
    I_NEXTNEW,
    I_QUEUED,
    I_RACC,
    I_REINIT,
    I_RLASTOK,
    I_RLOST,
    I_RLRETX,
    I_RLTAIL,
    I_RP1,
    I_RP2,
    I_RRETX,
    I_RSENT,
    I_S0ACC,
    I_S0DELIV,
    I_S0LOST,
    I_S0SENT,
    I_SENT,
    I_SYNCED,
    I_TACC,
    I_TAKEN,
    I_TDEP,
    I_TDROP,
    I_TEXTRA,
    I_TLOSS,
    I_XEMIT,
    KIND_CBR,
    L_ACTIVE,
    L_DONE,
    L_NEW,
    M_OPEN,
    M_WAIT,
    P_BUF,
    P_BURST,
    P_DISC,
    P_DT,
    P_GENTLE,
    P_LINEAR,
    P_MAXP,
    P_MAXTH,
    P_MINTH,
    P_NTEST,
    P_NTICKS,
    P_PR,
    P_RATEDT,
    P_RECEVERY,
    P_SPARSE,
    P_WQ,
    REC_ACC,
    REC_CWND,
    REC_DELIV,
    REC_LOST,
    REC_QUEUED,
    REC_RTTSUM,
    REC_SENT,
    S_BASE,
    S_KIND,
    S_POL,
    S_RATE,
    S_START,
    S_STOP,
    S_VAR,
    STOP_END,
    STOP_POLICY,
    STOP_REINIT,
)
from ._hooks import round_acks
from ._random import binomial, uniform
from ._red import decide, estimate
from ._sender import round_end, round_ends, start_round

install()  # before the first cache=True function: stamps cover the folder

__all__ = ["run"]



@numba.njit(inline="always", _nrt=False)
def _capacity(A, t):  # pragma: no cover - compiled
    """C(t) in packets per second (a trace holds its last value)."""
    if A.rate.size == 1:
        return A.rate[0]
    k = min(int(t / A.P[P_RATEDT]), A.rate.size - 1)
    return A.rate[k]


@numba.njit(inline="always", _nrt=False)
def _qdelay(N, GI, P, r, j, cap):  # pragma: no cover - compiled
    """Queueing delay a packet of source ``j`` would see now (FIFO: q/C; DRR: its fair share)."""
    if P[P_DISC] == D_DRR:
        return N[r, I_QUEUED, j] * max(GI[r, GI_NB], 1) / cap
    return GI[r, GI_Q] / cap


@numba.njit(inline="always", _nrt=False)
def _activate(A, r, k, t, cap):  # pragma: no cover - compiled
    """Activate the sources whose start time has come (sorted by start in ``order``)."""
    n = A.order.shape[1]
    while A.GI[r, GI_NEXT] < n:
        j = A.order[r, A.GI[r, GI_NEXT]]
        if A.F[r, S_START, j] > t:
            break
        A.GI[r, GI_NEXT] += 1
        if A.I[r, I_LIFE, j] != L_NEW:
            continue
        A.I[r, I_LIFE, j] = L_ACTIVE
        A.I[r, I_BORN, j] = k
        A.I[r, I_DUE, j] = k
        A.act[r, A.GI[r, GI_NACT]] = j
        A.GI[r, GI_NACT] += 1
        if A.F[r, S_KIND, j] != KIND_CBR:
            start_round(A.F, A.I, A.P, r, j, t, _qdelay(A.I, A.GI, A.P, r, j, cap), 0)


@numba.njit(inline="always", _nrt=False)
def _check(A, r, t):  # pragma: no cover - compiled
    """Return why the loop must stop before this tick for the driver (or STOP_END: go on)."""
    if A.P[P_LINEAR] == 1.0:
        return STOP_END
    why = STOP_END
    for a in range(A.GI[r, GI_NACT]):
        j = A.act[r, a]
        if A.F[r, S_POL, j] != 1.0 or A.I[r, I_LIFE, j] != L_ACTIVE:
            continue
        if A.I[r, I_MODE, j] == M_WAIT or not round_ends(A.F, A.I, A.P, r, j, t):
            continue
        if A.I[r, I_TAKEN, j] != 0:
            why = STOP_POLICY
        elif (A.I[r, I_MODE, j] == M_OPEN and (A.I[r, I_RLOST, j] > 0 or A.I[r, I_DEFER, j] == 1)
              and A.F[r, F_CWND, j] < A.F[r, F_SSTH, j] and A.I[r, I_SYNCED, j] == 0):
            A.I[r, I_REINIT, j] = 1
            A.F[r, F_REINITW, j] = A.F[r, F_CWND, j]
            if why == STOP_END:
                why = STOP_REINIT
    return why


@numba.njit(inline="always", _nrt=False)
def _listed(A, r, k, sparse):  # pragma: no cover - compiled
    """List the active sources due in tick ``k`` in ``busy[r]``, in the active list's order.

    ``sparse``: only those that may send or act (end a round, stop) in the
    tick, ``I_DUE <= k`` (an underestimate kept by :func:`_next_due`); else
    every source. Return how many.
    """
    nact = A.GI[r, GI_NACT]
    if not sparse:
        for a in range(nact):
            A.busy[r, a] = A.act[r, a]
        return nact
    m = 0
    for a in range(nact):  # without a branch: most sources are not due
        j = A.act[r, a]
        A.busy[r, m] = j
        m += A.I[r, I_DUE, j] <= k
    return m


@numba.njit(inline="always", _nrt=False)
def _rounds_and_send(A, r, k, t, cap, nt, sparse):  # pragma: no cover - compiled
    """Per listed source: end a round, retire if stopped, send; note when it is due next.

    Only the ``nt`` sources of ``busy[r]`` (:func:`_listed`) can send or act
    in this tick; the others' counters of the tick stay 0. With random loss,
    each source's arrivals are thinned right after it sends (the same draws,
    in the same order, as a separate pass over the sources would take).
    ``sparse``: each source's next due tick is computed (:func:`_next_due`).
    Return the number of packets that reach the queue.
    """
    F, N, P = A.F, A.I, A.P
    pr = P[P_PR]
    never = int(P[P_NTICKS]) + 1
    per_dt = 1.0 / P[P_DT]
    total = 0
    for u in range(nt):
        j = A.busy[r, u]
        if sparse:
            N[r, I_MARK, j] = k + 1  # listed (see _fifo)
        if N[r, I_LIFE, j] != L_ACTIVE:  # finished, its queue draining: nothing to send
            N[r, I_DUE, j] = never
            continue
        cw = F[r, F_CWND, j]
        stop = F[r, S_STOP, j]
        if stop > 0.0 and t >= stop:
            N[r, I_LIFE, j] = L_DONE
            N[r, I_DUE, j] = never
            _last_cwnd(A, r, k, j, cw)
            continue
        if F[r, S_KIND, j] != KIND_CBR and round_ends(F, N, P, r, j, t):
            round_end(F, N, P, r, j, t, _qdelay(N, A.GI, P, r, j, cap))
            if N[r, I_LIFE, j] != L_ACTIVE:
                N[r, I_DUE, j] = never
                _last_cwnd(A, r, k, j, cw)
                continue
        n = _emit(F, N, P, r, j, t)
        if sparse:
            N[r, I_DUE, j] = _next_due(F, N, P, r, j, k, per_dt, N[r, I_RSENT, j] + n)
        if pr > 0.0 and n > 0:
            x = binomial(A.rng, r, n, pr)
            N[r, I_TLOSS, j] = x
            n -= x
        total += n
    return total


@numba.njit(inline="always", _nrt=False)
def _sample(A, k):  # pragma: no cover - compiled
    """Return the recorded sample tick ``k`` adds to."""
    return min(k // int(A.P[P_RECEVERY]), A.rec.shape[2] - 1)


@numba.njit(_nrt=False)
def _last_cwnd(A, r, k, j, cw):  # pragma: no cover - compiled
    """Record test flow ``j``'s window ``cw`` of the previous tick: it stops being active now.

    A sample keeps the window of its last tick in which the flow was active
    (:func:`_record`); the ticks in which nothing happened to the flow are
    not visited, so the last of them is written here when it is in the
    same sample (the window has not changed since).
    """
    if j < int(A.P[P_NTEST]) and A.I[r, I_BORN, j] < k and k > 0:
        s = _sample(A, k)
        if _sample(A, k - 1) == s:
            A.rec[r, REC_CWND, s, j] = cw


@numba.njit(inline="always", _nrt=False)
def _at_or_before(x, per_dt, never):  # pragma: no cover - compiled
    """Return the first tick ``k`` with ``k dt >= x``, less a margin (or ``never``).

    ``per_dt`` is ``1 / dt``. The margin, a thousandth of a tick, covers the
    rounding of ``k dt``, of ``x`` and of ``x / dt`` (relative 1e-16 each: a
    thousandth of a tick after 1e12 ticks); the exact test is made in that
    tick and the ticks after it.
    """
    kf = x * per_dt - 1e-3
    if not kf < never:  # beyond the run, infinite or NaN
        return never
    return math.ceil(kf) if kf > -1.0 else -1


@numba.njit(inline="always", _nrt=False)
def _next_due(F, N, P, r, j, k, per_dt, sent):  # pragma: no cover - compiled
    """Return a tick after ``k`` at or before the next one in which source ``j`` may act.

    ``sent``: the packets of its round sent by the end of tick ``k``.

    Acting: sending a packet (:func:`_send_tcp` due beyond those sent), ending
    a round, a deferred fast retransmit, the end of a timeout
    (:func:`~aimdmodel.queue._sender.round_ends`), stopping. Each time is
    converted to a tick with a margin (:func:`_at_or_before`; ``per_dt`` is
    ``1 / dt``): the tick loop makes the exact tests from that tick on, as in
    every tick, and a flow whose exact tests fail is listed again in the next.
    """
    never = int(P[P_NTICKS]) + 1
    if F[r, S_KIND, j] == KIND_CBR or P[P_BURST] == 1.0:
        return k + 1
    dt = P[P_DT]
    due = never
    stop = F[r, S_STOP, j]
    if stop > 0.0:
        due = min(due, _at_or_before(stop, per_dt, never))
    if N[r, I_MODE, j] == M_WAIT:  # no packets until the timeout is over
        return max(k + 1, min(due, _at_or_before(F[r, F_RESUME, j], per_dt, never)))
    t0 = F[r, F_T0, j]
    due = min(due, _at_or_before(t0 + F[r, F_RLEN, j] - dt, per_dt, never))
    if N[r, I_DEFER, j] == 1:
        due = min(due, _at_or_before(F[r, F_TDET, j] - dt, per_dt, never))
    total = F[r, F_RWIN, j]
    left = N[r, I_LEFT, j]
    if sent < int(total):
        span = F[r, F_SPAN, j]
        if left > sent or span <= 0.0 or total <= left:
            return k + 1
        # _send_tcp's due passes sent once (t + dt - t0) / span > (sent - left) / (total - left)
        due = min(due, _at_or_before(t0 - dt + span * ((sent - left) / (total - left)), per_dt,
                                     never))
    return max(k + 1, due)


@numba.njit(inline="always", _nrt=False)
def _send_tcp(F, N, P, r, j, t):  # pragma: no cover - compiled
    """Packets of flow ``j``'s round due by the end of the tick (paced or as a burst).

    Paced: the round's ``w`` packets are scheduled at ``t0 + i R / w``; the
    tick sends those scheduled before ``t + dt`` (after the ``left`` ones of
    the previous round, due at once).
    """
    total = F[r, F_RWIN, j]
    sent = N[r, I_RSENT, j]
    if P[P_BURST] == 1.0:
        if total <= sent or N[r, I_MODE, j] == M_WAIT:
            return 0
        return int(total) - sent
    left = N[r, I_LEFT, j]
    span = F[r, F_SPAN, j]
    frac = 1.0 if span <= 0.0 else min(1.0, (t + P[P_DT] - F[r, F_T0, j]) / span)
    due = left + math.ceil((total - left) * frac - 1e-9)
    return max(0, min(due, int(total)) - sent)


@numba.njit(inline="always", _nrt=False)
def _retx_among(N, r, j, first, n):  # pragma: no cover - compiled
    """Count the retransmissions among positions ``[first, first + n)`` of flow ``j``'s round."""
    lo = N[r, I_LEFT, j]
    hi = lo + N[r, I_RRETX, j]
    return max(0, min(hi, first + n) - max(lo, first))


@numba.njit(inline="always", _nrt=False)
def _emit(F, N, P, r, j, t):  # pragma: no cover - compiled
    """Source ``j``'s arrivals of the tick, before random losses."""
    if F[r, S_KIND, j] == KIND_CBR:
        F[r, F_CBRCUM, j] += F[r, S_RATE, j] * P[P_DT]
        n = int(F[r, F_CBRCUM, j]) - N[r, I_CBREMIT, j]
        N[r, I_CBREMIT, j] += n
    else:
        n = _send_tcp(F, N, P, r, j, t)
        N[r, I_NEXTNEW, j] += n - _retx_among(N, r, j, N[r, I_RSENT, j], n)
        F[r, F_XCUM, j] += n * F[r, F_GROWF, j]
        extra = min(int(F[r, F_XCUM, j]) - N[r, I_XEMIT, j], n)
        N[r, I_XEMIT, j] += extra
        N[r, I_TEXTRA, j] = extra
    N[r, I_ARR, j] = n
    N[r, I_SENT, j] += n
    return n


@numba.njit(_nrt=False)
def _pick(N, busy, rng, r, nt, x, extras):  # pragma: no cover - compiled
    """Drop ``x`` packets, each subset of the candidates equally likely (selection sampling).

    Candidates: the tick's surviving arrivals not dropped yet; with
    ``extras``, only those a window increase added (at most ``x`` dropped).
    The sources that sent this tick are among the ``nt`` of ``busy[r]``, in
    the active list's order (the others have no candidates, hence no draws).
    Only the arrays used are passed (a call passes each array field by field).
    """
    if x <= 0:
        return 0
    pool = 0
    for u in range(nt):
        pool += _candidates(N, r, busy[r, u], extras)
    x = min(x, pool)
    done = 0
    for u in range(nt):
        if x <= 0:
            break
        j = busy[r, u]
        for _ in range(_candidates(N, r, j, extras)):
            if uniform(rng, r) * pool < x:
                N[r, I_TDROP, j] += 1
                x -= 1
                done += 1
            pool -= 1
    return done


@numba.njit(inline="always", _nrt=False)
def _candidates(N, r, j, extras):  # pragma: no cover - compiled
    """Packets of source ``j`` in this tick that a drop may still take."""
    left = N[r, I_ARR, j] - N[r, I_TLOSS, j] - N[r, I_TDROP, j]
    return min(N[r, I_TEXTRA, j], left) if extras else left


@numba.njit(inline="always", _nrt=False)
def _choose_drops(A, r, nt, early, over):  # pragma: no cover - compiled
    """Attribute a tick's drops to the arriving packets (of the ``nt`` sources listed).

    RED's ``early`` drops take any arriving packet with equal probability.
    The ``over``flow of a full buffer takes first the packets that window
    increases added: with ACK-clocked senders the arrivals that match
    departures find room, and the packets sent on top of the clock are the
    ones that find the buffer full (the phase effects of Floyd & Jacobson
    1992); the rest, if any, are taken at random.
    """
    if early > 0:  # (a call costs more than most ticks' drops: none)
        _pick(A.I, A.busy, A.rng, r, nt, early, False)
    if over > 0:
        over -= _pick(A.I, A.busy, A.rng, r, nt, over, True)
        if over > 0:
            _pick(A.I, A.busy, A.rng, r, nt, over, False)


# --------------------------------------------------------------------------- the link
@numba.njit(inline="always", _nrt=False)
def _service(A, r, cap, backlog):  # pragma: no cover - compiled
    """Whole packets the link serves this tick out of ``backlog``; keep the fraction as credit."""
    avail = A.G[r, G_CREDIT] + cap * A.P[P_DT]
    served = min(backlog, math.floor(avail))
    left = avail - served
    A.G[r, G_CREDIT] = left - math.floor(left) if backlog <= served else left
    return served


@numba.njit(_nrt=False)
def _red_drops(G, GI, P, rng, r, cap, arrivals):  # pragma: no cover - compiled
    """RED for each of the tick's arriving packets (:mod:`aimdmodel.queue._red`: ns-3's rules).

    The queue a packet sees is the FIFO interpolated over the tick (the
    tick's earlier accepted arrivals in, its service spread evenly), and
    the guard looks at it whole (the round mode has no device queue). After
    the link idled, the average decays over its whole unused packet times.
    The average and the count since the last drop are kept in locals over the
    tick's packets (the arrays of ``A`` may alias: numba would store and
    reload them per packet); only the arrays used are passed (a call passes
    each array field by field).
    """
    if arrivals == 0:
        return 0
    q0 = GI[r, GI_Q]
    wq, lo, hi, maxp = P[P_WQ], P[P_MINTH], P[P_MAXTH], P[P_MAXP]
    top = 2.0 * hi if P[P_GENTLE] == 1.0 else hi
    m = math.floor(G[r, G_IDLE])  # idle time * C (the unused slots), whole packets
    G[r, G_IDLE] = 0.0
    slots = cap * P[P_DT]
    avg, count = G[r, G_AVG], GI[r, GI_COUNT]
    acc, drops = 0, 0
    for p in range(arrivals):
        qnow = max(0.0, q0 + acc - slots * p / arrivals)
        avg = estimate(avg, wq, m, qnow)
        m = 0
        drop, count = decide(avg, qnow, count, lo, hi, top, maxp, uniform, rng, r)
        if drop:
            drops += 1
        else:
            acc += 1
    G[r, G_AVG], GI[r, GI_COUNT] = avg, count
    return drops


@numba.njit(inline="always", _nrt=False)
def _fifo(A, r, k, t, s, cap, arrivals, nt, sparse):  # pragma: no cover - compiled
    """DropTail or RED into one FIFO of ``B`` packets; serve it; attribute departures.

    The arrivals come from the ``nt`` sources listed in ``busy[r]``. An
    active test flow's tick is accounted as its packets are accepted
    (:func:`_account`, its delays into sample ``s``); the other listed
    sources (cross sources, finished flows) stay in ``busy[r]`` for
    :func:`_close_tick`, followed (``sparse``) by the sources whose packets
    leave. Return the length of that list.
    """
    q0 = A.GI[r, GI_Q]
    early = _red_drops(A.G, A.GI, A.P, A.rng, r, cap, arrivals) if A.P[P_DISC] == D_RED else 0
    served = _service(A, r, cap, q0 + arrivals - early)
    over = max(0, q0 + arrivals - early - served - int(A.P[P_BUF]))
    _choose_drops(A, r, nt, early, over)
    delay = q0 / cap
    E = A.ring_s.shape[1]
    tail = A.GI[r, GI_TAIL]
    e = tail % E  # the ring's slot of entry ``tail`` (kept without a division per packet)
    ntest = int(A.P[P_NTEST])
    F, N = A.F, A.I
    nu = 0
    for u in range(nt):
        j = A.busy[r, u]
        acc = N[r, I_ARR, j] - N[r, I_TLOSS, j] - N[r, I_TDROP, j]
        N[r, I_TACC, j] = acc
        F[r, F_TDELAY, j] = delay
        if acc > 0:  # when the tick's accepted packets leave: the next round's ACK clock
            F[r, F_DEP0, j] = min(F[r, F_DEP0, j], t + delay)
            F[r, F_DEP1, j] = max(F[r, F_DEP1, j], t + delay + acc / cap)
        A.ring_s[r, e], A.ring_c[r, e] = j, acc  # kept if acc > 0 (the slot is free)
        more = acc > 0
        tail += more
        e += more
        if e == E:
            e = 0
        N[r, I_QUEUED, j] += acc
        if j < ntest and N[r, I_LIFE, j] == L_ACTIVE:
            # an active test flow's tick is accounted now (nothing of it waits for the
            # departures: its queue and window are recorded at the sample's last tick)
            _account(F, N, r, j, t)
            A.rec[r, REC_RTTSUM, s, j] += acc * (F[r, S_BASE, j] + delay)
            _clear(N, r, j)
        else:  # a cross source's or a finished flow's tick waits (_close_tick); u >= nu
            A.busy[r, nu] = j
            nu += 1
    A.GI[r, GI_TAIL] = tail
    left = served
    head = A.GI[r, GI_HEAD]
    e = head % E
    while left > 0 and head < tail:
        j = A.ring_s[r, e]
        take = min(left, A.ring_c[r, e])
        A.ring_c[r, e] -= take
        A.I[r, I_TDEP, j] += take
        A.I[r, I_DELIV, j] += take
        A.I[r, I_QUEUED, j] -= take
        # not listed: a cross source's departures are recorded, a finished flow's queue may be
        # empty now (:func:`_close_tick`); an active test flow's delivered packets are counted
        # here (its I_TDEP is read nowhere). The test that nearly always fails comes first:
        # whether a source was listed in this tick is not predictable, and its mispredicted
        # branch cost 10% of the kernel (16 flows behind RED)
        if sparse and (j >= ntest or A.I[r, I_LIFE, j] != L_ACTIVE) \
                and A.I[r, I_MARK, j] != k + 1:
            A.I[r, I_MARK, j] = k + 1
            A.busy[r, nu] = j
            nu += 1
        left -= take
        if A.ring_c[r, e] == 0:
            head += 1
            e += 1
            if e == E:
                e = 0
    A.GI[r, GI_HEAD] = head
    A.GI[r, GI_Q] = q0 + arrivals - early - over - served
    if A.GI[r, GI_Q] == 0:  # the link idled for the unused part of the tick
        A.G[r, G_IDLE] += max(0.0, cap * A.P[P_DT] - served)
    return nu


@numba.njit(_nrt=False)
def _round_robin(A, r, served):  # pragma: no cover - compiled
    """DRR with a one-packet quantum: ``served`` packets shared round-robin by the backlogged."""
    nact = A.GI[r, GI_NACT]
    left = served
    while left > 0:
        nb = 0
        for a in range(nact):
            nb += A.I[r, I_QUEUED, A.act[r, a]] > 0
        if nb == 0:
            return
        share = left // nb
        for i in range(nact):
            a = (A.GI[r, GI_PTR] + i) % nact
            j = A.act[r, a]
            q = A.I[r, I_QUEUED, j]
            if q == 0 or left == 0:
                continue
            take = min(q, max(share, 1))
            A.I[r, I_QUEUED, j] -= take
            A.I[r, I_TDEP, j] += take
            A.I[r, I_DELIV, j] += take
            left -= take
            if share == 0:
                A.GI[r, GI_PTR] = (a + 1) % nact


@numba.njit(_nrt=False)
def _drr(A, r, t, cap, arrivals):  # pragma: no cover - compiled
    """Deficit round robin, one queue per source, a shared buffer: drop from the longest queue."""
    nact = A.GI[r, GI_NACT]
    for a in range(nact):
        j = A.act[r, a]
        A.F[r, F_TDELAY, j] = _qdelay(A.I, A.GI, A.P, r, j, cap)
        A.I[r, I_QUEUED, j] += A.I[r, I_ARR, j] - A.I[r, I_TLOSS, j]
    backlog = A.GI[r, GI_Q] + arrivals
    served = _service(A, r, cap, backlog)
    _round_robin(A, r, served)
    backlog -= served
    while backlog > A.P[P_BUF]:
        best, bq = -1, 0
        for a in range(nact):
            j = A.act[r, a]
            if A.I[r, I_QUEUED, j] > bq:
                best, bq = j, A.I[r, I_QUEUED, j]
        A.I[r, I_QUEUED, best] -= 1
        A.I[r, I_TDROP, best] += 1
        backlog -= 1
    nb = 0
    for a in range(nact):
        j = A.act[r, a]
        nb += A.I[r, I_QUEUED, j] > 0
    for a in range(nact):
        j = A.act[r, a]
        acc = max(0, A.I[r, I_ARR, j] - A.I[r, I_TLOSS, j] - A.I[r, I_TDROP, j])
        A.I[r, I_TACC, j] = acc
        if acc > 0:  # its packets leave at its fair share: the next round's ACK clock
            d = t + A.F[r, F_TDELAY, j]
            A.F[r, F_DEP0, j] = min(A.F[r, F_DEP0, j], d)
            A.F[r, F_DEP1, j] = max(A.F[r, F_DEP1, j], d + acc * max(nb, 1) / cap)
    A.GI[r, GI_NB] = nb
    A.GI[r, GI_Q] = backlog


# --------------------------------------------------------------------------- bookkeeping
@numba.njit(inline="always", _nrt=False)
def _account(F, N, r, j, t):  # pragma: no cover - compiled
    """Attribute the tick's losses and acceptances to flow ``j``'s round (positions, delays)."""
    n = N[r, I_ARR, j]
    x = N[r, I_TLOSS, j] + N[r, I_TDROP, j]
    N[r, I_LOST, j] += x
    if F[r, S_KIND, j] == KIND_CBR:
        return
    before = N[r, I_RSENT, j]
    end = before + n
    N[r, I_RSENT, j] = end
    x_round = min(x, end - N[r, I_RLOST, j])
    if x_round < x:  # DRR dropped an older packet of an earlier round: repair it first
        N[r, I_HOLES, j] += x - x_round
    if x_round > 0:
        first = max(end - x_round, 0)
        if N[r, I_RP1, j] < 0:
            N[r, I_RP1, j] = first
            F[r, F_TLOSS1, j] = t
            if x_round >= 2:
                N[r, I_RP2, j] = first + 1
        elif N[r, I_RP2, j] < 0:
            N[r, I_RP2, j] = first
        N[r, I_RLOST, j] += x_round
        N[r, I_RLRETX, j] += _retx_among(N, r, j, first, end - first)
        N[r, I_RLTAIL, j] += max(0, min(N[r, I_LEFT, j], end) - first)
    acc = N[r, I_TACC, j]
    N[r, I_ACCTOT, j] += acc
    if acc > 0:
        d = F[r, F_TDELAY, j]
        N[r, I_RACC, j] += acc
        N[r, I_RLASTOK, j] = end - x_round - 1
        F[r, F_DSUM, j] += acc * d
        F[r, F_DMIN, j] = min(F[r, F_DMIN, j], d)
        F[r, F_DMAX, j] = max(F[r, F_DMAX, j], d)
        round_acks(F[r, S_VAR, j], F, r, j, F[r, S_BASE, j] + d, acc)


@numba.njit(inline="always", _nrt=False)
def _record(F, N, ntest, rec, agg, r, s, j):  # pragma: no cover - compiled
    """Add source ``j``'s tick to sample ``s`` (cwnd and queued: the last value).

    A test flow's packet counts are added once per sample (:func:`_flush`).
    """
    if j >= ntest:
        agg[r, AGG_XSENT, s] += N[r, I_ARR, j]
        agg[r, AGG_XLOST, s] += N[r, I_TLOSS, j] + N[r, I_TDROP, j]
        agg[r, AGG_XDELIV, s] += N[r, I_TDEP, j]
        return
    rec[r, REC_RTTSUM, s, j] += N[r, I_TACC, j] * (F[r, S_BASE, j] + F[r, F_TDELAY, j])
    rec[r, REC_QUEUED, s, j] = N[r, I_QUEUED, j]
    if N[r, I_LIFE, j] == L_ACTIVE:
        rec[r, REC_CWND, s, j] = F[r, F_CWND, j]


@numba.njit(inline="always", _nrt=False)
def _flush(N, rec, r, s, j):  # pragma: no cover - compiled
    """Add test flow ``j``'s packets since its last flush to sample ``s``.

    The same values as adding every tick's counts: sums of whole numbers
    below 2**53 are exact in floating point, in any grouping.
    """
    rec[r, REC_SENT, s, j] += N[r, I_SENT, j] - N[r, I_S0SENT, j]
    rec[r, REC_LOST, s, j] += N[r, I_LOST, j] - N[r, I_S0LOST, j]
    rec[r, REC_DELIV, s, j] += N[r, I_DELIV, j] - N[r, I_S0DELIV, j]
    rec[r, REC_ACC, s, j] += N[r, I_ACCTOT, j] - N[r, I_S0ACC, j]
    N[r, I_S0SENT, j], N[r, I_S0LOST, j] = N[r, I_SENT, j], N[r, I_LOST, j]
    N[r, I_S0DELIV, j], N[r, I_S0ACC, j] = N[r, I_DELIV, j], N[r, I_ACCTOT, j]


@numba.njit(inline="always", _nrt=False)
def _closed(A, r, t, s, last, ntest, j):  # pragma: no cover - compiled
    """Account and record source ``j``'s tick; clear its counters; tell whether it is gone."""
    F, N = A.F, A.I
    _account(F, N, r, j, t)
    _record(F, N, ntest, A.rec, A.agg, r, s, j)
    gone = N[r, I_LIFE, j] == L_DONE and N[r, I_QUEUED, j] == 0
    if j < ntest and (last or gone):
        _flush(N, A.rec, r, s, j)
    _clear(N, r, j)
    return gone


@numba.njit(inline="always", _nrt=False)
def _clear(N, r, j):  # pragma: no cover - compiled
    """Clear source ``j``'s counters of the tick (a cleared tick accounts and records nothing)."""
    for f in (I_ARR, I_TLOSS, I_TDROP, I_TACC, I_TDEP, I_TEXTRA):
        N[r, f, j] = 0


@numba.njit(inline="always", _nrt=False)
def _sample_now(A, r, k):  # pragma: no cover - compiled
    """Return tick ``k``'s recorded sample and whether ``k`` is its last tick."""
    every = int(A.P[P_RECEVERY])
    nxt = A.GI[r, GI_SNEXT]
    if not nxt - every <= k < nxt:  # a new sample (without two divisions per tick)
        s = k // every
        nxt = (s + 1) * every
        A.GI[r, GI_SAMPLE], A.GI[r, GI_SNEXT] = s, nxt
    s = min(A.GI[r, GI_SAMPLE], A.rec.shape[2] - 1)  # the same as _sample(A, k)
    return s, k + 1 == nxt or k + 1 >= int(A.P[P_NTICKS])


@numba.njit(inline="always", _nrt=False)
def _close_tick(A, r, k, t, s, last, cap, nu, every):  # pragma: no cover - compiled
    """Account, record, and drop finished sources with an empty queue from the active list.

    Tick ``k`` adds to sample ``s``; ``last``: it is the sample's last. With
    ``every`` (DRR) each active source is accounted and recorded here; else
    only the ``nu`` sources of ``busy[r]`` (cross sources and finished flows
    that were listed or whose packets left: :func:`_fifo` accounted the
    active test flows, every other source's tick is all zeros, its queue
    and window unchanged). All are visited in the last tick of a sample,
    which records the last values (a tick already accounted is cleared, so
    accounting it again adds nothing).
    """
    A.agg[r, AGG_QUEUE, s] += A.GI[r, GI_Q]
    A.agg[r, AGG_TICKS, s] += 1
    A.agg[r, AGG_CAP, s] += cap
    act = A.act
    ntest = int(A.P[P_NTEST])
    gone = False
    if last or every:
        for a in range(A.GI[r, GI_NACT]):
            gone |= _closed(A, r, t, s, last, ntest, act[r, a])
    else:
        for u in range(nu):
            gone |= _closed(A, r, t, s, last, ntest, A.busy[r, u])
    if not gone:
        return
    N = A.I
    keep = 0
    for a in range(A.GI[r, GI_NACT]):
        j = act[r, a]
        if N[r, I_LIFE, j] == L_DONE and N[r, I_QUEUED, j] == 0:
            continue
        act[r, keep] = j
        keep += 1
    A.GI[r, GI_NACT] = keep


@numba.njit(inline="always", _nrt=False)
def _tick(A, r, k):  # pragma: no cover - compiled
    """One tick of replication ``r``; return STOP_END, or why the driver must act first.

    With more sources than ``P_SPARSE`` times the packets the link serves in
    a tick, the tick visits only the sources that may send or act and those
    whose packets leave (``sparse``; not under DRR, which serves every queue).
    """
    t = k * A.P[P_DT]
    cap = _capacity(A, t)
    _activate(A, r, k, t, cap)
    why = _check(A, r, t)
    if why != STOP_END:
        return why
    sparse = A.P[P_DISC] != D_DRR and A.GI[r, GI_NACT] > A.P[P_SPARSE] * cap * A.P[P_DT]
    if sparse and A.GI[r, GI_SPARSE] == 0:  # I_DUE is not kept up to date otherwise
        for a in range(A.GI[r, GI_NACT]):
            A.I[r, I_DUE, A.act[r, a]] = k
    A.GI[r, GI_SPARSE] = sparse
    nt = _listed(A, r, k, sparse)
    arrivals = _rounds_and_send(A, r, k, t, cap, nt, sparse)
    s, last = _sample_now(A, r, k)
    drr = A.P[P_DISC] == D_DRR
    if drr:
        _drr(A, r, t, cap, arrivals)
        nu = nt
    else:
        nu = _fifo(A, r, k, t, s, cap, arrivals, nt, sparse)
    _close_tick(A, r, k, t, s, last, cap, nu, drr)
    return STOP_END


@numba.njit(cache=True, _nrt=False)
def run(A, kpos, kend, why):  # pragma: no cover - compiled
    """Run every replication from tick ``kpos[r]`` to ``kend`` or to its first stop.

    ``kpos[r]`` is left at the tick not yet run; ``why[r]`` tells why it stopped.
    """
    for r in range(kpos.size):
        why[r] = STOP_END
        while kpos[r] < kend:
            w = _tick(A, r, kpos[r])
            if w != STOP_END:
                why[r] = w
                break
            kpos[r] += 1
