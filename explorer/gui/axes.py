"""Axes that label the true, exact coordinates: scene values are offsets from an exact
integer origin (float64 cannot address single cells near 10^18 or 10^100)."""

from __future__ import annotations

import pyqtgraph as pg


def compact(n: int, spacing: int) -> str:
    """A tick label for the exact integer n with ticks `spacing` apart.

    Up to 12 digits: in full. Larger, zoomed out (spacing comparable to n): mantissa and
    exponent with just enough digits to tell neighbouring ticks apart. Larger and zoomed
    in: the trailing digits that change, after an ellipsis (the status bar has the rest).
    """
    s = str(abs(n))
    sign = "-" if n < 0 else ""
    if len(s) <= 12:
        return sign + s
    changing = len(str(max(1, spacing)))
    if changing >= len(s) - 6:  # zoomed out: scientific, digits down to the spacing
        keep = max(2, len(s) - changing + 2)
        mantissa = s[0] + ("." + s[1:keep]).rstrip("0").rstrip(".")
        return f"{sign}{mantissa}e{len(s) - 1}"
    return sign + "…" + s[-(changing + 3) :]


class ExactAxis(pg.AxisItem):
    """An axis whose scene value v stands for the cell origin + v."""

    def __init__(self, orientation: str, **kwargs: object) -> None:
        super().__init__(orientation, **kwargs)
        self.origin = 0

    def set_origin(self, origin: int) -> None:
        self.origin = origin
        self.picture = None  # force the labels to be redrawn
        self.update()

    def tickSpacing(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, float]]:  # noqa: N802
        levels = super().tickSpacing(minVal, maxVal, size)
        whole = [(sp, off) for sp, off in levels if sp >= 1]
        return whole or [(1.0, 0.0)]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:  # noqa: N802
        step = max(1, int(spacing)) if spacing < 1e300 else 10**300
        return [compact(self.origin + int(round(v)), step) for v in values]
