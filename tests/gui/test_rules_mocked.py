"""Rules, selections and games under other rules, with mocked views (tests/gui/mocked.py): the
rule, selection, growth and play controllers alone; the window's tests keep the colours and the
dialogs."""

from __future__ import annotations

from unittest.mock import MagicMock

from explorer.core import budget
from explorer.gui.controllers.growth import AUTO_COLUMNS, GrowthController
from explorer.session.events import follow
from explorer.session.jobs import InlineJobs
from explorer.session.views import WorkView
from tests.gui.mocked import Parts


def test_a_cancelled_dialog_leaves_the_selector_on_the_rule_in_effect():
    p = Parts()
    p.rules.request("wythoff:5")
    assert p.session.rule.key == "wythoff:5"
    p.selector.reset_mock()
    p.rules.cancelled()  # a dialog asking for a rule's parameters was closed
    assert p.session.rule.key == "wythoff:5"
    p.selector.set_rule.assert_called_once_with(p.session.rule)
    p.rules.request("wythoff:9")  # the same family again, another a
    assert p.session.rule.key == "wythoff:9"
    p.selector.set_rule.assert_called_with(p.session.rule)


def test_play_under_nim_and_far_outside_a_custom_square():
    p = Parts("nim")
    p.play.new_game(3, 8, human_first=True)
    p.play.handle_click(2, 7)  # a diagonal move is illegal in Nim
    assert "cannot be reached" in p.last(p.play_panel.set_status)
    p.play.handle_click(3, 3)
    assert p.play.game.path[1] == (3, 3)
    p = Parts("custom:one=any;both=any;a=1;n=16")
    for a, b in ((49626493404001064237, 30670859666145124624), (20, 30)):
        p.play.new_game(a, b, human_first=True)  # a game far outside the square: refused, no listing
        assert p.session.game is None and "16" in p.last(p.play_panel.show_error)
        p.play.show_hint()  # no game: nothing happens, nothing raises
    p.play.new_game(9, 13, human_first=True)
    assert p.session.game is not None


def test_a_valid_selection_clears_an_old_input_message():
    """ "Pile A is not a whole number: '٣'" stayed after a click selected a cell."""
    p = Parts()
    for junk in ("٣", "-4"):
        p.selection.input_error(f"Pile A: {junk}")
        assert p.session.message and p.last(p.inspector.set_error)
        p.selection.request(3, 5)
        assert p.session.message == "" and p.last(p.inspector.set_error) == ""
        assert p.session.report is not None and p.session.report.position == (3, 5)


def test_beyond_the_solved_range_the_selection_names_the_windows_bound():
    p = Parts("maharaja")
    rule = p.session.rule
    limit = rule.reach_limit(budget.GENERATED_WINDOW_BYTES)
    cli_limit = rule.reach_limit(budget.GENERATED_CLI_BYTES)
    assert rule.bound < limit < cli_limit
    p.selection.request(limit - 5, 3)
    message = p.session.message
    assert "View ▸ Extend" in message and f"{limit:,}" in message and f"{cli_limit:,}" not in message
    p.selection.request(limit + 5, 3)
    assert "command line goes further" in p.session.message and p.session.report is None


def test_the_sequence_grows_to_the_view_and_a_refused_position_is_asked_again():
    p = Parts("gdwn:1,2")
    rule, s = p.session.rule, p.session
    work = MagicMock(spec=WorkView)
    growth = follow(GrowthController(s, p.grid, work, InlineJobs(), p.scheduler))
    far = 3_000_000
    p.selection.request(far + 5, 11)
    assert rule.bound > far + 5 or "lies beyond" in s.message
    p.show((0, 0, far, far))
    growth.view_moved()  # the grid moved: cover the view once the move has landed
    p.scheduler.run_pending()
    assert far + 5 < rule.bound <= AUTO_COLUMNS
    assert s.report is not None and s.report.position == (far + 5, 11) and not s.message  # asked again
    assert s.report.cold == rule.is_cold(far + 5, 11)
    assert f"[0, {rule.bound:,})²" in work.say.call_args.args[0]


def test_a_growth_solves_on_a_copy_and_the_rule_grows_when_its_answer_arrives():
    """Issue 48: workers return results; the rule (its shared sequence) changes on the GUI thread."""
    p = Parts("gdwn:1,2")
    rule, s = p.session.rule, p.session
    held: list = []

    class Held(InlineJobs):  # the work runs (as on a worker); its answer is delivered when the test says
        def submit(self, work, *args, done, failed, progress=None, background=True, partial=None):  # type: ignore[no-untyped-def]
            result = work(*args)
            held.append(lambda: done(result))

    growth = follow(GrowthController(s, p.grid, MagicMock(spec=WorkView), Held(), p.scheduler))
    start = rule.bound
    growth.request(3 * start)
    assert held and rule.bound == start  # solved, not yet taken
    held.pop()()
    assert rule.bound > 3 * start


def test_the_first_heap_switches_slices_and_a_move_into_a_slice_goes_there():
    """Issue 66: under three heaps the first heap picks the slice (same columns), the inspector's
    report is the whole position, and a move into a slice below selects its target there."""
    p = Parts("wythoff3:2;n=512")
    p.selection.request(3, 5)
    assert p.session.report is not None and p.session.report.whole == (2, 3, 5)
    p.rules.request_first_heap(1)
    assert p.session.rule.key == "wythoff3:1;n=512" and p.session.selection == (3, 5)
    p.selector.set_rule.assert_called_with(p.session.rule)
    moves = [m for m in p.session.rule.winning_moves(3, 5) if not m.on_board]
    assert moves  # (1, 3, 5) -> (0, 1, 2) and (0, 3, 5)
    target = moves[0].to
    p.rules.request_first_heap(target[0], then=lambda: p.selection.request(*target[1:]))
    assert p.session.rule.key == "wythoff3:0;n=512" and p.session.selection == target[1:]
    assert p.session.report is not None and p.session.report.whole == target
    assert p.session.rule.is_cold(*target[1:])
    p.rules.request_first_heap(999)  # past the largest first heap: a message, the slice stays
    assert p.session.rule.key == "wythoff3:0;n=512" and "256" in p.last(p.status.show_message)
    p = Parts("wythoff")
    p.rules.request_first_heap(3)  # not three heaps: nothing happens
    assert p.session.rule.key == "wythoff"


def test_the_conjecture_report_drops_an_answer_to_an_older_question():
    from explorer.gui.controllers.slices import SlicesController, report_with_plot
    from explorer.session.views import SlicesView

    view = MagicMock(spec=SlicesView)
    slices = SlicesController(view, InlineJobs())
    slices.report("wythoff3", 2, 500)
    html = view.set_report.call_args[0][0]
    assert html.count("holds") == 6 and "Evidence up to n = N, not a proof" in html
    old = report_with_plot("wythoff3", 1, 400)
    view.reset_mock()
    slices._answered(old)  # an answer to another question arrives late: not shown
    view.set_report.assert_not_called()
    slices.report("nope", 2, 500)
    assert "no three-heap game" in view.set_error.call_args[0][0]
