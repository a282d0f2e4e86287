"""Bulk answers over many positions or rectangles: numpy where exact, Python ints beyond."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from explorer.core import bulk
from explorer.core.counting import cold_cells_in
from explorer.core.wythoff import is_cold


def cold_mask(xs: NDArray | list[int], ys: NDArray | list[int]) -> NDArray[np.bool_]:
    """Which positions (xs[i], ys[i]) are cold; int64 arrays go through numpy exactly."""
    if isinstance(xs, np.ndarray) and xs.dtype == np.int64:
        return bulk.is_cold_array(xs, np.asarray(ys, dtype=np.int64))
    return np.fromiter((is_cold(int(x), int(y)) for x, y in zip(xs, ys, strict=False)), dtype=bool, count=len(xs))


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
    return [cold_cells_in(int(x), int(y)) for x, y in zip(xs, ys, strict=False)]
