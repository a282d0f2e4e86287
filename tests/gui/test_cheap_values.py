"""Issue 28 item 2: selecting (5, 7) in the default colour mode said "G(5, 7): not computed";
an 8×8 table takes microseconds. The inspector now works out G and R of any position whose
covering corner is cheap, whatever the colour mode, and says what a costly one would take."""

from __future__ import annotations

import re

import pytest

from explorer.core.value_source import INSPECT_SIDE
from explorer.session.model import HOT_COLD
from tests.oracles import values_by_definition


def _values_text(board) -> str:
    """What the inspector was last told about G and R."""
    call = board.inspector.set_values.call_args
    return "" if call is None else str(call.args[0])


def _settled(qtbot, board, a, b):  # type: ignore[no-untyped-def]
    board.select_position(a, b)
    qtbot.waitUntil(
        lambda: board.session.report is not None and not board.busy and "working" not in _values_text(board),
        timeout=60_000,
    )
    return _values_text(board)


@pytest.mark.parametrize(
    ("key", "one", "both", "diff", "misere"),
    [("wythoff", "any", "any", 1, False), ("wythoff:3", "any", "any", 3, False), ("misere", "any", "any", 1, True)],
)
def test_g_and_r_of_a_small_position_in_the_default_mode(qtbot, board, key, one, both, diff, misere):
    if key != "wythoff":
        board.rules.request(key)
        qtbot.waitUntil(lambda: board.session.rule.key == key, timeout=30_000)
    assert board.session.mode == HOT_COLD
    g, cold, rem = values_by_definition(40, 40, one, both, diff, misere=misere)
    for a, b in ((5, 7), (3, 5), (0, 0), (17, 30)):
        text = _settled(qtbot, board, a, b)
        assert "not computed" not in text, text
        m = re.search(rf"G\({a}, {b}\) = (\d+)", text)
        assert m is not None and int(m.group(1)) == g[a][b], text
        if rem[a][b] == 0:
            assert "No move is left" in text
        else:
            m = re.search(r"(Wins|Loses) in (\d+) moves?", text)
            assert m is not None and int(m.group(2)) == rem[a][b], text
            assert (m.group(1) == "Loses") == cold[a][b]
    assert board.values.cache.side <= INSPECT_SIDE  # only what was cheap


def test_a_costly_position_says_what_it_would_take(qtbot, board):
    text = _settled(qtbot, board, 3000, 5)
    assert "G(3000, 5) = " in text  # the one place answers it in every colour mode (issue 47)
    assert "not computed" in text and "[0, 4096)²" in text and "MiB" in text  # R needs the corner
    assert board.values.cache.side <= INSPECT_SIDE  # nothing large was started unasked
    text = _settled(qtbot, board, 10**30 + 1, 10**30 + 7)
    assert "not known here" in text and "corner" in text
