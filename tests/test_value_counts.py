"""Counting cells of one value (issue 65): `count --value`, its batches, the Queries tab and the
notebook ask the one place that plans counts (explorer.core.value_counts), and give the same
answer for the same rectangle under every rule that has values, checked against G by the game's
definition. Before, `count 30 30 --value 2` was refused under wythoff:2, wythoff:3 and custom
rules ("its Grundy values far out are not sequences") though the window answered it, and under
misère play the refusal spoke of sums."""

from __future__ import annotations

import functools
import json
import random
from unittest.mock import MagicMock

import pytest

import explorer as wx
from explorer.core.rules import parse_rule
from explorer.core.value_counts import Rects, SequenceCells
from explorer.core.value_source import COMMAND, ValueCache
from explorer.gui.controllers.queries import QueryController
from explorer.session.events import follow
from explorer.session.jobs import InlineJobs
from explorer.session.model import GRUNDY, Session
from explorer.session.views import QueryView
from tests.oracles import values_by_definition
from tests.test_cli import cli  # noqa: F401  (the fixture)

N = 48
# rule text -> the oracle's words for its moves (tests/oracles.variant_moves) and misère
RULES = {
    "wythoff": ("any", "any", 1, False),
    "wythoff:2": ("any", "any", 2, False),
    "wythoff:3": ("any", "any", 3, False),
    "misere": ("any", "any", 1, True),
    "nim": ("any", None, 1, False),
    "custom:one=2 3;both=1;n=64": ({2, 3}, {1}, 1, False),
}


@functools.cache
def grundy(rule: str) -> list[list[int]]:
    one, both, diff, misere = RULES[rule]
    return values_by_definition(N, N, one, both, diff, misere)[0]


def brute(rule: str, v: int, x0: int, y0: int, x1: int, y1: int) -> int:
    g = grundy(rule)
    return sum(g[x][y] == v for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))


@pytest.mark.parametrize("rule", sorted(RULES))
@pytest.mark.parametrize("v", [0, 1, 2, 5, 40])
def test_count_near_the_origin_answers_under_every_rule_with_values(cli, rule, v):  # noqa: F811
    code, out, err = cli(["count", "30", "30", "--value", str(v), "--rule", rule])
    assert (code, err) == (0, "")
    assert int(out) == brute(rule, v, 0, 0, 30, 30)


@pytest.mark.parametrize("rule", sorted(RULES))
def test_strips_and_shuffled_rectangles_agree_through_every_path(cli, rule):  # noqa: F811
    """One rectangle typed, a batch of them shuffled, the notebook and the Queries tab: one answer
    each, the definition's. Strips along both axes, not only squares."""
    rnd = random.Random(rule)
    rects = [(0, 0, 47, 2), (0, 0, 1, 47), (5, 0, 40, 0), (0, 40, 3, 47), (10, 10, 10, 10)]
    for _ in range(20):
        x0, y0 = rnd.randrange(N), rnd.randrange(N)
        rects.append((x0, y0, rnd.randrange(x0, N), rnd.randrange(y0, N)))
    rnd.shuffle(rects)
    v = rnd.choice([0, 1, 3])
    want = [brute(rule, v, *r) for r in rects]
    stdin = f"{len(rects)}\n" + "".join(" ".join(map(str, r)) + "\n" for r in rects)
    code, out, err = cli(["count", "--batch", "--rect", "--value", str(v), "--rule", rule], stdin.encode())
    assert (code, err) == (0, "")
    assert list(map(int, out.split())) == want
    assert [wx.count_values(v, x1, y1, x0, y0, rule=rule) for x0, y0, x1, y1 in rects] == want
    for r, w in zip(rects[:6], want, strict=False):
        code, out, _ = cli(["count", *map(str, r), "--value", str(v), "--rule", rule])
        assert (code, int(out)) == (0, w)
    session, panel = Session(rule=parse_rule(rule)), MagicMock(spec=QueryView)
    queries = follow(QueryController(session, panel, InlineJobs))
    for r, w in zip(rects, want, strict=True):
        queries.run_value_query(GRUNDY, v, *r)
        assert session.queries[-1].count == w, r


def test_far_out_the_sequences_answer_and_the_cold_cells_at_any_size(cli):  # noqa: F811
    huge = 10**400
    code, out, _ = cli(["count", str(huge), str(huge), "--value", "0"])
    assert (code, int(out)) == (0, wx.Wythoff().cold_count(huge, huge))
    code, out, _ = cli(["count", "2000", "3000", "--value", "2", "--json"])
    assert code == 0 and '"method": "G=2 corner"' in out  # a corner of about a second: before the sequences
    by_corner = json.loads(out)["count"]
    # the second source on the same rectangle: value 2's sequence
    values = ValueCache(parse_rule("wythoff"), limits=COMMAND)
    rects = Rects.of([0], [0], [2000], [3000])
    assert int(SequenceCells().count(values, GRUNDY, 2, rects, None).counts[0]) == by_corner
    code, out, _ = cli(["count", "50000", "90000", "--value", "2", "--json"])
    assert code == 0 and '"method": "G=2 sequence"' in out


@pytest.mark.parametrize(
    ("args", "says", "not_says"),
    [
        (["count", "100000", "100000", "--value", "20", "--rule", "misere"], "G = 20 in [0, 100000]", "sum"),
        (["count", "99999999", "99999999", "--value", "3", "--rule", "wythoff:2"], "G = 3 in [0, 99999999]", "sum"),
        (["count", "90", "90", "--value", "1", "--rule", "custom:one=2 3;both=1;n=64"], "[0, 64)", "sum"),
        # a rule that answers hot and cold only: its cold cells are not "the cells of value 0" (the
        # soak, seed 7: the Queries tab counted the pass game's cold cells as G = 0)
        (["count", "30", "30", "--value", "0", "--rule", "pass"], "has no Grundy values", "sum"),
        (["count", "30", "30", "--value", "0", "--rule", "block:3"], "has no Grundy values", "sum"),
    ],
)
def test_a_refusal_names_the_question_asked(cli, args, says, not_says):  # noqa: F811
    code, out, err = cli(args)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert says in err and not_says not in err.lower()
