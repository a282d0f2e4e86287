"""How many cold cells lie in a rectangle, by the closed form of MATH.md.

C(X, Y) = #{cold (x, y): 0 <= x <= X, 0 <= y <= Y}
        = 1 + min(LA(X), Y - LA(Y)) + min(X - LA(X), LA(Y))
The first min counts the pairs (a_k, b_k) in the rectangle, the second their mirrors
(b_k, a_k), the 1 is (0, 0). Exact for any size; the Fenwick index is tested against it.
"""

from __future__ import annotations

from explorer.core.game.sequence import count_lower_upto


def cold_cells_in(x: int, y: int) -> int:
    """Cold cells in [0, x] x [0, y] (inclusive); 0 when either bound is negative."""
    if x < 0 or y < 0:
        return 0
    lx, ly = count_lower_upto(x), count_lower_upto(y)
    return 1 + min(lx, y - ly) + min(x - lx, ly)


def cold_cells_in_rect(x0: int, y0: int, x1: int, y1: int) -> int:
    """Cold cells in [x0, x1] x [y0, y1] (inclusive) by inclusion-exclusion; 0 if empty."""
    x0, y0 = max(x0, 0), max(y0, 0)
    if x1 < x0 or y1 < y0:
        return 0
    return cold_cells_in(x1, y1) - cold_cells_in(x0 - 1, y1) - cold_cells_in(x1, y0 - 1) + cold_cells_in(x0 - 1, y0 - 1)
