"""The one table of compiled kernels: each declared once, and everything reads it.

A kernel is a function of the core written for numba (`@njit(cache=True, nogil=True)`), or a plain
function numba compiles (`jit=False`: the grid's colouring loop). Its entry names its module, its
function, the argument types it is called with and its group. A group is one extension module built
ahead of time from its kernels (`explorer/<package>/<prefix>_<digest>.so`, the digest a CRC-32 of
the group's sources, so a build older than its sources is never imported). Readers:

- the package's build step (setup.py's build_ext, and `python -m explorer.core.aot_build` in place):
  `build_group` for every group, numba's pycc, public API only;
- the JIT warm-up (`python -m explorer.core.jit_warm`): every signature of every kernel;
- the Makefile: `python -m explorer.core.kernels sources` lists what a build depends on;
- the callers, through `kernels(group)`: the compiled module where there is a current build, else
  the kernels under numba's JIT (compiled once, kept on disk), else None where numba cannot be
  loaded (the caller's exact Python or numpy path; numba is a dependency, so only a broken install).

Where a group runs matters: a module built ahead of time holds the GIL while it runs, and needs no
numba (a command starts in a fraction of a second); numba's JIT lets go of the GIL. So a group
`for_main_thread` (the sweeps, which can run for seconds) is taken from the build on the main thread
only, and from the JIT on worker threads; the batch kernels (a few ns a number, handed chunks) and
the colouring loop take the build on any thread.

Signatures are numba's syntax (`i8[::1]`: a C-contiguous int64 array; `u2[:, :]` any layout), plus
BYTES for a bytearray and READONLY for a read-only 1-D uint8 array. The first signature of a
kernel in a group is the one its module exports, with the return type; every signature is warmed.
"""

from __future__ import annotations

import os
import sys
import threading
import zlib
from types import SimpleNamespace
from typing import Any, NamedTuple

A1, A2 = "i8[::1]", "i8[:, ::1]"
CORE = os.path.dirname(os.path.abspath(__file__))  # paths as strings: pathlib is 7 ms of a command's start


class Group(NamedTuple):
    """One extension module built ahead of time: `explorer.core.<package>.<prefix>_<digest>`."""

    name: str
    package: str  # below explorer.core
    prefix: str
    helpers: tuple[str, ...] = ()  # modules its kernels call into, below explorer.core (part of the digest)
    for_main_thread: bool = False  # the build on the main thread only; the JIT (no GIL) elsewhere


class Kernel(NamedTuple):
    module: str  # below explorer.core
    function: str  # `name()`: a function that makes the kernel when first called (JIT only)
    signatures: tuple[str, ...]  # "ret(args)" where the group exports it (the first), else "args"
    group: str = ""  # "" : JIT only
    export: str = ""  # its name in the built module (default: the function's)
    jit: bool = True  # False: a plain Python function, compiled ahead of time only

    @property
    def exported(self) -> str:
        return self.export or self.function


GROUPS: dict[str, Group] = {
    g.name: g
    for g in (
        Group("grundy", "grundy", "_aot", helpers=("values.bits",), for_main_thread=True),
        Group("sweep", "game", "_sweep_aot", for_main_thread=True),
        Group("vvalues", "values", "_vvalues_aot", helpers=("values.bits",), for_main_thread=True),
        Group("batch", "textio", "_batch_aot"),
        Group("text", "textio", "_text_aot", helpers=("exact.beatty_jit", "textio.text_jit", "textio.text_layout")),
    )
}

# The costliest to compile first (seconds on the 2-core machine), so that a warm-up in two parts ends together.
KERNELS: tuple[Kernel, ...] = (
    Kernel(
        "values.kernel",  # 7 s
        "_sweep",
        (
            f"i8, i8, i8, i8, b1, {A1}, b1, i8, {A2}, b1, u2[:, ::1], u2[:, ::1], b1[:, ::1], u8[:, ::1], {A1}, "
            f"u8[:, ::1], {A1}, {A1}, {A1}, {A1}, {A1}, u2[:, ::1], u2[:, ::1], {A1}, {A1}, b1[::1], b1",
        ),
    ),
    Kernel(
        "grundy.jit",  # 6 s
        "_sweep",
        (f"void(i8, i8, i8, i8, i8, i8, u2[:, ::1], u8[:, ::1], u8[:, ::1], {A1}, {A1}, u8[:, ::1], u8[:, ::1])",),
        group="grundy",
        export="sweep",
    ),
    Kernel("grundy.colour_loop", "colour", ("void(u1[:], u4[:], u4[:])",), group="grundy", jit=False),
    Kernel(
        "textio.answer_jit",  # 6 s
        "answer_text",
        ("i8(BYTES, i8, b1, i8, BYTES, BYTES, BYTES, BYTES)",),
        group="text",
    ),
    Kernel(
        "game.sweep_jit",
        "sweep",
        (f"i8(i4[:, ::1], i8, i8, i8, {A1}, {A1}, {A1}, {A1}, {A1}, {A1}, u8[::1], {A1}, {A1}, {A1}, {A1}, {A1})",),
        group="sweep",
    ),
    Kernel(
        "game.sweep_jit", "rebuild", (f"void(i4[::1], {A1}, {A1}, {A1}, {A1}, {A1}, {A1}, u8[::1], {A1})",), "sweep"
    ),
    Kernel("game.sweep_jit", "upper", ("i8(i4[::1], i8, i8, i4[::1])",), group="sweep"),
    Kernel("game.sweep_jit", "next_free", (f"u8[::1], {A1}, {A1}, i8",)),
    Kernel("exact.beatty_jit", "rectangle_counts", (f"void({A1}, {A1}, {A1}, {A1}, {A1})",), group="batch"),
    Kernel("exact.beatty_jit", "prefix_counts", (f"void({A1}, {A1}, {A1})",), group="batch"),
    Kernel("exact.beatty_jit", "lower_counts", (f"void({A1}, {A1})",), group="batch"),
    Kernel("exact.beatty_jit", "cold_flags", (f"void({A1}, {A1}, u1[::1])",), group="batch"),
    Kernel("textio.text_jit", "parse", (f"i8(u1[::1], b1, {A1}, {A1})", f"READONLY, b1, {A1}, {A1}"), "batch"),
    Kernel("textio.text_jit", "format_lines", (f"i8({A1}, u1[::1])",), group="batch"),
    Kernel("textio.text_jit", "format_words", ("i8(u1[::1], u1[::1], u1[::1], u1[::1])",), group="batch"),
    Kernel(
        "rules.block_kernel",
        "altered_sweep",
        (
            f"i8, i8, i4[:, ::1], {A1}, i4[::1], i4[:, ::1], i4[:, ::1], u8[:, ::1], i4[::1], i4[:, ::1], "
            f"u8[:, ::1], {A2}, {A1}, i4[::1], i4[:, ::1], u8[:, ::1], {A1}, {A2}, {A2}, {A1}, {A2}, {A1}, {A1}, "
            f"{A1}, {A1}, i8, i8",
        ),
    ),
    Kernel(
        "values.vector_jit",
        "sweep",
        (
            f"i8(i8, i8, i8, {A1}, {A1}, {A1}, {A1}, {A1}, {A1}, u4[:, ::1], u2[:, ::1], b1[:, ::1], u8[:, ::1], "
            f"{A1}, {A1}, i8)",
        ),
        group="vvalues",
    ),
    Kernel(
        "rules.block_kernel",
        "sweep",
        (
            f"i8, i8, i8, i4[:, ::1], i4[::1], i4[:, ::1], i4[:, ::1], u8[:, ::1], i4[::1], i4[:, ::1], "
            f"u8[:, ::1], {A2}, {A1}, i4[::1], i4[:, ::1], u8[:, ::1], {A1}, {A2}, {A2}, {A1}, {A2}, {A1}, i8, i8",
        ),
    ),
    Kernel("values.rows", "_strip", (f"i8, i8, i8, i2[:, ::1], u8[:, ::1], u8[::1], u8[:, ::1], {A1}",)),
    Kernel(
        "rules.alter_kernel",
        "walk",
        (
            f"i8, i8, i4[::1], i4[::1], i4[::1], i4[::1], b1, {A1}, {A1}, {A1}, {A1}, {A2}, {A1}, i4[::1], {A2}, "
            f"{A1}, i8",
        ),
    ),
    Kernel("rules.star_kernel", "star_columns", (f"{A1}, {A1}, b1[:, ::1], b1[:, ::1], i8, i8",)),
    Kernel(
        "grundy.jit",
        "_mirror",
        ("u2[:, :], u2[:, ::1], i8, i8, i8, i8, i8", "u2[:, ::1], u2[:, ::1], i8, i8, i8, i8, i8"),
    ),
    Kernel("values.rows", "_same_state", ("i8, i8, i8, i2[:, ::1], b1[::1], b1[::1]",)),
    Kernel("values.rows", "_row_window", ("i8, i8, i2[:, ::1], b1[::1]",)),
    Kernel("values.rows", "_least_period", ("i2[::1], i8, i8", "i2[:], i8, i8")),
    Kernel("counting.sequence_index", "sweep_kernel()", (f"i4[::1], {A1}, {A1}, {A1}, {A1}",)),
    Kernel("counting.raster_jit", "count_layers", (f"i4[:, ::1], i8, i8, i8, i8, i8, i8, i8, i8, {A1}",)),
    Kernel("rules.block_kernel", "_fill", ("i4[::1], i8",)),
    Kernel(
        "game.heaps3_kernel",
        "slice_columns",
        (f"i8, i4[:, ::1], i4[:, ::1], i4[:, ::1], i4[:, ::1], {A2}, {A1}, i8, i8, i8",),
    ),
    Kernel("rules.block_kernel", "_count_up", ("i4[:, ::1]",)),
)


def in_group(group: str) -> tuple[Kernel, ...]:
    return tuple(k for k in KERNELS if k.group == group)


def path_of(module: str) -> str:
    """The source file of a module below explorer.core."""
    return os.path.join(CORE, *module.split(".")) + ".py"


def sources(group: str) -> tuple[str, ...]:
    """What a group's build depends on: its kernels' modules, the modules they call into, this table
    and the build step itself, in a fixed order."""
    modules = dict.fromkeys([*(k.module for k in in_group(group)), *GROUPS[group].helpers])
    return (*(path_of(m) for m in modules), os.path.join(CORE, "kernels.py"), os.path.join(CORE, "aot_build.py"))


def module_name(group: str) -> str:
    """The name of the group's build that matches its sources as they are now: a CRC-32 of each, in
    order (zlib, not hashlib, whose OpenSSL took 4 ms of each command's start; the digest only tells
    builds apart, it guards against nothing)."""
    digest = 0
    for path in sources(group):
        with open(path, "rb") as source:
            digest = zlib.crc32(source.read(), digest)
    return f"{GROUPS[group].prefix}_{digest:08x}"


_BUILT: dict[str, Any] = {}
_JIT: dict[str, Any] = {}


def built(group: str) -> Any:
    """The group's module built ahead of time from its sources as they are now, or None (looked for
    once a process)."""
    if group not in _BUILT:
        import importlib

        try:
            found = importlib.import_module(f"explorer.core.{GROUPS[group].package}.{module_name(group)}")
        except ImportError:
            found = None
        _BUILT[group] = found
    return _BUILT[group]


def jitted(group: str) -> Any:
    """The group's kernels under numba's JIT, as a namespace by their exported names (None where
    numba cannot be loaded). A plain-Python kernel (`jit=False`) is left out: its callers keep numpy."""
    if group not in _JIT:
        import importlib

        try:
            found = {
                k.exported: getattr(importlib.import_module(f"explorer.core.{k.module}"), k.function)
                for k in in_group(group)
                if k.jit
            }
            _JIT[group] = SimpleNamespace(**found)
        except ImportError:  # numba missing or broken: the exact Python and numpy paths
            _JIT[group] = None
    return _JIT[group]


def kernels(group: str) -> Any:
    """The kernels of `group` to run here (see the module's docstring): the build ahead of time, on
    the main thread only for a group `for_main_thread`; else numba's JIT; else None."""
    main = threading.current_thread() is threading.main_thread()
    if main or not GROUPS[group].for_main_thread:
        module = built(group)
        if module is not None:
            return module
    return jitted(group)


def kernel(group: str, name: str) -> Any:
    """One kernel of `group` (`kernels(group)`), or None where neither a build nor the JIT has it."""
    found = kernels(group)
    return getattr(found, name, None) if found is not None else None


def split_signature(text: str) -> tuple[str | None, str]:
    """'ret(args)' -> ('ret', 'args'); 'args' (a signature warmed only) -> (None, 'args')."""
    head, paren, rest = text.partition("(")
    if paren and rest.endswith(")") and "[" not in head and "," not in head:
        return head.strip(), rest[:-1]
    return None, text


def argument_types(text: str) -> tuple[object, ...]:
    """The numba types of an argument list in the table's syntax (numba's, with BYTES and READONLY)."""
    from numba import types
    from numba.core import sigutils

    special = {"BYTES": types.ByteArray(types.uint8, 1, "C"), "READONLY": types.Array(types.uint8, 1, "C", True)}
    plain = [part.strip() for part in _top_level(text)]
    signature = "void(" + ", ".join("i8" if p in special else p for p in plain) + ")"
    parsed = sigutils.normalize_signature(signature)[0]  # type: ignore[no-untyped-call]
    return tuple(special.get(p, t) for p, t in zip(plain, parsed, strict=True))


def numba_signature(text: str) -> Any:
    """The numba signature `ret(args)` of a table entry (what pycc exports)."""
    from numba.core import sigutils

    ret, args = split_signature(text)
    if ret is None:
        raise ValueError(f"{text!r} names no return type")
    returned = sigutils.normalize_signature(f"{ret}()")[1]  # type: ignore[no-untyped-call]
    return returned(*argument_types(args))


def _top_level(text: str) -> list[str]:
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


def main(argv: list[str] | None = None) -> int:
    """`python -m explorer.core.kernels sources`: every file a build depends on, one a line (the
    Makefile's prerequisites); `names`: each group's current module name."""
    what = (argv if argv is not None else sys.argv[1:]) or ["sources"]
    if what[0] == "names":
        for group in GROUPS:
            print(group, module_name(group))
        return 0
    for path in sorted({p for g in GROUPS for p in sources(g)}):
        print(os.path.relpath(path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
