"""Independent oracles: the game's definition by brute force, and greedy Zeckendorf.

Nothing here imports explorer: these are the yardsticks the code is measured against.
"""

from __future__ import annotations

from functools import lru_cache


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


def variant_moves(x: int, y: int, one: object, both: object, diff: int) -> list[tuple[int, int]]:
    """Moves of a two-pile game from its words: `one`/`both` are 'any', None or a set of
    amounts; a both-pile move takes k and l with |k - l| < diff."""

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
