"""The query panel driven as a person does (the panel alone, on a desk; the Shift-drag and the
density plot in the window), answers checked against brute force. The controller's
own checks (counts, batches, export, the history) run with a mocked panel: test_queries_mocked.py."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton, QTableWidget

from explorer.core import cold_cells_in
from tests.gui.helpers import wait_event, widget_point
from tests.oracles import cold_table


def ask(qtbot, desk, x0: str, y0: str, x1: str, y1: str) -> str:
    if hasattr(desk, "panels"):  # a window: the panel is built as showing its tab would
        desk.panels.build("queries")
    else:
        desk.query_panel  # noqa: B018  (the desk builds a lone panel when first asked for)
    for name, text in (("queryX0", x0), ("queryY0", y0), ("queryX", x1), ("queryY", y1)):
        edit = desk.findChild(QLineEdit, name)
        edit.clear()
        qtbot.keyClicks(edit, text)
    qtbot.mouseClick(desk.findChild(QPushButton, "queryRun"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not desk.queries.busy, timeout=30_000)
    return desk.findChild(QLabel, "queryResult").text()


def brute(x0: int, y0: int, x1: int, y1: int) -> int:
    cold = cold_table(120)
    return sum(cold[x][y] for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))


@pytest.mark.parametrize(("x0", "y0", "x1", "y1"), [(0, 0, 10, 10), (20, 30, 90, 110)])
def test_counts_typed_in_the_panel_against_definition(qtbot, desk, x0, y0, x1, y1):
    """The panel's fields to the grid's outline and the history table (the controller alone, with
    more rectangles, in test_queries_mocked.py); the shares all read as percentages."""
    text = ask(qtbot, desk, str(x0) if x0 else "", str(y0) if y0 else "", str(x1), str(y1))
    want = brute(x0, y0, x1, y1)
    cells = (x1 - x0 + 1) * (y1 - y0 + 1)
    assert f"<b>{want}</b> cold cells of {cells}" in text and "fenwick" in text
    assert desk.session.marks.query == (x0, y0, x1, y1)  # the grid outlines it
    table = desk.findChild(QTableWidget, "queryHistory")
    assert table.item(table.rowCount() - 1, 4).text() == str(want)
    assert table.item(table.rowCount() - 1, 6).text().endswith(" %")


@pytest.mark.parametrize(
    ("x0", "x1", "message"), [("", "-5", "negative"), ("", "abc", "not a whole number"), ("9", "3", "empty")]
)
def test_bad_input_is_shown_and_the_panel_keeps_working(qtbot, desk, x0, x1, message):
    text = ask(qtbot, desk, x0, "", x1, "7")
    assert message in text
    text = ask(qtbot, desk, "", "", "10", "10")
    assert f"<b>{brute(0, 0, 10, 10)}</b>" in text


def test_shift_drag_selects_a_rectangle(qtbot, window):
    grid = window.grid
    start, end = widget_point(grid, 2, 1), widget_point(grid, 9, 6)
    viewport = grid.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, start)
    steps = 8
    for i in range(1, steps + 1):
        p = QPoint(start.x() + (end.x() - start.x()) * i // steps, start.y() + (end.y() - start.y()) * i // steps)
        qtbot.mouseMove(viewport, p)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, end)
    qtbot.waitUntil(lambda: grid.query_rect is not None, timeout=5000)
    assert grid.query_rect == (2, 1, 9, 6)
    assert f"<b>{brute(2, 1, 9, 6)}</b>" in window.findChild(QLabel, "queryResult").text()


def test_batch_import_can_be_cancelled(qtbot, desk, tmp_path):
    n = 3_000_000  # long enough that Cancel always arrives first, even on a loaded machine
    path = tmp_path / "big.txt"
    path.write_text(f"{n}\n" + "7 9\n" * n)
    with wait_event(qtbot, desk.queries.batchFinished, timeout=60_000) as blocker:
        desk.query_panel.importRequested.emit(str(path))
        qtbot.waitUntil(lambda: desk.query_panel.cancel.isVisible(), timeout=20_000)
        qtbot.mouseClick(desk.query_panel.cancel, Qt.MouseButton.LeftButton)
    assert blocker.args == [-1]
    assert "cancelled" in desk.findChild(QLabel, "queryResult").text()
    text = ask(qtbot, desk, "", "", "10", "10")  # still works afterwards
    assert "fenwick" in text


def test_density_plot_is_exact_and_near_its_asymptote(qtbot, window):
    window.panels.build("queries")  # built as showing its tab would
    panel = window.query_panel
    assert not panel.plot_holder.built  # its tab starts hidden: the plot waits (part of 40 ms of start-up)
    window.show_panel("queries")
    qtbot.waitUntil(lambda: panel.plot_holder.built, timeout=5_000)
    assert panel.plot.isVisible()
    n, share = panel.plot_n, panel.plot_share
    assert share[-1] == cold_cells_in(int(n[-1]), int(n[-1])) / (int(n[-1]) + 1) ** 2
    phi = (1 + 5**0.5) / 2
    assert abs(share[-1] * n[-1] / (2 / phi**2) - 1) < 1e-3


def test_a_question_pending_when_the_rule_changes_is_dropped_and_said_so(qtbot, desk):
    """Seen trying the desk: switching to Nim while a Wythoff query grew the index left
    'Growing the index…' on screen for good (the Wythoff answer itself was rightly dropped)."""
    desk.queries.counter.max_cells = 1 << 24
    desk.query_panel.set_rectangle(0, 0, 12_000_000, 9_000_000)
    desk.query_panel.submit()
    assert desk.queries.busy
    desk.set_rule("nim")
    qtbot.waitUntil(lambda: not desk.queries.busy, timeout=30_000)
    qtbot.wait(50)
    text = desk.findChild(QLabel, "queryResult").text()
    assert "Growing" not in text and "Nim" in text and "dropped" in text
    assert not any(r.rule_key == "wythoff" for r in desk.session.queries)


def test_a_batch_can_be_imported_as_soon_as_the_one_before_is_finished(qtbot, desk, tmp_path):
    """batchFinished said the batch was over while the controller still called itself busy until the
    worker's `finished` arrived: a second import asked right then was refused ("Busy with another
    job"), now and then in a full test run."""
    path = tmp_path / "two.txt"
    path.write_text("2\n10 10\n100 7\n")
    finished: list[int] = []

    def again(total: int) -> None:
        finished.append(total)
        if len(finished) == 1:
            desk.query_panel.importRequested.emit(str(path))  # at once, in the same turn

    desk.queries.batchFinished.connect(again)
    desk.query_panel.importRequested.emit(str(path))
    qtbot.waitUntil(lambda: len(finished) == 2, timeout=30_000)
    assert finished == [2, 2] and "Busy" not in desk.query_panel.result.text()
    qtbot.waitUntil(lambda: not desk.queries.busy, timeout=10_000)
    assert [r.rule_key for r in desk.session.queries].count("wythoff") == 2


def test_a_finished_batch_keeps_neither_its_rule_nor_its_callbacks(qtbot, desk, tmp_path):
    """A batch's callbacks held its rule: connected to the worker's own signals, a cycle through
    Qt's connections that the collector cannot see kept the rule alive, and with it the rule's
    solved sequence (240 MiB of old sequences with no cache holding anything). Qt's thread pool
    may keep a finished worker itself (the last runnable of its thread), so the worker's request
    must hold nothing once it is over."""
    import gc
    import weakref

    from tests.gui.test_value_modes import choose_rule

    choose_rule(qtbot, desk, "maharaja")
    rule = weakref.ref(desk.session.rule)
    path = tmp_path / "rects.txt"
    path.write_text("3\n0 0 40 40\n5 5 9 300\n2 7 1000 1000\n")
    with wait_event(qtbot, desk.queries.batchFinished, timeout=60_000) as blocker:
        desk.query_panel.importRequested.emit(str(path))
    assert blocker.args == [3]
    qtbot.waitUntil(lambda: not desk.queries.batch_jobs.busy, timeout=10_000)  # its worker has ended
    jobs = desk.queries.batch_jobs
    assert jobs._progress is None and jobs._partial is None  # the callbacks (holding the rule) went
    choose_rule(qtbot, desk, "wythoff")
    qtbot.wait(50)
    gc.collect()
    assert rule() is None


def test_while_comparing_a_rectangle_gives_each_kind_by_the_cells_themselves(qtbot, desk):
    from explorer.core.rules import parse_rule

    desk.query_panel  # noqa: B018
    desk.session.compare = parse_rule("nim")
    text = ask(qtbot, desk, "3", "2", "40", "50")
    cold = cold_table(120)
    cells = [(x, y) for x in range(3, 41) for y in range(2, 51)]
    both = sum(cold[x][y] and x == y for x, y in cells)
    first = sum(cold[x][y] and x != y for x, y in cells)
    second = sum(x == y and not cold[x][y] for x, y in cells)
    nim = parse_rule("nim").title  # the rules by their titles (issue 64), not their keys
    assert f"cold under both <b>{both}</b>, under Wythoff only <b>{first}</b>, under {nim} only <b>{second}</b>" in text
    assert "the rest lies at" in text  # where the corner's best shift fails, the first few cells named
    assert desk.session.queries[-1].count == both + first  # the history keeps the rule's own count
    desk.session.compare = None
    assert f"<b>{brute(3, 2, 40, 50)}</b> cold cells" in ask(qtbot, desk, "3", "2", "40", "50")
