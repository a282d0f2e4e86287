"""The cold cells of a move-vector rule that holds Nim's rays, as a generated sequence.

With the rays (1, 0) and (0, 1) every row and every column holds exactly one cold cell
(docs/math.md, "Rules as move vectors"), so the cold set is a symmetric sequence col[x]: (x, col[x]) is
cold, and col[col[x]] = x. One sweep over the columns finds it:

- if row x already holds a cold cell (x', x), x' < x (placed as a mirror), col[x] = x';
- otherwise col[x] is the least y >= x whose row is free, whose line of every other ray holds
  no cold cell yet, and from which no jump reaches a cold cell; (x, y) and (y, x) are placed.

Each line of a ray (p, q) (the cells with q·x − p·y = c) holds at most one cold cell: its
points are one move apart. Lines are flagged with a "next free line" link (union-find with path
compression, stepping c by −p, which is one row up in the column), so the search leapfrogs
whole runs of used lines: the sweep is near-linear in the number of columns (for Wythoff's
own rule the answer lies ~0.6·x above x, past used diagonals all the way).

The sweep is compiled (numba, no GIL) and resumable: `SequenceEngine.grow(n)` extends the
solved columns by doubling, in blocks with progress and cancellation. Between growths only the
sequence is kept (4 bytes a cell of its rows); the line links are rebuilt from it when the
sweep resumes. Every figure is exact (integers, no floating point).
"""

from __future__ import annotations

import copy as copy_module
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from explorer.core import budget
from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game.sweep_small import FIRST_COLUMNS, SMALL_COLUMNS, SmallSequence, solve

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    np = lazy_numpy(__name__)  # an engine made for a light command may never need it

BLOCK = 1 << 16  # columns swept between progress reports
ROOM = 1.75  # rows kept for each column solved (cold cells of the upper half lie above x)


def sweep_kernel() -> Any:
    """(sweep, rebuild, upper) to run here (explorer.core.kernels, group "sweep"): on the main thread
    the build ahead of time (no numba to import: a command that needs the sequence starts in a
    fraction of a second; a light one needs no kernel at all, explorer.core.game.sweep_small), else,
    and on every other thread, numba's JIT, which lets go of the GIL (the window's workers)."""
    from explorer.core.kernels import kernels

    k = kernels("sweep")
    return k.sweep, k.rebuild, k.upper


class Solved(NamedTuple):
    """The solved columns 0..n-1: col[x] for x < n (and mirrors beyond, for resuming)."""

    col: NDArray[np.int32]
    n: int


class SequenceTooLarge(ValueError):
    """The columns asked for would pass the memory budget; the message names the bound."""


class SequenceOutOfMemory(SequenceTooLarge):
    """The process could not allocate a growth the budget allowed; what was solved stays."""


class SequenceEngine:
    """Grows col[x] for one set of rays and jumps (Nim's rays implied); thread-safe: one
    grower at a time, readers always see a whole `Solved`."""

    def __init__(self, rays: Sequence[tuple[int, int]], jumps: Sequence[tuple[int, int]]) -> None:
        # Nim's rays are the rows and columns themselves; every other ray gets line links.
        self.rays = tuple((p, q) for p, q in rays if (p, q) not in ((1, 0), (0, 1)))
        self.jumps = tuple((i, j) for i, j in jumps if i >= 1)  # a jump within the column reaches a hot cell
        self._lock = threading.Lock()
        self._solved: Solved | None = None  # none yet: made with numpy when first asked for
        self.growing_to = 0  # the columns a growth under way will have solved (0: none)
        self.room = ROOM  # rows kept per column: widened for good when a rule's cells lie higher
        self._ranks: tuple[int, NDArray[np.int32]] | None = None  # (n, the upper columns) once worked out
        self._small: SmallSequence | None = None
        self._counted = (0, 0)  # (n, how many of columns 0..n-1 are upper): the sweep counts them
        self._owns_col = True  # False in a working copy until its first growth copies the columns

    @property
    def solved(self) -> Solved:
        """The columns the compiled sweep has solved (none at first)."""
        solved = self._solved
        if solved is None:
            solved = self._solved = Solved(np.full(0, -1, dtype=np.int32), 0)
        return solved

    @solved.setter
    def solved(self, value: Solved) -> None:
        self._solved = value

    @property
    def n(self) -> int:
        """How many columns the compiled sweep has solved, without loading numpy."""
        return 0 if self._solved is None else self._solved.n

    def small(self, x: int) -> SmallSequence:
        """Columns solved in plain Python up to at least x (< SMALL_COLUMNS), doubling from
        FIRST_COLUMNS: what a light command asks of a rule before numpy is loaded."""
        if not 0 <= x < SMALL_COLUMNS:
            raise ValueError(f"the plain-Python sweep solves columns below {SMALL_COLUMNS}, not {x}")
        done = self._small
        if done is None or x >= done.n:
            n = FIRST_COLUMNS
            while n <= x:
                n *= 2
            done = self._small = solve(self.rays, self.jumps, n)
        return done

    # ----- sizes ----------------------------------------------------------------------------
    def bytes_for(self, n: int, rows: int | None = None) -> int:
        """Peak bytes while sweeping n columns: the sequence over its rows (4 bytes a row), and a
        bit for each line of each ray (with a 1/63 more for the levels above)."""
        ycap = rows if rows is not None else int(self.room * n) + 64
        return 4 * ycap + lines_bytes(self.rays, ycap)

    def kept_bytes(self, n: int) -> int:
        """What stays once n columns are solved: the sequence over its rows, and the upper columns
        (at most one a column, 4 bytes each)."""
        return 4 * (int(self.room * n) + 64) + 4 * n

    @property
    def nbytes(self) -> int:
        if self._solved is None:
            return 0  # at most a plain-Python prefix of a few thousand columns
        return int(self._solved.col.nbytes + (self._ranks[1].nbytes if self._ranks else 0))

    def max_columns(self, budget_bytes: int) -> int:
        """The most columns (a power of two) whose sweep fits in `budget_bytes`."""
        n = 1 << 10
        while self.bytes_for(2 * n) <= budget_bytes and 2 * n <= budget.GENERATED_COLUMNS_MAX:
            n *= 2
        return n

    # ----- a worker grows a copy; the owner's thread takes its columns ------------------------------
    def working_copy(self) -> SequenceEngine:
        """A copy for a worker to grow: it shares what is solved, and its first growth writes into
        columns of its own (a sweep writes cells beyond n, and mirrors far above: two growers in
        one array would place each other's cells). The engine changes only when it `adopt`s."""
        copy = copy_module.copy(self)
        copy._lock = threading.Lock()
        copy.growing_to = 0
        copy._owns_col = False
        return copy

    def adopt(self, copy: SequenceEngine) -> bool:
        """Take the columns `copy` (a working copy of this engine) solved, if it solved more; on
        the thread that owns the engine. False, and nothing taken, otherwise."""
        if copy.rays != self.rays or copy.jumps != self.jumps or copy.n <= self.n:
            return False
        with self._lock:
            self._solved, self._ranks, self._counted = copy._solved, copy._ranks, copy._counted
            self.room = max(self.room, copy.room)
            self._owns_col = False  # the copy's array: a later copy must not grow into it either
            if copy._small is not None and (self._small is None or copy._small.n > self._small.n):
                self._small = copy._small
        return True

    # ----- growing --------------------------------------------------------------------------
    def grow(
        self, n: int, progress: Callable[[int, int], bool] | None = None, budget_bytes: int | None = None
    ) -> Solved:
        """Solve columns 0..n-1 (keeping what is solved); InterruptedError if progress says stop."""
        limit = budget.GENERATED_CLI_BYTES if budget_bytes is None else budget_bytes
        if self.bytes_for(n) > limit:
            raise SequenceTooLarge(
                f"solving {n:,} columns of this rule needs about {self.bytes_for(n) >> 20} MiB; the budget allows "
                f"{self.max_columns(limit):,} columns ({limit >> 20} MiB)"
            )
        with self._lock:
            done = self.solved
            if n <= done.n:
                return done
            self.growing_to = n
            try:
                return self._grow(done, n, progress, limit)
            except MemoryError:
                # The process could not allocate what the budget allowed (a lowered address-space
                # limit, a full machine): growth stops at the whole blocks solved, which stay in use.
                raise SequenceOutOfMemory(self.out_of_memory(n)) from None
            finally:
                solved = self.solved
                if self._ranks is None or self._ranks[0] != solved.n:  # here, on the worker, even when cancelled
                    try:
                        self._ranks = (solved.n, _upper(solved, self._upper_count(solved)))
                    except MemoryError:
                        self._ranks = None  # worked out again when asked
                self.growing_to = 0

    def out_of_memory(self, n: int) -> str:
        """One sentence: how far the rule is solved and what `n` columns would need."""
        return (
            f"the memory ran out: this rule is solved on [0, {self.solved.n:,})²; {n:,} columns would need "
            f"about {self.bytes_for(n) >> 20} MiB, more than the process could allocate"
        )

    def _grow(self, done: Solved, n: int, progress: Callable[[int, int], bool] | None, limit: int) -> Solved:
        sweep = sweep_kernel()[0]
        col = done.col
        ycap = max(col.shape[0], int(self.room * n) + 64)
        upper = self._upper_count(done)
        tally = np.zeros(1, dtype=np.int64)
        while True:
            col, links = self._prepare(col, ycap)
            x = done.n
            stuck = False
            while x < n:
                hi = min(n, x + BLOCK)
                tally[0] = 0
                reached = sweep(col[None, :], 0, x, hi, *links, tally)  # value 0 alone
                if reached < hi:  # the block is swept again, whole, once the rows are widened
                    x = reached
                    stuck = True
                    break
                x = hi
                upper += int(tally[0])
                self._counted = (x, upper)
                self.solved = done = Solved(col, x)  # readers may use what is solved so far
                if progress is not None and progress(x, n) is False:
                    raise InterruptedError("cancelled")
            if not stuck:
                return done
            ycap = int(ycap * 1.5) + 64  # a cold cell lies higher than the room kept: widen
            self.room = max(self.room, ycap / n)
            if self.bytes_for(n, ycap) > limit:
                raise SequenceTooLarge(
                    f"this rule's cold cells lie far above the diagonal: {n:,} columns need more than "
                    f"{limit >> 20} MiB; {done.n:,} are solved"
                )

    def _upper_count(self, solved: Solved) -> int:
        """How many of the solved columns are upper (col[x] >= x): counted by the sweep as it
        went, or else (after a shrink, at the first growth) by one pass over them."""
        if self._counted[0] != solved.n:
            self._counted = (solved.n, _count_upper(solved))
        return self._counted[1]

    def shrink(self, n: int) -> bool:
        """Keep only columns 0..n-1 and their mirrors (what resuming needs): the memory of a
        sequence no rule in use asks about. Skipped (False) while it grows. Exactly those cells:
        a cell of a later column kept without its mirror would leave its row looking free."""
        if not self._lock.acquire(blocking=False):
            return False
        try:
            solved = self.solved
            if solved.n <= n:
                return True
            head = solved.col[:n]
            col = np.full(max(int(head.max()) + 1 if n else 0, n), -1, dtype=np.int32)
            col[:n] = head
            col[head] = np.arange(n, dtype=np.int32)  # the mirrors of the columns kept
            self.solved = Solved(col, n)
            self._ranks = (n, _upper(self.solved, self._upper_count(self.solved)))
            return True
        finally:
            self._lock.release()

    def upper_columns(self) -> NDArray[np.int32]:
        """The columns x < n with col[x] >= x, in order (the cold pairs x <= y; 4 bytes a pair).
        Worked out by `grow` on its worker once the columns are solved, so the window never waits
        for it; a reader during a growth gets the pairs of the columns solved before it."""
        ranks = self._ranks
        if ranks is None or (ranks[0] == 0 and self.solved.n):
            solved = self.solved
            ranks = self._ranks = (solved.n, _upper(solved, self._upper_count(solved)))
        return ranks[1]

    def _prepare(self, old: NDArray[np.int32], ycap: int) -> tuple[NDArray[np.int32], tuple]:
        """The sequence over `ycap` rows and every ray's line flags, rebuilt from the cells placed."""
        if old.shape[0] >= ycap and self._owns_col:
            col = old
        else:
            col = np.full(max(ycap, old.shape[0]), -1, dtype=np.int32)
            col[: old.shape[0]] = old
            self._owns_col = True
        return col, line_links(self.rays, self.jumps, col)


def line_links(rays: Sequence[tuple[int, int]], jumps: Sequence[tuple[int, int]], col: NDArray[np.int32]) -> tuple:
    """The sweep's arguments after the sequence: every ray's line flags over col's rows (a bit a
    line, with levels above), rebuilt from the cells placed in col, and the jumps."""
    ycap = col.shape[0]
    rays_p = np.array([p for p, _ in rays], dtype=np.int64)
    rays_q = np.array([q for _, q in rays], dtype=np.int64)
    sizes = np.array([_lines(p, q, ycap) for p, q in rays], dtype=np.int64)
    cmaxs = np.array([max(q - p, 0) * (ycap - 1) for p, q in rays], dtype=np.int64)
    segs = -(-sizes // np.maximum(rays_p, 1))  # bits per residue of p
    bases = np.concatenate([[0], np.cumsum(segs * rays_p)[:-1]]).astype(np.int64)
    total = int((segs * rays_p).sum()) + 1
    words = [-(-total // 64)]
    while words[-1] > 1:
        words.append(-(-words[-1] // 64))
    lvl_words = np.array(words, dtype=np.int64)
    lvl_off = np.concatenate([[0], np.cumsum(lvl_words)[:-1]]).astype(np.int64)
    bits = np.zeros(int(lvl_words.sum()), dtype=np.uint64)
    jumps_i = np.array([i for i, _ in jumps], dtype=np.int64)
    jumps_j = np.array([j for _, j in jumps], dtype=np.int64)
    if len(rays):
        sweep_kernel()[1](col, rays_p, rays_q, cmaxs, sizes, segs, bases, bits, lvl_off)
    return rays_p, rays_q, cmaxs, sizes, segs, bases, bits, lvl_off, lvl_words, jumps_i, jumps_j


def lines_bytes(rays: Sequence[tuple[int, int]], ycap: int) -> int:
    """The bytes of line_links' flags over ycap rows: a bit a line, and 1/63 more for the levels."""
    lines = sum(_lines(p, q, ycap) + p for p, q in rays)
    return lines // 8 * 64 // 63 + 64


def _upper(solved: Solved, count: int) -> NDArray[np.int32]:
    """The columns x < n with col[x] >= x (`count` of them), written by the compiled kernel in one
    pass into an array of their exact size (numpy's compare, index and convert took 110 ms at
    2^24 columns, and a whole-length mask at 2^26 320 MiB)."""
    out = np.empty(count, dtype=np.int32)
    sweep_kernel()[2](solved.col, 0, solved.n, out)
    return out


def _count_upper(solved: Solved) -> int:
    """How many columns x < n have col[x] >= x: the kernel's count, with no room to write them."""
    return int(sweep_kernel()[2](solved.col, 0, solved.n, np.empty(0, dtype=np.int32)))


def _lines(p: int, q: int, ycap: int) -> int:
    """How many lines q·x − p·y of a ray its candidates (x <= y < ycap) can lie on: from
    −p·(ycap − 1) up to max(q − p, 0)·(ycap − 1), shifted to start at 0."""
    return p * (ycap - 1) + max(q - p, 0) * (ycap - 1) + p
