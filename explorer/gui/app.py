"""Start the Qt application and open the main window."""

from __future__ import annotations

import sys


def run_window() -> int:
    from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    window = QMainWindow()
    window.setWindowTitle("Wythoff Explorer")
    window.setCentralWidget(QLabel("Wythoff Explorer: the grid view is on its way."))
    window.resize(800, 600)
    window.show()
    return app.exec()
