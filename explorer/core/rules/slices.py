"""Three heaps as slices: `wythoff3:A` (Fraenkel's three-heap Wythoff) and `subset3:A` (the same
amount from any heaps), cells (b, c) cold iff (A, b, c) is (docs/math.md, "Three heaps as slices").

A slice is a generated sequence (one cold c a column), solved with every slice below it on the
columns [0, n) by explorer.core.game.heaps3, bounded before it starts. Its winning moves are
triples (`Move.first` names the first heap after the move); the moves that change the first heap
leave the board, so a game is not played on it (`ExtraSteps`: the n-piles tab plays three heaps).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from explorer.core.exact.bigint import whole_number
from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game.heaps3 import (
    FRAENKEL3,
    MAX_FIRST,
    QUICK_WORK,
    SUBSET3,
    Game3,
    SliceTable,
    solve_work,
    solved_table,
    table_bytes,
    too_much,
)
from explorer.core.game.lines import Line
from explorer.core.game.moves import Move, MoveKind
from explorer.core.game.sequence import NumberKind, NumberRole
from explorer.core.game.vector_spec import VectorSpec
from explorer.core.protocol import OutOfBounds, Position, Progress, RuleError, UnknownRule
from explorer.core.rules.closed import Wythoff
from explorer.core.rules.layered import LayerRule

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    np = lazy_numpy(__name__)

MAX_COLUMNS = 1 << 22
FORM = "A[;n=N]"


def default_columns(game: Game3, a: int) -> int:
    """The columns a slice is solved on unless its text names n: 2^16, fewer where the slices
    below would take long (a few seconds at most)."""
    n = 1 << 16
    while n > 128 and solve_work(game, a, n) > QUICK_WORK:
        n //= 2
    return n


def slice_fields(game: Game3, param: str | None) -> tuple[int, int]:
    """(first heap, columns) of 'A[;n=N]', checked (the solve's memory and work bounded) but not solved."""
    if param is None or not param.split(";")[0].strip():
        raise UnknownRule(f"{game.title} needs its first heap: write {game.name}:{FORM}, such as {game.name}:1")
    head, _, rest = param.partition(";")
    a = whole_number(head.strip(), f"the first heap A in {game.name}:A", 0, MAX_FIRST)
    n = None
    for part in rest.split(";"):
        if not part.strip():
            continue
        name, eq, value = part.partition("=")
        if name.strip().lower() != "n" or not eq:
            raise UnknownRule(f"{game.name}:{FORM}: {part.strip()[:30]!r} is not n=N")
        n = whole_number(value.strip(), "the columns n", 1, MAX_COLUMNS)
    n = default_columns(game, a) if n is None else n
    if why := too_much(game, a, n, f"{game.name}:{a};n={n}"):
        raise UnknownRule(why + ": give a smaller n")
    return a, n


class SliceMoves:
    """The moves on the board of a slice (heaps 2 and 3: Wythoff's), with the first heap's moves
    counted by `has_move`: (a, 0, 0) with a > 0 is not over."""

    def __init__(self, first: int) -> None:
        self.first = first
        self.board = Wythoff().spec

    def allows(self, start: Position, target: Position) -> bool:
        return self.board.allows(start, target)

    def has_move(self, x: int, y: int) -> bool:
        return self.first > 0 or self.board.has_move(x, y)

    def targets(self, x: int, y: int) -> Iterator[Position]:
        return self.board.targets(x, y)

    def text(self) -> str:
        return self.board.text()

    def describe(self) -> str:
        return f"on the board: {self.board.describe()}; and moves taking from the first heap"

    def move_lines(self, x: int, y: int) -> tuple[tuple[Line, ...], tuple[Position, ...]]:
        return self.board.move_lines(x, y)

    def lines_from(self, cell: Position) -> tuple[Line, ...]:
        return self.board.lines_from(cell)

    def dots_from(self, cell: Position) -> tuple[Position, ...]:
        return self.board.dots_from(cell)


class HeapSlice(LayerRule):
    """Slice `first` of a three-heap game on [0, bound)²: (b, c) is cold iff (first, b, c) is."""

    game: ClassVar[Game3]
    first: int
    table: SliceTable  # slices 0 … first, shared with the other slices of the process (heaps3.solved_table)
    what = "slices 0 … A of three heaps"

    def __init__(self, first: int, columns: int | None = None, progress: Progress | None = None) -> None:
        n = default_columns(self.game, first) if columns is None else columns
        if why := too_much(self.game, first, n, f"{self.game.name}:{first};n={n}"):
            raise RuleError(why + ": give a smaller n")
        table = solved_table(self.game, first, n, progress)
        wythoff = Wythoff()
        self._set_layer(wythoff, VectorSpec.parse("rays=1,0 1,1"), table.col[first, :n], {})
        object.__setattr__(self, "spec", SliceMoves(first))
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "table", table)

    def _params(self) -> tuple[int, int]:
        return self.first, self.bound

    @property
    def key(self) -> str:  # type: ignore[override]
        side = "" if self.bound == default_columns(self.game, self.first) else f";n={self.bound}"
        return f"{self.game.name}:{self.first}{side}"

    @property
    def title(self) -> str:  # type: ignore[override]
        return f"{self.game.title}, first heap {self.first}, solved on [0, {self.bound:,})²"

    def solved_as(self) -> str:
        return (
            f"slices 0 … {self.first} of three heaps on {self.bound:,} columns; write {self.game.name}:{self.first};n=N"
        )

    # ----- three heaps --------------------------------------------------------------------------------
    def heaps(self, x: int, y: int) -> tuple[int, int, int]:
        """The whole position of the board's cell (x, y)."""
        return self.first, x, y

    def slice_key(self, first: int) -> str:
        """The text of the slice with another first heap, on the same columns."""
        whole_number(str(first), "the first heap", 0, MAX_FIRST)
        side = "" if self.bound == default_columns(self.game, first) else f";n={self.bound}"
        return f"{self.game.name}:{first}{side}"

    def extra_steps(self) -> str:
        return (
            "a move may take from the first heap, into another slice: the board shows one slice, "
            "and the n-piles tab plays the three heaps"
        )

    def position_note(self, x: int, y: int) -> str:
        self.check(x, y)
        return f"the position is ({self.first}, {x}, {y}): first heap {self.first}, board (heap 2, heap 3)"

    def cold_option_cells(self, x: int, y: int) -> list[Position]:
        return [m.target for m in self.winning_moves(x, y) if m.on_board]

    # ----- the cold pairs b <= c, in increasing b (ColdPairs) ----------------------------------------
    def _lower_columns(self) -> NDArray[np.int64]:
        found = self.__dict__.get("_lowers")
        if found is None:
            bs = np.arange(self.bound, dtype=np.int64)
            found = bs[self.col.astype(np.int64) >= bs]
            object.__setattr__(self, "_lowers", found)
        return found  # type: ignore[no-any-return]

    def cold_pair(self, k: int) -> Position:
        xs = self._lower_columns()
        if k < 0:
            raise RuleError("k must be >= 0")
        if k >= xs.size:
            raise OutOfBounds(f"{xs.size:,} cold pairs b <= c are solved in this slice; pair {k:,} lies beyond")
        x = int(xs[k])
        return x, int(self.col[x])

    def cold_pairs(self, start: int, count: int) -> tuple[Any, Any]:
        xs = self._lower_columns()
        if start < 0 or start + count > xs.size:
            raise OutOfBounds(f"{xs.size:,} cold pairs b <= c are solved in this slice")
        chosen = xs[start : start + count]
        return chosen, self.col[chosen].astype(np.int64)

    def cold_index(self, x: int, y: int) -> int | None:
        if not self.is_cold(x, y):
            return None
        return int(np.searchsorted(self._lower_columns(), min(x, y)))

    def number_role(self, n: int) -> NumberRole | None:
        self.check(n, 0)
        p = int(self.col[n])
        if p == n:
            return None
        k = int(np.searchsorted(self._lower_columns(), min(n, p)))
        return NumberRole(NumberKind.LOWER if p > n else NumberKind.UPPER, k, p)

    def winning_moves(self, x: int, y: int) -> list[Move]:
        """Every move of (first, x, y) to a cold position, as triples (`Move.to`)."""
        self.check(x, y)
        if self.is_cold(x, y):
            return []
        moves = []
        for a2, b2, c2 in self.table.cold_moves(self.first, x, y):
            if a2 == self.first:
                m = Move.between((x, y), (b2, c2))
                moves.append(m._replace(first=(a2, a2)))
            else:
                taken = max(self.first - a2, x - b2, y - c2)
                moves.append(Move((b2, c2), (x, y), MoveKind.HEAPS, taken, (self.first, a2)))
        return sorted(moves, key=lambda m: (not m.on_board, -m.to[0], m.target))


class Wythoff3(HeapSlice):
    """Fraenkel's three-heap Wythoff, first heap fixed."""

    game = FRAENKEL3


class Subset3(HeapSlice):
    """Three heaps, the same amount from any of them, first heap fixed."""

    game = SUBSET3


def slice_peak(game: Game3, param: str | None) -> int:
    a, n = slice_fields(game, param)
    return table_bytes(a, n)


__all__ = [
    "HeapSlice",
    "Subset3",
    "Wythoff3",
    "slice_fields",
    "slice_peak",
    "solve_work",
]
