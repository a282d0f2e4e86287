"""Grundy and remoteness colouring in the window: colours and numbers from the definitions,
background growth with Cancel, the inspector, value counts, strips far out, the Rows tab."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton

from explorer.gui.grid.items import CellNumbers
from explorer.session.model import GRUNDY, HOT_COLD, REMOTENESS
from tests.gui.helpers import wait_event
from tests.oracles import grundy_table, values_by_definition


def mode_on(qtbot, window, mode=GRUNDY):
    window.rules.request_mode(mode)  # what choosing it in the toolbar asks
    qtbot.waitUntil(lambda: window.values.cache.side > 0 and not window.values.jobs.busy, timeout=60_000)
    window.grid.render_now()


def choose_rule(qtbot, window, key):
    window.rules.request(key)
    qtbot.waitUntil(lambda: window.session.rule.key == key, timeout=30_000)


def _shown_values(grid):
    """The exact values behind each texel on screen (base + relative), where known."""
    vg = grid.value_grid
    return vg, {
        (int(j), int(i)): vg.base + round(vg.values[j, i] * 2**vg.shift)
        for j, i in zip(*np.nonzero(vg.known), strict=True)
    }


def test_grundy_mode_colours_by_the_definition(qtbot, board):
    mode_on(qtbot, board)
    grid = board.grid
    grid.set_view(0, 0, 20, 14)  # cells large enough for their numbers
    grid.render_now()
    assert grid.mode == GRUNDY and grid.colour_bar.isVisible()
    table = grundy_table(40)
    r = grid.raster
    _, shown = _shown_values(grid)
    for j in range(min(r.ny, 15)):
        for i in range(min(r.nx, 20)):
            assert shown[(j, i)] == table[r.x0 + i][r.y0 + j]
    written = {(x, y): text for x, y, text in _written_cells(grid)}
    assert written[(10, 6)] == "0" and written[(10, 4)] == "13"
    board.set_mode(HOT_COLD)
    assert grid.mode == HOT_COLD and not grid.colour_bar.isVisible()


def test_the_colour_bar_runs_between_round_numbers_around_the_values_in_view(qtbot, board):
    """Remoteness near the origin: the bar's ends are multiples of a round step holding every
    value in view (by the definition), a small pan that keeps the extremes between the same
    multiples leaves the bar as it was, and a view where nothing is known keeps it too."""
    mode_on(qtbot, board, REMOTENESS)
    grid = board.grid
    _, _, remoteness = values_by_definition(80, 80, "any", "any", 1)
    ends = []
    for x in (0, 3):
        grid.set_view(x, 0, x + 40, 40)
        grid.render_now()
        _, shown = _shown_values(grid)
        r = grid.raster
        assert max(r.x0 + r.nx, r.y0 + r.ny) < 80 and shown
        for (j, i), value in shown.items():
            assert value == remoteness[r.x0 + i][r.y0 + j]
        values = list(shown.values())
        low, high = grid.colour_bar.levels()
        step = 5  # R up to about 35 in view: a fifth of the spread rounds down to 5
        assert low % step == 0 and high % step == 0 and low <= min(values) and max(values) <= high
        ends.append((low, high))
    assert ends[0] == ends[1]
    # to and fro across a multiple: the bar widens once, then holds still; every value in view
    # stays inside it
    seen = []
    for x in (3, 6, 3, 6, 3):
        grid.set_view(x, 0, x + 40, 40)
        grid.render_now()
        _, shown = _shown_values(grid)
        low, high = grid.colour_bar.levels()
        assert low <= min(shown.values()) and max(shown.values()) <= high
        seen.append((low, high))
    assert len(set(seen[1:])) == 1, seen
    grid.set_view(0, 0, 8, 8)  # small values need less than half of it: the bar narrows
    grid.render_now()
    _, shown = _shown_values(grid)
    low, high = grid.colour_bar.levels()
    assert high < seen[-1][1] / 2 + 5 and max(shown.values()) <= high
    title = grid.colour_bar.getAxis("left").labelText
    far = 10**40  # no remoteness is known there: all grey, and the bar stays, title and range
    grid.set_view(far, far, far + 40, far + 40)
    grid.render_now()
    assert not grid.value_grid.known.any() and grid.colour_bar.levels() == (low, high)
    assert grid.colour_bar.getAxis("left").labelText == title


@pytest.mark.parametrize(
    ("key", "one", "both", "diff", "misere"),
    [("wythoff", "any", "any", 1, False), ("misere", "any", "any", 1, True), ("wythoff:2", "any", "any", 2, False)],
)
def test_remoteness_mode_for_rules_with_numbers_in_cells(qtbot, board, key, one, both, diff, misere):
    choose_rule(qtbot, board, key)
    mode_on(qtbot, board, REMOTENESS)
    grid = board.grid
    grid.set_view(0, 0, 20, 14)
    grid.render_now()
    _, _, rem = values_by_definition(40, 40, one, both, diff, misere)
    r = grid.raster
    _, shown = _shown_values(grid)
    for j in range(min(r.ny, 15)):
        for i in range(min(r.nx, 20)):
            assert shown[(j, i)] == rem[r.x0 + i][r.y0 + j]
    written = {(x, y): text for x, y, text in _written_cells(grid)}
    assert written and all(text == str(rem[x][y]) for (x, y), text in written.items() if max(x, y) < 40)
    assert grid.colour_bar.isVisible() and "R" in grid.colour_bar.getAxis("left").labelText


def test_zooming_out_grows_the_table_in_the_background_and_can_cancel(qtbot, window):
    mode_on(qtbot, window)
    grid = window.grid
    first = window.values.cache.side
    grid.set_view(0, 0, 3000, 2000)
    qtbot.waitUntil(lambda: window.values.jobs.busy or window.values.cache.side > first, timeout=10_000)
    if window.values.jobs.busy:
        qtbot.mouseClick(window.findChild(QPushButton, "valuesCancel"), Qt.MouseButton.LeftButton)
        with wait_event(qtbot, window.values.grown, timeout=60_000):
            pass
    side = window.values.cache.side
    grid.render_now()
    assert grid.value_marks.computed_box.isVisible() and grid.value_marks.computed_box.rect().width() == side
    assert not grid.value_grid.known.all()  # what lies beyond the computed square is grey


def test_the_rows_are_solved_only_when_a_view_reaches_far_along_an_axis(qtbot, board):
    """Grundy colouring near the origin needs no certified rows: solving them on every switch to
    Grundy colouring took 3.4 s of a core and 128 MiB. A view far along an axis asks for them."""
    mode_on(qtbot, board)
    grid = board.grid
    for view in ((0, 0, 60, 40), (5000, 5000, 5040, 5030)):  # the origin; far, but off the axes
        grid.set_view(*view)
        grid.render_now()
        qtbot.waitUntil(lambda: not board.values.busy and not grid.rendering, timeout=60_000)
        assert board.values.cache.rows is None and not board.values.row_jobs.busy, view
    grid.set_view(0, 10**30, 14, 10**30 + 10)
    grid.render_now()
    qtbot.waitUntil(lambda: board.values.cache.rows is not None, timeout=120_000)


def test_grundy_strips_far_out_along_both_axes(qtbot, board):
    """Near (7, 10^30): Wythoff's certified rows give exact G in the strip x <= 200, drawn and
    written in cells; the mirror strip near (10^30, 7) too; cells beyond stay grey."""
    mode_on(qtbot, board)
    grid = board.grid
    far = 10**30
    grid.set_view(0, far - 6, 14, far + 6)  # a view far along an axis asks for the rows
    grid.render_now()
    qtbot.waitUntil(lambda: board.values.cache.rows is not None, timeout=120_000)
    rows = board.values.cache.rows
    for x0, y0, x1, y1 in ((0, far - 6, 14, far + 6), (far - 6, 0, far + 6, 14)):
        grid.set_view(x0, y0, x1, y1)
        qtbot.waitUntil(lambda: not grid.rendering, timeout=10_000)
        grid.render_now()
        r = grid.raster
        _, shown = _shown_values(grid)
        assert shown, "the strip is drawn"
        for (j, i), v in shown.items():
            x, y = r.x0 + i, r.y0 + j
            assert min(x, y) < rows.rows and v == rows.value(x, y)
        written = {(x, y): text for x, y, text in _written_cells(grid)}
        assert written
        for (x, y), text in written.items():  # each cell's last digits, fitted to the cell
            full = str(rows.value(x, y))
            assert text == full or (text.startswith("…") and len(text) >= 3 and full.endswith(text[1:]))
        font = QFont()
        font.setPointSizeF(CellNumbers.POINT_SIZE)
        px_per_cell = 1 / grid.cells_per_pixel()
        assert all(QFontMetricsF(font).horizontalAdvance(t) <= px_per_cell for t in written.values())  # no overlap


def _written_cells(grid):
    f = grid.frame
    for u, v, text, _ in grid.value_marks.numbers._cells:
        yield f.cell_x(u), f.cell_y(v), text


def test_rows_tab_lists_certified_rows_and_answers_far_out(qtbot, window):
    window.show_panel("rows")
    window.findChild(QPushButton, "rowsSolve").click()
    panel = window.rows_panel
    qtbot.waitUntil(lambda: len(panel.infos) == 201, timeout=120_000)
    table = panel.table
    assert table.rowCount() == 201
    assert table.item(10, 3).text() == "yes"
    # rows whose period the computed strip never showed are said so, and left off the plot (they
    # were drawn as period 1, a fall that is not in the mathematics)
    unseen = [i.x for i in panel.infos if i.period == 0]
    assert unseen and all(table.item(x, 2).text() == "not seen" for x in unseen)
    xs, periods = panel.period_curve.xData, panel.period_curve.yData  # as given, before the log scale
    assert not set(unseen) & set(xs.tolist()) and min(periods) >= 1
    window.findChild(QLineEdit, "rowsX").setText("10")
    window.findChild(QLineEdit, "rowsY").setText(str(10**40))
    window.findChild(QPushButton, "rowsAt").click()
    g = window.values.cache.rows.value(10, 10**40)
    assert f"= <b>{g}</b>" in window.findChild(QLabel, "rowsAnswer").text().replace("…", "")
    assert window.session.selection == (10, 10**40)


def test_a_view_far_beyond_the_corner_does_not_grow_it(qtbot, board):
    """Near (7, 10^30) no corner can reach the view (the strips draw it): the board must not
    spend seconds and 320 MiB on the largest corner; just inside the largest corner it does grow."""
    mode_on(qtbot, board)
    asked: list[int] = []
    board.grid.valuesNeeded.connect(asked.append)
    board.grid.set_view(0, 10**30 - 12, 22, 10**30 + 12)
    board.grid.render_now()
    assert asked == []
    edge = board.values.cache.max_side
    board.grid.set_view(edge - 40, edge - 40, edge - 10, edge - 20)
    board.grid.render_now()
    assert asked and asked[-1] == edge
    asked.clear()
    board.grid.set_view(edge + 10, edge + 10, edge + 40, edge + 30)  # beyond every corner
    board.grid.render_now()
    assert asked == []
    board.values.cancel()


def _swatches(html_text):
    import re

    return [
        tuple(int(h[i : i + 2], 16) for i in (1, 3, 5)) for h in re.findall(r"background:(#[0-9a-fA-F]{6})", html_text)
    ]


def test_the_legend_follows_the_colour_mode_with_the_colours_the_grid_draws(qtbot, window):
    """In Grundy mode the sidebar's legend still read 'cream: hot, blue: cold' beside a viridis grid."""
    legend = window.findChild(QLabel, "legend")
    expected = {GRUNDY: "Grundy value", REMOTENESS: "remoteness", HOT_COLD: "hot (N)"}
    for mode in (GRUNDY, REMOTENESS, HOT_COLD):
        combo = window.findChild(QComboBox, "colorMode")
        combo.setCurrentIndex(combo.findData(mode))
        combo.activated.emit(combo.findData(mode))
        qtbot.waitUntil(lambda mode=mode: window.session.mode == mode, timeout=10_000)
        window.grid.set_view(0, 0, 60, 40)
        window.grid.render_now()
        text = legend.text()
        assert expected[mode] in text
        others = [word for m, word in expected.items() if m != mode]
        assert not any(word in text for word in others)
        lut = [tuple(int(v) for v in row) for row in window.grid.image.lut]
        swatches = _swatches(text)
        if mode == HOT_COLD:
            assert swatches[0] == lut[0] and swatches[1] == lut[255]  # hot, full cold
        else:
            assert swatches == [lut[1], lut[255], lut[0]]  # low, high, not computed


def test_a_rule_that_does_not_share_wythoffs_rows_lets_them_go_and_the_pool_sees_them(qtbot, window):
    """The strip of Wythoff's Grundy rows is kept once per process so that Wythoff and misère share
    it. A rule change left it there for good while no cache counted it: a long soak (seed
    20261510) held 135 MiB at rest with the pool at 0. Under misère it stays (the same rows),
    under Maharaja it goes; and while kept the pool counts it, and can take it back."""
    import gc
    import weakref

    from explorer.core.values import shared_strip

    mode_on(qtbot, window)
    window.grid.set_view(0, 10**6, 30, 10**6 + 20)  # far along an axis: the rows are asked for
    window.grid.render_now()
    qtbot.waitUntil(lambda: window.values.cache.rows is not None and not window.values.busy, timeout=120_000)
    strip = weakref.ref(window.values.cache.rows)
    choose_rule(qtbot, window, "misere")
    window.grid.render_now()  # the same view asks for the rows again
    qtbot.waitUntil(lambda: window.values.cache.rows is not None and not window.values.busy, timeout=60_000)
    assert window.values.cache.rows is strip()  # shared, not solved again
    held = strip().nbytes
    assert window.pool.in_use()["Grundy values and rows"] >= held
    choose_rule(qtbot, window, "maharaja")
    qtbot.waitUntil(lambda: not window.values.busy, timeout=60_000)
    gc.collect()
    assert strip() is None and not shared_strip._LAST
    assert window.pool.in_use()["Grundy values and rows"] < held
