"""Thirteen bandwidth environments, as capacity traces of the synchronous model.

Reddy, Sireesha & Kumar ("The general comparison between AIMD and AIAD",
Sec. 3.1 and its Table 2) compare congestion controls across a set
``E`` of environments, each a variation in time of the *per-flow available
bandwidth* ``B_t``: constant (CL, CH), square waves (SQL, SQH), random walks
(RWL, RWH, RWA, RWM), independent random draws (RDL, RDH) and realistic cross
traffic (RCL, RCH, RSQ). :data:`ENVIRONMENTS` records all thirteen with their
parameters as printed; :func:`capacity_trace` turns environments 1-10 into
the capacity ``W_t`` (packets per RTT) of the synchronous model, one value
per step (one RTT)::

    W_t = B_t * rtt / (8 * packet_size)

What this leaves out, or had to decide (the paper does not say):

- **Time.** ``B_t`` is constant within an RTT and changes only at step
  boundaries. The square waves switch every 5 s as printed; how often the
  random environments draw a new ``B_t`` is not printed, and is the
  ``interval`` argument (default :data:`DEFAULT_INTERVAL`, 1 s). Both are
  rounded to whole RTTs (:func:`seconds_to_steps`), at least one.
- **The link.** "In all the cases 1 through 10 ..., whenever ``B_t`` exceeds
  the capacity of the link, C, we set it to C" (line 140): the walk's state
  itself is set to C, so the next draw starts from C. The paper never gives
  C; the default :data:`DEFAULT_LINK_RATE` is 10 Mbps, the largest bandwidth
  Table 2 prints, which leaves every constant, square and RD environment
  unchanged (RWH then starts at the cap).
- **Below zero.** RWL/RWH draw from ``[B_t - Delta, B_t + Delta]``, which
  can be negative; the paper says nothing, and a negative available
  bandwidth has no meaning: the state is set to 0, as it is set to C above.
- **RWA's Delta.** Table 2 prints ``Delta = 0.25 B_0``, the text (line
  136) a bare ``Delta = 0.25``. Read in Mbps, the unit of every other
  number in that paragraph, both are 0.25 Mbps since ``B_0`` = 1 Mbps: one
  reading, hence no switch between readings. (A bare 0.25 bit/s would make
  RWA hover around 0.25 bit/s, i.e. at zero; it is not offered.)
- **Square waves.** Each level lasts 5 s (a full period is 10 s), and the
  wave starts at 10 Mbps, the first value of Table 2's "10Mbps→5Mbps→10Mbps"
  (the text's "between 5Mbps and 10Mbps" gives no order).
- **Zero capacity.** RDL, RDH, RWA and RWM (and RWL/RWH after the clip) can
  reach 0, where every step of the synchronous model is congested. The trace
  is floored at ``min_capacity`` packets per RTT (default 1), after the
  conversion and for every environment, constant ones included. The floor is
  applied to the output only: the walk underneath evolves as printed.
- **Per flow.** Table 2 describes the *per-flow* available bandwidth. The
  trace is that quantity; for ``n`` flows sharing it, multiply by ``n``
  (the clip at C stays per flow, as printed).
- **The test bed.** The NS-2 realization (a CBR source or a varying number
  of CBR sources consuming ``B - B_a``, slightly randomized RTTs, Figure 3)
  is not modelled: the available bandwidth is taken as exact, with one fixed
  RTT and no queueing delay.
- **Cross traffic.** Environments 11-13 (RCL, RCH, RSQ) are Pareto-length
  TCP flows with Poisson arrivals; their effect on the available bandwidth
  depends on the queue and the test flows, so they belong to the queue
  model. They are listed here; :func:`capacity_trace` refuses them rather
  than approximate them.

Two properties of the printed processes worth knowing: RWM drifts to zero
(``log(B_{t+1}/B_t) = log(mu) + log(U)`` has mean ``log(5/3) - 1 = -0.49``
per draw, so ``B_t -> 0`` almost surely and its trace soon sits at
``min_capacity``), and RWA hovers around ``Delta`` (its stationary mean
solves ``m = (m + Delta)/2``).

Examples
--------
>>> ENVIRONMENTS["SQH"].levels
(10000000.0, 1000000.0)
>>> capacity_trace("CH", steps=3, rtt=0.1)  # 10 Mbps * 0.1 s / (8 * 1500 bit)
array([83.33333333, 83.33333333, 83.33333333])
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import numpy as np

from ._arith import is_number
from ._validate import check_count, check_positive_number, fmt_value
from .engines.guards import Limits
from .scenario import bdp_packets

__all__ = [
    "DEFAULT_INTERVAL",
    "DEFAULT_LINK_RATE",
    "ENVIRONMENTS",
    "KINDS",
    "Environment",
    "capacity_trace",
    "get_environment",
    "packets_per_rtt",
    "seconds_to_steps",
    "square_wave",
]

MBPS = 1e6
"""One megabit per second, in bit/s."""

DEFAULT_LINK_RATE = 10 * MBPS
"""Default link capacity C in bit/s: 10 Mbps, Table 2's largest bandwidth (C is not printed)."""

DEFAULT_INTERVAL = 1.0
"""Default time, in seconds, between two draws of the random environments (not printed)."""

KINDS = ("constant", "square", "random walk", "random", "cross traffic")
"""The kinds of environment, in the order of Table 2."""


@dataclass(frozen=True)
class Environment:
    """One environment of Reddy et al.'s Table 2, with its parameters as printed.

    Bandwidths are in bit/s, times in seconds. Fields that do not apply to
    the environment's kind are None.

    Attributes
    ----------
    number : int
        Its row in Table 2, 1-13.
    short : str
        Its abbreviation (``"CL"``, ``"SQH"``, ``"RWA"``, ...).
    name : str
        Its long name, lower case as in the text (``"cons-low"``, ...).
    kind : str
        One of :data:`KINDS`.
    printed : str
        The Table 2 row, as printed.
    rule : str
        How ``B_t`` is chosen, as the text states it.
    source : str
        Where the paper states it (lines of the paper's text file).
    b0 : float or None
        ``B_0``: the constant value, the walk's start or the random draws'
        upper bound.
    levels : tuple of float or None
        The square wave's levels, in the printed order (first one first).
    delta : float or None
        The walk's ``Delta``.
    mu : float or None
        The multiplicative walk's ``mu``.
    interval : float or None
        Printed time between changes (the square waves, RSQ's mean); None
        where the paper does not say.
    mean_interarrival : tuple of float or None
        The cross traffic's mean Poisson inter-arrival times (RSQ alternates
        between the two).

    Examples
    --------
    >>> env = ENVIRONMENTS["RWA"]
    >>> env.number, env.kind, env.delta / env.b0
    (9, 'random walk', 0.25)
    """

    number: int
    short: str
    name: str
    kind: str
    printed: str
    rule: str
    source: str
    b0: float | None = None
    levels: tuple[float, ...] | None = None
    delta: float | None = None
    mu: float | None = None
    interval: float | None = None
    mean_interarrival: tuple[float, ...] | None = None


def _registry() -> dict[str, Environment]:
    m = MBPS
    sym = "B_{t+1} uniform in [B_t - Delta, B_t + Delta], Delta = 0.5 B_0"
    rd = "B_t uniform in [0, B_0], independently"
    envs = [
        Environment(1, "CL", "cons-low", "constant", "Constant at 1 Mbps",
                    "B_t = B_0", "Table 2 line 109; Sec. 3.1 line 131", b0=1 * m),
        Environment(2, "CH", "cons-high", "constant", "Constant at 10 Mbps",
                    "B_t = B_0", "Table 2 line 110; Sec. 3.1 line 131", b0=10 * m),
        Environment(3, "SQL", "sq-low", "square",
                    "10Mbps→5Mbps→10Mbps....., at regular intervals (5s)",
                    "square wave between 5 and 10 Mbps, a change every 5 s",
                    "Table 2 line 111; Sec. 3.1 line 132", levels=(10 * m, 5 * m),
                    interval=5.0),
        Environment(4, "SQH", "sq-high", "square",
                    "10Mbps→1Mbps→10Mbps....., at regular intervals (5s)",
                    "square wave between 1 and 10 Mbps, a change every 5 s",
                    "Table 2 line 112; Sec. 3.1 line 132", levels=(10 * m, 1 * m),
                    interval=5.0),
        Environment(5, "RWL", "rw-low", "random walk",
                    "Bt+1 ∈ [Bt-Δ, Bt+Δ], B_0 = 1Mbps, Δ = 0.5B_0", sym,
                    "Table 2 lines 113-115; Sec. 3.1 line 133", b0=1 * m, delta=0.5 * m),
        Environment(6, "RWH", "rw-high", "random walk",
                    "same as above except that B_0 = 10Mbps", sym,
                    "Table 2 line 116; Sec. 3.1 line 133", b0=10 * m, delta=5 * m),
        Environment(7, "RDL", "rd-low", "random", "B_t ∈ [0, B_0], B_0 = 1Mbps", rd,
                    "Table 2 line 117; Sec. 3.1 line 135", b0=1 * m),
        Environment(8, "RDH", "rd-high", "random", "B_t ∈ [0, B_0], B_0 = 10Mbps", rd,
                    "Table 2 line 118; Sec. 3.1 line 135", b0=10 * m),
        Environment(9, "RWA", "rw-additive", "random walk",
                    "B_{t+1} ∈ [0, B_t + Δ], B_0 = 1Mbps, Δ = 0.25B_0",
                    "B_{t+1} uniform in [0, B_t + Delta]; text: Delta = 0.25 (no unit), "
                    "Table 2: 0.25 B_0 (the same 0.25 Mbps)",
                    "Table 2 line 119; Sec. 3.1 line 136", b0=1 * m, delta=0.25 * m),
        Environment(10, "RWM", "rw-multiplicative", "random walk",
                    "B_{t+1} ∈ [0, μB_t], B_0 = 1Mbps, μ = 5/3",
                    "B_{t+1} uniform in [0, mu B_t]",
                    "Table 2 line 120; Sec. 3.1 line 137", b0=1 * m, mu=5 / 3),
        Environment(11, "RCL", "real-cons-low", "cross traffic",
                    "Pareto length flows arrive with Poisson inter-arrival times",
                    "cross traffic: Pareto-length flows, Poisson arrivals, mean 0.03 s",
                    "Table 2 line 121; Sec. 3.1 line 138; Sec. 3.3 lines 165-171",
                    mean_interarrival=(0.03,)),
        Environment(12, "RCH", "real-cons-high", "cross traffic",
                    "Same as in real-cons-low, except that the mean inter-arrival time "
                    "is very low",
                    "cross traffic: Pareto-length flows, Poisson arrivals, mean 0.01 s",
                    "Table 2 line 122; Sec. 3.1 line 138; Sec. 3.3 lines 165-171",
                    mean_interarrival=(0.01,)),
        Environment(13, "RSQ", "real-sq", "cross traffic",
                    "Mean inter-arrival time varies in a square manner",
                    "cross traffic whose mean inter-arrival time alternates between "
                    "0.03 s and 0.01 s every 5 s",
                    "Table 2 line 123; Sec. 3.1 line 138; Sec. 3.3 lines 165-171",
                    interval=5.0, mean_interarrival=(0.03, 0.01)),
    ]
    return {e.short: e for e in envs}


ENVIRONMENTS: Mapping[str, Environment] = MappingProxyType(_registry())
"""Reddy et al.'s environments by short name (``"CL"`` ... ``"RSQ"``), in Table 2's order."""


def _valid_names() -> str:
    return ", ".join(f"{e.number} {e.short} ({e.name})" for e in ENVIRONMENTS.values())


def get_environment(name: str | int) -> Environment:
    """Look an environment up by short name, long name or number (case-insensitive).

    Parameters
    ----------
    name : str or int
        ``"SQH"``, ``"sq-high"``, ``4`` or ``"4"`` all name environment 4.

    Returns
    -------
    Environment

    Raises
    ------
    TypeError
        If ``name`` is neither a string nor an int.
    ValueError
        If no environment has that name; the message lists the valid ones.

    Examples
    --------
    >>> get_environment("rw-additive").short, get_environment(4).short
    ('RWA', 'SQH')
    """
    if isinstance(name, (bool, np.bool_)) or not isinstance(name, (str, numbers.Integral)):
        raise TypeError(f"name must be a str or an int (1-13), got {name!r}")
    key = str(int(name)) if isinstance(name, numbers.Integral) else name.strip()
    for env in ENVIRONMENTS.values():
        if key.upper() == env.short or key.lower() == env.name or key == str(env.number):
            return env
    raise ValueError(f"name must be one of {_valid_names()}; got {name!r}")


def packets_per_rtt(bits_per_second: Any, *, rtt: float, packet_size: float = 1500) -> Any:
    """Convert a bandwidth in bit/s into packets per RTT: ``B * rtt / (8 * packet_size)``.

    Parameters
    ----------
    bits_per_second : float or array
        The bandwidth ``B``.
    rtt : float
        The round-trip time in seconds, ``> 0``.
    packet_size : float
        The packet size in bytes, ``> 0`` (default 1500).

    Returns
    -------
    float or array

    Examples
    --------
    >>> packets_per_rtt(10e6, rtt=0.1)  # 1e6 bit per RTT / 12000 bit per packet
    83.33333333333333
    """
    check_positive_number("rtt", rtt)
    check_positive_number("packet_size", packet_size)
    rate = np.asarray(bits_per_second)
    if rate.dtype.kind not in "iufO" or not all(is_number(v) for v in rate.ravel()):
        raise TypeError(f"bits_per_second must be a real number or an array of them, got "
                        f"{bits_per_second!r}")
    if not all(v >= 0 and math.isfinite(v) for v in rate.ravel().tolist()):
        raise ValueError(f"bits_per_second must be finite and >= 0, got {bits_per_second!r}")
    return bdp_packets(bits_per_second, float(rtt), float(packet_size))


def seconds_to_steps(seconds: float, *, rtt: float) -> int:
    """Return the whole number of RTTs nearest to ``seconds``, at least 1.

    Halves are rounded up; the ratio is first rounded to 9 decimals, so that
    float noise does not decide (``0.15 / 0.1`` counts as 1.5, hence 2).

    Parameters
    ----------
    seconds : float
        A duration, ``> 0``.
    rtt : float
        The round-trip time (one step), ``> 0``.

    Returns
    -------
    int

    Examples
    --------
    >>> seconds_to_steps(5, rtt=0.1), seconds_to_steps(5, rtt=0.3), seconds_to_steps(0.01, rtt=0.1)
    (50, 17, 1)
    """
    check_positive_number("seconds", seconds)
    check_positive_number("rtt", rtt)
    ratio = round(float(seconds) / float(rtt), 9)
    return max(1, math.floor(ratio + 0.5))


def square_wave(
    steps: int, high: float, low: float, hold: int, *, start_high: bool = True
) -> np.ndarray:
    """Return a square-wave capacity: ``hold`` steps at one level, ``hold`` at the other, ...

    A teaching helper in the units of the synchronous model (packets per
    RTT): a capacity that drops to ``low`` and comes back, as in Reddy et al.'s
    SQL and SQH environments.

    Parameters
    ----------
    steps : int
        Length of the trace, ``>= 1``.
    high, low : float
        The two levels, ``> 0`` each.
    hold : int
        Steps each level lasts, ``>= 1`` (a full period is ``2 * hold``).
    start_high : bool
        Whether the first ``hold`` steps are at ``high`` (default) or ``low``.

    Returns
    -------
    numpy.ndarray
        float64, shape ``(steps,)``.

    Examples
    --------
    >>> square_wave(7, 100, 50, 2)
    array([100., 100.,  50.,  50., 100., 100.,  50.])
    """
    steps = check_count("steps", steps, minimum=1, optional=False)
    hold = check_count("hold", hold, minimum=1, optional=False)
    check_positive_number("high", high)
    check_positive_number("low", low)
    first, second = (high, low) if start_high else (low, high)
    phase = (np.arange(steps) // hold) % 2
    return np.where(phase == 0, float(first), float(second))


def _walk_bounds(env: Environment) -> Callable[[float], tuple[float, float]]:
    """Return the interval ``[lo, hi]`` of ``B_{t+1}`` given ``B_t``, for a walk."""
    if env.mu is not None:
        return lambda b: (0.0, env.mu * b)
    if env.short == "RWA":
        return lambda b: (0.0, b + env.delta)
    return lambda b: (b - env.delta, b + env.delta)


def _draws(env: Environment, n: int, link_rate: float, rng: np.random.Generator) -> np.ndarray:
    """Return ``n`` successive values of ``B_t`` in bit/s, each in ``[0, link_rate]``."""
    if env.kind == "random":
        return np.minimum(rng.random(n) * env.b0, link_rate)
    bounds = _walk_bounds(env)
    u = rng.random(n - 1)
    out = np.empty(n)
    b = min(env.b0, link_rate)
    out[0] = b
    for j in range(1, n):
        lo, hi = bounds(b)
        b = min(max(lo + u[j - 1] * (hi - lo), 0.0), link_rate)
        out[j] = b
    return out


def _bandwidth(
    env: Environment, steps: int, hold: int, link_rate: float, seed: int | None
) -> np.ndarray:
    """Return ``B_t`` in bit/s, one value per step, clipped at ``link_rate``."""
    if env.kind == "constant":
        return np.full(steps, min(env.b0, link_rate))
    if env.kind == "square":
        high, low = (min(v, link_rate) for v in env.levels)
        return square_wave(steps, high, low, hold)
    n = -(-steps // hold)
    values = _draws(env, n, link_rate, np.random.default_rng(seed))
    return np.repeat(values, hold)[:steps]


def _check_trace_args(
    env: Environment, steps: Any, rtt: Any, packet_size: Any, link_rate: Any, interval: Any,
    min_capacity: Any, seed: Any,
) -> tuple[int, int | None]:
    """Check the arguments of :func:`capacity_trace`; return ``steps`` and ``seed``."""
    if env.kind == "cross traffic":
        raise ValueError(
            f"name: environment {env.number} {env.short} ({env.name}) is cross traffic "
            f"({env.rule}); it needs the queue model's cross traffic and has no capacity "
            "trace (capacity_trace takes environments 1-10)"
        )
    steps = check_count("steps", steps, minimum=1, optional=False)
    limit = Limits().memory
    if 8 * steps > limit:
        raise MemoryError(
            f"a capacity trace of steps={steps} would take {8 * steps / 2**20:.0f} MiB "
            f"(limit {limit / 2**20:.0f} MiB, AIMDMODEL_MAX_MEMORY): give fewer steps"
        )
    for pname, value in (("rtt", rtt), ("packet_size", packet_size),
                         ("link_rate", link_rate), ("min_capacity", min_capacity)):
        check_positive_number(pname, value)
    if interval is not None:
        check_positive_number("interval", interval)
    seed = check_count("seed", seed, minimum=0)
    cap = packets_per_rtt(float(link_rate), rtt=rtt, packet_size=packet_size)
    if min_capacity > cap:
        raise ValueError(
            f"min_capacity must be <= the link rate in packets per RTT ({cap:g} for "
            f"link_rate={fmt_value(link_rate)}, rtt={fmt_value(rtt)}, "
            f"packet_size={fmt_value(packet_size)}), got {fmt_value(min_capacity)}"
        )
    return steps, seed


def capacity_trace(
    name: str | int,
    *,
    steps: int,
    rtt: float,
    packet_size: float = 1500,
    link_rate: float = DEFAULT_LINK_RATE,
    interval: float | None = None,
    min_capacity: float = 1.0,
    seed: int | None = None,
) -> np.ndarray:
    """Return the capacity ``W_t`` (packets per RTT) of one of Reddy et al.'s environments 1-10.

    Step ``k`` of the trace is the RTT ``[k rtt, (k+1) rtt)``; its value is
    ``max(min_capacity, B_k * rtt / (8 * packet_size))`` where ``B_k`` is
    the environment's available bandwidth (bit/s), clipped at ``link_rate``
    and at 0 as the module docstring explains.

    Constant ones hold ``B_0``; square waves the printed levels, the first
    first, each for ``interval`` (5 s as printed); random walks start at
    ``B_0`` and draw uniformly from the printed interval given the previous
    value, random ones from ``[0, B_0]``, every ``interval``.

    Parameters
    ----------
    name : str or int
        Short name, long name (case-insensitive) or number 1-10
        (:func:`get_environment`).
    steps : int
        Length of the trace, ``>= 1``.
    rtt : float
        Round-trip time in seconds (the length of one step), ``> 0``.
    packet_size : float
        Packet size in bytes, ``> 0`` (default 1500).
    link_rate : float
        The link capacity C in bit/s, ``> 0``: ``B_t`` above C is set to C.
        Default :data:`DEFAULT_LINK_RATE` (10 Mbps; the paper gives no C).
    interval : float, optional
        Seconds between changes of ``B_t``, ``> 0``, rounded to whole RTTs
        (:func:`seconds_to_steps`). Default: 5 s for the square waves (as
        printed), :data:`DEFAULT_INTERVAL` (1 s) for the random ones (not
        printed). Checked but unused by the constant environments.
    min_capacity : float
        Floor of the trace in packets per RTT, ``> 0`` and at most
        ``link_rate`` in packets per RTT (default 1): a simplification that
        keeps the synchronous model away from a zero capacity.
    seed : int, optional
        Seed of ``numpy.random.default_rng`` for the random environments
        (``>= 0``): the same seed gives the same trace, and a shorter trace is
        a prefix of a longer one. None draws fresh entropy: the trace is then
        not reproducible. Unused by the constant and square environments.

    Returns
    -------
    numpy.ndarray
        float64, shape ``(steps,)``.

    Raises ``ValueError`` for an unknown name, environments 11-13 (their
    cross traffic needs the queue model), a non-positive or non-finite number,
    or ``min_capacity`` above the link rate; ``TypeError`` for a wrong type.

    Examples
    --------
    >>> capacity_trace("SQL", steps=4, rtt=1.0, interval=2.0)  # 10, 10, 5, 5 Mbps
    array([833.33333333, 833.33333333, 416.66666667, 416.66666667])
    >>> w = capacity_trace("RWL", steps=6, rtt=0.5, seed=1)
    >>> bool(w[0] == w[1] == 1e6 * 0.5 / 12000)  # B_0 for the first second
    True
    >>> bool(np.all(np.abs(np.diff(w)) <= 0.5e6 * 0.5 / 12000))  # steps of at most Delta
    True
    """
    env = get_environment(name)
    steps, seed = _check_trace_args(env, steps, rtt, packet_size, link_rate, interval,
                                    min_capacity, seed)
    if interval is None:
        interval = env.interval if env.interval is not None else DEFAULT_INTERVAL
    hold = seconds_to_steps(interval, rtt=rtt)
    bps = _bandwidth(env, steps, hold, float(link_rate), seed)
    w = packets_per_rtt(bps, rtt=rtt, packet_size=packet_size)
    return np.maximum(w, float(min_capacity))
