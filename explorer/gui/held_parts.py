"""The window's parts as it holds them: each a read-only, typed accessor of `WindowParts` (made by
explorer.gui.compose); a panel's parts only once the panel is built (`NotBuilt` before: show the
panel first). Reading one never builds anything. A mixin of MainWindow, apart to keep that small."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray
from PySide6.QtWidgets import QDockWidget, QLabel

from explorer.core import budget

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
    from explorer.gui.parts import Panels, WindowParts


class HeldParts:
    """Read-only, typed accessors of the window's parts (`parts`, set by the window itself)."""

    parts: WindowParts

    @property
    def docks(self) -> dict[str, QDockWidget]:
        return self.parts.docks

    @property
    def default_state(self) -> QByteArray:
        return self.parts.default_state

    @property
    def dialogs(self) -> Dialogs:
        return self.parts.dialogs

    @dialogs.setter
    def dialogs(self, dialogs: Dialogs) -> None:
        """The one part a script replaces: the person who answers the dialogs (the soak's
        ScriptedDialogs, a test's stand-in); everything asks it through the window, when it asks."""
        self.parts.dialogs = dialogs

    @property
    def grid(self) -> GridView:
        return self.parts.grid

    @property
    def strip(self) -> BeattyStrip:
        return self.parts.strip

    @property
    def inspector(self) -> Inspector:
        return self.parts.inspector

    @property
    def rule_bar(self) -> RuleBar:
        return self.parts.rule_bar

    @property
    def hover_label(self) -> QLabel:
        return self.parts.hover_label

    @property
    def busy_label(self) -> QLabel:
        return self.parts.busy_label

    @property
    def pool(self) -> budget.Pool:
        return self.parts.pool

    @property
    def rules(self) -> RuleController:
        return self.parts.rules

    @property
    def selection(self) -> SelectionController:
        return self.parts.selection

    @property
    def values(self) -> ValuesController:
        return self.parts.values

    @property
    def growth(self) -> GrowthController:
        return self.parts.growth

    @property
    def why(self) -> WhyController:
        return self.parts.why

    @property
    def demo(self) -> DemoController:
        return self.parts.demo

    @property
    def exporter(self) -> AnimationExporter:
        return self.parts.exporter

    @property
    def sessions(self) -> SessionController:
        return self.parts.sessions

    @property
    def clicks(self) -> GridClicks:
        return self.parts.clicks

    @property
    def strip_hover(self) -> StripHover:
        return self.parts.strip_hover

    @property
    def asks(self) -> Asks:
        return self.parts.asks

    @property
    def files(self) -> Files:
        return self.parts.files

    @property
    def menus(self) -> Menus:
        return self.parts.menus

    @property
    def panels(self) -> Panels:
        return self.parts.panels

    @property
    def controllers(self) -> list[Any]:
        return self.parts.controllers

    # ----- a panel's parts, once it is built -------------------------------------------------

    @property
    def query_panel(self) -> QueryPanel:
        return self.parts.panels.part("query_panel")  # type: ignore[no-any-return]

    @property
    def queries(self) -> QueryController:
        return self.parts.panels.part("queries")  # type: ignore[no-any-return]

    @property
    def play_panel(self) -> PlayPanel:
        return self.parts.panels.part("play_panel")  # type: ignore[no-any-return]

    @property
    def play(self) -> PlayController:
        return self.parts.panels.part("play")  # type: ignore[no-any-return]

    @property
    def sequence_panel(self) -> SequencePanel:
        return self.parts.panels.part("sequence_panel")  # type: ignore[no-any-return]

    @property
    def sequence(self) -> SequenceController:
        return self.parts.panels.part("sequence")  # type: ignore[no-any-return]

    @property
    def array_panel(self) -> ArrayPanel:
        return self.parts.panels.part("array_panel")  # type: ignore[no-any-return]

    @property
    def array(self) -> ArrayController:
        return self.parts.panels.part("array")  # type: ignore[no-any-return]

    @property
    def sums_panel(self) -> SumsPanel:
        return self.parts.panels.part("sums_panel")  # type: ignore[no-any-return]

    @property
    def sums(self) -> SumsController:
        return self.parts.panels.part("sums")  # type: ignore[no-any-return]

    @property
    def npiles_panel(self) -> NPilesPanel:
        return self.parts.panels.part("npiles_panel")  # type: ignore[no-any-return]

    @property
    def npiles(self) -> NPilesController:
        return self.parts.panels.part("npiles")  # type: ignore[no-any-return]

    @property
    def rows_panel(self) -> RowsPanel:
        return self.parts.panels.part("rows_panel")  # type: ignore[no-any-return]

    @property
    def rows(self) -> RowsController:
        return self.parts.panels.part("rows")  # type: ignore[no-any-return]

    @property
    def slices_panel(self) -> SlicesPanel:
        return self.parts.panels.part("slices_panel")  # type: ignore[no-any-return]

    @property
    def slices(self) -> SlicesController:
        return self.parts.panels.part("slices")  # type: ignore[no-any-return]

    @property
    def structure_panel(self) -> StructurePanel:
        return self.parts.panels.part("structure_panel")  # type: ignore[no-any-return]

    @property
    def structure(self) -> StructureController:
        return self.parts.panels.part("structure")  # type: ignore[no-any-return]

    @property
    def build_panel(self) -> BuildPanel:
        return self.parts.panels.part("build_panel")  # type: ignore[no-any-return]

    @property
    def builder(self) -> BuildController:
        return self.parts.panels.part("builder")  # type: ignore[no-any-return]
