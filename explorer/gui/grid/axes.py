"""Axes that label the true, exact coordinates: scene values are offsets from an exact
integer origin (float64 cannot address single cells near 10^18 or 10^100)."""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen

from explorer.core.exact.bigint import digit_count, leading_digits, short_decimal, trailing_digits


def compact(n: int, spacing: int) -> str:
    """A tick label for the exact integer n with ticks `spacing` apart.

    Up to 12 digits: in full. Larger, zoomed out (spacing comparable to n): mantissa and
    exponent with just enough digits to tell neighbouring ticks apart. Larger and zoomed
    in: the trailing digits that change, after an ellipsis (the status bar has the rest);
    when the ticks are more than 10^9 apart (a view 10^700 wide near 10^2250, say), the four
    digits where neighbouring ticks differ and their place: "…4821e697" is …4821 x 10^697 plus
    lower digits. Every label is at most MAX_LABEL characters: the axis is as wide as its
    longest label, and a 704-digit tail once made it 728 pixels wide, pushed the plot past the
    window's edge and made every frame draw ten times the texels.
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


def round_times(v: float, unit: int) -> int:
    """v * unit rounded to the nearest integer (ties to even), exactly: round(Fraction(v) * unit)
    without building Fractions (a zoomed-out frame labels ~30 ticks an axis)."""
    n, d = v.as_integer_ratio()
    q, r = divmod(n * unit, d)
    return q + 1 if 2 * r > d or (2 * r == d and q % 2) else q


def round_cells(c: int) -> int:
    """The round number of cells (1, 2 or 5 times a power of ten) nearest to c > 0 by ratio."""
    p = 10 ** (digit_count(c) - 1)  # c in [p, 10p)
    candidates = (p, 2 * p, 5 * p, 10 * p)
    return min(candidates, key=lambda r: max(r, c) / min(r, c))


MAX_LABEL = 20  # characters: a sign, 8 significant digits or an ellipsis and 12, an exponent


class LeanAxis(pg.AxisItem):
    """pyqtgraph's axis, drawn by the same algorithm without its per-frame overheads.

    Every pan or zoom redraws the grid's two axes (and, colouring by values, the colour bar's).
    pyqtgraph's generateDrawSpecs built a Point per tick end, measured each label through the
    painter, found repeated ticks with numpy.isclose and drew into a QPicture that was then
    played back: 4.5 ms of a 9 ms frame. The same ticks, labels and layout come out of the lean
    versions here (test_lean_axes_draw_what_pyqtgraph_draws); anything they do not cover (log
    scale, grids, fixed ticks, ...) goes to pyqtgraph's own.
    """

    def __init__(self, orientation: str, **kwargs: object) -> None:
        super().__init__(orientation, **kwargs)
        self._sizes: dict[str, tuple[float, float]] = {}
        self._sizes_font = ""
        self._specs: Any = None
        self._pens: tuple[QPen, list[QPen]] = (QPen(), [])
        self._least: tuple[str, tuple[float, float]] = ("", (0.0, 0.0))

    def _lean(self) -> bool:
        style = self.style
        return (
            self.orientation in ("bottom", "left", "top", "right")
            and self.grid is False
            and not self.logMode
            and self._tickLevels is None
            and self.scale == 1
            and style["tickAlpha"] is None
            and tuple(style["stopAxisAtTick"]) == (False, False)
        )

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, list[float]]]:
        if not self._lean():
            return super().tickValues(minVal, maxVal, size)
        lo, hi = sorted((minVal, maxVal))
        ticks: list[tuple[float, list[float]]] = []
        seen: list[float] = []  # sorted: the ticks of the levels above
        for spacing, offset in self.tickSpacing(lo, hi, size):
            start = math.ceil((lo - offset) / spacing) * spacing + offset
            tolerance = spacing * 0.01  # as pyqtgraph: within 1 % of a spacing is the same tick
            values = []
            for k in range(int((hi - start) / spacing) + 1):
                v = k * spacing + start
                at = bisect.bisect_left(seen, v - tolerance)
                if at < len(seen) and seen[at] <= v + tolerance:
                    continue
                values.append(v)
            seen = sorted(seen + values)
            ticks.append((spacing, values))
        return ticks

    def _text_sizes(self, painter: QPainter) -> Callable[[str], tuple[float, float]]:
        """Each label's (width, 0.8 height), as pyqtgraph measures it through the painter;
        remembered while the font stays the same."""
        font = painter.font()
        if self._sizes_font != font.key():
            self._sizes_font, self._sizes = font.key(), {}
        metrics = QFontMetricsF(font, painter.device())
        sizes = self._sizes
        box = QRectF(0, 0, 100, 100)
        centre = int(Qt.AlignmentFlag.AlignCenter)

        def size_of(text: str) -> tuple[float, float]:
            size = sizes.get(text)
            if size is None:
                rect = metrics.boundingRect(box, centre, text)
                if len(sizes) > 4096:
                    sizes.clear()
                size = sizes[text] = (rect.width(), rect.height() * 0.8)
            return size

        return size_of

    def _level_pens(self, count: int) -> list[QPen]:
        """The tick pen of each level, fainter level by level as pyqtgraph draws them; kept
        while the axis's tick pen stays the same."""
        pen = self.tickPen()
        base, pens = self._pens
        if base != pen or len(pens) < count:
            pens = []
            for i in range(max(count, 3)):
                level = pen
                if pen.brush().style() == Qt.BrushStyle.SolidPattern:
                    level = QPen(pen)
                    color = QColor(level.color())
                    color.setAlpha(int(255 / (i + 1)))
                    level.setColor(color)
                pens.append(level)
            self._pens = (QPen(pen), pens)
        return pens

    def _least_label(self, size_of: Callable[[str], tuple[float, float]]) -> tuple[float, float]:
        """Less than any label's (width, height): half the smallest of a single digit's. Every
        label has a digit, so a level whose labels could not fit even at this size is dropped
        without making its labels."""
        key = self._sizes_font
        if self._least[0] != key:
            digits = [size_of(d) for d in "0123456789"]
            self._least = (key, (0.5 * min(w for w, _ in digits), 0.5 * min(h for _, h in digits)))
        return self._least[1]

    def generateDrawSpecs(self, p: QPainter) -> Any:
        """pyqtgraph's ticks and labels, by its algorithm: the axis line, then each level's
        tick pen and its tick lines (drawn in one call), then the label boxes and texts."""
        if not self._lean():
            return super().generateDrawSpecs(p)
        style = self.style
        if style["tickFont"] is not None:
            p.setFont(style["tickFont"])
        bounds = self.mapRectFromParent(self.geometry())
        side = self.orientation
        vertical = side in ("left", "right")  # ticks along y
        if side == "left":
            span = (bounds.topRight() + QPointF(-1, -1), bounds.bottomRight() + QPointF(-1, 1))
            tick_edge, tick_dir = bounds.right(), -1
        elif side == "right":
            span = (bounds.topLeft() + QPointF(1, -1), bounds.bottomLeft() + QPointF(1, 1))
            tick_edge, tick_dir = bounds.left(), 1
        elif side == "top":
            span = (bounds.bottomLeft() + QPointF(-1, -1), bounds.bottomRight() + QPointF(1, -1))
            tick_edge, tick_dir = bounds.bottom(), -1
        else:
            span = (bounds.topLeft() + QPointF(-1, 1), bounds.topRight() + QPointF(1, 1))
            tick_edge, tick_dir = bounds.top(), 1
        ends = [self.mapToDevice(point) for point in span]
        if ends[0] is None or ends[1] is None:
            return None
        length = math.hypot(ends[1].x() - ends[0].x(), ends[1].y() - ends[0].y())
        if length == 0:
            return None
        levels = self.tickValues(self.range[0], self.range[1], length)
        dif = self.range[1] - self.range[0]
        if dif == 0:
            x_scale, offset = 1.0, 0.0
        elif vertical:
            x_scale = -bounds.height() / dif
            offset = self.range[0] * x_scale - bounds.height()
        else:
            x_scale = bounds.width() / dif
            offset = self.range[0] * x_scale
        x_min, x_max = sorted(v * x_scale - offset for v in self.range)

        pens = self._level_pens(len(levels))
        visible: list[list[tuple[float, float]]] = []  # each level's (value, position) in view
        tick_levels = []
        for i, (_, values) in enumerate(levels):
            reach = tick_edge + style["tickLength"] / (i * 0.5 + 1.0) * tick_dir
            shown = [(v, x) for v, x in ((v, v * x_scale - offset) for v in values) if x_min <= x <= x_max]
            if vertical:
                lines = [QLineF(tick_edge, x, reach, x) for _, x in shown]
            else:
                lines = [QLineF(x, tick_edge, x, reach) for _, x in shown]
            tick_levels.append((pens[i], lines))
            visible.append(shown)
        axis_spec = (self.pen(), span[0], span[1])
        if not style["showValues"]:
            return axis_spec, tick_levels, []

        gap = max(0, style["tickLength"]) + style["tickTextOffset"][0 if vertical else 1]
        box = self.boundingRect()
        align = Qt.AlignmentFlag
        flags = int(
            {
                "left": align.AlignRight | align.AlignVCenter,
                "right": align.AlignLeft | align.AlignVCenter,
                "top": align.AlignHCenter | align.AlignBottom,
                "bottom": align.AlignHCenter | align.AlignTop,
            }[side]
            | Qt.TextFlag.TextDontClip
        )
        size_of = self._text_sizes(p)
        least = self._least_label(size_of)[1 if vertical else 0]
        limits = style["textFillLimits"]
        along = 0.0  # the labels so far (every level's, shown or not), as pyqtgraph counts them
        across = last_across = 0.0
        text_specs: list[tuple[QRectF, int, str]] = []
        for i in range(min(len(levels), style["maxTextLevel"] + 1)):
            spacing, values = levels[i]
            if not values:
                continue
            shown = visible[i]
            labelled = len(text_specs)
            if i > 0 and any(labelled >= n and (along + least * len(shown)) / length >= limit for n, limit in limits):
                break  # these labels could not fit however short they were
            strings = self.tickStrings([v for v, _ in shown], self.autoSIPrefixScale * self.scale, spacing)
            placed = []
            for text, (_, x) in zip(strings, shown, strict=True):
                w, h = size_of(text)
                along += h if vertical else w
                across = max(across, w if vertical else h)
                placed.append((text, x, w, h))
            if i > 0 and any(labelled >= n and along / length >= limit for n, limit in limits):
                break  # always label the top level; lower ones while they fit
            last_across = across
            for text, x, w, h in placed:
                if side == "left":
                    rect = QRectF(tick_edge - gap - w, x - h / 2, w, h)
                elif side == "right":
                    rect = QRectF(tick_edge + gap, x - h / 2, w, h)
                elif side == "top":
                    rect = QRectF(x - w / 2, tick_edge - gap - h, w, h)
                else:
                    rect = QRectF(x - w / 2, tick_edge + gap, w, h)
                if box & rect != rect:
                    continue
                text_specs.append((rect, flags, text))
        self._updateMaxTextSize(last_across)
        return axis_spec, tick_levels, text_specs

    def _draw(self, p: QPainter, axis_spec: Any, tick_levels: Any, text_specs: Any) -> None:
        """pyqtgraph's drawPicture, a call per level for the ticks instead of one per tick."""
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        pen, p1, p2 = axis_spec
        p.setPen(pen)
        p.drawLine(p1, p2)
        for pen, lines in tick_levels:
            if lines:
                p.setPen(pen)
                p.drawLines(lines)
        if self.style["tickFont"] is not None:
            p.setFont(self.style["tickFont"])
        p.setPen(self.textPen())
        p.setClipRect(self.boundingRect().toAlignedRect())
        for rect, flags, text in text_specs:
            p.drawText(rect, flags, text)

    def updateAutoSIPrefix(self) -> None:
        """pyqtgraph's choice of scale and prefix; the label is set again only when they
        change (the colour bar's axes had their HTML set and laid out on every frame)."""
        scale, prefix = 1.0, ""
        if self.label.isVisible() and not self.logMode:
            value = max(abs(self.range[0]), abs(self.range[1])) * self.scale
            if any(low <= value <= high for low, high in self.getSIPrefixEnableRanges()):
                scale, prefix = pg.siScale(value, power=self.unitPower)
        if self.logMode or (scale, prefix) != (self.autoSIPrefixScale, self.labelUnitPrefix):
            super().updateAutoSIPrefix()
            return
        self.picture = None
        self.update()

    def paint(self, p: QPainter, opt: Any, widget: Any) -> None:
        if not self._lean():
            super().paint(p, opt, widget)
            return
        # Drawn straight onto the view's painter; the specs are kept until pyqtgraph marks the
        # axis stale (it sets `picture` to None), so a repaint without a change only draws.
        p.save()
        try:
            if self.picture is None or self._specs is None:
                if self.style["tickFont"]:
                    p.setFont(self.style["tickFont"])
                self._specs = self.generateDrawSpecs(p)
                self.picture = True  # type: ignore[assignment]  # pyqtgraph's "up to date" flag: anything but None
            if self._specs is not None:
                self._draw(p, *self._specs)
        finally:
            p.restore()


WIDTH_STEP = 12  # the pile B axis's label space grows and shrinks in steps of this many pixels


class ExactAxis(LeanAxis):
    """An axis whose scene value v stands for the cell origin + v * unit (see
    explorer.core.render.frame)."""

    def __init__(self, orientation: str, **kwargs: object) -> None:
        super().__init__(orientation, **kwargs)
        # Labels are exact integers, never scaled: without this, every range change sets the
        # axis title's HTML again and re-lays it out (~0.35 ms a frame for each axis).
        self.enableAutoSIPrefix(False)
        self.origin = 0
        self.unit = 1

    def _updateMaxTextSize(self, x: int) -> None:
        """The pile B axis is as wide as the labels it shows now, in steps of WIDTH_STEP pixels.
        pyqtgraph's own rule widens it to the widest label it ever showed and narrows it only 10
        pixels past that: a window that had shown 150 drew the grid 8 pixels narrower than a
        fresh window at the same view (issue 37's heap test). The steps keep a pan from re-laying
        the plot out on every frame: only a label crossing a step does."""
        if self.orientation not in ("left", "right"):
            super()._updateMaxTextSize(x)
            return
        width = -(-int(x) // WIDTH_STEP) * WIDTH_STEP
        if width != self.textWidth:  # type: ignore[has-type]  # pyqtgraph's own attribute
            self.textWidth = width
            if self.style["autoExpandTextSpace"]:
                self._updateWidth()

    def set_frame(self, origin: int, unit: int) -> None:
        self.origin, self.unit = origin, unit
        self.picture = None  # force the labels to be redrawn
        self.update()

    def tickSpacing(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, float]]:
        levels = super().tickSpacing(minVal, maxVal, size)
        unit = self.unit
        if unit > 1:
            # Zoomed out, a scene unit is `unit` cells: each level's spacing in cells is made a
            # round number (1, 2 or 5 x 10^k) and its ticks fall on its multiples, exactly
            # (the spacing pyqtgraph picks, times an arbitrary unit, labelled 2174163, 7294163).
            out: list[tuple[float, float]] = []
            spacings: list[int] = []
            for sp, _ in levels:
                cells = round_cells(max(1, round_times(sp, unit)))
                if spacings:  # a finer level divides the coarser one: its ticks fall on the same grid
                    coarse = spacings[-1]
                    finer = [c for c in (coarse // 2, coarse // 5, coarse // 10) if c >= 1 and coarse % c == 0]
                    if not finer:
                        break
                    cells = min(finer, key=lambda c: max(c, cells) / min(c, cells))
                spacings.append(cells)
                out.append((cells / unit, (-self.origin % cells) / unit))
            return out
        whole = [sp for sp, _ in levels if sp >= 1] or [1.0]
        # Ticks at round true coordinates: scene value v is cell origin + v.
        return [(sp, float(-self.origin % int(sp)) if sp < 1e18 else 0.0) for sp in whole]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        step = max(1, math.floor(Fraction(spacing) * self.unit))
        labels = []
        for v in values:
            n = self.origin + round_times(v, self.unit)
            if self.unit > 1:  # the multiple of the round spacing the tick was placed on
                cells = round_cells(max(1, round_times(spacing, self.unit)))
                n = (n + cells // 2) // cells * cells
            labels.append("" if n < 0 else compact(n, step))  # no cell left of or below 0
        return labels


class ValueAxis(LeanAxis):
    """The colour bar's value axis. Its values are whole numbers (G or R less the title's base,
    in units of 2^shift when the title says so): ticks at whole numbers, labelled in full like
    the grid's axes, not by pyqtgraph's "%g" ("1.00002e+06" for 1000020)."""

    def __init__(self, orientation: str, **kwargs: object) -> None:
        super().__init__(orientation, **kwargs)
        self.enableAutoSIPrefix(False)  # the title names what is subtracted and the unit

    def tickSpacing(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, float]]:
        return [(sp, off) for sp, off in super().tickSpacing(minVal, maxVal, size) if sp >= 1] or [(1.0, 0.0)]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        return [compact(round(v), max(1, int(spacing))) for v in values]


class ValueBar(pg.ColorBarItem):
    """pyqtgraph's colour bar with lean axes: its value axis changes with the values in view,
    so it was drawn again on every frame coloured by values (2.1 ms of a 9 ms Grundy frame).

    pyqtgraph fixes the value axis at 45 pixels; labels that did not fit were left out, so
    zoomed out over the origin the bar read only "0". Here the axis widens to its widest label
    and does not narrow again: a bar that narrowed and widened as values panned through 99 and
    100 re-laid the plot out, and each re-layout drew the grid a second time."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.axis.setStyle(autoReduceTextSpace=False)
        self.axis.setWidth(None)

    def setAxisItems(self, axisItems: dict[str, pg.AxisItem] | None = None) -> None:
        items = dict(axisItems or {})
        for side in ("left", "right", "top", "bottom"):
            items.setdefault(side, ValueAxis(side) if side == "right" else LeanAxis(side))
        super().setAxisItems(items)


def caption_axes(
    plot: Any, x_lo: int, y_lo: int, x_hi: int, y_hi: int, names: tuple[str, str] = ("pile A", "pile B")
) -> None:
    """When tick labels show only trailing digits, say which number they end: the middle of
    the view rounded down to a multiple of 10^k, the first power of ten above the view's
    width. Rounded, the caption stays the same while the view pans (the exact middle changed
    it on every frame, and each new caption re-laid the axis out: 0.5 ms a frame). `names`: what the
    axes count (the piles, or heaps 2 and 3 of a slice of three heaps)."""
    for side, name, lo, hi in (("bottom", names[0], x_lo, x_hi), ("left", names[1], y_lo, y_hi)):
        mid = (lo + hi) // 2
        text = name
        if mid >= 10**12 and hi - lo < mid // 10**6:
            near = mid - mid % 10 ** digit_count(max(1, hi - lo))
            text = f"{name}: ticks end {short_decimal(near, 24)}"
        axis = plot.getAxis(side)
        if axis.labelText != text:  # setLabel re-lays the axis out: ~0.4 ms a frame, twice
            plot.setLabel(side, text)
