"""Custom two-pile rules, solved by dynamic programming on a bounded square.

Any `MoveSpec` (amounts from one pile: any, none, a set such as the powers of 4; the same for
both piles, with |k - l| < difference), under normal or misère play. The cold table on [0, n)^2,
n <= MAX_SIDE (4096: a 16 MiB table), is computed anti-diagonal by anti-diagonal with numpy:
"any amount" moves use, per row, column and diagonal, the first cold cell seen so far; amount
sets gather the few targets directly. Positions outside the square raise `OutOfBounds`.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from explorer.core import budget
from explorer.core.counting.raster import Raster, rasterize_table
from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game.moves import Move
from explorer.core.game.spec import Amounts, MoveSet, MoveSpec
from explorer.core.rules.base import OutOfBounds, Position, RuleBase, RuleError

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from explorer.core.game.lines import Step
else:
    np = lazy_numpy(__name__)

MAX_SIDE = budget.custom_side()
DEFAULT_SIDE = 512


def _amount_array(amounts: Amounts, n: int) -> NDArray[np.int64]:
    return np.array([k for k in amounts.values if k < n], dtype=np.int64)


def cold_table(spec: MoveSpec, n: int, misere: bool = False) -> NDArray[np.bool_]:
    """cold[x, y] for 0 <= x, y < n under `spec`; normal play (who cannot move loses) or misère
    (who cannot move wins)."""
    if not 1 <= n <= MAX_SIDE:
        raise RuleError(f"custom rules are solved on squares of side 1 to {MAX_SIDE}")
    cold = np.zeros((n, n), dtype=bool)
    big = np.iinfo(np.int64).max
    first_in_col = np.full(n, big, dtype=np.int64)  # smallest y' of a cold (x, y') so far
    first_in_row = np.full(n, big, dtype=np.int64)  # smallest x' of a cold (x', y)
    first_in_diag = np.full(2 * n - 1, big, dtype=np.int64)  # smallest x' on diagonal y - x
    one, both, a = spec.one, spec.both, spec.difference
    one_set, both_set = _amount_array(one, n), _amount_array(both, n)
    both_pairs = [(int(k), int(l)) for k in both_set for l in both_set if abs(int(k) - int(l)) < a]
    one_low = one.smallest()
    for s in range(2 * n - 1):
        xs = np.arange(max(0, s - n + 1), min(s, n - 1) + 1)
        ys = s - xs
        hot = np.zeros(xs.size, dtype=bool)
        if one.every:
            hot |= (first_in_col[xs] < ys) | (first_in_row[ys] < xs)
        else:
            for k in one_set:
                ok = xs >= k
                hot[ok] |= cold[xs[ok] - k, ys[ok]]
                ok = ys >= k
                hot[ok] |= cold[xs[ok], ys[ok] - k]
        if both.every:
            for delta in range(-(a - 1), a):  # target diagonal (y - x) + delta: l - k = -delta
                d = ys - xs + delta + (n - 1)
                inside = (d >= 0) & (d < 2 * n - 1)
                bound = xs - 1 - max(0, delta)  # k >= 1 and l = k - delta >= 1
                hot[inside] |= first_in_diag[d[inside]] <= bound[inside]
        else:
            for k, l in both_pairs:
                ok = (xs >= k) & (ys >= l)
                hot[ok] |= cold[xs[ok] - k, ys[ok] - l]
        new = ~hot
        if misere:  # a position with no move is won by the player to move
            movable = np.maximum(xs, ys) >= one_low if one_low is not None else np.zeros(xs.size, dtype=bool)
            if both.every:
                movable |= (xs >= 1) & (ys >= 1)
            for k, l in both_pairs:
                movable |= (xs >= k) & (ys >= l)
            new &= movable
        cold[xs[new], ys[new]] = True
        cx, cy = xs[new], ys[new]
        first_in_col[cx] = np.minimum(first_in_col[cx], cy)
        first_in_row[cy] = np.minimum(first_in_row[cy], cx)
        cd = cy - cx + (n - 1)
        first_in_diag[cd] = np.minimum(first_in_diag[cd], cx)
    return cold


class SquareRule(RuleBase):
    """A rule solved on [0, bound)^2 when it is made: the cold table, its prefix sums, and every
    answer from them (subclasses say how the table is solved and name the rule)."""

    spec: MoveSet
    bound: int
    misere: bool
    table: NDArray[np.bool_]
    count_method: ClassVar[str] = "dynamic programming"

    @property
    def last_mover_wins(self) -> bool:  # type: ignore[override]
        return not self.misere

    @property
    def nbytes(self) -> int:  # type: ignore[override]
        prefix = self.__dict__.get("_prefix")
        return int(self.table.nbytes) + (int(prefix.nbytes) if prefix is not None else 0)

    def _set_table(self, table: NDArray[np.bool_]) -> None:
        """The solved table and its prefix sums together, where the rule is made (off the GUI thread
        for a costly family): summed at the first drawing, a 2048² table held the window 235 ms."""
        object.__setattr__(self, "table", table)
        _ = self._prefix

    @cached_property
    def _prefix(self) -> NDArray[np.int32]:
        prefix = np.zeros((self.bound + 1, self.bound + 1), dtype=np.int32)
        prefix[1:, 1:] = self.table.cumsum(0, dtype=np.int32).cumsum(1, dtype=np.int32)
        return prefix

    def is_cold(self, x: int, y: int) -> bool:
        self.check(x, y)
        return bool(self.table[x, y])

    def winning_moves(self, x: int, y: int) -> list[Move]:
        self.check(x, y)
        if self.table[x, y]:
            return []
        return sorted(Move.between((x, y), t) for t in self.legal_moves(x, y) if self.table[t])

    def cold_count(self, x: int, y: int) -> int:
        if x < 0 or y < 0:
            return 0
        self.check(x, y)
        return int(self._prefix[x + 1, y + 1])

    def raster(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> Raster:
        return rasterize_table(self._prefix, x_lo, y_lo, x_hi, y_hi, step)

    # ----- the solve, cell by cell (column after column, each upwards: every move's target first)
    def construction_placed(self, k: int) -> tuple[Position, ...]:
        """The cell step k decides, if it is cold (no winning move is looked for)."""
        n = self.bound
        if not 0 <= k < n * n:
            raise OutOfBounds(f"the solve of [0, {n})² has {n * n:,} steps")
        x, y = divmod(k, n)
        return ((x, y),) if self.table[x, y] else ()

    def construction_step(self, k: int) -> Step:
        from explorer.core.game.lines import Step

        n = self.bound
        if not 0 <= k < n * n:
            raise OutOfBounds(f"the solve of [0, {n})² has {n * n:,} steps")
        x, y = divmod(k, n)
        if self.table[x, y]:
            moves = sum(1 for _ in self.legal_moves(x, y))
            why = "no move is left" if not moves else f"none of its {moves} moves reaches a cold cell"
            won = ", and the player who cannot move wins" if self.misere and not moves else ""
            return Step(k, (x, y), ((x, y),), (), (), f"({x}, {y}) is cold: {why}{won}")
        wins = self.winning_moves(x, y)
        if not wins:  # misère: a position with no move is won by the player to move
            return Step(k, (x, y), (), (), (), f"({x}, {y}) is hot: no move is left, and under misère play that wins")
        t = wins[0].target
        return Step(k, (x, y), (), (), (t,), f"({x}, {y}) is hot: the move to ({t[0]}, {t[1]}) reaches a cold cell")

    def construction_start(self, x: int, y: int) -> int:
        return min(max(0, x), self.bound - 1) * self.bound

    def construction_order(self, x: int, y: int) -> int | None:
        self.check(x, y)
        return x * self.bound + y


class CustomRule(SquareRule):
    """A rule given by its moves, solved on [0, bound)^2 when it is made (up to ~1 s at 4096)."""

    spec: MoveSpec

    def __init__(self, spec: MoveSpec | None = None, bound: int = DEFAULT_SIDE, misere: bool = False) -> None:
        spec = MoveSpec() if spec is None else spec
        object.__setattr__(self, "spec", spec)
        object.__setattr__(self, "bound", bound)
        object.__setattr__(self, "misere", misere)
        self._set_table(cold_table(spec, bound, misere))

    def _params(self) -> tuple[MoveSpec, int, bool]:
        return self.spec, self.bound, self.misere  # the table follows from these

    @staticmethod
    def text_for(spec: MoveSpec, n: int, misere: bool = False) -> str:
        """The registry's text form of a custom rule (solving it is what takes time)."""
        return f"custom:{spec.text()};n={n}" + (";misere" if misere else "")

    @property
    def key(self) -> str:  # type: ignore[override]
        return self.text_for(self.spec, self.bound, self.misere)

    @property
    def title(self) -> str:  # type: ignore[override]
        play = ", misère" if self.misere else ""
        return f"Custom ({self.spec.describe()}{play}), solved on [0, {self.bound})²"
