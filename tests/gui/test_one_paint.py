"""Each view change paints the grid once (issue 12: every pan or zoom painted twice, because
pyqtgraph applied the new range while painting and the items it moved asked for another)."""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication


class _Paints(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def _idle(qtbot) -> None:
    for _ in range(5):
        qtbot.wait(20)
        QApplication.processEvents()


def test_each_view_change_paints_once(qtbot, window):
    grid = window.grid
    grid.set_view(0, 0, 60, 40)
    _idle(qtbot)
    paints = _Paints()
    grid.viewport().installEventFilter(paints)
    changes = 6
    for i in range(changes):
        time.sleep(0.03)  # past the redraw throttle (its timer not yet delivered): drawn at once
        x0, y0, x1, y1 = grid.visible_cells()
        grid.set_view(x0 + 2, y0 + i % 2, x1 + 2, y1 + i % 2)
        for _ in range(6):
            QApplication.processEvents()
    _idle(qtbot)
    assert paints.count == changes
