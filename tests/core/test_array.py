"""The Wythoff array against its definition and against the cold pairs found by brute force."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.game.array import block, entry, position
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
