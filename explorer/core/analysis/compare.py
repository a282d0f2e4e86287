"""Two rules compared on a rectangle: the cells cold in both, in the first only, in the second
only (docs/math.md, "Games that change the recursion").

Each rule's own count of the rectangle checks that it answers there (a rule solved on a square
names its bound) and gives its total; the cells cold in both are found a block at a time from the
two rules' exact rasters, one texel a cell, up to MAX_CELLS cells. Larger rectangles are refused
before any work starts, the bound named.
"""

from __future__ import annotations

from typing import NamedTuple

from explorer.core.counting.closed_form import cells_in
from explorer.core.protocol import Rule, RuleError

MAX_CELLS = 1 << 24  # cells compared one by one (16,777,216): two rasters of a block at a time
BLOCK = 2048  # a block's side


class Comparison(NamedTuple):
    both: int
    first_only: int
    second_only: int
    cells: int


def _cold_cells(rule: Rule, x0: int, y0: int, x1: int, y1: int) -> set[tuple[int, int]]:
    """The cold cells of [x0, x1) x [y0, y1), from the rule's raster at one texel a cell."""
    r = rule.raster(x0, y0, x1, y1, 1)
    xs, ys = r.cols + r.tx0, r.rows + r.ty0
    keep = r.counts > 0
    return set(zip(xs[keep].tolist(), ys[keep].tolist(), strict=True))


def compare(first: Rule, second: Rule, x0: int, y0: int, x1: int, y1: int) -> Comparison:
    """The cells of [x0, x1] x [y0, y1] cold under both rules, under the first only, under the
    second only."""
    if min(x0, y0) < 0:
        raise RuleError("piles hold 0 or more counters")
    if x1 < x0 or y1 < y0:
        raise RuleError("the rectangle is empty: x0 <= x1 and y0 <= y1, please")
    cells = cells_in(x0, y0, x1, y1)
    a = first.count_rect(x0, y0, x1, y1).count  # each checks its own bound
    b = second.count_rect(x0, y0, x1, y1).count
    if cells > MAX_CELLS:
        raise RuleError(
            f"two rules are compared cell by cell, on at most {MAX_CELLS:,} cells; this rectangle holds {cells:,}"
        )
    both = 0
    for bx in range(x0, x1 + 1, BLOCK):
        for by in range(y0, y1 + 1, BLOCK):
            ex, ey = min(bx + BLOCK, x1 + 1), min(by + BLOCK, y1 + 1)
            both += len(_cold_cells(first, bx, by, ex, ey) & _cold_cells(second, bx, by, ex, ey))
    return Comparison(both, a - both, b - both, cells)
