"""Figures for papers: a view of the grid as a display list (cells, an embedded raster, axes with exact
labels, the selection and its winning moves), written as SVG, TikZ or PNG (explorer.core.render.figure_files)
or PDF (explorer.core.render.pdf).

Zoomed in (at most VECTOR_CELLS cells, one texel a cell) every coloured cell is a rectangle of its own;
zoomed out, the exact raster is embedded at full resolution. Coordinates are points, from the top left.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from explorer.core.exact.bigint import digit_count, short_decimal
from explorer.core.render.palette import BOTH_DIFFER, COLD, FIRST_ONLY, HOT, MOVE_ARROW, PATH, SECOND_ONLY, SELECTION

if TYPE_CHECKING:
    from explorer.core.protocol import Rule

FONT_PLACES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/Library/Fonts/DejaVuSans.ttf",
)
VECTOR_CELLS = 256 * 256  # more cells than this in view are embedded as a raster
BAR_ROOM = 64.0  # points right of the plot for a value mode's colour bar
MAX_ARROWS = 64
LEFT, RIGHT, TOP, BOTTOM = 66.0, 30.0, 42.0, 66.0  # margins for the title and the axes
INK = (40, 40, 48)
RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    rgb: RGB
    role: str  # "hot", "cold", "cell" (a value's colour), "bar" (the colour bar's), "frame", "veil", "placed",
    # "outline" (build mode's and Why?'s), "first-only", "second-only", "mixed" (two rules compared)


@dataclass(frozen=True)
class Image:
    x: float
    y: float
    w: float
    h: float
    rgb: NDArray[np.uint8] = field(repr=False)  # (rows, cols, 3), row 0 at the top


@dataclass(frozen=True)
class Line:
    x0: float
    y0: float
    x1: float
    y1: float
    rgb: RGB
    width: float
    arrow: bool = False
    kind: str = "tick"  # "tick" (outside the plot), "move" (an arrow), "path" (a game shown), inside it


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # the baseline
    text: str
    size: float
    anchor: str = "start"  # "start", "middle" or "end"


@dataclass(frozen=True)
class Ring:
    cx: float
    cy: float
    r: float
    rgb: RGB


@dataclass
class Figure:
    """What a figure draws, in order, and what it says of itself."""

    width: float
    height: float
    clip: tuple[float, float, float, float]  # the plot box: cells and moves are clipped to it
    items: list[Rect | Image | Line | Text | Ring] = field(default_factory=list)
    note: str = ""  # said to the person who asked (an embedded raster, say)

    def count(self, role: str) -> int:
        return sum(1 for item in self.items if isinstance(item, Rect) and item.role == role)


@dataclass(frozen=True)
class Cells:
    """The view's texels as the window draws them: `rgb` (ny, nx, 3), row 0 the lowest y, each texel
    `step` cells from (tx, ty); `cold` (ny, nx) whether a texel holds a cold cell (hot/cold mode)."""

    tx: int
    ty: int
    step: int
    rgb: NDArray[np.uint8]
    cold: NDArray[np.bool_] | None
    bar: tuple[NDArray[np.uint8], float, float] | None = None  # values: the colours from low to high, and those
    kinds: NDArray[np.uint8] | None = None  # two rules compared: 2 both, 3 the first only, 4 the second only, 5 mixed
    legend: tuple[tuple[str, RGB], ...] = ()  # written under the plot, each with its colour


def font_path() -> str | None:
    """DejaVu Sans where it is installed (Debian's fonts-dejavu-core), else None."""
    import os

    return next((p for p in FONT_PLACES if os.path.exists(p)), None)


FIRST, LAST = 32, 255


@dataclass(frozen=True)
class Font:
    name: str
    widths: tuple[int, ...]  # for codes FIRST..LAST, in thousandths of the size
    file: bytes | None  # the TrueType file to embed (None: Helvetica, not embedded)
    bbox: tuple[int, int, int, int]
    ascent: int
    descent: int


@functools.cache
def font() -> Font:
    """DejaVu Sans's widths (and its file, for a PDF to embed), or Helvetica's where it is not installed."""
    path = font_path()
    if path is None:
        return Font("Helvetica", (556,) * (LAST - FIRST + 1), None, (-166, -225, 1000, 931), 718, -207)
    from PIL import ImageFont

    face = ImageFont.truetype(path, 1000)
    chars = [bytes([c]).decode("cp1252", errors="replace") for c in range(FIRST, LAST + 1)]
    widths = tuple(round(face.getlength(ch)) if ch != "\ufffd" else 0 for ch in chars)
    ascent, descent = face.getmetrics()
    left, _, right, _ = face.getbbox("".join(ch for ch in chars if ch != "\ufffd"))
    with open(path, "rb") as handle:
        data = handle.read()
    bbox = (min(round(left), 0), -descent, round(right), ascent)
    return Font("DejaVuSans", widths, data, bbox, ascent, -descent)


def text_width(text: str, size: float) -> float:
    """The width of a line of text in points, in the figures' font."""
    f = font()
    codes = text.encode("cp1252", errors="replace")
    return sum(f.widths[c - FIRST] if FIRST <= c <= LAST else 0 for c in codes) * size / 1000


def tick_step(span: int, most: int = 6) -> int:
    """1, 2 or 5 times a power of ten, giving at most `most` ticks over `span` cells."""
    step = 1
    while True:
        for m in (1, 2, 5):
            if span // (step * m) < most:
                return step * m
        step *= 10


KIND_ROLES = {
    2: ("cold", COLD),
    3: ("first-only", FIRST_ONLY),
    4: ("second-only", SECOND_ONLY),
    5: ("mixed", BOTH_DIFFER),
}


SHADE = (240, 190, 140)  # build mode's and Why?'s lines (the window's shade, opaque on white)
NEW = (230, 120, 20)  # a step's own cells, outlined; jumps, ringed
VEILED = (252, 250, 246)  # build mode hides the cells not placed yet


@dataclass(frozen=True)
class Overlaid:
    """Build mode's step or Why?'s lines (explorer.session.marks.Overlay), in cells, exact."""

    veil: bool = False
    cells: tuple[tuple[int, int], ...] = ()
    outlined: tuple[tuple[int, int], ...] = ()
    lines: tuple[Any, ...] = ()  # explorer.core.game.lines.Line
    dots: tuple[tuple[int, int], ...] = ()
    ringed: tuple[tuple[int, int], ...] = ()


def make_figure(
    rule: Rule,
    mode_title: str,
    view: tuple[int, int, int, int],
    cells: Cells,
    size: tuple[float, float],
    select: tuple[int, int] | None = None,
    path: tuple[tuple[int, int], ...] = (),
    overlay: Overlaid | None = None,
) -> Figure:
    """The display list of cells [x0, x1) x [y0, y1) (`view`) in a figure of `size` points."""
    x0, y0, x1, y1 = view
    nx, ny = x1 - x0, y1 - y0
    pw, ph = size[0] - LEFT - RIGHT - (BAR_ROOM if cells.bar is not None else 0), size[1] - TOP - BOTTOM
    # Points a cell. A view of 10^400 cells a side has a scale no float holds: there it is a fraction,
    # and each position is worked out exactly before it becomes a float.
    exact = max(nx, ny).bit_length() > 900
    scale = min(Fraction(pw) / nx, Fraction(ph) / ny) if exact else min(pw / nx, ph / ny)
    s = float(scale)  # sizes (a cell's side, a ring, a line's width); 0.0 when the view is that wide
    w, h = float(scale * nx), float(scale * ny)
    room = BAR_ROOM if cells.bar is not None else 0.0
    fig = Figure(LEFT + w + RIGHT + room, TOP + h + BOTTOM, (LEFT, TOP, w, h))  # the page fits the plot

    def px(x: int, part: float = 0.0) -> float:  # the offset in integers first: x may have 10^5 digits
        return LEFT + float(((x - x0) + Fraction(part)) * scale) if exact else LEFT + ((x - x0) + part) * s

    def py(y: int, part: float = 0.0) -> float:
        return TOP + h - (float(((y - y0) + Fraction(part)) * scale) if exact else ((y - y0) + part) * s)

    vector = cells.step == 1 and nx * ny <= VECTOR_CELLS
    fig.items.append(Rect(LEFT, TOP, w, h, HOT, "hot"))
    if vector:
        for j in range(ny):
            for i in range(nx):
                tx, ty = cells.tx + i - x0, cells.ty + j - y0
                if not (0 <= tx < nx and 0 <= ty < ny):
                    continue
                if cells.kinds is not None:
                    if cells.kinds[j, i] >= 2:
                        role, colour = KIND_ROLES[int(cells.kinds[j, i])]
                        fig.items.append(Rect(px(x0 + tx), py(y0 + ty + 1), s, s, colour, role))
                elif cells.cold is not None:
                    if cells.cold[j, i]:
                        fig.items.append(Rect(px(x0 + tx), py(y0 + ty + 1), s, s, COLD, "cold"))
                else:
                    r, g, b = (int(v) for v in cells.rgb[j, i])
                    fig.items.append(Rect(px(x0 + tx), py(y0 + ty + 1), s, s, (r, g, b), "cell"))
    else:
        t_ny, t_nx = cells.rgb.shape[:2]
        image = np.ascontiguousarray(cells.rgb[::-1])
        left, top = px(cells.tx), py(cells.ty + t_ny * cells.step)
        fig.items.append(Image(left, top, float(t_nx * cells.step * scale), float(t_ny * cells.step * scale), image))
        fig.note = (
            f"{nx * ny:,} cells are more than {VECTOR_CELLS:,} to draw one by one: the exact raster "
            f"({t_nx}x{t_ny} texels of {short_decimal(cells.step)}² cells) is embedded"
        )
    if overlay is not None:
        _overlay(fig, overlay, view, px, py, s, w, h)
    for here, there in pairwise(path):  # a game shown, move by move
        ends = (px(here[0], 0.5), py(here[1], 0.5), px(there[0], 0.5), py(there[1], 0.5))
        fig.items.append(Line(*ends, PATH, max(1.2, s / 6), kind="path"))
    if select is not None and x0 <= select[0] < x1 and y0 <= select[1] < y1:
        cx, cy = px(select[0], 0.5), py(select[1], 0.5)
        for move in rule.winning_moves(*select)[:MAX_ARROWS]:
            tx, ty = move.target
            if move.on_board and x0 <= tx < x1 and y0 <= ty < y1:  # not a pass, not into another slice
                fig.items.append(
                    Line(cx, cy, px(tx, 0.5), py(ty, 0.5), MOVE_ARROW, max(1.0, s / 8), arrow=True, kind="move")
                )
        fig.items.append(Ring(cx, cy, max(4.0, 0.7 * s), SELECTION))
    fig.items.append(Rect(LEFT, TOP, w, h, INK, "frame"))
    if cells.bar is not None:
        _colour_bar(fig, cells.bar, LEFT + w + 14, h)
    x, y = LEFT, TOP + h + 50
    for text, colour in cells.legend:  # under the axes' title, in rows as wide as the page
        if x > LEFT and x + 11 + text_width(text, 7.5) > fig.width - EDGE:
            x, y = LEFT, y + 11
            fig.height += 11
        fig.items.append(Rect(x, y, 8, 8, colour, "bar"))
        written = _fit(fig, x + 11, y + 7.5, text, 7.5)
        x += 20 + text_width(written.text, written.size)
    _axes(fig, view, px, py, w, h)
    if digit_count(max(x1, y1)) > 9:
        cells_shown = f"cells [X0, X0 + {compact(nx)}) x [Y0, Y0 + {compact(ny)})"
    else:
        cells_shown = f"cells [{x0}, {x1}) x [{y0}, {y1})"
    _fit(fig, LEFT, TOP - 22, f"{rule.title}: {mode_title}", 11)
    _fit(fig, LEFT, TOP - 8, cells_shown, 8.5)
    return fig


EDGE = 4.0  # points kept clear at the page's edge
SMALLEST = 6.5  # text is shrunk to fit down to this size, then cut


def _fit(fig: Figure, x: float, y: float, text: str, size: float, anchor: str = "start") -> Text:
    """Text at (x, y) within the page: shrunk down to SMALLEST points to fit, then cut with an
    ellipsis (a 120-point figure's title). Returns what was written."""
    room = fig.width - EDGE - x if anchor == "start" else 2 * min(x - EDGE, fig.width - EDGE - x)
    wide = text_width(text, size)
    if wide > room:
        size = max(SMALLEST, size * room / wide)
        if text_width(text, size) > room:
            while len(text) > 1 and text_width(text + "…", size) > room:
                text = text[:-1]
            text = text.rstrip() + "…"
    item = Text(x, y, text, size, anchor)
    fig.items.append(item)
    return item


def _overlay(fig: Figure, o: Overlaid, view: tuple[int, int, int, int], px, py, s: float, w: float, h: float) -> None:  # type: ignore[no-untyped-def]
    """Build mode's or Why?'s marks, as the window draws them: the veil, the lines (each clipped to the
    view exactly), the placed cells, the jumps and the cold cells reached, the step's own cells."""
    from explorer.core.game.lines import clip

    x0, y0, x1, y1 = view

    def inside(c: tuple[int, int]) -> bool:
        return x0 <= c[0] < x1 and y0 <= c[1] < y1

    if o.veil:
        fig.items.append(Rect(LEFT, TOP, w, h, VEILED, "veil"))
    for line in o.lines:
        ends = clip(line, x0, y0, x1 - 1, y1 - 1)
        if ends is not None:
            (ax, ay), (bx, by) = ends
            shade = Line(px(ax, 0.5), py(ay, 0.5), px(bx, 0.5), py(by, 0.5), SHADE, max(1.5, 0.8 * s), kind="shade")
            # over the veil in build mode; else under the cells, as the window's translucent shade shows them
            fig.items.insert(len(fig.items) if o.veil else 1, shade)
    for c in o.cells:
        if inside(c):
            fig.items.append(Rect(px(c[0], 0.04), py(c[1], 0.96), 0.92 * s, 0.92 * s, COLD, "placed"))
    for rings, colour, r in ((o.dots, NEW, 0.45), (o.ringed, SELECTION, 0.6)):
        for c in rings:
            if inside(c):
                fig.items.append(Ring(px(c[0], 0.5), py(c[1], 0.5), max(2.5, r * s), colour))
    for c in o.outlined:
        if inside(c):
            fig.items.append(Rect(px(c[0]), py(c[1], 1.0), s, s, NEW, "outline"))


def _colour_bar(fig: Figure, bar: tuple[NDArray[np.uint8], float, float], x: float, h: float) -> None:
    """The value colours from low (bottom) to high (top), as rectangles, with the two values written."""
    colours, low, high = bar
    n = len(colours)
    for k, rgb in enumerate(colours):
        r, g, b = (int(v) for v in rgb)
        fig.items.append(Rect(x, TOP + h - (k + 1) * h / n, 12, h / n + 0.2, (r, g, b), "bar"))
    fig.items.append(Rect(x, TOP, 12, h, INK, "frame"))
    for value, y in ((high, TOP + 8), (low, TOP + h)):
        fig.items.append(Text(x + 16, y, f"{value:g}", 8.5))


def _axes(fig: Figure, view: tuple[int, int, int, int], px, py, w: float, h: float) -> None:  # type: ignore[no-untyped-def]
    """Ticks with exact labels. Numbers longer than a label can hold are written once, in full, below
    the plot (X0 and Y0), and the ticks count from them (+20, +40 …)."""
    x0, y0, x1, y1 = view
    far = digit_count(max(x1, y1)) > 9
    for lo, hi, horizontal in ((x0, x1, True), (y0, y1, False)):
        step = tick_step(hi - lo)
        first = lo if far else -(-lo // step) * step  # far out the ticks count from the view's start
        for v in range(first, hi + 1, step):
            text = f"+{compact(v - lo)}" if far else str(v)
            if horizontal:
                x = px(v)
                fig.items.append(Line(x, TOP + h, x, TOP + h + 4, INK, 0.8))
                fig.items.append(Text(x, TOP + h + 15, text, 8.5, "middle"))
            else:
                y = py(v)
                fig.items.append(Line(LEFT - 4, y, LEFT, y, INK, 0.8))
                fig.items.append(Text(LEFT - 6, y + 3, text, 8.5, "end"))
    x_title = "x (first pile)" + (" = X0 + the offset shown" if far else "")
    _fit(fig, LEFT + w / 2, TOP + h + 30, x_title, 9.5, "middle")
    fig.items.append(Text(12, TOP + h / 2, "y", 9.5, "middle"))
    if far:
        for k, (name, v) in enumerate((("X0", x0), ("Y0", y0))):
            fig.items.append(Text(LEFT, TOP + h + 44 + 11 * k, f"{name} = {exact_text(v)}", 7.5))


def compact(n: int) -> str:
    """n exactly and short: in full up to 12 digits, else m·10^e where n is that (ticks and view sizes
    zoomed far out are), else its first and last digits and its length."""
    if digit_count(n) <= 12:
        return str(n)
    text = str(n) if n.bit_length() < 40_000 else ""
    zeros = len(text) - len(text.rstrip("0"))
    if text and len(text) - zeros <= 6:
        return f"{text[: len(text) - zeros]}·10^{zeros}"
    return short_decimal(n, 14)


def exact_text(n: int, most: int = 120) -> str:
    """n in full when it has at most `most` digits, else its first and last digits and its length."""
    return str(n) if digit_count(n) <= most else short_decimal(n, most)
