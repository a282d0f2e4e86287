"""Sessions and bookmarks in the window: save, reopen in a fresh window, get the same state."""

from __future__ import annotations

import json
from unittest.mock import MagicMock

import pytest
from PySide6.QtCore import QSettings

from explorer.core.rules.closed import Wythoff
from explorer.gui.controllers.sessions import SessionController
from explorer.session import store
from explorer.session.jobs import InlineJobs
from explorer.session.model import Session
from tests.gui.test_issue10_repros import Answers

BIG = 10**100


def _fresh_window(qtbot, tmp_path, name):
    from explorer.gui.main_window import MainWindow

    win = MainWindow(settings=QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.resize(1100, 700)
    win.show()
    qtbot.waitExposed(win)
    return win


def _idle(window, qtbot):
    qtbot.waitUntil(lambda: not window.busy, timeout=30_000)


@pytest.mark.parametrize(
    ("rule", "mode", "far"),
    [
        ("wythoff:3", "grundy", True),
        ("nim", "remoteness", True),
        ("misere", "hot/cold", False),
        ("custom:one=1 2 3;both=1;a=1;n=64", "grundy", False),
    ],
)
def test_a_saved_session_reopens_to_the_same_state(qtbot, tmp_path, window, rule, mode, far):
    window.panels.build("play")  # built as showing its tab would
    window.play.reply_delay_ms = 0
    window.set_rule(rule)
    _idle(window, qtbot)
    window.rules.request_mode(mode)
    window.play.new_game(5, 7, True)
    assert window.play.handle_click(5, 6)  # a legal move under each of these rules
    _idle(window, qtbot)
    qtbot.waitUntil(lambda: window.session.game.to_move == "you" or window.session.game.over, timeout=5000)
    window.panels.build("queries")  # built as showing its tab would
    window.queries.run_query(0, 0, 40, 30)
    _idle(window, qtbot)
    a = BIG if far else 20
    window.select_position(a, a + 5)
    _idle(window, qtbot)
    window.sessions.show_view((a - 30, a - 20, a + 30, a + 20))
    window.sessions.add_bookmark("start")
    window.sessions.show_view((a - 60, a - 40, a + 60, a + 40))
    path = tmp_path / "one.json"
    assert window.files.save_session(str(path))
    first = json.loads(path.read_text())
    assert first["rule"] == rule and first["mode"] == mode and first["game"]["path"][1] == ["5", "6"]

    other = _fresh_window(qtbot, tmp_path, "other")
    other.files.open_session(str(path))
    _idle(other, qtbot)
    assert other.session.rule.key == rule
    assert other.rule_bar.rules.currentData() is not None
    assert other.session.mode == mode and other.session.selection == (a, a + 5)
    assert [b.name for b in other.session.bookmarks] == ["start"]
    assert other.session.game is not None and other.session.game.path == window.session.game.path
    other.panels.build("queries")  # the history, drawn from the session when the tab is built
    assert other.query_panel.history.rowCount() == 1
    again = tmp_path / "two.json"
    assert other.files.save_session(str(again))
    assert json.loads(again.read_text()) == first  # exactly the same state
    assert str(path) in window.files.recent_files()[0] or str(path.resolve()) == window.files.recent_files()[0]
    if not far:  # a comparison and Alter mode come back, the menu item checked
        other.rules.request_compare("wythoff")
        _idle(other, qtbot)
        other.menus.actions["alter_mode"].trigger()
        assert other.session.altering
        other.menus.actions["phi_lines"].trigger()  # the golden lines on, the cell borders off
        other.menus.actions["grid_lines"].trigger()
        assert other.session.golden_lines and not other.session.cell_borders
        third_path = tmp_path / "three.json"
        assert other.files.save_session(str(third_path))
        third = _fresh_window(qtbot, tmp_path, "third")
        third.files.open_session(str(third_path))
        _idle(third, qtbot)
        assert third.session.compare is not None and third.session.compare.key == "wythoff"
        assert third.session.altering and third.menus.actions["alter_mode"].isChecked()
        assert third.menus.actions["phi_lines"].isChecked() and not third.menus.actions["grid_lines"].isChecked()
        assert all(line.isVisible() for line in third.grid.phi_lines) and not third.grid.borders.isVisible()


@pytest.mark.parametrize(
    "content",
    [b"not json at all", b'{"format": "wythoff-explorer-session", "version": 9}', None],
    ids=["garbage", "newer", "unknown-rule"],
)
def test_a_bad_file_leaves_the_session_as_it_was_and_says_why(qtbot, tmp_path, window, content):
    path = tmp_path / "bad.json"
    if content is None:
        doc = store.to_document(store.SavedSession(rule="wythoff"))
        doc["rule"] = "chess"
        content = json.dumps(doc).encode()
    path.write_bytes(content)
    window.set_rule("nim")
    window.select_position(4, 9)
    _idle(window, qtbot)
    window.dialogs = Answers()
    window.files.open_session(str(path))
    _idle(window, qtbot)
    assert len(window.dialogs.warnings) == 1 and "Nothing was changed" in window.dialogs.warnings[0]
    assert window.session.rule.key == "nim" and window.session.selection == (4, 9)
    window.select_position(2, 2)  # and the window keeps working
    _idle(window, qtbot)
    assert window.session.report is not None and window.session.report.a == 2


def test_a_game_that_breaks_the_rule_is_refused(qtbot, tmp_path, window):
    saved = store.SavedSession(rule="nim", game=store.SavedGame((5, 7), True, ((5, 7), (3, 5)), ("you",)))
    path = tmp_path / "g.json"
    store.save(path, saved)  # (5, 7) -> (3, 5) takes from both piles: not a Nim move
    window.dialogs = Answers()
    window.files.open_session(str(path))
    _idle(window, qtbot)
    assert "not a legal move" in window.dialogs.warnings[0]
    assert window.session.rule.key == "wythoff"


def test_bookmarks_are_named_listed_jumped_to_and_deleted(qtbot, window):
    window.dialogs = Answers("  far out  ", "")
    window.sessions.show_view((BIG, BIG, BIG + 50, BIG + 30))
    window.asks.ask_bookmark()
    window.asks.ask_bookmark()  # an empty name: refused with a message
    assert [b.name for b in window.session.bookmarks] == ["far out"]
    assert window.dialogs.warnings and "name" in window.dialogs.warnings[0]
    window.grid.reset_view()
    window.menus.bookmarks_menu.aboutToShow.emit()
    names = [a.text() for a in window.menus.bookmarks_menu.actions()]
    assert "far out" in names
    next(a for a in window.menus.bookmarks_menu.actions() if a.text() == "far out").trigger()
    x0, y0, x1, y1 = window.grid.visible_cells()
    assert x0 <= BIG + 25 <= x1 and y0 <= BIG + 15 <= y1
    window.sessions.delete_bookmark("far out")
    assert window.session.bookmarks == ()


def test_the_controller_with_mocked_views(tmp_path):
    """ndv's pattern: the controller alone, its views mocked, its jobs inline."""
    session = Session()
    grid = MagicMock()
    grid.visible_cells.return_value = (0, 0, 30, 20)
    warn, status, select, clear, restore = (MagicMock() for _ in range(5))
    c = SessionController(session, grid, select, clear, restore, warn, status, InlineJobs())
    path = tmp_path / "s.json"
    store.save(path, store.SavedSession(rule="nim", view=(5, 6, 25, 16), mode="grundy", selection=(3, 4)))
    c.open(str(path))
    assert session.rule.key == "nim" and session.mode == "grundy" and session.view == (5, 6, 25, 16)
    grid.set_view.assert_called_with(5, 6, 24, 15)
    select.assert_called_once_with(3, 4)
    restore.assert_called_once_with(None)
    assert session.queries == ()
    warn.assert_not_called()
    path.write_text("{")
    c.open(str(path))
    warn.assert_called_once()
    assert session.rule.key == "nim"
    assert session.rule != Wythoff()


def test_the_comparison_and_the_alter_mode_come_back(tmp_path):
    """A session saved while comparing two rules, in Alter mode, reopens comparing the same two
    rules and still altering (mocked views, inline jobs)."""
    from explorer.core.rules.registry import parse_rule

    session = Session()
    grid = MagicMock()
    grid.visible_cells.return_value = (0, 0, 30, 20)
    c = SessionController(session, grid, *(MagicMock() for _ in range(5)), InlineJobs())
    session.rule = parse_rule("alter:terminal=2")
    session.compare = parse_rule("wythoff")
    session.altering = True
    path = tmp_path / "s.json"
    assert c.save(str(path))

    fresh = Session()
    warn = MagicMock()
    d = SessionController(fresh, grid, MagicMock(), MagicMock(), MagicMock(), warn, MagicMock(), InlineJobs())
    d.open(str(path))
    warn.assert_not_called()
    assert fresh.rule.key == "alter:terminal=2"
    assert fresh.compare is not None and fresh.compare.key == "wythoff"
    assert fresh.altering
    assert fresh.saved() == session.saved()
    # A file without them opens without comparing, out of Alter mode.
    store.save(path, store.SavedSession(rule="nim"))
    d.open(str(path))
    assert fresh.compare is None and not fresh.altering


def test_the_cell_borders_and_the_golden_lines_come_back(tmp_path):
    """View ▸ Cell borders and Golden lines are the session's: shown as saved when it reopens
    (mocked views, inline jobs)."""
    session = Session()
    grid = MagicMock()
    grid.visible_cells.return_value = (0, 0, 30, 20)
    c = SessionController(session, grid, *(MagicMock() for _ in range(5)), InlineJobs())
    c.show_lines(golden=True)
    assert session.golden_lines and session.cell_borders
    c.show_lines(borders=False)
    assert session.golden_lines and not session.cell_borders
    path = tmp_path / "s.json"
    assert c.save(str(path))

    fresh = Session()
    d = SessionController(fresh, grid, *(MagicMock() for _ in range(5)), InlineJobs())
    d.open(str(path))
    assert fresh.golden_lines and not fresh.cell_borders
    assert fresh.saved() == session.saved()
    store.save(path, store.SavedSession(rule="nim"))  # a file without them: the defaults
    d.open(str(path))
    assert fresh.cell_borders and not fresh.golden_lines
