"""Issue 10 item 1 and 3: the view zooms out to 10^1000 cells per pixel and back, exactly, under
every rule; pyqtgraph never holds a range it cannot represent; far arrows are clipped."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from tests.gui.helpers import widget_point


def _wheel(grid, notches: int) -> None:
    vp = grid.viewport()
    at = QPoint(vp.width() // 2, vp.height() // 2)
    event = QWheelEvent(
        QPointF(at),
        QPointF(vp.mapToGlobal(at)),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(vp, event)
    QApplication.processEvents()


def _finite_range(grid) -> bool:
    (u0, u1), (v0, v1) = grid.vb.viewRange()
    return all(math.isfinite(v) and abs(v) < 2.0**40 for v in (u0, u1, v0, v1))


@pytest.mark.parametrize("rule", ["wythoff", "nim", "custom:one=2 3;both=none;n=16"])
def test_zoom_out_to_ten_to_the_thousand_and_back(board, qtbot, rule):
    board.set_rule(rule)
    qtbot.waitUntil(lambda: not board.rules.jobs.busy)
    grid = board.grid
    messages = []
    grid.limitReached.connect(messages.append)
    previous = grid.span_cells()
    for _ in range(400):
        _wheel(grid, -60)
        assert _finite_range(grid)
        span = grid.span_cells()
        if span <= previous:
            break
        previous = span
    assert grid.cells_per_pixel_exact() >= 10**1000
    assert messages and "out as far" in messages[-1]
    grid.render_now()
    qtbot.waitUntil(lambda: not grid.rendering, timeout=10_000)
    x0, _, x1, _ = grid.visible_cells()
    assert x1 - x0 >= 10**1003
    # hovering and clicking still answer, with exact integers
    point = QPoint(grid.viewport().width() // 2, grid.viewport().height() // 3)
    x, y = grid.cell_at_scene(grid.mapToScene(point))
    assert isinstance(x, int) and isinstance(y, int)
    assert grid.hover_description(abs(x), abs(y))
    for _ in range(400):
        _wheel(grid, 60)
        assert _finite_range(grid)
        (u0, u1), (v0, v1) = grid.vb.viewRange()
        if grid.frame.cells(min(u1 - u0, v1 - v0)) <= 4.01:
            break
    (u0, u1), (v0, v1) = grid.vb.viewRange()
    assert grid.frame.unit == 1 and min(u1 - u0, v1 - v0) <= 4.01
    assert "in as far" in messages[-1]


def test_nim_far_from_the_diagonal_draws_and_answers(window, qtbot):
    """Item 3: (10^20, 0) then Nim: the raster once overflowed a C long and left the grid and
    the queries with Wythoff."""
    window.go_to_position(10**20, 0)
    window.set_rule("nim")
    qtbot.waitUntil(lambda: not window.grid.rendering)
    assert window.grid.rule.key == "nim" and window.grid.raster_rule.key == "nim"
    window.panels.build("queries")  # built as showing its tab would
    window.query_panel.set_rectangle(12, 2, 17, 8)
    window.query_panel.submit()
    qtbot.waitUntil(lambda: not window.queries.busy)
    assert window.session.queries[-1].count == 0  # no cell of [12, 17] x [2, 8] has a == b
    window.query_panel.set_rectangle(19, 48, 89, 101)
    window.query_panel.submit()
    qtbot.waitUntil(lambda: not window.queries.busy)
    assert window.session.queries[-1].count == len(set(range(19, 90)) & set(range(48, 102)))


def test_arrows_to_far_targets_end_at_the_view(board, qtbot):
    """A winning move from (10^18 + 5, 7) to a cell 10^18 away is drawn as a clipped shaft
    pointing the right way, never through float overflow."""
    a = 10**18 + 5
    board.go_to_position(a, 3)
    qtbot.waitUntil(lambda: board.session.report is not None)
    grid = board.grid
    assert grid.moves, "a hot position has winning moves"
    assert grid.arrows
    for item in grid.arrows:
        rect = item.mapRectToView(item.boundingRect())
        assert all(math.isfinite(v) and abs(v) < 1e6 for v in (rect.left(), rect.right(), rect.top(), rect.bottom()))
    widget_point(grid, a, 3)  # the selected cell maps into the widget
