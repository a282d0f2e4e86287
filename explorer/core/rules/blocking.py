"""k-blocking over a rule with Nim's rays, solved column by column (docs/math.md, "Games that
change the recursion"): each column holds exactly k cold cells, so the cold set is k sequences,
cells[x, 0] < … < cells[x, k − 1], found by a compiled sweep (explorer.core.rules.block_kernel)
as far as 2^20 columns for small k; 2- and 3-blocking over Wythoff's moves fill them from their
closed forms (Larsson 2011), which the tests check against the sweep. Over a rule without Nim's
rays the game is solved on a square (`BlockingRule`, explorer.core.rules.recursion); `make_blocking` chooses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from explorer.core.counting.raster import DENSE_TEXELS, Raster
from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game.moves import Move
from explorer.core.game.vector_spec import VectorSpec
from explorer.core.protocol import Progress, Rule
from explorer.core.rules.base import Position, RuleBase, RuleError
from explorer.core.rules.recursion import (
    DEFAULT_SIDE,
    MAX_SIDE,
    BlockingRule,
    HotColdOnly,
    blocking_note,
    rays_and_jumps,
)

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    np = lazy_numpy(__name__)

MOST_COLUMNS = 1 << 20
BLOCK_BYTES = 320 << 20  # the sweep's peak by default: a larger k solves fewer columns
MAX_BYTES = 1 << 30  # the sweep's peak when more columns are asked
CHUNK = 1 << 15  # columns between progress reports, at most
PROGRESS_STEPS = 64  # and at least this many reports a solve: 60-blocking's 32,768 columns were one chunk,
# and the window's progress bar stayed at 0 % for most of a 5-9 s solve (issue 64)


def chunk_of(columns: int) -> int:
    """The columns swept between two progress reports."""
    return max(256, min(CHUNK, columns // PROGRESS_STEPS))


ROUNDS = 8  # the sweep's rounds of leaps before it scans 64 cells at a time
STEP_BUDGET = 250_000_000  # a default-sized walk's work, at most (about 2.5 s): see block_kernel.altered_sweep
SWEEP_BUDGET = 1_200_000_000  # a default-sized sweep's work: a step is about 4 ns (see block_kernel)
COLUMN_NS = 40  # a raster's step per solved column and layer
LINE_NS = 15  # a step of a cell's scan along a line behind it, per layer


def steepest(moves: VectorSpec) -> float:
    """q/p of the moves' steepest ray (p, q) off the axes (Wythoff's diagonal: 1): a column's cold
    cells lie below about (1 + q/p)·x."""
    return max((q / p for p, q in moves.rays if p and q), default=1.0)


def rows_for(k: int, columns: int, moves: VectorSpec) -> int:
    """Rows the sweep keeps. Over Wythoff's moves the cold cells of column x lie below about 2.8·x
    for k <= 20 (measured on 1024²), and a larger k reaches a little further. A steeper ray (p, q)
    reaches to about (1 + q/p)·x for small k (measured on 8192 columns: 3.0·x over (1,2)-GDWN, 3.9·x
    over (1,3)-GDWN, 4.4·x over (1,4)-GDWN for k = 3; 4.0·x over (1,3)-GDWN for k = 5), and up to
    (2 + q/p)·x for larger k (4.0·x over (1,2)-GDWN for k = 10): it keeps a quarter of a column's
    height more than that, or one column's. A default-sized sweep that runs past them keeps the
    power of two of columns before (BlockingColumns._sweep)."""
    return int(max(3 if k <= 20 else 4, (1.25 if k <= 5 else 2) + steepest(moves)) * columns) + 1024


def ray_levels(k: int, rays: int) -> int:
    """The needs (1 … this) for which the sweep keeps leap pointers along other rays' lines: each
    level costs as much as the lines' counts."""
    return k if rays else 0


def sweep_bytes(k: int, columns: int, moves: VectorSpec) -> int:
    """The sweep's arrays (block_kernel.new_state): per column its k cells; per row its count, its
    cells, and per level a pointer and a flag for rows and diagonals; per line of each other ray
    its count and a pointer per level kept."""
    rows = rows_for(k, columns, moves)
    others = [(p, q) for p, q in moves.rays if (p, q) not in ((1, 0), (0, 1), (1, 1))]
    lines = sum(p * rows + q * columns + 1 + p for p, q in others)
    return 4 * columns * k + 4 * rows * (2 + k + 2 * (k + 1)) + 4 * lines * (1 + ray_levels(k, len(others)))


WYTHOFF_MOVES = VectorSpec([(1, 0), (1, 1)])


def solve_bytes(k: int, columns: int, moves: VectorSpec) -> int:
    """The peak while the columns are solved: the sweep's, or the closed form's (its int64 work arrays)."""
    if has_closed_form(k, moves):
        return (4 * k + 40) * columns
    return sweep_bytes(k, columns, moves)


def solve_peak(k: int, n: int | None) -> int:
    """What making `block:k[;n=N]` may hold at its peak, before its base is known: the default's
    cap, or the size N needs over Wythoff's moves (the window makes that room first)."""
    return BLOCK_BYTES if n is None else min(MAX_BYTES, solve_bytes(k, n, WYTHOFF_MOVES))


def has_closed_form(k: int, moves: VectorSpec) -> bool:
    """2- and 3-blocking over Wythoff's own moves: Larsson (2011) proves their cold cells."""
    return k in (2, 3) and moves == WYTHOFF_MOVES


def closed_columns(k: int, columns: int) -> NDArray[np.int32]:
    """The k cold cells of each column of 2- or 3-blocking Wythoff, increasing (docs/math.md, "Games
    that change the recursion"): k = 3: (0, 0), (x, 2x + 1), (x, 2x + 2) and their mirrors; k = 2:
    (0, 0), (2, 2), (x, 2x + 1) and (2a_n + 2, 2b_n + 2) for n >= 1 (Wythoff's pairs doubled and
    moved by (2, 2)), and their mirrors. Column x >= 1 then holds one cell below x (the mirror of
    (x', 2x' + 1) for x odd; for k = 3 of (x', 2x' + 2) for x even; for k = 2 a doubled pair's) and
    its own cells above 2x."""
    from explorer.core.game.bulk import cold_pairs

    xs = np.arange(columns, dtype=np.int64)
    cells = np.empty((columns, k), dtype=np.int32)
    cells[:, -1] = 2 * xs + k - 1  # the top cell: 2x + 1 for k = 2, 2x + 2 for k = 3
    if k == 3:
        cells[:, 1] = 2 * xs + 1
        cells[:, 0] = (xs - 1) // 2
        cells[0, 0] = 0  # column 0: (0, 0), (0, 1), (0, 2)
        return cells
    low = np.full(columns, -1, dtype=np.int64)
    low[1::2] = xs[1::2] // 2
    a, b = cold_pairs(1, columns // 2 + 1)
    for u, v in ((2 * a + 2, 2 * b + 2), (2 * b + 2, 2 * a + 2)):
        inside = u < columns
        low[u[inside]] = v[inside]
    low[0] = 0  # (0, 0)
    if columns > 2:
        low[2] = 2  # (2, 2)
    if low.min() < 0:
        raise AssertionError("2-blocking's closed form left a column without its lower cell")
    cells[:, 0] = low
    return cells


def default_columns(k: int, moves: VectorSpec = WYTHOFF_MOVES) -> int:
    """2^20 columns, or fewer where the sweep would pass BLOCK_BYTES (a sweep that passes its work
    budget, SWEEP_BUDGET, keeps fewer still: see BlockingColumns._sweep)."""
    if has_closed_form(k, moves):
        return MOST_COLUMNS
    n = MOST_COLUMNS
    while n > 1024 and sweep_bytes(k, n, moves) > BLOCK_BYTES:
        n //= 2
    return n


def make_blocking(k: int, base: Rule, n: int | None = None, progress: Progress | None = None) -> Rule:
    """k-blocking over `base`: by columns where it has Nim's rays, else on a square of side n."""
    spec = rays_and_jumps(base)
    if n is None and has_closed_form(k, spec):  # Larsson's closed forms: exact at any size
        from explorer.core.rules.closed_blocking import ClosedBlocking

        return ClosedBlocking(k, base)
    if spec.has_nim_rays:
        fixed = n is not None
        n = n or default_columns(k, spec)
        if solve_bytes(k, n, spec) > MAX_BYTES:
            most = default_columns(k, spec)
            while solve_bytes(k, most * 2, spec) <= MAX_BYTES:
                most *= 2
            raise RuleError(
                f"{k}-blocking on {n:,} columns needs {solve_bytes(k, n, spec) >> 20:,} MiB while it is "
                f"solved; {most:,} columns fit in {MAX_BYTES >> 20:,} MiB"
            )
        return BlockingColumns(k, base, n, progress, fixed=fixed)
    n = n or DEFAULT_SIDE
    if n > MAX_SIDE:
        raise RuleError(f"over {base.title}, k-blocking is solved on a square of side {MAX_SIDE:,} at most, not {n:,}")
    return BlockingRule(k, base, n)


class BlockingColumns(HotColdOnly, RuleBase):  # type: ignore[misc]
    """k-blocking over a rule with Nim's rays, on the columns [0, bound): every cell whose smaller
    pile is below the bound is decided; the cells of [0, bound)² are what it answers."""

    base: Rule
    moves: VectorSpec
    k: int
    bound: int
    cells: NDArray[np.int32]
    count_method = "column sweep"

    def __init__(
        self,
        k: int,
        base: Rule,
        columns: int,
        progress: Progress | None = None,
        fixed: bool = True,
        closed: bool = True,
        rounds: int = ROUNDS,
    ) -> None:
        """`closed`: fill the columns from the closed form where there is one (2- and 3-blocking over
        Wythoff's moves); False sweeps them (the tests check one against the other). `rounds`: the
        sweep's rounds of leaps before it scans (0: it always scans; the tests check both)."""
        spec = rays_and_jumps(base)
        object.__setattr__(self, "k", k)
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "spec", base.spec)
        object.__setattr__(self, "moves", spec)  # the base's moves as rays and jumps
        object.__setattr__(self, "bound", columns)
        if closed and has_closed_form(k, spec):
            object.__setattr__(self, "cells", closed_columns(k, columns))
            return
        self._sweep(k, spec, columns, progress, fixed, rounds)

    def _sweep(
        self, k: int, spec: VectorSpec, columns: int, progress: Progress | None, fixed: bool, rounds: int
    ) -> None:
        from explorer.core.rules import block_kernel as kernel  # numba: loaded when such a rule is swept

        others = [(p, q) for p, q in spec.rays if (p, q) not in ((1, 0), (0, 1), (1, 1))]
        rays = np.array(others, dtype=np.int64).reshape(-1, 2)
        jumps = np.array(spec.jumps, dtype=np.int64).reshape(-1, 2)
        rows = rows_for(k, columns, spec)
        levels = ray_levels(k, len(others))
        state = kernel.new_state(k, columns, rows, rays, (1, 1) in spec.rays, ray_levels=levels)
        comps, cptr = kernel.splits(k, (1, 1) in spec.rays, len(others), levels)
        x, steps = 0, np.zeros(1, dtype=np.int64)
        while x < columns:
            end = min(columns, x + chunk_of(columns))
            reached = kernel.sweep(
                x, end, k, state["cells"], state["rowcnt"], state["rowcells"], state["rownxt"], state["rowbits"],
                state["diag"], state["diagnxt"], state["diagbits"], rays, state["offsets"], state["lines"],
                state["raynxt"], state["raybits"], state["rtop"], state["rwoff"], comps, cptr, jumps, steps,
                SWEEP_BUDGET if not fixed else 1 << 62, rounds,
            )  # fmt: skip
            if reached < end and not fixed:  # the default size, cut where the work passed its budget or rows
                columns = 1 << (reached.bit_length() - 1)
                object.__setattr__(self, "bound", columns)
                break
            if reached < end:
                raise RuleError(f"column {reached:,} of {k}-blocking reaches past row {rows:,}: solve fewer columns")
            x = end
            if progress is not None and not progress(x, columns):
                raise RuleError("solving was cancelled; the rule in effect stays")
        object.__setattr__(self, "cells", state["cells"][:columns])

    def _params(self) -> tuple[int, Rule, int]:
        return self.k, self.base, self.bound

    @property
    def key(self) -> str:  # type: ignore[override]
        side = f";n={self.bound}" if self.bound != default_columns(self.k, self.moves) else ""
        base = f"/{self.base.key}" if self.base.key != "wythoff" else ""
        return f"block:{self.k}{side}{base}"

    @property
    def title(self) -> str:  # type: ignore[override]
        over = "" if self.base.key == "wythoff" else f" over {self.base.title}"
        return f"{self.k}-blocking Wythoff{over}, solved on {self.bound:,} columns"

    @property
    def nbytes(self) -> int:  # type: ignore[override]
        """The columns, and the line indexes "cold options" made (explorer.core.budget counts both)."""
        return int(self.cells.nbytes) + sum(int(a.nbytes) for a in self.__dict__.get("_lines", {}).values())

    def solved_as(self) -> str:
        return f"its first {self.bound:,} columns"

    # ----- cells --------------------------------------------------------------------------------
    def is_cold(self, x: int, y: int) -> bool:
        self.check(x, y)
        return bool(np.any(self.cells[x] == y))

    def cold_options(self, x: int, y: int) -> int:
        """How many of (x, y)'s options are cold (the opponent may block k − 1 of them)."""
        return len(self.cold_option_cells(x, y))

    def cold_option_cells(self, x: int, y: int) -> list[Position]:
        """The cold cells one move from (x, y): its row's and its column's from the k cells of each
        (a row's are the mirrors of its column's), each other ray's along its line behind it, and
        its jumps' targets."""
        self.check(x, y)
        found: set[Position] = {(int(t), y) for t in self.cells[y] if t < x}
        found |= {(x, int(t)) for t in self.cells[x] if t < y}
        for p, q in self.moves.rays:
            if p == 0 or q == 0:
                continue
            t = np.arange(1, min(x // p, y // q) + 1, dtype=np.int64)
            if t.size:
                xs, ys = x - p * t, y - q * t
                hit = self.is_cold_many(xs, ys)
                found.update(zip(xs[hit].tolist(), ys[hit].tolist(), strict=True))
        for i, j in self.moves.jumps:
            if i <= x and j <= y and self.is_cold(x - i, y - j):
                found.add((x - i, y - j))
        return sorted(found)

    def winning_moves(self, x: int, y: int) -> list[Move]:
        if self.is_cold(x, y):
            return []
        return [Move.between((x, y), t) for t in self.cold_option_cells(x, y)]

    def cold_options_many(self, xs: Any, ys: Any) -> NDArray[np.int64]:
        """How many options of each (x, y) are cold (the colour mode "cold options"), cells of [0, bound)²:
        the column's and the row's from the k cells of each, each other ray's by an index of the cold
        cells along its lines (made once, when first asked), and the jumps' targets."""
        xs, ys = np.asarray(xs, dtype=np.int64), np.asarray(ys, dtype=np.int64)
        if xs.size:
            self.check(int(xs.max()), int(ys.max()))
        out = np.count_nonzero(self.cells[xs] < ys[:, None], axis=1).astype(np.int64)
        out += np.count_nonzero(self.cells[ys] < xs[:, None], axis=1)
        for p, q in self.moves.rays:
            if p and q:
                keys = self._line_keys(p, q)
                line = self._line_of(p, q, xs, ys)
                out += np.searchsorted(keys, line + xs) - np.searchsorted(keys, line)
        for i, j in self.moves.jumps:
            ok = (xs >= i) & (ys >= j)
            if ok.any():
                out[ok] += self.is_cold_many(xs[ok] - i, ys[ok] - j)
        return out

    def _line_of(self, p: int, q: int, xs: NDArray[np.int64], ys: NDArray[np.int64]) -> NDArray[np.int64]:
        """The key of the line of direction (p, q) through each cell, times the bound: q·x − p·y and
        x mod p say which line; the cells of one line are then ordered by x."""
        n = self.bound
        return ((q * xs - p * ys + p * n) * p + xs % p) * n

    def _line_keys(self, p: int, q: int) -> NDArray[np.int64]:
        """The cold cells of [0, bound)² by the line of direction (p, q) they lie on, then by x: sorted keys."""
        made = self.__dict__.setdefault("_lines", {})
        if (p, q) not in made:
            xs = np.repeat(np.arange(self.bound, dtype=np.int64), self.k)
            ys = self.cells.reshape(-1).astype(np.int64)
            inside = ys < self.bound
            xs, ys = xs[inside], ys[inside]
            made[(p, q)] = np.sort(self._line_of(p, q, xs, ys) + xs)
        return made[(p, q)]  # type: ignore[no-any-return]

    def is_cold_many(self, xs: Any, ys: Any) -> NDArray[np.bool_]:
        xs, ys = np.asarray(xs, dtype=np.int64), np.asarray(ys, dtype=np.int64)
        if xs.size:
            self.check(int(xs.min()), int(ys.min()))
            self.check(int(xs.max()), int(ys.max()))
        return np.any(self.cells[xs] == ys[:, None], axis=1)  # type: ignore[no-any-return]

    # ----- counting -------------------------------------------------------------------------------
    def cold_count(self, x: int, y: int) -> int:
        if x < 0 or y < 0:
            return 0
        self.check(x, y)
        return int(np.count_nonzero(self.cells[: x + 1] <= y))

    def cold_count_many(self, xs: Any, ys: Any) -> NDArray:
        from explorer.core.counting.sequence_index import dominance_over_sequence

        xs, ys = np.asarray(xs, dtype=np.int64), np.asarray(ys, dtype=np.int64)
        inside = (xs >= 0) & (ys >= 0)
        if np.any(inside):
            self.check(int(xs[inside].max()), int(ys[inside].max()))
        layers = (np.ascontiguousarray(self.cells[:, t]) for t in range(self.k))
        return sum((dominance_over_sequence(col, xs, ys) for col in layers), np.zeros(xs.size, dtype=np.int64))

    def raster(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> Raster:
        """Each layer's cells, counted as a sequence's (one a column), and the counts added."""
        from explorer.core.counting.raster import (
            COMPILED_COLUMNS,
            compiled_counting,
            rasterize_layers,
            rasterize_sequence,
        )

        wide = min(x_hi, self.bound) - max(x_lo, 0) >= COMPILED_COLUMNS // self.k
        if self.k > 1 and wide and compiled_counting():
            every = rasterize_layers(self.cells, self.bound, x_lo, y_lo, x_hi, y_hi, step)
            if every is not None:  # every layer in one compiled pass, the GIL let go (issue 62's stalls)
                return every
        parts = [rasterize_sequence(self.cells[:, t], self.bound, x_lo, y_lo, x_hi, y_hi, step) for t in range(self.k)]
        first = parts[0]
        if len(parts) == 1:
            return first
        flat = np.concatenate([r.rows * first.nx + r.cols for r in parts])
        weights = np.concatenate([r.counts for r in parts])
        if first.nx * first.ny <= DENSE_TEXELS:
            dense = np.bincount(flat, weights=weights, minlength=first.nx * first.ny).astype(np.int64)
            cells = np.flatnonzero(dense)
            counts = dense[cells]
        elif flat.size == 0:  # no cold cell in view (a wide block beside the rule's lines)
            cells, counts = flat, weights.astype(np.int64)
        else:
            order = np.argsort(flat, kind="stable")
            flat, weights = flat[order], weights[order]
            starts = np.flatnonzero(np.concatenate(([True], flat[1:] != flat[:-1])))
            cells, counts = flat[starts], np.add.reduceat(weights, starts)
        return first._replace(cols=cells % first.nx, rows=cells // first.nx, counts=counts)

    def cost(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int) -> int:
        """A raster's step per solved column and layer in reach, or a cell's scan along its lines
        behind it (a diagonal of 10^6 cells: about 40 ms)."""
        width = max(x_hi - x_lo, 0)
        columns = max(0, min(x_hi + width, self.bound) - max(x_lo - width, 0))
        line = min(max(min(x_lo, y_lo), 0), self.bound) * len(self.moves.rays) * self.k
        return max(COLUMN_NS * self.k * columns, LINE_NS * line) + super().cost(x_lo, y_lo, x_hi, y_hi)

    # ----- what the board does not show -------------------------------------------------------------
    def extra_steps(self) -> str:
        return f"before each move the opponent forbids up to {self.k - 1} options, a step the board does not show"

    def position_note(self, x: int, y: int) -> str:
        return blocking_note(self.cold_options(x, y), self.k)
