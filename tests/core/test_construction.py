"""Build mode's steps (issue 30), for every rule of the conformance suite, against brute force:
after step k the cells placed are exactly the cold cells of the first k pairs (or, for a rule
solved on a square, of the first k cells of its solve); every cell a step's lines and dots make
hot is hot and can move onto what the step placed."""

from __future__ import annotations

import pytest

from explorer.core.analysis.construction import Line, clip
from explorer.core.rules import parse_rule
from tests.core.test_rule_conformance import CASES, N, _solve_from_legal_moves


@pytest.fixture(scope="module", params=list(CASES))
def case(request):  # type: ignore[no-untyped-def]
    rule = parse_rule(request.param)
    return request.param, rule, _solve_from_legal_moves(rule)


def test_the_steps_place_exactly_the_cold_cells_in_order(case):
    _, rule, cold = case
    square = rule.construction_order(0, 0) == 0 and rule.construction_order(0, 1) == 1  # decided cell by cell
    placed: set[tuple[int, int]] = set()
    k = 0
    while True:
        if square and k >= N * N:
            break
        step = rule.construction_step(k)
        x, y = step.cell
        if not square and min(x, y) >= N:
            break
        if square:
            if (x, y) in cold:  # the solve's order: column after column, each upwards
                assert bool(step.placed) == cold[(x, y)], step
            placed |= set(step.placed)
            if k % N == N - 1:  # at the end of each column
                done = {c for c, v in cold.items() if v and c[0] * rule.bound + c[1] <= k}
                assert placed & set(cold) == done, k
            for t in step.dots:  # the cold cell a hot cell reaches
                assert cold.get(t, True) and rule.is_legal((x, y), t)
        else:
            assert x <= y
            placed |= set(step.placed)
            # after step k: every cold cell with its smaller pile at most x, and no other
            want = {c for c, v in cold.items() if v and min(c) <= x}
            assert placed & set(cold) == want, k
            for line in step.lines:
                ends = clip(line, 0, 0, N - 1, N - 1)
                if ends is None:
                    continue
                (ax, ay), (bx, by) = ends
                p, q = line.direction
                t = 0
                while (ax + t * p, ay + t * q) != (bx + p, by + q):
                    c = (ax + t * p, ay + t * q)
                    assert not cold[c], (step, c)  # made hot by this step
                    assert any(rule.is_legal(c, s) for s in step.placed), (step, c)
                    t += 1
            for d in step.dots:
                if max(d) < N:
                    assert not cold[d] and any(rule.is_legal(d, s) for s in step.placed), (step, d)
        assert step.caption
        k += 1
        if k > 4 * N * N:
            raise AssertionError("no end")


def test_a_view_far_out_starts_at_its_own_pair_with_exact_numbers():
    rule = parse_rule("wythoff")
    x = 10**18
    k = rule.construction_start(x, x)
    a, b = rule.cold_pair(k)
    assert a >= x and rule.cold_pair(k - 1)[0] < x
    step = rule.construction_step(k)
    assert step.cell == (a, b) and f"a_{k} = {a}" in step.caption and f"b_{k} = {a} + {k} = {b}" in step.caption


def test_clip_is_exact_at_any_size():
    big = 10**100
    line = Line((big, big + 3), (1, 1))
    assert clip(line, big, big, big + 10, big + 10) == ((big, big + 3), (big + 7, big + 10))
    assert clip(Line((5, 0), (0, 1)), 0, 0, 4, 9) is None
    assert clip(Line((0, 0), (2, 1)), 3, 0, 9, 9) == ((4, 2), (8, 4))


def _cells_on(line, limit: int):  # type: ignore[no-untyped-def]
    from explorer.core.analysis.construction import line_end

    end = line_end(line)
    if end is None:
        return []
    (x, y), (p, q) = line
    out = []
    while (x, y) != (end[0] + p, end[1] + q):
        out.append((x, y))
        x, y = x + p, y + q
        if len(out) > limit:
            raise AssertionError("a line that does not end")
    return out


def test_why_draws_every_move_and_rings_exactly_the_winning_targets(case):
    """For random positions under every rule: the cells on the drawn lines and the dots are the
    rule's moves, exactly; the cold ones among them are the targets of the winning moves by brute
    force; a cold position has none."""
    import random

    from explorer.core.analysis.construction import why

    _, rule, cold = case
    rng = random.Random(30)
    for _ in range(25):
        x, y = rng.randrange(N), rng.randrange(N)
        w = why(rule, x, y)
        reached = [c for line in w.lines for c in _cells_on(line, 4 * N)] + list(w.dots)
        assert len(reached) == len(set(reached)) and set(reached) == set(rule.legal_moves(x, y)), (x, y)
        on_lines = {c for c in reached if cold[c]}
        assert set(w.targets) == on_lines, (x, y)
        assert w.cold == cold[(x, y)] and (not w.cold or not w.targets)
        assert w.sentences and (w.cold or len(w.sentences) == len(w.targets) or not reached)


def test_why_works_at_any_size():
    from explorer.core.analysis.construction import clip, why

    rule = parse_rule("wythoff")
    big = 10**100
    w = why(rule, big, big + 7)
    assert not w.cold and len(w.targets) in (1, 2, 3)
    for t in w.targets:
        assert rule.is_cold(*t) and rule.is_legal((big, big + 7), t)
        assert any(clip(line, t[0], t[1], t[0], t[1]) for line in w.lines)  # each target lies on a drawn line


def test_why_writes_huge_numbers_short():
    """Why? of a 7 000-digit position wrote every number in full: 56 172 characters in a word-wrapped
    label, whose layout stalled the window 160-380 ms (a long soak, seed 20261158). Its sentences
    write them as the inspector does, first and last digits and the length."""
    from explorer.core.analysis.construction import why
    from explorer.core.game.moves import Move

    rule = parse_rule("wythoff:7")
    a = 4394898308 * 10**6990 + 5787130156
    w = why(rule, a, 2 * a + 1)
    assert not w.cold and w.sentences
    assert all(len(s) < 400 and "digits" in s for s in w.sentences), w.sentences
    move = Move.between((a, 2 * a + 1), (a - 5, 2 * a + 1))
    assert move.describe() == f"take 5 from pile A → ({a - 5}, {2 * a + 1})"  # the command line's, in full


@pytest.mark.parametrize("key", ["wythoff", "wythoff:3", "wythoff:1000000", "misere", "nim", "maharaja"])
def test_a_views_first_step_is_found_at_once_and_exactly(key):
    """The first pair with its smaller pile at least m, by the rule's own count, equals a plain
    search over the pairs; at 10^800 it is found without searching (build mode far out)."""
    rule = parse_rule(key)
    pairs = [rule.cold_pair(k) for k in range(120)]
    for m in range(0, 60):
        want = next(k for k, (a, _) in enumerate(pairs) if a >= m)
        assert rule.construction_start(m, m + 3) == want, (key, m)
    if rule.bound is None:
        big = 10**800 + 12345
        k = rule.construction_start(big, big)
        assert rule.cold_pair(k)[0] >= big > rule.cold_pair(k - 1)[0]
