"""Commands that answer many positions at once: judge, count, pairs, grundy, remoteness,
grundy-row and array. Each loads numpy, the rules or the kernels only when it runs."""

from __future__ import annotations

import argparse
import functools
import sys
from typing import TYPE_CHECKING, Any, BinaryIO

from explorer.cli.common import (
    PROG,
    UsageError,
    answer_batch,
    batch_handle,
    command_values,
    open_input,
    reach,
    rule_of,
    single_rectangle,
    write,
)
from explorer.core.exact.bigint import ratio_scientific, short_decimal
from explorer.core.protocol import ColdPairs, answers_text
from explorer.core.textio import text_layout
from explorer.core.values import GRUNDY, REMOTENESS

if TYPE_CHECKING:
    from explorer.core.counting.cold_index import Counter
    from explorer.core.protocol import Rule


def cmd_judge(args: argparse.Namespace, out: BinaryIO) -> None:
    rule = rule_of(args)
    words = (b"1", b"0") if args.pairs else (b"First", b"Second")

    def answer(cols: tuple[Any, ...]) -> bytes:
        from explorer.core.textio.textout import words_by_mask

        reach(rule, *cols)
        return words_by_mask(~rule.is_cold_many(*cols), *words)

    kind = text_layout.VERDICTS if answers_text(rule) else None
    if args.pairs:
        answer_batch(open_input(args.file), 2, "pair", answer, out, False, kind, words, rule)
    else:
        answer_batch(open_input(args.file), 2, "pairs", answer, out, text=kind, words=words, rule=rule)


CLI_INDEX_CELLS = 1 << 20  # single queries: an index this large builds in ~50 ms


def counter_for(rule: Rule, method: str, single: bool) -> Counter:
    """What answers the counts: a batch under 'auto' takes the vectorised closed form (no index
    to build); a single query under 'auto' a small Fenwick index where the rule has one."""
    from explorer.core.counting.cold_index import MAX_CELLS

    if method == "closed-form" or (method == "auto" and not single):
        return rule.counter("closed-form")
    return rule.counter(method, MAX_CELLS if method == "fenwick" else CLI_INDEX_CELLS)


def cmd_count(args: argparse.Namespace, out: BinaryIO) -> None:

    if args.value is not None:
        from explorer.cli.far import cmd_count_value

        cmd_count_value(args, out)
        return
    single = None if args.batch else single_rectangle(args)
    rule = rule_of(args, need=max(single) if single else -1)  # k-blocking: the columns one rectangle needs
    if args.batch:
        width = 4 if args.rect else 2
        # made at the first answer: none where the text kernel answers all (it loads numpy)
        counter = functools.cache(lambda: counter_for(rule, args.method, single=False))

        def answer_many(cols: tuple[Any, ...]) -> bytes:
            from explorer.core.textio.textout import numbers_per_line

            reach(rule, *cols)
            counts, _ = counter().count_many(*cols) if width == 2 else counter().count_rect_many(*cols)
            return numbers_per_line(counts)

        text = answers_text(rule) and args.method in ("auto", "closed-form")
        kind = (text_layout.RECTANGLES if args.rect else text_layout.COUNTS) if text else None
        answer_batch(batch_handle(args), width, "queries", answer_many, out, text=kind, rule=rule)
        return
    bounds = single if single is not None else single_rectangle(args)
    x0, y0, x1, y1 = (0, 0, *bounds) if len(bounds) == 2 else bounds
    reach(rule, x1, y1)
    answer = counter_for(rule, args.method, single=True).count_rect(x0, y0, x1, y1)
    if args.json:
        doc: dict[str, object] = {"x": x1, "y": y1} if len(bounds) == 2 else {"x0": x0, "y0": y0, "x1": x1, "y1": y1}
        share = "0" if not answer.count else "{}e{}".format(*ratio_scientific(answer.count, answer.cells, 6))
        doc.update(
            count=answer.count,
            cells=answer.cells,
            density=answer.density,  # a float: 0.0 below 1e-308; `share` holds 6 exact digits at any size
            share=share,
            method=answer.method,
            rule=rule.key,
        )
        import json  # only for --json: 2 ms of every start otherwise

        write(out, (json.dumps(doc) + "\n").encode())
    else:
        write(out, f"{answer.count}\n".encode())


def cmd_pairs(args: argparse.Namespace, out: BinaryIO) -> None:
    import numpy as np

    if args.side is not None and not args.bfile:
        raise UsageError(f"--{args.side} chooses the side of a b-file: give --bfile too")
    if args.value is not None:
        from explorer.cli.far import cmd_pairs_value

        cmd_pairs_value(args, out)
        return
    if args.bfile:
        cmd_pairs_bfile(args, out)
        return
    start, count = args.start, args.n
    rule = rule_of(args)
    reach(rule, 2 * (start + count) + 1)  # pair k lies in a column <= 2k: each number below it is in an earlier pair
    if not isinstance(rule, ColdPairs):  # said even for N = 0
        raise UsageError(f"{rule.title} has no sequence of cold pairs: its cold cells are solved on a square")
    rule.cold_pair(start)  # a sequence solved so far says how far, even for N = 0
    chunk = 1 << 16
    for lo in range(0, count, chunk):
        n = min(chunk, count - lo)
        a, b = rule.cold_pairs(start + lo, n)
        a_list = a.tolist() if isinstance(a, np.ndarray) else a
        b_list = b.tolist() if isinstance(b, np.ndarray) else b
        lines = map("{} {} {}".format, range(start + lo, start + lo + n), a_list, b_list)
        out.write(("\n".join(lines) + "\n").encode())
    out.flush()


BFILE_TERMS = 10**7  # lines a b-file of pairs may ask for at once (about 200 MB of text at 10^7)


def cmd_pairs_bfile(args: argparse.Namespace, out: BinaryIO) -> None:
    """`pairs N --bfile [--lower|--upper] [--start K]`: one side of the cold pairs as an OEIS b-file,
    from n = 1 (pair 0 is the corner, which A000201 and A001950 leave out), or from n = K."""
    from explorer.core.textio.bfile import bfile_chunks

    if args.n > BFILE_TERMS:
        raise UsageError(f"a b-file of at most {BFILE_TERMS:,} terms at a time (OEIS asks for 10,000 or so)")
    start = args.start or 1
    rule = rule_of(args)
    reach(rule, 2 * (start + args.n) + 1)
    if not isinstance(rule, ColdPairs):
        raise UsageError(f"{rule.title} has no sequence of cold pairs: its cold cells are solved on a square")
    rule.cold_pair(start)  # a sequence solved so far says how far
    side = 1 if args.side == "upper" else 0
    chunk = 1 << 16

    def terms() -> Any:
        for lo in range(0, args.n, chunk):
            pair = rule.cold_pairs(start + lo, min(chunk, args.n - lo))
            yield from (int(v) for v in pair[side])

    for piece in bfile_chunks(start, terms()):
        out.write(piece)
    out.flush()


def write_table(out: BinaryIO, table: Any) -> None:
    from explorer.core.textio.textout import table_chunks

    for piece in table_chunks(table):
        write(out, piece)


def window_args(args: argparse.Namespace) -> tuple[int, int]:
    if args.rows < 1 or args.cols < 1:
        raise UsageError("ROWS and COLS must be at least 1")
    return args.origin if args.origin else (0, 0)


def cmd_grundy(args: argparse.Namespace, out: BinaryIO) -> None:
    """G on a block, each cell from the one place that answers values: exact, `>H` where the value
    is known to be above the values solved, `?` where nothing within a command's limits answers
    (said on stderr; every cell refused: exit status 2)."""
    from explorer.core.rules.presentation import grundy_note

    rule = rule_of(args)
    table, refused = block_of(args, rule, GRUNDY)
    if isinstance(table, list):
        write(out, "".join(" ".join("?" if v is None else v.text() for v in row) + "\n" for row in table).encode())
        above = next((v.above for row in table for v in row if v is not None and v.above is not None), None)
        if above is not None:
            sys.stderr.write(
                f"{PROG}: note: '>{above - 1}' marks a cell whose value is above {above - 1}: far out the values "
                f"0-{above - 1} are solved, each as a sequence, and none of them lies there\n"
            )
        if refused is not None:
            sys.stderr.write(f"{PROG}: note: '?' marks a cell no means here answers: {refused}\n")
    else:
        write_table(out, table)
    if grundy_note(rule):  # misère: say plainly what the numbers are
        sys.stderr.write(f"{PROG}: note: {grundy_note(rule)}\n")


def cmd_remoteness(args: argparse.Namespace, out: BinaryIO) -> None:
    table, refused = block_of(args, rule_of(args), REMOTENESS)
    if refused is not None:  # remoteness is all or nothing: no '?' in its table
        raise UsageError(str(refused))
    if isinstance(table, list):
        write(out, "".join(" ".join(str(v.value) for v in row if v is not None) + "\n" for row in table).encode())
    else:
        write_table(out, table)


def block_of(args: argparse.Namespace, rule: Rule, kind: str) -> tuple[Any, Any]:
    """The block the command asks for, from the one place: an array where a corner table holds it,
    else cell by cell, with the first refusal. Every cell refused: exit status 2."""
    x0, y0 = window_args(args)
    table, refused = command_values(rule).block(x0, y0, args.rows, args.cols, kind)
    if isinstance(table, list) and refused is not None and all(v is None for row in table for v in row):
        raise UsageError(str(refused))
    return table, refused


def cmd_grundy_row(args: argparse.Namespace, out: BinaryIO) -> None:
    from explorer.core.values.rows import MAX_ROWS

    x = args.x
    if x >= MAX_ROWS:
        raise UsageError(f"rows 0 to {MAX_ROWS - 1} can be solved, not {short_decimal(x)}")
    rule = rule_of(args)
    from explorer.core.value_limits import has_rows

    if not has_rows(rule):
        raise UsageError(f"Grundy rows at any distance are computed for Wythoff's game, not for {rule.title}")
    rows = command_values(rule).solve_rows(None, x + 1)  # the one place, with a command's limits
    assert rows is not None
    info = rows.row(x)
    if args.bfile is not None:
        from explorer.core.textio.bfile import bfile_text

        if args.at is not None:
            raise UsageError("--at and --bfile ask different things: give one")
        if args.bfile > BFILE_TERMS:
            raise UsageError(f"a b-file of at most {BFILE_TERMS:,} terms at a time")
        if args.bfile and not rows.knows(x, args.bfile - 1):
            raise UsageError(f"row {x} is not certified: G is known for Y < {info.columns} only")
        write(out, bfile_text(0, (rows.value(x, y) for y in range(args.bfile))))
        return
    lines = [
        f"preperiod {info.preperiod}",
        f"period {info.period}",
        "certified yes" if info.certified else f"certified no (observed over {info.columns} columns)",
    ]
    if args.at is not None:
        if not rows.knows(x, args.at):
            raise UsageError(f"row {x} is not certified: G is known for Y < {info.columns} only")
        lines.append(f"G({x}, {args.at}) = {rows.value(x, args.at)}")
    write(out, ("\n".join(lines) + "\n").encode())


ARRAY_BFILE_TERMS = 10**6  # 1 414 antidiagonals; entries up to about 300 digits


def cmd_array(args: argparse.Namespace, out: BinaryIO) -> None:
    from explorer.core.game.array import block, by_antidiagonals

    if args.bfile is not None:
        from explorer.core.textio.bfile import bfile_text

        if args.rows is not None or args.start:
            raise UsageError(
                "array --bfile N reads the array by antidiagonals from its start: no ROWS, COLS or --start"
            )
        if args.bfile > ARRAY_BFILE_TERMS:
            raise UsageError(
                f"array --bfile reads at most {ARRAY_BFILE_TERMS:,} terms (their entries grow like phi^column)"
            )
        write(out, bfile_text(1, by_antidiagonals(args.bfile)))
        return
    if args.rows is None or args.cols is None:
        raise UsageError("array takes ROWS and COLS (or --bfile N)")
    r0, c0 = args.start if args.start else (1, 1)
    if min(args.rows, args.cols, r0, c0) < 1:
        raise UsageError("ROWS, COLS and the start row and column are at least 1 (the array counts from 1)")
    if args.rows * args.cols > 10**7:
        raise UsageError("at most 10^7 entries at a time")
    lines = block(r0, c0, args.rows, args.cols)
    write(out, "".join(" ".join(map(str, line)) + "\n" for line in lines).encode())


def cmd_compare(args: argparse.Namespace, out: BinaryIO) -> None:
    """compare RULE1 RULE2 X0 Y0 X1 Y1: the counts of cells cold in both, in the first only and in
    the second only."""
    import json

    from explorer.core.analysis.compare import compare

    first, second = (rule_of(argparse.Namespace(rule=text)) for text in (args.first, args.second))
    for rule in (first, second):
        reach(rule, args.x1, args.y1)
    c = compare(first, second, args.x0, args.y0, args.x1, args.y1)
    counts: dict[str, object] = {"both": c.both, "first_only": c.first_only, "second_only": c.second_only}
    breaks = None
    if args.translation is not None:
        from explorer.core.analysis.compare import best_translation, translation_breaks

        t = best_translation(first, second, args.translation)
        counts.update(offset=[t.dx, t.dy], matched=t.matched, agreement=round(t.agreement, 6))
        # where the rest lies: the cells that break the shift (issue 64: "99 % agree" said how many only)
        breaks = translation_breaks(first, second, args.translation, t)
        counts.update(breaks_first=breaks.first_count, breaks_second=breaks.second_count)
    if args.json:
        if breaks is not None:
            counts.update(
                breaking_first=[list(c) for c in breaks.first], breaking_second=[list(c) for c in breaks.second]
            )
        write(out, (json.dumps(counts) + "\n").encode())
    else:
        lines = [f"{k} {' '.join(map(str, v)) if isinstance(v, list) else v}\n" for k, v in counts.items()]
        if breaks is not None:
            for name, cells in (("first", breaks.first), ("second", breaks.second)):
                lines.append(f"breaking_{name} " + " ".join(f"{x},{y}" for x, y in cells) + "\n")
        write(out, "".join(lines).encode())
