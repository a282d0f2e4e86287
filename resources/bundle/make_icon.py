"""Draws resources/wythoff-explorer.png, the app's icon: the corner [0, 16)² of Wythoff's grid, cold
cells blue on cream as the window draws them, (0, 0) at the bottom left. `python resources/bundle/make_icon.py`."""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw

from explorer.core.game.sequence import is_cold

SIDE, CELLS, MARGIN = 256, 16, 8
HOT, COLD, LINE = (250, 240, 215), (28, 58, 138), (210, 196, 160)


def icon() -> Image.Image:
    image = Image.new("RGBA", (SIDE, SIDE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, SIDE - 1, SIDE - 1), radius=36, fill=HOT)
    cell = (SIDE - 2 * MARGIN) / CELLS
    for x in range(CELLS):
        for y in range(CELLS):
            left, top = MARGIN + x * cell, SIDE - MARGIN - (y + 1) * cell
            box = (round(left) + 1, round(top) + 1, round(left + cell) - 1, round(top + cell) - 1)
            draw.rectangle(box, fill=COLD if is_cold(x, y) else HOT, outline=LINE)
    return image


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "wythoff-explorer.png"
    icon().save(out)
    print(out)
