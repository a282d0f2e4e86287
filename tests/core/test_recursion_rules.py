"""Games that change the recursion (issue 49): k-blocking, altered positions, one pass, the
⋆-operator, and two rules compared. Each is checked against brute force by its definition,
written here on its own (options listed cell by cell), and against docs/math.md's closed forms."""

from __future__ import annotations

import json
import random
from math import isqrt

import numpy as np
import pytest

from explorer.cli import main
from explorer.core.analysis.compare import MAX_CELLS, compare
from explorer.core.game.sequence import lower
from explorer.core.protocol import Valued
from explorer.core.rules import OutOfBounds, RuleError, UnknownRule, parse_rule
from explorer.core.rules.recursion import AlteredRule, cold_square
from tests.oracles import cold_table, grundy_table, terminal_two_pairs

WYTHOFF_RAYS = ((1, 0), (0, 1), (1, 1))


def options(x: int, y: int, rays=WYTHOFF_RAYS, jumps=()) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    """Every cell one move from (x, y), once: any positive multiple of a ray, or a jump (a jump along
    a ray, such as (0, 2) beside (0, 1), is no other option)."""
    out = {(x - t * p, y - t * q) for p, q in rays for t in range(1, x + y + 1) if t * p <= x and t * q <= y}
    return sorted(out | {(x - i, y - j) for i, j in jumps if i <= x and j <= y})


def by_definition(n: int, decide, rays=WYTHOFF_RAYS, jumps=()) -> np.ndarray:  # type: ignore[no-untyped-def]
    """cold[x, y] on [0, n)^2, cells in order of x + y, `decide(x, y, cold options)`."""
    cold = np.zeros((n, n), dtype=bool)
    for s in range(2 * n - 1):
        for x in range(max(0, s - n + 1), min(s, n - 1) + 1):
            y = s - x
            cold[x, y] = decide(x, y, sum(bool(cold[t]) for t in options(x, y, rays, jumps)))
    return cold


def blocked(n: int, k: int, rays=WYTHOFF_RAYS, jumps=()) -> np.ndarray:  # type: ignore[no-untyped-def]
    return by_definition(n, lambda x, y, c: c < k, rays, jumps)


# ----- k-blocking --------------------------------------------------------------------------------------
def blocked_by_counts(n: int, k: int) -> list[list[bool]]:
    """k-blocking Wythoff on [0, n)^2 by the definition, in plain Python: a cell's options on a row,
    a column or a diagonal are the cells of that line below it, so a running count of cold cells
    per line gives how many of its options are cold."""
    cold = [[False] * n for _ in range(n)]
    col = [0] * n  # cold cells so far in column x, below
    row = [0] * n  # cold cells so far in row y, to the left
    diag: dict[int, int] = {}
    for x in range(n):
        for y in range(n):
            c = col[x] + row[y] + diag.get(y - x, 0)
            if c < k:
                cold[x][y] = True
                col[x] += 1
                row[y] += 1
                diag[y - x] = diag.get(y - x, 0) + 1
    return cold


@pytest.mark.parametrize("k", [1, 2, 3, pytest.param(4, marks=pytest.mark.slow), 5, 7, 10, 13, 20])
def test_blocking_by_brute_force_on_512_squared(k):
    n = 512
    rule = parse_rule(f"block:{k};n={n}")
    assert np.array_equal(cold_square(rule, n), np.array(blocked_by_counts(n, k)))
    small = parse_rule(f"block:{k};n=48")
    for x, y in ((37, 21), (0, 0), (47, 47), (5, 30)):
        assert small.cold_options(x, y) == sum(bool(cold_square(small, 48)[t]) for t in options(x, y))
        assert small.position_note(x, y).startswith(f"{small.cold_options(x, y)} of its options")


@pytest.mark.parametrize(
    ("base", "rays", "jumps"),
    [
        ("maharaja", WYTHOFF_RAYS, ((1, 2), (2, 1))),
        ("nim", ((1, 0), (0, 1)), ()),
        ("gdwn:1,2", (*WYTHOFF_RAYS, (1, 2), (2, 1)), ()),
        ("vectors:rays=1,0 1,3;jumps=0,2", ((1, 0), (0, 1), (1, 3), (3, 1)), ((0, 2), (2, 0))),
        ("vectors:rays=1,1;jumps=1,0;n=40", ((1, 1),), ((1, 0), (0, 1))),  # no Nim ray: a square
    ],
)
@pytest.mark.parametrize("k", [2, 3, 6])
def test_blocking_over_other_moves_by_brute_force(base, rays, jumps, k):
    n = 40
    rule = parse_rule(f"block:{k};n={n}/{base}")
    assert np.array_equal(cold_square(rule, n), blocked(n, k, rays, jumps))


def blocked_by_lines(n: int, k: int, rays, jumps=()) -> np.ndarray:  # type: ignore[no-untyped-def]
    """k-blocking on [0, n)^2 by the definition, with a running count of cold cells along each
    line of each ray (a ray's options of (x, y) are the cells of its line through (x, y) with
    smaller x, or on a column smaller y), so squares of a few hundred are quick in plain Python. A
    jump along a ray is that ray's option already, and counted once."""
    along = [(i, j) for i, j in jumps if not any(i * q == j * p and i * p + j * q > 0 for p, q in rays)]
    cold = np.zeros((n, n), dtype=bool)
    lines: dict[tuple[int, int, int], int] = {}
    for x in range(n):
        for y in range(n):
            keys = [(p, q, q * x - p * y) if p else (0, 1, x) for p, q in rays]
            c = sum(lines.get(key, 0) for key in keys)
            c += sum(bool(cold[x - i, y - j]) for i, j in along if i <= x and j <= y)
            if c < k:
                cold[x, y] = True
                for key in keys:
                    lines[key] = lines.get(key, 0) + 1
    return cold


@pytest.mark.parametrize(
    ("base", "rays", "jumps", "ks", "n"),
    [
        pytest.param("gdwn:1,2", (*WYTHOFF_RAYS, (1, 2), (2, 1)), (), (1, 2, 3, 5, 10), 300, marks=pytest.mark.slow),
        ("gdwn:2,3", (*WYTHOFF_RAYS, (2, 3), (3, 2)), (), (2, 4), 300),  # lines in residues of 2 and 3
        (
            "vectors:rays=1,0 1,3;jumps=0,2 1,2",
            ((1, 0), (0, 1), (1, 3), (3, 1)),
            ((0, 2), (2, 0), (1, 2), (2, 1)),
            (2, 3),
            240,
        ),
        # free rows and diagonals interleave; more splits than leaps are kept for; a need past 2, pair by pair
        pytest.param("maharaja", WYTHOFF_RAYS, ((1, 2), (2, 1)), (2,), 400, marks=pytest.mark.slow),
        pytest.param("gdwn:1,2", (*WYTHOFF_RAYS, (1, 2), (2, 1)), (), (30,), 150, marks=pytest.mark.slow),
        pytest.param("wythoff", WYTHOFF_RAYS, (), (70,), 300, marks=pytest.mark.slow),
    ],
)
def test_the_column_sweep_leaps_by_every_line_and_finds_the_definitions_cells(base, rays, jumps, ks, n):
    """The sweep leaps over rows, diagonals and other rays' lines that are full, and scans 64 cells
    at a time where they interleave (on small squares rarely, so it is made to scan always too):
    its cells are the definition's, and it was not cut short."""
    from explorer.core.rules.blocking import BlockingColumns

    for k in ks:
        want = blocked_by_lines(n, k, rays, jumps)
        rule = parse_rule(f"block:{k};n={n}/{base}")
        assert rule.bound == n
        assert np.array_equal(cold_square(rule, n), want), k
        scanned = BlockingColumns(k, parse_rule(base), n, rounds=0)  # no leaps: every cell found by the scans
        assert np.array_equal(cold_square(scanned, n), want), (k, "scans")


@pytest.mark.slow  # 5 s of solving
def test_blocking_and_alterations_over_moves_with_rays_are_solved_far_out_by_default():
    """Issue 49: where the rule has Nim's rays, k-blocking is a generated sequence to 2^20 columns
    (2-blocking over Maharaja's moves: its free rows and diagonals interleave) or, over steeper rays,
    as far as its memory and work allow: more than the 2^13 columns it stopped at. Altered positions
    over steep rays leap along them too."""
    from explorer.core.rules.blocking import default_columns
    from explorer.core.rules.recursion import rays_and_jumps

    assert default_columns(2, rays_and_jumps(parse_rule("maharaja"))) == 1 << 20
    assert parse_rule("block:3/gdwn:1,2").bound >= 1 << 18
    for alteration in ("alter:terminal=2/gdwn:1,2", "alter:cold=(3,8)/gdwn:1,2"):  # its own mirror, and not
        assert parse_rule(alteration).bound >= 1 << 19, alteration  # its memory's size (it stopped at 2^14)


def _closed_form_columns(n: int, k: int) -> np.ndarray:
    """docs/math.md's cold cells of 2- and 3-blocking Wythoff, as each column's k rows (increasing),
    for the columns [0, n): k = 2: (0,0), (2,2), (x, 2x+1), (2a_m + 2, 2a_m + 2m + 2), and mirrors;
    k = 3: (0,0), (x, 2x+1), (x, 2x+2), and mirrors."""
    xs = np.arange(n, dtype=np.int64)
    pairs = [(np.array([0]), np.array([0])), (xs, 2 * xs + 1)]
    if k == 3:
        pairs.append((xs, 2 * xs + 2))
    else:
        m = np.arange(1, n // 3 + 2, dtype=np.int64)
        a = np.array([lower(int(v)) for v in m], dtype=np.int64)
        pairs += [(np.array([2]), np.array([2])), (2 * a + 2, 2 * a + 2 * m + 2)]
    u = np.concatenate([p for p, q in pairs] + [q for p, q in pairs])
    v = np.concatenate([q for p, q in pairs] + [p for p, q in pairs])
    wide = int(v.max()) + 1
    keys = np.sort(u[u < n] * wide + v[u < n])
    keys = keys[np.concatenate(([True], keys[1:] != keys[:-1]))]  # a cell on the diagonal is its own mirror
    cols, rows = keys // wide, keys % wide
    assert np.array_equal(np.bincount(cols, minlength=n), np.full(n, k))  # exactly k a column
    return rows.reshape(n, k)


@pytest.mark.slow
@pytest.mark.parametrize("k", [2, 3])
def test_two_and_three_blocking_have_their_closed_forms_far_out(k):
    """`block:k` answers from the closed forms at any size (issue 64: a far cell was refused past 2^20
    columns); on 2^20 columns (`;n=`), filled by the same forms, every count and cell agrees with
    the columns worked out here, and far out the cells are the forms' own."""
    n = 1 << 20
    rule, columns = parse_rule(f"block:{k}"), parse_rule(f"block:{k};n={n}")
    assert rule.bound is None and rule.key == f"block:{k}" and columns.bound == n
    want = _closed_form_columns(n, k)
    assert np.array_equal(np.sort(columns.cells, axis=1), want)
    assert rule.count(n - 1, n - 1) == columns.count(n - 1, n - 1) == int(np.count_nonzero(want < n))
    for x in (n // 2 - 7, n // 3 + 1):  # cold exactly at its column's cells, and not beside them
        for y in want[x]:
            if y < n:
                assert rule.is_cold(x, int(y)) and rule.is_cold(int(y), x)
                assert not rule.is_cold(x, int(y) + 1) or int(y) + 1 in want[x]
    far = 10**40 + 7
    assert rule.is_cold(far, 2 * far + 1) and rule.is_cold(2 * far + 1, far)
    assert rule.is_cold(far, 2 * far + 2) == (k == 3) and not rule.is_cold(far, 2 * far + 3)
    if k == 2:  # the doubled pairs: (2a + 2, 2b + 2) for Wythoff's (a, b), n >= 1
        from math import isqrt

        m = 10**30
        a = (m + isqrt(5 * m * m)) // 2
        assert rule.is_cold(2 * a + 2, 2 * (a + m) + 2) and not rule.is_cold(2 * a + 2, 2 * (a + m) + 4)


@pytest.mark.slow
@pytest.mark.parametrize(("k", "n"), [(2, 1 << 18), (3, 1 << 20)])
def test_the_sweep_finds_the_closed_forms(k, n):
    """The column sweep, made to walk where the closed form would fill the columns, finds the same
    cells: the closed forms are checked against the game's recursion far out, not only on 512²."""
    from explorer.core.rules.blocking import BlockingColumns
    from explorer.core.rules.closed import Wythoff

    swept = BlockingColumns(k, Wythoff(), n, closed=False)
    assert np.array_equal(np.sort(swept.cells, axis=1), _closed_form_columns(n, k))


def test_blocking_refuses_what_would_not_fit_and_names_what_does():
    with pytest.raises(UnknownRule, match=r"columns fit in 1,024 MiB"):
        parse_rule("block:40;n=4194304")
    with pytest.raises(UnknownRule, match="side 4,096 at most"):
        parse_rule("block:2;n=100000/vectors:rays=1,1;jumps=1,0;n=40")


# ----- altered positions -------------------------------------------------------------------------------
def test_altered_cells_by_brute_force():
    rng = random.Random(49)
    n = 40
    for _ in range(6):
        cold = {(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 3))}
        hot = {(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 3))} - cold
        terminal = rng.choice([None, 0, 1, 2, 5])
        if not cold and not hot and terminal is None:
            terminal = 3
        fields = []
        if cold:
            fields.append("cold=" + "".join(f"({x},{y})" for x, y in sorted(cold)))
        if hot:
            fields.append("hot=" + "".join(f"({x},{y})" for x, y in sorted(hot)))
        if terminal is not None:
            fields.append(f"terminal={terminal}")
        rule = parse_rule("alter:" + ";".join(fields) + f";n={n}")

        def decide(x, y, c, cold=cold, hot=hot, terminal=terminal):  # type: ignore[no-untyped-def]
            if (x, y) in hot:
                return False
            return (x, y) in cold or (terminal is not None and x + y <= terminal) or c == 0

        assert np.array_equal(cold_square(rule, n), by_definition(n, decide)), rule.key
        assert parse_rule(rule.key) == rule


def altered_by_flags(n: int, cold: set, hot: set, terminal: int | None) -> np.ndarray:
    """Altered Wythoff on [0, n)^2 by the definition in plain Python: declared cells as declared,
    the rest cold iff no cold cell lies behind on its row, column or diagonal (a flag per line)."""
    table = np.zeros((n, n), dtype=bool)
    col, row, diag = [False] * n, [False] * n, {}
    for x in range(n):
        for y in range(n):
            declared = (x, y) in cold or (terminal is not None and x + y <= terminal)
            c = (x, y) not in hot and (declared or not (col[x] or row[y] or diag.get(y - x)))
            if c:
                table[x, y] = col[x] = row[y] = diag[y - x] = True
    return table


@pytest.mark.parametrize("seed", range(6))
def test_symmetric_alterations_by_columns_against_the_definition_on_300_squared(seed):
    """Alterations that are their own mirror image are solved column by column (2^20 columns; 2^19
    where a large terminal set puts many cold cells in a column, each taking room in every column
    of the walk); each against the definition, and against the square's own solve over other moves."""
    rng = random.Random(seed)
    n = 300
    cold = {(rng.randrange(40), rng.randrange(40)) for _ in range(rng.randint(0, 3))}
    hot = {(rng.randrange(40), rng.randrange(40)) for _ in range(rng.randint(0, 3))} - cold
    cold |= {(y, x) for x, y in cold}
    hot = (hot | {(y, x) for x, y in hot}) - cold
    terminal = rng.choice([None, 0, 1, 2, 5, 9])
    if not cold and not hot and terminal is None:
        terminal = 2
    fields = [f"cold={''.join(f'({x},{y})' for x, y in sorted(cold))}"] if cold else []
    fields += [f"hot={''.join(f'({x},{y})' for x, y in sorted(hot))}"] if hot else []
    fields += [f"terminal={terminal}"] if terminal is not None else []
    rule = parse_rule("alter:" + ";".join(fields))
    assert type(rule).__name__ == "AlteredColumns"
    assert rule.bound == 1 << 20 or (rule.bound == 1 << 19 and (terminal or 0) >= 5)
    assert np.array_equal(cold_square(rule, n), altered_by_flags(n, cold, hot, terminal)), rule.key
    assert parse_rule(rule.key) == rule
    for base in ("maharaja", "gdwn:1,2"):
        over = parse_rule("alter:" + ";".join(fields) + f";n=200/{base}")
        square = AlteredRule(parse_rule(base), over.cold_cells, over.hot_cells, over.terminal, 200)
        assert np.array_equal(cold_square(over, 200), square.table), over.key


def nim_altered_by_flags(n: int, cold: set, hot: set) -> np.ndarray:
    """Altered Nim on [0, n)^2 by the definition: a cell is cold iff nothing cold lies on its row
    or column behind it, unless declared."""
    table = np.zeros((n, n), dtype=bool)
    col, row = [False] * n, [False] * n
    for x in range(n):
        for y in range(n):
            c = (x, y) not in hot and ((x, y) in cold or not (col[x] or row[y]))
            if c:
                table[x, y] = col[x] = row[y] = True
    return table


@pytest.mark.parametrize("seed", range(8))
def test_any_alteration_by_columns_against_the_definition_on_300_squared(seed):
    """An alteration that is not its own mirror image is solved by columns too (2^20 columns), over
    Wythoff's moves and Nim's: each against the definition, with its winning moves."""
    rng = random.Random(1000 + seed)
    n = 300
    cold = {(rng.randrange(60), rng.randrange(60)) for _ in range(rng.randint(1, 4))}
    hot = {(rng.randrange(60), rng.randrange(60)) for _ in range(rng.randint(0, 4))} - cold
    if seed == 0:
        cold, hot = {(3, 4), (10, 12)}, {(5, 5)}  # the example
    terminal = rng.choice([None, None, 0, 2, 5])
    fields = [f"cold={''.join(f'({x},{y})' for x, y in sorted(cold))}"]
    fields += [f"hot={''.join(f'({x},{y})' for x, y in sorted(hot))}"] if hot else []
    fields += [f"terminal={terminal}"] if terminal is not None else []
    columns = 1 << 20 if seed == 0 else 2048  # the default once; each rule below is made twice
    rule = parse_rule("alter:" + ";".join(fields) + ("" if seed == 0 else f";n={columns}"))
    assert type(rule).__name__ == "AlteredColumns" and rule.bound == columns, rule.key
    want = altered_by_flags(n, cold, hot, terminal)
    assert np.array_equal(cold_square(rule, n), want), rule.key
    assert parse_rule(rule.key) == rule
    for x, y in [(rng.randrange(n // 2), rng.randrange(n // 2)) for _ in range(40)]:
        cold_options = {t for t in options(x, y) if want[t]}
        moves = {m.target for m in rule.winning_moves(x, y)}
        assert moves == (set() if want[x, y] else cold_options), (x, y)
    if terminal is None:
        nim = parse_rule("alter:" + ";".join(fields) + ";n=2048/nim")
        assert type(nim).__name__ == "AlteredColumns"
        assert np.array_equal(cold_square(nim, n), nim_altered_by_flags(n, cold, hot)), nim.key


@pytest.mark.parametrize(
    ("base", "rays", "jumps"),
    [
        ("maharaja", WYTHOFF_RAYS, ((1, 2), (2, 1))),
        ("gdwn:1,2", (*WYTHOFF_RAYS, (1, 2), (2, 1)), ()),
        ("vectors:rays=1,0 1,3;jumps=0,2 2,1", ((1, 0), (0, 1), (1, 3), (3, 1)), ((2, 1), (1, 2))),
    ],
)
@pytest.mark.parametrize("seed", range(3))
@pytest.mark.slow  # nine brute-force squares, 1.5-4 s each: make test's, not the inner loop's
def test_any_alteration_over_other_moves_by_columns_against_the_definition(base, rays, jumps, seed):
    """Over other rays and jumps too: each ray's lines flagged, each jump looked up, on 120²."""
    rng = random.Random(2000 + seed)
    n = 120
    cold = {(rng.randrange(30), rng.randrange(30)) for _ in range(rng.randint(1, 3))}
    hot = {(rng.randrange(30), rng.randrange(30)) for _ in range(rng.randint(0, 3))} - cold
    fields = [f"cold={''.join(f'({x},{y})' for x, y in sorted(cold))}"]
    fields += [f"hot={''.join(f'({x},{y})' for x, y in sorted(hot))}"] if hot else []
    rule = parse_rule("alter:" + ";".join(fields) + f";n=1024/{base}")
    assert type(rule).__name__ == "AlteredColumns", rule.key

    def decide(x, y, c):  # type: ignore[no-untyped-def]
        return (x, y) not in hot and ((x, y) in cold or c == 0)

    want = by_definition(n, decide, rays, jumps)
    assert np.array_equal(cold_square(rule, n), want), rule.key
    for x, y in [(rng.randrange(n), rng.randrange(n)) for _ in range(30)]:
        moves = {m.target for m in rule.winning_moves(x, y)}
        assert moves == (set() if want[x, y] else {t for t in options(x, y, rays, jumps) if want[t]}), (x, y)


@pytest.mark.parametrize("mirrored", [True, False])
def test_cells_declared_past_every_row_the_walk_decides_change_nothing_and_cost_nothing(mirrored):
    """A cell declared at row 10^6 with 1024 columns: no cell the walk decides can move to it (a
    move lowers a pile), so the cells are those of the alteration without it, in the memory of
    that one. The walk's rows reached the declared row: a soak clicked (865449, 6381776) in the
    Alter mode, and the window's memory rose by 400 MiB."""
    import tracemalloc

    near, far = "(3,4)(4,3)" if mirrored else "(3,4)", "(10,1000000)(1000000,10)" if mirrored else "(10,1000000)"

    def made(cells: str) -> tuple[object, int]:
        tracemalloc.start()
        try:
            rule = parse_rule(f"alter:cold={cells};hot=(5,5);n=1024/maharaja")
            return rule, tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    plain, plain_peak = made(near)
    with_far, far_peak = made(near + far)
    assert type(with_far).__name__ == "AlteredColumns"
    assert np.array_equal(cold_square(with_far, 1024), cold_square(plain, 1024))
    assert far_peak < plain_peak + (16 << 20), (far_peak, plain_peak)  # the walk's rows to 10^6: +140 MiB


@pytest.mark.parametrize("base", ["wythoff", "gdwn:1,3"])
@pytest.mark.parametrize("cells", ["cold=(3,4)(4,3)", "terminal=2"])
def test_the_walks_memory_is_known_before_it_starts_and_the_default_keeps_to_its_budget(base, cells):
    """`walk_bytes` against the peak tracemalloc sees (it said 144 MiB for Wythoff's 2^20 columns,
    which took 190; 176 for gdwn:1,3's, which took 270, beside a window's caches in a long soak; and
    113 MiB for terminal=2's, which took 152: three cold cells in column 0 take room in every
    column), and the default size halved while the walk would pass ALTER_BYTES."""
    import tracemalloc

    from explorer.core.rules import altered

    spec = altered.rays_and_jumps(parse_rule(base))
    parse_rule(f"alter:cold=(1,2)(2,1);n=1024/{base}")  # the base's sequence and the kernels, before
    tracemalloc.start()
    try:
        rule = parse_rule(f"alter:{cells};n={1 << 16}/{base}")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    cap = altered.column_cap(altered.declared_cold(rule.cold_cells, rule.terminal))
    said = altered.walk_bytes(1 << 16, spec, cap)
    assert 0.8 <= said / peak <= 1.25, (said, peak)
    columns = altered.default_columns(spec, cap)
    assert parse_rule(f"alter:{cells}/{base}").bound == columns
    budget = altered.ALTER_BYTES
    assert altered.walk_bytes(columns, spec, cap) <= budget
    assert columns == altered.ALTER_COLUMNS or altered.walk_bytes(2 * columns, spec, cap) > budget


@pytest.mark.parametrize("cells", ["cold=(3,4)(4,3)", "cold=(3,4);hot=(8,13)"], ids=["mirrored", "any"])
def test_a_default_sized_walk_whose_cells_pass_its_rows_keeps_the_columns_before(monkeypatch, cells):
    """The walk keeps rows for the cells its moves can reach (about (1.25 + the steepest ray)·x):
    where a cell lies past them, a default-sized walk keeps the power of two of columns before it,
    named in its key; an n typed is refused with a reason. (Rows made too few on purpose here: as
    many as the columns and 40 more. Of 2^20 columns, Wythoff's cells near φ·x pass the rows at
    about x = 648 000, so 2^19 columns are kept.)"""
    from explorer.core.rules import altered

    monkeypatch.setattr(altered, "walk_rows", lambda columns, spec: columns + 40)
    rule = parse_rule(f"alter:{cells}")
    assert rule.bound == 1 << 19 and f";n={1 << 19}" in rule.key
    square = AlteredRule(parse_rule("wythoff"), rule.cold_cells, rule.hot_cells, None, 128)
    assert np.array_equal(cold_square(rule, 128), square.table)
    with pytest.raises(RuleError, match="solve fewer columns"):
        parse_rule(f"alter:{cells};n=4096")
    monkeypatch.undo()  # the columns kept are whole: as a walk of 2^19 columns with its own rows finds them
    whole, b = parse_rule(f"alter:{cells};n={1 << 19}"), rule.bound
    assert whole.cold_count(b - 1, b - 1) == rule.cold_count(b - 1, b - 1)
    assert all(whole.cold_count(x, y) == rule.cold_count(x, y) for x in (b // 3, b - 1) for y in range(0, b, 9973))


def test_the_walks_arrays_are_written_without_the_gil():
    """The walks' arrays of tens of MiB are filled by compiled loops that let the GIL go (numpy's
    tile held it for 157 ms while fresh pages were faulted in: the window stalled 369 ms in a soak
    while an alteration was solved on a worker), and hold what numpy's would."""
    from explorer.core.rules import block_kernel

    assert np.array_equal(block_kernel.full((5, 3), -1), np.full((5, 3), -1, dtype=np.int32))
    assert np.array_equal(block_kernel.full(7, 12), np.full(7, 12, dtype=np.int32))
    assert np.array_equal(block_kernel.counting(3, 9), np.tile(np.arange(9, dtype=np.int32), (3, 1)))
    assert block_kernel.full(4, 0).dtype == block_kernel.counting(1, 4).dtype == np.int32
    assert block_kernel._fill.targetoptions["nogil"] and block_kernel._count_up.targetoptions["nogil"]


@pytest.mark.slow
def test_an_asymmetric_alteration_by_columns_agrees_with_the_square_solve_on_2048_squared():
    """The walk from row 0 against the square's own solve (antidiagonals, no columns) on 2048²,
    and a declared cell far from the origin; 2^22 columns when asked."""
    rule = parse_rule("alter:cold=(3,4)(10,12)(1500,7);hot=(5,5)(900,1456)")
    square = AlteredRule(parse_rule("wythoff"), rule.cold_cells, rule.hot_cells, None, 2048)
    assert np.array_equal(cold_square(rule, 2048), square.table)
    assert rule.cold_count(2047, 2047) == int(square.table.sum())
    assert parse_rule("alter:cold=(3,4);n=4194304").bound == 1 << 22


@pytest.mark.slow
def test_the_terminal_set_far_out_agrees_with_a_translate_of_wythoff():
    """docs/math.md: a finite alteration is forgotten far out, in density, up to a shift."""
    from explorer.core.analysis.compare import best_translation

    rule = parse_rule("alter:terminal=2;n=4194304")  # 2^22 columns
    assert rule.bound == 1 << 22 and rule.is_cold(1, 1) and not rule.is_cold(3, 5)
    shift = best_translation(parse_rule("wythoff"), rule, 4096)
    assert shift.agreement > 0.95 and (shift.dx, shift.dy) != (0, 0)


def test_the_terminal_set_x_plus_y_at_most_two_starts_as_the_papers_say():
    """Komaki, Miyadera and Murakami's first upper cold cells of the terminal set x + y <= 2 (docs/math.md),
    checked by brute force first, then against the rule."""
    n = 40
    brute = by_definition(n, lambda x, y, c: x + y <= 2 or c == 0)
    upper = sorted((x, y) for x in range(n) for y in range(x + 1, n) if brute[x, y] and x + y > 2)
    assert upper[:7] == [(3, 6), (4, 8), (5, 10), (7, 13), (9, 16), (11, 19), (12, 21)]
    rule = parse_rule("alter:terminal=2")
    assert np.array_equal(cold_square(rule, n), brute)
    assert rule.is_terminal(1, 1) and not rule.is_terminal(3, 6)
    assert "x + y ≤ 2" in rule.position_note(1, 1) and rule.position_note(3, 6) == ""
    declared = parse_rule("alter:cold=(3,4);hot=(5,5);n=64")
    assert "cold" in declared.position_note(3, 4) and "hot" in declared.position_note(5, 5)


@pytest.mark.slow
def test_the_terminal_set_x_plus_y_at_most_two_follows_hofstadters_g_far_out():
    """Komaki, Miyadera and Murakami write the cold cells of terminal set x + y <= 2 with Hofstadter's G
    (tests/oracles.py). Their description is first checked by brute force on 160², then trusted against
    the column sweep over all 2^20 columns: each pair cold, and no other cell (the counts agree)."""
    n = 160
    brute = altered_by_flags(n, set(), set(), 2)  # the definition, a flag per line (by_definition: 3.5 s)
    assert np.array_equal(brute[:60, :60], by_definition(60, lambda x, y, c: x + y <= 2 or c == 0))
    described = np.zeros_like(brute)
    described[[0, 0, 1, 0, 1, 2], [0, 1, 0, 2, 1, 0]] = True
    for a, b in terminal_two_pairs(n):
        for x, y in ((a, b), (b, a)):
            if x < n and y < n:
                described[x, y] = True
    assert np.array_equal(described, brute)
    rule = parse_rule("alter:terminal=2")
    m = rule.bound
    pairs = np.array(terminal_two_pairs(m * 5 // 8 + 2)[1:], dtype=np.int64)  # past m/φ: every pair in [0, m)²
    a, b = pairs[pairs[:, 1] < m].T
    assert (a < b).all() and pairs[-1, 0] >= m
    assert rule.is_cold_many(np.concatenate([a, b]), np.concatenate([b, a])).all()
    assert rule.cold_count(m - 1, m - 1) == 2 * len(a) + 6  # the pairs from n = 2 on, and the terminal cells


# ----- one pass --------------------------------------------------------------------------------------
def test_one_pass_by_brute_force_of_the_three_coordinate_game():
    n = 60
    plain = by_definition(n, lambda x, y, c: c == 0)  # the pass used: Wythoff
    with_pass = by_definition(n, lambda x, y, c: c == 0 and not ((x, y) != (0, 0) and plain[x, y]))
    rule = parse_rule("pass")
    assert np.array_equal(cold_square(rule, n), with_pass)
    assert rule.pass_wins(3, 5) and not rule.pass_wins(0, 0) and not rule.pass_wins(5, 7)


def test_one_pass_on_300_squared_by_the_definition():
    """(x, y, 1) is cold iff no move reaches a cold (x', y', 1) and passing, to (x, y, 0), does not
    win: a flag per row, column and diagonal says whether a cold cell with the pass unused lies
    behind (tests.oracles.cold_table's way), and Wythoff's own table says where passing wins."""
    n = 300
    plain = cold_table(n)
    cold = np.zeros((n, n), dtype=bool)
    col, row, diag = [False] * n, [False] * n, {}
    for x in range(n):
        for y in range(n):
            if not (col[x] or row[y] or diag.get(y - x)) and ((x, y) == (0, 0) or not plain[x][y]):
                cold[x, y] = col[x] = row[y] = diag[y - x] = True
    for key in ("pass", "pass:n=300"):
        rule = parse_rule(key)
        assert np.array_equal(cold_square(rule, n), cold)
        for x, y in ((0, 0), (1, 3), (3, 5), (250, 299), (17, 4)):
            passes = [(x, y)] if plain[x][y] and (x, y) != (0, 0) and not cold[x, y] else []  # the pass, last
            assert [m.target for m in rule.winning_moves(x, y)] == sorted(
                t for t in options(x, y) if cold[t] and not cold[x, y]
            ) + passes


@pytest.mark.slow
def test_one_pass_at_a_million_against_the_value_sequences():
    """Far out the game with the pass unused is cold exactly at the cells of value 1: checked
    against the Grundy values the program's one place answers (its own value sequences), and
    every hot cell there either has a winning move or wins by passing (value 0)."""
    from explorer.core.value_source import command_values

    rule = parse_rule("pass")
    values = command_values(parse_rule("wythoff"))

    def g(x: int, y: int) -> int:
        """G(x, y), or 2 where it is known to be 2 or more (refused past the command's values)."""
        found = values.answer(x, y)
        assert found.value is not None or (found.above or 0) >= 2
        return found.value if found.value is not None else 2

    rng = random.Random(1_000_000)
    top = rule.bound - 1
    for _ in range(12):
        x = rng.randrange(10**6 - 1000, 10**6)
        assert rule.count(x, 0, x, top) <= 1  # a column holds one cell of value 1 (here or above)
        lo, hi = 0, top  # the column's cold cell, by halving its counts
        while lo < hi and rule.count(x, 0, x, top):
            mid = (lo + hi) // 2
            lo, hi = (lo, mid) if rule.count(x, lo, x, mid) else (mid + 1, hi)
        if rule.count(x, 0, x, top):
            assert rule.is_cold(x, lo) and g(x, lo) == 1
        for y in (max(lo - 1, 0), lo + 1, rng.randrange(rule.bound), rng.randrange(x - 10, x + 10)):
            hot = not rule.is_cold(x, y)
            assert hot == (g(x, y) != 1)
            assert hot == (bool(rule.winning_moves(x, y)) or rule.pass_wins(x, y))
            assert rule.pass_wins(x, y) == (g(x, y) == 0)


def test_one_pass_is_grundy_value_one_with_thirteen_exceptions():
    """docs/math.md: (x, y, 1) is cold iff G(x, y) = 1, or (0, 0), or (1,3), (2,5), (6,7) or their
    mirrors, except (0,1), (2,2), (3,6), (5,7) and their mirrors."""
    n = 150
    g = grundy_table(n)
    extra = {(1, 3), (2, 5), (6, 7)}
    extra |= {(y, x) for x, y in extra}
    less = {(0, 1), (2, 2), (3, 6), (5, 7)}
    less |= {(y, x) for x, y in less}
    want = {(x, y) for x in range(n) for y in range(n) if g[x][y] == 1} | extra | {(0, 0)}
    want -= less
    assert len(extra | less) == 13  # with (0, 0), the cells where value 1 does not decide
    rule = parse_rule("pass")
    xs, ys = np.nonzero(cold_square(rule, n))
    assert set(zip(xs.tolist(), ys.tolist(), strict=True)) == want
    assert {c for c, change in rule.changes.items() if change < 0} == less
    assert {c for c, change in rule.changes.items() if change > 0} == extra | {(0, 0)}


# ----- the ⋆-operator ----------------------------------------------------------------------------------
def _star(cold: np.ndarray) -> np.ndarray:
    n = cold.shape[0]
    jumps = [(i, j) for i in range(n) for j in range(n) if cold[i, j] and (i, j) != (0, 0)]
    return by_definition(n, lambda x, y, c: c == 0, rays=(), jumps=tuple(jumps))


def test_star_by_brute_force():
    n = 40
    wythoff = by_definition(n, lambda x, y, c: c == 0)
    once = _star(wythoff)
    assert np.array_equal(parse_rule(f"star:n={n}/wythoff").table, once)
    upper = sorted(((x, y) for x in range(n) for y in range(x, n) if once[x, y] and y > 0), key=lambda c: (sum(c), c))
    assert upper[:4] == [(0, 1), (0, 2), (1, 1), (0, 3)]  # docs/math.md's first cells
    assert {(3, 3), (3, 4), (4, 4), (6, 6), (8, 8), (8, 9)} <= set(upper)
    assert np.array_equal(parse_rule(f"star:n={n}/star:n={n}/wythoff").table, _star(once))


def test_star_star_is_the_game_itself_for_wythoff_and_nim():
    n = 256
    twice = parse_rule(f"star:n={n}/star:n={n}/wythoff")
    xs, ys = np.nonzero(twice.table)
    assert all(parse_rule("wythoff").is_cold(int(x), int(y)) for x, y in zip(xs, ys, strict=True))
    assert twice.count(n - 1, n - 1) == parse_rule("wythoff").count(n - 1, n - 1)
    nim = parse_rule("star:n=128/star:n=128/nim")
    assert np.array_equal(nim.table, np.eye(128, dtype=bool))


# ----- what every one of them is -----------------------------------------------------------------------
@pytest.mark.parametrize(
    "key",
    ["block:3;n=64", "block:5;n=64/maharaja", "alter:cold=(3,4)(10,12);hot=(5,5);n=64", "alter:terminal=2;n=64",
     "pass:n=64", "pass:n=64/maharaja", "star:n=64/wythoff", "star:n=64/star:n=64/wythoff"],
)  # fmt: skip
def test_each_names_itself_answers_hot_and_cold_only_and_refuses_beyond_its_square(key):
    rule = parse_rule(key)
    assert parse_rule(rule.key) == rule and rule.key == key
    assert not isinstance(rule, Valued)  # no Sprague-Grundy value of the base's kind
    cold = cold_square(rule, 64)
    for x, y in [(0, 0), (3, 5), (10, 20), (63, 63)]:
        assert rule.is_cold(x, y) == bool(cold[x, y])
        assert bool(rule.winning_moves(x, y)) == (not cold[x, y] and any(cold[t] for t in rule.legal_moves(x, y)))
    with pytest.raises(OutOfBounds, match=r"\[0, 64\)"):
        rule.is_cold(64, 0)


@pytest.mark.parametrize(
    ("text", "says"),
    [("block:0", "from 1"), ("block:x", "whole number"), ("block:3/misere", "normal play"),
     ("block:3/wythoff:2", "move-vector"), ("alter:", "cells to change"), ("alter:cold=(3,x)", "(x,y)"),
     ("alter:cold=(1,1);hot=(1,1)", "both cold and hot"), ("star", "star:RULE"), ("pass:bogus", "unknown rule"),
     ("block:3;m=4", "block:K")],
)  # fmt: skip
def test_bad_spellings_are_refused_in_one_sentence(text, says):
    with pytest.raises(UnknownRule, match=None) as caught:
        parse_rule(text)
    assert says in str(caught.value)


# ----- two rules compared ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("first", "second", "rect"),
    [("wythoff", "block:2;n=4096", (0, 0, 100, 120)), ("wythoff", "nim", (5, 3, 70, 90)),
     ("alter:terminal=2", "wythoff", (0, 0, 200, 200)), ("wythoff", "wythoff:2", (10, 10, 300, 40))],
)  # fmt: skip
def test_compare_counts_each_kind_by_the_cells_themselves(first, second, rect):
    a, b = parse_rule(first), parse_rule(second)
    x0, y0, x1, y1 = rect
    cells = [(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)]
    in_a = {c for c in cells if a.is_cold(*c)}
    in_b = {c for c in cells if b.is_cold(*c)}
    got = compare(a, b, *rect)
    assert (got.both, got.first_only, got.second_only) == (len(in_a & in_b), len(in_a - in_b), len(in_b - in_a))


def test_compare_counts_far_past_int64_by_the_cells_themselves():
    """A rectangle compared far out (its cells past int64; once an OverflowError): each kind counted
    against the two rules' own judgements cell by cell."""
    first, second = parse_rule("wythoff"), parse_rule("wythoff:2")
    lo = (10**30 + isqrt(5 * 10**60)) // 2 - 20  # near the cold cell of difference 10^30
    x0, y0, x1, y1 = lo, lo + 10**30 - 10, lo + 40, lo + 10**30 + 30
    got = compare(first, second, x0, y0, x1, y1)
    judged = [(first.is_cold(x, y), second.is_cold(x, y)) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)]
    assert (got.both, got.first_only, got.second_only) == (
        sum(a and b for a, b in judged),
        sum(a and not b for a, b in judged),
        sum(b and not a for a, b in judged),
    )
    assert got.both + got.first_only > 0


def test_compare_on_the_command_line(capsys):
    assert main(["compare", "wythoff", "block:2;n=4096", "0", "0", "100", "120", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    got = compare(parse_rule("wythoff"), parse_rule("block:2;n=4096"), 0, 0, 100, 120)
    assert doc == {"both": got.both, "first_only": got.first_only, "second_only": got.second_only}
    assert main(["compare", "wythoff", "nim", "0", "0", "10", "10"]) == 0
    assert capsys.readouterr().out.splitlines() == ["both 1", "first_only 8", "second_only 10"]
    side = int(MAX_CELLS**0.5) + 1
    for argv, says in (
        (["compare", "wythoff", "nim", "0", "0", str(side), str(side)], "at most"),
        (["compare", "wythoff", "block:2;n=1024", "0", "0", "5000", "3"], "[0, 1,024)"),
        (["compare", "wythoff", "bogus", "0", "0", "1", "1"], "unknown rule"),
        (["compare", "wythoff", "nim", "9", "0", "1", "1"], "empty"),
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert says in err and err.count("\n") == 1


def test_the_best_translation_is_the_shift_laying_most_cells_on_one_another():
    from explorer.core.analysis.compare import best_translation

    n, reach = 80, 3
    a, b = parse_rule("wythoff"), parse_rule("alter:terminal=2")
    cold_a = {(x, y) for x in range(n) for y in range(n) if a.is_cold(x, y)}
    cold_b = {(x, y) for x in range(n) for y in range(n) if b.is_cold(x, y)}
    matched = {
        (dx, dy): len({(x + dx, y + dy) for x, y in cold_a} & cold_b)
        for dx in range(-reach, reach + 1)
        for dy in range(-reach, reach + 1)
    }
    t = best_translation(a, b, n, reach)
    assert t.matched == max(matched.values()) == matched[(t.dx, t.dy)]
    assert (t.first, t.second) == (len(cold_a), len(cold_b))
    same = best_translation(a, a, n, reach)
    assert (same.dx, same.dy, same.agreement) == (0, 0, 1.0)


@pytest.mark.parametrize("key", ["pass:n=64", "block:2;n=64", "alter:terminal=2;n=64"])
def test_no_game_is_played_where_a_game_has_steps_the_board_does_not_show(key):
    from explorer.core.analysis.play import Game
    from explorer.core.protocol import ExtraSteps, RuleError
    from explorer.core.render.animation import perfect_game

    rule = parse_rule(key)
    assert isinstance(rule, ExtraSteps)
    for start in [(2, 1), (5, 7)]:
        with pytest.raises(RuleError, match="games are not played"):
            Game(rule, start)
        with pytest.raises(RuleError, match="games are not played"):
            perfect_game(rule, start, None)


def test_a_star_game_is_played_on_the_board():
    from explorer.core.analysis.play import Game

    rule = parse_rule("star:n=64/wythoff")
    game = Game(rule, (20, 30), human_first=False)
    while not game.over:
        game.computer_move()
    assert rule.is_cold(20, 30) == (len(game.movers) % 2 == 0)  # the player to move at the start lost iff cold


def test_why_rings_every_cold_option_where_the_rules_own_recursion_decides():
    from explorer.core.analysis.construction import why

    rule = parse_rule("block:2;n=64")
    cold = cold_square(rule, 64)
    for x, y in [(16, 10), (5, 7), (20, 30)]:
        w = why(rule, x, y)
        want = {t for t in options(x, y) if cold[t]}
        assert set(w.targets) == want and w.cold == bool(cold[x, y])
        assert f"{len(want)} of its options" in w.sentences[0] and "block" in w.sentences[1]
    plain = why(parse_rule("wythoff"), 5, 7)  # the plain recursion: the winning moves' targets
    assert set(plain.targets) == {(3, 5), (4, 7), (5, 3)}


@pytest.mark.parametrize("key", ["star:wythoff", "block:4;n=100000"])
def test_a_long_solve_reports_its_progress_and_stops_when_asked(key):
    seen: list[tuple[int, int]] = []
    rule = parse_rule(key, progress=lambda done, total: seen.append((done, total)) is None)
    assert rule == parse_rule(key) and len(seen) >= 3
    assert seen[-1][0] == seen[-1][1] == rule.bound and [d for d, _ in seen] == sorted(d for d, _ in seen)
    stopped: list[int] = []
    with pytest.raises(UnknownRule, match="cancelled"):
        parse_rule(key, progress=lambda done, total: stopped.append(done) is None and len(stopped) < 2)
    assert len(stopped) == 2  # it stopped at the report that said so


@pytest.mark.parametrize(
    ("first", "second", "view", "step"),
    [
        ("wythoff", "block:2;n=4096", (0, 0, 900, 700), 3),
        ("pass", "wythoff", (5, 9, 200, 150), 1),
        ("alter:terminal=2", "wythoff", (0, 0, 1024, 1024), 16),
        ("star:n=256/wythoff", "nim", (100, 0, 700, 500), 7),  # past the star game's square: grey
    ],
)
def test_the_comparison_picture_counts_each_kind_in_each_pixel(first, second, view, step):
    from explorer.core.analysis.compare import compare_picture

    a, b = parse_rule(first), parse_rule(second)
    picture = compare_picture(a, b, *view, step)
    bound = min(r.bound for r in (a, b) if r.bound is not None)
    rng = random.Random(7)
    for _ in range(25):
        i, j = rng.randrange(picture.nx), rng.randrange(picture.ny)
        x0, y0 = (picture.tx0 + i) * step, (picture.ty0 + j) * step
        got = picture.at(x0, y0)
        if x0 >= bound or y0 >= bound:
            assert got is None and not picture.known[j, i]
            continue
        x1, y1 = min(x0 + step, bound) - 1, min(y0 + step, bound) - 1
        cells = [(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)]
        want = (
            sum(a.is_cold(*c) and b.is_cold(*c) for c in cells),
            sum(a.is_cold(*c) and not b.is_cold(*c) for c in cells),
            sum(b.is_cold(*c) and not a.is_cold(*c) for c in cells),
        )
        assert got == want, (x0, y0)


def test_a_comparison_too_wide_to_compare_cell_by_cell_is_refused_saying_so():
    from explorer.core.analysis.compare import compare_picture

    with pytest.raises(RuleError, match="zoom in"):
        compare_picture(parse_rule("wythoff"), parse_rule("nim"), 0, 0, 10**6, 10**6, 2000)


def test_two_rules_compared_far_out_and_zoomed_out_past_int64():
    """A view at 10^30, and one 10^238 cells wide at the origin: the texels are exact there too."""
    from explorer.core.analysis.compare import compare_picture

    a, b = parse_rule("wythoff"), parse_rule("wythoff:2")
    far = compare_picture(a, b, 10**30, 10**30, 10**30 + 40, 10**30 + 30, 1)
    cells = [(10**30 + i, 10**30 + j) for i in range(far.nx) for j in range(far.ny)]
    assert int(far.first_only.sum()) == sum(a.is_cold(*c) and not b.is_cold(*c) for c in cells)
    assert int(far.second_only.sum()) == sum(b.is_cold(*c) and not a.is_cold(*c) for c in cells)
    c = parse_rule("block:3;n=3000")
    wide = compare_picture(a, c, 0, 0, 10**238, 10**238, 10**236)
    assert wide.known[0, 0] and not wide.known[0, 1]  # the first texel holds the whole solved square
    total = compare(a, c, 0, 0, 2999, 2999)
    assert (int(wide.both[0, 0]), int(wide.first_only[0, 0]), int(wide.second_only[0, 0])) == total[:3]


@pytest.mark.slow
def test_a_default_sized_sweep_whose_work_grows_too_fast_stops_at_its_budget_the_same_each_time(monkeypatch):
    """Over (1,2)-GDWN the walk looks at a growing share of each column (its ray (1, 2) has no
    pointers of its own): the default size stops where the work passed its budget, a power of two
    of columns, named in the rule's key; an n typed is solved whole. (A budget an eighth of the
    window's: the same stop, sooner.)"""
    from explorer.core.rules import altered

    monkeypatch.setattr(altered, "STEP_BUDGET", altered.STEP_BUDGET // 8)
    first, again = parse_rule("alter:cold=(5,9)(9,5)/gdwn:1,2"), parse_rule("alter:cold=(5,9)(9,5)/gdwn:1,2")
    assert first == again and first.bound < 1 << 20 and first.bound & (first.bound - 1) == 0
    assert f";n={first.bound}/" in first.key and parse_rule(first.key) == first
    assert parse_rule("block:3;n=5000/gdwn:1,2").bound == 5000


@pytest.mark.parametrize(
    ("key", "rays", "jumps"),
    [
        ("block:3;n=60", WYTHOFF_RAYS, ()),
        ("block:2;n=60/gdwn:1,2", ((1, 0), (0, 1), (1, 1), (1, 2), (2, 1)), ()),
        ("block:4;n=60/maharaja", WYTHOFF_RAYS, ((1, 2), (2, 1))),
    ],
)
def test_cold_options_are_counted_as_the_definition_counts_them(key, rays, jumps):
    """The colour mode "cold options": each cell's count of cold options, by the column sweep's line
    index and by the square's table, against counting the options by the game's definition; and the
    levels the grid draws from them (zoomed out, hot and cold)."""
    from explorer.core.protocol import OptionCounts
    from explorer.core.render.levels import levels_for
    from explorer.core.rules.recursion import BlockingRule
    from explorer.core.values import COLD_OPTIONS

    rule = parse_rule(key)
    n, k = 60, rule.k
    cold = by_definition(n, lambda x, y, c: c < k, rays, jumps)
    want = np.array([[sum(bool(cold[t]) for t in options(x, y, rays, jumps)) for y in range(n)] for x in range(n)])
    xs, ys = (a.ravel().astype(np.int64) for a in np.meshgrid(np.arange(n), np.arange(n), indexing="ij"))
    square = BlockingRule(k, rule.base, n)
    for counted in (rule, square):
        assert isinstance(counted, OptionCounts)
        assert np.array_equal(counted.cold_options_many(xs, ys).reshape(n, n), want), type(counted).__name__
    drawn = levels_for(rule, rule.raster(0, 0, n, n, 1), COLD_OPTIONS)
    assert np.array_equal(drawn.levels, 1 + np.minimum(want.T, k + 1))  # rows are y
    zoomed_out = levels_for(rule, rule.raster(0, 0, n, n, 2), COLD_OPTIONS)
    assert zoomed_out.levels.shape == (n // 2, n // 2) and not isinstance(parse_rule("wythoff"), OptionCounts)
    edge = levels_for(rule, rule.raster(n - 10, 5, n + 10, 25, 1), COLD_OPTIONS)  # half past the bound: grey there
    assert np.array_equal(edge.levels[:, :10], 1 + np.minimum(want[n - 10 :, 5:25].T, k + 1))
    assert not edge.levels[:, 10:].any()
    far = levels_for(rule, rule.raster(10**30, 10**30, 10**30 + 16, 10**30 + 16, 1), COLD_OPTIONS)
    assert far.levels.shape == (16, 16) and not far.levels.any()  # once an OverflowError (a long soak)


def test_a_comparison_with_one_side_beyond_both_bounds_does_no_work(monkeypatch):
    """A long soak (seed 20261160) left the grid rendering for good: a view whose rows lay past where
    both rules are solved held 0 cells to compare, so the size check let it through, and the loop
    over its columns (10^170 of them) ran on. Such a view is grey at once, with no block looked at."""
    from explorer.core.analysis import compare as module

    walked: list[tuple] = []  # the blocks' ranges the comparison walked (empty ones aside)

    def counting_range(*args):  # type: ignore[no-untyped-def]
        if len(args) == 3 and args[0] < args[1]:
            walked.append(args[:2])
        return range(*args)

    monkeypatch.setattr(module, "range", counting_range, raising=False)
    bounded, wythoff, fraenkel = parse_rule("block:3;n=4096"), parse_rule("wythoff"), parse_rule("wythoff:2")
    cases = [
        (bounded, wythoff, (0, 10**6, 4000, 10**6 + 30), 40),  # rows past the bound
        (bounded, wythoff, (10**6, 0, 10**6 + 30, 4000), 1),  # columns past it
        # the soak's view: its first texel column starts at 0, its rows past 2^400 (where two rules
        # exact everywhere are compared at most)
        (wythoff, fraenkel, (3 * 10**171, 19 * 10**184, 18 * 10**184, 21 * 10**184), 26 * 10**181),
    ]
    for first, second, view, step in cases:
        picture = module.compare_picture(first, second, *view, step)
        assert not picture.known.any() and not picture.both.any()
    assert walked == []


def test_a_k_blocking_raster_of_a_wide_block_without_cold_cells_is_empty():
    """A block of 2048² cells holding none of the rule's cold cells raised IndexError (an empty
    reduceat): found beside the test above."""
    rule = parse_rule("block:3;n=4096")
    r = rule.raster(0, 3000, 1000, 4096, 1)  # column x's cells lie at (x − 1) / 2 and near 2x: none here
    assert r.counts.size == 0 and rule.cold_count(999, 4095) - rule.cold_count(999, 2999) == 0
