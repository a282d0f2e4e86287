"""Rules with closed forms, exact at any size: Wythoff, Fraenkel's a-Wythoff, misère Wythoff, Nim.

Wythoff and Fraenkel's a-Wythoff (docs/math.md, "Variants"): take any number from one pile, or k and l from both
with |k - l| < a (a = 1: equal amounts). Cold pairs (A_n, A_n + a n), A_n = floor(n alpha_a): two
increasing, complementary sequences, so the prefix count, the raster and the Fenwick index are
shared (`explorer.core.game.sequence` states the formulas).
Misère Wythoff: the same moves, taking the last counter loses; the cold set is Wythoff's with
(0,0), (1,2), (2,1) replaced by (0,1), (1,0), (2,2).
Nim (two heaps): no move on both piles; cold iff a == b; G = a XOR b.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from explorer.core.counting.closed_form import pairs_in_prefix
from explorer.core.counting.cold_index import MAX_CELLS, ClosedFormCounter, ColdIndex, Counter
from explorer.core.counting.raster import Raster, rasterize, rasterize_nim, with_changes
from explorer.core.exact.bigint import short_decimal
from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game import bulk
from explorer.core.game.moves import Move
from explorer.core.game.sequence import NumberKind, NumberRole, count_lower_upto, lower, lower_counts
from explorer.core.game.spec import ANY, NONE, MoveSpec
from explorer.core.rules.base import PairRule, Position, Progress, RuleError, SweptValues

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from explorer.core.values.rows import GrundyRows
else:
    np = lazy_numpy(__name__)


def _int64_arrays(*arrays: Any) -> bool:
    return all(isinstance(v, np.ndarray) and v.dtype == np.int64 for v in arrays)


class BeattyRule(PairRule):
    """Cold pairs (A_n, B_n = A_n + a n), n >= 0, with A and B complementary and increasing,
    up to a few single cells (`changes`: cell -> now cold or not)."""

    a: int
    changes: ClassVar[dict[Position, bool]] = {}

    @property
    def spec(self) -> MoveSpec:  # type: ignore[override]
        return MoveSpec(ANY, ANY, self.a)

    # ----- the sequence -----------------------------------------------------------------------
    def lower(self, n: int) -> int:
        return lower(n, self.a)

    def lower_count(self, m: int) -> int:
        """#{n >= 1 : A_n <= m}."""
        return count_lower_upto(m, self.a)

    def lower_array(self, k: NDArray[np.int64]) -> NDArray[np.int64]:
        """A_k for an int64 array (exact up to `max_index`)."""
        return bulk.lower_array(k, self.a)

    def upper_array(self, k: NDArray[np.int64]) -> NDArray[np.int64]:
        """B_k = A_k + a k for an int64 array (exact up to `max_index`)."""
        return bulk.lower_array(k, self.a) + self.a * np.asarray(k, dtype=np.int64)

    @property
    def max_index(self) -> int:
        return bulk.max_index(self.a)

    def cold_pairs(self, start: int, count: int) -> tuple[Any, Any]:
        """(A_k, B_k) for k = start .. start + count - 1: int64 arrays from the exact int64 formula
        while k stays within `max_index`, else a pair at a time (Python integers beyond int64).
        A million pairs a pair at a time held the GIL on a worker for the Structure tab."""
        if self.changes or start < 0 or count <= 0:
            return super().cold_pairs(start, count)
        end = start + count  # past the last k asked
        if end - 1 <= self.max_index:
            xs = self.lower_array(np.arange(start, end, dtype=np.int64))
        elif self.a >= 2 and end <= 1 << 24 and self.a * end < 1 << 60:
            # past the int64 formula (a = 10^6: from k = 3 038), the prefix by complementarity, exact
            # (a million pairs a pair at a time held the GIL 2 s on the Structure tab's worker)
            xs = bulk.lower_prefix(end, self.a)[start:]
        else:
            return super().cold_pairs(start, count)
        return xs, xs + self.a * np.arange(start, end, dtype=np.int64)

    def _pair(self, n: int) -> Position:
        lo = self.lower(n)
        return lo, lo + self.a * n

    def _sequence_cold(self, x: int, y: int) -> bool:
        small, d = min(x, y), abs(x - y)
        return d % self.a == 0 and small == self.lower(d // self.a)

    def _sequence_partner(self, x: int) -> int:
        return self._role(x).partner

    def _role(self, n: int) -> NumberRole:
        if n == 0:
            return NumberRole(NumberKind.ZERO, 0, 0)
        here = self.lower_count(n)
        if here != self.lower_count(n - 1):  # n = A_here
            return NumberRole(NumberKind.LOWER, here, n + self.a * here)
        j = n - here  # n = B_j: there are n - here upper numbers <= n
        return NumberRole(NumberKind.UPPER, j, n - self.a * j)

    # ----- the rule's answers ------------------------------------------------------------------
    def is_cold(self, x: int, y: int) -> bool:
        self.check(x, y)
        if (x, y) in self.changes:
            return self.changes[(x, y)]
        return self._sequence_cold(x, y)

    def partner(self, x: int) -> int:
        """The y with (x, y) cold (each row holds exactly one)."""
        for (cx, cy), cold in self.changes.items():
            if cold and cx == x:
                return cy
        return self._sequence_partner(x)

    def cold_pair(self, k: int) -> Position:
        if k < 0:
            raise RuleError("k must be >= 0")
        return self._pair(k)

    def cold_index(self, x: int, y: int) -> int | None:
        return abs(y - x) // self.a if self.is_cold(x, y) else None

    def number_role(self, n: int) -> NumberRole | None:
        return self._role(n)

    def number_roles(self, first: int, count: int) -> list[NumberRole | None]:
        """The roles of first, first + 1, …: LA of each from one square root (`lower_counts`)."""
        if count <= 0:
            return []
        counts = lower_counts(first - 1, count + 1, self.a)  # LA(n - 1) and LA(n) for each n
        out: list[NumberRole | None] = []
        for i, n in enumerate(range(first, first + count)):
            here, before = counts[i + 1], counts[i]
            if n == 0:
                out.append(NumberRole(NumberKind.ZERO, 0, 0))
            elif here != before:  # n = A_here
                out.append(NumberRole(NumberKind.LOWER, here, n + self.a * here))
            else:  # n = B_j: there are n - here upper numbers <= n
                out.append(NumberRole(NumberKind.UPPER, n - here, n - self.a * (n - here)))
        return out

    def winning_moves(self, x: int, y: int) -> list[Move]:
        """The moves to cold cells: in the row, in the column, or down one of the few diagonals
        whose cold pair can be reached (|k - l| < a): O(1) big-integer operations."""
        if self.is_cold(x, y):
            return []
        targets = {(x, self.partner(x)), (self.partner(y), y)}
        d, a = y - x, self.a
        first = -((-(d - a + 1)) // a) * a  # the smallest multiple of a >= d - a + 1
        for dd in range(first, d + a, a):  # at most two differences: no loop over a
            lo, hi = self._pair(abs(dd) // a)
            targets.add((lo, hi) if dd >= 0 else (hi, lo))
        targets.update(cell for cell, cold in self.changes.items() if cold)
        return self._moves_to(x, y, targets)

    def count_correction(self, x: int, y: int) -> int:
        return sum((1 if cold else -1) for (cx, cy), cold in self.changes.items() if cx <= x and cy <= y)

    def count_correction_many(self, xs: NDArray[np.int64], ys: NDArray[np.int64]) -> NDArray[np.int64]:
        out = np.zeros(xs.shape, dtype=np.int64)
        for (cx, cy), cold in self.changes.items():
            out += np.where((xs >= cx) & (ys >= cy), 1 if cold else -1, 0)
        return out

    def construction_start(self, x: int, y: int) -> int:
        """The first pair with A_k >= min(x, y): one prefix count, O(1) big-integer operations at
        any size (the binary search over k took 16 s at 10^773)."""
        m = max(0, min(x, y))
        if self.changes and m <= 3:
            return super().construction_start(x, y)  # misère's first pairs differ: search them
        return 0 if m == 0 else self.lower_count(m - 1) + 1  # k = 0, and A_1 .. A_j below m

    def construction_caption(self, k: int, x: int, y: int) -> str:
        if self.changes or k == 0:
            return super().construction_caption(k, x, y)
        a, ks, xs, ys = self.a, short_decimal(k), short_decimal(x), short_decimal(y)
        low, up = ("a", "b") if a == 1 else ("A", "B")
        times = f"{ks}" if a == 1 else f"{a}·{ks}"
        return (
            f"{low}_{ks} = {xs}: the least number in no earlier pair; {up}_{ks} = {xs} + {times} = {ys}: "
            f"the difference {short_decimal(y - x)} is new"
        )

    def counter(self, method: str = "auto", max_cells: int = MAX_CELLS) -> Counter:
        if method == "closed-form":
            return ClosedFormCounter(self)
        return ColdIndex(self, max_cells)

    def cold_count(self, x: int, y: int) -> int:
        if x < 0 or y < 0:
            return 0
        return pairs_in_prefix(self.lower_count(x), self.lower_count(y), x, y) + self.count_correction(x, y)

    def cold_count_many(self, xs: Any, ys: Any) -> NDArray | list[int]:
        """C(X, Y) for arrays of bounds: numpy where exact, Python integers beyond."""
        limit = bulk.count_limit(self.a)
        if _int64_arrays(xs, ys) and (xs.size == 0 or (int(xs.max()) <= limit and int(ys.max()) <= limit)):
            if self.a == 1 and (xs.size == 0 or (int(xs.min()) >= 0 and int(ys.min()) >= 0)):
                counts = bulk.prefix_counts_array(xs, ys)  # the same formula, compiled
                if counts is not None:
                    return counts + self.count_correction_many(xs, ys) if self.changes else counts
            lx = bulk.count_lower_upto_array(xs, self.a)
            ly = bulk.count_lower_upto_array(ys, self.a)
            return pairs_in_prefix(lx, ly, xs, ys) + self.count_correction_many(xs, ys)
        return super().cold_count_many(xs, ys)

    def raster(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> Raster:
        r = rasterize(x_lo, y_lo, x_hi, y_hi, step, a=self.a)
        return with_changes(r, {cell: 1 if cold else -1 for cell, cold in self.changes.items()})


class WythoffMoves(BeattyRule):
    """Wythoff's moves, under either play: take any number from one pile, or the same number from both."""

    a: ClassVar[int] = 1  # type: ignore[misc]
    key: ClassVar[str] = "wythoff"  # type: ignore[misc]
    title: ClassVar[str] = "Wythoff"  # type: ignore[misc]

    def cold_pairs(self, start: int, count: int) -> tuple[Any, Any]:
        if self.changes or start < 0:
            return super().cold_pairs(start, count)
        return bulk.cold_pairs(start, count)  # numpy where exact, Python integers beyond

    def answers_text(self) -> bool:
        """Wythoff's own cells (explorer.core.protocol.TextAnswers): not misère's changed ones."""
        return not self.changes

    def is_cold_many(self, xs: Any, ys: Any) -> NDArray[np.bool_]:
        if _int64_arrays(xs, ys) and not self.changes:
            return bulk.is_cold_array(xs, ys)
        return super().is_cold_many(xs, ys)

    def grundy_window(self, x0: int, y0: int, w: int, h: int, progress: Progress | None = None) -> NDArray:
        """Wythoff's own sweep (faster than the general one; tests check they agree), up to its
        extent x + y <= MAX_EXTENT; past it the general sweep, whose cost `value_cost` states."""
        from explorer.core.grundy.kernel import MAX_EXTENT, grundy_window  # compiled: loaded when first needed

        if x0 + w + y0 + h > MAX_EXTENT:
            return super().grundy_window(x0, y0, w, h, progress)
        return grundy_window(x0, y0, w, h, progress)

    def grundy_rows(self, rows: int, progress: Progress | None = None, budget_bytes: int | None = None) -> GrundyRows:
        """Rows 0..rows - 1 of G, certified additively periodic (misère Wythoff shares them:
        G belongs to the moves)."""
        from explorer.core.values.rows import STRIP_BYTES, shared_rows

        return shared_rows(rows, budget_bytes or STRIP_BYTES, progress)


class Wythoff(SweptValues, WythoffMoves):
    """Take any number from one pile, or the same number from both; whoever cannot move loses."""

    value_moves: ClassVar[tuple] = (((1, 0), (0, 1), (1, 1)), ())  # type: ignore[misc]


class Misere(WythoffMoves):
    """Wythoff's moves; the player who takes the last counter loses."""

    key: ClassVar[str] = "misere"  # type: ignore[misc]
    title: ClassVar[str] = "Misère Wythoff (last move loses)"  # type: ignore[misc]
    last_mover_wins: ClassVar[bool] = False
    changes: ClassVar[dict[Position, bool]] = {
        (0, 0): False,
        (1, 2): False,
        (2, 1): False,
        (0, 1): True,
        (1, 0): True,
        (2, 2): True,
    }

    FIRST_PAIRS: ClassVar[tuple[Position, Position]] = ((0, 1), (2, 2))  # replace (0, 0) and (1, 2)

    def cold_pair(self, k: int) -> Position:
        if 0 <= k < 2:
            return self.FIRST_PAIRS[k]  # from k = 2 on as Wythoff
        return super().cold_pair(k)

    def cold_pairs(self, start: int, count: int) -> tuple[Any, Any]:
        """Wythoff's pairs in bulk, the first two replaced (a pair at a time, the Structure tab's
        million pairs would be a million Python tuples: +160 MiB)."""
        if start < 0:
            return super().cold_pairs(start, count)
        xs, ys = bulk.cold_pairs(start, count)
        for k in range(start, min(start + count, 2)):
            xs[k - start], ys[k - start] = self.FIRST_PAIRS[k]
        return xs, ys

    def cold_index(self, x: int, y: int) -> int | None:
        if not self.is_cold(x, y):
            return None
        return {(0, 1): 0, (1, 0): 0, (2, 2): 1}.get((x, y), abs(y - x))

    def number_role(self, n: int) -> NumberRole | None:
        return None  # the lower/upper split differs from Wythoff's near 0; not shown

    def number_roles(self, first: int, count: int) -> list[NumberRole | None]:
        return [None] * max(0, count)


class Fraenkel(BeattyRule):
    """Fraenkel's a-Wythoff: take k from one pile, or k and l from both with |k - l| < a."""

    def __init__(self, a: int = 2) -> None:
        if not isinstance(a, int) or a < 2:
            raise RuleError("Fraenkel's a-Wythoff takes a whole number a >= 2 (a = 1 is Wythoff's game)")
        object.__setattr__(self, "a", a)

    def _params(self) -> tuple[int]:
        return (self.a,)

    @property
    def key(self) -> str:  # type: ignore[override]
        return f"wythoff:{self.a}"

    @property
    def title(self) -> str:  # type: ignore[override]
        return f"Fraenkel's {self.a}-Wythoff (|k − l| < {self.a})"


class Nim(SweptValues, PairRule):
    """Two Nim heaps: take any number from one pile; no move on both."""

    key: ClassVar[str] = "nim"  # type: ignore[misc]
    value_moves: ClassVar[tuple] = (((1, 0), (0, 1)), ())  # type: ignore[misc]
    title: ClassVar[str] = "Nim (no move on both piles)"  # type: ignore[misc]

    @property
    def spec(self) -> MoveSpec:  # type: ignore[override]
        return MoveSpec(ANY, NONE, 1)

    def is_cold(self, x: int, y: int) -> bool:
        self.check(x, y)
        return x == y

    def winning_moves(self, x: int, y: int) -> list[Move]:
        self.check(x, y)
        m = min(x, y)
        return [] if x == y else [Move.between((x, y), (m, m))]

    def partner(self, x: int) -> int:
        return x

    def cold_pairs(self, start: int, count: int) -> tuple[Any, Any]:
        """(k, k) for k = start .. start + count − 1, as int64 arrays while they fit (a million a pair
        at a time held the GIL half a second on the Structure tab's worker)."""
        if start < 0 or count <= 0 or start + count >= 1 << 62:
            return super().cold_pairs(start, count)
        k = np.arange(start, start + count, dtype=np.int64)
        return k, k.copy()

    def cold_pair(self, k: int) -> Position:
        if k < 0:
            raise RuleError("k must be >= 0")
        return k, k

    def cold_index(self, x: int, y: int) -> int | None:
        return x if self.is_cold(x, y) else None

    def construction_start(self, x: int, y: int) -> int:
        return max(0, min(x, y))

    def construction_caption(self, k: int, x: int, y: int) -> str:
        if k == 0:
            return super().construction_caption(k, x, y)
        pos = f"({short_decimal(x)}, {short_decimal(y)})"
        return f"{pos}: equal piles; whatever the mover takes, the other takes as much from the other pile"

    def cold_count(self, x: int, y: int) -> int:
        return min(x, y) + 1 if x >= 0 and y >= 0 else 0

    def is_cold_many(self, xs: Any, ys: Any) -> NDArray[np.bool_]:
        if _int64_arrays(xs, ys):
            return np.asarray(xs == ys)
        return super().is_cold_many(xs, ys)

    def cold_count_many(self, xs: Any, ys: Any) -> NDArray | list[int]:
        if _int64_arrays(xs, ys):
            return np.minimum(xs, ys) + 1
        return super().cold_count_many(xs, ys)

    def raster(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> Raster:
        return rasterize_nim(x_lo, y_lo, x_hi, y_hi, step)

    def grundy_window(self, x0: int, y0: int, w: int, h: int, progress: Progress | None = None) -> NDArray:
        """G(x, y) = x XOR y (two Nim heaps)."""
        xs, ys = _axes(x0, y0, w, h)
        return np.bitwise_xor.outer(xs, ys)

    def remoteness_window(self, x0: int, y0: int, w: int, h: int, progress: Progress | None = None) -> NDArray:
        """R(x, y) = 2 min(x, y) + [x != y]: the winner evens the heaps at once, the loser takes
        one counter at a time and the winner answers in kind."""
        xs, ys = _axes(x0, y0, w, h)
        return 2 * np.minimum.outer(xs, ys) + np.not_equal.outer(xs, ys).astype(xs.dtype)

    def closed_values(self, x: int, y: int) -> tuple[int, int]:
        self.check(x, y)
        return x ^ y, 2 * min(x, y) + (x != y)

    def options_of_value(self, x: int, y: int, t: int) -> list[Position]:
        """The options of (x, y) of value t: (t XOR y, y) and (x, t XOR x), where they are moves."""
        self.check(x, y)
        return [c for c in ((t ^ y, y), (x, t ^ x)) if (c[0] < x and c[1] == y) or (c[0] == x and c[1] < y)]


def _axes(x0: int, y0: int, w: int, h: int) -> tuple[NDArray, NDArray]:
    if min(x0, y0) < 0 or min(w, h) < 1:
        raise RuleError("the window needs x0, y0 >= 0 and w, h >= 1")
    if x0 + w + y0 + h < 2**61:
        return np.arange(x0, x0 + w, dtype=np.int64), np.arange(y0, y0 + h, dtype=np.int64)
    return (
        np.array([x0 + i for i in range(w)], dtype=object),
        np.array([y0 + j for j in range(h)], dtype=object),
    )
