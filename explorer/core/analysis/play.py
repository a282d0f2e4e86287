"""A game against the computer, Qt-free: positions, turns, perfect replies, undo and redo.

The computer plays perfectly: a winning move whenever one exists (the smallest target, so
its play is reproducible), otherwise it takes a single counter from the larger pile and waits
for a mistake. A human move from a hot position to another hot position throws the win away;
`last_note` says so.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from explorer.core.game.moves import Move


class PlayableRule(Protocol):
    def is_cold(self, x: int, y: int) -> bool: ...
    def winning_moves(self, x: int, y: int) -> list[Move]: ...


HUMAN, COMPUTER = "you", "computer"


class IllegalMove(ValueError):
    pass


@dataclass
class Game:
    rule: PlayableRule
    start: tuple[int, int]
    human_first: bool = True
    path: list[tuple[int, int]] = field(default_factory=list)
    movers: list[str] = field(default_factory=list)  # who made the move into path[i + 1]
    redo_stack: list[tuple[tuple[int, int], str]] = field(default_factory=list)
    last_note: str = ""

    def __post_init__(self) -> None:
        if min(self.start) < 0:
            raise ValueError("piles must be >= 0")
        self.path = [self.start]

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
    def over(self) -> bool:
        return self.position == (0, 0) or not self._has_move(*self.position)

    @property
    def winner(self) -> str | None:
        """When nobody can move: who made the last move (normal play), or under misère the
        other player (taking the last counter loses)."""
        if not self.over or not self.movers:
            return None
        last = self.movers[-1]
        if getattr(self.rule, "name", "") == "misere":
            return COMPUTER if last == HUMAN else HUMAN
        return last

    def _has_move(self, x: int, y: int) -> bool:
        return x > 0 or y > 0  # every rule here allows taking from a non-empty pile

    def hints(self) -> list[Move]:
        return self.rule.winning_moves(*self.position)

    # ----- moves ------------------------------------------------------------------------
    def legal(self, target: tuple[int, int]) -> bool:
        x, y = self.position
        return target in set(_all_moves(self.rule, x, y, target))

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
        wins = self.rule.winning_moves(*self.position)
        x, y = self.position
        target = wins[0].target if wins else ((x - 1, y) if x >= y else (x, y - 1))
        self._push(target, COMPUTER)
        self.redo_stack.clear()
        return wins[0] if wins else target

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


def _all_moves(rule: object, x: int, y: int, target: tuple[int, int]) -> list[tuple[int, int]]:
    """Legal moves from (x, y) that could equal target (cheap for big piles)."""
    tx, ty = target
    k, l = x - tx, y - ty
    if k < 0 or l < 0 or (k, l) == (0, 0):
        return []
    if hasattr(rule, "_reachable"):
        return [target] if rule._reachable(x, y, tx, ty) else []
    legal = getattr(rule, "legal_moves", None)
    return legal(x, y) if legal is not None else []


def random_start(rng: random.Random, limit: int = 40) -> tuple[int, int]:
    return rng.randrange(1, limit), rng.randrange(1, limit)
