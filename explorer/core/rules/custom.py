"""Custom two-pile rules, solved by dynamic programming on a bounded grid.

A rule says which amounts may be taken from one pile ("any", a set such as the powers of 4,
or none) and from both piles at once (the same choices), and how the two amounts of a
both-pile move relate: equal, or differing by less than `a`. The cold table on [0, n)^2,
n <= MAX_SIDE (4096: a 16 MiB table), is computed anti-diagonal by anti-diagonal with numpy:
"any amount" moves use, per row, column and diagonal, the first cold cell seen so far;
amount sets gather the few targets directly.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

MAX_SIDE = 4096
ANY = "any"


@dataclass(frozen=True)
class CustomRule:
    one_pile: str | frozenset[int] | None = ANY  # ANY, a set of amounts, or None (no such move)
    both_piles: str | frozenset[int] | None = ANY
    difference: int = 1  # both-pile amounts k, l with |k - l| < difference (1: equal amounts)

    def __post_init__(self) -> None:
        for moves in (self.one_pile, self.both_piles):
            if isinstance(moves, frozenset) and (not moves or min(moves) < 1):
                raise ValueError("amount sets must be non-empty and hold whole numbers >= 1")
        if self.difference < 1:
            raise ValueError("the difference bound must be at least 1")
        if self.one_pile is None and self.both_piles is None:
            raise ValueError("a rule needs at least one kind of move")

    def describe(self) -> str:
        def amounts(m: str | frozenset[int] | None) -> str:
            if m is None:
                return "no move"
            if m == ANY:
                return "any amount"
            return "amounts in {" + ", ".join(map(str, sorted(m))) + "}"

        both = amounts(self.both_piles)
        if self.both_piles is not None:
            both += " (equal)" if self.difference == 1 else f" (differing by less than {self.difference})"
        return f"one pile: {amounts(self.one_pile)}; both piles: {both}"

    def legal_moves(self, x: int, y: int) -> list[tuple[int, int]]:
        """Every position one move away (brute force and play)."""

        def allowed(m: str | frozenset[int] | None, k: int) -> bool:
            return m == ANY or (isinstance(m, frozenset) and k in m)

        out = [(x - k, y) for k in range(1, x + 1) if allowed(self.one_pile, k)]
        out += [(x, y - k) for k in range(1, y + 1) if allowed(self.one_pile, k)]
        if self.both_piles is not None:
            for k in range(1, x + 1):
                for l in range(max(1, k - self.difference + 1), min(y, k + self.difference - 1) + 1):
                    if allowed(self.both_piles, k) and allowed(self.both_piles, l):
                        out.append((x - k, y - l))
        return out


def parse_amounts(text: str) -> str | frozenset[int] | None:
    """'any', 'none', '1,4,16,64' or 'powers of 4' (up to MAX_SIDE)."""
    t = text.strip().lower()
    if t in ("any", ""):
        return ANY
    if t in ("none", "no", "-"):
        return None
    if t.startswith("powers of"):
        base = t.removeprefix("powers of").strip()
        if not base.isdigit() or int(base) < 2:
            raise ValueError(f"'{text}': write 'powers of B' with a whole number B >= 2")
        b, p, out = int(base), 1, set()
        while p < MAX_SIDE:
            out.add(p)
            p *= b
        return frozenset(out)
    parts = [p for p in t.replace(";", ",").replace(" ", ",").split(",") if p]
    if not parts or not all(p.isdigit() and int(p) >= 1 for p in parts):
        raise ValueError(f"'{text}': write any, none, a list such as 1, 2, 5, or 'powers of 4'")
    return frozenset(int(p) for p in parts)


def cold_table(rule: CustomRule, n: int) -> NDArray[np.bool_]:
    """cold[x, y] for 0 <= x, y < n under `rule` (normal play: who cannot move loses)."""
    if not 1 <= n <= MAX_SIDE:
        raise ValueError(f"custom rules are solved on grids up to {MAX_SIDE} x {MAX_SIDE}")
    cold = np.zeros((n, n), dtype=bool)
    big = np.iinfo(np.int64).max
    first_in_col = np.full(n, big, dtype=np.int64)  # smallest y' of a cold (x, y') so far
    first_in_row = np.full(n, big, dtype=np.int64)  # smallest x' of a cold (x', y)
    first_in_diag = np.full(2 * n - 1, big, dtype=np.int64)  # smallest x' on diagonal y - x
    one, both, a = rule.one_pile, rule.both_piles, rule.difference
    one_set = np.array(sorted(one), dtype=np.int64) if isinstance(one, frozenset) else None
    both_set = np.array(sorted(both), dtype=np.int64) if isinstance(both, frozenset) else None
    for s in range(2 * n - 1):
        xs = np.arange(max(0, s - n + 1), min(s, n - 1) + 1)
        ys = s - xs
        hot = np.zeros(xs.size, dtype=bool)
        if one == ANY:
            hot |= (first_in_col[xs] < ys) | (first_in_row[ys] < xs)
        elif one_set is not None:
            for k in one_set:
                ok = xs >= k
                hot[ok] |= cold[xs[ok] - k, ys[ok]]
                ok = ys >= k
                hot[ok] |= cold[xs[ok], ys[ok] - k]
        if both == ANY:
            for delta in range(-(a - 1), a):  # target diagonal (y - x) + delta: l - k = -delta
                d = ys - xs + delta + (n - 1)
                inside = (d >= 0) & (d < 2 * n - 1)
                bound = xs - 1 - max(0, delta)  # k >= 1 and l = k - delta >= 1
                hot[inside] |= first_in_diag[d[inside]] <= bound[inside]
        elif both_set is not None:
            for k in both_set:
                for l in both_set:
                    if abs(int(k) - int(l)) >= a:
                        continue
                    ok = (xs >= k) & (ys >= l)
                    hot[ok] |= cold[xs[ok] - k, ys[ok] - l]
        new = ~hot
        cold[xs[new], ys[new]] = True
        cx, cy = xs[new], ys[new]
        first_in_col[cx] = np.minimum(first_in_col[cx], cy)
        first_in_row[cy] = np.minimum(first_in_row[cy], cx)
        cd = cy - cx + (n - 1)
        first_in_diag[cd] = np.minimum(first_in_diag[cd], cx)
    return cold


class SolvedCustom:
    """A custom rule solved on [0, n)^2: answers like the closed-form rules, inside the bound."""

    name = "custom"

    def __init__(self, rule: CustomRule, n: int) -> None:
        self.rule = rule
        self.n = n
        self.table = cold_table(rule, n)

    @property
    def title(self) -> str:
        return f"Custom ({self.rule.describe()}), solved on [0, {self.n})²"

    def check(self, x: int, y: int) -> None:
        if not (0 <= x < self.n and 0 <= y < self.n):
            raise ValueError(f"this custom rule is solved on [0, {self.n})² only")

    def is_cold(self, x: int, y: int) -> bool:
        self.check(x, y)
        return bool(self.table[x, y])

    def legal_moves(self, x: int, y: int) -> list[tuple[int, int]]:
        return self.rule.legal_moves(x, y)

    def winning_moves(self, x: int, y: int) -> list:  # list[Move]
        from explorer.core.game.moves import Move, MoveKind

        self.check(x, y)
        moves = []
        for tx, ty in self.legal_moves(x, y):
            if self.table[tx, ty]:
                k, l = x - tx, y - ty
                kind = MoveKind.FROM_A if l == 0 else MoveKind.FROM_B if k == 0 else MoveKind.FROM_BOTH
                moves.append(Move((tx, ty), (x, y), kind, k if l == 0 else l if k == 0 else max(k, l)))
        return sorted(moves)

    def count_rect(self, x0: int, y0: int, x1: int, y1: int) -> int:
        self.check(x1, y1)
        x0, y0 = max(0, x0), max(0, y0)
        if x1 < x0 or y1 < y0:
            return 0
        return int(self.table[x0 : x1 + 1, y0 : y1 + 1].sum())
