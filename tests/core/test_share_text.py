"""Issue 10 item 7: a share of 0 % was shown for rectangles holding cold cells (41 cold cells in a
4 153-digit-wide rectangle). Shares are written from the integers, checked here against Fractions."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from explorer.core.exact.bigint import ratio_scientific, share_text


@given(st.integers(1, 10**60), st.integers(1, 10**80), st.integers(1, 6))
def test_ratio_scientific_is_the_ratio_rounded(num, den, digits):
    mantissa, e = ratio_scientific(num, den, digits)
    value = Fraction(mantissa) * Fraction(10) ** e
    exact = Fraction(num, den)
    assert 1 <= Fraction(mantissa) < 10
    # within half a unit of the last digit kept
    assert abs(value - exact) <= Fraction(10) ** (e - digits + 1) / 2


def test_tiny_shares_are_never_zero():
    cells = 5 * 10**4152
    text = share_text(41, cells)
    assert text == "8.2 × 10⁻⁴¹⁵⁰ %"  # 41 / (5·10^4152) = 8.2·10^−4152, a percentage: ·100
    assert share_text(0, cells) == "0 %"
    assert share_text(1, 2) == "50 %"
    assert share_text(1, 10**6) == "0.0001 %"
    assert share_text(1, 10**6 + 1) == "1 × 10⁻⁴ %"  # 9.99999·10^−5 % to three digits
    for count, cells in ((3, 7), (41, 5 * 10**4152), (1, 10**9)):  # one unit for every share
        assert share_text(count, cells).endswith(" %")
    assert share_text(3, 0) == "—"
