"""Grundy values and remoteness of any rule against their definitions (tests/oracles.py)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.game.spec import ANY, NONE, Amounts, MoveSpec
from explorer.core.grundy.kernel import grundy_window
from explorer.core.values.kernel import ValuesTooCostly, value_table
from tests.oracles import Vectors, values_by_definition


def _words(amounts: Amounts) -> object:
    if amounts.every:
        return "any"
    if amounts.empty:
        return None
    return set(amounts.values)


def _check(spec: MoveSpec, n: int, misere: bool, m: int | None = None) -> None:
    m = m or n
    table = value_table(spec, n, m, last_mover_wins=not misere)
    g, cold, r = values_by_definition(n, m, _words(spec.one), _words(spec.both), spec.difference, misere)
    assert table.grundy.tolist() == g
    assert table.cold.tolist() == cold
    assert table.remoteness.tolist() == r


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize(
    "spec",
    [
        MoveSpec(ANY, ANY, 1),  # Wythoff
        MoveSpec(ANY, NONE, 1),  # Nim
        MoveSpec(ANY, ANY, 2),
        MoveSpec(ANY, ANY, 5),
        MoveSpec(ANY, ANY, 10**6),  # every pair of amounts
        MoveSpec(Amounts.of({2, 3}), NONE, 1),
        MoveSpec(NONE, ANY, 1),
        MoveSpec(Amounts.of({1, 4, 16}), ANY, 3),
        MoveSpec(Amounts.of({1, 2, 5}), Amounts.of({1, 2, 4, 8}), 2),
        MoveSpec(ANY, Amounts.of({1, 3}), 1),
        MoveSpec(NONE, Amounts.of({2}), 1),
    ],
    ids=lambda s: s.text() if isinstance(s, MoveSpec) else str(s),
)
def test_every_kind_of_move_against_the_definition(spec, misere):
    _check(spec, 30, misere)
    _check(spec, 7, misere, 33)  # rectangles, both ways
    _check(spec, 33, misere, 6)


amounts = st.one_of(
    st.just(ANY),
    st.just(NONE),
    st.sets(st.integers(1, 9), min_size=1, max_size=3).map(Amounts.of),
)


@settings(max_examples=60, deadline=None)
@given(
    one=amounts,
    both=amounts,
    a=st.integers(1, 6),
    misere=st.booleans(),
    n=st.integers(1, 22),
    m=st.one_of(st.none(), st.integers(1, 22)),  # None: a square, where only half is searched
)
def test_random_rules_against_the_definition(one, both, a, misere, n, m):
    if one.empty and both.empty:
        return
    _check(MoveSpec(one, both, a), n, misere, m)


def test_normal_play_cold_exactly_where_g_is_zero_and_the_parities():
    for spec in (MoveSpec(ANY, ANY, 1), MoveSpec(ANY, ANY, 3), MoveSpec(Amounts.of({1, 2}), ANY, 2)):
        t = value_table(spec, 200, 200)
        assert ((t.grundy == 0) == t.cold).all()
        assert (t.remoteness[t.cold] % 2 == 0).all() and (t.remoteness[~t.cold] % 2 == 1).all()
        m = value_table(spec, 200, 200, last_mover_wins=False)  # misère: cold odd, hot even
        assert (m.remoteness[m.cold] % 2 == 1).all() and (m.remoteness[~m.cold] % 2 == 0).all()


def test_the_general_sweep_agrees_with_wythoffs_own_kernel():
    n = 1500
    t = value_table(MoveSpec(ANY, ANY, 1), n, n)
    assert np.array_equal(t.grundy, grundy_window(0, 0, n, n))
    assert t.grundy[10, :21].tolist() == [10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14, 18, 7, 6, 2, 3, 1, 4, 5, 23, 28]


def test_nim_remoteness_has_its_closed_form():
    # two Nim heaps: the winner evens the heaps, the loser takes one counter at a time
    n = 300
    t = value_table(MoveSpec(ANY, NONE, 1), n, n)
    x, y = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    assert np.array_equal(t.remoteness, 2 * np.minimum(x, y) + (x != y))
    assert np.array_equal(t.grundy, x ^ y)


def test_costly_sweeps_are_refused_before_they_start():
    with pytest.raises(ValuesTooCostly, match="minutes"):
        value_table(MoveSpec(ANY, ANY, 10**6), 4096, 4096)
    with pytest.raises(ValuesTooCostly, match="16 bits"):
        value_table(MoveSpec(ANY, ANY, 1), 40000, 40000)


def test_cancel_stops_the_sweep():
    calls = []

    def progress(done: int, total: int) -> bool:
        calls.append(done)
        return False

    with pytest.raises(InterruptedError):
        value_table(MoveSpec(ANY, ANY, 1), 3000, 3000, progress=progress)
    assert len(calls) == 1


@pytest.mark.parametrize(
    "key", ["wythoff", "nim", "misere", "wythoff:2", "wythoff:1000000", "custom:one=any;both=1,2,4;a=1;n=512"]
)
def test_the_windows_corner_fits_its_memory_budget(key):
    """The window's corner (G, R and cold flags) is sized from its budget, which with the
    other caches keeps the window's peak under 1 GiB (issue 10: a 10 000-action soak with an
    8192² corner reached 1 GiB)."""
    from explorer.core import budget
    from explorer.core.rules.registry import parse_rule
    from explorer.core.value_source import largest_side
    from explorer.core.values.cost import bytes_per_cell

    rule = parse_rule(key)
    side = largest_side(rule)
    assert bytes_per_cell(rule.spec, side, side) * side * side <= budget.VALUES_WINDOW_BYTES
    assert budget.VALUES_WINDOW_BYTES <= budget.VALUES_BYTES


def _words_scanned_by_the_mex_search(n: int) -> float:
    """The sweep's G search, counted in Python on Wythoff's table: the 64-bit words it reads per
    cell, from the largest running mex of the row, the column and the diagonal up to the answer."""
    cols, diags = [0] * n, [0] * (2 * n)
    col_mex, diag_mex = [0] * n, [0] * (2 * n)
    words = 0
    for x in range(n):
        row, row_mex = 0, 0
        for y in range(n):
            d = y - x + n
            start = max(row_mex, col_mex[y], diag_mex[d])
            used = row | cols[y] | diags[d]
            free = ~used >> start << start
            g = (free & -free).bit_length() - 1
            words += (g >> 6) - (start >> 6) + 1
            bit = 1 << g
            row, cols[y], diags[d] = row | bit, cols[y] | bit, diags[d] | bit
            while row >> row_mex & 1:
                row_mex += 1
            while cols[y] >> col_mex[y] & 1:
                col_mex[y] += 1
            while diags[d] >> diag_mex[d] & 1:
                diag_mex[d] += 1
    return words / (n * n)


def test_the_work_estimate_counts_the_mex_search_which_grows_with_the_side():
    """The estimate that bounds the window's corner models the G search as 1 + n / SCAN_CELLS
    words a cell. It was once a constant: a-Wythoff's 2048² corner then took 7 s where the
    estimate promised well under one, and the soak's window stayed busy for 20 s."""
    from explorer.core.values.cost import SCAN_CELLS, work_estimate

    small, large = _words_scanned_by_the_mex_search(128), _words_scanned_by_the_mex_search(384)
    assert large > small > 1  # the search grows with the side
    for n, measured in ((128, small), (384, large)):
        assert 1 + n / SCAN_CELLS >= measured
    wythoff = MoveSpec(ANY, ANY, 1)
    assert work_estimate(wythoff, 4096, 4096) > 4.5 * work_estimate(wythoff, 2048, 2048)


def test_the_vectors_value_sweep_runs_ahead_of_time_on_the_main_thread_and_agrees_with_the_jit():
    """Issue 36: `grundy … --rule maharaja` imported numba for its value sweep. The main thread now
    runs the build made ahead of time (`make test` builds it; in CI it must be there), workers the
    JIT; both fill the same corner, which the definition gives cell by cell."""
    import os
    import subprocess
    import sys
    import threading

    from explorer.core import kernels
    from explorer.core.rules import parse_rule
    from explorer.core.values import vectors
    from tests.oracles import Vectors, values_by_definition

    kernels._BUILT.pop("vvalues", None)
    if kernels.built("vvalues") is None:
        assert not os.environ.get("CI"), "make test builds the ahead-of-time value sweep: the build failed"
        pytest.skip("no ahead-of-time build here (python -m explorer.core.aot_build makes one)")
    from explorer.core.values import vector_jit

    assert vectors._sweep_kernel() is not vector_jit.sweep
    for key in ("maharaja", "gdwn:1,2", "vectors:rays=1,2;jumps=1,0 1,1;n=40"):
        spec = parse_rule(key).spec
        main = vectors.vector_value_table(spec, 70, 90)
        other = []
        worker = threading.Thread(target=lambda s=spec, o=other: o.append(vectors.vector_value_table(s, 70, 90)))
        worker.start()
        worker.join()
        for a, b in zip(
            (main.grundy, main.cold, main.remoteness),
            (other[0].grundy, other[0].cold, other[0].remoteness),
            strict=True,
        ):
            assert np.array_equal(a, b), key
        g, _, r = values_by_definition(30, 30, Vectors(list(spec.rays), list(spec.jumps)), None, 1)
        assert main.grundy[:30, :30].tolist() == g and main.remoteness[:30, :30].tolist() == r, key
    code = (
        "import sys\nfrom explorer.cli import main\ntry:\n    main(['grundy', '5', '5', '--rule', 'maharaja'])\n"
        "except SystemExit:\n    pass\nprint('numba' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip().splitlines()[-1] == "False", done.stdout + done.stderr


def test_the_windows_corner_of_a_vector_rule_is_bounded_in_the_same_units_as_the_others():
    """Long soak, seed 20261210: Maharaja's window corner was 4096² (18 s; the soak waited past
    20 s for it), because a line read of the vector sweep was counted as one unit of the MoveSpec
    sweep's, which costs 2-10x less. In the same units the window stops at 2048² (1.4 s); a
    command, which runs alone, still reaches 4096²."""
    from explorer.core.rules import parse_rule
    from explorer.core.value_source import largest_side
    from explorer.core.values.cost import MAX_WORK, WINDOW_WORK

    for key in ("maharaja", "maharaja:2,3", "gdwn:1,2"):
        rule = parse_rule(key)
        side = largest_side(rule)
        assert side <= 2048 and rule.value_cost(side, side)[1] <= WINDOW_WORK, key
    assert parse_rule("maharaja").value_cost(4096, 4096)[1] <= MAX_WORK
    assert largest_side(parse_rule("wythoff")) == 4096  # the closed-form rules' corners are as they were


@pytest.mark.parametrize(
    ("key", "definition"),
    [
        ("wythoff", ("any", "any", 1)),
        ("nim", ("any", None, 1)),
        ("custom:one=1 2 5;both=any;a=2;n=64", ({1, 2, 5}, "any", 2)),
        ("gdwn:1,3", (Vectors([(1, 0), (1, 1), (1, 3)]), None, 1)),
    ],
)
def test_longest_defences_read_remoteness_in_one_step_by_the_definition(key, definition):
    """From a cold cell of the corner: the moves after which the win takes longest, with R after
    each, read from the corner in one step (the moves asked one by one stalled the GUI thread
    248 ms) and checked against R by its definition (Nim: its closed form, the same way)."""
    from explorer.core.analysis.values import longest_defences
    from explorer.core.rules import parse_rule
    from explorer.core.value_source import ValueCache

    rule = parse_rule(key)
    n = 40
    cache = ValueCache(rule)
    cache.grow(64)
    _, cold, rem = values_by_definition(n, n, *definition)
    starts = [(x, y) for x in range(n) for y in range(n) if cold[x][y] and x + y > 10][:12]
    assert starts
    for start in starts:
        targets = list(rule.spec.targets(*start))
        want = sorted(((t, rem[t[0]][t[1]]) for t in targets), key=lambda tr: -tr[1])
        got = longest_defences(cache, start, limit=len(targets))
        assert [r for _, r in got] == [r for _, r in want], (key, start)
        assert all(rem[t[0]][t[1]] == r for t, r in got)
    cells = [(5, 3), (200, 7), (3, 10**30), (63, 0), (64, 1)]  # inside the corner, and past it
    assert cache.remoteness_many(cells) == [cache.remoteness(*c) for c in cells]
