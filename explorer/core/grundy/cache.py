"""A growing table of Grundy values [0, size)^2 for the window and the queries.

The square grows by doubling, up to MAX_SIDE (8192: a uint16 table of 128 MiB; G <= x + y
< 2^16 there). Each growth recomputes the square from the corner (about 0.1 s at 2048,
1.6 s at 4096, ~7 s at 8192 on 2 cores), which callers run off the GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from explorer.core import budget
from explorer.core.counting.dominance import rectangle_counts
from explorer.core.rules.base import Rule

MAX_SIDE = budget.grundy_side()
START_SIDE = 256


class GrundyCache:
    """The table of one rule (rule.grundy_window computes it)."""

    def __init__(self, rule: Rule, max_side: int = MAX_SIDE) -> None:
        self.rule = rule
        self.max_side = max_side
        self.table: NDArray[np.uint16] = np.zeros((0, 0), dtype=np.uint16)

    @property
    def side(self) -> int:
        return int(self.table.shape[0])

    def covers(self, x: int, y: int) -> bool:
        return 0 <= x < self.side and 0 <= y < self.side

    def side_for(self, x: int, y: int) -> int | None:
        """The side the table must grow to so that it covers (x, y); None if beyond the bound."""
        need = max(x, y) + 1
        if need > self.max_side:
            return None
        side = max(START_SIDE, self.side)
        while side < need:
            side *= 2
        return min(side, self.max_side)

    def grow(self, side: int, progress: Callable[[int, int], bool] | None = None) -> None:
        """Compute the square [0, side)^2 (raises InterruptedError if progress says stop)."""
        if side <= self.side:
            return
        table = self.rule.grundy_window(0, 0, side, side, progress)
        self.table = table.astype(np.uint16)

    def value(self, x: int, y: int) -> int | None:
        return int(self.table[x, y]) if self.covers(x, y) else None

    def count_value(self, g: int, x0: int, y0: int, x1: int, y1: int) -> int:
        """Cells with G = g in [x0, x1] x [y0, y1] (inside the table), by the offline Fenwick
        dominance counter over the cells of value g."""
        if not (self.covers(x1, y1) and x0 >= 0 and y0 >= 0):
            raise ValueError(f"the rectangle leaves the computed square [0, {self.side})²")
        px, py = np.nonzero(self.table == g)
        return int(rectangle_counts(px, py, [x0], [y0], [x1], [y1])[0])
