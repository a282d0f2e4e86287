"""n piles; a move takes from one pile, or the same amount from every pile.

For odd n the Sprague-Grundy value is the XOR of the piles, as in Nim (docs/math.md, "Variants"; tested here
against the definition), and the winning moves are found exactly at any size: the one-pile
Nim moves, and at most one move taking k from every pile (k is forced bit by bit, below).
For even n no closed form is known: value and winning moves come from one dynamic programme
over the smaller positions, bounded before it starts (MAX_WORK), reporting progress and
stopping when asked.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from math import prod
from operator import xor

MAX_WORK = 20_000_000  # positions x moves per position: at most ~5 s of Python, on a worker
PROGRESS_EVERY = 4096

Progress = Callable[[int, int], bool]


class TooManyStates(ValueError):
    pass


class Stopped(InterruptedError):
    """The caller's progress callback asked the computation to stop: an InterruptedError, as every
    stopped computation here is, so the job pool takes it for a cancelled request, not a failure."""


def _check(piles: tuple[int, ...]) -> None:
    if not piles or min(piles) < 0:
        raise ValueError("give one or more piles, each a whole number >= 0")


def moves(piles: tuple[int, ...]) -> list[tuple[int, ...]]:
    out = []
    for i, p in enumerate(piles):
        for k in range(1, p + 1):
            out.append((*piles[:i], p - k, *piles[i + 1 :]))
    for k in range(1, min(piles) + 1 if piles else 1):
        out.append(tuple(p - k for p in piles))
    return out


def work_for(piles: tuple[int, ...]) -> int:
    """An upper bound on the DP's work: positions below `piles` times moves from each."""
    return prod(p + 1 for p in piles) * (sum(piles) + min(piles) + 1)


class _Solver:
    """G of sorted positions, memoised once for a whole question (value and winning moves)."""

    def __init__(self, total: int, progress: Progress | None) -> None:
        self.memo: dict[tuple[int, ...], int] = {}
        self.total = total
        self.progress = progress

    def value(self, state: tuple[int, ...]) -> int:
        # An explicit stack instead of recursion: positions of thousands of counters are fine.
        memo = self.memo
        root = tuple(sorted(state))
        stack = [root]
        while stack:
            top = stack[-1]
            if top in memo:
                stack.pop()
                continue
            options = {tuple(sorted(m)) for m in moves(top)}
            missing = [m for m in options if m not in memo]
            if missing:
                stack.extend(missing)
                continue
            seen = {memo[m] for m in options}
            g = 0
            while g in seen:
                g += 1
            memo[top] = g
            stack.pop()
            tick = self.progress is not None and len(memo) % PROGRESS_EVERY == 0
            if tick and not self.progress(len(memo), self.total):  # type: ignore[misc]
                raise Stopped
        return memo[root]


def grundy_by_definition(piles: tuple[int, ...], progress: Progress | None = None) -> int:
    """G by dynamic programming over every move (canonical: sorted piles), bounded by MAX_WORK."""
    _check(piles)
    _bound(piles)
    return _Solver(prod(p + 1 for p in piles), progress).value(piles)


def _bound(piles: tuple[int, ...]) -> None:
    work = work_for(piles)
    if work > MAX_WORK:
        states = prod(p + 1 for p in piles)
        raise TooManyStates(
            f"{states:,} smaller positions with up to {sum(piles) + min(piles):,} moves each: more than "
            f"this calculator explores (about {MAX_WORK:,} steps); try smaller piles or an odd number of piles"
        )


def grundy(piles: tuple[int, ...]) -> tuple[int, str]:
    """(G, method): XOR for an odd number of piles (any size), DP for an even number."""
    _check(piles)
    if len(piles) % 2 == 1:
        return reduce(xor, piles, 0), "XOR (odd number of piles)"
    return grundy_by_definition(tuple(piles)), "dynamic programming (even number of piles)"


def all_pile_zeroing_move(piles: tuple[int, ...]) -> tuple[int, ...] | None:
    """For odd n: the move taking k >= 1 from every pile that leaves XOR 0, if there is one.

    Subtracting k from every pile, bit j of the XOR is (XOR of bit j of every p_i - borrow_i)
    xor k_j, since an odd number of copies of k_j xor to k_j; so XOR 0 forces k_j, bit by bit,
    and k is unique: one pass over the bits (exact at any size)."""
    n = len(piles)
    if n % 2 == 0 or min(piles) == 0:
        return None
    borrows = [0] * n
    k = 0
    for j in range(max(p.bit_length() for p in piles) + 1):
        bits = [(p >> j) & 1 for p in piles]
        kj = reduce(xor, (b ^ c for b, c in zip(bits, borrows, strict=True)), 0)
        k |= kj << j
        borrows = [int(b - kj - c < 0) for b, c in zip(bits, borrows, strict=True)]
    if not 1 <= k <= min(piles):
        return None
    target = tuple(p - k for p in piles)
    return target if reduce(xor, target, 0) == 0 else None


def winning_moves(piles: tuple[int, ...], progress: Progress | None = None) -> list[tuple[int, ...]]:
    """Moves to positions of value 0: exactly, at any size, for odd n; by the DP for even n."""
    _check(piles)
    if len(piles) % 2 == 1:
        total = reduce(xor, piles, 0)
        found = [(*piles[:i], p ^ total, *piles[i + 1 :]) for i, p in enumerate(piles) if p ^ total < p]
        every = all_pile_zeroing_move(piles)
        return sorted(set(found) | ({every} if every is not None else set()))
    return evaluate(piles, progress)[2]


def evaluate(piles: tuple[int, ...], progress: Progress | None = None) -> tuple[int, str, list[tuple[int, ...]]]:
    """(G, method, winning moves) in one computation; raises TooManyStates before starting work
    that is too big, and Stopped if `progress` returns False."""
    _check(piles)
    if len(piles) % 2 == 1:
        value, method = grundy(piles)
        return value, method, winning_moves(piles) if value else []
    _bound(piles)
    solver = _Solver(prod(p + 1 for p in piles), progress)
    value = solver.value(piles)
    wins = sorted({m for m in moves(piles) if solver.value(m) == 0}) if value else []
    return value, "dynamic programming (even number of piles)", wins
