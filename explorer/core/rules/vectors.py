"""Two-pile invariant games written as move vectors (Duchêne and Rigo; docs/math.md, "Rules as move vectors").

A *ray* (p, q), gcd(p, q) = 1, takes (k·p, k·q) for any k >= 1; a *jump* (i, j) takes exactly
(i, j). Each vector stands with its mirror, so the game stays symmetric. Wythoff's game is the
rays (1, 0), (1, 1); Maharaja Nim adds the knight's jumps (1, 2); (1,2)-GDWN adds the ray (1, 2).

- With the ray (1, 0) (Nim's moves) the cold cells are a generated sequence, one per column
  (`VectorSequenceRule`, solved by `explorer.core.game.vector_sequence`): exact on the columns
  solved so far, which grow on demand up to a memory budget; beyond them the rule refuses with
  the bound named.
- Without it (`VectorSquareRule`, in explorer.core.rules.vector_rules) they are solved on a square, as custom rules are.
Grundy values and remoteness of every vector rule come from `explorer.core.values.vectors`.
"""

from __future__ import annotations

import sys
import threading
import weakref
from typing import TYPE_CHECKING, Any, ClassVar

from explorer.core import budget
from explorer.core.counting.closed_form import Count, cells_in, rectangle_from_prefix
from explorer.core.counting.raster import Raster
from explorer.core.exact.bigint import short_decimal
from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game.moves import Move
from explorer.core.game.sequence import NumberKind, NumberRole
from explorer.core.game.sweep_small import SMALL_COLUMNS
from explorer.core.game.vector_spec import VectorSpec
from explorer.core.rules.base import (
    OutOfBounds,
    PairRule,
    Position,
    Progress,
    Rule,
    RuleError,
    SweptValues,
    big_integer_cost,
)

__all__ = ["VectorRuleMixin", "VectorSequenceRule", "VectorSpec"]

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from explorer.core.game.sweep_small import SmallSequence
    from explorer.core.game.vector_sequence import SequenceEngine, Solved
    from explorer.core.values.table import ValueTable
else:
    np = lazy_numpy(__name__)

START_COLUMNS = 1 << 16  # solved when the rule is first asked (a few milliseconds)


# ----- the engines, shared by equal rules ------------------------------------------------------------
_ENGINES: weakref.WeakValueDictionary[VectorSpec, SequenceEngine] = weakref.WeakValueDictionary()
_ENGINES_LOCK = threading.Lock()


_RECENT: list[VectorSpec] = []  # the sequences asked for last, latest first
KEPT_GROWN = 1  # sequences kept as far as they grew (the rule in use); the others shrink back to START_COLUMNS


def _engine_for(spec: VectorSpec) -> SequenceEngine:
    """The shared sweep of these vectors. The memory budget of sequences: the one asked for last
    keeps every column it grew to; older ones (a game under an earlier rule may still hold its
    rule) shrink back to their first START_COLUMNS columns, and grow again if asked."""
    from explorer.core.game.vector_sequence import SequenceEngine

    with _ENGINES_LOCK:
        engine = _ENGINES.get(spec)
        if engine is None:
            engine = SequenceEngine(spec.rays, spec.jumps)
            _ENGINES[spec] = engine
        if spec in _RECENT:
            _RECENT.remove(spec)
        _RECENT.insert(0, spec)
        for old in _RECENT[KEPT_GROWN:]:
            other = _ENGINES.get(old)
            if other is not None:
                other.shrink(START_COLUMNS)
        del _RECENT[4 * KEPT_GROWN :]
        return engine


def _numpy_loaded() -> bool:
    """Whether this process has loaded numpy already (the window, a notebook, a command reading
    arrays): a rule made there solves its first START_COLUMNS at once with the compiled sweep,
    as it always did. A light command has not: its rule solves the few columns it is asked
    about in plain Python, and loads numpy only if it is asked for more."""
    return "numpy" in sys.modules


class VectorRuleMixin:
    """What every vector rule shares: its moves' Grundy values and remoteness, and its cost."""

    spec: VectorSpec

    def value_table(self, nx: int, ny: int, progress: Progress | None = None) -> ValueTable:
        """G, cold and R on [0, nx) x [0, ny) by the vectors' own sweep (it needs no sequence)."""
        from explorer.core.values.vectors import vector_value_table

        return vector_value_table(self.spec, nx, ny, progress)

    def value_cost(self, nx: int, ny: int) -> tuple[int, int]:
        from explorer.core.values.cost import vector_cost

        return vector_cost(self.spec, nx, ny)


class VectorSequenceRule(SweptValues, VectorRuleMixin, PairRule):
    """A vector rule with Nim's rays: cold cells as the generated sequence col[x], exact on the
    columns solved so far (`bound`), grown on demand by `reach`."""

    spec: VectorSpec  # type: ignore[assignment]
    name: str
    label: str
    count_method: ClassVar[str] = "generated sequence"

    def __init__(self, spec: VectorSpec, name: str = "", label: str = "") -> None:
        if not spec.has_nim_rays:
            raise RuleError("a generated sequence needs Nim's ray (1, 0)")
        object.__setattr__(self, "spec", spec)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "engine", _engine_for(spec))
        if self.engine.n < START_COLUMNS and _numpy_loaded():
            self.engine.grow(START_COLUMNS)  # else when first asked for (`solved`): a light command

    engine: SequenceEngine

    @property
    def value_moves(self) -> tuple:  # type: ignore[override]
        return self.spec.rays, self.spec.jumps

    def _params(self) -> tuple[VectorSpec]:
        return (self.spec,)  # the name is the preset's, for people; the moves make the rule

    @property
    def key(self) -> str:  # type: ignore[override]
        return self.name or f"vectors:{self.spec.text()}"

    @property
    def title(self) -> str:  # type: ignore[override]
        return self.label or f"Move vectors: {self.spec.describe()}"

    # ----- how far it is solved ------------------------------------------------------------------
    @property
    def solved(self) -> Solved:
        """The compiled sweep's columns: START_COLUMNS at least, solved here if a light command
        made the rule without them."""
        if self.engine.n < START_COLUMNS:
            self.engine.grow(START_COLUMNS)
        return self.engine.solved

    @property
    def bound(self) -> int:  # type: ignore[override]
        return max(self.engine.n, START_COLUMNS)  # the first START_COLUMNS are solved when first asked

    def _small(self, m: int) -> SmallSequence | None:
        """The columns up to m solved in plain Python, while the compiled sweep has not solved them
        (in a process without numpy, where numpy's import alone would double `moves 5 7`'s
        time); None when the compiled sequence answers."""
        if m < self.engine.n or m >= SMALL_COLUMNS:
            return None
        return self.engine.small(m)

    def _column(self, x: int) -> int:
        """col[x], for a column x < bound."""
        small = self._small(x)
        return small.col[x] if small is not None else int(self.solved.col[x])

    def _pairs_below(self, v: int) -> int:
        """How many cold pairs x <= y have x < v (v < bound)."""
        small = self._small(v)
        return small.rank(v) if small is not None else _rank(self._upper_xs(), v)

    @property
    def nbytes(self) -> int:  # type: ignore[override]
        return self.engine.nbytes

    def reach(self, m: int, progress: Progress | None = None, budget_bytes: int | None = None) -> None:
        """Solve the columns up to m (by doubling), within `budget_bytes` (a command's budget when
        None); raises OutOfBounds naming the bound when m lies beyond what the budget allows."""
        limit = budget.GENERATED_CLI_BYTES if budget_bytes is None else budget_bytes
        if m < self.bound:
            return
        most = self.engine.max_columns(limit)
        if m >= most:
            raise OutOfBounds(
                f"this rule is solved as a generated sequence up to {most:,} columns in {limit >> 20} MiB; "
                f"{short_decimal(m)} lies beyond",
                most,
            )
        n = max(self.bound, 1)
        while n <= m:
            n *= 2
        from explorer.core.game.vector_sequence import SequenceOutOfMemory, SequenceTooLarge

        target = min(n, most)
        try:
            self.engine.grow(target, progress, limit)
        except SequenceOutOfMemory:
            # Growth stops at what fits: half as far, and half again, while that still adds columns.
            step = target // 2
            while step > self.bound:
                try:
                    self.engine.grow(step, progress, limit)
                    break
                except SequenceOutOfMemory:
                    step //= 2
            raise OutOfBounds(self.engine.out_of_memory(target)) from None
        except SequenceTooLarge as exc:
            raise OutOfBounds(str(exc)) from None

    def reach_limit(self, budget_bytes: int) -> int:
        return self.engine.max_columns(budget_bytes)

    def working_copy(self) -> VectorSequenceRule:
        """The same rule over a working copy of its sequence: a worker grows that (`reach`), and
        the rule takes the columns solved when its owner's thread `adopt`s the copy."""
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        object.__setattr__(copy, "engine", self.engine.working_copy())
        return copy

    def adopt(self, copy: Rule) -> bool:
        """Take the columns a working copy of this rule solved (False: none more than it has).
        The copy shares this rule's sequence from then on (a game replayed under it keeps no
        columns of its own)."""
        if not isinstance(copy, VectorSequenceRule) or copy.spec != self.spec:
            return False
        taken = self.engine.adopt(copy.engine)
        object.__setattr__(copy, "engine", self.engine)
        return taken

    def reach_bytes(self, m: int) -> int:
        """The peak while `reach(m)` solves the columns up to the power of two past m: the sweep's,
        or what it keeps with the pairs' index, whichever is larger."""
        if m < self.bound:
            return 0
        n = max(self.bound, 1)
        while n <= m:
            n *= 2
        return max(self.engine.bytes_for(n), self.engine.kept_bytes(n))

    def construction_start(self, x: int, y: int) -> int:
        """The first pair whose x is at least min(x, y): one look-up in the pairs solved so far
        (past them, their count: the construction there is not solved yet)."""
        return _rank(self._upper_xs(), max(0, min(x, y)))

    def check(self, x: int, y: int) -> None:
        if x < 0 or y < 0:
            raise RuleError("piles hold 0 or more counters")
        n = self.bound
        if x >= n or y >= n:
            raise OutOfBounds(
                f"this rule is solved on [0, {n:,})² so far (a generated sequence, solved further on demand); "
                f"({short_decimal(x)}, {short_decimal(y)}) lies beyond",
                n,
            )

    # ----- cells --------------------------------------------------------------------------------
    def partner(self, x: int) -> int:
        """The y with (x, y) cold (each column holds exactly one)."""
        self.check(x, 0)
        return self._column(x)

    def is_cold(self, x: int, y: int) -> bool:
        self.check(x, y)
        return self._column(x) == y

    def winning_moves(self, x: int, y: int) -> list[Move]:
        """The cold cell of each ray's line behind (x, y), and each jump's target: the row's and
        the column's by one lookup, other rays by one vectorised pass along the line (a loop over
        the plain-Python columns, in a light command)."""
        self.check(x, y)
        if self._column(x) == y:
            return []
        small = self._small(max(x, y))
        targets: set[Position] = set()
        for p, q in self.spec.rays:
            found = small.on_line(x, y, p, q) if small is not None else _cold_on_line(self.solved.col, x, y, p, q)
            if found is not None:
                targets.add(found)
        for i, j in self.spec.jumps:
            if i <= x and j <= y and self._column(x - i) == y - j:
                targets.add((x - i, y - j))
        return sorted(Move.between((x, y), t) for t in targets)

    def _upper_xs(self) -> NDArray[np.int32]:
        self.solved  # noqa: B018  # the first START_COLUMNS, if a light command made the rule
        return self.engine.upper_columns()

    def cold_pair(self, k: int) -> Position:
        if k < 0:
            raise RuleError("k must be >= 0")
        xs = self._upper_xs()
        if k >= xs.size:
            raise OutOfBounds(f"{xs.size:,} cold pairs x <= y are solved so far; pair {short_decimal(k)} lies beyond")
        x = int(xs[k])
        return x, self._column(x)

    def cold_pairs(self, start: int, count: int) -> tuple[Any, Any]:
        xs = self._upper_xs()
        if start < 0 or start + count > xs.size:
            raise OutOfBounds(f"{xs.size:,} cold pairs x <= y are solved so far")
        chosen = xs[start : start + count]
        return chosen.astype(np.int64), self.solved.col[chosen].astype(np.int64)

    def cold_index(self, x: int, y: int) -> int | None:
        if not self.is_cold(x, y):
            return None
        return self._pairs_below(min(x, y))

    def number_role(self, n: int) -> NumberRole | None:
        self.check(n, 0)
        p = self._column(n)
        if n == 0:
            return NumberRole(NumberKind.ZERO, 0, 0)
        if p == n:
            return None
        k = self._pairs_below(min(n, p))
        return NumberRole(NumberKind.LOWER if p > n else NumberKind.UPPER, k, p)

    def construction_caption(self, k: int, x: int, y: int) -> str:
        """What step k of the column sweep decided (its lines and jumps follow from the moves)."""
        if k == 0:
            return "(0, 0): no move is left, so the player to move loses: the first cold cell"
        others = " ".join(f"({p},{q})" for p, q in self.spec.rays if (p, q) not in ((1, 0), (0, 1)))
        jumps = ", and no jump away from a cold cell" if self.spec.jumps else ""
        return (
            f"column {short_decimal(x)}: the least with no cold cell yet; row {short_decimal(y)}: the least "
            f"y >= {short_decimal(x)} whose row is free, on no used line of the rays {others or '(1,0)'}{jumps}"
        )

    # ----- counting -------------------------------------------------------------------------------
    def cold_count(self, x: int, y: int) -> int:
        if x < 0 or y < 0:
            return 0
        self.check(x, y)
        return int(np.count_nonzero(self.solved.col[: x + 1] <= y))

    def count_rect(self, x0: int, y0: int, x1: int, y1: int) -> Count:
        if x1 >= x0 and y1 >= y0:
            self.check(max(x1, 0), max(y1, 0))
        return Count(
            rectangle_from_prefix(self.cold_count, x0, y0, x1, y1), cells_in(x0, y0, x1, y1), self.count_method
        )

    def is_cold_many(self, xs: Any, ys: Any) -> NDArray[np.bool_]:
        xs, ys = np.asarray(xs, dtype=np.int64), np.asarray(ys, dtype=np.int64)
        if xs.size:
            self.check(int(xs.max()), int(ys.max()))
            self.check(int(xs.min()), int(ys.min()))
        return self.solved.col[xs] == ys

    def cold_count_many(self, xs: Any, ys: Any) -> NDArray:
        """C(X, Y) for many bounds: one sweep over the sequence with a Fenwick tree over y."""
        from explorer.core.counting.sequence_index import dominance_over_sequence

        xs, ys = np.asarray(xs, dtype=np.int64), np.asarray(ys, dtype=np.int64)
        inside = (xs >= 0) & (ys >= 0)
        if np.any(inside):
            self.check(int(xs[inside].max()), int(ys[inside].max()))
        solved = self.solved
        return dominance_over_sequence(solved.col[: solved.n], xs, ys)

    def counter(self, method: str = "auto", max_cells: int = 0) -> Any:
        from explorer.core.counting.sequence_index import SequenceCounter

        return SequenceCounter(self)

    def raster(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> Raster:
        """Exact counts from the sequence: each solved column's cold cell falls in one texel."""
        from explorer.core.counting.raster import rasterize_sequence

        solved = self.solved
        return rasterize_sequence(solved.col, solved.n, x_lo, y_lo, x_hi, y_hi, step)

    def cost(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int) -> int:
        """About how many ns drawing this view (a step per solved column its texels reach) or
        reporting on this cell (its winning moves look along each ray's line behind it: a step per
        column; far out, 2^24 of them take 389 ms) takes."""
        n = max(self.bound, self.engine.growing_to)  # a growth under way may finish before the raster starts
        # Texels are aligned to multiples of their width (at most the view's), so the columns a raster
        # scans reach up to a view's width past either edge: a view 10^672 cells wide ending at
        # column 200 000 had one texel [0, 10^672 / 700) holding all 16 million solved columns
        # (1.8 s under Maharaja).
        width = max(x_hi - x_lo, 0)
        columns = max(0, min(x_hi + width, n) - max(x_lo - width, 0))
        line_steps = min(max(min(x_lo, y_lo), 0), n)
        return max(COLUMN_NS * columns, LINE_STEP_NS * line_steps, big_integer_cost(x_lo, y_lo, x_hi, y_hi))


def _rank(xs: NDArray, v: int) -> int:
    """How many of the sorted xs are below v (the key in the array's own type: a Python int made
    numpy convert the whole array, 4 million entries, for each look-up)."""
    return int(xs.searchsorted(xs.dtype.type(v))) if v < 2**31 else int(xs.size)


# What answering costs, measured alone on the 2-core test machine (the GUI thresholds the sum):
COLUMN_NS = 40  # a raster's step per solved column (2^18 columns: 8.6 ms; 2^20: 28.6 ms)
LINE_STEP_NS = 25  # a winning-move scan's step along a ray's line (2^24 steps: 389 ms)


def _cold_on_line(col: NDArray, x: int, y: int, p: int, q: int) -> Position | None:
    """The cold cell on the ray (p, q) behind (x, y), if any (each line holds at most one): the
    cell of value 0 on the line (explorer.core.game.value_sequences.cell_on_line)."""
    from explorer.core.game.value_sequences import cell_on_line

    return cell_on_line(col, x, y, p, q)
