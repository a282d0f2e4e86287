"""numba's JIT compiled once, before the kernels are first called: `python -m explorer.core.jit_warm
[--part K --of N]`, run by `make run`, `make test` and `make check` (N processes at once).

Each kernel is `@njit(cache=True)`: compiled the first time it is called with new argument types,
then kept on disk beside its source (`__pycache__/*.nbi`, `*.nbc`) until the source changes. On a
fresh machine the first calls compile: 45-55 s for all of them, one at a time, and each process that
calls a kernel before it is on disk compiles it again. The window's first Grundy view waited 6 s for
its sweep, and the test suite's three workers compiled the same kernels side by side (a fresh
clone's `make test` took 270 s where a warm one takes 230 s). Compiled here once, they are loaded
(a few milliseconds each) by every process after.

`ENTRY_POINTS` are the kernels of the one table (explorer.core.kernels) and the argument types they
are called with, in numba's signature syntax; the kernels they call are compiled with them. `name()`
is a function that makes its kernel when first asked. A kernel missing there still works: its
first call compiles it, as before.
tests/core/test_jit_warm.py checks that each entry names a kernel with that many parameters. Exit
status 0 whatever happens (a warm-up costs only time).
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time

from explorer.core import kernels as table
from explorer.core.kernels import argument_types, split_signature

# (module, kernel, argument types) for every signature of every kernel numba's JIT compiles, read
# from the one table (explorer.core.kernels), the costliest first.
ENTRY_POINTS: list[tuple[str, str, str]] = [
    (f"explorer.core.{k.module}", k.function, split_signature(text)[1])
    for k in table.KERNELS
    if k.jit
    for text in k.signatures
]


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
