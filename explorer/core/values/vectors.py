"""Grundy values, cold cells and remoteness of a move-vector rule on a corner [0, nx) x [0, ny).

One compiled sweep (numba), rows by increasing x, cells by increasing y, so every target of a
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
from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from explorer.core import budget
from explorer.core.values.cost import MAX_WORK, ValuesTooCostly, vector_cost
from explorer.core.values.kernel import ValueTable

if TYPE_CHECKING:
    from explorer.core.game.vector_spec import VectorSpec

ROWS_PER_CALL = 64


@njit(cache=True, nogil=True)
def _sweep(x_from, x_to, ny, rp, rq, roff, rbase, jumps_i, jumps_j, G, R, cold, bits, line_max, line_cold, words):  # type: ignore[no-untyped-def]
    nrays = rp.shape[0]
    njumps = jumps_i.shape[0]
    jvals = np.empty(njumps, dtype=np.int64)
    for x in range(x_from, x_to):
        for y in range(ny):
            has_move = False
            best_cold = -1  # least R among cold cells reached
            most = -1  # largest R among all cells reached
            for r in range(nrays):
                if rp[r] <= x and rq[r] <= y:
                    has_move = True
                    line = rbase[r] + rq[r] * x - rp[r] * y + roff[r]
                    if line_max[line] > most:
                        most = line_max[line]
                    lc = line_cold[line]
                    if lc >= 0 and (best_cold < 0 or lc < best_cold):
                        best_cold = lc
            nj = 0
            for t in range(njumps):
                i = jumps_i[t]
                j = jumps_j[t]
                if i <= x and j <= y:
                    has_move = True
                    g = G[x - i, y - j]
                    jvals[nj] = g
                    nj += 1
                    rr = R[x - i, y - j]
                    if rr > most:
                        most = rr
                    if cold[x - i, y - j] and (best_cold < 0 or rr < best_cold):
                        best_cold = rr
            # G: the least value in no ray line's bitset and no jump target
            v = -1
            for w in range(words):
                acc = np.uint64(0)
                for r in range(nrays):
                    if rp[r] <= x and rq[r] <= y:
                        acc |= bits[rbase[r] + rq[r] * x - rp[r] * y + roff[r], w]
                for t in range(nj):
                    g = jvals[t]
                    if g >> 6 == w:
                        acc |= np.uint64(1) << np.uint64(g & 63)
                if acc != np.uint64(0xFFFFFFFFFFFFFFFF):
                    b = 0
                    while (acc >> np.uint64(b)) & np.uint64(1):
                        b += 1
                    v = w * 64 + b
                    break
            if v < 0:
                return x  # more words needed
            G[x, y] = v
            c = v == 0
            cold[x, y] = c
            if not has_move:
                rem = 0
            elif best_cold >= 0:
                rem = 1 + best_cold
            else:
                rem = 1 + most
            R[x, y] = rem
            for r in range(nrays):
                line = rbase[r] + rq[r] * x - rp[r] * y + roff[r]
                bits[line, v >> 6] |= np.uint64(1) << np.uint64(v & 63)
                if rem > line_max[line]:
                    line_max[line] = rem
                if c:
                    line_cold[line] = rem
    return x_to


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
            reached = _sweep(
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
