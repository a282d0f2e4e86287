"""What the grid draws instead of the rule's own colours (a part of GridView, built from it): the
game plus a Nim heap (the Sums panel's "show on the grid"), and two rules compared (View ▸ Compare
with…). Each is worked out on the grid's drawing job, the latest view winning, and dropped if the
rule, the heap or the other rule changed before it arrived."""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from explorer.core.analysis.compare import ComparePicture, compare_picture
from explorer.core.counting.raster import Raster
from explorer.core.exact.bigint import short_decimal
from explorer.core.protocol import Rule
from explorer.core.render.levels import Levels, compare_levels
from explorer.core.value_source import HeapPicture, ValueCache
from explorer.session.model import Session


class GridView(Protocol):
    """What the pictures read and call of the grid (explorer.gui.grid.view.GridView)."""

    session: Session
    render_jobs: Any
    busy: Any  # Signal(str)
    farValuesNeeded: Any  # Signal(int)
    raster_rule: Rule | None
    raster_heap: tuple[int, int] | None

    @property
    def rule(self) -> Rule: ...
    @property
    def values(self) -> ValueCache | None: ...
    @property
    def heap_shown(self) -> int: ...
    def _show_raster(self, raster: Raster, ready: Levels | None = None) -> None: ...


Request = tuple[int, int, int, int, int]


def compare_frame(rule: Rule, other: Rule, *request: int) -> tuple[ComparePicture, Raster, Levels]:
    """Two rules compared for a view, on a worker: the picture, the rule in effect's own cold cells
    as a raster (for what reads them) and the levels drawn. The raster and the levels were made on
    the GUI thread, where each numpy call beside a worker's waits for the GIL: a soak saw 296 ms."""
    picture = compare_picture(rule, other, *request)
    cold = (picture.both + picture.first_only).ravel()
    cells = np.flatnonzero(cold)
    raster = Raster(
        picture.tx0, picture.ty0, picture.step, picture.nx, picture.ny,
        cells % picture.nx, cells // picture.nx, cold[cells],
    )  # fmt: skip
    return picture, raster, compare_levels(picture)


class OtherPictures:
    def __init__(self, grid: GridView) -> None:
        self.grid = grid
        self.compared: tuple[Rule, Rule, ComparePicture] | None = None  # (rule, other, picture) on screen

    def render(self, rule: Rule, request: Request) -> bool:
        """Draw the heap or the comparison for this view, if one is asked: True if it was."""
        other = self.grid.session.compare
        if other is not None:
            self._render_compare(rule, other, request)
            return True
        self.compared = None
        if self.grid.heap_shown:
            self._render_heap(rule, self.grid.heap_shown, request)
            return True
        return False

    # ----- two rules compared -------------------------------------------------------------------------
    def _render_compare(self, rule: Rule, other: Rule, request: Request) -> None:
        self.grid.render_jobs.submit(
            compare_frame,
            rule,
            other,
            *request,
            done=lambda frame: self._compare_arrived(rule, other, *frame),
            failed=lambda exc: self.grid.busy.emit(f"Comparing with {other.key}: {exc}"),
        )

    def _compare_arrived(
        self, rule: Rule, other: Rule, picture: ComparePicture, raster: Raster, levels: Levels
    ) -> None:
        grid = self.grid
        if rule != grid.rule or other != grid.session.compare:
            return
        self.compared = (rule, other, picture)
        grid.raster_rule, grid.raster_heap = rule, None
        grid._show_raster(raster, levels)

    def describe_compare(self, x: int, y: int) -> str:
        """Hovering while two rules are compared: the pixel's cells of each kind, exactly."""
        grid = self.grid
        if self.compared is None or self.compared[:2] != (grid.rule, grid.session.compare):
            return f"({x}, {y}): being compared"
        _, other, picture = self.compared
        kinds = picture.at(x, y)
        where = f"({x}, {y})" if picture.step == 1 else self._pixel(x, y, picture.step)
        if kinds is None:
            return f"{where}: beyond where both rules are solved"
        both, first, second = kinds
        if picture.step == 1:
            said = ("cold under both", "cold under the rule in effect only", f"cold under {other.key} only")
            word = said[0] if both else said[1] if first else said[2] if second else "hot under both"
            return f"{where}  {word}"
        return (
            f"{where}: cold under both {both}, under the rule in effect only {first}, under {other.key} only {second}"
        )

    @staticmethod
    def _pixel(x: int, y: int, step: int) -> str:
        x0, y0 = x - x % step, y - y % step
        xs, ys = (f"[{short_decimal(v)}, {short_decimal(v + step - 1)}]" for v in (x0, y0))
        return f"pixel {xs} × {ys}"

    # ----- the game plus a Nim heap --------------------------------------------------------------------
    def _render_heap(self, rule: Rule, heap: int, request: Request) -> None:
        """Draw the sum's cold cells, the cells of value `heap`, from that value's sequence (solved
        first, on a worker, as far as the view needs and the window's bound allows)."""
        grid = self.grid
        values = grid.values
        if values is None:
            return
        x_lo, y_lo, x_hi, y_hi, _ = request
        need = values.square_columns_for(x_hi, y_hi)
        if need is not None:
            grid.farValuesNeeded.emit(need)
        grid.render_jobs.submit(
            values.heap_picture,
            heap,
            *request,
            done=lambda picture: self._heap_arrived(rule, heap, picture),
            failed=lambda exc: grid.busy.emit(f"Drawing failed: {exc}"),
            background=not values.heap_picture_quick(x_lo, y_lo, x_hi, y_hi),
        )

    def _heap_arrived(self, rule: Rule, heap: int, picture: HeapPicture) -> None:
        grid = self.grid
        if rule == grid.rule and heap == grid.heap_shown and grid.session.compare is None:
            grid.raster_rule, grid.raster_heap = rule, (heap, picture.solved)
            grid._show_raster(picture.raster)
