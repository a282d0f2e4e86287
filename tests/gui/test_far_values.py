"""Grundy values far out in the window (issue 37): past the corner the grid colours every cell
whose value is below 16 from the value sequences, greys the rest and says "G > 15" on hover; the
inspector gives G, or says it is above 15, and a move to each smaller value. Checked against the
corner table of the rule, computed here on its own."""

from __future__ import annotations

import numpy as np

from explorer.core import budget
from tests.gui.test_value_modes import _shown_values, choose_rule, mode_on


def test_past_the_corner_the_grid_shows_the_value_sequences(qtbot, window):
    choose_rule(qtbot, window, "maharaja")
    mode_on(qtbot, window)
    cache = window.values.cache
    x0 = cache.max_side + 600  # past the window's corner, across the upper beam y ≈ φx
    y0 = x0 * 1618 // 1000 - 15
    window.grid.set_view(x0, y0, x0 + 40, y0 + 30)
    qtbot.waitUntil(lambda: cache.far is not None and not window.values.far_jobs.busy, timeout=60_000)
    window.grid.render_now()
    g = np.asarray(window.session.rule.value_table(x0 + 60, y0 + 60).grundy)
    r = window.grid.raster
    assert r.step == 1
    _, shown = _shown_values(window.grid)
    checked = 0
    for j in range(r.ny):
        for i in range(r.nx):
            x, y = r.x0 + i, r.y0 + j
            want = int(g[x, y])
            if want < budget.FAR_VALUES_WINDOW:
                assert shown.get((j, i)) == want
                checked += 1
            else:
                assert (j, i) not in shown
                assert "G > 15" in window.grid.hover_description(x, y)
    assert checked > 50
    # the inspector: a cell of value below 16, and one above
    small = next((x, y) for x in range(x0, x0 + 40) for y in range(y0, y0 + 30) if 3 <= g[x, y] < 16)
    window.select_position(*small)
    label = window.inspector.values
    qtbot.waitUntil(lambda: f"G{small}".replace(" ", "") in label.text().replace(" ", ""), timeout=30_000)
    text = label.text()
    assert f"= {int(g[small])}" in text and "A move to each smaller value: 0 →" in text
    big = next((x, y) for x in range(x0, x0 + 40) for y in range(y0, y0 + 30) if g[x, y] >= 16)
    window.select_position(*big)
    qtbot.waitUntil(lambda: "&gt; 15" in label.text() or "> 15" in label.text(), timeout=30_000)


def test_the_sums_panel_lists_every_winning_move_and_plays_one(qtbot, window):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from tests.oracles import grundy_table

    g = grundy_table(30)
    panel = window.sums_panel
    window.select_position(6, 11)
    QTest.keyClicks(panel.heaps, "7 2")
    QTest.mouseClick(panel.go, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "=" in panel.result.text() and not window.sums.busy, timeout=30_000)
    total = g[6][11] ^ 7 ^ 2
    assert f"<b>{total}</b>" in panel.result.text()
    # every winning move, by the definition: a heap lowered, or a move of the position to a cell
    # whose value makes the XOR 0
    want = sum(1 for h in (7, 2) if h ^ total < h)
    want += sum(
        1 for x in range(7) for y in range(12) if (x, y) in _wythoff_moves(6, 11) and g[x][y] == g[6][11] ^ total
    )
    assert panel.moves.count() == want > 0
    panel.moves.itemActivated.emit(panel.moves.item(0))
    qtbot.waitUntil(lambda: "loses" in panel.result.text() and not window.sums.busy, timeout=30_000)
    a, b = window.session.selection
    heaps = [int(v) for v in panel.heaps.text().split()]
    assert g[a][b] ^ heaps[0] ^ heaps[1] == 0
    QTest.mouseClick(panel.remove, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.sums.busy and len(panel.heaps.text().split()) == 1, timeout=30_000)
    QTest.keyClicks(panel.heaps, " x")
    QTest.mouseClick(panel.go, Qt.MouseButton.LeftButton)
    assert "heap 2" in panel.result.text()  # a visible message; the panel keeps working


def _wythoff_moves(x: int, y: int) -> set[tuple[int, int]]:
    out = {(x - k, y) for k in range(1, x + 1)} | {(x, y - k) for k in range(1, y + 1)}
    return out | {(x - k, y - k) for k in range(1, min(x, y) + 1)}


def test_value_counts_past_the_corner_come_from_the_value_sequence(qtbot, window):
    from explorer.session.model import GRUNDY

    choose_rule(qtbot, window, "gdwn:1,2")
    side = window.values.cache.max_side
    x0, y0, x1, y1 = side - 50, side + 100, side + 200, side + 900
    g = np.asarray(window.session.rule.value_table(x1 + 1, y1 + 1).grundy)
    for v in (0, 4):
        before = len(window.session.queries)
        window.queries.run_value_query(GRUNDY, v, x0, y0, x1, y1)
        qtbot.waitUntil(lambda b=before: len(window.session.queries) > b, timeout=60_000)
        record = window.session.queries[-1]
        assert record.count == int(np.count_nonzero(g[x0 : x1 + 1, y0 : y1 + 1] == v))
        assert "sequence" in record.method
