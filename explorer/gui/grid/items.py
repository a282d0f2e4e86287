"""Graphics items drawn on the grid: the cells' image, cell borders, Grundy numbers in cells,
and the ViewBox that turns Shift-drag into a rectangle selection."""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPen
from PySide6.QtWidgets import QGraphicsRectItem

from explorer.gui import palette


class CellImage(pg.ImageItem):
    """pyqtgraph's ImageItem, drawn from a 32-bit image.

    pyqtgraph makes a one-channel image with a colour table into an 8-bit indexed QImage, and
    Qt draws that through a slow path on every paint: 1.6-2.1 ms for 40 x 25 cells scaled to the
    screen against 0.33 ms in 32 bits, 1.1-1.6 ms against 0.3 + 0.36 for 900 x 650 texels
    (measured here; the conversion below is the 0.3). Converted once per render, in C++."""

    def render(self) -> None:
        super().render()
        image = self.qimage
        if image is not None and image.format() == QImage.Format.Format_Indexed8:
            opaque = not image.hasAlphaChannel()
            self.qimage = image.convertToFormat(
                QImage.Format.Format_RGB32 if opaque else QImage.Format.Format_ARGB32_Premultiplied
            )


class CellBorders(pg.GraphicsObject):
    """Cell borders for the visible range, drawn only when cells are large enough."""

    def __init__(self) -> None:
        super().__init__()
        self._rect = QRectF()
        self.setZValue(5)

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self._rect = rect
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter, *args) -> None:  # type: ignore[no-untyped-def]
        r = self._rect
        if r.isEmpty():
            return
        pen = QPen(pg.mkColor(*palette.GRID_LINE, 150))
        pen.setCosmetic(True)
        pen.setWidthF(1.0)
        painter.setPen(pen)
        x = math.floor(r.left()) + 0.5
        while x <= r.right():
            painter.drawLine(QPointF(x, r.top()), QPointF(x, r.bottom()))
            x += 1.0
        y = math.floor(r.top()) + 0.5
        while y <= r.bottom():
            painter.drawLine(QPointF(r.left(), y), QPointF(r.right(), y))
            y += 1.0


def outline_box(
    vb: pg.ViewBox, rgb: tuple[int, int, int], width: float, z: float, dashed: bool = False, fill_alpha: int = 0
) -> QGraphicsRectItem:
    """A hidden rectangle outline in the view (selection, query, computed region)."""
    box = QGraphicsRectItem()
    pen = QPen(pg.mkColor(*rgb))
    pen.setCosmetic(True)
    pen.setWidthF(width)
    if dashed:
        pen.setStyle(Qt.PenStyle.DashLine)
    box.setPen(pen)
    if fill_alpha:
        box.setBrush(pg.mkBrush(*rgb, fill_alpha))
    box.setZValue(z)
    box.setVisible(False)
    vb.addItem(box)
    return box


class CellNumbers(pg.GraphicsObject):
    """Grundy values written inside cells, painted at a fixed pixel size."""

    POINT_SIZE = 8.0

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(7)
        self._rect = QRectF()
        self._cells: list[tuple[float, float, str, bool]] = []

    def set_cells(self, rect: QRectF, cells: list[tuple[float, float, str, bool]]) -> None:
        self.prepareGeometryChange()
        self._rect = rect
        self._cells = cells
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter, *args) -> None:  # type: ignore[no-untyped-def]
        if not self._cells:
            return
        transform = painter.transform()
        painter.resetTransform()
        light, dark = pg.mkColor(255, 255, 255), pg.mkColor(0, 0, 0)
        font = painter.font()
        font.setPointSizeF(self.POINT_SIZE)
        painter.setFont(font)
        flags = Qt.AlignmentFlag.AlignCenter
        for u, v, text, bright in self._cells:
            painter.setPen(dark if bright else light)
            p = transform.map(QPointF(u, v))
            painter.drawText(QRectF(p.x() - 30, p.y() - 10, 60, 20), flags, text)


class RectSelectViewBox(pg.ViewBox):
    """A ViewBox where Shift-drag draws a rectangle instead of panning, and the wheel zooms
    through the host's exact `on_zoom(factor, point)` (pyqtgraph's own scaling works in float64
    and its limits break the aspect ratio far out)."""

    def __init__(self, on_rect, on_zoom, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(**kwargs)
        self._on_rect = on_rect
        self._on_zoom = on_zoom
        self.band = QGraphicsRectItem()
        pen = QPen(pg.mkColor(*palette.QUERY_RECT))
        pen.setCosmetic(True)
        pen.setStyle(Qt.PenStyle.DashLine)
        self.band.setPen(pen)
        self.band.setBrush(pg.mkBrush(*palette.QUERY_RECT, 40))
        self.band.setZValue(20)
        self.band.setVisible(False)
        self.addItem(self.band, ignoreBounds=True)

    def wheelEvent(self, ev, axis=None) -> None:  # type: ignore[no-untyped-def]
        # pyqtgraph's factor per wheel step (ViewBox.wheelEvent), around the point under the cursor
        factor = 1.02 ** (ev.delta() * self.state["wheelScaleFactor"])
        self._on_zoom(factor, self.mapToView(ev.pos()))
        ev.accept()

    def mouseDragEvent(self, ev, axis=None) -> None:  # type: ignore[no-untyped-def]
        if ev.button() == Qt.MouseButton.LeftButton and ev.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            ev.accept()
            a = self.mapSceneToView(ev.buttonDownScenePos())
            b = self.mapSceneToView(ev.scenePos())
            self.band.setRect(QRectF(a, b).normalized())
            self.band.setVisible(not ev.isFinish())
            if ev.isFinish():
                self._on_rect(a, b)
            return
        super().mouseDragEvent(ev, axis)
