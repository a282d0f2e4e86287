"""Move-vector rules in the window (issue 29): chosen from the list or the Vectors… dialog, drawn,
inspected, counted and grown as far as the person looks, against brute force by the definition."""

from __future__ import annotations

import re

import numpy as np
import pytest
from PySide6.QtWidgets import QComboBox, QDialogButtonBox, QLabel, QListWidget, QPushButton

from explorer.gui.panels.rule_dialog import VectorRuleDialog
from tests.gui.helpers import colour_at, is_cold_colour, is_hot_colour
from tests.gui.test_query_panel import ask
from tests.oracles import Vectors, values_by_definition, vector_cold_square

GAMES = {
    "maharaja": Vectors([(1, 0), (1, 1)], [(1, 2)]),
    "gdwn:1,2": Vectors([(1, 0), (1, 1), (1, 2)]),
}


def choose(qtbot, window, key):  # type: ignore[no-untyped-def]
    combo = window.findChild(QComboBox, "ruleSelector")
    index = combo.findData(key)
    assert index >= 0, key
    combo.setCurrentIndex(index)
    combo.activated.emit(index)  # as a person choosing the entry
    qtbot.waitUntil(lambda: window.session.rule.key == key and not window.busy, timeout=60_000)
    window.grid.render_now()


def test_the_list_names_each_preset_and_says_what_it_is(qtbot, window):
    combo = window.findChild(QComboBox, "ruleSelector")
    for key in ("maharaja", "maharaja:2,3", "gdwn:1,2", "gdwn:1,3"):
        i = combo.findData(key)
        assert i >= 0 and combo.itemText(i) and combo.itemData(i, 3), key  # a label and a tooltip
    assert combo.findData("ask:vectors") >= 0


@pytest.mark.parametrize("key", list(GAMES))
def test_grid_inspector_values_and_queries_follow_the_definition(qtbot, window, key):
    choose(qtbot, window, key)
    cold = vector_cold_square(60, GAMES[key])
    window.grid.set_view(0, 0, 30, 20)
    window.grid.render_now()
    for x in range(14):
        for y in range(10):
            c = colour_at(window.grid, x, y)
            assert is_cold_colour(c) if cold[x][y] else is_hot_colour(c), (key, x, y)
    g, _, rem = values_by_definition(40, 40, GAMES[key], None, 1)
    window.select_position(9, 13)
    qtbot.waitUntil(lambda: window.session.report is not None and not window.busy, timeout=60_000)
    moves = window.findChild(QListWidget, "winningMoves")
    got = [moves.item(i).text().rsplit("→", 1)[1].strip() for i in range(moves.count())]
    want = [f"({a}, {b})" for a, b in GAMES[key].moves(9, 13) if cold[a][b]]
    assert sorted(got) == sorted(want) or (not want and moves.count() == 1)  # listed fastest first
    values = window.findChild(QLabel, "positionValues").text()
    assert f"G(9, 13) = {g[9][13]}" in values  # computed in the default colour mode (issue 28)
    m = re.search(r"(Wins|Loses) in (\d+) moves?", values)
    assert m is not None and int(m.group(2)) == rem[9][13]
    text = ask(qtbot, window, "3", "", "50", "57")
    want_count = sum(cold[x][y] for x in range(3, 51) for y in range(0, 58))
    assert f"<b>{want_count}</b> cold cells" in text


def test_the_vectors_dialog_refuses_junk_and_makes_the_rule(qtbot, window):
    dialog = VectorRuleDialog(window)
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    for rays, jumps, message in (
        ("2,2", "", "gcd"),
        ("1,0 0,0", "", "not both 0"),
        ("x", "", "not a vector"),
        ("", "", "at least one"),
        ("1,0", "1,2,3", "not a vector"),
        ("1,0 1,1", "2,3;rays=1,1", "separated by spaces"),  # ';' once changed the rays without a word
        ("1,0;jumps=2,1", "", "separated by spaces"),
    ):
        dialog.rays.setText(rays)
        dialog.jumps.setText(jumps)
        assert not ok.isEnabled() and message in dialog.error.text(), (rays, jumps)
    dialog.rays.setText("1,0 1,1")
    dialog.jumps.setText("2,1")
    assert ok.isEnabled() and dialog.error.text() == ""
    text = dialog.rule_text
    window.dialogs.vector_rule = lambda: text  # the person presses OK
    window.asks.ask_rule("vectors")
    qtbot.waitUntil(lambda: window.session.rule.key == "maharaja" and not window.busy, timeout=60_000)
    window.dialogs.vector_rule = lambda: None  # ...and next time cancels
    window.asks.ask_rule("vectors")
    assert window.session.rule.key == "maharaja"
    assert window.rule_bar.rules.currentData() == "maharaja"


def test_cancelling_a_growth_keeps_what_it_solved_and_the_window_working(qtbot, window):
    choose(qtbot, window, "gdwn:1,3")
    rule = window.session.rule
    window.growth.request(window.growth.limit(rule) - 1)
    assert window.growth.busy
    window.findChild(QPushButton, "growthCancel").click()
    qtbot.waitUntil(lambda: not window.growth.busy, timeout=60_000)
    assert rule.bound < window.growth.limit(rule)
    label = window.findChild(QLabel, "growthLabel").text()
    assert "Solving" not in label and f"{rule.bound:,}" in label  # "working" cleared by the cancel
    window.select_position(5, 7)
    qtbot.waitUntil(lambda: window.session.report is not None, timeout=10_000)


def test_the_structure_tab_shows_the_beams_and_exports_every_pair(qtbot, window, tmp_path):
    choose(qtbot, window, "gdwn:1,2")
    window.show_panel("structure")
    qtbot.waitUntil(lambda: window.structure.current is not None and not window.busy, timeout=60_000)
    s = window.structure.current
    status = window.findChild(QLabel, "structureStatus").text()
    assert f"{s.size:,}" in status and "GDWN" in status
    xs, ys = window.session.rule.cold_pairs(0, 100)
    assert s.xs[:100].tolist() == list(xs) and s.ys[:100].tolist() == list(ys)
    ratio = s.ratio[s.xs > 10_000]
    phi = (1 + 5**0.5) / 2
    assert not np.any(np.abs(ratio - phi) < 0.1)  # the empty sector between the beams, around φ
    path = tmp_path / "structure.csv"
    window.structure.ask_path = lambda: str(path)
    window.findChild(QPushButton, "structureExport").click()
    qtbot.waitUntil(lambda: not window.structure.busy, timeout=60_000)  # written on a worker
    from explorer.gui.controllers.structure import EXPORT_ROWS

    lines = path.read_text().splitlines()
    assert len(lines) == min(s.size, EXPORT_ROWS) + 1 and lines[1].startswith("0,0,0,")
    assert f"Wrote {len(lines) - 1:,} pairs" in window.findChild(QLabel, "structureStatus").text()
    window.structure.ask_path = lambda: str(tmp_path / "no such dir" / "x.csv")
    window.findChild(QPushButton, "structureExport").click()
    qtbot.waitUntil(lambda: not window.structure.busy, timeout=60_000)  # written on a worker
    assert "Could not write" in window.findChild(QLabel, "structureStatus").text()
    window.set_rule("custom:one=2 3;both=none;a=1;n=16")
    qtbot.waitUntil(lambda: window.session.rule.bound == 16 and not window.busy, timeout=60_000)
    assert "no sequence of cold pairs" in window.findChild(QLabel, "structureStatus").text()
