"""Every family the registry knows, as it is: each rule its window list offers (and one of each
family whose parameters the window asks for) keeps its own answers consistent with one another.

Whether the answers are right is checked against each family's definition elsewhere (the
conformance suite for rules of moves, test_recursion_rules.py for the games that change the
recursion); here a new family is checked the moment it has a line in FAMILIES: its key names
it, counts and rasters agree with its cells, its winning moves are legal moves to cold cells
from hot positions, and its capabilities, declared by type, answer."""

from __future__ import annotations

import random

import numpy as np
import pytest

from explorer.core.game.moves import MoveKind
from explorer.core.protocol import Altered, Constructed, Rule, Slice, Valued
from explorer.core.rules import parse_rule
from explorer.core.rules.registry import ASK_NOTHING, FAMILIES

# one rule of each family whose parameters the window asks for
ASKED = {
    "fraenkel": "wythoff:7",
    "vectors": "vectors:rays=1,0 2,3;jumps=3,1",
    "custom": "custom:one=2 3;both=none;n=64",
    "block": "block:5;n=128/maharaja",
}
KEYS = sorted({key for family in FAMILIES for key in family.examples} | set(ASKED.values()))
N = 36


def test_every_family_is_here():
    listed = {parse_rule(key).key.partition(":")[0] for key in KEYS}
    names = {f.name for f in FAMILIES if f.examples or f.ask != ASK_NOTHING}
    assert names - {"fraenkel"} <= listed  # a-Wythoff's keys are written wythoff:A


@pytest.fixture(scope="module", params=KEYS)
def rule(request) -> Rule:  # type: ignore[no-untyped-def]
    return parse_rule(request.param)


def test_its_key_names_it(rule):
    assert parse_rule(rule.key) == rule and rule.title and isinstance(rule, Rule)


def test_counts_rasters_and_batches_agree_with_its_cells(rule):
    cold = np.array([[rule.is_cold(x, y) for y in range(N)] for x in range(N)], dtype=np.int64)
    rng = random.Random(7)
    for _ in range(30):
        x0, x1 = sorted(rng.randrange(N) for _ in range(2))
        y0, y1 = sorted(rng.randrange(N) for _ in range(2))
        assert rule.count_rect(x0, y0, x1, y1).count == cold[x0 : x1 + 1, y0 : y1 + 1].sum()
    for step in (1, 4):
        r = rule.raster(0, 0, N, N, step)
        dense = r.dense_counts()
        for j in range(r.ny):
            for i in range(r.nx):
                x, y = (r.tx0 + i) * step, (r.ty0 + j) * step
                assert dense[j, i] == cold[x : x + step, y : y + step].sum()
    xs = np.array([rng.randrange(N) for _ in range(40)], dtype=np.int64)
    ys = np.array([rng.randrange(N) for _ in range(40)], dtype=np.int64)
    assert list(rule.is_cold_many(xs, ys)) == [bool(cold[x, y]) for x, y in zip(xs, ys, strict=True)]


def test_winning_moves_are_legal_moves_to_cold_cells_from_hot_positions(rule):
    for x in range(N):
        for y in range(N):
            moves = rule.winning_moves(x, y)
            if moves:
                assert not rule.is_cold(x, y), (x, y)
            for m in moves:
                if not m.on_board and m.first is not None:  # three heaps: a move into another slice
                    other = parse_rule(rule.slice_key(m.first[1]))  # type: ignore[attr-defined]
                    assert isinstance(rule, Slice) and m.first[1] < m.first[0] and other.is_cold(*m.target)
                    continue
                if m.kind is MoveKind.PASS:  # the pass: the piles stay, and the base game's cold cell wins
                    assert m.target == (x, y) and isinstance(rule, Altered) and rule.base.is_cold(x, y)
                    continue
                assert m.start == (x, y) and rule.spec.allows((x, y), m.target) and rule.is_cold(*m.target)


def test_capabilities_declared_by_type_answer(rule):
    if isinstance(rule, Valued):
        table = rule.value_table(8, 8)
        assert all((table.grundy[x][y] == 0) == rule.is_cold(x, y) for x in range(8) for y in range(8)) or (
            not rule.last_mover_wins
        )
    if isinstance(rule, Constructed):
        assert rule.construction_step(0).k == 0
