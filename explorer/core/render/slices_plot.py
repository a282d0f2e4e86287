"""The conjecture report's picture: b_n − ⌊nφ⌋ against n (log scale) for each slice of three heaps,
drawn with Pillow. Each slice settles on a band α − 1 … α + 1 (conjecture (ii)); the early,
unsettled indices are at the left."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from explorer.core.exact.lazy import lazy_numpy

if TYPE_CHECKING:
    import numpy as np

    from explorer.core.analysis.slices_report import SliceReport
else:
    np = lazy_numpy(__name__)

SIZE = (1000, 640)
MARGIN = (70, 40, 150, 50)  # left, top, right, bottom
COLOURS = ((28, 58, 138), (200, 80, 30), (30, 140, 60), (150, 40, 150), (190, 150, 20), (20, 150, 170), (120, 120, 120))


def plot_image(found: list[SliceReport], title: str):  # type: ignore[no-untyped-def]
    """The picture as a PIL image: a polyline of each slice's b_n − ⌊nφ⌋, at most a point a pixel
    column (its least and largest values there drawn as a bar)."""
    from PIL import Image, ImageDraw, ImageFont

    w, h = SIZE
    left, top, right, bottom = MARGIN
    image = Image.new("RGB", SIZE, (255, 255, 255))
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=13)
    n_top = max(int(r.ns[-1]) for r in found if r.ns.size) + 1
    lo = min(int(r.excess.min()) for r in found if r.excess.size) - 1
    hi = max(int(r.excess.max()) for r in found if r.excess.size) + 1
    span = max(hi - lo, 1)
    pw, ph = w - left - right, h - top - bottom
    log_top = math.log10(n_top + 1)

    def px(n: np.ndarray) -> np.ndarray:
        return (left + np.log10(n + 1.0) / log_top * (pw - 1)).astype(np.int64)

    def py(v: float) -> int:
        return int(top + (hi - v) / span * (ph - 1))

    draw.rectangle((left, top, left + pw, top + ph), outline=(0, 0, 0))
    for k in range(int(log_top) + 1):
        x = int(left + k / log_top * (pw - 1))
        draw.line((x, top + ph, x, top + ph + 5), fill=(0, 0, 0))
        draw.text((x - 12, top + ph + 8), f"10^{k}" if k else "1", fill=(0, 0, 0), font=font)
    ticks = max(1, span // 8)
    for v in range(lo - lo % ticks, hi + 1, ticks):
        if lo <= v <= hi:
            draw.line((left - 5, py(v), left, py(v)), fill=(0, 0, 0))
            draw.text((8, py(v) - 7), str(v), fill=(0, 0, 0), font=font)
    draw.text((left, 12), title, fill=(0, 0, 0), font=font)
    draw.text((left + pw // 2 - 60, h - 22), "n (log scale)", fill=(0, 0, 0), font=font)
    for i, r in enumerate(found):
        if not r.ns.size:
            continue
        colour = COLOURS[i % len(COLOURS)]
        xs = px(r.ns)
        cols, start = np.unique(xs, return_index=True)
        lows = np.minimum.reduceat(r.excess, start)
        highs = np.maximum.reduceat(r.excess, start)
        last = None
        for x, a, b in zip(cols.tolist(), lows.tolist(), highs.tolist(), strict=True):
            draw.line((x, py(a), x, py(b)), fill=colour)
            if last is not None:
                draw.line((last[0], last[1], x, py((a + b) / 2)), fill=colour)
            last = (x, py((a + b) / 2))
        ly = top + 4 + 16 * (i % ((ph - 8) // 16))
        lx = left + pw + 10 + 70 * (i // ((ph - 8) // 16))
        draw.line((lx, ly + 7, lx + 16, ly + 7), fill=colour, width=3)
        draw.text((lx + 20, ly), f"a = {r.first}", fill=(0, 0, 0), font=font)
    return image


def save_plot(path: str, found: list[SliceReport], title: str) -> None:
    try:
        plot_image(found, title).save(path, format="PNG")
    except OSError as exc:
        raise ValueError(f"cannot write {path}: {exc.strerror or exc}") from None
