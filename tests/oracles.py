"""Independent oracles: the game's definition by brute force, and greedy Zeckendorf.

Nothing here imports explorer: these are the yardsticks the code is measured against.
"""

from __future__ import annotations

from functools import lru_cache
from math import isqrt


@lru_cache(maxsize=4)
def cold_table(n: int) -> tuple[tuple[bool, ...], ...]:
    """cold[x][y] for 0 <= x, y < n, straight from the definition: a position is hot iff
    some move (down its column, along its row, or down its diagonal) reaches a cold one.
    Sweeping x, then y, upwards, every target is decided before the position itself; a
    flag per row, column and diagonal records whether a cold cell lies below."""
    cold = [[False] * n for _ in range(n)]
    col_has = [False] * n  # some cold (x, y') with y' < y, per x
    row_has = [False] * n  # some cold (x', y) with x' < x, per y
    diag_has = {}  # some cold on the diagonal y - x, below
    for x in range(n):
        for y in range(n):
            d = y - x
            hot = col_has[x] or row_has[y] or diag_has.get(d, False)
            if not hot:
                cold[x][y] = True
                col_has[x] = row_has[y] = True
                diag_has[d] = True
    return tuple(tuple(row) for row in cold)


def winning_targets(n: int) -> dict[tuple[int, int], set[tuple[int, int]]]:
    """For each hot position in the n x n grid, the set of cold positions one move away."""
    cold = cold_table(n)
    targets: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for cx in range(n):
        for cy in range(n):
            if not cold[cx][cy]:
                continue
            for t in range(1, n):
                for pos in ((cx, cy + t), (cx + t, cy), (cx + t, cy + t)):
                    if pos[0] < n and pos[1] < n:
                        targets.setdefault(pos, set()).add((cx, cy))
    return targets


def fib_list(upto: int) -> list[int]:
    """F_0, F_1, ... up to the first exceeding `upto`."""
    fibs = [0, 1]
    while fibs[-1] <= upto:
        fibs.append(fibs[-1] + fibs[-2])
    return fibs


def greedy_zeckendorf(n: int) -> list[int]:
    """Indices i >= 2 (descending) of the Zeckendorf representation, by the greedy method."""
    fibs = fib_list(n)
    out = []
    i = len(fibs) - 1
    while n:
        while fibs[i] > n:
            i -= 1
        out.append(i)
        n -= fibs[i]
        i -= 2
    return out


def fib(n: int) -> int:
    """F_n by powering the matrix [[1, 1], [1, 0]] (not the core's fast doubling)."""

    def mul(p, q):
        return (
            p[0] * q[0] + p[1] * q[2],
            p[0] * q[1] + p[1] * q[3],
            p[2] * q[0] + p[3] * q[2],
            p[2] * q[1] + p[3] * q[3],
        )

    result, base = (1, 0, 0, 1), (1, 1, 1, 0)
    while n:
        if n & 1:
            result = mul(result, base)
        base = mul(base, base)
        n >>= 1
    return result[1]


@lru_cache(maxsize=4)
def grundy_table(n: int) -> tuple[tuple[int, ...], ...]:
    """G(x, y) on [0, n)^2 straight from the definition: the mex over every move."""
    g = [[0] * n for _ in range(n)]
    for x in range(n):
        for y in range(n):
            reach = {g[x][j] for j in range(y)} | {g[i][y] for i in range(x)}
            reach |= {g[x - t][y - t] for t in range(1, min(x, y) + 1)}
            m = 0
            while m in reach:
                m += 1
            g[x][y] = m
    return tuple(tuple(row) for row in g)


class Vectors:
    """A game given by move vectors, in the oracle's own words: a ray (p, q) takes t·(p, q) for
    any t >= 1, a jump (i, j) exactly (i, j); each with its mirror (q, p), (j, i)."""

    def __init__(self, rays: list[tuple[int, int]], jumps: list[tuple[int, int]] = ()) -> None:  # type: ignore[assignment]
        self.rays = sorted({v for p, q in rays for v in ((p, q), (q, p))})
        self.jumps = sorted({v for i, j in jumps for v in ((i, j), (j, i))})

    def moves(self, x: int, y: int) -> list[tuple[int, int]]:
        out = {(x - t * p, y - t * q) for p, q in self.rays for t in range(1, x + y + 1) if t * p <= x and t * q <= y}
        out |= {(x - i, y - j) for i, j in self.jumps if i <= x and j <= y}
        return sorted(out)


def variant_moves(x: int, y: int, one: object, both: object, diff: int) -> list[tuple[int, int]]:
    """Moves of a two-pile game from its words: `one`/`both` are 'any', None or a set of
    amounts; a both-pile move takes k and l with |k - l| < diff. `one` may instead be a
    `Vectors`: the game of those move vectors."""
    if isinstance(one, Vectors):
        return one.moves(x, y)

    def ok(rule: object, k: int) -> bool:
        return rule == "any" or (isinstance(rule, (set, frozenset)) and k in rule)

    out = [(x - k, y) for k in range(1, x + 1) if ok(one, k)]
    out += [(x, y - k) for k in range(1, y + 1) if ok(one, k)]
    if both is not None:
        out += [
            (x - k, y - l)
            for k in range(1, x + 1)
            for l in range(1, y + 1)
            if abs(k - l) < diff and ok(both, k) and ok(both, l)
        ]
    return out


def variant_cold(n: int, one: object, both: object, diff: int, misere: bool = False) -> dict:
    """cold[(x, y)] on [0, n)^2 by the definition; misère: the player who cannot move wins."""
    cold: dict[tuple[int, int], bool] = {}
    for s in range(2 * n - 1):
        for x in range(max(0, s - n + 1), min(s, n - 1) + 1):
            moves = variant_moves(x, s - x, one, both, diff)
            cold[(x, s - x)] = (not misere) if not moves else not any(cold[m] for m in moves)
    return cold


def values_by_definition(
    n: int, m: int, one: object, both: object, diff: int, misere: bool = False
) -> tuple[list[list[int]], list[list[bool]], list[list[int]]]:
    """G, cold and remoteness on [0, n) x [0, m) straight from their definitions, over the moves
    of `variant_moves`. G: the mex of the moves' values (the same under either convention).
    Cold: who cannot move loses (normal) or wins (misère); a position is cold iff it has no move
    to a cold one, except that under misère play a position with no move is hot.
    Remoteness: 0 with no move; hot: 1 + the least over moves to cold positions; cold: 1 + the
    largest over all moves."""
    g = [[0] * m for _ in range(n)]
    cold = [[False] * m for _ in range(n)]
    rem = [[0] * m for _ in range(n)]
    for s in range(n + m - 1):  # x + y falls with every move: targets come first
        for x in range(max(0, s - m + 1), min(s, n - 1) + 1):
            y = s - x
            moves = variant_moves(x, y, one, both, diff)
            seen = {g[i][j] for i, j in moves}
            v = 0
            while v in seen:
                v += 1
            g[x][y] = v
            to_cold = [rem[i][j] for i, j in moves if cold[i][j]]
            if not moves:
                cold[x][y], rem[x][y] = not misere, 0
            elif to_cold:
                cold[x][y], rem[x][y] = False, 1 + min(to_cold)
            else:
                cold[x][y], rem[x][y] = True, 1 + max(rem[i][j] for i, j in moves)
    return g, cold, rem


def vector_cold_square(n: int, game: Vectors) -> list[list[bool]]:
    """cold[x][y] on [0, n)^2 by the definition: (x, y) is hot iff some move reaches a cold cell.
    Cells in order of x, then y (every move's target comes first); a flag per line of each ray
    says whether a cold cell lies on it below (a ray reaches every cell of its line below)."""
    cold = [[False] * n for _ in range(n)]
    flags = [set() for _ in game.rays]
    for x in range(n):
        for y in range(n):
            hot = any(q * x - p * y in flags[r] for r, (p, q) in enumerate(game.rays) if p <= x and q <= y)
            if not hot:
                hot = any(i <= x and j <= y and cold[x - i][y - j] for i, j in game.jumps)
            if not hot:
                cold[x][y] = True
                for r, (p, q) in enumerate(game.rays):
                    flags[r].add(q * x - p * y)
    return cold


def vector_sequence_by_links(game: Vectors, n: int) -> list[int]:
    """The cold cell col[x] of each column x < n of a game with Nim's rays, by the column sweep of
    docs/math.md written afresh, outside the explorer (soak.leapfrog: dictionaries of used rows and
    lines, "next free" links per line with path compression; 10^6 columns in seconds)."""
    from soak.leapfrog import leapfrog_sweep

    return leapfrog_sweep(game.rays, game.jumps, n)


def hofstadter_g(upto: int) -> list[int]:
    """Hofstadter's G sequence (OEIS A005206): G(0) = 0, G(n) = n − G(G(n − 1))."""
    g = [0] * (upto + 1)
    for n in range(1, upto + 1):
        g[n] = n - g[g[n - 1]]
    return g


def terminal_two_pairs(count: int) -> list[tuple[int, int]]:
    """Komaki, Miyadera and Murakami's cold pairs of Wythoff with terminal set x + y ≤ 2, n = 1 … count:
    (⌊nφ⌋ + g(n) − 1, ⌊nφ²⌋ + g(n)), where g(1) = 0 and, for n ≥ 2, g(n) = 1 − g(h(n − 1)) if
    h(n − 2) < h(n − 1), else 1 (h is Hofstadter's G). ⌊nφ⌋ = (n + isqrt(5n²)) // 2, exactly."""
    h = hofstadter_g(count + 1)
    g = [0, 0] + [0] * count
    for n in range(2, count + 1):
        g[n] = 1 - g[h[n - 1]] if h[n - 2] < h[n - 1] else 1
    pairs = []
    for n in range(1, count + 1):
        low = (n + isqrt(5 * n * n)) // 2
        pairs.append((low + g[n] - 1, low + n + g[n]))
    return pairs


MAHARAJA_SIDE = 2600


@lru_cache(maxsize=1)
def maharaja_grundy():  # type: ignore[no-untyped-def]
    """Maharaja Nim's G on [0, 2600)², by the explorer's table solver (G by its moves, no value
    sequences): the second way the value sequences' tests read G. Made once a process (2.7 s)."""
    import numpy as np

    from explorer.core.rules.registry import parse_rule

    table = np.asarray(parse_rule("maharaja").value_table(MAHARAJA_SIDE, MAHARAJA_SIDE).grundy)
    table.flags.writeable = False
    return table
