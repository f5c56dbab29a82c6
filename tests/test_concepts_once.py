"""Small concepts written once: each has one home and the others use it."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import numpy as np
import pytest

from aimdmodel import metrics
from aimdmodel._format import fmt_number, markdown_table
from aimdmodel._validate import check_real, fmt_value
from aimdmodel.analysis import one_step_fairness
from aimdmodel.environments import packets_per_rtt
from aimdmodel.fluid import FluidClass
from aimdmodel.queue import QueueOptions
from aimdmodel.queue import metrics as qm
from aimdmodel.scenario import Flow, Link, Scenario, bdp_packets


def test_one_bdp_formula_everywhere():
    sc = Scenario(flows=(Flow(base_rtt=0.1), Flow(base_rtt=0.03)), link=Link(rate=7e6),
                  packet_size=1000)
    for i, rtt in enumerate((0.1, 0.03)):
        assert sc.bdp_packets(i) == bdp_packets(7e6, rtt, 1000) == 7e6 * rtt / 8000
        assert packets_per_rtt(7e6, rtt=rtt, packet_size=1000) == sc.bdp_packets(i)
    rates = np.array([1e6, 2e6])
    assert bdp_packets(rates, 0.1).tolist() == [1e6 * 0.1 / 12000, 2e6 * 0.1 / 12000]


def test_jain_is_the_metrics_one():
    xs = [Fraction(1), Fraction(3), Fraction(7, 2)]
    f = metrics.jain_index(np.array(xs, dtype=object))
    assert f == sum(xs) ** 2 / (3 * sum(x * x for x in xs))  # exact
    # Chiu & Jain's closed form after one increase starts from that index: with a_i = 0
    # (x -> b_i x) the index does not change
    assert one_step_fairness(xs, 0, 2) == f
    assert qm.jain is qm.jain_index


@pytest.mark.parametrize(("kw", "value", "error", "message"), [
    ({"low": 0, "low_open": True}, 0, ValueError, "x must be finite and > 0, got 0"),
    ({"low": 0, "high": 1, "high_open": True}, 1.0, ValueError,
     "x must be finite and >= 0, < 1, got 1.0"),
    ({}, math.inf, ValueError, "x must be finite, got inf"),
    ({}, True, TypeError, "x must be a real number, got True"),
    ({}, "1", TypeError, "x must be a real number, got '1'"),
])
def test_check_real_names_the_parameter_and_the_range(kw, value, error, message):
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        check_real("x", value, **kw)


def test_check_real_is_behind_the_models_fields():
    assert check_real("x", None, optional=True) is None
    assert check_real("x", Fraction(1, 2), low=0, high=1) == 0.5
    with pytest.raises(ValueError, match=r"^min_rto must be finite and > 0, got 0$"):
        QueueOptions(min_rto=0)
    with pytest.raises(ValueError, match=r"^lp_delta must be finite and > 0, <= 1, got 2.0$"):
        QueueOptions(lp_delta=2.0)
    with pytest.raises(ValueError, match=r"^delay must be finite and >= 0, got -1$"):
        Link(delay=-1)
    with pytest.raises(ValueError, match=r"^w0 must be finite and >= 0, <= 1e\+09, got -1.0$"):
        FluidClass(1, 0.1, w0=-1.0)


def test_one_message_form_and_one_markdown_table():
    for v in (Fraction(1, 3), 0.1, "b", np.float64(2.5), 10**50, True):
        assert fmt_value(v) == fmt_number(v, "message")
    assert fmt_value(np.float64(2.5)) == "2.5"
    assert markdown_table(["a", "b"], [["1", "2"], ["3", "4"]]) == [
        "| a | b |", "| --- | --- |", "| 1 | 2 |", "| 3 | 4 |"]
    assert markdown_table(["a"], []) == ["| a |", "| --- |"]
