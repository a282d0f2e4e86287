"""The window driven as a person drives it: typing, clicking, zooming, playing moves."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QListWidget

from explorer.core import is_cold, lower
from explorer.gui.grid.view import GridView
from tests.gui.helpers import colour_at, is_cold_colour, is_hot_colour, wheel, widget_point
from tests.oracles import cold_table, winning_targets


def type_position(qtbot, window, a: str, b: str) -> None:
    for name, text in (("positionA", a), ("positionB", b)):
        edit = window.findChild(QLineEdit, name)
        edit.clear()
        qtbot.keyClicks(edit, text)
    qtbot.keyClick(window.findChild(QLineEdit, "positionB"), Qt.Key.Key_Return)


def status_text(window) -> str:
    return window.findChild(QLabel, "positionStatus").text()


def move_items(window) -> list[str]:
    moves = window.findChild(QListWidget, "winningMoves")
    return [moves.item(i).text() for i in range(moves.count()) if moves.item(i).flags() & Qt.ItemFlag.ItemIsEnabled]


def test_the_sidebar_by_keyboard_and_mouse(qtbot, window):
    """The inspector's own fields, error line and list, wired to the grid (the controllers'
    answers are checked in test_selection_mocked.py)."""
    assert window.findChild(GridView, "gridView") is not None
    type_position(qtbot, window, "5", "7")
    assert "N-position" in status_text(window) and window.grid.selection == (5, 7)
    assert sorted(item.rsplit("→", 1)[1].strip() for item in move_items(window)) == sorted(
        f"({a}, {b})" for a, b in winning_targets(20)[(5, 7)]
    )
    type_position(qtbot, window, "x", "5")
    error = window.findChild(QLabel, "positionError")
    assert error.isVisible() and error.text() and "N-position" not in status_text(window)
    assert window.grid.selection is None
    type_position(qtbot, window, "5", "7")
    assert not error.isVisible()
    moves = window.findChild(QListWidget, "winningMoves")
    moves.setCurrentRow(0)
    target_text = moves.item(0).text().rsplit("→", 1)[1].strip()
    qtbot.keyClick(moves, Qt.Key.Key_Return)  # a move activated is played
    a, b = window.grid.selection
    assert f"({a}, {b})" == target_text and is_cold(a, b) and "P-position" in status_text(window)
    assert move_items(window) == []
    cold = cold_table(30)
    for x, y in [(3, 5), (4, 4), (0, 0), (6, 2)]:  # a click selects
        qtbot.mouseClick(window.grid.viewport(), Qt.MouseButton.LeftButton, pos=widget_point(window.grid, x, y))
        assert window.grid.selection == (x, y)
        assert ("P-position" in status_text(window)) == cold[x][y]


def test_cells_are_coloured_by_the_definition(board):
    cold = cold_table(20)
    for x in range(0, 14):
        for y in range(0, 9):
            c = colour_at(board.grid, x, y)
            assert is_cold_colour(c) if cold[x][y] else is_hot_colour(c), (x, y, c.name())


def test_wheel_zooms_around_the_cursor_and_keys_pan_and_reset(qtbot, board):
    grid = board.grid
    at = widget_point(grid, 10, 6)
    (u0, u1), _ = grid.vb.viewRange()
    wheel(grid, at, 3)
    (v0, v1), _ = grid.vb.viewRange()
    assert v1 - v0 < u1 - u0  # zoomed in
    assert grid.cell_at_scene(grid.mapToScene(at)) == (10, 6)  # the cell under the cursor stayed
    wheel(grid, at, -40)
    assert grid.vb.viewRange()[0][1] - grid.vb.viewRange()[0][0] > u1 - u0
    grid.setFocus()
    before = grid.visible_cells()
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    assert grid.visible_cells()[0] > before[0]
    qtbot.keyClick(grid, Qt.Key.Key_Home)
    assert grid.visible_cells()[0] <= 0
    qtbot.keyClick(grid, Qt.Key.Key_Plus)
    assert grid.cells_per_pixel() < 1


def test_view_cannot_wander_into_negative_coordinates(qtbot, board):
    grid = board.grid
    grid.setFocus()
    for _ in range(60):
        qtbot.keyClick(grid, Qt.Key.Key_Left)
        qtbot.keyClick(grid, Qt.Key.Key_Down)
    x_lo, y_lo, _, _ = grid.visible_cells()
    assert x_lo >= -3 and y_lo >= -3


@pytest.mark.parametrize("k", [10**18 // 2, 10**100, 3 * 10**99 + 12345])
def test_far_positions_are_exact_on_screen(qtbot, board, k):
    a, b = lower(k), lower(k) + k
    grid = board.grid
    board.select(a, b + 1)
    grid.center_on(a, b + 1)
    qtbot.waitUntil(lambda: board.session.report is not None, timeout=20_000)
    assert grid.selection == (a, b + 1)
    assert any(m.target == (a, b) for m in grid.moves)
    # What is painted: the cold cell is blue, its neighbours cream; hover reads exact coordinates.
    assert is_cold_colour(colour_at(grid, a, b))
    assert is_hot_colour(colour_at(grid, a, b + 1)) and is_hot_colour(colour_at(grid, a + 1, b))
    for dx in range(-5, 6):
        for dy in range(-3, 4):
            c = colour_at(grid, a + dx, b + dy) if (dx + dy) % 4 == 0 else None
            if c is not None:
                assert is_cold_colour(c) == is_cold(a + dx, b + dy)
    hover = grid.hover_description(*grid.cell_at_scene(grid.scene_point_of_cell(a, b)))
    assert hover.startswith(f"({a}, {b})") and "cold" in hover


def test_travel_out_to_ten_to_the_hundred_and_back(qtbot, board):
    grid = board.grid
    grid.set_view(0, 0, 10**100, 10**100)
    grid.render_now()
    assert grid.raster is not None and grid.raster.step > 10**96
    assert grid.raster.counts.size > 0  # both cold lines are drawn even at this scale
    for _ in range(3):
        grid.zoom(1e-20)
        grid.render_now()
    x_lo, y_lo, x_hi, y_hi = grid.visible_cells()
    assert x_hi > x_lo and y_hi > y_lo
    board.select(10**100, 5)
    grid.center_on(10**100, 5)
    assert grid.selection == (10**100, 5)
    grid.setFocus()
    qtbot.keyClick(grid, Qt.Key.Key_Home)
    assert grid.origin == (0, 0) and grid.visible_cells()[0] <= 0
    assert is_cold_colour(colour_at(grid, 1, 2))


def test_zoomed_out_pixels_show_the_cold_lines_near_ten_to_the_eighteen(board):
    grid = board.grid
    x = 10**18
    y = lower(x)  # (x, ⌊xφ⌋) lies on the line y = φx
    step = 10**12
    grid.set_view(x - 600 * step, y - 400 * step, x + 600 * step, y + 400 * step)
    grid.render_now()
    r = grid.raster
    assert r.step >= step // 2 and r.counts.size > 0
    assert is_cold_colour(colour_at(grid, x, y)) or colour_at(grid, x, y).blue() > 150
    assert "cold cells of" in grid.hover_description(x, y)


def test_the_grid_draws_the_sessions_cell_borders_and_golden_lines(qtbot, board):
    """The borders and the golden lines are the session's (saved with it): the grid draws what the
    session says, whatever it said before."""
    grid, session = board.grid, board.session
    grid.set_view(0, 0, 30, 20)  # cells wide enough for borders
    grid.render_now()
    assert grid.borders.isVisible() and not any(line.isVisible() for line in grid.phi_lines)
    session.golden_lines = True
    session.cell_borders = False
    assert all(line.isVisible() for line in grid.phi_lines) and not grid.borders.isVisible()
    session.golden_lines = False
    session.cell_borders = True
    assert grid.borders.isVisible() and not any(line.isVisible() for line in grid.phi_lines)


def test_settings_remember_the_view(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from explorer.gui.main_window import MainWindow

    path = str(tmp_path / "s.ini")
    first = MainWindow(settings=QSettings(path, QSettings.Format.IniFormat))
    qtbot.addWidget(first)
    first.show()
    first.grid.set_view(10**20, 10**20, 10**20 + 40, 10**20 + 30)
    first.close()
    second = MainWindow(settings=QSettings(path, QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    second.show()
    qtbot.waitUntil(lambda: second.grid.visible_cells()[0] > 10**19, timeout=5_000)  # once laid out
    x_lo, _, x_hi, _ = second.grid.visible_cells()
    assert 10**20 - 40 <= x_lo <= 10**20 + 40 and x_hi - x_lo < 400


def test_export_png_and_the_view_as_a_figure(qtbot, window, tmp_path):
    """File ▸ Export view as PNG, and as a figure: the SVG holds a rectangle for each cold cell in view,
    and the ring of the selection (counted against brute force)."""
    import xml.etree.ElementTree as ET

    from tests.oracles import cold_table

    out = tmp_path / "view.png"
    window.files.export_png(str(out))
    assert out.stat().st_size > 1000
    window.grid.set_view(0, 0, 50, 40)
    window.select_position(5, 7)
    qtbot.waitUntil(lambda: window.session.report is not None, timeout=10_000)
    x0, y0, x1, y1 = window.grid.visible_cells()
    x0, y0 = max(0, x0), max(0, y0)
    window.files.export_figure(str(tmp_path / "view.svg"))
    qtbot.waitUntil(lambda: not window.exporter.busy, timeout=30_000)
    assert window.exporter.last.startswith("wrote"), window.exporter.last
    root = ET.fromstring((tmp_path / "view.svg").read_text())
    classes = [e.get("class") for e in root.iter() if e.get("class")]
    table = cold_table(max(x1, y1))
    assert classes.count("cell cold") == sum(table[x][y] for x in range(x0, x1) for y in range(y0, y1))
    assert classes.count("selection") == 1
    window.why.ask_why()  # Why? draws its lines over the grid: the figure draws them too
    qtbot.waitUntil(lambda: window.session.overlay is not None, timeout=10_000)
    window.files.export_figure(str(tmp_path / "why.svg"))
    qtbot.waitUntil(lambda: not window.exporter.busy, timeout=30_000)
    root = ET.fromstring((tmp_path / "why.svg").read_text())
    drawn = [e.get("class") for e in root.iter() if e.get("class")]
    assert drawn.count("shade") >= 1 and drawn.count("outline") + drawn.count("selection") >= 1, drawn
    from explorer import api
    from explorer.session.model import GRUNDY

    window.session.mode = GRUNDY  # values solved for the figure alone are not kept (a long soak saw +77 MiB)
    window.files.export_figure(str(tmp_path / "grundy.svg"))
    qtbot.waitUntil(lambda: not window.exporter.busy, timeout=30_000)
    assert "colour-bar" in (tmp_path / "grundy.svg").read_text() and not api._VALUES
    window.files.export_figure(str(tmp_path / "view.doc"))  # the wrong extension: said, nothing written
    assert ".pdf, .svg or .tex" in window.statusBar().currentMessage() and not (tmp_path / "view.doc").exists()


def test_hundred_thousand_digit_position_stays_responsive(qtbot, window, monkeypatch):
    import threading

    from explorer.gui.grid import strip
    from tests.oracles import fib

    on_gui: list[int] = []  # the roles of huge numbers the Beatty strip works out on the GUI thread
    plain_role_of = strip.role_of

    def role_of(rule, n):  # type: ignore[no-untyped-def]
        if threading.current_thread() is threading.main_thread() and n.bit_length() > 10_000:
            on_gui.append(n)
        return plain_role_of(rule, n)

    monkeypatch.setattr(strip, "role_of", role_of)

    n = 478_500  # F_n has 100 001 digits; (F_{n+1} - 1, F_{n+1} - 1 + F_n) is cold (n even)
    k = fib(n)
    a = fib(n + 1) - 1
    window.findChild(QLineEdit, "positionA").setText(str(a))
    window.findChild(QLineEdit, "positionB").setText(str(a + k + 1))
    started = time.perf_counter()
    qtbot.keyClick(window.findChild(QLineEdit, "positionB"), Qt.Key.Key_Return)
    returned = time.perf_counter() - started
    # Reading the digits, the report and the drawing come from worker threads; the window answers
    # meanwhile (Enter returned at once: not a timed assertion, the work is simply not here).
    print(f"Enter returned after {returned * 1000:.1f} ms")
    assert "Reading" in status_text(window)
    qtbot.waitUntil(lambda: "N-position" in status_text(window), timeout=60_000)
    assert window.grid.selection == (a, a + k + 1) == window.session.selection
    qtbot.waitUntil(lambda: not window.grid.rendering, timeout=60_000)
    assert window.grid.raster is not None and window.grid.raster.count_at(a, a + k) == 1
    assert window.grid.raster.count_at(a, a + k + 1) == 0
    assert any("(" in item and "digits" in item for item in move_items(window))
    assert "cold" in window.grid.hover_description(a, a + k)
    # the strip under the grid asks a worker for the roles of numbers this long (0.3 s each)
    qtbot.waitUntil(lambda: any(window.strip.known_role(n) for n in range(a - 3, a + 3)), timeout=60_000)
    assert window.strip.known_role(a) == ("a", k) and not on_gui
