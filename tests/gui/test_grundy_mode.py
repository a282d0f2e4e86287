"""Grundy mode in the window: colours from G, numbers, background growth, inspector, counts."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton

from explorer.gui.grid.view import GRUNDY, HOT_COLD
from tests.oracles import grundy_table


def grundy_on(qtbot, window):
    combo = window.findChild(QComboBox, "colorMode")
    combo.setCurrentIndex(combo.findData(GRUNDY))
    combo.activated.emit(combo.findData(GRUNDY))  # as a person choosing it
    qtbot.waitUntil(lambda: window.grundy.cache.side > 0 and not window.grundy.busy, timeout=60_000)
    window.grid.render_now()


def test_mode_switch_colours_by_the_definition(qtbot, window):
    grundy_on(qtbot, window)
    grid = window.grid
    assert grid.mode == GRUNDY and grid.colour_bar.isVisible()
    table = grundy_table(40)
    r = grid.raster
    values = grid._grundy_values
    for j in range(min(r.ny, 15)):
        for i in range(min(r.nx, 20)):
            assert values[j, i] == table[r.x0 + i][r.y0 + j]
    # numbers are written inside the cells at this zoom
    written = {(round(u), round(v)): text for u, v, text, _ in grid.numbers._cells}
    assert written[(10, 6)] == "0" and written[(10, 4)] == "13"
    combo = window.findChild(QComboBox, "colorMode")
    combo.setCurrentIndex(combo.findData(HOT_COLD))
    combo.activated.emit(combo.findData(HOT_COLD))  # as a person choosing it
    assert grid.mode == HOT_COLD and not grid.colour_bar.isVisible()


def test_zooming_out_grows_the_table_in_the_background_and_can_cancel(qtbot, window):
    grundy_on(qtbot, window)
    grid = window.grid
    first = window.grundy.cache.side
    grid.set_view(0, 0, 3000, 2000)
    qtbot.waitUntil(lambda: window.grundy.busy or window.grundy.cache.side > first, timeout=10_000)
    if window.grundy.busy:
        qtbot.mouseClick(window.findChild(QPushButton, "grundyCancel"), Qt.MouseButton.LeftButton)
        with qtbot.waitSignal(window.grundy.grown, timeout=60_000):
            pass
    # Cancelled (or already done): the window still draws and outlines what is computed.
    side = window.grundy.cache.side
    grid.render_now()
    assert grid.computed_box.isVisible() and grid.computed_box.rect().width() == side
    values = grid._grundy_values
    assert (values == -1).any()  # the region beyond the computed square is marked as such


def test_inspector_shows_g_of_selection_and_targets(qtbot, window):
    grundy_on(qtbot, window)
    for name, text in (("positionA", "5"), ("positionB", "7")):
        edit = window.findChild(QLineEdit, name)
        edit.clear()
        qtbot.keyClicks(edit, text)
    qtbot.keyClick(window.findChild(QLineEdit, "positionB"), Qt.Key.Key_Return)
    text = window.findChild(QLabel, "positionGrundy").text()
    table = grundy_table(40)
    assert f"G(5, 7) = {table[5][7]}" in text and "targets: 0, 0, 0" in text


def test_query_counts_cells_of_one_value(qtbot, window):
    grundy_on(qtbot, window)
    table = np.array(grundy_table(90))
    window.query_dock.raise_()
    for g, (x0, y0, x1, y1) in [(0, (0, 0, 80, 80)), (7, (3, 5, 60, 88)), (40, (10, 10, 89, 89))]:
        for name, text in (("queryX0", x0), ("queryY0", y0), ("queryX", x1), ("queryY", y1), ("queryValue", g)):
            edit = window.findChild(QLineEdit, name)
            edit.setText(str(text))
        qtbot.mouseClick(window.findChild(QPushButton, "queryRun"), Qt.MouseButton.LeftButton)
        want = int((table[x0 : x1 + 1, y0 : y1 + 1] == g).sum())
        assert f"<b>{want}</b> cells with G = {g}" in window.findChild(QLabel, "queryResult").text()
    window.findChild(QLineEdit, "queryX").setText("100000")
    qtbot.mouseClick(window.findChild(QPushButton, "queryRun"), Qt.MouseButton.LeftButton)
    assert "computed on" in window.findChild(QLabel, "queryResult").text()
