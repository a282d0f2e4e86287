"""What the values sweep costs, known before it starts: line reads (time) and bytes (memory).

Pure Python (no numba), so the window can size its tables without loading the compiler.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from explorer.core.errors import CornerTooLarge
from explorer.core.game.spec import MoveSpec

if TYPE_CHECKING:
    from explorer.core.game.vector_spec import VectorSpec


class ValuesTooCostly(CornerTooLarge):
    """The sweep would take too long or too much memory; the message says how far it goes."""


def moves_bound(spec: MoveSpec, nx: int, ny: int) -> int:
    """At least the number of moves from any cell of the corner (G is at most that)."""
    x, y = nx - 1, ny - 1
    one = (x + y) if spec.one.every else 2 * len([k for k in spec.one.values if k <= max(x, y)])
    if spec.both.empty:
        both = 0
    elif spec.both.every:
        both = min(x, y) * min(2 * spec.difference - 1, x + y + 1)
    else:
        small = [k for k in spec.both.values if k <= max(x, y)]
        both = len(small) ** 2
    return one + both + 1


def both_pairs(spec: MoveSpec, nx: int, ny: int) -> NDArray[np.int64]:
    if spec.both.every or spec.both.empty:
        return np.zeros((0, 2), dtype=np.int64)
    ks = [k for k in spec.both.values if k < nx]
    ls = [k for k in spec.both.values if k < ny]
    a = spec.difference
    return np.array([(k, l) for k in ks for l in ls if abs(k - l) < a], dtype=np.int64).reshape(-1, 2)


def work_estimate(spec: MoveSpec, nx: int, ny: int) -> int:
    """Line reads the sweep makes, roughly (the bound that keeps it to seconds).

    Per cell: the targets read directly and the remoteness aggregates, plus the G search, which
    reads every line's bitset word by word from the largest running mex up to the answer. That
    search is not constant: measured on Wythoff's table, it reads about 1 + n / 300 words a cell
    at side n (2.6 words at 512, 7.5 at 2048), so the sweep is cubic in the side; SCAN_CELLS
    models it. (The a-Wythoff corner 2048² took 7 s while the linear model said under one.)"""
    span = min(spec.difference, nx + ny) if spec.both.every else 0
    fixed = 4 + 2 * len([k for k in spec.one.values if k < max(nx, ny)]) + len(both_pairs(spec, nx, ny)) + 2 * span
    per_word = (2 if spec.one.every else 0) + ((2 * span - 1) * (1 + span // 2) if span else 0)
    words = 1 + max(nx, ny) // SCAN_CELLS
    return nx * ny * (fixed + per_word * words)


SCAN_CELLS = 256  # one more word read per cell for every 256 cells of side (measured 1 per ~300)
# Measured (2 cores): 0.8-6 ns a unit of the estimate (Nim lowest, a-Wythoff highest).
MAX_WORK = 8 * 10**9  # a command, which runs alone: at most ~40 s (Wythoff 8192²: ~10 s)
WINDOW_WORK = 2 * 10**9  # the window's corner, grown in the background: at most ~10 s


def bytes_per_cell(spec: MoveSpec, nx: int, ny: int) -> int:
    g = 2 if moves_bound(spec, nx, ny) < 0xFFFF else 4
    return g + 2 + 1 + (4 if spec.both.every and spec.difference > 1 else 0)


def vector_cost(spec: VectorSpec, nx: int, ny: int) -> tuple[int, int]:
    """(bytes a cell, line reads) of the move-vector sweep (explorer.core.values.vectors): G, R and
    cold (7 bytes) plus each ray line's value bitset; each cell reads its rays' bitsets word by word
    up to its G (about 1 + side / SCAN_CELLS words, as Wythoff's sweep measures) and its jumps."""
    rays = len(spec.rays)
    lines = sum(q * (nx - 1) + p * (ny - 1) + 1 for p, q in spec.rays)
    moves = sum(min((nx - 1) // p if p else nx, (ny - 1) // q if q else ny) for p, q in spec.rays) + len(spec.jumps)
    words = moves // 64 + 1
    per_cell = 7 + -(-(lines * (words * 8 + 16)) // (nx * ny))
    reads = nx * ny * (2 * len(spec.jumps) + rays * (2 + max(nx, ny) // SCAN_CELLS))
    return per_cell, VECTOR_READ_UNITS * reads


# A line read of the vector sweep costs more than one of the MoveSpec sweep (whose units the
# bounds above are in): measured 8-11 ns a read at sides 512-2048 and 18 ns at 4096 (Maharaja),
# against 0.8-6 ns a unit there. Maharaja's window corner of 4096² takes 18 s; counted in the same
# units it is 3.9e9, past WINDOW_WORK, so the window never starts it.
VECTOR_READ_UNITS = 4
