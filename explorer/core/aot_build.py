"""Compiling numba code ahead of time, shared by every compiled kernel of the core.

numba's pycc compiles a module's functions, unchanged, into an extension module beside it that
imports nothing but numpy. The module's name carries a digest of the sources it was built from
(`<prefix>_<digest>`), so a build older than the code it came from is never imported: callers
then fall back to numba's JIT, which is always there. A failed build (no C compiler, say) costs
only speed. Used by explorer.core.grundy.aot and explorer.core.game.sweep_aot.
"""

from __future__ import annotations

import importlib
import os
import sys
import warnings
import zlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path


def module_name(prefix: str, sources: Sequence[str | os.PathLike[str]]) -> str:
    """The name of the compiled module that matches these sources as they are now: a CRC-32 of
    each, in order (zlib, not hashlib, whose OpenSSL took 4 ms of each command's start; the digest
    only tells builds apart, it guards against nothing)."""
    digest = 0
    for path in sources:
        with open(path, "rb") as source:
            digest = zlib.crc32(source.read(), digest)
    return f"{prefix}_{digest:08x}"


def load(package: str, prefix: str, sources: Sequence[str | os.PathLike[str]]) -> Any:
    """The compiled module of the sources as they are now, or None when there is no such build."""
    try:
        return importlib.import_module(f"{package}.{module_name(prefix, sources)}")
    except ImportError:
        return None


def build(
    here: Path, prefix: str, sources: Sequence[Path], exports: Sequence[tuple[str, Any, Any]], numpy_free: bool = False
) -> Path:
    """Compile `exports` (name, numba signature, plain Python function) into `here`, removing
    the builds of older sources. Raises on any failure. A `numpy_free` module does not import numpy
    when it is imported (`without_numpy`): its functions must take no arrays, only buffers."""
    import shutil
    import tempfile

    from numba import pycc

    name = module_name(prefix, sources)
    for old in here.glob(f"{prefix}_*"):  # builds of older sources
        old.unlink()
    cc: Any = pycc.CC(name)  # type: ignore[attr-defined, no-untyped-call]
    scratch = tempfile.mkdtemp() if numpy_free else None
    if scratch is not None:
        without_numpy(cc, scratch)
    cc.output_dir = str(here)
    cc.verbose = False
    # For the processor it is built on (make aot runs on the machine that uses it), as the JIT
    # does: pycc's default is a generic x86-64 (Maharaja's sweep at 2^24: 20.8 -> 20.1 ns a column).
    cc.target_cpu = "host"
    for export, signature, function in exports:
        cc.export(export, signature)(function)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pycc announces its own deprecation
            cc.compile()
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
    built = sorted(here.glob(f"{name}.*"))
    if not built:
        raise RuntimeError("pycc wrote no module")
    return built[0]


MIXIN_NUMPY_CALL = "if (!init_numpy()) {"


def without_numpy(cc: Any, scratch: str) -> None:
    """Build `cc` with pycc's C runtime changed in one place: its module start no longer imports numpy
    (numpy's `import_array`, 0.12-0.15 s of a command's start). The numpy C API is then never
    loaded, so the module's functions must not be handed arrays: buffers (bytes, bytearray) reach
    compiled code by the buffer protocol, which needs no numpy. The C file is copied into `scratch`
    with its includes made absolute; if pycc's text changes, the build fails and the command line
    keeps its numpy path."""
    import numba

    numba_dir = os.path.dirname(numba.__file__)
    with open(os.path.join(numba_dir, "pycc", "modulemixin.c")) as source:
        text = source.read()
    if MIXIN_NUMPY_CALL not in text:
        raise RuntimeError("numba's pycc no longer starts its modules as expected")
    text = text.replace('#include "../', f'#include "{numba_dir}/').replace(MIXIN_NUMPY_CALL, "if (0) {")
    text = text.replace("static int\ninit_numpy(void)", "static int __attribute__((unused))\ninit_numpy(void)")
    mixin = os.path.join(scratch, "modulemixin_without_numpy.c")
    sources = cc._get_mixin_sources

    def patched() -> list[str]:
        with open(mixin, "w") as copy:
            copy.write(text)
        # normpath: distutils makes each object's directory from its source's, and `pycc/../core`
        # needs `pycc` made first, which the original mixin did
        return [mixin if path.endswith("modulemixin.c") else os.path.normpath(path) for path in sources()]

    cc._get_mixin_sources = patched


def main(build: Callable[[], Path], what: str) -> int:
    """The command line of each build (`python -m explorer.core.….…aot`): any failure leaves the JIT
    in charge and says so in one line; exit status 0 either way (a build costs only speed)."""
    try:
        path = build()
    except Exception as exc:
        sys.stderr.write(f"{what} not compiled ahead of time ({exc}); numba's JIT will be used\n")
        return 0
    sys.stderr.write(f"{what} compiled ahead of time: {path.name}\n")
    return 0
