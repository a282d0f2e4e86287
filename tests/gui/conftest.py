from __future__ import annotations

import os
from typing import ClassVar

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture
def window(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from explorer.gui.main_window import MainWindow

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    win.resize(1200, 760)
    win.show()
    qtbot.waitExposed(win)
    qtbot.wait(50)  # let the docks and the aspect-locked view settle to the final size
    win.grid.reset_view()
    win.grid.render_now()
    qtbot.wait(20)
    return win


class Board:
    """The grid alone, not a window: a GridView drawing a fresh session, with the controllers
    that feed it (values, the rule's growth to the view, the rule and the selection; the
    inspector, the work lines and the status line mocked). For tests of what the grid draws and
    how it moves, which need neither panels, menus nor docks."""

    def __init__(self, qtbot) -> None:  # type: ignore[no-untyped-def]
        from unittest.mock import MagicMock

        from explorer.gui.controllers.growth import GrowthController
        from explorer.gui.controllers.rules import RuleController
        from explorer.gui.controllers.selection import SelectionController
        from explorer.gui.controllers.values import ValuesController
        from explorer.gui.grid.view import GridView
        from explorer.gui.jobs import LatestJob
        from explorer.gui.scheduler import QtScheduler
        from explorer.session.events import follow
        from explorer.session.model import Session
        from explorer.session.views import InspectorView, RuleSelectorView, StatusView, WorkView

        self.session = Session()
        self.grid = grid = GridView()
        qtbot.addWidget(grid)
        self.inspector = MagicMock(spec=InspectorView)
        self.values = ValuesController(
            self.session, self.inspector, MagicMock(spec=WorkView), lambda: LatestJob(grid), QtScheduler(grid)
        )
        self.selection = SelectionController(self.session, self.inspector, LatestJob(grid))
        self.status = MagicMock(spec=StatusView)
        self.rules = RuleController(
            self.session, MagicMock(spec=RuleSelectorView), self.status, LatestJob(grid), MagicMock(spec=WorkView)
        )
        self.growth = GrowthController(self.session, grid, MagicMock(spec=WorkView), LatestJob(grid), QtScheduler(grid))
        grid.bind(self.session)
        for part in (grid, self.values, self.selection, self.rules, self.growth):
            follow(part)
        grid.valuesNeeded.connect(self.values.request)
        grid.farValuesNeeded.connect(self.values.request_far)
        grid.rowsNeeded.connect(self.values.solve_rows)
        grid.navigated.connect(self.growth.view_moved)
        grid.resize(900, 700)
        grid.show()
        qtbot.waitExposed(grid)
        grid.reset_view()
        grid.render_now()

    def select(self, a: int, b: int) -> None:
        """Select (a, b) as a click on it does."""
        self.selection.request(a, b)

    select_position = select

    def go_to_position(self, a: int, b: int) -> None:
        """Centre the grid on (a, b) and select it, as Go to position does."""
        self.grid.center_on(a, b)
        self.select(a, b)

    def set_rule(self, key: str) -> None:
        self.rules.request(key)

    def set_mode(self, mode: str) -> None:
        """Colour by `mode`, as choosing it in the toolbar does."""
        self.rules.request_mode(mode)

    @property
    def busy(self) -> bool:
        return bool(
            self.grid.rendering
            or self.values.busy
            or self.growth.busy
            or self.selection.jobs.busy
            or self.rules.jobs.busy
        )


@pytest.fixture
def board(qtbot):
    from explorer.gui.jobs import LatestJob

    b = Board(qtbot)
    yield b
    b.values.cancel()
    b.growth.cancel()  # as the window does when it closes: no answer reaches a deleted item
    for job in b.grid.findChildren(LatestJob):
        job.cancel()
    b.session.events.disconnect_all()


class _Deaf:
    """A view that hears every call of its protocol and keeps nothing."""

    def __init__(self, protocol: type) -> None:
        self.protocol = protocol

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        if not hasattr(self.protocol, name):
            raise AttributeError(name)
        return lambda *args, **kwargs: None


class Desk:
    """Panels alone, not a window: each built when first asked for (`desk.query_panel`,
    `desk.queries`, ...), beside a fresh session and its rule controller, and connected to its
    controller as the composition root connects it (explorer.gui.compose.Parts). `findChild`
    finds the panels' widgets by name."""

    PART_OF: ClassVar[dict[str, str]] = {
        "sequence_panel": "sequence",
        "sequence": "sequence",
        "npiles_panel": "npiles",
        "npiles": "npiles",
        "array_panel": "array",
        "array": "array",
        "query_panel": "queries",
        "queries": "queries",
    }

    def __init__(self, qtbot) -> None:  # type: ignore[no-untyped-def]
        from unittest.mock import MagicMock

        from PySide6.QtWidgets import QVBoxLayout, QWidget

        from explorer.gui.controllers.rules import RuleController
        from explorer.session.model import Session
        from explorer.session.views import RuleSelectorView, StatusView, WorkView

        self.session = Session()
        self.host = QWidget()
        self.host.setMinimumSize(460, 700)
        self._layout = QVBoxLayout(self.host)
        qtbot.addWidget(self.host)
        # the rule's selector and the status line hear nothing (a mock would keep every rule it
        # was shown alive in its call list)
        selector, status = _Deaf(RuleSelectorView), _Deaf(StatusView)
        self.rules = RuleController(self.session, selector, status, self.channel(), _Deaf(WorkView))
        self.parts: list = []
        self._add(None, self.rules)
        self.went_to = MagicMock()  # where a panel asked the grid to go
        self.host.show()

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        part = Desk.PART_OF.get(name)
        if part is None:
            raise AttributeError(name)
        getattr(self, f"_{part}")()
        return self.__dict__[name]

    def channel(self):  # type: ignore[no-untyped-def]
        from explorer.gui.jobs import LatestJob

        return LatestJob(self.host)

    def _add(self, panel, *controllers) -> None:  # type: ignore[no-untyped-def]
        from explorer.session.events import follow

        if panel is not None:
            self._layout.addWidget(panel)
            panel.show()  # in front, as a panel whose tab is chosen
        for c in controllers:
            follow(c)
            self.parts.append(c)

    def findChild(self, kind, name):  # type: ignore[no-untyped-def]
        return self.host.findChild(kind, name)

    def set_rule(self, key: str) -> None:
        self.rules.request(key)

    def _sequence(self) -> None:
        from explorer.gui.controllers.sequence import SequenceController
        from explorer.gui.panels.sequence import SequencePanel
        from explorer.gui.parts import connect_sequence

        panel = self.sequence_panel = SequencePanel()
        sequence = self.sequence = SequenceController(self.session, panel, self.channel(), self.channel())
        connect_sequence(panel, sequence)
        self._add(panel, sequence)

    def _npiles(self) -> None:
        from explorer.gui.controllers.npiles import NPilesController
        from explorer.gui.panels.npiles import NPilesPanel
        from explorer.gui.parts import connect_npiles

        panel = self.npiles_panel = NPilesPanel()
        npiles = self.npiles = NPilesController(panel, self.channel())
        connect_npiles(panel, npiles)
        self._add(panel, npiles)

    def _array(self) -> None:
        from explorer.gui.controllers.array import ArrayController
        from explorer.gui.panels.array import ArrayPanel
        from explorer.gui.parts import connect_array

        panel = self.array_panel = ArrayPanel()
        array = self.array = ArrayController(self.session, panel, self.channel(), self.went_to, self.channel())
        self._add(panel, array)
        connect_array(panel, array, self.session)

    def _queries(self) -> None:
        from explorer.gui.controllers.queries import QueryController
        from explorer.gui.panels.queries import QueryPanel
        from explorer.gui.parts import connect_queries

        panel = self.query_panel = QueryPanel()
        queries = self.queries = QueryController(self.session, panel, self.channel)
        connect_queries(panel, queries)
        self._add(panel, queries)

    def close(self) -> None:
        """As the window does when it closes: every job stops, no answer reaches a deleted widget."""
        from explorer.gui.jobs import LatestJob

        for part in self.parts:
            cancel = getattr(part, "cancel", None)
            if cancel is not None:
                cancel()
        for job in self.host.findChildren(LatestJob):
            job.cancel()
        self.session.events.disconnect_all()


@pytest.fixture
def desk(qtbot):
    d = Desk(qtbot)
    yield d
    d.close()
