"""The Fenwick tree on its own, and the dominance counter, against naive sums."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.counting.dominance import dominance_counts, rectangle_counts
from explorer.core.counting.fenwick import FenwickTree


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(-1000, 1000), min_size=0, max_size=300), st.data())
def test_build_prefix_update_against_naive(values, data):
    ft = FenwickTree.from_array(np.array(values, dtype=np.int64))
    a = list(values)
    for _ in range(20):
        if a and data.draw(st.booleans()):
            pos = data.draw(st.integers(0, len(a) - 1))
            delta = data.draw(st.integers(-50, 50))
            ft.add(pos, delta)
            a[pos] += delta
        k = data.draw(st.integers(-3, len(a) + 3))
        assert ft.prefix(k) == sum(a[: max(0, k)])
    counts = np.arange(-2, len(a) + 3)
    assert ft.prefix_many(counts).tolist() == [sum(a[: max(0, k)]) for k in counts]
    assert ft.values().tolist() == a


def test_batch_updates_with_repeats():
    rng = np.random.default_rng(3)
    n = 1000
    ft = FenwickTree(n)
    naive = np.zeros(n, dtype=np.int64)
    for _ in range(10):
        pos = rng.integers(0, n, 500)
        delta = rng.integers(-5, 6, 500)
        ft.add_many(pos, delta)
        np.add.at(naive, pos, delta)
        q = rng.integers(0, n + 1, 300)
        assert ft.prefix_many(q).tolist() == [int(naive[:k].sum()) for k in q]
    assert ft.range_sum(10, 20) == int(naive[10:20].sum())
    with pytest.raises(IndexError):
        ft.add(n, 1)
    with pytest.raises(IndexError):
        ft.add_many([n], [1])


def test_dominance_against_brute_force():
    rng = np.random.default_rng(8)
    px, py = rng.integers(0, 60, 400), rng.integers(0, 60, 400)
    qx, qy = rng.integers(-5, 70, 500), rng.integers(-5, 70, 500)
    got = dominance_counts(px, py, qx, qy)
    want = [int(((px <= x) & (py <= y)).sum()) for x, y in zip(qx, qy, strict=True)]
    assert got.tolist() == want
    x0, y0 = rng.integers(-5, 60, 200), rng.integers(-5, 60, 200)
    x1, y1 = x0 + rng.integers(-3, 30, 200), y0 + rng.integers(-3, 30, 200)
    got = rectangle_counts(px, py, x0, y0, x1, y1)
    want = [
        int(((px >= a) & (px <= c) & (py >= b) & (py <= d)).sum()) if c >= a and d >= b else 0
        for a, b, c, d in zip(x0, y0, x1, y1, strict=True)
    ]
    assert got.tolist() == want
    assert dominance_counts([], [], [1], [1]).tolist() == [0]
