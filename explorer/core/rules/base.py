"""What rules share: `RuleBase` (the `Rule` protocol's defaults, and Grundy values by a sweep) and
`PairRule` (a sequence of cold pairs, and the construction that places them).

The protocols themselves are in explorer.core.protocol. Callers hold a `Rule` and ask it; they
never ask which rule it is, only (with `isinstance`) whether it has a capability. `RuleBase`
gives every rule the parts that follow from its moves and its cold set (rectangle counts, batch
answers, values by the compiled sweep, the notebook's conveniences); each rule class adds what
is its own (the cold set, the winning moves, the prefix count, the raster).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from explorer.core.counting.closed_form import Count, cells_in, rectangle_from_prefix
from explorer.core.counting.cold_index import MAX_CELLS, ClosedFormCounter, Counter
from explorer.core.exact.bigint import short_decimal
from explorer.core.exact.lazy import lazy_numpy
from explorer.core.frozen import Frozen
from explorer.core.game.moves import Move
from explorer.core.game.sequence import NumberRole
from explorer.core.game.spec import MoveSet, MoveSpec
from explorer.core.protocol import (
    NotAvailable,
    OutOfBounds,
    Position,
    Progress,
    Rule,
    RuleError,
    UnknownRule,
)

__all__ = [
    "NotAvailable",
    "OutOfBounds",
    "PairRule",
    "Position",
    "Progress",
    "Rule",
    "RuleBase",
    "RuleError",
    "UnknownRule",
]

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from explorer.core.game.lines import Step
    from explorer.core.game.value_sequences import ValueEngine
    from explorer.core.values.table import ValueTable
else:
    np = lazy_numpy(__name__)

HUGE_BITS = 20_000  # coordinates this long take noticeable time in big-integer arithmetic
WORD_NS = 100  # about how long a product of two 64-bit words takes in a big-integer answer, in ns


def _window_check(x0: int, y0: int, w: int, h: int) -> None:
    if min(x0, y0) < 0 or min(w, h) < 1:
        raise RuleError("the window needs x0, y0 >= 0 and w, h >= 1")


def big_integer_cost(*coordinates: int) -> int:
    """About how many ns a closed-form answer about numbers this long takes: a few products and
    integer square roots, quadratic in the words (numbers of 20 000 bits: about 10 ms)."""
    words = max(abs(c) for c in coordinates).bit_length() // 64 + 1
    return WORD_NS * words * words


class RuleBase(Frozen):
    """Shared behaviour; subclasses set the class attributes and the cold-set methods. A rule is
    immutable and equals another of its class with the same parameters (`_params`)."""

    key: str
    title: str
    spec: MoveSet
    last_mover_wins: ClassVar[bool] = True
    bound: int | None = None
    nbytes: int = 0
    count_method: ClassVar[str] = "closed-form"  # how `count_rect` counts, named in its answers

    def __str__(self) -> str:
        return self.title

    # ----- positions ----------------------------------------------------------------------------
    def check(self, x: int, y: int) -> None:
        """Raise for positions the rule cannot answer about (negative piles, outside the bound)."""
        if x < 0 or y < 0:
            raise RuleError("piles hold 0 or more counters")
        if self.bound is not None and (x >= self.bound or y >= self.bound):
            how = self.solved_as()
            if how:
                raise OutOfBounds(
                    f"this rule is solved on [0, {self.bound:,})² ({how}); "
                    f"({short_decimal(x)}, {short_decimal(y)}) lies beyond",
                    self.bound,
                )
            raise OutOfBounds(
                f"this rule is solved on [0, {self.bound})² only; ({short_decimal(x)}, {short_decimal(y)}) lies beyond",
                self.bound,
            )

    def solved_as(self) -> str:
        """How a bounded rule was solved, for the message past its bound ("" for a square)."""
        return ""

    def is_cold(self, x: int, y: int) -> bool:
        raise NotImplementedError

    def cost(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int) -> int:
        """About how many ns drawing this view or reporting on this cell takes: big-integer
        arithmetic on its numbers (closed forms and solved squares alike)."""
        return big_integer_cost(x_lo, y_lo, x_hi, y_hi)

    # ----- the notebook's conveniences: what follows from the moves -------------------------------
    def legal_moves(self, x: int, y: int) -> Iterator[Position]:
        """Every position one move away, lazily (smallest amounts first)."""
        return self.spec.targets(x, y)

    def is_legal(self, start: Position, target: Position) -> bool:
        return self.spec.allows(start, target)

    def has_move(self, x: int, y: int) -> bool:
        return self.spec.has_move(x, y)

    def is_terminal(self, x: int, y: int) -> bool:
        return not self.spec.has_move(x, y)

    # ----- Grundy values and remoteness ------------------------------------------------------
    def value_table(self, nx: int, ny: int, progress: Progress | None = None) -> ValueTable:
        """G, cold and remoteness on [0, nx) x [0, ny), by the compiled sweep over the rule's moves."""
        from explorer.core.values.kernel import value_table  # numba: imported when first needed

        if nx >= 1 and ny >= 1:
            self.check(nx - 1, ny - 1)
        return value_table(cast(MoveSpec, self.spec), nx, ny, self.last_mover_wins, progress)

    def value_cost(self, nx: int, ny: int) -> tuple[int, int]:
        """(bytes a cell, line reads) of `value_table(nx, ny)`, known before it starts."""
        from explorer.core.values.cost import bytes_per_cell, work_estimate

        spec = cast(MoveSpec, self.spec)  # rules of other moves give their own costs
        return bytes_per_cell(spec, nx, ny), work_estimate(spec, nx, ny)

    def grundy_window(self, x0: int, y0: int, w: int, h: int, progress: Progress | None = None) -> NDArray:
        """G(x0 + i, y0 + j) for i < w, j < h (every cell below and left of it is computed)."""
        _window_check(x0, y0, w, h)
        return self.value_table(x0 + w, y0 + h, progress).grundy[x0:, y0:]

    def remoteness_window(self, x0: int, y0: int, w: int, h: int, progress: Progress | None = None) -> NDArray:
        """Remoteness R(x0 + i, y0 + j) for i < w, j < h."""
        _window_check(x0, y0, w, h)
        return self.value_table(x0 + w, y0 + h, progress).remoteness[x0:, y0:]

    def grundy(self, x: int, y: int) -> int:
        """The Sprague-Grundy value G(x, y) of the rule's moves (0 exactly where cold, in normal play).

        Asked of the one place that answers values (explorer.core.value_source, with a
        command's limits): closed forms, cold cells and certified rows at any size, the corner
        table, the value sequences; OutOfBounds (naming the bound) where none answers.

        >>> from explorer import Wythoff, Nim
        >>> [Wythoff().grundy(10, y) for y in range(6)]  # row 10 of Wythoff's table
        [10, 11, 9, 8, 13, 12]
        >>> Nim().grundy(5, 3), Nim().grundy(2**200, 1) == 2**200 + 1
        (6, True)
        """
        return self._value(x, y, "grundy")

    def remoteness(self, x: int, y: int) -> int:
        """Steinhaus's remoteness R(x, y): how many moves the game lasts from (x, y) when the
        winner hurries and the loser delays (even exactly where the player to move loses).

        >>> from explorer import Wythoff
        >>> Wythoff().remoteness(0, 0), Wythoff().remoteness(1, 2), Wythoff().remoteness(4, 4)
        (0, 2, 1)
        """
        return self._value(x, y, "remoteness")

    def _value(self, x: int, y: int, kind: str) -> int:
        from explorer.core.value_source import command_values

        if x < 0 or y < 0:
            raise RuleError("piles hold 0 or more counters")
        found = command_values(cast(Rule, self)).answer(x, y, kind=kind)
        if found.value is None:
            raise OutOfBounds(
                f"G({short_decimal(x)}, {short_decimal(y)}) is above {found.above - 1 if found.above else 0}: "
                "no means within a command's limits finds it exactly"
            )
        return found.value

    # ----- counting -------------------------------------------------------------------------
    def count(self, *bounds: int) -> int:
        """Cold cells in [0, x] x [0, y] (`count(x, y)`) or [x0, x1] x [y0, y1]
        (`count(x0, y0, x1, y1)`), exactly, at any size.

        >>> from explorer import Wythoff
        >>> Wythoff().count(10, 10)  # (0,0) (1,2) (2,1) (3,5) (5,3) (4,7) (7,4) (6,10) (10,6)
        9
        >>> Wythoff().count(3, 0, 7, 5)  # (3, 5), (5, 3) and (7, 4)
        3
        """
        if len(bounds) == 2:
            x0, y0, x1, y1 = 0, 0, *bounds
        elif len(bounds) == 4:
            x0, y0, x1, y1 = bounds
        else:
            raise RuleError("count takes x, y or x0, y0, x1, y1")
        return self.count_rect(x0, y0, x1, y1).count

    def cold_count(self, x: int, y: int) -> int:
        """Cold cells in [0, x] x [0, y]."""
        raise NotImplementedError

    def count_rect(self, x0: int, y0: int, x1: int, y1: int) -> Count:
        """Cold cells in [x0, x1] x [y0, y1], from prefix counts."""
        if x1 >= x0 and y1 >= y0:
            self.check(max(x1, 0), max(y1, 0))
        n = rectangle_from_prefix(self.cold_count, x0, y0, x1, y1)
        return Count(n, cells_in(x0, y0, x1, y1), self.count_method)

    def counter(self, method: str = "auto", max_cells: int = MAX_CELLS) -> Counter:
        """What answers many rectangle questions: a Fenwick index over the generated sequence
        where the rule has one ('fenwick'), or the rule's own prefix count ('closed-form')."""
        if method == "fenwick":
            raise NotAvailable(f"{self.title} has no Fenwick index: count by the closed-form method")
        return ClosedFormCounter(self, self.count_method)

    def is_cold_many(self, xs: Any, ys: Any) -> NDArray[np.bool_]:
        return np.fromiter((self.is_cold(int(x), int(y)) for x, y in zip(xs, ys, strict=True)), dtype=bool)

    def cold_count_many(self, xs: Any, ys: Any) -> NDArray | list[int]:
        return [self.cold_count(int(x), int(y)) for x, y in zip(xs, ys, strict=True)]

    # ----- winning moves from targets -----------------------------------------------------------
    def _moves_to(self, x: int, y: int, targets: Sequence[Position] | set[Position]) -> list[Move]:
        """The moves from (x, y) to those targets that are legal and cold, sorted."""
        return sorted(Move.between((x, y), t) for t in set(targets) if self.spec.allows((x, y), t) and self.is_cold(*t))


class PairRule(RuleBase):
    """A rule whose cold cells are a sequence of pairs x_k <= y_k and their mirrors
    (`ColdPairs`), placed one pair a step by the construction (`Constructed`)."""

    def cold_pair(self, k: int) -> Position:
        raise NotImplementedError

    def cold_index(self, x: int, y: int) -> int | None:
        raise NotImplementedError

    def number_role(self, n: int) -> NumberRole | None:
        """Whether n is a lower or an upper number of the cold sequence, and its partner."""
        return None

    def cold_pairs(self, start: int, count: int) -> tuple[Any, Any]:
        """The cold pairs k = start .. start + count - 1, as two sequences (smaller, larger): int64
        arrays while the last pair fits (pairs grow with k), Python integers beyond. Filled a pair
        at a time, never held as a list of tuples (a million of them were ~160 MiB)."""
        if count <= 0:
            return [], []
        last = self.cold_pair(start + count - 1)
        if max(last) >= 1 << 62:
            xs_list, ys_list = [0] * count, [0] * count
            for i, k in enumerate(range(start, start + count)):
                xs_list[i], ys_list[i] = self.cold_pair(k)
            return xs_list, ys_list
        xs, ys = np.empty(count, dtype=np.int64), np.empty(count, dtype=np.int64)
        for i, k in enumerate(range(start, start + count)):
            xs[i], ys[i] = self.cold_pair(k)
        return xs, ys

    # ----- the construction, step by step ------------------------------------------------------
    def construction_placed(self, k: int) -> tuple[Position, ...]:
        """The cells step k places: the k-th cold pair x <= y and its mirror."""
        x, y = self.cold_pair(k)
        return ((x, y),) if x == y else ((x, y), (y, x))

    def construction_step(self, k: int) -> Step:
        """Step k: the k-th cold pair x <= y and its mirror, and the lines of cells now hot."""
        from explorer.core.game.lines import Step

        x, y = self.cold_pair(k)
        placed = self.construction_placed(k)
        lines = tuple(line for c in placed for line in self.spec.lines_from(c))
        dots = tuple(d for c in placed for d in self.spec.dots_from(c))
        return Step(k, (x, y), placed, lines, dots, self.construction_caption(k, x, y))

    def construction_caption(self, k: int, x: int, y: int) -> str:
        if k == 0 and (x, y) == (0, 0):
            return "(0, 0): no move is left, so the player to move loses: the first cold cell"
        return (
            f"pair {short_decimal(k)}: ({short_decimal(x)}, {short_decimal(y)}) and its mirror: no move from "
            "either reaches an earlier cold cell"
        )

    def construction_start(self, x: int, y: int) -> int:
        """The first step whose pair's smaller pile is at least min(x, y) (pairs x_k grow with k,
        and x_k >= k: a binary search over k <= min(x, y))."""
        m = max(0, min(x, y))
        lo, hi = 0, m
        while lo < hi:
            mid = (lo + hi) // 2
            if self.cold_pair(mid)[0] < m:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def construction_order(self, x: int, y: int) -> int | None:
        """The step that places (x, y) (None for a hot cell)."""
        return self.cold_index(x, y)


class SweptValues:
    """The `ValueSequences` capability: Grundy values 0 … H far from the origin, each value one
    generated sequence, for a rule whose moves hold Nim's rays (under normal play). The rule
    names its rays and jumps in `value_moves`; equal moves share one engine."""

    value_moves: tuple  # ((rays …), (jumps …)), Nim's rays included

    @property
    def value_engine(self) -> ValueEngine:
        from explorer.core.game.value_sequences import value_engine_for  # numpy: loaded when first needed

        rays, jumps = self.value_moves
        return value_engine_for(rays, jumps)
