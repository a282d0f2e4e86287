from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture
def window(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from explorer.gui.main_window import MainWindow

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    win.resize(1200, 760)
    win.show()
    qtbot.waitExposed(win)
    qtbot.wait(50)  # let the docks and the aspect-locked view settle to the final size
    win.grid.reset_view()
    win.grid.render_now()
    qtbot.wait(20)
    return win
