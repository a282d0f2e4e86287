"""The lowest clear bit of a 64-bit word in constant time, for the compiled Grundy sweeps.

De Bruijn multiplication (Leiserson, Prokop and Randall, "Using de Bruijn sequences to index a
1 in a computer word", 1998): isolate the lowest set bit of ~word; multiplying by the de Bruijn
constant puts a distinct 6-bit pattern in the top bits for each of the 64 positions, and a
table turns the pattern back into the position. It replaced a loop of up to 63 steps in
Wythoff's kernel (a step a bit, ~31 on average) and a 6-branch binary search in the general one.
"""

from __future__ import annotations

import numpy as np
from numba import njit

DE_BRUIJN = 0x03F79D71B4CB0A89
_TABLE = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _TABLE[((DE_BRUIJN << _i) & 0xFFFFFFFFFFFFFFFF) >> 58] = _i
TABLE = _TABLE  # read by the compiled code as a constant


@njit(cache=True, nogil=True)
def lowest_clear(word):  # type: ignore[no-untyped-def]
    """The position of the lowest 0 bit of a uint64 word that is not all ones."""
    inv = ~word
    low = inv & (~inv + np.uint64(1))  # the lowest set bit of ~word
    return TABLE[(low * np.uint64(DE_BRUIJN)) >> np.uint64(58)]


@njit(cache=True, nogil=True)
def next_missing(bits, v):  # type: ignore[no-untyped-def]
    """The lowest value >= v whose bit is clear in the bitset `bits` (uint64 words): a mex (the
    Grundy sweeps of Wythoff's game and of any rule's moves)."""
    while (bits[v >> 6] >> np.uint64(v & 63)) & np.uint64(1):
        v += 1
    return v
