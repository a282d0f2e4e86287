"""History independence (issue 35): a window brought to a state through a path of actions looks
like a fresh window brought to the same state directly: the inspector's text, the grid's
overlays (selection, arrows, path, Why?) and a grab of the grid."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel, QPushButton

from explorer.gui.main_window import MainWindow


def _settle(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not window.busy, timeout=60_000)
    qtbot.wait(40)
    qtbot.waitUntil(lambda: not window.busy, timeout=60_000)
    window.grid.render_now()
    qtbot.waitUntil(lambda: not window.busy, timeout=60_000)


def _fresh(qtbot, tmp_path, name: str) -> MainWindow:  # type: ignore[no-untyped-def]
    win = MainWindow(settings=QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.resize(1200, 760)
    win.show()
    qtbot.waitExposed(win)
    qtbot.wait(50)
    win.grid.reset_view()
    _settle(qtbot, win)
    return win


def _state(window) -> dict[str, object]:  # type: ignore[no-untyped-def]
    s = window.session
    labels = {
        label.objectName() or str(i): label.text()
        for i, label in enumerate(window.inspector.findChildren(QLabel))
        if label.isVisibleTo(window.inspector)
    }
    grid = window.grid
    return {
        "rule": s.rule.key,
        "selection": s.selection,
        "why": s.why,
        "build": s.build,
        "demo": s.demo,
        "heap": s.heap,
        "heap_drawn": grid.raster_heap,
        "message": s.message,
        "inspector": labels,
        "path": list(grid.path),
        "overlay": grid.overlay,
        "arrows": len(grid.arrows),
        "axes": tuple(grid.getPlotItem().getAxis(side).labelText for side in ("bottom", "left")),
        "first_heap": (window.rule_bar.first_heap.isVisibleTo(window), window.rule_bar.first_heap.value()),
    }


def _same(qtbot, walked, fresh) -> None:  # type: ignore[no-untyped-def]
    _settle(qtbot, walked)
    _settle(qtbot, fresh)
    a, b = _state(walked), _state(fresh)
    assert a == b
    view = (0, 0, 24, 16)
    for w in (walked, fresh):
        w.grid.set_view(*view)
        _settle(qtbot, w)
    assert walked.grid.grab().toImage() == fresh.grid.grab().toImage()


def _rule(qtbot, window, key: str) -> None:  # type: ignore[no-untyped-def]
    window.set_rule(key)
    qtbot.waitUntil(lambda: window.session.rule.key == key, timeout=60_000)
    _settle(qtbot, window)


def _select(qtbot, window, a: int, b: int) -> None:  # type: ignore[no-untyped-def]
    window.select_position(a, b)
    _settle(qtbot, window)


def _perfect_play(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.findChild(QPushButton, "showPerfectPlay").click()
    qtbot.waitUntil(lambda: bool(window.session.demo), timeout=10_000)
    window.demo.set_move_ms(5)
    qtbot.waitUntil(lambda: not window.demo.demo_playing, timeout=10_000)


Step = Callable[..., None]

PATHS: dict[str, tuple[list[tuple[Step, tuple]], list[tuple[Step, tuple]]]] = {
    # G and R vanished from the inspector after a rule change and back
    "rule there and back": (
        [(_select, (5, 7)), (_rule, ("maharaja",)), (_rule, ("wythoff",))],
        [(_select, (5, 7))],
    ),
    # Wythoff's perfect game stayed drawn under Maharaja
    "perfect play, then another rule": (
        [(_select, (9, 14)), (_perfect_play, ()), (_rule, ("maharaja",))],
        [(_rule, ("maharaja",)), (_select, (9, 14))],
    ),
    # "Move 3, … (1, 2) → (0, 0)" stayed under the next position
    "perfect play, then another position": (
        [(_select, (9, 14)), (_perfect_play, ()), (_select, (10, 12))],
        [(_select, (10, 12))],
    ),
    # three heaps (issue 66): the first heap turned, a move into another slice, another rule and back;
    # the axes' titles, the inspector's (a, b, c) and its triples must be the slice's in effect
    "three heaps, first heap and a move into another slice": (
        [
            (_rule, ("wythoff3:2;n=256",)),
            (_select, (3, 5)),
            (lambda q, w: w.rules.request_first_heap(1), ()),
            (_settle, ()),
            (lambda q, w: w.rules.request_first_heap(0, then=lambda: w.select_position(1, 2)), ()),
            (_settle, ()),
            (_rule, ("wythoff",)),
            (_rule, ("wythoff3:0;n=256",)),
        ],
        [(_rule, ("wythoff3:0;n=256",)), (_select, (1, 2))],
    ),
    # a move into another slice selected its cell with no report (a soak, seed 20261193)
    "three heaps, a move into another slice": (
        [
            (_rule, ("wythoff3:1;n=256",)),
            (_select, (3, 5)),
            (lambda q, w: w.rules.request_first_heap(0, then=lambda: w.select_position(1, 2)), ()),
            (_settle, ()),
        ],
        [(_rule, ("wythoff3:0;n=256",)), (_select, (1, 2))],
    ),
    # an old verdict stayed under an input error
    "a verdict, then junk typed": (
        [(_select, (5, 7)), (lambda q, w: w.selection.input_error("'x' is not a whole number"), ())],
        [(_select, (5, 7)), (lambda q, w: w.selection.input_error("'x' is not a whole number"), ())],
    ),
}


@pytest.mark.parametrize("name", list(PATHS))
def test_a_window_looks_the_same_whatever_the_path(qtbot, tmp_path, name):
    walk, direct = PATHS[name]
    walked, fresh = _fresh(qtbot, tmp_path, "walked"), _fresh(qtbot, tmp_path, "fresh")
    for step, args in walk:
        step(qtbot, walked, *args)
    for step, args in direct:
        step(qtbot, fresh, *args)
    _same(qtbot, walked, fresh)


def test_junk_typed_leaves_no_old_verdict(qtbot, window):
    window.select_position(5, 7)
    _settle(qtbot, window)
    window.selection.input_error("'x' is not a whole number")
    assert window.session.report is None and "not a whole number" in window.session.message
    assert window.session.selection is None and window.grid.selection is None


def test_why_shows_whether_it_is_on(qtbot, window):
    """Issue 35: Why? followed every selection while neither its button nor its menu item looked
    checked, and the first W after a new selection turned it off with nothing shown."""
    from PySide6.QtGui import QAction

    button = window.findChild(QPushButton, "whyButton")
    action = window.findChild(QAction, "whyAction")
    window.why.ask_why()  # nothing selected: stays off
    assert not button.isChecked() and not action.isChecked()
    _select(qtbot, window, 5, 7)
    button.click()
    _settle(qtbot, window)
    assert window.session.why == (5, 7) and button.isChecked() and action.isChecked()
    _select(qtbot, window, 9, 14)  # Why? follows the selection, and says so
    assert window.session.why == (9, 14) and button.isChecked() and action.isChecked()
    action.trigger()
    assert window.session.why is None and not button.isChecked() and not action.isChecked()


def test_winning_moves_are_listed_fastest_first(qtbot, window):
    """Issue 35: the text says "Fastest wins first", and the list below it now agrees. (5, 7) has
    three winning moves; their remoteness by definition orders them."""
    from tests.oracles import values_by_definition

    _, _, rem = values_by_definition(12, 12, "any", "any", 1)
    _select(qtbot, window, 5, 7)
    qtbot.waitUntil(lambda: window.values.cache.remoteness(5, 7) is not None, timeout=30_000)
    _settle(qtbot, window)
    from explorer.gui.panels.inspector import MOVE_ROLE

    listed = [window.inspector.moves.item(i).data(MOVE_ROLE) for i in range(3)]
    assert sorted(listed) == [(3, 5), (4, 7), (5, 3)]
    assert [rem[a][b] for a, b in listed] == sorted(rem[a][b] for a, b in listed)


def test_the_hover_text_follows_zooms_and_growth(qtbot, window):
    """Issue 35: after a wheel zoom the status bar named the cell that was under the pointer
    before; after View ▸ Extend it still said "beyond the square" of a cell now inside it."""
    grid = window.grid
    said: list[str] = []
    grid.hoverText.connect(said.append)
    grid.set_view(0, 0, 40, 26)
    _settle(qtbot, window)
    point = grid.scene_point_of_cell(30, 20)
    grid._on_mouse_moved(point)  # the pointer rests over (30, 20)
    assert said[-1].startswith("(30, 20)")
    grid.zoom(1 / 2)  # around the view's centre: another cell is under the pointer now
    _settle(qtbot, window)
    x, y = grid.cell_at_scene(point)
    assert (x, y) != (30, 20) and said[-1].startswith(f"({x}, {y})")

    _rule(qtbot, window, "maharaja")
    rule = window.session.rule
    # beyond what the window solves by itself (and what earlier tests solved of this shared
    # sequence), inside what Extend solves
    from explorer.core import budget
    from explorer.gui.controllers.growth import AUTO_COLUMNS

    far = 0
    for _ in range(4):  # a sequence shrunk by the memory budget may regrow what it had solved
        far = max(AUTO_COLUMNS, rule.bound) + 1000
        grid.set_view(far - 20, 0, far + 20, 26)
        _settle(qtbot, window)
        if rule.bound <= far:
            break
    assert rule.bound <= far < rule.reach_limit(budget.GENERATED_WINDOW_BYTES)
    grid._on_mouse_moved(grid.scene_point_of_cell(far, 5))
    assert "beyond the square" in said[-1]
    window.growth.extend()
    qtbot.waitUntil(lambda: rule.bound > far and not window.busy, timeout=60_000)
    _settle(qtbot, window)
    assert said[-1].startswith(f"({far}, 5)") and "beyond" not in said[-1]


def test_a_heap_on_the_grid_reached_through_other_states_draws_as_a_fresh_window(qtbot, window, tmp_path):
    """Grundy colouring under GDWN, then Wythoff, then the game plus a heap of 3 (Sums panel) draws
    what a fresh window set straight to a heap of 3 draws (issue 37)."""
    from explorer.session.model import GRUNDY

    _rule(qtbot, window, "gdwn:1,2")
    window.session.mode = GRUNDY
    window.grid.set_view(0, 0, 200, 150)
    _settle(qtbot, window)
    _rule(qtbot, window, "wythoff")
    window.panels.build("sums")  # built as showing its tab would
    window.sums.show_heap(3)
    fresh = _fresh(qtbot, tmp_path, "heap")
    fresh.panels.build("sums")
    fresh.sums.show_heap(3)
    _same(qtbot, window, fresh)


def _sums_state(window) -> dict[str, object]:  # type: ignore[no-untyped-def]
    window.panels.build("sums")  # built as showing its tab would
    panel = window.sums_panel
    return {
        "parts": window.session.sum_parts,
        "heaps": panel.heaps.text(),
        "second": (panel.use_second.isChecked(), panel.second.text() if panel.use_second.isChecked() else ""),
        "result": panel.result.text(),
        "moves": [panel.moves.item(i).text() for i in range(panel.moves.count())],
        "drawn": window.session.sum_moves,
    }


def test_the_sums_panel_reached_through_other_sums_shows_what_a_fresh_one_does(qtbot, window, tmp_path):
    """Issue 48: heaps typed and replaced, a bad entry, a second position ticked and unticked, a
    move played, another rule and back: the panel shows what a fresh window shows for the same
    position and heaps, and nothing of the sums before."""
    window.show_panel("sums")
    panel = window.sums_panel
    _select(qtbot, window, 6, 11)
    for typed in ("7 2", "abc", "1 1 1"):
        panel.heaps.setText(typed)
        panel.evaluate()
        _settle(qtbot, window)
    panel.use_second.setChecked(True)
    panel.second.setText("4 7")
    panel.evaluate()
    _settle(qtbot, window)
    if panel.moves.count():
        panel.moves.itemActivated.emit(panel.moves.item(0))
        _settle(qtbot, window)
    panel.use_second.setChecked(False)
    _rule(qtbot, window, "nim")
    _rule(qtbot, window, "wythoff")
    _select(qtbot, window, 5, 9)
    panel.heaps.setText("3 5")
    panel.evaluate()
    _settle(qtbot, window)

    fresh = _fresh(qtbot, tmp_path, "sums")
    fresh.show_panel("sums")
    _select(qtbot, fresh, 5, 9)
    fresh.sums_panel.heaps.setText("3 5")
    fresh.sums_panel.evaluate()
    _settle(qtbot, fresh)
    assert _sums_state(window) == _sums_state(fresh)
    _same(qtbot, window, fresh)


def _history(window) -> list[list[str]]:  # type: ignore[no-untyped-def]
    window.panels.build("queries")  # built as showing its tab would
    table = window.query_panel.history
    return [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]


def test_the_query_history_lists_the_sessions_answers_however_they_came(qtbot, window, tmp_path):
    """Issue 48: the history table is drawn from the session's answers: queries asked, a batch
    imported, a rule changed, then a session opened over it, shows what a fresh window that opens
    the same session shows (and the table holds no row the session does not)."""
    path = tmp_path / "rects.txt"
    path.write_text("3\n0 0 40 40\n5 5 9 300\n2 7 1000 1000\n")
    window.show_panel("queries")
    window.queries.run_query(0, 0, 100, 100)
    window.query_panel.importRequested.emit(str(path))
    _settle(qtbot, window)
    _rule(qtbot, window, "maharaja")
    window.queries.run_query(3, 4, 50, 60)
    _settle(qtbot, window)
    assert len(_history(window)) == 5 and _history(window)[-1][-1] == "maharaja"
    saved = tmp_path / "s.json"
    assert window.files.save_session(str(saved))
    window.queries.run_query(1, 1, 2, 2)  # then asked more, and opened the file over it
    _settle(qtbot, window)
    window.files.open_session(str(saved))
    _settle(qtbot, window)
    fresh = _fresh(qtbot, tmp_path, "history")
    fresh.files.open_session(str(saved))
    _settle(qtbot, fresh)
    assert _history(window) == _history(fresh)
    assert len(_history(fresh)) == len(window.session.queries) == 5
