"""Reading and writing a batch's numbers, compiled: whitespace-separated non-negative integers from
bytes into int64, and int64 (or verdicts) back to lines, at the speed of the bytes.

`parse` stops at anything it cannot read as it should (a byte other than a digit or whitespace, a
number past 2^63 - 1) and says where, so that the caller hands that input to the exact reader, which
names the line and reads numbers of any size (explorer.core.textio.intstream). Compiled by numba's JIT
(importing this module imports numba) and ahead of time (explorer.core.kernels, group "batch").
"""

from __future__ import annotations

import numpy as np
from numba import njit

OK, BAD_BYTE, TOO_BIG = 0, 1, 2
_INT64_MAX = np.int64(2**63 - 1)
_POWERS = np.array([10**k for k in range(1, 20)], dtype=np.uint64)  # 10 .. 10^19


@njit(cache=True, nogil=True)
def parse(buf, final, out, info):  # type: ignore[no-untyped-def]
    """Read the numbers of buf (uint8) into out (int64, room for len(buf) // 2 + 1). Returns how
    many; info[0] = bytes consumed (short of a number cut by the end of buf, unless final),
    info[1] = OK, BAD_BYTE or TOO_BIG, info[2] = the offset of the number or byte at fault.
    Digits are summed modulo 2^64 and their count decides: up to 18 cannot pass 2^63 - 1, 19 are
    compared with it (below 10^19 < 2^64, the sum has not wrapped), 20 or more are too many
    (leading zeros are not counted)."""
    count = 0
    i, size = 0, buf.size
    info[1] = OK
    nine, four, ten, zero = np.uint8(9), np.uint8(4), np.uint64(10), np.uint8(48)
    while i < size:
        c = buf[i]
        if c == 32 or c - nine <= four:  # space, or \t \n \v \f \r (uint8 wraps below 9)
            i += 1
            continue
        start = i
        while i < size and buf[i] == 48:  # leading zeros
            i += 1
        first = i
        value = np.uint64(0)
        while i < size:
            digit = buf[i] - zero
            if digit > nine:
                break
            value = value * ten + np.uint64(digit)
            i += 1
        if i < size and not (buf[i] == 32 or buf[i] - nine <= four):
            info[0], info[1], info[2] = start, BAD_BYTE, i
            return count
        if i == size and not final:  # a number cut by the end of the buffer: read it with the next
            info[0] = start
            return count
        if i - first > 19 or (i - first == 19 and value > np.uint64(2**63 - 1)):
            info[0], info[1], info[2] = start, TOO_BIG, start
            return count
        out[count] = np.int64(value)
        count += 1
    info[0] = size
    return count


_PAIRS = np.array([ord(c) for k in range(100) for c in f"{k:02d}"], dtype=np.uint8)


@njit(cache=True, nogil=True)
def format_lines(values, out):  # type: ignore[no-untyped-def]
    """Each non-negative int64 of values in decimal on its own line, into out (uint8, room for 20
    bytes a value). Returns the bytes written. The length first, then two digits at a time from
    the end, from a table."""
    at = 0
    for i in range(values.size):
        v = np.uint64(values[i])
        n = 1
        while n < 19 and v >= _POWERS[n - 1]:
            n += 1
        end = at + n
        out[end] = 10
        k = end
        while v >= np.uint64(100):
            q = v // np.uint64(100)
            r = (v - q * np.uint64(100)) * np.uint64(2)
            v = q
            k -= 2
            out[k] = _PAIRS[r]
            out[k + 1] = _PAIRS[r + np.uint64(1)]
        if v >= np.uint64(10):
            out[k - 2] = _PAIRS[v * np.uint64(2)]
            out[k - 1] = _PAIRS[v * np.uint64(2) + np.uint64(1)]
        else:
            out[k - 1] = np.uint8(48) + np.uint8(v)
        at = end + 1
    return at


@njit(cache=True, nogil=True)
def format_words(flags, yes, no, out):  # type: ignore[no-untyped-def]
    """The word `yes` (uint8) where flags[i] is non-zero, else `no`, each on its own line, into out.
    Returns the bytes written."""
    at = 0
    for i in range(flags.size):
        word = yes if flags[i] else no
        for j in range(word.size):
            out[at + j] = word[j]
        out[at + word.size] = 10
        at += word.size + 1
    return at
