"""Sprague-Grundy values of Wythoff's game: G(x, y) = mex of G over all moves.

No closed form is known, so a window [x0, x0 + w) x [y0, y0 + h) is computed from the
corner: it depends on every cell below and to the left. Rows are swept in order; each column
and each diagonal keeps a bitset (uint64 words) of the values it already holds, the current
row keeps its own, and G(x, y) is the lowest value missing from the three. Each set also
keeps its running mex, so the search starts at the largest of the three. The loop is compiled
with numba.

Cost, for a window ending at X = x0 + w, Y = y0 + h: time O(X * Y) cells; memory, bounded:
(Y + X + Y) bitsets of (X + Y) / 64 + 2 words each, about (X + Y) * (X + 2Y) / 8 bytes
(9 MB for 4096 x 4096, 144 MB for 16384 x 16384), plus the w x h answer. Windows with
X + Y > MAX_EXTENT are refused rather than allowed to exhaust memory.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numba import njit
from numpy.typing import NDArray

from explorer.core.values.bits import lowest_clear

MAX_EXTENT = 1 << 15  # X + Y at most: bitsets of at most ~400 MB


class GrundyTooFar(ValueError):
    """The window lies too far out for the bounded memory of the computation."""


@njit(cache=True, nogil=True)
def _sweep(  # type: ignore[no-untyped-def]
    x0: int,
    y0: int,
    w: int,
    h: int,
    rows_from: int,
    rows_to: int,
    out,
    colbits,
    diagbits,
    col_mex,
    diag_mex,
    colfull,
    diagfull,
):
    """Rows rows_from .. rows_to - 1 of the full rectangle [0, x0 + w) x [0, y0 + h), x0 + w <= y0 + h.

    G is symmetric, so only the cells y >= x are searched; each also answers for (y, x). Row x
    left of the diagonal is column x below it: the row starts from the column's bitset and mex.

    The bitsets of the columns and diagonals are stored word-major (`colbits[i, y]` is word i of
    column y): G(x, y) stays near y, so neighbouring cells of a row read neighbouring words, and
    the sweep streams through memory instead of missing the cache twice a cell. Each bitset has a
    second level (`*full`): bit i is set when its word i is all ones, so the search for a free
    value skips, 64 words at a time, the words one of the three sets fills alone.
    """
    big_x, big_y = x0 + w, y0 + h
    one = np.uint64(1)
    full = np.uint64(0xFFFFFFFFFFFFFFFF)
    rowbits = np.empty(colbits.shape[0], dtype=np.uint64)
    rowfull = np.empty(colfull.shape[0], dtype=np.uint64)
    for x in range(rows_from, rows_to):
        rowbits[:] = colbits[:, x]
        rowfull[:] = colfull[:, x]
        row_mex = col_mex[x]
        for y in range(x, big_y):
            d = y - x
            start = max(row_mex, col_mex[y], diag_mex[d])
            wi = start >> 6
            word = rowbits[wi] | colbits[wi, y] | diagbits[wi, d]
            word |= (one << np.uint64(start & 63)) - one  # values below start are all taken
            while word == full:
                wi += 1
                si = wi >> 6
                summary = rowfull[si] | colfull[si, y] | diagfull[si, d]
                summary |= (one << np.uint64(wi & 63)) - one
                while summary == full:
                    si += 1
                    summary = rowfull[si] | colfull[si, y] | diagfull[si, d]
                wi = si * 64 + lowest_clear(summary)
                word = rowbits[wi] | colbits[wi, y] | diagbits[wi, d]
            g = wi * 64 + lowest_clear(word)
            mask = one << np.uint64(g & 63)
            gw = g >> 6
            gs = gw >> 6
            summary_bit = one << np.uint64(gw & 63)
            rowbits[gw] |= mask
            if rowbits[gw] == full:
                rowfull[gs] |= summary_bit
            colbits[gw, y] |= mask
            if colbits[gw, y] == full:
                colfull[gs, y] |= summary_bit
            diagbits[gw, d] |= mask
            if diagbits[gw, d] == full:
                diagfull[gs, d] |= summary_bit
            if g == row_mex:
                row_mex = _next_missing(rowbits, g + 1)
            if g == col_mex[y]:
                col_mex[y] = _next_missing(colbits[:, y], g + 1)
            if g == diag_mex[d]:
                diag_mex[d] = _next_missing(diagbits[:, d], g + 1)
            if x >= x0 and y >= y0:
                out[x - x0, y - y0] = g
            if x0 <= y < big_x and y0 <= x:
                out[y - x0, x - y0] = g


@njit(cache=True, nogil=True)
def _next_missing(bits, v: int) -> int:  # type: ignore[no-untyped-def]
    """The lowest value >= v whose bit is clear."""
    while (bits[v >> 6] >> np.uint64(v & 63)) & np.uint64(1):
        v += 1
    return v


def grundy_window(
    x0: int,
    y0: int,
    w: int,
    h: int,
    progress: Callable[[int, int], bool] | None = None,
) -> NDArray[np.uint16]:
    """G(x0 + i, y0 + j) for 0 <= i < w, 0 <= j < h, as a (w, h) uint16 array (exact: G(x, y) <= x + y
    < MAX_EXTENT < 2^16; written directly, no int32 table and copy: 8192² was 645 MiB at its peak).

    `progress(done_rows, total_rows)` is called between blocks of rows; returning False
    cancels (the function then raises InterruptedError).
    """
    if min(x0, y0) < 0 or min(w, h) < 1:
        raise ValueError("the window needs x0, y0 >= 0 and w, h >= 1")
    big_x, big_y = x0 + w, y0 + h
    if big_x > big_y:  # G is symmetric: the sweep wants the shorter side first
        return np.ascontiguousarray(grundy_window(y0, x0, h, w, progress).T)
    if big_x + big_y > MAX_EXTENT:
        raise GrundyTooFar(
            f"G up to ({big_x}, {big_y}) needs every cell below and left of it; "
            f"this explorer computes up to x + y = {MAX_EXTENT}"
        )
    words = (big_x + big_y) // 64 + 3  # G(x, y) <= x + y, plus room for the scan
    colbits = np.zeros((words, big_y), dtype=np.uint64)  # word-major: see _sweep
    diagbits = np.zeros((words, big_y), dtype=np.uint64)  # only the diagonals y - x >= 0 are searched
    col_mex = np.zeros(big_y, dtype=np.int64)
    diag_mex = np.zeros(big_y, dtype=np.int64)
    summaries = words // 64 + 2  # a word never fills past the last value, so the skip stops in range
    colfull = np.zeros((summaries, big_y), dtype=np.uint64)
    diagfull = np.zeros((summaries, big_y), dtype=np.uint64)
    out = np.zeros((w, h), dtype=np.uint16)
    block = max(1, min(big_x, 2_000_000 // max(big_y, 1)))  # ~2M cells between progress calls
    for lo in range(0, big_x, block):
        hi = min(big_x, lo + block)
        _sweep(x0, y0, w, h, lo, hi, out, colbits, diagbits, col_mex, diag_mex, colfull, diagfull)
        if progress is not None and progress(hi, big_x) is False:
            raise InterruptedError("cancelled")
    return out


def grundy_bitset_baseline(n: int) -> list[list[int]]:
    """The straightforward Python-int bitset method on [0, n)^2 (the benchmark's baseline)."""
    cols = [0] * n
    diags = [0] * (2 * n)
    table = []
    for x in range(n):
        row_bits = 0
        row = []
        for y in range(n):
            d = y - x + n
            used = row_bits | cols[y] | diags[d]
            g = (~used & (used + 1)).bit_length() - 1
            bit = 1 << g
            row_bits |= bit
            cols[y] |= bit
            diags[d] |= bit
            row.append(g)
        table.append(row)
    return table
