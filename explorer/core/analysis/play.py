"""A game against the computer, Qt-free: positions, turns, perfect replies, undo and redo.

Everything comes from the rule: which moves are legal, when the game is over (no move left),
and who has won (normal play: who cannot move loses; misère: who cannot move wins). The
computer plays perfectly: a winning move whenever one exists (the smallest target, so its
play is reproducible), otherwise the first of the rule's legal moves, waiting for a mistake.
A human move from a hot position to another hot position throws the win away; `last_note`
says so.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from explorer.core.game.moves import Move
from explorer.core.protocol import ExtraSteps, Rule, RuleError

HUMAN, COMPUTER = "you", "computer"
Remoteness = Callable[[int, int], "int | None"]  # R of a position where known, else None
DELAY_SCAN = 100_000  # legal moves looked at for the longest delay (a corner of 8192² has < 25 000)


class IllegalMove(RuleError):
    pass


@dataclass
class Game:
    rule: Rule
    start: tuple[int, int]
    human_first: bool = True
    path: list[tuple[int, int]] = field(default_factory=list)
    movers: list[str] = field(default_factory=list)  # who made the move into path[i + 1]
    redo_stack: list[tuple[tuple[int, int], str]] = field(default_factory=list)
    last_note: str = ""
    remoteness: Remoteness | None = field(default=None, repr=False, compare=False)
    delay_scan: int = field(default=DELAY_SCAN, repr=False, compare=False)  # moves a delaying loser looks at

    def __post_init__(self) -> None:
        if isinstance(self.rule, ExtraSteps):  # a game on the board alone would be another game
            raise RuleError(f"games are not played under {self.rule.title}: {self.rule.extra_steps()}")
        self.rule.check(*self.start)  # negative piles, or outside a bounded rule's square
        self.path = [self.start]

    @classmethod
    def replay(
        cls,
        rule: Rule,
        start: tuple[int, int],
        human_first: bool,
        path: Sequence[tuple[int, int]],
        movers: Sequence[str],
    ) -> Game:
        """A game rebuilt from its moves (a saved session). IllegalMove if a move is not one of
        the rule's, or a player moves out of turn."""
        game = cls(rule, start, human_first)
        if len(path) != len(movers) + 1 or (path and tuple(path[0]) != tuple(start)):
            raise IllegalMove("the game's positions and players do not match")
        for target, who in zip(path[1:], movers, strict=True):
            if who != game.to_move:
                raise IllegalMove(f"move {len(game.movers) + 1} was made out of turn")
            if game.over or not game.legal(target):
                raise IllegalMove(f"move {len(game.movers) + 1} is not a legal move under {rule.title}")
            game._push(target, who)
        return game

    # ----- state ------------------------------------------------------------------------
    @property
    def position(self) -> tuple[int, int]:
        return self.path[-1]

    @property
    def to_move(self) -> str:
        first = HUMAN if self.human_first else COMPUTER
        second = COMPUTER if self.human_first else HUMAN
        return first if len(self.movers) % 2 == 0 else second

    @property
    def waiting(self) -> str:
        """The player who is not to move."""
        return COMPUTER if self.to_move == HUMAN else HUMAN

    @property
    def over(self) -> bool:
        return not self.rule.spec.has_move(*self.position)

    @property
    def winner(self) -> str | None:
        """When no move is left: under normal play the player to move has lost; under misère
        play (taking the last counter loses) the player to move has won."""
        if not self.over:
            return None
        return self.waiting if self.rule.last_mover_wins else self.to_move

    def hints(self) -> list[Move]:
        return self.rule.winning_moves(*self.position)

    # ----- moves ------------------------------------------------------------------------
    def legal(self, target: tuple[int, int]) -> bool:
        """One move of the rule away (checked directly: never lists the moves)."""
        return self.rule.spec.allows(self.position, target)

    def play(self, target: tuple[int, int]) -> None:
        """The human's move to `target`."""
        if self.over:
            raise IllegalMove("the game is over")
        if self.to_move != HUMAN:
            raise IllegalMove("it is the computer's turn")
        if not self.legal(target):
            raise IllegalMove(f"({target[0]}, {target[1]}) cannot be reached in one move from {self.position}")
        was_winning = not self.rule.is_cold(*self.position)
        self._push(target, HUMAN)
        if was_winning and not self.rule.is_cold(*target):
            best = ", ".join(f"({m.target[0]}, {m.target[1]})" for m in self.rule.winning_moves(*self.path[-2]))
            self.last_note = f"That move threw away your win: {best} would have kept it."
        else:
            self.last_note = ""
        self.redo_stack.clear()

    def computer_move(self) -> Move | tuple[int, int]:
        """The computer's reply (call when it is its turn)."""
        if self.over or self.to_move != COMPUTER:
            raise IllegalMove("it is not the computer's turn")
        move = self.best_move()
        self._push(move.target, COMPUTER)
        self.redo_stack.clear()
        return move

    def best_move(self) -> Move:
        """The computer's choice: fastest win, else longest delay (where R is known); else the
        smallest winning target, else the first legal move."""
        here = self.position
        wins = self.rule.winning_moves(*here)
        r = self.remoteness
        if r is not None and r(*here) is not None:
            if wins:
                known = [(r(*m.target), m) for m in wins]
                return min(known, key=lambda vm: (vm[0] is None, vm[0] or 0))[1]
            best: tuple[int, tuple[int, int]] | None = None
            for i, t in enumerate(self.rule.spec.targets(*here)):
                if i >= self.delay_scan:
                    break
                v = r(*t)
                if v is not None and (best is None or v > best[0]):
                    best = (v, t)
            if best is not None:
                return Move.between(here, best[1])
        if wins:
            return wins[0]
        return Move.between(here, next(iter(self.rule.spec.targets(*here))))

    def history(self) -> list[tuple[int, int | None, str]]:
        """For each position of the game so far: (move number, its remoteness or None, who was
        winning there). Where the winner changes, a move threw the game away."""
        out = []
        for i, pos in enumerate(self.path):
            to_move = self._mover_at(i)
            other = COMPUTER if to_move == HUMAN else HUMAN
            cold = self.rule.is_cold(*pos)
            out.append((i, self.remoteness(*pos) if self.remoteness else None, other if cold else to_move))
        return out

    def _mover_at(self, i: int) -> str:
        first = HUMAN if self.human_first else COMPUTER
        second = COMPUTER if self.human_first else HUMAN
        return first if i % 2 == 0 else second

    def _push(self, target: tuple[int, int], who: str) -> None:
        self.path.append(target)
        self.movers.append(who)

    def undo(self) -> bool:
        """Take back the last move of each side (back to the human's turn)."""
        if not self.movers:
            return False
        while self.movers:
            who = self.movers.pop()
            self.redo_stack.append((self.path.pop(), who))
            if who == HUMAN:
                break
        self.last_note = ""
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        while self.redo_stack:
            target, who = self.redo_stack.pop()
            self._push(target, who)
            if not self.redo_stack or self.redo_stack[-1][1] == HUMAN:
                break
        return True


def random_start(rng: random.Random, limit: int = 40) -> tuple[int, int]:
    return rng.randrange(1, limit), rng.randrange(1, limit)
