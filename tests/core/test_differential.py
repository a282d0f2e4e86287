"""Issue 62's differential property test: random rule texts of every family, over every base, drawn
by hypothesis, against brute force by the definition on a small square (the soak's oracle, which
reads the text with its own parser and solves the game cell by cell). Every path a cell is answered
by is asked: one cell, the batch on a shuffled square, the winning moves, the rectangle counts.
DIFFERENTIAL_EXAMPLES=5000 runs a long hunt (the suite draws 100)."""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.core.game.moves import MoveKind
from explorer.core.rules import RuleError, parse_rule
from soak import oracle
from soak.rule_texts import definition_of

SIDE = 24  # the square checked
N = 64  # the side every solved family is given (the oracle solves its own, cell by cell)

pytestmark = pytest.mark.slow

BASES = ["wythoff", "nim", "maharaja", "gdwn:1,2", "maharaja:1,3", f"vectors:rays=1,1;jumps=1,0;n={N}"]


def _cells(draw, most: int) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    return draw(st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11)), max_size=most, unique=True))


@st.composite
def plain_texts(draw) -> str:  # type: ignore[no-untyped-def]
    kind = draw(st.sampled_from(["wythoff", "nim", "misere", "maharaja", "gdwn", "vectors", "custom"]))
    if kind == "wythoff":
        return f"wythoff:{draw(st.integers(1, 4))}"
    if kind in ("nim", "misere"):
        return kind
    if kind == "maharaja":
        return f"maharaja:{draw(st.integers(1, 3))},{draw(st.integers(1, 3))}"
    if kind == "gdwn":
        return f"gdwn:{draw(st.sampled_from(['1,2', '1,3', '2,3']))}"
    if kind == "vectors":
        rays = draw(st.lists(st.sampled_from(["1,0", "1,1", "1,2", "2,1", "0,1", "1,3"]), min_size=1, unique=True))
        jumps = draw(st.lists(st.sampled_from(["1,2", "2,2", "3,1", "0,2"]), unique=True))
        text = "rays=" + " ".join(rays) + (";jumps=" + " ".join(jumps) if jumps else "")
        return f"vectors:{text};n={N}" if not {"1,0", "0,1"} & set(rays) else f"vectors:{text}"
    amounts = st.sampled_from(["any", "none", "1 2", "2 3", "1 3 9", "powers of 2"])
    one, both = draw(amounts), draw(amounts)
    if one == both == "none":
        one = "any"
    misere = ";misere" if draw(st.booleans()) else ""
    return f"custom:one={one};both={both};a={draw(st.integers(1, 3))};n={N}{misere}"


@st.composite
def rule_texts(draw) -> str:  # type: ignore[no-untyped-def]
    """A text of any family: a plain one, or a game that changes the recursion over a base."""
    game = draw(st.sampled_from(["plain", "block", "alter", "pass", "star"]))
    if game == "plain":
        return draw(plain_texts())
    base = draw(st.sampled_from(BASES))
    if game == "block":
        return f"block:{draw(st.integers(1, 6))};n={N}/{base}"
    if game == "pass":
        return f"pass:n={N}/{base}"
    if game == "star":
        return f"star:n={N}/{base}"
    terminal = draw(st.one_of(st.none(), st.integers(0, 4)))
    cold = _cells(draw, 4)
    hot = [c for c in _cells(draw, 3) if c not in cold and (terminal is None or sum(c) > terminal)]
    if draw(st.booleans()):  # mirrored alterations take the other column walk
        cold = sorted({*cold, *((y, x) for x, y in cold)})
        hot = sorted({*hot, *((y, x) for x, y in hot)} - set(cold))
    parts = [f"{k}=" + "".join(f"({x},{y})" for x, y in cells) for k, cells in (("cold", cold), ("hot", hot)) if cells]
    if terminal is None and not parts:
        terminal = 0
    parts += [f"terminal={terminal}"] if terminal is not None else []
    return f"alter:{';'.join(parts)};n={N}/{base}"


@settings(
    max_examples=int(os.environ.get("DIFFERENTIAL_EXAMPLES", "100")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(rule_texts(), st.integers(0, 2**32 - 1))
def test_every_path_answers_by_the_definition(text, seed):
    try:
        rule = parse_rule(text)
    except RuleError as exc:  # a text the program refuses must be one the definition cannot take either
        pytest.fail(f"{text!r} refused: {exc}")
    d = definition_of(text)
    truth = oracle.solved(d, SIDE)
    cold = np.array(truth, dtype=bool)
    xs, ys = (a.ravel() for a in np.meshgrid(np.arange(SIDE), np.arange(SIDE), indexing="ij"))
    order = np.random.default_rng(seed).permutation(xs.size)
    many = rule.is_cold_many(xs[order], ys[order])
    assert np.array_equal(many, cold.ravel()[order]), text
    for x in range(SIDE):
        for y in range(SIDE):
            assert rule.is_cold(x, y) == truth[x][y], (text, x, y)
            moves = rule.winning_moves(x, y)
            board = [m.target for m in moves if m.kind is not MoveKind.PASS]
            want = [] if truth[x][y] else sorted(t for t in oracle.moves_small(d, x, y) if truth[t[0]][t[1]])
            assert board == want, (text, x, y)
    rng = np.random.default_rng(seed)
    for _ in range(10):
        x0, x1 = sorted(int(v) for v in rng.integers(0, SIDE, 2))
        y0, y1 = sorted(int(v) for v in rng.integers(0, SIDE, 2))
        assert rule.count_rect(x0, y0, x1, y1).count == int(cold[x0 : x1 + 1, y0 : y1 + 1].sum()), text
