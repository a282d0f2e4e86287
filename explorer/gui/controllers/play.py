"""Play against the computer: the game lives in the session; the panel shows it; clicks on the
grid during a game are moves. Everything about moves and winners comes from the game's rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from explorer.core.analysis.play import COMPUTER, HUMAN, Game, IllegalMove
from explorer.core.exact.bigint import short_decimal
from explorer.core.protocol import Rule, RuleError
from explorer.session.jobs import Event, Scheduler
from explorer.session.model import Session
from explorer.session.views import GridView, PlayView


class PlayController:
    def __init__(
        self,
        session: Session,
        panel: PlayView,
        grid: GridView,
        scheduler: Scheduler,
        want_values: Callable[[int, int], None] = lambda a, b: None,
    ) -> None:
        """`want_values(a, b)` asks for the values around a game's start (R, for the computer)."""
        self.session = session
        self.panel = panel
        self.grid = grid
        self.scheduler = scheduler
        self.reply_delay_ms = 300
        self.want_values = want_values
        self.changed = Event()  # the game changed (a move, undo, redo)

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        return [(self.session.events.rule, self._rule_changed)]

    @property
    def game(self) -> Game | None:
        return self.session.game

    def _rule_changed(self, rule: Rule) -> None:
        """A game belongs to its rule: a finished one too (Undo would revive it under the old rule)."""
        if self.game is not None and self.game.rule != rule:
            self.session.game = None
            self.session.mark(path=())
            self.panel.set_turns(False, False)
            self.panel.set_status(f"The rule is now {rule.title}: start a new game to play under it.")

    @property
    def active(self) -> bool:
        return self.game is not None and not self.game.over

    def new_game(self, a: int, b: int, human_first: bool) -> None:
        try:
            game = Game(self.session.rule, (a, b), human_first)
        except RuleError as exc:
            self.panel.show_error(str(exc))
            return
        game.remoteness = self._remoteness
        self.want_values(a, b)
        self.session.game = game
        self.panel.clear_log()
        self.grid.center_on(a, b, span=max(24, min(400, 2 * max(a, b) + 6)) if max(a, b) < 10**6 else 24)
        self._refresh()
        if game.to_move == COMPUTER:
            self.scheduler.later(self.reply_delay_ms, self._computer)

    def restore(self, game: Game | None) -> None:
        """Show a game rebuilt from a session file (None: no game)."""
        self.session.game = game
        self.panel.clear_log()
        if game is None:
            self.session.mark(path=())
            self.panel.set_turns(False, False)
            self.panel.set_status("")
            return
        game.remoteness = self._remoteness
        self.want_values(*game.start)
        self._rebuild_log()
        self._refresh()
        if game.to_move == COMPUTER and not game.over:
            self.scheduler.later(self.reply_delay_ms, self._computer)

    def _remoteness(self, x: int, y: int) -> int | None:
        cache = self.session.values  # the values of the rule in effect
        return cache.remoteness(x, y) if cache is not None and cache.rule == self.session.rule else None

    def refresh_history(self) -> None:
        """Values became known (the corner grew): draw the chart again."""
        if self.game is not None:
            self.panel.set_history(self.game.history())

    def handle_click(self, x: int, y: int) -> bool:
        """A click on the grid during a game: the human's move. True if it was taken."""
        if not self.active or self.game is None:
            return False
        if self.game.to_move != HUMAN:
            return True
        try:
            self.game.play((x, y))
        except IllegalMove as exc:
            self.panel.set_status(f"<span style='color:#b00020'><b>{exc}.</b></span> Pick another cell.")
            return True
        except RuleError as exc:
            self.panel.show_error(str(exc))
            return True
        self._log(HUMAN, (x, y))
        self._refresh()
        if not self.game.over:
            self.scheduler.later(self.reply_delay_ms, self._computer)
        return True

    def _computer(self) -> None:
        if self.game is None or self.game.over or self.game.to_move != COMPUTER:
            return
        self.game.computer_move()
        self._log(COMPUTER, self.game.position)
        self._refresh()

    def show_hint(self) -> None:
        if self.game is None:
            return
        hints = self.game.hints()
        self.session.mark(cell=self.game.position, moves=tuple(hints))
        if hints:
            shown = ", ".join(f"({short_decimal(m.target[0])}, {short_decimal(m.target[1])})" for m in hints)
            self.panel.set_status(f"Hint: move to {shown}: a cold position.")
        else:
            self.panel.set_status("Hint: no winning move here; every move leads to a hot position.")

    def undo(self) -> None:
        if self.game is not None and self.game.undo():
            self._rebuild_log()
            self._refresh()

    def redo(self) -> None:
        if self.game is not None and self.game.redo():
            self._rebuild_log()
            self._refresh()

    def _log(self, who: str, target: tuple[int, int]) -> None:
        self.panel.add_log(f"{who}: → ({short_decimal(target[0])}, {short_decimal(target[1])})")

    def _rebuild_log(self) -> None:
        self.panel.clear_log()
        if self.game is not None:
            for who, target in zip(self.game.movers, self.game.path[1:], strict=True):
                self._log(who, target)

    def _refresh(self) -> None:
        game = self.game
        if game is None:
            return
        self.session.mark(path=tuple(game.path))
        self.session.mark(cell=game.position, moves=())
        a, b = game.position
        where = f"({short_decimal(a)}, {short_decimal(b)})"
        if game.over:
            text = "<b>You win!</b>" if game.winner == HUMAN else "<b>The computer wins.</b>"
            loser_moved = "" if game.rule.last_mover_wins else " (misère: whoever took the last counter lost)"
            text += f" No move is left from {where}{loser_moved}."
        elif game.to_move == HUMAN:
            text = f"Your move from {where}: click a cell you can reach."
        else:
            text = f"The computer is thinking about {where}…"
        if game.last_note:
            text = f"<span style='color:#b00020'>{game.last_note}</span><br>" + text
        self.panel.set_status(text)
        self.panel.set_history(game.history())
        self.panel.set_turns(bool(game.movers), bool(game.redo_stack))
        self.session.game_changed()
        self.changed.emit()
