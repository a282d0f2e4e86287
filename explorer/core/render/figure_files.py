"""A figure's display list (explorer.core.render.figure) written out: SVG (cells as classed rectangles,
text as text), TikZ (a standalone document whose colours and styles are named at its top) and PNG
(Pillow). The PDF is written by explorer.core.render.pdf."""

from __future__ import annotations

from explorer.core.render.figure import (
    INK,
    NEW,
    RGB,
    SHADE,
    VEILED,
    Figure,
    Image,
    Line,
    Rect,
    Ring,
    Text,
    font_path,
)
from explorer.core.render.palette import BOTH_DIFFER, COLD, FIRST_ONLY, HOT, MOVE_ARROW, PATH, SECOND_ONLY, SELECTION


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


def to_tikz(fig: Figure, raster_name: str | None = None, standalone: bool = False) -> str:
    """The figure as one tikzpicture, which a paper `\\input`s with only `\\usepackage{tikz}` (pgf
    loads graphicx, for a raster); with `standalone`, a whole document around it that pdflatex
    compiles alone, on a page the figure's size (plain LaTeX: the standalone class is not in
    Debian's texlive-latex-base). Its top names a colour and a style for each kind of thing drawn (wx
    hot, wx cold, wx level N, wx move, wx selection, wx frame), so an author can restyle the figure
    there. Cells are \\fill commands; a raster is included from `raster_name` (a PNG beside the .tex
    file)."""
    H = fig.height

    def y(v: float) -> str:
        return f"{H - v:.3f}"

    levels: dict[RGB, int] = {}
    for item in fig.items:
        if isinstance(item, Rect) and item.role == "cell" and item.rgb not in levels:
            levels[item.rgb] = len(levels)
    head = [
        "% A figure of Wythoff Explorer: \\input it in a document that says \\usepackage{tikz}.",
        "% Restyle it here: each colour and style below is used by name.",
        r"\begin{tikzpicture}[x=1pt, y=1pt]",
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
                # xcolor's colour expression: rgb,255:red,R;green,G;blue,B (not red:R, which failed)
                rgb = ";".join(f"{n},{v}" for n, v in zip(("red", "green", "blue"), item.rgb, strict=True))
                tail.append(rf"\fill[fill={{rgb,255:{rgb}}}] {corners};")
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
    picture = [*head, *body, *tail, r"\end{tikzpicture}"]
    if standalone:
        w, h = f"{fig.width:g}pt", f"{fig.height:g}pt"
        picture = [
            "% A figure of Wythoff Explorer, a whole document: pdflatex compiles it alone.",
            r"\documentclass{article}",
            r"\usepackage{tikz}",
            r"\pagestyle{empty}",
            rf"\setlength{{\paperwidth}}{{{w}}}\setlength{{\paperheight}}{{{h}}}",
            r"\ifdefined\pdfpagewidth\setlength{\pdfpagewidth}{\paperwidth}\setlength{\pdfpageheight}{\paperheight}\fi",
            rf"\setlength{{\textwidth}}{{{w}}}\setlength{{\textheight}}{{{h}}}",
            r"\setlength{\oddsidemargin}{-1in}\setlength{\topmargin}{-1in}",
            r"\setlength{\headheight}{0pt}\setlength{\headsep}{0pt}\setlength{\parindent}{0pt}",
            r"\begin{document}",
            *picture,
            r"\end{document}",
        ]
    return "\n".join([*picture, ""])


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
