"""Axes that label the true, exact coordinates: scene values are offsets from an exact
integer origin (float64 cannot address single cells near 10^18 or 10^100)."""

from __future__ import annotations

import math
from fractions import Fraction

import pyqtgraph as pg

from explorer.core.exact.bigint import digit_count, leading_digits, trailing_digits


def compact(n: int, spacing: int) -> str:
    """A tick label for the exact integer n with ticks `spacing` apart.

    Up to 12 digits: in full. Larger, zoomed out (spacing comparable to n): mantissa and
    exponent with just enough digits to tell neighbouring ticks apart. Larger and zoomed
    in: the trailing digits that change, after an ellipsis (the status bar has the rest);
    when the ticks are more than 10^9 apart (a view 10^700 wide near 10^2250, say), the four
    digits where neighbouring ticks differ and their place: "…4821e697" is …4821 x 10^697 plus
    lower digits. Every label is at most MAX_LABEL characters: the axis is as wide as its
    longest label, and a 704-digit tail once made it 728 pixels wide, pushed the plot past the
    window's edge and made every frame draw ten times the texels (a soak finding).
    """
    sign = "-" if n < 0 else ""
    digits = digit_count(n)
    if digits <= 12:
        return sign + str(abs(n))
    changing = digit_count(max(1, spacing))
    if changing >= digits - 6:  # zoomed out: scientific, digits down to the spacing
        head = leading_digits(n, max(2, digits - changing + 2))
        mantissa = head[0] + ("." + head[1:]).rstrip("0").rstrip(".")
        return f"{sign}{mantissa}e{digits - 1}"
    if changing <= 9:
        return sign + "…" + trailing_digits(n, changing + 3)
    place = changing - 1
    return f"{sign}…{trailing_digits(abs(n) // 10**place, 4)}e{place}"


MAX_LABEL = 20  # characters: a sign, 8 significant digits or an ellipsis and 12, an exponent


class ExactAxis(pg.AxisItem):
    """An axis whose scene value v stands for the cell origin + v * unit (see
    explorer.core.render.frame)."""

    def __init__(self, orientation: str, **kwargs: object) -> None:
        super().__init__(orientation, **kwargs)
        self.origin = 0
        self.unit = 1

    def set_frame(self, origin: int, unit: int) -> None:
        self.origin, self.unit = origin, unit
        self.picture = None  # force the labels to be redrawn
        self.update()

    def tickSpacing(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, float]]:
        levels = super().tickSpacing(minVal, maxVal, size)
        if self.unit > 1:  # far out: ticks where they fall, labelled in scientific form
            return levels
        whole = [sp for sp, _ in levels if sp >= 1] or [1.0]
        # Ticks at round true coordinates: scene value v is cell origin + v.
        return [(sp, float(-self.origin % int(sp)) if sp < 1e18 else 0.0) for sp in whole]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        step = max(1, math.floor(Fraction(spacing) * self.unit))
        return [compact(self.origin + round(Fraction(v) * self.unit), step) for v in values]
