"""Winning moves of a hot position, exactly and in O(1) big-integer operations.

From a hot (x, y) the winning moves are exactly those of these three that exist
(docs/math.md, "Winning moves"; tested against brute force): keep x and go to (x, p(x)); keep y and go to
(p(y), y); or go down the diagonal to the cold pair with the same difference.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import NamedTuple

from explorer.core.game.sequence import is_cold, lower, partner


class MoveKind(enum.Enum):
    FROM_A = "from pile A"
    FROM_B = "from pile B"
    FROM_BOTH = "from both piles"
    # a game with a pass (docs/math.md, "Games that change the recursion"): the piles stay, the pass is used
    PASS = "pass"
    # three heaps seen as slices (docs/math.md, "Three heaps as slices"): the move takes from the first heap
    HEAPS = "from the first heap"


class Move(NamedTuple):
    """A move from `start` to `target`; `taken` counters leave the pile(s) named by `kind`.

    On three heaps seen as slices (the board's cells are heaps 2 and 3 with the first heap fixed),
    `first` is the first heap before and after the move: the move goes to the slice `first[1]`,
    and `to` is the whole position it leaves."""

    target: tuple[int, int]
    start: tuple[int, int]
    kind: MoveKind
    taken: int
    first: tuple[int, int] | None = None

    @property
    def to(self) -> tuple[int, ...]:
        """The position the move leaves: (a', b', c') on three heaps, else the board's cell."""
        return self.target if self.first is None else (self.first[1], *self.target)

    @property
    def on_board(self) -> bool:
        """Whether the move stays on the board shown: not a pass, not into another slice."""
        return self.target != self.start if self.first is None else self.first[0] == self.first[1]

    @property
    def heap_amounts(self) -> tuple[int, int, int]:
        """(taken from heap 1, heap 2, heap 3) of a three-heap move."""
        a0, a1 = self.first or (0, 0)
        return a0 - a1, self.start[0] - self.target[0], self.start[1] - self.target[1]

    @classmethod
    def between(cls, start: tuple[int, int], target: tuple[int, int]) -> Move:
        """The move from start to target (which must differ, each pile not growing)."""
        k, l = start[0] - target[0], start[1] - target[1]
        if l == 0:
            return cls(target, start, MoveKind.FROM_A, k)
        if k == 0:
            return cls(target, start, MoveKind.FROM_B, l)
        return cls(target, start, MoveKind.FROM_BOTH, max(k, l))

    @classmethod
    def passing(cls, start: tuple[int, int]) -> Move:
        """The pass from `start`: the piles stay as they are, and the pass is used."""
        return cls(start, start, MoveKind.PASS, 0)

    @property
    def amounts(self) -> tuple[int, int]:
        """(taken from A, taken from B)."""
        return self.start[0] - self.target[0], self.start[1] - self.target[1]

    def wording(self, number: Callable[[int], str] = str) -> str:
        """'take 2 from both piles', or 'take 3 from A and 1 from B' when the amounts differ; each
        number written by `number` (in full by default; the window shortens huge ones)."""
        k, l = self.amounts
        if self.first is not None:
            taken = [(d, i + 1) for i, d in enumerate(self.heap_amounts) if d]
            if len({d for d, _ in taken}) == 1:
                heaps = " and ".join(str(i) for _, i in taken)
                return f"take {number(taken[0][0])} from heap{'s' if len(taken) > 1 else ''} {heaps}"
            return "take " + ", ".join(f"{number(d)} from heap {i}" for d, i in taken)
        if self.kind is MoveKind.PASS:
            return "pass (the piles stay; the pass is used)"
        if self.kind is MoveKind.FROM_BOTH and k != l:
            return f"take {number(k)} from pile A and {number(l)} from pile B"
        return f"take {number(self.taken)} {self.kind.value}"

    def describe(self, number: Callable[[int], str] = str) -> str:
        """'take 2 from both piles -> (3, 5)' style wording."""
        a, b = self.target
        if self.first is not None:
            into = "" if self.first[0] == self.first[1] else f" (slice {number(self.first[1])})"
            return f"{self.wording(number)} → ({', '.join(number(v) for v in self.to)}){into}"
        if self.kind is MoveKind.PASS:
            return f"pass → ({number(a)}, {number(b)}) with the pass used"
        return f"{self.wording(number)} → ({number(a)}, {number(b)})"

    def __str__(self) -> str:
        return self.describe()


def winning_moves(x: int, y: int) -> list[Move]:
    """All winning moves from (x, y), sorted by target; empty for a cold position."""
    if is_cold(x, y):
        return []
    moves: list[Move] = []
    px = partner(x)
    if px < y:
        moves.append(Move((x, px), (x, y), MoveKind.FROM_B, y - px))
    py = partner(y)
    if py < x:
        moves.append(Move((py, y), (x, y), MoveKind.FROM_A, x - py))
    small = min(x, y)
    a_d = lower(abs(y - x))
    if a_d < small:
        t = small - a_d
        moves.append(Move((x - t, y - t), (x, y), MoveKind.FROM_BOTH, t))
    moves.sort()
    return moves
