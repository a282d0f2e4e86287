"""The command line, the notebook and the window's inspector ask the one place that answers values
(explorer.core.value_source) and say the same G at the same cells, under Wythoff, Nim, misère,
Maharaja and GDWN, checked against oracles of their own: brute force near the origin, the closed
forms of Wythoff's rows 0-2 far along the axes, the cold pairs from ⌊kφ⌋ at 10^100, Nim's XOR.
No caller answers `>H` or refuses where another answers exactly."""

from __future__ import annotations

import contextlib
import re

import pytest

from explorer.core.exact.bigint import short_decimal
from explorer.core.rules.registry import parse_rule
from tests.core.test_value_source import GDWN, MAHARAJA, brute, cold_pair, row_value
from tests.oracles import Vectors
from tests.test_cli import cli  # noqa: F401  (the fixture)

WYTHOFF = Vectors([(1, 0), (0, 1), (1, 1)])
NIM = Vectors([(1, 0), (0, 1)])
A, B = cold_pair(10**100)

# (rule, oracle moves for brute force near the origin, far cells with an oracle's value)
CASES = [
    ("wythoff", WYTHOFF, {(2, 10**30 + 1): row_value(2, 10**30 + 1), (10**6, 1): row_value(1, 10**6), (A, B): 0}),
    ("nim", NIM, {(10**30, 7): 10**30 ^ 7, (A, B): A ^ B}),
    ("misere", WYTHOFF, {(1, 10**30 + 2): row_value(1, 10**30 + 2)}),  # G of the moves under normal play
    ("maharaja", MAHARAJA, {}),
    ("gdwn:1,2", GDWN, {}),
]
NEAR = [(0, 0), (3, 5), (5, 7), (9, 14), (13, 2)]


def _window_g(qtbot, window, x: int, y: int) -> str:
    """The inspector's G of (x, y), whatever it says: the number on the line that names (x, y), or
    the text."""
    window.select_position(x, y)
    label = window.inspector.values
    where = re.escape(f"G({short_decimal(x, 24)}, {short_decimal(y, 24)}) = ")
    qtbot.waitUntil(lambda: "G" in label.text() and "working it out" not in label.text(), timeout=60_000)
    qtbot.waitUntil(lambda: not window.values.busy, timeout=60_000)
    with contextlib.suppress(qtbot.TimeoutError):  # else the text is the answer (the caller's assertion says it)
        qtbot.waitUntil(lambda: re.search(where, label.text()) is not None, timeout=10_000)
    text = re.sub(r"<[^>]+>", "", label.text())
    found = re.search(where + r"([0-9…]+(?: \(\d+ digits\))?)", text)
    return found.group(1) if found else text


@pytest.mark.parametrize(("key", "moves", "far"), CASES, ids=[c[0] for c in CASES])
def test_every_caller_says_the_same_g(qtbot, window, cli, key, moves, far):  # noqa: F811
    rule = parse_rule(key)
    g = brute(moves, 16)
    cells = {c: g[c[0]][c[1]] for c in NEAR} | far
    window.set_rule(key)
    # A rule that takes time is made on a worker: until it is in effect the inspector answers for the
    # rule before (Wythoff), and a loaded CI run read Wythoff's G(3, 5) = 0 where gdwn:1,2's is 4.
    qtbot.waitUntil(lambda: window.session.rule.key == rule.key, timeout=60_000)
    for (x, y), want in cells.items():
        code, out, err = cli(["grundy", "1", "1", "--origin", str(x), str(y), "--rule", key])
        assert code == 0, err
        assert out.strip() == str(want)
        assert rule.grundy(x, y) == want
        assert _window_g(qtbot, window, x, y) == short_decimal(want, 40)


def test_the_inspector_says_g_far_out_in_hot_cold_mode_too(qtbot, window):
    """(100000, 161803) in hot/cold mode: G = 4 there as in Grundy mode and the Sums panel (it said
    'not computed: the window computes G and R on a corner of at most [0, 4096)²')."""
    from explorer.core.value_source import COMMAND, ValueCache

    want = ValueCache(parse_rule("wythoff"), limits=COMMAND).answer(100000, 161803).value
    assert window.session.mode != "grundy"
    assert _window_g(qtbot, window, 100000, 161803) == short_decimal(want, 40)


def test_no_panel_refuses_or_bounds_what_another_answers_exactly(qtbot, window):
    """G(9, 5000) and G(30000, 1): Wythoff's certified rows answer them, and so must the Sums panel
    (it said "G(…, 9) is at least 1024: finding it exactly needs values 0–2047"), the Rows tab and
    the inspector. The oracle is Wythoff's own G sweep on the strip (a second formula)."""
    from explorer.core.grundy.kernel import grundy_window

    strip = grundy_window(0, 0, 10, 30001)
    cells = {(9, 5000): int(strip[9, 5000]), (30000, 1): int(strip[1, 30000])}
    window.panels.build("sums")  # built as showing its tab would
    panel = window.sums_panel
    for (x, y), want in cells.items():
        assert _window_g(qtbot, window, x, y) == str(want)
        window.show_panel("sums")
        panel.heaps.setText("1")
        panel.evaluate()
        qtbot.waitUntil(lambda: "=" in panel.result.text() and not window.sums.busy, timeout=60_000)
        text = re.sub(r"<[^>]+>", "", panel.result.text())
        assert f"= {want} ⊕ 1 = {want ^ 1}" in text, text
        assert "at least" not in text and "not listed" not in text
        window.values.solve_rows()
        qtbot.waitUntil(lambda: window.values.cache.rows is not None and not window.values.busy, timeout=60_000)
        shown, error = window.values.row_value(x, y)
        assert not error and f"<b>{want}</b>" in shown
