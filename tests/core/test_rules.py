"""Rule-specific facts beyond the conformance suite: scale, partners, the registry's words."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.rules import Amounts, CustomRule, MoveSpec, Rule, UnknownRule, parse_rule
from explorer.core.rules.custom import cold_table
from tests.oracles import variant_cold

N = 50
RULES = {
    "wythoff": ("any", "any", 1, False),
    "nim": ("any", None, 1, False),
    "misere": ("any", "any", 1, True),
    "wythoff:2": ("any", "any", 2, False),
    "wythoff:3": ("any", "any", 3, False),
    "wythoff:7": ("any", "any", 7, False),
}


@pytest.mark.parametrize("name", RULES)
def test_partners_and_pairs(name):
    one, both, diff, misere = RULES[name]
    rule = parse_rule(name)
    cold = variant_cold(N, one, both, diff, misere)
    for x in range(N):
        p = rule.partner(x)
        assert [y for y in range(N) if cold[(x, y)]] == ([p] if p < N else [])
    pairs = sorted({tuple(sorted(p)) for p, c in cold.items() if c})
    assert [rule.cold_pair(k) for k in range(len(pairs))][: len(pairs) // 2] == pairs[: len(pairs) // 2]


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 40), st.integers(0, 10**60))
def test_a_wythoff_pairs_and_counts_at_scale(a, n):
    rule = parse_rule(f"wythoff:{a}")
    lo, hi = rule.cold_pair(n)
    assert hi - lo == a * n and rule.is_cold(lo, hi) and rule.is_cold(hi, lo)
    assert rule.partner(lo) == hi and rule.partner(hi) == lo
    # A_n = floor(n * alpha): its count function steps exactly there
    if n:
        assert rule.lower_count(lo) == n and rule.lower_count(lo - 1) == n - 1
    for m in rule.winning_moves(lo, hi + 1):
        assert rule.is_cold(*m.target)


def test_large_a_answers_without_a_loop_over_a():
    rule = parse_rule("wythoff:1000000")
    x, y = 10**4000 + 7, 10**4000 + 123456789
    moves = rule.winning_moves(x, y)  # a loop over 2a differences would take seconds
    assert moves and all(rule.is_cold(*m.target) and rule.is_legal((x, y), m.target) for m in moves)


def test_unknown_rules_are_named():
    for bad in ("foo", "wythoff:0", "wythoff:x", "wythoff:", "nim:3", "custom:one=x", "custom:n=0", "custom:q=1"):
        with pytest.raises(UnknownRule):
            parse_rule(bad)
    with pytest.raises(UnknownRule, match="valid rules"):
        parse_rule("chess")


def test_custom_input_is_checked():
    assert Amounts.parse("powers of 4").values[:6] == (1, 4, 16, 64, 256, 1024)
    assert Amounts.parse("powers of 4").text() == "powers of 4"
    assert Amounts.parse("1, 3 ,9").text() == "1 3 9"
    for bad in ("powers of 1", "1,,x", "-3", "powers of four"):
        with pytest.raises(ValueError):
            Amounts.parse(bad)
    with pytest.raises(ValueError):
        MoveSpec(Amounts.parse("none"), Amounts.parse("none"))
    with pytest.raises(ValueError):
        cold_table(MoveSpec(), 10**5)
    rule = CustomRule(MoveSpec(Amounts.parse("2,3"), Amounts.parse("none")), 64)
    assert parse_rule(rule.key) == rule and "2, 3" in rule.title


def test_rules_and_specs_are_values():
    """Rules and move specs compare, hash and print by their parameters and cannot be changed
    (they were frozen dataclasses; `explorer.core.frozen` keeps that without importing
    dataclasses and inspect)."""
    from explorer.core.rules import ANY, NONE, Fraenkel, Misere, Nim, Wythoff

    assert Fraenkel(3) == Fraenkel(3) and hash(Fraenkel(3)) == hash(Fraenkel(3))
    assert Fraenkel(3) != Fraenkel(4) and Wythoff() == Wythoff() and Nim() != Wythoff()
    assert Misere() != Wythoff() and Wythoff() != Misere()  # a subclass is another rule
    assert len({Wythoff(), Wythoff(), Misere(), Fraenkel(2), Fraenkel(2), Nim()}) == 4
    spec = MoveSpec(Amounts.parse("2,3"), NONE, 2)
    assert spec == MoveSpec(Amounts.of([3, 2]), Amounts(), 2) and spec != MoveSpec(Amounts.parse("2,3"), NONE, 1)
    assert hash(spec) == hash(MoveSpec(Amounts.of([2, 3]), NONE, 2)) and MoveSpec() == MoveSpec(ANY, ANY, 1)
    names = {"Fraenkel": Fraenkel, "Wythoff": Wythoff, "Nim": Nim, "MoveSpec": MoveSpec, "Amounts": Amounts}
    for value in (Fraenkel(7), Wythoff(), Nim(), spec, ANY):
        assert eval(repr(value), names) == value  # the repr is a constructor call
    for value, name in ((Fraenkel(3), "a"), (Wythoff(), "a"), (spec, "difference"), (ANY, "every")):
        with pytest.raises(AttributeError):
            setattr(value, name, 5)
    # a custom rule is its spec, side and play; the solved table follows from them
    one = CustomRule(MoveSpec(Amounts.parse("1,2"), NONE), 32)
    assert one == CustomRule(MoveSpec(Amounts.parse("2,1"), NONE), 32) and hash(one) == hash(parse_rule(one.key))
    assert one != CustomRule(MoveSpec(Amounts.parse("1,2"), NONE), 33)
    assert one != CustomRule(MoveSpec(Amounts.parse("1,2"), NONE), 32, misere=True)
    assert CustomRule() == CustomRule(MoveSpec(), 512, False)


def test_a_position_far_along_a_generated_sequence_is_reported_on_a_worker():
    """A move-vector rule finds its winning moves by looking along each ray's line behind the
    position, a step per column: far out that belongs on a worker (the long soak saw 389 ms on
    the GUI thread at 2^24 columns). Closed-form rules go there only for numbers of thousands of
    digits."""
    from explorer.core.rules.registry import parse_rule
    from explorer.session.jobs import off_thread

    def position_in_background(rule: Rule, x: int, y: int) -> bool:
        return off_thread(rule.cost(x, y, x, y))

    gdwn, wythoff = parse_rule("gdwn:1,2"), parse_rule("wythoff")
    gdwn.reach(1 << 21)
    assert not position_in_background(gdwn, 300, 500)
    assert position_in_background(gdwn, 1 << 20, 1 << 21)
    assert not position_in_background(wythoff, 1 << 20, 1 << 21)
    assert position_in_background(wythoff, 10**7000, 3)


def test_a_sequence_raster_whose_texels_reach_past_the_view_is_drawn_on_a_worker():
    """Long soak, seed 20261125: a view 10^672 cells wide ending at a small column held few solved
    columns, but its one texel on the board, [0, step), held all of them (1.8 s on the GUI thread)."""
    from explorer.core.rules.vectors import COLUMN_NS
    from explorer.session.jobs import BACKGROUND_NS, off_thread

    RASTER_SYNC_COLUMNS = BACKGROUND_NS // COLUMN_NS  # the columns a raster scans on the GUI thread at most
    rule = parse_rule("maharaja")
    rule.reach(4 * RASTER_SYNC_COLUMNS)
    n = rule.bound
    width = 10**672
    x_lo, x_hi = 100_000 - width, 100_000  # fewer than RASTER_SYNC_COLUMNS columns in view
    step = width // 700
    r = rule.raster(x_lo, 0, x_hi, width, step)
    assert r.tx0 == 0 and r.step > n  # the texel covers every solved column, not only those in view
    assert off_thread(rule.cost(x_lo, 0, x_hi, width))
    assert not off_thread(rule.cost(n + 10**6, 0, n + 10**6 + 100, 100))  # a narrow view past them


def test_misere_cold_pairs_in_bulk_are_its_cold_cells_by_the_definition():
    """Misère's pairs come in bulk (Wythoff's, the first two replaced) rather than a Python tuple
    at a time: every upper cold cell x <= y of [0, 60)² by the definition, in order, and the same
    pairs from any start."""
    from explorer.core.rules.registry import parse_rule
    from tests.oracles import variant_cold

    n = 60
    cold = variant_cold(n, "any", "any", 1, misere=True)
    want = sorted((x, y) for (x, y), c in cold.items() if c and x <= y and y < n)
    rule = parse_rule("misere")
    xs, ys = rule.cold_pairs(0, len(want))
    got = [(int(a), int(b)) for a, b in zip(xs, ys, strict=True)]
    assert got == want  # the pairs with y < 60 are a prefix: the next, (37, 60), leaves the square
    for start in (0, 1, 2, 7):
        xs, ys = rule.cold_pairs(start, 5)
        assert [(int(a), int(b)) for a, b in zip(xs, ys, strict=True)] == got[start : start + 5]


@pytest.mark.slow  # the definition on a large square, 1-1.6 s each: make test's
@pytest.mark.parametrize("a", [2, 3, 7])
def test_fraenkel_cold_pairs_come_in_bulk_and_are_its_cold_cells_by_the_definition(a, monkeypatch):
    """a-Wythoff's pairs come as int64 arrays from the exact int64 formula rather than a pair at a
    time in Python (a million pairs for the Structure tab held the GIL on a worker: a 208 ms GUI
    stall, long soak, seed 20261410): every upper cold cell of [0, 80)² by the definition, in
    order; the same pairs from any start; and the exact pairs at the end of the int64 range,
    where the bulk form hands over to Python integers."""
    from explorer.core.game import bulk
    from explorer.core.rules.closed import Fraenkel

    n = 80
    cold = variant_cold(n, "any", "any", a)
    want = sorted((x, y) for (x, y), c in cold.items() if c and x <= y and y < n)
    rule = parse_rule(f"wythoff:{a}")
    xs, ys = rule.cold_pairs(0, len(want))
    assert getattr(xs, "dtype", None) == "int64"
    assert [(int(p), int(q)) for p, q in zip(xs, ys, strict=True)] == want
    for start in (1, 3, len(want) - 2):
        xs, ys = rule.cold_pairs(start, 2)
        assert [(int(p), int(q)) for p, q in zip(xs, ys, strict=True)] == want[start : start + 2]
    calls = [0]
    one_pair = Fraenkel._pair

    def counted(self, k):  # type: ignore[no-untyped-def]
        calls[0] += 1
        return one_pair(self, k)

    monkeypatch.setattr(Fraenkel, "_pair", counted)
    xs, ys = rule.cold_pairs(1000, 100_000)
    assert calls[0] <= 2 and len(xs) == 100_000  # not a pair at a time
    assert (int(xs[-1]), int(ys[-1])) == one_pair(rule, 100_999)
    monkeypatch.undo()
    top = bulk.max_index(a)
    for start in (top - 3, top + 1):
        xs, ys = rule.cold_pairs(start, 3)
        assert [(int(p), int(q)) for p, q in zip(xs, ys, strict=True)] == [
            Fraenkel.cold_pair(rule, k) for k in range(start, start + 3)
        ]
