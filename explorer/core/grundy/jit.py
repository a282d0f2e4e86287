"""The compiled loop of Wythoff's Grundy sweep (numba): see explorer.core.grundy.kernel.

This module is the one source of the loop. numba compiles it on first use (cached on disk) for
work on worker threads, which it runs without the GIL; `python -m explorer.core.aot_build`
compiles the same functions ahead of time into an extension module that needs no numba, which
the kernel uses on the main thread (the command line): importing numba and loading its cache
cost ~0.5 s of `grundy 2048 2048`'s 0.85 s.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from explorer.core.values.bits import lowest_clear, next_missing


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
    band = np.empty((MIRROR_BAND, big_y), dtype=np.uint16)  # the last rows' values, for their mirror
    band_from = rows_from
    for x in range(rows_from, rows_to):
        if x - band_from == MIRROR_BAND:
            _mirror(out, band, band_from, x, x0, y0, big_x)
            band_from = x
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
                row_mex = next_missing(rowbits, g + 1)
            if g == col_mex[y]:
                col_mex[y] = next_missing(colbits[:, y], g + 1)
            if g == diag_mex[d]:
                diag_mex[d] = next_missing(diagbits[:, d], g + 1)
            if x >= x0 and y >= y0:
                out[x - x0, y - y0] = g
            band[x - band_from, y] = g
    _mirror(out, band, band_from, rows_to, x0, y0, big_x)


MIRROR_BAND = 32  # rows whose mirror is written together, a tile at a time


@njit(cache=True, nogil=True)
def _mirror(out, band, rows_from: int, rows_to: int, x0: int, y0: int, big_x: int) -> None:  # type: ignore[no-untyped-def]
    """Write G(y, x) = G(x, y) for the rows x in [rows_from, rows_to) (their values G(x, y), y >= x,
    in band[x - rows_from, y]) where (y, x) lies in the window. A cell's mirror is a column of
    `out`: written as the cell was found, every one missed the cache once the answer outgrew it
    (8192²: 128 MB); written in tiles of MIRROR_BAND columns by 32 rows, a tile stays in cache."""
    first_x = max(rows_from, y0)
    for tile in range(max(rows_from, x0), big_x, 32):
        tile_end = min(tile + 32, big_x)
        for x in range(first_x, rows_to):
            for y in range(max(tile, x), tile_end):
                out[y - x0, x - y0] = band[x - rows_from, y]
