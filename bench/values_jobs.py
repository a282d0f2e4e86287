"""Grundy values and remoteness together (the compiled sweep) against a plain Python DP with the
same running aggregates, same run; memory of the tables; time to certify Wythoff's rows 0..200.

The Python DP (the same algorithm: bitsets and running aggregates) is timed at 1024²; its cost
per cell, times the cells, is the baseline for 2048² and 4096² (whole runs there take minutes)."""

from __future__ import annotations

import time
import tracemalloc

from bench.common import best_of, fmt, row
from explorer.core import budget
from explorer.core.game.spec import ANY, Amounts, MoveSpec
from explorer.core.values.kernel import value_table
from explorer.core.values.rows import GrundyRows

RULES = {
    "Wythoff": MoveSpec(ANY, ANY, 1),
    "custom one=any, both=powers of 2, a=2": MoveSpec(ANY, Amounts.of({1 << i for i in range(13)}), 2),
}


def python_dp(spec: MoveSpec, n: int) -> list[list[int]]:
    """G and R in plain Python with the same aggregates as the sweep: Python-int bitsets for the
    values on each row, column and diagonal; running least-R-of-cold and largest-R per line;
    explicit targets for a set of both-pile amounts. (One-pile moves: any amount.)"""
    g = [[0] * n for _ in range(n)]
    r = [[0] * n for _ in range(n)]
    cold = [[False] * n for _ in range(n)]
    big = 1 << 30
    col_bits, col_minc, col_max = [0] * n, [big] * n, [-1] * n
    diag_bits, diag_minc, diag_max = [0] * (2 * n), [big] * (2 * n), [-1] * (2 * n)
    pairs = [(k, l) for k in spec.both.values for l in spec.both.values if abs(k - l) < spec.difference]
    for x in range(n):
        row_bits, row_minc, row_max = 0, big, -1
        for y in range(n):
            d = y - x + n
            used = row_bits | col_bits[y]
            minc, most = min(row_minc, col_minc[y]), max(row_max, col_max[y])
            if spec.both.every:
                used |= diag_bits[d]
                minc, most = min(minc, diag_minc[d]), max(most, diag_max[d])
            else:
                for k, l in pairs:
                    if k <= x and l <= y:
                        i, j = x - k, y - l
                        used |= 1 << g[i][j]
                        if cold[i][j]:
                            minc = min(minc, r[i][j])
                        most = max(most, r[i][j])
            v = (~used & (used + 1)).bit_length() - 1
            g[x][y] = v
            if most < 0:
                c, rr = True, 0
            elif minc < big:
                c, rr = False, 1 + minc
            else:
                c, rr = True, 1 + most
            cold[x][y], r[x][y] = c, rr
            bit = 1 << v
            row_bits |= bit
            col_bits[y] |= bit
            diag_bits[d] |= bit
            if c:
                row_minc, col_minc[y], diag_minc[d] = min(row_minc, rr), min(col_minc[y], rr), min(diag_minc[d], rr)
            row_max, col_max[y], diag_max[d] = max(row_max, rr), max(col_max[y], rr), max(diag_max[d], rr)
    return r


def run() -> None:
    t = time.perf_counter()
    value_table(MoveSpec(ANY, ANY, 1), 4, 4)
    value_table(RULES["custom one=any, both=powers of 2, a=2"], 4, 4)
    row("Values: first call (compile or load cache)", time.perf_counter() - t)
    for name, spec in RULES.items():
        per_cell = best_of(lambda spec=spec: python_dp(spec, 1024), repeat=1) / 1024**2
        for n in (2048, 4096):
            ours = best_of(lambda n=n, spec=spec: value_table(spec, n, n), repeat=2)
            tracemalloc.start()
            table = value_table(spec, n, n)
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            row(
                f"G + R {n}² {name}",
                ours,
                per_cell * n * n,
                "plain Python DP (per cell)",
                f"peak {peak / 2**20:.0f} MiB, kept {table.nbytes / 2**20:.0f} MiB",
            )
    t = time.perf_counter()
    rows = GrundyRows(201, budget_bytes=budget.ROWS_CLI_BYTES)  # as `grundy-row` does
    took = time.perf_counter() - t
    certified = sum(rows.row(x).certified for x in range(201))
    print(
        f"{'Wythoff rows 0..200 certified':<46} {fmt(took):>10}   {certified}/201 certified, "
        f"strip period {rows.strip_period} from column {rows.strip_start}, {rows.length:,} columns, "
        f"row 200: preperiod {rows.row(200).preperiod:,}, period {rows.row(200).period}",
        flush=True,
    )
    del rows
    t = time.perf_counter()
    window = GrundyRows(201)  # the window's budget
    print(
        f"{'Wythoff rows, window budget':<46} {fmt(time.perf_counter() - t):>10}   "
        f"rows 0..{window.certified_rows - 1} certified in {window.nbytes >> 20} MiB",
        flush=True,
    )
