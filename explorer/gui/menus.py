"""The window's menus (File, View, Help) and its help texts: actions wired to the main window's
methods and controllers; each key is also added to the window so it works before its menu opens."""

from __future__ import annotations

import html
from typing import Any, Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMenuBar, QMessageBox

from explorer.gui.grid.view import GRID_KEYS


class MenuHost(Protocol):
    """What the menus need of the window they are built for (the main window implements it; the
    menus do not import it, so the two modules form no cycle)."""

    def panel_shortcut(self, name: str) -> str: ...

    def menuBar(self) -> QMenuBar: ...
    def addAction(self, action: QAction) -> None: ...
    def findChildren(self, kind: Any) -> list[Any]: ...


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


class Menus:
    """The window's menus and their actions, by name (explorer.gui.compose connects each to what it
    does). Every key is also added to the window, so it works before its menu is first opened."""

    def __init__(self, window: MenuHost, docks: dict[str, QDockWidget]) -> None:
        """`docks`: the panels' docks by name (View ▸ Panels lists them)."""
        self.window = window
        self.actions: dict[str, QAction] = {}
        bar = window.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self._action("open", "&Open session…", QKeySequence.StandardKey.Open)])
        file_menu.addActions([self._action("save", "&Save session…", QKeySequence.StandardKey.Save)])
        self.recent_menu = file_menu.addMenu("Open &recent")
        file_menu.addSeparator()
        file_menu.addActions(
            [
                self._action("export_png", "&Export view as PNG…", "Ctrl+E"),
                self._action("export_figure", "Export view as &figure (PDF, SVG, TikZ)…", "Ctrl+Alt+E"),
                self._action("export_animation", "Export &animation…", "Ctrl+Shift+E"),
                self._action("quit", "&Quit", QKeySequence.StandardKey.Quit),
            ]
        )
        view = bar.addMenu("&View")
        view.addActions(
            [self._action("reset", "&Reset view", "Ctrl+0"), self._action("goto", "&Go to position…", "Ctrl+G")]
        )
        self.bookmarks_menu = view.addMenu("&Bookmarks")
        self.add_bookmark = self._action("add_bookmark", "&Add bookmark for this view…", "Ctrl+D")
        view.addSeparator()
        self.grid_lines = self._action("grid_lines", "Cell &borders", checkable=True, checked=True)
        self.phi_lines = self._action("phi_lines", "&Golden lines y = φx, y = x/φ", checkable=True)
        view.addActions([self.grid_lines, self.phi_lines])
        extend = self._action("extend", "E&xtend the solved range", "Ctrl+Shift+X")
        extend.setToolTip("Rules solved as a generated sequence: solve more columns, up to the window's budget")
        view.addAction(extend)
        view.addActions(
            [
                self._action("compare", "Co&mpare with another rule…", "Ctrl+Shift+C"),
                self._action("compare_base", "Compare with the base g&ame"),
                self._action("stop_compare", "Stop comparin&g"),
                self._action("alter_mode", "A&lter cells by clicking", "Ctrl+L", checkable=True),
            ]
        )
        build = view.addMenu("&Build")
        for name, text, key in (
            ("build", "&Build the view", "Ctrl+B"),
            ("step_forward", "Step &forward", "]"),
            ("step_back", "Step &back", "["),
            ("build_play", "&Play or pause", "Ctrl+Shift+P"),
            ("build_close", "&Close build mode", "Ctrl+Shift+B"),
        ):
            build.addAction(self._action(name, text, key))
        self.why = self._action("why", "&Why? (the selection's moves)", "W", checkable=True)
        self.why.setObjectName("whyAction")
        view.addAction(self.why)
        view.addSeparator()
        panels = view.addMenu("&Panels")
        panels.setObjectName("panelsMenu")
        self.panel_actions: dict[str, QAction] = {}
        for i, (name, dock) in enumerate(docks.items(), start=1):
            action = self._action(f"panel:{name}", dock.windowTitle(), f"Ctrl+{i}")
            action.setToolTip(f"Show the {dock.windowTitle()} panel ({window.panel_shortcut(name)})")
            self.panel_actions[name] = action
            dock.setToolTip(action.toolTip())
            panels.addAction(action)
        panels.addSeparator()
        panels.addAction(self._action("restore_layout", "&Restore the default layout"))
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self._action("keys", "&Keyboard shortcuts", QKeySequence.StandardKey.HelpContents))
        help_menu.addActions([self._action("how", "How to &read the grid"), self._action("about", "&About")])

    def _action(self, name: str, text: str, key: Any = None, checkable: bool = False, checked: bool = False) -> QAction:
        action = QAction(text, self.window, checkable=checkable, checked=checked)
        if key is not None:
            action.setShortcut(QKeySequence(key))
            self.window.addAction(action)  # the key works before the menu is first opened
        self.actions[name] = action
        return action


def show_how_to_read(parent: Any) -> None:
    QMessageBox.information(parent, "How to read the grid", HOW_TO_READ)


def show_text(parent: Any, title: str, text: str) -> None:
    QMessageBox.information(parent, title, text)


def show_about(parent: Any, text: str) -> None:
    QMessageBox.about(parent, "About Wythoff Explorer", text)
