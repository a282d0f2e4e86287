"""Grundy values far out as sequences, and sums of games (issue 37), against independent oracles:
the corner tables on [0, 2000)², G by its definition for seeded random move-vector rules, Wythoff's
closed form for value 0 far out, and sums decided by playing them out by the game's definition."""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from explorer.core import budget
from explorer.core import value_options as vo
from explorer.core.analysis import far_values as fv
from explorer.core.game.value_sequences import ValueEngine, release_all, value_engine_for
from explorer.core.game.vector_sequence import SequenceTooLarge
from explorer.core.protocol import NotAvailable, OutOfBounds, ValueSequences
from explorer.core.rules.registry import parse_rule
from explorer.core.value_source import COMMAND, WINDOW, ValueCache
from tests.core.test_rule_conformance import CASES
from tests.oracles import Vectors, maharaja_grundy, values_by_definition

# Every rule of the conformance suite whose values are sequences, and a few more presets.
SEQUENCE_RULES = sorted(
    {k for k in CASES if isinstance(parse_rule(k), ValueSequences)}
    | {"maharaja", "gdwn:1,2", "gdwn:1,3", "maharaja:2,3", "vectors:rays=1,0 3,1;jumps=1,2"}
)


@pytest.mark.slow
@pytest.mark.parametrize("key", SEQUENCE_RULES)
def test_every_value_sequence_is_the_corner_tables_cells(key):
    """Values 0-15 on the first 2000 columns: each sequence cell inside the square has its value
    in the corner table, and every cell of the square with a value below 16 is its value's cell."""
    rule = parse_rule(key)
    assert isinstance(rule, ValueSequences)
    n, values = (2000, 16) if ";" not in key or "=" not in key else (800, 16)  # the seeded random rules: 800²
    solved = ValueEngine(*rule.value_moves).grow(values, n)
    g = np.asarray(rule.value_table(n, n).grundy, dtype=np.int64)
    xs, ys = np.nonzero(g < values)
    assert np.array_equal(solved.cols[g[xs, ys], xs], ys)
    for h in range(values):
        col = solved.cols[h][:n].astype(np.int64)
        inside = col < n
        assert np.all(g[np.arange(n)[inside], col[inside]] == h)
        assert np.all(col >= 0)


@pytest.mark.parametrize("seed", range(6))
def test_random_vector_rules_against_g_by_its_definition(seed):
    rng = random.Random(seed)
    rays = [(1, 0)] + [(rng.randint(1, 3), rng.randint(1, 3)) for _ in range(rng.randint(0, 2))]
    jumps = [(rng.randint(1, 4), rng.randint(0, 4)) for _ in range(rng.randint(0, 2))]
    game = Vectors(rays, jumps)
    n = 70
    g, _, _ = values_by_definition(n, n, game, None, 0)
    solved = ValueEngine(game.rays, game.jumps).grow(8, n)
    for x in range(n):
        for y in range(n):
            want = g[x][y] if g[x][y] < 8 else None
            assert solved.value(x, y) == want, (rays, jumps, x, y)


def test_value_zero_far_out_is_wythoffs_closed_form():
    rule = parse_rule("wythoff")
    solved = ValueEngine(*rule.value_moves).grow(4, 1 << 17)
    xs = np.arange(0, 1 << 17, 997)
    for x in xs:
        assert int(solved.cols[0][x]) == rule.partner(int(x))


def test_growth_in_values_and_columns_resumes_to_the_same_table():
    rule = parse_rule("maharaja")
    fresh = ValueEngine(*rule.value_moves).grow(12, 6000)
    engine = ValueEngine(*rule.value_moves)
    engine.grow(3, 1000)
    engine.grow(7, 3000)
    grown = engine.grow(12, 6000)
    assert np.array_equal(grown.cols[:, :6000], fresh.cols[:, :6000])


def test_a_cancelled_growth_keeps_what_was_solved():
    engine = ValueEngine([(1, 0), (0, 1), (1, 1)], [])
    before = engine.grow(2, 1 << 16)
    with pytest.raises(InterruptedError):
        engine.grow(4, 1 << 18, progress=lambda done, total: False)
    assert engine.solved is before


def test_the_budget_is_named_before_the_work():
    engine = ValueEngine([(1, 0), (0, 1), (1, 1)], [])
    with pytest.raises(SequenceTooLarge, match="MiB"):
        engine.grow(32, 1 << 22, budget_bytes=64 * budget.MiB)
    assert engine.solved.n == 0


def test_misere_and_rules_without_nim_rays_refuse_in_one_sentence():
    with pytest.raises(NotAvailable, match="misère"):
        vo.engine_of(parse_rule("misere"))
    with pytest.raises(NotAvailable, match="Nim's rays"):
        vo.engine_of(parse_rule("wythoff:2"))


def test_equal_moves_share_one_engine():
    a, b = parse_rule("wythoff"), parse_rule("vectors:rays=1,0 1,1")
    assert a.value_engine is b.value_engine is value_engine_for(*a.value_moves)


def test_counts_and_pairs_of_one_value_against_the_corner_table():
    rule = parse_rule("gdwn:1,2")
    n = 600
    g = np.asarray(rule.value_table(n, n).grundy, dtype=np.int64)
    solved = ValueEngine(*rule.value_moves).grow(6, n)
    rng = random.Random(3)
    bounds = [(rng.randrange(n), rng.randrange(n)) for _ in range(40)]
    xs, ys = (np.array(v, dtype=np.int64) for v in zip(*bounds, strict=True))
    for h in range(6):
        want = [int(np.count_nonzero(g[: x + 1, : y + 1] == h)) for x, y in bounds]
        assert [fv.count_value(solved, h, x, y) for x, y in bounds] == want
        assert fv.count_value_many(solved, h, xs, ys).tolist() == want
        upper = fv.value_pairs(solved, h)
        cells = {(int(x), int(solved.cols[h][x])) for x in upper}
        assert upper.tolist() == sorted(upper.tolist()) and all(y >= x for x, y in cells)
        want = {(int(x), int(y)) for x, y in zip(*np.nonzero(g == h), strict=True) if x <= y}
        assert want <= cells and all(g[x, y] == h for x, y in cells if y < n)


# ----- sums, played out by the game's definition ------------------------------------------------------
def _sum_oracle(game: Vectors):
    @functools.cache
    def cold(position: tuple[int, ...]) -> bool:
        return not any(cold(m) for m in moves(position))

    def moves(position: tuple[int, ...]) -> list[tuple[int, ...]]:
        (a, b), heaps = position[:2], position[2:]
        out = [(x, y, *heaps) for x, y in game.moves(a, b)]
        for i, h in enumerate(heaps):
            out += [(a, b, *heaps[:i], k, *heaps[i + 1 :]) for k in range(h)]
        return out

    return cold, moves


@pytest.mark.parametrize(
    ("key", "rays", "jumps"), [("wythoff", [(1, 0), (1, 1)], []), ("maharaja", [(1, 0), (1, 1)], [(1, 2)])]
)
@settings(max_examples=60, deadline=None)
@given(a=st.integers(0, 9), b=st.integers(0, 9), heaps=st.lists(st.integers(0, 7), max_size=2))
@example(a=3, b=5, heaps=[])  # cold: no winning move
@example(a=0, b=0, heaps=[5])
def test_sums_against_playing_them_out(key, rays, jumps, a, b, heaps):
    rule = parse_rule(key)
    cold, moves = _sum_oracle(Vectors(rays, jumps))
    position = (a, b, *heaps)
    answer = fv.sum_answer(ValueCache(rule, limits=COMMAND), fv.SumPosition.parse(position))
    assert answer.status == ("P" if cold(position) else "N")
    assert sorted(m.after for m in answer.winning_moves) == sorted(m for m in moves(position) if cold(m))


def test_two_two_pile_parts_and_far_out_moves_land_on_the_value_needed():
    rule = parse_rule("wythoff")
    pos = fv.SumPosition.parse([100000, 161803, 5, 9, 4], second=True)
    answer = fv.sum_answer(ValueCache(rule, limits=COMMAND), pos)
    solved = vo.sequences_for(ValueCache(rule, limits=COMMAND), 32, 100000)
    parts = (solved.value(100000, 161803), solved.value(5, 9), 4)
    assert answer.parts == parts
    assert answer.grundy == parts[0] ^ parts[1] ^ parts[2]
    for move in answer.winning_moves:
        after = move.after
        g = solved.value(after[0], after[1]) ^ solved.value(after[2], after[3]) ^ after[4]
        assert g == 0
    assert answer.winning_moves  # the sum is hot: it has a winning move


def test_a_part_beyond_the_columns_is_refused_with_the_bound():
    rule = parse_rule("wythoff")
    with pytest.raises(OutOfBounds, match="columns"):
        vo.sequences_for(ValueCache(rule, limits=COMMAND), 4, budget.FAR_COLUMNS_CLI + 5)


def test_the_notebook_asks_far_values_and_sums():
    import explorer as wx

    w = wx.Wythoff()
    rng = random.Random(11)
    for _ in range(20):
        k = rng.randrange(60000, 90000)
        x, y = w.cold_pair(k)
        dx, dy = rng.randrange(-3, 4), rng.randrange(-3, 4)
        g = w.grundy(x + dx, y + dy)  # past the corner table: from the value sequences
        assert (g == 0) == w.is_cold(x + dx, y + dy)
    s = wx.sum(5, 9, 3, 6)
    brute = _sum_oracle(Vectors([(1, 0), (1, 1)]))
    assert s.status == ("P" if brute[0]((5, 9, 3, 6)) else "N")
    assert sorted(m.after for m in s.winning_moves) == sorted(m for m in brute[1]((5, 9, 3, 6)) if brute[0](m))
    with pytest.raises(NotAvailable, match="misère"):
        wx.sum(1, 2, rule="misere")
    with pytest.raises(ValueError, match="pile"):
        wx.sum(1, 2.5)


@pytest.mark.slow
def test_the_grid_reads_the_value_sequences_at_any_zoom():
    """Texels from the value sequences agree with the corner table zoomed in and out, and a texel
    10^865 cells wide (long soak, seed 20261320) is no overflow."""
    from explorer.core.render.values import value_grid
    from explorer.core.value_source import ValueCache

    rule = parse_rule("maharaja")
    cache = ValueCache(rule)
    cache.grow(256)
    cache.solve_far(1 << 14)
    g = maharaja_grundy()  # 2600² (shared with the share tests: made once a process)
    side = len(g)
    for x0, y0, step in ((2400, 2450, 1), (2400, 1500, 1), (100, 2400, 7), (0, 0, 3), (2490, 2500, 2)):
        nx, ny = 50, 40
        grid = value_grid(cache, "grundy", x0 // step, y0 // step, nx, ny, step)
        bx, by = (x0 // step) * step, (y0 // step) * step
        for j in range(ny):
            for i in range(nx):
                x, y = bx + i * step, by + j * step
                if x >= side or y >= side:
                    continue
                v = grid.values[j, i]
                got = None if np.isnan(v) else round(v * 2**grid.shift + grid.base)
                want = int(g[x, y])
                assert got == (want if want < 16 or max(x, y) < 256 else None), (x, y)
    huge = 10**865
    grid = value_grid(cache, "grundy", 0, 0, 20, 10, huge)
    assert grid.values.shape == (10, 20)


def test_options_beside_a_huge_pile_are_found_without_overflow():
    """(5, 10^30) under Wythoff (long soak, seed 20261321: the inspector's moves to each value
    overflowed int64 along the diagonal): no cell of a solved column lies that high, so the
    diagonal behind it holds none of them; the row and the column still answer."""
    rule = parse_rule("wythoff")
    solved = ValueEngine(*rule.value_moves).grow(16, 1 << 12)
    huge = 10**30
    for t in range(16):
        found = vo.options_of_value(rule, solved, (5, huge), t)
        assert all(x == 5 and y < huge for x, y in found)  # only in its own column, far below
        assert len(found) == (1 if int(solved.cols[t][5]) < huge else 0)
    # near the top of the rows kept, the diagonal is read only where a cell can lie
    top = solved.cols.shape[1]
    for x, y in ((100, top + 3), (7, top - 2), (3000, top + 50)):
        for t in range(0, 16, 5):
            brute = [(x - k, y - k) for k in range(1, min(x, y) + 1) if solved.value(x - k, y - k) == t]
            got = [c for c in vo.options_of_value(rule, solved, (x, y), t) if c[0] != x and c[1] != y]
            assert got == brute[:1]


def test_only_the_engine_asked_for_last_keeps_its_table_and_all_are_counted():
    """The memory pool counts every engine's table (held_bytes); asking for another rule's engine
    makes the older ones give theirs back, and release_all empties them all."""
    from explorer.core.game import value_sequences as vs

    vs.release_all()
    first = vs.value_engine_for([(1, 0), (0, 1), (1, 1)], [])
    first.grow(4, 5000)
    assert vs.held_bytes() == first.nbytes > 4 * 4 * 5000
    second = vs.value_engine_for([(1, 0), (0, 1), (1, 1)], [(1, 2), (2, 1)])
    second.grow(4, 3000)
    assert first.nbytes == 0 and vs.held_bytes() == second.nbytes > 0
    again = vs.value_engine_for([(0, 1), (1, 0), (1, 1)], [])  # the same moves, in another order
    assert again is first and second.nbytes == 0
    from tests.oracles import grundy_table

    g = grundy_table(12)
    solved = again.grow(4, 5000)  # solved again when asked
    assert all(solved.value(x, y) == (g[x][y] if g[x][y] < 4 else None) for x in range(12) for y in range(12))
    vs.release_all()
    assert vs.held_bytes() == 0


@pytest.mark.slow
def test_a_sum_in_the_window_keeps_within_its_limits_and_a_command_answers():
    """A part whose value (20) is past the window's 16 values far out, and far past any corner: the
    window refuses it in a sentence (its sequences stop at 16 values, within its memory pool), and
    a command, which runs alone and solves 32, answers."""
    rule = parse_rule("wythoff")
    x = 400_000
    table = vo.private_values(rule, 32, x + 100, budget.SUM_VALUES_BYTES, work=COMMAND.sum_work)
    col = table.cols[20]  # value 20's cells
    x = next(c for c in range(x, x + 100) if col[c] >= c)  # min(x, y) = x: the table reaches column x
    y = int(col[x])
    position = fv.SumPosition(((x, y),), ())
    release_all()  # the shared table keeps values 0-15 only, as the window's does
    with pytest.raises(OutOfBounds, match="above 15"):
        fv.sum_answer(ValueCache(rule, limits=WINDOW), position)
    assert fv.sum_answer(ValueCache(rule, limits=COMMAND), position).grundy == 20


def test_values_grown_one_at_a_time_equal_values_grown_at_once_and_readers_keep_theirs():
    """The one place asks the values one at a time (a cell of value h needs values 0 … h): the
    table gains a row in place, so what an earlier reader holds must not change, and the whole
    must equal the values solved at once (and the definition, through the corner table)."""
    rule = parse_rule("maharaja")
    one = ValueEngine(*rule.value_moves)
    held = []
    for v in range(1, 9):
        held.append((v, one.grow(v, 3000).cols.copy(), one.solved))
    at_once = ValueEngine(*rule.value_moves).grow(8, 3000)
    assert np.array_equal(one.solved.cols[:, :3000], at_once.cols[:, :3000])
    for v, copy, solved in held:  # each reader's table is as it was when it was handed out
        assert solved.values == v and np.array_equal(solved.cols, copy)
    g = np.asarray(rule.value_table(400, 400).grundy)
    for h in range(8):
        xs = np.arange(400)
        ys = one.solved.cols[h][:400]
        inside = ys < 400
        assert (g[xs[inside], ys[inside]] == h).all()


def test_a_caches_working_copy_grows_the_values_in_an_engine_of_its_own_taken_when_adopted():
    """Issue 48: caches change on the GUI thread only. A worker solves the values far out into a
    working copy of the window's cache, over a copy of the rule's value engine (which every rule
    of those moves shares); the engine takes the copy's table when the cache adopts the copy."""
    from tests.oracles import grundy_table

    release_all()
    rule = parse_rule("wythoff")
    cache = ValueCache(rule, limits=WINDOW)
    cache.solve_far(1 << 10, values=4)
    engine = rule.value_engine
    before = engine.solved
    first, second = cache.working_copy(), cache.working_copy()
    first.solve_far(1 << 12, values=6)
    second.solve_far(1 << 11, values=5)
    assert engine.solved is before and cache.far is before  # nothing changed under the GUI thread
    n = 120
    g = grundy_table(n)
    for h in range(6):  # each value's cells in the first copy, against the definition
        got = first.far.cols[h][:n]
        assert all(g[x][got[x]] == h for x in range(n) if 0 <= got[x] < n)
        assert all(got[x] == y for x in range(n) for y in range(n) if g[x][y] == h)
    assert cache.adopt(first) and cache.far is first.far and engine.solved is first.far
    cache.adopt(second)  # an answer smaller than what the cache holds: neither it nor the engine takes it
    assert engine.solved is first.far and cache.far is first.far


def test_a_working_copy_fills_the_shared_table_only_from_the_state_it_holds():
    """A copy made from the table in use adds values in the same block (no second table at the
    peak); a copy made from an older state than the block holds (another copy wrote past it)
    gets a table of its own, and the first copy's rows stay right."""
    from tests.oracles import grundy_table

    engine = ValueEngine(((1, 0), (0, 1), (1, 1)), ())
    engine.grow(4, 1 << 10)
    first, second = engine.working_copy(), engine.working_copy()
    first.grow(6, 1 << 10)  # two more values on the same columns: room in the block
    assert np.shares_memory(first.solved.cols, engine.solved.cols)
    second.grow(5, 1 << 10)  # from 4 values, but the block holds 6 now
    assert not np.shares_memory(second.solved.cols, engine.solved.cols)
    assert engine.adopt(first) and engine.solved is first.solved
    n = 100
    g = grundy_table(n)
    for h in range(6):
        col = first.solved.cols[h]
        assert [int(col[x]) if col[x] < n else None for x in range(n)] == [
            next((y for y in range(n) if g[x][y] == h), None) for x in range(n)
        ], h
    third = engine.working_copy()  # from the table adopted: in place again
    third.grow(7, 1 << 10)
    assert np.shares_memory(third.solved.cols, first.solved.cols)
    assert np.array_equal(third.solved.cols[:6, :n], first.solved.cols[:6, :n])
