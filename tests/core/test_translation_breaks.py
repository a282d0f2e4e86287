"""Issue 64: where the translation of an alteration fails, not only how often. The cells that break
the best shift are found here by brute force from each rule's own cells, and the claim about them
(pairs near Fibonacci indices break it far out) is checked by a second solver before it is relied on."""

from __future__ import annotations

import json

import pytest

from explorer.cli import main
from explorer.core.analysis.compare import best_translation, translation_breaks
from explorer.core.rules import parse_rule
from explorer.core.rules.closed import Wythoff
from explorer.core.rules.recursion import AlteredRule


@pytest.mark.parametrize(
    ("first", "second", "n"), [("alter:terminal=2", "wythoff", 700), ("alter:terminal=3", "nim", 300)]
)
def test_the_breaks_are_the_cells_the_shift_does_not_lay_on_one_another(first, second, n):
    a, b = parse_rule(first), parse_rule(second)
    t = best_translation(a, b, n)
    got = translation_breaks(a, b, n, t)
    cold_a = {(x, y) for x in range(n) for y in range(n) if a.is_cold(x, y)}
    cold_b = {(x, y) for x in range(n) for y in range(n) if b.is_cold(x, y)}

    def inside(x: int, y: int) -> bool:
        return 0 <= x < n and 0 <= y < n

    lost = sorted(c for c in cold_a if inside(c[0] + t.dx, c[1] + t.dy) and (c[0] + t.dx, c[1] + t.dy) not in cold_b)
    missed = sorted(c for c in cold_b if inside(c[0] - t.dx, c[1] - t.dy) and (c[0] - t.dx, c[1] - t.dy) not in cold_a)
    assert (got.first, got.second) == (lost, missed)
    assert (got.first_count, got.second_count) == (len(lost), len(missed))
    laid = [c for c in cold_a if (c[0] + t.dx, c[1] + t.dy) in cold_b]
    assert t.matched == len(laid)  # what is laid on one another, and what breaks: every image inside
    assert len(laid) + len(lost) == sum(inside(x + t.dx, y + t.dy) for x, y in cold_a)


@pytest.mark.slow
def test_far_out_the_pairs_near_fibonacci_indices_break_it_as_a_second_solver_says():
    """(985, 1595) is hot under x + y <= 2 terminal and (985, 608) cold: the column walk and the square
    solver (solve_counting, cell by cell on [0, 2048)²) agree; and the shift (2, 2) breaks there."""
    walk = parse_rule("alter:terminal=2")
    square = AlteredRule(Wythoff(), (), (), 2, 2048)
    for cell, cold in (((985, 1595), False), ((985, 608), True), ((608, 985), True), ((1595, 985), False)):
        assert walk.is_cold(*cell) == square.is_cold(*cell) == cold, cell
    t = best_translation(walk, parse_rule("wythoff"), 2048)
    assert (t.dx, t.dy) == (2, 2)
    breaks = translation_breaks(walk, parse_rule("wythoff"), 2048, t)
    assert (985, 608) in breaks.first and (608, 985) in breaks.first
    assert breaks.first_count < 40 < t.matched  # a few dozen of some 1,550: agreement in density


def test_compare_lists_the_breaking_cells(capsysbinary):
    code = main(
        ["compare", "alter:terminal=2;n=1024", "wythoff", "0", "0", "10", "10", "--translation", "500", "--json"]
    )
    doc = json.loads(capsysbinary.readouterr()[0])
    assert code == 0 and doc["breaks_first"] == len(doc["breaking_first"]) > 0
    assert [608 in c for c in doc["breaking_first"]] == [False] * len(doc["breaking_first"])  # 608 lies past 500
    assert [5, 10] in doc["breaking_first"] and [8, 13] in doc["breaking_second"]
