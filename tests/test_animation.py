"""Animations: every frame shows the trajectory's own rows up to its step."""

from __future__ import annotations

import shutil

import matplotlib
import numpy as np
import pytest
from PIL import Image

from aimdmodel import AIMD, AIMDFC, simulate
from aimdmodel.animation import animate, frame_steps, save_animation
from aimdmodel.cli import main

matplotlib.use("Agg")


def _line(anim, label):
    return next(a for a in anim._fig.axes[0].lines if a.get_label() == label)


def test_the_phase_plane_frames_draw_the_path_up_to_their_step(tmp_path):
    tr = simulate(AIMD(), [10, 70], 100, steps=60)
    anim = animate(tr, max_frames=7, figsize=(3, 3))
    out = save_animation(anim, tmp_path / "pp.gif", dpi=30)
    with Image.open(out) as gif:
        assert gif.n_frames == len(anim.frame_steps) == 7
    # after saving, the artists hold the last frame: the whole path, every congestion event
    x, y = _line(anim, "path of $(x_1, x_2)$").get_data()
    np.testing.assert_array_equal(np.column_stack([x, y]), tr.windows)
    ex, ey = _line(anim, "congestion event (feedback 0)").get_data()
    np.testing.assert_array_equal(np.column_stack([ex, ey]), tr.windows[tr.congestion_steps])


def test_the_windows_view_draws_each_flow_and_the_sum(tmp_path):
    tr = simulate(AIMDFC(), [5, 20, 60], 100, steps=40)
    anim = animate(tr, max_frames=4, figsize=(3, 2))
    save_animation(anim, tmp_path / "w.html", dpi=30)
    page = (tmp_path / "w.html").read_text()
    assert page.count("data:image/png;base64") == len(anim.frame_steps) == 4
    for i in range(3):
        _, y = _line(anim, f"flow {i + 1}").get_data()
        np.testing.assert_array_equal(y, tr.windows[:, i])
    np.testing.assert_allclose(_line(anim, "sum of windows").get_data()[1], tr.totals)


def test_frame_steps_end_at_the_last_step():
    s = frame_steps(1000, 120)
    assert (s[0], s[-1], len(s)) == (0, 1000, 120)
    assert np.all(np.diff(s) > 0)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [({"view": "phase"}, "view='phase' needs 2 flows"), ({"view": "movie"}, "view must be"),
     ({"max_frames": 1}, "max_frames must be at least 2")],
)
def test_bad_input_names_the_parameter(kwargs, match):
    tr = simulate(AIMD(), [1, 2, 3], 100, steps=5)
    with pytest.raises(ValueError, match=match):
        animate(tr, **kwargs)


def test_a_run_without_every_step_is_refused():
    tr = simulate(AIMD(), [1, 30], 100, steps=50, record="cycles")
    with pytest.raises(ValueError, match="record='all'"):
        animate(tr)


def test_the_cli_writes_a_gif_and_says_when_mp4_cannot_be_made(tmp_path, capsys):
    out = tmp_path / "a.gif"
    assert main(["simulate", "--windows", "10,70", "--steps", "3", "--animate", str(out)]) == 0
    with Image.open(out) as gif:
        assert gif.n_frames == 4
    if shutil.which("ffmpeg") is None:
        assert main(["simulate", "--animate", str(tmp_path / "a.mp4")]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1
        assert "ffmpeg" in err[0]
