"""Counting cells of one value in rectangles: the one place that answers values
(explorer.core.value_source) planning a count, as it plans one cell.

The sources, in the order of `value_limits.SOURCES` (the most exact means first), each a small
class that says whether it reaches a question (and why not) before any work:

1. `ColdCells`: value 0 under normal play is the cold cells, counted by the rule's own counter at
   any size it judges (Wythoff's closed form at 100 000 digits);
2. `CornerCells`: a corner table from the origin that holds every rectangle, solved first if it
   takes about a second at most, counted by the offline Fenwick dominance counter;
3. `SequenceCells`: value h's sequence far out (rules with Nim's rays, normal play), on the
   columns up to each rectangle's smaller side;
4. a corner as large as the caller's limits allow.

The first that reaches answers; if none does, the refusal names the question and each source's
bound. Every caller (`count --value`, the Queries tab, its batches, the notebook) asks here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from explorer.core.exact.bigint import short_decimal
from explorer.core.protocol import Valued, ValueSequences
from explorer.core.value_limits import QUICK_WORK, ValueRefused, corner_fits, has_values, no_values_text
from explorer.core.values import GRUNDY

if TYPE_CHECKING:
    from explorer.core.value_source import ValueCache

Progress = Callable[[int, int], bool]


class Rects(NamedTuple):
    """Inclusive rectangles [x0, x1] x [y0, y1], one in each position of the four columns: int64
    where every bound fits, else Python integers of any size (object arrays)."""

    x0: NDArray
    y0: NDArray
    x1: NDArray
    y1: NDArray

    @classmethod
    def of(cls, x0: Any, y0: Any, x1: Any, y1: Any) -> Rects:
        cols = [
            np.asarray(c) if isinstance(c, np.ndarray) else np.asarray([int(b) for b in c], dtype=object)
            for c in (x0, y0, x1, y1)
        ]
        if all(c.dtype == np.int64 for c in cols):
            return cls(*cols)
        cols = [c.astype(object) for c in cols]
        if all(not c.size or (int(c.min()) >= -1 and int(c.max()) < 1 << 62) for c in cols):
            cols = [c.astype(np.int64) for c in cols]
        return cls(*cols)

    @property
    def size(self) -> int:
        return int(self.x1.size)

    def high(self) -> tuple[int, int]:
        """The largest X1 and Y1."""
        return int(self.x1.max()), int(self.y1.max())

    def low(self) -> int:
        return min(int(self.x0.min()), int(self.y0.min()))

    def text(self) -> str:
        """The question's rectangle, as typed (the first, and how many more)."""
        x0, y0, x1, y1 = (short_decimal(int(c[0])) for c in self)
        more = f" (and {self.size - 1:,} more rectangles)" if self.size > 1 else ""
        return f"[{x0}, {x1}] × [{y0}, {y1}]{more}"


class ValueCount(NamedTuple):
    counts: NDArray | list[int]  # int64 where every count fits (a batch of 10^6 stays an array)
    method: str  # how they were counted: "cold cells", "G=h corner", "G=h sequence"


def _letter(kind: str) -> str:
    return "G" if kind == GRUNDY else "R"


class ColdCells:
    """Value 0 under normal play: the cold cells, by the rule's counter, at any size it judges."""

    def refusal(self, values: ValueCache, kind: str, v: int, rects: Rects) -> str | None:
        rule = values.rule
        if not has_values(rule):  # hot and cold only (the pass game, k-blocking...): no G at all
            return no_values_text(rule)
        if kind != GRUNDY or v != 0:
            return ""  # not this source's question: no sentence
        if not rule.last_mover_wins:
            return "under misère play the cold cells are not the cells of value 0"
        if rule.bound is not None and max(rects.high()) >= rule.bound:
            return f"the rule judges cells on [0, {rule.bound:,})² only"
        return None

    def count(self, values: ValueCache, kind: str, v: int, rects: Rects, progress: Progress | None) -> ValueCount:
        counts, _ = values.rule.counter().count_rect_many(*rects)
        return ValueCount(counts, "G=0 cold cells")


class CornerCells:
    """A corner table from the origin holding every rectangle (its mirror: G and R are symmetric),
    solved first if it fits the caller's limits (`quick`: and takes at most QUICK_WORK, about a
    second: the order of `Plans.next_need`, a cheap corner before the sequences, any after)."""

    def __init__(self, quick: bool = False) -> None:
        self.quick = quick

    def _corner(self, values: ValueCache, rects: Rects) -> tuple[int, int]:
        x1, y1 = rects.high()
        return x1 + 1, y1 + 1

    def refusal(self, values: ValueCache, kind: str, v: int, rects: Rects) -> str | None:
        rule = values.rule
        if not isinstance(rule, Valued):
            return no_values_text(rule)
        nx, ny = self._corner(values, rects)
        work = QUICK_WORK if self.quick else None
        if values.corner_block(0, 0, nx, ny, kind) is not None or corner_fits(rule, nx, ny, values.limits, work):
            return None
        return (
            ""
            if self.quick
            else (
                f"a corner table from the origin would need [0, {short_decimal(nx)}) × [0, {short_decimal(ny)}), past "
                f"what {values.limits.who} computes for this rule (about [0, {values.max_side:,})²)"
            )
        )

    def count(self, values: ValueCache, kind: str, v: int, rects: Rects, progress: Progress | None) -> ValueCount:
        from explorer.core.counting.dominance import rectangle_counts
        from explorer.core.value_limits import Need

        nx, ny = self._corner(values, rects)
        block = values.corner_block(0, 0, nx, ny, kind)
        if block is None:
            what = "grundy corner" if kind == GRUNDY else "corner"
            values.solve(Need(what, nx, ny, 0, 0), progress)
            block = values.corner_block(0, 0, nx, ny, kind)
            assert block is not None
        px, py = np.nonzero(block == v)
        counts = rectangle_counts(px, py, *rects)
        return ValueCount(np.asarray(counts, dtype=np.int64), f"{_letter(kind)}={v} corner")


class SequenceCells:
    """Value h's sequence far out: rules whose moves hold Nim's rays, under normal play."""

    def refusal(self, values: ValueCache, kind: str, v: int, rects: Rects) -> str | None:
        rule, limits = values.rule, values.limits
        if kind != GRUNDY:
            return ""  # remoteness has no sequences: the corner's sentence says it
        if not isinstance(rule, ValueSequences):
            return "" if not rule.last_mover_wins else f"{rule.title}'s values far out are not sequences"
        if v >= limits.far_values:
            return f"far out the values 0–{limits.far_values - 1} are solved as sequences"
        smaller = int(np.minimum(rects.x1, rects.y1).max())
        if smaller >= limits.far_columns:
            return (
                f"far out values are solved on the first {limits.far_columns:,} columns in {limits.who}; "
                f"the smaller side {short_decimal(smaller)} lies beyond"
            )
        return None

    def count(self, values: ValueCache, kind: str, v: int, rects: Rects, progress: Progress | None) -> ValueCount:
        from explorer.core.analysis.far_values import clipped_bounds, count_value_rects, smaller_sides
        from explorer.core.value_options import sequences_for

        x0s, y0s, x1s, y1s = (clipped_bounds(c) for c in rects)
        solved = sequences_for(values, v + 1, smaller_sides(x1s, y1s), progress)
        counts = count_value_rects(solved, v, x0s, y0s, x1s, y1s)
        return ValueCount(counts, f"G={v} sequence")


COUNT_SOURCES = (ColdCells(), CornerCells(quick=True), SequenceCells(), CornerCells())


def count_by_value(values: ValueCache, kind: str, v: int, rects: Rects, progress: Progress | None = None) -> ValueCount:
    """Cells whose G (or R) is v in each rectangle, from the first source that reaches them all;
    ValueRefused naming the question, and every source's bound, where none does."""
    if v < 0:
        raise ValueRefused(f"no cell has {_letter(kind)} = {v}: values are 0 or more")
    if not rects.size:
        return ValueCount([], f"{_letter(kind)}={v}")
    if rects.low() < 0:
        raise ValueRefused("a rectangle starts below 0: piles hold 0 or more counters")
    reasons = []
    for source in COUNT_SOURCES:
        why = source.refusal(values, kind, v, rects)
        if why is None:
            return source.count(values, kind, v, rects, progress)
        if why and why not in reasons:
            reasons.append(why)
    question = f"the cells with {_letter(kind)} = {v} in {rects.text()} under {values.rule.title}"
    raise ValueRefused(f"{question} are not counted here: " + "; ".join(reasons))
