"""Rows of Wythoff's Grundy table at any distance, with certified additive periods.

Each row x of G is eventually additively periodic: G(x, y + p) = G(x, y) + p for every y past a
preperiod (A. Dress, A. Flammenkamp and N. Pink, "Additive periodicity of the Sprague-Grundy
function of certain Nim games", Adv. Appl. Math. 22 (1999) 249-270; H. A. Landman, "A simple
FSM-based proof of the additive periodicity of the Sprague-Grundy function of Wythoff's game",
More Games of No Chance, MSRI Publ. 42 (2002)). A move never raises a pile, so the rows 0..X
form a strip whose values depend only on the strip: it is computed column by column, to any
length, in O(X) per column.

**The certificate** (Landman's finite-state argument, made concrete). Before column y is
computed, everything that decides the strip's future is

- for each row i, the set of values it has used: all values below its mex `low_i`, and the few
  used values from `low_i` up to y + i (G(i, y') <= i + y'); and
- the last X columns (the diagonal moves of later cells reach no further back).

Write this state relative to y (every value minus y). If the state at y + p equals the state at
y, then column y + p is column y plus p (the mex of a set shifted by p and completed by [0, p)
is the old mex plus p), and so on by induction: every row repeats additively with period p
from y on. So a row is *certified* when such a pair of states is found; the program then knows
G(x, y) exactly for every y, however large. Each row's own least period q (a divisor of p) and
preperiod (the first column from which G(x, y + q) = G(x, y) + q holds for good) follow exactly
from the certified tail. A row that is not certified within the column budget is reported as
"observed" up to the columns computed, and is not used beyond them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import gcd

import numpy as np
from numba import njit
from numpy.typing import NDArray

from explorer.core import budget
from explorer.core.values import shared_strip
from explorer.core.values.bits import lowest_clear as _lowest_clear

MAX_ROWS = 400  # rows 0..MAX_ROWS - 1 may be asked for
STRIP_BYTES = budget.ROWS_BYTES  # the strip's int16 table of G(i, y) - y at most


def max_columns_for(rows: int, budget_bytes: int = STRIP_BYTES) -> int:
    """The longest strip of `rows` rows the budget holds (2 bytes a cell)."""
    return budget_bytes // (2 * rows)


@njit(cache=True, nogil=True)
def _strip(rows, y_from, y_to, rel, rowbits, colbits, diagbits, row_low):  # type: ignore[no-untyped-def]
    """Columns y_from .. y_to - 1 of the strip of rows 0..rows - 1 (state carried in the
    arrays). rel[y, i] = G(i, y) - y (a column is contiguous: the sweep writes columns).

    G(i, y) is the least value missing from three bitsets read a word at a time: the row's
    used values (absolute), the column's values so far and the diagonal's, each a window of
    words around y (every value of the strip near column y lies in [y - 2n - 2, y + n]).
    Returns -1, or the column where an assumption of the windows failed (a row whose mex lags
    more than 2i + 2 behind the column, or a value outside a window): checked, not trusted."""
    words = diagbits.shape[1]
    ring = diagbits.shape[0]
    one = np.uint64(1)
    full = np.uint64(0xFFFFFFFFFFFFFFFF)
    for y in range(y_from, y_to):
        diagbits[y % ring, :] = 0  # diagonal d = y starts here
        colbits[:] = 0
        cb = max(0, y - 2 * rows - 2) >> 6  # the column window's first word (absolute)
        for i in range(rows):
            if row_low[i] < y - 2 * i - 2:
                return y
            d = y - i
            ds = d % ring
            db = max(0, d - 2 * rows - 2) >> 6  # the diagonal window's first word
            v = row_low[i]
            wi = v >> 6
            word = rowbits[i, wi] | ((one << np.uint64(v & 63)) - one)
            while True:
                k = wi - cb
                if 0 <= k < words:
                    word |= colbits[k]
                k = wi - db
                if 0 <= k < words:
                    word |= diagbits[ds, k]
                if word != full:
                    break
                wi += 1
                word = rowbits[i, wi]
            v = wi * 64 + _lowest_clear(word)
            kc, kd = (v >> 6) - cb, (v >> 6) - db
            if not (0 <= kc < words and 0 <= kd < words):
                return y
            rel[y, i] = v - y
            bit = one << np.uint64(v & 63)
            rowbits[i, v >> 6] |= bit
            colbits[kc] |= bit
            diagbits[ds, kd] |= bit
            if v == row_low[i]:
                w = v + 1
                while (rowbits[i, w >> 6] >> np.uint64(w & 63)) & one:
                    w += 1
                row_low[i] = w
    return -1


@njit(cache=True, nogil=True)
def _row_window(i, y, rel, out):  # type: ignore[no-untyped-def]
    """Row i's used values in [y - 2i - 2, y + i) before column y, as flags relative to y - 2i - 2.
    Every value below the window is used (`_strip` checks the row's mex), and a value v can only
    sit in a column >= v - i (G(i, y') <= y' + i), so the window is read from a few columns."""
    lo = y - 2 * i - 2
    width = 3 * i + 2
    out[:width] = False
    for yy in range(max(0, lo - i), y):
        v = rel[yy, i] + yy
        if lo <= v < y + i:
            out[v - lo] = True


@njit(cache=True, nogil=True)
def _same_state(rows, y, p, rel, a, b):  # type: ignore[no-untyped-def]
    """Whether the state of the strip of rows 0..rows - 1 before column y + p is its state before
    column y, shifted by p: each row's used values, and the last `rows` columns."""
    for i in range(rows):
        for t in range(1, rows + 1):
            if rel[y - t, i] != rel[y + p - t, i]:
                return False
    for i in range(rows):
        _row_window(i, y, rel, a)
        _row_window(i, y + p, rel, b)
        for k in range(3 * i + 2):
            if a[k] != b[k]:
                return False
    return True


@njit(cache=True, nogil=True)
def _least_period(r, start, end):  # type: ignore[no-untyped-def]
    """The least q <= (end - start) / 2 with r[y + q] = r[y] for all y in [start, end - q); 0 if none."""
    for q in range(1, (end - start) // 2 + 1):
        ok = True
        for y in range(end - 1 - q, start - 1, -1):  # from the end: most q fail at once
            if r[y + q] != r[y]:
                ok = False
                break
        if ok:
            return q
    return 0


@dataclass(frozen=True)
class RowInfo:
    """Row x: G(x, y + period) = G(x, y) + period for y >= preperiod (certified), or what was seen."""

    x: int
    preperiod: int
    period: int
    certified: bool
    columns: int  # columns computed


class GrundyRows:
    """Rows 0..rows - 1 of Wythoff's Grundy table, certified where the column budget allows."""

    def __init__(
        self,
        rows: int,
        max_columns: int | None = None,
        budget_bytes: int = STRIP_BYTES,
        progress: Callable[[int, int], bool] | None = None,
    ) -> None:
        if not 1 <= rows <= MAX_ROWS:
            raise ValueError(f"rows 0 to {MAX_ROWS - 1} can be solved")
        self.rows = rows
        self.budget_bytes = budget_bytes
        self.max_columns = max_columns or max_columns_for(rows, budget_bytes)
        self._solve(progress)

    # ----- computing ----------------------------------------------------------------------
    def _solve(self, progress: Callable[[int, int], bool] | None) -> None:
        """Lengthen the strip (x2) until every row is certified or the budget is reached; the
        rows 0..x* whose strip repeats are certified, the others keep what was observed."""
        n = self.rows
        length = min(self.max_columns, max(4096, 64 * n))
        while True:
            self._compute(length, progress)
            self._tail = [self._tail_period(i) for i in range(n)]
            certified, start, period = self._certify_prefix()
            if certified == n or length >= self.max_columns:
                break
            length = min(self.max_columns, length * 2)
        self.certified_rows = certified
        self.strip_start, self.strip_period = (start, period) if certified else (None, 0)
        self.info = [self._row_info(i, start if i < certified else None, period) for i in range(n)]

    def _compute(self, length: int, progress: Callable[[int, int], bool] | None) -> None:
        """Extend the strip to `length` columns. The arrays are allocated once for the longest
        strip the budget allows; np.zeros commits pages only as the sweep reaches them."""
        n = self.rows
        if not hasattr(self, "rel"):
            top = self.max_columns + 3 * n + 128  # values reach at most y + i
            window = (4 * n + 4) // 64 + 3  # words around y (or d) holding every value there
            self.rel = np.zeros((self.max_columns, n), dtype=np.int16)
            self._rowbits = np.zeros((n, top // 64 + 2), dtype=np.uint64)
            self._colbits = np.zeros(window, dtype=np.uint64)
            self._diagbits = np.zeros((n + 1, window), dtype=np.uint64)
            self._row_low = np.zeros(n, dtype=np.int64)
            self.length = 0
        step = max(1, 4_000_000 // n)
        for lo in range(self.length, length, step):
            hi = min(length, lo + step)
            bad = _strip(n, lo, hi, self.rel, self._rowbits, self._colbits, self._diagbits, self._row_low)
            if bad >= 0:
                raise AssertionError(f"column {bad}: a value or a row's mex left the window around y")
            self.length = hi
            if progress is not None and progress(hi, self.max_columns) is False:
                raise InterruptedError("cancelled")

    def _tail_period(self, i: int) -> int:
        """The least q with G(i, y + q) = G(i, y) + q over the last quarter of the columns (0: none)."""
        return int(_least_period(self.rel[: self.length, i], self.length - self.length // 4, self.length))

    def _certify(self, rows: int) -> tuple[int | None, int]:
        """(y, p) with the state of the strip of rows 0..rows - 1 repeating from column y with
        period p (the least such y for this p), or (None, p)."""
        p = 1
        for q in self._tail[:rows]:
            if q == 0:
                return None, 0
            p = p * q // gcd(p, q)
            if 8 * p > self.length:
                return None, p
        a = np.zeros(3 * rows + 4, dtype=np.bool_)
        b = np.zeros(3 * rows + 4, dtype=np.bool_)
        lo, hi = rows + 3 * rows + 2, self.length - 2 * p - 1  # room for the windows; then 2p to read
        if hi < lo or not _same_state(rows, hi, p, self.rel, a, b):
            return None, p
        while lo < hi:  # the state repeats from some column on, and for good: binary search
            mid = (lo + hi) // 2
            if _same_state(rows, mid, p, self.rel, a, b):
                hi = mid
            else:
                lo = mid + 1
        return lo, p

    def _certify_prefix(self) -> tuple[int, int | None, int]:
        """The most rows 0..x* - 1 whose strip is certified (a sub-strip of a certified strip is
        certified too, so x* is found by bisection), with its start and period."""
        best: tuple[int, int | None, int] = (0, None, 0)
        lo, hi = 1, self.rows
        while lo <= hi:
            mid = (lo + hi) // 2
            start, p = self._certify(mid)
            if start is not None:
                best = (mid, start, p)
                lo = mid + 1
            else:
                hi = mid - 1
        return best

    def _row_info(self, i: int, start: int | None, p: int) -> RowInfo:
        r = np.ascontiguousarray(self.rel[: self.length, i])
        if start is None:  # not certified: the tail's period and where it began, as observed
            q = self._tail[i]
            pre = self._preperiod(r, q, self.length - q) if q else self.length
            return RowInfo(i, pre, q, False, self.length)
        q = next(
            q
            for q in range(1, p + 1)
            if p % q == 0 and np.array_equal(r[start + q : start + q + p], r[start : start + p])
        )
        return RowInfo(i, self._preperiod(r, q, start), q, True, self.length)

    @staticmethod
    def _preperiod(r: NDArray, q: int, start: int) -> int:
        """The least y0 <= start with rel(y + q) = rel(y) for all y in [y0, start)."""
        differ = np.flatnonzero(r[q : start + q] != r[:start])
        return int(differ[-1]) + 1 if differ.size else 0

    # ----- answering ----------------------------------------------------------------------
    @property
    def nbytes(self) -> int:
        return int(self.length * self.rows * 2)  # the pages the sweep has touched

    def row(self, x: int) -> RowInfo:
        return self.info[x]

    def knows(self, x: int, y: int) -> bool:
        """Whether G(x, y) is known exactly (either order of the piles)."""
        small, big = min(x, y), max(x, y)
        if small < 0 or small >= self.rows:
            return False
        return big < self.length or self.info[small].certified

    def value(self, x: int, y: int) -> int:
        """G(x, y), exact for any size when min(x, y) is a solved row (ValueError otherwise)."""
        small, big = min(x, y), max(x, y)
        if not self.knows(x, y):
            raise ValueError(f"G({x}, {y}) lies beyond the rows solved")
        info = self.info[small]
        if big >= self.length:
            q = info.period
            big_r = info.preperiod + (big - info.preperiod) % q
            return int(self.rel[big_r, small]) + big
        return int(self.rel[big, small]) + big

    def values(self, x: int, y0: int, count: int) -> list[int]:
        """G(x, y0 + j) for j < count (x a solved row; y0 >= x or the mirror is used)."""
        return [self.value(x, y0 + j) for j in range(count)]

    def offsets(self, x: int, y0: int, step: int, count: int) -> tuple[NDArray[np.int64], NDArray[np.bool_]]:
        """For the columns Y_j = y0 + j * step (j < count) of row x: G(x, Y_j) - Y_j, and whether
        it is known (vectorised: the view's strips are drawn from this)."""
        off = np.zeros(count, dtype=np.int64)
        known = np.zeros(count, dtype=np.bool_)
        if not 0 <= x < self.rows or count <= 0:
            return off, known
        rel = self.rel[:, x]
        length = self.length
        j = np.arange(count, dtype=np.int64)
        # columns inside the strip: read directly (none below column 0)
        below = 0 if y0 >= 0 else min(count, -(y0 // step))  # ceil(-y0 / step)
        inside = 0 if y0 >= length else min(count, -(-(length - y0) // step))
        if inside > below:
            cols = np.array([y0 + k * step for k in range(below, inside)], dtype=np.int64)  # < length
            off[below:inside] = rel[cols]
            known[below:inside] = True
        info = self.info[x]
        if inside < count and info.certified:
            q, pre = info.period, info.preperiod
            first = y0 + inside * step  # >= length > pre
            r0 = (first - pre) % q
            residues = (r0 + (j[: count - inside]) * (step % q)) % q
            off[inside:] = rel[pre + residues]
            known[inside:] = True
        return off, known


def shared_rows(
    rows: int, budget_bytes: int = STRIP_BYTES, progress: Callable[[int, int], bool] | None = None
) -> GrundyRows:
    """The rows 0..rows - 1, solved once per process for a given budget: Wythoff and misère
    Wythoff share them (G belongs to the moves), so switching rules never solves them again and
    never holds two strips. A different request replaces the one kept (in shared_strip)."""
    kept = shared_strip.find(lambda strip: strip.rows >= rows and strip.budget_bytes == budget_bytes)
    if kept is not None:
        return kept  # type: ignore[no-any-return]
    solved = GrundyRows(rows, budget_bytes=budget_bytes, progress=progress)
    shared_strip.keep(solved)
    return solved
