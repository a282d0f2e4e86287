"""What build mode and "Why?" draw over the grid (a part of GridView, built from it): an `Overlay` of cells,
lines of moves and rings, placed exactly like the other marks (cut to the visible cells and a
margin before anything reaches pyqtgraph's float64 coordinates)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsRectItem

from explorer.core.analysis.construction import clip
from explorer.gui.grid.host import GridHost
from explorer.session.views import Overlay, Position

VEIL = (255, 255, 255, 215)  # the cells not placed yet show faintly through it
PLACED = (28, 58, 138)
NEW = (230, 120, 20)
SHADE = (230, 120, 20, 70)
RING = (214, 40, 57)
SUM = (0, 150, 80)  # the Sums panel's winning moves in the selected part


class Overlays:
    """Build mode's and Why?'s `Overlay`, and the Beatty strip's highlighted pair, drawn through
    `host` (GridHost)."""

    def __init__(self, host: GridHost) -> None:
        self.host = host
        self.overlay: Overlay | None = None
        self._overlay_items: list[pg.GraphicsObject] = []
        self._highlight_items: list[pg.GraphicsObject] = []
        self.sum_moves: tuple[Position, ...] = ()
        self._sum_items: list[pg.GraphicsObject] = []

    def place(self) -> None:
        """Place the overlay again for the view on screen."""
        self._place_overlay()
        self._place_sum_moves()

    def set_sum_moves(self, cells: tuple[Position, ...]) -> None:
        """Ring the cells the sum's winning moves lead to (the Sums panel's first part)."""
        self.sum_moves = cells
        self._place_sum_moves()

    def _cleared(self, items: list[pg.GraphicsObject]) -> list[pg.GraphicsObject]:
        """Take these items off the grid: an empty list for the next ones."""
        for item in items:
            self.host.vb.removeItem(item)
        return []

    def _place_sum_moves(self) -> None:
        self._sum_items = self._cleared(self._sum_items)
        x0, y0, x1, y1 = self.host.visible_cells()
        shown = [c for c in self.sum_moves if x0 - 1 <= c[0] <= x1 and y0 - 1 <= c[1] <= y1]
        if not shown:
            return
        cell_px = self.host.frame.length(1) / max(self.host.vb.viewPixelSize()[0], 1e-300)
        ring = self._rings(shown, "d", max(10.0, cell_px * 1.1), SUM, 3.0)
        ring.setZValue(9.8)
        self.host.vb.addItem(ring)
        self._sum_items.append(ring)

    def set_highlight(self, cells: tuple[Position, ...]) -> None:
        """Outline these cells (the Beatty strip's hovered pair), apart from any overlay."""
        self._highlight_items = self._cleared(self._highlight_items)
        f = self.host.frame
        unit = f.length(1)
        x0, y0, x1, y1 = self.host.visible_cells()
        for c in cells:
            if x0 - 1 <= c[0] <= x1 and y0 - 1 <= c[1] <= y1:
                rect = QGraphicsRectItem(
                    QRectF(f.sx(Fraction(c[0])) - unit / 2, f.sy(Fraction(c[1])) - unit / 2, unit, unit)
                )
                rect.setPen(pg.mkPen(*RING, width=3))
                rect.setZValue(9.7)
                self.host.vb.addItem(rect)
                self._highlight_items.append(rect)

    def set_overlay(self, overlay: Overlay | None) -> None:
        self.overlay = overlay
        self._place_overlay()

    def _place_overlay(self) -> None:
        self._overlay_items = self._cleared(self._overlay_items)
        o = self.overlay
        if o is None:
            return
        f = self.host.frame
        x0, y0, x1, y1 = self.host.visible_cells()
        w, h = x1 - x0, y1 - y0
        box = (max(0, x0 - w), max(0, y0 - h), x1 + w, y1 + h)  # the board and a margin of one view

        def inside(c: Position) -> bool:
            return box[0] <= c[0] <= box[2] and box[1] <= c[1] <= box[3]

        unit = f.length(1)
        pixel = max(self.host.vb.viewPixelSize()[0], 1e-300)
        cell_px = unit / pixel
        if o.veil:
            veil = QGraphicsRectItem(
                QRectF(
                    f.sx(box[0]) - unit,
                    f.sy(box[1]) - unit,
                    f.length(box[2] - box[0] + 2),
                    f.length(box[3] - box[1] + 2),
                )
            )
            veil.setBrush(pg.mkBrush(*VEIL))
            veil.setPen(pg.mkPen(None))
            self._add(veil, 7)
        # Every line in one item, its segments drawn in pairs of points: an item each (3 a step of
        # build mode) cost pyqtgraph's addItem a walk of the scene each, and a wheel over a build
        # of hundreds of steps stalled the window 326-364 ms.
        xs: list[float] = []
        ys: list[float] = []
        for line in o.lines:
            ends = clip(line, *box)
            if ends is not None:
                (ax, ay), (bx, by) = ends
                xs += [f.sx(Fraction(ax)), f.sx(Fraction(bx))]
                ys += [f.sy(Fraction(ay)), f.sy(Fraction(by))]
        if xs:
            curve = pg.PlotCurveItem(
                np.array(xs), np.array(ys), connect="pairs", pen=pg.mkPen(*SHADE, width=max(2.0, cell_px * 0.8))
            )
            self._add(curve, 7.5)
        cells = [c for c in o.cells if inside(c)]
        if cells:
            spots = pg.ScatterPlotItem(
                x=np.array([f.sx(Fraction(c[0])) for c in cells]),
                y=np.array([f.sy(Fraction(c[1])) for c in cells]),
                symbol="s",
                size=unit * 0.92,
                pxMode=False,
                brush=pg.mkBrush(*PLACED),
                pen=None,
            )
            self._add(spots, 8)
        for rings, colour, width in ((o.dots, NEW, 1.5), (o.ringed, RING, 3.0)):
            shown = [c for c in rings if inside(c)]
            if shown:
                self._add(self._rings(shown, "o", max(8.0, cell_px * 1.2), colour, width), 9.5)
        for c in o.outlined:
            if inside(c):
                rect = QGraphicsRectItem(
                    QRectF(f.sx(Fraction(c[0])) - unit / 2, f.sy(Fraction(c[1])) - unit / 2, unit, unit)
                )
                rect.setPen(pg.mkPen(*NEW, width=3))
                rect.setBrush(pg.mkBrush(None))
                self._add(rect, 9.6)

    def _rings(
        self, cells: list[Position], symbol: str, size: float, colour: tuple[int, int, int], width: float
    ) -> pg.ScatterPlotItem:
        """Hollow marks of `symbol` on these cells (placed exactly: see the module's note)."""
        f = self.host.frame
        return pg.ScatterPlotItem(
            x=np.array([f.sx(Fraction(c[0])) for c in cells]),
            y=np.array([f.sy(Fraction(c[1])) for c in cells]),
            symbol=symbol,
            size=size,
            brush=None,
            pen=pg.mkPen(*colour, width=width),
        )

    def _add(self, item: pg.GraphicsObject, z: float) -> None:
        item.setZValue(z)
        self.host.vb.addItem(item)
        self._overlay_items.append(item)
