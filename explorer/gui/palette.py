"""The window's colours: the Qt-free tables of explorer.core.render.palette, plus the
pyqtgraph colour maps the colour bar needs (the same maps the tables were sampled from)."""

from __future__ import annotations

from typing import Any

from explorer.core.render.palette import (
    COLD,
    COLORMAPS,
    COMPARE_KEY,
    FAINT_COLD,
    GRID_LINE,
    HOT,
    MOVE_ARROW,
    NOT_COMPUTED,
    OUTSIDE,
    PATH,
    PHI_LINE,
    QUERY_RECT,
    SELECTION,
    SOLVED_EDGE,
    custom_lookup_table,
    hex_colour,
    lookup_table,
    options_lookup_table,
    value_lookup_table,
)

__all__ = [
    "COLD",
    "COLORMAPS",
    "COMPARE_KEY",
    "FAINT_COLD",
    "GRID_LINE",
    "HOT",
    "MOVE_ARROW",
    "NOT_COMPUTED",
    "OUTSIDE",
    "PATH",
    "PHI_LINE",
    "QUERY_RECT",
    "SELECTION",
    "SOLVED_EDGE",
    "custom_lookup_table",
    "grundy_colormap",
    "hex_colour",
    "lookup_table",
    "options_lookup_table",
    "value_colormap",
    "value_lookup_table",
]


def value_colormap(kind: str = "grundy"):  # type: ignore[no-untyped-def]
    import pyqtgraph as pg

    return pg.colormap.get(COLORMAPS[kind])


def grundy_colormap() -> Any:
    return value_colormap("grundy")
