"""The Fenwick query index against brute force, the closed form, and at its boundaries."""

from __future__ import annotations

import numpy as np

from explorer.core import cold_cells_in, cold_cells_in_rect
from explorer.core.counting.cold_index import CLOSED_FORM, FENWICK, ColdIndex
from explorer.core.counting.dominance import dominance_counts
from explorer.core.rules import Wythoff
from tests.oracles import cold_table


def test_index_against_definition():
    n = 200
    cold = np.array(cold_table(n), dtype=np.int64)
    pref = cold.cumsum(0).cumsum(1)
    ix = ColdIndex(Wythoff(), start_cells=16)
    for x in range(0, n, 3):
        for y in range(0, n, 7):
            c = ix.count_rect(0, 0, x, y)
            assert (c.count, c.method, c.cells) == (pref[x, y], FENWICK, (x + 1) * (y + 1))


def test_index_agrees_with_dominance_over_the_cold_points():
    # The general offline counter, fed the cold cells themselves, must agree with the index.
    n = 5000
    cold_x = np.arange(n)
    from explorer.core.game.bulk import partners

    cold_y = partners(n - 1)
    rng = np.random.default_rng(1)
    qx, qy = rng.integers(0, n, 2000), rng.integers(0, n, 2000)
    ix = ColdIndex(Wythoff())
    counts, method = ix.count_many(qx, qy)
    assert method == FENWICK
    assert np.array_equal(counts, dominance_counts(cold_x, cold_y, qx, qy))


def test_growth_by_doubling_and_the_bound():
    ix = ColdIndex(Wythoff(), max_cells=1 << 14, start_cells=1 << 8)
    assert ix.size == 1 << 8
    assert ix.count_rect(0, 0, 1000, 10).method == FENWICK and ix.size >= 1001
    edge = (1 << 14) - 1
    inside = ix.count_rect(0, 0, edge, edge)
    beyond = ix.count_rect(0, 0, edge + 1, edge)
    assert inside.method == FENWICK and beyond.method == CLOSED_FORM
    assert inside.count == cold_cells_in(edge, edge) and beyond.count == cold_cells_in(edge + 1, edge)
    assert ix.count_rect(0, 0, 10**100, 10**99).count == cold_cells_in(10**100, 10**99)


def test_rectangles_empty_degenerate_and_mixed():
    ix = ColdIndex(Wythoff(), max_cells=1 << 12)
    assert ix.count_rect(5, 5, 4, 9).count == 0
    assert ix.count_rect(3, 5, 3, 5).count == 1 and ix.count_rect(3, 5, 3, 5).cells == 1
    assert ix.count_rect(3, 6, 3, 6).count == 0
    assert ix.count_rect(-10, -10, 0, 0).count == 1
    r = ix.count_rect(100, 4000, 5000, 9000)  # crosses the bound: closed form
    assert r.method == CLOSED_FORM and r.count == cold_cells_in_rect(100, 4000, 5000, 9000)
    rng = np.random.default_rng(4)
    x0, y0 = rng.integers(0, 3000, 500), rng.integers(0, 3000, 500)
    x1, y1 = x0 + rng.integers(-5, 900, 500), y0 + rng.integers(-5, 900, 500)
    counts, method = ix.count_rect_many(x0, y0, x1, y1)
    assert method == FENWICK
    want = [cold_cells_in_rect(*map(int, q)) for q in zip(x0, y0, x1, y1, strict=True)]
    assert list(map(int, counts)) == want


def test_batch_beyond_the_bound_hands_over():
    ix = ColdIndex(Wythoff(), max_cells=1 << 12)
    counts, method = ix.count_many(np.array([10, 10**6]), np.array([10, 10**6]))
    assert method == CLOSED_FORM and list(counts) == [cold_cells_in(10, 10), cold_cells_in(10**6, 10**6)]


def test_index_grown_in_blocks_agrees_with_the_closed_form_across_block_edges():
    """The prefix sums are built in blocks of 2^18 (so the GIL is never held for long): the
    counts just below, at and above each block edge equal the closed form's."""
    from explorer.core.rules import parse_rule

    for text in ("wythoff", "wythoff:3", "misere"):
        rule = parse_rule(text)
        index = rule.counter("fenwick")
        assert index.ensure(3 * (1 << 18) + 5)
        for edge in (1 << 18, 2 << 18, 3 << 18):
            for x in (edge - 2, edge - 1, edge, edge + 1):
                for y in (7, edge // 2, edge + 3):
                    assert index.cold_count(x, y) == rule.cold_count(x, y)


def test_a_rectangle_reaching_past_the_bound_is_costly_when_a_near_corner_would_grow_the_index():
    # soak finding: [14124165, 17788283] x [31, 34] under wythoff:3 with the bound at 2^24 was
    # answered on the GUI thread (0.35 s): the far corner lies beyond the bound, but the corner
    # x0 - 1 grows the index to 14 million numbers
    from explorer.core.counting.cold_index import SYNC_GROWTH

    index = ColdIndex(Wythoff(), max_cells=1 << 22)
    near, far = (1 << 22) - 5, (1 << 22) + 1000
    assert index.costly(far)
    before = index.size
    index.count_rect(near, 0, far, 3)
    assert index.size > max(before, SYNC_GROWTH)  # it did grow: the work was real
    index.ensure((1 << 22) - 1)
    assert not index.costly(far)  # grown to the bound: nothing more to build
