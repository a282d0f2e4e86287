"""The allocator's two settings (explorer.allocator), observed through glibc's own statistics
in fresh processes, and the commands that choose to keep freed memory."""

from __future__ import annotations

import subprocess
import sys

import pytest

from explorer import allocator

pytestmark = pytest.mark.skipif(allocator.LIBC is None, reason="glibc's allocator only")

SCRIPT = """
import ctypes, sys
import numpy as np
from explorer import allocator

class MallInfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in
                "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()]

allocator.LIBC.mallinfo2.restype = MallInfo2
print(getattr(allocator, sys.argv[1])())
before = allocator.LIBC.mallinfo2().hblks
block = np.ones(2 << 20)  # 16 MiB
print(allocator.LIBC.mallinfo2().hblks - before)
"""


@pytest.mark.parametrize(("setting", "own_pages"), [("return_freed_memory", 1), ("keep_freed_memory", 0)])
def test_large_arrays_get_pages_of_their_own_only_when_memory_is_returned(setting, own_pages):
    out = subprocess.run([sys.executable, "-c", SCRIPT, setting], capture_output=True, text=True, check=True)
    applied, mapped = out.stdout.split()
    assert applied == "True"
    assert int(mapped) == own_pages


@pytest.mark.parametrize(
    ("argv", "bulk"),
    [
        (["judge", "--pairs"], True),
        (["count", "--batch"], True),
        (["grundy", "3", "3"], True),
        (["remoteness", "3", "3"], True),
        (["moves", "5", "7"], False),
        (["number", "10"], False),
    ],
)
def test_bulk_commands_keep_freed_memory_and_light_ones_do_not_load_ctypes_for_it(monkeypatch, argv, bulk):
    import io

    from explorer import cli

    calls: list[bool] = []
    monkeypatch.setattr(allocator, "keep_freed_memory", lambda: calls.append(True) or True)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1 2\n3 5\n")))
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO()))
    cli.main(argv)
    assert bool(calls) == bulk
