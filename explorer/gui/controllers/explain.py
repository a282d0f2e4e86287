"""Showing why (issue 30): build mode (the construction step by step, over the grid), "Why?" for
the selected position (its lines of moves and the cold cells on them), and a perfect game played
out on the grid. Each draws an `Overlay` on the grid from the rule's own answers (Qt-free:
explorer.core.analysis.construction); the session says which is on.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from explorer.core.analysis.construction import Step, Why, why
from explorer.core.exact.bigint import short_decimal
from explorer.core.protocol import Constructed, Rule, RuleError
from explorer.gui.grid.overlay import Overlay
from explorer.session.model import Session
from explorer.session.views import BuildView, GridView, InspectorView

TIMELINE = 400  # steps on the timeline from the view's first
DEMO_MOVES = 400  # moves of a perfect game shown on the grid, at most
EARLIER_CELLS = 6_000  # cells of a view whose earlier cold cells build mode draws (~70 ms at 10^800, less near 0)


class ExplainController(QObject):
    def __init__(
        self,
        session: Session,
        panel: BuildView,
        grid: GridView,
        inspector: InspectorView,
        say: Callable[[str], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.panel = panel
        self.grid = grid
        self.inspector = inspector
        self.say = say  # the status bar
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self.speed = 3
        self.steps: dict[int, Step] = {}
        self.placed: dict[int, tuple[tuple[int, int], ...]] = {}  # cells of steps not shown
        self.count = 0
        self.earlier: tuple[tuple[int, int], ...] = ()
        self.veil = False
        self.demo_timer = QTimer(self)
        self.demo_timer.timeout.connect(self._demo_tick)
        from explorer.gui.jobs import LatestJob

        self.jobs = LatestJob(self)
        self.why_jobs = LatestJob(self)
        session.events.build.connect(lambda _: self._show())
        session.events.why.connect(lambda _: self._show())
        session.events.rule.connect(self._rule_changed)
        session.events.selection.connect(self._selection_changed)
        session.events.demo.connect(lambda _: self._demo_show())
        session.events.demo_at.connect(lambda _: self._demo_show())

    @property
    def playing(self) -> bool:
        return self.timer.isActive()

    # ----- build mode ---------------------------------------------------------------------------
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
            # build mode goes off in the model too (an earlier build's step stayed on under the
            # message: long soak, seed 20261133), then the message says why
            self.timer.stop()
            self.session.build = None
            self.panel.set_off(str(exc))
            return
        self.veil = (x1 - x0) * (y1 - y0) <= EARLIER_CELLS
        self.earlier = self._earlier_cells(rule, first) if self.veil else ()
        self.session.why = None
        self.session.build = (first, first)
        self.grid.set_selection(None, None)

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
        is cold took 459 ms under misère in the long soak); only those are asked their step."""
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
        """The cells step k places, without its caption or lines: a scrub to the end of a custom
        rule's timeline worked out 400 steps' winning moves on the GUI thread (255 ms, long soak,
        seed 20261510); only the step shown needs them."""
        step = self.steps.get(k)
        if step is not None:
            return step.placed
        placed = self.placed.get(k)
        if placed is None:
            rule = self.session.rule
            assert isinstance(rule, Constructed)
            placed = self.placed[k] = rule.construction_placed(k)
        return placed

    # ----- what the grid and the panels show ---------------------------------------------------------
    def _show(self) -> None:
        s = self.session
        if s.build is not None:
            first, k = s.build
            step = self._step(k)
            cells = tuple(c for i in range(first, k + 1) for c in self._placed(i)) + self.earlier
            self.grid.set_overlay(Overlay(self.veil, cells, step.placed or (step.cell,), step.lines, step.dots, ()))
            caption = (
                f"<b>Step {short_decimal(step.k)}</b> ({k - first + 1} of {self.count}): {html.escape(step.caption)}"
            )
            self.panel.set_step(k - first, self.count, caption, self.playing)
            return
        self.panel.set_off()
        if s.why is not None:
            # on a worker: finding the winning moves along a ray of a generated sequence far out
            # took 518 ms on the GUI thread (long soak, seed 20261204, GDWN)
            rule, position = s.rule, s.why
            self.grid.set_overlay(None)
            self.inspector.set_why("Working out why…")
            self.why_jobs.submit(
                why,
                rule,
                *position,
                done=lambda w: self._why_arrived(rule, position, w),
                failed=lambda exc: self._why_arrived(rule, position, exc),
            )
            return
        self.why_jobs.cancel()
        self.grid.set_overlay(None)
        self.inspector.set_why("")

    def _why_arrived(self, rule: Rule, position: tuple[int, int], w: Why | BaseException) -> None:
        """Why? of `position` under `rule`: shown only if it is still what is asked."""
        s = self.session
        if s.why != position or s.rule != rule or s.build is not None:
            return
        if isinstance(w, BaseException):
            self.inspector.set_why(html.escape(str(w)))
            self.grid.set_overlay(None)
            return
        self.grid.set_overlay(Overlay(False, (), (position,), w.lines, w.dots, w.targets))
        self.inspector.set_why("<br>".join(html.escape(t) for t in w.sentences))

    # ----- "Why?" ----------------------------------------------------------------------------------
    def ask_why(self) -> None:
        """Draw the selected position's moves and the cold cells on them (again: turn it off)."""
        s = self.session
        if s.selection is None:
            self.say("Select a position first: then Why? draws its moves")
            return
        self.timer.stop()
        s.build = None
        s.why = None if s.why == s.selection else s.selection

    def _selection_changed(self, selection: tuple[int, int] | None) -> None:
        self.jobs.cancel()  # a perfect game on its way for the old selection (the session dropped the one shown)
        self.demo_timer.stop()

    def _rule_changed(self, rule: Rule) -> None:
        self.jobs.cancel()
        self.timer.stop()
        self.demo_timer.stop()
        self.steps, self.placed = {}, {}
        self._show()  # the session has turned build mode, Why? and the perfect game off

    # ----- a perfect game, shown ---------------------------------------------------------------------
    def show_perfect_play(self, remoteness: Callable[[int, int], int | None] | None) -> None:
        """Play the game from the selection between two perfect players, a move a second."""
        from explorer.core.render.animation import perfect_game

        s = self.session
        if s.selection is None:
            self.say("Select a position first: then Show perfect play plays it out")
            return
        rule, start = s.rule, s.selection
        self.say(f"Working out a perfect game from ({short_decimal(start[0])}, {short_decimal(start[1])})…")
        self.jobs.submit(  # from large piles the loser's delays are long to look through: a worker
            lambda progress=None: perfect_game(rule, start, remoteness, limit=DEMO_MOVES, progress=progress),
            done=lambda path: self._demo_ready(rule, start, path),
            failed=lambda exc: self.say(str(exc) if isinstance(exc, RuleError) else f"Perfect play failed: {exc}"),
            progress=lambda done, total: None,
        )

    def _demo_ready(self, rule: Rule, start: tuple[int, int], path: list[tuple[int, int]]) -> None:
        s = self.session
        if not s.accepts(rule, start):
            return  # the rule or the selection moved on meanwhile
        s.build = None
        s.why = None
        s.demo_at = 0
        s.demo = tuple(path)
        self.demo_timer.start(900)

    @property
    def busy(self) -> bool:
        return self.jobs.busy or self.why_jobs.busy

    def _demo_tick(self) -> None:
        s = self.session
        if s.demo_at >= len(s.demo) - 1:
            self.demo_timer.stop()
            return
        s.demo_at += 1

    def _demo_show(self) -> None:
        """The perfect game shown, to its move `demo_at`, and its caption; with none, the game in
        play (if any) keeps the path, and the caption goes unless Why? speaks there."""
        s = self.session
        if not s.demo:
            self.demo_timer.stop()
            self.grid.set_path(list(s.game.path) if s.game is not None else [])
            if s.why is None and s.build is None:
                self.inspector.set_why("")
            return
        path = list(s.demo[: s.demo_at + 1])
        self.grid.set_path(path)
        players = ("the first player", "the second player")
        at, cell = s.demo_at, lambda p: f"({short_decimal(p[0])}, {short_decimal(p[1])})"
        if at == 0:
            cold = s.rule.is_cold(*path[0])
            text = f"Perfect play from {cell(path[0])}: {players[1] if cold else players[0]} wins"
        else:
            text = f"Move {at}, {players[(at - 1) % 2]}: {cell(path[-2])} → {cell(path[-1])}"
            if at == len(s.demo) - 1:
                text += f"; no move is left: {players[(at - 1) % 2]} wins"
        self.inspector.set_why(html.escape(text))
        self.say(text)

    @property
    def demo_playing(self) -> bool:
        return self.demo_timer.isActive()
