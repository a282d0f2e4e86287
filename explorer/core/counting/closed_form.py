"""Counting cold cells in rectangles by closed forms, stated once each (docs/math.md, "Counting cold
cells in rectangles").

Prefix count of a rule whose cold pairs (A_n, B_n), n >= 1, are increasing and complementary
(Wythoff, Fraenkel's a-Wythoff; misère Wythoff up to six cells near the corner):
    C(X, Y) = 1 + min(LA(X), UB(Y)) + min(UB(X), LA(Y)),   UB(m) = m - LA(m),
the pairs (A_n, B_n) in [0, X] x [0, Y], their mirrors, and (0, 0). `pairs_in_prefix` is that
formula for ints and int64 arrays alike; the Fenwick index feeds it LA from its tree.
Any rectangle follows from prefix counts by inclusion-exclusion: `rectangle_from_prefix`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game.sequence import count_lower_upto

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_numpy(__name__)


class Count(NamedTuple):
    """An exact count of cold cells in a rectangle, with how it was obtained."""

    count: int  # type: ignore[assignment]  # the field, not tuple.count
    cells: int
    method: str

    @property
    def density(self) -> float:
        return self.count / self.cells if self.cells else 0.0


def cells_in(x0: int, y0: int, x1: int, y1: int) -> int:
    """Cells of the inclusive rectangle [x0, x1] x [y0, y1] (clipped at 0)."""
    x0, y0 = max(x0, 0), max(y0, 0)
    return max(0, x1 - x0 + 1) * max(0, y1 - y0 + 1)


def pairs_in_prefix(lx: Any, ly: Any, x: Any, y: Any) -> Any:
    """C(X, Y) from LA(X) = lx and LA(Y) = ly (ints, or int64 arrays of equal shape)."""
    if isinstance(lx, np.ndarray):
        return 1 + np.minimum(lx, y - ly) + np.minimum(x - lx, ly)
    return 1 + min(lx, y - ly) + min(x - lx, ly)


def rectangle_from_prefix(prefix: Callable[[int, int], int], x0: int, y0: int, x1: int, y1: int) -> int:
    """Cells in [x0, x1] x [y0, y1] from prefix counts prefix(X, Y) on [0, X] x [0, Y]; 0 if empty.
    Negative corners count nothing (prefix is not called with them)."""
    x0, y0 = max(x0, 0), max(y0, 0)
    if x1 < x0 or y1 < y0:
        return 0

    def p(x: int, y: int) -> int:
        return prefix(x, y) if x >= 0 and y >= 0 else 0

    return p(x1, y1) - p(x0 - 1, y1) - p(x1, y0 - 1) + p(x0 - 1, y0 - 1)


def rectangles_from_prefix_many(prefix_many: Callable[[Any, Any], Any], x0: Any, y0: Any, x1: Any, y1: Any) -> Any:
    """The same for int64 arrays of rectangles: prefix_many(X, Y) answers arrays with X, Y >= 0."""
    x0, y0 = np.maximum(x0, 0), np.maximum(y0, 0)
    qx = np.concatenate([x1, x0 - 1, x1, x0 - 1])
    qy = np.concatenate([y1, y1, y0 - 1, y0 - 1])
    valid = (qx >= 0) & (qy >= 0)
    c = np.where(valid, np.asarray(prefix_many(np.where(valid, qx, 0), np.where(valid, qy, 0))), 0).reshape(4, -1)
    return np.where((x1 >= x0) & (y1 >= y0), c[0] - c[1] - c[2] + c[3], 0)


def cold_cells_in(x: int, y: int) -> int:
    """Wythoff: cold cells in [0, x] x [0, y] (inclusive); 0 when either bound is negative."""
    if x < 0 or y < 0:
        return 0
    return pairs_in_prefix(count_lower_upto(x), count_lower_upto(y), x, y)


def cold_cells_in_rect(x0: int, y0: int, x1: int, y1: int) -> int:
    """Wythoff: cold cells in [x0, x1] x [y0, y1] (inclusive) by inclusion-exclusion; 0 if empty."""
    return rectangle_from_prefix(cold_cells_in, x0, y0, x1, y1)
