"""A Fenwick tree (binary indexed tree) over numpy, with vectorised batch operations.

Positions are 0-based from the outside; the tree array is 1-based inside (tree[0] unused).
- build from an array in O(n): tree[i] = S(i) - S(i - lowbit(i)) with S the prefix sums;
- prefix sums and point updates in O(log n);
- batch prefix sums and batch updates: one numpy pass per tree level over all positions,
  never a Python loop per query.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core.exact.lazy import lazy_numpy

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import ArrayLike, NDArray
else:
    np = lazy_numpy(__name__)


def _lowbit(i: NDArray[np.int64]) -> NDArray[np.int64]:
    return i & -i


class FenwickTree:
    """Sums over a[0..n-1] with point updates; values of any numpy integer dtype."""

    def __init__(self, n: int, dtype: type | None = None) -> None:
        if n < 0:
            raise ValueError("size must be >= 0")
        self.n = n
        self.tree: NDArray = np.zeros(n + 1, dtype=dtype or np.int64)

    @classmethod
    def from_array(cls, values: ArrayLike, dtype: type | None = None) -> FenwickTree:
        """Build in O(n) from the values a[0..n-1]."""
        a = np.asarray(values)
        dt = dtype or (a.dtype if a.dtype.kind in "iu" else np.int64)
        prefix = np.zeros(a.size + 1, dtype=dt)
        np.cumsum(a, out=prefix[1:], dtype=dt)
        return cls.from_prefix_sums(prefix)

    @classmethod
    def from_prefix_sums(cls, prefix: NDArray) -> FenwickTree:
        """Build in O(n) from S[0..n] (S[0] = 0, S[i] = a[0] + ... + a[i-1]):
        tree[i] = S[i] - S[i - lowbit(i)], computed in cache-sized chunks."""
        n = prefix.size - 1
        ft = cls(n, prefix.dtype.type)
        chunk = 1 << 16
        for lo in range(1, n + 1, chunk):
            i = np.arange(lo, min(n + 1, lo + chunk), dtype=np.int64)
            ft.tree[lo : lo + i.size] = prefix[lo : lo + i.size] - prefix[i - _lowbit(i)]
        return ft

    def __len__(self) -> int:
        return self.n

    def prefix(self, count: int) -> int:
        """a[0] + ... + a[count - 1] (0 for count <= 0; all of it for count >= n)."""
        i = min(max(count, 0), self.n)
        total = 0
        while i > 0:
            total += int(self.tree[i])
            i &= i - 1
        return total

    def add(self, pos: int, delta: int) -> None:
        """a[pos] += delta."""
        if not 0 <= pos < self.n:
            raise IndexError(f"position {pos} outside 0..{self.n - 1}")
        i = pos + 1
        while i <= self.n:
            self.tree[i] += delta
            i += i & -i

    def range_sum(self, lo: int, hi: int) -> int:
        """a[lo] + ... + a[hi - 1]."""
        return self.prefix(hi) - self.prefix(lo)

    def prefix_many(self, counts: ArrayLike) -> NDArray[np.int64]:
        """prefix(c) for every c in counts: one vectorised pass per tree level."""
        index_type = np.int32 if self.n < 2**31 else np.int64
        i = np.clip(np.asarray(counts, dtype=np.int64), 0, self.n).astype(index_type)
        total = np.zeros(i.shape, dtype=np.int64)
        while i.any():
            total += self.tree[i]  # tree[0] is 0, so finished entries add nothing
            i &= i - 1  # clears the lowest set bit; 0 stays 0
        return total

    def add_many(self, positions: ArrayLike, deltas: ArrayLike) -> None:
        """a[p] += d for every pair (repeated positions add up): one pass per level."""
        i = np.asarray(positions, dtype=np.int64) + 1
        d = np.broadcast_to(np.asarray(deltas, dtype=self.tree.dtype), i.shape)
        if i.size and (i.min() < 1 or i.max() > self.n):
            raise IndexError(f"positions must lie in 0..{self.n - 1}")
        while i.size:
            np.add.at(self.tree, i, d)
            i = i + _lowbit(i)
            keep = i <= self.n
            i, d = i[keep], d[keep]

    def values(self) -> NDArray[np.int64]:
        """The underlying array a[0..n-1] (O(n log n); for tests and debugging)."""
        idx = np.arange(self.n + 1, dtype=np.int64)
        pref = self.prefix_many(idx)
        return np.diff(pref)
