"""Grundy values far from the origin, as generated sequences (docs/math.md, "Grundy values as
sequences, and sums").

Under a rule that holds Nim's rays (1, 0) and (0, 1), each column and each row of G holds every
value exactly once, so the cells of value h are a symmetric sequence cols[h][x], one per column,
like the cold cells (value 0, explorer.core.game.vector_sequence). The same compiled sweep finds
them: value h of column x is the least y >= x that is not the column's cell of a smaller value,
whose row holds no h to the left, whose line of every other ray holds no h behind it, and from
which no jump reaches an h (or the mirror of an earlier column's cell).

`ValueEngine.grow(values, n)` solves values 0 … values−1 on columns 0 … n−1, one value after the
other (a value's sweep needs the smaller values of each column), resumable, with progress and
cancellation; only one value's line flags are alive at a time. What is kept is the table of
sequences, 4 bytes a row of each value. Everything is exact: G(x, y) = h where cols[h][min] ==
max, and where no value below `values` matches, G(x, y) is known to be at least `values`.
"""

from __future__ import annotations

import copy as copy_module
import threading
import weakref
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from explorer.core.game.sweep_small import line_steps
from explorer.core.game.vector_sequence import BLOCK, ROOM, SequenceTooLarge, line_links, lines_bytes, sweep_kernel

Position = tuple[int, int]


class ValuesSolved(NamedTuple):
    """Values 0 … values−1 on columns 0 … n−1: cols[h][x] is the row of column x's cell of value h
    (for x < n; beyond, the mirrors of cells already placed)."""

    cols: NDArray[np.int32]
    n: int

    @property
    def values(self) -> int:
        return int(self.cols.shape[0])

    def covers(self, x: int, y: int) -> bool:
        """Whether G(x, y) is decided here (its smaller pile lies in a solved column)."""
        return 0 <= min(x, y) < self.n

    def value(self, x: int, y: int) -> int | None:
        """G(x, y) if it is below `values`, None if it is at least `values` (covers(x, y) must hold)."""
        a, b = (x, y) if x <= y else (y, x)
        if b >= self.cols.shape[1]:
            return None  # every solved column's cells lie below the rows kept
        hit = np.flatnonzero(self.cols[:, a] == b)
        return int(hit[0]) if hit.size else None

    def values_many(self, xs: NDArray[np.int64], ys: NDArray[np.int64]) -> NDArray[np.int64]:
        """G of many covered cells, −1 where it is at least `values`."""
        a, b = np.minimum(xs, ys), np.maximum(xs, ys)
        out = np.full(a.shape, -1, dtype=np.int64)
        inside = b < self.cols.shape[1]
        for h in range(self.values - 1, -1, -1):
            out[inside & (self.cols[h][a] == b)] = h
        return out

    def cell_on_line(self, h: int, x: int, y: int, p: int, q: int) -> Position | None:
        """The cell of value h behind (x, y) on the ray (p, q), if any (each line holds at most one:
        its cells are one move apart). (x, y) must be covered."""
        return cell_on_line(self.cols[h], x, y, p, q)


def cell_on_line(col: NDArray[np.int32], x: int, y: int, p: int, q: int) -> Position | None:
    """The cell (x', col[x']) behind (x, y) on the ray (p, q), if any: for Nim's rays one lookup
    (the row's cell from its mirror), for the others one vectorised pass along the line."""
    if p == 1 and q == 0:
        t = int(col[y]) if y < col.shape[0] else -1
        return (t, y) if 0 <= t < x else None
    if p == 0 and q == 1:
        t = int(col[x])
        return (x, t) if 0 <= t < y else None
    first, steps = line_steps(x, y, p, q, col.shape[0])
    if steps < first:
        return None
    ks = np.arange(first, steps + 1, dtype=np.int64)
    xs, ys = x - p * ks, y - q * ks
    hit = np.flatnonzero(col[xs] == ys)
    return (int(xs[hit[0]]), int(ys[hit[0]])) if hit.size else None


VALUE_ROWS = 32  # values a table has room for before it is copied (budget.FAR_VALUES_CLI)


class ValueEngine:
    """Grows the sequences of values 0 … values−1 for one set of rays and jumps (Nim's rays
    implied). Thread-safe: one grower at a time; readers always see a whole `ValuesSolved`."""

    def __init__(self, rays: Sequence[tuple[int, int]], jumps: Sequence[tuple[int, int]]) -> None:
        self.rays = tuple((p, q) for p, q in rays if (p, q) not in ((1, 0), (0, 1)))
        self.jumps = tuple((i, j) for i, j in jumps if i >= 1)  # a jump within the column is a Nim move
        self._lock = threading.Lock()
        self.solved = ValuesSolved(np.full((0, 0), -1, dtype=np.int32), 0)
        self.room = ROOM
        self.growing_to = (0, 0)  # (values, columns) of a growth under way
        # What has been written into each table's block, shared with every working copy (one
        # dict): id(block) -> (a weak reference to it, (values, columns) solved in it, or None
        # where a growth was cut short). A growth fills a block in place only from exactly that
        # state: no two growths place cells in one block, and rows a table in use shows are never
        # filled again.
        self._written: dict[int, tuple[Any, tuple[int, int] | None]] = {}

    # ----- a worker grows a copy; the owner's thread takes its table -------------------------------
    def working_copy(self) -> ValueEngine:
        """A copy for a worker to grow: it shares what is solved, the lock (one growth at a time,
        in any copy) and the record of what the shared block holds (`_written`). Its growth fills
        the block in place when the block holds exactly what the copy started from (a copy made
        from the table last adopted: the window's case, one request at a time); otherwise a table
        of its own. A fresh table for every copy cost its size again at the soak's peak."""
        copy = copy_module.copy(self)
        copy.growing_to = (0, 0)
        return copy

    def adopt(self, copy: ValueEngine) -> bool:
        """Take the table `copy` (a working copy of this engine) solved, where it holds more
        values or columns and no fewer of either; on the thread that owns the engine."""
        mine, theirs = self.solved, copy.solved
        if (copy.rays, copy.jumps) != (self.rays, self.jumps) or theirs is mine:
            return False
        if theirs.values < mine.values or theirs.n < mine.n:
            return False
        self.solved = theirs  # one reference: readers see the old table or the new, whole
        self.room = max(self.room, copy.room)
        return True

    # ----- sizes ----------------------------------------------------------------------------
    def bytes_for(self, values: int, n: int) -> int:
        """Peak bytes of values 0 … values−1 on n columns: the table (4 bytes a row of each value),
        one value's line flags, and a copy of the table while it widens."""
        ycap = int(self.room * n) + 64
        return 4 * values * ycap + lines_bytes(self.rays, ycap) + (self.solved.cols.nbytes if n else 0)

    @property
    def nbytes(self) -> int:
        return int(self.solved.cols.nbytes)

    def max_columns(self, values: int, budget_bytes: int, most: int) -> int:
        """The most columns (a power of two, at most `most`) whose values fit in `budget_bytes`."""
        n = 1 << 10
        while 2 * n <= most and self.bytes_for(values, 2 * n) <= budget_bytes:
            n *= 2
        return n

    # ----- growing --------------------------------------------------------------------------
    def grow(
        self, values: int, n: int, progress: Callable[[int, int], bool] | None = None, budget_bytes: int | None = None
    ) -> ValuesSolved:
        """Solve values 0 … values−1 on columns 0 … n−1 (keeping what is solved); InterruptedError
        if progress says stop (what was solved before stays), SequenceTooLarge past the budget."""
        if values < 1 or n < 1:
            raise ValueError("values and columns must be at least 1")
        with self._lock:
            done = self.solved
            if values <= done.values and n <= done.n:
                return done
            values, n = max(values, done.values), max(n, done.n)
            if budget_bytes is not None and self.bytes_for(values, n) > budget_bytes:
                raise SequenceTooLarge(
                    f"values 0-{values - 1} on {n:,} columns need about {self.bytes_for(values, n) >> 20} MiB; "
                    f"the budget is {budget_bytes >> 20} MiB"
                )
            self.growing_to = (values, n)
            try:
                self.solved = self._grow(done, values, n, progress, budget_bytes)
                return self.solved
            except MemoryError:
                raise SequenceTooLarge(
                    f"the memory ran out solving values 0-{values - 1} on {n:,} columns; "
                    f"values 0-{done.values - 1} on {done.n:,} columns stay solved"
                ) from None
            finally:
                self.growing_to = (0, 0)

    def _grow(
        self,
        done: ValuesSolved,
        values: int,
        n: int,
        progress: Callable[[int, int], bool] | None,
        budget_bytes: int | None,
    ) -> ValuesSolved:
        """A new table (readers keep the old one until it is whole), each value swept from where
        it was solved to n."""
        sweep = sweep_kernel()[0]
        uncounted = np.zeros(1, dtype=np.int64)  # the sweep's count of upper cells: not needed here
        ycap = max(done.cols.shape[1], int(self.room * n) + 64)
        base = done.cols.base if isinstance(done.cols.base, np.ndarray) else None
        cols = self._widened(done.cols, values, ycap, fresh=not self._holds(base, (done.values, done.n)))
        self._wrote(cols, None)  # being written: cut short, it holds no known state
        starts = [done.n if h < done.values else 0 for h in range(values)]
        total = sum(n - s for s in starts)
        worked = 0
        h = 0
        while h < values:
            if starts[h] >= n:  # solved on every column asked: its links are not needed (nor built)
                h += 1
                continue
            links = line_links(self.rays, self.jumps, cols[h])
            x = starts[h]
            while x < n:
                hi = min(n, x + BLOCK)
                reached = sweep(cols, h, x, hi, *links, uncounted)
                worked += reached - x
                x = reached
                if reached < hi:
                    break  # this value's cell lies above the rows kept
                if progress is not None and progress(worked, total) is False:
                    raise InterruptedError("cancelled")
            if x < n:  # widen every value's rows and sweep this value on from where it stopped
                ycap = int(ycap * 1.5) + 64
                self.room = max(self.room, ycap / n)
                if budget_bytes is not None and 4 * values * ycap > budget_bytes:
                    raise SequenceTooLarge(
                        f"the cells of value {h} lie far above the diagonal: {n:,} columns need more than "
                        f"{budget_bytes >> 20} MiB"
                    )
                cols = self._widened(cols, values, ycap)
                self._wrote(cols, None)
                starts[h] = x
                continue
            h += 1
        self._wrote(cols, (values, n))
        return ValuesSolved(cols, n)

    def _holds(self, block: NDArray[np.int32] | None, state: tuple[int, int]) -> bool:
        """Whether `block` holds exactly `state` (values, columns) and nothing written past it."""
        entry = None if block is None else self._written.get(id(block))
        return entry is not None and entry[0]() is block and entry[1] == state

    def _wrote(self, cols: NDArray[np.int32], state: tuple[int, int] | None) -> None:
        for key in [k for k, (ref, _) in self._written.items() if ref() is None]:
            del self._written[key]  # blocks freed since
        self._written[id(cols.base)] = (weakref.ref(cols.base), state)

    @staticmethod
    def _widened(old: NDArray[np.int32], values: int, ycap: int, fresh: bool = False) -> NDArray[np.int32]:
        """Room for `values` values of `ycap` rows. The table is a view of rows of a larger block
        (VALUE_ROWS values, allocated but not committed: np.empty touches no page): one more value
        fills one more row of it, in place, instead of copying the whole table (asked one value at
        a time, 18 values on 2^20 columns took 3.96 s against 1.15 s at once). Readers holding the
        old view see their rows unchanged."""
        base = old.base
        if not isinstance(base, np.ndarray):
            base = None
        if fresh:
            base = None  # a working copy's first growth: a table of its own
        if base is not None and base.ndim == 2 and base.shape[1] == ycap == old.shape[1] and base.shape[0] >= values:
            base[old.shape[0] : values].fill(-1)  # room for them: a row more each, filled in place
            return base[:values]
        block = np.empty((max(values, VALUE_ROWS), ycap), dtype=np.int32)
        block[:values].fill(-1)
        block[: old.shape[0], : old.shape[1]] = old
        return block[:values]

    def release(self) -> None:
        """Give the table back (values are solved again when asked). Skipped while it grows."""
        if self._lock.acquire(blocking=False):
            try:
                self.solved = ValuesSolved(np.full((0, 0), -1, dtype=np.int32), 0)
            finally:
                self._lock.release()


# ----- one engine per set of moves, the most recent kept ---------------------------------------------
_KEPT = 1  # engines whose tables are kept (the rule in use); older ones give their tables back
_ENGINES: list[tuple[tuple, ValueEngine]] = []
_ENGINES_LOCK = threading.Lock()
_REMEMBERED = 4  # engines remembered (their tables solved again when asked)


def value_engine_for(rays: Sequence[tuple[int, int]], jumps: Sequence[tuple[int, int]]) -> ValueEngine:
    """The engine of these moves, shared by equal rules (the most recently asked first). Only the
    most recent keeps its table: the others give theirs back (a table belongs to the rule in use)."""
    key = (tuple(sorted(rays)), tuple(sorted(jumps)))
    with _ENGINES_LOCK:
        found = [i for i, (k, _) in enumerate(_ENGINES) if k == key]
        _ENGINES.insert(0, _ENGINES.pop(found[0]) if found else (key, ValueEngine(rays, jumps)))
        engine = _ENGINES[0][1]
        for _, older in _ENGINES[_KEPT:]:
            older.release()
        del _ENGINES[_REMEMBERED:]
        return engine


def held_bytes() -> int:
    """What every engine's table holds: the window's memory pool counts it."""
    with _ENGINES_LOCK:
        return sum(engine.nbytes for _, engine in _ENGINES)


def forget_all() -> None:
    """Forget every engine (a test starts from a fresh process's state: explorer.core.process_caches)."""
    with _ENGINES_LOCK:
        _ENGINES.clear()


def release_all() -> None:
    """Every engine gives its table back (one that is growing keeps it)."""
    with _ENGINES_LOCK:
        for _, engine in _ENGINES:
            engine.release()
