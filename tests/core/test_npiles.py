from __future__ import annotations

import itertools

import pytest

from explorer.core.game.npiles import TooManyStates, grundy, grundy_by_definition, winning_moves
from tests.oracles import grundy_table


def test_odd_piles_are_nim_by_the_definition():
    for piles in itertools.product(range(6), repeat=3):
        assert grundy(piles)[0] == grundy_by_definition(piles)
    for piles in [(3, 1, 4, 1, 5), (2, 7, 1, 8, 2), (0, 9, 9, 4, 4)]:
        assert grundy(piles)[0] == grundy_by_definition(piles)


def test_two_piles_are_wythoff():
    table = grundy_table(20)
    for a in range(20):
        for b in range(20):
            assert grundy((a, b)) == (table[a][b], "dynamic programming (even number of piles)")


def test_winning_moves_reach_zero_and_big_odd_positions():
    for piles in [(3, 4, 5), (1, 2, 3, 5), (6, 6), (2, 9, 4)]:
        for target in winning_moves(piles):
            assert grundy_by_definition(target) == 0
    big = (10**50, 3 * 10**49, 7)
    value, method = grundy(big)
    assert value == 10**50 ^ 3 * 10**49 ^ 7 and method.startswith("XOR")
    assert all(grundy(m)[0] == 0 for m in winning_moves(big))


def test_bounds_and_bad_input():
    with pytest.raises(TooManyStates):
        grundy((1000, 1000))
    with pytest.raises(ValueError):
        grundy(())
    with pytest.raises(ValueError):
        grundy((3, -1, 2))
