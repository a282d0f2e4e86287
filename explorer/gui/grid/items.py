"""Graphics items drawn on the grid: the cells' image, cell borders, Grundy numbers in cells,
and the ViewBox that turns Shift-drag into a rectangle selection."""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPen
from PySide6.QtWidgets import QGraphicsRectItem

from explorer.core import kernels
from explorer.core.render.levels import FrameBuffers
from explorer.gui import palette


def compiled_colour() -> Any:
    """The colouring loop compiled ahead of time (explorer.core.grundy.colour_loop), or None."""
    return getattr(kernels.built("grundy"), "colour", None)


class CellImage(pg.ImageItem):
    """pyqtgraph's ImageItem, drawn from a 32-bit image made in memory kept from frame to frame.

    pyqtgraph makes a one-channel image with a colour table into an 8-bit indexed QImage, and
    Qt draws that through a slow path on every paint: 1.6-2.1 ms for 40 x 25 cells scaled to the
    screen against 0.33 ms in 32 bits. The grid's levels (uint8, levels 0-255, a 256-row RGB
    table) are coloured here instead, into blocks lent from frame to frame. Converting pyqtgraph's
    image allocated a new one each time: with its page faults a render took 1.5-2.2 ms of a frame
    at 430 000 texels; here 0.7 (widening the levels to indices 0.3, the table lookup 0.4).
    Two texels at a time, through a table of the 65 536 pairs of colours, half as many indices
    are widened and looked up: 0.30 ms against 0.53 at 650 000 texels (Qt's own conversion of an
    indexed image is 0.2 ms, but its new image faults in its pages: 0.75 ms in the window).
    Where the loop is built ahead of time (explorer.core.grundy.colour_loop) it colours each texel
    directly, without numba: 0.1 ms at 650 000 texels. Anything else goes through pyqtgraph and
    is converted once per render."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._blocks = FrameBuffers()
        self._colours: tuple[bytes, NDArray[np.uint32], NDArray[np.uint64]] = (
            b"",
            np.zeros(0, dtype=np.uint32),
            np.zeros(0, dtype=np.uint64),
        )

    def _tables(self, lut: NDArray[np.uint8]) -> tuple[NDArray[np.uint32], NDArray[np.uint64]]:
        """The lookup table as 0xffRRGGBB words (what Format_RGB32 holds), and as pairs: two
        levels read as one uint16 index i * 256 + j give words[j] | words[i] << 32, which memory
        holds as the two texels' words in their order, whichever the machine's byte order
        (little-endian: j is the first texel and the low half comes first). Remembered."""
        key = lut.tobytes()
        if self._colours[0] != key:
            rgb = lut.astype(np.uint32)
            words: NDArray[np.uint32] = (0xFF000000 | rgb[:, 0] << 16 | rgb[:, 1] << 8 | rgb[:, 2]).astype(np.uint32)
            wide = words.astype(np.uint64)
            pairs = wide[np.newaxis, :] | (wide[:, np.newaxis] << np.uint64(32))
            self._colours = (key, words, pairs.ravel())
        return self._colours[1], self._colours[2]

    def _colours_directly(self) -> bool:
        image, lut, levels = self.image, self.lut, self.levels
        return (
            isinstance(image, np.ndarray)
            and image.dtype == np.uint8
            and image.ndim == 2
            and self.axisOrder == "row-major"
            and not self.autoDownsample
            and isinstance(lut, np.ndarray)
            and lut.dtype == np.uint8
            and lut.shape == (256, 3)
            and levels is not None
            and np.shape(levels) == (2,)
            and (float(levels[0]), float(levels[1])) == (0.0, 255.0)
        )

    def render(self) -> None:
        if not self._colours_directly():
            super().render()
            image = self.qimage  # type: ignore[has-type]  # pyqtgraph's ImageItem attribute
            if image is not None and image.format() == QImage.Format.Format_Indexed8:
                opaque = not image.hasAlphaChannel()
                self.qimage = image.convertToFormat(
                    QImage.Format.Format_RGB32 if opaque else QImage.Format.Format_ARGB32_Premultiplied
                )
            return
        levels = self.image
        self._unrenderable = levels.size == 0
        if self._unrenderable:
            return
        words, pairs = self._tables(self.lut)
        flat = np.ascontiguousarray(levels).reshape(-1)
        n = flat.size
        pixels = self._blocks.get("pixels", (n + n % 2,), np.uint32)  # whole pairs: 8-byte aligned
        compiled = compiled_colour()
        if compiled is not None:
            compiled(flat, words, pixels[:n])
        else:
            half = n // 2
            index = self._blocks.get("index", (half,), np.intp)  # take() wants machine-size indices
            np.copyto(index, flat[: 2 * half].view(np.uint16))  # texels 2i and 2i + 1, as one number
            # mode="clip" (indices are below 65 536 anyway): with the default "raise", take() writes
            # into a copy of `out` and copies it back (1.8 ms a frame at 430 000 texels, against 0.4)
            np.take(pairs, index, out=pixels[: 2 * half].view(np.uint64), mode="clip")
            if n % 2:
                pixels[n - 1] = words[flat[n - 1]]
        image = pixels[:n].reshape(levels.shape)
        self.qimage = pg.functions.ndarray_to_qimage(image, QImage.Format.Format_RGB32)
        self._renderRequired = False


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
        if not cells and not self._cells:  # nothing written, before or now: no geometry change
            return
        if not cells:
            rect = QRectF()
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
        ev.accept()
        with reported():
            self._on_zoom(factor, self.mapToView(ev.pos()))

    def mouseDragEvent(self, ev, axis=None) -> None:  # type: ignore[no-untyped-def]
        with reported():
            self._drag(ev, axis)

    def _drag(self, ev, axis) -> None:  # type: ignore[no-untyped-def]
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


@contextmanager
def reported() -> Iterator[None]:
    """An exception inside a Python override of a Qt virtual method goes to sys.excepthook, as a
    slot's does, instead of back into shiboken, which crashes storing one (an OverflowError in a
    wheel event takes the window down with a segmentation fault)."""
    try:
        yield
    except Exception:
        sys.excepthook(*sys.exc_info())
