"""Wythoff Explorer: see and question Wythoff's game, exactly, for numbers of any size.

From Python or a notebook, `import explorer as wx`: the rules (`wx.Wythoff()`, `wx.Nim()`,
`wx.Misere()`, `wx.Fraenkel(a)`, `wx.Custom(...)`, `wx.rule("wythoff:3")`) and pictures
(`wx.view(...)`); see explorer.api. The names load on first use, so the command line and the
window start without them.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

# The program does no linear algebra: OpenBLAS's thread pool, started by `import numpy`, costs
# ~50 ms of CPU at every start for nothing. Set before numpy is imported; a user's setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from explorer.core.exact.bigint import allow_huge_integers

__version__ = "0.1.0"
__all__ = ["Custom", "Fraenkel", "Misere", "Nim", "Picture", "Wythoff", "count_values", "rule", "sum", "view"]

allow_huge_integers()

if TYPE_CHECKING:
    from explorer.api import Custom, Fraenkel, Misere, Nim, Picture, Wythoff, count_values, rule, sum, view


def __getattr__(name: str) -> Any:
    if name in __all__:
        from explorer import api

        return getattr(api, name)
    raise AttributeError(f"module 'explorer' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
