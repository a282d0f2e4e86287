"""Independent oracles for the soak: what each rule's answers must be, computed another way.

Nothing here imports `explorer`. Closed-form rules are checked with `decimal` square roots (not
the integer square roots the program uses) and the mex recurrence; bounded custom rules with a
plain dynamic programme over the rule's own words; small positions by brute force.

A rule is described here by `Definition`: the amounts a move may take from one pile and from
both piles ("any", None or a set), the difference bound `a` (|k - l| < a), the side `n` of the
square it is solved on (None: unbounded) and the play convention.
"""

from __future__ import annotations

import decimal
import sys
from dataclasses import dataclass
from functools import lru_cache

ANY = "any"
if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)  # numbers of thousands of digits are printed and read here


@dataclass(frozen=True)
class Definition:
    one: object  # "any", None or a frozenset of amounts
    both: object
    a: int = 1
    n: int | None = None
    misere: bool = False

    @property
    def closed(self) -> bool:
        """Unbounded: one of the rules with a closed form (Nim, a-Wythoff, misère Wythoff)."""
        return self.n is None


NIM = Definition(ANY, None)
WYTHOFF = Definition(ANY, ANY)
MISERE = Definition(ANY, ANY, misere=True)


def fraenkel(a: int) -> Definition:
    return Definition(ANY, ANY, a)


def _allows(amounts: object, k: int) -> bool:
    return amounts == ANY or (isinstance(amounts, frozenset) and k in amounts)


def legal(d: Definition, src: tuple[int, int], dst: tuple[int, int]) -> bool:
    """One move of the rule from src to dst, by the definition."""
    k, l = src[0] - dst[0], src[1] - dst[1]
    if min(dst) < 0 or k < 0 or l < 0 or (k == 0 and l == 0):
        return False
    if k == 0 or l == 0:
        return _allows(d.one, k or l)
    return d.both is not None and abs(k - l) < d.a and _allows(d.both, k) and _allows(d.both, l)


def moves_small(d: Definition, x: int, y: int) -> list[tuple[int, int]]:
    """Every move from (x, y), listed (only for small positions)."""
    out = [(x - k, y) for k in range(1, x + 1) if _allows(d.one, k)]
    out += [(x, y - k) for k in range(1, y + 1) if _allows(d.one, k)]
    if d.both is not None:
        for k in range(1, x + 1):
            if not _allows(d.both, k):
                continue
            for l in range(max(1, k - d.a + 1), min(y, k + d.a - 1) + 1):
                if _allows(d.both, l):
                    out.append((x - k, y - l))
    return out


@lru_cache(maxsize=16)
def solved(d: Definition, n: int) -> tuple[tuple[bool, ...], ...]:
    """cold[x][y] on [0, n)² by the definition (who cannot move loses, or wins under misère)."""
    cold = [[False] * n for _ in range(n)]
    for s in range(2 * n - 1):
        for x in range(max(0, s - n + 1), min(s, n - 1) + 1):
            y = s - x
            moves = moves_small(d, x, y)
            cold[x][y] = (not d.misere) if not moves else not any(cold[i][j] for i, j in moves)
    return tuple(tuple(row) for row in cold)


# ----- a-Wythoff by decimal square roots ---------------------------------------------------------
def _context(*numbers: int) -> decimal.Context:
    """Twice the digits, and more: α is a quadratic irrational, so k α stays at least about
    1/(sqrt(a² + 4) k) from every integer, but no nearer. Fibonacci-like k come that near
    (k = F_n for φ), so digits + 40 floored them wrong past ~40 digits."""
    digits = max(len(str(abs(v))) for v in numbers) if numbers else 1
    return decimal.Context(prec=2 * digits + 40, rounding=decimal.ROUND_FLOOR)


def _alpha(a: int, ctx: decimal.Context) -> decimal.Decimal:
    """Fraenkel's α = (2 - a + sqrt(a² + 4)) / 2: lower numbers are floor(k α), upper floor(k α) + a k.
    (Every operation in `ctx`: the thread's default context holds only 28 digits.)"""
    return ctx.divide(ctx.add(decimal.Decimal(2 - a), ctx.sqrt(decimal.Decimal(a * a + 4))), 2)


def lower(k: int, a: int = 1) -> int:
    ctx = _context(k, 10 * a)
    return int(
        ctx.multiply(decimal.Decimal(k), _alpha(a, ctx)).to_integral_value(rounding=decimal.ROUND_FLOOR, context=ctx)
    )


def _count_upto(m: int, a: int, upper: bool) -> int:
    """#{k >= 1 : lower_k <= m} (or upper_k): floor((m + 1) / γ) for the irrational γ = α (or α + a)."""
    if m < 0:
        return 0
    ctx = _context(m, 10 * a)
    gamma = ctx.add(_alpha(a, ctx), decimal.Decimal(a if upper else 0))
    return int(ctx.divide(decimal.Decimal(m + 1), gamma).to_integral_value(rounding=decimal.ROUND_FLOOR, context=ctx))


def _beatty_cold(x: int, y: int, a: int) -> bool:
    lo, hi = min(x, y), max(x, y)
    if (hi - lo) % a:
        return False
    k = (hi - lo) // a
    return lo == lower(k, a) if k else lo == 0


def _misere_changes() -> dict[tuple[int, int], bool]:
    """Where misère Wythoff differs from Wythoff: brute force on a small square."""
    small = solved(MISERE, 12)
    plain = solved(WYTHOFF, 12)
    return {(x, y): small[x][y] for x in range(12) for y in range(12) if small[x][y] != plain[x][y]}


def is_cold(d: Definition, x: int, y: int) -> bool:
    if d.n is not None:
        return solved(d, d.n)[x][y]
    if d.both is None:  # Nim
        return x == y
    if d.misere:
        changes = _misere_changes()
        if (x, y) in changes:
            return changes[(x, y)]
    return _beatty_cold(x, y, d.a)


def count_prefix(d: Definition, x: int, y: int) -> int:
    """Cold cells in [0, x] × [0, y] (x, y >= -1)."""
    if x < 0 or y < 0:
        return 0
    if d.n is not None:
        table = solved(d, d.n)
        return sum(table[i][j] for i in range(min(x, d.n - 1) + 1) for j in range(min(y, d.n - 1) + 1))
    if d.both is None:
        return min(x, y) + 1
    a = d.a
    # (0, 0), then pairs (lower_k, upper_k) below the diagonal side and their mirrors.
    below = min(_count_upto(x, a, False), _count_upto(y, a, True))
    above = min(_count_upto(y, a, False), _count_upto(x, a, True))
    total = 1 + below + above
    if d.misere:
        for (i, j), cold in _misere_changes().items():
            if i <= x and j <= y:
                total += 1 if cold else -1
    return total


def count_rect(d: Definition, x0: int, y0: int, x1: int, y1: int) -> int:
    return (
        count_prefix(d, x1, y1)
        - count_prefix(d, x0 - 1, y1)
        - count_prefix(d, x1, y0 - 1)
        + count_prefix(d, x0 - 1, y0 - 1)
    )


def count_rect_small(d: Definition, x0: int, y0: int, x1: int, y1: int) -> int:
    """The same by looking at every cell (small rectangles only): checks count_rect itself."""
    return sum(is_cold(d, x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))


def has_move(d: Definition, x: int, y: int) -> bool:
    if x > 0 or y > 0:
        return bool(moves_small(d, min(x, 64), min(y, 64)))
    return False


def array_entry(row: int, col: int) -> int:
    """W(row, col) of the Wythoff array by its definition: a(a(m)), a(a(m)) + a(m), then sums,
    with a() by decimal square roots."""
    am = lower(row)
    w1 = lower(am)
    w2 = w1 + am
    for _ in range(col - 1):
        w1, w2 = w2, w1 + w2
    return w1
