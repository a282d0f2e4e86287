"""The zoomable hot/cold grid (objectName `gridView`).

Scene coordinates are float64, related to cells by an exact `Frame` (explorer.core.render.frame):
cell (x, y) is centred at ((x - ox) / unit, (y - oy) / unit). When the view drifts far from the
origin, the origin moves to the view; when it zooms far out, the unit grows (by powers of two),
so pyqtgraph only ever holds ranges between a few units and 2^32: single cells stay addressable
near 10^18, 10^100 or beyond, and the view zooms out to MAX_SPAN cells across (10^1004) and
back. Only what is on screen is computed: the visible cell range goes to
`explorer.core.counting.raster`, at most one texel per pixel.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtWidgets import QLabel

from explorer.core.counting.raster import Raster
from explorer.core.exact.bigint import short_decimal
from explorer.core.game.moves import Move
from explorer.core.protocol import Rule
from explorer.core.render.frame import Frame
from explorer.core.render.levels import (
    FrameBuffers,
    Levels,
    heap_levels,
    levels_for,
    mixes_on_worker,
    raster_and_levels,
)
from explorer.core.rules.presentation import axis_names
from explorer.core.value_source import ValueCache
from explorer.gui import palette
from explorer.gui.grid import hover
from explorer.gui.grid.axes import ExactAxis, caption_axes
from explorer.gui.grid.items import CellBorders, CellImage, RectSelectViewBox
from explorer.gui.grid.marks import Marks
from explorer.gui.grid.navigation import ExactView
from explorer.gui.grid.overlay import Overlays
from explorer.gui.grid.pictures import OtherPictures
from explorer.gui.grid.values import ValueMarks
from explorer.gui.jobs import LatestJob, drawing_pool
from explorer.gui.throttle import Throttle
from explorer.session.jobs import off_thread
from explorer.session.model import HOT_COLD, Session
from explorer.session.views import Overlay

GRID_LINES_FROM_PX = 8.0  # draw cell borders once a cell is this many pixels wide
HUGE_BITS = 20_000  # beyond ~6 000 digits a frame takes more than ~10 ms: draw off the GUI thread


# What the grid does with keys and the mouse (Help ▸ Keyboard shortcuts lists these with the menus').
GRID_KEYS = (
    ("+ or =", "zoom in"),
    ("− or _", "zoom out"),
    ("← → ↑ ↓", "pan"),
    ("Home", "reset the view to the origin"),
    ("Wheel", "zoom around the cursor"),
    ("Drag", "pan"),
    ("Click", "inspect a cell (in a game: move there)"),
    ("Shift-drag", "count the cold cells in a rectangle"),
)


class GridView(ExactView, pg.PlotWidget):
    """Shows the grid; emits requests, never changes the game state itself. Built from parts, each
    drawing through the grid's typed interface (explorer.gui.grid.host.GridHost): `marks` (the
    selection, its moves, a game's path, the query's rectangle), `overlays` (build mode, Why?, a
    highlighted pair) and `value_marks` (the colour bar, the solved outline, numbers in cells)."""

    cellClicked = Signal(object, object)
    hoverText = Signal(str)
    busy = Signal(str)  # "" when idle
    valuesNeeded = Signal(int)  # the side of the corner of values to compute
    farValuesNeeded = Signal(int)  # the columns of the value sequences to solve (far out)
    rowsNeeded = Signal()  # the view reaches far along an axis: Wythoff's certified rows would answer it
    rectangleSelected = Signal(object, object, object, object)
    viewChanged = Signal()
    navigated = Signal()  # the view was moved (a gesture, a key, or a set_view / center_on call)
    limitReached = Signal(str)  # the view was held at its most zoomed-in or zoomed-out scale

    marks: Marks  # made below, once the plot is; the view box's drag reaches it later

    def __init__(self, parent=None) -> None:  # type: ignore[no-untyped-def]
        self.axis_x = ExactAxis("bottom")
        self.axis_y = ExactAxis("left")
        super().__init__(
            parent,
            axisItems={"bottom": self.axis_x, "left": self.axis_y},
            viewBox=RectSelectViewBox(lambda a, b: self.marks.rect_dragged(a, b), self.zoom_at),
            background="w",
        )
        self.setObjectName("gridView")
        # The view paints every pixel (its background, then the scene): marked opaque, Qt does
        # not paint the window and the central widget behind it first on every frame.
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._render_throttle = Throttle(self.render_now, 15, self)
        self._closed = False
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.frame = Frame()
        self.raster: Raster | None = None
        self.raster_rule: Rule | None = None
        self.raster_heap: tuple[int, int] | None = None  # the raster's (heap, solved columns) in heap mode
        self._hovered: QPointF | None = None  # where the mouse is, in scene coordinates (a zoom moves the cell)
        self._visible: tuple[object, tuple[int, int, int, int]] = (None, (0, 0, 0, 0))
        self.view_moves = 0
        self._reanchoring = False
        self.render_jobs = LatestJob(self, pool=drawing_pool())  # never behind a long sweep
        self.render_jobs.busyChanged.connect(self._drawing_busy)

        plot = self.getPlotItem()
        plot.setLabel("bottom", "pile A")
        plot.setLabel("left", "pile B")
        plot.hideButtons()
        # room above the view for the half of a label centred on the top of the colour bar or
        # the pile B axis (the bar's ends are round numbers, labelled)
        plot.layout.setContentsMargins(1.0, 8.0, 1.0, 1.0)
        plot.setMenuEnabled(False)
        for side in ("top", "right"):  # hidden, but linked to the view: each change set their HTML
            plot.getAxis(side).enableAutoSIPrefix(False)
        self.vb = plot.getViewBox()
        self.vb.setAspectLocked(True)
        self.vb.setBackgroundColor(pg.mkColor(*palette.OUTSIDE))
        self.vb.setMouseMode(pg.ViewBox.PanMode)

        self.image = CellImage(axisOrder="row-major")
        self._buffers = FrameBuffers()  # the value grid's arrays, reused while the view keeps its size
        self.image.setLookupTable(palette.lookup_table())
        self.image.setZValue(0)
        self.vb.addItem(self.image)
        self.borders = CellBorders()
        self.vb.addItem(self.borders)

        self.phi_lines = [
            pg.PlotCurveItem(pen=pg.mkPen(*palette.PHI_LINE, width=2, style=Qt.PenStyle.DashLine)) for _ in range(2)
        ]
        for line in self.phi_lines:
            line.setZValue(6)
            self.vb.addItem(line)

        # While a new rule is solved, the picture is the rule in effect's: it is dimmed, and this says so
        self.solving_note = QLabel(self, objectName="solvingNote")
        self.solving_note.setStyleSheet(
            "background: rgba(255, 255, 255, 225); color: #333; padding: 4px 8px; border: 1px solid #999;"
        )
        self.solving_note.move(70, 14)
        self.solving_note.setVisible(False)

        self.session = Session()  # until `bind` gives it the window's: the grid draws from the model alone
        self.marks = Marks(self, lambda x0, y0, x1, y1: self.rectangleSelected.emit(x0, y0, x1, y1))
        self.overlays = Overlays(self)
        self.pictures = OtherPictures(self)
        self.value_marks = ValueMarks(self, self.valuesNeeded.emit, self.farValuesNeeded.emit, self.rowsNeeded.emit)

        self._apply_limits()
        self.vb.sigRangeChanged.connect(self._on_range_changed)
        self.vb.sigRangeChangedManually.connect(lambda *_: self.navigated.emit())
        self.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.scene().sigMouseClicked.connect(self._on_mouse_clicked)
        self.reset_view()

    # ----- drawing -------------------------------------------------------------------
    def _schedule_render(self) -> None:
        self._render_throttle()  # now, or once when 15 ms have passed since the last render

    def _drawing_busy(self, busy: bool) -> None:
        if not busy:  # the drawing ended: its line in the status bar goes
            self.busy.emit("")

    def render_now(self) -> None:
        """Recompute the image for what is on screen: about 1 ms at any zoom up to 10^100;
        numbers of thousands of digits are rasterized on a worker thread instead (the latest
        view wins; an answer for another rule or view is dropped)."""
        if self._closed:
            return
        x_lo, y_lo, x_hi, y_hi = self.visible_cells()
        step = self.step()
        request = (x_lo, y_lo, x_hi, y_hi, step)
        rule = self.rule
        if self.pictures.render(rule, request):  # the game plus a heap, or two rules compared
            return
        background = off_thread(rule.cost(x_lo, y_lo, x_hi, y_hi))
        mixing = mixes_on_worker(self.mode, step, self.values)
        if background:
            # the part of the view on the board: cells left of or below 0 do not exist
            near = f"({short_decimal(max(x_lo, 0), 24)}, {short_decimal(max(y_lo, 0), 24)})"
            self.busy.emit(f"Drawing cells near {near}…")
        if mixing:  # the colours too, on the worker: mixing each value's share reads every solved cell
            mode, values, before = self.mode, self.values, self.value_marks.scaled
            self.render_jobs.submit(
                raster_and_levels,
                rule,
                request,
                mode,
                values,
                before,
                done=lambda drawn: self._arrived(rule, drawn[0], drawn[1] if mode == self.mode else None),
                failed=lambda exc: self.busy.emit(f"Drawing failed: {exc}"),
            )
            return
        self.render_jobs.submit(
            rule.raster,
            *request,
            done=lambda raster: self._arrived(rule, raster),
            failed=lambda exc: self.busy.emit(f"Drawing failed: {exc}"),
            background=background,
        )

    def _arrived(self, rule: Rule, raster: Raster, drawn: Levels | None = None) -> None:
        if rule == self.rule and not self.heap_shown and self.session.compare is None:
            self.raster_rule, self.raster_heap = rule, None
            self._show_raster(raster, drawn)

    # ----- the game plus a Nim heap (the Sums panel's "show on the grid") ----------------------------
    @property
    def heap_shown(self) -> int:
        """The heap added to the game on the grid (hot/cold colouring), or 0."""
        return self.session.heap if self.mode == HOT_COLD else 0

    # ----- what it draws: the session model's, never a copy ----------------------------------------
    def bind(self, session: Session) -> None:
        """Draw from this session model: its rule, how far the rule is solved, its values and its
        colour mode. The grid keeps none of them: each change redraws from the model."""
        self.session = session
        self.overlays.sum_moves = session.sum_moves
        self.marks.show(session.marks)
        self.overlays.set_overlay(session.overlay)
        self._model_changed()

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        """The session's fields the grid draws from (the composition root connects them)."""
        events = self.session.events
        return [
            (events.rule, lambda _: self._model_changed()),
            (events.solved, lambda _: self._model_changed()),
            (events.values_known, lambda _: self.render_now()),
            (events.mode, lambda _: self.render_now()),
            (events.heap, lambda _: self._model_changed()),
            (events.compare, lambda _: self._model_changed()),
            (events.sum_moves, self.overlays.set_sum_moves),
            (events.marks, self.marks.show),
            (events.overlay, self.overlays.set_overlay),
            # drawn at once, not with the next raster: a comparison's or a heap's picture, drawn by
            # `pictures`, never reached _show_raster, and the lines stayed as they were (seed 20261181)
            (events.cell_borders, lambda _: self._draw_lines()),
            (events.golden_lines, lambda _: self._draw_lines()),
            (events.solving, lambda _: self._show_solving()),
            (events.rule, lambda _: self._show_solving()),
        ]

    @property
    def rule(self) -> Rule:
        return self.session.rule

    @property
    def values(self) -> ValueCache | None:
        return self.session.values

    @property
    def mode(self) -> str:
        return self.session.mode

    def _model_changed(self) -> None:
        """The rule, or how far it is solved, changed: draw again, and say again what the hovered
        cell is under it."""
        self.render_now()
        self._describe_hovered()

    def _describe_hovered(self) -> None:
        """Say what is under the mouse now: the cell under it after a zoom or pan, and what is
        known of it after the raster changed (a growth, a rule)."""
        if self._hovered is not None:
            self.hoverText.emit(self.hover_description(*self.cell_at_scene(self._hovered)))

    @property
    def rendering(self) -> bool:
        """True while a background render is under way."""
        return self.render_jobs.busy

    def _show_raster(self, raster: Raster, ready: Levels | None = None) -> None:
        """Draw `raster`, in colours worked out here or (`ready`) on the render's worker."""
        self.raster = raster
        step = raster.step
        x_lo, y_lo, x_hi, y_hi = self.visible_cells()
        if raster.nx and raster.ny:
            if self.raster_heap is not None:
                drawn = heap_levels(raster, self.raster_heap[1])
            else:
                drawn = ready or levels_for(
                    self.rule, raster, self.mode, self.values, self._buffers, self.value_marks.scaled
                )
                if drawn.value_range is not None:  # nothing known in view (all grey): the bar stays as it is
                    self.value_marks.scaled = drawn
                self.value_marks.value_grid = drawn.grid
            # zoomed out past the corner, colours that mix each value's exact share; else levels
            # through the table (setImage updates the table once)
            mixed = drawn.mixed is not None
            self.image.setLookupTable(None if mixed else drawn.lut, update=False)
            self.image.setImage(drawn.mixed if mixed else drawn.levels, levels=(0, 255), autoLevels=False)
            self._place_image(raster)
        else:
            self.image.setVisible(False)
        self._draw_borders(step)
        self._describe_hovered()  # the view or what is known under the mouse may have changed
        self.value_marks.draw(raster)
        self._caption_axes(x_lo, y_lo, x_hi, y_hi)
        self._draw_phi_lines()
        self.marks.place()
        self.overlays.place()
        self.viewChanged.emit()

    def _place_image(self, raster: Raster) -> None:
        f, half = self.frame, Fraction(1, 2)
        self.image.setRect(
            QRectF(
                f.sx(raster.x0 - half),
                f.sy(raster.y0 - half),
                f.length(raster.nx * raster.step),
                f.length(raster.ny * raster.step),
            )
        )
        self.image.setVisible(True)

    # ----- the parts' faces: what controllers and views ask of the grid ---------------------------
    def set_highlight(self, cells: tuple[tuple[int, int], ...]) -> None:
        self.overlays.set_highlight(cells)

    @property
    def selection(self) -> tuple[int, int] | None:
        return self.marks.selection

    @property
    def moves(self) -> tuple[Move, ...]:
        return self.marks.moves

    @property
    def path(self) -> tuple[tuple[int, int], ...]:
        return self.marks.path

    @property
    def query_rect(self) -> tuple[int, int, int, int] | None:
        return self.marks.query_rect

    @property
    def arrows(self) -> list[pg.GraphicsObject]:
        return self.marks.arrows

    @property
    def overlay(self) -> Overlay | None:
        return self.overlays.overlay

    @property
    def colour_bar(self) -> pg.GraphicsObject:
        return self.value_marks.colour_bar

    @property
    def value_grid(self) -> object:
        return self.value_marks.value_grid

    # ----- Grundy mode ------------------------------------------------------------------------
    def _caption_axes(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int) -> None:
        caption_axes(self.getPlotItem(), x_lo, y_lo, x_hi, y_hi, axis_names(self.rule))

    def _show_solving(self) -> None:
        """Mark the picture as the rule in effect's while another is solved (the session's `solving`)."""
        text = self.session.solving
        if text:
            shown = self.rule.title if len(self.rule.title) <= 60 else self.rule.title[:59] + "…"
            wanted = text if len(text) <= 40 else text[:39] + "…"
            self.solving_note.setText(f"Showing {shown} until {wanted} is solved")
            self.solving_note.adjustSize()
        self.solving_note.setVisible(bool(text))
        self.image.setOpacity(0.45 if text else 1.0)

    def _draw_lines(self) -> None:
        """The cell borders and the golden lines as the session says, over what is on screen."""
        self._draw_borders(self.raster.step if self.raster is not None else self.step())
        self._draw_phi_lines()

    def _draw_borders(self, step: int) -> None:
        px_per_cell = 1.0 / max(self.cells_per_pixel(), 1e-300)
        show = self.session.cell_borders and step == 1 and px_per_cell >= GRID_LINES_FROM_PX
        self.borders.setVisible(show)  # (its z value is set once, when it is made)
        if show:  # the unit is 1 here: cells are pixels wide
            (u0, u1), (v0, v1) = self.vb.viewRange()
            left, bottom = max(u0, self.frame.sx(Fraction(-1, 2))), max(v0, self.frame.sy(Fraction(-1, 2)))
            self.borders.set_rect(QRectF(left, bottom, max(0.0, u1 - left), max(0.0, v1 - bottom)))

    def _draw_phi_lines(self) -> None:
        x_lo, _, x_hi, _ = self.visible_cells()
        show = self.session.golden_lines and x_hi.bit_length() < HUGE_BITS  # no isqrt of huge numbers here
        for line in self.phi_lines:
            line.setVisible(show)
        if not show:
            return
        x_lo = max(0, x_lo)
        x_hi = max(x_lo + 1, x_hi)
        f = self.frame
        bits = 24
        for line, slope_num in zip(self.phi_lines, (True, False), strict=True):
            xs, ys = [], []
            for x in (x_lo, x_hi):
                big = x << bits
                root5 = math.isqrt(5 * big * big)
                y_scaled = (big + root5) >> 1 if slope_num else (root5 - big) >> 1  # x*phi or x/phi
                xs.append(f.sx(x))
                ys.append(f.sy(Fraction(y_scaled, 1 << bits)))
            line.setData(np.array(xs), np.array(ys))

    # ----- the mouse and the keyboard ---------------------------------------------------
    def hover_description(self, x: int, y: int) -> str:
        """What the status bar says about cell (x, y) (explorer.gui.grid.hover.describe_cell)."""
        return hover.describe_cell(self, x, y)

    def _on_mouse_moved(self, pos: QPointF) -> None:
        if not self.vb.sceneBoundingRect().contains(pos):
            return
        self._hovered = QPointF(pos)
        self._describe_hovered()

    def _on_mouse_clicked(self, event) -> None:  # type: ignore[no-untyped-def]
        if event.button() != Qt.MouseButton.LeftButton or not self.vb.sceneBoundingRect().contains(event.scenePos()):
            return
        x, y = self.cell_at_scene(event.scenePos())
        if x >= 0 and y >= 0:
            self.cellClicked.emit(x, y)

    def close(self) -> bool:
        """pyqtgraph's close deletes the plot's items: no redraw may come after it (a model event
        heard after it, drawn at once on the GUI thread, once raised from the deleted axes)."""
        if self._closed:
            return True  # closed once: pyqtgraph's close may not run twice
        self._closed = True
        self._render_throttle.stop()
        self.render_jobs.cancel()
        return super().close()

    def leaveEvent(self, ev) -> None:  # type: ignore[no-untyped-def]
        """The mouse left the grid: no cell is hovered, the status bar's hover text goes."""
        self._hovered = None
        self.hoverText.emit("")
        super().leaveEvent(ev)
