"""Grundy-mode drawing for the grid (a mixin of GridView): G sampled per texel from the
cache, its levels, the numbers in cells, the outline of what is computed, and the requests
to compute more. Custom-rule levels live here too: both grey out what is not computed."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QRectF

from explorer.core.render.raster import Raster
from explorer.session.model import GRUNDY

NUMBERS_FROM_PX = 26.0  # write G inside cells from this cell size on


class GrundyDrawing:
    """Needs from its host: grundy, rule, mode, frame, vb, colour_bar, computed_box, numbers,
    cells_per_pixel(), grundyNeeded."""

    grundy: Any
    rule: Any
    mode: str
    frame: Any
    vb: Any
    colour_bar: Any
    computed_box: Any
    numbers: Any
    grundyNeeded: Any

    def cells_per_pixel(self) -> float:
        raise NotImplementedError

    def _grundy_samples(self, raster: Raster) -> tuple[NDArray, NDArray, NDArray]:
        """The cells sampled for each texel (its corner), and G there (-1 where not computed)."""
        side = self.grundy.side if self.grundy is not None else 0
        xs = [(raster.tx0 + i) * raster.step for i in range(raster.nx)]
        ys = [(raster.ty0 + j) * raster.step for j in range(raster.ny)]
        in_x = np.array([x < side for x in xs], dtype=bool)
        in_y = np.array([y < side for y in ys], dtype=bool)
        values = np.full((raster.ny, raster.nx), -1, dtype=np.int64)
        if self.grundy is not None and in_x.any() and in_y.any():
            cx = np.array([x for x in xs if x < side], dtype=np.int64)
            cy = np.array([y for y in ys if y < side], dtype=np.int64)
            block = self.grundy.table[np.ix_(cx, cy)].T.astype(np.int64)  # rows are y
            values[np.ix_(np.flatnonzero(in_y), np.flatnonzero(in_x))] = block
        return in_x, in_y, values

    def _grundy_levels(self, raster: Raster) -> NDArray[np.uint8]:
        """Level 0: not computed; 1..255: G scaled to the largest value in view."""
        _, _, values = self._grundy_samples(raster)
        self._grundy_values = values
        top = max(1, int(values.max()))
        self._grundy_top = top
        levels = np.where(values >= 0, 1 + (np.maximum(values, 0) * 254) // top, 0)
        return levels.astype(np.uint8)

    def _bounded_levels(self, raster: Raster, n: int) -> NDArray[np.uint8]:
        """Rules solved on [0, n)^2: 0 beyond the solved square (grey), 1 hot, 2..255 cold."""
        base = raster.levels().astype(np.int64)
        levels = np.where(base > 0, 1 + np.minimum(base, 254), 1)
        xs = np.array([(raster.tx0 + i) * raster.step < n for i in range(raster.nx)])
        ys = np.array([(raster.ty0 + j) * raster.step < n for j in range(raster.ny)])
        levels[~(ys[:, None] & xs[None, :])] = 0
        return levels.astype(np.uint8)

    def _draw_grundy_extras(self, raster: Raster) -> None:
        grundy = self.mode == GRUNDY
        bound = self.rule.bound
        self.colour_bar.setVisible(grundy)
        side = self.grundy.side if self.grundy is not None else 0
        if bound is not None and not grundy:
            side = bound
        self.computed_box.setVisible(grundy or bound is not None)
        if bound is not None and not grundy:
            self._outline_square(side)
        if not grundy:
            self.numbers.set_cells(QRectF(), [])
            return
        self._outline_square(side)
        self.colour_bar.setLevels((0, getattr(self, "_grundy_top", 1)))
        px_per_cell = 1.0 / max(self.cells_per_pixel(), 1e-300)
        cells: list[tuple[float, float, str, bool]] = []
        values = getattr(self, "_grundy_values", None)
        if raster.step == 1 and px_per_cell >= NUMBERS_FROM_PX and values is not None:
            for j, i in zip(*np.nonzero(values >= 0), strict=True):
                x, y = raster.x0 + int(i), raster.y0 + int(j)
                g = int(values[j, i])
                bright = g > 0.6 * getattr(self, "_grundy_top", 1)  # viridis turns light: dark text
                cells.append((self.frame.sx(x), self.frame.sy(y), str(g), bright))
        (u0, u1), (v0, v1) = self.vb.viewRange()
        self.numbers.set_cells(QRectF(u0, v0, u1 - u0, v1 - v0), cells)
        need = self.grundy.side_for(*self._far_corner(raster)) if self.grundy is not None else None
        if need is not None and need > side:
            self.grundyNeeded.emit(need)

    def _outline_square(self, side: int) -> None:
        """Outline cells [0, side)²."""
        f = self.frame
        left, bottom = f.sx(Fraction(-1, 2)), f.sy(Fraction(-1, 2))
        self.computed_box.setRect(QRectF(left, bottom, f.length(side), f.length(side)))

    def _far_corner(self, raster: Raster) -> tuple[int, int]:
        return (raster.x0 + raster.nx * raster.step - 1, raster.y0 + raster.ny * raster.step - 1)
