"""Showing why (issue 30) in the window: build mode, Why?, perfect play and the animation
export, against brute force by the game's definition."""

from __future__ import annotations

import pytest
from PIL import Image
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QSlider

from explorer.core.render.animation import perfect_game
from tests.oracles import Vectors, values_by_definition, variant_cold, vector_cold_square

GAMES = {"wythoff": Vectors([(1, 0), (1, 1)]), "maharaja": Vectors([(1, 0), (1, 1)], [(1, 2)])}


def _settle(qtbot, window):  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not window.busy, timeout=60_000)


@pytest.mark.parametrize("key", list(GAMES))
def test_build_mode_places_exactly_the_cold_cells_step_by_step(qtbot, window, key):
    if key != "wythoff":
        window.set_rule(key)
        qtbot.waitUntil(lambda: window.session.rule.key == key, timeout=30_000)
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
    assert window.builder.playing
    qtbot.waitUntil(lambda: window.session.build[1] >= 4, timeout=5_000)
    window.findChild(QPushButton, "buildPlay").click()
    assert not window.builder.playing
    window.findChild(QPushButton, "buildClose").click()
    assert window.session.build is None and window.grid.overlay is None


@pytest.mark.parametrize(
    ("key", "oracle"),
    [
        ("wythoff", lambda n: variant_cold(n, "any", "any", 1)),
        ("misere", lambda n: variant_cold(n, "any", "any", 1, misere=True)),
        ("wythoff:2", lambda n: variant_cold(n, "any", "any", 2)),
        ("maharaja", lambda n: variant_cold(n, GAMES["maharaja"], None, 1)),
        ("custom:one=1 2 3;both=1;a=1;n=48", lambda n: variant_cold(n, {1, 2, 3}, {1}, 1)),
    ],
)
def test_build_mode_away_from_the_origin_veils_all_but_the_cells_placed_before(qtbot, window, key, oracle):
    """Started on a view whose first step is not 0, build mode shows the cold cells in view that
    earlier steps placed: exactly the cells cold by the game's definition whose step comes before
    the first (the view's cold cells come from the rule's raster, each asked only its step).
    Every rule here starts a view at the first pair (or cell) reaching its lower piles, so none
    is placed before; asked about a later first step, the cells before it are."""
    if key != "wythoff":
        window.set_rule(key)
        qtbot.waitUntil(lambda: window.session.rule.key != "wythoff" and not window.busy, timeout=30_000)
    window.grid.set_view(14, 9, 40, 30)
    _settle(qtbot, window)
    window.build_mode()
    rule = window.session.rule
    first, _ = window.session.build
    assert first > 0
    x0, y0, x1, y1 = window.grid.visible_cells()
    cold = oracle(48)
    want = {
        (x, y)
        for x in range(max(0, x0), x1)
        for y in range(max(0, y0), y1)
        if cold[(x, y)] and (order := rule.construction_order(x, y)) is not None and order < first
    }
    assert set(window.builder.earlier) == want
    later = 10**6
    want = {
        (x, y)
        for x in range(max(0, x0), x1)
        for y in range(max(0, y0), y1)
        if cold[(x, y)] and (order := rule.construction_order(x, y)) is not None and order < later
    }
    assert want and set(window.builder._earlier_cells(rule, later)) == want


def test_build_mode_far_out_does_not_ask_each_cell_in_view(qtbot, window, monkeypatch):
    """The long soak stalled 459 ms starting build mode on 6 000 cells of 700-digit numbers under
    misère, asking each cell whether it was cold: the view's cold cells come from its raster."""
    window.set_rule("misere")
    qtbot.waitUntil(lambda: window.session.rule.key == "misere" and not window.busy, timeout=30_000)
    far = 10**700
    window.grid.set_view(far, far // 2, far + 70, far // 2 + 70)
    _settle(qtbot, window)
    rule = window.session.rule
    asked = []
    original = type(rule).is_cold
    monkeypatch.setattr(type(rule), "is_cold", lambda self, x, y: asked.append((x, y)) or original(self, x, y))
    window.build_mode()
    assert window.session.build is not None and window.builder.veil
    assert len(asked) < 10, len(asked)


def test_build_mode_under_a_square_rule_decides_cell_by_cell(qtbot, window):
    window.set_rule("custom:one=1 2 3;both=1;a=1;n=16")
    qtbot.waitUntil(lambda: window.session.rule.bound == 16, timeout=30_000)
    window.grid.set_view(0, 0, 15, 15)
    _settle(qtbot, window)
    window.build_mode()
    for _ in range(20):
        window.builder.step(1)
    first, k = window.session.build
    rule = window.session.rule
    want = {(x, y) for x in range(16) for y in range(16) if x * 16 + y <= k and rule.is_cold(x, y)}
    assert first == 0 and set(window.grid.overlay.cells) == want
    assert (
        "is hot" in window.findChild(QLabel, "buildCaption").text()
        or "is cold" in window.findChild(QLabel, "buildCaption").text()
    )


@pytest.mark.parametrize(("a", "b"), [(9, 14), (8, 13), (0, 0), (17, 30)])
def test_why_rings_exactly_the_winning_targets(qtbot, window, a, b):
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


def test_why_far_out(qtbot, window):
    big = 10**30
    window.go_to_position(big, big + 7)
    qtbot.waitUntil(lambda: window.session.report is not None, timeout=10_000)
    window.why.ask_why()
    _settle(qtbot, window)
    targets = set(window.grid.overlay.ringed)
    assert targets == {m.target for m in window.session.report.moves} and targets


def test_show_perfect_play_is_a_perfect_game(qtbot, window):
    _, _, rem = values_by_definition(20, 20, "any", "any", 1)
    window.select_position(9, 14)
    qtbot.waitUntil(lambda: window.values.cache.remoteness(9, 14) is not None and not window.busy, timeout=30_000)
    window.findChild(QPushButton, "showPerfectPlay").click()
    qtbot.waitUntil(lambda: bool(window.session.demo), timeout=10_000)  # worked out on a worker
    want = perfect_game(window.session.rule, (9, 14), lambda x, y: rem[x][y])
    assert list(window.session.demo) == want and len(want) - 1 == rem[9][14]
    window.demo.set_move_ms(10)
    qtbot.waitUntil(lambda: not window.demo.demo_playing, timeout=10_000)
    assert list(window.grid.path) == want
    assert "wins" in window.findChild(QLabel, "whyText").text()


def test_export_animation_writes_a_gif_refuses_a_wide_view_and_cancels(qtbot, window, tmp_path):
    path = tmp_path / "build.gif"
    window.grid.set_view(0, 0, 30, 20)
    _settle(qtbot, window)
    window.dialogs.animation = lambda: ("build", 12, (640, 480), str(path))
    window.export_animation()
    _settle(qtbot, window)
    with Image.open(path) as image:
        assert image.n_frames == 12 and image.size == (640, 480)
    assert window.exporter.last.startswith("wrote 12 frames")
    window.grid.set_view(0, 0, 10**6, 10**6)
    _settle(qtbot, window)
    window.export_animation()
    assert "at most 240" in window.exporter.last and not window.exporter.busy
    window.grid.set_view(0, 0, 200, 130)
    _settle(qtbot, window)
    window.dialogs.animation = lambda: ("build", 600, (1920, 1080), str(tmp_path / "big.gif"))
    window.export_animation()  # 125 frames (the steps about this view) of 1920x1080 pass the budget: refused
    _settle(qtbot, window)
    assert "budget" in window.exporter.last and not (tmp_path / "big.gif").exists()
    window.dialogs.animation = lambda: ("build", 150, (1024, 768), str(tmp_path / "big.gif"))
    window.export_animation()
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


def test_a_why_answer_for_a_position_no_longer_asked_is_dropped(qtbot, window):
    """Why? runs on a worker (far out under a generated sequence it took 518 ms on the GUI thread):
    an answer that arrives after the selection or the rule changed is not shown."""
    window.select_position(9, 14)
    qtbot.waitUntil(lambda: window.session.report is not None, timeout=10_000)
    window.why.ask_why()
    window.select_position(5, 7)  # at once: Why? follows; the (9, 14) answer must not land
    _settle(qtbot, window)
    assert window.session.why == (5, 7)
    assert set(window.grid.overlay.ringed) == {(3, 5), (4, 7), (5, 3)}
    stale = window.session.rule
    window.set_rule("nim")
    qtbot.waitUntil(lambda: window.session.rule.key == "nim" and not window.busy, timeout=30_000)
    from explorer.core.analysis.construction import why

    window.why._why_arrived(stale, window.session.why or (5, 7), why(stale, 5, 7))  # late, old rule
    overlay = window.grid.overlay
    assert overlay is None or set(overlay.ringed) != {(3, 5), (4, 7), (5, 3)}


def test_the_build_timeline_holds_the_steps_about_the_view(qtbot, window):
    """Issue 35: the timeline was always 400 steps; at the default view about 14 pairs show, and
    Play ran two minutes with nothing changing."""
    from tests.oracles import cold_table

    window.grid.set_view(0, 0, 30, 20)
    _settle(qtbot, window)
    window.builder.start()
    _, _, x1, y1 = window.grid.visible_cells()
    stop = max(x1, y1)
    cold = cold_table(2 * stop + 4)
    pairs = sum(1 for x in range(stop) for y in range(x, 2 * stop + 4) if cold[x][y])
    assert window.builder.count == pairs < 400


def test_build_mode_beyond_the_solved_pairs_turns_off_and_says_why(qtbot, window):
    """Long soak, seed 20261133: build mode on, then started again at a view past the pairs a
    sequence has solved: the panel said why it could not start, and the model kept the old step."""
    window.set_rule("maharaja")
    qtbot.waitUntil(lambda: window.session.rule.key == "maharaja", timeout=30_000)
    _settle(qtbot, window)
    window.grid.set_view(0, 0, 30, 20)
    _settle(qtbot, window)
    window.builder.start()
    window.builder.step(3)
    assert window.session.build is not None
    far = window.session.rule.bound + 10**6  # past what is solved (the view is not solved on its own)
    window.growth.cancel()
    window.grid.set_view(far, far, far + 30, far + 20)
    window.growth.cancel()
    window.builder.start()
    assert window.session.build is None and window.grid.overlay is None
    assert "beyond" in window.build_panel.caption.text()


def test_scrubbing_to_the_end_of_a_square_rule_works_out_only_the_step_shown(qtbot, window, monkeypatch):
    """A scrub to the end of a custom rule's timeline worked out every step's winning moves on the
    GUI thread (255 ms, long soak, seed 20261510). The steps passed over give only the cells they
    place; the overlay still holds exactly the cold cells decided so far, by the definition."""
    from explorer.core.rules.custom import SquareRule

    key = "custom:one=any;both=any;a=1;n=64"
    window.set_rule(key)
    qtbot.waitUntil(lambda: window.session.rule.key == key, timeout=30_000)
    window.grid.set_view(0, 0, 30, 20)
    _settle(qtbot, window)
    cold = variant_cold(64, "any", "any", 1)
    window.build_mode()
    full = [0]
    real = SquareRule.construction_step

    def counted(self, k):  # type: ignore[no-untyped-def]
        full[0] += 1
        return real(self, k)

    monkeypatch.setattr(SquareRule, "construction_step", counted)
    slider = window.findChild(QSlider, "buildTimeline")
    slider.setValue(slider.maximum())
    first, k = window.session.build
    assert k - first == slider.maximum() > 100
    assert full[0] == 1  # the step shown, not every step before it
    n = window.session.rule.bound
    decided = {divmod(i, n) for i in range(first, k + 1)}
    assert {c for c in window.grid.overlay.cells if c in decided} == {c for c in decided if cold[c]}


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
