"""The teaching notebooks: committed without outputs, read as
handouts (prose first), and run headless from top to bottom without an
error or a warning."""

from __future__ import annotations

from pathlib import Path

import nbclient
import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
NAMES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))  # every notebook, none forgotten
CELL_TIMEOUT = 120  # seconds per cell


def _read(name: str) -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOKS / name, as_version=4)


@pytest.mark.parametrize("name", NAMES)
def test_notebook_is_committed_without_outputs_and_starts_with_prose(name):
    nb = _read(name)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code, f"{name} has no code"
    for cell in code:
        assert cell.outputs == [], f"{name}: a code cell was committed with outputs"
        assert cell.execution_count is None
    assert nb.cells[0].cell_type == "markdown"
    assert nb.cells[0].source.startswith("# ")
    assert nb.metadata["kernelspec"]["name"] == "python3"


def _stream_text(nb: nbformat.NotebookNode, name: str) -> str:
    return "".join(
        o.get("text", "")
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.outputs
        if o.output_type == "stream" and o.name == name
    )


@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs_headless(name, tmp_path):
    nb = _read(name)
    client = nbclient.NotebookClient(
        nb,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",
        # run in a scratch folder: nothing the kernel writes (e.g. hypothesis's
        # .hypothesis cache) lands in the source tree
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()  # raises CellExecutionError on the first failing cell
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]
    assert errors == []
    assert "Warning" not in _stream_text(nb, "stderr")
    # a handout shows results: the code prints or draws something
    assert _stream_text(nb, "stdout").strip()
