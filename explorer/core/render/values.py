"""Grundy values and remoteness sampled for the grid's texels: one per texel, at its corner cell.

Known values come from the computed corner, from Wythoff's certified rows (the strips along
both axes, at any distance), and nowhere else (NaN: drawn grey). Values far out are huge, so the
image gets `(value - base) / 2^shift` as float64 for its colours only; the numbers written in
cells and shown by the inspector are exact integers from the cache.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from explorer.core.values.cache import GRUNDY, ValueCache

FLOAT_BITS = 50  # relative values are kept below 2^50 before they become floats


@dataclass(frozen=True)
class ValueGrid:
    values: NDArray[np.float64]  # (ny, nx): (G or R - base) / 2^shift at each texel's corner; NaN unknown
    base: int
    shift: int

    @property
    def known(self) -> NDArray[np.bool_]:
        return ~np.isnan(self.values)


def count_below(start: int, step: int, n: int, limit: int) -> int:
    """How many of start + j * step (j < n) lie below limit."""
    if start >= limit:
        return 0
    return min(n, -(-(limit - start) // step))


def value_grid(cache: ValueCache, kind: str, tx0: int, ty0: int, nx: int, ny: int, step: int) -> ValueGrid:
    """The texels (tx0 + i, ty0 + j), i < nx, j < ny, of cells step x step."""
    x0, y0 = tx0 * step, ty0 * step
    base = max(0, min(x0, y0))
    if kind == GRUNDY:  # far strips hold G near max(x, y)
        base = max(0, max(x0, y0) if min(x0, y0) < (cache.rows.rows if cache.rows else 0) else base)
    far = max(x0 + nx * step, y0 + ny * step) + 4 * (cache.rows.rows if cache.rows else 0) + (1 << 17)
    side = cache.side
    ix, iy = count_below(x0, step, nx, 0), count_below(y0, step, ny, 0)  # texels left of / below 0
    cx, cy = count_below(x0, step, nx, side), count_below(y0, step, ny, side)
    # |value - base| is below span for every value in view: the strips' values lie within
    # 2 * rows of the far coordinate, the corner's (only if it is in view) between 0 and 2 * side
    span = far - base if not (cx > ix and cy > iy) else max(far - base, base)
    shift = max(0, span.bit_length() - FLOAT_BITS)
    unit = 1 << shift
    out = np.full((ny, nx), np.nan)
    if cx > ix and cy > iy:
        xs = np.array([x0 + i * step for i in range(ix, cx)], dtype=np.int64)  # inside the corner: small
        ys = np.array([y0 + j * step for j in range(iy, cy)], dtype=np.int64)
        block = cache.array(kind)[np.ix_(xs, ys)].T.astype(np.float64)
        out[iy:cy, ix:cx] = np.ldexp(block - base, -shift)  # unit may pass the float range
    rows = cache.rows if kind == GRUNDY else None
    if rows is not None:
        j = np.arange(max(nx, ny), dtype=np.float64)
        for i in range(count_below(x0, step, nx, rows.rows)):  # texel columns: row x at the ys
            x = x0 + i * step
            off, known = rows.offsets(x, y0, step, ny)
            vals = (y0 - base) / unit + j[:ny] * (step / unit) + np.ldexp(off.astype(np.float64), -shift)
            col = out[:, i]
            fill = known & np.isnan(col)
            col[fill] = np.asarray(vals, dtype=np.float64)[fill]
        for jj in range(count_below(y0, step, ny, rows.rows)):  # texel rows: row y at the xs
            y = y0 + jj * step
            off, known = rows.offsets(y, x0, step, nx)
            vals = (x0 - base) / unit + j[:nx] * (step / unit) + np.ldexp(off.astype(np.float64), -shift)
            row = out[jj, :]
            fill = known & np.isnan(row)
            row[fill] = np.asarray(vals, dtype=np.float64)[fill]
    return ValueGrid(out, base, shift)
