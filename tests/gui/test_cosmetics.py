"""What a newcomer read (issue 48): counts and messages in plain English."""

from __future__ import annotations

import pytest

from explorer.core.exact.bigint import parse_natural
from explorer.gui.grid.hover import cold_cells


@pytest.mark.parametrize(("n", "text"), [(0, "0 cold cells"), (1, "1 cold cell"), (2, "2 cold cells")])
def test_a_count_of_cold_cells_agrees_with_its_number(n, text):
    assert cold_cells(n) == text
    big = 10**60 + 1
    assert cold_cells(big) == f"{big} cold cells"  # exact, as the pixel's bounds are


def test_a_negative_value_is_refused_for_what_it_is():
    with pytest.raises(ValueError, match="Grundy values and remoteness are 0 or more"):
        parse_natural("-3", "the value", "Grundy values and remoteness are 0 or more")
    with pytest.raises(ValueError, match="piles hold 0 or more counters"):
        parse_natural("-3", "Pile A")
