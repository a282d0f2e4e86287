"""Play against the computer: perfect replies, blunder notes, undo and redo (Qt-free)."""

from __future__ import annotations

import random

import pytest

from explorer.core.analysis.play import COMPUTER, HUMAN, Game, IllegalMove
from explorer.core.rules.closed import parse_rule
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
