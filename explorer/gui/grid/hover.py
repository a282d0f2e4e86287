"""What the status bar says under the mouse in the grid's newer modes (a part of GridView's
hover text): the game plus a heap of h, and a zoomed-out pixel's cells of each value."""

from __future__ import annotations

from typing import Any, Protocol

from explorer.core.counting.raster import Raster
from explorer.core.exact.bigint import short_decimal
from explorer.core.protocol import Rule
from explorer.gui.grid.values import BAR_LABELS
from explorer.session.model import GRUNDY, VALUE_MODES


class GridView(Protocol):
    """What these texts read of the grid (explorer.gui.grid.view.GridView)."""

    mode: str
    value_marks: Any
    raster: Raster | None
    raster_rule: Rule | None
    raster_heap: tuple[int, int] | None

    @property
    def heap_shown(self) -> int: ...
    @property
    def rule(self) -> Rule: ...
    @property
    def session(self) -> Any: ...
    @property
    def values(self) -> Any: ...
    @property
    def pictures(self) -> Any: ...


def describe_shares(grid: GridView, x: int, y: int) -> str:
    """Zoomed out past the corner in Grundy mode: the cells of each value in the pixel."""
    sampled = grid.value_marks.value_grid if grid.mode == GRUNDY else None
    region = sampled.shares if sampled is not None else None
    if region is None or grid.raster is None:
        return ""
    counts = region.texel_counts(x // region.step - grid.raster.tx0, y // region.step - grid.raster.ty0)
    if counts is None:
        return ""
    listed = ", ".join(f"G={h}: {c}" for h, c in enumerate(counts) if c)
    return f"; cells of value 0–{len(counts) - 1}: {sum(counts)}" + (f" ({listed})" if listed else "")


def cold_cells(n: int) -> str:
    """The exact count, as the pixel's bounds are exact: "1 cold cell", "2 cold cells"."""
    return f"{n} cold cell{'' if n == 1 else 's'}"


def describe_heap(grid: GridView, x: int, y: int, step: int) -> str:
    """Hovering the game plus a heap of h: the sum's cold cells are the cells of value h."""
    heap = grid.heap_shown
    drawn = grid.raster_heap
    if grid.raster is None or grid.raster_rule != grid.rule or drawn is None or drawn[0] != heap:
        return f"({x}, {y}) plus a heap of {heap}: being drawn"
    solved = drawn[1]
    if min(x, y) >= solved:
        return (
            f"({x}, {y}) plus a heap of {heap}: both piles lie beyond the {solved:,} columns where the cells "
            f"of value {heap} are solved so far"
        )
    n = grid.raster.count_at(x, y) or 0
    if step == 1:
        word = (
            f"cold: G = {heap}, so the sum's value is {heap} ⊕ {heap} = 0 and the player to move loses"
            if n
            else f"hot: G ≠ {heap}, the player to move wins (the sum's value is not 0)"
        )
        return f"({x}, {y}) plus a heap of {heap}  {word}"
    x0, y0 = x - x % step, y - y % step
    inside = f", counted in [0, {solved:,})² only" if max(x0, y0) + step > solved else ""
    return (
        f"pixel [{x0}, {x0 + step - 1}] × [{y0}, {y0 + step - 1}] plus a heap of {heap}: {cold_cells(n)} "
        f"(cells of value {heap}) of {step}²{inside} (near ({x}, {y}))"
    )


def describe_cell(grid: GridView, x: int, y: int) -> str:
    """What the status bar says about cell (x, y): read from the raster on screen (exact
    counts), so hovering costs nothing even at 100 000 digits."""
    step = grid.raster.step if grid.raster else 1
    if x < 0 or y < 0:
        return "outside the board: piles hold 0 or more counters"
    if grid.session.compare is not None:
        return grid.pictures.describe_compare(x, y)
    if grid.heap_shown:
        return describe_heap(grid, x, y, step)
    # the raster on screen answers only if it was drawn for the rule in effect
    known = grid.raster.count_at(x, y) if grid.raster and grid.raster_rule == grid.rule else None
    bound = grid.rule.bound
    if bound is not None and max(x, y) >= bound:
        return f"({x}, {y}): beyond the square [0, {bound:,})² where this rule is solved"
    if step == 1:
        cold = bool(known) if known is not None else grid.rule.is_cold(x, y)
        word = "cold: P-position, the player to move loses" if cold else "hot: N-position, the player to move wins"
        value = grid.values.value(grid.mode, x, y) if grid.mode in VALUE_MODES and grid.values is not None else None
        extra = "" if value is None else f"; {BAR_LABELS[grid.mode].split(' ')[0]} = {short_decimal(value, 24)}"
        above = grid.values.grundy_above(x, y) if grid.mode == GRUNDY and grid.values is not None else None
        if above is not None:
            extra = f"; G > {above - 1} (values 0–{above - 1} are solved this far out)"
        return f"({x}, {y})  {word}{extra}"
    x0, y0 = x - x % step, y - y % step
    x1, y1 = x0 + step - 1, y0 + step - 1
    solved = ""
    if bound is not None and max(x1, y1) >= bound:  # the pixel reaches past the solved square
        x1, y1 = min(x1, bound - 1), min(y1, bound - 1)
        solved = f", counted in the solved square [0, {bound:,})² only"
    n = known if known is not None else grid.rule.count_rect(x0, y0, x1, y1).count
    return (
        f"pixel [{x0}, {x0 + step - 1}] × [{y0}, {y0 + step - 1}]: {cold_cells(n)} of {step}²{solved} "
        f"(near ({x}, {y})){describe_shares(grid, x, y)}"
    )
