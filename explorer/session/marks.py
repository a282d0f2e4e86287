"""What the grid marks over the cells, as session state (Qt-free): the outlined cell and its move
arrows, a game's path, the latest query's rectangle, and build mode's or Why?'s overlay. The
grid draws them from the session; controllers set them; no widget keeps a copy."""

from __future__ import annotations

from typing import NamedTuple

from explorer.core.analysis.construction import Line
from explorer.core.game.moves import Move

Position = tuple[int, int]


class Overlay(NamedTuple):
    """What to draw over the grid (all in cells, exact integers)."""

    veil: bool = False  # whiten the grid's own colours (build mode shows only what is placed)
    cells: tuple[Position, ...] = ()  # drawn cold
    outlined: tuple[Position, ...] = ()  # the step's own cells, or the position asked about
    lines: tuple[Line, ...] = ()  # shaded: cells made hot, or every move back
    dots: tuple[Position, ...] = ()  # single cells (jumps), lightly ringed
    ringed: tuple[Position, ...] = ()  # the cold cells a position reaches


class Marks(NamedTuple):
    """The grid's marks: `cell` outlined (the selection, or a game's position) with an arrow for
    each of `moves`, a game's `path`, and the latest query's rectangle [x0, x1] x [y0, y1]."""

    cell: Position | None = None
    moves: tuple[Move, ...] = ()
    path: tuple[Position, ...] = ()
    query: tuple[int, int, int, int] | None = None
