"""Exact unsigned 128-bit products and comparisons on numpy uint64 arrays.

numpy has no 128-bit integers, and float64 (53 bits) or long double (64 bits) cannot
decide whether a position near 10^18 is cold (docs/math.md, "Cold positions"). Squares of 63-bit numbers fit in
128 bits, so the decision is exact once products are formed from 32-bit halves.
A 128-bit value is a pair (hi, lo) of uint64 arrays.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

U64 = NDArray[np.uint64]
_LOW32 = np.uint64(0xFFFFFFFF)
_32 = np.uint64(32)


def mul_wide(a: U64, b: U64) -> tuple[U64, U64]:
    """The exact 128-bit product a * b of uint64 arrays, as (hi, lo)."""
    a0, a1 = a & _LOW32, a >> _32
    b0, b1 = b & _LOW32, b >> _32
    p00 = a0 * b0
    p01 = a0 * b1
    p10 = a1 * b0
    p11 = a1 * b1
    mid = (p00 >> _32) + (p01 & _LOW32) + (p10 & _LOW32)  # < 3 * 2^32: no overflow
    lo = (p00 & _LOW32) | (mid << _32)
    hi = p11 + (p01 >> _32) + (p10 >> _32) + (mid >> _32)
    return hi, lo


def add_wide(a: tuple[U64, U64], b: tuple[U64, U64]) -> tuple[U64, U64]:
    """(a + b) mod 2^128."""
    lo = a[1] + b[1]
    carry = (lo < a[1]).astype(np.uint64)
    return a[0] + b[0] + carry, lo


def shl_wide(a: tuple[U64, U64], bits: int) -> tuple[U64, U64]:
    """(a << bits) mod 2^128 for 0 < bits < 64."""
    s = np.uint64(bits)
    return (a[0] << s) | (a[1] >> np.uint64(64 - bits)), a[1] << s


def less_wide(a: tuple[U64, U64], b: tuple[U64, U64]) -> NDArray[np.bool_]:
    """Element-wise a < b."""
    return (a[0] < b[0]) | ((a[0] == b[0]) & (a[1] < b[1]))
