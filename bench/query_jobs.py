"""Rectangle-query benchmarks: index build, 10^6 batch queries, the panel's response."""

from __future__ import annotations

import os
import textwrap
import time

import numpy as np

from bench.common import OUT, best_of, python, row, run_process
from explorer.core.counting.cold_index import ColdIndex
from explorer.core.game import bulk
from explorer.core.rules import Wythoff

PLAIN_PER_LINE = textwrap.dedent(
    """
    import sys
    from math import isqrt
    def la(m):
        n = m + 1
        return (isqrt(5 * n * n) - n) // 2
    q = int(sys.stdin.readline())
    for _ in range(q):
        x, y = map(int, sys.stdin.readline().split())
        lx, ly = la(x), la(y)
        print(1 + min(lx, y - ly) + min(x - lx, ly))
    """
)

PLAIN_ALL_AT_ONCE = textwrap.dedent(
    """
    import sys
    from math import isqrt
    def la(m):
        n = m + 1
        return (isqrt(5 * n * n) - n) // 2
    data = sys.stdin.buffer.read().split()
    q = int(data[0]); out = []
    for i in range(q):
        x = int(data[1 + 2 * i]); y = int(data[2 + 2 * i])
        lx, ly = la(x), la(y)
        out.append(1 + min(lx, y - ly) + min(x - lx, ly))
    sys.stdout.write("\\n".join(map(str, out)) + "\\n")
    """
)


def bench_index_build() -> None:
    t = best_of(lambda: ColdIndex(Wythoff()).ensure(10**7 - 1), repeat=3)
    ref = best_of(lambda: bulk.cold_pairs(0, 10**7), repeat=3)
    row("Fenwick index build, N = 10^7", t, ref, "generating 10^7 pairs")


def bench_batch() -> None:
    OUT.mkdir(exist_ok=True)
    path = OUT / "count-1e6.txt"
    if not path.exists():
        rng = np.random.default_rng(5)
        x, y = rng.integers(0, 10**7, 10**6), rng.integers(0, 10**7, 10**6)
        path.write_text(
            f"{10**6}\n" + "\n".join(f"{a} {b}" for a, b in zip(x.tolist(), y.tolist(), strict=True)) + "\n"
        )
    scripts = {}
    for name, text in (("per-line", PLAIN_PER_LINE), ("all-at-once", PLAIN_ALL_AT_ONCE)):
        scripts[name] = OUT / f"plain_count_{name}.py"
        scripts[name].write_text(text)
    want = run_process([python(), str(scripts["all-at-once"])], path)
    base_line = best_of(lambda: run_process([python(), str(scripts["per-line"])], path), repeat=1)
    base_all = best_of(lambda: run_process([python(), str(scripts["all-at-once"])], path), repeat=2)
    for method in ("auto", "fenwick"):
        cmd = [python(), "-m", "explorer", "count", "--batch", str(path), "--method", method]
        assert run_process(cmd) == want, f"count --batch --method {method} disagrees with the plain script"
        t = best_of(lambda cmd=cmd: run_process(cmd), repeat=3)
        row(f"count --batch 10^6 (<10^7), {method} (process)", t, base_line, "plain script, per line")
        row("", t, base_all, "plain script, read all at once")


def bench_panel() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings

    from explorer.gui.app import application
    from explorer.gui.main_window import MainWindow

    app = application()
    window = MainWindow(settings=QSettings(str(OUT / "bench.ini"), QSettings.Format.IniFormat))
    window.show()
    app.processEvents()
    window.panels.build("queries")  # as showing its tab would
    panel = window.query_panel
    for label, bound in (("10^6", 10**6), ("10^100", 10**100)):
        for state in ("first", "again"):
            panel.set_rectangle(0, 0, bound, bound)
            t = time.perf_counter()
            panel.submit()
            while window.queries.busy:
                app.processEvents()
            app.processEvents()
            row(f"query panel response at {label} ({state})", time.perf_counter() - t)
    window.close()


def run() -> None:
    bench_index_build()
    bench_batch()
    bench_panel()
