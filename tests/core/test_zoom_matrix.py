"""Every rule draws at every zoom (issue 39): the raster of a view, from 8 cells to 10^100 000
cells across, at the origin, far out, straddling a solved bound and partly left of or below 0.

Oracles: per-cell `is_cold` where the view is small (each cell's own answer, tested against
brute force in the conformance suite), and for any view the rule's rectangle count of each
texel (closed forms and Fenwick indexes, not the raster's merge): the solved cold cells must
fall into the texels they belong to and add up to the count in view. Any failure other than a
typed refusal is a defect.
"""

from __future__ import annotations

import pytest

from explorer.api import view
from explorer.core.counting.raster import Raster
from explorer.core.rules import Rule, parse_rule
from explorer.core.rules.registry import FAMILIES

# Every rule the registry offers in the window's list, and one or more of each family whose
# parameters the window asks for (a-Wythoff's a, move vectors, custom tables).
ASKED = [
    "wythoff:1000000",
    "vectors:rays=1,0 2,3;jumps=3,1",
    "vectors:rays=1,2;jumps=1,0 1,1;n=40",
    "custom:one=2 3;both=none;n=64",
    "custom:one=any;both=any;a=3;n=64;misere",
    "block:5;n=65536/maharaja",
    "alter:cold=(3,4)(10,12);hot=(5,5)",
]
RULES = [key for family in FAMILIES for key in family.examples] + ASKED

_rules: dict[str, Rule] = {}


def _rule(text: str) -> Rule:
    if text not in _rules:
        _rules[text] = parse_rule(text)
    return _rules[text]


def _edge(rule: Rule) -> int:
    """A place to straddle: the solved bound, or a cell near 10^6 for rules exact everywhere."""
    return rule.bound if rule.bound is not None else 1_000_003


def _views(rule: Rule) -> list[tuple[int, int, int]]:
    """(x_lo, y_lo, width): views from 8 cells to 10^1000 cells across, at the origin, partly left
    of and below 0, straddling the bound (or a cell near 10^6) and far out."""
    e = _edge(rule)
    out: list[tuple[int, int, int]] = []
    for width in (8, 40, 10**3, 10**7, 10**25, 10**100, 10**1000):
        out += [(0, 0, width), (-width // 3, -width // 5, width)]
        out += [(e - width // 2, e - width // 3, width)]
        out += [(10**30, 10**30 + 7, width), (10**600, 10**600 // 3, width)]
    return out


# 10^100 000 cells across: the origin and a view straddling 0 (each count there is a square root
# of a 200 000-digit number: a few texels are enough to place the cells).
HUGE = 10**100_000
HUGE_VIEWS = [(0, 0, HUGE), (-HUGE // 3, -HUGE // 7, HUGE)]


def _texel_rect(r: Raster, i: int, j: int, bound: int | None) -> tuple[int, int, int, int] | None:
    """Texel (i, j) as an inclusive rectangle on the board (and inside the bound), or None."""
    x0, y0 = (r.tx0 + i) * r.step, (r.ty0 + j) * r.step
    x1, y1 = x0 + r.step - 1, y0 + r.step - 1
    x0, y0 = max(x0, 0), max(y0, 0)
    if bound is not None:
        x1, y1 = min(x1, bound - 1), min(y1, bound - 1)
    return (x0, y0, x1, y1) if x1 >= x0 and y1 >= y0 else None


def _check_raster(rule: Rule, x_lo: int, y_lo: int, width: int, texels: int) -> None:
    step = max(1, -(-width // texels))
    r = rule.raster(x_lo, y_lo, x_lo + width, y_lo + width, step)
    assert r.step == step
    assert r.tx0 >= 0 and r.ty0 >= 0, "texels of the board only (0 and up)"
    dense = r.dense_counts()
    assert dense.shape == (r.ny, r.nx)
    for j in range(r.ny):
        for i in range(r.nx):
            got = int(dense[j, i])
            rect = _texel_rect(r, i, j, rule.bound)
            want = 0 if rect is None else rule.count_rect(*rect).count
            assert got == want, f"{rule.key}: texel ({i}, {j}) of step {step} holds {got}, count_rect says {want}"
            if rect is not None and step == 1:  # a single cell: its own answer
                assert got == int(rule.is_cold(rect[0], rect[1]))


@pytest.mark.slow
@pytest.mark.parametrize("text", RULES)
def test_every_view_rasters_exactly(text: str) -> None:
    rule = _rule(text)
    for x_lo, y_lo, width in _views(rule):
        _check_raster(rule, x_lo, y_lo, width, texels=6)
    for x_lo, y_lo, width in HUGE_VIEWS:
        _check_raster(rule, x_lo, y_lo, width, texels=2)


@pytest.mark.parametrize("text", RULES)
def test_small_views_cell_by_cell(text: str) -> None:
    """Step 1 and 2 near the origin and at the bound: every cell asked on its own."""
    rule = _rule(text)
    e = _edge(rule)
    for x_lo, y_lo in ((0, 0), (-3, -5), (e - 10, e - 13), (e - 4, 0)):
        for width, texels in ((16, 16), (16, 8)):
            step = max(1, width // texels)
            r = rule.raster(x_lo, y_lo, x_lo + width, y_lo + width, step)
            dense = r.dense_counts()
            for j in range(r.ny):
                for i in range(r.nx):
                    want = 0
                    for x in range((r.tx0 + i) * step, (r.tx0 + i + 1) * step):
                        for y in range((r.ty0 + j) * step, (r.ty0 + j + 1) * step):
                            if rule.bound is None or max(x, y) < rule.bound:
                                want += rule.is_cold(x, y)
                    assert int(dense[j, i]) == want, (text, x_lo, y_lo, step, i, j)


@pytest.mark.parametrize("text", RULES)
def test_api_view_draws_at_every_zoom(text: str) -> None:
    """The notebook API returns a picture (never an OverflowError) from 8 to 10^100 000 cells."""
    rule = _rule(text)
    for x0, y0, width in [*_views(rule), *HUGE_VIEWS]:
        x0, y0 = max(x0, 0), max(y0, 0)
        p = view(x0, y0, x0 + width, y0 + width, rule=rule, size=(48, 48))
        assert p.rgb.shape[2] == 3
        assert p.x0 >= 0 and p.y0 >= 0
