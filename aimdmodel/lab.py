"""The lab page: one self-contained HTML file that students open in a browser, no Python.

:func:`lab_page` runs two flows of each policy of :data:`LAB_POLICIES` over
a grid of decrease factors ``b`` and starting windows ``(x1, x2)`` with
:func:`aimdmodel.simulate`, computes Jain's index with
:func:`aimdmodel.metrics.jain_index` and the closed forms with
:func:`aimdmodel.symbolic.derive` (through :mod:`aimdmodel.classroom`), and
writes them into one HTML page with sliders over the grid. The page's
script only looks the chosen run up and draws it (SVG); no policy, no
congestion rule and no metric is written in JavaScript. The page needs no
network: its style, script and data are inline.

The default grid (5 policies x 4 values of ``b`` x 5 x 5 starting windows,
200 steps) makes a page of about 1.5 MB; the size grows with
``len(b) * len(starts)**2 * steps``. :func:`write_lab` writes it
atomically; ``aimdmodel lab --out lab.html`` is the command.

Examples
--------
>>> page = lab_page(policies=("AIMD",), b=(0.5,), starts=(10, 70), steps=20)
>>> page.startswith("<!DOCTYPE html>"), "src=" in page, "<link" in page  # nothing fetched
(True, False, False)
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from . import __version__, metrics
from ._io import atomic_write_text
from .classroom import (
    TEACHING_POLICIES,
    bounds,
    parameters_of,
    symbolic_closed_form,
    teaching_policy,
)
from .engine import simulate

__all__ = [
    "DEFAULT_B",
    "DEFAULT_STARTS",
    "LAB_POLICIES",
    "lab_data",
    "lab_page",
    "write_lab",
]

LAB_POLICIES = ("AIMD", "AIMD-FC", "AIMD-FC+", "New-AIMD (printed)", "New-AIMD (charitable)")
"""The policies of the page (keys of :data:`aimdmodel.classroom.TEACHING_POLICIES`)."""

DEFAULT_B = (0.25, 0.5, 0.75, 0.875)
"""Decrease factors ``b`` of the default grid (0.875 is TCP-friendly AIMD's 7/8)."""

DEFAULT_STARTS = (10, 25, 40, 55, 70)
"""Starting windows of the default grid, for each of the two flows (packets, W = 100)."""


def _check_grid(policies: Sequence[str], b: Sequence[float], starts: Sequence[float],
                capacity: float, steps: int) -> None:
    for p in policies:
        if p not in TEACHING_POLICIES or "b" not in parameters_of(p):
            raise ValueError(f"policies must be among {', '.join(LAB_POLICIES)}, got {p!r}")
    for name, values in (("policies", policies), ("b", b), ("starts", starts)):
        if len(values) == 0:
            raise ValueError(f"{name} must hold at least one value")
        if len(set(values)) != len(values):
            raise ValueError(f"{name} must not repeat a value, got {list(values)}")
    for v in b:
        if not 0 < v < 1:
            raise ValueError(f"b must be in (0, 1), got {v}")
    if isinstance(steps, bool) or not isinstance(steps, (int, np.integer)) or \
            not 1 <= steps <= 5000:
        raise ValueError(f"steps must be an int in [1, 5000], got {steps!r}")
    if not 0 < capacity <= 1e6:
        raise ValueError(f"capacity must be in (0, 1e6], got {capacity}")
    for v in starts:
        if not 0 <= v <= capacity:
            raise ValueError(f"starts must be in [0, capacity = {capacity:g}], got {v}")


def _compact(values: np.ndarray, digits: int) -> list:
    """Round for the page; whole numbers without a decimal point (a smaller file)."""
    out = np.round(np.asarray(values, dtype=np.float64), digits)
    return [int(v) if v == int(v) else float(v) for v in out.ravel()]


def _runs(label: str, bv: float, starts: Sequence[float], capacity: float, steps: int) -> list:
    """All starting pairs of one policy and one ``b``, as one batched run."""
    pairs = [[x1, x2] for x1 in starts for x2 in starts]
    tr = simulate(teaching_policy(label, b=bv), pairs, capacity, steps=steps)
    w = np.asarray(tr.windows, dtype=np.float64)  # (T+1, B, 2)
    jain = metrics.jain_index(w)  # (T+1, B)
    runs = []
    for k in range(len(pairs)):
        runs.append({
            "w": _compact(w[:, k, :], 2),  # x1, x2 of step 0, then of step 1, ...
            "events": [int(e) for e in tr.congestion_steps[k]],
            "jain": _compact(jain[:, k], 4),
        })
    n = len(starts)
    return [runs[i * n:(i + 1) * n] for i in range(n)]  # [i][j]: x1 = starts[i], x2 = starts[j]


def _formulas(label: str) -> dict[str, Any]:
    """Return the closed forms of a policy for two flows, as MathML, and derive's reason."""
    import sympy

    cf = symbolic_closed_form(label, 2)
    out: dict[str, Any] = {"reason": cf.reason if cf.success else cf.message}
    b = bounds(label, parameters_of(label), flows=2, capacity=1.0)
    for key in ("min", "mean", "efficiency"):
        expr = b[f"{key}_formula"]
        out[key] = None if expr is None else sympy.mathml(sympy.factor(expr),
                                                          printer="presentation")
    return out


def lab_data(
    *,
    policies: Sequence[str] = LAB_POLICIES,
    b: Sequence[float] = DEFAULT_B,
    starts: Sequence[float] = DEFAULT_STARTS,
    capacity: float = 100,
    steps: int = 200,
) -> dict[str, Any]:
    """Compute what the lab page shows: every run of the grid and the closed forms.

    Parameters
    ----------
    policies : sequence of str
        Policies of the page, among :data:`LAB_POLICIES` (default all).
    b : sequence of float
        Decrease factors, each in (0, 1) (default :data:`DEFAULT_B`).
    starts : sequence of float
        Starting windows offered for each of the two flows, in ``[0, W]``
        (default :data:`DEFAULT_STARTS`).
    capacity : float
        ``W`` in packets per RTT (default 100).
    steps : int
        Steps of each run, 1 .. 5000 (default 200).

    Returns
    -------
    dict
        JSON-ready: ``capacity``, ``steps``, ``b``, ``starts``, and per
        policy its ``label``, closed forms (``formulas``: MathML, or None
        with derive's ``reason``), ``bounds`` per ``b`` (``min``, ``mean``
        in packets and ``efficiency``, or None) and ``runs[bi][i][j]``:
        the run from ``(starts[i], starts[j])`` with ``b[bi]`` (``w`` the
        windows flattened step by step, ``events`` the congestion steps,
        ``jain`` Jain's index per step).

    Raises
    ------
    ValueError
        A policy outside :data:`LAB_POLICIES`, an empty or repeated grid,
        a value out of its range (the message names it).

    Examples
    --------
    >>> d = lab_data(policies=("AIMD",), b=(0.5,), starts=(10, 70), steps=40)
    >>> run = d["policies"][0]["runs"][0][0][1]   # b = 0.5, x1 = 10, x2 = 70
    >>> run["w"][:4], run["events"], d["policies"][0]["bounds"][0]["efficiency"]
    ([10, 70, 11, 71], [10, 36], 0.75)
    """
    _check_grid(policies, b, starts, capacity, steps)
    out: dict[str, Any] = {"capacity": float(capacity), "steps": int(steps),
                           "b": [float(v) for v in b], "starts": [float(v) for v in starts],
                           "version": __version__, "policies": []}
    for label in policies:
        entry = {"label": label, "formulas": _formulas(label), "bounds": [], "runs": []}
        for bv in b:
            values = {**parameters_of(label), "b": float(bv)}
            cf = bounds(label, values, flows=2, capacity=float(capacity))
            entry["bounds"].append({k: cf[k] for k in ("min", "mean", "efficiency")})
            entry["runs"].append(_runs(label, float(bv), starts, float(capacity), steps))
        out["policies"].append(entry)
    return out


def _efficiencies() -> dict[str, str]:
    """Return the efficiencies the page's texts quote, from derive (default parameters)."""
    out = {}
    for key, label in (("AIMD", "AIMD"), ("FC", "AIMD-FC"), ("FCPLUS", "AIMD-FC+")):
        cf = symbolic_closed_form(label, 2)
        values = {s: parameters_of(label)[s.name] for s in cf.efficiency.free_symbols}
        out[f"%%{key}_HALF%%"] = str(cf.efficiency.subs(values).nsimplify())
        out[f"%%{key}_FORMULA%%"] = str(cf.efficiency)
    return out


def _command(b: Sequence[float], starts: Sequence[float], capacity: float, steps: int) -> str:
    def csv(values: Sequence[float]) -> str:
        return ",".join(f"{v:g}" for v in values)

    return (f"aimdmodel lab --out lab.html --b {csv(b)} --starts {csv(starts)} "
            f"--capacity {capacity:g} --steps {steps}")


def lab_page(
    *,
    policies: Sequence[str] = LAB_POLICIES,
    b: Sequence[float] = DEFAULT_B,
    starts: Sequence[float] = DEFAULT_STARTS,
    capacity: float = 100,
    steps: int = 200,
) -> str:
    """Return the lab page: one self-contained HTML document (no network needed).

    Parameters
    ----------
    policies, b, starts, capacity, steps
        The grid, as for :func:`lab_data`.

    Returns
    -------
    str
        The HTML page; its data are in ``<script id="lab-data"
        type="application/json">``.

    Raises
    ------
    ValueError
        As :func:`lab_data`.

    Examples
    --------
    >>> page = lab_page(policies=("AIMD-FC",), b=(0.5,), starts=(10, 70), steps=20)
    >>> "AIMD-FC" in page, 'id="lab-data"' in page
    (True, True)
    """
    data = lab_data(policies=policies, b=b, starts=starts, capacity=capacity, steps=steps)
    template = resources.files("aimdmodel").joinpath("lab_template.html").read_text("utf-8")
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    for key, value in _efficiencies().items():
        template = template.replace(key, value)
    return (template.replace("%%DATA%%", payload)
            .replace("%%COMMAND%%", _command(b, starts, capacity, steps))
            .replace("%%VERSION%%", __version__))


def write_lab(path: str | os.PathLike, **grid: Any) -> Path:
    """Write the lab page to ``path`` atomically (whole or not at all).

    Parameters
    ----------
    path : str or path-like
        Where to write; must end in ``.html``.
    **grid
        ``policies``, ``b``, ``starts``, ``capacity``, ``steps`` of
        :func:`lab_data`.

    Returns
    -------
    Path
        ``path``.

    Raises
    ------
    ValueError
        If ``path`` does not end in ``.html``, or as :func:`lab_data`.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "lab.html"
    >>> write_lab(out, policies=("AIMD",), b=(0.5,), starts=(10,), steps=10).stat().st_size > 0
    True
    """
    if not str(path).lower().endswith(".html"):
        raise ValueError(f"the lab page is HTML: path must end in .html, got {str(path)!r}")
    atomic_write_text(path, lab_page(**grid))
    return Path(path)
