"""Two rules compared on a rectangle: the cells cold in both, in the first only, in the second
only (docs/math.md, "Games that change the recursion").

Each rule's own count of the rectangle checks that it answers there (a rule solved on a square
names its bound) and gives its total; the cells cold in both are found a block at a time from the
two rules' exact rasters, one texel a cell, up to MAX_CELLS cells. Larger rectangles are refused
before any work starts, the bound named.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from explorer.core.counting.closed_form import cells_in
from explorer.core.exact.bigint import short_decimal
from explorer.core.protocol import Rule, RuleError

MAX_CELLS = 1 << 24  # cells compared one by one (16,777,216): two rasters of a block at a time
BLOCK = 2048  # a block's side


class Comparison(NamedTuple):
    both: int
    first_only: int
    second_only: int
    cells: int


def _cold_cells(rule: Rule, x0: int, y0: int, x1: int, y1: int) -> set[tuple[int, int]]:
    """The cold cells of [x0, x1) x [y0, y1), from the rule's raster at one texel a cell, as offsets
    from (x0, y0): far out the cells themselves are past int64, the offsets small."""
    r = rule.raster(x0, y0, x1, y1, 1)
    xs, ys = r.cols + (r.tx0 - x0), r.rows + (r.ty0 - y0)
    keep = r.counts > 0
    return set(zip(xs[keep].tolist(), ys[keep].tolist(), strict=True))


def compare(first: Rule, second: Rule, x0: int, y0: int, x1: int, y1: int) -> Comparison:
    """The cells of [x0, x1] x [y0, y1] cold under both rules, under the first only, under the
    second only."""
    if min(x0, y0) < 0:
        raise RuleError("piles hold 0 or more counters")
    if x1 < x0 or y1 < y0:
        raise RuleError("the rectangle is empty: x0 <= x1 and y0 <= y1, please")
    cells = cells_in(x0, y0, x1, y1)
    a = first.count_rect(x0, y0, x1, y1).count  # each checks its own bound
    b = second.count_rect(x0, y0, x1, y1).count
    if cells > MAX_CELLS:
        raise RuleError(
            f"two rules are compared cell by cell, on at most {MAX_CELLS:,} cells; this rectangle holds {cells:,}"
        )
    both = 0
    for bx in range(x0, x1 + 1, BLOCK):
        for by in range(y0, y1 + 1, BLOCK):
            ex, ey = min(bx + BLOCK, x1 + 1), min(by + BLOCK, y1 + 1)
            both += len(_cold_cells(first, bx, by, ex, ey) & _cold_cells(second, bx, by, ex, ey))
    return Comparison(both, a - both, b - both, cells)


class ComparePicture(NamedTuple):
    """Per texel of a view, the cells cold in both rules, in the first only, in the second only:
    (ny, nx) int64 arrays, exact; `known[j, i]` is False where a texel lies wholly beyond either
    rule's bound (the grid greys it; cells beyond a bound are not counted)."""

    tx0: int
    ty0: int
    step: int
    nx: int
    ny: int
    both: Any
    first_only: Any
    second_only: Any
    known: Any

    def at(self, x: int, y: int) -> tuple[int, int, int] | None:
        """(both, first only, second only) in the texel holding (x, y), or None outside the view."""
        i, j = x // self.step - self.tx0, y // self.step - self.ty0
        if not (0 <= i < self.nx and 0 <= j < self.ny) or not self.known[j, i]:
            return None
        return int(self.both[j, i]), int(self.first_only[j, i]), int(self.second_only[j, i])


def _cell_keys(rule: Rule, bx: int, by: int, ex: int, ey: int) -> Any:
    """The cold cells of [bx, ex) x [by, ey) as sorted keys (x − bx)·(ey − by) + (y − by)."""
    import numpy as np

    r = rule.raster(bx, by, ex, ey, 1)
    keep = r.counts > 0
    xs, ys = r.cols[keep] + (r.tx0 - bx), r.rows[keep] + (r.ty0 - by)  # offsets in the block: small
    return np.sort(xs.astype(np.int64) * (ey - by) + ys)


def compare_picture(first: Rule, second: Rule, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> ComparePicture:
    """The view's texels (as `Rule.raster` cuts them) with each kind's exact count: the cells
    where both rules answer (below both bounds) are compared one by one, a block at a time, up to
    MAX_CELLS of them; a wider view is refused before any work starts, saying so."""
    import numpy as np

    from explorer.core.counting.raster import _grid

    tx0, ty0, nx, ny = _grid(x_lo, y_lo, x_hi, y_hi, step)
    bound = min(b for b in (first.bound, second.bound, 1 << 400) if b is not None)
    xa, ya = tx0 * step, ty0 * step
    xb, yb = min((tx0 + nx) * step, bound), min((ty0 + ny) * step, bound)
    if xb <= xa or yb <= ya:  # one side lies wholly past a bound: nothing to compare (its columns
        xb, yb = xa, ya  # may still number 10^170: the loops below must not walk them)
    cells = (xb - xa) * (yb - ya)
    if cells > MAX_CELLS:
        raise RuleError(
            f"two rules are compared cell by cell, on at most {MAX_CELLS:,} cells of the view; "
            f"this one holds {short_decimal(cells)} where both are solved: zoom in"
        )
    kinds = [np.zeros(nx * ny, dtype=np.int64) for _ in range(3)]
    # Every cell compared lies less than MAX_CELLS from the view's first texel corner on each axis,
    # so a step past that puts them all in the first texel: dividing by min(step, 2^40) gives the
    # same texels and keeps numpy within int64 (zoomed out to 10^238 the step is no int64).
    div = min(step, 1 << 40)
    for bx in range(xa, xb, BLOCK):
        for by in range(ya, yb, BLOCK):
            ex, ey = min(bx + BLOCK, xb), min(by + BLOCK, yb)
            a, b = _cell_keys(first, bx, by, ex, ey), _cell_keys(second, bx, by, ex, ey)
            in_b = np.isin(a, b, assume_unique=True)
            in_a = np.isin(b, a, assume_unique=True)
            for kind, keys in zip(kinds, (a[in_b], a[~in_b], b[~in_a]), strict=True):
                if keys.size:  # offsets from the first texel's corner are below 2^25: exact in int64
                    i = (keys // (ey - by) + (bx - xa)) // div
                    j = (keys % (ey - by) + (by - ya)) // div
                    kind += np.bincount(j * nx + i, minlength=nx * ny)
    known = np.zeros((ny, nx), dtype=bool)
    tiles_x = -(-(xb - xa) // step) if xb > xa else 0
    tiles_y = -(-(yb - ya) // step) if yb > ya else 0
    known[:tiles_y, :tiles_x] = True
    both, first_only, second_only = (k.reshape(ny, nx) for k in kinds)
    return ComparePicture(tx0, ty0, step, nx, ny, both, first_only, second_only, known)


class Translation(NamedTuple):
    """The shift (dx, dy) that lays the most of one rule's cold cells onto the other's, in [0, n)²:
    `matched` of the `first` cells land on cold cells of the second (of `second` in all)."""

    dx: int
    dy: int
    matched: int
    first: int
    second: int

    @property
    def agreement(self) -> float:
        """The share of the cold cells of both that the shift lays on one another."""
        return 2 * self.matched / (self.first + self.second) if self.first + self.second else 1.0


MAX_SHIFT = 8  # offsets tried along each axis, either way
MAX_SIDE = 4096


def best_translation(first: Rule, second: Rule, n: int, reach: int = MAX_SHIFT) -> Translation:
    """Of the shifts |dx|, |dy| <= reach, the one that lays the most cold cells of `first` in
    [0, n)² onto cold cells of `second` (the smallest shift among equals): how an alteration is
    forgotten far out (docs/math.md, "Games that change the recursion")."""
    if not 1 <= n <= MAX_SIDE:
        raise RuleError(f"a translation is looked for on [0, n)² with n from 1 to {MAX_SIDE:,}")
    return best_translation_in(first, second, 0, 0, n - 1, n - 1, reach)


def _cold_tables(first: Rule, second: Rule, x0: int, y0: int, x1: int, y1: int) -> tuple[Any, Any]:
    """The cold cells of each rule on [x0, x1] x [y0, y1], as boolean tables indexed from (x0, y0)."""
    import numpy as np

    w, h = x1 - x0 + 1, y1 - y0 + 1
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE) or min(x0, y0) < 0:
        raise RuleError(f"a translation is looked for on a rectangle of sides 1 to {MAX_SIDE:,}")
    a = np.zeros((w, h), dtype=bool)
    b = np.zeros((w, h), dtype=bool)
    for rule, table in ((first, a), (second, b)):
        rule.count_rect(x0, y0, x1, y1)  # refuses beyond its bound, the bound named
        r = rule.raster(x0, y0, x1 + 1, y1 + 1, 1)
        keep = r.counts > 0
        table[(r.cols + (r.tx0 - x0))[keep], (r.rows + (r.ty0 - y0))[keep]] = True
    return a, b


class Breaks(NamedTuple):
    """Where a translation fails on [0, n)²: the cold cells of the first rule that it lays on a hot
    cell of the second (`first`), and the cold cells of the second that no cold cell of the first is
    laid on (`second`), each cell whose image lies inside the square; sorted, the first `shown` of each."""

    first: list[tuple[int, int]]
    second: list[tuple[int, int]]
    first_count: int
    second_count: int


def translation_breaks(first: Rule, second: Rule, n: int, t: Translation, shown: int = 1000) -> Breaks:
    """The cells that break the shift t = (dx, dy) of `first`'s cold cells onto `second`'s on [0, n)²:
    "99 % agree" says how many; these say where (docs/math.md, "Games that change the recursion")."""
    import numpy as np

    if not 1 <= n <= MAX_SIDE:
        raise RuleError(f"a translation is looked for on [0, n)² with n from 1 to {MAX_SIDE:,}")
    a, b = _cold_tables(first, second, 0, 0, n - 1, n - 1)
    dx, dy = t.dx, t.dy
    src = a[max(0, -dx) : n - max(0, dx), max(0, -dy) : n - max(0, dy)]
    dst = b[max(0, dx) : n - max(0, -dx), max(0, dy) : n - max(0, -dy)]
    lost = np.argwhere(src & ~dst) + np.array([max(0, -dx), max(0, -dy)])  # cells of the first, where they are
    missed = np.argwhere(dst & ~src) + np.array([max(0, dx), max(0, dy)])  # cells of the second
    return Breaks(
        [(int(x), int(y)) for x, y in lost[:shown]],
        [(int(x), int(y)) for x, y in missed[:shown]],
        int(lost.shape[0]),
        int(missed.shape[0]),
    )


def best_translation_in(
    first: Rule, second: Rule, x0: int, y0: int, x1: int, y1: int, reach: int = MAX_SHIFT
) -> Translation:
    """`best_translation` on the rectangle [x0, x1] x [y0, y1] (a view, at any distance): its sides at
    most MAX_SIDE; cells are taken as offsets from (x0, y0)."""
    import numpy as np

    a, b = _cold_tables(first, second, x0, y0, x1, y1)
    w, h = a.shape
    best: Translation | None = None
    shifts = sorted(
        ((dx, dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)),
        key=lambda d: (abs(d[0]) + abs(d[1]), d),
    )
    for dx, dy in shifts:
        if abs(dx) >= w or abs(dy) >= h:  # no cell left to match (a slice end below 0 would wrap round)
            continue
        src = a[max(0, -dx) : w - max(0, dx), max(0, -dy) : h - max(0, dy)]
        dst = b[max(0, dx) : w - max(0, -dx), max(0, dy) : h - max(0, -dy)]
        matched = int(np.count_nonzero(src & dst))
        if best is None or matched > best.matched:
            best = Translation(dx, dy, matched, int(a.sum()), int(b.sum()))
    assert best is not None
    return best


CORNER_SIDE = 1024  # the window's best shift on [0, n)² (beside the rectangle's own): 0.1 s


def compare_with_shifts(first: Rule, second: Rule, x0: int, y0: int, x1: int, y1: int) -> tuple[Comparison, tuple]:  # type: ignore[type-arg]
    """The Queries tab while two rules are compared: the rectangle's counts of each kind, and the best
    shift of the first's cold cells onto the second's in the rectangle (where its sides allow) and on
    [0, CORNER_SIDE)² (where both rules reach it): ((label, Translation), …)."""
    counts = compare(first, second, x0, y0, x1, y1)
    shifts: list[tuple[Any, ...]] = []
    if x1 - x0 < MAX_SIDE and y1 - y0 < MAX_SIDE:
        shifts.append(("in this rectangle", best_translation_in(first, second, x0, y0, x1, y1)))
    if all(rule.bound is None or rule.bound >= CORNER_SIDE for rule in (first, second)):
        t = best_translation(first, second, CORNER_SIDE)
        shifts.append((f"on [0, {CORNER_SIDE:,})²", t, corner_breaks(first, second, t)))  # and where it fails
    return counts, tuple(shifts)


def corner_breaks(first: Rule, second: Rule, t: Translation, shown: int = 8) -> Breaks:
    """`translation_breaks` of the window's corner shift, the first few of each kind (the Queries tab)."""
    return translation_breaks(first, second, CORNER_SIDE, t, shown)
