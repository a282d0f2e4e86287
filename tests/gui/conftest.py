from __future__ import annotations

import os

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
        self.rules = RuleController(self.session, MagicMock(spec=RuleSelectorView), self.status, LatestJob(grid))
        self.growth = GrowthController(self.session, grid, MagicMock(spec=WorkView), LatestJob(grid), QtScheduler(grid))
        grid.bind(self.session)
        for part in (grid, self.values, self.selection, self.rules, self.growth):
            follow(part)
        grid.valuesNeeded.connect(self.values.request)
        grid.farValuesNeeded.connect(self.values.request_far)
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
