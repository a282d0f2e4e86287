"""The window draws every rule at every zoom (issue 39): no "Drawing failed", and the busy line
and the status bar speak only of cells on the board (0 and up), never a negative cell."""

from __future__ import annotations

import re

import pytest

from explorer.core.rules import parse_rule

RULES = [
    "wythoff",
    "nim",
    "misere",
    "wythoff:3",
    "maharaja",
    "gdwn:1,2",
    "vectors:rays=1,2;jumps=1,0 1,1;n=40",
    "custom:one=2 3;both=none;n=64",
]

VIEWS = [
    (0, 0, 8, 8),
    (-(10**6), -(10**6), 10**7, 10**7),
    (0, 0, 10**25, 10**25),
    (-(10**40), -(10**40), 10**100, 10**100),
    (-(10**999), -(10**999), 10**1000, 10**1000),
    (10**30, 10**30 + 7, 10**30 + 10**7, 10**30 + 10**7 + 7),
]

NEGATIVE = re.compile(r"-\s*\d")


@pytest.mark.parametrize("key", RULES)
def test_every_rule_draws_at_every_zoom(qtbot, board, key):
    rule = parse_rule(key)
    board.rules.request(rule.key)
    qtbot.waitUntil(lambda: board.session.rule == rule and not board.busy, timeout=60_000)
    grid = board.grid
    said: list[str] = []
    grid.busy.connect(said.append)
    for view in VIEWS:
        grid.set_view(*view)
        grid.render_now()
        qtbot.waitUntil(lambda: not grid.rendering, timeout=60_000)
        assert grid.raster is not None and grid.raster_rule == board.session.rule
        x_lo, y_lo, _, _ = grid.visible_cells()
        hover = grid.hover_description(min(x_lo, -1), 0)
        assert not NEGATIVE.search(hover), hover
        for x, y in ((max(x_lo, 0), max(y_lo, 0)),):
            assert not NEGATIVE.search(grid.hover_description(x, y))
    assert not any("failed" in s for s in said), said
    assert not any(NEGATIVE.search(s) for s in said), said
