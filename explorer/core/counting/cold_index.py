"""Counting cold cells in rectangles through a Fenwick tree over the generated sequence.

The index marks every lower number n < N of its rule (taken from the generated pairs: a_k for
Wythoff, A_k for Fraenkel's a-Wythoff) in a Fenwick tree, so its prefix sums are
LA(m) = #{k >= 1 : a_k <= m}, and UB(m) = m - LA(m) counts the upper numbers. Since a_k and
b_k both increase, `closed_form.pairs_in_prefix` gives C(X, Y) from LA(X) and LA(Y), plus the
rule's correction for single cells (misère). Each answer costs O(log N) and batches take one
numpy pass per tree level.

The index grows by doubling as queries reach further (or at once to what a batch needs),
up to MAX_CELLS (from explorer.core.budget: 2^24, about 1.7e7 numbers, an int32 tree of
64 MiB and ~150 MiB while it grows). Beyond it the closed form (math.isqrt) answers, exactly.
Every answer says which method produced it.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Protocol

from explorer.core import budget
from explorer.core.counting.closed_form import (
    Count,
    cells_in,
    pairs_in_prefix,
    rectangle_from_prefix,
    rectangles_from_prefix_many,
)
from explorer.core.counting.fenwick import FenwickTree
from explorer.core.exact.lazy import lazy_numpy
from explorer.core.parallel import joined, map_spans

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    np = lazy_numpy(__name__)

MAX_CELLS = budget.fenwick_numbers()  # 2^24: 64 MiB kept, ~150 MiB while growing
START_CELLS = 1 << 16
FENWICK = "fenwick"
CLOSED_FORM = "closed-form"


SYNC_GROWTH = 1 << 20  # growing the index up to this size takes ~50 ms
HUGE_BITS = 20_000  # closed-form answers on numbers this long take noticeable time


class SequenceRule(Protocol):
    """What the index needs of a rule with complementary increasing cold sequences."""

    def lower_count(self, m: int) -> int: ...
    def upper_array(self, k: NDArray[np.int64]) -> NDArray[np.int64]: ...
    def count_correction(self, x: int, y: int) -> int: ...
    def count_correction_many(self, xs: NDArray[np.int64], ys: NDArray[np.int64]) -> NDArray[np.int64]: ...
    def cold_count(self, x: int, y: int) -> int: ...
    def cold_count_many(self, xs: Any, ys: Any) -> NDArray | list[int]: ...


class ColdIndex:
    """Answers C(X, Y) and rectangle counts; grows by doubling up to `max_cells`."""

    def __init__(self, rule: SequenceRule, max_cells: int = MAX_CELLS, start_cells: int = START_CELLS) -> None:
        self.rule = rule
        self.max_cells = max_cells
        self.tree = FenwickTree(0, np.int32)
        self._grow_to(min(start_cells, max_cells))

    # ----- building ---------------------------------------------------------------------
    def _grow_to(self, size: int) -> None:
        """Index the numbers 0..size-1: mark the lower numbers, sum, build.

        The lower numbers a_k (k >= 1) and the upper numbers b_k = a_k + a k are complementary
        in 1, 2, 3, ...; so every number from 1 is marked, then the upper ones below `size` are
        unmarked. There are fewer of them (size / (alpha + a)), and their indices k stay small
        enough for the exact int64 formula for every a (k a < size), which the lower numbers'
        indices would not for large a."""
        marks = np.ones(size, dtype=np.int8)
        marks[0] = 0  # 0 = a_0 is not counted: LA(m) counts k >= 1
        top = (size - 1) - self.rule.lower_count(size - 1)  # UB(m) = m - LA(m): every b_k < size
        chunk = 1 << 16
        for k0 in range(1, top + 1, chunk):
            k = np.arange(k0, min(top + 1, k0 + chunk), dtype=np.int64)
            marks[self.rule.upper_array(k)] = 0
        prefix = np.zeros(size + 1, dtype=np.int32)
        # In blocks: one numpy call over 2^24 numbers holds the GIL for ~0.15 s, a stall of the
        # window while the index grows on a worker.
        block = 1 << 18
        for lo in range(0, size, block):
            part = prefix[lo + 1 : lo + 1 + block]
            np.cumsum(marks[lo : lo + block], out=part, dtype=np.int32)
            part += prefix[lo]
        tree = FenwickTree.from_prefix_sums(prefix)
        # One assignment, never to a smaller tree: a worker and the GUI thread may both grow the
        # index, and a reader always sees a whole tree at least as large as it checked for.
        if tree.n > self.tree.n:
            self.tree = tree

    @property
    def size(self) -> int:
        """How many numbers (0..size-1) are indexed."""
        return self.tree.n

    def working_copy(self) -> ColdIndex:
        """A copy for a worker to grow and answer from; the owner takes its tree back with `adopt`
        on its own thread (the tree it shares is never changed, only replaced)."""
        return copy.copy(self)

    def adopt(self, work: Counter) -> None:
        """Take a working copy's larger tree (the index grew on a worker)."""
        tree = getattr(work, "tree", None)
        if isinstance(tree, FenwickTree) and tree.n > self.tree.n:
            self.tree = tree

    @property
    def nbytes(self) -> int:
        return int(self.tree.tree.nbytes)

    def covers(self, m: int) -> bool:
        return m < self.max_cells

    def ensure(self, m: int) -> bool:
        """Grow (by doubling) until m is indexed; False if m lies beyond the bound."""
        if m < self.size:
            return True
        if m >= self.max_cells:
            return False
        size = max(2 * self.size, m + 1)  # doubling, or straight to what a batch needs
        self._grow_to(min(size, self.max_cells))
        return True

    def costly(self, far: int) -> bool:
        """Whether answering up to `far` may grow the index noticeably (run it off the GUI thread).
        A far corner beyond the bound is answered by the closed form, but the rectangle's other
        corners may still lie inside it and grow the index."""
        return far >= max(self.size, SYNC_GROWTH) and self.size < self.max_cells

    # ----- single answers ------------------------------------------------------------------
    def lower_count(self, m: int) -> int:
        """LA(m) from the tree (m must be indexed, or negative)."""
        return self.tree.prefix(m + 1) if m >= 0 else 0

    def cold_count(self, x: int, y: int) -> int:
        """Cold cells in [0, x] x [0, y]: from the tree where indexed, else the closed form."""
        if x < 0 or y < 0:
            return 0
        if not self.ensure(max(x, y)):
            return self.rule.cold_count(x, y)
        lx, ly = self.lower_count(x), self.lower_count(y)
        return pairs_in_prefix(lx, ly, x, y) + self.rule.count_correction(x, y)

    def count_rect(self, x0: int, y0: int, x1: int, y1: int) -> Count:
        """Cold cells in the inclusive rectangle [x0, x1] x [y0, y1]."""
        method = FENWICK if max(x1, y1) < self.max_cells else CLOSED_FORM
        return Count(rectangle_from_prefix(self.cold_count, x0, y0, x1, y1), cells_in(x0, y0, x1, y1), method)

    # ----- batches ----------------------------------------------------------------------------
    def count_many(self, xs: Any, ys: Any) -> tuple[NDArray | list[int], str]:
        """C(X, Y) for many queries: through the tree (vectorised) when all fit, else exact
        Python integers by the closed form. Returns (counts, method)."""
        if isinstance(xs, np.ndarray) and xs.dtype == np.int64 and xs.size:
            x = xs
            y = np.asarray(ys, dtype=np.int64)
            top = int(max(x.max(), y.max()))
            if int(min(x.min(), y.min())) >= 0 and self.ensure(top):
                both = self.tree.prefix_many(np.concatenate([x, y]) + 1)
                lx, ly = both[: x.size], both[x.size :]
                return pairs_in_prefix(lx, ly, x, y) + self.rule.count_correction_many(x, y), FENWICK
        return self.rule.cold_count_many(xs, ys), CLOSED_FORM

    def count_rect_many(self, x0: Any, y0: Any, x1: Any, y1: Any) -> tuple[NDArray | list[int], str]:
        """Rectangle counts for many queries, by inclusion-exclusion on count_many."""
        a = [np.asarray(v) for v in (x0, y0, x1, y1)]
        if all(v.dtype == np.int64 for v in a):
            methods = []

            def prefix_many(qx: Any, qy: Any) -> Any:
                counts, method = self.count_many(qx, qy)
                methods.append(method)
                return counts

            out = rectangles_from_prefix_many(prefix_many, *a)
            return out, methods[0] if methods else FENWICK
        rows = zip(*(list(map(int, v)) for v in (x0, y0, x1, y1)), strict=True)
        return [rectangle_from_prefix(self.rule.cold_count, *r) for r in rows], CLOSED_FORM


class Counter(Protocol):
    """Answers rectangle counts for the query panel and `count --batch`."""

    @property
    def size(self) -> int: ...  # how far it has indexed (0 when it needs no index)

    @property
    def nbytes(self) -> int: ...  # memory held (explorer.core.budget)

    def costly(self, far: int) -> bool: ...
    def working_copy(self) -> Counter: ...  # what a worker grows and answers from
    def adopt(self, work: Counter) -> None: ...  # the owner takes what the worker's copy grew
    def count_many(self, xs: Any, ys: Any) -> tuple[NDArray | list[int], str]: ...
    def count_rect(self, x0: int, y0: int, x1: int, y1: int) -> Count: ...
    def count_rect_many(self, x0: Any, y0: Any, x1: Any, y1: Any) -> tuple[NDArray | list[int], str]: ...


class HoldsNoIndex:
    """A counter with nothing of its own that grows: a worker may use it as it is."""

    def working_copy(self) -> Any:
        return self

    def adopt(self, work: Counter) -> None:
        pass


class ClosedFormCounter(HoldsNoIndex):
    """Counts by the rule's own prefix count (closed form, or a solved table)."""

    def __init__(self, rule: Any, method: str = CLOSED_FORM) -> None:
        self.rule = rule
        self.method = method  # how the rule counts ("closed-form", "dynamic programming", …)
        self.size = 0
        self.nbytes = 0

    def costly(self, far: int) -> bool:
        return far.bit_length() > HUGE_BITS

    def count_many(self, xs: Any, ys: Any) -> tuple[NDArray | list[int], str]:
        """Prefix counts C(X, Y) for many queries, by the rule's (vectorised) prefix count; large
        arrays in a span per core (numpy counts without the GIL)."""
        if not (isinstance(xs, np.ndarray) and isinstance(ys, np.ndarray)):
            return self.rule.cold_count_many(xs, ys), self.method
        parts = map_spans(lambda lo, hi: self.rule.cold_count_many(xs[lo:hi], ys[lo:hi]), len(xs))
        return joined(parts), self.method

    def count_rect(self, x0: int, y0: int, x1: int, y1: int) -> Count:
        return self.rule.count_rect(x0, y0, x1, y1)

    def count_rect_many(self, x0: Any, y0: Any, x1: Any, y1: Any) -> tuple[NDArray | list[int], str]:
        method = self.method
        if all(isinstance(v, np.ndarray) and v.dtype == np.int64 for v in (x0, y0, x1, y1)):
            return rectangles_from_prefix_many(self.rule.cold_count_many, x0, y0, x1, y1), method
        rows = zip(*(list(map(int, v)) for v in (x0, y0, x1, y1)), strict=True)
        return [self.rule.count_rect(*r).count for r in rows], method
