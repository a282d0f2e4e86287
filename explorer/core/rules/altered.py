"""Altered positions over a rule with Nim's rays, far out (docs/math.md, "Games that change the
recursion"): any cell above a cold cell of its column can move to it, so a column holds its
declared cold cells and at most one other, below them. The compiled walk of k-blocking
(explorer.core.rules.block_kernel.altered_sweep) finds that one cell of each column, with the
declared cells met on the way, to 2^20 columns by default and 2^22 or more when asked. That walk
mirrors each column's cells below the diagonal from earlier columns, so it takes alterations that
are their own mirror image (a terminal set x + y <= K is). Any other alteration is walked from row 0
without mirrors (explorer.core.rules.alter_kernel). Over moves without Nim's rays, or declaring more
than MAX_DECLARED cold cells, it is solved on a square (`AlteredRule`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game.vector_spec import VectorSpec
from explorer.core.protocol import Progress, Rule
from explorer.core.rules.base import Position, RuleError
from explorer.core.rules.blocking import ROUNDS, STEP_BUDGET, WYTHOFF_MOVES, chunk_of, steepest
from explorer.core.rules.layered import LayerRule
from explorer.core.rules.recursion import DEFAULT_SIDE, MAX_SIDE, AlteredRule, Declared, rays_and_jumps

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    np = lazy_numpy(__name__)

ALTER_COLUMNS = 1 << 20  # the default: 2^20 columns in 0.3 s (Wythoff's moves: a peak of 110-150 MiB)
ALTER_BYTES = 160 << 20  # the walk's peak for the default size: rules with more rays get fewer columns
MOST_COLUMNS = 1 << 23
MAX_BYTES = 1 << 30  # the walk's peak when more columns are asked (2^22 columns of Wythoff: about 450 MiB)
MAX_DECLARED = 4096  # declared cold cells kept as changes beside the sequence
# The walk keeps (ROW_MARGIN + q/p)·columns rows for the moves' steepest ray (p, q): altered cells
# lie near the base's, below about (1 + q/p)·x (φ·x over Wythoff's moves, 3·x over (1,2)-GDWN's)
ROW_MARGIN = 1.25


def _mirrored(cells: tuple[Position, ...]) -> set[Position]:
    return {(y, x) for x, y in cells}


def declared_cold(cold: tuple[Position, ...], terminal: int | None) -> set[Position]:
    cells = set(cold)
    if terminal is not None:
        cells |= {(x, s - x) for s in range(terminal + 1) for x in range(s + 1)}
    return cells


def make_altered(
    base: Rule,
    cold: tuple[Position, ...],
    hot: tuple[Position, ...],
    terminal: int | None,
    n: int | None = None,
    progress: Progress | None = None,
) -> Rule:
    """Altered positions over `base`: by columns where it has Nim's rays (and declares at most
    MAX_DECLARED cold cells), else on a square."""
    spec = rays_and_jumps(base)
    small = terminal is None or (terminal + 1) * (terminal + 2) // 2 + len(cold) <= MAX_DECLARED
    if spec.has_nim_rays and small:
        fixed = n is not None
        cap = column_cap(declared_cold(cold, terminal))
        n = n or default_columns(spec, cap)
        if walk_bytes(n, spec, cap) > MAX_BYTES:
            most = default_columns(spec, cap)
            while walk_bytes(2 * most, spec, cap) <= MAX_BYTES:
                most *= 2
            raise RuleError(
                f"altered positions on {n:,} columns need about {walk_bytes(n, spec, cap) >> 20:,} MiB while "
                f"they are solved; {most:,} columns fit in {MAX_BYTES >> 20:,} MiB"
            )
        return AlteredColumns(base, cold, hot, terminal, n, progress, fixed=fixed)
    n = n or DEFAULT_SIDE
    if n > MAX_SIDE:
        why = "it has no Nim rays" if small else "it declares too many cells"
        raise RuleError(f"this alteration is solved on a square ({why}) of side {MAX_SIDE:,} at most, not {n:,}")
    return AlteredRule(base, cold, hot, terminal, n)


def walk_rows(columns: int, spec: VectorSpec) -> int:
    """The rows a walk of `columns` columns decides: a declared cell at or past them changes only
    cells at least as far (a move lowers a pile), so it is left out of the walk. A column's cell past
    them stops a default-sized walk at the power of two of columns before (an n typed: refused)."""
    return int((ROW_MARGIN + steepest(spec)) * columns) + 1024


def column_cap(cold: Iterable[Position]) -> int:
    """Room for each column's cold cells in the mirrored walk: its declared cold cells, and two more."""
    return max(Counter(x for x, _ in cold).values(), default=0) + 2


def walk_bytes(columns: int, spec: VectorSpec, cap: int = 3) -> int:
    """The walk's peak (block_kernel.new_state's arrays and the columns' own), with room for `cap`
    cells a column and a row, and per line of each other ray its count and its next-free-line
    pointer: within 0.8–1.25 of tracemalloc's peak (tests/core/test_recursion_rules.py measures it),
    113–139 MiB over Wythoff's moves at 2^20 columns (190 MiB while it kept 4 rows a column)."""
    rows = walk_rows(columns, spec)
    diagonal = (1, 1) in spec.rays
    others = [(p, q) for p, q in spec.rays if (p, q) not in ((1, 0), (0, 1), (1, 1))]
    per_column = 4 * cap + 8 + 8 + 4  # its cells, their count, the declared cells' pointers, its own cell
    per_row = 4 + 4 * cap + 8 + (4 + 8 if diagonal else 0)  # counts, cells, next-row pointers (and diagonals')
    lines = 8 * sum(p * rows + q * columns + 1 + p for p, q in others)  # a count and a next-free-line pointer
    return columns * per_column + (rows + 1) * per_row + lines


def solve_peak(n: int | None) -> int:
    """What making an alteration may hold at its peak, before its base is known: the default's
    cap, or the walk N columns need over Wythoff's moves (the window makes that room first)."""
    return ALTER_BYTES if n is None else min(MAX_BYTES, walk_bytes(n, WYTHOFF_MOVES))


def default_columns(spec: VectorSpec, cap: int = 3) -> int:
    """The columns an alteration is solved on unless told: ALTER_COLUMNS, halved while the walk
    would pass ALTER_BYTES (over gdwn:1,3's moves 2^18)."""
    columns = ALTER_COLUMNS
    while columns > 1024 and walk_bytes(columns, spec, cap) > ALTER_BYTES:
        columns //= 2
    return columns


def _by_column(cells: list[Position], columns: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Cells sorted by column, then row, as each column's start and the rows (CSR)."""
    ptr = np.zeros(columns + 1, dtype=np.int64)
    np.add.at(ptr, np.array([x + 1 for x, _ in cells], dtype=np.int64), 1)
    return np.cumsum(ptr), np.array([y for _, y in cells] or [0], dtype=np.int64)


class AlteredColumns(Declared, LayerRule):  # type: ignore[misc,override]
    """Altered positions on [0, bound)²: one cell a column from the walk, and the declared cold cells."""

    default_side = ALTER_COLUMNS
    what = "the column sweep"
    count_method = "column sweep"

    def __init__(
        self,
        base: Rule,
        cold: tuple[Position, ...],
        hot: tuple[Position, ...],
        terminal: int | None,
        columns: int,
        progress: Progress | None = None,
        fixed: bool = True,
    ) -> None:
        from explorer.core.rules import block_kernel as kernel  # numba: loaded when such a rule is made

        if columns > MOST_COLUMNS:
            raise RuleError(f"altered positions are solved on {MOST_COLUMNS:,} columns at most, not {columns:,}")
        self._declare(cold, hot, terminal)
        spec = rays_and_jumps(base)
        forced_cold = declared_cold(self.cold_cells, terminal)
        if set(self.cold_cells) != _mirrored(self.cold_cells) or set(self.hot_cells) != _mirrored(self.hot_cells):
            self._walk_any(base, spec, forced_cold, columns, progress, fixed)
            return
        forced = {c: 1 for c in forced_cold} | {c: -1 for c in self.hot_cells}
        rows = walk_rows(columns, spec)  # not the farthest declared row: one at 6 * 10^6 made the walk 6 times as large
        upper = sorted((x, y, kind) for (x, y), kind in forced.items() if x <= y < rows and x < columns)
        cap = column_cap(c for c in forced_cold if max(c) < rows and min(c) < columns)
        fptr = np.zeros(columns + 1, dtype=np.int64)
        np.add.at(fptr, np.array([x + 1 for x, _, _ in upper], dtype=np.int64), 1)
        fptr = np.cumsum(fptr)
        fy = np.array([y for _, y, _ in upper], dtype=np.int64)
        fkind = np.array([kind for _, _, kind in upper], dtype=np.int64)
        others = [(p, q) for p, q in spec.rays if (p, q) not in ((1, 0), (0, 1), (1, 1))]
        rays = np.array(others, dtype=np.int64).reshape(-1, 2)
        jumps = np.array(spec.jumps, dtype=np.int64).reshape(-1, 2)
        levels = 1 if others else 0  # need is 1: a line is free or full
        state = kernel.new_state(1, columns, rows, rays, (1, 1) in spec.rays, cap, ray_levels=levels)
        comps, cptr = kernel.splits(1, (1, 1) in spec.rays, len(others), levels)
        colcnt = np.zeros(columns, dtype=np.int64)
        x, steps = 0, np.zeros(1, dtype=np.int64)
        while x < columns:
            end = min(columns, x + chunk_of(columns))
            reached = kernel.altered_sweep(
                x, end, state["cells"], colcnt, state["rowcnt"], state["rowcells"], state["rownxt"], state["rowbits"],
                state["diag"], state["diagnxt"], state["diagbits"], rays, state["offsets"], state["lines"],
                state["raynxt"], state["raybits"], state["rtop"], state["rwoff"], comps, cptr, jumps,
                fptr, fy, fkind, steps, STEP_BUDGET if not fixed else 1 << 62, ROUNDS,
            )  # fmt: skip
            if 0 < reached < end and not fixed:
                # the default size, cut where the work passed its budget or a cell passed the rows
                columns = 1 << (reached.bit_length() - 1)
                break
            if reached < 0:
                raise RuleError(f"column {-1 - reached:,} holds more declared cold cells in a line than kept")
            if reached < end:
                raise RuleError(f"column {reached:,}'s cold cell lies past row {rows:,}: solve fewer columns")
            x = end
            if progress is not None and not progress(x, columns):
                raise RuleError("solving was cancelled; the rule in effect stays")
        cells, colcnt = state["cells"][:columns], colcnt[:columns]
        # The sequence holds each column's own cell (none: past the rows kept), the declared cold
        # cells are the changes: so a row's own cell is its column's mirror, as the lookups assume.
        col = np.full(columns, rows, dtype=np.int32)
        plain = np.flatnonzero(colcnt == 1)
        col[plain] = cells[plain, 0]
        for x, y in forced_cold:
            if x < columns and col[x] == y:
                col[x] = rows
        for x in np.flatnonzero(colcnt > 1).tolist():  # a column with declared cold cells
            own = [int(y) for y in cells[x, : colcnt[x]] if (x, int(y)) not in forced_cold]
            if own:
                col[x] = own[0]
        changes = {c: 1 for c in forced_cold if max(c) < columns}
        self._set_layer(base, spec, col, changes)

    def _walk_any(
        self,
        base: Rule,
        spec: VectorSpec,
        forced_cold: set[Position],
        columns: int,
        progress: Progress | None,
        fixed: bool,
    ) -> None:
        """An alteration that is not its own mirror image: the walk from row 0 (alter_kernel). A
        default-sized walk stops where its work passes STEP_BUDGET, at a power of two of columns."""
        from explorer.core.rules import alter_kernel as kernel  # numba: loaded when such a rule is made

        rows = walk_rows(columns, spec)
        cells = sorted((x, y) for x, y in forced_cold if x < columns and y < rows)
        hot = sorted((x, y) for x, y in self.hot_cells if x < columns and y < rows)
        cptr, cy = _by_column(cells, columns)
        hptr, hy = _by_column(hot, columns)
        from explorer.core.rules.block_kernel import counting, full  # written without the GIL

        col = full(columns, -1)
        rowcell = full(rows, -1)
        rownxt = counting(1, rows + 1)[0]
        diagnxt = counting(1, rows + columns + 2)[0]
        diagonal = (1, 1) in spec.rays
        others = [(p, q) for p, q in spec.rays if p and q and (p, q) != (1, 1)]
        rays = np.array(others, dtype=np.int64).reshape(-1, 2)
        sizes = [p * rows + q * columns + 1 + p for p, q in others]  # p more: the pointers' floor
        lineoff = np.array([sum(sizes[:r]) + p * rows + p for r, (p, _) in enumerate(others)], dtype=np.int64)
        lines = counting(1, sum(sizes))[0]  # each line free: its own pointer
        jumps = np.array(spec.jumps, dtype=np.int64).reshape(-1, 2)
        steps = np.zeros(1, dtype=np.int64)
        x = 0
        while x < columns:
            end = min(columns, x + chunk_of(columns))
            reached, why = kernel.walk(
                x, end, col, rowcell, rownxt, diagnxt, diagonal, cptr, cy, hptr, hy, rays, lineoff, lines, jumps,
                steps, STEP_BUDGET if not fixed else 1 << 62,
            )  # fmt: skip
            if why == 2 or (why == 1 and reached > 0 and not fixed):
                # the default size, cut where the work passed its budget or a cell passed the rows
                columns = 1 << (reached.bit_length() - 1)
                col = col[:columns]
                break
            if why == 1:
                raise RuleError(f"column {reached:,}'s cold cell lies past row {rows:,}: solve fewer columns")
            x = end
            if progress is not None and not progress(x, columns):
                raise RuleError("solving was cancelled; the rule in effect stays")
        col[col < 0] = rows  # no cell of its own: past the rows kept
        row = rowcell[:columns].copy()
        row[row >= columns] = -1  # cells of columns a cut walk no longer keeps
        changes = {c: 1 for c in forced_cold if max(c) < columns}
        self._set_layer(base, spec, col, changes, row=row)

    def position_note(self, x: int, y: int) -> str:
        self.check(x, y)
        return self.declared_note(x, y)

    def is_terminal(self, x: int, y: int) -> bool:
        return Declared.is_terminal(self, x, y) or not self.spec.has_move(x, y)
