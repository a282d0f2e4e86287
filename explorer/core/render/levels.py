"""From exact rasters to colour levels, the same for the window and for `wx.view` pictures.

A picture is a uint8 level per texel and a 256-row colour table (explorer.core.render.palette):
- hot/cold, rules exact everywhere: the raster's own levels (0 hot, 1..255 cold by share);
- hot/cold, rules solved on a square: 0 beyond the square (grey), 1 hot, 2..255 cold;
- Grundy values or remoteness: 0 not known (grey), 1..255 the value scaled between round
  numbers at or below the least and at or above the largest value in view (`colour_range`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import DTypeLike, NDArray

from explorer.core.counting.raster import Raster
from explorer.core.protocol import Rule
from explorer.core.render import palette
from explorer.core.render.values import ValueGrid, count_below, in_units, value_grid
from explorer.core.value_source import ValueCache
from explorer.core.values import COLD_OPTIONS, HOT_COLD, VALUE_MODES

if TYPE_CHECKING:
    from explorer.core.analysis.compare import ComparePicture


@dataclass(frozen=True)
class Levels:
    """A level image (ny, nx), row j holding y = y0 + j * step, and how to colour it."""

    levels: NDArray[np.uint8]
    lut: NDArray[np.uint8]
    value_range: tuple[float, float] | None = None  # values: the colours' (low, high), as grid.values
    grid: ValueGrid | None = None  # values: the sampled values (exact numbers come from the cache)
    mode: str = HOT_COLD
    mixed: NDArray[np.uint8] | None = None  # (ny, nx, 4) RGBA: colours that mix each value's exact share

    def scale(self) -> tuple[str, int, int, tuple[float, float]] | None:
        """(mode, base, shift, (low, high)): the value colours' scale, in the grid's units."""
        if self.grid is None or self.value_range is None:
            return None
        return self.mode, self.grid.base, self.grid.shift, self.value_range

    def rgb(self) -> NDArray[np.uint8]:
        """(ny, nx, 3) colours, row 0 = the lowest y (flip for a picture with y upwards)."""
        return self.mixed[:, :, :3] if self.mixed is not None else self.lut[self.levels]


def round_step(x: float | Fraction) -> float:
    """The largest of 1, 2 and 5 times a power of ten that is at most x; 1 for x below 1."""
    if not x > 1:
        return 1.0
    k = math.floor(math.log10(x))
    best = 1.0
    for e in (k - 1, k, k + 1):  # log10 may round across a power of ten
        for m in (1, 2, 5):
            step = m * 10.0**e
            if best < step <= x:
                best = step
    return best


def colour_range(lo: float, hi: float, previous: tuple[float, float] | None = None) -> tuple[float, float]:
    """The range the colours run over: the least and the largest value in view, widened to the
    multiples of a round step (1, 2 or 5 times a power of ten, at most a fifth of their spread,
    at least 1) at or below the least and at or above the largest, and at least one step wide.
    The colour bar's ends are round numbers, and panning does not change the colours while the
    extremes in view stay between the same multiples (each new range re-laid the bar's axis out
    and drew it again: 0.75 ms of a 4.7 ms frame).

    `previous`, the range of the frame before (in the same units): kept while it holds this
    range and is at most twice as wide. A pan to and fro across a multiple then widens the bar
    once, not on every frame; values that need less than half of it narrow it again."""
    # a fifth of the spread exactly: in floats (0.0625 - -999999999999999.9) / 5 rounds up to 2·10^14,
    # a step the spread does not allow (hypothesis found it)
    step = round_step((Fraction(hi) - Fraction(lo)) / 5)
    low, high = math.floor(lo / step) * step, math.ceil(hi / step) * step
    if low > lo:  # float division rounded up across a multiple
        low -= step
    if high < hi:
        high += step
    high = max(high, low + step)
    if previous is not None and previous[0] <= low and high <= previous[1] <= previous[0] + 2 * (high - low):
        return previous
    return low, high


def value_levels(
    grid: ValueGrid,
    scratch: NDArray[np.float64] | None = None,
    out: NDArray[np.uint8] | None = None,
    previous: tuple[float, float] | None = None,
) -> tuple[NDArray[np.uint8], tuple[float, float] | None]:
    """Level 0: not known (grey); 1..255: int((v - low) * (254 / (high - low)) + 1), the value
    scaled over (low, high) = colour_range(least, largest) of the values in view (float64
    arithmetic, the conversion truncating: the scaled value is never negative). Also returns
    (low, high), or None when nothing in view is known (every texel is grey: any range will do).
    `previous`: the range of the frame before, in the same units (see `colour_range`).

    Worked in place on one float buffer (`scratch`, if lent: an array of grid.values' shape) and
    written into `out` (a uint8 array of that shape) if it is lent: seven passes over the texels
    and no masks. fmin and fmax pass over NaN (unknown), and fmax(level, 0) turns the NaN left
    after scaling into level 0. The masked copies, `nan_to_num` and two `where`s this once made
    cost 13 ms of a 33 ms zoomed-out Grundy frame (10^6 texels)."""
    v = grid.values
    regions = grid.regions()  # zoomed out near the origin, most texels are unknown: skip them
    lows = [float(np.fmin.reduce(v[r], axis=None)) for r in regions]
    levels = np.empty(v.shape, dtype=np.uint8) if out is None else out
    if not lows or all(math.isnan(low) for low in lows):  # nothing in view is known
        levels.fill(0)
        return levels, None
    least = min(low for low in lows if not math.isnan(low))
    highs = [float(np.fmax.reduce(v[r], axis=None)) for r in regions]
    lo, hi = colour_range(least, max(high for high in highs if not math.isnan(high)), previous)
    if len(regions) > 1 or v[regions[0]].shape != v.shape:
        levels.fill(0)
    factor = 254 / (hi - lo)
    whole = np.empty(v.shape) if scratch is None else scratch
    for r in regions:
        scaled = np.subtract(v[r], lo, out=whole[r])
        scaled *= factor
        scaled += 1
        np.fmax(scaled, 0, out=scaled)  # unknown: NaN -> 0; every known level is 1..255
        np.copyto(levels[r], scaled, casting="unsafe")  # truncates: 1 + floor of the scaled value
    return levels, (lo, hi)


def mixed_colours(
    grid: ValueGrid, levels: NDArray[np.uint8], lut: NDArray[np.uint8], span: tuple[float, float]
) -> NDArray[np.uint8]:
    """Zoomed out past the corner, each counted texel's colour is the mix of its cells' colours:
    value h's colour (on the bar's scale) weighted by its exact count, and grey for the cells whose
    value is above those solved. The other texels keep their sampled colour."""
    region = grid.shares
    assert region is not None
    lo, hi = span
    factor = 254 / (hi - lo)
    colours = np.empty((region.far.values + 1, 3), dtype=np.float64)
    for h in range(region.far.values):
        v = in_units(h, grid.base, grid.shift)
        colours[h] = lut[0] if v is None else lut[int(min(255.0, max(1.0, (v - lo) * factor + 1)))]
    colours[-1] = lut[0]  # above the values solved
    flat, which = region.cells()
    values = region.far.values
    size = region.nx * region.ny
    # RGBA packed in one uint32 a texel: one gather for the sampled colours (lut[levels] of
    # (ny, nx, 3) bytes took 2 ms of a 13 ms frame)
    packed = np.zeros((256, 4), dtype=np.uint8)
    packed[:, :3], packed[:, 3] = lut, 255
    table = packed.view(np.uint32).reshape(256)
    rgba = table[levels.reshape(size)]
    counted = region.counted.reshape(size)
    rgba[counted] = table[0]  # a counted texel without a cell of the values solved: all above them
    known = np.bincount(flat, minlength=size)
    mixed = np.flatnonzero(known)
    mixed = mixed[counted[mixed]]  # texels reaching into the corner table keep their sampled colour
    # each mixed texel's cells of each value (only those texels: a beam crosses few of them)
    slot = np.full(size, -1, dtype=np.int64)
    slot[mixed] = np.arange(mixed.size)
    at = slot[flat]
    ours = at >= 0
    per_value = np.bincount(at[ours] * values + which[ours], minlength=mixed.size * values).reshape(-1, values)
    area = float(region.step) * float(region.step)
    mix = per_value @ colours[:-1] + (area - known[mixed])[:, None] * colours[-1]
    colour = np.full((mixed.size, 4), 255, dtype=np.uint8)
    colour[:, :3] = np.rint(mix / area)
    rgba[mixed] = colour.view(np.uint32).reshape(-1)
    return rgba.view(np.uint8).reshape(region.ny, region.nx, 4)


def bounded_levels(raster: Raster, n: int) -> NDArray[np.uint8]:
    """Rules solved on [0, n)^2: 0 beyond the solved square (grey), 1 hot, 2..255 cold."""
    base = raster.levels().astype(np.int64)
    levels = np.where(base > 0, 1 + np.minimum(base, 254), 1)
    # the texels whose corner lies inside: a prefix along each axis, found with two exact
    # divisions (a Python loop over texels cost 0.24 s with 3 000-bit steps)
    xs = np.arange(raster.nx) < count_below(raster.tx0 * raster.step, raster.step, raster.nx, n)
    ys = np.arange(raster.ny) < count_below(raster.ty0 * raster.step, raster.step, raster.ny, n)
    levels[~(ys[:, None] & xs[None, :])] = 0
    return levels.astype(np.uint8)


def heap_levels(raster: Raster, solved: int) -> Levels:
    """The game plus a Nim heap of h (`raster`: the cells of value h in each texel, which are the
    sum's cold cells): known wherever the smaller pile is below `solved` (the columns of the value
    sequences and their mirrors), grey in [solved, ∞)²."""
    base = raster.levels().astype(np.int64)
    levels = np.where(base > 0, 1 + np.minimum(base, 254), 1)
    xs = np.arange(raster.nx) < count_below(raster.tx0 * raster.step, raster.step, raster.nx, solved)
    ys = np.arange(raster.ny) < count_below(raster.ty0 * raster.step, raster.step, raster.ny, solved)
    levels[~(ys[:, None] | xs[None, :])] = 0
    return Levels(levels.astype(np.uint8), palette.custom_lookup_table())


def compare_levels(picture: ComparePicture) -> Levels:
    """Two rules compared, a pixel each texel: what kinds of cold cell it holds
    (palette.compare_lookup_table), grey where either rule is not solved."""
    first, second = picture.first_only > 0, picture.second_only > 0
    levels = np.where(first & second, 5, np.where(second, 4, np.where(first, 3, np.where(picture.both > 0, 2, 1))))
    levels[~picture.known] = 0
    return Levels(levels.astype(np.uint8), palette.compare_lookup_table())


class FrameBuffers:
    """The arrays a window lends `levels_for` (and its image) from frame to frame. The window
    gives arrays of 1 MiB or more pages of their own (explorer.allocator), so a fresh 8 MB array
    faults its pages in again on every frame: ~2 ms each at 10^6 texels. Each name keeps one flat
    block, grown with some room to spare, and lends a view of its start: panning changes the
    texel count by a row or a column now and then, and that must not cost a new block.
    What is lent lives until the next call for the same name."""

    SPARE = 1.25  # a new block holds this many times what was asked for

    def __init__(self) -> None:
        self._blocks: dict[str, NDArray[Any]] = {}

    def get(self, name: str, shape: tuple[int, ...], dtype: DTypeLike = np.float64) -> NDArray[Any]:
        size = math.prod(shape)
        block = self._blocks.get(name)
        if block is None or block.dtype != np.dtype(dtype) or block.size < size:
            block = self._blocks[name] = np.empty(int(size * self.SPARE) + 64, dtype=dtype)
        return block[:size].reshape(shape)

    def nbytes(self) -> int:
        """What the blocks hold, in bytes."""
        return sum(block.nbytes for block in self._blocks.values())


def levels_for(
    rule: Rule,
    raster: Raster,
    mode: str,
    values: ValueCache | None = None,
    buffers: FrameBuffers | None = None,
    before: Levels | None = None,
) -> Levels:
    """The levels and colours of `raster` (the rule's cold counts) in colour mode `mode`;
    `before`: the window's last frame, whose colour range is kept when it still serves (the same
    mode and units, see `colour_range`)."""
    if mode == COLD_OPTIONS:
        shown = option_levels(rule, raster)
        if shown is not None:
            return shown  # else, zoomed out or a rule that counts no options: hot and cold as they are
    elif mode in VALUE_MODES:
        if values is None:
            raise ValueError("value colouring needs the values (a ValueCache)")
        shape = (raster.ny, raster.nx)
        out, scratch, levels_out = (
            (buffers.get("grid", shape), buffers.get("scaled", shape), buffers.get("levels", shape, np.uint8))
            if buffers
            else (None, None, None)
        )
        grid = value_grid(values, mode, raster.tx0, raster.ty0, raster.nx, raster.ny, raster.step, out, raster)
        scale = before.scale() if before is not None else None
        previous = scale[3] if scale is not None and scale[:3] == (mode, grid.base, grid.shift) else None
        levels, span = value_levels(grid, scratch, levels_out, previous)
        if span is None and grid.shares is not None:  # no corner value known, yet the values' shares are:
            solved = grid.shares.far.values  # their range colours the mix (the texels were left grey)
            low, high = (in_units(h, grid.base, grid.shift) for h in (0, solved - 1))
            if low is not None and high is not None:
                span = colour_range(low, high, previous)
        lut = palette.value_lookup_table(mode)
        mixed = mixed_colours(grid, levels, lut, span) if grid.shares is not None and span is not None else None
        return Levels(levels, lut, span, grid, mode, mixed)
    if rule.bound is not None:
        return Levels(bounded_levels(raster, rule.bound), palette.custom_lookup_table())
    lent = buffers.get("levels", (raster.ny, raster.nx), np.uint8) if buffers else None
    return Levels(raster.levels(lent), palette.lookup_table())


OPTION_CELLS = 1 << 16  # cells in view the "cold options" mode counts (about 10 ms); wider views show hot/cold


def option_levels(rule: Rule, raster: Raster) -> Levels | None:
    """The colour mode "cold options": each cell's count of cold options (k-blocking), zoomed in (one
    texel a cell, at most OPTION_CELLS of them); None where it does not apply."""
    from explorer.core.protocol import OptionCounts

    if not isinstance(rule, OptionCounts) or raster.step != 1 or raster.nx * raster.ny > OPTION_CELLS:
        return None
    levels = np.zeros((raster.ny, raster.nx), dtype=np.uint8)  # 0: grey, beyond the solved square
    bound = rule.bound if rule.bound is not None else 1 << 62
    # the texels inside [0, bound)², in Python integers first: far out a view's corner is past int64
    (i0, i1), (j0, j1) = (
        (max(0, -t0), min(n, bound - t0)) for t0, n in ((raster.tx0, raster.nx), (raster.ty0, raster.ny))
    )
    if i1 > i0 and j1 > j0:
        xs = np.arange(raster.tx0 + i0, raster.tx0 + i1, dtype=np.int64)
        ys = np.arange(raster.ty0 + j0, raster.ty0 + j1, dtype=np.int64)
        gx, gy = np.meshgrid(xs, ys)  # rows: y, columns: x
        counts = rule.cold_options_many(gx.ravel(), gy.ravel()).reshape(gx.shape)
        levels[j0:j1, i0:i1] = 1 + np.minimum(counts, rule.k + 1)
    return Levels(levels, palette.options_lookup_table(rule.k))


MIX_ON_WORKER_CELLS = 1 << 25  # solved cells of the value sequences past which the window mixes them on a worker


def mixes_on_worker(mode: str, step: int, values: ValueCache | None) -> bool:
    """Whether the window works out a view's colours on a worker: "cold options" zoomed in (the first
    view of a k-blocking rule sorts its line index: up to a second, seen as a stall in a long soak),
    and a view that mixes the shares of so many cells of the value sequences: value colouring,
    zoomed out, with MIX_ON_WORKER_CELLS solved
    (Maharaja's 16 values on 2^22 columns took 343 ms on the GUI thread beside a worker's sweep;
    Wythoff's on 2^20 take a few ms, drawn at once)."""
    if mode == COLD_OPTIONS:  # counting each cell's cold options (and, once, a rule's line index) takes a while
        return step == 1
    far = values.far if values is not None else None
    return mode in VALUE_MODES and step > 1 and far is not None and far.n * far.values >= MIX_ON_WORKER_CELLS


def raster_and_levels(
    rule: Rule, request: tuple[int, int, int, int, int], mode: str, values: ValueCache | None, before: Levels | None
) -> tuple[Raster, Levels | None]:
    """A view's raster and its colours, for a worker (fresh arrays, not a frame's buffers)."""
    raster = rule.raster(*request)
    drawn = levels_for(rule, raster, mode, values, None, before) if raster.nx and raster.ny else None
    return raster, drawn
