"""The JIT warm-up's list (explorer.core.jit_warm) names kernels as they are: each entry a numba
kernel of the core with as many parameters as it lists types, each list readable by numba."""

from __future__ import annotations

import inspect

import pytest

from explorer.core import jit_warm


@pytest.mark.parametrize(("module", "name", "text"), jit_warm.ENTRY_POINTS)
def test_each_entry_names_a_kernel_with_that_many_parameters(module, name, text):
    kernel = jit_warm.kernel(module, name)
    assert hasattr(kernel, "compile") and hasattr(kernel, "py_func"), (module, name)
    types = jit_warm.argument_types(text)
    assert len(types) == len(inspect.signature(kernel.py_func).parameters), (module, name)


def test_the_special_types_and_the_commas_inside_brackets():
    from numba import types

    got = jit_warm.argument_types("u2[:, ::1], BYTES, READONLY, i8")
    assert got[0] == types.Array(types.uint16, 2, "C")
    assert got[1] == types.ByteArray(types.uint8, 1, "C")
    assert got[2] == types.Array(types.uint8, 1, "C", readonly=True)
    assert got[3] == types.int64


def test_a_kernel_that_cannot_be_compiled_is_reported_and_the_rest_go_on(monkeypatch, capsys):
    entries = [("explorer.core.textio.text_jit", "format_words", "i8"), *jit_warm.ENTRY_POINTS[-1:]]
    monkeypatch.setattr(jit_warm, "ENTRY_POINTS", entries)
    assert jit_warm.main([]) == 0
    err = capsys.readouterr().err
    assert "format_words(i8) not compiled" in err and "compiled or loaded: 1 in" in err
