"""Grundy values and remoteness of any two-pile rule, together, on a corner [0, nx) x [0, ny).

One compiled sweep (numba), rows in order, cells of a row by increasing y. For each cell it
finds, from the moves the rule's `MoveSpec` allows:

- G, the Sprague-Grundy value: the least value missing among the moves' values. Lines where
  any amount may be taken (the row, the column, the diagonals) keep bitsets of the values they
  hold, with their running mex as a lower bound where the line is a whole prefix; restricted
  amounts (a set such as the powers of 4) read their few targets directly.
- cold/hot under the rule's convention (normal play: who cannot move loses; misère: wins), and
- R, Steinhaus's remoteness: 0 where no move is left; a hot cell's is 1 + the least R over its
  moves to cold cells (the winner hurries), a cold cell's is 1 + the largest R over all its
  moves (the loser delays). Rows and columns keep running aggregates (least R among cold
  cells, largest R among all); diagonals keep them per cell along the diagonal, so a both-pile
  move with |k - l| < a reads the prefix of each neighbouring diagonal it reaches in O(1).

Both-pile moves with |k - l| < a (Fraenkel's a-Wythoff, custom rules) reach the 2a - 1
diagonals around the cell. The value bitset of a diagonal holds its rows < x; a move with
k > l must not reach the last k - l of them, so those few values are taken out for that line
(values on a diagonal are distinct, because the equal-amount move joins them). The work is
about cells x (2a - 1) x (1 + a / 2) line reads per candidate word: `work_estimate` bounds it
before the sweep starts.

Normal play: cold exactly where G = 0 (tests check it). Misère: G is still the Sprague-Grundy
value of the same moves (a normal-play notion); cold/hot and R follow misère play.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numba import njit

from explorer.core import budget
from explorer.core.game.spec import MoveSpec
from explorer.core.values.bits import lowest_clear as _lowest_clear
from explorer.core.values.bits import next_missing
from explorer.core.values.cost import MAX_WORK, ValuesTooCostly, both_pairs, bytes_per_cell, moves_bound, work_estimate
from explorer.core.values.table import ValueTable

NO_COLD = 0xFFFF  # "no cold cell on this line yet" in the uint16 prefix tables
MAX_CELLS_PER_CALL = 2_000_000  # rows are swept in blocks of about this many cells (progress)


@njit(cache=True, nogil=True)
def _sweep(  # type: ignore[no-untyped-def]
    rows_from,
    rows_to,
    nx,
    ny,
    one_every,
    one_set,
    both_every,
    a,
    pairs,
    normal,
    G,
    R,
    cold,
    colbits,
    col_mex,
    diagbits,
    diag_mex,
    col_minc,
    col_max,
    diag_minc,
    diag_max,
    dmc,
    dma,
    ex_g,
    ex_r,
    ex_c,
    tri,
):
    """Rows rows_from .. rows_to - 1. Returns 0, or 1 if a value reached the bitsets' capacity.

    With `tri` (nx <= ny, and diagonals that are single lines) only the cells y >= x are
    searched; each is written to (y, x) too (the table is symmetric, as every MoveSpec is).
    Row x's cells left of the diagonal are column x's cells below it, so the row starts from
    the column's bitset and aggregates."""
    words = colbits.shape[1]
    cap = (words - 1) * 64
    one = np.uint64(1)
    full = np.uint64(0xFFFFFFFFFFFFFFFF)
    rowbits = np.zeros(words, dtype=np.uint64)
    span = min(a, nx + ny)  # |k - l| < span reaches every diagonal there is
    off = nx - 1
    for x in range(rows_from, rows_to):
        y0 = x if tri else 0
        rowbits[:] = 0
        row_mex = 0
        row_minc = NO_COLD
        row_max = -1
        if tri and one_every:
            rowbits[:] = colbits[x]
            row_mex = col_mex[x]
            row_minc = col_minc[x]
            row_max = col_max[x]
        for y in range(y0, ny):
            d = y - x + off
            # ----- targets read directly (restricted amounts) ---------------------------
            m = 0
            for k in one_set:
                if k <= y:
                    ex_g[m] = G[x, y - k]
                    ex_r[m] = R[x, y - k]
                    ex_c[m] = cold[x, y - k]
                    m += 1
                if k <= x:
                    ex_g[m] = G[x - k, y]
                    ex_r[m] = R[x - k, y]
                    ex_c[m] = cold[x - k, y]
                    m += 1
            for p in range(pairs.shape[0]):
                k = pairs[p, 0]
                l = pairs[p, 1]
                if k <= x and l <= y:
                    ex_g[m] = G[x - k, y - l]
                    ex_r[m] = R[x - k, y - l]
                    ex_c[m] = cold[x - k, y - l]
                    m += 1
            # ----- remoteness aggregates over every move -------------------------------
            minc = NO_COLD
            most = -1
            for i in range(m):
                if ex_c[i] and ex_r[i] < minc:
                    minc = ex_r[i]
                if ex_r[i] > most:
                    most = ex_r[i]
            if one_every:
                minc = min(minc, row_minc, col_minc[y])
                most = max(most, row_max, col_max[y])
            if both_every:
                if a == 1:
                    minc = min(minc, diag_minc[d])
                    most = max(most, diag_max[d])
                else:
                    for delta in range(-(span - 1), span):
                        if delta >= 0:
                            bx, by = x - 1, y - 1 - delta
                        else:
                            bx, by = x - 1 + delta, y - 1
                        if bx >= 0 and by >= 0:
                            minc = min(minc, np.int64(dmc[bx, by]))
                            most = max(most, np.int64(dma[bx, by]) - 1)
            if most < 0:  # no move at all
                r = 0
                c = normal
            elif minc != NO_COLD:
                r = 1 + minc
                c = False
            else:
                r = 1 + most
                c = True
            R[x, y] = r
            cold[x, y] = c
            # ----- the Grundy value ----------------------------------------------------
            start = 0
            if one_every:
                start = max(row_mex, col_mex[y])
            if both_every:
                start = max(start, diag_mex[d])
            wi = start >> 6
            g = -1
            while g < 0:
                if wi >= words - 1:
                    return 1
                word = np.uint64(0)
                if one_every:
                    word |= rowbits[wi] | colbits[y, wi]
                if both_every:
                    if a == 1:
                        word |= diagbits[d, wi]
                    else:
                        for delta in range(-(span - 1), span):
                            dp = d - delta
                            if dp < 0 or dp >= nx + ny - 1:
                                continue
                            w = diagbits[dp, wi]
                            if delta < 0 and w != 0:
                                for j in range(1, -delta + 1):  # rows x - j that k > l cannot reach
                                    yy = y - delta - j
                                    if x - j >= 0 and yy < ny:
                                        v = np.int64(G[x - j, yy])
                                        if v >> 6 == wi:
                                            w &= ~(one << np.uint64(v & 63))
                            word |= w
                for i in range(m):
                    v = np.int64(ex_g[i])
                    if v >> 6 == wi:
                        word |= one << np.uint64(v & 63)
                if wi == start >> 6:
                    word |= (one << np.uint64(start & 63)) - one
                if word != full:
                    g = wi * 64 + _lowest_clear(word)
                else:
                    wi += 1
            if g >= cap:
                return 1
            G[x, y] = g
            if tri and y < nx:
                G[y, x] = g
                R[y, x] = r
                cold[y, x] = c
            mask = one << np.uint64(g & 63)
            gw = g >> 6
            # ----- update the lines ----------------------------------------------------
            if one_every:
                rowbits[gw] |= mask
                colbits[y, gw] |= mask
                if g == row_mex:
                    row_mex = next_missing(rowbits, g + 1)
                if g == col_mex[y]:
                    col_mex[y] = next_missing(colbits[y], g + 1)
                if c:
                    row_minc = min(row_minc, r)
                    col_minc[y] = min(col_minc[y], r)
                row_max = max(row_max, r)
                col_max[y] = max(col_max[y], r)
            if both_every and a > 1:
                pc = NO_COLD
                pa = 0
                if x > 0 and y > 0:
                    pc = dmc[x - 1, y - 1]
                    pa = dma[x - 1, y - 1]
                dmc[x, y] = min(pc, r) if c else pc
                dma[x, y] = max(pa, r + 1)
        if both_every:  # the diagonals take row x only now: moves with l > k must not see it
            for y in range(y0, ny):
                d = y - x + off
                g = np.int64(G[x, y])
                diagbits[d, g >> 6] |= one << np.uint64(g & 63)
                if g == diag_mex[d]:
                    diag_mex[d] = next_missing(diagbits[d], g + 1)
                if a == 1:
                    if cold[x, y]:
                        diag_minc[d] = min(diag_minc[d], R[x, y])
                    diag_max[d] = max(diag_max[d], R[x, y])
    return 0


def value_table(
    spec: MoveSpec,
    nx: int,
    ny: int,
    last_mover_wins: bool = True,
    progress: Callable[[int, int], bool] | None = None,
) -> ValueTable:
    """G, cold and R on [0, nx) x [0, ny) under `spec` (InterruptedError if progress says stop)."""
    if nx < 1 or ny < 1:
        raise ValueError("the corner needs nx, ny >= 1")
    if nx + ny >= 0xFFFF:
        raise ValuesTooCostly(f"remoteness is kept in 16 bits: the corner must have nx + ny < {0xFFFF}")
    work = work_estimate(spec, nx, ny)
    if work > MAX_WORK:
        raise ValuesTooCostly(
            f"values on [0, {nx}) x [0, {ny}) under these moves would take minutes ({work:.1e} steps); "
            "ask for a smaller corner"
        )
    need = bytes_per_cell(spec, nx, ny) * nx * ny
    if need > budget.VALUES_BYTES:
        raise ValuesTooCostly(
            f"values on [0, {nx}) x [0, {ny}) need {need >> 20} MiB; the budget is {budget.VALUES_BYTES >> 20} MiB "
            "(ask for a smaller corner)"
        )
    if nx > ny and not (spec.both.every and spec.difference > 1):  # the half sweep wants nx <= ny
        t = value_table(spec, ny, nx, last_mover_wins, progress)
        return ValueTable(*(np.ascontiguousarray(m.T) for m in (t.grundy, t.cold, t.remoteness)))
    bound = moves_bound(spec, nx, ny)
    g_dtype = np.uint16 if bound < 0xFFFF else np.uint32
    one_every, both_every, a = spec.one.every, spec.both.every, spec.difference
    one_set = np.array([k for k in spec.one.values if k < max(nx, ny)], dtype=np.int64)
    pairs = both_pairs(spec, nx, ny)
    n_ex = 2 * one_set.size + pairs.shape[0] + 1
    ex_g = np.zeros(n_ex, dtype=np.int64)
    ex_r = np.zeros(n_ex, dtype=np.int64)
    ex_c = np.zeros(n_ex, dtype=np.bool_)
    capacity = min(bound + 1, 4 * (nx + ny) + 64)
    tri = not (both_every and a > 1)  # the table is symmetric: search half of it
    while True:
        words = capacity // 64 + 2
        G = np.zeros((nx, ny), dtype=g_dtype)
        R = np.zeros((nx, ny), dtype=np.uint16)
        cold = np.zeros((nx, ny), dtype=np.bool_)
        colbits = np.zeros((ny if one_every else 0, words), dtype=np.uint64)
        col_mex = np.zeros(ny, dtype=np.int64)
        ndiag = nx + ny - 1 if both_every else 0
        diagbits = np.zeros((ndiag, words), dtype=np.uint64)
        diag_mex = np.zeros(max(ndiag, 1), dtype=np.int64)
        col_minc = np.full(ny, NO_COLD, dtype=np.int64)
        col_max = np.full(ny, -1, dtype=np.int64)
        diag_minc = np.full(max(ndiag, 1), NO_COLD, dtype=np.int64)
        diag_max = np.full(max(ndiag, 1), -1, dtype=np.int64)
        wide = both_every and a > 1
        dmc = np.full((nx, ny) if wide else (1, 1), NO_COLD, dtype=np.uint16)
        dma = np.zeros((nx, ny) if wide else (1, 1), dtype=np.uint16)
        block = max(1, MAX_CELLS_PER_CALL // ny)
        overflow = False
        for lo in range(0, nx, block):
            hi = min(nx, lo + block)
            status = _sweep(
                lo, hi, nx, ny, one_every, one_set, both_every, a, pairs, last_mover_wins,
                G, R, cold, colbits, col_mex, diagbits, diag_mex,
                col_minc, col_max, diag_minc, diag_max, dmc, dma, ex_g, ex_r, ex_c, tri,
            )  # fmt: skip
            if status:
                overflow = True
                break
            if progress is not None and progress(hi, nx) is False:
                raise InterruptedError("cancelled")
        if not overflow:
            return ValueTable(G, cold, R)
        if capacity > bound:
            raise AssertionError("a Grundy value passed the number of moves")  # cannot happen
        capacity = min(bound + 1, capacity * 4)
