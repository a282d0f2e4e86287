"""Play against the computer: perfect replies, blunder notes, undo and redo (Qt-free)."""

from __future__ import annotations

import random

import pytest

from explorer.core.analysis.play import COMPUTER, HUMAN, Game, IllegalMove
from explorer.core.rules import parse_rule
from tests.oracles import variant_cold, variant_moves

COLD = variant_cold(40, "any", "any", 1)


def test_computer_wins_from_every_hot_start_against_any_human():
    rng = random.Random(3)
    rule = parse_rule("wythoff")
    for _ in range(60):
        start = (rng.randrange(40), rng.randrange(40))
        if COLD[start]:
            continue
        game = Game(rule, start, human_first=False)
        while not game.over:
            if game.to_move == COMPUTER:
                game.computer_move()
                assert COLD[game.position]  # perfect play: always back to a cold cell
            else:
                game.play(rng.choice(variant_moves(*game.position, "any", "any", 1)))
        assert game.winner == COMPUTER


def test_blunder_is_named_and_illegal_moves_refused():
    game = Game(parse_rule("wythoff"), (5, 7))
    with pytest.raises(IllegalMove):
        game.play((4, 5))  # takes 1 and 2: not a Wythoff move
    game.play((5, 6))  # hot -> hot: the win is gone
    assert "threw away your win" in game.last_note and "(3, 5)" in game.last_note
    game.computer_move()
    assert COLD[game.position]
    with pytest.raises(IllegalMove):
        game.computer_move()


def test_undo_redo():
    game = Game(parse_rule("wythoff"), (10, 10))
    game.play((10, 3))
    game.computer_move()
    after = list(game.path)
    assert game.undo() and game.path == [(10, 10)] and game.to_move == HUMAN
    assert game.redo() and game.path == after
    assert not game.redo()
    game.undo()
    game.play((6, 10))  # a new move clears what could be redone
    assert not game.redo_stack


def test_other_rules_play_by_their_own_moves():
    rule = parse_rule("nim")
    game = Game(rule, (4, 9), human_first=False)
    move = game.computer_move()
    assert game.position == (4, 4) and move.target == (4, 4)
    with pytest.raises(IllegalMove):
        game.play((3, 3))  # no move on both piles in Nim


def test_misere_winner_is_the_player_who_did_not_take_the_last_counter():
    rng = random.Random(9)
    rule = parse_rule("misere")
    cold = variant_cold(30, "any", "any", 1, misere=True)
    for _ in range(40):
        start = (rng.randrange(30), rng.randrange(30))
        if cold[start] or start == (0, 0):
            continue
        game = Game(rule, start, human_first=False)
        while not game.over:
            if game.to_move == COMPUTER:
                game.computer_move()
            else:
                game.play(rng.choice(variant_moves(*game.position, "any", "any", 1)))
        assert game.winner == COMPUTER  # from a hot start, perfect misère play wins
        assert game.movers[-1] == HUMAN  # ...by leaving the last counter to the human


# ----- issue 9: play asks the rule, never assumes Wythoff ------------------------------------------
def test_computer_fallback_move_is_legal_under_a_custom_rule():
    """One-pile {2, 3}, no both-pile move, from (5, 5) with the computer first: (5, 5) is cold,
    so it has no winning move; it used to play (4, 5), taking 1 counter the rule forbids."""
    rule = parse_rule("custom:one=2 3;both=none;n=64")
    game = Game(rule, (5, 5), human_first=False)
    assert rule.is_cold(5, 5)
    game.computer_move()
    assert rule.is_legal((5, 5), game.position)


def test_computer_fallback_when_only_both_pile_moves_exist():
    """One-pile none, both-pile any, from (3, 0): no move at all; it used to play (2, 0)."""
    rule = parse_rule("custom:one=none;both=any;n=64")
    game = Game(rule, (3, 0), human_first=False)
    assert game.over and game.winner == HUMAN  # the computer cannot move: it has lost
    with pytest.raises(IllegalMove):
        game.computer_move()
    game = Game(rule, (3, 2), human_first=False)
    game.computer_move()
    assert rule.is_legal((3, 2), game.position)


def test_game_is_over_when_the_rule_leaves_no_move():
    """Under one-pile {2, 3}, (1, 1) has no legal move: the game is over at once."""
    game = Game(parse_rule("custom:one=2 3;both=none;n=64"), (1, 1))
    assert game.over and game.winner == COMPUTER  # the human, to move, cannot: normal play


def test_misere_start_at_the_corner_is_won_by_the_player_to_move():
    game = Game(parse_rule("misere"), (0, 0), human_first=True)
    assert game.over and game.winner == HUMAN
    game = Game(parse_rule("misere"), (0, 0), human_first=False)
    assert game.winner == COMPUTER


def test_a_checked_move_never_enumerates_and_bounds_are_refused():
    rule = parse_rule("custom:one=any;both=any;n=16")
    with pytest.raises(ValueError, match=r"\[0, 16\)"):
        Game(rule, (20, 30))
    big = Game(parse_rule("wythoff"), (49626493404001064237, 30670859666145124624))
    assert not big.legal((1, 2)) and big.legal((49626493404001064237, 0))
