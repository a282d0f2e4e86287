"""k-blocking's column sweep, compiled (importing this module imports numba); docs/math.md,
"Games that change the recursion".

Under a rule with Nim's rays a column holds at most k cold cells (a cell with k cold cells below it
in its column is hot), and exactly k in all (far enough up every other count is 0): so column x is
decided by walking up from (x, x) until its k-th cold cell. Its cells below the diagonal are the
mirrors of cells already found (row x, earlier columns). A cell (x, y), y >= x, is cold iff fewer
than k of its options are cold: the count is its row's cold cells to the left, its column's below,
each other ray's line behind it, and its jumps' targets. Rows and diagonals that already hold `need`
cold cells (need = k − the column's count so far) cannot hold another cold cell of this column, so
the walk leaps over them: for each need t = 1 … k a union-find "next row (diagonal) holding fewer
than t" pointer, which only ever moves forward as counts grow. A cell may be cold only if its row's
count plus its diagonal's is below need, that is row <= s and diagonal < need − s for some s: the
walk takes the least of those `need` leaps.

State lives in arrays the caller keeps, so the sweep runs in chunks of columns (progress and
cancel between them) and resumes where it stopped. steps[0] counts its work (8 for a cell looked
at, 1 for a word of 64 tried): where leaping does not skip far (a ray other than the row's, the
column's and the diagonal's has no pointers of its own, or 2-blocking's interleaved rows), it grows
with the square of the columns, and the sweep stops at a column's start once it passes `budget`
(a default-sized rule keeps the columns before: the same wherever it runs).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def _find(nxt, t, y):  # type: ignore[no-untyped-def]
    """The least y' >= y whose count is below t (union-find with path halving)."""
    while nxt[t, y] != y:
        nxt[t, y] = nxt[t, nxt[t, y]]
        y = nxt[t, y]
    return y


@njit(cache=True, nogil=True)
def _leap(rownxt, diagnxt, rowbits, diagbits, tr, td, x, y, stop, steps):  # type: ignore[no-untyped-def]
    """The least y' >= y (below `stop`) whose row holds fewer than tr and whose diagonal y' − x
    fewer than td: each pointer leaps over what the other has not ruled out. Where the two sets
    interleave (2-blocking: free rows even, free diagonals odd, over a third of the column) the
    leaps go one cell at a time; after a few, 64 cells at a time are tried at once, by words."""
    for _ in range(8):
        if y >= stop:
            return stop
        y = _find(rownxt, tr, y)
        if y >= stop:
            return stop
        z = x + _find(diagnxt, td, y - x)
        if z == y:
            return y
        y = z
    while y < stop:
        steps[0] += 1
        m = _word(rowbits, tr, y) & _word(diagbits, td, y - x)
        if m:
            while not (m & np.uint64(1)):
                m >>= np.uint64(1)
                y += 1
            return min(y, stop)
        y += 64
    return stop


@njit(cache=True, nogil=True)
def _word(bits, t, pos):  # type: ignore[no-untyped-def]
    """The 64 flags of level t from `pos` on, the first in the lowest bit."""
    w = pos >> 6
    o = np.uint64(pos & 63)
    lo = bits[t, w] >> o
    if o:
        lo |= bits[t, w + 1] << (np.uint64(64) - o)
    return lo


@njit(cache=True, nogil=True)
def _saturate(nxt, bits, level, y):  # type: ignore[no-untyped-def]
    """A count just reached `level`: for every need t <= level it is full, and the walk passes it."""
    clear = ~(np.uint64(1) << np.uint64(y & 63))
    for t in range(1, level + 1):
        if nxt[t, y] == y:
            nxt[t, y] = y + 1
        bits[t, y >> 6] &= clear


@njit(cache=True, nogil=True)
def sweep(  # type: ignore[no-untyped-def]
    x_from,
    x_to,
    k,
    cells,
    rowcnt,
    rowcells,
    rownxt,
    rowbits,
    diag,
    diagnxt,
    diagbits,
    rays,
    offsets,
    lines,
    jumps,
    steps,
    budget,
):
    """Decide columns x_from … x_to − 1. cells[x, :k] receives column x's cold rows, increasing.
    `rays` are the rays other than (1, 0), (0, 1) and (1, 1), as (p, q) rows, each with its line
    counts in lines[offsets[r] + q·x − p·y]. Returns the first column not decided (x_to, or the
    column whose walk ran past the rows kept, so the caller can say so)."""
    ymax = rowcnt.shape[0] - 1
    has_diag = diag.shape[0] > 0
    nr = rays.shape[0]
    nj = jumps.shape[0]
    for x in range(x_from, x_to):
        if steps[0] > budget:
            return x  # the work passed its budget: the caller keeps the columns before
        c = rowcnt[x]  # the column's cells below the diagonal: mirrors of row x's cells
        for i in range(c):
            cells[x, i] = rowcells[x, i]
            yb = rowcells[x, i]
            for r in range(nr):  # a ray steeper than the diagonal reaches below it
                lines[offsets[r] + rays[r, 1] * x - rays[r, 0] * yb] += 1
        y = x
        while c < k:
            need = k - c
            if has_diag:  # row + diagonal < need: for some s < need, row <= s and diagonal < need − s
                best = ymax
                for s in range(need):
                    z = _leap(rownxt, diagnxt, rowbits, diagbits, s + 1, need - s, x, y, best, steps)
                    if z < best:
                        best = z
                y = best
            else:
                y = _find(rownxt, need, y)
            if y >= ymax:
                return x
            steps[0] += 8  # a cell looked at costs about eight of the words below
            total = c + rowcnt[y]
            if has_diag:
                total += diag[y - x]
            for r in range(nr):
                if total >= k:
                    break
                total += lines[offsets[r] + rays[r, 1] * x - rays[r, 0] * y]
            for j in range(nj):
                if total >= k:
                    break
                i0, j0 = jumps[j, 0], jumps[j, 1]
                if i0 <= x and j0 <= y:
                    u, v = x - i0, y - j0
                    top = c if i0 == 0 else k
                    for t in range(top):
                        if cells[u, t] == v:
                            total += 1
                            break
            if total < k:
                cells[x, c] = y
                c += 1
                for r in range(nr):
                    lines[offsets[r] + rays[r, 1] * x - rays[r, 0] * y] += 1
                if has_diag:
                    diag[y - x] += 1
                    _saturate(diagnxt, diagbits, min(diag[y - x], k), y - x)
                if y > x:  # its mirror (y, x) is column y's, below its diagonal
                    rowcells[y, rowcnt[y]] = x
                    rowcnt[y] += 1
                    _saturate(rownxt, rowbits, min(rowcnt[y], k), y)
            y += 1
    return x_to


@njit(cache=True, nogil=True)
def _fill(flat, value):  # type: ignore[no-untyped-def]
    for i in range(flat.size):
        flat[i] = value


@njit(cache=True, nogil=True)
def _count_up(table):  # type: ignore[no-untyped-def]
    for r in range(table.shape[0]):
        for i in range(table.shape[1]):
            table[r, i] = i


def full(shape: int | tuple[int, int], value: int) -> np.ndarray:
    """An int32 array of `value`, written without the GIL: the walks' arrays run to tens of MiB,
    and numpy's fill and tile held the GIL while each fresh page was faulted in (157 ms in a test,
    a 369 ms stall of the window in a soak)."""
    out = np.empty(shape, dtype=np.int32)
    _fill(out.reshape(-1), value)
    return out


def counting(count: int, size: int) -> np.ndarray:
    """`count` rows of 0, 1, …, size − 1 (int32), written without the GIL (see `full`)."""
    out = np.empty((count, size), dtype=np.int32)
    _count_up(out)
    return out


def new_state(
    k: int, columns: int, rows: int, rays: np.ndarray, has_diag: bool, cap: int | None = None
) -> dict[str, np.ndarray]:
    """Arrays for a sweep of `columns` columns whose cells lie below row `rows`, room for `cap`
    (k unless given) cold cells in a column and in a row."""
    cap = cap or k
    offsets = np.zeros(len(rays), dtype=np.int64)
    size = 0
    for r, (p, q) in enumerate(rays):
        offsets[r] = size + p * rows  # q·x − p·y lies in [−p·rows, q·columns]
        size += p * rows + q * columns + 1
    words = (rows + 1) // 64 + 2  # a flag per row (diagonal) and level: set while its count is below the level
    ones = np.full((k + 1, words), np.iinfo(np.uint64).max, dtype=np.uint64)
    return {
        "cells": full((columns, cap), -1),
        "rowcnt": np.zeros(rows + 1, dtype=np.int32),
        "rowcells": np.zeros((rows + 1, cap), dtype=np.int32),
        "rownxt": counting(k + 1, rows + 1),
        "rowbits": ones,
        "diag": np.zeros(rows + 1 if has_diag else 0, dtype=np.int32),
        "diagnxt": counting(k + 1, rows + 1) if has_diag else np.zeros((k + 1, 0), dtype=np.int32),
        "diagbits": ones.copy() if has_diag else np.zeros((k + 1, 1), dtype=np.uint64),
        "offsets": offsets,
        "lines": np.zeros(size, dtype=np.int32),
    }


@njit(cache=True, nogil=True)
def altered_sweep(  # type: ignore[no-untyped-def]
    x_from, x_to, cells, colcnt, rowcnt, rowcells, rownxt, rowbits, diag, diagnxt, diagbits,
    rays, offsets, lines, jumps, fptr, fy, fkind, steps, budget,
):  # fmt: skip
    """The same walk for a game with declared cells (k = 1: cold iff no option is cold), symmetric:
    column x's declared cells at y >= x are fy[fptr[x]:fptr[x + 1]] (increasing), cold where fkind
    is 1 (terminal) and hot where it is −1, whatever their options. A column holds its declared
    cold cells and at most one other, below them (any cell above a cold cell of its column can move
    to it). cells[x, :colcnt[x]] receives column x's cold rows; returns the first column not decided."""
    ymax = rowcnt.shape[0] - 1
    cap = cells.shape[1]
    has_diag = diag.shape[0] > 0
    nr = rays.shape[0]
    nj = jumps.shape[0]
    for x in range(x_from, x_to):
        if steps[0] > budget:
            return x
        c = rowcnt[x]
        for i in range(c):
            cells[x, i] = rowcells[x, i]
            yb = rowcells[x, i]
            for r in range(nr):
                lines[offsets[r] + rays[r, 1] * x - rays[r, 0] * yb] += 1
        f, fend = fptr[x], fptr[x + 1]
        y = x
        while True:
            forced = fy[f] if f < fend else ymax
            cand = ymax
            if c == 0 and has_diag:  # a cell with no cold option, not declared: the least row and diagonal free
                cand = _leap(rownxt, diagnxt, rowbits, diagbits, 1, 1, x, y, ymax, steps)
            elif c == 0:
                cand = _find(rownxt, 1, y)
            if forced >= ymax and cand >= ymax:
                if c == 0:
                    return x  # its cold cell lies past the rows kept
                break
            if forced <= cand:
                y = forced
                kind = fkind[f]
                f += 1
                if kind < 0:  # declared hot
                    y += 1
                    continue
            else:
                y = cand
                steps[0] += 8
                total = rowcnt[y]
                if has_diag:
                    total += diag[y - x]
                for r in range(nr):
                    total += lines[offsets[r] + rays[r, 1] * x - rays[r, 0] * y]
                for j in range(nj):
                    i0, j0 = jumps[j, 0], jumps[j, 1]
                    if i0 <= x and j0 <= y:
                        u, v = x - i0, y - j0
                        top = c if i0 == 0 else colcnt[u]
                        for t in range(top):
                            if cells[u, t] == v:
                                total += 1
                                break
                if total > 0:
                    y += 1
                    continue
            if c >= cap or (y > x and rowcnt[y] >= cap):
                return -1 - x  # more cold cells in a line than kept
            cells[x, c] = y  # cold: declared, or no cold option
            c += 1
            for r in range(nr):
                lines[offsets[r] + rays[r, 1] * x - rays[r, 0] * y] += 1
            if has_diag:
                diag[y - x] += 1
                _saturate(diagnxt, diagbits, 1, y - x)
            if y > x:
                rowcells[y, rowcnt[y]] = x
                rowcnt[y] += 1
                _saturate(rownxt, rowbits, 1, y)
            y += 1
        colcnt[x] = c
    return x_to
