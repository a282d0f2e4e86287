"""The batch kernels compiled ahead of time: Wythoff's exact floor(n / phi) to 2^63 with the counts and
the cold test built on it (explorer.core.exact.beatty_jit), and the reading and writing of a batch's
numbers (explorer.core.textio.text_jit). `python -m explorer.core.textio.batch_aot`, run by `make run`,
`make test` and `make bench`.

It builds a second module too, `answer_text` alone (explorer.core.textio.answer_jit), which starts
without numpy (explorer.core.aot_build.without_numpy): `text_kernels()`, or None.

`kernels()` is what callers use: the ahead-of-time build when there is a current one (no numba to
import: `judge` and `count --batch` start in a fraction of a second), else None, and the caller keeps
to its numpy path (exact too, slower past 1.36 * 10^9). A module built ahead of time holds the GIL
while it runs: its kernels take a few nanoseconds a number, so callers hand them chunks.
"""

from __future__ import annotations

import functools
import os
import sys
from typing import TYPE_CHECKING, Any

from explorer.core import aot_build

if TYPE_CHECKING:
    from pathlib import Path

# Paths as strings: pathlib is 7 ms of a command's start, and `judge` needs none of it.
HERE = os.path.dirname(os.path.abspath(__file__))
CORE = os.path.dirname(HERE)
PREFIX = "_batch_aot"
SOURCES = (
    os.path.join(CORE, "exact", "beatty_jit.py"),
    os.path.join(HERE, "text_jit.py"),
    os.path.abspath(__file__),
    os.path.join(CORE, "aot_build.py"),
)
FOUR = "void(i8[::1], i8[::1], i8[::1], i8[::1], i8[::1])"


# Wythoff's batch from text to text (explorer.core.textio.answer_jit), built to start without numpy
TEXT_PREFIX = "_text_aot"
TEXT_SOURCES = (os.path.join(HERE, "answer_jit.py"), os.path.join(HERE, "text_layout.py"), *SOURCES)


def load() -> Any:
    return aot_build.load("explorer.core.textio", PREFIX, SOURCES)


def load_text() -> Any:
    return aot_build.load("explorer.core.textio", TEXT_PREFIX, TEXT_SOURCES)


built = functools.cache(load)  # looked for once a process
text_kernels = functools.cache(load_text)


def kernels() -> Any:
    """The compiled module (see the module's docstring), or None."""
    return built()


def build() -> Path:
    from pathlib import Path

    from explorer.core.exact import beatty_jit as b
    from explorer.core.textio import text_jit as t

    exports = [
        ("lower_counts", "void(i8[::1], i8[::1])", b.lower_counts.py_func),
        ("prefix_counts", "void(i8[::1], i8[::1], i8[::1])", b.prefix_counts.py_func),
        ("rectangle_counts", FOUR, b.rectangle_counts.py_func),
        ("cold_flags", "void(i8[::1], i8[::1], u1[::1])", b.cold_flags.py_func),
        ("parse", "i8(u1[::1], b1, i8[::1], i8[::1])", t.parse.py_func),
        ("format_lines", "i8(i8[::1], u1[::1])", t.format_lines.py_func),
        ("format_words", "i8(u1[::1], u1[::1], u1[::1], u1[::1])", t.format_words.py_func),
    ]
    made = aot_build.build(Path(HERE), PREFIX, [Path(p) for p in SOURCES], exports)
    build_text()
    return made


def build_text() -> Path:
    from pathlib import Path

    from numba import types

    from explorer.core.textio import answer_jit

    raw = types.ByteArray(types.uint8, 1, "C")
    signature = types.int64(raw, types.int64, types.boolean, types.int64, raw, raw, raw, raw)
    exports = [("answer_text", signature, answer_jit.answer_text.py_func)]
    return aot_build.build(Path(HERE), TEXT_PREFIX, [Path(p) for p in TEXT_SOURCES], exports, numpy_free=True)


def main() -> int:
    return aot_build.main(build, "Batch kernels")


if __name__ == "__main__":
    sys.exit(main())
