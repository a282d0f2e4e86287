"""The headless face of the explorer: `wythoff-explorer judge|moves|count|pairs|...`.

With no sub-command it opens the window. Nothing here imports Qt unless the window or a
screenshot is asked for, so the command line starts fast and runs without a display.
Bad input of any kind ends with one line on stderr and exit status 2, never a traceback.

The commands live by what they work on: `numbers` (one position or number), `tables` (many
positions at once), `window` (the window and its pictures); `common` holds what they share.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Callable, Sequence
from typing import BinaryIO

import explorer
from explorer.cli.animate import cmd_animate
from explorer.cli.common import EXIT_BAD_INPUT, PROG, Parser, UsageError, natural
from explorer.cli.heaps import slices_setup
from explorer.cli.numbers import cmd_moves, cmd_number, cmd_zeckendorf
from explorer.cli.tables import cmd_array, cmd_count, cmd_grundy, cmd_grundy_row, cmd_judge, cmd_pairs, cmd_remoteness
from explorer.cli.window import check_window_options, cmd_open, cmd_screenshot, panel_name, window_options

__all__ = ["EXIT_BAD_INPUT", "PROG", "UsageError", "build_parser", "main"]

Setup = Callable[[argparse.ArgumentParser, str], None]  # adds a command's arguments to its parser


def _rule_help() -> str:
    from explorer.core.rules.registry import rule_syntax

    return f"the rule: {rule_syntax()} (default wythoff)"


def _judge(p: argparse.ArgumentParser, rule_help: str) -> None:
    p.add_argument("file", nargs="?", metavar="FILE", help="input file (default: stdin)")
    p.add_argument("--pairs", action="store_true", help="pairs until end of input, print 1 (first player wins) or 0")
    p.add_argument("--rule", default="wythoff", help=rule_help)
    p.set_defaults(func=cmd_judge)


def _moves(p: argparse.ArgumentParser, rule_help: str) -> None:
    p.add_argument("a", type=natural, metavar="A")
    p.add_argument("b", type=natural, metavar="B")
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.add_argument("--rule", default="wythoff", help=rule_help)
    p.set_defaults(func=cmd_moves)


def _count(p: argparse.ArgumentParser, rule_help: str) -> None:
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
    p.add_argument("--value", type=natural, metavar="H", help="count the cells of Grundy value H instead (0-31)")
    p.add_argument("--rule", default="wythoff", help=rule_help)
    p.set_defaults(func=cmd_count)


def _pairs(p: argparse.ArgumentParser, rule_help: str) -> None:
    p.add_argument("n", type=natural, metavar="N")
    p.add_argument("--start", type=natural, default=0, metavar="K")
    p.add_argument("--value", type=natural, metavar="H", help="the upper cells (x <= y) of Grundy value H (0-31)")
    p.add_argument("--rule", default="wythoff", help=rule_help)
    p.add_argument(
        "--bfile",
        action="store_true",
        help="an OEIS b-file (lines 'n a(n)') of one side: the pairs from n = 1 (A000201, A001950), "
        "a value's cells from n = 0",
    )
    side = p.add_mutually_exclusive_group()
    side.add_argument("--lower", dest="side", action="store_const", const="lower", help="with --bfile: x (the default)")
    side.add_argument("--upper", dest="side", action="store_const", const="upper", help="with --bfile: y")
    p.set_defaults(func=cmd_pairs, side=None)


def _sum(p: argparse.ArgumentParser, rule_help: str) -> None:
    from explorer.cli.far import cmd_sum

    p.add_argument("piles", nargs="+", metavar="A B [H1 H2 ...]", help="the two-pile part, then Nim heaps")
    p.add_argument("--second", nargs=2, type=natural, metavar=("C", "D"), help="a second two-pile part")
    p.add_argument("--json", action="store_true", help='print {"status", "grundy", "winning_moves"}')
    p.add_argument("--rule", default="wythoff", help=rule_help)
    p.set_defaults(func=cmd_sum)


def _one_number(func: Callable[[argparse.Namespace, BinaryIO], None]) -> Setup:
    def setup(p: argparse.ArgumentParser, rule_help: str) -> None:
        p.add_argument("n", type=natural, metavar="N")
        p.set_defaults(func=func)

    return setup


def _values(func: Callable[[argparse.Namespace, BinaryIO], None]) -> Setup:
    def setup(p: argparse.ArgumentParser, rule_help: str) -> None:
        p.add_argument("rows", type=natural, metavar="ROWS")
        p.add_argument("cols", type=natural, metavar="COLS")
        p.add_argument("--origin", nargs=2, type=natural, metavar=("X", "Y"))
        p.add_argument("--rule", default="wythoff", help=rule_help)
        p.set_defaults(func=func)

    return setup


def _grundy_row(p: argparse.ArgumentParser, rule_help: str) -> None:
    p.add_argument("x", type=natural, metavar="X")
    p.add_argument("--at", type=natural, metavar="Y", help="also print G(X, Y), exact for any Y")
    p.add_argument("--bfile", type=natural, metavar="N", help="instead, an OEIS b-file of G(X, 0) … G(X, N - 1)")
    p.add_argument("--rule", default="wythoff", help=rule_help)
    p.set_defaults(func=cmd_grundy_row)


def _screenshot(p: argparse.ArgumentParser, rule_help: str) -> None:
    p.add_argument("out", metavar="OUT.png")
    p.add_argument("--view", nargs=4, type=natural, metavar=("X0", "Y0", "X1", "Y1"))
    # --goto as the window takes it: one spelling everywhere (issue 64)
    p.add_argument("--select", "--goto", dest="select", nargs=2, type=natural, metavar=("A", "B"))
    p.add_argument("--size", default="1280x800", metavar="WxH")
    p.add_argument("--session", metavar="FILE", help="a saved session to show (then --rule, --mode, --view...)")
    p.add_argument("--build", type=natural, metavar="K", help="build mode, K steps in from the view's first")
    p.add_argument("--why", action="store_true", help="Why? for the --select position")
    p.add_argument(
        "--compare", metavar="RULE", help="View ▸ Compare with another rule: the grid shows where they differ"
    )
    p.add_argument("--heaps", nargs="+", type=natural, metavar="H", help="the Sums panel: --select plus these heaps")
    p.add_argument("--grid-heap", type=natural, metavar="H", help="the grid shows the game plus a Nim heap of H (1-15)")
    p.add_argument("--value", type=natural, metavar="H", help="the Structure panel, showing the cells of value H")
    p.add_argument(
        "--panel",
        type=panel_name,
        metavar="NAME",
        help="the panel in front: inspector, queries, play, sequence, array, npiles, sums, rows (solved first), "
        "structure or build",
    )
    window_options(p, rule_help)
    p.set_defaults(func=cmd_screenshot)


def _array(p: argparse.ArgumentParser, rule_help: str) -> None:
    p.add_argument("rows", type=natural, metavar="ROWS", nargs="?")
    p.add_argument("cols", type=natural, metavar="COLS", nargs="?")
    p.add_argument("--start", nargs=2, type=natural, metavar=("R", "C"), help="the first row and column shown")
    p.add_argument(
        "--bfile",
        type=natural,
        metavar="N",
        help="instead, an OEIS b-file of its first N terms by antidiagonals (A035513)",
    )
    p.set_defaults(func=cmd_array)


def _figure(p: argparse.ArgumentParser, rule_help: str) -> None:
    from explorer.cli.figure import cmd_figure

    p.add_argument("out", metavar="OUT.{pdf,svg,tex,png}")
    p.add_argument("--view", nargs=4, type=natural, metavar=("X0", "Y0", "X1", "Y1"), help="cells [X0, X1) x [Y0, Y1)")
    p.add_argument("--rule", default="wythoff", help=rule_help)
    p.add_argument(
        "--mode", default="cold", choices=("cold", "grundy", "remoteness", "options"), help="what the colours show"
    )
    p.add_argument(
        "--select",
        "--goto",
        dest="select",
        nargs=2,
        type=natural,
        metavar=("A", "B"),
        help="ring (A, B) and draw its winning moves",
    )
    p.add_argument("--size", default="600x600", metavar="WxH", help="in points (1/72 inch)")
    p.add_argument("--compare", metavar="RULE", help="the cells cold in both rules, in --rule only, in RULE only")
    p.add_argument(
        "--standalone",
        action="store_true",
        help="a .tex as a whole document pdflatex compiles alone (else a tikzpicture to \\input)",
    )
    p.set_defaults(func=cmd_figure)


def _animate(p: argparse.ArgumentParser, rule_help: str) -> None:
    p.add_argument("out", metavar="OUT.gif")
    p.add_argument("--rule", default="wythoff", help=rule_help)
    p.add_argument("--view", nargs=4, type=natural, metavar=("X0", "Y0", "X1", "Y1"), help="the cells shown")
    p.add_argument("--steps", type=natural, default=12, metavar="N", help="construction steps (frames), 1 to 600")
    p.add_argument("--size", default="800x600", metavar="WxH")
    p.add_argument("--what", choices=("build", "play"), default="build", help="the construction, or a perfect game")
    p.add_argument("--from", dest="start", nargs=2, type=natural, metavar=("A", "B"), help="the game's start (play)")
    p.add_argument("--frame-ms", type=natural, default=700, metavar="MS", help="milliseconds a frame")
    p.set_defaults(func=cmd_animate)


def _open(p: argparse.ArgumentParser, rule_help: str) -> None:
    p.add_argument("session", metavar="FILE")
    window_options(p, rule_help)
    p.set_defaults(func=cmd_open)


def _compare(p: argparse.ArgumentParser, rule_help: str) -> None:
    from explorer.cli.tables import cmd_compare

    p.add_argument("first", metavar="RULE1")
    p.add_argument("second", metavar="RULE2")
    for name in ("x0", "y0", "x1", "y1"):
        p.add_argument(name, type=natural, metavar=name.upper())
    p.add_argument("--json", action="store_true", help='print {"both": …, "first_only": …, "second_only": …}')
    p.add_argument(
        "--translation",
        type=natural,
        metavar="N",
        help="also the shift (|dx|, |dy| <= 8) laying the most of RULE1's cold cells in [0, N)² onto RULE2's",
    )
    p.set_defaults(func=cmd_compare)


# Every command: its name, its line in --help, and what adds its arguments.
COMMANDS: tuple[tuple[str, str, Setup], ...] = (
    ("judge", "who wins each position: T then T pairs -> First/Second", _judge),
    ("moves", "the winning moves from (A, B), one 'a b' line each", _moves),
    ("count", "cold cells in [0, X] x [0, Y], or in [X0, X1] x [Y0, Y1]", _count),
    ("pairs", "lines 'k a_k b_k' for k = K .. K+N-1", _pairs),
    ("sum", "a sum of games: (A, B) plus Nim heaps; its value and every winning move", _sum),
    ("number", "where N stands: a_k or b_k, its partner, its Zeckendorf form", _one_number(cmd_number)),
    ("zeckendorf", "Zeckendorf digits of N over 1, 2, 3, 5, 8, ...", _one_number(cmd_zeckendorf)),
    ("grundy", "Sprague-Grundy values: line i holds G(X+i, Y+j), j = 0..COLS-1", _values(cmd_grundy)),
    ("remoteness", "how many moves are left with best play: line i holds R(X+i, Y+j)", _values(cmd_remoteness)),
    ("grundy-row", "row X of Wythoff's G: its preperiod, its period, and G(X, Y)", _grundy_row),
    ("screenshot", "render the window off-screen to a PNG", _screenshot),
    ("array", "the Wythoff array: ROWS lines of COLS entries (rows, columns from 1)", _array),
    ("open", "open a saved session in the window", _open),
    ("compare", "cells of [X0, X1] x [Y0, Y1] cold in both rules, in the first only, in the second only", _compare),
    ("animate", "an animated GIF: the construction of the cold cells, or a perfect game", _animate),
    ("figure", "the view as a figure for a paper: PDF, SVG, TikZ (.tex) or PNG", _figure),
    ("slices", "three heaps: Fraenkel's conjectures checked slice by slice, a = 0 .. A_MAX", slices_setup),
)


def build_parser(full_help: bool = True, only: str | None = None) -> argparse.ArgumentParser:
    """The parser; without `full_help` the `--rule` help skips listing the rules (which loads them).
    With `only`, the name of a command, that command alone is added (argparse makes a parser per
    command, each looking up its translations on disk: ~3 ms of a 50 ms command otherwise)."""
    rule_help = _rule_help() if full_help else "the rule"
    parser = Parser(
        prog=PROG,
        description="Explore Wythoff's game exactly. With no command, open the window "
        "(--goto A B, --rule and --mode say where and how).",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {explorer.__version__}")
    parser.add_argument(
        "--goto", "--select", dest="goto", nargs=2, type=natural, metavar=("A", "B"), help="open the window at (A, B)"
    )
    window_options(parser, rule_help)
    sub = parser.add_subparsers(dest="command", parser_class=Parser, metavar="COMMAND")
    for name, what, setup in COMMANDS:
        if only is None or name == only:
            setup(sub.add_parser(name, help=what), rule_help)
    return parser


_COMMAND_NAMES = frozenset(name for name, _, _ in COMMANDS)

# Commands that allocate the same large temporaries again and again keep what is freed (see
# explorer.allocator; `judge` of 10^6 positions: 81 000 page faults down to 28 000).
BULK_COMMANDS = (cmd_judge, cmd_count, cmd_pairs, cmd_grundy, cmd_remoteness)


def memory_message(args: Sequence[str]) -> str:
    """What to say when an allocation failed outside a sequence's growth (which says its own)."""
    return (
        f"the memory ran out answering {' '.join(args[:1]) or 'this command'}: the process could not "
        "allocate what the answer needs (raise the memory limit, or ask about smaller numbers)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """The command line. The cyclic collector is held while the command's modules load (all of
    their objects live on; numpy's and the rules' imports are most of a bulk command's time) and
    through a bulk command, whose arrays and integers make no cycles; on for any other command."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _main(argv, collecting)
    finally:
        if collecting:
            gc.enable()


def _main(argv: Sequence[str] | None, collecting: bool) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list:
        from explorer.gui.app import run_window

        return run_window()
    full_help = any(a in ("-h", "--help") for a in args_list)
    # The command comes first (or the window's options do): then only it needs its arguments.
    only = args_list[0] if not full_help and args_list[0] in _COMMAND_NAMES else None
    parser = build_parser(full_help=full_help, only=only)
    try:
        args = parser.parse_args(args_list)
        if args.command is None:
            if args.goto is None and args.window_rule is None and args.window_mode is None:
                raise UsageError("no command given")
            check_window_options(args)
            from explorer.gui.app import run_window

            return run_window(goto=args.goto, rule=args.window_rule, mode=args.window_mode)
        # the window's options written before the command (screenshot and open take them after it)
        before = args_list[: args_list.index(args.command)] if args.command in args_list else []
        window = ("--rule", "--mode", "--goto", "--select")
        placed = [o for o in window if any(a == o or a.startswith(o + "=") for a in before)]
        if placed:  # the window's options, given before a command: the command would not follow them
            raise UsageError(
                f"{placed[0]} before a command is the window's option; put it after the command "
                f"(wythoff-explorer {args.command} ... {placed[0]} ...)"
            )
        if args.func in BULK_COMMANDS:
            from explorer import allocator

            allocator.keep_freed_memory()
        elif collecting:
            gc.enable()
        args.func(args, sys.stdout.buffer)
    except (UsageError, ValueError) as exc:  # InputError and the rules' errors are ValueErrors
        sys.stderr.write(f"{PROG}: error: {exc}\n")
        return EXIT_BAD_INPUT
    except MemoryError:  # the process could not allocate what an answer needs: one line, no traceback
        sys.stderr.write(f"{PROG}: error: {memory_message(args_list)}\n")
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (e.g. `| head`): not an error
        return 0
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
