"""Cold cells in [0, X] x [0, Y] over a generated sequence, for many (X, Y) at once.

C(X, Y) = #{x <= X : col[x] <= Y} (one cold cell per column). The queries are sorted by X; one
compiled sweep inserts col[0], col[1], … into a Fenwick tree over y and answers each query when
the sweep reaches its X: O((columns + queries) · log rows), the card's "Fenwick-tree index over
the generated sequence", without the GIL.
"""

from __future__ import annotations

import functools
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray

from explorer.core.counting.closed_form import Count, rectangles_from_prefix_many
from explorer.core.counting.cold_index import HoldsNoIndex


class _Counted(Protocol):
    """What the counter asks of its rule (a generated sequence's)."""

    @property
    def bound(self) -> int: ...
    def cold_count_many(self, xs: Any, ys: Any) -> Any: ...
    def count_rect(self, x0: int, y0: int, x1: int, y1: int) -> Count: ...


@functools.cache
def sweep_kernel() -> Any:
    """The compiled sweep, made at its first use: importing this module does not import numba."""
    from numba import njit

    @njit(cache=True, nogil=True)
    def sweep(col, qx, qy, order, out):  # type: ignore[no-untyped-def]
        # The tree spans the rows asked about, not every row the sequence reaches: a value batch's
        # rows 0-20 over 2^24 columns of (1,2)-GDWN allocated a tree of their largest row (~400 MiB).
        size = 1
        for v in col:
            if v + 1 > size:
                size = v + 1
        top = 0
        for k in range(qy.shape[0]):
            if qy[k] + 1 > top:
                top = qy[k] + 1
        if top < size:
            size = max(top, 1)
        tree = np.zeros(size + 1, dtype=np.int64)
        x = 0
        n = col.shape[0]
        for k in range(order.shape[0]):
            q = order[k]
            X = qx[q]
            Y = qy[q]
            if X < 0 or Y < 0:
                out[q] = 0
                continue
            while x <= X and x < n:
                i = col[x] + 1  # past the rows asked about (i > size): no query counts it
                while i <= size:
                    tree[i] += 1
                    i += i & -i
                x += 1
            i = min(Y + 1, size)
            s = 0
            while i > 0:
                s += tree[i]
                i -= i & -i
            out[q] = s
        return out

    return sweep


def dominance_over_sequence(col: NDArray, qx: NDArray[np.int64], qy: NDArray[np.int64]) -> NDArray[np.int64]:
    """For each query, #{x <= qx : col[x] <= qy} over x < len(col) (the queries must lie inside)."""
    qx = np.ascontiguousarray(qx, dtype=np.int64)
    qy = np.ascontiguousarray(qy, dtype=np.int64)
    out = np.zeros(qx.size, dtype=np.int64)
    if qx.size == 0:
        return out
    order = np.argsort(qx, kind="stable")
    return sweep_kernel()(np.ascontiguousarray(col), qx, qy, order, out)


class SequenceCounter(HoldsNoIndex):
    """Rectangle counts over the generated sequence (the query panel, `count --batch`): single
    answers by one numpy count, batches by one Fenwick sweep over the sequence (the rule's)."""

    def __init__(self, rule: _Counted) -> None:
        self.rule = rule

    @property
    def size(self) -> int:
        return self.rule.bound

    @property
    def nbytes(self) -> int:
        return 0  # the sequence is the rule's

    def costly(self, far: int) -> bool:
        return far >= 1 << 20

    def count_many(self, xs: Any, ys: Any) -> tuple[Any, str]:
        return self.rule.cold_count_many(xs, ys), "fenwick"

    def count_rect(self, x0: int, y0: int, x1: int, y1: int) -> Count:
        return self.rule.count_rect(x0, y0, x1, y1)

    def count_rect_many(self, x0: Any, y0: Any, x1: Any, y1: Any) -> tuple[Any, str]:
        arrays = [np.asarray(list(map(int, v)) if isinstance(v, list) else v, dtype=np.int64) for v in (x0, y0, x1, y1)]
        return rectangles_from_prefix_many(self.rule.cold_count_many, *arrays), "fenwick"
