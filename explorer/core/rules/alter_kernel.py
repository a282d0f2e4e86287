"""The column walk of altered positions that are not their own mirror image, compiled (importing
this module imports numba); docs/math.md, "Games that change the recursion".

Over moves with Nim's rays a cell is cold iff it is declared cold, or it is not declared hot and no
cold cell lies behind it on its row, its column, its diagonal, the line of each other ray, or a
jump away. A column holds its declared
cold cells and at most one other, below them (a cell above a cold cell can move to it). So column x,
taken in order, has at most one cell of its own: the lowest y, below its lowest declared cold cell,
whose row holds no cold cell left of x and whose diagonal none below, and that is not declared hot.
Nothing is mirrored, so the walk starts at row 0. Rows and diagonals that hold a cold cell never
free up again: a union-find "next free row" and "next free diagonal" pointer leap over them, taking
turns until both are free at the same y. The used diagonals of such games are nearly contiguous, so
over Wythoff's moves the walk takes a few leaps a column. Each other ray's lines have a "next free
line" pointer too, counting down (a ray (p, q) meets its next line every p rows up a column), and
the leaps take turns among them all; jumps are looked up at each free cell the leaps stop at. The
walk counts its work.

State lives in arrays the caller keeps, so the walk runs in chunks of columns (progress and cancel
between them) and resumes where it stopped.
"""

from __future__ import annotations

from numba import njit

from explorer.core.rules.block_kernel import find_free


@njit(cache=True, nogil=True)
def _declared(ptr, ys, x, y):  # type: ignore[no-untyped-def]
    """Whether (x, y) is among the cells listed by column (ptr, ys): the declared cold or hot ones."""
    i = ptr[x]
    while i < ptr[x + 1] and ys[i] != y:
        i += 1
    return i < ptr[x + 1]


@njit(cache=True, nogil=True)
def _mark(x, y, rownxt, diagnxt, diagonal, off, rays, lineoff, lines):  # type: ignore[no-untyped-def]
    """(x, y) is cold: its row, its diagonal and its line of each other ray hold a cold cell now (a
    ray's lines are a union-find "next free line" pointer too, counting down: lines[i] == i is free)."""
    rownxt[y] = y + 1
    if diagonal:
        diagnxt[y - x + off] = y - x + off + 1
    for r in range(rays.shape[0]):
        i = lineoff[r] + rays[r, 1] * x - rays[r, 0] * y
        if lines[i] == i:
            lines[i] = i - rays[r, 0]  # full: the walk up a column meets the line's next every p rows


@njit(cache=True, nogil=True)
def walk(  # type: ignore[no-untyped-def]
    x0, x1, col, rowcell, rownxt, diagnxt, diagonal, cptr, cy, hptr, hy, rays, lineoff, lines, jumps, steps, budget
):
    """Decide columns x0 … x1 − 1. col[x]: the column's own cold row, or −1; rowcell[y]: the column
    of row y's own cold cell, or −1. rownxt (rows + 1, the last a sentinel) and diagnxt (over
    t = y − x + len(col), + 1) are the free pointers. cptr/cy: each column's declared cold rows,
    increasing; hptr/hy: its declared hot rows. `diagonal`: the diagonal is a move (Wythoff's, not
    Nim's). Other rays (p, q), p, q >= 1, have a pointer per line (lines[lineoff[r] + q·x − p·y]):
    a line holding a cold cell makes every cell further along it hot, and the walk leaps over it;
    jumps are looked up. steps[0] counts the candidates tried.
    Returns (x1, 0); (x, 1): column x's own cell lies past the rows kept; (x, 2): the work passed
    `budget` before column x."""
    rows = rownxt.shape[0] - 1
    off = col.shape[0]
    for x in range(x0, x1):
        if steps[0] > budget:
            return x, 2
        limit = cy[cptr[x]] if cptr[x + 1] > cptr[x] else rows
        y = 0
        own = -1
        while True:
            y = find_free(rownxt, min(y, rows))
            if y >= limit:
                break
            if diagonal:
                t = find_free(diagnxt, y - x + off)
                if t - off + x != y:
                    y = t - off + x
                    continue
            steps[0] += 1
            leap = y
            for r in range(rays.shape[0]):  # the next cell up whose line of each other ray is free
                i = lineoff[r] + rays[r, 1] * x - rays[r, 0] * leap
                leap += (i - find_free(lines, i)) // rays[r, 0]
            if leap != y:
                y = leap
                continue
            hot = _declared(hptr, hy, x, y)
            k = 0
            while not hot and k < jumps.shape[0]:
                i, j = jumps[k, 0], jumps[k, 1]
                if i <= x and j <= y:
                    hot = col[x - i] == y - j or _declared(cptr, cy, x - i, y - j)
                k += 1
            if hot:
                y += 1
                continue
            own = y
            break
        if own < 0 and limit == rows and cptr[x + 1] == cptr[x]:
            return x, 1  # no cell of its own below the rows kept, and none declared: solve fewer columns
        col[x] = own
        if own >= 0:
            rowcell[own] = x
            _mark(x, own, rownxt, diagnxt, diagonal, off, rays, lineoff, lines)
        for i in range(cptr[x], cptr[x + 1]):
            _mark(x, cy[i], rownxt, diagnxt, diagonal, off, rays, lineoff, lines)
    return x1, 0
