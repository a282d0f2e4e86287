"""OEIS b-files from the command line, against the first terms OEIS lists (docs/math.md) and brute force."""

from __future__ import annotations

import pytest

from explorer.cli import main
from tests.oracles import grundy_table

# The first terms as OEIS lists them (docs/math.md, "OEIS b-files"), with each sequence's offset.
A000201 = (1, [1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32])
A001950 = (1, [2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52])
A004482 = (0, [1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9, 13, 14, 12, 16, 17, 15, 19, 20])
A004483 = (0, [2, 0, 1, 5, 3, 4, 8, 6, 7, 11, 9, 10, 14, 12, 13, 17, 15, 16, 20, 18])
A035513 = (1, [1, 2, 4, 3, 7, 6, 5, 11, 10, 9, 8, 18, 16, 15, 12, 13, 29, 26, 24, 20, 14, 21])


@pytest.fixture
def run(capsysbinary):
    def go(args: list[str]) -> tuple[int, str, str]:
        code = main(args)
        out, err = capsysbinary.readouterr()
        return code, out.decode(), err.decode()

    return go


def bfile(text: str) -> tuple[int, list[int]]:
    """The offset and terms of a b-file, checking its form: `n a(n)` lines, n counting up by one."""
    lines = text.splitlines()
    assert lines and all(len(line.split(" ")) == 2 for line in lines), text[:200]
    ns, terms = zip(*((int(a), int(b)) for a, b in (line.split(" ") for line in lines)), strict=True)
    assert list(ns) == list(range(ns[0], ns[0] + len(ns)))
    return ns[0], list(terms)


@pytest.mark.parametrize(
    ("args", "oeis"),
    [
        (["pairs", "20", "--bfile", "--lower"], A000201),
        (["pairs", "20", "--bfile"], A000201),
        (["pairs", "20", "--bfile", "--upper"], A001950),
        (["grundy-row", "1", "--bfile", "20"], A004482),
        (["grundy-row", "2", "--bfile", "20"], A004483),
        (["array", "--bfile", "22"], A035513),
    ],
)
def test_each_bfile_is_the_sequence_oeis_lists(run, args, oeis):
    code, out, err = run(args)
    assert (code, err) == (0, "")
    assert bfile(out) == oeis


def test_a_bfile_goes_on_from_where_it_is_asked_and_far(run):
    code, out, _ = run(["pairs", "5", "--bfile", "--upper", "--start", str(10**30)])
    assert code == 0
    first, terms = bfile(out)
    from math import isqrt

    assert first == 10**30
    assert terms == [(n + isqrt(5 * n * n)) // 2 + n for n in range(10**30, 10**30 + 5)]


def test_a_values_cells_as_a_bfile_are_its_cells_by_brute_force(run):
    n = 120
    g = grundy_table(n)
    h = 2
    cells = sorted((x, y) for x in range(n) for y in range(x, n) if g[x][y] == h)
    _, lower_side, _ = run(["pairs", "15", "--value", str(h), "--bfile", "--lower"])
    _, upper_side, _ = run(["pairs", "15", "--value", str(h), "--bfile", "--upper"])
    assert bfile(lower_side) == (0, [x for x, _ in cells[:15]])
    assert bfile(upper_side) == (0, [y for _, y in cells[:15]])


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["pairs", "5", "--upper"], "give --bfile too"),
        (["array"], "array takes ROWS and COLS"),
        (["array", "3", "3", "--bfile", "5"], "no ROWS, COLS or --start"),
        (["array", "--bfile", "2000000"], "at most 1,000,000 terms"),
        (["grundy-row", "1", "--bfile", "5", "--at", "3"], "give one"),
        (["pairs", "5", "--bfile", "--rule", "block:3"], "no sequence of cold pairs"),
    ],
)
def test_bfile_requests_that_make_no_sense_get_one_line(run, args, says):
    code, out, err = run(args)
    assert code == 2 and out == "" and says in err and err.count("\n") == 1, err
