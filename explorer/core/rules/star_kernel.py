"""The ⋆-operator's solve, compiled (importing this module imports numba). Cells are decided column
after column, each upwards, so every cell a jump leads from is decided first: a cell found cold
marks the cells its jumps lead from as hot, forwards. The work is (cold cells) × (jumps): for
Wythoff⋆⋆ on 2048² about 30 million marks, where asking each cell's jumps backwards took 34 s."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def star_table(jx, jy, n):  # type: ignore[no-untyped-def]
    cold = np.zeros((n, n), dtype=np.bool_)
    hot = np.zeros((n, n), dtype=np.bool_)
    m = jx.shape[0]
    for x in range(n):
        for y in range(n):
            if hot[x, y]:
                continue
            cold[x, y] = True
            for t in range(m):
                u = x + jx[t]
                v = y + jy[t]
                if u < n and v < n:
                    hot[u, v] = True
    return cold
