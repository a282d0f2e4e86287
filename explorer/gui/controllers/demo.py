"""A perfect game shown (issue 30): the game from the selection between two perfect players,
played out on the grid a move a second, each move told in the inspector and the status bar.
`session.demo` holds its positions and `session.demo_at` the move shown.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from explorer.core.exact.bigint import short_decimal
from explorer.core.protocol import Rule, RuleError
from explorer.session.jobs import Jobs, Scheduler
from explorer.session.model import Session
from explorer.session.views import InspectorView

DEMO_MOVES = 400  # moves of a perfect game shown on the grid, at most
MOVE_MS = 900  # a move shown this long


class DemoController:
    def __init__(
        self,
        session: Session,
        inspector: InspectorView,
        jobs: Jobs,
        scheduler: Scheduler,
        say: Callable[[str], None],
    ) -> None:
        self.session = session
        self.inspector = inspector
        self.jobs = jobs
        self.say = say  # the status bar
        self.move_ms = MOVE_MS
        self.timer = scheduler.timer(self._demo_tick)

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        events = self.session.events
        return [
            (events.selection, self._stop),
            (events.rule, self._stop),
            (events.demo, lambda _: self._demo_show()),
            (events.demo_at, lambda _: self._demo_show()),
        ]

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    @property
    def demo_playing(self) -> bool:
        return self.timer.active

    def set_move_ms(self, ms: int) -> None:
        """Show each move this long (a game under way goes on at the new pace)."""
        self.move_ms = ms
        if self.timer.active:
            self.timer.start(ms)

    def _stop(self, _: object) -> None:
        self.jobs.cancel()  # a perfect game on its way for the old selection (the session dropped the one shown)
        self.timer.stop()

    def show_perfect_play(self) -> None:
        """Play the game from the selection between two perfect players, a move a second (with R
        where the session's values know it at the start: the loser's longest delays)."""
        from explorer.core.render.animation import perfect_game

        s = self.session
        if s.selection is None:
            self.say("Select a position first: then Show perfect play plays it out")
            return
        rule, start, cache = s.rule, s.selection, s.values
        remoteness = cache.remoteness if cache is not None and cache.remoteness(*start) is not None else None
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
        self.timer.start(self.move_ms)

    def _demo_tick(self) -> None:
        s = self.session
        if s.demo_at >= len(s.demo) - 1:
            self.timer.stop()
            return
        s.demo_at += 1

    def _demo_show(self) -> None:
        """The perfect game shown, to its move `demo_at`, and its caption; with none, the game in
        play (if any) keeps the path, and the caption goes unless Why? speaks there."""
        s = self.session
        if not s.demo:
            self.timer.stop()
            self.session.mark(path=tuple(s.game.path) if s.game is not None else ())
            if s.why is None and s.build is None:
                self.inspector.set_why("")
            return
        path = list(s.demo[: s.demo_at + 1])
        self.session.mark(path=tuple(path))
        players = ("the first player", "the second player")
        at = s.demo_at

        def cell(p: tuple[int, int]) -> str:
            return f"({short_decimal(p[0])}, {short_decimal(p[1])})"

        if at == 0:
            cold = s.rule.is_cold(*path[0])
            text = f"Perfect play from {cell(path[0])}: {players[1] if cold else players[0]} wins"
        else:
            text = f"Move {at}, {players[(at - 1) % 2]}: {cell(path[-2])} → {cell(path[-1])}"
            if at == len(s.demo) - 1:
                text += f"; no move is left: {players[(at - 1) % 2]} wins"
        self.inspector.set_why(html.escape(text))
        self.say(text)
