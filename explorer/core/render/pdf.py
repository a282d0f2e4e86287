"""A figure (explorer.core.render.figure) as a one-page PDF, written here: rectangles, lines and text
as vectors, the raster as an image, and the text's font embedded (DejaVu Sans, a TrueType font with
WinAnsi encoding, its widths measured with Pillow), so the file looks the same on every machine.
Where no DejaVu Sans is installed the text uses Helvetica, one of the fonts every PDF reader has.
"""

from __future__ import annotations

import zlib

from explorer.core.render.figure import FIRST, LAST, Figure, Image, Line, Rect, Ring, Text, font, text_width

KAPPA = 0.5523  # a quarter circle as one cubic Bézier


def _string(text: str) -> bytes:
    raw = text.encode("cp1252", errors="replace")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def _colour(rgb: tuple[int, int, int], op: str) -> str:
    r, g, b = (v / 255 for v in rgb)
    return f"{r:.4f} {g:.4f} {b:.4f} {op}"


def to_pdf(fig: Figure) -> bytes:
    H = fig.height
    ops: list[str] = []
    images: list[Image] = []
    cx, cy, cw, ch = fig.clip
    clipped = True
    ops.append(f"q {cx:.3f} {H - cy - ch:.3f} {cw:.3f} {ch:.3f} re W n")
    for item in fig.items:
        if clipped and (isinstance(item, (Text,)) or (isinstance(item, Rect) and item.role == "frame")):
            ops.append("Q")  # the frame, ticks and text lie outside the plot box
            clipped = False
        if isinstance(item, Rect):
            corner = f"{item.x:.3f} {H - item.y - item.h:.3f} {item.w:.3f} {item.h:.3f} re"
            if item.role in ("frame", "outline"):
                ops.append(f"{_colour(item.rgb, 'RG')} {0.8 if item.role == 'frame' else 1.5} w {corner} S")
            else:
                ops.append(f"{_colour(item.rgb, 'rg')} {corner} f")
        elif isinstance(item, Image):
            images.append(item)
            ops.append(
                f"q {item.w:.3f} 0 0 {item.h:.3f} {item.x:.3f} {H - item.y - item.h:.3f} cm /Im{len(images)} Do Q"
            )
        elif isinstance(item, Line):
            ops.append(
                f"{_colour(item.rgb, 'RG')} {item.width:.2f} w {item.x0:.3f} {H - item.y0:.3f} m "
                f"{item.x1:.3f} {H - item.y1:.3f} l S"
            )
            if item.arrow:
                ops.append(_arrow_head(item, H))
        elif isinstance(item, Ring):
            ops.append(f"{_colour(item.rgb, 'RG')} 2 w {_circle(item.cx, H - item.cy, item.r)} S")
        elif isinstance(item, Text):
            x = item.x - {"start": 0.0, "middle": 0.5, "end": 1.0}[item.anchor] * text_width(item.text, item.size)
            text = _string(item.text).decode("latin-1")
            ops.append(f"0.157 0.157 0.188 rg BT /F1 {item.size:g} Tf {x:.3f} {H - item.y:.3f} Td {text} Tj ET")
    if clipped:
        ops.append("Q")
    return _document(fig, "\n".join(ops).encode("latin-1"), images)


def _arrow_head(line: Line, H: float) -> str:
    import math

    dx, dy = line.x1 - line.x0, line.y1 - line.y0
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    size = max(4.0, 3 * line.width)
    bx, by = line.x1 - ux * size, line.y1 - uy * size
    px, py = -uy * size / 2, ux * size / 2
    points = [(line.x1, line.y1), (bx + px, by + py), (bx - px, by - py)]
    path = " ".join(f"{x:.3f} {H - y:.3f} {'m' if i == 0 else 'l'}" for i, (x, y) in enumerate(points))
    return f"{_colour(line.rgb, 'rg')} {path} h f"


def _circle(x: float, y: float, r: float) -> str:
    k = KAPPA * r
    return (
        f"{x + r:.3f} {y:.3f} m {x + r:.3f} {y + k:.3f} {x + k:.3f} {y + r:.3f} {x:.3f} {y + r:.3f} c "
        f"{x - k:.3f} {y + r:.3f} {x - r:.3f} {y + k:.3f} {x - r:.3f} {y:.3f} c "
        f"{x - r:.3f} {y - k:.3f} {x - k:.3f} {y - r:.3f} {x:.3f} {y - r:.3f} c "
        f"{x + k:.3f} {y - r:.3f} {x + r:.3f} {y - k:.3f} {x + r:.3f} {y:.3f} c"
    )


def _document(fig: Figure, content: bytes, images: list[Image]) -> bytes:
    f = font()
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    def stream(head: str, data: bytes) -> bytes:
        packed = zlib.compress(data, 6)
        return f"<< {head} /Length {len(packed)} /Filter /FlateDecode >>\nstream\n".encode() + packed + b"\nendstream"

    catalog = add(b"")  # filled in below, once the pages' number is known
    pages = add(b"")
    contents = add(stream("", content))
    if f.file is not None:
        font_file = add(stream(f"/Length1 {len(f.file)}", f.file))
        descriptor = add(
            f"<< /Type /FontDescriptor /FontName /{f.name} /Flags 32 /FontBBox [{' '.join(map(str, f.bbox))}] "
            f"/ItalicAngle 0 /Ascent {f.ascent} /Descent {f.descent} /CapHeight {f.ascent} /StemV 80 "
            f"/FontFile2 {font_file} 0 R >>".encode()
        )
        font_obj = add(
            f"<< /Type /Font /Subtype /TrueType /BaseFont /{f.name} /FirstChar {FIRST} /LastChar {LAST} "
            f"/Widths [{' '.join(map(str, f.widths))}] /FontDescriptor {descriptor} 0 R "
            f"/Encoding /WinAnsiEncoding >>".encode()
        )
    else:
        font_obj = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    image_refs = []
    for i, image in enumerate(images, 1):
        rows, cols = image.rgb.shape[:2]
        head = f"/Type /XObject /Subtype /Image /Width {cols} /Height {rows} /ColorSpace /DeviceRGB /BitsPerComponent 8"
        image_refs.append(f"/Im{i} {add(stream(head, image.rgb.tobytes()))} 0 R")
    page = add(
        f"<< /Type /Page /Parent {pages} 0 R /MediaBox [0 0 {fig.width:g} {fig.height:g}] "
        f"/Resources << /Font << /F1 {font_obj} 0 R >> /XObject << {' '.join(image_refs)} >> >> "
        f"/Contents {contents} 0 R >>".encode()
    )
    objects[catalog - 1] = f"<< /Type /Catalog /Pages {pages} 0 R >>".encode()
    objects[pages - 1] = f"<< /Type /Pages /Kids [{page} 0 R] /Count 1 >>".encode()
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root {catalog} 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)
