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


def test_odd_piles_winning_moves_include_the_every_pile_move_at_any_size():
    """Every-pile moves were skipped above 4 096 counters: the list was incomplete."""
    from explorer.core.game.npiles import all_pile_zeroing_move

    # small: the forced-bit search agrees with trying every k
    for piles in itertools.product(range(1, 9), repeat=3):
        found = [
            tuple(p - k for p in piles)
            for k in range(1, min(piles) + 1)
            if (piles[0] - k) ^ (piles[1] - k) ^ (piles[2] - k) == 0
        ]
        move = all_pile_zeroing_move(piles)
        assert found == ([move] if move is not None else [])
    # large: build a position whose every-pile move is known: subtract-k-back from a zero-XOR triple
    a, b = 10**60 + 12345, 3 * 10**59 + 999
    zero = (a, b, a ^ b)
    k = 10**40 + 7
    piles = tuple(p + k for p in zero)
    assert all_pile_zeroing_move(piles) == zero
    assert zero in winning_moves(piles)


def test_even_piles_are_bounded_before_they_start_and_can_stop():
    from explorer.core.game.npiles import Stopped, evaluate

    with pytest.raises(TooManyStates):
        evaluate((500, 500, 500, 500))
    with pytest.raises(Stopped):
        evaluate((8, 5, 10, 111), progress=lambda done, total: False)
    value, _, wins = evaluate((3, 4, 5, 6))
    assert value == grundy_by_definition((3, 4, 5, 6))
    assert all(grundy_by_definition(m) == 0 for m in wins)
