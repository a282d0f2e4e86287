"""Build mode (issue 30): the construction of the cells in view, step by step, over the grid, with
a timeline to scrub and play. It draws an `Overlay` from the rule's own construction (Qt-free:
explorer.core.analysis.construction); `session.build` says which step is shown.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from explorer.core.analysis.construction import Step
from explorer.core.exact.bigint import short_decimal
from explorer.core.protocol import Constructed, Rule, RuleError
from explorer.session.jobs import Scheduler
from explorer.session.model import Session
from explorer.session.views import BuildView, GridView, Overlay

TIMELINE = 400  # steps on the timeline from the view's first
EARLIER_CELLS = 6_000  # cells of a view whose earlier cold cells build mode draws (~70 ms at 10^800, less near 0)


class BuildController:
    def __init__(self, session: Session, panel: BuildView, grid: GridView, scheduler: Scheduler) -> None:
        self.session = session
        self.panel = panel
        self.grid = grid
        self.timer = scheduler.timer(self._tick)
        self.speed = 3
        self.steps: dict[int, Step] = {}
        self.placed: dict[int, tuple[tuple[int, int], ...]] = {}  # cells of steps not shown
        self.count = 0
        self.earlier: tuple[tuple[int, int], ...] = ()
        self.veil = False

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        events = self.session.events
        return [(events.build, lambda _: self._show()), (events.rule, self._rule_changed)]

    @property
    def playing(self) -> bool:
        return self.timer.active

    def start(self) -> None:
        """Build the cells in view from the view's first step."""
        rule = self.session.rule
        x0, y0, x1, y1 = self.grid.visible_cells()
        try:
            if not isinstance(rule, Constructed):
                raise RuleError(f"{rule.title} has no construction to show")
            first = rule.construction_start(max(0, x0), max(0, y0))
            self._load(rule, first, max(x1, y1))
        except RuleError as exc:
            # build mode goes off in the model too (an earlier build's step must not stay on under
            # the message), then the message says why
            self.timer.stop()
            self.session.build = None
            self.panel.set_off(str(exc))
            return
        self.veil = (x1 - x0) * (y1 - y0) <= EARLIER_CELLS
        self.earlier = self._earlier_cells(rule, first) if self.veil else ()
        self.session.why = None
        self.session.build = (first, first)
        self.session.mark(cell=None, moves=())

    def _load(self, rule: Constructed, first: int, stop: int) -> None:
        """The timeline: the steps from `first` about cells of the view (a step's cell x grows
        with k: pairs x <= y, a square column by column, so the steps with x < stop, the view's
        far edge, hold every cell it shows and its mirror), at most TIMELINE, and only those the
        construction has (a square's solve ends; a sequence knows its pairs so far). Found by a
        binary search. (Always 400 steps, most beyond a view of 14 pairs, played two minutes of
        nothing.)"""
        self.steps = {first: rule.construction_step(first)}
        self.placed = {}
        lo, hi = 1, TIMELINE  # lo steps are wanted; more than hi do not matter
        while lo < hi:
            mid = (lo + hi + 1) // 2
            try:
                wanted = rule.construction_step(first + mid - 1).cell[0] < stop
            except RuleError:
                wanted = False
            if wanted:
                lo = mid
            else:
                hi = mid - 1
        self.count = lo

    def _earlier_cells(self, rule: Rule, first: int) -> tuple[tuple[int, int], ...]:
        """The cold cells in view placed before step `first`. The view's cold cells come from the
        rule's raster of single cells (asking each of 6 000 cells of 700-digit numbers whether it
        is cold takes 459 ms under misère); only those are asked their step."""
        x0, y0, x1, y1 = self.grid.visible_cells()
        x0, y0 = max(0, x0), max(0, y0)
        if x1 <= x0 or y1 <= y0 or not isinstance(rule, Constructed):
            return ()
        try:
            raster = rule.raster(x0, y0, x1, y1, 1)
        except RuleError:
            return ()
        out = []
        for i, j, n in zip(raster.cols.tolist(), raster.rows.tolist(), raster.counts.tolist(), strict=True):
            if n <= 0:
                continue
            x, y = raster.x0 + i, raster.y0 + j
            try:
                order = rule.construction_order(x, y)
            except RuleError:
                continue
            if order is not None and order < first:
                out.append((x, y))
        return tuple(sorted(out))

    def step(self, delta: int) -> None:
        if self.session.build is None:
            self.start()
            return
        first, k = self.session.build
        self.scrub(k - first + delta)

    def scrub(self, index: int) -> None:
        if self.session.build is None:
            return
        first, _ = self.session.build
        index = max(0, min(self.count - 1, index))
        self.session.build = (first, first + index)

    def toggle_play(self) -> None:
        if self.session.build is None:
            self.start()
        if self.playing:
            self.timer.stop()
        else:
            first, k = self.session.build or (0, 0)
            if k - first >= self.count - 1:
                self.scrub(0)  # played to the end: from the start again
            self.timer.start(int(1000 / self.speed))
        self._show()

    def set_speed(self, steps_a_second: int) -> None:
        self.speed = max(1, steps_a_second)
        if self.playing:
            self.timer.start(int(1000 / self.speed))

    def _tick(self) -> None:
        if self.session.build is None:
            self.timer.stop()
            return
        first, k = self.session.build
        if k - first >= self.count - 1:
            self.timer.stop()
            self._show()
            return
        self.scrub(k - first + 1)

    def close(self) -> None:
        self.timer.stop()
        self.session.build = None

    def _step(self, k: int) -> Step:
        step = self.steps.get(k)
        if step is None:
            rule = self.session.rule
            assert isinstance(rule, Constructed)  # a build runs only under a rule with a construction
            step = self.steps[k] = rule.construction_step(k)
        return step

    def _placed(self, k: int) -> tuple[tuple[int, int], ...]:
        """The cells step k places, without its caption or lines: a scrub to the end of a timeline
        needs only these, and working out 400 steps' winning moves would stall the GUI thread; only
        the step shown needs them."""
        step = self.steps.get(k)
        if step is not None:
            return step.placed
        placed = self.placed.get(k)
        if placed is None:
            rule = self.session.rule
            assert isinstance(rule, Constructed)
            placed = self.placed[k] = rule.construction_placed(k)
        return placed

    def _show(self) -> None:
        s = self.session
        if s.build is None:
            self.timer.stop()
            self.panel.set_off()
            if s.why is None:  # Why? draws its own overlay when it is on
                self.session.overlay = None
            return
        first, k = s.build
        step = self._step(k)
        cells = tuple(c for i in range(first, k + 1) for c in self._placed(i)) + self.earlier
        self.session.overlay = Overlay(self.veil, cells, step.placed or (step.cell,), step.lines, step.dots, ())
        caption = f"<b>Step {short_decimal(step.k)}</b> ({k - first + 1} of {self.count}): {html.escape(step.caption)}"
        self.panel.set_step(k - first, self.count, caption, self.playing)

    def _rule_changed(self, rule: Rule) -> None:
        self.timer.stop()
        self.steps, self.placed = {}, {}
        self._show()  # the session has turned build mode off
