"""Figures: the plot functions only draw. Their artists are checked
against the result objects they are given (artists, not pixels); plots.py
imports nothing that simulates or derives; mathtext never evaluates a string."""

from __future__ import annotations

import ast
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pytest
import sympy

from aimdmodel import AIAD, AIMD, AIMDFC, MIAD, AIMDFCPlus, experiments, plots, simulate

plt.switch_backend("Agg")

X0 = (10, 70)
W = 100
PLOTS = Path(plots.__file__)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _new_ax():
    return plt.subplots()[1]


# ------------------------------------------------------------------ drawing only
def _imports(path: Path) -> set[str]:
    """Every module a file imports, anywhere in it (functions included)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            names.update(f"{base}.{a.name}" if not node.module else base for a in node.names)
    return names


def test_plots_imports_nothing_that_simulates_or_derives():
    ours = {n for n in _imports(PLOTS) if n.startswith(".") or n.startswith("aimdmodel")}
    assert ours <= {"._validate", ".policies", "aimdmodel.policies"}, ours
    forbidden = ("engine", "engines", "metrics", "symbolic", "trajectory", "sweep", "handout",
                 "experiments", "cli", "papers", "paper_checks")
    for name in _imports(PLOTS):
        assert not any(part in forbidden for part in name.strip(".").split(".")), name


def test_plot_functions_take_data_and_ax_first():
    import inspect

    for name in plots.__all__:
        if name.startswith("plot_"):
            params = list(inspect.signature(getattr(plots, name)).parameters)
            assert params[1] == "ax", name


# ------------------------------------------------------------------ phase plane
def test_plot_phase_plane_draws_one_arrow_per_segment():
    ax = _new_ax()
    d = experiments.phase_plane(AIMDFCPlus(), X0, W, cycles=4)
    artists = plots.plot_phase_plane(d, ax)
    arrows = artists[3:]
    assert len(arrows) == len(d.segments)
    for arrow, (p, q) in zip(arrows, d.segments, strict=True):
        np.testing.assert_allclose(arrow.xy, q)
        np.testing.assert_allclose(arrow.xyann, p)
    assert ax.get_xlabel().endswith("(packets)")
    assert ax.get_ylabel().endswith("(packets)")
    assert ax.get_title() == "AIMD-FC+(a=1, b=1/2, f=1/2)"
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any("increase" in t for t in labels)
    assert any("decrease" in t for t in labels)
    assert "start (10, 70)" in labels


def test_phase_plane_legend_handles_for_a_shared_legend():
    d = experiments.phase_plane(AIMD(), X0, W, cycles=2)
    artists = plots.plot_phase_plane(d, _new_ax(), legend=False)
    handles = plots.phase_plane_legend_handles(artists)
    assert handles[:3] == artists[:3]
    assert [h.get_linestyle() for h in handles[3:]] == ["-", "--"]


# ------------------------------------------------------------------ convergence
@pytest.mark.parametrize(("quantity", "against"), [("difference", "cycle"), ("jain", "step")])
def test_plot_convergence_lines_are_the_data(quantity, against):
    ax = _new_ax()
    data = [experiments.convergence(p, X0, W, cycles=6) for p in (AIMD(), AIMDFC(),
                                                                   AIAD(a=1, d=8))]
    lines = plots.plot_convergence(data, ax, quantity=quantity, against=against)
    assert len(lines) == 3
    for line, d in zip(lines, data, strict=True):
        x = d.cycle if against == "cycle" else d.step
        y = d.difference if quantity == "difference" else d.jain
        np.testing.assert_array_equal(line.get_xdata(), x)
        np.testing.assert_array_equal(line.get_ydata(), y)
        assert line.get_label() == d.policy.label()
    assert ax.get_yscale() == ("log" if quantity == "difference" else "linear")
    # black-and-white: no two lines share both line style and marker
    assert len({(str(ln.get_linestyle()), ln.get_marker()) for ln in lines}) == 3


def test_plot_convergence_takes_one_result():
    d = experiments.convergence(AIMD(), X0, W, cycles=3)
    (line,) = plots.plot_convergence(d, _new_ax())
    np.testing.assert_array_equal(line.get_ydata(), d.difference)


@pytest.mark.parametrize(("kw", "name"), [({"quantity": "loss"}, "quantity"),
                                          ({"against": "time"}, "against")])
def test_plot_convergence_rejects_bad_options(kw, name):
    d = experiments.convergence(AIMD(), X0, W, cycles=2)
    with pytest.raises(ValueError, match=name):
        plots.plot_convergence([d], **kw)


# ------------------------------------------------------------------ New-AIMD
def test_plot_new_aimd_marks_every_congestion_step():
    ax = _new_ax()
    d = experiments.new_aimd("charitable", X0, W, steps=80)
    artists = plots.plot_new_aimd(d, ax)
    marks = artists[-1]
    assert marks.get_xdata().tolist() == np.flatnonzero(d.feedback == 0).tolist()
    np.testing.assert_array_equal(artists[2].get_ydata(), d.totals)
    assert "packets" in ax.get_ylabel()
    assert "RTT" in ax.get_xlabel()
    assert ax.get_title() == "New-AIMD(a=1, b=1/2, charitable), x0 = (10, 70)"


# ------------------------------------------------------------------ labels, windows
def test_legend_labels_are_the_policy_labels():
    assert MIAD(c=2, d=1, floor=1).label() == "MIAD(c=2, d=1, floor=1)"
    d = experiments.convergence(AIMD(b=0.875), X0, W, cycles=2, arithmetic="float")
    (line,) = plots.plot_convergence(d, _new_ax())
    assert line.get_label() == "AIMD(a=1, b=0.875)"


def test_plot_windows_draws_every_flow_the_sum_and_w():
    tr = simulate(AIMD(), [1, 30], W, steps=100)
    artists = plots.plot_windows(tr, ax=_new_ax())
    np.testing.assert_array_equal(artists[0].get_ydata(), tr.windows[:, 0])
    np.testing.assert_array_equal(artists[2].get_ydata(), tr.totals)
    assert artists[3].get_ydata()[0] == W


def test_trajectory_plot_is_plot_windows():
    tr = simulate(AIMD(), [1, 30], W, steps=60)
    mine, theirs = tr.plot(_new_ax()), plots.plot_windows(tr, _new_ax())
    assert [a.get_label() for a in mine] == [a.get_label() for a in theirs]


def test_styles_differ_in_black_and_white():
    keys = {(str(s["linestyle"]), s["marker"]) for s in plots.STYLES}
    assert len(keys) == len(plots.STYLES)


def test_plot_windows_draws_a_cycle_record_at_its_knots():
    """record='cycles' keeps windows at the knots only: they are drawn at their steps."""
    full = simulate(AIMD(), [1, 30], 1000, cycles=6, arithmetic="exact")
    knots = simulate(AIMD(), [1, 30], 1000, cycles=6, arithmetic="exact", record="cycles")
    artists = plots.plot_windows(knots, ax=_new_ax())
    x, y = artists[0].get_data()
    times = knots.cycle_record.times
    assert np.array_equal(np.asarray(x), times)
    assert np.array_equal(np.asarray(y, dtype=float), full.windows[times, 0].astype(float))
    none = simulate(AIMD(), [1, 30], 1000, cycles=6, record="none")
    with pytest.raises(ValueError, match="record='all'"):
        plots.plot_windows(none)


# ------------------------------------------------------------------ closed-form figures
def test_plot_sawtooth_draws_the_data():
    ax = _new_ax()
    d = experiments.sawtooth(AIMDFC(), 90)
    artists = plots.plot_sawtooth(d, ax)
    np.testing.assert_array_equal(artists[0].get_ydata(), d.window)
    assert [a.get_ydata()[0] for a in artists[1:]] == [90, d.min_window, d.mean_window]
    assert "$2 W/3$" in artists[2].get_label()
    assert "$5 W/6$" in artists[3].get_label()


def test_plot_efficiency_curve_artists_are_the_data():
    ax = _new_ax()
    d = experiments.efficiency_curve("aimd", b_points=(0.5, 0.8), capacity=200, cycles=8)
    arts = plots.plot_efficiency_curve(d, ax)
    np.testing.assert_allclose(arts[0].get_ydata(), d.efficiency)
    np.testing.assert_allclose(arts[1].get_ydata(), d.simulated)
    assert arts[1].get_linestyle() == "None"
    assert "$(b + 1)/2$" in arts[0].get_label()


def test_plot_response_is_log_log_one_curve_and_points_per_result():
    ax = _new_ax()
    data = [experiments.response(p, capacities=(40, 160)) for p in (AIMD(), AIMDFC())]
    arts = plots.plot_response(data, ax)
    assert len(arts) == 4
    assert ax.get_xscale() == ax.get_yscale() == "log"
    np.testing.assert_array_equal(arts[3].get_ydata(), data[1].throughput_points)
    assert arts[2].get_label() == "AIMD-FC(a=1, b=1/2): $C = \\sqrt{10}/2$"


# ------------------------------------------------------------------ mathtext
def test_mathtext_inline_fractions():
    b = sympy.Symbol("b", positive=True)
    assert plots.mathtext(sympy.Rational(5, 6)) == "5/6"
    assert plots.mathtext((2 * b - 5) / (3 * (b - 2))) == "(2 b - 5)/(3 b - 6)"
    assert plots.mathtext(sympy.Integer(2)) == "2"


def test_mathtext_takes_plain_numbers():
    from fractions import Fraction

    assert plots.mathtext(Fraction(3, 4)) == "3/4"
    assert plots.mathtext(2) == "2"
    assert plots.mathtext(np.float64(0.25)) == "0.25"


def test_mathtext_never_evaluates_a_string(tmp_path):
    marker = tmp_path / "ran"
    code = f"__import__('pathlib').Path({str(marker)!r}).touch() or 1"
    with pytest.raises(TypeError, match="not a str"):
        plots.mathtext(code)
    with pytest.raises(TypeError, match="not a str"):
        plots.mathtext("__import__('os').system('id') or 1")
    assert not marker.exists()


@pytest.mark.parametrize("bad", [object(), [1, 2], None])
def test_mathtext_rejects_what_is_not_an_expression(bad):
    with pytest.raises(TypeError, match="expr"):
        plots.mathtext(bad)
