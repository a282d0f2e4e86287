"""Bulk answers over many positions or rectangles: numpy where exact, Python ints beyond."""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from explorer.core.counting.closed_form import cold_cells_in, cold_cells_in_rect
from explorer.core.exact import bulk
from explorer.core.game.sequence import is_cold


def cold_mask(xs: NDArray | list[int], ys: NDArray | list[int]) -> NDArray[np.bool_]:
    """Which positions (xs[i], ys[i]) are cold; int64 arrays go through numpy exactly."""
    if isinstance(xs, np.ndarray) and xs.dtype == np.int64:
        return bulk.is_cold_array(xs, np.asarray(ys, dtype=np.int64))
    return np.fromiter((is_cold(int(x), int(y)) for x, y in zip(xs, ys, strict=True)), dtype=bool, count=len(xs))


def cold_counts(xs: NDArray | list[int], ys: NDArray | list[int]) -> NDArray | list[int]:
    """C(X, Y) for each pair: an int64 array when all bounds are small enough, else ints."""
    limit = bulk.NUMPY_MAX_INDEX - 2
    if (
        isinstance(xs, np.ndarray)
        and xs.dtype == np.int64
        and (xs.size == 0 or (int(xs.max()) < limit and int(np.max(ys)) < limit))
    ):
        x = xs
        y = np.asarray(ys, dtype=np.int64)
        lx = bulk.count_lower_upto_array(x)
        ly = bulk.count_lower_upto_array(y)
        return 1 + np.minimum(lx, y - ly) + np.minimum(x - lx, ly)
    return [cold_cells_in(int(x), int(y)) for x, y in zip(xs, ys, strict=True)]


def cold_rect_counts(x0: Any, y0: Any, x1: Any, y1: Any) -> NDArray | list[int]:
    """Cold cells in each inclusive rectangle [x0, x1] x [y0, y1], by inclusion-exclusion."""
    if all(isinstance(v, np.ndarray) and v.dtype == np.int64 for v in (x0, y0, x1, y1)):
        a0, b0 = np.maximum(x0, 0), np.maximum(y0, 0)
        corners = [(x1, y1), (a0 - 1, y1), (x1, b0 - 1), (a0 - 1, b0 - 1)]
        parts = []
        for cx, cy in corners:
            valid = (cx >= 0) & (cy >= 0)
            c = cold_counts(np.where(valid, cx, 0), np.where(valid, cy, 0))
            if not isinstance(c, np.ndarray):
                break
            parts.append(np.where(valid, c, 0))
        else:
            total = parts[0] - parts[1] - parts[2] + parts[3]
            return np.where((x1 >= a0) & (y1 >= b0), total, 0)
    return [cold_cells_in_rect(int(a), int(b), int(c), int(d)) for a, b, c, d in zip(x0, y0, x1, y1, strict=True)]
