"""Render benchmark: the image for a 1920x1080 viewport, every zoom, three places."""

from __future__ import annotations

import numpy as np

from bench.common import median_of, row
from explorer.core import lower
from explorer.core.counting.raster import rasterize, step_for
from explorer.core.game import bulk

WIDTH, HEIGHT = 1920, 1080
ZOOMS = [("40 px/cell", 1 / 40), ("8 px/cell", 1 / 8), ("1 px/cell", 1.0), ("10 cells/px", 10.0)] + [
    (f"1e{e} cells/px", 10.0**e) for e in (3, 6, 9, 12)
]
PLACES = [("origin", 0), ("1e18", 10**18), ("1e100", 10**100)]


def frame(cx: int, cy: int, cells_per_px: float) -> np.ndarray:
    step = step_for(cells_per_px)
    half_w = int(WIDTH * cells_per_px) // 2 + 1
    half_h = int(HEIGHT * cells_per_px) // 2 + 1
    return rasterize(cx - half_w, cy - half_h, cx + half_w, cy + half_h, step).levels()


def dense_baseline(cx: int, cy: int, cells_per_px: float) -> None:
    """Classify every visible cell with numpy (only possible while cells fit in memory)."""
    half_w = int(WIDTH * cells_per_px) // 2 + 1
    half_h = int(HEIGHT * cells_per_px) // 2 + 1
    xs = np.arange(max(0, cx - half_w), cx + half_w, dtype=np.int64)
    ys = np.arange(max(0, cy - half_h), cy + half_h, dtype=np.int64)
    gx, gy = np.meshgrid(xs, ys)
    bulk.is_cold_array(gx, gy)


def run() -> None:
    worst = 0.0
    for place, x in PLACES:
        cx = x
        cy = lower(x) if x else 0  # on the line y = phi x, where the cold cells are
        for label, cpp in ZOOMS:
            cx_use = cx if x else int(WIDTH * cpp) // 2  # at the origin: the view starts at (0, 0)
            cy_use = cy if x else int(HEIGHT * cpp) // 2
            t = median_of(lambda cx=cx_use, cy=cy_use, c=cpp: frame(cx, cy, c), repeat=15)
            worst = max(worst, t)
            base = None
            if cpp <= 1.0 and x < 2**62:
                base = median_of(lambda cx=cx_use, cy=cy_use, c=cpp: dense_baseline(cx, cy, c), repeat=3)
            row(f"render 1920x1080 at {place}, {label}", t, base, "numpy per visible cell" if base else "")
    print(f"worst median frame: {worst * 1000:.2f} ms (target < 10 ms)")
