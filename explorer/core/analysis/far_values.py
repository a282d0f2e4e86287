"""Cells of one Grundy value far from the origin, and sums of games (docs/math.md, "Grundy values
as sequences, and sums"). Qt-free; the command line, the notebook API and the window ask here,
and every value they use comes from the one place that answers values
(explorer.core.value_source), with the caller's limits.

A rule with the `ValueSequences` capability solves values 0 … H−1 as one sequence each
(explorer.core.game.value_sequences): counting the cells of value h in rectangles is a Fenwick
sweep over one sequence, and `sequences_for` refuses, naming the bound, before any work where the
caller's limits do not reach.

Sums: a position of the two-pile game plus Nim heaps (and optionally a second two-pile
position). Its value is the XOR of the parts' values (Sprague–Grundy), and it is cold iff that is
0. With T the XOR ≠ 0, every winning move is: a heap h with h ⊕ T < h reduced to h ⊕ T; or, in a
two-pile part of value g, a move to one of its options of value g ⊕ T. Those options are found
(`part_options`) the most exact way there is: value 0 as the part's winning moves (any size), a
closed form (`KnownOptions`), the corner's options, the certified rows' candidates, or the value
sequences, where each ray's line through the part holds at most one cell of that value behind it
and each jump is one lookup. Where none reaches, the answer keeps its verdict and says so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from explorer.core.exact.bigint import short_decimal
from explorer.core.game.value_sequences import ValueEngine, ValuesSolved
from explorer.core.protocol import (
    CertifiedRows,
    KnownOptions,
    KnownValues,
    NotAvailable,
    OutOfBounds,
    Rule,
    RuleError,
    Valued,
    ValueSequences,
)
from explorer.core.value_source import ValueCache, ValueRefused, columns_for

Position = tuple[int, int]
Progress = Callable[[int, int], bool]


def engine_of(rule: Rule) -> ValueEngine:
    """The rule's value engine, or NotAvailable saying why there is none."""
    if isinstance(rule, ValueSequences):
        return rule.value_engine
    if not rule.last_mover_wins:
        raise NotAvailable(
            "under misère play Grundy values do not decide sums, and they are not solved far out: ask under normal play"
        )
    raise NotAvailable(
        f"{rule.title}: its Grundy values far out are not sequences (only rules whose moves hold "
        "Nim's rays (1,0) and (0,1), such as Wythoff, Maharaja and GDWN)"
    )


def sequences_for(values: ValueCache, count: int, last_column: int, progress: Progress | None = None) -> ValuesSolved:
    """Values 0 … count−1 on every column up to `last_column` (the smaller pile of the cells asked
    about), within the caller's limits (`values.limits`); ValueRefused, naming them, before any
    work where they do not reach."""
    engine_of(values.rule)
    limits = values.limits
    if count > limits.far_values:
        raise ValueRefused(
            f"far out the values 0–{limits.far_values - 1} are solved as sequences; {count - 1} was asked"
        )
    if last_column >= limits.far_columns:
        raise ValueRefused(
            f"values far out are solved on the first {limits.far_columns:,} columns in {limits.who}; "
            f"the smaller pile {short_decimal(last_column)} lies beyond"
        )
    columns = columns_for(last_column, limits.far_columns)
    if values.far_fits(columns, count) < columns:
        raise ValueRefused(
            f"the values 0–{count - 1} on {columns:,} columns need about {values.far_bytes_for(columns, count) >> 20} "
            f"MiB, more than the {limits.far_bytes >> 20} MiB of {limits.who}"
        )
    solved = values.solve_far(columns, progress, values=count)
    assert solved is not None
    return solved


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


def count_far(values: ValueCache, h: int, x0: int, y0: int, x1: int, y1: int, progress: Progress | None = None) -> int:
    """Cells of value h in the rectangle, from value h's sequence (solved first where needed; a
    rectangle wider than tall is read as its mirror)."""
    x0s, y0s, x1s, y1s = (clipped_bounds([b]) for b in (x0, y0, x1, y1))
    solved = sequences_for(values, h + 1, smaller_sides(x1s, y1s), progress)
    return int(count_value_rects(solved, h, x0s, y0s, x1s, y1s)[0])


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


def options_of_value(rule: Rule, solved: ValuesSolved, p: Position, t: int) -> list[Position]:
    """Every option of p of value t (t < solved.values): on each ray's line behind p at most one
    cell, and one lookup for each jump. Asked from the smaller pile's column (the moves are
    symmetric: every vector comes with its mirror), and mirrored back."""
    engine = engine_of(rule)
    x, y = p
    swap = x > y
    if swap:
        x, y = y, x
    found: set[Position] = set()
    for a, b in ((1, 0), (0, 1), *engine.rays):
        cell = solved.cell_on_line(t, x, y, a, b)
        if cell is not None:
            found.add(cell)
    col = solved.cols[t]
    for i, j in engine.jumps:
        if 1 <= i <= x and j <= y and int(col[x - i]) == y - j:
            found.add((x - i, y - j))
    return sorted((b, a) for a, b in found) if swap else sorted(found)


def private_refusal(rule: Rule, values: int, last_column: int, budget_bytes: int, work: int) -> str:
    """Why a table of its own of values 0 … values−1 up to `last_column` is not made ('' if it
    fits), known before it starts. It costs about values³ × columns × 0.03 ns: each value's cell
    of a column lies past about h cells of smaller values, each candidate checked against them."""
    shared = engine_of(rule)
    engine = ValueEngine((*shared.rays, (1, 0), (0, 1)), shared.jumps)
    n = last_column + 1
    cells = f"the cells of every value up to {short_decimal(values - 1)} in the first {short_decimal(n)} columns"
    if values**3 * n > work:
        return f"finding them needs {cells}, more work than is done here"
    if engine.bytes_for(values, n) > budget_bytes:
        return (
            f"finding them needs {cells}: about {engine.bytes_for(values, n) >> 20} MiB, more than the "
            f"{budget_bytes >> 20} MiB allowed here"
        )
    return ""


def private_values(
    rule: Rule,
    values: int,
    last_column: int,
    budget_bytes: int,
    progress: Progress | None = None,
    work: int = 1 << 38,
) -> ValuesSolved:
    """Values 0 … values−1 up to column `last_column` in a table of their own (a sum near the
    origin may need more values than the shared table keeps); OutOfBounds past the bounds."""
    refused = private_refusal(rule, values, last_column, budget_bytes, work)
    if refused:
        raise OutOfBounds(refused)
    shared = engine_of(rule)
    engine = ValueEngine((*shared.rays, (1, 0), (0, 1)), shared.jumps)
    return engine.grow(values, last_column + 1, progress, budget_bytes)


def sums_refusal(rule: Rule) -> NotAvailable | None:
    """Why sums under this rule have no answer (None: they have one), said before any work."""
    if not rule.last_mover_wins:
        return NotAvailable("under misère play Grundy values do not decide sums: ask under normal play")
    if not isinstance(rule, (Valued, KnownValues)):
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


# The options read one by one from a corner, or along certified rows, at most (a few ms)
OPTIONS_READ = 1 << 16


def part_options(
    values: ValueCache, p: Position, t: int, progress: Progress | None = None
) -> tuple[list[Position], str]:
    """The options of two-pile part p whose value is t, and a sentence where some may be missing
    (empty if the list is whole). In the order of the one place: closed forms (value 0: the
    winning moves; a rule's `KnownOptions`), the corner, the certified rows, the sequences."""
    rule = values.rule
    x, y = p
    if t == 0 and values.judges(x, y):
        return sorted(m.target for m in rule.winning_moves(x, y)), ""  # value 0: the cold options
    if isinstance(rule, KnownOptions):
        return sorted(rule.options_of_value(x, y, t)), ""
    if values.corner_holds(x, y) and 2 * (x + y) <= OPTIONS_READ:
        # the corner holds every option of p (options are smaller in both piles)
        return sorted(c for c in rule.spec.targets(x, y) if values.grundy(*c) == t), ""
    rows = values.rows
    if isinstance(rule, CertifiedRows) and rows is not None and min(p) < rows.rows:
        candidates = rows_candidates(p, t)
        if all(rows.knows(*c) for c in candidates):
            return sorted({c for c in candidates if rule.spec.allows(p, c) and rows.value(*c) == t}), ""
    if isinstance(rule, ValueSequences) and min(p) < values.limits.far_columns:
        if t < values.limits.far_values:
            solved = sequences_for(values, t + 1, min(p), progress)
            return options_of_value(rule, solved, p, t), ""
        refused = private_refusal(rule, t + 1, min(p), values.limits.sum_bytes, values.limits.sum_work)
        if not refused:
            solved = private_values(rule, t + 1, min(p), values.limits.sum_bytes, progress, values.limits.sum_work)
            return options_of_value(rule, solved, p, t), ""
        return [], f"The moves of {_pos(p)} to value {short_decimal(t)} are not listed: {refused}."
    return [], (
        f"The moves of {_pos(p)} to value {short_decimal(t)} are not listed: they lie beyond what "
        f"{values.limits.who} solves for this rule."
    )


def rows_candidates(p: Position, t: int) -> list[Position]:
    """Every option of p under Wythoff's moves that can have value t, when p's smaller pile is a
    certified row (explorer.core.values.rows): along the short pile's line every cell; along the
    long one only the window where a row's values can reach t (G(i, y) lies within 2i + 2 of y)."""
    x, y = p
    swap = x > y
    if swap:
        x, y = y, x
    cells = [(i, y) for i in range(x)] + [(x - k, y - k) for k in range(1, x + 1)]
    lo, hi = max(0, t - x - 1), min(y, t + 2 * x + 3)
    cells += [(x, j) for j in range(lo, hi)]
    return [(b, a) for a, b in cells] if swap else cells


def _pos(p: Position) -> str:
    return f"({short_decimal(p[0])}, {short_decimal(p[1])})"
