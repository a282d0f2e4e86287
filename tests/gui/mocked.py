"""The controllers composed with mocked views (pyapp-kit/ndv's pattern): no window, no widgets.

`Parts` makes a session and every controller as explorer.gui.compose does, each view a
MagicMock of its protocol (explorer.session.views), background work inline and time manual
(`ManualScheduler`: a test says when a timer fires). A test sends the requests a panel would
send, then reads the session and what each view was told."""

from __future__ import annotations

from unittest.mock import MagicMock

from explorer.core.rules import parse_rule
from explorer.gui.controllers.build import BuildController
from explorer.gui.controllers.demo import DemoController
from explorer.gui.controllers.play import PlayController
from explorer.gui.controllers.rules import RuleController
from explorer.gui.controllers.selection import SelectionController
from explorer.gui.controllers.why import WhyController
from explorer.session.events import follow
from explorer.session.jobs import InlineJobs, ManualScheduler
from explorer.session.model import Session
from explorer.session.views import (
    BuildView,
    GridView,
    InspectorView,
    PlayView,
    RuleSelectorView,
    StatusView,
    WorkView,
)


class Parts:
    """Session, controllers and mocked views for one rule; the grid shows `view` (cells [x0, x1) x
    [y0, y1))."""

    def __init__(self, rule: str = "wythoff", view: tuple[int, int, int, int] = (0, 0, 31, 21)) -> None:
        self.session = s = Session(rule=parse_rule(rule))
        self.scheduler = ManualScheduler()
        self.said: list[str] = []
        self.grid = MagicMock(spec=GridView)
        self.grid.visible_cells.return_value = view
        self.inspector = MagicMock(spec=InspectorView)
        self.build_panel = MagicMock(spec=BuildView)
        self.play_panel = MagicMock(spec=PlayView)
        self.selector, self.status = MagicMock(spec=RuleSelectorView), MagicMock(spec=StatusView)
        self.rules = follow(RuleController(s, self.selector, self.status, InlineJobs(), MagicMock(spec=WorkView)))
        self.selection = follow(SelectionController(s, self.inspector, InlineJobs()))
        self.builder = follow(BuildController(s, self.build_panel, self.grid, self.scheduler))
        self.why = follow(WhyController(s, self.inspector, InlineJobs(), self.said.append))
        self.demo = follow(DemoController(s, self.inspector, InlineJobs(), self.scheduler, self.said.append))
        self.play = follow(PlayController(s, self.play_panel, self.grid, self.scheduler))
        self.play.reply_delay_ms = 0

    def show(self, view: tuple[int, int, int, int]) -> None:
        """The grid now shows these cells."""
        self.grid.visible_cells.return_value = view

    def last(self, method: MagicMock) -> str:
        """The first argument of the last call to a view's method."""
        return str(method.call_args.args[0])

    def run_timers(self, limit: int = 10_000) -> int:
        """Let time pass until no timer runs (at most `limit` ticks); how many ticks it took."""
        ticks = 0
        while any(t.active for t in self.scheduler.timers) and ticks < limit:
            self.scheduler.tick()
            ticks += 1
        return ticks
