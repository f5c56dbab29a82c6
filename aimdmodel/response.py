r"""Response functions: throughput against the loss rate, as published.

Every function takes the loss (event) rate ``p`` with ``0 < p <= 1`` and the
round-trip time ``rtt`` in seconds, broadcasts numpy arrays, and returns a
float for scalar inputs and an array otherwise. Units are explicit:

=================  ==========================================================  ==========
function           source                                                      unit
=================  ==========================================================  ==========
:func:`mathis`     Mathis, Semke, Mahdavi, Ott 1997: ``(MSS/RTT) C/sqrt(p)``   MSS/s
:func:`pftk`       Padhye, Firoiu, Towsley, Kurose 1998, approximate model     packets/s
:func:`tfrc`       RFC 5348 Sec. 3.1, the TCP throughput equation              bytes/s
:func:`binomial`   Bansal & Balakrishnan 2001 (``~ p^(-1/(k+l+1))``), the      MSS/s
                   constant from :func:`aimdmodel.symbolic.derive`
:func:`cubic`      RFC 9438 Sec. 5.1: CUBIC's average window (and Reno's)      MSS/s
:func:`highspeed`  RFC 3649 Sec. 5: the HighSpeed response function           MSS/s
=================  ==========================================================  ==========

"MSS/s" is segments per second when ``mss=1`` and bytes per second when
``mss`` is the segment size in bytes. Bad input raises ValueError naming the
parameter and the allowed range.

Examples
--------
>>> round(mathis(0.01, 0.1), 3)     # sqrt(3/2)/sqrt(0.01)/0.1 packets/s
122.474
>>> round(tfrc(1460, 0.1, 0.01))   # bytes/s, t_RTO = 4 RTT
164005
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction
from typing import Any

import numpy as np

from ._arith import is_number, to_fraction
from .policies import Binomial

__all__ = ["binomial", "cubic", "highspeed", "mathis", "pftk", "tfrc"]


# --------------------------------------------------------------------------
# input checks (each names the parameter and the range)
# --------------------------------------------------------------------------
def _array(name: str, value: Any, ok: Any, allowed: str) -> np.ndarray:
    try:
        raw = np.asarray(value)
        if raw.dtype.kind in "bUSVmM" or (raw.dtype.kind == "O" and not all(
                is_number(v) for v in raw.ravel())):
            raise TypeError  # text, bools, None: not numbers (no silent float("0.1"))
        arr = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a real number or an array of them, got {value!r}") \
            from None
    bad = ~(np.isfinite(arr) & ok(arr)) if allowed else ~np.isfinite(arr)
    if np.any(bad):
        raise ValueError(f"{name} must satisfy {allowed}, got {arr[bad].ravel()[0]!r}")
    return arr


def _loss(p: Any) -> np.ndarray:
    return _array("p", p, lambda v: (v > 0) & (v <= 1), "0 < p <= 1")


def _positive(name: str, v: Any) -> np.ndarray:
    return _array(name, v, lambda x: x > 0, f"{name} > 0")


def _float_quietly(fn: Any) -> Any:
    """Compute without numpy's overflow warnings: :func:`_out` refuses what overflowed."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with np.errstate(over="ignore", divide="ignore", under="ignore"):
            return fn(*args, **kwargs)

    return wrapper


def _out(value: np.ndarray, *inputs: Any) -> Any:
    """Return a float for scalar inputs, an array otherwise; a result float64 cannot hold fails.

    Every response function gives a finite throughput > 0 for valid inputs;
    an infinite or zero value is an overflow or an underflow of float64,
    never the answer.
    """
    with np.errstate(invalid="ignore"):
        bad = ~(np.isfinite(value) & (value > 0))
    if np.any(bad):
        what = "overflows to inf" if np.any(np.isinf(value)) else "underflows to 0"
        raise ValueError(f"the throughput {what} in float64 for these inputs (an extreme value "
                         "of p, rtt, mss, b or the constant); give values in a physical range")
    if all(np.ndim(v) == 0 for v in inputs):
        return float(value)
    return value


# --------------------------------------------------------------------------
# the response functions
# --------------------------------------------------------------------------
@_float_quietly
def mathis(p: Any, rtt: Any, mss: Any = 1, *, C: Any = None, b: Any = 1) -> Any:
    """Return the Mathis et al. (1997) throughput ``(MSS/RTT) C / sqrt(p)``.

    M. Mathis, J. Semke, J. Mahdavi, T. Ott, "The macroscopic behavior of the
    TCP congestion avoidance algorithm", CCR 27(3), 1997: periodic loss,
    one loss every ``1/p`` packets.

    Parameters
    ----------
    p : float or array
        Loss rate, ``0 < p <= 1``.
    rtt : float or array
        Round-trip time in seconds, ``> 0``.
    mss : float
        Segment size (1: the result is in segments/s; bytes: bytes/s).
    C : float, optional
        The constant; default ``sqrt(3 / (2 b))``: AIMD(1, 1/2) with one ACK
        per ``b`` packets (``sqrt(3/2)`` for ``b = 1``), which
        ``derive(AIMD(a=1/b)).response_constant`` reproduces. Any policy's
        ``derive(policy).response_constant`` may be passed.
    b : float
        Packets acknowledged per ACK (delayed ACKs: 2), ``b >= 1``.

    Returns
    -------
    float or ndarray
        Throughput in MSS per second.

    Examples
    --------
    >>> mathis([0.01, 0.0001], 0.1).round(2).tolist()
    [122.47, 1224.74]
    """
    bb = _array("b", b, lambda v: v >= 1, "b >= 1 (packets per ACK)")
    c = np.sqrt(3 / (2 * bb)) if C is None else _positive("C", C)
    out = _positive("mss", mss) / _positive("rtt", rtt) * c / np.sqrt(_loss(p))
    return _out(out, p, rtt, mss)


@_float_quietly
def pftk(p: Any, rtt: Any, t0: Any, *, b: Any = 1, wmax: Any = math.inf) -> Any:
    """Return the Padhye-Firoiu-Towsley-Kurose (1998) approximate TCP throughput.

    ``min(wmax/rtt, 1 / (rtt sqrt(2bp/3) + t0 min(1, 3 sqrt(3bp/8)) p (1 + 32 p^2)))``
    packets per second: J. Padhye, V. Firoiu, D. Towsley, J. Kurose,
    "Modeling TCP throughput: a simple model and its empirical validation",
    SIGCOMM 1998 (the approximate model, with timeouts and the receiver's
    window limit).

    Parameters
    ----------
    p : float or array
        Loss rate, ``0 < p <= 1``.
    rtt : float or array
        Round-trip time in seconds, ``> 0``.
    t0 : float or array
        Retransmission timeout in seconds, ``> 0``.
    b : float
        Packets acknowledged per ACK, ``b >= 1``.
    wmax : float
        The receiver's window limit in packets, ``> 0`` (default no limit).

    Returns
    -------
    float or ndarray
        Packets per second.

    Examples
    --------
    >>> round(pftk(0.01, 0.1, 0.4), 2)
    112.33
    """
    pp, r, t = _loss(p), _positive("rtt", rtt), _positive("t0", t0)
    bb = _array("b", b, lambda v: v >= 1, "b >= 1 (packets per ACK)")
    cap = np.asarray(wmax, dtype=np.float64)
    if np.any(~(cap > 0)):
        raise ValueError(f"wmax must satisfy wmax > 0, got {wmax!r}")
    out = np.minimum(cap / r, 1 / _seconds_per_packet(r, pp, bb, t, capped=True))
    return _out(out, p, rtt, t0, wmax)


def _seconds_per_packet(r: Any, pp: Any, bb: Any, t: Any, *, capped: bool) -> Any:
    """PFTK's seconds per packet: ``R sqrt(2bp/3) + t min(1, 3 sqrt(3bp/8)) p (1 + 32 p^2)``.

    ``capped=False`` drops the ``min(1, .)``, as RFC 5348's TFRC equation does.
    """
    backoff = 3 * np.sqrt(3 * bb * pp / 8)
    if capped:
        backoff = np.minimum(1.0, backoff)
    return r * np.sqrt(2 * bb * pp / 3) + t * backoff * pp * (1 + 32 * pp**2)


@_float_quietly
def tfrc(s: Any, rtt: Any, p: Any, *, b: Any = 1, t_rto: Any = None) -> Any:
    """Return the TFRC throughput equation of RFC 5348 Sec. 3.1, in bytes per second.

    ``X_Bps = s / (R sqrt(2bp/3) + t_RTO (3 sqrt(3bp/8) p (1 + 32 p^2)))``
    (S. Floyd, M. Handley, J. Padhye, J. Widmer, "TCP Friendly Rate Control
    (TFRC): Protocol Specification", RFC 5348, 2008).

    Parameters
    ----------
    s : float or array
        Segment size in bytes, ``> 0``.
    rtt : float or array
        ``R``, the round-trip time in seconds, ``> 0``.
    p : float or array
        Loss event rate, ``0 < p <= 1``.
    b : float
        Packets acknowledged per ACK, ``b >= 1`` (RFC 5348: 1).
    t_rto : float or array, optional
        The TCP retransmission timeout in seconds; default ``4 R`` (RFC 5348
        Sec. 4.3).

    Returns
    -------
    float or ndarray
        Bytes per second.

    Examples
    --------
    >>> round(tfrc(1000, 0.2, 0.05), 1)
    18429.4
    """
    ss, r, pp = _positive("s", s), _positive("rtt", rtt), _loss(p)
    bb = _array("b", b, lambda v: v >= 1, "b >= 1 (packets per ACK)")
    t = 4 * r if t_rto is None else _positive("t_rto", t_rto)
    return _out(ss / _seconds_per_packet(r, pp, bb, t, capped=False), s, rtt, p)


BINOMIAL_EXPONENT_LIMIT = 8
"""Largest ``|k|`` and ``|l|`` :func:`binomial` derives a law for (sympy's time grows with them)."""


@functools.lru_cache(maxsize=64)
def _binomial_law(k: Fraction, l: Fraction, alpha: Fraction, beta: Fraction) -> tuple:  # noqa: E741
    from .symbolic import derive  # the symbolic package is heavy; load it when needed

    cf = derive(Binomial(k=k, l=l, alpha=alpha, beta=beta))
    if cf.response_exponent is None or cf.response_scale is None:
        raise ValueError(
            f"no response law for Binomial(k={k}, l={l}, alpha={alpha}, beta={beta}): "
            f"{cf.message}"
        )
    return float(cf.response_exponent), float(cf.response_scale)


@_float_quietly
def binomial(
    p: Any, rtt: Any, k: Any, l: Any, *, alpha: Any = 1, beta: Any = Fraction(1, 2),  # noqa: E741
    mss: Any = 1,
) -> Any:
    """Return a binomial control's throughput ``(MSS/RTT) s p^(-1/(k+l+1))`` (leading order).

    Bansal & Balakrishnan (INFOCOM 2001) show the throughput of the binomial
    control ``(k, l, alpha, beta)`` is proportional to ``1/(RTT p^(1/(k+l+1)))``;
    the exponent and the constant ``s`` come from
    :func:`aimdmodel.symbolic.derive` of :class:`~aimdmodel.policies.Binomial`
    (its fluid cycle under periodic loss, leading order as the window grows).

    Parameters
    ----------
    p, rtt : float or array
        Loss rate ``0 < p <= 1``; round-trip time in seconds ``> 0``.
    k, l, alpha, beta : number
        The control (numbers; made exact); ``k + l + 1 > 0`` and
        ``|k|, |l| <= 8`` (the law is derived symbolically, and sympy's
        simplification takes seconds per unit of the exponents beyond that).
    mss : float
        Segment size.

    Returns
    -------
    float or ndarray
        Throughput in MSS per second.

    Examples
    --------
    >>> round(binomial(0.01, 0.1, 1, 0, alpha=1, beta=1), 3)   # IIAD: sqrt(alpha/beta)/sqrt(p)/rtt
    100.0
    """
    for name, v in (("k", k), ("l", l), ("alpha", alpha), ("beta", beta)):
        if not is_number(v):
            raise TypeError(f"{name} must be a real number, got {v!r}")
    kk, ll, aa, bb = (to_fraction(v, n) for v, n in
                      ((k, "k"), (l, "l"), (alpha, "alpha"), (beta, "beta")))
    for name, v in (("k", kk), ("l", ll)):
        if abs(v) > BINOMIAL_EXPONENT_LIMIT:
            raise ValueError(f"{name} must satisfy |{name}| <= {BINOMIAL_EXPONENT_LIMIT}, got {v}")
    if kk + ll + 1 <= 0:
        raise ValueError(f"k + l + 1 must be > 0 (the law is p^(-1/(k+l+1))), got {kk + ll + 1}")
    e, scale = _binomial_law(kk, ll, aa, bb)
    out = _positive("mss", mss) / _positive("rtt", rtt) * scale * _loss(p) ** (-e)
    return _out(out, p, rtt, mss)


@_float_quietly
def cubic(
    p: Any, rtt: Any, *, C: Any = 0.4, beta: Any = 0.7, mss: Any = 1,
    reno_friendly: bool = True,
) -> Any:
    """Return CUBIC's throughput under deterministic loss (RFC 9438 Sec. 5.1).

    ``AVG_W_cubic = (C (3 + beta) / (4 (1 - beta)))^(1/4) RTT^(3/4) / p^(3/4)``
    segments; with the Reno-friendly region the window is at least Reno's
    ``AVG_W_est = sqrt(alpha (1 + beta) / (2 (1 - beta) p))`` with
    ``alpha = 3 (1 - beta)/(1 + beta)``, i.e. ``sqrt(3/(2p))``. Throughput is
    ``AVG_W * MSS / RTT``.

    Parameters
    ----------
    p, rtt : float or array
        Loss rate ``0 < p <= 1``; round-trip time in seconds ``> 0`` (CUBIC's
        window depends on it: ``C`` is per second cubed).
    C : float
        In segments/s^3, ``> 0`` (default 0.4).
    beta : float
        ``beta_cubic``, ``0 < beta < 1`` (default 0.7).
    mss : float
        Segment size.
    reno_friendly : bool
        Take the larger of the cubic and the Reno-friendly windows (default).

    Returns
    -------
    float or ndarray
        Throughput in MSS per second.

    Examples
    --------
    >>> round(cubic(1e-4, 0.1, reno_friendly=False), 1)
    1874.0
    """
    pp, r = _loss(p), _positive("rtt", rtt)
    cc = _positive("C", C)
    bt = _array("beta", beta, lambda v: (v > 0) & (v < 1), "0 < beta < 1")
    w = (cc * (3 + bt) / (4 * (1 - bt))) ** 0.25 * r**0.75 / pp**0.75
    if reno_friendly:
        a = 3 * (1 - bt) / (1 + bt)
        w = np.maximum(w, np.sqrt(a * (1 + bt) / (2 * (1 - bt) * pp)))
    return _out(_positive("mss", mss) * w / r, p, rtt, mss)


@_float_quietly
def highspeed(
    p: Any, rtt: Any, *, mss: Any = 1, low_window: float = 38, high_window: float = 83000,
    high_p: float = 1e-7, low_p: float | None = None,
) -> Any:
    """Return HighSpeed TCP's response function (RFC 3649 Sec. 5), as throughput.

    The average window ``w = Low_Window (p / Low_P)^S`` with
    ``S = (log High_Window - log Low_Window) / (log High_P - log Low_P)``,
    for ``p <= Low_P``; above ``Low_P`` Standard TCP's ``w = sqrt(1.5 / p)``.
    Throughput ``w * MSS / RTT``. ``Low_P`` defaults to ``1.5 / Low_Window^2``
    (ns-2's reading, continuous with Standard TCP, exponent ``S = -0.831``);
    ``low_p=1e-3`` gives the RFC's quoted ``w = 0.12 / p^0.835`` (see
    :class:`aimdmodel.policies.HighSpeed`).

    Parameters
    ----------
    p, rtt : float or array
        Loss rate ``0 < p <= 1``; round-trip time in seconds ``> 0``.
    mss : float
        Segment size.
    low_window, high_window, high_p : float
        RFC 3649's parameters (defaults 38, 83000, 10^-7).
    low_p : float, optional
        ``Low_P`` (default ``1.5 / low_window^2``).

    Returns
    -------
    float or ndarray
        Throughput in MSS per second.

    Examples
    --------
    >>> round(highspeed(1e-7, 0.1) * 0.1)      # High_Window at High_P
    83000
    """
    pp, r = _loss(p), _positive("rtt", rtt)
    lw = float(_positive("low_window", low_window))
    hw = float(_positive("high_window", high_window))
    hp = float(_array("high_p", high_p, lambda v: (v > 0) & (v < 1), "0 < high_p < 1"))
    low_p = 1.5 / lw**2 if low_p is None else float(
        _array("low_p", low_p, lambda v: (v > 0) & (v < 1), "0 < low_p < 1"))
    if not (lw < hw and hp < low_p):
        raise ValueError("need low_window < high_window and high_p < low_p (1.5/low_window^2)")
    s = (math.log(hw) - math.log(lw)) / (math.log(hp) - math.log(low_p))
    w = np.where(pp <= low_p, lw * (pp / low_p) ** s, np.sqrt(1.5 / pp))
    return _out(_positive("mss", mss) * w / r, p, rtt, mss)
