"""Rules of two-pile take-away games: Wythoff and its variants, exactly, and custom rules.

Closed-form rules (exact at any size, MATH.md):
- `wythoff`: take any number from one pile, or the same number from both.
- `nim`: no move on both piles; cold iff a == b.
- `misere`: Wythoff where taking the last counter loses; the cold set is Wythoff's with
  (0,0), (1,2), (2,1) replaced by (0,1), (1,0), (2,2).
- `wythoff:A` (Fraenkel's a-Wythoff, A >= 1): take k from one pile, or k and l from both with
  |k - l| < A. Cold pairs (A_n, A_n + A*n), A_n = (n(2 - A) + isqrt(n^2 (A^2 + 4))) // 2.

Every rule answers `is_cold`, `winning_moves`, `cold_pair`, `legal_moves` (for small piles and
brute force) and `lower_count` (how many k >= 1 have A_k <= m), which the raster uses.
Custom rules (`custom.py`) are solved by dynamic programming on a bounded grid.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import isqrt

from explorer.core.game.moves import Move, MoveKind
from explorer.core.game.sequence import count_lower_upto, lower, partner

RULE_NAMES = ("wythoff", "nim", "misere", "wythoff:A")
MISERE_SWAPS = {(0, 0): False, (1, 2): False, (2, 1): False, (0, 1): True, (1, 0): True, (2, 2): True}


class UnknownRule(ValueError):
    pass


@dataclass(frozen=True)
class Rule:
    """A closed-form rule. `a` is Fraenkel's parameter (1 for Wythoff and misère)."""

    name: str
    a: int = 1

    @property
    def title(self) -> str:
        if self.a > 1:
            return f"Fraenkel's {self.a}-Wythoff (|k − l| < {self.a})"
        return {
            "wythoff": "Wythoff",
            "nim": "Nim (no move on both piles)",
            "misere": "Misère Wythoff (last move loses)",
        }[self.name]

    @property
    def has_diagonal(self) -> bool:
        return self.name != "nim"

    # ----- the cold sequence ---------------------------------------------------------------
    def lower(self, n: int) -> int:
        """A_n, the smaller number of the n-th cold pair of the normal-play sequence."""
        if self.name == "nim":
            return n
        if self.a == 1:
            return lower(n)
        a = self.a
        return (n * (2 - a) + isqrt(n * n * (a * a + 4))) // 2

    def cold_pair(self, n: int) -> tuple[int, int]:
        """The n-th cold pair (n >= 0), smaller number first."""
        if self.name == "misere" and n < 2:
            return ((0, 1), (2, 2))[n]  # replaces (0, 0) and (1, 2); from n = 2 on as Wythoff
        if self.name == "nim":
            return n, n
        lo = self.lower(n)
        return lo, lo + self.a * n

    def lower_count(self, m: int) -> int:
        """#{n >= 1 : A_n <= m} = floor((m + 1) / alpha) (not meaningful for nim/misère)."""
        if m < 0:
            return 0
        if self.a == 1:
            return count_lower_upto(m)
        a, big = self.a, m + 1
        return (isqrt(big * big * (a * a + 4)) + big * (a - 2)) // (2 * a)

    def is_cold(self, x: int, y: int) -> bool:
        if x < 0 or y < 0:
            raise ValueError("piles must be >= 0")
        if self.name == "nim":
            return x == y
        if self.name == "misere" and (x, y) in MISERE_SWAPS:
            return MISERE_SWAPS[(x, y)]
        small, d = min(x, y), abs(x - y)
        if d % self.a:
            return False
        return small == self.lower(d // self.a)

    def partner(self, x: int) -> int | None:
        """The y with (x, y) cold (each row holds exactly one)."""
        if self.name == "nim":
            return x
        if self.name == "misere" and x <= 2:
            return {0: 1, 1: 0, 2: 2}[x]
        if self.a == 1:
            return partner(x)
        if x == 0:
            return 0
        here = self.lower_count(x)
        if here != self.lower_count(x - 1):  # x = A_here
            return x + self.a * here
        # x = B_n = A_n + a n: A_n = x - a n and there are x - here upper numbers <= x
        n = x - here
        return x - self.a * n

    # ----- moves ---------------------------------------------------------------------------
    def legal_moves(self, x: int, y: int) -> list[tuple[int, int]]:
        """Every position one move away (for small piles: brute force, play, tests)."""
        out = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
        if self.has_diagonal:
            for k in range(1, x + 1):
                for step in range(max(1, k - self.a + 1), min(y, k + self.a - 1) + 1):
                    out.append((x - k, y - step))
        return out

    def winning_moves(self, x: int, y: int) -> list[Move]:
        """All moves to cold positions, sorted by target; empty for a cold position."""
        if self.is_cold(x, y):
            return []
        targets: set[tuple[int, int]] = set()
        px, py = self.partner(x), self.partner(y)
        if px is not None and px < y:
            targets.add((x, px))
        if py is not None and py < x:
            targets.add((py, y))
        if self.has_diagonal:
            targets |= self._diagonal_targets(x, y)
        if self.name == "misere":
            targets |= {t for t in MISERE_SWAPS if MISERE_SWAPS[t] and self._reachable(x, y, *t)}
            targets = {t for t in targets if self.is_cold(*t) and self._reachable(x, y, *t)}
        moves = [_move(x, y, t) for t in targets if self.is_cold(*t)]
        return sorted(moves)

    def _reachable(self, x: int, y: int, tx: int, ty: int) -> bool:
        k, l = x - tx, y - ty
        if k < 0 or l < 0 or (k, l) == (0, 0):
            return False
        if k == 0 or l == 0:
            return True
        return self.has_diagonal and k > 0 and l > 0 and abs(k - l) < self.a

    def _diagonal_targets(self, x: int, y: int) -> set[tuple[int, int]]:
        """Cold targets (x - k, y - l), k, l >= 1, |k - l| < a: their difference is within
        a - 1 of y - x, so only a few cold pairs can qualify."""
        found = set()
        d = y - x
        for dd in range(d - self.a + 1, d + self.a):
            if dd % self.a:
                continue
            n = abs(dd) // self.a
            lo = self.lower(n)
            hi = lo + self.a * n
            target = (lo, hi) if dd >= 0 else (hi, lo)
            if self._reachable(x, y, *target) and target[0] < x and target[1] < y:
                found.add(target)
        return found


def _move(x: int, y: int, target: tuple[int, int]) -> Move:
    k, l = x - target[0], y - target[1]
    if l == 0:
        return Move(target, (x, y), MoveKind.FROM_A, k)
    if k == 0:
        return Move(target, (x, y), MoveKind.FROM_B, l)
    return Move(target, (x, y), MoveKind.FROM_BOTH, max(k, l))


def parse_rule(text: str) -> Rule:
    """'wythoff', 'nim', 'misere' or 'wythoff:A' (A >= 1)."""
    name = text.strip().lower()
    if name in ("wythoff", "nim", "misere"):
        return Rule(name)
    if name.startswith("wythoff:"):
        value = name.split(":", 1)[1]
        if value.isdigit() and int(value) >= 1:
            return Rule("wythoff", int(value)) if int(value) > 1 else Rule("wythoff")
    raise UnknownRule(f"unknown rule {text!r}: valid rules are wythoff, nim, misere, wythoff:A (A a whole number >= 1)")


def cold_count(rule: Rule, x: int, y: int) -> int:
    """Cold cells in [0, x] x [0, y] under a closed-form rule, exactly, at any size."""
    if x < 0 or y < 0:
        return 0
    if rule.name == "nim":
        return min(x, y) + 1
    lx, ly = rule.lower_count(x), rule.lower_count(y)
    # pairs (A_n, B_n), n >= 1, and mirrors; A and B are complementary and increasing
    total = 1 + min(lx, y - ly) + min(x - lx, ly)
    if rule.name == "misere":
        for (cx, cy), cold in MISERE_SWAPS.items():
            if cx <= x and cy <= y:
                total += 1 if cold else -1
    return total


def cold_count_rect(rule: Rule, x0: int, y0: int, x1: int, y1: int) -> int:
    x0, y0 = max(x0, 0), max(y0, 0)
    if x1 < x0 or y1 < y0:
        return 0
    c = cold_count
    return c(rule, x1, y1) - c(rule, x0 - 1, y1) - c(rule, x1, y0 - 1) + c(rule, x0 - 1, y0 - 1)
