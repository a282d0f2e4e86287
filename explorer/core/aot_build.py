"""The package's own build step for its compiled kernels: every group of the one table
(explorer.core.kernels) compiled ahead of time by numba's pycc, through its public API only
(`CC`, `export`, `compile`).

Who runs it:
- setup.py's build_ext, so that `pip install .`, `pip wheel .`, `python -m build`, `pipx install .`
  and the editable install `make` uses all carry the compiled modules (into the build's package
  folder, or the source tree for an editable install);
- `python -m explorer.core.aot_build` (the Makefile, when a kernel's source changed since), in place.

A group's module is named for a digest of its sources (kernels.module_name), so a build older than
the code it came from is never imported. A build that fails (no C compiler, say) costs only speed:
the kernels then run under numba's JIT, compiled on first use and kept on disk. pycc is deprecated
upstream, kept until a replacement exists; numba's versions are pinned to those tested (pyproject).

Until issue 63 one module was built to start without numpy by rewriting pycc's C runtime (a private
function patched): no longer. Every module now imports numpy when loaded (about 0.1 s of `judge`'s
start), which the benchmarks measure against the seeds' C++.
"""

from __future__ import annotations

import os
import sys
import warnings
from typing import Any

from explorer.core import kernels as table


def build_group(group: str, root: str, target_cpu: str = "") -> str:
    """Compile `group` into its package folder under `root` (the folder holding `explorer`), removing
    the builds of older sources there; returns the file written. Raises on any failure.
    `target_cpu`: "host" for a build used on the machine that makes it (make's in-place build: the
    processor's own instructions, as the JIT uses); "" for pycc's generic x86-64 (a wheel)."""
    import glob
    import importlib

    from numba import pycc

    spec = table.GROUPS[group]
    here = os.path.join(root, "explorer", "core", *spec.package.split("."))
    name = table.module_name(group)
    for old in glob.glob(os.path.join(here, f"{spec.prefix}_*")):  # builds of older sources
        os.unlink(old)
    cc: Any = pycc.CC(name)  # type: ignore[attr-defined, no-untyped-call]
    cc.output_dir = here
    cc.verbose = False
    if target_cpu:
        cc.target_cpu = target_cpu
    for kernel in table.in_group(group):
        found = getattr(importlib.import_module(f"explorer.core.{kernel.module}"), kernel.function)
        function = found.py_func if kernel.jit else found
        cc.export(kernel.exported, table.numba_signature(kernel.signatures[0]))(function)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pycc announces its own deprecation
        cc.compile()
    made = sorted(glob.glob(os.path.join(here, f"{name}.*")))
    if not made:
        raise RuntimeError("pycc wrote no module")
    return made[0]


def build_all(root: str, target_cpu: str = "", say: Any = None) -> int:
    """Every group (see `build_group`); a group that fails is said in one line and left to the JIT.
    Returns how many were built."""
    say = say or (lambda text: sys.stderr.write(text + "\n"))
    done = 0
    for group in table.GROUPS:
        try:
            path = build_group(group, root, target_cpu)
        except Exception as exc:  # numba's words can run to several lines: the first says it
            why = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            say(f"kernels '{group}' not compiled ahead of time ({why}); numba's JIT will run them")
            continue
        say(f"kernels '{group}' compiled ahead of time: {os.path.basename(path)}")
        done += 1
    return done


def main() -> int:
    """In place, for this machine's processor: exit status 0 whatever happens (a build costs only speed)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    build_all(root, target_cpu="host")
    return 0


if __name__ == "__main__":
    sys.exit(main())
