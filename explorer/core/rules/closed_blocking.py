"""2- and 3-blocking Wythoff answered at any size from their closed forms (Larsson, "Blocking Wythoff
Nim", 2011; docs/math.md, "Games that change the recursion"), as Wythoff's game is: issue 64 found a far
cell refused where docs/math.md gives the proven answer. The cold cells, with their mirrors:

- k = 3: (0, 0), (x, 2x + 1) and (x, 2x + 2) for every x >= 0;
- k = 2: (0, 0), (2, 2), (x, 2x + 1) for every x >= 0, and (2a_n + 2, 2b_n + 2) for n >= 1: Wythoff's
  cold pairs doubled and moved by (2, 2).

Every answer is a few big-integer operations: a cell's test, the cold cells on each line of a move
behind it (its cold options), the count in [0, X] x [0, Y] (the lines by division, the doubled pairs by
Wythoff's own count, LA(m) = floor((m + 1) / phi)), and a raster's texels by the same counts.
"""

from __future__ import annotations

from typing import Any

from explorer.core.counting.raster import Raster, _combine, _grid
from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game.moves import Move
from explorer.core.game.sequence import count_lower_upto, lower, partner
from explorer.core.game.sequence import is_cold as wythoff_cold
from explorer.core.protocol import Position, Rule
from explorer.core.rules.base import RuleBase, big_integer_cost
from explorer.core.rules.recursion import HotColdOnly, blocking_note

np = lazy_numpy(__name__)

LINES = {2: (1,), 3: (1, 2)}  # the lines y = 2x + c of each k's cold cells (and their mirrors)
COLUMN_NS = 6_000  # a raster's Python work for each column of texels it looks at


def _pairs_below(m: int) -> tuple[int, int]:
    """(#{n >= 1: a_n <= m}, #{n >= 1: b_n <= m}): every whole number 1..m is one of them, once."""
    if m < 0:
        return 0, 0
    la = count_lower_upto(m)
    return la, m - la


def _half(v: int) -> int:
    """The largest a with 2a + 2 <= v (a doubled pair's own coordinate below v)."""
    return (v - 2) // 2


def _pair_cells_below(x: int, y: int) -> int:
    """#{n >= 1: 2a_n + 2 <= x and 2b_n + 2 <= y}: the pairs are sorted, so the least of two counts."""
    if x < 4 or y < 6:
        return 0
    return min(_pairs_below(_half(x))[0], _pairs_below(_half(y))[1])


def _line_cells_below(c: int, x: int, y: int) -> int:
    """#{u >= 0: u <= x and 2u + c <= y}."""
    if x < 0 or y < c:
        return 0
    return min(x, (y - c) // 2) + 1


class ClosedBlocking(HotColdOnly, RuleBase):  # type: ignore[misc]
    """k-blocking over Wythoff's own moves for k = 2 or 3, exact everywhere."""

    k: int
    base: Rule
    count_method = "closed form (Larsson 2011)"

    def __init__(self, k: int, base: Rule) -> None:
        if k not in LINES:
            raise ValueError("the closed forms are 2- and 3-blocking's")
        object.__setattr__(self, "k", k)
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "spec", base.spec)

    def _params(self) -> tuple[int]:
        return (self.k,)

    @property
    def key(self) -> str:  # type: ignore[override]
        return f"block:{self.k}"

    @property
    def title(self) -> str:  # type: ignore[override]
        return f"{self.k}-blocking Wythoff"

    # ----- cells ------------------------------------------------------------------------------------
    def is_cold(self, x: int, y: int) -> bool:
        self.check(x, y)
        x, y = min(x, y), max(x, y)
        if (x, y) == (0, 0) or any(y == 2 * x + c for c in LINES[self.k]):
            return True
        if self.k == 3:
            return False
        if (x, y) == (2, 2):
            return True
        a, b = _half(x), _half(y)
        return x % 2 == 0 and y % 2 == 0 and 1 <= a < b and wythoff_cold(a, b)

    def _column(self, x: int) -> list[int]:
        """The rows of the cold cells of column x (each once)."""
        rows = {2 * x + c for c in LINES[self.k]}
        rows |= {(x - c) // 2 for c in LINES[self.k] if x >= c and (x - c) % 2 == 0}
        if x == 0:
            rows.add(0)
        if self.k == 2:
            if x == 2:
                rows.add(2)
            a = _half(x)
            if x % 2 == 0 and a >= 1:
                rows.add(2 * partner(a) + 2)
        return sorted(rows)

    def _diagonal(self, d: int) -> list[int]:
        """The x of the cold cells on the diagonal y - x = d."""
        xs = set()
        for c in LINES[self.k]:
            if d - c >= 0:
                xs.add(d - c)  # (u, 2u + c)
            if -d - c >= 0:
                xs.add(2 * (-d - c) + c)  # (2v + c, v)
        if d == 0:
            xs.add(0)
            if self.k == 2:
                xs.add(2)
        if self.k == 2 and d and d % 2 == 0:
            n = abs(d) // 2
            a = lower(n)
            xs.add(2 * a + 2 if d > 0 else 2 * (a + n) + 2)
        return sorted(xs)

    def cold_option_cells(self, x: int, y: int) -> list[Position]:
        """The cold cells one move away: on the column below, the row to the left, the diagonal."""
        self.check(x, y)
        found = {(x, v) for v in self._column(x) if v < y}
        found |= {(u, y) for u in self._column(y) if u < x}
        found |= {(u, u + y - x) for u in self._diagonal(y - x) if u < x and u + y - x >= 0}
        return sorted(found)

    def cold_options(self, x: int, y: int) -> int:
        return len(self.cold_option_cells(x, y))

    def cold_options_many(self, xs: Any, ys: Any) -> Any:
        return np.array([self.cold_options(int(x), int(y)) for x, y in zip(xs, ys, strict=True)], dtype=np.int64)

    def winning_moves(self, x: int, y: int) -> list[Move]:
        if self.is_cold(x, y):
            return []
        return [Move.between((x, y), t) for t in self.cold_option_cells(x, y)]

    def position_note(self, x: int, y: int) -> str:
        return blocking_note(self.cold_options(x, y), self.k)

    def extra_steps(self) -> str:
        return f"before each move the opponent forbids up to {self.k - 1} options, a step the board does not show"

    # ----- counting -------------------------------------------------------------------------------
    def cold_count(self, x: int, y: int) -> int:
        if x < 0 or y < 0:
            return 0
        self.check(x, y)
        total = 1  # (0, 0)
        for c in LINES[self.k]:
            total += _line_cells_below(c, x, y) + _line_cells_below(c, y, x)
        if self.k == 2:
            total += int(x >= 2 and y >= 2)  # (2, 2)
            total += _pair_cells_below(x, y) + _pair_cells_below(y, x)
        return total

    def raster(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> Raster:
        """Each texel's count: the lines texel by texel along them, the doubled pairs by their counts
        (both a few texels a column of texels), and the two cells near the origin."""
        tx0, ty0, nx, ny = _grid(x_lo, y_lo, x_hi, y_hi, step)
        found: list[tuple[int, int, int]] = []
        for c in LINES[self.k]:
            found += _along_line(c, tx0, ty0, nx, ny, step)
            found += [(i, j, n) for j, i, n in _along_line(c, ty0, tx0, ny, nx, step)]  # its mirror
        if self.k == 2:
            found += _along_pairs(tx0, ty0, nx, ny, step)
            found += [(i, j, n) for j, i, n in _along_pairs(ty0, tx0, ny, nx, step)]
        for cell in ((0, 0), (2, 2)) if self.k == 2 else ((0, 0),):
            i, j = cell[0] // step - tx0, cell[1] // step - ty0
            if 0 <= i < nx and 0 <= j < ny:
                found.append((i, j, 1))
        big = any(n >= 1 << 62 for _, _, n in found)
        counts = np.array([n for _, _, n in found], dtype=object if big else np.int64)
        cols = np.array([i for i, _, _ in found], dtype=np.int64)
        rows = np.array([j for _, j, _ in found], dtype=np.int64)
        return _combine(tx0, ty0, step, nx, ny, cols, rows, counts)

    def cost(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int) -> int:
        columns = min(max(x_hi - x_lo, y_hi - y_lo, 1), 4096)
        return columns * (COLUMN_NS + 30 * big_integer_cost(x_lo, y_lo, x_hi, y_hi))


def _along_line(c: int, tx0: int, ty0: int, nx: int, ny: int, step: int) -> list[tuple[int, int, int]]:
    """(column texel, row texel, count) of the cells (u, 2u + c) in the texels [tx0, tx0 + nx) x
    [ty0, ty0 + ny) of side `step`."""
    out: list[tuple[int, int, int]] = []
    y_first, y_end = ty0 * step, (ty0 + ny) * step  # the rows in view: [y_first, y_end)
    u_lo = max(tx0 * step, -(-(y_first - c) // 2), 0)  # the columns whose cell lies in view
    u_hi = min((tx0 + nx) * step - 1, (y_end - 1 - c) // 2)
    if u_hi < u_lo:
        return out
    for i in range(u_lo // step - tx0, u_hi // step - tx0 + 1):
        x0, x1 = max((tx0 + i) * step, u_lo), min((tx0 + i + 1) * step - 1, u_hi)
        for j in range((2 * x0 + c) // step - ty0, (2 * x1 + c) // step - ty0 + 1):
            y0, y1 = (ty0 + j) * step, (ty0 + j + 1) * step - 1
            lo, hi = max(x0, -(-(y0 - c) // 2)), min(x1, (y1 - c) // 2)
            if hi >= lo:
                out.append((i, j, hi - lo + 1))
    return out


def _boundary_counts(t0: int, step: int, count: int) -> list[tuple[int, int]]:
    """_pairs_below(_half(B - 1)) at the texel boundaries B = (t0 + i)·step, i < count: those m
    = ⌊((t0 + i)·step − 3) / 2⌋ are two arithmetic progressions of difference `step` (even i, odd i),
    so LA along each takes one square root and integer carries (explorer.core.game.progression), not
    one square root a boundary: 0.12 s each at 10^100 000."""
    from explorer.core.game.progression import lower_counts_along

    out: list[tuple[int, int]] = [(0, 0)] * count
    for parity in (0, 1):
        first = parity
        while first < count and ((t0 + first) * step - 3) // 2 < 0:  # boundaries below the first pair
            first += 2
        if first >= count:
            continue
        m0 = ((t0 + first) * step - 3) // 2
        n = (count - first + 1) // 2
        base, offsets = lower_counts_along(m0, step, n)
        for t in range(n):
            m, la = m0 + t * step, base + int(offsets[t])
            out[first + 2 * t] = (la, m - la)
    return out


def _along_pairs(tx0: int, ty0: int, nx: int, ny: int, step: int) -> list[tuple[int, int, int]]:
    """(column texel, row texel, count) of the doubled pairs (2a_n + 2, 2b_n + 2), n >= 1, in view.
    The pairs left of each column boundary are a prefix of n (LA at the boundary) and those below each
    row boundary another (m - LA(m)): so a texel holds min(·,·)'s inclusion-exclusion at its corners,
    one square root a boundary (10^100 000 cells across in seconds, not minutes), and a column's pairs
    reach only the rows whose prefixes its own straddle."""
    from bisect import bisect_left

    left = [la for la, _ in _boundary_counts(tx0, step, nx + 1)]  # pairs with x < boundary i
    below = [ub for _, ub in _boundary_counts(ty0, step, ny + 1)]  # pairs with y < boundary j
    out: list[tuple[int, int, int]] = []
    for i in range(nx):
        if left[i + 1] == left[i]:
            continue  # no pair's x in this column
        first = max(bisect_left(below, left[i] + 1) - 1, 0)  # the rows of the pairs left[i] + 1 .. left[i + 1]
        last = min(bisect_left(below, left[i + 1]) - 1, ny - 1)
        for j in range(first, last + 1):
            n = (
                min(left[i + 1], below[j + 1])
                - min(left[i], below[j + 1])
                - min(left[i + 1], below[j])
                + min(left[i], below[j])
            )
            if n:
                out.append((i, j, n))
    return out
