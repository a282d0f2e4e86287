"""The Wythoff array, exactly: row m (m >= 1) is the Fibonacci-like sequence
W(m, 1) = a(a(m)), W(m, 2) = W(m, 1) + a(m), W(m, j) = W(m, j - 1) + W(m, j - 2),
with a(k) = floor(k * phi) the lower Wythoff numbers (OEIS A035513, rows and columns from 1).

Every positive integer appears exactly once, and the cold pairs (a_k, b_k), k >= 1, are exactly
the neighbours in columns (2j - 1, 2j) of one row. An entry's column is told by its Zeckendorf
form: its least Fibonacci term is F_{column + 1} (F_2 = 1, F_3 = 2, ...).
"""

from __future__ import annotations

from dataclasses import dataclass

from explorer.core.game.sequence import NumberKind, classify_number, lower, partner
from explorer.core.game.zeckendorf import fibonacci_pair, shift_down, zeckendorf_indices

MAX_COLUMN = 100_000  # entries there have ~21 000 digits
WALK_BITS = 256  # `position` walks back along the row below this size, reads the Zeckendorf form above


def entry(row: int, col: int) -> int:
    """W(row, col), rows and columns from 1, at any size (column at most MAX_COLUMN)."""
    if row < 1 or col < 1:
        raise ValueError("rows and columns of the Wythoff array start at 1")
    if col > MAX_COLUMN:
        raise ValueError(f"columns go up to {MAX_COLUMN:,} here (entries grow like phi^column)")
    w1, w2 = head(row)
    return along(w1, w2, col)


def head(row: int) -> tuple[int, int]:
    """The row's first two entries: a(a(m)) and a(a(m)) + a(m)."""
    if row < 1:
        raise ValueError("rows and columns of the Wythoff array start at 1")
    am = lower(row)
    w1 = lower(am)
    return w1, w1 + am


def along(w1: int, w2: int, col: int) -> int:
    """Column `col` of the row that starts w1, w2: W(m, j) = F_{j-1} W(m, 2) + F_{j-2} W(m, 1)."""
    if col < 1:
        raise ValueError("rows and columns of the Wythoff array start at 1")
    if col > MAX_COLUMN:
        raise ValueError(f"columns go up to {MAX_COLUMN:,} here (entries grow like phi^column)")
    if col <= 2:
        return w1 if col == 1 else w2
    f_prev, f = fibonacci_pair(col - 2)
    return f * w2 + f_prev * w1


def pair_columns(col: int) -> tuple[int, int]:
    """The two columns (2j - 1, 2j) that hold the cold pair column `col` belongs to."""
    first = col if col % 2 else col - 1
    return first, first + 1


def pair_at(row: int, col: int) -> tuple[int, int]:
    """The cold pair (a_k, b_k) that W(row, col) belongs to (k = b_k - a_k)."""
    w1, w2 = head(row)
    first, second = pair_columns(col)
    return along(w1, w2, first), along(w1, w2, second)


@dataclass(frozen=True)
class Place:
    """Where the cold pair (a_k, b_k) sits: a_k at (row, col), b_k at (row, col + 1)."""

    k: int
    a: int
    b: int
    row: int
    col: int


def place(x: int, y: int) -> Place | None:
    """Where the position (x, y) sits in the array if it is one of Wythoff's cold pairs with
    k >= 1 (either way round), else None ((0, 0) and the hot cells are not in the array)."""
    a, b = min(x, y), max(x, y)
    if a < 1 or partner(a) != b:
        return None
    row, col = position(a)
    return Place(b - a, a, b, row, col)


def block(row0: int, col0: int, rows: int, cols: int) -> list[list[int]]:
    """rows x cols entries from (row0, col0), each row by the recurrence (two entries exact, then sums)."""
    out = []
    for m in range(row0, row0 + rows):
        a, b = entry(m, col0), entry(m, col0 + 1)
        line = [a]
        for _ in range(cols - 1):
            line.append(b)
            a, b = b, a + b
        out.append(line)
    return out


def position(n: int) -> tuple[int, int]:
    """(row, column) of the positive integer n.

    Small n walk back along their row: an upper number b_k follows a_k; a lower number a_k
    follows b_j when k = b_j is upper, and starts row m when k = a_m is lower. Large n (a walk
    step is two square roots, ~0.4 s each at 100 000 digits) read their column from the least
    index of their Zeckendorf form (column j ends in F_{j+1}) and their row's first entry by
    moving the form down j - 1 places; that entry is a(a(m))."""
    if n < 1:
        raise ValueError("the Wythoff array holds the positive integers")
    if n.bit_length() >= WALK_BITS:
        col = zeckendorf_indices(n)[-1] - 1
        first = shift_down(n, col - 1)
        return classify_number(classify_number(first).index).index, col
    col = 1
    while True:
        role = classify_number(n)
        if role.kind is NumberKind.UPPER:
            n = role.partner  # b_k follows a_k
        else:
            k = role.index
            inner = classify_number(k)
            if inner.kind is NumberKind.LOWER:
                return inner.index, col  # n = a(a(m)): the row's first entry
            n = k  # a_{b_j} = a_j + b_j follows b_j = k
        col += 1


def by_antidiagonals(count: int) -> list[int]:
    """The first `count` entries read by antidiagonals, row 1 first (OEIS A035513, offset 1):
    W(1, 1); W(1, 2), W(2, 1); W(1, 3), W(2, 2), W(3, 1); … Each row's entries come from its
    first two by the recurrence, so a diagonal costs one row head per row."""
    out: list[int] = []
    d = 1
    rows: list[list[int]] = []  # rows[m - 1]: row m's entries so far
    while len(out) < count:
        rows.append(list(head(d)))
        for m in range(1, d + 1):
            line, col = rows[m - 1], d + 1 - m
            while len(line) < col:
                line.append(line[-1] + line[-2])
            out.append(line[col - 1])
            if len(out) == count:
                break
        d += 1
    return out
