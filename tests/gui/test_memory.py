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

    window.panels.build("queries")  # built as showing its tab would
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


def test_the_values_far_out_are_counted_by_the_pool_and_go_with_their_rule(qtbot, window):
    """Long soak, seed 20261401: after the grid left Grundy mode, two tables of values far out
    (112 and 84 MiB) were still held by their engines, and the pool counted neither."""
    from explorer.core.game import value_sequences
    from explorer.core.values import HOT_COLD
    from explorer.gui.window_pool import POOL_VALUES
    from explorer.session.model import GRUNDY
    from tests.gui.test_value_modes import choose_rule

    choose_rule(qtbot, window, "maharaja")
    window.session.mode = GRUNDY
    cache = window.values.cache
    x0 = cache.max_side + 3000
    window.grid.set_view(x0, x0 * 1618 // 1000, x0 + 40, x0 * 1618 // 1000 + 30)
    qtbot.waitUntil(lambda: cache.far is not None and not window.values.busy, timeout=60_000)
    far = value_sequences.held_bytes()
    assert far >= cache.far.cols.nbytes > 1 << 19
    assert window.pool.in_use()[POOL_VALUES] >= far
    assert f"Grundy values far out: {far / (1 << 20):.1f} MiB" in window.about_text()
    engine = window.session.rule.value_engine
    choose_rule(qtbot, window, "gdwn:1,2")  # the rule before: its values far out go
    qtbot.waitUntil(lambda: not window.values.busy, timeout=60_000)
    assert engine.nbytes == 0
    window.session.mode = HOT_COLD  # and the new rule's go when the grid stops showing values
    qtbot.waitUntil(lambda: value_sequences.held_bytes() == 0, timeout=30_000)


def test_about_names_every_cache_its_budget_and_what_it_holds(qtbot, window):
    """Caches have a budget, visible in Help ▸ About (issue 10 item 6). The Structure tab keeps its
    pairs for export (12 bytes a pair, 2^20 of Wythoff's): About named every cache but not them."""
    window.panels.build("queries")  # built as showing its tab would
    window.query_panel.set_rectangle(0, 0, 10**6, 10**6)
    window.query_panel.submit()
    qtbot.waitUntil(lambda: not window.queries.busy, timeout=20_000)
    text = window.about_text()
    for name in ("Fenwick index", "Grundy and remoteness", "Grundy rows", "the rule's solved cells", "sequence rows"):
        assert name in text
    used = window.memory_in_use()
    assert 0 < used["Fenwick index"] <= 160 << 20  # the index grew for the query, within its budget
    assert window.queries.counter.size <= 1 << 24
    assert "structure pairs: 0.0 MiB" in text
    window.show_panel("structure")
    qtbot.waitUntil(lambda: window.structure.current is not None and not window.busy, timeout=60_000)
    pairs = window.structure.current.size
    assert pairs == 1 << 20 and window.memory_in_use()["structure pairs"] == 12 * pairs
    assert "structure pairs: 12.0 MiB in use of 24 MiB" in window.about_text()
