"""`slices GAME A_MAX [--n N] [--json] [--plot OUT.png]`: Fraenkel's conjectures on three heaps, slice
by slice (explorer.core.analysis.slices_report): evidence up to n = N, never a proof."""

from __future__ import annotations

import argparse
from typing import BinaryIO

from explorer.cli.common import UsageError, write

GAMES = ("wythoff3", "subset3")
DEFAULT_N = 100_000


def slices_setup(p: argparse.ArgumentParser, rule_help: str) -> None:
    p.add_argument("game", metavar="GAME", help="wythoff3 (Fraenkel's three-heap Wythoff) or subset3")
    p.add_argument("a_max", metavar="A_MAX", help="the slices a = 0 … A_MAX (the first heap)")
    p.add_argument(
        "--n", type=str, default=None, metavar="N", help=f"the indices n <= N checked (default {DEFAULT_N:,})"
    )
    p.add_argument("--json", action="store_true", help="one JSON object: a report per slice")
    p.add_argument("--plot", metavar="OUT.png", help="also draw b_n − ⌊nφ⌋ of every slice to a PNG")
    p.set_defaults(func=cmd_slices)


def cmd_slices(args: argparse.Namespace, out: BinaryIO) -> None:
    from explorer.core.analysis.slices_report import refusal, report_text, reports
    from explorer.core.exact.bigint import whole_number
    from explorer.core.game.heaps3 import GAMES as BY_NAME
    from explorer.core.game.heaps3 import MAX_FIRST

    game = BY_NAME.get(args.game.strip().lower())
    if game is None:
        raise UsageError(f"slices takes a three-heap game, {' or '.join(GAMES)}, not {args.game[:30]!r}")
    a_max = whole_number(args.a_max, "A_MAX (the largest first heap)", 0, MAX_FIRST)
    n_max = DEFAULT_N if args.n is None else whole_number(args.n, "N (the largest index)", 16, 10**7)
    if why := refusal(game, a_max, n_max):
        raise UsageError(why)
    found = reports(game, a_max, n_max)
    if args.plot:
        from explorer.core.render.slices_plot import save_plot

        save_plot(args.plot, found, f"{game.title}: b_n - floor(n*phi), slices 0 to {a_max}, n <= {n_max:,}")
    if args.json:
        import json

        doc = {
            "game": game.name,
            "n_max": n_max,
            "evidence": f"checked for n <= {n_max}: evidence, not a proof",
            "slices": [r.as_dict() for r in found],
        }
        write(out, (json.dumps(doc) + "\n").encode())
    else:
        write(out, report_text(game, found, n_max).encode())
