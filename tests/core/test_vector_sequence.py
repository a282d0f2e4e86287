"""The generated sequence of move-vector rules with Nim's rays (issue 29), against independent
oracles: the brute-force square by the game's definition, and a second column sweep written
afresh in plain Python (tests/oracles.py), to 10^6 columns."""

from __future__ import annotations

import random

import numpy as np
import pytest

from explorer.core import budget
from explorer.core.game.sequence import partner
from explorer.core.game.vector_sequence import SequenceEngine
from explorer.core.rules import OutOfBounds, parse_rule
from tests.oracles import Vectors, vector_cold_square, vector_sequence_by_links

SEQUENCE_RULES = {
    "maharaja": Vectors([(1, 0), (1, 1)], [(1, 2)]),
    "maharaja:2,3": Vectors([(1, 0), (1, 1)], [(2, 3)]),
    "gdwn:1,2": Vectors([(1, 0), (1, 1), (1, 2)]),
    "gdwn:2,3": Vectors([(1, 0), (1, 1), (2, 3)]),
    "vectors:rays=1,0 1,3;jumps=2,1 4,4": Vectors([(1, 0), (1, 3)], [(2, 1), (4, 4)]),
    "vectors:rays=1,0;jumps=1,1": Vectors([(1, 0)], [(1, 1)]),
    "vectors:rays=1,0;jumps=3,1": Vectors([(1, 0)], [(3, 1)]),
}


@pytest.mark.slow
@pytest.mark.parametrize("key", list(SEQUENCE_RULES))
def test_the_sequence_is_the_brute_force_square(key):
    n = 1024  # past every rule's first irregular columns; the oracle is pure Python (1500²: 3 s a rule)
    cold = vector_cold_square(n, SEQUENCE_RULES[key])
    rule = parse_rule(key)
    col = rule.solved.col
    for x in range(n):
        ys = [y for y in range(n) if cold[x][y]]
        assert len(ys) <= 1, (x, ys)  # one cold cell per column at most inside the square...
        if ys:
            assert int(col[x]) == ys[0], x
        else:
            assert int(col[x]) >= n, x  # ...and where none is inside, it lies above


@pytest.mark.slow
@pytest.mark.parametrize(("key", "n"), [("maharaja", 10**6), ("gdwn:1,2", 400_000)])  # the oracle: 1 s a 10^5 over gdwn
def test_counts_far_out_against_a_second_sweep(key, n):
    oracle = np.array(vector_sequence_by_links(SEQUENCE_RULES[key], n), dtype=np.int64)
    rule = parse_rule(key)
    rule.reach(n)
    assert np.array_equal(rule.solved.col[:n].astype(np.int64), oracle)
    inside = oracle < n
    assert np.array_equal(oracle[oracle[inside]], np.arange(n)[inside])  # the sequence is its own mirror
    rng = random.Random(7)
    qs = [(rng.randrange(n), rng.randrange(n)) for _ in range(40)] + [(n - 1, n - 1), (0, 0), (n - 1, 5)]
    for X, Y in qs:
        want = int(np.count_nonzero(oracle[: X + 1] <= Y))
        assert rule.cold_count(X, Y) == want
    xs = np.array([q[0] for q in qs], dtype=np.int64)
    ys = np.array([q[1] for q in qs], dtype=np.int64)
    many = rule.cold_count_many(xs, ys)
    assert [int(v) for v in many] == [int(np.count_nonzero(oracle[: X + 1] <= Y)) for X, Y in qs]
    x0, x1 = np.sort(np.array([[rng.randrange(n) for _ in range(30)] for _ in range(2)]), axis=0)
    y0, y1 = np.sort(np.array([[rng.randrange(n) for _ in range(30)] for _ in range(2)]), axis=0)
    counts, method = rule.counter().count_rect_many(x0, y0, x1, y1)
    for a, b, c, d, got in zip(x0, x1, y0, y1, counts, strict=True):
        seg = oracle[a : b + 1]
        assert int(got) == int(np.count_nonzero((seg >= c) & (seg <= d)))
    assert method == "fenwick"


def test_wythoffs_vectors_give_wythoffs_partners():
    engine = SequenceEngine([(1, 0), (0, 1), (1, 1)], [])
    solved = engine.grow(300_000)
    assert all(int(solved.col[x]) == partner(x) for x in range(0, 300_000, 7))


def test_growth_resumes_widens_and_cancels_without_losing_what_is_solved(monkeypatch):
    from explorer.core.game import vector_sequence

    game = SEQUENCE_RULES["gdwn:1,2"]
    want = vector_sequence_by_links(game, 200_000)
    monkeypatch.setattr(vector_sequence, "ROOM", 1.01)  # too few rows: the sweep must widen them
    monkeypatch.setattr(vector_sequence, "BLOCK", 1 << 12)
    engine = SequenceEngine(game.rays, game.jumps)
    seen = []

    def stop_at_half(done, total):  # type: ignore[no-untyped-def]
        seen.append(done)
        return done < total // 2

    with pytest.raises(InterruptedError):
        engine.grow(200_000, stop_at_half)
    part = engine.solved
    assert 0 < part.n < 200_000 and list(part.col[: part.n]) == want[: part.n]
    for n in (30_000, 150_001, 200_000):  # resumed, in uneven steps
        engine.grow(n)
    assert list(engine.solved.col[:200_000]) == want


def test_reach_refuses_beyond_the_budget_naming_the_bound():
    rule = parse_rule("maharaja")
    most = rule.reach_limit(budget.GENERATED_WINDOW_BYTES)
    assert most >= 1 << 24  # the window's target
    with pytest.raises(OutOfBounds, match=f"{most:,}"):
        rule.reach(most, budget_bytes=budget.GENERATED_WINDOW_BYTES)
    assert rule.reach_limit(budget.GENERATED_CLI_BYTES) >= 1 << 26  # a command's
    with pytest.raises(OutOfBounds, match="lies beyond"):
        rule.is_cold(rule.bound, 0)


def test_pairs_are_the_upper_cold_cells_in_order():
    rule = parse_rule("maharaja")
    cold = vector_cold_square(400, SEQUENCE_RULES["maharaja"])
    upper = sorted((x, y) for x in range(400) for y in range(x, 400) if cold[x][y])
    xs, ys = rule.cold_pairs(0, 50)
    assert list(zip(map(int, xs), map(int, ys), strict=True)) == upper[:50]
    assert rule.cold_pair(7) == upper[7] and rule.cold_index(*upper[7]) == 7 and rule.cold_index(*upper[7][::-1]) == 7


def test_the_raster_counts_each_texel_exactly_far_out():
    rule = parse_rule("gdwn:1,2")
    rule.reach(1 << 20)
    col = rule.solved.col[: rule.bound].astype(np.int64)
    x_lo, y_lo, x_hi, y_hi, step = 123_457, 200_001, 900_000, 1_000_000, 9_999
    r = rule.raster(x_lo, y_lo, x_hi, y_hi, step)
    dense = r.dense_counts()
    xs = np.arange(r.tx0 * step, (r.tx0 + r.nx) * step)
    xs = xs[xs < rule.bound]
    ys = col[xs]
    keep = (ys >= r.ty0 * step) & (ys < (r.ty0 + r.ny) * step) & (ys < rule.bound)
    want = np.zeros_like(dense)
    np.add.at(want, ((ys[keep] // step) - r.ty0, (xs[keep] // step) - r.tx0), 1)
    assert np.array_equal(dense, want) and dense.sum() > 0


@pytest.mark.slow
def test_a_shrunk_sequence_answers_less_and_grows_back_the_same():
    """The memory budget shrinks sequences no rule in use asks about; growing them again must give
    the same cells (the cold cells kept beyond the new bound are true ones)."""
    game = SEQUENCE_RULES["gdwn:1,2"]
    want = vector_sequence_by_links(game, 300_000)
    engine = SequenceEngine(game.rays, game.jumps)
    engine.grow(300_000)
    assert engine.shrink(1 << 16) and engine.solved.n == 1 << 16
    assert list(engine.solved.col[: 1 << 16]) == want[: 1 << 16]
    assert engine.upper_columns().size == sum(1 for x in range(1 << 16) if want[x] >= x)
    engine.grow(300_000)
    assert list(engine.solved.col[:300_000]) == want


def test_only_the_latest_sequence_keeps_its_growth():
    """The memory budget of sequences: making a rule of other vectors shrinks the sequences of
    rules made before it (they still answer inside their bound, and grow again when asked)."""
    from explorer.core.rules import vectors

    first = parse_rule("maharaja")
    first.reach(1 << 18)
    assert first.bound > 1 << 18
    second = parse_rule("gdwn:1,2")  # made now: the first shrinks back
    assert first.bound == vectors.START_COLUMNS
    second.reach(1 << 18)
    grown = second.bound
    assert grown > 1 << 18
    parse_rule("gdwn:1,2")  # the same vectors again: nothing shrinks
    assert second.bound == grown
    parse_rule("gdwn:1,3")
    assert second.bound == vectors.START_COLUMNS
    assert first.is_cold(0, 0) and not first.is_cold(3, 4)
    first.reach(1 << 17)
    assert first.bound > 1 << 17


def test_the_sweep_runs_ahead_of_time_on_the_main_thread_and_agrees_with_the_jit():
    """Issue 36: a command that needs a sequence imported numba and compiled the sweep on every
    run (`moves 5 7 --rule maharaja`: 1.0 s and 180 MB). The main thread now runs the sweep built
    ahead of time (`make test` builds it; in CI it must be there); workers run numba's JIT, which
    lets go of the GIL. Both solve the same columns, each against brute force by the definition."""
    import os
    import subprocess
    import sys
    import threading

    from explorer.core import kernels
    from explorer.core.game import vector_sequence
    from explorer.core.game.vector_sequence import SequenceEngine

    kernels._BUILT.pop("sweep", None)
    if kernels.built("sweep") is None:
        assert not os.environ.get("CI"), "make test builds the ahead-of-time sweep: the build failed"
        pytest.skip("no ahead-of-time build here (python -m explorer.core.aot_build makes one)")
    from explorer.core.game import sweep_jit

    assert vector_sequence.sweep_kernel()[0] is not sweep_jit.sweep
    for key in ("maharaja", "gdwn:1,2", "vectors:rays=1,0 2,3;jumps=3,1"):
        spec = parse_rule(key).spec  # every vector with its mirror
        rays, jumps = list(spec.rays), list(spec.jumps)
        answers = []
        main = SequenceEngine(rays, jumps)
        main.grow(1 << 17)  # two blocks and a resumption
        answers.append(main.solved.col[: 1 << 17].copy())
        other = SequenceEngine(rays, jumps)
        worker = threading.Thread(target=lambda: other.grow(1 << 17))  # noqa: B023
        worker.start()
        worker.join()
        answers.append(other.solved.col[: 1 << 17])
        assert np.array_equal(answers[0], answers[1]), key
        small = 60
        cold = vector_cold_square(small, Vectors(rays, jumps))
        for x in range(small):
            y = int(answers[0][x])
            assert all(cold[x][v] == (v == y) for v in range(small)) if y < small else not any(cold[x]), (key, x)
    code = (
        "import sys\nfrom explorer.cli import main\ntry:\n    main(['moves', '5', '7', '--rule', 'maharaja'])\n"
        "except SystemExit:\n    pass\nprint('numba' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip().splitlines()[-1] == "False", done.stdout + done.stderr


def test_a_zoomed_out_raster_of_many_columns_needs_memory_for_its_texels_not_its_columns(monkeypatch):
    """Every solved column in view used to keep its texel index (8 bytes) until all were counted:
    2^24 columns zoomed out took ~256 MiB for a moment (a long soak's peak rose 495 -> 816 MiB on
    one wheel far out under Maharaja). Counted chunk by chunk, the temporaries stay near a chunk.
    The counts are checked against numpy's own count over all the columns at once."""
    import tracemalloc

    from explorer.core.counting import raster as raster_module

    monkeypatch.setattr(raster_module, "RASTER_CHUNK", 1 << 14)  # many chunks
    rng = np.random.default_rng(5)
    n = 1 << 20
    col = rng.permutation(n).astype(np.int32)  # a cell in each column, any row
    step = 4099
    tracemalloc.start()
    try:
        r = raster_module.rasterize_sequence(col, n, 0, 0, n, n, step)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    xs = np.arange(n)
    want = np.zeros((r.ny, r.nx), dtype=np.int64)
    np.add.at(want, (col.astype(np.int64) // step - r.ty0, xs // step - r.tx0), 1)
    assert np.array_equal(r.dense_counts(), want)
    assert peak < 4 << 20  # 20 MiB before: 8 bytes a column for its texel index, and their concatenation


def test_the_upper_columns_are_those_whose_cell_lies_on_or_above_the_diagonal():
    """The compiled kernel that lists the columns x with col[x] >= x (written without a branch, and
    into an array of exactly their number) against numpy's comparison, on every kind of column:
    unsolved (-1), below, on and above the diagonal; and its count alone, with no room to write."""
    from explorer.core.game import vector_sequence as vs

    rng = np.random.default_rng(7)
    for n in (0, 1, 5, 63, 64, 65, 1000, 4099):
        col = rng.integers(-1, 2 * n + 2, size=n + 17).astype(np.int32)
        want = np.flatnonzero(col[:n] >= np.arange(n)).astype(np.int32)
        assert vs._count_upper(vs.Solved(col, n)) == want.size, n
        got = vs._upper(vs.Solved(col, n), want.size)
        assert got.dtype == np.int32 and np.array_equal(got, want), n


def _pairs_of(col: list[int], n: int) -> list[int]:
    return [x for x in range(n) if col[x] >= x]


def test_the_sweeps_count_of_pairs_holds_through_widening_cancelling_resuming_and_shrinking(monkeypatch):
    """The sweep counts the upper columns as it goes (so the pairs' index is written in one pass):
    a block swept again after its rows were widened, a growth cancelled, resumed in uneven steps
    and a sequence shrunk must all leave the index exactly the columns x with col[x] >= x."""
    from explorer.core.game import vector_sequence

    game = SEQUENCE_RULES["gdwn:1,2"]
    want = vector_sequence_by_links(game, 120_000)
    monkeypatch.setattr(vector_sequence, "ROOM", 1.01)  # too few rows: blocks stop and are swept again
    monkeypatch.setattr(vector_sequence, "BLOCK", 1 << 12)
    engine = SequenceEngine(game.rays, game.jumps)
    with pytest.raises(InterruptedError):
        engine.grow(120_000, lambda done, total: done < total // 3)
    n = engine.solved.n
    assert engine.upper_columns().tolist() == _pairs_of(want, n)
    for n in (50_001, 120_000):
        engine.grow(n)
        assert engine.upper_columns().tolist() == _pairs_of(want, n)
    assert engine.shrink(30_000) and engine.upper_columns().tolist() == _pairs_of(want, 30_000)
    engine.grow(100_000)
    assert engine.upper_columns().tolist() == _pairs_of(want, 100_000)


def test_a_working_copy_grows_alone_and_the_engine_takes_its_columns_when_it_adopts():
    """Issue 48: caches change on the GUI thread only. A worker grows a copy; the rule's own
    engine (shared by every rule of those vectors) keeps its columns until its owner adopts the
    copy's. Two copies grown from the same start do not write into each other's columns."""
    game = SEQUENCE_RULES["gdwn:1,2"]
    want = vector_sequence_by_links(game, 1 << 17)
    engine = SequenceEngine(game.rays, game.jumps)
    engine.grow(1 << 12)
    before = engine.solved
    first, second = engine.working_copy(), engine.working_copy()
    first.grow(1 << 17)
    second.grow(1 << 15)
    assert engine.solved is before and engine.n == 1 << 12  # unchanged until adopted
    assert list(first.solved.col[: 1 << 17]) == want and list(second.solved.col[: 1 << 15]) == want[: 1 << 15]
    assert engine.adopt(first) and engine.n == 1 << 17
    assert not engine.adopt(second) and engine.n == 1 << 17  # fewer columns than it has: nothing taken
    assert list(engine.solved.col[: 1 << 17]) == want
    assert engine.upper_columns().size == sum(1 for x, y in enumerate(want) if y >= x)


def test_a_rules_working_copy_is_the_same_rule_and_grows_only_when_adopted():
    from explorer.core.protocol import adopt, grown

    rule = parse_rule("gdwn:1,3")
    start = rule.bound
    copy = grown(rule, 4 * start)
    assert copy == rule and copy.bound > 4 * start and rule.bound == start
    assert adopt(rule, copy) and rule.bound == copy.bound
    plain = parse_rule("wythoff")
    assert grown(plain, 10**9) is plain and not adopt(plain, plain)  # nothing grows
