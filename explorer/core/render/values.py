"""Grundy values and remoteness sampled for the grid's texels: one per texel, at its corner cell.

Known values come from the computed corner, from Wythoff's certified rows (the strips along
both axes, at any distance), and nowhere else (NaN: drawn grey). Values far out are huge, so the
image gets `(value - base) / 2^shift` as float64 for its colours only; the numbers written in
cells and shown by the inspector are exact integers from the cache.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import chain
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from explorer.core.exact.bigint import digit_count
from explorer.core.value_source import GRUNDY, ValueCache

if TYPE_CHECKING:
    from explorer.core.game.value_sequences import ValuesSolved
    from explorer.core.values.rows import GrundyRows

FLOAT_BITS = 50  # relative values are kept below 2^50 before they become floats


@dataclass(frozen=True)
class ValueGrid:
    """values (ny, nx): (G or R - base) / 2^shift at each texel's corner, NaN where unknown,
    inside `regions()`; outside them nothing is known and `values` holds whatever its memory
    held (a window lends the buffer of its last frame: filling 10^6 texels with NaN on every
    frame cost 0.3 ms, when zoomed out near the origin a few hundred of them can be known)."""

    values: NDArray[np.float64]
    base: int
    shift: int
    # (kx, ky): every known texel lies in a column below kx or a row below ky (the computed
    # corner and the strips along the axes); None: anywhere
    reach: tuple[int, int] | None = None
    shares: ShareRegion | None = None  # zoomed out past the corner: where each value's share is counted

    @property
    def known(self) -> NDArray[np.bool_]:
        known = np.zeros(self.values.shape, dtype=bool)
        for region in self.regions():
            np.logical_not(np.isnan(self.values[region]), out=known[region])
        return known

    def regions(self) -> list[tuple[slice, slice]]:
        """(rows, columns) slices that hold every known texel: the whole grid, or the columns
        below kx and the rows below ky beyond them. Zoomed out near the origin most texels
        are unknown, and the levels need not pass over them."""
        ny, nx = self.values.shape
        if self.reach is None:
            return [(slice(0, ny), slice(0, nx))]
        kx, ky = min(self.reach[0], nx), min(self.reach[1], ny)
        regions = []
        if kx and ny:  # empty regions are left out: a reduction over nothing has no answer
            regions.append((slice(0, ny), slice(0, kx)))
        if ky and kx < nx:
            regions.append((slice(0, ky), slice(kx, nx)))
        return regions


def count_below(start: int, step: int, n: int, limit: int) -> int:
    """How many of start + j * step (j < n) lie below limit."""
    if start >= limit:
        return 0
    return min(n, -(-(limit - start) // step))


def value_grid(
    cache: ValueCache,
    kind: str,
    tx0: int,
    ty0: int,
    nx: int,
    ny: int,
    step: int,
    out: NDArray[np.float64] | None = None,
) -> ValueGrid:
    """The texels (tx0 + i, ty0 + j), i < nx, j < ny, of cells step x step; written into `out`
    (a float64 (ny, nx) array the caller lends, see levels.FrameBuffers) if it is given."""
    x0, y0 = tx0 * step, ty0 * step
    near = max(0, min(x0, y0))
    if kind == GRUNDY:  # far strips hold G near max(x, y)
        near = max(0, max(x0, y0) if min(x0, y0) < (cache.rows.rows if cache.rows else 0) else near)
    far = max(x0 + nx * step, y0 + ny * step) + 4 * (cache.rows.rows if cache.rows else 0) + (1 << 17)
    # The base is what the colour bar's title subtracts ("G − base"): 0 while every value in view
    # is a float exactly, else `near` rounded down to a multiple of a power of ten above the
    # values' spread. Either way it stays put while the view pans (a title that changed on
    # every frame re-laid the bar out: 0.4 ms a frame).
    base = 0 if far < 1 << FLOAT_BITS else near - near % 10 ** digit_count(far - near)
    side = cache.side
    ix, iy = count_below(x0, step, nx, 0), count_below(y0, step, ny, 0)  # texels left of / below 0
    cx, cy = count_below(x0, step, nx, side), count_below(y0, step, ny, side)
    # |value - base| is below span for every value in view: the strips' values lie within
    # 2 * rows of the far coordinate, the corner's (only if it is in view) between 0 and 2 * side
    span = far - base if not (cx > ix and cy > iy) else max(far - base, base)
    shift = max(0, span.bit_length() - FLOAT_BITS)
    rows = cache.rows if kind == GRUNDY else None
    strip_columns = count_below(x0, step, nx, rows.rows) if rows is not None else 0
    strip_rows = count_below(y0, step, ny, rows.rows) if rows is not None else 0
    corner_columns = cx if cx > ix and cy > iy else 0
    sequences = cache.far if kind == GRUNDY else None
    reach = None if sequences is not None else (max(corner_columns, strip_columns), strip_rows)
    grid = ValueGrid(np.empty((ny, nx)) if out is None else out, base, shift, reach)
    out = grid.values
    for region in grid.regions():
        out[region] = np.nan
    if cx > ix and cy > iy:
        # inside the corner the numbers are small: a strided view of the table (fancy indexing
        # it with np.ix_ took 39 ms for 1000 x 650 texels of single cells, slicing 2 ms)
        xs = slice(x0 + ix * step, x0 + (cx - 1) * step + 1, step)
        ys = slice(y0 + iy * step, y0 + (cy - 1) * step + 1, step)
        block = cache.array(kind)[xs, ys].T.astype(np.float64)
        out[iy:cy, ix:cx] = np.ldexp(block - base, -shift)  # unit may pass the float range
    if rows is not None:
        # Along a strip, the texels before the corner's far edge are known already or lie at
        # negative coordinates: each strip is asked only for what lies beyond the corner (asking
        # for all of it cost 33 ms a frame at one cell a pixel, 1000 x 650 texels).
        # A line the corner covers to the far edge has nothing left: it is not visited (zoomed
        # in near the origin, visiting a few hundred empty lines cost 0.3 ms a frame).
        for i in _lines_left(strip_columns, ix, cx, cy >= ny):  # texel columns: row x at the ys
            first = cy if ix <= i < cx else 0
            _fill_strip(out[first:, i], rows, x0 + i * step, y0 + first * step, step, base, shift)
        for jj in _lines_left(strip_rows, iy, cy, cx >= nx):  # texel rows: row y at the xs
            first = cx if iy <= jj < cy else 0
            _fill_strip(out[jj, first:], rows, y0 + jj * step, x0 + first * step, step, base, shift)
    if sequences is not None:
        _fill_far(out, sequences, x0, y0, nx, ny, step, base, shift)
        shares = share_region(sequences, side if cache.table is not None else 0, x0, y0, nx, ny, step)
        if shares is not None:
            grid = replace(grid, shares=shares)
    return grid


def _fill_far(
    out: NDArray[np.float64], far: ValuesSolved, x0: int, y0: int, nx: int, ny: int, step: int, base: int, shift: int
) -> None:
    """The texels still unknown whose corner cell has a value below far.values, from the value
    sequences: each solved column in view holds one cell of each value (and, by symmetry, each
    solved row), so the texel columns and rows are read, never the texels one by one."""
    top = far.cols.shape[1]  # every solved column's cells lie below this row
    for first, across, count, other, other_count, transpose in (
        (x0, nx, count_below(x0, step, nx, far.n), y0, ny, False),
        (y0, ny, count_below(y0, step, ny, far.n), x0, nx, True),
    ):
        lo = count_below(first, step, across, 0)
        if count <= lo or other >= top or other + other_count * step <= 0 or step > far.n:
            # No solved line in view, or the view lies above every cell of them, or a texel is
            # wider than every solved column (its corner cell aside, nothing to show: and its
            # width, 10^865 zoomed far out, is no int64).
            continue
        lines = np.arange(lo, count, dtype=np.int64)
        at = first + step * lines
        for h in range(far.values):
            offset = far.cols[h][at].astype(np.int64) - other
            hit = (offset >= 0) & (offset < other_count * step) & (offset % step == 0)
            k, t = lines[hit], offset[hit] // step
            j, i = (k, t) if transpose else (t, k)
            unknown = np.isnan(out[j, i])
            out[j[unknown], i[unknown]] = math.ldexp(h - base, -shift)


SHARE_COLUMNS = 1 << 16  # zoomed out, exact shares are counted while the view holds at most this many solved columns


@dataclass(frozen=True)
class ShareRegion:
    """Zoomed out past the corner, the texels whose cells are counted value by value: those whose
    columns are all solved (at any height) and that lie outside the corner table (`counted`), in
    the solved columns [xa, xb) and the rows [ya, yb) of the view."""

    far: ValuesSolved
    x0: int
    y0: int
    nx: int
    ny: int
    step: int
    xa: int
    xb: int
    ya: int
    yb: int
    counted: NDArray[np.bool_]

    def cells(self, h0: int = 0, h1: int | None = None) -> tuple[NDArray[np.int32], NDArray[np.intp]]:
        """For values h0 … h1−1 at once: each of their cells' flat texel index (j * nx + i) in the
        solved columns and rows of the view, and its value. Each solved column holds one cell of
        each value: one pass over the columns in view, never over the cells. In int32 (the solved
        square is far below 2^31): a frame reads values × columns of them."""
        block = self.far.cols[h0 : self.far.values if h1 is None else h1, self.xa : self.xb]
        keep = (block >= self.ya) & (block < self.yb)
        rows = ((block - np.int32(self.y0)) // np.int32(self.step)) * np.int32(self.nx)
        rows += ((np.arange(self.xa, self.xb, dtype=np.int32) - np.int32(self.x0)) // np.int32(self.step))[None, :]
        which, _ = np.nonzero(keep)
        return rows[keep], which + h0

    def texel_counts(self, i: int, j: int) -> list[int] | None:
        """The cells of each value in texel (i, j), or None where it is not counted."""
        if not (0 <= i < self.nx and 0 <= j < self.ny and self.counted[j, i]):
            return None
        xa, ya = self.x0 + i * self.step, self.y0 + j * self.step
        block = self.far.cols[:, xa : xa + self.step]
        return [int(v) for v in np.count_nonzero((block >= ya) & (block < ya + self.step), axis=1)]

    def counts(self, h: int) -> NDArray[np.int64]:
        """(ny, nx): the cells of value h in each texel (exact where `counted`)."""
        return np.bincount(self.cells(h, h + 1)[0], minlength=self.nx * self.ny).reshape(self.ny, self.nx)


def share_region(
    far: ValuesSolved, corner_side: int, x0: int, y0: int, nx: int, ny: int, step: int
) -> ShareRegion | None:
    """Where a zoomed-out view (step > 1) past the corner gets each value's exact share; None when
    no texel qualifies or the view holds more than SHARE_COLUMNS solved columns (sampled then)."""
    n = far.n
    if step <= 1 or step > n or y0 + ny * step >= 1 << 31:  # the cells are read in int32
        return None
    # A solved column holds one cell of each value at whatever height: every texel whose columns
    # are all solved is counted, however far up it lies (not only inside the square [0, n)²).
    i_lo, i_end = count_below(x0, step, nx, 0), count_below(x0, step, nx, n - step + 1)
    j_lo, j_end = count_below(y0, step, ny, 0), ny
    if i_end <= i_lo or j_end <= j_lo or (i_end - i_lo) * step > SHARE_COLUMNS:
        return None
    counted = np.zeros((ny, nx), dtype=bool)
    counted[j_lo:j_end, i_lo:i_end] = True
    # texels that reach into the corner table keep their sampled values (the corner knows them all)
    tx = x0 + np.arange(nx, dtype=np.int64) * step
    ty = y0 + np.arange(ny, dtype=np.int64) * step
    counted &= ~((ty[:, None] < corner_side) & (tx[None, :] < corner_side))
    if not counted.any():
        return None
    xa, xb = x0 + i_lo * step, x0 + i_end * step
    ya, yb = y0 + j_lo * step, y0 + j_end * step
    return ShareRegion(far, x0, y0, nx, ny, step, xa, xb, ya, yb, counted)


def _lines_left(n: int, lo: int, hi: int, covered: bool) -> Iterator[int]:
    """The lines 0..n-1, without those in [lo, hi) when the corner covers them entirely."""
    if not covered or hi <= lo:
        return iter(range(n))
    return chain(range(min(lo, n)), range(max(hi, 0), n))


def _fill_strip(
    line: NDArray[np.float64], rows: GrundyRows, row: int, start: int, step: int, base: int, shift: int
) -> None:
    """The unknown texels of `line` (a view into the grid) that certified row `row` knows: G(row, c)
    for c = start, start + step, ..., as (G - base) / 2^shift (G is symmetric, so a texel row reads
    the same strip)."""
    if line.size == 0:
        return
    off, known = rows.offsets(row, start, step, line.size)
    unit = 1 << shift
    positions = np.arange(line.size, dtype=np.float64) * (step / unit)
    vals = (start - base) / unit + positions + np.ldexp(off.astype(np.float64), -shift)
    fill = known & np.isnan(line)
    line[fill] = np.asarray(vals, dtype=np.float64)[fill]
