"""Independent oracles for the soak: what each rule's answers must be, computed another way.

Nothing here imports `explorer`. Closed-form rules are checked with `decimal` square roots (`soak.beatty`: not
the integer square roots the program uses) and the mex recurrence; bounded custom rules with a
plain dynamic programme over the rule's own words; small positions by brute force.

A rule is described here by `Definition`: the amounts a move may take from one pile and from
both piles ("any", None or a set), the difference bound `a` (|k - l| < a), the side `n` of the
square it is solved on (None: unbounded) and the play convention.
"""

from __future__ import annotations

import sys
from array import array
from dataclasses import dataclass, replace
from functools import lru_cache

from soak.beatty import array_entry as array_entry  # the soak's checks read both here
from soak.beatty import beatty_cold, count_upto
from soak.beatty import lower as lower
from soak.leapfrog import leapfrog_sweep

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
    # A move-vector game instead: rays take t·(p, q) for any t >= 1, jumps exactly (i, j), each with
    # its mirror. With the ray (1, 0) it `grows` (a generated sequence, solved as far as asked; the
    # bound is the rule's own, read from the window, as for k-blocking over such moves).
    rays: tuple[tuple[int, int], ...] = ()
    jumps: tuple[tuple[int, int], ...] = ()
    grows: bool = False
    # A game that changes the recursion (issue 49) over the moves above: cold iff fewer than
    # `block` options are cold; cells declared cold (terminal) or hot, x + y <= `terminal`
    # terminal; with one pass unused; or (`star_of`) the moves are that game's non-zero cold cells.
    block: int = 1
    cold_cells: frozenset[tuple[int, int]] = frozenset()
    hot_cells: frozenset[tuple[int, int]] = frozenset()
    terminal: int | None = None
    passing: bool = False
    star_of: Definition | None = None
    # Three heaps as slices (issue 66): "wythoff3" (one heap, or (d1, d2, d3) with nim-sum 0) or
    # "subset3" (the same amount from any heaps), the board being heaps 2 and 3 with the first `first`.
    heaps: str = ""
    first: int = 0

    @property
    def recursion(self) -> bool:
        return (
            self.block != 1
            or bool(self.cold_cells or self.hot_cells)
            or self.terminal is not None
            or self.passing
            or self.star_of is not None
            or bool(self.heaps)
        )

    @property
    def closed(self) -> bool:
        """Unbounded: one of the rules with a closed form (Nim, a-Wythoff, misère Wythoff)."""
        return self.n is None and not self.grows

    @property
    def vectors(self) -> bool:
        return bool(self.rays or self.jumps)

    def mirrored(self) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        rays = sorted({v for p, q in self.rays for v in ((p, q), (q, p))})
        jumps = sorted({v for i, j in self.jumps for v in ((i, j), (j, i))})
        return rays, jumps


def vector_rule(rays: list[tuple[int, int]], jumps: list[tuple[int, int]] = (), n: int | None = None) -> Definition:  # type: ignore[assignment]
    return Definition(None, None, n=n, rays=tuple(rays), jumps=tuple(jumps), grows=n is None)


NIM = Definition(ANY, None)
WYTHOFF = Definition(ANY, ANY)
MISERE = Definition(ANY, ANY, misere=True)


RECURSION_ORACLE = 120  # the side of the square on which the oracle solves a game of issue 49 itself


def blocking(k: int, base: Definition | None = None, n: int | None = None) -> Definition:
    """Over a base with Nim's rays the program solves k-blocking column by column, as far as it
    chooses (`grows`: the bound is the rule's own); over any other, on a square (1024² unless n)."""
    base = base or WYTHOFF
    if _nim_rays(base):
        return replace(base, block=k, n=n, grows=True)
    return replace(base, block=k, n=n or 1024)


def altered(
    cold: tuple[tuple[int, int], ...] = (),
    hot: tuple[tuple[int, int], ...] = (),
    terminal: int | None = None,
    base: Definition | None = None,
    n: int | None = None,
) -> Definition:
    """Over a base with Nim's rays, an alteration that is its own mirror image (and declares a few
    thousand cold cells at most) is solved by columns as far as the program chooses (`grows`: the
    bound is the rule's own); any other on a square (1024² unless n)."""
    base = base or WYTHOFF
    symmetric = {(y, x) for x, y in cold} == set(cold) and {(y, x) for x, y in hot} == set(hot)
    small = terminal is None or (terminal + 1) * (terminal + 2) // 2 + len(cold) <= 4096
    grows = _nim_rays(base) and symmetric and small
    return replace(
        base,
        cold_cells=frozenset(cold),
        hot_cells=frozenset(hot),
        terminal=terminal,
        n=n if grows else (n or 1024),
        grows=grows,
    )


def one_pass(base: Definition | None = None, n: int | None = None) -> Definition:
    """Over a base with Nim's rays the program answers one pass as far as the cells of value 1 do,
    or on a square where they do not settle it: the bound is the rule's own (`grows`); over any
    other base, on a square (1024² unless n)."""
    base = base or WYTHOFF
    if _nim_rays(base):
        return replace(base, passing=True, n=n, grows=True)
    return replace(base, passing=True, n=n or 1024)


def _nim_rays(base: Definition) -> bool:
    return (1, 0) in base.rays or (0, 1) in base.rays if base.vectors else base.one == ANY


def star(base: Definition, n: int = 2048) -> Definition:
    return Definition(None, None, n=n, star_of=base)


def three_heaps(game: str, first: int) -> Definition:
    """A slice of a three-heap game: on the board, Wythoff's moves (heaps 2 and 3); solved on the
    columns the rule chooses (`grows`: its bound is read from the window)."""
    return replace(WYTHOFF, heaps=game, first=first, grows=True)


HEAPS_ORACLE = 48  # the side of the slices the oracle solves itself, by the definition
HEAPS_FIRST = 12  # the first heaps it solves


def heap_moves(game: str, a: int, b: int, c: int) -> list[tuple[int, int, int]]:
    """Every position one move from (a, b, c), by the game's words."""
    out = [(a - k, b, c) for k in range(1, a + 1)] + [(a, b - k, c) for k in range(1, b + 1)]
    out += [(a, b, c - k) for k in range(1, c + 1)]
    if game == "wythoff3":  # any (d1, d2, d3) of nim-sum 0 taking from two or three heaps
        for d1 in range(a + 1):
            for d2 in range(b + 1):
                d3 = d1 ^ d2
                if d3 <= c and (d1, d2, d3).count(0) < 2:
                    out.append((a - d1, b - d2, c - d3))
    else:  # the same k from two or three heaps
        for k in range(1, max(a, b, c) + 1):
            for use in ((1, 1, 0), (1, 0, 1), (0, 1, 1), (1, 1, 1)):
                t = (a - k * use[0], b - k * use[1], c - k * use[2])
                if min(t) >= 0:
                    out.append(t)
    return out


@lru_cache(maxsize=8)
def heaps_solved(game: str, first: int, n: int) -> dict[tuple[int, int, int], bool]:
    """cold[(a, b, c)] for a <= first and b, c < n, by the definition (who cannot move loses)."""
    cold: dict[tuple[int, int, int], bool] = {}
    for s in range(first + 2 * n):
        for a in range(min(s, first) + 1):
            for b in range(max(0, s - a - n + 1), min(s - a, n - 1) + 1):
                cold[(a, b, s - a - b)] = not any(cold[t] for t in heap_moves(game, a, b, s - a - b))
    return cold


def heap_winning_moves(d: Definition, x: int, y: int) -> list[tuple[int, int, int]]:
    """The moves of (first, x, y) to cold positions, as triples, sorted."""
    cold = heaps_solved(d.heaps, d.first, HEAPS_ORACLE)
    return sorted({t for t in heap_moves(d.heaps, d.first, x, y) if cold[t]})


def fraenkel(a: int) -> Definition:
    return Definition(ANY, ANY, a)


def _allows(amounts: object, k: int) -> bool:
    return amounts == ANY or (isinstance(amounts, frozenset) and k in amounts)


def legal(d: Definition, src: tuple[int, int], dst: tuple[int, int]) -> bool:
    """One move of the rule from src to dst, by the definition."""
    k, l = src[0] - dst[0], src[1] - dst[1]
    if min(dst) < 0 or k < 0 or l < 0 or (k == 0 and l == 0):
        return False
    if d.star_of is not None:  # a move is one of the base game's non-zero cold cells
        return (k, l) in _star_jumps(d.star_of)
    if d.vectors:
        rays, jumps = d.mirrored()
        return (k, l) in jumps or any(_on_ray(k, l, p, q) for p, q in rays)
    if k == 0 or l == 0:
        return _allows(d.one, k or l)
    return d.both is not None and abs(k - l) < d.a and _allows(d.both, k) and _allows(d.both, l)


def judges_move(d: Definition, src: tuple[int, int], dst: tuple[int, int]) -> bool:
    """Whether `legal` can tell of this move: a star game's moves are its base game's cold cells,
    which the oracle knows on its own square only."""
    if d.star_of is None:
        return True
    return max(src[0] - dst[0], src[1] - dst[1]) < RECURSION_ORACLE


def _on_ray(k: int, l: int, p: int, q: int) -> bool:
    t = k // p if p else l // q
    return t >= 1 and t * p == k and t * q == l


def moves_small(d: Definition, x: int, y: int) -> list[tuple[int, int]]:
    """Every move from (x, y), listed (only for small positions)."""
    if d.star_of is not None:
        return [(x - i, y - j) for i, j in _star_jumps(d.star_of) if i <= x and j <= y]
    if d.vectors:
        rays, jumps = d.mirrored()
        out = {(x - t * p, y - t * q) for p, q in rays for t in range(1, x + y + 1) if t * p <= x and t * q <= y}
        return sorted(out | {(x - i, y - j) for i, j in jumps if i <= x and j <= y})
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
    if d.heaps:
        cube = heaps_solved(d.heaps, d.first, n)
        return tuple(tuple(cube[(d.first, x, y)] for y in range(n)) for x in range(n))
    if d.recursion:
        return _recursion_solved(d, n)
    if d.vectors:
        return _vectors_solved(d, n)
    cold = [[False] * n for _ in range(n)]
    for s in range(2 * n - 1):
        for x in range(max(0, s - n + 1), min(s, n - 1) + 1):
            y = s - x
            moves = moves_small(d, x, y)
            cold[x][y] = (not d.misere) if not moves else not any(cold[i][j] for i, j in moves)
    return tuple(tuple(row) for row in cold)


def _vectors_solved(d: Definition, n: int) -> tuple[tuple[bool, ...], ...]:
    """A vector game on [0, n)²: hot iff some move reaches a cold cell; a ray reaches every cell of
    its line below, so a flag per line says whether one of them is cold."""
    rays, jumps = d.mirrored()
    cold = [[False] * n for _ in range(n)]
    flags: list[set[int]] = [set() for _ in rays]
    for x in range(n):
        for y in range(n):
            hot = any(q * x - p * y in flags[r] for r, (p, q) in enumerate(rays) if p <= x and q <= y)
            hot = hot or any(i <= x and j <= y and cold[x - i][y - j] for i, j in jumps)
            if not hot:
                cold[x][y] = True
                for r, (p, q) in enumerate(rays):
                    flags[r].add(q * x - p * y)
    return tuple(tuple(row) for row in cold)


@lru_cache(maxsize=8)
def _star_jumps(base: Definition) -> frozenset[tuple[int, int]]:
    """The base game's non-zero cold cells in the oracle's square: the moves of its star game."""
    n = min(RECURSION_ORACLE, base.n or RECURSION_ORACLE)  # a base solved on a square: its cells there
    return frozenset((i, j) for i in range(n) for j in range(n) if (i, j) != (0, 0) and is_cold(base, i, j))


def _recursion_solved(d: Definition, n: int) -> tuple[tuple[bool, ...], ...]:
    """A game of issue 49 on [0, n)², cell by cell from its listed options (n small)."""
    cold = [[False] * n for _ in range(n)]
    plain = None
    if d.passing:  # the base game, as it was before the pass (its own bound and growth)
        nim = _nim_rays(d)
        plain = replace(d, passing=False, grows=nim and d.vectors, n=None if nim else d.n)
    for s in range(2 * n - 1):
        for x in range(max(0, s - n + 1), min(s, n - 1) + 1):
            y = s - x
            c = sum(cold[i][j] for i, j in moves_small(d, x, y))
            if (x, y) in d.hot_cells:
                v = False
            elif (x, y) in d.cold_cells or (d.terminal is not None and x + y <= d.terminal):
                v = True
            elif plain is not None:  # the pass leads to (x, y) in the plain game
                # no pass where no move is left (Miyadera, Manabe, Fukui: not from a terminal position)
                v = c == 0 and not (bool(moves_small(d, x, y)) and is_cold(plain, x, y))
            else:
                v = c < d.block
            cold[x][y] = v
    return tuple(tuple(row) for row in cold)


SEQUENCE_ORACLE = 1 << 17  # columns of a growing vector rule the oracle solves itself


@lru_cache(maxsize=8)
def vector_sequence(d: Definition) -> array[int]:
    """col[x] for x < SEQUENCE_ORACLE: the cold cell of each column of a game with the ray (1, 0).
    Kept as machine integers: eight tuples of 2^17 Python ints held 1.1 million objects (~45 MiB)
    of the soak's own, which its memory figures then charged to the window."""
    rays, jumps = d.mirrored()
    return array("q", leapfrog_sweep(rays, jumps, SEQUENCE_ORACLE))


def knows(d: Definition, x: int, y: int) -> bool:
    """Whether the oracle can answer about (x, y) (a growing rule: within its own sweep; a game of
    issue 49: within the square it solves itself)."""
    if d.heaps:
        return max(x, y) < HEAPS_ORACLE and d.first <= HEAPS_FIRST
    if d.recursion:
        return max(x, y) < RECURSION_ORACLE
    return not d.grows or min(x, y) < SEQUENCE_ORACLE


def _misere_changes() -> dict[tuple[int, int], bool]:
    """Where misère Wythoff differs from Wythoff: brute force on a small square."""
    small = solved(MISERE, 12)
    plain = solved(WYTHOFF, 12)
    return {(x, y): small[x][y] for x in range(12) for y in range(12) if small[x][y] != plain[x][y]}


def is_cold(d: Definition, x: int, y: int) -> bool:
    if d.heaps:  # the caller checks `knows` first
        return solved(d, HEAPS_ORACLE)[x][y]
    if d.recursion:  # the caller checks `knows` first
        return solved(d, RECURSION_ORACLE)[x][y]
    if d.grows:  # the caller checks `knows` first
        col = vector_sequence(d)
        return col[x] == y if x < SEQUENCE_ORACLE else col[y] == x
    if d.n is not None:
        if not d.vectors and d.one == ANY and d.both in (ANY, None):
            # Wythoff's, a-Wythoff's or Nim's own moves on a square: their closed forms answer inside
            # it (brute force of the dialog's default 512² took 100 s of the short soak)
            return is_cold(replace(d, n=None), x, y)
        side = 1 << max(x, y).bit_length()  # a cell depends only on the square below and left of it
        return solved(d, min(d.n, max(side, 64)))[x][y]
    if d.both is None:  # Nim
        return x == y
    if d.misere:
        changes = _misere_changes()
        if (x, y) in changes:
            return changes[(x, y)]
    return beatty_cold(x, y, d.a)


def count_prefix(d: Definition, x: int, y: int) -> int:
    """Cold cells in [0, x] × [0, y] (x, y >= -1)."""
    if x < 0 or y < 0:
        return 0
    if d.recursion:  # the caller checks `knows` first
        table = solved(d, HEAPS_ORACLE if d.heaps else RECURSION_ORACLE)
        return sum(table[i][j] for i in range(x + 1) for j in range(y + 1))
    if d.grows:  # one cold cell per column; by symmetry a short side may be either
        col = vector_sequence(d)
        if x >= SEQUENCE_ORACLE:
            x, y = y, x
        return sum(1 for i in range(x + 1) if col[i] <= y)
    if d.n is not None:
        table = solved(d, d.n)
        return sum(table[i][j] for i in range(min(x, d.n - 1) + 1) for j in range(min(y, d.n - 1) + 1))
    if d.both is None:
        return min(x, y) + 1
    a = d.a
    # (0, 0), then pairs (lower_k, upper_k) below the diagonal side and their mirrors.
    below = min(count_upto(x, a, False), count_upto(y, a, True))
    above = min(count_upto(y, a, False), count_upto(x, a, True))
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
    if d.heaps and d.first > 0:
        return True  # the first heap can always be taken from
    if x > 0 or y > 0:
        return bool(moves_small(d, min(x, 64), min(y, 64)))
    return False


@lru_cache(maxsize=200_000)
def grundy_small(d: Definition, x: int, y: int) -> int:
    """G(x, y) by its definition: the least value no move reaches (small positions only)."""
    seen = {grundy_small(d, a, b) for a, b in moves_small(d, x, y)}
    g = 0
    while g in seen:
        g += 1
    return g


def grundy_far(d: Definition, x: int, y: int) -> int | None:
    """G(x, y) at any size where an oracle of its own knows it, else None: Nim's XOR; 0 at a cold
    cell under normal play (the closed forms of the cold set); Wythoff's rows 0, 1 and 2 (row 0 is
    y; rows 1 and 2 repeat additively with period 3: OEIS A004482, A004483), whose values are the
    moves' under normal play, so misère's too."""
    small, big = min(x, y), max(x, y)
    if d.recursion:
        return None  # these games have no Grundy value of their moves' kind
    if d.n is not None and big >= d.n:
        return None  # beyond a rule's solved square nothing is answered
    if d == NIM:
        return x ^ y
    if d.one == ANY and d.both == ANY and d.a == 1 and not d.vectors and small <= 2:
        k, r = divmod(big, 3)
        return (big, 3 * k + (1, 2, 0)[r], 3 * k + (2, 0, 1)[r])[small]
    if not d.misere and d.closed and is_cold(d, x, y):
        return 0
    return None
