"""Cold cells in [0, X] x [0, Y] over a generated sequence, for many (X, Y) at once.

C(X, Y) = #{x <= X : col[x] <= Y} (one cold cell per column). The queries are sorted by X; one
compiled sweep inserts col[0], col[1], … into a Fenwick tree over y and answers each query when
the sweep reaches its X: O((columns + queries) · log rows), the card's "Fenwick-tree index over
the generated sequence", without the GIL.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray


def _kernel() -> Any:
    from numba import njit

    @njit(cache=True, nogil=True)
    def sweep(col, qx, qy, order, out):  # type: ignore[no-untyped-def]
        size = 1
        for v in col:
            if v + 1 > size:
                size = v + 1
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
                i = col[x] + 1
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


_KERNEL: list = []


def dominance_over_sequence(col: NDArray, qx: NDArray[np.int64], qy: NDArray[np.int64]) -> NDArray[np.int64]:
    """For each query, #{x <= qx : col[x] <= qy} over x < len(col) (the queries must lie inside)."""
    if not _KERNEL:
        _KERNEL.append(_kernel())
    qx = np.ascontiguousarray(qx, dtype=np.int64)
    qy = np.ascontiguousarray(qy, dtype=np.int64)
    out = np.zeros(qx.size, dtype=np.int64)
    if qx.size == 0:
        return out
    order = np.argsort(qx, kind="stable")
    return _KERNEL[0](np.ascontiguousarray(col), qx, qy, order, out)
