"""Wythoff's floor(n / phi) exact for every n up to 2^63, compiled: the counts and the cold test of a
batch of positions up to the largest int64, with no float deciding an answer (docs/math.md,
"Counting cold cells in rectangles" and "Cold positions").

LA(m) = floor((m + 1) / phi) = floor(n (phi - 1)) with n = m + 1 <= 2^63. K = floor(2^64 (phi - 1)) (the
golden ratio's 0x9e3779b97f4a7c15) is short of 2^64 (phi - 1) by less than 1, so e = floor(n K / 2^64),
the high word of one 128-bit product, is short of n (phi - 1) by less than n / 2^64 <= 1/2: the answer
is e or e + 1. And q <= n / phi exactly when q phi <= n, that is q sqrt 5 <= 2n - q, that is
5 q^2 <= (2n - q)^2 (both sides below 2^127 for n <= 2^63): one more comparison of 128-bit integers
formed from 32-bit halves decides it. No float takes part.

Compiled by numba's JIT (importing this module imports numba) and ahead of time by
explorer.core.kernels (group "batch"), which the command line uses. Every integer here is uint64 or int64
on purpose: numba, like numpy, turns uint64 mixed with int64 into a float.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_MASK32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)
_ONE = np.uint64(1)
_TWO = np.uint64(2)
_ZERO = np.uint64(0)
_S62 = np.uint64(62)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # floor(2^64 (phi - 1)), checked against isqrt in the tests


@njit(cache=True, nogil=True, inline="always")
def mul128(a, b):  # type: ignore[no-untyped-def]
    """The exact product of uint64 a and b, as (hi, lo)."""
    a0, a1 = a & _MASK32, a >> _S32
    b0, b1 = b & _MASK32, b >> _S32
    p00, p01, p10, p11 = a0 * b0, a0 * b1, a1 * b0, a1 * b1
    mid = (p00 >> _S32) + (p01 & _MASK32) + (p10 & _MASK32)
    return p11 + (p01 >> _S32) + (p10 >> _S32) + (mid >> _S32), (p00 & _MASK32) | (mid << _S32)


@njit(cache=True, nogil=True, inline="always")
def floor_over_phi(n):  # type: ignore[no-untyped-def]
    """floor(n / phi) for uint64 0 <= n <= 2^63, exactly."""
    if n == _ZERO:
        return _ZERO  # 2n - q would wrap below
    q = mul128(n, _GOLDEN)[0] + _ONE
    r = n + (n - q)  # 2n - q, below 1.39 * 2^63
    rh, rl = mul128(r, r)
    sh, sl = mul128(q, q)
    fh, fl = (sh << _TWO) | (sl >> _S62), sl << _TWO
    lo = fl + sl
    hi = fh + sh + (_ONE if lo < fl else _ZERO)  # 5 q^2
    return q if (hi < rh or (hi == rh and lo <= rl)) else q - _ONE


@njit(cache=True, nogil=True)
def lower_counts(m, out):  # type: ignore[no-untyped-def]
    """out[i] = LA(m[i]) = floor((m[i] + 1) / phi), for int64 -1 <= m[i] <= 2^63 - 1."""
    for i in range(m.size):
        out[i] = np.int64(floor_over_phi(np.uint64(m[i]) + _ONE)) if m[i] >= 0 else np.int64(0)


@njit(cache=True, nogil=True, inline="always")
def prefix(x, y):  # type: ignore[no-untyped-def]
    """C(X, Y) = 1 + min(LA(X), Y - LA(Y)) + min(X - LA(X), LA(Y)) (0 if either is negative); below
    0.77 * 2^63, so int64 holds it."""
    if x < 0 or y < 0:
        return np.int64(0)
    lx = np.int64(floor_over_phi(np.uint64(x) + _ONE))
    ly = np.int64(floor_over_phi(np.uint64(y) + _ONE))
    return 1 + min(lx, y - ly) + min(x - lx, ly)


@njit(cache=True, nogil=True)
def prefix_counts(xs, ys, out):  # type: ignore[no-untyped-def]
    """out[i] = C(xs[i], ys[i]), Wythoff's cold cells in [0, X] x [0, Y]."""
    for i in range(xs.size):
        out[i] = prefix(xs[i], ys[i])


@njit(cache=True, nogil=True, inline="always")
def rectangle(x0, y0, x1, y1):  # type: ignore[no-untyped-def]
    """Cold cells in [x0, x1] x [y0, y1] by inclusion-exclusion (0 if empty)."""
    a, b = max(x0, np.int64(0)), max(y0, np.int64(0))
    if x1 < a or y1 < b:
        return np.int64(0)
    total = np.int64(0)
    for corner in range(4):  # one `prefix` in a loop: four inlined copies took 8 s to compile, not 1.5
        x = x1 if corner & 1 == 0 else a - 1
        y = y1 if corner & 2 == 0 else b - 1
        sign = np.int64(1) if corner == 0 or corner == 3 else np.int64(-1)
        total += sign * prefix(x, y)
    return total


@njit(cache=True, nogil=True)
def rectangle_counts(x0, y0, x1, y1, out):  # type: ignore[no-untyped-def]
    """out[i] = cold cells in [x0[i], x1[i]] x [y0[i], y1[i]]."""
    for i in range(x0.size):
        out[i] = rectangle(x0[i], y0[i], x1[i], y1[i])


@njit(cache=True, nogil=True, inline="always")
def is_cold(x, y):  # type: ignore[no-untyped-def]
    """Whether (x, y) is cold in Wythoff's game (int64 0 <= x, y): with x <= y and d = y - x, cold
    iff x = floor(d phi) = d + floor(d / phi)."""
    if x > y:
        x, y = y, x
    d = np.uint64(y - x)
    return np.uint64(x) == d + floor_over_phi(d)  # below 1.62 * 2^63: no wrap


@njit(cache=True, nogil=True)
def cold_flags(xs, ys, out):  # type: ignore[no-untyped-def]
    """out[i] = 1 if (xs[i], ys[i]) is cold in Wythoff's game, else 0."""
    for i in range(xs.size):
        out[i] = 1 if is_cold(xs[i], ys[i]) else 0
