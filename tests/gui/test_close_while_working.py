"""Issue 10 item 3: closing the window while a worker runs printed "RuntimeError: Signal source has
been deleted" from superqt's worker (its signal object died with the window)."""

from __future__ import annotations

import sys

from PySide6.QtCore import QSettings, QThreadPool
from PySide6.QtWidgets import QApplication


def test_closing_the_window_while_workers_run_is_quiet(qtbot, tmp_path, capfd):
    from explorer.gui.main_window import MainWindow

    errors: list[str] = []
    old = sys.excepthook
    sys.excepthook = lambda kind, exc, tb: errors.append(f"{kind.__name__}: {exc}")
    try:
        win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
        win.show()
        qtbot.waitExposed(win)
        huge = 7 * 10**30_000 + 1
        win.go_to_position(huge, huge // 3)  # a report and a raster of 30 000 digits, on workers
        win.panels.build("sequence")  # built as showing its tab would
        win.sequence.jump(str(huge))
        win.sequence_panel.model.row(0)
        QApplication.processEvents()
        assert win.busy
        win.close()
        win.deleteLater()
        del win
        for _ in range(50):
            QApplication.processEvents()
        assert QThreadPool.globalInstance().waitForDone(60_000)
        for _ in range(20):
            QApplication.processEvents()
    finally:
        sys.excepthook = old
    _, err = capfd.readouterr()
    assert not errors
    assert "Signal source has been deleted" not in err and "Traceback" not in err
