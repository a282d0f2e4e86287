"""The pointer's controllers with mocked views (issue 65: the window did this work itself): a
click on the grid, in Alter mode, during a game and otherwise; a number hovered on the strip,
its cold pair outlined, checked against the game's definition."""

from __future__ import annotations

from unittest.mock import MagicMock

from explorer.core.rules import parse_rule
from explorer.gui.controllers.pointer import GridClicks, HighlightView, StripHover, StripView
from explorer.session.model import Session
from tests.oracles import cold_table


def test_a_click_declares_a_cell_in_alter_mode_moves_in_a_game_and_else_selects():
    session = Session()
    toggle, select = MagicMock(), MagicMock()
    moves: list[tuple[int, int]] = []

    def play(x: int, y: int) -> bool:
        moves.append((x, y))
        return (x, y) == (1, 2)  # a legal move of the game under way

    clicks = GridClicks(session, toggle, play, select)
    clicks.clicked(3, 4)
    select.assert_called_once_with(3, 4)
    session.altering = True
    clicks.clicked(5, 5)
    toggle.assert_called_once_with(5, 5)
    select.assert_called_once()  # not selected in Alter mode
    session.altering = False
    session.game = MagicMock()  # a game under way: the click is its move when legal
    clicks.clicked(1, 2)
    clicks.clicked(7, 7)
    assert moves == [(1, 2), (7, 7)]
    assert [c.args for c in select.call_args_list] == [(3, 4), (7, 7)]


def test_hovering_a_strip_number_outlines_its_cold_pair():
    cold = cold_table(40)
    session = Session(rule=parse_rule("wythoff"))
    strip, grid, say = MagicMock(spec=StripView), MagicMock(spec=HighlightView), MagicMock()
    strip.known_role.side_effect = lambda n: ("a", 3) if n == 4 else None  # 4 = a_3: the pair (4, 7)
    hover = StripHover(session, strip, grid, say)
    hover.hovered(4)
    (cells,) = grid.set_highlight.call_args.args
    assert set(cells) == {(4, 7), (7, 4)} and all(cold[x][y] for x, y in cells)
    assert "(4, 7)" in say.call_args.args[0]
    hover.hovered(None)  # the mouse left the strip
    assert grid.set_highlight.call_args.args == ((),)
    hover.hovered(5)  # a number whose role is not known yet: nothing outlined
    assert grid.set_highlight.call_args.args == ((),)
