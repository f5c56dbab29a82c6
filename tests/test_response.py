"""Response functions (aimdmodel.response) against values computed here from the published
formulas, their input checks, and the response-function experiment and figure."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
import sympy

from aimdmodel import AIMD
from aimdmodel import response as rf
from aimdmodel.experiments import ResponseFunctionsData, response_functions
from aimdmodel.symbolic import derive

F = Fraction


def test_mathis_against_mathis_1997():
    """Mathis et al. 1997: BW = (MSS/RTT) C/sqrt(p), C = sqrt(3/2); delayed ACKs (b = 2):
    sqrt(3/4). The constant is also derive's for AIMD(1/b, 1/2)."""
    assert rf.mathis(0.01, 0.1, 1460) == pytest.approx(1460 / 0.1 * math.sqrt(1.5) / 0.1)
    assert rf.mathis(0.01, 0.1, b=2) == pytest.approx(1 / 0.1 * math.sqrt(0.75) / 0.1)
    c_aimd = derive(AIMD(a=F(1, 2))).response_constant  # one ACK per 2 packets
    assert c_aimd == sympy.sqrt(sympy.Rational(3, 4))
    assert rf.mathis(0.02, 0.05, C=float(c_aimd)) == pytest.approx(rf.mathis(0.02, 0.05, b=2))
    got = rf.mathis(np.array([1e-4, 1e-2]), np.array([[0.05], [0.2]]))
    assert got.shape == (2, 2)
    assert got[1, 0] == pytest.approx(math.sqrt(1.5) / 0.2 / 1e-2)


def _pftk(p, rtt, t0, b=1, wmax=math.inf):
    """Padhye et al. 1998, the approximate model, written out."""
    den = rtt * math.sqrt(2 * b * p / 3) + t0 * min(1, 3 * math.sqrt(3 * b * p / 8)) * p * (
        1 + 32 * p * p)
    return min(wmax / rtt, 1 / den)


def test_pftk_against_padhye_1998():
    for p, rtt, t0, b in ((0.01, 0.1, 0.4, 1), (0.3, 0.2, 1.0, 2), (1e-5, 0.05, 0.2, 1)):
        assert rf.pftk(p, rtt, t0, b=b) == pytest.approx(_pftk(p, rtt, t0, b))
    # the timeout term saturates at min(1, .) for large p; wmax caps
    assert rf.pftk(0.5, 0.1, 1.0) == pytest.approx(_pftk(0.5, 0.1, 1.0))
    assert rf.pftk(1e-6, 0.1, 1.0, wmax=20) == pytest.approx(200)


def test_tfrc_against_rfc5348():
    """RFC 5348 Sec. 3.1: X_Bps = s / (R sqrt(2bp/3) + t_RTO (3 sqrt(3bp/8) p (1 + 32 p^2))),
    t_RTO = 4R (Sec. 4.3), b = 1; bytes/s."""
    s, r, p = 1460, 0.1, 0.01
    expected = s / (r * math.sqrt(2 * p / 3) + 4 * r * (3 * math.sqrt(3 * p / 8) * p
                                                        * (1 + 32 * p**2)))
    assert rf.tfrc(s, r, p) == pytest.approx(expected)
    assert rf.tfrc(s, r, p, t_rto=1.0) == pytest.approx(
        s / (r * math.sqrt(2 * p / 3) + 1.0 * (3 * math.sqrt(3 * p / 8) * p * (1 + 32 * p**2))))
    # per packet it is PFTK without the min(1, .) and the cap, where min is inactive
    assert rf.tfrc(1, r, p) == pytest.approx(rf.pftk(p, r, 4 * r))


def test_cubic_against_rfc9438():
    """RFC 9438: AVG_W_cubic = (C (3 + beta) / (4 (1 - beta)))^(1/4) RTT^(3/4) / p^(3/4);
    with the Reno-friendly region at least AIMD(alpha_cubic, beta)'s sqrt(3/(2p))."""
    p, rtt = 1e-5, 0.1
    w = (0.4 * 3.7 / (4 * 0.3)) ** 0.25 * rtt**0.75 / p**0.75
    assert rf.cubic(p, rtt, reno_friendly=False) == pytest.approx(w / rtt)
    assert rf.cubic(p, rtt) == pytest.approx(max(w, math.sqrt(1.5 / p)) / rtt)
    small = rf.cubic(0.01, 0.01)  # short RTT, high loss: the Reno-friendly window
    assert small == pytest.approx(math.sqrt(1.5 / 0.01) / 0.01)


def test_highspeed_against_rfc3649():
    """RFC 3649 Sec. 5: w = Low_Window (p/Low_P)^S, S = log(HW/LW)/log(HP/LP); w(High_P) =
    High_Window; Standard TCP above Low_P. With Low_P = 10^-3 the exponent is the RFC's
    quoted 0.835 (w = 0.12/p^0.835); ns-2's Low_P = 1.5/38^2 gives 0.831."""
    for lp, exponent in ((1.5 / 38**2, -0.8314), (1e-3, -0.8348)):
        s = math.log(83000 / 38) / math.log(1e-7 / lp)
        assert s == pytest.approx(exponent, abs=1e-4)
        for p in (1e-7, 1e-5, 0.9 * lp):
            assert rf.highspeed(p, 1.0, low_p=lp) == pytest.approx(38 * (p / lp) ** s)
        assert rf.highspeed(1e-7, 1.0, low_p=lp) == pytest.approx(83000)
    for p in (1e-7, 1e-5, 9e-4):
        assert rf.highspeed(p, 1.0, low_p=1e-3) == pytest.approx(0.12 / p**0.835, rel=0.02)
    assert rf.highspeed(0.01, 0.5) == pytest.approx(math.sqrt(1.5 / 0.01) / 0.5)


def test_binomial_response_from_derive():
    """Bansal & Balakrishnan: ~ 1/(RTT p^(1/(k+l+1))); for l < 1 the leading term is
    (alpha / (beta p))^(1/(k+l+1)) / RTT."""
    cases = ((1, 0, 1, 1), (F(1, 2), F(1, 2), 2, F(1, 2)))
    for k, l, a, b in cases:  # noqa: E741
        e = 1 / (1 + float(k) + float(l))
        for p in (1e-4, 1e-2):
            assert rf.binomial(p, 0.1, k, l, alpha=a, beta=b) == pytest.approx(
                (float(a) / (float(b) * p)) ** e / 0.1)
    # l = 1 (AIMD): sqrt(3/2)/sqrt(p) at alpha = 1, beta = 1/2
    assert rf.binomial(0.01, 1.0, 0, 1) == pytest.approx(rf.mathis(0.01, 1.0))


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: rf.mathis(0, 0.1), "0 < p <= 1"),
        (lambda: rf.mathis(1.5, 0.1), "0 < p <= 1"),
        (lambda: rf.mathis([0.1, float("nan")], 0.1), "0 < p <= 1"),
        (lambda: rf.mathis(0.1, 0), "rtt > 0"),
        (lambda: rf.mathis(0.1, 0.1, b=0.5), "b >= 1"),
        (lambda: rf.pftk(0.1, 0.1, -1), "t0 > 0"),
        (lambda: rf.pftk(0.1, 0.1, 1, wmax=0), "wmax > 0"),
        (lambda: rf.tfrc(0, 0.1, 0.1), "s > 0"),
        (lambda: rf.tfrc(1000, 0.1, 0.1, t_rto=0), "t_rto > 0"),
        (lambda: rf.cubic(0.1, 0.1, beta=1), "0 < beta < 1"),
        (lambda: rf.highspeed(0.1, 0.1, high_p=0.01), "high_p < low_p"),
    ],
)
def test_bad_input_names_the_parameter(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_types_and_shapes():
    with pytest.raises(TypeError, match="p must be a real number"):
        rf.mathis("x", 0.1)
    with pytest.raises(TypeError, match="k must be a real number"):
        rf.binomial(0.1, 0.1, "1", 0)
    assert isinstance(rf.tfrc(1000, 0.1, 0.05), float)
    assert rf.tfrc(1000, 0.1, [0.05, 0.1]).shape == (2,)


# ---------------------------------------------------------------- the experiment and figure
@pytest.fixture(scope="module")
def data() -> ResponseFunctionsData:
    return response_functions(capacities=(100, 400, 1600), cycles=8)


def test_simulated_policies_follow_their_published_curves(data):
    """One flow alone on a link loses one packet per cycle: at W = 1600 every policy's
    throughput is within 2% of its published response function at the measured p."""
    for label, (p, thr) in data.points.items():
        published = np.log(data.curves[data.matches[label]])
        curve = np.exp(np.interp(np.log(p), np.log(data.p), published))
        assert thr[-1] == pytest.approx(curve[-1], rel=0.02), label
        assert np.all(np.diff(p) < 0)  # a larger link, a lower loss rate


def test_response_figure_is_readable(data):
    from matplotlib.figure import Figure

    ax = Figure().subplots()
    arts = data.plot(ax)
    assert len(arts) == len(data.curves) + len(data.points)
    assert ax.get_xscale() == "log"
    assert ax.get_yscale() == "log"
    assert "packets/s" in ax.get_ylabel()
    assert "100 ms" in ax.get_ylabel()
    assert "loss event rate" in ax.get_xlabel()
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any("RFC 5348" in t for t in labels)
    assert any("RFC 9438" in t for t in labels)
    with pytest.raises(ValueError, match="rtt must be finite and > 0"):
        response_functions(rtt=0)
