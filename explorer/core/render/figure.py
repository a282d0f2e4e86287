"""Figures for papers: a view of the grid as a display list (cells, an embedded raster, axes with exact
labels, the selection and its winning moves), written as SVG, TikZ or PDF (explorer.core.render.pdf).

Zoomed in (at most VECTOR_CELLS cells, one texel a cell) every coloured cell is a rectangle of its own;
zoomed out, the exact raster is embedded at full resolution. Coordinates are points, from the top left.
"""

from __future__ import annotations

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
            if x0 <= tx < x1 and y0 <= ty < y1:
                fig.items.append(
                    Line(cx, cy, px(tx, 0.5), py(ty, 0.5), MOVE_ARROW, max(1.0, s / 8), arrow=True, kind="move")
                )
        fig.items.append(Ring(cx, cy, max(4.0, 0.7 * s), SELECTION))
    fig.items.append(Rect(LEFT, TOP, w, h, INK, "frame"))
    if cells.bar is not None:
        _colour_bar(fig, cells.bar, LEFT + w + 14, h)
    x = LEFT
    for text, colour in cells.legend:  # under the axes' title
        fig.items.append(Rect(x, TOP + h + 50, 8, 8, colour, "bar"))
        fig.items.append(Text(x + 11, TOP + h + 57.5, text, 7.5))
        x += 20 + 4.2 * len(text)
    _axes(fig, view, px, py, w, h)
    if digit_count(max(x1, y1)) > 9:
        cells_shown = f"cells [X0, X0 + {compact(nx)}) x [Y0, Y0 + {compact(ny)})"
    else:
        cells_shown = f"cells [{x0}, {x1}) x [{y0}, {y1})"
    fig.items.append(Text(LEFT, TOP - 22, f"{rule.title}: {mode_title}", 11))
    fig.items.append(Text(LEFT, TOP - 8, cells_shown, 8.5))
    return fig


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
    fig.items.append(Text(LEFT + w / 2, TOP + h + 30, x_title, 9.5, "middle"))
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


# ----- SVG -------------------------------------------------------------------------------------------------
def _hex(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def to_svg(fig: Figure) -> str:
    """The figure as an SVG document: each cell a <rect class="cell cold"> (or "cell value"), the raster
    an embedded PNG, text as text."""
    import base64

    from explorer.core.render.png import png_bytes

    cx, cy, cw, ch = fig.clip
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{fig.width:g}pt" height="{fig.height:g}pt" '
        f'viewBox="0 0 {fig.width:g} {fig.height:g}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">',
        f'<defs><clipPath id="plot"><rect x="{cx:g}" y="{cy:g}" width="{cw:g}" height="{ch:g}"/></clipPath>'
        f'<marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto">'
        f'<path d="M0,0 L10,5 L0,10 z" fill="{_hex(MOVE_ARROW)}"/></marker></defs>',
        f'<rect width="{fig.width:g}" height="{fig.height:g}" fill="#ffffff"/>',
        '<g clip-path="url(#plot)">',
    ]
    for item in fig.items:
        if isinstance(item, Rect) and item.role not in ("frame", "bar"):
            kind = {"cell": "cell value", "hot": "background", "veil": "veil", "outline": "outline"}.get(
                item.role, f"cell {item.role}"
            )
            paint = (
                f'fill="none" stroke="{_hex(item.rgb)}" stroke-width="1.5"'
                if item.role == "outline"
                else f'fill="{_hex(item.rgb)}"'
            )
            out.append(
                f'<rect class="{kind}" x="{item.x:.3f}" y="{item.y:.3f}" width="{item.w:.3f}" '
                f'height="{item.h:.3f}" {paint}/>'
            )
        elif isinstance(item, Image):
            data = base64.b64encode(png_bytes(item.rgb)).decode()
            out.append(
                f'<image class="raster" x="{item.x:.3f}" y="{item.y:.3f}" width="{item.w:.3f}" height="{item.h:.3f}" '
                f'preserveAspectRatio="none" style="image-rendering:pixelated" href="data:image/png;base64,{data}"/>'
            )
        elif isinstance(item, Line) and item.kind != "tick":
            head = ' marker-end="url(#head)"' if item.arrow else ' stroke-linecap="round"'
            out.append(
                f'<line class="{item.kind}" x1="{item.x0:.3f}" y1="{item.y0:.3f}" x2="{item.x1:.3f}" '
                f'y2="{item.y1:.3f}" stroke="{_hex(item.rgb)}" stroke-width="{item.width:.2f}"{head}/>'
            )
    out.append("</g>")
    for item in fig.items:
        if isinstance(item, Rect) and item.role == "frame":
            out.append(
                f'<rect class="frame" x="{item.x:.3f}" y="{item.y:.3f}" width="{item.w:.3f}" height="{item.h:.3f}" '
                f'fill="none" stroke="{_hex(item.rgb)}" stroke-width="0.8"/>'
            )
        elif isinstance(item, Rect) and item.role == "bar":
            out.append(
                f'<rect class="colour-bar" x="{item.x:.3f}" y="{item.y:.3f}" width="{item.w:.3f}" '
                f'height="{item.h:.3f}" fill="{_hex(item.rgb)}"/>'
            )
        elif isinstance(item, Line) and item.kind == "tick":
            out.append(
                f'<line x1="{item.x0:.3f}" y1="{item.y0:.3f}" x2="{item.x1:.3f}" y2="{item.y1:.3f}" '
                f'stroke="{_hex(item.rgb)}" stroke-width="{item.width:.2f}"/>'
            )
        elif isinstance(item, Ring):
            out.append(
                f'<circle class="selection" cx="{item.cx:.3f}" cy="{item.cy:.3f}" r="{item.r:.3f}" fill="none" '
                f'stroke="{_hex(item.rgb)}" stroke-width="2"/>'
            )
        elif isinstance(item, Text):
            out.append(
                f'<text x="{item.x:.2f}" y="{item.y:.2f}" font-size="{item.size:g}" text-anchor="{item.anchor}" '
                f'fill="{_hex(INK)}">{_esc(item.text)}</text>'
            )
    out.append("</svg>\n")
    return "\n".join(out)


# ----- TikZ ------------------------------------------------------------------------------------------------
def _tex(text: str) -> str:
    swaps: list[tuple[str, str]] = [("\\", r"\textbackslash{}"), ("{", r"\{"), ("}", r"\}"), ("_", r"\_"), ("&", r"\&")]
    swaps += [
        ("^", r"\^{}"),
        ("%", r"\%"),
        ("#", r"\#"),
        ("$", r"\$"),
        ("…", r"\ldots{}"),
        ("²", r"\textsuperscript{2}"),
        ("·", r"$\cdot$"),  # after "$": the one this brings stays
    ]
    for a, b in swaps:
        text = text.replace(a, b)
    return text


def to_tikz(fig: Figure, raster_name: str | None = None) -> str:
    """The figure as a standalone LaTeX document with one tikzpicture. Its top names a colour and a
    style for each kind of thing drawn (wx hot, wx cold, wx level N, wx move, wx selection, wx frame),
    so an author can restyle the figure there. Cells are \\fill commands; a raster is included from
    `raster_name` (a PNG beside the .tex file)."""
    H = fig.height

    def y(v: float) -> str:
        return f"{H - v:.3f}"

    levels: dict[RGB, int] = {}
    for item in fig.items:
        if isinstance(item, Rect) and item.role == "cell" and item.rgb not in levels:
            levels[item.rgb] = len(levels)
    head = [
        "% A figure of Wythoff Explorer. Restyle it here: each colour and style below is used by name.",
        r"\documentclass{standalone}",
        r"\usepackage{tikz}",
        r"\usepackage{graphicx}",
        *(_colour_line(name, rgb) for name, rgb in (("hot", HOT), ("cold", COLD), ("move", MOVE_ARROW))),
        *(_colour_line(name, rgb) for name, rgb in (("selection", SELECTION), ("ink", INK), ("path", PATH))),
        *(_colour_line(name, rgb) for name, rgb in (("firstonly", FIRST_ONLY), ("secondonly", SECOND_ONLY))),
        _colour_line("mixed", BOTH_DIFFER),
        *(_colour_line(name, rgb) for name, rgb in (("shade", SHADE), ("new", NEW), ("veil", VEILED))),
        *(_colour_line("level" + _letters(i), rgb) for rgb, i in levels.items()),
        r"\tikzset{",
        r"  wx hot/.style={fill=wxhot},",
        r"  wx cold/.style={fill=wxcold},",
        *("  wx level " + _letters(i) + "/.style={fill=wxlevel" + _letters(i) + "}," for i in levels.values()),
        r"  wx move/.style={draw=wxmove, -latex},",
        r"  wx path/.style={draw=wxpath, line cap=round},",
        r"  wx shade/.style={draw=wxshade, line cap=round},",
        r"  wx veil/.style={fill=wxveil},",
        r"  wx placed/.style={fill=wxcold},",
        r"  wx outline/.style={draw=wxnew, line width=1.5pt},",
        r"  wx first-only/.style={fill=wxfirstonly},",
        r"  wx second-only/.style={fill=wxsecondonly},",
        r"  wx mixed/.style={fill=wxmixed},",
        r"  wx selection/.style={draw=wxselection, line width=1.6pt},",
        r"  wx frame/.style={draw=wxink, line width=0.8pt},",
        r"  wx tick/.style={draw=wxink, line width=0.8pt},",
        r"  wx label/.style={text=wxink, font=\sffamily},",
        r"}",
        r"\begin{document}",
        r"\begin{tikzpicture}[x=1pt, y=1pt]",
        rf"\useasboundingbox (0,0) rectangle ({fig.width:g},{fig.height:g});",
    ]
    cx, cy, cw, ch = fig.clip
    body = [r"\begin{scope}", rf"\clip ({cx:.3f},{y(cy + ch)}) rectangle ({cx + cw:.3f},{y(cy)});"]
    tail = [r"\end{scope}"]
    for item in fig.items:
        if isinstance(item, Rect):
            corners = f"({item.x:.3f},{y(item.y + item.h)}) rectangle ({item.x + item.w:.3f},{y(item.y)})"
            if item.role == "frame":
                tail.append(rf"\draw[wx frame] {corners};")
            elif item.role == "outline":
                body.append(rf"\draw[wx outline] {corners};")
            elif item.role == "bar":
                rgb = ",".join(f"{n}:{v}" for n, v in zip(("red", "green", "blue"), item.rgb, strict=True))
                tail.append(rf"\fill[fill={{rgb,255:{rgb.replace(',', ';')}}}] {corners};")
            else:
                style = f"wx level {_letters(levels[item.rgb])}" if item.role == "cell" else f"wx {item.role}"
                body.append(rf"\fill[{style}] {corners};")
        elif isinstance(item, Image):
            name = raster_name or "raster.png"
            body.append(
                rf"\node[anchor=south west, inner sep=0pt] at ({item.x:.3f},{y(item.y + item.h)}) "
                rf"{{\includegraphics[width={item.w:.3f}pt, height={item.h:.3f}pt]{{{name}}}}};"
            )
        elif isinstance(item, Line):
            target = tail if item.kind == "tick" else body
            style = f"wx {item.kind}"
            ends = f"({item.x0:.3f},{y(item.y0)}) -- ({item.x1:.3f},{y(item.y1)})"
            target.append(rf"\draw[{style}, line width={item.width:.2f}pt] {ends};")
        elif isinstance(item, Ring):
            body.append(rf"\draw[wx selection] ({item.cx:.3f},{y(item.cy)}) circle ({item.r:.3f});")
        elif isinstance(item, Text):
            anchor = {"start": "base west", "middle": "base", "end": "base east"}[item.anchor]
            tail.append(
                rf"\node[wx label, anchor={anchor}, inner sep=0pt, font=\sffamily\fontsize{{{item.size:g}}}"
                rf"{{{item.size * 1.2:g}}}\selectfont] at ({item.x:.3f},{y(item.y)}) {{{_tex(item.text)}}};"
            )
    return "\n".join([*head, *body, *tail, r"\end{tikzpicture}", r"\end{document}", ""])


def _colour_line(name: str, rgb: RGB) -> str:
    return r"\definecolor{wx" + name + "}{RGB}{" + ",".join(map(str, rgb)) + "}"


def _letters(i: int) -> str:
    """A TeX-safe name for a number (colour names may not hold digits in every package)."""
    out = ""
    while True:
        out = chr(ord("a") + i % 26) + out
        i //= 26
        if i == 0:
            return out


# ----- PNG (Pillow) ----------------------------------------------------------------------------------------
def to_png(fig: Figure, scale: float = 2.0) -> bytes:
    """The figure drawn by Pillow at `scale` pixels a point (the same display list as the vector files)."""
    import io
    import math

    from PIL import Image as PILImage
    from PIL import ImageDraw, ImageFont

    size = (max(1, round(fig.width * scale)), max(1, round(fig.height * scale)))
    image = PILImage.new("RGB", size, (255, 255, 255))
    draw = ImageDraw.Draw(image)
    fonts: dict[float, ImageFont.FreeTypeFont | ImageFont.ImageFont] = {}
    path = font_path()

    def font(points: float) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
        if points not in fonts:
            fonts[points] = ImageFont.truetype(path, round(points * scale)) if path else ImageFont.load_default()
        return fonts[points]

    cx, cy, cw, ch = (v * scale for v in fig.clip)
    plot = PILImage.new("RGB", (max(1, round(cw)), max(1, round(ch))), (255, 255, 255))
    pdraw = ImageDraw.Draw(plot)

    def box(x: float, y: float, w: float, h: float) -> list[float]:  # in the plot's own pixels
        return [x * scale - cx, y * scale - cy, (x + w) * scale - cx - 1, (y + h) * scale - cy - 1]

    for item in fig.items:
        if isinstance(item, Rect) and item.role == "outline":
            pdraw.rectangle(box(item.x, item.y, item.w, item.h), outline=item.rgb, width=max(1, round(1.5 * scale)))
        elif isinstance(item, Rect) and item.role not in ("frame", "bar"):
            pdraw.rectangle(box(item.x, item.y, item.w, item.h), fill=item.rgb)
        elif isinstance(item, Image):
            w, h = max(1, round(item.w * scale)), max(1, round(item.h * scale))
            raster = PILImage.fromarray(item.rgb).resize((w, h), PILImage.Resampling.NEAREST)
            plot.paste(raster, (round(item.x * scale - cx), round(item.y * scale - cy)))
        elif isinstance(item, Line) and item.kind != "tick":
            ends = [item.x0 * scale - cx, item.y0 * scale - cy, item.x1 * scale - cx, item.y1 * scale - cy]
            pdraw.line(ends, fill=item.rgb, width=max(1, round(item.width * scale)))
            if not item.arrow:
                continue
            angle = math.atan2(ends[3] - ends[1], ends[2] - ends[0])
            head = max(4.0, 3 * item.width) * scale
            tip = (ends[2], ends[3])
            pdraw.polygon(
                [
                    tip,
                    *(
                        (tip[0] - head * math.cos(angle + d), tip[1] - head * math.sin(angle + d))
                        for d in (0.45, -0.45)
                    ),
                ],
                fill=item.rgb,
            )
        elif isinstance(item, Ring):
            r = item.r * scale
            x, y = item.cx * scale - cx, item.cy * scale - cy
            pdraw.ellipse([x - r, y - r, x + r, y + r], outline=item.rgb, width=max(1, round(2 * scale)))
    image.paste(plot, (round(cx), round(cy)))
    for item in fig.items:
        if isinstance(item, Rect) and item.role == "frame":
            corners = [item.x * scale, item.y * scale, (item.x + item.w) * scale, (item.y + item.h) * scale]
            draw.rectangle(corners, outline=item.rgb, width=max(1, round(0.8 * scale)))
        elif isinstance(item, Rect) and item.role == "bar":
            corners = [item.x * scale, item.y * scale, (item.x + item.w) * scale, (item.y + item.h) * scale]
            draw.rectangle(corners, fill=item.rgb)
        elif isinstance(item, Line) and item.kind == "tick":
            draw.line(
                [v * scale for v in (item.x0, item.y0, item.x1, item.y1)],
                fill=item.rgb,
                width=max(1, round(item.width * scale)),
            )
        elif isinstance(item, Text):
            anchor = {"start": "ls", "middle": "ms", "end": "rs"}[item.anchor]
            draw.text((item.x * scale, item.y * scale), item.text, fill=INK, font=font(item.size), anchor=anchor)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
