"""The column walk of altered positions that are not their own mirror image, compiled (importing
this module imports numba); docs/math.md, "Games that change the recursion".

Over Wythoff's moves (or Nim's) a cell is cold iff it is declared cold, or it is not declared hot
and no cold cell lies behind it on its row, its column or its diagonal. A column holds its declared
cold cells and at most one other, below them (a cell above a cold cell can move to it). So column x,
taken in order, has at most one cell of its own: the lowest y, below its lowest declared cold cell,
whose row holds no cold cell left of x and whose diagonal none below, and that is not declared hot.
Nothing is mirrored, so the walk starts at row 0. Rows and diagonals that hold a cold cell never
free up again: a union-find "next free row" and "next free diagonal" pointer leap over them, taking
turns until both are free at the same y. The used diagonals of such games are nearly contiguous, so
the walk takes a few leaps a column.

State lives in arrays the caller keeps, so the walk runs in chunks of columns (progress and cancel
between them) and resumes where it stopped.
"""

from __future__ import annotations

from numba import njit


@njit(cache=True, nogil=True)
def _find(nxt, i):  # type: ignore[no-untyped-def]
    """The least free index >= i (union-find with path halving; nxt[i] == i: free)."""
    while nxt[i] != i:
        nxt[i] = nxt[nxt[i]]
        i = nxt[i]
    return i


@njit(cache=True, nogil=True)
def _declared_hot(hptr, hy, x, y):  # type: ignore[no-untyped-def]
    i = hptr[x]
    while i < hptr[x + 1] and hy[i] != y:
        i += 1
    return i < hptr[x + 1]


@njit(cache=True, nogil=True)
def walk(x0, x1, col, rowcell, rownxt, diagnxt, diagonal, cptr, cy, hptr, hy):  # type: ignore[no-untyped-def]
    """Decide columns x0 … x1 − 1. col[x]: the column's own cold row, or −1; rowcell[y]: the column
    of row y's own cold cell, or −1. rownxt (rows + 1, the last a sentinel) and diagnxt (over
    t = y − x + len(col), + 1) are the free pointers. cptr/cy: each column's declared cold rows,
    increasing; hptr/hy: its declared hot rows. `diagonal`: the diagonal is a move (Wythoff's, not
    Nim's). Returns x1, or the column whose own cell lies past the rows kept."""
    rows = rownxt.shape[0] - 1
    off = col.shape[0]
    for x in range(x0, x1):
        limit = cy[cptr[x]] if cptr[x + 1] > cptr[x] else rows
        y = 0
        own = -1
        while True:
            y = _find(rownxt, min(y, rows))
            if y >= limit:
                break
            if diagonal:
                t = _find(diagnxt, y - x + off)
                if t - off + x != y:
                    y = t - off + x
                    continue
            if _declared_hot(hptr, hy, x, y):
                y += 1
                continue
            own = y
            break
        if own < 0 and limit == rows and cptr[x + 1] == cptr[x]:
            return x  # no cell of its own below the rows kept, and none declared: solve fewer columns
        col[x] = own
        if own >= 0:
            rowcell[own] = x
            rownxt[own] = own + 1
            if diagonal:
                diagnxt[own - x + off] = own - x + off + 1
        for i in range(cptr[x], cptr[x + 1]):
            yd = cy[i]
            rownxt[yd] = yd + 1
            if diagonal:
                diagnxt[yd - x + off] = yd - x + off + 1
    return x1
