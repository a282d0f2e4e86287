"""What an action did that a check verifies once the window has settled: one record the soak's
parts share (the actions fill it, the checks read and clear it), in place of the two dozen
`pending_*` attributes each mixin set on the driver."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class Pending:
    query: tuple[str, int] | None = None  # ("grid" or "typed", the queries listed before)
    extend: tuple[Any, int | None] | None = None  # (the rule, its bound before)
    build: bool = False
    why: bool = False
    demo: bool = False
    strip: bool = False
    export: str | None = None
    file: tuple[str, str, int] | None = None  # (what, path, rows expected)
    value: tuple[str, int, int, int, int, int] | None = None  # (kind, value, x0, y0, x1, y1)
    value_batch: tuple[str, int, list[tuple[int, int, int, int]], int] | None = None
    heap: bool = False
    hover: bool = False
    npiles: tuple[int, ...] | None = None
    npiles_game: str = "same"  # the n-piles tab's game when it was asked
    slices: tuple[str, int, int] | None = None  # the three-heap report asked (game, A_MAX, N)
    sums: bool = False
    sequence: int | None = None
    array: tuple[str, Any] | None = None
    rows: tuple[int, int] | None = None  # the Rows tab's G(x, y) asked
