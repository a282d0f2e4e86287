"""Grundy values far from the origin, and sums of games (docs/math.md, "Grundy values as
sequences, and sums"). Qt-free; the command line, the notebook API and the window ask here.

A rule with the `ValueSequences` capability solves values 0 … H−1 as one sequence each
(explorer.core.game.value_sequences). Every answer here is exact: a cell is given its value h
when h < H, or is known to be at least H ("> H−1", printed `>H−1`); beyond the columns solved the
answer is refused with the bound named.

Sums: a position of the two-pile game plus Nim heaps (and optionally a second two-pile
position). Its value is the XOR of the parts' values (Sprague–Grundy), and it is cold iff that is
0. With T the XOR ≠ 0, every winning move is: a heap h with h ⊕ T < h reduced to h ⊕ T; or, in a
two-pile part of value g, a move to one of its options of value g ⊕ T — each ray's line through
the part holds at most one cell of that value behind it, and each jump one lookup, so they are
found on the part's lines, not by listing its moves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from explorer.core import budget
from explorer.core.exact.bigint import short_decimal
from explorer.core.game.value_sequences import ValueEngine, ValuesSolved
from explorer.core.game.vector_sequence import SequenceTooLarge
from explorer.core.protocol import NotAvailable, OutOfBounds, Rule, RuleError, ValueSequences

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


def columns_for(last: int) -> int:
    """Columns to solve so that column `last` is solved: a power of two, at least 2^10 (so the
    next question nearby needs no new sweep)."""
    return max(1 << 10, 1 << last.bit_length()) if last >= 0 else 1 << 10  # 2^k > last


def solve(
    rule: Rule,
    values: int,
    last_column: int,
    *,
    most_values: int,
    most_columns: int,
    budget_bytes: int,
    progress: Progress | None = None,
) -> ValuesSolved:
    """Values 0 … values−1 on every column up to `last_column` (the smaller pile of the cells
    asked about), within the bounds given; OutOfBounds names them."""
    engine = engine_of(rule)
    if values > most_values:
        raise OutOfBounds(f"values are solved up to {most_values - 1} here; {values - 1} was asked")
    if last_column >= most_columns:
        raise OutOfBounds(
            f"values far out are solved on the first {most_columns:,} columns here; the smaller pile "
            f"{short_decimal(last_column)} lies beyond"
        )
    n = min(columns_for(last_column), most_columns)
    try:
        return engine.grow(values, n, progress, budget_bytes)
    except SequenceTooLarge as exc:
        raise OutOfBounds(str(exc)) from None


def solve_for_command(rule: Rule, values: int, last_column: int, progress: Progress | None = None) -> ValuesSolved:
    """As `solve`, with a command's bounds (it runs alone)."""
    return solve(
        rule,
        values,
        last_column,
        most_values=budget.FAR_VALUES_CLI,
        most_columns=budget.FAR_COLUMNS_CLI,
        budget_bytes=budget.FAR_VALUES_CLI_BYTES,
        progress=progress,
    )


# ----- single cells and tables -------------------------------------------------------------------
def grundy_table(solved: ValuesSolved, x0: int, y0: int, rows: int, cols: int) -> list[list[int | None]]:
    """G on the rows y0 … y0+rows−1 and columns x0 … x0+cols−1 (row by row); None: at least `values`."""
    ys, xs = np.meshgrid(
        np.arange(y0, y0 + rows, dtype=np.int64), np.arange(x0, x0 + cols, dtype=np.int64), indexing="ij"
    )
    found = solved.values_many(xs.ravel(), ys.ravel()).reshape(rows, cols)
    return [[int(v) if v >= 0 else None for v in row] for row in found]


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
    # (a batch's empty rectangle was answered -5: long soak, seed 20261409)
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


def count_value_rect(solved: ValuesSolved, h: int, x0: int, y0: int, x1: int, y1: int) -> int:
    """Cells of value h in [x0, x1] × [y0, y1] (x1 a solved column), from four prefix counts."""
    return (
        count_value(solved, h, x1, y1)
        - count_value(solved, h, x0 - 1, y1)
        - count_value(solved, h, x1, y0 - 1)
        + count_value(solved, h, x0 - 1, y0 - 1)
    )


def window_values(rule: Rule, values: int, last_column: int, progress: Progress | None = None) -> ValuesSolved:
    """As `solve`, with the window's bounds (values 0-15 on up to 2^20 columns)."""
    return solve(
        rule,
        max(values, budget.FAR_VALUES_WINDOW),
        last_column,
        most_values=budget.FAR_VALUES_WINDOW,
        most_columns=budget.FAR_COLUMNS_WINDOW,
        budget_bytes=budget.FAR_VALUES_WINDOW_BYTES,
        progress=progress,
    )


def count_far(rule: Rule, h: int, x0: int, y0: int, x1: int, y1: int, progress: Progress | None = None) -> int:
    """Cells of value h in the rectangle, from value h's sequence (solved first where needed; a
    rectangle wider than tall is read as its mirror)."""
    x0s, y0s, x1s, y1s = (clipped_bounds([b]) for b in (x0, y0, x1, y1))
    solved = window_values(rule, h + 1, smaller_sides(x1s, y1s), progress)
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


def option_bound(rule: Rule, x: int, y: int) -> int:
    """No option of (x, y) has a value above this: a cell's value is at most its number of
    options, and a cell (x', y') with x' <= x, y' <= y has at most x' + y' options along each ray
    and one for each jump."""
    engine = engine_of(rule)
    return (2 + len(engine.rays)) * (x + y) + len(engine.jumps)


def part_value(rule: Rule, solved: ValuesSolved, p: Position) -> int:
    """G of a two-pile part; OutOfBounds if it is at least the values solved."""
    g = solved.value(*p)
    if g is None:
        raise OutOfBounds(
            f"G{_pos(p)} is at least {solved.values}: above the values solved ({solved.values} values "
            f"on {solved.n:,} columns)"
        )
    return g


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


# A table of its own costs about values³ × columns × 0.03 ns: value h's cell of a column lies past
# about h cells of smaller values, each candidate checked against all h of them. 128³ × 20 000 took
# 1.3 s on the 2-core test machine, 256³ × 5 000 2.5 s.
PRIVATE_WORK_CLI = 1 << 38  # a command runs alone: about 8 s at most
PRIVATE_WORK_WINDOW = 1 << 34  # the window's Sums panel: about 0.5 s at most


def private_values(
    rule: Rule,
    values: int,
    last_column: int,
    budget_bytes: int,
    progress: Progress | None = None,
    work: int = PRIVATE_WORK_CLI,
) -> ValuesSolved:
    """Values 0 … values−1 up to column `last_column` in a table of their own (a sum near the
    origin may need more values than the shared table keeps); OutOfBounds past `budget_bytes`."""
    shared = engine_of(rule)
    engine = ValueEngine((*shared.rays, (1, 0), (0, 1)), shared.jumps)
    n = last_column + 1
    if values**3 * n > work:
        raise OutOfBounds(
            f"values 0-{values - 1} up to column {short_decimal(last_column)} would take too long here "
            "(each value's cells are checked against the smaller values')"
        )
    if engine.bytes_for(values, n) > budget_bytes:
        raise OutOfBounds(
            f"values 0-{values - 1} up to column {short_decimal(last_column)} need about "
            f"{engine.bytes_for(values, n) >> 20} MiB, more than the {budget_bytes >> 20} MiB allowed"
        )
    return engine.grow(values, n, progress, budget_bytes)


def sum_answer(
    rule: Rule,
    position: SumPosition,
    *,
    solve_values: Callable[[int, int], ValuesSolved],
) -> SumAnswer:
    """The value of the sum and every winning move. `solve_values(values, last_column)` gives the
    values table (the caller's bounds); values beyond it are refused, never guessed."""
    engine_of(rule)  # NotAvailable first, before any work
    last = max(min(p) for p in position.piles)
    solved = solve_values(1, last)
    # A part whose value the table lacks: its value is below its option bound, so a table of that
    # many values finds it (refused, with the reason, where that table passes the caller's bounds).
    # Doubling the values until each is found: a table's work grows with the square of its values
    # (each candidate is checked against the column's smaller values), and true values lie far
    # below the bound, so the table stays within twice the largest value.
    while True:
        missing = [p for p in position.piles if solved.value(*p) is None]
        if not missing:
            break
        most = max(option_bound(rule, *p) for p in missing) + 1
        if solved.values >= most:
            raise OutOfBounds(f"G{_pos(missing[0])} was not found below {most}")  # cannot happen
        values = min(2 * solved.values, most)
        solved = _wider(solve_values, values, last, f"G{_pos(missing[0])} is at least {solved.values}")
    parts = tuple(part_value(rule, solved, p) for p in position.piles) + position.heaps
    total = 0
    for g in parts:
        total ^= g
    moves: list[SumMove] = []
    if total:
        flat = position.flat()
        k = len(position.piles)
        for i, p in enumerate(position.piles):
            t = parts[i] ^ total
            if t > option_bound(rule, *p):
                continue  # no option of p reaches so high a value
            if t >= solved.values:
                solved = _wider(solve_values, t + 1, last, f"the moves of {_pos(p)} to value {t}")
            for cell in options_of_value(rule, solved, p, t):
                after = list(flat)
                after[2 * i : 2 * i + 2] = cell
                moves.append(SumMove(i, tuple(after)))
        for j, heap in enumerate(position.heaps):
            if heap ^ total < heap:
                after = list(flat)
                after[2 * k + j] = heap ^ total
                moves.append(SumMove(k + j, tuple(after)))
    return SumAnswer(total, parts, tuple(moves))


def command_sum(rule: Rule, position: SumPosition, progress: Progress | None = None) -> SumAnswer:
    """A sum with a command's bounds: the shared table of values 0-31, else a table of its own."""

    def solve_values(values: int, last: int) -> ValuesSolved:
        if values <= budget.FAR_VALUES_CLI:
            return solve_for_command(rule, budget.FAR_VALUES_CLI, last, progress)
        return private_values(rule, values, last, budget.SUM_VALUES_BYTES, progress, PRIVATE_WORK_CLI)

    return sum_answer(rule, position, solve_values=solve_values)


def window_sum(rule: Rule, position: SumPosition, progress: Progress | None = None) -> SumAnswer:
    """A sum with the window's bounds: the shared table of values 0-15, else a small table of its own."""

    def solve_values(values: int, last: int) -> ValuesSolved:
        if values <= budget.FAR_VALUES_WINDOW:
            return window_values(rule, values, last, progress)
        return private_values(rule, values, last, budget.SUM_VALUES_WINDOW_BYTES, progress, PRIVATE_WORK_WINDOW)

    return sum_answer(rule, position, solve_values=solve_values)


def _wider(solve_values: Callable[[int, int], ValuesSolved], values: int, last: int, what: str) -> ValuesSolved:
    """solve_values(values, last), or OutOfBounds saying what needed it and why it cannot be had."""
    try:
        return solve_values(values, last)
    except OutOfBounds as exc:
        raise OutOfBounds(f"{what}: finding it exactly needs values 0-{values - 1} here, and {exc}") from None


def _pos(p: Position) -> str:
    return f"({short_decimal(p[0])}, {short_decimal(p[1])})"
