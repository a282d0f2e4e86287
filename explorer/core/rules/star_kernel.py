"""The ⋆-operator's solve, compiled (importing this module imports numba): a cell is hot iff one of
the jumps reaches a cold cell. The jumps come shortest first, so most hot cells stop early."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def star_table(jx, jy, n):  # type: ignore[no-untyped-def]
    cold = np.zeros((n, n), dtype=np.bool_)
    m = jx.shape[0]
    for x in range(n):
        for y in range(n):
            hot = False
            for t in range(m):
                i = jx[t]
                j = jy[t]
                if i <= x and j <= y and cold[x - i, y - j]:
                    hot = True
                    break
            cold[x, y] = not hot
    return cold
