"""The JIT warm-up (explorer.core.jit_warm): the table's types read as numba reads them, and a kernel
that cannot be compiled reported without stopping the rest (tests/core/test_kernels.py checks that
each entry of the table names a kernel as it is)."""

from __future__ import annotations

from explorer.core import jit_warm
from explorer.core import kernels as table


def test_the_special_types_and_the_commas_inside_brackets():
    from numba import types

    got = table.argument_types("u2[:, ::1], BYTES, READONLY, i8")
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
