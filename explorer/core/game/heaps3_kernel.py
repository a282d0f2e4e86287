"""The three-heap slices' solve, compiled (importing this module imports numba).

Slices a = 0 … A are solved together, column b after column b, each column from slice 0 up: every
cell a move of (a, b, c) leads to lies in a slice a' <= a and a column b' <= b, decided first
(docs/math.md, "Three heaps as slices"). Column b of slice a holds one cold c:

- if an earlier column b' of the slice has its cold c at b, then c = b' (the game is symmetric in
  heaps 2 and 3, and a column holds one cold cell);
- else c >= b, and c = b + e for the least difference e >= 0 that no move excludes: a difference
  already used in the slice (the diagonal move of heaps 2 and 3), a c already used in the slice
  (heap 2 alone), a c cold in a slice below at the same b (heap 1 alone), and the game's moves
  from the slices below:
  - Fraenkel's game (`game` 0): (d1, d2, d3) with d1 ⊕ d2 ⊕ d3 = 0. From slice a' = a − d1,
    d1 < 2^k, the move excludes c = c' + (d1 ⊕ d2) with d2 = b − b', that is e = e' + δ with
    δ = (d1 ⊕ r) − r and r = d2 mod 2^k: a few δ per d1, so for each δ one look-up of the column
    b' whose difference in slice a' is e − δ (each difference is used once in a slice).
  - The subset game (`game` 1): the same k from heaps 1 and 2, 1 and 3, or all three: three
    cells of the slices below for each k <= a.
Resumable (columns b_from … b_to − 1), so the caller reports progress and may stop between calls.
"""

from __future__ import annotations

from numba import njit


@njit(cache=True, nogil=True)
def _unused(nxt, a, i):  # type: ignore[no-untyped-def]
    """The least difference index j >= i not used in slice a (a union-find's next pointer, halved)."""
    while nxt[a, i] != i:
        nxt[a, i] = nxt[a, nxt[a, i]]
        i = nxt[a, i]
    return i


@njit(cache=True, nogil=True)
def slice_columns(game, col, rev, colof, nxt, deltas, ndeltas, off, b_from, b_to):  # type: ignore[no-untyped-def]
    """Solve columns b_from … b_to − 1 of every slice. `col[a, b]`: the cold c; `rev[a, c]`: the
    column whose cold cell is c (−1: none yet); `colof[a, e + off]`: the column whose difference
    c − b is e (−1: none); `nxt[a, i]`: i where the difference i − off is unused in slice a, else a
    later index (one past `colof`'s); `deltas[d1, :ndeltas[d1]]`: the values of (d1 ⊕ r) − r.
    Returns −1 when done, else the column whose cell did not fit the arrays (the caller makes them
    larger and starts again)."""
    slices = col.shape[0]
    ycap = rev.shape[1]
    esize = colof.shape[1]
    for b in range(b_from, b_to):
        for a in range(slices):
            c = -1
            if b < ycap and rev[a, b] >= 0:
                c = rev[a, b]
            else:
                e = _unused(nxt, a, off) - off
                while True:
                    if e + off >= esize or b + e >= ycap:
                        return b
                    if rev[a, b + e] >= 0:
                        e = _unused(nxt, a, e + 1 + off) - off
                        continue
                    c = b + e
                    bad = False
                    for a2 in range(a):  # heap 1 alone
                        if col[a2, b] == c:
                            bad = True
                            break
                    if not bad and game == 0:
                        for a2 in range(a):
                            d1 = a - a2
                            mask = 1
                            while mask <= d1:
                                mask <<= 1
                            mask -= 1
                            for j in range(ndeltas[d1]):
                                v = deltas[d1, j]
                                at = e - v + off
                                if at < 0 or at >= esize:
                                    continue
                                bp = colof[a2, at]
                                if bp < 0 or bp > b:
                                    continue
                                r = (b - bp) & mask
                                if (d1 ^ r) - r == v:
                                    bad = True
                                    break
                            if bad:
                                break
                    elif not bad:
                        for k in range(1, a + 1):
                            a2 = a - k
                            if col[a2, b] + k == c:  # heaps 1 and 3
                                bad = True
                                break
                            if k <= b and (col[a2, b - k] == c or col[a2, b - k] + k == c):  # 1 and 2; all
                                bad = True
                                break
                    if bad:
                        e = _unused(nxt, a, e + 1 + off) - off
                        continue
                    break
            col[a, b] = c
            if c < ycap:
                rev[a, c] = b
            at = c - b + off
            if 0 <= at < esize:
                colof[a, at] = b
                nxt[a, at] = at + 1
    return -1
