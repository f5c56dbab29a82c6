"""The lab page: its runs are the toolkit's, and a real browser draws them as the sliders move."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import numpy as np
import pytest

from aimdmodel import AIMD, AIMDFC, metrics, simulate
from aimdmodel.cli import main
from aimdmodel.lab import lab_data, write_lab
from aimdmodel.symbolic import derive

GRID = {"policies": ("AIMD", "AIMD-FC"), "b": (0.5, 0.75), "starts": (10, 40, 70), "steps": 60}
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def test_the_page_holds_the_toolkits_runs_and_derives_closed_forms():
    d = lab_data(**GRID)
    fc = d["policies"][1]
    run = fc["runs"][1][2][0]  # b = 0.75, x1 = 70, x2 = 10
    tr = simulate(AIMDFC(b=0.75), [70, 10], 100, steps=60)
    np.testing.assert_allclose(np.reshape(run["w"], (-1, 2)), tr.windows, atol=0.005)
    assert run["events"] == tr.congestion_steps.tolist()
    np.testing.assert_allclose(run["jain"], metrics.jain_index(tr.windows), atol=5e-5)
    cf = derive(AIMDFC(b=0.75), flows=2)
    assert fc["bounds"][1]["efficiency"] == pytest.approx(float(cf.efficiency))
    assert fc["bounds"][1]["min"] == pytest.approx(float(cf.min_window * 100))


def test_the_command_writes_the_page_and_refuses_bad_input(tmp_path, capsys):
    out = tmp_path / "lab.html"
    assert main(["lab", "--out", str(out), "--policies", "AIMD", "--b", "1/2",
                 "--starts", "10,70", "--steps", "20"]) == 0
    page = out.read_text(encoding="utf-8")
    assert "<script" in page
    assert "src=" not in page  # nothing loaded from elsewhere
    assert main(["lab", "--out", str(tmp_path / "bad.html"), "--b", "0.5,1.5"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["aimdmodel: error: b must be in (0, 1), got 1.5"]
    assert not (tmp_path / "bad.html").exists()


def _points(page, element_id: str) -> np.ndarray:
    text = page.get_attribute(f"#{element_id}", "points")
    return np.array([[float(v) for v in p.split(",")] for p in text.split()])


def test_a_browser_draws_what_the_toolkit_computes_as_the_sliders_move(tmp_path):
    binary = _chromium()
    if binary is None:
        pytest.skip("no Chromium binary (Debian's chromium package, which .ci/run installs)")
    from playwright.sync_api import sync_playwright

    path = write_lab(tmp_path / "lab.html", **GRID)
    shots = Path(os.environ.get("AIMDMODEL_SCREENSHOTS", tmp_path))
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=binary, args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(path.as_uri())
            # first view: AIMD, b = 1/2, from (10, 70)
            tr = simulate(AIMD(b=0.5), [10, 70], 100, steps=60)
            np.testing.assert_allclose(_points(page, "phase-path"), tr.windows, atol=0.006)
            # move the b slider one notch with the keyboard, and flow 1's start
            page.focus("#b")
            page.keyboard.press("ArrowRight")
            page.focus("#x1")
            page.keyboard.press("ArrowRight")
            assert page.text_content("#b-value") == "0.75"
            tr = simulate(AIMD(b=0.75), [40, 70], 100, steps=60)
            np.testing.assert_allclose(_points(page, "phase-path"), tr.windows, atol=0.006)
            total = _points(page, "sum-path")
            np.testing.assert_allclose(total[:, 1], tr.totals, atol=0.02)
            np.testing.assert_allclose(_points(page, "jain-path")[:, 1],
                                       metrics.jain_index(tr.windows), atol=5e-5)
            assert "0.875" in page.text_content("#formulas")  # (1 + b)/2 at b = 3/4
            # another policy, and fewer steps shown
            page.select_option("#policy", label="AIMD-FC")
            page.focus("#step")
            for _ in range(10):
                page.keyboard.press("ArrowLeft")
            tr = simulate(AIMDFC(b=0.75), [40, 70], 100, steps=50)
            np.testing.assert_allclose(_points(page, "phase-path"), tr.windows, atol=0.006)
            page.screenshot(path=str(shots / "lab_page.png"), full_page=True)
            assert errors == []
        finally:
            browser.close()
    assert (shots / "lab_page.png").stat().st_size > 10_000
