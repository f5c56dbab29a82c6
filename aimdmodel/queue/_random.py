"""A counter-based random stream per replication, compiled (numba).

Every replication owns one 64-bit state (splitmix64, Steele, Lea & Flood
2014), so a replication's draws do not depend on the order or the threads
the replications run in: the same seed gives the same run. The draws the
model needs: uniforms, binomial counts (geometric skips, O(np + 1)), and
choosing which of a tick's arriving packets a discipline drops.
"""

from __future__ import annotations

import math

import numba
import numpy as np

from .._numba_cache import install

install()  # before the first cache=True function: stamps cover the folder

__all__ = ["binomial", "uniform"]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S11 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(11)


@numba.njit(cache=True, _nrt=False)
def uniform(rng: np.ndarray, r: int) -> float:  # pragma: no cover - compiled
    """Draw a uniform number in (0, 1) from stream ``r``; advance it.

    Examples
    --------
    >>> rng = np.array([1, 1], dtype=np.uint64)
    >>> a, b = uniform(rng, 0), uniform(rng, 1)
    >>> a == b, 0 < a < 1
    (True, True)
    """
    z = rng[r] + _GOLDEN
    rng[r] = z
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    z = z ^ (z >> _S31)
    return (float(z >> _S11) + 0.5) * (1.0 / 9007199254740992.0)


@numba.njit(cache=True, _nrt=False)
def binomial(rng: np.ndarray, r: int, n: int, p: float) -> int:  # pragma: no cover - compiled
    """Draw the number of successes of ``n`` independent trials of probability ``p``.

    The gaps between successes are geometric: ``floor(log U / log(1 - p))``
    failures before each success.

    Examples
    --------
    >>> rng = np.array([7], dtype=np.uint64)
    >>> draws = [binomial(rng, 0, 100, 0.2) for _ in range(2000)]
    >>> abs(sum(draws) / 2000 - 20) < 1
    True
    """
    if n <= 0 or p <= 0.0:
        return 0
    if p >= 1.0:
        return n
    lq = math.log1p(-p)
    k = 0
    i = -1
    while True:
        i += 1 + int(math.log(uniform(rng, r)) / lq)
        if i >= n:
            return k
        k += 1
