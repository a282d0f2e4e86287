"""Start the Qt application and open the main window."""

from __future__ import annotations

import sys


def application():  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Wythoff Explorer")
    app.setOrganizationName("WythoffExplorer")
    return app


def run_window() -> int:
    app = application()
    from explorer.gui.main_window import MainWindow

    window = MainWindow()
    window.show()
    return int(app.exec())
