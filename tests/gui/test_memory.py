"""The window gives freed memory back to the system (issue 10: resident memory climbed ~100 MiB
every 500 soak actions while glibc's heaps held 148 of their 190 MiB free)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from explorer import allocator

pytestmark = pytest.mark.skipif(allocator.LIBC is None, reason="glibc's allocator only")

# A fresh process (the allocator's state is per process): free memory in holes between live
# blocks, which the heap cannot shrink past, then measure what each remedy gives back.
SCRIPT = """
import numpy as np
from explorer import allocator

def rss():
    for line in open('/proc/self/status'):
        if line.startswith('VmRSS:'):
            return int(line.split()[1]) / 1024

tuned = allocator.return_freed_memory()
base = rss()
holes, keep = [], []
for _ in range(2):  # untuned, glibc serves the second from its heap, and keeps it when freed
    big = np.ones(2 << 20)  # 16 MiB: pages of its own once tuned
    keep.append(np.ones(300))
    del big
after_big = rss()
for _ in range(400):
    holes.append(np.ones(32 << 10))  # 256 KiB each, 100 MiB in all
    keep.append(np.ones(300))  # small live blocks between them
del holes
before_trim = rss()
allocator.give_back()
print(tuned, round(after_big - base), round(before_trim - base), round(rss() - base))
"""


def test_large_frees_and_heap_holes_go_back_to_the_system():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True).stdout
    tuned, after_big, before_trim, after_trim = out.split()
    assert tuned == "True"
    assert int(after_big) < 8  # the 16 MiB arrays went back at once
    assert int(before_trim) > 60  # the holes are still held by the heap
    assert int(after_trim) < int(before_trim) - 60  # and trimming returns them


def test_the_window_caches_draw_from_one_pool(qtbot, window):
    """Issue 36: each cache kept to its own budget and nothing kept them together. Now growing the
    values' corner asks the pool first, and the Fenwick index used longer ago gives its memory back;
    Help ▸ About shows the pool and what each cache holds."""
    from explorer.session.model import GRUNDY

    window.queries.run_query(0, 0, 3_000_000, 3_000_000)  # grows the Fenwick index
    qtbot.waitUntil(lambda: not window.queries.busy, timeout=20_000)
    grown = window.queries.counter.nbytes
    assert grown > 1 << 20
    window.pool.limit = window.pool.total()  # no room left: the next growth must make some
    window.session.mode = GRUNDY
    qtbot.waitUntil(lambda: not window.values.busy and window.values.cache.side > 0, timeout=30_000)
    assert window.queries.counter.nbytes < grown // 8 and window.pool.releases >= 1
    about = window.about_text()
    assert "one pool of" in about and "Fenwick index: 0.3 MiB" in about
    window.queries.run_query(0, 0, 3_000_000, 3_000_000)  # the index grows again when asked
    qtbot.waitUntil(lambda: not window.queries.busy, timeout=20_000)
    assert window.queries.counter.nbytes == grown
