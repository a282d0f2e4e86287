"""What makes a rule's cold cells worth looking at far out: the Structure view's figures.

For the upper cold cells (x, y), x <= y, in increasing x (the rule's cold pairs):

- the ratio y / x against x: Wythoff's tends to φ; Maharaja Nim's too (its cold cells stay within
  a bounded distance of Wythoff's lines, Larsson and Wästlund); (1,2)-GDWN's split into bands,
  the "P-beams" with an empty sector between them (Larsson 2014);
- the offset from Wythoff's line, y − ⌊φ·x⌋ (exact integers: ⌊φ·x⌋ = (x + isqrt(5x²)) // 2), and
  the largest |offset| so far. The lower cells (y, x) lie as far from y = x / φ, by symmetry.

For a plot the points are thinned to the least and largest value in each of `bins` runs of
pairs, so a band or a spike survives however many pairs there are; the CSV holds every pair.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from explorer.core import budget
from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game import bulk
from explorer.core.protocol import ColdPairs, OutOfBounds, RuleError

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from explorer.core.protocol import Progress, Rule
else:
    np = lazy_numpy(__name__)

PAIR_BYTES = 24  # x, y and the offset, int64 each at most (32 bits each where they fit: 12 bytes)
MAX_PAIRS = budget.STRUCTURE_BYTES // PAIR_BYTES  # 2^20 pairs (~40 MiB while worked out, 12-24 kept)
BINS = 2048


CSV_CHUNK = 1 << 15  # rows of an export formatted at a time


def narrowed(a: NDArray[np.int64]) -> NDArray[np.integer]:
    """`a` in 32 bits where every number fits, else as it is (the pairs are kept for export)."""
    small = a.size == 0 or (int(a.min()) >= -(2**31) and int(a.max()) < 2**31)
    return a.astype(np.int32) if small else a


class Structure(NamedTuple):
    """Every upper cold pair (x, y) of the first `count`, their ratio and offset (int32 where they
    fit, else int64: `narrowed`)."""

    xs: NDArray[np.integer]
    ys: NDArray[np.integer]
    offset: NDArray[np.integer]  # y − ⌊φ·x⌋
    rule_title: str
    more: bool = False  # the rule has pairs beyond these (the view reads at most MAX_PAIRS)

    @property
    def size(self) -> int:
        return int(self.xs.size)

    @property
    def nbytes(self) -> int:
        """What the pairs hold (kept for export): 12 bytes a pair (24 past 32 bits)."""
        return int(self.xs.nbytes + self.ys.nbytes + self.offset.nbytes)

    @property
    def ratio(self) -> NDArray[np.float64]:
        """y / x (for plotting; x = 0 left out as nan)."""
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(self.xs > 0, self.ys / np.maximum(self.xs, 1), np.nan)

    @property
    def largest_offset(self) -> NDArray[np.integer]:
        """max |y − ⌊φ·x⌋| over the pairs so far."""
        return np.maximum.accumulate(np.abs(self.offset)) if self.offset.size else self.offset

    def thinned(self, values: NDArray, bins: int = BINS) -> tuple[NDArray, NDArray]:
        """(x, value) keeping the least and the largest value of each of `bins` runs of pairs."""
        n = values.size
        if n <= 2 * bins:
            return self.xs.astype(np.float64), values.astype(np.float64)
        edges = np.linspace(0, n, bins + 1).astype(np.int64)
        lo = np.minimum.reduceat(np.nan_to_num(values, nan=np.inf), edges[:-1])
        hi = np.maximum.reduceat(np.nan_to_num(values, nan=-np.inf), edges[:-1])
        at = self.xs[edges[:-1]].astype(np.float64)
        keep = np.isfinite(lo) & np.isfinite(hi)
        # In order of x, each run's least then largest value: a curve through them goes up and down
        # within a run and on to the next (all the lows, then all the highs, drew a line from the
        # last x back to the first).
        xs = np.repeat(at[keep], 2)
        ys = np.column_stack([lo[keep], hi[keep]]).ravel().astype(np.float64)
        return xs, ys

    def csv_lines(self, limit: int | None = None) -> list[str]:
        """'k,x,y,ratio,offset' lines (a header first), exact integers and the ratio to 9 digits."""
        return [line for chunk in self.csv_chunks(limit) for line in chunk]

    def csv_chunks(self, limit: int | None = None, rows: int = CSV_CHUNK) -> Iterator[list[str]]:
        """csv_lines a chunk of `rows` at a time (the header with the first): a million pairs as
        Python numbers and strings at once took ~200 MiB more while an export was written."""
        n = self.size if limit is None else min(limit, self.size)
        ratio = self.ratio
        yield ["k,x,y,ratio,offset_from_phi_x"]
        for lo in range(0, n, rows):
            hi = min(n, lo + rows)
            yield [
                f"{k},{x},{y},{'' if r != r else f'{r:.9f}'},{o}"
                for k, x, y, r, o in zip(
                    range(lo, hi),
                    self.xs[lo:hi].tolist(),
                    self.ys[lo:hi].tolist(),
                    ratio[lo:hi].tolist(),
                    self.offset[lo:hi].tolist(),
                    strict=True,
                )
            ]


def structure(rule: Rule, count: int = MAX_PAIRS) -> Structure:
    """The first `count` upper cold pairs of the rule (fewer where it knows fewer: a sequence
    solved so far), with their offsets from Wythoff's line. RuleError for a rule without pairs."""
    if not isinstance(rule, ColdPairs):
        raise RuleError(f"{rule.title} has no sequence of cold pairs: its cold cells are solved on a square")
    n = count
    while True:
        try:
            xs, ys = rule.cold_pairs(0, n)
            break
        except OutOfBounds:
            if n <= 1:
                raise
            n //= 2  # a generated sequence knows its pairs up to the columns solved
    xs = np.asarray(xs, dtype=np.int64)
    ys = np.asarray(ys, dtype=np.int64)
    if xs.size and int(xs.max()) > bulk.max_index():
        raise RuleError("the structure view reads pairs below 10^9 (int64 offsets)")
    offset = ys - bulk.lower_array(xs)  # ⌊φ·x⌋ is Wythoff's lower number a_x, exactly
    try:
        rule.cold_pairs(n, 1)
        more = True
    except OutOfBounds:
        more = False
    return Structure(narrowed(xs), narrowed(ys), narrowed(offset), rule.title, more)


def value_structure(rule: Rule, h: int, columns: int, progress: Progress | None = None) -> Structure:
    """The upper cells (x <= y) of value h in the first `columns` columns, in increasing x, with
    their offsets from Wythoff's line: for each value a strip of bounded width along the beam
    (Blass–Fraenkel, Nivasch), its width growing with the value. h = 0: the cold pairs."""
    from explorer.core.analysis.far_values import value_pairs
    from explorer.core.value_options import sequences_for
    from explorer.core.value_source import ValueCache

    solved = sequences_for(ValueCache(rule), h + 1, columns - 1, progress)  # the window's limits
    xs = value_pairs(solved, h)
    ys = solved.cols[h][xs].astype(np.int64)
    offset = ys - bulk.lower_array(xs)
    return Structure(narrowed(xs), narrowed(ys), narrowed(offset), f"{rule.title}, value {h}", more=False)
