"""The notebook explorer: set its controls in code, check what it draws."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from aimdmodel import AIMD, AIMDFC, explore, metrics, simulate
from aimdmodel.symbolic import W, derive


def _pixels(png: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(png)) as im:
        return np.asarray(im.convert("RGB"), dtype=np.int16)


def test_moving_sliders_draws_the_run_the_toolkit_computes():
    ex = explore("AIMD", windows=(10, 70), steps=150)
    ex.controls["b"].value = 0.7
    ex.controls["a"].value = 2.0
    ex.controls["windows"].value = "5, 40"
    tr = simulate(AIMD(a=2, b=0.7), [5, 40], 100, steps=150)
    x, y = ex.artists["main"][0].get_data()
    np.testing.assert_array_equal(np.column_stack([x, y]), tr.windows)
    np.testing.assert_array_equal(ex.artists["sum"].get_ydata(), tr.totals)
    np.testing.assert_allclose(ex.artists["jain"].get_ydata(), metrics.jain_index(tr.windows))
    ex_, ey = ex.artists["events"].get_data()
    np.testing.assert_array_equal(np.column_stack([ex_, ey]), tr.windows[tr.congestion_steps])
    # the bounds are derive's closed forms at these values
    cf = derive(AIMD(a=2, b=0.7), flows=2)
    assert ex.artists["min"].get_ydata()[0] == pytest.approx(float(cf.min_window * 100))
    assert ex.artists["mean"].get_ydata()[0] == pytest.approx(float(cf.efficiency * 100))


def test_more_flows_draw_windows_against_the_step_and_the_options_reach_the_run():
    ex = explore("AIMD", steps=80)
    ex.set(policy="AIMD-FC", flows=3, b=0.25, congestion=">", arithmetic="exact")
    x0 = [float(v) for v in ex.controls["windows"].value.split(",")]
    tr = simulate(AIMDFC(b=0.25), x0, 100, steps=80, congestion=">", arithmetic="exact")
    assert ex.trajectory.arithmetic == "exact"
    assert len(ex.artists["main"]) == 3
    for i, line in enumerate(ex.artists["main"]):
        np.testing.assert_array_equal(line.get_ydata(), tr.windows[:, i].astype(float))
    cf = derive(AIMDFC(b=0.25), flows=3)
    assert ex.artists["mean"].get_ydata()[0] == pytest.approx(float(cf.efficiency * 100))


def test_a_policy_without_a_sawtooth_hides_the_bounds_and_says_why():
    ex = explore("New-AIMD (printed)", windows=(10, 70), steps=60)
    assert not ex.artists["mean"].get_visible()
    assert "no closed-form efficiency" in ex.status.value


def test_bad_windows_keep_the_drawing_and_say_why():
    ex = explore("AIMD", windows=(10, 70), steps=60)
    before = ex.trajectory
    ex.controls["windows"].value = "10, x"
    assert ex.trajectory is before
    assert "windows must be numbers" in ex.message
    assert "windows must be numbers" in ex.status.value


def test_a_quick_redraw_shows_the_same_picture_as_a_full_one():
    ex = explore("AIMD", windows=(10, 70), steps=100)
    ex.controls["b"].value = 0.8  # axes unchanged: only the data is redrawn
    fresh = explore("AIMD", windows=(10, 70), steps=100, b=0.8)
    quick, full = _pixels(ex.image.value), _pixels(fresh.image.value)
    assert quick.shape == full.shape
    assert np.mean(np.abs(quick - full) > 40) < 0.002  # the same but for antialiasing


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [({"flows": 9}, r"flows must be in \[1, 8\]"), ({"b": 1.5}, r"b must be in"),
     ({"capacity": 5}, "capacity must be in"), ({"g": 1}, "has no parameter 'g'"),
     ({"policy": "TCP"}, "policy must be one of")],
)
def test_bad_input_names_the_parameter(kwargs, match):
    with pytest.raises(ValueError, match=match):
        explore(**kwargs)


def test_the_closed_forms_are_derived_with_symbols_once():
    ex = explore("AIMD", windows=(10, 70), steps=50)
    assert W in ex.closed_form["mean_formula"].free_symbols


def test_set_changes_several_controls_with_one_redraw_and_names_a_wrong_one():
    ex = explore("AIMD", windows=(10, 70), steps=40)
    ex.set(b=0.75, windows="20, 30")
    np.testing.assert_array_equal(ex.trajectory.windows,
                                  simulate(AIMD(b=0.75), [20, 30], 100, steps=40).windows)
    with pytest.raises(ValueError, match="no control 'B'"):
        ex.set(B=0.5)
