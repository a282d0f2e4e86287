"""The composition root: the one place where the window's parts are made and connected.

`compose(window)` makes the views (the grid, the panels in their docks, the toolbar, the menus),
then the controllers, each given everything it needs when it is made (the session, its views, its
background channels, the scheduler, the memory pool's room), then connects them: every request of
a view to the controller that handles it, every session field a controller follows (its
`listens()`), and every controller's announcement to whoever hears it. Nothing else in the window
calls `connect` outside a widget's own internals; controllers are plain objects that import no
widgets (the import contracts in pyproject.toml keep it so).

Learned from ndv's ArrayViewer and napari's QtViewer: views emit requests and draw what they are
told; the model holds the state; one object wires the two.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from itertools import pairwise
from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QStatusBar,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from explorer.core import budget
from explorer.gui import memory
from explorer.gui.controllers.demo import DemoController
from explorer.gui.controllers.export import AnimationExporter
from explorer.gui.controllers.growth import GrowthController
from explorer.gui.controllers.rules import RuleController
from explorer.gui.controllers.selection import SelectionController
from explorer.gui.controllers.sessions import SessionController
from explorer.gui.controllers.values import ValuesController
from explorer.gui.controllers.why import WhyController
from explorer.gui.dialogs import Dialogs
from explorer.gui.docks import PANEL_MIN_WIDTH, held, scrolled, stacked
from explorer.gui.grid.strip import BeattyStrip
from explorer.gui.grid.view import GridView
from explorer.gui.jobs import LatestJob
from explorer.gui.menus import START_HINT, Menus, show_about, show_how_to_read, show_text
from explorer.gui.panels.inspector import Inspector
from explorer.gui.panels.rules import RuleBar
from explorer.gui.scheduler import QtScheduler
from explorer.gui.window_pool import POOL_INDEX, POOL_SOLVED, POOL_VALUES, add_window_caches
from explorer.gui.work_line import WorkLine
from explorer.session.events import follow
from explorer.session.views import PANELS

# explorer.gui.main_window.MainWindow imports this module: named, not imported, here
MainWindow = Any

STATUS_MS = 8000  # how long a passing message stays in the status bar


class StatusMessages:
    """The status bar as a view: passing messages."""

    def __init__(self, bar: QStatusBar) -> None:
        self.bar = bar

    def show_message(self, text: str) -> None:
        self.bar.showMessage(text, STATUS_MS)


def compose(window: MainWindow) -> None:
    """Make and connect every part of `window` (its session is made already)."""
    _make_views(window)
    _make_controllers(window)
    window.menus = Menus(window)
    _connect_views(window)
    _connect_menus(window, window.menus)
    for controller in window.controllers:
        follow(controller)
    app = QApplication.instance()
    if app is not None:  # quitting without closing the window first: nothing is drawn on deleted widgets
        app.aboutToQuit.connect(window.detach)


# ----- the views ------------------------------------------------------------------------------------
def _make_views(w: MainWindow) -> None:
    w.dialogs = Dialogs(w)
    w.grid = GridView(w)
    w.strip = BeattyStrip(w.grid)
    central = QWidget(w, objectName="central")
    column = QVBoxLayout(central)
    column.setContentsMargins(0, 0, 0, 0)
    column.setSpacing(0)
    column.addWidget(w.grid, 1)
    column.addWidget(w.strip)
    w.setCentralWidget(central)
    w.inspector = Inspector(w)
    # The sidebar's tabs stand on its outer edge, written downwards: nine names across a 380-pixel
    # sidebar would be cut short; down its height each is read in full.
    w.setDockOptions(
        QMainWindow.DockOption.AnimatedDocks
        | QMainWindow.DockOption.AllowTabbedDocks
        | QMainWindow.DockOption.AllowNestedDocks
    )
    w.setTabPosition(Qt.DockWidgetArea.RightDockWidgetArea, QTabWidget.TabPosition.East)
    w.setTabPosition(Qt.DockWidgetArea.LeftDockWidgetArea, QTabWidget.TabPosition.West)
    # Each panel but the inspector is built when its tab first comes to the front (or when first
    # asked for): a placeholder holds its place until then.
    docks = [w._dock(TITLES[name], f"{name}Dock" if name != "queries" else "queryDock", held()) for name in PANELS]
    docks[0].setWidget(scrolled(w.inspector))
    w.docks = dict(zip(PANELS, docks, strict=True))  # by the command line's names
    w.parts = Parts(w)
    for before, after in pairwise(docks):
        w.tabifyDockWidget(before, after)
    w.default_state = w.saveState()  # View ▸ Panels ▸ Restore the default layout
    w.resizeDocks([docks[0]], [380], Qt.Orientation.Horizontal)
    docks[0].raise_()
    toolbar = w.addToolBar("Colours")
    toolbar.setObjectName("colourToolbar")
    w.rule_bar = RuleBar(w)
    toolbar.addWidget(w.rule_bar)
    w.hover_label = QLabel(objectName="hoverLabel")
    w.statusBar().addWidget(w.hover_label, 1)
    w.busy_label = QLabel(objectName="busyLabel")
    w.statusBar().addPermanentWidget(w.busy_label)


# ----- the controllers ------------------------------------------------------------------------------
def _make_controllers(w: MainWindow) -> None:
    session = w.session

    def channel() -> LatestJob:
        return LatestJob(w)

    def say(text: str) -> None:
        w.statusBar().showMessage(text, STATUS_MS)

    scheduler = QtScheduler(w)
    w.pool = pool = budget.Pool()
    w.rules = RuleController(
        session,
        w.rule_bar,
        StatusMessages(w.statusBar()),
        channel(),
        WorkLine(w.statusBar(), "rule", 140),
        make_room=lambda need: pool.make_room(POOL_SOLVED, need),
    )
    w.selection = SelectionController(session, w.inspector, channel())
    w.values = ValuesController(
        session,
        w.inspector,
        WorkLine(w.statusBar(), "values", 180),
        channel,
        scheduler,
        make_room=lambda need: pool.make_room(POOL_VALUES, need),
        give_back=memory.give_back_soon,
    )
    w.growth = GrowthController(
        session,
        w.grid,
        WorkLine(w.statusBar(), "growth"),
        channel(),
        scheduler,
        make_room=lambda need: pool.make_room(POOL_SOLVED, need),
    )
    w.why = WhyController(session, w.inspector, channel(), say)
    w.demo = DemoController(session, w.inspector, channel(), scheduler, say)
    w.exporter = AnimationExporter(session, w.grid, WorkLine(w.statusBar(), "export", 140), channel(), say)
    w.sessions = SessionController(
        session,
        w.grid,
        select=w.select_position,
        clear_selection=w.selection.clear,
        restore_game=lambda game: w.play.restore(game) if game is not None or w.parts.built("play") else None,
        warn=lambda text: w.dialogs.warn("Session", text),
        status=lambda text: w.statusBar().showMessage(text, 6000),
        jobs=channel(),
        opened=w.remember_file,
    )
    add_window_caches(pool, session, w.values, lambda: w.queries if w.parts.built("queries") else None)
    w.controllers = [w.rules, w.selection, w.values, w.growth, w.why, w.demo, w.exporter, w.sessions]


# ----- the connections ------------------------------------------------------------------------------
def _connect_views(w: MainWindow) -> None:
    session, grid = w.session, w.grid
    for item in (grid, w.strip):
        item.bind(session)
        follow(item)
    for name, dock in w.docks.items():  # a tab behind another is not in front
        dock.visibilityChanged.connect(lambda on, n=name: _front(w, n, on))
    for work, controller in (
        (w.values.work, w.values),
        (w.growth.work, w.growth),
        (w.exporter.work, w.exporter),
        (w.rules.work, w.rules),
    ):
        work.on_cancel(controller.cancel)
    # the grid
    grid.valuesNeeded.connect(w.values.request)
    grid.farValuesNeeded.connect(w.values.request_far)
    grid.rowsNeeded.connect(w.values.solve_rows)
    grid.navigated.connect(w.growth.view_moved)
    grid.navigated.connect(w.sessions.view_moved)
    grid.cellClicked.connect(w.cell_clicked)
    grid.hoverText.connect(w.hover_text)
    grid.busy.connect(w.busy_label.setText)
    grid.limitReached.connect(lambda text: w.statusBar().showMessage(text, 4000))
    grid.rectangleSelected.connect(lambda x0, y0, x1, y1: w.queries.from_grid(x0, y0, x1, y1))
    w.strip.numberHovered.connect(w.number_hovered)
    session.events.selection.connect(lambda _: w.hover_text(""))
    session.events.why.connect(lambda _: w.show_why_state())
    for field, action in (("altering", "alter_mode"), ("cell_borders", "grid_lines"), ("golden_lines", "phi_lines")):
        getattr(session.events, field).connect(lambda on, a=w.menus.actions[action]: _checked(a, on))
    w.hover_text("")
    # the toolbar and the inspector
    w.rule_bar.ruleRequested.connect(w.rules.request)
    w.rule_bar.askRequested.connect(w.ask_rule)
    w.rule_bar.modeRequested.connect(w.rules.request_mode)
    inspector = w.inspector
    inspector.positionRequested.connect(w.go_to_position)
    inspector.positionTextRequested.connect(lambda a, b: w.selection.request_text(a, b, then=grid.center_on))
    for asked in (inspector.positionRequested, inspector.positionTextRequested):  # then the grid has the keys
        asked.connect(lambda a, b: grid.setFocus())  # (Home, arrows, + and −: issue 64)
    inspector.inputRejected.connect(w.selection.input_error)
    inspector.moveActivated.connect(w.select_position)
    inspector.whyRequested.connect(w.why.ask_why)
    inspector.whyRequested.connect(w.show_why_state)
    inspector.perfectPlayRequested.connect(w.demo.show_perfect_play)


# ----- the panels built when first shown, each with its controllers and connections ----------------------
TITLES = {
    "inspector": "Inspector",
    "queries": "Queries",
    "play": "Play",
    "sequence": "Sequence",
    "array": "Array",
    "sums": "Sums",
    "rows": "Rows",
    "structure": "Structure",
    "build": "Build",
}
# What each part makes, by the window's attribute (asking for one builds its part).
PART_OF = {
    **dict.fromkeys(("query_panel", "queries"), "queries"),
    **dict.fromkeys(("play_panel", "play"), "play"),
    **dict.fromkeys(("array_panel", "array"), "array"),
    **dict.fromkeys(("sums_panel", "npiles_panel", "sums", "npiles"), "sums"),
    **dict.fromkeys(("structure_panel", "structure"), "structure"),
    **dict.fromkeys(("build_panel", "builder"), "build"),
    **dict.fromkeys(("sequence_panel", "sequence"), "sequence"),
    **dict.fromkeys(("rows_panel", "rows"), "rows"),
}


class Parts:
    """The window's panels beyond the inspector, each built (with its controllers, connected) the
    first time its tab comes to the front or something asks for it: the window paints first. Their
    modules are imported then too (the Queries tab's, with its counting, take tens of ms)."""

    def __init__(self, w: MainWindow) -> None:
        self.w = w
        self.made = {"inspector"}
        self.scheduler = QtScheduler(w)

    def built(self, name: str) -> bool:
        return name in self.made

    def build(self, name: str) -> None:
        if name in self.made:
            return
        self.made.add(name)
        panel, controllers = getattr(self, f"_{name}")()
        panel.setMinimumWidth(max(PANEL_MIN_WIDTH, panel.minimumSizeHint().width()))
        self.w.docks[name].setWidget(panel)
        for controller in controllers:
            follow(controller)
            self.w.controllers.append(controller)

    def channel(self) -> LatestJob:
        return LatestJob(self.w)

    def _queries(self) -> tuple[QWidget, list[Any]]:
        from explorer.gui.controllers.queries import QueryController
        from explorer.gui.panels.queries import QueryPanel

        w = self.w
        panel = w.query_panel = QueryPanel(w)
        queries = w.queries = QueryController(w.session, panel, self.channel)
        connect_queries(panel, queries)
        queries.answered.connect(lambda _: w.pool.touch(POOL_INDEX))
        return panel, [queries]

    def _play(self) -> tuple[QWidget, list[Any]]:
        from explorer.gui.controllers.play import PlayController
        from explorer.gui.panels.play import PlayPanel

        w = self.w
        panel = w.play_panel = PlayPanel(w)
        play = w.play = PlayController(w.session, panel, w.grid, self.scheduler, want_values=w.values.request_cover)
        panel.startRequested.connect(play.new_game)
        panel.hintRequested.connect(play.show_hint)
        panel.undoRequested.connect(play.undo)
        panel.redoRequested.connect(play.redo)
        w.values.grown.connect(lambda _: play.refresh_history())
        return panel, [play]

    def _sequence(self) -> tuple[QWidget, list[Any]]:
        from explorer.gui.controllers.sequence import SequenceController
        from explorer.gui.panels.sequence import SequencePanel, ask_bfile_path, ask_csv_path

        w = self.w
        panel = w.sequence_panel = SequencePanel(w)
        sequence = w.sequence = SequenceController(
            w.session,
            panel,
            self.channel(),
            self.channel(),
            ask_csv=lambda: ask_csv_path(w),
            ask_bfile=lambda: ask_bfile_path(w),
        )
        connect_sequence(panel, sequence)
        return panel, [sequence]

    def _array(self) -> tuple[QWidget, list[Any]]:
        from explorer.gui.controllers.array import ArrayController
        from explorer.gui.panels.array import ArrayPanel

        w = self.w
        panel = w.array_panel = ArrayPanel(w)
        array = w.array = ArrayController(w.session, panel, self.channel(), w.go_to_position, self.channel())
        connect_array(panel, array, w.session)
        return panel, [array]

    def _sums(self) -> tuple[QWidget, list[Any]]:
        from explorer.gui.controllers.npiles import NPilesController
        from explorer.gui.controllers.sums import SumsController
        from explorer.gui.panels.npiles import NPilesPanel
        from explorer.gui.panels.sums import SumsPanel

        w = self.w
        sums_panel = w.sums_panel = SumsPanel(w)
        npiles_panel = w.npiles_panel = NPilesPanel(w)
        sums = w.sums = SumsController(w.session, sums_panel, self.channel(), go_to=w.select_position)
        npiles = w.npiles = NPilesController(npiles_panel, self.channel())
        sums_panel.partsChanged.connect(sums.set_parts)
        sums_panel.partsRejected.connect(sums.reject_parts)
        sums_panel.playRequested.connect(sums.play)
        sums_panel.gridHeapChanged.connect(sums.show_heap)
        sums_panel.cancelRequested.connect(sums.cancel)
        connect_npiles(npiles_panel, npiles)
        return stacked(sums_panel, npiles_panel), [sums, npiles]

    def _rows(self) -> tuple[QWidget, list[Any]]:
        from explorer.gui.controllers.rows import RowsController
        from explorer.gui.panels.rows import RowsPanel

        w = self.w
        panel = w.rows_panel = RowsPanel(w)
        rows = w.rows = RowsController(w.session, panel, w.values, go_to=w.go_to_position)
        panel.solveRequested.connect(rows.solve)
        panel.positionRequested.connect(w.go_to_position)
        panel.valueRequested.connect(rows.value)
        panel.bfileRequested.connect(rows.bfile)
        return panel, [rows]

    def _structure(self) -> tuple[QWidget, list[Any]]:
        from explorer.gui.controllers.structure import StructureController
        from explorer.gui.panels.structure import StructurePanel

        w = self.w
        panel = w.structure_panel = StructurePanel(w)
        structure = w.structure = StructureController(
            w.session, panel, self.channel(), ask_path=w.ask_structure_path, ask_bfile=w.ask_bfile_path
        )
        panel.refreshRequested.connect(structure.refresh)
        panel.exportRequested.connect(structure.export)
        panel.bfileRequested.connect(structure.export_bfile)
        panel.valueChosen.connect(structure.choose_value)
        w.growth.grown.connect(lambda _: structure.refresh() if structure.wanted else None)
        return panel, [structure]

    def _build(self) -> tuple[QWidget, list[Any]]:
        from explorer.gui.controllers.build import BuildController
        from explorer.gui.panels.build import BuildPanel

        w = self.w
        panel = w.build_panel = BuildPanel(w)
        builder = w.builder = BuildController(w.session, panel, w.grid, self.scheduler)
        panel.startRequested.connect(builder.start)
        panel.stepRequested.connect(builder.step)
        panel.scrubRequested.connect(builder.scrub)
        panel.playRequested.connect(builder.toggle_play)
        panel.speedRequested.connect(builder.set_speed)
        panel.closeRequested.connect(builder.close)
        return panel, [builder]


# ----- a panel's requests to its controller (the tests' desk of lone panels connects them so too) --
def connect_queries(panel: Any, queries: Any) -> None:
    panel.queryRequested.connect(queries.run_query)
    panel.valueQueryRequested.connect(queries.run_value_query)
    panel.importRequested.connect(queries.import_batch)
    panel.valueImportRequested.connect(queries.import_value_batch)
    panel.exportRequested.connect(queries.export_csv)
    panel.cancelRequested.connect(queries.cancel)


def connect_sequence(panel: Any, sequence: Any) -> None:
    panel.startTyped.connect(sequence.jump)
    panel.rowsWanted.connect(sequence.fetch)
    panel.exportRequested.connect(sequence.export_csv)
    panel.bfileRequested.connect(sequence.export_bfile)
    panel.exportCancelled.connect(sequence.cancel_export)


def connect_array(panel: Any, array: Any, session: Any) -> None:
    panel.entryChosen.connect(array.entry_chosen)
    panel.goRequested.connect(array.go)
    panel.startMoved.connect(array.start_moved)
    panel.cellsWanted.connect(array.fetch)
    if session.selection is not None:  # what is selected already, placed in the array
        array.selected(session.selection)


def connect_npiles(panel: Any, npiles: Any) -> None:
    panel.evaluateRequested.connect(npiles.request)
    panel.cancelRequested.connect(npiles.cancel)


def _front(w: MainWindow, name: str, on: bool) -> None:
    """A panel's tab came to the front (built now, the first time) or went behind another."""
    if on:
        w.parts.build(name)
    w.session.set_front(name, on)


def _connect_menus(w: MainWindow, menus: Menus) -> None:
    slots: dict[str, Callable[..., object]] = {
        "open": lambda: w.open_session(),
        "save": lambda: w.save_session(),
        "export_png": lambda: w.export_png(),
        "export_figure": lambda: w.export_figure(),
        "export_animation": w.export_animation,
        "quit": w.close,
        "reset": w.grid.reset_view,
        "goto": w.ask_go_to,
        "add_bookmark": w.ask_bookmark,
        "grid_lines": lambda on: w.sessions.show_lines(borders=on),
        "phi_lines": lambda on: w.sessions.show_lines(golden=on),
        "extend": lambda: w.growth.extend(),
        "compare": w.ask_compare,
        "stop_compare": lambda: w.rules.stop_comparing(),
        "compare_base": lambda: w.rules.compare_with_base(),
        "alter_mode": lambda on: w.rules.set_altering(on),
        "build": w.build_mode,
        "step_forward": lambda: w.builder.step(1),
        "step_back": lambda: w.builder.step(-1),
        "build_play": lambda: w.builder.toggle_play(),
        "build_close": lambda: w.builder.close() if w.parts.built("build") else None,
        "restore_layout": w.restore_default_layout,
        "keys": lambda: show_text(w, "Keyboard shortcuts", w.shortcuts_html()),
        "how": lambda: show_how_to_read(w),
        "about": lambda: show_about(w, w.about_text()),
    }
    for name, slot in slots.items():
        action = menus.actions[name]
        (action.toggled if action.isCheckable() else action.triggered).connect(slot)
    menus.why.triggered.connect(w.why.ask_why)
    menus.why.triggered.connect(w.show_why_state)  # it stays off if nothing is selected
    for name, action in menus.panel_actions.items():
        action.triggered.connect(lambda _=False, n=name: w.show_panel(n))
    menus.recent_menu.aboutToShow.connect(lambda: _fill_recent(w, menus))
    menus.bookmarks_menu.aboutToShow.connect(lambda: _fill_bookmarks(w, menus))


def _fill_recent(w: MainWindow, menus: Menus) -> None:
    menus.recent_menu.clear()
    files = w.recent_files()
    for path in files:
        action = menus.recent_menu.addAction(os.path.basename(path))
        action.setToolTip(path)
        action.triggered.connect(lambda _=False, p=path: w.open_session(p))
    if not files:
        menus.recent_menu.addAction("(no sessions yet)").setEnabled(False)


def _fill_bookmarks(w: MainWindow, menus: Menus) -> None:
    menu = menus.bookmarks_menu
    menu.clear()
    menu.addAction(menus.add_bookmark)
    marks = w.session.bookmarks
    if marks:
        menu.addSeparator()
        for b in marks:
            menu.addAction(b.name).triggered.connect(lambda _=False, n=b.name: w.sessions.go_to_bookmark(n))
        delete = menu.addMenu("&Delete")
        for b in marks:
            delete.addAction(b.name).triggered.connect(lambda _=False, n=b.name: w.sessions.delete_bookmark(n))


def _checked(action: QAction, on: bool) -> None:
    """A checkable menu item shows the model's state (its signal blocked: the model is not asked again)."""
    with QSignalBlocker(action):
        action.setChecked(on)


def show_why_state(w: MainWindow) -> None:
    """The Why? button and menu item show whether Why? is on (it follows the selection)."""
    on = w.session.why is not None
    w.inspector.set_why_on(on)
    _checked(w.menus.why, on)


__all__ = ["START_HINT", "compose", "follow", "show_why_state"]
