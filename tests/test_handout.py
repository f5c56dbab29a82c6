"""The teaching handout: built once with the papers' quoted figures,
its pages counted in the PDF, its captions checked against independent
computations; without quotes it says nothing about the papers' figures."""

from __future__ import annotations

import ast
import math
import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import sympy
from matplotlib.mathtext import MathTextParser

from aimdmodel import AIMD, AIMDFC, AIMDFCPlus, experiments, handout, metrics, plots, simulate
from aimdmodel.cli import main
from aimdmodel.symbolic import W, derive
from papers.claims import HEADLINE, QuotedFigure


@pytest.fixture(scope="module")
def _build(tmp_path_factory):
    """The full handout with the papers' quoted figures (computed once for all tests)."""
    out = tmp_path_factory.mktemp("handout") / "handout.pdf"
    pages = handout.build_handout(out, quotes=HEADLINE)
    return out, {p.title: p for p in pages}


@pytest.fixture
def built(_build):
    return _build[0]


@pytest.fixture
def pages(_build):
    return _build[1]


@pytest.fixture(scope="module")
def plain():
    """The pages that can quote the papers, built without quotes."""
    return {p.title: p for p in handout.handout_pages(["title", "sawtooth", "new-aimd"])}


def _page(pages, start):
    (page,) = [p for t, p in pages.items() if t.startswith(start)]
    return page


def test_build_writes_a_pdf_with_one_page_per_topic(built, pages):
    data = built.read_bytes()
    assert data.startswith(b"%PDF-")
    n_pages = len(re.findall(rb"/Type /Page\b", data))
    assert n_pages == len(pages) == len(handout.TOPICS) >= 5
    # no temporary file left beside it
    assert [p.name for p in built.parent.iterdir()] == ["handout.pdf"]


def test_cli_prints_the_page_list(tmp_path, monkeypatch, capsys):
    """The CLI's output format, on a one-page handout (whatever quotes it passes)."""
    real = handout.build_handout
    monkeypatch.setattr(handout, "build_handout",
                        lambda path, topics=None, **kw: real(path, ["title"], **kw))
    out = tmp_path / "h.pdf"
    assert main(["handout", "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [f"wrote {out} (1 page)",
                     " 1. aimdmodel: the Chiu-Jain model of congestion control"]


def test_build_handout_with_a_subset_of_topics(tmp_path):
    out = tmp_path / "title.pdf"
    pages = handout.build_handout(out, topics=["title"])
    assert [p.title for p in pages] == ["aimdmodel: the Chiu-Jain model of congestion control"]
    assert out.read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize("argv", [["handout"], ["handout", "--out", "handout.txt"],
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


def test_no_topics_is_a_value_error_and_writes_nothing(tmp_path):
    out = tmp_path / "h.pdf"
    with pytest.raises(ValueError, match="at least one"):
        handout.build_handout(out, topics=[])
    assert list(tmp_path.iterdir()) == []


def test_topics_as_one_string_is_a_type_error():
    with pytest.raises(TypeError, match="topics"):
        handout.handout_pages("title")


@pytest.mark.parametrize("quotes", [[object()], "AIMD 3/4", [("policy", "claimed")]])
def test_quotes_need_the_fields_of_a_quoted_figure(quotes):
    with pytest.raises(TypeError, match="quotes"):
        handout.handout_pages(["title"], quotes=quotes)


def test_every_caption_parses_as_mathtext_and_holds_no_missing_value(pages, plain):
    parser = MathTextParser("agg")
    for page in [*pages.values(), *plain.values()]:
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
    assert titles[1].startswith("The phase plane")
    assert titles[6].startswith("New-AIMD")
    assert titles[-2].startswith("Flows with their own parameters")
    assert titles[-1].startswith("A flow that joins late")


def test_heterogeneous_and_late_joiner_pages_state_computed_values(pages):
    het = pages["Flows with their own parameters: the Perron point"].values
    assert het["mean_shares"][0] == pytest.approx(het["mean_shares"][1])  # TCP-friendly pair
    assert het["peak_shares"][0] > het["peak_shares"][1]
    assert 0 < het["lambda2"] < 1
    late = pages["A flow that joins late: AIMD and New-AIMD, both conventions"].values
    shares = late["last_flow_share"]
    aimd = [v for k, v in shares.items() if k.startswith("AIMD")]
    starved = [v for k, v in shares.items() if "charitable" in k]
    assert all(abs(v - 1 / 3) < 0.02 for v in aimd)
    assert all(v < 1e-6 for v in starved)


# -------------------------------------------------- the papers' figures come in as quotes
def test_without_quotes_the_pages_say_nothing_about_the_papers_figures(plain):
    for page in plain.values():
        for q in HEADLINE:
            assert q.source not in page.caption, page.title
            assert f"{q.text} (" not in page.caption, page.title
        assert "claim" not in page.caption.lower(), page.title
        assert "as printed in the papers" not in page.caption.lower(), page.title


def test_with_quotes_each_is_set_beside_the_derived_value(pages):
    caption = _page(pages, "The sawtooth").caption
    for q in HEADLINE[:3]:
        assert f"{q.text} ({q.source}), equal to the derived value" in caption
    assert "> 99% (Jasem et al. 2010" in _page(pages, "aimdmodel").caption
    assert "is met by the charitable reading" in _page(pages, "New-AIMD").caption


def test_a_quote_that_disagrees_is_called_unlike():
    wrong = QuotedFigure(AIMD(), Fraction(4, 5), "4/5", "a made-up source")
    (page,) = handout.handout_pages(["sawtooth"], quotes=[wrong])
    assert "AIMD 4/5 (a made-up source), unlike the derived value" in page.caption


def test_the_handout_imports_neither_the_cli_nor_the_papers():
    tree = ast.parse(Path(handout.__file__).read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    for bad in ("cli", "papers", "paper_checks", "engine", "metrics"):
        assert not any(bad in n.strip(".").split(".") for n in names), (bad, names)
    assert "eq1_utilization" not in Path(handout.__file__).read_text()


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
    # the papers' efficiencies come out of the derivation, not the caption
    assert [page.values[k].closed_form.efficiency for k in ("AIMD", "AIMD-FC", "AIMD-FC+")] == [
        sympy.Rational(3, 4), sympy.Rational(5, 6), sympy.Rational(8, 9)]


def test_phase_plane_caption_jain_values_match_the_data(pages):
    page = _page(pages, "The phase plane")
    d = experiments.phase_plane(AIMD(), (10, 70), 100, cycles=8)
    assert f"AIMD: {d.final_jain:.3f}" in page.caption
    assert page.layout == "side"


def test_convergence_caption_derived_cycle_count_equals_the_simulated_one(pages):
    page = _page(pages, "Convergence")
    for pol, key in ((AIMD(), "AIMD"), (AIMD(b=Fraction(7, 8)), "AIMD(b=7/8)"),
                     (AIMDFC(), "AIMD-FC")):
        tr = simulate(pol, [10, 70], 100, cycles=40, arithmetic="exact")
        assert page.values["cycles"][key] == metrics.cycles_to_fairness(tr, eps=1)
        assert f"{key} {page.values['cycles'][key]} " in page.caption
    assert math.ceil(page.values["formula"]) == page.values["cycles"]["AIMD"]
    steps = page.values["steps"]
    assert steps["AIMD-FC+"] < steps["AIMD-FC"] < steps["AIMD"]


def test_efficiency_caption_curves_and_points_agree(pages):
    page = _page(pages, "Efficiency")
    beta = page.values["beta"]
    # Lahanas & Tsaoussidis 2003, Eq. 1, write AIMD's efficiency with b = 1/beta as
    # (beta + 1)/(2 beta)
    assert sympy.simplify(page.values["aimd_in_beta"] - (beta + 1) / (2 * beta)) == 0
    assert max(page.values["gaps"].values()) < 0.01
    b = sympy.Symbol("b", positive=True)
    assert sympy.simplify(page.values["expressions"]["aimd"] - (1 + b) / 2) == 0


def test_response_caption_constants_and_tcp_friendly_increase(pages):
    page = _page(pages, "Response")
    c = page.values["constants"]
    assert c["AIMD"] ** 2 == sympy.Rational(3, 2)  # Lahanas & Tsaoussidis 2003, Eq. 2
    assert c["AIMD-FC"] ** 2 == sympy.Rational(5, 2)  # Lahanas & Tsaoussidis 2003, Eq. 8
    assert c["AIMD(a=1/5, b=7/8)"] == c["AIMD"]
    assert page.values["a_friendly"] == sympy.Rational(1, 5)
    # simulated points approach the curve as W grows
    for gaps in page.values["gaps"].values():
        assert gaps[-1] < gaps[0]
        assert gaps[-1] < 0.01


def test_new_aimd_caption(pages, plain):
    page = _page(pages, "New-AIMD")
    v = page.values
    assert v["congested_share"] == {"printed": 1.0, "charitable": 1.0}
    assert v["growth"]["printed"] == pytest.approx(2.0)
    assert v["growth"]["charitable"] == pytest.approx(0.0, abs=1e-12)
    assert v["efficiency_charitable"] > 0.99
    assert v["fcplus_share"] < 0.05
    assert "100% of the RTTs congested" in page.caption
    assert f"reaches an efficiency of {v['efficiency_charitable']:.4f}" in _page(
        plain, "New-AIMD").caption


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


def _drawn_texts(fig):
    """Every text a page shows, with its box in pixels (tick labels only where drawn)."""
    import matplotlib.text
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    ticks, drawn = set(), []
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                ticks.update((tick.label1, tick.label2))
            for tick in axis._update_ticks():  # the ticks inside the view: drawn
                drawn += [tick.label1, tick.label2]
    texts = [t for t in fig.findobj(matplotlib.text.Text) if t not in ticks] + drawn
    out = []
    for t in texts:
        if t.get_visible() and t.get_text().strip():
            box = t.get_window_extent(renderer)
            if box.width > 0 and box.height > 0:
                out.append((t.get_text(), box))
    return out


def test_no_two_texts_of_a_page_overlap_at_60_dpi(pages):
    """Titles, labels, tick labels, legends and captions keep apart (readable projected)."""
    import itertools

    for number, page in enumerate(pages.values(), start=1):
        fig = handout._render(page, number, len(pages))
        fig.set_dpi(60)
        texts = _drawn_texts(fig)
        assert len(texts) > 3 or number == 1
        clashes = [(a[:30], b[:30]) for (a, ba), (b, bb) in itertools.combinations(texts, 2)
                   if ba.shrunk(0.98, 0.9).overlaps(bb.shrunk(0.98, 0.9))]
        assert not clashes, (page.title, clashes[:5])


def test_the_handout_writes_one_png_or_svg_a_page(tmp_path):
    out = tmp_path / "slides.svg"
    pages = handout.build_handout(out, topics=["title"])
    files = handout.page_files(out, ["title"])
    assert [Path(f).name for f in files] == ["slides-01-title.svg"]
    assert len(pages) == 1
    assert Path(files[0]).read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slides-01-title.svg"]
    assert [Path(f).name for f in handout.page_files(tmp_path / "s.png",
                                                     ["late-joiner", "title"])] == [
        "s-01-title.png", "s-02-late-joiner.png"]  # the handout's order


def test_a_lecturer_sets_the_capacity_of_the_shared_pages():
    (page,) = handout.handout_pages(["late-joiner"], capacity=200)
    assert "$W = 200$" in page.caption
    assert all(abs(v - 1 / 3) < 0.02 for k, v in page.values["last_flow_share"].items()
               if k.startswith("AIMD"))
    with pytest.raises(ValueError, match=r"capacity must be in 100 \.\. 10000"):
        handout.handout_pages(["title"], capacity=50)
    with pytest.raises(TypeError, match="whole number"):
        handout.handout_pages(["title"], capacity=100.5)


# --------------------------------------------------------------------------
# the policies a lecturer chooses (--policy)
# --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def chosen():
    """The two policy pages for AIMD(1, 7/8) and MIMD, and the same pages with their own."""
    from aimdmodel import MIMD

    pols = [AIMD(b=Fraction(7, 8)), MIMD()]
    mine = handout.handout_pages(list(handout.POLICY_TOPICS), policies=pols)
    own = handout.handout_pages(list(handout.POLICY_TOPICS))
    return pols, mine, own


def _axes_titles(page, number=2, total=3):
    fig = handout._render(page, number, total)
    return fig, [ax.get_title() for ax in fig.axes] + [ax.get_ylabel() for ax in fig.axes]


def test_the_chosen_policies_are_named_and_drawn_on_the_policy_pages(chosen):
    pols, (phase, late), (own_phase, own_late) = chosen
    # the phase plane: one panel a policy, titled by it, and the caption names each
    fig, titles = _axes_titles(phase)
    assert [t for t in titles if t and "packets" not in t] == ["AIMD(b=7/8)", "MIMD"]
    assert "AIMD(b=7/8), MIMD" in phase.caption
    assert [name for name, _ in phase.values["jain"]] == ["AIMD(b=7/8)", "MIMD"]
    assert phase.values["policies"] == tuple(pols)
    # the figure's data are those policies' runs, not the page's own
    for ax, policy in zip(fig.axes, pols, strict=True):
        data = experiments.phase_plane(policy, (10, 70), 100, cycles=8, arithmetic="float")
        heads = np.array([a.xy for a in ax.texts if hasattr(a, "xyann")])  # the arrows
        assert np.allclose(heads, data.segments[:, 1])
    assert own_phase.values["jain"] != phase.values["jain"]
    # the late joiner: one row a policy, named on the row, in the title and the caption
    _, titles = _axes_titles(late)
    assert "AIMD(b=7/8)" in titles
    assert "MIMD" in titles
    assert late.title == "A flow that joins late: AIMD(b=7/8), MIMD, both conventions"
    assert "- AIMD(b=7/8): newcomer's share 0.33" in late.caption
    assert set(late.values["last_flow_share"]) == {
        f"{p.label()}, congestion {c}" for p in pols for c in (">=", ">")}
    assert set(own_late.values["last_flow_share"]) != set(late.values["last_flow_share"])


def test_the_chosen_policies_leave_the_other_pages_alone():
    from aimdmodel import MIMD

    mine = handout.handout_pages(["sawtooth"], policies=[MIMD()])
    assert mine[0].caption == handout.handout_pages(["sawtooth"])[0].caption


@pytest.mark.parametrize("n", [1, 3])
def test_the_chosen_policies_pages_keep_their_texts_apart_at_60_dpi(n):
    import itertools

    from aimdmodel import CUBIC, MIMD

    pols = [AIMD(b=Fraction(7, 8)), MIMD(), CUBIC()][:n]
    for number, page in enumerate(handout.handout_pages(list(handout.POLICY_TOPICS),
                                                        policies=pols), start=2):
        fig = handout._render(page, number, 3)
        fig.set_dpi(60)
        texts = _drawn_texts(fig)
        clashes = [(a[:30], b[:30]) for (a, ba), (b, bb) in itertools.combinations(texts, 2)
                   if ba.shrunk(0.98, 0.9).overlaps(bb.shrunk(0.98, 0.9))]
        assert not clashes, (page.title, clashes[:5])


def test_a_page_first_in_the_file_keeps_its_title_and_caption():
    """Only the title page draws itself whole: a phase plane first (--topics) has both."""
    (page,) = handout.handout_pages(["phase-plane"])
    fig = handout._render(page, 1, 1)
    assert fig._suptitle is not None
    assert fig._suptitle.get_text() == page.title
    assert any(t.get_text().startswith("Two flows start") for t in fig.texts)


@pytest.mark.parametrize(("policies", "error", "match"), [
    ([], ValueError, r"1 \.\. 3 policies"),
    ([AIMD()] * 4, ValueError, r"1 \.\. 3 policies .* got 4"),
    (AIMD(), TypeError, "sequence of Policy"),
    (["aimd"], TypeError, "make_policy"),
])
def test_bad_policies_are_refused(policies, error, match):
    with pytest.raises(error, match=match):
        handout.handout_pages(["phase-plane"], policies=policies)


def test_cli_policy_reaches_the_written_pages(tmp_path, capsys):
    """aimdmodel handout --policy: the policy's label is in the SVG page it writes."""
    import matplotlib

    out = tmp_path / "slides.svg"
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # the texts as text, to search
        assert main(["handout", "--out", str(out), "--topics", "phase-plane", "--policy",
                     "aimd", "--param", "b=7/8"]) == 0
    (svg,) = tmp_path.iterdir()
    assert svg.name == "slides-01-phase-plane.svg"
    text = svg.read_text(encoding="utf-8")
    assert "AIMD(b=7/8)" in text
    assert "The phase plane of two flows" in text  # the first page keeps its title
    assert "slides-01-phase-plane.svg" in capsys.readouterr().out


@pytest.mark.parametrize(("extra", "match"), [
    (["--policy", "nosuch"], "invalid choice: 'nosuch'"),
    (["--policy", "aimd", "--param", "b=3"], "b must satisfy 0 < b < 1, got 3"),
    (["--policy", "mimd", "--param", "q=1"], "unknown parameter 'q' for policy 'mimd'"),
    (["--policy", "aimd", "--param", "b"], "--param must look like NAME=VALUE"),
    (["--param", "b=1/2"], "--param needs a --policy"),
    (["--policy", "aimd"] * 4, "at most 3"),
    (["--policy", "aimd", "--topics", "title"], "--topics names neither"),
])
def test_cli_bad_policy_is_one_line_exit_2_and_writes_nothing(tmp_path, capsys, extra, match):
    assert main(["handout", "--out", str(tmp_path / "h.pdf"), *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("aimdmodel: error:")
    assert err.count("\n") == 1
    assert match in err
    assert list(tmp_path.iterdir()) == []
