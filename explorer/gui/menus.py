"""The window's menus (File, View, Help) and its help texts: actions wired to the main window's
methods and controllers; each key is also added to the window so it works before its menu opens."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QMessageBox

from explorer.gui.grid.view import GRID_KEYS, GridView


class MenuHost(Protocol):
    """What the menus need of the window they are built for (the main window implements it; the
    menus do not import it, so the two modules form no cycle)."""

    grid: GridView
    explain: Any  # ExplainController: ask_why, step, toggle_play, close
    growth: Any  # GrowthController: extend
    docks: Any  # DockedPanels: items()
    phi_action: QAction
    grid_lines_action: QAction
    add_bookmark_action: QAction
    why_action: QAction
    panel_actions: dict[str, QAction]
    recent_menu: QMenu
    bookmarks_menu: QMenu
    panel_shortcut: Callable[..., Any]
    show_why_state: Callable[[], None]
    show_panel: Callable[[str], None]
    save_session: Callable[..., bool]
    open_session: Callable[..., None]
    restore_default_layout: Callable[[], None]
    export_png: Callable[..., None]
    export_animation: Callable[[], None]
    build_mode: Callable[..., None]
    ask_go_to: Callable[[], None]
    ask_bookmark: Callable[[], None]
    about_text: Callable[[], str]
    _fill_recent: Callable[[], None]
    _fill_bookmarks: Callable[[], None]

    def menuBar(self) -> QMenuBar: ...
    def addAction(self, action: QAction) -> None: ...
    def findChildren(self, kind: Any) -> list[Any]: ...
    def close(self) -> bool: ...


HOW_TO_READ = """<h3>How to read the grid</h3>
<p>Each cell (a, b) is a position: a counters in pile A (horizontal), b in pile B (vertical).
A move takes counters from one pile (left or down) or the same number from both (diagonally).</p>
<p><b>Cold</b> cells (blue, P-positions) are lost for the player to move; <b>hot</b> cells
(cream, N-positions) are won: some move reaches a cold cell. Each row and each column holds
exactly one cold cell; they lie along the lines y = φx and y = x/φ (View ▸ Golden lines).</p>
<p>Zoomed out, a pixel covers many cells; its shade says what share of its columns hold a cold
cell, so the two lines stay visible at every scale. Hover for exact counts.</p>
<p>Wheel: zoom around the cursor. Drag: pan. Keys: + and − zoom, arrows pan, Home resets.
Click a cell to inspect it; its winning moves are drawn as arrows.</p>"""


START_HINT = (
    "Wheel: zoom · drag: pan · click a cell to see who wins and how · Shift-drag: count cold cells in a "
    "rectangle · F1: all keys"
)


def shortcuts_html(window: MenuHost) -> str:
    """Every key of the window: the grid's own and each menu action's (read from the actions,
    so a new one cannot be left out)."""
    rows = list(GRID_KEYS)
    seen = set()
    for action in window.findChildren(QAction):
        key = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        if key and key not in seen:
            seen.add(key)
            rows.append((key, action.text().replace("&", "").rstrip("…")))
    body = "".join(f"<tr><td><b>{html.escape(k)}</b>&nbsp;&nbsp;</td><td>{html.escape(w)}</td></tr>" for k, w in rows)
    return f"<h3>Keyboard shortcuts</h3><table>{body}</table>"


def build_menus(window: MenuHost) -> None:
    file_menu = window.menuBar().addMenu("&File")
    export = QAction("&Export view as PNG…", window, shortcut=QKeySequence("Ctrl+E"))
    export.triggered.connect(window.export_png)
    quit_action = QAction("&Quit", window, shortcut=QKeySequence.StandardKey.Quit)
    quit_action.triggered.connect(window.close)
    open_action = QAction("&Open session…", window, shortcut=QKeySequence.StandardKey.Open)
    open_action.triggered.connect(lambda: window.open_session())
    save_action = QAction("&Save session…", window, shortcut=QKeySequence.StandardKey.Save)
    save_action.triggered.connect(lambda: window.save_session())
    file_menu.addActions([open_action, save_action])
    window.recent_menu = file_menu.addMenu("Open &recent")
    window.recent_menu.aboutToShow.connect(window._fill_recent)
    file_menu.addSeparator()
    animate = QAction("Export &animation…", window, shortcut=QKeySequence("Ctrl+Shift+E"))
    animate.triggered.connect(window.export_animation)
    file_menu.addActions([export, animate, quit_action])

    view = window.menuBar().addMenu("&View")
    reset = QAction("&Reset view", window, shortcut=QKeySequence("Ctrl+0"))
    reset.triggered.connect(window.grid.reset_view)
    goto = QAction("&Go to position…", window, shortcut=QKeySequence("Ctrl+G"))
    goto.triggered.connect(window.ask_go_to)
    window.grid_lines_action = QAction("Cell &borders", window, checkable=True, checked=True)
    window.grid_lines_action.toggled.connect(lambda on: window.grid.set_overlays(grid_lines=on))
    window.phi_action = QAction("&Golden lines y = φx, y = x/φ", window, checkable=True)
    window.phi_action.toggled.connect(lambda on: window.grid.set_overlays(phi_lines=on))
    view.addActions([reset, goto])
    window.bookmarks_menu = view.addMenu("&Bookmarks")
    # made once and held by the window, so Ctrl+D works before the menu was ever opened
    window.add_bookmark_action = QAction("&Add bookmark for this view…", window, shortcut=QKeySequence("Ctrl+D"))
    window.add_bookmark_action.triggered.connect(window.ask_bookmark)
    window.addAction(window.add_bookmark_action)
    window.bookmarks_menu.aboutToShow.connect(window._fill_bookmarks)
    view.addSeparator()
    view.addActions([window.grid_lines_action, window.phi_action])
    extend = QAction("E&xtend the solved range", window, shortcut=QKeySequence("Ctrl+Shift+X"))
    extend.setToolTip("Rules solved as a generated sequence: solve more columns, up to the window's budget")
    extend.triggered.connect(lambda: window.growth.extend())
    view.addAction(extend)
    build = view.addMenu("&Build")
    for text, key, slot in (
        ("&Build the view", "Ctrl+B", window.build_mode),
        ("Step &forward", "]", lambda: window.explain.step(1)),
        ("Step &back", "[", lambda: window.explain.step(-1)),
        ("&Play or pause", "Ctrl+Shift+P", window.explain.toggle_play),
        ("&Close build mode", "Ctrl+Shift+B", window.explain.close),
    ):
        action = QAction(text, window, shortcut=QKeySequence(key))
        action.triggered.connect(slot)
        build.addAction(action)
        window.addAction(action)  # the keys work before the menu is first opened
    why_action = QAction("&Why? (the selection's moves)", window, shortcut=QKeySequence("W"), checkable=True)
    why_action.setObjectName("whyAction")
    why_action.triggered.connect(window.explain.ask_why)
    why_action.triggered.connect(window.show_why_state)  # it stays off if nothing is selected
    view.addAction(why_action)
    window.why_action = why_action
    view.addSeparator()
    panels = view.addMenu("&Panels")
    panels.setObjectName("panelsMenu")
    window.panel_actions: dict[str, QAction] = {}
    for i, (name, dock) in enumerate(window.docks.items(), start=1):
        action = QAction(dock.windowTitle(), window, shortcut=QKeySequence(f"Ctrl+{i}"))
        action.setToolTip(f"Show the {dock.windowTitle()} panel ({window.panel_shortcut(name)})")
        action.triggered.connect(lambda _=False, n=name: window.show_panel(n))
        window.panel_actions[name] = action
        dock.setToolTip(action.toolTip())
        panels.addAction(action)
    panels.addSeparator()
    restore = panels.addAction("&Restore the default layout")
    restore.triggered.connect(window.restore_default_layout)

    help_menu = window.menuBar().addMenu("&Help")
    how = QAction("How to &read the grid", window)
    how.triggered.connect(lambda: QMessageBox.information(window, "How to read the grid", HOW_TO_READ))
    keys = QAction("&Keyboard shortcuts", window, shortcut=QKeySequence(QKeySequence.StandardKey.HelpContents))
    keys.triggered.connect(lambda: QMessageBox.information(window, "Keyboard shortcuts", window.shortcuts_html()))
    help_menu.addAction(keys)
    about = QAction("&About", window)
    about.triggered.connect(lambda: QMessageBox.about(window, "About Wythoff Explorer", window.about_text()))
    help_menu.addActions([how, about])
