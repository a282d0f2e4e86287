"""One pass over a rule with Nim's rays, far out (docs/math.md, "Games that change the recursion"):
with the pass unused, a cell is cold iff its Grundy value is 1, except for a few cells near the
origin. The cells of value 1 are a generated sequence (one a column, explorer.core.game.
value_sequences), so the game is answered on [0, n)² for n in the millions: the sequence, and the
exceptions found by solving the game itself on a square and comparing.

Why the exceptions stay near the origin, and when this is used (`exceptions_of`): a cell of value 1
cannot move to another, and passing from it does not win (its value is not 0); a cell of value 0
wins by passing; any other reaches a cell of value 1. Only the lines through the few cells near the
origin where this fails can differ, and each line holds one cell of each value at most: the square
solved shows those lines settled (every row near the origin holds a cold cell, so its far cells are
hot, as their values, not 1, say). Where the square does not show that, the game is solved on a
square only (`PassRule`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game.moves import Move
from explorer.core.game.vector_spec import VectorSpec
from explorer.core.protocol import Progress, Rule
from explorer.core.rules.base import Position, RuleError
from explorer.core.rules.layered import LayerRule
from explorer.core.rules.recursion import (
    DEFAULT_SIDE,
    MAX_SIDE,
    RecursionRule,
    based,
    cold_square,
    rays_and_jumps,
    solve_counting,
)

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    np = lazy_numpy(__name__)

PASS_COLUMNS = 1 << 20  # the default: values 0 and 1 on 2^20 columns take 0.07 s and keep 14 MiB
MOST_COLUMNS = 1 << 24
CHECK_SIDE = 512  # the square solved to find the exceptions
NEAR = 64  # they must lie in [0, NEAR)², and every row below NEAR hold a cold cell of the square


class PassRule(RecursionRule):
    """The base game where either player may pass once per game, never from (0, 0) (Miyadera,
    Manabe, Fukui 2017): cold[x, y] is (x, y) with the pass unused; once it is used the game is
    the base game, whose cold cells `after_pass` holds."""

    after_pass: NDArray[np.bool_]

    def __init__(self, base: Rule, bound: int = DEFAULT_SIDE) -> None:
        spec = rays_and_jumps(base)
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "spec", base.spec)
        object.__setattr__(self, "bound", bound)
        plain = cold_square(base, bound)
        object.__setattr__(self, "after_pass", plain)

        def decide(counts: Any, xs: Any, ys: Any) -> Any:  # the pass leads to (x, y) without it
            return (counts == 0) & ~(plain[xs, ys] & has_move_many(spec, xs, ys))

        self._set_table(solve_counting(spec, bound, decide))

    def _params(self) -> tuple[Rule, int]:
        return self.base, self.bound

    @property
    def key(self) -> str:  # type: ignore[override]
        return "pass" + based(self.base, self.bound, DEFAULT_SIDE)

    @property
    def title(self) -> str:  # type: ignore[override]
        return f"Wythoff{self._over()} with one pass (the pass unused), solved on [0, {self.bound})²"

    def pass_wins(self, x: int, y: int) -> bool:
        """Whether passing from (x, y) with the pass unused wins: (x, y) is cold once it is used, and
        a move is left there (no pass is made where the game is over: Miyadera, Manabe, Fukui)."""
        self.check(x, y)
        return self.spec.has_move(x, y) and bool(self.after_pass[x, y])

    def winning_moves(self, x: int, y: int) -> list[Move]:
        return with_pass(self, x, y, super().winning_moves(x, y))

    def extra_steps(self) -> str:
        return "a position carries whether its pass is used, and the board shows the cells with the pass unused"

    def position_note(self, x: int, y: int) -> str:
        return pass_note(x, y, self.pass_wins(x, y), not self.spec.has_move(x, y))


def has_move_many(spec: VectorSpec, xs: Any, ys: Any) -> Any:
    """Whether each cell has a move: some ray's or jump's step fits inside it."""
    out = np.zeros(np.shape(xs), dtype=bool)
    for p, q in (*spec.rays, *spec.jumps):
        out |= (xs >= p) & (ys >= q)
    return out


def with_pass(rule: Any, x: int, y: int, moves: list[Move]) -> list[Move]:
    """A pass game's winning moves: those on the board, then the pass where passing wins."""
    if not rule.is_cold(x, y) and rule.pass_wins(x, y):
        return [*moves, Move.passing((x, y))]
    return moves


def pass_note(x: int, y: int, wins: bool, terminal: bool = False) -> str:
    """What one pass says of (x, y) with the pass unused."""
    where = f"({x}, {y})" if max(x, y) < 10**12 else "this position"
    if terminal:
        return f"With the pass unused; no pass is allowed from {where}, where no move is left."
    if wins:
        return f"With the pass unused. Passing wins here: {where} is cold once the pass is used."
    return f"With the pass unused. Passing does not win here: {where} is hot once the pass is used."


def make_pass(base: Rule, n: int | None = None, progress: Progress | None = None) -> Rule:
    """One pass over `base`: far out where its value-1 cells settle it, else on a square."""
    spec = rays_and_jumps(base)
    if spec.has_nim_rays:
        changes = exceptions_of(base, spec)
        if changes is not None:
            return PassColumns(base, n or PASS_COLUMNS, changes, progress)
    n = n or DEFAULT_SIDE
    if n > MAX_SIDE:
        raise RuleError(f"one pass over {base.title} is solved on a square of side {MAX_SIDE:,} at most, not {n:,}")
    return PassRule(base, n)


def _values_zero_and_one(spec: VectorSpec, n: int, progress: Progress | None = None) -> NDArray[np.int32]:
    """cols[h, x] for h = 0, 1 and x < n: the row of column x's cell of value h (its own engine:
    nothing shared with the window's value cache)."""
    from explorer.core.game.value_sequences import ValueEngine

    engine = ValueEngine(spec.rays, spec.jumps)
    try:
        solved = engine.grow(2, n, progress)
    except InterruptedError:
        raise RuleError("solving was cancelled; the rule in effect stays") from None
    return np.ascontiguousarray(solved.cols[:, :n])


def exceptions_of(base: Rule, spec: VectorSpec) -> dict[Position, int] | None:
    """Where the game with the pass unused differs from "value 1" on [0, CHECK_SIDE)²: +1 cold
    there, −1 not; None unless they all lie in [0, NEAR)² and every row below NEAR holds a cold
    cell of the square (see the module's note)."""
    square = PassRule(base, CHECK_SIDE).table
    col = _values_zero_and_one(spec, CHECK_SIDE)[1]
    ones = np.zeros_like(square)
    inside = col < CHECK_SIDE
    ones[np.flatnonzero(inside), col[inside]] = True
    xs, ys = np.nonzero(square != ones)
    if xs.size and max(int(xs.max()), int(ys.max())) >= NEAR:
        return None
    if not square[:, :NEAR].any(axis=0).all():
        return None
    return {(int(x), int(y)): 1 if square[x, y] else -1 for x, y in zip(xs, ys, strict=True)}


class PassColumns(LayerRule):
    """One pass over a rule with Nim's rays, on [0, bound)²: the cells of value 1 and the exceptions."""

    zero: NDArray[np.int32]  # the cells of value 0, the base game's cold cells
    count_method = "value sequence"
    what = "the cells of value 1"

    def __init__(
        self, base: Rule, columns: int, changes: dict[Position, int], progress: Progress | None = None
    ) -> None:
        if columns > MOST_COLUMNS:
            raise RuleError(f"one pass is solved on {MOST_COLUMNS:,} columns at most, not {columns:,}")
        spec = rays_and_jumps(base)
        cols = _values_zero_and_one(spec, columns, progress)
        self._set_layer(base, spec, cols[1], changes)
        object.__setattr__(self, "zero", cols[0])

    def _params(self) -> tuple[Rule, int]:
        return self.base, self.bound

    @property
    def key(self) -> str:  # type: ignore[override]
        return "pass" + based(self.base, self.bound, PASS_COLUMNS)

    @property
    def title(self) -> str:  # type: ignore[override]
        over = "" if self.base.key == "wythoff" else f" over {self.base.title}"
        return f"Wythoff{over} with one pass (the pass unused), solved on [0, {self.bound:,})²"

    @property
    def nbytes(self) -> int:  # type: ignore[override]
        return super().nbytes + int(self.zero.nbytes)

    # ----- the pass ---------------------------------------------------------------------------------
    def pass_wins(self, x: int, y: int) -> bool:
        """Whether passing from (x, y) wins: (x, y) is cold in the base game (its value is 0)."""
        self.check(x, y)
        return self.spec.has_move(x, y) and int(self.zero[x]) == y

    def winning_moves(self, x: int, y: int) -> list[Move]:
        return with_pass(self, x, y, super().winning_moves(x, y))

    def extra_steps(self) -> str:
        return "a position carries whether its pass is used, and the board shows the cells with the pass unused"

    def position_note(self, x: int, y: int) -> str:
        return pass_note(x, y, self.pass_wins(x, y), not self.spec.has_move(x, y))
