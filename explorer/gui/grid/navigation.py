"""The grid's exact view (a mixin of GridView): which cells are in view, and every way of moving
it — set_view, centre_on, zoom about a point, pan — worked out in exact cells and handed to
pyqtgraph in a float64 frame that can hold it (explorer.core.render.frame): the origin follows
the view, the unit grows when zooming far out, and each move is one change, drawn once."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent

from explorer.core.render.frame import SCENE_TARGET, Frame

if TYPE_CHECKING:
    import pyqtgraph as pg
    from PySide6.QtCore import SignalInstance

    from explorer.gui.grid.axes import ExactAxis

REANCHOR_RATIO = 2.0**20  # move the origin when |centre| exceeds this many view widths
MIN_CELLS = 4  # the most zoomed-in view spans this many cells
MAX_SPAN = 10**1004  # the most zoomed-out view spans this many cells (10^1000 and more per pixel)
HOME_SPAN = 24
NEGATIVE_MARGIN = 2  # how far (in cells) the view may show below pile size 0


class ExactView:
    """The exact view of the grid: GridView's own base (what the grid *is*: a view that pans and
    zooms exactly), not a part. Its attributes are set in GridView's __init__."""

    vb: pg.ViewBox
    frame: Frame
    axis_x: ExactAxis
    axis_y: ExactAxis
    navigated: SignalInstance
    limitReached: SignalInstance
    _visible: tuple[object, tuple[int, int, int, int]]
    view_moves: int  # views set so far (by set_view, center_on, reset_view, zoom, pan...)
    _reanchoring: bool

    def _schedule_render(self) -> None:
        raise NotImplementedError

    # ----- the exact view -------------------------------------------------------------
    @property
    def origin(self) -> tuple[int, int]:
        return self.frame.ox, self.frame.oy

    def visible_cells(self) -> tuple[int, int, int, int]:
        """(x_lo, y_lo, x_hi, y_hi): exact cells [x_lo, x_hi) x [y_lo, y_hi) in view (a frame
        asks several times: remembered for the view and frame it was worked out for)."""
        (u0, u1), (v0, v1) = self.vb.viewRange()
        key = (u0, u1, v0, v1, self.frame)
        if self._visible[0] != key:
            self._visible = (key, self.frame.cells_in(u0, u1, v0, v1))
        return self._visible[1]

    def span_cells(self) -> Fraction:
        """How many cells the view spans across, exactly."""
        (u0, u1), _ = self.vb.viewRange()
        return self.frame.cells(u1 - u0)

    def cells_per_pixel_exact(self) -> Fraction:
        return self.span_cells() / max(1, round(self.vb.width()))

    def cells_per_pixel(self) -> float:
        """Cells per pixel as a float (saturating at 1e300: for display and thresholds only)."""
        value = self.cells_per_pixel_exact()
        return float(value) if value < 10**300 else 1e300

    def step(self) -> int:
        """Texel size: 1 while cells are at least a pixel wide, else the cells a pixel covers."""
        value = self.cells_per_pixel_exact()
        return 1 if value <= 1 else math.ceil(value)

    def cell_at_scene(self, pos: QPointF) -> tuple[int, int]:
        p = self.vb.mapSceneToView(pos)
        return self.frame.cell_x(p.x()), self.frame.cell_y(p.y())

    def scene_point_of_cell(self, x: int, y: int) -> QPointF:
        """Where cell (x, y)'s centre is drawn, in scene coordinates (for tests and arrows)."""
        return self.vb.mapViewToScene(QPointF(self.frame.sx(x), self.frame.sy(y)))

    def set_view(self, x0: int, y0: int, x1: int, y1: int) -> None:
        """Show cells [x0, x1] x [y0, y1] (exact ints; aspect stays square)."""
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        span = min(MAX_SPAN, max(x1 - x0, y1 - y0, MIN_CELLS))
        unit = 1 << max(0, (span // 2**16).bit_length())
        half = Fraction(1, 2)
        for f in (self.frame, Frame(cx, cy, unit)):  # the frame in use, while it suits the view
            x_range, y_range = (f.sx(x0 - half), f.sx(x1 + half)), (f.sy(y0 - half), f.sy(y1 + half))
            if f.unit == unit and f.refit(*x_range, *y_range, REANCHOR_RATIO) is None:
                break
        self._move_to(f, x_range, y_range)

    def center_on(self, x: int, y: int, span: int = HOME_SPAN) -> None:
        """Centre on cell (x, y), zoomed in so that about `span` cells fit across."""
        half = span / 2
        self._move_to(Frame(x, y, 1), (-half, half), (-half * 0.6, half * 0.6))

    def reset_view(self) -> None:
        self._move_to(Frame(), (-1.5, HOME_SPAN), (-1.5, HOME_SPAN * 0.6))

    def zoom(self, factor: float) -> None:
        """factor < 1 zooms in, around the centre of the view."""
        (u0, u1), (v0, v1) = self.vb.viewRange()
        self.zoom_at(factor, QPointF((u0 + u1) / 2, (v0 + v1) / 2))

    def zoom_at(self, factor: float, point: QPointF) -> None:
        """Scale the view by `factor` (< 1 zooms in) around the scene point `point`, exactly:
        the new view is worked out in cells (Fractions), held between MIN_CELLS and MAX_SPAN
        cells across and above the board's lower-left corner, and handed to pyqtgraph in a
        frame chosen for it (one setRange, not a correction after the fact)."""
        (u0, u1), (v0, v1) = self.vb.viewRange()
        f = self.frame
        x0, x1, y0, y1 = f.exact_x(u0), f.exact_x(u1), f.exact_y(v0), f.exact_y(v1)
        cx, cy = f.exact_x(point.x()), f.exact_y(point.y())
        scale = Fraction(factor)
        large, small = max(x1 - x0, y1 - y0), min(x1 - x0, y1 - y0)
        if large * scale > MAX_SPAN:
            scale = MAX_SPAN / large
            self.limitReached.emit(f"Zoomed out as far as the view goes: 10^{len(str(MAX_SPAN)) - 1} cells across.")
        if small * scale < MIN_CELLS:
            scale = Fraction(MIN_CELLS) / small
            self.limitReached.emit(f"Zoomed in as far as the view goes: {MIN_CELLS} cells across.")
        x0, x1 = cx + (x0 - cx) * scale, cx + (x1 - cx) * scale
        y0, y1 = cy + (y0 - cy) * scale, cy + (y1 - cy) * scale
        floor = Fraction(-1, 2) - NEGATIVE_MARGIN  # the lowest edge the view may show
        if x0 < floor:
            x0, x1 = floor, x1 + (floor - x0)
        if y0 < floor:
            y0, y1 = floor, y1 + (floor - y0)
        width = max(x1 - x0, y1 - y0)
        unit = 1 << max(0, math.floor(width / int(SCENE_TARGET)).bit_length())
        new = Frame(math.floor((x0 + x1) / 2), math.floor((y0 + y1) / 2), unit)
        self._move_to(new, (new.sx(x0), new.sx(x1)), (new.sy(y0), new.sy(y1)))

    def view_centre_and_span(self) -> tuple[Fraction, Fraction, Fraction]:
        """The view's centre (cell coordinates, cell x spanning [x - 1/2, x + 1/2]) and its width in
        cells, exactly: what a later `show_centred` brings back in a window of any size."""
        (u0, u1), (v0, v1) = self.vb.viewRange()
        f = self.frame
        return (f.exact_x(u0) + f.exact_x(u1)) / 2, (f.exact_y(v0) + f.exact_y(v1)) / 2, f.exact_x(u1) - f.exact_x(u0)

    def show_centred(self, cx: Fraction, cy: Fraction, span: Fraction) -> None:
        """Show `span` cells across around (cx, cy); the height follows the window's shape."""
        half = Fraction(1, 2)
        self.set_view(cx - span / 2 + half, cy, cx + span / 2 - half, cy)  # type: ignore[arg-type]

    def _move_to(self, frame: Frame, x_range: tuple[float, float], y_range: tuple[float, float]) -> None:
        """Show scene range x_range x y_range of `frame`, as one change drawn once."""
        self.view_moves += 1
        self._place(frame, x_range, y_range)
        self._on_range_changed()

    def _place(self, frame: Frame, x_range: tuple[float, float], y_range: tuple[float, float]) -> None:
        """Set the frame and the range without handling either as a change. Setting the frame
        sets the view box's limits, which pyqtgraph applies at once to the old range read in
        the new frame: handled as a change, that view was drawn (and painted) before the one
        asked for."""
        self._reanchoring = True
        try:
            if frame != self.frame:
                self._set_frame(frame)
            else:  # the same frame: its limits and the axes' origins stand
                self.navigated.emit()
            self.vb.setRange(xRange=x_range, yRange=y_range, padding=0)
        finally:
            self._reanchoring = False

    def pan(self, fx: float, fy: float) -> None:
        """Move by fractions of the view size."""
        (u0, u1), (v0, v1) = self.vb.viewRange()
        self.vb.translateBy(x=fx * (u1 - u0), y=fy * (v1 - v0))
        self.navigated.emit()

    def _set_frame(self, frame: Frame) -> None:
        self.navigated.emit()
        self.frame = frame
        self.axis_x.set_frame(frame.ox, frame.unit)
        self.axis_y.set_frame(frame.oy, frame.unit)
        self._apply_limits()

    def _apply_limits(self) -> None:
        f = self.frame
        self.vb.setLimits(
            xMin=f.sx(-NEGATIVE_MARGIN),
            yMin=f.sy(-NEGATIVE_MARGIN),
            minXRange=f.length(MIN_CELLS),
            minYRange=f.length(MIN_CELLS),
        )  # the largest span is held in _on_range_changed: pyqtgraph's own bound breaks the aspect

    def _on_range_changed(self, *args: object) -> None:
        if self._reanchoring:
            return
        (u0, u1), (v0, v1) = self.vb.viewRange()
        refit = self.frame.refit(u0, u1, v0, v1, REANCHOR_RATIO)
        if refit is not None:
            frame, (nu0, nu1, nv0, nv1) = refit
            self._place(frame, (nu0, nu1), (nv0, nv1))
        # pyqtgraph applies a new range in its paint preparation, and the items it moves then
        # ask for a second paint; applying it now makes each view change one paint
        self.vb.updateMatrix()
        self._schedule_render()

    def keyPressEvent(self, ev: QKeyEvent) -> None:
        zoom_in, zoom_out = (lambda: self.zoom(1 / 1.25)), (lambda: self.zoom(1.25))
        actions = {
            Qt.Key.Key_Plus: zoom_in,
            Qt.Key.Key_Equal: zoom_in,
            Qt.Key.Key_Minus: zoom_out,
            Qt.Key.Key_Underscore: zoom_out,
            Qt.Key.Key_Left: lambda: self.pan(-0.1, 0),
            Qt.Key.Key_Right: lambda: self.pan(0.1, 0),
            Qt.Key.Key_Up: lambda: self.pan(0, 0.1),
            Qt.Key.Key_Down: lambda: self.pan(0, -0.1),
            Qt.Key.Key_Home: self.reset_view,
        }
        action = actions.get(Qt.Key(ev.key()))
        if action is None:
            super().keyPressEvent(ev)  # type: ignore[misc]
            return
        action()
        ev.accept()
