"""`wythoff-explorer animate OUT.gif [--rule R] [--view X0 Y0 X1 Y1] [--steps N] [--size WxH]
[--what build|play] [--from A B]`: an animated GIF of the construction or of a perfect game,
drawn without a screen (Pillow)."""

from __future__ import annotations

import argparse
from typing import BinaryIO

from explorer.cli.common import UsageError, reach, rule_of


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size takes WxH such as 800x600, not {text[:40]!r}") from None
    if not (200 <= w <= 4000 and 200 <= h <= 4000):
        raise UsageError("--size must be between 200x200 and 4000x4000")
    return w, h


def cmd_animate(args: argparse.Namespace, out: BinaryIO) -> None:
    from explorer.core.render import animation

    size = _size(args.size)
    if not args.out.lower().endswith(".gif"):
        raise UsageError("the animation is written as a GIF: name it OUT.gif")
    rule = rule_of(args)
    if args.what == "play":
        if args.start is None:
            raise UsageError("--what play needs --from A B, the start position")
        a, b = args.start
        view = tuple(args.view) if args.view else (0, 0, max(a, b, 8) + 1, max(a, b, 8) + 1)
        reach(rule, *view, a, b)
        frames = animation.play_frames(rule, (a, b), view, size, _remoteness(rule, a, b))  # type: ignore[arg-type]
    else:
        if args.start is not None:
            raise UsageError("--from goes with --what play")
        view = tuple(args.view) if args.view else (0, 0, 24, 16)
        reach(rule, *view)
        frames = animation.build_frames(rule, view, args.steps, size)  # type: ignore[arg-type]
    try:
        animation.save_gif(frames, args.out, args.frame_ms)
    except OSError as exc:
        raise UsageError(f"cannot write {args.out}: {exc.strerror or exc}") from None


def _remoteness(rule, a: int, b: int):  # type: ignore[no-untyped-def]
    """R of the start and the cells played to, as the one place that answers values finds them
    with a command's limits (None where it finds none for the start)."""
    from explorer.core.value_source import REMOTENESS, command_values

    cache = command_values(rule)
    cache.answer_many([(a, b)], kind=REMOTENESS)
    return cache.remoteness if cache.remoteness(a, b) is not None else None
