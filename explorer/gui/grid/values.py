"""Value colouring for the grid (a part of GridView, built from it): Grundy values or remoteness sampled per
texel (explorer.core.render.values), their levels and colour bar, the exact numbers in cells
when zoomed in, the outline of what is computed, and the requests to compute more. Custom-rule
levels live here too: both grey out what is not computed."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontMetricsF

from explorer.core.counting.raster import Raster
from explorer.core.exact.bigint import short_decimal, tail_decimal
from explorer.core.render.levels import Levels
from explorer.core.render.values import ValueGrid
from explorer.core.value_source import ValueCache
from explorer.gui import palette
from explorer.gui.grid.axes import ValueBar
from explorer.gui.grid.host import GridHost
from explorer.gui.grid.items import CellNumbers, outline_box
from explorer.session.model import GRUNDY, REMOTENESS, VALUE_MODES

NUMBERS_FROM_PX = 26.0  # write values inside cells from this cell size on
BAR_LABELS = {GRUNDY: "G", REMOTENESS: "R (moves left)"}


class ValueMarks:
    """In Grundy and remoteness modes: the colour bar, the outline of the square where values (or
    a bounded rule) are known, and the values written in cells when they are large enough. Asks
    for a larger corner with `on_needed(side)`. Reads the rule, the values and the mode from the
    host's session model."""

    def __init__(
        self,
        host: GridHost,
        on_needed: Callable[[int], None],
        on_far_needed: Callable[[int], None] = lambda n: None,
        on_rows_needed: Callable[[], None] = lambda: None,
    ) -> None:
        self.host = host
        self.on_needed = on_needed
        self.on_far_needed = on_far_needed  # columns of the values far out (value sequences) to solve
        self.on_rows_needed = on_rows_needed  # the view reaches far along an axis: the certified rows
        vb = host.vb
        self.value_grid: ValueGrid | None = None
        self.scaled: Levels | None = None  # the last frame coloured by values it knew: the bar's scale
        self._bar_shows: tuple[str, str, tuple[float, float]] = ("", "", (0.0, 0.0))  # its map, title, levels
        self.numbers = CellNumbers()
        vb.addItem(self.numbers)
        self.computed_box = outline_box(vb, palette.SOLVED_EDGE, width=2.0, z=6, dashed=True)
        self._bar: ValueBar | None = None  # made the first time values colour the grid

    @property
    def colour_bar(self) -> ValueBar:
        """The colour bar, beside the plot. Made when first asked for: with its colour map it is
        a plot of its own (35 ms), which the window's start in hot/cold colours does not need."""
        if self._bar is None:
            colours = palette.grundy_colormap()
            self._bar = ValueBar(values=(0, 1), colorMap=colours, interactive=False, width=14, label="G")
            self._bar.setVisible(False)
            self.host.getPlotItem().layout.addItem(self._bar, 2, 3)
        return self._bar

    @property
    def mode(self) -> str:
        return self.host.session.mode

    @property
    def values(self) -> ValueCache | None:
        return self.host.session.values

    def draw(self, raster: Raster) -> None:
        self._draw_value_extras(raster)

    def _draw_value_extras(self, raster: Raster) -> None:
        valued = self.mode in VALUE_MODES
        bound = self.host.session.rule.bound
        if valued or self._bar is not None:
            self.colour_bar.setVisible(valued)
        side = self.values.side if self.values is not None else 0
        self.computed_box.setVisible(valued or bound is not None)
        if not valued:
            self.numbers.set_cells(QRectF(), [])
            if bound is not None:
                self._outline_square(bound)
            return
        self._outline_square(side)
        grid = self.value_grid
        # The bar shows the last scale values were coloured by, title and range together: with
        # nothing known in view it stays (the title of the view's own units beside the range of
        # another view's read as values there)
        scale = self.scaled.scale() if self.scaled is not None else None
        if scale is not None and scale[0] == self.mode:
            _, base, shift, (lo, hi) = scale
        else:
            base, shift, (lo, hi) = (grid.base, grid.shift, (0.0, 1.0)) if grid is not None else (0, 0, (0.0, 1.0))
        label = BAR_LABELS[self.mode]
        if base or shift:
            label += f" − {short_decimal(base, 12)}" + (f", in units of 2^{shift}" if shift else "")
        # Only what changed: setting the same colour map, title and levels again on every frame
        # re-laid the bar out and drew its axis twice (2-3 ms of a Grundy frame).
        mode, title, levels = self._bar_shows
        if mode != self.mode:
            self.colour_bar.setColorMap(palette.value_colormap(self.mode))
        if title != label:
            self.colour_bar.getAxis("left").setLabel(label)
        if levels != (lo, hi):
            self.colour_bar.setLevels((lo, hi))
        self._bar_shows = (self.mode, label, (lo, hi))
        px_per_cell = 1.0 / max(self.host.cells_per_pixel(), 1e-300)
        cells: list[tuple[float, float, str, bool]] = []
        if raster.step == 1 and px_per_cell >= NUMBERS_FROM_PX and grid is not None:
            font = QFont()
            font.setPointSizeF(CellNumbers.POINT_SIZE)
            fit = max(2, int((px_per_cell - 4) // QFontMetricsF(font).horizontalAdvance("0")))
            known = grid.known
            for j, i in zip(*np.nonzero(known), strict=True):
                x, y = raster.x0 + int(i), raster.y0 + int(j)
                value = self.values.value(self.mode, x, y) if self.values is not None else None
                if value is None:
                    continue
                bright = (grid.values[j, i] - lo) > 0.6 * (hi - lo)  # the maps turn light: dark text
                cells.append((self.host.frame.sx(x), self.host.frame.sy(y), tail_decimal(value, fit), bool(bright)))
        (u0, u1), (v0, v1) = self.host.vb.viewRange()
        self.numbers.set_cells(QRectF(u0, v0, u1 - u0, v1 - v0), cells)
        if self.values is not None:  # what to solve next for this view: the one place decides
            far_x, far_y = self._far_corner(raster)
            needs = self.values.needs_for_view(raster.x0, raster.y0, far_x, far_y, raster.step, self.mode)
            if needs.corner is not None:
                self.on_needed(needs.corner)
            if needs.rows:
                self.on_rows_needed()
            if needs.far_columns is not None:
                self.on_far_needed(needs.far_columns)

    def _outline_square(self, side: int) -> None:
        """Outline cells [0, side)²."""
        f = self.host.frame
        left, bottom = f.sx(Fraction(-1, 2)), f.sy(Fraction(-1, 2))
        self.computed_box.setRect(QRectF(left, bottom, f.length(side), f.length(side)))

    def _far_corner(self, raster: Raster) -> tuple[int, int]:
        return (raster.x0 + raster.nx * raster.step - 1, raster.y0 + raster.ny * raster.step - 1)
