"""The grid's value samples: exact where known (corner, Wythoff's certified rows), NaN elsewhere."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from explorer.core.game.value_sequences import ValueEngine
from explorer.core.render.levels import value_levels
from explorer.core.render.values import ValueGrid, count_below, value_grid
from explorer.core.rules import Wythoff
from explorer.core.value_source import GRUNDY, REMOTENESS, ValueCache
from explorer.core.values import HOT_COLD
from tests.oracles import maharaja_grundy


@settings(max_examples=300, deadline=None)
@given(
    start=st.integers(-(10**40), 10**40),
    step=st.integers(1, 10**35),
    n=st.integers(0, 300),
    limit=st.integers(-(10**40), 10**41),
)
def test_count_below_is_the_prefix_of_texels_below_the_limit(start, step, n, limit):
    k = count_below(start, step, n, limit)
    assert 0 <= k <= n
    assert all(start + j * step < limit for j in range(k))
    assert k == n or start + k * step >= limit


def _cache() -> ValueCache:
    cache = ValueCache(Wythoff())
    cache.grow(256)
    cache.solve_rows()
    return cache


CACHE = None


def cache() -> ValueCache:
    global CACHE
    if CACHE is None:
        CACHE = _cache()
    return CACHE


def _check(kind: str, tx0: int, ty0: int, nx: int, ny: int, step: int) -> int:
    c = cache()
    # the window lends the buffer of its last frame: what it held must not show through
    lent = np.full((ny, nx), 12345.0)
    # the frame's hot/cold raster: a texel whose corner cell is cold has G = 0 (the one place says so)
    cold = (
        c.rule.raster(tx0 * step, ty0 * step, (tx0 + nx) * step - 1, (ty0 + ny) * step - 1, step) if nx and ny else None
    )
    grid = value_grid(c, kind, tx0, ty0, nx, ny, step, out=lent, cold=cold)
    assert grid.values is lent
    fresh = value_grid(c, kind, tx0, ty0, nx, ny, step, cold=cold)
    # what the grid says of where its known texels lie is true, and levels worked out over
    # those regions only equal levels worked out over every texel
    inside = np.zeros((ny, nx), dtype=bool)
    for region in grid.regions():
        inside[region] = True
    assert not (grid.known & ~inside).any()
    assert np.isnan(grid.values[inside]).sum() + grid.known.sum() == inside.sum()  # NaN or known inside
    everywhere = ValueGrid(np.where(inside, grid.values, np.nan), grid.base, grid.shift)
    assert everywhere.regions() == [(slice(0, ny), slice(0, nx))]
    (levels, span), (levels_all, span_all) = value_levels(grid), value_levels(everywhere)
    assert np.array_equal(levels, levels_all) and span == span_all
    # outside its regions the lent buffer is left as it was (12345.0): only `known` says more
    assert np.array_equal(fresh.known, grid.known)
    assert np.array_equal(fresh.values[grid.known], grid.values[grid.known])
    assert (fresh.base, fresh.shift) == (grid.base, grid.shift)
    known = 0
    is_known = grid.known
    for j in range(ny):
        for i in range(nx):
            x, y = (tx0 + i) * step, (ty0 + j) * step
            want = c.value(kind, x, y) if x >= 0 and y >= 0 else None
            got = grid.values[j, i]
            if want is None:
                assert not is_known[j, i], (x, y)
            else:
                known += 1
                assert is_known[j, i] and not np.isnan(got), (x, y)
                if grid.shift == 0:
                    assert grid.base + round(got) == want, (x, y)
                else:  # colours only: within a unit of the scaled value
                    assert abs(got - (want - grid.base) / 2**grid.shift) <= 1, (x, y)
    return known


@pytest.mark.slow
def test_samples_near_the_origin_and_far_along_both_axes():
    assert _check(GRUNDY, 0, 0, 40, 30, 1) == 1200
    assert _check(REMOTENESS, 3, 5, 30, 20, 7) > 0
    far = 10**30
    assert _check(GRUNDY, 0, far - 10, 25, 20, 1) == 20 * min(25, cache().rows.certified_rows)
    assert _check(GRUNDY, far - 10, 0, 20, 25, 1) > 0
    assert _check(GRUNDY, 0, far // 3, 12, 30, 17) > 0  # strided texels along a far strip
    assert _check(REMOTENESS, 0, far, 10, 10, 1) == 0  # remoteness is known in the corner only
    assert _check(GRUNDY, -3, -2, 10, 10, 1) == 8 * 7
    assert _check(GRUNDY, 0, 0, 50, 40, 10**40) == 50 + 40 - 1  # zoomed far out: the texels on the axes


@pytest.mark.slow  # 4-5 s (the rows behind a texel that holds the origin): make test's
def test_samples_zoomed_out_past_the_float_range():
    """A view of 10^400 cells per texel still holds the origin: its samples must not overflow
    (the soak found "int too large to convert to float" here)."""
    assert _check(GRUNDY, 0, 0, 50, 40, 10**400) == 50 + 40 - 1
    assert _check(REMOTENESS, -5, -5, 30, 30, 10**1000) == 1
    assert _check(GRUNDY, -2, -3, 20, 20, 10**1000) == 20 - 3 + 20 - 2 - 1


@pytest.mark.slow  # a few seconds: `make test` runs it, the quick tier does not
def test_far_strips_keep_exact_colours():
    """Near (7, 10^30) the values in view differ by a few hundred: they are coloured exactly
    (shift 0), not in units of 2^50 as when the scale also made room for the origin."""
    far = 10**30
    for tx0, ty0 in ((0, far - 10), (far - 10, 0), (-3, far), (far, -4)):
        grid = value_grid(cache(), GRUNDY, tx0, ty0, 25, 20, 1)
        assert grid.shift == 0 and grid.known.any()
    assert _check(GRUNDY, -3, far, 25, 20, 1) > 0


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.floats(-1e15, 1e15, allow_nan=False)), min_size=1, max_size=60),
    st.integers(1, 12),
)
@example(cells=[0.0625, -999999999999999.9], width=1)  # a fifth of the spread rounded up in floats (issue 62)
def test_value_levels_scale_each_known_value_between_the_least_and_the_largest(cells, width):
    """Each known texel gets int((v - low) * (254 / (high - low)) + 1), worked out here one texel
    at a time in Python floats; unknown texels get 0 (grey). (low, high): the multiples of the
    round step (1, 2 or 5 times a power of ten, the largest at most a fifth of the spread, at
    least 1; found here by listing them) at or below the least and at or above the largest."""
    cells = (cells * width)[: max(width, len(cells) // width * width)]
    values = np.array([np.nan if c is None else c for c in cells], dtype=np.float64).reshape(-1, width)
    levels, span = value_levels(ValueGrid(values, 0, 0))
    junk = np.full(values.shape, 99, dtype=np.uint8)
    lent, lent_span = value_levels(ValueGrid(values, 0, 0), scratch=np.full(values.shape, -7.5), out=junk)
    assert lent is junk and np.array_equal(lent, levels) and lent_span == span
    known = [c for c in cells if c is not None]
    if not known:
        assert span is None and not levels.any()
        return
    lo, hi = span
    least, largest = min(known), max(known)
    steps = [m * 10**e for e in range(0, 17) for m in (1, 2, 5)]
    step = max(s for s in steps if s == 1 or s <= Fraction(largest) / 5 - Fraction(least) / 5)
    assert lo == step * math.floor(Fraction(least) / step) and lo <= least < lo + step
    top = step * math.ceil(Fraction(largest) / step)
    assert hi == max(top, lo + step) and largest <= hi and (hi - step < largest or hi == lo + step)
    for c, level in zip(cells, levels.ravel().tolist(), strict=True):
        expected = 0 if c is None else int((c - lo) * (254 / (hi - lo)) + 1)
        assert level == expected and (c is None or 1 <= level <= 255)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([GRUNDY, REMOTENESS]),
    st.integers(-6, 300),
    st.integers(-6, 300),
    st.integers(1, 30),
    st.integers(1, 30),
    st.sampled_from([1, 1, 2, 3, 7]),
)
def test_views_across_the_corners_edge_sample_each_texel_from_the_cache(kind, tx0, ty0, nx, ny, step):
    """Views that hold part of the computed corner (256 square here) and part of the certified
    strips beyond it: each texel is the cache's own value at its corner cell, or grey."""
    _check(kind, tx0, ty0, nx, ny, step)


@pytest.mark.slow  # 2.6 s
def test_lent_buffers_keep_one_block_while_the_view_wiggles_and_change_no_colour():
    """Panning changes the texel count by a row or a column now and then: the window's buffers
    must lend the same memory again (a new block faults its pages in: ~2 ms a frame at 10^6
    texels), and a frame drawn in lent memory must equal one drawn in fresh arrays, whatever the
    frame before left there."""
    from explorer.core.render.levels import FrameBuffers, levels_for

    buffers = FrameBuffers()
    first = buffers.get("grid", (40, 50))
    first.fill(-1.0)
    for shape in ((41, 50), (40, 51), (39, 49), (41, 51)):
        again = buffers.get("grid", shape)
        assert again.shape == shape and again.dtype == np.float64 and again.flags.c_contiguous
        assert np.shares_memory(again, first)
    small = buffers.get("levels", (41, 51), np.uint8)
    assert small.dtype == np.uint8 and not np.shares_memory(small, first)
    assert not np.shares_memory(buffers.get("grid", (400, 500)), first)  # outgrown: a new block
    assert buffers.nbytes() >= 400 * 500 * 8 + 41 * 51

    rule, c = Wythoff(), cache()
    for kind in (HOT_COLD, GRUNDY, REMOTENESS):
        for view in ((0, 0, 60, 40, 1), (-3, 2, 58, 43, 1), (0, 0, 600, 400, 7), (5, 9, 61, 40, 1)):
            raster = rule.raster(*view)
            lent = levels_for(rule, raster, kind, c, buffers)
            fresh = levels_for(rule, raster, kind, c)
            assert np.array_equal(lent.levels, fresh.levels) and lent.value_range == fresh.value_range
            if kind == HOT_COLD:
                assert np.shares_memory(lent.levels, buffers.get("levels", (1,), np.uint8))
                lent.levels.fill(77)
                continue
            known = fresh.grid.known
            assert np.array_equal(lent.grid.known, known)
            assert np.array_equal(lent.grid.values[known], fresh.grid.values[known])
            lent.levels.fill(77)  # what this frame leaves behind
            lent.grid.values.fill(3.0)


def test_the_base_subtracted_for_colours_stays_put_while_the_view_pans():
    """The colour bar's title reads "G − base": near the origin the base is 0 (every value is a
    float exactly), far out a round number that panning leaves alone; the samples stay exact."""
    c = cache()
    for kind in (GRUNDY, REMOTENESS):
        assert {value_grid(c, kind, k, j, 40, 30, 1).base for k in range(0, 60, 7) for j in (0, 5)} == {0}
    far = 10**30
    bases = {value_grid(c, GRUNDY, 3, far + k, 25, 20, 1).base for k in range(0, 400, 37)}
    assert len(bases) == 1 and 0 < bases.pop() <= far
    for k in range(0, 400, 97):
        assert _check(GRUNDY, 3, far + k, 25, 20, 1) > 0


@settings(max_examples=300, deadline=None)
@given(
    st.integers(-(10**6), 10**6),
    st.integers(0, 10**6),
    st.one_of(st.none(), st.tuples(st.integers(-(10**6), 10**6), st.integers(1, 3 * 10**6))),
)
def test_the_colour_range_keeps_the_frame_befores_while_it_holds_the_values_and_is_not_too_wide(lo, spread, before):
    """With the range of the frame before: kept exactly when it holds the fresh range and is at
    most twice as wide; else the fresh one. Either way every value in view lies in the range."""
    from explorer.core.render.levels import colour_range

    hi = lo + spread
    fresh = colour_range(lo, hi)
    previous = None if before is None else (float(before[0]), float(before[0] + before[1]))
    got = colour_range(lo, hi, previous)
    assert got[0] <= lo and hi <= got[1] and got[0] < got[1]
    keeps = previous is not None and previous[0] <= fresh[0] and fresh[1] <= previous[1]
    keeps = keeps and previous[1] - previous[0] <= 2 * (fresh[1] - fresh[0])
    assert got == (previous if keeps else fresh)


@pytest.mark.slow
@settings(max_examples=4, deadline=None)
@given(
    tx0=st.integers(0, 40),
    ty0=st.integers(0, 40),
    step=st.integers(5, 37),  # a step of 2 checks 41 000 texels one by one (3 s); the examples cover 9
    corner=st.sampled_from([0, 256, 700]),
    columns=st.sampled_from([4096, 1024]),
)
@example(tx0=0, ty0=0, step=9, corner=256, columns=1024)
@example(tx0=30, ty0=30, step=31, corner=0, columns=1024)  # no corner value known in view: the shares colour
@example(tx0=2, ty0=36, step=37, corner=0, columns=1024)  # the largest step, its start wrapped into the solved columns
def test_zoomed_out_past_the_corner_each_value_has_its_exact_share(tx0, ty0, step, corner, columns):
    """Issue 37: zoomed out past the corner, a texel's colour mixes its cells' colours. The counts
    of each value in each counted texel are checked against Maharaja's table computed on its own
    (G by its moves, no sequences), and the colour against the mix of those counts. Issue 47: with
    fewer columns solved than the view holds, every texel whose columns are solved is counted at
    any height, and every texel whose rows are (by symmetry), not only those inside the square."""
    from explorer.core.counting.raster import rasterize
    from explorer.core.render.levels import levels_for
    from explorer.core.render.palette import value_lookup_table
    from explorer.core.rules.registry import parse_rule

    rule = parse_rule("maharaja")
    g = maharaja_grundy()
    cache = ValueCache(rule)
    cache.far = ValueEngine(*rule.value_moves).grow(16, columns)
    if corner:
        cache.grow(corner)  # texels that reach into the corner table keep their sampled colour
    limit = max(1, columns // step - 12)  # the view starts where 12 texel columns (and rows) are solved:
    tx0, ty0 = tx0 % limit, ty0 % limit  # step=37, tx0=27 from 1024 columns held none, and nothing to check
    nx, ny = 2400 // step - tx0, 2400 // step - ty0
    x0, y0 = tx0 * step, ty0 * step
    raster = rasterize(x0, y0, x0 + nx * step, y0 + ny * step, step)
    assert (raster.nx, raster.ny) == (nx, ny)
    drawn = levels_for(rule, raster, GRUNDY, cache)
    region = drawn.grid.shares
    assert region is not None and drawn.mixed is not None
    lut = value_lookup_table(GRUNDY)
    counts = np.stack([region.counts(h) for h in range(16)])
    checked = 0
    for j in range(0, ny, 7):
        for i in range(0, nx, 5):
            xa, ya = x0 + i * step, y0 + j * step
            reaches = xa < cache.side and ya < cache.side and cache.table is not None
            solved = xa + step <= columns or ya + step <= columns
            assert region.counted[j, i] == (solved and not reaches), (i, j)
            if not region.counted[j, i]:
                continue
            block = g[xa : xa + step, ya : ya + step]
            want = np.bincount(np.minimum(block.ravel(), 16), minlength=17)[:16].tolist()  # values 0-15
            assert counts[:, j, i].tolist() == want == region.texel_counts(i, j)
            checked += 1
    assert checked >= 10
    # the colour: each value's colour (on the bar's scale) by its share, grey for G > 15
    lo, hi = drawn.value_range
    colours = [lut[int(min(255, max(1, (h - lo) * 254 / (hi - lo) + 1)))].astype(float) for h in range(16)]
    j, i = np.argwhere(region.counted & (counts.sum(axis=0) > 0))[0]
    mix = sum(counts[h, j, i] * colours[h] for h in range(16)) + (step * step - counts[:, j, i].sum()) * lut[0]
    assert np.abs(drawn.mixed[j, i, :3].astype(float) - mix / step**2).max() <= 0.5 + 1e-9
    assert (drawn.mixed[~region.counted][:, :3] == lut[drawn.levels[~region.counted]]).all()
    assert (drawn.mixed[:, :, 3] == 255).all()
    empty = region.counted & (counts.sum(axis=0) == 0)  # counted, no cell of a value solved: grey
    assert (drawn.mixed[empty][:, :3] == lut[0]).all()


def test_far_beyond_the_solved_columns_no_texel_is_shared_at_any_size():
    """A view at 10^242 (one cell a texel, or zoomed out) holds no solved column or row: no share
    region, and no int64 arithmetic on its origin (an OverflowError raised there inside a wheel
    event crashed the window in shiboken: a long soak, seed 20261128)."""
    from explorer.core.render.values import share_region

    far = ValueEngine([(1, 0), (0, 1), (1, 1)], []).grow(4, 1024)
    for x0, y0, step in [(10**242, 10**242 + 5, 2), (10**242, 3, 7), (5, 10**242, 3), (10**30, 10**30, 1000)]:
        assert share_region(far, 0, x0, y0, 110, 148, step) is None


def test_zero_on_the_scale_of_values_far_beyond_a_float_is_left_unknown():
    """A view whose values are about 10^1000 (Wythoff's rows far out) put its cold corners at
    (0 - base) / 2^shift: an OverflowError from the drawing (the long soak, seed 20261143)."""
    from explorer.core.render.values import in_units

    assert in_units(0, 0, 0) == 0.0 and in_units(0, 24, 3) == -3.0 and in_units(5, 1, 2) == 1.0
    assert in_units(0, 10**1000, 0) is None and in_units(0, 10**1000, 3000) == -(10**1000) / 2**3000
