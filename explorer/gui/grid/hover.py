"""What the status bar says under the mouse in the grid's newer modes (a part of GridView's
hover text): the game plus a heap of h, and a zoomed-out pixel's cells of each value."""

from __future__ import annotations

from typing import Any, Protocol

from explorer.core.counting.raster import Raster
from explorer.core.protocol import Rule
from explorer.session.model import GRUNDY


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
