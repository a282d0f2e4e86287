"""Tick labels stay short at every zoom and offset (soak finding: ticks 10^700 apart near
10^2250 were labelled with their last 704 digits; the axis grew to 728 pixels, pushed the plot
past the window's edge for good, and every frame drew ten times the texels, 65-270 ms each)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.gui.grid.axes import MAX_LABEL, compact, round_times


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 3000), st.integers(0, 3000), st.integers(1, 10**6), st.booleans())
def test_every_label_is_short_and_its_digits_are_the_numbers_own(n_digits, spacing_digits, seed, negative):
    n = (10**n_digits + seed * 7919**5) * (-1 if negative else 1)
    spacing = 10**spacing_digits + seed
    label = compact(n, spacing)
    assert len(label) <= MAX_LABEL
    text = label.lstrip("-")
    assert label.startswith("-") == (n < 0)
    if text.startswith("…") and "e" in text:  # four digits at a place
        digits, place = text[1:].split("e")
        assert int(digits) == abs(n) // 10 ** int(place) % 10**4
    elif text.startswith("…"):  # the trailing digits
        assert int(text[1:]) == abs(n) % 10 ** (len(text) - 1)
    elif "e" in text:  # scientific: the leading digits and the exponent
        mantissa, exponent = text.split("e")
        assert int(exponent) == len(str(abs(n))) - 1
        assert str(abs(n)).startswith(mantissa.replace(".", ""))
    else:
        assert int(label) == n


def test_a_view_far_out_keeps_the_plot_inside_the_window(qtbot, board):
    grid = board.grid
    centre, half = 10**2250 + 12345, 10**700
    for _ in range(3):
        grid.set_view(centre - half, centre - half, centre + half, centre + half)
        grid.render_now()
        qtbot.wait(30)
    plot = grid.getPlotItem()
    assert plot.getAxis("left").width() < 200
    assert abs(plot.width() - grid.width()) <= 2
    assert grid.vb.width() < grid.width()


@settings(max_examples=300, deadline=None)
@given(st.floats(-1e300, 1e300, allow_nan=False, allow_infinity=False), st.integers(1, 10**400))
def test_round_times_is_the_exact_rounded_product(v, unit):
    assert round_times(v, unit) == round(Fraction(v) * unit)


def _specs(axis, painter, lean: bool):  # type: ignore[no-untyped-def]
    """Ticks as (alpha, x1, y1, x2, y2) and labels as (x, y, w, h, flags, text)."""
    if not lean:
        axis._lean = lambda: False  # pyqtgraph's own generateDrawSpecs and tickValues
    try:
        painter.save()
        specs = axis.generateDrawSpecs(painter)
        painter.restore()
    finally:
        axis.__dict__.pop("_lean", None)
    (_, a0, a1), ticks, texts = specs
    if lean:  # each level's pen and its lines, drawn in one call
        ticks = [(pen, line.p1(), line.p2()) for pen, lines in ticks for line in lines]
    return (
        (a0.x(), a0.y(), a1.x(), a1.y()),
        [(pen.color().alpha(), p.x(), p.y(), q.x(), q.y()) for pen, p, q in ticks],
        [(r.x(), r.y(), r.width(), r.height(), int(flags), text) for r, flags, text in texts],
    )


def test_lean_axes_draw_what_pyqtgraph_draws(qtbot, board):
    """ExactAxis draws its ticks and labels with its own lean code (a third of the time):
    the same axis line, tick lines, label boxes and texts as pyqtgraph's generateDrawSpecs,
    at the origin, far out and zoomed in and out, along both axes."""
    grid = board.grid
    views = [
        (0, 0, 40, 40),
        (3, 5, 11, 9),
        (0, 0, 10**6, 10**6),
        (-50, -20, 700, 500),
        (10**18, 10**18, 10**18 + 40, 10**18 + 40),
        (10**18 - 10**9, 10**18, 10**18 + 10**9, 10**18 + 10**9),
        (10**100, 10**100, 10**100 + 300, 10**100 + 300),
        (0, 0, 10**40, 10**40),
    ]
    compared = 0
    for view in views:
        grid.set_view(*view)
        grid.render_now()
        qtbot.wait(20)
        compared += _compare(grid.axis_x, grid.axis_y)
    assert compared > 100


def _compare(*axes) -> int:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QPainter, QPicture

    compared = 0
    for axis in axes:
        assert axis._lean()
        picture = QPicture()
        painter = QPainter(picture)
        try:
            lean, reference = _specs(axis, painter, True), _specs(axis, painter, False)
        finally:
            painter.end()
        assert lean == reference
        compared += len(reference[1]) + len(reference[2])
        assert _drawn(axis, lean=True) == _drawn(axis, lean=False)  # ticks a call a level: same pixels
    return compared


def _drawn(axis, lean: bool):  # type: ignore[no-untyped-def]
    """The axis drawn into an image the size of its box: by its own paint, or by pyqtgraph's
    generateDrawSpecs and drawPicture."""
    from PySide6.QtGui import QImage, QPainter

    box = axis.boundingRect().toAlignedRect()
    image = QImage(box.width() + 2, box.height() + 2, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    try:
        painter.translate(-box.x() + 1, -box.y() + 1)
        if lean:
            axis.picture = None
            axis.paint(painter, None, None)
        else:
            axis._lean = lambda: False
            try:
                specs = axis.generateDrawSpecs(painter)
                axis.drawPicture(painter, *specs)
            finally:
                axis.__dict__.pop("_lean", None)
    finally:
        painter.end()
    return image


def test_the_colour_bar_draws_what_pyqtgraph_draws(qtbot, board):
    """Coloured by Grundy values, the colour bar's value axis changes with every view: its lean
    drawing matches pyqtgraph's too, and its frame axes (no ticks) are left to pyqtgraph."""

    from explorer.session.model import GRUNDY

    board.set_mode(GRUNDY)
    grid = board.grid
    qtbot.waitUntil(lambda: not board.values.busy, timeout=60_000)
    bar = grid.colour_bar
    compared = 0
    for view in ((0, 0, 40, 40), (5, 90, 60, 150), (0, 0, 3000, 3000), (0, 10**30, 30, 10**30 + 30)):
        grid.set_view(*view)
        grid.render_now()
        qtbot.wait(30)
        compared += _compare(bar.getAxis("right"))
        assert not bar.getAxis("left")._lean()  # the bar's frame: fixed (empty) ticks
    assert compared > 20


def test_far_out_the_caption_names_a_round_number_near_the_view_and_keeps_still_while_panning(qtbot, board):
    """Tick labels near 10^18 show trailing digits; the axis caption says which number they end:
    the middle of the view rounded down to a multiple of the first power of ten above its width.
    Panning within that multiple leaves the caption as it was (a new caption re-lays the axis
    out: half a millisecond every frame)."""
    grid = board.grid
    base, width = 10**18 + 7 * 10**9, 10**6
    captions = set()
    for shift in range(0, 5 * width, width // 3):
        grid.set_view(base + shift, base, base + shift + width, base + width)
        grid.render_now()
        x_lo, y_lo, x_hi, y_hi = grid.visible_cells()
        for axis, name, lo, hi in ((grid.axis_x, "pile A", x_lo, x_hi), (grid.axis_y, "pile B", y_lo, y_hi)):
            prefix = f"{name}: ticks end "
            assert axis.labelText.startswith(prefix)
            near, mid, unit = int(axis.labelText[len(prefix) :]), (lo + hi) // 2, 10 ** len(str(hi - lo))
            assert near % unit == 0 and 0 <= mid - near < unit
        captions.add((grid.axis_x.labelText, grid.axis_y.labelText))
    assert len(captions) <= 2  # the middle crossed a multiple of 10^7 at most once
    grid.set_view(0, 0, 40, 40)
    grid.render_now()
    assert (grid.axis_x.labelText, grid.axis_y.labelText) == ("pile A", "pile B")  # near 0: whole numbers


def test_lean_axes_label_units_as_pyqtgraph_does_while_the_range_changes(qtbot):
    """The colour bar's axes set their label's HTML again only when pyqtgraph's SI scale would
    change; after every range the label and the scale are pyqtgraph's."""
    import pyqtgraph as pg

    from explorer.gui.grid.axes import LeanAxis

    ours, theirs = LeanAxis("left"), pg.AxisItem("left")
    for axis in (ours, theirs):
        axis.setLabel("G", units="V")
        axis.showLabel(True)
    for lo, hi in ((0, 10), (0, 5e6), (0, 7e6), (-3e9, 1), (0, 1e3), (0, 1e-4), (2e-4, 3e-4), (0, 10), (0, 10)):
        ours.setRange(lo, hi)
        theirs.setRange(lo, hi)
        assert ours.labelString() == theirs.labelString()
        assert ours.autoSIPrefixScale == theirs.autoSIPrefixScale
        assert ours.label.toHtml() == theirs.label.toHtml()


@pytest.mark.parametrize(
    ("mode", "view"),
    [
        ("grundy", (0, 0, 10**6, 10**6)),
        ("grundy", (0, 0, 3000, 3000)),
        ("grundy", (0, 0, 40, 40)),
        ("grundy", (0, 10**30, 30, 10**30 + 30)),
        ("remoteness", (0, 0, 5000, 5000)),
    ],
)
def test_every_label_of_the_colour_bar_is_drawn_however_wide(qtbot, board, mode, view):
    """Zoomed out over the origin in Grundy mode the bar read only "0": pyqtgraph gives its value
    axis a fixed 45 pixels, and the labels ("8000", "16000") that did not fit were left out. The
    axis is as wide as its labels: every label of the top level is drawn, whole and inside it."""

    board.set_mode(mode)
    grid = board.grid
    qtbot.waitUntil(lambda: not board.values.busy, timeout=60_000)
    grid.set_view(*view)
    grid.render_now()
    qtbot.wait(60)
    grid.render_now()
    qtbot.wait(60)
    axis = grid.colour_bar.getAxis("right")
    low, high = sorted(axis.range)
    top = [v for v in axis.tickValues(low, high, axis.height())[0][1] if low <= v <= high]
    specs = _draw_specs(axis)
    texts = {text for _, _, text in specs[2]}
    wanted = set(axis.tickStrings(top, axis.autoSIPrefixScale * axis.scale, 1.0))
    assert len(top) >= 2 and wanted <= texts, (wanted, texts)
    assert all(text.lstrip("-").isdigit() and float(text) in top for text in wanted), (
        wanted,
        top,
    )  # whole, in full (not "1e+06")
    box = axis.boundingRect()
    assert all(box.contains(rect) for rect, _, _ in specs[2])


def _draw_specs(axis):  # type: ignore[no-untyped-def]
    """The axis's draw specs, laid out on a small image's painter."""
    from PySide6.QtGui import QImage, QPainter

    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        return axis.generateDrawSpecs(painter)
    finally:
        painter.end()


def _label_texts(axis) -> list[str]:  # type: ignore[no-untyped-def]
    return [text for _, _, text in _draw_specs(axis)[2]]


@pytest.mark.parametrize(
    "view",
    [
        (0, 0, 2_000_000, 1_300_000),  # the guide's zoomed-out picture (it read 10000, 330000, 650000)
        (0, 0, 26_667, 17_000),
        (-5_000_000, -3_000_000, 9_000_000, 6_000_000),  # partly left of and below 0
        (123_456_789, 987_654_321, 123_456_789 + 7_294_163, 987_654_321 + 4_000_000),
    ],
)
def test_zoomed_out_labels_are_round_and_on_the_board(qtbot, board, view):
    """Issue 35/39: axis labels at round cells (1, 2, 5 x 10^k apart, on their multiples), and
    never a negative cell (the part of the view left of or below 0 is not on the board)."""
    grid = board.grid
    grid.set_view(*view)
    grid.render_now()
    qtbot.wait(30)
    for side in ("bottom", "left"):
        axis = grid.getPlotItem().getAxis(side)
        texts = [t for t in _label_texts(axis) if t]
        assert len(texts) >= 2, (side, texts)
        assert not any(t.startswith("-") for t in texts), texts
        values = [int(t) for t in texts]  # all up to 12 digits here: written in full
        x0, y0, x1, y1 = grid.visible_cells()
        span = (x1 - x0) if side == "bottom" else (y1 - y0)
        # round: every label a multiple of one round spacing (1, 2 or 5 x 10^k) not far below the
        # span's fortieth (the labels 360000, 680000, 1000000 of a 2,000,000-cell view were not)
        rounds = [m * 10**k for k in range(20) for m in (1, 2, 5) if m * 10**k >= span // 40]
        assert any(all(v % r == 0 for v in values) for r in rounds[:3]), (side, texts)
