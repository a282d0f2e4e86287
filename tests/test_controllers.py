"""Controllers against mocked views (as pyapp-kit/ndv's tests/test_controller.py does): no widgets,
no Qt. Requests go in; the session changes; the views are told exactly what to show."""

from __future__ import annotations

import random
from unittest.mock import MagicMock

import pytest

from explorer.core.analysis.position import report
from explorer.core.rules import Nim, UnknownRule, Wythoff, parse_rule
from explorer.gui.controllers.rules import RuleController
from explorer.gui.controllers.selection import SelectionController
from explorer.session.events import follow
from explorer.session.jobs import InlineJobs, Jobs, ManualScheduler
from explorer.session.model import GRUNDY, HOT_COLD, REMOTENESS, Session
from explorer.session.views import GridView, InspectorView, RuleSelectorView, StatusView, WorkView


def _selection(session: Session | None = None, jobs: Jobs | None = None):  # type: ignore[no-untyped-def]
    session = session or Session()
    inspector, grid = MagicMock(spec=InspectorView), MagicMock(spec=GridView)
    controller = follow(SelectionController(session, inspector, jobs or InlineJobs()))
    return session, inspector, grid, controller


def test_a_request_selects_and_reports():
    session, inspector, _grid, controller = _selection()
    controller.request(5, 7)
    want = report(Wythoff(), 5, 7)
    assert session.selection == (5, 7) and session.report == want
    inspector.set_report.assert_called_with(want)
    assert session.marks.cell == (5, 7) and session.marks.moves == want.moves  # the grid draws the model's marks


def test_out_of_bounds_clears_the_old_verdict_and_says_why():
    """Issue 9: with a custom rule on [0, 64)^2, selecting (100, 3) showed the error but left the
    previous position's verdict on screen."""
    session = Session(rule=parse_rule("custom:one=any;both=any;n=64"))
    _, inspector, _, controller = _selection(session)
    controller.request(5, 7)
    assert session.report is not None
    inspector.reset_mock()
    controller.request(100, 3)
    assert session.report is None and "[0, 64)" in session.message
    inspector.set_report.assert_called_with(None)
    inspector.set_error.assert_called_with(session.message)


def test_a_valid_selection_clears_an_input_error():
    """Issue 9: a red error under the position fields stayed after a valid cell was clicked."""
    session, inspector, _, controller = _selection()
    controller.input_error("Pile A is not a whole number: 'x'")
    inspector.set_error.assert_called_with("Pile A is not a whole number: 'x'")
    controller.request(3, 5)
    inspector.set_error.assert_called_with("")
    assert session.message == ""


def test_a_rule_change_reports_the_selection_again_under_the_new_rule():
    session, inspector, _, controller = _selection()
    controller.request(5, 7)
    session.rule = Nim()
    assert session.report == report(Nim(), 5, 7)
    inspector.set_report.assert_called_with(report(Nim(), 5, 7))


class _Held:
    """Jobs that hold requests until released: answers arrive late, as from a worker."""

    busy = False

    def __init__(self) -> None:
        self.pending: list = []

    def submit(self, work, *args, done, failed, progress=None, background=True):  # type: ignore[no-untyped-def]
        self.pending.append((work, args, done))

    def cancel(self) -> None:
        pass

    def release(self) -> None:
        for work, args, done in self.pending:
            done(work(*args))
        self.pending.clear()


def test_a_late_answer_for_another_rule_or_position_is_dropped():
    jobs = _Held()
    session, inspector, _, controller = _selection(jobs=jobs)
    controller.request(5, 7)
    session.rule = Nim()  # re-requests (5, 7) under Nim
    controller.request(4, 4)
    jobs.release()  # Wythoff (5, 7), Nim (5, 7), Nim (4, 4), in that order
    assert session.report == report(Nim(), 4, 4)
    reports = [c.args[0] for c in inspector.set_report.call_args_list if c.args[0] is not None]
    assert reports == [report(Nim(), 4, 4)]


def _rules(session: Session | None = None):  # type: ignore[no-untyped-def]
    session = session or Session()
    selector, status = MagicMock(spec=RuleSelectorView), MagicMock(spec=StatusView)
    return (
        session,
        selector,
        status,
        follow(RuleController(session, selector, status, InlineJobs(), MagicMock(spec=WorkView))),
    )


def test_choosing_a_rule_sets_it_and_the_selector_follows():
    session, selector, _, controller = _rules()
    controller.request("wythoff:3")
    assert session.rule == parse_rule("wythoff:3")
    selector.set_rule.assert_called_with(session.rule)


def test_a_rule_that_holds_much_while_it_is_solved_asks_the_pool_for_room_first():
    """A k-blocking sweep or an alteration's walk holds up to its memory cap while it runs (the
    soak saw a walk of 190 MiB beside the window's caches): the controller asks the memory pool
    for that room before it starts; a rule made at once asks nothing, and bad text asks nothing
    (its refusal comes from the solve)."""
    from explorer.core.rules import altered, blocking

    session, selector, status = Session(), MagicMock(spec=RuleSelectorView), MagicMock(spec=StatusView)
    asked: list[int] = []
    controller = follow(
        RuleController(session, selector, status, InlineJobs(), MagicMock(spec=WorkView), make_room=asked.append)
    )
    controller.request("nim")
    controller.request("block:4;n=1024")
    controller.request("alter:terminal=2")
    controller.request("block:0")
    assert asked == [blocking.solve_bytes(4, 1024, blocking.WYTHOFF_MOVES), altered.ALTER_BYTES]
    assert session.rule == parse_rule("alter:terminal=2")


def test_a_long_solve_shows_its_progress_and_cancel_and_hides_them_when_made():
    session, _, _, controller = _rules()
    controller.request("block:4;n=70000")  # the sweep in 64 chunks or so (2-, 3-blocking: filled at once)
    assert session.rule == parse_rule("block:4;n=70000")
    work = controller.work
    work.working.assert_called_once()
    assert "block:4" in work.working.call_args.args[0]
    reports = [c.args for c in work.progress.call_args_list]
    step = 70000 // 64  # issue 64: at least 64 reports a solve, so the bar moves from the start
    assert reports == [(min(70000, step * i), 70000) for i in range(1, len(reports) + 1)]
    assert reports[-1] == (70000, 70000) and len(reports) >= 64
    work.hide.assert_called()


def test_a_solve_stopped_by_its_progress_is_refused_and_changes_nothing():
    with pytest.raises(UnknownRule, match="cancelled"):
        parse_rule("block:4;n=70000", progress=lambda done, total: False)


def test_comparing_sets_the_other_rule_in_the_model_says_how_to_read_it_and_stops():
    session, _, status, controller = _rules()
    controller.request_compare("block:2;n=512")
    assert session.compare == parse_rule("block:2;n=512") and session.rule == Wythoff()
    said = status.show_message.call_args.args[0]
    assert "block:2;n=512" in said and "orange" in said and "teal" in said
    controller.request("nim")  # the other rule stays when the rule changes
    assert session.compare == parse_rule("block:2;n=512") and session.rule == Nim()
    controller.request_compare("bogus")  # refused: nothing changes, the message says why
    assert session.compare == parse_rule("block:2;n=512")
    assert "unknown rule" in status.show_message.call_args.args[0]
    controller.stop_comparing()
    assert session.compare is None


def test_colouring_by_cold_options_is_for_k_blocking_and_ends_with_it():
    """Colour by cold options: refused in a sentence under a rule that counts none (the selector shows the
    mode in effect again); taken under k-blocking; a rule without the count puts hot/cold back."""
    from explorer.session.model import COLD_OPTIONS, HOT_COLD

    session, selector, status, controller = _rules()
    controller.request_mode(COLD_OPTIONS)
    assert session.mode == HOT_COLD and "k-blocking" in status.show_message.call_args.args[0]
    selector.set_mode.assert_called_with(HOT_COLD)
    controller.request("block:3;n=4096")
    controller.request_mode(COLD_OPTIONS)
    assert session.mode == COLD_OPTIONS
    controller.request("block:5;n=4096")  # another k-blocking rule keeps it
    assert session.mode == COLD_OPTIONS
    controller.request("nim")
    assert session.mode == HOT_COLD


def test_alter_mode_declares_a_cell_and_its_mirror_cold_then_hot_then_as_they_were():
    session, _, status, controller = _rules()
    controller.set_altering(True)
    assert session.altering and "click" in status.show_message.call_args.args[0]
    controller.toggle_cell(3, 4)
    assert session.rule == parse_rule("alter:cold=(3,4)(4,3)")
    controller.toggle_cell(4, 3)  # its mirror: the pair goes on to hot
    assert session.rule == parse_rule("alter:hot=(3,4)(4,3)")
    controller.toggle_cell(0, 0)  # another pair, kept beside
    assert session.rule == parse_rule("alter:cold=(0,0);hot=(3,4)(4,3)")
    controller.toggle_cell(3, 4)
    controller.toggle_cell(0, 0)
    controller.toggle_cell(0, 0)
    assert session.rule == Wythoff()  # every cell as it was: the base game itself
    controller.request("nim")
    controller.toggle_cell(2, 5)  # over another game: that game altered
    assert session.rule == parse_rule("alter:cold=(2,5)(5,2)/nim")
    controller.request("block:2;n=64")
    controller.toggle_cell(1, 1)  # over a game that changes the recursion: refused, saying why
    assert (
        session.rule == parse_rule("block:2;n=64") and "changes the recursion" in status.show_message.call_args.args[0]
    )


def test_a_game_over_another_is_compared_with_it_in_one_step():
    session, _, status, controller = _rules()
    controller.request("pass:n=64")
    controller.compare_with_base()
    assert session.compare == Wythoff() and "orange" in status.show_message.call_args.args[0]
    controller.stop_comparing()
    controller.request("nim")
    controller.compare_with_base()
    assert session.compare is None and "no game over another" in status.show_message.call_args.args[0]


def test_a_refused_or_cancelled_rule_leaves_the_selector_on_the_rule_in_effect():
    """Issue 10 item 3 (seen while building this): a cancelled dialog left 'Custom rule…' shown."""
    session, selector, status, controller = _rules()
    controller.request("custom:one=x")
    assert session.rule == Wythoff()
    selector.set_rule.assert_called_with(Wythoff())
    assert "one=x" in status.show_message.call_args.args[0] or "'x'" in status.show_message.call_args.args[0]
    selector.reset_mock()
    controller.cancelled()
    selector.set_rule.assert_called_once_with(Wythoff())


def test_every_colour_mode_under_every_rule_and_misere_says_what_g_means():
    session, selector, status, controller = _rules()
    for mode in (GRUNDY, REMOTENESS, HOT_COLD):
        controller.request_mode(mode)
        assert session.mode == mode
    controller.request_mode(GRUNDY)
    controller.request("misere")
    assert session.mode == GRUNDY  # G of the same moves is still shown: the status says what it is
    controller.request_mode(GRUNDY)
    assert "normal play" in status.show_message.call_args.args[0]
    controller.request_mode("sepia")
    assert session.mode == GRUNDY and "sepia" in status.show_message.call_args.args[0]
    selector.set_mode.assert_called_with(GRUNDY)


def test_query_history_keeps_to_its_budget():
    """Issue 10 item 6: imported batches stayed in memory for ever; the oldest go first now."""
    import numpy as np

    from explorer.core import budget
    from explorer.session.model import BatchRecord, QueryRecord, Session

    s = Session()
    rows = budget.HISTORY_BYTES // (5 * 8) // 3 + 1  # a third of the budget and a little more
    col = np.zeros(rows, dtype=np.int64)
    dropped = [s.add_query(BatchRecord(col, col, col, col, col, "closed-form", "wythoff")) for _ in range(3)]
    s.add_query(QueryRecord(0, 0, 1, 1, 1, 4, "fenwick", "wythoff"))
    assert dropped[:2] == [0, 0] and dropped[2] == rows  # the third batch pushed the first out
    assert sum(r.nbytes for r in s.queries) <= budget.HISTORY_BYTES
    assert len(s.queries) == 3 and isinstance(s.queries[-1], QueryRecord)


def _last_busy_or_report(inspector):  # type: ignore[no-untyped-def]
    """The last call that set the inspector's status line: set_busy or set_report."""
    calls = [c for c in inspector.method_calls if c[0] in ("set_busy", "set_report")]
    return calls[-1] if calls else None


def test_a_refusal_from_a_worker_clears_working_out():
    """Issue 28 item 5: under custom n=256, selecting (10^6565 + 12345, 10^6566 + 999) showed the
    refusal but left 'Working out (…)…' above it; only answers from a worker cleared it."""
    session = Session(rule=parse_rule("custom:one=1 2 3;both=1;a=1;n=256"))
    _, inspector, _, controller = _selection(session)
    a, b = 10**6565 + 12345, 10**6566 + 999
    controller.request(a, b)
    inspector.set_busy.assert_called_once_with(a, b)  # large: it went to a worker
    assert "[0, 256)" in session.message
    name, args, _ = _last_busy_or_report(inspector)
    assert (name, args) == ("set_report", (None,))


def test_an_error_or_a_cancel_clears_working_out_too():
    class _Boom(Exception):
        pass

    session = Session()
    _, inspector, _, controller = _selection(session)
    import explorer.gui.controllers.selection as selection

    big = 10**7000
    original = selection.report
    selection.report = lambda *_: (_ for _ in ()).throw(_Boom("broken"))  # type: ignore[assignment]
    try:
        controller.request(big, big + 1)
    finally:
        selection.report = original
    assert "broken" in session.message
    assert _last_busy_or_report(inspector)[0:2] == ("set_report", (None,))
    inspector.reset_mock()
    jobs = _Held()
    session, inspector, _, controller = _selection(jobs=jobs)
    controller.request(big, big + 1)
    controller.clear()
    assert _last_busy_or_report(inspector)[0:2] == ("set_report", (None,))


# ----- controllers of long work: real workers (LatestJob), mocked views --------------------------
def _work_view():  # type: ignore[no-untyped-def]
    from explorer.session.views import WorkView

    return MagicMock(spec=WorkView)


def test_a_growth_reaches_the_model_and_a_refused_selection_is_asked_again(qtbot):
    """Issue 35: a sequence's solved range grew inside the engine and a controller redrew and
    re-asked by hand. Now the growth controller only tells the model how far the rule is solved
    (`Session.solved`); the selection controller hears it and asks again about the position it
    was refused."""
    from explorer.gui.controllers.growth import GrowthController
    from explorer.gui.jobs import LatestJob

    rule = parse_rule("gdwn:1,3")
    session = Session(rule=rule)
    assert session.solved == rule.bound
    far = rule.bound + 1000
    *_, selection = _selection(session)
    selection.request(far, far + 7)
    assert session.report is None and "lies beyond" in session.message
    grid, work = MagicMock(spec=GridView), _work_view()
    grid.visible_cells.return_value = (0, 0, 100, 100)
    growth = follow(GrowthController(session, grid, work, LatestJob(), ManualScheduler()))
    heard = []
    session.events.solved.connect(heard.append)
    growth.request(far + 8)
    work.working.assert_called()
    qtbot.waitUntil(lambda: not growth.busy and bool(heard), timeout=30_000)
    assert heard[-1] == session.solved == rule.bound > far + 7
    assert session.report is not None and (session.report.a, session.report.b) == (far, far + 7)
    assert session.message == ""
    assert any("Solved on [0, " in str(c) for c in work.say.call_args_list)


def test_values_live_in_the_model_and_go_with_the_rule(qtbot):
    """The values' cache is the session's: it is made anew when the rule changes (nothing pushes
    it into the grid), and each growth bumps `values_known` so views redraw."""
    from explorer.gui.controllers.values import ValuesController
    from explorer.gui.jobs import LatestJob

    session = Session()
    inspector, work = MagicMock(spec=InspectorView), _work_view()
    values = follow(ValuesController(session, inspector, work, LatestJob, ManualScheduler()))
    first = session.values
    assert values.cache is first and first is not None and first.rule == session.rule
    known = session.values_known
    session.mode = REMOTENESS
    qtbot.waitUntil(lambda: not values.busy and session.values_known > known, timeout=30_000)
    assert first.side >= 256 and first.remoteness(1, 2) == 2
    session.rule = Nim()
    assert session.values is not first and session.values.rule == Nim() and values.cache is session.values
    work.hide.assert_called()
    assert session.values.grundy(5, 3) == 6  # Nim's closed form, known without a corner


def test_play_against_a_mocked_panel_plays_by_the_rules_and_goes_with_the_rule(qtbot):
    """The Play controller knows its panel only as a PlayView: a game started from a hot
    position, a winning move, Undo's state, and a rule change that ends the game."""
    from explorer.gui.controllers.play import PlayController
    from explorer.session.views import PlayView

    session = Session()
    panel, grid = MagicMock(spec=PlayView), MagicMock(spec=GridView)
    scheduler = ManualScheduler()
    play = follow(PlayController(session, panel, grid, scheduler))
    play.new_game(4, 4, human_first=True)  # hot: (4, 4) -> (0, 0) wins
    assert session.game is not None and play.active
    grid.center_on.assert_called()
    assert play.handle_click(0, 0)
    assert session.game.path[-1] == (0, 0) and session.game.over
    panel.set_turns.assert_called_with(True, False)
    assert "won" in panel.set_status.call_args[0][0].lower() or "win" in panel.set_status.call_args[0][0].lower()
    session.rule = Nim()
    assert session.game is None
    assert session.marks.path == ()
    panel.set_turns.assert_called_with(False, False)


def test_structure_npiles_and_build_against_mocked_views():
    """Controllers whose views were untyped panels: each now takes its view's protocol."""
    from explorer.gui.controllers.npiles import NPilesController
    from explorer.gui.controllers.structure import StructureController
    from explorer.session.views import NPilesView, StructureView

    session = Session(rule=parse_rule("custom:one=any;both=any;n=32"))
    view = MagicMock(spec=StructureView)
    structure = follow(StructureController(session, view, InlineJobs(), ask_path=lambda: None))
    structure.refresh()
    assert "no sequence of cold pairs" in view.set_unavailable.call_args[0][0]  # a square: a capability it lacks
    session.rule = Wythoff()
    structure.refresh()
    summary, ratio, offset, largest = view.set_structure.call_args[0]
    assert "Wythoff" in summary and len(ratio[0]) == len(offset[0]) > 0
    assert max(abs(int(v)) for v in offset[1]) <= 1 and max(abs(int(v)) for v in largest[1]) <= 1  # on its line

    panel = MagicMock(spec=NPilesView)
    npiles = NPilesController(panel, InlineJobs())
    npiles.request((1, 2, 3))  # an odd number of piles: G is the XOR, 1 ^ 2 ^ 3 = 0
    text = panel.set_result.call_args[0][0]
    assert "G = 0" in text and "loses" in text


def test_npiles_plays_three_heaps_against_the_computer_by_the_definition():
    """Issue 66: the n-piles tab plays Fraenkel's three heaps (and says which game it plays); the
    verdict and the computer's replies follow the soak oracle's definition; a move that is not one
    of the game's is refused in a sentence, and the game goes on."""
    from explorer.gui.controllers.npiles import NPilesController
    from explorer.session.views import NPilesView
    from soak.oracle import heap_moves, heaps_solved

    cold = heaps_solved("wythoff3", 5, 9)
    panel = MagicMock(spec=NPilesView)
    npiles = NPilesController(panel, InlineJobs())
    npiles.choose_game("wythoff3")
    npiles.request((1, 2, 3))
    assert ("cold" in panel.set_result.call_args[0][0]) == cold[(1, 2, 3)]
    npiles.request((1, 2))
    assert "three heaps" in panel.set_error.call_args[0][0]
    npiles.request((10**100_000,) * 3)  # refused before any work (the work estimate summed over every slice)
    assert "at most 256" in panel.set_error.call_args[0][0]
    npiles.request((3, 5, 10**40))
    assert "over the limit" in panel.set_error.call_args[0][0]
    npiles.new_game((5, 4, 8))
    game = npiles.game
    assert game is not None and game.position == (5, 4, 8)
    npiles.request((5, 5, 8))  # heaps do not grow
    assert "not one move" in panel.set_error.call_args[0][0] and game.position == (5, 4, 8)
    rng = random.Random(7)
    while npiles.game is not None:
        here = game.position
        mine = rng.choice([t for t in heap_moves("wythoff3", *here)])
        npiles.request(mine)
        assert game.path[-2] == mine or game.over
        if not game.over:  # the computer's reply: to a cold position whenever one is a move away
            reply = game.position
            assert reply in heap_moves("wythoff3", *mine)
            if any(cold[t] for t in heap_moves("wythoff3", *mine)):
                assert cold[reply], (mine, reply)
    assert "won" in panel.set_result.call_args[0][0]


def test_sums_against_a_mocked_panel_follow_the_selection_rule_and_heaps():
    """The Sums controller: the selected position plus heaps, answered by Sprague–Grundy (checked
    against G by its definition); a move played changes the parts; misère refuses in a sentence;
    a late answer for another sum is dropped."""
    from explorer.gui.controllers.sums import SumsController
    from explorer.session.views import SumsView
    from tests.oracles import grundy_table

    g = grundy_table(30)
    session = Session()
    panel = MagicMock(spec=SumsView)
    session.front = frozenset({"sums"})
    sums = follow(SumsController(session, panel, InlineJobs()))
    session.selection = (4, 9)
    sums.set_parts((5, 3), None)
    html, moves = panel.set_result.call_args.args
    total = g[4][9] ^ 5 ^ 3
    assert f"<b>{total}</b>" in html and ("P" in html if total == 0 else len(moves) > 0)
    # the cells the position's own winning moves lead to, in the model for the grid to draw
    moves_from = {(x, 9) for x in range(4)} | {(4, y) for y in range(9)} | {(4 - k, 9 - k) for k in range(1, 5)}
    assert set(session.sum_moves) == {c for c in moves_from if g[c[0]][c[1]] == g[4][9] ^ total}
    session.set_front("inspector", True)
    session.set_front("sums", False)  # another tab in front: its moves leave the grid
    assert session.sum_moves == ()
    session.set_front("sums", True)
    assert set(session.sum_moves) == {c for c in moves_from if g[c[0]][c[1]] == g[4][9] ^ total}
    before = (session.selection, session.sum_parts.heaps)
    sums.play(0)  # the first winning move: the sum becomes cold
    after_total = g[session.selection[0]][session.selection[1]]
    for h in session.sum_parts.heaps:
        after_total ^= h
    assert after_total == 0 and (session.selection, session.sum_parts.heaps) != before
    html, moves = panel.set_result.call_args.args
    assert "loses" in html and moves == []
    # the grid shows the game plus a heap: hot/cold colouring, the panel follows the model
    session.mode = "grundy"
    sums.show_heap(3)
    assert (session.heap, session.mode) == (3, "hot/cold") and panel.set_grid_heap.call_args.args == (3,)
    session.rule = parse_rule("misere")
    assert "misère" in panel.set_error.call_args.args[0] and session.sum_moves == () and session.heap == 0
    sums.show_heap(2)  # refused in a sentence: misère values do not decide sums
    assert session.heap == 0 and "misère" in panel.set_error.call_args.args[0]
    # a late answer for another sum: dropped
    session.rule = Wythoff()
    question = sums.question()
    panel.reset_mock()
    session.selection = (2, 2)
    from explorer.gui.controllers.sums import answer_sum

    sums._answered(question, answer_sum(question))
    assert all("(4, 9)" not in str(c) for c in panel.set_result.call_args_list)
    # behind another tab, the panel costs nothing: the sum is worked out when it comes to the front
    session.set_front("sums", False)
    panel.reset_mock()
    session.selection = (7, 3)
    panel.set_result.assert_not_called()
    session.set_front("sums", True)
    assert "G(7, 3)" in panel.set_result.call_args.args[0]


@pytest.mark.slow  # a few seconds: `make test` runs it, the quick tier does not
def test_structure_of_one_grundy_value_against_the_corner_table():
    """The Structure view of value h: the upper cells of value h in increasing x, each of value h
    in the rule's corner table, their offsets y − ⌊φx⌋ exact; misère refuses in a sentence."""
    import numpy as np

    from explorer.core.game.sequence import lower
    from explorer.gui.controllers.structure import StructureController
    from explorer.session.views import StructureView

    session = Session(rule=parse_rule("maharaja"))
    view = MagicMock(spec=StructureView)
    structure = follow(StructureController(session, view, InlineJobs(), ask_path=lambda: None))
    structure.choose_value(3)
    summary = view.set_structure.call_args[0][0]
    assert "value <b>3</b>" in summary
    s = structure.current
    g = np.asarray(session.rule.value_table(1500, 2500).grundy)
    inside = s.xs < 1500
    assert list(s.xs) == sorted(s.xs) and np.all(s.ys >= s.xs)
    assert all(g[x, y] == 3 for x, y in zip(s.xs[inside], s.ys[inside], strict=True) if y < 2500)
    want = {(x, y) for x, y in zip(*np.nonzero(g[:1500, :2500] == 3), strict=True) if x <= y}
    assert want <= set(zip(s.xs.tolist(), s.ys.tolist(), strict=True))
    triples = zip(s.xs[:50].tolist(), s.ys[:50].tolist(), s.offset[:50].tolist(), strict=True)
    assert all(o == y - lower(x) for x, y, o in triples)
    session.rule = parse_rule("misere")
    structure.shown()
    assert "misère" in view.set_unavailable.call_args[0][0]


@pytest.mark.slow  # a few seconds: `make test` runs it, the quick tier does not
def test_the_structure_tabs_bfile_is_the_cells_shown(tmp_path):
    """Export b-file… on the Structure tab: Wythoff's pairs from n = 1 are A000201 / A001950 (OEIS's
    first terms), a value's cells from n = 0 are its cells by the definition of G."""
    from explorer.gui.controllers.structure import StructureController
    from explorer.session.views import StructureView
    from tests.oracles import grundy_table

    def terms(path):  # type: ignore[no-untyped-def]
        lines = path.read_text().splitlines()
        return int(lines[0].split()[0]), [int(line.split()[1]) for line in lines[:20]]

    session = Session(rule=Wythoff())
    view = MagicMock(spec=StructureView)
    asked: list[tuple[str, bool]] = []
    structure = follow(
        StructureController(session, view, InlineJobs(), ask_path=lambda: None, ask_bfile=lambda: asked[-1])
    )
    structure.refresh()
    asked.append((str(tmp_path / "lower.txt"), False))
    structure.export_bfile()
    asked.append((str(tmp_path / "upper.txt"), True))
    structure.export_bfile()
    assert terms(tmp_path / "lower.txt") == (
        1,
        [1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32],
    )
    assert terms(tmp_path / "upper.txt") == (
        1,
        [2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52],
    )
    structure.choose_value(2)
    asked.append((str(tmp_path / "g2.txt"), True))
    structure.export_bfile()
    g = grundy_table(200)
    cells = sorted((x, y) for x in range(200) for y in range(x, 200) if g[x][y] == 2)
    assert terms(tmp_path / "g2.txt") == (0, [y for _, y in cells[:20]])
    assert "Wrote the b-file" in view.set_busy.call_args[0][0]
