"""Per-pixel cold counts against brute force and the closed form, at any position and zoom."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core import cold_cells_in_rect, lower
from explorer.core.counting.raster import rasterize, step_for
from explorer.core.game.progression import lower_counts_along
from explorer.core.game.sequence import count_lower_upto
from tests.oracles import cold_table


def test_progression_is_exact_at_any_size():
    rng = random.Random(4)
    for _ in range(1500):
        m0 = rng.choice([-1, 0, 5, rng.randrange(10**6), rng.randrange(10**18), rng.randrange(10**100)])
        step = rng.choice([1, 2, 3, rng.randrange(1, 1000), rng.randrange(1, 10**12), 10**30])
        n = rng.randrange(1, 200)
        base, off = lower_counts_along(m0, step, n)
        assert [base + int(o) for o in off] == [count_lower_upto(m0 + i * step) for i in range(n)]


@pytest.mark.parametrize("step", [1, 2, 3, 5, 8])
def test_raster_against_definition(step):
    n = 160
    cold = np.array(cold_table(n), dtype=np.int64)  # cold[x][y]
    r = rasterize(0, 0, n, n, step)
    dense = r.dense_counts()  # [row j (y), column i (x)]
    for j in range(r.ny):
        for i in range(r.nx):
            x0, y0 = i * step, j * step
            assert dense[j, i] == cold[x0 : x0 + step, y0 : y0 + step].sum()


def test_raster_far_away_and_zoomed_out_against_closed_form():
    rng = random.Random(9)
    for _ in range(120):
        step = rng.choice([1, 2, 7, 1000, 10**6, 2**50, 10**20, 10**90])
        c = rng.choice([0, rng.randrange(10**4), rng.randrange(10**18), rng.randrange(10**100)])
        x_lo = c + rng.randrange(-30, 30) * step
        # aim at one of the two cold lines, or anywhere
        y_lo = rng.choice([lower(max(c, 0)), c - lower(c) if c else 0, c]) + rng.randrange(-30, 30) * step
        r = rasterize(x_lo, y_lo, x_lo + rng.randrange(1, 25) * step, y_lo + rng.randrange(1, 25) * step, step)
        dense = r.dense_counts()
        for j in range(r.ny):
            for i in range(r.nx):
                x0, y0 = (r.tx0 + i) * step, (r.ty0 + j) * step
                assert int(dense[j, i]) == cold_cells_in_rect(x0, y0, x0 + step - 1, y0 + step - 1)


def test_levels_show_every_cold_cell():
    r = rasterize(0, 0, 10**6, 10**6, 10**4)
    levels = r.levels()
    dense = r.dense_counts()
    assert ((levels > 0) == (dense > 0)).all()
    assert levels.max() == 255 or dense.max() < 10**4


def test_negative_cells_are_left_out_and_steps_are_sane():
    r = rasterize(-50, -50, 10, 10, 1)
    assert (r.tx0, r.ty0, r.nx, r.ny) == (0, 0, 10, 10)
    assert step_for(0.01) == 1 and step_for(1.0) == 1 and step_for(1.2) == 2 and step_for(1e100) >= 10**100 - 10**85
    with pytest.raises(ValueError):
        rasterize(0, 0, 10**9, 10**9, 1)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 40), max_size=12),
    st.lists(st.integers(0, 40), max_size=12),
    st.sampled_from([1, 10**30]),
)
def test_the_cuts_are_the_sorted_union_of_both_boundary_lists(p, q, scale):
    """Texel and run boundaries merged (int64, and exact Python ints far out), as a set would."""
    from explorer.core.counting.raster import _sorted_union

    dtype = np.int64 if scale == 1 else object
    p, q = sorted(v * scale for v in p), sorted(v * scale for v in q)
    got = _sorted_union(np.array(p, dtype=dtype), np.array(q, dtype=dtype))
    assert got.tolist() == sorted(set(p) | set(q))


_STRIP: dict[str, object] = {}


def _value_cells() -> tuple[np.ndarray, int, set[tuple[int, int]]]:
    """Value 2's cells under Wythoff's moves on 300 columns, and by brute force of the same table:
    every cell whose smaller pile is below 300 (the solved columns and their mirrors)."""
    if not _STRIP:
        from explorer.core.game.value_sequences import ValueEngine

        n = 300
        col = ValueEngine([(1, 0), (0, 1), (1, 1)], []).grow(3, n).cols[2]
        cells = {(x, int(col[x])) for x in range(n)} | {(int(col[y]), y) for y in range(n)}
        _STRIP.update(col=col, n=n, cells=cells)
    return _STRIP["col"], _STRIP["n"], _STRIP["cells"]  # type: ignore[return-value]


@settings(max_examples=60, deadline=None)
@given(
    x_lo=st.integers(0, 900),
    y_lo=st.integers(0, 900),
    w=st.integers(1, 900),
    h=st.integers(1, 900),
    step=st.one_of(st.integers(1, 60), st.just(10**30), st.just(10**997)),
)
def test_a_value_strip_counts_every_cell_whose_smaller_pile_is_solved(x_lo, y_lo, w, h, step):
    """rasterize_strip (the game plus a heap on the grid): each texel's count is the cells of the
    value in it, whatever its height, wherever the smaller pile lies in the columns solved (issue 47:
    only the square [0, n)² was counted), at any step (10^997 overflowed int64: a long soak)."""
    from explorer.core.counting.raster import rasterize_strip

    col, n, cells = _value_cells()
    r = rasterize_strip(col, n, x_lo, y_lo, x_lo + w, y_lo + h, step)
    got: dict[tuple[int, int], int] = {}
    for i, j, c in zip(r.cols.tolist(), r.rows.tolist(), r.counts.tolist(), strict=True):
        got[(i, j)] = int(c)
    want: dict[tuple[int, int], int] = {}
    for x, y in cells:
        i, j = x // step - r.tx0, y // step - r.ty0
        if 0 <= i < r.nx and 0 <= j < r.ny:
            want[(i, j)] = want.get((i, j), 0) + 1
    assert got == want


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(1, 24),
    x_lo=st.integers(-40, 60),
    y_lo=st.integers(-40, 60),
    width=st.integers(1, 90),
    step=st.one_of(st.integers(1, 12), st.integers(13, 10**40)),
)
def test_a_tables_raster_counts_each_texel_as_its_cells_say(seed, n, x_lo, y_lo, width, step):
    """rasterize_table (custom rules) reads only the texels that meet the table; every texel's count
    against the cells themselves, with steps up to 10^40 cells (one texel holds the whole table)."""
    from explorer.core.counting.raster import rasterize_table

    rng = np.random.default_rng(seed)
    cold = rng.random((n, n)) < 0.3
    prefix = np.zeros((n + 1, n + 1), dtype=np.int64)
    prefix[1:, 1:] = cold.cumsum(0).cumsum(1)
    r = rasterize_table(prefix, x_lo, y_lo, x_lo + width, y_lo + width, step)
    dense = r.dense_counts()
    for j in range(r.ny):
        for i in range(r.nx):
            x0, y0 = (r.tx0 + i) * step, (r.ty0 + j) * step
            xs = range(max(x0, 0), min(x0 + step, n))
            want = sum(int(cold[x, y]) for x in xs for y in range(max(y0, 0), min(y0 + step, n)))
            assert int(dense[j, i]) == want, (i, j)
