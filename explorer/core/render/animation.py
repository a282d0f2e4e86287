"""Animations to take away (issue 30): the construction of the cold cells, step by step, and a
game between two perfect players, drawn frame by frame with Pillow (no Qt: it runs headless and
in a notebook) and written as an animated GIF.

A frame is the grid of the view [x0, x1] × [y0, y1] (pile A across, pile B up, (x0, y0) bottom
left), one square per cell, with a caption band under it:

- build: cold cells placed so far (deep blue; those of steps before the view's first, pale), the
  step's new cells outlined, the lines of cells they make hot shaded (clipped exactly, at any
  size), jump targets ringed, and the step's sentence;
- play: the positions of the game so far joined by its moves, the position now outlined, and
  who moved how.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from explorer.core.analysis.construction import Step, clip
from explorer.core.exact.bigint import short_decimal
from explorer.core.protocol import Constructed, RuleError
from explorer.core.render.frame import clip_segment
from explorer.core.render.palette import COLD, HOT
from explorer.core.textio.atomic import replaced

if TYPE_CHECKING:
    from PIL import Image

    from explorer.core.protocol import Rule

MAX_VIEW = 240  # cells across a frame, at most (a cell must stay a few pixels wide)
MAX_STEPS = 600
EARLIER = (150, 175, 225)  # cold cells placed before the view's first step
NEW = (230, 120, 20)  # the step's own cells, outlined
HOTTER = (240, 180, 150)  # cells the step makes hot
LINE = (90, 90, 90)
PATH = (150, 50, 160)
CAPTION_PX = 58
ASCII = {"→": "->", "·": "*", "−": "-", "≥": ">=", "≤": "<=", "²": "^2", "φ": "phi", "…": "..."}
Progress = Callable[[int, int], bool]


class Frame:
    """Cell geometry of one view in a picture of size (width, height)."""

    def __init__(self, view: tuple[int, int, int, int], size: tuple[int, int]) -> None:
        x0, y0, x1, y1 = view
        if x1 < x0 or y1 < y0:
            raise RuleError("the view needs X0 <= X1 and Y0 <= Y1")
        if max(x1 - x0, y1 - y0) >= MAX_VIEW:
            raise RuleError(f"an animation shows at most {MAX_VIEW} cells across: narrow the view")
        self.view = view
        self.width, self.height = size
        cols, rows = x1 - x0 + 1, y1 - y0 + 1
        self.cell = max(2, min((self.width - 8) // cols, (self.height - CAPTION_PX - 8) // rows))
        self.left = (self.width - cols * self.cell) // 2
        self.bottom = self.height - CAPTION_PX - 4

    def box(self, x: int, y: int) -> tuple[int, int, int, int]:
        x0, y0, _, _ = self.view
        left = self.left + (x - x0) * self.cell
        bottom = self.bottom - (y - y0) * self.cell
        return left, bottom - self.cell + 1, left + self.cell - 1, bottom

    def centre(self, x: int, y: int) -> tuple[float, float]:
        a, b, c, d = self.box(x, y)
        return (a + c) / 2, (b + d) / 2

    def segment(self, p: tuple[int, int], q: tuple[int, int]) -> tuple[tuple[float, float], ...] | None:
        """The part of the line from cell p's centre to q's that lies within a cell of the view,
        as two pixel points; None if it misses. Clipped exactly (Liang–Barsky in Fractions)
        before anything becomes a float: a move from a cell 10^308 away once overflowed a float."""
        x0, y0, x1, y1 = self.view
        seen = clip_segment(p, q, (x0 - 1, y0 - 1, x1 + 1, y1 + 1))  # type: ignore[arg-type]
        if seen is None:
            return None
        half = Fraction(self.cell - 1, 2)

        def pixel(x: Fraction, y: Fraction) -> tuple[float, float]:
            return float(self.left + (x - x0) * self.cell + half), float(self.bottom - (y - y0) * self.cell - half)

        return pixel(*seen[0]), pixel(*seen[1])

    def inside(self, x: int, y: int) -> bool:
        x0, y0, x1, y1 = self.view
        return x0 <= x <= x1 and y0 <= y <= y1

    def cells(self) -> list[tuple[int, int]]:
        x0, y0, x1, y1 = self.view
        return [(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)]


def _cell(c: tuple[int, int]) -> str:
    return f"({short_decimal(c[0])}, {short_decimal(c[1])})"


def _image(frame: Frame, coloured: dict[tuple[int, int], tuple[int, int, int]] | None = None) -> Any:
    """A frame's picture: every cell hot, those in `coloured` in their colour, one numpy pass (a
    rectangle a cell in Python held the GIL long enough to stall the window while it exported)."""
    import numpy as np
    from PIL import Image, ImageDraw

    x0, y0, x1, y1 = frame.view
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    cells = np.empty((rows, cols, 3), dtype=np.uint8)
    cells[:] = HOT
    for (x, y), rgb in (coloured or {}).items():
        if frame.inside(x, y):
            cells[y1 - y, x - x0] = rgb  # row 0 is the top: the highest y
    c = frame.cell
    block = np.repeat(np.repeat(cells, c, axis=0), c, axis=1)
    block[c - 1 :: c, :, :] = (block[c - 1 :: c, :, :] * 0.9).astype(np.uint8)  # faint cell borders
    block[:, c - 1 :: c, :] = (block[:, c - 1 :: c, :] * 0.9).astype(np.uint8)
    pixels = np.full((frame.height, frame.width, 3), 255, dtype=np.uint8)
    top = frame.bottom - rows * c + 1
    pixels[top : top + rows * c, frame.left : frame.left + cols * c] = block
    image = Image.fromarray(pixels, "RGB")
    return image, ImageDraw.Draw(image)


def _compact(image: Any) -> Any:
    """The frame as a palette image (1 byte a pixel): what a GIF holds anyway."""
    from PIL import Image

    return image.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def check_size(frames: int, size: tuple[int, int]) -> None:
    """Refuse before drawing an animation that would pass its memory budget."""
    from explorer.core import budget

    need = frames * size[0] * size[1]
    if need > budget.ANIMATION_PIXELS:
        raise RuleError(
            f"{frames} frames of {size[0]}x{size[1]} need about {need >> 20} MiB; the budget is "
            f"{budget.ANIMATION_PIXELS >> 20} MiB: fewer steps or a smaller size"
        )


def _caption(draw: Any, frame: Frame, text: str) -> None:
    from PIL import ImageFont

    font = ImageFont.load_default(size=13)
    for fancy, plain in ASCII.items():  # the built-in font has no arrows or math signs
        text = text.replace(fancy, plain)
    chars = max(20, frame.width // 7)
    lines = textwrap.wrap(text, chars)[:3]
    for i, line in enumerate(lines):
        draw.text((8, frame.height - CAPTION_PX + 4 + 17 * i), line, fill=(20, 20, 20), font=font)


def build_frames(
    rule: Rule, view: tuple[int, int, int, int], steps: int, size: tuple[int, int], progress: Progress | None = None
) -> list[Image.Image]:
    """One frame per construction step, from the first step about the view, at most `steps`, and
    none past the view: a step's cell x grows with k (pairs x <= y; a square column by column),
    so once it passes the view's far edge no later step places a cell of the view (frames that
    differed only in their caption were written)."""
    if not 1 <= steps <= MAX_STEPS:
        raise RuleError(f"--steps takes 1 to {MAX_STEPS}")
    if not isinstance(rule, Constructed):
        raise RuleError(f"{rule.title} has no construction to show")
    frame = Frame(view, size)
    x0, y0, x1, y1 = view
    first = rule.construction_start(x0, y0)
    known: list[Step] = []
    for k in range(first, first + steps):
        try:
            step = rule.construction_step(k)
        except RuleError:
            break  # the rule's construction ends there (a solved square, a sequence's bound)
        if known and step.cell[0] > max(x1, y1):
            break
        known.append(step)
    if not known:
        raise RuleError("the construction has no step in this view")
    earlier = []
    for x, y in frame.cells():
        order = rule.construction_order(x, y) if rule.is_cold(x, y) else None
        if order is not None and order < first:
            earlier.append((x, y))
    check_size(len(known), size)
    frames = []
    placed: dict[tuple[int, int], tuple[int, int, int]] = {}
    for i, step in enumerate(known):
        colours: dict[tuple[int, int], tuple[int, int, int]] = {}
        for line in step.lines:
            ends = clip(line, *view)
            if ends is not None:
                (ax, ay), (bx, by) = ends
                p, q = line.direction
                t, x, y = 0, ax, ay
                while (x, y) != (bx + p, by + q):
                    colours[(x, y)] = HOTTER
                    t += 1
                    x, y = ax + t * p, ay + t * q
        colours.update(dict.fromkeys(earlier, EARLIER))
        placed.update({c: COLD for c in step.placed if frame.inside(*c)})
        colours.update(placed)
        image, draw = _image(frame, colours)
        for c in step.placed:
            if frame.inside(*c):
                draw.rectangle(frame.box(*c), outline=NEW, width=max(1, frame.cell // 6))
        for d in step.dots:
            if frame.inside(*d):
                cx, cy = frame.centre(*d)
                r = frame.cell * 0.42
                draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=NEW, width=max(1, frame.cell // 8))
        if frame.inside(*step.cell):
            draw.rectangle(frame.box(*step.cell), outline=NEW, width=max(1, frame.cell // 6))
        _caption(draw, frame, f"Step {short_decimal(step.k)}: {step.caption}")
        frames.append(_compact(image))
        if progress is not None and progress(i + 1, len(known)) is False:
            raise InterruptedError("cancelled")
    return frames


PLAY_SCAN = 4096  # moves the loser looks through for the longest delay, each move of a shown game


def perfect_game(
    rule: Rule,
    start: tuple[int, int],
    remoteness: Callable[[int, int], int | None] | None,
    limit: int = MAX_STEPS,
    progress: Progress | None = None,
) -> list[tuple[int, int]]:
    """The positions of a game from `start` between two perfect players: the winner hurries and
    the loser delays where remoteness is known (else any winning move, or the first move). At
    most `limit` moves, the loser looking through at most PLAY_SCAN of its moves each time (from
    large piles a delaying game is long, and each move has as many choices as counters)."""
    from explorer.core.analysis.play import Game

    game = Game(rule, start, human_first=False, remoteness=remoteness, delay_scan=PLAY_SCAN)
    while not game.over and len(game.path) <= limit:
        game.human_first = len(game.movers) % 2 == 1  # both sides are the computer: a perfect player
        game.computer_move()
        if progress is not None and progress(len(game.path), limit) is False:
            raise InterruptedError("cancelled")
    return list(game.path)


def play_frames(
    rule: Rule,
    start: tuple[int, int],
    view: tuple[int, int, int, int],
    size: tuple[int, int],
    remoteness: Callable[[int, int], int | None] | None = None,
    progress: Progress | None = None,
) -> list[Image.Image]:
    """One frame per position of a perfectly played game from `start`, its moves drawn so far."""
    frame = Frame(view, size)
    path = perfect_game(rule, start, remoteness, progress=progress)
    check_size(len(path), size)
    cold_cells = {c: COLD for c in frame.cells() if rule.is_cold(*c)}
    frames = []
    players = ("first player", "second player")
    for i in range(len(path)):
        image, draw = _image(frame, cold_cells)
        for a, b in pairwise(path[: i + 1]):
            seen = frame.segment(a, b)
            if seen is not None:
                draw.line(seen, fill=PATH, width=max(2, frame.cell // 5))
        here = path[i]
        if frame.inside(*here):
            draw.rectangle(frame.box(*here), outline=NEW, width=max(2, frame.cell // 5))
        if i == 0:
            who = "the first player" if not rule.is_cold(*here) else "the second player"
            text = f"Start at {_cell(here)}: {who} wins with perfect play"
        else:
            (fa, fb), (ta, tb) = path[i - 1], path[i]
            text = f"Move {i}, {players[(i - 1) % 2]}: {_cell((fa, fb))} → {_cell((ta, tb))}"
            if rule.is_cold(ta, tb):
                text += ", a cold cell: the opponent must move to a hot one"
            if i == len(path) - 1:
                text += f". No move is left: the {players[(i - 1) % 2]} wins"
        _caption(draw, frame, text)
        frames.append(_compact(image))
        if progress is not None and progress(i + 1, len(path)) is False:
            raise InterruptedError("cancelled")
    return frames


def save_gif(frames: list[Image.Image], path: str, frame_ms: int = 700) -> None:
    """An animated GIF, looping, the last frame held three times as long."""
    durations = [frame_ms] * len(frames)
    durations[-1] = frame_ms * 3
    with replaced(path, "wb") as handle:
        frames[0].save(
            handle, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0, optimize=False
        )
