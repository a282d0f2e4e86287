"""Issue 66: three heaps as slices. The compiled solve against each game's definition on a cube, slice
0 against Wythoff's pairs, the subset game's published sum, the conjecture report for a <= 10, and
every path of a slice rule (one cell, the batch, counts, the command line) against the others."""

from __future__ import annotations

import io
import itertools
import json
import random
import sys
from math import isqrt

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from explorer.cli import main
from explorer.core.analysis.slices_report import EXACT_FLOAT_N, floor_n_phi, reports, slice_report
from explorer.core.game.heaps3 import FRAENKEL3, SUBSET3, SliceTable
from explorer.core.protocol import ColdPairs, Slice, Valued
from explorer.core.rules import OutOfBounds, parse_rule

CUBE = 13  # heaps 0 … 12: 2 197 positions


def _legal(game: str, d: tuple[int, int, int]) -> bool:
    """One move taking d = (d1, d2, d3), by the game's words alone."""
    taken = [x for x in d if x]
    if not taken:
        return False
    if len(taken) == 1:
        return True
    if game == "wythoff3":
        return d[0] ^ d[1] ^ d[2] == 0
    return len(set(taken)) == 1


def _brute(game: str, n: int) -> dict[tuple[int, int, int], bool]:
    """cold on [0, n)³ by the definition: every (d1, d2, d3) tried, positions in order of their sum."""
    cold: dict[tuple[int, int, int], bool] = {}
    for p in sorted(itertools.product(range(n), repeat=3), key=sum):
        cold[p] = not any(
            cold[(p[0] - d[0], p[1] - d[1], p[2] - d[2])]
            for d in itertools.product(*(range(h + 1) for h in p))
            if _legal(game, d)
        )
    return cold


@pytest.fixture(scope="module", params=[FRAENKEL3, SUBSET3], ids=lambda g: g.name)
def cube(request):  # type: ignore[no-untyped-def]
    game = request.param
    return game, _brute(game.name, CUBE)


def test_the_solve_matches_the_definition_on_a_cube(cube):
    game, cold = cube
    table = SliceTable(game, CUBE - 1, CUBE)
    for (a, b, c), want in cold.items():
        assert (int(table.col[a, b]) == c) == want, (a, b, c)
        assert table.is_cold(c, a, b) == want  # in any order of the heaps


def test_a_slice_rule_answers_as_the_definition_with_moves_as_triples(cube):
    game, cold = cube
    for a in (0, 1, 5, 12):
        rule = parse_rule(f"{game.name}:{a};n=64")
        assert isinstance(rule, Slice) and isinstance(rule, ColdPairs) and not isinstance(rule, Valued)
        for b in range(CUBE):
            for c in range(CUBE):
                assert rule.is_cold(b, c) == cold[(a, b, c)], (a, b, c)
                want = sorted(
                    (a - d[0], b - d[1], c - d[2])
                    for d in itertools.product(range(a + 1), range(b + 1), range(c + 1))
                    if _legal(game.name, d) and cold[(a - d[0], b - d[1], c - d[2])]
                )
                got = rule.winning_moves(b, c)
                assert sorted(m.to for m in got) == want, (a, b, c)
                assert all(m.on_board == (m.to[0] == a) for m in got)


@pytest.mark.parametrize("game", [FRAENKEL3, SUBSET3], ids=lambda g: g.name)
def test_slice_zero_is_wythoffs_pairs(game):
    """With no first heap both games are Wythoff's: (⌊kφ⌋, ⌊kφ²⌋) and mirrors, by isqrt."""
    n = 1 << 16
    col = SliceTable(game, 0, n).col[0]
    want = np.full(n, -1, dtype=np.int64)
    for k in range(n):
        lo = (k + isqrt(5 * k * k)) // 2
        if lo >= n:
            break
        want[lo] = lo + k
        if lo + k < n:
            want[lo + k] = lo
    assert np.array_equal(col.astype(np.int64), want)


def test_the_subset_games_published_sum():
    """Project Euler 260's small case: x + y + z over the cold x <= y <= z <= 100 is 173 895."""
    col = SliceTable(SUBSET3, 100, 101).col
    total = sum(x + y + int(col[x, y]) for x in range(101) for y in range(x, 101) if y <= col[x, y] <= 100)
    assert total == 173_895


@given(st.integers(0, 3), st.integers(0, 4000))
@example(1, 0)
def test_a_slice_is_symmetric_and_holds_one_cold_cell_a_column(a, b):
    table = SliceTable(FRAENKEL3, 3, 4096)  # solved once: the process's own table
    c = table.cold_c(a, b)
    if c < 4096:
        assert table.cold_c(a, c) == b
    assert table.is_cold(a, b, c) and table.is_cold(b, a, c) == (table.cold_c(min(a, b), max(a, b)) == c)


@given(st.one_of(st.integers(0, EXACT_FLOAT_N + 5), st.integers(EXACT_FLOAT_N, 10**30)))
@example(EXACT_FLOAT_N - 1)
def test_floor_n_phi_is_exact(n):
    assert int(floor_n_phi(np.array([n], dtype=object if n >= 2**63 else np.int64))[0]) == (n + isqrt(5 * n * n)) // 2


def test_the_report_finds_both_conjectures_holding_for_a_up_to_10():
    """Sun and Zeilberger proved (i) and (ii) for a <= 10: the report over n <= 20 000 finds them,
    and its N1, α and N2 say what the pairs do, checked here from the table itself."""
    found = reports(FRAENKEL3, 10, 20_000)
    assert [r.first for r in found] == list(range(11))
    table = SliceTable(FRAENKEL3, 10, 40_000)
    for r in found:
        assert r.holds_i and r.holds_ii and r.n_last == 20_000, r
        pairs = [(b, int(table.col[r.first, b])) for b in range(r.first, 40_000) if table.col[r.first, b] >= b]
        for k, (b, c) in enumerate(pairs):
            n = k + r.shift
            if n > 20_000:
                break
            if r.n1 is None or n > r.n1:
                assert c - b == n, (r.first, n)
            if n >= 0 and (r.n2 is None or n > r.n2):
                assert abs(b - (n + isqrt(5 * n * n)) // 2 - r.alpha) <= 1, (r.first, n)
        if r.n1 is not None:
            k = r.n1 - r.shift
            assert pairs[k][1] - pairs[k][0] != r.n1
        # Sun's set T: the mex of the later pairs and T gives each b_n, and no c_n lies in T
        later = [p for k, p in enumerate(pairs) if k + r.shift > (r.n1 if r.n1 is not None else -(10**9))]
        taken = set(r.t)
        for b, c in later[:500]:
            mex = next(v for v in itertools.count() if v not in taken)
            assert b == mex and c not in r.t
            taken |= {b, c}
    assert found[0].n1 is None and found[0].alpha == 0 and found[0].t == ()  # slice 0: Wythoff's own pairs


def test_the_subset_game_settles_into_no_wythoff_sequence():
    """The conjectures are Fraenkel's game's: the subset game's slice 1 keeps changing its differences."""
    r = slice_report(SliceTable(SUBSET3, 1, 8192), 1)
    assert not r.holds_i


@pytest.fixture
def run(monkeypatch, capsysbinary):  # type: ignore[no-untyped-def]
    def go(*args: str, stdin: str = "") -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
        code = main(list(args))
        out, err = capsysbinary.readouterr()
        return code, out.decode(), err.decode()

    return go


def test_moves_on_the_command_line_are_triples(run):
    code, text, _ = run("moves", "3", "5", "--rule", "wythoff3:1", "--json")
    doc = json.loads(text)
    assert code == 0 and doc["position"] == [1, 3, 5] and doc["status"] == "N"
    cold = _brute("wythoff3", 8)
    want = sorted(
        t
        for t in cold
        if cold[t] and _legal("wythoff3", (1 - t[0], 3 - t[1], 5 - t[2])) and min(1 - t[0], 3 - t[1], 5 - t[2]) >= 0
    )
    assert sorted(tuple(d["to"]) for d in doc["details"]) == want
    assert all(sum(d["taken"]) > 0 and d["slice"] == d["to"][0] for d in doc["details"])
    code, text, _ = run("moves", "3", "5", "--rule", "wythoff3:1")
    assert sorted(tuple(map(int, line.split())) for line in text.splitlines()) == want


def test_judge_count_and_pairs_follow_the_slice(run):
    rule = parse_rule("subset3:2;n=4096")
    rng = random.Random(5)
    cells = [(rng.randrange(300), rng.randrange(300)) for _ in range(200)]
    code, text, _ = run("judge", "--pairs", "--rule", "subset3:2;n=4096", stdin="".join(f"{x} {y}\n" for x, y in cells))
    assert code == 0 and text.split() == [str(int(not rule.is_cold(x, y))) for x, y in cells]
    code, text, _ = run("count", "100", "40", "--rule", "subset3:2;n=4096")
    assert code == 0 and int(text.split()[0]) == sum(rule.is_cold(x, y) for x in range(101) for y in range(41))
    code, text, _ = run("pairs", "20", "--rule", "subset3:2;n=4096")
    lines = [tuple(map(int, line.split())) for line in text.splitlines()]
    upper = sorted((x, int(rule.col[x])) for x in range(200) if rule.col[x] >= x)[:20]
    assert [(a, b) for _, a, b in lines] == upper and [k for k, _, _ in lines] == list(range(20))


@pytest.mark.parametrize(
    "args",
    [
        ("moves", "1", "2", "--rule", "wythoff3:-1"),
        ("moves", "1", "2", "--rule", "wythoff3:"),
        ("moves", "1", "2", "--rule", "subset3:x"),
        ("moves", "1", "2", "--rule", "wythoff3:" + "9" * 40),
        ("moves", "1", "2", "--rule", "wythoff3:64;n=1000000"),
        ("slices", "wythoff3", "-3"),
        ("slices", "wythoff4", "3"),
        ("slices", "wythoff3", "100", "--n", "10000000"),
        ("moves", "70000", "2", "--rule", "wythoff3:1"),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(run, args):
    code, out, err = run(*args)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err


def test_beyond_the_columns_the_rule_refuses_naming_them():
    rule = parse_rule("wythoff3:2;n=128")
    with pytest.raises(OutOfBounds, match="128"):
        rule.is_cold(200, 3)


def test_the_report_on_the_command_line(run, tmp_path):
    plot = tmp_path / "plot.png"
    code, text, _ = run("slices", "wythoff3", "4", "--n", "5000", "--json", "--plot", str(plot))
    doc = json.loads(text)
    assert code == 0 and [s["a"] for s in doc["slices"]] == [0, 1, 2, 3, 4]
    assert all(s["i_holds"] and s["ii_holds"] for s in doc["slices"]) and "not a proof" in doc["evidence"]
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    code, text, _ = run("slices", "wythoff3", "2", "--n", "2000")
    assert code == 0 and "not a proof" in text and text.count("holds") == 6
