"""Index constants of the packet-level kernel that its variants' rules read too.

The kernel (:mod:`._packet`) and the TCP variants' packet rules
(:mod:`aimdmodel.queue.variants`) both index the options ``OP[OP_*]`` and
the senders' state ``R[V_*][flow]`` (arrays of the state tuple ``R``, made
by ``_packet.allocate``; a variant's own arrays are named in its module), and
test the congestion states ``ST_*``: the constants live here, where both
import them. A flow's congestion op is
``FP[FP_RULE, flow]``: TcpLinuxReno, a policy, TcpNewReno, or
``RULE_OWN + code`` for a variant with its own rule (its code in
:data:`~aimdmodel.queue.variants.VARIANTS`).

Examples
--------
>>> NOP, RULE_OWN
(46, 3)
"""

from __future__ import annotations

# -- a flow's congestion op: FP[FP_RULE, j] -----------------------------------------------------
RULE_LINUX_RENO, RULE_POLICY, RULE_NEWRENO = range(3)
RULE_OWN = 3  # a variant with its own rule: RULE_OWN + its code

# -- options: OP[k] ----------------------------------------------------------------------------
OP_RATE, OP_BUF, OP_DISC, OP_MINTH, OP_MAXTH, OP_MAXP, OP_WQ, OP_GENTLE, OP_PR, OP_IW, \
    OP_MINRTO, OP_MAXRTO, OP_INITRTO, OP_DUP, OP_DUR, OP_REC, OP_GRAN, OP_CHECK, OP_VA, OP_VB, \
    OP_VG, OP_VENOB, OP_WWA, OP_CC, OP_CB, OP_CFC, OP_PRR, OP_ASVC, OP_DELAY, OP_MSS, \
    OP_ACKSVC, OP_ACKACC, OP_SYNSVC, OP_SYNACC, OP_SYNRTO, \
    OP_PTC, OP_NFLOW, OP_LDELAY, OP_RA0, OP_RA1, OP_RA2, OP_RA3, OP_RW0, OP_RW1, OP_RW2, \
    OP_RW3 = range(46)
NOP = 46
# OP_LDELAY: the bottleneck's delay; OP_RA0..3, OP_RW0..3: an ACK with 0..3 SACK blocks on an
# access link and on the bottleneck (its transmission time, whole ns)
# OP_PTC: RED's packets per second for its idle decay (ns-3's m_ptc: the link's bit rate over
# 8 MeanPktSize); OP_NFLOW: the TCP flows (the CBR sources' random loss shares one stream)

# -- the senders' per-flow state in the tuple R: R[V_*][flow] -------------------------------------
# the last cumulative ACK, ns-3's tcb minRtt, Tahoe recovery's cwnd, the ACK's TSval and TSecr
# (ms), PRR's prrOut, prrDelivered, RecoverFS, whether the ACK covered a retransmission, and
# the time of the variant's timer (inf: none; Westwood+'s bandwidth estimate), and a policy's
# fraction of a byte of cwnd (PolicyOps' m_frac)
(V_LASTACK, V_MINSRTT, V_TAHOECW, V_RCVTS, V_ECHOMS, V_PRROUT, V_PRRDEL, V_RFS, V_SAFEACK,
 V_DUE, V_FRAC) = range(6, 17)
# the variant's own state: NVV arrays from V_VAR, which each variant module names for itself
# (aimdmodel.queue.variants._base.packet_slots); they start at 0 but where the variant's
# Variant.packet_initial says otherwise
V_VAR = 17
NVV = 7
LP_VALID_OWD, LP_WITHIN_THR, LP_WITHIN_INF = 1, 2, 4  # ns-3 TcpLp's flags
U32 = 0xFFFFFFFF
CUBIC_CNT_CLAMP, CUBIC_DELTA = 20, 0.010  # ns-3 TcpCubic's CntClamp and CubicDelta

# -- congestion states (ns-3's TcpSocketState) -------------------------------------------------
ST_OPEN, ST_DISORDER, ST_RECOVERY, ST_LOSS = 0, 1, 2, 3
