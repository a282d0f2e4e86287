"""The composition root: the one place where the window's parts are made and connected.

`make_parts(window)` makes the views (the grid, the docks, the toolbar, the menus), then the
controllers, each given everything it needs when it is made (the session, its views, its
background channels, the scheduler, the memory pool's room), one builder each, and returns them
typed (explorer.gui.parts.WindowParts); the window holds them and sets nothing else from here.
`connect(window)` then wires them: every request of a view to the controller that handles it,
every session field a controller follows (its `listens()`), and every controller's announcement
to whoever hears it. Nothing else in the window calls `connect` outside a widget's own internals
(explorer.gui.parts builds the panels shown later, and connects theirs); controllers are plain
objects that import no widgets (the import contracts in pyproject.toml keep it so).

Learned from ndv's ArrayViewer and napari's QtViewer: views emit requests and draw what they are
told; the model holds the state; one object wires the two.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING, Any

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
from explorer.gui.controllers.asks import Asks
from explorer.gui.controllers.demo import DemoController
from explorer.gui.controllers.export import AnimationExporter
from explorer.gui.controllers.files import Files
from explorer.gui.controllers.growth import GrowthController
from explorer.gui.controllers.pointer import GridClicks, StripHover
from explorer.gui.controllers.rules import RuleController
from explorer.gui.controllers.selection import SelectionController
from explorer.gui.controllers.sessions import SessionController
from explorer.gui.controllers.values import ValuesController
from explorer.gui.controllers.why import WhyController
from explorer.gui.dialogs import Dialogs
from explorer.gui.docks import held, scrolled
from explorer.gui.files import save_png
from explorer.gui.grid.strip import BeattyStrip
from explorer.gui.grid.view import GridView
from explorer.gui.jobs import LatestJob
from explorer.gui.menus import START_HINT, Menus, show_about, show_how_to_read, show_text
from explorer.gui.panels.inspector import Inspector
from explorer.gui.panels.rules import RuleBar
from explorer.gui.parts import ControllerParts, PanelNeeds, Panels, ViewParts, WindowParts
from explorer.gui.scheduler import QtScheduler
from explorer.gui.window_pool import POOL_SOLVED, POOL_VALUES, add_window_caches
from explorer.gui.work_line import WorkLine
from explorer.session.events import follow
from explorer.session.views import PANELS

if TYPE_CHECKING:
    from explorer.gui.host import Host

STATUS_MS = 8000  # how long a passing message stays in the status bar


class StatusMessages:
    """The status bar as a view: passing messages."""

    def __init__(self, bar: QStatusBar) -> None:
        self.bar = bar

    def show_message(self, text: str) -> None:
        self.bar.showMessage(text, STATUS_MS)


def make_parts(w: Host) -> WindowParts:
    """Make every part of the window made at start (its session is made already), one builder
    each: the views, then the controllers, each given everything it needs; then the menus and the
    panels to build when first shown. Nothing is connected yet (`connect`)."""
    v = _make_views(w)
    c = _make_controllers(w, v)
    menus = Menus(w.window_widget(), v.docks)
    controllers: list[Any] = [c.rules, c.selection, c.values, c.growth, c.why, c.demo, c.exporter, c.sessions]
    panels = Panels(
        PanelNeeds(
            w.window_widget(),
            w.session,
            v.grid,
            c.values,
            c.growth,
            c.pool,
            v.docks,
            controllers,
            go_to=w.go_to_position,
            select=w.select_position,
            ask_structure_path=c.files.ask_structure_path,
            ask_bfile_path=c.files.ask_bfile_path,
        )
    )
    return WindowParts(**vars(v), **vars(c), menus=menus, panels=panels, controllers=controllers)


def connect(w: Host) -> None:
    """Connect the window's parts (`w.parts`, made by `make_parts`): every request of a view to the
    controller that handles it, every session field a controller follows, the menus."""
    _connect_views(w)
    _connect_menus(w, w.menus)
    for controller in w.controllers:
        follow(controller)
    app = QApplication.instance()
    if app is not None:  # quitting without closing the window first: nothing is drawn on deleted widgets
        app.aboutToQuit.connect(w.detach)


# ----- the views ------------------------------------------------------------------------------------
def _make_views(w: Host) -> ViewParts:
    window = w.window_widget()
    dialogs = Dialogs(window)
    grid = GridView(window)
    strip = BeattyStrip(grid)
    central = QWidget(window, objectName="central")
    column = QVBoxLayout(central)
    column.setContentsMargins(0, 0, 0, 0)
    column.setSpacing(0)
    column.addWidget(grid, 1)
    column.addWidget(strip)
    w.setCentralWidget(central)
    inspector = Inspector(window)
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
    docks[0].setWidget(scrolled(inspector))
    for before, after in pairwise(docks):
        w.tabifyDockWidget(before, after)
    default_state = w.saveState()  # View ▸ Panels ▸ Restore the default layout
    w.resizeDocks([docks[0]], [380], Qt.Orientation.Horizontal)
    docks[0].raise_()
    toolbar = w.addToolBar("Colours")
    toolbar.setObjectName("colourToolbar")
    rule_bar = RuleBar(window)
    toolbar.addWidget(rule_bar)
    hover_label = QLabel(objectName="hoverLabel")
    w.statusBar().addWidget(hover_label, 1)
    busy_label = QLabel(objectName="busyLabel")
    w.statusBar().addPermanentWidget(busy_label)
    by_name = dict(zip(PANELS, docks, strict=True))  # by the command line's names
    return ViewParts(dialogs, grid, strip, inspector, by_name, default_state, rule_bar, hover_label, busy_label)


# ----- the controllers ------------------------------------------------------------------------------
def _make_controllers(w: Host, v: ViewParts) -> ControllerParts:
    session = w.session
    bar = w.statusBar()

    window = w.window_widget()

    def channel() -> LatestJob:
        return LatestJob(window)

    def say(text: str) -> None:
        bar.showMessage(text, STATUS_MS)

    scheduler = QtScheduler(window)
    pool = budget.Pool()
    rules = RuleController(
        session,
        v.rule_bar,
        StatusMessages(bar),
        channel(),
        WorkLine(bar, "rule", 140),
        make_room=lambda need: pool.make_room(POOL_SOLVED, need),
    )
    selection = SelectionController(session, v.inspector, channel())
    values = ValuesController(
        session,
        v.inspector,
        WorkLine(bar, "values", 180),
        channel,
        scheduler,
        make_room=lambda need: pool.make_room(POOL_VALUES, need),
        give_back=memory.give_back_soon,
    )
    growth = GrowthController(
        session,
        v.grid,
        WorkLine(bar, "growth"),
        channel(),
        scheduler,
        make_room=lambda need: pool.make_room(POOL_SOLVED, need),
    )
    why = WhyController(session, v.inspector, channel(), say)
    demo = DemoController(session, v.inspector, channel(), scheduler, say)
    exporter = AnimationExporter(session, v.grid, WorkLine(bar, "export", 140), channel(), say)
    files: Files | None = None  # made below: the sessions controller remembers what it opened there
    sessions = SessionController(
        session,
        v.grid,
        select=w.select_position,
        clear_selection=selection.clear,
        restore_game=w.restore_game,
        warn=lambda text: w.dialogs.warn("Session", text),
        status=lambda text: bar.showMessage(text, 6000),
        jobs=channel(),
        opened=lambda path: files.remember_file(path) if files is not None else None,
    )
    files = Files(
        lambda: w.dialogs,
        sessions,
        exporter,
        write_png=lambda path: save_png(v.grid.grab(), path),
        status=bar.showMessage,
        settings=w.settings,
    )
    add_window_caches(pool, session, values, w.built_queries)
    asks = Asks(session, lambda: w.dialogs, rules, sessions, exporter, values, w.go_to_position)
    clicks = GridClicks(session, rules.toggle_cell, w.play_click, w.select_position)
    strip_hover = StripHover(session, v.strip, v.grid, v.hover_label.setText)
    return ControllerParts(
        pool, rules, selection, values, growth, why, demo, exporter, sessions, clicks, strip_hover, asks, files
    )


# ----- the connections ------------------------------------------------------------------------------
def _connect_views(w: Host) -> None:
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
    grid.cellClicked.connect(w.clicks.clicked)
    grid.hoverText.connect(w.hover_text)
    grid.busy.connect(w.busy_label.setText)
    grid.limitReached.connect(lambda text: w.statusBar().showMessage(text, 4000))
    grid.rectangleSelected.connect(lambda x0, y0, x1, y1: _count_rectangle(w, x0, y0, x1, y1))
    w.strip.numberHovered.connect(w.strip_hover.hovered)
    session.events.selection.connect(lambda _: w.hover_text(""))
    session.events.why.connect(lambda _: w.show_why_state())
    for field, action in (("altering", "alter_mode"), ("cell_borders", "grid_lines"), ("golden_lines", "phi_lines")):
        getattr(session.events, field).connect(lambda on, a=w.menus.actions[action]: _checked(a, on))
    w.hover_text("")
    # the toolbar and the inspector
    w.rule_bar.ruleRequested.connect(w.rules.request)
    w.rule_bar.askRequested.connect(w.asks.ask_rule)
    w.rule_bar.modeRequested.connect(w.rules.request_mode)
    w.rule_bar.firstHeapRequested.connect(w.rules.request_first_heap)
    inspector = w.inspector
    inspector.positionRequested.connect(w.go_to_position)
    inspector.positionTextRequested.connect(lambda a, b: w.selection.request_text(a, b, then=grid.center_on))
    for asked in (inspector.positionRequested, inspector.positionTextRequested):  # then the grid has the keys
        asked.connect(lambda a, b: grid.setFocus())  # (Home, arrows, + and −: issue 64)
    inspector.inputRejected.connect(w.selection.input_error)
    inspector.moveActivated.connect(w.select_position)
    inspector.moveToSliceActivated.connect(
        lambda a, b, c: w.rules.request_first_heap(a, then=lambda: w.select_position(b, c))
    )
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


def _count_rectangle(w: Host, x0: int, y0: int, x1: int, y1: int) -> None:
    """A rectangle dragged on the grid: counted by the Queries panel's controller (built for it)."""
    w.panels.build("queries")
    w.queries.from_grid(x0, y0, x1, y1)


def _front(w: Host, name: str, on: bool) -> None:
    """A panel's tab came to the front (built now, the first time) or went behind another."""
    if on:
        w.panels.build(name)
    w.session.set_front(name, on)


def _connect_menus(w: Host, menus: Menus) -> None:
    slots: dict[str, Callable[..., object]] = {
        "open": lambda: w.files.open_session(),
        "save": lambda: w.files.save_session(),
        "export_png": lambda: w.files.export_png(),
        "export_figure": lambda: w.files.export_figure(),
        "export_animation": w.asks.export_animation,
        "quit": w.close,
        "reset": w.grid.reset_view,
        "goto": w.asks.ask_go_to,
        "add_bookmark": w.asks.ask_bookmark,
        "grid_lines": lambda on: w.sessions.show_lines(borders=on),
        "phi_lines": lambda on: w.sessions.show_lines(golden=on),
        "extend": lambda: w.growth.extend(),
        "compare": w.asks.ask_compare,
        "stop_compare": lambda: w.rules.stop_comparing(),
        "compare_base": lambda: w.rules.compare_with_base(),
        "alter_mode": lambda on: w.rules.set_altering(on),
        "build": w.build_mode,
        "step_forward": lambda: w.builder.step(1),
        "step_back": lambda: w.builder.step(-1),
        "build_play": lambda: w.builder.toggle_play(),
        "build_close": lambda: w.builder.close() if w.panels.built("build") else None,
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


def _fill_recent(w: Host, menus: Menus) -> None:
    menus.recent_menu.clear()
    files = w.files.recent_files()
    for path in files:
        action = menus.recent_menu.addAction(os.path.basename(path))
        action.setToolTip(path)
        action.triggered.connect(lambda _=False, p=path: w.files.open_session(p))
    if not files:
        menus.recent_menu.addAction("(no sessions yet)").setEnabled(False)


def _fill_bookmarks(w: Host, menus: Menus) -> None:
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


def show_why_state(w: Host) -> None:
    """The Why? button and menu item show whether Why? is on (it follows the selection)."""
    on = w.session.why is not None
    w.inspector.set_why_on(on)
    _checked(w.menus.why, on)


__all__ = ["START_HINT", "connect", "follow", "make_parts", "show_why_state"]
