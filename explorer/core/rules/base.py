"""The Rule protocol: what every two-pile rule answers, exactly, and the errors it raises.

Callers hold a `Rule` and ask it; they never ask which rule it is. `RuleBase` gives every rule
the parts that follow from its `MoveSpec` and its cold set (legal moves, move checks, terminal
positions, rectangle counts, batch answers); each rule class adds what is its own (the cold set,
the winning moves, the prefix count, the raster).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast, runtime_checkable

from explorer.core.counting.closed_form import Count, cells_in, rectangle_from_prefix
from explorer.core.counting.cold_index import MAX_CELLS, ClosedFormCounter, Counter
from explorer.core.counting.raster import Raster
from explorer.core.exact.bigint import short_decimal
from explorer.core.exact.lazy import lazy_numpy
from explorer.core.frozen import Frozen
from explorer.core.game.moves import Move
from explorer.core.game.sequence import NumberRole
from explorer.core.game.spec import MoveSet, MoveSpec

if TYPE_CHECKING:
    from explorer.core.game.lines import Line, Step

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from explorer.core.values.kernel import ValueTable
    from explorer.core.values.rows import GrundyRows
else:
    np = lazy_numpy(__name__)

Position = tuple[int, int]
HUGE_BITS = 20_000  # coordinates this long are drawn on a worker
FAR_CELL = 4096  # `grundy` of a cell this far out asks the certified rows before a corner table
Progress = Callable[[int, int], bool]


class RuleError(ValueError):
    """A question the rule in effect cannot answer; the message is one sentence for a person."""


class OutOfBounds(RuleError):
    """A position outside the square where a bounded (dynamic-programming) rule is solved."""


class NotAvailable(RuleError):
    """A question that has no answer under this rule (a cold-pair sequence of a custom rule...)."""


class UnknownRule(RuleError):
    """A rule name the registry does not know."""


@runtime_checkable
class Rule(Protocol):
    """Every rule answers these, exactly, for integers of any size (inside `bound` if it has one)."""

    @property
    def key(self) -> str: ...  # the registry's name for it: parse_rule(rule.key) == rule
    @property
    def title(self) -> str: ...  # for people
    @property
    def last_mover_wins(self) -> bool: ...  # normal play True; misère (taking the last counter loses) False
    @property
    def bound(self) -> int | None: ...  # None: exact everywhere; n: solved on [0, n)^2 only
    @property
    def nbytes(self) -> int: ...  # memory the rule holds (a solved table), for the budget
    @property
    def spec(self) -> MoveSet: ...
    @property
    def count_method(self) -> str: ...  # how `count_rect` counts ("closed-form", "dynamic programming")
    @property
    def shows_zeckendorf(self) -> bool: ...  # whether Zeckendorf forms say something about its cold set
    @property
    def grundy_note(self) -> str: ...  # "" under normal play; else what G means here (for people)

    def check(self, x: int, y: int) -> None: ...
    def legal_moves(self, x: int, y: int) -> Iterator[Position]: ...
    def is_legal(self, start: Position, target: Position) -> bool: ...
    def has_move(self, x: int, y: int) -> bool: ...
    def is_terminal(self, x: int, y: int) -> bool: ...
    def is_cold(self, x: int, y: int) -> bool: ...
    def winning_moves(self, x: int, y: int) -> list[Move]: ...
    def cold_index(self, x: int, y: int) -> int | None: ...
    def number_role(self, n: int) -> NumberRole | None: ...
    def cold_pair(self, k: int) -> Position: ...
    def cold_pairs(self, start: int, count: int) -> tuple[Any, Any]: ...
    def cold_count(self, x: int, y: int) -> int: ...
    def count_rect(self, x0: int, y0: int, x1: int, y1: int) -> Count: ...
    def is_cold_many(self, xs: Any, ys: Any) -> NDArray[np.bool_]: ...
    def cold_count_many(self, xs: Any, ys: Any) -> NDArray | list[int]: ...
    def raster(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> Raster: ...
    def grundy_window(self, x0: int, y0: int, w: int, h: int, progress: Progress | None = None) -> NDArray: ...
    def remoteness_window(self, x0: int, y0: int, w: int, h: int, progress: Progress | None = None) -> NDArray: ...
    def value_table(self, nx: int, ny: int, progress: Progress | None = None) -> ValueTable: ...
    def grundy_rows(
        self, rows: int, progress: Progress | None = None, budget_bytes: int | None = None
    ) -> GrundyRows: ...
    def closed_values(self, x: int, y: int) -> tuple[int, int] | None: ...  # (G, R) at any size, if known
    def grundy(self, x: int, y: int) -> int: ...
    def remoteness(self, x: int, y: int) -> int: ...
    def count(self, *bounds: int) -> int: ...
    def counter(self, method: str = "auto", max_cells: int = MAX_CELLS) -> Counter: ...
    # the construction of its cold cells, step by step (build mode, animations)
    def construction_step(self, k: int) -> Step: ...
    def construction_start(self, x: int, y: int) -> int: ...  # the first step about the view from (x, y)
    def construction_order(self, x: int, y: int) -> int | None: ...  # the step that places or decides (x, y)
    def move_lines(self, x: int, y: int) -> tuple[tuple[Line, ...], tuple[Position, ...]]: ...  # every move back
    # how far it answers, and what answering costs
    def reach(self, m: int, progress: Progress | None = None, budget_bytes: int | None = None) -> None: ...
    def reach_limit(self, budget_bytes: int) -> int | None: ...  # the farthest `bound` reach can make
    def value_cost(self, nx: int, ny: int) -> tuple[int, int]: ...  # (bytes a cell, work) of value_table
    def raster_in_background(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int) -> bool: ...
    def position_in_background(self, x: int, y: int) -> bool: ...  # a position's report belongs on a worker


def _window_check(x0: int, y0: int, w: int, h: int) -> None:
    if min(x0, y0) < 0 or min(w, h) < 1:
        raise RuleError("the window needs x0, y0 >= 0 and w, h >= 1")


class RuleBase(Frozen):
    """Shared behaviour; subclasses set the class attributes and the cold-set methods. A rule is
    immutable and equals another of its class with the same parameters (`_params`)."""

    key: str
    title: str
    spec: MoveSet
    last_mover_wins: ClassVar[bool] = True
    bound: int | None = None
    nbytes: int = 0
    count_method: ClassVar[str] = "closed-form"
    shows_zeckendorf: ClassVar[bool] = False

    @property
    def grundy_note(self) -> str:
        if self.last_mover_wins:
            return ""
        return "G is the Sprague-Grundy value of the same moves under normal play; misère play is decided by hot/cold"

    def __str__(self) -> str:
        return self.title

    # ----- the construction, step by step ------------------------------------------------------
    def construction_step(self, k: int) -> Step:
        """Step k: the k-th cold pair x <= y and its mirror, and the lines of cells now hot."""
        from explorer.core.game.lines import Step, spec_lines

        x, y = self.cold_pair(k)
        placed = ((x, y),) if x == y else ((x, y), (y, x))
        spec = cast(MoveSpec, self.spec)
        lines = tuple(line for c in placed for line in spec_lines(c, spec.one.every, spec.both.every, spec.difference))
        return Step(k, (x, y), placed, lines, (), self.construction_caption(k, x, y))

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
            try:
                below = self.cold_pair(mid)[0] < m
            except RuleError:
                below = False  # beyond what the rule knows: treat as past the view
            if below:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def construction_order(self, x: int, y: int) -> int | None:
        """The step that places (x, y) (None for a hot cell of a pair rule)."""
        return self.cold_index(x, y)

    def move_lines(self, x: int, y: int) -> tuple[tuple[Line, ...], tuple[Position, ...]]:
        """Every move from (x, y): lines back along any-amount moves (the row, the column, the
        diagonal band), and the single cells of amounts from a set. Exactly the legal moves."""
        from explorer.core.game.lines import WHY_BAND, Line

        spec = cast(MoveSpec, self.spec)
        lines: list[Line] = []
        dots: list[Position] = []
        if spec.one.every:
            lines += [Line((x - 1, y), (-1, 0))] if x >= 1 else []
            lines += [Line((x, y - 1), (0, -1))] if y >= 1 else []
        else:
            dots += [(x - k, y) for k in spec.one.upto(x)] + [(x, y - k) for k in spec.one.upto(y)]
        if spec.both.every:
            reach = min(spec.difference, WHY_BAND, max(x, y) + 1)
            for d in range(-(reach - 1), reach):  # k − l = d, k, l >= 1
                start = (x - 1 - max(d, 0), y - 1 - max(-d, 0))
                if min(start) >= 0:
                    lines.append(Line(start, (-1, -1)))
        elif not spec.both.empty:
            dots += [
                (x - k, y - l)
                for k in spec.both.upto(x)
                for l in spec.both.between(k - spec.difference + 1, min(y, k + spec.difference - 1))
            ]
        return tuple(lines), tuple(dots)

    # ----- how far it answers ----------------------------------------------------------------
    def reach(self, m: int, progress: Progress | None = None, budget_bytes: int | None = None) -> None:
        """Make positions up to m answerable where the rule can grow (a generated sequence); a
        closed form needs nothing, and a solved square is what it is (OutOfBounds beyond it)."""
        if self.bound is not None and m >= self.bound:
            self.check(m, m)

    def reach_limit(self, budget_bytes: int) -> int | None:
        """The farthest `bound` that `reach` can make within budget_bytes (None: no bound at all)."""
        return self.bound

    def value_cost(self, nx: int, ny: int) -> tuple[int, int]:
        """(bytes a cell, line reads) of `value_table(nx, ny)`, known before it starts."""
        from explorer.core.values.cost import bytes_per_cell, work_estimate

        spec = cast(MoveSpec, self.spec)  # rules of other moves give their own costs
        return bytes_per_cell(spec, nx, ny), work_estimate(spec, nx, ny)

    def raster_in_background(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int) -> bool:
        """Whether drawing this view takes long enough to belong on a worker: numbers of
        thousands of digits (~1 ms at any zoom below that)."""
        return max(abs(x_hi), abs(y_hi)).bit_length() >= HUGE_BITS

    def position_in_background(self, x: int, y: int) -> bool:
        """Whether working out a position's report (coldness, winning moves, the sequence) takes
        long enough to belong on a worker: numbers of thousands of digits."""
        return max(x, y).bit_length() >= HUGE_BITS

    # ----- positions and moves ------------------------------------------------------------
    def check(self, x: int, y: int) -> None:
        """Raise for positions the rule cannot answer about (negative piles, outside the bound)."""
        if x < 0 or y < 0:
            raise RuleError("piles hold 0 or more counters")
        if self.bound is not None and (x >= self.bound or y >= self.bound):
            raise OutOfBounds(
                f"this rule is solved on [0, {self.bound})² only; ({short_decimal(x)}, {short_decimal(y)}) lies beyond"
            )

    def legal_moves(self, x: int, y: int) -> Iterator[Position]:
        """Every position one move away, lazily (smallest amounts first)."""
        return self.spec.targets(x, y)

    def is_legal(self, start: Position, target: Position) -> bool:
        return self.spec.allows(start, target)

    def has_move(self, x: int, y: int) -> bool:
        return self.spec.has_move(x, y)

    def is_terminal(self, x: int, y: int) -> bool:
        return not self.has_move(x, y)

    def is_cold(self, x: int, y: int) -> bool:
        raise NotImplementedError

    def cold_index(self, x: int, y: int) -> int | None:
        """k when (x, y) is the k-th cold pair or its mirror; None if not cold or no sequence."""
        return None

    def number_role(self, n: int) -> NumberRole | None:
        """Whether n is a lower or an upper number of the cold sequence, and its partner."""
        return None

    def cold_pair(self, k: int) -> Position:
        raise NotAvailable(f"{self.title} has no sequence of cold pairs")

    def cold_pairs(self, start: int, count: int) -> tuple[Any, Any]:
        """The cold pairs k = start .. start + count - 1, as two sequences (smaller, larger)."""
        pairs = [self.cold_pair(k) for k in range(start, start + count)]
        return [p[0] for p in pairs], [p[1] for p in pairs]

    # ----- Grundy values and remoteness ------------------------------------------------------
    def value_table(self, nx: int, ny: int, progress: Progress | None = None) -> ValueTable:
        """G, cold and remoteness on [0, nx) x [0, ny), by the compiled sweep over the rule's moves."""
        from explorer.core.values.kernel import value_table  # numba: imported when first needed

        if nx >= 1 and ny >= 1:
            self.check(nx - 1, ny - 1)
        return value_table(cast(MoveSpec, self.spec), nx, ny, self.last_mover_wins, progress)

    def grundy_window(self, x0: int, y0: int, w: int, h: int, progress: Progress | None = None) -> NDArray:
        """G(x0 + i, y0 + j) for i < w, j < h (every cell below and left of it is computed)."""
        _window_check(x0, y0, w, h)
        return self.value_table(x0 + w, y0 + h, progress).grundy[x0:, y0:]

    def remoteness_window(self, x0: int, y0: int, w: int, h: int, progress: Progress | None = None) -> NDArray:
        """Remoteness R(x0 + i, y0 + j) for i < w, j < h."""
        _window_check(x0, y0, w, h)
        return self.value_table(x0 + w, y0 + h, progress).remoteness[x0:, y0:]

    def closed_values(self, x: int, y: int) -> tuple[int, int] | None:
        """(G, R) at (x, y) by a closed form valid at any size, or None where the rule has none."""
        return None

    def grundy(self, x: int, y: int) -> int:
        """The Sprague-Grundy value G(x, y) of the rule's moves (0 exactly where cold, in normal play).

        From a closed form where the rule has one (Nim: x XOR y, at any size), from Wythoff's
        certified rows when min(x, y) is small and the other pile huge, else from the corner
        table up to (x, y) (which must fit the memory and time bounds; ValueError if not).

        >>> from explorer import Wythoff, Nim
        >>> [Wythoff().grundy(10, y) for y in range(6)]  # row 10 of Wythoff's table
        [10, 11, 9, 8, 13, 12]
        >>> Nim().grundy(5, 3), Nim().grundy(2**200, 1) == 2**200 + 1
        (6, True)
        """
        return self._value(x, y, 0)

    def remoteness(self, x: int, y: int) -> int:
        """Steinhaus's remoteness R(x, y): how many moves the game lasts from (x, y) when the
        winner hurries and the loser delays (even exactly where the player to move loses).

        >>> from explorer import Wythoff
        >>> Wythoff().remoteness(0, 0), Wythoff().remoteness(1, 2), Wythoff().remoteness(4, 4)
        (0, 2, 1)
        """
        return self._value(x, y, 1)

    def _value(self, x: int, y: int, which: int) -> int:
        self.check(x, y)
        closed = self.closed_values(x, y)
        if closed is not None:
            return closed[which]
        if which == 0 and max(x, y) >= FAR_CELL:
            try:
                rows = self.grundy_rows(min(x, y) + 1)
            except (NotAvailable, ValueError):
                rows = None
            if rows is not None and rows.knows(x, y):
                return rows.value(x, y)
        window = self.grundy_window if which == 0 else self.remoteness_window
        return int(window(x, y, 1, 1)[0, 0])

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

    def grundy_rows(self, rows: int, progress: Progress | None = None, budget_bytes: int | None = None) -> GrundyRows:
        raise NotAvailable(f"Grundy rows at any distance are computed for Wythoff's game, not for {self.title}")

    # ----- counting -------------------------------------------------------------------------
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
        return ClosedFormCounter(self)

    def is_cold_many(self, xs: Any, ys: Any) -> NDArray[np.bool_]:
        return np.fromiter((self.is_cold(int(x), int(y)) for x, y in zip(xs, ys, strict=True)), dtype=bool)

    def cold_count_many(self, xs: Any, ys: Any) -> NDArray | list[int]:
        return [self.cold_count(int(x), int(y)) for x, y in zip(xs, ys, strict=True)]

    # ----- winning moves from targets -----------------------------------------------------------
    def _moves_to(self, x: int, y: int, targets: Sequence[Position] | set[Position]) -> list[Move]:
        """The moves from (x, y) to those targets that are legal and cold, sorted."""
        return sorted(Move.between((x, y), t) for t in set(targets) if self.is_legal((x, y), t) and self.is_cold(*t))
