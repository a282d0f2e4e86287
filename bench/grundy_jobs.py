"""Grundy tables: the compiled sweep against the Python-int bitset baseline, same run."""

from __future__ import annotations

import inspect
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from bench.common import OUT, best_of, python, row, run_process
from explorer.core.grundy.kernel import grundy_bitset_baseline, grundy_window

# The baseline for the whole command: the same Python-int bitset method, as a script
# that prints the table (its source is the baseline function's own).
BITSET_SCRIPT = (
    "import sys\n"
    + inspect.getsource(grundy_bitset_baseline)
    + "table = grundy_bitset_baseline(int(sys.argv[1]))\n"
    + "sys.stdout.write(''.join(' '.join(map(str, row)) + '\\n' for row in table))\n"
)


def on_worker(job: Callable[[], Any]) -> Any:
    """Run `job` on a worker thread, as the window does: there the kernel runs numba's JIT."""
    answer: list[Any] = []
    worker = threading.Thread(target=lambda: answer.append(job()))
    worker.start()
    worker.join()
    return answer[0]


def run() -> None:
    from explorer.core.grundy import kernel

    ahead = kernel.sweep_for_this_thread() is not on_worker(kernel.sweep_for_this_thread)
    t = time.perf_counter()
    grundy_window(0, 0, 4, 4)
    row("Grundy, main thread: first call", time.perf_counter() - t, note="ahead of time" if ahead else "numba JIT")
    t = time.perf_counter()
    on_worker(lambda: grundy_window(0, 0, 4, 4))  # numba compiles (or loads its cache) once per process
    row("Grundy, worker: first call (numba, its cache)", time.perf_counter() - t)
    for n in (1024, 2048, 4096):
        ours = best_of(lambda n=n: grundy_window(0, 0, n, n), repeat=3)
        base = best_of(lambda n=n: grundy_bitset_baseline(n), repeat=1)
        row(f"Grundy table {n}x{n}", ours, base, "Python-int bitsets")
    assert np.array_equal(grundy_window(0, 0, 256, 256), np.array(grundy_bitset_baseline(256)))
    for where, call in (("main", lambda job: job()), ("worker", on_worker)):
        for n in (1024, 2048, 4096, 8192):
            # best of two at every size: a single 8192² run on the main thread came first in the
            # process and paid for faulting in its 128 MB answer and bitsets (20.6 ns a cell
            # against 16.6 for the next run on the same thread)
            took = best_of(lambda n=n, call=call: call(lambda: grundy_window(0, 0, n, n)), repeat=2)
            row(f"Grundy table {n}x{n}, {where}: per cell", took, note=f"{took / n / n * 1e9:.1f} ns a cell")
    script = OUT / "baseline_grundy.py"
    OUT.mkdir(exist_ok=True)
    script.write_text(BITSET_SCRIPT)
    cli = [python(), "-m", "explorer", "grundy", "2048", "2048"]
    assert run_process(cli) == run_process([python(), str(script), "2048"]), "grundy disagrees with the bitset script"
    ours = best_of(lambda: run_process(cli), repeat=3)
    base = best_of(lambda: run_process([python(), str(script), "2048"]), repeat=1)
    row("CLI grundy 2048 2048 (whole process)", ours, base, "Python-int bitset script")
