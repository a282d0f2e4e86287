"""docs/tour.ipynb runs from top to bottom in a fresh kernel (so the tour cannot rot), and each
of its pictures comes out as a PNG."""

from __future__ import annotations

import base64
import os
from pathlib import Path

import pytest

TOUR = Path(__file__).resolve().parent.parent / "docs" / "tour.ipynb"


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # jupyter_client and zmq's own
def test_the_tour_runs_in_a_fresh_kernel(monkeypatch, tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path))
    nb = nbformat.read(TOUR, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
    client = nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(TOUR.parent)}}
    )
    client.execute()  # raises CellExecutionError, with the cell and its traceback, on any error
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.outputs for c in code), "every cell of the tour shows something"
    pictures = [o["data"]["image/png"] for c in code for o in c.outputs if "image/png" in o.get("data", {})]
    assert len(pictures) >= 6
    for png in pictures:
        assert base64.b64decode(png)[:8] == b"\x89PNG\r\n\x1a\n"
    texts = "".join(o.get("data", {}).get("text/plain", "") + o.get("text", "") for c in code for o in c.outputs)
    assert "Error" not in texts and "False" not in texts  # the tour's checks all come out True
    assert os.environ["JUPYTER_PLATFORM_DIRS"] == "1"
