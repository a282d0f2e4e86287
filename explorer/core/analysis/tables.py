"""Rows and series the panels show, computed here so that panels never touch the mathematics:
the sequence table's rows, the Wythoff array's cells and places, the density plot's exact
shares, the n-pile calculator's answer."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from explorer.core.counting.closed_form import cold_cells_in
from explorer.core.exact.bigint import digit_count, short_decimal
from explorer.core.game import npiles
from explorer.core.game.array import MAX_COLUMN, Place, along, head, pair_at, pair_columns, place, position
from explorer.core.game.sequence import cold_pair, lower
from explorer.core.game.zeckendorf import terms_text, zeckendorf_digits, zeckendorf_indices

ARRAY_COLUMNS = MAX_COLUMN  # the array table's columns (entries there have ~21 000 digits)
CELL_WIDTH = 15  # an array cell shows numbers up to this many digits whole, longer ones elided in the middle
TIP_WIDTH = 2_000  # digits of an entry in its tooltip


@dataclass(frozen=True)
class ArrayCell:
    """One entry of the Wythoff array as the table shows it."""

    value: int
    text: str  # elided in the middle when long
    tip: str  # the exact value, its Zeckendorf form, and the cold pair it belongs to


@dataclass(frozen=True)
class ArrayRow:
    """What every cell of a row is made from: its first two entries and the first's Zeckendorf
    indices (entry j's are these moved up j - 1 places)."""

    w1: int
    w2: int
    indices: tuple[int, ...]


def array_row(row: int) -> ArrayRow:
    w1, w2 = head(row)
    return ArrayRow(w1, w2, tuple(zeckendorf_indices(w1)))


def array_cell(row: int, col: int, start: ArrayRow | None = None) -> ArrayCell:
    """W(row, col) with its text and tooltip (`start`: the row's ArrayRow, if already known)."""
    r = start if start is not None else array_row(row)
    value = along(r.w1, r.w2, col)
    first, second = pair_columns(col)
    a = value if first == col else along(r.w1, r.w2, first)
    b = value if second == col else along(r.w1, r.w2, second)
    indices = [i + col - 1 for i in r.indices]
    where = f"W({short_decimal(row, 40)}, {col:,})"
    tip = "\n".join(
        [
            f"{where} = {short_decimal(value, TIP_WIDTH)}",
            f"{digit_count(value):,} digits" if value >= 10**CELL_WIDTH else "",
            f"Zeckendorf: {terms_text(indices, 6, values_upto=40)}  ({_terms(len(indices))}, the least "
            f"F{col + 1}: column {col:,})",
            f"Columns {first:,} and {second:,} hold the cold pair k = {short_decimal(b - a, 60)}:",
            f"(a_k, b_k) = ({short_decimal(a, 60)}, {short_decimal(b, 60)}). Click to select it on the grid.",
        ]
    ).replace("\n\n", "\n")
    return ArrayCell(value, short_decimal(value, CELL_WIDTH), tip)


def array_whole_columns(last_row: int) -> list[int]:
    """Digits of the widest entry of columns 1, 2, ... over rows up to last_row, for as long as
    they are shown whole (at most CELL_WIDTH digits): entries grow down a column, so W(last_row, c)
    is the widest. The table sizes those columns to fit; the rest are wide enough for the elided
    form, its digit count included."""
    widths: list[int] = []
    if last_row >= 10**CELL_WIDTH:  # W(r, 1) >= r: nothing is whole (and a 10^5-digit head costs 0.3 s)
        return widths
    a, b = head(last_row)
    while a < 10**CELL_WIDTH:
        widths.append(digit_count(a))
        a, b = b, a + b
    return widths


def _terms(n: int) -> str:
    return "1 term" if n == 1 else f"{n:,} terms"


def array_cells(cells: Iterable[tuple[int, int]]) -> dict[tuple[int, int], ArrayCell]:
    """Several cells, each row's start computed once."""
    rows: dict[int, ArrayRow] = {}
    out = {}
    for row, col in cells:
        if row not in rows:
            rows[row] = array_row(row)
        out[row, col] = array_cell(row, col, rows[row])
    return out


def array_pair(row: int, col: int) -> tuple[int, int]:
    """The cold pair (a_k, b_k) that W(row, col) belongs to."""
    return pair_at(row, col)


def array_place(x: int, y: int) -> tuple[Place | None, str]:
    """Where the position (x, y) sits in the Wythoff array, and a sentence saying so."""
    found = place(x, y)
    pos = f"({short_decimal(x, 40)}, {short_decimal(y, 40)})"
    if found is not None:
        k = short_decimal(found.k, 40)
        row = short_decimal(found.row, 40)
        return found, (
            f"{pos} is Wythoff's cold pair k = {k}: a_k is at row {row}, column {found.col:,} "
            f"of the array and b_k beside it, in column {found.col + 1:,}."
        )
    if x == 0 or y == 0:
        cold = " is cold but" if x == y else ""
        return None, f"{pos}{cold} is not in the array, which holds the positive integers."
    (rx, cx), (ry, cy) = position(x), position(y)
    return None, (
        f"{pos} is not one of Wythoff's cold pairs. In the array, {short_decimal(x, 40)} is at row "
        f"{short_decimal(rx, 40)}, column {cx:,}; {short_decimal(y, 40)} at row {short_decimal(ry, 40)}, "
        f"column {cy:,}."
    )


def sequence_row(k: int) -> tuple[int, int, int, str, str, int]:
    """k, a_k, b_k, their Zeckendorf forms, and the gap a_{k+1} - a_k."""
    a, b = cold_pair(k)
    return k, a, b, zeckendorf_digits(a), zeckendorf_digits(b), lower(k + 1) - a


def square_shares(ns: Sequence[int]) -> list[float]:
    """The share of cold cells in each square [0, n]^2 (exact counts, then divided)."""
    return [cold_cells_in(n, n) / (n + 1) ** 2 for n in ns]


def evaluate_piles(
    piles: tuple[int, ...], progress: npiles.Progress | None = None
) -> tuple[int, str, list[tuple[int, ...]]]:
    """(G, method, winning moves) for n piles (one pile, or the same amount from every pile);
    `progress(done, total)` may return False to stop (raises npiles.Stopped)."""
    return npiles.evaluate(piles, progress)


def cold_number_terms(start: int, count: int, upper: bool) -> Iterable[int]:
    """Wythoff's lower numbers a_k (A000201) or upper numbers b_k (A001950), k = start … start + count − 1,
    for a b-file (explorer.core.textio.bfile)."""
    for k in range(start, start + count):
        a, b = cold_pair(k)
        yield b if upper else a
