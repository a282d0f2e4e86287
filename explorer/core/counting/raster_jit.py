"""The columns of a generated sequence, or of k layers of cells a column (k-blocking), counted into
texels in one compiled pass that holds no GIL (explorer.core.counting.raster.rasterize_layers).

Zoomed out under 12-blocking, numpy's way took a pass and a bincount per layer over the columns in
view (134 ms for 2^19 columns, the bincount holding the GIL), and the window waited for the render
worker: issue 62 saw 0.4–0.9 s stalls while zooming out. Here: one pass over the columns, every
layer at once, the GIL let go."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def count_layers(cells, xa, xb, ya, yb, div, tx0, ty0, nx, dense):  # type: ignore[no-untyped-def]
    """dense[j·nx + i] += 1 for each cell (x, cells[x, t]) with xa ≤ x < xb and ya ≤ y < yb, in texel
    (x // div − tx0, y // div − ty0)."""
    k = cells.shape[1]
    for x in range(xa, xb):
        i = x // div - tx0
        for t in range(k):
            y = np.int64(cells[x, t])
            if ya <= y < yb:
                dense[(y // div - ty0) * nx + i] += 1
