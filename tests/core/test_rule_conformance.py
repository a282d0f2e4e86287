"""The conformance suite: every rule, and seeded random custom rules, against their definitions.

Each case names a rule by its registry text and gives, separately, the rule's definition in
the test's own words (amount sets, difference bound, misère or not). Everything the rule answers
is checked against brute force built from that definition or from the rule's own legal moves.
A new family gets all of this by listing an example in the registry.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from itertools import islice

import numpy as np
import pytest

from explorer.core.analysis.play import COMPUTER, HUMAN, Game
from explorer.core.protocol import (
    CertifiedRows,
    ColdPairs,
    Constructed,
    ExtraSteps,
    Growing,
    KnownValues,
    TextAnswers,
    Valued,
    WorkingCopies,
    adopt,
    answers_text,
    grown,
)
from explorer.core.rules import OutOfBounds, Rule, RuleError, parse_rule
from explorer.core.rules.presentation import grundy_note
from explorer.core.rules.registry import FAMILIES
from soak import oracle
from soak.rule_texts import definition_of
from tests.oracles import Vectors, values_by_definition, variant_moves

N = 40
ANYAMT = "any"

# A case is a rule's text and its definition in the test's own words: (one-pile amounts,
# both-pile amounts, difference bound, misère) or Vectors, or for a game that changes the recursion
# the soak oracle's Definition. Every registry family's examples are cases, read by the oracle's own
# parser of the text forms (no list of families here); beside them, edges and seeded random rules.
Definition = tuple[object, object, int, bool]
CASES: dict[str, Definition] = {}
RECURSION: dict[str, oracle.Definition] = {}


def _as_case(d: oracle.Definition) -> Definition:
    if d.vectors:
        return Vectors(list(d.rays), list(d.jumps)), None, 1, d.misere
    return d.one, d.both, d.a, d.misere


for _family in FAMILIES:
    for _text in _family.examples:
        _d = definition_of(_text)
        if _d.recursion:
            RECURSION[_text] = _d
        else:
            CASES[_text] = _as_case(_d)

CASES.update(
    {
        "wythoff:7": (ANYAMT, ANYAMT, 7, False),
        # a huge a: the counter's index once asked the int64 formula for indices it cannot hold
        "wythoff:1000000": (ANYAMT, ANYAMT, 10**6, False),
        f"custom:one=2 3;both=none;n={N}": ({2, 3}, None, 1, False),
        f"custom:one=none;both=any;n={N}": (None, ANYAMT, 1, False),
        f"custom:one=powers of 4;both=any;n={N}": ({1, 4, 16}, ANYAMT, 1, False),
        f"custom:one=1 2 5;both=powers of 2;a=2;n={N}": ({1, 2, 5}, {1, 2, 4, 8, 16, 32}, 2, False),
        f"custom:one=any;both=1 3;n={N};misere": (ANYAMT, {1, 3}, 1, True),
        f"custom:one=any;both=any;a=3;n={N};misere": (ANYAMT, ANYAMT, 3, True),
    }
)
# Games that change the recursion over other moves, and altered cells, beside the examples.
for _text in ("block:5;n=4096/maharaja", "block:4;n=64/nim", "alter:cold=(3,4)(10,12);hot=(5,5);n=96", "pass:nim"):
    RECURSION[_text] = definition_of(_text)


def _amounts_text(amounts: object) -> str:
    if amounts == ANYAMT:
        return "any"
    if amounts is None:
        return "none"
    return " ".join(map(str, sorted(amounts)))  # type: ignore[call-overload]


def _random_cases(count: int, seed: int) -> dict[str, tuple[object, object, int, bool]]:
    rng = random.Random(seed)
    out = {}
    while len(out) < count:
        choices = [ANYAMT, None, set(rng.sample(range(1, 8), rng.randint(1, 3))), {1, 3, 9, 27}]
        one, both = rng.choice(choices), rng.choice(choices)
        if one is None and both is None:
            continue
        diff, misere = rng.choice([1, 1, 2, 3]), rng.random() < 0.3
        text = f"custom:one={_amounts_text(one)};both={_amounts_text(both)};a={diff};n={N}"
        out[text + (";misere" if misere else "")] = (one, both, diff, misere)
    return out


CASES.update(_random_cases(24, seed=20261122))

# Move-vector rules (issue 29): vector sets with and without Nim's rays, beside the presets.
VECTOR_CASES: dict[str, Definition] = {
    "vectors:rays=1,0;jumps=1,2 2,2": (Vectors([(1, 0)], [(1, 2), (2, 2)]), None, 1, False),
    "vectors:rays=1,0 2,3;jumps=3,1": (Vectors([(1, 0), (2, 3)], [(3, 1)]), None, 1, False),
    f"vectors:rays=1,1;jumps=1,0;n={N}": (Vectors([(1, 1)], [(1, 0)]), None, 1, False),
    f"vectors:rays=1,2;jumps=1,0 1,1;n={N}": (Vectors([(1, 2)], [(1, 0), (1, 1)]), None, 1, False),
}


def _random_vector_cases(count: int, seed: int) -> dict[str, tuple[object, object, int, bool]]:
    rng = random.Random(seed)
    out: dict[str, tuple[object, object, int, bool]] = {}
    small = [(p, q) for p in range(4) for q in range(4) if (p, q) != (0, 0) and math.gcd(p, q) == 1]
    while len(out) < count:
        nim = rng.random() < 0.6
        rays = set(rng.sample(small, rng.randint(0 if nim else 1, 2))) | ({(1, 0)} if nim else set())
        jumps = {(rng.randrange(4), rng.randrange(1, 4)) for _ in range(rng.randint(0, 2))}
        rays = {r for r in rays if not nim or r not in ((0, 1),)}
        text = "rays=" + " ".join(f"{p},{q}" for p, q in sorted(rays))
        if jumps:
            text += ";jumps=" + " ".join(f"{i},{j}" for i, j in sorted(jumps))
        if not nim:
            if (1, 0) in rays or (0, 1) in rays:
                continue
            text += f";n={N}"
        out[f"vectors:{text}"] = (Vectors(sorted(rays), sorted(jumps)), None, 1, False)
    return out


VECTOR_CASES.update(_random_vector_cases(10, seed=20261124))
CASES.update(VECTOR_CASES)


def _rule(text: str) -> Rule:
    return parse_rule(text)


def _definition(text: str):  # type: ignore[no-untyped-def]
    one, both, diff, misere = CASES[text]
    return one, both, diff, misere


def test_every_family_has_cases():
    """Each registry family is checked here: by its examples, or (custom and vectors, which list
    none) by the seeded random rules of its form."""
    cases = {*CASES, *RECURSION}
    for family in FAMILIES:
        assert family.examples or any(t.startswith(family.name + ":") for t in cases), family.name


def _solve_from_legal_moves(rule: Rule) -> dict[tuple[int, int], bool]:
    """Cold by the definition, using only rule.legal_moves and the rule's convention."""
    cold: dict[tuple[int, int], bool] = {}
    for s in range(2 * N - 1):
        for x in range(max(0, s - N + 1), min(s, N - 1) + 1):
            moves = list(rule.spec.targets(x, s - x))
            if not moves:
                cold[(x, s - x)] = rule.last_mover_wins  # who cannot move loses (normal play)
            else:
                cold[(x, s - x)] = not any(cold[m] for m in moves)
    return cold


def _tiered(text: str) -> object:
    """A case whose rule takes a second or more to make (a ⋆ game, a column sweep of 2^18 columns
    and more) runs in the full suite only; test_recursion_rules checks those games in the quick one."""
    costly = text.startswith(("star:", "block:", "alter:")) and ";n=" not in text
    return pytest.param(text, marks=pytest.mark.slow) if costly else text


@pytest.fixture(scope="module", params=[_tiered(text) for text in (*CASES, *RECURSION)])
def case(request):  # type: ignore[no-untyped-def]
    text = request.param
    rule = _rule(text)
    if text in RECURSION:  # the oracle's own solve, from its own moves and recursion
        table = oracle.solved(RECURSION[text], N)
        return text, rule, {(x, y): table[x][y] for x in range(N) for y in range(N)}
    return text, rule, _solve_from_legal_moves(rule)


def test_is_a_rule_and_its_key_names_it(case):
    text, rule, _ = case
    assert isinstance(rule, Rule)
    assert parse_rule(rule.key) == rule
    assert rule.title
    misere = RECURSION[text].misere if text in RECURSION else _definition(text)[3]
    assert rule.last_mover_wins is (not misere)


def test_legal_moves_follow_the_definition(case):
    text, rule, _ = case
    rng = random.Random(1)
    for x in range(N):
        for y in range(N):
            if text in RECURSION:
                want = set(oracle.moves_small(RECURSION[text], x, y))
            else:
                want = set(variant_moves(x, y, *_definition(text)[:3]))
            got = list(rule.spec.targets(x, y))
            assert len(got) == len(set(got)) and set(got) == want, (x, y)
            # the board's moves; a slice of three heaps also has its first heap's (issue 66)
            has = oracle.has_move(RECURSION[text], x, y) if text in RECURSION else bool(want)
            assert rule.spec.has_move(x, y) == has, (x, y)
            for _ in range(3):
                t = (rng.randrange(x + 2), rng.randrange(y + 2))
                assert rule.spec.allows((x, y), t) == (t in want), ((x, y), t)


def test_cold_cells_and_winning_moves_by_brute_force(case):
    text, rule, cold = case
    for (x, y), c in cold.items():
        assert rule.is_cold(x, y) == c, (x, y)
        options = sorted(t for t in rule.spec.targets(x, y) if cold[t])
        if text not in RECURSION:
            assert (not options) or not c  # a cold cell has no cold option
        want = [] if c else options  # a cold cell has no winning move (k-blocking: it may have cold options)
        if not c and text in RECURSION and RECURSION[text].passing and rule.spec.has_move(x, y):
            base = replace(RECURSION[text], passing=False, n=None, grows=False)
            base_cold = oracle.solved(base, N)[x][y]
            want = want + ([(x, y)] if base_cold else [])  # the pass, where the position is cold without it
        got = rule.winning_moves(x, y)
        if text in RECURSION and RECURSION[text].heaps:  # three heaps: every cold position one move away
            assert sorted(m.to for m in got) == oracle.heap_winning_moves(RECURSION[text], x, y), (x, y)
            assert [m.target for m in got if m.on_board] == want and c == (not got), (x, y)
        else:
            assert [m.target for m in got] == want, (x, y)
        assert all(m.start == (x, y) for m in got)


def test_rectangle_counts_by_brute_force(case):
    _, rule, cold = case
    grid = np.array([[cold[(x, y)] for y in range(N)] for x in range(N)], dtype=np.int64)
    rng = random.Random(2)
    for _ in range(60):
        x0, x1 = sorted(rng.randrange(N) for _ in range(2))
        y0, y1 = sorted(rng.randrange(N) for _ in range(2))
        answer = rule.count_rect(x0, y0, x1, y1)
        assert answer.count == grid[x0 : x1 + 1, y0 : y1 + 1].sum()
        assert answer.cells == (x1 - x0 + 1) * (y1 - y0 + 1) and answer.method
        assert rule.cold_count(x1, y1) == grid[: x1 + 1, : y1 + 1].sum()
    assert rule.count_rect(5, 5, 4, 9).count == 0  # empty rectangle
    xs = np.array([rng.randrange(N) for _ in range(50)], dtype=np.int64)
    ys = np.array([rng.randrange(N) for _ in range(50)], dtype=np.int64)
    assert list(rule.is_cold_many(xs, ys)) == [cold[(int(x), int(y))] for x, y in zip(xs, ys, strict=True)]
    many = [int(v) for v in rule.cold_count_many(xs, ys)]
    assert many == [int(grid[: x + 1, : y + 1].sum()) for x, y in zip(xs, ys, strict=True)]
    rects = [sorted(rng.randrange(N) for _ in range(2)) + sorted(rng.randrange(N) for _ in range(2)) for _ in range(40)]
    x0, x1, y0, y1 = (np.array([r[i] for r in rects], dtype=np.int64) for i in range(4))
    want = [int(grid[a : b + 1, c : d + 1].sum()) for a, b, c, d in rects]
    counter = rule.counter()
    counts, method = counter.count_rect_many(x0, y0, x1, y1)
    assert [int(c) for c in counts] == want and method
    as_lists, _ = counter.count_rect_many(*(list(map(int, v)) for v in (x0, y0, x1, y1)))
    assert [int(c) for c in as_lists] == want
    assert [counter.count_rect(*map(int, (a, c, b, d))).count for a, b, c, d in rects] == want


@pytest.mark.parametrize("step", [1, 3, 8])
def test_raster_against_per_cell_classification(case, step):
    _, rule, cold = case
    grid = np.array([[cold[(x, y)] for y in range(N)] for x in range(N)], dtype=np.int64)
    x_lo, y_lo, x_hi, y_hi = 2, 1, N - 3, N - 1
    r = rule.raster(x_lo, y_lo, x_hi, y_hi, step)
    dense = r.dense_counts()
    for j in range(r.ny):
        for i in range(r.nx):
            x0, y0 = (r.tx0 + i) * step, (r.ty0 + j) * step
            assert dense[j, i] == grid[x0 : x0 + step, y0 : y0 + step].sum(), (i, j)


def _play_out(rule: Rule, start: tuple[int, int], rng: random.Random, perfect: bool) -> Game:
    game = Game(rule, start, human_first=rng.random() < 0.5)
    while not game.over:
        before = game.position
        if game.to_move == COMPUTER:
            game.computer_move()
        else:
            moves = list(rule.spec.targets(*before))
            wins = [m.target for m in rule.winning_moves(*before)]
            game.play(rng.choice(wins) if perfect and wins else rng.choice(moves))
        assert rule.spec.allows(before, game.position)
        assert len(game.path) < 4 * N
    return game


def test_games_are_legal_end_when_no_move_is_left_and_name_the_winner(case):
    text, rule, cold = case
    if isinstance(rule, ExtraSteps):  # a pass, a block, a declared end: a game on the board alone is refused
        assert text in RECURSION and rule.extra_steps()
        with pytest.raises(RuleError, match="not played"):
            Game(rule, (3, 5))
        return
    rng = random.Random(3)
    for _ in range(30):
        start = (rng.randrange(N), rng.randrange(N))
        game = _play_out(rule, start, rng, perfect=rng.random() < 0.5)
        end = game.position
        assert not rule.spec.has_move(*end) and game.over
        to_move = game.to_move
        other = HUMAN if to_move == COMPUTER else COMPUTER
        # who cannot move loses under normal play and wins under misère play
        assert game.winner == (other if rule.last_mover_wins else to_move)
        # the computer, playing perfectly, wins whenever the start was won for it
        computer_first = not game.human_first
        if cold[start] != computer_first:
            assert game.winner == COMPUTER, start


def test_answers_at_any_size_without_enumerating(case):
    _, rule, _ = case
    big = 10**100
    if rule.bound is not None:
        for question in (
            lambda: rule.is_cold(big, 3),
            lambda: rule.winning_moves(3, big),
            lambda: rule.count_rect(0, 0, big, big),
        ):
            with pytest.raises(OutOfBounds):
                question()
        return
    first = list(islice(rule.spec.targets(big, big), 5))
    assert len(first) == 5 and all(rule.spec.allows((big, big), t) for t in first)
    assert rule.spec.has_move(big, big + 7)
    rng = random.Random(4)
    for _ in range(20):
        x, y = rng.randrange(big), rng.randrange(big)
        for m in rule.winning_moves(x, y):
            assert rule.spec.allows((x, y), m.target) and rule.is_cold(*m.target)
        assert rule.is_cold(x, y) == (not rule.winning_moves(x, y))


def test_grundy_values_and_remoteness_follow_their_definitions(case):
    text, rule, cold = case
    if text in RECURSION:  # no Sprague–Grundy value of the base's kind
        assert not isinstance(rule, Valued | KnownValues | CertifiedRows)
        return
    one, both, diff, misere = _definition(text)
    g, c, r = values_by_definition(N, N, one, both, diff, misere)
    assert isinstance(rule, Valued)  # every rule so far has values (a rule without them is refused)
    table = rule.value_table(N, N)
    assert table.grundy.tolist() == g
    assert table.remoteness.tolist() == r
    assert table.cold.tolist() == [[cold[(x, y)] for y in range(N)] for x in range(N)] == c
    # windows anywhere in the square, through the rule's own entry points (Wythoff's kernel, Nim's forms)
    assert rule.grundy_window(7, 3, 20, 30).tolist() == [row[3:33] for row in g[7:27]]
    assert rule.remoteness_window(0, 11, N, 9).tolist() == [row[11:20] for row in r]
    assert bool(grundy_note(rule)) == misere  # misère says what G means there
    if isinstance(rule, KnownValues):
        for x, y in ((0, 0), (5, 9), (N - 1, N - 2)):
            assert rule.closed_values(x, y) == (g[x][y], r[x][y])


def test_the_computer_wins_fastest_and_loses_slowest_where_remoteness_is_known(case):
    text, rule, cold = case
    if text in RECURSION:
        return  # no remoteness: its test above says so
    one, both, diff, misere = _definition(text)
    _, _, rem = values_by_definition(N, N, one, both, diff, misere)
    rng = random.Random(5)
    for _ in range(25):
        start = (rng.randrange(N), rng.randrange(N))
        game = Game(rule, start, human_first=False, remoteness=lambda x, y: rem[x][y])
        if game.over:
            continue
        move = game.computer_move()
        targets = list(rule.spec.targets(*start))
        if cold[start]:  # losing: the longest delay
            assert rem[move.target[0]][move.target[1]] == max(rem[t[0]][t[1]] for t in targets)
        else:  # winning: the fastest win, and a win
            wins = [t for t in targets if cold[t]]
            assert cold[move.target] and rem[move.target[0]][move.target[1]] == min(rem[t[0]][t[1]] for t in wins)
        # a whole game between two such players lasts exactly the remoteness of its start
        game = Game(rule, start, human_first=False, remoteness=lambda x, y: rem[x][y])
        while not game.over:
            game.human_first = len(game.movers) % 2 == 1  # both sides are the computer here
            game.computer_move()
        assert len(game.path) - 1 == rem[start[0]][start[1]]


def test_capabilities_are_declared_by_type_and_answer_by_the_definition(case):
    """What a rule can do is its type: `isinstance` says it, and what it says holds. A rule with
    cold pairs lists exactly the cold cells x <= y, in increasing x, each at its own index; a
    construction places exactly the cold cells; a growing rule grows its bound; a rule without
    pairs is a solved square, or exact everywhere (a closed form)."""
    _, rule, cold = case
    upper = sorted((x, y) for (x, y), c in cold.items() if c and x <= y and max(x, y) < N)
    if isinstance(rule, ColdPairs):
        pairs = []
        while not pairs or pairs[-1][0] < N:  # pairs come in increasing x
            pairs.append(rule.cold_pair(len(pairs)))
        pairs.pop()
        assert [p for p in pairs if p[1] < N] == upper, rule.key
        assert all(x <= y for x, y in pairs) and len({x for x, _ in pairs}) == len(pairs)
        xs, ys = rule.cold_pairs(0, len(pairs))
        assert list(zip(map(int, xs), map(int, ys), strict=True)) == pairs
        for k, (x, y) in enumerate(pairs):
            if y < N:
                assert rule.cold_index(x, y) == rule.cold_index(y, x) == k
        for x in range(N):
            for y in range(N):
                if not cold[(x, y)]:
                    assert rule.cold_index(x, y) is None
    elif rule.bound is None:  # exact everywhere without pairs (2- and 3-blocking's closed forms)
        far = 10**30
        assert rule.cold_count(far, far) > 0 and isinstance(rule.is_cold(far, 2 * far + 1), bool), rule.key
        assert not isinstance(rule, Growing), rule.key
    else:
        assert not isinstance(rule, Growing), rule.key  # a square, solved
    if isinstance(rule, Constructed):
        placed: set[tuple[int, int]] = set()
        k = rule.construction_start(0, 0)
        for _ in range(N * N):
            try:
                step = rule.construction_step(k)
            except OutOfBounds:
                break
            if min(step.cell) >= N:
                break
            assert rule.construction_placed(k) == step.placed, (rule.key, k)
            for cell in step.placed:
                placed.add(cell)
                assert cold[cell] if max(cell) < N else True, (rule.key, k, cell)
            if max(step.cell) < N:
                assert rule.construction_order(*step.cell) == k
            k += 1
        inside = {cell for cell in placed if max(cell) < N}
        assert inside >= {cell for cell, c in cold.items() if c and max(cell) < min(N, 12)}, rule.key
    if isinstance(rule, Growing):
        # the window grows it on a worker: in a copy, taken by the rule on the GUI thread
        assert isinstance(rule, WorkingCopies), rule.key
        start = rule.bound
        assert start is not None
        copy = grown(rule, start)
        assert copy == rule and copy.bound is not None and copy.bound > start and rule.bound == start
        assert adopt(rule, copy) and rule.bound == copy.bound
        before = rule.bound
        assert before is not None and rule.reach_limit(1 << 30) > before
        need = rule.reach_bytes(before)
        assert need > 0 and rule.reach_bytes(before - 1) == 0  # known before: nothing to solve below the bound
        rule.reach(before)  # one column past what is solved: the bound grows past it
        assert rule.bound is not None and rule.bound > before
        assert rule.nbytes <= need  # what it keeps is within the peak it said it needs
    if answers_text(rule):
        # its batches are answered from text to text by Wythoff's closed forms, compiled: the text
        # kernel (as numba's JIT compiles it) answers as the definition does
        _text_answers_match(rule, cold)
    if isinstance(rule, CertifiedRows):
        rows = rule.grundy_rows(3)
        g, _, _ = values_by_definition(N, N, *_definition(case[0]))
        assert all(rows.value(x, y) == g[x][y] for x in range(3) for y in range(N) if rows.knows(x, y))


def _text_answers_match(rule: Rule, cold: dict[tuple[int, int], bool]) -> None:
    import io

    from explorer.core.textio import answer_jit, text_batch

    grid = np.array([[cold[(x, y)] for y in range(N)] for x in range(N)], dtype=np.int64)
    cells = [(x, y) for x in range(N) for y in range(N)]
    text = f"{len(cells)}\n" + "".join(f"{x} {y}\n" for x, y in cells)
    for kind, words, want in (
        (text_batch.COUNTS, (b"", b""), "".join(f"{grid[: x + 1, : y + 1].sum()}\n" for x, y in cells)),
        (text_batch.VERDICTS, (b"H", b"C"), "".join("C\n" if cold[c] else "H\n" for c in cells)),
    ):
        got = text_batch.stream_text(answer_jit.answer_text, io.BytesIO(text.encode()), kind, True, words)
        out = io.BytesIO()
        got.write_to(out)  # type: ignore[union-attr]
        assert out.getvalue().decode() == want, rule.key


def test_the_protocols_stay_small():
    """The core protocol has at most 16 members; each capability a handful."""
    from explorer.core import protocol

    def members(proto: type) -> set[str]:
        return {n for n, v in vars(proto).items() if not n.startswith("_") and (callable(v) or isinstance(v, property))}

    assert len(members(protocol.Rule)) <= 16, sorted(members(protocol.Rule))
    for proto in (Valued, KnownValues, CertifiedRows, ColdPairs, Constructed, Growing, WorkingCopies, TextAnswers):
        assert 1 <= len(members(proto)) <= 4, (proto, sorted(members(proto)))
