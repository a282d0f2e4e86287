"""The one place that answers Grundy values and remoteness, for every caller: the command line,
the notebook, the window (inspector, hover, colouring, sums, value queries, the Rows tab).

`ValueCache` holds what is known of one rule's values and answers from it in one stated order
(`SOURCES`), the most exact means first:

1. closed forms: a rule's own (`KnownValues`: Nim's G = x XOR y, at any size); a cold cell has
   G = 0 under normal play, at any size the rule judges cold cells; Wythoff's certified rows
   (`CertifiedRows`) give every cell whose smaller pile is a certified row;
2. the corner table [0, nx) x [0, ny) (`Valued`: a sweep over the moves, G and R);
3. the value sequences (`ValueSequences`): values 0 … H−1 in the solved columns, each value one
   sequence, so a cell whose smaller pile is solved has G = h, or G > H−1 exactly;
4. otherwise a typed refusal (`ValueRefused`) that names the bound and what more would answer.

What to solve next for a cell not yet known is decided here too (`next_need`): the certified rows
for a cell far along an axis, a corner table cheap enough, the value sequences (one value at a
time, so a cell of value h costs values 0 … h, and only the columns up to its smaller pile), and
last a corner as large as the limits allow. Each need states its size before any work starts;
the window runs it on a worker, a command at once (`answer`). Callers never choose the source,
and never catch an exception to find one: they ask, and get a value, a bound, or the refusal.

Limits are stated once, in explorer.core.value_limits (`WINDOW`, `COMMAND`), from explorer.core.budget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from explorer.core.counting.dominance import rectangle_counts
from explorer.core.protocol import CertifiedRows, KnownValues, Rule, Valued, ValueSequences
from explorer.core.value_limits import (
    COMMAND,
    HEAP_COLUMNS_QUICK,
    INSPECT_SIDE,
    MIN_COLUMNS,
    REST_SIDE,
    ROWS,
    SOURCES,
    START_SIDE,
    WINDOW,
    Limits,
    Need,
    Value,
    ValueRefused,
    columns_for,
    corner_fits,
    covers_part,
    largest_side,
)
from explorer.core.value_plan import Plans
from explorer.core.values import GRUNDY, REMOTENESS, shared_strip

if TYPE_CHECKING:
    from explorer.core.counting.raster import Raster
    from explorer.core.game.value_sequences import ValueEngine, ValuesSolved
    from explorer.core.values.rows import GrundyRows
    from explorer.core.values.table import ValueTable

Position = tuple[int, int]
Progress = Callable[[int, int], bool]

__all__ = [
    "COMMAND",
    "GRUNDY",
    "INSPECT_SIDE",
    "REMOTENESS",
    "REST_SIDE",
    "SOURCES",
    "WINDOW",
    "Limits",
    "Need",
    "Value",
    "ValueCache",
    "ValueRefused",
    "columns_for",
    "corner_fits",
    "largest_side",
]


class HeapPicture(NamedTuple):
    """The texels of the game plus a Nim heap of h (`raster`: cells of value h in each), known
    wherever the smaller pile is below `solved` (the columns of the value sequences, and their
    mirrors)."""

    raster: Raster
    solved: int


@dataclass
class ValueCache(Plans):
    """What is known of G and R under one rule, and the one place that answers them (see the
    module's docstring). The window's cache grows a square corner, its rows and its sequences on
    workers; a command's solves what each question needs, at once (`answer`)."""

    rule: Rule
    max_side: int = 0
    table: ValueTable | None = None
    rows: GrundyRows | None = None
    far: ValuesSolved | None = None  # values 0 … H−1 far out, each a sequence (ValueSequences rules)
    limits: Limits = WINDOW
    grundy_corner: NDArray | None = None  # G alone on [0, nx) x [0, ny) (a command's corner)
    # a working copy's parts as they were when it was made (`adopt` takes those it replaced)
    _base: tuple[object, ...] | None = field(default=None, init=False, repr=False, compare=False)
    # a working copy's own copy of the rule's value engine (shared by every rule of those moves)
    _engine: ValueEngine | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.max_side:
            self.max_side = largest_side(self.rule, self.limits)

    # ----- a worker solves into a copy; the owner's thread takes what it learned ------------------------
    _PARTS = ("table", "rows", "far", "grundy_corner")

    def working_copy(self) -> ValueCache:
        """A copy for a worker to solve into (its answers, corners, rows and sequences go there): the
        cache itself changes only on its owner's thread, when that takes the copy's parts (`adopt`)."""
        copy = replace(self)
        copy._base = tuple(getattr(self, name) for name in self._PARTS)
        if isinstance(self.rule, ValueSequences):
            copy._engine = self.rule.value_engine.working_copy()
        return copy

    def adopt(self, copy: ValueCache) -> bool:
        """Take each part `copy` (a working copy of this cache) replaced on its worker: its corner,
        rows, sequences or G corner. False, and nothing taken, for another rule's copy or no news."""
        if copy.rule != self.rule or copy._base is None:
            return False
        changed = False
        for name, before in zip(self._PARTS, copy._base, strict=True):
            now, mine = getattr(copy, name), getattr(self, name)
            if now is before or (mine is not before and not covers_part(name, now, mine)):
                continue  # no news; or news older than what another copy brought since
            setattr(self, name, now)
            changed = True
        far_before = copy._base[self._PARTS.index("far")]
        if copy._engine is not None and copy.far is not far_before and isinstance(self.rule, ValueSequences):
            self.rule.value_engine.adopt(copy._engine)  # the values it solved far out, where it solved more
        return changed

    @property
    def side(self) -> int:
        return 0 if self.table is None else min(self.table.shape)

    @property
    def nbytes(self) -> int:
        """The corner and the rows. The values far out are counted where they are kept, by their
        engine (explorer.core.game.value_sequences.held_bytes), which other answers share."""
        rows = 0 if self.rows is None else self.rows.nbytes
        corner = 0 if self.grundy_corner is None else int(self.grundy_corner.nbytes)
        return (0 if self.table is None else self.table.nbytes) + rows + corner

    def covers(self, x: int, y: int) -> bool:
        """Whether the corner table holds (x, y) (G and R are symmetric: or its mirror)."""
        return self._in_corner(x, y) is not None

    def _in_corner(self, x: int, y: int) -> tuple[int, int] | None:
        """(x, y) or its mirror, whichever the corner table holds."""
        return None if self.table is None else _held(self.table.shape, x, y)

    def side_for(self, x: int, y: int) -> int | None:
        """The side the corner must grow to so that it covers (x, y), at most `max_side`;
        None if it covers all it can already."""
        need = max(x, y) + 1
        if need >= self.max_side:  # no doubling up to a need of 10^10000
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

    @staticmethod
    def cheap_side(side: int) -> bool:
        """Whether the corner [0, side)² is cheap enough to compute unasked (milliseconds, usually)."""
        return side <= INSPECT_SIDE

    def shed(self) -> None:
        """Down to what the inspector needs (the memory pool asks this of a window short of room)."""
        self.rest(INSPECT_SIDE)

    @property
    def at_cap(self) -> bool:
        return self.side >= self.max_side

    def grow(self, side: int, progress: Progress | None = None) -> None:
        """Compute the corner [0, side)² (raises InterruptedError if progress says stop)."""
        if side <= self.side or not isinstance(self.rule, Valued):
            return
        self.table = self.rule.value_table(side, side, progress)

    def rest(self, side: int = REST_SIDE) -> None:
        """Shrink to what the inspector and play need when the grid no longer shows values: the
        corner [0, side)² (a copy, so the big table is freed) and no rows (they are re-solved,
        in seconds, when Grundy colouring comes back)."""
        table = self.table
        if table is not None and max(table.shape) > side:
            from explorer.core.values.table import ValueTable

            self.table = ValueTable(
                grundy=table.grundy[:side, :side].copy(),
                cold=table.cold[:side, :side].copy(),
                remoteness=table.remoteness[:side, :side].copy(),
            )
        if self.grundy_corner is not None and self.grundy_corner.size > side * side:
            self.grundy_corner = None  # the inspector's G corner, sized to its cells, kept while small
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
        lies in a solved column (a power of two, at most the limits' columns); None if solved
        already or the rule has no value sequences."""
        return self._columns_for(min(x, y))

    def _columns_for(self, last: int) -> int | None:
        if not self.has_far:
            return None
        n = columns_for(last, self.limits.far_columns)
        return n if self.far is None or n > self.far.n else None

    def far_bytes_for(self, columns: int, values: int | None = None) -> int:
        """The memory the values far out on `columns` columns take at their peak."""
        if not isinstance(self.rule, ValueSequences):
            return 0
        return self.rule.value_engine.bytes_for(values or self.limits.far_values, columns)

    def far_fits(self, columns: int, values: int | None = None) -> int:
        """The columns (at most `columns`, a power of two) whose values fit the limits' memory,
        known before the work starts; 0 if the rule has no value sequences."""
        if not isinstance(self.rule, ValueSequences):
            return 0
        v = values or self.limits.far_values
        n = columns
        while n > MIN_COLUMNS and self.far_bytes_for(n, v) > self.limits.far_bytes:
            n //= 2
        return n if self.far_bytes_for(n, v) <= self.limits.far_bytes else 0

    def solve_far(
        self, columns: int, progress: Progress | None = None, values: int | None = None
    ) -> ValuesSolved | None:
        """Values 0 … values−1 (all the limits allow, by default) on `columns` columns, cut to what
        fits the memory before it starts (off the GUI thread; InterruptedError if progress says
        stop)."""
        if isinstance(self.rule, ValueSequences):
            v = min(values or self.limits.far_values, self.limits.far_values)
            n = self.far_fits(columns, v)
            if n:
                engine = self._engine if self._engine is not None else self.rule.value_engine
                self.far = engine.grow(v, n, progress, self.limits.far_bytes)
        return self.far

    # ----- the game plus a Nim heap of h: its cold cells are the cells of value h -------------------
    def square_columns_for(self, x: int, y: int) -> int | None:
        """The columns to solve so that every cell of the view up to (x, y) whose smaller pile is
        solvable lies in a solved column (or its mirror); None if solved already or the rule has
        no value sequences."""
        return self._columns_for(min(x, y))

    def heap_picture(self, h: int, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> HeapPicture:
        """The grid's texels for the game plus a heap of h: in each, the exact count of cells of
        value h (the sum's cold cells), wherever the smaller pile lies in a solved column."""
        from explorer.core.counting.raster import rasterize_strip

        far = self.far
        n = far.n if far is not None and h < far.values else 0
        col = far.cols[h] if far is not None and n else np.empty(0, dtype=np.int32)
        return HeapPicture(rasterize_strip(col, n, x_lo, y_lo, x_hi, y_hi, step), n)

    def heap_picture_quick(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int) -> bool:
        """Whether `heap_picture` of this view is quick enough for the GUI thread: the solved columns it
        reads, and their mirrors, are at most HEAP_COLUMNS_QUICK (a view far along x with rows near 0
        reads every solved column as a row: 2^22 of them took 259 ms)."""
        solved = self.far.n if self.far is not None else 0
        columns = max(0, min(x_hi, solved) - max(x_lo, 0)) + max(0, min(y_hi, solved) - max(y_lo, 0))
        return columns <= HEAP_COLUMNS_QUICK

    def solve_rows(self, progress: Progress | None = None, rows: int = ROWS) -> GrundyRows | None:
        """Wythoff's rows at any distance (None for rules that have none)."""
        if isinstance(self.rule, CertifiedRows) and (self.rows is None or self.rows.rows < rows):
            kept = self.rows.rows if self.rows is not None else 0
            self.rows = self.rule.grundy_rows(max(rows, kept), progress, self.limits.rows_bytes)
        return self.rows

    # ----- one cell, from what is known: the order of SOURCES -------------------------------------
    def known(self, x: int, y: int) -> Value | None:
        """G(x, y) from what is known now (no work but a lookup), or None."""
        rule = self.rule
        if x < 0 or y < 0:
            return None
        if isinstance(rule, KnownValues):
            return Value(rule.closed_values(x, y)[0], None, "closed form")
        if rule.last_mover_wins and self.judges(x, y) and rule.is_cold(x, y):
            return Value(0, None, "cold")
        if self.rows is not None and self.rows.knows(x, y):
            return Value(self.rows.value(x, y), None, "certified row")
        at = self._in_corner(x, y)
        if at is not None:
            assert self.table is not None
            return Value(int(self.table.grundy[at]), None, "corner")
        g = self.grundy_corner
        held = None if g is None else _held(g.shape, x, y)
        if held is not None:
            assert g is not None
            return Value(int(g[held]), None, "corner")
        far = self.far
        if far is not None and far.covers(x, y):
            v = far.value(x, y)
            return Value(v, None if v is not None else far.values, "sequences")
        return None

    def corner_holds(self, x: int, y: int) -> bool:
        """Whether a corner table known now holds G(x, y) (and so G of every option of it)."""
        g = self.grundy_corner
        return self.covers(x, y) or (g is not None and _held(g.shape, x, y) is not None)

    def judges(self, x: int, y: int) -> bool:
        """Whether the rule judges (x, y) cold or hot as it stands (inside its bound)."""
        bound = self.rule.bound
        return bound is None or max(x, y) < bound

    def grundy(self, x: int, y: int) -> int | None:
        """G(x, y) if known exactly, else None (see `known`)."""
        found = self.known(x, y)
        return None if found is None else found.value

    def grundy_above(self, x: int, y: int) -> int | None:
        """H where G(x, y) is known to be at least H and not exactly (the values far out hold none
        below H there, and nothing else knows it)."""
        found = self.known(x, y)
        return None if found is None else found.above

    def remoteness(self, x: int, y: int) -> int | None:
        if isinstance(self.rule, KnownValues):
            return self.rule.closed_values(x, y)[1]
        at = self._in_corner(x, y)
        if at is not None:
            assert self.table is not None
            return int(self.table.remoteness[at])
        return None

    # ----- many cells ---------------------------------------------------------------------------
    def remoteness_many(self, cells: Sequence[Position]) -> list[int | None]:
        """R of each cell, as `remoteness` gives it, read from the corner in one step where it
        holds them (a cold corner cell's 12 000 moves asked one by one took 248 ms on the GUI
        thread)."""
        if isinstance(self.rule, KnownValues) or self.table is None or not cells:
            return [self.remoteness(x, y) for x, y in cells]
        nx, ny = self.table.shape
        at = [i for i, (x, y) in enumerate(cells) if 0 <= x < nx and 0 <= y < ny]
        out: list[int | None] = [None] * len(cells)
        if at:
            picked = np.array([cells[i] for i in at], dtype=np.int64)  # inside the corner: small
            for i, r in zip(at, self.table.remoteness[picked[:, 0], picked[:, 1]].tolist(), strict=True):
                out[i] = int(r)
        for i, (x, y) in enumerate(cells):
            if out[i] is None:
                out[i] = self.remoteness(x, y)
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


def _held(shape: tuple[int, ...], x: int, y: int) -> tuple[int, int] | None:
    """(x, y) or its mirror, whichever a table of this shape from the origin holds (G and R are
    symmetric: every rule's moves come with their mirrors)."""
    nx, ny = shape[0], shape[1]
    if 0 <= x < nx and 0 <= y < ny:
        return x, y
    if 0 <= y < nx and 0 <= x < ny:
        return y, x
    return None


_COMMAND_CACHES: dict[Rule, ValueCache] = {}


def command_values(rule: Rule) -> ValueCache:
    """The values of `rule` with a command's limits, kept for the process (a notebook's questions
    about one rule share what was solved); one rule's at a time."""
    cache = _COMMAND_CACHES.get(rule)
    if cache is None:
        _COMMAND_CACHES.clear()
        cache = _COMMAND_CACHES[rule] = ValueCache(rule, limits=COMMAND)
    return cache


def forget_command_values() -> None:
    """Forget the command's values kept for the process (explorer.core.process_caches)."""
    _COMMAND_CACHES.clear()
