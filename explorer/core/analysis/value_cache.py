"""What the window knows of G and R for the rule in effect: a growing corner [0, side)², the
rule's closed forms (Nim's at any size), and Wythoff's certified Grundy rows at any distance.

The corner grows by doubling, up to a side the memory budget and the work bound allow for
this rule's moves (`max_side`); callers run `grow` and `solve_rows` off the GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from explorer.core import budget
from explorer.core.counting.dominance import rectangle_counts
from explorer.core.protocol import CertifiedRows, KnownValues, Rule, Valued, ValueSequences
from explorer.core.values import GRUNDY, REMOTENESS, shared_strip
from explorer.core.values.cost import WINDOW_WORK

if TYPE_CHECKING:
    from explorer.core.counting.raster import Raster
    from explorer.core.game.value_sequences import ValuesSolved
    from explorer.core.values.rows import GrundyRows
    from explorer.core.values.table import ValueTable


class HeapPicture(NamedTuple):
    """The texels of the game plus a Nim heap of h (`raster`: cells of value h in each), known
    inside [0, solved)²."""

    raster: Raster
    solved: int


START_SIDE = 256
# The inspector computes G and R of a selected position on its own, whatever the colour mode,
# when the corner that covers it is at most this side: Wythoff's 1024² takes ~20 ms and 5 MiB.
INSPECT_SIDE = 1024
REST_SIDE = 2048  # what is kept once the grid stops showing values: 20 MiB for Wythoff
__all__ = ["GRUNDY", "REMOTENESS", "ValueCache", "largest_side"]
ROWS = 201  # Wythoff's Grundy rows 0..200 are solved at any distance


def largest_side(rule: Rule) -> int:
    """The largest side (a power of two) of the corner for this rule: the memory budget, the
    work bound of the sweep, and the square where a bounded rule is solved (0: it has no values)."""
    if not isinstance(rule, Valued):
        return 0
    side = START_SIDE
    while True:
        nxt = 2 * side
        per_cell, work = rule.value_cost(nxt, nxt)
        fits = per_cell * nxt * nxt <= budget.VALUES_WINDOW_BYTES
        if not fits or work > WINDOW_WORK or nxt > (rule.bound or nxt):
            break
        side = nxt
    while side > 1 and (rule.value_cost(side, side)[1] > WINDOW_WORK or side > (rule.bound or side)):
        side //= 2
    if rule.bound is not None and side < rule.bound <= 2 * side:
        side = rule.bound  # a custom square: all of it
    return side


@dataclass
class ValueCache:
    """G, cold and R of one rule (see the module's docstring)."""

    rule: Rule
    max_side: int = 0
    table: ValueTable | None = None
    rows: GrundyRows | None = None
    far: ValuesSolved | None = None  # values 0 … H−1 far out, each a sequence (ValueSequences rules)

    def __post_init__(self) -> None:
        if not self.max_side:
            self.max_side = largest_side(self.rule)

    @property
    def side(self) -> int:
        return 0 if self.table is None else self.table.shape[0]

    @property
    def nbytes(self) -> int:
        """The corner and the rows. The values far out are counted where they are kept, by their
        engine (explorer.core.game.value_sequences.held_bytes), which other answers share."""
        rows = 0 if self.rows is None else self.rows.nbytes
        return (0 if self.table is None else self.table.nbytes) + rows

    def covers(self, x: int, y: int) -> bool:
        return 0 <= x < self.side and 0 <= y < self.side

    def side_for(self, x: int, y: int) -> int | None:
        """The side the corner must grow to so that it covers (x, y), at most `max_side`;
        None if it covers all it can already."""
        need = max(x, y) + 1
        if need >= self.max_side:  # no doubling up to a need of 10^10000 (238 ms: long soak, seed 20261407)
            side = self.max_side
        else:
            side = max(START_SIDE, self.side)
            while side < need:
                side *= 2
            side = min(side, self.max_side)
        return side if side > self.side else None

    def bytes_for(self, side: int) -> int:
        """The memory the corner [0, side)² takes."""
        return self.rule.value_cost(side, side)[0] * side * side if isinstance(self.rule, Valued) else 0

    def cheap_side_for(self, x: int, y: int) -> int | None:
        """The side to grow to so that the corner covers (x, y), if that is cheap (at most
        INSPECT_SIDE, within the rule's cap); None if it is covered or too costly to do unasked."""
        if max(x, y) >= min(INSPECT_SIDE, self.max_side):
            return None
        return self.side_for(x, y)

    @property
    def at_cap(self) -> bool:
        return self.side >= self.max_side

    def grow(self, side: int, progress: Callable[[int, int], bool] | None = None) -> None:
        """Compute the corner [0, side)² (raises InterruptedError if progress says stop)."""
        if side <= self.side or not isinstance(self.rule, Valued):
            return
        self.table = self.rule.value_table(side, side, progress)

    def rest(self, side: int = REST_SIDE) -> None:
        """Shrink to what the inspector and play need when the grid no longer shows values: the
        corner [0, side)² (a copy, so the big table is freed) and no rows (they are re-solved,
        in seconds, when Grundy colouring comes back)."""
        table = self.table
        if table is not None and table.shape[0] > side:
            from explorer.core.values.table import ValueTable

            self.table = ValueTable(
                grundy=table.grundy[:side, :side].copy(),
                cold=table.cold[:side, :side].copy(),
                remoteness=table.remoteness[:side, :side].copy(),
            )
        if self.rows is not None:
            self.rows = None
            shared_strip.release()
        if isinstance(self.rule, ValueSequences):  # the values far out, whoever asked for them
            self.far = None
            self.rule.value_engine.release()

    # ----- values far out, as sequences --------------------------------------------------------
    @property
    def has_far(self) -> bool:
        """Whether the rule's values far out are sequences (rules with Nim's rays, normal play)."""
        return isinstance(self.rule, ValueSequences)

    def far_columns_for(self, x: int, y: int) -> int | None:
        """The columns to solve so that every cell up to (x, y) whose smaller pile is below both
        lies in a solved column (a power of two, at most the window's bound); None if solved
        already or the rule has no value sequences."""
        return self._columns_for(min(x, y))

    def _columns_for(self, last: int) -> int | None:
        """Columns 0..last solved (a power of two, at least 4096, at most the window's bound), if
        more than are solved now and the rule has value sequences."""
        if not self.has_far:
            return None
        n = min(max(1 << 12, 1 << max(last, 0).bit_length()), budget.FAR_COLUMNS_WINDOW)
        return n if self.far is None or n > self.far.n else None

    def far_bytes_for(self, columns: int) -> int:
        """The memory the values far out on `columns` columns take at their peak."""
        if not isinstance(self.rule, ValueSequences):
            return 0
        return self.rule.value_engine.bytes_for(budget.FAR_VALUES_WINDOW, columns)

    def solve_far(self, columns: int, progress: Callable[[int, int], bool] | None = None) -> ValuesSolved | None:
        """Values 0 … FAR_VALUES_WINDOW−1 on `columns` columns (off the GUI thread; InterruptedError if
        progress says stop)."""
        if isinstance(self.rule, ValueSequences):
            self.far = self.rule.value_engine.grow(
                budget.FAR_VALUES_WINDOW, columns, progress, budget.FAR_VALUES_WINDOW_BYTES
            )
        return self.far

    # ----- the game plus a Nim heap of h: its cold cells are the cells of value h -------------------
    def square_columns_for(self, x: int, y: int) -> int | None:
        """The columns to solve so that the square [0, n)² covers (x, y) as far as the window's
        bound allows; None if solved already or the rule has no value sequences."""
        return self._columns_for(max(x, y))

    def heap_picture(self, h: int, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> HeapPicture:
        """The grid's texels for the game plus a heap of h: in each, the exact count of cells of
        value h (the sum's cold cells), inside the square [0, n)² of the solved columns."""
        from explorer.core.counting.raster import rasterize_sequence

        far = self.far
        n = far.n if far is not None and h < far.values else 0
        col = far.cols[h] if far is not None and n else np.empty(0, dtype=np.int32)
        return HeapPicture(rasterize_sequence(col, n, x_lo, y_lo, x_hi, y_hi, step), n)

    def grundy_above(self, x: int, y: int) -> int | None:
        """H where G(x, y) is known to be at least H (the values far out hold none below H there)."""
        far = self.far
        if far is None or not far.covers(x, y) or self.grundy(x, y) is not None:
            return None
        return far.values

    def solve_rows(self, progress: Callable[[int, int], bool] | None = None) -> GrundyRows | None:
        """Wythoff's rows at any distance (None for rules that have none)."""
        if self.rows is None and isinstance(self.rule, CertifiedRows):
            self.rows = self.rule.grundy_rows(ROWS, progress)
        return self.rows

    # ----- one cell ---------------------------------------------------------------------------
    def grundy(self, x: int, y: int) -> int | None:
        """G(x, y) if known: a closed form, the corner, or a certified row; else None."""
        if isinstance(self.rule, KnownValues):
            return self.rule.closed_values(x, y)[0]
        if self.table is not None and self.covers(x, y):
            return int(self.table.grundy[x, y])
        if self.rows is not None and self.rows.knows(x, y):
            return self.rows.value(x, y)
        if self.far is not None and self.far.covers(x, y):
            return self.far.value(x, y)
        return None

    def remoteness(self, x: int, y: int) -> int | None:
        if isinstance(self.rule, KnownValues):
            return self.rule.closed_values(x, y)[1]
        if self.table is not None and self.covers(x, y):
            return int(self.table.remoteness[x, y])
        return None

    def remoteness_many(self, cells: Sequence[tuple[int, int]]) -> list[int | None]:
        """R of each cell, as `remoteness` gives it, read from the corner in one step where it
        holds them (a cold corner cell's 12 000 moves asked one by one took 248 ms on the GUI
        thread: long soak, seed 20261520)."""
        if isinstance(self.rule, KnownValues) or self.table is None or not cells:
            return [self.remoteness(x, y) for x, y in cells]
        side = self.side
        at = [i for i, (x, y) in enumerate(cells) if 0 <= x < side and 0 <= y < side]
        out: list[int | None] = [None] * len(cells)
        if at:
            picked = np.array([cells[i] for i in at], dtype=np.int64)  # inside the corner: small
            for i, r in zip(at, self.table.remoteness[picked[:, 0], picked[:, 1]].tolist(), strict=True):
                out[i] = int(r)
        return out

    def value(self, kind: str, x: int, y: int) -> int | None:
        return self.grundy(x, y) if kind == GRUNDY else self.remoteness(x, y)

    def array(self, kind: str) -> NDArray:
        if self.table is None:
            return np.zeros((0, 0), dtype=np.uint16)
        return self.table.grundy if kind == GRUNDY else self.table.remoteness

    def count_value(self, kind: str, v: int, x0: int, y0: int, x1: int, y1: int) -> int:
        """Cells whose G (or R) is v in [x0, x1] x [y0, y1], inside the corner, by the offline
        Fenwick dominance counter over the cells of that value."""
        if not (self.covers(x1, y1) and x0 >= 0 and y0 >= 0):
            raise ValueError(f"the rectangle leaves the computed square [0, {self.side})²")
        return int(self.count_value_many(kind, v, [x0], [y0], [x1], [y1])[0])

    def count_value_many(self, kind: str, v: int, x0s: Any, y0s: Any, x1s: Any, y1s: Any) -> NDArray[np.int64]:
        """count_value for many rectangles at once, in one dominance sweep over the cells of value v."""
        if len(x1s) and not (self.covers(int(max(x1s)), int(max(y1s))) and min(x0s) >= 0 and min(y0s) >= 0):
            raise ValueError(f"a rectangle leaves the computed square [0, {self.side})²")
        px, py = np.nonzero(self.array(kind) == v)
        return np.asarray(rectangle_counts(px, py, x0s, y0s, x1s, y1s), dtype=np.int64)
