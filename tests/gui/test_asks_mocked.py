"""What the window asks of the person, with mocked dialogs (issue 65: the window did this itself):
each answer reaches the controller that acts on it, and a bad one is refused in a sentence."""

from __future__ import annotations

from unittest.mock import MagicMock

from explorer.core.rules.registry import FAMILIES
from explorer.gui.controllers.asks import Asks, DialogsView
from explorer.session.model import Session


def _asks():  # type: ignore[no-untyped-def]
    dialogs, rules, sessions, exporter, values, go_to = (MagicMock() for _ in range(6))
    dialogs = MagicMock(spec=DialogsView)
    asks = Asks(Session(), lambda: dialogs, rules, sessions, exporter, values, go_to)
    return asks, dialogs, rules, sessions, exporter, go_to


def test_go_to_takes_two_whole_numbers_of_any_size_and_refuses_the_rest():
    asks, dialogs, _, _, _, go_to = _asks()
    for typed, want in (("5 7", (5, 7)), ("10,20", (10, 20)), (f"3 {10**500}", (3, 10**500))):
        dialogs.text.return_value = typed
        asks.ask_go_to()
        assert go_to.call_args.args == want
    go_to.reset_mock()
    for junk in ("5", "a b", "1 2 3", "-1 4"):
        dialogs.text.return_value = junk
        asks.ask_go_to()
        assert dialogs.warn.call_args.args[0] == "Go to position"
    go_to.assert_not_called()
    dialogs.text.return_value = None  # cancelled
    asks.ask_go_to()
    go_to.assert_not_called()


def test_a_rule_family_asks_its_parameter_and_a_cancel_says_so():
    asks, dialogs, rules, _, _, _ = _asks()
    family = next(f for f in FAMILIES if f.question is not None)
    dialogs.integer.return_value = 3
    asks.ask_rule(family.name)
    rules.request.assert_called_once_with(f"{family.name}:3")
    dialogs.integer.return_value = None
    asks.ask_rule(family.name)
    rules.cancelled.assert_called_once()


def test_compare_and_bookmark_and_animation_reach_their_controllers():
    asks, dialogs, rules, sessions, exporter, _ = _asks()
    dialogs.rule.return_value = "nim"
    asks.ask_compare()
    rules.request_compare.assert_called_once_with("nim")
    dialogs.rule.return_value = "  "  # nothing typed: nothing compared
    asks.ask_compare()
    assert rules.request_compare.call_count == 1
    dialogs.text.return_value = "start"
    asks.ask_bookmark()
    sessions.add_bookmark.assert_called_once_with("start")
    dialogs.animation.return_value = None
    asks.export_animation()
    exporter.export.assert_not_called()
    dialogs.animation.return_value = ("build", 6, (320, 240), "/tmp/a.gif")
    asks.export_animation()
    assert exporter.export.call_args.args[:4] == ("build", 6, (320, 240), "/tmp/a.gif")
