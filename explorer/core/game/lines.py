"""The geometry of the construction of the cold cells: the lines of cells a placed cold cell
makes hot, and the steps that place them (docs/math.md, "The construction, step by step").

Plain data, below the rules: a rule says what its k-th `Step` is, and build mode, the animations
and "Why?" (explorer.core.analysis.construction) draw them.
"""

from __future__ import annotations

from typing import NamedTuple

Position = tuple[int, int]
Vector = tuple[int, int]
BAND_LINES = 16  # a-Wythoff's band is drawn as at most this many diagonals each side of the cell
WHY_BAND = 64  # and at most this many for "Why?", which must show every move near the origin


class Line(NamedTuple):
    """The cells start + t·direction, t >= 0: every one of them can move onto a placed cold cell."""

    start: Position
    direction: Vector


class Step(NamedTuple):
    k: int
    cell: Position  # the cell this step is about (the pair's x <= y cell, or the cell decided)
    placed: tuple[Position, ...]  # the cold cells it places (none for a cell found hot)
    lines: tuple[Line, ...]  # what the placed cells make hot: rays back along each move
    dots: tuple[Position, ...]  # cells one jump away made hot; or the cold cell a hot cell reaches
    caption: str


def spec_lines(cell: Position, one_every: bool, both_every: bool, difference: int) -> tuple[Line, ...]:
    """The lines of cells that can move onto `cell` under moves of any amount: along the row and
    the column (one pile), and the diagonal band |k − l| < difference (both piles)."""
    x, y = cell
    out: list[Line] = []
    if one_every:
        out += [Line((x + 1, y), (1, 0)), Line((x, y + 1), (0, 1))]
    if both_every:  # the band's diagonals nearest the cell (a wide band covers the whole quadrant)
        reach = min(difference, BAND_LINES)
        for d in range(-(reach - 1), reach):  # k − l = d, k, l >= 1
            out.append(Line((x + 1 + max(d, 0), y + 1 + max(-d, 0)), (1, 1)))
    return tuple(out)


def clip(line: Line, x0: int, y0: int, x1: int, y1: int) -> tuple[Position, Position] | None:
    """The first and last cell of the line (t >= 0, either direction) inside [x0, x1] × [y0, y1],
    exactly at any size, or None."""
    (sx, sy), (p, q) = line
    lo, hi = 0, None
    for s, d, a, b in ((sx, p, x0, x1), (sy, q, y0, y1)):
        if d == 0:
            if not a <= s <= b:
                return None
            continue
        first, last = (a - s, b - s) if d > 0 else (b - s, a - s)
        lo = max(lo, -(-first // d))  # ceil(first / d)
        top = last // d
        hi = top if hi is None else min(hi, top)
    if hi is None or hi < lo:
        return None
    return (sx + lo * p, sy + lo * q), (sx + hi * p, sy + hi * q)
