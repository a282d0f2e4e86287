"""How far values are solved, and the small types the one place that answers values speaks in
(explorer.core.value_source): the limits of each kind of caller (`WINDOW`, `COMMAND`), stated once
from explorer.core.budget; what to solve next (`Need`); an answer (`Value`); a refusal
(`ValueRefused`); and whether a corner table fits, known before it starts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from explorer.core import budget
from explorer.core.errors import OutOfBounds
from explorer.core.protocol import CertifiedRows, KnownValues, Rule, Slice, Valued, ValueSequences
from explorer.core.values.cost import MAX_WORK, WINDOW_WORK

SOURCES = ("closed form", "cold", "certified row", "corner", "sequences")


def has_values(rule: Rule) -> bool:
    """Whether the rule has Grundy values and remoteness at all (a corner sweep, or a closed form)."""
    return isinstance(rule, (Valued, KnownValues))


def no_values_text(rule: Rule) -> str:
    """Why a rule without values has none, in one sentence (`has_values` is False)."""
    if isinstance(rule, Slice):
        return f"G is not defined for a slice of three heaps ({rule.title}): a cell's options leave the board"
    return f"{rule.title} has no Grundy values or remoteness"


def values_far_out(rule: Rule) -> bool:
    """Whether its values far out are sequences (moves holding Nim's rays, normal play): the cells
    of one value, a heap's picture, counts and sums far out."""
    return isinstance(rule, ValueSequences)


def has_rows(rule: Rule) -> bool:
    """Whether the rule's Grundy rows are certified at any distance (Wythoff's, and the rules
    that share its rows)."""
    return isinstance(rule, CertifiedRows)


class ValueRefused(OutOfBounds):
    """No means within the limits answers this value; the message names the bound and what more
    would answer."""


@dataclass(frozen=True)
class Limits:
    """How far values are solved for one kind of caller. The window shares its memory with
    everything else it shows; a command runs alone."""

    who: str
    corner_bytes: int  # the corner table's G, R and cold
    corner_work: int  # the corner sweep's line reads (explorer.core.values.cost)
    rows_bytes: int  # the strip of Wythoff's certified rows
    far_values: int  # values 0 … far_values−1 are solved as sequences
    far_columns: int  # on at most this many columns
    far_bytes: int
    sum_bytes: int  # a sum's own table of values, when a part's move needs more values
    sum_work: int


QUICK_WORK = 1 << 29  # a corner this cheap (about a second at most) is solved before the sequences are tried
ROWS_FROM = 4096  # a cell this far along an axis asks the certified rows before any corner
ROWS_MAX = 201  # Wythoff's rows 0-200 are certified (docs/math.md, "Grundy rows far from the origin")
BLOCK_CELLS = 1 << 20  # cells of a block answered one by one (no corner holds it), at most
MIN_COLUMNS = 1 << 12  # the value sequences are solved on a power of two of columns, at least this
FAR_VALUES_MAX_STEP = 16  # cells a texel side, at most, for the value sequences to be solved for a view
SHARE_COLUMNS = 1 << 16  # zoomed out, exact shares are counted while the view holds at most this many solved columns
HEAP_COLUMNS_QUICK = 1 << 12  # a heap's picture reading more solved columns is drawn on a worker (each numpy
# call on the GUI thread beside a sweep waits for the GIL: 65 536 columns once took 389 ms)

WINDOW = Limits(
    "the window",
    budget.VALUES_WINDOW_BYTES,
    WINDOW_WORK,
    budget.ROWS_BYTES,
    budget.FAR_VALUES_WINDOW,
    budget.FAR_COLUMNS_WINDOW,
    budget.FAR_VALUES_WINDOW_BYTES,
    budget.SUM_VALUES_WINDOW_BYTES,
    1 << 34,  # about 0.5 s: a sum's own table of values³ × columns × ~0.03 ns
)
COMMAND = Limits(
    "a command",
    budget.VALUES_BYTES,
    MAX_WORK,
    budget.ROWS_CLI_BYTES,
    budget.FAR_VALUES_CLI,
    budget.FAR_COLUMNS_CLI,
    budget.FAR_VALUES_CLI_BYTES,
    budget.SUM_VALUES_BYTES,
    1 << 38,  # about 8 s
)


def columns_for(last: int, most: int) -> int:
    """Columns to solve so that column `last` is solved: a power of two, at least MIN_COLUMNS (the
    next question nearby needs no new sweep), at most `most`."""
    return min(max(MIN_COLUMNS, 1 << max(last, 0).bit_length()), most)


class Need(NamedTuple):
    """What to solve next, sized before it starts: the certified rows (`size` rows), a corner
    table (`size` x `other`), or the value sequences (`values` values on `size` columns)."""

    what: str  # "rows", "corner" (G and R), "grundy corner" (G alone) or "sequences"
    size: int
    other: int
    values: int
    bytes: int

    def describe(self) -> str:
        if self.what == "rows":
            return f"Wythoff's Grundy rows 0–{self.size - 1}"
        if self.what == "grundy corner":
            return f"Grundy values on [0, {self.size:,}) × [0, {self.other:,})"
        if self.what == "corner":
            return f"Grundy values and remoteness on [0, {self.size:,}) × [0, {self.other:,})"
        return f"Grundy values 0–{self.values - 1} far out, each as a sequence, on {self.size:,} columns"


class ViewNeeds(NamedTuple):
    """What a view of values asks to be solved (`Plans.needs_for_view`): the corner's side (None:
    no corner helps), the certified rows, the columns of the value sequences (None: none)."""

    corner: int | None
    rows: bool
    far_columns: int | None


class TexelSources(NamedTuple):
    """Where a view's texels get their values of one kind, in the planner's order
    (`Plans.texel_sources`): the corner table (None: none solved) holding [0, side)²; the certified
    rows (None: none, or not for this kind); the value sequences (None: likewise); whether a texel
    whose corner cell is cold has the value 0 (G under normal play, at any size the rule judges).
    `rows_solved` is how many rows are known whatever the kind (the colour scale's reach)."""

    corner: Any
    side: int
    rows: Any
    sequences: Any
    cold_is_zero: bool
    rows_solved: int


class Value(NamedTuple):
    """G (or R) of one cell: `value` exact, or `above` = H where the value is known to be at least
    H, with the source that said so."""

    value: int | None
    above: int | None
    source: str

    def text(self) -> str:
        if self.value is not None:
            return str(self.value)
        return f">{(self.above or 0) - 1}"


START_SIDE = 256
# The inspector computes G and R of a selected position on its own, whatever the colour mode,
# when the corner that covers it is at most this side: Wythoff's 1024² takes ~20 ms and 5 MiB.
INSPECT_SIDE = 1024
REST_SIDE = 2048  # what is kept once the grid stops showing values: 20 MiB for Wythoff
ROWS = ROWS_MAX  # the window solves Wythoff's rows 0..200 (those its budget certifies are known at any distance)


def corner_fits(rule: Rule, nx: int, ny: int, limits: Limits, work: int | None = None) -> bool:
    """Whether the corner [0, nx) x [0, ny) fits the limits (memory, and `work` or the limits'
    work bound), known before it starts."""
    if not isinstance(rule, Valued) or nx < 1 or ny < 1 or nx + ny >= 0xFFFF:
        return False
    if rule.bound is not None and max(nx, ny) > rule.bound:
        return False
    per_cell, cost = rule.value_cost(nx, ny)
    return corner_bytes(per_cell, nx, ny) <= limits.corner_bytes and cost <= (
        limits.corner_work if work is None else work
    )


SQUARE_LINE_BYTES = 3  # a square corner's line bitsets, a cell: within each rule's bytes-a-cell figure


def corner_bytes(per_cell: int, nx: int, ny: int) -> int:
    """The peak memory of the corner [0, nx) x [0, ny): its cells, and the sweep's bitsets of the
    values on each line (a row, a column, a diagonal: about (nx + 2 ny)(nx + ny) / 2 bytes). The
    bytes-a-cell figures were measured on squares, whose bitsets come to about SQUARE_LINE_BYTES a
    cell; a thin corner's grow with the square of its long side ([0, 3) x [0, 60000) of Wythoff's
    took 1 GiB while its cells came to 1 MiB)."""
    lines = (nx + 2 * ny) * (nx + ny) // 2
    return per_cell * nx * ny + max(0, lines - SQUARE_LINE_BYTES * nx * ny)


def largest_side(rule: Rule, limits: Limits = WINDOW) -> int:
    """The largest side (a power of two) of the square corner for this rule: the memory budget, the
    work bound of the sweep, and the square where a bounded rule is solved (0: it has no values)."""
    if not isinstance(rule, Valued):
        return 0
    side = START_SIDE
    while corner_fits(rule, 2 * side, 2 * side, limits):
        side *= 2
    while side > 1 and not corner_fits(rule, side, side, limits) and side > (rule.bound or 0):
        side //= 2
    if rule.bound is not None and side < rule.bound <= 2 * side:
        side = rule.bound  # a custom square: all of it
    return side


# How much each part of the cache answers, to compare two answers of one kind (rows: not compared)
_EXTENT: dict[str, Callable[[Any], tuple[int, ...]]] = {
    "table": lambda table: tuple(table.shape),
    "far": lambda far: (far.values, far.n),
    "grundy_corner": lambda corner: tuple(corner.shape),
}


def covers_part(name: str, part: Any, other: Any) -> bool:
    """Whether the cache part `name` answers at least what `other` (the same part, another
    answer's) does: the values far out by values and columns, a corner by its shape, rows always.
    Two workers' answers can arrive out of order (the second waited for the first's lock): the
    smaller, older one must not replace the larger (a screenshot showed values 0-4 far out where
    0-15 had been solved)."""
    if other is None:
        return True
    if part is None:
        return False
    extent = _EXTENT.get(name)
    return extent is None or all(a >= b for a, b in zip(extent(part), extent(other), strict=True))
