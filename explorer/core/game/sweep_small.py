"""The first columns of a move-vector sequence in plain Python: no numpy, no compiled kernel.

A command about one small position (`moves 5 7 --rule maharaja`) needs a few columns of the
sequence; importing numpy to load the compiled sweep took twice as long as the whole of
`moves 5 7` under Wythoff. Up to SMALL_COLUMNS columns this module answers instead, by the same
column sweep (explorer.core.game.vector_sequence; docs/math.md, "Rules as move vectors"): the
least y >= x whose row is free, whose line of every other ray is unused, and from which no jump
reaches a cold cell. Lines are linked to the next free line below them (path halving), so the
search leapfrogs runs of used lines as the compiled sweep does. 4096 columns take 8-30 ms,
by the rule; `moves 5 7` needs 64 of them.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import NamedTuple

SMALL_COLUMNS = 1 << 12  # the most columns solved here; past them the compiled sweep answers
FIRST_COLUMNS = 1 << 6  # the fewest: a prefix grows by doubling, from this


class SmallSequence(NamedTuple):
    """Columns 0..n-1 solved: col[x] for x < n (and mirrors beyond, -1 where none is placed yet),
    and the columns x < n with col[x] >= x, in order (the cold pairs x <= y)."""

    col: list[int]
    n: int
    upper: list[int]

    def rank(self, v: int) -> int:
        """How many cold pairs x <= y have x < v (v <= n)."""
        return bisect_left(self.upper, v)

    def on_line(self, x: int, y: int, p: int, q: int) -> tuple[int, int] | None:
        """The cold cell behind (x, y) on the ray (p, q), if any (x, y < n)."""
        col = self.col
        first, steps = line_steps(x, y, p, q, len(col))
        for k in range(first, steps + 1):
            if col[x - p * k] == y - q * k:
                return x - p * k, y - q * k
        return None


def line_steps(x: int, y: int, p: int, q: int, top: int) -> tuple[int, int]:
    """The steps k (first..steps) back along the ray (p, q) from (x, y) whose cell (x − kp, y − kq)
    lies on the board and below the `top` rows kept (no cell of a solved column lies above
    them), so that a pile of 10^30 is never an array index. first > steps: none."""
    steps = min(x // p if p else y // q, y // q if q else x // p)
    first = max(1, (y - top) // q + 1 if q else 1, (x - top) // p + 1 if p else 1)
    return first, steps


def solve(rays: Sequence[tuple[int, int]], jumps: Sequence[tuple[int, int]], n: int) -> SmallSequence:
    """Columns 0..n-1 of the rule with Nim's rays, these other rays (p >= 1) and these jumps
    (i >= 1, as the engine keeps them)."""
    col = [-1] * (2 * n + 64)
    links: list[dict[int, int]] = [{} for _ in rays]  # a used line c -> a line further down (c - p, ...)
    upper = []
    for x in range(n):
        if col[x] >= 0:
            continue
        y = x
        while True:
            if y >= len(col):
                col.extend([-1] * len(col))
            if col[y] >= 0:
                y += 1
                continue
            for r, (p, q) in enumerate(rays):
                c = q * x - p * y
                f = _free_line(links[r], c)
                if f != c:
                    y += (c - f) // p
                    break
            else:
                if any(i <= x and j <= y and col[x - i] == y - j for i, j in jumps):
                    y += 1
                    continue
                break
        col[x] = y
        col[y] = x
        upper.append(x)
        for r, (p, q) in enumerate(rays):
            links[r][q * x - p * y] = q * x - p * y - p
            links[r][q * y - p * x] = q * y - p * x - p
    return SmallSequence(col, n, upper)


def _free_line(links: dict[int, int], c: int) -> int:
    """The first line c, c − p, c − 2p, ... that is free, halving the path walked."""
    while c in links:
        after = links[c]
        if after in links:
            links[c] = links[after]
        c = after
    return c
