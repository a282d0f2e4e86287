"""The value sweep of move-vector rules compiled ahead of time:
`python -m explorer.core.values.vector_aot` (run by `make run`, `make test` and `make bench`).
With it `grundy … --rule maharaja` computes on the main thread without importing numba
(explorer.core.aot_build says how builds are named and kept current)."""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Any

from explorer.core import aot_build

HERE = Path(__file__).resolve().parent
PREFIX = "_vvalues_aot"
SOURCES = (HERE / "vector_jit.py", Path(__file__).resolve(), HERE.parent / "aot_build.py")
SIGNATURE = (
    "i8(i8, i8, i8, i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], u4[:,:], u2[:,:], b1[:,:], u8[:,:], i8[:], i8[:], i8)"
)


def load() -> Any:
    return aot_build.load("explorer.core.values", PREFIX, SOURCES)


built = functools.cache(load)  # looked for once a process


def build() -> Path:
    from explorer.core.values import vector_jit

    return aot_build.build(HERE, PREFIX, SOURCES, [("sweep", SIGNATURE, vector_jit.sweep.py_func)])


def main() -> int:
    return aot_build.main(build, "Value sweep of move vectors")


if __name__ == "__main__":
    sys.exit(main())
