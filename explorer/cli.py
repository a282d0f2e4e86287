"""The headless face of the explorer: `wythoff-explorer judge|moves|count|pairs|...`.

With no sub-command it opens the window. Nothing here imports Qt unless the window or a
screenshot is asked for, so the command line starts fast and runs without a display.
Bad input of any kind ends with one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, BinaryIO, NoReturn

import explorer
from explorer.core import budget
from explorer.core.exact.bigint import parse_natural, ratio_scientific, short_decimal
from explorer.core.game.sequence import NumberKind, classify_number
from explorer.core.game.zeckendorf import zeckendorf_digits

# Commands load what they use: `number`, `zeckendorf` (and `--help`) start without numpy, the
# rules or the compiled kernels.
if TYPE_CHECKING:
    from explorer.core.counting.cold_index import Counter
    from explorer.core.rules.base import Rule
    from explorer.core.textio.intstream import Integers

PROG = "wythoff-explorer"
EXIT_BAD_INPUT = 2


def _rule_help() -> str:
    from explorer.core.rules.registry import rule_syntax

    return f"the rule: {rule_syntax()} (default wythoff)"


class UsageError(Exception):
    """Bad arguments or input: reported as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def _natural(text: str) -> int:
    try:
        return parse_natural(text, "the number")
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _read_source(path: str | None) -> bytes:
    if path is None or path == "-":
        return sys.stdin.buffer.read()
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None


def _write(out: BinaryIO, data: bytes) -> None:
    out.write(data)
    out.flush()


def _counted_records(nums: Integers, width: int, what: str) -> tuple[Sequence[int], int]:
    """Split `Q, then Q records of `width` values`; returns (flat values, Q)."""
    from explorer.core.textio.intstream import InputError

    if len(nums) == 0:
        raise InputError(f"the input is empty: expected the number of {what} on line 1")
    count = int(nums.values[0])
    have = len(nums) - 1
    need = count * width
    if have < need:
        got = have // width
        raise InputError(
            f"line 1 announces {count} {what} but the input holds only {got}"
            + (f" and a partial one on line {nums.line_of(len(nums) - 1)}" if have % width else "")
        )
    if have > need:
        raise InputError(f"line {nums.line_of(need + 1)}: more values than the {count} {what} announced on line 1")
    return nums.values[1:], count


def _uncounted_records(nums: Integers, width: int, what: str) -> Sequence[int]:
    from explorer.core.textio.intstream import InputError

    if len(nums) == 0:
        raise InputError(f"the input is empty: expected {width} values per {what}, one {what} per line")
    if len(nums) % width:
        raise InputError(
            f"line {nums.line_of(len(nums) - 1)}: the input ends in the middle of a {what} "
            f"({len(nums)} values is not a multiple of {width})"
        )
    return nums.values


def _columns(flat: Sequence[int], width: int) -> list:
    if hasattr(flat, "reshape"):
        table = flat.reshape(-1, width)  # type: ignore[union-attr]
        return [table[:, i] for i in range(width)]
    return [list(flat[i::width]) for i in range(width)]


def _rule(args: argparse.Namespace) -> Rule:
    from explorer.core.rules.base import UnknownRule
    from explorer.core.rules.registry import parse_rule

    try:
        return parse_rule(args.rule)
    except UnknownRule as exc:
        raise UsageError(str(exc)) from None


def cmd_judge(args: argparse.Namespace, out: BinaryIO) -> None:
    from explorer.core.textio.intstream import read_integers
    from explorer.core.textio.textout import words_by_mask

    rule = _rule(args)
    nums = read_integers(_read_source(args.file))
    if args.pairs:
        flat = _uncounted_records(nums, 2, "pair")
        xs, ys = _columns(flat, 2)
        _write(out, words_by_mask(~rule.is_cold_many(xs, ys), b"1", b"0"))
    else:
        flat, _ = _counted_records(nums, 2, "pairs")
        xs, ys = _columns(flat, 2)
        _write(out, words_by_mask(~rule.is_cold_many(xs, ys), b"First", b"Second"))


def cmd_moves(args: argparse.Namespace, out: BinaryIO) -> None:
    from explorer.core.analysis.position import report

    r = report(_rule(args), args.a, args.b)
    if args.json:
        doc = {
            "position": [r.a, r.b],
            "status": r.status_code,
            "terminal": r.terminal,
            "rule": r.rule_key,
            "moves": [list(m.target) for m in r.moves],
            "details": [{"to": list(m.target), "kind": m.kind.name.lower(), "taken": m.taken} for m in r.moves],
        }
        _write(out, (json.dumps(doc) + "\n").encode())
    else:
        _write(out, "".join(f"{m.target[0]} {m.target[1]}\n" for m in r.moves).encode())


CLI_INDEX_CELLS = 1 << 20  # single queries: an index this large builds in ~50 ms


def _counter_for(rule: Rule, method: str, single: bool) -> Counter:
    """What answers the counts: a batch under 'auto' takes the vectorised closed form (no index
    to build); a single query under 'auto' a small Fenwick index where the rule has one."""
    from explorer.core.counting.cold_index import MAX_CELLS

    if method == "closed-form" or (method == "auto" and not single):
        return rule.counter("closed-form")
    return rule.counter(method, MAX_CELLS if method == "fenwick" else CLI_INDEX_CELLS)


def cmd_count(args: argparse.Namespace, out: BinaryIO) -> None:
    from explorer.core.textio.intstream import read_integers
    from explorer.core.textio.textout import numbers_per_line

    rule = _rule(args)
    if args.batch:
        if len(args.bounds) > 1 or (args.bounds and args.file is not None):
            raise UsageError("count --batch reads its queries from one FILE (or stdin), not from numbers")
        nums = read_integers(_read_source(args.file if args.file is not None else (args.bounds or [None])[0]))
        width = 4 if args.rect else 2
        flat, _ = _counted_records(nums, width, "queries")
        cols = _columns(flat, width)
        counter = _counter_for(rule, args.method, single=False)
        counts, _ = counter.count_many(*cols) if width == 2 else counter.count_rect_many(*cols)
        _write(out, numbers_per_line(counts))
        return
    if args.file is not None:
        raise UsageError("a FILE is read only with --batch")
    if args.rect:
        raise UsageError("--rect goes with --batch; a single rectangle is X0 Y0 X1 Y1")
    if len(args.bounds) not in (2, 4):
        raise UsageError("count takes X Y, or X0 Y0 X1 Y1 (or --batch [FILE])")
    names = ("X", "Y") if len(args.bounds) == 2 else ("X0", "Y0", "X1", "Y1")
    bounds = [parse_natural(text, name) for text, name in zip(args.bounds, names, strict=True)]
    x0, y0, x1, y1 = (0, 0, *bounds) if len(bounds) == 2 else bounds
    if x1 < x0 or y1 < y0:
        raise UsageError("the rectangle is empty: X1 must be at least X0, and Y1 at least Y0")
    answer = _counter_for(rule, args.method, single=True).count_rect(x0, y0, x1, y1)
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
        _write(out, (json.dumps(doc) + "\n").encode())
    else:
        _write(out, f"{answer.count}\n".encode())


def cmd_pairs(args: argparse.Namespace, out: BinaryIO) -> None:
    import numpy as np

    start, count = args.start, args.n
    rule = _rule(args)
    rule.cold_pair(start)  # a rule without a sequence of pairs says so, even for N = 0
    chunk = 1 << 16
    for lo in range(0, count, chunk):
        n = min(chunk, count - lo)
        a, b = rule.cold_pairs(start + lo, n)
        a_list = a.tolist() if isinstance(a, np.ndarray) else a
        b_list = b.tolist() if isinstance(b, np.ndarray) else b
        lines = map("{} {} {}".format, range(start + lo, start + lo + n), a_list, b_list)
        out.write(("\n".join(lines) + "\n").encode())
    out.flush()


def cmd_number(args: argparse.Namespace, out: BinaryIO) -> None:
    n = args.n
    role = classify_number(n)
    if role.kind is NumberKind.ZERO:
        text = "0 is in the cold pair (0, 0), k = 0\n"
    else:
        name = "a" if role.kind is NumberKind.LOWER else "b"
        pair = (n, role.partner) if role.kind is NumberKind.LOWER else (role.partner, n)
        text = (
            f"{n} = {name}_{role.index} ({role.kind.value} number); partner {role.partner}; "
            f"cold pair ({pair[0]}, {pair[1]})\n"
        )
    text += f"Zeckendorf: {zeckendorf_digits(n)}\n"
    _write(out, text.encode())


def cmd_zeckendorf(args: argparse.Namespace, out: BinaryIO) -> None:
    _write(out, (zeckendorf_digits(args.n) + "\n").encode())


def _write_table(out: BinaryIO, table: Any) -> None:
    from explorer.core.textio.textout import table_chunks

    for piece in table_chunks(table):
        _write(out, piece)


def _window_args(args: argparse.Namespace) -> tuple[int, int]:
    if args.rows < 1 or args.cols < 1:
        raise UsageError("ROWS and COLS must be at least 1")
    return args.origin if args.origin else (0, 0)


def cmd_grundy(args: argparse.Namespace, out: BinaryIO) -> None:
    x0, y0 = _window_args(args)
    rule = _rule(args)
    table = rule.grundy_window(x0, y0, args.rows, args.cols)
    _write_table(out, table)
    if rule.grundy_note:  # misère: say plainly what the numbers are
        sys.stderr.write(f"{PROG}: note: {rule.grundy_note}\n")


def cmd_remoteness(args: argparse.Namespace, out: BinaryIO) -> None:
    x0, y0 = _window_args(args)
    _write_table(out, _rule(args).remoteness_window(x0, y0, args.rows, args.cols))


def cmd_grundy_row(args: argparse.Namespace, out: BinaryIO) -> None:
    from explorer.core.values.rows import MAX_ROWS

    x = args.x
    if x >= MAX_ROWS:
        raise UsageError(f"rows 0 to {MAX_ROWS - 1} can be solved, not {short_decimal(x)}")
    rows = _rule(args).grundy_rows(x + 1, budget_bytes=budget.ROWS_CLI_BYTES)
    info = rows.row(x)
    lines = [
        f"preperiod {info.preperiod}",
        f"period {info.period}",
        "certified yes" if info.certified else f"certified no (observed over {info.columns} columns)",
    ]
    if args.at is not None:
        if not rows.knows(x, args.at):
            raise UsageError(f"row {x} is not certified: G is known for Y < {info.columns} only")
        lines.append(f"G({x}, {args.at}) = {rows.value(x, args.at)}")
    _write(out, ("\n".join(lines) + "\n").encode())


def cmd_array(args: argparse.Namespace, out: BinaryIO) -> None:
    from explorer.core.game.array import block

    r0, c0 = args.start if args.start else (1, 1)
    if min(args.rows, args.cols, r0, c0) < 1:
        raise UsageError("ROWS, COLS and the start row and column are at least 1 (the array counts from 1)")
    if args.rows * args.cols > 10**7:
        raise UsageError("at most 10^7 entries at a time")
    lines = block(r0, c0, args.rows, args.cols)
    _write(out, "".join(" ".join(map(str, line)) + "\n" for line in lines).encode())


def cmd_screenshot(args: argparse.Namespace, out: BinaryIO) -> None:
    from explorer.gui.screenshot import screenshot_from_args

    _check_window_options(args)
    if args.session is not None:
        from explorer.session.store import load

        load(args.session)

    screenshot_from_args(args)


def _panel(text: str) -> str:
    from explorer.session.views import PANELS

    if text not in PANELS:
        raise argparse.ArgumentTypeError(f"the panel is one of {', '.join(PANELS)}, not {text!r}")
    return text


def _mode(text: str) -> str:
    from explorer.core.values import HOT_COLD, MODES

    mode = HOT_COLD if text in ("cold", "hot-cold") else text
    if mode not in MODES:
        raise argparse.ArgumentTypeError(f"the colour mode is one of cold, grundy, remoteness, not {text!r}")
    return mode


def _window_options(p: argparse.ArgumentParser, rule_help: str) -> None:
    """--rule and --mode for the window (the top level) and for `screenshot`."""
    p.add_argument("--rule", dest="window_rule", metavar="RULE", help=rule_help)
    p.add_argument("--mode", dest="window_mode", type=_mode, metavar="MODE", help="cold, grundy or remoteness")


def _check_window_options(args: argparse.Namespace) -> None:
    from explorer.core.rules.base import UnknownRule
    from explorer.core.rules.registry import check_rule

    if args.window_rule is not None:
        try:
            check_rule(args.window_rule)
        except UnknownRule as exc:
            raise UsageError(str(exc)) from None


def cmd_open(args: argparse.Namespace, out: BinaryIO) -> None:
    from explorer.session.store import load

    load(args.session)  # a bad file: one line on stderr and status 2, no window
    _check_window_options(args)
    from explorer.gui.app import run_window

    raise SystemExit(run_window(session=args.session, rule=args.window_rule, mode=args.window_mode))


def build_parser(full_help: bool = True) -> argparse.ArgumentParser:
    """The parser; without `full_help` the `--rule` help skips listing the rules (which loads them)."""
    rule_help = _rule_help() if full_help else "the rule"
    parser = _Parser(
        prog=PROG,
        description="Explore Wythoff's game exactly. With no command, open the window "
        "(--goto A B, --rule and --mode say where and how).",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {explorer.__version__}")
    parser.add_argument("--goto", nargs=2, type=_natural, metavar=("A", "B"), help="open the window at (A, B)")
    _window_options(parser, rule_help)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    p = sub.add_parser("judge", help="who wins each position: T then T pairs -> First/Second")
    p.add_argument("file", nargs="?", metavar="FILE", help="input file (default: stdin)")
    p.add_argument("--pairs", action="store_true", help="pairs until end of input, print 1 (first player wins) or 0")
    p.add_argument("--rule", default="wythoff", help=rule_help)
    p.set_defaults(func=cmd_judge)

    p = sub.add_parser("moves", help="the winning moves from (A, B), one 'a b' line each")
    p.add_argument("a", type=_natural, metavar="A")
    p.add_argument("b", type=_natural, metavar="B")
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.add_argument("--rule", default="wythoff", help=rule_help)
    p.set_defaults(func=cmd_moves)

    p = sub.add_parser("count", help="cold cells in [0, X] x [0, Y], or in [X0, X1] x [Y0, Y1]")
    # Read as text: with --batch a single one is the FILE (`count --batch FILE --rule nim`).
    p.add_argument("bounds", nargs="*", metavar="X Y | X0 Y0 X1 Y1 | FILE")
    p.add_argument("--json", action="store_true", help="print x, y, count, cells, density, share, method")
    p.add_argument("--batch", action="store_true", help="read Q, then Q lines 'X Y'")
    p.add_argument("--rect", action="store_true", help="with --batch: Q lines 'X0 Y0 X1 Y1'")
    p.add_argument("--file", metavar="FILE", help="with --batch: input file (default: stdin)")
    p.add_argument(
        "--method",
        choices=["auto", "fenwick", "closed-form"],
        default="auto",
        help="auto: the Fenwick index for single queries up to 2^20, the closed form otherwise",
    )
    p.add_argument("--rule", default="wythoff", help=rule_help)
    p.set_defaults(func=cmd_count)

    p = sub.add_parser("pairs", help="lines 'k a_k b_k' for k = K .. K+N-1")
    p.add_argument("n", type=_natural, metavar="N")
    p.add_argument("--start", type=_natural, default=0, metavar="K")
    p.add_argument("--rule", default="wythoff", help=rule_help)
    p.set_defaults(func=cmd_pairs)

    p = sub.add_parser("number", help="where N stands: a_k or b_k, its partner, its Zeckendorf form")
    p.add_argument("n", type=_natural, metavar="N")
    p.set_defaults(func=cmd_number)

    p = sub.add_parser("zeckendorf", help="Zeckendorf digits of N over 1, 2, 3, 5, 8, ...")
    p.add_argument("n", type=_natural, metavar="N")
    p.set_defaults(func=cmd_zeckendorf)

    p = sub.add_parser("grundy", help="Sprague-Grundy values: line i holds G(X+i, Y+j), j = 0..COLS-1")
    p.add_argument("rows", type=_natural, metavar="ROWS")
    p.add_argument("cols", type=_natural, metavar="COLS")
    p.add_argument("--origin", nargs=2, type=_natural, metavar=("X", "Y"))
    p.add_argument("--rule", default="wythoff", help=rule_help)
    p.set_defaults(func=cmd_grundy)

    p = sub.add_parser("remoteness", help="how many moves are left with best play: line i holds R(X+i, Y+j)")
    p.add_argument("rows", type=_natural, metavar="ROWS")
    p.add_argument("cols", type=_natural, metavar="COLS")
    p.add_argument("--origin", nargs=2, type=_natural, metavar=("X", "Y"))
    p.add_argument("--rule", default="wythoff", help=rule_help)
    p.set_defaults(func=cmd_remoteness)

    p = sub.add_parser("grundy-row", help="row X of Wythoff's G: its preperiod, its period, and G(X, Y)")
    p.add_argument("x", type=_natural, metavar="X")
    p.add_argument("--at", type=_natural, metavar="Y", help="also print G(X, Y), exact for any Y")
    p.add_argument("--rule", default="wythoff", help=rule_help)
    p.set_defaults(func=cmd_grundy_row)

    p = sub.add_parser("screenshot", help="render the window off-screen to a PNG")
    p.add_argument("out", metavar="OUT.png")
    p.add_argument("--view", nargs=4, type=_natural, metavar=("X0", "Y0", "X1", "Y1"))
    p.add_argument("--select", nargs=2, type=_natural, metavar=("A", "B"))
    p.add_argument("--size", default="1280x800", metavar="WxH")
    p.add_argument("--session", metavar="FILE", help="a saved session to show (then --rule, --mode, --view...)")
    p.add_argument(
        "--panel",
        type=_panel,
        metavar="NAME",
        help="the panel in front: inspector, queries, play, sequence, array, npiles or rows (rows are solved first)",
    )
    _window_options(p, rule_help)
    p.set_defaults(func=cmd_screenshot)

    p = sub.add_parser("array", help="the Wythoff array: ROWS lines of COLS entries (rows, columns from 1)")
    p.add_argument("rows", type=_natural, metavar="ROWS")
    p.add_argument("cols", type=_natural, metavar="COLS")
    p.add_argument("--start", nargs=2, type=_natural, metavar=("R", "C"), help="the first row and column shown")
    p.set_defaults(func=cmd_array)

    p = sub.add_parser("open", help="open a saved session in the window")
    p.add_argument("session", metavar="FILE")
    _window_options(p, rule_help)
    p.set_defaults(func=cmd_open)
    return parser


# Commands that allocate the same large temporaries again and again keep what is freed (see
# explorer.allocator; `judge` of 10^6 positions: 81 000 page faults down to 28 000).
BULK_COMMANDS = (cmd_judge, cmd_count, cmd_pairs, cmd_grundy, cmd_remoteness)


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list:
        from explorer.gui.app import run_window

        return run_window()
    parser = build_parser(full_help=any(a in ("-h", "--help") for a in args_list))
    try:
        args = parser.parse_args(args_list)
        if args.command is None:
            if args.goto is None and args.window_rule is None and args.window_mode is None:
                raise UsageError("no command given")
            _check_window_options(args)
            from explorer.gui.app import run_window

            return run_window(goto=args.goto, rule=args.window_rule, mode=args.window_mode)
        if args.func in BULK_COMMANDS:
            from explorer import allocator

            allocator.keep_freed_memory()
        args.func(args, sys.stdout.buffer)
    except (UsageError, ValueError) as exc:  # InputError and the rules' errors are ValueErrors
        sys.stderr.write(f"{PROG}: error: {exc}\n")
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (e.g. `| head`): not an error
        return 0
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
