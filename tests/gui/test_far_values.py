"""Grundy values far out in the window (issue 37): past the corner the grid colours every cell
whose value is below 16 from the value sequences, greys the rest and says "G > 15" on hover; the
inspector gives G, or says it is above 15, and a move to each smaller value. Checked against the
corner table of the rule, computed here on its own."""

from __future__ import annotations

import numpy as np

from explorer.core import budget
from tests.gui.test_value_modes import _shown_values, choose_rule, mode_on


def test_past_the_corner_the_grid_shows_the_value_sequences(qtbot, board):
    choose_rule(qtbot, board, "maharaja")
    mode_on(qtbot, board)
    cache = board.values.cache
    cache.max_side = max(cache.side, 1024)  # a smaller corner: the same hand-over, a cheaper oracle below
    x0 = cache.max_side + 600  # past the board's corner, across the upper beam y ≈ φx
    y0 = x0 * 1618 // 1000 - 15
    board.grid.set_view(x0, y0, x0 + 40, y0 + 30)
    qtbot.waitUntil(lambda: cache.far is not None and not board.values.far_jobs.busy, timeout=60_000)
    board.grid.render_now()
    g = np.asarray(board.session.rule.value_table(x0 + 60, y0 + 60).grundy)
    r = board.grid.raster
    assert r.step == 1
    _, shown = _shown_values(board.grid)
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
                assert "G > 15" in board.grid.hover_description(x, y)
    assert checked > 50
    # the inspector: a cell of value below 16, and one above
    small = next((x, y) for x in range(x0, x0 + 40) for y in range(y0, y0 + 30) if 3 <= g[x, y] < 16)
    board.select_position(*small)

    def said() -> str:  # what the inspector was last told about the values
        call = board.inspector.set_values.call_args
        return "" if call is None else str(call.args[0])

    qtbot.waitUntil(lambda: f"G{small}".replace(" ", "") in said().replace(" ", ""), timeout=30_000)
    text = said()
    assert f"= {int(g[small])}" in text and "A move to each smaller value: 0 →" in text
    big = next((x, y) for x in range(x0, x0 + 40) for y in range(y0, y0 + 30) if g[x, y] >= 16)
    board.select_position(*big)
    qtbot.waitUntil(lambda: "&gt; 15" in said() or "> 15" in said(), timeout=30_000)


def test_the_sums_panel_lists_every_winning_move_and_plays_one(qtbot, window):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from tests.oracles import grundy_table

    g = grundy_table(30)
    window.panels.build("sums")  # built as showing its tab would
    panel = window.sums_panel
    window.show_panel("sums")  # a panel works while it is in front
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
    # the position's own winning moves are drawn on the grid (those in view)
    cells = {c for c in _wythoff_moves(6, 11) if g[c[0]][c[1]] == g[6][11] ^ total}
    assert set(window.session.sum_moves) == cells
    window.grid.set_view(0, 0, 20, 20)
    window.grid.render_now()
    drawn = window.grid.overlays._sum_items
    assert len(drawn) == (1 if cells else 0) and (not cells or len(drawn[0].data) == len(cells))
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


def _heap_texels(window) -> dict[tuple[int, int], int]:
    r = window.grid.raster
    return {(int(j), int(i)): int(c) for i, j, c in zip(r.cols, r.rows, r.counts, strict=True)}


def test_the_grid_shows_the_game_plus_a_heap_exactly_at_any_zoom(qtbot, window):
    """Sums panel ▸ "On the grid: the game plus a heap of h": the sum's cold cells are the cells of
    value h. Each texel's count is checked against Maharaja's table computed here on its own, cell
    by cell and zoomed out; the hover says what a cell is in the sum."""
    choose_rule(qtbot, window, "maharaja")
    n = 1500
    g = np.asarray(window.session.rule.value_table(n, n).grundy)
    window.show_panel("sums")
    window.sums_panel.grid_heap.setValue(4)
    assert window.session.heap == 4 and window.session.mode == "hot/cold"
    for view in ((0, 0, 60, 40), (900, 1300, 960, 1340), (0, 0, n - 1, n - 1)):
        window.grid.set_view(*view)
        qtbot.waitUntil(lambda: not window.values.busy and window.values.cache.far is not None, timeout=60_000)
        window.grid.render_now()
        qtbot.waitUntil(lambda: window.grid.raster_heap is not None and not window.grid.rendering, timeout=30_000)
        r, shown = window.grid.raster, _heap_texels(window)
        assert window.grid.raster_heap == (4, window.values.cache.far.n)
        checked = 0
        for j in range(r.ny):
            for i in range(r.nx):
                x, y = r.x0 + i * r.step, r.y0 + j * r.step
                if x + r.step > n or y + r.step > n or x < 0 or y < 0:
                    continue
                want = int(np.count_nonzero(g[x : x + r.step, y : y + r.step] == 4))
                assert shown.get((j, i), 0) == want, (x, y, r.step)
                checked += 1
        assert checked > 100
    window.grid.set_view(0, 0, 60, 40)
    window.grid.render_now()
    qtbot.waitUntil(lambda: window.grid.raster.step == 1 and not window.grid.rendering, timeout=30_000)
    cold = next((x, y) for x in range(30) for y in range(30) if g[x, y] == 4)
    hot = next((x, y) for x in range(30) for y in range(30) if g[x, y] == 5)
    assert "cold: G = 4" in window.grid.hover_description(*cold)
    assert "hot: G ≠ 4" in window.grid.hover_description(*hot)
    # back to the game alone: the rule's own cold cells
    window.sums_panel.grid_heap.setValue(0)
    window.grid.render_now()
    qtbot.waitUntil(lambda: window.grid.raster_heap is None and not window.grid.rendering, timeout=30_000)
    assert "P-position" in window.grid.hover_description(0, 0)


def test_a_heap_on_the_grid_goes_with_value_colouring_and_is_refused_under_misere(qtbot, window):
    from explorer.session.model import GRUNDY

    window.show_panel("sums")
    window.sums_panel.grid_heap.setValue(2)
    assert window.session.heap == 2
    window.session.mode = GRUNDY  # colouring by value: the heap goes, and the panel says so
    assert window.session.heap == 0 and window.sums_panel.grid_heap.value() == 0
    choose_rule(qtbot, window, "misere")
    window.sums_panel.grid_heap.setValue(3)
    assert window.session.heap == 0 and window.sums_panel.grid_heap.value() == 0
    assert "misère" in window.sums_panel.result.text()


def test_zoomed_out_past_the_corner_the_grid_mixes_each_values_share(qtbot, board):
    """A view 20 000 cells wide past Maharaja's corner: texels of ~40 cells mix the colours of all
    their cells (counted from the sequences), and hovering one lists the cells of each value."""
    choose_rule(qtbot, board, "maharaja")
    mode_on(qtbot, board)
    board.grid.set_view(100000, 150000, 120000, 170000)
    cache = board.values.cache
    # the columns in view are solved (texels count their cells at any height, not only in [0, n)²)
    # and Maharaja's cold cells solved past the view: its sequence grows on a worker of its own, and
    # on a loaded machine it once ended after the values ("beyond the square [0, 65,536)²" on hover)
    rule = board.session.rule
    qtbot.waitUntil(
        lambda: (
            cache.far is not None
            and cache.far.n > 120000
            and not board.values.busy
            and (rule.bound is None or rule.bound > 170000)
        ),
        timeout=90_000,
    )
    board.grid.render_now()
    grid = board.grid.value_marks.value_grid
    r = board.grid.raster
    assert r.step > 16 and grid is not None and grid.shares is not None and grid.shares.counted.all()
    assert board.grid.image.image.ndim == 3  # colours mixed per texel, not levels through a table
    counts = sum(grid.shares.counts(h) for h in range(16))
    j, i = (int(v) for v in np.argwhere(counts > 0)[0])
    x, y = r.x0 + i * r.step, r.y0 + j * r.step
    text = board.grid.hover_description(x, y)
    assert f"cells of value 0–15: {int(counts[j, i])}" in text
    assert all(c >= 0 for c in grid.shares.texel_counts(i, j))
