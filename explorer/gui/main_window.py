"""The main window: the one place where the session, the controllers and the views meet.

State lives in `Session` (explorer.session.model); panels are views; controllers turn the
views' requests into session changes, and the session's events into view updates.
"""

from __future__ import annotations

import os
from fractions import Fraction
from itertools import pairwise

from PySide6.QtCore import QByteArray, QSettings, QSignalBlocker, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QFileDialog,
    QLabel,
    QMainWindow,
    QStatusBar,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from explorer import allocator
from explorer.core.exact.bigint import parse_natural
from explorer.core.protocol import Rule
from explorer.core.rules.registry import ASK_INTEGER, ASK_VECTORS, MAX_A, family_named
from explorer.gui import collector, jobs
from explorer.gui.controllers.array import ArrayController
from explorer.gui.controllers.explain import ExplainController
from explorer.gui.controllers.export import AnimationExporter
from explorer.gui.controllers.growth import GrowthController
from explorer.gui.controllers.npiles import NPilesController
from explorer.gui.controllers.play import PlayController
from explorer.gui.controllers.queries import QueryController
from explorer.gui.controllers.rules import RuleController
from explorer.gui.controllers.selection import SelectionController
from explorer.gui.controllers.sessions import SessionController
from explorer.gui.controllers.structure import StructureController
from explorer.gui.controllers.sums import SumsController
from explorer.gui.controllers.values import ValuesController
from explorer.gui.dialogs import Dialogs
from explorer.gui.docks import DockedPanels, stacked
from explorer.gui.files import save_png
from explorer.gui.grid.strip import BeattyStrip, hovered_pair
from explorer.gui.grid.view import GridView
from explorer.gui.jobs import LatestJob
from explorer.gui.menus import START_HINT, build_menus, shortcuts_html
from explorer.gui.panels.array import ArrayPanel
from explorer.gui.panels.build import BuildPanel
from explorer.gui.panels.inspector import Inspector
from explorer.gui.panels.npiles import NPilesPanel
from explorer.gui.panels.play import PlayPanel
from explorer.gui.panels.queries import QueryPanel
from explorer.gui.panels.rows import RowsPanel
from explorer.gui.panels.rules import RuleBar
from explorer.gui.panels.sequence import SequencePanel
from explorer.gui.panels.structure import StructurePanel
from explorer.gui.panels.sums import SumsPanel
from explorer.gui.window_pool import about_html, caches_in_use, window_pool
from explorer.gui.wiring import wire_views
from explorer.gui.work_line import WorkLine
from explorer.session.model import Session
from explorer.session.views import PANELS


class StatusMessages:
    """The status bar as a view: passing messages."""

    def __init__(self, bar: QStatusBar) -> None:
        self.bar = bar

    def show_message(self, text: str) -> None:
        self.bar.showMessage(text, 8000)


SESSION_FILES = "Wythoff Explorer sessions (*.json);;All files (*)"
RECENT = 8  # files under File ▸ Open recent


class MainWindow(DockedPanels):
    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        collector.install()  # cyclic garbage (Qt objects among it) is freed on this thread only
        allocator.return_freed_memory()
        jobs.share_the_gil()  # a busy worker must not make each of a paint's Python calls wait 5 ms
        QTimer.singleShot(jobs.PRELOAD_AFTER_MS, jobs.preload)  # the first slow request must not stall
        self.setObjectName("mainWindow")
        self.setWindowTitle("Wythoff Explorer")
        self.settings = settings if settings is not None else QSettings("WythoffExplorer", "Wythoff Explorer")
        self.session = Session()
        self.dialogs = Dialogs(self)
        self.grid = GridView(self)
        self.strip = BeattyStrip(self.grid)
        central = QWidget(self, objectName="central")
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.grid, 1)
        column.addWidget(self.strip)
        self.setCentralWidget(central)
        self.inspector = Inspector(self)
        self.query_panel = QueryPanel(self)
        self.play_panel = PlayPanel(self)
        self.sequence_panel = SequencePanel(self)
        self.npiles_panel = NPilesPanel(self)
        self.sums_panel = SumsPanel(self)
        self.rows_panel = RowsPanel(self)
        self.array_panel = ArrayPanel(self)
        self.structure_panel = StructurePanel(self)
        self.build_panel = BuildPanel(self)
        # The sidebar's tabs stand on its outer edge, written downwards: seven names across a
        # 380-pixel sidebar were cut to "Inspe…", "P…"; down its height each is read in full.
        self.setDockOptions(
            QMainWindow.DockOption.AnimatedDocks
            | QMainWindow.DockOption.AllowTabbedDocks
            | QMainWindow.DockOption.AllowNestedDocks
        )
        self.setTabPosition(Qt.DockWidgetArea.RightDockWidgetArea, QTabWidget.TabPosition.East)
        self.setTabPosition(Qt.DockWidgetArea.LeftDockWidgetArea, QTabWidget.TabPosition.West)
        docks = [
            self._dock("Inspector", "inspectorDock", self.inspector),
            self._dock("Queries", "queryDock", self.query_panel),
            self._dock("Play", "playDock", self.play_panel),
            self._dock("Sequence", "sequenceDock", self.sequence_panel),
            self._dock("Array", "arrayDock", self.array_panel),
            self._dock("Sums", "sumsDock", stacked(self.sums_panel, self.npiles_panel)),
            self._dock("Rows", "rowsDock", self.rows_panel),
            self._dock("Structure", "structureDock", self.structure_panel),
            self._dock("Build", "buildDock", self.build_panel),
        ]
        self.docks = dict(zip(PANELS, docks, strict=True))  # by the command line's names
        for before, after in pairwise(docks):
            self.tabifyDockWidget(before, after)
        self.default_state = self.saveState()  # View ▸ Panels ▸ Restore the default layout
        dock, self.query_dock, self.play_dock = docks[0], docks[1], docks[2]
        self.resizeDocks([dock], [380], Qt.Orientation.Horizontal)
        dock.raise_()
        toolbar = self.addToolBar("Colours")
        toolbar.setObjectName("colourToolbar")
        self.rule_bar = RuleBar(self)
        toolbar.addWidget(self.rule_bar)
        self.hover_label = QLabel(objectName="hoverLabel")
        self.statusBar().addWidget(self.hover_label, 1)
        self.busy_label = QLabel(objectName="busyLabel")
        self.statusBar().addPermanentWidget(self.busy_label)

        # controllers: requests in, session changes out
        session = self.session
        self.rules = RuleController(session, self.rule_bar, StatusMessages(self.statusBar()), LatestJob(self))
        self.selection = SelectionController(session, self.inspector, self.grid, LatestJob(self))
        self.play = PlayController(session, self.play_panel, self.grid, self)
        self.queries = QueryController(session, self.query_panel, self.grid, self)
        self.values = ValuesController(session, self.inspector, WorkLine(self.statusBar(), "values", 180), self)
        self.grid.valuesNeeded.connect(self.values.request)
        self.grid.farValuesNeeded.connect(self.values.request_far)
        self.growth = GrowthController(session, self.grid, WorkLine(self.statusBar(), "growth"), LatestJob(self))
        self.grid.navigated.connect(self.growth.view_moved)
        self.structure = StructureController(
            session, self.structure_panel, LatestJob(self), ask_path=self._ask_structure_path
        )
        self.explain = ExplainController(
            session,
            self.build_panel,
            self.grid,
            self.inspector,
            say=lambda t: self.statusBar().showMessage(t, 8000),
            parent=self,
        )
        self.exporter = AnimationExporter(
            session,
            self.grid,
            WorkLine(self.statusBar(), "export", 140),
            say=lambda t: self.statusBar().showMessage(t, 8000),
            parent=self,
        )
        wire_views(self)
        self.pool = window_pool(session, self.values, self.queries, self.growth)
        self.inspector.whyRequested.connect(self.explain.ask_why)
        self.inspector.whyRequested.connect(self.show_why_state)
        session.events.why.connect(lambda _: self.show_why_state())
        self.inspector.perfectPlayRequested.connect(self.show_perfect_play)
        self.docks["structure"].visibilityChanged.connect(lambda on: self.structure.shown() if on else None)
        self.growth.grown.connect(lambda _: self.structure.refresh() if self.structure.wanted else None)
        self.queries.value_cache = lambda: self.values.cache  # the session's values
        self.play.value_cache = lambda: self.values.cache
        self.play.want_values = self.values.request_cover
        self.values.grown.connect(lambda _: self.play.refresh_history())
        self.values.rowsSolved.connect(self.rows_panel.set_rows)
        self.rows_panel.solveRequested.connect(self._solve_rows)
        self.rows_panel.positionRequested.connect(self.go_to_position)
        self.rows_panel.valueRequested.connect(self._row_value)
        self.npiles = NPilesController(self.npiles_panel, LatestJob(self))
        self.npiles_panel.evaluateRequested.connect(self.npiles.request)
        self.npiles_panel.cancelRequested.connect(self.npiles.cancel)
        self.sums = SumsController(session, self.sums_panel, LatestJob(self), go_to=self.select_position)
        self.sums_panel.partsChanged.connect(self.sums.set_parts)
        self.sums_panel.playRequested.connect(self.sums.play)
        self.sums_panel.shownNow.connect(self.sums.shown)
        self.sums_panel.hiddenNow.connect(self.sums.hidden)
        self.sums_panel.gridHeapChanged.connect(self.sums.show_heap)
        self.sums_panel.cancelRequested.connect(self.sums.cancel)
        self.array = ArrayController(session, self.array_panel, LatestJob(self), go_to=self.go_to_position)
        self.array_panel.entryChosen.connect(self.array.entry_chosen)
        self.sessions = SessionController(
            session,
            self.grid,
            self.query_panel,
            select=self.select_position,
            clear_selection=self.selection.clear,
            restore_game=self.play.restore,
            warn=lambda text: self.dialogs.warn("Session", text),
            status=lambda text: self.statusBar().showMessage(text, 6000),
            jobs=LatestJob(self),
        )
        self.sessions.opened = self._remember_file
        self.grid.navigated.connect(self.sessions.view_moved)
        self.grid.bind(session)
        self.strip.bind(session)
        self.strip.numberHovered.connect(self._number_hovered)
        session.events.mode.connect(self.inspector.set_mode)

        self.rule_bar.ruleRequested.connect(self.rules.request)
        self.rule_bar.askRequested.connect(self.ask_rule)
        self.rule_bar.modeRequested.connect(self.rules.request_mode)
        self.grid.cellClicked.connect(self._cell_clicked)
        self.grid.hoverText.connect(self._hover_text)
        session.events.selection.connect(lambda _: self._hover_text(""))
        self._hover_text("")
        self.grid.busy.connect(self.busy_label.setText)
        self.grid.limitReached.connect(lambda text: self.statusBar().showMessage(text, 4000))
        self.inspector.positionRequested.connect(self.go_to_position)
        self.inspector.positionTextRequested.connect(
            lambda a, b: self.selection.request_text(a, b, then=lambda x, y: self.grid.center_on(x, y))
        )
        self.inspector.inputRejected.connect(self.selection.input_error)
        self.inspector.moveActivated.connect(self.select_position)
        self.why_action = QAction(self)  # View ▸ Why?, made by build_menus
        self._saved_view: tuple[Fraction, Fraction, Fraction] | None = None
        self._moves_at_restore = 0
        build_menus(self)
        self.resize(1280, 800)
        self._restore()

    def _hover_text(self, text: str) -> None:
        """The hovered cell; with none, and nothing selected, what a newcomer can do."""
        self.hover_label.setText(text or (START_HINT if self.session.selection is None else ""))

    def shortcuts_html(self) -> str:
        return shortcuts_html(self)

    def _ask_structure_path(self) -> str | None:
        path, _ = QFileDialog.getSaveFileName(self, "Export the structure", "structure.csv", "CSV files (*.csv)")
        return path or None

    def export_animation(self) -> None:
        """File ▸ Export animation…: ask what, then write the GIF in the background."""
        choice = self.dialogs.animation()
        if choice is None:
            return
        what, steps, size, path = choice
        cache = self.values.cache
        s = self.session
        known = s.selection is not None and cache.remoteness(*s.selection) is not None
        self.exporter.export(what, steps, size, path, cache.remoteness if known else None)

    def show_perfect_play(self) -> None:
        """The selection's game between two perfect players, on the grid (R where it is known)."""
        cache = self.values.cache
        s = self.session
        known = s.selection is not None and cache.remoteness(*s.selection) is not None
        self.explain.show_perfect_play(cache.remoteness if known else None)

    def build_mode(self) -> None:
        """View ▸ Build ▸ Build the view: the Build tab in front, the construction from the view."""
        self.show_panel("build")
        self.explain.start()

    def _number_hovered(self, n: int | None) -> None:
        """The Beatty strip's number under the mouse: its cold pair outlined on the grid."""
        found = hovered_pair(self.session.rule, n, None if n is None else self.strip.role(n))
        self.grid.set_highlight(found[0] if found else ())
        if found:
            self.hover_label.setText(found[1])

    def _row_value(self, x: int, y: int) -> None:
        text, error = self.values.row_value(x, y)
        self.rows_panel.set_answer(text, error)
        if not error:
            self.go_to_position(x, y)

    def _solve_rows(self) -> None:
        self.rows_panel.set_busy("Solving and certifying the rows…")
        self.values.solve_rows(force=True)

    @property
    def rule(self) -> Rule:
        return self.session.rule

    @property
    def busy(self) -> bool:
        """True while any background work of the window is under way."""
        return bool(
            self.grid.rendering
            or self.queries.busy
            or self.selection.jobs.busy
            or self.rules.jobs.busy
            or self.values.busy
            or self.npiles.busy
            or self.sums.busy
            or self.sequence_panel.busy
            or self.array_panel.busy
            or self.array.busy
            or self.sessions.jobs.busy
            or self.growth.busy
            or self.structure.busy
            or self.exporter.busy
            or self.explain.busy
        )

    # ----- menus ------------------------------------------------------------------------
    def memory_in_use(self) -> dict[str, int]:
        """Bytes held by each cache of explorer.core.budget."""
        return caches_in_use(self)

    def about_text(self) -> str:
        return about_html(self.memory_in_use(), self.pool)

    def ask_rule(self, family_name: str) -> None:
        """A rule entry that needs parameters was chosen: ask for them, then request the rule."""
        family = family_named(family_name)
        if family.ask == ASK_INTEGER:
            a = self.dialogs.integer(
                "Fraenkel's a-Wythoff", "a (both-pile amounts differ by less than a):", 4, 1, MAX_A
            )
            text = None if a is None else f"{family.name}:{a}"
        elif family.ask == ASK_VECTORS:
            text = self.dialogs.vector_rule()
        else:
            text = self.dialogs.custom_rule()
        if text is None:
            self.rules.cancelled()
        else:
            self.rules.request(text)

    def set_rule(self, text: str) -> None:
        """Request the rule named `text` (its registry key), as choosing it in the list does."""
        self.rules.request(text)

    # ----- requests from the views ------------------------------------------------------
    def _cell_clicked(self, x: int, y: int) -> None:
        if not self.play.handle_click(x, y):
            self.select_position(x, y)

    def go_to_position(self, a: int, b: int) -> None:
        """Show (a, b) in the inspector and centre the grid on it, zoomed in to cells."""
        self.grid.center_on(a, b)
        self.select_position(a, b)

    def show_why_state(self) -> None:
        """The Why? button and menu item show whether Why? is on (it follows the selection)."""
        self.inspector.set_why_on(self.session.why is not None)
        with QSignalBlocker(self.why_action):
            self.why_action.setChecked(self.session.why is not None)

    def select_position(self, a: int, b: int) -> None:
        self.selection.request(a, b)

    def ask_go_to(self) -> None:
        text = self.dialogs.text("Go to position", "Position as 'A B' (any size):")
        if text is None:
            return
        parts = text.replace(",", " ").split()
        try:
            if len(parts) != 2:
                raise ValueError("type two whole numbers, A and B, such as 5 7")
            a, b = parse_natural(parts[0], "Pile A"), parse_natural(parts[1], "Pile B")
        except ValueError as exc:
            self.dialogs.warn("Go to position", str(exc))
            return
        self.go_to_position(a, b)

    # ----- sessions and bookmarks -----------------------------------------------------------
    def save_session(self, path: str | None = None) -> bool:
        if not path:
            path, _ = QFileDialog.getSaveFileName(self, "Save session", "exploration.wythoff.json", SESSION_FILES)
            if not path:
                return False
        return self.sessions.save(path)

    def open_session(self, path: str | None = None) -> None:
        if not path:
            path, _ = QFileDialog.getOpenFileName(self, "Open session", "", SESSION_FILES)
            if not path:
                return
        self.sessions.open(path)

    def recent_files(self) -> list[str]:
        value = self.settings.value("session/recent", [])
        files = [value] if isinstance(value, str) else list(value or [])
        return [f for f in files if isinstance(f, str) and f][:RECENT]

    def _remember_file(self, path: str) -> None:
        path = os.path.abspath(path)
        self.settings.setValue("session/recent", [path, *(f for f in self.recent_files() if f != path)][:RECENT])

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for path in files:
            action = self.recent_menu.addAction(os.path.basename(path))
            action.setToolTip(path)
            action.triggered.connect(lambda _=False, p=path: self.open_session(p))
        if not files:
            self.recent_menu.addAction("(no sessions yet)").setEnabled(False)

    def _fill_bookmarks(self) -> None:
        menu = self.bookmarks_menu
        menu.clear()
        menu.addAction(self.add_bookmark_action)
        marks = self.session.bookmarks
        if marks:
            menu.addSeparator()
            for b in marks:
                menu.addAction(b.name).triggered.connect(lambda _=False, n=b.name: self.sessions.go_to_bookmark(n))
            delete = menu.addMenu("&Delete")
            for b in marks:
                delete.addAction(b.name).triggered.connect(lambda _=False, n=b.name: self.sessions.delete_bookmark(n))

    def ask_bookmark(self) -> None:
        name = self.dialogs.text("Add bookmark", "Name for this view:")
        if name is not None:
            self.sessions.add_bookmark(name)

    def export_png(self, path: str | None = None) -> None:
        if not path:
            path, _ = QFileDialog.getSaveFileName(self, "Export view as PNG", "wythoff.png", "PNG images (*.png)")
            if not path:
                return
        try:
            save_png(self.grid.grab(), path)
        except OSError as exc:
            self.statusBar().showMessage(f"Could not write {path}: {exc.strerror or exc} (nothing was changed)", 8000)
            return
        self.statusBar().showMessage(f"Wrote {path}", 6000)

    # ----- settings ---------------------------------------------------------------------
    def _restore(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)  # the panels where the person left them: split, floated, closed
        self._label_tabs_later()
        view = self.settings.value("view/centre")
        try:
            if isinstance(view, str) and view:
                cx, cy, span = (Fraction(v) for v in view.split())
                if span > 0 and cx >= 0 and cy >= 0:
                    # Shown once the window has its final size: restored now, the view box's first
                    # layouts widened it (each relaunch opened about 6.5 times further out).
                    self._saved_view = (cx, cy, span)
                    self._moves_at_restore = self.grid.view_moves
        except (ValueError, ZeroDivisionError):
            pass  # a damaged setting: keep the default view

    def showEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().showEvent(event)
        if self._saved_view is not None:
            QTimer.singleShot(0, self, self._show_saved_view)

    def _show_saved_view(self) -> None:
        """The view of the last session, unless something has moved the view since (a --goto, a
        session file, a screenshot's --view)."""
        saved, self._saved_view = self._saved_view, None
        if saved is not None and self.grid.view_moves == self._moves_at_restore:
            self.grid.show_centred(*saved)

    def closeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        x0, _, x1, y1 = self.grid.visible_cells()
        if (x1 - x0).bit_length() < 4000 and max(abs(x0), abs(y1)).bit_length() < 40_000:
            cx, cy, span = self.grid.view_centre_and_span()
            self.settings.setValue("view/centre", f"{max(cx, 0)} {max(cy, 0)} {span}")
        self.queries.cancel()
        self.values.cancel()
        self.npiles.cancel()
        self.sums.cancel()
        for job in self.findChildren(LatestJob):  # the array's, the selection's...: an answer that
            job.cancel()  # arrived after the close reached a deleted label (seen in CI)
        super().closeEvent(event)
