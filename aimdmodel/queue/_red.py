"""RED's rule for one arriving packet, shared by the queue model's two modes (numba).

Floyd & Jacobson 1993 (Sec. 4, Fig. 2; gentle: Floyd 2000), in the form of
ns-3's ``RedQueueDisc::DoEnqueue`` and ``DropEarly`` (ns-3.44,
``src/traffic-control/model/red-queue-disc.cc``), which is the referee of the
model's validation:

- nothing is dropped, early or forced, unless the average is at least
  ``min_th`` and more than one packet waits (``m_qAvg >= m_minTh &&
  nQueued > 1``); otherwise the count since the last drop is reset (-1:
  ns-3's ``m_old = 0``);
- the first packet after the average crosses ``min_th`` is not tested: it
  starts the count at 1;
- between the thresholds (below ``2 max_th`` when gentle) a packet is
  dropped with probability ``p_b / (1 - count p_b)`` (``count p_b >= 1``:
  always; a uniform number is drawn for every such packet, as ns-3 draws
  it); an early drop resets the count to 0;
- above, a forced drop leaves the count as it is (ns-3 does not keep ns-1's
  reset), except that a count of -1 stays -1;
- after an idle period the average decays as if ``m`` packets had arrived
  at an empty queue, ``m`` the whole number of packets the link could have
  sent (ns-3's ``uint32_t m``);
- the probabilities and the average are computed in ns-3's terms
  (:func:`decide`, :func:`estimate`), so that with ns-3's random numbers
  (:mod:`aimdmodel.queue._mrg`) the packet-level mode drops what ns-3 drops.

Each mode supplies the queue a packet sees: the packet-level mode the
packets waiting in the queue disc, the round mode the FIFO interpolated
over its tick (:func:`aimdmodel.queue._network._red_drops`).
"""

from __future__ import annotations

import numba

from .._numba_cache import install

install()  # before the first cache=True function: stamps cover the folder

__all__ = ["decide", "estimate"]


@numba.njit(inline="always", _nrt=False)
def estimate(avg: float, wq: float, m: int, q: float) -> float:  # pragma: no cover - compiled
    """Return RED's average after a packet that finds ``q`` waiting (ns-3's ``Estimator``).

    ``m``: the whole packet times the link idled before it (0: it was busy),
    ``avg (1 - w_q)^(m + 1) + w_q q``, the power taken as ns-3 takes it (``std::pow``
    on doubles; with ``m = 0`` the factor is ``1 - w_q`` itself).

    Examples
    --------
    >>> estimate(10.0, 0.5, 0, 4.0), estimate(10.0, 0.5, 1, 4.0)
    (7.0, 4.5)
    """
    if m == 0:
        return avg * (1.0 - wq) + wq * q
    return avg * (1.0 - wq) ** float(m + 1) + wq * q


@numba.njit(inline="always", _nrt=False)
def decide(avg, q, count, lo, hi, top, maxp, draw, rng, r):  # pragma: no cover - compiled
    """Return whether RED drops the arriving packet, and the new count since the last drop.

    Parameters
    ----------
    avg : float
        The average queue, updated with this packet (:func:`estimate`).
    q : float
        The packets waiting that the guard ``q > 1`` looks at.
    count : int
        Packets since the last drop (-1: the average was below ``min_th``).
    lo, hi, top : float
        ``min_th``, ``max_th``, and where forced drops begin (``max_th``, or
        ``2 max_th`` when gentle).
    maxp : float
        ``max_p`` (ns-3 keeps ``1 / (1 / max_p)``: its ``LInterm``).
    draw, rng, r
        ``draw(rng, r)`` returns a uniform number in [0, 1), drawn only for a
        packet tested between the thresholds, and for each of them, also when
        ``count p_b >= 1`` drops it anyway (ns-3's ``DropEarly`` draws before
        it compares, so its stream moves on): the round mode's stream
        (:func:`aimdmodel.queue._random.uniform`) or ns-3's
        (:func:`aimdmodel.queue._mrg.u01`).

    Returns
    -------
    tuple of (bool, int)

    Notes
    -----
    The probability is computed in ns-3's terms (``CalculatePNew``, ``ModifyP``):
    ``p_b = (v_a avg + v_b) max_p`` with ``v_a = 1 / (max_th - min_th)``,
    ``v_b = -min_th / (max_th - min_th)``; gentle, above ``max_th``: ``v_c avg
    + v_d`` with ``v_c = (1 - max_p) / max_th``, ``v_d = 2 max_p - 1``;
    ``p_a = p_b / (1 - count p_b)``, 1 when ``count p_b >= 1``; dropped when
    ``u <= p_a``.

    Examples
    --------
    >>> import numpy as np
    >>> from aimdmodel.queue._random import uniform
    >>> rng = np.array([1], dtype=np.uint64)
    >>> decide(12.0, 5, -1, 10.0, 30.0, 30.0, 0.1, uniform, rng, 0)  # the first crossing
    (False, 1)
    >>> decide(31.0, 5, 7, 10.0, 30.0, 30.0, 0.1, uniform, rng, 0)  # forced: the count stays
    (True, 8)
    >>> decide(12.0, 1, 7, 10.0, 30.0, 30.0, 0.1, uniform, rng, 0)  # one packet waits
    (False, -1)
    >>> int(rng[0])  # none of these drew a number
    1
    """
    if avg >= lo and q > 1:
        if avg >= top:
            return True, count + 1 if count >= 0 else count
        if count < 0:
            return False, 1
        count += 1
        cur = 1.0 / (1.0 / maxp)
        diff = hi - lo
        if avg < hi:
            pb = ((1.0 / diff) * avg + (-lo / diff)) * cur
        else:
            pb = ((1.0 - cur) / hi) * avg + (2.0 * cur - 1.0)
        pb = min(pb, 1.0)
        cpb = count * pb
        u = draw(rng, r)  # drawn whatever the probability, as ns-3's DropEarly
        if cpb >= 1.0 or u <= pb / (1.0 - cpb):
            return True, 0
        return False, count
    return False, -1
