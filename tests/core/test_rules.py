"""Every rule against brute force by the game's definition (moves written out in tests/oracles)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.rules.closed import UnknownRule, cold_count, cold_count_rect, parse_rule
from explorer.core.rules.custom import ANY, CustomRule, cold_table, parse_amounts
from tests.oracles import variant_cold, variant_moves

N = 50
RULES = {
    "wythoff": ("any", "any", 1, False),
    "nim": ("any", None, 1, False),
    "misere": ("any", "any", 1, True),
    "wythoff:2": ("any", "any", 2, False),
    "wythoff:3": ("any", "any", 3, False),
    "wythoff:7": ("any", "any", 7, False),
}


@pytest.mark.parametrize("name", RULES)
def test_cold_set_moves_partners_and_counts(name):
    one, both, diff, misere = RULES[name]
    rule = parse_rule(name)
    cold = variant_cold(N, one, both, diff, misere)
    for (x, y), is_cold in cold.items():
        assert rule.is_cold(x, y) == is_cold, (x, y)
        want = sorted(t for t in variant_moves(x, y, one, both, diff) if cold[t])
        assert sorted(m.target for m in rule.winning_moves(x, y)) == want, (x, y)
    for x in range(N):
        p = rule.partner(x)
        assert [y for y in range(N) if cold[(x, y)]] == ([p] if p < N else [])
    grid = np.array([[cold[(x, y)] for y in range(N)] for x in range(N)], dtype=np.int64)
    pref = grid.cumsum(0).cumsum(1)
    for x in range(0, N, 3):
        for y in range(0, N, 4):
            assert cold_count(rule, x, y) == pref[x, y]
    assert cold_count_rect(rule, 5, 7, 30, 40) == grid[5:31, 7:41].sum()
    pairs = sorted({tuple(sorted(p)) for p, c in cold.items() if c})
    assert [rule.cold_pair(k) for k in range(len(pairs))][: len(pairs) // 2] == pairs[: len(pairs) // 2]


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 40), st.integers(0, 10**60))
def test_a_wythoff_pairs_and_counts_at_scale(a, n):
    rule = parse_rule(f"wythoff:{a}")
    lo, hi = rule.cold_pair(n)
    assert hi - lo == a * n and rule.is_cold(lo, hi) and rule.is_cold(hi, lo)
    assert rule.partner(lo) == hi and rule.partner(hi) == lo
    # A_n = floor(n * alpha): its count function steps exactly there
    if n:
        assert rule.lower_count(lo) == n and rule.lower_count(lo - 1) == n - 1
    for m in rule.winning_moves(lo, hi + 1):
        assert rule.is_cold(*m.target)


def test_unknown_rules_are_named():
    for bad in ("foo", "wythoff:0", "wythoff:x", "wythoff:"):
        with pytest.raises(UnknownRule, match="valid rules"):
            parse_rule(bad)


CUSTOM = [
    ("any", "any", 1),
    ("any", "none", 1),
    ("powers of 4", "any", 1),
    ("1,2,5", "powers of 2", 2),
    ("none", "any", 3),
    ("any", "1,3", 1),
]


@pytest.mark.parametrize(("one", "both", "diff"), CUSTOM)
def test_custom_rules_against_definition(one, both, diff):
    rule = CustomRule(parse_amounts(one), parse_amounts(both), diff)
    as_oracle = {ANY: "any", None: None}
    o = as_oracle.get(rule.one_pile, rule.one_pile) if not isinstance(rule.one_pile, frozenset) else rule.one_pile
    b = (
        as_oracle.get(rule.both_piles, rule.both_piles)
        if not isinstance(rule.both_piles, frozenset)
        else rule.both_piles
    )
    cold = variant_cold(40, o, b, diff)
    table = cold_table(rule, 40)
    assert all(table[x, y] == c for (x, y), c in cold.items())
    assert rule.describe()


def test_custom_input_is_checked():
    assert parse_amounts("powers of 4") == frozenset({1, 4, 16, 64, 256, 1024})
    for bad in ("powers of 1", "1,,x", "-3", "powers of four"):
        with pytest.raises(ValueError):
            parse_amounts(bad)
    with pytest.raises(ValueError):
        CustomRule(None, None)
    with pytest.raises(ValueError):
        cold_table(CustomRule(), 10**5)
