"""The selected position with a mocked inspector: the selection and values controllers alone
(typed text in, the report, the error and the order of the winning moves out), checked against
the game's definition and against the cold pairs' closed form far out. test_window.py drives the
inspector's own fields and list."""

from __future__ import annotations

from unittest.mock import MagicMock

import pytest

from explorer.core import is_cold, lower
from explorer.core.rules import parse_rule
from explorer.gui.controllers.selection import SelectionController
from explorer.gui.controllers.values import ValuesController
from explorer.session.events import follow
from explorer.session.jobs import InlineJobs, ManualScheduler
from explorer.session.model import Session
from explorer.session.views import InspectorView, WorkView
from tests.oracles import values_by_definition, winning_targets


class Sidebar:
    """A session, its selection and values controllers, the inspector mocked, work inline."""

    def __init__(self) -> None:
        self.session = s = Session(rule=parse_rule("wythoff"))
        self.inspector = MagicMock(spec=InspectorView)
        self.selection = follow(SelectionController(s, self.inspector, InlineJobs()))
        self.values = follow(
            ValuesController(s, self.inspector, MagicMock(spec=WorkView), InlineJobs, ManualScheduler())
        )

    @property
    def report(self):  # type: ignore[no-untyped-def]
        return self.inspector.set_report.call_args.args[0]

    def targets(self) -> list[tuple[int, int]]:
        return [m.target for m in self.report.moves]


def test_a_hot_position_lists_its_winning_moves_fastest_first():
    side = Sidebar()
    side.selection.request_text("5", "7")
    r = side.report
    assert (r.a, r.b, r.cold) == (5, 7, False)
    assert sorted(side.targets()) == sorted(winning_targets(20)[(5, 7)])
    assert side.session.selection == (5, 7) and side.session.marks.cell == (5, 7)
    assert set(side.session.marks.moves) == set(r.moves)  # the grid draws the arrows from the session
    # once R is known the list is put in order: least R after the move first, ties in order
    _, _, rem = values_by_definition(20, 20, "any", "any", 1)
    want = sorted(winning_targets(20)[(5, 7)], key=lambda t: (rem[t[0]][t[1]], t))
    assert side.inspector.order_moves.call_args.args[0] == want


def test_a_cold_position_says_which_pair_it_is_and_has_no_winning_move():
    side = Sidebar()
    side.selection.request_text("999", "1 617")  # (999, 1617) = (a_618, b_618); spaces group digits
    assert lower(618) == 999
    r = side.report
    assert r.cold and r.index == 618 and r.moves == ()


@pytest.mark.parametrize(("a", "b"), [("-3", "5"), ("x", "5"), ("", "5"), ("1.5", "2"), ("5", "1e9")])
def test_bad_input_is_said_and_leaves_nothing_selected(a, b):
    side = Sidebar()
    side.selection.request_text("5", "7")
    assert side.session.report is not None
    side.selection.request_text(a, b)
    assert side.session.message  # said, under the fields
    assert side.inspector.set_error.call_args.args[0] == side.session.message
    # the old verdict does not stay under the error, as if it answered what was typed
    assert side.session.report is None
    side.selection.request_text("3", "5")  # and the sidebar keeps working
    assert side.session.message == "" and side.report.cold


def test_a_winning_move_activated_is_the_new_selection_and_it_is_cold():
    side = Sidebar()
    side.selection.request(5, 7)
    target = side.targets()[0]
    side.selection.request(*target)  # what the inspector's list asks when a move is activated
    assert side.session.selection == target and is_cold(*target) and side.report.cold


@pytest.mark.parametrize("k", [10**18 // 2, 10**100, 3 * 10**99 + 12345])
def test_far_positions_are_answered_exactly(k):
    side = Sidebar()
    a, b = lower(k), lower(k) + k  # the k-th cold pair, by its closed form
    side.selection.request_text(str(a), str(b + 1))
    r = side.report
    assert (r.a, r.b, r.cold) == (a, b + 1, False)
    assert (a, b) in side.targets()  # one counter off the upper pile
