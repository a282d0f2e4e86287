"""Three heaps as slices (issue 66): the compiled slice solve against the same method in plain Python
(the kernel's own Python function) in the same run, the issue's two targets (slices 0-10 on 2^20
columns, 0-64 on 2^16), and the conjecture report of `slices` as a whole command."""

from __future__ import annotations

import subprocess
import time

import numpy as np

from bench.common import best_of, python, row
from explorer.core.game import heaps3
from explorer.core.game.heaps3 import FRAENKEL3, SUBSET3, SliceTable


def _plain(game: heaps3.Game3, amax: int, n: int) -> None:
    """The same solve with the kernel run as plain Python (numba's `py_func`): the method, not numba."""
    from explorer.core.game import heaps3_kernel

    ycap, off, esize = heaps3._caps(amax, n)
    col = np.full((amax + 1, n), -1, dtype=np.int32)
    rev = np.full((amax + 1, ycap), -1, dtype=np.int32)
    colof = np.full((amax + 1, esize), -1, dtype=np.int32)
    nxt = np.tile(np.arange(esize + 1, dtype=np.int32), (amax + 1, 1))
    deltas, counts = heaps3._deltas(amax)
    kernel = heaps3_kernel.slice_columns.py_func
    original = heaps3_kernel._unused
    heaps3_kernel._unused = original.py_func  # the helper as plain Python too, while the baseline runs
    try:
        assert kernel(game.code, col, rev, colof, nxt, deltas, counts, off, 0, n) == -1
    finally:
        heaps3_kernel._unused = original


def run() -> None:
    SliceTable(FRAENKEL3, 2, 64)  # compiled (or loaded from numba's cache) before any timing
    for game in (FRAENKEL3, SUBSET3):
        ours = best_of(lambda g=game: SliceTable(g, 4, 1 << 12), 3)
        base = best_of(lambda g=game: _plain(g, 4, 1 << 12), 1)
        row(f"{game.name}: slices 0-4 on 2^12 columns", ours, base, "same method, plain Python")
    for game, amax, bits in ((FRAENKEL3, 10, 20), (FRAENKEL3, 64, 16), (SUBSET3, 64, 16), (FRAENKEL3, 100, 14)):
        start = time.perf_counter()
        SliceTable(game, amax, 1 << bits)
        row(f"{game.name}: slices 0-{amax} on 2^{bits} columns", time.perf_counter() - start, note="target < 60 s")
    start = time.perf_counter()
    subprocess.run(
        [python(), "-m", "explorer", "slices", "wythoff3", "10", "--n", "640000"], check=True, stdout=subprocess.PIPE
    )
    row("`slices wythoff3 10 --n 640000` (whole command)", time.perf_counter() - start)
