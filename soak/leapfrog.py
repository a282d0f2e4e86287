"""A growing vector game's cold cell in each column, by a sweep written here on its own: the soak's
oracle for the explorer's compiled sweep, and the baseline `make bench` times it against."""

from __future__ import annotations

from collections.abc import Sequence


def leapfrog_sweep(rays: Sequence[tuple[int, int]], jumps: Sequence[tuple[int, int]], n: int) -> list[int]:
    """col[x] for x < n, by docs/math.md's column sweep written here on its own: dictionaries of used
    rows and lines, scanning y upwards with a jump over a run of used lines found by a dictionary of
    "next free" links per line, with path compression (so it reaches 10^6 columns in seconds); the
    vectors as given, mirrors included. `make bench` times the compiled sweep against it, and the
    tests read vector sequences by it (tests.oracles)."""
    others = [(p, q) for p, q in rays if (p, q) not in ((1, 0), (0, 1))]
    col: dict[int, int] = {}
    nxt: list[dict[int, int]] = [{} for _ in others]  # used line c -> a line further down (c - p ...)

    def free_line(r: int, c: int) -> int:
        links = nxt[r]
        path = []
        while c in links:
            path.append(c)
            c = links[c]
        for u in path:
            links[u] = c
        return c

    for x in range(n):
        if x in col:
            continue
        y = x
        while True:
            if y in col:
                y += 1
                continue
            for r, (p, q) in enumerate(others):
                c = q * x - p * y
                f = free_line(r, c)
                if f != c:
                    y += (c - f) // p
                    break
            else:
                if any(1 <= i <= x and j <= y and col.get(x - i) == y - j for i, j in jumps):
                    y += 1
                    continue
                break
        col[x], col[y] = y, x
        for r, (p, q) in enumerate(others):
            for c in (q * x - p * y, q * y - p * x):
                nxt[r][c] = c - p
    return [col[x] for x in range(n)]
