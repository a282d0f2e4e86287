"""Three heaps, seen as slices: fix the first heap a, and (b, c) is cold iff (a, b, c) is.

Two games (docs/math.md, "Three heaps as slices"):
- Fraenkel's three-heap Wythoff (`FRAENKEL3`): take any positive amount from one heap, or
  (d1, d2, d3) from the three with d1 ⊕ d2 ⊕ d3 = 0 and d1 + d2 + d3 > 0;
- the subset game (`SUBSET3`): take the same positive amount from any non-empty set of heaps.
With a = 0 both are Wythoff's game. In either, a column b of slice a holds exactly one cold c (two
would be one move apart, and some c is cold), so a slice is a generated sequence and the grid draws
it. `SliceTable` holds slices 0 … A solved on the columns [0, n), by the compiled sweep
(explorer.core.game.heaps3_kernel), bounded before it starts (`table_bytes`), reporting progress
and stopping when asked.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from math import isqrt
from typing import TYPE_CHECKING, NamedTuple

from explorer.core.exact.bigint import short_decimal
from explorer.core.exact.lazy import lazy_numpy

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    np = lazy_numpy(__name__)

Triple = tuple[int, int, int]
Progress = Callable[[int, int], bool]
CHUNK = 4096  # columns between progress reports


class Game3(NamedTuple):
    """A three-heap game: its name in rule texts, its title, and its code in the compiled sweep."""

    name: str
    title: str
    code: int
    moves_text: str

    def allows(self, start: Triple, target: Triple) -> bool:
        """Whether one move goes from `start` to `target` (each heap not growing, something taken)."""
        d = [s - t for s, t in zip(start, target, strict=True)]
        if min(d) < 0 or sum(d) == 0:
            return False
        if sum(1 for x in d if x) == 1:
            return True  # one heap alone, in both games
        if self.code == 0:
            return d[0] ^ d[1] ^ d[2] == 0
        return len({x for x in d if x}) == 1  # the same amount from each heap it takes from

    def targets(self, a: int, b: int, c: int) -> Iterator[Triple]:
        """Every position one move from (a, b, c) (a plain loop: for small heaps and tests)."""
        heaps = (a, b, c)
        for i in range(3):
            for k in range(1, heaps[i] + 1):
                yield tuple(h - k if j == i else h for j, h in enumerate(heaps))  # type: ignore[misc]
        if self.code == 0:
            for d1 in range(a + 1):
                for d2 in range(b + 1):
                    d3 = d1 ^ d2
                    if d3 <= c and [d1, d2, d3].count(0) < 2:
                        yield a - d1, b - d2, c - d3
        else:
            for mask in (3, 5, 6, 7):
                for k in range(1, min(h for i, h in enumerate(heaps) if mask >> i & 1) + 1):
                    yield tuple(h - k if mask >> i & 1 else h for i, h in enumerate(heaps))  # type: ignore[misc]


FRAENKEL3 = Game3(
    "wythoff3",
    "Fraenkel's three-heap Wythoff",
    0,
    "any amount from one heap, or (d1, d2, d3) from all three with d1 ⊕ d2 ⊕ d3 = 0",
)
SUBSET3 = Game3(
    "subset3",
    "Three heaps, same amount from any heaps",
    1,
    "the same positive amount from one, two or all three heaps",
)
GAMES = {g.name: g for g in (FRAENKEL3, SUBSET3)}


# The solve's work (`solve_work`) against its time on the 2-core machine, Fraenkel's game: slices 0-10
# on 2^20 columns 2.8 s, 0-64 on 2^16 39 s, 0-100 on 2^14 37 s, 0-256 on 2^10 49 s (1.1-1.4 ns a
# unit); the subset game's are faster. WORK_LIMIT keeps a solve within about a minute; the default side
# under about 2 s.
WORK_PER_SECOND = 75 * 10**7
WORK_LIMIT = 60 * WORK_PER_SECOND
QUICK_WORK = 2 * WORK_PER_SECOND


def solve_work(game: Game3, a: int, n: int) -> int:
    """About how many inner steps solving slices 0 … a on n columns takes (known before it starts):
    each cell checks, for each slice below, the values (d1 ⊕ r) − r (Fraenkel: 2^popcount(d1) of
    them) or three cells (the subset game), for candidates that grow about as the root of a."""
    if game.code == 0:
        per_column = sum(sum(1 << bin(d).count("1") for d in range(1, s + 1)) for s in range(a + 1))
    else:
        per_column = 3 * a * (a + 1) // 2
    return 4 * n * (per_column + a + 1) * (isqrt(a + 1) + 1)


def _deltas(amax: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """For each d1 <= amax the distinct values of (d1 ⊕ r) − r, r < 2^k (d1 < 2^k)."""
    width = 1
    found: list[list[int]] = [[]]
    for d1 in range(1, amax + 1):
        k = d1.bit_length()
        values = sorted({(d1 ^ r) - r for r in range(1 << k)})
        found.append(values)
        width = max(width, len(values))
    out = np.zeros((amax + 1, width), dtype=np.int64)
    counts = np.zeros(amax + 1, dtype=np.int64)
    for d1, values in enumerate(found):
        out[d1, : len(values)] = values
        counts[d1] = len(values)
    return out, counts


def _caps(amax: int, n: int) -> tuple[int, int, int]:
    """(cells a slice's c may reach, the offset of negative differences, the differences kept)."""
    off = 2 << max(amax, 1).bit_length()
    return 2 * n + 4 * amax + 64, off, n + 4 * amax + 64 + off


MAX_FIRST = 256  # the largest first heap (smallest heap) solved at all; the work bounds it further
MEMORY_LIMIT = 768 << 20  # the solve's arrays at their peak (slices 0-10 on 3.5 million columns)


def too_much(game: Game3, amax: int, n: int, what: str) -> str:
    """Why solving slices 0 … amax on n columns is refused before it starts (about a minute of work, or
    MEMORY_LIMIT of arrays, at most), naming `what` was asked; "" where it is not."""
    if amax > MAX_FIRST:  # checked first: the work estimate itself sums over the slices
        return f"{what} would solve slices 0 … {short_decimal(amax)}: the smallest heap is at most {MAX_FIRST}"
    work, held = solve_work(game, amax, n), table_bytes(amax, n)
    if work > WORK_LIMIT:
        cost = f"about {work // WORK_PER_SECOND:,} s, over the limit of {WORK_LIMIT // WORK_PER_SECOND} s"
    elif held > MEMORY_LIMIT:
        cost = f"{held >> 20:,} MiB at its peak, over the limit of {MEMORY_LIMIT >> 20} MiB"
    else:
        return ""
    return f"{what} would solve slices 0 … {amax:,} on {n:,} columns: {cost}"


def table_bytes(amax: int, n: int) -> int:
    """The memory slices 0 … amax on n columns hold while they are solved, known before."""
    ycap, _, esize = _caps(amax, n)
    return 4 * (amax + 1) * (n + ycap + 2 * esize)


class SliceTable:
    """Slices 0 … `amax` of `game` solved on the columns [0, n): `col[a, b]` is the cold c."""

    def __init__(self, game: Game3, amax: int, n: int, progress: Progress | None = None) -> None:
        from explorer.core.game.heaps3_kernel import slice_columns  # numba: loaded when first solved

        if amax < 0 or n < 1:
            raise ValueError("slices need a first heap >= 0 and one column or more")
        self.game, self.amax, self.n = game, amax, n
        grow = 0
        while True:
            ycap, off, esize = _caps(amax, n)
            ycap, esize = ycap << grow, esize << grow
            col = np.full((amax + 1, n), -1, dtype=np.int32)
            rev = np.full((amax + 1, ycap), -1, dtype=np.int32)
            colof = np.full((amax + 1, esize), -1, dtype=np.int32)
            nxt = np.tile(np.arange(esize + 1, dtype=np.int32), (amax + 1, 1))
            deltas, counts = _deltas(amax)
            b, stuck = 0, -1
            while b < n and stuck < 0:
                end = min(n, b + CHUNK)
                stuck = slice_columns(game.code, col, rev, colof, nxt, deltas, counts, off, b, end)
                b = end
                if progress is not None and not progress(b, n):
                    raise InterruptedError("the three-heap solve was stopped")
            if stuck < 0:
                break
            grow += 1  # a cell past the arrays: larger arrays, from the start (not seen in practice)
        self.col = col

    @property
    def nbytes(self) -> int:
        return int(self.col.nbytes)

    def cold_c(self, a: int, b: int) -> int:
        """The one c with (a, b, c) cold (a <= amax, b < n)."""
        return int(self.col[a, b])

    def is_cold(self, a: int, b: int, c: int) -> bool:
        """Whether (a, b, c) is cold, in any order of the heaps (each below the solved reach)."""
        a, b, c = sorted((a, b, c))
        return int(self.col[a, b]) == c

    def cold_moves(self, a: int, b: int, c: int) -> list[Triple]:
        """Every cold position one move from (a, b, c) (a <= amax; b, c < n), heaps in place."""
        found: set[Triple] = set()
        col = self.col
        if int(col[a, b]) < c:
            found.add((a, b, int(col[a, b])))
        if c < self.n and int(col[a, c]) < b:
            found.add((a, int(col[a, c]), c))  # heap 2 alone: (a, b', c) cold iff col[a, c] = b'
        e = c - b
        ks = np.flatnonzero(col[a, :b] - np.arange(b) == e)  # heaps 2 and 3 together
        found.update((a, int(k), int(k) + e) for k in ks)
        bs = np.arange(b + 1, dtype=np.int64)
        for a2 in range(a):
            d1 = a - a2
            if int(col[a2, b]) == c:
                found.add((a2, b, c))
            if self.game.code == 0:  # (d1, d2, d1 ⊕ d2) for every d2 <= b
                cs = c - (d1 ^ (b - bs))
                for bp in np.flatnonzero(col[a2, : b + 1].astype(np.int64) == cs).tolist():
                    found.add((a2, bp, int(col[a2, bp])))
                continue
            if int(col[a2, b]) == c - d1:  # heaps 1 and 3
                found.add((a2, b, c - d1))
            if d1 <= b and int(col[a2, b - d1]) in (c, c - d1):  # heaps 1 and 2, or all three
                found.add((a2, b - d1, int(col[a2, b - d1])))
        return sorted(t for t in found if self.game.allows((a, b, c), t))


# ----- a process's slices, shared by the rules of one game ---------------------------------------------
_TABLES: dict[str, SliceTable] = {}
_LOCK = threading.Lock()


def solved_table(game: Game3, amax: int, n: int, progress: Progress | None = None) -> SliceTable:
    """Slices 0 … amax on n columns: the process's table of the game where it reaches them, else a
    new one (kept in its place: one table a game, the last and largest asked)."""
    with _LOCK:
        have = _TABLES.get(game.name)
    if have is not None and have.amax >= amax and have.n >= n:
        return have
    table = SliceTable(game, max(amax, have.amax if have is not None and have.n >= n else 0), n, progress)
    with _LOCK:
        _TABLES[game.name] = table
    return table


# ----- one three-heap position, and a game against the computer (the n-piles tab) -------------------------
def table_for(game: Game3, heaps: Triple, progress: Progress | None = None) -> SliceTable:
    """The slices that answer (a, b, c) and every position after it (heaps only shrink): the smallest
    heap's slices on columns past the largest heap; refused before it starts when too much work."""
    if len(heaps) != 3 or min(heaps) < 0:
        raise ValueError(f"{game.title} is played on three heaps, each a whole number >= 0")
    a, n = min(heaps), max(heaps) + 1
    if why := too_much(game, a, n, "(" + ", ".join(short_decimal(h) for h in heaps) + ")"):
        raise ValueError(why + ": give smaller heaps")
    return solved_table(game, a, n, progress)


def _order(heaps: Triple) -> tuple[int, int, int]:
    """The order of the heaps, smallest first (the table's first heap is the smallest)."""
    return tuple(sorted(range(3), key=lambda i: heaps[i]))  # type: ignore[return-value]


def answer(game: Game3, heaps: Triple, table: SliceTable) -> tuple[bool, list[Triple]]:
    """(cold?, the winning moves as positions in the heaps' own order) of `heaps`."""
    order = _order(heaps)
    s = tuple(heaps[i] for i in order)
    if table.is_cold(*s):
        return True, []
    wins = []
    for t in table.cold_moves(*s):  # type: ignore[arg-type]
        back = [0, 0, 0]
        for k, i in enumerate(order):
            back[i] = t[k]
        wins.append((back[0], back[1], back[2]))
    return False, sorted(wins)


def evaluate(game: Game3, heaps: Triple, progress: Progress | None = None) -> tuple[bool, list[Triple]]:
    """Whether `heaps` is cold, and its winning moves (solved on the caller's thread: a worker's)."""
    return answer(game, heaps, table_for(game, heaps, progress))


class HeapGame:
    """A game of three heaps against the computer: the person moves first from `start`; the
    computer plays a winning move where there is one, else takes one counter from the largest heap."""

    def __init__(self, game: Game3, start: Triple, table: SliceTable) -> None:
        self.game, self.table = game, table
        self.path: list[Triple] = [start]
        self.movers: list[str] = []

    @property
    def position(self) -> Triple:
        return self.path[-1]

    @property
    def over(self) -> bool:
        return self.position == (0, 0, 0)

    @property
    def to_move(self) -> str:
        return "computer" if len(self.movers) % 2 else "you"

    @property
    def winner(self) -> str | None:
        """Who took the last counter (the player who cannot move loses)."""
        return self.movers[-1] if self.over and self.movers else None

    def play(self, target: Triple) -> None:
        """The person's move; ValueError (one sentence) where it is not one move of the game."""
        if self.over:
            raise ValueError("the game is over: start a new one")
        if not self.game.allows(self.position, target):
            raise ValueError(f"{target} is not one move from {self.position}: {self.game.moves_text}")
        self.path.append(target)
        self.movers.append("you")

    def computer_move(self) -> Triple:
        if self.over:
            raise ValueError("the game is over")
        _, wins = answer(self.game, self.position, self.table)
        if wins:
            target = wins[0]
        else:
            big = max(range(3), key=lambda i: self.position[i])
            target = tuple(h - 1 if i == big else h for i, h in enumerate(self.position))  # type: ignore[assignment]
        self.path.append(target)
        self.movers.append("computer")
        return target
