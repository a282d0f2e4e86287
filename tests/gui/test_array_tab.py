"""The Array tab (issue 13 part 3): the Wythoff array, scrollable anywhere and exact at any size,
linked to the grid both ways. The controller is tested against a mocked view (the ndv way);
the panel and the link in a real window."""

from __future__ import annotations

from unittest.mock import MagicMock

import pytest
from PySide6.QtCore import Qt

from explorer.core import budget
from explorer.core.exact.bigint import short_decimal
from explorer.core.game.array import block, entry
from explorer.gui.controllers.array import ArrayController
from explorer.gui.panels.array import ROWS
from explorer.session.events import follow
from explorer.session.jobs import InlineJobs
from explorer.session.model import Session
from explorer.session.views import ArrayView
from soak import oracle
from tests.oracles import cold_table
from tests.test_controllers import _Held


def _controller(jobs=None):  # type: ignore[no-untyped-def]
    session, view, go_to = Session(), MagicMock(spec=ArrayView), MagicMock()
    return session, view, go_to, follow(ArrayController(session, view, jobs or InlineJobs(), go_to, InlineJobs()))


def _pairs(n: int) -> dict[int, int]:
    """lower -> upper over [0, n), by the game's definition."""
    cold = cold_table(n)
    return {x: y for x in range(1, n) for y in range(x + 1, n) if cold[x][y]}


def test_choosing_an_entry_selects_its_cold_pair():
    pairs = _pairs(400)
    _, _, go_to, controller = _controller()
    tried = 0
    for r, line in enumerate(block(1, 1, 12, 8), start=1):
        for c, v in enumerate(line, start=1):
            controller.entry_chosen(r, c)
            a, b = go_to.call_args.args
            if b >= 400:
                continue
            tried += 1
            assert pairs.get(a) == b and v in (a, b)
            assert (c % 2 == 1 and v == a) or (c % 2 == 0 and v == b)
    assert tried > 50


def test_a_selected_cold_cell_is_shown_in_the_array_and_a_hot_one_is_not():
    session, view, _, _ = _controller()
    session.selection = (34, 21)  # either way round
    row, col, text = view.show_place.call_args.args
    assert block(row, col, 1, 2) == [[21, 34]] and "k = 13" in text
    session.selection = (4, 6)
    assert view.show_place.call_args.args[:2] == (None, None)
    assert "not one of Wythoff's cold pairs" in view.show_place.call_args.args[2]
    session.selection = None
    view.show_place.assert_called_with(None, None, "")


def test_huge_pairs_are_placed_on_a_worker_and_stale_answers_are_dropped():
    held = _Held()
    session, view, _, _ = _controller(held)
    row = 10**700 + 12345
    a, b = entry(row, 5), entry(row, 6)
    assert oracle.lower(b - a) == a  # the pair is cold by an independent square root
    session.selection = (a, b)
    view.set_busy.assert_called_once()
    session.selection = (b, a)  # moved on before the answer arrived
    held.release()
    view.show_place.assert_called_once()  # only the answer for the selection still held
    assert view.show_place.call_args.args[:2] == (row, 5)


def test_the_panel_shows_the_array_lazily(desk):
    model = desk.array_panel.model
    want = block(1, 1, 40, 30)
    for r in range(40):
        for c in range(30):
            assert model.data(model.index(r, c)) == str(want[r][c]) or want[r][c] >= 10**15
    assert model.data(model.index(0, 89)) == short_decimal(entry(1, 90), 15)
    assert model.rowCount() == ROWS and model.columnCount() == 100_000
    assert model.computed < 2_000  # a million rows by 100 000 columns: only the cells asked for
    tip = model.data(model.index(1, 2), Qt.ItemDataRole.ToolTipRole)  # W(2, 3) = 11 = 8 + 3
    assert "W(2, 3) = 11" in tip and "Zeckendorf: 8 + 3" in tip and "(11, 18)" in tip


def test_huge_rows_and_far_columns_arrive_from_a_worker(qtbot, desk):
    panel = desk.array_panel
    panel.row_field.setText("10^3000")
    panel.col_field.setText("20000")
    panel.row_field.setText(str(10**3000))
    panel.jump()
    model = panel.model
    assert panel.selected_cells() == [(10**3000, 20000)]
    index = model.index(10**3000 - model.start, 19999)
    assert model.data(index) == "…"  # not computed on the GUI thread
    qtbot.waitUntil(lambda: model.data(index) != "…", timeout=20_000)
    assert model.data(index) == short_decimal(entry(10**3000, 20000), 15)
    for bad, says in [("x", "not a whole number"), ("0", "start at 1"), ("-2", "start at 1")]:
        panel.row_field.setText(bad)
        panel.jump()
        assert says in panel.error.text()
    panel.row_field.setText("5")
    panel.col_field.setText("100001")
    panel.jump()
    assert "100,000" in panel.error.text()
    panel.col_field.setText("3")
    panel.jump()
    assert panel.error.text() == "" and panel.selected_cells() == [(5, 3)]


@pytest.mark.parametrize(("row", "col"), [(1, 1), (1, 40), (1, 60), (10**4000 - 1, 7), (20, 3)])
def test_every_entry_and_row_label_fits_its_cell(qtbot, desk, row, col):
    """Columns were 150 px whatever they held: "469787…208413 (4002 digits)" showed as
    "469787…208413 (40…", and row headers kept the width of the rows shown before a jump
    ("99999…9"). Each text is measured against its own section, whole numbers included."""
    panel = desk.array_panel
    panel.show_cells(1, 1, 1)
    panel.row_field.setText(str(row))
    panel.col_field.setText(str(col))
    panel.jump()
    model, table = panel.model, panel.table
    metrics = table.fontMetrics()
    columns, rows = table.horizontalHeader(), table.verticalHeader()
    r0 = row - model.start
    for r in range(max(0, r0 - 3), r0 + 10) if row < 10**20 else [r0, r0 + 3, ROWS - 1]:
        label = model.headerData(r, Qt.Orientation.Vertical)
        assert metrics.horizontalAdvance(label) < rows.width(), label
        for c in range(max(0, col - 3), col + 6):
            cell = model.cell(r, c) if row < 10**20 else None
            text = cell.text if cell is not None else short_decimal(entry(model.start + r, c + 1), 15)
            assert metrics.horizontalAdvance(text) < columns.sectionSize(c), (r, c, text)
    last = model.start + ROWS - 1  # the widest entry of a column is on the last row
    for c in range(60):
        assert metrics.horizontalAdvance(short_decimal(entry(last, c + 1), 15)) < columns.sectionSize(c)


def test_the_cache_keeps_to_its_budget(desk, monkeypatch):
    monkeypatch.setattr(budget, "ARRAY_BYTES", 200_000)
    model = desk.array_panel.model
    model.set_start(10**200)
    for r in range(60):
        for c in range(0, 600, 7):
            model.cell(r, c)
    assert 0 < model.nbytes <= 200_000


def test_clicking_an_entry_selects_its_pair_on_the_grid_and_the_grid_selects_back(qtbot, window):
    window.panels.build("array")  # built as showing its tab would
    panel = window.array_panel
    window.findChild(type(panel.parentWidget()), "arrayDock").raise_()
    table = panel.table
    index = panel.model.index(2, 4)  # W(3, 5) = 288, its pair (178, 288)
    rect = table.visualRect(index)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: window.session.report is not None)
    a, b = window.session.selection
    assert (a, b) == (entry(3, 5), entry(3, 6))
    assert panel.selected_cells() == [(3, 5), (3, 6)]
    window.grid.cellClicked.emit(89, 55)  # a cold cell clicked on the grid: (a_34, b_34) the other way round
    qtbot.waitUntil(lambda: panel.selected_cells() == [(1, 9), (1, 10)])
    assert "k = 34" in panel.place.text()
    window.grid.cellClicked.emit(2, 2)
    qtbot.waitUntil(lambda: panel.selected_cells() == [])
    assert "not one of" in panel.place.text()


@pytest.mark.parametrize("digits", [5_000])
def test_a_far_cold_cell_is_placed_without_blocking(qtbot, desk, digits):
    row = 10**digits + 7
    a, b = entry(row, 1), entry(row, 2)
    desk.session.selection = (a, b)  # as a click on the grid selects it
    qtbot.waitUntil(lambda: desk.array_panel.selected_cells() == [(row, 1), (row, 2)], timeout=20_000)


def test_an_answer_that_arrives_after_the_window_closed_is_dropped(qtbot, window):
    """CI once failed a later test with "Internal C++ object (QLabel) already deleted": a far
    cell's place in the array arrived after its window was closed. Closing cancels every job."""
    row = 10**5000 + 7
    window.select_position(entry(row, 1), entry(row, 2))
    window.panels.build("array")  # built as showing its tab would
    assert window.array.jobs.busy  # placed on a worker
    before = window.array_panel.place.text()
    window.close()
    qtbot.waitUntil(lambda: not window.array.jobs.busy, timeout=20_000)
    qtbot.wait(50)  # the queued answer, had it been delivered, reaches the event loop here
    assert window.array_panel.place.text() == before  # not shown: after deletion it would raise


def test_a_place_found_after_the_person_went_to_a_typed_entry_does_not_move_the_table():
    """Seen in the soak: the tab, built, placed the grid's selection on a worker; the person typed
    a row and column and pressed Go; the late place then cleared the entry they went to."""

    class Latest(_Held):
        def cancel(self) -> None:  # as LatestJob: a cancelled request's answer never arrives
            self.pending.clear()

    jobs = Latest()
    session, view, _, controller = _controller(jobs)
    session.selection = (5, 7)  # hot: not in the array, so its place would clear the table's selection
    jobs.busy = True  # its place is being found
    controller.jumped()
    jobs.busy = False
    jobs.release()
    view.show_place.assert_not_called()
    assert "not looked for" in view.set_busy.call_args.args[0]  # not "Finding where …" any more
    session.selection = (3, 5)  # a later selection is placed as before
    jobs.release()
    view.show_place.assert_called_once()
