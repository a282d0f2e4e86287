"""Grundy values far out as sequences (issue 37): the value sweep's ns a column a value at 2^20 and
2^22 columns, against the cold sweep alone (value 0) in the same run; its memory; and
`grundy 1 1 --origin X Y` near x = 10^6 as a whole process, against `grundy 1 1` at the origin."""

from __future__ import annotations

import subprocess
import threading

from bench.common import best_of, python, row
from explorer.core.game.value_sequences import ValueEngine

RULES = {
    "wythoff": ([(1, 0), (0, 1), (1, 1)], []),
    "maharaja": ([(1, 0), (0, 1), (1, 1)], [(1, 2), (2, 1)]),
}
VALUES = 16


def _grow(rays, jumps, values: int, n: int) -> ValueEngine:  # type: ignore[no-untyped-def]
    """A fresh engine grown on a worker thread, as the window grows it (numba's JIT, no GIL)."""
    engine = ValueEngine(rays, jumps)
    worker = threading.Thread(target=engine.grow, args=(values, n))
    worker.start()
    worker.join()
    return engine


def run() -> None:
    for name, (rays, jumps) in RULES.items():
        _grow(rays, jumps, 2, 1 << 12)  # the JIT loaded before anything is timed
        for k in (20, 22):
            n = 1 << k
            cold = best_of(lambda n=n, r=rays, j=jumps: _grow(r, j, 1, n), repeat=2)  # type: ignore[misc]
            many = best_of(lambda n=n, r=rays, j=jumps: _grow(r, j, VALUES, n), repeat=2)  # type: ignore[misc]
            kept = _grow(rays, jumps, VALUES, n).nbytes >> 20
            row(
                f"values 0-{VALUES - 1} of {name}, 2^{k} columns",
                many,
                cold,
                "value 0 alone (cold sweep)",
                note=f"{many * 1e9 / n / VALUES:.1f} against {cold * 1e9 / n:.1f} ns a column a value; {kept} MiB kept",
            )
    origin = best_of(
        lambda: subprocess.run([python(), "-m", "explorer", "grundy", "1", "1"], check=True, stdout=subprocess.PIPE), 3
    )
    far = best_of(
        lambda: subprocess.run(
            [python(), "-m", "explorer", "grundy", "1", "1", "--origin", "1000000", "1618034"],
            check=True,
            capture_output=True,
        ),
        3,
    )
    row("grundy 1 1 --origin 1000000 1618034 (process)", far, origin, "grundy 1 1 at the origin")
    one_place()


def one_place() -> None:
    """Issue 47's targets: `grundy 2 2 --origin 1000000 1618034` as a whole process against `grundy
    1 1` (the one place solves values 0 … G of each cell, on the columns up to its smaller pile:
    the four cells have G = 0, 1, 14, 17), taken in turn; and the Sums panel's answer for a sum of
    small-valued parts near 10^6 with the window's limits, with the values it solved."""
    from explorer.core.analysis.far_values import SumPosition, sum_answer
    from explorer.core.game.value_sequences import release_all
    from explorer.core.rules.registry import parse_rule
    from explorer.core.value_source import WINDOW, ValueCache

    def process(*args: str) -> float:
        return best_of(lambda: subprocess.run([python(), "-m", "explorer", *args], check=True, capture_output=True), 1)

    block, origin = [], []
    for _ in range(3):  # both sides in turn: this machine's speed drifts within minutes
        origin.append(process("grundy", "1", "1"))
        block.append(process("grundy", "2", "2", "--origin", "1000000", "1618034"))
    row("grundy 2 2 --origin 1000000 1618034 (process)", min(block), min(origin), "grundy 1 1 at the origin")

    rule = parse_rule("wythoff")
    position = SumPosition(((1000000, 1618035),), (3,))  # G = 1 plus a heap of 3: moves to value 2
    solved = []

    def window_sum() -> None:
        release_all()
        values = ValueCache(rule, limits=WINDOW)
        sum_answer(values, position)
        solved.append(values.far.values if values.far is not None else 0)

    sums = best_of(window_sum, 2)
    row(
        "Sums panel: (1000000, 1618035) + heap 3",
        sums,
        note=f"values 0-{solved[-1] - 1} solved (the window's limit is {WINDOW.far_values})",
    )
