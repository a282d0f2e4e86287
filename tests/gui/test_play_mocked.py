"""A game against the computer with mocked views: the Play controller given a mocked panel and
grid (tests/gui/mocked.py), its replies timed by a manual scheduler; the moves checked against
the game's closed form and remoteness by the definition. test_play.py drives the window."""

from __future__ import annotations

from explorer.core import is_cold, winning_moves
from tests.gui.mocked import Parts
from tests.oracles import values_by_definition


def _status(p: Parts) -> str:
    return p.last(p.play_panel.set_status)


def test_a_whole_game_won_by_perfect_play():
    p = Parts()
    p.play.new_game(9, 6, human_first=True)
    game = p.play.game
    while not game.over:
        target = winning_moves(*game.position)[0].target  # the human plays perfectly too
        assert p.play.handle_click(*target)
        p.scheduler.run_pending()  # the computer's reply
        assert is_cold(*target)
    assert game.winner == "you" and "You win" in _status(p)
    assert list(p.session.marks.path) == game.path and len(game.path) > 2
    assert p.session.marks.cell == game.position


def test_computer_punishes_a_blunder_and_hints_undo_redo():
    p = Parts()
    p.play.new_game(5, 7, human_first=True)
    p.play.handle_click(5, 6)  # hot -> hot
    assert "threw away your win" in _status(p)
    p.scheduler.run_pending()
    game = p.play.game
    assert game.to_move == "you" and is_cold(*game.position)
    p.play.undo()
    assert game.path == [(5, 7)]
    p.play.redo()
    assert len(game.path) == 3
    p.play.undo()
    p.play.show_hint()
    assert "Hint: move to (3, 5), (4, 7), (5, 3)" in _status(p)
    assert {m.target for m in p.session.marks.moves} == {(3, 5), (4, 7), (5, 3)}


def test_an_illegal_click_and_the_computer_first():
    p = Parts()
    p.play.new_game(4, 4, human_first=False)
    p.scheduler.run_pending()
    assert p.play.game.to_move == "you" and is_cold(*p.play.game.position)
    p.play.new_game(6, 9, human_first=True)
    assert p.play.handle_click(5, 7)  # takes 1 and 2: illegal in Wythoff, and taken as a try
    assert "cannot be reached" in _status(p) and p.play.game.path == [(6, 9)]


def test_the_value_history_shows_where_a_game_was_thrown_away():
    """The computer wins fastest once remoteness is known; the panel's history gives each
    position's remoteness and who was to move."""
    _, cold, rem = values_by_definition(40, 40, "any", "any", 1)
    p = Parts()
    p.session.values.grow(40)
    p.play.new_game(9, 6, human_first=True)
    game = p.play.game
    p.play.handle_click(9, 5)  # hot -> hot: the win is thrown away
    p.scheduler.run_pending()
    x, y = game.path[1]
    wins = [t for t in ((x - k, y) for k in range(1, x + 1)) if cold[t[0]][t[1]]]
    wins += [t for t in ((x, y - k) for k in range(1, y + 1)) if cold[t[0]][t[1]]]
    wins += [t for t in ((x - k, y - k) for k in range(1, min(x, y) + 1)) if cold[t[0]][t[1]]]
    assert rem[game.position[0]][game.position[1]] == min(rem[a][b] for a, b in wins)  # its fastest win
    history = p.play_panel.set_history.call_args.args[0]
    assert [(i, r) for i, r, _ in history] == [(i, rem[q[0]][q[1]]) for i, q in enumerate(game.path)]
    assert [who for _, _, who in history][:2] == ["you", "computer"]


def test_a_game_goes_with_its_rule():
    from explorer.core.rules import parse_rule

    p = Parts()
    p.play.new_game(4, 4, human_first=True)
    p.play.handle_click(0, 0)
    assert p.play.game.over
    p.session.rule = parse_rule("nim")  # a finished game cannot be revived under another rule
    assert p.session.game is None and p.session.marks.path == ()
    p.play_panel.set_turns.assert_called_with(False, False)
    assert "start a new game" in _status(p)
