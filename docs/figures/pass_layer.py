"""The guide's picture of one pass (docs/guide.md): the cells cold while the pass is unused,
filled, over Wythoff's cells of Grundy value 1, outlined. They agree but for 13 cells near the
origin (docs/math.md, "One pass"). Run by `make screenshots`: python docs/figures/pass_layer.py OUT.png"""

from __future__ import annotations

import sys

import explorer.api as wx
from explorer.core.render.figure import Overlaid

N = 24
wythoff = wx.rule("wythoff")
ones = tuple((x, y) for x in range(N) for y in range(N) if wythoff.grundy(x, y) == 1)
fig = wx.figure(0, 0, N, N, "pass", size=(560, 560), overlay=Overlaid(outlined=ones))
wx.save_figure(sys.argv[1], fig)
