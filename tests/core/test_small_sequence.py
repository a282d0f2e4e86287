"""The first columns of a move-vector sequence in plain Python (issue 36: `moves 5 7 --rule
maharaja` took 2.0-2.6x `moves 5 7` because it imported numpy to load the compiled sweep),
against the brute-force square by the game's definition and against the compiled sweep; and a
rule made in a process without numpy answers exactly as one made with it."""

from __future__ import annotations

import weakref

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.game import sweep_small
from explorer.core.game.vector_sequence import SequenceEngine
from explorer.core.game.vector_spec import VectorSpec
from explorer.core.rules import OutOfBounds, parse_rule, vectors
from tests.core.test_vector_sequence import SEQUENCE_RULES
from tests.oracles import vector_cold_square


def _small_of(key: str, n: int) -> sweep_small.SmallSequence:
    engine = parse_rule(key).engine
    return sweep_small.solve(engine.rays, engine.jumps, n)


@pytest.mark.slow  # seven pure-Python brute-force squares (0.6-0.9 s each): make test's
@pytest.mark.parametrize("key", list(SEQUENCE_RULES))
def test_the_plain_sweep_is_the_brute_force_square(key):
    n = 700
    cold = vector_cold_square(n, SEQUENCE_RULES[key])
    small = _small_of(key, n)
    for x in range(n):
        ys = [y for y in range(n) if cold[x][y]]
        if ys:
            assert ys == [small.col[x]], x
        else:
            assert small.col[x] >= n, x  # its cold cell lies above the square
    # the pairs x <= y, in order, and the rank of every column among them
    assert small.upper == [x for x in range(n) if small.col[x] >= x]
    for v in range(0, n, 37):
        assert small.rank(v) == sum(1 for x in range(v) if small.col[x] >= x)


@pytest.mark.parametrize("key", list(SEQUENCE_RULES))
def test_the_plain_sweep_agrees_with_the_compiled_sweep_to_its_last_column(key):
    rule = parse_rule(key)
    n = sweep_small.SMALL_COLUMNS
    small = _small_of(key, n)
    assert small.col[:n] == rule.solved.col[:n].tolist()
    upper = rule.engine.upper_columns()
    assert small.upper == upper[: len(small.upper)].tolist()
    assert int(upper[len(small.upper)]) >= n  # no pair of the prefix is missing


RAYS = st.lists(st.sampled_from([(1, 1), (1, 2), (1, 3), (2, 3), (3, 1), (2, 5)]), max_size=2)
JUMPS = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)).filter(lambda v: v != (0, 0)), max_size=3)


@settings(max_examples=40, deadline=None)
@given(rays=RAYS, jumps=JUMPS)
def test_any_rule_with_nims_rays_sweeps_alike_in_plain_python_and_compiled(rays, jumps):
    spec = VectorSpec([(1, 0), *rays], jumps)
    compiled = SequenceEngine(spec.rays, spec.jumps)
    compiled.grow(600)
    small = sweep_small.solve(compiled.rays, compiled.jumps, 600)
    assert small.col[:600] == compiled.solved.col[:600].tolist()


@pytest.fixture
def light_process(monkeypatch):
    """Rules made as in a process that has not loaded numpy, with engines of their own."""
    monkeypatch.setattr(vectors, "_numpy_loaded", lambda: False)
    monkeypatch.setattr(vectors, "_ENGINES", weakref.WeakValueDictionary())
    monkeypatch.setattr(vectors, "_RECENT", [])


POSITIONS = [(0, 0), (5, 7), (7, 5), (1, 2), (30, 49), (100, 7), (2000, 3000), (4095, 4095), (4095, 12), (3, 4000)]


@pytest.mark.parametrize("key", ["maharaja", "gdwn:1,2", "vectors:rays=1,0 1,3;jumps=2,1 4,4"])
def test_a_rule_made_without_numpy_answers_as_one_made_with_it(key, request):
    eager = parse_rule(key)
    request.getfixturevalue("light_process")
    light = parse_rule(key)
    assert light.engine is not eager.engine and light.engine.n == 0
    assert light.bound == eager.bound
    for x, y in POSITIONS:
        assert light.is_cold(x, y) == eager.is_cold(x, y), (x, y)
        assert light.winning_moves(x, y) == eager.winning_moves(x, y), (x, y)
        assert light.cold_index(x, y) == eager.cold_index(x, y), (x, y)
        assert light.number_role(x) == eager.number_role(x), x
        assert light.partner(y) == eager.partner(y), y
    assert light.engine.n == 0  # all of it in plain Python: the compiled sweep never ran
    assert light.cold_pair(40) == eager.cold_pair(40)  # the pairs' array: the compiled sweep now
    assert light.engine.n == eager.engine.n == vectors.START_COLUMNS
    for x, y in POSITIONS:
        assert light.winning_moves(x, y) == eager.winning_moves(x, y), (x, y)


def test_past_the_plain_sweep_a_light_rule_solves_the_first_columns_compiled(light_process):
    rule = parse_rule("maharaja")
    far = sweep_small.SMALL_COLUMNS + 10
    moves = rule.winning_moves(far, far + 3)
    assert rule.engine.n == vectors.START_COLUMNS
    assert all(not rule.winning_moves(*m.target) for m in moves)  # each target is cold
    assert moves and rule.is_cold(*moves[0].target)
    with pytest.raises(OutOfBounds, match=f"solved on \\[0, {vectors.START_COLUMNS:,}\\)"):
        rule.is_cold(vectors.START_COLUMNS, 0)
    rule.reach(vectors.START_COLUMNS)
    assert rule.bound == 2 * vectors.START_COLUMNS


def test_the_plain_sweep_refuses_columns_past_its_bound():
    engine = SequenceEngine(((1, 1),), ((1, 2), (2, 1)))
    with pytest.raises(ValueError, match="below 4096"):
        engine.small(sweep_small.SMALL_COLUMNS)
    assert engine.small(10).n == sweep_small.FIRST_COLUMNS
    assert engine.small(100).n == 128


def _light_rule(key: str):  # type: ignore[no-untyped-def]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(vectors, "_numpy_loaded", lambda: False)
        mp.setattr(vectors, "_ENGINES", weakref.WeakValueDictionary())
        mp.setattr(vectors, "_RECENT", [])
        return parse_rule(key)


LIGHT = {key: _light_rule(key) for key in ("maharaja", "gdwn:2,3", "vectors:rays=1,0;jumps=3,1")}
SMALL = st.integers(0, sweep_small.SMALL_COLUMNS - 1)


@pytest.mark.slow  # 200 examples, 1.7 s
@settings(max_examples=200, deadline=None)
@given(key=st.sampled_from(sorted(LIGHT)), x=SMALL, y=SMALL)
def test_light_answers_are_the_compiled_ones_anywhere_in_the_plain_sweeps_columns(key, x, y):
    light, eager = LIGHT[key], parse_rule(key)
    assert light.winning_moves(x, y) == eager.winning_moves(x, y)
    assert light.cold_index(x, y) == eager.cold_index(x, y)
    assert (light.number_role(x), light.partner(y)) == (eager.number_role(x), eager.partner(y))
    assert light.engine.n == 0
