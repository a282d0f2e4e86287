"""The main window: menus, the grid, the inspector; the one place views meet the core.

Views emit requests; this window asks the core (off the GUI thread when the numbers are
large enough to take noticeable time) and hands the answers back to the views.
"""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QWidget,
)
from superqt.utils import create_worker, signals_blocked

from explorer import __version__
from explorer.core.analysis.position import PositionReport, report, rule_report
from explorer.core.exact.bigint import parse_natural, short_decimal
from explorer.core.rules.closed import Rule, parse_rule
from explorer.core.rules.custom import CustomRule, SolvedCustom
from explorer.gui.grid_view import GRUNDY, HOT_COLD, GridView
from explorer.gui.grundy_controller import GrundyController
from explorer.gui.inspector import Inspector
from explorer.gui.npiles_panel import NPilesPanel
from explorer.gui.play_panel import PlayController, PlayPanel
from explorer.gui.query_controller import QueryController
from explorer.gui.query_panel import QueryPanel
from explorer.gui.rule_dialog import CustomRuleDialog
from explorer.gui.sequence_panel import SequencePanel

WYTHOFF = Rule("wythoff")
RULE_CHOICES = [
    ("Wythoff", "wythoff"),
    ("Nim (no move on both piles)", "nim"),
    ("Misère Wythoff", "misere"),
    ("Fraenkel a = 2", "wythoff:2"),
    ("Fraenkel a = 3", "wythoff:3"),
    ("Fraenkel a = …", "ask-a"),
    ("Custom rule…", "custom"),
]
SYNC_BITS = 20_000  # below this size a report takes well under 50 ms: no thread needed

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


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.setWindowTitle("Wythoff Explorer")
        self.settings = settings if settings is not None else QSettings("WythoffExplorer", "Wythoff Explorer")
        self.grid = GridView(self)
        self.setCentralWidget(self.grid)
        self.inspector = Inspector(self)
        self.query_panel = QueryPanel(self)
        self.play_panel = PlayPanel(self)
        self.sequence_panel = SequencePanel(self)
        self.npiles_panel = NPilesPanel(self)
        docks = [
            self._dock("Inspector", "inspectorDock", self.inspector),
            self._dock("Queries", "queryDock", self.query_panel),
            self._dock("Play", "playDock", self.play_panel),
            self._dock("Sequence", "sequenceDock", self.sequence_panel),
            self._dock("n piles", "npilesDock", self.npiles_panel),
        ]
        for before, after in pairwise(docks):
            self.tabifyDockWidget(before, after)
        dock, self.query_dock, self.play_dock = docks[0], docks[1], docks[2]
        self.resizeDocks([dock], [380], Qt.Orientation.Horizontal)
        dock.raise_()
        self.rule = Rule("wythoff")
        self.play = PlayController(self.play_panel, self.grid, lambda: self.rule)
        self.queries = QueryController(self.query_panel, self.grid)
        self.grundy = GrundyController(self.grid, self.statusBar())
        self.grundy.grown.connect(lambda _: self._refresh_grundy_info())
        self.queries.grundy = self.grundy.cache
        toolbar = self.addToolBar("Colours")
        toolbar.setObjectName("colourToolbar")
        toolbar.addWidget(QLabel(" Colour by: "))
        self.color_mode = QComboBox(objectName="colorMode")
        self.color_mode.addItem("Hot / cold (P and N positions)", HOT_COLD)
        self.color_mode.addItem("Grundy values G(x, y)", GRUNDY)
        self.color_mode.currentIndexChanged.connect(self._mode_changed)
        toolbar.addWidget(self.color_mode)
        toolbar.addWidget(QLabel("  Rule: "))
        self.rule_selector = QComboBox(objectName="ruleSelector")
        for text, data in RULE_CHOICES:
            self.rule_selector.addItem(text, data)
        self.rule_selector.currentIndexChanged.connect(self._rule_chosen)
        toolbar.addWidget(self.rule_selector)
        self._rule_worker = None
        self.hover_label = QLabel(objectName="hoverLabel")
        self.statusBar().addWidget(self.hover_label, 1)
        self.report: PositionReport | None = None
        self._worker = None
        self._build_menus()

        self.grid.cellClicked.connect(self._cell_clicked)
        self.grid.hoverText.connect(self.hover_label.setText)
        self.busy_label = QLabel(objectName="busyLabel")
        self.statusBar().addPermanentWidget(self.busy_label)
        self.grid.busy.connect(self.busy_label.setText)
        self.inspector.positionRequested.connect(self.go_to_position)
        self.inspector.moveActivated.connect(self.select_position)
        self.resize(1280, 800)
        self._restore()

    def _dock(self, title: str, name: str, panel: QWidget) -> QDockWidget:
        """A movable dock on the right holding `panel` (the docks are tabbed together)."""
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(panel)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        return dock

    # ----- menus ------------------------------------------------------------------------
    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        export = QAction("&Export view as PNG…", self, shortcut=QKeySequence("Ctrl+E"))
        export.triggered.connect(self.export_png)
        quit_action = QAction("&Quit", self, shortcut=QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addActions([export, quit_action])

        view = self.menuBar().addMenu("&View")
        reset = QAction("&Reset view", self, shortcut=QKeySequence("Ctrl+0"))
        reset.triggered.connect(self.grid.reset_view)
        goto = QAction("&Go to position…", self, shortcut=QKeySequence("Ctrl+G"))
        goto.triggered.connect(self.ask_go_to)
        self.grid_lines_action = QAction("Cell &borders", self, checkable=True, checked=True)
        self.grid_lines_action.toggled.connect(lambda on: self.grid.set_overlays(grid_lines=on))
        self.phi_action = QAction("&Golden lines y = φx, y = x/φ", self, checkable=True)
        self.phi_action.toggled.connect(lambda on: self.grid.set_overlays(phi_lines=on))
        view.addActions([reset, goto])
        view.addSeparator()
        view.addActions([self.grid_lines_action, self.phi_action])

        help_menu = self.menuBar().addMenu("&Help")
        how = QAction("How to &read the grid", self)
        how.triggered.connect(lambda: QMessageBox.information(self, "How to read the grid", HOW_TO_READ))
        about = QAction("&About", self)
        about.triggered.connect(
            lambda: QMessageBox.about(
                self,
                "About Wythoff Explorer",
                f"<b>Wythoff Explorer</b> {__version__}<br>Wythoff's game, exactly, for numbers of any size.",
            )
        )
        help_menu.addActions([how, about])

    def _rule_chosen(self) -> None:
        data = self.rule_selector.currentData()
        if data == "ask-a":
            a, ok = QInputDialog.getInt(
                self, "Fraenkel's a-Wythoff", "a (both-pile amounts differ by less than a):", 4, 1, 10**6
            )
            if not ok:
                return
            self.set_rule(parse_rule(f"wythoff:{a}"))
        elif data == "custom":
            dialog = CustomRuleDialog(self)
            if dialog.exec() and dialog.rule is not None:
                self.solve_custom(dialog.rule, dialog.bound.value())
        else:
            self.set_rule(parse_rule(data))

    def solve_custom(self, rule: CustomRule, bound: int) -> None:
        """Solve a custom rule by dynamic programming off the GUI thread, then use it."""
        self.statusBar().showMessage(f"Solving the custom rule on [0, {bound})²…")
        worker = create_worker(SolvedCustom, rule, bound, _start_thread=False, _ignore_errors=True)
        worker.returned.connect(self.set_rule)
        worker.errored.connect(lambda exc: QMessageBox.warning(self, "Custom rule", str(exc)))
        self._rule_worker = worker
        worker.start()

    def set_rule(self, rule: object) -> None:
        """Make `rule` current: the grid, the inspector, the queries and play follow it."""
        self.rule = rule  # type: ignore[assignment]
        wythoff = getattr(rule, "name", "") == "wythoff" and getattr(rule, "a", 1) == 1
        self.grid.set_rule(None if wythoff else rule)
        self.queries.rule = None if wythoff else rule
        grundy_item = self.color_mode.model().item(self.color_mode.findData(GRUNDY))
        grundy_item.setEnabled(wythoff)
        if not wythoff and self.color_mode.currentData() == GRUNDY:
            self.color_mode.setCurrentIndex(self.color_mode.findData(HOT_COLD))
        name = getattr(rule, "name", "")
        data = (
            "custom"
            if name == "custom"
            else "wythoff"
            if wythoff
            else (
                name if name != "wythoff" else f"wythoff:{rule.a}"  # type: ignore[attr-defined]
            )
        )
        index = self.rule_selector.findData(data)
        with signals_blocked(self.rule_selector):
            self.rule_selector.setCurrentIndex(index if index >= 0 else self.rule_selector.findData("ask-a"))
        self.statusBar().showMessage(f"Rule: {getattr(rule, 'title', rule)}", 5000)
        if self.grid.selection is not None:
            self.select_position(*self.grid.selection)

    def _mode_changed(self) -> None:
        self.grundy.retry()
        self.grid.set_mode(self.color_mode.currentData())
        self._refresh_grundy_info()

    def _refresh_grundy_info(self) -> None:
        if self.report is None:
            return
        if self.rule != WYTHOFF:
            self.inspector.show_grundy("")
            return
        r = self.report
        cache = self.grundy.cache
        g = cache.value(r.a, r.b)
        if g is None:
            text = f"G{(r.a, r.b)}: not computed yet (the table covers [0, {cache.side})²; Grundy mode grows it)"
        else:
            targets = [cache.value(*m.target) for m in r.moves]
            shown = ", ".join("?" if t is None else str(t) for t in targets)
            text = f"G{(r.a, r.b)} = {g}" + (f"; G of the move targets: {shown}" if targets else "")
        self.inspector.show_grundy(text)

    # ----- requests from the views ------------------------------------------------------
    def _cell_clicked(self, x: int, y: int) -> None:
        if not self.play.handle_click(x, y):
            self.select_position(x, y)

    def go_to_position(self, a: int, b: int) -> None:
        """Show (a, b) in the inspector and centre the grid on it, zoomed in to cells."""
        self.grid.center_on(a, b)
        self.select_position(a, b)

    def select_position(self, a: int, b: int) -> None:
        """Make (a, b) the selection; the report is computed off the GUI thread if large."""
        self.grid.set_selection(a, b)
        if self.rule != WYTHOFF:
            try:
                self._show_report(rule_report(self.rule, a, b))
            except ValueError as exc:
                self.inspector.show_error(str(exc))
            return
        if max(a, b).bit_length() < SYNC_BITS:
            self._show_report(report(a, b))
            return
        self.inspector.show_busy(a, b)
        if self._worker is not None:
            self._worker.quit()
        worker = create_worker(report, a, b, _start_thread=False, _ignore_errors=True)
        worker.returned.connect(self._show_report)
        worker.errored.connect(lambda exc: self.inspector.show_error(f"Could not analyse the position: {exc}"))
        self._worker = worker
        worker.start()

    def _show_report(self, r: PositionReport) -> None:
        if self.grid.selection != (r.a, r.b):
            return  # a newer selection has been made meanwhile
        self.report = r
        self.inspector.show_report(r)
        self.grid.set_selection(r.a, r.b, r.moves)
        self._refresh_grundy_info()

    def ask_go_to(self) -> None:
        text, ok = QInputDialog.getText(self, "Go to position", "Position as 'A B' (any size):")
        if not ok:
            return
        parts = text.replace(",", " ").split()
        try:
            if len(parts) != 2:
                raise ValueError("type two whole numbers, A and B, such as 5 7")
            a, b = parse_natural(parts[0], "Pile A"), parse_natural(parts[1], "Pile B")
        except ValueError as exc:
            QMessageBox.warning(self, "Go to position", str(exc))
            return
        self.go_to_position(a, b)

    def export_png(self, path: str | None = None) -> None:
        if not path:
            path, _ = QFileDialog.getSaveFileName(self, "Export view as PNG", "wythoff.png", "PNG images (*.png)")
            if not path:
                return
        if not self.grid.grab().save(path, "PNG"):
            QMessageBox.warning(self, "Export view", f"Could not write {path}")

    # ----- settings ---------------------------------------------------------------------
    def _restore(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        view = self.settings.value("view/cells")
        try:
            if isinstance(view, str) and view:
                x0, y0, x1, y1 = (int(v) for v in view.split())
                if x1 > x0 and y1 > y0:
                    self.grid.set_view(x0, y0, x1, y1)
        except ValueError:
            pass  # a damaged setting: keep the default view

    def closeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        self.settings.setValue("window/geometry", self.saveGeometry())
        x0, y0, x1, y1 = self.grid.visible_cells()
        if (x1 - x0).bit_length() < 4000 and max(abs(x0), abs(y1)).bit_length() < 40_000:
            self.settings.setValue("view/cells", f"{x0} {y0} {x1 - 1} {y1 - 1}")
        if self._worker is not None:
            self._worker.quit()
        self.queries.cancel()
        self.grundy.cancel()
        super().closeEvent(event)


def describe_view(window: MainWindow) -> str:
    x0, y0, x1, y1 = window.grid.visible_cells()
    return f"[{short_decimal(x0)}, {short_decimal(x1)}) × [{short_decimal(y0)}, {short_decimal(y1)})"
