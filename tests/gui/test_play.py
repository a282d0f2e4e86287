"""A whole game against the computer, driven through the window: clicks on the grid, the panel's
fields and buttons, its chart. The controller's rules of play run with mocked views
(test_play_mocked.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QLineEdit, QPushButton

from explorer.core import is_cold, winning_moves
from tests.gui.helpers import widget_point


def start(qtbot, window, a, b, human_first=True):
    window.docks["play"].raise_()
    window.panels.build("play")  # built as showing its tab would
    window.play.reply_delay_ms = 0
    window.findChild(QLineEdit, "playA").setText(str(a))
    window.findChild(QLineEdit, "playB").setText(str(b))
    window.findChild(QCheckBox, "playHumanFirst").setChecked(human_first)
    qtbot.mouseClick(window.findChild(QPushButton, "playStart"), Qt.MouseButton.LeftButton)
    qtbot.wait(20)


def click(qtbot, window, x, y):
    window.grid.render_now()
    qtbot.mouseClick(window.grid.viewport(), Qt.MouseButton.LeftButton, pos=widget_point(window.grid, x, y))
    qtbot.wait(20)


def status(window) -> str:
    return window.findChild(QLabel, "playStatus").text()


def test_a_whole_game_won_by_perfect_play(qtbot, window):
    start(qtbot, window, 9, 6)
    window.panels.build("play")  # built as showing its tab would
    game = window.play.game
    while not game.over:
        x, y = game.position
        target = winning_moves(x, y)[0].target  # the human plays perfectly too
        click(qtbot, window, *target)
        qtbot.waitUntil(lambda: game.over or game.to_move == "you", timeout=5000)
        assert is_cold(*target)
    assert game.winner == "you" and "You win" in status(window)
    assert list(window.grid.path) == game.path and len(game.path) > 2


def test_illegal_click_and_a_negative_start(qtbot, window):
    """The panel's and the grid's part (the controller alone: test_play_mocked.py)."""
    start(qtbot, window, 6, 9)
    click(qtbot, window, 5, 7)  # takes 1 and 2: illegal in Wythoff
    window.panels.build("play")  # built as showing its tab would
    assert "cannot be reached" in status(window) and window.play.game.path == [(6, 9)]
    window.findChild(QLineEdit, "playA").setText("-2")
    qtbot.mouseClick(window.findChild(QPushButton, "playStart"), Qt.MouseButton.LeftButton)
    assert "negative" in status(window)


def _drawn_ticks(axis):  # type: ignore[no-untyped-def]
    """The tick values an axis draws for its current range and size."""
    lo, hi = axis.range
    length = axis.geometry().height() if axis.orientation in ("left", "right") else axis.geometry().width()
    return [v for _, values in axis.tickValues(lo, hi, length) for v in values]


def test_the_value_history_axes_count_in_whole_moves(qtbot, window):
    """Issue 28 item 3: a two-move game's move axis read 0, 0.5, 1, 1.5, 2."""
    start(qtbot, window, 5, 7)
    qtbot.waitUntil(lambda: window.values.cache.covers(5, 7) and not window.values.jobs.busy, timeout=60_000)
    click(qtbot, window, 3, 5)
    window.panels.build("play")  # built as showing its tab would
    qtbot.waitUntil(lambda: window.play.game.over or window.play.game.to_move == "you", timeout=5000)
    panel = window.play_panel
    assert len(panel.history) >= 2
    plot = panel.chart.getPlotItem()
    qtbot.wait(50)
    for name in ("bottom", "left"):
        ticks = _drawn_ticks(plot.getAxis(name))
        assert ticks, name
        assert all(float(v).is_integer() for v in ticks), (name, ticks)
    moves = sorted(_drawn_ticks(plot.getAxis("bottom")))
    assert set(range(len(panel.history))) <= {int(v) for v in moves}  # each move is labelled


def test_a_remoteness_beyond_floats_is_not_plotted_and_the_chart_says_so(qtbot):
    """The soak (seed 20261187): a game under Nim from a position of thousands of digits has a
    remoteness (a closed form) beyond the float range; the value history plotted it and every
    paint of the window raised OverflowError in pyqtgraph's bounds."""
    from explorer.gui.panels.play import COMPUTER, HUMAN, PlayPanel

    panel = PlayPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.chart_holder.widget()  # the chart built, as when the tab is shown
    huge = 10**400
    panel.set_history([(0, huge, HUMAN), (1, huge - 1, COMPUTER), (2, 5, HUMAN)])
    _, ys = panel.chart_line.getData()
    assert list(ys) == [5.0]  # only what a float holds exactly is plotted
    assert "too large to plot" in panel.chart_note.text()
    panel.chart.grab()  # paints without raising
