"""Vectorised, exact Wythoff arithmetic with numpy, and where it hands over.

- `isqrt_int64`: exact integer square roots for 0 <= m < 2^63 (float estimate, then an
  exact integer correction of +-1).
- `cold_pairs(start, count)`: the arrays a_k, b_k for k in a range. Exact through numpy while
  5 k^2 < 2^63 (k <= NUMPY_MAX_INDEX ~ 1.36e9); beyond that it switches to Python ints
  (an object array), so any start, even 10^100, is answered exactly.
- `partners(n)`: p(x) for x = 0..n.
- `is_cold_array(x, y)`: exact over the whole non-negative int64 range through 128-bit
  products (`wide`); `is_cold_many` takes any Python ints and hands larger ones over to
  the scalar code.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import isqrt
from typing import TYPE_CHECKING

from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game.sequence import count_lower_upto, is_cold, lower
from explorer.core.kernels import kernels as kernel_group
from explorer.core.parallel import map_spans

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    I64 = NDArray[np.int64]
else:
    np = lazy_numpy(__name__)
_CHUNK = 1 << 16  # temporaries of 512 KiB stay in cache and are reused
NUMPY_MAX_INDEX = isqrt((2**63 - 1) // 5)  # largest k with 5 k^2 < 2^63
INT64_MAX = 2**63 - 1


def isqrt_int64(m: I64) -> I64:
    """floor(sqrt(m)) for an int64 array with 0 <= m < 2^63, exactly."""
    m = np.asarray(m, dtype=np.int64)
    if m.size > _CHUNK:  # large arrays in cache-sized pieces: fresh memory costs more here
        out = np.empty_like(m).ravel()
        flat = m.ravel()
        for lo in range(0, flat.size, _CHUNK):
            out[lo : lo + _CHUNK] = _isqrt_chunk(flat[lo : lo + _CHUNK])
        return out.reshape(m.shape)
    return _isqrt_chunk(m)


def _isqrt_chunk(m: I64) -> I64:
    r = np.floor(np.sqrt(m.astype(np.float64))).astype(np.uint64)
    um = m.astype(np.uint64)
    # The float estimate is within 1 of the truth; squares below 2^64 are exact in uint64.
    r = np.where(r * r > um, r - np.uint64(1), r)
    r1 = r + np.uint64(1)
    r = np.where(r1 * r1 <= um, r1, r)
    return r.astype(np.int64)


def max_index(a: int = 1) -> int:
    """The largest k with k^2 (a^2 + 4) < 2^63: where `lower_array` stays exact in int64."""
    return isqrt((2**63 - 1) // (a * a + 4))


def lower_prefix(n: int, a: int) -> I64:
    """A_0 … A_{n−1} of Fraenkel's a-Wythoff (a >= 2) as an int64 array, exactly, past `max_index(a)`
    too (where the formula would leave int64): the exact formula up to max_index, then by
    complementarity. A_k (k >= 1) is the k-th positive integer not among B_i = A_i + a·i (i >= 1), and
    the k-th integer missing from a sorted B is k + #{j : B_j − j < k} (j from 1). With A_k <= 1.5k + 1
    and B_i >= 3i, the B_i below A_k have i <= k/2: the pairs known up to m give A_k for k < 2m − 1, so
    each stage doubles what is known. Values stay far below 2^63 while a·n does."""
    if a < 2:
        raise ValueError("lower_prefix extends a-Wythoff's A_k for a >= 2")
    known = lower_array(np.arange(min(n, max_index(a) + 1), dtype=np.int64), a)
    while known.size < n:
        m = known.size
        j = np.arange(1, m, dtype=np.int64)
        missing_below = known[1:m] + a * j - j  # B_j − j: how many positive integers below B_j are not B's
        ks = np.arange(m, min(n, 2 * m - 1), dtype=np.int64)
        known = np.concatenate([known, ks + np.searchsorted(missing_below, ks, side="left")])
    return known[:n]


def lower_array(k: I64, a: int = 1) -> I64:
    """a_k (Fraenkel's A_k for a > 1) for an int64 array with 0 <= k <= max_index(a): the formula
    of `sequence.lower`, with an exact int64 square root."""
    k = np.asarray(k, dtype=np.int64)
    if k.size and (k.min() < 0 or k.max() > max_index(a)):
        raise ValueError(f"lower_array is exact for 0 <= k <= {max_index(a)}")
    if a == 1:
        return (k + isqrt_int64(5 * k * k)) >> 1
    return (k * (2 - a) + isqrt_int64(k * k * (a * a + 4))) // 2


def count_limit(a: int = 1) -> int:
    """The largest m that `count_lower_upto_array` takes: every int64 for Wythoff where the compiled
    kernels are built (explorer.core.exact.beatty_jit), else where the int64 square root is exact."""
    if a == 1 and kernel_group("batch") is not None:
        return INT64_MAX
    return max_index(a) - 1


def count_lower_upto_array(m: I64, a: int = 1) -> I64:
    """LA(m) = floor((m + 1) / phi) (with a > 1: floor((m + 1) / alpha_a)), the formula of
    `sequence.count_lower_upto`, for an int64 array with -1 <= m <= count_limit(a)."""
    m = np.asarray(m, dtype=np.int64)
    if m.size and (m.min() < -1 or m.max() > count_limit(a)):
        raise ValueError(f"count_lower_upto_array is exact for -1 <= m <= {count_limit(a)}")
    k = kernel_group("batch") if a == 1 else None
    if k is not None:
        out = np.empty(m.size, dtype=np.int64)
        k.lower_counts(np.ascontiguousarray(m).ravel(), out)
        return out.reshape(m.shape)
    n = m + 1
    if a == 1:
        return (isqrt_int64(5 * n * n) - n) >> 1
    return (isqrt_int64(n * n * (a * a + 4)) + n * (a - 2)) // (2 * a)


def prefix_counts_array(x: I64, y: I64) -> I64 | None:
    """Wythoff's C(X, Y) (explorer.core.counting.closed_form) for int64 arrays with 0 <= X, Y, compiled
    (explorer.core.exact.beatty_jit); None where the kernels are not built."""
    k = kernel_group("batch")
    if k is None:
        return None
    out = np.empty(x.size, dtype=np.int64)
    k.prefix_counts(np.ascontiguousarray(x).ravel(), np.ascontiguousarray(y).ravel(), out)
    return out.reshape(x.shape)


def cold_pairs(start: int, count: int) -> tuple[NDArray, NDArray]:
    """Arrays (a_k, b_k) for k = start .. start + count - 1.

    int64 arrays while the range stays within NUMPY_MAX_INDEX (computed in cache-sized
    chunks: on this machine fresh memory costs more than the arithmetic), otherwise
    object arrays of Python ints computed one by one with math.isqrt.
    """
    if start < 0 or count < 0:
        raise ValueError("start and count must be >= 0")
    if start + count - 1 <= NUMPY_MAX_INDEX:
        a = np.empty(count, dtype=np.int64)
        b = np.empty(count, dtype=np.int64)
        for lo in range(0, count, _CHUNK):
            hi = min(count, lo + _CHUNK)
            k = np.arange(start + lo, start + hi, dtype=np.int64)
            a_part = lower_array(k)
            a[lo:hi] = a_part
            np.add(a_part, k, out=b[lo:hi])
        return a, b
    a_obj = np.array([lower(k) for k in range(start, start + count)], dtype=object)
    k_obj = np.array(range(start, start + count), dtype=object)
    return a_obj, a_obj + k_obj


def partners(n: int) -> I64:
    """The partner array p[x] for x = 0..n: (x, p[x]) is cold."""
    if n < 0:
        raise ValueError("n must be >= 0")
    if n >= NUMPY_MAX_INDEX:
        raise ValueError(f"partners() keeps an int64 array; n must be < {NUMPY_MAX_INDEX}")
    top = count_lower_upto(n)  # every k with a_k <= n
    a, b = cold_pairs(0, top + 1)
    p = np.empty(n + 1, dtype=np.int64)
    p[a] = b
    inside = b <= n
    p[b[inside]] = a[inside]
    return p


def is_cold_array(x: I64, y: I64) -> NDArray[np.bool_]:
    """Exact P-position test for int64 arrays of non-negative piles (any int64 value)."""
    x = np.asarray(x, dtype=np.int64)
    y = np.asarray(y, dtype=np.int64)
    if x.shape != y.shape:
        raise ValueError("x and y differ in shape")
    if x.size and (x.min() < 0 or y.min() < 0):
        raise ValueError("piles must be >= 0")
    # A column of a (Q, 2) table is a strided view: ravel would copy it (10 ms for judge's 10^6
    # pairs); the chunks read it where it lies.
    flat_x, flat_y = (x, y) if x.ndim == 1 else (x.ravel(), y.ravel())
    out = np.empty(flat_x.size, dtype=bool)
    k = kernel_group("batch")
    if k is not None:  # compiled (explorer.core.exact.beatty_jit): exact to 2^63 - 1, 2-3 ns a position
        for lo in range(0, flat_x.size, _CHUNK * 4):
            hi = min(lo + _CHUNK * 4, flat_x.size)
            k.cold_flags(
                np.ascontiguousarray(flat_x[lo:hi]), np.ascontiguousarray(flat_y[lo:hi]), out[lo:hi].view(np.uint8)
            )
        return out.reshape(x.shape)

    def test(start: int, stop: int) -> None:
        for lo in range(start, stop, _CHUNK):
            hi = min(lo + _CHUNK, stop)
            out[lo:hi] = _is_cold_chunk(flat_x[lo:hi], flat_y[lo:hi])

    # numpy runs each chunk without the GIL: large inputs are tested on every core at once
    map_spans(test, flat_x.size)
    return out.reshape(x.shape)


def _is_cold_chunk(x: I64, y: I64) -> NDArray[np.bool_]:
    """The test on one chunk of valid input.

    With d = |x - y| and m = min(x, y), (x, y) is cold iff m = floor(d phi), that is
    2m - d < d sqrt 5 < 2m + 2 - d, decided by comparing squares in 128 bits. Cold needs
    d <= m <= 2d, so every square below is of a number < 2^64.
    """
    m = np.minimum(x, y).astype(np.uint64)
    d = np.abs(x - y).astype(np.uint64)  # x, y >= 0, so no overflow
    plausible = (d <= m) & (m <= d * np.uint64(2))
    lo_side = np.where(plausible, np.uint64(2) * m - d, 0).astype(np.uint64)
    hi_side = lo_side + np.uint64(2)
    from explorer.core.exact import wide  # its numpy constants load with the first array

    d_sq = wide.mul_wide(d, d)
    five_d_sq = wide.add_wide(wide.shl_wide(d_sq, 2), d_sq)
    below = wide.less_wide(wide.mul_wide(lo_side, lo_side), five_d_sq)
    above = wide.less_wide(five_d_sq, wide.mul_wide(hi_side, hi_side))
    origin = (m == 0) & (d == 0)
    return origin | (plausible & (d > 0) & below & above)


def is_cold_many(xs: Sequence[int], ys: Sequence[int]) -> NDArray[np.bool_]:
    """Cold test for Python ints of any size: numpy where they fit in int64, exact beyond."""
    if len(xs) != len(ys):
        raise ValueError("xs and ys differ in length")
    if all(0 <= v <= INT64_MAX for v in xs) and all(0 <= v <= INT64_MAX for v in ys):
        return is_cold_array(np.array(xs, dtype=np.int64), np.array(ys, dtype=np.int64))
    return np.fromiter((is_cold(x, y) for x, y in zip(xs, ys, strict=False)), dtype=bool, count=len(xs))
