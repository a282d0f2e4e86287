"""The Array and Sequence tables answer Qt in few Python calls (long soak, seed 20261602: the
Array tab stalled the window 210-266 ms while a worker loaded numba; each call into Python may
wait for the GIL, and a Go to a far row made ~3 300 calls for header data, a painted cell 7)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QAbstractTableModel, QItemSelection, QItemSelectionModel, Qt
from PySide6.QtWidgets import QTableView

from explorer.gui.panels import cells
from explorer.gui.panels.array import ArrayModel
from explorer.gui.panels.cells import MeasuredHeader
from explorer.gui.panels.sequence import SequenceModel


def _table(qtbot, model, measured: bool) -> QTableView:  # type: ignore[no-untyped-def]
    table = QTableView()
    if measured:
        table.setHorizontalHeader(MeasuredHeader(Qt.Orientation.Horizontal, table))
        table.setVerticalHeader(MeasuredHeader(Qt.Orientation.Vertical, table))
    table.setModel(model)
    table.resize(640, 360)
    qtbot.addWidget(table)
    table.show()
    qtbot.waitExposed(table)
    return table


class ArrayPerRole(ArrayModel):
    multiData = QAbstractTableModel.multiData  # Qt's own: data() once for each role


class SequencePerRole(SequenceModel):
    multiData = QAbstractTableModel.multiData


@pytest.mark.parametrize(
    ("ours", "qts", "start"), [(ArrayModel, ArrayPerRole, 10**40), (SequenceModel, SequencePerRole, 5)]
)
def test_cells_answered_in_one_call_paint_as_qts_call_per_role_did(qtbot, ours, qts, start):
    one, per_role = ours(None), qts(None)  # no worker: every cell is computed when asked
    for model in (one, per_role):
        model.set_start(start)
    a, b = _table(qtbot, one, False), _table(qtbot, per_role, False)
    assert a.grab().toImage() == b.grab().toImage()
    index = one.index(2, 1)
    assert one.itemData(index) == per_role.itemData(per_role.index(2, 1))  # every role, not only what is painted


@pytest.mark.parametrize("start", [1, 10**40, 7 * 10**900], ids=["1", "1e40", "7e900"])
def test_measured_headers_are_the_size_qt_measures(qtbot, start):
    model = ArrayModel(None)
    ours, qts = _table(qtbot, model, True), _table(qtbot, model, False)
    model.set_start(start)  # a reset: the measure is taken again, for the new labels
    for get in (QTableView.verticalHeader, QTableView.horizontalHeader):
        assert get(ours).sizeHint() == get(qts).sizeHint(), start
        assert get(ours).sectionsClickable() and get(ours).highlightSections()  # as a table's own headers
    for table in (ours, qts):  # the sections of selected cells are drawn bold (make screenshots showed them plain)
        table.selectionModel().select(
            QItemSelection(model.index(1, 2), model.index(1, 3)), QItemSelectionModel.SelectionFlag.ClearAndSelect
        )
    assert ours.grab().toImage() == qts.grab().toImage()


def test_a_go_to_a_far_row_calls_into_python_hundreds_of_times_not_thousands(window, qtbot, monkeypatch):
    calls = {"header": 0, "multi": 0, "data": 0}
    inside = [0]
    header, data, multi = ArrayModel.headerData, ArrayModel.data, cells.OneCallPerCell.multiData

    def count_header(self, *a):  # type: ignore[no-untyped-def]
        calls["header"] += 1
        return header(self, *a)

    def count_data(self, *a):  # type: ignore[no-untyped-def]
        calls["data"] += inside[0] == 0  # asked by Qt itself, not from within multiData
        return data(self, *a)

    def count_multi(self, *a):  # type: ignore[no-untyped-def]
        calls["multi"] += 1
        inside[0] += 1
        try:
            return multi(self, *a)
        finally:
            inside[0] -= 1

    monkeypatch.setattr(ArrayModel, "headerData", count_header)
    monkeypatch.setattr(ArrayModel, "data", count_data)
    monkeypatch.setattr(cells.OneCallPerCell, "multiData", count_multi)
    window.show_panel("array")
    panel = window.array_panel
    qtbot.waitUntil(lambda: not window.array.busy, timeout=20_000)
    for key in calls:
        calls[key] = 0
    panel.row_field.setText(str(10**40))
    panel.col_field.setText("3")
    panel.go.click()
    qtbot.wait(50)
    qtbot.waitUntil(lambda: not window.array.busy, timeout=20_000)
    assert calls["header"] < 800  # 3 300 before: both headers measured 200 sections, 4 roles each
    assert calls["data"] == 0  # a painted cell is one call, not seven
    visible = panel.table.viewport().rect()
    rows = panel.table.rowAt(visible.bottom()) - panel.table.rowAt(0) + 1
    assert 0 < calls["multi"] <= 4 * rows * panel.model.columnCount()  # a few paints of the cells in view
