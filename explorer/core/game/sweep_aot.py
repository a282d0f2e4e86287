"""The column sweep of move-vector sequences compiled ahead of time:
`python -m explorer.core.game.sweep_aot` (run by `make run`, `make test` and `make bench`).

With it a command that needs a generated sequence (`moves 5 7 --rule maharaja`, `count … --rule
gdwn:1,2`) runs the sweep on the main thread without importing numba (about 0.5 s and 100 MB);
without a current build it falls back to numba's JIT (explorer.core.aot_build says how builds are
named and kept current).
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Any

from explorer.core import aot_build

HERE = Path(__file__).resolve().parent
PREFIX = "_sweep_aot"
SOURCES = (HERE / "sweep_jit.py", Path(__file__).resolve(), HERE.parent / "aot_build.py")
# Contiguous arrays (`::1`), as the JIT sees them: with any layout (`:`) every index took a stride
# (Maharaja's sweep at 2^24: 21.1 -> 18.3 ns a column, best of 5). The engine passes only arrays
# it made, which are contiguous.
SWEEP_SIGNATURE = "i8(i4[:, ::1], i8, i8, i8, " + ", ".join(["i8[::1]"] * 6 + ["u8[::1]"] + ["i8[::1]"] * 5) + ")"
REBUILD_SIGNATURE = "void(i4[::1], i8[::1], i8[::1], i8[::1], i8[::1], i8[::1], i8[::1], u8[::1], i8[::1])"
UPPER_SIGNATURE = "i8(i4[::1], i8, i8, i4[::1])"


def load() -> Any:
    return aot_build.load("explorer.core.game", PREFIX, SOURCES)


built = functools.cache(load)  # looked for once a process


def build() -> Path:
    from explorer.core.game import sweep_jit

    exports = [
        ("sweep", SWEEP_SIGNATURE, sweep_jit.sweep.py_func),
        ("rebuild", REBUILD_SIGNATURE, sweep_jit.rebuild.py_func),
        ("upper", UPPER_SIGNATURE, sweep_jit.upper.py_func),
    ]
    return aot_build.build(HERE, PREFIX, SOURCES, exports)


def main() -> int:
    return aot_build.main(build, "Sequence sweep")


if __name__ == "__main__":
    sys.exit(main())
