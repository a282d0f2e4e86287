"""Games that keep a rule's moves but change how a position's outcome follows from its options
(docs/math.md, "Games that change the recursion"), each solved on a square [0, n)².

- `BlockingRule` (`block:K`): before each move the opponent may forbid up to K − 1 options, so a
  position is cold iff fewer than K of its options are cold (K = 1 is the game itself).
- `AlteredRule` (`alter:cold=…;hot=…;terminal=K`): cells declared cold (terminal: no move from
  them) or hot, every cell with x + y <= K terminal; the rest follow the recursion.
- `PassRule` (`pass`): either player may pass once per game, never from (0, 0); the table is the
  layer where the pass is still unused.
- `StarRule` (`star:RULE`): the game whose moves are RULE's non-zero cold cells, each one jump.

The first three count, for every cell, the cold cells among its options: a ray's options are the
cells of its line below the cell, so a running count per line answers them at once, and cells
are decided an antidiagonal at a time (every option of a cell lies on an earlier one). Their
base rules are those given by rays and jumps (Wythoff, Nim, the move-vector rules). None of
these games has a Sprague–Grundy value of the base's kind: they answer hot and cold, not G.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

from explorer.core import budget
from explorer.core.exact.bigint import short_text, whole_number
from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game.spec import MoveSpec
from explorer.core.game.vector_spec import VectorSpec
from explorer.core.protocol import ExtraSteps, Position, Progress, Rule, RuleError
from explorer.core.rules.custom import SquareRule

if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy as np
    from numpy.typing import NDArray
else:
    np = lazy_numpy(__name__)

MAX_SIDE = budget.custom_side()
DEFAULT_SIDE = 1024
STAR_SIDE = 2048


# ----- the options' moves -------------------------------------------------------------------------
def rays_and_jumps(base: Rule) -> VectorSpec:
    """The base rule's moves as rays and jumps (mirrors included), or RuleError naming what it
    takes: Wythoff's and Nim's moves, and any move-vector rule, under normal play."""
    spec = base.spec
    if isinstance(base, ExtraSteps):  # its moves alone do not make it: its own recursion would be lost
        raise RuleError(
            f"{base.key} changes the recursion itself: these games take a game given by its moves "
            "(Wythoff, Nim, a move-vector rule)"
        )
    if not base.last_mover_wins:
        raise RuleError(f"these games are played under normal play; {base.title} is misère")
    if isinstance(spec, VectorSpec):
        return spec
    if spec == MoveSpec():
        return VectorSpec([(1, 0), (1, 1)])
    if isinstance(spec, MoveSpec) and spec.one.every and not spec.both.every and not spec.both.values:
        return VectorSpec([(1, 0)])
    raise RuleError(f"{base.title}: these games take Wythoff's moves, Nim's or a move-vector rule's (rays and jumps)")


def cold_square(rule: Rule, n: int) -> NDArray[np.bool_]:
    """cold[x, y] of any rule on [0, n)², from its own exact raster (one texel a cell)."""
    if rule.bound is not None and rule.bound < n:
        raise RuleError(f"{rule.title} is solved on [0, {rule.bound:,})² only; [0, {n:,})² is needed")
    r = rule.raster(0, 0, n, n, 1)
    cold = np.zeros((n, n), dtype=bool)
    cold[r.cols, r.rows] = r.counts > 0
    return cold


SQUARE_WORK = 600_000  # (rays + jumps) x antidiagonals a square's solve may take: about 3 s


def square_side_for(spec: VectorSpec) -> int:
    """The largest side whose solve stays within SQUARE_WORK: a numpy step per ray and jump on each
    antidiagonal (a ⋆ game's thousands of jumps make 1024² take minutes)."""
    moves = max(1, len(spec.rays) + len(spec.jumps))
    return max(1, SQUARE_WORK // (2 * moves))


def solve_counting(
    spec: VectorSpec, n: int, decide: Callable[[Any, Any, Any], Any], counts_out: NDArray | None = None
) -> NDArray[np.bool_]:
    """cold[x, y] on [0, n)², deciding each cell from how many of its options are cold:
    `decide(counts, xs, ys)` for the cells of one antidiagonal. `counts_out` (uint16, n x n),
    if given, receives every cell's count of cold options (capped at 65 535). Refused before any
    work past SQUARE_WORK, the side that fits named."""
    most = square_side_for(spec)
    if n > most:
        raise RuleError(
            f"with {len(spec.rays) + len(spec.jumps):,} kinds of move this game is solved on a square of side "
            f"{most:,} at most (n={most}), not {n:,}"
        )
    cold = np.zeros((n, n), dtype=bool)
    rays = [(p, q) for p, q in spec.rays]
    lines = [np.zeros((p + q) * (n - 1) + 1, dtype=np.int64) for p, q in rays]  # cold cells so far on each line
    jumps = list(spec.jumps)
    for s in range(2 * n - 1):
        xs = np.arange(max(0, s - n + 1), min(s, n - 1) + 1, dtype=np.int64)
        ys = s - xs
        counts = np.zeros(xs.size, dtype=np.int64)
        ids = []
        for (p, q), line in zip(rays, lines, strict=True):
            idx = q * xs - p * ys + p * (n - 1)
            ids.append(idx)
            counts += line[idx]
        for i, j in jumps:
            ok = (xs >= i) & (ys >= j)
            counts[ok] += cold[xs[ok] - i, ys[ok] - j]
        new = decide(counts, xs, ys)
        cold[xs[new], ys[new]] = True
        for idx, line in zip(ids, lines, strict=True):
            line[idx[new]] += 1  # distinct: a line meets an antidiagonal once
        if counts_out is not None:
            counts_out[xs, ys] = np.minimum(counts, 0xFFFF)
    return cold


# ----- reading the text forms ---------------------------------------------------------------------
def split_base(param: str | None, default: str = "wythoff") -> tuple[str, str]:
    """'FIELDS/BASE' -> (FIELDS, BASE): the base rule's key follows the first '/'."""
    fields, slash, base = (param or "").partition("/")
    return fields, (base.strip() if slash else default)


def based(base: Rule, bound: int, default_side: int, always: bool = False) -> str:
    """The text after a pass or star rule's name: ':BASE', ':n=N/BASE' or ':n=N' (nothing for
    Wythoff on the default side, unless `always`)."""
    side = f"n={bound}" if bound != default_side else ""
    if base.key == "wythoff" and not always:
        return f":{side}" if side else ""
    return f":{side}/{base.key}" if side else f":{base.key}"


def side_and_base(param: str | None, default_side: int) -> tuple[int, str]:
    """'BASE', 'n=N/BASE' or 'n=N' (a pass or star rule's text after its name) -> (n, BASE)."""
    n, base = given_side_and_base(param, MAX_SIDE)
    return (n or default_side), base


def given_side_and_base(param: str | None, most: int) -> tuple[int | None, str]:
    """The same, with n None where it is not given (n at most `most`)."""
    text = (param or "").strip()
    if not re.match(r"n\s*=", text, re.IGNORECASE):  # no fields: the whole text is the base, '/' and all
        head, base = "", text or "wythoff"  # (star:block:3/maharaja is the star of block:3/maharaja)
    elif "/" in text:
        head, _, base = text.partition("/")
    else:
        head, base = text, "wythoff"
    fields = fields_of(head, ("n",), "n=N/RULE")
    n = whole_number(fields["n"], "the side n", 1, most) if "n" in fields else None
    return n, base.strip()


def side_of(fields: dict[str, str], default: int) -> int:
    return whole_number(fields.pop("n", str(default)), "the side n", 1, MAX_SIDE)


def fields_of(text: str, names: tuple[str, ...], form: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        name, eq, value = part.partition("=")
        name = name.strip().lower()
        if not eq or name not in names:
            raise RuleError(f"{short_text(part.strip())!r}: write {form}")
        out[name] = value.strip()
    return out


CELL = re.compile(r"\(\s*(\d{1,7})\s*,\s*(\d{1,7})\s*\)")


def parse_cells(text: str, what: str) -> tuple[tuple[int, int], ...]:
    """'(3,4)(10,12)' -> ((3, 4), (10, 12)), sorted and distinct."""
    cells = [(int(a), int(b)) for a, b in CELL.findall(text)]
    if CELL.sub("", text).strip() or not cells:
        raise RuleError(f"{what} cells are written (x,y)(x,y)…, such as (3,4)(10,12), not {short_text(text)!r}")
    return tuple(sorted(set(cells)))


def cells_text(cells: tuple[tuple[int, int], ...]) -> str:
    return "".join(f"({x},{y})" for x, y in cells)


# ----- the rules ------------------------------------------------------------------------------------
class HotColdOnly:
    """What the games here share: no Grundy values or remoteness of the base's kind (not `Valued`,
    explorer.core.protocol), and no step-by-step construction (not `Constructed`: its captions say
    how the plain recursion decides)."""

    construction_step = None
    construction_placed = None
    construction_start = None
    construction_order = None
    value_table = None
    value_cost = None
    grundy_window = None
    remoteness_window = None


class RecursionRule(HotColdOnly, SquareRule):  # type: ignore[misc]
    """Solved on [0, bound)² over a base rule, hot and cold only."""

    base: Rule
    count_method: ClassVar[str] = "dynamic programming"
    misere = False

    def _suffix(self, default_side: int) -> str:
        side = f";n={self.bound}" if self.bound != default_side else ""
        base = f"/{self.base.key}" if self.base.key != "wythoff" else ""
        return side + base

    def _over(self) -> str:
        return "" if self.base.key == "wythoff" else f" over {self.base.title}"

    def cold_option_cells(self, x: int, y: int) -> list[Position]:
        """Every cold cell one move from (x, y) (within the square: a few thousand moves at most)."""
        self.check(x, y)
        return sorted(t for t in self.legal_moves(x, y) if self.table[t])


class BlockingRule(RecursionRule):
    """k-blocking: cold iff fewer than k options are cold (Larsson 2011; docs/math.md)."""

    def __init__(self, k: int, base: Rule, bound: int = DEFAULT_SIDE) -> None:
        spec = rays_and_jumps(base)
        object.__setattr__(self, "k", k)
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "spec", base.spec)
        object.__setattr__(self, "bound", bound)
        options = np.zeros((bound, bound), dtype=np.uint16)
        self._set_table(solve_counting(spec, bound, lambda c, xs, ys: c < k, options))
        object.__setattr__(self, "cold_options_table", options)

    k: int
    cold_options_table: NDArray[np.uint16]

    def _params(self) -> tuple[int, Rule, int]:
        return self.k, self.base, self.bound

    @property
    def key(self) -> str:  # type: ignore[override]
        return f"block:{self.k}{self._suffix(DEFAULT_SIDE)}"

    @property
    def title(self) -> str:  # type: ignore[override]
        return f"{self.k}-blocking Wythoff{self._over()}, solved on [0, {self.bound})²"

    def cold_options(self, x: int, y: int) -> int:
        """How many of (x, y)'s options are cold (the opponent may block k − 1 of them)."""
        self.check(x, y)
        return int(self.cold_options_table[x, y])

    def cold_options_many(self, xs: Any, ys: Any) -> NDArray[np.int64]:
        """`cold_options` of each cell of [0, bound)², from the table the solve counted (the colour mode
        "cold options")."""
        xs, ys = np.asarray(xs, dtype=np.int64), np.asarray(ys, dtype=np.int64)
        if xs.size:
            self.check(int(xs.max()), int(ys.max()))
        return self.cold_options_table[xs, ys].astype(np.int64)

    @property
    def nbytes(self) -> int:  # type: ignore[override]
        return super().nbytes + int(self.cold_options_table.nbytes)

    def extra_steps(self) -> str:
        return f"before each move the opponent forbids up to {self.k - 1} options, a step the board does not show"

    def position_note(self, x: int, y: int) -> str:
        return blocking_note(self.cold_options(x, y), self.k)


def blocking_note(cold_options: int, k: int) -> str:
    """What k-blocking says of a cell with this many cold options."""
    c, block = cold_options, k - 1
    options = f"{c} of its options {'is' if c == 1 else 'are'} cold"
    if c < k:
        return f"{options}; the opponent may block {block} of them, so none is sure to be left."
    return f"{options}; the opponent may block {block} of them, and {c - block} stay{'s' * (c - block == 1)}."


def check_declared(cold: Any, hot: Any, terminal: int | None) -> None:
    """Refuse an alteration that says two things of one cell: declared both cold and hot, or hot
    inside the terminal set (every solver would have to choose; docs/math.md says none does)."""
    both = set(cold) & set(hot)
    if both:
        raise RuleError(f"{cells_text(tuple(sorted(both)))} is declared both cold and hot")
    inside = tuple(sorted(c for c in hot if terminal is not None and c[0] + c[1] <= terminal))
    if inside:
        raise RuleError(
            f"{cells_text(inside)} is declared hot but lies in the terminal set x + y ≤ {terminal}, "
            "where no move is made: declare it one or the other"
        )
    if not cold and not hot and terminal is None:
        raise RuleError("alter needs cells: cold=(x,y)…, hot=(x,y)… or terminal=K")


class Declared:
    """What an altered game says of itself, solved on a square or by columns: its declared cells,
    its name, and what it notes of a declared cell."""

    base: Rule
    bound: int
    cold_cells: tuple[tuple[int, int], ...]
    hot_cells: tuple[tuple[int, int], ...]
    terminal: int | None
    default_side: ClassVar[int] = DEFAULT_SIDE

    def _declare(self, cold: Any, hot: Any, terminal: int | None) -> None:
        check_declared(cold, hot, terminal)
        object.__setattr__(self, "cold_cells", tuple(sorted(set(cold))))
        object.__setattr__(self, "hot_cells", tuple(sorted(set(hot))))
        object.__setattr__(self, "terminal", terminal)

    def _params(self) -> tuple[Any, ...]:
        return self.base, self.cold_cells, self.hot_cells, self.terminal, self.bound

    def declared(self) -> str:
        parts = []
        if self.cold_cells:
            parts.append(f"cold={cells_text(self.cold_cells)}")
        if self.hot_cells:
            parts.append(f"hot={cells_text(self.hot_cells)}")
        if self.terminal is not None:
            parts.append(f"terminal={self.terminal}")
        return ";".join(parts)

    @property
    def key(self) -> str:
        side = f";n={self.bound}" if self.bound != self.default_side else ""
        base = f"/{self.base.key}" if self.base.key != "wythoff" else ""
        return f"alter:{self.declared()}{side}{base}"

    @property
    def title(self) -> str:
        over = "" if self.base.key == "wythoff" else f" over {self.base.title}"
        return f"Wythoff{over} altered ({self.declared()}), solved on [0, {self.bound:,})²"

    def extra_steps(self) -> str:
        return "its declared cells end or decide the game, which play on the board does not follow"

    def declared_note(self, x: int, y: int) -> str:
        if (x, y) in self.hot_cells:
            return "Declared hot."
        if (x, y) in self.cold_cells:
            return "Declared cold: terminal, no move is made from it."
        if self.terminal is not None and x + y <= self.terminal:
            return f"Terminal: x + y ≤ {self.terminal}, no move is made from it."
        return ""

    def is_terminal(self, x: int, y: int) -> bool:
        return (x, y) in self.cold_cells or (self.terminal is not None and x + y <= self.terminal)


class AlteredRule(Declared, RecursionRule):  # type: ignore[misc,override]
    """The base rule with cells declared cold (terminal) or hot, and every cell with x + y <=
    terminal terminal (Sleator, Hu, Tsin; Komaki, Miyadera, Murakami; docs/math.md), on a square."""

    def __init__(
        self,
        base: Rule,
        cold: tuple[tuple[int, int], ...] = (),
        hot: tuple[tuple[int, int], ...] = (),
        terminal: int | None = None,
        bound: int = DEFAULT_SIDE,
    ) -> None:
        self._declare(cold, hot, terminal)
        spec = rays_and_jumps(base)
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "spec", base.spec)
        object.__setattr__(self, "bound", bound)
        forced_cold = np.zeros((bound, bound), dtype=bool)
        forced_hot = np.zeros((bound, bound), dtype=bool)
        for cells, forced in ((cold, forced_cold), (hot, forced_hot)):
            for x, y in cells:
                if x < bound and y < bound:
                    forced[x, y] = True

        def decide(counts: Any, xs: Any, ys: Any) -> Any:
            out = (counts == 0) | forced_cold[xs, ys]
            if terminal is not None:
                out |= xs + ys <= terminal
            return out & ~forced_hot[xs, ys]

        self._set_table(solve_counting(spec, bound, decide))

    def position_note(self, x: int, y: int) -> str:
        self.check(x, y)
        return self.declared_note(x, y)

    def is_terminal(self, x: int, y: int) -> bool:
        return Declared.is_terminal(self, x, y) or SquareRule.is_terminal(self, x, y)


STAR_CHUNK = 128  # columns between progress reports


def _star_table(jx: NDArray[np.int64], jy: NDArray[np.int64], n: int, progress: Progress | None) -> NDArray[np.bool_]:
    from explorer.core.rules.star_kernel import star_columns  # numba: loaded when a star rule is made

    cold = np.zeros((n, n), dtype=bool)
    hot = np.zeros((n, n), dtype=bool)
    for x in range(0, n, STAR_CHUNK):
        end = min(n, x + STAR_CHUNK)
        star_columns(jx, jy, cold, hot, x, end)
        if progress is not None and not progress(end, n):
            raise RuleError("solving was cancelled; the rule in effect stays")
    return cold


class StarRule(RecursionRule):
    """G⋆: the invariant game whose moves are G's non-zero cold cells, each one jump (Larsson,
    Hegarty, Fraenkel 2011; Larsson 2012)."""

    def __init__(self, base: Rule, bound: int = STAR_SIDE, progress: Progress | None = None) -> None:
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "bound", bound)
        cold = cold_square(base, bound)
        cold[0, 0] = False  # the move (0, 0) is no move
        jx, jy = (v.astype(np.int64) for v in np.nonzero(cold))
        object.__setattr__(self, "spec", StarMoves(tuple(zip(jx.tolist(), jy.tolist(), strict=True))))
        self._set_table(_star_table(jx, jy, bound, progress))

    def _params(self) -> tuple[Rule, int]:
        return self.base, self.bound

    @property
    def key(self) -> str:  # type: ignore[override]
        return "star" + based(self.base, self.bound, STAR_SIDE, always=True)

    @property
    def title(self) -> str:  # type: ignore[override]
        return f"({self.base.title})⋆, solved on [0, {self.bound})²"


class StarMoves(VectorSpec):
    """G⋆'s moves: jumps only, exactly the given vectors (G's cold cells, already mirrored)."""

    def __init__(self, jumps: tuple[tuple[int, int], ...]) -> None:
        object.__setattr__(self, "rays", ())
        object.__setattr__(self, "jumps", tuple(sorted(jumps)))
