"""The Wythoff array, exactly: row m (m >= 1) is the Fibonacci-like sequence
W(m, 1) = a(a(m)), W(m, 2) = W(m, 1) + a(m), W(m, j) = W(m, j - 1) + W(m, j - 2),
with a(k) = floor(k * phi) the lower Wythoff numbers (OEIS A035513, rows and columns from 1).

Every positive integer appears exactly once, and the cold pairs (a_k, b_k), k >= 1, are exactly
the neighbours in columns (2j - 1, 2j) of one row. An entry's column is told by its Zeckendorf
form: its least Fibonacci term is F_{column + 1} (F_2 = 1, F_3 = 2, ...).
"""

from __future__ import annotations

from explorer.core.game.sequence import NumberKind, classify_number, lower
from explorer.core.game.zeckendorf import fibonacci_pair

MAX_COLUMN = 100_000  # entries there have ~21 000 digits
MAX_WALK = 20_000  # `position` walks back along the row one column a step


def entry(row: int, col: int) -> int:
    """W(row, col), rows and columns from 1, at any size (column at most MAX_COLUMN)."""
    if row < 1 or col < 1:
        raise ValueError("rows and columns of the Wythoff array start at 1")
    if col > MAX_COLUMN:
        raise ValueError(f"columns go up to {MAX_COLUMN:,} here (entries grow like phi^column)")
    am = lower(row)
    w1 = lower(am)
    w2 = w1 + am
    if col == 1:
        return w1
    f_prev, f = fibonacci_pair(col - 2)  # W(m, j) = F_{j-1} W(m, 2) + F_{j-2} W(m, 1)
    return f * w2 + f_prev * w1 if col > 2 else w2


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
    """(row, column) of the positive integer n. Walks back along its row: an upper number b_k
    follows a_k; a lower number a_k follows b_j when k = b_j is upper, and starts row m when
    k = a_m is lower."""
    if n < 1:
        raise ValueError("the Wythoff array holds the positive integers")
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
        if col > MAX_WALK:
            raise ValueError(f"{n} lies beyond column {MAX_WALK:,} of its row")
