"""What a move may take: the one description of moves that every rule shares.

A two-pile rule says which amounts may be taken from one pile (every amount, a finite set such
as the powers of 4, or none) and from both piles at once (the same choices), and how the two
amounts k, l of a both-pile move relate: |k - l| < difference (1: equal amounts, as in Wythoff).
Wythoff, Nim, misère Wythoff, Fraenkel's a-Wythoff and every custom rule are such a spec; the
misère convention (who wins when no move is left) is the rule's, not the spec's.

Everything here is exact and lazy: `targets` generates moves one by one (so (10^100, 10^100)
never enumerates), `allows` checks one move in O(log |set|), `has_move` is O(|set| log |set|).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from typing import Protocol

from explorer.core.exact.bigint import short_text
from explorer.core.frozen import Frozen
from explorer.core.game.lines import WHY_BAND, Line, spec_lines

Position = tuple[int, int]

MAX_POWER = 1 << 4096  # "powers of B" holds the powers below this (far beyond any solved square)


class MoveSet(Protocol):
    """What any description of a rule's moves answers (`MoveSpec`; the move vectors of
    explorer.core.rules.vectors): exactly, lazily, at any size."""

    def allows(self, start: tuple[int, int], target: tuple[int, int]) -> bool: ...
    def has_move(self, x: int, y: int) -> bool: ...
    def targets(self, x: int, y: int) -> Iterator[tuple[int, int]]: ...
    def text(self) -> str: ...
    def describe(self) -> str: ...
    # the geometry of the moves (the construction, Why?): lines of any-amount moves, cells of single ones
    def move_lines(self, x: int, y: int) -> tuple[tuple[Line, ...], tuple[Position, ...]]: ...  # every move back
    def lines_from(self, cell: Position) -> tuple[Line, ...]: ...  # cells that reach `cell` by any amount
    def dots_from(self, cell: Position) -> tuple[Position, ...]: ...  # cells that reach it by one fixed move


class Amounts(Frozen):
    """The amounts one part of a move may take: every amount >= 1, or those in `values`."""

    __slots__ = ("every", "values")
    every: bool
    values: tuple[int, ...]  # sorted, distinct, >= 1 (when not `every`)

    def __init__(self, every: bool = False, values: tuple[int, ...] = ()) -> None:
        if values and (list(values) != sorted(set(values)) or values[0] < 1):
            raise ValueError("amounts must be whole numbers >= 1")
        object.__setattr__(self, "every", every)
        object.__setattr__(self, "values", values)

    def _params(self) -> tuple[bool, tuple[int, ...]]:
        return self.every, self.values

    @classmethod
    def of(cls, values: set[int] | frozenset[int] | list[int]) -> Amounts:
        if not values or min(values) < 1:
            raise ValueError("amount sets must be non-empty and hold whole numbers >= 1")
        return cls(False, tuple(sorted(set(values))))

    @property
    def empty(self) -> bool:
        return not self.every and not self.values

    def allows(self, k: int) -> bool:
        if self.every:
            return k >= 1
        i = bisect_left(self.values, k)
        return i < len(self.values) and self.values[i] == k

    def smallest(self) -> int | None:
        return 1 if self.every else (self.values[0] if self.values else None)

    def upto(self, limit: int) -> Iterator[int]:
        """The allowed amounts 1..limit, ascending, lazily."""
        yield from self.between(1, limit)

    def between(self, lo: int, hi: int) -> Iterator[int]:
        """The allowed amounts in [lo, hi], ascending, lazily."""
        lo = max(lo, 1)
        if self.every:
            k = lo
            while k <= hi:
                yield k
                k += 1
            return
        yield from self.values[bisect_left(self.values, lo) : bisect_right(self.values, hi)]

    def any_between(self, lo: int, hi: int) -> bool:
        return next(self.between(lo, hi), None) is not None

    def text(self) -> str:
        """The form `parse` reads back."""
        if self.every:
            return "any"
        if not self.values:
            return "none"
        base = _powers_base(self.values)
        if base is not None:
            return f"powers of {base}"
        return " ".join(map(str, self.values))

    def describe(self) -> str:
        if self.every:
            return "any amount"
        if not self.values:
            return "no move"
        base = _powers_base(self.values)
        if base is not None:
            return f"powers of {base}"
        shown = ", ".join(map(str, self.values[:12])) + (", …" if len(self.values) > 12 else "")
        return "amounts in {" + shown + "}"

    @classmethod
    def parse(cls, text: str) -> Amounts:
        """'any', 'none', '1, 4, 16', '2 3' or 'powers of 4'."""
        t = text.strip().lower()
        if t in ("any", "all", ""):
            return ANY
        if t in ("none", "no", "-", "0"):
            return NONE
        if t.startswith("powers of"):
            base = t.removeprefix("powers of").strip()
            if not base.isdigit() or len(base) > 7 or not 2 <= int(base) <= 10**6:
                raise ValueError(
                    f"{short_text(text.strip())!r}: write 'powers of B' with a whole number B from 2 to 1000000"
                )
            b, p, out = int(base), 1, []
            while p < MAX_POWER:
                out.append(p)
                p *= b
            return cls(False, tuple(out))
        parts = [p for p in t.replace(";", ",").replace("+", ",").replace(" ", ",").split(",") if p]
        if not parts or not all(p.isdigit() and len(p) <= 30 and int(p) >= 1 for p in parts):
            raise ValueError(f"{short_text(text.strip())!r}: write any, none, a list such as 1, 2, 5, or 'powers of 4'")
        return cls.of({int(p) for p in parts})


def _powers_base(values: tuple[int, ...]) -> int | None:
    if len(values) < 3 or values[0] != 1:
        return None
    b = values[1]
    complete = values[-1] * b >= MAX_POWER  # every power below MAX_POWER, as `parse` makes them
    return b if complete and all(v == b**i for i, v in enumerate(values)) else None


ANY = Amounts(every=True)
NONE = Amounts()


class MoveSpec(Frozen):
    """Moves: take k in `one` from one pile, or k and l in `both` from both with |k - l| < difference."""

    __slots__ = ("both", "difference", "one")
    one: Amounts
    both: Amounts
    difference: int

    def __init__(self, one: Amounts = ANY, both: Amounts = ANY, difference: int = 1) -> None:
        if difference < 1:
            raise ValueError("the difference bound must be at least 1")
        if one.empty and both.empty:
            raise ValueError("a rule needs at least one kind of move")
        object.__setattr__(self, "one", one)
        object.__setattr__(self, "both", both)
        object.__setattr__(self, "difference", difference)

    def _params(self) -> tuple[Amounts, Amounts, int]:
        return self.one, self.both, self.difference

    def describe(self) -> str:
        both = self.both.describe()
        if not self.both.empty:
            both += " (equal)" if self.difference == 1 else f" (differing by less than {self.difference})"
        return f"one pile: {self.one.describe()}; both piles: {both}"

    def allows(self, start: tuple[int, int], target: tuple[int, int]) -> bool:
        """Whether one move leads from start to target (any size, no enumeration)."""
        k, l = start[0] - target[0], start[1] - target[1]
        if k < 0 or l < 0 or target[0] < 0 or target[1] < 0 or (k == 0 and l == 0):
            return False
        if l == 0:
            return self.one.allows(k)
        if k == 0:
            return self.one.allows(l)
        return abs(k - l) < self.difference and self.both.allows(k) and self.both.allows(l)

    def has_move(self, x: int, y: int) -> bool:
        low = self.one.smallest()
        if low is not None and low <= max(x, y):
            return True
        if self.both.empty or x < 1 or y < 1:
            return False
        d = self.difference
        return any(self.both.any_between(k - d + 1, min(y, k + d - 1)) for k in self.both.upto(x))

    def targets(self, x: int, y: int) -> Iterator[tuple[int, int]]:
        """Every position one move away, lazily: one pile (A, then B, smallest amount first),
        then both piles."""
        for k in self.one.upto(x):
            yield x - k, y
        for l in self.one.upto(y):
            yield x, y - l
        if self.both.empty:
            return
        d = self.difference
        for k in self.both.upto(x):
            for l in self.both.between(k - d + 1, min(y, k + d - 1)):
                yield x - k, y - l

    def move_lines(self, x: int, y: int) -> tuple[tuple[Line, ...], tuple[Position, ...]]:
        """Every move from (x, y): lines back along any-amount moves (the row, the column, the
        diagonal band), and the single cells of amounts from a set. Exactly the legal moves."""
        lines: list[Line] = []
        dots: list[Position] = []
        if self.one.every:
            lines += [Line((x - 1, y), (-1, 0))] if x >= 1 else []
            lines += [Line((x, y - 1), (0, -1))] if y >= 1 else []
        else:
            dots += [(x - k, y) for k in self.one.upto(x)] + [(x, y - k) for k in self.one.upto(y)]
        if self.both.every:
            reach = min(self.difference, WHY_BAND, max(x, y) + 1)
            for d in range(-(reach - 1), reach):  # k − l = d, k, l >= 1
                start = (x - 1 - max(d, 0), y - 1 - max(-d, 0))
                if min(start) >= 0:
                    lines.append(Line(start, (-1, -1)))
        elif not self.both.empty:
            dots += [
                (x - k, y - l)
                for k in self.both.upto(x)
                for l in self.both.between(k - self.difference + 1, min(y, k + self.difference - 1))
            ]
        return tuple(lines), tuple(dots)

    def lines_from(self, cell: Position) -> tuple[Line, ...]:
        """The lines of cells that move onto `cell` by any amount (the construction draws these)."""
        return spec_lines(cell, self.one.every, self.both.every, self.difference)

    def dots_from(self, cell: Position) -> tuple[Position, ...]:
        return ()  # amounts from a set are not drawn by the construction: its lines say enough

    def text(self) -> str:
        """The spec as the registry writes it: 'one=...;both=...;a=...'."""
        return f"one={self.one.text()};both={self.both.text()};a={self.difference}"
