"""Exact text of huge integers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from explorer.core.exact.bigint import short_decimal, short_decimals_from

SPAN = 10**6


@st.composite
def _starts(draw: st.DrawFn) -> int:
    digits = draw(st.integers(1, 400))
    kind = draw(st.sampled_from(["any", "below a power of ten", "nines"]))
    if kind == "any":
        return draw(st.integers(0, 10**digits))
    if kind == "below a power of ten":  # start + s crosses into one more digit
        return max(0, 10**digits - draw(st.integers(1, SPAN)))
    return int("9" * digits + "0" * draw(st.integers(0, 8)))  # a carry ripples through every digit


@given(_starts(), st.lists(st.integers(0, SPAN - 1), min_size=1, max_size=20), st.sampled_from([8, 14, 24]))
def test_labels_from_a_start_match_short_decimal(start, offsets, width):
    label = short_decimals_from(start, width, SPAN)
    for s in [*offsets, 0, SPAN - 1]:
        assert label(s) == short_decimal(start + s, width)


def test_labels_from_a_huge_start_cross_the_carry():
    start = 10**7000 - 3
    label = short_decimals_from(start, 14, SPAN)
    for s in range(6):
        assert label(s) == short_decimal(start + s, 14)
    assert label(3).endswith("(7001 digits)") and label(2).endswith("(7000 digits)")
