"""ns-3's random numbers: MRG32k3a streams as ns-3's ``RngStream`` makes and draws them.

The packet-level mode draws its random numbers (RED's early drops, random
loss) from the streams that ns-3 gives the same objects in the bridge's
dumbbell (:mod:`aimdmodel.ns3`), so that a run of the mode and the ns-3 run
with the same run number see the same numbers in the same order:

- the generator is L'Ecuyer's MRG32k3a (L'Ecuyer 1999; L'Ecuyer, Simard,
  Chen & Kelton 2002), ``RngStream::RandU01`` of ns-3.44
  (``src/core/model/rng-stream.cc``), computed in doubles as there;
- a stream starts from ``seed`` in all six components, advanced by
  ``stream x 2^127`` and then by ``run x 2^76`` steps (``RngStream``'s
  constructor, ``AdvanceNthBy``), with exact integer matrix powers here;
- a random variable given a stream number ``n >= 0`` (``SetStream``,
  ``AssignStreams``) uses stream ``2^63 + n``; ns-3's seed is
  ``RngSeedManager::SetSeed`` (the bridge: 1), the run ``SetRun``.

The bridge gives RED's variable stream 50 and the random loss of flow ``i``
(the error model on its access link at the router) stream ``100 + i``
(:data:`RED_STREAM`, :data:`LOSS_STREAM`). ``UniformRandomVariable`` on
``[0, 1)`` returns ``RandU01`` itself.
"""

from __future__ import annotations

import functools

import numba
import numpy as np

from .._numba_cache import install

install()  # before the first cache=True function: stamps cover the folder

__all__ = ["LOSS_STREAM", "NS3_SEED", "RED_STREAM", "first_run", "stream_state", "u01"]

NS3_SEED = 1
"""The seed the bridge gives ns-3 (``RngSeedManager::SetSeed(1)``); runs differ by run number."""
RED_STREAM = 50
"""The stream the bridge assigns RED's uniform variable (``RedQueueDisc::AssignStreams(50)``)."""
LOSS_STREAM = 100
"""The stream of flow 0's random loss; flow ``i`` has ``LOSS_STREAM + i``."""

_M1, _M2 = 4294967087, 4294944443
_A1 = ((0, 1, 0), (0, 0, 1), (-810728, 1403580, 0))
_A2 = ((0, 1, 0), (0, 0, 1), (-1370589, 0, 527612))
M1, M2 = float(_M1), float(_M2)
NORM = 1.0 / (M1 + 1.0)


def _mat_mul(a: tuple, b: tuple, m: int) -> tuple:
    return tuple(tuple(sum(a[i][k] * b[k][j] for k in range(3)) % m for j in range(3))
                 for i in range(3))


@functools.lru_cache(maxsize=512)
def _two_pow(which: int, e: int) -> tuple:
    """Return ``A^(2^e) mod m`` of component ``which`` (ns-3's precalculated powers)."""
    a, m = (_A1, _M1) if which == 1 else (_A2, _M2)
    if e == 0:
        return tuple(tuple(x % m for x in row) for row in a)
    half = _two_pow(which, e - 1)
    return _mat_mul(half, half, m)


def _advance(state: list, nth: int, by: int) -> None:
    """ns-3's ``AdvanceNthBy``: advance ``state`` by ``nth x 2^by`` steps."""
    for nbit in range(63, -1, -1):
        if (nth >> nbit) & 1:
            for which, lo, m in ((1, 0, _M1), (2, 3, _M2)):
                a = _two_pow(which, by + nbit)
                s = state[lo:lo + 3]
                state[lo:lo + 3] = [sum(a[i][k] * s[k] for k in range(3)) % m
                                    for i in range(3)]


def first_run(seed: int | None, replications: int, run: int | None = None) -> int:
    """Return ns-3's run number of a scenario's first replication (replication r: first + r).

    Parameters
    ----------
    seed : int or None
        The scenario's seed: the run number when ``run`` is not given (None: a
        random one in [0, 2**31)).
    replications : int
        How many runs follow.
    run : int, optional
        A run number given explicitly (``aimdmodel.ns3.Ns3Options.run``).

    Returns
    -------
    int

    Raises
    ------
    ValueError
        The last run number above 2**63 - 1.

    Examples
    --------
    >>> first_run(7, 3), first_run(7, 3, run=100)
    (7, 100)
    """
    if run is not None:
        first = int(run)
    elif seed is not None:
        first = int(seed)
    else:
        first = int(np.random.SeedSequence().generate_state(1)[0] % 2**31)
    if first + replications - 1 > 2**63 - 1:
        raise ValueError(f"the run number (options.run or scenario.seed) plus replications "
                         f"must stay <= 2**63 - 1, got {first} and {replications} replications")
    return first


def stream_state(stream: int, run: int, seed: int = NS3_SEED) -> np.ndarray:
    """Return the six-component state of ns-3's random variable on ``stream`` in ``run``.

    Parameters
    ----------
    stream : int
        The stream number a variable was given (``SetStream(stream)``, ``>= 0``).
    run : int
        ns-3's run number (``RngSeedManager::SetRun``), ``0 <= run < 2**64``.
    seed : int
        ns-3's seed (``RngSeedManager::SetSeed``), ``1 <= seed < 4294944443``.

    Returns
    -------
    numpy.ndarray
        Shape (6,), float64, for :func:`u01`.

    Raises
    ------
    ValueError
        A stream, run or seed out of range.

    Examples
    --------
    >>> s = stream_state(50, 1).reshape(1, 6)
    >>> u = u01(s, 0)
    >>> 0.0 < u < 1.0
    True
    """
    if not 1 <= seed < _M2:
        raise ValueError(f"seed must be in [1, {_M2}), got {seed!r}")
    if not 0 <= stream < 2**63:
        raise ValueError(f"stream must be in [0, 2**63), got {stream!r}")
    if not 0 <= run < 2**64:
        raise ValueError(f"run must be in [0, 2**64), got {run!r}")
    state = [int(seed)] * 6
    _advance(state, 2**63 + int(stream), 127)
    _advance(state, int(run), 76)
    return np.array(state, dtype=np.float64)


@numba.njit(inline="always", _nrt=False)
def _component(S, i, lo, up, a, b, m):  # pragma: no cover - compiled
    """Step one MRG32k3a component, ``S[i, lo:lo + 3]``: ``a S[i, up] - b S[i, lo]`` mod ``m``.

    In doubles as ns-3's ``RandU01`` (the products are exact below 2^53); the
    new value goes last. Returns it.
    """
    p = a * S[i, up] - b * S[i, lo]
    k = int(p / m)  # int32_t in ns-3: |p / m| < 2^21
    p -= k * m
    if p < 0.0:
        p += m
    S[i, lo] = S[i, lo + 1]
    S[i, lo + 1] = S[i, lo + 2]
    S[i, lo + 2] = p
    return p


@numba.njit(inline="always", _nrt=False)
def u01(S, i):  # pragma: no cover - compiled
    """Draw from stream row ``i`` of ``S`` (shape (k, 6)): ns-3's ``RandU01``, in doubles.

    Examples
    --------
    >>> S = np.stack([stream_state(50, 3), stream_state(50, 3)])
    >>> u01(S, 0) == u01(S, 1)
    True
    """
    p1 = _component(S, i, 0, 1, 1403580.0, 810728.0, M1)
    p2 = _component(S, i, 3, 5, 527612.0, 1370589.0, M2)
    return (p1 - p2) * NORM if p1 > p2 else (p1 - p2 + M1) * NORM
