"""numba's JIT compiled once, before the kernels are first called: `python -m explorer.core.jit_warm
[--part K --of N]`, run by `make run`, `make test` and `make check` (N processes at once).

Each kernel is `@njit(cache=True)`: compiled the first time it is called with new argument types,
then kept on disk beside its source (`__pycache__/*.nbi`, `*.nbc`) until the source changes. On a
fresh machine the first calls compile: 45-55 s for all of them, one at a time, and each process that
calls a kernel before it is on disk compiles it again. The window's first Grundy view waited 6 s for
its sweep, and the test suite's three workers compiled the same kernels side by side (a fresh
clone's `make test` took 270 s where a warm one takes 230 s). Compiled here once, they are loaded
(a few milliseconds each) by every process after.

`ENTRY_POINTS` lists the kernels Python calls and the argument types it calls them with, in numba's
signature syntax (`u2[:, ::1]`: a C-contiguous 2-D uint16 array; `u2[:, :]`: any layout); the
kernels they call are compiled with them. `name()` is a function that makes its kernel when first
asked. A kernel missing here still works: its first call compiles it, as before.
tests/core/test_jit_warm.py checks that each entry names a kernel with that many parameters. Exit
status 0 whatever happens (a warm-up costs only time).
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time

A1, A2 = "i8[::1]", "i8[:, ::1]"

# (module, kernel, argument types), the costliest first (seconds to compile on the 2-core machine)
ENTRY_POINTS: list[tuple[str, str, str]] = [
    (
        "explorer.core.values.kernel",  # 7 s
        "_sweep",
        f"i8, i8, i8, i8, b1, {A1}, b1, i8, {A2}, b1, u2[:, ::1], u2[:, ::1], b1[:, ::1], u8[:, ::1], {A1}, "
        f"u8[:, ::1], {A1}, {A1}, {A1}, {A1}, {A1}, u2[:, ::1], u2[:, ::1], {A1}, {A1}, b1[::1], b1",
    ),
    (
        "explorer.core.grundy.jit",  # 6 s
        "_sweep",
        f"i8, i8, i8, i8, i8, i8, u2[:, ::1], u8[:, ::1], u8[:, ::1], {A1}, {A1}, u8[:, ::1], u8[:, ::1]",
    ),
    ("explorer.core.textio.answer_jit", "answer_text", "BYTES, i8, b1, i8, BYTES, BYTES, BYTES, BYTES"),  # 6 s
    (
        "explorer.core.game.sweep_jit",
        "sweep",
        f"i4[:, ::1], i8, i8, i8, {A1}, {A1}, {A1}, {A1}, {A1}, {A1}, u8[::1], {A1}, {A1}, {A1}, {A1}, {A1}",
    ),
    ("explorer.core.exact.beatty_jit", "rectangle_counts", f"{A1}, {A1}, {A1}, {A1}, {A1}"),
    ("explorer.core.counting.raster_jit", "count_layers", f"i4[:, ::1], i8, i8, i8, i8, i8, i8, i8, i8, {A1}"),
    (
        "explorer.core.rules.block_kernel",
        "altered_sweep",
        f"i8, i8, i4[:, ::1], {A1}, i4[::1], i4[:, ::1], i4[:, ::1], u8[:, ::1], i4[::1], i4[:, ::1], u8[:, ::1], "
        f"{A2}, {A1}, i4[::1], i4[:, ::1], u8[:, ::1], {A1}, {A2}, {A2}, {A1}, {A2}, {A1}, {A1}, {A1}, {A1}, i8, i8",
    ),
    (
        "explorer.core.values.vector_jit",
        "sweep",
        f"i8, i8, i8, {A1}, {A1}, {A1}, {A1}, {A1}, {A1}, u4[:, ::1], u2[:, ::1], b1[:, ::1], u8[:, ::1], {A1}, "
        f"{A1}, i8",
    ),
    ("explorer.core.exact.beatty_jit", "prefix_counts", f"{A1}, {A1}, {A1}"),
    (
        "explorer.core.rules.block_kernel",
        "sweep",
        f"i8, i8, i8, i4[:, ::1], i4[::1], i4[:, ::1], i4[:, ::1], u8[:, ::1], i4[::1], i4[:, ::1], u8[:, ::1], "
        f"{A2}, {A1}, i4[::1], i4[:, ::1], u8[:, ::1], {A1}, {A2}, {A2}, {A1}, {A2}, {A1}, i8, i8",
    ),
    ("explorer.core.exact.beatty_jit", "cold_flags", f"{A1}, {A1}, u1[::1]"),
    (
        "explorer.core.values.rows",
        "_strip",
        f"i8, i8, i8, i2[:, ::1], u8[:, ::1], u8[::1], u8[:, ::1], {A1}",
    ),
    (
        "explorer.core.rules.alter_kernel",
        "walk",
        f"i8, i8, i4[::1], i4[::1], i4[::1], i4[::1], b1, {A1}, {A1}, {A1}, {A1}, {A2}, {A1}, i4[::1], {A2}, {A1}, i8",
    ),
    ("explorer.core.exact.beatty_jit", "lower_counts", f"{A1}, {A1}"),
    ("explorer.core.rules.star_kernel", "star_columns", f"{A1}, {A1}, b1[:, ::1], b1[:, ::1], i8, i8"),
    ("explorer.core.textio.text_jit", "parse", f"u1[::1], b1, {A1}, {A1}"),
    ("explorer.core.textio.text_jit", "parse", f"READONLY, b1, {A1}, {A1}"),
    ("explorer.core.textio.text_jit", "format_lines", f"{A1}, u1[::1]"),
    ("explorer.core.textio.text_jit", "format_words", "u1[::1], u1[::1], u1[::1], u1[::1]"),
    ("explorer.core.game.sweep_jit", "rebuild", f"i4[::1], {A1}, {A1}, {A1}, {A1}, {A1}, {A1}, u8[::1], {A1}"),
    ("explorer.core.game.sweep_jit", "upper", "i4[::1], i8, i8, i4[::1]"),
    ("explorer.core.game.sweep_jit", "next_free", f"u8[::1], {A1}, {A1}, i8"),
    ("explorer.core.grundy.jit", "_mirror", "u2[:, :], u2[:, ::1], i8, i8, i8, i8, i8"),
    ("explorer.core.grundy.jit", "_mirror", "u2[:, ::1], u2[:, ::1], i8, i8, i8, i8, i8"),
    ("explorer.core.values.rows", "_same_state", "i8, i8, i8, i2[:, ::1], b1[::1], b1[::1]"),
    ("explorer.core.values.rows", "_row_window", "i8, i8, i2[:, ::1], b1[::1]"),
    ("explorer.core.values.rows", "_least_period", "i2[::1], i8, i8"),
    ("explorer.core.values.rows", "_least_period", "i2[:], i8, i8"),
    ("explorer.core.counting.sequence_index", "sweep_kernel()", f"i4[::1], {A1}, {A1}, {A1}, {A1}"),
    ("explorer.core.rules.block_kernel", "_fill", "i4[::1], i8"),
    ("explorer.core.rules.block_kernel", "_count_up", "i4[:, ::1]"),
]


def argument_types(text: str) -> tuple[object, ...]:
    """The types of `text` (numba's signature syntax, plus BYTES for a bytearray and READONLY for a
    read-only 1-D uint8 array, which that syntax cannot say)."""
    from numba import types
    from numba.core import sigutils

    special = {"BYTES": types.ByteArray(types.uint8, 1, "C"), "READONLY": types.Array(types.uint8, 1, "C", True)}
    plain = [part.strip() for part in _split(text)]
    signature = "void(" + ", ".join("i8" if p in special else p for p in plain) + ")"
    parsed = sigutils.normalize_signature(signature)[0]  # type: ignore[no-untyped-call]
    return tuple(special.get(p, t) for p, t in zip(plain, parsed, strict=True))


def _split(text: str) -> list[str]:
    """Top-level commas only: `u2[:, ::1], i8` is two types."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        depth += c == "["
        depth -= c == "]"
        if c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def kernel(module: str, name: str):  # type: ignore[no-untyped-def]
    """The kernel `name` of `module`; `name()` is a function that makes it (numba imported only then)."""
    found = getattr(importlib.import_module(module), name.removesuffix("()"))
    return found() if name.endswith("()") else found


def warm(part: int, of: int) -> int:
    """Compile this part's share of the entry points (every `of`-th, from `part`); returns how many
    failed."""
    failed = 0
    for module, name, text in ENTRY_POINTS[part::of]:
        try:
            kernel(module, name).compile(argument_types(text))
        except Exception as exc:  # a kernel changed: its first call compiles it, as before
            sys.stderr.write(f"JIT warm-up: {module}.{name}({text}) not compiled: {exc}\n")
            failed += 1
    return failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m explorer.core.jit_warm")
    parser.add_argument("--part", type=int, default=0)
    parser.add_argument("--of", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    failed = warm(args.part, args.of)
    done = len(ENTRY_POINTS[args.part :: args.of]) - failed
    sys.stderr.write(f"JIT kernels compiled or loaded: {done} in {time.perf_counter() - start:.1f} s\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
