"""Commands about Grundy values far out and sums of games (issue 37): `grundy … --origin` beyond
the corner table, `count … --value h`, `pairs N --value h` and `sum A B [H1 H2 …]`. The values
come from explorer.core.analysis.far_values (values 0-31 on up to 2^21 columns: a command runs
alone)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, BinaryIO

from explorer.cli.common import PROG, UsageError, batch_queries, rule_of, single_rectangle, write
from explorer.core import budget
from explorer.core.exact.bigint import parse_natural

if TYPE_CHECKING:
    from explorer.core.game.value_sequences import ValuesSolved
    from explorer.core.protocol import Rule


def far_values(rule: Rule, last_column: int, values: int = budget.FAR_VALUES_CLI) -> ValuesSolved:
    from explorer.core.analysis.far_values import solve_for_command

    return solve_for_command(rule, values, last_column)


def write_far_grundy(rule: Rule, x0: int, y0: int, rows: int, cols: int, out: BinaryIO) -> None:
    """Line i holds G(x0 + i, y0 + j); `>31` where the value is above the values solved."""
    import numpy as np

    solved = far_values(rule, min(x0 + rows - 1, y0 + cols - 1))  # the window's farthest smaller pile
    above = f">{solved.values - 1}"
    # A pile past the rows kept holds no cell of the values solved (every solved column's cells lie
    # below them): clipped there, it still reads ">31", and any size fits in int64.
    top = solved.cols.shape[1]
    ys = np.array([min(y0 + j, top) for j in range(cols)], dtype=np.int64)
    for i in range(rows):
        found = solved.values_many(np.full(cols, min(x0 + i, top), dtype=np.int64), ys).tolist()
        write(out, (" ".join(above if v < 0 else str(v) for v in found) + "\n").encode())
    sys.stderr.write(
        f"{PROG}: note: far from the origin each value 0-{solved.values - 1} is a sequence; "
        f"'{above}' marks a cell whose value is above them\n"
    )


def value_of(args: argparse.Namespace) -> int:
    h = int(args.value)
    if h >= budget.FAR_VALUES_CLI:
        raise UsageError(f"--value takes 0 to {budget.FAR_VALUES_CLI - 1}: values above are not solved as sequences")
    return h


def cmd_count_value(args: argparse.Namespace, out: BinaryIO) -> None:
    """`count … --value h`: cells of value h, through a Fenwick sweep over that value's sequence."""
    import numpy as np

    from explorer.core.analysis.far_values import clipped_bounds, count_value_rects, smaller_sides
    from explorer.core.textio.textout import numbers_per_line

    rule = rule_of(args)
    h = value_of(args)
    if args.batch:
        cols = [clipped_bounds(c) for c in batch_queries(args)[0]]
    else:
        cols = [clipped_bounds([b]) for b in single_rectangle(args)]
    width = len(cols)
    if width == 2:
        x0s = y0s = np.zeros_like(cols[0])
        x1s, y1s = cols
    else:
        x0s, y0s, x1s, y1s = cols
    if x1s.size and (np.any(x1s < x0s) or np.any(y1s < y0s)):
        raise UsageError("a rectangle is empty: X1 must be at least X0, and Y1 at least Y0")
    if x1s.size:
        # The rectangle's columns must be solved (a rectangle wider than tall is read as its mirror);
        # a count beyond the columns a command solves is refused with the bound.
        solved = far_values(rule, smaller_sides(x1s, y1s), values=h + 1)
    else:
        write(out, b"")
        return
    counts = count_value_rects(solved, h, x0s, y0s, x1s, y1s)
    write(out, numbers_per_line(counts) if args.batch else f"{int(counts[0])}\n".encode())


def cmd_pairs_value(args: argparse.Namespace, out: BinaryIO) -> None:
    """`pairs N --value h [--start K]`: value h's upper cells (x <= y) in increasing x, as `k x y`."""
    from explorer.core.analysis.far_values import value_pairs

    rule = rule_of(args)
    h = value_of(args)
    start, count = args.start, args.n
    # Each column holds one cell of value h; its upper cells are at least every third column far
    # out, so 3(K + N) + 2h columns hold cells K … K+N−1 (checked below, and said when they do not).
    need = 3 * (start + count) + 2 * h + 64
    solved = far_values(rule, min(need, budget.FAR_COLUMNS_CLI - 1), values=h + 1)
    xs = value_pairs(solved, h)
    if start + count > xs.size:
        raise UsageError(
            f"value {h} has {xs.size:,} upper cells (x <= y) in the {solved.n:,} columns a command solves; "
            f"cells {start:,} to {start + count - 1:,} were asked"
        )
    chosen = xs[start : start + count]
    ys = solved.cols[h][chosen]
    lines = map("{} {} {}".format, range(start, start + count), chosen.tolist(), ys.tolist())
    write(out, ("\n".join(lines) + "\n").encode() if count else b"")


def cmd_sum(args: argparse.Namespace, out: BinaryIO) -> None:
    """`sum A B [H1 H2 …]`: the sum of the two-pile game at (A, B) and Nim heaps (with --second C D,
    a second two-pile part): its outcome, its value and every winning move."""
    from explorer.core.analysis.far_values import SumPosition, command_sum, engine_of

    rule = rule_of(args)
    engine_of(rule)  # misère or no Nim rays: one sentence, before anything else
    numbers = [parse_natural(text, "a pile") for text in args.piles]
    if args.second is not None:
        if len(numbers) < 2:
            raise UsageError("sum takes A B [H1 H2 …]")
        numbers = numbers[:2] + list(args.second) + numbers[2:]
    position = SumPosition.parse(numbers, second=args.second is not None)

    answer = command_sum(rule, position)
    if args.json:
        import json

        doc = {
            "status": answer.status,
            "grundy": answer.grundy,
            "winning_moves": [list(m.after) for m in answer.winning_moves],
        }
        write(out, (json.dumps(doc) + "\n").encode())
        return
    parts = " xor ".join(map(str, answer.parts))
    lines = [f"{answer.status} G = {parts} = {answer.grundy}"]
    lines += [" ".join(map(str, m.after)) for m in answer.winning_moves]
    write(out, ("\n".join(lines) + "\n").encode())
