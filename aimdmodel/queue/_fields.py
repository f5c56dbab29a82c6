"""Index constants of the queue model's state arrays (one place, shared by Python and numba).

The compiled loops keep the state of every source (TCP flow or CBR source)
of every replication in a few arrays with the fields on the middle axis:
``F[r, f, j]`` (floats: the static description ``S_*``, the state ``F_*``,
the policy's candidate windows ``W_*`` and a linear rule's coefficients
``C_*``), ``I[r, I_*, j]`` (integer state), ``G[r, G_*]`` / ``GI[r, GI_*]``
(per replication), ``P[P_*]`` (options). A TCP variant's own state is in
the ``NFV`` float slots from ``F_VAR`` and the ``NIV`` integer slots from
``I_VAR``, which each variant module names for itself
(:func:`aimdmodel.queue.variants._base.float_slots`). numba reads module-level integers
as compile-time constants. The per-flow functions take ``(F, I, P)`` rather
than the whole :data:`Arrays` tuple: a call passes every array of its
arguments field by field, and the tuple has many.

Every compiled function of the model is compiled with ``_nrt=False``
(numba's reference counting off): they allocate nothing, and with it on
numba wraps each array read from the tuple and each array passed to an
inlined helper in atomic increments and decrements, which took half of
the time of the loop (1000 flows: 88 -> 46 ns per flow and tick).
"""

from __future__ import annotations

from collections import namedtuple

# -- static description of each source: F[r, S_*, j] ----------------------------------
S_BASE, S_START, S_STOP, S_SIZE, S_RWND, S_RATE, S_KIND, S_VAR, S_POL = range(9)
NS = 9
KIND_TCP, KIND_CBR = 0, 1

# -- loss recoveries (the order of aimdmodel.queue.variants.RECOVERIES) ------------------
R_TAHOE, R_RENO, R_NEWRENO, R_SACK = range(4)

# -- sender modes -----------------------------------------------------------------------
M_OPEN, M_REC, M_WAIT = 0, 1, 2
# source life: not started, active, done (finished or stopped)
L_NEW, L_ACTIVE, L_DONE = 0, 1, 2

# -- float state F[r, f, j]: after the static fields, in the same array -------------------
(F_CWND, F_SSTH, F_T0, F_RLEN, F_RWIN, F_CARRY, F_DSUM, F_DMIN, F_DMAX, F_SRTT, F_RTTVAR,
 F_RTO, F_RTTMIN, F_LASTRTT, F_RESUME, F_DEADLINE, F_CWAFTER, F_PWIN, F_REINITW,
 F_FINISH, F_CBRCUM, F_TDELAY, F_RMIN, F_PREVW, F_GROWF, F_XCUM, F_TLOSS1, F_TDET, F_DEP0,
 F_DEP1, F_SPAN) = range(NS, NS + 31)
# the variant's own float state: NFV slots that each variant names for itself
# (aimdmodel.queue.variants: a flow runs one variant, so the variants share the slots)
F_VAR = NS + 31
NFV = 6
# the policy's candidate windows (increase, decrease, two decreases) and a linear rule's
# verified coefficients (a_i, b_i, a_d, b_d, floor)
W_INC, W_DEC, W_DEC2 = range(F_VAR + NFV, F_VAR + NFV + 3)
C_AI, C_BI, C_AD, C_BD, C_FL = range(F_VAR + NFV + 3, F_VAR + NFV + 8)
NF = F_VAR + NFV + 8

# -- integer state I[r, f, j] -----------------------------------------------------------
(I_MODE, I_HOLES, I_PHOLES, I_RRETX, I_RSENT, I_RLOST, I_RLRETX, I_RP1, I_RP2, I_RLASTOK,
 I_RACC, I_CWLIM, I_NEXTNEW, I_SENT, I_DELIV, I_LOST, I_QUEUED, I_TAKEN, I_SYNCED, I_REINIT,
 I_BACKOFF, I_NTO, I_NFR, I_LIFE, I_ARR, I_TLOSS, I_TDROP, I_TACC, I_TDEP, I_CBREMIT,
 I_HASRTT, I_NRETX, I_LEFT, I_RLTAIL, I_XEMIT, I_TEXTRA, I_DEFER, I_DN, I_DL,
 I_DTWICE) = range(40)
# the variant's own integer state (as F_VAR)
I_VAR = 40
NIV = 2
# a test flow's accepted packets over the run, and its totals (sent, lost, delivered,
# accepted) when its current sample began: the sample's counts are the differences
I_ACCTOT, I_S0SENT, I_S0LOST, I_S0DELIV, I_S0ACC = range(I_VAR + NIV, I_VAR + NIV + 5)
# the tick loop's schedule (aimdmodel.queue._network): the first tick at which the
# source may send or end a round (never earlier than that), the tick (plus one) in
# which it was last listed as touched, and the tick it was activated in
I_DUE, I_MARK, I_BORN = range(I_VAR + NIV + 5, I_VAR + NIV + 8)
NI = I_VAR + NIV + 8

# -- per replication --------------------------------------------------------------------
G_AVG, G_CREDIT, G_IDLE = range(3)
NG = 3
GI_Q, GI_HEAD, GI_TAIL, GI_NACT, GI_NEXT, GI_PTR, GI_COUNT, GI_NB, GI_SPARSE = range(9)
# the recorded sample of the current tick and the first tick of the next sample
GI_SAMPLE, GI_SNEXT = range(9, 11)
NGI = 11

# -- options P[f] -----------------------------------------------------------------------
(P_DT, P_BUF, P_DISC, P_MINTH, P_MAXTH, P_MAXP, P_WQ, P_GENTLE, P_PR, P_IW, P_MINRTO,
 P_MAXRTO, P_INITRTO, P_DUP, P_VA, P_VB, P_VG, P_VENOB, P_LPD, P_LPINF, P_CC, P_CB, P_CFC,
 P_WWA, P_BURST, P_RATEDT, P_RECEVERY, P_NTEST, P_LINEAR, P_NTICKS, P_SPARSE) = range(31)
NP = 31
D_DROPTAIL, D_RED, D_DRR = 0, 1, 2

# -- recorded series ----------------------------------------------------------------------
REC_CWND, REC_SENT, REC_DELIV, REC_LOST, REC_RTTSUM, REC_ACC, REC_QUEUED = range(7)
NREC = 7
AGG_QUEUE, AGG_TICKS, AGG_XSENT, AGG_XDELIV, AGG_XLOST, AGG_CAP = range(6)
NAGG = 6

# -- why a replication stopped ------------------------------------------------------------
STOP_END, STOP_POLICY, STOP_REINIT = 0, 1, 2

Arrays = namedtuple(
    "Arrays",
    "F I G GI P rate ring_s ring_c act order rng rec agg busy",
)
"""Every array of a run, as one argument of the compiled loops.

``busy[r]`` is the tick loop's scratch list of the sources a tick touches.
"""
