"""Sprague-Grundy values of Wythoff's game: G(x, y) = mex of G over all moves.

No closed form is known, so a window [x0, x0 + w) x [y0, y0 + h) is computed from the
corner: it depends on every cell below and to the left. Rows are swept in order; each column
and each diagonal keeps a bitset (uint64 words) of the values it already holds, the current
row keeps its own, and G(x, y) is the lowest value missing from the three. Each set also
keeps its running mex, so the search starts at the largest of the three. The loop
(explorer.core.grundy.jit) is compiled with numba: on a worker thread by its JIT, which lets go
of the GIL while it runs (the window's GUI thread keeps working); on the main thread, where
nothing waits for the GIL (the command line, a notebook), by the ahead-of-time build when there
is one (explorer.core.kernels, group "grundy"), which starts without importing numba.

Cost, for a window ending at X = x0 + w, Y = y0 + h: time O(X * Y) cells; memory, bounded:
(Y + X + Y) bitsets of (X + Y) / 64 + 2 words each, about (X + Y) * (X + 2Y) / 8 bytes
(9 MB for 4096 x 4096, 144 MB for 16384 x 16384), plus the w x h answer. Windows with
X + Y > MAX_EXTENT are refused rather than allowed to exhaust memory.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from explorer.core.errors import CornerTooLarge
from explorer.core.exact.bigint import short_decimal
from explorer.core.kernels import kernel

MAX_EXTENT = 1 << 15  # X + Y at most: bitsets of at most ~400 MB


class GrundyTooFar(CornerTooLarge):
    """The window lies too far out for the bounded memory of the computation."""


def sweep_for_this_thread() -> Any:
    """The compiled loop to run here (explorer.core.kernels: the build ahead of time on the main
    thread, no numba to import; numba's JIT, which lets go of the GIL, on every other thread)."""
    return kernel("grundy", "sweep")


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
            f"G up to ({short_decimal(big_x)}, {short_decimal(big_y)}) needs every cell below and left of it; "
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
    sweep = sweep_for_this_thread()
    for lo in range(0, big_x, block):
        hi = min(big_x, lo + block)
        sweep(x0, y0, w, h, lo, hi, out, colbits, diagbits, col_mex, diag_mex, colfull, diagfull)
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
