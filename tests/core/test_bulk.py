"""numpy paths against the scalar exact code, at the edges of their ranges."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from explorer.core import is_cold, lower
from explorer.core.game import bulk
from tests.oracles import cold_table


def test_isqrt_int64_at_perfect_squares_and_the_top_of_the_range():
    roots = [0, 1, 2, 3, 94906265, 94906266, 3037000499]
    values = []
    for r in roots:
        values += [max(0, r * r - 1), r * r, r * r + 1]
    values.append(2**63 - 1)
    rng = random.Random(1)
    values += [rng.randrange(2**63) for _ in range(20000)]
    got = bulk.isqrt_int64(np.array(values, dtype=np.int64))
    assert got.tolist() == [math.isqrt(v) for v in values]


def test_cold_pairs_numpy_and_exact_handover():
    a, b = bulk.cold_pairs(0, 5000)
    assert a.dtype == np.int64
    assert [(int(x), int(y)) for x, y in zip(a, b, strict=False)] == [(lower(k), lower(k) + k) for k in range(5000)]
    top = bulk.NUMPY_MAX_INDEX
    a, b = bulk.cold_pairs(top - 3, 3)  # the last indices numpy handles
    assert a.dtype == np.int64 and a.tolist() == [lower(k) for k in range(top - 3, top)]
    a, b = bulk.cold_pairs(top - 1, 4)  # crosses the boundary: exact Python ints
    assert a.tolist() == [lower(k) for k in range(top - 1, top + 3)]
    a, b = bulk.cold_pairs(10**100, 2)
    assert a.tolist() == [lower(10**100), lower(10**100 + 1)]
    assert (b - a).tolist() == [10**100, 10**100 + 1]


def test_partners_against_definition():
    n = 400
    cold = cold_table(n)
    p = bulk.partners(n - 1)
    for x in range(n):
        if p[x] < n:
            assert cold[x][p[x]]
        else:
            assert not any(cold[x])


def test_is_cold_array_against_definition_and_scalar():
    n = 300
    cold = np.array(cold_table(n))
    xs, ys = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    assert np.array_equal(bulk.is_cold_array(xs, ys), cold)


def test_is_cold_array_near_int64_limits():
    rng = random.Random(7)
    xs, ys = [], []
    for _ in range(20000):
        d = rng.randrange(2**61)
        a = lower(d) + rng.choice([0, 0, 1, -1, 2, -2])
        if a < 0 or a + d >= 2**63:
            continue
        xs.append(a)
        ys.append(a + d)
    for _ in range(5000):
        xs.append(rng.randrange(2**63))
        ys.append(rng.randrange(2**63))
    xs += [2**63 - 1, 0, 2**63 - 1]
    ys += [2**63 - 1, 2**63 - 1, 0]
    got = bulk.is_cold_array(np.array(xs), np.array(ys))
    want = [is_cold(x, y) for x, y in zip(xs, ys, strict=False)]
    assert got.tolist() == want
    assert sum(want) > 3000  # the sample really does probe the boundary


def test_is_cold_many_hands_over_beyond_int64():
    xs = [3, 2**70, lower(2**70)]
    ys = [5, 2**70, lower(2**70) + 2**70]
    assert bulk.is_cold_many(xs, ys).tolist() == [True, False, True]


def test_bulk_rejects_negative():
    with pytest.raises(ValueError):
        bulk.is_cold_array(np.array([-1]), np.array([2]))
    with pytest.raises(ValueError):
        bulk.cold_pairs(-1, 3)


def test_a_large_array_tested_on_every_core_is_exact(monkeypatch):
    """From WORTH_SPLITTING positions on, each core tests a span: every answer, at every span's edge,
    agrees with the scalar exact test."""
    from explorer.core import parallel

    monkeypatch.setattr(parallel, "cores", lambda: 3)
    n = parallel.WORTH_SPLITTING + 5
    rng = np.random.default_rng(11)
    d = rng.integers(1, 10**17, n)
    a = np.array([lower(int(v)) for v in d[:64]] + [0] * (n - 64), dtype=np.int64)
    xs = rng.integers(0, 10**18, n)
    ys = rng.integers(0, 10**18, n)
    cuts = [lo for lo, _ in parallel.spans(n)][1:]
    cold_at = [0, 1, *(c + k for c in cuts for k in (-1, 0, 1)), n - 1]  # plant cold pairs at the edges
    for i, at in enumerate(cold_at):
        xs[at], ys[at] = (a[i], a[i] + d[i]) if i % 2 else (a[i] + d[i], a[i])
    got = bulk.is_cold_array(xs, ys)
    check = sorted(set(cold_at) | set(rng.integers(0, n, 3000).tolist()))
    assert all(got[i] == is_cold(int(xs[i]), int(ys[i])) for i in check)
    assert got[cold_at].all() and got.sum() == sum(
        is_cold(int(x), int(y)) for x, y in zip(xs[got], ys[got], strict=True)
    )
