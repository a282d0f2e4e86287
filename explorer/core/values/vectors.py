"""Grundy values, cold cells and remoteness of a move-vector rule on a corner [0, nx) x [0, ny).

One compiled sweep (numba: explorer.core.values.vector_jit, built ahead of time as the group
"vvalues" of explorer.core.kernels), rows by increasing x, cells by increasing y, so every target of a
cell is done before it. Each line of a ray (p, q) (the cells with q·x − p·y = c) keeps, over
its cells seen so far (all of them reach the next one along the ray):

- the bitset of their Grundy values (G is the least value missing from the union of the
  lines' bitsets and the jumps' targets);
- the largest remoteness among them, and the remoteness of its cold cell if it has one (a line
  holds at most one cold cell: its points are one move apart).

So R follows in O(rays + jumps) a cell: 0 with no move; a hot cell's is 1 + the least R over
the cold cells it reaches (the winner hurries), a cold cell's 1 + the largest R over all its
moves (the loser delays). Normal play: who cannot move loses; cold exactly where G = 0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from explorer.core import budget
from explorer.core.values.cost import MAX_WORK, ValuesTooCostly, vector_cost
from explorer.core.values.table import ValueTable

if TYPE_CHECKING:
    from explorer.core.game.vector_spec import VectorSpec

ROWS_PER_CALL = 64


def _sweep_kernel() -> Any:
    """The sweep to run here (explorer.core.kernels, group "vvalues"): on the main thread the build
    ahead of time (`grundy 10 10 --rule maharaja` then does not import numba), else, and on every
    other thread, numba's JIT, which lets go of the GIL (the window's workers)."""
    from explorer.core.kernels import kernel

    return kernel("vvalues", "sweep")


def vector_value_table(
    spec: VectorSpec, nx: int, ny: int, progress: Callable[[int, int], bool] | None = None
) -> ValueTable:
    """G, cold and R on [0, nx) x [0, ny) under the vectors' moves (InterruptedError if progress says stop)."""
    if nx < 1 or ny < 1:
        raise ValueError("the corner needs nx, ny >= 1")
    if nx + ny >= 0xFFFF:
        raise ValuesTooCostly(f"remoteness is kept in 16 bits: the corner must have nx + ny < {0xFFFF}")
    per_cell, work = vector_cost(spec, nx, ny)
    if work > MAX_WORK:
        raise ValuesTooCostly(
            f"values on [0, {nx}) x [0, {ny}) under these moves would take minutes ({work:.1e} steps); "
            "ask for a smaller corner"
        )
    if per_cell * nx * ny > budget.VALUES_BYTES:
        raise ValuesTooCostly(
            f"values on [0, {nx}) x [0, {ny}) need {per_cell * nx * ny >> 20} MiB; the budget is "
            f"{budget.VALUES_BYTES >> 20} MiB (ask for a smaller corner)"
        )
    rays = [(p, q) for p, q in spec.rays]
    rp = np.array([p for p, _ in rays], dtype=np.int64)
    rq = np.array([q for _, q in rays], dtype=np.int64)
    roff = rp * (ny - 1)  # q·x − p·y + p·(ny − 1) >= 0
    sizes = rq * (nx - 1) + rp * (ny - 1) + 1
    rbase = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    lines = int(sizes.sum())
    jumps_i = np.array([i for i, _ in spec.jumps], dtype=np.int64)
    jumps_j = np.array([j for _, j in spec.jumps], dtype=np.int64)
    moves = sum(min((nx - 1) // p if p else nx, (ny - 1) // q if q else ny) for p, q in rays) + len(spec.jumps)
    words = moves // 64 + 1  # G is at most the number of moves: the bitsets never overflow
    while True:
        G = np.zeros((nx, ny), dtype=np.uint32)
        R = np.zeros((nx, ny), dtype=np.uint16)
        cold = np.zeros((nx, ny), dtype=np.bool_)
        bits = np.zeros((lines, words), dtype=np.uint64)
        line_max = np.full(lines, -1, dtype=np.int64)
        line_cold = np.full(lines, -1, dtype=np.int64)
        full = True
        for lo in range(0, nx, ROWS_PER_CALL):
            hi = min(nx, lo + ROWS_PER_CALL)
            reached = _sweep_kernel()(
                lo, hi, ny, rp, rq, roff, rbase, jumps_i, jumps_j, G, R, cold, bits, line_max, line_cold, words
            )
            if reached < hi:
                full = False
                break
            if progress is not None and progress(hi, nx) is False:
                raise InterruptedError("cancelled")
        if full:
            return ValueTable(G, cold, R)
        words *= 4  # G passed what the bitsets hold: start again with room for larger values
