"""The flag-word scans of k-blocking's column sweep (explorer.core.rules.block_kernel), compiled
(importing this module imports numba); docs/math.md, "Games that change the recursion".

Where the sweep's leaps along free lines do not settle (free rows and diagonals interleave), it
scans up the column 64 cells at a time. Each line's count is kept as flag words, one per level t:
a bit is set while the line holds fewer than t cold cells. A cell may be cold only if its counts
sum below the column's need: the row's and diagonal's words are paired by splits of the need
(`scan`), and with other rays the counts are added flag-wise, as thermometer codes (`scan_rays`).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def word(bits, t, pos):  # type: ignore[no-untyped-def]
    """The 64 flags of level t from `pos` on, the first in the lowest bit."""
    w = pos >> 6
    o = np.uint64(pos & 63)
    lo = bits[t, w] >> o
    if o:
        lo |= bits[t, w + 1] << (np.uint64(64) - o)
    return lo


@njit(cache=True, nogil=True)
def _pairs(rowbits, diagbits, need, x, w, end, steps):  # type: ignore[no-untyped-def]
    """From diagonal word w (before end), the first with a cell whose row holds fewer than s + 1
    and diagonal fewer than need − s cold cells for some s, and those cells' flags; the row's words
    are read across two (as `_bits`). Needs 1 and 2 (the usual ones) read their levels as plain arrays."""
    o = np.uint64(x & 63)
    back = np.uint64(63 - (x & 63))
    one = np.uint64(1)
    rw = (x >> 6) + w
    start = w
    m = np.uint64(0)
    if need <= 2:
        r1, r2 = rowbits[1], rowbits[2 if need == 2 else 1]
        d1, d2 = diagbits[need], diagbits[1]
        while w < end:
            m = ((r1[rw] >> o) | ((r1[rw + 1] << back) << one)) & d1[w]
            if need == 2:
                m |= ((r2[rw] >> o) | ((r2[rw + 1] << back) << one)) & d2[w]
            if m:
                break
            w += 1
            rw += 1
    else:
        while w < end:
            m = np.uint64(0)
            for s in range(need):
                m |= ((rowbits[s + 1, rw] >> o) | ((rowbits[s + 1, rw + 1] << back) << one)) & diagbits[need - s, w]
            if m:
                break
            w += 1
            rw += 1
    steps[0] += (w - start) * (1 if need <= 2 else 3 * need // 4)  # a step: about 3.5 ns
    return w, m


@njit(cache=True, nogil=True)
def scan(rowbits, diagbits, has_diag, need, x, y, stop, steps):  # type: ignore[no-untyped-def]
    """The least y' in [y, stop) whose row and diagonal together hold fewer than `need` cold cells
    (for some s, row below s + 1 and diagonal below need − s), 64 cells at a time, else stop: a
    lower bound where other rays count too. The words are the diagonal's, aligned."""
    if not has_diag:
        return _find_row_bits(rowbits, need, y, stop, steps)
    d = y - x
    end = (stop - x + 63) >> 6
    w, m = _pairs(rowbits, diagbits, need, x, d >> 6, end, steps)
    if w == d >> 6:
        m = (m >> np.uint64(d & 63)) << np.uint64(d & 63)  # the first word's cells below y are not asked
        if not m:
            w, m = _pairs(rowbits, diagbits, need, x, w + 1, end, steps)
    if not m:
        return stop
    b = 0
    while not (m & np.uint64(1)):
        m >>= np.uint64(1)
        b += 1
    return min(w * 64 + b + x, stop)


@njit(cache=True, nogil=True, inline="always")
def _bits(bits, t, pos):  # type: ignore[no-untyped-def]
    """64 flags of level t from bit `pos` on, the first in the lowest bit (no branch: the word
    after is shifted in twice, 63 − o then 1, so o = 0 brings in nothing)."""
    w = pos >> 6
    o = pos & 63
    return (bits[t, w] >> np.uint64(o)) | ((bits[t, w + 1] << np.uint64(63 - o)) << np.uint64(1))


@njit(cache=True, nogil=True, inline="always")
def _add(acc, part, need):  # type: ignore[no-untyped-def]
    """acc[t]: the cells whose counts so far sum below t; part[t]: whose next count is below t. After:
    acc[t] = the cells whose counts, this one added, sum below t (for t = need … 1, in place)."""
    for t in range(need, 0, -1):
        m = np.uint64(0)
        for u in range(1, t + 1):
            m |= acc[u] & part[t - u + 1]
        acc[t] = m


@njit(cache=True, nogil=True, inline="always")
def _levels3(bits, pos, need):  # type: ignore[no-untyped-def]
    """Flags of levels 1, 2, 3 (those up to need; the rest all set) from bit pos."""
    ones = ~np.uint64(0)
    a = _bits(bits, 1, pos)
    b = _bits(bits, 2, pos) if need >= 2 else ones
    c = _bits(bits, 3, pos) if need >= 3 else ones
    return a, b, c


@njit(cache=True, nogil=True)
def scan_rays(rowbits, diagbits, has_diag, raybits, rays, offsets, rtop, rwoff, need, x, y, stop, steps):  # type: ignore[no-untyped-def]
    """`scan` with the other rays' lines counted too (need no more than the levels kept): each count
    is read as flags "below t" for t = 1 … need and the counts are summed flag-wise (`_add`; for
    needs up to 3, in three words). Ray r's flags lie per residue of its lines, reversed, so that
    they run up the column: bit rwoff[r, ρ]·64 + j for line rtop[r] − ρ − p·j."""
    nr = rays.shape[0]
    start = np.empty(nr, dtype=np.int64)  # each ray's flag position for cell y
    for r in range(nr):
        p = rays[r, 0]
        pos = rtop[r] - (offsets[r] + rays[r, 1] * x - p * y)
        start[r] = rwoff[r, pos % p] * 64 + pos // p
    small = need <= 3
    acc = np.empty(need + 1 if not small else 1, dtype=np.uint64)
    part = np.empty(need + 1 if not small else 1, dtype=np.uint64)
    at = y
    while at < stop:
        steps[0] += 4 + (1 + nr) * need * need // 2  # in steps of about 3.5 ns (measured: 40 ns at need 3)
        if small:
            s1, s2, s3 = _levels3(rowbits, at, need)
            for c in range(nr + 1):
                if c == 0:
                    if not has_diag:
                        continue
                    p1, p2, p3 = _levels3(diagbits, at - x, need)
                else:
                    p1, p2, p3 = _levels3(raybits, start[c - 1] + at - y, need)
                s3 = (s1 & p3) | (s2 & p2) | (s3 & p1)
                s2 = (s1 & p2) | (s2 & p1)
                s1 = s1 & p1
            m = s1 if need == 1 else (s2 if need == 2 else s3)
        else:
            for t in range(1, need + 1):
                acc[t] = _bits(rowbits, t, at)
            if has_diag:
                for t in range(1, need + 1):
                    part[t] = _bits(diagbits, t, at - x)
                _add(acc, part, need)
            for r in range(nr):
                for t in range(1, need + 1):
                    part[t] = _bits(raybits, t, start[r] + at - y)
                _add(acc, part, need)
            m = acc[need]
        if m:
            b = 0
            while not (m & np.uint64(1)):
                m >>= np.uint64(1)
                b += 1
            return min(at + b, stop)
        at += 64
    return stop


@njit(cache=True, nogil=True)
def _find_row_bits(rowbits, need, y, stop, steps):  # type: ignore[no-untyped-def]
    """Without a diagonal: the least row in [y, stop) holding fewer than `need` cold cells."""
    while y < stop:
        steps[0] += 1
        m = word(rowbits, need, y)
        if m:
            while not (m & np.uint64(1)):
                m >>= np.uint64(1)
                y += 1
            return min(y, stop)
        y += 64
    return stop
