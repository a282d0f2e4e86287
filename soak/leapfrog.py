"""A growing vector game's cold cell in each column, by a sweep written here on its own: the soak's
oracle for the explorer's compiled sweep, and the baseline `make bench` times it against."""

from __future__ import annotations

from collections.abc import Sequence


def leapfrog_sweep(rays: Sequence[tuple[int, int]], jumps: Sequence[tuple[int, int]], n: int) -> list[int]:
    """col[x] for x < n, by docs/math.md's column sweep written here on its own (sets of used rows and lines,
    scanning y upwards with a jump over a run of used lines found by a dictionary of links); the
    vectors as given, mirrors included. `make bench` times the compiled sweep against it."""
    others = [(p, q) for p, q in rays if (p, q) not in ((1, 0), (0, 1))]
    links: list[dict[int, int]] = [{} for _ in others]
    col: dict[int, int] = {}
    for x in range(n):
        if x in col:
            continue
        y = x
        while True:
            if y in col:
                y += 1
                continue
            moved = False
            for r, (p, q) in enumerate(others):
                c = start = q * x - p * y
                while c in links[r]:
                    c = links[r][c]
                if c != start:
                    links[r][start] = c
                    y += (start - c) // p
                    moved = True
                    break
            if moved:
                continue
            if any(1 <= i <= x and j <= y and col.get(x - i) == y - j for i, j in jumps):
                y += 1
                continue
            break
        col[x], col[y] = y, x
        for r, (p, q) in enumerate(others):
            links[r][q * x - p * y] = q * x - p * y - p
            links[r][q * y - p * x] = q * y - p * x - p
    return [col[x] for x in range(n)]
