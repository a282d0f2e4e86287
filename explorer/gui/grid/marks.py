"""What the grid marks on top of the cells (a part of GridView, built from it): the selected cell and arrows
for its moves, a game's path, and the latest query's rectangle. Each is cut exactly to the
visible cells plus a margin of one view (`_clip_box`) before it reaches pyqtgraph, which
cannot hold coordinates near 10^18 or 10^100; a rectangle dragged with Shift becomes a
request (`rectangleSelected`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF

from explorer.core.game.moves import Move
from explorer.core.render.frame import clip_rect, clip_segment
from explorer.gui import palette
from explorer.gui.grid.host import GridHost
from explorer.gui.grid.items import outline_box
from explorer.session.marks import Marks as MarkState


class Marks:
    """The selection and its move arrows, a game's path, and the latest query's rectangle: the
    items and what they show. Drawn through `host` (GridHost); a rectangle dragged with Shift is
    handed to `on_rectangle(x0, y0, x1, y1)`."""

    def __init__(self, host: GridHost, on_rectangle: Callable[[int, int, int, int], None]) -> None:
        self.host = host
        self.on_rectangle = on_rectangle
        vb = host.vb
        self.state = MarkState()  # the session's marks, as last drawn
        self.arrows: list[pg.GraphicsObject] = []
        self.selection_box = outline_box(vb, palette.SELECTION, width=3.0, z=10)
        self.path_curve = pg.PlotCurveItem(pen=pg.mkPen(*palette.PATH, width=3))
        self.path_curve.setZValue(9)
        vb.addItem(self.path_curve)
        self.query_box = outline_box(vb, palette.QUERY_RECT, width=2.0, z=8, fill_alpha=30)

    def place(self) -> None:
        """Place every mark again for the view on screen."""
        self._place_selection()
        self._place_query_rect()
        self._place_path()

    def show(self, marks: MarkState) -> None:
        """Draw the session's marks: each part again only where it changed."""
        old, self.state = self.state, marks
        if (old.cell, old.moves) != (marks.cell, marks.moves):
            self._place_selection()
        if old.path != marks.path:
            self._place_path()
        if old.query != marks.query:
            self._place_query_rect()

    @property
    def selection(self) -> tuple[int, int] | None:
        return self.state.cell

    @property
    def moves(self) -> tuple[Move, ...]:
        return self.state.moves

    @property
    def path(self) -> tuple[tuple[int, int], ...]:
        return self.state.path

    @property
    def query_rect(self) -> tuple[int, int, int, int] | None:
        return self.state.query

    def _clip_box(self) -> tuple[Fraction, Fraction, Fraction, Fraction]:
        """The visible cells and a margin of one view on each side, exactly: whatever reaches
        beyond is cut here, so pyqtgraph never holds a coordinate it cannot represent."""
        x0, y0, x1, y1 = self.host.visible_cells()
        w, h = x1 - x0, y1 - y0
        return Fraction(x0 - w), Fraction(y0 - h), Fraction(x1 + w), Fraction(y1 + h)

    def _place_path(self) -> None:
        if len(self.path) < 2 and self.path_curve.xData is not None and not len(self.path_curve.xData):
            return  # nothing to draw, and nothing drawn
        box, f = self._clip_box(), self.host.frame
        xs: list[float] = []
        ys: list[float] = []
        connect: list[int] = []
        for p, q in zip(self.path, self.path[1:], strict=False):
            part = clip_segment((Fraction(p[0]), Fraction(p[1])), (Fraction(q[0]), Fraction(q[1])), box)
            if part is not None:
                xs += [f.sx(part[0][0]), f.sx(part[1][0])]
                ys += [f.sy(part[0][1]), f.sy(part[1][1])]
                connect += [1, 0]
        self.path_curve.setData(
            np.array(xs, dtype=float), np.array(ys, dtype=float), connect=np.array(connect, dtype=bool)
        )

    def _place_query_rect(self) -> None:
        if self.query_rect is None:
            self.query_box.setVisible(False)
            return
        x0, y0, x1, y1 = self.query_rect
        half = Fraction(1, 2)
        shown = clip_rect((x0 - half, y0 - half, x1 + half, y1 + half), self._clip_box())
        if shown is None:
            self.query_box.setVisible(False)
            return
        f = self.host.frame
        left, bottom = f.sx(shown[0]), f.sy(shown[1])
        self.query_box.setRect(QRectF(left, bottom, f.sx(shown[2]) - left, f.sy(shown[3]) - bottom))
        self.query_box.setVisible(True)

    def rect_dragged(self, a: QPointF, b: QPointF) -> None:
        xs = sorted(self.host.frame.cell_x(v) for v in (a.x(), b.x()))
        ys = sorted(self.host.frame.cell_y(v) for v in (a.y(), b.y()))
        x0, x1 = max(0, xs[0]), xs[1]
        y0, y1 = max(0, ys[0]), ys[1]
        if x1 >= x0 and y1 >= y0:
            self.on_rectangle(x0, y0, x1, y1)

    def _place_selection(self) -> None:
        for item in self.arrows:
            self.host.vb.removeItem(item)
        self.arrows = []
        if self.selection is None:
            self.selection_box.setVisible(False)
            return
        f, box = self.host.frame, self._clip_box()
        sel = (Fraction(self.selection[0]), Fraction(self.selection[1]))
        inside = box[0] <= sel[0] <= box[2] and box[1] <= sel[1] <= box[3]
        sx, sy = f.sx(sel[0]), f.sy(sel[1])
        cell = max(f.length(1), f.length(self.host.step()))
        self.selection_box.setRect(QRectF(sx - cell / 2, sy - cell / 2, cell, cell))
        self.selection_box.setVisible(inside)
        pen = pg.mkPen(*palette.MOVE_ARROW, width=2)
        for move in self.moves:
            if not move.on_board:  # a pass, or a move into another slice of three heaps: no arrow on the board
                continue
            target = (Fraction(move.target[0]), Fraction(move.target[1]))
            part = clip_segment(sel, target, box)
            if part is None:
                continue
            (ax, ay), (bx, by) = part
            shaft = pg.PlotCurveItem([f.sx(ax), f.sx(bx)], [f.sy(ay), f.sy(by)], pen=pen)
            items: list[pg.GraphicsObject] = [shaft]
            if (bx, by) == target:  # the head only where the move really ends
                dx, dy = f.length(bx - ax), f.length(by - ay)
                # ArrowItem: angle 0 points left, rotated clockwise on screen (y down there).
                angle = math.degrees(math.atan2(dy, -dx))
                brush = pg.mkBrush(*palette.MOVE_ARROW)
                items.append(pg.ArrowItem(pos=(f.sx(bx), f.sy(by)), angle=angle, headLen=14, brush=brush, pen=pen))
            for item in items:
                item.setZValue(9)
                self.host.vb.addItem(item)
                self.arrows.append(item)
