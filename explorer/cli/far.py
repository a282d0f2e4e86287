"""Commands about cells of one Grundy value and sums of games: `count … --value h`, `pairs N
--value h` and `sum A B [H1 H2 …]`. Every value comes from the one place that answers values
(explorer.core.value_source), with a command's limits (it runs alone)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, BinaryIO

from explorer.cli.common import UsageError, batch_queries, command_values, rule_of, single_rectangle, write
from explorer.core.exact.bigint import parse_natural

if TYPE_CHECKING:
    from explorer.core.value_source import ValueCache


def values_of(args: argparse.Namespace) -> ValueCache:
    return command_values(rule_of(args))


def value_of(args: argparse.Namespace, values: ValueCache) -> int:
    h = int(args.value)
    most = values.limits.far_values
    if h >= most:
        raise UsageError(f"--value takes 0 to {most - 1}: values above are not solved as sequences")
    return h


def cmd_count_value(args: argparse.Namespace, out: BinaryIO) -> None:
    """`count … --value h`: cells of value h, from the first source of the one place that reaches
    them (explorer.core.value_counts): the cold cells, a corner table, value h's sequence."""
    import numpy as np

    from explorer.core.textio.textout import numbers_per_line
    from explorer.core.value_counts import Rects, count_by_value
    from explorer.core.values import GRUNDY

    values = values_of(args)
    h = int(args.value)
    bounds = None
    if args.batch:
        cols = batch_queries(args)[0]
    else:
        bounds = single_rectangle(args)
        cols = [[b] for b in bounds]
    if len(cols) == 2:  # X Y: the rectangle [0, X] x [0, Y]
        zeros = np.zeros(len(cols[0]), dtype=np.int64)
        cols = [zeros, zeros, *cols]
    rects = Rects.of(*cols)
    if rects.size and (np.any(rects.x1 < rects.x0) or np.any(rects.y1 < rects.y0)):
        raise UsageError("a rectangle is empty: X1 must be at least X0, and Y1 at least Y0")
    answer = count_by_value(values, GRUNDY, h, rects)
    if args.batch:
        write(out, numbers_per_line(answer.counts))
        return
    if args.json:
        import json

        assert bounds is not None
        x0, y0, x1, y1 = (0, 0, *bounds) if len(bounds) == 2 else bounds
        doc: dict[str, object] = {"x": x1, "y": y1} if len(bounds) == 2 else {"x0": x0, "y0": y0, "x1": x1, "y1": y1}
        doc.update(value=h, count=int(answer.counts[0]), cells=(x1 - x0 + 1) * (y1 - y0 + 1), method=answer.method)
        doc["rule"] = values.rule.key
        write(out, (json.dumps(doc) + "\n").encode())
        return
    write(out, f"{int(answer.counts[0])}\n".encode())


def cmd_pairs_value(args: argparse.Namespace, out: BinaryIO) -> None:
    """`pairs N --value h [--start K]`: value h's upper cells (x <= y) in increasing x, as `k x y`."""
    from explorer.core.analysis.far_values import value_pairs
    from explorer.core.value_options import sequences_for

    values = values_of(args)
    h = value_of(args, values)
    start, count = args.start, args.n
    # Each column holds one cell of value h; its upper cells are at least every third column far
    # out, so 3(K + N) + 2h columns hold cells K … K+N−1 (checked below, and said when they do not).
    need = 3 * (start + count) + 2 * h + 64
    solved = sequences_for(values, h + 1, min(need, values.limits.far_columns - 1))
    xs = value_pairs(solved, h)
    if start + count > xs.size:
        raise UsageError(
            f"value {h} has {xs.size:,} upper cells (x <= y) in the {solved.n:,} columns a command solves; "
            f"cells {start:,} to {start + count - 1:,} were asked"
        )
    chosen = xs[start : start + count]
    ys = solved.cols[h][chosen]
    if args.bfile:  # one side, from n = K (0 unless --start): the cells as they are numbered above
        from explorer.core.textio.bfile import bfile_text

        write(out, bfile_text(start, (ys if args.side == "upper" else chosen).tolist()))
        return
    lines = map("{} {} {}".format, range(start, start + count), chosen.tolist(), ys.tolist())
    write(out, ("\n".join(lines) + "\n").encode() if count else b"")


def cmd_sum(args: argparse.Namespace, out: BinaryIO) -> None:
    """`sum A B [H1 H2 …]`: the sum of the two-pile game at (A, B) and Nim heaps (with --second C D,
    a second two-pile part): its outcome, its value and every winning move."""
    import sys

    from explorer.cli.common import PROG
    from explorer.core.analysis.far_values import SumPosition, sum_answer, sums_refusal

    rule = rule_of(args)
    refused = sums_refusal(rule)  # misère or no values: one sentence, before anything else
    if refused is not None:
        raise UsageError(str(refused))
    numbers = [parse_natural(text, "a pile") for text in args.piles]
    if args.second is not None:
        if len(numbers) < 2:
            raise UsageError("sum takes A B [H1 H2 …]")
        numbers = numbers[:2] + list(args.second) + numbers[2:]
    position = SumPosition.parse(numbers, second=args.second is not None)

    answer = sum_answer(values_of(args), position)
    if args.json:
        import json

        doc = {
            "status": answer.status,
            "grundy": answer.grundy,
            "parts": list(answer.parts),
            "winning_moves": [list(m.after) for m in answer.winning_moves],
            "complete": not answer.note,
        }
        if answer.note:
            doc["note"] = answer.note
        write(out, (json.dumps(doc) + "\n").encode())
        return
    parts = " xor ".join(map(str, answer.parts))
    head = (
        f"{answer.status} G = {answer.grundy}"
        if len(answer.parts) == 1
        else f"{answer.status} G = {parts} = {answer.grundy}"
    )
    lines = [head]
    lines += [" ".join(map(str, m.after)) for m in answer.winning_moves]
    write(out, ("\n".join(lines) + "\n").encode())
    if answer.note:
        sys.stderr.write(f"{PROG}: note: {answer.note}\n")
