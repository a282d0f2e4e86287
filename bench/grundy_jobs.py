"""Grundy tables: the compiled sweep against the Python-int bitset baseline, same run."""

from __future__ import annotations

import time

import numpy as np

from bench.common import OUT, best_of, python, row, run_process
from explorer.core.grundy.kernel import grundy_bitset_baseline, grundy_window

# The baseline for the whole command: a Python-int bitset script that prints the table.
BITSET_SCRIPT = """
import sys
n = int(sys.argv[1])
cols, diags, out = [0] * n, [0] * (2 * n), []
for x in range(n):
    row_bits, row = 0, []
    for y in range(n):
        d = y - x + n
        used = row_bits | cols[y] | diags[d]
        g = (~used & (used + 1)).bit_length() - 1
        bit = 1 << g
        row_bits |= bit
        cols[y] |= bit
        diags[d] |= bit
        row.append(g)
    out.append(" ".join(map(str, row)))
sys.stdout.write("\\n".join(out) + "\\n")
"""


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
