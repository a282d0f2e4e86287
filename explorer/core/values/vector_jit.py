"""The value sweep of move-vector rules, in numba (explorer.core.values.vectors describes it):
compiled by numba's JIT on worker threads, where it lets go of the GIL, and ahead of time
(explorer.core.kernels, group "vvalues") for the main thread. Importing this module imports numba."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def sweep(x_from, x_to, ny, rp, rq, roff, rbase, jumps_i, jumps_j, G, R, cold, bits, line_max, line_cold, words):  # type: ignore[no-untyped-def]
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
