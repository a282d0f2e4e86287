"""The cold-cell count of every pixel of a viewport, exactly, in O(width + height).

The viewport is cut into square texels of `step` x `step` cells (step = 1 when zoomed in:
a texel is a cell). Texel column i holds the lower numbers a_k with k in
(LA(X_i - 1), LA(X_{i+1} - 1)] and the upper numbers b_k with k in (UB(X_i - 1), ...],
where UB(m) = m - LA(m); rows likewise. So the cold pairs (a_k, b_k) in texel (i, j) are
the overlap of a column interval and a row interval of k, and all non-empty overlaps come
from merging two sorted lists of boundaries: at most width + height pieces per line.
The counts are exact integers for any coordinates and any step.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game.progression import lower_counts_along

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    np = lazy_numpy(__name__)

MAX_TEXELS = 1 << 14  # per axis; a sanity bound, far above any screen


class Raster(NamedTuple):
    """Cold counts of the texels [tx0, tx0 + nx) x [ty0, ty0 + ny) of size step x step.

    Sparse: texel (cols[t], rows[t]) holds counts[t] > 0 cold cells; all others hold none.
    """

    tx0: int
    ty0: int
    step: int
    nx: int
    ny: int
    cols: NDArray[np.int64]
    rows: NDArray[np.int64]
    counts: NDArray  # int64, or object (Python ints) for astronomically large steps

    @property
    def x0(self) -> int:
        """The first cell column covered."""
        return self.tx0 * self.step

    @property
    def y0(self) -> int:
        return self.ty0 * self.step

    def count_at(self, x: int, y: int) -> int | None:
        """Cold cells in the texel holding cell (x, y), or None if it lies outside."""
        i, j = x // self.step - self.tx0, y // self.step - self.ty0
        if not (0 <= i < self.nx and 0 <= j < self.ny):
            return None
        hit = np.flatnonzero((self.cols == i) & (self.rows == j))
        return int(self.counts[hit[0]]) if hit.size else 0

    def dense_counts(self) -> NDArray:
        """counts as a (ny, nx) array, row-major (row j is y = y0 + j*step...)."""
        dense = np.zeros((self.ny, self.nx), dtype=self.counts.dtype if self.counts.size else np.int64)
        dense[self.rows, self.cols] = self.counts
        return dense

    def levels(self, out: NDArray[np.uint8] | None = None) -> NDArray[np.uint8]:
        """A (ny, nx) uint8 image: 0 where a texel holds no cold cell, else 1..255 growing
        with the share of its columns that hold one (a texel of step columns holds at most
        step cold cells). Any cold cell gives at least level 1, so the cold lines never
        vanish when zoomed out. Written into `out` (a lent (ny, nx) uint8 array) if given."""
        if out is None:
            image = np.zeros((self.ny, self.nx), dtype=np.uint8)
        else:
            image = out
            image.fill(0)
        if self.counts.size:
            if self.counts.dtype == object or self.step.bit_length() > 1000:  # exact int / int, no float(step)
                share = np.array([int(c) / self.step for c in self.counts.tolist()], dtype=np.float64)
            else:
                share = self.counts / float(self.step)
            level = np.ceil(254.0 * np.sqrt(np.minimum(share, 1.0)))
            image[self.rows, self.cols] = np.clip(level, 1, 255).astype(np.uint8)
        return image


def _overlaps(p_base: int, p_off: NDArray, q_base: int, q_off: NDArray) -> tuple[NDArray, NDArray, NDArray]:
    """Non-empty overlaps of intervals (P_i, P_{i+1}] and (Q_j, Q_{j+1}], P = p_base + p_off.

    Returns (i, j, length) arrays. Both boundary lists are non-decreasing.
    """
    lo = max(p_base + int(p_off[0]), q_base + int(q_off[0]))
    hi = min(p_base + int(p_off[-1]), q_base + int(q_off[-1]))
    empty = np.empty(0, dtype=np.int64)
    if lo >= hi:
        return empty, empty, empty
    span = hi - lo
    # Relative to lo and clipped to [0, span]; the shifts are bounded by the spans, so
    # int64 offsets stay int64 (object offsets stay exact Python ints).
    p = np.clip(p_off + (p_base - lo), 0, span)
    q = np.clip(q_off + (q_base - lo), 0, span)
    cuts = _sorted_union(p, q)
    starts = cuts[:-1]
    lengths = np.diff(cuts)
    i = np.searchsorted(p, starts, side="right") - 1
    j = np.searchsorted(q, starts, side="right") - 1
    return i.astype(np.int64), j.astype(np.int64), lengths


def _sorted_union(p: NDArray, q: NDArray) -> NDArray:
    """The distinct values of two arrays, sorted (np.union1d without its masked-array check,
    which imported numpy.ma, 18 ms, on the GUI thread for the first frame)."""
    cuts = np.concatenate((p, q))
    cuts.sort(kind="stable")
    if cuts.size < 2:
        return cuts
    keep = np.empty(cuts.size, dtype=bool)
    keep[0] = True
    np.not_equal(cuts[1:], cuts[:-1], out=keep[1:])
    return cuts[keep]


def _axis(t0: int, step: int, n: int, a: int = 1) -> tuple[int, NDArray, int, NDArray]:
    """(LA base, LA offsets, UB base, UB offsets) at the n + 1 texel boundaries of an axis.

    Boundary b sits at cell t0*step + b*step; the counts are of numbers below it (m = cell - 1).
    """
    m0 = t0 * step - 1
    la_base, la_off = lower_counts_along(m0, step, n + 1, a)
    # UB(m) = m - LA(m) for m >= 0 and 0 for m = -1.
    ub_off = np.arange(n + 1, dtype=la_off.dtype) * step - la_off
    ub_base = m0 - la_base
    if m0 == -1:
        ub_off = ub_off.copy()
        ub_off[0] = -ub_base  # makes UB(-1) = 0
    return la_base, la_off, ub_base, ub_off


def rasterize(x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int, a: int = 1) -> Raster:
    """Cold counts for the cells [x_lo, x_hi) x [y_lo, y_hi) in texels of step x step cells.

    Texels are aligned to multiples of step (so they do not shimmer while panning) and
    cover the requested cells; cells with negative coordinates do not exist and are left out.
    With a > 1 the cold cells are those of Fraenkel's a-Wythoff game (pairs (A_n, A_n + a n),
    complementary and increasing like Wythoff's, so the same merge applies).
    """
    if step < 1:
        raise ValueError("step must be >= 1")
    x_lo, y_lo = max(0, x_lo), max(0, y_lo)
    tx0, ty0 = x_lo // step, y_lo // step
    nx = max(0, -(-max(x_hi, x_lo) // step) - tx0)
    ny = max(0, -(-max(y_hi, y_lo) // step) - ty0)
    if nx > MAX_TEXELS or ny > MAX_TEXELS:
        raise ValueError(f"at most {MAX_TEXELS} texels per axis, asked for {nx} x {ny}")
    empty = np.empty(0, dtype=np.int64)
    if nx == 0 or ny == 0:
        return Raster(tx0, ty0, step, nx, ny, empty, empty, empty)
    xa_base, xa_off, xb_base, xb_off = _axis(tx0, step, nx, a)
    ya_base, ya_off, yb_base, yb_off = _axis(ty0, step, ny, a)
    # (a_k, b_k): lower number in the column, upper in the row; mirrors the other way round.
    i1, j1, c1 = _overlaps(xa_base, xa_off, yb_base, yb_off)
    i2, j2, c2 = _overlaps(xb_base, xb_off, ya_base, ya_off)
    cols = np.concatenate([i1, i2])
    rows = np.concatenate([j1, j2])
    counts = (
        np.concatenate([c1, c2]) if c1.dtype == c2.dtype else np.concatenate([c1.astype(object), c2.astype(object)])
    )
    if tx0 == 0 and ty0 == 0:  # (0, 0) itself, k = 0, is in neither interval list
        cols = np.append(cols, 0)
        rows = np.append(rows, 0)
        counts = np.append(counts, np.array([1], dtype=counts.dtype))
    return _combine(tx0, ty0, step, nx, ny, cols, rows, counts)


def _combine(tx0: int, ty0: int, step: int, nx: int, ny: int, cols: NDArray, rows: NDArray, counts: NDArray) -> Raster:
    """Sum the entries that fall in the same texel and drop empty ones."""
    if counts.size:
        keys = rows * nx + cols
        order = np.argsort(keys, kind="stable")
        keys, counts = keys[order], counts[order]
        first = np.flatnonzero(np.diff(keys, prepend=-1))
        counts = np.add.reduceat(counts, first)
        keys = keys[first]
        rows, cols = keys // nx, keys % nx
        keep = counts != 0
        cols, rows, counts = cols[keep], rows[keep], counts[keep]
    return Raster(tx0, ty0, step, nx, ny, cols, rows, counts)


def _grid(x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> tuple[int, int, int, int]:
    x_lo, y_lo = max(0, x_lo), max(0, y_lo)
    tx0, ty0 = x_lo // step, y_lo // step
    nx = max(0, -(-max(x_hi, x_lo) // step) - tx0)
    ny = max(0, -(-max(y_hi, y_lo) // step) - ty0)
    return tx0, ty0, nx, ny


def rasterize_nim(x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> Raster:
    """Nim: the cold cells are the diagonal x = y; aligned texels hold step of them each."""
    tx0, ty0, nx, ny = _grid(x_lo, y_lo, x_hi, y_hi, step)
    lo, hi = max(tx0, ty0), min(tx0 + nx, ty0 + ny)
    if hi <= lo:  # the diagonal misses the view (the offsets below could exceed int64)
        empty = np.empty(0, dtype=np.int64)
        return Raster(tx0, ty0, step, nx, ny, empty, empty, empty)
    t = np.arange(0, hi - lo, dtype=np.int64)
    counts = np.full(t.size, step, dtype=np.int64) if step < 2**62 else np.array([step] * t.size, dtype=object)
    return Raster(tx0, ty0, step, nx, ny, t + (lo - tx0), t + (lo - ty0), counts)


def with_changes(r: Raster, changes: dict[tuple[int, int], int]) -> Raster:
    """The raster with a few single cells added (+1) to or removed (-1) from the cold set."""
    extra_c, extra_r, extra_n = [], [], []
    for (x, y), delta in changes.items():
        i, j = x // r.step - r.tx0, y // r.step - r.ty0
        if 0 <= i < r.nx and 0 <= j < r.ny:
            extra_c.append(i)
            extra_r.append(j)
            extra_n.append(delta)
    if not extra_n:
        return r
    counts = np.concatenate([r.counts, np.array(extra_n, dtype=r.counts.dtype if r.counts.size else np.int64)])
    cols = np.concatenate([r.cols, np.array(extra_c, dtype=np.int64)])
    rows = np.concatenate([r.rows, np.array(extra_r, dtype=np.int64)])
    return _combine(r.tx0, r.ty0, r.step, r.nx, r.ny, cols, rows, counts)


def rasterize_table(prefix: NDArray, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> Raster:
    """Cold counts from a solved table's 2-D prefix sums, prefix[x, y] = cold cells in
    [0, x) x [0, y) (custom rules); cells beyond the table count 0, at any distance. Only the
    texels that meet the table are read (zoomed out, a handful of the view's)."""
    tx0, ty0, nx, ny = _grid(x_lo, y_lo, x_hi, y_hi, step)
    n = prefix.shape[0] - 1
    kx, ky = _meeting(tx0, step, nx, n), _meeting(ty0, step, ny, n)
    if kx == 0 or ky == 0:
        empty = np.empty(0, dtype=np.int64)
        return Raster(tx0, ty0, step, nx, ny, empty, empty, empty)
    xb, yb = _clipped_bounds(tx0, step, kx, n), _clipped_bounds(ty0, step, ky, n)
    block = prefix[np.ix_(xb[1:], yb[1:])] - prefix[np.ix_(xb[:-1], yb[1:])] - prefix[np.ix_(xb[1:], yb[:-1])]
    block += prefix[np.ix_(xb[:-1], yb[:-1])]
    cols, rows = np.nonzero(block)
    counts = block[cols, rows].astype(np.int64)
    return Raster(tx0, ty0, step, nx, ny, cols.astype(np.int64), rows.astype(np.int64), counts)


def _clipped_bounds(t0: int, step: int, k: int, n: int) -> NDArray[np.int64]:
    """The k + 1 bounds of the k texels from t0 that meet [0, n), clipped to n. Each start lies below n;
    past one texel the step does too, so all fit int64 (a single texel's step may have 1 000 digits)."""
    start = t0 * step
    if k == 1:
        return np.array([start, min(start + step, n)], dtype=np.int64)
    return np.minimum(start + np.arange(k + 1, dtype=np.int64) * step, n)


def _meeting(t0: int, step: int, count: int, n: int) -> int:
    """How many of the texels t0, t0 + 1, … (count of them, each `step` cells from t0·step >= 0) meet [0, n):
    those that start below n, a prefix."""
    start = t0 * step
    return 0 if start >= n else min(count, -(-(n - start) // step))


def step_for(cells_per_pixel: float) -> int:
    """The texel size for a zoom level: one texel per cell when cells are >= 1 pixel,
    otherwise the smallest whole number of cells covering a pixel."""
    if not math.isfinite(cells_per_pixel) or cells_per_pixel <= 1.0:
        return 1
    return math.ceil(cells_per_pixel)


# From this many columns in view, a sequence's (or k layers') texels are counted by one compiled
# pass that lets go of the GIL (raster_jit): fewer columns are quicker in numpy than numba's import
COMPILED_COLUMNS = 1 << 16
RASTER_CHUNK = 1 << 20  # columns of a sequence turned into texels at a time (~40 MiB of temporaries)
DENSE_TEXELS = 1 << 20  # up to this many texels a sequence's raster counts into a dense array, chunk by chunk


def rasterize_strip(col: NDArray, n: int, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> Raster:
    """Counts of a symmetric sequence solved on the columns [0, n): its cells (x, col[x]), x < n, at
    any height, and their mirrors (col[y], y), y < n, past the columns solved. Exact wherever the
    smaller pile is below n; texels in [n, ∞)² count 0 (the grid greys them)."""
    tx0, ty0, nx, ny = _grid(x_lo, y_lo, x_hi, y_hi, step)
    empty = np.empty(0, dtype=np.int64)
    top = (ty0 + ny) * step
    right = (tx0 + nx) * step
    # Every cell counted lies below 2^31 (the sequences are int32): dividing by min(step, 2^31)
    # puts each in the texel dividing by the step does, and keeps numpy within int64 (zoomed out to
    # 10^997 the step is no int64).
    div = min(step, 1 << 31)
    found_i: list[NDArray] = []
    found_j: list[NDArray] = []
    for first, end, other_lo, other_hi, mirror in (
        (tx0 * step, min(right, n), ty0 * step, top, False),
        (ty0 * step, min(top, n), max(tx0 * step, n), right, True),
    ):
        if end <= first or other_hi <= other_lo or other_lo >= 1 << 62:
            continue
        for lo in range(first, end, RASTER_CHUNK):
            hi = min(end, lo + RASTER_CHUNK)
            other = col[lo:hi].astype(np.int64)
            keep = np.flatnonzero((other >= other_lo) & (other < min(other_hi, 1 << 62)))
            if not keep.size:
                continue
            along = (keep + lo) // div
            across = other[keep] // div
            i, j = (across - tx0, along - ty0) if mirror else (along - tx0, across - ty0)
            found_i.append(i)
            found_j.append(j)
    if not found_i:
        return Raster(tx0, ty0, step, nx, ny, empty, empty, empty)
    flat_index = np.concatenate(found_j) * nx + np.concatenate(found_i)
    cells, counts = np.unique(flat_index, return_counts=True)
    return Raster(tx0, ty0, step, nx, ny, cells % nx, cells // nx, counts.astype(np.int64))


def _solved_span(x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int, n: int) -> tuple[int, ...]:
    """The texel grid of a view (tx0, ty0, nx, ny) and the cells of it that lie in the solved [0, n)²:
    x in [xa, xb), y in [ya, yb) (empty where either is)."""
    tx0, ty0, nx, ny = _grid(x_lo, y_lo, x_hi, y_hi, step)
    xa, xb = tx0 * step, min((tx0 + nx) * step, n)
    ya, yb = ty0 * step, min((ty0 + ny) * step, n)
    return tx0, ty0, nx, ny, xa, xb, ya, yb


def rasterize_sequence(col: NDArray, n: int, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> Raster:
    """Cold counts of a generated sequence solved on [0, n)²: cold cells (x, col[x]), x < n. Each
    solved column of the view puts its one cold cell into one texel (O(columns in view), in
    chunks, so 2^25 columns in view need no gigabyte of temporaries); cells beyond n count 0
    (the grid shows them as not solved)."""
    tx0, ty0, nx, ny, xa, xb, ya, yb = _solved_span(x_lo, y_lo, x_hi, y_hi, step, n)
    empty = np.empty(0, dtype=np.int64)
    if xb <= xa or yb <= ya:
        return Raster(tx0, ty0, step, nx, ny, empty, empty, empty)
    # Every cell counted lies in [0, n)², so a step of n or more puts all of them in texel 0 of
    # its axis: dividing by min(step, n) gives the same texels and keeps numpy within int64
    # (a view 10^25 cells across has a step no int64 holds).
    div = min(step, n)
    texels = nx * ny
    if texels <= DENSE_TEXELS and (xb - xa) >= COMPILED_COLUMNS and compiled_counting():
        counted = rasterize_layers(col.reshape(-1, 1), n, x_lo, y_lo, x_hi, y_hi, step)
        if counted is not None:
            return counted
    dense = np.zeros(texels, dtype=np.int64) if texels <= DENSE_TEXELS else None
    found: list[NDArray] = []  # texel indexes, where there are too many texels for a dense count
    for lo in range(xa, xb, RASTER_CHUNK):
        hi = min(xb, lo + RASTER_CHUNK)
        ys = col[lo:hi]
        keep = np.flatnonzero((ys >= ya) & (ys < yb))
        if keep.size:
            i = (keep + lo) // div - tx0
            j = ys[keep].astype(np.int64) // div - ty0
            if dense is not None:  # counted chunk by chunk: memory for the texels, not the columns
                dense += np.bincount(j * nx + i, minlength=texels)
            else:
                found.append(j * nx + i)
    if dense is not None:
        cells = np.flatnonzero(dense)
        return Raster(tx0, ty0, step, nx, ny, cells % nx, cells // nx, dense[cells])
    if not found:
        return Raster(tx0, ty0, step, nx, ny, empty, empty, empty)
    flat_index = np.concatenate(found) if len(found) > 1 else found[0]
    cells, counts = np.unique(flat_index, return_counts=True)
    return Raster(tx0, ty0, step, nx, ny, cells % nx, cells // nx, counts.astype(np.int64))


def compiled_counting() -> bool:
    """Whether the compiled pass is to be had without a stall: numba already loaded (a swept rule
    loaded it). Its first import on a render worker held the GUI thread for 0.75 s."""
    import sys

    return "numba" in sys.modules


def rasterize_layers(cells: NDArray, n: int, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> Raster | None:
    """Cold counts of cells[x, t] for x < n and every layer t (k-blocking's up to k a column), in one
    compiled pass with the GIL let go; None where the view has more than DENSE_TEXELS texels (the
    caller counts layer by layer then)."""
    from explorer.core.counting.raster_jit import count_layers

    tx0, ty0, nx, ny, xa, xb, ya, yb = _solved_span(x_lo, y_lo, x_hi, y_hi, step, n)
    if xb <= xa or yb <= ya:
        empty = np.empty(0, dtype=np.int64)
        return Raster(tx0, ty0, step, nx, ny, empty, empty, empty)
    if nx * ny > DENSE_TEXELS:
        return None
    div = min(step, n)  # as in rasterize_sequence: every counted cell lies in [0, n)²
    dense = np.zeros(nx * ny, dtype=np.int64)
    count_layers(np.ascontiguousarray(cells), xa, xb, ya, yb, div, tx0, ty0, nx, dense)
    found = np.flatnonzero(dense)
    return Raster(tx0, ty0, step, nx, ny, found % nx, found // nx, dense[found])
