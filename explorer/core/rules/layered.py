"""A rule whose cold cells are one cell a column (a generated sequence, (x, col[x]) for x below
the bound) and a finite set of changes: cells added (+1) or taken away (−1). One pass far out
(explorer.core.rules.passing: the cells of value 1 and 14 changes) and altered positions far out
(explorer.core.rules.altered: the sweep's cells and the declared ones) are such rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from explorer.core.counting.raster import Raster
from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game.moves import Move
from explorer.core.game.vector_spec import VectorSpec
from explorer.core.protocol import Rule
from explorer.core.rules.base import Position, RuleBase
from explorer.core.rules.recursion import HotColdOnly

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    np = lazy_numpy(__name__)

COLUMN_NS = 40
LINE_NS = 15


class LayerRule(HotColdOnly, RuleBase):  # type: ignore[misc]
    """Cold at (x, col[x]) for x < bound (col[x] past the rows kept: none in that column), and at
    the changes marked +1, but not at those marked −1; answered on [0, bound)²."""

    base: Rule
    moves: VectorSpec
    bound: int
    col: NDArray[np.int32]
    row: NDArray[np.int32] | None
    changes: dict[Position, int]
    _cx: NDArray[np.int64]  # the changed cells, sorted, and their changes (+1 or −1), as arrays
    _cy: NDArray[np.int64]
    _cd: NDArray[np.int64]
    count_method = "generated sequence"
    what = "a generated sequence"  # what the bound's message says was solved

    def _set_layer(
        self,
        base: Rule,
        moves: VectorSpec,
        col: NDArray[np.int32],
        changes: dict[Position, int],
        row: NDArray[np.int32] | None = None,
    ) -> None:
        """`row[y]`: the column of row y's own cell (−1: none), where the cells are not their own
        mirror image; None: a row's own cell is its column's mirror."""
        object.__setattr__(self, "row", row)
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "spec", base.spec)
        object.__setattr__(self, "moves", moves)
        object.__setattr__(self, "bound", int(col.shape[0]))
        object.__setattr__(self, "col", col)
        object.__setattr__(self, "changes", dict(changes))
        cells = sorted(changes)
        object.__setattr__(self, "_cx", np.array([c[0] for c in cells], dtype=np.int64))
        object.__setattr__(self, "_cy", np.array([c[1] for c in cells], dtype=np.int64))
        object.__setattr__(self, "_cd", np.array([changes[c] for c in cells], dtype=np.int64))

    @property
    def nbytes(self) -> int:  # type: ignore[override]
        return int(self.col.nbytes) + (0 if self.row is None else int(self.row.nbytes)) + 48 * len(self.changes)

    def solved_as(self) -> str:
        return f"{self.what} on {self.bound:,} columns"

    # ----- cells --------------------------------------------------------------------------------
    def is_cold(self, x: int, y: int) -> bool:
        self.check(x, y)
        change = self.changes.get((x, y))
        return change > 0 if change is not None else int(self.col[x]) == y

    def is_cold_many(self, xs: Any, ys: Any) -> NDArray[np.bool_]:
        xs, ys = np.asarray(xs, dtype=np.int64), np.asarray(ys, dtype=np.int64)
        if xs.size:
            self.check(int(xs.min()), int(ys.min()))
            self.check(int(xs.max()), int(ys.max()))
        out = self.col[xs] == ys
        if self.changes and xs.size:
            # A key x·wide + y is one cell only while every y, asked or changed, is below wide:
            # keyed by the x's alone, (0, 3) met the declared (1, 0) once wide was 3.
            wide = int(max(xs.max(), ys.max(), self._cx.max(), self._cy.max())) + 1
            keys, changed = self._cx * wide + self._cy, xs * wide + ys
            order = np.argsort(keys)
            at = np.searchsorted(keys[order], changed)
            hit = keys[order][np.minimum(at, keys.size - 1)] == changed
            out[hit] = self._cd[order][at[hit]] > 0
        return out  # type: ignore[no-any-return]

    def cold_option_cells(self, x: int, y: int) -> list[Position]:
        """The cold cells one move away: on each ray's line behind (x, y) the one cell of the
        sequence there (unless taken away), the added cells it reaches, and its jumps' targets."""
        from explorer.core.game.value_sequences import cell_on_line

        self.check(x, y)
        found: set[Position] = set()
        for p, q in self.moves.rays:
            if (p, q) == (1, 0) and self.row is not None:
                t = int(self.row[y])
                cell = (t, y) if 0 <= t < x else None
            else:
                cell = cell_on_line(self.col, x, y, p, q)
            if cell is not None and self.changes.get(cell, 1) > 0:
                found.add(cell)
        for i, j in self.moves.jumps:
            if i <= x and j <= y and self.is_cold(x - i, y - j):
                found.add((x - i, y - j))
        behind = np.flatnonzero((self._cd > 0) & (self._cx <= x) & (self._cy <= y))
        for k in behind.tolist():
            c = (int(self._cx[k]), int(self._cy[k]))
            if self.moves.allows((x, y), c):
                found.add(c)
        return sorted(found)

    def winning_moves(self, x: int, y: int) -> list[Move]:
        if self.is_cold(x, y):
            return []
        return [Move.between((x, y), t) for t in self.cold_option_cells(x, y)]

    # ----- counting -------------------------------------------------------------------------------
    def cold_count(self, x: int, y: int) -> int:
        if x < 0 or y < 0:
            return 0
        self.check(x, y)
        changed = int(self._cd[(self._cx <= x) & (self._cy <= y)].sum())
        return int(np.count_nonzero(self.col[: x + 1] <= y)) + changed

    def cold_count_many(self, xs: Any, ys: Any) -> NDArray:
        from explorer.core.counting.dominance import dominance_counts
        from explorer.core.counting.sequence_index import dominance_over_sequence

        xs, ys = np.asarray(xs, dtype=np.int64), np.asarray(ys, dtype=np.int64)
        inside = (xs >= 0) & (ys >= 0)
        if np.any(inside):
            self.check(int(xs[inside].max()), int(ys[inside].max()))
        out = dominance_over_sequence(self.col, xs, ys)
        for sign in (1, -1):
            pick = self._cd == sign
            if pick.any():
                out += sign * dominance_counts(self._cx[pick], self._cy[pick], xs, ys)
        return out

    def raster(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> Raster:
        from explorer.core.counting.raster import rasterize_sequence, with_changes

        r = rasterize_sequence(self.col, self.bound, x_lo, y_lo, x_hi, y_hi, step)
        return with_changes(r, self.changes)

    def cost(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int) -> int:
        width = max(x_hi - x_lo, 0)
        columns = max(0, min(x_hi + width, self.bound) - max(x_lo - width, 0))
        line = min(max(min(x_lo, y_lo), 0), self.bound) * len(self.moves.rays)  # a cell's scan along its lines
        return max(COLUMN_NS * columns, LINE_NS * line) + 200 * len(self.changes) + super().cost(x_lo, y_lo, x_hi, y_hi)
