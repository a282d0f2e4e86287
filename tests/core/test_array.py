"""The Wythoff array against its definition and against the cold pairs found by brute force."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.analysis.tables import array_cell, array_place, array_row
from explorer.core.game import array
from explorer.core.game.array import block, entry, pair_at, place, position
from explorer.core.game.zeckendorf import fibonacci, shift_down, zeckendorf_indices
from soak import oracle
from tests.oracles import cold_table

N = 400


def _cold_pairs() -> dict[int, int]:
    """lower -> upper, from the game's definition (brute force)."""
    cold = cold_table(N)
    return {x: y for x in range(1, N) for y in range(x, N) if cold[x][y]}


def _by_definition(rows: int, cols: int) -> list[list[int]]:
    """Morrison's construction: each row starts at the least number not yet in the array, its
    second entry is that number's cold partner, and then each entry is the sum of the two before."""
    partner = _cold_pairs()
    used: set[int] = set()
    out = []
    for _ in range(rows):
        first = next(n for n in range(1, N) if n not in used)
        row = [first, partner[first]]
        while len(row) < cols:
            row.append(row[-1] + row[-2])
        used.update(x for x in row if x < N)
        out.append(row)
    return out


def test_the_array_is_its_definition():
    assert block(1, 1, 30, 12) == _by_definition(30, 12)


def test_neighbours_in_odd_even_columns_are_exactly_the_cold_pairs():
    partner = _cold_pairs()
    pairs = set()
    for row in block(1, 1, 160, 14):
        for j in range(0, 14, 2):
            if row[j + 1] < N:
                pairs.add((row[j], row[j + 1]))
    assert pairs == {(a, b) for a, b in partner.items() if b < N}


def test_every_positive_integer_appears_once_and_position_finds_it():
    seen: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(block(1, 1, 260, 16), start=1):
        for c, v in enumerate(row, start=1):
            if v <= 300:
                assert v not in seen
                seen[v] = (r, c)
    assert sorted(seen) == list(range(1, 301))
    assert all(position(v) == rc for v, rc in seen.items())


@settings(max_examples=40, deadline=None)
@given(row=st.integers(1, 10**60), col=st.integers(1, 60))
def test_huge_entries_agree_with_an_independent_oracle(row, col):
    a = oracle.lower(row)
    w1, w2 = oracle.lower(a), oracle.lower(a) + a  # decimal square roots, not the explorer's
    for _ in range(col - 1):
        w1, w2 = w2, w1 + w2
    assert entry(row, col) == w1
    assert position(w1) == (row, col)


def test_the_command_prints_the_block_and_refuses_bad_input():
    run = [sys.executable, "-m", "explorer", "array"]
    out = subprocess.run([*run, "4", "5", "--start", "2", "3"], capture_output=True, text=True, check=True).stdout
    assert [list(map(int, line.split())) for line in out.splitlines()] == [r[2:7] for r in block(2, 1, 4, 7)]
    bad = subprocess.run([*run, "0", "5"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.splitlines()) == 1


@pytest.mark.parametrize("bad", [0, -3])
def test_bad_positions_say_so(bad):
    with pytest.raises(ValueError):
        position(bad)
    with pytest.raises(ValueError):
        entry(bad, 1)


def test_place_finds_every_cold_pair_and_only_those():
    cold = cold_table(120)
    for x in range(120):
        for y in range(120):
            found = place(x, y)
            if cold[x][y] and (x, y) != (0, 0):
                assert found is not None
                a, b = min(x, y), max(x, y)
                assert (found.a, found.b, found.k) == (a, b, b - a)
                assert found.col % 2 == 1
                assert block(found.row, found.col, 1, 2) == [[a, b]]
                assert pair_at(found.row, found.col) == pair_at(found.row, found.col + 1) == (a, b)
            else:
                assert found is None


@settings(max_examples=25, deadline=None)
@given(row=st.integers(1, 10**1400), col=st.integers(1, 3000))
def test_large_numbers_are_placed_by_their_zeckendorf_form_as_the_walk_places_them(row, col):
    n = entry(row, col)
    assert position(n) == (row, col)
    if n.bit_length() >= array.WALK_BITS and col < 40:
        with pytest.MonkeyPatch.context() as m:  # the walk: an independent way to the same place
            m.setattr(array, "WALK_BITS", 10**9)
            assert position(n) == (row, col)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 10**300), places=st.integers(0, 400))
def test_shift_down_undoes_moving_the_zeckendorf_form_up(n, places):
    up = sum(fibonacci(i + places) for i in zeckendorf_indices(n))
    assert shift_down(up, places) == n
    if places and n > 1 and zeckendorf_indices(n)[-1] == 2:
        with pytest.raises(ValueError):
            shift_down(n, places)  # F_2 would fall off


@settings(max_examples=40, deadline=None)
@given(row=st.integers(1, 10**80), col=st.integers(1, 300))
def test_a_cells_zeckendorf_form_is_its_rows_first_moved_up(row, col):
    cell = array_cell(row, col)
    assert cell.value == entry(row, col)
    indices = zeckendorf_indices(cell.value)  # computed afresh, not from the row's start
    assert [i + col - 1 for i in array_row(row).indices] == indices
    assert indices[-1] == col + 1
    a, b = pair_at(row, col)
    assert oracle.lower(b - a) == a  # a decimal square root, not the explorer's
    assert str(b - a) in cell.tip.replace("…", "") or len(str(b - a)) > 60


def test_the_place_sentence_names_both_numbers_of_a_hot_cell():
    found, text = array_place(4, 6)
    assert found is None
    (r4, c4), (r6, c6) = position(4), position(6)
    assert block(r4, c4, 1, 1) == [[4]] and block(r6, c6, 1, 1) == [[6]]
    assert f"row {r4}, column {c4}" in text and f"row {r6}, column {c6}" in text
    assert array_place(0, 0)[0] is None and "not in the array" in array_place(0, 0)[1]
