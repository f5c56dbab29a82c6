"""The policies that used to live in the ledger, against the ledger's own loops."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from aimdmodel import simulate
from aimdmodel.policies import AIMDFCPlus, AIMDFCPlusPrinted, WestwoodRule

F = Fraction


def _cycle_k(w, W, m):
    short = W - sum(w)
    return F(max(0, -((-short) // m)))


def printed_system(x, W, n):
    """AIMD-FC+System as printed, written out as the pseudocode reads (a = 1, b = f = 1/2)."""
    m = len(x)
    w, k, dw = list(x), F(0), x[-1]
    for _ in range(n):
        kk = _cycle_k(w, W, m)
        for i in range(m):
            q = k
            dw = dw / 2 + (w[i] + kk - dw)
            w[i] = dw + q / 2
            k = kk
    return w


@pytest.mark.parametrize("x", [[1, 30], [5, 5], [2, 9, 40]])
@pytest.mark.parametrize("n", [1, 2, 5])
def test_printed_fcplus_system_is_the_pseudocode(x, n):
    W = F(100)
    xs = [F(v) for v in x]
    want = printed_system(xs, W, n)
    went_negative = [min(printed_system(xs, W, j)) < 0 for j in range(1, n + 1)]
    if any(went_negative):  # the printed system goes negative: the engine refuses it
        with pytest.raises(ValueError, match="a negative window"):
            simulate(AIMDFCPlusPrinted(), xs, W, cycles=n, arithmetic="exact")
        return
    tr = simulate(AIMDFCPlusPrinted(), xs, W, cycles=n, arithmetic="exact")
    assert list(tr.windows[-1]) == want


def test_printed_and_charitable_readings_agree_for_one_flow():
    a = simulate(AIMDFCPlusPrinted(), [F(3)], 100, cycles=6, arithmetic="exact")
    b = simulate(AIMDFCPlus(), [F(3)], 100, cycles=6, arithmetic="exact")
    assert (a.windows == b.windows).all()


def westwood_loop(w, W, rtts):
    out = [list(w)]
    for _ in range(rtts):
        s = sum(w)
        w = [min(x, x * W / s) for x in w] if s >= W else [x + 1 for x in w]
        out.append(w)
    return out


@pytest.mark.parametrize("engine", ["step", "cycle", "auto"])
def test_westwood_rule_is_mehta_dahiyas_decrease(engine):
    x, W = [F(1), F(30)], F(100)
    tr = simulate(WestwoodRule(), x, W, steps=120, arithmetic="exact", engine=engine)
    assert [list(r) for r in tr.windows] == westwood_loop(x, W, 120)


def test_westwood_rule_in_float_and_batched():
    tr = simulate(WestwoodRule(), [[1.0, 30.0], [10.0, 10.0]], 100.0, steps=80)
    ref = westwood_loop([1.0, 30.0], 100.0, 80)
    assert np.allclose(tr.windows[:, 0, :], np.array(ref), rtol=1e-12)
