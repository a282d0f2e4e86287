"""Wythoff Explorer from Python (`import explorer as wx`): rules, exact answers, pictures.

Every rule answers the same questions, exactly, for whole numbers of any size:

>>> import explorer as wx
>>> w = wx.Wythoff()
>>> w.is_cold(3, 5), w.is_cold(3, 6)
(True, False)
>>> w.cold_pair(10**30) == (w.cold_pair(10**30)[0], w.cold_pair(10**30)[0] + 10**30)
True
>>> [m.target for m in w.winning_moves(4, 9)]
[(4, 7)]
>>> sorted(wx.Nim().legal_moves(1, 2))
[(0, 2), (1, 0), (1, 1)]
>>> wx.Fraenkel(2).cold_pair(1)  # a-Wythoff, a = 2: pairs (A_n, A_n + 2n)
(1, 3)
>>> wx.Misere().is_cold(0, 1)  # misère: taking the last counter loses
True
>>> wx.Custom(one="1 2", both="none", n=64).is_cold(3, 3)  # take 1 or 2 from one pile
True

Pictures are drawn from the same exact rasters and colours as the window, without Qt:

>>> p = wx.view(0, 0, 40, 30, size=(200, 150))
>>> p.rgb.shape, p.step, p.scale
((150, 200, 3), 1, 5)
>>> p.png()[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from explorer.core.analysis.far_values import SumAnswer
from explorer.core.analysis.modes import mode_refusal
from explorer.core.counting.raster import MAX_TEXELS, Raster
from explorer.core.exact.bigint import short_decimal, short_text
from explorer.core.game.spec import Amounts, MoveSpec
from explorer.core.protocol import Rule, RuleError
from explorer.core.render.figure import Figure, Image, Overlaid
from explorer.core.render.levels import Levels, levels_for
from explorer.core.render.png import png_bytes
from explorer.core.rules.closed import Fraenkel, Misere, Nim, Wythoff
from explorer.core.rules.custom import DEFAULT_SIDE, CustomRule
from explorer.core.rules.registry import parse_rule
from explorer.core.textio.atomic import write_bytes
from explorer.core.value_source import ValueCache
from explorer.core.values import COLD_OPTIONS, GRUNDY, HOT_COLD, REMOTENESS, VALUE_MODES

__all__ = [
    "Custom",
    "Fraenkel",
    "Misere",
    "Nim",
    "Picture",
    "Wythoff",
    "count_values",
    "figure",
    "rule",
    "save_figure",
    "slices",
    "sum",
    "view",
]

MODES = {
    "cold": HOT_COLD,
    HOT_COLD: HOT_COLD,
    GRUNDY: GRUNDY,
    REMOTENESS: REMOTENESS,
    "options": COLD_OPTIONS,
    COLD_OPTIONS: COLD_OPTIONS,
}
MAX_SIZE = 4096  # pixels per side of a picture


def Custom(one: str = "any", both: str = "any", a: int = 1, n: int = DEFAULT_SIDE, misere: bool = False) -> CustomRule:
    """A rule given by its moves, solved on [0, n)²: take an amount in `one` from one pile,
    or amounts k, l in `both` from both piles with |k - l| < a. Amounts are written as in the
    window: 'any', 'none', a list such as '1 2 5', or 'powers of 2'.

    >>> r = Custom(one="any", both="powers of 2", n=128)
    >>> r.is_cold(0, 0), r.is_cold(1, 1), r.is_cold(1, 2)
    (True, False, True)
    """
    try:
        spec = MoveSpec(Amounts.parse(one), Amounts.parse(both), a)
    except ValueError as exc:
        raise RuleError(str(exc)) from None
    return CustomRule(spec, n, misere)


def rule(text: str) -> Rule:
    """A rule from its text form, as `--rule` takes it: 'wythoff', 'nim', 'misere', 'wythoff:3',
    'custom:one=1 2;both=none;n=64'.

    >>> rule("wythoff:3") == Fraenkel(3)
    True
    """
    return parse_rule(text)


@dataclass(frozen=True)
class Picture:
    """Cells drawn as the window draws them. `rgb` is the picture (row 0 at the top: y grows
    upwards, x to the right); each texel of step x step cells is `scale` x `scale` pixels.
    The texels start at cell (x0, y0), a multiple of step, and cover the cells asked for."""

    rule: Rule
    mode: str
    x0: int
    y0: int
    step: int
    scale: int
    raster: Raster = field(repr=False)
    drawn: Levels = field(repr=False)
    values_cache: ValueCache | None = field(default=None, repr=False)
    view: tuple[int, int, int, int] | None = field(default=None, repr=False)  # the cells [x0, x1) x [y0, y1) asked

    @property
    def levels(self) -> NDArray[np.uint8]:
        """(ny, nx) colour levels of the texels, row j holding y = y0 + j * step."""
        return self.drawn.levels

    @property
    def counts(self) -> NDArray:
        """(ny, nx) exact cold-cell counts of the texels (int64, or Python ints when huge)."""
        return self.raster.dense_counts()

    def values(self) -> NDArray:
        """(ny, nx) exact G or R at each texel's corner cell where known, -1 where not (object
        array of Python ints). Only in the 'grundy' and 'remoteness' modes."""
        if self.values_cache is None:
            raise RuleError("values belong to pictures drawn in the 'grundy' or 'remoteness' mode")
        r = self.raster
        out = np.full((r.ny, r.nx), -1, dtype=object)
        for j in range(r.ny):
            for i in range(r.nx):
                v = self.values_cache.value(self.mode, r.x0 + i * r.step, r.y0 + j * r.step)
                if v is not None:
                    out[j, i] = v
        return out

    @property
    def rgb(self) -> NDArray[np.uint8]:
        image = self.drawn.rgb()[::-1]
        if self.scale > 1:
            image = np.repeat(np.repeat(image, self.scale, axis=0), self.scale, axis=1)
        return np.ascontiguousarray(image)

    def png(self) -> bytes:
        return png_bytes(self.rgb)

    def __repr__(self) -> str:
        h, w = self.levels.shape
        where = f"({short_decimal(self.x0)}, {short_decimal(self.y0)})"
        size = f"{w * self.scale}x{h * self.scale} px"
        texels = f"{w}x{h} texels of {short_decimal(self.step)}² cells"
        return f"<Picture {self.rule.key} {self.mode}: {texels} from {where}, {size}>"

    def _repr_png_(self) -> bytes:  # Jupyter shows the picture
        return self.png()

    def save(self, path: str | os.PathLike[str], size: tuple[int, int] = (600, 600)) -> str:
        """Write the picture, as its file's extension says: a figure for a paper (.pdf, .svg, or .tex for
        TikZ; `size` in points) with axes and exact labels, else a PNG of the texels. Returns what the
        figure says of itself (for example that a wide view is an embedded raster), or ''."""
        if os.path.splitext(os.fspath(path))[1].lower() not in (".pdf", ".svg", ".tex"):
            write_bytes(path, self.png())  # the texels themselves, whatever the name (`save_figure` draws axes)
            return ""
        return save_figure(path, figure_of(self, size))


_VALUES: dict[Rule, ValueCache] = {}  # the values of the last rule drawn in a value mode


def forget_values() -> None:
    """Drop the values kept for the last rule drawn in a value mode (the window's figure export calls
    this once a figure is written: the window keeps values of its own)."""
    _VALUES.clear()


def _values_for(rule: Rule, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int, mode: str) -> ValueCache:
    cache = _VALUES.get(rule)
    if cache is None:
        _VALUES.clear()  # one rule's values at a time: a few hundred MiB at most
        cache = _VALUES[rule] = ValueCache(rule)
    cache.solve_for_view(x_lo, y_lo, x_hi, y_hi, step, mode)  # what the one place says the view needs
    return cache


def _whole(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise RuleError(f"{name} must be a whole number, not {short_text(repr(value))}")
    return int(value)


def view(
    x0: int,
    y0: int,
    x1: int,
    y1: int,
    rule: Rule | str | None = None,
    mode: str = "cold",
    size: tuple[int, int] = (400, 400),
) -> Picture:
    """The cells [x0, x1) x [y0, y1) under `rule` (default Wythoff), at most `size` = (width,
    height) pixels. `mode`: 'cold' (hot/cold, exact counts at any zoom), 'grundy' or
    'remoteness' (grey where not computed). Far out and zoomed out is fine: 10^100 is exact.

    >>> p = view(10**100, 10**100, 10**100 + 64, 10**100 + 64, size=(64, 64))
    >>> p.x0 == 10**100, p.step, p.rgb.shape
    (True, 1, (64, 64, 3))
    """
    the_rule = Wythoff() if rule is None else parse_rule(rule) if isinstance(rule, str) else rule
    if mode not in MODES:
        raise RuleError(f"mode must be one of 'cold', 'grundy', 'remoteness', not {mode!r}")
    colour = MODES[mode]
    refusal = mode_refusal(the_rule, colour)
    if refusal:  # a mode the rule cannot answer: one sentence, not a picture painted grey
        raise RuleError(f"mode {mode!r}: {refusal}")
    x0, y0, x1, y1 = (_whole(v, n) for v, n in zip((x0, y0, x1, y1), ("x0", "y0", "x1", "y1"), strict=True))
    if min(x0, y0) < 0 or x1 <= x0 or y1 <= y0:
        raise RuleError("view takes 0 <= x0 < x1 and 0 <= y0 < y1 (cells [x0, x1) x [y0, y1))")
    w, h = (_whole(v, "size") for v in size)
    if not (1 <= w <= MAX_SIZE and 1 <= h <= MAX_SIZE):
        raise RuleError(f"size must be between 1 and {MAX_SIZE} pixels a side")
    step = max(1, -(-(x1 - x0) // w), -(-(y1 - y0) // h))
    raster = the_rule.raster(x0, y0, x1, y1, step)
    if raster.nx > MAX_TEXELS or raster.ny > MAX_TEXELS:  # cannot happen with size <= MAX_SIZE
        raise RuleError("the picture would be too large")
    cache = None
    if colour in VALUE_MODES:
        cache = _values_for(
            the_rule,
            raster.x0,
            raster.y0,
            raster.x0 + raster.nx * step - 1,
            raster.y0 + raster.ny * step - 1,
            step,
            colour,
        )
    drawn = levels_for(the_rule, raster, colour, cache)
    scale = max(1, min(w // max(raster.nx, 1), h // max(raster.ny, 1)))
    return Picture(the_rule, colour, raster.x0, raster.y0, step, scale, raster, drawn, cache, (x0, y0, x1, y1))


# ----- figures for papers (explorer.core.render.figure) ---------------------------------------------------
FIGURE_KINDS = (".pdf", ".svg", ".tex", ".png")
MODE_TITLES = {HOT_COLD: "cold cells", GRUNDY: "Grundy values", REMOTENESS: "remoteness", COLD_OPTIONS: "cold options"}


def figure_kind(path: str | os.PathLike[str]) -> str:
    ext = os.path.splitext(os.fspath(path))[1].lower()
    if ext not in FIGURE_KINDS:
        raise RuleError(
            f"a figure is written as {', '.join(FIGURE_KINDS)}, by its name's extension, not {ext or 'none'!r}"
        )
    return ext[1:]


def figure(
    x0: int,
    y0: int,
    x1: int,
    y1: int,
    rule: Rule | str | None = None,
    mode: str = "cold",
    select: tuple[int, int] | None = None,
    size: tuple[int, int] = (600, 600),
    compare: Rule | str | None = None,
    path: tuple[tuple[int, int], ...] = (),
    overlay: Overlaid | None = None,
) -> Figure:
    """The figure of cells [x0, x1) x [y0, y1): each cell a rectangle where at most 256 x 256 are in
    view, the exact raster otherwise, with axes, exact labels, and the selection with its winning
    moves. `compare`: another rule, the cells cold in both, in this rule only and in the other only
    (View ▸ Compare with…); `path`: positions joined move by move (a game shown); `overlay`: build
    mode's step or Why?'s lines (explorer.core.render.figure.Overlaid). Write it with
    `save_figure(path, figure)` (.pdf, .svg, .tex, .png)."""
    from explorer.core.render.figure import BOTTOM, LEFT, RIGHT, TOP, VECTOR_CELLS

    nx, ny = x1 - x0, y1 - y0
    if 0 < nx * ny <= VECTOR_CELLS:
        texels = (nx, ny)  # a texel a cell
    else:
        texels = (
            max(1, min(MAX_SIZE, int(2 * (size[0] - LEFT - RIGHT)))),
            max(1, min(MAX_SIZE, int(2 * (size[1] - TOP - BOTTOM)))),
        )
    picture = view(x0, y0, x1, y1, rule, mode, texels)
    if compare is None:
        return figure_of(picture, size, select, path=path, overlay=overlay)
    from explorer.core.analysis.compare import compare_picture
    from explorer.core.render import palette
    from explorer.core.render.figure import Cells, make_figure
    from explorer.core.render.levels import compare_levels

    other = parse_rule(compare) if isinstance(compare, str) else compare
    r = picture.raster
    compared = compare_picture(picture.rule, other, x0, y0, x1, y1, r.step)
    drawn = compare_levels(compared)
    legend = (
        ("cold in both", palette.COLD),
        (f"{picture.rule.key} only", palette.FIRST_ONLY),
        (f"{other.key} only", palette.SECOND_ONLY),
        ("some of each", palette.BOTH_DIFFER),
    )
    cells = Cells(compared.tx0 * r.step, compared.ty0 * r.step, r.step, drawn.rgb(), None, None, drawn.levels, legend)
    title = f"compared with {other.title}"
    return make_figure(
        picture.rule, title, (x0, y0, x1, y1), cells, (float(size[0]), float(size[1])), select, path, overlay
    )


def figure_of(
    picture: Picture,
    size: tuple[int, int] = (600, 600),
    select: tuple[int, int] | None = None,
    path: tuple[tuple[int, int], ...] = (),
    overlay: Overlaid | None = None,
) -> Figure:
    from explorer.core.render.figure import Cells, make_figure

    if min(size) < 120 or max(size) > 20_000:
        raise RuleError("a figure is 120 to 20 000 points a side")
    cold = np.asarray(picture.counts != 0) if picture.mode == HOT_COLD else None
    bar = None
    span = picture.drawn.value_range
    if picture.mode in VALUE_MODES and span is not None:  # levels 1..255 run from low to high
        bar = (picture.drawn.lut[np.linspace(1, 255, 32).round().astype(int)], float(span[0]), float(span[1]))
    cells = Cells(picture.x0, picture.y0, picture.step, picture.drawn.rgb(), cold, bar)
    r = picture.raster
    shown = picture.view or (r.x0, r.y0, r.x0 + r.nx * r.step, r.y0 + r.ny * r.step)
    return make_figure(
        picture.rule, MODE_TITLES[picture.mode], shown, cells, (float(size[0]), float(size[1])), select, path, overlay
    )


def save_figure(path: str | os.PathLike[str], fig: Figure, standalone: bool = False) -> str:
    """Write a figure as its file's extension says (.pdf, .svg, .tex; a .tex's raster goes to a PNG
    beside it). Written whole to a temporary file, then renamed. Returns the figure's note. A .tex
    is a tikzpicture to `\\input` (with `\\usepackage{tikz}`); `standalone`: a whole document."""
    from explorer.core.render.figure_files import to_png, to_svg, to_tikz
    from explorer.core.render.pdf import to_pdf

    kind = figure_kind(path)
    if kind == "pdf":
        write_bytes(path, to_pdf(fig))
    elif kind == "svg":
        write_bytes(path, to_svg(fig).encode())
    elif kind == "tex":
        raster = next((item for item in fig.items if isinstance(item, Image)), None)
        name = None
        if raster is not None:
            stem = os.path.splitext(os.fspath(path))[0]
            name = os.path.basename(stem) + "-cells.png"
            write_bytes(os.path.join(os.path.dirname(os.fspath(path)), name), png_bytes(raster.rgb))
        write_bytes(path, to_tikz(fig, name, standalone).encode())
    else:
        write_bytes(path, to_png(fig))
    return fig.note


def sum(a: int, b: int, *heaps: int, second: tuple[int, int] | None = None, rule: Rule | str = "wythoff") -> SumAnswer:
    """A sum of games: the two-pile game at (a, b) under `rule`, Nim heaps, and optionally a second
    two-pile position. Its value is the XOR of the parts' values; `winning_moves` lists every
    winning move as the position it leads to (piles, second piles, heaps).

    >>> import explorer as wx
    >>> s = wx.sum(4, 7, 2, 9, 3)
    >>> s.status, s.grundy, s.parts
    ('N', 8, (0, 2, 9, 3))
    >>> [m.after for m in s.winning_moves]
    [(1, 7, 2, 9, 3), (4, 7, 2, 1, 3)]
    >>> wx.sum(3, 5).status  # a cold Wythoff position alone
    'P'
    """
    from explorer.core.analysis.far_values import SumPosition, sum_answer, sums_refusal
    from explorer.core.value_source import command_values

    chosen = parse_rule(rule) if isinstance(rule, str) else rule
    refused = sums_refusal(chosen)
    if refused is not None:
        raise refused
    numbers = [_whole(v, "a pile") for v in (a, b, *(second or ()), *heaps)]
    position = SumPosition.parse(numbers, second=second is not None)
    return sum_answer(command_values(chosen), position)


def count_values(
    value: int, x1: int, y1: int, x0: int = 0, y0: int = 0, rule: Rule | str = "wythoff", mode: str = GRUNDY
) -> int:
    """Cells of the rectangle [x0, x1] × [y0, y1] whose Grundy value (mode "grundy") or remoteness
    ("remoteness") is `value`, from the one place that plans counts by value, as `count … --value`
    and the window's Queries tab ask it: the cold cells (value 0, any size), a corner table, the
    value's sequence far out. A question none of them reaches is refused, naming it.

    >>> import explorer as wx
    >>> wx.count_values(0, 6, 6)  # the cold cells (0, 0), (1, 2), (2, 1), (3, 5), (5, 3)
    5
    >>> wx.count_values(2, 30, 30, rule="wythoff:2") == wx.count_values(2, 30, 30, rule=wx.Fraenkel(2))
    True
    """
    from explorer.core.value_counts import Rects, count_by_value
    from explorer.core.value_source import command_values

    chosen = parse_rule(rule) if isinstance(rule, str) else rule
    kind = MODES.get(mode, mode)
    if kind not in VALUE_MODES:
        raise RuleError(f"mode {mode!r}: count by 'grundy' or 'remoteness'")
    numbers = [_whole(v, "a bound") for v in (x0, y0, x1, y1)]
    answer = count_by_value(command_values(chosen), kind, _whole(value, "a value"), Rects.of(*([n] for n in numbers)))
    return int(answer.counts[0])


def slices(game: str = "wythoff3", a_max: int = 10, n: int = 100_000) -> list[Any]:
    """Fraenkel's conjectures on three heaps, slice by slice (docs/math.md, "Three heaps as slices"):
    a report for each first heap a = 0 … a_max, over the indices up to n (`slices` on the command line).
    Evidence up to n, not a proof.

    >>> from explorer import api as wx
    >>> [(r.first, r.holds_i, r.holds_ii) for r in wx.slices(a_max=2, n=2000)]
    [(0, True, True), (1, True, True), (2, True, True)]
    >>> wx.rule("wythoff3:1").winning_moves(3, 5)[2].to  # (1, 3, 5) -> (0, 1, 2): 1, 2 and 3 taken
    (0, 1, 2)
    """
    from explorer.core.analysis.slices_report import reports
    from explorer.core.game.heaps3 import GAMES

    if game not in GAMES:
        raise RuleError(f"slices takes a three-heap game, {' or '.join(GAMES)}, not {game!r}")
    return reports(GAMES[game], a_max, n)
