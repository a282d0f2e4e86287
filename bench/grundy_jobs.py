"""Grundy tables: the compiled sweep against the Python-int bitset baseline, same run."""

from __future__ import annotations

import inspect
import time

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


def run() -> None:
    t = time.perf_counter()
    grundy_window(0, 0, 4, 4)  # numba compiles (or loads its cache) once per process
    row("Grundy: first call (compile or load cache)", time.perf_counter() - t)
    for n in (1024, 2048, 4096):
        ours = best_of(lambda n=n: grundy_window(0, 0, n, n), repeat=3)
        base = best_of(lambda n=n: grundy_bitset_baseline(n), repeat=1)
        row(f"Grundy table {n}x{n}", ours, base, "Python-int bitsets")
    assert np.array_equal(grundy_window(0, 0, 256, 256), np.array(grundy_bitset_baseline(256)))
    per_cell = {}
    for n in (1024, 2048, 4096, 8192):
        per_cell[n] = best_of(lambda n=n: grundy_window(0, 0, n, n), repeat=2 if n < 8192 else 1)
        row(f"Grundy table {n}x{n}: ns per cell", per_cell[n], note=f"{per_cell[n] / n / n * 1e9:.1f} ns a cell")
    script = OUT / "baseline_grundy.py"
    OUT.mkdir(exist_ok=True)
    script.write_text(BITSET_SCRIPT)
    cli = [python(), "-m", "explorer", "grundy", "2048", "2048"]
    assert run_process(cli) == run_process([python(), str(script), "2048"]), "grundy disagrees with the bitset script"
    ours = best_of(lambda: run_process(cli), repeat=3)
    base = best_of(lambda: run_process([python(), str(script), "2048"]), repeat=1)
    row("CLI grundy 2048 2048 (whole process)", ours, base, "Python-int bitset script")
