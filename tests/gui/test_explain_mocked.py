"""Showing why (issue 30) with mocked views: build mode, Why? and a perfect game, each a plain
controller given a mocked grid, panel and inspector (tests/gui/mocked.py), checked against brute
force by the game's definition. What these draw is session state (`session.overlay`,
`session.marks`); the window's own tests (test_explain.py) look at the pixels."""

from __future__ import annotations

import pytest

from explorer.core.analysis.construction import why
from explorer.core.render.animation import perfect_game
from explorer.core.rules import parse_rule
from tests.gui.mocked import Parts
from tests.oracles import Vectors, cold_table, values_by_definition, variant_cold, vector_cold_square

GAMES = {"wythoff": Vectors([(1, 0), (1, 1)]), "maharaja": Vectors([(1, 0), (1, 1)], [(1, 2)])}


@pytest.mark.parametrize("key", list(GAMES))
def test_build_mode_places_exactly_the_cold_cells_step_by_step(key):
    p = Parts(key)
    s = p.session
    cold = vector_cold_square(60, GAMES[key])
    p.builder.start()
    assert s.build == (0, 0) and s.marks.cell is None
    for _ in range(7):
        p.builder.step(1)  # "]"
    first, k = s.build
    assert (first, k) == (0, 7)
    step = s.rule.construction_step(k)
    x = step.cell[0]
    want = {(a, b) for a in range(60) for b in range(60) if cold[a][b] and min(a, b) <= x}
    assert set(s.overlay.cells) == want
    assert s.overlay.veil and set(s.overlay.outlined) == set(step.placed)
    index, count, caption, playing = p.build_panel.set_step.call_args.args
    assert (index, playing) == (7, False) and f"Step {k}" in caption and count == p.builder.count
    p.builder.scrub(3)
    assert s.build == (0, 3)
    p.builder.step(-1)  # "["
    assert s.build == (0, 2)
    p.builder.toggle_play()
    assert p.builder.playing
    p.scheduler.tick()
    p.scheduler.tick()
    assert s.build == (0, 4)
    p.builder.toggle_play()
    assert not p.builder.playing
    p.builder.close()
    assert s.build is None and s.overlay is None
    p.build_panel.set_off.assert_called()


@pytest.mark.parametrize(
    ("key", "oracle"),
    [
        ("wythoff", lambda n: variant_cold(n, "any", "any", 1)),
        ("misere", lambda n: variant_cold(n, "any", "any", 1, misere=True)),
        ("wythoff:2", lambda n: variant_cold(n, "any", "any", 2)),
        ("maharaja", lambda n: variant_cold(n, GAMES["maharaja"], None, 1)),
        ("custom:one=1 2 3;both=1;a=1;n=48", lambda n: variant_cold(n, {1, 2, 3}, {1}, 1)),
    ],
)
def test_build_mode_away_from_the_origin_veils_all_but_the_cells_placed_before(key, oracle):
    """Started on a view whose first step is not 0, build mode shows the cold cells in view that
    earlier steps placed: exactly the cells cold by the game's definition whose step comes before
    the first (the view's cold cells come from the rule's raster, each asked only its step)."""
    p = Parts(key, view=(14, 9, 41, 31))
    rule = p.session.rule
    p.builder.start()
    first, _ = p.session.build
    assert first > 0
    cold = oracle(48)

    def placed_before(step: int) -> set[tuple[int, int]]:
        return {
            (x, y)
            for x in range(14, 41)
            for y in range(9, 31)
            if cold[(x, y)] and (order := rule.construction_order(x, y)) is not None and order < step
        }

    assert set(p.builder.earlier) == placed_before(first)
    later = 10**6
    assert placed_before(later) and set(p.builder._earlier_cells(rule, later)) == placed_before(later)


def test_build_mode_far_out_does_not_ask_each_cell_in_view(monkeypatch):
    """Starting build mode on 4 900 cells of 700-digit numbers under misère took 459 ms when each
    cell was asked whether it is cold: the view's cold cells come from its raster."""
    far = 10**700
    p = Parts("misere", view=(far, far // 2, far + 70, far // 2 + 70))
    rule = p.session.rule
    asked = []
    original = type(rule).is_cold
    monkeypatch.setattr(type(rule), "is_cold", lambda self, x, y: asked.append((x, y)) or original(self, x, y))
    p.builder.start()
    assert p.session.build is not None and p.builder.veil
    assert len(asked) < 10, len(asked)


def test_build_mode_under_a_square_rule_decides_cell_by_cell():
    p = Parts("custom:one=1 2 3;both=1;a=1;n=16", view=(0, 0, 16, 16))
    p.builder.start()
    for _ in range(20):
        p.builder.step(1)
    first, k = p.session.build
    rule = p.session.rule
    want = {(x, y) for x in range(16) for y in range(16) if x * 16 + y <= k and rule.is_cold(x, y)}
    assert first == 0 and set(p.session.overlay.cells) == want
    caption = p.build_panel.set_step.call_args.args[2]
    assert "is hot" in caption or "is cold" in caption


def test_the_build_timeline_holds_the_steps_about_the_view():
    """The timeline was always 400 steps; at a view of 14 pairs, Play ran two minutes with nothing
    changing. It holds the steps whose pairs reach the view."""
    p = Parts(view=(0, 0, 31, 21))
    p.builder.start()
    stop = 31
    cold = cold_table(2 * stop + 4)
    pairs = sum(1 for x in range(stop) for y in range(x, 2 * stop + 4) if cold[x][y])
    assert p.builder.count == pairs < 400
    p.builder.toggle_play()
    ticks = p.run_timers()
    assert ticks == pairs and p.session.build == (0, pairs - 1) and not p.builder.playing  # the last tick stops it


def test_build_mode_beyond_the_solved_pairs_turns_off_and_says_why():
    """Build mode on, then started again at a view past the pairs a sequence has solved: the panel
    says why it cannot start, and the model keeps no old step."""
    p = Parts("maharaja")
    p.builder.start()
    p.builder.step(3)
    assert p.session.build is not None
    far = p.session.rule.bound + 10**6  # past what is solved
    p.show((far, far, far + 31, far + 21))
    p.builder.start()
    assert p.session.build is None and p.session.overlay is None
    assert "beyond" in p.last(p.build_panel.set_off)


def test_scrubbing_to_the_end_of_a_square_rule_works_out_only_the_step_shown(monkeypatch):
    """A scrub to the end of a square rule's timeline must not work out every step's winning moves
    (255 ms); the steps passed over give only the cells they place, and the overlay still holds
    exactly the cold cells decided so far, by the definition."""
    from explorer.core.rules.custom import SquareRule

    p = Parts("custom:one=any;both=any;a=1;n=64")
    cold = variant_cold(64, "any", "any", 1)
    p.builder.start()
    full = [0]
    real = SquareRule.construction_step

    def counted(self, k):  # type: ignore[no-untyped-def]
        full[0] += 1
        return real(self, k)

    monkeypatch.setattr(SquareRule, "construction_step", counted)
    p.builder.scrub(p.builder.count - 1)
    first, k = p.session.build
    assert k - first == p.builder.count - 1 > 100
    assert full[0] == 1  # the step shown, not every step before it
    n = p.session.rule.bound
    decided = {divmod(i, n) for i in range(first, k + 1)}
    assert {c for c in p.session.overlay.cells if c in decided} == {c for c in decided if cold[c]}


@pytest.mark.parametrize(("a", "b"), [(9, 14), (8, 13), (0, 0), (17, 30)])
def test_why_rings_exactly_the_winning_targets(a, b):
    p = Parts()
    s = p.session
    cold = vector_cold_square(40, GAMES["wythoff"])
    p.selection.request(a, b)
    p.why.ask_why()
    moves = GAMES["wythoff"].moves(a, b)
    assert set(s.overlay.ringed) == {t for t in moves if cold[t[0]][t[1]]}
    text = p.last(p.inspector.set_why)
    assert ("is cold" in text or "No move" in text) if cold[a][b] else "a cold cell" in text
    p.selection.request(5, 7)  # Why? follows the selection
    assert s.why == (5, 7) and set(s.overlay.ringed) == {(3, 5), (4, 7), (5, 3)}
    p.why.ask_why()  # off again
    assert s.why is None and s.overlay is None and p.last(p.inspector.set_why) == ""


def test_why_with_nothing_selected_says_so():
    p = Parts()
    p.why.ask_why()
    assert p.session.why is None and "Select a position" in p.said[-1]


def test_why_far_out():
    big = 10**30
    p = Parts()
    p.selection.request(big, big + 7)
    p.why.ask_why()
    targets = set(p.session.overlay.ringed)
    assert targets == {m.target for m in p.session.report.moves} and targets


def test_a_why_answer_for_a_position_no_longer_asked_is_dropped():
    """Why? runs on a worker: an answer that arrives after the selection or the rule changed is
    not shown."""
    p = Parts()
    s = p.session
    p.selection.request(9, 14)
    p.why.ask_why()
    p.selection.request(5, 7)
    assert s.why == (5, 7) and set(s.overlay.ringed) == {(3, 5), (4, 7), (5, 3)}
    stale = s.rule
    p.why._why_arrived(stale, (9, 14), why(stale, 9, 14))  # late, for the old selection
    assert set(s.overlay.ringed) == {(3, 5), (4, 7), (5, 3)}
    s.rule = parse_rule("nim")
    p.why._why_arrived(stale, (5, 7), why(stale, 5, 7))  # late, under the old rule
    assert s.overlay is None


def test_show_perfect_play_is_a_perfect_game():
    _, _, rem = values_by_definition(20, 20, "any", "any", 1)
    p = Parts()
    s = p.session
    s.values.grow(32)  # R known where the game starts: the loser's longest delays
    p.selection.request(9, 14)
    p.demo.show_perfect_play()
    want = perfect_game(s.rule, (9, 14), lambda x, y: rem[x][y])
    assert list(s.demo) == want and len(want) - 1 == rem[9][14]
    assert p.demo.demo_playing
    ticks = p.run_timers()
    assert ticks == len(want) and not p.demo.demo_playing  # a move a tick; the last tick stops it
    assert list(s.marks.path) == want and "wins" in p.last(p.inspector.set_why)
    p.selection.request(4, 4)  # a new selection: the game shown goes
    assert s.demo == () and s.marks.path == ()
