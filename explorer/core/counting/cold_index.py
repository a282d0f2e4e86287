"""Counting cold cells in rectangles through a Fenwick tree over the generated sequence.

The index marks every lower Wythoff number n < N (taken from the generated pairs a_k, not
from a formula) in a Fenwick tree, so its prefix sums are LA(m) = #{k >= 1 : a_k <= m},
and UB(m) = m - LA(m) counts the upper numbers. Since a_k and b_k both increase,
    C(X, Y) = 1 + min(LA(X), UB(Y)) + min(UB(X), LA(Y)),
the cold pairs (a_k, b_k) in the rectangle plus their mirrors plus (0, 0). Each answer
costs O(log N) and batches take one numpy pass per tree level.

The index grows by doubling as queries reach further (or at once to what a batch needs),
up to MAX_CELLS (2^27, about 1.3e8 numbers: an int32 tree of 512 MiB and an int8 scratch
array of 128 MiB at most). Beyond it the closed form (math.isqrt) answers, exactly.
Every answer says which method produced it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from explorer.core.counting.closed_form import cold_cells_in
from explorer.core.counting.fenwick import FenwickTree
from explorer.core.exact import bulk
from explorer.core.game.sequence import count_lower_upto

MAX_CELLS = 1 << 27
START_CELLS = 1 << 16
FENWICK = "fenwick"
CLOSED_FORM = "closed-form"


@dataclass(frozen=True)
class Count:
    """An exact count of cold cells in a rectangle, with how it was obtained."""

    count: int
    cells: int
    method: str

    @property
    def density(self) -> float:
        return self.count / self.cells if self.cells else 0.0


class ColdIndex:
    """Answers C(X, Y) and rectangle counts; grows by doubling up to `max_cells`."""

    def __init__(self, max_cells: int = MAX_CELLS, start_cells: int = START_CELLS) -> None:
        self.max_cells = max_cells
        self.size = 0
        self.tree = FenwickTree(0, np.int32)
        self._grow_to(min(start_cells, max_cells))

    # ----- building ---------------------------------------------------------------------
    def _grow_to(self, size: int) -> None:
        """Index the numbers 0..size-1: mark the generated lower numbers, sum, build."""
        marks = np.zeros(size, dtype=np.int8)
        top = count_lower_upto(size - 1)  # every k >= 1 with a_k < size
        chunk = 1 << 16
        for k0 in range(1, top + 1, chunk):
            k = np.arange(k0, min(top + 1, k0 + chunk), dtype=np.int64)
            marks[bulk.lower_array(k)] = 1
        prefix = np.zeros(size + 1, dtype=np.int32)
        np.cumsum(marks, out=prefix[1:], dtype=np.int32)
        self.tree = FenwickTree.from_prefix_sums(prefix)
        self.size = size

    def covers(self, m: int) -> bool:
        return m < self.max_cells

    def ensure(self, m: int) -> bool:
        """Grow (by doubling) until m is indexed; False if m lies beyond the bound."""
        if m < self.size:
            return True
        if m >= self.max_cells:
            return False
        size = max(2 * self.size, m + 1)  # doubling, or straight to what a batch needs
        self._grow_to(min(size, self.max_cells))
        return True

    # ----- single answers ------------------------------------------------------------------
    def lower_count(self, m: int) -> int:
        """LA(m) from the tree (m must be indexed, or negative)."""
        return self.tree.prefix(m + 1) if m >= 0 else 0

    def count(self, x: int, y: int) -> Count:
        """Cold cells in [0, x] x [0, y]."""
        cells = (x + 1) * (y + 1) if x >= 0 and y >= 0 else 0
        if x < 0 or y < 0:
            return Count(0, 0, FENWICK)
        if not self.ensure(max(x, y)):
            return Count(cold_cells_in(x, y), cells, CLOSED_FORM)
        lx, ly = self.lower_count(x), self.lower_count(y)
        return Count(1 + min(lx, y - ly) + min(x - lx, ly), cells, FENWICK)

    def count_rect(self, x0: int, y0: int, x1: int, y1: int) -> Count:
        """Cold cells in the inclusive rectangle [x0, x1] x [y0, y1], by inclusion-exclusion."""
        x0, y0 = max(x0, 0), max(y0, 0)
        if x1 < x0 or y1 < y0:
            return Count(0, 0, FENWICK)
        cells = (x1 - x0 + 1) * (y1 - y0 + 1)
        parts = [self.count(x1, y1), self.count(x0 - 1, y1), self.count(x1, y0 - 1), self.count(x0 - 1, y0 - 1)]
        total = parts[0].count - parts[1].count - parts[2].count + parts[3].count
        method = CLOSED_FORM if any(p.method == CLOSED_FORM for p in parts) else FENWICK
        return Count(total, cells, method)

    # ----- batches ----------------------------------------------------------------------------
    def count_many(self, xs: Any, ys: Any) -> tuple[NDArray | list[int], str]:
        """C(X, Y) for many queries: through the tree (vectorised) when all fit, else exact
        Python integers by the closed form. Returns (counts, method)."""
        if isinstance(xs, np.ndarray) and xs.dtype == np.int64 and xs.size:
            x = xs
            y = np.asarray(ys, dtype=np.int64)
            top = int(max(x.max(), y.max()))
            if int(min(x.min(), y.min())) >= 0 and self.ensure(top):
                both = self.tree.prefix_many(np.concatenate([x, y]) + 1)
                lx, ly = both[: x.size], both[x.size :]
                return 1 + np.minimum(lx, y - ly) + np.minimum(x - lx, ly), FENWICK
        counts = [cold_cells_in(int(a), int(b)) for a, b in zip(xs, ys, strict=True)]
        return counts, CLOSED_FORM

    def count_rect_many(self, x0: Any, y0: Any, x1: Any, y1: Any) -> tuple[NDArray | list[int], str]:
        """Rectangle counts for many queries, by inclusion-exclusion on count_many."""
        a = [np.asarray(v) for v in (x0, y0, x1, y1)]
        if all(v.dtype == np.int64 for v in a):
            x0a, y0a, x1a, y1a = (np.maximum(v, 0) if i < 2 else v for i, v in enumerate(a))
            qx = np.concatenate([x1a, x0a - 1, x1a, x0a - 1])
            qy = np.concatenate([y1a, y1a, y0a - 1, y0a - 1])
            valid = (qx >= 0) & (qy >= 0)
            c, method = self.count_many(np.where(valid, qx, 0), np.where(valid, qy, 0))
            if method == FENWICK:
                c = np.where(valid, np.asarray(c), 0).reshape(4, -1)
                out = c[0] - c[1] - c[2] + c[3]
                return np.where((x1a >= x0a) & (y1a >= y0a), out, 0), FENWICK
        rows = zip(*(list(map(int, v)) for v in (x0, y0, x1, y1)), strict=True)
        return [self.count_rect(*r).count for r in rows], CLOSED_FORM
