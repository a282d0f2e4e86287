"""Tick labels stay short at every zoom and offset (soak finding: ticks 10^700 apart near
10^2250 were labelled with their last 704 digits; the axis grew to 728 pixels, pushed the plot
past the window's edge for good, and every frame drew ten times the texels, 65-270 ms each)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.gui.grid.axes import MAX_LABEL, compact


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


def test_a_view_far_out_keeps_the_plot_inside_the_window(qtbot, window):
    grid = window.grid
    centre, half = 10**2250 + 12345, 10**700
    for _ in range(3):
        grid.set_view(centre - half, centre - half, centre + half, centre + half)
        grid.render_now()
        qtbot.wait(30)
    plot = grid.getPlotItem()
    assert plot.getAxis("left").width() < 200
    assert abs(plot.width() - grid.width()) <= 2
    assert grid.vb.width() < grid.width()
