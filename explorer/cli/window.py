"""Commands and options that open the window or render it: open, screenshot, --rule, --mode.
Qt is imported only when one of them runs."""

from __future__ import annotations

import argparse
from typing import BinaryIO

from explorer.cli.common import UsageError
from explorer.core.exact.bigint import short_text


def cmd_screenshot(args: argparse.Namespace, out: BinaryIO) -> None:
    from explorer.gui.screenshot import screenshot_from_args

    check_window_options(args)
    if args.session is not None:
        from explorer.session.store import load

        load(args.session)

    screenshot_from_args(args)


def panel_name(text: str) -> str:
    from explorer.session.views import PANEL_ALIASES, PANELS

    if text not in PANELS and text not in PANEL_ALIASES:
        names = ", ".join((*PANELS, *PANEL_ALIASES))
        raise argparse.ArgumentTypeError(f"the panel is one of {names}, not {short_text(text)!r}")
    return text


def mode_name(text: str) -> str:
    from explorer.core.values import COLD_OPTIONS, HOT_COLD, MODES

    mode = {"cold": HOT_COLD, "hot-cold": HOT_COLD, "options": COLD_OPTIONS}.get(text, text)
    if mode not in MODES:
        raise argparse.ArgumentTypeError(
            f"the colour mode is one of cold, grundy, remoteness, options, not {short_text(text)!r}"
        )
    return mode


def window_options(p: argparse.ArgumentParser, rule_help: str) -> None:
    """--rule and --mode for the window (the top level) and for `screenshot`."""
    p.add_argument("--rule", dest="window_rule", metavar="RULE", help=rule_help)
    p.add_argument("--mode", dest="window_mode", type=mode_name, metavar="MODE", help="cold, grundy or remoteness")


def check_window_options(args: argparse.Namespace) -> None:
    from explorer.core.protocol import UnknownRule
    from explorer.core.rules.registry import check_rule

    if args.window_rule is not None:
        try:
            check_rule(args.window_rule)
        except UnknownRule as exc:
            raise UsageError(str(exc)) from None


def cmd_open(args: argparse.Namespace, out: BinaryIO) -> None:
    from explorer.session.store import load

    load(args.session)  # a bad file: one line on stderr and status 2, no window
    check_window_options(args)
    from explorer.gui.app import run_window

    raise SystemExit(run_window(session=args.session, rule=args.window_rule, mode=args.window_mode))
