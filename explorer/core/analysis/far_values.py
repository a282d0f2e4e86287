"""Cells of one Grundy value far from the origin, and sums of games (docs/math.md, "Grundy values
as sequences, and sums"). Qt-free; every value used here comes from the one place that answers
values (explorer.core.value_source and its planners: value_counts for counts, value_options for a
sum's part), with the caller's limits.

A rule with the `ValueSequences` capability solves values 0 … H−1 as one sequence each
(explorer.core.game.value_sequences): counting the cells of value h in rectangles is a Fenwick
sweep over one sequence (`count_value_rects`).

Sums: a position of the two-pile game plus Nim heaps (and optionally a second two-pile
position). Its value is the XOR of the parts' values (Sprague–Grundy), and it is cold iff that is
0. With T the XOR ≠ 0, every winning move is: a heap h with h ⊕ T < h reduced to h ⊕ T; or, in a
two-pile part of value g, a move to one of its options of value g ⊕ T, which the planner finds
(explorer.core.value_options.part_options). Where none reaches, the answer keeps its verdict and
says so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from explorer.core.exact.bigint import short_decimal
from explorer.core.game.value_sequences import ValuesSolved
from explorer.core.protocol import (
    NotAvailable,
    OutOfBounds,
    Rule,
    RuleError,
)
from explorer.core.value_limits import has_values
from explorer.core.value_options import part_options
from explorer.core.value_source import ValueCache

Position = tuple[int, int]
Progress = Callable[[int, int], bool]


# ----- counting cells of one value ------------------------------------------------------------------
def count_value(solved: ValuesSolved, h: int, x: int, y: int) -> int:
    """Cells of value h in [0, x] × [0, y] (x must be a solved column): #{x' <= x : cols[h][x'] <= y}."""
    if x < 0 or y < 0:
        return 0
    return int(np.count_nonzero(solved.cols[h][: x + 1] <= y))


def count_value_many(solved: ValuesSolved, h: int, xs: NDArray[np.int64], ys: NDArray[np.int64]) -> NDArray[np.int64]:
    """count_value for many bounds at once: one Fenwick sweep over value h's sequence (as the cold
    cells' batches)."""
    from explorer.core.counting.sequence_index import dominance_over_sequence

    return np.asarray(dominance_over_sequence(solved.cols[h][: solved.n], xs, ys), dtype=np.int64)


def count_value_rects(
    solved: ValuesSolved,
    h: int,
    x0s: NDArray[np.int64],
    y0s: NDArray[np.int64],
    x1s: NDArray[np.int64],
    y1s: NDArray[np.int64],
) -> NDArray[np.int64]:
    """Cells of value h in each rectangle [x0, x1] × [y0, y1]: four prefix counts each, all through
    one Fenwick sweep per corner. G is symmetric, so a rectangle wider than tall is counted as its
    mirror: min(x1, y1) must be a solved column (`smaller_sides`)."""
    wide = y1s < x1s
    x0s, y0s = np.where(wide, y0s, x0s), np.where(wide, x0s, y0s)
    x1s, y1s = np.where(wide, y1s, x1s), np.where(wide, x1s, y1s)

    def prefix(xs: NDArray[np.int64], ys: NDArray[np.int64]) -> NDArray[np.int64]:
        return count_value_many(solved, h, xs, ys)

    counts = prefix(x1s, y1s) - prefix(x0s - 1, y1s) - prefix(x1s, y0s - 1) + prefix(x0s - 1, y0s - 1)
    # an empty rectangle (x1 < x0 or y1 < y0) holds no cell: its four prefixes would not cancel
    # (an empty rectangle of a batch would be answered -5)
    return np.where((x1s >= x0s) & (y1s >= y0s), counts, 0)


FAR_CLIP = 1 << 62  # every solved cell lies below it: a bound past it counts as it does


def clipped_bounds(values: Any) -> NDArray[np.int64]:
    """Rectangle bounds of any size as int64, exactly for counting cells of the sequences: a bound
    past FAR_CLIP is read as FAR_CLIP, beyond every cell they hold."""
    if isinstance(values, np.ndarray) and values.dtype != object:
        return np.minimum(values.astype(np.int64, copy=False), FAR_CLIP)
    return np.fromiter((min(int(v), FAR_CLIP) for v in values), dtype=np.int64, count=len(values))


def smaller_sides(x1s: NDArray[np.int64], y1s: NDArray[np.int64]) -> int:
    """The last column that `count_value_rects` reads for these rectangles (−1 if there are none)."""
    return int(np.minimum(x1s, y1s).max()) if len(x1s) else -1


def value_pairs(solved: ValuesSolved, h: int) -> NDArray[np.int64]:
    """The columns x < n whose cell of value h lies on or above the diagonal (x <= y), increasing:
    the value's upper cells, as the cold pairs are value 0's."""
    col = solved.cols[h][: solved.n]
    return np.flatnonzero(col >= np.arange(solved.n, dtype=col.dtype)).astype(np.int64)


# ----- sums of games ---------------------------------------------------------------------------------
class SumMove(NamedTuple):
    """A winning move of a sum: the part it is played in (0, 1: the two-pile parts; 2…: heaps), and
    the whole position it leads to (the two-pile parts' piles, then the heaps)."""

    part: int
    after: tuple[int, ...]


class SumAnswer(NamedTuple):
    grundy: int
    parts: tuple[int, ...]  # each part's value: the two-pile parts, then the heaps
    winning_moves: tuple[SumMove, ...]
    note: str = ""  # where some winning moves are not listed, why (one sentence a part)

    @property
    def status(self) -> str:
        return "P" if self.grundy == 0 else "N"


class SumPosition(NamedTuple):
    """Two-pile parts (one or two) and Nim heaps."""

    piles: tuple[Position, ...]
    heaps: tuple[int, ...]

    def flat(self) -> tuple[int, ...]:
        return tuple(v for p in self.piles for v in p) + self.heaps

    @classmethod
    def parse(cls, numbers: Sequence[int], second: bool = False) -> SumPosition:
        """A B [C D] H1 H2 …: the first two numbers are the two-pile part, the next two the second
        part when `second`, the rest heaps. RuleError on a negative number or too few."""
        need = 4 if second else 2
        if len(numbers) < need:
            raise RuleError(f"a sum needs {need} piles for its two-pile part{'s' if second else ''}")
        if any(v < 0 for v in numbers):
            raise RuleError("piles and heaps hold 0 or more counters")
        piles = ((numbers[0], numbers[1]),) + (((numbers[2], numbers[3]),) if second else ())
        return cls(piles, tuple(numbers[need:]))


def sums_refusal(rule: Rule) -> NotAvailable | None:
    """Why sums under this rule have no answer (None: they have one), said before any work."""
    if not rule.last_mover_wins:
        return NotAvailable("under misère play Grundy values do not decide sums: ask under normal play")
    if not has_values(rule):
        return NotAvailable(f"{rule.title} has no Grundy values, so its sums have none")
    return None


def sum_answer(values: ValueCache, position: SumPosition, progress: Progress | None = None) -> SumAnswer:
    """The value of the sum and every winning move it can find. Each part's value comes from the
    one place that answers values (`values`, with its caller's limits); a part whose value is not
    found is refused with the reason. Where a part's moves to the value needed lie beyond what is
    solved, the answer still gives the verdict and the moves it has, and says so in `note`."""
    refused = sums_refusal(values.rule)
    if refused is not None:
        raise refused
    parts_list: list[int] = []
    for p in position.piles:
        found = values.answer(*p, progress)
        if found.value is None:
            raise OutOfBounds(
                f"G{_pos(p)} is above {(found.above or 1) - 1}, and nothing within {values.limits.who}'s limits "
                "finds it exactly: the sum's value needs it"
            )
        parts_list.append(found.value)
    parts = tuple(parts_list) + position.heaps
    total = 0
    for g in parts:
        total ^= g
    moves: list[SumMove] = []
    notes: list[str] = []
    if total:
        flat = position.flat()
        k = len(position.piles)
        for i, p in enumerate(position.piles):
            cells, note = part_options(values, p, parts[i] ^ total, progress)
            if note:
                notes.append(note)
            for cell in cells:
                after = list(flat)
                after[2 * i : 2 * i + 2] = cell
                moves.append(SumMove(i, tuple(after)))
        for j, heap in enumerate(position.heaps):
            if heap ^ total < heap:
                after = list(flat)
                after[2 * k + j] = heap ^ total
                moves.append(SumMove(k + j, tuple(after)))
    return SumAnswer(total, parts, tuple(moves), " ".join(notes))


def _pos(p: Position) -> str:
    return f"({short_decimal(p[0])}, {short_decimal(p[1])})"
