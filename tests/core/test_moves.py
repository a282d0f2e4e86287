"""Winning moves: the complete set, against brute force by the game's definition."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core import MoveKind, is_cold, winning_moves
from tests.oracles import cold_table, fib, winning_targets

N = 500


@pytest.mark.slow
def test_complete_set_of_winning_moves_on_500x500():
    cold = cold_table(N)
    targets = winning_targets(N)
    wrong = []
    for x in range(N):
        for y in range(N):
            got = {m.target for m in winning_moves(x, y)}
            # Targets of a move from (x, y) always lie inside the grid, so the oracle is complete.
            want = set() if cold[x][y] else targets[(x, y)]
            if got != want:
                wrong.append((x, y, got, want))
    assert wrong == []


def test_move_descriptions_are_consistent():
    for x in range(60):
        for y in range(60):
            for m in winning_moves(x, y):
                (a, b), kind, t = m.target, m.kind, m.taken
                assert t > 0
                if kind is MoveKind.FROM_A:
                    assert (a, b) == (x - t, y)
                elif kind is MoveKind.FROM_B:
                    assert (a, b) == (x, y - t)
                else:
                    assert (a, b) == (x - t, y - t)
                assert m.describe().endswith(f"({a}, {b})")


def test_five_seven_has_three_moves():
    assert [m.target for m in winning_moves(5, 7)] == [(3, 5), (4, 7), (5, 3)]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**300), st.integers(0, 10**300))
def test_big_moves_are_legal_and_land_on_cold(x, y):
    moves = winning_moves(x, y)
    assert (moves == []) == is_cold(x, y)
    assert 1 <= len(moves) <= 3 or not moves
    for m in moves:
        a, b = m.target
        assert is_cold(a, b)
        assert 0 <= a <= x and 0 <= b <= y and (a, b) != (x, y)
        assert a == x or b == y or x - a == y - b


@pytest.mark.slow  # a few seconds: `make test` runs it, the quick tier does not
def test_moves_at_a_hundred_thousand_digits():
    n = 478_500
    k = fib(n)
    a = fib(n + 1) - (n % 2 == 0)
    # One more counter on pile B: the only winning move takes it back.
    moves = winning_moves(a, a + k + 1)
    assert (a, a + k) in {m.target for m in moves}
    assert all(is_cold(*m.target) for m in moves)
