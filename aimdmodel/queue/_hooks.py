"""The variants' rules in the round mode: one dispatch per hook, on the variant's code.

Written by ``python -m aimdmodel.queue.variants`` from the registry
(:data:`aimdmodel.queue.variants.MODULES`); do not edit by hand. A variant that
leaves a hook out runs the hook's default module's function (Reno's rules in the
round mode, TcpNewReno's in the packet-level mode) or the hook's fallback.

Examples
--------
>>> recovery(0), recovery(3)
(0, 3)
"""

from __future__ import annotations

import numba

from .variants import cubic, fack, lp, newreno, reno, vegas, veno, westwood

__all__ = [
    "packet_acked",
    "packet_increase",
    "packet_ssthresh",
    "packet_state",
    "packet_timer",
    "recovery",
    "round_acks",
    "round_detect",
    "round_grow",
    "round_increase",
    "round_observe",
    "round_ssthresh",
    "round_start",
    "round_timeout",
]


@numba.njit(inline="always", _nrt=False)
def recovery(v):  # pragma: no cover - compiled
    """Return the loss recovery of variant ``v`` (``_fields.R_*``)."""
    if v == 0:  # tahoe
        return 0
    if v == 1:  # reno
        return 1
    if v == 2 or v == 5 or v == 6 or v == 7 or v == 8:  # newreno
        return 2
    if v == 3 or v == 4 or v == 9:  # sack
        return 3
    return -1


@numba.njit(inline="always", _nrt=False)
def round_acks(v, F, r, j, rtt, acc):  # pragma: no cover - compiled
    """Take the tick's ``acc`` ACKs of round-trip time ``rtt`` (per-ACK measurements)."""
    if v == 5 or v == 7:  # vegas, veno
        vegas.round_acks(F, r, j, rtt, acc)


@numba.njit(inline="always", _nrt=False)
def round_start(v, F, N, P, r, j):  # pragma: no cover - compiled
    """Reset the per-round measurements: a round starts."""
    if v == 5 or v == 7:  # vegas, veno
        vegas.round_start(F, N, P, r, j)


@numba.njit(inline="always", _nrt=False)
def round_observe(v, F, N, P, r, j, acc):  # pragma: no cover - compiled
    """Take the per-round measurements of a round that ACKed ``acc`` > 0 packets."""
    if v == 5:  # vegas
        vegas.round_observe(F, N, P, r, j, acc)
    elif v == 6:  # westwood
        westwood.round_observe(F, N, P, r, j, acc)
    elif v == 7:  # veno
        veno.round_observe(F, N, P, r, j, acc)
    elif v == 8:  # lp
        lp.round_observe(F, N, P, r, j, acc)


@numba.njit(inline="always", _nrt=False)
def round_grow(v, F, N, P, r, j, t, acked):  # pragma: no cover - compiled
    """Apply the variant's own rule after a round without loss; True if it settled cwnd."""
    if v == 5:  # vegas
        return vegas.round_grow(F, N, P, r, j, t, acked)
    elif v == 8:  # lp
        return lp.round_grow(F, N, P, r, j, t, acked)
    else:
        return False


@numba.njit(inline="always", _nrt=False)
def round_increase(v, F, N, P, r, j, t, acked):  # pragma: no cover - compiled
    """Increase cwnd after a cwnd-limited round of congestion avoidance (no policy)."""
    if v == 7:  # veno
        veno.round_increase(F, N, P, r, j, t, acked)
    elif v == 9:  # cubic
        cubic.round_increase(F, N, P, r, j, t, acked)
    else:
        reno.round_increase(F, N, P, r, j, t, acked)


@numba.njit(inline="always", _nrt=False)
def round_ssthresh(v, F, N, P, r, j, cw, flight):  # pragma: no cover - compiled
    """Return ``(ssthresh, cwnd after the recovery)`` at a loss event (no policy)."""
    if v == 5:  # vegas
        return vegas.round_ssthresh(F, N, P, r, j, cw, flight)
    elif v == 6:  # westwood
        return westwood.round_ssthresh(F, N, P, r, j, cw, flight)
    elif v == 7:  # veno
        return veno.round_ssthresh(F, N, P, r, j, cw, flight)
    elif v == 9:  # cubic
        return cubic.round_ssthresh(F, N, P, r, j, cw, flight)
    else:
        return reno.round_ssthresh(F, N, P, r, j, cw, flight)


@numba.njit(inline="always", _nrt=False)
def round_timeout(v, F, N, P, r, j):  # pragma: no cover - compiled
    """Update the variant's state: the retransmission timer fired."""
    if v == 9:  # cubic
        cubic.round_timeout(F, N, P, r, j)


@numba.njit(inline="always", _nrt=False)
def round_detect(v, F, N, P, r, j, n, p1, dup):  # pragma: no cover - compiled
    """Tell whether losses followed by 1 to DupThresh - 1 dupacks are detected all the same."""
    if v == 4:  # fack
        return fack.round_detect(F, N, P, r, j, n, p1, dup)
    else:
        return False


@numba.njit(_nrt=False)
def packet_acked(v, j, count, t, srtt, cwnd, R):  # pragma: no cover - compiled
    """Run the op's PktsAcked for ``count`` segments, with the smoothed RTT."""
    if v == 5 or v == 7:  # vegas, veno
        vegas.packet_acked(j, count, t, srtt, cwnd, R)
    elif v == 6:  # westwood
        westwood.packet_acked(j, count, t, srtt, cwnd, R)
    elif v == 8:  # lp
        lp.packet_acked(j, count, t, srtt, cwnd, R)
    elif v == 9:  # cubic
        cubic.packet_acked(j, count, t, srtt, cwnd, R)


@numba.njit(_nrt=False)
def packet_increase(v, j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt):  # pragma: no cover
    """Run the op's IncreaseWindow for ``segs`` > 0 newly ACKed segments."""
    if v == 5:  # vegas
        vegas.packet_increase(j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt)
    elif v == 7:  # veno
        veno.packet_increase(j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt)
    elif v == 8:  # lp
        lp.packet_increase(j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt)
    elif v == 9:  # cubic
        cubic.packet_increase(j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt)
    else:
        newreno.packet_increase(j, segs, t, OP, cwnd, ssth, cnt, limited, R, nxt)


@numba.njit(_nrt=False)
def packet_ssthresh(v, j, OP, cwnd, ssth, R, inflight):  # pragma: no cover - compiled
    """Return the op's GetSsThresh (a loss: fast retransmit or timeout)."""
    if v == 5:  # vegas
        return vegas.packet_ssthresh(j, OP, cwnd, ssth, R, inflight)
    elif v == 6:  # westwood
        return westwood.packet_ssthresh(j, OP, cwnd, ssth, R, inflight)
    elif v == 7:  # veno
        return veno.packet_ssthresh(j, OP, cwnd, ssth, R, inflight)
    elif v == 9:  # cubic
        return cubic.packet_ssthresh(j, OP, cwnd, ssth, R, inflight)
    else:
        return newreno.packet_ssthresh(j, OP, cwnd, ssth, R, inflight)


@numba.njit(_nrt=False)
def packet_state(v, j, new, R, nxt):  # pragma: no cover - compiled
    """Run the op's CongestionStateSet: state ``new`` begins."""
    if v == 5:  # vegas
        vegas.packet_state(j, new, R, nxt)
    elif v == 7:  # veno
        veno.packet_state(j, new, R, nxt)
    elif v == 9:  # cubic
        cubic.packet_state(j, new, R, nxt)


@numba.njit(_nrt=False)
def packet_timer(v, j, R, OP):  # pragma: no cover - compiled
    """Run the op's timer: its due time came (Westwood+'s bandwidth estimate)."""
    if v == 6:  # westwood
        westwood.packet_timer(j, R, OP)
