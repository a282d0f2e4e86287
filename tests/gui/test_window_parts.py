"""Issue 48: the window as parts. One composition root connects everything; controllers are plain
objects; what a panel shows is session state, and a panel works only while it is in front."""

from __future__ import annotations

import ast
import inspect
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QObject

from explorer.gui import compose, main_window

GUI = Path(compose.__file__).resolve().parent


def _sum_text(window) -> str:  # type: ignore[no-untyped-def]
    window.panels.build("sums")  # built as showing its tab would
    return re.sub(r"<[^>]+>", "", window.sums_panel.result.text())


def _evaluate(qtbot, window, heaps: str) -> None:  # type: ignore[no-untyped-def]
    window.panels.build("sums")  # built as showing its tab would
    window.sums_panel.heaps.setText(heaps)
    window.sums_panel.evaluate()
    qtbot.waitUntil(lambda: not window.sums.busy, timeout=30_000)


# ----- one composition root --------------------------------------------------------------------------
def test_only_the_root_connects_and_the_window_init_is_short():
    init = inspect.getsource(main_window.MainWindow.__init__)
    assert len(init.strip().splitlines()) <= 50
    for path in [GUI / "main_window.py", GUI / "menus.py", GUI / "window_pool.py", *(GUI / "controllers").glob("*.py")]:
        calls = [
            node
            for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "connect"
        ]
        assert not calls, f"{path.name} connects {len(calls)} signal(s): only explorer/gui/compose.py does"


def test_controllers_are_plain_objects_made_with_everything(window):
    from explorer.session.views import PANELS

    assert window.panels.made == {"inspector"}  # the other panels are built when first shown
    for name in PANELS:
        window.show_panel(name)
    assert window.panels.made == set(PANELS)
    assert len(window.controllers) >= 14
    for controller in window.controllers:
        assert not isinstance(controller, QObject), type(controller).__name__
    # nothing is set on a controller after it is made: its attributes are those its constructor set
    for controller in window.controllers:
        source = inspect.getsource(type(controller).__init__)
        for name in vars(controller):
            assert f"self.{name}" in source, f"{type(controller).__name__}.{name} was set from outside"


def test_every_view_has_the_requests_its_protocol_declares(window):
    """The root connects what the view protocols declare (explorer.session.views): each panel
    emits each of its protocol's requests as a signal."""
    from PySide6.QtCore import SignalInstance

    from explorer.session.views import PANELS, REQUESTS

    for name in PANELS:  # each panel built, as showing its tab builds it
        window.panels.build(name)
    views = {
        "InspectorView": window.inspector,
        "GridView": window.grid,
        "RuleSelectorView": window.rule_bar,
        "QueryView": window.query_panel,
        "PlayView": window.play_panel,
        "BuildView": window.build_panel,
        "StructureView": window.structure_panel,
        "NPilesView": window.npiles_panel,
        "SumsView": window.sums_panel,
        "ArrayView": window.array_panel,
        "SequenceView": window.sequence_panel,
        "RowsView": window.rows_panel,
        "SlicesView": window.slices_panel,
    }
    assert set(REQUESTS) == set(views) and all(REQUESTS.values())
    for protocol, names in REQUESTS.items():
        for name in names:
            assert isinstance(getattr(views[protocol], name), SignalInstance), (protocol, name)


def test_building_a_panel_moves_nothing_on_screen(qtbot, window):
    """The panels are built when first shown; the grid's size, and so the cells in view, stay."""
    from explorer.gui.docks import PANEL_MIN_WIDTH
    from explorer.session.views import PANELS

    size, cells = window.grid.size(), window.grid.visible_cells()
    for name in PANELS:
        window.show_panel(name)
        qtbot.wait(20)
        assert window.docks[name].widget().minimumSizeHint().width() <= PANEL_MIN_WIDTH or name == "inspector"
        assert window.grid.size() == size and window.grid.visible_cells() == cells, name


# ----- a panel works only while it is in front --------------------------------------------------------
def test_the_sums_panel_neither_works_nor_draws_behind_another_tab(qtbot, window):
    window.show_panel("sums")
    qtbot.waitUntil(lambda: "sums" in window.session.front, timeout=5_000)
    window.select_position(5, 7)
    _evaluate(qtbot, window, "3")
    qtbot.waitUntil(lambda: bool(window.session.sum_moves), timeout=30_000)
    window.show_panel("inspector")
    qtbot.waitUntil(lambda: "sums" not in window.session.front, timeout=5_000)
    assert window.session.sum_moves == ()  # its diamonds leave the grid
    window.select_position(1_000_000, 1_618_034)  # far: seconds of work, were the panel to do it
    qtbot.wait(200)
    assert not window.sums.busy and window.sums.answer is None and window.session.sum_moves == ()
    window.show_panel("sums")  # in front again: it answers what changed meanwhile
    qtbot.waitUntil(lambda: window.sums.answer is not None, timeout=60_000)
    assert "G(1000000, 1618034)" in _sum_text(window)


def test_no_answer_is_shown_for_heaps_that_are_no_longer_typed(qtbot, window):
    window.show_panel("sums")
    window.select_position(5, 7)
    _evaluate(qtbot, window, "3")
    assert "heap 3" in _sum_text(window)
    window.sums_panel.heaps.setText("abc")
    window.sums_panel.evaluate()
    assert "not a whole number" in _sum_text(window)
    window.select_position(4, 9)
    qtbot.wait(100)
    qtbot.waitUntil(lambda: not window.sums.busy, timeout=30_000)
    text = _sum_text(window)
    assert "not a whole number" in text and "⊕" not in text, text
    assert window.sums.answer is None and window.session.sum_moves == ()


def test_a_huge_heap_is_shown_short(qtbot, window):
    window.show_panel("sums")
    window.select_position(5, 7)
    _evaluate(qtbot, window, "9" * 5000)
    text = _sum_text(window)
    assert "…" in text or "..." in text
    moves = window.sums_panel.moves
    assert len(text) < 2000 and moves.count() and all(len(moves.item(i).text()) < 300 for i in range(moves.count()))


# ----- a saved session brings it all back ----------------------------------------------------------------
def test_the_sum_and_the_query_history_come_back_with_the_session(qtbot, window, tmp_path):
    from tests.gui.test_sessions import _fresh_window

    window.show_panel("sums")
    window.select_position(6, 11)
    window.sums_panel.use_second.setChecked(True)
    window.sums_panel.second.setText("4 7")
    _evaluate(qtbot, window, "3 5")
    for rect in ((0, 0, 100, 100), (3, 4, 50, 60)):
        window.panels.build("queries")  # built as showing its tab would
        window.queries.run_query(*rect)
    qtbot.waitUntil(lambda: len(window.session.queries) == 2 and not window.busy, timeout=30_000)
    path = tmp_path / "s.json"
    assert window.files.save_session(str(path))
    other = _fresh_window(qtbot, tmp_path, "other")
    other.files.open_session(str(path))
    qtbot.waitUntil(lambda: other.session.selection == (6, 11), timeout=30_000)
    assert other.session.sum_parts == window.session.sum_parts
    for name in ("sums", "queries"):  # built as showing their tabs would: they show the session's state
        other.panels.build(name)
    panel = other.sums_panel
    assert panel.heaps.text() == "3 5" and panel.use_second.isChecked() and panel.second.text() == "4 7"
    table = other.query_panel.history
    rows = [[table.item(r, c).text() for c in range(4)] for r in range(table.rowCount())]
    assert rows == [["0", "0", "100", "100"], ["3", "4", "50", "60"]]
    other.show_panel("sums")
    qtbot.waitUntil(lambda: other.sums.answer is not None, timeout=30_000)
    assert _sum_text(other) == _sum_text(window)


# ----- closing prints nothing -----------------------------------------------------------------------------
QUIT_FIRST = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    app = QApplication(sys.argv)
    from explorer.gui.main_window import MainWindow
    w = MainWindow()
    w.show()
    w.show_panel("sums")
    w.select_position(5, 7)
    w.sums.set_parts((3,), None)
    order = sys.argv[1]
    def end():
        if order == "close-first":
            w.close()
        app.quit()
    QTimer.singleShot(1500, end)
    app.exec()
    if order == "quit-then-delete":
        del w
    """
)


@pytest.mark.slow  # new processes of the window: not the inner loop
def test_closing_in_any_order_prints_nothing(tmp_path):
    script = tmp_path / "quit.py"
    script.write_text(QUIT_FIRST)
    env = {"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    orders = ("quit-first", "close-first", "quit-then-delete")
    running = {  # the three at once: each mostly waits for its timer
        order: subprocess.Popen(
            [sys.executable, str(script), order],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=tmp_path,
        )
        for order in orders
    }
    heard = {}
    try:
        for order, process in running.items():
            heard[order] = process.communicate(timeout=120)[1]
    finally:  # a failure leaves no process running into the next test (its warning failed that one)
        for process in running.values():
            if process.poll() is None:
                process.kill()
                process.communicate()
    for order, err in heard.items():
        noise = [line for line in err.splitlines() if "propagateSizeHints" not in line]
        assert running[order].returncode == 0 and not noise, (order, err[-2000:])


def test_no_attribute_read_builds_a_panel_and_the_root_sets_nothing_on_the_window(window):
    """Issue 65: the window built a panel as a side effect of reading an attribute (`__getattr__`),
    and the composition root set about 30 attributes on it. Now the root returns typed parts
    (explorer.gui.parts.WindowParts) that the window holds, and a panel is built when shown."""
    import dataclasses

    from explorer.gui.parts import NotBuilt, WindowParts

    assert window.panels.made == {"inspector"}
    with pytest.raises(NotBuilt, match=r"show_panel\('queries'\)"):
        _ = window.query_panel
    assert window.panels.made == {"inspector"}  # reading it built nothing
    window.show_panel("queries")
    assert window.query_panel is window.parts.panels.parts.query_panel
    assert "__getattr__" not in vars(main_window.MainWindow)
    for path in (GUI / "compose.py", GUI / "parts.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
            for t in targets:
                assert not (
                    isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id in ("w", "window")
                ), f"{path.name}:{node.lineno} sets an attribute on the window"
    hints = {f.name: f.type for f in dataclasses.fields(WindowParts)}
    assert all(hint not in ("Any", "object") for hint in hints.values()), hints  # each part typed
