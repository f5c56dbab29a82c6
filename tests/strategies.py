"""Domain strategies for the property tests (one place, ``@st.composite``).

Windows and capacities are whole packets or small dyadic/decimal fractions,
kept small so that exact (Fraction) runs stay fast. Policy parameters are
drawn from ranges (Fractions with bounded integer numerators and
denominators), shrinking towards the papers' a = 1, b = 1/2.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from hypothesis import strategies as st

from aimdmodel import AIAD, AIMD, AIMDFC, MIAD, MIMD, AIMDFCPlus, LinearControl, NewAIMD
from aimdmodel.statements import convergence, statement_run

F = Fraction


def increases(max_numerator: int = 8, max_denominator: int = 4) -> st.SearchStrategy[Fraction]:
    """Additive increases ``a = p/q > 0`` with ``1 <= p <= 8``, ``1 <= q <= 4``."""
    return st.builds(F, st.integers(1, max_numerator), st.integers(1, max_denominator))


@st.composite
def decrease_factors(draw, max_denominator: int = 16) -> Fraction:
    """Multiplicative decrease factors ``0 < b = p/q < 1`` with ``1 <= p < q <= 16``."""
    q = draw(st.integers(2, max_denominator))
    return F(draw(st.integers(1, q - 1)), q)


def capacities(min_value: int = 1, max_value: int = 200) -> st.SearchStrategy[int]:
    """Whole-packet capacities W."""
    return st.integers(min_value=min_value, max_value=max_value)


@st.composite
def window_vectors(
    draw, *, min_flows: int = 1, max_flows: int = 4, max_value: int = 100, whole: bool = True
) -> list:
    """Window vectors of 1..4 flows, whole packets (or quarters when ``whole=False``)."""
    m = draw(st.integers(min_value=min_flows, max_value=max_flows))
    if whole:
        return draw(st.lists(st.integers(0, max_value), min_size=m, max_size=m))
    q = draw(st.lists(st.integers(0, 4 * max_value), min_size=m, max_size=m))
    return [F(v, 4) for v in q]


@st.composite
def systems(draw, *, min_flows: int = 1, max_flows: int = 4, max_capacity: int = 200):
    """``(x, W)``: windows and a capacity, windows at most W each."""
    W = draw(capacities(1, max_capacity))
    x = draw(window_vectors(min_flows=min_flows, max_flows=max_flows, max_value=W))
    return x, W


@st.composite
def two_flows(draw, *, max_capacity: int = 64, min_capacity: int = 4):
    """``(x1, x2, W)`` under Lahanas & Tsaoussidis 2003's hypotheses: ``0 < x1 < x2``,
    ``x1 + x2 < W``."""
    W = draw(st.integers(min_value=max(4, min_capacity), max_value=max_capacity))
    x2 = draw(st.integers(min_value=2, max_value=W - 2))
    x1 = draw(st.integers(min_value=1, max_value=min(x2 - 1, W - x2 - 1)))
    return x1, x2, W


def aimd_params() -> st.SearchStrategy[tuple]:
    """``(a, b)`` of AIMD / AIMD-FC."""
    return st.tuples(increases(), decrease_factors())


@st.composite
def lemma3_inputs(draw, *, max_capacity: int = 200, beyond: bool = False) -> tuple:
    """``(x1, x2, W, n_prime, q)`` for Lahanas & Tsaoussidis 2003's Lemma 3 with AIMD-FC(1, 1/2).

    Built from the lemma's hypotheses, so every input is applicable (exact
    arithmetic, one-packet tolerance): ``0 < x1 < x2``, ``x2 - x1 > 1`` (so
    AIMD-FC needs n >= 1 cycles), ``x1 + x2 < W``, ``1 <= n' <= n`` and
    ``0 <= q < max(phi)/2`` with ``phi`` the windows after n' cycles. With
    ``beyond=True``, q lies beyond that bound instead (``max(phi)/2 <= q <=
    3 W``), outside the hypotheses.
    """
    W = draw(st.integers(6, max_capacity))
    x1 = draw(st.integers(1, (W - 3) // 2))
    x2 = draw(st.integers(x1 + 2, W - x1 - 1))
    n = convergence(AIMDFC(), [x1, x2], W).cycles
    n_prime = draw(st.integers(1, n))
    phi = statement_run(AIMDFC(), [x1, x2], W, cycles=n_prime, arithmetic="exact").windows[-1]
    first_beyond = math.ceil(max(phi) / 2)  # the smallest whole q with q >= max(phi)/2
    if beyond:
        return x1, x2, W, n_prime, draw(st.integers(first_beyond, 3 * W))
    return x1, x2, W, n_prime, draw(st.integers(0, first_beyond - 1))


@st.composite
def linear_controls(draw, *, conditions: bool | None = None) -> LinearControl:
    """Chiu-Jain linear controls (non-degenerate), built without rejection.

    ``conditions=True``: only controls meeting Chiu & Jain's conditions
    (``a_d = 0``, ``0 <= b_d < 1``, ``a_i > 0``, ``b_i >= 1``);
    ``False``: only controls violating them (no additive increase, or an
    additive part in the decrease); None: either.
    """
    if conditions is None:
        conditions = draw(st.booleans())
    b_i = draw(st.sampled_from((F(1), F(9, 8), F(5, 4))))
    if conditions:
        a_i = draw(st.sampled_from((F(1, 2), F(1), F(2))))
        b_d = draw(st.sampled_from((F(0), F(1, 4), F(1, 2), F(7, 8))))
        return LinearControl(a_i=a_i, b_i=b_i, a_d=F(0), b_d=b_d)
    if draw(st.booleans()):  # no additive increase (then b_i > 1)
        b_i = draw(st.sampled_from((F(9, 8), F(5, 4))))
        a_d = draw(st.sampled_from((F(0), F(-1, 2), F(-1))))
        b_d = draw(st.sampled_from((F(0), F(1, 4), F(1, 2), F(7, 8))))
        if a_d < 0:
            b_d = draw(st.sampled_from((F(0), F(1, 2), F(1))))
        return LinearControl(a_i=F(0), b_i=b_i, a_d=a_d, b_d=b_d)
    a_i = draw(st.sampled_from((F(0), F(1, 2), F(1), F(2))))
    if a_i == 0:
        b_i = F(5, 4)
    a_d = draw(st.sampled_from((F(-1, 2), F(-1))))
    b_d = draw(st.sampled_from((F(0), F(1, 4), F(1, 2), F(7, 8), F(1))))
    return LinearControl(a_i=a_i, b_i=b_i, a_d=a_d, b_d=b_d)


@st.composite
def fc_plus_params(draw) -> AIMDFCPlus:
    """AIMD-FC+ with ``a``, ``b`` and ``f(q) = f q``, ``0 <= f = p/(2q) <= 1/2`` (the
    paper's range), ``q <= 8``."""
    a, b = draw(aimd_params())
    q = draw(st.integers(1, 8))
    return AIMDFCPlus(a=a, b=b, f=F(draw(st.integers(0, q)), 2 * q))


@st.composite
def policies(draw):
    """Any policy of the core, with exact parameters."""
    a, b = draw(aimd_params())
    kind = draw(st.sampled_from(("aimd", "aiad", "mimd", "miad", "linear", "fc", "fc+", "new")))
    if kind == "aimd":
        return AIMD(a=a, b=b)
    if kind == "aiad":
        return AIAD(a=a, d=draw(st.sampled_from((F(1), F(1, 2), F(3)))))
    if kind == "mimd":
        return MIMD(c=draw(st.sampled_from((F(2), F(9, 8), F(3, 2)))), b=b)
    if kind == "miad":
        return MIAD(c=draw(st.sampled_from((F(2), F(9, 8)))), d=F(1))
    if kind == "linear":
        return draw(linear_controls())
    if kind == "fc":
        return AIMDFC(a=a, b=b)
    if kind == "fc+":
        return draw(fc_plus_params())
    return NewAIMD(a=a, b=b, reading=draw(st.sampled_from(("printed", "charitable"))))


# --------------------------------------------------------------------------
# Scenario: valid descriptions, each part drawn from its own range
# --------------------------------------------------------------------------
def _seconds(low: float, high: float) -> st.SearchStrategy[float]:
    return st.floats(min_value=low, max_value=high, allow_nan=False, allow_infinity=False)


@st.composite
def links(draw):
    """A valid :class:`~aimdmodel.scenario.Link`: a constant rate or a short trace."""
    from aimdmodel.scenario import RED, Link

    rate = draw(st.one_of(_seconds(1e5, 1e8), st.lists(_seconds(1e5, 1e8), min_size=1,
                                                       max_size=4)))
    discipline = draw(st.sampled_from(["droptail", "red", "drr"]))
    red = None
    if discipline == "red" and draw(st.booleans()):
        min_th = draw(_seconds(0, 50))
        red = RED(min_th=min_th, max_th=min_th + draw(_seconds(1, 100)),
                  max_p=draw(_seconds(0.01, 1)), w_q=draw(_seconds(1e-4, 1)),
                  gentle=draw(st.booleans()))
    return Link(rate=rate, delay=draw(_seconds(0, 0.02)),
                buffer=draw(st.one_of(st.integers(0, 500), st.sampled_from(
                    [np.int8(20), np.uint16(300), np.int64(7)]))),
                discipline=discipline, red=red, random_loss=draw(_seconds(0, 0.05)),
                rate_interval=draw(_seconds(0.5, 5)) if isinstance(rate, list) else None)


@st.composite
def flows(draw):
    """A valid :class:`~aimdmodel.scenario.Flow` of a loss-based variant."""
    from aimdmodel.scenario import Flow

    start = draw(_seconds(0, 2))
    stop = draw(st.one_of(st.none(), st.just(math.inf), _seconds(start + 0.5, start + 10)))
    return Flow(variant=draw(st.sampled_from(["reno", "newreno", "sack", "fack"])),
                base_rtt=draw(_seconds(0.02, 0.3)), start=start, stop=stop,
                size=draw(st.one_of(st.none(), st.integers(1, 10**7))),
                rwnd=draw(st.one_of(st.none(), st.integers(1, 1000))))


@st.composite
def scenarios(draw, max_duration: float = 5.0):
    """A valid :class:`~aimdmodel.scenario.Scenario` (short, so that a run takes milliseconds)."""
    from aimdmodel.scenario import CBR, Scenario

    duration = draw(_seconds(0.5, max_duration))
    cross = draw(st.lists(st.builds(CBR, rate=_seconds(1e4, 1e7), start=_seconds(0, 1)),
                          max_size=2))
    return Scenario(flows=tuple(draw(st.lists(flows(), min_size=1, max_size=3))),
                    link=draw(links()), duration=duration, cross=cross,
                    packet_size=draw(st.one_of(st.integers(100, 9000),
                                               st.sampled_from([np.int16(1500), np.uint16(576)]))),
                    seed=draw(st.one_of(st.none(), st.integers(0, 2**63 - 1))),
                    warmup=draw(_seconds(0, duration / 2)))
