"""The grid's level image coloured through its 256-entry table, one texel at a time: plain Python
that numba compiles ahead of time with Wythoff's Grundy loop (explorer.core.kernels, group "grundy"), so the
window's GUI thread runs it without importing numba. Where there is no build, the window colours
with numpy instead (explorer.gui.grid.items.CellImage); this loop is not meant to run as Python.
"""

from __future__ import annotations

from typing import Any


def colour(levels: Any, table: Any, out: Any) -> None:
    """out[i] = table[levels[i]] for every i (levels uint8, table and out uint32, all 1-D)."""
    for i in range(levels.shape[0]):
        out[i] = table[levels[i]]
