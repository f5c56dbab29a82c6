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
  always); an early drop resets the count to 0;
- above, a forced drop leaves the count as it is (ns-3 does not keep ns-1's
  reset), except that a count of -1 stays -1;
- after an idle period the average decays as if ``m`` packets had arrived
  at an empty queue, ``m`` the whole number of packets the link could have
  sent (ns-3's ``uint32_t m``).

Each mode supplies the queue a packet sees: the packet-level mode the
packets waiting in the queue disc, the round mode the FIFO interpolated
over its tick (:func:`aimdmodel.queue._network._red_drops`).
"""

from __future__ import annotations

import math

import numba

from .._numba_cache import install
from ._random import uniform

install()  # before the first cache=True function: stamps cover the folder

__all__ = ["decayed", "decide"]


@numba.njit(inline="always", _nrt=False)
def decayed(avg: float, wq: float, slots: float) -> float:  # pragma: no cover - compiled
    """Return RED's average after an idle period of ``slots`` packet times (whole ones count).

    Examples
    --------
    >>> round(decayed(10.0, 0.5, 2.7), 6)  # two whole packet times: 10 * 0.5 ** 2
    2.5
    """
    return avg * (1.0 - wq) ** math.floor(slots)


@numba.njit(inline="always", _nrt=False)
def decide(avg, q, count, lo, hi, top, maxp, rng, r):  # pragma: no cover - compiled
    """Return whether RED drops the arriving packet, and the new count since the last drop.

    Parameters
    ----------
    avg : float
        The average queue, updated with this packet.
    q : float
        The packets waiting that the guard ``q > 1`` looks at.
    count : int
        Packets since the last drop (-1: the average was below ``min_th``).
    lo, hi, top : float
        ``min_th``, ``max_th``, and where forced drops begin (``max_th``, or
        ``2 max_th`` when gentle).
    maxp : float
        ``max_p``.
    rng : numpy.ndarray
        The random streams (:func:`aimdmodel.queue._random.uniform`); ``r``
        the stream drawn from, only for a packet tested between the thresholds.

    Returns
    -------
    tuple of (bool, int)

    Examples
    --------
    >>> import numpy as np
    >>> rng = np.array([1], dtype=np.uint64)
    >>> decide(12.0, 5, -1, 10.0, 30.0, 30.0, 0.1, rng, 0)  # the first crossing
    (False, 1)
    >>> decide(31.0, 5, 7, 10.0, 30.0, 30.0, 0.1, rng, 0)  # forced: the count stays
    (True, 8)
    >>> decide(12.0, 1, 7, 10.0, 30.0, 30.0, 0.1, rng, 0)  # one packet waits: no drop
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
        pb = maxp * (avg - lo) / (hi - lo) if avg < hi else maxp + (1 - maxp) * (avg - hi) / hi
        cpb = count * pb
        if cpb >= 1.0 or uniform(rng, r) <= pb / (1.0 - cpb):
            return True, 0
        return False, count
    return False, -1
