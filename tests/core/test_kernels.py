"""The one table of compiled kernels (explorer.core.kernels, issue 63): every entry names a kernel as it
is, every reader takes it from there, and the run-time choice follows the thread."""

from __future__ import annotations

import inspect
import os
import re
import threading

import pytest

from explorer.core import jit_warm
from explorer.core import kernels as table

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize("entry", table.KERNELS, ids=lambda k: f"{k.module}.{k.function}")
def test_each_entry_names_a_kernel_with_that_many_parameters(entry):
    found = jit_warm.kernel(f"explorer.core.{entry.module}", entry.function)
    function = found.py_func if entry.jit else found
    assert entry.jit == hasattr(found, "py_func"), entry
    for text in entry.signatures:
        _, arguments = table.split_signature(text)
        assert len(table.argument_types(arguments)) == len(inspect.signature(function).parameters), (entry, text)
    if entry.group:
        assert entry.group in table.GROUPS
        assert table.split_signature(entry.signatures[0])[0] is not None, "an export names its return type"
        table.numba_signature(entry.signatures[0])


def test_every_group_has_kernels_and_its_sources_exist():
    for name in table.GROUPS:
        assert table.in_group(name)
        assert all(os.path.exists(p) for p in table.sources(name))
        assert table.module_name(name) == table.module_name(name)
        assert re.fullmatch(rf"{table.GROUPS[name].prefix}_[0-9a-f]{{8}}", table.module_name(name))
    exports = [(k.group, k.exported) for k in table.KERNELS if k.group]
    assert len(exports) == len(set(exports)), "two kernels of one group share a name"


def test_the_warm_up_and_the_makefile_read_the_table():
    assert {(m, n) for m, n, _ in jit_warm.ENTRY_POINTS} == {
        (f"explorer.core.{k.module}", k.function) for k in table.KERNELS if k.jit
    }
    with open(os.path.join(ROOT, "Makefile")) as f:
        makefile = f.read()
    line = next(line for line in makefile.splitlines() if line.startswith("AOT_SOURCES :="))
    assert "explorer.core.kernels sources" in line and ".py" not in line.replace("kernels sources", "")


@pytest.mark.parametrize("group", list(table.GROUPS))
def test_the_choice_follows_the_thread_and_the_jit_answers_by_the_same_names(group):
    """On the main thread the build where there is one; a group for the main thread runs numba's JIT
    on a worker; the JIT's namespace has every name the build exports (but a plain-Python one)."""
    here = table.kernels(group)
    built = table.built(group)
    if built is not None:
        assert here is built
    there: list[object] = []
    worker = threading.Thread(target=lambda: there.append(table.kernels(group)))
    worker.start()
    worker.join()
    jit = table.jitted(group)
    assert jit is not None
    if table.GROUPS[group].for_main_thread or built is None:
        assert there == [jit]
    else:
        assert there == [built]
    for k in table.in_group(group):
        if k.jit:
            assert callable(getattr(jit, k.exported))
            if built is not None:
                assert callable(getattr(built, k.exported))


def test_a_failed_build_says_so_in_one_line_and_goes_on(monkeypatch):
    from explorer.core import aot_build

    def fails(group, root, target_cpu=""):  # type: ignore[no-untyped-def]
        raise RuntimeError("no C compiler\nsecond line of numba's words")

    monkeypatch.setattr(aot_build, "build_group", fails)
    said: list[str] = []
    assert aot_build.build_all("/nowhere", say=said.append) == 0
    assert len(said) == len(table.GROUPS) and all("no C compiler)" in s and "\n" not in s for s in said)
