"""The one place that answers values (explorer.core.value_source), against oracles of its own:
brute force by the definition near the origin, the closed forms of Wythoff's rows 0-2 (OEIS
A004482, A004483) at any distance, the cold pairs from ⌊kφ⌋ in integers, and Nim's XOR. Then the
issue's defects: each answered exactly where any part of the explorer knows the value."""

from __future__ import annotations

from math import isqrt

import pytest

from explorer.core.analysis.far_values import SumPosition, sum_answer
from explorer.core.rules.registry import parse_rule
from explorer.core.value_source import COMMAND, WINDOW, Need, ValueCache, ValueRefused
from tests.oracles import Vectors, grundy_table, variant_moves


def row_value(x: int, y: int) -> int:
    """G on Wythoff's rows 0, 1, 2 at any y, by their closed forms: row 0 is y; rows 1 and 2 are
    additively periodic with period 3 from the start (A004482: 1 2 0 | 4 5 3 …; A004483: 2 0 1 | …)."""
    k, r = divmod(y, 3)
    return {0: y, 1: 3 * k + (1, 2, 0)[r], 2: 3 * k + (2, 0, 1)[r]}[x]


def cold_pair(k: int) -> tuple[int, int]:
    a = (k + isqrt(5 * k * k)) // 2  # ⌊kφ⌋ in integers (docs/math.md)
    return a, a + k


def brute(rule_moves: object, n: int) -> list[list[int]]:
    g = [[0] * n for _ in range(n)]
    for s in range(2 * n - 1):
        for x in range(max(0, s - n + 1), min(s, n - 1) + 1):
            seen = {g[a][b] for a, b in variant_moves(x, s - x, rule_moves, None, 1)}
            m = 0
            while m in seen:
                m += 1
            g[x][s - x] = m
    return g


MAHARAJA = Vectors([(1, 0), (0, 1), (1, 1)], [(1, 2)])
GDWN = Vectors([(1, 0), (0, 1), (1, 1), (1, 2)])


@pytest.mark.parametrize(("key", "moves"), [("maharaja", MAHARAJA), ("gdwn:1,2", GDWN)])
def test_near_the_origin_every_means_agrees_with_brute_force(key, moves):
    n = 24
    want = brute(moves, n)
    values = ValueCache(parse_rule(key), limits=COMMAND)
    table, refused = values.block(0, 0, n, n)
    assert refused is None
    assert [[int(v) for v in row] for row in table] == want
    # the sequences alone (a cache of its own, made to skip the corner) give the same cells
    far = ValueCache(parse_rule(key), limits=COMMAND)
    cells = [(x, y) for x in range(n) for y in range(n) if want[x][y] < 8]
    far.answer_many(cells, skip=["corner"])
    assert all(far.grundy(x, y) == want[x][y] for x, y in cells)


def test_wythoff_rows_at_any_distance_match_their_closed_forms():
    values = ValueCache(parse_rule("wythoff"), limits=COMMAND)
    for x in range(3):
        for y in (10**6 + 7, 10**30 + 1, 10**30 + 2, 10**30 + 3):
            assert values.answer(x, y).value == row_value(x, y)
            assert values.answer(y, x).value == row_value(x, y)


def test_cold_cells_are_zero_at_any_size_and_nim_is_the_xor():
    wythoff = ValueCache(parse_rule("wythoff"), limits=COMMAND)
    for k in (10**6, 10**100, 3**400):
        a, b = cold_pair(k)
        assert wythoff.answer(a, b) == (0, None, "cold")
        assert wythoff.answer(b, a).value == 0
    nim = ValueCache(parse_rule("nim"), limits=COMMAND)
    assert nim.answer(10**100, 7).value == 10**100 ^ 7


def test_beyond_everything_is_a_typed_refusal_naming_the_bounds():
    values = ValueCache(parse_rule("wythoff"), limits=COMMAND)
    a, b = cold_pair(10**10)
    hot = (a, b + 1)  # hot: its G is above 0 and nothing here reaches it
    assert isinstance(values.next_need([hot]), ValueRefused)
    with pytest.raises(ValueRefused, match="2,097,152 columns"):
        values.answer(*hot)


def test_the_issues_cells_answer_exactly():
    w = ValueCache(parse_rule("wythoff"), limits=COMMAND)
    # grundy 40000 1: row 0 holds G(x, 0) = x
    table, refused = w.block(39990, 0, 10, 1)
    assert refused is None and [row[0].value for row in table] == list(range(39990, 40000))
    # grundy 3 3 --origin 40000 0 and 2 2 --origin 5 1000000: certified rows
    for x, y in [(40000, 1), (40002, 2), (5, 10**6), (6, 10**6 + 1)]:
        rows = w.answer(x, y)
        assert rows.source == "certified row"
        if min(x, y) <= 2:
            assert rows.value == row_value(min(x, y), max(x, y))


def test_far_values_solve_only_the_values_a_cell_needs():
    rule = parse_rule("wythoff")
    values = ValueCache(rule, limits=COMMAND)
    a, b = cold_pair(618034)
    need = values.next_need([(a + 1, b)])
    assert isinstance(need, Need) and need.what == "sequences" and need.values == 1
    assert need.size >= a + 2  # the columns up to its smaller pile, a power of two
    found = values.answer(a + 1, b)
    assert values.far is not None and values.far.values == found.value + 1  # values 0 … G, no more


def test_a_size_is_checked_before_the_work_starts():
    values = ValueCache(parse_rule("wythoff"), limits=WINDOW)
    need = values.next_need([(10**6, 10**6 + 3)])
    assert isinstance(need, Need) and need.what == "sequences"
    assert need.bytes <= WINDOW.far_bytes  # what the window would grow to fits its budget, said before


def test_a_sum_takes_each_part_from_the_one_place_under_every_rule_with_values():
    g = grundy_table(16)
    for key in ("wythoff", "wythoff:2", "maharaja", "custom:one=1 2 3;both=1;a=1;n=64", "nim"):
        rule = parse_rule(key)
        values = ValueCache(rule, limits=COMMAND)
        answer = sum_answer(values, SumPosition(((5, 7),), (3,)))
        part = values.answer(5, 7).value
        assert answer.parts == (part, 3) and answer.grundy == part ^ 3
        if key == "wythoff":
            assert part == g[5][7]
        for move in answer.winning_moves:  # every listed move makes the XOR 0
            after = move.after
            assert values.answer(after[0], after[1]).value ^ after[2] == 0
    # a cold cell at 10^10 plus a heap of 3: the heap to 0 wins; the rest is said, not guessed
    a, b = cold_pair(10**10)
    answer = sum_answer(ValueCache(parse_rule("wythoff"), limits=COMMAND), SumPosition(((a, b),), (3,)))
    assert answer.grundy == 3 and (a, b, 0) in [m.after for m in answer.winning_moves]
    assert "not listed" in answer.note
    # G(3000, 2) from row 2 at once: the sum's value is 3003
    answer = sum_answer(ValueCache(parse_rule("wythoff"), limits=COMMAND), SumPosition(((3000, 2),), (1,)))
    assert answer.grundy == row_value(2, 3000) ^ 1 and answer.note == ""
    nim = sum_answer(ValueCache(parse_rule("nim"), limits=COMMAND), SumPosition(((100000, 1),), ()))
    assert nim.grundy == 100001 and [m.after for m in nim.winning_moves] == [(1, 1)]
