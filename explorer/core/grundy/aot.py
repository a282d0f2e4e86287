"""Wythoff's Grundy loop compiled ahead of time: `python -m explorer.core.grundy.aot` (run by
`make run`, `make test` and `make bench`).

numba's pycc compiles explorer.core.grundy.jit's functions, unchanged, into an extension module
beside this file that imports nothing but numpy; with them the grid's colouring loop
(explorer.core.grundy.colour_loop), which the window's GUI thread runs without numba. Its name
carries a digest of the sources it was built from (`_aot_<digest>`), so a build older than the
code it came from is never imported: the kernel then falls back to numba's JIT, which is always
there, and the grid to numpy. A failed build (no C compiler, say) costs only speed.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Any

from explorer.core import aot_build

HERE = Path(__file__).resolve().parent
PREFIX = "_aot"
SOURCES = (
    HERE / "jit.py",
    HERE.parent / "values" / "bits.py",
    HERE / "colour_loop.py",
    Path(__file__).resolve(),
    HERE.parent / "aot_build.py",
)
SIGNATURE = "void(i8, i8, i8, i8, i8, i8, u2[:,:], u8[:,:], u8[:,:], i8[:], i8[:], u8[:,:], u8[:,:])"
COLOUR_SIGNATURE = "void(u1[:], u4[:], u4[:])"


def module_name() -> str:
    """The name of the compiled module that matches the sources as they are now."""
    return aot_build.module_name(PREFIX, SOURCES)


def load() -> Any:
    """The compiled module of the sources as they are now, or None when there is no such build."""
    return aot_build.load("explorer.core.grundy", PREFIX, SOURCES)


built = functools.cache(load)  # looked for once (the window's colouring asks every frame)


def build() -> Path:
    from explorer.core.grundy import colour_loop, jit

    exports = [
        ("sweep", SIGNATURE, jit._sweep.py_func),
        ("colour", COLOUR_SIGNATURE, colour_loop.colour),  # the grid's texels (the GUI thread)
    ]
    return aot_build.build(HERE, PREFIX, SOURCES, exports)


def main() -> int:
    return aot_build.main(build, "Grundy kernel")


if __name__ == "__main__":
    sys.exit(main())
