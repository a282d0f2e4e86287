"""A sum's part: the options of a two-pile position whose value is t, and the value sequences a
question far out needs: the planning of the one place that answers values
(explorer.core.value_source) for sums, as explorer.core.value_counts is for counts.

`part_options` finds the options the most exact way there is, in the order of
`value_limits.SOURCES`: value 0 as the part's winning moves (any size), a closed form
(`KnownOptions`), the corner's options, the certified rows' candidates, or the value sequences,
where each ray's line through the part holds at most one cell of that value behind it and each
jump is one lookup. A part that needs more values than the shared sequences keep gets a table of
its own (`private_values`), within the caller's limits (`sum_bytes`, `sum_work`). Where none
reaches, the answer keeps its verdict and says so.
"""

from __future__ import annotations

from collections.abc import Callable

from explorer.core.exact.bigint import short_decimal
from explorer.core.game.value_sequences import ValueEngine, ValuesSolved
from explorer.core.protocol import CertifiedRows, KnownOptions, NotAvailable, OutOfBounds, Rule, ValueSequences
from explorer.core.value_limits import ValueRefused, columns_for
from explorer.core.value_source import ValueCache

Position = tuple[int, int]
Progress = Callable[[int, int], bool]


def engine_of(rule: Rule) -> ValueEngine:
    """The rule's value engine, or NotAvailable saying why there is none."""
    if isinstance(rule, ValueSequences):
        return rule.value_engine
    if not rule.last_mover_wins:
        raise NotAvailable(
            "under misère play Grundy values do not decide sums, and they are not solved far out: ask under normal play"
        )
    raise NotAvailable(
        f"{rule.title}: its Grundy values far out are not sequences (only rules whose moves hold "
        "Nim's rays (1,0) and (0,1), such as Wythoff, Maharaja and GDWN)"
    )


def sequences_for(values: ValueCache, count: int, last_column: int, progress: Progress | None = None) -> ValuesSolved:
    """Values 0 … count−1 on every column up to `last_column` (the smaller pile of the cells asked
    about), within the caller's limits (`values.limits`); ValueRefused, naming them, before any
    work where they do not reach."""
    engine_of(values.rule)
    limits = values.limits
    if count > limits.far_values:
        raise ValueRefused(
            f"far out the values 0–{limits.far_values - 1} are solved as sequences; {count - 1} was asked"
        )
    if last_column >= limits.far_columns:
        raise ValueRefused(
            f"values far out are solved on the first {limits.far_columns:,} columns in {limits.who}; "
            f"the smaller pile {short_decimal(last_column)} lies beyond"
        )
    columns = columns_for(last_column, limits.far_columns)
    if values.far_fits(columns, count) < columns:
        raise ValueRefused(
            f"the values 0–{count - 1} on {columns:,} columns need about {values.far_bytes_for(columns, count) >> 20} "
            f"MiB, more than the {limits.far_bytes >> 20} MiB of {limits.who}"
        )
    solved = values.solve_far(columns, progress, values=count)
    assert solved is not None
    return solved


def options_of_value(rule: Rule, solved: ValuesSolved, p: Position, t: int) -> list[Position]:
    """Every option of p of value t (t < solved.values): on each ray's line behind p at most one
    cell, and one lookup for each jump. Asked from the smaller pile's column (the moves are
    symmetric: every vector comes with its mirror), and mirrored back."""
    engine = engine_of(rule)
    x, y = p
    swap = x > y
    if swap:
        x, y = y, x
    found: set[Position] = set()
    for a, b in ((1, 0), (0, 1), *engine.rays):
        cell = solved.cell_on_line(t, x, y, a, b)
        if cell is not None:
            found.add(cell)
    col = solved.cols[t]
    for i, j in engine.jumps:
        if 1 <= i <= x and j <= y and int(col[x - i]) == y - j:
            found.add((x - i, y - j))
    return sorted((b, a) for a, b in found) if swap else sorted(found)


def private_refusal(rule: Rule, values: int, last_column: int, budget_bytes: int, work: int) -> str:
    """Why a table of its own of values 0 … values−1 up to `last_column` is not made ('' if it
    fits), known before it starts. It costs about values³ × columns × 0.03 ns: each value's cell
    of a column lies past about h cells of smaller values, each candidate checked against them."""
    shared = engine_of(rule)
    engine = ValueEngine((*shared.rays, (1, 0), (0, 1)), shared.jumps)
    n = last_column + 1
    cells = f"the cells of every value up to {short_decimal(values - 1)} in the first {short_decimal(n)} columns"
    if values**3 * n > work:
        return f"finding them needs {cells}, more work than is done here"
    if engine.bytes_for(values, n) > budget_bytes:
        return (
            f"finding them needs {cells}: about {engine.bytes_for(values, n) >> 20} MiB, more than the "
            f"{budget_bytes >> 20} MiB allowed here"
        )
    return ""


def private_values(
    rule: Rule,
    values: int,
    last_column: int,
    budget_bytes: int,
    progress: Progress | None = None,
    *,
    work: int,
) -> ValuesSolved:
    """Values 0 … values−1 up to column `last_column` in a table of their own (a sum near the
    origin may need more values than the shared table keeps); OutOfBounds past the bounds."""
    refused = private_refusal(rule, values, last_column, budget_bytes, work)
    if refused:
        raise OutOfBounds(refused)
    shared = engine_of(rule)
    engine = ValueEngine((*shared.rays, (1, 0), (0, 1)), shared.jumps)
    return engine.grow(values, last_column + 1, progress, budget_bytes)


# The options read one by one from a corner, or along certified rows, at most (a few ms)
OPTIONS_READ = 1 << 16


def part_options(
    values: ValueCache, p: Position, t: int, progress: Progress | None = None
) -> tuple[list[Position], str]:
    """The options of two-pile part p whose value is t, and a sentence where some may be missing
    (empty if the list is whole). In the order of the one place: closed forms (value 0: the
    winning moves; a rule's `KnownOptions`), the corner, the certified rows, the sequences."""
    rule = values.rule
    x, y = p
    if t == 0 and values.judges(x, y):
        return sorted(m.target for m in rule.winning_moves(x, y)), ""  # value 0: the cold options
    if isinstance(rule, KnownOptions):
        return sorted(rule.options_of_value(x, y, t)), ""
    if values.corner_holds(x, y) and 2 * (x + y) <= OPTIONS_READ:
        # the corner holds every option of p (options are smaller in both piles)
        return sorted(c for c in rule.spec.targets(x, y) if values.grundy(*c) == t), ""
    rows = values.rows
    if isinstance(rule, CertifiedRows) and rows is not None and min(p) < rows.rows:
        candidates = rows_candidates(p, t)
        if all(rows.knows(*c) for c in candidates):
            return sorted({c for c in candidates if rule.spec.allows(p, c) and rows.value(*c) == t}), ""
    if isinstance(rule, ValueSequences) and min(p) < values.limits.far_columns:
        if t < values.limits.far_values:
            solved = sequences_for(values, t + 1, min(p), progress)
            return options_of_value(rule, solved, p, t), ""
        refused = private_refusal(rule, t + 1, min(p), values.limits.sum_bytes, values.limits.sum_work)
        if not refused:
            solved = private_values(rule, t + 1, min(p), values.limits.sum_bytes, progress, work=values.limits.sum_work)
            return options_of_value(rule, solved, p, t), ""
        return [], f"The moves of {_pos(p)} to value {short_decimal(t)} are not listed: {refused}."
    return [], (
        f"The moves of {_pos(p)} to value {short_decimal(t)} are not listed: they lie beyond what "
        f"{values.limits.who} solves for this rule."
    )


def rows_candidates(p: Position, t: int) -> list[Position]:
    """Every option of p under Wythoff's moves that can have value t, when p's smaller pile is a
    certified row (explorer.core.values.rows): along the short pile's line every cell; along the
    long one only the window where a row's values can reach t (G(i, y) lies within 2i + 2 of y)."""
    x, y = p
    swap = x > y
    if swap:
        x, y = y, x
    cells = [(i, y) for i in range(x)] + [(x - k, y - k) for k in range(1, x + 1)]
    lo, hi = max(0, t - x - 1), min(y, t + 2 * x + 3)
    cells += [(x, j) for j in range(lo, hi)]
    return [(b, a) for a, b in cells] if swap else cells


def _pos(p: Position) -> str:
    return f"({short_decimal(p[0])}, {short_decimal(p[1])})"
