"""`wythoff-explorer figure OUT.{pdf,svg,tex,png} [--view X0 Y0 X1 Y1] [--rule R] [--mode M] [--select A B]
[--size WxH] [--compare RULE]`: the view as a figure for a paper, without a screen (explorer.api.figure):
cells as vector rectangles up to 256 x 256 in view, the exact raster beyond, axes with exact labels, the
selection and its winning moves, and two rules compared."""

from __future__ import annotations

import argparse
import os
import sys
from typing import BinaryIO

from explorer.cli.common import PROG, UsageError, reach, rule_of


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size takes WxH in points, such as 600x600, not {text[:40]!r}") from None
    if not (120 <= w <= 20_000 and 120 <= h <= 20_000):
        raise UsageError("--size must be between 120x120 and 20000x20000 points")
    return w, h


def cmd_figure(args: argparse.Namespace, out: BinaryIO) -> None:
    from explorer.api import figure, figure_kind, save_figure
    from explorer.core.protocol import RuleError

    try:
        figure_kind(args.out)
    except RuleError as exc:
        raise UsageError(str(exc)) from None
    folder = os.path.dirname(os.path.abspath(args.out))
    if not os.path.isdir(folder):
        raise UsageError(f"cannot write {args.out}: no folder {folder}")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"cannot write {args.out}: the folder {folder} is read-only")
    size = _size(args.size)
    x0, y0, x1, y1 = args.view if args.view else (0, 0, 40, 40)
    if x1 <= x0 or y1 <= y0:
        raise UsageError("--view takes X0 Y0 X1 Y1 with X0 < X1 and Y0 < Y1 (the cells [X0, X1) x [Y0, Y1))")
    rule = rule_of(args, need=max(x1, y1) - 1)  # k-blocking: the view's own columns
    reach(rule, x1 - 1, y1 - 1)
    select = tuple(args.select) if args.select else None
    other = None
    if args.compare is not None:
        other = rule_of(argparse.Namespace(rule=args.compare))
        reach(other, x1 - 1, y1 - 1)
    try:
        fig = figure(x0, y0, x1, y1, rule, args.mode, select, size, compare=other)  # type: ignore[arg-type]
    except RuleError as exc:  # two rules compared on too wide a view, a mode the rule cannot answer
        raise UsageError(str(exc)) from None
    try:
        note = save_figure(args.out, fig, standalone=args.standalone)
    except OSError as exc:
        raise UsageError(f"cannot write {args.out}: {exc.strerror or exc}") from None
    if note:
        sys.stderr.write(f"{PROG}: {note}\n")
