"""The exact frame between cells and pyqtgraph's float64 scene (issue 10 item 1)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import example, given
from hypothesis import strategies as st

from explorer.core.render.frame import SCENE_MAX, Frame, clip_rect, clip_segment, ratio

big = st.integers(-(10**1200), 10**1200)
units = st.integers(0, 3400).map(lambda b: 1 << b)


@given(big, big, units, st.floats(-1e6, 1e6))
def test_scene_to_cell_is_exact(ox, oy, unit, u):
    f = Frame(ox, oy, unit)
    exact = ox + Fraction(u) * unit
    assert f.exact_x(u) == exact
    assert f.cell_x(u) == (exact + Fraction(1, 2)).__floor__()


@given(big, big, units, st.floats(-1e6, 1e6), st.floats(-1e6, 1e6), st.floats(-1e6, 1e6), st.floats(-1e6, 1e6))
@example(0, 0, 1, -0.5, 0.5, -1.5, 2.5)  # edges exactly between cells
@example(-7, 10**100, 8, -0.0625, 0.1875, -0.25, 0.0)
def test_the_cells_a_scene_rectangle_reaches_are_exact(ox, oy, unit, u0, u1, v0, v1):
    """cells_in works in integers; the definition is in Fractions: floor(exact + 1/2) at the low
    edges, ceil(exact + 1/2) at the high ones."""
    f, half = Frame(ox, oy, unit), Fraction(1, 2)
    want = (
        (ox + Fraction(u0) * unit + half).__floor__(),
        (oy + Fraction(v0) * unit + half).__floor__(),
        (ox + Fraction(u1) * unit + half).__ceil__(),
        (oy + Fraction(v1) * unit + half).__ceil__(),
    )
    assert f.cells_in(u0, u1, v0, v1) == want
    assert (f.cell_x(u0), f.cell_y(v0)) == want[:2]


@given(big, units, big)
def test_cells_to_scene_never_overflow(ox, unit, x):
    s = Frame(ox, 0, unit).sx(x)
    assert abs(s) <= 1e300
    if abs(x - ox) < unit * 2**50:
        assert s == float(Fraction(x - ox, unit))  # correctly rounded where it fits


@given(big, big, units, big, st.integers(1, 2**70))
def test_fractional_cells_to_scene_are_correctly_rounded(ox, oy, unit, n, d):
    """sx, sy and length of a Fraction (half-cell edges, clipped segments) divide integers; the
    definition divides Fractions: the same float, saturating at 1e300 either way."""
    f, x = Frame(ox, oy, unit), Fraction(n, d)

    def want(value: Fraction) -> float:
        return max(-1e300, min(1e300, float(value))) if abs(value) < 10**300 else (1e300 if value > 0 else -1e300)

    assert f.sx(x) == want((x - ox) / unit)
    assert f.sy(x) == want((x - oy) / unit)
    assert f.length(x) == want(x / unit)


@given(big, big, units, st.floats(1e-3, 1e15), st.floats(-1e15, 1e15), st.floats(-1e15, 1e15))
def test_refit_keeps_the_same_cells_in_a_comfortable_range(ox, oy, unit, width, cu, cv):
    f = Frame(ox, oy, unit)
    u0, u1, v0, v1 = cu - width / 2, cu + width / 2, cv - width / 3, cv + width / 3
    refit = f.refit(u0, u1, v0, v1, anchor_ratio=2.0**20)
    if refit is None:
        return
    g, (nu0, nu1, _, _) = refit
    assert nu1 - nu0 <= SCENE_MAX
    for old, new, conv_old, conv_new in ((u0, nu0, f.exact_x, g.exact_x), (u1, nu1, f.exact_x, g.exact_x)):
        # the same cell edge, to float64's relative precision of the new range
        slack = g.unit * (Fraction(abs(new)) + Fraction(nu1 - nu0)) * Fraction(2) ** -50 + g.unit
        assert abs(conv_old(old) - conv_new(new)) <= slack


def _on_segment(p, q, r) -> bool:
    cross = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    inside = min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])
    return cross == 0 and inside


coords = st.integers(-(10**30), 10**30)


@given(coords, coords, coords, coords, coords, coords, st.integers(1, 10**20), st.integers(1, 10**20))
def test_clip_segment_is_the_part_inside(px, py, qx, qy, bx, by, w, h):
    p, q = (Fraction(px), Fraction(py)), (Fraction(qx), Fraction(qy))
    box = (Fraction(bx), Fraction(by), Fraction(bx + w), Fraction(by + h))
    part = clip_segment(p, q, box)

    def inside(r):
        return box[0] <= r[0] <= box[2] and box[1] <= r[1] <= box[3]

    if part is None:
        # nothing of the segment is inside: check its ends and its middle
        assert not inside(p) and not inside(q) and not inside(((p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
        return
    a, b = part
    assert inside(a) and inside(b) and _on_segment(p, q, a) and _on_segment(p, q, b)
    if inside(p):
        assert a == p
    if inside(q):
        assert b == q


def test_clip_rect_and_ratio():
    box = (Fraction(0), Fraction(0), Fraction(10), Fraction(10))
    assert clip_rect((5, 5, 20, 7), box) == (5, 5, 10, 7)
    assert clip_rect((11, 0, 20, 7), box) is None
    assert ratio(10**400, 1) == 1e300 and ratio(-(10**400), 1) == -1e300
    assert ratio(1, 3) == 1 / 3
