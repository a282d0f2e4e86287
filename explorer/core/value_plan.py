"""What to solve next so that G (or R) of some cells is known, and solving it: the planning half of
the one place that answers values (explorer.core.value_source; `ValueCache` is a `Plans`).

`next_need` decides, before any work and from the rule's capabilities alone: the certified rows
for a cell far along an axis; a corner table cheap enough (QUICK_WORK); the value sequences, one
value at a time on only the columns up to the smaller pile (a cell of value h costs values 0 …
h); a corner as large as the limits allow; else the typed refusal (`refusal`) naming each bound.
Each `Need` states its size first. A command solves at once (`answer`, `answer_many`, `block`);
the window runs `answer_many` on a worker.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from numpy.typing import NDArray

from explorer.core.exact.bigint import short_decimal
from explorer.core.protocol import CertifiedRows, KnownValues, Rule, Valued, ValueSequences
from explorer.core.value_limits import (
    BLOCK_CELLS,
    FAR_VALUES_MAX_STEP,
    QUICK_WORK,
    ROWS_FROM,
    ROWS_MAX,
    SHARE_COLUMNS,
    Limits,
    Need,
    TexelSources,
    Value,
    ValueRefused,
    ViewNeeds,
    columns_for,
    corner_bytes,
    corner_fits,
    no_values_text,
)
from explorer.core.values import GRUNDY

if TYPE_CHECKING:
    from explorer.core.game.value_sequences import ValuesSolved
    from explorer.core.values.rows import GrundyRows
    from explorer.core.values.table import ValueTable

Position = tuple[int, int]
Progress = Callable[[int, int], bool]


class Plans:
    """What the one place solves next, and solving it, over what is known (the attributes and
    lookups below, which `ValueCache` holds)."""

    rule: Rule
    limits: Limits
    max_side: int
    table: ValueTable | None
    rows: GrundyRows | None
    far: ValuesSolved | None
    grundy_corner: NDArray | None

    if TYPE_CHECKING:  # what is known, and growing it: ValueCache's

        def known(self, x: int, y: int) -> Value | None: ...
        def remoteness(self, x: int, y: int) -> int | None: ...
        def solve_rows(self, progress: Progress | None = None, rows: int = ROWS_MAX) -> GrundyRows | None: ...
        def solve_far(
            self, columns: int, progress: Progress | None = None, values: int | None = None
        ) -> ValuesSolved | None: ...
        def far_fits(self, columns: int, values: int | None = None) -> int: ...
        def far_bytes_for(self, columns: int, values: int | None = None) -> int: ...
        def side_for(self, x: int, y: int) -> int | None: ...
        def far_columns_for(self, x: int, y: int) -> int | None: ...

    def rows_help(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int) -> bool:
        """Whether the certified rows, not yet solved, would answer cells of [x_lo, x_hi] x [y_lo, y_hi]
        that no corner reaches: cells far along an axis (the rule of `next_need`)."""
        return (
            isinstance(self.rule, CertifiedRows)
            and self.rows is None
            and max(x_hi, y_hi) >= ROWS_FROM
            and min(max(x_lo, 0), max(y_lo, 0)) < ROWS_MAX
        )

    def needs_for_view(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int, kind: str = GRUNDY) -> ViewNeeds:
        """What to solve so that a view of [x_lo, x_hi] x [y_lo, y_hi], in texels of step x step
        cells, shows more values: a larger corner where the view reaches it; the certified rows
        where it lies far along an axis; past the corner, the value sequences, where each texel
        shows them (a narrow texel its corner cell; a wide one each value's exact share, while the
        view holds at most SHARE_COLUMNS columns). Decided before any work, here alone."""
        side = 0 if self.table is None else min(self.table.shape)
        need = self.side_for(x_hi, y_hi)
        corner = need if need is not None and need > side and max(x_lo, y_lo) < self.max_side else None
        rows = kind == GRUNDY and self.rows_help(x_lo, y_lo, x_hi, y_hi)
        sampled = step <= FAR_VALUES_MAX_STEP
        shared = x_hi - x_lo + 1 <= SHARE_COLUMNS
        far = (
            self.far_columns_for(x_hi, y_hi)
            if kind == GRUNDY
            and (sampled or shared)
            and max(x_hi, y_hi) >= self.max_side
            and min(x_lo, y_lo) < self.limits.far_columns
            else None
        )
        return ViewNeeds(corner, rows, far)

    def texel_sources(self, kind: str = GRUNDY) -> TexelSources:
        """Which parts of what is known answer a view's texels of this kind, in the order of
        `value_limits.SOURCES` (the render reads them, explorer.core.render.values.value_grid):
        the cold cells (G = 0), the certified rows, the corner, the sequences; decided here alone."""
        grundy = kind == GRUNDY
        corner = None if self.table is None else (self.table.grundy if grundy else self.table.remoteness)
        side = 0 if self.table is None else min(self.table.shape)
        rows_solved = self.rows.rows if self.rows is not None else 0
        return TexelSources(
            corner,
            side,
            self.rows if grundy else None,
            self.far if grundy else None,
            grundy and self.rule.last_mover_wins,
            rows_solved,
        )

    def solve_for_view(
        self,
        x_lo: int,
        y_lo: int,
        x_hi: int,
        y_hi: int,
        step: int,
        kind: str = GRUNDY,
        progress: Progress | None = None,
    ) -> None:
        """Solve at once what a view needs (`needs_for_view`): a figure's or the notebook's way;
        the window asks for each need and runs it on a worker."""
        needs = self.needs_for_view(x_lo, y_lo, x_hi, y_hi, step, kind)
        if needs.corner is not None and isinstance(self.rule, Valued):
            self.table = self.rule.value_table(needs.corner, needs.corner, progress)
        if needs.rows:
            self.solve_rows(progress)
        if needs.far_columns is not None:
            self.solve_far(needs.far_columns, progress)

    def next_need(
        self, cells: Sequence[Position], kind: str = GRUNDY, skip: frozenset[str] | set[str] = frozenset()
    ) -> Need | ValueRefused | None:
        """What to solve next so that more of these cells are known (None: each is known, or known
        to be above every value the sequences may hold, and nothing else would answer it), or the
        refusal naming the bound. Decided before any work: the rows for cells far along an axis,
        a cheap corner, the value sequences one value at a time, a corner as large as the limits
        allow."""
        rule = self.rule
        if kind == GRUNDY:
            open_cells = [c for c in cells if (k := self.known(*c)) is None or k.value is None]
        else:
            open_cells = [c for c in cells if self.remoteness(*c) is None]
        if not open_cells:
            return None
        smaller = max(min(c) for c in open_cells)
        larger = max(max(c) for c in open_cells)
        solved_rows = self.rows.rows if self.rows is not None else 0
        # a cell far along an axis: no corner reaches it, the certified rows do
        far_along = larger >= ROWS_FROM and solved_rows <= smaller < ROWS_MAX
        if kind == GRUNDY and isinstance(rule, CertifiedRows) and far_along:
            return Need("rows", smaller + 1, 0, 0, self.limits.rows_bytes)
        nx, ny = self._corner_for(open_cells, kind)
        # G alone takes the rule's own G sweep, on just the corner asked (Wythoff's is compiled ahead
        # of time: a command loads no numba); the window's square of G and R is the grid's to grow.
        corner = "grundy corner" if kind == GRUNDY else "corner"
        if "corner" not in skip and corner_fits(rule, nx, ny, self.limits, QUICK_WORK):
            return Need(corner, nx, ny, 0, self._corner_bytes(nx, ny))
        if kind == GRUNDY and isinstance(rule, ValueSequences) and "sequences" not in skip:
            need = self._sequences_need(open_cells)
            if need is not None:
                return need
        if "corner" not in skip and corner_fits(rule, nx, ny, self.limits):
            return Need(corner, nx, ny, 0, self._corner_bytes(nx, ny))
        if kind == GRUNDY and all((k := self.known(*c)) is not None and k.above is not None for c in open_cells):
            return None  # above every value solved, and no corner within the limits reaches them
        return self.refusal(open_cells[0], kind)

    def _corner_for(self, cells: Sequence[Position], kind: str) -> tuple[int, int]:
        """The corner (nx <= ny: G and R are symmetric) that holds these cells and the corner of
        that kind known now."""
        nx = max(min(c) for c in cells) + 1
        ny = max(max(c) for c in cells) + 1
        known = self.grundy_corner if kind == GRUNDY else (None if self.table is None else self.table.grundy)
        if known is not None:
            onx, ony = sorted(known.shape)
            nx, ny = max(nx, onx), max(ny, ony)
        return nx, ny

    def _sequences_need(self, open_cells: Sequence[Position]) -> Need | None:
        """One more value on the columns solved, or the values solved on more columns: a cell of
        value h needs values 0 … h, and only the columns up to its smaller pile."""
        reachable = [c for c in open_cells if min(c) < self.limits.far_columns]
        if not reachable:
            return None
        far = self.far
        solved_values, solved_columns = (far.values, far.n) if far is not None else (0, 0)
        wanted = columns_for(max(min(c) for c in reachable), self.limits.far_columns)
        if wanted > solved_columns:
            values, columns = max(solved_values, 1), wanted
        elif solved_values < self.limits.far_values:
            values, columns = solved_values + 1, solved_columns
        else:
            return None  # every value the limits allow is solved: the cells left are above them
        columns = self.far_fits(columns, values)
        if not columns or min(min(c) for c in reachable) >= columns:
            return None
        return Need("sequences", columns, 0, values, self.far_bytes_for(columns, values))

    def _corner_bytes(self, nx: int, ny: int) -> int:
        return corner_bytes(self.rule.value_cost(nx, ny)[0], nx, ny) if isinstance(self.rule, Valued) else 0

    def refusal(self, cell: Position, kind: str = GRUNDY) -> ValueRefused:
        """Why G (or R) of `cell` is not answered within the limits: each bound that stops it."""
        x, y = cell
        rule = self.rule
        letter = "G" if kind == GRUNDY else "R"
        where = f"{letter}({short_decimal(x)}, {short_decimal(y)})"
        if not isinstance(rule, (Valued, KnownValues)):
            return ValueRefused(no_values_text(rule))
        reasons = []
        if isinstance(rule, Valued):
            reasons.append(
                f"it needs the corner [0, {short_decimal(max(x, y) + 1)})², past what {self.limits.who} computes "
                f"for this rule (about [0, {self.max_side:,})²)"
            )
        if kind == GRUNDY and isinstance(rule, ValueSequences) and min(x, y) >= self.limits.far_columns:
            reasons.append(
                f"its smaller pile {short_decimal(min(x, y))} lies beyond the {self.limits.far_columns:,} columns "
                f"where {self.limits.who} solves values far out"
            )
        if kind == GRUNDY and isinstance(rule, CertifiedRows) and min(x, y) >= ROWS_MAX:
            reasons.append(f"its smaller pile is past the certified rows 0–{ROWS_MAX - 1}")
        if kind != GRUNDY:
            reasons.append("remoteness far out has no closed form")
        return ValueRefused(f"{where} is not known here: " + "; ".join(reasons))

    def solve(self, need: Need, progress: Progress | None = None) -> None:
        """Solve what `need` says (InterruptedError if progress says stop). A command runs it at
        once; the window on a worker."""
        if need.what == "rows":
            self.solve_rows(progress, need.size)
        elif need.what == "corner":
            assert isinstance(self.rule, Valued)
            self.table = self.rule.value_table(need.size, need.other, progress)
        elif need.what == "grundy corner":
            assert isinstance(self.rule, Valued)
            self.grundy_corner = self.rule.grundy_window(0, 0, need.size, need.other, progress)
        else:
            self.solve_far(need.size, progress, need.values)

    def answer(self, x: int, y: int, progress: Progress | None = None, kind: str = GRUNDY) -> Value:
        """G (or R) of (x, y), solving what is needed first (a command's way; the window calls it
        on a worker); ValueRefused where nothing within the limits answers."""
        self.answer_many([(x, y)], progress, kind)
        found = self._value_of((x, y), kind)
        if found is None:
            raise self.refusal((x, y), kind)
        return found

    def answer_many(
        self, cells: Sequence[Position], progress: Progress | None = None, kind: str = GRUNDY, skip: Sequence[str] = ()
    ) -> None:
        """Solve what these cells need, as far as the limits allow (those left are refused by
        `refusal`, or known to be above the values solved). `skip` names means not to use."""
        seen: set[Need] = set()
        skipped = set(skip)
        while True:
            need = self.next_need(cells, kind, skipped)
            if not isinstance(need, Need):
                return
            if need in seen:  # solved already and it did not help: that means is done here
                skipped.add(need.what.split()[-1])
                continue
            seen.add(need)
            self.solve(need, progress)

    def block(
        self, x0: int, y0: int, w: int, h: int, kind: str = GRUNDY, progress: Progress | None = None
    ) -> tuple[NDArray | list[list[Value | None]], ValueRefused | None]:
        """G (or R) of (x0 + i, y0 + j) for i < w, j < h (row i for x0 + i): one array where a corner
        table holds the whole block, else each cell a Value, or None where it is refused; with the
        first refusal (None if there is none). A block answered cell by cell holds at most
        BLOCK_CELLS cells (refused past that, before any list is made)."""
        last = (x0 + w - 1, y0 + h - 1)
        self.answer_many([last], progress, kind)  # a block near the origin: its corner first
        table = self.corner_block(x0, y0, w, h, kind)
        if table is not None:
            return table, None
        if w * h > BLOCK_CELLS:
            first = self.refusal(last, kind) if self._value_of(last, kind) is None else None
            return [], first or ValueRefused(
                f"a block of {short_decimal(w * h)} cells that no corner table holds is answered cell by cell "
                f"here, at most {BLOCK_CELLS:,} at a time"
            )
        cells = [(x0 + i, y0 + j) for i in range(w) for j in range(h)]
        self.answer_many(cells, progress, kind)
        values = [[self._value_of((x0 + i, y0 + j), kind) for j in range(h)] for i in range(w)]
        refused = next(
            (self.refusal((x0 + i, y0 + j), kind) for i in range(w) for j in range(h) if values[i][j] is None), None
        )
        return values, refused

    def _value_of(self, cell: Position, kind: str) -> Value | None:
        if kind == GRUNDY:
            return self.known(*cell)
        r = self.remoteness(*cell)
        return None if r is None else Value(r, None, "closed form" if isinstance(self.rule, KnownValues) else "corner")

    def corner_block(self, x0: int, y0: int, w: int, h: int, kind: str = GRUNDY) -> NDArray | None:
        """G (or R) on the block as one array, if a corner table known now holds all of it (or its
        mirror)."""
        tables = (self.grundy_corner, None if self.table is None else self.table.grundy)
        if kind != GRUNDY:
            tables = (None, None if self.table is None else self.table.remoteness)
        for g in tables:
            if g is None:
                continue
            if x0 + w <= g.shape[0] and y0 + h <= g.shape[1]:
                return g[x0 : x0 + w, y0 : y0 + h]
            if y0 + h <= g.shape[0] and x0 + w <= g.shape[1]:
                return g[y0 : y0 + h, x0 : x0 + w].T
        return None
