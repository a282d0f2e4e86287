"""Grundy tables: the compiled sweep against the Python-int bitset baseline, same run."""

from __future__ import annotations

import time

import numpy as np

from bench.common import best_of, row
from explorer.core.grundy.kernel import grundy_bitset_baseline, grundy_window


def run() -> None:
    t = time.perf_counter()
    grundy_window(0, 0, 4, 4)  # numba compiles (or loads its cache) once per process
    row("Grundy: first call (compile or load cache)", time.perf_counter() - t)
    for n in (1024, 2048, 4096):
        ours = best_of(lambda n=n: grundy_window(0, 0, n, n), repeat=3)
        base = best_of(lambda n=n: grundy_bitset_baseline(n), repeat=1)
        row(f"Grundy table {n}x{n}", ours, base, "Python-int bitsets")
    assert np.array_equal(grundy_window(0, 0, 256, 256), np.array(grundy_bitset_baseline(256)))
