"""The exact frame between cells and the float64 scene the grid is drawn in.

pyqtgraph places everything in float64 scene coordinates, which cannot address single cells
near 10^18 and overflow (squares of ranges become inf, then NaN) past about 10^154. The view
therefore keeps an exact `Frame`: scene coordinate u stands for cell `ox + u * unit` (and v for
`oy + v * unit`). `unit` is 1 while cells are visible and grows by powers of two when zooming
far out, so the scene range handed to pyqtgraph always stays between a few units and
`SCENE_MAX`; the origin follows the view so that offsets stay small. Every conversion here is
exact (Fractions of the float scene values), and everything outside the scene's reach is clipped
before it is drawn (an arrow to a cell 10^18 away is drawn to the edge of the view, not through
float overflow).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

SCENE_MAX = 2.0**32  # scene ranges wider than this switch to a coarser unit
SCENE_TARGET = 2.0**16  # ... chosen so that the range is this wide again
SATURATE = 1e300


def ratio(n: int | Fraction, d: int) -> float:
    """n / d as the nearest float (exact ints: correctly rounded), saturating at ±1e300."""
    try:
        value = n / d
    except OverflowError:
        return SATURATE if n > 0 else -SATURATE
    return float(max(-SATURATE, min(SATURATE, value)))


def _half_up(origin: int, u: float, unit: int, ceil: bool) -> int:
    """floor (or ceil) of origin + u * unit + 1/2, exactly, in integers: u is n / d with d a
    power of two, so the value is (2 origin d + 2 n unit + d) / 2d (a frame's view asks for four
    of these; through Fractions they were a tenth of a millisecond)."""
    n, d = u.as_integer_ratio()
    num, den = 2 * (origin * d + n * unit) + d, 2 * d
    return -(-num // den) if ceil else num // den


@dataclass(frozen=True)
class Frame:
    ox: int = 0
    oy: int = 0
    unit: int = 1  # cells per scene unit (a power of two)

    # ----- cells -> scene ----------------------------------------------------------------------
    # A Fraction n/d is taken apart and divided as integers, (n - o d) / (unit d): the same
    # correctly rounded float as through Fraction arithmetic, a few times faster (a frame
    # converts a dozen half-cell edges).
    def sx(self, x: int | Fraction) -> float:
        if isinstance(x, Fraction):
            return ratio(x.numerator - self.ox * x.denominator, self.unit * x.denominator)
        return ratio(x - self.ox, self.unit)

    def sy(self, y: int | Fraction) -> float:
        if isinstance(y, Fraction):
            return ratio(y.numerator - self.oy * y.denominator, self.unit * y.denominator)
        return ratio(y - self.oy, self.unit)

    def length(self, cells: int | Fraction) -> float:
        if isinstance(cells, Fraction):
            return ratio(cells.numerator, self.unit * cells.denominator)
        return ratio(cells, self.unit)

    # ----- scene -> cells (exact) ---------------------------------------------------------------
    def exact_x(self, u: float) -> Fraction:
        """The exact (fractional) cell coordinate of scene u; cell x spans [x - 1/2, x + 1/2)."""
        return self.ox + Fraction(u) * self.unit

    def exact_y(self, v: float) -> Fraction:
        return self.oy + Fraction(v) * self.unit

    def cell_x(self, u: float) -> int:
        """The cell whose span holds scene u: floor(exact_x(u) + 1/2)."""
        return _half_up(self.ox, u, self.unit, ceil=False)

    def cell_y(self, v: float) -> int:
        return _half_up(self.oy, v, self.unit, ceil=False)

    def cells_in(self, u0: float, u1: float, v0: float, v1: float) -> tuple[int, int, int, int]:
        """The cells [x_lo, x_hi) x [y_lo, y_hi) the scene rectangle reaches into, exactly:
        floor(exact + 1/2) at the low edges, ceil(exact + 1/2) at the high ones."""
        ox, oy, unit = self.ox, self.oy, self.unit
        return (
            _half_up(ox, u0, unit, ceil=False),
            _half_up(oy, v0, unit, ceil=False),
            _half_up(ox, u1, unit, ceil=True),
            _half_up(oy, v1, unit, ceil=True),
        )

    def cells(self, scene_length: float) -> Fraction:
        return Fraction(scene_length) * self.unit

    # ----- moving the frame ---------------------------------------------------------------------
    def refit(
        self, u0: float, u1: float, v0: float, v1: float, anchor_ratio: float
    ) -> tuple[Frame, tuple[float, float, float, float]] | None:
        """A frame in which the scene range (u0, u1) x (v0, v1) is comfortable for float64, and
        the same range in it; None when this frame is already fine.

        Comfortable: the wider side is at most SCENE_MAX (else the unit doubles until it is about
        SCENE_TARGET), at least SCENE_TARGET / 2**8 when the unit could shrink, and the centre
        within `anchor_ratio` widths of the origin (else the origin moves to the centre).
        """
        width = max(u1 - u0, v1 - v0)
        cu, cv = (u0 + u1) / 2, (v0 + v1) / 2
        unit = self.unit
        if width > SCENE_MAX:
            unit = self.unit << max(1, math.ceil(math.log2(width / SCENE_TARGET)))
        elif self.unit > 1 and width < SCENE_TARGET / 2**8:
            shrink = min(self.unit.bit_length() - 1, max(1, math.floor(math.log2(SCENE_TARGET / max(width, 1e-300)))))
            unit = self.unit >> shrink
        far = abs(cu) > anchor_ratio * max(width, 1.0) or abs(cv) > anchor_ratio * max(width, 1.0)
        if unit == self.unit and not far:
            return None
        ox, oy = (self.cell_x(cu), self.cell_y(cv)) if far or unit != self.unit else (self.ox, self.oy)
        new = Frame(ox, oy, unit)
        corners = (self.exact_x(u0), self.exact_x(u1), self.exact_y(v0), self.exact_y(v1))
        return new, (new.sx(corners[0]), new.sx(corners[1]), new.sy(corners[2]), new.sy(corners[3]))


def clip_segment(
    p: tuple[Fraction, Fraction], q: tuple[Fraction, Fraction], box: tuple[Fraction, Fraction, Fraction, Fraction]
) -> tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]] | None:
    """The part of segment p→q inside box (x0, y0, x1, y1), exactly (Liang–Barsky), or None."""
    x0, y0, x1, y1 = box
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = Fraction(0), Fraction(1)
    for denom, num in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if denom == 0:
            if num < 0:
                return None
            continue
        t = Fraction(num) / denom
        if denom < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (p[0] + t0 * dx, p[1] + t0 * dy), (p[0] + t1 * dx, p[1] + t1 * dy)


def clip_rect(
    rect: tuple[int | Fraction, int | Fraction, int | Fraction, int | Fraction],
    box: tuple[Fraction, Fraction, Fraction, Fraction],
) -> tuple[Fraction, Fraction, Fraction, Fraction] | None:
    """The intersection of two rectangles (x0, y0, x1, y1), or None when they do not meet."""
    x0, y0 = max(Fraction(rect[0]), box[0]), max(Fraction(rect[1]), box[1])
    x1, y1 = min(Fraction(rect[2]), box[2]), min(Fraction(rect[3]), box[3])
    if x0 > x1 or y0 > y1:
        return None
    return x0, y0, x1, y1
