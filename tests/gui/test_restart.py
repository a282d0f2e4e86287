"""The view survives a restart (issue 35): each relaunch opened about 6.5x further out than the
view that was saved, because it was restored before the window had its final size."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from explorer.gui.main_window import MainWindow


def _open(qtbot, path):  # type: ignore[no-untyped-def]
    win = MainWindow(settings=QSettings(str(path), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.resize(1200, 760)
    win.show()
    qtbot.waitExposed(win)
    qtbot.wait(100)
    qtbot.waitUntil(lambda: not win.busy, timeout=30_000)
    return win


def test_a_relaunch_opens_the_view_that_was_closed(qtbot, tmp_path):
    ini = tmp_path / "settings.ini"
    first = _open(qtbot, ini)
    first.grid.set_view(1000, 2000, 1100, 2065)
    qtbot.wait(50)
    seen = first.grid.visible_cells()
    first.close()
    for _ in range(3):  # and again: the view does not drift from launch to launch
        again = _open(qtbot, ini)
        x0, y0, x1, y1 = again.grid.visible_cells()
        width, height = seen[2] - seen[0], seen[3] - seen[1]
        assert abs((x1 - x0) - width) <= max(2, width // 20), (seen, (x0, y0, x1, y1))
        assert abs((y1 - y0) - height) <= max(2, height // 20), (seen, (x0, y0, x1, y1))
        assert abs(x0 - seen[0]) <= max(2, width // 20) and abs(y0 - seen[1]) <= max(2, height // 20)
        again.close()
