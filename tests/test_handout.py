"""The teaching handout (issue 6): built through the CLI once, its pages
counted in the PDF, its captions checked against independent computations."""

from __future__ import annotations

import contextlib
import io
import re
from fractions import Fraction

import numpy as np
import pytest
import sympy
from matplotlib.mathtext import MathTextParser

from aimdmodel import AIMD, AIMDFC, AIMDFCPlus, handout, metrics, plots, simulate
from aimdmodel.cli import main
from aimdmodel.symbolic import W, derive


@pytest.fixture(scope="module")
def _build(tmp_path_factory):
    """The full handout, written by ``aimdmodel handout --out FILE.pdf``; the
    pages it computed are recorded on the way (computed once for all tests)."""
    out = tmp_path_factory.mktemp("handout") / "handout.pdf"
    recorded = []
    real = handout.handout_pages

    def recording(topics=None):
        result = real(topics)
        recorded.extend(result)
        return result

    buf = io.StringIO()
    with pytest.MonkeyPatch.context() as mp, contextlib.redirect_stdout(buf):
        mp.setattr(handout, "handout_pages", recording)
        assert main(["handout", "--out", str(out)]) == 0
    return out, buf.getvalue(), {p.title: p for p in recorded}


@pytest.fixture
def built(_build):
    return _build[:2]


@pytest.fixture
def pages(_build):
    return _build[2]


def _page(pages, start):
    (page,) = [p for t, p in pages.items() if t.startswith(start)]
    return page


def test_cli_writes_a_pdf_with_one_page_per_topic(built):
    built, _ = built
    data = built.read_bytes()
    assert data.startswith(b"%PDF-")
    n_pages = len(re.findall(rb"/Type /Page\b", data))
    assert n_pages == len(handout.TOPICS) >= 5
    # no temporary file left beside it
    assert [p.name for p in built.parent.iterdir()] == ["handout.pdf"]


def test_cli_prints_the_page_list(built, pages):
    path, printed = built
    lines = printed.splitlines()
    assert lines[0] == f"wrote {path} ({len(pages)} pages)"
    assert [line.split(". ", 1)[1] for line in lines[1:]] == list(pages)


def test_build_handout_with_a_subset_of_topics(tmp_path):
    out = tmp_path / "title.pdf"
    pages = handout.build_handout(out, topics=["title"])
    assert [p.title for p in pages] == ["aimdmodel: the Chiu-Jain model of congestion control"]
    assert out.read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize("argv", [["handout"], ["handout", "--out", "handout.png"],
                                  ["handout", "--out", "/no/such/folder/h.pdf"]])
def test_cli_bad_usage_is_one_line_and_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("aimdmodel: error:")
    assert err.count("\n") == 1


def test_failed_build_leaves_an_existing_file_untouched(tmp_path, monkeypatch):
    out = tmp_path / "h.pdf"
    out.write_bytes(b"old")

    def boom(*_):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(handout, "_render", boom)
    with pytest.raises(RuntimeError, match="drawing failed"):
        handout.build_handout(out, topics=["title"])
    assert out.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["h.pdf"]


def test_unknown_topic_is_a_value_error():
    with pytest.raises(ValueError, match="topics"):
        handout.handout_pages(["phase-plane", "fourier"])


def test_every_caption_parses_as_mathtext_and_holds_no_missing_value(pages):
    parser = MathTextParser("agg")
    for page in pages.values():
        spans = re.findall(r"\$[^$]+\$", page.caption)
        assert page.caption.count("$") == 2 * len(spans), page.title
        for span in spans:
            parser.parse(span, dpi=72)
        for bad in ("nan", "None", "inf"):
            assert not re.search(rf"\b{bad}\b", page.caption), (page.title, bad)


def test_page_order_and_count(pages):
    titles = list(pages)
    assert len(titles) == len(handout.TOPICS)
    assert titles[0].startswith("aimdmodel")


# -------------------------------------------------- captions against computations
def test_sawtooth_caption_states_the_derived_bounds_and_the_simulation(pages):
    page = _page(pages, "The sawtooth")
    for pol in (AIMD(), AIMDFC(), AIMDFCPlus()):
        cf = derive(pol)
        assert f"minimum window ${plots.mathtext(cf.min_window * W)}$" in page.caption
        assert f"efficiency ${plots.mathtext(cf.efficiency)}$" in page.caption
    d = page.values["AIMD-FC"]
    assert f"minimum {d.simulated_min:.2f}, mean {d.simulated_mean:.2f}" in page.caption
    assert page.caption.count("equal to the derived value") == 3
    # the seed papers' efficiencies come out of the derivation, not the caption
    assert [page.values[k].closed_form.efficiency for k in ("AIMD", "AIMD-FC", "AIMD-FC+")] == [
        sympy.Rational(3, 4), sympy.Rational(5, 6), sympy.Rational(8, 9)]


def test_phase_plane_caption_jain_values_match_the_data(pages):
    page = _page(pages, "The phase plane")
    d = plots.phase_plane_data(AIMD(), (10, 70), 100, cycles=8)
    assert f"AIMD: {d.final_jain:.3f}" in page.caption
    assert page.layout == "side"


def test_convergence_caption_derived_cycle_count_equals_the_simulated_one(pages):
    page = _page(pages, "Convergence")
    for pol, key in ((AIMD(), "AIMD"), (AIMD(b=Fraction(7, 8)), "AIMD(b=7/8)"),
                     (AIMDFC(), "AIMD-FC")):
        tr = simulate(pol, [10, 70], 100, cycles=40, arithmetic="exact")
        assert page.values["cycles"][key] == metrics.cycles_to_fairness(tr, eps=1)
        assert f"{key} {page.values['cycles'][key]} " in page.caption
    steps = page.values["steps"]
    assert steps["AIMD-FC+"] < steps["AIMD-FC"] < steps["AIMD"]


def test_efficiency_caption_curves_and_points_agree(pages):
    page = _page(pages, "Efficiency")
    assert page.values["eq1_difference"] == 0
    assert max(page.values["gaps"].values()) < 0.01
    b = sympy.Symbol("b", positive=True)
    assert sympy.simplify(page.values["expressions"]["aimd"] - (1 + b) / 2) == 0


def test_response_caption_constants_and_tcp_friendly_increase(pages):
    page = _page(pages, "Response")
    c = page.values["constants"]
    assert c["AIMD"] ** 2 == sympy.Rational(3, 2)  # seed 003 Eq. 2
    assert c["AIMD-FC"] ** 2 == sympy.Rational(5, 2)  # seed 003 Eq. 8
    assert c["AIMD(a=1/5, b=7/8)"] == c["AIMD"]
    assert page.caption.count("equal to the derived value") == 2
    assert page.values["a_friendly"] == sympy.Rational(1, 5)
    # simulated points approach the curve as W grows
    for gaps in page.values["gaps"].values():
        assert gaps[-1] < gaps[0]
        assert gaps[-1] < 0.01


def test_new_aimd_caption(pages):
    page = _page(pages, "New-AIMD")
    v = page.values
    assert v["congested_share"] == {"printed": 1.0, "charitable": 1.0}
    assert v["growth"]["printed"] == pytest.approx(2.0)
    assert v["growth"]["charitable"] == pytest.approx(0.0, abs=1e-12)
    assert v["efficiency_charitable"] > 0.99
    assert v["fcplus_share"] < 0.05
    assert "100% of the RTTs congested" in page.caption


# -------------------------------------------------- wrapping
def test_wrap_caption_never_cuts_a_formula():
    text = "word " * 30 + "$\\frac{a + b}{c + d} + e$ " + "more words " * 20
    wrapped = handout.wrap_caption(text, width=40)
    for line in wrapped.splitlines():
        assert line.count("$") % 2 == 0
        if "$" not in line:
            assert len(line) <= 40
    assert " ".join(wrapped.split()) == " ".join(text.split())


def test_wrap_caption_bullets_start_new_lines():
    wrapped = handout.wrap_caption("intro:\n- first item\n- second item", width=80)
    assert wrapped.splitlines() == ["intro:", "\u2022 first item", "\u2022 second item"]


def test_jain_of_the_start_is_the_metric(pages):
    page = _page(pages, "The phase plane")
    assert page.values["jain_start"] == pytest.approx(
        metrics.jain_index(np.array([10.0, 70.0])))
