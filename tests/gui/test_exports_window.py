"""The window's exports never leave half a file (issue 39): CSV (queries, sequence, structure),
PNG (the view) and GIF (animations), into a read-only folder and onto a disk that fills up
part-way. The old file stays, the window says why in a visible line and keeps working."""

from __future__ import annotations

import os

from PySide6.QtWidgets import QLabel, QPushButton

from tests.files import OLD, read_only_folder, unchanged
from tests.test_exports import disk_full_after

NAMES = ("queries.csv", "sequence.csv", "structure.csv", "view.png", "build.gif", "view.pdf")


def _export_everything(qtbot, window, folder) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Each export of the window into `folder`; what each said."""
    said: dict[str, str] = {}
    for k in range(1, 4):
        window.panels.build("queries")  # built as showing its tab would
        window.queries.run_query(0, 0, 10**k, 10**k)
    qtbot.waitUntil(lambda: len(window.session.queries) == 3, timeout=10_000)
    window.query_panel.exportRequested.emit(str(folder / "queries.csv"))
    qtbot.waitUntil(lambda: not window.queries.busy, timeout=60_000)
    said["queries.csv"] = window.query_panel.result.text()
    window.panels.build("sequence")  # built as showing its tab would
    panel = window.sequence_panel
    window.sequence.export_csv_to(str(folder / "sequence.csv"), 5000)
    qtbot.waitUntil(lambda: not window.sequence.busy, timeout=60_000)
    said["sequence.csv"] = panel.error.text()
    window.show_panel("structure")
    qtbot.waitUntil(lambda: window.structure.current is not None and not window.busy, timeout=60_000)
    window.structure.ask_path = lambda: str(folder / "structure.csv")
    window.findChild(QPushButton, "structureExport").click()
    qtbot.waitUntil(lambda: not window.structure.busy, timeout=60_000)  # written on a worker
    said["structure.csv"] = window.findChild(QLabel, "structureStatus").text()
    window.files.export_png(str(folder / "view.png"))
    said["view.png"] = window.statusBar().currentMessage()
    window.grid.set_view(0, 0, 30, 20)
    window.dialogs.animation = lambda: ("build", 6, (320, 240), str(folder / "build.gif"))
    window.asks.export_animation()
    qtbot.waitUntil(lambda: not window.exporter.busy, timeout=60_000)
    said["build.gif"] = window.exporter.last
    window.files.export_figure(str(folder / "view.pdf"))
    qtbot.waitUntil(lambda: not window.exporter.busy, timeout=60_000)
    said["view.pdf"] = window.exporter.last
    return said


def _check(said: dict[str, str], why: str) -> None:
    for name, text in said.items():
        assert why in text and "\n" not in text, (name, text)


def test_exports_into_a_read_only_folder_keep_the_old_files(qtbot, window, tmp_path):
    with read_only_folder(tmp_path, NAMES) as folder:
        said = _export_everything(qtbot, window, folder)
        assert unchanged(folder, NAMES)
    _check(said, "Read-only file system" if os.geteuid() == 0 else "Permission denied")
    window.select_position(5, 7)  # and the window keeps working
    qtbot.waitUntil(lambda: window.session.report is not None, timeout=10_000)


def test_exports_onto_a_full_disk_keep_the_old_files(qtbot, window, tmp_path):
    folder = tmp_path / "full"
    folder.mkdir()
    for name in NAMES:
        (folder / name).write_bytes(OLD)
    with disk_full_after(len(OLD) + 16):
        said = _export_everything(qtbot, window, folder)
    assert unchanged(folder, NAMES)
    _check(said, "too large")  # EFBIG: "File too large", as the system says it
