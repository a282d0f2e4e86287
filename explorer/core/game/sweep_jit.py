"""The column sweep of move-vector sequences, in numba (explorer.core.game.vector_sequence
describes it): compiled by numba's JIT on worker threads, where it lets go of the GIL, and ahead
of time (explorer.core.kernels, group "sweep") for the main thread, so that a command which needs a
sequence does not import numba. Importing this module imports numba."""

from __future__ import annotations

import numpy as np
from numba import njit, uint64
from numba.cpython.unsafe.numbers import trailing_zeros

_ALL = (1 << 64) - 1
_FULL = uint64(_ALL)


@njit(cache=True, nogil=True)
def ctz(v):  # type: ignore[misc, no-untyped-def]
    """The index of the lowest set bit of v (v != 0): LLVM's count of trailing zeros, one
    instruction on the processor the kernel is built for (a De Bruijn table look-up before:
    Maharaja's sweep at 2^24, ahead of time, 18.3 -> 17.3 ns a column, best of 5)."""
    return trailing_zeros(v)  # type: ignore[call-arg]  # an intrinsic: numba supplies its context


@njit(cache=True, nogil=True)
def next_free(bits, lvl_off, lvl_words, b):  # type: ignore[misc, no-untyped-def]
    """The least clear bit >= b of level 0 (-1 if none). A set bit of level k says that
    word i of level k - 1 is full, so the search climbs past full words and comes back down."""
    w = b >> 6
    word = ~bits[lvl_off[0] + w] & (_FULL << uint64(b & 63))
    if word != uint64(0):
        return (w << 6) + ctz(word)
    k = 1
    idx = w + 1
    nlev = lvl_off.shape[0]
    while True:
        if k == nlev:
            return -1
        ww = idx >> 6
        if ww >= lvl_words[k]:
            return -1
        word = ~bits[lvl_off[k] + ww] & (_FULL << uint64(idx & 63))
        if word != uint64(0):
            idx = (ww << 6) + ctz(word)
            break
        idx = ww + 1
        k += 1
    while k > 0:
        k -= 1
        idx = (idx << 6) + ctz(~bits[lvl_off[k] + idx])
    return idx


@njit(cache=True, nogil=True)
def mark(bits, lvl_off, b):  # type: ignore[misc, no-untyped-def]
    """Set bit b of level 0, and each level's bit above a word that becomes full."""
    for k in range(lvl_off.shape[0]):
        at = lvl_off[k] + (b >> 6)
        bits[at] |= uint64(1) << uint64(b & 63)
        if bits[at] != _FULL:
            return
        b >>= 6


@njit(cache=True, nogil=True)
def line_bit(x, y, p, q, cmax, size, seg, base):  # type: ignore[misc, no-untyped-def]
    """The bit of the line c = q·x − p·y of ray (p, q) through (x, y): d = cmax − c grows by p
    a row up a column, so each residue of d mod p has its own run of bits, in the order the
    rows climb. -1 for a line no candidate asks about."""
    d = cmax - (q * x - p * y)
    if d < 0 or d >= size:
        return -1
    if p == 1:
        return base + d  # most rays: no division
    return base + (d % p) * seg + d // p


@njit(cache=True, nogil=True)
def rebuild(col, rays_p, rays_q, cmaxs, sizes, segs, bases, bits, lvl_off):  # type: ignore[misc, no-untyped-def]
    for x in range(col.shape[0]):
        y = col[x]
        if y < 0:
            continue
        for r in range(rays_p.shape[0]):
            b = line_bit(x, y, rays_p[r], rays_q[r], cmaxs[r], sizes[r], segs[r], bases[r])
            if b >= 0:
                mark(bits, lvl_off, b)


@njit(cache=True, nogil=True)
def sweep(  # type: ignore[misc, no-untyped-def]
    cols, h, x_from, x_to, rays_p, rays_q, cmaxs, sizes, segs, bases, bits, lvl_off, lvl_words, jumps_i, jumps_j, upper
):
    """Columns x_from..x_to-1 of value h's sequence cols[h] (docs/math.md, "Grundy values as
    sequences, and sums"): the cold cells are value 0, and the cells of value h are swept the same way, past
    the cells of the smaller values cols[0..h-1] of each column. Returns the first column not
    solved (x_to, or a column whose cell lies above the rows kept). Adds to upper[0] the columns
    swept whose cell lies on or above the diagonal (the pairs' index: counted here, it is then
    written in one pass instead of two)."""
    col = cols[h]
    ycap = col.shape[0]
    nrays = rays_p.shape[0]
    njumps = jumps_i.shape[0]
    last_b = np.full(nrays, -1, dtype=np.int64)
    last_f = np.full(nrays, -2, dtype=np.int64)
    for x in range(x_from, x_to):
        if col[x] >= 0:
            upper[0] += col[x] >= x  # a mirror (below), or placed by a sweep that stopped in this block
            continue
        y = x
        while True:
            if y >= ycap:
                return x  # more rows needed: resume from x once they are there
            if col[y] >= 0:
                y += 1
                continue
            smaller = False  # (x, y) is this column's cell of a smaller value
            for g in range(h):
                if cols[g, x] == y:
                    smaller = True
                    break
            if smaller:
                y += 1
                continue
            moved = False
            for r in range(nrays):
                p = rays_p[r]
                d = cmaxs[r] - rays_q[r] * x + p * y
                if d < 0 or d >= sizes[r]:
                    return x
                if p == 1:  # most rays: no division
                    b = bases[r] + d
                    end = bases[r] + segs[r]
                else:
                    rho = d % p
                    b = bases[r] + rho * segs[r] + d // p
                    end = bases[r] + (rho + 1) * segs[r]
                word = bits[lvl_off[0] + (b >> 6)] >> uint64(b & 63)
                if word & uint64(1) == uint64(0):
                    continue  # the line is free (the usual case): no search
                # Bits are only ever set: if an earlier search from last_b found last_f, every
                # line in [last_b, last_f) is used, so a search from inside starts at last_f.
                start = last_f[r] if last_b[r] <= b <= last_f[r] else b
                # The next free line is nearly always a bit or two away: step along the word, and
                # climb the levels only from the next word (as one call, 2x slower a column).
                f = start
                while (bits[lvl_off[0] + (f >> 6)] >> uint64(f & 63)) & uint64(1):
                    f += 1
                    if f & 63 == 0:
                        f = next_free(bits, lvl_off, lvl_words, f)
                        break
                if f < 0 or f >= end:
                    return x  # no free line left in this run: more rows needed
                # Keep the longest run known used. Every column starts its search at the same few
                # lines (Maharaja's diagonal: always at y - x = 0), which lie in one long run; a
                # short run found higher up must not push it out, or the next column climbs the
                # bitset's levels over 0.6·x used lines again (176 000 bits a column at 2^22).
                if b <= last_f[r] and last_b[r] <= f:  # the runs touch: they are one run
                    last_b[r] = min(last_b[r], b)
                    last_f[r] = max(last_f[r], f)
                elif f - b > last_f[r] - last_b[r]:
                    last_b[r] = b
                    last_f[r] = f
                y += f - b
                moved = True
                break
            if moved:
                continue
            hit = False
            for t in range(njumps):
                i = jumps_i[t]
                j = jumps_j[t]
                if 1 <= i <= x and j <= y and col[x - i] == y - j:
                    hit = True
                    break
            if hit:
                y += 1
                continue
            break
        col[x] = y
        col[y] = x
        upper[0] += 1
        for r in range(nrays):
            for cx, cy in ((x, y), (y, x)):
                b = line_bit(cx, cy, rays_p[r], rays_q[r], cmaxs[r], sizes[r], segs[r], bases[r])
                if b >= 0:
                    mark(bits, lvl_off, b)
    return x_to


@njit(cache=True, nogil=True)
def upper(col, lo, hi, out):  # type: ignore[misc, no-untyped-def]
    """The columns x in [lo, hi) with col[x] >= x (the smaller number of their cold pair), in
    order, written to out from its start (as many as it holds); returns how many there are."""
    k = 0
    room = out.shape[0]
    for x in range(lo, hi):  # no branch on col[x] >= x, which follows no pattern to predict
        if k < room:  # out may hold exactly the columns found: nothing is written past it
            out[k] = x
        k += col[x] >= x
    return k
