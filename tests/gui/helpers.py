"""Driving the window as a person does: screen points of cells, colours seen there."""

from __future__ import annotations

import contextlib
import types

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QWheelEvent
from PySide6.QtWidgets import QApplication

from explorer.gui import palette


def widget_point(grid, x: int, y: int, dx: float = 0.0, dy: float = 0.0) -> QPoint:
    """The point inside the grid's viewport where cell (x, y)'s centre (+ dx, dy cells) is drawn."""
    scene = grid.scene_point_of_cell(x, y)
    if dx or dy:
        one = grid.scene_point_of_cell(x + 1, y + 1)
        scene = QPointF(scene.x() + dx * (one.x() - scene.x()), scene.y() + dy * (one.y() - scene.y()))
    return grid.mapFromScene(scene)


def colour_at(grid, x: int, y: int) -> QColor:
    """The colour painted inside cell (x, y), sampled off-centre (arrows end at centres)."""
    grid.render_now()
    QApplication.processEvents()
    image = grid.viewport().grab().toImage()
    p = widget_point(grid, x, y, 0.35, -0.35)
    return image.pixelColor(p.x(), p.y())


def is_cold_colour(c: QColor) -> bool:
    return abs(c.red() - palette.COLD[0]) < 20 and abs(c.blue() - palette.COLD[2]) < 20


def is_hot_colour(c: QColor) -> bool:
    return abs(c.red() - palette.HOT[0]) < 20 and abs(c.blue() - palette.HOT[2]) < 20


def wheel(grid, at: QPoint, steps: int) -> None:
    """Turn the mouse wheel over the grid: positive steps zoom in."""
    pos = QPointF(at)
    event = QWheelEvent(
        pos,
        QPointF(grid.viewport().mapToGlobal(at)),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(grid.viewport(), event)
    QApplication.processEvents()


@contextlib.contextmanager
def wait_event(qtbot, event, timeout: int = 10_000):  # type: ignore[no-untyped-def]
    """As qtbot.waitSignal, for a controller's Qt-free Event: waits for its next emit after the
    block (`blocker.args` holds what it carried)."""
    got: list[object] = []

    def heard(value: object) -> None:
        got.append(value)

    blocker = types.SimpleNamespace(args=None)
    event.connect(heard)
    try:
        yield blocker
        qtbot.waitUntil(lambda: bool(got), timeout=timeout)
        blocker.args = [got[0]]
    finally:
        event.disconnect(heard)
