"""Offline two-dimensional dominance counting for arbitrary point sets.

count(X, Y) = #{points (x, y) : x <= X and y <= Y}. Points and queries are sorted by x and
swept together; a Fenwick tree over the (compressed) y values holds the points seen so far.
All points and queries sharing an x are handled by one vectorised step, so the Python loop
runs once per distinct x, not once per point or query. Used for cells of one Grundy value,
variant games, anything without a closed form.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from explorer.core.counting.fenwick import FenwickTree


def distinct_sorted(a: NDArray[np.int64]) -> NDArray[np.int64]:
    """np.unique(a) by one sort: numpy 2.4's np.unique without a return option takes a hashing
    path about 50 times slower (3.6 s for 3 million int64, against 0.07 s)."""
    s = np.sort(a)
    return s[np.concatenate(([True], s[1:] != s[:-1]))] if s.size else s


def dominance_counts(px: ArrayLike, py: ArrayLike, qx: ArrayLike, qy: ArrayLike) -> NDArray[np.int64]:
    """For each query (qx[i], qy[i]) the number of points (px, py) with px <= qx, py <= qy."""
    px = np.asarray(px, dtype=np.int64)
    py = np.asarray(py, dtype=np.int64)
    qx = np.asarray(qx, dtype=np.int64)
    qy = np.asarray(qy, dtype=np.int64)
    if px.shape != py.shape or qx.shape != qy.shape:
        raise ValueError("x and y arrays must have equal shapes")
    answers = np.zeros(qx.size, dtype=np.int64)
    if px.size == 0 or qx.size == 0:
        return answers
    ys = distinct_sorted(py)  # compress y: rank r holds ys[r]
    tree = FenwickTree(ys.size)
    point_rank = np.searchsorted(ys, py)
    query_count = np.searchsorted(ys, qy, side="right")  # ranks < this have y <= qy

    p_order = np.argsort(px, kind="stable")
    q_order = np.argsort(qx, kind="stable")
    px_sorted, p_rank_sorted = px[p_order], point_rank[p_order]
    qx_sorted = qx[q_order]
    # Points with x <= X are inserted before the queries at X are answered.
    group_starts = np.flatnonzero(np.diff(qx_sorted, prepend=qx_sorted[0] - 1))
    group_ends = np.append(group_starts[1:], qx_sorted.size)
    inserted = 0
    for start, end in zip(group_starts.tolist(), group_ends.tolist(), strict=True):
        limit = int(np.searchsorted(px_sorted, qx_sorted[start], side="right"))
        if limit > inserted:
            tree.add_many(p_rank_sorted[inserted:limit], 1)
            inserted = limit
        rows = q_order[start:end]
        answers[rows] = tree.prefix_many(query_count[rows])
    return answers


def rectangle_counts(
    px: ArrayLike, py: ArrayLike, x0: ArrayLike, y0: ArrayLike, x1: ArrayLike, y1: ArrayLike
) -> NDArray[np.int64]:
    """Points in each inclusive rectangle [x0, x1] x [y0, y1], by inclusion-exclusion."""
    x0, y0, x1, y1 = (np.asarray(v, dtype=np.int64) for v in (x0, y0, x1, y1))
    qx = np.concatenate([x1, x0 - 1, x1, x0 - 1])
    qy = np.concatenate([y1, y1, y0 - 1, y0 - 1])
    c = dominance_counts(px, py, qx, qy).reshape(4, -1)
    result = c[0] - c[1] - c[2] + c[3]
    return np.where((x1 >= x0) & (y1 >= y0), result, 0)
