"""Showing why (issue 30) in the window: build mode's and Why?'s keys and buttons, the animation
export, the Beatty strip and the overlay's items, against brute force by the game's definition.
The controllers' own checks run with mocked views (test_explain_mocked.py)."""

from __future__ import annotations

from PIL import Image
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QSlider

from explorer.gui.grid.strip import LOWER, UPPER
from tests.oracles import Vectors, vector_cold_square

GAMES = {"wythoff": Vectors([(1, 0), (1, 1)]), "maharaja": Vectors([(1, 0), (1, 1)], [(1, 2)])}


def _settle(qtbot, window):  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not window.busy, timeout=60_000)


def test_build_mode_driven_by_its_keys_and_buttons_draws_the_cold_cells(qtbot, window):
    """The window's wiring of build mode (the controller alone: test_explain_mocked.py): "]" and
    "[", the timeline, Play and Close, and the overlay on the grid."""
    key = "wythoff"
    window.grid.set_view(0, 0, 30, 20)
    _settle(qtbot, window)
    cold = vector_cold_square(60, GAMES[key])
    window.build_mode()
    assert window.session.build == (0, 0)
    for _ in range(7):
        qtbot.keyClick(window.grid, Qt.Key.Key_BracketRight)  # "]": a step forward
    first, k = window.session.build
    assert (first, k) == (0, 7)
    step = window.session.rule.construction_step(k)
    x = step.cell[0]
    overlay = window.grid.overlay
    want = {(a, b) for a in range(60) for b in range(60) if cold[a][b] and min(a, b) <= x}
    assert set(overlay.cells) == want
    assert overlay.veil and set(overlay.outlined) == set(step.placed)
    caption = window.findChild(QLabel, "buildCaption").text()
    assert f"Step {k}" in caption
    slider = window.findChild(QSlider, "buildTimeline")
    slider.setValue(3)  # scrubbing
    assert window.session.build == (0, 3)
    qtbot.keyClick(window.grid, Qt.Key.Key_BracketLeft)
    assert window.session.build == (0, 2)
    window.findChild(QPushButton, "buildPlay").click()
    window.panels.build("build")  # built as showing its tab would
    assert window.builder.playing
    qtbot.waitUntil(lambda: window.session.build[1] >= 4, timeout=5_000)
    window.findChild(QPushButton, "buildPlay").click()
    assert not window.builder.playing
    window.findChild(QPushButton, "buildClose").click()
    assert window.session.build is None and window.grid.overlay is None


def test_why_by_its_button_and_key_rings_the_winning_targets(qtbot, window):
    """The window's wiring of Why? (the controller alone: test_explain_mocked.py)."""
    a, b = 9, 14
    cold = vector_cold_square(40, GAMES["wythoff"])
    window.select_position(a, b)
    qtbot.waitUntil(lambda: window.session.report is not None, timeout=10_000)
    window.findChild(QPushButton, "whyButton").click()
    _settle(qtbot, window)  # Why? is worked out on a worker
    overlay = window.grid.overlay
    moves = GAMES["wythoff"].moves(a, b)
    assert set(overlay.ringed) == {t for t in moves if cold[t[0]][t[1]]}
    text = window.findChild(QLabel, "whyText").text()
    assert ("is cold" in text or "No move" in text) if cold[a][b] else "a cold cell" in text
    window.select_position(5, 7)  # Why? follows the selection
    qtbot.waitUntil(lambda: window.session.why == (5, 7), timeout=5_000)
    _settle(qtbot, window)
    assert set(window.grid.overlay.ringed) == {(3, 5), (4, 7), (5, 3)}
    qtbot.keyClick(window.grid, Qt.Key.Key_W)  # off again
    assert window.session.why is None and window.grid.overlay is None


def test_export_animation_writes_a_gif_refuses_a_wide_view_and_cancels(qtbot, window, tmp_path):
    path = tmp_path / "build.gif"
    window.grid.set_view(0, 0, 30, 20)
    _settle(qtbot, window)
    window.dialogs.animation = lambda: ("build", 12, (640, 480), str(path))
    window.asks.export_animation()
    _settle(qtbot, window)
    with Image.open(path) as image:
        assert image.n_frames == 12 and image.size == (640, 480)
    assert window.exporter.last.startswith("wrote 12 frames")
    window.grid.set_view(0, 0, 10**6, 10**6)
    _settle(qtbot, window)
    window.asks.export_animation()
    assert "at most 240" in window.exporter.last and not window.exporter.busy
    window.grid.set_view(0, 0, 200, 130)
    _settle(qtbot, window)
    window.dialogs.animation = lambda: ("build", 600, (1920, 1080), str(tmp_path / "big.gif"))
    window.asks.export_animation()  # 125 frames (the steps about this view) of 1920x1080 pass the budget: refused
    _settle(qtbot, window)
    assert "budget" in window.exporter.last and not (tmp_path / "big.gif").exists()
    window.dialogs.animation = lambda: ("build", 150, (1024, 768), str(tmp_path / "big.gif"))
    window.asks.export_animation()
    assert window.exporter.busy
    window.findChild(QPushButton, "exportCancel").click()
    _settle(qtbot, window)
    assert window.exporter.last == "cancelled" and not (tmp_path / "big.gif").exists()
    window.select_position(3, 4)  # the window keeps working
    qtbot.waitUntil(lambda: window.session.report is not None, timeout=10_000)


def test_the_beatty_strip_splits_the_numbers_and_points_at_each_pair(qtbot, window):
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QMouseEvent

    from tests.oracles import cold_table

    cold = cold_table(80)
    lower = {x for x in range(1, 40) if any(cold[x][y] and y > x for y in range(80))}
    window.grid.set_view(0, 0, 30, 20)
    _settle(qtbot, window)
    strip = window.strip
    assert strip.isVisible()
    pairs = sorted((x, y) for x in range(80) for y in range(x, 80) if cold[x][y])
    for n in range(1, 30):
        name, k = strip.role(n)
        assert name == ("a" if n in lower else "b"), n  # every number is one or the other
        assert n in pairs[k], (n, k)  # and k is its pair's number
    left, width, u0, u1, _, _ = strip._geometry()
    for n in (5, 8, 13):
        px = strip._px(n, left, width, u0, u1)
        event = QMouseEvent(
            QMouseEvent.Type.MouseMove, QPointF(px, 15), QPointF(px, 15), Qt.MouseButton.NoButton,
            Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
        )  # fmt: skip
        strip.mouseMoveEvent(event)
        partner = next(y for y in range(80) if cold[n][y])
        assert len(window.grid.overlays._highlight_items) == 2, n  # the pair and its mirror
        assert (
            f"n = {n}" in window.hover_label.text()
            and f"{min(n, partner)}, {max(n, partner)}" in window.hover_label.text()
        )
    window.set_rule("nim")
    qtbot.waitUntil(lambda: window.session.rule.key == "nim", timeout=10_000)
    assert not strip.isVisible()  # Nim's pairs (k, k) split nothing


def test_an_overlays_lines_are_one_item_drawn_in_pairs(qtbot, window):
    """Long soak, seed 20261604: a wheel over a build of many steps stalled the window 326-364 ms.
    Each of its lines (three a step) was a pyqtgraph item of its own, and adding one walks the
    scene. Now every line is one segment of a single curve drawn in pairs of points."""
    from fractions import Fraction

    import pyqtgraph as pg

    from explorer.core.analysis.construction import clip

    window.set_rule("wythoff:1000000")  # a band of diagonal moves: many lines a step
    qtbot.waitUntil(lambda: window.session.rule.key == "wythoff:1000000", timeout=30_000)
    window.grid.set_view(0, 19_999_900, 300, 20_000_100)  # its cold pairs (k, 10^6·k + ...) lie up here
    _settle(qtbot, window)
    window.build_mode()
    window.findChild(QSlider, "buildTimeline").setValue(20)
    _settle(qtbot, window)
    overlay = window.grid.overlay
    assert len(overlay.lines) >= 40
    curves = [i for i in window.grid.overlays._overlay_items if isinstance(i, pg.PlotCurveItem)]
    assert len(curves) == 1 and curves[0].opts["connect"] == "pairs"
    x0, y0, x1, y1 = window.grid.visible_cells()
    w, h = x1 - x0, y1 - y0
    box = (max(0, x0 - w), max(0, y0 - h), x1 + w, y1 + h)
    f = window.grid.frame
    want = []
    for line in overlay.lines:
        ends = clip(line, *box)
        if ends is not None:
            want += [(f.sx(Fraction(a)), f.sy(Fraction(b))) for a, b in ends]
    xs, ys = curves[0].getData()
    assert list(zip(xs.tolist(), ys.tolist(), strict=True)) == want


def test_the_beatty_strips_boxes_stay_right_of_its_label(qtbot, window):
    """Issue 48: the strip's label read "n: a/": a view starting mid-cell drew the first number's
    box over the margin where the label is. Nothing of a box is drawn left of the plot."""
    window.grid.set_view(59988, 96988, 60012, 97012)
    _settle(qtbot, window)
    window.grid.vb.translateBy(x=-0.4)  # the first column cut by the left edge, as a drag leaves it
    _settle(qtbot, window)
    strip = window.strip
    assert strip.isVisible()
    left = int(strip._geometry()[0])
    image = strip.grab().toImage()
    boxes = {c.rgb() for c in (LOWER, UPPER)}
    margin = {image.pixelColor(x, y).rgb() for x in range(0, left - 1) for y in range(image.height())}
    assert not margin & boxes
    assert boxes & {image.pixelColor(x, image.height() // 2).rgb() for x in range(left, image.width())}
