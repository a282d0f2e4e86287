"""Issue 28 item 1: at the default size the sidebar's seven tabs read "Inspe…", "Que…", "P…".
Every visible tab, dock title and group title must be readable in full at 1024×700 and above;
every panel has a key (Ctrl+1 … Ctrl+7), named in its tab's tooltip and in View ▸ Panels; the
docks can be split and floated, and the layout is remembered."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDockWidget, QGroupBox, QStyle, QTabBar

from explorer.session.views import PANELS


def _new_window(qtbot, tmp_path, size):  # type: ignore[no-untyped-def]
    from explorer.gui.main_window import MainWindow

    win = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    qtbot.wait(100)
    return win


def _cut_texts(win):  # type: ignore[no-untyped-def]
    """Every visible tab, dock title or group title whose text is longer than its rectangle."""
    cut = []
    for bar in win.findChildren(QTabBar):
        if not bar.isVisible():
            continue
        fm = bar.fontMetrics()
        room = bar.style().pixelMetric(QStyle.PixelMetric.PM_TabBarTabHSpace, None, bar)
        vertical = bar.shape() in (
            QTabBar.Shape.RoundedEast,
            QTabBar.Shape.RoundedWest,
            QTabBar.Shape.TriangularEast,
            QTabBar.Shape.TriangularWest,
        )
        for i in range(bar.count()):
            rect = bar.tabRect(i)
            length = rect.height() if vertical else rect.width()
            need = fm.horizontalAdvance(bar.tabText(i).replace("&", "")) + room
            if not bar.tabIcon(i).isNull():
                need += bar.iconSize().width()
            if length < need:
                cut.append((bar.tabText(i), length, need))
    for dock in win.findChildren(QDockWidget):
        if dock.isVisible() and not dock.visibleRegion().isEmpty():
            need = dock.fontMetrics().horizontalAdvance(dock.windowTitle()) + 60  # its float and close buttons
            if dock.width() < need:
                cut.append((dock.windowTitle(), dock.width(), need))
    for box in win.findChildren(QGroupBox):
        if box.isVisible() and box.title():
            need = box.fontMetrics().horizontalAdvance(box.title()) + 16
            if box.width() < need:
                cut.append((box.title(), box.width(), need))
    return cut


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_every_tab_and_title_is_read_in_full(qtbot, tmp_path, size):
    win = _new_window(qtbot, tmp_path, size)
    bars = [b for b in win.findChildren(QTabBar) if b.isVisible() and b.count() == len(PANELS)]
    assert len(bars) == 1, "the seven panels are tabbed together"
    assert [bars[0].tabText(i) for i in range(bars[0].count())] == [d.windowTitle() for d in win.docks.values()]
    for name in PANELS:  # each panel in front in turn: its own tabs and titles too
        win.show_panel(name)
        qtbot.wait(30)
        assert _cut_texts(win) == [], name


def test_each_panel_has_a_key_in_its_tooltip_and_the_view_menu(qtbot, tmp_path):
    win = _new_window(qtbot, tmp_path, (1024, 700))
    qtbot.wait(50)
    bar = next(b for b in win.findChildren(QTabBar) if b.isVisible() and b.count() == len(PANELS))
    for i, name in enumerate(PANELS, start=1):
        key = QKeySequence(f"Ctrl+{i}").toString(QKeySequence.SequenceFormat.NativeText)
        action = win.menus.panel_actions[name]
        assert action.shortcut() == QKeySequence(f"Ctrl+{i}")
        assert key in bar.tabToolTip(i - 1) and win.docks[name].windowTitle() in bar.tabToolTip(i - 1)
        assert action in win.findChild(type(win.menuBar().actions()[0].menu()), "panelsMenu").actions()
    for i, name in reversed(list(enumerate(PANELS, start=1))):  # by the keys, as a person does
        qtbot.keyClick(win, Qt.Key(Qt.Key.Key_0 + i), Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda n=name: bar.tabText(bar.currentIndex()) == win.docks[n].windowTitle())


def test_panels_split_float_and_the_layout_is_remembered(qtbot, tmp_path):
    win = _new_window(qtbot, tmp_path, (1280, 800))
    queries, play = win.docks["queries"], win.docks["play"]
    assert queries.features() & QDockWidget.DockWidgetFeature.DockWidgetFloatable
    win.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, queries, Qt.Orientation.Vertical)  # beside the rest
    play.setFloating(True)
    win.docks["rows"].close()
    qtbot.wait(50)
    assert queries.isVisible() and win.docks["inspector"].isVisible()  # both at once
    assert not win.tabifiedDockWidgets(queries)
    win.close()
    again = _new_window(qtbot, tmp_path, (1280, 800))
    assert again.docks["play"].isFloating()
    assert not again.docks["rows"].isVisible()
    assert not again.tabifiedDockWidgets(again.docks["queries"])
    again.restore_default_layout()
    qtbot.wait(50)
    assert not again.docks["play"].isFloating() and again.docks["rows"].isVisibleTo(again)
    assert len(again.tabifiedDockWidgets(again.docks["inspector"])) == len(PANELS) - 1
    again.docks["play"].close()
    again.show_panel("play")  # Ctrl+3 on a closed panel opens it again
    assert again.docks["play"].isVisibleTo(again)
    again.close()


def test_the_status_bar_says_what_to_do_until_a_cell_is_selected(qtbot, tmp_path):
    """Issue 28 item 4: the status bar was empty at start."""
    from PySide6.QtWidgets import QLabel

    win = _new_window(qtbot, tmp_path, (1280, 800))
    label = win.findChild(QLabel, "hoverLabel")
    hint = label.text()
    for gesture in ("zoom", "pan", "click a cell", "Shift-drag"):
        assert gesture in hint
    assert label.isVisible() and label.width() >= label.fontMetrics().horizontalAdvance(hint)  # read in full
    win.select_position(5, 7)
    qtbot.waitUntil(lambda: win.session.report is not None)
    assert label.text() == ""
    win.grid.hoverText.emit("(3, 4): hot")
    assert label.text() == "(3, 4): hot"
    win.selection.clear()
    win.grid.hoverText.emit("")  # the mouse left the grid
    assert label.text() == hint


def test_help_lists_every_key(qtbot, tmp_path):
    from PySide6.QtGui import QAction

    from explorer.gui.grid.view import GRID_KEYS

    win = _new_window(qtbot, tmp_path, (1280, 800))
    text = win.shortcuts_html()
    keyed = [a for a in win.findChildren(QAction) if not a.shortcut().isEmpty()]
    assert len(keyed) >= 7 + 6  # the panels' keys and the menus'
    for action in keyed:
        assert action.shortcut().toString(QKeySequence.SequenceFormat.NativeText) in text, action.text()
    for key, _ in GRID_KEYS:
        assert key in text
    assert "Ctrl+D" in text  # a bookmark's key works before its menu was first opened
    help_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Help")
    assert any(a.text() == "&Keyboard shortcuts" and not a.shortcut().isEmpty() for a in help_menu.actions())
