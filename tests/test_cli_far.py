"""The command line far out (issue 37): `grundy --origin` beyond the corner, `count --value`,
`pairs --value` and `sum`, against oracles: the corner table where both reach, G by the game's
definition, sums played out by their definition, and clean one-line refusals."""

from __future__ import annotations

import functools
import json

import numpy as np
import pytest

from explorer.core.rules.registry import parse_rule
from tests.oracles import Vectors, grundy_table, values_by_definition
from tests.test_cli import cli  # noqa: F401  (the fixture)


def test_grundy_far_out_agrees_with_the_corner_where_both_reach(cli):  # noqa: F811
    """Maharaja near (1490, 2410), beside its cold cells: the corner table answers (exactly, any
    value); the same cells asked far out through the sequences agree wherever the value is below 32
    (36 of the 54 cells; the others print ">31"). Once (2990, 2995): every value there was over 31."""
    rule = parse_rule("maharaja")
    g = np.asarray(rule.value_table(1500, 2420).grundy)
    from explorer.core.value_source import COMMAND, ValueCache

    far = ValueCache(rule, limits=COMMAND)
    cells = [(1490 + i, 2404 + j) for i in range(6) for j in range(9)]
    assert sum(int(g[c]) < 32 for c in cells) == 36  # both kinds of answer are checked
    far.answer_many(cells, skip=["corner"])  # the sequences alone
    for x, y in cells:
        want = int(g[x, y])
        assert far.known(x, y).text() == (str(want) if want < 32 else ">31")
    # and the command, which asks the one place, prints the corner's exact values
    code, out, _ = cli(["grundy", "6", "9", "--origin", "1490", "2404", "--rule", "maharaja"])
    assert code == 0
    assert [[int(w) for w in line.split()] for line in out.splitlines()] == g[1490:1496, 2404:2413].tolist()


def test_grundy_far_past_the_corner_prints_values_and_marks_the_rest(cli):  # noqa: F811
    code, out, err = cli(["grundy", "2", "3", "--origin", "100000", "161800"])
    assert code == 0 and ("'>31' marks" in err) == (">31" in out)
    rows = [line.split() for line in out.splitlines()]
    assert [len(r) for r in rows] == [3, 3]
    # Wythoff's cold pair (100000, 161803)? The closed form says which cells are cold: value 0 there only.
    wythoff = parse_rule("wythoff")
    for i, row in enumerate(rows):
        for j, word in enumerate(row):
            assert (word == "0") == wythoff.is_cold(100000 + i, 161800 + j)


def test_count_and_pairs_of_one_value_against_the_definition(cli):  # noqa: F811
    n = 40
    g = grundy_table(n)
    for h in (0, 1, 5):
        code, out, _ = cli(["count", "30", "25", "--value", str(h)])
        assert code == 0 and int(out) == sum(g[x][y] == h for x in range(31) for y in range(26))
        code, out, _ = cli(["count", "4", "6", "30", "25", "--value", str(h)])
        assert int(out) == sum(g[x][y] == h for x in range(4, 31) for y in range(6, 26))
        code, out, _ = cli(["pairs", "4", "--value", str(h)])
        want = sorted((x, y) for x in range(n) for y in range(x, n) if g[x][y] == h)[:4]
        assert [tuple(map(int, line.split()[1:])) for line in out.splitlines()] == want
        assert [int(line.split()[0]) for line in out.splitlines()] == [0, 1, 2, 3]
    queries = [(3, 9), (20, 20), (0, 0), (35, 12)]
    stdin = f"{len(queries)}\n" + "".join(f"{x} {y}\n" for x, y in queries)
    code, out, _ = cli(["count", "--batch", "--value", "2"], stdin.encode())
    assert [int(v) for v in out.split()] == [
        sum(g[x][y] == 2 for x in range(X + 1) for y in range(Y + 1)) for X, Y in queries
    ]


def _sum_oracle(game: Vectors):
    @functools.cache
    def cold(position: tuple[int, ...]) -> bool:
        return not any(cold(m) for m in moves(position))

    def moves(position: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = []
        parts = [position[0:2], position[2:4]]
        heaps = position[4:]
        for k, (a, b) in enumerate(parts):
            for x, y in game.moves(a, b):
                p = list(position)
                p[2 * k : 2 * k + 2] = [x, y]
                out.append(tuple(p))
        for i, h in enumerate(heaps):
            out += [(*position[: 4 + i], v, *position[5 + i :]) for v in range(h)]
        return out

    return cold, moves


@pytest.mark.parametrize(
    ("rule", "rays", "jumps"),
    [("wythoff", [(1, 0), (1, 1)], []), ("gdwn:1,2", [(1, 0), (1, 1), (1, 2)], [])],
)
def test_sum_of_two_two_pile_parts_and_a_heap_against_playing_it_out(cli, rule, rays, jumps):  # noqa: F811
    cold, moves = _sum_oracle(Vectors(rays, jumps))
    for position in [(3, 5, 2, 2, 0), (4, 6, 1, 3, 5), (2, 7, 0, 4, 3), (6, 6, 5, 2, 1)]:
        code, out, _ = cli(
            [
                "sum",
                *map(str, position[:2]),
                str(position[4]),
                "--second",
                *map(str, position[2:4]),
                "--json",
                "--rule",
                rule,
            ]
        )
        assert code == 0
        doc = json.loads(out)
        assert doc["status"] == ("P" if cold(position) else "N")
        want = sorted(list(m) for m in moves(position) if cold(m))
        assert sorted(doc["winning_moves"]) == want


def test_sum_text_names_each_part_and_every_move(cli):  # noqa: F811
    code, out, _ = cli(["sum", "4", "7", "2", "9", "3"])
    g = grundy_table(10)
    lines = out.splitlines()
    assert code == 0 and len(lines) >= 2
    assert lines[0] == f"N G = {g[4][7]} xor 2 xor 9 xor 3 = {g[4][7] ^ 2 ^ 9 ^ 3}"
    for line in lines[1:]:
        a, b, *heaps = map(int, line.split())
        total = g[a][b]
        for h in heaps:
            total ^= h
        assert total == 0


def test_sum_values_far_beyond_the_shared_table_near_the_origin(cli):  # noqa: F811
    """(30, 41) has a value above 31: the sum solves its own table of values for it."""
    g, _, _ = values_by_definition(50, 50, Vectors([(1, 0), (1, 1)]), None, 0)
    code, out, _ = cli(["sum", "30", "41", "--json"])
    assert code == 0
    doc = json.loads(out)
    assert g[30][41] > 31 and doc["grundy"] == g[30][41]
    assert all(g[a][b] == 0 for a, b in doc["winning_moves"])
    assert len(doc["winning_moves"]) == sum(1 for a, b in Vectors([(1, 0), (1, 1)]).moves(30, 41) if g[a][b] == 0)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["sum", "1", "2", "--rule", "misere"], "misère"),
        (["sum", "1", "x"], "pile"),
        (["sum", "1"], "two-pile"),
        (["sum", "3", "-1"], "negative"),
        (["sum", "9999999", "9999999"], "columns"),
        (["count", "99999999", "99999999", "--value", "32"], "G = 32 in [0, 99999999]"),
        (["count", "9", "9", "3", "3", "--value", "1"], "empty"),
        (["grundy", "1", "1", "--origin", "100000000", "100000000"], "columns"),
        (["grundy", "1", "1", "--origin", "100000", "161804", "--rule", "misere"], "corner"),
        (["pairs", "3", "--value", "40"], "0 to 31"),
    ],
)
def test_bad_input_is_one_line_and_status_2(cli, args, says):  # noqa: F811
    code, out, err = cli(args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and says in err and "Traceback" not in err


def test_a_huge_pile_beside_a_small_one_is_exact_from_the_certified_rows(cli):  # noqa: F811
    """G(x, 0) = x for Wythoff, and rows 1 and 2 repeat with period 3 (A004482, A004483): a pile
    of 10^50 beside 0 or 1 is answered exactly (it was printed `>31`)."""
    from tests.core.test_value_source import row_value

    code, out, _ = cli(["grundy", "2", "2", "--origin", str(10**50), "0"])
    assert code == 0
    want = [[row_value(j, 10**50 + i) for j in range(2)] for i in range(2)]
    assert [[int(w) for w in line.split()] for line in out.splitlines()] == want


@pytest.mark.parametrize("rule", ["wythoff", "maharaja", "gdwn:1,2"])
def test_a_wide_rectangle_counts_as_its_mirror_and_rows_hold_each_value_once(cli, rule):  # noqa: F811
    """Every row holds each value exactly once (Nim's rays), so rows 0..Y of any width past every
    cell of value h hold Y + 1 of them: counted as the mirror rectangle, at any width."""
    huge = "1" + "0" * 40
    for h, y in ((0, 40), (3, 1000), (7, 77)):
        code, out, err = cli(["count", huge, str(y), "--value", str(h), "--rule", rule])
        assert (code, err) == (0, "") and int(out) == y + 1
        code, out, _ = cli(["count", "0", "0", huge, str(y), "--value", str(h), "--rule", rule])
        assert int(out) == y + 1
    code, out, _ = cli(["count", "--batch", "--rect", "--value", "2", "--rule", rule], f"1\n5 0 {huge} 9\n".encode())
    g = np.asarray(parse_rule(rule).value_table(64, 64).grundy)
    in_first = int(np.count_nonzero(g[:5, :10] == 2))  # the cells of rows 0..9 left of column 5
    assert int(out) == 10 - in_first


def test_an_empty_rectangle_holds_no_cell_of_any_value():
    """A batch in the window may hold an empty rectangle (x1 < x0 or y1 < y0): it holds no cell,
    whatever its four prefix counts say (it was answered -5: long soak, seed 20261409)."""
    from explorer.core.analysis.far_values import count_value_rects
    from explorer.core.value_options import sequences_for
    from explorer.core.value_source import COMMAND, ValueCache

    rule = parse_rule("nim")
    solved = sequences_for(ValueCache(rule, limits=COMMAND), 4, 100)
    rects = np.array([[25, 0, 3, 20], [5, 9, 40, 2], [0, 0, 10, 10], [30, 7, 12, 10**6]], dtype=np.int64)
    counts = count_value_rects(solved, 3, *rects.T)
    # nim: the cell of value 3 in column x is y = x ^ 3 (each column holds it once)
    want = [
        sum(1 for x in range(x0, x1 + 1) if y0 <= x ^ 3 <= y1) if x0 <= x1 and y0 <= y1 else 0
        for x0, y0, x1, y1 in rects.tolist()
    ]
    assert counts.tolist() == want
    assert want[:2] == [0, 0] and want[2] > 0
