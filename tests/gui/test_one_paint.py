"""Each view change paints the grid once (issue 12: every pan or zoom painted twice, because
pyqtgraph applied the new range while painting and the items it moved asked for another)."""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication


class _Paints(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def _idle(qtbot) -> None:
    for _ in range(5):
        qtbot.wait(20)
        QApplication.processEvents()


def test_each_view_change_paints_once(qtbot, board):
    grid = board.grid
    grid.set_view(0, 0, 60, 40)
    _idle(qtbot)
    paints = _Paints()
    grid.viewport().installEventFilter(paints)
    changes = 6
    for i in range(changes):
        time.sleep(0.03)  # past the redraw throttle (its timer not yet delivered): drawn at once
        x0, y0, x1, y1 = grid.visible_cells()
        grid.set_view(x0 + 2, y0 + i % 2, x1 + 2, y1 + i % 2)
        for _ in range(6):
            QApplication.processEvents()
    _idle(qtbot)
    assert paints.count == changes


def test_panning_far_out_in_remoteness_paints_once_a_change(qtbot, board):
    """Coloured by remoteness and zoomed out over the origin, each pan changes the values in view
    and with them the colour bar's labels. The bar must not narrow and widen with them: each
    time it did, the plot was laid out again and the grid painted twice for one change."""
    from explorer.session.model import REMOTENESS

    board.set_mode(REMOTENESS)
    qtbot.waitUntil(lambda: not board.values.busy, timeout=60_000)
    grid = board.grid
    span = 10**6
    for x in (0, span // 20):  # once there, the axes take the width of their longer labels
        grid.set_view(x, 0, x + span, span)
        _idle(qtbot)
    for shift in (span // 20, -span // 20):  # and after the loop's own first pans (its narrower grid
        x0, y0, x1, y1 = grid.visible_cells()  # beside the sidebar's vertical tabs widened the left
        grid.set_view(x0 + shift, y0, x1 + shift, y1)  # axis once, on the first of them)
        _idle(qtbot)
    paints = _Paints()
    grid.viewport().installEventFilter(paints)
    changes = 0
    for i in range(16):
        x0, y0, x1, y1 = grid.visible_cells()
        shift = span // 20 * (1 if i % 2 == 0 else -1)
        if x0 + shift < 0:
            continue  # against the edge the view is held back: not a change
        time.sleep(0.03)
        grid.set_view(x0 + shift, y0, x1 + shift, y1)
        changes += 1
        for _ in range(6):
            QApplication.processEvents()
        _idle(qtbot)
    assert changes <= paints.count <= changes + 1  # the bar may widen once, for wider labels


def test_a_new_view_is_drawn_once_and_only_as_itself(qtbot, board):
    """set_view moves the exact origin, then sets the range. Moving the origin set the view
    box's limits, and pyqtgraph applied them at once to the old range read in the new frame:
    a view nobody asked for was drawn, then the one asked for, painting twice (a quarter of
    the pans against the left edge, zoomed out)."""
    grid = board.grid
    span = 10**6
    for x in (0, span // 20):  # once there, the axes take the width of their longer labels
        grid.set_view(x, 0, x + span, span)
        _idle(qtbot)
    for shift in (span // 20, -span // 20):  # and after the loop's own first pans (its narrower grid
        x0, y0, x1, y1 = grid.visible_cells()  # beside the sidebar's vertical tabs widened the left
        grid.set_view(x0 + shift, y0, x1 + shift, y1)  # axis once, on the first of them)
        _idle(qtbot)
    drawn: list[tuple[int, int, int, int]] = []
    grid.viewChanged.connect(lambda *_: drawn.append(grid.visible_cells()))
    paints = _Paints()
    grid.viewport().installEventFilter(paints)
    changes = 12
    for i in range(changes):
        time.sleep(0.03)  # past the redraw throttle: each change is drawn at once
        x0, y0, x1, y1 = grid.visible_cells()
        shift = span // 20 * (1 if i % 2 == 0 else -1)
        drawn.clear()
        grid.set_view(x0 + shift, y0, x1 + shift, y1)
        _idle(qtbot)
        # the view drawn is the one asked for (pyqtgraph may still nudge its range by less
        # than a billionth of its width, which can move an edge cell by one)
        assert len(drawn) == 1, (i, drawn)
        slack = grid.frame.unit
        assert all(abs(a - b) <= slack for a, b in zip(drawn[0], grid.visible_cells(), strict=True)), (i, drawn)
    assert paints.count == changes
