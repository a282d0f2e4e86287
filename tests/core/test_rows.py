"""Wythoff's Grundy rows at any distance: the certified strip against the brute-force sweep of
the same rows (an independent computation: the general values kernel on a long rectangle), the
published row 10, and what an uncertified row may and may not answer."""

from __future__ import annotations

import numpy as np
import pytest

from explorer.core.game.spec import ANY, MoveSpec
from explorer.core.values.kernel import value_table
from explorer.core.values.rows import GrundyRows

WYTHOFF = MoveSpec(ANY, ANY, 1)
ROWS = 12
LONG = 24_000  # columns of the reference rectangle: far past the rows' preperiods


@pytest.fixture(scope="module")
def reference() -> np.ndarray:
    """G on [0, ROWS) x [0, LONG): rows depend only on the rows below them, so a long thin
    rectangle holds them exactly."""
    return value_table(WYTHOFF, ROWS, LONG).grundy.astype(np.int64)


@pytest.fixture(scope="module")
def short_rows() -> GrundyRows:
    """Certified from a strip much shorter than the reference, so most answers checked below
    come from the period, not from the strip itself."""
    rows = GrundyRows(ROWS, max_columns=4096)
    assert rows.length <= 4096
    return rows


def test_published_row_ten(short_rows):
    assert short_rows.values(10, 0, 21) == [10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14, 18, 7, 6, 2, 3, 1, 4, 5, 23, 28]


def test_rows_agree_with_the_sweep_in_the_strip_and_beyond_it(short_rows, reference):
    assert short_rows.certified_rows == ROWS
    for x in range(ROWS):
        got = np.array(short_rows.values(x, 0, LONG))
        np.testing.assert_array_equal(got, reference[x], err_msg=f"row {x}")
        assert short_rows.value(LONG - 1, x) == reference[x, LONG - 1]  # the mirror


def test_preperiod_and_period_are_the_least_by_the_reference(short_rows, reference):
    for x in range(ROWS):
        info = short_rows.row(x)
        assert info.certified
        q, pre = info.period, info.preperiod
        r = reference[x] - np.arange(LONG)  # G(x, y) - y
        assert (r[pre + q :] == r[pre : LONG - q]).all()  # periodic from the preperiod on
        if pre > 0:
            assert r[pre - 1 + q] != r[pre - 1]  # ... and not from one column earlier
        for smaller in range(1, q):  # no smaller period holds over the long tail
            assert not (r[LONG // 2 + smaller :] == r[LONG // 2 : LONG - smaller]).all()


def test_far_out_values_follow_the_period_and_the_bound():
    rows = GrundyRows(ROWS, max_columns=4096)
    far = 10**100
    for x in range(ROWS):
        q = rows.row(x).period
        g = rows.value(x, far)
        assert rows.value(far, x) == g
        assert rows.value(x, far + q) == g + q
        assert rows.value(x, far + 7 * q) == g + 7 * q
        assert far - 2 * x <= g <= far + x  # y - 2x <= G(x, y) <= y + x (Dress, Flammenkamp, Pink)
    # a vectorised strip (as the grid draws it) says the same as cell-by-cell answers
    step, count = 3**50, 40
    off, known = rows.offsets(5, far, step, count)
    assert known.all()
    assert [int(o) + far + j * step for j, o in enumerate(off)] == [rows.value(5, far + j * step) for j in range(count)]


def test_a_row_not_certified_in_budget_says_observed_and_answers_only_inside():
    rows = GrundyRows(60, max_columns=3000)
    assert rows.certified_rows < 60
    x = 59
    info = rows.row(x)
    assert not info.certified and info.columns == rows.length
    assert rows.knows(x, rows.length - 1) and not rows.knows(x, rows.length)
    with pytest.raises(ValueError, match="beyond the rows solved"):
        rows.value(x, 10**9)
    ref = value_table(WYTHOFF, 60, rows.length).grundy
    assert rows.values(x, 0, rows.length) == ref[x].tolist()


def test_cancel_stops_the_strip():
    with pytest.raises(InterruptedError):
        GrundyRows(40, progress=lambda done, total: False)


def test_wythoff_and_misere_share_one_strip_per_process():
    """Switching rules never solves the rows again, nor keeps two strips (256 MiB each)."""
    from explorer.core.rules.registry import parse_rule

    budget = 2 * 2**20
    first = parse_rule("wythoff").grundy_rows(8, budget_bytes=budget)
    assert parse_rule("misere").grundy_rows(8, budget_bytes=budget) is first
    assert parse_rule("wythoff").grundy_rows(5, budget_bytes=budget) is first  # fewer rows: the same strip
    other = parse_rule("wythoff").grundy_rows(9, budget_bytes=budget)
    assert other is not first and other.rows == 9
    assert other.values(7, 0, 300) == first.values(7, 0, 300)
