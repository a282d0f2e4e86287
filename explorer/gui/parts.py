"""The window's parts, typed: what explorer.gui.compose makes (`WindowParts`), and the panels made
when first shown (`Panels`), each with its controllers.

A panel beyond the inspector is built when its dock first becomes visible, or when something asks
for it by name (`Panels.build`: `MainWindow.show_panel`, `screenshot --panel`); never as a side
effect of reading an attribute. Until then the window's accessor for it says it is not built.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray
from PySide6.QtWidgets import QDockWidget, QLabel, QWidget

from explorer.core import budget
from explorer.gui.docks import PANEL_MIN_WIDTH, paged, stacked
from explorer.gui.jobs import LatestJob
from explorer.gui.scheduler import QtScheduler
from explorer.gui.window_pool import POOL_INDEX
from explorer.session.events import follow
from explorer.session.model import Session

if TYPE_CHECKING:
    from explorer.gui.controllers.array import ArrayController
    from explorer.gui.controllers.asks import Asks
    from explorer.gui.controllers.build import BuildController
    from explorer.gui.controllers.demo import DemoController
    from explorer.gui.controllers.export import AnimationExporter
    from explorer.gui.controllers.files import Files
    from explorer.gui.controllers.growth import GrowthController
    from explorer.gui.controllers.npiles import NPilesController
    from explorer.gui.controllers.play import PlayController
    from explorer.gui.controllers.pointer import GridClicks, StripHover
    from explorer.gui.controllers.queries import QueryController
    from explorer.gui.controllers.rows import RowsController
    from explorer.gui.controllers.rules import RuleController
    from explorer.gui.controllers.selection import SelectionController
    from explorer.gui.controllers.sequence import SequenceController
    from explorer.gui.controllers.sessions import SessionController
    from explorer.gui.controllers.slices import SlicesController
    from explorer.gui.controllers.structure import StructureController
    from explorer.gui.controllers.sums import SumsController
    from explorer.gui.controllers.values import ValuesController
    from explorer.gui.controllers.why import WhyController
    from explorer.gui.dialogs import Dialogs
    from explorer.gui.grid.strip import BeattyStrip
    from explorer.gui.grid.view import GridView
    from explorer.gui.menus import Menus
    from explorer.gui.panels.array import ArrayPanel
    from explorer.gui.panels.build import BuildPanel
    from explorer.gui.panels.inspector import Inspector
    from explorer.gui.panels.npiles import NPilesPanel
    from explorer.gui.panels.play import PlayPanel
    from explorer.gui.panels.queries import QueryPanel
    from explorer.gui.panels.rows import RowsPanel
    from explorer.gui.panels.rules import RuleBar
    from explorer.gui.panels.sequence import SequencePanel
    from explorer.gui.panels.slices import SlicesPanel
    from explorer.gui.panels.structure import StructurePanel
    from explorer.gui.panels.sums import SumsPanel


@dataclass
class Built:
    """The panels built so far and their controllers (None until built)."""

    query_panel: QueryPanel | None = None
    queries: QueryController | None = None
    play_panel: PlayPanel | None = None
    play: PlayController | None = None
    sequence_panel: SequencePanel | None = None
    sequence: SequenceController | None = None
    array_panel: ArrayPanel | None = None
    array: ArrayController | None = None
    sums_panel: SumsPanel | None = None
    sums: SumsController | None = None
    npiles_panel: NPilesPanel | None = None
    npiles: NPilesController | None = None
    rows_panel: RowsPanel | None = None
    rows: RowsController | None = None
    structure_panel: StructurePanel | None = None
    structure: StructureController | None = None
    slices_panel: SlicesPanel | None = None
    slices: SlicesController | None = None
    build_panel: BuildPanel | None = None
    builder: BuildController | None = None


# Which panel makes each of `Built`'s parts (the window's accessors name it in their message)
PART_OF = {
    **dict.fromkeys(("query_panel", "queries"), "queries"),
    **dict.fromkeys(("play_panel", "play"), "play"),
    **dict.fromkeys(("sequence_panel", "sequence"), "sequence"),
    **dict.fromkeys(("array_panel", "array"), "array"),
    **dict.fromkeys(("sums_panel", "npiles_panel", "sums", "npiles"), "sums"),
    **dict.fromkeys(("rows_panel", "rows"), "rows"),
    **dict.fromkeys(("structure_panel", "structure", "slices_panel", "slices"), "structure"),
    **dict.fromkeys(("build_panel", "builder"), "build"),
}


class NotBuilt(AttributeError):
    """A panel's part asked for before the panel was built (show the panel first)."""


@dataclass
class PanelNeeds:
    """What the panels' builders are given: the window's parts made at start, and its requests."""

    window: QWidget  # the panels' Qt parent
    session: Session
    grid: GridView
    values: ValuesController
    growth: GrowthController
    pool: budget.Pool
    docks: dict[str, QDockWidget]
    controllers: list[Any]
    go_to: Callable[[int, int], None]  # select (a, b) and show it on the grid
    select: Callable[[int, int], None]
    ask_structure_path: Callable[[], str | None]
    ask_bfile_path: Callable[[], tuple[str, bool] | None]


class Panels:
    """The panels beyond the inspector, each built with its controllers (connected) the first time
    its dock becomes visible or it is asked for by name: the window paints first. Their modules are
    imported then too (the Queries tab's, with its counting, take tens of ms)."""

    def __init__(self, needs: PanelNeeds) -> None:
        self.needs = needs
        self.made = {"inspector"}
        self.scheduler = QtScheduler(needs.window)
        self.parts = Built()

    def built(self, name: str) -> bool:
        return name in self.made

    def build(self, name: str) -> None:
        if name in self.made:
            return
        self.made.add(name)
        panel, controllers = getattr(self, f"_{name}")()
        panel.setMinimumWidth(max(PANEL_MIN_WIDTH, panel.minimumSizeHint().width()))
        self.needs.docks[name].setWidget(panel)
        for controller in controllers:
            follow(controller)
            self.needs.controllers.append(controller)

    def part(self, name: str) -> Any:
        """A built part by its name in `Built` (NotBuilt, naming the panel, if it is not built)."""
        found = getattr(self.parts, name)
        if found is None:
            raise NotBuilt(f"the {PART_OF[name]} panel is not built yet: show it first (show_panel({PART_OF[name]!r}))")
        return found

    def channel(self) -> LatestJob:
        return LatestJob(self.needs.window)

    def _queries(self) -> tuple[QWidget, list[Any]]:
        from explorer.gui.controllers.queries import QueryController
        from explorer.gui.panels.queries import QueryPanel

        n, p = self.needs, self.parts
        panel = p.query_panel = QueryPanel(n.window)
        queries = p.queries = QueryController(n.session, panel, self.channel)
        connect_queries(panel, queries)
        queries.answered.connect(lambda _: n.pool.touch(POOL_INDEX))
        return panel, [queries]

    def _play(self) -> tuple[QWidget, list[Any]]:
        from explorer.gui.controllers.play import PlayController
        from explorer.gui.panels.play import PlayPanel

        n, p = self.needs, self.parts
        panel = p.play_panel = PlayPanel(n.window)
        play = p.play = PlayController(n.session, panel, n.grid, self.scheduler, want_values=n.values.request_cover)
        panel.startRequested.connect(play.new_game)
        panel.hintRequested.connect(play.show_hint)
        panel.undoRequested.connect(play.undo)
        panel.redoRequested.connect(play.redo)
        n.values.grown.connect(lambda _: play.refresh_history())
        return panel, [play]

    def _sequence(self) -> tuple[QWidget, list[Any]]:
        from explorer.gui.controllers.sequence import SequenceController
        from explorer.gui.panels.sequence import SequencePanel, ask_bfile_path, ask_csv_path

        n, p = self.needs, self.parts
        panel = p.sequence_panel = SequencePanel(n.window)
        sequence = p.sequence = SequenceController(
            n.session,
            panel,
            self.channel(),
            self.channel(),
            ask_csv=lambda: ask_csv_path(n.window),
            ask_bfile=lambda: ask_bfile_path(n.window),
        )
        connect_sequence(panel, sequence)
        return panel, [sequence]

    def _array(self) -> tuple[QWidget, list[Any]]:
        from explorer.gui.controllers.array import ArrayController
        from explorer.gui.panels.array import ArrayPanel

        n, p = self.needs, self.parts
        panel = p.array_panel = ArrayPanel(n.window)
        array = p.array = ArrayController(n.session, panel, self.channel(), n.go_to, self.channel())
        connect_array(panel, array, n.session)
        return panel, [array]

    def _sums(self) -> tuple[QWidget, list[Any]]:
        from explorer.gui.controllers.npiles import NPilesController
        from explorer.gui.controllers.sums import SumsController
        from explorer.gui.panels.npiles import NPilesPanel
        from explorer.gui.panels.sums import SumsPanel

        n, p = self.needs, self.parts
        sums_panel = p.sums_panel = SumsPanel(n.window)
        npiles_panel = p.npiles_panel = NPilesPanel(n.window)
        sums = p.sums = SumsController(n.session, sums_panel, self.channel(), go_to=n.select)
        npiles = p.npiles = NPilesController(npiles_panel, self.channel())
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

        n, p = self.needs, self.parts
        panel = p.rows_panel = RowsPanel(n.window)
        rows = p.rows = RowsController(n.session, panel, n.values, go_to=n.go_to)
        panel.solveRequested.connect(rows.solve)
        panel.positionRequested.connect(n.go_to)
        panel.valueRequested.connect(rows.value)
        panel.bfileRequested.connect(rows.bfile)
        return panel, [rows]

    def _structure(self) -> tuple[QWidget, list[Any]]:
        from explorer.gui.controllers.slices import SlicesController
        from explorer.gui.controllers.structure import StructureController
        from explorer.gui.panels.slices import SlicesPanel
        from explorer.gui.panels.structure import StructurePanel

        n, p = self.needs, self.parts
        panel = p.structure_panel = StructurePanel(n.window)
        structure = p.structure = StructureController(
            n.session, panel, self.channel(), ask_path=n.ask_structure_path, ask_bfile=n.ask_bfile_path
        )
        panel.refreshRequested.connect(structure.refresh)
        panel.exportRequested.connect(structure.export)
        panel.bfileRequested.connect(structure.export_bfile)
        panel.valueChosen.connect(structure.choose_value)
        n.growth.grown.connect(lambda _: structure.refresh() if structure.wanted else None)
        slices_panel = p.slices_panel = SlicesPanel(n.window)
        slices = p.slices = SlicesController(slices_panel, self.channel())
        slices_panel.reportRequested.connect(slices.report)
        slices_panel.cancelRequested.connect(slices.cancel)
        return paged(("Cold pairs", panel), ("Three heaps", slices_panel)), [structure, slices]

    def _build(self) -> tuple[QWidget, list[Any]]:
        from explorer.gui.controllers.build import BuildController
        from explorer.gui.panels.build import BuildPanel

        n, p = self.needs, self.parts
        panel = p.build_panel = BuildPanel(n.window)
        builder = p.builder = BuildController(n.session, panel, n.grid, self.scheduler)
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
    panel.playRequested.connect(npiles.new_game)
    panel.gameChosen.connect(npiles.choose_game)
    panel.cancelRequested.connect(npiles.cancel)


@dataclass
class ViewParts:
    """The views made at start (explorer.gui.compose._make_views)."""

    dialogs: Dialogs
    grid: GridView
    strip: BeattyStrip
    inspector: Inspector
    docks: dict[str, QDockWidget]
    default_state: QByteArray
    rule_bar: RuleBar
    hover_label: QLabel
    busy_label: QLabel


@dataclass
class ControllerParts:
    """The controllers made at start (explorer.gui.compose._make_controllers)."""

    pool: budget.Pool
    rules: RuleController
    selection: SelectionController
    values: ValuesController
    growth: GrowthController
    why: WhyController
    demo: DemoController
    exporter: AnimationExporter
    sessions: SessionController
    clicks: GridClicks
    strip_hover: StripHover
    asks: Asks
    files: Files


@dataclass
class WindowParts(ControllerParts, ViewParts):
    """Every part of the window made at start, typed (explorer.gui.compose makes them, one builder
    each: the views, the controllers); the panels beyond the inspector come later, through `panels`."""

    menus: Menus
    panels: Panels
    controllers: list[Any] = field(default_factory=list)  # every controller made so far
