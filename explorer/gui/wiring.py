"""The views' requests, to the controllers that handle them: the one place they meet (the
controllers know their views only through the protocols of explorer.session.views)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from explorer.gui.controllers.explain import ExplainController
    from explorer.gui.controllers.play import PlayController
    from explorer.gui.controllers.queries import QueryController
    from explorer.gui.controllers.structure import StructureController
    from explorer.gui.grid.view import GridView
    from explorer.gui.panels.build import BuildPanel
    from explorer.gui.panels.play import PlayPanel
    from explorer.gui.panels.queries import QueryPanel
    from explorer.gui.panels.structure import StructurePanel


class Wired(Protocol):
    """The window as this wiring sees it: the panels and the controllers they talk to."""

    grid: GridView
    play_panel: PlayPanel
    query_panel: QueryPanel
    build_panel: BuildPanel
    structure_panel: StructurePanel
    play: PlayController
    queries: QueryController
    explain: ExplainController
    structure: StructureController


def wire_views(window: Wired) -> None:
    play, queries, build = window.play_panel, window.query_panel, window.build_panel
    play.startRequested.connect(window.play.new_game)
    play.hint.clicked.connect(window.play.show_hint)
    play.undo.clicked.connect(window.play.undo)
    play.redo.clicked.connect(window.play.redo)
    queries.queryRequested.connect(window.queries.run_query)
    queries.valueQueryRequested.connect(window.queries.run_value_query)
    queries.importRequested.connect(window.queries.import_batch)
    queries.valueImportRequested.connect(window.queries.import_value_batch)
    queries.exportRequested.connect(window.queries.export_csv)
    queries.cancelRequested.connect(window.queries.cancel)
    window.grid.rectangleSelected.connect(window.queries.from_grid)
    build.startRequested.connect(window.explain.start)
    build.stepRequested.connect(window.explain.step)
    build.scrubRequested.connect(window.explain.scrub)
    build.playRequested.connect(window.explain.toggle_play)
    build.speedRequested.connect(window.explain.set_speed)
    build.closeRequested.connect(window.explain.close)
    window.structure_panel.refreshRequested.connect(window.structure.refresh)
    window.structure_panel.exportRequested.connect(window.structure.export)
    window.structure_panel.valueChosen.connect(window.structure.choose_value)
