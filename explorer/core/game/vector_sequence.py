"""The cold cells of a move-vector rule that holds Nim's rays, as a generated sequence.

With the rays (1, 0) and (0, 1) every row and every column holds exactly one cold cell
(MATH.md, "Invariant games"), so the cold set is a symmetric sequence col[x]: (x, col[x]) is
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

import threading
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from explorer.core import budget

BLOCK = 1 << 16  # columns swept between progress reports
ROOM = 1.75  # rows kept for each column solved (cold cells of the upper half lie above x)


def _numba_kernels() -> Any:
    """Compiled on first use: importing numba costs ~0.3 s, which a command that never sweeps
    should not pay."""
    from numba import njit

    @njit(cache=True, nogil=True)
    def find(parent, i):  # type: ignore[no-untyped-def]
        root = i
        while parent[root] != root:
            root = parent[root]
        while parent[i] != root:  # path compression
            nxt = parent[i]
            parent[i] = root
            i = nxt
        return root

    @njit(cache=True, nogil=True)
    def mark(parent, base, size, p, c_index):  # type: ignore[no-untyped-def]
        if 0 <= c_index < size and c_index - p >= 0:
            parent[base + c_index] = base + c_index - p

    @njit(cache=True, nogil=True)
    def sweep(col, x_from, x_to, rays_p, rays_q, bases, sizes, offsets, parent, jumps_i, jumps_j):  # type: ignore[no-untyped-def]
        ycap = col.shape[0]
        nrays = rays_p.shape[0]
        njumps = jumps_i.shape[0]
        for x in range(x_from, x_to):
            if col[x] >= 0:
                continue
            y = x
            while True:
                if y >= ycap:
                    return x  # more rows needed: resume from x once they are there
                if col[y] >= 0:
                    y += 1
                    continue
                moved = False
                for r in range(nrays):
                    p = rays_p[r]
                    c = rays_q[r] * x - p * y + offsets[r]
                    if c < 0:
                        return x
                    root = find(parent, bases[r] + c) - bases[r]
                    if root != c:
                        y += (c - root) // p
                        moved = True
                        break
                if moved:
                    continue
                hit = False
                for t in range(njumps):
                    i = jumps_i[t]
                    j = jumps_j[t]
                    if 1 <= i <= x and j <= y and col[x - i] == y - j:
                        hit = True
                        break
                if hit:
                    y += 1
                    continue
                break
            col[x] = y
            col[y] = x
            for r in range(nrays):
                p = rays_p[r]
                q = rays_q[r]
                mark(parent, bases[r], sizes[r], p, q * x - p * y + offsets[r])
                mark(parent, bases[r], sizes[r], p, q * y - p * x + offsets[r])
        return x_to

    return sweep


_KERNELS: list = []


def _sweep_kernel() -> Any:
    if not _KERNELS:
        _KERNELS.append(_numba_kernels())
    return _KERNELS[0]


class Solved(NamedTuple):
    """The solved columns 0..n-1: col[x] for x < n (and mirrors beyond, for resuming)."""

    col: NDArray[np.int32]
    n: int


class SequenceTooLarge(ValueError):
    """The columns asked for would pass the memory budget; the message names the bound."""


class SequenceEngine:
    """Grows col[x] for one set of rays and jumps (Nim's rays implied); thread-safe: one
    grower at a time, readers always see a whole `Solved`."""

    def __init__(self, rays: Sequence[tuple[int, int]], jumps: Sequence[tuple[int, int]]) -> None:
        # Nim's rays are the rows and columns themselves; every other ray gets line links.
        self.rays = tuple((p, q) for p, q in rays if (p, q) not in ((1, 0), (0, 1)))
        self.jumps = tuple((i, j) for i, j in jumps if i >= 1)  # a jump within the column reaches a hot cell
        self._lock = threading.Lock()
        self.solved = Solved(np.full(0, -1, dtype=np.int32), 0)

    # ----- sizes ----------------------------------------------------------------------------
    def bytes_for(self, n: int, rows: int | None = None) -> int:
        """Peak bytes while sweeping n columns: the sequence over its rows, and each ray's links."""
        ycap = rows if rows is not None else int(ROOM * n) + 64
        links = sum(max(p, q) * ycap + p + 1 for p, q in self.rays)
        return 4 * ycap + 4 * links

    @property
    def nbytes(self) -> int:
        return int(self.solved.col.nbytes)

    def max_columns(self, budget_bytes: int) -> int:
        """The most columns (a power of two) whose sweep fits in `budget_bytes`."""
        n = 1 << 10
        while self.bytes_for(2 * n) <= budget_bytes and 2 * n <= budget.GENERATED_COLUMNS_MAX:
            n *= 2
        return n

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
            sweep = _sweep_kernel()
            col = done.col
            ycap = max(col.shape[0], int(ROOM * n) + 64)
            while True:
                col, links = self._prepare(col, ycap)
                x = done.n
                stuck = False
                while x < n:
                    hi = min(n, x + BLOCK)
                    reached = sweep(col, x, hi, *links)
                    if reached < hi:
                        x = reached
                        stuck = True
                        break
                    x = hi
                    self.solved = done = Solved(col, x)  # readers may use what is solved so far
                    if progress is not None and progress(x, n) is False:
                        raise InterruptedError("cancelled")
                if not stuck:
                    return done
                ycap = int(ycap * 1.5) + 64  # a cold cell lies higher than the room kept: widen
                if self.bytes_for(n, ycap) > limit:
                    raise SequenceTooLarge(
                        f"this rule's cold cells lie far above the diagonal: {n:,} columns need more than "
                        f"{limit >> 20} MiB; {done.n:,} are solved"
                    )

    def _prepare(self, old: NDArray[np.int32], ycap: int) -> tuple[NDArray[np.int32], tuple]:
        """The sequence over `ycap` rows and every ray's line links, rebuilt from the cells placed."""
        if old.shape[0] >= ycap:
            col = old
        else:
            col = np.full(ycap, -1, dtype=np.int32)
            col[: old.shape[0]] = old
        xs = np.flatnonzero(col >= 0).astype(np.int64)
        ys = col[xs].astype(np.int64)
        rays_p = np.array([p for p, _ in self.rays], dtype=np.int64)
        rays_q = np.array([q for _, q in self.rays], dtype=np.int64)
        # The line c = q·x − p·y of a candidate (x, y), x <= y < ycap, lies in [−p·ycap, max(q − p, 0)·ycap]:
        # shifted by p·ycap + p. Lines above it (of mirrored cells) are never asked about.
        offsets = rays_p * ycap + rays_p
        sizes = np.maximum(rays_p, rays_q) * ycap + rays_p + 1
        bases = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
        parent = np.arange(int(sizes.sum()), dtype=np.int64 if sizes.sum() >= 2**31 else np.int32)
        for r, (p, q) in enumerate(self.rays):
            c = q * xs - p * ys + offsets[r]
            c = c[(c >= p) & (c < sizes[r])]
            parent[bases[r] + c] = bases[r] + c - p
        jumps_i = np.array([i for i, _ in self.jumps], dtype=np.int64)
        jumps_j = np.array([j for _, j in self.jumps], dtype=np.int64)
        return col, (rays_p, rays_q, bases, sizes, offsets, parent, jumps_i, jumps_j)


def plain_sweep(rays: Sequence[tuple[int, int]], jumps: Sequence[tuple[int, int]], n: int) -> list[int]:
    """The same sequence by the plain definition in Python, for the tests and the bench: for each
    column the least free y, checking every line by a set lookup (no leapfrogging)."""
    others = [(p, q) for p, q in rays if (p, q) not in ((1, 0), (0, 1))]
    col: dict[int, int] = {}
    used: list[set[int]] = [set() for _ in others]
    for x in range(n):
        if x in col:
            continue
        y = x
        while True:
            if y in col or any(q * x - p * y in used[r] for r, (p, q) in enumerate(others)):
                y += 1
                continue
            if any(1 <= i <= x and j <= y and col.get(x - i) == y - j for i, j in jumps):
                y += 1
                continue
            break
        col[x], col[y] = y, x
        for r, (p, q) in enumerate(others):
            used[r].add(q * x - p * y)
            used[r].add(q * y - p * x)
    return [col[x] for x in range(n)]
