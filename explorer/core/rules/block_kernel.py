"""k-blocking's column sweep, compiled (importing this module imports numba); docs/math.md,
"Games that change the recursion".

Under a rule with Nim's rays a column holds at most k cold cells (a cell with k cold cells below it
in its column is hot), and exactly k in all (far enough up every other count is 0): so column x is
decided by walking up from (x, x) until its k-th cold cell. Its cells below the diagonal are the
mirrors of cells already found (row x, earlier columns). A cell (x, y), y >= x, is cold iff fewer
than k of its options are cold: the count is its row's cold cells to the left, its column's below,
each other ray's line behind it, and its jumps' targets. Lines that already hold `need` cold
cells (need = k − the column's count so far) cannot hold another cold cell of this column, so the
walk leaps over them: for each line kind (rows, diagonals, each other ray's lines) and each need
t = 1 … k a union-find "next line holding fewer than t" pointer, which only ever moves forward as
counts grow. A cell may be cold only if its lines' counts sum below need: for some split of need −
1 among them (`splits`), each count is below its share + 1. For each split the walk leaps from
pointer to pointer until none moves it; where they interleave and do not settle in a few rounds
it scans 64 cells at a time (explorer.core.rules.block_scan). The cell found is counted exactly.

State lives in arrays the caller keeps, so the sweep runs in chunks of columns (progress and
cancel between them) and resumes where it stopped. steps[0] counts its work in steps of about 4 ns
(a round of leaps, a word scanned, a cell counted, each weighed as measured): over steep rays the
scanned stretch grows with the column, so the work grows with the square of the columns, and the
sweep stops at a column's start once it passes `budget` (a default-sized rule keeps the columns
before: the same wherever it runs).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from explorer.core.rules.block_scan import scan, scan_rays


@njit(cache=True, nogil=True)
def find_free(nxt, i):  # type: ignore[no-untyped-def]
    """The least free index >= i (union-find with path halving; nxt[i] == i: free). k-blocking keeps
    one such array per count t (the least y' >= y whose count is below t: find_free(nxt[t], y)), an
    alteration's walk one per row, diagonal and line."""
    while nxt[i] != i:
        nxt[i] = nxt[nxt[i]]
        i = nxt[i]
    return i


@njit(cache=True, nogil=True)
def _saturate(nxt, bits, level, y):  # type: ignore[no-untyped-def]
    """A count just reached `level`: for every need t <= level it is full, and the walk passes it."""
    clear = ~(np.uint64(1) << np.uint64(y & 63))
    for t in range(1, level + 1):
        if nxt[t, y] == y:
            nxt[t, y] = y + 1
        bits[t, y >> 6] &= clear


@njit(cache=True, nogil=True)
def _find_back(nxt, t, i):  # type: ignore[no-untyped-def]
    """The greatest index i' <= i, in steps of its ray's p, free in nxt[t] (the pointers of need
    t + 1: lines holding fewer than t + 1 cold cells)."""
    while nxt[t, i] != i:
        nxt[t, i] = nxt[t, nxt[t, i]]
        i = nxt[t, i]
    return i


@njit(cache=True, nogil=True)
def _alternate(rownxt, diagnxt, raynxt, has_diag, rays, offsets, th, x, y, stop, rounds):  # type: ignore[no-untyped-def]
    """Leap up column x from y: to the next row holding fewer than th[0] cold cells, diagonal fewer
    than th[1], line of each other ray r fewer than th[2 + r] (no bound past raynxt's levels), in
    turn, until none moves the walk (then y is the least such cell: returns y, True) or `rounds`
    rounds have passed (y is a lower bound: y, False). Returns stop once past it."""
    levels = raynxt.shape[0]  # raynxt[t − 1]: the pointers of need t
    for _ in range(rounds):
        y0 = y
        y = find_free(rownxt[th[0]], y)
        if y >= stop:
            return stop, True
        if has_diag:
            y = x + find_free(diagnxt[th[1]], y - x)
            if y >= stop:
                return stop, True
        for r in range(rays.shape[0]):
            t = th[2 + r]
            if t > levels:
                continue
            p = rays[r, 0]
            base = offsets[r] + rays[r, 1] * x
            i = _find_back(raynxt, t - 1, base - p * y)
            y = (base - i) // p
            if y >= stop:
                return stop, True
        if y == y0:
            return y, True
    return y, False


@njit(cache=True, nogil=True)
def _next(  # type: ignore[no-untyped-def]
    rownxt, diagnxt, raynxt, rowbits, diagbits, raybits, rtop, rwoff, has_diag, rays, offsets, comps, cptr, need, x, y,
    stop, steps, rounds,
):  # fmt: skip
    """A cell at or above y, below stop, no higher than the least cell of column x whose row,
    diagonal and other rays' lines may hold fewer than `need` cold cells: where every split of need
    (comps[cptr[need]:cptr[need + 1]], as thresholds) settles its leaps, the least of them; else the
    scan's answer, 64 cells at a time from the lowest unsettled. The caller counts the cell's options."""
    best = stop
    low = stop if cptr[need] < cptr[need + 1] else y  # no splits to leap by: scan from y
    for c in range(cptr[need], cptr[need + 1]):
        z, settled = _alternate(rownxt, diagnxt, raynxt, has_diag, rays, offsets, comps[c], x, y, best, rounds)
        steps[0] += 30  # up to 8 rounds of leaps: about 100 ns
        if settled:
            best = min(best, z)
        else:
            low = min(low, z)
    if low >= best:
        return best
    if rays.shape[0] and need < raybits.shape[0]:
        return scan_rays(rowbits, diagbits, has_diag, raybits, rays, offsets, rtop, rwoff, need, x, low, best, steps)
    return scan(rowbits, diagbits, has_diag, need, x, low, best, steps)


@njit(cache=True, nogil=True)
def _saturate_line(raynxt, raybits, rtop, rwoff, r, i, p, level):  # type: ignore[no-untyped-def]
    """Line i of ray r, (p, q), just reached `level` cold cells: for each need t <= level it is full."""
    pos = rtop[r] - i
    bit = rwoff[r, pos % p] * 64 + pos // p
    clear = ~(np.uint64(1) << np.uint64(bit & 63))
    for t in range(1, min(level, raynxt.shape[0]) + 1):
        if raynxt[t - 1, i] == i:
            raynxt[t - 1, i] = i - p
        raybits[t, bit >> 6] &= clear


@njit(cache=True, nogil=True)
def sweep(  # type: ignore[no-untyped-def]
    x_from, x_to, k, cells, rowcnt, rowcells, rownxt, rowbits, diag, diagnxt, diagbits,
    rays, offsets, lines, raynxt, raybits, rtop, rwoff, comps, cptr, jumps, steps, budget, rounds,
):  # fmt: skip
    """Decide columns x_from … x_to − 1. cells[x, :k] receives column x's cold rows, increasing.
    `rays` are the rays other than (1, 0), (0, 1) and (1, 1), as (p, q) rows, each with its line
    counts in lines[offsets[r] + q·x − p·y] and their leap pointers in raynxt (levels 1 … as many
    as kept); `rounds` of leaps before a scan (0: scan always, as the tests do). Returns the first
    column not decided (x_to, or the column whose walk ran past the rows kept, so the caller can say so)."""
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
                li = offsets[r] + rays[r, 1] * x - rays[r, 0] * yb
                lines[li] += 1
                _saturate_line(raynxt, raybits, rtop, rwoff, r, li, rays[r, 0], lines[li])
        y = x
        while c < k:
            need = k - c
            y = _next(
                rownxt, diagnxt, raynxt, rowbits, diagbits, raybits, rtop, rwoff, has_diag, rays, offsets, comps, cptr,
                need, x, y, ymax, steps, rounds,
            )  # fmt: skip
            if y >= ymax:
                return x
            steps[0] += 12 + k // 2  # a cell counted, and its lines' pointers raised for each need
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
                    li = offsets[r] + rays[r, 1] * x - rays[r, 0] * y
                    lines[li] += 1
                    _saturate_line(raynxt, raybits, rtop, rwoff, r, li, rays[r, 0], lines[li])
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
    k: int,
    columns: int,
    rows: int,
    rays: np.ndarray,
    has_diag: bool,
    cap: int | None = None,
    ray_levels: int = 0,
) -> dict[str, np.ndarray]:
    """Arrays for a sweep of `columns` columns whose cells lie below row `rows`, room for `cap`
    (k unless given) cold cells in a column and in a row, and leap pointers along each other ray's
    lines for needs 1 … ray_levels."""
    cap = cap or k
    offsets = np.zeros(len(rays), dtype=np.int64)
    rtop = np.zeros(len(rays), dtype=np.int64)  # each ray's last line: its flags count back from it
    rwoff = np.zeros((len(rays), max((int(p) for p, _ in rays), default=1)), dtype=np.int64)
    size = raywords = 0
    for r, (p, q) in enumerate(rays):
        offsets[r] = size + p * rows + p  # q·x − p·y lies in [−p·rows, q·columns]; p more for the pointers' floor
        block = p * rows + q * columns + 1 + p
        size += block
        rtop[r] = size - 1
        for rho in range(p):  # a residue's flags, and a word more for reading across
            rwoff[r, rho] = raywords
            raywords += block // p // 64 + 3
    words = (rows + 1) // 64 + 3  # a flag per row (diagonal) and level: set while its count is below the level
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
        "raynxt": counting(ray_levels, size) if len(rays) and ray_levels else np.zeros((0, 0), dtype=np.int32),
        "raybits": np.full((ray_levels + 1, raywords if ray_levels else 1), np.iinfo(np.uint64).max, dtype=np.uint64),
        "rtop": rtop,
        "rwoff": rwoff,
    }


SPLITS = 64  # the most splits of a need among the lines a leap follows; past it, other rays bound none


def splits(k: int, has_diag: bool, nr: int, ray_levels: int) -> tuple[np.ndarray, np.ndarray]:
    """For each need n = 1 … k, the ways its cell's options may hold fewer than n cold cells, as
    thresholds (row, diagonal, each other ray): counts c_i < t_i with sum(t_i − 1) = n − 1, so a cell
    meets one exactly when its counts sum below n. Where those are more than SPLITS, none (the
    sweep scans instead); a threshold past the pointers kept bounds nothing, so a leap lands no
    higher than the least cell that may be cold, and the sweep's count decides it. Returns the
    thresholds and
    each need's start (CSR)."""
    from itertools import combinations

    rows: list[list[int]] = []
    ptr = [0, 0]
    parts = (2 if has_diag else 1) + (nr if ray_levels else 0)
    for n in range(1, k + 1):
        every = (
            [
                [b - a for a, b in zip((-1, *bars), (*bars, n - 1 + parts - 1), strict=True)]
                for bars in combinations(range(n - 1 + parts - 1), parts - 1)
            ]
            if parts > 1
            else [[n]]
        )
        if len(every) > SPLITS:
            every = []  # too many to leap by: the sweep scans for the need's cells 64 at a time
        for t in every:
            if not has_diag:
                t = [t[0], 1, *t[1:]]
            t = t + [n] * (2 + nr - len(t))  # rays not split: bound n (past the pointers kept: none)
            rows.append(t)
        ptr.append(len(rows))
    return np.array(rows, dtype=np.int64).reshape(-1, 2 + nr), np.array(ptr, dtype=np.int64)


@njit(cache=True, nogil=True)
def altered_sweep(  # type: ignore[no-untyped-def]
    x_from, x_to, cells, colcnt, rowcnt, rowcells, rownxt, rowbits, diag, diagnxt, diagbits,
    rays, offsets, lines, raynxt, raybits, rtop, rwoff, comps, cptr, jumps, fptr, fy, fkind, steps, budget, rounds,
):  # fmt: skip
    """The same walk for a game with declared cells (k = 1: cold iff no option is cold), symmetric:
    column x's declared cells at y >= x are fy[fptr[x]:fptr[x + 1]] (increasing), cold where fkind
    is 1 (terminal) and hot where it is −1, whatever their options. A column holds its declared
    cold cells and at most one other, below them (any cell above a cold cell of its column can move
    to it). Its own cell is found as `sweep` finds one with need 1 (`_next`: leaps along every line).
    cells[x, :colcnt[x]] receives column x's cold rows; returns the first column not decided."""
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
                li = offsets[r] + rays[r, 1] * x - rays[r, 0] * yb
                lines[li] += 1
                _saturate_line(raynxt, raybits, rtop, rwoff, r, li, rays[r, 0], lines[li])
        f, fend = fptr[x], fptr[x + 1]
        y = x
        while True:
            forced = fy[f] if f < fend else ymax
            cand = ymax
            if c == 0:  # a cell with no cold option, not declared: the least whose every line is free
                cand = _next(
                    rownxt, diagnxt, raynxt, rowbits, diagbits, raybits, rtop, rwoff, has_diag, rays, offsets, comps,
                    cptr, 1, x, y, ymax, steps, rounds,
                )  # fmt: skip
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
                li = offsets[r] + rays[r, 1] * x - rays[r, 0] * y
                lines[li] += 1
                _saturate_line(raynxt, raybits, rtop, rwoff, r, li, rays[r, 0], lines[li])
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
