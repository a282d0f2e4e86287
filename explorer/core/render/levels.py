"""From exact rasters to colour levels, the same for the window and for `wx.view` pictures.

A picture is a uint8 level per texel and a 256-row colour table (explorer.core.render.palette):
- hot/cold, rules exact everywhere: the raster's own levels (0 hot, 1..255 cold by share);
- hot/cold, rules solved on a square: 0 beyond the square (grey), 1 hot, 2..255 cold;
- Grundy values or remoteness: 0 not known (grey), 1..255 the value scaled between the
  least and the largest value in view.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from explorer.core.render import palette
from explorer.core.render.raster import Raster
from explorer.core.render.values import ValueGrid, count_below, value_grid
from explorer.core.rules.base import Rule
from explorer.core.values import HOT_COLD
from explorer.core.values.cache import ValueCache


@dataclass(frozen=True)
class Levels:
    """A level image (ny, nx), row j holding y = y0 + j * step, and how to colour it."""

    levels: NDArray[np.uint8]
    lut: NDArray[np.uint8]
    value_range: tuple[float, float] | None = None  # values: (least, largest) in view, as grid.values
    grid: ValueGrid | None = None  # values: the sampled values (exact numbers come from the cache)

    def rgb(self) -> NDArray[np.uint8]:
        """(ny, nx, 3) colours, row 0 = the lowest y (flip for a picture with y upwards)."""
        return self.lut[self.levels]


def value_levels(
    grid: ValueGrid, scratch: NDArray[np.float64] | None = None
) -> tuple[NDArray[np.uint8], tuple[float, float]]:
    """Level 0: not known (grey); 1..255: 1 + floor((v - least) / (largest - least) * 254), the
    value scaled between the least and the largest value in view. Also returns that range.

    Worked in place on one float buffer (`scratch`, if lent: an array of grid.values' shape):
    the masked copies, `nan_to_num` and two `where`s this once made cost 13 ms of a 33 ms
    zoomed-out Grundy frame (10^6 texels)."""
    v = grid.values
    unknown = np.isnan(v)
    if unknown.all():
        return np.zeros(v.shape, dtype=np.uint8), (0.0, 1.0)
    lo = float(np.min(v, where=~unknown, initial=np.inf))
    hi = float(np.max(v, where=~unknown, initial=-np.inf))
    scaled = np.subtract(v, lo, out=scratch)
    scaled /= max(hi - lo, 1e-300)
    scaled *= 254
    np.floor(scaled, out=scaled)
    scaled += 1
    scaled[unknown] = 0
    return scaled.astype(np.uint8), (lo, max(hi, lo + 1))


def bounded_levels(raster: Raster, n: int) -> NDArray[np.uint8]:
    """Rules solved on [0, n)^2: 0 beyond the solved square (grey), 1 hot, 2..255 cold."""
    base = raster.levels().astype(np.int64)
    levels = np.where(base > 0, 1 + np.minimum(base, 254), 1)
    # the texels whose corner lies inside: a prefix along each axis, found with two exact
    # divisions (a Python loop over texels cost 0.24 s with 3 000-bit steps: soak finding)
    xs = np.arange(raster.nx) < count_below(raster.tx0 * raster.step, raster.step, raster.nx, n)
    ys = np.arange(raster.ny) < count_below(raster.ty0 * raster.step, raster.step, raster.ny, n)
    levels[~(ys[:, None] & xs[None, :])] = 0
    return levels.astype(np.uint8)


class FrameBuffers:
    """The float arrays a window lends `levels_for` from frame to frame. The window gives arrays
    of 1 MiB or more pages of their own (explorer.allocator), so a fresh 8 MB array faults its
    pages in again on every frame: ~2 ms each at 10^6 texels, two of them a frame coloured by
    values. What `levels_for` returns lives in these buffers until the next call."""

    def __init__(self) -> None:
        self._arrays: dict[str, NDArray[np.float64]] = {}

    def get(self, name: str, shape: tuple[int, int]) -> NDArray[np.float64]:
        array = self._arrays.get(name)
        if array is None or array.shape != shape:
            array = self._arrays[name] = np.empty(shape)
        return array


def levels_for(
    rule: Rule, raster: Raster, mode: str, values: ValueCache | None = None, buffers: FrameBuffers | None = None
) -> Levels:
    """The levels and colours of `raster` (the rule's cold counts) in colour mode `mode`."""
    if mode != HOT_COLD:
        if values is None:
            raise ValueError("value colouring needs the values (a ValueCache)")
        shape = (raster.ny, raster.nx)
        out, scratch = (buffers.get("grid", shape), buffers.get("scaled", shape)) if buffers else (None, None)
        grid = value_grid(values, mode, raster.tx0, raster.ty0, raster.nx, raster.ny, raster.step, out)
        levels, span = value_levels(grid, scratch)
        return Levels(levels, palette.value_lookup_table(mode), span, grid)
    if rule.bound is not None:
        return Levels(bounded_levels(raster, rule.bound), palette.custom_lookup_table())
    return Levels(raster.levels(), palette.lookup_table())
