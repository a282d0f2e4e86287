"""Grundy values and remoteness sampled for the grid's texels: one per texel, at its corner cell.

Known values come from the computed corner, from Wythoff's certified rows (the strips along
both axes, at any distance), and nowhere else (NaN: drawn grey). Values far out are huge, so the
image gets `(value - base) / 2^shift` as float64 for its colours only; the numbers written in
cells and shown by the inspector are exact integers from the cache.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import chain
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from explorer.core.exact.bigint import digit_count
from explorer.core.value_limits import SHARE_COLUMNS
from explorer.core.value_source import GRUNDY, ValueCache

if TYPE_CHECKING:
    from explorer.core.counting.raster import Raster
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
    cold: Raster | None = None,
) -> ValueGrid:
    """The texels (tx0 + i, ty0 + j), i < nx, j < ny, of cells step x step; written into `out`
    (a float64 (ny, nx) array the caller lends, see levels.FrameBuffers) if it is given. `cold`:
    the rule's cold counts of the same texels (the frame's hot/cold raster): under normal play a
    texel whose corner cell is cold has G = 0 at any size, as the one place answers."""
    src = cache.texel_sources(kind)  # which parts answer the texels: the one place decides
    x0, y0 = tx0 * step, ty0 * step
    near = max(0, min(x0, y0))
    if kind == GRUNDY:  # far strips hold G near max(x, y)
        near = max(0, max(x0, y0) if min(x0, y0) < src.rows_solved else near)
    far = max(x0 + nx * step, y0 + ny * step) + 4 * src.rows_solved + (1 << 17)
    # The base is what the colour bar's title subtracts ("G − base"): 0 while every value in view
    # is a float exactly, else `near` rounded down to a multiple of a power of ten above the
    # values' spread. Either way it stays put while the view pans (a title that changed on
    # every frame re-laid the bar out: 0.4 ms a frame).
    base = 0 if far < 1 << FLOAT_BITS else near - near % 10 ** digit_count(far - near)
    side = src.side
    ix, iy = count_below(x0, step, nx, 0), count_below(y0, step, ny, 0)  # texels left of / below 0
    cx, cy = count_below(x0, step, nx, side), count_below(y0, step, ny, side)
    # |value - base| is below span for every value in view: the strips' values lie within
    # 2 * rows of the far coordinate, the corner's (only if it is in view) between 0 and 2 * side
    span = far - base if not (cx > ix and cy > iy) else max(far - base, base)
    shift = max(0, span.bit_length() - FLOAT_BITS)
    rows = src.rows
    strip_columns = count_below(x0, step, nx, rows.rows) if rows is not None else 0
    strip_rows = count_below(y0, step, ny, rows.rows) if rows is not None else 0
    corner_columns = cx if cx > ix and cy > iy else 0
    sequences = src.sequences
    same = cold is not None and (cold.tx0, cold.ty0, cold.nx, cold.ny, cold.step) == (tx0, ty0, nx, ny, step)
    cold_corners = _cold_corners(cache, cold if same else None, src.cold_is_zero)
    anywhere = sequences is not None or cold_corners is not None
    reach = None if anywhere else (max(corner_columns, strip_columns), strip_rows)
    grid = ValueGrid(np.empty((ny, nx)) if out is None else out, base, shift, reach)
    out = grid.values
    for region in grid.regions():
        out[region] = np.nan
    if cx > ix and cy > iy:
        # inside the corner the numbers are small: a strided view of the table (fancy indexing
        # it with np.ix_ took 39 ms for 1000 x 650 texels of single cells, slicing 2 ms)
        xs = slice(x0 + ix * step, x0 + (cx - 1) * step + 1, step)
        ys = slice(y0 + iy * step, y0 + (cy - 1) * step + 1, step)
        block = src.corner[xs, ys].T.astype(np.float64)
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
        shares = share_region(sequences, side, x0, y0, nx, ny, step)
        if shares is not None:
            grid = replace(grid, shares=shares)
    zero = in_units(0, base, shift)
    if cold_corners is not None and zero is not None:
        cold_j, cold_i = cold_corners
        unknown = np.isnan(out[cold_j, cold_i])
        out[cold_j[unknown], cold_i[unknown]] = zero
    return grid


def in_units(value: int, base: int, shift: int) -> float | None:
    """A value on the grid's scale ((value - base) / 2^shift), or None where no float holds it: a
    view whose values are about 10^1000 cannot show 0 on their scale, and those texels stay grey."""
    try:  # a quotient of integers: exactly rounded, however long base is
        return (value - base) / (1 << shift) if shift >= 0 else float((value - base) << -shift)
    except OverflowError:
        return None


COLD_TEXELS = 1 << 15  # texels holding a cold cell whose corner cell is tested, at most, a frame


def _cold_corners(cache: ValueCache, cold: Raster | None, cold_is_zero: bool) -> tuple[NDArray, NDArray] | None:
    """(rows, columns) of the texels whose corner cell is cold (G = 0 under normal play): among the
    texels the raster says hold a cold cell, those whose corner is one (every one at one cell a
    texel). None where there are none to test, too many, or the view leaves what the rule judges."""
    if cold is None or not cold_is_zero or cold.counts.size == 0:
        return None
    if cold.counts.size > COLD_TEXELS or min(cold.x0, cold.y0) < 0:
        return None
    x_hi, y_hi = cold.x0 + cold.nx * cold.step - 1, cold.y0 + cold.ny * cold.step - 1
    if not cache.judges(x_hi, y_hi):
        return None
    cols, rows = np.asarray(cold.cols, dtype=np.int64), np.asarray(cold.rows, dtype=np.int64)
    if cold.step > 1:
        if max(x_hi, y_hi) < 1 << 62:  # int64 arrays: the rules' vectorised cold tests (a list went cell by cell)
            xs, ys = cold.x0 + cols * cold.step, cold.y0 + rows * cold.step
        else:
            xs = [cold.x0 + int(i) * cold.step for i in cols.tolist()]  # type: ignore[assignment]
            ys = [cold.y0 + int(j) * cold.step for j in rows.tolist()]  # type: ignore[assignment]
        corner = np.asarray(cache.rule.is_cold_many(xs, ys), dtype=bool)
        cols, rows = cols[corner], rows[corner]
    return (rows, cols) if cols.size else None


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
            scaled = in_units(h, base, shift)
            if scaled is None:  # the view's scale cannot show the small values
                break
            offset = far.cols[h][at].astype(np.int64) - other
            hit = (offset >= 0) & (offset < other_count * step) & (offset % step == 0)
            k, t = lines[hit], offset[hit] // step
            j, i = (k, t) if transpose else (t, k)
            unknown = np.isnan(out[j, i])
            out[j[unknown], i[unknown]] = scaled


@dataclass(frozen=True)
class ShareRegion:
    """Zoomed out past the corner, the texels whose cells are counted value by value (`counted`),
    outside the corner table: those whose columns are all solved, at any height (the solved
    columns [xa, xb) by the rows [ya, yb) of the view), and, by symmetry, those whose rows are all
    solved while their columns are not (the solved rows [ra, rb) by the columns [ca, cb)): a solved
    row's cell of each value is the mirror of its column's."""

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
    ra: int = 0
    rb: int = 0
    ca: int = 0
    cb: int = 0

    def cells(self, h0: int = 0, h1: int | None = None) -> tuple[NDArray[np.int32], NDArray[np.intp]]:
        """For values h0 … h1−1 at once: each of their cells' flat texel index (j * nx + i) in the
        counted texels' solved columns (and solved rows), and its value. Each solved line holds one
        cell of each value: one pass over the lines in view, never over the cells. In int32 (the
        view's cells counted lie below 2^31): a frame reads values × lines of them."""
        h1 = self.far.values if h1 is None else h1
        flats, whichs = [], []
        for lo, hi, other_lo, other_hi, mirror in (
            (self.xa, self.xb, self.ya, self.yb, False),
            (self.ra, self.rb, self.ca, self.cb, True),
        ):
            if hi <= lo:
                continue
            block = self.far.cols[h0:h1, lo:hi]  # the other coordinate of each line's cell
            keep = (block >= other_lo) & (block < other_hi)
            line = (np.arange(lo, hi, dtype=np.int32) - np.int32(self.y0 if mirror else self.x0)) // np.int32(self.step)
            other = (block - np.int32(self.x0 if mirror else self.y0)) // np.int32(self.step)
            flat = (
                (line[None, :] * np.int32(self.nx) + other) if mirror else (other * np.int32(self.nx) + line[None, :])
            )
            which, _ = np.nonzero(keep)
            flats.append(flat[keep])
            whichs.append(which + h0)
        if not flats:
            return np.empty(0, dtype=np.int32), np.empty(0, dtype=np.intp)
        return np.concatenate(flats), np.concatenate(whichs)

    def texel_counts(self, i: int, j: int) -> list[int] | None:
        """The cells of each value in texel (i, j), or None where it is not counted."""
        if not (0 <= i < self.nx and 0 <= j < self.ny and self.counted[j, i]):
            return None
        xa, ya = self.x0 + i * self.step, self.y0 + j * self.step
        if xa + self.step <= self.far.n:  # its columns are solved
            block, lo = self.far.cols[:, xa : xa + self.step], ya
        else:  # its rows are: each row's cell of each value, mirrored
            block, lo = self.far.cols[:, ya : ya + self.step], xa
        return [int(v) for v in np.count_nonzero((block >= lo) & (block < lo + self.step), axis=1)]

    def counts(self, h: int) -> NDArray[np.int64]:
        """(ny, nx): the cells of value h in each texel (exact where `counted`)."""
        return np.bincount(self.cells(h, h + 1)[0], minlength=self.nx * self.ny).reshape(self.ny, self.nx)


def share_region(
    far: ValuesSolved, corner_side: int, x0: int, y0: int, nx: int, ny: int, step: int
) -> ShareRegion | None:
    """Where a zoomed-out view (step > 1) past the corner gets each value's exact share; None when
    no texel qualifies, or the solved lines in view are more than SHARE_COLUMNS (sampled then)."""
    n = far.n
    if step <= 1 or step > n:
        return None
    right, top = x0 + nx * step, y0 + ny * step
    counted = np.zeros((ny, nx), dtype=bool)
    # texels whose columns are all solved, at any height (their cells are read in int32)
    i_lo, i_end = count_below(x0, step, nx, 0), count_below(x0, step, nx, n - step + 1)
    j_lo = count_below(y0, step, ny, 0)
    columns = i_end > i_lo and (i_end - i_lo) * step <= SHARE_COLUMNS and top < 1 << 31
    if columns:
        counted[j_lo:, i_lo:i_end] = True
    # texels whose rows are all solved and whose columns are not: the mirrors of solved columns
    j_end = count_below(y0, step, ny, n - step + 1)
    i_far = max(i_end, i_lo)
    rows = j_end > j_lo and (j_end - j_lo) * step <= SHARE_COLUMNS and i_far < nx and right < 1 << 31
    if rows:
        counted[j_lo:j_end, i_far:] = True
    if not (columns or rows):  # nothing solved in view (and its origin may be no int64: 10^242)
        return None
    # texels that reach into the corner table keep their sampled values (the corner knows them all)
    tx = x0 + np.arange(nx, dtype=np.int64) * step
    ty = y0 + np.arange(ny, dtype=np.int64) * step
    counted &= ~((ty[:, None] < corner_side) & (tx[None, :] < corner_side))
    if not counted.any():
        return None
    xa, xb = (x0 + i_lo * step, x0 + i_end * step) if columns else (0, 0)
    ya, yb = y0 + j_lo * step, top
    ra, rb = (y0 + j_lo * step, y0 + j_end * step) if rows else (0, 0)
    ca, cb = (x0 + i_far * step, right) if rows else (0, 0)
    return ShareRegion(far, x0, y0, nx, ny, step, xa, xb, ya, yb, counted, ra, rb, ca, cb)


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
