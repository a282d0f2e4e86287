from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core import cold_cells_in, cold_cells_in_rect
from explorer.core.rules import Wythoff
from tests.oracles import cold_table

cold_counts = Wythoff().cold_count_many

N = 150


def _prefix_table():
    cold = np.array(cold_table(N), dtype=np.int64)
    return cold.cumsum(0).cumsum(1)


def test_prefix_counts_against_definition():
    pref = _prefix_table()
    for x in range(N):
        for y in range(N):
            assert cold_cells_in(x, y) == pref[x, y]


def test_rectangles_against_definition():
    cold = np.array(cold_table(N))
    for x0, y0, x1, y1 in [(0, 0, 0, 0), (1, 2, 1, 2), (3, 3, 40, 90), (10, 0, 5, 20), (0, 0, 149, 149), (7, 7, 7, 6)]:
        want = int(cold[x0 : x1 + 1, y0 : y1 + 1].sum()) if x1 >= x0 and y1 >= y0 else 0
        assert cold_cells_in_rect(x0, y0, x1, y1) == want
    assert cold_cells_in(-1, 5) == 0


def test_vectorised_counts_match_scalar_and_hand_over():
    rng = np.random.default_rng(3)
    xs = rng.integers(0, 10**8, 2000)
    ys = rng.integers(0, 10**8, 2000)
    got = cold_counts(xs, ys)
    assert [int(v) for v in got] == [cold_cells_in(int(x), int(y)) for x, y in zip(xs, ys, strict=False)]
    big = cold_counts([10**30, 5], [10**30, 5])
    assert list(big) == [cold_cells_in(10**30, 10**30), cold_cells_in(5, 5)]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**200), st.integers(0, 10**200))
def test_strip_and_symmetry(x, y):
    assert cold_cells_in(x, y) == cold_cells_in(y, x)
    # The strip [0, X] x [0, inf) holds exactly X + 1 cold cells (one per row).
    assert cold_cells_in(x, 3 * x + 10) == x + 1


@pytest.mark.slow  # every core: not the inner loop
@pytest.mark.parametrize("key", ["wythoff", "misere", "wythoff:3", "nim"])
def test_a_large_batch_counted_on_every_core_is_exact(monkeypatch, key):
    """From WORTH_SPLITTING queries on, each core counts a span; every count at each span's edge
    and a sample elsewhere agrees with the rule's exact scalar count."""
    from explorer.core import parallel
    from explorer.core.rules import parse_rule

    monkeypatch.setattr(parallel, "cores", lambda: 3)
    rule = parse_rule(key)
    n = parallel.WORTH_SPLITTING + 9
    rng = np.random.default_rng(3)
    xs, ys = rng.integers(0, 10**12, n), rng.integers(0, 10**12, n)
    counts, _ = rule.counter("closed-form").count_many(xs, ys)
    edges = [c + k for c, _ in parallel.spans(n)[1:] for k in (-1, 0, 1)]
    for i in {0, n - 1, *edges, *rng.integers(0, n, 300).tolist()}:
        assert counts[i] == rule.cold_count(int(xs[i]), int(ys[i])), i
    assert len(counts) == n


@settings(deadline=None)  # the first example compiles the sweep
@given(
    st.lists(st.integers(0, 5000), min_size=1, max_size=200),
    st.lists(st.tuples(st.integers(-3, 250), st.integers(-3, 60)), min_size=1, max_size=40),
)
def test_the_sequence_sweep_counts_rows_below_its_columns_largest(col, queries):
    """The sweep's tree spans only the rows asked about (a value batch's rows 0-20 over 2^24 columns
    of (1,2)-GDWN allocated ~400 MiB for every row the sequence reaches): counts by brute force."""
    from explorer.core.counting.sequence_index import dominance_over_sequence

    arr = np.array(col, dtype=np.int32)
    qx = np.array([min(x, len(col) - 1) for x, _ in queries], dtype=np.int64)
    qy = np.array([y for _, y in queries], dtype=np.int64)
    want = [
        sum(1 for i in range(x + 1) if col[i] <= y) if x >= 0 and y >= 0 else 0 for x, y in zip(qx, qy, strict=True)
    ]
    assert dominance_over_sequence(arr, qx, qy).tolist() == want
